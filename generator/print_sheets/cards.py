"""Cards: 63 × 88 mm, one per entry, in a 3 × 3 grid with cut marks."""
from __future__ import annotations

import math
from collections.abc import Callable

import jinja2

from ..model import Entry, Game
from ..wording import counted
from .layout import CARD_H, CARD_W, GRID_COLS, GRID_ROWS, GRID_X, GRID_Y, stylesheet
from .sheet import Card, Sheet, ordered
from .text import NBSP, Unit, esc, markdown_html, typographie_fr, units_of

SECTION_FIELDS = [("mise_en_place", "Mise en place"), ("deploiement", "Déploiement"),
                  ("regles_speciales", "Règles spéciales"), ("victoire", "Victoire")]


def entry_infos(game: Game, entry: Entry) -> list[str]:
    """Short facts shown under a card's name: die result, range, duration, cost, restrictions."""
    d = entry.data
    infos = []
    if "jet" in d:
        die = (game.manifest.get("des") or ["dé"])[0]
        infos.append(f"{die} : {d['jet']}")
    if d.get("portee") not in (None, ""):
        infos.append(f"portée : {d['portee']}")
    if d.get("duree") not in (None, ""):
        infos.append(counted(d["duree"], "tours") if isinstance(d["duree"], int) else str(d["duree"]))
    if d.get("joueurs"):
        infos.append(counted(d["joueurs"], "joueurs"))
    if d.get("cout") not in (None, ""):
        infos.append(f"coût : {counted(d['cout'], game.manifest.get('unite_cout', ''))}")
    for restriction in d.get("restrictions") or []:
        infos.append(str(restriction))
    return [typographie_fr(i) for i in infos]


def entry_units(game: Game, entry: Entry, lecture: bool = True) -> list[Unit]:
    """The text of an entry as card units: text, steps, scenario sections, reading, missing data."""
    d = entry.data
    units = units_of(markdown_html(d.get("texte", ""), game)) if d.get("texte") else []
    if d.get("etapes"):
        steps = "\n".join(f"{i}. {s}" for i, s in enumerate(d["etapes"], 1))
        units += units_of(markdown_html(steps, game))
    for name, title in SECTION_FIELDS:
        if d.get(name):
            units.append(Unit(f"<h4>{esc(title)}</h4>", titre=True))
            units += units_of(markdown_html(d[name], game))
    if d.get("regles"):
        units += units_of(markdown_html("\n".join(f"{i}. {s}" for i, s in enumerate(d["regles"], 1)), game))
    if not units:
        units = [Unit(f"<p>{esc(d.get('resume', ''))}</p>")]
    if lecture and d.get("interpretation"):
        units.append(Unit(f'<p class="lecture"><b>Lecture retenue{NBSP}:</b> '
                          f'{esc(d["interpretation"]["lecture"])}</p>'))
    if d.get("manquant"):
        units.append(Unit(f'<p class="manquant"><b>Donnée manquante{NBSP}:</b> {esc(d["manquant"])}</p>'))
    return renumber(units)


def renumber(units: list[Unit]) -> list[Unit]:
    """Number an entry's lists 1, 2… in order (so that equal cards give equal cache keys)."""
    numbers: dict[int, int] = {}
    for unit in units:
        if unit.liste:
            unit.liste = numbers.setdefault(unit.liste, len(numbers) + 1)
    return units


def entry_card(game: Game, entry: Entry, type_label: str) -> Card:
    """The card of one entry (before fitting)."""
    page = next((p.titre for p in game.pages if p.id == entry.data.get("page")), "")
    foot = game.nom + (f" · {page}" if page else "")
    return Card(ident=f"carte-{entry.id}", entree=entry.id, titre=typographie_fr(entry.nom),
                type=typographie_fr(type_label), infos=entry_infos(game, entry),
                units=entry_units(game, entry), pied=typographie_fr(foot))



def card_sheet(game: Game, sheet_id: str, title: str, kind: str, type_label: str, description: str,
               keep: Callable[[Entry], bool] | None = None) -> Sheet | None:
    """A sheet with one card per entry of a kind (optionally filtered), in reading order."""
    entries = ordered(e for e in game.of_kind(kind) if keep is None or keep(e))
    if not entries:
        return None
    cards = [entry_card(game, e, type_label) for e in entries]
    return Sheet(game, sheet_id, title, "cartes", description, kind=kind, cartes=cards,
                 entrees=[e.id for e in entries])



def card_pages(cards: list[Card], balanced: bool = False) -> list[list[tuple[Card, float, float]]]:
    """Cards by page of 3 × 3, with their position (mm) in the page area.

    With `balanced`, the cards are spread evenly over the fewest pages (10 cards: 5 and 5),
    so that no last page holds a lone card.
    """
    per_page = GRID_COLS * GRID_ROWS
    count = max(1, math.ceil(len(cards) / per_page))
    sizes = [per_page] * count
    if balanced:
        sizes = [len(cards) // count + (1 if index < len(cards) % count else 0) for index in range(count)]
    pages = []
    start = 0
    for size in sizes:
        chunk = cards[start:start + size]
        start += size
        if not chunk:
            continue
        placed = []
        for index, card in enumerate(chunk):
            col, row = index % GRID_COLS, index // GRID_COLS
            placed.append((card, GRID_X + col * CARD_W, GRID_Y + row * CARD_H))
        pages.append(placed)
    return pages


def render_cards_document(cards: list[Card], env: jinja2.Environment, measure: bool = False) -> str:
    """A document of cards only; with `measure`, every card is on its own line for layout."""
    return env.get_template("mesure.html.j2").render(css=stylesheet(), cartes=cards, mesure=measure)
