"""Render stage: snapshots of the generated Markdown of the invented test game.

Set UPDATE_SNAPSHOTS=1 to rewrite them after a deliberate change, then review the diff.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from generator import render
from generator.plugin import load_site

SNAPSHOTS = Path(__file__).parent / "snapshots"
PAGES = ["jeu-test/regles.md", "jeu-test/glossaire.md", "jeu-test/index.md", "jeu-test/index-des-entrees.md",
         "index-general.md", "interpretations.md", "donnees-a-completer.md"]


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
    assert "Source : « Test »</small>" in page
    assert '<span id="interpretation-combat"></span>' in page
    assert '!!! warning "Donnée manquante"' in page
    assert "| 4-6 | [Combat](regles.md#combat" in page and "a \\| b" in page


def test_dump_of_a_root_without_mkdocs_config_is_refused(game_root: Path, tmp_path: Path, capsys) -> None:
    """The dump needs the project's `mkdocs.yml` (tests/test_issue38_dump.py builds a real dump)."""
    from generator.__main__ import main

    assert main(["--racine", str(game_root), "dump", str(tmp_path / "out")]) == 2
    assert "n'a pas de mkdocs.yml" in capsys.readouterr().err
    assert not (tmp_path / "out" / "docs").exists()


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


def test_sources_name_the_section_and_page_never_a_text_line(game_root: Path) -> None:
    site = load_site(game_root)
    game = site.games[0]
    game.entries["bouclier"].data["source"]["page"] = 12
    page = render.render_site(site)["jeu-test/regles.md"]
    sources = re.findall(r'<small class="cp-source">(.*?)</small>', page)
    assert sources, page
    assert "Règle · Source : « Test », p. 12" in sources
    for source in sources:
        assert "texte source" not in source and not re.search(r"\bl\. ?\d", source), source


def test_game_home_shows_no_internal_counts(game_root: Path) -> None:
    site = load_site(game_root)
    home = render.render_site(site)["jeu-test/index.md"]
    labels = {e.label for e in site.games[0].entries.values()}
    for label in labels:
        assert not re.search(rf"\*\*{re.escape(label)} :\*\* \d", home), label


@pytest.mark.parametrize(("count", "plural", "expected"), [
    (0, "points", "point"), (1, "points", "point"), (1.5, "points", "point"), ("1", "points", "point"),
    ("1,5", "tours", "tour"), (2, "points", "points"), (-1, "points", "point"), (12, "Kouronnes", "Kouronnes"),
    (1, "Kouronnes", "Kouronne"), (1, "jetons Sauvagerie", "jeton Sauvagerie"), (1, "Sorciers", "Sorcier"),
    (1, "Héros", "Héros"), (1, "fois", "fois"), (1, "Ko", "Ko"), (1, "niveaux", "niveau"),
    ("variable", "points", "points"), (True, "points", "points"), (None, "points", "points"),
])
def test_accord_puts_the_noun_in_the_singular_below_two(count: object, plural: str, expected: str) -> None:
    assert render.accord(count, plural) == expected


def test_costs_and_durations_agree_on_rule_pages(game_root: Path) -> None:
    site = load_site(game_root)
    game = site.games[0]
    game.manifest["unite_cout"] = "points"
    game.entries["bouclier"].data.update(cout=1, duree=1)
    game.entries["combat"].data.update(cout=3, duree=2)
    page = render.render_site(site)["jeu-test/regles.md"]
    assert "- **Coût :** 1 point\n" in page and "- **Durée :** 1 tour\n" in page
    assert "- **Coût :** 3 points\n" in page and "- **Durée :** 2 tours\n" in page


def test_home_page_links_each_game_rules_and_declared_tools(game_root: Path) -> None:
    site = load_site(game_root)
    game = site.games[0]
    for tools, expected in [
        ([], ["[Règles](jeu-test/index.md)"]),
        (["verifier"], ["[Règles](jeu-test/index.md)", "[Composer et vérifier](jeu-test/verifier.md)"]),
        (["verifier", "probas"], ["[Règles](jeu-test/index.md)", "[Composer et vérifier](jeu-test/verifier.md)",
                                  "[Probabilités](jeu-test/probas.md)"]),
        (["imprimer"], ["[Règles](jeu-test/index.md)", "[À imprimer](jeu-test/imprimer.md)"]),
    ]:
        game.manifest["outils"] = tools
        cards = render.games_table(site, "index.md").splitlines()
        title = cards.index("-   **[Jeu de test (inventé)](jeu-test/index.md)**")
        assert cards[title + 6].strip().replace("\u00a0", " ") == " · ".join(expected), (tools, cards)


def test_game_home_opens_with_a_button_per_tool_page(game_root: Path) -> None:
    """Issue 34: the tools' buttons under the summary, before the rules; the resume script only with « Jouer »."""
    site = load_site(game_root)
    game = site.games[0]
    game.manifest["outils"] = ["probas", "verifier"]
    home = render.render_site(site)["jeu-test/index.md"]
    boutons = re.findall(r"^\[([^\]]+)\]\(([^)]+)\)\{ \.md-button data-outil=\"(\w+)\" \}$", home, re.M)
    assert boutons == [("Composer et vérifier", "verifier.md", "verifier"), ("Probabilités", "probas.md", "probas")]
    assert home.index("*Jeu inventé pour les tests du générateur.*") < home.index('data-role="outils-jeu"')
    assert home.index("</nav>") < home.index("## Règles")
    assert "accueil-jeu.js" not in home
    game.manifest["outils"] = ["jouer"]
    home = render.render_site(site)["jeu-test/index.md"]
    assert '[Jouer](jouer.md){ .md-button data-outil="jouer" }' in home
    assert '<script src="../assets/javascripts/compendium/accueil-jeu.js"></script>' in home
    game.manifest["outils"] = []
    assert "outils-jeu" not in render.render_site(site)["jeu-test/index.md"]
