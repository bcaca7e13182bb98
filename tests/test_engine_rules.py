"""Generic engine parts: the JSON Schema subset, bound expressions and data rules.

The game « jeu-invente » below is INVENTED test data: it exists only in this file.
"""
from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from browser_engine import ErreurDonnees, valider
from browser_engine.expressions import ErreurExpression, ValeurIndisponible, evaluer, noms_utilises
from browser_engine.schema_lite import SchemaLite, SchemaNonPrisEnCharge, json_equal, pointeur

ROOT = Path(__file__).resolve().parent.parent

# --- schema subset -----------------------------------------------------------------------------

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["a", "b"],
    "properties": {
        "a": {"type": "integer", "minimum": 1, "maximum": 5, "title": "Valeur A"},
        "b": {"enum": [6, "vol"], "x-code": "CODE_B", "x-regle": "regle-b"},
        "c": {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]+$"},
        "d": {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True,
              "items": {"$ref": "#/$defs/petit"}, "x-code": {"maxItems": "CODE_D"}},
        "e": {"const": True},
        "f": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "g": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "h": {"type": ["integer", "null"]},
    },
    "$defs": {"petit": {"type": "integer", "maximum": 3}},
}


@pytest.mark.parametrize(("document", "expected"), [
    ({"a": 1, "b": 6}, []),
    ({"a": 1, "b": "vol", "c": "abc", "d": [1, 2], "e": True, "f": 0.5, "g": {"x": True}, "h": None}, []),
    ({"b": 6}, [("", "required", "LISTE_CHAMP_MANQUANT")]),
    ({"a": 0, "b": 6}, [("/a", "minimum", "LISTE_HORS_BORNES")]),
    ({"a": 6, "b": 6}, [("/a", "maximum", "LISTE_HORS_BORNES")]),
    ({"a": True, "b": 6}, [("/a", "type", "LISTE_TYPE")]),
    ({"a": 1.0, "b": 6}, []),  # 1.0 is an integer for JSON Schema
    ({"a": 1.5, "b": 6}, [("/a", "type", "LISTE_TYPE")]),
    ({"a": 1, "b": 7}, [("/b", "enum", "CODE_B")]),
    ({"a": 1, "b": 6.0}, []),  # 6.0 equals 6 in JSON Schema
    ({"a": 1, "b": True}, [("/b", "enum", "CODE_B")]),  # true is not 1
    ({"a": 1, "b": 6, "z": 1}, [("/z", "additionalProperties", "LISTE_CHAMP_INCONNU")]),
    ({"a": 1, "b": 6, "c": "a"}, [("/c", "minLength", "LISTE_LONGUEUR_TEXTE")]),
    ({"a": 1, "b": 6, "c": "abcde"}, [("/c", "maxLength", "LISTE_LONGUEUR_TEXTE")]),
    ({"a": 1, "b": 6, "c": "AB"}, [("/c", "pattern", "LISTE_FORMAT_TEXTE")]),
    ({"a": 1, "b": 6, "d": []}, [("/d", "minItems", "LISTE_NOMBRE_ELEMENTS")]),
    ({"a": 1, "b": 6, "d": [1, 2, 3]}, [("/d", "maxItems", "CODE_D")]),
    ({"a": 1, "b": 6, "d": [1, 1]}, [("/d/1", "uniqueItems", "LISTE_DOUBLON")]),
    ({"a": 1, "b": 6, "d": [4]}, [("/d/0", "maximum", "LISTE_HORS_BORNES")]),
    ({"a": 1, "b": 6, "e": 1}, [("/e", "const", "LISTE_VALEUR_INCONNUE")]),
    ({"a": 1, "b": 6, "f": 1}, [("/f", "exclusiveMaximum", "LISTE_HORS_BORNES")]),
    ({"a": 1, "b": 6, "f": 0}, [("/f", "exclusiveMinimum", "LISTE_HORS_BORNES")]),
    ({"a": 1, "b": 6, "g": {"x": "oui"}}, [("/g/x", "type", "LISTE_TYPE")]),
    ({"a": 1, "b": 6, "h": "x"}, [("/h", "type", "LISTE_TYPE")]),
    ([], [("", "type", "LISTE_TYPE")]),
])
def test_schema_subset_agrees_with_jsonschema(document, expected):
    found = SchemaLite(SCHEMA).valider(document)
    assert [(e.chemin, e.mot_cle, e.code) for e in found] == expected
    reference = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(document))
    assert bool(reference) == bool(expected)
    assert all(e.message.endswith(".") and (e.message[0].isupper() or e.message[0] == "«") for e in found)


