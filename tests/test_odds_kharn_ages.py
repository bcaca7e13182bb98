"""Khârn-Âges Tactik odds against an independent brute-force enumeration written here.

The brute force rolls every die literally, in plain Python with `fractions.Fraction` (no
icepool): every outcome of the N D10 (the player keeps the most useful die: no EC first, then
the highest, l. 230 and 433), every reroll of a kept 10 up to the same depth, the mastery die
replacing the only or the least useful die, both sides of an opposed roll.
Rules come from the rulebook (../shared/seeds/001_77ef1c985db8962e.txt) and the semantics of
the Khârn-Âges issues: EC on 1 (1-2 for a shooter's shot, 1-3 Tir standard, Spécialiste
removes the 1; a defence is never a shot, l. 915-917), a kept 10 always succeeds (l. 112, 118:
against a threshold, and against a defence without RC) and explodes (a reroll on one of the
roll's EC faces adds nothing, any other face is added, l. 116), mastery only when failing,
ties to the defender (l. 609).
"""
from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from browser_engine import ErreurDonnees, ErreurParametre, calculer, tables_statiques
from browser_engine.cli import main
from browser_engine.jeux.kharn_ages.calculs_jets import Camp, faces_ec, loi_opposition
from tests.engine_support import ROOT, load_bundle

F = Fraction
DEPTH = 12
FACES = range(1, 11)


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: F(d["fraction"]) for d in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: F(i["fraction"]) for i in result["issues"]}


# --- brute force ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Side:
    """One roll, described the way a player reads it."""

    dice: int
    base: int
    tireur: bool = False
    tir_standard: bool = False
    specialiste: bool = False
    mastery: bool = False

    def ec(self, natural: int) -> bool:
        if self.tir_standard:
            faces = {1, 2, 3}
        elif self.tireur:
            faces = {1, 2}
        else:
            faces = {1}
        if self.specialiste:
            faces.discard(1)
        return natural in faces


@dataclass(frozen=True)
class Roll:
    """A finished roll: kept natural die, total (0 for an EC), whether an explosion hit the depth."""

    natural: int
    total: int
    truncated: bool


# Weights are integers: a chance out of 10**k, k being the number of D10 rolled at most on that
# branch; the functions say their k, and results are turned into fractions at the end.

def rc_rerolls(depth: int, side: Side | None = None) -> list[tuple[int, int, bool]]:
    """Every sequence of rerolls of a kept 10: (value added, chance out of 10**depth, stopped by the depth).

    A rerolled face that is an EC of this roll (by default, a 1) adds nothing; any other is added.
    """
    side = side or Side(1, 0)
    out = []

    def go(added: int, steps: int) -> None:
        for face in FACES:
            chance = 10 ** (depth - steps - 1)
            if face == 10 and steps + 1 == depth:
                out.append((added + 10, chance, True))
            elif face == 10:
                go(added + 10, steps + 1)
            elif side.ec(face):
                out.append((added, chance, False))  # an EC adds nothing, the action still succeeds
            else:
                out.append((added + face, chance, False))

    go(0, 0)
    return out


@functools.cache
def kept_die(side: Side, natural: int, depth: int) -> list[tuple[Roll, int]]:
    """The roll that follows from a kept natural die, chances out of 10**depth."""
    if side.ec(natural):
        return [(Roll(natural, 0, False), 10 ** depth)]
    if natural == 10:
        return [(Roll(10, side.base + 10 + added, cut), c) for added, c, cut in rc_rerolls(depth, side)]
    return [(Roll(natural, side.base + natural, False), 10 ** depth)]


def usefulness(side: Side, natural: int) -> tuple[bool, int]:
    """How much a die serves the player (l. 230, 433: he chooses the die he keeps): no EC first, then higher."""
    return (not side.ec(natural), natural)


def keep(side: Side, dice: tuple[int, ...]) -> int:
    """The die the player keeps: the most useful one."""
    return max(dice, key=lambda natural: usefulness(side, natural))


def first_rolls(side: Side, depth: int) -> Iterator[tuple[tuple[int, ...], Roll, int]]:
    """Every (dice thrown, roll, chance out of 10**(dice + depth)): all faces, the most useful die kept."""
    for dice in product(FACES, repeat=side.dice):
        for roll, c in kept_die(side, keep(side, dice), depth):
            yield dice, roll, c


