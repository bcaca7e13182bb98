"""Tokens and markers: circles at the game's base diameters, shelf-packed into pages."""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Game
from .layout import AREA_H, AREA_W, TOKEN_GAP
from .text import typographie_fr


@dataclass
class Token:
    """A round token or marker of one diameter."""

    nom: str
    diametre: float
    symbole: str = ""
    detail: str = ""
    motif: str = ""          # CSS class of a black-and-white pattern
    groupe: str = ""


@dataclass
class PlacedToken:
    token: Token
    x: float
    y: float
    ident: str


def place_tokens(tokens: list[Token], width: float = AREA_W, height: float = AREA_H,
                 top: float = 6.0, gap: float = TOKEN_GAP) -> list[list[PlacedToken]]:
    """Shelf packing of the tokens, in order, into pages; nothing crosses a page edge."""
    pages: list[list[PlacedToken]] = [[]]
    x, y, shelf = 0.0, top, 0.0
    for index, token in enumerate(tokens):
        d = token.diametre
        if x + d > width + 1e-6:
            x, y, shelf = 0.0, y + shelf + gap, 0.0
        if y + d > height + 1e-6:
            pages.append([])
            x, y, shelf = 0.0, top, 0.0
        pages[-1].append(PlacedToken(token, x, y, f"jeton-{index + 1}"))
        x += d + gap
        shelf = max(shelf, d)
    return [p for p in pages if p]



def base_sizes(game: Game, default: tuple[float, ...] = (25, 32, 40, 50)) -> list[float]:
    """The game's base diameters in mm (manifest `socles`), smallest first."""
    return sorted(float(s) for s in game.manifest.get("socles") or default)


def tokens(count: int, name: str, diameter: float, **options: str) -> list[Token]:
    """`count` identical tokens."""
    return [Token(typographie_fr(name), diameter, **options) for _ in range(count)]

