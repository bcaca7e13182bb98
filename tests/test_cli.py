"""Command line: `python -m browser_engine valider|probas|tables`."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from math import comb
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
    assert list(out) == ["jeu", "calcul", "sortie", "parametres", "distribution", "esperance"]
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
    assert nothing.returncode == 2 and "utilisation :" in nothing.stderr


# --- issue 10 §6: a round of hostile input, every one a French message, never a traceback ------

LONG_ID = "a" * 300
HAMI_OK = ("jeu: hami\nnom: Essai\nformat: 9\noptions: {lien: ombre}\nentrees:\n"
           "  - {caste: gardien, tribu: roche, age: ancien, meneur: true, sorts: [ralentissement]}\n")


def refused(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit 2, one French line on stderr, nothing on stdout, no traceback nor last-resort message."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stderr.startswith("Erreur : "), result.stderr
    assert "Traceback" not in result.stderr and "Erreur interne" not in result.stderr
    assert result.stdout == ""
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


def nested(depth: int) -> str:
    return '{"jeu": "bataille-d6", "nom": ' + "[" * depth + "]" * depth + "}"


HOSTILE_LISTS = {
    "substitut-isole-json": ('{"jeu": "bataille-d6", "nom": "\\ud800", "format": 250, "entrees": []}',
                             ["ligne 1, colonne 31", "\\ud800", "moitié de paire UTF-16 isolée"]),
    "substitut-isole-cle": ('{"jeu": "bataille-d6", "\\udfff": 1}', ["\\udfff", "moitié de paire"]),
    "substitut-isole-yaml": ('jeu: bataille-d6\nnom: "\\udc00"\n', ["ligne 2", "moitié de paire"]),
    "substitut-brut": ("jeu: bataille-d6\nnom: a\ud800\n".encode("utf-8", "surrogatepass"), ["UTF-8", "ligne 2"]),
    "cles-en-double-json": ('{"jeu": "bataille-d6", "nom": "a",\n "nom": "b"}', ["ligne 2, colonne 2",
                                                                                "clé « nom » en double"]),
    "cles-en-double-yaml": ("jeu: bataille-d6\nnom: a\nnom: b\n", ["ligne 3", "clé « nom » en double"]),
    "cle-de-fusion": ("base: &b {nom: x}\nliste:\n  <<: *b\n", ["ancres YAML"]),
    "cle-de-fusion-seule": ("jeu: bataille-d6\n<<: {nom: x}\n", ["ligne 2", "clés de fusion YAML (« << »)"]),
    "identifiant-de-jeu-256": (f"jeu: {LONG_ID}\n", ["Identifiant de jeu invalide", "64 caractères au plus"]),
    "identifiant-de-jeu-majuscules": ("jeu: Bataille-D6\n", ["Identifiant de jeu invalide"]),
    "jeu-pas-un-texte": ("jeu: [bataille-d6]\n", ["champ « jeu »"]),
    "nan-json": ('{"jeu": "bataille-d6", "format": NaN}', ["NaN"]),
    "infinity-json": ('{"jeu": "bataille-d6", "format": -Infinity}', ["-Infinity"]),
    "entier-enorme-json": ('{"jeu": "bataille-d6", "format": ' + "9" * 400 + "}", ["nombre trop grand"]),
    "entier-enorme-yaml": ("jeu: bataille-d6\nformat: " + "9" * 5000 + "\n", ["ligne 2", "nombre trop grand"]),
    "flottant-infini-yaml": ("jeu: bataille-d6\nformat: 1e999\n", ["ligne 2", "nombre trop grand"]),
    "imbrication-10000-json": (nested(10_000), ["imbriqué"]),
    "imbrication-10000-yaml": ("jeu: bataille-d6\nnom: " + "[" * 10_000 + "]" * 10_000 + "\n", ["imbriqué"]),
    "imbrication-blocs-yaml": ("a:\n" + "".join(" " * d + "- \n" for d in range(1, 200)), ["imbriqué"]),
    "fichier-vide": ("", ["vide"]),
    "seulement-un-commentaire": ("# rien\n", ["vide"]),
    "pas-utf8": (b"jeu: bataille-d6\nnom: \xe9quipe\n", ["UTF-8", "ligne 2"]),
    "binaire": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ["UTF-8"]),
    "utf16": ("jeu: bataille-d6\n".encode("utf-16"), ["UTF-8"]),
    "controle": ("jeu: bataille-d6\nnom: a\x07b\n", ["contrôle", "ligne 2"]),
    "bombe-d-alias": ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                      "c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n", ["ancres YAML"]),
    "etiquette": ("jeu: !!python/object:os.system echo\n", ["étiquettes"]),
    "yaml-casse": ("jeu: bataille-d6\nentrees:\n  - {nom: a\n", ["YAML invalide"]),
    "json-casse": ('{"jeu": "bataille-d6", "entrees": [}', ["JSON invalide"]),
    "tabulation": ("jeu: bataille-d6\nentrees:\n\t- a\n", ["tabulation"]),
    "plusieurs-documents": ("jeu: bataille-d6\n---\njeu: hami\n", ["un seul document"]),
    "pas-un-objet": ("- jeu: bataille-d6\n", ["doit être un objet", "pas une liste"]),
    "scalaire": ("42\n", ["doit être un objet"]),
    "dix-mille-entrees": ("jeu: bataille-d6\nformat: 250\nentrees:\n" + "  - {nom: a}\n" * 10_000,
                          ["Liste trop longue"]),
}


@pytest.mark.parametrize("case", list(HOSTILE_LISTS))
def test_hostile_lists_are_refused_in_french(tmp_path, bundle_file, case):
    content, fragments = HOSTILE_LISTS[case]
    refused(run("valider", str(write(tmp_path, "liste.txt", content)), "--donnees", str(bundle_file)), *fragments)


@pytest.mark.parametrize("case", ["substitut-isole-json", "cles-en-double-json", "identifiant-de-jeu-256",
                                  "pas-utf8", "imbrication-10000-json"])
def test_hostile_lists_on_standard_input(bundle_file, case):
    content, fragments = HOSTILE_LISTS[case]
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    result = subprocess.run([sys.executable, "-m", "browser_engine", "valider", "-", "--donnees", str(bundle_file)],
                            cwd=ROOT, input=data, capture_output=True, timeout=300)
    refused(subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode(),
                                        result.stderr.decode()), *fragments)


def test_huge_file_and_device_are_read_up_to_the_limit(tmp_path):
    refused(run("valider", str(write(tmp_path, "l.yaml", "a: " + "x" * (2 * 1_048_576)))), "trop volumineux (2,0 Mo)")
    if Path("/dev/zero").exists():
        refused(run("valider", "/dev/zero"), "trop volumineux")


def test_directory_and_missing_file(tmp_path):
    refused(run("valider", str(tmp_path)), "c'est un dossier, pas un fichier")
    refused(run("valider", str(tmp_path / "absente.yaml")), "fichier ou dossier introuvable")
    refused(run("valider", str(tmp_path / ("n" * 300 + ".yaml"))), "nom de fichier trop long")


@pytest.mark.parametrize(("content", "code", "fragments"), [
    (VALID_LIST.replace("format: 250", "format: beaucoup"), 1, ["LISTE_TYPE"]),
    (VALID_LIST.replace("melee: 3", "melee: [3]"), 1, ["LISTE_TYPE"]),
    (VALID_LIST.replace("mouvement: 12", "mouvement: 13"), 1, ["Mouvement"]),
    (VALID_LIST.replace("melee: 3", "melee: 99999999999999999999"), 1, ["Mêlée"]),
    (VALID_LIST.replace("nombre: 10", "nombre: -3"), 1, ["LISTE_HORS_BORNES"]),
    (VALID_LIST + "inconnu: 1\n", 1, ["LISTE_CHAMP_INCONNU", "inconnu"]),
    (HAMI_OK.replace("caste: gardien", "caste: zorglub"), 1, ["zorglub"]),
    (HAMI_OK.replace("ralentissement", "sort-invente"), 1, ["sort-invente"]),
])
def test_wrong_types_and_unknown_ids_are_an_invalid_list(tmp_path, content, code, fragments):
    result = run("valider", str(write(tmp_path, "l.yaml", content)))
    assert result.returncode == code, result.stderr
    assert result.stderr == ""
    for fragment in fragments:
        assert fragment in result.stdout, result.stdout


def test_html_and_terminal_sequences_in_names_are_plain_text(tmp_path, bundle_file):
    content = VALID_LIST.replace("nom: Test", 'nom: "<img src=x onerror=alert(1)>\\u001b]0;titre\\u0007"')
    result = run("valider", str(write(tmp_path, "l.yaml", content)), "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    assert "Liste « <img src=x onerror=alert(1)>" in result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout


@pytest.mark.parametrize(("prefix", "end"), [("", "\n"), ("\ufeff\ufeff", "\n"), ("", "\r"), ("\ufeff\ufeff", "\r"),
                                             ("\ufeff", "\r\n")])
def test_bom_and_line_ends_one_verdict_from_file_and_stdin(tmp_path, bundle_file, prefix, end):
    data = (prefix + VALID_LIST.replace("\n", end)).encode("utf-8")
    from_file = run("valider", str(write(tmp_path, "l.yaml", data)), "--json", "--donnees", str(bundle_file))
    from_stdin = subprocess.run([sys.executable, "-m", "browser_engine", "valider", "-", "--json", "--donnees",
                                 str(bundle_file)], cwd=ROOT, input=data, capture_output=True, timeout=300)
    assert from_file.returncode == from_stdin.returncode == 0, from_file.stderr
    assert json.loads(from_file.stdout) == json.loads(from_stdin.stdout) == valider(load_bundle(), lire_liste(VALID_LIST))


def test_list_without_a_name_is_valid_and_shown_sans_nom(tmp_path, bundle_file):
    result = run("valider", str(write(tmp_path, "l.yaml", VALID_LIST.replace("nom: Test\n", ""))),
                 "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Liste « sans nom » — ")
    assert "LISTE_SANS_NOM" in result.stdout and "Liste valide" in result.stdout


@pytest.mark.parametrize("command", [["valider", "LISTE"], ["probas", LONG_ID, "attaque"], ["tables", LONG_ID],
                                     ["probas", "Bataille", "attaque"], ["tables", "../../etc"]])
def test_game_id_of_256_characters_or_bad_form(tmp_path, command):
    args = [str(write(tmp_path, "l.yaml", f"jeu: {LONG_ID}\n")) if a == "LISTE" else a for a in command]
    refused(run(*args), "Identifiant de jeu invalide")


@pytest.fixture(scope="module")
def hami_bundle_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("donnees-hami") / "hami.json"
    path.write_text(json.dumps(load_bundle("hami"), ensure_ascii=False), encoding="utf-8")
    return path


BAD_BUNDLES = {
    "liste-json": ("[1, 2]", "n'est pas un paquet de données du Compendium"),
    "objet-vide": ("{}", "n'est pas un paquet de données du Compendium"),
    "jeu-sans-id": ('{"jeu": {"nom": "x"}}', "n'est pas un paquet de données du Compendium"),
    "une-liste-d-armee": (json.dumps(lire_liste(VALID_LIST)), "n'est pas un paquet de données du Compendium"),
    "autre-jeu": ('{"jeu": {"id": "hami"}}', "est le paquet du jeu « hami », pas de « bataille-d6 »"),
    "schemas-pas-objet": ('{"jeu": {"id": "bataille-d6"}, "schemas": [1]}', "« schemas » doit être un objet"),
    "calculs-pas-objets": ('{"jeu": {"id": "bataille-d6"}, "calculs": [1, 2]}', "« calculs » doit être une liste d'objets"),
    "json-casse": ('{"jeu": ', "n'est pas un JSON valide (ligne 1, colonne 9 : valeur attendue)"),
    "yaml": ("jeu:\n  id: bataille-d6\n", "n'est pas un JSON valide"),
    "vide": ("", "n'est pas un JSON valide"),
    "pas-utf8": (b'{"jeu": "\xff"}', "n'est pas un texte UTF-8"),
    "imbrication": ("[" * 100_000 + "]" * 100_000, "trop imbriqué"),
}


COMMANDS = {"valider": ["valider", "LISTE"], "probas": ["probas", "bataille-d6", "attaque"],
            "tables": ["tables", "bataille-d6"]}


@pytest.mark.parametrize(("case", "command"), [(case, "tables") for case in BAD_BUNDLES] + [
    (case, command) for case in ("liste-json", "autre-jeu", "json-casse", "pas-utf8") for command in ("valider", "probas")])
def test_donnees_that_is_not_a_bundle(tmp_path, case, command):
    content, fragment = BAD_BUNDLES[case]
    paquet = write(tmp_path, "paquet.json", content)
    args = [str(write(tmp_path, "l.yaml", VALID_LIST)) if a == "LISTE" else a for a in COMMANDS[command]]
    refused(run(*args, "--donnees", str(paquet)), f"--donnees : {paquet}", fragment)


def test_donnees_missing_directory_or_folder_without_the_game(tmp_path):
    refused(run("tables", "bataille-d6", "--donnees", str(tmp_path / "absent")), "--donnees", "introuvable")
    refused(run("tables", "bataille-d6", "--donnees", str(tmp_path)), "Jeu inconnu « bataille-d6 »")


@pytest.mark.parametrize(("args", "fragments"), [
    (["--valeur", "-1"], ["de 1 à 6", "(reçu : -1)", "--valeur"]),
    (["--valeur", "0"], ["de 1 à 6", "(reçu : 0)"]),
    (["--valeur", "1e3"], ["de 1 à 6", "« 1e3 »"]),
    (["--valeur", "3.5"], ["de 1 à 6", "« 3.5 »"]),
    (["--valeur", ""], ["de 1 à 6"]),
    (["--valeur", "9" * 400], ["de 1 à 6"]),
    (["--valeur", "NaN"], ["de 1 à 6"]),
    (["--valeur", "<b>3</b>"], ["de 1 à 6", "« <b>3</b> »"]),
    (["--attaques", "31"], ["de 1 à 30", "(reçu : 31)", "--attaques"]),
    (["--relance-sauvegarde=peut-etre"], ["doit être true ou false", "« peut-etre »", "--relance-sauvegarde"]),
    (["--json=1"], ["l'option --json ne prend pas de valeur"]),
    (["en-trop"], ["arguments non reconnus : en-trop"]),
    (["--a", "3"], ["arguments non reconnus : --a 3"]),  # issue 37 item 14: no prefix matching
])
def test_bad_parameter_values(bundle_file, args, fragments):
    refused(run("probas", "bataille-d6", "attaque", *args, "--donnees", str(bundle_file)), *fragments)


@pytest.mark.parametrize("calcul", ["charge", "", "ATTAQUE", "../attaque", "a" * 300, "attaque\u202e", "<script>"])
def test_unknown_calculation(bundle_file, calcul):
    refused(run("probas", "bataille-d6", calcul, "--donnees", str(bundle_file)), "Calcul inconnu")


@pytest.mark.parametrize(("content", "fragments"), [
    (None, ["Paquet de cartes Combat illisible (option --paquet)", "c'est un dossier"]),
    ('[{"nom": "a", "jour": {"lumiere": "\\ud800"}}]', ["illisible (option --paquet)", "moitié de paire"]),
    ('[{"nom": "a", "nom": "b"}]', ["illisible (option --paquet)", "clé « nom » en double"]),
    ('{"cartes": 3}', ["Le paquet doit être une liste de cartes", "--paquet"]),
    ('[{"nom": "a", "jour": {"lumiere": 99999999, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 0}}]',
     ["de 0 à 20", "(reçu : 99999999)", "--paquet"]),
    ("a: " + "[" * 50 + "]" * 50, ["illisible (option --paquet)", "imbriqué"]),
])
def test_bad_deck_files(tmp_path, hami_bundle_file, content, fragments):
    paquet = tmp_path if content is None else write(tmp_path, "paquet.json", content)
    refused(run("probas", "hami", "combat_cartes", "--paquet", str(paquet), "--donnees", str(hami_bundle_file)),
            *fragments)


@pytest.mark.parametrize(("content", "fragments"), [
    (None, ["Catalogue de profils illisible", "c'est un dossier"]),
    ('{"profils": [{"id": "a", "nom": "\\ud800"}]}', ["Catalogue de profils illisible", "moitié de paire"]),
    ('{"profils": [], "profils": []}', ["Catalogue de profils illisible", "clé « profils » en double"]),
    ("", ["Catalogue de profils illisible", "vide"]),
    ("[1, 2]", ["Le catalogue doit être un objet"]),
])
def test_bad_catalogue_files(tmp_path, content, fragments):
    catalogue = tmp_path if content is None else write(tmp_path, "catalogue.json", content)
    liste = ROOT / "data" / "kharn-ages" / "listes" / "01-guerrier-mongo-du-livre.yaml"
    refused(run("valider", str(liste), "--catalogue", str(catalogue)), *fragments)


@pytest.mark.parametrize(("path", "command"), [
    (("schemas", "liste", "$defs", "entree"), "valider"),
    (("calculs", 0, "parametres", 1), "probas"),
    (("calculs", 0, "parametres", 1), "tables"),
])
def test_damaged_bundle_is_named(tmp_path, path, command):
    """A hand-edited bundle that breaks the engine: the message names the bundle, not an internal error."""
    paquet = load_bundle()
    node = paquet
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = "abîmé"
    donnees = write(tmp_path, "paquet.json", json.dumps(paquet, ensure_ascii=False))
    args = [str(write(tmp_path, "l.yaml", VALID_LIST)) if a == "LISTE" else a for a in COMMANDS[command]]
    refused(run(*args, "--donnees", str(donnees)), f"--donnees : {donnees} est un paquet de données abîmé",
            "assets/data/<jeu>.json")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_terminal_that_is_not_utf8(bundle_file, encoding):
    """French text on a terminal without « é » or « — »: replaced characters, never an error."""
    import os

    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for args, code in ((["valider", str(EXAMPLES / "01-gardiens-du-col.yaml")], 0), (["probas", "bataille-d6", "attaque"], 0),
                       (["valider", str(EXAMPLES / "04-trop-de-heros.yaml")], 1)):
        result = subprocess.run([sys.executable, "-m", "browser_engine", *args, "--donnees", str(bundle_file)], cwd=ROOT,
                                capture_output=True, env=env, timeout=300)
        assert result.returncode == code, result.stderr
        assert b"Erreur" not in result.stderr and result.stdout



def test_interrupt_is_a_french_line(monkeypatch, capsys):
    """Ctrl-C during a long calculation: « Interrompu. », exit 130, no traceback."""
    import runpy

    import browser_engine.cli

    def interrupted(argv=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(browser_engine.cli, "main", interrupted)
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module("browser_engine", run_name="__main__")
    assert stopped.value.code == 130
    assert capsys.readouterr().err == "\nInterrompu.\n"


def test_donnees_folder_not_named_data(tmp_path):
    """A copy of the game's folder elsewhere is read; a broken YAML file there is located, not a traceback."""
    import shutil

    shutil.copytree(ROOT / "data" / "bataille-d6", tmp_path / "mes-donnees" / "bataille-d6")
    folder = tmp_path / "mes-donnees"
    result = run("tables", "bataille-d6", "--donnees", str(folder))
    assert result.returncode == 0, result.stderr
    assert [t["id"] for t in json.loads(result.stdout)][0] == "table-attaque"
    (folder / "bataille-d6" / "sorts.yaml").write_text("sorts: [\n", encoding="utf-8")
    refused(run("tables", "bataille-d6", "--donnees", str(folder)),
            f"Données illisibles : {folder / 'bataille-d6' / 'sorts.yaml'}:2:1 : YAML invalide.")
    (folder / "bataille-d6" / "sorts.yaml").write_bytes(b"sorts: [\xff]\n")
    refused(run("tables", "bataille-d6", "--donnees", str(folder)), "n'est pas un texte UTF-8")


