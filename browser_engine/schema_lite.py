"""A small JSON Schema (draft 2020-12) subset validator, standard library only.

Supported keywords: type, enum, const, minimum, maximum, exclusiveMinimum,
exclusiveMaximum, minLength, maxLength, pattern, required, properties,
additionalProperties (false or a schema), items, minItems, maxItems,
uniqueItems, and `$ref` to local `#/$defs/...` definitions. Annotations
(title, description, default, examples...) are ignored, except `title`, used
as the field's label in messages.

Two extension keywords tie schema failures to the game's rules:

* `x-code`: the violation code, either one string for every keyword of the node
  or a mapping `{keyword: code}`; otherwise a generic `LISTE_*` code is used.
* `x-regle`: id of the rule entry whose page explains the field; inherited by
  the nested nodes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .yaml_lite import MAX_DIGITS

ANNOTATIONS = frozenset(("$schema", "$id", "$comment", "$defs", "definitions", "title", "description",
                         "default", "examples", "deprecated", "readOnly", "writeOnly", "x-code", "x-regle"))
SUPPORTED = frozenset(("type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                       "minLength", "maxLength", "pattern", "required", "properties", "additionalProperties",
                       "items", "minItems", "maxItems", "uniqueItems", "$ref"))
GENERIC_CODES = {
    "type": "LISTE_TYPE",
    "enum": "LISTE_VALEUR_INCONNUE",
    "const": "LISTE_VALEUR_INCONNUE",
    "minimum": "LISTE_HORS_BORNES",
    "maximum": "LISTE_HORS_BORNES",
    "exclusiveMinimum": "LISTE_HORS_BORNES",
    "exclusiveMaximum": "LISTE_HORS_BORNES",
    "minLength": "LISTE_LONGUEUR_TEXTE",
    "maxLength": "LISTE_LONGUEUR_TEXTE",
    "pattern": "LISTE_FORMAT_TEXTE",
    "required": "LISTE_CHAMP_MANQUANT",
    "additionalProperties": "LISTE_CHAMP_INCONNU",
    "minItems": "LISTE_NOMBRE_ELEMENTS",
    "maxItems": "LISTE_NOMBRE_ELEMENTS",
    "uniqueItems": "LISTE_DOUBLON",
}
TYPE_LABELS = {"string": "un texte", "integer": "un nombre entier", "number": "un nombre",
               "boolean": "true ou false", "array": "une liste", "object": "un objet", "null": "null"}


class SchemaNonPrisEnCharge(ValueError):
    """The schema uses a keyword this validator does not implement (a bug in the data)."""


@dataclass(frozen=True)
class Ecart:
    """One schema failure.

    Attributes:
        chemin: JSON pointer of the offending value (`/entrees/2/melee`).
        mot_cle: the failing keyword (`maximum`).
        code: stable violation code.
        message: French message.
        regle: id of the rule entry explaining the field, if the schema names one.

    """

    chemin: str
    mot_cle: str
    code: str
    message: str
    regle: str | None


def pointeur(parts: list[str | int] | tuple[str | int, ...]) -> str:
    """JSON pointer (RFC 6901) of a path: `["entrees", 2, "a/b"]` -> `/entrees/2/a~1b`."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def afficher(value: Any) -> str:
    """Short French rendering of a value for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int) and abs(value) >= 10 ** MAX_DIGITS:
        return f"un nombre de plus de {MAX_DIGITS} chiffres"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:39] + "…"
        return f"« {lisible(shown)} »"
    return "une liste" if isinstance(value, list) else "un objet"


def lisible(text: str) -> str:
    r"""A user's text made safe to show: a lone UTF-16 surrogate is written as its escape (`\ud800`)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def json_type(value: Any) -> str:
    """JSON type name of a Python value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _has_type(value: Any, expected: str) -> bool:
    actual = json_type(value)
    if expected == "integer" and actual == "number":
        return value.is_integer()  # JSON Schema: 1.0 is an integer
    return actual == expected or (expected == "number" and actual == "integer")


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema defines it (true is not 1; 1 equals 1.0)."""
    ta, tb = json_type(a), json_type(b)
    if {ta, tb} <= {"integer", "number"}:
        return a == b
    if ta != tb:
        return False
    if ta == "array":
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if ta == "object":
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return a == b


