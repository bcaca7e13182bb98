"""Print sheets as a player sees them: no nearly empty last page, no column that repeats its row.

The PDFs are those the build writes (`print_sheets.write_pdfs`); each page is rendered by
pdftoppm and its ink (dark pixels) counted, so the measure is the printed page itself.
"""
from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from generator import print_sheets as ps
from generator.model import Site
from generator.plugin import load_site

from .conftest import ROOT

# The last page of a multi-page PDF holds at least this share of the ink of an average other page.
LAST_PAGE_SHARE = 0.3


@pytest.fixture(scope="module")
def site_model() -> Site:
    return load_site(ROOT)


@pytest.fixture(scope="module")
def pdf_dir(site_model: Site, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pdf")
    ps.write_pdfs(site_model, out, thumbnails=False)
    return out


def ink_per_page(pdf: Path, folder: Path) -> list[int]:
    """Dark pixels of each page of a PDF rendered at 30 dpi in grey."""
    stem = folder / pdf.stem
    subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", str(pdf), str(stem)], check=True, timeout=120)
    pages = sorted(folder.glob(f"{pdf.stem}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [sum(1 for value in Image.open(page).convert("L").tobytes() if value < 200) for page in pages]


def test_no_pdf_ends_with_a_nearly_empty_page(pdf_dir: Path, tmp_path: Path) -> None:
    pdfs = sorted(pdf_dir.rglob("*.pdf"))
    assert len(pdfs) >= 10
    several = 0
    for pdf in pdfs:
        folder = tmp_path / pdf.parent.name
        folder.mkdir(exist_ok=True)
        ink = ink_per_page(pdf, folder)
        assert ink and all(ink), (pdf.name, ink)
        if len(ink) == 1:
            continue
        several += 1
        average = sum(ink[:-1]) / (len(ink) - 1)
        assert ink[-1] >= LAST_PAGE_SHARE * average, (f"{pdf.parent.name}/{pdf.name}", ink)
    assert several >= 2


def test_ten_cards_are_spread_five_and_five() -> None:
    cards = [ps.Card(ident=f"c{i}", entree=f"e{i}", titre="", type="", infos=[], units=[], pied="") for i in range(10)]
    assert [len(page) for page in ps.card_pages(cards, balanced=True)] == [5, 5]
    assert [len(page) for page in ps.card_pages(cards[:9], balanced=True)] == [9]
    assert [len(page) for page in ps.card_pages(cards + cards[:3], balanced=True)] == [7, 6]
    # Rosters keep filling page by page (impression.js lays them out the same way).
    assert [len(page) for page in ps.card_pages(cards)] == [9, 1]


class Tables(HTMLParser):
    """Cells of every table of a page, row by row (header rows included)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.tables and self.tables[-1]:
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def names_the_same(a: str, b: str) -> bool:
    a, b = a.casefold(), b.casefold()
    short, long = sorted((a, b), key=len)
    return bool(re.search(r"[^\W\d_]{3}", short)) and re.search(rf"(?<!\w){re.escape(short)}(?!\w)", long) is not None


def test_no_printed_table_has_a_column_that_repeats_its_row(site_model: Site) -> None:
    checked = 0
    for path, markup in ps.print_pages(site_model).items():
        parser = Tables()
        parser.feed(markup)
        for table in parser.tables:
            header, rows = table[0], [r for r in table[1:] if len(r) == len(table[0])]
            if len(rows) < 3:
                continue
            checked += 1
            for index, title in enumerate(header):
                repeated = all(any(names_the_same(row[index], other) for j, other in enumerate(row) if j != index)
                               for row in rows)
                assert not repeated, (path, title, rows[:3])
    assert checked >= 10
