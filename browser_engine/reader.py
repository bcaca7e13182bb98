"""Reading list documents: bytes or text, JSON or YAML, with limits against hostile input."""
from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import ErreurEntree, ErreurParametre
from .yaml_lite import MAX_DEPTH, MAX_DIGITS, MAX_ITEMS, MAX_NODES, grouped, parse_yaml

MAX_OCTETS = 1_048_576
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_JSON_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{}]')
_KEY_COLON = re.compile(r"[ \t\n]*:")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
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
    """A size in Mo, or in bytes when one decimal would not tell it from the limit (« 1,0 Mo »)."""
    mo = f"{octets / 1_048_576:.1f}"
    if octets != MAX_OCTETS and mo == f"{MAX_OCTETS / 1_048_576:.1f}":
        return f"{octets:,} octets".replace(",", "\u202f")
    return mo.replace(".", ",") + " Mo"


def taille_trop_grande(quoi: str, octets: int, au_moins: bool = False) -> str:
    """The message refusing a text or a file past `MAX_OCTETS` (its size told apart from the limit)."""
    limite = f"{MAX_OCTETS:,}".replace(",", "\u202f")
    return (f"{quoi} trop volumineux ({_taille(octets)}{' au moins' if au_moins else ''}) : la taille maximale "
            f"acceptée est {_taille(MAX_OCTETS)} ({limite} octets).")


def decoder(texte: str | bytes | bytearray | memoryview) -> str:
    """Decode the input as UTF-8 (a BOM is allowed) after checking its size.

    Raises:
        ErreurEntree: too large, not UTF-8, or containing control characters.

    """
    if isinstance(texte, (bytes, bytearray, memoryview)):
        data = bytes(texte)
        if len(data) > MAX_OCTETS:
            raise ErreurEntree(taille_trop_grande("Fichier", len(data)))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            ligne = data[:exc.start].count(b"\n") + 1
            raise ErreurEntree(f"Le fichier n'est pas un texte UTF-8 (octet 0x{data[exc.start]:02x} invalide "
                               f"à la ligne {ligne}). Enregistrez-le en UTF-8.", ligne) from None
    elif isinstance(texte, str):
        if len(texte) > MAX_OCTETS:
            raise ErreurEntree(taille_trop_grande("Texte", len(texte), au_moins=True))
        try:
            size = len(texte.encode("utf-8"))
        except UnicodeEncodeError:
            raise ErreurEntree("Le texte contient des caractères invalides (moitiés de paires UTF-16).") from None
        if size > MAX_OCTETS:
            raise ErreurEntree(taille_trop_grande("Texte", size))
        text = texte
    else:
        raise ErreurEntree(f"Entrée illisible : un texte était attendu, pas {type(texte).__name__}.")
    text = normaliser(text)
    bad = _CONTROL.search(text)
    if bad:
        ligne = text.count("\n", 0, bad.start()) + 1
        raise ErreurEntree(f"Caractère de contrôle interdit (U+{ord(bad.group()):04X}) à la ligne {ligne}.", ligne)
    return text


