"""Export stage: the JSON bundle each game's engine reads, and the example lists."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .model import Game, Site, load_site

ROOT = Path(__file__).resolve().parent.parent


def game_schema(root: Path, kind: str, game_id: str) -> dict[str, Any] | None:
    """A game's document schema (`liste` or `catalogue`), when it has one."""
    path = root / "schemas" / f"{kind}-{game_id}.schema.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def list_schema(root: Path, game_id: str) -> dict[str, Any] | None:
    """The list-document schema of a game, when it has one."""
    return game_schema(root, "liste", game_id)


def bundle(game: Game, root: Path = ROOT) -> dict[str, Any]:
    """The engine's input for one game.

    It merges every data file by top-level key, and adds `ancres` (entry id to
    URL path from the site root) and `schemas`: `liste` (the list-document
    schema) and, for games whose players supply profiles, `catalogue`.
    """
    out = dict(game.raw)
    out["ancres"] = {entry_id: game.url(entry_id) for entry_id in game.entries}
    out["schemas"] = {"liste": list_schema(root, game.id)}
    catalogue = game_schema(root, "catalogue", game.id)
    if catalogue is not None:
        out["schemas"]["catalogue"] = catalogue
    return out


def bundle_json(game: Game, root: Path = ROOT) -> str:
    """The bundle as compact JSON text."""
    return json.dumps(bundle(game, root), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def game_bundle(data_dir: Path, jeu: str) -> dict[str, Any]:
    """Load, validate and export one game's bundle from a data folder (CLI and tests).

    Args:
        data_dir: the `data/` folder; schemas are read from its sibling `schemas/`.
        jeu: the game id.

    Raises:
        DataError: when the data does not validate.
        KeyError: when the game does not exist.

    """
    root = Path(data_dir).resolve().parent
    if not (root / "data" / jeu / "jeu.yaml").is_file():
        raise KeyError(jeu)
    return bundle(load_site(root, only=[jeu]).games[0], root)


def example_lists(root: Path, game_id: str, folder_name: str = "listes") -> list[dict[str, str]]:
    """Example lists of a game (`data/<jeu>/listes/*.yaml`), with their comment lines.

    With `folder_name="catalogues"`, the example catalogues of player-supplied profiles.
    """
    folder = root / "data" / game_id / folder_name
    out = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        text = path.read_text(encoding="utf-8")
        comments = [line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")]
        name = next((line.split(":", 1)[1].strip().strip('"') for line in text.splitlines() if line.startswith("nom:")), path.stem)
        out.append({"fichier": path.name, "nom": name, "description": " ".join(comments),
                    "url": f"assets/{folder_name}/{game_id}/{path.name}", "contenu": text})
    return out


def exported_files(site: Site, root: Path = ROOT) -> dict[str, str]:
    """Every exported asset by its path in the site: bundles and example lists."""
    out = {f"assets/data/{game.id}.json": bundle_json(game, root) for game in site.games}
    for game in site.games:
        for example in example_lists(root, game.id) + example_lists(root, game.id, "catalogues"):
            out[example["url"]] = example["contenu"]
    return out
