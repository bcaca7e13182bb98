"""Print stage: cards, tokens, reference and roster sheets at exact physical size.

From the model, this stage produces:

* standalone HTML print pages, ``imprimer/<jeu>/<feuille>.html`` (A4 ``@page``,
  sizes in millimetres, CSS inlined, no external resource);
* the per-game « À imprimer » Markdown page, ``<jeu>/imprimer.md``;
* at the end of the build, the same pages as PDFs written by WeasyPrint into
  ``assets/pdf/<jeu>/<feuille>.pdf``, with a PNG thumbnail of their first page.

Cards are 63 × 88 mm in a 3 × 3 grid with cut marks, tokens are circles at the
game's base diameters. Card text is fitted by laying the cards out with
WeasyPrint: the font shrinks down to 6.5 pt, and past that the card continues
on a second card marked « (suite) ».

Which sheets a game gets is decided by kind and category of its entries
(``SHEETS``); no rule text is written here.
"""
from __future__ import annotations

import html
import json
import logging
import math
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import markdown as markdown_lib

from .model import Entry, Game, Site, page_url, relative_link
from .render import cell_text, column_value

log = logging.getLogger("mkdocs.plugins.compendium.impression")

TEMPLATES = Path(__file__).parent / "templates"
ROOT = Path(__file__).resolve().parent.parent
CSS_FILE = ROOT / "site_overrides" / "assets" / "stylesheets" / "impression.css"
JS_URL = "assets/javascripts/compendium/impression.js"

# Physical sizes, in millimetres.
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.0, 88.0
CARD_MARGIN = 6.0                      # @page margin of card and token sheets (templates/print/base.html.j2)
AREA_W, AREA_H = PAGE_W - 2 * CARD_MARGIN, PAGE_H - 2 * CARD_MARGIN
GRID_COLS, GRID_ROWS = 3, 3
GRID_X = (AREA_W - GRID_COLS * CARD_W) / 2
GRID_Y = (AREA_H - GRID_ROWS * CARD_H) / 2
# Reference and roster sheets use a 10 mm @page margin (templates/print/reference.html.j2, liste.html.j2).
TOKEN_GAP = 3.0

WIDE_TABLE_CHARS = 60                  # a table whose rows hold more characters spans both columns
LONG_TABLE_ROWS = 30                   # a table with more rows may break between rows

# Card text sizes, in points.
FONT_MAX = 8.5
FONT_MIN = 6.5
FONT_STEP = 0.25
REFERENCE_COMFORT = 7.5                # reference sheets that need several pages never go below this
FILL = 0.97                            # leave 3 % of the body empty (other browsers' metrics)

NBSP = "\u00a0"
NNBSP = "\u202f"


# --------------------------------------------------------------------------------------------
# French typography
# --------------------------------------------------------------------------------------------

_SPACE_BEFORE_HIGH = re.compile(r"[ \t\u00a0\u202f]+([;!?])")
_GLUED_HIGH = re.compile(r"(?<=[\w»)\]*_’'\"])([;!?])(?=\s|$|[»)\],.;!?])")
_SPACE_BEFORE_COLON = re.compile(r"[ \t\u00a0\u202f]+:")
_GLUED_COLON = re.compile(r"(?<=[^\W\d_])(:)(?=\s|$)")
_OPEN_QUOTE = re.compile(r"«[ \t\u00a0\u202f]*")
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")
_CLOSE_QUOTE = re.compile(r"[ \t\u00a0\u202f]*»")


def typographie_fr(text: str) -> str:
    """French typography for plain text: non-breaking spaces before ; ! ? : and inside « ».

    A narrow no-break space goes before « ; ! ? », a no-break space before « : »
    and inside guillemets. Existing ordinary spaces are replaced; missing ones
    are added after a word. An apostrophe between two letters becomes ’ (inch
    marks such as 18'' stay). Times (10:30) and URLs are left alone, and the
    function is idempotent.
    """
    text = _SPACE_BEFORE_HIGH.sub(lambda m: NNBSP + m.group(1), text)
    text = _GLUED_HIGH.sub(lambda m: NNBSP + m.group(1), text)
    text = _SPACE_BEFORE_COLON.sub(NBSP + ":", text)
    text = _GLUED_COLON.sub(NBSP + ":", text)
    text = _OPEN_QUOTE.sub("«" + NBSP, text)
    text = _CLOSE_QUOTE.sub(NBSP + "»", text)
    text = _APOSTROPHE.sub("’", text)
    return text


_TAG = re.compile(r"(<[^>]*>|&#?\w+;)")
_RAW = re.compile(r"^<(code|pre|script|style)\b", re.I)
_RAW_END = re.compile(r"^</(code|pre|script|style)\s*>", re.I)


def typographie_html(markup: str) -> str:
    """Apply `typographie_fr` to the text of an HTML fragment, never inside tags, entities or code."""
    out: list[str] = []
    raw = 0
    for piece in _TAG.split(markup):
        if piece.startswith("&"):
            out.append(piece)
        elif piece.startswith("<"):
            if _RAW.match(piece):
                raw += 1
            elif _RAW_END.match(piece):
                raw = max(0, raw - 1)
            out.append(piece)
        elif raw:
            out.append(piece)
        else:
            out.append(typographie_fr(piece))
    return "".join(out)


def esc(value: Any) -> str:
    """HTML-escape a value shown as text, with French typography."""
    return html.escape(typographie_fr(str(value)))


# --------------------------------------------------------------------------------------------
# Markdown to HTML blocks
# --------------------------------------------------------------------------------------------

EXPLICIT = re.compile(r"\[\[\s*([a-z0-9-]+)\s*\]\]")


def markdown_html(text: str, game: Game | None = None) -> str:
    """Entry Markdown as HTML for print: `[[id]]` becomes the entry's name, French typography."""
    def name(match: re.Match[str]) -> str:
        entry = game.entries.get(match.group(1)) if game else None
        return entry.nom if entry else match.group(1)

    text = EXPLICIT.sub(name, text or "")
    body = markdown_lib.markdown(text, extensions=["tables", "sane_lists"], output_format="html")
    return typographie_html(body)


