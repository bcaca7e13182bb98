"""Hate: the odds of a list's entries against reference targets (not computed yet).

The adapter says what is missing; `browser_engine.probas_liste` draws it as the view's message.
"""
from __future__ import annotations

from typing import Any

from ..probas_liste import Matrice, non_calculable

MANQUANT = (
    "Les probabilités de liste de Hate ne peuvent pas être calculées : les faces des dés de "
    "Hate ne sont pas dans le livre (donnée marquée « manquant »), et cette vue ne lit pas "
    "encore les faces que vous saisissez. La page « Probabilités » de Hate calcule un combat "
    "une fois les faces saisies."
)


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Nothing computed yet: the reason, in the player's words."""
    return non_calculable([MANQUANT])