def test_schema_messages_are_french_and_name_the_field():
    found = SchemaLite(SCHEMA).valider({"a": 9, "b": "x", "zz": 1})
    messages = [e.message for e in found]
    assert messages[0] == "Valeur A : 9 dépasse le maximum autorisé (5)."
    assert "n'est pas une valeur permise ; valeurs possibles : 6 ou vol" in messages[1]
    assert messages[2].startswith("Champ inconnu « zz » ; champs possibles : « a », « b », « c »")
    assert found[1].regle == "regle-b"


def test_unsupported_keywords_are_refused():
    with pytest.raises(SchemaNonPrisEnCharge, match="oneOf"):
        SchemaLite({"properties": {"a": {"oneOf": [{"type": "string"}]}}})
    with pytest.raises(SchemaNonPrisEnCharge, match="non local"):
        SchemaLite({"$ref": "commun.schema.json#/$defs/id"})


def test_pointer_escaping():
    assert pointeur(["entrees", 2, "a/b~c"]) == "/entrees/2/a~1b~0c"


def test_json_equality():
    assert json_equal(1, 1.0) and not json_equal(True, 1) and not json_equal([1], [True])
    assert json_equal({"a": [1, "x"]}, {"a": [1.0, "x"]})


def test_list_schemas_are_supported_and_valid():
    for path in (ROOT / "schemas").glob("liste*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        SchemaLite(schema)


def test_game_list_schema_keeps_the_common_envelope():
    envelope = json.loads((ROOT / "schemas" / "liste.schema.json").read_text(encoding="utf-8"))
    for path in (ROOT / "schemas").glob("liste-*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert set(schema["required"]) >= set(envelope["required"]), path.name
        assert set(schema["properties"]) <= set(envelope["properties"]), path.name


# --- expressions -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "names", "expected"), [
    ("floor(format / 250)", {"format": 749}, 2),
    ("floor(format / 250)", {"format": 250}, 1),
    ("floor(format / 250)", {"format": 249}, 0),
    ("format / 250", {"format": 300}, Fraction(6, 5)),
    ("1 + 2 * 3", {}, 7),
    ("(1 + 2) * 3", {}, 9),
    ("-2 + 5 - 1", {}, 2),
    ("ceil(7 / 2)", {}, 4),
    ("min(3, cout, 10)", {"cout": 5}, 3),
    ("max(1, 2.5)", {}, Fraction(5, 2)),
    (12, {}, 12),
])
def test_expressions(text, names, expected):
    assert evaluer(text, names) == expected


@pytest.mark.parametrize("text", ["__import__('os')", "format.__class__", "inconnu + 1", "floor(1, 2)",
                                  "1 +", "(1", "2 ** 3", "open(1)", "x" * 300])
def test_bad_expressions(text):
    with pytest.raises(ErreurExpression):
        evaluer(text, {"format": 1})


@pytest.mark.parametrize(("text", "names"), [("format / 250", {"format": None}),
                                              ("format / 250", {"format": "500"}),
                                              ("1 / format", {"format": 0})])
def test_unavailable_values(text, names):
    with pytest.raises(ValeurIndisponible):
        evaluer(text, names)


def test_names_used():
    assert noms_utilises("floor(format / 250) + min(cout, 3)") == {"format", "cout"}


# --- data rules on an INVENTED game ----------------------------------------------------------

INVENTED_SCHEMA = {
    "type": "object",
    "required": ["jeu", "format", "entrees"],
    "properties": {
        "jeu": {"const": "jeu-invente"},
        "format": {"type": "integer"},
        "entrees": {"type": "array", "items": {"$ref": "#/$defs/entree"}},
    },
    "$defs": {"entree": {"type": "object", "properties": {
        "nom": {"type": "string"}, "classe": {"enum": ["a", "b", "c"], "default": "a"},
        "rang": {"type": "integer", "default": 1}, "tags": {"type": "array"}, "chef": {"type": "boolean"}}}},
}
INVENTED_RULES = [
    {"id": "r-b-max", "code": "TEST_B_MAX", "severite": "erreur", "portee": "liste", "selecteur": {"classe": "b"},
     "somme": "rang", "borne": {"max": "floor(format / 100)"}, "chemin": "/entrees",
     "message": "{valeur} rangs de b pour {max} permis ({format}).", "regle": "page-test"},
    {"id": "r-un-chef", "code": "TEST_UN_CHEF", "severite": "erreur", "portee": "liste",
     "selecteur": {"chef": {"egal": True}}, "compte": "entrees", "borne": {"exact": 1},
     "message": "{valeur} chef(s), il en faut exactement {exact}.", "regle": "page-test"},
    {"id": "r-tags", "code": "TEST_TAGS", "severite": "avertissement", "portee": "entree",
     "selecteur": {"tags": {"present": True}, "classe": {"parmi": ["a", "b"]}}, "longueur": "tags",
     "borne": {"min": 2}, "chemin": "tags", "message": "{nom} (n°{numero}) : {valeur} tag(s), {ecart} de moins que {min}.",
     "regle": "inconnue"},
    {"id": "r-pas-c", "code": "TEST_PAS_C", "severite": "erreur", "portee": "entree",
     "selecteur": {"classe": {"sauf": ["a", "b"]}}, "compte": "entrees", "borne": {"max": 0},
     "message": "{nom} : classe c interdite.", "regle": "page-test"},
]


