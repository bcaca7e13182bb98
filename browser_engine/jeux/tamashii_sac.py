"""Tamashii launcher fill: which Data tokens reach the empty highlighted cells (l. 842-844, 516).

Tokens are drawn one at a time from the bag; when the bag is empty, the whole dump is poured
in and the drawing goes on (the bag's golden rule). The positions (top to bottom, left to
right) and the launcher's shape are not modelled: the result says whether the tokens a
Schema needs are among those drawn, a necessary condition for the Schema, not a sufficient one.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction

# Kinds of token, in the order of the parameters: 4 basic types, open, corrupted.
SORTES = ("type_1", "type_2", "type_3", "type_4", "ouvertes", "corrompues")
OUVERTES = 4
CORROMPUES = 5
Tirage = tuple[int, ...]


def _compositions(stock: tuple[int, ...], n: int) -> Iterator[Tirage]:
    """Every way to take n tokens from a stock counted per kind."""
    if not stock:
        if n == 0:
            yield ()
        return
    reste = sum(stock[1:])
    for k in range(max(0, n - reste), min(stock[0], n) + 1):
        for suite in _compositions(stock[1:], n - k):
            yield (k, *suite)


def hypergeometrique(stock: tuple[int, ...], n: int) -> dict[Tirage, Fraction]:
    """Law of the counts per kind of n tokens drawn without replacement (n at most the stock)."""
    total = math.comb(sum(stock), n)
    out: dict[Tirage, Fraction] = {}
    for tirage in _compositions(stock, n):
        ways = math.prod(math.comb(s, k) for s, k in zip(stock, tirage, strict=True))
        out[tirage] = Fraction(ways, total)
    return out


def remplissage(sac: tuple[int, ...], vidage: tuple[int, ...], cases: int) -> dict[Tirage, Fraction]:
    """Counts per kind of the tokens placed in `cases` empty cells.

    The bag is drawn first; if it runs dry, the dump refills it (golden rule) and the drawing
    goes on; with both exhausted, the remaining cells stay empty.
    """
    if cases <= sum(sac):
        return hypergeometrique(sac, cases)
    encore = min(cases - sum(sac), sum(vidage))
    return {tuple(s + k for s, k in zip(sac, tirage, strict=True)): p
            for tirage, p in hypergeometrique(vidage, encore).items()}


def manque(tirage: Tirage, besoins: tuple[int, ...], ouvertes_requises: int) -> int:
    """Tokens a Schema still lacks: open tokens stand in for any basic type once the required ones are used."""
    ouvertes_libres = tirage[OUVERTES] - ouvertes_requises
    base = sum(max(0, b - t) for b, t in zip(besoins, tirage[:4], strict=True))
    if ouvertes_libres < 0:
        return -ouvertes_libres + base
    return max(0, base - ouvertes_libres)
