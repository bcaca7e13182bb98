"""« Réparations proposées » in headless Chromium: an invalid example opened in the builder gets
repairs from the engine in the Web Worker; « Appliquer » makes the list valid (the report and the
builder follow the text view), « Annuler la réparation » brings the invalid list back.

The repaired list expected here is derived from the example file by this test (the field the
example's comment says to remove), never read from the page. No request may leave 127.0.0.1, no
dialog open, no JavaScript error.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.browser_support import Onglet, attendre_moteur

ROOT = Path(__file__).resolve().parent.parent
OUTIL = "[data-compendium-outil=verifier]"
PANNEAU = "[data-role=reparations]"


def ouvrir_exemple(page: object, site_url: str, jeu: str, fichier: str) -> str:
    """The tool page of `jeu` with one example list chosen; returns the example's text."""
    page.goto(site_url + f"{jeu}/verifier/")
    attendre_moteur(page)
    valeurs = page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value).filter(Boolean)")
    valeur = next(v for v in valeurs if v.endswith(fichier))
    page.select_option("#cpd-exemple", valeur)
    texte = (ROOT / "data" / jeu / "listes" / fichier).read_text(encoding="utf-8")
    page.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=texte)
    return texte


def photo(page: object, chemin: Path) -> None:
    """The panel as a player sees it (a clip of the viewport: long pages make element shots stall)."""
    page.add_style_tag(content=".md-header { position: static !important; }")  # no bar over the picture
    page.set_viewport_size({"width": 1000, "height": 1400})
    page.evaluate("(s) => document.querySelector(s).scrollIntoView({block: 'start'})", PANNEAU)
    boite = page.evaluate("(s) => { const b = document.querySelector(s).getBoundingClientRect();"
                          " return {x: b.left, y: b.top, width: b.width, height: Math.min(b.height, 1400 - b.top)}; }",
                          PANNEAU)
    page.screenshot(path=str(chemin), clip=boite)


def attendre_verdict(page: object, etat: str) -> None:
    page.wait_for_function("([s, e]) => document.querySelector(s).dataset.etat === e", arg=[OUTIL, etat],
                           timeout=30_000)


def attendre_reparations(page: object) -> int:
    """Ask for the repairs with « Réparer » in the builder's summary bar (unless open) and wait for them."""
    if page.locator(PANNEAU).is_hidden():
        page.click("[data-role=ouvrir-reparations]")
    page.wait_for_function("(s) => document.querySelector(s) && document.querySelector(s).dataset.etat === 'pret'",
                           arg=PANNEAU, timeout=60_000)
    return page.locator("li[data-role=reparation]").count()


def test_appliquer_puis_annuler(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    """Bataille d6, « Objet magique réservé aux Héros »: the first repair drops the troop's item."""
    page = onglet.page
    fichier = "06-objet-sur-troupe.yaml"
    texte = ouvrir_exemple(page, site_url, "bataille-d6", fichier)
    attendre_verdict(page, "invalide")
    assert 1 <= attendre_reparations(page) <= 5
    premiere = page.locator("li[data-role=reparation]").first
    assert "Retirer Objet magique" in premiere.inner_text()
    assert premiere.locator(".cpd-reparation-corrige [data-code=D6_OBJET_HORS_HEROS]").count() == 1
    assert "Coût :" in premiere.inner_text()
    photo(page, output_dir / "reparations-bataille-d6.png")

    attendue = yaml.safe_load(texte)
    del attendue["entrees"][0]["objet"]
    premiere.locator("[data-role=appliquer]").click()
    attendre_verdict(page, "valide")
    assert yaml.safe_load(page.input_value("#cpd-liste")) == attendue
    assert page.locator("[data-role=etat]").inner_text().startswith("Liste valide")
    page.wait_for_function("() => document.querySelector('[data-role=composer-total]').dataset.etat === 'valide'")
    assert page.locator("li[data-role=entree]").count() == len(attendue["entrees"])
    assert page.locator("[data-role=reparations-etat]").inner_text() == "La liste est maintenant valide."

    page.click("[data-role=reparation-annuler]")
    attendre_verdict(page, "invalide")
    assert page.input_value("#cpd-liste") == texte
    assert attendre_reparations(page) >= 1


@pytest.mark.parametrize(("jeu", "fichier"), [("hami", "16-invalide-sort-en-double.yaml"),
                                              ("hate", "22-invalide-four-trop-grand.yaml")])
def test_reparation_rend_valide(onglet: Onglet, site_url: str, output_dir: Path, jeu: str, fichier: str) -> None:
    """Other games: each suggestion shown names the error it clears; the first one makes the list valid."""
    page = onglet.page
    ouvrir_exemple(page, site_url, jeu, fichier)
    attendre_verdict(page, "invalide")
    n = attendre_reparations(page)
    assert 1 <= n <= 5
    erreurs = set(page.locator("[data-role=erreurs] li").evaluate_all("ls => ls.map(l => l.dataset.code)"))
    for k in range(n):
        corrige = page.locator("li[data-role=reparation]").nth(k).locator(".cpd-reparation-corrige li").first
        assert corrige.get_attribute("data-code") in erreurs and corrige.inner_text().strip()
    photo(page, output_dir / f"reparations-{jeu}.png")
    page.locator("li[data-role=reparation]").first.locator("[data-role=appliquer]").click()
    attendre_verdict(page, "valide")
    assert page.locator("[data-role=etat]").inner_text().startswith("Liste valide")


def test_annuler_du_composeur_defait_une_reparation(onglet: Onglet, site_url: str) -> None:
    """The builder's « Annuler » undoes a repair too (a change that came through the text view)."""
    page = onglet.page
    texte = ouvrir_exemple(page, site_url, "bataille-d6", "06-objet-sur-troupe.yaml")
    attendre_verdict(page, "invalide")
    attendre_reparations(page)
    page.locator("li[data-role=reparation]").first.locator("[data-role=appliquer]").click()
    attendre_verdict(page, "valide")
    page.wait_for_function("() => !document.querySelector('[data-role=annuler]').disabled")
    page.click("[data-role=annuler]")
    attendre_verdict(page, "invalide")
    assert yaml.safe_load(page.input_value("#cpd-liste")) == yaml.safe_load(texte)
