"""Issue 37, items 16 and 17: « Dés libres » bounds the real work of every pool, and reads what players type.

Expected laws are enumerated here independently (every roll of every die, with fractions), or derived
from closed forms (the lowest sum of n dice, the number of ways to exceed it by one).
"""
from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from fractions import Fraction
from typing import Any
from urllib.parse import quote

import pytest

from browser_engine import des_libres
from browser_engine.errors import ErreurEntree
from browser_engine.scores import calculer_score
from tests.engine_support import ROOT, load_bundle

# Kinds of dice that are not plain dN (the issue's hanging pools).
SORTES = ["1,2,3,4,5,7", "0..5", "2,3,3,4,4,5", "d8", "1,1,2,3,5,8", "-1..4"]


def loi(reserve: dict[str, Any]) -> dict[int, Fraction]:
    """The engine's exact law of one pool, value → probability."""
    sortie = des_libres.calculer({"reserves": [reserve]})["reserves"][0]
    return {ligne["valeur"]: Fraction(ligne["fraction"]) for ligne in sortie["distribution"]}


def pool(nombre: int, operation: str = "meilleurs", **options: Any) -> dict[str, Any]:
    """Six kinds of `nombre` dice each, keeping the 3 best by default."""
    return {"des": [{"nombre": nombre, "faces": f} for f in SORTES], "operation": operation,
            **({"garder": 3} if operation in ("meilleurs", "pires") else {}), **options}


# --- item 16: the estimate bounds the work; trivial pools pass ----------------------------------------

@pytest.mark.parametrize("options", [{}, {"relance": {"faces": "1"}}, {"explosion": {"faces": "5", "profondeur": 3}}])
@pytest.mark.parametrize("nombre", [10, 5])
def test_item16_the_issues_hanging_pools_are_refused_before_computing(monkeypatch, nombre, options):
    reserve = des_libres.lire_reserve(pool(nombre, **options), "A")
    # icepool's evaluator goes through each value any die shows, and for each through every split of the
    # remaining dice among the six kinds: at least values × (n + 1)^6 steps.
    valeurs = len({v for s in SORTES for v in des_libres.lire_reserve({"des": [{"faces": s}]}, "A").sortes[0].faces})
    assert des_libres.cout(reserve) >= valeurs * (nombre + 1) ** len(SORTES)

    def interdit(*args: object) -> None:
        raise AssertionError("calculé malgré la borne")

    monkeypatch.setattr(des_libres, "loi_reserve", interdit)
    with pytest.raises(ErreurEntree, match="calcul exact trop lourd pour le navigateur"):
        des_libres.calculer({"reserves": [pool(nombre, **options)]})


def test_item16_the_estimate_counts_the_kinds_of_dice():
    """Six kinds of 2 dice: the same dice count as 12 identical d6 costs far less to keep from."""
    melange = des_libres.cout(des_libres.lire_reserve(pool(2), "A"))
    identiques = des_libres.cout(des_libres.lire_reserve({"des": [{"nombre": 12, "faces": "d8"}], "operation": "meilleurs",
                                                          "garder": 3}, "A"))
    assert melange > 10 * identiques


def test_item16_two_dice_of_minus_1000_and_1000_are_computed():
    assert loi({"des": [{"nombre": 2, "faces": "-1000, 1000"}]}) == {
        -2000: Fraction(1, 4), 0: Fraction(1, 2), 2000: Fraction(1, 4)}


@pytest.mark.parametrize(("nombre", "faces"), [(60, 10), (100, 6), (1000, 6)])
def test_item16_large_sums_of_identical_dice_are_computed_exactly(nombre, faces):
    resultat = loi({"des": [{"nombre": nombre, "faces": f"d{faces}"}]})
    assert len(resultat) == nombre * (faces - 1) + 1
    assert sum(resultat.values()) == 1
    total = Fraction(faces) ** nombre
    assert resultat[nombre] == 1 / total  # every die on 1
    assert resultat[nombre + 1] == nombre / total  # one die on 2
    assert resultat[nombre * faces - 2] == (nombre + math.comb(nombre, 2)) / total  # one die on f-2, or two on f-1
    moyenne = sum(v * p for v, p in resultat.items())
    assert moyenne == Fraction(nombre * (faces + 1), 2)


