"""Issue 24, item 21 in headless Chromium: the pile editor of the generic draw, its presets, and the
links from the rules pages that land on a preset already applied.

Every count typed here that the book does not give is INVENTED for the test (the huts' sorts are
printed on the tiles). Expected odds come from the enumeration of tests/test_odds_pioche.py.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir
from tests.test_odds_pioche import expected


def formulaire(page: object, jeu_calcul: str = "pioche") -> object:
    return page.locator(f"form[data-compendium-calcul={jeu_calcul}]")


def issue(zone: object, cle: str) -> Fraction:
    return Fraction(zone.locator(f"tr[data-issue={cle}]").get_attribute("data-fraction"))


def noms_des_sortes(form: object) -> list[str]:
    return form.locator(".cpd-pile-nom").evaluate_all("cs => cs.map(c => c.value)")


def test_issue24_item21_preset_with_book_counts_computes(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + "hate/probas/")
    form = formulaire(page)
    attente = form.locator("[data-role=resultat]")
    assert form.locator(".cpd-pile-nom").count() == 0  # no pile until the player (or a preset) writes one
    form.locator("button[data-preselection=trois-mercenaires]").click()
    page.wait_for_function("(z) => z.dataset.etat === 'resultat' && !z.hasAttribute('aria-busy')",
                           arg=attente.element_handle(), timeout=60_000)
    assert noms_des_sortes(form) == ["Le mercenaire voulu", "Les autres mercenaires"]
    assert issue(attente, "au-moins-une") == Fraction(3, 13)
    form.locator("[data-parametre=pile]").screenshot(path=str(output_dir / "hate-probas-pioche-pile.png"))
    attente.screenshot(path=str(output_dir / "hate-probas-pioche-resultat.png"))


def test_issue24_item21_missing_counts_are_asked_then_typed(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + "hate/probas/")
    form = formulaire(page)
    form.locator("button[data-preselection=sorte-de-hutte]").click()
    message = form.locator("[data-role=attente-paquet]")
    message.wait_for()
    assert "Indiquez le nombre de « Hutte familiale »" in message.inner_text()
    comptes = [4, 2, 2, 2]  # INVENTED split of the 10 hut tiles
    for champ, n in zip(form.locator('[data-champ="nombre"]').all(), comptes, strict=True):
        champ.fill(str(n))
    form.locator('[data-champ="sorties"]').nth(1).fill("1")  # one ambush hut already turned
    zone = calculer(form)
    pile = [{"nom": "Hutte familiale", "nombre": 4}, {"nom": "Hutte d'embuscade", "nombre": 2, "sorties": 1, "voulue": True},
            {"nom": "Hutte d'innocents", "nombre": 2}, {"nom": "Hutte de ravitaillement", "nombre": 2}]
    _, named = expected(pile, 1)
    assert issue(zone, "au-moins-une") == named["au-moins-une"] == Fraction(1, 9)


def test_issue24_item21_rule_page_link_applies_its_preset(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.goto(site_url + "hate/mercenaires/")
    lien = page.locator("a[data-hasard=calcul-pioche]").first
    assert "3 mercenaires piochés" in lien.inner_text()
    lien.click()
    page.wait_for_url("**/hate/probas/#calcul-pioche--trois-mercenaires")
    form = formulaire(page)
    zone = form.locator("[data-role=resultat]")
    page.wait_for_function("(z) => z.dataset.etat === 'resultat' && !z.hasAttribute('aria-busy')",
                           arg=zone.element_handle(), timeout=120_000)
    assert issue(zone, "au-moins-une") == Fraction(3, 13)


def test_issue24_item21_hami_pile_has_the_discard_column(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + "hami/probas/")
    form = formulaire(page)
    form.locator("button[data-preselection=main-refaite]").click()
    entetes = form.locator("table[data-role=pile] thead th").all_inner_texts()
    assert "Dont défaussées" in entetes
    pile = [{"nom": "Cartes voulues", "nombre": 4, "sorties": 3, "defaussees": 2, "voulue": True},
            {"nom": "Autres cartes Combat", "nombre": 8, "sorties": 8, "defaussees": 5}]  # INVENTED state
    for k, sorte in enumerate(pile):
        ligne = form.locator("table[data-role=pile] tbody tr").nth(k)
        for champ in ("nombre", "sorties", "defaussees"):
            ligne.locator(f'[data-champ="{champ}"]').fill(str(sorte[champ]))
    zone = calculer(form)
    _, named = expected(pile, 3)  # 1 card left, then the discard (7 cards) shuffled: 2 more from it
    assert issue(zone, "au-moins-une") == named["au-moins-une"]