# --- issue 24: help texts, boolean forms, terminal control characters ---------------------------------

def test_issue24_item10_help_of_a_calculation_whose_texts_hold_a_percent_sign(tmp_path):
    """Tamashii's `test` with its parameter named « Chance visée (%) », as it was once written: the
    help prints it as written. (`make check` now refuses a `%` in the site's own data, issue 24 item
    16; a bundle given with --donnees may still hold one.)"""
    bundle = load_bundle("tamashii")
    test = next(c for c in bundle["calculs"] if c["calcul"] == "test")
    parametre = next(p for p in test["parametres"] if str(p.get("nom", "")).startswith("Chance visée"))
    parametre["nom"] = "Chance visée (%)"
    fichier = tmp_path / "tamashii.json"
    fichier.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    for option in ("--aide", "-h"):
        result = run("probas", "tamashii", "test", option, "--donnees", str(fichier))
        assert result.returncode == 0, result.stderr
        assert "Chance visée (%)" in result.stdout and "Erreur" not in result.stderr


def test_issue24_item10_every_calculation_help_prints(tmp_path):
    """Every declared calculation of every game, with a `%` added to each text it reads from the data."""
    for jeu in ("bataille-d6", "hami", "kharn-ages", "hate", "tamashii"):
        bundle = load_bundle(jeu)
        for decl in bundle.get("calculs") or []:
            decl["nom"] = f"{decl['nom']} 100 % %(prog)s %d"
            decl["resume"] = f"{decl.get('resume', '')} 50 %"
            for param in decl.get("parametres") or []:
                param["nom"] = f"{param.get('nom', param['id'])} (%)"
                param["aide"] = f"{param.get('aide', '')} 10 % %s"
        fichier = tmp_path / f"{jeu}.json"
        fichier.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
        for decl in bundle.get("calculs") or []:
            result = run("probas", jeu, decl["calcul"], "--aide", "--donnees", str(fichier))
            assert result.returncode == 0, (jeu, decl["calcul"], result.stderr)
            texte = " ".join(result.stdout.split())
            assert "100 % %(prog)s %d" in texte and "50 %" in texte, (jeu, decl["calcul"])
            if decl.get("parametres"):
                assert "(%)" in texte and "10 % %s" in texte, (jeu, decl["calcul"])


