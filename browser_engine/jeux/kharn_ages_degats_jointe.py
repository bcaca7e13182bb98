"""Khârn-Âges Tactik odds: the categories of one opposed roll, mastery rerolls and shield included.

`loi_jointe` follows the order of `kharn_ages_probas.loi_opposition` (both sides roll; a
failing attacker may spend mastery; then, if the attack succeeds, the defender may spend
his) and gives, for each `Categorie`, its exact probability.

Walking every pair of totals costs about 118 × 118 comparisons (a kept 10 explodes up to
`PROFONDEUR` times). Here each side's RC chain (the totals of a kept 10, without the
truncated one) is kept as one block: an RC total beats a defence total `d` exactly when it
is above a threshold that depends on `d` only (`_seuil_rc`), so the weight of the winning
part of a block is a tail sum of the chain, read by bisection. Every other total (EC,
totals below 10, the truncated explosion) is kept one by one. All weights are integers over
one denominator, turned into fractions at the end: the result is the exact law of the
pair-by-pair walk (tests/test_kharn_ages_loi_jointe.py keeps that walk as its reference).
"""
from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from .kharn_ages_probas import FACES, PROFONDEUR, Camp, Jet, _meilleur_de, _troncature, attaque_gagne

TOUS = -1  # threshold below every total: the whole chain wins
JAMAIS = 10 ** 9  # threshold above every total: no total of the chain wins


class Categorie(NamedTuple):
    """What one opposed roll means for the damage chain."""

    touche: bool  # the attack succeeds
    rc: bool  # ... with an RC of the attacker
    ec_defense: bool  # the final defence roll is an EC
    maitrise_attaque: bool  # the attacker spent his mastery die
    maitrise_defense: bool  # the defender spent his


@dataclass(frozen=True)
class LoiJointe:
    """Categories of one opposed roll with their probabilities, and the truncated mass."""

    categories: dict[Categorie, Fraction]
    troncature: Fraction


def _gagnant(ja: Jet, jd: Jet, bouclier: bool, seuil: int = 0, ecart: int = 0) -> Callable[[int, int], bool]:
    """Who wins a pair of final totals: `attaque_gagne`, except that a shield makes a defence RC parry.

    A spell must also reach its casting threshold (an RC always does), and its kind of
    incantation moves the defender's final total by `ecart` (lines 1377-1391).
    """
    def gagne(a: int, d: int) -> bool:
        if bouclier and d != 0 and d >= jd.rc_min:
            return False
        if a != 0 and a < min(seuil, ja.rc_min):
            return False
        if ecart and a != 0 and d != 0 and (a >= ja.rc_min) == (d >= jd.rc_min):
            return a > d + ecart
        return attaque_gagne(a, d, ja, jd)
    return gagne


@functools.lru_cache(maxsize=256)
def _jet(camp: Camp, profondeur: int) -> Jet:
    """The precomputed laws of one side's roll, shared by every pair that side is in."""
    return Jet(camp, profondeur)


class _Chaine:
    """The attacker's RC chain without its truncated total: sorted totals and tail sums of weights."""

    def __init__(self, jet: Jet) -> None:
        paires = [(t, w) for t, w in jet.chaine if t != jet.tronque]
        self.totaux = [t for t, _ in paires]
        self.queue = [0] * (len(paires) + 1)  # queue[i]: weight of the totals from index i on
        for i in range(len(paires) - 1, -1, -1):
            self.queue[i] = self.queue[i + 1] + paires[i][1]
        self.haut = sum(w for t, w in jet.chaine if t == jet.tronque)  # weight of the truncated total

    def au_dessus(self, seuil: float) -> int:
        """Weight of the totals above `seuil`."""
        return self.queue[bisect_right(self.totaux, seuil)]


@functools.lru_cache(maxsize=256)
def _chaine(camp: Camp, profondeur: int) -> _Chaine:
    return _Chaine(_jet(camp, profondeur))


