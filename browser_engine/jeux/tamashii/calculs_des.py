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


# --- tests (l. 1248-1262) ----------------------------------------------------------------------
# Exact integer weights: with F faces, a roll of n dice is counted among F ** n equally likely
# rolls; a stage's chances are integers over a denominator kept alongside.

Poids = dict[int, int]


def jets_entiers(faces_par_valeur: Poids, n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every roll of `n` dice as a sorted tuple of values, with its number of ways."""
    for combo in combinations_with_replacement(sorted(faces_par_valeur), n):
        ways = math.factorial(n)
        for v, k in Counter(combo).items():
            ways = ways // math.factorial(k) * faces_par_valeur[v] ** k
        yield combo, ways


def somme_entiere(faces_par_valeur: Poids, n: int) -> Poids:
    """Ways of each sum of `n` dice."""
    out: Poids = {0: 1}
    for _ in range(n):
        nxt: Poids = {}
        for s, ws in out.items():
            for v, wv in faces_par_valeur.items():
                nxt[s + v] = nxt.get(s + v, 0) + ws * wv
        out = nxt
    return out


class _Etape:
    """One participant of a test: their rolls, reroll sums and the best number of dice to reroll.

    `suite[t]` is the group's chance of success once t successes are rolled (capped at `besoin`),
    as integers over `denominateur`; `gain[m][t]` is the same after keeping t and rerolling m dice,
    over `denominateur * F ** relances`.
    """

    def __init__(self, faces_par_valeur: Poids, des: int, relances: int, besoin: int,
                 suite: list[int], denominateur: int) -> None:
        cotes = sum(faces_par_valeur.values())
        self.relances = min(relances, des)
        self.cles: dict[tuple[int, ...], int] = {}
        for jet, ways in jets_entiers(faces_par_valeur, des):
            cle = tuple(sum(jet[m:]) for m in range(self.relances + 1))
            self.cles[cle] = self.cles.get(cle, 0) + ways
        self.sommes = [somme_entiere(faces_par_valeur, m) for m in range(self.relances + 1)]
        self.echelles = [cotes ** (self.relances - m) for m in range(self.relances + 1)]
        self.besoin = besoin
        self.gain = [[echelle * sum(wx * suite[min(t + x, besoin)] for x, wx in loi_m.items())
                      for t in range(besoin + 1)] for loi_m, echelle in zip(self.sommes, self.echelles, strict=True)]
        self.facteur = cotes ** (des + self.relances)  # the ways of one pass of this stage
        self.denominateur = denominateur * self.facteur

    def choix(self, cle: tuple[int, ...], deja: int) -> int:
        """Dice to reroll (the lowest ones): best chance, the fewest on equal chances."""
        best, best_value = 0, -1
        for m, garde in enumerate(cle):
            value = self.gain[m][min(deja + garde, self.besoin)]
            if value > best_value:
                best, best_value = m, value
        return best

    def valeurs(self) -> list[int]:
        """Chance of success from each number of successes already rolled, over `denominateur`."""
        out = []
        for deja in range(self.besoin + 1):
            total = 0
            for cle, ways in self.cles.items():
                m = self.choix(cle, deja)
                total += ways * self.gain[m][min(deja + cle[m], self.besoin)]
            out.append(total)
        return out

    def avancer(self, avant: Poids) -> Poids:
        """Ways of each total after this participant (their rolls and rerolls multiply the ways before)."""
        apres: Poids = {}
        for deja, wd in avant.items():
            for cle, wc in self.cles.items():
                m = self.choix(cle, min(deja, self.besoin))
                poids = wd * wc * self.echelles[m]
                for x, wx in self.sommes[m].items():
                    t = deja + cle[m] + x
                    apres[t] = apres.get(t, 0) + poids * wx
        return apres


def _etapes(faces_par_valeur: Poids, participants: list[tuple[int, int]], besoin: int) -> list[_Etape]:
    """Stages built backwards from "success once `besoin` is reached"."""
    suite, denominateur = [0] * besoin + [1], 1
    etapes: list[_Etape] = []
    for des, relances in reversed([p for p in participants if p[0] > 0]):
        etape = _Etape(faces_par_valeur, des, relances, besoin, suite, denominateur)
        suite, denominateur = etape.valeurs(), etape.denominateur
        etapes.append(etape)
    return etapes[::-1]


def test_groupe(faces: list[int], participants: list[tuple[int, int]], besoin: int) -> tuple[Loi, Fraction]:
    """Law of the successes of a (group) test and its chance of success.

    Args:
        faces: successes shown by each face of the die.
        participants: (dice, Relances) of each participant, in turn order.
        besoin: successes needed (at least 1).

    """
    faces_par_valeur = dict(Counter(faces))
    poids: Poids = {0: 1}
    total = 1
    for etape in _etapes(faces_par_valeur, participants, besoin):
        poids = etape.avancer(poids)
        total *= etape.facteur
    law = {t: Fraction(w, total) for t, w in poids.items() if w}
    return law, sum((p for t, p in law.items() if t >= besoin), Fraction(0))


def reussite_selon_premier(faces: list[int], participants: list[tuple[int, int]], besoin: int,
                           nombres: range) -> list[Fraction]:
    """Chance of success when the first participant empties 0, 1, 2… tokens (the others unchanged)."""
    faces_par_valeur = dict(Counter(faces))
    suite = _etapes(faces_par_valeur, participants[1:], besoin)
    if suite:
        apres, denominateur = suite[0].valeurs(), suite[0].denominateur
    else:
        apres, denominateur = [0] * besoin + [1], 1
    out = []
    for n in nombres:
        if n == 0:
            out.append(Fraction(apres[0], denominateur))
            continue
        etape = _Etape(faces_par_valeur, n, participants[0][1], besoin, apres, denominateur)
        out.append(Fraction(etape.valeurs()[0], etape.denominateur))
    return out


# --- trace roll (l. 733, 838) ------------------------------------------------------------------

def trace(faces: list[int], des: int, relances: int) -> Loi:
    """Law of the enemies drawn: dice showing more enemies than a die's average are rerolled, most first.

    Args:
        faces: enemies drawn by each face of the die.
        des: dice rolled.
        relances: Relances available.

    """
    faces_par_valeur = dict(Counter(faces))
    cotes = len(faces)
    sommes = [somme_entiere(faces_par_valeur, m) for m in range(min(relances, des) + 1)]
    poids: Poids = {}
    for jet, ways in jets_entiers(faces_par_valeur, des):
        descendant = sorted(jet, reverse=True)
        m = min(relances, sum(1 for v in descendant if v * cotes > sum(faces)))  # above the mean
        garde = sum(descendant[m:])
        echelle = ways * cotes ** (relances - m)
        for x, wx in sommes[m].items():
            poids[garde + x] = poids.get(garde + x, 0) + echelle * wx
    total = cotes ** (des + relances)
    return {t: Fraction(w, total) for t, w in poids.items()}


# --- attack roll (l. 873-932) ------------------------------------------------------------------

RIEN, BASE, RARE, LES_DEUX = range(4)
Compte = tuple[int, int, int, int]


def categorie(face: Face) -> int:
    """What a face can pay: nothing, the basic symbol, the rare symbol, or either (a face with both)."""
    return (BASE if face.get("base", 0) else RIEN) if not face.get("rare", 0) else \
        (LES_DEUX if face.get("base", 0) else RARE)


def _tirages(faces_par_categorie: tuple[int, ...], n: int) -> list[tuple[Compte, int]]:
    """Counts of dice per category for `n` dice, with their number of ways among faces ** n rolls."""
    out: list[tuple[Compte, int]] = []
    for combo in combinations_with_replacement(range(4), n):
        counts = Counter(combo)
        cle = (counts[RIEN], counts[BASE], counts[RARE], counts[LES_DEUX])
        ways = math.factorial(n)
        for c, k in enumerate(cle):
            ways = ways // math.factorial(k) * faces_par_categorie[c] ** k
        if ways:
            out.append((cle, ways))
    return out


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


def _plus(garde: Compte, tirage: Compte) -> Compte:
    return (garde[0] + tirage[0], garde[1] + tirage[1], garde[2] + tirage[2], garde[3] + tirage[3])


class Attaque:
    """The attack roll against one fixed frame (a basic + b rare) and an "X" frame fed by the rest.

    Exact integer weights: a roll of n dice is counted among faces ** n equally likely rolls.
    """

    def __init__(self, faces: list[Face], a: int, b: int, x_rare: bool, relances: int) -> None:
        counts = [0] * 4
        for face in faces:
            counts[categorie(face)] += 1
        self.par_categorie = tuple(counts)
        self.cotes = len(faces)
        self.a, self.b, self.x_rare, self.relances = a, b, x_rare, relances
        self.relance = {m: _tirages(self.par_categorie, m) for m in range(relances + 1)}
        self.valeur = cache(self._valeur)

    def _valeur(self, garde: Compte, m: int) -> tuple[int, int]:
        """(ways to pay the fixed frame, total X dice) keeping `garde` and rerolling m dice, out of faces ** relances."""
        echelle = self.cotes ** (self.relances - m)
        pc = ex = 0
        for tirage, ways in self.relance[m]:
            ok, reste = payer(_plus(garde, tirage), self.a, self.b, self.x_rare)
            pc += ways * ok
            ex += ways * reste
        return pc * echelle, ex * echelle

    def choix(self, compte: Compte) -> tuple[Compte, int]:
        """Dice kept and number rerolled: best chance, then best X expectation, fewest rerolls, blanks first."""
        n0, nb, nr, _ = compte
        best: tuple[tuple[int, int, int, int], Compte, int] | None = None
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
        poids: dict[int, int] = {}
        paye = sans = 0
        for compte, ways in _tirages(self.par_categorie, n):
            sans += ways * payer(compte, self.a, self.b, self.x_rare)[0]
            garde, m = self.choix(compte)
            echelle = ways * self.cotes ** (self.relances - m)
            for tirage, wt in self.relance[m]:
                ok, reste = payer(_plus(garde, tirage), self.a, self.b, self.x_rare)
                poids[reste] = poids.get(reste, 0) + echelle * wt
                paye += echelle * wt * ok
        total = self.cotes ** (n + self.relances)
        return ({k: Fraction(v, total) for k, v in poids.items()}, Fraction(paye, total),
                Fraction(sans, self.cotes ** n))


# --- enemy dice (l. 877-939) -------------------------------------------------------------------

def activations(numeros: list[Face], ennemis: int) -> Loi:
    """Enemies that activate: min(number rolled, enemies attached), 0 on a blank face."""
    return loi_face(numeros, lambda face: min(face.get("numero", 0), ennemis))


def symbole(face: Face) -> str:
    """The symbol shown by a face of the enemy symbol die, `vide` when none."""
    return next((s for s in ("base", "special", "ignorer") if face.get(s, 0)), "vide")
