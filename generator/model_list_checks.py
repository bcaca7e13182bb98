"""`make check` for a game's list model (`modele_liste`): the engine's static check, located in the file.

`browser_engine/modele_verif.py` says what is wrong (an unknown measure in a bound, an unknown
category…); this places each problem on its node, as `file:line:col JSONPath: message`.
"""
from __future__ import annotations

from typing import Any

from browser_engine.modele_liste import CLE
from browser_engine.modele_verif import problemes

from .load import DataFile
from .problems import Problem


def game_problems(files: list[DataFile], data: dict[str, Any]) -> list[Problem]:
    """Problems of the game's list model, each on the node it is about."""
    holder = next((f for f in files if isinstance(f.value, dict) and CLE in f.value), None)
    if holder is None:
        return []
    return [holder.problem(parts, message) for parts, message in problemes(data)]
