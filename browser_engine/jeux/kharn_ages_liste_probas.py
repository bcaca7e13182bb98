"""Khârn-Âges: the odds of a list's entries against reference targets (not computed yet).

The adapter says what is missing; `browser_engine.probas_liste` draws it as the view's message.
"""
from __future__ import annotations

from typing import Any

from ..probas_liste import Matrice, non_calculable

MANQUANT = (
    "Les probabilités de liste de Khârn-Âges ne sont pas encore calculées : les "
    "caractéristiques des profils ne sont pas dans le livre (donnée marquée « manquant », à "
    "recopier de vos cartes dans le catalogue), et le lien entre un profil et les paramètres du "
    "calcul d'opposition reste à écrire. Utilisez la page « Probabilités » de Khârn-Âges en y "
    "reportant les valeurs de vos cartes."
)


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Nothing computed yet: the reason, in the player's words."""
    return non_calculable([MANQUANT])
