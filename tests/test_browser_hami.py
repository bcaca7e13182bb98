"""HAMI tool pages in headless Chromium (Playwright, sync API), the engine running in real Pyodide.

* Vérifier une Communauté: load an invalid example, read the error, fix the text, see « Liste valide »;
  the page and the command line agree.
* The deck editor (paquet.js) used by the card calculations: no invented deck, nothing computed until
  the player describes one by kinds of card; the deck is kept in « Mon matériel » and shared by
  every card form.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import attendre_moteur, calculer, surveiller_reseau
from tests.engine_support import codes_nommes, entete, load_bundle
from tests.materiel_support import carte, saisir_sortes
from tests.textes_joueur_support import message_joueur

ROOT = Path(__file__).resolve().parent.parent
JEU = "hami"
OUTIL = "[data-compendium-outil=verifier]"
EXEMPLE_INVALIDE = "11-invalide-budget-depasse.yaml"  # its comment: the S'Truk makes 10 points, take a Cracheur



@pytest.fixture
def page(navigateur: object) -> Iterator[object]:
    contexte = navigateur.new_context()
    sorties = surveiller_reseau(contexte)
    erreurs_js: list[str] = []
    dialogues: list[str] = []
    onglet = contexte.new_page()
    onglet.on("pageerror", lambda e: erreurs_js.append(str(e)))
    onglet.on("dialog", lambda d: (dialogues.append(d.message), d.dismiss()))
    yield onglet
    contexte.close()
    assert sorties == [], f"requêtes hors de 127.0.0.1 : {sorties}"
    assert erreurs_js == [], f"erreurs JavaScript : {erreurs_js}"
    assert dialogues == [], f"boîtes de dialogue : {dialogues}"


def attendre_etat(page: object, attendu: str) -> None:
    page.wait_for_function(f"(e) => document.querySelector('{OUTIL}').dataset.etat === e", arg=attendu,
                           timeout=15_000)


def saisir(page: object, texte: str) -> None:
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", texte)


def exemples(page: object) -> dict[str, str]:
    valeurs = page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value).filter(Boolean)")
    return {v.rsplit("/", 1)[-1]: v for v in valeurs}


def cli_valider(chemin: Path) -> dict:
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(chemin), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def test_communaute_invalide_puis_corrigee(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    disponibles = exemples(page)
    assert len(disponibles) >= 12 and EXEMPLE_INVALIDE in disponibles, sorted(disponibles)
    page.select_option("#cpd-exemple", disponibles[EXEMPLE_INVALIDE])
    attendre_etat(page, "invalide")
    texte = page.input_value("#cpd-liste")
    assert texte == (ROOT / "data" / JEU / "listes" / EXEMPLE_INVALIDE).read_text("utf-8")
    assert "Liste invalide : 1 erreur" in page.inner_text("[data-role=etat]")
    codes = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
    messages = page.locator("[data-role=erreurs] .cpd-violation-message").all_inner_texts()
    cli = cli_valider(ROOT / "data" / JEU / "listes" / EXEMPLE_INVALIDE)
    assert codes == [e["code"] for e in cli["erreurs"]] == ["HAMI_POINTS_MAX"]
    # In the player's words (labels and names), as the builder writes them; the CLI keeps the YAML's.
    assert messages == [message_joueur(e, load_bundle(JEU)) for e in cli["erreurs"]]
    assert "10 points pour un budget de 9" in messages[0]
    # The error links to the rule it enforces, inside the site.
    lien = page.locator("[data-role=erreurs] a").first.get_attribute("href")
    assert lien and "hami/communaute/" in lien and "#budget-et-composition" in lien
    assert "10 / 9 points" in page.inner_text("[data-role=total]")
    # One cost row per entry.
    assert page.locator("table[data-role=couts] tbody tr").count() == 3

    # Fix it as the example's comment says: a Cracheur (1 point) instead of the S'Truk (2 points).
    assert "familier: s-truk\n" in texte
    saisir(page, texte.replace("familier: s-truk\n", "familier: cracheur\n"))
    attendre_etat(page, "valide")
    assert "Liste valide" in page.inner_text("[data-role=etat]")
    assert page.locator("[data-role=erreurs]").count() == 0
    assert "9 / 9 points" in page.inner_text("[data-role=total]")


def test_chaque_exemple_comme_la_cli(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    for nom, url in sorted(exemples(page).items()):
        page.select_option("#cpd-exemple", url)
        attendu = "invalide" if "invalide" in nom else "valide"
        page.wait_for_function(
            "(t) => document.querySelector('#cpd-liste').value === t", arg=(ROOT / "data" / JEU / "listes" / nom)
            .read_text("utf-8"), timeout=10_000)
        attendre_etat(page, attendu)
        if attendu == "invalide":
            codes = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
            texte = (ROOT / "data" / JEU / "listes" / nom).read_text("utf-8")
            assert len(codes) == 1 and {codes[0]} == codes_nommes(load_bundle(JEU), entete(texte)), nom


def test_le_verdict_ne_montre_jamais_les_erreurs_de_la_liste_precedente(page: object, site_url: str) -> None:
    """When the tool's state turns to a verdict, the errors on screen are the new list's.

    The detailed report is drawn one frame after the verdict line: the state waits for it, so that
    neither a player nor a test reads two invalid lists' errors mixed (CI failed on this at 22 → 23).
    """
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    disponibles = exemples(page)
    premier, second = "22-invalide-bete-de-somme-hors-herbe.yaml", "23-invalide-sans-jeune.yaml"
    page.select_option("#cpd-exemple", disponibles[premier])
    attendre_etat(page, "invalide")
    page.evaluate("""(outil) => {
        window.__vus = [];
        const racine = document.querySelector(outil);
        new MutationObserver(() => {
            if (racine.dataset.etat !== 'invalide') return;
            window.__vus.push([...racine.querySelectorAll('[data-role=erreurs] li')].map((l) => l.dataset.code));
        }).observe(racine, { attributes: true, attributeFilter: ['data-etat'] });
    }""", OUTIL)
    page.select_option("#cpd-exemple", disponibles[second])
    page.wait_for_function("() => window.__vus.length > 0", timeout=15_000)
    texte = (ROOT / "data" / JEU / "listes" / second).read_text("utf-8")
    attendus = codes_nommes(load_bundle(JEU), entete(texte))
    assert attendus == {"HAMI_JEUNE_MIN"}
    assert [set(v) for v in page.evaluate("() => window.__vus")] == [attendus]
    assert page.locator(f"{OUTIL} [aria-busy=true]").count() == 0


# An INVENTED 4-card deck (the official composition is not in the book's text), day halves only:
# (Lumière, Ombre) = (0, 0), (1, 0), (1, 1), (2, 1). With 2 attacker cards and a defender at cover,
# tests/test_odds_hami.py derives the losses by hand: 0 → 25/36, 1 → 2/9, 2 → 1/12.
PAQUET_INVENTE = [("inventée 0", 0, 0), ("inventée 1", 1, 0), ("inventée 2", 1, 1), ("inventée 3", 2, 1)]


def calculs_a_paquet() -> list[str]:
    """The calculations of the data that take the player's deck (one form each on the page)."""
    import yaml

    calculs = yaml.safe_load((ROOT / "data" / JEU / "calculs.yaml").read_text(encoding="utf-8"))["calculs"]
    return [c["calcul"] for c in calculs if any(p["type"] == "paquet" for p in c.get("parametres", []))]


