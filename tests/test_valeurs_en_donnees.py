"""Fixed values the engine reads are data, checked by `make check`.

`data/<jeu>/probas-liste.yaml` holds the reference targets, notes and card effects of the odds of a
list; HAMI's scenarios say which roles they give and who deploys in two groups (`proprietes`).

Each mistake is planted in a copy of the real data; the expected position is found in the planted
text itself (line and column of the token), not taken from the checker's output.
"""
from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest
import yaml

from browser_engine.bundle import cibles_de_reference, notes_probas_liste
from generator.__main__ import main
from generator.plugin import game_bundle

ROOT = Path(__file__).resolve().parent.parent


def check(root: Path) -> tuple[int, list[str]]:
    """`python -m generator check` on a project: exit status and the problem lines it prints."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--racine", str(root), "check"])
    return status, err.getvalue().splitlines()[:-1]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    return tmp_path


def plant(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return new


def where(path: Path, line_text: str, token: str) -> str:
    """`line:col` of `token` on the only line holding `line_text` (1-based, as the checker prints)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    (number,) = [i for i, line in enumerate(lines, 1) if line_text in line]
    return f"{number}:{lines[number - 1].index(token, lines[number - 1].index(line_text)) + 1}"


def test_the_real_files_pass_and_give_the_targets_the_engine_reads():
    for jeu, groupe in (("bataille-d6", "armures"), ("hate", "defenses"), ("tamashii", "succes"), ("hami", "castes")):
        data = yaml.safe_load((ROOT / "data" / jeu / "probas-liste.yaml").read_text(encoding="utf-8"))["probas_liste"]
        bundle = game_bundle(ROOT / "data", jeu)
        assert cibles_de_reference(bundle, groupe) == data["cibles"][groupe]
        assert notes_probas_liste(bundle) == data["notes"]


def test_unknown_ids_wrong_effects_and_types_are_located(project: Path):
    hate = project / "data" / "hate" / "probas-liste.yaml"
    hami = project / "data" / "hami" / "probas-liste.yaml"
    plant(hami, "castes: [guetteur,", "castes: [guetteuse,")
    plant(hate, "generique-a-03: {des: 1}", "generique-a-99: {des: 1}")
    plant(hate, "um-tull-a-02: {des: 2}", "um-tull-a-02: {relance_libre_attaque: 2}")
    plant(hate, "maw-a: {frappes_bonus_attaque: 3}", "maw-a: {frappes_bonus: 3}")
    plant(hate, "types: [prince, champion]", "types: [prince, roi]")
    plant(hate, "non_comptes_defense: [generique-b-02,", "non_comptes_defense: [generique-b-92,")
    f_hami, f_hate = "data/hami/probas-liste.yaml", "data/hate/probas-liste.yaml"
    status, lines = check(project)
    assert status == 1
    assert lines == [
        f"{f_hami}:{where(hami, 'castes:', 'guetteuse')} $.probas_liste.cibles.castes[0]: "
        "« guetteuse » n'est pas une entrée de ce jeu",
        f"{f_hate}:{where(hate, 'generique-a-99:', 'generique-a-99')} $.probas_liste.effets.attaque.generique-a-99: "
        "« generique-a-99 » n'est pas une entrée de ce jeu",
        f"{f_hate}:{where(hate, 'um-tull-a-02: {relance', '2}')} "
        "$.probas_liste.effets.attaque.um-tull-a-02.relance_libre_attaque: "
        "le paramètre booléen « relance_libre_attaque » prend true (l'effet l'active)",
        f"{f_hate}:{where(hate, 'maw-a:', '3}')} $.probas_liste.effets.attaque.maw-a.frappes_bonus: "
        "« frappes_bonus » n'est ni « des » ni un paramètre d'un calcul de ce jeu (calculs.yaml) : "
        "le calcul ne le lirait pas",
        f"{f_hate}:{where(hate, 'vrail-a:', 'roi')} $.probas_liste.effets.frappes_contre.vrail-a.types[1]: "
        "« roi » n'est aucune valeur du schéma de liste du jeu (type de figurine attendu)",
        f"{f_hate}:{where(hate, 'non_comptes_defense:', 'generique-b-92')} "
        "$.probas_liste.effets.non_comptes_defense[0]: « generique-b-92 » n'est pas une entrée de ce jeu",
    ]


