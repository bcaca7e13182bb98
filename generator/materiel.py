"""« Mon matériel »: one page per game for the material its book leaves out.

The items come from the data, never from a list kept here: each die (`des`) and deck (`paquet`)
parameter of the game's calculations (one item per storage key, as the tools share them), and the
player's profile catalogue when the game has a catalogue schema (Khârn-Âges' unit cards). A game
with none (Bataille d6) has no page. The page only draws the editors; what the player types is
kept in the browser (site_overrides/assets/javascripts/compendium/materiel.js).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .model import Game

URI = "materiel"
TITLE = "Mon matériel"
# Parameter type -> the store's kind of item (materiel.js).
KINDS = {"des": "des", "paquet": "paquets"}


def storage_key(param: dict[str, Any]) -> str:
    """The key the tools keep an item under: its `stockage`, else "paquet" for a deck, else its id."""
    if param.get("stockage"):
        return str(param["stockage"])
    return "paquet" if param.get("type") == "paquet" else str(param.get("id"))


def items(game: Game) -> list[dict[str, Any]]:
    """The game's dice and decks, in the order of its calculations, each with the calculations using it.

    Returns:
        [{genre, cle, nom, aide, declaration, calculs: [{id, nom}]}]; `declaration` is the first
        parameter declared under that key (without its `defaut`: there is none to give).

    """
    out: dict[str, dict[str, Any]] = {}
    for calc in game.raw.get("calculs", []) or []:
        for param in calc.get("parametres", []) or []:
            kind = KINDS.get(param.get("type"))
            if kind is None:
                continue
            key = storage_key(param)
            item = out.setdefault(key, {"genre": kind, "cle": key, "nom": param.get("nom") or key,
                                        "aide": param.get("aide") or "", "calculs": [],
                                        "declaration": {k: v for k, v in param.items() if k != "defaut"}})
            if all(c["id"] != calc["id"] for c in item["calculs"]):
                item["calculs"].append({"id": calc["id"], "nom": calc.get("nom") or calc["id"]})
    return list(out.values())


def has_catalogue(root: Path, game: Game) -> bool:
    """True when players describe their own profile cards (a `catalogue-<jeu>` schema exists)."""
    return (root / "schemas" / f"catalogue-{game.id}.schema.json").is_file()


def has_page(root: Path, game: Game) -> bool:
    """True when the game's book leaves out material a tool needs: dice, a deck or unit cards."""
    return bool(items(game)) or has_catalogue(root, game)


def page_context(root: Path, game: Game) -> dict[str, Any]:
    """What `materiel.md.j2` needs besides the tool pages' common context."""
    return {"elements": items(game), "avec_catalogue": has_catalogue(root, game)}


def url(game: Game) -> str:
    """The page's path from the site root (with `use_directory_urls`)."""
    return f"{game.id}/{URI}/"
