"""Tamashii: exact odds, from the dice faces the player supplies (they are missing from the book's text)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

CALCULS: dict[str, Callable[..., Any]] = {}
TYPES_PARAMETRES: dict[str, Callable[[dict[str, Any], Any], Any]] = {}


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """Precomputed odds tables: none, since every die layout is supplied by the player."""
    return []
