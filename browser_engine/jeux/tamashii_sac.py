"""Tamashii launcher fill: which Data tokens reach the empty highlighted cells (l. 842-844, 516).

Tokens are drawn one at a time from the bag; when the bag is empty, the whole dump is poured
in and the drawing goes on (the bag's golden rule). The positions (top to bottom, left to
right) and the launcher's shape are not modelled: the result says whether the tokens a
Schema needs are among those drawn, a necessary condition for the Schema, not a sufficient one.
"""
from __future__ import annotations

import math
from collections.abc import Iterator

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


def hypergeometrique(stock: tuple[int, ...], n: int) -> tuple[dict[Tirage, int], int]:
    """Counts per kind of n tokens drawn without replacement (n at most the stock).

    Returns:
        The number of ways of each count vector, and the number of ways in all (C(stock, n)).

    """
    combs = [[math.comb(s, k) for k in range(s + 1)] for s in stock]
    out: dict[Tirage, int] = {}
    for tirage in _compositions(stock, n):
        ways = 1
        for table, k in zip(combs, tirage, strict=True):
            ways *= table[k]
        out[tirage] = ways
    return out, math.comb(sum(stock), n)


def remplissage(sac: tuple[int, ...], vidage: tuple[int, ...], cases: int) -> tuple[dict[Tirage, int], int]:
    """Counts per kind of the tokens placed in `cases` empty cells, as ways out of a total.

    The bag is drawn first; if it runs dry, the dump refills it (golden rule) and the drawing
    goes on; with both exhausted, the remaining cells stay empty.
    """
    if cases <= sum(sac):
        return hypergeometrique(sac, cases)
    encore = min(cases - sum(sac), sum(vidage))
    tirages, total = hypergeometrique(vidage, encore)
    return {tuple(s + k for s, k in zip(sac, tirage, strict=True)): w for tirage, w in tirages.items()}, total


def manque(tirage: Tirage, besoins: tuple[int, ...], ouvertes_requises: int) -> int:
    """Tokens a Schema still lacks: open tokens stand in for any basic type once the required ones are used."""
    ouvertes_libres = tirage[OUVERTES] - ouvertes_requises
    base = sum(max(0, b - t) for b, t in zip(besoins, tirage[:4], strict=True))
    if ouvertes_libres < 0:
        return -ouvertes_libres + base
    return max(0, base - ouvertes_libres)
