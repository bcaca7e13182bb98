"""Issue 28: « Jouer cette liste », in headless Chromium at 390 px, for each game's first example list.

Open play mode, go through one whole round of the sequence, tick and untick each kind of counter and
status, roll, reload and find the same state, export the log, and keep playing offline. A screenshot
of each game mid-round goes to test-output/jouer-<jeu>-390.png. Expected counts are read by the test
from the list files and the game's partie.yaml.
"""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from tests.browser_support import Onglet, attendre_moteur
from tests.jouer_support import ouvrir_jouer

ROOT = Path(__file__).resolve().parent.parent
JEUX = ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"]
TELEPHONE = {"width": 390, "height": 844}


def _partie(jeu: str) -> dict:
    return yaml.safe_load((ROOT / "data" / jeu / "partie.yaml").read_text("utf-8"))["partie"]


def _premiere_liste(jeu: str) -> dict:
    return yaml.safe_load(sorted((ROOT / "data" / jeu / "listes").glob("0*.yaml"))[0].read_text("utf-8"))


def _etapes_du_tour(partie: dict, tour: int) -> int:
    """Steps played in a round: a phase without steps counts as one step; later steps are skipped."""
    n = 0
    for p in partie["sequence"]["phases"]:
        etapes = p.get("etapes") or [{}]
        n += sum(1 for e in etapes if e.get("des_le_tour", 1) <= tour)
    return n


def _valeur(fiche: object, compteur: str) -> str:
    return fiche.locator(f"[data-compteur={compteur}] .cpj-valeur").inner_text()


