"""Bataille d6 odds added for issue 13: every expected value is brute-forced here over the d6 faces."""
from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer
from tests.engine_support import load_bundle

FACES = range(1, 7)


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("bataille-d6")


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {row["valeur"]: Fraction(row["fraction"]) for row in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {row["id"]: Fraction(row["fraction"]) for row in result["issues"]}


def tally(rolls: Any, measure: Any) -> dict[Any, Fraction]:
    """Law of measure(roll) over equally likely rolls."""
    rolls = list(rolls)
    out: dict[Any, Fraction] = {}
    for roll in rolls:
        key = measure(roll)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(rolls))
    return out


# --- initiative: ties rerolled (interpretation of line 21) ------------------------------------

@pytest.mark.parametrize(("a", "b"), [(0, 0), (2, 1), (0, 4), (6, 0)])
def test_initiative_after_rerolls(bundle, a, b):
    result = issues(calculer(bundle, "initiative", {"heros_sorciers_a": a, "heros_sorciers_b": b}))
    # First roll by brute force; a tie replays the same roll, so A chooses with
    # P(A higher) * (1 + tie + tie^2 + ...) = P(A higher) / (1 - tie).
    first = tally(itertools.product(FACES, repeat=2), lambda r: (r[0] + a > r[1] + b) - (r[0] + a < r[1] + b))
    tie = first.get(0, Fraction(0))
    a_total = first.get(1, Fraction(0)) / (1 - tie)
    b_total = first.get(-1, Fraction(0)) / (1 - tie)
    assert result["a-choisit"] == a_total and result["b-choisit"] == b_total
    assert result["a-choisit"] + result["b-choisit"] == 1


# --- sorts: two d6 per Sorcier on the spell table (line 33) -----------------------------------

@pytest.mark.parametrize("sorciers", [1, 2, 3])
def test_spell_doubles_by_enumeration(bundle, sorciers):
    result = calculer(bundle, "sorts", {"sorciers": sorciers})
    rolls = list(itertools.product(FACES, repeat=2 * sorciers))
    pairs = [[roll[2 * i:2 * i + 2] for i in range(sorciers)] for roll in rolls]
    assert distribution(result) == tally(pairs, lambda ps: sum(x == y for x, y in ps))
    # "A given spell": Boule de feu is face 3 of the table.
    present = tally(pairs, lambda ps: any(3 in p for p in ps))
    twice = tally(pairs, lambda ps: any(p == (3, 3) for p in ps))
    any_double = tally(pairs, lambda ps: any(x == y for x, y in ps))
    assert issues(result) == {"double": any_double[True], "sort-present": present[True],
                              "sort-double": twice[True]}


def test_one_sorcier_double_is_one_in_six(bundle):
    result = calculer(bundle, "sorts", {"sorciers": 1})
    assert distribution(result) == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    assert issues(result)["sort-present"] == Fraction(11, 36)


# --- objets: one d6 per Héros on the item table (line 33) -------------------------------------

@pytest.mark.parametrize("heros", [1, 2, 3, 5])
def test_distinct_items_by_enumeration(bundle, heros):
    result = calculer(bundle, "objets", {"heros": heros})
    rolls = list(itertools.product(FACES, repeat=heros))
    assert distribution(result) == tally(rolls, lambda r: len(set(r)))
    epee_de_rapidite = tally(rolls, lambda r: 6 in r)  # face 6 of the item table
    repeat = tally(rolls, lambda r: len(set(r)) < len(r))
    assert issues(result) == {"objet-present": epee_de_rapidite[True],
                              "doublon": repeat.get(True, Fraction(0))}


def test_items_for_more_heroes_than_items(bundle):
    result = calculer(bundle, "objets", {"heros": 7})
    assert issues(result)["doublon"] == 1  # seven d6 cannot all differ
    assert max(distribution(result)) == 6


# --- hache du massacre (line 39) --------------------------------------------------------------

def axe_by_enumeration(valeur: int, attaques: int, ennemis: int, armure: int, malus: int) -> dict[int, Fraction]:
    """Every hit die, then one save die per enemy and per possible hit, listed face by face."""
    save = max(0, armure - malus)
    dice = attaques + attaques * ennemis

    def eliminated(roll: tuple[int, ...]) -> int:
        hits = [h <= valeur for h in roll[:attaques]]
        saves = roll[attaques:]
        count = 0
        for enemy in range(ennemis):
            own = saves[enemy * attaques:(enemy + 1) * attaques]
            count += any(hit and s > save for hit, s in zip(hits, own, strict=True))
        return count

    return tally(itertools.product(FACES, repeat=dice), eliminated)


