"""Offline site (issue 15, part 1), in headless Chromium served on 127.0.0.1.

* After one visit and « Préparer pour jouer hors ligne », with the network off: every page of the
  build answers, a rules page never visited opens, search finds a French word, a print page and
  a PDF open, the builder checks a list, and an odds calculation gives the CLI's answer.
* Opening one tool page is enough (no button): its Python is kept, another tool works offline.
* A new build is offered (« Nouvelle version du site disponible ») without mixing files: until
  « Recharger » the page stays on the old build; after it, the new one, with one cache left.
* Under the old worker, a page only the new build has, or an old page evicted from the cache whose
  server copy is the new build's, comes whole from the network: its script, styles and the data
  its checker's worker reads are the new build's too (issue 24, item 22).
"""
from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import offline
from tests.browser_support import Onglet, attendre_moteur, calculer, servir
from tests.test_browser_outils import EXEMPLE_INVALIDE, attendre_etat, cli_json, exemples, saisir
from tests.test_recherche import chercher, documents_de_recherche

JEU = "bataille-d6"
REGLE = f"{JEU}/tour/"
IMPRESSION = f"imprimer/{JEU}/reference.html"
ATTENDRE_CONTROLE = "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null"


def pages_html(site_dir: Path) -> list[str]:
    """Every HTML page of the build, as the URL a browser asks for."""
    return sorted(offline.page_url(p.relative_to(site_dir).as_posix()) for p in site_dir.rglob("*.html"))


def preparer(page: object) -> str:
    """Wait for the worker to control the page, click the button, wait for « Prêt hors ligne »."""
    page.wait_for_function(ATTENDRE_CONTROLE, timeout=120_000)
    bloc = page.locator("[data-hors-ligne]")
    page.wait_for_function(
        "() => ['a-preparer', 'pret'].includes(document.querySelector('[data-hors-ligne]').dataset.etat)",
        timeout=120_000)
    if bloc.get_attribute("data-etat") == "a-preparer":
        assert "à télécharger" in bloc.inner_text()
        bloc.get_by_role("button", name="Préparer pour jouer hors ligne").click()
    page.wait_for_function("() => document.querySelector('[data-hors-ligne]').dataset.etat === 'pret'",
                           timeout=300_000)
    return bloc.inner_text()


@pytest.fixture(scope="module")
def hors_ligne(navigateur: object, site_url: str) -> Iterator[Onglet]:
    """One visit with the network (home page, prepared), then the network off for the whole module."""
    onglet = Onglet(navigateur, service_workers="allow")
    onglet.page.goto(site_url)
    texte = preparer(onglet.page)
    assert "Prêt hors ligne" in texte and "Mo" in texte, texte
    onglet.contexte.set_offline(True)
    yield onglet
    onglet.contexte.set_offline(False)
    onglet.verifier_propre()
    onglet.contexte.close()


def test_toutes_les_pages_repondent_hors_ligne(hors_ligne: Onglet, site_url: str, site_dir: Path) -> None:
    page = hors_ligne.page
    urls = pages_html(site_dir)
    assert len(urls) > 100
    statuts = page.evaluate(
        "async (urls) => Promise.all(urls.map(async (u) => { try { return (await fetch(u)).status; }"
        " catch (e) { return String(e); } }))", [site_url + u for u in urls])
    en_echec = [(u, s) for u, s in zip(urls, statuts, strict=True) if s != 200]
    assert en_echec == []
    # The network is really off: a file the worker does not keep (the sitemap) cannot be fetched.
    assert (site_dir / "sitemap.xml").is_file()
    assert page.evaluate("(u) => fetch(u).then(() => 'lu', () => 'échec')", site_url + "sitemap.xml") == "échec"


def test_page_de_regles_jamais_visitee(hors_ligne: Onglet, site_url: str, site_dir: Path) -> None:
    page = hors_ligne.page
    reponse = page.goto(site_url + REGLE)
    assert reponse is not None and reponse.status == 200
    titre = (site_dir / REGLE / "index.html").read_text("utf-8").split("<h1", 1)[1].split(">", 1)[1].split("<")[0]
    assert page.locator("article h1").first.inner_text().startswith(titre.strip())
    # Its stylesheet came from the cache too: the theme's layout applies.
    assert page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).position") != "static"


