"""Issue 37, items 13 to 15 and 18: the project's command lines speak French and refuse what they cannot do."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.__main__ import main as generator_main
from generator.scaffold import create_game
from tests.engine_support import ROOT

ENGLISH = ("usage:", "invalid choice", "show this help message", "error:", "Traceback", "positional arguments")


def run(module: str, *args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """`python -m module args…` in the project, its output as text."""
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, **kwargs)  # type: ignore[call-overload]


def english(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The English argparse phrases found in a command's output."""
    return [w for w in ENGLISH if w in result.stdout + result.stderr]


# --- item 13: the generator's command line -------------------------------------------------------

@pytest.mark.parametrize("option", ["--aide", "--help", "-h"])
def test_item13_generator_help_is_french_and_accepts_aide(option):
    result = run("generator", option)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("utilisation : python -m generator")
    assert "afficher cette aide et quitter" in result.stdout
    assert not english(result)


def test_item13_generator_usage_errors_are_french():
    unknown = run("generator", "zz")
    assert unknown.returncode == 2
    assert "choix « zz » invalide (possibles : check, dump, figer-version, nouveau-jeu)" in unknown.stderr
    missing = run("generator")
    assert missing.returncode == 2 and "arguments obligatoires manquants : COMMANDE" in missing.stderr
    for result in (unknown, missing):
        assert not english(result)


@pytest.mark.parametrize("target", ["/dev/null", "/proc/nope", "README.md"])
def test_item13_dump_onto_a_device_or_a_file_is_a_french_error(target):
    result = run("generator", "dump", target)
    assert result.returncode == 2
    assert result.stderr.startswith("Erreur :") and target in result.stderr
    assert not english(result) and result.stdout == ""


def test_item13_a_closed_pipe_ends_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as with `| head -0`
    try:
        result = subprocess.run([sys.executable, "-m", "generator", "check"], cwd=ROOT, stdout=write_end,
                                stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write_end)
    assert result.returncode in (0, 1)  # 1 only if the data are invalid: then the reason is on standard error
    assert not any(w in result.stderr for w in ("Traceback", "BrokenPipeError", "Exception ignored"))


def test_item13_control_characters_in_ids_and_names_are_escaped(tmp_path):
    hostile = "zz\x1b[31m\x9b\rX"
    result = run("generator", "figer-version", hostile)
    assert result.returncode == 2 and "Jeu inconnu" in result.stderr
    assert "zz\\u001b[31m\\u009b\\u000dX" in result.stderr
    assert not any(c in result.stderr for c in "\x1b\x9b\r")
    named = run("generator", "--racine", str(tmp_path), "nouveau-jeu", "mon-jeu", "--nom", "Nom\x1b[2J")
    assert named.returncode == 2 and "\x1b" not in named.stderr


# --- item 14: browser_engine, --help and --aide everywhere, no abbreviated options ----------------

@pytest.mark.parametrize("args", [["--help"], ["--aide"], ["valider", "--help"], ["score", "--help"],
                                  ["des-libres", "--help"], ["probas", "--help"], ["probas", "hate", "--help"],
                                  ["probas", "hate", "combat", "--help"], ["versions", "--aide"]])
