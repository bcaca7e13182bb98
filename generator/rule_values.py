"""The values a list rule's conditions (`selecteur`, `si`) compare a field with, against what the field can hold.

A condition value the field can never hold turns the rule off silently (`si: {mode: bataile-simple}`
never matches, so the rule never applies). The domain of a field is its node in the game's list
schema, or, for a value the game module derives (`mode`, `caste_effective`…), the JSON Schema
fragment the module declares in `domaines_derives(donnees_jeu)`; such a fragment may point into
the list schema with a local `$ref` (`#/properties/options/properties/mode`).

Only the keywords that bound a scalar are read: `enum`, `const`, `type`, `minimum`, `maximum`,
`pattern`, `anyOf`/`oneOf`/`allOf`, and `x-donnees` (the ids of a collection of the game's data).
"""
from __future__ import annotations

import re
from typing import Any

from browser_engine.schema_lite import json_equal, json_type

TYPE_NAMES = {"string": "texte", "integer": "entier", "number": "nombre", "boolean": "booléen",
              "array": "liste", "object": "objet", "null": "nul"}
MAX_SHOWN = 12


def resolve(schema: dict[str, Any], node: Any) -> Any:
    """A node with its local `$ref`s followed, at the node and along the pointer's path."""
    seen = 0
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#"):
        seen += 1
        if seen > 32:
            return {}
        target: Any = schema
        for part in (p for p in node["$ref"][1:].split("/") if p):
            target = resolve(schema, target)
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(target, dict):
                target = target.get(part, {})
            elif isinstance(target, list) and part.isdigit() and int(part) < len(target):
                target = target[int(part)]
            else:
                target = {}
        node = target
    return node


def shown(value: Any) -> str:
    """A value as written in a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_problem(schema: dict[str, Any], node: Any, value: Any, data: dict[str, Any]) -> str | None:
    """Why a field described by `node` can never hold `value`, or None when it can.

    Args:
        schema: the game's list schema (local references resolve in it).
        node: the field's schema node or declared domain.
        value: the value a condition compares the field with (None: the field is absent, always possible).
        data: the game bundle (for `x-donnees`).

    """
    node = resolve(schema, node)
    if value is None or not isinstance(node, dict):
        return None
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list) and branches:
            reasons = [value_problem(schema, branch, value, data) for branch in branches]
            if all(reasons):
                return " ou ".join(dict.fromkeys(r for r in reasons if r))
    for branch in node.get("allOf") or []:
        reason = value_problem(schema, branch, value, data)
        if reason:
            return reason
    return _scalar_problem(node, value, data)


def _scalar_problem(node: dict[str, Any], value: Any, data: dict[str, Any]) -> str | None:
    if isinstance(node.get("enum"), list) and not any(json_equal(value, v) for v in node["enum"]):
        return "valeurs : " + ", ".join(shown(v) for v in node["enum"])
    if "const" in node and not json_equal(value, node["const"]):
        return f"seule valeur : {shown(node['const'])}"
    types = node.get("type")
    types = [types] if isinstance(types, str) else types if isinstance(types, list) else None
    actual = json_type(value)
    if types is not None and actual not in types and not (actual == "integer" and "number" in types):
        return "attendu : " + " ou ".join(TYPE_NAMES.get(t, str(t)) for t in types)
    if actual in ("integer", "number"):
        low, high = node.get("minimum"), node.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return f"de {shown(low) if low is not None else '−∞'} à {shown(high) if high is not None else '+∞'}"
    if actual == "string" and isinstance(node.get("pattern"), str) and not re.search(node["pattern"], value):
        return f"format : {node['pattern']}"
    ids = _data_ids(node, data)
    if ids is not None and value not in ids:
        more = "…" if len(ids) > MAX_SHOWN else ""
        return f"identifiants de « {node['x-donnees']['collection']} » : {', '.join(ids[:MAX_SHOWN])}{more}"
    return None


def _data_ids(node: dict[str, Any], data: dict[str, Any]) -> list[str] | None:
    """The ids an `x-donnees` field takes from the game data; None when they are not all there.

    A field that also takes ids from the list itself (`origines: [liste]`) can hold ids the build
    does not know.
    """
    source = node.get("x-donnees")
    if not isinstance(source, dict) or not isinstance(source.get("collection"), str):
        return None
    if (source.get("origines") or ["donnees"]) != ["donnees"]:
        return None
    categories = source.get("categories")
    return [e["id"] for e in data.get(source["collection"]) or []
            if isinstance(e, dict) and isinstance(e.get("id"), str)
            and (not isinstance(categories, list) or e.get("categorie") in categories)]