@pytest.mark.parametrize(("valeur", "attaques", "ennemis", "armure", "malus"),
                         [(3, 1, 3, 2, 0), (4, 2, 2, 3, 1), (6, 2, 2, 5, 0), (2, 1, 4, 1, 1), (1, 3, 1, 0, 0), (5, 1, 1, 5, 1)])
def test_axe_against_enumeration(bundle, valeur, attaques, ennemis, armure, malus):
    params = {"valeur": valeur, "attaques": attaques, "ennemis": ennemis, "armure": armure, "malus_armure": malus}
    result = calculer(bundle, "hache", params)
    expected = {k: v for k, v in axe_by_enumeration(valeur, attaques, ennemis, armure, malus).items() if v}
    assert distribution(result) == expected


def test_axe_hits_are_shared_not_independent(bundle):
    # One attack, Mêlée 3, two enemies with Armure 0: both fall together on a hit, never just one.
    result = calculer(bundle, "hache", {"valeur": 3, "attaques": 1, "ennemis": 2, "armure": 0,
                                        "malus_armure": 0})
    assert distribution(result) == {0: Fraction(1, 2), 2: Fraction(1, 2)}


@pytest.mark.parametrize(("calcul", "params", "name"), [
    ("sorts", {"sorciers": 0}, "sorciers"),
    ("sorts", {"sorciers": 21}, "sorciers"),
    ("objets", {"heros": "beaucoup"}, "heros"),
    ("hache", {"ennemis": 13}, "ennemis"),
    ("hache", {"malus_armure": 2}, "malus_armure"),
    ("hache", {"attaques": True}, "attaques"),
    ("initiative_camps", {"camps": 5}, "camps"),
    ("initiative_camps", {"camps": 1}, "camps"),
    ("pillage_partie", {"armure_5": 6}, "armure_5"),
])
def test_new_calculations_bound_their_parameters(bundle, calcul, params, name):
    with pytest.raises(ErreurParametre) as caught:
        calculer(bundle, calcul, params)
    assert caught.value.parametre == name
    assert f"« {name} »" in caught.value.message and "doit être" in caught.value.message


# --- pillage over a whole game (line 95) ------------------------------------------------------

def gold_by_convolution(dice: int) -> dict[int, Fraction]:
    """Law of the sum of `dice` d6, adding one die at a time."""
    law = {0: Fraction(1)}
    for _ in range(dice):
        step: dict[int, Fraction] = {}
        for total, p in law.items():
            for face in FACES:
                step[total + face] = step.get(total + face, Fraction(0)) + p / 6
        law = step
    return law


@pytest.mark.parametrize(("faible", "moyenne", "forte", "personnages"),
                         [(1, 0, 0, 0), (1, 1, 0, 0), (0, 0, 1, 1), (2, 0, 0, 0)])
def test_game_gold_by_enumeration(bundle, faible, moyenne, forte, personnages):
    params = {"armure_0_2": faible, "armure_3_4": moyenne, "armure_5": forte, "personnages": personnages}
    dice = faible * 1 + moyenne * 2 + forte * 3 + personnages * 3  # line 95: 1d6, 2d6, 3d6, +3d6
    expected = tally(itertools.product(FACES, repeat=dice), sum)
    assert distribution(calculer(bundle, "pillage_partie", params)) == expected


def test_game_gold_heaviest_case(bundle):
    params = {"armure_0_2": 20, "armure_3_4": 10, "armure_5": 5, "personnages": 5}
    result = calculer(bundle, "pillage_partie", params)
    assert distribution(result) == gold_by_convolution(20 + 20 + 15 + 15)
    assert Fraction(result["esperance"]["fraction"]) == Fraction(7, 2) * 70


def test_game_gold_nothing_killed(bundle):
    params = {"armure_0_2": 0, "armure_3_4": 0, "armure_5": 0, "personnages": 0}
    assert distribution(calculer(bundle, "pillage_partie", params)) == {0: Fraction(1)}


def test_game_gold_more_characters_than_kills(bundle):
    with pytest.raises(ErreurParametre) as caught:
        calculer(bundle, "pillage_partie", {"armure_0_2": 1, "armure_3_4": 0, "armure_5": 0, "personnages": 2})
    assert caught.value.parametre == "personnages"
    assert "ne peut pas dépasser le nombre d'ennemis tués (1)" in caught.value.message


# --- presets of the attack calculator ---------------------------------------------------------