def invented_bundle() -> dict[str, Any]:
    """INVENTED game data for tests only."""
    return {"jeu": {"id": "jeu-invente", "nom": "Jeu inventé", "pages": [{"id": "page-test", "titre": "T"}]},
            "regles_liste": copy.deepcopy(INVENTED_RULES), "ancres": {}, "schemas": {"liste": INVENTED_SCHEMA}}


def invented_list(*entrees: dict[str, Any], format: int = 300) -> dict[str, Any]:
    return {"jeu": "jeu-invente", "format": format, "entrees": list(entrees)}


def test_invented_game_valid_list():
    report = valider(invented_bundle(), invented_list({"nom": "x", "chef": True}, {"classe": "b", "rang": 3}))
    assert report["valide"] is True and report["cout"] is None
    assert report["details"]["mesures"]["r-b-max"] == {"code": "TEST_B_MAX", "valeur": 3, "max": 3}


def test_invented_game_every_rule_kind():
    report = valider(invented_bundle(), invented_list(
        {"nom": "x", "classe": "b", "rang": 2, "tags": ["t"]},
        {"nom": "y", "classe": "b", "rang": 2},
        {"nom": "z", "classe": "c", "tags": []},
    ))
    by_code = {v["code"]: v for v in report["erreurs"] + report["avertissements"]}
    assert set(by_code) == {"TEST_B_MAX", "TEST_UN_CHEF", "TEST_TAGS", "TEST_PAS_C"}
    assert by_code["TEST_B_MAX"]["message"] == "4 rangs de b pour 3 permis (300)."
    assert by_code["TEST_B_MAX"]["regle"] == "jeu-invente/page-test/"
    assert by_code["TEST_UN_CHEF"]["message"] == "0 chef(s), il en faut exactement 1."
    assert by_code["TEST_UN_CHEF"]["chemin"] == ""
    assert by_code["TEST_TAGS"]["message"] == "x (n°1) : 1 tag(s), 1 de moins que 2."
    assert by_code["TEST_TAGS"]["chemin"] == "/entrees/0/tags"
    assert by_code["TEST_TAGS"]["regle"] is None  # unknown rule id: no link rather than a broken one
    assert by_code["TEST_PAS_C"]["chemin"] == "/entrees/2"
    assert [v["code"] for v in report["avertissements"]] == ["TEST_TAGS"]


def test_invented_rule_with_unknown_operator():
    bundle = invented_bundle()
    bundle["regles_liste"][0]["selecteur"] = {"classe": {"ressemble": "b"}}
    with pytest.raises(ErreurDonnees, match="opérateur de sélection inconnu"):
        valider(bundle, invented_list({"nom": "x"}))


def test_invented_rule_with_unknown_placeholder():
    bundle = invented_bundle()
    bundle["regles_liste"][1]["message"] = "{inexistant}"
    with pytest.raises(ErreurDonnees, match="inexistant"):
        valider(bundle, invented_list())


def test_message_placeholders_do_not_use_str_format():
    bundle = invented_bundle()
    bundle["regles_liste"][3]["message"] = "{nom} {0.__class__} {nom!r}"
    report = valider(bundle, invented_list({"nom": "{format}", "classe": "c"}, {"chef": True}))
    assert report["erreurs"][0]["message"] == "{format} {0.__class__} {nom!r}"


# --- a maximum exceeded points at the entries in excess (issue 10 §2) ------------------------------

def _rule(**fields: Any) -> dict[str, Any]:
    base = {"id": "r", "code": "TEST_R", "severite": "erreur", "portee": "liste", "regle": "page-test",
            "message": "{valeur} pour {max}."}
    return {**base, **fields}


