"""Where each page and entry of the site is: source URIs, URL paths and relative links.

Shared by the stages: the engine bundle's anchors (validate and export), the model, links and render.
"""
from __future__ import annotations

import posixpath
from typing import Any

GLOSSARY = "glossaire"
ENTRY_INDEX = "index-des-entrees"  # one game's entries, alphabetically (the general index links to each)
CHECKER = "verifier"
CATALOGUE_PAGE = "catalogue"  # the profile catalogue's format, for a game with a catalogue schema


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


def entry_uri(game_id: str, kind: str, data: dict[str, Any]) -> str:
    """Source URI of the page where an entry is defined: its `page`, the checker for a list rule, else the glossary."""
    if data.get("page"):
        return f"{game_id}/{data['page']}.md"
    if kind == "regles_liste":
        return f"{game_id}/{CHECKER}.md"
    return f"{game_id}/{GLOSSARY}.md"