def test_item14_help_is_accepted_everywhere(args):
    result = run("browser_engine", *args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("utilisation : python -m browser_engine")
    assert not english(result)


def test_item14_an_abbreviated_option_is_refused():
    full = run("browser_engine", "probas", "hate", "combat", "--des-defense", "3")
    assert "arguments non reconnus" not in full.stderr
    short = run("browser_engine", "probas", "hate", "combat", "--des-def", "3")
    assert short.returncode == 2
    assert "arguments non reconnus : --des-def 3" in short.stderr


def test_item14_de_numero_accepts_bare_numbers():
    """Numbers 1 to 6 and two blanks on the d8: min(r, 1) with one enemy attached, so 6 faces in 8 attack."""
    symbols = "[base, base, base, base, special, special, ignorer, vide]"
    bare = run("browser_engine", "probas", "tamashii", "des_ennemis", "--de-numero", "[1, 2, 3, 4, 5, 6, 0, vide]",
               "--de-symbole", symbols, "--json")
    assert bare.returncode == 0, bare.stderr
    written = run("browser_engine", "probas", "tamashii", "des_ennemis", "--de-numero",
                  "[{numero: 1}, {numero: 2}, {numero: 3}, {numero: 4}, {numero: 5}, {numero: 6}, vide, vide]",
                  "--de-symbole", symbols, "--json")
    assert written.returncode == 0, written.stderr
    assert json.loads(bare.stdout)["issues"] == json.loads(written.stdout)["issues"]
    attaque = next(i for i in json.loads(bare.stdout)["issues"] if i["fraction"] == "3/4")
    assert attaque["probabilite"] == 0.75


# --- item 15: nouveau-jeu and figer-version ---------------------------------------------------------

@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A bare Compendium project: its site configuration, pages, schemas and an empty data folder."""
    for name in ("content", "schemas", "site_overrides"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    (tmp_path / "data").mkdir()
    return tmp_path


@pytest.mark.parametrize("page", ["a-propos", "ajouter-un-jeu", "index-general", "interpretations",
                                  "donnees-a-completer", "assets", "outils"])
def test_item15_site_pages_are_refused_as_game_ids(project, page, capsys):
    assert generator_main(["--racine", str(project), "nouveau-jeu", page, "--nom", "Jeu"]) == 2
    assert "réservé" in capsys.readouterr().err
    assert not (project / "data" / page).exists()


@pytest.mark.parametrize("name", ['Le """ jeu', "Jeu \\N{x}", "Jeu \\x4", "Jeu \\u12", "L'épée \\ « jeu »"])
def test_item15_any_name_writes_a_package_that_compiles(project, name):
    written = create_game(project, "mon-jeu", name)
    package = project / "browser_engine" / "jeux" / "mon_jeu" / "__init__.py"
    assert package in written
    namespace: dict[str, object] = {}
    exec(compile(package.read_text(encoding="utf-8"), str(package), "exec"), namespace)  # noqa: S102
    assert namespace["NOM"] == name
    manifest = yaml.safe_load((project / "data" / "mon-jeu" / "jeu.yaml").read_text(encoding="utf-8"))
    assert manifest["jeu"]["nom"] == name


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "A" * 121, "Jeu\u202eueJ"])
def test_item15_names_check_refuses_are_refused(project, name, capsys):
    assert generator_main(["--racine", str(project), "nouveau-jeu", "mon-jeu", "--nom", name]) == 2
    assert "Nom du jeu refusé" in capsys.readouterr().err
    assert not (project / "data" / "mon-jeu").exists()


def test_item15_a_name_of_120_characters_is_accepted(project):
    assert create_game(project, "mon-jeu", "A" * 120)


def test_item15_racine_must_be_a_compendium_project(tmp_path, capsys):
    assert generator_main(["--racine", str(tmp_path), "nouveau-jeu", "mon-jeu", "--nom", "Jeu"]) == 2
    assert "n'est pas un projet Compendium" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_item15_figer_version_of_an_unknown_game(capsys):
    assert generator_main(["figer-version", "zzz"]) == 2
    err = capsys.readouterr().err
    assert "Jeu inconnu" in err and "manifeste" not in err and "hate" in err


# --- item 18: smaller faults of the command line ----------------------------------------------------

LISTE_D6 = ROOT / "data" / "bataille-d6" / "listes" / "01-gardiens-du-col.yaml"
LISTE_HATE = ROOT / "data" / "hate" / "listes" / "01-simple-bataille-um-rak.yaml"


def adverse(tmp_path: Path, entrees: int) -> Path:
    """A Bataille d6 opposing list of `entrees` units of spearmen."""
    liste = {"jeu": "bataille-d6", "nom": "Adverse", "format": 100000,
             "entrees": [{"nom": f"Lanciers {k}", "nombre": 10, "mouvement": 12, "melee": 3, "tir": 0, "armure": 2}
                         for k in range(entrees)]}
    path = tmp_path / f"adverse-{entrees}.json"
    path.write_text(json.dumps(liste), encoding="utf-8")
    return path


def test_item18_an_empty_opposing_list_is_an_error(tmp_path):
    vide = tmp_path / "vide.yaml"
    vide.write_text("\n", encoding="utf-8")
    result = run("browser_engine", "probas-liste", str(LISTE_D6), "--adverse", str(vide))
    assert result.returncode == 2 and "Liste adverse vide" in result.stderr


def test_item18_the_opposing_list_limit_is_the_real_one(tmp_path):
    """Bataille d6 has 12 reference targets (2 groups × 6 armours) and 60 columns at most: room for 48 units."""
    trop = run("browser_engine", "probas-liste", str(LISTE_D6), "--adverse", str(adverse(tmp_path, 49)))
    assert trop.returncode == 2 and "gardez-y au plus 48 entrées" in trop.stderr
    assert "200" not in trop.stderr
    juste = run("browser_engine", "probas-liste", str(LISTE_D6), "--adverse", str(adverse(tmp_path, 48)), "--json")
    assert juste.returncode == 0, juste.stderr
    assert sum(1 for c in json.loads(juste.stdout)["cibles"] if c["groupe"] == "adverse") == 48


def test_item18_a_file_just_past_the_limit_shows_its_real_size(tmp_path):
    gros = tmp_path / "gros.yaml"
    gros.write_bytes(b"a: " + b"x" * (1_048_576 - 2))  # 1 048 577 bytes: one past the limit
    result = run("browser_engine", "valider", str(gros))
    assert result.returncode == 2
    assert "1\u202f048\u202f577 octets" in result.stderr and "1\u202f048\u202f576 octets" in result.stderr


