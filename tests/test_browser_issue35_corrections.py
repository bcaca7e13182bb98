"""Issue 35, item 5: four wrong or lost cases of « Composer et vérifier », in Chromium at 390 × 844.

1. Bataille d6: a refused role on a valid list (one Héros) is said as what the list would be with
   that choice, counting figures as the data's rule does, never as if it described the list shown.
2. Khârn-Âges: an example catalogue never silently replaces the card the player typed: the page
   asks first (in the page, no browser dialog), and « Annuler » loads the typed catalogue back.
3. Khârn-Âges: the « Sorts génériques » picker offers generic spells only, without a cost in
   Kouronnes (the book: generic spells cost nothing), so its labels and the total agree.
4. Hate: the summary bar keeps an activation cost when a figure without cost makes the list invalid.

Every expected value comes from the game data (data/<jeu>/…) or from what the test typed.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.composer_support import TOTAL, attendre_rapport, onglet_telephone, ouvrir, saisir

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
EDITEUR = "[data-compendium-cartes]"


def lire_yaml(*chemin: str) -> object:
    return yaml.safe_load((DATA.joinpath(*chemin)).read_text(encoding="utf-8"))


@pytest.fixture
def page(navigateur: object) -> Iterator[object]:
    """A phone-sized tab (390 × 844) that must not leave 127.0.0.1, open a dialog or throw."""
    yield from onglet_telephone(navigateur)


def ouvrir_entree(page: object, rang: int) -> object:
    ligne = f"li[data-role=entree][data-index='{rang}']"
    page.wait_for_selector(ligne)
    if page.get_attribute(f"{ligne} [data-action=ouvrir]", "aria-expanded") != "true":
        page.click(f"{ligne} [data-action=ouvrir]")
    page.wait_for_selector(f"{ligne} .cpd-ligne-corps")
    return page.locator(ligne)


# --- 1. Bataille d6: a refused Héros on a valid list ----------------------------------------------


def test_bataille_d6_role_refuse_dit_la_liste_apres_ce_choix(page: object, site_url: str, output_dir: Path) -> None:
    liste = lire_yaml("bataille-d6", "listes", "01-gardiens-du-col.yaml")
    regle = next(r for r in lire_yaml("bataille-d6", "regles-liste.yaml")["regles_liste"] if r["id"] == "nombre-de-heros")
    assert regle["somme"] == "nombre"  # the rule counts figures (an entry's `nombre`, 1 by default)
    figures = lambda e: e.get("nombre", 1)  # noqa: E731
    heros = [e for e in liste["entrees"] if e.get("role") == "heros"]
    maximum = math.floor(liste["format"] / 250)
    assert sum(map(figures, heros)) <= maximum  # a valid list, with its Héros
    # A troop of several figures, with no role yet: made a Héros, each of its figures counts.
    rang, troupe = next((i, e) for i, e in enumerate(liste["entrees"]) if "role" not in e and figures(e) > 1
                        and sum(map(figures, heros)) + figures(e) > maximum)
    apres = sum(map(figures, heros)) + figures(troupe)

    ouvrir(page, site_url + "bataille-d6/verifier/")
    saisir(page, yaml.safe_dump(liste, allow_unicode=True, sort_keys=False))
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n",
                           arg=len(liste["entrees"]))
    attendre_rapport(page)
    assert page.get_attribute(TOTAL, "data-etat") == "valide"
    carte = ouvrir_entree(page, rang)
    carte.locator("[data-champ=role] select").focus()
    note = carte.locator("[data-champ=role] [data-role=choix-interdits]")
    note.wait_for(state="visible", timeout=60_000)
    texte = note.inner_text()
    # Said as the list with that choice, never as the list on screen (which has its one Héros).
    assert f"Héros, car avec ce choix : {apres} Héros dans la liste" in texte, texte
    assert f"Héros : {apres} Héros" not in texte
    assert "Chaque figurine d'une entrée Héros compte" in texte
    option = carte.locator("[data-champ=role] option[data-valeur='\"heros\"']")
    assert option.is_disabled()
    assert option.get_attribute("title").startswith("Avec ce choix : ")
    page.screenshot(path=str(output_dir / "issue35-bataille-d6-role-390.png"))


# --- 2. Khârn-Âges: an example catalogue over a typed card ----------------------------------------


def taper_carte(page: object, nom: str, ident: str, cout: str) -> None:
    """Type one profile card in the card editor (the fields the catalogue schema requires); `ident`
    is the identifier the page makes from the name."""
    page.locator(f'{EDITEUR} [data-section="profils"]').get_by_role("button", name="Nouveau profil").click()
    form = page.locator(".cpd-fiche-formulaire")
    form.get_by_label("Nom", exact=True).fill(nom)
    form.get_by_label("Niveau").fill("1")
    form.get_by_label("Coût").fill(cout)
    form.get_by_role("button", name="Enregistrer la carte").click()
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{ident}"]').wait_for()


def test_kharn_ages_exemple_demande_avant_de_remplacer_ma_carte(page: object, site_url: str, output_dir: Path) -> None:
    livre = "assets/catalogues/kharn-ages/exemple-du-livre.yaml"
    modele = "assets/catalogues/kharn-ages/modele-de-saisie.yaml"
    profil_livre = lire_yaml("kharn-ages", "catalogues", "exemple-du-livre.yaml")["profils"][0]["id"]
    profil_modele = lire_yaml("kharn-ages", "catalogues", "modele-de-saisie.yaml")["profils"][0]["id"]
    question = page.locator("[data-role=catalogue-confirmation]")
    ouvrir(page, site_url + "kharn-ages/verifier/")
    page.wait_for_selector(f"{EDITEUR}[data-etat=pret]", timeout=60_000)
    # An example over no catalogue, then over an unchanged example: nothing of the player's, no question.
    page.select_option("#cpd-catalogue-exemple", livre)
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{profil_livre}"]').wait_for()
    page.select_option("#cpd-catalogue-exemple", modele)
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{profil_modele}"]').wait_for()
    assert question.is_hidden()

    # The player types a card into that catalogue.
    taper_carte(page, "Ma carte tapée", "ma-carte-tapee", "33")
    ma_carte = page.locator(f'{EDITEUR} .cpd-fiche[data-id="ma-carte-tapee"]')
    garde = "() => Object.values(localStorage).some((v) => v.includes('ma-carte-tapee'))"
    page.wait_for_function(garde)  # the typed card is kept in this browser

    # An example chosen: the page asks, nothing is replaced yet; « Garder » keeps the card.
    page.select_option("#cpd-catalogue-exemple", livre)
    question.wait_for(state="visible")
    assert "Remplacer" in question.inner_text()
    assert ma_carte.count() == 1
    page.screenshot(path=str(output_dir / "issue35-kharn-ages-question-390.png"))
    page.click("[data-role=catalogue-garder]")
    assert question.is_hidden()
    assert ma_carte.count() == 1
    assert page.evaluate(garde)

    # Chosen again and confirmed: the example replaces it, and « Annuler » brings the card back.
    page.select_option("#cpd-catalogue-exemple", livre)
    question.wait_for(state="visible")
    page.click("[data-role=catalogue-confirmer]")
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{profil_livre}"]').wait_for()
    assert ma_carte.count() == 0
    annuler = page.locator("[data-role=catalogue-annulation] [data-role=catalogue-annuler]")
    annuler.wait_for(state="visible")
    assert annuler.inner_text() == "Annuler"
    annuler.click()
    ma_carte.wait_for()
    page.wait_for_function(garde)
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{profil_modele}"]').wait_for()
    assert page.locator(f'{EDITEUR} .cpd-fiche[data-id="{profil_livre}"]').count() == 0
    assert page.locator("[data-role=catalogue-annulation]").is_hidden()


# --- 3. Khârn-Âges: generic spells are free -------------------------------------------------------


def test_kharn_ages_sorts_generiques_sans_cout_et_total_inchange(page: object, site_url: str) -> None:
    catalogue = lire_yaml("kharn-ages", "catalogues", "modele-de-saisie.yaml")
    mage = next(p for p in catalogue["profils"] if p.get("magicien") is True)
    generiques_donnees = [s["id"] for s in lire_yaml("kharn-ages", "sorts.yaml")["sorts"] if s.get("categorie") == "generique"]
    generiques_catalogue = [s["id"] for s in catalogue["sorts"] if s.get("generique") is True]
    grimoire_catalogue = [s for s in catalogue["sorts"] if not s.get("generique") and isinstance(s.get("cout"), int)]
    assert grimoire_catalogue and generiques_catalogue
    faction = next(f for f in mage["factions"])
    liste = {"jeu": "kharn-ages", "nom": "Mage", "format": 300, "options": {"faction": faction},
             "entrees": [{"profil": mage["id"], "leader": True}]}

    ouvrir(page, site_url + "kharn-ages/verifier/")
    page.select_option("#cpd-catalogue-exemple", "assets/catalogues/kharn-ages/modele-de-saisie.yaml")
    page.wait_for_function("() => document.querySelector('[data-role=catalogue-bloc]').dataset.charge === 'oui'")
    saisir(page, yaml.safe_dump(liste, allow_unicode=True, sort_keys=False))
    attendre_rapport(page)
    page.wait_for_function("(c) => document.querySelector('[data-role=composer-total]').dataset.cout === String(c)",
                           arg=mage["cout"], timeout=60_000)
    carte = ouvrir_entree(page, 0)
    groupe = carte.locator("details[data-champ=sorts_generiques]")
    groupe.locator(":scope > summary").click()
    valeurs = groupe.locator("input[type=checkbox]").evaluate_all("xs => xs.map((x) => JSON.parse(x.dataset.valeur))")
    # Generic spells only (the data's and the catalogue's), never a grimoire spell with its price.
    assert sorted(valeurs) == sorted(set(generiques_donnees + generiques_catalogue))
    assert not {s["id"] for s in grimoire_catalogue} & set(valeurs)
    assert "Kouronnes" not in groupe.inner_text()
    # A generic spell ticked: the total does not move, as the label said.
    groupe.locator(f"input[data-valeur='{json.dumps(generiques_catalogue[0])}']").check()
    page.wait_for_function("(i) => document.querySelector('#cpd-liste').value.includes(i)", arg=generiques_catalogue[0])
    attendre_rapport(page)
    assert page.get_attribute(TOTAL, "data-cout") == str(mage["cout"])


# --- 4. Hate: the activation cost stays in the summary bar ----------------------------------------


def test_hate_cout_d_activation_garde_quand_la_liste_est_invalide(page: object, site_url: str,
                                                                  output_dir: Path) -> None:
    profils = {p["id"]: p for p in lire_yaml("hate", "profils.yaml")["profils"]}
    base = [p["id"] for p in profils.values() if "nombre_par_tribu" in p.get("proprietes", {})
            for _ in range(p["proprietes"]["nombre_par_tribu"])]
    cout = lambda ids: sum(profils[i]["proprietes"]["cout_activation"] for i in ids)  # noqa: E731

    ouvrir(page, site_url + "hate/verifier/")
    page.locator("[data-champ=tribu] select").select_option('"um-rak"')
    page.locator("[data-champ=mode] select").select_option('"bataille-simple"')
    # The tribe is there without a click (issue 35: the rules fill what they force).
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n", arg=len(base))
    page.wait_for_function("() => document.querySelector('#cpd-liste').value.includes('bataille-simple')")
    attendre_rapport(page)
    assert page.get_attribute(TOTAL, "data-cout-activation") == str(cout(base))

    # A mercenaire without its profile yet: the list is invalid, its cost unknown, the others' kept.
    page.click("[data-role=choix][data-valeur='mercenaire']")
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n", arg=len(base) + 1)
    page.wait_for_function("() => document.querySelector('[data-role=composer-total]').dataset.etat === 'invalide'"
                           " && document.querySelector('#cpd-liste').value.includes('mercenaire')", timeout=60_000)
    attendre_rapport(page)
    total = page.inner_text(TOTAL)
    assert "Coût d'activation" in total, total
    assert f"au moins {cout(base)} " in total and "1 figurine sans coût connu" in total, total
    assert page.get_attribute(TOTAL, "data-cout-activation-connu") == str(cout(base))
    page.screenshot(path=str(output_dir / "issue35-hate-activation-390.png"))
