"""MkDocs plugin: wires MkDocs events to the generator's pipeline stages."""
from __future__ import annotations

import html
import re
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from . import export, minify, offline, print_sheets, render, search
from .model import Site, load_site
from .problems import DataError
from .versions import exported_files as version_files
from .versions import version_pages, with_versions_nav

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


def site_pages(site: Site, root: Path) -> dict[str, str]:
    """Every generated Markdown page: rule pages, tool pages and print pages, by source URI."""
    pages = render.render_site(site, render.static_tables_hook())
    pages.update(render.tool_pages(site, root))
    pages.update(print_sheets.print_pages_md(site))
    pages.update(version_pages(site))
    return pages


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
        except DataError as exc:
            raise PluginError("Données invalides :\n" + str(exc)) from None
        self.pages = site_pages(self.site, self.root)
        tools = with_versions_nav(self.site, render.tool_nav(self.site, set(self.pages)))
        config.nav = render.nav(self.site, tools)
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
        game_id = page.file.src_uri.split("/", 1)[0] if "/" in page.file.src_uri else None
        game = next((g for g in self.site.games if g.id == game_id), None) if self.site else None
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
