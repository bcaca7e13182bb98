"""Flow collections (`[a, b]`, `{k: v}`) and quoted scalars of the YAML subset, and plain-scalar typing.

Split from `yaml_lite` (which parses the block structure and calls this module for what is written
on one line or in brackets): the character-level reader of flow collections and quoted scalars,
with their escapes, and the YAML 1.2 core schema for plain scalars.
"""
from __future__ import annotations

import math
import re
from typing import Any, Protocol

from .errors import ErreurEntree


class _BlockParser(Protocol):
    """What the flow reader asks of `yaml_lite`'s block parser (no import back: no circle)."""

    lines: list[Any]

    def fail(self, number: int, message: str, column: int | None = None) -> ErreurEntree: ...
    def count(self, number: int) -> None: ...
    def check_items(self, count: int, number: int) -> None: ...
    def check_depth(self, depth: int, number: int) -> None: ...
    def refuse_merge_key(self, key: str, number: int, column: int) -> None: ...
    def refuse_indicator(self, text: str, number: int, column: int) -> None: ...


MAX_DIGITS = 30  # an integer literal longer than this is refused (JSON and YAML alike)
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_TRUES = frozenset(("true", "True", "TRUE"))
_FALSES = frozenset(("false", "False", "FALSE"))
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
            "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85",
            "_": "\xa0", "L": "\u2028", "P": "\u2029"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}
_FLOW_END = ",[]{}"
_RUNS = {"'": re.compile(r"[^']+"), '"': re.compile(r'[^"\\]+')}


def resolve_plain(text: str) -> Any:
    """Type a plain (unquoted) scalar with the YAML 1.2 core schema.

    Args:
        text: the scalar, already stripped.

    Returns:
        None, a bool, an int, a finite float, or the text itself.

    Raises:
        ErreurEntree: a number too large (more than `MAX_DIGITS` digits, or not finite),
            without its location: the caller adds it.

    """
    if text in _NULLS:
        return None
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    if _INT.match(text):
        if len(text.lstrip("+-")) > MAX_DIGITS:
            raise ErreurEntree(f"nombre trop grand ({text[:20]}…) : {MAX_DIGITS} chiffres au plus.")
        return int(text)
    if _FLOAT.match(text) and any(c.isdigit() for c in text):
        number = float(text)
        if not math.isfinite(number):
            raise ErreurEntree(f"nombre trop grand ({text[:20]}).")
        return number
    return text


