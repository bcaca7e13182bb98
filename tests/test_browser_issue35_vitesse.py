"""Issue 35, items 7 and 8, at 390 × 844 (functional: no timing is asserted, `make bench` measures).

* §7, the total at once: a tap that changes a cost paints the new total in the same task as the tap,
  marked « provisoire », from the engine's checks of the lists one tap away (composer-immediat.js);
  that total is the one the data gives (Bataille d6: each characteristic's cost read from the table
  « Coût des caractéristiques » of data/bataille-d6/tables.yaml, Mêlée paid once per attack, the
  Puissante option from « cout-des-options », times the unit's Nombre), and the engine's report
  then confirms it.
* §8, before the engine: with the engine's Pyodide files never answering, a reload shows the saved
  list and its last report greyed (« Dernier rapport enregistré ») with the loading line, answers a
  tap from the totals saved with the list, and a second reload still keeps the list; once the
  engine answers, its report replaces the saved one.
* §8, before the page's scripts: the builder's picture saved with the report (composer-apercu.js,
  loaded right after the builder's section) is drawn while the builder's own scripts and the engine
  never answer; a loading line (a `<progress>` in a polite status) says how far the builder has
  loaded and goes once the engine has checked the list; a tap on the picture is tapped again on the
  builder when it is drawn.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.browser_support import Onglet
from tests.test_browser_issue23 import charger, liste_longue

ROOT = Path(__file__).resolve().parent.parent
JEU = "bataille-d6"
TOTAL = "[data-role=composer-total]"
CHAMP = "/entrees/0/mouvement"
CLE_RAPPORT = "compendium.rapport." + JEU
CLE_APERCU = "compendium.apercu." + JEU
CHARGEMENT = "[data-role=composer-chargement]"
# The builder's own scripts (not composer-apercu.js), the game's data and the engine.
SCRIPTS_COMPOSITEUR = "**/compendium/composer.js"
DONNEES = f"**/assets/data/{JEU}.json"
MOTEUR = "**/assets/pyodide/**"

# Every state the total goes through after the tap, recorded at each change of the page (a change
# drawn in the tap's own task is seen before any later task, such as the engine's answer).
ENREGISTRER = """() => {
  const total = document.querySelector('[data-role=composer-total]');
  window.__etats = [];
  const noter = () => window.__etats.push({aJour: total.dataset.aJour, cout: total.dataset.cout, texte: total.textContent});
  new MutationObserver(noter).observe(total, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def table(nom: str) -> dict:
    donnees = yaml.safe_load((ROOT / "data" / JEU / "tables.yaml").read_text(encoding="utf-8"))
    return next(t for t in donnees["tables"] if t["id"] == nom)


def total_des_donnees(liste: dict) -> int:
    """The list's cost from the data tables alone (the sheet: add up the characteristics' costs)."""
    couts = {c: {} for c in ("mouvement", "melee", "tir", "armure")}
    for ligne in table("cout-des-caracteristiques")["lignes"]:
        for c in couts:
            couts[c][ligne[c]] = ligne["cout_" + c]
    puissante = next(x["cout"] for x in table("cout-des-options")["lignes"] if x["option"] == "puissante")
    total = 0
    for e in liste["entrees"]:
        figure = (couts["mouvement"][e["mouvement"]] + couts["melee"][e["melee"]] * e.get("attaques", 1)
                  + couts["tir"][e["tir"]] + couts["armure"][e["armure"]] + (puissante if e.get("puissante") else 0))
        total += figure * e.get("nombre", 1)
    return total


def autre_mouvement(liste: dict) -> tuple[dict, int]:
    """The list with the first entry's Mouvement one row up the cost table, and that value."""
    valeurs = [ligne["mouvement"] for ligne in table("cout-des-caracteristiques")["lignes"]]
    actuelle = liste["entrees"][0]["mouvement"]
    nouvelle = valeurs[valeurs.index(actuelle) - 1]
    autre = json.loads(json.dumps(liste))  # entries repeated by liste_longue are one object: copied apart
    autre["entrees"][0]["mouvement"] = nouvelle
    return autre, nouvelle


def attendre_previsions(page: object) -> None:
    """Wait until the builder has checked the lists one tap away (the engine idle again)."""
    page.wait_for_function(
        "() => { const c = document.querySelector('[data-role=composer]').compendiumImmediat.compte();"
        " return c.prevus > 0 && !c.enCours; }", timeout=60_000)


def ouvrir_premiere(page: object) -> None:
    bouton = page.locator('[data-role="entree"][data-index="0"] [data-action="ouvrir"]').first
    if bouton.get_attribute("aria-expanded") != "true":
        bouton.click()
    page.locator(f'select[data-chemin="{CHAMP}"]').wait_for()


def toucher(page: object, valeur: int) -> list[dict]:
    """Change the first entry's Mouvement with its select; the total's states until the engine's."""
    page.evaluate(ENREGISTRER)
    page.select_option(f'select[data-chemin="{CHAMP}"]', f"{valeur}")
    return page.evaluate("() => window.__etats")


@pytest.fixture()
def telephone(onglet: Onglet) -> Onglet:
    """A clean tab (tests/conftest.py) the size of a phone."""
    onglet.page.set_viewport_size({"width": 390, "height": 844})
    return onglet


def test_total_immediat_egal_aux_donnees_puis_confirme(telephone: Onglet, site_url: str) -> None:
    page = telephone.page
    liste = liste_longue(JEU)
    charger(page, site_url, JEU, liste)
    assert page.get_attribute(TOTAL, "data-cout") == str(total_des_donnees(liste))
    ouvrir_premiere(page)
    attendre_previsions(page)
    autre, valeur = autre_mouvement(liste)
    attendu = str(total_des_donnees(autre))
    assert attendu != str(total_des_donnees(liste))
    etats = toucher(page, valeur)
    # In the tap's own task: the new total, provisional, before the engine has answered.
    assert etats and etats[0]["aJour"] == "provisoire", etats[:3]
    assert etats[0]["cout"] == attendu
    assert "Total" in etats[0]["texte"] and "calcul" not in etats[0]["texte"]
    # Then the engine's report on that list: the same total, no longer provisional.
    page.wait_for_function("() => document.querySelector('[data-role=composer-total]').dataset.aJour === 'oui'")
    assert page.get_attribute(TOTAL, "data-cout") == attendu
    compte = page.evaluate("() => document.querySelector('[data-role=composer]').compendiumImmediat.compte()")
    assert compte["servis"] >= 1 and compte["confirmes"] >= 1 and compte["ecarts"] == 0


def test_liste_et_dernier_rapport_avant_le_moteur(telephone: Onglet, site_url: str) -> None:
    page, contexte = telephone.page, telephone.contexte
    liste = liste_longue(JEU)
    charger(page, site_url, JEU, liste)
    ouvrir_premiere(page)
    attendre_previsions(page)
    # The list is saved with its report and the totals one tap away.
    page.wait_for_function("(cle) => { const s = JSON.parse(localStorage.getItem(cle) || 'null');"
                           " return s && s.texte === document.querySelector('#cpd-liste').value && s.totaux.length > 0; }",
                           arg=CLE_RAPPORT, timeout=30_000)
    noms = page.locator('li[data-role="entree"] [data-action="ouvrir"]').all_text_contents()
    # The engine never starts: its Pyodide files never answer.
    contexte.route("**/assets/pyodide/**", lambda route: None)
    for _ in range(2):  # a reload, then another: the list stays
        page.reload()
        page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n",
                               arg=len(liste["entrees"]), timeout=30_000)
        assert page.locator('li[data-role="entree"] [data-action="ouvrir"]').all_text_contents() == noms
        assert page.get_attribute("[data-role=composer]", "data-rapport-enregistre") == "oui"
        assert "Dernier rapport enregistré" in page.inner_text("[data-role=rapport-enregistre]")
        assert page.get_attribute(TOTAL, "data-a-jour") == "enregistre"
        assert page.get_attribute(TOTAL, "data-cout") == str(total_des_donnees(liste))
        chargement = page.locator("[data-role=chargement]")
        assert chargement.is_visible() and chargement.get_attribute("aria-live") == "polite"
        assert chargement.get_attribute("data-pret") is None
        assert "Chargement du moteur" in chargement.inner_text()
        assert chargement.locator("progress").count() == 1
    # A tap before the engine: answered from the totals saved with the list.
    ouvrir_premiere(page)
    autre, valeur = autre_mouvement(liste)
    etats = toucher(page, valeur)
    assert etats and etats[0]["aJour"] == "provisoire" and etats[0]["cout"] == str(total_des_donnees(autre)), etats[:3]
    # The engine answers at last: its report replaces the saved one, the list is the same.
    contexte.unroute("**/assets/pyodide/**")
    page.reload()
    page.wait_for_function("() => { const t = document.querySelector('[data-role=composer-total]');"
                           " return t && t.dataset.aJour === 'oui' && ['valide', 'invalide'].includes(t.dataset.etat); }",
                           timeout=120_000)
    assert page.locator("[data-role=rapport-enregistre]").count() == 0
    assert page.get_attribute("[data-role=composer]", "data-rapport-enregistre") is None
    assert page.get_attribute(TOTAL, "data-cout") == str(total_des_donnees(autre))
    assert page.locator('li[data-role="entree"]').count() == len(liste["entrees"])


def garder_image(page: object, site_url: str) -> dict:
    """Open the 10-entry list (all folded) and wait until its picture is saved with its report."""
    liste = liste_longue(JEU)
    charger(page, site_url, JEU, liste)
    page.wait_for_function("(cle) => { const s = JSON.parse(localStorage.getItem(cle) || 'null');"
                           " return s && s.texte === document.querySelector('#cpd-liste').value && s.html.length > 0; }",
                           arg=CLE_APERCU, timeout=30_000)
    return liste


def retenir(contexte: object, motif: str) -> dict:
    """Requests matching `motif` are held unanswered until `lacher`."""
    tenues: dict = {"routes": [], "libre": False}

    def tenir(route: object) -> None:
        if tenues["libre"]:
            route.continue_()
        else:
            tenues["routes"].append(route)

    contexte.route(motif, tenir)
    return tenues


def lacher(tenues: dict) -> None:
    """The held requests go through, and the later ones too."""
    tenues["libre"] = True
    for route in tenues["routes"]:
        route.continue_()


def test_image_de_la_liste_avant_les_scripts_et_le_moteur(telephone: Onglet, site_url: str) -> None:
    page, contexte = telephone.page, telephone.contexte
    liste = garder_image(page, site_url)
    # Neither the builder's script, nor the game's data, nor the engine ever answer.
    for motif in (SCRIPTS_COMPOSITEUR, DONNEES, MOTEUR):
        retenir(contexte, motif)
    page.goto(site_url + JEU + "/verifier/", wait_until="commit")
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n",
                           arg=len(liste["entrees"]), timeout=30_000)
    assert page.get_attribute("[data-role=composer]", "data-apercu") == "oui"
    noms = [n.strip() for n in page.locator('li[data-role="entree"] [data-action="ouvrir"] .cpd-ligne-nom').all_text_contents()]
    assert noms == [e["nom"] for e in liste["entrees"]]
    assert page.get_attribute(TOTAL, "data-cout") == str(total_des_donnees(liste))
    assert "Dernier rapport enregistré" in page.inner_text("[data-role=rapport-enregistre]")
    chargement = page.locator(CHARGEMENT)
    assert chargement.is_visible() and chargement.get_attribute("role") == "status"
    assert chargement.get_attribute("aria-live") == "polite"
    barre = chargement.locator("progress")
    assert barre.get_attribute("aria-label") == "Chargement du compositeur"
    assert 0 < float(barre.evaluate("(p) => p.value")) < float(barre.evaluate("(p) => p.max"))
    assert "Étape" in chargement.inner_text() and "sur" in chargement.inner_text()


