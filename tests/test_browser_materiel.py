"""« Mon matériel » (issue 26) in headless Chromium: the material each book leaves out, typed once.

* A HAMI deck typed by kinds of card gives the same combat odds as the same deck typed card by
  card (the engine run here on the card list, and the previous site's card-by-card storage, which
  the page takes over); the simplest draw is also enumerated here with exact fractions.
* A Hate die typed once on « Mon matériel » is used by the odds page (the book's example preset
  included) and by « Probabilités de ma liste ».
* Export, then import in a fresh browser, restores everything; a damaged stored value is set aside
  and the page starts; a refused write is said.
* axe-core finds no serious or critical violation on the new pages.

Every deck and die here is INVENTED test data: the books print them only on the cards and dice.
No request may leave 127.0.0.1, no dialog, no JavaScript error (the `Onglet` checks).
"""
from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from browser_engine import calculer as calculer_moteur
from browser_engine.cli import charger_donnees
from browser_engine.probas_liste import action_probas
from browser_engine.reader import lire_liste
from tests.browser_support import Onglet, attendre_moteur, calculer
from tests.engine_support import load_bundle
from tests.materiel_support import CHAMPS, carte, saisir_sortes, sortes
from tests.test_browser_composer import accord_avec_cli, texte_yaml
from tests.test_odds_hate import Brute, sans_zero

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ELEMENT = "[data-role=materiel-element]"

# INVENTED 12-card deck (the official one is not in the book's text): 4 kinds, 3 + 4 + 3 + 2 cards.
PAQUET = [carte(1, 0, 0, 1)] * 3 + [carte(2, 1, 0, 0)] * 4 + [carte(0, 0, 1, 1)] * 3 + [carte(0, 0, 0, 0)] * 2
# The same cards one by one, in another order (as a player would have typed them card by card).
CARTE_PAR_CARTE = [PAQUET[i] for i in (0, 3, 7, 10, 1, 4, 8, 11, 2, 5, 9, 6)]
# INVENTED Hate die (the book prints its faces as icons only).
F, P, S, J = "frapper", "parer", "sauvagerie", "joker"
DE = [F, P, S, J]


def distribution_page(zone: Any) -> dict[int, Fraction]:
    """The distribution table of a result: value -> exact fraction (no folded row expected here)."""
    lignes = zone.locator("table[data-role=distribution] tbody tr")
    assert lignes.evaluate_all("rs => rs.filter(r => r.dataset.plie).length") == 0
    return {int(t.replace("\u2212", "-")): Fraction(f) for t, f in lignes.evaluate_all(
        "rs => rs.map(r => [r.querySelector('th').textContent, r.dataset.fraction])")}


def distribution_moteur(resultat: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in resultat["distribution"] if Fraction(d["fraction"])}


def perte(a: tuple[int, int], d: tuple[int, int]) -> int:
    """HAMI line 331: each Lumière and each Ombre of the attacker beyond the defender's costs 1 Essence."""
    return max(0, a[0] - d[0]) + max(0, a[1] - d[1])


def photo(page: Any, chemin: Path, largeur: int) -> None:
    """A whole-page screenshot at a width, from the top (the sticky header stays where it belongs)."""
    page.set_viewport_size({"width": largeur, "height": 900})
    page.evaluate("() => { window.scrollTo(0, 0); if (document.activeElement) document.activeElement.blur(); }")
    page.wait_for_timeout(600)  # Material shows its tabs again once back at the top
    assert page.evaluate("() => document.documentElement.scrollWidth") <= largeur
    page.screenshot(path=str(chemin), full_page=True)


def memoire(page: Any, jeu: str) -> dict[str, Any]:
    """The stored material document of a game, without its date."""
    doc = json.loads(page.evaluate("(c) => localStorage.getItem(c)", f"compendium.materiel.{jeu}") or "null")
    if doc:
        doc.pop("maj", None)
    return doc


# --- HAMI: a deck by kinds of card ----------------------------------------------------------------

