"""Validate stage: JSON Schema checks, then duplicate ids, unknown pages and clashing link forms, one line per problem."""
from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

import jsonschema
from referencing import Registry, Resource

from .load import DataFile
from .problems import DataError, Problem, json_path

NOT_DATA_SCHEMAS = ("commun.", "liste", "catalogue")
TYPE_NAMES = {"string": "texte", "integer": "entier", "number": "nombre", "boolean": "booléen",
              "array": "liste", "object": "objet", "null": "nul"}


@dataclass(frozen=True)
class Schemas:
    """The project's schemas: data-file kinds and the validator of each."""

    by_kind: dict[str, dict[str, Any]]
    registry: Registry
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict)

    validators: dict[str, jsonschema.Draft202012Validator] = field(default_factory=dict)

    def validator(self, kind: str) -> jsonschema.Draft202012Validator:
        """Validator for the data files whose top-level key is `kind` (made once per build).

        It checks against the schema with its references inlined: the same constraints,
        but without a registry lookup for every `$ref` of every entry (half the time).
        """
        if kind not in self.validators:
            schema = self.by_kind[kind]
            inlined = inline_refs(schema, schema.get("$id", ""), self.by_id) if self.by_id else schema
            self.validators[kind] = jsonschema.Draft202012Validator(inlined, registry=self.registry)
        return self.validators[kind]


