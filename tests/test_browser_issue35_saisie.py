"""Issue 35, item 1: the builder « Composer et vérifier » by taps only, in Chromium at 390 × 844.

1. Every number has − / + beside it: a tap changes the list once (one « Annuler »), within the
   field's minimum and maximum; the total follows (the expected total comes from the data's cost
   table, tests/test_browser_composer.cout_figurine).
2. Values from a known set are picked, never typed: Bataille d6's objet and sorts (named from
   data/bataille-d6/objets.yaml and sorts.yaml, the list keeps the d6 result), Tamashii's scenario
   (named from data/tamashii/scenarios.yaml) and augmentations de départ (boxes named by the
   schema's x-noms).
3. A Khârn-Âges card gets its identifier from its name; the list names it by that identifier. So
   does the equipment of a card; its « Profil de base » is picked by name.
5. Open sets (`x-parmi`) are picked, with « Autre (à nommer)… » for one more, typed as a name:
   Tamashii's tuile de départ (the book's starting tiles) and Corps (data/tamashii/profils.yaml), Hate's
   chronicle players (those of the journal) and scenarios (data/hate/scenarios.yaml); its figures of a
   battle are boxes named by the list's entries (`x-entree`).
4. For each game, with an example list, its first entry open with every fold open, and the
   new-entry form: no text box but for a field the schema leaves free (a string with no enum,
   x-donnees, x-cles or x-valeurs: a name, a free text).

One page per game, opened once for the module.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser_support import Onglet
from tests.composer_support import TOTAL, attendre_rapport, ouvrir, saisir
from tests.test_browser_composer import carte as ouvrir_entree
from tests.test_browser_composer import cout_figurine
from tests.test_browser_issue23 import exemple

ROOT = Path(__file__).resolve().parent.parent
JEUX = ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"]
EDITEUR = "[data-compendium-cartes]"
CONNUES = ("enum", "const", "x-donnees", "x-cles", "x-valeurs", "x-parmi")
# The text boxes of the tool, with the schema key of their field (the new-entry form's `cpd-nouvelle-<key>`).
TEXTES = """() => [...document.querySelectorAll('[data-compendium-outil=verifier] input')]
  .filter((e) => (e.type === 'text' || !e.getAttribute('type')) && e.checkVisibility() && !e.closest('[data-compendium-cartes]'))
  .map((e) => ({id: e.id, champ: e.id.startsWith('cpd-nouvelle-') ? e.id.slice(13)
      : (e.closest('[data-champ]') ? e.closest('[data-champ]').dataset.champ : '')}))"""


def donnees(jeu: str, fichier: str) -> dict:
    return yaml.safe_load((ROOT / "data" / jeu / fichier).read_text(encoding="utf-8"))


def schema(jeu: str) -> dict:
    return json.loads((ROOT / "schemas" / f"liste-{jeu}.schema.json").read_text(encoding="utf-8"))


def champs_libres(racine: dict) -> set[str]:
    """The keys of the schema's fields whose values come from no known set: free strings (or
    arrays of them), and maps whose keys the player names. A key known anywhere is not free."""
    libres: set[str] = set()
    connues: set[str] = set()

    def suivre(n: Any) -> dict:
        for _ in range(10):
            if isinstance(n, dict) and isinstance(n.get("$ref"), str):
                cible: Any = racine
                for m in n["$ref"].lstrip("#/").split("/"):
                    cible = cible[m]
                n = {**cible, **{k: v for k, v in n.items() if k != "$ref"}}
        return n if isinstance(n, dict) else {}

    def types(n: dict) -> list[str]:
        t = n.get("type", [])
        return t if isinstance(t, list) else [t]

    def voir(cle: str, n0: Any, garde: int) -> None:
        n = suivre(n0)
        if garde > 12 or not n:
            return
        items = suivre(n.get("items")) if isinstance(n.get("items"), dict) else {}
        valeur = items if "array" in types(n) and items else n
        if isinstance(n.get("additionalProperties"), dict) and "propertyNames" not in n:
            libres.add(cle)  # a map of counts: a new key is a name the player gives
        elif any(k in valeur for k in CONNUES) or any(k in n for k in CONNUES):
            connues.add(cle)
        elif "string" in types(valeur):
            libres.add(cle)
        for k, sous in (n.get("properties") or {}).items():
            voir(k, sous, garde + 1)
        for k, sous in (items.get("properties") or {}).items():
            voir(k, sous, garde + 1)

    voir("", racine, 0)
    for definition in racine.get("$defs", {}).values():
        for k, sous in (suivre(definition).get("properties") or {}).items():
            voir(k, sous, 1)
    return libres - connues


@pytest.fixture(scope="module")
def onglet_module(navigateur: object) -> Iterator[Onglet]:
    onglet = Onglet(navigateur)
    yield onglet
    onglet.verifier_propre()
    onglet.contexte.close()


@pytest.fixture(scope="module")
def pages(onglet_module: Onglet, site_url: str) -> Iterator[Any]:
    """One phone-sized page per game, opened on its builder the first time it is asked for."""
    ouvertes: dict[str, object] = {}

    def page_de(jeu: str) -> object:
        if jeu not in ouvertes:
            page = onglet_module.page if not ouvertes else onglet_module.nouvelle_page()
            page.set_viewport_size({"width": 390, "height": 844})
            ouvrir(page, site_url + jeu + "/verifier/")
            ouvertes[jeu] = page
        return ouvertes[jeu]

    yield page_de


def texte_yaml(page: object) -> dict:
    return yaml.safe_load(page.input_value("#cpd-liste"))


def charger(page: object, liste: dict) -> None:
    saisir(page, json.dumps(liste, ensure_ascii=False))
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n",
                           arg=len(liste.get("entrees") or []), timeout=60_000)
    attendre_rapport(page)


def taper(page: object, selecteur: str) -> None:
    """One tap, then the engine's report on the list it made."""
    page.click(selecteur)
    attendre_rapport(page)


