"""Links stage: turn explicit `[[id]]` links and first mentions of terms into tooltip links."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Entry, Game
from .urls import relative_link

FENCE = re.compile(r"^\s*(```|~~~)")
# Parts of a line that are never rewritten: inline code, Markdown links/images, raw HTML tags,
# attribute lists and explicit [[id]] links (handled separately).
PROTECTED = re.compile(r"`[^`]*`|!?\[[^\]]*\]\([^)]*\)|\[\[[^\]]*\]\]|<[^>]+>|\{[:#.][^}]*\}")
EXPLICIT = re.compile(r"\[\[\s*([a-z0-9-]+)\s*\]\]")


@dataclass
class LinkIndex:
    """Every linkable form of a game, matched as whole words, longest first."""

    game: Game
    pattern: re.Pattern[str] | None
    owner: dict[str, Entry]

    @classmethod
    def of(cls, game: Game) -> LinkIndex:
        """Build the index from the game's terms."""
        owner = {form: term for term in game.terms() for form in term.forms}
        if not owner:
            return cls(game, None, owner)
        alternatives = "|".join(re.escape(f) for f in sorted(owner, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")
        return cls(game, pattern, owner)


def tooltip_link(text: str, target: Entry, from_uri: str) -> str:
    """A Markdown link whose title (Material tooltip) is the target's summary."""
    title = target.resume.replace("\\", "\\\\").replace('"', "\\\"")
    label = text.replace("[", "\\[").replace("]", "\\]")
    return f'[{label}]({relative_link(from_uri, target.src_uri, target.id)} "{title}")'


def plain_link(text: str, target: Entry, from_uri: str) -> str:
    """A Markdown link without tooltip: for a row that shows the target's summary beside it."""
    label = text.replace("[", "\\[").replace("]", "\\]")
    return f"[{label}]({relative_link(from_uri, target.src_uri, target.id)})"


def linkify(markdown: str, index: LinkIndex, from_uri: str, seen: set[str]) -> str:
    """Rewrite one section's Markdown: explicit links, then the first mention of each term.

    Headings, fenced code, inline code, existing links and the term's own
    definition are left alone.

    Args:
        markdown: the section's text.
        index: the game's link index.
        from_uri: source URI of the page the text is shown on.
        seen: ids already linked in this section (updated); start it with the id
            of the entry being defined so that it never links to itself.

    """
    out: list[str] = []
    in_fence = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
        elif in_fence or line.lstrip().startswith("#"):
            out.append(line)
        else:
            out.append(_link_line(line, index, from_uri, seen))
    return "\n".join(out)


def _link_line(line: str, index: LinkIndex, from_uri: str, seen: set[str]) -> str:
    pieces: list[str] = []
    last = 0
    for match in PROTECTED.finditer(line):
        pieces.append(_link_plain(line[last:match.start()], index, from_uri, seen))
        pieces.append(_explicit(match.group(0), index, from_uri, seen))
        last = match.end()
    pieces.append(_link_plain(line[last:], index, from_uri, seen))
    return "".join(pieces)


def _explicit(chunk: str, index: LinkIndex, from_uri: str, seen: set[str]) -> str:
    found = EXPLICIT.fullmatch(chunk)
    if not found:
        return chunk
    target = index.game.entries[found.group(1)]
    seen.add(target.id)
    return tooltip_link(target.nom, target, from_uri)


def _link_plain(text: str, index: LinkIndex, from_uri: str, seen: set[str]) -> str:
    if index.pattern is None or not text:
        return text

    def replace(match: re.Match[str]) -> str:
        target = index.owner[match.group(1)]
        if target.id in seen:
            return match.group(0)
        seen.add(target.id)
        return tooltip_link(match.group(1), target, from_uri)

    return index.pattern.sub(replace, text)
