"""The engine's memory snapshot (moteur-instantane.js), in headless Chromium: no timings here.

A first visit to a tool page starts Pyodide normally and stores a snapshot in IndexedDB; the
next visit (same browser context) starts from it, and answers exactly as a normal start and as
the CLI do. A corrupt or mismatched snapshot means a normal start, with no error shown. While the
engine loads the page can be used: a list typed before it is ready is checked once it is.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import Onglet, attendre_moteur

ROOT = Path(__file__).resolve().parent.parent
JEU = "bataille-d6"
EXEMPLE = ROOT / "data" / JEU / "listes" / "04-trop-de-heros.yaml"
ATTAQUE = {"valeur": 4, "armure": 3, "attaques": 3}
CHARGEMENT = "[data-role=chargement]"

# The page's engine (the same object the tool uses), then one validation and one calculation.
RESULTATS_JS = """async ([jeu, texte, parametres]) => {
  const outil = document.querySelector('[data-compendium-outil]');
  const m = Compendium.moteur(Compendium.racine(outil.dataset.base || ''));
  const rapport = await m.valider(jeu, texte);
  const calcul = await m.calculer(jeu, 'attaque', parametres);
  return {rapport, calcul};
}"""

# Rewrites the stored snapshot record: `changer` receives it and returns the new one.
MODIFIER_JS = """(changer) => new Promise((resoudre, rejeter) => {
  const ouverture = indexedDB.open('compendium-moteur', 1);
  ouverture.onerror = () => rejeter(ouverture.error);
  ouverture.onsuccess = () => {
    const tx = ouverture.result.transaction('instantanes', 'readwrite');
    const magasin = tx.objectStore('instantanes');
    const entree = changer === 'corrompre' ? 'moteur' : 'cle';
    const lecture = magasin.get(entree);
    lecture.onsuccess = () => {
      const fiche = lecture.result;
      if (!fiche) { rejeter(new Error('aucun instantané')); return; }
      if (changer === 'corrompre') new Uint8Array(fiche).fill(7, 0, 4096);  // the bytes (ArrayBuffer)
      else fiche.cle = 'pyodide 0.0.0|autre build';
      magasin.put(fiche, entree);
    };
    tx.oncomplete = () => resoudre(true);
    tx.onerror = () => rejeter(tx.error);
  };
})"""


def cli_json(*args: str) -> dict:
    run = subprocess.run([sys.executable, "-m", "browser_engine", *args, "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def demarrage(page: object) -> dict[str, str | None]:
    """How the engine of this page started, as its loading indicator reports it."""
    chargement = page.locator(CHARGEMENT)  # type: ignore[attr-defined]
    return {"mode": chargement.get_attribute("data-demarrage"),
            "instantane": chargement.get_attribute("data-instantane")}


def attendre_instantane_enregistre(page: object) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "(s) => document.querySelector(s).dataset.instantane === 'enregistre'", arg=CHARGEMENT, timeout=120_000)


def visiter(onglet: Onglet, site_url: str) -> object:
    """Open the checker in a new page of the same context (IndexedDB is shared); engine ready."""
    page = onglet.nouvelle_page()
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    return page


def resultats(page: object) -> dict:
    return page.evaluate(RESULTATS_JS, [JEU, EXEMPLE.read_text("utf-8"), ATTAQUE])  # type: ignore[attr-defined]


@pytest.fixture
def onglet(navigateur: object) -> Iterator[Onglet]:
    """A fresh browser context (empty IndexedDB) per test; it must stay clean."""
    o = Onglet(navigateur)
    yield o
    o.verifier_propre()
    o.contexte.close()


def test_seconde_visite_part_de_l_instantane(onglet: Onglet, site_url: str) -> None:
    """First visit: normal start, snapshot stored. Second: started from it, same answers as the CLI."""
    premiere = visiter(onglet, site_url)
    assert demarrage(premiere)["mode"] == "froid"
    attendre_instantane_enregistre(premiere)
    a_froid = resultats(premiere)
    premiere.close()

    seconde = visiter(onglet, site_url)
    assert demarrage(seconde) == {"mode": "instantane", "instantane": "utilise"}
    depuis_instantane = resultats(seconde)
    assert depuis_instantane == a_froid

    # Both agree with CPython running the same engine outside the browser.
    cli = cli_json("valider", str(EXEMPLE))
    rapport = depuis_instantane["rapport"]
    assert rapport["valide"] is cli["valide"] is False
    assert [e["code"] for e in rapport["erreurs"]] == [e["code"] for e in cli["erreurs"]] == ["D6_HEROS_MAX"]
    assert [e["message"] for e in rapport["erreurs"]] == [e["message"] for e in cli["erreurs"]]
    probas = cli_json("probas", JEU, "attaque", *[f"--{k}={v}" for k, v in ATTAQUE.items()])
    fractions = [(d["valeur"], d["fraction"]) for d in depuis_instantane["calcul"]["distribution"]]
    assert fractions == [(d["valeur"], d["fraction"]) for d in probas["distribution"]]
    assert len(fractions) == ATTAQUE["attaques"] + 1


@pytest.mark.parametrize("changement", ["corrompre", "autre-version"])
def test_instantane_inutilisable_donne_un_demarrage_normal(onglet: Onglet, site_url: str, changement: str) -> None:
    """A damaged snapshot or one of another build: normal start, no error shown, a new snapshot stored."""
    premiere = visiter(onglet, site_url)
    attendre_instantane_enregistre(premiere)
    a_froid = resultats(premiere)
    premiere.evaluate(MODIFIER_JS, changement)
    premiere.close()

    seconde = visiter(onglet, site_url)
    assert demarrage(seconde)["mode"] == "froid"
    assert seconde.locator(".cpd-chargement--erreur").count() == 0
    assert resultats(seconde) == a_froid
    attendre_instantane_enregistre(seconde)  # replaced by a good one
    seconde.close()

    troisieme = visiter(onglet, site_url)
    assert demarrage(troisieme) == {"mode": "instantane", "instantane": "utilise"}


def test_liste_saisie_pendant_le_chargement_est_verifiee(onglet: Onglet, site_url: str) -> None:
    """The page is usable while Pyodide downloads; the list typed meanwhile is checked when it is ready."""
    retenues: list[object] = []
    page = onglet.page
    # Hold Pyodide's WebAssembly until the list is typed, so the engine is surely not ready yet.
    onglet.contexte.route("**/pyodide.asm.wasm", lambda route: retenues.append(route))
    page.goto(site_url + f"{JEU}/verifier/")
    page.wait_for_function("() => window.Compendium && document.querySelector('#cpd-liste')")
    assert page.locator(CHARGEMENT).get_attribute("data-pret") is None
    page.fill("#cpd-liste", EXEMPLE.read_text("utf-8"))
    assert "Chargement du moteur" in page.inner_text(CHARGEMENT)
    for _ in range(600):  # the engine asked for the WebAssembly (at most a minute)
        if retenues:
            break
        page.wait_for_timeout(100)
    assert retenues, "le moteur n'a pas demandé pyodide.asm.wasm"
    assert page.locator(CHARGEMENT).get_attribute("data-pret") is None
    for route in retenues:
        route.continue_()
    attendre_moteur(page)
    page.wait_for_function(
        "() => document.querySelector('[data-compendium-outil=verifier]').dataset.etat === 'invalide'",
        timeout=60_000)
    codes = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
    assert codes == [e["code"] for e in cli_json("valider", str(EXEMPLE))["erreurs"]]
