"""axe-core on every game's play page (« Jouer cette liste », issue 28), a round under way.

Each game's play page with its first example list loaded, one status set where the game has
statuses, a step advanced and a die rolled: every axe rule, whatever its impact, at 1280 and 390 px,
in Material's light and dark palettes (tests/accessibilite_support.py). One violation fails the game.
"""
from __future__ import annotations

import pytest

from tests.accessibilite_support import JEUX, TypePage, analyser
from tests.browser_support import Onglet, attendre_moteur


def preparer_jouer(page: object) -> None:
    """The play page with the first example list started, a card added, a status set and a profile
    unfolded where the game has them, a step advanced and a d6 rolled."""
    page.set_viewport_size({"width": 390, "height": 844})
    attendre_moteur(page)
    page.get_by_role("button", name="Jouer cet exemple").click()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
    ajouter = page.locator("[data-role=ajouter-ajout]")  # a card added during play (Tamashii's Enemies)
    if ajouter.count():
        ajouter.first.click()
        page.wait_for_selector("article[data-parent]")
    puces = page.locator(".cpj-puce")
    if puces.count():
        puces.first.click()
    profils = page.locator("[data-role=fiches] [data-role=profil] summary")  # a profile unfolded (issue 34)
    if profils.count():
        profils.first.click()
    page.get_by_role("button", name="Étape suivante").click()
    lancer = page.locator("[data-role=lancer]").first
    lancer.click()
    page.wait_for_function("() => document.querySelector('[data-role=resultat]').textContent.trim() !== ''")


@pytest.mark.parametrize("jeu", JEUX)
def test_jouer_aucune_violation_axe(onglet: Onglet, site_url: str, jeu: str) -> None:
    page = onglet.page
    page.goto(site_url + f"{jeu}/jouer/")
    preparer_jouer(page)
    assert page.locator("[data-role=partie] .cpj-fiche").count() > 0
    resultats = analyser(page, TypePage(f"{jeu} jouer", f"{jeu}/jouer/", preparer_jouer))
    assert set(resultats) == {(largeur, schema) for largeur in (1280, 390) for schema in ("default", "slate")}
    lignes = [f"{largeur} px {schema}: {v['id']} ({v['impact']}) {', '.join(v['cibles'][:4])}"
              for (largeur, schema), violations in resultats.items() for v in violations]
    assert lignes == [], "\n".join(lignes)
    onglet.verifier_propre()