def test_chargement_puis_plus_rien_quand_le_moteur_a_verifie(telephone: Onglet, site_url: str) -> None:
    page, contexte = telephone.page, telephone.contexte
    garder_image(page, site_url)
    tenues = retenir(contexte, MOTEUR)
    page.reload()
    # The builder is drawn (the picture replaced), the engine still loading: the line says so.
    page.wait_for_function("() => document.querySelector('[data-role=composer]').dataset.apercu === 'remplace'",
                           timeout=30_000)
    chargement = page.locator(CHARGEMENT)
    assert chargement.is_visible()
    assert "moteur" in chargement.inner_text()
    lacher(tenues)
    page.wait_for_function("() => document.querySelector('[data-role=composer-total]').dataset.aJour === 'oui'",
                           timeout=120_000)
    assert page.locator(CHARGEMENT).count() == 0
    assert page.locator("[data-role=rapport-enregistre]").count() == 0


def test_toucher_sur_l_image_rejoue_sur_le_compositeur(telephone: Onglet, site_url: str) -> None:
    page, contexte = telephone.page, telephone.contexte
    garder_image(page, site_url)
    scripts = retenir(contexte, SCRIPTS_COMPOSITEUR)
    retenir(contexte, MOTEUR)  # the engine stays away: the whole tap is served before it
    page.goto(site_url + JEU + "/verifier/", wait_until="commit")
    ligne = page.locator('[data-role="entree"][data-index="0"] [data-action="ouvrir"]')
    ligne.wait_for(timeout=30_000)
    assert page.get_attribute("[data-role=composer]", "data-apercu") == "oui"
    assert ligne.get_attribute("aria-expanded") != "true"
    ligne.click()  # on the picture: the builder's script has not even arrived
    assert "votre choix sera appliqué" in page.inner_text(CHARGEMENT)
    lacher(scripts)
    page.wait_for_function("() => { const b = document.querySelector('[data-role=entree][data-index=\"0\"] [data-action=ouvrir]');"
                           " return document.querySelector('[data-role=composer]').dataset.apercu === 'remplace'"
                           " && b && b.getAttribute('aria-expanded') === 'true'; }", timeout=30_000)
    page.locator(f'select[data-chemin="{CHAMP}"]').wait_for()
    assert page.locator(CHARGEMENT).is_visible()  # the engine has not answered yet