def repondu(formulaire: object) -> None:
    """Wait until the form shows a result or a French error for the deck it holds."""
    zone = formulaire.locator("[data-role=resultat]")
    formulaire.page.wait_for_function(
        "(z) => (z.dataset.etat === 'resultat' || z.dataset.etat === 'erreur') && !z.hasAttribute('aria-busy')",
        arg=zone.element_handle(), timeout=30_000)
    if zone.get_attribute("data-etat") == "erreur":
        assert "paquet" in zone.inner_text() or "cartes" in zone.inner_text(), zone.inner_text()


def test_editeur_de_paquet(page: object, site_url: str) -> None:
    """No calculation on an invented deck: the page asks for the player's deck, typed by kinds of card,
    keeps it in « Mon matériel » and shares it with every card form."""
    page.goto(site_url + f"{JEU}/probas/")
    attendre_moteur(page)
    formulaires = page.locator("form[data-compendium-calcul]:has([data-type=paquet])")
    assert sorted(f.get_attribute("data-compendium-calcul") for f in formulaires.all()) == sorted(calculs_a_paquet())
    combat = page.locator("form[data-compendium-calcul=combat_cartes]")
    autres = [page.locator(f"form[data-compendium-calcul={c}]") for c in calculs_a_paquet() if c != "combat_cartes"]
    for formulaire in (combat, *autres):
        zone = formulaire.locator("[data-role=resultat]")
        assert zone.get_attribute("data-etat") == "attente"
        assert "Décrivez d'abord votre paquet" in zone.inner_text()
        # The missing deck names where it is described once for every tool.
        assert zone.locator("[data-role=materiel-lien]").get_attribute("href").endswith("hami/materiel/#paquet")
        assert formulaire.locator(".cpd-paquet tbody tr").count() == 0
        assert "exemple" not in formulaire.inner_text().lower()
    # Even « Calculer » computes nothing without a deck.
    combat.locator("button[type=submit]").click()
    assert combat.locator("[data-role=resultat]").get_attribute("data-etat") == "attente"
    assert combat.locator("[data-role=resultat] table").count() == 0

    # A kind of card without its count: still nothing computed, the page says what is missing.
    combat.get_by_role("button", name="Ajouter une sorte de carte").click()
    combat.locator("[data-role=resultat][data-etat=attente]",
                   has_text="indiquez le nombre de cartes de la sorte 1").wait_for(timeout=5_000)
    combat.locator(".cpd-paquet-retirer").click()
    assert combat.locator(".cpd-paquet tbody tr").count() == 0
    # Four kinds of one card each (all different), named; the Nuit halves left empty count as 0.
    saisir_sortes(combat, [carte(lumiere, ombre) for _, lumiere, ombre in PAQUET_INVENTE],
                  [nom for nom, _, _ in PAQUET_INVENTE])
    assert combat.locator(".cpd-paquet tbody tr").last.locator(".cpd-paquet-retirer").get_attribute("aria-label") == \
        "Retirer la sorte 4"
    combat.locator("[data-parametre=cartes]").fill("2")
    combat.locator("[data-parametre=couvert]").check()
    resultat = calculer(combat)
    lignes = resultat.locator("table[data-role=distribution] tbody tr")
    vues = {ligne.locator("th").inner_text(): ligne.get_attribute("data-fraction") for ligne in lignes.all()}
    assert vues == {"0": "25/36", "1": "2/9", "2": "1/12"}

    # The other card forms got the same deck, and ran with it (a 4-card deck is too small for a
    # full hand and lacks the solo deck's 2 no-loss cards: those forms answer with a French error).
    for formulaire in autres:
        repondu(formulaire)
        noms = formulaire.locator(".cpd-paquet-nom").evaluate_all("es => es.map(e => e.value)")
        assert noms == [nom for nom, _, _ in PAQUET_INVENTE]

    # Remembered by the browser: after a reload every form has it, folded to one line, and computes at once.
    page.reload()
    attendre_moteur(page)
    for formulaire in (combat, *autres):
        repondu(formulaire)
        assert formulaire.locator(".cpd-paquet tbody tr").count() == len(PAQUET_INVENTE)
        assert "4 cartes en 4 sortes, gardé dans Mon matériel" in formulaire.locator("[data-role=materiel-ligne]").inner_text()
        assert formulaire.locator(".cpd-paquet tbody").is_hidden()
    combat.locator("[data-role=resultat][data-etat=resultat]").wait_for(timeout=30_000)

    # Cleared: back to asking.
    combat.get_by_role("button", name="Modifier ici").click()
    combat.get_by_role("button", name="Effacer le paquet").click()
    for formulaire in autres:
        formulaire.locator("[data-role=resultat][data-etat=attente]").wait_for(timeout=10_000)