def test_issue24_item10_boolean_options_take_the_usual_forms(bundle_file):
    base = ("probas", "bataille-d6", "attaque", "--valeur", "4", "--attaques", "3", "--json", "--donnees",
            str(bundle_file))
    attendu = {True: calculer(load_bundle(), "attaque", {"valeur": 4, "attaques": 3, "relance_sauvegarde": True}),
               False: calculer(load_bundle(), "attaque", {"valeur": 4, "attaques": 3, "relance_sauvegarde": False})}
    assert attendu[True] != attendu[False]
    for forme, valeur in (([], True), (["true"], True), (["oui"], True), (["vrai"], True), (["1"], True),
                          (["false"], False), (["non"], False), (["faux"], False), (["0"], False)):
        result = run(*base, "--relance-sauvegarde", *forme)
        assert result.returncode == 0, (forme, result.stderr)
        assert json.loads(result.stdout) == attendu[valeur], forme
    result = run(*base, "--relance-sauvegarde", "peut-etre")
    assert result.returncode == 2 and "--relance-sauvegarde" in result.stderr and "true ou false" in result.stderr


def test_issue24_item11_probas_aide_prints_the_help():
    result = run("probas", "--aide")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("utilisation : python -m browser_engine probas")
    assert "probas JEU CALCUL --aide" in result.stdout
    jeu = run("probas", "hate", "-h")
    assert jeu.returncode == 0 and "Calculs de Hate :" in jeu.stdout and "  combat : " in jeu.stdout
    manque = run("probas")
    assert manque.returncode == 2 and "arguments obligatoires manquants : JEU, CALCUL" in manque.stderr


