"""Each game's Python is one package, `browser_engine/jeux/<jeu>/`, whose declared parts keep their interface.

A package declares its parts (`PARTS`); each part is a module named after it that provides what its
`Protocol` asks (`browser_engine/jeux/__init__.py`); every other module of the package belongs to a part
(`calculs_combat`) or is shared (`donnees`). A page that checks a list of one game loads that game only.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from browser_engine import jeux

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = sorted(p for p in (ROOT / "browser_engine" / "jeux").iterdir() if (p / "__init__.py").is_file())
SHARED = {"__init__", "donnees"}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_declared_parts_exist_and_keep_their_interface(package: Path):
    jeu = package.name.replace("_", "-")
    assert (ROOT / "data" / jeu / "jeu.yaml").is_file(), f"{package.name}: no game « {jeu} » in data/"
    declared = jeux.parts(jeu)
    assert declared and set(declared) <= set(jeux.PARTS)
    for nom in declared:
        module = jeux.part(jeu, nom)
        assert isinstance(module, jeux.INTERFACES[nom]), f"{jeu}: part {nom} misses part of its interface"
    names = {p.stem for p in package.glob("*.py")}
    assert set(jeux.PARTS) & names == set(declared), "a part's module exists but is not declared, or the reverse"
    strays = [n for n in names - SHARED if not any(n == p or n.startswith(p + "_") for p in declared)]
    assert strays == [], f"{jeu}: modules that belong to no declared part"


def test_a_game_without_a_package_has_no_part():
    assert jeux.parts("jeu-sans-python") == ()
    assert jeux.part("jeu-sans-python", "liste") is None
    assert jeux.package("../etc") is None and jeux.parts("../etc") == ()
    with pytest.raises(ValueError):
        jeux.part("hami", "rien")


def test_checking_a_list_loads_only_its_game():
    script = """
import json, sys
from pathlib import Path
from browser_engine import calculer, lire_liste, valider
from browser_engine.cli_donnees import charger_donnees
donnees = charger_donnees("hami")
valider(donnees, lire_liste(Path("data/hami/listes").glob("*.yaml").__next__().read_text(encoding="utf-8")))
calculer(donnees, "calcul-solo-decors", {})
print(json.dumps(sorted(m for m in sys.modules if m.startswith("browser_engine.jeux."))))
"""
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    loaded = json.loads(run.stdout)
    assert "browser_engine.jeux.hami.liste" in loaded and "browser_engine.jeux.hami.calculs" in loaded
    assert [m for m in loaded if not m.startswith("browser_engine.jeux.hami")] == []
