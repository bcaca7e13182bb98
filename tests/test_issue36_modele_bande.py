"""Issue 36 item 6: a data-only warband game (`tests/donnees/jeu-bande/`) checked with 0 lines of its own Python.

The game is loaded as a real one: `generator.plugin.game_bundle` runs every check of `make check` and
exports its bundle; `browser_engine.valider` checks lists with it; the CLI reads the same data folder.
Expected values are computed here from the game's rules as written in its README and sections
(prices per type and per item, limits), never read back from the engine.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from browser_engine import jeux, valider
from generator.plugin import game_bundle
from generator.problems import DataError

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "donnees" / "jeu-bande"
# The rules of the test game, as its sections state them (prices in crowns, activation tokens).
PRICE = {"sorcier": 0, "apprenti": 200, "homme-d-armes": 80, "voleur": 20, "archer": 50, "arbaletrier": 50,
         "chevalier": 100, "templier": 100}
ACTIVATION = {"sorcier": 2}  # every other figure: 1
ITEM = {"bouclier": 10, "cape": 5, "potion": 25}
SOLDIERS = {"homme-d-armes", "voleur", "archer", "arbaletrier", "chevalier", "templier"}
SPECIALISTS = {"archer", "arbaletrier", "chevalier", "templier"}
SHOOTERS = {"archer", "arbaletrier"}


def project(tmp_path: Path) -> Path:
    """A project root holding the test game and every schema of the site (linked)."""
    (tmp_path / "schemas").mkdir()
    for path in [*(ROOT / "schemas").glob("*.schema.json"), *(GAME / "schemas").glob("*.schema.json")]:
        (tmp_path / "schemas" / path.name).symlink_to(path)
    shutil.copytree(GAME / "data", tmp_path / "data")
    return tmp_path


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return game_bundle(project(tmp_path_factory.mktemp("bande")) / "data", "jeu-bande")


def expected_cost(entrees: list[dict[str, Any]]) -> int:
    """The warband's cost from the rules: type price, items, 10 crowns less per knight for a man-at-arms (2 at most)."""
    knights = sum(e["type"] == "chevalier" for e in entrees)
    total = 0
    for e in entrees:
        total += PRICE[e["type"]] + sum(ITEM[i] for i in e.get("equipement", []))
        if e["type"] == "homme-d-armes":
            total -= 10 * min(knights, 2)
    return total


def warband(*types: str, fmt: int = 500, ecole: str = "elementaliste", **equipment: list[str]) -> dict[str, Any]:
    entrees: list[dict[str, Any]] = []
    for i, t in enumerate(types):
        e: dict[str, Any] = {"nom": f"Figurine {i + 1}", "type": t}
        if t == "sorcier":
            e["ecole"] = ecole
        if f"e{i}" in equipment:
            e["equipement"] = equipment[f"e{i}"]
        entrees.append(e)
    return {"jeu": "jeu-bande", "nom": "Essai", "format": fmt, "entrees": entrees}


def codes(report: dict[str, Any]) -> list[str]:
    return sorted(v["code"] for v in report["erreurs"])


def test_the_game_has_no_python() -> None:
    assert jeux.parts("jeu-bande") == ()
    assert not list(GAME.rglob("*.py"))


def test_example_lists_keep_the_verdict_their_header_states(bundle: dict[str, Any]) -> None:
    for path in sorted((GAME / "data" / "jeu-bande" / "listes").glob("*.yaml")):
        import yaml

        liste = yaml.safe_load(path.read_text(encoding="utf-8"))
        report = valider(bundle, liste)
        assert report["valide"] is path.read_text(encoding="utf-8").startswith("# Liste valide"), path.name
        assert report["cout"] == expected_cost(liste["entrees"])