def total(page: object) -> int:
    return int(page.get_attribute(TOTAL, "data-cout"))


def options(page: object, selecteur: str) -> list[str]:
    return page.eval_on_selector_all(f"{selecteur} option", "os => os.map((o) => o.textContent)")


# --- 4. No text box for a value of a known set (first: each page is fresh) ------------------------


@pytest.mark.parametrize("jeu", JEUX)
def test_aucune_saisie_hors_noms_et_textes_libres(pages: Any, jeu: str, output_dir: Path) -> None:
    page = pages(jeu)
    charger(page, exemple(jeu))
    corps = ouvrir_entree(page, 0)
    # Every fold of the envelope and of the entry, nested ones too, from the outside in.
    ouvrir_plis = """() => { const d = [...document.querySelectorAll('[data-role=composer] details:not([open])')]
      .find((x) => x.querySelector(':scope > summary') && x.querySelector(':scope > summary').checkVisibility());
      if (!d) return false; d.querySelector(':scope > summary').click(); return true; }"""
    for _ in range(60):
        if not page.evaluate(ouvrir_plis):
            break
    attendre_rapport(page)
    assert page.locator("#cpd-ajouter-entree, [data-role=ajouter-recherche], #cpd-ajouter-recherche").count() >= 1
    libres = champs_libres(schema(jeu))
    textes = page.evaluate(TEXTES)
    assert textes, "aucune zone de texte : le nom de la liste au moins en est une"
    tapees = [t for t in textes if t["champ"] not in libres]
    assert not tapees, f"{jeu} : valeurs à choisir tapées au clavier : {tapees} (libres : {sorted(libres)})"
    corps.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / f"issue35-saisie-{jeu}-390.png"))


# --- 1. Steppers ------------------------------------------------------------------------------------


