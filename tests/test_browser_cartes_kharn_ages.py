"""The Khârn-Âges card editor on the checker page, in headless Chromium (Playwright, sync API).

A player types a profile card into the form generated from the catalogue schema; the card is
kept in the browser, the checker uses it at once, and the exported YAML is a catalogue the
engine's CLI accepts with the same cost as the page. Names typed by the player stay text.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import Onglet, attendre_moteur
from tests.test_browser_outils import attendre_etat, cli_json, saisir

JEU = "kharn-ages"
EDITEUR = "[data-compendium-cartes]"
HOSTILE = '<img src=x onerror="window.__pirate = 1">Chef <b>de guerre</b>'
# The card's identifier is made from its name (never typed): lower case, no accents, words joined
# by hyphens.
ID_HOSTILE = re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFD", HOSTILE).encode("ascii", "ignore")
                    .decode().lower()).strip("-")
LISTE = """jeu: kharn-ages
nom: Liste avec ma carte
format: 300
options: {faction: kharns}
entrees:
  - profil: PROFIL
    leader: true
""".replace("PROFIL", ID_HOSTILE)


@pytest.fixture
def page_verifier(onglet: Onglet, site_url: str) -> Iterator[object]:
    page = onglet.page
    ouvrir(page, site_url)
    yield page


def ouvrir(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    page.wait_for_selector(f"{EDITEUR}[data-etat=pret]", timeout=60_000)


def section(page: object, cle: str) -> object:
    return page.locator(f'{EDITEUR} [data-section="{cle}"]')


def test_creer_une_carte_verifier_et_exporter(page_verifier: object, site_url: str, output_dir: Path,
                                              tmp_path: Path) -> None:
    page = page_verifier
    # A list that uses a profile nobody has typed yet: the checker refuses it.
    saisir(page, LISTE)
    attendre_etat(page, "invalide", timeout=30_000)

    profils = section(page, "profils")
    profils.get_by_role("button", name="Nouveau profil").click()
    form = page.locator(".cpd-fiche-formulaire")
    form.get_by_label("Nom", exact=True).fill(HOSTILE)
    assert form.get_by_label("Identifiant du profil").count() == 0  # made from the name
    form.get_by_label("Niveau").fill("2")
    # The cost is required: left empty, the form says so in French and keeps the card unsaved.
    form.get_by_role("button", name="Enregistrer la carte").click()
    message = form.locator("[role=alert]")
    assert "« Coût » est obligatoire." in message.inner_text()
    assert "« Coût » est obligatoire." in form.locator(".cpd-fiche-champ", has=page.get_by_label("Coût")).inner_text()
    assert form.get_by_label("Coût").get_attribute("aria-invalid") == "true"
    # Out of the schema's bounds: the message gives them.
    form.get_by_label("Niveau").fill("7")
    form.get_by_role("button", name="Enregistrer la carte").click()
    assert "« Niveau » doit être compris entre 1 et 3." in message.inner_text()
    form.get_by_label("Niveau").fill("2")
    form.get_by_label("Coût").fill("60")
    form.get_by_label("Factions", exact=True).select_option(label="Plusieurs")
    form.get_by_role("checkbox", name="Khârns").check()
    form.get_by_label("Limitation", exact=True).select_option(label="Nombre")
    form.get_by_label("Limitation (nombre)").fill("2")
    form.get_by_label("Vitesse").fill("4")
    form.get_by_label("Points de vie").fill("6")
    form.get_by_role("button", name="Ajouter : compétence").click()
    form.get_by_label("Compétence", exact=True).fill("heroique")
    form.get_by_role("button", name="Ajouter : équipement de base").click()
    # The equipment is named; its identifier (hache-fictive) is made from the name, never typed.
    form.locator(".cpd-fiche-ligne").last.get_by_label("Nom", exact=True).fill("Hache fictive")
    form.get_by_label("Valeur", exact=True).fill("10")
    form.screenshot(path=str(output_dir / "cartes-kharn-ages-formulaire.png"))
    form.get_by_role("button", name="Enregistrer la carte").click()

    carte = profils.locator(f'.cpd-fiche[data-id="{ID_HOSTILE}"]')
    carte.wait_for()
    # The hostile name is shown as typed, as text: no element, no script run.
    assert carte.locator(".cpd-fiche-nom").inner_text() == HOSTILE
    assert page.locator(f"{EDITEUR} img, {EDITEUR} b").count() == 0
    assert page.evaluate("() => window.__pirate") is None
    assert "Coût : 60" in carte.inner_text()
    assert "Khârns" in carte.inner_text()

    # The checker uses the edited catalogue at once: the same list is now valid.
    attendre_etat(page, "valide", timeout=30_000)
    total = page.locator("[data-role=total] strong").inner_text()
    carte.screenshot(path=str(output_dir / "cartes-kharn-ages-carte.png"))

    # Export: a YAML catalogue the CLI accepts, with the same verdict and cost as the page.
    with page.expect_download() as telechargement:
        page.get_by_role("button", name="Exporter le catalogue").click()
    export = tmp_path / telechargement.value.suggested_filename
    telechargement.value.save_as(export)
    assert export.suffix == ".yaml"
    texte = export.read_text(encoding="utf-8")
    assert ID_HOSTILE in texte and not texte.lstrip().startswith("{")
    liste = tmp_path / "liste.yaml"
    liste.write_text(LISTE, encoding="utf-8")
    rapport = cli_json("valider", str(liste), "--catalogue", str(export))
    assert rapport["valide"] is True, rapport["erreurs"]
    assert re.findall(r"\d+", total.replace("\u202f", "").replace("\xa0", ""))[0] == str(rapport["cout"]) == "60"

    # Kept in the browser: after a reload, the card and the valid list are still there.
    ouvrir(page, site_url)
    carte = section(page, "profils").locator(f'.cpd-fiche[data-id="{ID_HOSTILE}"]')
    assert carte.locator(".cpd-fiche-nom").inner_text() == HOSTILE
    attendre_etat(page, "valide", timeout=30_000)

    # Editing it again: the form is filled with the saved values.
    carte.get_by_role("button", name="Modifier").click()
    form = page.locator(".cpd-fiche-formulaire")
    assert form.get_by_label("Coût").input_value() == "60"
    assert form.get_by_role("checkbox", name="Khârns").is_checked()
    assert form.get_by_label("Limitation (nombre)").input_value() == "2"
    form.get_by_label("Coût").fill("400")
    form.get_by_role("button", name="Enregistrer la carte").click()
    attendre_etat(page, "invalide", timeout=30_000)  # 400 Ko do not fit in a 300 Ko format


def test_telephone_dupliquer_supprimer(navigateur: object, site_url: str, output_dir: Path) -> None:
    onglet = Onglet(navigateur)
    try:
        page = onglet.page
        page.set_viewport_size({"width": 390, "height": 844})
        ouvrir(page, site_url)
        page.select_option("#cpd-catalogue-exemple", label="Modèle de saisie (profils fictifs)")
        profils = section(page, "profils")
        profils.locator('.cpd-fiche[data-id="capitaine-fictif"]').wait_for()
        n = profils.locator(".cpd-fiche").count()
        capitaine = profils.locator('.cpd-fiche[data-id="capitaine-fictif"]')
        capitaine.get_by_role("button", name="Dupliquer").click()
        copie = profils.locator('.cpd-fiche[data-id="capitaine-fictif-copie"]')
        copie.wait_for()
        assert profils.locator(".cpd-fiche").count() == n + 1
        largeur = "() => document.documentElement.scrollWidth"
        assert page.evaluate(largeur) <= 390
        capitaine.screenshot(path=str(output_dir / "cartes-kharn-ages-390-carte.png"))
        copie.get_by_role("button", name="Modifier").click()
        form = page.locator(".cpd-fiche-formulaire")
        # No identifier to type; a renamed card keeps the one it was made with (lists name it).
        assert form.get_by_label("Identifiant du profil").count() == 0
        form.get_by_label("Nom", exact=True).first.fill("Soldat renommé")  # the card's (then its equipment's)
        assert page.evaluate(largeur) <= 390
        form.screenshot(path=str(output_dir / "cartes-kharn-ages-390-formulaire.png"))
        form.get_by_role("button", name="Enregistrer la carte").click()
        copie.locator(".cpd-fiche-nom", has_text="Soldat renommé").wait_for()
        copie.get_by_role("button", name="Supprimer").click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-compendium-cartes] [data-section=profils] .cpd-fiche').length === n",
            arg=n)
        assert "supprimé" in page.locator("[data-role=cartes-etat]").inner_text()
        onglet.verifier_propre()
    finally:
        onglet.contexte.close()
