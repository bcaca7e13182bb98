"""Model stage: validated data files become games, pages and entries with their URLs (it checks nothing)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine_data import raw_data
from .load import DataFile, LoadedData
from .urls import entry_uri, page_url
from .validate import entries_of

# Reading order of entry kinds on a page when no `ordre` is given.
KIND_ORDER = ["sections", "tables", "profils", "capacites", "equipements", "sorts", "objets",
              "objectifs", "evenements", "scenarios", "campagnes", "calculs", "scores", "mots_cles", "faq"]
KIND_LABELS = {
    "sections": "Règle", "mots_cles": "Mot-clé", "tables": "Tableau", "objets": "Objet", "sorts": "Sort",
    "capacites": "Capacité", "objectifs": "Objectif", "equipements": "Équipement", "evenements": "Événement",
    "scenarios": "Scénario", "campagnes": "Campagne", "profils": "Profil", "faq": "Question",
    "calculs": "Calcul", "regles_liste": "Règle de liste", "scores": "Score ou aide de partie",
}


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


def _sort_key(entry: Entry, index: int) -> tuple[int, int]:
    rank = KIND_ORDER.index(entry.kind) if entry.kind in KIND_ORDER else len(KIND_ORDER)
    return (entry.data.get("ordre", 10_000 + rank * 1_000), index)


def build_game(game_id: str, files: list[DataFile]) -> Game:
    """Assemble a validated game from its data files."""
    manifest_file = next(f for f in files if f.path.endswith("/jeu.yaml"))
    manifest = manifest_file.value["jeu"]
    raw = raw_data(files)  # the data as the engine's bundle holds it (generator/engine_data.py)
    entries: dict[str, Entry] = {}
    for located in entries_of(files):
        line, _ = located.file.position(located.parts)
        entry = Entry(located.kind, located.value, located.file.path, line)
        entry.src_uri = entry_uri(game_id, located.kind, located.value)
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


def build_site(data: LoadedData) -> Site:
    """Model stage: every game of validated data (`checks.check_site` found no problem)."""
    return Site([build_game(game_id, files) for game_id, (files, _) in data.games.items()])
