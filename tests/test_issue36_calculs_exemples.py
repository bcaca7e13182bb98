"""Issue 36, item 5: `generator check` runs every example list and holds it to the verdict its file states.

A real game's data folder is copied and one example is altered: a « valide » example with an error, an
« invalide » one without, one that states no verdict; each is refused at its position (the position of
the error's node or of the verdict's comment, found here by PyYAML's composer or by the line read).
A « valide » example without a total is refused in a game with a budget, and only there.
"""
from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import yaml

from generator.__main__ import main
from generator.example_checks import has_budget, verdict_problems
from generator.load import load_file
from tests.engine_support import load_bundle

from .conftest import ROOT

GAME = "kharn-ages"
VALID = f"data/{GAME}/listes/01-guerrier-mongo-du-livre.yaml"
INVALID = f"data/{GAME}/listes/11-invalide-budget-depasse.yaml"


def check(root: Path) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--racine", str(root), "check"])
    return status, err.getvalue().splitlines()[:-1]


def project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    shutil.copytree(ROOT / "data" / GAME, tmp_path / "data" / GAME)
    return tmp_path


def position(text: str, parts: tuple[str | int, ...]) -> str:
    node = yaml.compose(text)
    for part in parts:
        node = node.value[part] if isinstance(part, int) else next(v for k, v in node.value if k.value == part)
    return f"{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def test_examples_contradicting_their_verdict_are_refused_at_their_position(tmp_path: Path) -> None:
    root = project(tmp_path)
    assert check(root) == (0, [])
    valid, invalid = root / VALID, root / INVALID
    valid_text, invalid_text = valid.read_text("utf-8"), invalid.read_text("utf-8")
    assert valid_text.startswith("# Liste valide") and invalid_text.startswith("# Liste invalide")

    # The over-budget list (97 Ko for 90) now claims to be valid: refused on the node of its error (`/entrees`).
    claimed_valid = invalid_text.replace("# Liste invalide", "# Liste valide", 1)
    invalid.write_text(claimed_valid, "utf-8")
    status, lines = check(root)
    assert status == 1 and len(lines) == 1
    assert lines[0].startswith(f"{INVALID}:{position(claimed_valid, ('entrees',))} $.entrees: liste d'exemple "
                               "déclarée valide (ligne 1) mais le vérificateur y trouve 1 erreur, dont : ")
    assert "97 Ko pour un format de 90 Ko" in lines[0]
    invalid.write_text(invalid_text, "utf-8")

    # The book's valid list now claims to be invalid: refused on the comment that says so.
    valid.write_text("\n" + valid_text.replace("# Liste valide", "# Liste invalide", 1), "utf-8")
    assert check(root) == (1, [f"{VALID}:2:1 $: liste d'exemple déclarée invalide, mais le vérificateur n'y "
                                "trouve aucune erreur"])

    # No verdict at all.
    valid.write_text(valid_text.replace("# Liste valide", "# Une liste", 1), "utf-8")
    assert check(root) == (1, [f"{VALID}:1:1 $: la liste d'exemple ne dit pas son verdict : sa première ligne de "
                                "commentaire commence par « # Liste valide » ou « # Liste invalide »"])


def test_a_valid_example_without_a_total_is_refused_in_a_game_with_a_budget(tmp_path: Path) -> None:
    # Games that cap their computed cost by the format (« ne dépasse pas le format ») have a budget; Hate's
    # format is its size and Tamashii's the number of players: no budget there, and no total expected.
    assert {jeu: has_budget(load_bundle(jeu), set()) for jeu in ("bataille-d6", "hami", "kharn-ages", "hate",
                                                                 "tamashii")} \
        == {"bataille-d6": True, "hami": True, "kharn-ages": True, "hate": False, "tamashii": False}
    # A budget on points the player types in each entry (the scaffold's game) is checked as typed.
    points = {"regles_liste": [{"portee": "liste", "somme": "points", "borne": {"max": "format"}}]}
    assert has_budget(points, {"nom", "points"}) is False and has_budget(points, {"nom"}) is True
    path = tmp_path / "exemple.yaml"
    path.write_text("# Liste valide : deux entrées.\njeu: essai\nformat: 100\nentrees: []\n", "utf-8")
    file = load_file(path, "data/essai/listes/exemple.yaml")
    text = path.read_text("utf-8")
    sans_total = {"valide": True, "erreurs": [], "cout": None}
    assert [p.message for p in verdict_problems(file, text, sans_total, budget=True)] == [
        "liste d'exemple valide sans total : le vérificateur ne calcule pas son coût, et le budget du format "
        "n'est comparé à rien"]
    assert verdict_problems(file, text, sans_total, budget=False) == []
    assert verdict_problems(file, text, {**sans_total, "cout": 90}, budget=True) == []
