"""« Probabilités de ma liste » in headless Chromium (issue 16, part 1).

The view on the « Composer et vérifier » page asks the engine in the Web Worker for the odds
matrix of the checked list. The values shown are compared with the Python engine run here
(browser_engine.probas_liste), whose cells are themselves checked by brute force in
tests/test_probas_liste.py. Like every browser test, no request may leave 127.0.0.1, no dialog
open, no JavaScript error.
"""
from __future__ import annotations

from pathlib import Path

from browser_engine.cli import charger_donnees
from browser_engine.probas_liste import action_probas
from browser_engine.reader import lire_liste
from tests.browser_support import Onglet, attendre_moteur
from tests.probas_liste_support import ecrire_liste, fr, pourcent

ROOT = Path(__file__).resolve().parent.parent
LISTES = ROOT / "data" / "bataille-d6" / "listes"
MATRICE = "[data-role=probas-matrice]"
HOSTILE = "<img src=x onerror=alert(1)>"


def _ouvrir_vue(page: object) -> None:
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector(MATRICE, timeout=60_000)


def _attendre_texte(page: object, selecteur: str, texte: str) -> None:
    page.wait_for_function("([s, t]) => { const n = document.querySelector(s); return n && n.textContent.includes(t); }",
                           arg=[selecteur, texte], timeout=60_000)


def test_matrice_graphique_et_fractions(onglet: Onglet, site_url: str) -> None:
    """A cell of the example list matches the Python engine; chart, fractions, opposing list."""
    page = onglet.page
    page.goto(site_url + "bataille-d6/verifier/")
    attendre_moteur(page)
    texte = (LISTES / "01-gardiens-du-col.yaml").read_text(encoding="utf-8")
    ecrire_liste(page, texte)
    _ouvrir_vue(page)
    attendu = action_probas(charger_donnees("bataille-d6"), lire_liste(texte), {})
    archers = next(e for e in attendu["entrees"] if e["nom"] == "Archers")
    tir = next(a for a in archers["actions"] if a["id"] == "tir")
    cellule = tir["cellules"][2]  # Armure 2
    assert cellule["cible"] == "armure-2"
    bouton = page.locator("[data-role=probas-cellule][data-entree='1'][data-action=tir][data-cible=armure-2]")
    contenu = bouton.inner_text()
    assert "E\u00a0" + fr(cellule["esperance"]["valeur"]) in contenu
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in contenu
    assert bouton.locator("svg[role=img] title").count() == 1
    assert "Archers" in bouton.locator("svg").get_attribute("aria-label")
    assert page.locator(f"{MATRICE} tbody tr").count() == len(attendu["entrees"])
    entetes = page.locator(f"{MATRICE} thead th").all_inner_texts()
    assert entetes == ["Entrée"] + [f"Armure {a}" for a in range(6)]
    # The detail: a larger chart (one bar per outcome) and the exact fractions on demand.
    bouton.click()
    detail = page.locator("[data-role=probas-detail]")
    assert detail.locator("h3").inner_text() == "Archers — Tir contre Armure 2"
    assert detail.locator("svg rect").count() == len(cellule["distribution"])
    fractions = detail.locator("[data-role=probas-fractions]")
    assert fractions.locator("table").count() == 0  # asked from the engine only when opened
    fractions.locator("summary").click()
    page.wait_for_selector("[data-role=probas-fractions-table]", timeout=60_000)
    lignes = fractions.locator("tbody tr")
    assert lignes.count() == len(cellule["distribution"])
    for rang, d in enumerate(cellule["distribution"]):
        assert lignes.nth(rang).locator("td").nth(1).inner_text() == d["fraction"]
    assert cellule["esperance"]["fraction"] in detail.inner_text()
    # Ma liste contre la sienne: the opposing units become the shown targets.
    page.locator("[data-role=probas-adverse-bloc] summary").click()
    adverse = (LISTES / "02-horde-des-cimes.yaml").read_text(encoding="utf-8")
    page.fill("[data-role=probas-adverse]", adverse)
    _attendre_texte(page, f"{MATRICE} thead", "Harpies")
    assert page.input_value("[data-role=probas-groupe]") == "adverse"
    contre = action_probas(charger_donnees("bataille-d6"), lire_liste(texte), {"adverse": adverse})
    rang = [c["nom"] for c in contre["cibles"]].index("Harpies")
    lanciers = contre["entrees"][0]["actions"][0]["cellules"][rang]
    harpies = page.locator(f"[data-role=probas-cellule][data-entree='0'][data-action=melee][data-cible={contre['cibles'][rang]['id']}]")
    assert "E\u00a0" + fr(lanciers["esperance"]["valeur"]) in harpies.inner_text()
    harpies.click()
    assert "Unité éliminée (5 figurines) : " + pourcent(lanciers["hors_de_combat"]["probabilite"]) in detail.inner_text()


