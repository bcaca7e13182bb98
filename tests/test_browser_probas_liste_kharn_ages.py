"""« Probabilités de ma liste » for Khârn-Âges in headless Chromium (issue 16, part 1).

The profile cards come from the player's catalogue (« Mes cartes », here the site's model
catalogue): the view on the « Composer et vérifier » page shows each entry's attacks against
every card, with the values of the Python engine run here (whose cells are checked by brute
force in tests/test_probas_liste_kharn_ages.py). Without cards it says what is missing.
"""
from __future__ import annotations

from pathlib import Path

from browser_engine.catalogue import fusionner_catalogue
from browser_engine.cli import charger_donnees
from browser_engine.probas_liste import action_probas
from browser_engine.reader import lire_document, lire_liste
from tests.browser_support import Onglet, attendre_moteur
from tests.probas_liste_support import ecrire_liste, fr

ROOT = Path(__file__).resolve().parent.parent
DOSSIER = ROOT / "data" / "kharn-ages"
MATRICE = "[data-role=probas-matrice]"
LISTE = """jeu: kharn-ages
nom: Capitaine et soldats
format: 500
options: {faction: kharns}
entrees:
  - profil: capitaine-fictif
    leader: true
    ajoute: [arc-fictif]
  - profil: soldat-fictif
  - profil: soldat-fictif-arbaletrier
"""
ADVERSE = """jeu: kharn-ages
nom: Les gardes
format: 500
profils:
  - {id: garde, nom: Garde inventé, niveau: 2, cout: 60, caracteristiques: {V: 3, P: 2, A: 3, C: 2, stature: 3, PV: 7}}
entrees:
  - {profil: garde, nom: Garde du col}
"""


def _attendu() -> dict:
    donnees = charger_donnees("kharn-ages")
    catalogue = lire_document((DOSSIER / "catalogues" / "modele-de-saisie.yaml").read_text(encoding="utf-8"))
    liste = fusionner_catalogue(donnees, lire_liste(LISTE), catalogue)
    return action_probas(donnees, liste, {"groupe": ""})


def test_attaques_contre_les_cartes_du_catalogue(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    """The captain's attack and shot against the model cards match the Python engine."""
    page = onglet.page
    page.goto(site_url + "kharn-ages/verifier/")
    attendre_moteur(page)
    page.select_option("#cpd-catalogue-exemple", label="Modèle de saisie (profils fictifs)")
    ecrire_liste(page, LISTE)
    page.wait_for_selector("[data-role=etat].cpd-etat--valide, [data-role=etat].cpd-etat--invalide", timeout=60_000)
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector(MATRICE, timeout=120_000)
    attendu = _attendu()
    entetes = page.locator(f"{MATRICE} thead th").all_inner_texts()
    assert [t.split("\n")[0] for t in entetes] == ["Entrée"] + [c["nom"] for c in attendu["cibles"]]
    assert page.locator(f"{MATRICE} tbody tr").count() >= len(attendu["entrees"])
    capitaine = attendu["entrees"][0]
    for action in capitaine["actions"]:
        cellule = action["cellules"][0]
        bouton = page.locator(f"[data-role=probas-cellule][data-entree='0'][data-action={action['id']}]"
                              f"[data-cible={cellule['cible']}]")
        assert "E\u00a0" + fr(cellule["esperance"]["valeur"]) in bouton.inner_text()
    # The detail of a cell: the chance to take the target out (all its PV lost).
    cellule = capitaine["actions"][0]["cellules"][0]
    page.locator(f"[data-role=probas-cellule][data-entree='0'][data-action=melee][data-cible={cellule['cible']}]").click()
    detail = page.locator("[data-role=probas-detail]")
    terrassee = f"{cellule['hors_de_combat']['probabilite'] * 100:.2f}".replace(".", ",") + "\u00a0%"
    pv = attendu["cibles"][0]["figurines"]
    assert f"Cible terrassée ({pv} PV) : {terrassee}" in detail.inner_text()
    detail.screenshot(path=str(output_dir / "probas-liste-kharn-ages-detail.png"), animations="disabled",
                      timeout=120_000)
    # The cards of level II are another group, computed when it is picked.
    assert page.locator("[data-role=probas-groupe] option").count() == 6
    page.select_option("[data-role=probas-groupe]", "cartes-niveau-2")
    page.wait_for_function("() => document.querySelector('[data-role=probas-matrice] thead')"
                           "?.textContent.includes('Mage fictif')", timeout=120_000)
    # Ma liste contre la sienne: an opposing list with its own card becomes the shown group.
    page.locator("[data-role=probas-adverse-bloc] summary").click()
    page.fill("[data-role=probas-adverse]", ADVERSE)
    page.wait_for_function("() => document.querySelector('[data-role=probas-matrice] thead')"
                           "?.textContent.includes('Garde du col')", timeout=120_000)
    assert page.input_value("[data-role=probas-groupe]") == "adverse"
    # The entry whose card has no characteristics says why, in the row.
    assert "manquantes" in page.locator(MATRICE).inner_text()
    page.locator("[data-role=probas-liste]").screenshot(path=str(output_dir / "probas-liste-kharn-ages.png"),
                                                       animations="disabled", timeout=120_000)


def test_sans_cartes_la_vue_dit_ce_qui_manque(onglet: Onglet, site_url: str) -> None:
    """The book's example list without a catalogue: no matrix, the missing cards named."""
    page = onglet.page
    page.goto(site_url + "kharn-ages/verifier/")
    attendre_moteur(page)
    ecrire_liste(page, (DOSSIER / "listes" / "01-guerrier-mongo-du-livre.yaml").read_text(encoding="utf-8"))
    page.wait_for_selector("[data-role=etat].cpd-etat--valide, [data-role=etat].cpd-etat--invalide", timeout=60_000)
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector("[data-role=probas-manquant]", timeout=120_000)
    manquant = " ".join(page.locator("[data-role=probas-manquant]").all_inner_texts())
    assert "« Mes cartes »" in manquant and "caractéristiques" in manquant
    assert page.locator(MATRICE).count() == 0