@functools.cache
def mastery_rerolls(side: Side, dice: tuple[int, ...], roll: Roll, depth: int) -> list[tuple[Roll, int]]:
    """The mastery die: reroll the die (one die) or the least useful die; keep the most useful again.

    A new die that is not more useful than the kept one leaves the kept die (and its
    explosion) as it was. Chances out of 10**(1 + depth).
    """
    out = []
    for face in FACES:
        if len(dice) == 1:
            out += kept_die(side, face, depth)
            continue
        worst = dice.index(min(dice, key=lambda natural: usefulness(side, natural)))
        new_dice = dice[:worst] + (face,) + dice[worst + 1:]
        if keep(side, new_dice) == roll.natural:
            out.append((roll, 10 ** depth))
        else:
            out += kept_die(side, keep(side, new_dice), depth)
    return out


def as_fractions(counts: dict[Any, int], denominator: int) -> dict[Any, Fraction]:
    return {k: F(v, denominator) for k, v in counts.items()}


def brute_threshold(side: Side, threshold: int, depth: int = DEPTH) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """Law of the final total (0 = EC) and P(success, RC, EC, truncation) against a threshold."""
    def success(roll: Roll) -> bool:
        if side.ec(roll.natural):
            return False
        return roll.natural == 10 or roll.total >= threshold

    law: dict[int, int] = defaultdict(int)
    named = {"reussite": 0, "rc": 0, "ec": 0, "troncature": 0}

    def record(roll: Roll, c: int, truncated: bool) -> None:
        law[roll.total] += c
        named["reussite"] += c if success(roll) else 0
        named["rc"] += c if roll.natural == 10 and not side.ec(10) else 0
        named["ec"] += c if side.ec(roll.natural) else 0
        named["troncature"] += c if truncated else 0

    reroll_unit = 10 ** (1 + depth)
    for dice, roll, c in first_rolls(side, depth):
        if success(roll) or not side.mastery:
            record(roll, c * reroll_unit, roll.truncated)
        else:
            for roll2, c2 in mastery_rerolls(side, dice, roll, depth):
                record(roll2, c * c2, roll.truncated or roll2.truncated)
    denominator = 10 ** (side.dice + depth) * reroll_unit
    return as_fractions(law, denominator), as_fractions(named, denominator)


def attack_wins(attack: Roll, defence: Roll, att: Side, dfn: Side) -> bool:
    """An EC loses; an RC (kept 10) beats a roll without RC; else the higher total, ties to the defender."""
    if att.ec(attack.natural):
        return False
    if dfn.ec(defence.natural):
        return True
    if (attack.natural == 10) != (defence.natural == 10):
        return attack.natural == 10
    return defence.total < attack.total


def margin_of(attack: Roll, defence: Roll, att: Side, dfn: Side) -> int:
    """0 when the attack fails, else the attack total minus the defence total (an EC counting 0), at least 1."""
    if not attack_wins(attack, defence, att, dfn):
        return 0
    return max(1, attack.total - (0 if dfn.ec(defence.natural) else defence.total))


def brute_opposed(att: Side, dfn: Side, depth: int) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """Every joint outcome: both first rolls, the attacker's mastery reroll, then the defender's."""
    margin: dict[int, int] = defaultdict(int)
    named: dict[str, int] = defaultdict(int)
    reroll_unit = 10 ** (1 + depth)
    defences = list(first_rolls(dfn, depth))
    for dice_a, a, ca in first_rolls(att, depth):
        for dice_d, d, cd in defences:
            if attack_wins(a, d, att, dfn) or not att.mastery:
                attacks = [(a, reroll_unit)]
            else:
                attacks = mastery_rerolls(att, dice_a, a, depth)
            for a2, ca2 in attacks:
                if attack_wins(a2, d, att, dfn) and dfn.mastery:
                    finals = mastery_rerolls(dfn, dice_d, d, depth)
                else:
                    finals = [(d, reroll_unit)]
                for d2, cd2 in finals:
                    c = ca * cd * ca2 * cd2
                    wins = attack_wins(a2, d2, att, dfn)
                    margin[margin_of(a2, d2, att, dfn)] += c
                    named["reussite"] += c if wins else 0
                    named["rc-attaque"] += c if a2.natural == 10 else 0
                    named["ec-attaque"] += c if att.ec(a2.natural) else 0
                    named["rc-defense"] += c if d2.natural == 10 else 0
                    named["ec-defense"] += c if dfn.ec(d2.natural) else 0
                    named["troncature"] += c if a.truncated or d.truncated or a2.truncated or d2.truncated else 0
    denominator = 10 ** (att.dice + depth) * 10 ** (dfn.dice + depth) * reroll_unit ** 2
    return as_fractions(margin, denominator), as_fractions(named, denominator)


