"""« Probabilités de ma liste » for Hate in headless Chromium: the die and a card's dice typed in the view.

Without the die the view says what is missing and draws the editors (« Vos données »); once the
die and the Guerrier's attack dice are typed, the matrix appears and its cells match the Python
engine run here (browser_engine.probas_liste), whose cells are checked by brute force in
tests/test_probas_liste_hate.py. What was typed stays in the browser (a reload brings the matrix
back). No request may leave 127.0.0.1, no dialog, no JavaScript error.
"""
from __future__ import annotations

from pathlib import Path

from browser_engine.cli import charger_donnees
from browser_engine.probas_liste import action_probas
from browser_engine.reader import lire_liste
from tests.browser_support import Onglet, attendre_moteur
from tests.probas_liste_support import capture, fr, pourcent

DOSSIER = Path(__file__).resolve().parent.parent / "data" / "hate" / "listes"
MATRICE = "[data-role=probas-matrice]"
DE = ["frapper", "frapper", "parer", "parer", "sauvagerie", "joker"]  # invented for the test


def _ouvrir_exemple(page: object, site_url: str) -> str:
    """The first example tribe in the checker, the view opened; returns the list's text."""
    page.goto(site_url + "hate/verifier/")
    attendre_moteur(page)
    page.select_option("[data-role=exemple]", index=1)
    page.wait_for_selector("[data-role=etat].cpd-etat--valide, [data-role=etat].cpd-etat--invalide", timeout=60_000)
    page.click("[data-role=probas-ouvrir]")
    return page.input_value("#cpd-liste")


def test_de_et_des_saisis_puis_gardes(onglet: Onglet, site_url: str) -> None:
    """Type the die and the Guerrier's attack dice: the matrix matches the engine."""
    page = onglet.page
    texte = _ouvrir_exemple(page, site_url)
    page.wait_for_selector("[data-role=probas-manquant]", timeout=60_000)
    capture(page, "probas-liste-hate-sans-de.png")
    assert "faces des dés de Hate" in page.locator("[data-role=probas-contenu]").inner_text()
    saisies = page.locator("[data-role=probas-saisies]")
    assert saisies.is_visible()
    de = saisies.locator("[data-role=probas-saisie][data-cle=de-hate]")
    de.locator(".cpd-des-partage summary").click()  # « Copier ou coller les faces en texte »
    de.locator("[data-role=des-texte]").fill(", ".join(DE))
    de.locator("[data-role=des-appliquer]").click()
    page.fill("input[data-role=probas-saisie][data-cle=hate-attaque-guerrier]", "2")
    page.wait_for_selector(f"{MATRICE} [data-action=attaque]", timeout=60_000)

    attendu = action_probas(charger_donnees("hate"), lire_liste(texte),
                            {"saisies": {"de-hate": DE, "hate-attaque-guerrier": 2}, "fractions": False, "groupe": ""})
    assert [c["id"] for c in attendu["cibles"]] == [f"defense-{m}" for m in range(1, 6)]
    rangs = [e for e in attendu["entrees"] if e["actions"]]
    assert rangs and all(e["nom"].startswith("Guerrier") for e in rangs)
    entree = rangs[0]
    cellule = entree["actions"][0]["cellules"][1]  # 2 defence dice
    bouton = page.locator(f"[data-role=probas-cellule][data-entree='{entree['index']}'][data-action=attaque]"
                          "[data-cible=defense-2]")
    contenu = bouton.inner_text()
    assert "E\u00a0" + fr(cellule["esperance"]["valeur"]) in contenu
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in contenu
    entetes = page.locator(f"{MATRICE} thead th").all_inner_texts()
    assert entetes == ["Entrée"] + [c["nom"] for c in attendu["cibles"]]
    # an entry whose card dice are not typed says so in its row
    assert "non saisis" in page.locator(f"{MATRICE} tbody tr").first.inner_text()
    capture(page, "probas-liste-hate.png")

    # Ma tribu contre la sienne: the opposing figures' defence dice are asked, then become targets.
    adverse = (DOSSIER / "02-simple-bataille-bul-gar.yaml").read_text(encoding="utf-8")
    page.locator("[data-role=probas-adverse-bloc] summary").click()
    page.fill("[data-role=probas-adverse]", adverse)
    champ = "input[data-role=probas-saisie][data-cle=hate-defense-guerrier]"
    page.wait_for_selector(champ, timeout=60_000)
    page.fill(champ, "3")
    page.wait_for_selector(f"{MATRICE} [data-cible^=adverse-]", timeout=60_000)
    assert page.input_value("[data-role=probas-groupe]") == "adverse"
    contre = action_probas(charger_donnees("hate"), lire_liste(texte),
                           {"saisies": {"de-hate": DE, "hate-attaque-guerrier": 2, "hate-defense-guerrier": 3},
                            "adverse": adverse, "fractions": False, "groupe": "adverse"})
    cible = contre["cibles"][0]
    assert cible["nom"].startswith("Guerrier")
    cellule = next(e for e in contre["entrees"] if e["index"] == entree["index"])["actions"][0]["cellules"][0]
    bouton = page.locator(f"[data-role=probas-cellule][data-entree='{entree['index']}'][data-action=attaque]"
                          f"[data-cible={cible['id']}]")
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in bouton.inner_text()
    capture(page, "probas-liste-hate-adverse.png")

    # What was typed stays in this browser: after a reload the matrix comes back by itself.
    page.reload()
    _ouvrir_exemple(page, site_url)
    page.wait_for_selector(f"{MATRICE} [data-cible=defense-2]", timeout=60_000)
    assert page.locator("input[data-role=probas-saisie][data-cle=hate-attaque-guerrier]").input_value() == "2"
    onglet.verifier_propre()
