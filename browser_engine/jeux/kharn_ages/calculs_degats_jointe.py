"""Khârn-Âges Tactik odds: the categories of one opposed roll, mastery rerolls and shield included.

`loi_jointe` follows the order of `calculs_jets.loi_opposition` (both sides roll; a
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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from .calculs_jets import FACES, PROFONDEUR, Camp, Jet, _meilleur_de, _troncature, attaque_gagne

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


@functools.lru_cache(maxsize=1024)
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


@functools.lru_cache(maxsize=1024)
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


@dataclass
class _Groupe:
    """Defence totals that meet the attack the same way (see `_Calcul.premier_jet_defense`).

    Attributes:
        d: the first defence total of the group, which stands for all of them.
        totaux, chaine, nouvelles: `_Calcul.explicites_apres(d)`, with a kept 10 that is not
            rerolled among the chain blocks.
        coefs: coefficient of the chain blocks per "mastery spent"; coef_propre: of those from
            a first roll below the depth (both count the attacker's RC kept after winning).
        relance_d, part_d: the defender may reroll; his count of a new kept 10 (out of 10).
        sommes: Σ wd, Σ wd·perdants, Σ wd·g, Σ wd·perdants·g over the group's defence totals.

    """

    d: int
    totaux: Counter
    chaine: Counter
    nouvelles: int
    coefs: dict[bool, int]
    coef_propre: int
    relance_d: bool
    part_d: int
    sommes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


class _Calcul:
    """Running integer weights of `loi_jointe`, over den_depart × den_relance of each side."""

    def __init__(self, attaque: Camp, defense: Camp, bouclier: bool, profondeur: int, seuil: int,
                 ecart: int) -> None:
        self.attaque, self.defense, self.bouclier, self.ecart = attaque, defense, bouclier, ecart
        self.seuil = seuil
        self.ja, self.jd = _jet(attaque, profondeur), _jet(defense, profondeur)
        self.ca = _chaine(attaque, profondeur)
        self.gagne = _gagnant(self.ja, self.jd, bouclier, seuil, ecart)
        self.poids: Counter = Counter()  # (touche, rc, ec_defense, spent_a, spent_d) -> weight
        self.reporte: dict[int, Counter] = {}  # defender's natural die -> (attack total, spent) -> weight
        self.reporte_chaine: dict[int, Counter] = {}  # ... -> (threshold, spent) -> coefficient of the chain
        self.chaines_attaque = 0
        self.chaines_defense = 0
        self.fixes: dict[tuple, _Groupe] = {}  # groups of defence totals (see premier_jet_defense)
        self.dix = _compte_dix(attaque.des)  # count of a kept 10 out of 10**des
        self.dix_relance = bool(self.dix) and attaque.relancable(FACES)  # a losing RC is rerolled (1 die)
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

        The defence totals of one group (same natural die, same truncation, and for the RC ones
        the same outcome against the attacker's truncated total) meet the attack totals kept one
        by one the same way, and the attacker's chain above the same kind of threshold: this
        only adds up their weights (with the chain's weight above the threshold, `g`, and the
        weight of the attacker's RC that lose and are rerolled); `bilan_des_groupes` meets them.
        The winning chain, when the defender will reroll, is kept per threshold.
        """
        ja, jd, ca = self.ja, self.jd, self.ca
        seuil_d = _seuil_rc(d, jd, self.bouclier, self.ecart)
        propre_d = d != jd.tronque
        # Explicit totals are below 10 (an RC total never loses to them) or the truncated one.
        cle = (naturel_d, propre_d, d if d < jd.rc_min else ja.tronque > seuil_d)
        fixe = self.fixes.get(cle)
        if fixe is None:
            fixe = self.fixes[cle] = self.groupe(naturel_d, d)
        nouvelles = fixe.nouvelles
        g = ca.au_dessus(seuil_d)
        perdants = 0
        if self.dix_relance:
            perdants = self.dix * (ca.queue[0] - g)
            nouvelles += perdants * ja.part_chaine[FACES]
        sommes = fixe.sommes
        sommes[0] += wd
        sommes[1] += wd * perdants
        sommes[2] += wd * g
        sommes[3] += wd * perdants * g
        if propre_d:
            self.chaines_attaque += wd * nouvelles
        if fixe.relance_d and g:
            coef_relance = perdants * ja.part_chaine[FACES] if self.dix_relance else 0
            reporte = self.reporte_chaine.setdefault(naturel_d, Counter())
            reporte[(seuil_d, False)] += wd * fixe.coefs[False]
            reporte[(seuil_d, True)] += wd * (fixe.coefs[True] + coef_relance)
            if propre_d:
                self.chaines_defense += wd * (fixe.coef_propre + coef_relance) * g * fixe.part_d

    def groupe(self, naturel_d: int, d: int) -> _Groupe:
        """A new group of defence totals, `d` being its first one."""
        totaux, chaine, nouvelles = self.explicites_apres(d)
        if self.dix and not self.dix_relance:
            chaine[(TOUS, False, True)] += self.dix * self.ja.den_relance
        coefs = {False: 0, True: 0}
        coef_propre = 0
        for (_, s, propre), coef in chaine.items():
            coefs[s] += coef
            coef_propre += coef if propre else 0
        if self.dix_relance:  # the attacker's RC that win, kept: (seuil_d, False, True) of the chain
            coefs[False] += self.dix * self.ja.den_relance
            coef_propre += self.dix * self.ja.den_relance
        return _Groupe(d, totaux, chaine, nouvelles, coefs, coef_propre, self.defense.relancable(naturel_d),
                       self.jd.part_chaine.get(naturel_d, 0))

    def bilan_des_groupes(self) -> None:
        """Each group of defence totals against the attack: explicit totals, then the chain."""
        ja, jd, gagne, poids, ca = self.ja, self.jd, self.gagne, self.poids, self.ca
        tout = ca.queue[0]
        for (naturel_d, propre_d, _), fixe in self.fixes.items():
            somme_wd, somme_perdants, somme_g, somme_perdants_g = fixe.sommes
            d, ec_d = fixe.d, fixe.d == 0
            totaux: Counter = Counter({k: somme_wd * w for k, w in fixe.totaux.items()})
            if somme_perdants:  # rerolls of the attacker's losing RC: points below 10 and the truncated total
                self.relancer(totaux, Counter(), FACES, somme_perdants, True)
            relance_d = fixe.relance_d
            for (a, s, propre), w in totaux.items():
                touche = gagne(a, d)
                if relance_d and touche:
                    self.reporte.setdefault(naturel_d, Counter())[(a, s)] += w
                    if propre and propre_d and a != ja.tronque:
                        self.chaines_defense += w * fixe.part_d
                else:
                    poids[(touche, touche and a >= ja.rc_min, d == 0, s, False)] += w * jd.den_relance
            # the chain: whole blocks (coefficient c) win Σ wd·g and lose Σ wd·(tout − g)
            gagne_s = {False: 0, True: 0}
            perd_s = {False: 0, True: 0}
            for (_, s, _), c in fixe.chaine.items():
                gagne_s[s] += c * somme_g
                perd_s[s] += c * (tout * somme_wd - somme_g)
            if self.dix_relance:
                part = ja.part_chaine[FACES]
                gagne_s[False] += self.dix * ja.den_relance * somme_g  # the RC kept: they win, all of them
                gagne_s[True] += part * somme_perdants_g
                perd_s[True] += part * (tout * somme_perdants - somme_perdants_g)
            for s in (False, True):
                if not relance_d:
                    poids[(True, True, ec_d, s, False)] += gagne_s[s] * jd.den_relance
                poids[(False, False, ec_d, s, False)] += perd_s[s] * jd.den_relance

    def relances_defense(self) -> None:
        """The defender's mastery rerolls of the attacks that were winning."""
        ja, jd, poids = self.ja, self.jd, self.poids
        chaine_totaux: Counter = Counter()
        for naturel_d, reporte in self.reporte.items():
            part = jd.part_chaine[naturel_d]
            ec_r, totaux_d, cumul = _points_defense(jd.points[naturel_d])
            hors_ec = cumul[-1]
            for (a, s), w in reporte.items():
                chaine_totaux[(a, s)] += w * part
                limite = self.limite(a)
                if limite is None:
                    poids[(False, False, True, s, True)] += w * ec_r
                    poids[(False, False, False, s, True)] += w * hors_ec
                    continue
                rc = a >= ja.rc_min
                gagnes = cumul[bisect_left(totaux_d, limite)]
                poids[(True, rc, True, s, True)] += w * ec_r
                poids[(True, rc, False, s, True)] += w * gagnes
                poids[(False, False, False, s, True)] += w * (hors_ec - gagnes)
        self.contre_chaine_defense(chaine_totaux)
        if self.reporte_chaine:
            self.blocs_relances_defense()

    def limite(self, a: int) -> int | None:
        """The bound below which the attack total `a` beats a defence total without RC (None: beats none, not even an EC).

        Otherwise it also beats an EC. An EC or a spell below its casting threshold beats nothing; an RC beats every total
        without RC; another total must be higher (by more than `ecart` for a spell): the rule
        of `_gagnant` for defence totals without RC.
        """
        if a == 0 or a < min(self.seuil, self.ja.rc_min):
            return None
        return JAMAIS if a >= self.ja.rc_min else a - self.ecart

    def blocs_relances_defense(self) -> None:
        """The defender's rerolls of the winning parts of the attacker's chain (blocks above a threshold)."""
        jd, ca, poids = self.jd, self.ca, self.poids
        suffixe, unite = self.suffixe_contre_chaine_defense()
        for naturel_d, reporte in self.reporte_chaine.items():
            part = jd.part_chaine[naturel_d]
            classes: Counter = Counter()  # the new totals below 10, by (EC, threshold an RC must pass)
            for d2, r in jd.points[naturel_d]:
                classes[(d2 == 0, _seuil_rc(d2, jd, self.bouclier, self.ecart))] += r
            total_s = {False: 0, True: 0}  # Σ coefficient × weight of the block
            gagnes_s = {False: 0, True: 0}  # Σ coefficient × (block × defence chain) pairs won
            for (seuil, s), coef in reporte.items():
                debut = bisect_right(ca.totaux, seuil)
                total_s[s] += coef * ca.queue[debut]
                gagnes_s[s] += coef * suffixe[debut]
                for (ec2, seuil2), r in classes.items():
                    if seuil2 != TOUS:  # the new total is an RC (never from points below 10)
                        gagnant = ca.au_dessus(max(seuil, seuil2))
                        poids[(True, True, ec2, s, True)] += coef * gagnant * r
                        poids[(False, False, ec2, s, True)] += coef * (ca.queue[debut] - gagnant) * r
            for s in (False, True):
                for (ec2, seuil2), r in classes.items():
                    if seuil2 == TOUS:  # the new total is no RC: the whole block wins
                        poids[(True, True, ec2, s, True)] += total_s[s] * r
                poids[(True, True, False, s, True)] += part * gagnes_s[s]
                poids[(False, False, False, s, True)] += part * (total_s[s] * unite - gagnes_s[s])

    def contre_chaine_defense(self, totaux: Counter) -> None:
        """Final attack totals against a new kept 10 of the defender (every total of his RC chain)."""
        ja, jd, poids = self.ja, self.jd, self.poids
        battus = _battus(jd.chaine, self.bouclier, self.ecart)
        unite = sum(w for _, w in jd.chaine)
        for (a, s), w in totaux.items():
            if not w:
                continue
            gagnes = battus(a) if a >= ja.rc_min else 0
            poids[(True, True, False, s, True)] += w * gagnes
            poids[(False, False, False, s, True)] += w * (unite - gagnes)

    def suffixe_contre_chaine_defense(self) -> tuple[list[int], int]:
        """suffixe[i]: Σ over the attacker's chain totals from index i on of weight × defence chain weight beaten.

        Returns:
            The suffix sums and the total weight of the defender's chain.

        """
        ca, jd = self.ca, self.jd
        battus = _battus(jd.chaine, self.bouclier, self.ecart)
        suffixe = [0] * (len(ca.totaux) + 1)
        for i in range(len(ca.totaux) - 1, -1, -1):
            suffixe[i] = suffixe[i + 1] + (ca.queue[i] - ca.queue[i + 1]) * battus(ca.totaux[i])
        return suffixe, sum(w for _, w in jd.chaine)


@functools.cache
def _compte_dix(des: int) -> int:
    """Count (out of 10**des) of a kept natural 10."""
    return dict(_meilleur_de(des)).get(FACES, 0)


def _points_defense(points: list[tuple[int, int]]) -> tuple[int, list[int], list[int]]:
    """The defender's new totals below 10: (EC weight, other totals sorted, cumulated weights from 0)."""
    par_total: Counter = Counter()
    for d2, r in points:
        par_total[d2] += r
    totaux = sorted(t for t in par_total if t != 0)
    cumul = [0]
    for t in totaux:
        cumul.append(cumul[-1] + par_total[t])
    return par_total.get(0, 0), totaux, cumul


def _battus(chaine: list[tuple[int, int]], bouclier: bool, ecart: int) -> Callable[[int], int]:
    """Weight of the defender's RC chain totals that an attack RC total beats (none behind a shield)."""
    totaux = [t for t, _ in chaine]
    cumul = [0]
    for _, w in chaine:
        cumul.append(cumul[-1] + w)

    def battus(a: int) -> int:
        return 0 if bouclier else cumul[bisect_left(totaux, a - ecart)]
    return battus


@functools.lru_cache(maxsize=1024)
def loi_jointe(attaque: Camp, defense: Camp, bouclier: bool = False, profondeur: int = PROFONDEUR,
               seuil: int = 0, ecart: int = 0) -> LoiJointe:
    """Exact categories of an attack against a defence, mastery rerolls and shield included.

    The order of `calculs_jets.loi_opposition`: both sides roll; a failing attacker may
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
    calcul.bilan_des_groupes()
    calcul.relances_defense()
    ja, jd = calcul.ja, calcul.jd
    denominateur = ja.den_depart * ja.den_relance * jd.den_depart * jd.den_relance
    categories = {Categorie(*c): Fraction(w, denominateur) for c, w in sorted(calcul.poids.items()) if w}
    return LoiJointe(categories, _troncature(ja, jd, calcul.chaines_attaque, calcul.chaines_defense, profondeur))
