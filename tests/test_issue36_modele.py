"""Issue 36 items 1 and 2: the list model's engine, and Bataille d6's list checking moved onto it.

Bataille d6 costs come from its sheet's cost table (transcribed here by hand from the sheet,
`004_d04720b5eecb287e.txt` lines 3-13, as `tests/test_data.py` does), never from the engine.
"""
from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from browser_engine import jeux, valider
from browser_engine.modele_contraintes import condition, repetitions
from browser_engine.modele_verif import problemes
from generator.plugin import game_bundle
from generator.problems import DataError

ROOT = Path(__file__).resolve().parent.parent
# Cost of each value, per characteristic (None: forbidden), and the Puissante option: the sheet.
SHEET = {"mouvement": {"vol": 5, 18: 4, 15: 3, 12: 2, 9: 1, 6: 0},
         "melee": {5: 10, 4: 8, 3: 6, 2: 4, 1: 2, 0: None},
         "tir": {5: 15, 4: 12, 3: 9, 2: 6, 1: 3, 0: 0},
         "armure": {5: 10, 4: 8, 3: 6, 2: 4, 1: 2, 0: 1}}
PUISSANTE = 5


@pytest.fixture(scope="module")
def d6() -> dict[str, Any]:
    from browser_engine.cli_donnees import charger_donnees

    return charger_donnees("bataille-d6")


def unit(**fields: Any) -> dict[str, Any]:
    return {"nom": "Unité", "nombre": 1, "mouvement": 12, "melee": 3, "tir": 0, "armure": 2, **fields}


def figure_cost(u: dict[str, Any]) -> int:
    """A figure's cost by the sheet: each characteristic's cost, Mêlée times its attacks, plus Puissante."""
    melee = SHEET["melee"][u["melee"]]
    assert melee is not None
    return (SHEET["mouvement"][u["mouvement"]] + melee * u.get("attaques", 1) + SHEET["tir"][u["tir"]]
            + SHEET["armure"][u["armure"]] + (PUISSANTE if u.get("puissante") else 0))


def test_bataille_d6_has_no_list_python() -> None:
    assert jeux.part("bataille-d6", "liste") is None
    assert not (ROOT / "browser_engine" / "jeux" / "bataille_d6" / "liste.py").exists()


@pytest.mark.parametrize("fields", [{}, {"attaques": 3, "puissante": True, "nombre": 4},
                                    {"mouvement": "vol", "melee": 5, "tir": 5, "armure": 5, "nombre": 2},
                                    {"mouvement": 6, "melee": 1, "tir": 0, "armure": 0, "nombre": 20}])
def test_d6_costs_follow_the_sheet(d6: dict[str, Any], fields: dict[str, Any]) -> None:
    u = unit(**fields)
    report = valider(d6, {"jeu": "bataille-d6", "nom": "Essai", "format": 1000, "entrees": [u]})
    row = report["details"]["entrees"][0]
    assert row["cout_figure"] == figure_cost(u)
    assert row["cout_total"] == figure_cost(u) * u["nombre"] == report["cout"]
    assert row["couts"]["melee"] == {"valeur": u["melee"], "cout": SHEET["melee"][u["melee"]],
                                     "attaques": u.get("attaques", 1),
                                     "total": SHEET["melee"][u["melee"]] * u.get("attaques", 1)}


def test_d6_forbidden_and_unknown_values_name_the_characteristic(d6: dict[str, Any]) -> None:
    report = valider(d6, {"jeu": "bataille-d6", "format": 500, "entrees": [unit(melee=0), unit(mouvement=7)]})
    errors = {v["chemin"]: v for v in report["erreurs"] if v["code"] == "D6_VALEUR_HORS_TABLE"}
    assert set(errors) == {"/entrees/0/melee", "/entrees/1/mouvement"}
    assert "Mêlée" in errors["/entrees/0/melee"]["message"] and "interdite" in errors["/entrees/0/melee"]["message"]
    assert "Mouvement" in errors["/entrees/1/mouvement"]["message"]
    assert errors["/entrees/0/melee"]["regle"] == "bataille-d6/armee/#cout-des-caracteristiques"
    assert report["details"]["entrees"][0]["cout_figure"] is None


