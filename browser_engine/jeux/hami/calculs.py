"""HAMI odds: every declared calculation, and the rule pages' odds tables.

They are those of `calculs_tables` (solo tables, deck, initiative), of `calculs_cartes` (Combat cards)
and the generic draw (`pioche`).
"""
from __future__ import annotations

from ...pioche import CALCULS as CALCULS_PIOCHE
from .calculs_cartes import CALCULS as CALCULS_CARTES
from .calculs_tables import CALCULS as CALCULS_TABLES
from .calculs_tables import TYPES_PARAMETRES, tables_statiques

CALCULS = {**CALCULS_TABLES, **CALCULS_CARTES, **CALCULS_PIOCHE}

__all__ = ["CALCULS", "TYPES_PARAMETRES", "tables_statiques"]
