"""Issue 36, item 3: calculations declared as data on the « Dés libres » engine keep their exact law.

Each moved calculation is compared, on every combination of its declared parameters (domains read
from its declaration), with a brute force written here from the rulebook, die face by die face
(`itertools.product`, `fractions.Fraction`):

* Bataille d6 `attaque` (line 27): a d6 ≤ Tir/Mêlée hits; each cover stops the shot on 4-6; the save
  succeeds on a d6 ≤ Armure − malus (never below 0); with the Brassards d'endurance (line 37) a failed
  save is retried and succeeds on 1-3.
* Bataille d6 `initiative` (line 21): each camp rolls a d6 plus its Héros and Sorciers; ties are
  rerolled until a camp wins (the calculation's recorded reading).
* Khârn-Âges `d5` (line 97): a D5 is a D10 halved and rounded up; N of them plus a modifier, never
  below 0.
* HAMI `solo_evenements` (lines 1487-1493): 1D6 when a CNJ is eliminated, +2 for the first one (Premier
  Sang); 1-3 nothing, 4 Transfert d'Essence, 5 Soubresaut, 6 and more Renfort embusqué.
"""
from __future__ import annotations

import itertools
import math
import subprocess
import sys
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from browser_engine import calculer, jeux
from browser_engine.calculs_donnees import est_en_donnees
from tests.engine_support import load_bundle

from .conftest import ROOT

D6 = range(1, 7)
D10 = range(1, 11)


@pytest.fixture(scope="module")
def bataille() -> dict[str, Any]:
    return load_bundle("bataille-d6")


@pytest.fixture(scope="module")
def kharn() -> dict[str, Any]:
    return load_bundle("kharn-ages")


def declaration(bundle: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in bundle["calculs"] if c["calcul"] == key)


def domain(decl: dict[str, Any], name: str) -> list[Any]:
    """Every value a declared parameter may take."""
    param = next(p for p in decl["parametres"] if p["id"] == name)
    return [False, True] if param["type"] == "booleen" else list(range(param["min"], param["max"] + 1))


def law(result: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: Fraction(i["fraction"]) for i in result["issues"]}


def without_zeros(weights: dict[int, Fraction]) -> dict[int, Fraction]:
    return {v: p for v, p in weights.items() if p}


def test_moved_calculations_are_data_and_no_longer_python(bataille: dict[str, Any], kharn: dict[str, Any]) -> None:
    for bundle, jeu, key in ((bataille, "bataille-d6", "attaque"), (bataille, "bataille-d6", "initiative"),
                             (kharn, "kharn-ages", "d5"), (load_bundle("hami"), "hami", "solo_evenements")):
        assert est_en_donnees(declaration(bundle, key))
        assert jeux.calcul(jeu, key) is None


# --- Bataille d6: attacks --------------------------------------------------------------------

def one_attack(valeur: int, armure: int, malus: int, couverts: int, brassards: bool) -> Fraction:
    """P(one attack eliminates its target), every die of the attack rolled face by face."""
    dice = 1 + couverts + 1 + (1 if brassards else 0)
    eliminated = 0
    for faces in itertools.product(D6, repeat=dice):
        hit, covers, save = faces[0], faces[1:1 + couverts], faces[1 + couverts]
        if hit > valeur or any(c >= 4 for c in covers):
            continue
        if save <= max(0, armure - malus):
            continue
        if brassards and faces[-1] <= 3:
            continue
        eliminated += 1
    return Fraction(eliminated, 6 ** dice)


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return without_zeros({k: math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)})


def test_attaque_matches_the_rule_on_every_declared_combination(bataille: dict[str, Any]) -> None:
    decl = declaration(bataille, "attaque")
    names = ("valeur", "armure", "malus_armure", "couverts", "relance_sauvegarde")
    checked = 0
    for combo in itertools.product(*(domain(decl, n) for n in names)):
        p = one_attack(*combo)
        # Every count of attacks for one setting in six; the smallest, a middle and the largest otherwise.
        counts = domain(decl, "attaques") if checked % 6 == 0 else [1, 7, domain(decl, "attaques")[-1]]
        for attaques in counts:
            result = calculer(bataille, "attaque", {**dict(zip(names, combo, strict=True)), "attaques": attaques})
            assert law(result) == binomial(attaques, p), (combo, attaques)
            assert "issues" not in result
        checked += 1
    assert checked == 6 * 6 * 4 * 4 * 2


# --- Bataille d6: initiative -----------------------------------------------------------------

