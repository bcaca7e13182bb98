"""Khârn-Âges odds: every declared calculation, and the rule pages' odds tables.

They are those of `calculs_jets` (action, opposed, armour and morale rolls), `calculs_degats` (a whole
attack and its damage) and `calculs_divers` (the other rolls).
"""
from __future__ import annotations

from .calculs_degats import CALCULS_DEGATS
from .calculs_divers import CALCULS_DIVERS
from .calculs_jets import CALCULS as CALCULS_JETS
from .calculs_tables import tables_statiques

CALCULS = CALCULS_JETS | CALCULS_DEGATS | CALCULS_DIVERS

__all__ = ["CALCULS", "tables_statiques"]
