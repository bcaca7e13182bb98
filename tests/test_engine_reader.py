"""Reading list documents: the YAML subset, JSON, and hostile input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from browser_engine import ErreurEntree, lire_liste
from browser_engine.reader import MAX_OCTETS, lire_document, normaliser
from browser_engine.yaml_lite import MAX_DEPTH, parse_yaml

LIST_YAML = """\
# Une liste d'exemple
jeu: bataille-d6
nom: "L'armée # du nord"   # commentaire après une valeur
format: 500
entrees:
  - nom: L'avant-garde
    nombre: 10
    mouvement: vol
    melee: 3
    tir: 0
    armure: 2
    puissante: true
  - {nom: Mage, role: sorcier, mouvement: 9, melee: 1, tir: 0, armure: 0, sorts: [2, 2]}
  -
    nom: 'Héros d''élite'
    role: heros
    objet: null
"""


def test_yaml_block_and_flow_styles():
    liste = lire_liste(LIST_YAML)
    assert liste["nom"] == "L'armée # du nord"
    assert liste["format"] == 500
    first, second, third = liste["entrees"]
    assert first == {"nom": "L'avant-garde", "nombre": 10, "mouvement": "vol", "melee": 3, "tir": 0,
                     "armure": 2, "puissante": True}
    assert second["sorts"] == [2, 2] and second["role"] == "sorcier"
    assert third == {"nom": "Héros d'élite", "role": "heros", "objet": None}


@pytest.mark.parametrize(("text", "expected"), [
    ("a: 12", {"a": 12}),
    ("a: -3", {"a": -3}),
    ("a: 2.5", {"a": 2.5}),
    ("a: true\nb: False\nc: ~\nd: null\ne:", {"a": True, "b": False, "c": None, "d": None, "e": None}),
    ("a: oui", {"a": "oui"}),  # YAML 1.2: only true/false are booleans
    ("a: '12'", {"a": "12"}),
    ('a: "tab\\there \\u00e9"', {"a": "tab\there é"}),
    ("a: [1, [2, 3], {b: c}]", {"a": [1, [2, 3], {"b": "c"}]}),
    ("a: [1,\n  2,  # commentaire\n  3]", {"a": [1, 2, 3]}),
    ("a:\n- 1\n- 2", {"a": [1, 2]}),
    ("a: |\n  ligne 1\n    ligne 2\nb: 1", {"a": "ligne 1\n  ligne 2\n", "b": 1}),
    ("a: >-\n  un\n  deux\n\n  trois", {"a": "un deux\ntrois"}),
    ("a: texte sur\n  deux lignes", {"a": "texte sur deux lignes"}),
    ("---\na: 1\n...\n", {"a": 1}),
    ("\ufeffa: 1", {"a": 1}),
    ("a: 1\r\nb: 2\r\n", {"a": 1, "b": 2}),
    ("url: http://exemple.fr/a", {"url": "http://exemple.fr/a"}),
])
def test_yaml_scalars_and_styles(text, expected):
    assert lire_document(text) == expected


@pytest.mark.parametrize(("text", "fragment"), [
    ("a: [1, 2", "« ] » manquant"),
    ('a: "abc', "guillemet fermant"),
    ("a: b: c", "entre guillemets"),
    ("a: 1\n  b: 2", "ligne 2"),
    ("a: 1\na: 2", "en double"),
    ("a:\n\tb: 1", "tabulation"),
    ("a: &ancre 1\nb: *ancre", "ancres"),
    ("a: *alias", "alias"),
    ("a: !!python/object 1", "étiquettes"),
    ("%YAML 1.2\n---\na: 1", "directives"),
    ("a: 1\n---\nb: 2", "un seul document"),
    ("? a\n: b", "clés complexes"),
    ("cle:valeur\nb: 2", "suivi d'une espace"),
    ('a: "\\q"', "échappement"),
    ("- a\nb: 1", "ligne 2"),
])
def test_malformed_yaml_gives_french_error_with_line(text, fragment):
    with pytest.raises(ErreurEntree) as caught:
        lire_document(text)
    assert fragment in str(caught.value)
    assert "ligne" in str(caught.value).lower()


def test_alias_bomb_is_refused_before_expansion():
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    bomb = "\n".join(lines)
    with pytest.raises(ErreurEntree) as caught:
        lire_liste(bomb)
    assert "ancres YAML" in str(caught.value)
    assert caught.value.ligne == 1


def test_json_is_read_exactly():
    document = {"jeu": "bataille-d6", "nom": "<b>gras</b>", "format": 250, "entrees": [{"nom": "a"}]}
    assert lire_liste(json.dumps(document)) == document
    assert lire_liste(json.dumps(document).encode("utf-8")) == document


def test_yaml_flow_document_starting_with_brace():
    assert lire_liste("{jeu: bataille-d6, format: 250}") == {"jeu": "bataille-d6", "format": 250}


@pytest.mark.parametrize(("text", "fragment"), [
    ('{"jeu": "x"', "JSON invalide, ligne 1"),
    ('{"jeu": "x",}', None),  # valid YAML flow style (trailing comma): read as YAML
    ('{"jeu": "x" "nom": 1}', "« , » attendue"),
    ('{"a": NaN}', "NaN"),
    ('{"a": 1e999}', "trop grand"),
    ('{"a": ' + "9" * 40 + "}", "trop grand"),
])
def test_malformed_json(text, fragment):
    if fragment is None:
        assert lire_liste(text) == {"jeu": "x"}
        return
    with pytest.raises(ErreurEntree) as caught:
        lire_liste(text)
    assert fragment in str(caught.value)


@pytest.mark.parametrize("text", ["[1, 2, 3]", "42", '"texte"', "- a\n- b", "simple texte", "null"])
def test_top_level_must_be_an_object(text):
    with pytest.raises(ErreurEntree) as caught:
        lire_liste(text)
    assert "doit être un objet" in str(caught.value)


def test_empty_document():
    with pytest.raises(ErreurEntree, match="vide"):
        lire_liste("  \n# rien\n")


def test_five_megabytes_are_refused_as_text_and_bytes():
    huge = "a: " + "x" * (5 * 1_048_576)
    for value in (huge, huge.encode("utf-8")):
        with pytest.raises(ErreurEntree) as caught:
            lire_liste(value)
        assert "volumineux" in str(caught.value)
        assert "Mo" in str(caught.value)


def test_size_limit_counts_bytes_not_characters():
    text = "a: " + "é" * (MAX_OCTETS // 2 + 10)  # fewer characters than the limit, more bytes
    assert len(text) < MAX_OCTETS
    with pytest.raises(ErreurEntree, match="volumineux"):
        lire_liste(text)


def test_non_utf8_bytes():
    with pytest.raises(ErreurEntree) as caught:
        lire_liste(b"jeu: bataille-d6\nnom: Les \xe9lus\n")
    message = str(caught.value)
    assert "UTF-8" in message and "ligne 2" in message
    assert caught.value.ligne == 2


def test_control_characters_are_refused():
    with pytest.raises(ErreurEntree, match="contrôle"):
        lire_liste("jeu: bataille-d6\nnom: a\x00b\n")


def test_lone_surrogates_are_refused():
    with pytest.raises(ErreurEntree, match="invalides"):
        lire_liste("nom: \ud800")


def test_deep_block_nesting():
    text = "a:\n" + "".join("  " * depth + f"k{depth}:\n" for depth in range(1, MAX_DEPTH + 5))
    with pytest.raises(ErreurEntree, match="imbriqué"):
        lire_liste(text)


def test_deep_flow_nesting():
    with pytest.raises(ErreurEntree, match="imbriqué"):
        lire_liste("a: " + "[" * 500 + "]" * 500)


def test_deep_json_nesting_does_not_recurse():
    with pytest.raises(ErreurEntree, match="imbriqué"):
        lire_liste('{"a": ' + "[" * 200_000 + "]" * 200_000 + "}")


def test_nesting_at_the_limit_is_accepted():
    depth = MAX_DEPTH - 1
    value = lire_liste("a: " + "[" * depth + "1" + "]" * depth)
    for _ in range(depth + 1):
        value = value["a"] if isinstance(value, dict) else value[0]
    assert value == 1


def test_too_many_values():
    row = "[" + ", ".join(["1"] * 900) + "]"
    text = "".join(f"k{i}: {row}\n" for i in range(120))
    with pytest.raises(ErreurEntree, match="Document trop volumineux : plus de 100\u202f000 valeurs"):
        lire_liste(text)


@pytest.mark.parametrize("text", ["a: [" + ", ".join(["1"] * 1001) + "]", "a:\n" + "  - 1\n" * 1001])
def test_too_long_lists(text):
    with pytest.raises(ErreurEntree, match="Liste trop longue"):
        lire_liste(text)


def test_too_long_json_list():
    with pytest.raises(ErreurEntree, match="Liste trop longue : 1\u202f001 éléments"):
        lire_liste(json.dumps({"a": [1] * 1001}))


def test_script_in_names_is_kept_as_plain_text():
    liste = lire_liste('nom: "<script>alert(1)</script>"\nautre: <img src=x onerror=alert(1)>\n')
    assert liste == {"nom": "<script>alert(1)</script>", "autre": "<img src=x onerror=alert(1)>"}


def test_parse_yaml_matches_expected_values_for_a_long_list():
    entries = "".join(f"  - {{nom: e{i}, melee: {i % 5 + 1}}}\n" for i in range(500))
    value = parse_yaml("entrees:\n" + entries)
    assert len(value["entrees"]) == 500
    assert value["entrees"][499] == {"nom": "e499", "melee": 5}


def _plain_json(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain_json(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


DATA_FILES = sorted((Path(__file__).resolve().parent.parent / "data").rglob("*.yaml"))


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_subset_reads_the_site_data_like_pyyaml(path):
    """The whole data folder is a real-world corpus: the subset must read it as PyYAML does."""
    text = path.read_text(encoding="utf-8")
    reference = yaml.safe_load(text)
    # Our data holds JSON values only (no YAML dates or timestamps), which is what the subset reads.
    assert _plain_json(reference)
    assert parse_yaml(text) == reference


# --- issue 10 §6: one verdict whatever the way in; surrogates, duplicate keys, merge keys, huge numbers ---

LIST_LINES = ["jeu: bataille-d6", "nom: Essai", "format: 250", "entrees:",
              "  - {nom: Lanciers, mouvement: 6, melee: 1, tir: 0, armure: 0}"]
JSON_LINES = ['{"jeu": "bataille-d6",', '"nom": "Essai",', '"format": 250,',
              '"entrees": [{"nom": "Lanciers", "mouvement": 6, "melee": 1, "tir": 0, "armure": 0}]}']
EXPECTED = {"jeu": "bataille-d6", "nom": "Essai", "format": 250,
            "entrees": [{"nom": "Lanciers", "mouvement": 6, "melee": 1, "tir": 0, "armure": 0}]}


def ways_in(text: str) -> dict[str, str | bytes]:
    """The same text as each way in hands it to the reader.

    CLI file and standard input give the file's bytes; the browser's file import gives
    the bytes of a Uint8Array; a paste in the text box gives text, whose line ends the
    browser has made LF (while a BOM, invisible, stays).
    """
    raw = text.encode("utf-8")
    return {"fichier": raw, "entree-standard": raw, "import-navigateur": bytearray(raw),
            "collage": text.replace("\r\n", "\n").replace("\r", "\n"), "texte-brut": text}


@pytest.mark.parametrize("lines", [LIST_LINES, JSON_LINES], ids=["yaml", "json"])
@pytest.mark.parametrize(("prefix", "end"), [
    ("", "\n"), ("\ufeff", "\n"), ("\ufeff\ufeff", "\n"), ("\ufeff\ufeff\ufeff", "\r\n"),
    ("", "\r"), ("\ufeff\ufeff", "\r"), ("", "\r\n"), ("\ufeff", "\r\n"),
], ids=["lf", "bom", "double-bom", "triple-bom-crlf", "cr", "double-bom-cr", "crlf", "bom-crlf"])
def test_bom_and_line_ends_give_one_verdict_whatever_the_way_in(lines, prefix, end):
    text = prefix + end.join(lines) + end
    for way, value in ways_in(text).items():
        assert lire_liste(value) == EXPECTED, way


def test_cr_only_line_ends_keep_error_lines():
    """A CR-only file is read line by line: an error is located on the same line as with LF."""
    for end in ("\n", "\r", "\r\n"):
        text = end.join(["jeu: bataille-d6", "nom: Essai", "format: [250"]) + end
        for way, value in ways_in(text).items():
            with pytest.raises(ErreurEntree) as caught:
                lire_liste(value)
            assert caught.value.ligne == 3, (end, way)


def test_cr_inside_a_block_scalar_is_a_line_end():
    assert lire_document("a: |\r  un\r  deux\rb: 1\r") == {"a": "un\ndeux\n", "b": 1}


def test_normaliser():
    assert normaliser("\ufeff\ufeffa\r\nb\rc\n") == "a\nb\nc\n"
    assert normaliser("a\ufeff") == "a\ufeff"  # only leading BOMs are dropped


@pytest.mark.parametrize(("text", "line", "column", "shown"), [
    ('{"jeu": "bataille-d6", "nom": "\\ud800"}', 1, 31, "\\ud800"),
    ('{"jeu": "bataille-d6",\n "entrees": [{"nom": "a\\udfffb"}]}', 2, 22, "\\udfff"),
    ('{"\\udc00": 1}', 1, 2, "\\udc00"),
    ('{"a": ["x", "\\uDBFF"]}', 1, 13, "\\udbff"),
])
def test_lone_surrogate_escapes_in_json_are_located(text, line, column, shown):
    for way, value in ways_in(text).items():
        with pytest.raises(ErreurEntree) as caught:
            lire_liste(value)
        message = caught.value.message
        assert f"ligne {line}, colonne {column}" in message and shown in message, way
        assert "moitié de paire UTF-16 isolée" in message
        assert (caught.value.ligne, caught.value.colonne) == (line, column)


def test_surrogate_pairs_in_json_are_characters():
    assert lire_liste('{"nom": "\\ud83d\\ude00"}') == {"nom": "\U0001f600"}


def test_lone_surrogates_in_yaml_and_in_pasted_text():
    with pytest.raises(ErreurEntree) as caught:
        lire_liste('nom: "\\ud800"')
    assert "moitié de paire UTF-16 isolée" in caught.value.message and caught.value.ligne == 1
    assert lire_liste('nom: "\\U0001F600"') == {"nom": "\U0001f600"}
    for text in ("nom: a\ud800", '{"nom": "\udc00"}'):  # a raw lone surrogate can only come from a paste
        with pytest.raises(ErreurEntree, match="moitiés de paires UTF-16"):
            lire_liste(text)
    with pytest.raises(ErreurEntree, match="UTF-8"):  # the same character in a file is not UTF-8
        lire_liste("nom: a\ud800".encode("utf-8", "surrogatepass"))


def test_surrogates_in_values_given_directly_are_refused():
    from browser_engine.reader import verifier_structure

    for value in ({"nom": "\ud800"}, {"\udfff": 1}, {"a": [{"b": "x\udbffy"}]}):
        with pytest.raises(ErreurEntree, match="moitié de paire UTF-16 isolée"):
            verifier_structure(value)


@pytest.mark.parametrize(("text", "line", "column", "key"), [
    ('{"jeu": "a", "nom": "x", "nom": "y"}', 1, 26, "nom"),
    ('{"jeu": "a",\n "entrees": [{"nom": "x"}, {"nom": "y",\n   "nom": "z"}]}', 3, 4, "nom"),
    ('{"a": {"b": 1}, "c": {"b": 2, "b": 3}}', 1, 31, "b"),
    ('{"a": 1, "a" : 2}', 1, 10, "a"),
])
def test_duplicate_keys_in_json_are_refused_and_located(text, line, column, key):
    for way, value in ways_in(text).items():
        with pytest.raises(ErreurEntree) as caught:
            lire_document(value)
        assert f"clé « {key} » en double" in caught.value.message, way
        assert (caught.value.ligne, caught.value.colonne) == (line, column)


def test_same_key_in_different_objects_or_as_a_value_is_fine():
    assert lire_document('{"a": {"b": 1}, "c": {"b": 2}, "d": "a"}') == {"a": {"b": 1}, "c": {"b": 2}, "d": "a"}
    assert lire_document('[{"a": 1}, {"a": 2}]') == [{"a": 1}, {"a": 2}]
    assert lire_document('{"a": "x\\"", "b": "a", "a\\"": 1}') == {"a": 'x"', "b": "a", 'a"': 1}


def test_duplicate_keys_are_refused_in_json_as_in_yaml():
    for text in ('{"nom": 1, "nom": 2}', "nom: 1\nnom: 2", "{nom: 1, nom: 2}"):
        with pytest.raises(ErreurEntree, match="en double"):
            lire_document(text)


@pytest.mark.parametrize("text", ["<<: {a: 1}", "a:\n  <<: {b: 1}\n  c: 2", "a: {<<: {b: 1}}",
                                  "- <<: {b: 1}"])
def test_merge_keys_are_refused_in_french(text):
    with pytest.raises(ErreurEntree) as caught:
        lire_document(text)
    assert "clés de fusion YAML (« << »)" in caught.value.message
    assert caught.value.ligne is not None


def test_quoted_merge_key_is_an_ordinary_key():
    assert lire_document('"<<": 1') == {"<<": 1}


@pytest.mark.parametrize("text", ["a: " + "9" * 31, "a: -" + "9" * 31, "a: [1, " + "9" * 5000 + "]",
                                  "a: 1e999", "a: -1e400", "{a: " + "9" * 40 + "}"])
def test_huge_numbers_in_yaml_are_refused_like_json(text):
    with pytest.raises(ErreurEntree) as caught:
        lire_document(text)
    assert "nombre trop grand" in caught.value.message and caught.value.ligne == 1
    json_text = '{"a": ' + text.split(": ", 1)[1].replace("{a: ", "") + "}"
    if "[" not in json_text and not json_text.endswith("}}"):
        with pytest.raises(ErreurEntree, match="nombre trop grand"):
            lire_document(json_text)


def test_thirty_digits_are_still_a_number():
    assert lire_document("a: " + "9" * 30) == {"a": int("9" * 30)}
    assert lire_document('a: "' + "9" * 40 + '"') == {"a": "9" * 40}
    assert lire_document("a: 1.5e10") == {"a": 1.5e10}


class _JsBytes:
    """What Pyodide hands to the worker's glue for an imported file: a proxy with `to_bytes()`."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