def _resolve_pointer(document: Any, fragment: str) -> Any:
    """The node at a JSON pointer fragment (`/$defs/id`) of a document."""
    node = document
    for part in (p for p in fragment.split("/") if p):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def inline_refs(node: Any, base: str, by_id: dict[str, dict[str, Any]], seen: tuple[str, ...] = ()) -> Any:
    """A copy of a schema where each plain `$ref` is replaced by the schema it points to.

    Args:
        node: a schema or part of one.
        base: the `$id` of the document `node` comes from (relative references resolve against it).
        by_id: every schema document by its `$id`.
        seen: references being inlined above this node; a reference back to one of them
            (recursion) is kept, made absolute so that the registry still resolves it.

    Returns:
        An equivalent schema with fewer references.

    """
    if isinstance(node, list):
        return [inline_refs(item, base, by_id, seen) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = urljoin(base, node["$ref"])
        uri, fragment = urldefrag(target)
        if len(node) == 1 and target not in seen and uri in by_id:
            return inline_refs(_resolve_pointer(by_id[uri], fragment), uri, by_id, seen + (target,))
        node = {**node, "$ref": target}
    return {key: value if key in ("enum", "const", "examples", "default") else inline_refs(value, base, by_id, seen)
            for key, value in node.items()}


JSON_MESSAGES = {
    "Expecting value": "valeur attendue",
    "Expecting ',' delimiter": "virgule attendue",
    "Expecting ':' delimiter": "« : » attendu",
    "Expecting property name enclosed in double quotes": "nom de propriété entre guillemets attendu",
    "Unterminated string starting at": "texte entre guillemets non fermé",
    "Extra data": "texte en trop après la fin du document",
    "Invalid control character at": "caractère de contrôle dans un texte",
}


def _schema_document(path: Path, shown: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """One schema file, parsed and checked against the JSON Schema meta-schema."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        return None, [Problem(shown, 1, 1, "$", "texte non UTF-8 : enregistrez le fichier en UTF-8")]
    except json.JSONDecodeError as exc:
        reason = JSON_MESSAGES.get(exc.msg, "syntaxe invalide")
        return None, [Problem(shown, exc.lineno, exc.colno, "$", f"JSON invalide (fichier tronqué ?) : {reason}")]
    except RecursionError:
        return None, [Problem(shown, 1, 1, "$", "JSON imbriqué trop profondément")]
    if not isinstance(document, dict) or not isinstance(document.get("$id"), str):
        return None, [Problem(shown, 1, 1, "$", "un schéma est un objet JSON avec un « $id » (texte)")]
    try:
        jsonschema.Draft202012Validator.check_schema(document)
    except jsonschema.SchemaError as exc:
        parts = tuple(exc.absolute_path)
        named = f"pour « {parts[-1]} »" if parts and isinstance(parts[-1], str) else "à cet endroit"
        return None, [Problem(shown, 1, 1, json_path(parts), f"schéma JSON invalide : valeur non permise {named}")]
    except RecursionError:
        return None, [Problem(shown, 1, 1, "$", "schéma imbriqué trop profondément")]
    return document, []


def load_schemas(schema_dir: Path) -> Schemas:
    """Read every schema of the folder; data-file kinds are the schemas with one required key.

    Raises:
        DataError: a schema file is not JSON, or not a valid JSON Schema.

    """
    documents: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    if not any(schema_dir.glob("*.schema.json")):
        raise DataError([Problem(f"{schema_dir.name}/", 1, 1, "$", f"aucun schéma (*.schema.json) dans {schema_dir}")])
    for path in sorted(schema_dir.glob("*.schema.json")):
        document, found = _schema_document(path, f"{schema_dir.name}/{path.name}")
        problems.extend(found)
        if document is not None:
            documents[path.name] = document
    if problems:
        raise DataError(problems)
    registry = Registry().with_resources((doc["$id"], Resource.from_contents(doc)) for doc in documents.values())
    by_kind = {}
    for name, doc in documents.items():
        if name.startswith(NOT_DATA_SCHEMAS) or len(doc.get("required", [])) != 1:
            continue
        by_kind[doc["required"][0]] = doc
    return Schemas(by_kind, registry, {doc["$id"]: doc for doc in documents.values()})


def file_kind(data_file: DataFile, schemas: Schemas) -> tuple[str | None, list[Problem]]:
    """The kind of a data file, given by its only top-level key."""
    value = data_file.value
    if not isinstance(value, dict):
        return None, [data_file.problem((), "le fichier doit être un objet dont l'unique clé de premier niveau nomme le type de données (ex. sorts, tables)")]
    kinds = [k for k in value if k in schemas.by_kind]
    unknown = [k for k in value if k not in schemas.by_kind]
    if unknown:
        return None, [data_file.problem((k,), _unknown_kind(k, schemas), key=True) for k in unknown]
    if len(kinds) != 1:
        return None, [data_file.problem((), "un fichier de données contient exactement une clé de premier niveau")]
    return kinds[0], []


def _unknown_kind(key: str, schemas: Schemas) -> str:
    close = difflib.get_close_matches(key, schemas.by_kind, n=1, cutoff=0.5)
    if close:
        return f"clé de premier niveau inconnue « {key} » : vouliez-vous dire « {close[0]} » ?"
    return f"clé de premier niveau inconnue « {key} » (attendu : {', '.join(sorted(schemas.by_kind))})"


def schema_problems(data_file: DataFile, schemas: Schemas) -> list[Problem]:
    """Check one file against the schema of its kind."""
    kind, problems = file_kind(data_file, schemas)
    if kind is None:
        return problems
    for error in schemas.validator(kind).iter_errors(data_file.value):
        problems.extend(_translate(error, data_file))
    return problems


def _translate(error: jsonschema.ValidationError, data_file: DataFile) -> list[Problem]:
    """One French problem per schema error, located on the offending node."""
    parts = tuple(error.absolute_path)
    keyword = error.validator
    value = error.validator_value
    instance = error.instance
    if keyword == "additionalProperties" and isinstance(instance, dict):
        allowed = set(error.schema.get("properties", {}))
        return [data_file.problem(parts + (k,), f"champ inconnu « {k} »", key=True)
                for k in instance if k not in allowed]
    if keyword == "required":
        missing = [k for k in value if isinstance(instance, dict) and k not in instance]
        return [data_file.problem(parts, f"champ obligatoire manquant : « {k} »") for k in missing]
    return [data_file.problem(parts, _message(keyword, value, instance, error))]


def _plural(count: Any) -> str:
    """French plural mark: « s » from 2 on."""
    return "s" if isinstance(count, (int, float)) and count > 1 else ""


def _count(count: Any, noun: str) -> str:
    """A count with its noun in agreement (« 1 champ », « 3 champs »)."""
    return f"{count} {noun}{_plural(count)}"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)  # default: an unquoted YAML date
    return text if len(text) <= 60 else text[:57] + "…"


def _message(keyword: str, value: Any, instance: Any, error: jsonschema.ValidationError) -> str:
    if keyword == "type":
        expected = " ou ".join(TYPE_NAMES.get(t, t) for t in ([value] if isinstance(value, str) else value))
        return f"{_shown(instance)} n'est pas du type attendu ({expected})"
    if keyword == "enum":
        return f"{_shown(instance)} n'est pas une valeur permise (valeurs : {', '.join(map(str, value))})"
    if keyword == "const":
        return f"{_shown(instance)} : la seule valeur permise est {_shown(value)}"
    if keyword == "pattern":
        if value == "^[a-z0-9]+(-[a-z0-9]+)*$":
            return f"identifiant invalide {_shown(instance)} : kebab-case sans accents attendu (ex. pierre-d-artefact)"
        return f"{_shown(instance)} ne respecte pas le format attendu ({value})"
    bounds = {"minimum": "inférieur au minimum", "maximum": "supérieur au maximum",
              "exclusiveMinimum": "doit être strictement supérieur à", "exclusiveMaximum": "doit être strictement inférieur à"}
    if keyword in bounds:
        return f"{_shown(instance)} est {bounds[keyword]} {value}" if "au " in bounds[keyword] else f"{_shown(instance)} {bounds[keyword]} {value}"
    if keyword == "minItems":
        return f"liste trop courte : au moins {_count(value, 'élément')} attendu{_plural(value)}"
    if keyword == "maxItems":
        return f"liste trop longue : au plus {_count(value, 'élément')}"
    if keyword == "minLength":
        return "texte vide" if value == 1 else f"texte trop court (au moins {value} caractères)"
    if keyword == "maxLength":
        return f"texte trop long (au plus {value} caractères)"
    if keyword == "uniqueItems":
        return "la liste contient des doublons"
    if keyword in ("anyOf", "oneOf"):
        forms = " ; ".join(str(s.get("title") or s.get("type") or "?") for s in value if isinstance(s, dict))
        return f"{_shown(instance)} ne correspond à aucune des formes permises ({forms})"
    if keyword in ("minProperties", "maxProperties"):
        return f"objet {'trop petit : au moins' if keyword == 'minProperties' else 'trop grand : au plus'} {_count(value, 'champ')}"
    return f"valeur invalide (contrainte de schéma « {keyword} » non respectée)"


@dataclass
class Located:
    """A data entry with the file and path where it was defined."""

    kind: str
    index: int
    value: dict[str, Any]
    file: DataFile

    @property
    def parts(self) -> tuple[str | int, ...]:
        return (self.kind, self.index)


def entries_of(files: list[DataFile]) -> Iterator[Located]:
    """Every entry (list item) of every non-manifest data file."""
    for data_file in files:
        if not isinstance(data_file.value, dict):
            continue
        for kind, items in data_file.value.items():
            if kind in ("jeu", "versions") or not isinstance(items, list):  # versions: generator/versions.py
                continue
            for i, item in enumerate(items):
                if isinstance(item, dict):
                    yield Located(kind, i, item, data_file)


def cross_problems(game_id: str, files: list[DataFile]) -> list[Problem]:
    """Duplicate ids, unknown pages and clashing link forms.

    References are checked by the one resolver of the schemas' `x-ref` declarations (`references`).
    """
    manifest_file = next((f for f in files if f.path.endswith("/jeu.yaml")), None)
    if manifest_file is None:
        return []
    manifest = manifest_file.value["jeu"]
    problems: list[Problem] = []
    if manifest["id"] != game_id:
        problems.append(manifest_file.problem(("jeu", "id"), f"l'identifiant « {manifest['id']} » doit être le nom du dossier « {game_id} »"))
    pages = {p["id"] for p in manifest["pages"]}
    defined: dict[str, Located] = {}
    for entry in entries_of(files):
        entry_id = entry.value["id"]
        if entry_id in defined:
            first = defined[entry_id]
            line, col = first.file.position(first.parts + ("id",))
            where = f"{first.file.path}:{line}:{col}"
            problems.append(entry.file.problem(entry.parts + ("id",), f"identifiant « {entry_id} » en double (déjà défini en {where})"))
        else:
            defined[entry_id] = entry
        if entry.value.get("page") is not None and entry.value["page"] not in pages:
            message = f"page « {entry.value['page']} » inconnue : déclarez-la dans jeu.yaml (pages : {', '.join(sorted(pages))})"
            problems.append(entry.file.problem(entry.parts + ("page",), message))
    problems.extend(_form_clashes(defined))
    return problems


def _form_clashes(defined: dict[str, Located]) -> list[Problem]:
    owners: dict[str, str] = {}
    found: list[Problem] = []
    for entry_id, entry in defined.items():
        for i, form in enumerate(entry.value.get("formes", [])):
            if form in owners and owners[form] != entry_id:
                message = f"la forme « {form} » désigne déjà « {owners[form]} » : un terme ne peut mener qu'à une définition"
                found.append(entry.file.problem(entry.parts + ("formes", i), message))
            owners.setdefault(form, entry_id)
    return found


def validate_game(game_id: str, files: list[DataFile], schemas: Schemas, load_problems: list[Problem]) -> None:
    """Run both validation passes on a game's loaded files.

    Args:
        game_id: the game's folder name.
        files: the files that parsed.
        schemas: the project's schemas.
        load_problems: problems of the files that did not parse.

    Raises:
        DataError: every problem found; cross-references are only checked once
            every file parses and holds to its schema.

    """
    problems = list(load_problems) + [p for f in files for p in schema_problems(f, schemas)]
    if not any(f.path.endswith("/jeu.yaml") for f in files) and not load_problems:
        problems.append(Problem(f"data/{game_id}/jeu.yaml", 1, 1, "$", "manifeste jeu.yaml manquant"))
    if problems:
        raise DataError(problems)
    problems = cross_problems(game_id, files)
    if problems:
        raise DataError(problems)
