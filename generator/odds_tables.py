"""Odds tables stage: exact tables computed by the engine at build time, for readers without JavaScript."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import icepool

import browser_engine
from browser_engine.errors import ErreurDonnees
from browser_engine.odds import faces, pourcentage

from .export import bundle
from .model import Game
from .urls import page_url, relative_link

_COMPUTED: dict[int, tuple[Game, list[dict[str, Any]]]] = {}


def computed_tables(game: Game) -> list[dict[str, Any]]:
    """The engine's precomputed tables of a game, computed once per game object (pages and odds page share them)."""
    hit = _COMPUTED.get(id(game))
    if hit is None or hit[0] is not game:
        hit = (game, browser_engine.tables_statiques(bundle(game)))
        _COMPUTED[id(game)] = hit
    return hit[1]


def table_links(game: Game) -> list[dict[str, str]]:
    """Title and URL path (from the site root) of each precomputed table, in the engine's order."""
    return [{"titre": t["titre"], "url": f"{page_url(game.uri(t['page']))}#{t['id']}"} for t in computed_tables(game)]


def render_tables(game: Game) -> dict[str, str]:
    """Markdown of the game's precomputed odds tables, keyed by the entry they follow.

    Args:
        game: the validated game.

    Returns:
        {entry id: Markdown}; several tables after one entry are joined.

    """
    out: dict[str, str] = {}
    for table in computed_tables(game):
        page_uri = game.uri(table["page"])
        key = table.get("apres") or game.pages[0].id
        out[key] = (out.get(key, "") + "\n\n" + _table_markdown(table, game, page_uri)).strip()
    return out


def _table_markdown(table: dict[str, Any], game: Game, page_uri: str) -> str:
    """One table: percentages (or means) first, the exact fractions in a folded block under it."""
    header = [table.get("entete_lignes", "")] + list(table["colonnes"])
    lines = [f"### {table['titre']} {{ #{table['id']} }}", "", table.get("resume", ""), ""]
    lines += _rows(header, table["lignes"], "texte")
    lines += ["", '??? note "Fractions exactes"', ""]
    lines += [("    " + line).rstrip() for line in _rows(header, table["lignes"], "fraction")]
    lines.append("")
    if table.get("note"):
        lines += [f"*{table['note']}*", ""]
    if "probas" in game.manifest.get("outils", []):
        link = relative_link(page_uri, game.uri("probas"))
        lines.append(f"Valeurs exactes calculées à la construction du site par le moteur du [calculateur de probabilités]({link}).")
    return "\n".join(lines)


def _rows(header: list[str], rows: list[dict[str, Any]], key: str) -> list[str]:
    """A Markdown table whose cells show `key` of each computed cell (« texte » or « fraction »)."""
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for row in rows:
        lines.append("| " + " | ".join([str(row["entete"])] + [str(c[key]) for c in row["cellules"]]) + " |")
    return lines


_DIE = re.compile(r"^([0-9]*)d([0-9]+)$")


def roll_chance(jet: Any, de: str) -> str:
    """The exact chance of a die table's row on one roll (`1/2 (50,0 %)`), or « — » if unreadable.

    Args:
        jet: the row's `jet` cell (`"1-3"`, `6`).
        de: the table's die (`d6`, `2d6`, `d10`).

    """
    match = _DIE.match(str(de).strip().lower())
    if not match or jet is None:
        return "—"
    loi = int(match.group(1) or 1) @ icepool.d(int(match.group(2)))
    try:
        wanted = set(faces(jet))
    except ErreurDonnees:
        return "—"
    chance = Fraction(sum(q for v, q in loi.items() if v in wanted), loi.denominator())
    texte = str(chance.numerator) if chance.denominator == 1 else f"{chance.numerator}/{chance.denominator}"
    return f"{texte} ({pourcentage(chance)})"
