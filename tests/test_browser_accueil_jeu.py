"""A game's home page on a phone: its tools one tap away (issue 34, item 7).

Each game's home page (jeu.md.j2) opens, right under its title and summary, with one large button per
tool page the game has; « Reprendre la partie » (compendium/accueil-jeu.js) comes first when the
« Jouer » page has kept a game in this browser (localStorage "compendium.jouer.<jeu>"). Checked in
headless Chromium at 390 × 844 (a phone): every button on the first screen, 44 × 44 px at least and
8 px apart, each leading to a page of the built site; the resume button with no stored game, a
stored game, and stored text that is no game (or storage that refuses to be read); axe-core on the
page at 390 and 1280 px in both palettes. Every tab must stay clean (no request off 127.0.0.1, no
dialog, no JavaScript error).
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from tests.accessibilite_support import SCHEMAS, TypePage, analyser
from tests.browser_support import Onglet

ROOT = Path(__file__).resolve().parent.parent
JEUX = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")
TELEPHONE = {"width": 390, "height": 844}
# The words of each tool's button, by the tool's folder under the game.
MOTS = {"verifier": "Composer et vérifier", "jouer": "Jouer", "probas": "Probabilités",
        "materiel": "Mon matériel", "score": "Scores", "imprimer": "À imprimer"}
BOUTONS = "[data-role=outils-jeu] a.md-button"
REPRENDRE = "[data-role=reprendre-partie]"

# Each button as the phone shows it: words, link, box.
MESURER = """() => [...document.querySelectorAll('[data-role=outils-jeu] a.md-button')].map(a => {
  const r = a.getBoundingClientRect();
  return {texte: a.innerText.replace(/\\s+/g, ' ').trim(), href: a.href, role: a.dataset.role || '',
          haut: r.top, bas: r.bottom, gauche: r.left, droite: r.right, largeur: r.width, hauteur: r.height,
          ecran: window.innerHeight, visible: r.width > 0 && r.height > 0 && getComputedStyle(a).visibility === 'visible'};
})"""


def outils_attendus(site_dir: Path, jeu: str) -> dict[str, str]:
    """Folder -> words of the tool buttons a game's home page must show, from its jeu.yaml and the built site.

    The tools it declares (`outils`), and « Mon matériel » where the build made that page; a declared
    tool whose page the build did not make (a game without print sheets) has no button.
    """
    manifeste = yaml.safe_load((ROOT / "data" / jeu / "jeu.yaml").read_text(encoding="utf-8"))["jeu"]
    declares = [o for o in manifeste.get("outils", []) if o in MOTS]
    if (site_dir / jeu / "materiel" / "index.html").is_file():
        declares.append("materiel")
    return {o: MOTS[o] for o in MOTS if o in declares and (site_dir / jeu / o / "index.html").is_file()}


def page_du_site(site_dir: Path, site_url: str, href: str) -> Path:
    """The built file a link of the served site leads to."""
    assert href.startswith(site_url), href
    chemin = urlsplit(href).path.removeprefix(urlsplit(site_url).path)
    return site_dir / chemin / "index.html" if chemin.endswith("/") or not chemin else site_dir / chemin


def ouvrir_au_telephone(page: object, url: str) -> list[dict]:
    page.set_viewport_size(TELEPHONE)
    page.goto(url)
    page.wait_for_load_state("load")
    return page.evaluate(MESURER)


def verifier_disposition(boutons: list[dict]) -> None:
    """Every button fully on the first screen, a finger's size, 8 px from its neighbours."""
    for b in boutons:
        assert b["visible"], b
        assert b["haut"] >= 0 and b["bas"] <= b["ecran"], f"hors du premier écran : {b}"
        assert b["gauche"] >= 0 and b["droite"] <= TELEPHONE["width"], f"déborde sur le côté : {b}"
        assert b["largeur"] >= 44 and b["hauteur"] >= 44, f"trop petit pour un doigt : {b}"
    # In reading order: beside the previous one on the same row, or on a row below the previous row.
    for avant, apres in zip(boutons, boutons[1:], strict=False):
        if abs(apres["haut"] - avant["haut"]) < 1:
            assert apres["gauche"] - avant["droite"] >= 7.5, (avant, apres)
        else:
            assert apres["haut"] - avant["bas"] >= 7.5, (avant, apres)