@dataclass
class Unit:
    """A piece of card text that is never split: a block, or one item of a list.

    Consecutive items of the same list are put back into one list when rendered.
    """

    html: str
    liste: int = 0          # 0 for a block; otherwise the list it belongs to
    tag: str = ""           # ul / ol
    numero: int = 1         # 1-based number of the item in its list
    titre: bool = False     # a heading: kept with the unit that follows it


_list_counter = [0]


def units_of(markup: str) -> list[Unit]:
    """Split an HTML fragment into units (top-level blocks, and list items)."""
    try:
        root = ET.fromstring(f"<div>{markup}</div>")
    except ET.ParseError:
        return [Unit(markup)] if markup.strip() else []
    units: list[Unit] = []
    if root.text and root.text.strip():
        units.append(Unit(f"<p>{html.escape(root.text.strip())}</p>"))
    for child in root:
        tail = child.tail
        child.tail = None
        if child.tag in ("ul", "ol"):
            _list_counter[0] += 1
            start = int(child.get("start", "1") or 1)
            for index, item in enumerate(child.findall("li")):
                units.append(Unit(_serialize(item), _list_counter[0], child.tag, start + index))
        else:
            units.append(Unit(_serialize(child), titre=child.tag in ("h1", "h2", "h3", "h4", "h5", "h6")))
        if tail and tail.strip():
            units.append(Unit(f"<p>{html.escape(tail.strip())}</p>"))
    return units


def _serialize(element: ET.Element) -> str:
    return ET.tostring(element, encoding="unicode", method="html")


_FIRST_TAG = re.compile(r"^<([a-zA-Z0-9]+)")


def join_units(units: list[Unit], mark: str = "") -> str:
    """HTML of a run of units, lists rebuilt (an ordered list continues its numbering).

    With `mark`, every unit's element gets `data-u="<mark>:<index>"` (for layout measurement).
    """
    out: list[str] = []
    current = 0
    tag = ""
    for index, unit in enumerate(units):
        if unit.liste != current and current:
            out.append(f"</{tag}>")
            current = 0
        if unit.liste and unit.liste != current:
            tag = unit.tag
            start = f' start="{unit.numero}"' if tag == "ol" and unit.numero != 1 else ""
            out.append(f"<{tag}{start}>")
            current = unit.liste
        piece = unit.html
        if mark:
            attribute = f' data-u="{mark}:{index}"'
            piece = _FIRST_TAG.sub(lambda m, a=attribute: f"<{m.group(1)}{a}", piece, count=1)
        out.append(piece)
    if current:
        out.append(f"</{tag}>")
    return "".join(out)


def split_long_unit(unit: Unit) -> list[Unit]:
    """Cut a unit that cannot fit on one card into two, at a sentence (or word) boundary."""
    try:
        element = ET.fromstring(unit.html)
    except ET.ParseError:
        return [unit]
    text = "".join(element.itertext())
    if len(text) < 40:
        return [unit]
    middle = len(text) // 2
    cut = max((m.end() for m in re.finditer(r"[.;:!?]\s", text[:middle + 40])), default=0)
    if cut < len(text) // 4:
        cut = text.rfind(" ", 0, middle) + 1 or middle
    first, second = text[:cut].strip(), text[cut:].strip()
    tag = element.tag if element.tag in ("p", "li") else "p"
    return [Unit(f"<{tag}>{html.escape(first)}</{tag}>", unit.liste, unit.tag, unit.numero),
            Unit(f'<{tag} class="suite-texte">{html.escape(second)}</{tag}>', unit.liste, unit.tag, unit.numero)]


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------

SECTION_FIELDS = [("mise_en_place", "Mise en place"), ("deploiement", "Déploiement"),
                  ("regles_speciales", "Règles spéciales"), ("victoire", "Victoire")]


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
        infos.append(f"{d['duree']} tours" if isinstance(d["duree"], int) else str(d["duree"]))
    if d.get("joueurs"):
        infos.append(f"{d['joueurs']} joueurs")
    if d.get("cout") not in (None, ""):
        unit = game.manifest.get("unite_cout", "")
        infos.append(f"coût : {d['cout']} {unit}".strip())
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


# --------------------------------------------------------------------------------------------
# Fitting text with WeasyPrint's layout
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Tokens
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Sheets
# --------------------------------------------------------------------------------------------

@dataclass
class Sheet:
    """One print sheet of a game."""

    jeu: Game
    id: str
    titre: str
    sorte: str                  # cartes | jetons | reference | liste
    description: str
    kind: str = ""              # for card sheets: the entry kind counted
    cartes: list[Card] = field(default_factory=list)
    jetons: list[Token] = field(default_factory=list)
    blocs: list[dict[str, Any]] = field(default_factory=list)
    taille: float = 9.0
    entrees: list[str] = field(default_factory=list)   # ids of the entries that have a card

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


def card_sheet(game: Game, sheet_id: str, title: str, kind: str, type_label: str, description: str,
               keep: Callable[[Entry], bool] | None = None) -> Sheet | None:
    """A sheet with one card per entry of a kind (optionally filtered), in reading order."""
    entries = ordered(e for e in game.of_kind(kind) if keep is None or keep(e))
    if not entries:
        return None
    cards = [entry_card(game, e, type_label) for e in entries]
    return Sheet(game, sheet_id, title, "cartes", description, kind=kind, cartes=cards,
                 entrees=[e.id for e in entries])


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


# Reference blocks -------------------------------------------------------------------------

def entry_block(game: Game, entry: Entry, brief: bool = False) -> dict[str, Any]:
    """A reference-sheet block: an entry's name and text (its summary when `brief`), or its table."""
    d = entry.data
    block: dict[str, Any] = {"id": entry.id, "nom": typographie_fr(entry.nom), "html": "", "table": None,
                             "large": False, "long": False}
    if entry.kind == "tables":
        block["table"] = table_view(game, entry)
        widths = [max([len(c)] + [len(r[i]) for r in block["table"]["lignes"]])
                  for i, c in enumerate(block["table"]["colonnes"])]
        block["large"] = sum(min(w, 30) for w in widths) > WIDE_TABLE_CHARS
        block["long"] = len(block["table"]["lignes"]) > LONG_TABLE_ROWS
        block["html"] = markdown_html(d.get("texte", ""), game) if d.get("texte") and not brief else ""
        return block
    if brief:
        block["html"] = f"<p>{esc(d.get('resume', ''))}</p>"
        return block
    units = entry_units(game, entry, lecture=False)
    block["html"] = join_units(units)
    return block


