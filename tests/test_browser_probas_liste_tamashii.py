"""« Probabilités de ma liste » for Tamashii in headless Chromium: the player's d6 and a Walker's ATT typed in the view.

Without the die the view says what is missing and draws the editors (« Vos données »); once the
die and the Walker's ATT are typed, the matrix appears and its cells match the Python engine run
here (browser_engine.probas_liste), whose cells are checked by brute force in
tests/test_probas_liste_tamashii.py. No request may leave 127.0.0.1, no dialog, no JavaScript error.
"""
from __future__ import annotations

from pathlib import Path

from browser_engine.cli import charger_donnees
from browser_engine.probas_liste import action_probas
from browser_engine.reader import lire_liste
from tests.browser_support import Onglet, attendre_moteur
from tests.probas_liste_support import capture, fr, pourcent

LISTE = Path(__file__).resolve().parent.parent / "data" / "tamashii" / "listes" / "06-competitif-etat-en-fin-de-partie.yaml"
MATRICE = "[data-role=probas-matrice]"
# A die invented for the test (the book prints its faces as icons only), as typed in the editor.
DE = [{"succes": 1, "base": 1}, {"succes": 2, "rare": 1}, {"ennemi": 1}, {"succes": 1, "base": 1, "rare": 1},
      {}, {"succes": 1, "ennemi": 1}]
ATT_MARCHEUR_3 = "att-marcheur-3-tamashii"


def _ouvrir(page: object, site_url: str, texte: str) -> None:
    """The list typed into the checker's text view, and the odds view opened."""
    page.goto(site_url + "tamashii/verifier/")
    attendre_moteur(page)
    vue = page.locator("[data-role=vue-texte]")
    if vue.get_attribute("open") is None:
        vue.locator("summary").click()
    page.fill("#cpd-liste", texte)
    page.click("[data-role=probas-ouvrir]")


def _attendu(texte: str, groupe: str, fractions: bool = False) -> dict:
    requete = {"saisies": {"d6-tamashii": DE, ATT_MARCHEUR_3: 2}, "fractions": fractions, "groupe": groupe}
    return action_probas(charger_donnees("tamashii"), lire_liste(texte), requete)


def _cellule(matrice: dict, entree: int, action: str, cible: str) -> dict:
    actions = next(e for e in matrice["entrees"] if e["index"] == entree)["actions"]
    return next(c for c in next(a for a in actions if a["id"] == action)["cellules"] if c and c["cible"] == cible)


def test_de_et_att_saisis_puis_matrice(onglet: Onglet, site_url: str) -> None:
    """Type the d6 and the Walker's ATT: tests, attack and trace cells match the engine."""
    page = onglet.page
    texte = LISTE.read_text(encoding="utf-8")
    _ouvrir(page, site_url, texte)
    page.wait_for_selector("[data-role=probas-manquant]", timeout=60_000)
    message = page.locator("[data-role=probas-contenu]").inner_text()
    assert "faces du dé de Joueur" in message and "manquant" in message
    assert page.locator(MATRICE).count() == 0
    saisies = page.locator("[data-role=probas-saisies]")
    assert saisies.is_visible()
    assert "ATT du Marcheur du Plateau 3" in saisies.inner_text()
    assert "ATT du Corps « Second Corps »" in saisies.inner_text()
    capture(page, "probas-liste-tamashii-sans-de.png")
    faces = saisies.locator("[data-role=probas-saisie][data-cle=d6-tamashii] tbody tr")
    for rang, face in enumerate(DE):
        for symbole, nombre in face.items():
            faces.nth(rang).locator(f"input[data-symbole={symbole}]").fill(str(nombre))
    page.fill(f"input[data-role=probas-saisie][data-cle={ATT_MARCHEUR_3}]", "2")
    page.wait_for_selector(f"{MATRICE} [data-action=test]", timeout=60_000)

    # Tests: the chance to pass, 3 tokens emptied (the default), each player's Relances.
    tests = _attendu(texte, "")
    assert page.locator(f"{MATRICE} thead th").all_inner_texts()[:4] == ["Entrée", "Test 1", "Test 2", "Test 3"]
    cellule = _cellule(tests, 2, "test", "test-3")
    bouton = page.locator("[data-role=probas-cellule][data-entree='2'][data-action=test][data-cible=test-3]")
    assert "E\u00a0" + fr(cellule["esperance"]["valeur"]) in bouton.inner_text()
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in bouton.inner_text()
    assert page.locator(f"{MATRICE} [data-action=attaque]").count() == 0  # one group at a time
    capture(page, "probas-liste-tamashii-tests.png")

    # The attack roll: the Soldat's ATT from the data, the Walker's typed, the other Body asked for.
    page.select_option("[data-role=probas-groupe]", "attaque")
    page.wait_for_selector(f"{MATRICE} [data-action=attaque-puissance]", timeout=60_000)
    attaque = _attendu(texte, "attaque")
    for entree, action in ((0, "attaque-puissance"), (2, "attaque")):
        cellule = _cellule(attaque, entree, action, "cadre-x-1")
        bouton = page.locator(f"[data-role=probas-cellule][data-entree='{entree}'][data-action={action}]"
                              "[data-cible=cadre-x-1]")
        assert "E\u00a0" + fr(cellule["esperance"]["valeur"]) in bouton.inner_text()
    assert "Second Corps" in page.locator(f"{MATRICE} tbody tr").nth(1).inner_text()
    # The exact fractions of one cell, on demand.
    page.locator("[data-role=probas-cellule][data-entree='0'][data-action=attaque-puissance]"
                 "[data-cible=cadre-x-1]").click()
    detail = page.locator("[data-role=probas-detail]")
    detail.locator("[data-role=probas-fractions] summary").click()
    page.wait_for_selector("[data-role=probas-fractions-table]", timeout=60_000)
    exacte = _cellule(_attendu(texte, "attaque", fractions=True), 0, "attaque-puissance", "cadre-x-1")
    lignes = detail.locator("[data-role=probas-fractions-table] tbody tr")
    assert lignes.count() == len(exacte["distribution"])
    for rang, d in enumerate(exacte["distribution"]):
        assert lignes.nth(rang).locator("td").nth(1).inner_text() == d["fraction"]
    capture(page, "probas-liste-tamashii-attaque.png")

    # The trace roll.
    page.select_option("[data-role=probas-groupe]", "trace")
    page.wait_for_selector(f"{MATRICE} [data-action=trace]", timeout=60_000)
    cellule = _cellule(_attendu(texte, "trace"), 1, "trace", "trace-2")
    bouton = page.locator("[data-role=probas-cellule][data-entree='1'][data-action=trace][data-cible=trace-2]")
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in bouton.inner_text()

    # The group test Taro leads, then Ren and Sora (3 players: 3 to 12 successes).
    page.select_option("[data-role=probas-groupe]", "test-de-groupe")
    page.wait_for_selector(f"{MATRICE} [data-action=test-de-groupe]", timeout=60_000)
    cellule = _cellule(_attendu(texte, "test-de-groupe"), 2, "test-de-groupe", "groupe-6")
    bouton = page.locator("[data-role=probas-cellule][data-entree='2'][data-action=test-de-groupe][data-cible=groupe-6]")
    assert "≥1\u00a0" + pourcent(cellule["au_moins_un"]["probabilite"]) in bouton.inner_text()
    capture(page, "probas-liste-tamashii-groupe.png")
    onglet.verifier_propre()
