"""The builder edits Hate's chronicle log (`journal`, opened by `x-composer: section`) by clicking.

The example with a log opens in its groups of controls; removing a player breaks a rule the
engine reports (as the command line does), « Annuler » brings the log back, and adding the
player again with the controls gives back the example's log, valid.
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.browser_support import Onglet
from tests.test_browser_composer import accord_avec_cli, attendre_rapport, ouvrir, texte_yaml

ROOT = Path(__file__).resolve().parent.parent
EXEMPLE = ROOT / "data" / "hate" / "listes" / "24-chronique-avec-journal.yaml"
SECTION = "details[data-role=section][data-champ=journal]"
JOUEURS = f"{SECTION} fieldset[data-champ=joueurs] > fieldset[data-role=element]"


def journal_attendu() -> dict:
    return yaml.safe_load(EXEMPLE.read_text("utf-8"))["journal"]


def test_journal_de_chronique_par_clics(onglet: Onglet, site_url: str, tmp_path: Path) -> None:
    page = onglet.page
    attendu = journal_attendu()
    ouvrir(page, site_url + "hate/verifier/")
    page.select_option("#cpd-exemple", value=next(
        v for v in page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value)") if EXEMPLE.name in v))
    page.wait_for_function("() => (document.querySelector('#cpd-liste').value || '').includes('journal:')")
    attendre_rapport(page)
    # The log is among the list's settings, folded once the list has entries.
    if page.get_attribute("[data-role=enveloppe]", "open") is None:
        page.click("[data-role=enveloppe] > summary")
    page.click(f"{SECTION} > summary")
    assert page.locator(JOUEURS).count() == len(attendu["joueurs"])
    territoires = f"{SECTION} fieldset[data-champ=territoires] > fieldset[data-role=element]"
    assert page.locator(territoires).count() == len(attendu["territoires"])
    assert page.input_value("#cpd-c-journal-joueur") == attendu["joueur"]

    # Remove the second player: the engine's verdict on the text, as the command line gives it.
    second = attendu["joueurs"][1]
    page.locator(JOUEURS).nth(1).locator("[data-role=retirer-element]").click()
    page.wait_for_function("(s) => document.querySelectorAll(s).length === 1", arg=JOUEURS)
    assert texte_yaml(page)["journal"]["joueurs"] == attendu["joueurs"][:1]
    rapport = accord_avec_cli(page, tmp_path)
    assert not rapport["valide"] and any(e["chemin"].startswith("/journal") for e in rapport["erreurs"])

    # « Annuler » gives the log back.
    page.click("[data-role=annuler]")
    page.wait_for_function("(s) => document.querySelectorAll(s).length === 2", arg=JOUEURS)
    assert texte_yaml(page)["journal"] == attendu

    # Remove it again, then add it back with the controls: name typed, tribe and territory chosen.
    page.locator(JOUEURS).nth(1).locator("[data-role=retirer-element]").click()
    page.wait_for_function("(s) => document.querySelectorAll(s).length === 1", arg=JOUEURS)
    page.click(f"{SECTION} fieldset[data-champ=joueurs] > [data-role=ajouter-element]")
    page.wait_for_function("(s) => document.querySelectorAll(s).length === 2", arg=JOUEURS)
    page.fill("#cpd-c-journal-joueurs-1-nom", second["nom"])
    page.dispatch_event("#cpd-c-journal-joueurs-1-nom", "change")
    page.wait_for_selector("#cpd-c-journal-joueurs-1-tribu")
    page.select_option("#cpd-c-journal-joueurs-1-tribu", f'"{second["tribu"]}"')
    page.wait_for_function("(t) => document.querySelector('#cpd-liste').value.includes('tribu: ' + t)", arg=second["tribu"])
    # The territory is picked among the map's (`x-parmi`), or named when the map does not list it.
    origine = "#cpd-c-journal-joueurs-1-origine"
    cle = json.dumps(second["origine"])
    if cle in page.eval_on_selector_all(f"{origine} option", "os => os.map((o) => o.value)"):
        page.select_option(origine, cle)
    else:
        page.select_option(origine, label="Autre (à nommer)…")
        page.fill(origine + "-autre", second["origine"])
        page.dispatch_event(origine + "-autre", "change")
    page.wait_for_function("(o) => document.querySelector('#cpd-liste').value.includes('origine: ' + o)", arg=second["origine"])
    assert texte_yaml(page)["journal"] == attendu
    assert accord_avec_cli(page, tmp_path)["valide"]


def test_village_seulement_en_chronique(onglet: Onglet, site_url: str) -> None:
    """`x-si`: the village options appear when the mode is « chronique », not in a simple battle."""
    page = onglet.page
    ouvrir(page, site_url + "hate/verifier/")
    simple = next(v for v in page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value)")
                  if "01-simple-bataille" in v)
    page.select_option("#cpd-exemple", value=simple)
    page.wait_for_function("() => (document.querySelector('#cpd-liste').value || '').includes('bataille-simple')")
    attendre_rapport(page)
    village = "[data-role=composer] [data-champ=village]"
    if page.get_attribute("[data-role=enveloppe]", "open") is None:  # the list's settings, folded
        page.click("[data-role=enveloppe] > summary")
    assert page.input_value("#cpd-c-options-mode") == '"bataille-simple"'  # option values are JSON
    assert page.locator(village).count() == 0
    page.select_option("#cpd-c-options-mode", value='"chronique"')
    page.wait_for_selector(village, timeout=30_000)
    assert texte_yaml(page)["options"]["mode"] == "chronique"
    assert "village" not in texte_yaml(page)["options"]  # shown, not written until the player sets it
    page.select_option("#cpd-c-options-mode", value='"bataille-simple"')
    page.wait_for_function("(s) => document.querySelectorAll(s).length === 0", arg=village, timeout=30_000)
