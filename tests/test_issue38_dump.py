"""Issue 38, item 4: `python -m generator dump` writes a source that plain MkDocs builds into the same site.

One module-scoped fixture builds the site as usual (with the plugin), dumps the source, then builds
that source with `mkdocs build` and no project plugin; the tests compare the two built trees file
by file. Both builds run with the same SOURCE_DATE_EPOCH, so the sitemaps' dates agree.

The differences allowed, each with its reason (everything else must be byte-identical):

* HTML pages: the plugin compacts Material's indentation after rendering (`minify.compact_html`,
  `on_post_page`); MkDocs alone has no such step. Compacting the plain build's page must give the
  plugin's page exactly (`404.html` and the print pages never pass through that step: identical).
* `search/search_index.json`: the plugin's post-build stage shrinks Material's index to its
  configuration once the per-game indexes are written; the plain build keeps Material's full
  index (same configuration, and the documents are those of the per-game files).
* `search/jeux/*.json`, `search/commun.json`, `search/apercu.json`: the same documents; MkDocs
  orders the pages it finds on disk by path, the plugin appends its generated pages after
  `content/`, so the documents come in another order.
* `sw.js`: it lists every file with its hash, so the hashes of the files above differ; the same
  files are listed in the same classes, every other file with the same size and hash, and each
  listed hash is that of the plain build's own file (the worker refuses a file whose hash differs).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from generator import offline, search
from generator.minify import compact_html

ROOT = Path(__file__).resolve().parent.parent
SEARCH_SPLIT = {f"{search.FOLDER}/{name}" for name in (search.COMMON_INDEX, search.OVERVIEW_INDEX)}
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1796083200"}
# Plugins Material and MkDocs ship (the dumped configuration may use these and only these).
BUILT_IN_PLUGINS = {"search", "blog", "group", "info", "meta", "offline", "optimize", "privacy", "social", "tags",
                    "typeset"}


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", *args], cwd=cwd, env=ENV, capture_output=True, text=True,
                            timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def _files(tree: Path) -> dict[str, Path]:
    return {p.relative_to(tree).as_posix(): p for p in tree.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, Path]]:
    """(site built with the plugin, dumped source, site built from the source by MkDocs alone)."""
    base = tmp_path_factory.mktemp("issue38")
    source, plain, usual = base / "source", base / "plain", base / "usual"
    _run("generator", "dump", str(source), cwd=ROOT)
    # Outside the project: nothing of the project is found from the current folder.
    _run("mkdocs", "build", "--strict", "-q", "-f", str(source / "mkdocs.yml"), "-d", str(plain), cwd=base)
    _run("mkdocs", "build", "--strict", "-q", "-d", str(usual), cwd=ROOT)
    yield usual, source, plain


def _search_docs(path: Path) -> list[str]:
    """The documents of a search file, each as canonical JSON, in a fixed order."""
    return sorted(json.dumps(d, sort_keys=True, ensure_ascii=False) for d in json.loads(path.read_text("utf-8"))["docs"])


def _worker_files(path: Path) -> dict[str, list]:
    """The file list `sw.js` carries: URL -> [size, hash, precached]."""
    match = re.search(r"const HORS_LIGNE = (\{.*?\});\n", path.read_text("utf-8"))
    assert match, "liste des fichiers absente de sw.js"
    return {url: rest for url, *rest in json.loads(match.group(1))["fichiers"]}


def test_the_source_needs_no_project_plugin(trees: tuple[Path, Path, Path]) -> None:
    _, source, _ = trees
    config = yaml.safe_load((source / "mkdocs.yml").read_text("utf-8"))
    names = {next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]}
    assert names <= BUILT_IN_PLUGINS and "compendium" not in names
    assert "hooks" not in config and "watch" not in config
    assert not list(source.rglob("*.py")), "la source ne doit contenir aucun code Python"
    assert config["theme"]["custom_dir"] == "overrides" and (source / "overrides" / "main.html").is_file()
    # The navigation is written out: the home page, then a tab per game of data/.
    games = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "jeu.yaml").is_file())
    assert next(iter(config["nav"][0].values())) == "index.md"
    tabs = [next(iter(item.values())) for item in config["nav"][1:] if isinstance(next(iter(item.values())), list)]
    assert games == sorted({page.split("/", 1)[0] for tab in tabs for item in tab for page in item.values()
                            if page.split("/", 1)[0] in games})


def test_both_builds_hold_the_same_files(trees: tuple[Path, Path, Path]) -> None:
    usual, _, plain = trees
    assert sorted(_files(usual)) == sorted(_files(plain))


def test_every_file_is_identical_but_the_listed_differences(trees: tuple[Path, Path, Path]) -> None:
    usual, _, plain = trees
    ours, theirs = _files(usual), _files(plain)
    differ = []
    for uri in sorted(ours.keys() & theirs.keys()):
        expected, got = ours[uri].read_bytes(), theirs[uri].read_bytes()
        if uri.endswith(".html") and got != expected:  # 404.html and the print pages are not compacted
            got = compact_html(got.decode("utf-8")).encode("utf-8")
        elif uri in SEARCH_SPLIT or uri.startswith(f"{search.FOLDER}/{search.GAMES_FOLDER}/") \
                or uri in (f"{search.FOLDER}/{search.MATERIAL_INDEX}", offline.WORKER):
            continue  # compared below
        if expected != got:
            differ.append(uri)
    assert differ == []


def test_the_game_pages_name_their_game_for_the_search(trees: tuple[Path, Path, Path]) -> None:
    usual, _, plain = trees
    page = "hate/index.html"
    tag = '<meta name="compendium-jeu" content="hate">'
    assert tag in (usual / page).read_text("utf-8") and tag in (plain / page).read_text("utf-8")
    assert "compendium-jeu" not in (plain / "a-propos" / "index.html").read_text("utf-8")


def test_search_files_hold_the_same_documents(trees: tuple[Path, Path, Path]) -> None:
    usual, _, plain = trees
    split = sorted(SEARCH_SPLIT | {f"{search.FOLDER}/{search.GAMES_FOLDER}/{p.name}"
                                   for p in (usual / search.FOLDER / search.GAMES_FOLDER).glob("*.json")})
    assert len(split) >= 3
    for uri in split:
        assert _search_docs(usual / uri) == _search_docs(plain / uri), uri
    assert (usual / search.FOLDER / search.GAMES_INDEX).read_bytes() == \
        (plain / search.FOLDER / search.GAMES_INDEX).read_bytes()
    shrunk = json.loads((usual / search.FOLDER / search.MATERIAL_INDEX).read_text("utf-8"))
    full = json.loads((plain / search.FOLDER / search.MATERIAL_INDEX).read_text("utf-8"))
    assert shrunk["docs"] == [] and full["config"] == shrunk["config"]
    games_and_common = [u for u in split if not u.endswith(search.OVERVIEW_INDEX)]
    assert sorted(json.dumps(d, sort_keys=True, ensure_ascii=False) for d in full["docs"]) == \
        sorted(d for u in games_and_common for d in _search_docs(plain / u))


def test_the_service_worker_lists_the_plain_build_as_it_is(trees: tuple[Path, Path, Path]) -> None:
    usual, _, plain = trees
    ours, theirs = _worker_files(usual / offline.WORKER), _worker_files(plain / offline.WORKER)
    assert ours.keys() == theirs.keys()
    assert {u: v[2] for u, v in ours.items()} == {u: v[2] for u, v in theirs.items()}  # precache or on demand
    for url, (size, sha, _) in theirs.items():
        path = plain / ("index.html" if url == "./" else url + "index.html" if url.endswith("/") else url)
        data = path.read_bytes()
        assert (size, sha) == (len(data), offline.short_hash(data)), url
        if not (path.suffix == ".html" or path.parent.name in (search.FOLDER, search.GAMES_FOLDER)):
            assert ours[url][:2] == [size, sha], url


def test_dumping_over_a_project_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: Autre\n", "utf-8")
    result = subprocess.run([sys.executable, "-m", "generator", "dump", str(tmp_path)], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("Erreur :") and "ne vient pas d'un dump" in result.stderr
    assert (tmp_path / "mkdocs.yml").read_text("utf-8") == "site_name: Autre\n" and not (tmp_path / "docs").exists()


def test_dumping_into_the_pages_it_copies_is_refused() -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "dump", "content/source"], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("Erreur :") and "que le dump recopie" in result.stderr
    assert not (ROOT / "content" / "source").exists()