def test_item16_sixty_dice_of_ten_faces_keep_the_best_is_computed():
    resultat = loi({"des": [{"nombre": 60, "faces": "d10"}], "operation": "meilleurs", "garder": 1})
    assert resultat[10] == 1 - Fraction(9, 10) ** 60  # at least one 10
    assert resultat[1] == Fraction(1, 10) ** 60


def _jet(faces: list[int], explose: set[int], profondeur: int) -> dict[int, Fraction]:
    """One new roll of a die that may still explode `profondeur` times."""
    out: dict[int, Fraction] = {}
    for f in faces:
        p = Fraction(1, len(faces))
        suite = _jet(faces, explose, profondeur - 1) if f in explose and profondeur else {0: Fraction(1)}
        for v, q in suite.items():
            out[f + v] = out.get(f + v, Fraction(0)) + p * q
    return out


def _de(faces: list[int], explose: set[int], relance: set[int], profondeur: int) -> dict[int, Fraction]:
    """One die: a first roll on a face of `relance` is rolled again once (that roll may explode)."""
    out: dict[int, Fraction] = {}
    for f in faces:
        p = Fraction(1, len(faces))
        if f in relance:
            suite = _jet(faces, explose, profondeur)
        else:
            suite = {f + v: q for v, q in (_jet(faces, explose, profondeur - 1) if f in explose and profondeur
                                            else {0: Fraction(1)}).items()}
        for v, q in suite.items():
            out[v] = out.get(v, Fraction(0)) + p * q
    return out


