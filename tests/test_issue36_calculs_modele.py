"""Issue 36, item 3: the « Dés libres » calculation templates, form by form, and their checks.

Each form of template (`reserve`, `chaine`, `opposition`) and each option (rerolls, kept dice,
explosions, modifier, floor, a stage made several times or only under a condition) is compared with a
brute force over the dice faces written here. `generator check` refuses a template naming an unknown
parameter, at its position (found here by PyYAML's composer), and a calculation both data and Python.
"""
from __future__ import annotations

import contextlib
import io
import itertools
import shutil
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine import calculs_donnees
from browser_engine.errors import ErreurDonnees, ErreurEntree
from generator.__main__ import main

from .conftest import ROOT

D6 = range(1, 7)


def law(die: Any) -> dict[int, Fraction]:
    return {int(v): Fraction(q, die.denominator()) for v, q in die.items() if q}


def decl(template: dict[str, Any], *params: str) -> dict[str, Any]:
    return {"calcul": "essai", "parametres": [{"id": p} for p in params], "des_libres": template}


def test_chain_with_a_reroll_a_repeated_stage_and_a_conditional_one() -> None:
    template = {"chaine": {"jets": "n", "de": "d6", "etapes": [
        {"nom": "Touche", "reussite": {"au_moins": "seuil"}, "relance": "relance"},
        {"nom": "Couvert", "reussite": {"au_plus": 3}, "repetitions": "couverts"},
        {"nom": "Blessure", "reussite": {"au_moins": 5}, "si": "blessure"}]}}
    for n, seuil, relance, couverts, blessure in itertools.product((0, 1, 3), (1, 4, 6, 7), (0, 1), (0, 2), (False, True)):
        # One attempt: the hit die, its reroll die (used only when allowed and the first fails), covers, wound.
        dice = 2 + couverts + 1
        passes = 0
        for faces in itertools.product(D6, repeat=dice):
            hit = faces[0] >= seuil or (relance and faces[1] >= seuil)
            covers = all(f <= 3 for f in faces[2:2 + couverts])
            wound = not blessure or faces[-1] >= 5
            passes += hit and covers and wound
        p = Fraction(passes, 6 ** dice)
        expected: dict[int, Fraction] = defaultdict(Fraction)
        for outcomes in itertools.product((0, 1), repeat=n):
            weight = Fraction(1)
            for o in outcomes:
                weight *= p if o else 1 - p
            expected[sum(outcomes)] += weight
        params = {"n": n, "seuil": seuil, "relance": relance, "couverts": couverts, "blessure": blessure}
        loi, issues = calculs_donnees.calculer(decl(template, *params), params)
        assert law(loi) == {k: v for k, v in expected.items() if v}, params
        assert issues is None


def test_pool_keeps_the_best_dice_rerolls_ones_adds_a_modifier_and_a_floor() -> None:
    template = {"reserve": {"des": [{"nombre": "n", "faces": "d6"}], "operation": "meilleurs", "garder": 2,
                            "relance": {"faces": "1"}, "modificateur": "bonus - 4", "plancher": 0}}
    for n, bonus in itertools.product((2, 3), (0, 1)):
        expected: dict[int, Fraction] = defaultdict(Fraction)
        for faces in itertools.product(D6, repeat=2 * n):  # each die's first roll and its reroll
            rolls = [second if first == 1 else first for first, second in zip(faces[::2], faces[1::2], strict=True)]
            expected[max(0, sum(sorted(rolls)[-2:]) + bonus - 4)] += Fraction(1, 6 ** (2 * n))
        loi, issues = calculs_donnees.calculer(decl(template, "n", "bonus"), {"n": n, "bonus": bonus})
        assert law(loi) == dict(expected)
        assert issues is None


