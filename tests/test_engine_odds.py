"""Exact odds: every expected value is derived here from the d6 faces, never from the engine."""
from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from browser_engine import ErreurEntree, ErreurParametre, calculer, tables_statiques
from tests.engine_support import load_bundle

FACES = range(1, 7)


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("bataille-d6")


def one_attack_by_enumeration(valeur: int, armure: int, malus: int, couverts: int, relance: bool) -> Fraction:
    """P(one attack eliminates), by listing every combination of the dice involved."""
    dice = 1 + couverts + 1 + (1 if relance else 0)  # hit, each cover, save, optional second save
    save = max(0, armure - malus)
    wins = 0
    for roll in itertools.product(FACES, repeat=dice):
        hit, covers, first_save = roll[0], roll[1:1 + couverts], roll[1 + couverts]
        if hit > valeur or any(c >= 4 for c in covers):
            continue
        saved = first_save <= save or (relance and roll[-1] <= 3)
        wins += not saved
    return Fraction(wins, 6 ** dice)


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def as_fractions(result: dict[str, Any]) -> dict[Any, Fraction]:
    out = {}
    for row in result["distribution"]:
        numerator, denominator = row["fraction"].split("/")
        out[row["valeur"]] = Fraction(int(numerator), int(denominator))
        assert row["probabilite"] == float(out[row["valeur"]])
    return out


# --- attaque ---------------------------------------------------------------------------------

def test_issue_example(bundle):
    params = {"valeur": 3, "armure": 2, "malus_armure": 1, "couverts": 1, "attaques": 5}
    result = calculer(bundle, "attaque", params)
    p = Fraction(3, 6) * Fraction(1, 2) * Fraction(5, 6)  # hit 1-3, cover ignored 1-3, save only on a 1
    assert as_fractions(result) == binomial(5, p)
    assert result["esperance"] == {"fraction": "25/24", "valeur": float(Fraction(25, 24))}
    assert result["parametres"] == {**params, "relance_sauvegarde": False}
    assert result["jeu"] == "bataille-d6" and result["calcul"] == "attaque"
    assert result["distribution"][0] == {"valeur": 0, "fraction": "2476099/7962624",
                                         "probabilite": float(Fraction(19, 24) ** 5)}
    json.dumps(result)


@pytest.mark.parametrize("valeur", [1, 3, 6])
@pytest.mark.parametrize("armure", [0, 2, 5])
@pytest.mark.parametrize("malus", [0, 1, 3])
@pytest.mark.parametrize("couverts", [0, 2])
@pytest.mark.parametrize("relance", [False, True])
def test_single_attack_against_enumeration(bundle, valeur, armure, malus, couverts, relance):
    result = calculer(bundle, "attaque", {"valeur": valeur, "armure": armure, "malus_armure": malus,
                                          "couverts": couverts, "relance_sauvegarde": relance, "attaques": 1})
    p = one_attack_by_enumeration(valeur, armure, malus, couverts, relance)
    expected = {k: v for k, v in {0: 1 - p, 1: p}.items() if v}
    assert as_fractions(result) == expected


@pytest.mark.parametrize("attaques", [1, 2, 7, 30])
def test_many_attacks_follow_the_binomial_law(bundle, attaques):
    params = {"valeur": 4, "armure": 3, "malus_armure": 0, "couverts": 1, "relance_sauvegarde": True,
              "attaques": attaques}
    result = calculer(bundle, "attaque", params)
    p = one_attack_by_enumeration(4, 3, 0, 1, True)
    assert as_fractions(result) == binomial(attaques, p)
    mean = Fraction(result["esperance"]["fraction"])
    assert mean == attaques * p
    assert sum(as_fractions(result).values()) == 1


def test_brassards_on_armour_zero(bundle):
    result = calculer(bundle, "attaque", {"valeur": 6, "armure": 0, "relance_sauvegarde": True})
    assert as_fractions(result) == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_malus_never_makes_armour_negative(bundle):
    a = calculer(bundle, "attaque", {"valeur": 6, "armure": 1, "malus_armure": 3})
    b = calculer(bundle, "attaque", {"valeur": 6, "armure": 0, "malus_armure": 0})
    assert as_fractions(a) == as_fractions(b) == {1: Fraction(1)}


def test_defaults_are_filled(bundle):
    result = calculer(bundle, "attaque", {})
    declared = next(c for c in bundle["calculs"] if c["calcul"] == "attaque")
    assert result["parametres"] == {p["id"]: p["defaut"] for p in declared["parametres"]}


def test_calculation_by_entry_id(bundle):
    assert calculer(bundle, "calcul-attaque", {}) == calculer(bundle, "attaque", {})


# --- initiative ------------------------------------------------------------------------------

@pytest.mark.parametrize(("a", "b"), [(0, 0), (2, 1), (0, 3), (5, 0)])
def test_initiative(bundle, a, b):
    result = calculer(bundle, "initiative", {"heros_sorciers_a": a, "heros_sorciers_b": b})
    pairs = [(x + a, y + b) for x in FACES for y in FACES]
    expected = {
        "a": Fraction(sum(x > y for x, y in pairs), 36),
        "egalite": Fraction(sum(x == y for x, y in pairs), 36),
        "b": Fraction(sum(x < y for x, y in pairs), 36),
    }
    issues = {i["id"]: Fraction(i["fraction"]) for i in result["issues"]}
    assert {k: issues[k] for k in expected} == expected  # ties rerolled: tests/test_odds_bataille_d6.py
    assert [i["nom"] for i in result["issues"]][:3] == ["Camp A plus haut", "Égalité", "Camp B plus haut"]
    differences: dict[int, Fraction] = {}
    for x, y in pairs:
        differences[x - y] = differences.get(x - y, Fraction(0)) + Fraction(1, 36)
    assert as_fractions(result) == differences
    assert Fraction(result["esperance"]["fraction"]) == a - b


