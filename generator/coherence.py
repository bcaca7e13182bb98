"""Coherence checks that a schema cannot express: tables, pages, anchors, link forms and text safety.

Each problem is located on the offending node (`file:line:col JSONPath: message`), so that a
mistake in a data file stops the build instead of being silently shown, ignored or loaded.
"""
from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from markdown.extensions.toc import slugify

from .engine_data import schema_path
from .links import title_problem
from .load import DataFile
from .problems import Problem
from .urls import CATALOGUE_PAGE
from .validate import Located, entries_of

Parts = tuple[str | int, ...]
DIE = re.compile(r"^([0-9]*)d([0-9]+)$")
FACE = re.compile(r"^\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?$")
# Pages the generator writes itself in every game folder: a data page may not take their name.
RESERVED_PAGES = ("index", "glossaire", "verifier", "probas", "imprimer", CATALOGUE_PAGE)
PROJECT = Path(__file__).resolve().parent.parent
MAX_FACES = 1000
# Characters that would break the Markdown link a form becomes.
FORM_FORBIDDEN = set("[]()*_`#|<>\\{}\n\r\t")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.+?)\s*(?:\{[^}]*\})?\s*#*\s*$")
EXPLICIT_ID = re.compile(r"\{\s*[^}]*#([A-Za-z0-9_:.-]+)[^}]*\}")
FENCE = re.compile(r"^\s*(```|~~~)")
# Text that is never shown as code: raw HTML, autolinks and link or image targets are checked there.
CODE_FIELDS = ("gabarit",)
RAW_HTML = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<!--|<\s*script", re.IGNORECASE)
AUTOLINK = re.compile(r"<[A-Za-z][A-Za-z0-9+.-]*:[^<>]*>")
LINK_TARGET = re.compile(r"(!?)\[[^\]]*\]\(\s*<?([^)>\s]*)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
CONTROL = re.compile(r"[\x00-\x20\x7f]+")
# Characters no data text may hold, even written as YAML escapes (« \\e », « \\x9b », « \\u202E »): C0 controls
# but line feed and tab, DEL, C1 controls (U+0085 included), line and paragraph separators, and the
# bidirectional controls that reorder what a reader sees.
FORBIDDEN_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def game_problems(files: list[DataFile]) -> list[Problem]:
    """Every coherence problem of a game's files (which hold to their schemas)."""
    entries = list(entries_of(files))
    problems = [p for entry in entries if entry.kind == "tables" for p in table_problems(entry)]
    problems += [p for entry in entries for p in _jet_problems(entry)]
    problems += [p for entry in entries for p in form_problems(entry)]
    problems += [p for entry in entries if entry.kind == "scenarios" for p in scenario_role_problems(entry)]
    manifest = next((f for f in files if f.path.endswith("/jeu.yaml")), None)
    if manifest is not None:
        problems += page_problems(manifest)
    problems += anchor_problems(entries)
    problems += doubled_link_words(entries)
    problems += [p for data_file in files for p in text_problems(data_file)]
    if manifest is not None:
        problems += link_problems(entries, manifest)
    return problems


def scenario_role_problems(entry: Located) -> list[Problem]:
    """A scenario's `proprietes.deux_groupes` names « tous » or one of its `roles` (the list checker reads both)."""
    proprietes = entry.value.get("proprietes") or {}
    who = proprietes.get("deux_groupes")
    roles = proprietes.get("roles") or []
    if who is None or who == "tous" or who in roles:
        return []
    allowed = ", ".join(["tous", *roles])
    return [entry.file.problem(entry.parts + ("proprietes", "deux_groupes"),
                               f"« {who} » n'est ni « tous » ni un rôle de ce scénario (valeurs : {allowed})")]


# --- tables ----------------------------------------------------------------------------------

def table_problems(entry: Located) -> list[Problem]:
    """Columns and rows that agree; for a die table, faces that exist, in order, once each."""
    table = entry.value
    columns = [c["id"] for c in table["colonnes"]]
    found: list[Problem] = []
    for i, column in enumerate(columns):
        if column in columns[:i]:
            found.append(entry.file.problem(entry.parts + ("colonnes", i, "id"), f"colonne « {column} » en double"))
    for i, row in enumerate(table["lignes"]):
        for key in row:
            if key not in columns:
                found.append(entry.file.problem(entry.parts + ("lignes", i, key), f"case « {key} » sans colonne de "
                                                f"ce nom (colonnes : {', '.join(columns)})", key=True))
        missing = [c for c in columns if c not in row]
        if missing:
            found.append(entry.file.problem(entry.parts + ("lignes", i), f"ligne incomplète : case « {missing[0]} » "
                                            f"absente (écrivez « {missing[0]}: null » pour une case vide)"))
    if table["type"] == "des":
        found.extend(_die_problems(entry, columns))
    return found


def die_range(de: str) -> tuple[int, int] | None:
    """Lowest and highest total of a die expression (`d6` -> (1, 6), `2d6` -> (2, 12)); None if impossible."""
    match = DIE.match(de)
    if not match:
        return None
    count, sides = int(match.group(1) or 1), int(match.group(2))
    if count < 1 or sides < 2 or count * sides > MAX_FACES:
        return None
    return count, count * sides


def _die_problems(entry: Located, columns: list[str]) -> list[Problem]:
    table = entry.value
    if "de" not in table:
        return [entry.file.problem(entry.parts, "table de dés sans « de » (d6, 2d6, d10…)")]
    bounds = die_range(table["de"])
    if bounds is None:
        return [entry.file.problem(entry.parts + ("de",), f"dé impossible « {table['de']} » : au moins un dé "
                                   f"d'au moins deux faces (d6, 2d6, d10…)")]
    if "jet" not in columns:
        return [entry.file.problem(entry.parts + ("colonnes",), "table de dés sans colonne « jet »")]
    found: list[Problem] = []
    owner: dict[int, int] = {}
    for i, row in enumerate(table["lignes"]):
        here = entry.parts + ("lignes", i, "jet")
        faces, message = _faces(row.get("jet"), bounds, table["de"])
        if message:
            found.append(entry.file.problem(here, message))
            continue
        taken = [f for f in faces if f in owner]
        if taken:
            found.append(entry.file.problem(here, f"le résultat {taken[0]} est déjà couvert par la ligne "
                                            f"{owner[taken[0]] + 1}"))
        owner.update({f: i for f in faces if f not in owner})
    uncovered = [f for f in range(bounds[0], bounds[1] + 1) if f not in owner]
    if uncovered and not found:
        shown = ", ".join(map(str, uncovered[:10])) + ("…" if len(uncovered) > 10 else "")
        found.append(entry.file.problem(entry.parts + ("lignes",), f"résultat{'s' if len(uncovered) > 1 else ''} du {table['de']} sans ligne : {shown}"))
    return found


def _faces(jet: Any, bounds: tuple[int, int], de: str) -> tuple[list[int], str | None]:
    """The faces of a `jet` cell, or the reason it cannot be read."""
    match = FACE.match(str(jet)) if not isinstance(jet, bool) and isinstance(jet, (int, str)) else None
    if not match:
        return [], f"jet illisible {_quoted(jet)} : un résultat (4) ou un intervalle (« 1-3 ») attendu"
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    if low > high:
        return [], f"intervalle inversé « {jet} » : écrivez « {high}-{low} »"
    if low < bounds[0] or high > bounds[1]:
        return [], f"résultat impossible « {jet} » avec {de} (de {bounds[0]} à {bounds[1]})"
    return list(range(low, high + 1)), None


def _quoted(value: Any) -> str:
    return f"« {value} »" if value is not None else "(vide)"


def _jet_problems(entry: Located) -> list[Problem]:
    """An entry's own `jet` (its result in a random table) is not a reversed interval."""
    jet = entry.value.get("jet")
    match = FACE.match(str(jet)) if isinstance(jet, (int, str)) and not isinstance(jet, bool) else None
    if match and match.group(2) and int(match.group(1)) > int(match.group(2)):
        return [entry.file.problem(entry.parts + ("jet",), f"intervalle inversé « {jet} » : écrivez "
                                   f"« {match.group(2)}-{match.group(1)} »")]
    return []


# --- pages, anchors and link forms -----------------------------------------------------------

def page_problems(manifest: DataFile) -> list[Problem]:
    """Page ids of the manifest: unique, and not one of the pages the generator writes."""
    found: list[Problem] = []
    seen: dict[str, int] = {}
    for i, page in enumerate(manifest.value["jeu"]["pages"]):
        here = ("jeu", "pages", i, "id")
        if page["id"] in seen:
            found.append(manifest.problem(here, f"page « {page['id']} » déjà déclarée (pages[{seen[page['id']]}])"))
        elif page["id"] in RESERVED_PAGES:
            found.append(manifest.problem(here, f"« {page['id']} » est une page écrite par le générateur : "
                                          f"choisissez un autre identifiant (réservés : {', '.join(RESERVED_PAGES)})"))
        seen.setdefault(page["id"], i)
    return found


def _page_of(entry: Located) -> str:
    if entry.value.get("page"):
        return str(entry.value["page"])
    return "verifier" if entry.kind == "regles_liste" else "glossaire"


def _text_anchors(text: str) -> Iterator[str]:
    """Anchors a Markdown text adds to its page: explicit `{#id}` and heading slugs."""
    in_fence = False
    for line in text.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        explicit = [m.group(1) for m in EXPLICIT_ID.finditer(line)]
        yield from explicit
        heading = HEADING.match(line)
        if heading and not explicit:
            yield slugify(heading.group(2), "-")


def page_anchors(entries: list[Located]) -> dict[str, set[str]]:
    """Anchors of each page of a game: its entries' ids and the anchors of their texts."""
    anchors: dict[str, set[str]] = {}
    for entry in entries:
        found = anchors.setdefault(_page_of(entry), set())
        found.add(entry.value["id"])
        for key in ("texte", "intro"):
            if isinstance(entry.value.get(key), str):
                found.update(_text_anchors(entry.value[key]))
    return anchors


def catalogue_pages(game_id: str) -> set[str]:
    """The catalogue's format page, built for a game with a catalogue schema (render.tool_pages)."""
    return {CATALOGUE_PAGE} if schema_path(PROJECT, "catalogue", game_id).is_file() else set()


def link_problems(entries: list[Located], manifest: DataFile) -> list[Problem]:
    """Relative Markdown links of the data lead to a page of the game, and to an anchor it has."""
    jeu = manifest.value["jeu"]
    data_pages = {p["id"] for p in jeu["pages"]} | {"glossaire"}
    tool_pages = {"index", *(jeu.get("outils") or [])} | catalogue_pages(jeu["id"])
    anchors = page_anchors(entries)
    found: list[Problem] = []
    for entry in entries:
        here = f"{jeu['id']}/{_page_of(entry)}.md"
        for parts, text in _strings(entry.value, entry.parts):
            for match in LINK_TARGET.finditer(text):
                message = _link_problem(match.group(2), here, jeu["id"], data_pages, tool_pages, anchors)
                if message:
                    found.append(entry.file.problem(parts, message))
    return found


def _link_problem(target: str, here: str, game: str, data_pages: set[str], tool_pages: set[str],
                  anchors: dict[str, set[str]]) -> str | None:
    clean = CONTROL.sub("", html.unescape(target))
    if not clean or SCHEME.match(clean) or clean.startswith("//"):
        return None  # other hosts are refused by text_problem
    path, _, anchor = clean.partition("#")
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(here), path)) if path else here
    if not resolved.startswith(game + "/"):
        return None  # leaves the game: checked by MkDocs when the site is built
    page = resolved[len(game) + 1:].removesuffix("/").removesuffix(".md").removesuffix("/index")
    if page not in data_pages | tool_pages:
        return (f"lien « {target} » vers une page « {page} » qui n'existe pas dans ce jeu "
                f"(pages : {', '.join(sorted(data_pages | tool_pages))})")
    if anchor and page in data_pages and anchor not in anchors.get(page, set()):
        return f"lien « {target} » : la page « {page} » n'a pas d'ancre « {anchor} »"
    return None


