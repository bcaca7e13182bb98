"""Tamashii dice math on faces the player supplies: tests, trace roll, attack roll, enemy dice.

A die is a list of faces, each `{symbole: nombre}` (the generic `des` parameter type). The
book gives no face (they are icons), so nothing here assumes one. Every law is an exact
`dict[int, Fraction]`; rerolls follow the policies written in `data/tamashii/calculs.yaml`:

* one batch of rerolls per roll (l. 559), one die per Relance spent (l. 553);
* a test: each participant, in turn order (l. 1256), rerolls the lowest of their own dice
  (l. 1258), as many as maximise the group's chance of success given the successes already
  rolled; fewest Relances on equal chances;
* the trace roll: the dice showing the most enemies are rerolled while a new roll promises
  fewer on average (fewest enemies expected);
* the attack roll: the rerolls that maximise the chance of paying the fixed frame, then the
  expected dice left for the "X" frame; fewest Relances, blank dice first, on equal values.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

Face = dict[str, int]
Loi = dict[int, Fraction]


# --- one die and several dice ------------------------------------------------------------------

def loi_face(faces: list[Face], valeur: Callable[[Face], int]) -> Loi:
    """Law of `valeur(face)` for one roll (faces equally likely)."""
    out: Loi = {}
    for face in faces:
        v = valeur(face)
        out[v] = out.get(v, Fraction(0)) + Fraction(1, len(faces))
    return out


def jets(loi: Loi, n: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every roll of `n` dice of law `loi`, as a sorted tuple of values, with its probability."""
    for combo in combinations_with_replacement(sorted(loi), n):
        counts = Counter(combo)
        ways = math.factorial(n)
        p = Fraction(1)
        for v, k in counts.items():
            ways //= math.factorial(k)
            p *= loi[v] ** k
        yield combo, ways * p


def somme(loi: Loi, n: int) -> Loi:
    """Law of the sum of `n` dice of law `loi`."""
    out: Loi = {0: Fraction(1)}
    for _ in range(n):
        nxt: Loi = {}
        for s, ps in out.items():
            for v, pv in loi.items():
                nxt[s + v] = nxt.get(s + v, Fraction(0)) + ps * pv
        out = nxt
    return out


def ajouter(cible: Loi, valeur: int, p: Fraction) -> None:
    """Add probability `p` to `valeur` in a law being built."""
    if p:
        cible[valeur] = cible.get(valeur, Fraction(0)) + p


# --- tests (l. 1248-1262) ----------------------------------------------------------------------

def _cles_de_jet(loi: Loi, des: int, relances: int) -> dict[tuple[int, ...], Fraction]:
    """A participant's rolls grouped by what matters: the kept sum when rerolling their m lowest dice.

    Key item m (0 to min(relances, des)) is the sum of the des - m highest dice.
    """
    out: dict[tuple[int, ...], Fraction] = {}
    for jet, p in jets(loi, des):
        cle = tuple(sum(jet[m:]) for m in range(min(relances, des) + 1))
        out[cle] = out.get(cle, Fraction(0)) + p
    return out


class _Etape:
    """One participant of a test: their rolls, reroll laws and the best number of dice to reroll."""

    def __init__(self, loi: Loi, des: int, relances: int, besoin: int, suite: list[Fraction]) -> None:
        self.cles = _cles_de_jet(loi, des, relances)
        self.sommes = [somme(loi, m) for m in range(min(relances, des) + 1)]
        self.besoin = besoin
        # gain[m][t]: chance of success when t successes are kept and m dice are rerolled
        self.gain = [[sum((px * suite[min(t + x, besoin)] for x, px in loi_m.items()), Fraction(0))
                      for t in range(besoin + 1)] for loi_m in self.sommes]

    def choix(self, cle: tuple[int, ...], deja: int) -> int:
        """Dice to reroll (the lowest ones): best chance, the fewest on equal chances."""
        best, best_value = 0, Fraction(-1)
        for m, garde in enumerate(cle):
            value = self.gain[m][min(deja + garde, self.besoin)]
            if value > best_value:
                best, best_value = m, value
        return best

    def valeurs(self) -> list[Fraction]:
        """Chance of success of the group from each number of successes already rolled (capped)."""
        out = []
        for deja in range(self.besoin + 1):
            total = Fraction(0)
            for cle, p in self.cles.items():
                m = self.choix(cle, deja)
                total += p * self.gain[m][min(deja + cle[m], self.besoin)]
            out.append(total)
        return out

    def avancer(self, avant: Loi) -> Loi:
        """Law of the successes after this participant, from the law before."""
        apres: Loi = {}
        for deja, pd in avant.items():
            for cle, pc in self.cles.items():
                m = self.choix(cle, min(deja, self.besoin))
                for x, px in self.sommes[m].items():
                    ajouter(apres, deja + cle[m] + x, pd * pc * px)
        return apres


