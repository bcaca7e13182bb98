"""Page citations: every page the data cites agrees with the book's contents and index.

A game whose book prints a table of contents (and an index) keeps them in `data/<jeu>/sommaire.yaml`
(schema `sommaire.schema.json`): titles and pages, with the line of the seed text where each section
starts. A citation is a `source: {section, page, ligne}` of an entry, or « p. N » / « page N » in a
text. It is checked, file:line:col, against:

- the book's page count, when known;
- the contents, by line: the page of the section that holds the cited line, up to the page of the
  next section (a section may run onto the page where the next one starts);
- the contents, by name: a cited section named like an entry of the contents lies on its pages;
- the index, by name, where no title of the contents names the citation: one of the term's pages, or
  a later page of the same part of the contents (a section is not cited before the page where the
  index says it is treated);
- the other citations of the same book: one line is on one page, and a section's pages never go
  back as its lines go on (the citation out of step with the rest of its section is reported).

Where the contents and the index disagree (the Hate index puts « Phase de réapprovisionnement »
on pages 16 and 18, the contents on 14), a page either of them supports is accepted.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .load import DataFile
from .problems import Problem
from .validate import Located, entries_of

KIND = "sommaire"
TEXT_PAGE = re.compile(r"(?:«\s*([^»]{1,80}?)\s*»\s*,?\s*)?\b(?:p\.|pages?)\s*(\d{1,4})\b", re.IGNORECASE)
SPLIT = re.compile(r"\s+[—–;]\s+|\s*;\s*")
ARTICLES = ("le ", "la ", "les ", "l ")
Parts = tuple[str | int, ...]


def normalize(title: str) -> str:
    """A title compared loosely: no accents, case, punctuation, numbering, leading article or plural s."""
    text = unicodedata.normalize("NFKD", title.replace("’", "'")).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"[^a-z0-9]+", " ", text).strip()
    text = re.sub(r"^\d+[a-z]?\s+", "", text)
    for article in ARTICLES:
        if text.startswith(article):
            text = text[len(article):]
            break
    return " ".join(w[:-1] if len(w) > 3 and w[-1] in "sx" else w for w in text.split())


@dataclass
class Contents:
    """A book's contents and index, as the checks read them."""

    pages: int | None
    starts: list[tuple[int, int]]  # (line where a section's text starts, its page), by line
    titles: dict[str, list[tuple[int, int | None]]] = field(default_factory=dict)  # name -> (page, next page)
    index: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, value: dict[str, Any]) -> Contents:
        """Read `sommaire` (already schema-checked)."""
        entries = value["entrees"]
        starts = sorted((e.get("contenu", e["ligne"]), e["page"]) for e in entries if "ligne" in e)
        titles: dict[str, list[tuple[int, int | None]]] = defaultdict(list)
        for i, entry in enumerate(entries):
            # up to the next entry on a later page: entries of one page may nest (a box inside a section)
            following = next((e["page"] for e in entries[i + 1:] if e["page"] > entry["page"]), value.get("pages"))
            titles[normalize(entry["titre"])].append((entry["page"], following))
        index = {normalize(t["terme"]): list(t["pages"]) for t in value.get("index", [])}
        return cls(value.get("pages"), starts, dict(titles), index)

    def by_line(self, line: int) -> tuple[int, int | None] | None:
        """Pages the text at `line` may be on: its section's page up to the next section's page."""
        position = bisect_right([s[0] for s in self.starts], line)
        if position == 0:
            return None
        first = self.starts[position - 1][1]
        following = self.starts[position][1] if position < len(self.starts) else self.pages
        return first, following

    def by_name(self, section: str) -> tuple[list[tuple[int, int | None]], list[int]]:
        """Ranges of the contents' entries and index pages that name a cited section, or a part of it."""
        ranges: list[tuple[int, int | None]] = []
        pages: list[int] = []
        for part in {section, *SPLIT.split(section)}:
            key = normalize(part)
            ranges += self.titles.get(key, [])
            pages += self.index.get(key, [])
        return ranges, pages


