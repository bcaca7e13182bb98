"""The engine stands alone: the command line reads `data/` itself and gets the bundle the site ships.

`browser_engine` never imports the generator (tests/test_imports.py); its own reading of a game's YAML
files (`cli_donnees.naive_bundle`: `bundle.fusionner`, `bundle.ancres_des_entrees`) must give, byte for
byte, the bundle the build exports, anchors included, so that the CLI's verdicts and rule links are
the site's.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_engine.cli_donnees import charger_donnees
from generator.plugin import game_bundle

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "jeu.yaml").is_file())


def as_json(bundle: dict) -> str:
    return json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("jeu", GAMES)
def test_the_cli_reads_the_bundle_the_site_exports(jeu: str):
    site = game_bundle(ROOT / "data", jeu)
    assert site["ancres"] and site["schemas"]["liste"]
    assert as_json(charger_donnees(jeu)) == as_json(site)