def _violations(rule: dict[str, Any], *entrees: dict[str, Any]) -> list[tuple[str, str]]:
    bundle = invented_bundle()
    bundle["regles_liste"] = [rule]
    report = valider(bundle, invented_list(*entrees))
    return [(v["chemin"], v["message"]) for v in report["erreurs"]]


def test_count_over_its_maximum_points_at_each_entry_beyond_it():
    rule = _rule(selecteur={"classe": "b"}, compte="entrees", borne={"max": 1}, chemin="/entrees")
    found = _violations(rule, {"nom": "x", "classe": "b"}, {"nom": "y", "classe": "a"},
                        {"nom": "z", "classe": "b"}, {"classe": "b"})
    # Three b for one allowed: the second and third b (entries 3 and 4) are in excess, not the first.
    assert found == [("/entrees/2", "Entrée 3 « z » — 3 pour 1."), ("/entrees/3", "Entrée 4 — 3 pour 1.")]


def test_count_without_a_pointer_also_points_at_the_entries():
    rule = _rule(selecteur={"chef": True}, compte="entrees", borne={"exact": 1}, message="{valeur} chefs.")
    assert _violations(rule, {"chef": True}, {"chef": True}) == [("/entrees/1", "Entrée 2 — 2 chefs.")]
    # Below an exact value there is no entry in excess: the list as a whole is pointed at.
    assert _violations(rule, {"chef": False}) == [("", "0 chefs.")]


def test_sum_points_at_the_entries_only_when_the_rule_says_so():
    entries = ({"classe": "b", "rang": 2}, {"classe": "b", "rang": 0}, {"classe": "b", "rang": 2},
               {"classe": "b", "rang": 1})
    rule = _rule(selecteur={"classe": "b"}, somme="rang", borne={"max": 3}, chemin="/entrees")
    assert [c for c, _ in _violations(rule, *entries)] == ["/entrees"]
    # Running total 2, 2, 4, 5: the third entry takes it past 3, the fourth too; the empty second does not count.
    rule["excedent"] = "entrees"
    assert [c for c, _ in _violations(rule, *entries)] == ["/entrees/2", "/entrees/3"]


def test_count_with_another_pointer_keeps_it():
    rule = _rule(selecteur={"classe": "c"}, compte="entrees", borne={"max": 0}, chemin="/options")
    assert _violations(rule, {"classe": "c"}, {"classe": "c"}) == [("/options", "2 pour 0.")]
    rule["excedent"] = "entrees"
    assert [c for c, _ in _violations(rule, {"classe": "c"}, {"classe": "c"})] == ["/entrees/0", "/entrees/1"]


@pytest.mark.parametrize(("valeur", "expected"), [(0, "0 sorcier"), (1, "1 sorcier"), (2, "2 sorciers"),
                                                  (Fraction(3, 2), "1,5 sorcier"), (11, "11 sorciers")])
def test_plural_placeholder(valeur, expected):
    from browser_engine.regles import remplir

    assert remplir("{valeur} sorcier{s:valeur}", {"valeur": valeur}) == expected


def test_plural_placeholder_needs_a_value():
    from browser_engine.regles import remplir

    with pytest.raises(ErreurDonnees, match="inconnu"):
        remplir("{s:inconnu}", {"valeur": 1})


def test_d6_one_sorcerer_is_singular_and_points_at_him():
    from generator.plugin import game_bundle

    bundle = game_bundle(ROOT / "data", "bataille-d6")
    liste = {"jeu": "bataille-d6", "nom": "Petite", "format": 249, "entrees": [
        {"nom": "Lanciers", "role": "troupe", "nombre": 5, "mouvement": 4, "melee": 3, "tir": 0, "armure": 4},
        {"nom": "Mage", "role": "sorcier", "nombre": 1, "mouvement": 4, "melee": 2, "tir": 0, "armure": 3,
         "sorts": [1, 2]}]}
    report = valider(bundle, liste)
    (sorciers,) = [v for v in report["erreurs"] if v["code"] == "D6_SORCIERS_MAX"]
    assert sorciers["chemin"] == "/entrees/1"
    assert sorciers["message"].startswith("Entrée 2 « Mage » — 1 Sorcier dans la liste ; Sorciers autorisés pour un "
                                          "format de 249 points : 0")


def test_list_wide_names_checked_at_build_are_the_names_given_to_rules():
    # The build refuses a bound or a message naming anything else (generator/engine_checks.py).
    from browser_engine.analyse import AnalyseJeu
    from browser_engine.regles import NOMS_LISTE
    from browser_engine.validation import _list_names as _noms

    assert set(_noms({"format": 300, "entrees": []}, AnalyseJeu(cout=12))) == set(NOMS_LISTE)
