"""Alternative: SchemaLite.valider on jsonschema, French messages kept.

In Pyodide only jsonschema 4.17.3 (the last release without rpds-py) could load; under CPython
the bench runs it on the pinned 4.26.0, whose `iter_errors` gives the same errors.

jsonschema finds the failures; each is turned into schema_lite's Ecart (code from x-code, rule
from the inherited x-regle, label from the title, French message), then put in document order
and filtered as schema_lite does (a type failure hides the node's other failures).
"""
from __future__ import annotations

from typing import Any

import jsonschema

from browser_engine import schema_lite
from browser_engine.schema_lite import Ecart, SchemaLite, _Context, afficher, json_equal

_RANK = {"type": 0, "const": 1, "enum": 2, "minimum": 3, "maximum": 4, "exclusiveMinimum": 5,
         "exclusiveMaximum": 6, "minLength": 7, "maxLength": 8, "pattern": 9, "required": 10,
         "additionalProperties": 11, "minItems": 12, "maxItems": 12, "uniqueItems": 13}


class SchemaJsonschema(SchemaLite):
    """SchemaLite's interface; validation by jsonschema's Draft202012Validator."""

    def __init__(self, schema: dict[str, Any]) -> None:
        super().__init__(schema)
        self.validator = jsonschema.Draft202012Validator(schema)

    def _node_context(self, error: Any) -> tuple[dict[str, Any], str | None, str | None]:
        """Walk the schema path: the failing node, its inherited x-regle and its label."""
        node: Any = self.root
        regle = label = None
        previous = None
        for key in list(error.absolute_schema_path)[:-1]:
            if previous not in ("properties", "$defs"):  # node is a schema, not a name -> schema mapping
                regle = node.get("x-regle", regle)
                label = node.get("title", label)
            if key == "$ref":
                node = self.resolve(node["$ref"])
            else:
                while previous not in ("properties", "$defs") and key not in node and "$ref" in node:
                    node = self.resolve(node["$ref"])  # jsonschema >= 4.18 leaves `$ref` out of the path
                    regle = node.get("x-regle", regle)
                    label = node.get("title", label)
                node = node[key]
                if previous == "properties" or key in ("items", "additionalProperties"):
                    label = None
            previous = key
        while isinstance(node, dict):
            regle = node.get("x-regle", regle)
            label = node.get("title", label)
            if "$ref" in node and error.validator not in node:
                node = self.resolve(node["$ref"])
                continue
            break
        return node, regle, label

    def valider(self, instance: Any) -> list[Ecart]:
        """Validate a value; return every failure, in document order."""
        found: list[tuple[list[Any], int, list[Ecart]]] = [self._convert(e) for e in self.validator.iter_errors(instance)]
        typed = {tuple(parts) for parts, rank, _ in found if rank == 0}
        ranked: list[tuple[tuple[int, ...], int, Ecart]] = []
        for parts, rank, ecarts in found:
            if rank and tuple(parts) in typed:
                continue
            ranked.extend((_order(instance, _parts(e.chemin)), rank, e) for e in ecarts)
        out: list[Ecart] = []
        for _, _, ecart in sorted(ranked, key=lambda r: (r[0], r[1])):
            if ecart not in out:
                out.append(ecart)
        return out

    def _convert(self, error: Any) -> tuple[list[Any], int, list[Ecart]]:
        parts = list(error.absolute_path)
        node, regle, label = self._node_context(error)
        out: list[Ecart] = []
        ctx = _Context(node, parts, out, regle, label or (f"« {parts[-1]} »" if parts else "La liste"))
        keyword, value = error.validator, error.instance
        if keyword == "type":
            schema_lite._check_type(ctx, value)
        elif keyword in ("const", "enum"):
            schema_lite._check_values(_Only(ctx, keyword), value)
        elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            schema_lite._check_bounds(_Only(ctx, keyword), value)
        elif keyword in ("minLength", "maxLength", "pattern"):
            schema_lite._check_string(_Only(ctx, keyword), value)
        elif keyword == "required":
            properties = node.get("properties", {})
            for key in node["required"]:
                if key not in value:
                    title = (properties.get(key) or {}).get("title")
                    shown = f"« {key} »" + (f" ({title})" if title and title != key else "")
                    ctx.report("required", f"champ obligatoire manquant : {shown}.", prefix=False)
        elif keyword == "additionalProperties":
            allowed = ", ".join(node.get("properties", {})) or "aucun"
            for key in value:
                if key not in node.get("properties", {}):
                    ctx.report("additionalProperties", f"champ inconnu « {key} » ; champs possibles : {allowed}.",
                               parts=parts + [key], prefix=False)
        elif keyword in ("minItems", "maxItems"):
            low, high = node.get("minItems"), node.get("maxItems")
            count = len(value)
            wanted = (f"exactement {low}" if low is not None and low == high else
                      f"au moins {low}" if keyword == "minItems" else f"au plus {high}")
            ctx.report(keyword, f"{count} élément{'s' if count > 1 else ''} ; il en faut {wanted}.")
        elif keyword == "uniqueItems":
            for i in range(len(value)):
                if any(json_equal(value[i], value[j]) for j in range(i)):
                    ctx.report("uniqueItems", f"la valeur {afficher(value[i])} est en double.", parts=parts + [i])
        return parts, _RANK.get(keyword, 20), out


class _Only(_Context):
    """A context that reports only one keyword (jsonschema reports each keyword separately)."""

    def __init__(self, ctx: _Context, keyword: str) -> None:
        super().__init__({k: v for k, v in ctx.schema.items() if k == keyword or k.startswith("x-")},
                         ctx.parts, ctx.out, ctx.regle, ctx.label)


def _order(instance: Any, parts: list[Any]) -> tuple[int, ...]:
    """Document order of a path: each key's index in its object, each item's index."""
    order: list[int] = []
    node = instance
    for part in parts:
        if isinstance(node, dict):
            order.append(list(node).index(part) + 1 if part in node else 0)
            node = node.get(part)
        elif isinstance(node, list):
            order.append(int(part) + 1)
            node = node[int(part)]
    return tuple(order)


def _parts(chemin: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in chemin.split("/")[1:]]
