"""Shared helpers of the play-mode data tests: the repository's data files, and a copy of one game
in a temporary root for the tests that break `partie.yaml` and read `make check`'s problems."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.plugin import load_site
from generator.problems import DataError

ROOT = Path(__file__).resolve().parent.parent


def lire_yaml(*parts: str) -> Any:
    """A data file of the repository, parsed (`lire_yaml("data", "hate", "partie.yaml")`)."""
    return yaml.safe_load((ROOT.joinpath(*parts)).read_text("utf-8"))


def premiere_liste(jeu: str) -> dict[str, Any]:
    """The game's first example list (`data/<jeu>/listes/0*.yaml`)."""
    return yaml.safe_load(sorted((ROOT / "data" / jeu / "listes").glob("0*.yaml"))[0].read_text("utf-8"))


def copier_jeu(tmp_path: Path, jeu: str = "bataille-d6") -> Path:
    """One game's data copied under `tmp_path` (schemas linked); returns its `partie.yaml`."""
    shutil.copytree(ROOT / "data" / jeu, tmp_path / "data" / jeu)
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    return tmp_path / "data" / jeu / "partie.yaml"


def problemes(tmp_path: Path) -> list[str]:
    """The problems `make check` reports for the data under `tmp_path` (there must be some)."""
    with pytest.raises(DataError) as exc:
        load_site(tmp_path)
    return [str(p) for p in exc.value.problems]


def position(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first character of `needle` in `text`."""
    offset = text.index(needle)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1