def test_a_valid_warband_costs_what_the_rules_say(bundle: dict[str, Any]) -> None:
    liste = warband("sorcier", "apprenti", "homme-d-armes", "voleur", "archer", "chevalier", e2=["bouclier", "potion"])
    report = valider(bundle, liste)
    assert report["erreurs"] == []
    assert report["cout"] == expected_cost(liste["entrees"]) == 200 + (80 - 10 + 35) + 20 + 50 + 100
    rows = report["details"]["entrees"]
    assert [r["cout_total"] for r in rows] == [PRICE["sorcier"], 200, 105, 20, 50, 100]
    assert report["details"]["totaux"]["activation"] == sum(ACTIVATION.get(t, 1) for t in
                                                            ("sorcier", "apprenti", "homme-d-armes", "voleur",
                                                             "archer", "chevalier"))
    assert report["details"]["reste"] == 500 - report["cout"]


def test_the_budget_bound(bundle: dict[str, Any]) -> None:
    liste = warband("sorcier", "apprenti", *["homme-d-armes"] * 4)
    cost = expected_cost(liste["entrees"])
    assert cost > 500
    report = valider(bundle, liste)
    assert codes(report) == ["BANDE_BUDGET"]
    assert report["erreurs"][0]["message"] == f"{cost} couronnes dépensées pour une bande de 500 : {cost - 500} de trop."
    assert report["erreurs"][0]["regle"] == "jeu-bande/regles/#recruter"


def test_exactly_one_wizard_and_one_apprentice_at_most(bundle: dict[str, Any]) -> None:
    assert codes(valider(bundle, warband("apprenti", "voleur"))) == ["BANDE_SORCIER"]
    report = valider(bundle, warband("sorcier", "apprenti", "apprenti", fmt=1000))
    assert codes(report) == ["BANDE_APPRENTI"]
    assert report["erreurs"][0]["chemin"] == "/entrees/2"  # the apprentice beyond the maximum


def test_eight_soldiers_at_most(bundle: dict[str, Any]) -> None:
    report = valider(bundle, warband("sorcier", *["voleur"] * 9))
    assert codes(report) == ["BANDE_SOLDATS"]
    assert report["erreurs"][0]["message"].endswith("9 soldats dans la bande ; 8 au plus.")
    assert report["erreurs"][0]["chemin"] == "/entrees/9"


def test_four_specialists_at_most(bundle: dict[str, Any]) -> None:
    types = ["archer", "chevalier", "templier", "templier", "templier"]
    liste = warband("sorcier", *types, fmt=2000)
    assert sum(t in SPECIALISTS for t in types) == 5 and sum(t in SHOOTERS for t in types) == 1
    assert codes(valider(bundle, liste)) == ["BANDE_SPECIALISTES"]


def test_two_shooters_then_one_more_per_250_crowns_beyond_500(bundle: dict[str, Any]) -> None:
    three = ("sorcier", "archer", "archer", "arbaletrier")
    assert sum(PRICE[t] for t in three) * 100 / 500 <= 50  # their cost is within the specialists' share
    assert codes(valider(bundle, warband(*three, fmt=500))) == ["BANDE_TIREURS"]
    report = valider(bundle, warband(*three, fmt=749))
    assert codes(report) == ["BANDE_TIREURS"]
    assert report["details"]["mesures"]["tireurs"] == {"code": "BANDE_TIREURS", "valeur": 3, "max": 2}
    assert codes(valider(bundle, warband(*three, fmt=750))) == []  # floor((750 - 500) / 250) = 1 more


def test_specialists_cost_half_the_format_at_most(bundle: dict[str, Any]) -> None:
    liste = warband("sorcier", "chevalier", "templier", "archer", "arbaletrier")
    spent = sum(PRICE[t] for t in ("chevalier", "templier", "archer", "arbaletrier"))
    assert spent * 100 / 500 > 50
    report = valider(bundle, liste)
    assert codes(report) == ["BANDE_SPECIALISTES_PART"]
    assert report["details"]["mesures"]["part-des-specialistes"]["valeur"] == spent * 100 / 500
    assert report["erreurs"][0]["message"] == f"Les spécialistes coûtent {spent * 100 // 500} % du format ; 50 % au plus."