def test_initiative_matches_the_rule_on_every_declared_combination(bataille: dict[str, Any]) -> None:
    decl = declaration(bataille, "initiative")
    for a, b in itertools.product(domain(decl, "heros_sorciers_a"), domain(decl, "heros_sorciers_b")):
        gaps: dict[int, Fraction] = defaultdict(Fraction)
        for da, db in itertools.product(D6, D6):
            gaps[(da + a) - (db + b)] += Fraction(1, 36)
        higher_a = sum((p for g, p in gaps.items() if g > 0), Fraction(0))
        tie = gaps.get(0, Fraction(0))
        # Ties rerolled until one camp is higher: A wins on the first decisive roll, a geometric series.
        a_wins = sum((tie ** k * higher_a for k in range(200)), Fraction(0))
        result = calculer(bataille, "initiative", {"heros_sorciers_a": a, "heros_sorciers_b": b})
        assert law(result) == without_zeros(dict(gaps))
        got = issues(result)
        assert [i["id"] for i in result["issues"]] == ["a", "egalite", "b", "a-choisit", "b-choisit"]
        assert (got["a"], got["egalite"], got["b"]) == (higher_a, tie, 1 - higher_a - tie)
        assert abs(got["a-choisit"] - a_wins) < Fraction(1, 10 ** 30)
        assert got["a-choisit"] + got["b-choisit"] == 1
    assert result["issues"][3]["nom"] == "Camp A choisit qui commence (égalités relancées)"  # the declared name


# --- Khârn-Âges: D5 --------------------------------------------------------------------------

def test_d5_matches_the_rule_on_every_declared_combination(kharn: dict[str, Any]) -> None:
    decl = declaration(kharn, "d5")
    for nombre, modificateur in itertools.product(domain(decl, "nombre"), domain(decl, "modificateur")):
        expected: dict[int, Fraction] = defaultdict(Fraction)
        for faces in itertools.product(D10, repeat=nombre):
            expected[max(0, sum(math.ceil(f / 2) for f in faces) + modificateur)] += Fraction(1, 10 ** nombre)
        result = calculer(kharn, "d5", {"nombre": nombre, "modificateur": modificateur})
        assert law(result) == dict(expected), (nombre, modificateur)


# --- HAMI: Événements ----------------------------------------------------------------------

def test_solo_evenements_matches_the_rule_on_every_declared_combination() -> None:
    hami = load_bundle("hami")
    decl = declaration(hami, "solo_evenements")
    rows = {1: "ligne-1", 2: "ligne-1", 3: "ligne-1", 4: "ligne-2", 5: "ligne-3"}  # 6 and more: ligne-4
    for premier_sang in domain(decl, "premier_sang"):
        totals: dict[int, Fraction] = defaultdict(Fraction)
        events: dict[str, Fraction] = defaultdict(Fraction)
        for face in D6:
            total = face + (2 if premier_sang else 0)
            totals[total] += Fraction(1, 6)
            events[rows.get(total, "ligne-4")] += Fraction(1, 6)
        result = calculer(hami, "solo_evenements", {"premier_sang": premier_sang})
        assert law(result) == dict(totals)
        assert issues(result) == {k: events.get(k, Fraction(0)) for k in ("ligne-1", "ligne-2", "ligne-3", "ligne-4")}
        assert [i["nom"] for i in result["issues"]] == ["Rien ne se passe.", "Transfert d'Essence", "Soubresaut",
                                                        "Renfort embusqué (6 et plus)"]


def test_command_line_treats_a_data_calculation_like_a_python_one() -> None:
    """`probas` reads the data calculation's parameters for its options and its help, as for any calculation."""
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas", "kharn-ages", "d5", "--nombre", "2",
                          "--modificateur=-3", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    import json

    result = json.loads(run.stdout)
    expected: dict[int, Fraction] = defaultdict(Fraction)
    for a, b in itertools.product(D10, D10):
        expected[max(0, math.ceil(a / 2) + math.ceil(b / 2) - 3)] += Fraction(1, 100)
    assert law(result) == dict(expected)
    assert result["sortie"] == "Total des D5" and result["parametres"] == {"nombre": 2, "modificateur": -3}
    aide = subprocess.run([sys.executable, "-m", "browser_engine", "probas", "kharn-ages", "d5", "--aide"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert "--nombre N" in aide.stdout and "--modificateur N" in aide.stdout
    hors = subprocess.run([sys.executable, "-m", "browser_engine", "probas", "kharn-ages", "d5", "--nombre", "9"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert hors.returncode != 0 and "de 1 à 4" in hors.stderr
