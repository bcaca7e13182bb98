"""Which sheets each game gets, decided by kind and category of its entries; no rule text is written here."""
from __future__ import annotations

import re
from typing import Any

from ..model import Game
from .cards import card_sheet
from .hate import sheets_hate
from .reference import entry_block, page_blocks, reference_sheet, section
from .roster import roster_sheet
from .sheet import Sheet, SheetBuilder, category, entries_where
from .tamashii import sheets_tamashii
from .tokens import Token, base_sizes, tokens


def sheets_bataille_d6(game: Game) -> list[Sheet]:
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



def sheets_default(game: Game) -> list[Sheet]:
    """A game without its own layout: one card sheet per card-like kind, and a sheet of its tables."""
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
    return sheets



LUMIERE, OMBRE = "☀", "☾"


def sheets_hami(game: Game) -> list[Sheet]:
    """HAMI: Stratège cards, tokens and markers, spell and object cards, reference, Communauté."""
    sizes = base_sizes(game)
    small, creature, large, huge = sizes[0], sizes[min(1, len(sizes) - 1)], sizes[min(2, len(sizes) - 1)], sizes[-1]
    marker = [
        *tokens(6, "Caché", small, detail="non magique", groupe="cache"),
        *tokens(3, "Caché", small, symbole=LUMIERE, detail="magique Lumière", groupe="cache-lumiere"),
        *tokens(3, "Caché", small, symbole=OMBRE, detail="magique Ombre", groupe="cache-ombre"),
        *tokens(8, "Activée", small, symbole="✓", detail="figurine", groupe="active"),
        *tokens(12, "Essence", small, symbole="−1", groupe="essence"),
        *tokens(2, "+1 Action", small, symbole=LUMIERE, detail="magique Lumière", groupe="plus-lumiere"),
        *tokens(2, "+1 Action", small, symbole=OMBRE, detail="magique Ombre", groupe="plus-ombre"),
        *tokens(4, "−1 Action", small, detail="non magique", groupe="moins"),
        *tokens(2, "−1 Action", small, symbole=LUMIERE, detail="magique Lumière", groupe="moins-lumiere"),
        *tokens(2, "−1 Action", small, symbole=OMBRE, detail="magique Ombre", groupe="moins-ombre"),
        *tokens(4, "Œuf", small, groupe="oeuf"),
    ]
    scenario = [*tokens(4, "Artefact", creature, detail="fragment", groupe="artefact"),
                *tokens(4, "Gibier", creature, groupe="gibier")]
    for number, motif in enumerate(("rayures", "points", "quadrillage", "plein"), 1):
        scenario += tokens(2, "Hami perdu", creature, detail=f"Joueur {number}", motif=motif, groupe=f"hami-perdu-{number}")
    scenario += [*tokens(4, "Objectif", large, groupe="objectif"), *tokens(1, "Nid", huge, groupe="nid"),
                 *tokens(1, "Passage", huge, groupe="passage")]
    sheets = [
        card_sheet(game, "strateges", "Cartes Stratège", "capacites", "Carte Stratège",
                   "Les six cartes Stratège du module 2 (à imprimer une fois par joueur).",
                   keep=lambda e: category(e).startswith("stratege") or category(e).startswith("stratège")),
        Sheet(game, "marqueurs", "Jetons et marqueurs", "jetons",
              f"Caché, Figurine activée, Essence, ±1 Action, Œufs, Nid, Artefacts, Hami perdus, Passage, Gibiers, "
              f"Objectif, aux diamètres des socles ({', '.join(f'{s:g}' for s in sizes)} mm). Les marqueurs magiques "
              f"portent ☀ Lumière ou ☾ Ombre ; les Hami perdus de chaque joueur ont leur motif.",
              jetons=marker + scenario),
        card_sheet(game, "sorts", "Cartes des sorts", "sorts", "Sort", "Les dix sorts, avec leurs restrictions."),
        card_sheet(game, "objets", "Cartes des objets", "objets", "Objet", "Les dix objets, avec leurs restrictions."),
    ]
    parts = [
        section("Tour de jeu", page_blocks(game, "tour-de-jeu", kinds=("sections",)) +
                [entry_block(game, e, brief=True) for e in entries_where(game, lambda e: e.kind == "evenements" and
                                                                         e.data.get("page") == "tour-de-jeu")]),
        section("Actions et marqueurs", [entry_block(game, e, brief=True) for e in entries_where(
            game, lambda e: e.kind == "capacites" and category(e) in ("action", "marqueur"))]),
        section("Combat", page_blocks(game, "combat", kinds=("sections",), brief=True) +
                [entry_block(game, e, brief=True) for e in entries_where(
                    game, lambda e: e.kind == "capacites" and category(e).startswith("effet"))]),
    ]
    sheets.append(reference_sheet(game, parts, "Feuille de référence"))
    sheets.append(roster_sheet(game))
    return [s for s in sheets if s]


KA_TOKENS = ("carcasse", "au-sol", "sonne", "assomme", "saignement", "poison", "feu", "gelure", "effraye", "terrorise")


def sheets_kharn_ages(game: Game) -> list[Sheet]:
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


SHEETS: dict[str, SheetBuilder] = {"bataille-d6": sheets_bataille_d6, "hami": sheets_hami,
                                   "kharn-ages": sheets_kharn_ages, "tamashii": sheets_tamashii,
                                   "hate": sheets_hate}


def game_sheets(game: Game) -> list[Sheet]:
    """The print sheets of a game (empty when the game does not offer « imprimer »)."""
    if "imprimer" not in game.manifest.get("outils", []):
        return []
    builder = SHEETS.get(game.id, sheets_default)
    return builder(game)