def _etapes(loi: Loi, participants: list[tuple[int, int]], besoin: int) -> list[_Etape]:
    """Stages built backwards from "success once `besoin` is reached"."""
    suite = [Fraction(0)] * besoin + [Fraction(1)]
    etapes: list[_Etape] = []
    for des, relances in reversed([p for p in participants if p[0] > 0]):
        etape = _Etape(loi, des, relances, besoin, suite)
        suite = etape.valeurs()
        etapes.append(etape)
    return etapes[::-1]


def test_groupe(loi: Loi, participants: list[tuple[int, int]], besoin: int) -> tuple[Loi, Fraction]:
    """Law of the successes of a (group) test and its chance of success.

    Args:
        loi: successes shown by one die.
        participants: (dice, Relances) of each participant, in turn order.
        besoin: successes needed (at least 1).

    """
    law: Loi = {0: Fraction(1)}
    for etape in _etapes(loi, participants, besoin):
        law = etape.avancer(law)
    return law, sum((p for v, p in law.items() if v >= besoin), Fraction(0))


def reussite_selon_premier(loi: Loi, participants: list[tuple[int, int]], besoin: int,
                           nombres: range) -> list[Fraction]:
    """Chance of success when the first participant empties 0, 1, 2… tokens (the others unchanged)."""
    suite = _etapes(loi, participants[1:], besoin)
    apres = suite[0].valeurs() if suite else [Fraction(0)] * besoin + [Fraction(1)]
    relances = participants[0][1]
    out = []
    for n in nombres:
        if n == 0:
            out.append(apres[0])
            continue
        out.append(_Etape(loi, n, relances, besoin, apres).valeurs()[0])
    return out


# --- trace roll (l. 733, 838) ------------------------------------------------------------------

def trace(loi: Loi, des: int, relances: int) -> Loi:
    """Law of the enemies drawn: dice showing more enemies than a die's average are rerolled, most first."""
    moyenne = sum((v * p for v, p in loi.items()), Fraction(0))
    sommes = [somme(loi, m) for m in range(min(relances, des) + 1)]
    out: Loi = {}
    for jet, p in jets(loi, des):
        descendant = sorted(jet, reverse=True)
        m = min(relances, sum(1 for v in descendant if v > moyenne))
        garde = sum(descendant[m:])
        for x, px in sommes[m].items():
            ajouter(out, garde + x, p * px)
    return out


# --- attack roll (l. 873-932) ------------------------------------------------------------------

RIEN, BASE, RARE, LES_DEUX = range(4)
Compte = tuple[int, int, int, int]


def categorie(face: Face) -> int:
    """What a face can pay: nothing, the basic symbol, the rare symbol, or either (a face with both)."""
    return (BASE if face.get("base", 0) else RIEN) if not face.get("rare", 0) else \
        (LES_DEUX if face.get("base", 0) else RARE)