def anchor_problems(entries: list[Located]) -> list[Problem]:
    """Anchors of one page are unique: entry ids, and the headings and `{#id}` of their texts."""
    owners: dict[tuple[str, str], str] = {(_page_of(e), e.value["id"]): f"l'entrée « {e.value['id']} »"
                                          for e in entries}
    found: list[Problem] = []
    for entry in entries:
        page = _page_of(entry)
        for key in ("texte", "intro"):
            text = entry.value.get(key)
            if not isinstance(text, str):
                continue
            for anchor in _text_anchors(text):
                if (page, anchor) in owners:
                    found.append(entry.file.problem(entry.parts + (key,), f"ancre « {anchor} » en double sur la page "
                                                    f"« {page} » (déjà prise par {owners[(page, anchor)]})"))
                owners.setdefault((page, anchor), f"un titre de « {entry.value['id']} »")
    return found


def form_problems(entry: Located) -> list[Problem]:
    """Each form is a word or words as they appear in running text (it becomes a link)."""
    found = []
    for i, form in enumerate(entry.value.get("formes") or []):
        bad = sorted(FORM_FORBIDDEN & set(form))
        if form != form.strip() or not any(c.isalpha() for c in form) or bad:
            reason = f"caractère « {bad[0]!s} » interdit" if bad else (
                "espaces au début ou à la fin" if form != form.strip() else "aucune lettre")
            found.append(entry.file.problem(entry.parts + ("formes", i), f"la forme « {form.strip()} » n'est pas un "
                                            f"mot du texte ({reason}) : elle ne peut pas devenir un lien"))
    return found