def preset(bundle: dict[str, Any], preset_id: str) -> dict[str, Any]:
    attaque = next(c for c in bundle["calculs"] if c["calcul"] == "attaque")
    return next(p["valeurs"] for p in attaque["preselections"] if p["id"] == preset_id)


@pytest.mark.parametrize("armure", range(6))
def test_rayon_de_mort_preset(bundle, armure):
    # Line 53: no hit roll, one save with Armure − 1.
    result = calculer(bundle, "attaque", {**preset(bundle, "rayon-de-mort"), "armure": armure})
    falls = tally(FACES, lambda save: save > armure - 1)
    assert distribution(result) == {k: falls[v] for k, v in ((0, False), (1, True)) if v in falls}


def test_boule_de_feu_preset(bundle):
    # Line 55: every figure under the template takes a hit, normal save; here 3 figures with Armure 2.
    result = calculer(bundle, "attaque", {**preset(bundle, "boule-de-feu"), "armure": 2, "attaques": 3})
    assert distribution(result) == tally(itertools.product(FACES, repeat=3), lambda saves: sum(s > 2 for s in saves))


def test_two_weapons_and_puissante_preset(bundle):
    # Line 13: two attacks, target Armure − 1; Mêlée 3 against Armure 3.
    result = calculer(bundle, "attaque", {**preset(bundle, "deux-armes-puissante"), "valeur": 3, "armure": 3})
    expected = tally(itertools.product(FACES, repeat=4),
                     lambda r: sum(hit <= 3 and save > 2 for hit, save in ((r[0], r[1]), (r[2], r[3]))))
    assert distribution(result) == expected


# --- initiative with three or four camps (line 21) --------------------------------------------

def pair_contest(x: int, y: int) -> Fraction:
    """P(a camp with bonus x beats one with bonus y), ties rerolled: wins / (wins + losses) over 36 rolls."""
    wins = sum(i + x > j + y for i in FACES for j in FACES)
    losses = sum(i + x < j + y for i in FACES for j in FACES)
    return Fraction(wins, wins + losses)


def three_camps(bonus: tuple[int, int, int]) -> list[Fraction]:
    """P(each of three camps chooses): first roll listed; two tied camps play a pair contest; a three-way tie
    restarts the whole roll, so every share is divided by 1 − P(three-way tie)."""
    shares = [Fraction(0)] * 3
    restart = Fraction(0)
    for roll in itertools.product(FACES, repeat=3):
        totals = [f + b for f, b in zip(roll, bonus, strict=True)]
        top = [i for i in range(3) if totals[i] == max(totals)]
        if len(top) == 3:
            restart += Fraction(1, 216)
        elif len(top) == 1:
            shares[top[0]] += Fraction(1, 216)
        else:
            i, j = top
            p = pair_contest(bonus[i], bonus[j])
            shares[i] += p / 216
            shares[j] += (1 - p) / 216
    return [s / (1 - restart) for s in shares]


@pytest.mark.parametrize("bonus", [(2, 1, 0), (0, 0, 0), (3, 3, 1), (0, 5, 5)])
def test_three_camp_initiative(bundle, bonus):
    params = {"camps": 3, "heros_sorciers_a": bonus[0], "heros_sorciers_b": bonus[1], "heros_sorciers_c": bonus[2]}
    result = calculer(bundle, "initiative_camps", params)
    assert issues(result) == dict(zip(("a-choisit", "b-choisit", "c-choisit"), three_camps(bonus), strict=True))
    margin = tally(itertools.product(FACES, repeat=3),
                   lambda r: r[0] + bonus[0] - max(r[1] + bonus[1], r[2] + bonus[2]))
    assert distribution(result) == margin


def test_two_camps_agree_with_the_two_camp_calculator(bundle):
    many = issues(calculer(bundle, "initiative_camps", {"camps": 2, "heros_sorciers_a": 3, "heros_sorciers_b": 1}))
    two = issues(calculer(bundle, "initiative", {"heros_sorciers_a": 3, "heros_sorciers_b": 1}))
    assert many == {"a-choisit": pair_contest(3, 1), "b-choisit": 1 - pair_contest(3, 1)}
    assert two["a-choisit"] == many["a-choisit"]


def test_four_equal_camps_share_evenly(bundle):
    result = issues(calculer(bundle, "initiative_camps", {"camps": 4, "heros_sorciers_a": 1, "heros_sorciers_b": 1,
                                                          "heros_sorciers_c": 1, "heros_sorciers_d": 1}))
    assert result == {f"{c}-choisit": Fraction(1, 4) for c in "abcd"}
