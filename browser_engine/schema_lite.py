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

from .messages import Partie, Parties, champs, rediger
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
# The types whose label names values: the builder shows them in the player's words (« coché », « vide »).
TYPE_VALEURS: dict[str, list[Any]] = {"boolean": [True, False], "null": [None]}
MAX_PROFONDEUR_REQUIS = 4  # nested required objects whose inner fields a missing object's message names


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
        parties: the message's parts (`messages.py`).

    """

    chemin: str
    mot_cle: str
    code: str
    message: str
    regle: str | None
    parties: tuple[Partie, ...] = ()


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


def afficher_parties(value: Any, chemin: str) -> Parties:
    """`afficher`, as message parts: a string, a boolean or null is a value of the field at `chemin`."""
    if isinstance(value, str):
        shown = lisible(value if len(value) <= 40 else value[:39] + "…")
        return Parties(["« ", {"valeurs": [shown], "champ": chemin, "liaison": "ou"}, " »"])
    if isinstance(value, bool) or value is None:
        return Parties([{"valeurs": [value], "champ": chemin, "liaison": "ou"}])
    return Parties([afficher(value)])


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
        ctx = _Context(schema, parts, out, regle, label)
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
                self._missing(ctx, key, properties.get(key))
        extra = schema.get("additionalProperties", True)
        for key, child in value.items():
            if key in properties:
                self._check(properties[key], child, ctx.parts + [key], ctx.out, ctx.regle, None)
            elif extra is False:
                allowed = champs([pointeur(ctx.parts + [k]) for k in properties]) or Parties(["aucun"])
                ctx.report("additionalProperties", "Champ inconnu « {cle} » ; champs possibles : {permis}.",
                           {"cle": lisible(key), "permis": allowed}, parts=ctx.parts + [key], prefix=False)
            elif isinstance(extra, dict):
                self._check(extra, child, ctx.parts + [key], ctx.out, ctx.regle, None)

    def _missing(self, ctx: _Context, key: str, sub: Any) -> None:
        """A required field is missing; a missing object whose own fields are required names those fields."""
        inner = self._required_inside(sub, ctx.parts + [key], 0)
        ici = pointeur(ctx.parts + [key])
        if not inner:
            ctx.report("required", "Champ obligatoire manquant : {champ:{ici}}.", {"ici": ici}, prefix=False)
            return
        ctx.report("required", "Champ{s:n} obligatoire{s:n} manquant{s:n} dans {champ:{ici}} : {champs}.",
                   {"ici": ici, "n": len(inner), "champs": champs(inner, "et")}, prefix=False)

    def _required_inside(self, sub: Any, parts: list[str | int], depth: int) -> list[str]:
        """Pointers of the required fields of a missing object (nested required objects: their own)."""
        while isinstance(sub, dict) and "$ref" in sub:
            sub = self.resolve(sub["$ref"])
        if not isinstance(sub, dict) or depth >= MAX_PROFONDEUR_REQUIS:
            return []
        properties = sub.get("properties") or {}
        out: list[str] = []
        for key in sub.get("required") or []:
            out += self._required_inside(properties.get(key), parts + [key], depth + 1) or [pointeur(parts + [key])]
        return out

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
            ctx.report(keyword, "{nombre} élément{s:nombre} ; il en faut {voulu}.", {"nombre": count, "voulu": wanted})
        if schema.get("uniqueItems"):
            for i in range(count):
                if any(json_equal(value[i], value[j]) for j in range(i)):
                    ctx.report("uniqueItems", "la valeur {valeur} est en double.",
                               {"valeur": afficher_parties(value[i], pointeur(ctx.parts + [i]))},
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
    label: str | None

    def etiquette(self) -> Parties:
        """The checked value's label: its title, else its field (`« melee »`), else « La liste »."""
        if self.label:
            return Parties([self.label])
        return Parties([{"champ": pointeur(self.parts)}] if self.parts else ["La liste"])

    def report(self, keyword: str, modele: str, valeurs: dict[str, Any] | None = None,
               parts: list[str | int] | None = None, prefix: bool = True) -> None:
        custom = self.schema.get("x-code")
        if isinstance(custom, dict):
            code = custom.get(keyword) or GENERIC_CODES[keyword]
        else:
            code = custom or GENERIC_CODES[keyword]
        valeurs = dict(valeurs or {})
        if prefix:
            modele, valeurs["etiquette"] = "{etiquette} : " + modele, self.etiquette()
        message, parties = rediger(modele, valeurs)
        self.out.append(Ecart(pointeur(parts if parts is not None else self.parts), keyword, code, message,
                              self.regle, tuple(parties)))