def test_a_knight_beside_a_necromancer_is_banned_unless_a_templar_comes(bundle: dict[str, Any]) -> None:
    report = valider(bundle, warband("sorcier", "chevalier", ecole="necromancien"))
    assert codes(report) == ["BANDE_CHEVALIER_NECROMANCIEN"]
    error = report["erreurs"][0]
    assert error["chemin"] == "/entrees/1/type" and error["regle"] == "jeu-bande/regles/#ecoles-de-magie"
    assert "Chevalier ne sert pas un Nécromancien" in error["message"]
    assert codes(valider(bundle, warband("sorcier", "chevalier", "templier", ecole="necromancien"))) == []
    assert codes(valider(bundle, warband("sorcier", "chevalier", ecole="illusionniste"))) == []


def test_options_choose_two_of_three_and_one_potion(bundle: dict[str, Any]) -> None:
    report = valider(bundle, warband("sorcier", "homme-d-armes", e1=["bouclier", "cape", "potion"]))
    assert codes(report) == ["BANDE_EQUIPEMENT_NOMBRE"]
    assert report["erreurs"][0]["chemin"] == "/entrees/1/equipement"
    assert report["cout"] == expected_cost(report_entries := warband("sorcier", "homme-d-armes",
                                                                     e1=["bouclier", "cape", "potion"])["entrees"])
    assert report["cout"] == 80 + 40 and report_entries
    report = valider(bundle, warband("sorcier", "homme-d-armes", "voleur", e1=["potion", "potion"]))
    assert codes(report) == ["BANDE_POTIONS"]  # the thief carries none: only the man-at-arms is pointed at
    assert report["erreurs"][0]["chemin"] == "/entrees/1/equipement"


def test_the_discount_per_knight_stops_at_two(bundle: dict[str, Any]) -> None:
    liste = warband("sorcier", "homme-d-armes", "chevalier", "chevalier", "chevalier", fmt=2000)
    report = valider(bundle, liste)
    assert report["details"]["entrees"][1]["cout_total"] == 80 - 20
    assert report["cout"] == expected_cost(liste["entrees"])


def test_bad_input_never_crashes(bundle: dict[str, Any]) -> None:
    liste = {"jeu": "jeu-bande", "format": 500, "entrees": [
        {"type": "dragon"}, "texte", {"type": "sorcier", "ecole": 3}, {"type": "homme-d-armes", "equipement": "cape"},
        {"type": "homme-d-armes", "equipement": ["cape", {"x": 1}, "lance"]}]}
    report = valider(bundle, liste)
    assert not report["valide"]
    assert all(v["message"] for v in report["erreurs"])
    unknown = [v for v in report["erreurs"] if v["chemin"] == "/entrees/4/equipement" and v["code"] == "MODELE_CHOIX_INCONNU"]
    assert unknown and "Bouclier, Cape, Potion de soins" in unknown[0]["message"]


def test_the_cli_reads_the_data_folder_the_same_way(bundle: dict[str, Any]) -> None:
    path = GAME / "data" / "jeu-bande" / "listes" / "02-bande-invalide.yaml"
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", "--json", "--donnees",
                          str(GAME / "data"), str(path)], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 1
    report = json.loads(run.stdout)
    assert codes(report) == ["BANDE_BUDGET", "BANDE_CHEVALIER_NECROMANCIEN"]


def test_check_refuses_an_unknown_measure_at_its_position(tmp_path: Path) -> None:
    root = project(tmp_path)
    path = root / "data" / "jeu-bande" / "modele-liste.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("mesure: nb_soldat\n") == 1
    path.write_text(text.replace("mesure: nb_soldat\n", "mesure: nb_soldats\n"), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        game_bundle(root / "data", "jeu-bande")
    lines = [str(p) for p in exc.value.problems]
    before = text[:text.index("mesure: nb_soldat\n")]
    line, col = before.count("\n") + 1, len(before) - before.rfind("\n") + len("mesure: ")
    assert len(lines) == 1
    assert lines[0].startswith(f"data/jeu-bande/modele-liste.yaml:{line}:{col} $.modele_liste.contraintes[3].mesure: "
                               "mesure inconnue « nb_soldats »")
