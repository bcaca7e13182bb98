"""Khârn-Âges damage chain (`calcul-degats`) against a brute force written here from the book.

Every die is rolled literally, with `fractions.Fraction` and no icepool: both sides' dice
(the rolls, RC explosions and mastery rerolls of the opposed-roll brute force of
tests/test_odds_kharn_ages.py), Exécuteur's D10, the D10 read as 1D5 for perce-armure
(⌈d10 / 2⌉, line 97), and every armour die. The damage rules come from the rulebook
(../shared/seeds/001_77ef1c985db8962e.txt): stature added on an RC of a 2 or 3 PA melee attack
(l. 312), damage doubled on a shot's RC (l. 917), range +1 / −3 applied last (l. 939-942),
P's effect +1 and Brutalité X (l. 745, 1520), Exécuteur +1D10 at 3 PA (l. 1556), perce-armure
boxes removed before the armour roll (l. 1290-1296), one armour box ticked per damage taken,
RC stops the base damage only, EC stops nothing and ticks one more box (l. 1693-1706), a shield
in use ticks one box, two on a defence EC, and parries on a defence RC (l. 1720-1722). The
readings recorded in data/kharn-ages/calculs.yaml (calcul-degats) are followed.
"""
from __future__ import annotations

import functools
import math
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer
from browser_engine.jeux.kharn_ages.calculs_degats import Degats, Etat, Sequence, derouler, loi_jointe
from browser_engine.jeux.kharn_ages.calculs_jets import Camp, faces_ec
from tests.engine_support import load_bundle
from tests.test_odds_kharn_ages import Roll, Side, first_rolls, mastery_rerolls, side_law

F = Fraction
FACES = range(1, 11)
DEPTH = 12


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: F(d["fraction"]) for d in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: F(i["fraction"]) for i in result["issues"]}


# --- brute force: the opposed roll ------------------------------------------------------------------

def wins(a: Roll, d: Roll, att: Side, dfn: Side, shield: bool) -> bool:
    """EC loses, a defence EC never happened; with a shield a defence RC parries everything;
    else an RC beats a roll without one, then the higher total, ties to the defender."""
    if att.ec(a.natural):
        return False
    if dfn.ec(d.natural):
        return True
    if shield and d.natural == 10:
        return False
    if (a.natural == 10) != (d.natural == 10):
        return a.natural == 10
    return d.total < a.total


# (hit, attack RC, defence EC, attacker rerolled, defender rerolled)
Cat = tuple[bool, bool, bool, bool, bool]


@functools.cache
def brute_joint(att: Side, dfn: Side, shield: bool, depth: int) -> dict[Cat, Fraction]:
    """Every first roll of both sides, the attacker's reroll if failing, then the defender's if the attack passes."""
    counts: dict[Cat, int] = defaultdict(int)
    unit = 10 ** (1 + depth)
    defences = list(first_rolls(dfn, depth))
    for dice_a, a, ca in first_rolls(att, depth):
        for dice_d, d, cd in defences:
            # at two dice or more the lowest die is rerolled: a kept 10 cannot improve, so the
            # mastery die is kept for later
            rerolled_a = att.mastery and not wins(a, d, att, dfn, shield) and not (att.dice > 1 and a.natural == 10)
            attacks = mastery_rerolls(att, dice_a, a, depth) if rerolled_a else [(a, unit)]
            for a2, ca2 in attacks:
                rerolled_d = dfn.mastery and wins(a2, d, att, dfn, shield) and not (dfn.dice > 1 and d.natural == 10)
                finals = mastery_rerolls(dfn, dice_d, d, depth) if rerolled_d else [(d, unit)]
                for d2, cd2 in finals:
                    hit = wins(a2, d2, att, dfn, shield)
                    cat = (hit, hit and a2.natural == 10, dfn.ec(d2.natural), rerolled_a, rerolled_d)
                    counts[cat] += ca * cd * ca2 * cd2
    den = 10 ** (att.dice + depth) * 10 ** (dfn.dice + depth) * unit * unit
    return {k: F(v, den) for k, v in counts.items() if v}


