"""Fitting text with WeasyPrint's layout: card font sizes and « (suite) » cards, reference sheet size."""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import jinja2

from .cards import Card, render_cards_document
from .layout import FILL, FONT_MAX, FONT_MIN, FONT_STEP, REFERENCE_COMFORT
from .pages import render_sheet
from .sheet import Sheet
from .text import split_long_unit


def _boxes(box: Any) -> Iterable[Any]:
    yield box
    for child in getattr(box, "children", None) or []:
        yield from _boxes(child)


def _element_attr(box: Any, name: str) -> str | None:
    element = getattr(box, "element", None)
    return element.get(name) if element is not None else None


def measure_cards(cards: list[Card], env: jinja2.Environment) -> dict[str, tuple[float, float, list[float]]]:
    """Lay the cards out with WeasyPrint; per card: (body height, content height, unit bottoms), in px."""
    from weasyprint import HTML

    markup = render_cards_document(cards, env, measure=True)
    document = HTML(string=markup).render()
    out: dict[str, tuple[float, float, list[float]]] = {}
    bodies: dict[str, Any] = {}
    contents: dict[str, Any] = {}
    bottoms: dict[str, list[float]] = {}
    for page in document.pages:
        for box in _boxes(page._page_box):
            ident = _element_attr(box, "data-corps")
            if ident and ident not in bodies:
                bodies[ident] = box
            ident = _element_attr(box, "data-contenu")
            if ident and ident not in contents:
                contents[ident] = box
            unit = _element_attr(box, "data-u")
            if unit is not None:
                owner, _, index = unit.rpartition(":")
                lst = bottoms.setdefault(owner, [])
                position = int(index)
                while len(lst) <= position:
                    lst.append(0.0)
                lst[position] = max(lst[position], box.position_y + box.margin_height())
    for ident, body in bodies.items():
        content = contents[ident]
        top = content.position_y
        out[ident] = (body.height, content.margin_height(),
                      [b - top for b in bottoms.get(ident, [])])
    return out


def fit_cards(cards: list[Card], env: jinja2.Environment, max_rounds: int = 24) -> list[Card]:
    """Shrink each card's text (down to FONT_MIN) and continue it on « (suite) » cards past that."""
    pending = list(cards)
    done: dict[str, list[Card]] = {c.ident: [c] for c in cards}
    for _ in range(max_rounds):
        if not pending:
            break
        sizes = measure_cards(pending, env)
        still: list[Card] = []
        for card in pending:
            available, used, bottoms = sizes[card.ident]
            limit = available * FILL
            if used <= limit:
                continue
            if card.taille > FONT_MIN:
                ratio = math.sqrt(limit / used)
                target = max(FONT_MIN, math.floor(card.taille * ratio / FONT_STEP) * FONT_STEP)
                card.taille = min(target, card.taille - FONT_STEP)
                card.taille = max(FONT_MIN, card.taille)
                still.append(card)
                continue
            keep = sum(1 for b in bottoms if b <= limit)
            while keep > 0 and card.units[keep - 1].titre:
                keep -= 1
            rest = card.units[keep:] if keep else card.units
            if keep == 0:
                # The first unit alone does not fit: cut it in two.
                pieces = split_long_unit(card.units[0])
                if len(pieces) == 1:
                    continue  # cannot do better; leave it (clipped by the card)
                card.units = pieces + card.units[1:]
                still.append(card)
                continue
            card.units = card.units[:keep]
            card.taille = FONT_MAX      # what is left may fit at a larger size
            still.append(card)
            group = done.setdefault(card.racine, [card])
            follow = Card(ident=f"{card.racine}--suite-{len(group) + 1}", entree=card.entree, titre=card.titre,
                          type=card.type, infos=[], units=rest, pied=card.pied, suite=len(group),
                          racine=card.racine)
            group.append(follow)
            still.append(follow)
        pending = still
    out: list[Card] = []
    for card in cards:
        group = done[card.ident]
        for member in group:
            member.total = len(group)
        out.extend(group)
    return out



def fit_reference(sheet: Sheet, env: jinja2.Environment, largest: float = 9.0) -> None:
    """Largest font size (9 pt down to 6.5 pt) that keeps the reference sheet on as few pages as possible.

    That is one page whenever 6.5 pt allows it; otherwise the number of pages needed
    at REFERENCE_COMFORT (7.5 pt), with the largest size that still fits them. Blocks are never split, except
    tables too long for a page, which break between rows with their header repeated.
    """
    from weasyprint import HTML

    def pages_at(size: float) -> int:
        sheet.taille = size
        return len(HTML(string=render_sheet(sheet, env, for_pdf=True)).render().pages)

    steps = [FONT_MIN + i * FONT_STEP for i in range(int(round((largest - FONT_MIN) / FONT_STEP)) + 1)]
    target = max(1, pages_at(steps[0]))
    low, high = 0, len(steps) - 1
    if target > 1:                 # several pages anyway: no need to go below a comfortable size
        low = steps.index(REFERENCE_COMFORT)
        target = max(1, pages_at(REFERENCE_COMFORT))
    if pages_at(steps[high]) <= target:
        return
    while high - low > 1:          # steps[low] fits the target, steps[high] does not
        middle = (low + high) // 2
        if pages_at(steps[middle]) <= target:
            low = middle
        else:
            high = middle
    sheet.taille = steps[low]


ROSTER_MIN_ROWS = 6                    # a blank roster keeps at least this many rows to fill in by hand


def fit_roster(sheet: Sheet, env: jinja2.Environment, most: int, minimum: int = ROSTER_MIN_ROWS) -> None:
    """Most blank rows (`most` down to `minimum`) that keep the blank roster sheet on as few pages as possible.

    The help tables after the rows must not spill a few lines onto an extra page: when fewer
    rows save a page, the sheet gets the most rows that still do.
    """
    from weasyprint import HTML

    def pages_at(rows: int) -> int:
        sheet.lignes_vides = rows
        return len(HTML(string=render_sheet(sheet, env, for_pdf=True)).render().pages)

    full = pages_at(most)
    if full == 1 or pages_at(minimum) >= full:
        sheet.lignes_vides = most
        return
    low, high = minimum, most          # pages_at(low) < full, pages_at(high) == full
    while high - low > 1:
        middle = (low + high) // 2
        if pages_at(middle) < full:
            low = middle
        else:
            high = middle
    sheet.lignes_vides = low
