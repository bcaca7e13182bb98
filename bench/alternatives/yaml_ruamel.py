"""Alternative 1: parse_yaml on ruamel.yaml (pure Python), behind yaml_lite's interface.

Events from ruamel's parser are composed here (not by ruamel's constructor) so that anchors,
aliases, tags, merge keys, duplicate keys, depth, size and list length are refused before any
value is built, and plain scalars are typed by yaml_lite.resolve_plain (YAML 1.2 core schema).
ruamel's English errors are translated into French with their line and column.
"""
from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from browser_engine.errors import ErreurEntree
from browser_engine.yaml_lite import MAX_DEPTH, MAX_ITEMS, MAX_NODES, grouped, resolve_plain

_TRANSLATIONS = (
    ("found unexpected end of stream", "guillemet fermant manquant."),
    ("expected ',' or ']'", "« , » ou « ] » attendu dans la liste entre crochets (« ] » manquant ?)."),
    ("expected ',' or '}'", "« , » ou « } » attendu dans l'objet entre accolades (« } » manquant ?)."),
    ("mapping values are not allowed here", "« : » dans une valeur sans guillemets ; mettez-la entre guillemets."),
    ("found character '\\t'", "tabulation dans l'indentation ; indentez avec des espaces."),
    ("found unknown escape character", "séquence d'échappement invalide dans une chaîne entre guillemets."),
    ("expected <block end>", "indentation incohérente ou contenu inattendu."),
    ("could not find expected ':'", "« clé: valeur » attendu (avec une espace après « : »)."),
    ("found character '@'", "le caractère « @ » ne peut pas commencer une valeur ; mettez la valeur entre guillemets."),
    ("found character '`'", "le caractère « ` » ne peut pas commencer une valeur ; mettez la valeur entre guillemets."),
)


def _fail(mark: Any, message: str) -> ErreurEntree:
    line, column = mark.line + 1, mark.column + 1
    return ErreurEntree(f"YAML invalide, ligne {line} : {message}", line, column)


def _translate(exc: MarkedYAMLError) -> ErreurEntree:
    problem = exc.problem or ""
    mark = exc.problem_mark or exc.context_mark
    for english, french in _TRANSLATIONS:
        if problem.startswith(english):
            return _fail(mark, french)
    return _fail(mark, "syntaxe invalide.") if mark else ErreurEntree("YAML invalide.")


class _Composer:
    """Builds plain values from events, with the engine's refusals and limits."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.split("\n")
        self.nodes = 0

    def refuse(self, event: Any) -> None:
        mark = event.start_mark
        if isinstance(event, AliasEvent):
            raise _fail(mark, "les alias YAML (*nom) ne sont pas acceptés.")
        if getattr(event, "anchor", None):
            raise _fail(mark, "les ancres YAML (&nom) ne sont pas acceptées.")
        tag = getattr(event, "tag", None)
        if tag is not None and not (isinstance(event, ScalarEvent) and tag == "!" ):
            raise _fail(mark, "les étiquettes de type YAML (!) ne sont pas acceptées.")

    def count(self, event: Any) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            line = event.start_mark.line + 1
            raise ErreurEntree(f"Document trop volumineux : plus de {grouped(MAX_NODES)} valeurs "
                               f"(dépassement à la ligne {line}).", line)

    def node(self, events: Any, event: Any, depth: int) -> Any:
        self.refuse(event)
        self.count(event)
        if isinstance(event, ScalarEvent):
            if event.style is None:
                try:
                    return resolve_plain(event.value)
                except ErreurEntree as exc:
                    raise _fail(event.start_mark, exc.message) from None
            return event.value
        if depth > MAX_DEPTH:
            line = event.start_mark.line + 1
            raise ErreurEntree(f"Document trop imbriqué, ligne {line} : plus de {MAX_DEPTH} niveaux "
                               "de listes ou d'objets les uns dans les autres.", line)
        if isinstance(event, SequenceStartEvent):
            items: list[Any] = []
            for child in events:
                if isinstance(child, SequenceEndEvent):
                    return items
                items.append(self.node(events, child, depth + 1))
                if len(items) > MAX_ITEMS:
                    line = child.start_mark.line + 1
                    raise ErreurEntree(f"Liste trop longue (ligne {line}) : plus de {grouped(MAX_ITEMS)} "
                                       "éléments, le maximum accepté.", line)
        if isinstance(event, MappingStartEvent):
            result: dict[str, Any] = {}
            for key_event in events:
                if isinstance(key_event, MappingEndEvent):
                    return result
                mark = key_event.start_mark
                before = self.lines[mark.line][:mark.column] if mark.line < len(self.lines) else ""
                if not isinstance(key_event, ScalarEvent) or before.rstrip().endswith("?"):
                    self.refuse(key_event)
                    raise _fail(mark, "les clés complexes (« ? ») ne sont pas acceptées.")
                if key_event.value == "<<" and key_event.style is None:
                    raise _fail(mark, "les clés de fusion YAML (« << ») ne sont pas acceptées ; écrivez chaque champ.")
                key = self.node(events, key_event, depth + 1)
                if not isinstance(key, str):
                    key = key_event.value
                if key in result:
                    raise _fail(mark, f"clé « {key} » en double dans le même objet.")
                result[key] = self.node(events, next(events), depth + 1)
        raise _fail(event.start_mark, "syntaxe invalide.")


def parse_yaml(text: str) -> Any:
    """Parse a YAML document with ruamel.yaml; same contract as yaml_lite.parse_yaml."""
    composer = _Composer(text)
    for number, line in enumerate(composer.lines, 1):
        if line.startswith("%"):
            raise ErreurEntree(f"YAML invalide, ligne {number} : les directives YAML (%) ne sont pas acceptées.",
                               number, 1)
        stripped = line.lstrip(" ")
        if stripped.startswith("\t") and stripped.strip():
            raise ErreurEntree(f"YAML invalide, ligne {number} : tabulation dans l'indentation ; indentez avec "
                               "des espaces.", number, len(line) - len(stripped) + 1)
    events = iter(YAML(typ="safe", pure=True).parse(text))  # a YAML object keeps state after an error
    value: Any = None
    documents = 0
    try:
        for event in events:
            if isinstance(event, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _fail(event.start_mark, "un seul document YAML est accepté (« --- » en trop).")
                following = next(events)
                if not isinstance(following, StreamEndEvent):
                    value = composer.node(events, following, 1)
            elif isinstance(event, StreamEndEvent):
                break
    except MarkedYAMLError as exc:
        raise _translate(exc) from None
    except YAMLError:  # ruamel's reader refuses C1 controls (U+0080...) without a position
        raise ErreurEntree("YAML invalide : caractère non accepté.") from None
    except RecursionError:
        raise ErreurEntree("Document trop imbriqué.") from None
    return value