def test_exploding_pool_reports_its_truncation() -> None:
    template = {"reserve": {"des": [{"nombre": 1, "faces": "d4"}], "explosion": {"faces": "4", "profondeur": "p"}}}
    loi, issues = calculs_donnees.calculer(decl(template, "p"), {"p": 2})
    # A d4 rerolled on 4, at most twice: 1-3 | 4 + (1-3) | 4 + 4 + (1-4, the last roll never explodes).
    expected = {v: Fraction(1, 4) for v in (1, 2, 3)}
    expected.update({4 + v: Fraction(1, 16) for v in (1, 2, 3)})
    expected.update({8 + v: Fraction(1, 64) for v in (1, 2, 3, 4)})
    assert law(loi) == expected
    # Stopped: the last allowed roll shows a 4 again (4, 4, 4), which would have exploded.
    assert issues == [("troncature", "Explosion arrêtée à la profondeur maximale", Fraction(1, 64))]


def test_opposition_without_reroll_and_a_pool_of_no_dice() -> None:
    template = {"opposition": {"a": {"des": [{"nombre": "na", "faces": "d6"}], "operation": "succes", "seuil": 5},
                               "b": {"des": [{"nombre": "nb", "faces": "d6"}], "operation": "succes", "seuil": 5}}}
    for na, nb in itertools.product((0, 1, 2), (1, 2)):
        expected: dict[int, Fraction] = defaultdict(Fraction)
        for faces in itertools.product(D6, repeat=na + nb):
            expected[sum(f >= 5 for f in faces[:na]) - sum(f >= 5 for f in faces[na:])] += Fraction(1, 6 ** (na + nb))
        loi, issues = calculs_donnees.calculer(decl(template, "na", "nb"), {"na": na, "nb": nb})
        assert law(loi) == dict(expected)
        assert [i[0] for i in issues or []] == ["a", "egalite", "b"]
        assert issues[0][2] == sum((p for g, p in expected.items() if g > 0), Fraction(0))


def test_values_of_other_entries_and_a_table_read_as_named_outcomes() -> None:
    bundle = {"evenements": [{"id": "pluie", "proprietes": {"bonus_jet": 3}}],
              "tables": [{"id": "table-essai", "lignes": [{"jet": "1-2", "resultat": "Rien"},
                                                          {"jet": "3-4", "resultat": "Un peu"},
                                                          {"jet": 5, "resultat": "Beaucoup"}]}]}
    template = {"valeurs": {"bonus": {"entree": "pluie", "propriete": "bonus_jet"}}, "table": "table-essai",
                "reserve": {"des": [{"nombre": 1, "faces": "d6"}], "modificateur": "bonus * pluie - 2"}}
    for pluie in (0, 1):
        rows: dict[str, Fraction] = defaultdict(Fraction)
        for face in D6:
            total = face + 3 * pluie - 2  # below the first face: the first row; past the last: the last row
            rows["ligne-1" if total <= 2 else "ligne-2" if total <= 4 else "ligne-3"] += Fraction(1, 6)
        loi, issues = calculs_donnees.calculer(decl(template, "pluie"), {"pluie": pluie}, bundle)
        assert law(loi) == {face + 3 * pluie - 2: Fraction(1, 6) for face in D6}
        assert issues == [("ligne-1", "Rien", rows["ligne-1"]), ("ligne-2", "Un peu", rows["ligne-2"]),
                          ("ligne-3", "Beaucoup", rows["ligne-3"])]
    with pytest.raises(ErreurDonnees, match="« bonus_jet » de l'entrée « pluie » manque"):
        calculs_donnees.calculer(decl(template, "pluie"), {"pluie": 1}, {"tables": bundle["tables"]})