def side_law(side: Side, depth: int = DEPTH) -> dict[tuple[int, int, bool], Fraction]:
    """(kept natural, total, truncated) -> probability, for a roll without mastery."""
    law: dict[tuple[int, int, bool], int] = defaultdict(int)
    for _, roll, c in first_rolls(side, depth):
        law[(roll.natural, roll.total, roll.truncated)] += c
    return as_fractions(law, 10 ** (side.dice + depth))


def brute_opposed_without_mastery(att: Side, dfn: Side) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """Opposed rolls at full depth, no mastery: each side enumerated, then every pair of outcomes."""
    margin: dict[int, Fraction] = defaultdict(F)
    named = defaultdict(F)
    law_d = side_law(dfn)
    for (na, ta, cut_a), pa in side_law(att).items():
        for (nd, td, cut_d), pd in law_d.items():
            p = pa * pd
            a, d = Roll(na, ta, cut_a), Roll(nd, td, cut_d)
            wins = attack_wins(a, d, att, dfn)
            margin[margin_of(a, d, att, dfn)] += p
            named["reussite"] += p if wins else 0
            named["troncature"] += p if cut_a or cut_d else 0
            named["rc-attaque"] += p if na == 10 else 0
            named["ec-attaque"] += p if att.ec(na) else 0
    return dict(margin), dict(named)


def brute_success_against_defender_mastery(att: Side, dfn: Side, depth: int = DEPTH) -> Fraction:
    """P(attack succeeds) when only the defender may have a mastery die, at any depth.

    Every first roll of both sides and every reroll of the defender is enumerated. Beating a
    defence is monotone in the defence (an EC is the weakest, then rolls without RC by total,
    then RCs by total), so the attack beats both the first defence d and the rerolled one d2
    exactly when it beats the stronger of them; with P(attack beats x) counted once for every x,
    the enumeration stays short.
    """
    assert not att.mastery
    attack = side_law(att, depth)

    def strength(roll: Roll) -> tuple[int, int]:
        return (-1, 0) if dfn.ec(roll.natural) else (1 if roll.natural == 10 else 0, roll.total)

    beats: dict[tuple[int, int], Fraction] = {}

    def beat(s: tuple[int, int]) -> Fraction:
        if s not in beats:
            beats[s] = sum((p for (na, ta, _), p in attack.items() if not att.ec(na) and (
                s[0] < 0 or (1 if na == 10 else 0, ta) > s)), F(0))
        return beats[s]

    total = 0
    unit = 10 ** (1 + depth)
    for dice, d, cd in first_rolls(dfn, depth):
        if not dfn.mastery:
            total += F(cd, 10 ** (dfn.dice + depth)) * beat(strength(d))
            continue
        rerolls = mastery_rerolls(dfn, dice, d, depth)
        total += F(cd, 10 ** (dfn.dice + depth)) * sum(
            (F(c2, unit) * beat(max(strength(d), strength(d2))) for d2, c2 in rerolls), F(0))
    return total


def brute_force_opposition(attaque: dict[str, Any], defense: dict[str, Any], depth: int = DEPTH) -> Fraction:
    """P(attack succeeds) by brute force, from parameters named like the calculation's (without suffix).

    Keys: niveau, carac, bonus, tireur, tir_standard, specialiste, heroique, maitrise. Used by
    the browser test too. With an attacker's mastery die the fully literal enumeration runs:
    keep the parameters modest then.
    """
    def side(p: dict[str, Any]) -> Side:
        return Side(p["niveau"] + (1 if p.get("heroique") else 0), p["carac"] + p.get("bonus", 0),
                    tireur=p.get("tireur", False), tir_standard=p.get("tir_standard", False),
                    specialiste=p.get("specialiste", False), mastery=p.get("maitrise", False))

    att, dfn = side(attaque), side(defense)
    if att.mastery:
        return brute_opposed(att, dfn, depth)[1]["reussite"]
    return brute_success_against_defender_mastery(att, dfn, depth)


def camp(side: Side) -> Camp:
    return Camp(des=side.dice, base=side.base, ec=faces_ec(side.tireur, side.tir_standard, side.specialiste),
                maitrise=side.mastery)


