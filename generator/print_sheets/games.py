"""Which sheets each game gets, decided by kind and category of its entries; no rule text is written here."""
from __future__ import annotations

from ..model import Game
from .cards import card_sheet
from .jeux import bataille_d6, hami, hate, kharn_ages, tamashii
from .reference import entry_block, reference_sheet, section
from .roster import roster_sheet
from .sheet import Sheet, SheetBuilder, entries_where


def sheets_default(game: Game) -> list[Sheet]:
    """A game without its own layout: its card sheets, its tables and, with lists, the generic roster.

    One card sheet per card-like kind, a sheet of its tables, and for a game with lists (the
    `verifier` tool) the roster sheet that « Imprimer ma liste » fills.
    """
    sheets = []
    for kind, title, label in (("objets", "Cartes des objets", "Objet"), ("sorts", "Cartes des sorts", "Sort"),
                               ("scenarios", "Cartes des scénarios", "Scénario"),
                               ("objectifs", "Cartes des objectifs", "Objectif"),
                               ("evenements", "Cartes des événements", "Événement")):
        sheet = card_sheet(game, kind, title, kind, label, f"{title} de {game.nom}.")
        if sheet:
            sheets.append(sheet)
    tables = [entry_block(game, e) for e in entries_where(game, lambda e: e.kind == "tables")]
    if tables:
        sheets.append(reference_sheet(game, [section("Tableaux", tables)]))
    if "verifier" in game.manifest.get("outils", []):
        sheets.append(roster_sheet(game))
    return sheets


# Game id -> its own layout (`print_sheets/jeux/<jeu>.py`, each with `sheets(game)`); other games get
# `sheets_default`.
SHEETS: dict[str, SheetBuilder] = {"bataille-d6": bataille_d6.sheets, "hami": hami.sheets,
                                   "kharn-ages": kharn_ages.sheets, "tamashii": tamashii.sheets, "hate": hate.sheets}


def game_sheets(game: Game) -> list[Sheet]:
    """The print sheets of a game (empty when the game does not offer « imprimer »)."""
    if "imprimer" not in game.manifest.get("outils", []):
        return []
    builder = SHEETS.get(game.id, sheets_default)
    return builder(game)


def has_roster(game: Game) -> bool:
    """Whether the game prints a filled list (`imprimer/<jeu>/liste.html`): the checker offers « Imprimer ma liste » only then."""
    return any(sheet.sorte == "liste" for sheet in game_sheets(game))
