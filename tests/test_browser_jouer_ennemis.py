"""Tamashii's play mode: one card per attached Enemy (book 003, l. 747, 789, 791), in headless Chromium.

Each Enemy keeps its damage from round to round and is defeated when its Integrity reaches 0: the
player adds an Enemy card to a player's sheet by picking its kind (the game's Enemy profiles, read
here from data/tamashii/profils.yaml; « Autre Ennemi » for a card the book does not describe, its
Integrity typed from the card), taps its Integrity down, discards it; all of it survives a reload.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from tests.browser_support import Onglet
from tests.jouer_support import ouvrir_jouer
from tests.test_browser_jouer import ROOT

JEU = "tamashii"
# The sheets' text without the transient « … ajouté. » notice.
ETAT = """() => [...document.querySelectorAll('[data-role=fiches] article')].map(a => {
  const copie = a.cloneNode(true);
  copie.querySelectorAll('[data-role=ajout-avis]').forEach(e => e.remove());
  return copie.textContent;
})"""


def _donnees() -> tuple[list[dict], dict]:
    profils = yaml.safe_load((ROOT / "data" / JEU / "profils.yaml").read_text("utf-8"))["profils"]
    ajout = yaml.safe_load((ROOT / "data" / JEU / "partie.yaml").read_text("utf-8"))["partie"]["ajouts"][0]
    sortes = [p for p in profils if p.get("categorie") == ajout["categorie"] and isinstance(p.get("caracteristiques"), dict)]
    return sortes, ajout


def test_une_carte_par_ennemi_attache(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    sortes, ajout = _donnees()
    connue = next(p for p in sortes if isinstance(p["caracteristiques"].get("Intégrité"), int))
    integrite = connue["caracteristiques"]["Intégrité"]
    ouvrir_jouer(page, site_url + f"{JEU}/jouer/")
    joueur = page.locator("[data-role=fiches] article[data-sorte=joueur]").first
    nom_joueur = joueur.get_attribute("aria-label")
    bloc = joueur.locator(f"[data-ajout={ajout['id']}]")
    # The kinds come from the data, never typed: the described Enemies, then « Autre Ennemi ».
    options = bloc.locator("select[data-role=ajout-sorte] option").all_inner_texts()
    assert options == [p["nom"] for p in sortes] + [ajout["autre"]]
    assert bloc.locator(".cpj-ajout-titre").inner_text().endswith(": 0")
    assert page.locator("[data-compteur=ennemis]").count() == 0  # no longer a bare counter

    def ajouter(nom: str) -> None:
        page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] select[data-role=ajout-sorte]").select_option(label=nom)
        page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] [data-role=ajouter-ajout]").click()

    def cartes() -> object:
        return page.locator(f"article[data-parent={joueur.get_attribute('data-fiche')}]")

    ajouter(connue["nom"])
    assert cartes().count() == 1
    carte = cartes().first
    assert carte.locator(".cpj-fiche-nom").inner_text().startswith(connue["nom"])
    assert f"{ajout['nom']} à {nom_joueur}" in carte.locator(".cpj-role").inner_text()
    valeur = carte.locator("[data-compteur=integrite-ennemi] .cpj-valeur")
    assert valeur.inner_text() == f"{integrite} / {integrite}"
    carte.locator("[data-pas='-1']").click()
    assert valeur.inner_text() == f"{integrite - 1} / {integrite}"

    # A card the book does not describe: its Integrity is asked for, then it starts there.
    ajouter(ajout["autre"])
    assert cartes().count() == 1
    assert "Saisissez" in page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] [data-role=ajout-avis]").inner_text()
    champ = page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] [data-compteur-saisi=integrite-ennemi] input")
    assert champ.is_visible()
    champ.fill("3")
    page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] [data-role=ajouter-ajout]").click()
    assert cartes().count() == 2
    autre = cartes().nth(1)
    assert autre.locator("[data-compteur=integrite-ennemi] .cpj-valeur").inner_text() == "3 / 3"
    assert autre.locator(".cpj-manquant").count() == 0

    # The same kind twice: numbered.
    ajouter(connue["nom"])
    assert cartes().nth(2).locator(".cpj-fiche-nom").inner_text().startswith(f"{connue['nom']} 2")
    assert page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] .cpj-ajout-titre").inner_text().endswith(": 3")

    # Defeated at 0 Integrity.
    moins = autre.locator("[data-pas='-1']")
    while moins.is_enabled():
        moins.click()
    assert "cpj-fiche--hors" in (autre.get_attribute("class") or "")
    assert autre.locator(".cpj-hors").inner_text() == "Vaincu"

    # Everything survives a reload.
    etat = page.evaluate(ETAT)
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert page.evaluate(ETAT) == etat
    assert cartes().count() == 3

    # Discarded: gone, and still gone after a reload.
    cartes().nth(1).get_by_role("button", name=f"{ajout['retirer']} : {ajout['autre']}").click()
    assert cartes().count() == 2
    assert page.locator(f"[data-fiche={joueur.get_attribute('data-fiche')}] .cpj-ajout-titre").inner_text().endswith(": 2")
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert cartes().count() == 2
    assert cartes().first.locator("[data-compteur=integrite-ennemi] .cpj-valeur").inner_text() == f"{integrite - 1} / {integrite}"
    journal = page.locator("[data-role=journal]").inner_text()
    assert f"{ajout['nom']} à {nom_joueur}" in journal and ajout["retirer"].lower() in journal
    page.set_viewport_size({"width": 390, "height": 844})
    cartes().first.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    page.screenshot(path=str(output_dir / "jouer-tamashii-ennemis-390.png"))
    onglet.verifier_propre()


def test_partie_abimee_sans_plantage(onglet: Onglet, site_url: str) -> None:
    """A stored game whose added cards are malformed still opens, without them."""
    page = onglet.page
    ouvrir_jouer(page, site_url + f"{JEU}/jouer/")
    page.evaluate(f"""() => {{
      const p = JSON.parse(localStorage.getItem('compendium.jouer.{JEU}'));
      p.ajoutees = [{{id: 3}}, null, {{id: 'x', parent: 'e0'}}];
      localStorage.setItem('compendium.jouer.{JEU}', JSON.stringify(p));
    }}""")
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert page.locator("article[data-parent]").count() == 0
    onglet.verifier_propre()