def threshold_params(side: Side, threshold: int, niveau: int | None = None, heroique: bool = False) -> dict[str, Any]:
    return {"niveau": niveau or side.dice, "carac": side.base, "bonus": 0, "seuil": threshold,
            "tireur": side.tireur, "tir_standard": side.tir_standard, "maitrise": side.mastery,
            "specialiste": side.specialiste, "heroique": heroique}


# --- the brute force itself, on cases worked by hand -------------------------------------------------

def test_brute_force_agrees_with_hand_counts():
    law, named = brute_threshold(Side(1, 6, tireur=True), 12)
    # 1-2 EC; 3-5 give 9-11 (fail); 6-9 give 12-15; 10 always succeeds.
    assert named["reussite"] == F(1, 2) and named["ec"] == F(1, 5) and named["rc"] == F(1, 10)
    # 6 + 10 + a reroll of 1 or 2 (an EC of this shot: adds nothing); a reroll of 3 adds 3.
    assert law[0] == F(1, 5) and law[16] == F(2, 100) and 17 not in law and law[19] == F(1, 100)
    assert named["troncature"] == F(1, 10) ** 13
    assert sum(law.values()) == 1
    # Level II, threshold 15 with 6: needs 9 or a 10 on the best of two dice.
    assert brute_threshold(Side(2, 6), 15)[1]["reussite"] == 1 - F(8, 10) ** 2


def test_brute_force_rerolls_by_hand():
    # A Spécialiste's 1 is no EC (l. 1579), so a rerolled 1 is added (l. 116): 10 + 1 = 11.
    law, _ = brute_threshold(Side(1, 0, specialiste=True), 5)
    assert law[11] == F(1, 100) and 10 not in law
    law, _ = brute_threshold(Side(1, 0), 5)
    assert law[10] == F(1, 100) and law.get(11, 0) == 0
    # Attack level I with 0 against a defence level I with 15: only an RC can pass (l. 112).
    # Attacker 2-9 wins only against a defender's 1 (EC); attacker 10 wins against every
    # defender's 1-9, and against a defender's 10 only with a longer explosion.
    margin, named = brute_opposed(Side(1, 0), Side(1, 15), 2)
    assert F(8, 100) + F(9, 100) < named["reussite"] < F(8, 100) + F(10, 100)
    # An RC with a rerolled 1 (total 10) against a defender's 2-9 (17-24) wins with margin 1.
    assert margin[1] >= F(1, 10) * F(1, 10) * F(8, 10)


# --- one action against a threshold ------------------------------------------------------------------

SEUIL_CASES = [
    (Side(1, 6), 12), (Side(1, 6, tireur=True), 12), (Side(1, 5, tir_standard=True), 9),
    (Side(1, 5, tir_standard=True, specialiste=True), 9), (Side(1, 4, specialiste=True), 5),
    (Side(1, 6, mastery=True), 14), (Side(1, 3, tireur=True, mastery=True), 8),
    (Side(2, 7), 13), (Side(2, 7, mastery=True), 15), (Side(2, 2, tir_standard=True, mastery=True), 7),
    (Side(2, 0, tireur=True, specialiste=True, mastery=True), 3),
    (Side(3, 8), 16), (Side(3, 8, mastery=True), 17), (Side(3, 1, tir_standard=True, specialiste=True, mastery=True), 6),
    (Side(3, 12, mastery=True), 40),
]


@pytest.mark.parametrize(("side", "threshold"), SEUIL_CASES)
def test_seuil_matches_brute_force(bundle, side, threshold):
    law, named = brute_threshold(side, threshold)
    result = calculer(bundle, "seuil", threshold_params(side, threshold))
    assert distribution(result) == {k: v for k, v in law.items() if v}
    assert issues(result) == named


def test_heroique_rolls_one_more_die(bundle):
    # Level III + Héroïque: four dice, mastery rerolling the lowest of them.
    side = Side(4, 5, tireur=True, mastery=True)
    law, named = brute_threshold(side, 13)
    result = calculer(bundle, "seuil", threshold_params(side, 13, niveau=3, heroique=True))
    assert distribution(result) == {k: v for k, v in law.items() if v}
    assert issues(result) == named