def _seuil_rc(d: int, jd: Jet, bouclier: bool, ecart: int) -> int:
    """The threshold θ such that an attack RC total beats the defence total `d` exactly when above θ.

    An RC beats an EC and any total without RC; against an RC it must be higher (by more
    than `ecart` for a spell), unless a shield parries the defence RC.
    """
    if d == 0 or d < jd.rc_min:
        return TOUS
    return JAMAIS if bouclier else d + ecart


class _Calcul:
    """Running integer weights of `loi_jointe`, over den_depart × den_relance of each side."""

    def __init__(self, attaque: Camp, defense: Camp, bouclier: bool, profondeur: int, seuil: int,
                 ecart: int) -> None:
        self.attaque, self.defense, self.bouclier, self.ecart = attaque, defense, bouclier, ecart
        self.ja, self.jd = _jet(attaque, profondeur), _jet(defense, profondeur)
        self.ca = _chaine(attaque, profondeur)
        self.gagne = _gagnant(self.ja, self.jd, bouclier, seuil, ecart)
        self.poids: Counter = Counter()  # (touche, rc, ec_defense, spent_a, spent_d) -> weight
        self.reporte: dict[int, Counter] = {}  # defender's natural die -> (attack total, spent) -> weight
        self.reporte_chaine: dict[int, Counter] = {}  # ... -> (threshold, spent) -> coefficient of the chain
        self.chaines_attaque = 0
        self.chaines_defense = 0
        self.fixes: dict[tuple, tuple[int, Counter, Counter, int]] = {}  # group -> (its first d, explicites_apres)
        self.groupes: dict[tuple, list[int]] = {}  # group -> [sum of wd, sum of wd × losing chain weight]
        self.explicites = [(n, a, w) for n, a, w in self.ja.depart if n != FACES or a == self.ja.tronque]

    def relancer(self, totaux: Counter, chaine: Counter, naturel: int, w: int, propre: bool) -> None:
        """The attacker's mastery reroll of a first roll kept on `naturel`, of weight `w`."""
        ja = self.ja
        for a2, r in ja.points[naturel]:
            totaux[(a2, True, propre)] += w * r
        part = ja.part_chaine[naturel]
        if part:
            chaine[(TOUS, True, propre)] += w * part
            totaux[(ja.tronque, True, propre)] += w * part * self.ca.haut

    def explicites_apres(self, d: int) -> tuple[Counter, Counter, int]:
        """What the attacker does with his first rolls kept one by one, having seen the defence total `d`.

        Returns:
            (totals kept one by one, keyed (total, spent, from a first roll below the depth);
            coefficients of the whole chain brought by rerolls, keyed (TOUS, spent, from such a
            roll); weight of the rerolls of such first rolls that brought a new kept 10),
            weights out of den_depart × den_relance.

        """
        ja, gagne, relancable = self.ja, self.gagne, self.attaque.relancable
        totaux: Counter = Counter()
        chaine: Counter = Counter()
        nouvelles = 0
        for naturel, a, w in self.explicites:
            propre = a != ja.tronque
            if gagne(a, d) or not relancable(naturel):
                totaux[(a, False, propre)] += w * ja.den_relance
            else:
                self.relancer(totaux, chaine, naturel, w, propre)
                if propre:
                    nouvelles += w * ja.part_chaine[naturel]
        return totaux, chaine, nouvelles

    def premier_jet_defense(self, naturel_d: int, d: int, wd: int) -> None:
        """Everything that follows the defender's first roll (natural die `naturel_d`, total `d`).

        The totals kept one by one (EC, below 10, the truncated explosion) meet `d` the same
        way for every defence total of a group (`_groupe`): their weights are gathered per
        group and met once, in `totaux_des_groupes`. The attacker's chain is met here.
        """
        ja, jd, ca = self.ja, self.jd, self.ca
        seuil_d = _seuil_rc(d, jd, self.bouclier, self.ecart)
        propre_d = d != jd.tronque
        # Explicit totals are below 10 (an RC total never loses to them) or the truncated one.
        cle = (naturel_d, propre_d, d if d < jd.rc_min else ja.tronque > seuil_d)
        if cle not in self.fixes:
            self.fixes[cle] = (d, *self.explicites_apres(d))
        _, _, chaine_fixe, nouvelles = self.fixes[cle]
        chaine: Counter = Counter(chaine_fixe)
        perdants = 0
        dix = _compte_dix(self.attaque.des)
        if dix and self.attaque.relancable(FACES):
            chaine[(seuil_d, False, True)] += dix * ja.den_relance
            perdants = dix * (ca.queue[0] - ca.au_dessus(seuil_d))
            if perdants:
                chaine[(TOUS, True, True)] += perdants * ja.part_chaine[FACES]
                nouvelles += perdants * ja.part_chaine[FACES]
        elif dix:
            chaine[(TOUS, False, True)] += dix * ja.den_relance
        groupe = self.groupes.setdefault(cle, [0, 0])
        groupe[0] += wd
        groupe[1] += wd * perdants
        if propre_d:
            self.chaines_attaque += wd * nouvelles
        relance_d = self.defense.relancable(naturel_d)
        part_d = jd.part_chaine.get(naturel_d, 0)
        ec_d = d == 0
        poids, den_r = self.poids, jd.den_relance
        for (seuil, s, propre), coef in chaine.items():
            haut = max(seuil, seuil_d)
            gagnant = ca.au_dessus(haut)
            perdant = ca.au_dessus(seuil) - gagnant
            if relance_d:
                if gagnant:
                    self.reporte_chaine.setdefault(naturel_d, Counter())[(haut, s)] += wd * coef
                    if propre and propre_d:
                        self.chaines_defense += wd * coef * gagnant * part_d
            else:
                poids[(True, True, ec_d, s, False)] += wd * coef * gagnant * den_r
            poids[(False, False, ec_d, s, False)] += wd * coef * perdant * den_r

    def totaux_des_groupes(self) -> None:
        """The explicit attack totals of each group of defence totals against its representative."""
        ja, jd, gagne, poids = self.ja, self.jd, self.gagne, self.poids
        for cle, (somme_wd, somme_perdants) in self.groupes.items():
            naturel_d, propre_d, _ = cle
            d, totaux_fixes, _, _ = self.fixes[cle]
            totaux: Counter = Counter({k: somme_wd * w for k, w in totaux_fixes.items()})
            if somme_perdants:  # rerolls of the attacker's losing RC: points below 10 and the truncated total
                self.relancer(totaux, Counter(), FACES, somme_perdants, True)
            relance_d = self.defense.relancable(naturel_d)
            part_d = jd.part_chaine.get(naturel_d, 0)
            for (a, s, propre), w in totaux.items():
                touche = gagne(a, d)
                if relance_d and touche:
                    self.reporte.setdefault(naturel_d, Counter())[(a, s)] += w
                    if propre and propre_d and a != ja.tronque:
                        self.chaines_defense += w * part_d
                else:
                    poids[(touche, touche and a >= ja.rc_min, d == 0, s, False)] += w * jd.den_relance

    def relances_defense(self) -> None:
        """The defender's mastery rerolls of the attacks that were winning."""
        ja, jd, gagne, ca, poids = self.ja, self.jd, self.gagne, self.ca, self.poids
        chaine_totaux: Counter = Counter()
        chaine_blocs: Counter = Counter()
        for naturel_d, reporte in self.reporte.items():
            part = jd.part_chaine[naturel_d]
            points: Counter = Counter()
            for d2, r in jd.points[naturel_d]:
                points[d2] += r
            for (a, s), w in reporte.items():
                chaine_totaux[(a, s)] += w * part
                for d2, r in points.items():
                    touche = gagne(a, d2)
                    poids[(touche, touche and a >= ja.rc_min, d2 == 0, s, True)] += w * r
        for naturel_d, reporte in self.reporte_chaine.items():
            part = jd.part_chaine[naturel_d]
            classes: Counter = Counter()  # the new totals below 10, by (EC, threshold an RC must pass)
            for d2, r in jd.points[naturel_d]:
                classes[(d2 == 0, _seuil_rc(d2, jd, self.bouclier, self.ecart))] += r
            for (seuil, s), coef in reporte.items():
                chaine_blocs[(seuil, s)] += coef * part
                total = ca.au_dessus(seuil)
                for (ec2, seuil2), r in classes.items():
                    gagnant = ca.au_dessus(max(seuil, seuil2))
                    poids[(True, True, ec2, s, True)] += coef * gagnant * r
                    poids[(False, False, ec2, s, True)] += coef * (total - gagnant) * r
        self.contre_chaine_defense(chaine_totaux, chaine_blocs)

    def contre_chaine_defense(self, totaux: Counter, blocs: Counter) -> None:
        """Final attack totals against a new kept 10 of the defender (every total of his RC chain)."""
        ja, jd, ca, poids = self.ja, self.jd, self.ca, self.poids
        battus = _battus(jd.chaine, self.bouclier, self.ecart)
        unite = sum(w for _, w in jd.chaine)
        for (a, s), w in totaux.items():
            if not w:
                continue
            gagnes = battus(a) if a >= ja.rc_min else 0
            poids[(True, True, False, s, True)] += w * gagnes
            poids[(False, False, False, s, True)] += w * (unite - gagnes)
        if not blocs:
            return
        # suffix[i]: sum over the attacker's chain totals from index i on of weight × defence weight beaten
        suffixe = [0] * (len(ca.totaux) + 1)
        for i in range(len(ca.totaux) - 1, -1, -1):
            suffixe[i] = suffixe[i + 1] + (ca.queue[i] - ca.queue[i + 1]) * battus(ca.totaux[i])
        for (seuil, s), coef in blocs.items():
            debut = bisect_right(ca.totaux, seuil)
            gagnes = suffixe[debut]
            poids[(True, True, False, s, True)] += coef * gagnes
            poids[(False, False, False, s, True)] += coef * (ca.queue[debut] * unite - gagnes)