def test_bataille_d6_plus_moins(pages: Any) -> None:
    page = pages("bataille-d6")
    liste = {"jeu": "bataille-d6", "format": 500,
             "entrees": [{"nom": "Lanciers", "nombre": 5, "mouvement": 9, "melee": 2, "tir": 0, "armure": 1}]}
    charger(page, liste)
    assert total(page) == 5 * cout_figurine(9, 2, 0, 1)
    ouvrir_entree(page, 0)
    champ = "#cpd-c-entrees-0-"
    # − / + are 44 px targets, 8 px from the number.
    moins, nombre, plus = (page.locator(champ + s).bounding_box() for s in ("nombre-moins", "nombre", "nombre-plus"))
    assert min(moins["width"], moins["height"], plus["width"], plus["height"]) >= 44
    assert nombre["x"] - (moins["x"] + moins["width"]) >= 8 and plus["x"] - (nombre["x"] + nombre["width"]) >= 8

    taper(page, champ + "nombre-plus")
    assert texte_yaml(page)["entrees"][0]["nombre"] == 6
    assert page.input_value(champ + "nombre") == "6"
    assert total(page) == 6 * cout_figurine(9, 2, 0, 1)
    # One tap, one change: « Annuler » once gives the 5 back.
    taper(page, "[data-role=annuler]")
    assert texte_yaml(page)["entrees"][0]["nombre"] == 5
    assert total(page) == 5 * cout_figurine(9, 2, 0, 1)

    # Mêlée 1 to 5 (schema): at 1, − is off; Armure up to 5, then + is off.
    ouvrir_entree(page, 0)
    taper(page, champ + "melee-moins")
    assert texte_yaml(page)["entrees"][0]["melee"] == 1
    assert page.locator(champ + "melee-moins").is_disabled()
    for _ in range(4):
        taper(page, champ + "armure-plus")
    assert texte_yaml(page)["entrees"][0]["armure"] == 5
    assert page.locator(champ + "armure-plus").is_disabled()
    assert total(page) == 5 * cout_figurine(9, 1, 0, 5)
    # Typing still works.
    page.fill(champ + "tir", "2")
    page.press(champ + "tir", "Tab")
    attendre_rapport(page)
    assert texte_yaml(page)["entrees"][0]["tir"] == 2
    assert total(page) == 5 * cout_figurine(9, 1, 2, 5)


# --- 2. Known values picked ---------------------------------------------------------------------------


def test_bataille_d6_objet_et_sorts_choisis_par_leur_nom(pages: Any) -> None:
    page = pages("bataille-d6")
    charger(page, {"jeu": "bataille-d6", "format": 500,
                   "entrees": [{"nom": "Lanciers", "nombre": 5, "mouvement": 9, "melee": 2, "tir": 0, "armure": 1}]})
    objets = {o["jet"]: o["nom"] for o in donnees("bataille-d6", "objets.yaml")["objets"]}
    sorts = {s["jet"]: s["nom"] for s in donnees("bataille-d6", "sorts.yaml")["sorts"]}
    # The objet: one choice per result of the table, named.
    textes = options(page, "#cpd-nouvelle-objet")
    assert all(any(nom in t for t in textes) for nom in objets.values()), textes
    page.fill("#cpd-nouvelle-nom", "Capitaine")  # a name: the only thing typed
    page.select_option("#cpd-nouvelle-role", '"heros"')
    page.select_option("#cpd-nouvelle-objet", label=f"3 — {objets[3]}")
    page.click("[data-role=ajouter-entree]")
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 2")
    attendre_rapport(page)
    assert texte_yaml(page)["entrees"][1]["objet"] == 3

    # The sorts: two places, each a select of the table's names; the same sort may come twice.
    for place in (0, 1):
        textes = options(page, f"#cpd-nouvelle-sorts-{place}")
        assert all(any(nom in t for t in textes) for nom in sorts.values()), textes
    page.fill("#cpd-nouvelle-nom", "Mage")
    page.select_option("#cpd-nouvelle-role", '"sorcier"')
    page.select_option("#cpd-nouvelle-sorts-0", label=f"2 — {sorts[2]}")
    page.select_option("#cpd-nouvelle-sorts-1", label=f"2 — {sorts[2]}")
    page.click("[data-role=ajouter-entree]")
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 3")
    attendre_rapport(page)
    assert texte_yaml(page)["entrees"][2]["sorts"] == [2, 2]
    # In the open entry: one select per place, the list's values shown by name.
    ouvrir_entree(page, 2)
    page.select_option("#cpd-c-entrees-2-sorts-1", label=f"5 — {sorts[5]}")
    attendre_rapport(page)
    assert texte_yaml(page)["entrees"][2]["sorts"] == [2, 5]
    assert page.locator("#cpd-c-entrees-2-sorts-0 option:checked").inner_text() == f"2 — {sorts[2]}"


