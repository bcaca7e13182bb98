"""Khârn-Âges: which sheets it gets (state tokens, reference sheet, spells, Fer de Lance roster)."""
from __future__ import annotations

import re
from typing import Any

from ...model import Game
from ..cards import card_sheet
from ..reference import page_blocks, reference_sheet, section
from ..roster import roster_sheet
from ..sheet import Sheet
from ..tokens import Token, base_sizes, tokens

KA_TOKENS = ("carcasse", "au-sol", "sonne", "assomme", "saignement", "poison", "feu", "gelure", "effraye", "terrorise")


def sheets(game: Game) -> list[Sheet]:
    """Khârn-Âges: state and effect tokens, reference sheet, Fer de Lance roster with profile cards."""
    sizes = base_sizes(game, (30, 40, 50, 60))
    states: list[Token] = []
    for ident in KA_TOKENS:
        entry = game.entries.get(ident)
        if entry is None:
            continue
        name = re.sub(r"\s+X$", "", entry.nom)
        if ident == "carcasse":
            for size in sizes:    # a carcass replaces the figure: one per base size
                states += tokens(2, name, size, detail=f"socle {size:g} mm", groupe=f"{ident}-{size:g}")
        else:
            states += tokens(3, name, sizes[0], groupe=ident,
                             symbole="X" if entry.nom.endswith(" X") else "")
    states.sort(key=lambda t: -t.diametre)
    sheets: list[Sheet | None] = [
        Sheet(game, "etats", "Jetons d'états et d'effets", "jetons",
              "Carcasses (une par taille de socle), au sol, sonné, assommé, saignement, poison, feu, gelure, "
              "effrayé, terrorisé.", jetons=states) if states else None,
    ]
    def tables_on(page: str) -> list[dict[str, Any]]:
        return page_blocks(game, page, kinds=("tables",))
    parts = [
        section("Actions", tables_on("actions")),
        section("Tir et lancer", tables_on("distance")),
        section("Moral", tables_on("moral")),
        section("Équipement", tables_on("equipement")),
    ]
    sheets.append(reference_sheet(game, parts, "Feuille de référence"))
    spells = card_sheet(game, "sorts", "Cartes des sorts", "sorts", "Sort", "Les sorts décrits par le livre.")
    sheets.append(spells)
    sheets.append(roster_sheet(game))
    return [s for s in sheets if s]