@functools.cache
def _compte_dix(des: int) -> int:
    """Count (out of 10**des) of a kept natural 10."""
    return dict(_meilleur_de(des)).get(FACES, 0)


def _battus(chaine: list[tuple[int, int]], bouclier: bool, ecart: int) -> Callable[[int], int]:
    """Weight of the defender's RC chain totals that an attack RC total beats (none behind a shield)."""
    totaux = [t for t, _ in chaine]
    cumul = [0]
    for _, w in chaine:
        cumul.append(cumul[-1] + w)

    def battus(a: int) -> int:
        return 0 if bouclier else cumul[bisect_left(totaux, a - ecart)]
    return battus


@functools.lru_cache(maxsize=64)
def loi_jointe(attaque: Camp, defense: Camp, bouclier: bool = False, profondeur: int = PROFONDEUR,
               seuil: int = 0, ecart: int = 0) -> LoiJointe:
    """Exact categories of an attack against a defence, mastery rerolls and shield included.

    The order of `kharn_ages_probas.loi_opposition`: both sides roll; a failing attacker may
    spend mastery; then, if the attack succeeds, the defender may spend his.

    Args:
        attaque: the attacker's roll.
        defense: the defender's roll (the shield's bonus already in its base).
        bouclier: the defender uses a shield: his RC parries any attack.
        profondeur: the explosion depth.
        seuil: a spell's casting threshold the attack total must also reach (0: none).
        ecart: added to the defender's final total when totals are compared (a spell's incantation).

    Returns:
        The probability of each category and of an explosion stopped at the depth.

    """
    calcul = _Calcul(attaque, defense, bouclier, profondeur, seuil, ecart)
    for naturel_d, d, wd in calcul.jd.depart:
        calcul.premier_jet_defense(naturel_d, d, wd)
    calcul.totaux_des_groupes()
    calcul.relances_defense()
    ja, jd = calcul.ja, calcul.jd
    denominateur = ja.den_depart * ja.den_relance * jd.den_depart * jd.den_relance
    categories = {Categorie(*c): Fraction(w, denominateur) for c, w in sorted(calcul.poids.items()) if w}
    return LoiJointe(categories, _troncature(ja, jd, calcul.chaines_attaque, calcul.chaines_defense, profondeur))