@pytest.mark.parametrize("jeu", JEUX)
def test_les_outils_sont_sur_le_premier_ecran(onglet: Onglet, site_url: str, site_dir: Path, jeu: str) -> None:
    attendus = outils_attendus(site_dir, jeu)
    assert {"verifier", "jouer", "probas"} <= set(attendus), attendus
    boutons = ouvrir_au_telephone(onglet.page, site_url + f"{jeu}/")
    assert [b["texte"] for b in boutons] == list(attendus.values())
    for b, outil in zip(boutons, attendus, strict=True):
        assert b["href"] == f"{site_url}{jeu}/{outil}/", b
        assert page_du_site(site_dir, site_url, b["href"]).is_file(), b["href"]
    verifier_disposition(boutons)
    # Before the rules: the buttons come right after the title and the summary.
    ordre = onglet.page.evaluate(
        "() => { const n = document.querySelector('[data-role=outils-jeu]');"
        " const h = document.querySelector('.md-content h2');"
        " return [n.previousElementSibling.tagName, !!(n.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING)]; }")
    assert ordre == ["P", True], ordre
    # No game kept in this (fresh) browser: nothing to resume.
    assert onglet.page.locator(REPRENDRE).count() == 0


def garder(page: object, jeu: str, valeur: str | None) -> None:
    """Write (or remove) the stored game of a game, as jouer.js would, then reload the page."""
    page.evaluate("([cle, v]) => v === null ? localStorage.removeItem(cle) : localStorage.setItem(cle, v)",
                  [f"compendium.jouer.{jeu}", valeur])
    page.reload()
    page.wait_for_load_state("load")


@pytest.mark.parametrize("jeu", JEUX)
def test_reprendre_la_partie_avec_une_partie_gardee(onglet: Onglet, site_url: str, site_dir: Path, jeu: str) -> None:
    page = onglet.page
    attendus = outils_attendus(site_dir, jeu)
    ouvrir_au_telephone(page, site_url + f"{jeu}/")
    nom = f"Liste de {jeu} pour la table"
    garder(page, jeu, json.dumps({"v": 1, "nom": nom, "tour": 3, "etape": 0, "journal": []}))
    boutons = page.evaluate(MESURER)
    assert boutons[0]["role"] == "reprendre-partie", boutons
    assert boutons[0]["texte"] == f"Reprendre la partie {nom} · tour 3"
    assert boutons[0]["href"] == f"{site_url}{jeu}/jouer/"
    assert page_du_site(site_dir, site_url, boutons[0]["href"]).is_file()
    assert [b["texte"] for b in boutons[1:]] == list(attendus.values())
    verifier_disposition(boutons)
    # The filled (primary) button, the others outlined.
    classes = page.eval_on_selector_all(BOUTONS, "as => as.map(a => a.classList.contains('md-button--primary'))")
    assert classes == [True] + [False] * len(attendus)
    # A version 2 game without name nor turn: the words alone.
    garder(page, jeu, json.dumps({"v": 2}))
    assert page.locator(REPRENDRE).inner_text().strip() == "Reprendre la partie"
    # Gone once « Jouer » has no game kept any more.
    garder(page, jeu, None)
    assert page.locator(REPRENDRE).count() == 0
    assert [b["texte"] for b in page.evaluate(MESURER)] == list(attendus.values())


