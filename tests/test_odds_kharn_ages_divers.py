"""Khârn-Âges: the smaller random mechanics, against brute forces written here from the book.

Every D10 is rolled literally with `fractions.Fraction`: 1D5 = ⌈d10 / 2⌉ (l. 97); Détruire un
objet, C + P + ND10 ≥ 12 then 1D5 − 2 PS, at least 1, doubled on an RC (l. 1037-1039); the
deviation of a throw, (5 − die) toises under 5 (l. 1008-1012); falls and landings (l. 698-713);
Bretteur X (l. 1519), Maître X (l. 1569) and the last of his side (l. 1232); fair draws (l. 461,
1514). The readings recorded in data/kharn-ages/calculs.yaml are followed.
"""
from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer
from tests.engine_support import load_bundle
from tests.test_odds_kharn_ages import Side, brute_threshold

F = Fraction
FACES = range(1, 11)


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: F(d["fraction"]) for d in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: F(i["fraction"]) for i in result["issues"]}


def d5(face: int) -> int:
    return math.ceil(face / 2)


@pytest.mark.parametrize("nombre,modificateur", [(1, 0), (2, 0), (3, -2), (4, 5), (1, -5)])
def test_d5_sums(bundle, nombre, modificateur):
    law: dict[int, Fraction] = defaultdict(F)
    for faces in product(FACES, repeat=nombre):
        law[max(0, sum(d5(f) for f in faces) + modificateur)] += F(1, 10 ** nombre)
    assert distribution(calculer(bundle, "d5", {"nombre": nombre, "modificateur": modificateur})) == dict(law)


def test_d5_by_hand(bundle):
    """1D5: each of 1-5 has 1/5; 2D5 (pillage): 6 is the most likely, 5/25."""
    assert distribution(calculer(bundle, "d5", {"nombre": 1})) == {k: F(1, 5) for k in range(1, 6)}
    assert distribution(calculer(bundle, "d5", {"nombre": 2}))[6] == F(5, 25)


@pytest.mark.parametrize("niveau,carac,maitrise,specialiste,heroique", [
    (1, 6, False, False, False), (2, 6, True, False, False), (2, 3, False, True, True), (1, 9, True, True, False),
])
def test_detruire_matches_brute_force(bundle, niveau, carac, maitrise, specialiste, heroique):
    side = Side(niveau + (1 if heroique else 0), carac, specialiste=specialiste, mastery=maitrise)
    _, named = brute_threshold(side, 12)
    success, rc = named["reussite"], named["rc"]
    law: dict[int, Fraction] = defaultdict(F)
    law[0] += 1 - success
    for face in FACES:
        ps = max(1, d5(face) - 2)
        law[ps] += (success - rc) / 10
        law[2 * ps] += rc / 10
    result = calculer(bundle, "detruire", {"niveau": niveau, "carac": carac, "maitrise": maitrise,
                                           "specialiste": specialiste, "heroique": heroique})
    assert distribution(result) == {k: v for k, v in law.items() if v}
    assert issues(result)["reussite"] == success
    assert issues(result)["rc"] == rc


def test_detruire_rc_takes_at_least_two(bundle):
    """An RC doubles the PS after the minimum of 1: never 1 PS on an RC, and 6 only on an RC with a 5."""
    result = calculer(bundle, "detruire", {"niveau": 1, "carac": 0, "seuil": 60})
    # Threshold out of reach: only a natural 10 (RC, 1/10) succeeds; then 1D5 − 2 ≥ 1, doubled.
    assert distribution(result) == {0: F(9, 10), 2: F(1, 10) * F(6, 10), 4: F(1, 10) * F(2, 10),
                                    6: F(1, 10) * F(2, 10)}


def test_deviation_by_hand(bundle):
    law = distribution(calculer(bundle, "deviation", {}))
    assert law == {0: F(6, 10), 1: F(1, 10), 2: F(1, 10), 3: F(1, 10), 4: F(1, 10)}


def brute_fall(c: int, a: int, height: int, involuntary: bool) -> dict[int, Fraction]:
    law: dict[int, Fraction] = defaultdict(F)
    for die in FACES:
        if height <= a:
            ec = die in ((1, 2) if involuntary else (1,))
            law[c if ec else 0] += F(1, 10)
            continue
        threshold = 10 + height * (2 if involuntary else 1)
        ok = die == 10 or (die != 1 and c + a + die >= threshold)
        law[0 if ok else (c + height if involuntary else c)] += F(1, 10)
    return {k: v for k, v in law.items() if v}


@pytest.mark.parametrize("c,a,height,involuntary", [
    (4, 3, 2, False), (4, 3, 2, True), (4, 3, 5, False), (4, 3, 5, True), (2, 2, 3, True), (6, 5, 12, True),
])
def test_chute_matches_brute_force(bundle, c, a, height, involuntary):
    result = calculer(bundle, "chute", {"corpulence": c, "agilite": a, "hauteur": height, "involontaire": involuntary,
                                        "niveau": 3})
    assert distribution(result) == brute_fall(c, a, height, involuntary)


def test_chute_too_high_for_a_voluntary_fall(bundle):
    with pytest.raises(ErreurParametre) as err:
        calculer(bundle, "chute", {"agilite": 2, "niveau": 1, "hauteur": 4})
    assert err.value.parametre == "hauteur"
    assert "A + niveau = 3" in err.value.message


# --- Bretteur, Maître, last of his side ------------------------------------------------------------

