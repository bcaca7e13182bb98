"""Play mode at 390 px, mid-round, in every game: every control a player taps is at least 44 × 44 px
and nothing scrolls sideways. Links inside a sentence (help lines, notices) are text, not targets."""
from __future__ import annotations

import pytest

from tests.accessibilite_support import JEUX
from tests.browser_support import Onglet
from tests.test_browser_jouer_accessibilite import preparer_jouer

PETITES = """() => [...document.querySelectorAll('[data-role=partie] :is(button, select, input, a)')]
  .filter(e => !e.closest('[hidden], .cpd-aide, .cpj-manquant, .cpj-message, .cpj-resultat, .cpj-journal'))
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44))
  .map(([e, r]) => `${e.tagName} « ${e.textContent.trim().slice(0, 30)} » (${e.parentElement.className}) `
       + `${Math.round(r.width)} × ${Math.round(r.height)}`)"""


@pytest.mark.parametrize("jeu", JEUX)
def test_cibles_de_44_px_et_pas_de_defilement_lateral(onglet: Onglet, site_url: str, jeu: str) -> None:
    page = onglet.page
    page.goto(site_url + f"{jeu}/jouer/")
    preparer_jouer(page)
    assert page.evaluate("() => document.querySelectorAll('[data-role=partie] button').length") > 5
    assert page.evaluate(PETITES) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    onglet.verifier_propre()