def test_d6_heroes_and_sorcerers_are_counted_by_category(d6: dict[str, Any]) -> None:
    entrees = [unit(role="heros"), unit(role="sorcier", nombre=2), unit(nombre=10)]
    report = valider(d6, {"jeu": "bataille-d6", "format": 500, "entrees": entrees})
    assert report["details"]["heros"] == {"nombre": 1, "maximum": 500 // 250}
    assert report["details"]["sorciers"] == {"nombre": 2, "maximum": 500 // 250}


def test_conditions_and_or_not() -> None:
    noms = {"nb_a": Fraction(2), "nb_b": Fraction(0)}
    a = {"mesure": "nb_a", "au_moins": 1}
    b = {"mesure": "nb_b", "au_moins": 1}
    assert condition({"et": [a, {"non": b}]}, noms, None)
    assert not condition({"et": [a, b]}, noms, None)
    assert condition({"ou": [b, a]}, noms, None)
    assert not condition({"non": {"ou": [a, b]}}, noms, None)
    assert condition({"mesure": "nb_a", "au_moins": 2, "au_plus": 2, "egal": 2}, noms, None)
    assert condition({"champ": "/role", "parmi": ["heros", "sorcier"]}, noms, {"role": "heros"})
    assert not condition({"champ": "/role", "egal": "heros"}, noms, None)  # no selection: no field


def test_repeats_per_points_and_per_selection() -> None:
    assert repetitions({"repete": {"par": "format", "pas": 250}}, {"format": 999}) == 3
    assert repetitions({"repete": {"par": "nb_x", "max": 2}}, {"nb_x": 5}) == 2
    assert repetitions({"repete": {"par": "format - 500", "pas": 250}}, {"format": 400}) == 0
    assert repetitions({}, {}) == 1


def _model_problems(**changes: Any) -> list[str]:
    model = {"couts": [{"id": "points", "nom": "points"}], "categories": [{"id": "chef", "nom": "Chef"}],
             "entrees": [{"id": "unite", "nom": "Unité", "categories": ["chef"]}], **changes}
    return [msg for _, msg in problemes({"modele_liste": model})]


def test_static_check_refuses_unknown_names_and_ids() -> None:
    assert _model_problems() == []
    bad_bound = {"id": "c", "nom": "C", "code": "X_C", "mesure": "nb_chef", "borne": {"max": "cout / 2"},
                 "message": "{valeur} sur {max} ({inconnu})", "regle": "r"}
    found = _model_problems(contraintes=[bad_bound])
    assert found == ["« {inconnu} » n'a pas de valeur dans ce message (noms possibles : cout, cout_chef, cout_points, "
                     "cout_unite, ecart, format, max, nb_chef, nb_entrees, nb_unite, valeur)"]
    assert _model_problems(contraintes=[{**bad_bound, "mesure": "nb_heros", "message": "x"}])[0].startswith(
        "mesure inconnue « nb_heros »")
    found = _model_problems(modificateurs=[{"type": "categorie", "ajoute": "soldat"},
                                           {"type": "borne", "contrainte": "absente", "si": {"champ": "/role"}}])
    assert any("catégorie « soldat » inconnue" in m for m in found)
    assert any("contrainte « absente »" in m for m in found)
    assert any("pas le champ d'une entrée" in m for m in found)


def test_check_locates_a_wrong_measure_in_the_d6_model(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "data" / "bataille-d6", tmp_path / "data" / "bataille-d6")
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    path = tmp_path / "data" / "bataille-d6" / "modele-liste.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("mesure: nb_sorcier,") == 1
    path.write_text(text.replace("mesure: nb_sorcier,", "mesure: nb_sorciers,"), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        game_bundle(tmp_path / "data", "bataille-d6")
    before = text[:text.index("mesure: nb_sorcier,")]
    line, col = before.count("\n") + 1, len(before) - before.rfind("\n") + len("mesure: ")
    shown = [str(p) for p in exc.value.problems if "modele-liste" in p.file]
    assert len(shown) == 1
    assert shown[0].startswith(f"data/bataille-d6/modele-liste.yaml:{line}:{col} $.modele_liste.recapitulatif[1].mesure: "
                               "mesure inconnue « nb_sorciers »")


def test_the_model_schema_declares_its_references(tmp_path: Path) -> None:
    """`x-ref` (a table) and `x-valeur-de` (a value of the list field a condition reads) are checked by `make check`."""
    shutil.copytree(ROOT / "data" / "bataille-d6", tmp_path / "data" / "bataille-d6")
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    path = tmp_path / "data" / "bataille-d6" / "modele-liste.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new, expected in (("egal: troupe}", "egal: troupes}", "valeur « troupes » impossible pour le champ « /role »"),
                               ("table: cout-des-options", "table: cout-des-optionz", "renvoi « cout-des-optionz »")):
        path.write_text(text.replace(old, new), encoding="utf-8")
        with pytest.raises(DataError) as exc:
            game_bundle(tmp_path / "data", "bataille-d6")
        shown = [str(p) for p in exc.value.problems if "modele-liste" in p.file]
        assert len(shown) == 1 and expected in shown[0], shown
