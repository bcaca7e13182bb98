"""Command line: `python -m browser_engine valider|probas|tables`."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from browser_engine import calculer, lire_liste, valider
from tests.engine_support import ROOT, load_bundle

EXAMPLES = ROOT / "data" / "bataille-d6" / "listes"
VALID_LIST = "jeu: bataille-d6\nnom: Test\nformat: 250\nentrees:\n  - {nom: Lanciers, nombre: 10, mouvement: 12, melee: 3, tir: 0, armure: 2}\n"


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", *args], cwd=ROOT, input=stdin.decode() if stdin else None,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def bundle_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("donnees") / "bataille-d6.json"
    path.write_text(json.dumps(load_bundle("bataille-d6"), ensure_ascii=False), encoding="utf-8")
    return path


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# --- probas ----------------------------------------------------------------------------------

def test_issue_example_with_project_data():
    result = run("probas", "bataille-d6", "attaque", "--valeur", "3", "--armure", "2", "--malus-armure", "1",
                 "--couverts", "1", "--attaques", "5", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert list(out) == ["jeu", "calcul", "parametres", "distribution", "esperance"]
    assert out["jeu"] == "bataille-d6" and out["calcul"] == "attaque"
    assert out["parametres"] == {"valeur": 3, "armure": 2, "malus_armure": 1, "couverts": 1,
                                 "relance_sauvegarde": False, "attaques": 5}
    p = Fraction(3, 6) * Fraction(1, 2) * Fraction(5, 6)
    q = 1 - p
    assert out["distribution"][0] == {"valeur": 0, "fraction": f"{(q ** 5).numerator}/{(q ** 5).denominator}",
                                      "probabilite": float(q ** 5)}
    assert round(out["distribution"][0]["probabilite"], 2) == 0.31
    assert out["esperance"] == {"fraction": "25/24", "valeur": float(Fraction(25, 24))}
    assert round(out["esperance"]["valeur"], 2) == 1.04


def test_cli_prints_exactly_the_engine_result(bundle_file):
    result = run("probas", "bataille-d6", "attaque", "--valeur", "4", "--relance-sauvegarde", "--attaques", "3",
                 "--json", "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    expected = calculer(load_bundle(), "attaque", {"valeur": 4, "relance_sauvegarde": True, "attaques": 3})
    assert json.loads(result.stdout) == expected
    assert json.loads(result.stdout)["parametres"]["relance_sauvegarde"] is True


def test_human_output_is_a_french_table(bundle_file):
    result = run("probas", "bataille-d6", "attaque", "--valeur", "3", "--armure", "2", "--malus-armure", "1",
                 "--couverts", "1", "--attaques", "5", "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    assert "Figures éliminées" in result.stdout and "Probabilité" in result.stdout
    assert "2476099/7962624" in result.stdout and "31,10 %" in result.stdout
    assert "Espérance : 25/24 ≈ 1,0417" in result.stdout


def test_initiative_human_output(bundle_file):
    result = run("probas", "bataille-d6", "initiative", "--heros-sorciers-a", "1", "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    assert "Camp A plus haut" in result.stdout and "Égalité" in result.stdout


@pytest.mark.parametrize(("args", "fragments"), [
    (["--valeur", "7"], ["« valeur »", "un entier de 1 à 6", "(reçu : 7)", "--valeur"]),
    (["--malus-armure", "9"], ["« malus_armure »", "de 0 à 3", "--malus-armure"]),
    (["--attaques", "beaucoup"], ["« attaques »", "de 1 à 30"]),
    (["--inconnu", "2"], ["arguments non reconnus : --inconnu 2"]),
    (["--valeur"], ["l'option --valeur attend une valeur"]),
])
def test_bad_parameters_exit_2_in_french(bundle_file, args, fragments):
    result = run("probas", "bataille-d6", "attaque", *args, "--donnees", str(bundle_file))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("Erreur : ")
    for fragment in fragments:
        assert fragment in result.stderr


def test_unknown_calculation_and_game(bundle_file):
    unknown = run("probas", "bataille-d6", "charge", "--donnees", str(bundle_file))
    assert unknown.returncode == 2 and "Calcul inconnu « charge »" in unknown.stderr
    game = run("probas", "jeu-absent", "attaque")
    assert game.returncode == 2 and "Jeu inconnu « jeu-absent »" in game.stderr
    traversal = run("probas", "../etc", "attaque")
    assert traversal.returncode == 2 and "Identifiant de jeu invalide" in traversal.stderr


def test_probas_help_lists_the_parameters(bundle_file):
    result = run("probas", "bataille-d6", "attaque", "--aide", "--donnees", str(bundle_file))
    assert result.returncode == 0
    assert "--malus-armure N" in result.stdout and "--relance-sauvegarde" in result.stdout
    assert "de 1 à 30" in result.stdout


def test_static_tables_command(bundle_file):
    result = run("tables", "bataille-d6", "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    assert [t["id"] for t in json.loads(result.stdout)] == ["table-attaque", "table-attaque-puissante",
                                                            "table-pillage"]


# --- valider ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_examples_exit_codes(bundle_file, path):
    result = run("valider", str(path), "--json", "--donnees", str(bundle_file))
    report = json.loads(result.stdout)
    assert result.returncode == (0 if report["valide"] else 1)
    assert report == valider(load_bundle(), lire_liste(path.read_bytes()))


def test_valid_list_with_project_data(tmp_path):
    result = run("valider", str(write(tmp_path, "ok.yaml", VALID_LIST)))
    assert result.returncode == 0, result.stderr
    assert "Liste valide." in result.stdout
    assert "Coût : 120 / 250 points (reste 130)" in result.stdout


def test_invalid_list_human_output(bundle_file):
    result = run("valider", str(EXAMPLES / "04-trop-de-heros.yaml"), "--donnees", str(bundle_file))
    assert result.returncode == 1
    assert "D6_HEROS_MAX" in result.stdout and "Liste invalide : 1 erreur." in result.stdout
    assert "règle : bataille-d6/armee/#heros-et-sorciers" in result.stdout


def test_json_list_and_stdin(bundle_file):
    document = json.dumps(lire_liste(VALID_LIST))
    result = run("valider", "-", "--json", "--donnees", str(bundle_file), stdin=document.encode())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["cout"] == 120


@pytest.mark.parametrize(("content", "fragment"), [
    ("jeu: bataille-d6\nnom: [x\n", "YAML invalide, ligne 2"),
    ("[1, 2, 3]", "doit être un objet"),
    ("a: &x 1\nb: *x\n", "ancres YAML"),
    (b"jeu: bataille-d6\nnom: \xff\n", "UTF-8"),
    ("nom: sans jeu\n", "champ « jeu »"),
    ("jeu: inconnu\n", "Jeu inconnu « inconnu »"),
    ("jeu: ../../etc\n", "Identifiant de jeu invalide"),
    ("a: " + "[" * 100 + "]" * 100, "imbriqué"),
])
def test_unreadable_or_hostile_lists_exit_2(tmp_path, content, fragment):
    result = run("valider", str(write(tmp_path, "liste.yaml", content)))
    assert result.returncode == 2
    assert result.stderr.startswith("Erreur : ")
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr


def test_huge_file_exit_2(tmp_path):
    path = write(tmp_path, "enorme.yaml", "a: " + "x" * (5 * 1_048_576))
    result = run("valider", str(path))
    assert result.returncode == 2
    assert "Fichier trop volumineux (5,0 Mo)" in result.stderr


def test_ten_thousand_entries_exit_2(tmp_path):
    entry = "  - {nom: a, mouvement: 6, melee: 1, tir: 0, armure: 0}\n"
    path = write(tmp_path, "longue.yaml", "jeu: bataille-d6\nnom: x\nformat: 250\nentrees:\n" + entry * 10_000)
    result = run("valider", str(path))
    assert result.returncode == 2
    assert "Liste trop longue" in result.stderr


def test_missing_file_exit_2(tmp_path):
    result = run("valider", str(tmp_path / "absente.yaml"))
    assert result.returncode == 2 and "Impossible de lire" in result.stderr


def test_names_cannot_inject_terminal_sequences(tmp_path, bundle_file):
    content = 'jeu: bataille-d6\nnom: "\\e[31mrouge"\nformat: 250\nentrees:\n  - {nom: "<script>x</script>", mouvement: 6, melee: 1, tir: 0, armure: 0}\n'
    result = run("valider", str(write(tmp_path, "l.yaml", content)), "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout
    assert "<script>x</script>" in result.stdout


def test_usage_errors_are_french():
    result = run("valider")
    assert result.returncode == 2
    assert "arguments obligatoires manquants : LISTE" in result.stderr
    nothing = run()
    assert nothing.returncode == 2 and "usage :" in nothing.stderr