class _Stream:
    """Character reader for flow collections and quoted scalars, possibly over several lines."""

    def __init__(self, parser: _BlockParser, index: int | None, column: int, text: str,
                 single_line: bool = False, number: int | None = None) -> None:
        self.parser = parser
        self.index = index if index is not None else 0
        self.column0 = column
        self.text = text
        self.pos = 0
        self.single_line = single_line
        self.number = number if number is not None else parser.lines[self.index].number

    def fail(self, message: str) -> ErreurEntree:
        return self.parser.fail(self.number, message, self.column0 + self.pos + 1)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def next_line(self) -> bool:
        """Move to the next significant line; False at the end of the document."""
        if self.single_line or self.index + 1 >= len(self.parser.lines):
            return False
        self.index += 1
        line = self.parser.lines[self.index]
        self.text, self.pos, self.column0, self.number = line.text, 0, line.indent, line.number
        return True

    def skip_blanks(self, opened_at: int, closer: str) -> None:
        """Skip spaces, comments and line breaks inside a flow collection."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in " \t":
                self.pos += 1
            if self.pos >= len(self.text) or self.text[self.pos] == "#":
                if not self.next_line():
                    raise self.parser.fail(self.number, f"« {closer} » manquant (ouvert à la ligne {opened_at}).")
                continue
            return

    def finish_line(self) -> None:
        rest = self.text[self.pos:]
        if rest.strip() and not rest.lstrip(" \t").startswith("#"):
            raise self.fail(f"texte inattendu après la valeur : « {rest.strip()[:30]} ».")

    def node(self, depth: int) -> Any:
        """Parse one flow node at the current position."""
        char = self.peek()
        self.parser.refuse_indicator(self.text[self.pos:], self.number, self.column0 + self.pos + 1)
        if char in "[{":
            self.parser.check_depth(depth, self.number)
            return self.flow_sequence(depth) if char == "[" else self.flow_mapping(depth)
        self.parser.count(self.number)
        if char in "\"'":
            return self.quoted()
        if char in "|>":
            raise self.fail("bloc de texte (| ou >) interdit entre [ ] ou { }.")
        return self.flow_plain()

    def flow_sequence(self, depth: int) -> list[Any]:
        opened_at = self.number
        self.pos += 1
        items: list[Any] = []
        while True:
            self.skip_blanks(opened_at, "]")
            if self.peek() == "]":
                self.pos += 1
                return items
            items.append(self.node(depth + 1))
            self.parser.check_items(len(items), self.number)
            self.skip_blanks(opened_at, "]")
            char = self.peek()
            if char == ",":
                self.pos += 1
            elif char != "]":
                raise self.fail("« , » ou « ] » attendu dans la liste entre crochets.")

    def flow_mapping(self, depth: int) -> dict[str, Any]:
        opened_at = self.number
        self.pos += 1
        result: dict[str, Any] = {}
        while True:
            self.skip_blanks(opened_at, "}")
            if self.peek() == "}":
                self.pos += 1
                return result
            key_number, key_column = self.number, self.column0 + self.pos + 1
            key = self.flow_key()
            self.skip_blanks(opened_at, "}")
            if self.peek() != ":":
                raise self.fail(f"« : » attendu après la clé « {key} ».")
            self.pos += 1
            self.skip_blanks(opened_at, "}")
            value = None if self.peek() in ",}" else self.node(depth + 1)
            if key in result:
                raise self.parser.fail(key_number, f"clé « {key} » en double dans le même objet.", key_column)
            result[key] = value
            self.parser.count(self.number)
            self.skip_blanks(opened_at, "}")
            char = self.peek()
            if char == ",":
                self.pos += 1
            elif char != "}":
                raise self.fail("« , » ou « } » attendu dans l'objet entre accolades.")

    def flow_key(self) -> str:
        char = self.peek()
        self.parser.refuse_indicator(self.text[self.pos:], self.number, self.column0 + self.pos + 1)
        if char in "\"'":
            return self.quoted()
        if char in "[{":
            raise self.fail("les clés complexes ([ ] ou { } comme clé) ne sont pas acceptées.")
        column = self.column0 + self.pos + 1
        key = self.flow_plain(raw=True)
        if not isinstance(key, str) or not key:
            raise self.fail("clé attendue.")
        self.parser.refuse_merge_key(key, self.number, column)
        return key

    def flow_plain(self, raw: bool = False) -> Any:
        start = self.pos
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in _FLOW_END:
                break
            if char == ":" and (self.pos + 1 >= len(text) or text[self.pos + 1] in " \t,[]{}"):
                break
            if char == "#" and self.pos > start and text[self.pos - 1] in " \t":
                break
            self.pos += 1
        scalar = text[start:self.pos].strip()
        if not scalar:
            raise self.fail("valeur attendue.")
        if raw:
            return scalar
        try:
            return resolve_plain(scalar)
        except ErreurEntree as exc:
            raise self.parser.fail(self.number, exc.message, self.column0 + start + 1) from None

    def quoted(self) -> str:
        """Parse a single- or double-quoted scalar starting at the current position."""
        quote = self.peek()
        opened_at = self.number
        self.pos += 1
        out: list[str] = []
        while True:
            if self.pos >= len(self.text):
                self.fold_quoted_break(out, opened_at, quote)
                continue
            run = _RUNS[quote].match(self.text, self.pos)
            if run:
                out.append(run.group())
                self.pos = run.end()
                continue
            char = self.text[self.pos]
            if char == quote:
                if quote == "'" and self.text.startswith("''", self.pos):
                    out.append("'")
                    self.pos += 2
                    continue
                self.pos += 1
                return "".join(out)
            if char == "\\" and quote == '"':
                if self.pos + 1 >= len(self.text):
                    self.pos += 1
                    if not self.next_line():
                        raise self.parser.fail(opened_at, "guillemet fermant manquant.")
                    self.pos = len(self.text) - len(self.text.lstrip(" \t"))
                    continue
                out.append(self.escape())
                continue
            out.append(char)
            self.pos += 1

    def fold_quoted_break(self, out: list[str], opened_at: int, quote: str) -> None:
        """A quoted scalar goes on to the next line: the break folds into a space."""
        while out and out[-1] in (" ", "\t"):
            out.pop()
        number = self.number
        if not self.next_line():
            raise self.parser.fail(opened_at, f"guillemet fermant {quote} manquant.")
        blank_lines = self.number - number - 1
        out.append("\n" * blank_lines if blank_lines else " ")
        self.pos = len(self.text) - len(self.text.lstrip(" \t"))

    def escape(self) -> str:
        code = self.text[self.pos + 1]
        if code in _ESCAPES:
            self.pos += 2
            return _ESCAPES[code]
        if code in _HEX_ESCAPES:
            size = _HEX_ESCAPES[code]
            digits = self.text[self.pos + 2:self.pos + 2 + size]
            if len(digits) == size and all(c in "0123456789abcdefABCDEF" for c in digits):
                value = int(digits, 16)
                if 0xD800 <= value <= 0xDFFF:
                    raise self.fail(f"« \\{code}{digits} » est une moitié de paire UTF-16 isolée ; écrivez le "
                                    "caractère lui-même (ou \\U suivi de 8 chiffres).")
                if value <= 0x10FFFF:
                    self.pos += 2 + size
                    return chr(value)
        raise self.fail(f"séquence d'échappement invalide « \\{code} » dans une chaîne entre guillemets.")
