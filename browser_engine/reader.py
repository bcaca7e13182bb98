"""Reading list documents: bytes or text, JSON or YAML, with limits against hostile input."""
from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import ErreurEntree
from .yaml_lite import MAX_DEPTH, MAX_ITEMS, MAX_NODES, grouped, parse_yaml

MAX_OCTETS = 1_048_576
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_JSON_MESSAGES = (
    ("Expecting property name enclosed in double quotes", "nom de clé entre guillemets doubles attendu"),
    ("Expecting ':' delimiter", "« : » attendu après la clé"),
    ("Expecting ',' delimiter", "« , » attendue entre deux éléments"),
    ("Expecting value", "valeur attendue"),
    ("Unterminated string", "chaîne de caractères non terminée"),
    ("Invalid control character", "caractère de contrôle dans une chaîne"),
    ("Invalid \\escape", "séquence d'échappement invalide"),
    ("Invalid \\uXXXX escape", "séquence \\u invalide"),
    ("Extra data", "données en trop après la fin du document"),
)
TYPE_NAMES = {dict: "un objet", list: "une liste", str: "un texte", bool: "un booléen", int: "un nombre",
              float: "un nombre", type(None): "une valeur vide"}


def nom_de_type(value: Any) -> str:
    """French name of a JSON value's type, with its article ("une liste")."""
    return TYPE_NAMES.get(type(value), "une valeur")


def _taille(octets: int) -> str:
    return f"{octets / 1_048_576:.1f}".replace(".", ",") + " Mo"


def decoder(texte: str | bytes | bytearray | memoryview) -> str:
    """Decode the input as UTF-8 (a BOM is allowed) after checking its size.

    Raises:
        ErreurEntree: too large, not UTF-8, or containing control characters.

    """
    if isinstance(texte, (bytes, bytearray, memoryview)):
        data = bytes(texte)
        if len(data) > MAX_OCTETS:
            raise ErreurEntree(f"Fichier trop volumineux ({_taille(len(data))}) : la taille maximale "
                               f"acceptée est {_taille(MAX_OCTETS)}.")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            ligne = data[:exc.start].count(b"\n") + 1
            raise ErreurEntree(f"Le fichier n'est pas un texte UTF-8 (octet 0x{data[exc.start]:02x} invalide "
                               f"à la ligne {ligne}). Enregistrez-le en UTF-8.", ligne) from None
    elif isinstance(texte, str):
        if len(texte) > MAX_OCTETS:
            raise ErreurEntree(f"Texte trop volumineux ({_taille(len(texte))} au moins) : la taille maximale "
                               f"acceptée est {_taille(MAX_OCTETS)}.")
        try:
            size = len(texte.encode("utf-8"))
        except UnicodeEncodeError:
            raise ErreurEntree("Le texte contient des caractères invalides (moitiés de paires UTF-16).") from None
        if size > MAX_OCTETS:
            raise ErreurEntree(f"Texte trop volumineux ({_taille(size)}) : la taille maximale acceptée "
                               f"est {_taille(MAX_OCTETS)}.")
        text = texte
    else:
        raise ErreurEntree(f"Entrée illisible : un texte était attendu, pas {type(texte).__name__}.")
    text = text.removeprefix("\ufeff")
    bad = _CONTROL.search(text)
    if bad:
        ligne = text.count("\n", 0, bad.start()) + 1
        raise ErreurEntree(f"Caractère de contrôle interdit (U+{ord(bad.group()):04X}) à la ligne {ligne}.", ligne)
    return text


class _ErreurSyntaxeJson(ErreurEntree):
    """JSON syntax error: the text may still be YAML flow style."""