def normaliser(text: str) -> str:
    """The text as every way in sees it: leading BOMs removed, CRLF and lone CR line ends made LF.

    A browser's file reader drops one BOM and a text box turns every line end into
    LF; doing the same here gives a list one verdict whether it comes from a file,
    standard input, a paste or a browser import.
    """
    text = text.lstrip("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
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
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ErreurEntree(f"JSON invalide : nombre trop grand ({text[:20]}…) : {MAX_DIGITS} chiffres au plus.")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ErreurEntree(f"JSON invalide : nombre trop grand ({text[:20]}).")
    return value


def traduire_json(message: str) -> str:
    """French wording of a `json.JSONDecodeError` message."""
    for english, french in _JSON_MESSAGES:
        if message.startswith(english):
            return french
    return "syntaxe invalide"


class _CleEnDouble(Exception):
    """A JSON object repeats a key (raised by the object hook, located afterwards)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _objet_json(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _CleEnDouble(key)
        out[key] = value
    return out


def position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index in a text."""
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def _caractere_isole(value: str) -> str:
    return f"\\u{ord(_SURROGATE.search(value).group()):04x}"  # type: ignore[union-attr]


def _erreur_localisee(text: str) -> ErreurEntree | None:
    """The first duplicate key or lone UTF-16 surrogate of a JSON text, with its line and column."""
    stack: list[set[str] | None] = []
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            stack.append(set() if token == "{" else None)
            continue
        if token in ("]", "}"):
            if stack:
                stack.pop()
            continue
        try:
            value = json.loads(token)
        except ValueError:
            continue
        ligne, colonne = position(text, match.start())
        where = f"JSON invalide, ligne {ligne}, colonne {colonne}"
        if _SURROGATE.search(value):
            return ErreurEntree(f"{where} : caractère invalide « {_caractere_isole(value)} » (moitié de paire "
                                "UTF-16 isolée) ; retirez-le ou remplacez-le.", ligne, colonne)
        keys = stack[-1] if stack else None
        if keys is not None and _KEY_COLON.match(text, match.end()):
            if value in keys:
                return ErreurEntree(f"{where} : clé « {value[:40]} » en double dans le même objet.", ligne, colonne)
            keys.add(value)
    return None


def parse_json(text: str) -> Any:
    """Parse JSON with the engine's limits (depth, numbers, NaN refused).

    Raises:
        ErreurEntree: with line and column of the syntax error.

    """
    if not _json_depth_ok(text):
        raise ErreurEntree(f"Document trop imbriqué : plus de {MAX_DEPTH} niveaux de listes ou d'objets "
                           "les uns dans les autres.")
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int, parse_float=_parse_float,
                           object_pairs_hook=_objet_json)
    except _CleEnDouble as exc:
        raise _erreur_localisee(text) or ErreurEntree(
            f"JSON invalide : clé « {exc.key[:40]} » en double dans le même objet.") from None
    except json.JSONDecodeError as exc:
        raise _ErreurSyntaxeJson(f"JSON invalide, ligne {exc.lineno}, colonne {exc.colno} : {traduire_json(exc.msg)}.",
                           exc.lineno, exc.colno) from None
    except RecursionError:
        raise ErreurEntree("Document trop imbriqué.") from None
    if _SURROGATE_ESCAPE.search(text):
        erreur = _erreur_localisee(text)
        if erreur is not None:
            raise erreur
    return value


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
                    raise ErreurEntree(f"Clé invalide {str(key)[:40]!r} : les clés doivent être des textes.")
                if _SURROGATE.search(key):
                    raise ErreurEntree(f"Clé invalide : caractère « {_caractere_isole(key)} » (moitié de paire "
                                       "UTF-16 isolée) ; retirez-le ou remplacez-le.")
                stack.append((child, depth + 1))
        elif isinstance(current, list):
            if depth > MAX_DEPTH:
                raise ErreurEntree(f"Document trop imbriqué : plus de {MAX_DEPTH} niveaux de listes ou d'objets.")
            if len(current) > MAX_ITEMS:
                raise ErreurEntree(f"Liste trop longue : {grouped(len(current))} éléments, le maximum accepté "
                                   f"est {grouped(MAX_ITEMS)}.")
            stack.extend((child, depth + 1) for child in current)
        elif isinstance(current, str) and _SURROGATE.search(current):
            raise ErreurEntree(f"Texte invalide : caractère « {_caractere_isole(current)} » (moitié de paire UTF-16 "
                               "isolée) ; retirez-le ou remplacez-le.")
        elif isinstance(current, float) and not math.isfinite(current):
            raise ErreurEntree("Nombre invalide (infini ou NaN).")
        elif isinstance(current, int) and not isinstance(current, bool) and abs(current) >= 10 ** MAX_DIGITS:
            raise ErreurEntree(f"Nombre trop grand : {MAX_DIGITS} chiffres au plus.")
        elif current is not None and not isinstance(current, (str, int, float, bool)):
            raise ErreurEntree(f"Valeur invalide de type {type(current).__name__}.")


def _plus_loin(yaml_error: ErreurEntree, json_error: ErreurEntree) -> bool:
    """True when the YAML reading of a `{`/`[` text went further than the JSON one (`{nom: 1, nom: 2}`)."""
    if yaml_error.ligne is None:
        return False
    return (yaml_error.ligne, yaml_error.colonne or 0) > (json_error.ligne or 0, json_error.colonne or 0)


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
            except ErreurEntree as yaml_error:
                raise (yaml_error if _plus_loin(yaml_error, json_error) else json_error) from None
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


def document_du_parametre(value: Any, ident: str, enveloppe: str, illisible: str) -> Any:
    """A calculation parameter given as a text (YAML or JSON) or as a document, read and unwrapped.

    `{enveloppe: [...]}` or `{ident: [...]}` gives its list.

    Raises:
        ErreurParametre: the text cannot be read (`illisible` names what it is, « Pile illisible »).

    """
    if isinstance(value, str):
        try:
            value = lire_document(value)
        except ErreurEntree as exc:
            raise ErreurParametre(f"{illisible} : {exc.message}", ident) from None
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in (enveloppe, ident):
        value = next(iter(value.values()))
    return value