def test_390_px_nom_hostile_et_jeu_sans_calcul(onglet: Onglet, site_url: str) -> None:
    """At 390 px only the matrix scrolls; a hostile name stays text; Hate says what is missing."""
    page = onglet.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "bataille-d6/verifier/")
    attendre_moteur(page)
    texte = (LISTES / "01-gardiens-du-col.yaml").read_text(encoding="utf-8").replace("Archers", HOSTILE)
    ecrire_liste(page, texte)
    _ouvrir_vue(page)
    assert page.locator(f"{MATRICE} tbody th").nth(1).inner_text().startswith(HOSTILE)
    assert page.locator(f"{MATRICE} img").count() == 0
    page.locator("[data-role=probas-adverse-bloc] summary").click()
    page.fill("[data-role=probas-adverse]", (LISTES / "02-horde-des-cimes.yaml").read_text(encoding="utf-8"))
    _attendre_texte(page, f"{MATRICE} thead", "Harpies")
    page.locator("[data-role=probas-cellule][data-entree='0'][data-action=melee]").first.click()
    page.locator("[data-role=probas-fractions] summary").click()
    page.wait_for_selector("[data-role=probas-fractions-table]", timeout=60_000)
    boite = page.locator(".cpd-pl-defilement")
    assert boite.evaluate("(b) => b.scrollWidth > b.clientWidth")  # the matrix scrolls in its box…
    largeur = page.evaluate("document.documentElement.scrollWidth")
    assert largeur <= page.evaluate("document.documentElement.clientWidth")  # …not the page
    page.goto(site_url + "hate/verifier/")
    attendre_moteur(page)
    page.select_option("[data-role=exemple]", index=1)
    page.wait_for_selector("[data-role=etat].cpd-etat--valide, [data-role=etat].cpd-etat--invalide", timeout=60_000)
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector("[data-role=probas-manquant]", timeout=60_000)
    message = page.locator("[data-role=probas-manquant]").inner_text()
    assert "faces des dés de Hate" in message and "manquant" in message
    assert page.locator(MATRICE).count() == 0


def test_issue24_item12_the_view_gets_the_same_refusal(onglet: Onglet, site_url: str) -> None:
    """1 000 Lanciers with two attacks, then « nombre: -5 »: the view shows the engine's note and the
    entry's reason, and leaves the refused cells empty."""
    page = onglet.page
    page.goto(site_url + "bataille-d6/verifier/")
    attendre_moteur(page)
    gardiens = (LISTES / "01-gardiens-du-col.yaml").read_text(encoding="utf-8")
    texte = gardiens.replace("    nombre: 10\n", "    nombre: 1000\n    attaques: 2\n", 1)
    ecrire_liste(page, texte)
    _ouvrir_vue(page)
    _attendre_texte(page, "[data-role=probas-notes]", "Demande trop lourde")
    attendu = action_probas(charger_donnees("bataille-d6"), lire_liste(texte), {"groupe": "", "fractions": False})
    melee = attendu["entrees"][0]["actions"][0]
    vides = [c["id"] for c, cell in zip(attendu["cibles"], melee["cellules"], strict=True) if cell is None]
    assert vides
    for cible in vides:
        assert page.locator(f"[data-role=probas-cellule][data-entree='0'][data-action=melee][data-cible={cible}]").count() == 0
    ecrire_liste(page, gardiens.replace("    nombre: 10\n", "    nombre: -5\n", 1))
    _attendre_texte(page, MATRICE, "Entrée refusée par la vérification")
    assert page.locator("[data-role=probas-cellule][data-entree='0']").count() == 0
