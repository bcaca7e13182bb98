"""Tamashii launcher fill: which Data tokens reach the empty highlighted cells (l. 842-844, 516).

Tokens are drawn one at a time from the bag; when the bag is empty, the whole dump is poured
in and the drawing goes on (the bag's golden rule). The positions (top to bottom, left to
right) and the launcher's shape are not modelled: the result says whether the tokens a
Schema needs are among those drawn, a necessary condition for the Schema, not a sufficient one.

The counts are exact integers (ways out of C(stock, n)). Rather than listing every count
vector, a dynamic programme runs over the kinds of token and keeps only what the Schema
looks at: tokens drawn so far and tokens still lacking; the heaviest case (20 cells, 32
tokens of each kind) drops from about 0.9 s to a few tens of milliseconds.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Remplissage:
    """What a fill gives a Schema, as numbers of ways out of `total`."""

    manque: dict[int, int]       # tokens still lacking (open tokens used as wildcards) -> ways
    sans_ouvertes: int           # ways where the basic types alone are all there
    au_moins: tuple[int, ...]    # per basic type, ways with at least the needed count
    corrompu: int                # ways with at least one corrupted token
    total: int


def remplissage(sac: tuple[int, ...], vidage: tuple[int, ...], cases: int,
                besoins: tuple[int, ...], ouvertes_requises: int) -> Remplissage:
    """The fill of `cases` empty cells and what it leaves a Schema lacking.

    The bag is drawn first; if it runs dry, the dump refills it (golden rule) and the drawing
    goes on; with both exhausted, the remaining cells stay empty.

    Args:
        sac: tokens in the bag, per kind (SORTES order).
        vidage: tokens in the dump, per kind.
        cases: empty highlighted cells to fill.
        besoins: tokens of each basic type the Schema needs.
        ouvertes_requises: open tokens the Schema needs as such.

    """
    if cases <= sum(sac):
        deja, stock, n = (0,) * len(SORTES), sac, cases
    else:
        deja, stock, n = sac, vidage, min(cases - sum(sac), sum(vidage))
    base = _base(deja, stock, n, besoins)
    return Remplissage(
        manque=_manque(base, deja, stock, n, ouvertes_requises),
        sans_ouvertes=sum(w * math.comb(stock[OUVERTES] + stock[CORROMPUES], n - tires)
                          for (tires, lacune), w in base.items() if lacune == 0),
        au_moins=tuple(_au_moins(stock, n, i, b - deja[i]) for i, b in enumerate(besoins)),
        corrompu=math.comb(sum(stock), n) - (0 if deja[CORROMPUES] else math.comb(sum(stock) - stock[CORROMPUES], n)),
        total=math.comb(sum(stock), n))


def _base(deja: Tirage, stock: Tirage, n: int, besoins: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """Ways of drawing the 4 basic types, keyed by (tokens drawn, basic tokens still lacking)."""
    etats = {(0, 0): 1}
    for i, besoin in enumerate(besoins):
        suite: dict[tuple[int, int], int] = {}
        for (tires, lacune), w in etats.items():
            for k in range(min(stock[i], n - tires) + 1):
                cle = (tires + k, lacune + max(0, besoin - deja[i] - k))
                suite[cle] = suite.get(cle, 0) + w * math.comb(stock[i], k)
        etats = suite
    return etats


def _manque(base: dict[tuple[int, int], int], deja: Tirage, stock: Tirage, n: int, requises: int) -> dict[int, int]:
    """Ways per number of tokens lacking, open tokens standing in for basic ones once the required are used."""
    out: dict[int, int] = {}
    for (tires, lacune), w in base.items():
        for k in range(min(stock[OUVERTES], n - tires) + 1):
            reste = n - tires - k
            if reste > stock[CORROMPUES]:
                continue
            libres = deja[OUVERTES] + k - requises
            m = lacune - libres if libres < 0 else max(0, lacune - libres)
            ways = w * math.comb(stock[OUVERTES], k) * math.comb(stock[CORROMPUES], reste)
            out[m] = out.get(m, 0) + ways
    return out


def _au_moins(stock: Tirage, n: int, i: int, besoin: int) -> int:
    """Ways of drawing at least `besoin` tokens of kind i (a univariate hypergeometric tail)."""
    autres = sum(stock) - stock[i]
    return sum(math.comb(stock[i], k) * math.comb(autres, n - k)
               for k in range(max(0, besoin), min(stock[i], n) + 1))
