"""Versions of a game's data: the changelog (`data/<jeu>/versions.yaml`), its checks, its page and frozen bundles.

The last version of the changelog is the current data. Each earlier version keeps a frozen copy of the
engine bundle as it was (`data/<jeu>/versions/<version>.json.gz`, written by
`python -m generator figer-version <jeu>` just before the data is changed); the site ships those
copies so that the browser engine can check a list against the rules it was built for.
"""
from __future__ import annotations

import datetime
import gzip
import json
from pathlib import Path
from typing import Any

from .load import DataFile
from .model import Game, Site, relative_link
from .problems import Problem

KIND = "versions"
PAGE = "versions"
PAGE_TITLE = "Versions des données"
FROZEN_DIR = "versions"
FROZEN_SUFFIX = ".json.gz"
NATURES = {"cout": "Coût", "limites": "Limites", "regles": "Règles", "ajout": "Ajout", "retrait": "Retrait"}
MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
          "novembre", "décembre")


def version_key(version: str) -> tuple[int, ...]:
    """Sortable key of a version number (`2026.11.1` -> (2026, 11, 1))."""
    return tuple(int(part) for part in version.split("."))


def changelog(game: Game) -> list[dict[str, Any]]:
    """The game's versions, oldest first (empty when it has no versions.yaml)."""
    return list(game.raw.get(KIND) or [])


def current_version(game: Game) -> str | None:
    """The version number of the current data."""
    versions = changelog(game)
    return versions[-1]["version"] if versions else None


def frozen_path(root: Path, game_id: str, version: str) -> Path:
    """Where the frozen bundle of a past version is kept."""
    return root / "data" / game_id / FROZEN_DIR / f"{version}{FROZEN_SUFFIX}"


def frozen_bytes(bundle: dict[str, Any]) -> bytes:
    """A bundle as gzip-compressed JSON, byte for byte the same for the same data (no timestamp)."""
    text = json.dumps(bundle, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


# --- checks ---------------------------------------------------------------------------------------

def game_problems(game_id: str, files: list[DataFile], root: Path) -> list[Problem]:
    """Changelog problems a schema cannot see, located on their node.

    Version numbers increase, dates are real and do not go back, the ids of a change exist in the
    current data (or, for a removal, no longer do), every past version has its frozen bundle and no
    frozen bundle is left without its version.
    """
    data_file = next((f for f in files if isinstance(f.value, dict) and KIND in f.value), None)
    manifest = next((f for f in files if f.path.endswith("/jeu.yaml")), None)
    problems: list[Problem] = []
    if manifest is not None:
        for i, page in enumerate(manifest.value["jeu"].get("pages", [])):
            if page.get("id") == PAGE:
                problems.append(manifest.problem(("jeu", "pages", i, "id"),
                                                 f"la page « {PAGE} » est réservée à la liste des versions des données"))
    if data_file is None:
        return problems
    ids = {e["id"] for f in files if isinstance(f.value, dict) for k, items in f.value.items()
           if k not in ("jeu", KIND) and isinstance(items, list) for e in items if isinstance(e, dict) and "id" in e}
    versions = data_file.value[KIND]
    problems += _order_problems(data_file, versions)
    for v, version in enumerate(versions):
        for c, change in enumerate(version["changements"]):
            for i, entry_id in enumerate(change["ids"]):
                removed = change["nature"] == "retrait"
                if removed and entry_id in ids:
                    problems.append(data_file.problem((KIND, v, "changements", c, "ids", i),
                                                      f"« {entry_id} » est retiré mais existe encore dans les données"))
                elif not removed and entry_id not in ids:
                    problems.append(data_file.problem((KIND, v, "changements", c, "ids", i),
                                                      f"« {entry_id} » n'est pas une entrée de ce jeu"))
    problems += _frozen_problems(data_file, versions, root, game_id)
    return problems


def _order_problems(data_file: DataFile, versions: list[dict[str, Any]]) -> list[Problem]:
    problems = []
    previous: dict[str, Any] | None = None
    for v, version in enumerate(versions):
        try:
            day = datetime.date.fromisoformat(version["date"])
        except ValueError:
            problems.append(data_file.problem((KIND, v, "date"), f"date « {version['date']} » impossible"))
            day = None
        if previous is not None and version_key(version["version"]) <= version_key(previous["version"]):
            problems.append(data_file.problem((KIND, v, "version"), f"la version « {version['version']} » doit "
                                              f"suivre « {previous['version']} » (de la plus ancienne à la plus récente)"))
        if previous is not None and day is not None and version["date"] < previous["date"]:
            problems.append(data_file.problem((KIND, v, "date"), f"la date {version['date']} précède celle de la "
                                              f"version précédente ({previous['date']})"))
        previous = version
    return problems


def _frozen_problems(data_file: DataFile, versions: list[dict[str, Any]], root: Path, game_id: str) -> list[Problem]:
    problems = []
    past = {version["version"]: v for v, version in enumerate(versions[:-1])}
    for version, v in past.items():
        if not frozen_path(root, game_id, version).is_file():
            problems.append(data_file.problem((KIND, v, "version"), f"données figées de la version « {version} » "
                                              f"absentes : data/{game_id}/{FROZEN_DIR}/{version}{FROZEN_SUFFIX} "
                                              f"(« python -m generator figer-version {game_id} » avant de changer les données)"))
    folder = root / "data" / game_id / FROZEN_DIR
    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        name = path.name.removesuffix(FROZEN_SUFFIX)
        if name not in past and name != versions[-1]["version"]:  # the current one: frozen before a change
            problems.append(data_file.problem((KIND,), f"fichier {FROZEN_DIR}/{path.name} sans version passée "
                                              "correspondante dans versions.yaml"))
    return problems


# --- site -----------------------------------------------------------------------------------------

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