@pytest.mark.parametrize("jeu", JEUX)
def test_jouer_un_tour_a_390_px(onglet: Onglet, site_url: str, output_dir: Path, jeu: str) -> None:
    page = onglet.page
    partie = _partie(jeu)
    liste = _premiere_liste(jeu)
    ouvrir_jouer(page, site_url + f"{jeu}/jouer/")
    assert page.locator(".cpj-liste strong").inner_text() == liste["nom"]
    assert page.locator("[data-role=liste-invalide]").count() == 0  # the first example is valid
    # Nothing scrolls sideways.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= TELEPHONE["width"]

    # Every kind of counter: one tap down and one tap up, or up then down at the minimum; bounds stop.
    vus: set[str] = set()
    for compteur in partie["compteurs"]:
        ligne = page.locator(f"[data-compteur={compteur['id']}]").first
        if not ligne.count():
            continue
        fiche = ligne.locator("xpath=ancestor::article[1]")
        avant = _valeur(fiche, compteur["id"])
        moins, plus = ligne.locator("[data-pas='-1']"), ligne.locator("[data-pas='1']")
        if avant.startswith("?"):  # a value neither the book nor the list gives: « + » sets it from the minimum
            assert ligne.locator(".cpj-manquant").count() == 1 and not moins.is_enabled()
            plus.click()
            avant = _valeur(fiche, compteur["id"])
            assert avant.split(" / ")[0] == str(compteur["min"]["valeur"])
        premier, second = (moins, plus) if moins.is_enabled() else (plus, moins)
        premier.click()
        assert _valeur(fiche, compteur["id"]) != avant, compteur["id"]
        second.click()
        assert _valeur(fiche, compteur["id"]) == avant, compteur["id"]
        for bouton in (moins, plus):
            box = bouton.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
        vus.add(compteur["id"])
        if " / " in avant and avant.split(" / ")[0] == avant.split(" / ")[1]:
            assert not plus.is_enabled()  # at its maximum: « + » stops
    assert vus, "aucun compteur affiché"

    # Every kind of status: tap on, tap off.
    for statut in partie["statuts"]:
        puce = page.locator(f"[data-statut={statut['id']}] button").first
        if not puce.count():
            continue
        puce.click()
        assert puce.get_attribute("aria-pressed") == "true"
        puce.click()
        assert puce.get_attribute("aria-pressed") == "false"
        assert page.locator(f"[data-statut={statut['id']}] a.cpj-regle").first.get_attribute("href")

    # A figure brought to its minimum is shown as removed / KO.
    hors = next((c for c in partie["compteurs"] if c.get("au_minimum") in ("retiree", "ko", "reinitialise")), None)
    if hors:
        ligne = page.locator(f"[data-compteur={hors['id']}]").first
        fiche = ligne.locator("xpath=ancestor::article[1]")
        if _valeur(fiche, hors["id"]).split(" / ")[0] not in ("?",):
            moins = ligne.locator("[data-pas='-1']")
            while moins.is_enabled():
                moins.click()
            assert "cpj-fiche--hors" in (fiche.get_attribute("class") or "")
            assert fiche.locator(".cpj-hors").count() == 1
            ligne.locator("[data-pas='1']").click()

    # One whole round through the sequence.
    etapes = _etapes_du_tour(partie, 1)
    courante = page.locator(".cpj-etape--courante")
    assert courante.count() == 1
    for _ in range(etapes):  # a repeated phase (one activation per figure) is left by « Fin du tour »
        fin = page.locator("[data-role=fin-de-phase]")
        (fin if fin.is_visible() else page.locator("[data-role=etape-suivante]")).click()
    assert page.locator("[data-role=tour]").inner_text() == "2"
    page.get_by_role("button", name="Étape suivante").click()
    lien = page.locator(".cpj-etape--courante a, .cpj-phase:has(> .cpj-etape--courante) > .cpj-phase-nom a").first
    assert lien.get_attribute("href") and lien.get_attribute("title")

    # A roll, logged with what it was for.
    page.fill("[data-role=pour]", "jet d'essai")
    page.get_by_role("button", name="Lancer d6").click()
    page.wait_for_function("() => document.querySelector('[data-role=resultat]').textContent.includes('Chance')",
                           timeout=60_000)
    resultat = page.locator("[data-role=resultat]").inner_text()
    tire = re.fullmatch(r"1 d6 pour « jet d'essai » : ([1-6]) — Chance d'obtenir \1 ou plus : (\d+)/(\d+) \(.*\)", resultat)
    assert tire, resultat
    assert Fraction(int(tire.group(2)), int(tire.group(3))) == Fraction(7 - int(tire.group(1)), 6)
    assert resultat in page.locator("[data-role=journal] li").first.inner_text()

    # Leave one counter changed, then reload: the same state.
    premier = partie["compteurs"][0]["id"] if page.locator(f"[data-compteur={partie['compteurs'][0]['id']}]").count() \
        else next(iter(vus))
    ligne = page.locator(f"[data-compteur={premier}]").first
    (ligne.locator("[data-pas='-1']") if ligne.locator("[data-pas='-1']").is_enabled() else ligne.locator("[data-pas='1']")).click()
    etat = page.locator("[data-role=fiches]").inner_text()
    journal = page.locator("[data-role=journal] li").count()
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert page.locator("[data-role=fiches]").inner_text() == etat
    assert page.locator("[data-role=tour]").inner_text() == "2"
    assert page.locator("[data-role=journal] li").count() == journal

    # Export of the log as text.
    with page.expect_download() as telechargement:
        page.get_by_role("button", name="Exporter le journal").click()
    texte = Path(telechargement.value.path()).read_text("utf-8")
    assert "jet d'essai" in texte and "Nouvelle partie avec" in texte

    # Offline: taps go on and are kept.
    onglet.contexte.set_offline(True)
    ligne = page.locator(f"[data-compteur={premier}]").first
    avant = ligne.locator(".cpj-valeur").inner_text()
    (ligne.locator("[data-pas='1']") if ligne.locator("[data-pas='1']").is_enabled() else ligne.locator("[data-pas='-1']")).click()
    apres = ligne.locator(".cpj-valeur").inner_text()
    assert apres != avant
    stocke = page.evaluate(f"() => Compendium.jouerStockage.journal('{jeu}').length")
    assert stocke == page.locator("[data-role=journal] li").count()
    onglet.contexte.set_offline(False)

    # Scrolled down from the top (scrolling up would show Material's « back to top » button).
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.evaluate("() => window.scrollTo(0, document.querySelector('#cpj-tour-titre').getBoundingClientRect().top"
                  " + window.scrollY - 60)")
    page.mouse.move(0, 0)  # no rule link left hovered (its tooltip would hide the sheets)
    page.wait_for_timeout(600)  # Material's header title settles after a scroll
    page.screenshot(path=str(output_dir / f"jouer-{jeu}-390.png"), full_page=False)
    onglet.verifier_propre()


