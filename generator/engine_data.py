"""The engine's input for one game (its bundle), made from the game's data files.

The validate stage runs the engine on it (`engine_checks`); the export stage writes it as
`assets/data/<jeu>.json`. The merging rule is the engine's own (`browser_engine.bundle.fusionner`),
so that the command line, reading `data/` without the generator, gets the same bundle.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_engine.bundle import fusionner, paquet

from .load import DataFile
from .urls import entry_uri, page_url
from .validate import entries_of


def schema_path(root: Path, kind: str, game_id: str) -> Path:
    """Where a game's document schema (`liste` or `catalogue`) is, if it has one."""
    return root / "schemas" / f"{kind}-{game_id}.schema.json"


def game_schema(root: Path, kind: str, game_id: str) -> dict[str, Any] | None:
    """A game's document schema (`liste` or `catalogue`), when it has one."""
    path = schema_path(root, kind, game_id)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def list_schema(root: Path, game_id: str) -> dict[str, Any] | None:
    """The list-document schema of a game, when it has one."""
    return game_schema(root, "liste", game_id)


def raw_data(files: list[DataFile]) -> dict[str, Any]:
    """A game's data files merged by top-level key (the bundle without its anchors and schemas)."""
    return fusionner([data_file.value for data_file in files])


def anchors(game_id: str, files: list[DataFile]) -> dict[str, str]:
    """URL path of each entry's anchor from the site root (`hami/tour/#cogner`)."""
    return {located.value["id"]: page_url(entry_uri(game_id, located.kind, located.value)) + "#" + located.value["id"]
            for located in entries_of(files)}


def engine_bundle(game_id: str, raw: dict[str, Any], entry_anchors: dict[str, str], root: Path) -> dict[str, Any]:
    """The engine's input for one game.

    It is the merged data, `ancres` (entry id to URL path from the site root) and `schemas`: `liste`
    (the list-document schema) and, for games whose players supply profiles, `catalogue`.
    """
    return paquet(raw, entry_anchors, list_schema(root, game_id), game_schema(root, "catalogue", game_id))


def files_bundle(game_id: str, files: list[DataFile], root: Path) -> dict[str, Any]:
    """The engine's input for one game, straight from its validated data files."""
    return engine_bundle(game_id, raw_data(files), anchors(game_id, files), root)
