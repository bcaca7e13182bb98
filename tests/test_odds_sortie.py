"""Issue 24, item 19: a calculation whose « Valeur étudiée » picks the law names the value it gives.

The Hate combat calculations (data/hate/calculs.yaml) declare `sortie_selon: valeur`: the
engine's answer carries `sortie`, the label of the chosen value, which the odds page uses as
its column header. The die typed here is INVENTED (the book prints Hate's faces as icons only).
"""
from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path
from typing import Any

import pytest

from browser_engine import calculer
from generator.__main__ import main
from tests.engine_support import ROOT, load_bundle

DE_INVENTE = ["frapper", "frapper", "parer", "sauvagerie", "joker", "vide"]
NOMS = {1: "Frappes moins parades", 2: "Sauvagerie gagnée par l'attaquant", 3: "Sauvagerie gagnée par le défenseur"}


@pytest.fixture(scope="module")
def hate() -> dict[str, Any]:
    return load_bundle("hate")


@pytest.mark.parametrize("calcul", ["combat", "attaque_fixe"])
@pytest.mark.parametrize("valeur", [1, 2, 3])
def test_issue24_item19_result_names_the_value_studied(hate, calcul, valeur):
    result = calculer(hate, calcul, {"de": DE_INVENTE, "valeur": valeur})
    assert result["sortie"] == NOMS[valeur]


def test_issue24_item19_other_calculations_name_their_declared_output():
    kharn = load_bundle("kharn-ages")
    assert calculer(kharn, "seuil", {})["sortie"] == "Total final (0 = EC)"


def check(root: Path) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--racine", str(root), "check"])
    return status, err.getvalue().splitlines()


def test_issue24_item19_sortie_selon_must_name_a_labelled_integer(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    shutil.copytree(ROOT / "data" / "hate", tmp_path / "data" / "hate")
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    calculs = tmp_path / "data" / "hate" / "calculs.yaml"
    texte = calculs.read_text(encoding="utf-8")
    assert texte.count("    sortie_selon: valeur\n") == 2
    ligne = texte.splitlines().index("    sortie_selon: valeur") + 1
    calculs.write_text(texte.replace("    sortie_selon: valeur\n", "    sortie_selon: des_attaque\n", 1),
                       encoding="utf-8")
    status, lignes = check(tmp_path)
    assert status == 1
    assert any(f"data/hate/calculs.yaml:{ligne}:19 $.calculs[0].sortie_selon: « des_attaque » n'est pas un "
               "paramètre entier à libellés de ce calcul (candidats : valeur)" in x for x in lignes), lignes
