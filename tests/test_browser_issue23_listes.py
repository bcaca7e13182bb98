"""Issue 23, « Never lose a list », in headless Chromium, for each game at 1280 and 390 px.

A hostile round found five ways to lose a list on « Composer et vérifier »; each is played here
and the list must still be there afterwards:

1. a damaged ``compendium.listes.<jeu>`` in localStorage (the builder stopped on a JavaScript
   error): the value is set aside under a backup key, the builder starts and says where it went;
2. full storage (a typed list was silently gone after a reload): the failed save is said, with a
   way out (the list exported as a file);
3. two tabs of one game (tab A's edit went into the list tab B had just created): each tab writes
   its own list, and when both edit the same one, a copy keeps the second version;
4. an example, and 5. share links, opened over a saved list: each opens as a new saved list.

Khârn-Âges: a share link carries the player's own cards that the list uses, so a friend with
another catalogue gets the same verdict; while only the book's example is loaded, the picker says
how to add cards. The lists come from the game data (data/<jeu>/listes), renamed so that each text
is distinct; every expectation is about the texts the test typed, never read back from the page.
"""
from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser_support import Onglet, attendre_moteur
from tests.composer_support import attendre_rapport

ROOT = Path(__file__).resolve().parent.parent
JEUX = ["hami", "kharn-ages", "hate", "tamashii", "bataille-d6"]
FICTIF = ROOT / "tests" / "fixtures" / "kharn-ages"


# --- Helpers ----------------------------------------------------------------------------------


def texte_liste(jeu: str, rang: int, nom: str) -> str:
    """The rang-th example list of the game's data, its `nom:` line replaced by `nom`."""
    fichier = sorted((ROOT / "data" / jeu / "listes").glob("*.yaml"))[rang]
    texte = fichier.read_text(encoding="utf-8")
    nouveau, n = re.subn(r"^nom:.*$", f"nom: {nom}", texte, count=1, flags=re.M)
    assert n == 1, fichier
    return nouveau


def lien(texte: str) -> str:
    """A share-link fragment as verifier-partage.js writes it without compression: « t. » + base64url."""
    return "#liste=t." + base64.urlsafe_b64encode(texte.encode("utf-8")).rstrip(b"=").decode("ascii")


def ouvrir(page: object, url: str) -> None:
    page.goto(url)
    attendre_moteur(page)
    page.wait_for_selector("[data-role=listes-gardees]", state="attached", timeout=30_000)


def saisir(page: object, texte: str) -> None:
    """Type a whole list in the text view (as a paste does)."""
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", texte)


def gardees(page: object, jeu: str) -> list[dict]:
    """The saved lists of this browser, as stored."""
    brut = page.evaluate("(c) => localStorage.getItem(c)", f"compendium.listes.{jeu}")
    return json.loads(brut)["listes"] if brut else []


def textes_gardes(page: object, jeu: str) -> list[str]:
    return [x["texte"] for x in gardees(page, jeu)]


def attendre_gardee(page: object, jeu: str, morceau: str) -> None:
    """Wait until a saved list's text holds `morceau`."""
    page.wait_for_function(
        "([c, m]) => { try { return JSON.parse(localStorage.getItem(c)).listes.some((x) => x.texte.includes(m)); }"
        " catch (e) { return false; } }", arg=[f"compendium.listes.{jeu}", morceau], timeout=30_000)


def attendre_texte(page: object, texte: str) -> None:
    page.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=texte, timeout=30_000)


def ouvrir_gardee(page: object, nom: str) -> None:
    """Open a saved list by its name in « Mes listes »."""
    valeur = page.eval_on_selector(
        "[data-role=listes-gardees]",
        "(s, n) => { const o = [...s.options].find((o) => o.textContent.replace(' (ouverte)', '') === n); return o ? o.value : null; }",
        nom)
    assert valeur, (nom, page.inner_text("[data-role=listes-gardees]"))
    page.select_option("[data-role=listes-gardees]", valeur)
    page.click("[data-role=ouvrir-liste]")