def _within(page: int, span: tuple[int, int | None]) -> bool:
    return span[0] <= page and (span[1] is None or page <= span[1])


def _shown(span: tuple[int, int | None]) -> str:
    return f"p. {span[0]}" if span[1] in (None, span[0]) else f"p. {span[0]} à {span[1]}"


def page_problem(contents: Contents, page: int, section: str | None, line: int | None) -> str | None:
    """Why a cited page disagrees with the contents or the index (None when it agrees)."""
    if contents.pages is not None and page > contents.pages:
        return f"page {page} citée, mais le livre n'a que {contents.pages} pages"
    ranges, pages = contents.by_name(section) if section else ([], [])
    if ranges and not any(_within(page, r) for r in ranges) and page not in pages:
        return (f"« {section} », p. {page} : la table des matières place cette section "
                f"{' ou '.join(_shown(r) for r in ranges)}")
    span = contents.by_line(line) if line is not None else None
    if span is not None and not _within(page, span) and page not in pages:
        return (f"p. {page} pour la ligne {line} : d'après la table des matières, cette ligne est "
                f"{_shown(span)}")
    if ranges or not pages or page in pages:
        return None
    if span is None:
        return f"« {section} », p. {page} : l'index du livre donne {', '.join(map(str, pages))}"
    inside = [p for p in pages if _within(p, span)]
    if inside and page < min(inside):
        return (f"« {section} », p. {page} : l'index du livre place « {section} » p. {', '.join(map(str, inside))}, "
                f"pas avant")
    return None


@dataclass
class Citation:
    """One page cited by the data."""

    entry: Located
    parts: Parts
    page: int
    section: str | None
    line: int | None


def citations(entries: list[Located]) -> Iterator[Citation]:
    """Every `source: {page}` and every « p. N » of a text, with where it is written."""
    for entry in entries:
        yield from _walk(entry, entry.value, entry.parts)