def test_a_schema_violation_is_located(project: Path):
    path = project / "data" / "tamashii" / "probas-liste.yaml"
    plant(path, "des_de_trace: [1, 2, 3, 4]", "des_de_trace: [1, 2, deux, 4]")
    status, lines = check(project)
    assert status == 1 and len(lines) == 1
    assert lines[0].startswith(f"data/tamashii/probas-liste.yaml:{where(path, 'des_de_trace:', 'deux')} "
                               "$.probas_liste.cibles.des_de_trace[2]: ")


def test_a_game_whose_engine_reads_the_file_must_have_it(project: Path):
    (project / "data" / "kharn-ages" / "probas-liste.yaml").unlink()
    status, lines = check(project)
    assert status == 1
    manifest = project / "data" / "kharn-ages" / "jeu.yaml"
    assert lines == [f"data/kharn-ages/jeu.yaml:{where(manifest, '  id: kharn-ages', 'id')} $.jeu: "  # the manifest's node
                     "data/kharn-ages/probas-liste.yaml manquant : la partie liste_probas du moteur y lit ses cibles "
                     "de référence et ses notes"]


def test_a_scenario_deploys_in_two_groups_everyone_or_one_of_its_roles(project: Path):
    path = project / "data" / "hami" / "scenarios.yaml"
    plant(path, "proprietes: {roles: [pacte, rescousse], deux_groupes: pacte}",
          "proprietes: {roles: [pacte, rescousse], deux_groupes: pactes}")
    status, lines = check(project)
    assert status == 1
    index = next(i for i, s in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"])
                 if s["id"] == "fausse-piste")
    assert lines == [f"data/hami/scenarios.yaml:{where(path, 'deux_groupes: pactes', 'pactes')} "
                     f"$.scenarios[{index}].proprietes.deux_groupes: « pactes » n'est ni « tous » ni un rôle de ce "
                     "scénario (valeurs : tous, pacte, rescousse)"]


def test_the_rule_pages_odds_tables_are_declared_with_links_that_exist(project: Path):
    path = project / "data" / "bataille-d6" / "tables-probas.yaml"
    plant(path, "page: deploiement-et-scenarios", "page: campagnes")
    plant(path, "regles: [pillage, or-du-pillage]", "regles: [pillage, or-du-pilage]")
    status, lines = check(project)
    f = "data/bataille-d6/tables-probas.yaml"
    assert status == 1
    assert lines == [
        f"{f}:{where(path, 'page: campagnes', 'campagnes')} $.tables_probas.table-pillage.page: page « campagnes » "
        "inconnue : déclarez-la dans jeu.yaml (pages : armee, campagne, deploiement-et-scenarios, objets-et-sorts, tour)",
        f"{f}:{where(path, 'apres: or-du-pillage', 'or-du-pillage')} $.tables_probas.table-pillage.apres: "
        "« or-du-pillage » n'est pas sur la page « campagnes » du tableau",
        f"{f}:{where(path, 'or-du-pilage', 'or-du-pilage')} $.tables_probas.table-pillage.regles[1]: "
        "« or-du-pilage » n'est pas une entrée de ce jeu",
    ]
    plant(path, "page: campagnes", "page: deploiement-et-scenarios")
    plant(path, "regles: [pillage, or-du-pilage]", "regles: [pillage, or-du-pillage]")
    plant(path, "  table-pillage:\n    titre:", "  table-pillage-bis:\n    titre:")
    status, lines = check(project)
    assert status == 1
    assert lines == [  # on the file that declares the tables (issue 37, item 6), not on jeu.yaml
        f"{f}:" + where(path, "  table-attaque:", "table-attaque")
        + " $.tables_probas: les tableaux de probabilités des pages ne se calculent pas avec ces données : Données du jeu "
        "incomplètes : le tableau de probabilités « table-pillage » n'est pas déclaré dans tables-probas.yaml."]


def test_a_declared_table_the_engine_does_not_compute_is_refused(project: Path):
    path = project / "data" / "kharn-ages" / "tables-probas.yaml"
    text = path.read_text(encoding="utf-8")
    block = text[text.index("  table-reussite-d-une-action:"):]
    path.write_text(text + block.replace("table-reussite-d-une-action:", "table-en-trop:"), encoding="utf-8")
    status, lines = check(project)
    assert status == 1
    assert lines == [f"data/kharn-ages/tables-probas.yaml:{where(path, 'table-en-trop:', 'table-en-trop')} "
                     "$.tables_probas.table-en-trop: le moteur ne calcule aucun tableau « table-en-trop » (tableaux "
                     "calculés : table-reussite-d-une-action)"]
