"""The print sheet of a game, and how entries are picked and ordered for sheets."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model import Entry, Game
from ..urls import page_url
from .layout import FONT_MAX, JS_URL
from .text import Unit, join_units, typographie_fr

if TYPE_CHECKING:
    from .tokens import Token


@dataclass
class Card:
    """One 63 × 88 mm card. A card too long for one card continues on others (`suite` > 0)."""

    ident: str
    entree: str
    titre: str
    type: str
    infos: list[str]
    units: list[Unit]
    pied: str
    suite: int = 0
    taille: float = FONT_MAX
    total: int = 1               # number of cards of the same entry
    racine: str = ""             # ident of the entry's first card

    def __post_init__(self) -> None:
        self.racine = self.racine or self.ident

    @property
    def corps(self) -> str:
        return join_units(self.units)

    @property
    def corps_mesure(self) -> str:
        return join_units(self.units, mark=self.ident)


@dataclass
class Sheet:
    """One print sheet of a game."""

    jeu: Game
    id: str
    titre: str
    sorte: str                  # cartes | jetons | reference | liste | formulaire
    description: str
    kind: str = ""              # for card sheets: the entry kind counted
    cartes: list[Card] = field(default_factory=list)
    jetons: list[Token] = field(default_factory=list)
    blocs: list[dict[str, Any]] = field(default_factory=list)
    taille: float = 9.0
    lignes_vides: int | None = None                    # for roster sheets: blank rows (None: the game's number)
    entrees: list[str] = field(default_factory=list)   # ids of the entries that have a card
    gabarit: str = ""           # for form sheets (sorte "formulaire"): the game's own template
    contexte: dict[str, Any] = field(default_factory=dict)   # ... and what that template shows

    def __post_init__(self) -> None:
        self.titre = typographie_fr(self.titre)
        self.description = typographie_fr(self.description)

    @property
    def chemin(self) -> str:
        """Site path of the HTML print page."""
        return f"imprimer/{self.jeu.id}/{self.id}.html"

    @property
    def pdf(self) -> str:
        return f"assets/pdf/{self.jeu.id}/{self.id}.pdf"

    @property
    def vignette(self) -> str:
        return f"assets/pdf/{self.jeu.id}/{self.id}.png"


SheetBuilder = Callable[[Game], list[Sheet]]



def ordered(entries: Iterable[Entry]) -> list[Entry]:
    """Entries by their `ordre`, then by die result, then in file order."""
    items = list(entries)
    return [e for _, e in sorted(enumerate(items), key=lambda p: (p[1].data.get("ordre", 10_000),
                                                                    _num(p[1].data.get("jet")), p[0]))]


def _num(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 10_000.0


def category(entry: Entry) -> str:
    """An entry's `categorie`, case-folded ("" when absent)."""
    return str(entry.data.get("categorie", "")).casefold()



def entries_where(game: Game, keep: Callable[[Entry], bool]) -> list[Entry]:
    """The game's entries that pass `keep`, in reading order."""
    return ordered(e for e in game.entries.values() if keep(e))



def links(sheet: Sheet) -> dict[str, str]:
    """Relative links of a print page: site root, the game's « À imprimer » page, its PDF, impression.js."""
    root = "../../"
    return {"racine": root, "retour": root + page_url(sheet.jeu.uri("imprimer")),
            "pdf": root + sheet.pdf, "js": root + JS_URL}
