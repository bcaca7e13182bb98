"""One resolver for the reference fields that the schemas declare (`x-ref`), for every data kind.

A schema marks a field that names something else with `x-ref` (on the field, or on the
`propertyNames` of an object whose keys are references):

* `"x-ref": "entree"`: the id of any entry of the game;
* `"x-ref": "regle"`: the id of an entry that states a rule (not a tool: calculation, score, list rule);
* `"x-ref": "<kind>"` or a list of kinds (`"capacites"`, `["profils", "capacites"]`): an entry of that kind;
  on a field that may hold a list (`proprietes.sorts_fixes`), each item of the list is such a reference,
  and a number or a boolean there is refused (an id is expected);
* `"x-ref": "champ-liste"`, `"option-liste"`, `"carte"`: a JSON pointer to a field of a list entry, of
  the list's options, or of a figure's card (list and catalogue schemas of the game);
* `"x-ref": "stockage"`: the key under which a calculation of the game keeps a die the player enters.

Besides, every `[[id]]` or `[[id|texte]]` link written in any text of an entry names an entry of the game.

`"x-valeur-de": "<sibling>"` on a field says that its values (or the items of its list) are values the
list field named by the sibling pointer can hold (`si: {champ: /role, parmi: [sorcier]}`).

The walk follows the instance along its (inlined) schema, through `$ref`, `allOf` and the branches of
`anyOf`/`oneOf` that the instance matches. A new kind of data gets its references checked by
declaring them in its schema, without new code. References to entries are checked first
(`entry_problems`, with the schemas, before the coherence checks that follow links); the pointers, dice
keys and list values once the data is coherent (`game_problems`).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

from jsonschema import Draft202012Validator

from browser_engine.partie_bornes import pointeur, suivre

from . import rule_values
from .load import DataFile
from .problems import Problem
from .validate import Located, Schemas, _resolve_pointer, entries_of, file_kind, inline_refs

Parts = tuple[str | int, ...]
# Kinds whose entries are tools, not rules: a `regle` reference may not name them.
TOOL_KINDS = ("calculs", "scores", "regles_liste")
EXPLICIT_LINK = re.compile(r"\[\[([^\]\n]*)\]\]")
NOT_AN_ID = "renvoi (identifiant attendu)"
POINTERS = {"champ-liste": "un champ d'une entrée de liste", "option-liste": "une option de la liste",
            "carte": "un champ de la carte d'une figurine"}


@dataclass(frozen=True)
class Reference:
    """One reference found in a data file: where, what it names, and how it is declared."""

    parts: Parts
    target: Any
    ref: Any
    key: bool = False
    domain_of: str | None = None  # for `x-valeur-de`: the pointer naming the list field
    how: str = "renvoi"  # « lien [[…]] » for a link in a text; NOT_AN_ID for a number where an id is expected

    @property
    def names_entry(self) -> bool:
        """Whether the reference names an entry of the game (any, a rule, or one of some kinds)."""
        return self.domain_of is None and (self.ref in ("entree", "regle") or _kinds(self.ref) is not None)


@dataclass
class Context:
    """What references of one game may name."""

    game_id: str
    entries: dict[str, Located]
    liste: dict[str, Any] = field(default_factory=dict)
    catalogue: dict[str, Any] | None = None
    storage: set[str] = field(default_factory=set)
    files: list[DataFile] = field(default_factory=list)
    root: Path = Path(".")
    _cards: set[str] | None = None
    _data: dict[str, Any] | None = None

    def card_keys(self) -> set[str]:
        """Keys of the cards of the example lists (a game without catalogue schema)."""
        if self._cards is None:
            from .partie_checks import _Sources

            self._cards = _Sources(self.game_id, self.files, self.root).example_keys()[0]
        return self._cards

    def data(self) -> dict[str, Any]:
        """The game's engine bundle (for the list fields whose values are ids of the data)."""
        if self._data is None:
            from .engine_data import files_bundle

            self._data = files_bundle(self.game_id, self.files, self.root)
        return self._data


def _schema(root: Path, kind: str, game_id: str) -> dict[str, Any] | None:
    path = root / "schemas" / f"{kind}-{game_id}.schema.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _entries(files: list[DataFile]) -> dict[str, Located]:
    """The game's entries by id (the first one of a duplicated id, which the schema stage reports)."""
    entries: dict[str, Located] = {}
    for entry in entries_of(files):
        entries.setdefault(str(entry.value.get("id")), entry)
    return entries


def context(game_id: str, files: list[DataFile], root: Path) -> Context:
    """The targets a game's references may name (its entries, list schema, catalogue, dice keys)."""
    entries = _entries(files)
    # A player-entered input is kept under its `stockage` key, or its id when it has none (`cle_saisie`).
    storage = {str(p.get("stockage") or p.get("id")) for e in entries.values() if e.kind == "calculs"
               for p in e.value.get("parametres") or [] if isinstance(p, dict)
               and (isinstance(p.get("stockage"), str) or p.get("type") not in ("entier", "booleen"))}
    return Context(game_id, entries, _schema(root, "liste", game_id) or {}, _schema(root, "catalogue", game_id), storage,
                   files, root)


