"""Roster sheets: a list without a name prints « sans nom »; a cost agrees with its unit (« 1 point »).

Both fillers are checked: the Python one (`roster_model`, `roster_html`) and impression.js
(run by node on the same spec the page carries), with the expected texts written here.
"""
from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import print_sheets as ps
from generator.export import example_lists
from generator.model import Site
from generator.plugin import load_site
from generator.wording import singular

from .conftest import ROOT

IMPRESSION_JS = ROOT / "site_overrides" / ps.JS_URL


@pytest.fixture(scope="module")
def site_model() -> Site:
    return load_site(ROOT)


def js_models(cases: list[dict[str, Any]], tmp_path: Path) -> list[dict[str, Any]]:
    """impression.js's `modele` for each case ({spec, liste, rapport}), run by node."""
    node = shutil.which("node")
    assert node, "node est nécessaire (make install)"
    (tmp_path / "cas.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "modele.cjs"
    script.write_text(
        "const vm = require('vm'), fs = require('fs');\n"
        "const window = {};\n"
        f"vm.runInNewContext(fs.readFileSync({json.dumps(str(IMPRESSION_JS))}, 'utf8'), {{window, URL}});\n"
        "const cas = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));\n"
        "console.log(JSON.stringify(cas.map(c => window.CompendiumImpression.modele(c.spec, c.liste, c.rapport))));\n",
        encoding="utf-8")
    run = subprocess.run([node, str(script), str(tmp_path / "cas.json")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def printable_games(site: Site) -> list[str]:
    return [g.id for g in site.games if "imprimer" in g.manifest.get("outils", [])]


def nameless_lists(game_id: str) -> list[dict[str, Any]]:
    """The game's first example list without `nom`, with a null one, an empty one and a blank one."""
    base = copy.deepcopy(example_lists(ROOT, game_id)[0])
    base.pop("nom", None)
    return [base, {**base, "nom": None}, {**base, "nom": ""}, {**base, "nom": "   "}]


def test_a_list_without_a_name_prints_sans_nom(site_model: Site, tmp_path: Path) -> None:
    cases = []
    for game_id in printable_games(site_model):
        game = site_model.game(game_id)
        spec = json.loads(ps.roster_spec_json(game))
        for liste in nameless_lists(game_id):
            assert ps.roster_model(game, liste, None)["nom"] == "sans nom", (game_id, liste.get("nom"))
            html = ps.roster_html(game, liste, None)
            assert re.search(r'data-champ="nom">sans nom<', html), game_id
            cases.append({"spec": spec, "liste": liste, "rapport": None})
    assert cases
    assert [m["nom"] for m in js_models(cases, tmp_path)] == ["sans nom"] * len(cases)


def test_a_named_list_keeps_its_name_and_the_blank_sheet_stays_blank(site_model: Site, tmp_path: Path) -> None:
    cases = []
    for game_id in printable_games(site_model):
        game = site_model.game(game_id)
        liste = {**copy.deepcopy(example_lists(ROOT, game_id)[0]), "nom": "  Les Invités  "}
        assert ps.roster_model(game, liste, None)["nom"] == "Les Invités"
        cases.append({"spec": json.loads(ps.roster_spec_json(game)), "liste": liste, "rapport": None})
        # The sheet printed from the build, to fill in by hand, has an empty name field.
        assert ps.roster_model(game, None, None)["nom"] == ""
        blank = ps.render_sheet(ps.roster_sheet(game), ps.environment())
        assert 'data-champ="nom"></span>' in blank
    assert [m["nom"] for m in js_models(cases, tmp_path)] == ["Les Invités"] * len(cases)


@pytest.mark.parametrize(("cout", "unite", "attendu"), [
    (1, "Kouronnes", "1 Kouronne"), (0, "Kouronnes", "0 Kouronne"), (1.5, "Kouronnes", "1.5 Kouronne"),
    (2, "Kouronnes", "2 Kouronnes"), (40, "Kouronnes", "40 Kouronnes"), (1, "points", "1 point"),
    (1, "jetons Sauvagerie", "1 jeton Sauvagerie"), (3, "jetons Sauvagerie", "3 jetons Sauvagerie"),
    (1, "Ko", "1 Ko"), ("1", "points", "1 point"), ("variable", "points", "variable points"),
])
def test_profile_card_cost_agrees_with_its_unit(cout: Any, unite: str, attendu: str, tmp_path: Path) -> None:
    profile = {"id": "p", "nom": "Essai", "cout": cout, "equipement": [{"id": "e", "nom": "Lance", "cout": cout}]}
    spec = {"unite": unite, "noms": {}}
    view = ps.profile_view(profile, spec, unite)
    assert view["infos"] == attendu
    assert view["lignes"] == [["Équipement", f"Lance ({attendu})"]]

    js_spec = {**spec, "unite_singulier": singular(unite),
               "colonnes": [], "cartes": [], "profils": True, "titre": "", "jeu": ""}
    liste = {"profils": [profile], "entrees": [{"profil": "p"}]}
    (js,) = js_models([{"spec": js_spec, "liste": liste, "rapport": None}], tmp_path)
    assert js["profils"][0]["infos"] == attendu
    assert js["profils"][0]["lignes"] == [["Équipement", f"Lance ({attendu})"]]


def _report(game: Any, liste: dict[str, Any]) -> dict[str, Any] | None:
    from browser_engine import valider
    from generator.export import bundle

    try:
        return valider(bundle(game, ROOT), copy.deepcopy(liste))
    except Exception:  # noqa: BLE001 - a game without a checker still prints its roster
        return None


def test_issue24_item09_hate_roster_shows_activation_cost_and_figure_format(site_model: Site, tmp_path: Path) -> None:
    """Hate has no points: the format is the tribe's 11 figures (l. 220, 679), the total is the Sauvagerie to activate it.

    Activation costs from the book: 1 jeton per figure, 2 for the Prince and for a mercenary
    (l. 557-560); a figure a mercenary replaces stays in the village. The Um'Rak example keeps
    Grock in place of a Guerrier: 2 + 1 + 1 + 5 × 1 + 2 × 1 + 2 = 13.
    """
    game = site_model.game("hate")
    exemple = next(e for e in example_lists(ROOT, "hate") if e["fichier"].startswith("01-"))
    liste = yaml.safe_load(exemple["contenu"])
    livre = {"prince": 2, "mercenaire": 2, "shaman": 1, "champion": 1, "guerrier": 1, "jeune-sang": 1}
    remplacees = [e["remplace"] for e in liste["entrees"] if e.get("remplace")]
    attendu = sum(livre[e["type"]] for e in liste["entrees"]) - sum(livre[t] for t in remplacees)
    assert attendu == 13
    rapport = _report(game, liste)
    model = ps.roster_model(game, liste, rapport)
    assert model["cout"] == str(attendu)
    assert "activation" in model["cout_nom"].lower() and "jetons Sauvagerie" in model["cout_nom"]
    assert model["format"] == "11" and model["format_nom"] == "Format (figurines)"
    html = ps.roster_html(game, liste, rapport)
    assert f'data-champ="cout">{attendu}<' in html
    assert "Format (jetons Sauvagerie)" not in html
    (js,) = js_models([{"spec": json.loads(ps.roster_spec_json(game)), "liste": liste, "rapport": rapport}], tmp_path)
    assert (js["cout"], js["format"]) == (str(attendu), "11")


def test_issue24_item09_no_roster_header_box_stays_empty_on_a_checked_example(site_model: Site) -> None:
    """Every game's roster, filled from its first valid example list, fills each header box it prints."""
    for game_id in printable_games(site_model):
        game = site_model.game(game_id)
        exemple = next(e for e in example_lists(ROOT, game_id) if "invalide" not in e["fichier"])
        liste = yaml.safe_load(exemple["contenu"])
        html = ps.roster_html(game, liste, _report(game, liste))
        for champ in ("format", "cout", "verdict"):
            trouve = re.search(rf'data-champ="{champ}">([^<]*)<', html)
            assert trouve is None or trouve.group(1).strip(), (game_id, champ)
