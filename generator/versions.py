"""Versions of a game's data: the changelog (`data/<jeu>/versions.yaml`), its checks and frozen bundles.

The last version of the changelog is the current data. Each earlier version keeps a frozen copy of the
engine bundle as it was (`data/<jeu>/versions/<version>.json.gz`, written by
`python -m generator figer-version <jeu>` just before the data is changed); the site ships those
copies so that the browser engine can check a list against the rules it was built for. The
« Versions des données » page and the shipped copies are made by `version_pages.py`.
"""
from __future__ import annotations

import datetime
import gzip
import json
from pathlib import Path
from typing import Any

from .load import DataFile
from .problems import Problem

KIND = "versions"
PAGE = "versions"
FROZEN_DIR = "versions"
FROZEN_SUFFIX = ".json.gz"


def version_key(version: str) -> tuple[int, ...]:
    """Sortable key of a version number (`2026.11.1` -> (2026, 11, 1))."""
    return tuple(int(part) for part in version.split("."))


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
            continue
        reason = frozen_problem(path, game_id, root)
        if reason:
            where = (KIND, past[name], "version") if name in past else (KIND, len(versions) - 1, "version")
            problems.append(data_file.problem(where, f"données figées data/{game_id}/{FROZEN_DIR}/{path.name} "
                                              f"illisibles : {reason} (refigez-les avec « python -m generator "
                                              f"figer-version {game_id} » depuis les données de cette version)"))
    return problems


def read_frozen(path: Path) -> Any:
    """A frozen bundle, decompressed and parsed.

    Raises:
        ValueError: the file is not gzip, not UTF-8 or not JSON (the French reason).

    """
    try:
        raw = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile):
        raise ValueError("ce n'est pas un fichier gzip") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("le contenu décompressé n'est pas du texte UTF-8") from None
    except (json.JSONDecodeError, RecursionError):
        raise ValueError("le contenu décompressé n'est pas du JSON") from None


def frozen_problem(path: Path, game_id: str, root: Path) -> str | None:
    """Why a frozen bundle cannot serve as the game's data of its version, or None.

    It must be a bundle of this game, with the parts the engine reads in a bundle today.
    """
    try:
        frozen = read_frozen(path)
    except ValueError as exc:
        return str(exc)
    if not isinstance(frozen, dict):
        shown = {list: "une liste", str: "un texte", bool: "un booléen", int: "un nombre", float: "un nombre"}
        return f"un objet JSON (le paquet de données du jeu) est attendu, pas {shown.get(type(frozen), 'null')}"
    needed = {"jeu", "schemas"}
    missing = sorted(needed - set(frozen))
    if missing:
        return f"il manque « {missing[0]} » au paquet de données"
    jeu = frozen.get("jeu")
    if not isinstance(jeu, dict) or jeu.get("id") != game_id:
        return f"ce n'est pas un paquet de données de « {game_id} »"
    return None