def test_jouer_cette_liste_depuis_composer_et_nouvelle_partie(onglet: Onglet, site_url: str) -> None:
    """The builder's button opens play mode with its list; an invalid list plays with a banner;
    « Nouvelle partie » asks first; a corrupt stored game is set aside, never a crash."""
    jeu = "bataille-d6"
    page = onglet.page
    page.set_viewport_size(TELEPHONE)
    page.goto(site_url + f"{jeu}/verifier/")
    attendre_moteur(page)
    invalide = (ROOT / "data" / jeu / "listes" / "03-budget-depasse.yaml").read_text("utf-8")
    page.fill("#cpd-liste", invalide)
    page.get_by_role("link", name="Jouer cette liste").click()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=120_000)
    assert page.locator("[data-role=liste-invalide]").count() == 1
    nom = yaml.safe_load(invalide)["nom"]
    assert page.locator(".cpj-liste strong").inner_text() == nom
    # The opponent's list (two players, one phone): its own sheets, kept like the player's.
    adverse = _premiere_liste(jeu)
    page.get_by_role("button", name="Ajouter la liste de l'adversaire").click()
    page.select_option("#cpj-adversaire-choix", label=adverse["nom"])
    page.get_by_role("button", name="Ajouter", exact=True).click()
    page.wait_for_selector("[data-role=fiches-adversaire] .cpj-fiche", timeout=60_000)
    adverses = page.locator("[data-role=fiches-adversaire] .cpj-fiche")
    assert adverses.count() == len(adverse["entrees"])
    assert adverse["nom"] in page.locator("[data-role=adversaire-titre]").inner_text()
    adverses.first.locator("[data-pas='-1']").first.click()
    etat = page.locator("[data-role=fiches-adversaire]").inner_text()
    page.reload()
    page.wait_for_selector("[data-role=fiches-adversaire] .cpj-fiche")
    assert page.locator("[data-role=fiches-adversaire]").inner_text() == etat
    page.get_by_role("button", name="Nouvelle partie").click()
    page.get_by_role("button", name="Garder la partie").click()
    assert page.locator(".cpj-fiche").count() > 0
    page.get_by_role("button", name="Nouvelle partie").click()
    page.get_by_role("button", name="Oui, nouvelle partie").click()
    assert page.locator("[data-role=depart]").is_visible()
    page.evaluate(f"() => localStorage.setItem('compendium.jouer.{jeu}', '{{pas du json')")
    page.reload()
    page.wait_for_selector("[data-role=avis] .cpj-message--alerte")
    assert page.evaluate(f"() => localStorage.getItem('compendium.jouer.{jeu}.abime')") == "{pas du json"
    onglet.verifier_propre()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("jeu", ["bataille-d6", "kharn-ages"])
