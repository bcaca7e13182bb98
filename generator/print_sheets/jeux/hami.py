"""HAMI: which sheets it gets (Stratège cards, tokens, spells, objects, reference sheet, Communauté)."""
from __future__ import annotations

from ...model import Game
from ..cards import card_sheet
from ..reference import entry_block, page_blocks, reference_sheet, section
from ..roster import roster_sheet
from ..sheet import Sheet, category, entries_where
from ..tokens import base_sizes, tokens

LUMIERE, OMBRE = "☀", "☾"


def sheets(game: Game) -> list[Sheet]:
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