def verdict(die: int, p: dict[str, Any]) -> str:
    """RC on 10 (9-10 for the last of his side); EC on 1 (1-2 for a shooter), one lower for the last."""
    low = 1 if p["dernier"] else 0
    ec_faces = {f - low for f in ((1, 2) if p["tireur"] else (1,))} - {0}
    if p["specialiste"]:
        ec_faces.discard(1)
    if die in ec_faces:
        return "ec"
    if die >= 10 - low:
        return "rc"
    return "ok" if p["carac"] + p["bonus"] + die >= p["seuil"] else "ko"


def succeeds(die: int, p: dict[str, Any]) -> bool:
    return verdict(die, p) in ("rc", "ok")


def roll_succeeds(dice: tuple[int, ...], p: dict[str, Any]) -> bool:
    """The player chooses the die he keeps (l. 230, 433): the roll succeeds when one of its dice does."""
    return any(succeeds(die, p) for die in dice)


def p_success_after_reroll(kept: tuple[int, ...], n_new: int, p: dict[str, Any], maitre: bool) -> Fraction:
    """P(success) when `kept` dice stay and `n_new` are rolled again; then Maître if still failing."""
    total = F(0)
    for new in product(FACES, repeat=n_new):
        dice = kept + new
        if roll_succeeds(dice, p) or not maitre:
            total += F(1 if roll_succeeds(dice, p) else 0, 10 ** n_new)
        else:
            total += F(1, 10 ** n_new) * best_maitre(dice, p)
    return total


def best_maitre(dice: tuple[int, ...], p: dict[str, Any]) -> Fraction:
    """The roller rerolls the subset of his dice that gives the best chance."""
    best = F(0)
    for k in range(1, len(dice) + 1):
        for chosen in combinations(range(len(dice)), k):
            kept = tuple(d for i, d in enumerate(dice) if i not in chosen)
            best = max(best, p_success_after_reroll(kept, k, p, False))
    return best


def brute_success(p: dict[str, Any]) -> Fraction:
    """Optimal play on both sides: the bretteur picks the x dice to reroll that hurt most."""
    n = p["niveau"] + (1 if p["heroique"] else 0)
    x = p["bretteur"]
    total = F(0)
    for dice in product(FACES, repeat=n):
        if x and roll_succeeds(dice, p):
            worst = min(p_success_after_reroll(tuple(d for i, d in enumerate(dice) if i not in chosen), x, p,
                                               p["maitre"]) for chosen in combinations(range(n), x))
            total += F(1, 10 ** n) * worst
        elif roll_succeeds(dice, p) or not p["maitre"]:
            total += F(1 if roll_succeeds(dice, p) else 0, 10 ** n)
        else:
            total += F(1, 10 ** n) * best_maitre(dice, p)
    return total


RELANCES = [
    {"niveau": 2, "carac": 5, "seuil": 12, "bretteur": 1},
    {"niveau": 2, "carac": 5, "seuil": 12, "maitre": True},
    {"niveau": 2, "carac": 4, "seuil": 12, "bretteur": 2, "maitre": True},
    {"niveau": 1, "carac": 6, "seuil": 14, "dernier": True},
    {"niveau": 2, "carac": 3, "seuil": 11, "dernier": True, "tireur": True, "bretteur": 1},
    {"niveau": 1, "carac": 2, "seuil": 9, "heroique": True, "specialiste": True, "dernier": True, "maitre": True,
     "bretteur": 1},
    {"niveau": 2, "carac": 6, "seuil": 9, "tireur": True, "specialiste": True, "bretteur": 1},
    {"niveau": 3, "carac": 5, "seuil": 10, "tireur": True, "specialiste": True, "maitre": True},
]


@pytest.mark.parametrize("given", RELANCES)
def test_relances_success_is_optimal_play(bundle, given):
    p = {"niveau": 2, "heroique": False, "carac": 6, "bonus": 0, "seuil": 12, "bretteur": 0, "maitre": False,
         "dernier": False, "tireur": False, "specialiste": False} | given
    result = calculer(bundle, "relances", given)
    assert issues(result)["reussite"] == brute_success(p)


def test_last_of_his_side_by_hand(bundle):
    """One die out of reach: RC on 9-10 (2/10) instead of 10; no EC at all; a shooter keeps an EC on 1."""
    result = calculer(bundle, "relances", {"niveau": 1, "carac": 0, "seuil": 60, "dernier": True})
    assert issues(result)["reussite"] == F(2, 10)
    assert issues(result)["ec"] == 0
    shooter = calculer(bundle, "relances", {"niveau": 1, "carac": 0, "seuil": 60, "dernier": True, "tireur": True})
    assert issues(shooter)["ec"] == F(1, 10)


def test_tirage_is_fair(bundle):
    result = calculer(bundle, "tirage", {"candidats": 4})
    assert distribution(result) == {k: F(1, 4) for k in range(1, 5)}


@pytest.mark.parametrize("calcul,given,name,words", [
    ("relances", {"niveau": 1, "bretteur": 2}, "bretteur", "plus de dés"),
    ("d5", {"modificateur": 6}, "modificateur", "entier de -5 à 5"),
    ("d5", {"nombre": "deux"}, "nombre", "entier de 1 à 4"),
    ("tirage", {"candidats": 1}, "candidats", "entier de 2 à 10"),
    ("chute", {"hauteur": 21}, "hauteur", "entier de 0 à 20"),
])
def test_bad_parameters_get_french_messages(bundle, calcul, given, name, words):
    with pytest.raises(ErreurParametre) as err:
        calculer(bundle, calcul, given)
    assert err.value.parametre == name
    assert words in err.value.message
