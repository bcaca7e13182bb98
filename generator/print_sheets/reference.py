"""Reference sheets: blocks of entry texts and tables, grouped in titled sections."""
from __future__ import annotations

import re
from typing import Any

from ..model import Entry, Game
from ..wording import cell_text, column_value
from .cards import entry_units
from .layout import LONG_TABLE_ROWS, WIDE_TABLE_CHARS
from .sheet import Sheet
from .text import esc, join_units, markdown_html, typographie_fr


def entry_block(game: Game, entry: Entry, brief: bool = False) -> dict[str, Any]:
    """A reference-sheet block: an entry's name and text (its summary when `brief`), or its table."""
    d = entry.data
    block: dict[str, Any] = {"id": entry.id, "nom": typographie_fr(entry.nom), "html": "", "table": None,
                             "large": False, "long": False}
    if entry.kind == "tables":
        block["table"] = table_view(game, entry)
        widths = [max([len(c)] + [len(r[i]) for r in block["table"]["lignes"]])
                  for i, c in enumerate(block["table"]["colonnes"])]
        block["large"] = sum(min(w, 30) for w in widths) > WIDE_TABLE_CHARS
        block["long"] = len(block["table"]["lignes"]) > LONG_TABLE_ROWS
        block["html"] = markdown_html(d.get("texte", ""), game) if d.get("texte") and not brief else ""
        return block
    if brief:
        block["html"] = f"<p>{esc(d.get('resume', ''))}</p>"
        return block
    units = entry_units(game, entry, lecture=False)
    block["html"] = join_units(units)
    return block


def table_view(game: Game, entry: Entry) -> dict[str, Any]:
    """Header and cells of a data table, as escaped text (null is « — », ref is the entry's name).

    A `ref` column that only repeats, on every row, what another cell of the row already
    names (« Guetteur | Guetteur ») is left out: on paper it adds nothing.
    """
    d = entry.data
    columns = d.get("colonnes", [])
    rows = []
    for row in d.get("lignes", []):
        cells = []
        for column in columns:
            value = column_value(row.get(column["id"]), column)
            if column["id"] == "ref" and value in game.entries:
                value = game.entries[value].nom
            cells.append(cell_text(value))
        rows.append(cells)
    keep = [i for i, column in enumerate(columns) if not (column["id"] == "ref" and repeats_its_row(rows, i))]
    return {"colonnes": [esc(columns[i]["nom"]) for i in keep], "lignes": [[esc(r[i]) for i in keep] for r in rows],
            "notes": [esc(n) for n in d.get("notes", [])], "de": d.get("de", "")}


def repeats_its_row(rows: list[list[str]], index: int) -> bool:
    """Whether, on every row, cell `index` equals, contains or is contained in another cell of the row."""
    def same(a: str, b: str) -> bool:
        short, long = sorted((a.casefold().strip(), b.casefold().strip()), key=len)
        return short == long != "" or (len(short) >= 4 and re.search(rf"(?<!\w){re.escape(short)}(?!\w)", long) is not None)

    return bool(rows) and all(any(same(row[index], other) for j, other in enumerate(row) if j != index)
                              for row in rows)


NOT_ON_SHEETS = ("calculs", "regles_liste", "faq")


def page_blocks(game: Game, page_id: str, kinds: tuple[str, ...] = (), brief: bool = False) -> list[dict[str, Any]]:
    """Blocks of the rule entries shown on a page (optionally only some kinds), in page order."""
    page = next((p for p in game.pages if p.id == page_id), None)
    if page is None:
        return []
    return [entry_block(game, e, brief) for e in page.entries
            if e.kind not in NOT_ON_SHEETS and (not kinds or e.kind in kinds)]


def section(title: str, blocks: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A titled group of reference blocks; it spans the page width when one of its tables is wide."""
    if not blocks:
        return None
    return {"titre": typographie_fr(title), "blocs": blocks, "large": any(b["large"] for b in blocks)}



def reference_sheet(game: Game, parts: list[dict[str, Any] | None], title: str = "Aide de jeu") -> Sheet:
    """The reference sheet of a game from its sections (empty sections are left out)."""
    return Sheet(game, "reference", f"{title} — {game.nom}", "reference",
                 "Une page A4 de rappels : tour de jeu, tableaux et règles les plus consultées.",
                 blocs=[p for p in parts if p])
