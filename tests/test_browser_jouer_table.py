"""Issue 34: play mode a player keeps open the whole game, in headless Chromium at 390 × 844.

Each fiche carries its profile (folded, one tap to unfold), identical models are numbered and a
fiche can be renamed; what each turn resets is applied at its moment and logged; every tap can be
undone and redone; the bar at the bottom keeps the round and « Étape suivante » in view; the
opponent's list is a tab on a phone and side by side from 900 px; a larger-text setting; the log
is appended to and the game saved a little at a time; older, newer and concurrent saves are
handled. Expected values are read by the test from the list files and partie.yaml.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.browser_support import Onglet
from tests.jouer_support import ouvrir_jouer

ROOT = Path(__file__).resolve().parent.parent
TELEPHONE = {"width": 390, "height": 844}
JEUX = ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"]


def _partie(jeu: str) -> dict:
    return yaml.safe_load((ROOT / "data" / jeu / "partie.yaml").read_text("utf-8"))["partie"]


def _liste(jeu: str, nom: str | None = None) -> dict:
    fichiers = sorted((ROOT / "data" / jeu / "listes").glob((nom or "0*") + ".yaml"))
    return yaml.safe_load(fichiers[0].read_text("utf-8"))


def _jouer_texte(page: object, site_url: str, jeu: str, texte: str) -> None:
    """Start a game with a list text, as « Jouer cette liste » hands it over (localStorage request)."""
    page.set_viewport_size(TELEPHONE)
    page.goto(site_url + f"{jeu}/")
    page.evaluate("([cle, valeur]) => localStorage.setItem(cle, valeur)",
                  [f"compendium.jouer.{jeu}.demande", json.dumps({"texte": texte, "nom": ""})])
    page.goto(site_url + f"{jeu}/jouer/")
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=120_000)


def _valeur(page: object, fiche: str, compteur: str) -> str:
    return page.locator(f"[data-fiche='{fiche}'] [data-compteur={compteur}] .cpj-valeur").inner_text().split(" / ")[0]


def _suivante(page: object) -> None:
    page.locator("[data-role=etape-suivante]").click()


def _journal(page: object) -> str:
    return page.locator("[data-role=journal]").inner_text()


@pytest.mark.parametrize("jeu", JEUX)
def test_profil_replie_numeros_et_renommer(onglet: Onglet, site_url: str, output_dir: Path, jeu: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + f"{jeu}/jouer/")
    fiches = page.locator("[data-role=fiches] > .cpj-fiche")
    noms = [fiches.nth(i).locator(".cpj-fiche-nom").inner_text() for i in range(fiches.count())]
    # Identical models are numbered: no two sheets of the list read the same.
    assert len(set(noms)) == len(noms), noms
    # The first fiche is on the first screen, above the bar that stays at the bottom.
    premiere = fiches.first.bounding_box()
    barre = page.locator("[data-role=barre]").bounding_box()
    assert premiere["y"] < TELEPHONE["height"] and barre["y"] + barre["height"] <= TELEPHONE["height"] + 1
    assert premiere["y"] + 80 < barre["y"]
    # A profile, folded by default, unfolds in one tap.
    profils = page.locator("[data-role=fiches] [data-role=profil]")
    if profils.count():
        profil = profils.first
        assert profil.get_attribute("open") is None
        profil.locator("summary").click()
        assert profil.get_attribute("open") is not None
        resume = profil.locator("summary").bounding_box()
        assert resume["height"] >= 44
    # Rename a fiche: shown at once, kept across a reload, and undone by « Annuler ».
    fiche = fiches.first
    ident = fiche.get_attribute("data-fiche")
    avant = fiche.locator(".cpj-fiche-nom").inner_text()
    fiche.locator("[data-role=renommer]").click()
    champ = page.locator("input[aria-label^='Nouveau nom']")
    champ.fill("<b>Chef</b> du col")
    champ.press("Enter")
    nom = page.locator(f"[data-fiche='{ident}'] .cpj-fiche-nom")
    assert nom.inner_text().startswith("<b>Chef</b> du col")  # user text is shown as text, never as HTML
    assert page.locator(f"[data-fiche='{ident}'] .cpj-fiche-nom b").count() == 0
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert page.locator(f"[data-fiche='{ident}'] .cpj-fiche-nom").inner_text().startswith("<b>Chef</b> du col")
    page.locator("[data-role=annuler]").click()
    assert page.locator(f"[data-fiche='{ident}'] .cpj-fiche-nom").inner_text() == avant
    assert "Annulé : " in _journal(page)
    # Screenshot mid-round with the first profile unfolded, for a person to look at.
    _suivante(page)
    if profils.count():
        page.locator("[data-role=fiches] [data-role=profil] summary").first.click()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)
    page.screenshot(path=str(output_dir / f"jouer-table-{jeu}-390.png"))
    onglet.verifier_propre()


def test_bataille_d6_profil_tire_de_la_liste(onglet: Onglet, site_url: str) -> None:
    """The unit's stats are the list's own values, under the names the book gives them."""
    page = onglet.page
    liste = _liste("bataille-d6")
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    for i, entree in enumerate(liste["entrees"]):
        resume = page.locator(f"[data-fiche='e{i}'] [data-role=profil] summary").inner_text()
        for champ, nom in (("mouvement", "Mouvement"), ("melee", "Mêlée"), ("tir", "Tir"), ("armure", "Armure")):
            assert f"{nom} {entree[champ]}" in resume, (resume, champ)


def test_hate_guerriers_numerotes(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    liste = _liste("hate")
    ouvrir_jouer(page, site_url + "hate/jouer/")
    sans_nom = [e for e in liste["entrees"] if e["type"] == "guerrier" and not e.get("nom")]
    noms = page.locator("[data-role=fiches] .cpj-fiche-nom").all_inner_texts()
    for k in range(1, len(sans_nom) + 1):
        assert any(n.startswith(f"Guerrier {k}") for n in noms), noms
    assert not any("Guerrier · Guerrier" in n for n in noms)


def test_hami_actions_rendues_au_debut_du_tour(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    partie = _partie("hami")
    remise = next(r for r in partie["remises"] if r["quand"].get("debut_du_tour"))
    assert {"id": "actions", "vers": "max"} in remise["compteurs"]
    ouvrir_jouer(page, site_url + "hami/jouer/")
    fiche = page.locator("[data-role=fiches] [data-compteur=actions]").first.locator("xpath=ancestor::article[1]")
    ident = fiche.get_attribute("data-fiche")
    maximum = page.locator(f"[data-fiche='{ident}'] [data-compteur=actions] .cpj-valeur").inner_text().split(" / ")[1]
    moins = page.locator(f"[data-fiche='{ident}'] [data-compteur=actions] [data-pas='-1']")
    while moins.is_enabled():
        moins.click()
    assert _valeur(page, ident, "actions") == "0"
    while page.locator("[data-role=tour]").inner_text() == "1":
        _suivante(page)
    assert _valeur(page, ident, "actions") == maximum
    assert remise["nom"] in _journal(page)
    # The reset is part of the step it came with: one « Annuler » takes both back.
    page.locator("[data-role=annuler]").click()
    assert page.locator("[data-role=tour]").inner_text() == "1"
    assert _valeur(page, ident, "actions") == "0"
    page.locator("[data-role=refaire]").click()
    assert page.locator("[data-role=tour]").inner_text() == "2" and _valeur(page, ident, "actions") == maximum


def test_hate_sauvagerie_remise_a_l_etape_du_livre(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    partie = _partie("hate")
    remise = next(r for r in partie["remises"] if r["quand"].get("etape"))
    cible = remise["compteurs"][0]["vers"]["valeur"]
    phase, etape = remise["quand"]["etape"].split("/")
    ouvrir_jouer(page, site_url + "hate/jouer/")
    moins = page.locator("[data-compteur=sauvagerie] [data-pas='-1']").first
    ident = moins.locator("xpath=ancestor::article[1]").get_attribute("data-fiche")
    moins.click()
    moins.click()
    assert _valeur(page, ident, "sauvagerie") == str(cible - 2)
    courante = page.locator(".cpj-etape--courante")
    while courante.get_attribute("data-etape") != f"{phase}/{etape}":
        _suivante(page)
    assert _valeur(page, ident, "sauvagerie") == str(cible)
    lignes = page.locator("[data-role=journal] li")
    assert remise["nom"] in lignes.first.inner_text()
    assert lignes.first.locator("a").get_attribute("href")  # the reset cites its rule


KA_LISTE = """# Valeurs de carte INVENTÉES pour ce test (le livre n'imprime pas les cartes).
jeu: kharn-ages
nom: Test des PA
format: 300
options: {faction: kharns}
profils:
  - id: guerrier-invente
    nom: Guerrier inventé
    niveau: 1
    cout: 40
    caracteristiques: {PA: 4, PV: 6}