class SchemaLite:
    """Validator for one schema document (see the module docstring)."""

    def __init__(self, schema: dict[str, Any]) -> None:
        """Check once that the schema only uses supported keywords.

        Raises:
            SchemaNonPrisEnCharge: on an unsupported keyword or a non-local `$ref`.

        """
        self.root = schema
        self._check_supported(schema, "#")

    def _check_supported(self, node: Any, where: str) -> None:
        if not isinstance(node, dict):
            return
        for key, child in node.items():
            if key not in SUPPORTED and key not in ANNOTATIONS and not key.startswith("x-"):
                raise SchemaNonPrisEnCharge(f"mot-clé de schéma non pris en charge « {key} » ({where})")
            if key == "$ref" and not str(child).startswith("#/"):
                raise SchemaNonPrisEnCharge(f"$ref non local « {child} » ({where})")
            if key in ("properties", "$defs", "definitions"):
                for name, sub in child.items():
                    self._check_supported(sub, f"{where}/{key}/{name}")
            elif key in ("items", "additionalProperties"):
                self._check_supported(child, f"{where}/{key}")

    def resolve(self, ref: str) -> dict[str, Any]:
        """Follow a local `$ref` such as `#/$defs/entree`."""
        node: Any = self.root
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def subschema(self, parts: list[str]) -> dict[str, Any] | None:
        """The schema applying to a path made of property names (no array indexes)."""
        node: Any = self.root
        for part in parts:
            while isinstance(node, dict) and "$ref" in node:
                node = self.resolve(node["$ref"])
            node = (node.get("properties") or {}).get(part) if isinstance(node, dict) else None
            if node is None:
                return None
        while isinstance(node, dict) and "$ref" in node:
            node = self.resolve(node["$ref"])
        return node

    def valider(self, instance: Any) -> list[Ecart]:
        """Validate a value; return every failure, in document order."""
        out: list[Ecart] = []
        self._check(self.root, instance, [], out, None, None)
        return out

    # --- recursion --------------------------------------------------------------------

    def _check(self, schema: Any, value: Any, parts: list[str | int], out: list[Ecart],
               regle: str | None, label: str | None) -> None:
        if schema is True or not isinstance(schema, dict):
            return
        regle = schema.get("x-regle", regle)
        label = schema.get("title", label)
        if "$ref" in schema:
            self._check(self.resolve(schema["$ref"]), value, parts, out, regle, label)
        ctx = _Context(schema, parts, out, regle, label or (f"« {parts[-1]} »" if parts else "La liste"))
        if not _check_type(ctx, value):
            return
        _check_values(ctx, value)
        if isinstance(value, dict):
            self._check_object(ctx, value)
        elif isinstance(value, list):
            self._check_array(ctx, value)

    def _check_object(self, ctx: _Context, value: dict[str, Any]) -> None:
        schema = ctx.schema
        properties = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                title = (properties.get(key) or {}).get("title")
                shown = f"« {key} »" + (f" ({title})" if title and title != key else "")
                ctx.report("required", f"champ obligatoire manquant : {shown}.", prefix=False)
        extra = schema.get("additionalProperties", True)
        for key, child in value.items():
            if key in properties:
                self._check(properties[key], child, ctx.parts + [key], ctx.out, ctx.regle, None)
            elif extra is False:
                allowed = ", ".join(properties) or "aucun"
                ctx.report("additionalProperties", f"champ inconnu « {key} » ; champs possibles : {allowed}.",
                           parts=ctx.parts + [key], prefix=False)
            elif isinstance(extra, dict):
                self._check(extra, child, ctx.parts + [key], ctx.out, ctx.regle, None)

    def _check_array(self, ctx: _Context, value: list[Any]) -> None:
        schema = ctx.schema
        count = len(value)
        low, high = schema.get("minItems"), schema.get("maxItems")
        if (low is not None and count < low) or (high is not None and count > high):
            keyword = "minItems" if low is not None and count < low else "maxItems"
            if low is not None and low == high:
                wanted = f"exactement {low}"
            elif keyword == "minItems":
                wanted = f"au moins {low}"
            else:
                wanted = f"au plus {high}"
            ctx.report(keyword, f"{count} élément{'s' if count > 1 else ''} ; il en faut {wanted}.")
        if schema.get("uniqueItems"):
            for i in range(count):
                if any(json_equal(value[i], value[j]) for j in range(i)):
                    ctx.report("uniqueItems", f"la valeur {afficher(value[i])} est en double.",
                               parts=ctx.parts + [i])
        items = schema.get("items")
        if isinstance(items, dict):
            for i, child in enumerate(value):
                self._check(items, child, ctx.parts + [i], ctx.out, ctx.regle, None)