@functools.cache
def brute_joint_full_depth(att: Side, dfn: Side, shield: bool) -> dict[Cat, Fraction]:
    """No mastery, depth 12: every pair of (kept die, total) of the two sides."""
    assert not att.mastery and not dfn.mastery
    out: dict[Cat, Fraction] = defaultdict(F)
    law_d = side_law(dfn, DEPTH)
    for (na, ta, cut_a), pa in side_law(att, DEPTH).items():
        for (nd, td, cut_d), pd in law_d.items():
            a, d = Roll(na, ta, cut_a), Roll(nd, td, cut_d)
            hit = wins(a, d, att, dfn, shield)
            out[(hit, hit and na == 10, dfn.ec(nd), False, False)] += pa * pd
    return dict(out)


# --- brute force: damage ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Hit:
    """The damage side of the form, named like its parameters."""

    degats: int = 4
    pa: int = 2
    tir: bool = False
    effets_p: int = 0
    brutalite: int = 0
    stature: int = 3
    courte: bool = False
    longue: bool = False
    executeur: bool = False
    perce: int = 0
    perce_1d5: bool = False
    mains_nues: bool = False
    de5: bool = False
    armour_dice: int = 1
    seuil: int = 6
    faible: int = 1
    fort: int = 2


def brute_hit(h: Hit, rc: bool, boxes: int, exec_left: bool) -> dict[tuple[int, int], Fraction]:
    """(damage through, armour boxes left) of one hit, every die rolled."""
    out: dict[tuple[int, int], Fraction] = defaultdict(F)
    extra = [(f, F(1, 10)) for f in FACES] if h.executeur and exec_left else [(0, F(1))]
    if h.de5:  # 1D5 read on a D10, rounded up (l. 97)
        extra = [(e + math.ceil(f / 2), p * F(1, 10)) for e, p in extra for f in FACES]
    perces = [(math.ceil(f / 2), F(1, 10)) for f in FACES] if h.perce_1d5 else [(h.perce, F(1))]
    for ex, p_ex in extra:
        dmg = h.degats + h.effets_p * 1 + h.effets_p * h.brutalite + ex
        crit = (dmg if h.tir else h.stature) if rc and h.pa >= 2 else 0
        total = max(0, dmg + crit + (1 if h.courte else 0) - (3 if h.longue else 0))
        crit_part = min(crit, total)  # a range penalty takes base damage first
        base_part = total - crit_part
        if total == 0:
            out[(0, boxes)] += p_ex
            continue
        for perce, p_pe in perces:
            left = max(0, boxes - perce)
            if left == 0:
                out[(total, 0)] += p_ex * p_pe
                continue
            tick = 0 if h.mains_nues else 1
            left -= tick
            for dice in product(FACES, repeat=h.armour_dice):
                p = p_ex * p_pe * F(1, 10 ** h.armour_dice)
                best = max(dice)
                if best == 10:
                    out[(crit_part, left)] += p
                elif best == 1:
                    out[(total, max(0, left - tick))] += p
                elif best >= h.seuil:
                    out[(crit_part + max(0, base_part - h.fort), left)] += p
                else:
                    out[(crit_part + max(0, base_part - h.faible), left)] += p
    return dict(out)


@dataclass(frozen=True)
class Fight:
    """Both sides and the target."""

    att: Side
    dfn: Side
    hit: Hit
    pv: int = 8
    armour: int = 0
    shield: bool = False
    shield_boxes: int = 0
    shield_bonus: int = 0


def brute_sequence(f: Fight, attacks: int, depth: int | None = None) -> tuple[dict[int, Fraction], Fraction, dict]:
    """Law of the PV lost after `attacks` attacks, P(at least one hit), and the final states."""
    def side_now(side: Side, available: bool, bonus: int = 0) -> Side:
        spent = side.mastery and not available
        return replace(side, dice=max(1, side.dice - (1 if spent else 0)), base=side.base + bonus, mastery=available)

    def joint(att: Side, dfn: Side, shield: bool) -> dict[Cat, Fraction]:
        if depth is None:
            return brute_joint_full_depth(att, dfn, shield)
        return brute_joint(att, dfn, shield, depth)

    states = {(0, f.armour, f.shield_boxes if f.shield else 0, f.hit.executeur, f.att.mastery, f.dfn.mastery, True): F(1)}
    for _ in range(attacks):
        nxt: dict[tuple, Fraction] = defaultdict(F)
        for state, p in states.items():
            lost, boxes, sboxes, ex, ma, md, never = state
            if lost >= f.pv:
                nxt[state] += p
                continue
            shield = sboxes > 0
            att = side_now(f.att, ma)
            dfn = side_now(f.dfn, md, f.shield_bonus if shield else 0)
            for (hit, rc, ec_d, ra, rd), pc in joint(att, dfn, shield).items():
                sb = max(0, sboxes - (2 if ec_d else 1)) if shield else sboxes
                ma2, md2 = ma and not ra, md and not rd
                if not hit:
                    nxt[(lost, boxes, sb, ex, ma2, md2, never)] += p * pc
                    continue
                for (through, left), ph in brute_hit(f.hit, rc, boxes, ex).items():
                    nxt[(min(f.pv, lost + through), left, sb, False, ma2, md2, False)] += p * pc * ph
        states = dict(nxt)
    law: dict[int, Fraction] = defaultdict(F)
    for state, p in states.items():
        law[state[0]] += p
    never_hit = sum((p for s, p in states.items() if s[-1]), F(0))
    return {k: v for k, v in law.items() if v}, 1 - never_hit, states


