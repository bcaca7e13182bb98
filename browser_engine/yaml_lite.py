"""A small, safe YAML subset parser in pure Python (Pyodide has no PyYAML).

Supported: block mappings and sequences, flow collections (`[a, b]`, `{k: v}`,
possibly over several lines), plain, single- and double-quoted scalars, literal
(`|`) and folded (`>`) block scalars, comments, and a leading `---`.
Scalars follow the YAML 1.2 core schema: `null`/`~`, `true`/`false`, integers,
floats; anything else is a string (`oui`, `no`, `on` stay strings).

Refused on purpose, with a French message: anchors, aliases and tags (this is
what defeats "billion laughs" alias bombs), merge keys (`<<`), directives, complex keys, several
documents, tabs in indentation, nesting deeper than `MAX_DEPTH` and documents
with more than `MAX_NODES` values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import ErreurEntree
from .yaml_lite_flux import MAX_DIGITS as MAX_DIGITS  # re-exported: the limits live here for their readers
from .yaml_lite_flux import _Stream, resolve_plain

MAX_DEPTH = 20
MAX_NODES = 100_000
MAX_ITEMS = 1000  # per sequence: a list of 10 000 entries stops early, with a clear message

_COMMENT = re.compile(r"(?:^|[ \t])#")
_MISSING_SPACE = re.compile(r"[^\s:'\"\[{#][^\s:]*:[^\s/:]")


@dataclass
class _Line:
    """One significant source line: its number, indentation and text after the indentation."""

    number: int
    indent: int
    text: str


def grouped(number: int) -> str:
    """An integer with French digit grouping (`10 000`)."""
    return f"{number:,}".replace(",", "\u202f")


def _comment_start(text: str) -> int:
    """Index where a comment starts in a plain text (`#` at start or after a blank), or len."""
    match = _COMMENT.search(text)
    if not match:
        return len(text)
    return match.start() if text[match.start()] == "#" else match.start() + 1


def _is_blank_or_comment(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


def _is_sequence_item(text: str) -> bool:
    return text == "-" or text.startswith(("- ", "-\t"))


class _Parser:
    """Recursive-descent parser over significant lines; see the module docstring."""

    def __init__(self, text: str) -> None:
        self.raw = text.split("\n")
        self.lines: list[_Line] = []
        self.nodes = 0
        self._prepare()

    # --- errors and limits ------------------------------------------------------------

    @staticmethod
    def fail(number: int, message: str, column: int | None = None) -> ErreurEntree:
        return ErreurEntree(f"YAML invalide, ligne {number} : {message}", number, column)

    def count(self, number: int) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ErreurEntree(f"Document trop volumineux : plus de {grouped(MAX_NODES)} valeurs "
                               f"(dépassement à la ligne {number}).", number)

    def check_items(self, count: int, number: int) -> None:
        if count > MAX_ITEMS:
            raise ErreurEntree(f"Liste trop longue (ligne {number}) : plus de {grouped(MAX_ITEMS)} éléments, "
                               f"le maximum accepté.", number)

    def check_depth(self, depth: int, number: int) -> None:
        if depth > MAX_DEPTH:
            raise ErreurEntree(f"Document trop imbriqué, ligne {number} : plus de {MAX_DEPTH} niveaux "
                               "de listes ou d'objets les uns dans les autres.", number)

    # --- line preparation -------------------------------------------------------------

    def _prepare(self) -> None:
        """Keep significant lines; refuse tabs in indentation, directives and extra documents."""
        started = False
        for index, raw in enumerate(self.raw):
            line = raw[:-1] if raw.endswith("\r") else raw
            self.raw[index] = line
            number = index + 1
            content = line.lstrip(" ")
            indent = len(line) - len(content)
            if content.startswith("\t") and content.strip():
                raise self.fail(number, "tabulation dans l'indentation ; indentez avec des espaces.")
            if _is_blank_or_comment(content):
                continue
            if indent == 0 and content.startswith("%"):
                raise self.fail(number, "les directives YAML (%) ne sont pas acceptées.")
            if indent == 0 and (content.rstrip() == "---" or content.startswith("--- ")):
                if started:
                    raise self.fail(number, "un seul document YAML est accepté (« --- » en trop).")
                started = True
                rest = content[3:].strip()
                if rest and not rest.startswith("#"):
                    raise self.fail(number, "écrivez le contenu sur les lignes qui suivent « --- ».")
                continue
            if indent == 0 and content.rstrip() == "...":
                if any(not _is_blank_or_comment(r) for r in self.raw[index + 1:]):
                    raise self.fail(number, "un seul document YAML est accepté (contenu après « ... »).")
                break
            started = True
            self.lines.append(_Line(number, indent, content.rstrip()))

    # --- document ---------------------------------------------------------------------

    def parse(self) -> Any:
        if not self.lines:
            return None
        first = self.lines[0]
        value, i = self.block(0, first.indent, 1)
        if i < len(self.lines):
            line = self.lines[i]
            raise self.fail(line.number, "indentation incohérente ou contenu inattendu.", line.indent + 1)
        return value

    def block(self, i: int, indent: int, depth: int) -> tuple[Any, int]:
        """Parse the node starting at significant line `i`, whose indentation is `indent`."""
        line = self.lines[i]
        self.check_depth(depth, line.number)
        if _is_sequence_item(line.text):
            return self.sequence(i, indent, depth)
        if self.split_key(line) is not None:
            return self.mapping(i, indent, depth)
        if _MISSING_SPACE.match(line.text):
            raise self.fail(line.number, "« : » doit être suivi d'une espace (« clé: valeur »).", indent + 1)
        return self.value(i, line.text, indent, indent - 1, depth)

    def sequence(self, i: int, indent: int, depth: int) -> tuple[list[Any], int]:
        items: list[Any] = []
        while i < len(self.lines) and self.lines[i].indent == indent and _is_sequence_item(self.lines[i].text):
            line = self.lines[i]
            self.count(line.number)
            rest = line.text[1:]
            stripped = rest.lstrip(" \t")
            column = indent + 1 + len(rest) - len(stripped)
            if _is_blank_or_comment(stripped):
                item, i = self.nested_or_null(i, indent, depth, allow_same_indent_sequence=False)
            else:
                self.lines[i] = _Line(line.number, column, stripped)
                if _is_sequence_item(stripped) or self.split_key(self.lines[i]) is not None:
                    item, i = self.block(i, column, depth + 1)
                else:
                    item, i = self.value(i, stripped, column, indent, depth + 1)
            items.append(item)
            self.check_items(len(items), line.number)
        self.check_dedent(i, indent)
        return items, i

    def mapping(self, i: int, indent: int, depth: int) -> tuple[dict[str, Any], int]:
        result: dict[str, Any] = {}
        while i < len(self.lines) and self.lines[i].indent == indent:
            line = self.lines[i]
            split = self.split_key(line)
            if split is None:
                if _is_sequence_item(line.text):
                    raise self.fail(line.number, "élément de liste « - » inattendu au milieu d'un objet.",
                                    indent + 1)
                raise self.fail(line.number, "« clé: valeur » attendu (avec une espace après « : »).",
                                indent + 1)
            key, rest, column = split
            if key in result:
                raise self.fail(line.number, f"clé « {key} » en double dans le même objet.", indent + 1)
            self.count(line.number)
            if _is_blank_or_comment(rest):
                value, i = self.nested_or_null(i, indent, depth, allow_same_indent_sequence=True)
            else:
                value, i = self.value(i, rest, column, indent, depth + 1)
            result[key] = value
        self.check_dedent(i, indent)
        return result, i

    def nested_or_null(self, i: int, indent: int, depth: int,
                       allow_same_indent_sequence: bool) -> tuple[Any, int]:
        """Value written on the lines after `key:` or `-`: a deeper block, or null."""
        j = i + 1
        if j < len(self.lines):
            following = self.lines[j]
            if following.indent > indent:
                return self.block(j, following.indent, depth + 1)
            if allow_same_indent_sequence and following.indent == indent and _is_sequence_item(following.text):
                self.check_depth(depth + 1, following.number)
                return self.sequence(j, indent, depth + 1)
        return None, j

    def check_dedent(self, i: int, indent: int) -> None:
        if i < len(self.lines) and self.lines[i].indent > indent:
            line = self.lines[i]
            raise self.fail(line.number, "indentation inattendue (ou « : » dans une valeur sans guillemets).",
                            line.indent + 1)

    # --- keys -------------------------------------------------------------------------

    def split_key(self, line: _Line) -> tuple[str, str, int] | None:
        """Split `key: rest` into (key, rest, column of rest), or None when not a key line."""
        text = line.text
        first = text[0]
        if first in "\"'":
            try:
                key, end = self.quoted_on_line(text, 0, line)
            except ErreurEntree:
                return None  # a quoted value going on over several lines, not a key
            after = text[end:].lstrip(" ")
            if not after.startswith(":") or (len(after) > 1 and after[1] not in " \t"):
                return None
            offset = len(text) - len(after) + 1
            rest = text[offset:]
            return key, rest.lstrip(" \t"), line.indent + offset + len(rest) - len(rest.lstrip(" \t"))
        if first in "[{" or first == "#":
            return None
        if first == "?" and (len(text) == 1 or text[1] in " \t"):
            raise self.fail(line.number, "les clés complexes (« ? ») ne sont pas acceptées.", line.indent + 1)
        limit = _comment_start(text)
        k = 0
        while True:
            k = text.find(":", k, limit)
            if k < 0:
                return None
            if k + 1 >= len(text) or text[k + 1] in " \t":
                break
            k += 1
        key = text[:k].rstrip()
        if not key:
            raise self.fail(line.number, "clé vide avant « : ».", line.indent + 1)
        self.refuse_indicator(key, line.number, line.indent + 1)
        self.refuse_merge_key(key, line.number, line.indent + 1)
        rest = text[k + 1:]
        stripped = rest.lstrip(" \t")
        return key, stripped, line.indent + k + 1 + len(rest) - len(stripped)

    def refuse_merge_key(self, key: str, number: int, column: int) -> None:
        """Refuse the merge key `<<`: it copies another mapping, which needs anchors and aliases."""
        if key == "<<":
            raise self.fail(number, "les clés de fusion YAML (« << ») ne sont pas acceptées ; "
                                    "écrivez chaque champ.", column)

    def refuse_indicator(self, text: str, number: int, column: int) -> None:
        """Refuse anchors, aliases, tags and reserved characters at the start of a node."""
        first = text[:1]
        if first == "&":
            raise self.fail(number, "les ancres YAML (&nom) ne sont pas acceptées.", column)
        if first == "*":
            raise self.fail(number, "les alias YAML (*nom) ne sont pas acceptés.", column)
        if first == "!":
            raise self.fail(number, "les étiquettes de type YAML (!) ne sont pas acceptées.", column)
        if first in ("@", "`"):
            raise self.fail(number, f"le caractère « {first} » ne peut pas commencer une valeur ; "
                                    "mettez la valeur entre guillemets.", column)

    # --- values -----------------------------------------------------------------------

    def value(self, i: int, text: str, column: int, owner_indent: int, depth: int) -> tuple[Any, int]:
        """Parse the value written on line `i` from `column`; return it and the next line index."""
        line = self.lines[i]
        self.refuse_indicator(text, line.number, column + 1)
        first = text[0]
        if first in "|>":
            self.count(line.number)
            return self.block_scalar(i, text, owner_indent)
        if first in "[{\"'":
            stream = _Stream(self, i, column, text)
            value = stream.node(depth) if first in "[{" else stream.quoted()
            stream.finish_line()
            return value, stream.index + 1
        return self.plain(i, text, owner_indent)

    def plain(self, i: int, text: str, owner_indent: int) -> tuple[Any, int]:
        line = self.lines[i]
        self.count(line.number)
        parts = [text[:_comment_start(text)].strip()]
        j = i + 1
        while j < len(self.lines) and self.lines[j].indent > owner_indent and not _is_sequence_item(self.lines[j].text):
            following = self.lines[j]
            if self.split_key(following) is not None:
                break
            parts.append(following.text[:_comment_start(following.text)].strip())
            j += 1
        scalar = " ".join(p for p in parts if p)
        if ": " in scalar or scalar.endswith(":"):
            raise self.fail(line.number, "« : » dans une valeur sans guillemets ; mettez-la entre guillemets.")
        if len(parts) > 1:
            return scalar, j
        try:
            return resolve_plain(scalar), j
        except ErreurEntree as exc:
            raise self.fail(line.number, exc.message) from None

    def block_scalar(self, i: int, header: str, owner_indent: int) -> tuple[str, int]:
        line = self.lines[i]
        match = re.match(r"([|>])([-+]?)([1-9]?)([-+]?)\s*(#.*)?\Z", header)
        if not match or (match.group(2) and match.group(4)):
            raise self.fail(line.number, "en-tête de bloc de texte invalide (attendu |, |-, >, >-...).")
        literal = match.group(1) == "|"
        chomping = match.group(2) or match.group(4)
        explicit = int(match.group(3)) if match.group(3) else 0
        body_raw: list[str] = []
        index = line.number  # raw index of the line after the header
        content_indent = owner_indent + explicit if explicit else 0
        while index < len(self.raw):
            raw = self.raw[index]
            stripped = raw.strip(" ")
            indent = len(raw) - len(raw.lstrip(" "))
            if not stripped:
                body_raw.append("")
                index += 1
                continue
            if content_indent == 0:
                content_indent = indent
            if indent < content_indent or indent <= owner_indent:
                break
            body_raw.append(raw[content_indent:])
            index += 1
        trailing = 0
        while body_raw and body_raw[-1] == "":
            body_raw.pop()
            trailing += 1
        text = "\n".join(body_raw) if literal else _fold(body_raw)
        if chomping == "-" or not text:
            result = text
        elif chomping == "+":
            result = text + "\n" * (trailing + 1)
        else:
            result = text + "\n"
        j = i + 1
        while j < len(self.lines) and self.lines[j].number <= index:
            j += 1
        return result, j

    def quoted_on_line(self, text: str, start: int, line: _Line) -> tuple[str, int]:
        """Parse a quoted scalar that must close on the same line; return it and the end index."""
        stream = _Stream(self, None, line.indent + start, text[start:], single_line=True, number=line.number)
        value = stream.quoted()
        return value, start + stream.pos


def _fold(lines: list[str]) -> str:
    """Fold the lines of a `>` block scalar: single breaks become spaces."""
    out: list[str] = []
    previous: str | None = None
    breaks = 0
    for line in lines:
        if line == "":
            breaks += 1
            continue
        kind = "more" if line[0] in " \t" else "normal"
        if previous is None:
            separator = "\n" * breaks
        elif previous == "normal" and kind == "normal":
            separator = "\n" * breaks if breaks else " "
        else:
            separator = "\n" * (breaks + 1)
        out.append(separator + line)
        previous, breaks = kind, 0
    return "".join(out)


def parse_yaml(text: str) -> Any:
    """Parse a YAML document written in the supported subset.

    Args:
        text: the document, already decoded.

    Returns:
        Plain values: dict (string keys), list, str, int, float, bool or None.

    Raises:
        ErreurEntree: with a French message and the line number.

    """
    return _Parser(text).parse()
