"""Khârn-Âges: the rule pages' precomputed odds table (success of an action against a threshold).

Readers without JavaScript get it as a plain table; the odds come from `calculs_jets.loi_seuil`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...bundle import table_probas
from ...odds import fraction_texte, pourcentage
from .calculs_jets import EC_TIREUR, Camp, loi_seuil

# Threshold − (characteristics + bonus): at 2 or less only an EC fails; at 10 or more only a 10 succeeds.
ECARTS_TABLE = range(2, 11)
CHIFFRES_ROMAINS = {1: "I", 2: "II", 3: "III"}


def _cellule(value: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_texte(value), "valeur": float(value), "texte": pourcentage(value)}


def _entete_ecart(ecart: int) -> str:
    if ecart == ECARTS_TABLE[0]:
        return f"{ecart} ou moins"
    return f"{ecart} ou plus" if ecart == ECARTS_TABLE[-1] else str(ecart)


def _colonnes() -> list[tuple[str, Camp]]:
    """(heading, roll with characteristics + bonus = 0) of each column of the static table."""
    colonnes = [(f"Niveau {CHIFFRES_ROMAINS[n]}", Camp(des=n, base=0)) for n in (1, 2, 3)]
    colonnes.append(("Niveau III + maîtrise", Camp(des=3, base=0, maitrise=True)))
    colonnes += [(f"Tireur niveau {CHIFFRES_ROMAINS[n]}", Camp(des=n, base=0, ec=EC_TIREUR)) for n in (1, 2, 3)]
    return colonnes


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """Precomputed P(success) of an action against a threshold (see `odds.tables_statiques`)."""
    colonnes = _colonnes()
    return [table_probas(donnees_jeu, "table-reussite-d-une-action", "seuil", [nom for nom, _ in colonnes],
                         [{"entete": _entete_ecart(ecart),
                           "cellules": [_cellule(loi_seuil(camp, ecart).reussite()) for _, camp in colonnes]}
                          for ecart in ECARTS_TABLE])]
