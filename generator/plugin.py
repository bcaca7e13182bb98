"""MkDocs plugin: wires MkDocs events to the generator's pipeline stages.

The stages run one way: load -> validate (schemas, coherence, engine checks, versions, citations) ->
model -> links, render, export and print -> minify -> offline (last, after every file is written).
"""
from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from . import checks, des_libres_page, export, links, load, minify, model, offline, print_sheets, render, search, validate
from .model import Game, Site
from .problems import DataError, Problem
from .version_pages import exported_files as version_files
from .version_pages import version_pages, with_versions_nav

GAMES_MARKER = "<!-- compendium:jeux -->"
TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
ATTRIBUTE = re.compile(r"""\s([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
# Attributes whose URL the browser loads by itself (a plain link is only followed when clicked).
LOADING = ("src", "srcset", "poster", "data", "background")
STYLE_URL = re.compile(r"url\(\s*['\"]?\s*((?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//[^)'\"\s]*)")
CODE_SCHEMES = ("javascript:", "vbscript:")
NAMING_LINKS = ("canonical",)  # <link rel> values that only name a URL


def _foreign(url: str) -> bool:
    url = html.unescape(url).strip().lower()
    return url.startswith("//") or re.match(r"^[a-z][a-z0-9+.-]*://", url) is not None


def unsafe_resources(page_html: str) -> list[str]:
    """What a rendered page would load from another host, or run from a `javascript:` URL.

    Returns:
        The offending tags or CSS `url()`, shortened; empty when the page is safe.

    """
    found: list[str] = []
    for tag in TAG.finditer(page_html):
        name = tag.group(1).lower()
        attributes = [(a.group(1).lower(), next(v for v in a.groups()[1:] if v is not None))
                      for a in ATTRIBUTE.finditer(tag.group(2))]
        # A canonical link (MkDocs adds one under `mkdocs serve`) names the page; it loads nothing.
        link_loads = name == "link" and not any(k == "rel" and v.strip().lower() in NAMING_LINKS
                                                for k, v in attributes)
        for key, value in attributes:
            urls = [u.strip().split(" ")[0] for u in value.split(",")] if key == "srcset" else [value]
            loads = key in LOADING or (link_loads and key == "href")
            runs = html.unescape(value).strip().lower().startswith(CODE_SCHEMES)
            if runs or (loads and any(_foreign(u) for u in urls)):
                found.append(tag.group(0)[:120])
    found.extend(m.group(0)[:120] for m in STYLE_URL.finditer(page_html))
    return found


def load_site(root: Path, only: list[str] | None = None) -> Site:
    """The first stages, in order: load, validate, model (every game under `root/data`, or only some).

    Raises:
        DataError: every problem of every game, one per line.

    """
    schemas = validate.load_schemas(root / "schemas")  # read first: a broken schema is reported before any data
    data = load.load_data(root, only)
    checks.check_site(data, schemas, root)
    return model.build_site(data)


def game_bundle(data_dir: Path, jeu: str) -> dict[str, Any]:
    """Load, validate and export one game's bundle from a data folder (tests and tools).

    Args:
        data_dir: the `data/` folder; schemas are read from its sibling `schemas/`.
        jeu: the game id.

    Raises:
        DataError: when the data does not validate.
        KeyError: when the game does not exist.

    """
    root = Path(data_dir).resolve().parent
    if not (root / "data" / jeu / "jeu.yaml").is_file():
        raise KeyError(jeu)
    return export.bundle(load_site(root, only=[jeu]).games[0], root)


def site_pages(site: Site, root: Path) -> dict[str, str]:
    """Every generated Markdown page: rule pages, tool pages and print pages, by source URI."""
    pages = render.render_site(site, render.static_tables_hook(), root)
    pages.update(render.tool_pages(site, root))
    pages.update(print_sheets.print_pages_md(site))
    pages.update(version_pages(site))
    pages.update(des_libres_page.page(site))
    return with_explicit_links(site, pages)


def with_explicit_links(site: Site, pages: dict[str, str]) -> dict[str, str]:
    """Every page with the `[[id]]` links of any text field rendered (notes, readings, help texts).

    A game's pages resolve the ids in their game; a page of the whole site renders its own links. Any
    « [[ » left outside code is an error: the page would show the raw markup.

    Raises:
        DataError: a page still holds « [[ » (an unknown id, or markup a template shows raw).

    """
    games = {game.id: game for game in site.games}
    out: dict[str, str] = {}
    problems = []
    for uri, text in pages.items():
        game = games.get(uri.split("/", 1)[0]) if "/" in uri else None
        if game is not None:
            text = links.explicit_links(text, game, uri)
        left = links.leftover_markup(text)
        if left:
            problems.append(Problem(f"(page générée) {uri}", 1, 1, "$", f"lien « [[…]] » non rendu, {left}"))
        out[uri] = text
    if problems:
        raise DataError(problems)
    return out


def site_nav(site: Site, uris: set[str]) -> list[Any]:
    """The site's whole navigation (what the plugin sets in `on_config`), from the generated page URIs."""
    tools = with_versions_nav(site, render.tool_nav(site, uris))
    return des_libres_page.with_nav(render.nav(site, tools))


def page_game(site: Site, src_uri: str) -> Game | None:
    """The game a page belongs to, by its source URI (``hate/combat.md``); None outside every game."""
    game_id = src_uri.split("/", 1)[0] if "/" in src_uri else None
    return next((g for g in site.games if g.id == game_id), None)


class CompendiumConfig(Config):
    """Plugin options."""

    racine = config_options.Type(str, default=".")


class CompendiumPlugin(BasePlugin[CompendiumConfig]):
    """Generates the rule pages, the tool pages and the engine bundles from data/."""

    def __init__(self) -> None:
        self.site: Site | None = None
        self.pages: dict[str, str] = {}
        self.root = Path(".")

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Load and validate all data (nothing is cached between builds), then set the nav."""
        self.root = (Path(config.config_file_path).parent / self.config.racine).resolve()
        try:
            self.site = load_site(self.root)
            self.pages = site_pages(self.site, self.root)
        except DataError as exc:
            raise PluginError("Données invalides :\n" + str(exc)) from None
        config.nav = site_nav(self.site, set(self.pages))
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Add the generated pages and exported assets as virtual files."""
        assert self.site is not None
        for uri, text in self.pages.items():
            files.append(File.generated(config, uri, content=text))
        for uri, text in export.exported_files(self.site, self.root).items():
            files.append(File.generated(config, uri, content=text))
        for uri, text in print_sheets.print_pages(self.site).items():
            files.append(File.generated(config, uri, content=text))
        for uri, data in version_files(self.site, self.root).items():  # frozen data of past versions
            files.append(File.generated(config, uri, content=data))
        return files

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Fill the home page's list of games."""
        if GAMES_MARKER in markdown and self.site is not None:
            return markdown.replace(GAMES_MARKER, render.games_table(self.site, page.file.src_uri))
        return markdown

    def on_page_context(self, context: dict, page: Page, config: MkDocsConfig, nav: object) -> dict:
        """Name the game a page belongs to (main.html tells the search which game to look in first)."""
        game = page_game(self.site, page.file.src_uri) if self.site else None
        context["compendium_jeu"] = {"id": game.id, "nom": game.nom} if game else None
        return context

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Refuse a page that would load anything from another host; trim Material's indentation."""
        unsafe = unsafe_resources(output)
        if unsafe:
            raise PluginError(f"{page.file.src_uri} : la page chargerait une ressource d'un autre site ou "
                              f"exécuterait une URL javascript: ; le site ne charge rien d'ailleurs :\n"
                              + "\n".join(unsafe[:10]))
        return minify.compact_html(output)

    def on_post_build(self, config: MkDocsConfig) -> None:
        """Prune the palette, write the PDFs, copy the browser runtime, then write the offline files."""
        assert self.site is not None
        primaries, accents = minify.palette_colours(config.theme.get("palette"))
        for stylesheet in (Path(config.site_dir) / "assets" / "stylesheets").glob("palette.*.css"):
            css = stylesheet.read_text("utf-8")
            stylesheet.write_text(minify.prune_palette(css, primaries, accents), "utf-8")
        print_sheets.write_pdfs(self.site, Path(config.site_dir))
        try:
            from . import assets
        except ImportError:
            assets = None  # type: ignore[assignment]
        if assets is not None:
            try:
                assets.copy_browser_runtime(Path(config.site_dir))
            except assets.ErreurAssets as exc:
                raise PluginError(str(exc)) from None
        # Material's search plugin has written its index: one index per game (before the offline list).
        try:
            search.split_search_index(Path(config.site_dir), [(g.id, g.nom) for g in self.site.games])
        except ValueError as exc:
            raise PluginError(str(exc)) from None
        # Last: the service worker lists (and hashes) every file the stages above wrote.
        palette = config.theme.get("palette") or [{}]
        primary = (palette[0] if isinstance(palette, list) else palette).get("primary")
        offline.write_offline_files(Path(config.site_dir), config.site_name, config.site_description or "", primary)
