"""Issue 10 §6: no English message reaches the user (data build, schema keywords, command line)."""
from __future__ import annotations

import json
import re

import jsonschema
import pytest

from browser_engine.cli import main
from generator.validate import _message
from tests.engine_support import ROOT

ENGLISH = re.compile(r"\b(is not|valid under|any of|should|does not|expected|invalid|required|unrecognized|"
                     r"ambiguous|could match|choose from)\b")


def messages(schema: dict, instance: object) -> list[str]:
    return [_message(e.validator, e.validator_value, e.instance, e)
            for e in jsonschema.Draft202012Validator(schema).iter_errors(instance)]


def _condition_schema() -> dict:
    """The `anyOf` of list-rule conditions, as the data schema writes it."""
    found: list[dict] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "anyOf" in node:
                found.append(node)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(json.loads((ROOT / "schemas" / "regles_liste.schema.json").read_text("utf-8")))
    assert found
    return found[0]


@pytest.mark.parametrize(("schema", "instance", "expected"), [
    (_condition_schema(), [1, 2], "[1, 2] ne correspond à aucune des formes permises (Valeur ; Opérateur)"),
    ({"oneOf": [{"type": "string", "title": "Texte"}, {"type": "integer"}]}, 1.5,
     "1.5 ne correspond à aucune des formes permises (Texte ; integer)"),
    ({"type": "object", "minProperties": 1}, {}, "objet trop petit : au moins 1 champ"),
    ({"type": "object", "maxProperties": 1}, {"a": 1, "b": 2}, "objet trop grand : au plus 1 champ"),
    ({"type": "object", "minProperties": 2}, {}, "objet trop petit : au moins 2 champs"),
    ({"type": "array", "minItems": 2}, [1], "liste trop courte : au moins 2 éléments attendus"),
    ({"type": "array", "minItems": 1}, [], "liste trop courte : au moins 1 élément attendu"),
    ({"type": "array", "maxItems": 1}, [1, 2], "liste trop longue : au plus 1 élément"),
    ({"not": {"type": "string"}}, "x", "valeur invalide (contrainte de schéma « not » non respectée)"),
])
def test_data_schema_messages_are_french(schema, instance, expected):
    found = messages(schema, instance)
    assert found == [expected]
    assert not ENGLISH.search(found[0])


@pytest.mark.parametrize(("argv", "expected"), [
    (["probas", "bataille-d6", "attaque", "--a", "3"], "arguments non reconnus : --a 3"),  # no prefix matching
    (["commande-inconnue"], "COMMANDE : choix « commande-inconnue » invalide"),
    (["valider"], "arguments obligatoires manquants : LISTE"),
    (["tables", "bataille-d6", "--donnees"], "l'option --donnees attend une valeur"),
])
def test_command_line_usage_errors_are_french(capsys, argv, expected):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("Erreur : ") and expected in err
    assert not ENGLISH.search(err)