def _tirages(q: tuple[Fraction, ...], n: int) -> list[tuple[Compte, Fraction]]:
    """Counts of dice per category for `n` dice."""
    out: dict[Compte, Fraction] = {}
    for combo, p in jets({c: q[c] for c in range(4) if q[c]}, n):
        counts = Counter(combo)
        cle = (counts[RIEN], counts[BASE], counts[RARE], counts[LES_DEUX])
        out[cle] = out.get(cle, Fraction(0)) + p
    return list(out.items())


def payer(compte: Compte, a: int, b: int, x_rare: bool) -> tuple[bool, int]:
    """Can a dice showing the basic symbol and b the rare one be set aside, and how many dice are then left for the X frame.

    A die showing both symbols pays either. Without the fixed frame paid, every die with the
    X symbol goes to the X frame.
    """
    _, nb, nr, nt = compte
    ok = a <= nb + nt and b <= nr + nt and a + b <= nb + nr + nt
    if x_rare:
        return ok, (nr + nt - b - max(0, a - nb)) if ok else nr + nt
    return ok, (nb + nt - a - max(0, b - nr)) if ok else nb + nt


class Attaque:
    """The attack roll against one fixed frame (a basic + b rare) and an "X" frame fed by the rest."""

    def __init__(self, faces: list[Face], a: int, b: int, x_rare: bool, relances: int) -> None:
        q = [Fraction(0)] * 4
        for face in faces:
            q[categorie(face)] += Fraction(1, len(faces))
        self.q = tuple(q)
        self.a, self.b, self.x_rare, self.relances = a, b, x_rare, relances
        self.relance = {m: _tirages(self.q, m) for m in range(relances + 1)}
        self.valeur = cache(self._valeur)

    def _valeur(self, garde: Compte, m: int) -> tuple[Fraction, Fraction]:
        """(chance to pay the fixed frame, expected X dice) when keeping `garde` and rerolling m dice."""
        pc, ex = Fraction(0), Fraction(0)
        for tirage, p in self.relance[m]:
            ok, reste = payer(tuple(g + t for g, t in zip(garde, tirage, strict=True)), self.a, self.b, self.x_rare)
            pc += p * ok
            ex += p * reste
        return pc, ex

    def choix(self, compte: Compte) -> tuple[Compte, int]:
        """Dice kept and number rerolled: best chance, then best X expectation, fewest rerolls, blanks first."""
        n0, nb, nr, _ = compte
        best: tuple[tuple[Fraction, Fraction, int, int], Compte, int] | None = None
        for r0 in range(min(self.relances, n0) + 1):
            for rb in range(min(self.relances - r0, nb) + 1):
                for rr in range(min(self.relances - r0 - rb, nr) + 1):
                    garde = (n0 - r0, nb - rb, nr - rr, compte[3])
                    m = r0 + rb + rr
                    cle = (*self.valeur(garde, m), -m, r0)
                    if best is None or cle > best[0]:
                        best = (cle, garde, m)
        assert best is not None
        return best[1], best[2]

    def lois(self, n: int) -> tuple[Loi, Fraction, Fraction]:
        """Law of the X dice, chance to pay the fixed frame, and that chance without any reroll."""
        loi: Loi = {}
        paye = sans = Fraction(0)
        for compte, p in _tirages(self.q, n):
            sans += p * payer(compte, self.a, self.b, self.x_rare)[0]
            garde, m = self.choix(compte)
            for tirage, pt in self.relance[m]:
                ok, reste = payer(tuple(g + t for g, t in zip(garde, tirage, strict=True)), self.a, self.b, self.x_rare)
                ajouter(loi, reste, p * pt)
                paye += p * pt * ok
        return loi, paye, sans


# --- enemy dice (l. 877-939) -------------------------------------------------------------------

def activations(numeros: list[Face], ennemis: int) -> Loi:
    """Enemies that activate: min(number rolled, enemies attached), 0 on a blank face."""
    return loi_face(numeros, lambda face: min(face.get("numero", 0), ennemis))


def symbole(face: Face) -> str:
    """The symbol shown by a face of the enemy symbol die, `vide` when none."""
    return next((s for s in ("base", "special", "ignorer") if face.get(s, 0)), "vide")