def references(value: Any, schema: Any, schemas: Schemas, parts: Parts = (), base: str = "") -> Iterator[Reference]:
    """Every `x-ref` (and `x-valeur-de`) reference of a value, walking its schema."""
    declared = schema.get("x-ref") if isinstance(schema, dict) else None  # beside a `$ref`, or on the node
    schema, base = _follow(schema, schemas, base)
    if not isinstance(schema, dict):
        return
    ref = declared if declared is not None else schema.get("x-ref")
    if ref is not None:
        yield from _declared(value, ref, parts)
    for sub in schema.get("allOf") or []:
        yield from references(value, sub, schemas, parts, base)
    for key in ("anyOf", "oneOf"):
        for sub in schema.get(key) or []:
            if _matches(value, sub, schemas, base):
                yield from references(value, sub, schemas, parts, base)
                break
    if isinstance(value, dict):
        yield from _object_references(value, schema, schemas, parts, base)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value):
            yield from references(item, schema["items"], schemas, parts + (i,), base)


def _declared(value: Any, ref: Any, parts: Parts) -> Iterator[Reference]:
    """The references a value holds under an `x-ref` (a text, or each item of a list)."""
    for here, item in ([(parts + (i,), v) for i, v in enumerate(value)] if isinstance(value, list) else [(parts, value)]):
        if isinstance(item, str):
            yield Reference(here, item, ref)
        elif item is not None and not isinstance(item, (dict, list)):
            yield Reference(here, json.dumps(item), ref, how=NOT_AN_ID)


