"""The project's own data: everything validates, and nothing is copied from the rulebooks."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.plugin import load_site

from .conftest import ROOT


def test_all_data_validates() -> None:
    site = load_site(ROOT)
    assert "bataille-d6" in [g.id for g in site.games]


def test_d6_has_every_rule_element_of_the_sheet() -> None:
    game = load_site(ROOT).game("bataille-d6")
    assert [e.data["jet"] for e in game.of_kind("objets")] == [1, 2, 3, 4, 5, 6]
    assert [e.data["jet"] for e in game.of_kind("sorts")] == [1, 2, 3, 4, 5, 6]
    assert [e.data["jet"] for e in game.of_kind("scenarios")] == [1, 2, 3, 4, 5, 6]
    assert len(game.of_kind("objectifs")) == 4
    names = {e.nom for e in game.entries.values()}
    assert {"Brassards d'endurance", "Hache du massacre", "Epée de puissance", "Armure d'argent",
            "Amulette d'obsidienne", "Epée de rapidité", "Malédiction", "Rayon de Mort", "Boule de feu",
            "Soif de sang", "Paranoïa", "Téléportation", "Expansion", "Invasion", "Tout ou rien", "Raid"} <= names


def test_d6_cost_table_is_the_sheet_table() -> None:
    table = load_site(ROOT).game("bataille-d6").entries["cout-des-caracteristiques"].data
    # Transcribed by hand from the sheet (004_d04720b5eecb287e.txt, lines 3-11).
    sheet = [("vol", 5, 5, 10, 5, 15, 5, 10), (18, 4, 4, 8, 4, 12, 4, 8), (15, 3, 3, 6, 3, 9, 3, 6),
             (12, 2, 2, 4, 2, 6, 2, 4), (9, 1, 1, 2, 1, 3, 1, 2), (6, 0, 0, None, 0, 0, 0, 1)]
    keys = ["mouvement", "cout_mouvement", "melee", "cout_melee", "tir", "cout_tir", "armure", "cout_armure"]
    assert [tuple(row[k] for k in keys) for row in table["lignes"]] == sheet


def shared_dir() -> Path:
    """The folder holding the rulebooks (`seeds/`) and `tools/`: $COMPENDIUM_SHARED, else `../shared`."""
    return (ROOT / os.environ.get("COMPENDIUM_SHARED", "../shared")).resolve()


def test_no_rule_text_is_copied_from_the_rulebooks() -> None:
    shared = shared_dir()
    tool = shared / "tools" / "verbatim_check.py"
    if not (shared / "seeds").is_dir() or not tool.is_file():
        # The one allowed skip: a clone has no rulebooks; `.ci/run` and `make verbatim` run the check where they exist.
        pytest.skip(f"vérification du recopiage non lancée : livres de règles absents ({shared}/seeds et {tool} "
                    "introuvables ; indiquez leur dossier avec COMPENDIUM_SHARED)")
    run = subprocess.run([sys.executable, str(tool), "--seeds", str(shared / "seeds")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "0 passage(s)" in run.stdout
