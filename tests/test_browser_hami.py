"""HAMI tool pages in headless Chromium (Playwright, sync API), the engine running in real Pyodide.

* Vérifier une Communauté: load an invalid example, read the error, fix the text, see « Liste valide »;
  the page and the command line agree.
* The deck editor (paquet.js) used by the card calculations: it starts from the example deck, which
  says « exemple » everywhere, can be edited, and what it reads is accepted by the engine in the page.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import attendre_moteur, surveiller_reseau

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
    assert messages == [e["message"] for e in cli["erreurs"]]
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
            assert len(codes) == 1 and codes[0] in (ROOT / "data" / JEU / "listes" / nom).read_text("utf-8"), nom


def test_editeur_de_paquet(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/probas/")
    attendre_moteur(page)
    if not page.evaluate("() => !!(window.CompendiumParametres && window.CompendiumParametres.paquet)"):
        page.add_script_tag(url=site_url + "assets/javascripts/compendium/paquet.js")
    declaration = page.evaluate(
        """async (url) => {
             const donnees = await (await fetch(url)).json();
             const calcul = donnees.calculs.find((c) => c.calcul === "combat_cartes");
             return calcul.parametres.find((p) => p.type === "paquet");
           }""", site_url + "assets/data/hami.json")
    assert declaration["exemple"]
    page.evaluate(
        """(decl) => {
             const zone = document.createElement("div");
             zone.id = "essai-paquet";
             document.body.append(zone);
             window.CompendiumParametres.paquet.rendre(zone, decl);
           }""", declaration)
    zone = page.locator("#essai-paquet")
    assert "Paquet d'exemple, pas la composition officielle" in zone.inner_text()
    assert zone.locator("tbody tr").count() == 12
    noms = zone.locator(".cpd-paquet-nom").evaluate_all("es => es.map(e => e.value)")
    assert noms == [f"exemple {i}" for i in range(1, 13)]
    lu = page.evaluate("() => window.CompendiumParametres.paquet.lire(document.querySelector('#essai-paquet'))")
    assert lu == [{"nom": c["nom"], "jour": c["jour"], "nuit": c["nuit"]} for c in declaration["exemple"]]

    # Edit: remove all but two cards, rename and set symbols, add a card.
    page.evaluate("""() => { window.__changements = 0;
        document.querySelector('#essai-paquet').addEventListener('change', () => window.__changements++); }""")
    while zone.locator("tbody tr").count() > 2:
        zone.locator(".cpd-paquet-retirer").last.click()
    zone.locator(".cpd-paquet-nom").first.fill("ma carte")
    champs = zone.locator("tbody tr").first.locator(".cpd-paquet-symboles")
    for k, valeur in enumerate(("2", "1", "0", "3")):
        champs.nth(k).fill(valeur)
    zone.get_by_role("button", name="Ajouter une carte").click()
    assert zone.locator("tbody tr").count() == 3
    assert zone.locator("tbody tr").last.locator(".cpd-paquet-retirer").get_attribute("aria-label") == \
        "Retirer la carte 3"
    lu = page.evaluate("() => window.CompendiumParametres.paquet.lire(document.querySelector('#essai-paquet'))")
    assert lu[0] == {"nom": "ma carte", "jour": {"lumiere": 2, "ombre": 1}, "nuit": {"lumiere": 0, "ombre": 3}}
    assert lu[2] == {"nom": "carte 3", "jour": {"lumiere": 0, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 0}}
    assert page.evaluate("() => window.__changements") >= 11

    # The engine in the page accepts what the editor reads, and refuses no deck with the « manquant » message.
    resultat = page.evaluate(
        """async () => {
             const C = window.Compendium;
             const moteur = C.moteur(C.racine(document.querySelector('[data-compendium-outil=probas]').dataset.base));
             const paquet = window.CompendiumParametres.paquet.lire(document.querySelector('#essai-paquet'));
             const ok = await moteur.calculer("hami", "combat_cartes", {paquet, cartes: 1, couvert: false, nuit: false});
             let refus = null;
             try { await moteur.calculer("hami", "combat_cartes", {}); } catch (e) { refus = e.message; }
             return {ok, refus};
           }""")
    assert sum(float(d["probabilite"]) for d in resultat["ok"]["distribution"]) == pytest.approx(1)
    assert "manquante" in resultat["refus"] and "exemple" in resultat["refus"]

    # Restore the example deck.
    zone.get_by_role("button", name="Revenir au paquet d'exemple").click()
    assert zone.locator("tbody tr").count() == 12


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
    for formulaire in page.locator("form[data-compendium-calcul]:has(.cpd-paquet)").all():
        cadre = formulaire.locator(".cpd-paquet .cpd-tableau")
        cadre.wait_for()
        largeurs = cadre.evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert largeurs[0] <= largeurs[1], largeurs
        assert formulaire.locator("thead tr").count() == 2
    assert page.locator("form[data-compendium-calcul]:has(.cpd-paquet)").count() == 2


def test_calcul_sans_parametre_le_dit(page: object, site_url: str) -> None:
    page.goto(site_url + f"{JEU}/probas/")
    formulaire = page.locator("form[data-compendium-calcul=solo_nemesis]")
    assert formulaire.locator("fieldset").count() == 0
    assert "n'a pas de paramètre" in formulaire.inner_text()