def links(value: Any, parts: Parts) -> Iterator[Reference]:
    """Every `[[id]]` (or `[[id|texte]]`) link written in the texts of a value."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield from links(child, parts + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from links(child, parts + (i,))
    elif isinstance(value, str):
        for match in EXPLICIT_LINK.finditer(value):
            yield Reference(parts, match.group(1).split("|", 1)[0].strip(), "entree", how="lien [[…]]")


def _object_references(value: dict[str, Any], schema: dict[str, Any], schemas: Schemas, parts: Parts,
                       base: str) -> Iterator[Reference]:
    names, _ = _follow(schema.get("propertyNames"), schemas, base)
    properties = schema.get("properties") or {}
    for key, child in value.items():
        if isinstance(names, dict) and names.get("x-ref") is not None:
            yield Reference(parts + (key,), key, names["x-ref"], key=True)
        sub = properties.get(key, schema.get("additionalProperties"))
        if isinstance(sub, dict):
            followed, _ = _follow(sub, schemas, base)
            sibling = sub.get("x-valeur-de") or (followed.get("x-valeur-de") if isinstance(followed, dict) else None)
            if isinstance(sibling, str) and isinstance(value.get(sibling), str):
                for i, item in enumerate(child if isinstance(child, list) else [child]):
                    here = parts + ((key, i) if isinstance(child, list) else (key,))
                    yield Reference(here, item, "valeur", domain_of=value[sibling])
            yield from references(child, sub, schemas, parts + (key,), base)


def _follow(schema: Any, schemas: Schemas, base: str) -> tuple[Any, str]:
    """A schema node with its `$ref`s followed (inlined schemas keep only recursive ones)."""
    for _ in range(20):
        if not (isinstance(schema, dict) and isinstance(schema.get("$ref"), str)):
            break
        uri, fragment = urldefrag(urljoin(base, schema["$ref"]))
        document = schemas.by_id.get(uri)
        if document is None:
            break
        schema, base = _resolve_pointer(document, fragment), uri
    return schema, base


def _matches(value: Any, schema: Any, schemas: Schemas, base: str) -> bool:
    followed, where = _follow(schema, schemas, base)
    if not isinstance(followed, dict):
        return False
    # A branch alone has no base: its `$ref`s relative to its document (`commun.schema.json#…`) are made absolute.
    branch = inline_refs(followed, where, schemas.by_id)
    try:
        return Draft202012Validator(branch, registry=schemas.registry).is_valid(value)
    except Exception:  # noqa: BLE001 - a branch that cannot be evaluated is not taken
        return False


def _kinds(ref: Any) -> list[str] | None:
    if isinstance(ref, list):
        return [str(k) for k in ref]
    if isinstance(ref, str) and ref not in ("entree", "regle", "stockage", "valeur", *POINTERS):
        return [ref]
    return None


def _entry_problem(ref: Any, target: str, ctx: Context, how: str = "renvoi") -> str | None:
    entry = ctx.entries.get(target)
    if entry is None or how == NOT_AN_ID:
        return f"{how} « {target} » vers une entrée qui n'existe pas dans ce jeu"
    kinds = _kinds(ref)
    if ref == "regle" and entry.kind in TOOL_KINDS:
        return (f"{how} « {target} » vers une entrée de type « {entry.kind} », qui n'est pas une règle "
                "(section, mot-clé, table, capacité… attendue)")
    if kinds is not None and entry.kind not in kinds:
        return (f"{how} « {target} » vers une entrée de type « {entry.kind} », alors que "
                f"« {' ou '.join(kinds)} » est attendu")
    return None


def _list_node(ctx: Context, chemin: str, start: str) -> dict[str, Any] | None:
    node = suivre(ctx.liste, pointeur(ctx.liste, start) or {})
    for part in chemin.strip("/").split("/"):
        props = _all_properties(ctx.liste, node)
        if part not in props:
            return None
        node = suivre(ctx.liste, props[part])
    return node


def _all_properties(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    out = dict(node.get("properties") or {})
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key) or []:
            out.update(_all_properties(schema, suivre(schema, sub)))
    return out


def _pointer_problem(ref: str, chemin: str, ctx: Context) -> str | None:
    if ref == "champ-liste":
        found = _list_node(ctx, chemin, "/properties/entrees/items") is not None
        where = f"le schéma de liste (schemas/liste-{ctx.game_id}.schema.json) n'a pas ce champ pour une entrée"
    elif ref == "option-liste":
        found = _list_node(ctx, chemin, "/properties/options") is not None
        where = f"le schéma de liste (schemas/liste-{ctx.game_id}.schema.json) n'a pas cette option"
    elif ctx.catalogue is not None:
        node = suivre(ctx.catalogue, pointeur(ctx.catalogue, "/$defs/profil") or {})
        found = True
        for part in chemin.strip("/").split("/"):
            props = _all_properties(ctx.catalogue, node)
            if part not in props:
                found = False
                break
            node = suivre(ctx.catalogue, props[part])
        where = f"la carte de profil (schemas/catalogue-{ctx.game_id}.schema.json) n'a pas ce champ"
    else:
        found = chemin.strip("/").split("/")[0] in ctx.card_keys() or any(
            pointeur(e.value, chemin) is not None for e in ctx.entries.values() if e.kind == "profils")
        where = "aucune carte des listes d'exemple ni aucun profil du jeu n'a ce champ"
    return None if found else f"« {chemin} » ({POINTERS[ref]}) : {where}"


def _value_problem(target: Any, chemin: str, ctx: Context) -> str | None:
    node = _list_node(ctx, chemin, "/properties/entrees/items")
    if node is None:
        return None  # the pointer itself is reported
    reason = rule_values.value_problem(ctx.liste, node, target, ctx.data())
    if reason:
        return f"valeur « {rule_values.shown(target)} » impossible pour le champ « {chemin} » ({reason})"
    return None


def problem(reference: Reference, ctx: Context) -> str | None:
    """Why a reference does not resolve (French), or None."""
    ref, target = reference.ref, reference.target
    if reference.domain_of is not None:
        return _value_problem(target, reference.domain_of, ctx)
    if ref in POINTERS:
        return _pointer_problem(ref, str(target), ctx)
    if ref == "stockage":
        if target in ctx.storage:
            return None
        known = ", ".join(sorted(ctx.storage)) or "aucune"
        return (f"clé de mémorisation « {target} » inconnue : aucun calcul de ce jeu ne garde sous cette clé ce que "
                f"le joueur saisit, dé ou paquet (calculs.yaml : {known})")
    return _entry_problem(ref, str(target), ctx, reference.how)


def _declared_references(files: list[DataFile], schemas: Schemas) -> Iterator[tuple[DataFile, Reference]]:
    for data_file in files:
        kind, _ = file_kind(data_file, schemas)
        if kind is not None:
            schema = schemas.by_kind[kind]
            for reference in references(data_file.value, schema, schemas, (), schema.get("$id", "")):
                yield data_file, reference


def _located(pairs: Iterator[tuple[DataFile, Reference]], ctx: Context) -> list[Problem]:
    found: list[Problem] = []
    for data_file, reference in pairs:
        message = problem(reference, ctx)
        if message:
            found.append(data_file.problem(reference.parts, message, key=reference.key))
    return found


def entry_problems(game_id: str, files: list[DataFile], schemas: Schemas) -> list[Problem]:
    """Every declared reference to an entry, and every `[[id]]` link, that names no entry of the game."""
    ctx = Context(game_id, _entries(files))
    declared = ((f, r) for f, r in _declared_references(files, schemas) if r.names_entry)
    written = ((e.file, r) for e in entries_of(files) for r in links(e.value, e.parts))
    return _located(declared, ctx) + _located(written, ctx)


def game_problems(game_id: str, files: list[DataFile], schemas: Schemas, root: Path) -> list[Problem]:
    """Every other declared reference (pointers, dice keys, list values) that does not resolve, located on its node."""
    ctx = context(game_id, files, root)
    return _located(((f, r) for f, r in _declared_references(files, schemas) if not r.names_entry), ctx)