def test_caracteristiques_finales_affichees(page: object, site_url: str) -> None:
    """The checker shows each creature's final characteristics, as the CLI report gives them."""
    fichier = ROOT / "data" / JEU / "listes" / "01-exemple-du-livre.yaml"
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(fichier), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    creatures = json.loads(run.stdout)["details"]["creatures"]
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    page.select_option("#cpd-exemple", exemples(page)[fichier.name])
    attendre_etat(page, "valide")
    lignes = page.locator("table[data-role=creatures] tbody tr")
    assert lignes.count() == len(creatures)
    for i, creature in enumerate(creatures):
        cellules = lignes.nth(i).locator("td").all_inner_texts()
        assert cellules[0] == creature["nom"]
        assert cellules[1:6] == [str(creature[k]) for k in ("M", "C", "T", "E", "actions")]


def test_editeur_de_paquet_tient_dans_la_colonne(page: object, site_url: str) -> None:
    """On a desktop window, the deck editor fits the content column: no horizontal scrolling."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + f"{JEU}/probas/")
    attendre_moteur(page)
    page.locator("form[data-compendium-calcul=combat_cartes]").get_by_role("button", name="Ajouter une sorte de carte").click()
    for formulaire in page.locator("form[data-compendium-calcul]:has(.cpd-paquet)").all():
        cadre = formulaire.locator(".cpd-paquet .cpd-tableau")
        cadre.wait_for()
        largeurs = cadre.evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert largeurs[0] <= largeurs[1], largeurs
        assert formulaire.locator("thead tr").count() == 2
    assert page.locator("form[data-compendium-calcul]:has(.cpd-paquet)").count() == len(calculs_a_paquet())


def test_calcul_sans_parametre_le_dit(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/probas/")
    formulaire = page.locator("form[data-compendium-calcul=solo_nemesis]")
    assert formulaire.locator("fieldset").count() == 0
    assert "n'a pas de paramètre" in formulaire.inner_text()