def renommer(page: object, nom: str) -> None:
    """One edit in the builder: the list's name (typed once the builder has read the text view)."""
    page.wait_for_function(
        "() => { const o = document.querySelector('[data-compendium-outil]');"
        " const t = document.querySelector('[data-role=composer-total]');"
        " return o.dataset.etat !== 'calcul' && t && !['lecture', 'calcul'].includes(t.dataset.etat)"
        " && t.dataset.aJour !== 'non'; }", timeout=30_000)
    reglages = page.locator("details:has(#cpd-c-nom)")  # the list's settings fold once it has entries
    if reglages.count() and reglages.get_attribute("open") is None:
        reglages.locator("> summary").click()
    page.fill("#cpd-c-nom", nom)
    page.press("#cpd-c-nom", "Tab")
    page.wait_for_function("(n) => document.querySelector('#cpd-liste').value.includes('nom: ' + n)", arg=nom)


def preparer(page: object, url: str, script: str, arg: object) -> None:
    """Set this browser's storage from a page of the site without the tool (the tool page keeps its
    text when it is left, which would write over what is set here)."""
    page.goto(url.split("/verifier/")[0].rsplit("/", 1)[0] + "/")
    page.evaluate(script, arg)


def photo(page: object, selecteur: str, chemin: Path) -> None:
    chemin.parent.mkdir(parents=True, exist_ok=True)
    page.locator(selecteur).scroll_into_view_if_needed()
    page.screenshot(path=str(chemin))


REMPLIR = """() => {
  const cles = [];
  for (let taille = 1 << 20; taille >= 1; taille >>= 1) {
    const bloc = "x".repeat(taille);
    for (;;) {
      const cle = "remplissage." + cles.length;
      try { localStorage.setItem(cle, bloc); } catch (e) { break; }
      cles.push(cle);
    }
  }
  return cles;
}"""


# --- The five ways, chained, per game and width ------------------------------------------------


def etape_listes_d_avant(page: object, url: str, jeu: str, a: str) -> None:
    """Lists saved before this change (no revision, one « courante » for every tab) are still there."""
    avant = json.dumps({"courante": "a", "listes": [{"id": "a", "nom": "Liste A", "texte": a, "maj": "2025-01-01T00:00:00Z"}]})
    preparer(page, url, "([c, v, t]) => { localStorage.setItem('compendium.listes.' + c, v);"
             " localStorage.setItem('compendium.liste.' + c, t); }", [jeu, avant, a])
    ouvrir(page, url)
    attendre_texte(page, a)
    renommer(page, "Liste A d'avant")
    attendre_gardee(page, jeu, "nom: Liste A d'avant")
    assert [x["id"] for x in gardees(page, jeu)] == ["a"]
    assert page.locator("[data-role=avis-abime]").count() == 0


def etape_stockage_abime(onglet: Onglet, url: str, jeu: str, a: str, photos: Path | None) -> None:
    """1. A damaged value is set aside under a backup key, never lost; the builder starts."""
    page = onglet.page
    cle = f"compendium.listes.{jeu}"
    abime = json.dumps({"courante": "a", "listes": [None, {"id": "a", "nom": "Liste A", "texte": a, "maj": "2025-01-01"}]})
    preparer(page, url, "([c, v]) => { localStorage.clear(); sessionStorage.clear(); localStorage.setItem(c, v); }", [cle, abime])
    ouvrir(page, url)
    assert onglet.erreurs_js == []
    avis = page.locator("[data-role=avis-abime]")
    avis.wait_for()
    assert f"{cle}.abime" in avis.inner_text()
    assert page.evaluate("(c) => localStorage.getItem(c)", f"{cle}.abime") == abime
    assert textes_gardes(page, jeu) == [a]  # the readable list was taken back
    if photos:
        photo(page, "[data-role=avis-abime]", photos / f"{jeu}-stockage-abime-390.png")
    # Not even JSON, with a first backup already there: a second key, the first one kept.
    preparer(page, url, "([c, v]) => localStorage.setItem(c, v)", [cle, "{pas du json"])
    ouvrir(page, url)
    page.locator("[data-role=avis-abime]").wait_for()
    assert f"{cle}.abime-2" in page.inner_text("[data-role=avis-abime]")
    assert page.evaluate("(c) => localStorage.getItem(c)", f"{cle}.abime-2") == "{pas du json"
    assert page.evaluate("(c) => localStorage.getItem(c)", f"{cle}.abime") == abime
    # Nothing readable was left: the builder starts a new list. The rules may fill it (Hate's tribe,
    # Tamashii's players: issue 35, item 2), but a list the player never touched is not kept. Once
    # the builder has the engine's report on it (the rules filled it by then), nothing was saved.
    attendre_rapport(page)
    assert gardees(page, jeu) == []
    assert onglet.erreurs_js == []
    # The builder works: the list typed now is saved.
    saisir(page, a)
    attendre_gardee(page, jeu, a)
    assert textes_gardes(page, jeu) == [a]


