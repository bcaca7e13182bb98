"""Tamashii's setup checker in headless Chromium, the engine running in real Pyodide.

The page exists once the lead lists `verifier` in `outils` of `data/tamashii/jeu.yaml`. A player opens
an invalid example setup (a solo game without its BOT), reads the error and its rule link, fixes the
text as the example's comment says, and sees « Liste valide »; every example gets the verdict its
comment announces, the same as the command line.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.browser_support import Onglet, attendre_moteur
from tests.engine_support import codes_nommes, entete, load_bundle
from tests.textes_joueur_support import message_joueur

ROOT = Path(__file__).resolve().parent.parent
JEU = "tamashii"
LISTES = ROOT / "data" / JEU / "listes"
OUTIL = "[data-compendium-outil=verifier]"
EXEMPLE = "14-invalide-solo-sans-bot.yaml"  # its comment: add « bot_jordan » to the options


def attendre_etat(page: object, attendu: str) -> None:
    page.wait_for_function(f"(e) => document.querySelector('{OUTIL}').dataset.etat === e", arg=attendu,
                           timeout=15_000)


def cli_valider(chemin: Path) -> dict:
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(chemin), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    return json.loads(run.stdout)


def test_mise_en_place_solo_sans_bot_puis_corrigee(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    page.set_viewport_size({"width": 1200, "height": 1400})
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    valeurs = page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value).filter(Boolean)")
    disponibles = {v.rsplit("/", 1)[-1]: v for v in valeurs}
    assert sorted(disponibles) == sorted(p.name for p in LISTES.glob("*.yaml"))
    page.select_option("#cpd-exemple", disponibles[EXEMPLE])
    attendre_etat(page, "invalide")
    texte = page.input_value("#cpd-liste")
    assert texte == (LISTES / EXEMPLE).read_text("utf-8")
    assert "Liste invalide : 1 erreur" in page.inner_text("[data-role=etat]")
    codes = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
    messages = page.locator("[data-role=erreurs] .cpd-violation-message").all_inner_texts()
    cli = cli_valider(LISTES / EXEMPLE)
    assert codes == [e["code"] for e in cli["erreurs"]] == ["TAM_SOLO_BOT"]
    # In the player's words (labels and names), as the builder writes them; the CLI keeps the YAML's.
    assert messages == [message_joueur(e, load_bundle(JEU)) for e in cli["erreurs"]]
    assert "BOT J.O.R.D.A.N." in messages[0]
    lien = page.locator("[data-role=erreurs] a").first.get_attribute("href")
    assert lien and "tamashii/solo/" in lien and lien.endswith("#regles-du-bot")
    # The rules the checker applies are listed under the tool, with their recorded readings.
    assert page.locator("#une-entree-par-joueur").count() == 1
    lecture = page.locator("h3#une-entree-par-joueur ~ div.admonition").first.inner_text()
    assert "Interprétation retenue" in lecture and "De 1 à 4 joueurs" in lecture
    page.screenshot(path=str(output_dir / "tamashii-verifier.png"), full_page=False)

    # Fix it as the comment says: the BOT's card with a battery in each of its 5 slots.
    saisir(page, texte.replace("  mode: solo\n", "  mode: solo\n  bot_jordan: {batteries: 5}\n"))
    attendre_etat(page, "valide")
    assert "Liste valide" in page.inner_text("[data-role=etat]")
    assert page.locator("[data-role=erreurs]").count() == 0
    # Without the board → essential data mapping (not in the book) the check is announced as not done.
    avertissements = page.eval_on_selector_all("[data-role=avertissements] li", "ls => ls.map(l => l.dataset.code)")
    assert avertissements == ["TAM_ESSENTIELLES_NON_VERIFIABLE"]


def test_chaque_exemple_donne_le_verdict_annonce(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.goto(site_url + f"{JEU}/verifier/")
    attendre_moteur(page)
    valeurs = page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value).filter(Boolean)")
    for url in valeurs:
        nom = url.rsplit("/", 1)[-1]
        texte = (LISTES / nom).read_text("utf-8")
        page.select_option("#cpd-exemple", url)
        page.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=texte, timeout=10_000)
        attendu = "invalide" if "invalide" in nom else "valide"
        attendre_etat(page, attendu)
        if attendu == "invalide":
            codes = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
            assert len(codes) == 1 and {codes[0]} == codes_nommes(load_bundle(JEU), entete(texte)), nom


def saisir(page: object, texte: str) -> None:
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", texte)
