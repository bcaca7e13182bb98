"""Tamashii odds (issue 12, part O): every expected value is brute-forced here over die faces or draw orders.

Every die layout in this module is INVENTED (the book prints the faces as icons only): they
are test inputs, never game data.
"""
from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from browser_engine import ErreurEntree, ErreurParametre, calculer, tables_statiques
from tests.engine_support import ROOT, load_bundle

# invented layouts, the book does not give them
D6_MIXTE = [{"succes": 1, "base": 1}, {"succes": 1, "rare": 1}, {"succes": 2}, {"ennemi": 1}, "vide",
            {"base": 1, "ennemi": 1}]
D6_DEUX = [{"succes": 2, "base": 1, "rare": 1}, {"rare": 1}, "vide", {"succes": 1, "ennemi": 1}, "vide",
           {"base": 1}]
D6_VIDE = ["vide"] * 6
D6_PLEIN = [{"succes": 2, "base": 1, "ennemi": 1}] * 6
D8_NUMERO = [{"numero": 1}, {"numero": 1}, {"numero": 2}, {"numero": 3}, {"numero": 5}, "vide", "vide",
             {"numero": 4}]
D8_SYMBOLE = ["base", "base", "base", "special", "special", "ignorer", "vide", "base"]


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("tamashii")


def face(item: Any, symbole: str) -> int:
    """A symbol's count on a face written as in the tests (a name, `vide`, or a dict)."""
    if isinstance(item, dict):
        return item.get(symbole, 0)
    return int(item == symbole)


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {row["valeur"]: Fraction(row["fraction"]) for row in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {row["id"]: Fraction(row["fraction"]) for row in result["issues"]}


def noms(result: dict[str, Any]) -> dict[str, str]:
    return {row["id"]: row["nom"] for row in result["issues"]}


def nonzero(law: dict[Any, Fraction]) -> dict[Any, Fraction]:
    return {k: v for k, v in law.items() if v}


def parametres_test(de: list[Any], succes: int, participants: Sequence[tuple[int, int]], **extra: Any) -> dict[str, Any]:
    params: dict[str, Any] = {"de": de, "succes": succes}
    for i in range(4):
        des, relances = participants[i] if i < len(participants) else (0, 0)
        params[f"des_{i + 1}"] = des
        params[f"relances_{i + 1}"] = relances
    params.update(extra)
    return params


# --- tests: expectimax over every roll, every set of dice rerolled, every reroll ----------------

def subsets(n: int, most: int) -> list[tuple[int, ...]]:
    return [s for k in range(min(n, most) + 1) for s in itertools.combinations(range(n), k)]


def brute_test(values: list[int], participants: list[tuple[int, int]], need: int) -> tuple[Fraction, dict[int, Fraction]]:
    """Sequential group test: each participant sees the total so far and picks the best dice to reroll.

    Ties: fewest rerolls, then the lowest dice (the documented policy, for the law of the total).
    """
    sides = len(values)
    players = [p for p in participants if p[0] > 0]

    @cache
    def value(i: int, total: int) -> Fraction:
        if i == len(players):
            return Fraction(int(total >= need))
        return sum((best(i, total, roll)[0] for roll in itertools.product(range(sides), repeat=players[i][0])),
                   Fraction(0)) / sides ** players[i][0]

    @cache
    def best(i: int, total: int, roll: tuple[int, ...]) -> tuple[Fraction, tuple[int, ...]]:
        dice, rerolls = players[i]
        choices = []
        for chosen in subsets(dice, rerolls):
            kept = total + sum(values[roll[j]] for j in range(dice) if j not in chosen)
            outcomes = list(itertools.product(range(sides), repeat=len(chosen)))
            v = sum((value(i + 1, kept + sum(values[f] for f in o)) for o in outcomes), Fraction(0)) / len(outcomes)
            choices.append(((v, -len(chosen), -sum(values[roll[j]] for j in chosen)), chosen))
        key, chosen = max(choices, key=lambda c: c[0])
        return key[0], chosen

    law: dict[int, Fraction] = {0: Fraction(1)}
    for i, (dice, _) in enumerate(players):
        after: dict[int, Fraction] = {}
        for total, pt in law.items():
            for roll in itertools.product(range(sides), repeat=dice):
                _, chosen = best(i, total, roll)
                kept = total + sum(values[roll[j]] for j in range(dice) if j not in chosen)
                for o in itertools.product(range(sides), repeat=len(chosen)):
                    t = kept + sum(values[f] for f in o)
                    after[t] = after.get(t, Fraction(0)) + pt / sides ** (dice + len(chosen))
        law = after
    return value(0, 0), law


@pytest.mark.parametrize(("de", "succes", "participants"), [
    (D6_MIXTE, 3, [(3, 0)]),
    (D6_MIXTE, 3, [(3, 2)]),
    (D6_DEUX, 4, [(3, 1)]),
    (D6_DEUX, 5, [(2, 1), (2, 2)]),
    (D6_MIXTE, 6, [(3, 1), (2, 1)]),
    (D6_MIXTE, 2, [(0, 0), (2, 2)]),
])
def test_test_against_expectimax(bundle, de, succes, participants):
    result = calculer(bundle, "test", parametres_test(de, succes, participants))
    values = [face(f, "succes") for f in de]
    chance, law = brute_test(values, participants, succes)
    assert issues(result)["reussite"] == chance
    assert distribution(result) == nonzero(law)
    if any(r for _, r in participants):
        assert issues(result)["reussite-sans-relance"] == brute_test(values, [(d, 0) for d, _ in participants],
                                                                     succes)[0]


def test_test_group_multiplied_by_players(bundle):
    # « Test de Groupe : 3 × [joueurs] » at 2 players is 6 successes (l. 1258).
    params = parametres_test(D6_MIXTE, 3, [(3, 0), (2, 1)], fois_joueurs=True, joueurs=2)
    result = calculer(bundle, "test", params)
    assert issues(result)["reussite"] == brute_test([face(f, "succes") for f in D6_MIXTE], [(3, 0), (2, 1)], 6)[0]
    assert noms(result)["reussite"] == "Test réussi : au moins 6 succès"


def convolution_success(values: list[int], dice: int, need: int) -> Fraction:
    """Chance of at least `need` with `dice` dice and no reroll, by a plain convolution."""
    law = {0: Fraction(1)}
    for _ in range(dice):
        law = {t: sum((p for s, p in law.items() for v in values if s + v == t), Fraction(0)) / len(values)
               for t in range(max(law) + max(values) + 1)}
    return sum((p for t, p in law.items() if t >= need), Fraction(0))


def test_tokens_to_empty_table_and_target(bundle):
    values = [face(f, "succes") for f in D6_DEUX]
    result = calculer(bundle, "test", parametres_test(D6_DEUX, 5, [(1, 0)], cible=60))
    table = {n: issues(result)[f"pions-{n}"] for n in range(1, 13)}
    assert table == {n: convolution_success(values, n, 5) for n in range(1, 13)}
    smallest = min(n for n in range(1, 13) if table[n] >= Fraction(60, 100))
    assert table[smallest - 1] < Fraction(60, 100) if smallest > 1 else True
    assert issues(result)["pions-cible"] == table[smallest]
    assert f"vide {smallest} pions" in noms(result)["pions-cible"]


def test_tokens_to_empty_with_rerolls_and_partner(bundle):
    values = [face(f, "succes") for f in D6_MIXTE]
    result = calculer(bundle, "test", parametres_test(D6_MIXTE, 4, [(2, 1), (1, 1)]))
    for n in (1, 2, 3):
        assert issues(result)[f"pions-{n}"] == brute_test(values, [(n, 1), (1, 1)], 4)[0]


def test_test_degenerate_dice(bundle):
    blank = calculer(bundle, "test", parametres_test(D6_VIDE, 1, [(4, 3)], cible=50))
    assert distribution(blank) == {0: 1}
    assert issues(blank)["reussite"] == 0
    assert "Même 12 pions" in noms(blank)["pions-cible"]
    full = calculer(bundle, "test", parametres_test(D6_PLEIN, 8, [(4, 5)]))
    assert distribution(full) == {8: 1} and issues(full)["reussite"] == 1


# --- trace roll ---------------------------------------------------------------------------------

def brute_trace(values: list[int], dice: int, rerolls: int) -> tuple[dict[int, Fraction], Fraction]:
    """Law when the dice above a die's mean are rerolled, most enemies first; and the least expectation over every choice."""
    sides = len(values)
    mean = Fraction(sum(values), sides)
    law: dict[int, Fraction] = {}
    best_expectation = Fraction(0)
    for roll in itertools.product(range(sides), repeat=dice):
        order = sorted(range(dice), key=lambda j: -values[roll[j]])
        chosen = [j for j in order if values[roll[j]] > mean][:rerolls]
        kept = sum(values[roll[j]] for j in range(dice) if j not in chosen)
        for o in itertools.product(range(sides), repeat=len(chosen)):
            t = kept + sum(values[f] for f in o)
            law[t] = law.get(t, Fraction(0)) + Fraction(1, sides ** (dice + len(chosen)))
        expectations = [sum(values[roll[j]] for j in range(dice) if j not in s) + len(s) * mean
                        for s in subsets(dice, rerolls)]
        best_expectation += min(expectations) / sides ** dice
    return law, best_expectation


@pytest.mark.parametrize(("de", "dice", "rerolls"), [
    (D6_MIXTE, 1, 0), (D6_MIXTE, 3, 0), (D6_MIXTE, 3, 2), (D6_DEUX, 4, 1), (D6_MIXTE, 2, 5),
    ([{"ennemi": 2}, {"ennemi": 1}, "vide", "vide", {"ennemi": 1}, "vide"], 3, 2),  # a face drawing two enemies
])
def test_trace_against_enumeration(bundle, de, dice, rerolls):
    result = calculer(bundle, "trace", {"de": de, "des": dice, "relances": rerolls})
    law, least = brute_trace([face(f, "ennemi") for f in de], dice, rerolls)
    assert distribution(result) == nonzero(law)
    assert Fraction(result["esperance"]["fraction"]) == least  # the policy is the best one on average
    assert issues(result)["aucun"] == law.get(0, 0)
    assert issues(result)["remise-a-zero"] == 1 - law.get(0, 0)


def test_trace_degenerate_dice(bundle):
    assert distribution(calculer(bundle, "trace", {"de": D6_VIDE, "des": 5, "relances": 2})) == {0: 1}
    assert distribution(calculer(bundle, "trace", {"de": D6_PLEIN, "des": 3, "relances": 3})) == {3: 1}


# --- attack roll --------------------------------------------------------------------------------

def brute_pay(shows: tuple[tuple[bool, bool], ...], a: int, b: int, x_rare: bool) -> tuple[bool, int]:
    """Every assignment of each die to the basic slot, the rare slot or nothing."""
    x = 1 if x_rare else 0
    best = None
    for roles in itertools.product((None, 0, 1), repeat=len(shows)):
        if any(r is not None and not shows[j][r] for j, r in enumerate(roles)):
            continue
        if roles.count(0) == a and roles.count(1) == b:
            left = sum(1 for j, r in enumerate(roles) if r is None and shows[j][x])
            best = left if best is None else max(best, left)
    if best is None:
        return False, sum(1 for s in shows if s[x])
    return True, best


def brute_attack(de: list[Any], dice: int, rerolls: int, a: int, b: int, x_rare: bool) -> tuple[Fraction, Fraction, Fraction, dict[int, Fraction]]:
    """(best chance to pay, best X expectation among those, chance without reroll, law without reroll)."""
    shows = [(face(f, "base") > 0, face(f, "rare") > 0) for f in de]
    sides = len(de)
    pay = cache(lambda faces: brute_pay(tuple(shows[f] for f in sorted(faces)), a, b, x_rare))
    chance = expectation = plain = Fraction(0)
    law: dict[int, Fraction] = {}
    for roll in itertools.product(range(sides), repeat=dice):
        ok, left = pay(roll)
        plain += Fraction(int(ok), sides ** dice)
        law[left] = law.get(left, Fraction(0)) + Fraction(1, sides ** dice)
        options = []
        for chosen in subsets(dice, rerolls):
            kept = tuple(roll[j] for j in range(dice) if j not in chosen)
            outs = list(itertools.product(range(sides), repeat=len(chosen)))
            results = [pay(kept + o) for o in outs]
            options.append((Fraction(sum(r[0] for r in results), len(outs)),
                            Fraction(sum(r[1] for r in results), len(outs))))
        p, e = max(options)
        chance += p / sides ** dice
        expectation += e / sides ** dice
    return chance, expectation, plain, law


@pytest.mark.parametrize(("de", "att", "puissance", "rerolls", "a", "b", "x"), [
    (D6_MIXTE, 2, 1, 0, 1, 1, 1),
    (D6_MIXTE, 3, 0, 2, 1, 1, 1),
    (D6_DEUX, 2, 1, 1, 2, 0, 2),
    (D6_DEUX, 3, 0, 2, 1, 1, 2),
    (D6_DEUX, 2, 0, 2, 0, 2, 1),
    (D6_MIXTE, 2, 0, 1, 0, 0, 1),
])
def test_attack_against_enumeration(bundle, de, att, puissance, rerolls, a, b, x):
    params = {"de": de, "att": att, "puissance": puissance, "relances": rerolls, "base_requis": a,
              "rare_requis": b, "symbole_x": x}
    result = calculer(bundle, "attaque", params)
    chance, expectation, plain, law = brute_attack(de, att + puissance, rerolls, a, b, x == 2)
    assert Fraction(result["esperance"]["fraction"]) == expectation
    if a or b:
        assert issues(result)["cadre"] == chance
        if rerolls:
            assert issues(result)["cadre-sans-relance"] == plain
    else:
        assert "cadre" not in issues(result)
    if rerolls == 0:
        assert distribution(result) == nonzero(law)


def test_attack_x_frame_only_rerolls_dice_without_the_symbol(bundle):
    # No fixed frame: every die without the basic symbol is rerolled (up to the Relances).
    result = calculer(bundle, "attaque", {"de": D6_MIXTE, "att": 3, "puissance": 0, "relances": 1,
                                          "base_requis": 0, "rare_requis": 0, "symbole_x": 1})
    p = Fraction(2, 6)  # faces showing the basic symbol in D6_MIXTE
    expected: dict[int, Fraction] = {}
    for roll in itertools.product((0, 1), repeat=3):
        pr = math.prod(p if r else 1 - p for r in roll)
        hits = sum(roll)
        if hits < 3:
            for again in (0, 1):
                k = hits + again
                expected[k] = expected.get(k, Fraction(0)) + pr * (p if again else 1 - p)
        else:
            expected[3] = expected.get(3, Fraction(0)) + pr
    assert distribution(result) == expected


def test_attack_degenerate_dice(bundle):
    params = {"de": D6_VIDE, "att": 4, "puissance": 1, "relances": 3, "base_requis": 1, "rare_requis": 0,
              "symbole_x": 1}
    blank = calculer(bundle, "attaque", params)
    assert distribution(blank) == {0: 1} and issues(blank)["cadre"] == 0
    full = calculer(bundle, "attaque", {**params, "de": D6_PLEIN, "base_requis": 2})
    assert distribution(full) == {3: 1} and issues(full)["cadre"] == 1  # 5 dice, 2 paid, 3 left


# --- enemy dice and reset roll ------------------------------------------------------------------

@pytest.mark.parametrize(("ennemis", "blessures"), [(1, 0), (3, 2), (5, 3), (12, 1)])
def test_enemy_dice_against_enumeration(bundle, ennemis, blessures):
    result = calculer(bundle, "des_ennemis", {"de_numero": D8_NUMERO, "de_symbole": D8_SYMBOLE,
                                              "ennemis": ennemis, "blessures": blessures})
    pairs = list(itertools.product(D8_NUMERO, D8_SYMBOLE))
    share = Fraction(1, len(pairs))
    acting = [min(face(n, "numero"), ennemis) for n, _ in pairs]
    law: dict[int, Fraction] = {}
    for k in acting:
        law[k] = law.get(k, Fraction(0)) + share
    assert distribution(result) == law
    got = issues(result)
    assert got["aucune-attaque"] == sum((share for k in acting if k == 0), Fraction(0))
    assert got["tous"] == sum((share for k in acting if k == ennemis), Fraction(0))
    assert got["cadre-de-base"] == sum((share for k, (_, s) in zip(acting, pairs, strict=True) if k and s == "base"), Fraction(0))
    assert got["cadre-special"] == sum((share for k, (_, s) in zip(acting, pairs, strict=True) if k and s == "special"),
                                       Fraction(0))
    assert got["ignorer"] == Fraction(1, 8) and got["sans-symbole"] == Fraction(1, 8)
    assert got["reinitialisation-base"] == Fraction(4, 8) and got["reinitialisation-special"] == Fraction(2, 8)
    wounds = [k * blessures if s == "base" else 0 for k, (_, s) in zip(acting, pairs, strict=True)]
    for seuil in range(1, ennemis * blessures + 1):
        key = f"blessures-{seuil}"
        if key in got:
            assert got[key] == sum((share for w in wounds if w >= seuil), Fraction(0))
    assert {k for k in got if k.startswith("blessures-")} == {f"blessures-{j * blessures}" for j in range(1, ennemis + 1)
                                                            if blessures}


def test_enemy_dice_without_blank_or_ignore_face(bundle):
    numero = [{"numero": k} for k in range(1, 9)]  # invented: 1 to 8, no blank face
    result = calculer(bundle, "des_ennemis", {"de_numero": numero, "de_symbole": ["base"] * 8, "ennemis": 2,
                                              "blessures": 0})
    assert distribution(result) == {1: Fraction(1, 8), 2: Fraction(7, 8)}
    got = issues(result)
    assert got["aucune-attaque"] == 0 and got["cadre-de-base"] == 1 and got["reinitialisation-special"] == 0
    assert "ignorer" not in got and "sans-symbole" not in got


# --- launcher fill from the bag -----------------------------------------------------------------

KINDS = ("1", "2", "3", "4", "ouvertes", "corrompues")


def fill_params(bag: dict[str, int], dump: dict[str, int], cases: int, need: dict[str, int]) -> dict[str, Any]:
    params: dict[str, Any] = {f"sac_{k}": bag.get(k, 0) for k in KINDS}
    params.update({f"vidage_{k}": dump.get(k, 0) for k in KINDS})
    params.update({f"besoin_{k}": need.get(k, 0) for k in ("1", "2", "3", "4", "ouvertes")})
    params["cases"] = cases
    return params


def brute_fill(bag: dict[str, int], dump: dict[str, int], cases: int,
               need: dict[str, int]) -> tuple[dict[int, Fraction], list[tuple[str, ...]]]:
    """Every order of the labelled bag tokens, then of the dump tokens: the first `cases` are drawn."""
    bag_tokens = [k for k in KINDS for _ in range(bag.get(k, 0))]
    dump_tokens = [k for k in KINDS for _ in range(dump.get(k, 0))]
    draws = []
    for first in itertools.permutations(bag_tokens):
        for then in itertools.permutations(dump_tokens):
            draws.append((first + then)[:cases])  # the dump is poured in once the bag is empty

    def missing(drawn: tuple[str, ...]) -> int:
        open_left = drawn.count("ouvertes") - need.get("ouvertes", 0)
        short = sum(max(0, need.get(k, 0) - drawn.count(k)) for k in ("1", "2", "3", "4"))
        best = 10 ** 6
        for used in range(0, max(0, open_left) + 1):  # try every number of open tokens used as wildcards
            best = min(best, max(0, short - used))
        return best + max(0, -open_left)

    law: dict[int, Fraction] = {}
    for drawn in draws:
        m = missing(drawn)
        law[m] = law.get(m, Fraction(0)) + Fraction(1, len(draws))
    return law, draws


@pytest.mark.parametrize(("bag", "dump", "cases", "need"), [
    ({"1": 2, "2": 2, "3": 1}, {}, 3, {"1": 2}),
    ({"1": 2, "2": 1, "ouvertes": 1}, {}, 2, {"1": 1, "2": 1}),
    ({"1": 1, "corrompues": 1}, {"2": 2, "1": 1, "ouvertes": 1}, 4, {"1": 2, "2": 1}),  # golden rule mid-fill
    ({"2": 2}, {"1": 1, "3": 1}, 6, {"1": 1, "3": 1}),  # bag and dump exhausted: cells stay empty
    ({"1": 1, "ouvertes": 2, "4": 2}, {"corrompues": 2}, 4, {"ouvertes": 1, "1": 1, "4": 1}),
    # open tokens on both sides of the golden rule, one required as such, a type never drawn
    ({"ouvertes": 1, "2": 1}, {"1": 2, "ouvertes": 1, "corrompues": 1}, 4, {"ouvertes": 1, "1": 1, "3": 1}),
    ({"ouvertes": 2, "3": 1}, {"1": 2, "2": 1, "ouvertes": 2}, 5, {"1": 2, "2": 1}),
])
def test_fill_against_draw_orders(bundle, bag, dump, cases, need):
    result = calculer(bundle, "sac", fill_params(bag, dump, cases, need))
    law, draws = brute_fill(bag, dump, cases, need)
    assert distribution(result) == law
    got = issues(result)
    assert got["schema"] == law.get(0, 0)
    for k in ("1", "2", "3", "4"):
        if need.get(k):
            assert got[f"type-{k}"] == Fraction(sum(d.count(k) >= need[k] for d in draws), len(draws))
    if bag.get("corrompues") or dump.get("corrompues"):
        assert got["corrompu"] == Fraction(sum("corrompues" in d for d in draws), len(draws))
    if bag.get("ouvertes") or dump.get("ouvertes"):
        if not need.get("ouvertes"):
            short = sum(all(d.count(k) >= need.get(k, 0) for k in ("1", "2", "3", "4")) for d in draws)
            assert got["schema-sans-ouvertes"] == Fraction(short, len(draws))


def test_fill_starting_bag_matches_combinations(bundle):
    # The book's starting bag (l. 272-274): 4 tokens of the essential type, 3 of each other.
    tokens = ["1"] * 4 + ["2"] * 3 + ["3"] * 3 + ["4"] * 3
    combos = list(itertools.combinations(range(13), 5))
    result = calculer(bundle, "sac", fill_params({"1": 4, "2": 3, "3": 3, "4": 3}, {}, 5, {"1": 2, "3": 1}))
    ok = sum(1 for c in combos if [tokens[i] for i in c].count("1") >= 2 and [tokens[i] for i in c].count("3") >= 1)
    assert issues(result)["schema"] == Fraction(ok, len(combos))


def test_starting_bag_static_table(bundle):
    tables = tables_statiques(bundle)
    table = next(t for t in tables if t["id"] == "premier-remplissage")
    tokens = ["1"] * 4 + ["x"] * 9
    for row_index, row in enumerate(table["lignes"]):
        cases = row_index + 1
        combos = list(itertools.combinations(range(13), cases))
        for k, cell in enumerate(row["cellules"], start=1):
            hits = sum(1 for c in combos if [tokens[i] for i in c].count("1") >= k)
            assert Fraction(cell["fraction"]) == Fraction(hits, len(combos))
    assert len(table["lignes"]) == 13


# --- declarations and hostile parameters --------------------------------------------------------

def test_player_die_declared_alike_wherever_it_is_shared(bundle):
    declared = [p for c in bundle["calculs"] for p in c["parametres"] if p.get("type") == "des"]
    by_key: dict[str, list[dict[str, Any]]] = {}
    for p in declared:
        by_key.setdefault(p["stockage"], []).append(p)
    assert set(by_key) == {"d6-tamashii", "d8-nombre-tamashii", "d8-symbole-tamashii"}
    assert len(by_key["d6-tamashii"]) == 3
    for same in by_key.values():
        assert all(p["symboles"] == same[0]["symboles"] and p["faces"] == same[0]["faces"]
                   and p["exclusif"] == same[0]["exclusif"] for p in same)
    assert all(p["defaut"] is None for p in declared)


@pytest.mark.parametrize(("calcul", "params", "message"), [
    ("test", {}, "Calcul impossible sans les faces du dé"),
    ("trace", {"de": None}, "Calcul impossible sans les faces du dé"),
    ("attaque", {"de": D6_MIXTE[:5]}, "exactement 6 faces"),
    ("test", {"de": [{"succes": 3}] + ["vide"] * 5}, "au plus 2 succès"),
    ("test", {"de": ["<script>alert(1)</script>"] + ["vide"] * 5}, "inconnue"),
    ("test", {"de": D6_MIXTE, "des_1": 13}, "un entier de 0 à 12"),
    ("test", {"de": D6_MIXTE, "relances_2": -1}, "un entier de 0 à 5"),
    ("des_ennemis", {"de_numero": D8_NUMERO}, "Calcul impossible sans les faces du dé"),
    ("des_ennemis", {"de_numero": D8_NUMERO, "de_symbole": ["base", {"base": 1, "special": 1}] + ["vide"] * 6},
     "plusieurs symboles"),
    ("des_ennemis", {"de_numero": D8_NUMERO, "de_symbole": D8_SYMBOLE, "ennemis": 0}, "un entier de 1 à 12"),
    ("sac", {**fill_params({}, {}, 3, {})}, "Le Sac et le Vidage sont vides"),
    ("sac", {"cases": "beaucoup"}, "un entier de 1 à 20"),
    ("sac", {"sac_1": 10 ** 30}, "Paramètres invalides"),
])
def test_hostile_parameters_get_french_messages(bundle, calcul, params, message):
    with pytest.raises(ErreurEntree) as caught:
        calculer(bundle, calcul, params)
    assert message in caught.value.message  # (names are escaped where the page shows them)
    if isinstance(caught.value, ErreurParametre):
        assert caught.value.parametre


def test_every_calculation_refuses_to_run_without_its_dice(bundle):
    for decl in bundle["calculs"]:
        if any(p.get("type") == "des" for p in decl["parametres"]):
            with pytest.raises(ErreurParametre, match="sans les faces du dé"):
                calculer(bundle, decl["calcul"], {})


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", "probas", "tamashii", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def test_cli_computes_and_refuses(bundle):
    de = json.dumps(D6_MIXTE)
    done = run_cli("test", "--de", de, "--succes", "2", "--des-1", "2", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    expected = brute_test([face(f, "succes") for f in D6_MIXTE], [(2, 0)], 2)[0]
    assert Fraction(next(i for i in answer["issues"] if i["id"] == "reussite")["fraction"]) == expected
    refused = run_cli("trace", "--des", "2")
    assert refused.returncode == 2
    assert "Calcul impossible sans les faces du dé" in refused.stderr + refused.stdout
    yaml_die = run_cli("des_ennemis", "--de-numero", "[{numero: 1}, {numero: 2}, vide, vide, vide, vide, vide, vide]",
                       "--de-symbole", "[base, special, vide, vide, vide, vide, vide, vide]", "--ennemis", "2")
    assert yaml_die.returncode == 0, yaml_die.stderr
    assert "Ennemis qui attaquent" in yaml_die.stdout
