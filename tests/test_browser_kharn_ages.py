"""Khârn-Âges tool pages in headless Chromium (Playwright, sync API), the engine running in real Pyodide.

* Vérifier un Fer de Lance: a list whose profile is not supplied is refused; loading the book's
  example catalogue from a file makes it valid, with the cost the command line gives with
  `--catalogue`; the catalogue survives a reload, can be removed, and a broken catalogue gets a
  French error panel.
* The opposed-roll calculator: the page's exact P(attack succeeds) equals an independent
  brute-force enumeration (tests/test_odds_kharn_ages.py).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from tests.browser_support import attendre_moteur, calculer, surveiller_reseau

ROOT = Path(__file__).resolve().parent.parent
JEU = "kharn-ages"
OUTIL = "[data-compendium-outil=verifier]"
LISTE_SANS_PROFIL = ROOT / "data" / JEU / "listes" / "12-invalide-profil-non-fourni.yaml"
CATALOGUE_DU_LIVRE = ROOT / "data" / JEU / "catalogues" / "exemple-du-livre.yaml"
CATALOGUE_FAUX = ROOT / "tests" / "fixtures" / JEU / "catalogue-invalide.yaml"


@pytest.fixture
def page(navigateur: object) -> Iterator[object]:
    contexte = navigateur.new_context()
    sorties = surveiller_reseau(contexte)
    erreurs_js: list[str] = []
    onglet = contexte.new_page()
    onglet.on("pageerror", lambda e: erreurs_js.append(str(e)))
    yield onglet
    contexte.close()
    assert sorties == [], f"requêtes hors de 127.0.0.1 : {sorties}"
    assert erreurs_js == [], f"erreurs JavaScript : {erreurs_js}"


def attendre_etat(page: object, attendu: str) -> None:
    page.wait_for_function(f"(e) => document.querySelector('{OUTIL}').dataset.etat === e", arg=attendu,
                           timeout=20_000)


def saisir(page: object, texte: str) -> None:
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", texte)


def cli_valider(liste: Path, catalogue: Path | None = None) -> dict:
    commande = [sys.executable, "-m", "browser_engine", "valider", str(liste), "--json"]
    if catalogue is not None:
        commande += ["--catalogue", str(catalogue)]
    run = subprocess.run(commande, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def codes_erreurs(page: object) -> list[str]:
    return page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")


def test_catalogue_charge_depuis_un_fichier(page: object, site_url: str) -> None:
    assert LISTE_SANS_PROFIL.is_file() and CATALOGUE_DU_LIVRE.is_file()
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    assert page.inner_text("[data-role=catalogue-etat]") == "Aucun catalogue chargé."
    saisir(page, LISTE_SANS_PROFIL.read_text("utf-8"))
    attendre_etat(page, "invalide")
    sans = cli_valider(LISTE_SANS_PROFIL)
    assert codes_erreurs(page) == [e["code"] for e in sans["erreurs"]] == ["KA_PROFIL_INCONNU"]

    page.set_input_files("[data-role=catalogue-fichier]", str(CATALOGUE_DU_LIVRE))
    attendre_etat(page, "valide")
    avec = cli_valider(LISTE_SANS_PROFIL, CATALOGUE_DU_LIVRE)
    assert avec["valide"] and avec["cout"] == 75 - 8 + 22  # the book's example: Mkuki swapped for a guisarme
    etat = page.inner_text("[data-role=etat]")
    assert "Liste valide" in etat and f"{avec['cout']} / 300" in etat
    assert page.inner_text("[data-role=catalogue-etat]") == \
        "Catalogue « Exemples du livre » chargé : 1 profil, 2 équipements."
    detail = page.inner_text("[data-role=couts]")
    assert "Guisarme" in detail and "Mkuki" in detail
    assert "Valeur d'initiative : 2" in page.inner_text("[data-role=initiative]")  # one level II figure

    # The catalogue stays in this browser: after a reload the same list is valid at once.
    page.reload()
    attendre_moteur(page)
    assert "gardé dans ce navigateur" in page.inner_text("[data-role=catalogue-etat]")
    saisir(page, LISTE_SANS_PROFIL.read_text("utf-8"))
    attendre_etat(page, "valide")
    # The check's summary keeps saying where the catalogue came from.
    assert page.inner_text("[data-role=catalogue-etat]") == ("Catalogue « Exemples du livre » chargé : 1 profil, "
                                                              "2 équipements (gardé dans ce navigateur, dans « Mon matériel »).")

    page.click("[data-role=catalogue-retirer]")
    attendre_etat(page, "invalide")
    assert codes_erreurs(page) == ["KA_PROFIL_INCONNU"]
    assert page.inner_text("[data-role=catalogue-etat]") == "Aucun catalogue chargé."


def test_catalogue_faux_affiche_un_panneau_d_erreur(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    saisir(page, LISTE_SANS_PROFIL.read_text("utf-8"))
    attendre_etat(page, "invalide")
    page.set_input_files("[data-role=catalogue-fichier]", str(CATALOGUE_FAUX))
    attendre_etat(page, "illisible")
    panneau = page.inner_text("[data-role=panneau-erreur]")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(LISTE_SANS_PROFIL),
                          "--catalogue", str(CATALOGUE_FAUX)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "Catalogue invalide" in panneau and "/profils/0/niveau" in panneau
    assert "/profils/0/niveau" in run.stderr
    # Nothing is lost: the list text is untouched and the catalogue can be removed.
    assert page.input_value("#cpd-liste") == LISTE_SANS_PROFIL.read_text("utf-8")
    page.click("[data-role=catalogue-retirer]")
    attendre_etat(page, "invalide")


def test_calcul_oppose_exact(page: object, site_url: str) -> None:
    from tests.test_odds_kharn_ages import brute_force_opposition

    page.goto(site_url + f"{JEU}/probas/")
    attendre_moteur(page)
    formulaire = page.locator("form[data-compendium-calcul=opposition]")
    valeurs = {"niveau_attaque": 3, "carac_attaque": 8, "niveau_defense": 2, "carac_defense": 7}
    for nom, valeur in valeurs.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(str(valeur))
    formulaire.locator("[data-parametre=maitrise_defense]").check()
    resultat = calculer(formulaire)
    fraction = resultat.locator("[data-issue=reussite]").get_attribute("data-fraction")
    attendu = brute_force_opposition(attaque={"niveau": 3, "carac": 8}, defense={"niveau": 2, "carac": 7,
                                                                                 "maitrise": True})
    assert Fraction(fraction) == attendu
    assert "Attaquant" in formulaire.inner_text() and "Défenseur" in formulaire.inner_text()
