"""Khârn-Âges spell casting (l. 1371-1401) against a literal enumeration of both rolls.

The caster's I × PA + ND10 must reach the spell's threshold (an RC always does) and, when the
target defends, beat its I × PA + ND10 as an attack beats a defence, the target's final total
moved by −2 after a quick incantation and +2 after a complex one.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction as F
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer
from browser_engine.jeux.kharn_ages.calculs_degats import loi_jointe
from browser_engine.jeux.kharn_ages.calculs_jets import Camp, faces_ec
from tests.engine_support import load_bundle
from tests.test_odds_kharn_ages import Roll, Side, first_rolls, mastery_rerolls, side_law

MOVE = {1: -2, 2: 0, 3: 2}  # the defender's final total after a quick, standard, complex incantation


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


def works(a: Roll, d: Roll | None, att: Side, dfn: Side, threshold: int, move: int) -> bool:
    """Whether the spell works for these final rolls (d is None: the target does not defend)."""
    if att.ec(a.natural):
        return False
    if a.natural != 10 and a.total < threshold:
        return False
    if d is None or dfn.ec(d.natural):
        return True
    if (a.natural == 10) != (d.natural == 10):
        return a.natural == 10
    return a.total > d.total + move


def params(incantation: int, threshold: int, att: Side, intel_a: int, dfn: Side | None, pa_d: int,
           intel_d: int) -> dict[str, Any]:
    out = {"incantation": incantation, "seuil": threshold, "niveau_attaque": att.dice,
           "intelligence_attaque": intel_a, "bonus_attaque": att.base - intel_a * incantation,
           "maitrise_attaque": att.mastery, "specialiste_attaque": att.specialiste, "heroique_attaque": False,
           "defendu": dfn is not None, "pa_defense": pa_d, "intelligence_defense": intel_d}
    d = dfn or Side(1, intel_d * pa_d)  # not rolled: the target does not defend
    out |= {"niveau_defense": d.dice, "bonus_defense": d.base - intel_d * pa_d, "maitrise_defense": d.mastery,
            "specialiste_defense": d.specialiste, "heroique_defense": False}
    return out


CASES = [
    # (incantation, threshold, I caster, caster dice, specialist, PA defence, I target, target dice)
    (1, 8, 3, 1, False, 2, 2, 1),   # quick: the target's total loses 2
    (3, 12, 2, 2, False, 0, 4, 2),  # complex against a bare-die defence: +2 for the target
    (2, 14, 4, 1, True, 3, 3, 1),   # standard, specialist caster, 3 PA of defence
    (3, 30, 3, 1, False, 1, 1, 1),  # a threshold only an RC reaches
]


@pytest.mark.parametrize(("inc", "threshold", "intel_a", "dice_a", "spec", "pa_d", "intel_d", "dice_d"), CASES)
def test_spell_matches_every_pair_of_rolls(bundle, inc, threshold, intel_a, dice_a, spec, pa_d, intel_d, dice_d):
    att = Side(dice_a, intel_a * inc, specialiste=spec)
    dfn = Side(dice_d, intel_d * pa_d)
    law_d = side_law(dfn)
    expected = sum((pa * pd for (na, ta, ca), pa in side_law(att).items() for (nd, td, cd), pd in law_d.items()
                    if works(Roll(na, ta, ca), Roll(nd, td, cd), att, dfn, threshold, MOVE[inc])), F(0))
    result = calculer(bundle, "sort", params(inc, threshold, att, intel_a, dfn, pa_d, intel_d))
    got = {i["id"]: F(i["fraction"]) for i in result["issues"]}
    assert got["reussite"] == expected
    assert {d["valeur"]: F(d["fraction"]) for d in result["distribution"]} == {0: 1 - expected, 1: expected}
    rc = sum((pa * pd for (na, ta, ca), pa in side_law(att).items() for (nd, td, cd), pd in law_d.items()
              if na == 10 and works(Roll(na, ta, ca), Roll(nd, td, cd), att, dfn, threshold, MOVE[inc])), F(0))
    assert got["rc"] == rc


def test_the_quick_and_complex_incantations_move_the_defence_by_two(bundle):
    """Same rolls, three incantations at equal caster totals: quick > standard > complex."""
    att, dfn = Side(1, 6), Side(1, 5)
    chances = []
    for inc in (1, 2, 3):
        result = calculer(bundle, "sort", params(inc, 1, att, 0, dfn, 1, 0))
        chances.append(next(F(i["fraction"]) for i in result["issues"] if i["id"] == "reussite"))
    assert chances[0] > chances[1] > chances[2]
    # Standard, counted by hand: 6 + a beats 5 + d, one D10 each, depth aside. The attacker's EC
    # (a = 1) fails; the defence EC (d = 1) lets a 2-10 through; a 10 against 2-9 passes and 2-9
    # against a 10 fails; 2-9 against 2-9 passes when a ≥ d (36 of 64 pairs); two 10s are left
    # to the rerolls (1/100, decided by the brute force above).
    hand = F(9, 100) + F(8, 100) + F(36, 100)
    assert hand < chances[1] < hand + F(1, 100)


def test_undefended_spell_is_the_threshold_alone(bundle):
    att = Side(2, 8)
    expected = sum((p for (n, t, c), p in side_law(att).items() if works(Roll(n, t, c), None, att, att, 13, 0)), F(0))
    result = calculer(bundle, "sort", params(2, 13, att, 4, None, 1, 3))
    got = {i["id"]: F(i["fraction"]) for i in result["issues"]}
    assert got["reussite"] == expected
    assert got["ec"] == F(1, 100)  # two dice, both 1


@pytest.mark.parametrize(("att", "dfn", "inc", "threshold"), [
    (Side(1, 4, mastery=True), Side(1, 3, mastery=True), 1, 9),
    (Side(2, 6, mastery=True), Side(1, 6, mastery=True), 3, 12),
    (Side(1, 2, mastery=True), Side(2, 4), 2, 7),
])
def test_mastery_rerolls_with_a_threshold_at_depth_two(att, dfn, inc, threshold):
    """The caster rerolls when the spell would fail, then the target when it would work (literal enumeration)."""
    depth, unit = 2, 10 ** 3
    counts: dict[bool, int] = defaultdict(int)
    defences = list(first_rolls(dfn, depth))
    for dice_a, a, ca in first_rolls(att, depth):
        for dice_d, d, cd in defences:
            fails = not works(a, d, att, dfn, threshold, MOVE[inc])
            rerolled_a = att.mastery and fails and not (att.dice > 1 and a.natural == 10)
            for a2, ca2 in mastery_rerolls(att, dice_a, a, depth) if rerolled_a else [(a, unit)]:
                passes = works(a2, d, att, dfn, threshold, MOVE[inc])
                rerolled_d = dfn.mastery and passes and not (dfn.dice > 1 and d.natural == 10)
                for d2, cd2 in mastery_rerolls(dfn, dice_d, d, depth) if rerolled_d else [(d, unit)]:
                    counts[works(a2, d2, att, dfn, threshold, MOVE[inc])] += ca * cd * ca2 * cd2
    den = 10 ** (att.dice + depth) * 10 ** (dfn.dice + depth) * unit * unit
    expected = F(counts[True], den)

    def camp(s: Side) -> Camp:
        return Camp(des=s.dice, base=s.base, ec=faces_ec(specialiste=s.specialiste), maitrise=s.mastery)

    loi = loi_jointe(camp(att), camp(dfn), False, depth, seuil=threshold, ecart=MOVE[inc])
    assert sum((p for c, p in loi.categories.items() if c.touche), F(0)) == expected


@pytest.mark.parametrize(("change", "message"), [
    ({"incantation": 4}, "Incantation"),
    ({"pa_defense": -1}, "PA de défense"),
    ({"seuil": "douze"}, "Seuil du sort"),
])
def test_bad_parameters_get_a_french_message(bundle, change, message):
    base = params(2, 12, Side(2, 8), 4, Side(2, 3), 1, 3)
    with pytest.raises(ErreurParametre) as err:
        calculer(bundle, "sort", base | change)
    assert message in str(err.value)