def table_view(game: Game, entry: Entry) -> dict[str, Any]:
    """Header and cells of a data table, as escaped text (null is « — », ref is the entry's name)."""
    d = entry.data
    columns = d.get("colonnes", [])
    rows = []
    for row in d.get("lignes", []):
        cells = []
        for column in columns:
            value = column_value(row.get(column["id"]), column)
            if column["id"] == "ref" and value in game.entries:
                value = game.entries[value].nom
            cells.append(esc(cell_text(value)))
        rows.append(cells)
    return {"colonnes": [esc(c["nom"]) for c in columns], "lignes": rows,
            "notes": [esc(n) for n in d.get("notes", [])], "de": d.get("de", "")}


NOT_ON_SHEETS = ("calculs", "regles_liste", "faq")


def page_blocks(game: Game, page_id: str, kinds: tuple[str, ...] = (), brief: bool = False) -> list[dict[str, Any]]:
    """Blocks of the rule entries shown on a page (optionally only some kinds), in page order."""
    page = next((p for p in game.pages if p.id == page_id), None)
    if page is None:
        return []
    return [entry_block(game, e, brief) for e in page.entries
            if e.kind not in NOT_ON_SHEETS and (not kinds or e.kind in kinds)]


def section(title: str, blocks: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A titled group of reference blocks; it spans the page width when one of its tables is wide."""
    if not blocks:
        return None
    return {"titre": typographie_fr(title), "blocs": blocks, "large": any(b["large"] for b in blocks)}


def entries_where(game: Game, keep: Callable[[Entry], bool]) -> list[Entry]:
    """The game's entries that pass `keep`, in reading order."""
    return ordered(e for e in game.entries.values() if keep(e))


# Game sheets ------------------------------------------------------------------------------

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


def reference_sheet(game: Game, parts: list[dict[str, Any] | None], title: str = "Aide de jeu") -> Sheet:
    """The reference sheet of a game from its sections (empty sections are left out)."""
    return Sheet(game, "reference", f"{title} — {game.nom}", "reference",
                 "Une page A4 de rappels : tour de jeu, tableaux et règles les plus consultées.",
                 blocs=[p for p in parts if p])


def roster_sheet(game: Game) -> Sheet:
    """The roster sheet of a game: blank in the build, filled from a checked list in the browser."""
    label = ROSTER_TITLES.get(game.id, "Feuille de liste")
    return Sheet(game, "liste", label, "liste",
                 "À remplir à la main, ou imprimée remplie depuis « Vérifier une liste » (bouton « Imprimer ma liste »).")


ROSTER_TITLES = {"bataille-d6": "Feuille d'armée", "hami": "Feuille de Communauté", "kharn-ages": "Feuille de Fer de Lance"}


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


def base_sizes(game: Game, default: tuple[float, ...] = (25, 32, 40, 50)) -> list[float]:
    """The game's base diameters in mm (manifest `socles`), smallest first."""
    return sorted(float(s) for s in game.manifest.get("socles") or default)


def tokens(count: int, name: str, diameter: float, **options: str) -> list[Token]:
    """`count` identical tokens."""
    return [Token(typographie_fr(name), diameter, **options) for _ in range(count)]


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
                                   "kharn-ages": sheets_kharn_ages}


def game_sheets(game: Game) -> list[Sheet]:
    """The print sheets of a game (empty when the game does not offer « imprimer »)."""
    if "imprimer" not in game.manifest.get("outils", []):
        return []
    builder = SHEETS.get(game.id, sheets_default)
    return builder(game)


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------

