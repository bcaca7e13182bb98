"""Khârn-Âges: the fast `loi_jointe` equals the pair-by-pair walk it replaced, exactly.

The reference below is the former algorithm of `kharn_ages_degats.loi_jointe`, kept here as it
was: for each first defence total, the attacker's reaction total by total, then every (attack,
defence) pair of final totals one at a time, the defender's rerolls included. The fast version
must give the same categories (same keys, same Fractions) and the same truncated mass on many
attacker/defender combinations: levels 1 to 4, mastery on either side, shooters' and
Spécialiste's EC faces, a shield, a spell's casting threshold and incantation shift, several
explosion depths, and bases that put either side's RC chain above the other's.
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from browser_engine.jeux.kharn_ages.calculs_degats import Categorie, loi_jointe
from browser_engine.jeux.kharn_ages.calculs_jets import (
    EC_GENERAL,
    EC_TIR_STANDARD,
    EC_TIREUR,
    Camp,
    Jet,
    _troncature,
    attaque_gagne,
    faces_ec,
)


def reference_gagnant(ja: Jet, jd: Jet, bouclier: bool, seuil: int, ecart: int) -> Callable[[int, int], bool]:
    """Who wins a pair of final totals (the former `_gagnant`)."""
    def gagne(a: int, d: int) -> bool:
        if bouclier and d != 0 and d >= jd.rc_min:
            return False
        if a != 0 and a < min(seuil, ja.rc_min):
            return False
        if ecart and a != 0 and d != 0 and (a >= ja.rc_min) == (d >= jd.rc_min):
            return a > d + ecart
        return attaque_gagne(a, d, ja, jd)
    return gagne


def reference_reaction(ja: Jet, d: int, gagne: Callable[[int, int], bool]) -> tuple[Counter, Counter, int]:
    """Attack totals, with "mastery spent", once the attacker has seen the defence total `d`."""
    propres: Counter = Counter()
    tronques: Counter = Counter()
    echecs: Counter = Counter()
    for naturel, a, w in ja.depart:
        cible = tronques if a == ja.tronque else propres
        if gagne(a, d) or not ja.camp.relancable(naturel):
            cible[(a, False)] += w * ja.den_relance
        elif cible is tronques:
            for a2, r in ja.relance_complete(naturel):
                tronques[(a2, True)] += w * r
        else:
            echecs[naturel] += w
    nouvelles = 0
    for naturel, w in echecs.items():
        for a2, r in ja.points[naturel]:
            propres[(a2, True)] += w * r
        nouvelles += w * ja.part_chaine[naturel]
    for a2, r in ja.chaine:
        propres[(a2, True)] += nouvelles * r
    return propres, tronques, nouvelles


def reference_loi_jointe(attaque: Camp, defense: Camp, bouclier: bool, profondeur: int, seuil: int = 0,
                         ecart: int = 0) -> tuple[dict[Categorie, Fraction], Fraction]:
    """The former `loi_jointe`: every pair of final totals, one at a time."""
    ja, jd = Jet(attaque, profondeur), Jet(defense, profondeur)
    gagne = reference_gagnant(ja, jd, bouclier, seuil, ecart)
    poids: Counter = Counter()

    def ajouter(a: int, d: int, spent_a: bool, spent_d: bool, w: int) -> None:
        touche = gagne(a, d)
        poids[Categorie(touche, touche and a >= ja.rc_min, d == 0, spent_a, spent_d)] += w

    reporte: dict[int, Counter] = {}
    chaines_attaque = chaines_defense = 0
    for naturel_d, d, wd in jd.depart:
        propres, tronques, nouvelles = reference_reaction(ja, d, gagne)
        propre = d != jd.tronque
        if propre:
            chaines_attaque += wd * nouvelles
        relance_d = defense.relancable(naturel_d)
        for poids_a, sans_troncature in ((propres, propre), (tronques, False)):
            for (a, spent_a), w in poids_a.items():
                if relance_d and gagne(a, d):
                    reporte.setdefault(naturel_d, Counter())[(a, spent_a)] += wd * w
                    if sans_troncature and a != ja.tronque:
                        chaines_defense += wd * w * jd.part_chaine[naturel_d]
                else:
                    ajouter(a, d, spent_a, False, wd * w * jd.den_relance)
    chaines: Counter = Counter()
    for naturel_d, poids_a in reporte.items():
        for (a, spent_a), w in poids_a.items():
            chaines[(a, spent_a)] += w * jd.part_chaine[naturel_d]
            for d2, r in jd.points[naturel_d]:
                ajouter(a, d2, spent_a, True, w * r)
    for (a, spent_a), w in chaines.items():
        for d2, r in jd.chaine:
            ajouter(a, d2, spent_a, True, w * r)
    denominateur = ja.den_depart * ja.den_relance * jd.den_depart * jd.den_relance
    categories = {c: Fraction(w, denominateur) for c, w in poids.items() if w}
    return categories, _troncature(ja, jd, chaines_attaque, chaines_defense, profondeur)


def camps_varies() -> list[Camp]:
    """Rolls of every shape: 1 to 4 dice, low and high bases, every EC set, with and without mastery."""
    ecs = [EC_GENERAL, EC_TIREUR, EC_TIR_STANDARD, faces_ec(specialiste=True), faces_ec(tireur=True, specialiste=True)]
    camps = []
    for des, base, ec, maitrise in itertools.product((1, 2, 3, 4), (0, 3, 7, 14), range(len(ecs)), (False, True)):
        if (des + base + ec) % 3 == 0 or des == 1:  # a spread of combinations, not all 160
            camps.append(Camp(des=des, base=base, ec=ecs[ec], maitrise=maitrise))
    return camps


def comparer(attaque: Camp, defense: Camp, bouclier: bool, profondeur: int, seuil: int = 0, ecart: int = 0) -> None:
    attendu, troncature = reference_loi_jointe(attaque, defense, bouclier, profondeur, seuil, ecart)
    obtenu = loi_jointe.__wrapped__(attaque, defense, bouclier, profondeur, seuil, ecart)
    assert obtenu.categories == attendu, (attaque, defense, bouclier, profondeur, seuil, ecart)
    assert obtenu.troncature == troncature
    assert sum(obtenu.categories.values()) == 1


CAMPS = camps_varies()
PAIRES = [(a, d) for i, a in enumerate(CAMPS) for j, d in enumerate(CAMPS) if (3 * i + j) % 7 == 0]


@pytest.mark.parametrize("profondeur", [1, 2, 3])
@pytest.mark.parametrize("bouclier", [False, True])
def test_many_pairs_at_small_depths_equal_the_pair_by_pair_walk(profondeur: int, bouclier: bool) -> None:
    assert len(PAIRES) > 150
    for attaque, defense in PAIRES:
        comparer(attaque, defense, bouclier, profondeur)


@pytest.mark.parametrize("ecart", [-2, 0, 2])
@pytest.mark.parametrize("seuil", [0, 6, 12, 30])
def test_spells_threshold_and_incantation_equal_the_pair_by_pair_walk(seuil: int, ecart: int) -> None:
    for attaque, defense in PAIRES[::4]:
        comparer(attaque, defense, False, 2, seuil, ecart)


@pytest.mark.parametrize(("attaque", "defense", "bouclier"), [
    (Camp(des=1, base=5, maitrise=True), Camp(des=1, base=5, maitrise=True), False),
    (Camp(des=1, base=4, ec=EC_TIREUR, maitrise=True), Camp(des=2, base=6, maitrise=True), True),
    (Camp(des=2, base=7, maitrise=True), Camp(des=1, base=2, maitrise=True), False),
    (Camp(des=3, base=3, ec=EC_TIR_STANDARD, maitrise=True), Camp(des=3, base=9, maitrise=False), False),
    (Camp(des=4, base=0), Camp(des=1, base=12, maitrise=True), False),
    (Camp(des=1, base=11, ec=faces_ec(specialiste=True), maitrise=True), Camp(des=1, base=0, maitrise=True), True),
])
def test_full_depth_equals_the_pair_by_pair_walk(attaque: Camp, defense: Camp, bouclier: bool) -> None:
    comparer(attaque, defense, bouclier, 12)


def test_full_depth_spell_equals_the_pair_by_pair_walk() -> None:
    comparer(Camp(des=1, base=6, maitrise=True), Camp(des=1, base=5, maitrise=True), False, 12, seuil=14, ecart=-2)
    comparer(Camp(des=2, base=4, maitrise=True), Camp(des=1, base=8, maitrise=True), False, 12, seuil=9, ecart=2)