def etape_exemple(page: object, jeu: str, a: str) -> None:
    """4. An example opens as a new saved list; the open list stays as it was."""
    options = page.eval_on_selector_all("#cpd-exemple option", "os => os.map((o) => o.value).filter(Boolean)")
    page.select_option("#cpd-exemple", options[-1])
    page.wait_for_function("(a) => { const t = document.querySelector('#cpd-liste').value; return t && t !== a; }", arg=a)
    exemple = page.input_value("#cpd-liste")
    attendre_gardee(page, jeu, exemple)
    assert sorted(textes_gardes(page, jeu)) == sorted([a, exemple])


def etape_liens(page: object, url: str, jeu: str, liens: list[str]) -> None:
    """5. Three share links: three new saved lists, and nothing saved before is changed."""
    avant = textes_gardes(page, jeu)
    for i, texte in enumerate(liens):
        page.goto(url + lien(texte))
        attendre_texte(page, texte)
        attendre_gardee(page, jeu, texte)
        assert sorted(textes_gardes(page, jeu)) == sorted(avant + liens[: i + 1])
    # An edit after the last link goes into the link's list.
    renommer(page, "Lien trois modifié")
    attendre_gardee(page, jeu, "nom: Lien trois modifié")
    textes = textes_gardes(page, jeu)
    assert all(t in textes for t in avant + liens[:2]) and liens[2] not in textes and len(textes) == len(avant) + 3


def etape_deux_onglets(onglet: Onglet, url: str, jeu: str, b_texte: str, photos: Path | None) -> None:
    """3. Two tabs: each writes its own list; on the same list, the second version becomes a copy."""
    a = onglet.page
    ouvrir_gardee(a, "Liste A")
    attendre_texte(a, next(x["texte"] for x in gardees(a, jeu) if x["nom"] == "Liste A"))
    b = onglet.nouvelle_page()
    if photos:
        b.set_viewport_size({"width": 390, "height": 844})
    ouvrir(b, url)
    b.click("[data-role=nouvelle-liste]")
    saisir(b, b_texte)
    attendre_gardee(b, jeu, b_texte)
    # Tab A edits its list: B's new list is untouched.
    renommer(a, "Liste A modifiée")
    attendre_gardee(a, jeu, "nom: Liste A modifiée")
    assert b_texte in textes_gardes(a, jeu)
    assert not any("Liste A" in t for t in textes_gardes(a, jeu) if "Liste B" in t)
    # Tab B sees the saved lists change (storage event).
    b.wait_for_function("() => [...document.querySelectorAll('[data-role=listes-gardees] option')]"
                        ".some((o) => o.textContent.startsWith('Liste A modifiée'))")

    # Both tabs on the same list: A edits it, then B edits its (older) copy.
    ouvrir_gardee(b, "Liste A modifiée")
    b.wait_for_function("() => document.querySelector('#cpd-c-nom').value === 'Liste A modifiée'")
    renommer(a, "Version de A")
    attendre_gardee(a, jeu, "nom: Version de A")
    b.locator("[data-role=avis-externe]").wait_for()
    renommer(b, "Version de B")
    attendre_gardee(b, jeu, "nom: Version de B")
    textes = textes_gardes(b, jeu)
    assert any("nom: Version de A" in t for t in textes) and any("nom: Version de B" in t for t in textes)
    assert b_texte in textes
    avis = b.locator("[data-role=avis-conflit]")
    avis.wait_for()
    assert "Version de A" in avis.inner_text() and "Version de B" in avis.inner_text()
    copie = next(x for x in gardees(b, jeu) if "nom: Version de B" in x["texte"])
    assert copie["note"].startswith("copie")
    if photos:
        photo(b, "[data-role=avis-conflit]", photos / f"{jeu}-conflit-390.png")
    # B goes on in its copy; A's version stays.
    renommer(b, "Version de B, suite")
    attendre_gardee(b, jeu, "nom: Version de B, suite")
    assert any("nom: Version de A" in t for t in textes_gardes(b, jeu))
    b.close()


