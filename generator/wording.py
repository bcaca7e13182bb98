"""French wording of data values, shared by the rendered pages and the print sheets.

Table cells (« — », oui/non), a column's labels, and a noun agreed with the count before it.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any


def folded(text: str) -> str:
    """Lower case without accents (« Éclair » -> « eclair »), for alphabetical order and initials."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def index_key(text: str) -> str:
    """The sort key of a name in an index: folded, without leading quotes or punctuation."""
    return re.sub(r"^[^a-z0-9]+", "", folded(text))


def initial(text: str) -> str:
    """The index group of a name: its first letter in capitals (« Éclair » -> « E »), « 0-9 » for a digit."""
    first = index_key(text)[:1]
    return "0-9" if first.isdigit() or not first else first.upper()


def cell_text(value: Any) -> str:
    """A table cell as plain text: null is « — », booleans are oui/non, lists are joined."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, list):
        return ", ".join(cell_text(v) for v in value)
    return str(value)


def column_value(value: Any, column: dict[str, Any]) -> Any:
    """A table cell's value as shown: the column's label for an identifier, when it has one."""
    labels = column.get("libelles") or {}
    return labels.get(value, value) if isinstance(value, str) else value


def cell(value: Any) -> str:
    """A table cell for a Markdown table: the plain text with pipes escaped and newlines folded."""
    return cell_text(value).replace("|", "\\|").replace("\n", " ")


def inline_text(value: Any) -> str:
    """Plain text on one line, for a definition in an index.

    Newlines are folded, and a leading mark that Markdown would read as a list, a heading or a quote
    is escaped (« 1. », « - », « # », « > »).
    """
    text = " ".join(cell_text(value).split())
    return re.sub(r"^(\d+)([.)] )|^([-*+] |#|>)", lambda m: f"{m[1]}\\{m[2]}" if m[1] else "\\" + m[3], text)


# Words that end in s, x or z in the singular too.
INVARIABLES = frozenset({"héros", "fois", "pas", "corps", "bras", "mois", "poids", "malus", "bonus", "temps", "prix",
                         "choix", "voix", "avis", "dos", "os", "gaz", "nez", "ko"})


def count_value(value: Any) -> float | None:
    """A count as a number (1, 2.5, "1", "1,5"), or None when it is not one (« variable », « 2+1 »)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value).strip().replace(",", "."))
    except ValueError:
        return None


def singular(plural: str) -> str:
    """Singular of a French plural noun phrase: its first word loses its final s or x (« jetons Sauvagerie »)."""
    first, space, rest = plural.partition(" ")
    if first.casefold() in INVARIABLES or len(first) < 3:
        return plural
    if first.endswith(("aux", "eux", "oux")) or first.endswith("s"):
        first = first[:-1]
    return first + space + rest


def accord(count: Any, plural: str) -> str:
    """The noun after a count, agreed in French: singular below 2 (« 0 point », « 1 point », « 1,5 point »).

    Args:
        count: the number printed before the noun (a value that is not a number keeps the plural).
        plural: the noun in the plural, as the data writes it (« points », « Kouronnes », « tours »).

    """
    number = count_value(count)
    return singular(plural) if number is not None and abs(number) < 2 else plural


def counted(count: Any, plural: str) -> str:
    """« <count> <noun> » with the noun agreed (« 1 point », « 3 points »); the count alone when no noun."""
    text = cell_text(count)
    return f"{text} {accord(count, plural)}".strip() if plural else text


def yaml_string(value: str) -> str:
    """Quote a string for a YAML snippet."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