def test_mastery_never_hurts_and_rc_always_succeeds(bundle):
    sans = issues(calculer(bundle, "seuil", {"niveau": 2, "carac": 3, "seuil": 30}))
    avec = issues(calculer(bundle, "seuil", {"niveau": 2, "carac": 3, "seuil": 30, "maitrise": True}))
    # Threshold out of reach without a 10: success is exactly "a 10 kept" (1 − 0.9²), then the reroll
    # of the lowest die gives one more tenth of chance to each failure.
    assert sans["reussite"] == sans["rc"] == 1 - F(9, 10) ** 2
    assert avec["reussite"] == sans["reussite"] + (1 - sans["reussite"]) * F(1, 10)


# --- opposed rolls --------------------------------------------------------------------------------------

def opposition_params(att: Side, dfn: Side) -> dict[str, Any]:
    """The calculation's parameters; only the attack may be a shot (widened EC), never the defence."""
    assert not (dfn.tireur or dfn.tir_standard)
    out: dict[str, Any] = {"tireur_attaque": att.tireur, "tir_standard_attaque": att.tir_standard}
    for suffix, side in (("_attaque", att), ("_defense", dfn)):
        out |= {"niveau" + suffix: side.dice, "carac" + suffix: side.base, "bonus" + suffix: 0,
                "maitrise" + suffix: side.mastery, "specialiste" + suffix: side.specialiste}
    return out


MASTERY_CASES = [
    (Side(1, 6, mastery=True), Side(1, 6, mastery=True), 3),
    (Side(1, 4, tireur=True, mastery=True), Side(1, 9), 3),
    (Side(1, 9), Side(1, 0, mastery=True), 3),  # reflex defence (no characteristic)
    (Side(2, 5, mastery=True), Side(1, 5, mastery=True), 1),
    (Side(1, 3, tir_standard=True, specialiste=True, mastery=True), Side(2, 4, mastery=True), 1),
    (Side(2, 0, mastery=True), Side(1, 15, mastery=True), 3),  # the attack needs long explosions
]


@pytest.mark.parametrize(("att", "dfn", "depth"), MASTERY_CASES)
def test_opposition_with_mastery_matches_brute_force(att, dfn, depth):
    margin, named = brute_opposed(att, dfn, depth)
    loi = loi_opposition(camp(att), camp(dfn), depth)
    assert loi.ecart == {k: v for k, v in margin.items() if v}
    assert (loi.reussite(), loi.rc_attaque, loi.ec_attaque, loi.rc_defense, loi.ec_defense, loi.troncature) == (
        named["reussite"], named["rc-attaque"], named["ec-attaque"], named["rc-defense"], named["ec-defense"],
        named["troncature"])


@pytest.mark.parametrize(("att", "dfn"), [
    (Side(1, 7, mastery=True), Side(1, 8)),
    (Side(1, 2, tireur=True), Side(1, 9, mastery=True)),
    (Side(1, 9, specialiste=True), Side(1, 6, mastery=True)),
])
def test_opposition_full_depth_with_mastery(bundle, att, dfn):
    # The same literal enumeration at the real depth (12); one die each and one mastery die,
    # so that it stays short (both mastery dice together are covered above at a lower depth).
    margin, named = brute_opposed(att, dfn, DEPTH)
    result = calculer(bundle, "opposition", opposition_params(att, dfn))
    assert distribution(result) == {k: v for k, v in margin.items() if v}
    assert issues(result) == named


@pytest.mark.parametrize(("att", "dfn"), [
    (Side(3, 8), Side(2, 7)),
    (Side(2, 6, tireur=True), Side(3, 0)),
    (Side(1, 10, tir_standard=True, specialiste=True), Side(1, 4, specialiste=True)),
])
def test_opposition_without_mastery_full_depth(bundle, att, dfn):
    margin, named = brute_opposed_without_mastery(att, dfn)
    result = calculer(bundle, "opposition", opposition_params(att, dfn))
    assert distribution(result) == {k: v for k, v in margin.items() if v}
    got = issues(result)
    assert {k: got[k] for k in named} == named


def test_ties_go_to_the_defender(bundle):
    # One die each, same characteristics. Without 10s, the attack wins when the defender rolls a 1
    # (EC) or strictly less: for an attacker's a in 2-9, that is a − 1 defender faces (36 in all);
    # an attacker's 10 beats every defender's 1-9 (9); a 10 against a 10 is won by the higher
    # explosion, which by symmetry happens with probability (1 − P(equal explosions)) / 2.
    chains = [(added, F(c, 10 ** DEPTH)) for added, c, _ in rc_rerolls(DEPTH)]
    equal = sum(p * q for (x, p) in chains for (y, q) in chains if x == y)
    expected = F(36 + 9, 100) + F(1, 100) * (1 - equal) / 2
    result = issues(calculer(bundle, "opposition", opposition_params(Side(1, 5), Side(1, 5))))
    assert result["reussite"] == expected