def etape_stockage_plein(onglet: Onglet, url: str, jeu: str, c: str, photos: Path | None) -> None:
    """2. Full storage: the failed save is said, the list can be exported; once there is room, saved."""
    page = onglet.page
    page.click("[data-role=nouvelle-liste]")
    remplissage = page.evaluate(REMPLIR)
    assert remplissage
    saisir(page, c)
    avis = page.locator("[data-role=avis-stockage]")
    avis.wait_for(timeout=30_000)
    assert "pas gardée" in avis.inner_text()
    assert c not in textes_gardes(page, jeu)
    if photos:
        photo(page, "[data-role=avis-stockage]", photos / f"{jeu}-stockage-plein-390.png")
    with page.expect_download() as attente:
        page.click("[data-role=avis-exporter]")
    fichier = Path(attente.value.path()).read_text(encoding="utf-8")
    assert fichier.rstrip("\n") == c.rstrip("\n")
    # A reload in this tab still shows it (this tab's copy), and still says it is not saved.
    ouvrir(page, url)
    attendre_texte(page, c)
    page.locator("[data-role=avis-stockage]").wait_for(timeout=30_000)
    # Room again: the next change is saved and the notice goes.
    page.evaluate("(cles) => cles.forEach((c) => localStorage.removeItem(c))", remplissage)
    c2 = c.replace("nom: Liste C", "nom: Liste C gardée")
    saisir(page, c2)
    attendre_gardee(page, jeu, c2)
    page.locator("[data-role=avis-stockage]").wait_for(state="detached", timeout=30_000)


@pytest.mark.parametrize("largeur", [1280, 390])
@pytest.mark.parametrize("jeu", JEUX)
def test_issue23_aucune_liste_perdue(onglet: Onglet, site_url: str, output_dir: Path, jeu: str, largeur: int) -> None:
    page = onglet.page
    page.set_viewport_size({"width": largeur, "height": 900 if largeur > 400 else 844})
    photos = output_dir / "issue23-listes" if largeur == 390 else None
    url = site_url + f"{jeu}/verifier/"
    a = texte_liste(jeu, 0, "Liste A")
    etape_listes_d_avant(page, url, jeu, a)
    etape_stockage_abime(onglet, url, jeu, a, photos)
    etape_exemple(page, jeu, a)
    etape_liens(page, url, jeu, [texte_liste(jeu, i % 2, f"Lien {n}") for i, n in enumerate(["un", "deux", "trois"])])
    etape_deux_onglets(onglet, url, jeu, texte_liste(jeu, 1, "Liste B"), photos)
    etape_stockage_plein(onglet, url, jeu, texte_liste(jeu, 1, "Liste C"), photos)
    assert onglet.erreurs_js == []


# --- Khârn-Âges: the player's own cards ---------------------------------------------------------


def attendre_verdict(page: object) -> None:
    page.wait_for_function("() => ['valide', 'invalide'].includes(document.querySelector('[data-compendium-outil]').dataset.etat)",
                           timeout=30_000)