CONTROLES = set(range(0x00, 0x09)) | set(range(0x0b, 0x20)) | set(range(0x7f, 0xa0))


def _sans_controle(texte: str) -> bool:
    return not any(ord(c) in CONTROLES for c in texte)


@pytest.mark.parametrize(("fichiers", "args"), [
    ({"de.json": '["\\u001b[31mrouge", "vide", "vide", "vide", "vide", "vide"]'},
     ("probas", "tamashii", "test", "--de", "{de.json}")),
    ({"paquet.json": '[{"nom": "a", "jour": {"\\u001b[2J": 1}, "nuit": {}}]'},
     ("probas", "hami", "combat_cartes", "--paquet", "{paquet.json}")),
    ({"saisies.json": '{"paquet": [{"\\u009b31m": 1}]}'},
     ("probas-liste", "data/hami/listes/01-exemple-du-livre.yaml", "--saisies", "{saisies.json}")),
    ({"catalogue.json": '{"profils": [{"id": "\\u001b]0;titre\\u0007", "nom": 3}]}'},
     ("valider", "data/kharn-ages/listes/01-guerrier-mongo-du-livre.yaml", "--catalogue", "{catalogue.json}")),
    ({"doc.json": '{"joueurs": [{"nom": "\\u001b[31mAna", "haine": "\\u009bx"}, {"nom": "Bo"}]}'},
     ("score", "hate", "chronique", "{doc.json}")),
    ({"doc.json": '{"joueurs": [{"nom": "Ana", "\\u001b[5m": 1}, {"nom": "B\\u0007"}]}'},
     ("score", "hate", "vainqueur_bataille", "{doc.json}")),
    ({}, ("probas", "bataille-d6", "\x1b[31mattaque")),
    ({}, ("probas", "bataille-d6", "attaque", "--valeur", "\x1b[31m4")),
    ({}, ("probas", "bataille-\x1b[31m", "attaque")),
    ({}, ("\x1b[31mvalider",)),
    ({"liste.json": '{"jeu": "bataille-d6", "nom": "a\\u009bb\\u001b[2J", "format": 250, "entrees": []}'},
     ("valider", "{liste.json}", "--json")),
    ({"liste.json": '{"jeu": "bataille-d6", "nom": "a\\u009bb\\u001b[2J", "format": 250, "entrees": []}'},
     ("texte", "{liste.json}")),
])
def test_issue24_item15_control_characters_are_escaped_on_every_path(tmp_path, fichiers, args):
    for nom, contenu in fichiers.items():
        (tmp_path / nom).write_text(contenu, encoding="utf-8")
    args = tuple(str(tmp_path / a[1:-1]) if a[1:-1] in fichiers else a for a in args)
    result = run(*args)
    assert result.returncode in (0, 1, 2) and result.stdout + result.stderr
    assert _sans_controle(result.stdout) and _sans_controle(result.stderr), (result.stdout, result.stderr)


