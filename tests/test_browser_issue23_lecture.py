"""Issue 23, « never lose a list »: the form never writes an older list over the text view, and a
name being typed survives a drawing, in headless Chromium.

1. While the text view holds a list the form has not read yet (here: a saved list, with Pyodide
   held back so the engine cannot answer), the form is read-only and says so. A player who clicks
   « Renommer » and types meanwhile writes nothing over the saved list; once the engine answers,
   the form shows that list.
2. A report that comes while the player types a name (here: the data version stamped on the list,
   as versions.js does for a new list) redraws the settings; the typed text stays in the field and
   leaving the field writes it into the list.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import Onglet, attendre_moteur

ROOT = Path(__file__).resolve().parent.parent
LISTE = (ROOT / "data" / "bataille-d6" / "listes" / "01-gardiens-du-col.yaml").read_text(encoding="utf-8")
CORPS_INERTE = "[data-role=enveloppe]"


def entrees_de(texte: str) -> int:
    """How many entries a list's text holds (its `  - nom:` lines), counted on the text."""
    return sum(1 for ligne in texte.splitlines() if ligne.startswith("  - "))


def attendre_lu(page: object) -> None:
    """Wait until the form has read the text view (its total is no longer « Lecture… » or « calcul… »)."""
    page.wait_for_function(
        "() => { const t = document.querySelector('[data-role=composer-total]');"
        " return t && !['lecture', 'calcul'].includes(t.dataset.etat) && t.dataset.aJour !== 'non'; }",
        timeout=60_000)


def test_le_formulaire_attend_la_liste_qu_il_n_a_pas_lue(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    url = site_url + "bataille-d6/verifier/"
    page.goto(site_url + "bataille-d6/")
    page.evaluate("(t) => localStorage.setItem('compendium.liste.bataille-d6', t)", LISTE)
    retenues: list[object] = []
    onglet.contexte.route("**/pyodide.asm.wasm", lambda route: retenues.append(route))
    page.goto(url)
    page.wait_for_selector("[data-role=composer-total]", timeout=30_000)
    assert page.input_value("#cpd-liste") == LISTE
    total = page.locator("[data-role=composer-total]")
    assert total.inner_text() == "Lecture de la liste…"
    assert total.get_attribute("data-etat") == "lecture"
    # What a click can change is read-only; the summary bar and « Mes listes » are not.
    for selecteur in (CORPS_INERTE, "[data-role=composer-entrees]", "[data-role=ajouter]"):
        assert page.eval_on_selector(selecteur, "(e) => !!e.closest('[inert]')"), selecteur
    assert not page.eval_on_selector("[data-role=barre-resume]", "(e) => !!e.closest('[inert]')")
    assert page.get_attribute("[data-role=barre-resume]", "aria-busy") is not None
    # The player tries to rename the list before it is read, and leaves the field.
    page.click("[data-role=renommer]")
    page.keyboard.type("Écrasée")
    page.keyboard.press("Tab")
    page.wait_for_timeout(500)
    assert page.input_value("#cpd-liste") == LISTE
    for route in retenues:
        route.continue_()
    attendre_moteur(page)
    attendre_lu(page)
    assert page.input_value("#cpd-liste") == LISTE
    assert not page.eval_on_selector(CORPS_INERTE, "(e) => !!e.closest('[inert]')")
    assert page.get_attribute("[data-role=barre-resume]", "aria-busy") is None
    assert page.locator("[data-role=composer-entrees] > li").count() == entrees_de(LISTE)
    assert "Total : " in total.inner_text()


def test_le_texte_tape_pendant_la_lecture_d_un_autre_texte_attend_son_rapport(onglet: Onglet, site_url: str) -> None:
    """Typed in the text view: the form waits for that text's report before a click can change it."""
    page = onglet.page
    page.goto(site_url + "bataille-d6/verifier/")
    attendre_moteur(page)
    page.wait_for_selector("[data-role=composer-total]", timeout=30_000)
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", LISTE)
    # At once, before the typing delay and the check: the form waits.
    assert page.get_attribute("[data-role=composer-total]", "data-etat") == "lecture"
    assert page.eval_on_selector(CORPS_INERTE, "(e) => !!e.closest('[inert]')")
    attendre_lu(page)
    assert page.locator("[data-role=composer-entrees] > li").count() == entrees_de(LISTE)


@pytest.mark.parametrize("largeur", [1280, 390])
def test_un_nom_en_cours_de_saisie_survit_a_un_rapport(onglet: Onglet, site_url: str, largeur: int) -> None:
    page = onglet.page
    page.set_viewport_size({"width": largeur, "height": 900})
    page.goto(site_url + "bataille-d6/verifier/")
    attendre_moteur(page)
    page.wait_for_selector("[data-role=composer-total]", timeout=30_000)
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", LISTE)
    attendre_lu(page)
    reglages = page.locator(CORPS_INERTE)
    if reglages.get_attribute("open") is None:
        reglages.locator("> summary").click()
    page.click("#cpd-c-nom", click_count=3)
    page.keyboard.type("Mon armée")
    # A report redraws the settings while the player types: the data version stamped on the list.
    assert page.evaluate(
        "() => document.querySelector('[data-compendium-outil=verifier]').compendiumComposer.noterVersion('0.0.1-essai')")
    page.wait_for_function("() => document.querySelector('#cpd-liste').value.includes('0.0.1-essai')")
    assert page.input_value("#cpd-c-nom") == "Mon armée"
    assert page.evaluate("() => document.activeElement.id") == "cpd-c-nom"
    assert "nom: Mon armée" not in page.input_value("#cpd-liste")  # not written until the field is left
    page.keyboard.type(" du soir")
    page.keyboard.press("Tab")
    page.wait_for_function("() => document.querySelector('#cpd-liste').value.includes('nom: Mon armée du soir')")
    attendre_lu(page)
    assert page.input_value("#cpd-c-nom") == "Mon armée du soir"
