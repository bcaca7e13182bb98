"""Print stage: cards, tokens, reference and roster sheets at exact physical size.

From the model, this stage produces:

* standalone HTML print pages, ``imprimer/<jeu>/<feuille>.html`` (A4 ``@page``,
  sizes in millimetres, CSS inlined, no external resource);
* the per-game « À imprimer » Markdown page, ``<jeu>/imprimer.md``;
* at the end of the build, the same pages as PDFs written by WeasyPrint into
  ``assets/pdf/<jeu>/<feuille>.pdf``, with a PNG thumbnail of their first page.

Cards are 63 × 88 mm in a 3 × 3 grid with cut marks, tokens are circles at the
game's base diameters. Card text is fitted by laying the cards out with
WeasyPrint: the font shrinks down to 6.5 pt, and past that the card continues
on a second card marked « (suite) ».

Which sheets a game gets is decided by kind and category of its entries
(``SHEETS``); no rule text is written here.

The package has one module per concern: `text` (typography, Markdown, card text units), `layout`
(sizes, Jinja environment, stylesheet), `sheet` (the Sheet), `cards`, `tokens`, `reference`,
`roster` (with `roster_hate` and `roster_tamashii`, those games' roster layouts), `games` (which sheets
each game gets: `jeux/<jeu>.py` for a game with a layout of its own), `measure` (fitting with
WeasyPrint), `pages` (HTML of a sheet) and `pdf` (PDFs, thumbnails, cache). Everything public is
re-exported here.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import jinja2

from ..model import Site
from ..urls import relative_link
from .cards import SECTION_FIELDS, Card, card_pages, card_sheet, entry_card, entry_infos, entry_units, render_cards_document, renumber
from .games import SHEETS, game_sheets, sheets_default
from .layout import (
    AREA_H,
    AREA_W,
    CARD_H,
    CARD_MARGIN,
    CARD_W,
    CSS_FILE,
    FILL,
    FONT_MAX,
    FONT_MIN,
    FONT_STEP,
    GRID_COLS,
    GRID_ROWS,
    GRID_X,
    GRID_Y,
    JS_URL,
    LONG_TABLE_ROWS,
    PAGE_H,
    PAGE_W,
    REFERENCE_COMFORT,
    ROOT,
    TEMPLATES,
    TOKEN_GAP,
    WIDE_TABLE_CHARS,
    cut_marks,
    environment,
    log,
    stylesheet,
)
from .measure import _boxes, _element_attr, fit_cards, fit_reference, measure_cards
from .pages import render_sheet
from .pdf import (
    CACHE_DIR,
    CACHE_VERSION,
    THUMBNAIL_WIDTH,
    fit_cards_cached,
    fit_reference_cached,
    fit_roster_cached,
    pdf_bytes,
    thumbnail,
    thumbnail_cached,
)
from .reference import NOT_ON_SHEETS, entry_block, page_blocks, reference_sheet, section, table_view
from .roster import (
    AGES_HAMI,
    COLUMN_WEIGHTS,
    FACTIONS_KA,
    GRIMOIRES,
    ROLES_D6,
    ROSTER_TITLES,
    TRIBUS_HAMI,
    cell_of,
    column_widths,
    die_table_names,
    entry_creatures,
    entry_details,
    entry_names,
    find_profile,
    profile_card,
    profile_view,
    resolve,
    roster_card_ids,
    roster_html,
    roster_model,
    roster_sheet,
    roster_spec,
    roster_spec_json,
    show,
    with_equipment_names,
)
from .sheet import Sheet, SheetBuilder, category, entries_where, links, ordered
from .text import (
    EXPLICIT,
    NBSP,
    NNBSP,
    Unit,
    esc,
    join_units,
    markdown_html,
    split_long_unit,
    typographie_fr,
    typographie_html,
    units_of,
)
from .tokens import PlacedToken, Token, base_sizes, place_tokens, tokens

__all__ = [
    "AGES_HAMI",
    "AREA_H",
    "AREA_W",
    "CACHE_DIR",
    "CACHE_VERSION",
    "CARD_H",
    "CARD_MARGIN",
    "CARD_W",
    "COLUMN_WEIGHTS",
    "CSS_FILE",
    "Card",
    "EXPLICIT",
    "FACTIONS_KA",
    "FILL",
    "FONT_MAX",
    "FONT_MIN",
    "FONT_STEP",
    "GRID_COLS",
    "GRID_ROWS",
    "GRID_X",
    "GRID_Y",
    "GRIMOIRES",
    "JS_URL",
    "LONG_TABLE_ROWS",
    "NBSP",
    "NNBSP",
    "NOT_ON_SHEETS",
    "PAGE_H",
    "PAGE_W",
    "PlacedToken",
    "PrintSet",
    "REFERENCE_COMFORT",
    "ROLES_D6",
    "ROOT",
    "ROSTER_TITLES",
    "SECTION_FIELDS",
    "SHEETS",
    "Sheet",
    "SheetBuilder",
    "TEMPLATES",
    "THUMBNAIL_WIDTH",
    "TOKEN_GAP",
    "TRIBUS_HAMI",
    "Token",
    "Unit",
    "WIDE_TABLE_CHARS",
    "_boxes",
    "_element_attr",
    "base_sizes",
    "build",
    "card_pages",
    "card_sheet",
    "category",
    "cell_of",
    "column_widths",
    "cut_marks",
    "die_table_names",
    "entries_where",
    "entry_block",
    "entry_card",
    "entry_creatures",
    "entry_details",
    "entry_infos",
    "entry_names",
    "entry_units",
    "environment",
    "esc",
    "find_profile",
    "fit_cards",
    "fit_cards_cached",
    "fit_reference",
    "fit_reference_cached",
    "fit_roster_cached",
    "game_sheets",
    "join_units",
    "links",
    "log",
    "markdown_html",
    "measure_cards",
    "ordered",
    "page_blocks",
    "pdf_bytes",
    "place_tokens",
    "print_pages",
    "print_pages_md",
    "profile_card",
    "profile_view",
    "reference_sheet",
    "render_cards_document",
    "render_sheet",
    "renumber",
    "resolve",
    "roster_card_ids",
    "roster_html",
    "roster_model",
    "roster_sheet",
    "roster_spec",
    "roster_spec_json",
    "section",
    "sheets_default",
    "show",
    "split_long_unit",
    "stylesheet",
    "table_view",
    "thumbnail",
    "thumbnail_cached",
    "tokens",
    "typographie_fr",
    "typographie_html",
    "units_of",
    "with_equipment_names",
    "write_pdfs",
]


@dataclass
class PrintSet:
    """Every fitted sheet of the site (built once per build)."""

    site: Site
    sheets: dict[str, list[Sheet]]
    env: jinja2.Environment

    def all(self) -> list[Sheet]:
        return [s for sheets in self.sheets.values() for s in sheets]


_CACHE: dict[int, PrintSet] = {}


def build(site: Site) -> PrintSet:
    """Build and fit every sheet of the site (cached for the same Site object)."""
    cached = _CACHE.get(id(site))
    if cached is not None and cached.site is site:
        return cached
    env = environment()
    sheets = {game.id: game_sheets(game) for game in site.games}
    for game_sheets_ in sheets.values():
        unique: dict[str, Card] = {}
        for sheet in game_sheets_:
            for card in sheet.cartes if sheet.sorte == "cartes" else []:
                unique.setdefault(card.ident, card)
        by_entry: dict[str, list[Card]] = {}
        for card in fit_cards_cached(list(unique.values()), env):
            by_entry.setdefault(card.racine, []).append(card)
        pool: list[Card] = []
        for sheet in game_sheets_:
            if sheet.sorte == "cartes":
                sheet.cartes = [c for original in sheet.cartes for c in by_entry[original.ident]]
                pool += [c for c in sheet.cartes if all(c is not other for other in pool)]
            elif sheet.sorte == "reference":
                fit_reference_cached(sheet, env)
        for sheet in game_sheets_:
            if sheet.sorte == "liste":
                wanted = roster_card_ids(sheet.jeu)
                sheet.cartes = [c for c in pool if c.entree in wanted]
                fit_roster_cached(sheet, env)
    result = PrintSet(site, sheets, env)
    _CACHE.clear()
    _CACHE[id(site)] = result
    return result


def print_pages(site: Site) -> dict[str, str]:
    """Every HTML print page by its path in the site (`imprimer/<jeu>/<feuille>.html`)."""
    result = build(site)
    return {sheet.chemin: render_sheet(sheet, result.env) for sheet in result.all()}


def print_pages_md(site: Site) -> dict[str, str]:
    """The « À imprimer » Markdown page of every game that has print sheets (`<jeu>/imprimer.md`)."""
    result = build(site)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    out = {}
    for game in site.games:
        sheets = result.sheets.get(game.id) or []
        if not sheets:
            continue
        uri = game.uri("imprimer")
        base = "../" * (uri.count("/") + 1)
        out[uri] = env.get_template("imprimer.md.j2").render(
            jeu=game, feuilles=sheets, base=base, e=html.escape,
            verifier=relative_link(uri, game.uri("verifier")) if "verifier" in game.manifest.get("outils", []) else "")
    return out


def write_pdfs(site: Site, site_dir: Path | str, thumbnails: bool = True) -> list[Path]:
    """Write every sheet as a PDF (WeasyPrint) into the built site, with a PNG of its first page."""
    result = build(site)
    site_dir = Path(site_dir)
    written = []
    for sheet in result.all():
        target = site_dir / sheet.pdf
        target.parent.mkdir(parents=True, exist_ok=True)
        data = pdf_bytes(render_sheet(sheet, result.env, for_pdf=True))
        target.write_bytes(data)
        written.append(target)
        if thumbnails:
            thumbnail_cached(data, target, site_dir / sheet.vignette)
    return written