def test_bad_templates_are_refused_with_a_message() -> None:
    with pytest.raises(ErreurDonnees, match="une seule forme"):
        calculs_donnees.calculer(decl({}), {})
    with pytest.raises(ErreurDonnees, match="pas un nombre entier"):
        calculs_donnees.calculer(decl({"chaine": {"jets": "n / 2", "de": "d6", "etapes": []}}, "n"), {"n": 3})
    with pytest.raises(ErreurDonnees, match="faces numériques"):
        calculs_donnees.calculer(decl({"chaine": {"jets": 1, "de": "épée, vide", "etapes": [
            {"nom": "Touche", "reussite": {"au_moins": 1}}]}}), {})
    with pytest.raises(ErreurEntree, match="de 1 à 1000 .reçu : 2000"):  # « Dés libres »' own bounds still hold
        calculs_donnees.calculer(decl({"reserve": {"des": [{"nombre": "n * 1000", "faces": "d6"}]}}, "n"), {"n": 2})
    with pytest.raises(ErreurEntree, match="nombre de dés vaut -1"):
        calculs_donnees.calculer(decl({"reserve": {"des": [{"nombre": "n - 3", "faces": "d6"}]}}, "n"), {"n": 2})


# --- generator check ----------------------------------------------------------------------------

def check(root: Path) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--racine", str(root), "check"])
    return status, err.getvalue().splitlines()[:-1]


def position(text: str, parts: tuple[str | int, ...]) -> str:
    node = yaml.compose(text)
    for part in parts:
        node = node.value[part] if isinstance(part, int) else next(v for k, v in node.value if k.value == part)
    return f"{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def test_check_refuses_an_unknown_parameter_and_a_calculation_both_data_and_python(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    shutil.copytree(ROOT / "data" / "kharn-ages", tmp_path / "data" / "kharn-ages")
    path = tmp_path / "data" / "kharn-ages" / "calculs.yaml"
    text = path.read_text(encoding="utf-8")
    index = next(i for i, c in enumerate(yaml.safe_load(text)["calculs"]) if c["calcul"] == "d5")
    old = "        modificateur: modificateur\n"
    assert text.count(old) == 1
    bad = text.replace(old, '        modificateur: "modificateur + bonus"\n')
    path.write_text(bad, encoding="utf-8")
    where = position(bad, ("calculs", index, "des_libres", "reserve", "modificateur"))
    assert check(tmp_path) == (1, [
        f"data/kharn-ages/calculs.yaml:{where} $.calculs[{index}].des_libres.reserve.modificateur: « bonus » n'est "
        "pas un paramètre de ce calcul ni une de ses valeurs (noms possibles : modificateur, nombre)"])
    # The key of a calculation still implemented in Python (`chute`) given a template as well.
    old = "    calcul: chute\n"
    assert text.count(old) == 1
    both = text.replace(old, old + "    des_libres: {reserve: {des: [{nombre: 1, faces: d10}]}}\n")
    path.write_text(both, encoding="utf-8")
    chute = next(i for i, c in enumerate(yaml.safe_load(both)["calculs"]) if c["calcul"] == "chute")
    assert check(tmp_path) == (1, [
        f"data/kharn-ages/calculs.yaml:{position(both, ('calculs', chute, 'des_libres'))} $.calculs[{chute}].des_libres: "
        "le calcul « chute » est déclaré en données (des_libres) et implémenté en Python : gardez l'un ou l'autre"])


def test_check_refuses_a_value_no_entry_holds(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    shutil.copytree(ROOT / "data" / "hami", tmp_path / "data" / "hami")
    path = tmp_path / "data" / "hami" / "calculs.yaml"
    text = path.read_text(encoding="utf-8")
    old = "bonus: {entree: premier-sang, propriete: bonus_jet}"
    assert text.count(old) == 1
    bad = text.replace(old, "bonus: {entree: premier-sang, propriete: bonus_jeu}")
    path.write_text(bad, encoding="utf-8")
    index = next(i for i, c in enumerate(yaml.safe_load(bad)["calculs"]) if c["calcul"] == "solo_evenements")
    where = position(bad, ("calculs", index, "des_libres", "valeurs", "bonus", "propriete"))
    assert check(tmp_path) == (1, [
        f"data/hami/calculs.yaml:{where} $.calculs[{index}].des_libres.valeurs.bonus.propriete: l'entrée "
        "« premier-sang » n'a pas de nombre entier « bonus_jeu » dans ses proprietes"])
