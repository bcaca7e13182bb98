"""Odds tables stage: exact tables computed by the engine at build time, for readers without JavaScript."""
from __future__ import annotations

from typing import Any

import browser_engine

from .export import bundle
from .model import Game, relative_link


def render_tables(game: Game) -> dict[str, str]:
    """Markdown of the game's precomputed odds tables, keyed by the entry they follow.

    Args:
        game: the validated game.

    Returns:
        {entry id: Markdown}; several tables after one entry are joined.

    """
    out: dict[str, str] = {}
    for table in browser_engine.tables_statiques(bundle(game)):
        page_uri = game.uri(table["page"])
        key = table.get("apres") or game.pages[0].id
        out[key] = (out.get(key, "") + "\n\n" + _table_markdown(table, game, page_uri)).strip()
    return out


def _table_markdown(table: dict[str, Any], game: Game, page_uri: str) -> str:
    header = [table.get("entete_lignes", "")] + list(table["colonnes"])
    lines = [f"### {table['titre']} {{ #{table['id']} }}", "", table.get("resume", ""), "",
             "| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for row in table["lignes"]:
        cells = [f"{c['fraction']} ({c['texte']})" for c in row["cellules"]]
        lines.append("| " + " | ".join([str(row["entete"])] + cells) + " |")
    lines.append("")
    if table.get("note"):
        lines += [f"*{table['note']}*", ""]
    if "probas" in game.manifest.get("outils", []):
        link = relative_link(page_uri, game.uri("probas"))
        lines.append(f"Valeurs exactes calculées à la construction du site par le moteur du [calculateur de probabilités]({link}).")
    return "\n".join(lines)