def test_tamashii_scenario_et_augmentations_sans_rien_taper(pages: Any) -> None:
    page = pages("tamashii")
    charger(page, {"jeu": "tamashii", "format": 2, "options": {"mode": "cooperatif"}, "entrees": [{"nom": "Kenji", "plateau": 2}]})
    scenarios = {s["id"]: s["nom"] for s in donnees("tamashii", "scenarios.yaml")["scenarios"]}
    enveloppe = page.locator("details.cpd-enveloppe")
    if enveloppe.count() and not enveloppe.first.evaluate("d => d.open"):
        enveloppe.first.locator(":scope > summary").click()
    choix = "#cpd-c-options-scenario"
    textes = options(page, choix)
    assert all(any(t.startswith(nom) for t in textes) for nom in scenarios.values()), textes
    valeur = page.eval_on_selector_all(f"{choix} option", "(os, n) => os.find((o) => o.textContent.startsWith(n)).value",
                                       scenarios["geo-chasse"])
    page.select_option(choix, valeur)
    attendre_rapport(page)
    assert texte_yaml(page)["options"]["scenario"] == "geo-chasse"

    # A player added with boxes and − / +: the augmentations by their names (the schema's x-noms).
    noms = schema("tamashii")["$defs"]["joueur"]["properties"]["augmentations_de_depart"]["items"]["x-noms"]
    page.fill("#cpd-nouvelle-nom", "Aiko")
    page.locator("[data-role=formulaire-entree]").get_by_role("checkbox", name=noms["coop"], exact=True).check()
    avant = page.input_value("#cpd-nouvelle-plateau")
    minimum = schema("tamashii")["$defs"]["joueur"]["properties"]["plateau"]["minimum"]
    page.click("#cpd-nouvelle-plateau-plus")  # empty, the first tap gives the minimum (Plateau 1)
    page.click("[data-role=ajouter-entree]")
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 2")
    attendre_rapport(page)
    joueur = texte_yaml(page)["entrees"][1]
    assert "coop" in joueur["augmentations_de_depart"]  # (the rules may add the ones they force)
    assert joueur["plateau"] == (int(avant) + 1 if avant else minimum)


# --- 3. Identifiers made from names --------------------------------------------------------------------


def identifiant(nom: str) -> str:
    """Lower case, no accents, words joined by hyphens (the catalogue schema's identifier pattern)."""
    sans_accents = unicodedata.normalize("NFD", nom).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", sans_accents).strip("-")


def test_kharn_ages_carte_sans_identifiant_a_inventer(pages: Any) -> None:
    page = pages("kharn-ages")
    page.wait_for_selector(f"{EDITEUR}[data-etat=pret]", timeout=60_000)
    nom = "Éclaireur Âgé du Club"
    ident = identifiant(nom)
    for cout in ("40", "45"):  # the same name twice: the second card gets another identifier
        page.locator(f'{EDITEUR} [data-section="profils"]').get_by_role("button", name="Nouveau profil").click()
        form = page.locator(".cpd-fiche-formulaire")
        assert form.get_by_label("Identifiant du profil").count() == 0
        form.get_by_label("Nom", exact=True).fill(nom)
        form.get_by_label("Niveau").fill("1")
        form.get_by_label("Coût").fill(cout)
        form.get_by_role("button", name="Enregistrer la carte").click()
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{ident}"]').wait_for()
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{ident}-2"]').wait_for()
    assert ident not in page.locator(f'{EDITEUR} .cpd-fiche[data-id="{ident}"]').inner_text()  # never shown

    # The builder offers the card; picked, the list names it by that identifier, at its cost.
    liste = exemple("kharn-ages")
    charger(page, liste)
    avant = total(page)
    choix = page.locator(f"[data-role=choix][data-valeur='{ident}']")
    choix.wait_for(timeout=30_000)
    assert nom in choix.inner_text()
    choix.click()
    n = len(liste["entrees"]) + 1
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n", arg=n)
    attendre_rapport(page)
    assert texte_yaml(page)["entrees"][-1]["profil"] == ident
    assert total(page) == avant + 40


