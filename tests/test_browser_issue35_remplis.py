"""Issue 35, items 2 and 3: what the rules filled survives a reload and a move; an untouched list is not kept.

In Chromium at 390 × 844, on « Composer et vérifier » (one tab for the module, its storage
cleared before each test):

* a new Hate list (the rules give it its tribe) is not put among the saved lists, not even after a
  reload, which still shows it calm (« À choisir », no error);
* a Tamashii setup the player changed is saved; after a reload its Marché des Corps still follows
  the player count, except once the player changed it;
* moved down, a player's entry keeps its rule-filled Sac, which still follows its Données
  Essentielles.

Expected values come from the game data (data/<jeu>/regles-liste.yaml, the list schemas).
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.composer_support import attendre_liste, attendre_rapport, liste_texte, onglet_telephone, ouvrir

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
A_CHOISIR = "[data-role=a-choisir]"
ERREURS = "[data-role=composer] li.cpd-violation--erreur"


def regle(jeu: str, ident: str) -> dict:
    regles = yaml.safe_load((DATA / jeu / "regles-liste.yaml").read_text(encoding="utf-8"))["regles_liste"]
    return next(r for r in regles if r["id"] == ident)


def borne(ident: str, joueurs: int) -> int:
    """A Tamashii rule's exact bound, an arithmetic expression of `format` (« format + 1 »)."""
    expression = str(regle("tamashii", ident)["borne"]["exact"])
    assert set(expression) <= set("format0123456789+* ")
    return int(eval(expression, {"__builtins__": {}}, {"format": joueurs}))  # noqa: S307 - checked above


@pytest.fixture(scope="module")
def onglet(navigateur: object) -> Iterator[object]:
    yield from onglet_telephone(navigateur)


@pytest.fixture
def page(onglet: object, site_url: str) -> object:
    """The module's tab, its storage empty: each test starts as a first visit."""
    onglet.goto(site_url + "a-propos/")  # type: ignore[attr-defined]
    onglet.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")  # type: ignore[attr-defined]
    return onglet




def gardees(page: object, jeu: str) -> list[dict]:
    brut = page.evaluate("(c) => localStorage.getItem(c)", f"compendium.listes.{jeu}")
    return json.loads(brut)["listes"] if brut else []


def recharger(page: object) -> None:
    """Reload the page, wait for the engine's report, and open the list's settings (folded for a list with entries)."""
    page.reload()
    ouvrir(page, page.url)
    attendre_rapport(page)
    page.eval_on_selector("details[data-role=enveloppe]", "(d) => { d.open = true; }")


def test_hate_liste_intacte_pas_gardee_meme_apres_rechargement(page: object, site_url: str) -> None:
    ouvrir(page, site_url + "hate/verifier/")
    attendre_liste(page, "return (t.match(/^- type:/gm) || []).length > 0")  # the tribe the rules give
    attendre_rapport(page)
    texte = page.input_value("#cpd-liste")
    assert gardees(page, "hate") == []
    # Reloaded once its last report is saved (composer-reprise.js): the builder starts from it.
    page.wait_for_function("() => localStorage.getItem('compendium.rapport.hate') !== null")
    recharger(page)
    assert page.input_value("#cpd-liste") == texte
    page.wait_for_selector(A_CHOISIR)
    assert page.locator(ERREURS).count() == 0, "still calm after a reload"
    assert gardees(page, "hate") == []
    # The player's first change (the list's name): the list is kept.
    page.fill("#cpd-c-nom", "Ma tribu")
    page.press("#cpd-c-nom", "Tab")
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('compendium.listes.hate') || '{}').listes || []).length === 1")
    assert [g["nom"] for g in gardees(page, "hate")] == ["Ma tribu"]