def environment() -> jinja2.Environment:
    """Jinja environment for HTML print templates (autoescaped)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES / "print"),
                             autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["mm"] = lambda v: f"{v:.3f}".rstrip("0").rstrip(".") + "mm"
    env.filters["typo"] = typographie_fr
    env.globals["cut_marks"] = cut_marks
    return env


def stylesheet() -> str:
    """The print CSS (inlined into every print page)."""
    return CSS_FILE.read_text(encoding="utf-8")


def card_pages(cards: list[Card]) -> list[list[tuple[Card, float, float]]]:
    """Cards by page of 3 × 3, with their position (mm) in the page area."""
    pages = []
    per_page = GRID_COLS * GRID_ROWS
    for start in range(0, len(cards), per_page):
        chunk = cards[start:start + per_page]
        placed = []
        for index, card in enumerate(chunk):
            col, row = index % GRID_COLS, index // GRID_COLS
            placed.append((card, GRID_X + col * CARD_W, GRID_Y + row * CARD_H))
        pages.append(placed)
    return pages


def cut_marks(rows: int = GRID_ROWS) -> list[dict[str, float]]:
    """Cut marks around the card grid, in the page margin, as (x, y, w, h) lines in mm."""
    marks = []
    length_x = GRID_X - 1.0
    length_y = GRID_Y - 5.5
    for col in range(GRID_COLS + 1):
        x = GRID_X + col * CARD_W
        marks.append({"x": x - 0.1, "y": 5.0, "w": 0.2, "h": length_y})
        marks.append({"x": x - 0.1, "y": GRID_Y + rows * CARD_H + 0.5, "w": 0.2, "h": length_y})
    for row in range(rows + 1):
        y = GRID_Y + row * CARD_H
        marks.append({"x": 0.0, "y": y - 0.1, "w": length_x, "h": 0.2})
        marks.append({"x": GRID_X + GRID_COLS * CARD_W + 1.0, "y": y - 0.1, "w": length_x, "h": 0.2})
    return marks


def render_cards_document(cards: list[Card], env: jinja2.Environment, measure: bool = False) -> str:
    """A document of cards only; with `measure`, every card is on its own line for layout."""
    return env.get_template("mesure.html.j2").render(css=stylesheet(), cartes=cards, mesure=measure)


def _links(sheet: Sheet) -> dict[str, str]:
    root = "../../"
    return {"racine": root, "retour": root + page_url(sheet.jeu.uri("imprimer")),
            "pdf": root + sheet.pdf, "js": root + JS_URL}


def render_sheet(sheet: Sheet, env: jinja2.Environment, for_pdf: bool = False) -> str:
    """The standalone HTML of a print sheet."""
    common = {"css": stylesheet(), "feuille": sheet, "jeu": sheet.jeu, "liens": _links(sheet),
              "pdf": for_pdf}
    if sheet.sorte == "cartes":
        return env.get_template("cartes.html.j2").render(pages=card_pages(sheet.cartes), **common)
    if sheet.sorte == "jetons":
        return env.get_template("jetons.html.j2").render(pages=place_tokens(sheet.jetons), **common)
    if sheet.sorte == "reference":
        return env.get_template("reference.html.j2").render(**common)
    if sheet.sorte == "liste":
        model = roster_model(sheet.jeu, None, None)
        skeleton = None
        if roster_spec(sheet.jeu).get("profils"):
            skeleton = profile_card({"nom": "", "type": "Profil", "infos": " ", "caracs": [], "lignes": []},
                                    sheet.jeu, "profil-modele")
        return env.get_template("liste.html.j2").render(
            modele=model, spec=roster_spec_json(sheet.jeu), pages_cartes=[], squelette=skeleton, **common)
    raise ValueError(sheet.sorte)


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


# --------------------------------------------------------------------------------------------
# Rosters (filled from a checked list)
# --------------------------------------------------------------------------------------------

ROLES_D6 = {"troupe": "Troupe", "heros": "Héros", "sorcier": "Sorcier"}
TRIBUS_HAMI = {"canopee": "Canopée", "arbres": "Arbres", "roche": "Roche", "eau": "Eau", "grottes": "Grottes",
               "herbe": "Herbe"}
AGES_HAMI = {"jeune": "Jeune", "ancien": "Ancien"}
GRIMOIRES = {"petit": "petit grimoire", "grand": "grand grimoire"}
FACTIONS_KA = {"kharns": "Khârns", "gouns": "Goûns", "kherops": "Khérops", "fangs": "Fangs", "tembos": "Tembos",
               "guilde-noire": "Guilde Noire"}


def die_table_names(game: Game, kind: str) -> tuple[dict[str, str], dict[str, str]]:
    """For die-rolled entries of a kind: die result -> name, and die result -> entry id."""
    names, ids = {}, {}
    for entry in game.of_kind(kind):
        if "jet" in entry.data:
            names[str(entry.data["jet"])] = entry.nom
            ids[str(entry.data["jet"])] = entry.id
    return names, ids


def entry_names(game: Game, kinds: tuple[str, ...] = ("profils", "equipements", "sorts", "objets", "capacites")
                ) -> dict[str, str]:
    """Entry id -> name, for the kinds a list refers to by id."""
    return {e.id: e.nom for e in game.entries.values() if e.kind in kinds}


def roster_spec(game: Game) -> dict[str, Any]:
    """How a game's roster is read from a list and its report, shared by Python and impression.js.

    A column reads a value by path: `entree.<field>` (the list entry), `detail.<field>`
    (the report's details for that entry), `profil.<field>` (the entry's player-supplied
    profile), `rapport.<field>`. Options: `libelles` maps values to labels (a mapping,
    or the name of a mapping of the spec such as "noms"); lists are mapped item by item;
    `prefixe` goes before each item; `modele` formats a mapping (`{cle}` placeholders);
    `valeurs` joins several sub-columns, or keeps the first non-empty one with `premier`;
    `defaut` is used when the value is absent; `si_vrai` is the text of a true boolean (a
    false one shows nothing); `vide` leaves the cell blank (filled in by hand). `classe`
    "nom" and "texte" columns are wider. `cartes` says which entries' cards a list calls for: the value at `valeur`
    mapped through `ids` (die result to entry id), or taken as an entry id when `direct`.
    `profils` adds a profile card for each entry's `profil`.
    """
    unit = game.manifest.get("unite_cout", "points")
    title = ROSTER_TITLES.get(game.id, "Feuille de liste")
    if game.id == "bataille-d6":
        objets, objet_ids = die_table_names(game, "objets")
        sorts, sort_ids = die_table_names(game, "sorts")
        return {
            "titre": title, "unite": unit, "noms": {},
            "colonnes": [
                {"id": "nom", "nom": "Nom", "valeur": "entree.nom", "classe": "nom"},
                {"id": "nombre", "nom": "Nb", "valeur": "entree.nombre", "defaut": 1},
                {"id": "role", "nom": "Rôle", "valeur": "entree.role", "defaut": "troupe", "libelles": ROLES_D6},
                {"id": "mouvement", "nom": "Mouv.", "valeur": "entree.mouvement"},
                {"id": "melee", "nom": "Mêlée", "valeur": "entree.melee"},
                {"id": "tir", "nom": "Tir", "valeur": "entree.tir"},
                {"id": "armure", "nom": "Armure", "valeur": "entree.armure"},
                {"id": "attaques", "nom": "Att.", "valeur": "entree.attaques", "defaut": 1},
                {"id": "puissante", "nom": "Puiss.", "valeur": "entree.puissante", "defaut": False},
                {"id": "magie", "nom": "Objet magique ou sorts", "classe": "texte",
                 "valeurs": [{"valeur": "entree.objet", "libelles": objets},
                             {"valeur": "entree.sorts", "libelles": sorts}]},
                {"id": "cout_figure", "nom": "Coût unit.", "valeur": "detail.cout_figure"},
                {"id": "cout_total", "nom": "Coût", "valeur": "detail.cout_total"},
                {"id": "pertes", "nom": "Pertes", "vide": True},
            ],
            "cartes": [{"valeur": "entree.objet", "ids": objet_ids}, {"valeur": "entree.sorts", "ids": sort_ids}],
        }
    if game.id == "hami":
        names = entry_names(game)
        predators = {short: names[f"predateur-{short}"] for short in ("larve", "adulte", "geant")
                     if f"predateur-{short}" in names}
        return {
            "titre": title, "unite": unit, "noms": names, "lignes_vides": 10, "lignes_par": "creatures",
            "colonnes": [
                {"id": "creature", "nom": "Créature", "classe": "nom", "valeurs": [
                    {"valeur": "creature.nom"},
                    {"premier": True, "valeurs": [
                        {"valeur": "creature.legendaire", "libelles": "noms"},
                        {"valeur": "creature.caste", "libelles": "noms"},
                        {"valeur": "creature.familier_sauvage", "libelles": "noms", "prefixe": "Familier sauvage : "},
                        {"valeur": "creature.predateur", "libelles": predators, "prefixe": "Prédateur : "},
                        {"valeur": "creature.profil", "libelles": "noms"}]}]},
                {"id": "tribu", "nom": "Tribu, âge", "classe": "texte", "valeurs": [
                    {"valeur": "creature.tribu", "libelles": TRIBUS_HAMI},
                    {"valeur": "creature.age", "libelles": AGES_HAMI},
                    {"valeur": "creature.meneur", "si_vrai": "Meneur"}]},
                *[{"id": f"carac-{name.lower()}", "nom": label, "valeur": f"creature.{name}"}
                  for name, label in (("M", "M"), ("C", "C"), ("T", "T"), ("E", "E"), ("actions", "Act."))],
                {"id": "equipement", "nom": "Capacités, équipement, monture", "classe": "texte", "valeurs": [
                    {"valeur": "creature.capacites", "libelles": "noms"},
                    {"valeur": "creature.competences", "libelles": "noms"},
                    {"valeur": "creature.arme", "libelles": "noms"},
                    {"valeur": "creature.equipement", "libelles": "noms"},
                    {"valeur": "creature.monture", "libelles": "noms"},
                    {"valeur": "creature.familier", "libelles": "noms", "prefixe": "Familier : "}]},
                {"id": "magie", "nom": "Sorts, objets", "classe": "texte", "valeurs": [
                    {"valeur": "creature.sorts", "libelles": "noms"}, {"valeur": "creature.objets", "libelles": "noms"}]},
                {"id": "cout", "nom": "Coût", "valeur": "creature.cout"},
                {"id": "essence", "nom": "Ess. perdue", "vide": True},
            ],
            "cartes": [{"valeur": "entree.sorts", "direct": "sorts"}, {"valeur": "entree.objets", "direct": "objets"}],
        }
    if game.id == "kharn-ages":
        names = entry_names(game)
        return {
            "titre": title, "unite": unit, "noms": names, "profils": True, "lignes_vides": 14,
            "champs": [{"id": "initiative", "nom": "Initiative (somme des niveaux)", "valeur": "rapport.details.initiative"},
                       {"id": "faction", "nom": "Faction", "valeur": "rapport.details.faction", "libelles": FACTIONS_KA}],
            "colonnes": [
                {"id": "profil", "nom": "Combattant", "classe": "nom",
                 "valeurs": [{"valeur": "entree.nom"}, {"premier": True, "valeurs": [
                     {"valeur": "profil.nom"}, {"valeur": "entree.profil"}]}]},
                {"id": "niveau", "nom": "Niv.", "valeur": "profil.niveau"},
                {"id": "leader", "nom": "Leader", "valeur": "entree.leader", "si_vrai": "Leader"},
                {"id": "equipement", "nom": "Équipement", "classe": "texte", "premier": True, "valeurs": [
                    {"valeur": "detail.equipement"},
                    {"valeurs": [{"valeur": "entree.retire", "libelles": "noms", "prefixe": "− "},
                                 {"valeur": "entree.ajoute", "libelles": "noms", "prefixe": "+ "}]}]},
                {"id": "magie", "nom": "Grimoire et sorts", "classe": "texte", "valeurs": [
                    {"valeur": "entree.grimoire", "libelles": GRIMOIRES},
                    {"valeur": "entree.sorts_generiques", "libelles": "noms"},
                    {"valeur": "entree.sorts_grimoire", "modele": "{id} ({pages} p.)"}]},
                {"id": "munitions", "nom": "Munitions", "classe": "texte", "valeur": "detail.munitions"},
                {"id": "cout", "nom": "Coût (Ko)", "valeur": "detail.cout_total"},
                {"id": "pv", "nom": "PV perdus", "vide": True},
            ],
            "cartes": [{"valeur": "entree.sorts_generiques", "direct": "sorts"}],
        }
    return {"titre": title, "unite": unit, "noms": {},
            "colonnes": [{"id": "nom", "nom": "Nom", "valeur": "entree.nom", "classe": "nom"},
                         {"id": "cout", "nom": "Coût", "valeur": "detail.cout"},
                         {"id": "notes", "nom": "Notes", "vide": True}],
            "cartes": []}


def resolve(path: str, context: dict[str, Any]) -> Any:
    """Value at a dotted path (`entree.nom`, `detail.cout`) of a context; None when absent."""
    value: Any = context
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "oui" if value else "—"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def show(value: Any, column: dict[str, Any], spec: dict[str, Any]) -> str:
    """Text of a roster value (mirrors `afficher` in impression.js)."""
    if _is_empty(value):
        value = column.get("defaut")
    if _is_empty(value):
        return ""
    labels = column.get("libelles") or {}
    if isinstance(labels, str):
        labels = spec.get(labels) or {}
    prefix = column.get("prefixe", "")
    if isinstance(value, list):
        inner = {**column, "defaut": None}
        return ", ".join(t for t in (show(v, inner, spec) for v in value) if t)
    if isinstance(value, dict):
        if column.get("modele"):
            return prefix + re.sub(r"\{(\w+)\}", lambda m: "" if _is_empty(value.get(m.group(1)))
                                   else str(labels.get(str(value[m.group(1)]), _scalar(value[m.group(1)]))),
                                   column["modele"])
        if value.get("nom") or value.get("id"):
            ident = str(value.get("id") or "")
            return prefix + str(value.get("nom") or labels.get(ident, ident))
        return prefix + " · ".join(f"{k} {_scalar(v)}" for k, v in value.items()
                                   if not _is_empty(v) and not isinstance(v, (dict, list)))
    if isinstance(value, bool):
        if "si_vrai" in column:
            return column["si_vrai"] if value else ""
        return _scalar(value)
    return prefix + str(labels.get(str(value), _scalar(value)))


def cell_of(column: dict[str, Any], context: dict[str, Any], spec: dict[str, Any]) -> str:
    """Text of one roster cell for one entry (mirrors `cellule` in impression.js)."""
    if column.get("vide"):
        return ""
    if column.get("valeurs"):
        parts = [cell_of(sub, context, spec) for sub in column["valeurs"]]
        parts = [p for p in parts if p]
        if column.get("premier"):
            return parts[0] if parts else show(None, column, spec)
        return ", ".join(parts)
    return show(resolve(column["valeur"], context), column, spec)


def entry_details(rapport: dict[str, Any] | None, index: int) -> dict[str, Any]:
    """The report's details of the list's entry `index`, whatever list/dict shape the engine uses."""
    if not isinstance(rapport, dict):
        return {}
    details = rapport.get("details") or {}
    for key in ("entrees", "figurines", "creatures", "lignes"):
        items = details.get(key) if isinstance(details, dict) else None
        if isinstance(items, list):
            for position, item in enumerate(items):
                if isinstance(item, dict) and item.get("index", position) == index:
                    return item
        if isinstance(items, dict) and isinstance(items.get(str(index)), dict):
            return items[str(index)]
    return {}


def with_equipment_names(spec: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    """The spec with the names of the list's player-supplied equipment added to `noms`.

    Mirrors `avecNomsEquipements` in impression.js.
    """
    items = liste.get("equipements") if isinstance(liste.get("equipements"), list) else []
    names = {str(e["id"]): str(e["nom"]) for e in items
             if isinstance(e, dict) and isinstance(e.get("id"), str) and e["id"] != "__proto__"
             and isinstance(e.get("nom"), str)}
    return {**spec, "noms": {**(spec.get("noms") or {}), **names}} if names else spec


def entry_creatures(spec: dict[str, Any], rapport: dict[str, Any], index: int,
                    entree: dict[str, Any]) -> list[dict[str, Any]]:
    """The roster rows of a list entry (mirrors `creaturesEntree` in impression.js).

    With `lignes_par: creatures` (HAMI), each creature the report gives for the entry
    (the Hami, its familiar, its mount) is a row; otherwise, and when the report has no
    creatures, the entry itself is the one row's `creature`.
    """
    details = rapport.get("details") if isinstance(rapport.get("details"), dict) else {}
    creatures = details.get(spec.get("lignes_par", "")) if spec.get("lignes_par") else None
    if isinstance(creatures, list):
        own = [c for c in creatures if isinstance(c, dict) and c.get("entree") == index]
        if own:
            return own
    return [entree]


def find_profile(ident: Any, liste: dict[str, Any], catalogue: dict[str, Any] | None) -> dict[str, Any]:
    """A player-supplied profile by id: in the list's `profils`, then in a loaded catalogue."""
    for source in (liste, catalogue or {}):
        profiles = source.get("profils") if isinstance(source, dict) else None
        if isinstance(profiles, dict) and isinstance(profiles.get(ident), dict):
            return {"id": ident, **profiles[ident]}
        if isinstance(profiles, list):
            for profile in profiles:
                if isinstance(profile, dict) and profile.get("id") == ident:
                    return profile
    return {}