def test_issue24_item15_json_keeps_the_exact_value(tmp_path):
    liste = tmp_path / "liste.json"
    liste.write_text('{"jeu": "bataille-d6", "nom": "a\\u009bb\\u001b[2J\\u007f", "format": 250, "entrees": []}',
                     encoding="utf-8")
    result = run("valider", str(liste), "--json")
    assert result.returncode == 0 and _sans_controle(result.stdout)
    assert json.loads(result.stdout)["details"]["nom_liste"] == "a\x9bb\x1b[2J\x7f"


# --- issue 24, item 20: the CLI's odds read as the page reads them -------------------------------------

def _pourcentage(p: Fraction) -> str:
    """The page's writing of a probability (moteur.js `pourcentage`)."""
    if 0 < p < Fraction(5, 100000):
        return "< 0,01 %"
    if Fraction(99995, 100000) < p < 1:
        return "> 99,99 %"
    return f"{float(p) * 100:.2f}".replace(".", ",") + " %"


def _rangees(sortie: str, entete: str) -> list[list[str]]:
    """The rows of the distribution table: the lines after its header, up to the blank line."""
    lignes = sortie.splitlines()
    debut = next(i for i, ligne in enumerate(lignes) if ligne.lstrip().startswith(entete.strip())) + 1
    fin = next((i for i in range(debut, len(lignes)) if not lignes[i].strip()), len(lignes))
    bloc = lignes[debut:fin]
    return [[c.strip() for c in ligne.split("  ") if c.strip()] for ligne in bloc]


