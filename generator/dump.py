"""Dump stage: a complete site source that a plain `mkdocs build` (no project plugin) turns into the site.

`python -m generator dump DOSSIER` writes:

* ``docs/``: the hand-written pages (``content/``, the home page's list of games filled in), the
  generated pages (each game page names its game in its front matter, ``compendium_jeu``, which
  ``main.html`` reads when no plugin sets it), the exported assets (game bundles, example lists,
  frozen versions, print pages and PDFs), the browser runtime (Pyodide, wheels), the theme's palette
  stylesheet already pruned, the per-game search indexes, and the offline files (service worker,
  web manifest, icons);
* ``overrides/``: a copy of ``site_overrides/`` (the theme's custom directory: page scripts, CSS);
* ``mkdocs.yml``: the project's configuration with the navigation written out and without the
  ``compendium`` plugin (only Material's ``search`` is left).

The per-game search indexes and the service worker are made from a built site, so the dump builds
its own source once (plain MkDocs, in a temporary folder) and keeps what the plugin's post-build
stages would have written. What the plain build still does differently is listed in
``tests/test_issue38_dump.py``: the HTML keeps Material's indentation, and Material's full search
index stays (the plugin shrinks it to its configuration).
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from . import export, offline, print_sheets, render, search
from .model import Game, Site
from .plugin import GAMES_MARKER, page_game, site_nav, site_pages, unsafe_resources
from .version_pages import exported_files as version_files

DOCS = "docs"
OVERRIDES = "overrides"
CONFIG = "mkdocs.yml"
PROJECT_PLUGIN = "compendium"
GAME_META = "compendium_jeu"
HEADER = ("# Source complète du site écrite par « python -m generator dump » : construire avec « mkdocs build »\n"
          "# (MkDocs et Material seuls, sans greffon du projet). Ne pas modifier à la main : refaire le dump.\n")


class DumpError(Exception):
    """The source cannot be written or does not build (French message)."""


def refusal(folder: Path, root: Path) -> str | None:
    """Why the source cannot go in `folder` (French), checked before any work; None when it can.

    A folder inside the pages or the theme folder the dump copies (`content/`, `site_overrides/` of
    `root`) is refused: the project's own build would read the copy. So is a folder that holds a
    `mkdocs.yml`, `docs/` or `overrides/`, unless an earlier dump wrote it (its `mkdocs.yml` starts
    with the dump's header): a project is never overwritten.
    """
    if (root / CONFIG).is_file():
        project = yaml.safe_load((root / CONFIG).read_text("utf-8")) or {}
        custom = (project.get("theme") or {}).get("custom_dir")
        sources = [root / project.get("docs_dir", "docs"), *([root / custom] if custom else [])]
        target = folder.resolve()
        for source in sources:
            if target == source.resolve() or source.resolve() in target.parents:
                return (f"Erreur : {folder} est dans {source.name}/, que le dump recopie ; indiquez un dossier hors "
                        f"des pages et du thème du projet.")
    config = folder / CONFIG
    if config.is_file():
        with config.open(encoding="utf-8", errors="replace") as stream:
            if stream.readline() == HEADER.splitlines(keepends=True)[0]:
                return None
        return (f"Erreur : {folder} contient déjà un {CONFIG} qui ne vient pas d'un dump ; indiquez un dossier "
                f"vide ou celui d'un dump précédent.")
    taken = [name for name in (CONFIG, DOCS, OVERRIDES) if (folder / name).exists()]
    if taken:
        return (f"Erreur : {folder} contient déjà {', '.join(taken)} ; indiquez un dossier vide ou celui d'un "
                f"dump précédent.")
    return None


def with_game_meta(text: str, game: Game) -> str:
    """A page's Markdown with its game named in the front matter (`compendium_jeu`: id and name)."""
    line = f"{GAME_META}: " + json.dumps({"id": game.id, "nom": game.nom}, ensure_ascii=False) + "\n"
    if text.startswith("---\n"):
        return "---\n" + line + text[4:]
    return "---\n" + line + "---\n" + text


def dump_config(project_config: Path, nav: list[Any]) -> str:
    """The dumped `mkdocs.yml`: the project's, with the nav, local folders and no project plugin."""
    config = yaml.safe_load(project_config.read_text("utf-8"))
    config["docs_dir"] = DOCS
    config["site_dir"] = "site"
    config["theme"]["custom_dir"] = OVERRIDES
    config.pop("watch", None)  # data/, generator/: not part of the source
    config["plugins"] = [p for p in config.get("plugins", [])
                         if (next(iter(p)) if isinstance(p, dict) else p) != PROJECT_PLUGIN]
    config["nav"] = nav
    return HEADER + yaml.safe_dump(config, allow_unicode=True, sort_keys=False, width=120)


def _write(target: Path, content: str | bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")


def _pruned_palette(docs: Path, palette: object) -> None:
    """Write Material's palette stylesheet pruned to the site's colours (a docs file wins over the theme's)."""
    from material import templates

    from . import minify

    primaries, accents = minify.palette_colours(palette)
    theme_css = Path(templates.__file__).parent / "assets" / "stylesheets"
    for stylesheet in theme_css.glob("palette.*.css"):
        _write(docs / "assets" / "stylesheets" / stylesheet.name,
               minify.prune_palette(stylesheet.read_text("utf-8"), primaries, accents))


def write_sources(site: Site, root: Path, folder: Path) -> dict[str, Any]:
    """Write everything but the files made from a built site; returns the dumped configuration.

    Raises:
        DataError: a generated page is wrong (see `site_pages`).
        DumpError: the root has no `mkdocs.yml`.
        OSError: a file cannot be written.

    """
    docs = folder / DOCS
    if not (root / CONFIG).is_file():
        raise DumpError(f"{root} n'a pas de {CONFIG} : la racine indiquée doit être celle du projet (--racine)")
    project = yaml.safe_load((root / CONFIG).read_text("utf-8"))
    shutil.copytree(root / project.get("docs_dir", "docs"), docs, dirs_exist_ok=True)
    for page in docs.rglob("*.md"):
        text = page.read_text("utf-8")
        if GAMES_MARKER in text:
            page.write_text(text.replace(GAMES_MARKER, render.games_table(site, page.relative_to(docs).as_posix())),
                            "utf-8")
    pages = site_pages(site, root)
    for uri, text in pages.items():
        game = page_game(site, uri)
        _write(docs / uri, with_game_meta(text, game) if game is not None else text)
    for files in (export.exported_files(site, root), print_sheets.print_pages(site), version_files(site, root)):
        for uri, content in files.items():
            _write(docs / uri, content)
    print_sheets.write_pdfs(site, docs)
    from . import assets

    assets.copy_browser_runtime(docs)
    shutil.copytree(root / project["theme"]["custom_dir"], folder / OVERRIDES, dirs_exist_ok=True)
    _pruned_palette(docs, project["theme"].get("palette"))
    (folder / CONFIG).write_text(dump_config(root / CONFIG, site_nav(site, set(pages))), "utf-8")
    return project


def write_built_files(site: Site, folder: Path, project: dict[str, Any]) -> None:
    """Build the source once (plain MkDocs) and keep the per-game search indexes and the offline files.

    Raises:
        DumpError: the source does not build, or a page would load something from another host.

    """
    docs = folder / DOCS
    with tempfile.TemporaryDirectory(prefix="compendium-dump-") as tmp:
        built = Path(tmp)
        try:
            mkdocs_build(load_config(str(folder / CONFIG), site_dir=str(built)))
        except Exception as exc:  # noqa: BLE001 - MkDocs raises several kinds; all mean « does not build »
            raise DumpError(f"la source écrite ne se construit pas avec MkDocs seul ({exc})") from None
        for page in built.rglob("*.html"):
            if unsafe := unsafe_resources(page.read_text("utf-8")):
                raise DumpError(f"{page.relative_to(built)} chargerait une ressource d'un autre site : {unsafe[0]}")
        # The split indexes join the source; Material's full index stays as the plain build writes it.
        material_index = built / search.FOLDER / search.MATERIAL_INDEX
        full_index = material_index.read_bytes() if material_index.is_file() else None
        scopes = search.split_search_index(built, [(g.id, g.nom) for g in site.games])
        if full_index is not None:
            material_index.write_bytes(full_index)
        for scope in scopes:
            _write(docs / search.FOLDER / scope.path, (built / search.FOLDER / scope.path).read_bytes())
        _write(docs / search.FOLDER / search.GAMES_INDEX, (built / search.FOLDER / search.GAMES_INDEX).read_bytes())
        # Last: the worker lists (and hashes) the files of that build, which the plain build gives again.
        palette = project["theme"].get("palette") or [{}]
        primary = (palette[0] if isinstance(palette, list) else palette).get("primary")
        offline.write_offline_files(built, project["site_name"], project.get("site_description") or "", primary)
        for uri in (offline.WORKER, offline.MANIFEST, *offline.ICONS):
            _write(docs / uri, (built / uri).read_bytes())


def dump_site(site: Site, root: Path, folder: Path) -> int:
    """Write the complete site source under `folder`; returns the number of Markdown pages written.

    Call `refusal` first: an earlier dump's `docs/` and `overrides/` are replaced.

    Raises:
        DataError: a generated page is wrong.
        DumpError: the source does not build.
        OSError: a file cannot be written.

    """
    for name in (DOCS, OVERRIDES):  # an earlier dump's files (`refusal` let it through)
        if (folder / name).is_dir():
            shutil.rmtree(folder / name)
    project = write_sources(site, root, folder)
    write_built_files(site, folder, project)
    return sum(1 for _ in (folder / DOCS).rglob("*.md"))
