"""Search scoped to the game (issue 26), in headless Chromium over the built site.

From a Bataille d6 page, « epee » (typed without accent) ranks a Bataille d6 entry first, every
result carries its game's label, and the first search downloads at most 150 KB (gzip level 6, as
a static host serves it): the bytes are those the browser received, counted from the network
events and compressed here. The switch « Tous les jeux » widens the search to every game, the
page's game first. « Index général » is never a result; the entries it lists are.

Which pages hold a word is read from the search index files (see tests/test_recherche.py), each
game's name from its data file, never from the search code under test.

With Material's instant navigation (a build of the site with `navigation.instant`), the search
follows the page: after going from a Bataille d6 page to a Hate page without reloading, the
same word is searched in Hate.
"""
from __future__ import annotations

import functools
import gzip
import json
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests import browser_support
from tests.browser_support import HOTE, surveiller_reseau
from tests.conftest import ROOT
from tests.test_recherche import chercher, documents_de_recherche, pages_avec
from tests.test_recherche_index import noms_des_jeux

JEU = "bataille-d6"
PAGE = f"{JEU}/tour/"
MOT = "epee"
BORNE = 150 * 1024
# Files the search makes the browser fetch (index files, search workers, language files).
RECHERCHE = ("search/", "/workers/search", "/lunr/", "compendium/recherche")
LIRE_RESULTATS = """() => [...document.querySelectorAll('.md-search-result__item')].map((li) => ({
  lien: li.querySelector('a').getAttribute('href'),
  etiquettes: [...li.querySelectorAll('.md-tag')].map((t) => t.textContent.trim()),
}))"""


@pytest.fixture(scope="module")
def docs(site_dir: Path) -> dict:
    return {"docs": documents_de_recherche(site_dir)}


@pytest.fixture(scope="module")
def noms() -> dict[str, str]:
    return noms_des_jeux()


class Recherche:
    """A tab that keeps the body of every search file it receives (each URL once) and must stay clean:
    no request off 127.0.0.1, no JavaScript error, nothing written to the console as an error."""

    def __init__(self, navigateur: object, **options: object) -> None:
        self.recus: dict[str, bytes] = {}
        self.erreurs: list[str] = []
        self.contexte = navigateur.new_context(service_workers="block", **options)  # type: ignore[attr-defined]
        self.sorties = surveiller_reseau(self.contexte)
        self.contexte.on("response", self._noter)
        self.page = self.contexte.new_page()
        self.page.on("pageerror", lambda e: self.erreurs.append(str(e)))
        self.page.on("console", lambda m: self.erreurs.append(m.text) if m.type == "error" else None)

    def _noter(self, reponse: object) -> None:
        url = reponse.url  # type: ignore[attr-defined]
        if any(m in url for m in RECHERCHE) and url not in self.recus and reponse.status == 200:  # type: ignore[attr-defined]
            self.recus[url] = reponse.body()  # type: ignore[attr-defined]

    def servi(self) -> int:
        """Bytes a static host would send for the search files received: each gzipped (level 6)."""
        return sum(len(gzip.compress(corps, 6)) for corps in self.recus.values())

    def fermer(self) -> None:
        try:
            assert self.sorties == [], f"requêtes hors de 127.0.0.1 : {self.sorties}"
            assert self.erreurs == [], f"erreurs JavaScript : {self.erreurs}"
        finally:
            self.contexte.close()  # type: ignore[attr-defined]


@pytest.fixture
def recherche(navigateur: object) -> Iterator[Recherche]:
    onglet = Recherche(navigateur, viewport={"width": 1280, "height": 900})
    yield onglet
    onglet.fermer()


def jeu_de(lien: str, site_url: str, noms: dict[str, str]) -> str | None:
    """The game of a result link, by its path; None for a page outside every game."""
    premier = urlsplit(lien).path.removeprefix(urlsplit(site_url).path).lstrip("/").split("/")[0]
    return premier if premier in noms else None


