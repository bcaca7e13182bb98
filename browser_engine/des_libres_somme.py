"""« Dés libres »: the exact sum of many dice, fast enough for a thousand of them.

Adding dice one at a time costs, for n dice of r values, about n² × r² operations on ever longer
integers (1000d6: 10 s of CPython). Here the n identical dice of one kind are raised at once, with
J. C. P. Miller's recurrence for the power of a polynomial: the law of one die is the polynomial
P(x) = Σ p_j x^j (p_j the weight of its j-th value from the lowest, p_0 > 0), and the coefficients
of A = P^n follow from A·P' = n·A'·P:

    a_0 = p_0^n,    a_k = Σ_{j=1..min(k, m)} ((n + 1)·j − k) · p_j · a_{k−j} / (k · p_0)

each division exact. That is n × r values times the die's nonzero weights: 1000d6 in a few hundredths
of a second. The kinds are then multiplied together (a convolution of their laws).
"""
from __future__ import annotations

from typing import Any

import icepool

Loi = tuple[int, list[int]]  # the lowest value, then the weight of each value from it upward (zeros kept)


def loi_entiere(de: Any) -> Loi:
    """A die's law as its lowest value and the weights of every value up to its highest."""
    valeurs = [(int(v), int(q)) for v, q in de.items() if q]
    bas = min(v for v, _ in valeurs)
    poids = [0] * (max(v for v, _ in valeurs) - bas + 1)
    for v, q in valeurs:
        poids[v - bas] += q
    return bas, poids


def puissance(loi: Loi, n: int) -> Loi:
    """The law of the sum of `n` dice of law `loi` (Miller's recurrence, exact in integers)."""
    bas, p = loi
    m = len(p) - 1
    termes = [(j, q) for j, q in enumerate(p) if j and q]
    a = [p[0] ** n]
    for k in range(1, n * m + 1):
        total = 0
        for j, q in termes:
            if j > k:
                break
            total += ((n + 1) * j - k) * q * a[k - j]
        a.append(total // (k * p[0]))
    return bas * n, a


def convoluer(x: Loi, y: Loi) -> Loi:
    """The law of the sum of two independent values of laws `x` and `y`."""
    (bas_x, px), (bas_y, py) = x, y
    out = [0] * (len(px) + len(py) - 1)
    termes = [(j, q) for j, q in enumerate(py) if q]
    for i, q in enumerate(px):
        if q:
            for j, r in termes:
                out[i + j] += q * r
    return bas_x + bas_y, out


def somme(groupes: list[tuple[Any, int]]) -> Any:
    """The icepool die of the sum of `nombre` dice of each (die, nombre) of `groupes`."""
    total: Loi | None = None
    for de, nombre in groupes:
        loi = puissance(loi_entiere(de), nombre)
        total = loi if total is None else convoluer(total, loi)
    assert total is not None
    bas, poids = total
    return icepool.Die({bas + k: q for k, q in enumerate(poids) if q})


def cout_somme(groupes: list[tuple[int, int, int, int]]) -> int:
    """Estimated work of `somme`, in units of about 0.25 µs of CPython.

    Each term of Miller's recurrence is one product of a small and a long integer (measured at about
    1 µs for 1000d6, whose weights have 2,600 bits); each term of the convolution of two kinds is a
    product of two long integers, counted one more unit per 2,000 bits.

    Args:
        groupes: for each distinct law, (dice, values of its range, values it may show, bits of its
            total weight).

    """
    travail = 0
    taille = 1
    bits = 0
    for nombre, etendue, nonnuls, bits_de in groupes:
        valeurs = nombre * (etendue - 1) + 1
        bits_puissance = nombre * bits_de
        travail += valeurs * nonnuls * 4 * (1 + bits_puissance // 20_000)
        bits += bits_puissance
        if taille > 1:
            travail += taille * valeurs * 4 * (1 + bits // 2_000)
        taille += valeurs - 1
    return travail


def _tronque(a: dict[int, int], b: dict[int, int], descendant: bool) -> bool:
    """Whether die `a` is die `b` cut at one end (d4 is d6 below 5): its values and their proportions."""
    if len(a) > len(b):
        a, b = b, a
    bord = max(a) if descendant else min(a)
    garde = [v for v in b if (v <= bord if descendant else v >= bord)]
    if sorted(garde) != sorted(a):
        return False
    va = next(iter(a))
    return all(a[v] * b[va] == b[v] * a[va] for v in a)


def etapes_garder(groupes: list[tuple[dict[int, int], int]]) -> int:
    """Steps of icepool's keep-highest or keep-lowest evaluation: over each value, the splits of the dice.

    At each value popped, the dice split in every way among the distinct laws (Π (dice + 1)). When
    every die is one die cut at the same end (d4 to d20, or 1..4 and 1..9), icepool pops from that
    end and merges the dice as they become equal: at each value, only the laws reached so far count,
    and they count as one. Otherwise every law counts at every value (measured on kinds that are not
    dN: bench/bench_des_libres.py).

    Args:
        groupes: each distinct law as {value: weight}, with its number of dice.

    """
    valeurs = sorted({v for loi, _ in groupes for v in loi})
    for descendant in (True, False):
        paires = [(a, b) for i, (a, _) in enumerate(groupes) for b, _ in groupes[i + 1:]]
        if len(groupes) > 1 and all(_tronque(a, b, descendant) for a, b in paires):
            total = 0
            for v in valeurs:
                atteints = [n for loi, n in groupes if (max(loi) >= v if descendant else min(loi) <= v)]
                total += sum(atteints) + 1  # the laws reached are one die by then
            return total
    produit = 1
    for _, n in groupes:
        produit *= n + 1
    return len(valeurs) * produit