# --- pillage ---------------------------------------------------------------------------------

@pytest.mark.parametrize("armure", range(6))
@pytest.mark.parametrize("personnage", [False, True])
def test_pillage(bundle, armure, personnage):
    result = calculer(bundle, "pillage", {"armure": armure, "heros_ou_sorcier": personnage})
    dice = {0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3}[armure] + (3 if personnage else 0)
    counts: dict[int, int] = {}
    for roll in itertools.product(FACES, repeat=dice):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    expected = {total: Fraction(n, 6 ** dice) for total, n in counts.items()}
    assert as_fractions(result) == expected
    assert Fraction(result["esperance"]["fraction"]) == Fraction(7, 2) * dice
    assert "issues" not in result


# --- parameters ------------------------------------------------------------------------------

@pytest.mark.parametrize(("params", "name", "fragment"), [
    ({"valeur": 7}, "valeur", "un entier de 1 à 6 (reçu : 7)"),
    ({"valeur": 0}, "valeur", "un entier de 1 à 6"),
    ({"armure": 6}, "armure", "un entier de 0 à 5"),
    ({"malus_armure": 4}, "malus_armure", "un entier de 0 à 3"),
    ({"couverts": -1}, "couverts", "un entier de 0 à 3"),
    ({"attaques": 31}, "attaques", "un entier de 1 à 30"),
    ({"attaques": "beaucoup"}, "attaques", "(reçu : « beaucoup »)"),
    ({"attaques": True}, "attaques", "un entier de 1 à 30"),
    ({"attaques": 2.5}, "attaques", "un entier de 1 à 30"),
    ({"relance_sauvegarde": "peut-être"}, "relance_sauvegarde", "true ou false"),
    ({"relance_sauvegarde": 2}, "relance_sauvegarde", "true ou false"),
    ({"inconnu": 1}, "inconnu", "Paramètre inconnu « inconnu »"),
])
def test_bad_parameters(bundle, params, name, fragment):
    with pytest.raises(ErreurParametre) as caught:
        calculer(bundle, "attaque", params)
    assert caught.value.parametre == name
    assert fragment in str(caught.value)
    assert isinstance(caught.value, ErreurEntree)
    if name != "inconnu":
        assert f"« {name} »" in str(caught.value)


def test_form_values_as_text_are_accepted(bundle):
    as_text = calculer(bundle, "attaque", {"valeur": "4", "armure": " 2 ", "relance_sauvegarde": "true"})
    as_values = calculer(bundle, "attaque", {"valeur": 4, "armure": 2, "relance_sauvegarde": True})
    assert as_text == as_values


def test_unknown_calculation(bundle):
    with pytest.raises(ErreurEntree, match="Calcul inconnu « charge » .*attaque, initiative, pillage"):
        calculer(bundle, "charge", {})


def test_parameters_must_be_an_object(bundle):
    with pytest.raises(ErreurEntree, match="objet"):
        calculer(bundle, "attaque", [1, 2])


def test_missing_data_refuses_to_compute():
    bundle = load_bundle("bataille-d6")  # a copy: this test changes it
    declared = next(c for c in bundle["calculs"] if c["calcul"] == "pillage")
    declared["manquant"] = "valeurs inventées pour le test"
    with pytest.raises(ErreurEntree, match="des données manquent"):
        calculer(bundle, "pillage", {})


# --- static tables ---------------------------------------------------------------------------

def test_static_attack_tables(bundle):
    tables = {t["id"]: t for t in tables_statiques(bundle)}
    json.dumps(tables)
    for table_id, malus in (("table-attaque", 0), ("table-attaque-puissante", 1)):
        table = tables[table_id]
        assert table["colonnes"] == [f"Armure {a}" for a in range(6)]
        assert [row["entete"] for row in table["lignes"]] == [str(v) for v in range(1, 7)]
        for valeur, row in zip(range(1, 7), table["lignes"], strict=True):
            for armure, cell in zip(range(6), row["cellules"], strict=True):
                expected = Fraction(valeur, 6) * (1 - Fraction(max(0, armure - malus), 6))
                assert Fraction(cell["fraction"]) == expected
                assert cell["valeur"] == float(expected)
                assert cell["texte"].endswith("%")
    assert tables["table-attaque"]["lignes"][2]["cellules"][2] == {
        "fraction": "1/3", "valeur": float(Fraction(1, 3)), "texte": "33,3\u00a0%"}


def test_static_pillage_table(bundle):
    table = next(t for t in tables_statiques(bundle) if t["id"] == "table-pillage")
    for armure, row in zip(range(6), table["lignes"], strict=True):
        dice = 1 if armure <= 2 else 2 if armure <= 4 else 3
        assert Fraction(row["cellules"][0]["fraction"]) == Fraction(7, 2) * dice
        assert Fraction(row["cellules"][1]["fraction"]) == Fraction(7, 2) * (dice + 3)
    assert table["lignes"][0]["cellules"][0]["texte"] == "3,5"
    assert table["lignes"][5]["cellules"][1]["texte"] == "21"


def test_static_tables_reference_existing_entries(bundle):
    ids = {e["id"] for key, value in bundle.items() if isinstance(value, list)
           for e in value if isinstance(e, dict) and "id" in e}
    pages = {p["id"] for p in bundle["jeu"]["pages"]}
    for table in tables_statiques(bundle):
        assert table["page"] in pages
        assert set(table["regles"]) <= ids
        assert table["apres"] is None or table["apres"] in ids