def test_paquet_par_sortes_memes_chances_que_carte_par_carte(navigateur: Any, site_url: str, output_dir: Path) -> None:
    bundle = load_bundle("hami")
    reglages = [{"cartes": 1}, {"cartes": 2, "couvert": True, "nuit": True, "main_defenseur": 1}]
    # The engine, on the deck typed card by card.
    attendu = [distribution_moteur(calculer_moteur(bundle, "combat_cartes", {"paquet": CARTE_PAR_CARTE, **r}))
               for r in reglages]
    # Enumerated here: one card each from two decks of this composition, Jour halves.
    jour = [(c["jour"]["lumiere"], c["jour"]["ombre"]) for c in PAQUET]
    simple: dict[int, Fraction] = {}
    for a, d in itertools.product(jour, repeat=2):
        simple[perte(a, d)] = simple.get(perte(a, d), Fraction(0)) + Fraction(1, len(jour) ** 2)
    assert attendu[0] == simple

    vus = []
    onglet = Onglet(navigateur)
    try:
        page = onglet.page
        page.goto(site_url + "hami/materiel/")
        element = page.locator(ELEMENT)
        saisir_sortes(element, PAQUET)
        assert element.locator("tbody tr").count() == 4  # 12 cards, 4 rows, 16 symbol cells at most
        assert element.locator("[data-role=paquet-compte]").inner_text().startswith("12 cartes en 4 sortes.")
        photo(page, output_dir / "materiel-hami-1280.png", 1280)
        photo(page, output_dir / "materiel-hami-390.png", 390)
        # At a phone's width the name column keeps room for a short name (invented here) and the
        # placeholder of a two-digit row: the counts give up their spin buttons, not the name.
        nom = element.locator(".cpd-paquet-nom").first
        for texte in ("Éclipse", ""):
            nom.fill(texte)
            if not texte:
                nom.evaluate("(e) => { e.placeholder = 'sorte 12'; }")
            largeur = nom.evaluate("(e) => { const c = document.createElement('canvas').getContext('2d');"
                                   " const s = getComputedStyle(e); c.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;"
                                   " return [c.measureText(e.value || e.placeholder).width,"
                                   " e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)]; }")
            assert largeur[0] <= largeur[1], (texte, largeur)
        nom.fill("")
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(site_url + "hami/probas/")
        attendre_moteur(page)
        combat = page.locator("form[data-compendium-calcul=combat_cartes]")
        assert "12 cartes en 4 sortes, gardé dans Mon matériel" in combat.locator("[data-role=materiel-ligne]").inner_text()
        for r in reglages:
            combat.locator("[data-parametre=cartes]").fill(str(r["cartes"]))
            combat.locator("[data-parametre=couvert]").set_checked(r.get("couvert", False))
            combat.locator("[data-parametre=nuit]").set_checked(r.get("nuit", False))
            combat.locator("[data-parametre=main_defenseur]").fill(str(r.get("main_defenseur", 0)))
            vus.append(distribution_page(calculer(combat, 60_000)))
        onglet.verifier_propre()
    finally:
        onglet.contexte.close()
    assert vus == attendu

    # The same cards typed one by one in the previous site's editor (its storage key): a fresh browser.
    avant = Onglet(navigateur)
    try:
        page = avant.page
        page.goto(site_url + "hami/")
        tapees = [{"nom": "", **{m: {s: str(c[m][s]) for s in ("lumiere", "ombre")} for m in ("jour", "nuit")}}
                  for c in CARTE_PAR_CARTE]
        page.evaluate("(v) => localStorage.setItem('compendium.paquet.hami', v)", json.dumps(tapees))
        page.goto(site_url + "hami/probas/")
        attendre_moteur(page)
        combat = page.locator("form[data-compendium-calcul=combat_cartes]")
        r = reglages[1]
        combat.locator("[data-parametre=cartes]").fill(str(r["cartes"]))
        combat.locator("[data-parametre=couvert]").check()
        combat.locator("[data-parametre=nuit]").check()
        combat.locator("[data-parametre=main_defenseur]").fill("1")
        assert distribution_page(calculer(combat, 60_000)) == attendu[1]
        # Taken over by « Mon matériel »: identical cards became one kind with its count, the old key is gone.
        assert page.evaluate("() => localStorage.getItem('compendium.paquet.hami')") is None
        gardees = memoire(page, "hami")["paquets"]["paquet"]
        assert sorted((int(s["nombre"]), tuple(int(s[m][x] or 0) for m, x in CHAMPS)) for s in gardees) == \
            sorted(sortes(PAQUET))
        avant.verifier_propre()
    finally:
        avant.contexte.close()


# --- Hate: a die typed once ------------------------------------------------------------------------