def test_issue24_item20_at_least_column(bundle_file):
    result = run("probas", "bataille-d6", "attaque", "--valeur", "3", "--armure", "2", "--malus-armure", "1",
                 "--couverts", "1", "--attaques", "5", "--donnees", str(bundle_file))
    assert result.returncode == 0, result.stderr
    p = Fraction(3, 6) * Fraction(1, 2) * Fraction(5, 6)  # hit on 1-3, save fails on 1-2 of 6 (Armure 2 - 1), cover 5/6
    loi = {k: comb(5, k) * p ** k * (1 - p) ** (5 - k) for k in range(6)}
    rangees = _rangees(result.stdout, "Figures éliminées")
    assert [r[0] for r in rangees] == ["0", "1", "2", "3", "4", "5"]
    for k, (_valeur, proba, au_moins, fraction) in enumerate(rangees):
        assert proba == _pourcentage(loi[k]) and Fraction(fraction) == loi[k]
        assert au_moins == _pourcentage(sum(loi[j] for j in range(k, 6)))


def _folded(distribution: list[dict]) -> tuple[int, int]:
    """How many values fold at each end: the runs under 0,01 % (two or more)."""
    p = [Fraction(d["fraction"]) for d in sorted(distribution, key=lambda d: d["valeur"])]
    bas = next(i for i, x in enumerate(p) if x >= Fraction(5, 100000))
    haut = next(i for i, x in enumerate(reversed(p)) if x >= Fraction(5, 100000))
    return (bas if bas >= 2 else 0), (haut if haut >= 2 else 0)