# --- engine side ------------------------------------------------------------------------------------

def camp(side: Side) -> Camp:
    return Camp(des=side.dice, base=side.base, ec=faces_ec(side.tireur, side.tir_standard, side.specialiste),
                maitrise=side.mastery)


def params(f: Fight, attacks: int = 1) -> dict[str, Any]:
    """The calculation's parameters for a fight (no Héroïque: the dice count is the level)."""
    h = f.hit
    return {
        "niveau_attaque": f.att.dice, "carac_attaque": f.att.base, "bonus_attaque": 0,
        "tireur_attaque": f.att.tireur, "tir_standard_attaque": f.att.tir_standard,
        "maitrise_attaque": f.att.mastery, "specialiste_attaque": f.att.specialiste, "heroique_attaque": False,
        "pa_attaque": h.pa, "tir_attaque": h.tir, "degats_attaque": h.degats, "effets_p_attaque": h.effets_p, "brutalite_attaque": h.brutalite,
        "stature_attaque": h.stature, "portee_courte_attaque": h.courte, "portee_longue_attaque": h.longue, "executeur_attaque": h.executeur,
        "perce_armure_attaque": h.perce, "perce_armure_1d5_attaque": h.perce_1d5, "degats_1d5_attaque": h.de5, "sans_usure_attaque": h.mains_nues,
        "attaques": attacks,
        "niveau_defense": f.dfn.dice, "carac_defense": f.dfn.base, "bonus_defense": 0,
        "maitrise_defense": f.dfn.mastery, "specialiste_defense": f.dfn.specialiste, "heroique_defense": False,
        "bouclier_defense": f.shield, "bonus_bouclier_defense": f.shield_bonus, "cases_bouclier_defense": f.shield_boxes, "pv_defense": f.pv,
        "cases_armure_defense": f.armour, "seuil_armure_defense": h.seuil, "protection_faible_defense": h.faible, "protection_forte_defense": h.fort,
    }


# --- tests -----------------------------------------------------------------------------------------

def test_brute_hit_by_hand():
    """The damage brute force on cases counted by hand."""
    # Book example (l. 956-964): a 5-damage shot, RC, long range: (5 × 2) − 3 = 7, no armour.
    assert brute_hit(Hit(degats=5, tir=True, longue=True), True, 0, False) == {(7, 0): 1}
    # Melee RC at 2 PA: 4 + stature 3; at 1 PA nothing is added.
    assert brute_hit(Hit(), True, 0, False) == {(7, 0): 1}
    assert brute_hit(Hit(pa=1), True, 0, False) == {(4, 0): 1}
    # Half-plate, threshold 6, one die, 4 base damage, no critical: 10 → 0, 1 → 4 and 2 boxes,
    # 6-9 → 2, 2-5 → 3.
    assert brute_hit(Hit(), False, 5, False) == {(0, 4): F(1, 10), (4, 3): F(1, 10), (2, 4): F(4, 10),
                                                 (3, 4): F(4, 10)}
    # With a melee RC the stature (3) gets through even an armour RC.
    assert brute_hit(Hit(), True, 5, False)[(3, 4)] == F(1, 10)