def test_opposition_issue_example_with_defender_mastery(bundle):
    # The issue's example (level III, 8 against level II, 7), the defender holding a mastery die.
    expected = brute_force_opposition({"niveau": 3, "carac": 8}, {"niveau": 2, "carac": 7, "maitrise": True})
    result = calculer(bundle, "opposition", {"niveau_attaque": 3, "carac_attaque": 8, "niveau_defense": 2,
                                             "carac_defense": 7, "maitrise_defense": True})
    assert issues(result)["reussite"] == expected
    # Cross-check of the shortcut against the literal enumeration, at a lower depth.
    small = ({"niveau": 2, "carac": 6, "tireur": True}, {"niveau": 2, "carac": 5, "maitrise": True})
    literal = brute_opposed(Side(2, 6, tireur=True), Side(2, 5, mastery=True), 2)[1]["reussite"]
    assert brute_force_opposition(*small, depth=2) == literal


# --- armour -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("dice", "threshold", "weak", "strong", "damage"), [
    (1, 6, 1, 2, 4), (2, 6, 1, 2, 4), (3, 4, 0, 3, 2), (1, 10, 2, 5, 9), (2, 2, 1, 1, 0),
])
def test_armure_matches_brute_force(bundle, dice, threshold, weak, strong, damage):
    law: dict[int, Fraction] = defaultdict(F)
    cases = defaultdict(F)
    for thrown in product(FACES, repeat=dice):
        best, p = max(thrown), F(1, 10 ** dice)
        if best == 10:
            case, taken = "rc", 0  # every base damage avoided
        elif best == 1:
            case, taken = "ec", damage  # nothing avoided
        elif best >= threshold:
            case, taken = "fort", max(0, damage - strong)
        else:
            case, taken = "faible", max(0, damage - weak)
        law[taken] += p
        cases[case] += p
    result = calculer(bundle, "armure", {"niveau": dice, "seuil": threshold, "faible": weak, "fort": strong,
                                         "degats": damage})
    assert distribution(result) == {k: v for k, v in law.items() if v}
    got = issues(result)
    assert {k: got[k] for k in ("rc", "ec", "fort", "faible")} == {k: cases[k] for k in ("rc", "ec", "fort", "faible")}
    assert got["aucun-degat"] == law.get(0, 0)


def test_armure_demi_plate_by_hand(bundle):
    # One die, threshold 6, half-plate (1 / 2), 3 damage: 10 → 0; 1 → 3; 6-9 → 1; 2-5 → 2.
    result = calculer(bundle, "armure", {"niveau": 1, "seuil": 6, "faible": 1, "fort": 2, "degats": 3})
    assert distribution(result) == {0: F(1, 10), 1: F(4, 10), 2: F(4, 10), 3: F(1, 10)}


# --- morale ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("temerite", "threshold", "allies", "leader", "bonus"), [
    (4, 10, 0, False, 0), (4, 10, 1, True, 0), (2, 13, 0, False, 1), (9, 10, 0, False, 0), (0, 25, 3, True, 2),
])
def test_temerite_matches_brute_force(bundle, temerite, threshold, allies, leader, bonus):
    total_bonus = temerite + 2 * allies + (1 if leader else 0) + bonus
    law, named = brute_threshold(Side(1, total_bonus), threshold)
    result = calculer(bundle, "temerite", {"temerite": temerite, "seuil": threshold, "allies": allies,
                                           "leader": leader, "bonus": bonus})
    assert distribution(result) == {k: v for k, v in law.items() if v}
    got = issues(result)
    assert {k: got[k] for k in named} == named
    assert got["retrait"] == (1 - named["reussite"]) ** 3


def test_temerite_by_hand(bundle):
    # T 4, threshold 10: a 6-9 succeeds, a 10 too; 1-5 fails.
    assert issues(calculer(bundle, "temerite", {"temerite": 4}))["reussite"] == F(1, 2)


def effroi_rows(bundle: dict[str, Any]) -> list[tuple[str, int]]:
    """(effect text, number of faces) of each row of the table, read here from the bundle."""
    (table,) = [t for t in bundle["tables"] if t["id"] == "effets-de-l-effroi"]
    rows = []
    for row in table["lignes"]:
        low, _, high = str(row["jet"]).partition("-")
        rows.append((row["effet"], int(high or low) - int(low) + 1))
    return rows