def resultats(page: object) -> list[dict]:
    return page.evaluate(LIRE_RESULTATS)  # type: ignore[attr-defined]


def page_de(lien: str, site_url: str) -> str:
    return re.sub(r"\?h=[^#]*", "", lien).split("#")[0].replace(site_url, "").lstrip("/")


def test_epee_depuis_bataille_d6(recherche: Recherche, site_url: str, docs: dict, noms: dict[str, str],
                                 output_dir: Path) -> None:
    page = recherche.page
    page.goto(site_url + PAGE)
    chercher(page, MOT)
    trouves = resultats(page)
    assert trouves, "aucun résultat"
    # A Bataille d6 entry first, and only Bataille d6: the search is scoped to the page's game.
    assert jeu_de(trouves[0]["lien"], site_url, noms) == JEU, trouves[0]
    assert {jeu_de(r["lien"], site_url, noms) for r in trouves} == {JEU}, trouves
    # Every result carries one label: its game's name.
    assert all(r["etiquettes"] == [noms[JEU]] for r in trouves), trouves
    # Accents are folded: every Bataille d6 page holding « épée » is found.
    attendues = {p for p in pages_avec(docs, "épée") if p.startswith(JEU + "/")}
    assert attendues and attendues <= {page_de(r["lien"], site_url) for r in trouves}
    portee = page.locator("[data-cpd-recherche-portee]")
    assert noms[JEU] in portee.inner_text()
    assert not page.locator("[data-cpd-recherche-tous]").is_checked()
    page.screenshot(path=str(output_dir / "recherche-jeu-1280.png"))

    # The download: Bataille d6's index and the small index of names, no other game's index.
    fichiers = {urlsplit(u).path.split("/search/", 1)[-1] for u in recherche.recus if "/search/" in u}
    assert fichiers == {"search_index.json", "jeux.json", f"jeux/{JEU}.json"}, fichiers
    assert recherche.servi() <= BORNE, f"{recherche.servi()} octets (gzip) pour la première recherche"

    # « Tous les jeux », from the keyboard (Tab from the box, Space): every game, the page's game
    # still first; each result labelled with its game.
    page.focus("input.md-search__input")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('[data-cpd-recherche-tous]')")
    page.keyboard.press("Space")
    assert page.locator("[data-cpd-recherche-tous]").is_checked()
    assert page.evaluate("() => document.getElementById('__search').checked")  # the search stayed open
    autres = {p for p in pages_avec(docs, "épée") if not p.startswith(JEU + "/")}
    assert autres, "aucune page d'un autre jeu ne contient « épée »"
    page.wait_for_function(
        "(jeu) => [...document.querySelectorAll('.md-search-result__item > a')].some("
        "(a) => !new URL(a.href).pathname.includes('/' + jeu + '/'))", arg=JEU, timeout=60_000)
    tous = resultats(page)
    jeux = [jeu_de(r["lien"], site_url, noms) for r in tous]
    premier_autre = next(i for i, j in enumerate(jeux) if j != JEU)
    assert premier_autre > 0 and all(j != JEU for j in jeux[premier_autre:]), jeux
    for resultat, jeu in zip(tous, jeux, strict=True):
        assert resultat["etiquettes"] == [noms[jeu] if jeu else "Compendium"], resultat
    assert autres & {page_de(r["lien"], site_url) for r in tous}
    assert "tous les jeux" in portee.inner_text()
    page.screenshot(path=str(output_dir / "recherche-tous-les-jeux-1280.png"))
    # No keyboard trap: Shift+Tab goes back to the box, Tab from the switch leaves the search.
    page.focus("[data-cpd-recherche-tous]")
    assert page.evaluate("() => document.activeElement.matches('[data-cpd-recherche-tous]')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.matches('input.md-search__input')"), page.evaluate(
        "() => document.activeElement.outerHTML.slice(0, 200)")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert not page.evaluate("() => document.activeElement.matches('input.md-search__input, [data-cpd-recherche-tous]')")


