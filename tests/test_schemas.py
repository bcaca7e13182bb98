"""Schemas: draft 2020-12, closed objects, French title and description on every property."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

SCHEMAS = sorted((ROOT / "schemas").glob("*.schema.json"))


def objects(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if "properties" in node:
            yield where, node
        for key, child in node.items():
            if key != "if":  # conditions select a case; they define no object
                yield from objects(child, f"{where}/{key}")
    elif isinstance(node, list):
        for i, child in enumerate(node):
            yield from objects(child, f"{where}/{i}")


def resolve(prop: dict[str, Any], docs: dict[str, dict[str, Any]], current: dict[str, Any]) -> dict[str, Any]:
    ref = prop.get("$ref")
    if not ref:
        return prop
    doc_name, _, pointer = ref.partition("#")
    doc = docs[doc_name] if doc_name else current
    for part in pointer.strip("/").split("/"):
        doc = doc[part]
    return {**doc, **{k: v for k, v in prop.items() if k != "$ref"}}


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_schema_is_closed_and_documented_in_french(path: Path) -> None:
    docs = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS}
    schema = docs[path.name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for where, obj in objects(schema, path.name):
        if obj.get("x-ouvert"):  # a map open by design (say why): its extra keys must still be typed
            assert isinstance(obj.get("additionalProperties"), dict), f"{where}: clés en plus non typées"
        else:
            assert obj.get("additionalProperties") is False, f"{where}: additionalProperties: false manquant"
        for name, prop in obj["properties"].items():
            resolved = resolve(prop, docs, schema)
            assert resolved.get("title"), f"{where}/{name}: title manquant"
            assert resolved.get("description"), f"{where}/{name}: description manquante"
