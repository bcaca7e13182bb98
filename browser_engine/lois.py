"""Exact laws written for people: fractions, French percentages, table faces, a die's outcomes.

The small helpers every odds module shares (`odds`, « Dés libres », calculators declared as data, the
games' calculators); they import nothing of the engine but its errors, so any stage can use them.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .errors import ErreurDonnees

__all__ = ["faces", "fraction_texte", "loi_en_lignes", "pourcentage"]


def fraction_texte(value: Fraction) -> str:
    """A fraction written `p/q` (always with a denominator, `1/1` included)."""
    return f"{value.numerator}/{value.denominator}"


def pourcentage(value: Fraction, decimales: int = 1) -> str:
    """A probability as a French percentage (`31,3 %`)."""
    return f"{float(value) * 100:.{decimales}f}".replace(".", ",") + "\u00a0%"


def faces(jet: Any) -> list[int]:
    """Faces of a table row's `jet` cell: `"1-3"` -> [1, 2, 3], `"6"` or 6 -> [6].

    Raises:
        ErreurDonnees: the cell is not a face or a range.

    """
    texte = str(jet).strip()
    try:
        if "-" in texte:
            bas, haut = (int(x) for x in texte.split("-", 1))
            return list(range(bas, haut + 1))
        return [int(texte)]
    except ValueError:
        raise ErreurDonnees(f"Données du jeu invalides : jet « {texte} » illisible dans une table de dés.") from None


def loi_en_lignes(loi: Any) -> list[tuple[Any, Fraction]]:
    """Outcomes of an icepool die with their exact probabilities, zero ones left out."""
    denominator = loi.denominator()
    return [(outcome, Fraction(quantity, denominator)) for outcome, quantity in sorted(loi.items())
            if quantity]
