"""Render stage: snapshots of the generated Markdown of the invented test game.

Set UPDATE_SNAPSHOTS=1 to rewrite them after a deliberate change, then review the diff.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator import render
from generator.model import load_site

SNAPSHOTS = Path(__file__).parent / "snapshots"
PAGES = ["jeu-test/regles.md", "jeu-test/glossaire.md", "jeu-test/index.md", "interpretations.md", "donnees-a-completer.md"]


@pytest.mark.parametrize("uri", PAGES)
def test_page_matches_snapshot(game_root: Path, uri: str) -> None:
    pages = render.render_site(load_site(game_root))
    snapshot = SNAPSHOTS / uri.replace("/", "__")
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        snapshot.write_text(pages[uri], encoding="utf-8")
    assert pages[uri] == snapshot.read_text(encoding="utf-8")


def test_rule_page_shows_anchors_sources_and_bookkeeping(game_root: Path) -> None:
    page = render.render_site(load_site(game_root))["jeu-test/regles.md"]
    assert "## Combat { #combat }" in page
    assert "### Bouclier { #bouclier }" in page
    assert "Source : « Test » (texte source, l. 1)" in page
    assert '<span id="interpretation-combat"></span>' in page
    assert '!!! warning "Donnée manquante"' in page
    assert "| 4-6 | [Combat](regles.md#combat" in page and "a \\| b" in page


def test_dump_writes_the_same_pages(game_root: Path, tmp_path: Path) -> None:
    from generator.__main__ import main

    assert main(["--racine", str(game_root), "dump", str(tmp_path / "out")]) == 0
    pages = render.render_site(load_site(game_root))
    for uri, text in pages.items():
        assert (tmp_path / "out" / uri).read_text(encoding="utf-8") == text


def test_table_columns_show_labels_of_identifiers() -> None:
    """A column with `libelles` shows the book's names; the rows keep the ids the engine and lists use."""
    import yaml

    from generator import print_sheets

    from .conftest import ROOT

    site = load_site(ROOT)
    game = site.game("kharn-ages")
    table = game.entries["munitions"]
    labels = {c["id"]: c.get("libelles", {}) for c in table.data["colonnes"]}
    raw = yaml.safe_load((ROOT / "data" / "kharn-ages" / "tables.yaml").read_text("utf-8"))
    rows = next(t for t in raw["tables"] if t["id"] == "munitions")["lignes"]
    assert all(r["projectile"] in labels["projectile"] and r["type"] in labels["type"] for r in rows)
    page = render.render_site(site)[game.uri("equipement")]
    view = print_sheets.table_view(game, table)
    for row, cells in zip(rows, view["lignes"], strict=True):
        shown = [labels["projectile"][row["projectile"]], labels["type"][row["type"]],
                 str(row["quantite_5_ko"]), str(row["quantite_15_ko"])]
        assert f"| {' | '.join(shown)} |" in page
        assert cells == [print_sheets.esc(s) for s in shown]
