"""Issue 36, item 4: « Imprimer ma liste » is offered only where its roster sheet exists, and it resolves.

On each game's « Composer et vérifier » page, in headless Chromium: when the button is there, the
address impression.js loads (`imprimer/<jeu>/liste.html`, from the site root that impression.js
derives from its own script address) answers 200 with the roster's column specification.
"""
from __future__ import annotations

from tests.browser_support import Onglet

JEUX = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")
# The address impression.js builds (its `racine` and `adresse`), fetched from the page itself.
ADRESSE = """jeu => {
  const script = [...document.scripts].find(s => /compendium\\/impression\\.js/.test(s.src));
  return script ? new URL('../../../', script.src).href + 'imprimer/' + jeu + '/liste.html' : null;
}"""


def test_each_offered_print_button_resolves(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    offered = []
    for jeu in JEUX:
        page.goto(site_url + f"{jeu}/verifier/")
        bouton = page.locator("[data-role=imprimer]")
        if not bouton.count():
            continue
        assert bouton.inner_text() == "Imprimer ma liste"
        adresse = page.evaluate(ADRESSE, jeu)
        assert adresse == site_url + f"imprimer/{jeu}/liste.html"
        reponse = page.request.get(adresse)
        assert reponse.status == 200, adresse
        assert 'id="impression-spec"' in reponse.text()
        offered.append(jeu)
    assert offered == list(JEUX)  # every game of the site has a list and a roster sheet