def _walk(entry: Located, value: Any, parts: Parts) -> Iterator[Citation]:
    if isinstance(value, dict):
        source = value.get("source")
        if isinstance(source, dict) and isinstance(source.get("page"), int):
            line = source.get("ligne") if isinstance(source.get("ligne"), int) else None
            yield Citation(entry, parts + ("source", "page"), source["page"], str(source.get("section", "")), line)
        for key, item in value.items():
            if key != "source":
                yield from _walk(entry, item, parts + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(entry, item, parts + (i,))
    elif isinstance(value, str):
        for match in TEXT_PAGE.finditer(value):
            yield Citation(entry, parts, int(match.group(2)), match.group(1), None)


def consistency_problems(found: list[Citation]) -> list[Problem]:
    """One line on one page; a section's pages never go back as its lines go on.

    Citations of one line that disagree: when one page has most of them, the others are reported.
    Within a section, the citations kept are the longest run, by line, whose pages never go back
    (and agree on a shared line); the others are reported.
    """
    problems: list[Problem] = []
    by_line: dict[int, Counter[int]] = defaultdict(Counter)
    for c in found:
        if c.line is not None:
            by_line[c.line][c.page] += 1
    for c in found:
        counts = by_line[c.line] if c.line is not None else Counter()
        (best, most), *rest = counts.most_common() or [(c.page, 0)]
        if c.page != best and (not rest or rest[0][1] < most):
            problems.append(c.entry.file.problem(c.parts, f"p. {c.page} pour la ligne {c.line}, que les autres "
                                                 f"citations placent p. {best}"))
    by_section: dict[str, list[Citation]] = defaultdict(list)
    for c in found:
        if c.line is not None and c.section:
            by_section[normalize(c.section)].append(c)
    for group in by_section.values():
        group.sort(key=lambda c: (c.line or 0, c.page))
        kept = _longest_run(group)
        for c in group:
            if id(c) not in kept:
                problems.append(c.entry.file.problem(c.parts, f"« {c.section} », p. {c.page} à la ligne {c.line} : les "
                                                     f"autres citations de cette section ne suivent pas cet ordre "
                                                     f"(une ligne plus loin ne peut pas être sur une page d'avant)"))
    return problems


def _follows(before: Citation, after: Citation) -> bool:
    """Whether two citations of one section, in line order, can both be right."""
    return before.page == after.page if before.line == after.line else before.page <= after.page


def _longest_run(group: list[Citation]) -> set[int]:
    """Ids of the citations of the longest run (by line) that can all be right together."""
    best: list[int] = []
    before: list[int] = []
    for i, c in enumerate(group):
        previous = max((j for j in range(i) if _follows(group[j], c)), key=lambda j: best[j], default=-1)
        best.append(1 + (best[previous] if previous >= 0 else 0))
        before.append(previous)
    if not group:
        return set()
    i = max(range(len(group)), key=lambda k: best[k])
    kept = set()
    while i >= 0:
        kept.add(id(group[i]))
        i = before[i]
    return kept


def game_problems(files: list[DataFile]) -> list[Problem]:
    """Page citations of one game that its book's contents or index contradict, and a contents that goes back."""
    book = next((f for f in files if isinstance(f.value, dict) and KIND in f.value), None)
    found = list(citations(list(entries_of(files))))
    problems = consistency_problems(found)
    if book is None:
        return problems
    value = book.value[KIND]
    broken = _contents_problems(book, value)
    if broken:  # the citations are read against the contents: a wrong contents is reported alone, on its file
        return problems + broken
    contents = Contents.of(value)
    for c in found:
        message = page_problem(contents, c.page, c.section, c.line)
        if message:
            problems.append(c.entry.file.problem(c.parts, message))
    return problems


def _contents_problems(book: DataFile, value: dict[str, Any]) -> list[Problem]:
    """The contents' pages do not go back along the text, nor beyond the page count."""
    problems = []
    last: tuple[int, int] | None = None
    located = sorted((e.get("contenu", e["ligne"]), e["page"], i) for i, e in enumerate(value["entrees"]) if "ligne" in e)
    for line, page, i in located:
        if last is not None and page < last[1]:
            problems.append(book.problem((KIND, "entrees", i, "page"), f"p. {page} à la ligne {line}, après une section "
                                         f"de la p. {last[1]} (ligne {last[0]}) : les pages ne reviennent pas en arrière"))
        last = (line, page)
    pages = value.get("pages")
    for i, entry in enumerate(value["entrees"]):
        if pages is not None and entry["page"] > pages:
            problems.append(book.problem((KIND, "entrees", i, "page"), f"page {entry['page']} au-delà des {pages} pages"))
    return problems + _repeated(book, "entrees", "titre", "section") + _repeated(book, "index", "terme", "terme") \
        + _index_problems(book, value.get("index") or [], pages)


def _repeated(book: DataFile, key: str, field: str, what: str) -> list[Problem]:
    """Entries of the contents, or terms of the index, copied twice (same title or term)."""
    problems = []
    seen: dict[str, int] = {}
    for i, item in enumerate(book.value[KIND].get(key) or []):
        name = normalize(str(item.get(field, "")))
        if name in seen:
            line, col = book.position((KIND, key, seen[name], field))
            problems.append(book.problem((KIND, key, i, field), f"{what} « {item.get(field)} » en double (déjà en "
                                         f"ligne {line}, colonne {col}) : le livre ne l'imprime qu'une fois"))
        seen.setdefault(name, i)
    return problems


def _index_problems(book: DataFile, index: list[dict[str, Any]], pages: int | None) -> list[Problem]:
    """An index term's pages exist in the book and go forward."""
    problems = []
    for i, term in enumerate(index):
        previous = 0
        for j, page in enumerate(term.get("pages") or []):
            here = (KIND, "index", i, "pages", j)
            if pages is not None and page > pages:
                problems.append(book.problem(here, f"page {page} au-delà des {pages} pages du livre"))
            elif page < previous:
                problems.append(book.problem(here, f"p. {page} après p. {previous} : l'index donne les pages dans "
                                             "l'ordre croissant"))
            previous = max(previous, page)
    return problems
