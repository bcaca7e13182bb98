"""Search stage: Material's one search index becomes one index per game, loaded on the first search.

Run in the plugin's post-build hook, after Material's search plugin has written
``search/search_index.json`` and before the offline stage lists the files. It writes:

* ``search/jeux/<jeu>.json``: the documents (pages and sections) of one game, ``{"docs": [...]}``;
* ``search/commun.json``: the documents of the pages outside every game (home, « À propos »…);
* ``search/apercu.json``: every game's documents in short (title and the first words of the
  text, without markup): what a first search from a page outside every game reads, so that it
  stays small however many games the site holds;
* ``search/jeux.json``: the small index of game names: for each game its id, its name (the label
  of its results) and its file, plus the common file;
* ``search/search_index.json`` again, with Material's configuration and no document: Material's
  page script fetches it on every page load, so it must stay small.

The search worker (``compendium/recherche.js``) reads the small index on the first search, then
only the index of the game whose page is open (outside every game: the overview); the other
games' full indexes are fetched when the player widens the search to « tous les jeux » (outside
every game: « texte intégral »). Generated index pages never reach the index: their
templates exclude themselves (front matter ``search: exclude``) or their entry sections
(``data-search-exclude``).
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

FOLDER = "search"
MATERIAL_INDEX = "search_index.json"
GAMES_INDEX = "jeux.json"
GAMES_FOLDER = "jeux"
COMMON_INDEX = "commun.json"
COMMON_LABEL = "Compendium"
OVERVIEW_INDEX = "apercu.json"
OVERVIEW_ID = "apercu"
OVERVIEW_CHARS = 120  # of text kept per document in the overview
_TAG = re.compile(r"<[^>]+>")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class SearchScope:
    """One index file written by the stage: a game's, or the pages outside every game."""

    id: str | None  # the game id; None for the common pages
    nom: str
    path: str  # relative to ``search/``
    docs: int
    size: int


def scope_of(location: str, game_ids: set[str]) -> str | None:
    """The game a search document belongs to, by its location (``hate/combat/#charge``).

    Returns:
        The game id, or None for a page outside every game.

    """
    first = location.split("#", 1)[0].split("/", 1)
    return first[0] if len(first) == 2 and first[0] in game_ids else None


def overview_of(doc: dict) -> dict:
    """A document in short, for the overview: its title and the first words of its text.

    The text loses its markup (a cut must never fall inside a tag) and is cut on a space, with
    « … » when something was left out.
    """
    text = _SPACES.sub(" ", html.unescape(_TAG.sub(" ", str(doc.get("text", ""))))).strip()
    if len(text) > OVERVIEW_CHARS:
        text = text[:OVERVIEW_CHARS].rsplit(" ", 1)[0] + " …"
    return {"location": doc["location"], "title": doc["title"], "text": html.escape(text, quote=False)}


def _write(path: Path, data: object) -> int:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return len(text.encode("utf-8"))


def split_search_index(site_dir: Path, games: list[tuple[str, str]]) -> list[SearchScope]:
    """Split the built site's search index by game and write the small index of game names.

    Args:
        site_dir: the built site, with Material's ``search/search_index.json``.
        games: (id, name) of every game, in the site's order.

    Returns:
        The files written: the games, then the common pages, then the overview; empty when
        the site has no search index (search plugin disabled).

    Raises:
        ValueError: the index is not Material's (no ``config`` or no ``docs``).

    """
    folder = site_dir / FOLDER
    source = folder / MATERIAL_INDEX
    if not source.is_file():
        return []
    index = json.loads(source.read_text("utf-8"))
    if not isinstance(index, dict) or not isinstance(index.get("config"), dict) \
            or not isinstance(index.get("docs"), list):
        raise ValueError(f"{source} : index de recherche de Material illisible (config et docs attendus)")
    ids = {game_id for game_id, _ in games}
    by_scope: dict[str | None, list[dict]] = {game_id: [] for game_id, _ in games}
    by_scope[None] = []
    for doc in index["docs"]:  # page order is kept: a page's article comes before its sections
        by_scope[scope_of(doc["location"], ids)].append(doc)
    written: list[SearchScope] = []
    for game_id, nom in [*games, (None, COMMON_LABEL)]:
        path = f"{GAMES_FOLDER}/{game_id}.json" if game_id else COMMON_INDEX
        docs = by_scope[game_id]
        written.append(SearchScope(game_id, nom, path, len(docs), _write(folder / path, {"docs": docs})))
    overview = [overview_of(doc) for game_id, _ in games for doc in by_scope[game_id]]
    written.append(SearchScope(OVERVIEW_ID, COMMON_LABEL, OVERVIEW_INDEX, len(overview),
                               _write(folder / OVERVIEW_INDEX, {"docs": overview})))
    _write(folder / GAMES_INDEX, {
        "jeux": [{"id": s.id, "nom": s.nom, "index": s.path, "documents": s.docs} for s in written[:len(games)]],
        "commun": {"nom": COMMON_LABEL, "index": COMMON_INDEX, "documents": written[len(games)].docs},
        "apercu": {"index": OVERVIEW_INDEX, "documents": len(overview)},
    })
    _write(source, {"config": index["config"], "docs": []})
    return written