def test_recherche_hors_ligne(hors_ligne: Onglet, site_url: str, site_dir: Path) -> None:
    page = hors_ligne.page
    page.goto(site_url + REGLE)
    titres = [d["title"] for d in documents_de_recherche(site_dir)
              if d["location"].startswith(REGLE) and "é" in d["title"]]
    mot = next(m for t in titres for m in t.split() if "é" in m and len(m) > 4).strip("«»:,.()")
    compte, liens = chercher(page, mot)
    assert not compte.startswith("Aucun"), (mot, compte)
    assert any(lien.endswith(REGLE) for lien in liens), (mot, liens)
    # Every game's index is kept offline too: « Tous les jeux » finds another game's page.
    docs = documents_de_recherche(site_dir)
    chez_nous = " ".join(d["title"] + " " + d["text"] for d in docs if d["location"].startswith(JEU + "/")).lower()
    autre = next(m for d in docs if d["location"].startswith("hate/")
                 for m in re.findall(r"\w{6,}", d["title"].lower()) if m not in chez_nous)
    page.click("[data-cpd-recherche-tous]")
    try:
        compte, liens = chercher(page, autre)
        assert any("/hate/" in lien for lien in liens), (autre, compte, liens)
    finally:
        page.click("[data-cpd-recherche-tous]")


def test_impression_et_pdf_hors_ligne(hors_ligne: Onglet, site_url: str, site_dir: Path) -> None:
    page = hors_ligne.page
    reponse = page.goto(site_url + IMPRESSION)
    assert reponse is not None and reponse.status == 200
    assert page.locator("body").inner_text().strip()
    pdf = sorted((site_dir / "assets" / "pdf" / JEU).glob("*.pdf"))[0]
    chemin = pdf.relative_to(site_dir).as_posix()
    octets = page.evaluate(
        "async (u) => { const b = new Uint8Array(await (await fetch(u)).arrayBuffer());"
        " return [b.length, String.fromCharCode(...b.slice(0, 5))]; }", site_url + chemin)
    assert octets == [pdf.stat().st_size, "%PDF-"]


def test_composer_et_verifier_hors_ligne(hors_ligne: Onglet, site_url: str) -> None:
    page = hors_ligne.page
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
    attendre_etat(page, "invalide", timeout=30_000)
    saisir(page, page.input_value("#cpd-liste").replace("format: 300\n", "format: 500\n"))
    attendre_etat(page, "valide", timeout=30_000)
    assert "Liste valide" in page.inner_text("[data-role=etat]")


def test_probabilites_hors_ligne(hors_ligne: Onglet, site_url: str) -> None:
    page = hors_ligne.page
    page.goto(site_url + f"{JEU}/probas/")
    attendre_moteur(page)
    formulaire = page.locator("form[data-compendium-calcul=attaque]")
    valeurs = {"valeur": "4", "armure": "3", "malus_armure": "0", "couverts": "0", "attaques": "3"}
    for nom, valeur in valeurs.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(valeur)
    relance = formulaire.locator("[data-parametre=relance_sauvegarde]")
    if relance.count() and relance.is_checked():
        relance.uncheck()
    calculer(formulaire)
    attendu = cli_json("probas", JEU, "attaque", "--valeur", "4", "--armure", "3", "--malus-armure", "0",
                       "--couverts", "0", "--attaques", "3")
    vues = formulaire.locator("[data-role=distribution] tbody tr .cpd-fraction").all_inner_texts()
    assert vues == [d["fraction"] for d in attendu["distribution"]]


def test_un_outil_ouvert_une_fois_garde_python(navigateur: object, site_url: str) -> None:
    """Without the button: the first tool page keeps the runtime it loaded; another tool works offline."""
    onglet = Onglet(navigateur, service_workers="allow")
    try:
        page = onglet.page
        page.goto(site_url + f"{JEU}/probas/")
        attendre_moteur(page)
        page.wait_for_function("() => document.querySelector('[data-hors-ligne]')?.dataset.etat === 'pret'",
                               timeout=300_000)
        assert "Prêt hors ligne" in page.locator("[data-hors-ligne]").inner_text()
        onglet.contexte.set_offline(True)
        page.goto(site_url + f"{JEU}/verifier/")
        attendre_moteur(page)
        page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
        attendre_etat(page, "invalide", timeout=30_000)
        onglet.contexte.set_offline(False)
        onglet.verifier_propre()
    finally:
        onglet.contexte.close()