@pytest.mark.parametrize(("score", "document", "fragment"), [
    ("tirage_multijoueur", {"joueurs": [{"nom": n, "dues": 1, "vainqueur": v} for n, v in
                                        (("A", True), ("B", True), ("C", True), ("D", False))]}, "2 contre 2"),
    ("tirage_multijoueur", {"chacun_pour_sa_peau": True, "joueurs": [
        {"nom": "A", "dues": 1, "vainqueur": True, "retraite": 2}, {"nom": "B", "dues": 1, "retraite": 1},
        {"nom": "C", "dues": 1}]}, "un vainqueur n'a pas battu en retraite"),
])
def test_item18_score_refuses_impossible_hate_inputs(tmp_path, score, document, fragment):
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run("browser_engine", "score", "hate", score, str(path))
    assert result.returncode == 2 and fragment in result.stderr, result.stdout + result.stderr


def test_item18_score_refuses_all_and_n_cards_on_one_level(tmp_path):
    path = tmp_path / "doc.json"
    path.write_text(json.dumps({"nombre_joueurs": 2, "joueurs": [{"nom": "NIV 1", "toutes": True, "par_joueur": 3}]}),
                    encoding="utf-8")
    result = run("browser_engine", "score", "tamashii", "paquet_ennemi", str(path))
    assert result.returncode == 2 and "pas les deux" in result.stderr


@pytest.mark.parametrize("document", ["joueurs: [null, null]\n", "joueurs: null\nchacun_pour_sa_peau: true\n", "null\n"])
def test_item18_score_never_says_null(tmp_path, document):
    path = tmp_path / "doc.yaml"
    path.write_text(document, encoding="utf-8")
    result = run("browser_engine", "score", "hate", "festin", str(path))
    assert result.returncode == 2 and "null" not in result.stderr and result.stderr.startswith("Erreur")


def materiel(tmp_path: Path, **champs: object) -> Path:
    document = {"format": "compendium-materiel", "version": 1, "jeu": "hate",
                "des": {"de-hate": ["frapper", "frapper", "parer", "", "sauvagerie", "joker"]}, **champs}
    path = tmp_path / "materiel.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_item18_materiel_of_a_newer_version_is_refused(tmp_path):
    result = run("browser_engine", "probas-liste", str(LISTE_HATE), "--saisies", str(materiel(tmp_path, version=99)))
    assert result.returncode == 2 and "plus récente que celle de ce site" in result.stderr


def test_item18_materiel_of_another_format_is_refused(tmp_path):
    autre = materiel(tmp_path, format="autre")
    result = run("browser_engine", "probas-liste", str(LISTE_HATE), "--saisies", str(autre))
    assert result.returncode == 2 and "format « autre » inconnu" in result.stderr
    de = run("browser_engine", "probas", "hate", "combat", "--de", str(autre))
    assert de.returncode == 2 and "format « autre » inconnu" in de.stderr


def test_item18_a_mistyped_saisies_key_is_refused(tmp_path):
    path = tmp_path / "saisies.json"
    path.write_text(json.dumps({"de-hat": ["frapper", "parer", "vide", "vide", "joker", "sauvagerie"]}), encoding="utf-8")
    result = run("browser_engine", "probas-liste", str(LISTE_HATE), "--saisies", str(path))
    assert result.returncode == 2 and "clé « de-hat » inconnue" in result.stderr and "« de-hate »" in result.stderr


def test_item18_des_libres_sorts_faces_by_value():
    result = run("browser_engine", "des-libres", '{reserves: [{des: [{faces: d10}], explosion: {faces: "10, 9"}, '
                 'relance: {faces: "10, 2"}}]}')
    assert result.returncode == 0, result.stderr
    assert "explose sur 9, 10 " in result.stdout and "relance une fois 2, 10" in result.stdout


def test_item18_combat_cartes_names_its_option_once():
    result = run("browser_engine", "probas", "hami", "combat_cartes")
    assert result.returncode == 2 and result.stderr.count("--paquet") == 1


def test_item19_modules_under_600_lines() -> None:
    """Issue 37, item 19: every module of the engine, the generator, the benches and the page scripts
    stays under 600 lines (split by what it does rather than grown)."""
    racine = Path(__file__).resolve().parent.parent
    fichiers = [p for dossier in ("browser_engine", "generator", "bench", "tools") for p in (racine / dossier).rglob("*.py")]
    fichiers += list((racine / "site_overrides").rglob("*.js")) + list((racine / "generator" / "templates").rglob("*.js"))
    assert len(fichiers) > 100  # the walk found the project's code
    trop_longs = {str(p.relative_to(racine)): n for p in fichiers
                  if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 600}
    assert trop_longs == {}