def cli_valider(liste: Path, catalogue: Path) -> dict:
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(liste), "--json", "--catalogue", str(catalogue)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def test_issue23_lien_kharn_ages_porte_les_cartes_du_joueur(navigateur: object, site_url: str) -> None:
    """The friend, with another catalogue, sees the sender's verdict and total; their catalogue stays."""
    url = site_url + "kharn-ages/verifier/"
    liste = FICTIF / "liste-fictive.yaml"
    catalogue = FICTIF / "catalogue-fictif.yaml"
    attendu = cli_valider(liste, catalogue)
    envoi = Onglet(navigateur)
    ami = Onglet(navigateur)
    try:
        page = envoi.page
        ouvrir(page, url)
        page.set_input_files("[data-role=catalogue-fichier]", str(catalogue))
        page.locator("[data-role=catalogue-bloc][data-charge=oui]").wait_for(state="attached")
        saisir(page, liste.read_text(encoding="utf-8"))
        attendre_verdict(page)
        verdict = page.inner_text("[data-role=etat]")
        assert f"total {attendu['cout']} / {attendu['budget']} Kouronnes" in verdict
        assert ("Liste valide" in verdict) == attendu["valide"]
        page.click("[data-role=partager]")
        page.wait_for_function("() => document.querySelector('[data-role=lien]').value.includes('#liste=')")
        adresse = page.input_value("[data-role=lien]")

        # The friend has their own catalogue (the book's example) and opens the link in a new tab.
        p2 = ami.page
        ouvrir(p2, url)
        p2.select_option("[data-role=catalogue-exemple]", label="Exemples du livre")
        p2.wait_for_function("() => document.querySelector('[data-role=catalogue-bloc]').dataset.charge === 'oui'")
        le_sien = p2.evaluate("() => JSON.stringify(JSON.parse(localStorage.getItem('compendium.materiel.kharn-ages')).catalogue)")
        p3 = ami.nouvelle_page()
        ouvrir(p3, adresse)
        attendre_verdict(p3)
        assert p3.inner_text("[data-role=etat]") == verdict
        assert p3.inner_text("[data-role=total]") == page.inner_text("[data-role=total]")
        assert p3.evaluate("() => JSON.stringify(JSON.parse(localStorage.getItem('compendium.materiel.kharn-ages')).catalogue)") == le_sien
        assert "Exemples du livre" in p3.inner_text("[data-role=catalogue-etat]")
        assert "cartes de votre catalogue" in page.inner_text("[data-role=partage-etat]")
        # The same link in a browser that has never been on the site.
        p4 = Onglet(navigateur)
        try:
            ouvrir(p4.page, adresse)
            attendre_verdict(p4.page)
            assert p4.page.inner_text("[data-role=etat]") == verdict
            p4.verifier_propre()
        finally:
            p4.contexte.close()
        envoi.verifier_propre()
        ami.verifier_propre()
    finally:
        envoi.contexte.close()
        ami.contexte.close()


def test_issue23_kharn_ages_dit_comment_ajouter_ses_cartes(onglet: Onglet, site_url: str) -> None:
    """With no card or only the book's example, the picker points to the card form and to a club's file."""
    page = onglet.page
    ouvrir(page, site_url + "kharn-ages/verifier/")
    aide = page.locator("[data-role=choix-profil-vide]")
    aide.wait_for()
    assert "Aucune carte" in aide.inner_text()
    # Where the cards are kept for every tool of the game (issue 26): « Mon matériel », linked.
    lien = aide.locator("[data-role=materiel-lien]")
    assert lien.inner_text() == "« Mon matériel »"
    assert lien.get_attribute("href").endswith("kharn-ages/materiel/#catalogue")
    # The book's example catalogue: still only the example.
    page.select_option("[data-role=catalogue-exemple]", label="Exemples du livre")
    page.wait_for_function("() => document.querySelector('[data-role=choix-profil-vide]').textContent.includes('exemple du livre')")
    assert page.locator("[data-role=choix][data-sorte=profil]").count() == 1
    with page.expect_file_chooser() as choix:
        aide.locator("[data-role=aide-importer-catalogue]").click()
    assert choix.value.element.get_attribute("data-role") == "catalogue-fichier"
    aide.locator("[data-role=aide-creer-carte]").click()
    page.locator("[data-compendium-cartes] form[data-section=profils]").wait_for()
    # The player's own cards: the hint goes.
    page.set_input_files("[data-role=catalogue-fichier]", str(FICTIF / "catalogue-fictif.yaml"))
    page.wait_for_function("() => document.querySelectorAll('[data-role=choix][data-sorte=profil]').length === 2")
    assert aide.is_hidden()