def test_kharn_ages_equipement_et_profil_de_base_sans_identifiant(pages: Any) -> None:
    page = pages("kharn-ages")
    page.wait_for_selector(f"{EDITEUR}[data-etat=pret]", timeout=60_000)
    page.locator(f'{EDITEUR} [data-section="profils"]').get_by_role("button", name="Nouveau profil").click()
    form = page.locator(".cpd-fiche-formulaire")
    # « Profil de base »: the game's profiles, by name (data/kharn-ages/profils.yaml), never an id box.
    base = form.get_by_label("Profil de base")
    assert base.evaluate("e => e.tagName") == "SELECT"
    textes = base.locator("option").all_inner_texts()
    profils = donnees("kharn-ages", "profils.yaml")["profils"]
    assert all(any(t.startswith(p["nom"]) for t in textes) for p in profils), textes
    form.get_by_label("Nom", exact=True).first.fill("Capitaine Ferrant")
    form.get_by_label("Niveau").fill("2")
    form.get_by_label("Coût").first.fill("60")
    valeur = base.locator("option", has_text=profils[0]["nom"]).first.get_attribute("value")
    base.select_option(valeur)
    # An equipment of the card: its name and value; no « Identifiant de l'équipement ».
    form.get_by_role("button", name="Ajouter : équipement de base").click()
    ligne = form.locator(".cpd-fiche-ligne").last
    assert ligne.get_by_label("Identifiant de l'équipement").count() == 0
    ligne.get_by_label("Nom").fill("Hache à Deux Mains")
    ligne.get_by_label("Valeur").fill("8")
    form.get_by_role("button", name="Enregistrer la carte").click()
    ident = identifiant("Capitaine Ferrant")
    page.locator(f'{EDITEUR} .cpd-fiche[data-id="{ident}"]').wait_for()
    stockees = page.evaluate("() => JSON.parse(localStorage.getItem('compendium.cartes.kharn-ages')).donnees.profils")
    carte = next(c for c in stockees if c["id"] == ident)
    assert carte["base"] == profils[0]["id"]
    equipement = carte["equipement_de_base"][0]
    assert (equipement["id"], equipement["nom"], equipement["cout"]) == (identifiant("Hache à Deux Mains"), "Hache à Deux Mains", 8)


def ouvrir_plis(page: object) -> None:
    """Every fold of the builder, nested ones too, from the outside in."""
    script = """() => { const d = [...document.querySelectorAll('[data-role=composer] details:not([open])')]
      .find((x) => x.querySelector(':scope > summary') && x.querySelector(':scope > summary').checkVisibility());
      if (!d) return false; d.querySelector(':scope > summary').click(); return true; }"""
    for _ in range(80):
        if not page.evaluate(script):
            break


def choisir(page: object, selecteur: str, debut: str) -> None:
    """Pick the option whose text starts with `debut`, then wait for the report."""
    valeur = page.eval_on_selector_all(f"{selecteur} option", "(os, n) => os.find((o) => o.textContent.startsWith(n)).value", debut)
    page.select_option(selecteur, valeur)
    attendre_rapport(page)


def nommer_autre(page: object, selecteur: str, nom: str) -> None:
    """« Autre (à nommer)… », then the name typed in the box it shows."""
    page.select_option(selecteur, label="Autre (à nommer)…")
    page.fill(f"{selecteur}-autre", nom)
    page.press(f"{selecteur}-autre", "Tab")
    attendre_rapport(page)