def profile_view(profile: dict[str, Any], spec: dict[str, Any], unit: str) -> dict[str, Any]:
    """What a profile card shows (mirrors `vueProfil` in impression.js); all values as text."""
    names = spec.get("noms") or {}
    props = profile.get("proprietes") if isinstance(profile.get("proprietes"), dict) else {}

    def first(*values: Any) -> Any:
        return next((v for v in values if not _is_empty(v)), None)

    def label(item: Any) -> str:
        if isinstance(item, dict):
            ident = str(item.get("id") or "")
            text = str(item.get("nom") or names.get(ident, ident))
            return text + (f" ({_scalar(item['cout'])} {unit})" if not _is_empty(item.get("cout")) else "")
        return str(names.get(str(item), item))

    def items(value: Any) -> str:
        values = value if isinstance(value, list) else ([] if _is_empty(value) else [value])
        return ", ".join(label(v) for v in values)

    level = first(profile.get("niveau"), props.get("niveau"))
    cost = first(profile.get("cout"), props.get("cout"))
    factions = first(profile.get("factions"), props.get("faction"), props.get("factions"))
    limit = first(profile.get("limitation"), props.get("lim"), props.get("limitation"))
    infos = []
    if not _is_empty(cost):
        infos.append(f"{_scalar(cost)} {unit}")
    if not _is_empty(limit):
        infos.append(f"LIM {_scalar(limit)}")
    if not _is_empty(factions):
        infos.append(items(factions))
    caracs = profile.get("caracteristiques") if isinstance(profile.get("caracteristiques"), dict) else {}
    lines = []
    for title, value in (("Compétences", first(profile.get("competences"), profile.get("capacites"))),
                         ("Équipement", first(profile.get("equipement_de_base"), profile.get("equipement"))),
                         ("Armure", profile.get("armure")),
                         ("Dés de maîtrise", first(profile.get("maitrise"), props.get("maitrise"))),
                         ("Voie", first(profile.get("voie"), props.get("voie"))),
                         ("Allié de", first(profile.get("allie_de"), props.get("allie_de"))),
                         ("Prend la place de", profile.get("base")),
                         ("Notes", profile.get("notes"))):
        if not _is_empty(value):
            lines.append([title, items(value)])
    if first(profile.get("magicien"), props.get("magicien")):
        lines.append(["Magicien", "oui"])
    return {"nom": str(first(profile.get("nom"), profile.get("id")) or ""),
            "type": "Profil" + (f" · niveau {_scalar(level)}" if not _is_empty(level) else ""),
            "infos": " · ".join(infos),
            "caracs": [[str(k), "" if v is None else _scalar(v)] for k, v in caracs.items()],
            "lignes": lines}