def test_fichier_d_une_autre_construction_refuse(navigateur: object, site_dir: Path, tmp_path: Path) -> None:
    """A runtime file changed on the server without a new sw.js is refused, not mixed in."""
    copie = tmp_path / "site"
    shutil.copytree(site_dir, copie)
    with servir(copie) as url:
        onglet = Onglet(navigateur, service_workers="allow")
        try:
            page = onglet.page
            page.goto(url)
            page.wait_for_function(ATTENDRE_CONTROLE, timeout=120_000)
            verrou = copie / "assets" / "pyodide" / "pyodide-lock.json"
            verrou.write_text(verrou.read_text("utf-8").replace("{", '{"autre": 1, ', 1), "utf-8")
            lu = page.evaluate("async (u) => { const r = await fetch(u); return [r.status, await r.text()]; }",
                               url + "assets/pyodide/pyodide-lock.json")
            assert lu == [409, "Nouvelle version du site : rechargez la page."]
            assert page.evaluate("async (u) => !!(await caches.match(u))", url + "assets/pyodide/pyodide-lock.json") is False
            # An unchanged runtime file is served and kept.
            assert page.evaluate("async (u) => (await fetch(u)).status", url + "assets/pyodide/pyodide.mjs") == 200
            page.wait_for_function("async (u) => !!(await caches.match(u))", arg=url + "assets/pyodide/pyodide.mjs",
                                   timeout=30_000)
            onglet.verifier_propre()
        finally:
            onglet.contexte.close()


# --- A new build ------------------------------------------------------------------------------


MARQUE = "Marque de la deuxième construction"


def test_nouvelle_version_proposee_sans_melange(navigateur: object, site_dir: Path, tmp_path: Path) -> None:
    copie = tmp_path / "site"
    shutil.copytree(site_dir, copie)
    manifeste = json.loads((copie / offline.MANIFEST).read_text("utf-8"))
    with servir(copie) as url:
        onglet = Onglet(navigateur, service_workers="allow")
        try:
            page = onglet.page
            page.goto(url + REGLE)
            page.wait_for_function(ATTENDRE_CONTROLE, timeout=120_000)
            ancienne = page.evaluate("() => caches.keys()")

            # A new build on the server: one page changes, the offline stage runs again.
            for chemin in (copie / REGLE / "index.html", copie / "index.html"):
                texte = chemin.read_text("utf-8")
                chemin.write_text(texte.replace("</article>", f"<p id=marque>{MARQUE}</p></article>", 1), "utf-8")
            rapport = offline.write_offline_files(copie, manifeste["name"], manifeste["description"], "brown")
            assert [f"compendium-{rapport.version}"] != ancienne

            page.reload()
            banniere = page.locator("#cpd-nouvelle-version")
            banniere.wait_for(timeout=120_000)
            assert "Nouvelle version du site disponible" in banniere.inner_text()
            # Still the old build (from its cache) until the player chooses to reload.
            assert page.locator("#marque").count() == 0
            page.goto(url)
            assert page.locator("#marque").count() == 0
            page.locator("#cpd-nouvelle-version").wait_for(timeout=60_000)

            with page.expect_navigation(timeout=60_000):
                page.locator("#cpd-nouvelle-version").get_by_role("button", name="Recharger").click()
            page.locator("#marque").wait_for(timeout=30_000)
            assert page.locator("#cpd-nouvelle-version").count() == 0
            assert page.evaluate("() => caches.keys()") == [f"compendium-{rapport.version}"]
            page.goto(url + REGLE)
            assert page.locator("#marque").inner_text() == MARQUE
            onglet.verifier_propre()
        finally:
            onglet.contexte.close()


NOUVELLE_PAGE = f"{JEU}/verifier-nouveau/"
MESSAGE_HEROS = "Héros autorisés pour un format de"
MESSAGE_HEROS_2 = "Héros permis (deuxième construction) pour un format de"
CONSTRUCTION_2 = ":root{--cpd-construction:2}\n"