# --- explicit links: the entry's name is the link text ---------------------------------------

LINK_ID = re.compile(r"\[\[\s*([a-z0-9-]+)\s*\]\]")
WORD_BEFORE = re.compile(r"(\w+)[\s*_]*\s$")
WORD_AFTER = re.compile(r"^[*_]*\s[\s*_]*(\w+)")


def doubled_link_words(entries: list[Located]) -> list[Problem]:
    """A `[[id]]` shows the entry's name: the word before or after it must not repeat the name's first or last word.

    « le [[jeton-festin]] » would read « le Le jeton Festin », « [[preparer]] X » « Préparer X X ».
    """
    names = {e.value["id"]: str(e.value.get("nom") or "") for e in entries if isinstance(e.value.get("id"), str)}
    found: list[Problem] = []
    for entry in entries:
        for parts, text in _strings(entry.value, entry.parts):
            for match in LINK_ID.finditer(text):
                words = re.findall(r"\w+", names.get(match.group(1), ""))
                if not words:
                    continue
                before = WORD_BEFORE.search(text[:match.start()])
                after = WORD_AFTER.search(text[match.end():])
                # Issue 37, item 10: « que son Le niveau », « jusqu'à 3 Utiliser… » (« le Le » is said below).
                misplaced = title_problem(text[:match.start()], names.get(match.group(1), ""))
                if misplaced and not (before and before.group(1).casefold() == words[0].casefold()):
                    found.append(entry.file.problem(parts, f"« {match.group(0)} » : {misplaced} ; écrivez "
                                                    f"« [[{match.group(1)}|texte]] » avec les mots de la phrase"))
                for word, edge in ((before, words[0]), (after, words[-1])):
                    if word and word.group(1).casefold() == edge.casefold():
                        shown = f"{word.group(1)} {' '.join(words)}" if word is before else f"{' '.join(words)} {word.group(1)}"
                        found.append(entry.file.problem(parts, f"« {match.group(0)} » s'affiche « {' '.join(words)} » : "
                                                        f"le texte lirait « {shown} » (mot répété)"))
    return found