@pytest.mark.parametrize(("temerite", "intelligence", "threshold", "leader"), [
    (4, 3, 13, False), (5, 5, 13, True), (2, 1, 20, False), (8, 6, 10, False),
])
def test_effroi_matches_brute_force(bundle, temerite, intelligence, threshold, leader):
    base = temerite + intelligence + (1 if leader else 0)
    passed = sum(F(1, 10) for face in FACES if face == 10 or (face != 1 and base + face >= threshold))
    failed = 1 - passed
    result = calculer(bundle, "effroi", {"temerite": temerite, "intelligence": intelligence, "seuil": threshold,
                                         "leader": leader})
    expected = {0: passed} | {face: failed / 10 for face in FACES}
    assert distribution(result) == {k: v for k, v in expected.items() if v}
    got = result["issues"]
    assert (got[0]["id"], F(got[0]["fraction"])) == ("reussite", passed)
    rows = effroi_rows(bundle)
    assert sum(n for _, n in rows) == 10
    assert [F(i["fraction"]) for i in got[2:]] == [failed * F(n, 10) for _, n in rows]
    assert all(effet in i["nom"] for (effet, _), i in zip(rows, got[2:], strict=True))


def test_effroi_reads_the_table_from_the_data(bundle):
    # INVENTED change, only in this test: merge two rows; the calculation follows the data.
    (table,) = [t for t in bundle["tables"] if t["id"] == "effets-de-l-effroi"]
    table["lignes"][0]["jet"] = "1-3"
    del table["lignes"][1]
    result = calculer(bundle, "effroi", {"temerite": 4, "intelligence": 3, "seuil": 13})
    failed = 1 - F(5, 10)  # success: 4 + 3 + (6 to 9) ≥ 13, or a 10
    assert F(result["issues"][2]["fraction"]) == failed * F(3, 10)
    table["lignes"][0]["jet"] = "1-2"  # faces 3 now missing
    with pytest.raises(ErreurDonnees, match="ne couvre pas"):
        calculer(bundle, "effroi", {})


# --- parameters, CLI and static tables ----------------------------------------------------------------------