def test_joint_by_hand():
    """One die each, no mastery, depth 1: a few categories counted by hand."""
    att, dfn = Side(1, 0), Side(1, 0)
    joint = brute_joint(att, dfn, False, 1)
    # The defence EC (1/10) lets every non-EC attack through (9/10).
    assert sum(p for c, p in joint.items() if c[2] and c[0]) == F(9, 100)
    # Hits with an attack RC: the attacker's 10 against a defence without RC (9/10), plus both RC
    # with a higher attack total: with depth 1, rerolls of 2-9 add 2-9, a 1 adds nothing, a
    # truncated 10 adds 10; P(attack reroll > defence reroll) = (1 − P(tie)) / 2 = (1 − 10/100) / 2.
    assert sum(p for c, p in joint.items() if c[1]) == F(1, 10) * (F(9, 10) + F(1, 10) * F(45, 100))


@pytest.mark.parametrize("att,dfn,shield", [
    (Side(1, 3), Side(1, 3), False),
    (Side(1, 3), Side(1, 3), True),
    (Side(2, 4, mastery=True), Side(1, 5, mastery=True), False),
    (Side(1, 4, mastery=True), Side(2, 3, mastery=True), True),
    (Side(2, 2, tireur=True, mastery=True), Side(2, 6, specialiste=True, mastery=True), True),
    (Side(1, 6, tir_standard=True, specialiste=True), Side(1, 2, mastery=True), False),
])
def test_joint_law_matches_brute_force(att, dfn, shield):
    """Categories of the opposed roll (with mastery and shield) at depth 2, against the literal enumeration."""
    loi = loi_jointe(camp(att), camp(dfn), shield, 2)
    assert {tuple(c): p for c, p in loi.categories.items()} == brute_joint(att, dfn, shield, 2)
    assert sum(loi.categories.values()) == 1


def test_shield_parries_an_attack_rc():
    """With a shield, a defence RC stops even an attack RC; without, the totals decide."""
    att, dfn = Side(1, 10), Side(1, 0)
    without = brute_joint_full_depth(att, dfn, False)
    with_shield = brute_joint_full_depth(att, dfn, True)
    rc_hits = sum(p for c, p in without.items() if c[1])
    rc_hits_shield = sum(p for c, p in with_shield.items() if c[1])
    assert rc_hits - rc_hits_shield > F(1, 100) * F(9, 10)  # both RC, attack total higher: 1/100 × most
    engine = loi_jointe(camp(att), camp(dfn), True)
    assert sum(p for c, p in engine.categories.items() if c.rc) == rc_hits_shield


HITS = [
    pytest.param(Hit(), 0, id="melee-stature"),
    pytest.param(Hit(pa=3, effets_p=2, brutalite=1, executeur=True), 0, id="pp-brutalite-executeur"),
    pytest.param(Hit(degats=5, tir=True, longue=True, armour_dice=2), 4, id="tir-longue-armure"),
    pytest.param(Hit(degats=3, tir=True, courte=True, perce=2, armour_dice=2), 3, id="tir-courte-perce"),
    pytest.param(Hit(degats=6, perce_1d5=True, seuil=5, faible=1, fort=3, armour_dice=2), 4, id="perce-1d5"),
    pytest.param(Hit(degats=2, pa=1, armour_dice=2), 2, id="attaque-simple"),
    pytest.param(Hit(degats=0, de5=True, armour_dice=2), 3, id="coup-de-cornes-1d5"),
    pytest.param(Hit(degats=1, pa=3, de5=True, executeur=True, perce_1d5=True, armour_dice=1), 3,
                 id="1d5-executeur-perce-1d5"),
    pytest.param(Hit(degats=5, mains_nues=True, armour_dice=2), 1, id="mains-nues"),
    pytest.param(Hit(degats=1, tir=True, longue=True, armour_dice=2), 2, id="tir-malus-mange-le-critique"),
]


@pytest.mark.parametrize("hit,armour", HITS)
def test_one_attack_end_to_end(bundle, hit, armour):
    """The calculation's law and issues for one attack, at full depth, against the brute force."""
    att = Side(hit.armour_dice, 5, tireur=hit.tir)
    dfn = Side(hit.armour_dice, 4)
    fight = Fight(att, dfn, hit, pv=12, armour=armour)
    law, touched, states = brute_sequence(fight, 1)
    result = calculer(bundle, "degats", params(fight))
    assert distribution(result) == law
    found = issues(result)
    assert found["touche"] == touched
    assert found["terrasse"] == law.get(12, 0)
    if armour:
        assert found["armure-hors-d-usage"] == sum(p for s, p in states.items() if s[1] == 0)