@pytest.mark.parametrize(("jeu", "args"), [
    ("bataille-d6", ("pillage_partie", "--armure-0-2", "20", "--armure-3-4", "10", "--armure-5", "5",
                     "--personnages", "5")),
    ("kharn-ages", ("seuil",)),
])
def test_issue24_item20_tails_are_folded(jeu, args):
    brut = run("probas", jeu, *args, "--json")
    assert brut.returncode == 0, brut.stderr
    distribution = json.loads(brut.stdout)["distribution"]
    assert sum(Fraction(d["fraction"]) for d in distribution) <= 1
    texte = run("probas", jeu, *args)
    assert texte.returncode == 0, texte.stderr
    entete = next(ligne for ligne in texte.stdout.splitlines() if "Probabilité" in ligne and "Au moins" in ligne)
    rangees = _rangees(texte.stdout, entete)
    assert all(r[1] != "0,00 %" for r in rangees)
    bas, haut = _folded(distribution)
    assert bas or haut
    valeurs = sorted(d["valeur"] for d in distribution)
    if bas:
        assert rangees[0][0] == f"≤ {valeurs[bas - 1]}"
    if haut:
        assert rangees[-1][0] == f"≥ {valeurs[-haut]}"
    assert len(rangees) == len(distribution) - max(bas - 1, 0) - max(haut - 1, 0)
    assert len(distribution) > 100  # --json keeps every value


