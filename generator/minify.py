"""Page weight: lossless trimming of the built HTML and of the theme's palette stylesheet.

Two safe reductions, both measured by ``make bench`` (page weight of a rules page):

* Material's templates leave long runs of blank lines and indentation. A run of
  whitespace that contains a line break renders exactly like a single line break,
  except inside ``pre``, ``textarea``, ``script``, ``style`` and ``code``, which are
  left untouched.
* ``palette.css`` carries the colours of every primary and accent colour Material
  offers; the site uses one of each. Rules whose every selector names another
  colour are dropped; everything else is kept as it was.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

_PROTECTED = re.compile(r"<(pre|textarea|script|style|code)\b.*?</\1\s*>", re.S | re.I)
_BLANK_RUN = re.compile(r"[ \t\r\f\v]*\n\s*")
_COLOUR_ATTRIBUTE = re.compile(r"\[data-md-color-(primary|accent)=([\w-]+)\]")


def compact_html(html: str) -> str:
    """Collapse every whitespace run containing a line break to one line break.

    Args:
        html: a built page.

    Returns:
        The same page, rendering identically, with the indentation removed.

    """
    parts: list[str] = []
    start = 0
    for match in _PROTECTED.finditer(html):
        parts.append(_BLANK_RUN.sub("\n", html[start:match.start()]))
        parts.append(match.group(0))
        start = match.end()
    parts.append(_BLANK_RUN.sub("\n", html[start:]))
    return "".join(parts)


def _split_blocks(css: str) -> Iterable[tuple[str, str]]:
    """Yield each top-level ``(prelude, body)`` pair of a minified stylesheet."""
    depth = 0
    prelude_start = 0
    body_start = 0
    for index, char in enumerate(css):
        if char == "{":
            if depth == 0:
                body_start = index + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                yield css[prelude_start:body_start - 1].strip(), css[body_start:index]
                prelude_start = index + 1


def _split_selectors(prelude: str) -> list[str]:
    """Split a selector list on its top-level commas (not those inside ``:not(...)``)."""
    selectors: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(prelude):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            selectors.append(prelude[start:index])
            start = index + 1
    selectors.append(prelude[start:])
    return selectors


def _selector_is_used(selector: str, used: dict[str, set[str]]) -> bool:
    """Tell whether a selector only names colours of the site's palette."""
    return all(value in used[kind] for kind, value in _COLOUR_ATTRIBUTE.findall(selector))


def prune_palette(css: str, primaries: set[str], accents: set[str]) -> str:
    """Drop the rules of a palette stylesheet that only apply to unused colours.

    Args:
        css: Material's minified ``palette.css``.
        primaries: the primary colours the site uses, as Material names them (``brown``).
        accents: the accent colours the site uses (``deep-orange``).

    Returns:
        The stylesheet without the rules no page of this site can match.

    """
    used = {"primary": primaries, "accent": accents}
    kept: list[str] = []
    for prelude, body in _split_blocks(css):
        if prelude.startswith("@media") or prelude.startswith("@supports"):
            inner = prune_palette(body, primaries, accents)
            if inner:
                kept.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@"):
            kept.append(f"{prelude}{{{body}}}")
        else:
            selectors = [s for s in _split_selectors(prelude) if _selector_is_used(s, used)]
            if selectors:
                kept.append(f"{','.join(selectors)}{{{body}}}")
    return "".join(kept)


def palette_colours(palette: object) -> tuple[set[str], set[str]]:
    """Read the primary and accent colours from the theme's ``palette`` option.

    Args:
        palette: ``theme.palette`` from mkdocs.yml: one mapping or a list of them.

    Returns:
        The primary colours and the accent colours, in Material's attribute spelling.

    """
    entries = palette if isinstance(palette, list) else [palette]
    primaries: set[str] = set()
    accents: set[str] = set()
    for entry in entries:
        if isinstance(entry, dict):
            primaries.add(str(entry.get("primary", "indigo")).replace(" ", "-").lower())
            accents.add(str(entry.get("accent", "indigo")).replace(" ", "-").lower())
    return primaries, accents
