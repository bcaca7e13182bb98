"""HAMI: the odds of a list's entries against reference targets (not computed yet).

The adapter says what is missing; `browser_engine.probas_liste` draws it as the view's message.
"""
from __future__ import annotations

from typing import Any

from ..probas_liste import Matrice, non_calculable

MANQUANT = (
    "Les probabilités de liste de HAMI ne sont pas encore calculées : l'attaque d'une créature "
    "se joue avec votre paquet de cartes, dont la composition n'est pas dans le livre (donnée "
    "marquée « manquant »), et le lien entre les profils de la liste et les défenses des castes "
    "reste à écrire. Utilisez la page « Probabilités » de HAMI en y saisissant votre paquet."
)


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Nothing computed yet: the reason, in the player's words."""
    return non_calculable([MANQUANT])
