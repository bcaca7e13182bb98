"""Shared layout: paths, physical sizes, font sizes, the Jinja environment, the stylesheet, cut marks."""
from __future__ import annotations

import logging
from pathlib import Path

import jinja2

from .text import typographie_fr

log = logging.getLogger("mkdocs.plugins.compendium.impression")

TEMPLATES = Path(__file__).parent.parent / "templates"
ROOT = Path(__file__).resolve().parent.parent.parent
CSS_FILE = ROOT / "site_overrides" / "assets" / "stylesheets" / "impression.css"
JS_URL = "assets/javascripts/compendium/impression.js"

# Physical sizes, in millimetres.
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.0, 88.0
CARD_MARGIN = 6.0                      # @page margin of card and token sheets (templates/print/base.html.j2)
AREA_W, AREA_H = PAGE_W - 2 * CARD_MARGIN, PAGE_H - 2 * CARD_MARGIN
GRID_COLS, GRID_ROWS = 3, 3
GRID_X = (AREA_W - GRID_COLS * CARD_W) / 2
GRID_Y = (AREA_H - GRID_ROWS * CARD_H) / 2
# Reference and roster sheets use a 10 mm @page margin (templates/print/reference.html.j2, liste.html.j2).
TOKEN_GAP = 3.0

WIDE_TABLE_CHARS = 60                  # a table whose rows hold more characters spans both columns
LONG_TABLE_ROWS = 30                   # a table with more rows may break between rows

# Card text sizes, in points.
FONT_MAX = 8.5
FONT_MIN = 6.5
FONT_STEP = 0.25
REFERENCE_COMFORT = 7.5                # reference sheets that need several pages never go below this
FILL = 0.97                            # leave 3 % of the body empty (other browsers' metrics)


def environment() -> jinja2.Environment:
    """Jinja environment for HTML print templates (autoescaped)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES / "print"),
                             autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["mm"] = lambda v: f"{v:.3f}".rstrip("0").rstrip(".") + "mm"
    env.filters["typo"] = typographie_fr
    env.globals["cut_marks"] = cut_marks
    return env


def stylesheet() -> str:
    """The print CSS (inlined into every print page)."""
    return CSS_FILE.read_text(encoding="utf-8")


def cut_marks(rows: int = GRID_ROWS) -> list[dict[str, float]]:
    """Cut marks around the card grid, in the page margin, as (x, y, w, h) lines in mm."""
    marks = []
    length_x = GRID_X - 1.0
    length_y = GRID_Y - 5.5
    for col in range(GRID_COLS + 1):
        x = GRID_X + col * CARD_W
        marks.append({"x": x - 0.1, "y": 5.0, "w": 0.2, "h": length_y})
        marks.append({"x": x - 0.1, "y": GRID_Y + rows * CARD_H + 0.5, "w": 0.2, "h": length_y})
    for row in range(rows + 1):
        y = GRID_Y + row * CARD_H
        marks.append({"x": 0.0, "y": y - 0.1, "w": length_x, "h": 0.2})
        marks.append({"x": GRID_X + GRID_COLS * CARD_W + 1.0, "y": y - 0.1, "w": length_x, "h": 0.2})
    return marks