def _check_type(ctx: _Context, value: Any) -> bool:
    expected = ctx.schema.get("type")
    if expected is None:
        return True
    types = [expected] if isinstance(expected, str) else list(expected)
    if any(_has_type(value, t) for t in types):
        return True
    ici = pointeur(ctx.parts)
    wanted: list[Partie] = []
    for k, t in enumerate(types):
        if k:
            wanted.append(" ou ")
        wanted.append({"valeurs": TYPE_VALEURS[t], "champ": ici, "liaison": "ou"} if t in TYPE_VALEURS
                      else TYPE_LABELS.get(t, t))
    ctx.report("type", "{valeur} n'a pas le bon type ; attendu : {voulu}.",
               {"valeur": afficher_parties(value, ici), "voulu": Parties(wanted)})
    return False


def _check_values(ctx: _Context, value: Any) -> None:
    schema = ctx.schema
    ici = pointeur(ctx.parts)
    if "const" in schema and not json_equal(value, schema["const"]):
        ctx.report("const", "{valeur} au lieu de {attendu}.", {"valeur": afficher_parties(value, ici),
                                                               "attendu": afficher_parties(schema["const"], ici)})
    if "enum" in schema and not any(json_equal(value, option) for option in schema["enum"]):
        options = [afficher(o).strip("« »") if isinstance(o, str) else o for o in schema["enum"]]
        ctx.report("enum", "{valeur} n'est pas une valeur permise ; valeurs possibles : {valeurs:{ici}={options}}.",
                   {"valeur": afficher_parties(value, ici), "ici": ici, "options": options})
    if json_type(value) in ("integer", "number"):
        _check_bounds(ctx, value)
    elif isinstance(value, str):
        _check_string(ctx, value)


def _check_bounds(ctx: _Context, value: float) -> None:
    schema = ctx.schema
    shown = afficher(value)
    if "minimum" in schema and value < schema["minimum"]:
        ctx.report("minimum", "{valeur} est inférieur au minimum autorisé ({borne}).",
                   {"valeur": shown, "borne": schema["minimum"]})
    if "maximum" in schema and value > schema["maximum"]:
        ctx.report("maximum", "{valeur} dépasse le maximum autorisé ({borne}).",
                   {"valeur": shown, "borne": schema["maximum"]})
    if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
        ctx.report("exclusiveMinimum", "{valeur} doit être strictement supérieur à {borne}.",
                   {"valeur": shown, "borne": schema["exclusiveMinimum"]})
    if "exclusiveMaximum" in schema and value >= schema["exclusiveMaximum"]:
        ctx.report("exclusiveMaximum", "{valeur} doit être strictement inférieur à {borne}.",
                   {"valeur": shown, "borne": schema["exclusiveMaximum"]})


def _check_string(ctx: _Context, value: str) -> None:
    schema = ctx.schema
    if "minLength" in schema and len(value) < schema["minLength"]:
        wanted = schema["minLength"]
        ctx.report("minLength", "texte vide." if wanted == 1 else "texte trop court (au moins {n} caractères).",
                   {"n": wanted})
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        ctx.report("maxLength", "texte trop long ({n} caractères ; au plus {max}).",
                   {"n": len(value), "max": schema["maxLength"]})
    if "pattern" in schema and len(value) <= 10_000 and not re.search(schema["pattern"], value):
        ctx.report("pattern", "{valeur} n'a pas le format attendu.", {"valeur": afficher(value)})
