"""Bataille fantastique d6: which sheets it gets (cards, reference sheet, roster)."""
from __future__ import annotations

from ...model import Game
from ..cards import card_sheet
from ..reference import entry_block, page_blocks, reference_sheet, section
from ..roster import roster_sheet
from ..sheet import Sheet, category, entries_where


def sheets(game: Game) -> list[Sheet]:
    """Bataille fantastique d6: four card sheets, the reference sheet, the roster sheet."""
    sheets = [
        card_sheet(game, "objets-magiques", "Cartes des objets magiques", "objets", "Objet magique",
                   "Les objets magiques des Héros, un par carte."),
        card_sheet(game, "sorts", "Cartes des sorts", "sorts", "Sort", "Les sorts des Sorciers, un par carte."),
        card_sheet(game, "scenarios", "Cartes des scénarios", "scenarios", "Scénario",
                   "Les scénarios : mise en place, règles spéciales et victoire."),
        card_sheet(game, "objectifs-de-campagne", "Cartes des objectifs de campagne", "objectifs",
                   "Objectif de campagne", "Les objectifs de campagne, annoncés avant chaque bataille."),
    ]
    parts = [
        section("Séquence du tour", page_blocks(game, "tour")),
        section("Coût des figurines", [entry_block(game, e) for e in entries_where(
            game, lambda e: e.kind == "tables" and e.data.get("type") == "cout")]),
        section("Terrain, touches et sauvegardes", [entry_block(game, e) for e in entries_where(
            game, lambda e: e.kind == "mots_cles" and category(e) in ("terrain", "combat"))]),
    ]
    sheets.append(reference_sheet(game, parts))
    sheets.append(roster_sheet(game))
    return [s for s in sheets if s]
