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
# `[[id]]` shows the entry's name; `[[id|texte]]` shows `texte` (a name that would not read in the sentence).
EXPLICIT = re.compile(r"\[\[\s*([a-z0-9-]+)\s*(?:\|\s*([^\]\n]*?)\s*)?\]\]")
INLINE_CODE = re.compile(r"`[^`]*`")


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
    return tooltip_link(found.group(2) or target.nom, target, from_uri)


def explicit_links(markdown: str, game: Game, from_uri: str) -> str:
    """Render the explicit `[[id]]` and `[[id|texte]]` links of any text (no first-mention links).

    For every text field a template shows (notes, readings, help texts): fenced and inline code are
    left alone, an unknown id too (`leftover_markup` then refuses the page).
    """
    if "[[" not in markdown:
        return markdown
    out: list[str] = []
    in_fence = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or "[[" not in line:
            out.append(line)
            continue
        pieces: list[str] = []
        last = 0
        for code in INLINE_CODE.finditer(line):
            pieces.append(_explicit_only(line[last:code.start()], game, from_uri))
            pieces.append(code.group(0))
            last = code.end()
        pieces.append(_explicit_only(line[last:], game, from_uri))
        out.append("".join(pieces))
    return "\n".join(out)


def _explicit_only(text: str, game: Game, from_uri: str) -> str:
    def replace(match: re.Match[str]) -> str:
        target = game.entries.get(match.group(1))
        return match.group(0) if target is None else tooltip_link(match.group(2) or target.nom, target, from_uri)

    return EXPLICIT.sub(replace, text)


def leftover_markup(markdown: str) -> str | None:
    """The first « [[ » of a generated page outside code, with its line; None when there is none."""
    in_fence = False
    for number, line in enumerate(markdown.split("\n"), start=1):
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and "[[" in INLINE_CODE.sub("", line):
            start = INLINE_CODE.sub("", line).index("[[")
            return f"ligne {number} : « {INLINE_CODE.sub('', line)[start:start + 40]} »"
    return None


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


ARTICLES = frozenset(("le", "la", "les", "l'", "l’", "un", "une", "des", "du"))
SENTENCE_START = re.compile(r"(^|[.!?:]\s*|^\s*(?:[-*+]|\d+[.)])\s+)[\s*_«»\"(]*$")
BEFORE_NOUN = re.compile(r"(?:\d+|(?<!\w)(?:le|la|les|l['’]|un|une|des|du|de|d['’]|au|aux|à|son|sa|ses|leur|leurs|ce|"
                         r"cette|ces|mon|ma|mes|votre|vos|notre|nos|chaque))[\s*_«]*$", re.IGNORECASE)


def title_problem(before: str, name: str) -> str | None:
    """Why an entry's name pasted mid-sentence by `[[id]]` would not read; None when it reads.

    After a number, a determiner or « de », a name that starts with an article (« Le niveau », « Un
    combat ») reads « que son Le niveau », and one that starts with a verb and its object (« Utiliser
    les cartes Stratège ») reads « jusqu'à 3 Utiliser… ». Either is
    written `[[id|texte]]`, with the words the sentence needs.
    """
    words = re.findall(r"[\w'’]+", name)
    if not words or SENTENCE_START.search(before):
        return None
    first = words[0].casefold()
    article = first if first in ARTICLES else next((a for a in ("l'", "l’") if first.startswith(a)), None)
    if not BEFORE_NOUN.search(before):
        return None
    if article:
        return f"le nom « {name} » commence par « {words[0]} » et suit un déterminant"
    if len(words) > 1 and re.fullmatch(r"\w+(?:er|ir|re)", first) and words[1].casefold() in ARTICLES:
        return f"le nom « {name} » commence par un verbe et suit un nombre ou un déterminant"
    return None
