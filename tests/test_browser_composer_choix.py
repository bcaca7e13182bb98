"""« Composer et vérifier »: ids picked from the data, never typed (issue 14), in headless Chromium.

Hate's améliorations, cicatrices and mercenaire, and Khârn-Âges' equipment, are chosen in
controls generated from the list schema's `x-donnees` annotation; refused choices are disabled
with the engine's reason; a profile typed in the card editor appears in the picker; a new list
starts with a format. Expected values come from the engine's CLI
(`python -m browser_engine valider --json`) on the list the page wrote, never from the page.
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.browser_support import Onglet
from tests.test_browser_composer import (
    CATALOGUE_EXEMPLE,
    TRIBU_HATE,
    accord_avec_cli,
    attendre_rapport,
    carte,
    choisir,
    cocher,
    ouvrir,
    rapport_cli,
    texte_yaml,
)

ROOT = Path(__file__).resolve().parent.parent
RAISONS = "[data-role=raison]"


def cout_carte(page: object, rang: int) -> str:
    return carte(page, rang).locator("[data-role=entree-cout]").inner_text()


def cout_cli(rapport: dict, rang: int) -> int:
    ligne = next(x for x in rapport["details"]["entrees"] if x["index"] == rang)
    return ligne.get("cout_total", ligne.get("cout"))


def ouvrir_groupe(page: object, rang: int, champ: str) -> object:
    groupe = carte(page, rang).locator(f"details[data-champ={champ}]")
    if groupe.get_attribute("open") is None:
        groupe.locator(":scope > summary").click()
    return carte(page, rang).locator(f"details[data-champ={champ}]")


def test_hate_amelioration_cicatrice_et_mercenaire_par_clics(onglet: Onglet, site_url: str, tmp_path: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + "hate/verifier/")
    page.locator("[data-champ=tribu] select").select_option('"um-rak"')
    page.locator("[data-champ=mode] select").select_option('"chronique"')
    # The tribe is there without a click (issue 35: the rules fill what they force); the mercenaire is added.
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n", arg=len(TRIBU_HATE))
    page.click("[data-role=choix][data-valeur='mercenaire']")
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 12")
    attendre_rapport(page)
    guerrier = 3
    assert texte_yaml(page)["entrees"][guerrier] == {"type": "guerrier"}

    # Another tribe's amélioration: disabled, with the reason the engine gives for it.
    interdite = "um-tal-b-03"
    essai = texte_yaml(page)
    essai["entrees"][guerrier]["ameliorations"] = [interdite]
    raisons = [e["message"] for e in rapport_cli(tmp_path, essai)["erreurs"]
               if e["code"] == "HATE_SPECIFIQUE_TRIBU" and e["chemin"].startswith(f"/entrees/{guerrier}")]
    assert raisons
    groupe = ouvrir_groupe(page, guerrier, "ameliorations")
    page.wait_for_function("(s) => document.querySelector(s).disabled",
                           arg=f"li[data-role=entree][data-index='{guerrier}'] input[data-valeur='\"{interdite}\"']",
                           timeout=60_000)
    # Another tribe's cards are folded apart, after the player's own: the player opens them.
    groupe.locator("[data-role=autres-groupes] > summary").click()
    ligne = groupe.locator(f"li:has(> input[data-valeur='\"{interdite}\"'])")
    assert raisons[0] in ligne.locator(RAISONS).inner_text()

    # An amélioration and a cicatrice from the lists, clicks only.
    cocher(page, guerrier, "ameliorations", "um-rak-d-03")
    cocher(page, guerrier, "cicatrices", "cicatrice-a-01")
    assert texte_yaml(page)["entrees"][guerrier] == {"type": "guerrier", "ameliorations": ["um-rak-d-03"],
                                                      "cicatrices": ["cicatrice-a-01"]}

    # The mercenary: without its name the engine reports it on its card; one click names it.
    mercenaire = 11
    rapport = accord_avec_cli(page, tmp_path)
    assert "HATE_MERCENAIRE_MANQUANT" in {e["code"] for e in rapport["erreurs"]}
    codes_carte = carte(page, mercenaire).locator("[data-role=entree-erreurs] li").evaluate_all(
        "ls => ls.map(l => l.dataset.code)")
    assert "HATE_MERCENAIRE_MANQUANT" in codes_carte
    choisir(page, mercenaire, "mercenaire", "grock")
    choisir(page, mercenaire, "remplace", "guerrier")
    rapport = accord_avec_cli(page, tmp_path)
    assert "HATE_MERCENAIRE_MANQUANT" not in {e["code"] for e in rapport["erreurs"]}
    assert texte_yaml(page)["entrees"][mercenaire] == {"type": "mercenaire", "mercenaire": "grock", "remplace": "guerrier"}
    assert cout_carte(page, mercenaire).startswith(f"{cout_cli(rapport, mercenaire)} ")
    activation = rapport["details"]["cout_activation"]
    page.wait_for_function("(n) => document.querySelector('[data-role=composer-total]').dataset.coutActivation === n",
                           arg=str(activation), timeout=30_000)


def test_kharn_ages_equipement_par_clics(onglet: Onglet, site_url: str, tmp_path: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + "kharn-ages/verifier/")
    page.select_option("#cpd-catalogue-exemple", "assets/catalogues/kharn-ages/exemple-du-livre.yaml")
    profil = page.locator("[data-role=choix][data-valeur='guerrier-mongo-niveau-2']")
    profil.wait_for()
    page.locator("[data-champ=faction] select").select_option('"kharns"')
    profil.click()
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 1")
    attendre_rapport(page)
    sans = accord_avec_cli(page, tmp_path, CATALOGUE_EXEMPLE)
    groupe = ouvrir_groupe(page, 0, "ajoute")
    catalogue = yaml.safe_load(CATALOGUE_EXEMPLE.read_text(encoding="utf-8"))
    offerts = groupe.locator("input[type=checkbox]").evaluate_all("cs => cs.map(c => JSON.parse(c.dataset.valeur))")
    assert sorted(offerts) == sorted(e["id"] for e in catalogue["equipements"])
    cocher(page, 0, "ajoute", "guisarme")
    avec = accord_avec_cli(page, tmp_path, CATALOGUE_EXEMPLE)
    assert texte_yaml(page)["entrees"][0]["ajoute"] == ["guisarme"]
    guisarme = next(e for e in catalogue["equipements"] if e["id"] == "guisarme")
    assert avec["cout"] == sans["cout"] + guisarme["cout"]
    assert cout_carte(page, 0).startswith(f"{cout_cli(avec, 0)} ")


def test_carte_creee_puis_choisie_dans_le_compositeur(onglet: Onglet, site_url: str, tmp_path: Path) -> None:
    """Card editor → picker: a profile typed once in « Mes cartes » is offered by the builder."""
    page = onglet.page
    ouvrir(page, site_url + "kharn-ages/verifier/")
    page.wait_for_selector("[data-compendium-cartes][data-etat=pret]", timeout=60_000)
    editeur = page.locator('[data-compendium-cartes] [data-section="profils"]')
    editeur.get_by_role("button", name="Nouveau profil").click()
    form = page.locator(".cpd-fiche-formulaire")
    form.get_by_label("Nom", exact=True).fill("Éclaireur du club")
    form.get_by_label("Niveau").fill("1")
    form.get_by_label("Coût").fill("40")
    form.get_by_role("button", name="Enregistrer la carte").click()
    choix = page.locator("[data-role=choix][data-valeur='eclaireur-du-club']")
    choix.wait_for(timeout=30_000)
    assert "Éclaireur du club" in choix.inner_text() and "40 Kouronnes" in choix.inner_text()
    page.locator("[data-champ=faction] select").select_option('"kharns"')
    choix.click()
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 1")
    attendre_rapport(page)
    gardee = page.evaluate("() => JSON.parse(localStorage.getItem('compendium.materiel.kharn-ages')).catalogue")
    fichier = tmp_path / "catalogue.yaml"
    fichier.write_text(gardee["texte"], encoding="utf-8")
    rapport = accord_avec_cli(page, tmp_path, fichier)
    assert texte_yaml(page)["entrees"] == [{"profil": "eclaireur-du-club"}]
    assert cout_cli(rapport, 0) == 40  # the cost typed on the card


def test_nouvelle_liste_avec_son_format(onglet: Onglet, site_url: str, tmp_path: Path) -> None:
    """A new Khârn-Âges or Tamashii list has a format the engine accepts, and the page says where it comes from."""
    page = onglet.page
    for jeu in ("kharn-ages", "tamashii"):
        ouvrir(page, site_url + f"{jeu}/verifier/")
        page.click("[data-role=nouvelle-liste]")
        page.wait_for_function("() => document.querySelector('#cpd-liste').value.includes('format:')")
        liste = texte_yaml(page)
        schema = json.loads((ROOT / "schemas" / f"liste-{jeu}.schema.json").read_text(encoding="utf-8"))
        format_ = schema["properties"]["format"]
        assert isinstance(liste["format"], int) and format_["minimum"] <= liste["format"] <= format_["maximum"]
        rapport = rapport_cli(tmp_path, liste)
        # The CLI names a missing `format` among the missing fields; here it names none, and no
        # error points at the format.
        assert not [e for e in rapport["erreurs"] if e.get("chemin") == "/format"
                    or (e["code"] == "LISTE_CHAMP_MANQUANT" and "« format »" in e["message"])], rapport["erreurs"]
        note = page.locator("[data-role=format-depart]").inner_text()
        assert str(liste["format"]) in note and "livre" in note
