"""`python -m generator nouveau-jeu`: a new game, with no Python rule, that builds and gets checked.

The scaffold runs in a temporary copy of the project; the copy must pass `generator check` and
`mkdocs build --strict`, and the engine must give the expected verdict on both example lists. The
expected verdicts are computed here from the example lists' own numbers.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GAME = "essai-de-jeu"
NAME = "Jeu d'essai"
COPIED = ("browser_engine", "generator", "content", "data", "schemas", "site_overrides", "mkdocs.yml", "pyproject.toml",
          "package.json", "package-lock.json")


def run(copy: Path, *args: str, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    """A Python command in the copy, importing the copy's packages (not the project's)."""
    env = {**os.environ, "PYTHONPATH": str(copy), "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project copied, with the scaffold run once in it."""
    target = tmp_path_factory.mktemp("projet")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            shutil.copy(source, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules")  # Pyodide, copied into the site by the build
    if (ROOT / ".cache").is_dir():  # the pinned icepool wheel and the PDF layouts: a cache, not an input
        shutil.copytree(ROOT / ".cache", target / ".cache")
    created = run(target, "-m", "generator", "nouveau-jeu", GAME, "--nom", NAME)
    assert created.returncode == 0, created.stderr
    return target


def test_the_scaffold_writes_data_a_schema_examples_and_an_empty_package(copy: Path):
    data = copy / "data" / GAME
    assert sorted(p.relative_to(data).as_posix() for p in data.rglob("*.yaml")) == [
        "jeu.yaml", "listes/01-liste-valide.yaml", "listes/02-liste-invalide.yaml", "mots-cles.yaml",
        "regles-liste.yaml", "sections.yaml"]
    assert len(yaml.safe_load((data / "sections.yaml").read_text(encoding="utf-8"))["sections"]) == 1
    assert len(yaml.safe_load((data / "mots-cles.yaml").read_text(encoding="utf-8"))["mots_cles"]) == 1
    rules = yaml.safe_load((data / "regles-liste.yaml").read_text(encoding="utf-8"))["regles_liste"]
    assert [(r.get("somme"), r["borne"]) for r in rules if "somme" in r] == [("points", {"max": "format"})]
    assert [r["borne"] for r in rules if "compte" in r] == [{"max": 1}]
    schema = json.loads((copy / "schemas" / f"liste-{GAME}.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["jeu"]["const"] == GAME
    # No Python for the new game: its package holds only its declaration, of no part.
    package = copy / "browser_engine" / "jeux" / GAME.replace("-", "_")
    assert [p.name for p in package.iterdir()] == ["__init__.py"]
    declared = run(copy, "-c", f"from browser_engine import jeux; print(jeux.parts({GAME!r}))")
    assert declared.returncode == 0 and declared.stdout.strip() == "()", declared.stderr


def test_the_copy_passes_the_data_checks_and_builds(copy: Path, tmp_path: Path):
    check = run(copy, "-m", "generator", "check")
    assert check.returncode == 0, check.stderr
    built = run(copy, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site"), timeout=1800)
    assert built.returncode == 0, built.stderr[-3000:]
    for page in ("index.html", "regles/index.html", "glossaire/index.html", "verifier/index.html"):
        assert (tmp_path / "site" / GAME / page).is_file(), page
    bundle = json.loads((tmp_path / "site" / "assets" / "data" / f"{GAME}.json").read_text(encoding="utf-8"))
    assert bundle["jeu"]["nom"] == NAME and len(bundle["regles_liste"]) == 2


def expected_codes(path: Path) -> dict[str, set[str]]:
    """The codes the example list must get, read from its numbers: over budget, more than one Héros."""
    liste = yaml.safe_load(path.read_text(encoding="utf-8"))
    prefix = GAME.upper().replace("-", "_")
    codes: dict[str, set[str]] = {}
    if sum(e["points"] for e in liste["entrees"]) > liste["format"]:
        codes[f"{prefix}_BUDGET_DEPASSE"] = {""}
    heros = [i for i, e in enumerate(liste["entrees"]) if e["type"] == "heros"]
    if len(heros) > 1:
        codes[f"{prefix}_HEROS_MAX"] = {f"/entrees/{i}" for i in heros[1:]}
    return codes


@pytest.mark.parametrize(("example", "valid"), [("01-liste-valide.yaml", True), ("02-liste-invalide.yaml", False)])
def test_the_engine_checks_the_example_lists(copy: Path, example: str, valid: bool):
    path = copy / "data" / GAME / "listes" / example
    expected = expected_codes(path)
    assert (expected == {}) is valid  # the examples are what their names say
    result = run(copy, "-m", "browser_engine", "valider", str(path), "--json")
    assert result.returncode == (0 if valid else 1), result.stderr
    report = json.loads(result.stdout)
    assert report["valide"] is valid
    found: dict[str, set[str]] = {}
    for violation in report["erreurs"]:
        found.setdefault(violation["code"], set()).add(violation["chemin"])
    assert found == expected


def test_the_scaffold_refuses_an_existing_game_or_a_bad_id(copy: Path):
    again = run(copy, "-m", "generator", "nouveau-jeu", GAME, "--nom", NAME)
    assert again.returncode == 2 and "existe déjà" in again.stderr
    for bad in ("Mon-Jeu", "1-jeu", "jeu_test", "../jeu", "a" * 41):
        refused = run(copy, "-m", "generator", "nouveau-jeu", bad, "--nom", NAME)
        assert refused.returncode == 2 and "Identifiant de jeu invalide" in refused.stderr, bad
    assert not (copy / "data" / "Mon-Jeu").exists()