@dataclass
class _Context:
    """Where a schema node is being checked, and how to report its failures."""

    schema: dict[str, Any]
    parts: list[str | int]
    out: list[Ecart]
    regle: str | None
    label: str

    def report(self, keyword: str, message: str, parts: list[str | int] | None = None,
               prefix: bool = True) -> None:
        custom = self.schema.get("x-code")
        if isinstance(custom, dict):
            code = custom.get(keyword) or GENERIC_CODES[keyword]
        else:
            code = custom or GENERIC_CODES[keyword]
        text = f"{self.label} : {message}" if prefix else message[0].upper() + message[1:]
        self.out.append(Ecart(pointeur(parts if parts is not None else self.parts), keyword, code, text,
                              self.regle))


def _check_type(ctx: _Context, value: Any) -> bool:
    expected = ctx.schema.get("type")
    if expected is None:
        return True
    types = [expected] if isinstance(expected, str) else list(expected)
    if any(_has_type(value, t) for t in types):
        return True
    wanted = " ou ".join(TYPE_LABELS.get(t, t) for t in types)
    ctx.report("type", f"{afficher(value)} n'a pas le bon type ; attendu : {wanted}.")
    return False


def _check_values(ctx: _Context, value: Any) -> None:
    schema = ctx.schema
    if "const" in schema and not json_equal(value, schema["const"]):
        ctx.report("const", f"{afficher(value)} au lieu de {afficher(schema['const'])}.")
    if "enum" in schema and not any(json_equal(value, option) for option in schema["enum"]):
        options = ", ".join(afficher(o).strip("« »") for o in schema["enum"])
        ctx.report("enum", f"{afficher(value)} n'est pas une valeur permise ; valeurs possibles : {options}.")
    if json_type(value) in ("integer", "number"):
        _check_bounds(ctx, value)
    elif isinstance(value, str):
        _check_string(ctx, value)


def _check_bounds(ctx: _Context, value: float) -> None:
    schema = ctx.schema
    if "minimum" in schema and value < schema["minimum"]:
        ctx.report("minimum", f"{afficher(value)} est inférieur au minimum autorisé ({schema['minimum']}).")
    if "maximum" in schema and value > schema["maximum"]:
        ctx.report("maximum", f"{afficher(value)} dépasse le maximum autorisé ({schema['maximum']}).")
    if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
        ctx.report("exclusiveMinimum", f"{afficher(value)} doit être strictement supérieur à "
                                       f"{schema['exclusiveMinimum']}.")
    if "exclusiveMaximum" in schema and value >= schema["exclusiveMaximum"]:
        ctx.report("exclusiveMaximum", f"{afficher(value)} doit être strictement inférieur à "
                                       f"{schema['exclusiveMaximum']}.")


def _check_string(ctx: _Context, value: str) -> None:
    schema = ctx.schema
    if "minLength" in schema and len(value) < schema["minLength"]:
        wanted = schema["minLength"]
        ctx.report("minLength", "texte vide." if wanted == 1 else f"texte trop court (au moins {wanted} caractères).")
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        ctx.report("maxLength", f"texte trop long ({len(value)} caractères ; au plus {schema['maxLength']}).")
    if "pattern" in schema and len(value) <= 10_000 and not re.search(schema["pattern"], value):
        ctx.report("pattern", f"{afficher(value)} n'a pas le format attendu.")
