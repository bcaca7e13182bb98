"""« Probabilités de ma liste » for HAMI in headless Chromium (issue 16, part 1).

Without a Combat deck the view says what is missing and shows the deck editor; once the player
types the deck there, the matrix appears. The values shown are compared with the Python engine
run here (browser_engine.probas_liste), whose HAMI cells are checked by brute force in
tests/test_probas_liste_hami.py. No request may leave 127.0.0.1, no dialog, no JavaScript error.
"""
from __future__ import annotations

from pathlib import Path

from browser_engine.cli import charger_donnees
from browser_engine.probas_liste import action_probas
from browser_engine.reader import lire_liste
from tests.browser_support import Onglet, attendre_moteur
from tests.materiel_support import carte, saisir_sortes, sortes
from tests.probas_liste_support import ecrire_liste, fr, pourcent

ROOT = Path(__file__).resolve().parent.parent
LISTE = ROOT / "data" / "hami" / "listes" / "01-exemple-du-livre.yaml"
MATRICE = "[data-role=probas-matrice]"
PAQUET_EDITEUR = "[data-role=probas-saisie][data-cle=paquet]"
MAIN = "input[data-role=probas-saisie][data-cle=main]"


# A deck typed for the test (the official composition is missing from the book): 12 cards, INVENTED.
PAQUET = [carte(0, 0, 0, 0), carte(0, 0, 0, 0), carte(1, 0, 0, 1), carte(2, 0, 0, 1), carte(1, 1, 0, 2),
          carte(3, 0, 1, 1), carte(0, 1, 0, 3), carte(2, 1, 1, 0), carte(1, 0, 1, 0), carte(0, 2, 2, 0),
          carte(1, 1, 1, 1), carte(2, 2, 0, 0)]


def _saisir_paquet(page: object) -> None:
    """Type the deck in the view's editor, as a player does: one row per kind of card, with its count."""
    editeur = page.locator(PAQUET_EDITEUR)
    saisir_sortes(editeur, PAQUET)
    assert editeur.locator("tbody tr").count() == len(sortes(PAQUET)) == 11  # the two blank cards are one kind


def _attendre_cellule(page: object, selecteur: str, texte: str) -> None:
    page.wait_for_function("([s, t]) => { const n = document.querySelector(s); return n && n.textContent.includes(t); }",
                           arg=[selecteur, texte], timeout=90_000)


def _cellule(matrice: dict, entree: int, action: str, cible: str) -> dict:
    rang = [c["id"] for c in matrice["cibles"]].index(cible)
    ligne = next(e for e in matrice["entrees"] if e["index"] == entree)
    return next(a for a in ligne["actions"] if a["id"] == action)["cellules"][rang]