def test_issue24_item20_sides_of_an_opposed_calculation_are_named():
    result = run("probas", "kharn-ages", "opposition", "--niveau-attaque", "3", "--niveau-defense", "1")
    assert result.returncode == 0, result.stderr
    lignes = result.stdout.splitlines()
    assert any(ligne.startswith("Attaquant : Niveau = 3 ; ") for ligne in lignes)
    assert any(ligne.startswith("Défenseur : Niveau = 1 ; ") for ligne in lignes)
    assert not any(ligne.count("Niveau = ") > 1 for ligne in lignes)
    aide = run("probas", "kharn-ages", "opposition", "--aide")
    assert "Attaquant — Niveau" in aide.stdout and "Défenseur — Niveau" in aide.stdout


def test_issue24_item20_impossible_outcomes_are_left_out():
    faces = ("--de-numero", "[numero, numero, numero, vide, vide, vide, vide, vide]",
             "--de-symbole", "[base, base, special, ignorer, vide, vide, vide, vide]", "--ennemis", "12",
             "--blessures", "3")
    brut = run("probas", "tamashii", "des_ennemis", *faces, "--json")
    assert brut.returncode == 0, brut.stderr
    issues = json.loads(brut.stdout)["issues"]
    impossibles = [i for i in issues if Fraction(i["fraction"]) == 0]
    assert len(impossibles) >= 8  # --json keeps them, exact
    texte = run("probas", "tamashii", "des_ennemis", *faces)
    assert texte.returncode == 0, texte.stderr
    for issue in issues:
        assert (issue["nom"] in texte.stdout) == (issue not in impossibles), issue["nom"]
    assert not re.search(r"(?<![0-9])0,00 %", texte.stdout)
    assert f"{len(impossibles)} issues impossibles avec ces paramètres (probabilité 0) non affichées" in texte.stdout