def test_index_general_n_est_pas_un_resultat(recherche: Recherche, site_url: str, site_dir: Path, docs: dict,
                                             noms: dict[str, str]) -> None:
    page = recherche.page
    page.goto(site_url)  # outside every game: every game's overview (titles and first words) is searched
    apercu = json.loads((site_dir / "search" / "apercu.json").read_text(encoding="utf-8"))
    attendues = {p for p in pages_avec(apercu, "moral") if p.startswith("kharn-ages/")}
    assert attendues, "aucune page de Khârn-Âges ne parle de « moral » dans son titre ou ses premiers mots"
    compte, liens = chercher(page, "moral")
    trouvees = {page_de(lien, site_url) for lien in liens}
    assert not any(p.startswith("index-general/") or "/index-des-entrees/" in p for p in trouvees), trouvees
    # The entries it lists are: Khârn-Âges' morale rule is found, labelled with its game.
    assert attendues <= trouvees, (compte, trouvees)
    for resultat in resultats(page):
        jeu = jeu_de(resultat["lien"], site_url, noms)
        assert resultat["etiquettes"] == [noms[jeu] if jeu else "Compendium"], resultat
    # The first search from the home page reads the overview, not every game's full text.
    fichiers = {urlsplit(u).path.split("/search/", 1)[-1] for u in recherche.recus if "/search/" in u}
    assert fichiers == {"search_index.json", "jeux.json", "apercu.json", "commun.json"}, fichiers
    assert recherche.servi() <= BORNE, f"{recherche.servi()} octets (gzip) pour la première recherche"
    portee = page.locator("[data-cpd-recherche-portee]")
    assert "titres" in portee.inner_text()

    # « Texte intégral »: every game's full text; every Khârn-Âges page holding the word is found.
    page.locator(".cpd-recherche-portee__bascule").click()
    assert page.locator("[data-cpd-recherche-tous]").is_checked()
    completes = {p for p in pages_avec(docs, "moral") if p.startswith("kharn-ages/")}
    assert completes > attendues, "le texte intégral ne trouve rien de plus que l'aperçu"
    page.wait_for_function(
        "(n) => new Set([...document.querySelectorAll('.md-search-result__item > a')]"
        ".map((a) => new URL(a.href).pathname)).size >= n", arg=len(completes), timeout=60_000)
    compte, liens = chercher(page, "moral")
    trouvees = {page_de(lien, site_url) for lien in liens}
    assert completes <= trouvees, (compte, completes - trouvees)
    assert not any(p.startswith("index-general/") or "/index-des-entrees/" in p for p in trouvees), trouvees
    assert "texte intégral" in portee.inner_text()
    assert {f"jeux/{j}.json" for j in noms} <= {urlsplit(u).path.split("/search/", 1)[-1] for u in recherche.recus}