@pytest.mark.parametrize("gardee", ["{pas du JSON", '{"v": 1, "nom": "coupé', "null", "42", '"texte"', "[1, 2]", ""])
def test_rien_a_reprendre_quand_le_stockage_ne_tient_pas_une_partie(onglet: Onglet, site_url: str, site_dir: Path,
                                                                     gardee: str) -> None:
    page = onglet.page
    ouvrir_au_telephone(page, site_url + "hate/")
    garder(page, "hate", gardee)
    assert page.locator(REPRENDRE).count() == 0
    boutons = page.evaluate(MESURER)
    assert [b["texte"] for b in boutons] == list(outils_attendus(site_dir, "hate").values())
    verifier_disposition(boutons)
    # onglet.verifier_propre() (the fixture) then fails on any JavaScript error the page raised.


def test_un_stockage_refuse_ne_cache_rien(onglet: Onglet, site_url: str, site_dir: Path) -> None:
    """Storage that refuses to be read (private mode, blocked site data) throws on reading the game.

    Only the reads of the « Jouer » keys throw here: Material's own palette memory reads
    localStorage outside any try and is not this page's concern.
    """
    page = onglet.page
    page.add_init_script("""(() => {
      const lire = Storage.prototype.getItem;
      Storage.prototype.getItem = function (cle) {
        if (String(cle).startsWith('compendium.jouer.')) throw new DOMException('refusé', 'SecurityError');
        return lire.call(this, cle);
      };
    })();""")
    boutons = ouvrir_au_telephone(page, site_url + "tamashii/")
    page.evaluate("() => Storage.prototype.setItem.call(localStorage, 'compendium.jouer.tamashii', '{\"v\": 1}')")
    page.reload()
    page.wait_for_load_state("load")
    assert page.evaluate("() => { try { localStorage.getItem('compendium.jouer.tamashii'); return false; }"
                         " catch (e) { return e.name === 'SecurityError'; } }")
    assert page.locator(REPRENDRE).count() == 0
    boutons = page.evaluate(MESURER)
    assert [b["texte"] for b in boutons] == list(outils_attendus(site_dir, "tamashii").values())
    verifier_disposition(boutons)


def test_le_nom_de_la_liste_reste_du_texte(onglet: Onglet, site_url: str) -> None:
    """A list name holding markup is shown as typed, never parsed as HTML."""
    page = onglet.page
    ouvrir_au_telephone(page, site_url + "hami/")
    nom = '<img src=x onerror="window.pris=1"><b>Liste</b>'
    garder(page, "hami", json.dumps({"v": 1, "nom": nom, "tour": "3"}))
    bouton = page.locator(REPRENDRE)
    # A turn that is no number is left out; the name stays text.
    assert " ".join(bouton.inner_text().split()) == f"Reprendre la partie {nom}"
    assert bouton.locator("img, b").count() == 0
    assert page.evaluate("() => window.pris === undefined")


@pytest.mark.parametrize("jeu", JEUX)
def test_aucune_violation_axe_sur_l_accueil_du_jeu(onglet: Onglet, site_url: str, jeu: str) -> None:
    """axe-core at 390 and 1280 px in both palettes, with « Reprendre la partie » shown."""
    page = onglet.page
    ouvrir_au_telephone(page, site_url + f"{jeu}/")
    garder(page, jeu, json.dumps({"v": 1, "nom": "Ma liste", "tour": 2}))
    assert page.locator(REPRENDRE).count() == 1
    resultats = analyser(page, TypePage(f"{jeu} accueil du jeu", f"{jeu}/"))
    assert set(resultats) == {(largeur, schema) for largeur in (1280, 390) for schema in SCHEMAS}
    assert not any(resultats.values()), resultats


def test_capture_au_telephone(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    """A picture for a person: Hate's home page at 390 × 844 with a game to resume, light palette."""
    page = onglet.page
    ouvrir_au_telephone(page, site_url + "hate/")
    garder(page, "hate", json.dumps({"v": 1, "nom": "Tribu du Croc", "tour": 2}))
    page.screenshot(path=str(output_dir / "accueil-jeu-hate-390.png"))
    assert (output_dir / "accueil-jeu-hate-390.png").stat().st_size > 0