def test_tamashii_le_marche_suit_les_joueurs_apres_un_rechargement(page: object, site_url: str) -> None:
    ouvrir(page, site_url + "tamashii/verifier/")
    attendre_liste(page, "return /sac:/.test(t)")
    attendre_rapport(page)
    assert gardees(page, "tamashii") == []
    page.select_option("#cpd-c-options-mode", json.dumps("cooperatif"))
    page.select_option("#cpd-c-options-scenario", json.dumps("geo-chasse"))
    attendre_liste(page, "return t.includes('marche_des_corps: ' + a)", borne("marche-des-corps-de-depart", 1))
    attendre_rapport(page)
    assert len(gardees(page, "tamashii")) == 1, "changed by the player: kept"

    recharger(page)
    page.click("#cpd-c-format-plus")
    attendre_liste(page, "return t.includes('marche_des_corps: ' + a)", borne("marche-des-corps-de-depart", 2))
    attendre_liste(page, "return (t.match(/sac:/g) || []).length === 2")
    attendre_rapport(page)

    # The player's own Marché stays theirs across a reload; the Réserve still follows.
    mien = borne("marche-des-corps-de-depart", 2) + 1
    page.click("#cpd-c-options-marche_des_corps-plus")
    attendre_liste(page, "return t.includes('marche_des_corps: ' + a)", mien)
    attendre_rapport(page)
    recharger(page)
    page.click("#cpd-c-format-plus")
    attendre_liste(page, "return t.includes('reserve_corrompues: ' + a)", borne("reserve-corrompues-geo-chasse", 3))
    attendre_rapport(page)
    assert liste_texte(page)["options"]["marche_des_corps"] == mien
    assert [g["texte"] for g in gardees(page, "tamashii")] == [page.input_value("#cpd-liste")]


def test_tamashii_un_joueur_deplace_garde_son_sac_rempli(page: object, site_url: str) -> None:
    ouvrir(page, site_url + "tamashii/verifier/")
    attendre_liste(page, "return /sac:/.test(t)")
    page.select_option("#cpd-c-options-mode", json.dumps("cooperatif"))
    page.click("#cpd-c-format-plus")
    attendre_liste(page, "return (t.match(/sac:/g) || []).length === 2")
    attendre_rapport(page)
    avant = liste_texte(page)["entrees"]
    assert avant[0]["sac"] == avant[1]["sac"] and len(set(avant[0]["sac"].values())) == 1  # even, before a choice
    ligne = "li[data-role=entree][data-index='0']"
    if page.get_attribute(f"{ligne} [data-action=ouvrir]", "aria-expanded") != "true":
        page.click(f"{ligne} [data-action=ouvrir]")
    page.click("#cpd-entree-0-descendre")
    attendre_rapport(page)
    # The moved player (now second) chooses its Données Essentielles: its Sac, still the rules', follows.
    if page.get_attribute("li[data-role=entree][data-index='1'] [data-action=ouvrir]", "aria-expanded") != "true":
        page.click("li[data-role=entree][data-index='1'] [data-action=ouvrir]")
    choix = page.eval_on_selector_all("#cpd-c-entrees-1-donnees_essentielles option", "os => os.map((o) => o.value).filter(Boolean)")
    type_choisi = choix[0] if not choix[0].startswith('"') else json.loads(choix[0])
    page.select_option("#cpd-c-entrees-1-donnees_essentielles", choix[0])
    # Step 4a, as the book's example gives it: its Données Essentielles count one more than the other types.
    exemple = yaml.safe_load((DATA / "tamashii" / "listes" / "02-geo-chasse-a-trois.yaml").read_text(encoding="utf-8"))["entrees"][0]
    attendu = exemple["sac"][exemple["donnees_essentielles"]]
    assert attendu == avant[1]["sac"][type_choisi] + 1
    page.wait_for_function(
        "(a) => document.querySelector('#cpd-liste').value.split(/^- /m).length === 3"
        " && document.querySelector('#cpd-liste').value.split(/^- /m)[2].includes(a)",
        arg=f"{type_choisi}: {attendu}", timeout=60_000)
    attendre_rapport(page)
    joueur = liste_texte(page)["entrees"][1]
    assert joueur["donnees_essentielles"] == type_choisi
    assert joueur["sac"][type_choisi] == attendu, joueur