def _garder(des: list[dict[int, Fraction]], garder: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for tirage in itertools.product(*(d.items() for d in des)):
        valeur = sum(sorted((v for v, _ in tirage), reverse=True)[:garder])
        p = math.prod((q for _, q in tirage), start=Fraction(1))
        out[valeur] = out.get(valeur, Fraction(0)) + p
    return out


def test_item16_a_small_mixed_pool_is_exact_against_an_enumeration():
    """2 dice « 1, 2, 2, 5 » and 2 dice « 0..3 », a 1 rerolled once, 5 and 3 exploding twice, best 2 kept."""
    reserve = {"des": [{"nombre": 2, "faces": "1, 2, 2, 5"}, {"nombre": 2, "faces": "0..3"}], "operation": "meilleurs",
               "garder": 2, "relance": {"faces": "1"}, "explosion": {"faces": "5, 3", "profondeur": 2}}
    assert des_libres.cout(des_libres.lire_reserve(reserve, "A")) <= des_libres.MAX_COUT
    a = _de([1, 2, 2, 5], {5, 3}, {1}, 2)
    b = _de([0, 1, 2, 3], {5, 3}, {1}, 2)
    assert loi(reserve) == _garder([a, a, b, b], 2)


def test_item16_a_sum_of_two_kinds_is_exact_against_an_enumeration():
    reserve = {"des": [{"nombre": 3, "faces": "-1, 0, 4"}, {"nombre": 2, "faces": "2, 2, 7"}]}
    a, b = _de([-1, 0, 4], set(), set(), 0), _de([2, 2, 7], set(), set(), 0)
    assert loi(reserve) == _garder([a, a, a, b, b], 5)


# --- item 17: what players type -----------------------------------------------------------------------

def test_item17_french_decimals_are_refused():
    with pytest.raises(ErreurEntree, match="« 1,5 » est un nombre décimal"):
        des_libres.calculer({"reserves": [{"des": [{"faces": "1,5; 2,5"}]}]})


def test_item17_decomposed_text_is_read_as_composed():
    decompose = "e\u0301pe\u0301e*2, vide*4"
    reserve = {"des": [{"nombre": 2, "faces": decompose}], "operation": "symboles", "symbole": "épée"}
    assert loi(reserve) == {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
    reserve["symbole"] = "e\u0301pe\u0301e"
    assert loi(reserve)[2] == Fraction(1, 9)


def test_item17_one_player_typed_composed_and_decomposed_is_one_player():
    hate = load_bundle("hate")
    with pytest.raises(ErreurEntree, match="même nom"):
        calculer_score(hate, "festin", {"joueurs": [{"nom": "\u00c9lise", "ressources": 3},
                                                     {"nom": "E\u0301lise", "ressources": 2}]})


def test_item17_bidirectional_controls_are_refused_in_names():
    with pytest.raises(ErreurEntree, match="sens d'écriture"):
        des_libres.calculer({"reserves": [{"des": [{"faces": "d6", "nom": "D\u202eé"}]}]})
    with pytest.raises(ErreurEntree, match="sens d'écriture"):
        calculer_score(load_bundle("hate"), "festin", {"joueurs": [{"nom": "A\u202eB", "ressources": 3},
                                                                    {"nom": "C", "ressources": 2}]})


def test_item17_succes_with_its_accent_and_yaml_integers():
    accent = loi({"des": [{"nombre": 2, "faces": "d6"}], "operation": "succès", "seuil": 5})
    assert accent == {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
    assert loi({"des": [{"nombre": 1, "faces": 6}]}) == {6: Fraction(1)}  # `faces: 6`, the text « 6 »: one face
    relance = loi({"des": [{"nombre": 1, "faces": "d6"}], "relance": {"faces": 1}})
    assert relance[1] == Fraction(1, 36) and relance[6] == Fraction(7, 36)


def test_item17_messages_stay_short_on_huge_values():
    with pytest.raises(ErreurEntree) as erreur:
        des_libres.calculer({"reserves": [{"des": [{"faces": "1" * 1999}]}]})
    assert len(erreur.value.message) < 200 and "dépasse la limite de 1000" in erreur.value.message


def test_item17_a_link_with_reserves_twice_is_refused():
    pool_json = '{"des": [{"nombre": 1, "faces": "d6"}]}'
    texte = '{"reserves": [' + pool_json + '], "reserves": [' + pool_json + "]}"
    lien = "http://x/outils/des-libres/#reserves=" + quote(texte)
    run = subprocess.run([sys.executable, "-m", "browser_engine", "des-libres", lien], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2
    assert "clé « reserves » en double" in run.stderr
    seul = "http://x/outils/des-libres/#reserves=" + quote('{"reserves": [' + pool_json + "]}")
    assert json.loads(subprocess.run([sys.executable, "-m", "browser_engine", "des-libres", seul, "--json"], cwd=ROOT,
                                     capture_output=True, text=True, timeout=120).stdout)["reserves"][0]["esperance"][
        "fraction"] == "7/2"


def test_item16_plain_dn_kinds_keep_their_cheap_estimate():
    """d4 to d20 are one die cut at the top: icepool merges them, and the estimate says so (accepted)."""
    sortes = [{"nombre": 10, "faces": f"d{f}"} for f in (4, 6, 8, 10, 12, 20)]
    resultat = loi({"des": sortes, "operation": "meilleurs", "garder": 1})
    # The best die is 20 unless every d20 shows less: P(max ≤ k) = Π over kinds of (min(k, f) / f)^10.
    def au_plus(k: int) -> Fraction:
        return math.prod((Fraction(min(k, f), f) ** 10 for f in (4, 6, 8, 10, 12, 20)), start=Fraction(1))
    assert resultat == {k: au_plus(k) - au_plus(k - 1) for k in range(1, 21) if au_plus(k) - au_plus(k - 1)}
