"""Frozen versions against the example lists: each keeps the verdicts it gave when it was frozen.

`python -m generator figer-version` writes, with the engine bundle of the current version, the verdict
of every example list (`data/<jeu>/listes/*.yaml`) under that bundle and a fingerprint of the list's
text (`verdicts_exemples`). `make check` runs every frozen version (`data/<jeu>/versions/*.json.gz`)
on every example list: a list the engine fails on is refused, and so is an example still written as it
was when the version was frozen that no longer gets the same verdict from that version's data (the
engine would show a player a past version's verdict that was never the rules' one). An example added
or rewritten since is only run: a past version may judge it otherwise, which is what « Versions des
données » shows.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import yaml

from browser_engine.errors import ErreurEntree

from .load import DataFile
from .problems import Problem

VERDICTS = "verdicts_exemples"
LISTS_DIR = "listes"


def fingerprint(text: str) -> str:
    """The SHA-256 of an example list's text (which version of the example a verdict belongs to)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def verdict(data: dict[str, Any], text: str) -> bool | None:
    """Whether the checker finds an example list valid under a bundle; None when it cannot run on it.

    Raises:
        Exception: any failure of the engine other than a refused list (the caller reports it).

    """
    from browser_engine.validation import valider

    try:
        liste = yaml.safe_load(text)
    except yaml.YAMLError:
        return None
    if not isinstance(liste, dict):
        return None
    try:
        return bool(valider(data, liste).get("valide"))
    except ErreurEntree:
        return False


def example_verdicts(data: dict[str, Any], root: Path, game_id: str) -> dict[str, dict[str, Any]]:
    """The verdict of every example list of the game under `data`, with the fingerprint of its text."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "data" / game_id / LISTS_DIR).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        try:
            valid = verdict(data, text)
        except Exception:  # noqa: BLE001 - an example the engine fails on has no verdict (engine_checks reports it)
            valid = None
        if valid is not None:
            out[path.name] = {"empreinte": fingerprint(text), "valide": valid}
    return out


def with_verdicts(data: dict[str, Any], root: Path, game_id: str) -> dict[str, Any]:
    """A bundle to freeze: the engine bundle with the verdicts it gives the example lists."""
    return {**data, VERDICTS: example_verdicts(data, root, game_id)}


def _shown(valid: bool) -> str:
    return "valide" if valid else "invalide"


def _reason(exc: Exception) -> str:
    return str(exc) or type(exc).__name__


def frozen_problems(game_id: str, files: list[DataFile], root: Path) -> list[Problem]:
    """Every frozen version that fails on an example list, or changes the verdict it recorded for one."""
    from .versions import FROZEN_DIR, FROZEN_SUFFIX, KIND, read_frozen

    data_file = next((f for f in files if isinstance(f.value, dict) and KIND in f.value), None)
    if data_file is None:
        return []
    versions = {v.get("version"): i for i, v in enumerate(data_file.value[KIND])}
    lists = {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "data" / game_id / LISTS_DIR).glob("*.yaml"))}
    found: list[Problem] = []
    for path in sorted((root / "data" / game_id / FROZEN_DIR).glob(f"*{FROZEN_SUFFIX}")):
        version = path.name.removesuffix(FROZEN_SUFFIX)
        try:
            frozen = read_frozen(path)
        except ValueError:
            continue  # reported by `versions`
        if not isinstance(frozen, dict) or version not in versions:
            continue
        where = (KIND, versions[version], "version")
        recorded = frozen.get(VERDICTS) if isinstance(frozen.get(VERDICTS), dict) else {}
        for name, text in lists.items():
            try:
                valid = verdict(frozen, text)
            except Exception as exc:  # noqa: BLE001 - a frozen bundle the engine cannot read
                found.append(data_file.problem(where, f"les données figées {FROZEN_DIR}/{path.name} ne vérifient pas "
                                                      f"la liste d'exemple {name} ({_reason(exc)})"))
                break
            then = recorded.get(name)
            if valid is not None and isinstance(then, dict) and then.get("empreinte") == fingerprint(text) \
                    and isinstance(then.get("valide"), bool) and then["valide"] != valid:
                found.append(data_file.problem(where, f"les données figées {FROZEN_DIR}/{path.name} ne donnent plus "
                                                      f"à la liste d'exemple {name} le verdict qu'elles lui donnaient "
                                                      f"une fois figées ({_shown(then['valide'])}, aujourd'hui "
                                                      f"{_shown(valid)}) : le moteur ne lit plus ces données comme "
                                                      "à leur version"))
    return found