entrees:
  - {profil: guerrier-invente, leader: true}
  - {profil: guerrier-invente}
"""


def test_kharn_ages_tours_et_pa_a_l_activation(onglet: Onglet, site_url: str) -> None:
    """PA come back when the figure starts its activation; the steps repeat per activation and the
    turn counts turns, not activations."""
    page = onglet.page
    partie = _partie("kharn-ages")
    phase = next(p for p in partie["sequence"]["phases"] if p.get("repetee"))
    _jouer_texte(page, site_url, "kharn-ages", KA_LISTE)
    fiches = page.locator("[data-role=fiches] > .cpj-fiche")
    ident = fiches.first.get_attribute("data-fiche")
    assert _valeur(page, ident, "pa") == "4"
    moins = page.locator(f"[data-fiche='{ident}'] [data-compteur=pa] [data-pas='-1']")
    moins.click()
    moins.click()
    assert _valeur(page, ident, "pa") == "2"
    page.locator(f"[data-fiche='{ident}'] [data-statut=sonne] button").click()
    page.locator(f"[data-fiche='{ident}'] [data-statut=activee] button").click()
    assert _valeur(page, ident, "pa") == "4"
    assert page.locator(f"[data-fiche='{ident}'] [data-statut=sonne] button").get_attribute("aria-pressed") == "false"
    # Two activations: the turn stays at 1; « Fin du tour » starts turn 2.
    for _ in range(2):
        for _ in range(len(phase["etapes"]) - 1):
            _suivante(page)
        assert page.locator("[data-role=etape-suivante]").inner_text() == phase["repetee"]["suivante"]
        assert page.locator("[data-role=fin-de-phase]").inner_text() == phase["repetee"]["fin"]
        _suivante(page)
        assert page.locator("[data-role=tour]").inner_text() == "1"
    for _ in range(len(phase["etapes"]) - 1):
        _suivante(page)
    page.locator("[data-role=fin-de-phase]").click()
    assert page.locator("[data-role=tour]").inner_text() == "2"
    assert page.locator("[data-role=fin-de-phase]").is_hidden()


def test_annuler_et_retablir_cinquante_gestes(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    ligne = page.locator("[data-fiche=e0] [data-compteur=figurines-en-jeu]")
    depart = int(ligne.locator(".cpj-valeur").inner_text().split(" / ")[0])
    gestes = min(depart, 8)
    for _ in range(gestes):
        ligne.locator("[data-pas='-1']").click()
    for _ in range(50 - gestes):
        page.locator("[data-fiche=e1] [data-statut=engagee] button").click()
    assert _valeur(page, "e0", "figurines-en-jeu") == str(depart - gestes)
    assert "Annuler : " in page.locator("[data-role=annuler]").get_attribute("aria-label")
    page.reload()  # the history survives a reload
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    for _ in range(50):
        page.locator("[data-role=annuler]").click()
    assert _valeur(page, "e0", "figurines-en-jeu") == str(depart)
    assert page.locator("[data-fiche=e1] [data-statut=engagee] button").get_attribute("aria-pressed") == "false"
    assert _journal(page).count("Annulé : ") == 50
    page.locator("[data-role=refaire]").click()
    assert _valeur(page, "e0", "figurines-en-jeu") == str(depart - 1)
    assert "Rétabli : " in page.locator("[data-role=journal] li").first.inner_text()
    # A new tap after an undo drops what could be redone.
    page.locator("[data-fiche=e2] [data-statut=engagee] button").click()
    assert page.locator("[data-role=refaire]").is_disabled()
    onglet.verifier_propre()


def test_adversaire_en_onglet_puis_cote_a_cote(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    adverse = _liste("bataille-d6", "02-*")
    page.get_by_role("button", name="Ajouter la liste de l'adversaire").click()
    page.select_option("#cpj-adversaire-choix", label=adverse["nom"])
    page.get_by_role("button", name="Ajouter", exact=True).click()
    page.wait_for_selector("[data-role=fiches-adversaire] .cpj-fiche", timeout=60_000)
    mes_fiches = page.locator("[data-role=fiches] .cpj-fiche").first
    siennes = page.locator("[data-role=fiches-adversaire] .cpj-fiche").first
    assert siennes.is_visible() and mes_fiches.is_hidden()
    page.get_by_role("tab", name="Ma liste").click()
    assert mes_fiches.is_visible() and siennes.is_hidden()
    for onglet_ in page.get_by_role("tab").all():
        boite = onglet_.bounding_box()
        assert boite["height"] >= 44 and boite["width"] >= 44
    page.set_viewport_size({"width": 1280, "height": 900})
    assert mes_fiches.is_visible() and siennes.is_visible()
    assert siennes.bounding_box()["x"] > mes_fiches.bounding_box()["x"] + 200
    assert page.get_by_role("tab", name="Ma liste").is_hidden()
    onglet.verifier_propre()


def test_texte_plus_grand_garde(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "tamashii/jouer/")
    bouton = page.get_by_role("button", name="Texte plus grand")
    nom = page.locator(".cpj-fiche-nom").first
    avant = nom.bounding_box()["height"]
    bouton.click()
    assert bouton.get_attribute("aria-pressed") == "true"
    assert nom.bounding_box()["height"] > avant
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert page.get_by_role("button", name="Texte plus grand").get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= TELEPHONE["width"]


ECRITURES = """() => {
  window.__ecrit = 0;
  const ecrire = Storage.prototype.setItem;
  Storage.prototype.setItem = function (cle, valeur) {
    window.__ecrit += String(cle).length + String(valeur).length;
    return ecrire.call(this, cle, valeur);
  };
}"""


def _octets_d_un_toucher(page: object) -> int:
    page.evaluate(ECRITURES)
    page.locator("[data-fiche=e1] [data-statut=engagee] button").click()
    return page.evaluate("() => window.__ecrit")


def test_un_toucher_coute_autant_apres_mille_lignes(onglet: Onglet, site_url: str) -> None:
    """The log is appended to, never redrawn, and a tap writes the same amount after 1,000 lines."""
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    debut = _octets_d_un_toucher(page)
    # A long game: 1,000 more lines, written as the page stores them (blocks of 100), then reloaded.
    page.evaluate("""() => {
      const cle = 'compendium.jouer.bataille-d6';
      const etat = JSON.parse(localStorage.getItem(cle));
      const lignes = Compendium.jouerStockage.journal('bataille-d6');
      for (let i = 0; i < 1000; i += 1) lignes.push({t: new Date().toISOString(), tour: 1, texte: 'Ligne ' + i});
      const bloc = Compendium.jouerStockage.BLOC;
      for (let k = 0; k * bloc < lignes.length; k += 1) {
        localStorage.setItem(cle + '.journal.' + k, JSON.stringify(lignes.slice(k * bloc, (k + 1) * bloc)));
      }
      etat.journal = {debut: 0, n: lignes.length};
      localStorage.setItem(cle, JSON.stringify(etat));
    }""")
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    lignes = page.locator("[data-role=journal] li")
    assert lignes.count() == 200 and lignes.first.inner_text().endswith("Ligne 999")
    lignes.nth(1).evaluate("(li) => { li.dataset.marque = 'gardee'; }")
    apres = _octets_d_un_toucher(page)
    assert apres <= debut + 200, (debut, apres)  # not the whole log again
    assert lignes.count() == 200
    assert page.locator("[data-role=journal] li[data-marque=gardee]").count() == 1  # not redrawn
    assert "Engagée" in lignes.first.inner_text()
    assert len(page.evaluate("() => Compendium.jouerStockage.journal('bataille-d6')")) > 1000


def test_partie_d_une_ancienne_version_et_d_une_plus_recente(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    page.locator("[data-fiche=e0] [data-compteur=figurines-en-jeu] [data-pas='-1']").click()
    valeur = _valeur(page, "e0", "figurines-en-jeu")
    # The same game as the page's first version stored it: one key, the log inside.
    page.evaluate("""() => {
      const cle = 'compendium.jouer.bataille-d6';
      const etat = JSON.parse(localStorage.getItem(cle));
      const fiches = JSON.parse(localStorage.getItem(cle + '.fiches'));
      const v1 = {v: 1, texte: etat.texte, nom: etat.nom, resultat: fiches.resultat, valeurs: etat.valeurs,
                  tour: etat.tour, etape: etat.etape, debut: etat.debut,
                  journal: Compendium.jouerStockage.journal('bataille-d6')};
      for (const k of Object.keys(localStorage)) if (k.startsWith(cle)) localStorage.removeItem(k);
      localStorage.setItem(cle, JSON.stringify(v1));
    }""")
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    assert _valeur(page, "e0", "figurines-en-jeu") == valeur
    assert "Nouvelle partie avec" in _journal(page)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('compendium.jouer.bataille-d6')).v") == 2
    # A game from a newer page is refused in French and set aside, never reset.
    page.evaluate("() => localStorage.setItem('compendium.jouer.bataille-d6', JSON.stringify({v: 99, nom: 'Future'}))")
    page.reload()
    page.wait_for_selector("[data-role=avis] .cpj-message--alerte")
    assert "version plus récente" in page.locator("[data-role=avis]").inner_text()
    assert json.loads(page.evaluate("() => localStorage.getItem('compendium.jouer.bataille-d6.abime')"))["v"] == 99
    onglet.verifier_propre()


def test_deux_onglets_le_dernier_ecrit_gagne(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    autre = onglet.nouvelle_page()
    autre.set_viewport_size(TELEPHONE)
    autre.goto(site_url + "bataille-d6/jouer/")
    autre.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    autre.locator("[data-fiche=e0] [data-compteur=figurines-en-jeu] [data-pas='-1']").click()
    valeur = _valeur(autre, "e0", "figurines-en-jeu")
    page.wait_for_selector("[data-avis=onglet]")
    assert "autre onglet" in page.locator("[data-avis=onglet]").inner_text()
    assert _valeur(page, "e0", "figurines-en-jeu") == valeur
    # The first tab plays on from there: its write is the later one, and the second tab follows.
    page.locator("[data-fiche=e0] [data-compteur=figurines-en-jeu] [data-pas='-1']").click()
    autre.wait_for_selector("[data-avis=onglet]")
    assert _valeur(autre, "e0", "figurines-en-jeu") == _valeur(page, "e0", "figurines-en-jeu")
    onglet.verifier_propre()


# The contrast of a control's text and border against the sheet behind it, a colour with alpha (and the
# element's opacity) laid over that background first (WCAG 2.1 relative luminance).
CONTRASTES = """() => {
  const rgba = (c) => { const n = c.match(/[\\d.]+/g).map(Number); return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1]; };
  const fond = (e) => { for (let x = e; x; x = x.parentElement) { const c = rgba(getComputedStyle(x).backgroundColor);
    if (c[3] > 0) return c; } return [255, 255, 255, 1]; };
  const opacite = (e) => { let o = 1; for (let x = e; x; x = x.parentElement) o *= Number(getComputedStyle(x).opacity); return o; };
  const sur = (c, f, o = 1) => [0, 1, 2].map((i) => c[i] * c[3] * o + f[i] * (1 - c[3] * o));
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = [];
  for (const e of document.querySelectorAll('.cpj-pas, .cpj-barre-boutons .md-button:not([hidden])')) {
    const s = getComputedStyle(e);
    const f = fond(e.parentElement);
    const dedans = fond(e);
    out.push({quoi: (e.getAttribute('aria-label') || e.textContent).slice(0, 40), inactif: e.disabled,
              texte: ratio(sur(rgba(s.color), dedans, opacite(e)), dedans), bord: ratio(sur(rgba(s.borderTopColor), f, opacite(e)), f)});
  }
  return out;
}"""


@pytest.mark.parametrize("schema", ["default", "slate"])
def test_contraste_des_boutons_actifs_et_inactifs(onglet: Onglet, site_url: str, schema: str) -> None:
    """−/+ and the bar's buttons, enabled or not: text ≥ 4.5:1 and border ≥ 3:1, in both palettes."""
    from tests.accessibilite_support import CHOISIR_SCHEMA

    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    assert page.evaluate(CHOISIR_SCHEMA, schema)[0] == schema
    mesures = page.evaluate(CONTRASTES)
    assert any(m["inactif"] for m in mesures) and any(not m["inactif"] for m in mesures)
    faibles = [m for m in mesures if m["texte"] < 4.5 or m["bord"] < 3]
    assert faibles == [], faibles
