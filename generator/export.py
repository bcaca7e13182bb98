"""Export stage: the JSON bundle each game's engine reads, and the example lists."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .engine_data import engine_bundle
from .model import Game, Site

ROOT = Path(__file__).resolve().parent.parent


def bundle(game: Game, root: Path = ROOT) -> dict[str, Any]:
    """The engine's input for one game (`engine_data.engine_bundle`), with the model's anchors."""
    return engine_bundle(game.id, game.raw, {entry_id: game.url(entry_id) for entry_id in game.entries}, root)


def bundle_json(game: Game, root: Path = ROOT) -> str:
    """The bundle as compact JSON text."""
    return json.dumps(bundle(game, root), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


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
