"""Issue 35, item 6: on a 390 px phone, every control of the builder and of « Mon matériel » is a
target of 44 × 44 CSS px at least, 8 px apart from its neighbour on the same line, and nothing
scrolls sideways.

* The builder of each game: a 10-entry list (tests/test_browser_issue23.py), the first entry open
  with every fold and picker of it open.
* « Mon matériel » of each game that has one: one row of each kind (HAMI's deck, a die's faces, a
  value kept for the lists, Khârn-Âges' card form with one row of each group and a saved card).

Measured: every visible button, select, input, textarea, summary and link of the tool, except the
links inside a sentence (help lines, a card's text, a message), which are text, not targets (as in
tests/test_browser_jouer_cibles.py). Offenders are named by their French label.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import Onglet
from tests.materiel_support import saisir_sortes
from tests.test_browser_issue23 import JEUX, attendre_a_jour, charger, liste_longue
from tests.test_browser_materiel import DE, ELEMENT, PAQUET, saisir_de

LARGEUR = 390
OUTIL_COMPOSER = "[data-compendium-outil=verifier]"
OUTIL_MATERIEL = ("[data-compendium-materiel], [data-role=materiel-element], [data-role=materiel-catalogue],"
                  " [data-role=materiel-valeurs]")

# The controls of the tool, as boxes with a French label. A link counts unless it sits in running
# text; a control of the summary bar (sticky at the bottom of a phone's screen) is on its own layer.
CONTROLES = """(racines) => {
  const texte = '.cpd-aide, .cpd-aide-champ, .cpd-resume, .cpd-raison, .cpd-violation-message, .cpd-etat, p:not(.cpd-actions)';
  const nom = (e) => (e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].textContent)
      || e.textContent || e.title || e.placeholder || e.value || e.id || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
  const vus = new Set();
  const elements = [];
  const sortie = [];
  for (const racine of document.querySelectorAll(racines)) {
    for (const e of racine.querySelectorAll('button, select, input, textarea, summary, a[href]')) {
      if (vus.has(e)) continue;
      vus.add(e);
      if (e.closest('[hidden], .cpd-cache, .cpd-cache-visuel') || e.type === 'hidden') continue;
      if (e.tagName === 'A' && !e.classList.contains('md-button') && e.closest(texte)) continue;
      // Inside a closed <details>, a control still has a box (content-visibility): not shown, skipped.
      if (!e.checkVisibility({visibilityProperty: true})) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= window.innerWidth) continue;  // off-screen until focused
      sortie.push({nom: `${e.tagName.toLowerCase()} « ${nom(e)} »`, g: r.left, d: r.right,
                   h: r.top + window.scrollY, b: r.bottom + window.scrollY,
                   couche: e.closest('.cpd-barre-resume') ? 'barre' : 'page', indice: sortie.length});
      elements.push(e);
    }
  }
  // Nested controls (none expected) are not neighbours.
  sortie.forEach((c, i) => { c.dans = elements.flatMap((a, j) => (j !== i && a.contains(elements[i]) ? [j] : [])); });
  return sortie;
}"""


def petites(controles: list[dict]) -> list[str]:
    return [f"{c['nom']} {round(c['d'] - c['g'])} × {round(c['b'] - c['h'])}" for c in controles
            if c["d"] - c["g"] < 44 - 0.01 or c["b"] - c["h"] < 44 - 0.01]


def trop_proches(controles: list[dict]) -> list[str]:
    """Each control and its nearest neighbour on its right on the same line (their heights overlap):
    less than 8 px between them (or overlapping)."""
    fautes = []
    for a in controles:
        voisins = [b for b in controles if b is not a and b["couche"] == a["couche"] and b["g"] >= a["g"]
                   and min(a["b"], b["b"]) - max(a["h"], b["h"]) > 1
                   and a["indice"] not in b["dans"] and b["indice"] not in a["dans"]
                   and not (b["g"] == a["g"] and b["indice"] < a["indice"])]
        if not voisins:
            continue
        b = min(voisins, key=lambda v: (v["g"], v["indice"]))
        ecart = b["g"] - a["d"]
        if ecart < 8 - 0.01:
            fautes.append(f"{a['nom']} et {b['nom']} : {round(ecart, 1)} px")
    return fautes


def verifier_cibles(page: object, racines: str) -> None:
    controles = page.evaluate(CONTROLES, racines)
    assert len(controles) > 5, controles
    trop_petites = petites(controles)
    assert not trop_petites, "cibles de moins de 44 × 44 px :\n" + "\n".join(trop_petites)
    serrees = trop_proches(controles)
    assert not serrees, "voisines à moins de 8 px :\n" + "\n".join(serrees)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= LARGEUR


@pytest.mark.parametrize("jeu", JEUX)
def test_composer_cibles_de_44_px_a_8_px(onglet: Onglet, site_url: str, output_dir: Path, jeu: str) -> None:
    page = onglet.page
    page.set_viewport_size({"width": LARGEUR, "height": 844})
    charger(page, site_url, jeu, liste_longue(jeu))
    page.locator("li[data-role=entree][data-index='0'] [data-action=ouvrir]").click()
    corps = page.locator("li[data-role=entree][data-index='0'] .cpd-ligne-corps")
    corps.wait_for()
    # Every fold of the entry, nested ones too (a picker's « Autres tribus »), opened from the outside in.
    for _ in range(3):
        fermes = corps.locator("details:not([open]) > summary")
        if not fermes.count():
            break
        for resume in fermes.all():
            if resume.is_visible():
                resume.click()
    page.wait_for_timeout(1500)  # the pickers' choices arrive with the follow-up of one check
    attendre_a_jour(page)
    assert corps.locator("details:not([open])").count() == 0
    verifier_cibles(page, OUTIL_COMPOSER)
    if jeu == "hate":
        page.evaluate("() => window.scrollTo(0, 0)")
        corps.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / "issue35-composer-hate-390.png"), full_page=True)
    onglet.verifier_propre()


def remplir_materiel(page: object, jeu: str) -> None:
    """One row of each kind: the game's own material, and one value kept for the lists."""
    if jeu == "hami":
        saisir_sortes(page.locator(ELEMENT), PAQUET[:4])
    elif jeu == "hate":
        saisir_de(page.locator(ELEMENT), DE)
    elif jeu == "kharn-ages":
        page.wait_for_selector("[data-compendium-cartes][data-etat=pret]", timeout=60_000)
        page.get_by_role("button", name="Nouveau profil").click()
        form = page.locator(".cpd-fiche-formulaire")
        form.get_by_label("Nom", exact=True).fill("Éclaireur du club")  # an invented card
        form.get_by_label("Niveau").fill("1")
        form.get_by_label("Coût").fill("40")
        form.get_by_role("button", name="Enregistrer la carte").click()
        page.locator('[data-compendium-cartes] .cpd-fiche[data-id="eclaireur-du-club"]').wait_for()
        page.get_by_role("button", name="Nouveau profil").click()
        form = page.locator(".cpd-fiche-formulaire")
        for ajouter in form.locator("button", has_text="Ajouter").all():
            if ajouter.is_visible():
                ajouter.click()
    if page.locator("[data-role=materiel-valeurs]").count():
        page.evaluate("(jeu) => window.Compendium.materiel.pour(jeu).ecrire('valeurs', 'essai-35',"
                      " {valeur: '3', nom: 'Dés de la carte d’essai'}, null)", jeu)
        page.wait_for_selector("[data-role=materiel-valeur]")


@pytest.mark.parametrize("jeu", ["hami", "hate", "kharn-ages", "tamashii"])
def test_mon_materiel_cibles_de_44_px_a_8_px(onglet: Onglet, site_url: str, output_dir: Path, jeu: str) -> None:
    page = onglet.page
    page.set_viewport_size({"width": LARGEUR, "height": 844})
    page.goto(site_url + f"{jeu}/materiel/")
    page.wait_for_selector("[data-role=materiel-etat]:not(:empty)")
    remplir_materiel(page, jeu)
    page.wait_for_timeout(300)
    verifier_cibles(page, OUTIL_MATERIEL)
    if jeu == "hami":
        page.evaluate("() => { window.scrollTo(0, 0); document.activeElement && document.activeElement.blur(); }")
        page.wait_for_timeout(600)
        page.screenshot(path=str(output_dir / "issue35-materiel-hami-390.png"), full_page=True)
    onglet.verifier_propre()