def _glue() -> dict:
    """The worker's Python glue (moteur-python.js), run under CPython with the bataille-d6 bundle."""
    import re

    from tests.engine_support import ROOT, load_bundle

    source = (ROOT / "site_overrides/assets/javascripts/compendium/moteur-python.js").read_text("utf-8")
    found = re.search(r"String\.raw`(.*?)`;", source, re.S)
    assert found
    ns: dict = {}
    exec(compile(found.group(1), "moteur-python.js", "exec"), ns)  # noqa: S102 - the project's own glue
    ns["charger_jeu"]("bataille-d6", json.dumps(load_bundle("bataille-d6")))
    return ns


@pytest.mark.parametrize("text", [
    "\ufeff\ufeff" + "\n".join(LIST_LINES) + "\n",
    "\r".join(LIST_LINES) + "\r",
    "\ufeff" + "\r\n".join(JSON_LINES),
    '{"jeu": "bataille-d6", "nom": "\\ud800", "format": 250, "entrees": []}',
    '{"jeu": "bataille-d6", "nom": "a", "nom": "b", "format": 250, "entrees": []}',
    "jeu: bataille-d6\n<<: {nom: a}\n",
], ids=["double-bom", "cr", "bom-crlf-json", "substitut", "cles-en-double", "cle-de-fusion"])
def test_browser_paste_and_file_give_the_cli_verdict(text):
    """The worker's glue (paste: text; file: bytes) answers what the CLI's reader answers for the same file."""
    from browser_engine import valider
    from tests.engine_support import load_bundle

    try:
        expected = {"resultat": valider(load_bundle(), lire_liste(text.encode("utf-8")))}
    except ErreurEntree as exc:
        expected = {"erreur": exc.message}
    glue = _glue()
    paste = text.replace("\r\n", "\n").replace("\r", "\n")  # a text box's value has LF line ends
    for way in (paste, text, _JsBytes(text.encode("utf-8"))):
        answer = json.loads(glue["valider_texte"]("bataille-d6", way))
        if "resultat" in answer:
            answer["resultat"] = {k: v for k, v in answer["resultat"].items() if k not in ("liste", "catalogue")}
        assert answer == expected