def _json_depth_ok(text: str) -> bool:
    """True when brackets outside JSON strings never nest deeper than MAX_DEPTH."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = 0
    for char in brackets:
        depth += 1 if char in "[{" else -1
        if depth > MAX_DEPTH:
            return False
    return True


def _refuse_constant(name: str) -> Any:
    raise ErreurEntree(f"JSON invalide : la valeur {name} n'est pas acceptée.")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 30:
        raise ErreurEntree(f"JSON invalide : nombre trop grand ({text[:20]}…).")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ErreurEntree(f"JSON invalide : nombre trop grand ({text[:20]}).")
    return value


def _traduire_json(message: str) -> str:
    for english, french in _JSON_MESSAGES:
        if message.startswith(english):
            return french
    return "syntaxe invalide"


def parse_json(text: str) -> Any:
    """Parse JSON with the engine's limits (depth, numbers, NaN refused).

    Raises:
        ErreurEntree: with line and column of the syntax error.

    """
    if not _json_depth_ok(text):
        raise ErreurEntree(f"Document trop imbriqué : plus de {MAX_DEPTH} niveaux de listes ou d'objets "
                           "les uns dans les autres.")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int, parse_float=_parse_float)
    except json.JSONDecodeError as exc:
        raise _ErreurSyntaxeJson(f"JSON invalide, ligne {exc.lineno}, colonne {exc.colno} : {_traduire_json(exc.msg)}.",
                           exc.lineno, exc.colno) from None
    except RecursionError:
        raise ErreurEntree("Document trop imbriqué.") from None


def verifier_structure(value: Any) -> None:
    """Check that a value is plain JSON data within the depth and size limits.

    Raises:
        ErreurEntree: when the value is too deep, too large, or not JSON data.

    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    nodes = 0
    while stack:
        current, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ErreurEntree(f"Document trop volumineux : plus de {grouped(MAX_NODES)} valeurs.")
        if isinstance(current, dict):
            if depth > MAX_DEPTH:
                raise ErreurEntree(f"Document trop imbriqué : plus de {MAX_DEPTH} niveaux de listes ou d'objets.")
            for key, child in current.items():
                if not isinstance(key, str):
                    raise ErreurEntree(f"Clé invalide {key!r} : les clés doivent être des textes.")
                stack.append((child, depth + 1))
        elif isinstance(current, list):
            if depth > MAX_DEPTH:
                raise ErreurEntree(f"Document trop imbriqué : plus de {MAX_DEPTH} niveaux de listes ou d'objets.")
            if len(current) > MAX_ITEMS:
                raise ErreurEntree(f"Liste trop longue : {grouped(len(current))} éléments, le maximum accepté "
                                   f"est {grouped(MAX_ITEMS)}.")
            stack.extend((child, depth + 1) for child in current)
        elif isinstance(current, float) and not math.isfinite(current):
            raise ErreurEntree("Nombre invalide (infini ou NaN).")
        elif current is not None and not isinstance(current, (str, int, float, bool)):
            raise ErreurEntree(f"Valeur invalide de type {type(current).__name__}.")


def lire_document(texte: str | bytes) -> Any:
    """Parse a JSON or YAML document (any top-level type) with the engine's limits.

    Raises:
        ErreurEntree: unreadable or hostile input, with a French message.

    """
    text = decoder(texte)
    stripped = text.lstrip()
    if not stripped:
        raise ErreurEntree("Le document est vide.")
    if stripped[0] in "[{":
        try:
            value = parse_json(text)
        except _ErreurSyntaxeJson as json_error:
            try:
                value = parse_yaml(text)  # YAML flow style such as {jeu: bataille-d6, ...}
            except ErreurEntree:
                raise json_error from None
    else:
        value = parse_yaml(text)
    verifier_structure(value)
    return value


def lire_liste(texte: str | bytes) -> dict[str, Any]:
    """Read a list document written in YAML or JSON.

    Args:
        texte: the document as text, or as bytes that must be UTF-8.

    Returns:
        The document as plain values (a dict at the top level).

    Raises:
        ErreurEntree: unreadable or hostile input (size over 1 Mo, invalid
            UTF-8, syntax error, YAML anchor/alias/tag, nesting deeper than 20,
            more than 100 000 values, top level not an object).

    """
    value = lire_document(texte)
    if not isinstance(value, dict):
        raise ErreurEntree(f"Le document doit être un objet (avec les clés jeu, nom, format et entrees), "
                           f"pas {nom_de_type(value)}.")
    return value


def entiers_exacts(value: Any) -> Any:
    """A copy of JSON data where whole floats (`3.0`) become ints, as JSON Schema sees them."""
    if isinstance(value, dict):
        return {k: entiers_exacts(v) for k, v in value.items()}
    if isinstance(value, list):
        return [entiers_exacts(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