def profile_card(view: dict[str, Any], game: Game, ident: str) -> Card:
    """A profile card (player-supplied data: everything escaped)."""
    units = []
    if view["caracs"]:
        head = "".join(f"<th>{html.escape(k)}</th>" for k, _ in view["caracs"])
        cells = "".join(f"<td>{html.escape(v)}</td>" for _, v in view["caracs"])
        units.append(Unit(f'<table class="carte-caracs"><tr>{head}</tr><tr>{cells}</tr></table>'))
    for title, text in view["lignes"]:
        units.append(Unit(f"<p><b>{html.escape(title)}{NBSP}:</b> {html.escape(text)}</p>"))
    return Card(ident=ident, entree=ident, titre=view["nom"], type=view["type"],
                infos=[view["infos"]] if view["infos"] else [], units=units,
                pied=f"{game.nom} · profil fourni par le joueur", taille=7.0)


def roster_model(game: Game, liste: dict[str, Any] | None, rapport: dict[str, Any] | None,
                 catalogue: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the roster template shows, as plain text values (mirrors `modele` in impression.js)."""
    spec = roster_spec(game)
    liste = liste if isinstance(liste, dict) else {}
    rapport = rapport if isinstance(rapport, dict) else {}
    rows = []
    cards: list[str] = []
    profiles: list[dict[str, Any]] = []
    entries = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    for index, entree in enumerate(entries):
        if not isinstance(entree, dict):
            continue
        profile = find_profile(entree.get("profil"), liste, catalogue) if spec.get("profils") else {}
        context = {"entree": entree, "detail": entry_details(rapport, index), "rapport": rapport, "profil": profile}
        for creature in entry_creatures(spec, rapport, index, entree):
            row_context = {**context, "creature": creature}
            rows.append([cell_of(col, row_context, spec) for col in spec["colonnes"]])
        for rule in spec["cartes"]:
            value = resolve(rule["valeur"], context)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict):
                    item = item.get("id")
                if item is None:
                    continue
                ident = rule.get("ids", {}).get(str(item)) or (str(item) if rule.get("direct") else None)
                if ident and ident not in cards:
                    cards.append(ident)
        if profile and all(p.get("id") != profile.get("id") for p in profiles):
            profiles.append(profile)
    violations = [("erreur", str(v.get("message", ""))) for v in rapport.get("erreurs") or [] if isinstance(v, dict)]
    violations += [("avertissement", str(v.get("message", ""))) for v in rapport.get("avertissements") or []
                   if isinstance(v, dict)]
    valide = rapport.get("valide")
    return {
        "titre": typographie_fr(spec["titre"]), "unite": spec["unite"], "jeu": game.nom,
        "nom": "" if liste.get("nom") is None else str(liste.get("nom")),
        "format": "" if liste.get("format") is None else str(liste.get("format")),
        "cout": "" if rapport.get("cout") is None else _scalar(rapport.get("cout")),
        "verdict": "" if valide is None else ("Liste valide" if valide else "Liste non valide"),
        "champs": [{"id": f["id"], "nom": f["nom"], "valeur": cell_of(f, {"rapport": rapport}, spec)}
                   for f in spec.get("champs", [])],
        "colonnes": [c["nom"] for c in spec["colonnes"]], "classes": [c.get("classe", "") for c in spec["colonnes"]],
        "largeurs": column_widths(spec),
        "lignes": rows, "violations": violations, "cartes": cards,
        "profils": [profile_view(p, with_equipment_names(spec, liste), spec["unite"]) for p in profiles],
        "vides": 0 if rows else spec.get("lignes_vides", 16),
        "aides": [entry_block(game, e) for e in entries_where(
            game, lambda e: e.kind == "tables" and e.data.get("type") == "cout")],
    }


COLUMN_WEIGHTS = {"nom": 3.2, "texte": 2.2}


def column_widths(spec: dict[str, Any]) -> list[float]:
    """Width of each roster column, in % of the table (name and text columns are wider)."""
    weights = [COLUMN_WEIGHTS.get(c.get("classe", ""), 1.0) for c in spec["colonnes"]]
    return [round(100 * w / sum(weights), 2) for w in weights]


def roster_card_ids(game: Game) -> set[str]:
    """Ids of every entry whose card a list of this game can call for."""
    wanted: set[str] = set()
    for rule in roster_spec(game)["cartes"]:
        wanted.update(rule.get("ids", {}).values())
        if rule.get("direct"):
            wanted.update(e.id for e in game.of_kind(rule["direct"]))
    return wanted


def roster_spec_json(game: Game) -> str:
    """The roster spec, card grid and cut marks, as JSON for impression.js (safe inside <script>)."""
    spec = dict(roster_spec(game))
    spec["jeu"] = game.nom
    spec["grille"] = {"x": GRID_X, "y": GRID_Y, "largeur": CARD_W, "hauteur": CARD_H,
                      "colonnes": GRID_COLS, "lignes": GRID_ROWS}
    spec["reperes"] = {str(rows): cut_marks(rows) for rows in range(1, GRID_ROWS + 1)}
    text = json.dumps(spec, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def roster_html(game: Game, liste: dict[str, Any], rapport: dict[str, Any] | None,
                cards: list[Card] | None = None, catalogue: dict[str, Any] | None = None,
                env: jinja2.Environment | None = None) -> str:
    """The roster sheet of a list, filled in Python with the same template as the browser's.

    Args:
        game: the game.
        liste: the list document.
        rapport: the engine's report for the list (or None).
        cards: the fitted cards the list may call for (e.g. from `build(site)`).
        catalogue: player-supplied profiles, when they are not inline in the list.
        env: the Jinja environment (a new one when omitted).

    """
    env = env or environment()
    sheet = roster_sheet(game)
    model = roster_model(game, liste, rapport, catalogue)
    chosen = [c for ident in model["cartes"] for c in (cards or []) if c.entree == ident]
    chosen += [profile_card(view, game, f"profil-{index + 1}") for index, view in enumerate(model["profils"])]
    return env.get_template("liste.html.j2").render(
        css=stylesheet(), feuille=sheet, jeu=game, liens=_links(sheet), pdf=True, modele=model,
        spec=roster_spec_json(game), pages_cartes=card_pages(chosen))


# --------------------------------------------------------------------------------------------
# Cache (fitting and PDFs depend only on their inputs: rebuilds under `mkdocs serve` reuse them)
# --------------------------------------------------------------------------------------------

# `make bench` points this at an empty folder to time a first build.
CACHE_DIR = Path(os.environ.get("COMPENDIUM_CACHE_IMPRESSION") or ROOT / ".cache" / "impression")
CACHE_VERSION = "1"


def _digest(*parts: Any) -> str:
    import hashlib
    from importlib.metadata import version

    weasyprint_version = version("weasyprint")  # without importing WeasyPrint (0.8 s)
    payload = json.dumps([CACHE_VERSION, weasyprint_version, stylesheet(), *parts], ensure_ascii=False,
                         sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def _cache_read(name: str) -> bytes | None:
    try:
        return (CACHE_DIR / name).read_bytes()
    except OSError:
        return None


def _cache_write(name: str, data: bytes) -> None:
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        temporary = CACHE_DIR / f".{name}.tmp"
        temporary.write_bytes(data)
        temporary.replace(CACHE_DIR / name)
    except OSError:
        pass


def _card_state(card: Card) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(card)


def _card_from_state(state: dict[str, Any]) -> Card:
    units = [Unit(**u) for u in state.pop("units")]
    return Card(units=units, **state)


def fit_cards_cached(cards: list[Card], env: jinja2.Environment) -> list[Card]:
    """`fit_cards`, reusing the result of an earlier build when the cards and the CSS are unchanged."""
    key = "cartes-" + _digest([_card_state(c) for c in cards], FONT_MAX, FONT_MIN, FILL) + ".json"
    cached = _cache_read(key)
    if cached is not None:
        try:
            return [_card_from_state(state) for state in json.loads(cached)]
        except (ValueError, TypeError, KeyError):
            pass
    fitted = fit_cards(cards, env)
    _cache_write(key, json.dumps([_card_state(c) for c in fitted], ensure_ascii=False).encode("utf-8"))
    return fitted


def fit_reference_cached(sheet: Sheet, env: jinja2.Environment) -> None:
    """`fit_reference`, reusing an earlier result for the same blocks and CSS."""
    key = "reference-" + _digest(sheet.titre, sheet.blocs, REFERENCE_COMFORT, FONT_MIN) + ".json"
    cached = _cache_read(key)
    if cached is not None:
        try:
            sheet.taille = float(json.loads(cached))
            return
        except (ValueError, TypeError):
            pass
    fit_reference(sheet, env)
    _cache_write(key, json.dumps(sheet.taille).encode("utf-8"))


def pdf_bytes(markup: str) -> bytes:
    """The PDF of a print page (WeasyPrint), cached by content."""
    key = "pdf-" + _digest(markup) + ".pdf"
    cached = _cache_read(key)
    if cached is not None:
        return cached
    from weasyprint import HTML  # imported only on a cache miss: the import alone takes 0.5 s

    data = HTML(string=markup).write_pdf()
    _cache_write(key, data)
    return data


# --------------------------------------------------------------------------------------------
# Public API used by the plugin
# --------------------------------------------------------------------------------------------

@dataclass
class PrintSet:
    """Every fitted sheet of the site (built once per build)."""

    site: Site
    sheets: dict[str, list[Sheet]]
    env: jinja2.Environment

    def all(self) -> list[Sheet]:
        return [s for sheets in self.sheets.values() for s in sheets]


_CACHE: dict[int, PrintSet] = {}


def build(site: Site) -> PrintSet:
    """Build and fit every sheet of the site (cached for the same Site object)."""
    cached = _CACHE.get(id(site))
    if cached is not None and cached.site is site:
        return cached
    env = environment()
    sheets = {game.id: game_sheets(game) for game in site.games}
    for game_sheets_ in sheets.values():
        unique: dict[str, Card] = {}
        for sheet in game_sheets_:
            for card in sheet.cartes if sheet.sorte == "cartes" else []:
                unique.setdefault(card.ident, card)
        by_entry: dict[str, list[Card]] = {}
        for card in fit_cards_cached(list(unique.values()), env):
            by_entry.setdefault(card.racine, []).append(card)
        pool: list[Card] = []
        for sheet in game_sheets_:
            if sheet.sorte == "cartes":
                sheet.cartes = [c for original in sheet.cartes for c in by_entry[original.ident]]
                pool += [c for c in sheet.cartes if all(c is not other for other in pool)]
            elif sheet.sorte == "reference":
                fit_reference_cached(sheet, env)
        for sheet in game_sheets_:
            if sheet.sorte == "liste":
                wanted = roster_card_ids(sheet.jeu)
                sheet.cartes = [c for c in pool if c.entree in wanted]
    result = PrintSet(site, sheets, env)
    _CACHE.clear()
    _CACHE[id(site)] = result
    return result


def print_pages(site: Site) -> dict[str, str]:
    """Every HTML print page by its path in the site (`imprimer/<jeu>/<feuille>.html`)."""
    result = build(site)
    return {sheet.chemin: render_sheet(sheet, result.env) for sheet in result.all()}


def print_pages_md(site: Site) -> dict[str, str]:
    """The « À imprimer » Markdown page of every game that has print sheets (`<jeu>/imprimer.md`)."""
    result = build(site)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    out = {}
    for game in site.games:
        sheets = result.sheets.get(game.id) or []
        if not sheets:
            continue
        uri = game.uri("imprimer")
        base = "../" * (uri.count("/") + 1)
        out[uri] = env.get_template("imprimer.md.j2").render(
            jeu=game, feuilles=sheets, base=base, e=html.escape,
            verifier=relative_link(uri, game.uri("verifier")) if "verifier" in game.manifest.get("outils", []) else "")
    return out


def write_pdfs(site: Site, site_dir: Path | str, thumbnails: bool = True) -> list[Path]:
    """Write every sheet as a PDF (WeasyPrint) into the built site, with a PNG of its first page."""
    result = build(site)
    site_dir = Path(site_dir)
    written = []
    for sheet in result.all():
        target = site_dir / sheet.pdf
        target.parent.mkdir(parents=True, exist_ok=True)
        data = pdf_bytes(render_sheet(sheet, result.env, for_pdf=True))
        target.write_bytes(data)
        written.append(target)
        if thumbnails:
            thumbnail_cached(data, target, site_dir / sheet.vignette)
    return written


def thumbnail_cached(data: bytes, pdf: Path, png: Path) -> bool:
    """`thumbnail`, reusing the PNG made earlier for the same PDF bytes."""
    import hashlib

    key = f"vignette-{THUMBNAIL_WIDTH}-" + hashlib.sha256(data).hexdigest()[:32] + ".png"
    cached = _cache_read(key)
    if cached is not None:
        png.parent.mkdir(parents=True, exist_ok=True)
        png.write_bytes(cached)
        return True
    if not thumbnail(pdf, png):
        return False
    _cache_write(key, png.read_bytes())
    return True


THUMBNAIL_WIDTH = 300


def thumbnail(pdf: Path, png: Path, width: int = THUMBNAIL_WIDTH) -> bool:
    """Render page 1 of a PDF to PNG with pdftoppm (poppler-utils); False when it is not installed."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        log.warning("pdftoppm absent : pas de vignette pour %s (installer poppler-utils)", pdf.name)
        return False
    stem = png.with_suffix("")
    subprocess.run([tool, "-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", str(width), str(pdf), str(stem)],
                   check=True, capture_output=True, timeout=120)
    return png.is_file()

