"""Shared fixtures: project paths and one strict build of the site per test session."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
OUTPUT = ROOT / "test-output"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with `mkdocs build --strict` (or $COMPENDIUM_SITE when given)."""
    given = os.environ.get("COMPENDIUM_SITE")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "WARNING" not in run.stderr, run.stderr
    return out


@pytest.fixture
def game_root(tmp_path: Path) -> Path:
    """A project root holding the invented test game and the real schemas."""
    shutil.copytree(FIXTURES / "jeu-test", tmp_path, dirs_exist_ok=True)
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    return tmp_path


@pytest.fixture(scope="session")
def output_dir() -> Path:
    """Folder for files a person looks at after the tests (PNG renders...)."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT
