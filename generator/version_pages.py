"""The « Versions des données » page of each game with a changelog, and the frozen bundles the site ships.

The changelog and its checks are in `versions.py` (validate stage).
"""
from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from .model import Game, Site
from .urls import relative_link
from .versions import FROZEN_DIR, KIND, PAGE, frozen_path

PAGE_TITLE = "Versions des données"
NATURES = {"cout": "Coût", "limites": "Limites", "regles": "Règles", "ajout": "Ajout", "retrait": "Retrait"}
MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
          "novembre", "décembre")


def changelog(game: Game) -> list[dict[str, Any]]:
    """The game's versions, oldest first (empty when it has no versions.yaml)."""
    return list(game.raw.get(KIND) or [])


def current_version(game: Game) -> str | None:
    """The version number of the current data."""
    versions = changelog(game)
    return versions[-1]["version"] if versions else None


def exported_files(site: Site, root: Path) -> dict[str, bytes]:
    """The frozen bundles of every past version, by their path in the site."""
    out = {}
    for game in site.games:
        for version in changelog(game)[:-1]:
            path = frozen_path(root, game.id, version["version"])
            out[f"assets/data/{FROZEN_DIR}/{game.id}/{path.name}"] = path.read_bytes()
    return out


def french_date(text: str) -> str:
    """`2026-11-23` -> `23 novembre 2026`."""
    day = datetime.date.fromisoformat(text)
    return f"{day.day}{'er' if day.day == 1 else ''} {MONTHS[day.month - 1]} {day.year}"


def _entry_link(game: Game, entry_id: str, from_uri: str) -> str:
    entry = game.entries.get(entry_id)
    if entry is None:
        return f"`{entry_id}`"
    page_uri = entry.src_uri
    return f"[{entry.nom}]({relative_link(from_uri, page_uri, entry_id)})"


def version_page(game: Game) -> str:
    """The Markdown page listing a game's data versions, newest first, with their changes."""
    from .render import environment

    uri = game.uri(PAGE)
    versions = []
    for version in reversed(changelog(game)):
        changes = [{"nature": NATURES[c["nature"]], "texte": c["texte"],
                    "entrees": [_entry_link(game, i, uri) for i in c["ids"]]} for c in version["changements"]]
        versions.append({**version, "date_fr": french_date(version["date"]), "changes": changes})
    verifier = relative_link(uri, game.uri("verifier"))
    return environment().get_template("versions-donnees.md.j2").render(
        jeu=game, titre=PAGE_TITLE, versions=versions, actuelle=current_version(game), verifier=verifier)


def version_pages(site: Site) -> dict[str, str]:
    """The versions page of each game that has a changelog, by source URI."""
    return {game.uri(PAGE): version_page(game) for game in site.games if changelog(game)}


def with_versions_nav(site: Site, tools: dict[str, list[tuple[str, str]]]) -> dict[str, list[tuple[str, str]]]:
    """The per-game tool navigation with the versions page added last."""
    out = {game_id: list(pages) for game_id, pages in tools.items()}
    for game in site.games:
        if changelog(game):
            out.setdefault(game.id, []).append((PAGE_TITLE, game.uri(PAGE)))
    return out
