"""Model stage: validated data files become games, pages and entries with their URLs."""
from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import coherence, engine_checks, partie_checks
from .load import DataFile, folder_problems, game_ids, load_game
from .problems import DataError
from .validate import entries_of, load_schemas, validate_game

# Reading order of entry kinds on a page when no `ordre` is given.
KIND_ORDER = ["sections", "tables", "profils", "capacites", "equipements", "sorts", "objets",
              "objectifs", "evenements", "scenarios", "campagnes", "calculs", "scores", "mots_cles", "faq"]
KIND_LABELS = {
    "sections": "Règle", "mots_cles": "Mot-clé", "tables": "Tableau", "objets": "Objet", "sorts": "Sort",
    "capacites": "Capacité", "objectifs": "Objectif", "equipements": "Équipement", "evenements": "Événement",
    "scenarios": "Scénario", "campagnes": "Campagne", "profils": "Profil", "faq": "Question",
    "calculs": "Calcul", "regles_liste": "Règle de liste", "scores": "Score ou aide de partie",
}
GLOSSARY = "glossaire"
CHECKER = "verifier"


@dataclass
class Entry:
    """One rule element of a game, with where it is defined and where it is shown."""

    kind: str
    data: dict[str, Any]
    file: str
    line: int
    src_uri: str = ""

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def nom(self) -> str:
        return self.data["nom"]

    @property
    def resume(self) -> str:
        return self.data["resume"]

    @property
    def forms(self) -> list[str]:
        """Inflected forms that link to this entry's definition."""
        return list(self.data.get("formes", []))

    @property
    def label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind)


@dataclass
class Page:
    """A generated rule page of a game."""

    id: str
    titre: str
    resume: str
    intro: str
    src_uri: str
    entries: list[Entry] = field(default_factory=list)


@dataclass
class Game:
    """A validated game: its manifest, pages and entries."""

    id: str
    manifest: dict[str, Any]
    pages: list[Page]
    entries: dict[str, Entry]
    raw: dict[str, Any]

    @property
    def nom(self) -> str:
        return self.manifest["nom"]

    def uri(self, page: str) -> str:
        """Source URI of one of the game's pages (`hami/tour.md`)."""
        return f"{self.id}/{page}.md"

    def terms(self) -> list[Entry]:
        """Entries that mentions link to: keywords and every entry with forms."""
        return [e for e in self.entries.values() if e.forms]

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == kind]

    def url(self, entry_id: str) -> str:
        """URL path of an entry's anchor from the site root (`hami/tour/#cogner`)."""
        entry = self.entries[entry_id]
        return page_url(entry.src_uri) + "#" + entry_id


@dataclass
class Site:
    """Every game of the site."""

    games: list[Game]

    def game(self, game_id: str) -> Game:
        return next(g for g in self.games if g.id == game_id)


def page_url(src_uri: str) -> str:
    """URL path of a Markdown page with directory URLs (`hami/tour.md` -> `hami/tour/`)."""
    stem = src_uri[:-3]
    if stem == "index" or stem.endswith("/index"):
        return stem[:-5]
    return stem + "/"


def relative_link(from_uri: str, to_uri: str, anchor: str = "") -> str:
    """Relative Markdown link between two source files, as MkDocs resolves them."""
    link = posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")
    return link + (f"#{anchor}" if anchor else "")


def _entry_uri(game_id: str, kind: str, data: dict[str, Any]) -> str:
    if data.get("page"):
        return f"{game_id}/{data['page']}.md"
    if kind == "regles_liste":
        return f"{game_id}/{CHECKER}.md"
    return f"{game_id}/{GLOSSARY}.md"


def _sort_key(entry: Entry, index: int) -> tuple[int, int]:
    rank = KIND_ORDER.index(entry.kind) if entry.kind in KIND_ORDER else len(KIND_ORDER)
    return (entry.data.get("ordre", 10_000 + rank * 1_000), index)


def build_game(game_id: str, files: list[DataFile]) -> Game:
    """Assemble a validated game from its data files."""
    manifest_file = next(f for f in files if f.path.endswith("/jeu.yaml"))
    manifest = manifest_file.value["jeu"]
    raw: dict[str, Any] = {"jeu": manifest}
    entries: dict[str, Entry] = {}
    for data_file in files:  # the changelog is not made of entries (generator/versions.py)
        if isinstance(data_file.value, dict) and "versions" in data_file.value:
            raw["versions"] = data_file.value["versions"]
        if isinstance(data_file.value, dict) and "partie" in data_file.value:  # play mode (partie_checks.py)
            raw["partie"] = data_file.value["partie"]
    for located in entries_of(files):
        raw.setdefault(located.kind, []).append(located.value)
        line, _ = located.file.position(located.parts)
        entry = Entry(located.kind, located.value, located.file.path, line)
        entry.src_uri = _entry_uri(game_id, located.kind, located.value)
        entries[entry.id] = entry
    pages = [Page(p["id"], p["titre"], p.get("resume", ""), p.get("intro", ""), f"{game_id}/{p['id']}.md")
             for p in manifest["pages"]]
    ordered = sorted(enumerate(entries.values()), key=lambda pair: _sort_key(pair[1], pair[0]))
    by_page = {p.id: p for p in pages}
    for _, entry in ordered:
        page_id = entry.data.get("page")
        if page_id in by_page:
            by_page[page_id].entries.append(entry)
    return Game(game_id, manifest, pages, entries, raw)


def load_site(root: Path, only: list[str] | None = None) -> Site:
    """Load, validate and model every game under `root/data` (or only some of them).

    Raises:
        DataError: every problem of every game, one per line.

    """
    from . import citations, versions  # versions imports this module

    schemas = load_schemas(root / "schemas")
    games: list[Game] = []
    ids = only if only is not None else game_ids(root / "data")
    problems = folder_problems(root / "data", root) if only is None else []
    for game_id in ids:
        try:
            files, load_problems = load_game(root / "data", game_id, root)
            validate_game(game_id, files, schemas, load_problems)
            coherent = coherence.game_problems(files) + partie_checks.game_problems(files)
            if coherent:
                raise DataError(coherent)
            game = build_game(game_id, files)
            problems.extend(engine_checks.game_problems(game, files, root))
            problems.extend(versions.game_problems(game_id, files, root))
            problems.extend(citations.game_problems(files))
            games.append(game)
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return Site(games)
