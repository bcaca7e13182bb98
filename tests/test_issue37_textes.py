"""Issue 37, items 9 to 12: the site's text without leftover markup, link titles that read, readings marked.

The built site is read as a player would: its HTML, outside code, never shows « [[ ».
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from generator.links import explicit_links, leftover_markup, title_problem
from generator.plugin import load_site, site_pages, with_explicit_links
from generator.problems import DataError
from tests.engine_support import ROOT

CODE = re.compile(r"<(code|pre|script|style)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
SEEDS = Path("/work/shared/seeds")


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """The generated Markdown pages of the project."""
    return site_pages(load_site(ROOT), ROOT)


def visible(page: Path) -> str:
    """A built page's text outside code, tags removed."""
    return html.unescape(re.sub(r"<[^>]+>", " ", CODE.sub(" ", page.read_text(encoding="utf-8"))))


# --- item 9: [[id]] is rendered in every text field, and never left on a page -------------------------

@pytest.mark.parametrize(("uri", "target"), [
    ("kharn-ages/mouvement.md", "chutes"), ("kharn-ages/equipement.md", "perce-armure"),
    ("kharn-ages/equipement.md", "poison"), ("hami/tour-de-jeu.md", "brume"),
    ("hami/module-predateurs.md", "appel-de-la-foret"), ("interpretations.md", "brume"),
])
def test_item9_lecture_retenue_links_are_rendered(pages, uri, target):
    assert f"[[{target}]]" not in pages[uri]
    assert re.search(rf"\]\([^)]*#{re.escape(target)} \"", pages[uri]), f"no link to {target} on {uri}"


def test_item9_no_generated_page_keeps_link_markup(pages):
    left = {uri: found for uri, text in pages.items() if (found := leftover_markup(text))}
    assert left == {}


def test_item9_a_leftover_link_is_refused(pages):
    site = load_site(ROOT)
    with pytest.raises(DataError, match="non rendu"):
        with_explicit_links(site, {"hate/essai.md": "Voir [[pas-une-entree]]."})
    assert leftover_markup("Du code : `[[id]]`\n\n```\n[[id]]\n```\n") is None


def test_item9_the_built_site_shows_no_link_markup(site_dir):
    shown = [str(p.relative_to(site_dir)) for p in site_dir.rglob("*.html") if "[[" in visible(p)]
    assert shown == []


# --- item 10: [[id|texte]] and names that do not read mid-sentence ----------------------------------

def test_item10_a_link_may_carry_its_own_words():
    game = next(g for g in load_site(ROOT).games if g.id == "hate")
    out = explicit_links("On résout alors un [[combat|combat]].", game, "hate/actions.md")
    assert out.startswith("On résout alors un [combat](") and "Le combat" not in out.split("(")[0]


@pytest.mark.parametrize(("before", "name"), [
    ("que son ", "Le niveau"), ("l'aura du ", "Le leader"), ("celui de ", "Un combat"),
    ("jusqu'à 3 ", "Utiliser les cartes Stratège"), ("un ", "Le combat"), ("sur son ", "Le mur de la mort"),
])
def test_item10_names_after_a_determiner_are_refused(before, name):
    assert title_problem(before, name)


@pytest.mark.parametrize(("before", "name"), [
    ("", "Le combat"), ("Fin du tour. ", "Le combat"), ("- ", "Les factions"), ("son ", "Armure"),
    ("un ", "Guerrier"), ("2 ", "Marcher"), ("voir ", "Chambre de torture"),
])
def test_item10_names_that_read_are_accepted(before, name):
    assert title_problem(before, name) is None


@pytest.mark.parametrize("phrase", ["que son Le niveau", "l'aura du Le leader", "celui de Un combat",
                                    "jusqu'à 3 Utiliser les cartes Stratège", "un Le combat",
                                    "son Le mur de la mort", "d'Le combat"])
def test_item10_no_page_reads_a_pasted_title(pages, phrase):
    for uri, text in pages.items():
        plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
        assert phrase not in " ".join(plain.split()), uri


# --- item 11: readings stated as rules are marked as readings ----------------------------------------

def _entry(game: str, entry_id: str) -> dict:
    for path in (ROOT / "data" / game).glob("*.yaml"):
        for values in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).values():
            for entry in values if isinstance(values, list) else []:
                if isinstance(entry, dict) and entry.get("id") == entry_id:
                    return entry
    raise AssertionError(entry_id)


def test_item11_objects_and_spells_timing_and_cost_are_a_reading():
    book = (SEEDS / "004_d04720b5eecb287e.txt").read_text(encoding="utf-8").splitlines()
    assert "déterminé aléatoirement" in book[32] and "composer" not in book[32]  # l. 33: only « at random »
    objets = _entry("bataille-d6", "regles-des-objets")
    assert "ligne 33" in objets["interpretation"]["question"]
    assert "composer l'armée" not in objets["texte"] and "aucun point" not in objets["texte"]
    assert "composer l'armée" not in _entry("bataille-d6", "regles-des-sorts")["texte"]


def test_item11_the_second_target_territory_is_a_reading():
    entree = _entry("hate", "scenarios-4-joueurs")
    assert "1420-1428" in entree["interpretation"]["question"]
    assert "toucher le premier" not in entree["texte"]


# --- item 12: page citations the book's index supports -----------------------------------------------

def test_item12_hate_village_is_cited_on_the_index_page():
    book = (SEEDS / "002_00c9c544d4fe4dce.txt").read_text(encoding="utf-8")
    for building in ("Hall des héros", "Chambre de torture", "Chambre de mutilation", "Hutte du shaman", "Village"):
        assert re.search(rf"^{building}[….\s]+24\s*$", book, re.MULTILINE | re.IGNORECASE), building
    cited = re.findall(r'section: "Le village[^"]*", page: (\d+)',
                       "".join(p.read_text(encoding="utf-8") for p in (ROOT / "data" / "hate").glob("*.yaml")))
    assert cited and set(cited) == {"24"}
    assert "p. 24" in (ROOT / "data" / "hate" / "sommaire.yaml").read_text(encoding="utf-8")


def test_item12_tamashii_victory_points_one_page_and_the_reading_recorded():
    cited = re.findall(r'section: "Compter les Points de Victoire", page: (\d+)',
                       "".join(p.read_text(encoding="utf-8") for p in (ROOT / "data" / "tamashii").glob("*.yaml")))
    assert len(cited) >= 2 and len(set(cited)) == 1
    sommaire = yaml.safe_load((ROOT / "data" / "tamashii" / "sommaire.yaml").read_text(encoding="utf-8"))
    entree = next(e for e in sommaire["sommaire"]["entrees"] if e["titre"].startswith("Générateur de Scénario"))
    assert "page suivante" in entree["note"] and f"p. {cited[0]}" in entree["note"] and "p. 21" in entree["note"]