def test_telephone_390(navigateur: object, site_url: str, noms: dict[str, str], output_dir: Path) -> None:
    # A phone's width (without Chromium's mobile emulation, which may widen the layout when Material's
    # search overlay, off-screen, overflows the page).
    onglet = Recherche(navigateur, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = onglet.page
        page.goto(site_url + PAGE)
        page.locator(".md-header label.md-header__button[for=__search]").click()
        page.keyboard.type(MOT)
        page.keyboard.press("End")
        page.wait_for_function(
            "(m) => [...document.querySelectorAll('.md-search-result__item a')].some((a) => a.href.includes('h=' + m))",
            arg=MOT, timeout=60_000)
        # The search panel slides in: once it has, the switch is inside the phone's width.
        page.wait_for_function(
            "() => { const r = document.querySelector('.cpd-recherche-portee__bascule').getBoundingClientRect();"
            " return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth; }", timeout=10_000)
        bascule = page.locator(".cpd-recherche-portee__bascule")
        boite = bascule.bounding_box()
        assert boite is not None and boite["x"] >= 0 and boite["x"] + boite["width"] <= 390, boite
        assert boite["height"] >= 24  # a finger-sized target
        etiquette = page.locator(".md-search-result__item .md-tag").first
        assert etiquette.inner_text() == noms[JEU]
        page.mouse.move(195, 136)  # onto the count line, away from the buttons (a tooltip) and the results (hover)
        page.wait_for_timeout(300)
        page.screenshot(path=str(output_dir / "recherche-jeu-390.png"))
    finally:
        onglet.fermer()


@pytest.fixture(scope="module")
def site_instantane(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built with Material's instant navigation, served on the port its `site_url` names.

    Material navigates instantly only to the pages its sitemap lists, read with the port of
    `site_url`: the build and the server share a free port.
    """
    with socket.socket() as essai:
        essai.bind((HOTE, 0))
        port = essai.getsockname()[1]
    dossier = tmp_path_factory.mktemp("instantane")
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    config = config.replace("site_name: Compendium\n", f"site_name: Compendium\nsite_url: http://{HOTE}:{port}/\n")
    config = config.replace("docs_dir: content", f"docs_dir: {ROOT / 'content'}")
    config = config.replace("custom_dir: site_overrides", f"custom_dir: {ROOT / 'site_overrides'}")
    config = config.replace("  - compendium\n", f"  - compendium:\n      racine: {ROOT}\n")
    config = config.replace("  features:\n", "  features:\n    - navigation.instant\n")
    config = re.sub(r"\nwatch:\n(  - .*\n)+", "\n", config)
    assert "navigation.instant" in config and f"racine: {ROOT}" in config
    (dossier / "mkdocs.yml").write_text(config, "utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    construction = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f",
                                   str(dossier / "mkdocs.yml"), "-d", str(dossier / "site")],
                                  cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert construction.returncode == 0, construction.stdout + construction.stderr
    serveur = ThreadingHTTPServer((HOTE, port), functools.partial(browser_support._Gestionnaire,  # noqa: SLF001
                                                                  directory=str(dossier / "site")))
    serveur.daemon_threads = True
    threading.Thread(target=serveur.serve_forever, daemon=True).start()
    try:
        yield f"http://{HOTE}:{port}/"
    finally:
        serveur.shutdown()
        serveur.server_close()


def test_navigation_instantanee(navigateur: object, site_instantane: str, noms: dict[str, str]) -> None:
    onglet = Recherche(navigateur, viewport={"width": 1280, "height": 900})
    try:
        page = onglet.page
        page.goto(site_instantane + PAGE)
        chercher(page, MOT)
        assert {jeu_de(r["lien"], site_instantane, noms) for r in resultats(page)} == {JEU}
        page.keyboard.press("Escape")
        page.evaluate("() => { window.__memePage = true; }")
        page.click(f"a.md-tabs__link:text-is('{noms['hate']}')")
        page.wait_for_url("**/hate/")
        # Instant navigation: the new page came without a reload (the mark is still there).
        assert page.evaluate("() => window.__memePage === true")
        assert page.locator('meta[name="compendium-jeu"]').get_attribute("content") == "hate"
        # The text typed is still in the box: opening the search looks for it in Hate now.
        page.click("input.md-search__input")
        page.wait_for_function(
            "() => { const l = [...document.querySelectorAll('.md-search-result__item > a')];"
            " return l.length > 0 && l.every((a) => new URL(a.href).pathname.startsWith('/hate/')); }",
            timeout=60_000)
        assert page.locator("[data-cpd-recherche-portee]").inner_text().startswith(f"Recherche dans {noms['hate']}")
        assert all(r["etiquettes"] == [noms["hate"]] for r in resultats(page))
    finally:
        onglet.fermer()
