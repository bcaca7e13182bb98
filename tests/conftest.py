"""Shared fixtures: project paths and one strict build of the site per test session."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import playwright.sync_api as playwright_sync
import pytest

from tests.browser_support import Onglet, lancer_chromium, servir

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
BROWSER_RERUNS = 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A browser test that fails runs once more (pytest-rerunfailures), and only browser tests.

    On CI's 2 shared cores, one of the ~700 browser tests has lost a race with the page now and then,
    a different one each run. The rerun asserts the same things; `make test` lists every rerun
    (`-rR`), so each is seen and its race fixed.
    """
    for item in items:
        if item.path.name.startswith("test_browser_"):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))
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


@pytest.fixture(scope="module")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1, for the browser tests of one module."""
    with servir(site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def navigateur() -> Iterator[object]:
    """Debian's Chromium, headless, driven by Playwright."""
    with playwright_sync.sync_playwright() as p:
        navigateur = lancer_chromium(p)
        yield navigateur
        navigateur.close()


@pytest.fixture
def onglet(navigateur: object) -> Iterator[Onglet]:
    """A fresh browser tab that must stay clean: no request off 127.0.0.1, no dialog, no JS error."""
    o = Onglet(navigateur)
    yield o
    try:
        o.verifier_propre()
    finally:
        o.contexte.close()
