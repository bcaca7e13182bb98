"""PDFs and thumbnails, and the cache that lets rebuilds reuse fitting and PDFs for unchanged inputs."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jinja2

from .cards import Card
from .layout import FILL, FONT_MAX, FONT_MIN, REFERENCE_COMFORT, ROOT, log, stylesheet
from .measure import ROSTER_MIN_ROWS, fit_cards, fit_reference, fit_roster
from .pages import render_sheet
from .roster import roster_model, roster_spec
from .sheet import Sheet
from .text import Unit

# `make bench` points this at an empty folder to time a first build.
CACHE_DIR = Path(os.environ.get("COMPENDIUM_CACHE_IMPRESSION") or ROOT / ".cache" / "impression")
CACHE_VERSION = "1"


def _digest(*parts: Any) -> str:
    import hashlib
    from importlib.metadata import version

    weasyprint_version = version("weasyprint")  # without importing WeasyPrint (0.8 s)
    payload = json.dumps([CACHE_VERSION, weasyprint_version, stylesheet(), *parts], ensure_ascii=False,
                         sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def _cache_read(name: str) -> bytes | None:
    try:
        return (CACHE_DIR / name).read_bytes()
    except OSError:
        return None


def _cache_write(name: str, data: bytes) -> None:
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        temporary = CACHE_DIR / f".{name}.{os.getpid()}.tmp"  # one per process: parallel builds share the cache
        temporary.write_bytes(data)
        temporary.replace(CACHE_DIR / name)
    except OSError:
        pass


def _card_state(card: Card) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(card)


def _card_from_state(state: dict[str, Any]) -> Card:
    units = [Unit(**u) for u in state.pop("units")]
    return Card(units=units, **state)


def fit_cards_cached(cards: list[Card], env: jinja2.Environment) -> list[Card]:
    """`fit_cards`, reusing the result of an earlier build when the cards and the CSS are unchanged."""
    key = "cartes-" + _digest([_card_state(c) for c in cards], FONT_MAX, FONT_MIN, FILL) + ".json"
    cached = _cache_read(key)
    if cached is not None:
        try:
            return [_card_from_state(state) for state in json.loads(cached)]
        except (ValueError, TypeError, KeyError):
            pass
    fitted = fit_cards(cards, env)
    _cache_write(key, json.dumps([_card_state(c) for c in fitted], ensure_ascii=False).encode("utf-8"))
    return fitted


def fit_reference_cached(sheet: Sheet, env: jinja2.Environment) -> None:
    """`fit_reference`, reusing an earlier result for the same blocks and CSS."""
    key = "reference-" + _digest(sheet.titre, sheet.blocs, REFERENCE_COMFORT, FONT_MIN) + ".json"
    cached = _cache_read(key)
    if cached is not None:
        try:
            sheet.taille = float(json.loads(cached))
            return
        except (ValueError, TypeError):
            pass
    fit_reference(sheet, env)
    _cache_write(key, json.dumps(sheet.taille).encode("utf-8"))


def fit_roster_cached(sheet: Sheet, env: jinja2.Environment) -> None:
    """`fit_roster`, reusing an earlier result for the same blank sheet and CSS."""
    most = int(roster_model(sheet.jeu, None, None)["vides"])
    sheet.lignes_vides = most
    minimum = int(roster_spec(sheet.jeu).get("lignes_min", ROSTER_MIN_ROWS))
    key = "liste-" + _digest(render_sheet(sheet, env, for_pdf=True), minimum) + ".json"
    cached = _cache_read(key)
    if cached is not None:
        try:
            sheet.lignes_vides = int(json.loads(cached))
            return
        except (ValueError, TypeError):
            pass
    fit_roster(sheet, env, most, minimum)
    _cache_write(key, json.dumps(sheet.lignes_vides).encode("utf-8"))


def pdf_bytes(markup: str) -> bytes:
    """The PDF of a print page (WeasyPrint), cached by content."""
    key = "pdf-" + _digest(markup) + ".pdf"
    cached = _cache_read(key)
    if cached is not None:
        return cached
    from weasyprint import HTML  # imported only on a cache miss: the import alone takes 0.5 s

    data = HTML(string=markup).write_pdf()
    _cache_write(key, data)
    return data



def thumbnail_cached(data: bytes, pdf: Path, png: Path) -> bool:
    """`thumbnail`, reusing the PNG made earlier for the same PDF bytes."""
    import hashlib

    key = f"vignette-{THUMBNAIL_WIDTH}-" + hashlib.sha256(data).hexdigest()[:32] + ".png"
    cached = _cache_read(key)
    if cached is not None:
        png.parent.mkdir(parents=True, exist_ok=True)
        png.write_bytes(cached)
        return True
    if not thumbnail(pdf, png):
        return False
    _cache_write(key, png.read_bytes())
    return True


# Longest side of a thumbnail, in pixels: shown at most 212 × 300 CSS pixels (imprimer.md.j2), so
# 1.5 times that keeps it sharp on a phone's screen (Lighthouse's image-size-responsive).
THUMBNAIL_WIDTH = 450


def thumbnail(pdf: Path, png: Path, width: int = THUMBNAIL_WIDTH) -> bool:
    """Render page 1 of a PDF to PNG with pdftoppm (poppler-utils); False when it is not installed."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        log.warning("pdftoppm absent : pas de vignette pour %s (installer poppler-utils)", pdf.name)
        return False
    stem = png.with_suffix("")
    subprocess.run([tool, "-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", str(width), str(pdf), str(stem)],
                   check=True, capture_output=True, timeout=120)
    return png.is_file()