def test_jouer_accessible(onglet: Onglet, site_url: str, jeu: str) -> None:
    """axe-core (a dev dependency, injected from node_modules) finds no serious or critical violation
    on the play page with a game in progress and one status set."""
    page = onglet.page
    ouvrir_jouer(page, site_url + f"{jeu}/jouer/")
    page.locator(".cpj-puce").first.click()
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => {
      const r = await axe.run(document.querySelector('[data-compendium-outil=jouer]'));
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact, cibles: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
    }""")
    assert violations == [], violations
    onglet.verifier_propre()


def test_jouer_hors_ligne_apres_rechargement(navigateur: object, site_url: str) -> None:
    """With the site's service worker: the network off, the play page reloads with its game and play goes on."""
    onglet = Onglet(navigateur, service_workers="allow")
    try:
        page = onglet.page
        ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                               timeout=120_000)
        page.wait_for_function("() => document.querySelector('[data-hors-ligne]')?.dataset.etat === 'pret'",
                               timeout=300_000)
        ligne = page.locator("[data-compteur=figurines-en-jeu]").first
        ligne.locator("[data-pas='-1']").click()
        etat = page.locator("[data-role=fiches]").inner_text()
        onglet.contexte.set_offline(True)
        page.reload()
        page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
        assert page.locator("[data-role=fiches]").inner_text() == etat
        avant = ligne.locator(".cpj-valeur").inner_text()
        ligne.locator("[data-pas='-1']").click()
        assert ligne.locator(".cpj-valeur").inner_text() != avant
        page.get_by_role("button", name="Étape suivante").click()
        journal = page.evaluate("() => Compendium.jouerStockage.journal('bataille-d6')")
        assert journal[-1]["texte"].startswith("Étape : ")
        onglet.contexte.set_offline(False)
        onglet.verifier_propre()
    finally:
        onglet.contexte.close()


def test_stockage_plein_la_partie_continue(onglet: Onglet, site_url: str) -> None:
    """A browser that refuses every write (full storage): the game goes on, a notice says so and
    offers the log as a file; the notice leaves once a write succeeds again."""
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    page.evaluate("""() => {
      window.__refuser = true;
      const ecrire = Storage.prototype.setItem;
      Storage.prototype.setItem = function (...a) {
        if (window.__refuser) throw new DOMException('plein', 'QuotaExceededError');
        return ecrire.apply(this, a);
      };
    }""")
    ligne = page.locator("[data-compteur=figurines-en-jeu]").first
    avant = ligne.locator(".cpj-valeur").inner_text()
    ligne.locator("[data-pas='-1']").click()
    assert ligne.locator(".cpj-valeur").inner_text() != avant
    avis = page.locator("[data-avis=stockage]")
    assert avis.count() == 1 and "refuse d'enregistrer" in avis.inner_text()
    with page.expect_download():
        avis.get_by_role("button", name="Exporter le journal").click()
    page.evaluate("() => { window.__refuser = false; }")
    ligne.locator("[data-pas='1']").click()
    assert page.locator("[data-avis=stockage]").count() == 0
    onglet.verifier_propre()


def test_le_de_de_mon_materiel_se_lance(onglet: Onglet, site_url: str) -> None:
    """Hate's die, whose faces the book prints only as pictures: unknown until « Mon matériel » has
    them (the page links there), then rolled from them. The faces here are invented for the test."""
    page = onglet.page
    ouvrir_jouer(page, site_url + "hate/jouer/")
    de = next(d for d in _partie("hate")["des"] if d.get("stockage"))
    page.get_by_role("button", name=f"Lancer {de['nom']}").click()
    lien = page.locator("[data-role=resultat] a")
    assert "faces inconnues" in page.locator("[data-role=resultat]").inner_text()
    assert lien.get_attribute("href").rstrip("/").endswith("hate/materiel")
    inventees = ["frapper", "parer", "vide"]  # invented: not the book's die
    page.evaluate("""([cle, faces]) => localStorage.setItem('compendium.materiel.hate', JSON.stringify(
      {format: 'compendium-materiel', version: 1, jeu: 'hate', des: {[cle]: faces}}))""", [de["stockage"], inventees])
    page.reload()
    attendre_moteur(page)
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
    page.get_by_role("button", name=f"Lancer {de['nom']}").click()
    resultat = page.locator("[data-role=resultat]").inner_text()
    tire = re.search(r": (\w+)(?: — Chance d.obtenir .*)?$", resultat)  # the exact chance may follow
    assert tire and tire.group(1) in inventees, resultat