def saisir_de(element: Any, faces: list[str]) -> None:
    nombre = element.locator("[data-role=des-nombre]")
    nombre.fill(str(len(faces)))
    nombre.press("Tab")
    for rang, face in enumerate(faces):
        element.locator("tbody select").nth(rang).select_option(face)


def test_un_de_saisi_une_fois_sert_aux_probabilites_et_a_ma_liste(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    page.goto(site_url + "hate/materiel/")
    element = page.locator(ELEMENT)
    saisir_de(element, DE)
    assert "4 faces : 1 Frapper, 1 Parer, 1 Sauvagerie, 1 Joker" in element.locator("[data-role=des-etat]").inner_text()
    photo(page, output_dir / "materiel-hate-1280.png", 1280)
    photo(page, output_dir / "materiel-hate-390.png", 390)
    page.set_viewport_size({"width": 1280, "height": 900})

    # The odds page computes with it at once: Worm's sword, 2 dice, a joker counts as a hit (l. 2019).
    page.goto(site_url + "hate/probas/")
    attendre_moteur(page)
    worm = page.locator("form[data-compendium-calcul=worm]")
    worm.locator("[data-role=resultat][data-etat=resultat]").wait_for(timeout=60_000)
    deux = Fraction(sum(1 for a, b in itertools.product(DE, repeat=2) if {a, b} <= {F, J}), len(DE) ** 2)
    assert f"{deux.numerator}/{deux.denominator}" in worm.locator("[data-fraction]").evaluate_all(
        "es => es.map(e => e.dataset.fraction)")
    assert "4 faces : 1 Frapper, 1 Parer, 1 Sauvagerie, 1 Joker, gardé dans Mon matériel" in \
        worm.locator("[data-role=materiel-ligne]").inner_text()

    # The book's example (l. 819-851) computes with it, whatever the player had set before.
    combat = page.locator("form[data-compendium-calcul=combat]")
    combat.locator("[data-parametre=tyran_defense]").check()
    combat.locator("[data-parametre=frappes_bonus_attaque]").fill("2")
    combat.get_by_role("button", name="Exemple du livre").click()
    combat.locator("[data-role=resultat][data-etat=resultat]:not([aria-busy])").wait_for(timeout=60_000)
    assert not combat.locator("[data-parametre=tyran_defense]").is_checked()
    marge, *_ = Brute(tuple(DE), 3 + 1, 3 + 1, libre_defense=True).issues()
    ko = sum((p for m, p in marge.items() if m > 0), Fraction(0))
    zone = combat.locator("[data-role=resultat]")
    assert Fraction(zone.locator("tr[data-issue=ko]").get_attribute("data-fraction")) == ko
    lignes = zone.locator("table[data-role=distribution] tbody tr:not([data-plie])")
    for valeur, fraction in lignes.evaluate_all("rs => rs.map(r => [r.querySelector('th').textContent, r.dataset.fraction])"):
        assert sans_zero(marge)[int(valeur.replace("\u2212", "-"))] == Fraction(fraction)

    # « Probabilités de ma liste » reads the same die: only the card's dice are left to type.
    page.goto(site_url + "hate/verifier/")
    attendre_moteur(page)
    page.select_option("[data-role=exemple]", index=1)
    page.wait_for_selector("[data-role=etat].cpd-etat--valide, [data-role=etat].cpd-etat--invalide", timeout=60_000)
    texte = page.input_value("#cpd-liste")
    page.click("[data-role=probas-ouvrir]")
    de = page.locator("[data-role=probas-saisie][data-cle=de-hate]")
    de.locator("[data-role=materiel-ligne]").wait_for(timeout=60_000)
    assert "4 faces : 1 Frapper, 1 Parer, 1 Sauvagerie, 1 Joker, gardé dans Mon matériel" in \
        de.locator("[data-role=materiel-ligne]").inner_text()
    page.fill("input[data-role=probas-saisie][data-cle=hate-attaque-guerrier]", "2")
    page.wait_for_selector("[data-role=probas-matrice] [data-action=attaque]", timeout=60_000)
    attendu = action_probas(charger_donnees("hate"), lire_liste(texte),
                            {"saisies": {"de-hate": DE, "hate-attaque-guerrier": 2}, "fractions": False, "groupe": ""})
    entree = next(e for e in attendu["entrees"] if e["actions"])
    cellule = entree["actions"][0]["cellules"][1]
    bouton = page.locator(f"[data-role=probas-cellule][data-entree='{entree['index']}'][data-action=attaque]"
                          "[data-cible=defense-2]")
    assert f"{cellule['au_moins_un']['probabilite'] * 100:.2f}".replace(".", ",") in bouton.inner_text()

    # The card's dice typed there are kept with the material, under their name.
    page.goto(site_url + "hate/materiel/")
    valeur = page.locator("[data-role=materiel-valeurs] input[data-cle=hate-attaque-guerrier]")
    assert valeur.input_value() == "2"
    assert "Guerrier" in page.locator("[data-role=materiel-valeurs] label").first.inner_text()


@pytest.mark.parametrize(("jeu", "calcul", "cle", "nom"), [("hate", "combat", "de-hate", "Votre dé de Hate"),
                                                          ("tamashii", "test", "d6-tamashii", "Faces du dé de Joueur")])
def test_sans_de_le_calcul_le_demande_et_mene_a_mon_materiel(onglet: Onglet, site_url: str, jeu: str, calcul: str,
                                                            cle: str, nom: str) -> None:
    """No die invented: a form (Hate's « Exemple du livre » included) names the missing die and links to it."""
    page = onglet.page
    page.goto(site_url + f"{jeu}/probas/")
    attendre_moteur(page)
    formulaire = page.locator(f"form[data-compendium-calcul={calcul}]")
    if jeu == "hate":
        formulaire.get_by_role("button", name="Exemple du livre").click()
    zone = formulaire.locator("[data-role=resultat]")
    zone.locator("[data-role=attente-paquet]").wait_for(timeout=60_000)
    assert zone.get_attribute("data-etat") == "attente"
    attente = zone.locator("[data-role=attente-paquet]").inner_text()
    assert f"({nom})" in attente  # the missing die, by its name in the data
    assert zone.locator("[data-role=materiel-lien]").get_attribute("href").endswith(f"{jeu}/materiel/#{cle}")
    assert zone.locator("table").count() == 0  # nothing computed on an invented die
    assert memoire(page, jeu) is None or not (memoire(page, jeu).get("des") or {}).get(cle)


# --- Khârn-Âges: the cards typed on « Mon matériel » reach the builder ---------------------------------

def test_cartes_de_mon_materiel_dans_le_compositeur(onglet: Onglet, site_url: str, tmp_path: Path) -> None:
    """A card typed on « Mon matériel » is offered by the builder, counted by the checker, printed."""
    page = onglet.page
    page.goto(site_url + "kharn-ages/materiel/")
    page.wait_for_selector("[data-compendium-cartes][data-etat=pret]", timeout=60_000)
    page.get_by_role("button", name="Nouveau profil").click()
    form = page.locator(".cpd-fiche-formulaire")
    form.get_by_label("Nom", exact=True).fill("Éclaireur du club")  # an invented card
    form.get_by_label("Niveau").fill("1")
    form.get_by_label("Coût").fill("40")
    form.get_by_role("button", name="Enregistrer la carte").click()
    page.locator('[data-compendium-cartes] .cpd-fiche[data-id="eclaireur-du-club"]').wait_for()
    assert memoire(page, "kharn-ages")["catalogue"]["texte"].count("eclaireur-du-club") == 1

    page.goto(site_url + "kharn-ages/verifier/")
    attendre_moteur(page)
    assert "gardé dans ce navigateur, dans « Mon matériel »" in page.inner_text("[data-role=catalogue-etat]")
    choix = page.locator("[data-role=choix][data-valeur='eclaireur-du-club']")
    choix.wait_for(timeout=60_000)
    assert "Éclaireur du club" in choix.inner_text() and "40 Kouronnes" in choix.inner_text()
    # The builder adds it; the engine checks the list with the stored cards, as the CLI does with that file.
    page.fill("#cpd-c-format", "300")
    page.press("#cpd-c-format", "Tab")
    page.locator("[data-champ=faction] select").select_option('"kharns"')
    choix.click()
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 1")
    catalogue = tmp_path / "catalogue.yaml"
    catalogue.write_text(memoire(page, "kharn-ages")["catalogue"]["texte"], encoding="utf-8")
    rapport = accord_avec_cli(page, tmp_path, catalogue)
    assert rapport["cout"] == 40  # the card's cost, typed on « Mon matériel »
    assert "eclaireur-du-club" not in json.dumps(texte_yaml(page).get("profils", []))  # never copied into the list
    # « Imprimer ma liste » names the card from « Mon matériel ».
    page.click("[data-role=imprimer]")
    page.wait_for_selector("iframe[title='Feuille de liste à imprimer']", state="attached")
    feuille = page.frame_locator("iframe[title='Feuille de liste à imprimer']").locator("body").inner_text(timeout=10_000)
    assert "Éclaireur du club" in feuille, feuille[:500]
    # Removed on « Mon matériel » in another tab: the checker of this one lets it go.
    autre = onglet.nouvelle_page()
    autre.goto(site_url + "kharn-ages/materiel/")
    autre.get_by_role("button", name="Retirer le catalogue").click()
    page.locator("[data-role=catalogue-bloc][data-charge=non]").wait_for(timeout=10_000)
    choix.wait_for(state="detached", timeout=60_000)


# --- The file: export, import in a fresh browser ------------------------------------------------------

def importer(page: Any, fichier: Path) -> str:
    """Import `fichier` on « Mon matériel » and return the message it brings (files are read asynchronously)."""
    page.eval_on_selector("[data-role=materiel-etat]", "e => { e.textContent = ''; }")
    page.set_input_files("[data-role=materiel-fichier]", str(fichier))
    page.wait_for_function("() => document.querySelector('[data-role=materiel-etat]').textContent.trim() !== ''",
                           timeout=30_000)
    return page.inner_text("[data-role=materiel-etat]")


def test_exporter_puis_importer_dans_un_navigateur_neuf(navigateur: Any, site_url: str, tmp_path: Path) -> None:
    envoi = Onglet(navigateur)
    try:
        page = envoi.page
        page.goto(site_url + "hate/")
        # A value typed earlier in « Probabilités de ma liste » (kept in the material document).
        page.evaluate("() => localStorage.setItem('compendium.materiel.hate', JSON.stringify({format: 'compendium-materiel',"
                      " version: 1, jeu: 'hate', valeurs: {'hate-defense-guerrier': {valeur: '3', nom: 'Guerrier : dés de défense'}}}))")
        page.goto(site_url + "hate/materiel/")
        saisir_de(page.locator(ELEMENT), DE)
        with page.expect_download() as telechargement:
            page.get_by_role("button", name="Exporter mon matériel").click()
        fichier = tmp_path / telechargement.value.suggested_filename
        telechargement.value.save_as(fichier)
        assert fichier.name == "materiel-hate.json"
        contenu = json.loads(fichier.read_text(encoding="utf-8"))
        assert contenu["des"] == {"de-hate": DE}
        assert contenu["valeurs"] == {"hate-defense-guerrier": {"valeur": 3, "nom": "Guerrier : dés de défense"}}
        garde = memoire(page, "hate")
        # Khârn-Âges: a club's catalogue file, loaded as the player's cards, then exported with the material.
        page.goto(site_url + "kharn-ages/materiel/")
        page.wait_for_selector("[data-compendium-cartes][data-etat=pret]", timeout=60_000)
        page.set_input_files("[data-role=materiel-fichier]", str(ROOT / "data" / "kharn-ages" / "catalogues" / "modele-de-saisie.yaml"))
        page.locator("[data-compendium-cartes] .cpd-fiche").first.wait_for(timeout=120_000)
        cartes = page.locator("[data-compendium-cartes] .cpd-fiche").count()
        with page.expect_download() as telechargement:
            page.get_by_role("button", name="Exporter mon matériel").click()
        catalogue = tmp_path / "materiel-kharn-ages.json"
        telechargement.value.save_as(catalogue)
        envoi.verifier_propre()
    finally:
        envoi.contexte.close()

    ami = Onglet(navigateur)
    try:
        page = ami.page
        page.goto(site_url + "hate/materiel/")
        # Files that are not this game's material change nothing.
        message = importer(page, catalogue)
        assert "autre jeu" in message and "Rien n'a changé" in message
        abime = tmp_path / "abime.json"
        abime.write_text('{"format": "compendium-materiel", "jeu": "hate", "des": {"de-hate": 5}}', encoding="utf-8")
        message = importer(page, abime)
        assert "illisible" in message and "Rien n'a changé" in message
        assert memoire(page, "hate") is None
        # The friend's file: everything comes back.
        assert "importé : 2 éléments" in importer(page, fichier)
        assert page.locator(f"{ELEMENT} tbody select").evaluate_all("s => s.map(x => x.value)") == DE
        assert page.locator("[data-role=materiel-valeurs] input[data-cle=hate-defense-guerrier]").input_value() == "3"
        assert memoire(page, "hate") == garde
        page.goto(site_url + "hate/probas/")
        attendre_moteur(page)
        page.locator("form[data-compendium-calcul=worm] [data-role=resultat][data-etat=resultat]").wait_for(timeout=60_000)
        # The Khârn-Âges cards come back too.
        page.goto(site_url + "kharn-ages/materiel/")
        page.wait_for_selector("[data-compendium-cartes][data-etat=pret]", timeout=60_000)
        page.set_input_files("[data-role=materiel-fichier]", str(catalogue))
        page.wait_for_function("(n) => document.querySelectorAll('[data-compendium-cartes] .cpd-fiche').length === n",
                               arg=cartes, timeout=120_000)
        ami.verifier_propre()
    finally:
        ami.contexte.close()


# --- Damaged or refused storage ---------------------------------------------------------------------

def test_stockage_abime_mis_de_cote_et_la_page_demarre(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    cle = "compendium.materiel.hate"
    abime = json.dumps({"format": "compendium-materiel", "jeu": "hate", "des": {"de-hate": [F, P], "autre": 42}})
    page.goto(site_url + "hate/")
    page.evaluate("([c, v]) => localStorage.setItem(c, v)", [cle, abime])
    page.goto(site_url + "hate/materiel/")
    avis = page.locator("[data-role=materiel-avis-abime]")
    avis.wait_for()
    assert f"{cle}.abime" in avis.inner_text()
    assert page.evaluate("(c) => localStorage.getItem(c)", f"{cle}.abime") == abime  # nothing lost
    assert page.locator(f"{ELEMENT} tbody select").evaluate_all("s => s.map(x => x.value)") == [F, P]  # the readable die
    # Not even JSON, with a first backup already there: a second key, the first one kept.
    page.evaluate("([c, v]) => localStorage.setItem(c, v)", [cle, "{pas du json"])
    page.goto(site_url + "hate/probas/")  # a tool page starts too, and asks for the die
    attendre_moteur(page)
    page.locator("form[data-compendium-calcul=worm] [data-role=resultat][data-etat=attente]").wait_for()
    assert page.evaluate("(c) => localStorage.getItem(c)", f"{cle}.abime-2") == "{pas du json"
    assert page.evaluate("(c) => localStorage.getItem(c)", f"{cle}.abime") == abime
    page.goto(site_url + "hate/materiel/")
    saisir_de(page.locator(ELEMENT), DE)
    assert memoire(page, "hate")["des"] == {"de-hate": DE}


def test_ecriture_refusee_le_dit_et_le_de_sert_quand_meme(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.add_init_script("Storage.prototype.setItem = function () { throw new DOMException('plein', 'QuotaExceededError'); };")
    page.goto(site_url + "hate/materiel/")
    saisir_de(page.locator(ELEMENT), DE)
    avis = page.locator("[data-role=materiel-avis-stockage]")
    avis.wait_for()
    assert "n'est pas gardé dans ce navigateur" in avis.inner_text()
    with page.expect_download() as telechargement:
        avis.get_by_role("button", name="Exporter mon matériel").click()
    assert json.loads(Path(telechargement.value.path()).read_text(encoding="utf-8"))["des"] == {"de-hate": DE}


# --- Accessibility ------------------------------------------------------------------------------------

@pytest.mark.parametrize("jeu", ["hami", "hate", "tamashii", "kharn-ages"])
def test_mon_materiel_accessible(onglet: Onglet, site_url: str, jeu: str) -> None:
    """axe-core (a dev dependency, injected from node_modules) finds no serious or critical violation."""
    page = onglet.page
    page.goto(site_url + f"{jeu}/materiel/")
    if jeu == "hami":
        saisir_sortes(page.locator(ELEMENT), PAQUET[:4])
    elif jeu == "hate":
        saisir_de(page.locator(ELEMENT), DE)
    elif jeu == "kharn-ages":
        page.wait_for_selector("[data-compendium-cartes][data-etat=pret]", timeout=60_000)
        page.get_by_role("button", name="Nouveau profil").click()
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => {
      const r = await axe.run(document.querySelector('article'));
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact, cibles: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
    }""")
    assert violations == [], violations
