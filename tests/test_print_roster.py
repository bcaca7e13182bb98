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

from generator import print_sheets as ps
from generator.export import example_lists
from generator.model import Site, load_site
from generator.render import singular

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