def test_tamashii_tuile_de_depart_et_corps_choisis(pages: Any) -> None:
    page = pages("tamashii")
    liste = yaml.safe_load((ROOT / "data/tamashii/listes/06-competitif-etat-en-fin-de-partie.yaml").read_text(encoding="utf-8"))
    charger(page, liste)
    ouvrir_entree(page, 0)
    ouvrir_plis(page)
    attendre_rapport(page)
    # The starting tiles: the book's Abri and Districts Dévastés, by name and number (tables.yaml).
    table = next(t for t in donnees("tamashii", "tables.yaml")["tables"] if t["id"] == "table-districts-nommes")
    tuiles = [f"{r['nom']} ({r['numero']})" for r in table["lignes"] if r["nom"] in ("Abri", "District Dévasté")]
    tuile = "#cpd-c-entrees-0-tuile_depart"
    assert tuiles and all(t in options(page, tuile) for t in tuiles), options(page, tuile)
    choisir(page, tuile, tuiles[-1])
    assert texte_yaml(page)["entrees"][0]["tuile_depart"] == "district-devaste-" + tuiles[-1].split("(")[1].rstrip(")")
    # Corps Avancés: the book's named card; Corps actif: the Marcheur and the player's Corps Avancés.
    corps = {p["categorie"]: p for p in donnees("tamashii", "profils.yaml")["profils"] if p["id"] in ("marcheur", "soldat")}
    avances = "#cpd-c-entrees-0-etat-corps_avances"
    assert corps["Corps Avancé"]["nom"] in options(page, avances + "-1")
    nommer_autre(page, avances + "-1", "Second Corps")
    assert texte_yaml(page)["entrees"][0]["etat"]["corps_avances"] == [liste["entrees"][0]["etat"]["corps_avances"][0], "Second Corps"]
    actif = "#cpd-c-entrees-0-etat-corps_actif"
    assert {corps["Corps"]["nom"], "Second Corps", *liste["entrees"][0]["etat"]["corps_avances"]} <= set(options(page, actif))
    choisir(page, actif, "Second Corps")
    assert texte_yaml(page)["entrees"][0]["etat"]["corps_actif"] == "Second Corps"
    choisir(page, actif, corps["Corps"]["nom"])
    assert texte_yaml(page)["entrees"][0]["etat"]["corps_actif"] == corps["Corps"]["id"]
    assert not [t for t in page.evaluate(TEXTES) if t["champ"] in ("tuile_depart", "corps_actif", "corps_avances")]


def test_hate_journal_joueurs_et_scenarios_choisis(pages: Any) -> None:
    page = pages("hate")
    liste = yaml.safe_load((ROOT / "data/hate/listes/24-chronique-avec-journal.yaml").read_text(encoding="utf-8"))
    charger(page, liste)
    ouvrir_plis(page)
    attendre_rapport(page)
    joueurs = [j["nom"] for j in liste["journal"]["joueurs"]]
    scenarios = [s["nom"] for s in donnees("hate", "scenarios.yaml")["scenarios"]]
    base = "#cpd-c-journal-affrontements-0"
    for champ in (f"{base}-attaquant", f"{base}-joueurs-0", f"{base}-batailles-0-vainqueur", "#cpd-c-journal-finale-defenseur"):
        assert [o for o in options(page, champ) if o in joueurs] == joueurs, (champ, options(page, champ))
    assert set(scenarios) <= set(options(page, f"{base}-batailles-0-scenario"))
    choisir(page, "#cpd-c-journal-finale-defenseur", joueurs[1])
    assert texte_yaml(page)["journal"]["finale"]["defenseur"] == joueurs[1]
    choisir(page, f"{base}-batailles-1-scenario", scenarios[0])
    ident = next(s["id"] for s in donnees("hate", "scenarios.yaml")["scenarios"] if s["nom"] == scenarios[0])
    assert texte_yaml(page)["journal"]["affrontements"][0]["batailles"][1]["scenario"] == ident
    # Another sheet, named: its identifier is made from the name.
    nommer_autre(page, "#cpd-c-journal-finale-scenario", "Fiche des Marais")
    assert texte_yaml(page)["journal"]["finale"]["scenario"] == identifiant("Fiche des Marais")
    # The figures of a battle: one box per entry of the tribe, named (the first by its name).
    tuees = f"{base}-batailles-0-tuees"
    noms = page.eval_on_selector_all(f"[id^='{tuees[1:]}-'] + label", "ls => ls.map((l) => l.textContent)")
    assert len(noms) == len(liste["entrees"]) and noms[0].startswith("1 — " + liste["entrees"][0]["nom"]), noms
    avant = liste["journal"]["affrontements"][0]["batailles"][0]["tuees"]
    nouvelle = next(n for n in range(1, len(liste["entrees"]) + 1) if n not in avant)
    page.click(f"{tuees}-{nouvelle - 1}")
    attendre_rapport(page)
    assert texte_yaml(page)["journal"]["affrontements"][0]["batailles"][0]["tuees"] == sorted([*avant, nouvelle])
    libres = champs_libres(schema("hate"))
    assert not [t for t in page.evaluate(TEXTES) if t["champ"] in ("attaquant", "vainqueur", "defenseur", "scenario", "cible", "origine",
                                                                     "voisins", "joueurs", "figurines", "tuees") and t["champ"] not in libres]