def test_shield_wears_across_attacks(bundle):
    """Three attacks on a shield with 3 boxes (two ticked on a defence EC) and its bonus."""
    fight = Fight(Side(2, 6), Side(2, 5), Hit(degats=4, armour_dice=2), pv=9, armour=3, shield=True,
                  shield_boxes=3, shield_bonus=2)
    law, touched, states = brute_sequence(fight, 3)
    result = calculer(bundle, "degats", params(fight, 3))
    assert distribution(result) == law
    assert issues(result)["touche"] == touched
    assert issues(result)["bouclier-brise"] == sum(p for s, p in states.items() if s[2] == 0)


def test_sequence_executeur_once_and_takes_out(bundle):
    """Exécuteur adds its D10 to the first hit only; the target at 0 PV takes no more attacks."""
    fight = Fight(Side(1, 8), Side(1, 3), Hit(degats=3, pa=3, effets_p=1, brutalite=2, executeur=True,
                                              armour_dice=1), pv=10, armour=2)
    law, touched, _ = brute_sequence(fight, 3)
    result = calculer(bundle, "degats", params(fight, 3))
    assert distribution(result) == law
    assert issues(result)["terrasse"] == law.get(10, 0) > 0
    assert issues(result)["touche"] == touched


def test_sequence_with_mastery_spent_once():
    """Mastery on both sides over two attacks (depth 2): spent at most once, then one die fewer."""
    att, dfn = Side(2, 4, mastery=True), Side(2, 4, mastery=True)
    hit = Hit(degats=4, armour_dice=2)
    fight = Fight(att, dfn, hit, pv=6, armour=2, shield=True, shield_boxes=2, shield_bonus=1)
    law, touched, _ = brute_sequence(fight, 2, depth=2)
    degats = Degats(fixes=4, executeur=False, bonus_rc="stature", stature=3, portee=0, perce=0, perce_de=False,
                    usure=True, des_armure=2, seuil=6, faible=1, fort=2)
    sequence = Sequence(camp(att), camp(dfn), 1, degats, 6, profondeur=2)
    bilan = derouler(sequence, Etat(0, 2, 2, False, True, True), 2)
    engine: dict[int, Fraction] = defaultdict(F)
    for etat, p in bilan.etats.items():
        engine[etat.perdus] += p
    assert dict(engine) == law
    assert bilan.touche == touched


def test_at_least_and_expectation_are_consistent(bundle):
    """« Au moins 1 PV » is the chance that some damage gets through, below P(hit) with an armour."""
    fight = Fight(Side(2, 6), Side(2, 6), Hit(degats=2, armour_dice=2), pv=8, armour=4)
    result = calculer(bundle, "degats", params(fight))
    law = distribution(result)
    assert sum(p for v, p in law.items() if v >= 1) < issues(result)["touche"]


@pytest.mark.parametrize("change,name,words", [
    ({"tir_standard_attaque": True}, "tir_attaque", "ne valent que pour un tir"),
    ({"tir_attaque": True, "tir_standard_attaque": True, "pa_attaque": 3}, "pa_attaque", "2 PA"),
    ({"portee_longue_attaque": True}, "portee_courte_attaque", "portée"),
    ({"tir_attaque": True, "portee_longue_attaque": True, "portee_courte_attaque": True}, "portee_longue_attaque", "à la fois"),
    ({"tir_attaque": True, "effets_p_attaque": 1}, "effets_p_attaque", "V et A"),
    ({"pa_attaque": 2, "effets_p_attaque": 2}, "effets_p_attaque", "au plus 1 effet"),
    ({"pa_attaque": 2, "executeur_attaque": True}, "executeur_attaque", "3 PA"),
    ({"perce_armure_attaque": 2, "perce_armure_1d5_attaque": True}, "perce_armure_1d5_attaque", "pas les deux"),
    ({"perce_armure_attaque": 2, "sans_usure_attaque": True}, "sans_usure_attaque", "mains nues"),
    ({"protection_faible_defense": 3, "protection_forte_defense": 2}, "protection_forte_defense", "inférieure"),
    ({"attaques": 7}, "attaques", "entier de 1 à 6"),
    ({"pv_defense": 0}, "pv_defense", "entier de 1 à 30"),
    ({"stature_attaque": "<b>grand</b>"}, "stature_attaque", "entier de 0 à 6"),
])
def test_bad_parameters_get_french_messages(bundle, change, name, words):
    with pytest.raises(ErreurParametre) as err:
        calculer(bundle, "degats", change)
    assert err.value.parametre == name
    assert words in err.value.message