# --- text safety: nothing executed, nothing loaded from another host -------------------------

def text_problems(data_file: DataFile) -> list[Problem]:
    """Raw HTML, autolinks, and links or images to other hosts or to `javascript:` are refused."""
    return [data_file.problem(parts, message) for parts, text in _strings(data_file.value, ())
            if (message := text_problem(text, parts))]


def _strings(value: Any, parts: Parts) -> Iterator[tuple[Parts, str]]:
    if isinstance(value, str):
        yield parts, value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from _strings(child, parts + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _strings(child, parts + (i,))


def text_problem(text: str, parts: Parts = ()) -> str | None:
    """Why a data string could run code, load from another host or swallow the page; None when it is safe."""
    bad = FORBIDDEN_CHARACTER.search(text)
    if bad:
        return (f"caractère de contrôle U+{ord(bad.group(0)):04X} interdit dans un texte (position {bad.start() + 1}) : "
                "il brouillerait l'affichage ou le terminal ; retirez-le")
    code = any(part in CODE_FIELDS for part in parts)
    if not code and ("```" in text or "~~~" in text):
        if sum(1 for line in text.split("\n") if FENCE.match(line)) % 2:
            return "bloc de code non fermé : la suite de la page s'afficherait comme du code"
    if "<" in text and not code:
        raw = RAW_HTML.search(text) or AUTOLINK.search(text)
        if raw:
            return (f"HTML ou lien brut « {raw.group(0)[:40]} » interdit dans les données : écrivez du Markdown "
                    "(pour un signe < isolé, laissez une espace après)")
    targets = [(m.group(1) == "!", m.group(2)) for m in LINK_TARGET.finditer(text)]
    targets += [(False, m.group(1)) for m in REFERENCE_DEFINITION.finditer(text)]
    for image, target in targets:
        clean = CONTROL.sub("", html.unescape(target))
        if not (SCHEME.match(clean) or clean.startswith("//")):
            continue
        if image:
            return f"image chargée depuis « {target[:40]} » : le site ne charge rien d'un autre site"
        if clean.lower().startswith(("javascript:", "vbscript:", "data:")):
            return f"lien « {clean.split(':', 1)[0].lower()}: » interdit : il exécuterait du code"
        return f"lien vers un autre site « {target[:40]} » interdit : les liens des données restent dans le site"
    return None
