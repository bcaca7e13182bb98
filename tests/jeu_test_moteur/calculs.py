"""INVENTED `calculs` part of the test game `jeu-test` (tests only): one calculation."""
from __future__ import annotations

from typing import Any

import icepool

from browser_engine.odds import ResultatCalcul


def de(parametres: dict[str, Any]) -> ResultatCalcul:
    """One die of `faces` faces."""
    return ResultatCalcul(icepool.d(parametres["faces"]))


CALCULS = {"de": de}


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """No static table."""
    return []
