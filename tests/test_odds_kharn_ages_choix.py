"""Issue 24, item 17: in Khârn-Âges the player chooses the die he keeps (book l. 230, 433).

Every expected value is derived here by enumerating the dice with `fractions.Fraction`, from
the book alone: a natural 1 is no EC for a Spécialiste (l. 1579), a Tir standard fails on 1, 2
and 3 (l. 982), a shooter's shot on 1 and 2 (l. 917), a kept 10 always succeeds (l. 112, 118).
The player picks the die (and, with a mastery die, the die he rerolls) that gives him the best
chance: the enumeration tries every choice and keeps the best, it does not assume which one.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from browser_engine import calculer
from tests.engine_support import load_bundle

F = Fraction
FACES = range(1, 11)
DEPTH = 12  # a kept 10 is rerolled at most 12 times; a twelfth 10 is added and the chain stops


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: F(i["fraction"]) for i in result["issues"]}


def ec_faces(tireur: bool = False, tir_standard: bool = False, specialiste: bool = False) -> set[int]:
    faces = {1, 2, 3} if tir_standard else {1, 2} if tireur else {1}
    return faces - {1} if specialiste else faces


def die_succeeds(die: int, base: int, threshold: int, ec: set[int]) -> bool:
    if die in ec:
        return False
    return die == 10 or base + die >= threshold


def best_chance(dice: tuple[int, ...], base: int, threshold: int, ec: set[int], mastery: bool) -> Fraction:
    """P(success) of a roll showing `dice` when the player plays his best.

    He keeps any die he likes; if none succeeds and he has a mastery die, he rerolls the die of
    his choice (every choice is tried) and keeps any die again.
    """
    if any(die_succeeds(d, base, threshold, ec) for d in dice):
        return F(1)
    if not mastery:
        return F(0)
    best = F(0)
    for i in range(len(dice)):
        chance = sum((F(1, 10) for face in FACES
                      if any(die_succeeds(d, base, threshold, ec) for d in dice[:i] + (face,) + dice[i + 1:])), F(0))
        best = max(best, chance)
    return best


def success_by_enumeration(dice_count: int, base: int, threshold: int, ec: set[int], mastery: bool = False) -> Fraction:
    return sum((best_chance(dice, base, threshold, ec, mastery) for dice in product(FACES, repeat=dice_count)),
               F(0)) / 10 ** dice_count


# --- the figures of the issue ---------------------------------------------------------------------

def test_issue24_item17_specialiste_keeps_lower_die(bundle):
    """A Spécialiste on a Tir standard who rolls (1, 3) keeps the 1: level II 24/25, level III 496/500."""
    ec = ec_faces(tir_standard=True, specialiste=True)
    assert best_chance((1, 3), 6, 7, ec, False) == 1  # the 1 is kept: 6 + 1 reaches 7
    expected = {2: F(24, 25), 3: F(496, 500)}
    for niveau, figure in expected.items():
        assert success_by_enumeration(niveau, 6, 7, ec) == figure
        result = calculer(bundle, "seuil", {"niveau": niveau, "carac": 6, "bonus": 0, "seuil": 7,
                                            "tir_standard": True, "specialiste": True})
        assert issues(result)["reussite"] == figure
        # an EC only when every die is a 2 or a 3
        assert issues(result)["ec"] == F(2, 10) ** niveau


@pytest.mark.parametrize(("niveau", "carac", "seuil", "tireur", "tir_standard", "maitrise"), [
    (2, 6, 7, False, True, False),
    (2, 6, 7, False, True, True),
    (3, 8, 9, False, True, True),
    (2, 5, 6, True, False, True),
    (3, 4, 5, True, False, False),
])
def test_issue24_item17_seuil_specialiste_matches_best_play(bundle, niveau, carac, seuil, tireur, tir_standard, maitrise):
    ec = ec_faces(tireur, tir_standard, specialiste=True)
    result = calculer(bundle, "seuil", {"niveau": niveau, "carac": carac, "bonus": 0, "seuil": seuil,
                                        "tireur": tireur, "tir_standard": tir_standard,
                                        "specialiste": True, "maitrise": maitrise})
    assert issues(result)["reussite"] == success_by_enumeration(niveau, carac, seuil, ec, maitrise)


def test_issue24_item17_relances_specialiste_tireur(bundle):
    """A Spécialiste shooter (EC on 2 only) fails only when both dice show 2: 99/100."""
    ec = ec_faces(tireur=True, specialiste=True)
    assert success_by_enumeration(2, 6, 7, ec) == F(99, 100)
    result = calculer(bundle, "relances", {"niveau": 2, "carac": 6, "bonus": 0, "seuil": 7, "tireur": True,
                                           "specialiste": True})
    assert issues(result)["reussite"] == F(99, 100)
    assert issues(result)["ec"] == F(1, 100)


# --- opposed rolls: opposition and degats ---------------------------------------------------------

@functools.cache
def chain(ec: frozenset[int], depth: int = DEPTH) -> dict[int, Fraction]:
    """What the rerolls of a kept 10 add: an EC face adds nothing, another face adds itself, a 10 goes on."""
    law: dict[int, Fraction] = {}
    for face in FACES:
        if face == 10 and depth > 1:
            for more, p in chain(ec, depth - 1).items():
                law[10 + more] = law.get(10 + more, F(0)) + p / 10
            continue
        added = 0 if face in ec else face
        law[added] = law.get(added, F(0)) + F(1, 10)
    return law


def side_outcomes(dice_count: int, base: int, ec: set[int]) -> dict[tuple[str, int], Fraction]:
    """("ec" | "rc" | "ok", total) -> probability for a roll without mastery.

    The player keeps a die that is no EC when he has one (an EC never helps him), the highest
    such die (a higher total never hurts, and a 10 always succeeds).
    """
    out: dict[tuple[str, int], Fraction] = {}
    for dice in product(FACES, repeat=dice_count):
        p = F(1, 10 ** dice_count)
        useful = [d for d in dice if d not in ec]
        if not useful:
            key_p = [(("ec", 0), p)]
        elif max(useful) == 10:
            key_p = [(("rc", base + 10 + more), p * q) for more, q in chain(frozenset(ec)).items()]
        else:
            key_p = [(("ok", base + max(useful)), p)]
        for key, q in key_p:
            out[key] = out.get(key, F(0)) + q
    return out


def attack_success(att: dict[tuple[str, int], Fraction], dfn: dict[tuple[str, int], Fraction]) -> Fraction:
    """An EC attack fails, an EC defence did not happen, an RC beats a roll without RC, else ties go to the defender."""
    total = F(0)
    for (kind_a, a), pa in att.items():
        if kind_a == "ec":
            continue
        for (kind_d, d), pd in dfn.items():
            if kind_d == "ec" or (kind_a == "rc" and kind_d != "rc") or ((kind_a == "rc") == (kind_d == "rc") and a > d):
                total += pa * pd
    return total


def test_issue24_item17_opposition_specialiste_tir_standard(bundle):
    att = side_outcomes(2, 9, ec_faces(tir_standard=True, specialiste=True))
    dfn = side_outcomes(1, 6, ec_faces())
    expected = attack_success(att, dfn)
    result = calculer(bundle, "opposition", {
        "niveau_attaque": 2, "carac_attaque": 9, "bonus_attaque": 0, "tir_standard_attaque": True,
        "specialiste_attaque": True, "niveau_defense": 1, "carac_defense": 6, "bonus_defense": 0})
    assert issues(result)["ec-attaque"] == F(4, 100)
    assert issues(result)["reussite"] == expected


def test_issue24_item17_degats_specialiste_tir_standard(bundle):
    """One shot, no armour: the target loses PV exactly when the attack succeeds."""
    att = side_outcomes(2, 8, ec_faces(tir_standard=True, specialiste=True))
    dfn = side_outcomes(2, 7, ec_faces())
    result = calculer(bundle, "degats", {
        "niveau_attaque": 2, "carac_attaque": 8, "tir_standard_attaque": True, "specialiste_attaque": True,
        "tir_attaque": True, "pa_attaque": 2, "degats_attaque": 3, "stature_attaque": 0,
        "niveau_defense": 2, "carac_defense": 7, "pv_defense": 30, "cases_armure_defense": 0})
    assert issues(result)["touche"] == attack_success(att, dfn)