def test_bad_parameters_get_french_errors(bundle):
    with pytest.raises(ErreurParametre, match="niveau_attaque") as exc:
        calculer(bundle, "opposition", {"niveau_attaque": 4})
    assert exc.value.parametre == "niveau_attaque"
    with pytest.raises(ErreurParametre, match="protection forte") as exc:
        calculer(bundle, "armure", {"faible": 3, "fort": 1})
    assert exc.value.parametre == "fort"
    with pytest.raises(ErreurParametre, match="inconnu"):
        calculer(bundle, "seuil", {"niveau_attaque": 2})


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", "probas", "kharn-ages", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_cli_opposition_example():
    result = run_cli("opposition", "--niveau-attaque", "3", "--carac-attaque", "8", "--niveau-defense", "2",
                     "--carac-defense", "7", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    (reussite,) = [i for i in out["issues"] if i["id"] == "reussite"]
    expected = brute_opposed_without_mastery(Side(3, 8), Side(2, 7))[1]["reussite"]
    assert reussite["fraction"] == f"{expected.numerator}/{expected.denominator}"


def test_cli_seuil_example():
    result = run_cli("seuil", "--niveau", "1", "--carac", "6", "--seuil", "12", "--tireur", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["parametres"]["tireur"] is True and out["parametres"]["maitrise"] is False
    law, named = brute_threshold(Side(1, 6, tireur=True), 12)
    assert {i["id"]: i["fraction"] for i in out["issues"]} == {k: f"{v.numerator}/{v.denominator}"
                                                               for k, v in named.items()}
    assert distribution(out) == law


def test_cli_boolean_flags_per_side(capsys):
    code = main(["probas", "kharn-ages", "opposition", "--niveau-attaque", "1", "--carac-attaque", "6",
                 "--specialiste-attaque", "--tireur-attaque", "--niveau-defense", "1", "--carac-defense", "5",
                 "--maitrise-defense", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["parametres"]["specialiste_attaque"] is True and out["parametres"]["tireur_attaque"] is True
    assert out["parametres"]["maitrise_defense"] is True and out["parametres"]["maitrise_attaque"] is False
    expected = brute_opposed(Side(1, 6, tireur=True, specialiste=True), Side(1, 5, mastery=True), DEPTH)[1]["reussite"]
    assert F(out["issues"][0]["fraction"]) == expected


@pytest.mark.parametrize(("args", "option"), [
    (("seuil", "--niveau", "5"), "--niveau"),
    (("opposition", "--carac-defense", "beaucoup"), "--carac-defense"),
    (("armure", "--faible", "3", "--fort", "2"), "--fort"),
])
def test_cli_bad_parameter_exits_2(args, option):
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("Erreur : ") and f"(option {option})" in result.stderr
    assert "doit être" in result.stderr or "ne peut pas être" in result.stderr


def test_tables_statiques(bundle):
    (table,) = tables_statiques(bundle)
    assert table["page"] == "actions" and table["calcul"] == "seuil"
    sides = [Side(1, 0), Side(2, 0), Side(3, 0), Side(3, 0, mastery=True),
             Side(1, 0, tireur=True), Side(2, 0, tireur=True), Side(3, 0, tireur=True)]
    assert table["colonnes"] == ["Niveau I", "Niveau II", "Niveau III", "Niveau III + maîtrise",
                                 "Tireur niveau I", "Tireur niveau II", "Tireur niveau III"]
    assert [row["entete"] for row in table["lignes"]] == ["2 ou moins"] + [str(g) for g in range(3, 10)] + ["10 ou plus"]
    for row, gap in zip(table["lignes"], range(2, 11), strict=True):
        expected = [brute_threshold(side, gap)[1]["reussite"] for side in sides]
        assert [F(c["fraction"]) for c in row["cellules"]] == expected
    # The bounds of the rows are right: one lower or one higher changes nothing.
    for side in sides:
        assert brute_threshold(side, 1)[1]["reussite"] == brute_threshold(side, 2)[1]["reussite"]
        assert brute_threshold(side, 11)[1]["reussite"] == brute_threshold(side, 10)[1]["reussite"]


# --- issue 10: one reading of RC and EC everywhere ---------------------------------------------------------------

def test_specialist_rerolled_one_is_added(bundle):
    # l. 1579 and 116: level I, characteristics 0, Spécialiste: a kept 10 then a rerolled 1 totals 11.
    result = distribution(calculer(bundle, "seuil", {"niveau": 1, "carac": 0, "seuil": 5, "specialiste": True}))
    assert result[11] == F(1, 10) * F(1, 10) + F(0)
    assert 10 not in result  # a rerolled 1 no longer adds nothing for him
    law, _ = brute_threshold(Side(1, 0, specialiste=True), 5)
    assert result == {k: v for k, v in law.items() if v}


def test_rc_of_the_attack_passes_a_higher_defence(bundle):
    # l. 112, 118: an RC is a success, against a threshold as against a defence without RC.
    att, dfn = Side(1, 0), Side(1, 15)
    got = issues(calculer(bundle, "opposition", opposition_params(att, dfn)))
    _, named = brute_opposed_without_mastery(att, dfn)
    assert got["reussite"] == named["reussite"]
    assert got["reussite"] > F(8, 100) + F(9, 100)  # attacker 2-9 vs defender EC, attacker 10 vs defender 1-9


def test_rc_of_the_defence_stops_an_attack_without_rc(bundle):
    # l. 112, 1704: a defending RC stops any attack without RC, however high its total.
    att, dfn = Side(1, 30), Side(1, 0)
    got = issues(calculer(bundle, "opposition", opposition_params(att, dfn)))
    # Attacker 2-9 (never an RC) wins unless the defender rolls a 10; attacker 10 wins
    # unless the defender's 10 explodes to a higher or equal total.
    assert F(8, 10) * F(9, 10) < got["reussite"] < F(8, 10) * F(9, 10) + F(1, 10)
    assert got["reussite"] == brute_opposed_without_mastery(att, dfn)[1]["reussite"]


def test_defence_is_never_a_shot(bundle):
    # l. 915-917: the widened EC of a shooter are those of his shots; the defence has no such parameter.
    params = {p["id"] for c in bundle["calculs"] if c["id"] == "calcul-opposition" for p in c["parametres"]}
    assert "tireur_attaque" in params and "tir_standard_attaque" in params
    assert not {"tireur_defense", "tir_standard_defense"} & params
    with pytest.raises(ErreurParametre, match="inconnu"):
        calculer(bundle, "opposition", {"tireur_defense": True})