def test_paquet_saisi_matrice_main_et_fractions(onglet: Onglet, site_url: str) -> None:
    """Missing deck → message and editor; typed deck → the engine's cells; hand size; exact fractions."""
    page = onglet.page
    page.goto(site_url + "hami/verifier/")
    attendre_moteur(page)
    texte = LISTE.read_text(encoding="utf-8")
    ecrire_liste(page, texte)
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector("[data-role=probas-manquant]", timeout=90_000)
    message = page.locator("[data-role=probas-manquant]").inner_text()
    assert "paquet" in message and "manquant" in message
    assert page.locator(MATRICE).count() == 0
    _saisir_paquet(page)
    page.wait_for_selector(MATRICE, timeout=90_000)
    donnees = charger_donnees("hami")
    liste = lire_liste(texte)
    attendu = action_probas(donnees, liste, {"saisies": {"paquet": PAQUET}, "fractions": False, "groupe": ""})
    entetes = page.locator(f"{MATRICE} thead th").all_inner_texts()
    assert [e.splitlines()[0] for e in entetes] == ["Entrée"] + [c["nom"] for c in attendu["cibles"]]
    # The Pisteuse's shot (T 3) against a Robuste Guetteur, by day: the starting hand of 3 cards.
    selecteur = "[data-role=probas-cellule][data-entree='1'][data-action='0-tirer'][data-cible=guetteur-jour]"
    cellule = _cellule(attendu, 1, "0-tirer", "guetteur-jour")
    contenu = page.locator(selecteur).inner_text()
    assert "E\u00a0" + fr(cellule["esperance"]["valeur"]) in contenu
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in contenu
    # No card in hand: the cell follows the engine's answer for that hand size.
    page.fill(MAIN, "0")
    sans_main = action_probas(donnees, liste, {"saisies": {"paquet": PAQUET, "main": 0}, "fractions": False,
                                               "groupe": ""})
    cellule = _cellule(sans_main, 1, "0-tirer", "guetteur-jour")
    _attendre_cellule(page, selecteur, "E\u00a0" + fr(cellule["esperance"]["valeur"]))
    # The detail and its exact fractions, asked from the engine.
    page.locator(selecteur).click()
    detail = page.locator("[data-role=probas-detail]")
    assert "Pisteuse au Snifleur — Tirer contre Guetteur (Jour)" in detail.locator("h3").inner_text()
    detail.locator("[data-role=probas-fractions] summary").click()
    page.wait_for_selector("[data-role=probas-fractions-table]", timeout=90_000)
    exact = action_probas(donnees, liste, {"saisies": {"paquet": PAQUET, "main": 0}, "groupe": ""})
    distribution = _cellule(exact, 1, "0-tirer", "guetteur-jour")["distribution"]
    lignes = detail.locator("[data-role=probas-fractions-table] tbody tr")
    for rang, d in enumerate(distribution):
        assert lignes.nth(rang).locator("td").nth(1).inner_text() == d["fraction"]
    # The solo group: the non-player creatures drawn from the deck without its two blank cards.
    page.select_option("[data-role=probas-groupe]", "solo")
    _attendre_cellule(page, f"{MATRICE} thead", "Hami égaré (Nuit)")
    solo = action_probas(donnees, liste, {"saisies": {"paquet": PAQUET, "main": 0}, "fractions": False,
                                          "groupe": "solo"})
    assert page.locator(f"{MATRICE} thead th").count() == 1 + len(solo["cibles"])
    egare = _cellule(solo, 0, "0-cogner", "solo-hami-egare-nuit")
    gardien = "[data-role=probas-cellule][data-entree='0'][data-action='0-cogner'][data-cible=solo-hami-egare-nuit]"
    assert "E\u00a0" + fr(egare["esperance"]["valeur"]) in page.locator(gardien).inner_text()


def test_le_paquet_est_partage_avec_la_page_probabilites(onglet: Onglet, site_url: str) -> None:
    """A deck typed in the view is the odds page's deck, and comes back in the view after a reload."""
    page = onglet.page
    page.goto(site_url + "hami/verifier/")
    attendre_moteur(page)
    ecrire_liste(page, LISTE.read_text(encoding="utf-8"))
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector("[data-role=probas-manquant]", timeout=90_000)
    _saisir_paquet(page)
    page.wait_for_selector(MATRICE, timeout=90_000)
    page.goto(site_url + "hami/probas/")
    attendre_moteur(page)
    combat = page.locator("form[data-compendium-calcul=combat_cartes]")
    lignes = combat.locator(".cpd-paquet tbody tr")
    assert lignes.count() == len(sortes(PAQUET))
    for rang, (nombre, symboles) in enumerate(sortes(PAQUET)):
        assert lignes.nth(rang).locator(".cpd-paquet-nombre").input_value() == str(nombre)
        valeurs = lignes.nth(rang).locator(".cpd-paquet-symboles").evaluate_all("es => es.map(e => Number(e.value || 0))")
        assert tuple(valeurs) == symboles
    # Back on the checker page: the view computes at once with the remembered deck.
    page.goto(site_url + "hami/verifier/")
    attendre_moteur(page)
    ecrire_liste(page, LISTE.read_text(encoding="utf-8"))
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector(MATRICE, timeout=90_000)
    assert page.locator("[data-role=probas-manquant]").count() == 0