def test_issue24_item22_page_nouvelle_sous_l_ancien_worker_sans_melange(navigateur: object, site_dir: Path,
                                                                         tmp_path: Path) -> None:
    """A page only the new build has, opened while the old worker controls the site, comes whole from the new build.

    The new build adds a page (a copy of the checker page, marked) and changes composer.js and the
    two stylesheets the page loads. Under the old worker the page must not get its HTML from the
    new build and its script and styles from the old cache.
    """
    copie = tmp_path / "site"
    shutil.copytree(site_dir, copie)
    manifeste = json.loads((copie / offline.MANIFEST).read_text("utf-8"))
    with servir(copie) as url:
        onglet = Onglet(navigateur, service_workers="allow")
        try:
            page = onglet.page
            page.goto(url + REGLE)
            page.wait_for_function(ATTENDRE_CONTROLE, timeout=120_000)
            ancienne = page.evaluate("() => caches.keys()")
            assert len(ancienne) == 1

            # The new build: one more page, and new bytes for the script and the styles it loads.
            source = (copie / JEU / "verifier" / "index.html").read_text("utf-8")
            assert "assets/javascripts/compendium/composer.js" in source and "assets/stylesheets/outils.css" in source
            (copie / NOUVELLE_PAGE).mkdir(parents=True)
            (copie / NOUVELLE_PAGE / "index.html").write_text(
                source.replace("</article>", f"<p id=marque>{MARQUE}</p></article>", 1), "utf-8")
            composer = copie / "assets" / "javascripts" / "compendium" / "composer.js"
            composer.write_text("window.cpdConstruction = 2;\n" + composer.read_text("utf-8"), "utf-8")
            for nom in ("compendium.css", "outils.css"):
                feuille = copie / "assets" / "stylesheets" / nom
                feuille.write_text(feuille.read_text("utf-8") + CONSTRUCTION_2, "utf-8")
            # ... and for the game data the checker's worker reads (a rule message of this build).
            donnees = copie / "assets" / "data" / f"{JEU}.json"
            texte = donnees.read_text("utf-8")
            assert texte.count(MESSAGE_HEROS) == 1
            donnees.write_text(texte.replace(MESSAGE_HEROS, MESSAGE_HEROS_2), "utf-8")
            rapport = offline.write_offline_files(copie, manifeste["name"], manifeste["description"], "brown")
            assert [f"compendium-{rapport.version}"] != ancienne

            page.goto(url + NOUVELLE_PAGE)
            assert page.locator("#marque").inner_text() == MARQUE  # the new build's page
            # The old worker still controls the site (the new one waits for « Recharger »)...
            assert ancienne[0] in page.evaluate("() => caches.keys()")
            assert page.evaluate("() => navigator.serviceWorker.controller !== null")
            # ... and the page has the new build's script and styles, not the old cache's.
            assert page.evaluate("() => window.cpdConstruction") == 2
            assert page.evaluate(
                "() => getComputedStyle(document.documentElement).getPropertyValue('--cpd-construction').trim()") == "2"
            # The checker of that page still works.
            attendre_moteur(page)
            page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
            attendre_etat(page, "invalide", timeout=60_000)
            assert MESSAGE_HEROS_2 in page.locator("[data-role=erreurs]").inner_text()

            # A page of the old build, opened again under the old worker, is still the old build's whole.
            page.goto(url + f"{JEU}/verifier/")
            assert page.evaluate("() => window.cpdConstruction === undefined")
            assert page.evaluate(
                "() => getComputedStyle(document.documentElement).getPropertyValue('--cpd-construction').trim()") == ""
            onglet.verifier_propre()
        finally:
            onglet.contexte.close()


def test_issue24_item22_page_evincee_du_cache_sans_melange(navigateur: object, site_dir: Path, tmp_path: Path) -> None:
    """A page of the old build evicted from its cache, whose server copy is now the new build's, comes whole from the network."""
    copie = tmp_path / "site"
    shutil.copytree(site_dir, copie)
    manifeste = json.loads((copie / offline.MANIFEST).read_text("utf-8"))
    with servir(copie) as url:
        onglet = Onglet(navigateur, service_workers="allow")
        try:
            page = onglet.page
            page.goto(url)
            page.wait_for_function(ATTENDRE_CONTROLE, timeout=120_000)
            (ancienne,) = page.evaluate("() => caches.keys()")
            chemin = copie / REGLE / "index.html"
            chemin.write_text(chemin.read_text("utf-8").replace("</article>", f"<p id=marque>{MARQUE}</p></article>", 1),
                              "utf-8")
            feuille = copie / "assets" / "stylesheets" / "compendium.css"
            feuille.write_text(feuille.read_text("utf-8") + CONSTRUCTION_2, "utf-8")
            offline.write_offline_files(copie, manifeste["name"], manifeste["description"], "brown")
            # The browser evicts the page from the old build's cache, and forgets its HTTP cache.
            assert page.evaluate("async ([c, u]) => (await caches.open(c)).delete(u)", [ancienne, url + REGLE]) is True
            onglet.contexte.new_cdp_session(page).send("Network.clearBrowserCache")

            page.goto(url + REGLE)
            assert page.locator("#marque").inner_text() == MARQUE
            assert page.evaluate(
                "() => getComputedStyle(document.documentElement).getPropertyValue('--cpd-construction').trim()") == "2"
            assert ancienne in page.evaluate("() => caches.keys()")
            onglet.verifier_propre()
        finally:
            onglet.contexte.close()
