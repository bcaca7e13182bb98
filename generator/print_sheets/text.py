"""French typography, print Markdown and card text units (pieces never split across cards)."""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

import markdown as markdown_lib

from ..links import EXPLICIT as LINK
from ..model import Game

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

EXPLICIT = LINK  # `[[id]]` or `[[id|texte]]` (generator.links)


def markdown_html(text: str, game: Game | None = None) -> str:
    """Entry Markdown as HTML for print: `[[id]]` becomes the entry's name, French typography."""
    def name(match: re.Match[str]) -> str:
        entry = game.entries.get(match.group(1)) if game else None
        return match.group(2) or (entry.nom if entry else match.group(1))

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
