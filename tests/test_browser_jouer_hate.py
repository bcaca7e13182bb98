"""Issue 28, Hate: « Fin de la bataille » in play mode, in headless Chromium at 390 px.

A saved list with a chronicle log (the example 24-chronique-avec-journal) is played; the walkthrough
goes through every after-battle step (each linked to its rule), survives a reload, is refused by the
checker when the scenario of the affrontement's 1st battle is picked again, then writes the corrected
battle: the saved list gets a new version holding the entry (the list played stays as it was), and
« Vérifier la liste » opens the builder on it with its verdict. Expected values are read from the
example file and partie.yaml. A screenshot of the walkthrough goes to
test-output/jouer-hate-apres-bataille-390.png.
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.browser_support import Onglet, attendre_moteur

ROOT = Path(__file__).resolve().parent.parent
EXEMPLE = ROOT / "data" / "hate" / "listes" / "24-chronique-avec-journal.yaml"
TELEPHONE = {"width": 390, "height": 844}
ZONE = "[data-role=apres-zone]"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def _axe(page: object) -> list[dict]:
    """axe-core's serious or critical violations in the walkthrough (a dev dependency from node_modules)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    page.evaluate("() => window.scrollTo(0, 0)")  # Material's « back to top » button floats over the text once scrolled
    page.mouse.move(0, 0)  # a link under the pointer takes the theme's hover colour...
    page.wait_for_function("() => document.getAnimations().length === 0")  # ... and loses it through a transition
    return page.evaluate("""async () => {
      const r = await axe.run(document.querySelector('[data-role=apres]'));
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact, cibles: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
    }""")


def _etapes() -> list[dict]:
    return yaml.safe_load((ROOT / "data" / "hate" / "partie.yaml").read_text("utf-8"))["partie"]["apres_bataille"]["etapes"]


def _suivante(page: object, etape: str) -> None:
    page.click("[data-role=apres-suivante]")
    page.wait_for_selector(f"[data-apres-etape={etape}]")


def test_fin_de_bataille_ecrit_le_journal_a_390_px(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    page.set_viewport_size(TELEPHONE)
    texte = EXEMPLE.read_text("utf-8")
    liste = yaml.safe_load(texte)
    i, affrontement = next((i, a) for i, a in enumerate(liste["journal"]["affrontements"]) if len(a.get("batailles", [])) == 1)
    attaquant = next(j for j in affrontement["joueurs"] if j != affrontement["attaquant"])  # roles swap in battle 2
    deja = affrontement["batailles"][0]["scenario"]
    autre = "autre-fiche"  # the other sheet the example's log already names
    assert autre != deja
    etapes = _etapes()

    # The list is one of the player's saved lists in « Composer et vérifier ».
    page.goto(site_url + "hate/jouer/")
    page.evaluate("""(texte) => localStorage.setItem('compendium.listes.hate', JSON.stringify(
        {courante: 'l-exemple', listes: [{id: 'l-exemple', nom: "Les Fils d'Um'Cal", texte, maj: '', rev: 1}]}))""", texte)
    page.reload()
    attendre_moteur(page)
    page.get_by_role("button", name="Jouer cet exemple").click()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)

    page.get_by_role("button", name="Fin de la bataille").click()
    page.wait_for_selector("[data-apres-etape=resultat]", timeout=60_000)
    # One step per after-battle step of partie.yaml, each linked to its rule.
    liens = page.locator(f"{ZONE} .cpj-apres-etapes a")
    assert liens.count() == len(etapes)
    for k, e in enumerate(etapes):
        assert liens.nth(k).inner_text() == e["nom"] and liens.nth(k).get_attribute("href").endswith("#" + e["regle"])
    assert page.locator("[data-apres-etape] h3 a").get_attribute("href").endswith("#" + etapes[0]["regle"])
    assert page.locator("select[data-champ=affrontement]").input_value() == str(i)
    assert f"Attaquant de cette bataille : {attaquant}" in page.inner_text(ZONE)
    page.select_option("select[data-champ=cible]", "interieur-1")
    page.select_option("select[data-champ=scenario]", deja)  # the 1st battle's scenario: the checker refuses it
    page.select_option("select[data-champ=vainqueur]", attaquant)
    page.select_option("select[data-champ=cible]", "capitale")  # the Haine fields show for a capital target
    page.fill("[data-champ=haine] input >> nth=0", "12")
    assert _axe(page) == []
    page.select_option("select[data-champ=cible]", "interieur-1")

    _suivante(page, "captifs")
    page.check("[data-apres-etape=captifs] input[data-figure='4']")
    _suivante(page, "cicatrices")
    # Nothing typed is lost on reload.
    page.reload()
    page.wait_for_selector("[data-apres-etape=cicatrices]", timeout=60_000)
    page.click("[data-role=apres-precedente]")
    page.wait_for_selector("[data-apres-etape=captifs]")
    assert page.is_checked("[data-apres-etape=captifs] input[data-figure='4']")
    _suivante(page, "cicatrices")
    _suivante(page, "mur-de-la-mort")
    assert "1 figurine tuée" in page.inner_text(ZONE)
    _suivante(page, "piste")
    _suivante(page, "carte")
    assert f"{attaquant} revendique « Interieur 1 »" in page.inner_text(ZONE)
    _suivante(page, "ameliorations")
    assert page.locator("[data-role=apres-ecrire]").count() == 1
    page.click("[data-role=apres-ajouter-gain]")
    # The figure killed at step 2 cannot gain an upgrade.
    assert page.locator("select[data-champ=figure] option[value='4']").count() == 0
    page.select_option("select[data-champ=figure]", "1")
    page.select_option("select[data-champ=amelioration]", "generique-a-01")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= TELEPHONE["width"]
    assert _axe(page) == []
    page.locator("[data-role=apres]").screenshot(path=str(output_dir / "jouer-hate-apres-bataille-390.png"))

    # Refused: the same scenario twice in one affrontement, with the checker's message; nothing saved.
    page.click("[data-role=apres-ecrire]")
    refus = page.wait_for_selector("[data-role=apres-refus]", timeout=60_000).inner_text()
    assert f"« {deja} »" in refus and "2e" in refus
    assert len(json.loads(page.evaluate("() => localStorage.getItem('compendium.listes.hate')"))["listes"]) == 1
    page.get_by_role("button", name="Corriger").click()
    page.wait_for_selector("[data-apres-etape=resultat]")
    page.select_option("select[data-champ=scenario]", autre)
    for e in etapes[1:]:
        _suivante(page, e["id"])
    page.click("[data-role=apres-ecrire]")
    page.wait_for_selector("[data-role=apres-fait]", timeout=60_000)

    # The saved lists: the one played, unchanged, then its new version with the battle.
    gardees = json.loads(page.evaluate("() => localStorage.getItem('compendium.listes.hate')"))
    assert [x["texte"] == texte for x in gardees["listes"]] == [True, False]
    nouvelle = gardees["listes"][1]
    assert gardees["courante"] == nouvelle["id"] and "après la bataille" in nouvelle["note"]
    ecrite = yaml.safe_load(nouvelle["texte"])
    assert ecrite["journal"]["affrontements"][i]["batailles"][1] == {
        "cible": "interieur-1", "scenario": autre, "vainqueur": attaquant, "tuees": [4],
        "ameliorations_gagnees": [{"figure": 1, "amelioration": "generique-a-01"}]}
    del ecrite["journal"]["affrontements"][i]["batailles"][1]
    assert ecrite == liste
    assert "Bataille écrite dans le journal" in page.locator("[data-role=journal] li").first.inner_text()

    # « Vérifier la liste »: the builder opens on the new version and checks its log.
    page.click("[data-role=apres-verifier]")
    page.wait_for_url("**/hate/verifier/**")
    attendre_moteur(page)
    page.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=nouvelle["texte"], timeout=60_000)
    page.wait_for_function("() => /Liste (valide|invalide)/.test(document.querySelector('[data-role=etat]').innerText)",
                           timeout=60_000)
    assert "Liste valide" in page.inner_text("[data-role=etat]")
    assert len(json.loads(page.evaluate("() => localStorage.getItem('compendium.listes.hate')"))["listes"]) == 2


def test_un_affrontement_de_trop_ecrit_quand_meme_et_signale_par_le_verificateur(onglet: Onglet, site_url: str) -> None:
    """Written despite the checker's refusal: the builder then shows the schedule error on the log."""
    page = onglet.page
    page.set_viewport_size(TELEPHONE)
    liste = yaml.safe_load(EXEMPLE.read_text("utf-8"))
    joueurs = [j["nom"] for j in liste["journal"]["joueurs"]]
    page.goto(site_url + "hate/jouer/")
    attendre_moteur(page)
    page.select_option("[data-role=exemple]", page.eval_on_selector(
        "[data-role=exemple]", "(s, nom) => [...s.options].find(o => (o.dataset.url || '').includes(nom)).value",
        EXEMPLE.stem))
    page.get_by_role("button", name="Jouer cet exemple").click()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
    page.get_by_role("button", name="Fin de la bataille").click()
    page.wait_for_selector("[data-apres-etape=resultat]", timeout=60_000)
    # Every affrontement the example schedules is already in its log: a new one is one too many.
    page.select_option("select[data-champ=affrontement]", "__nouvel")
    page.select_option("select[data-champ=joueur_1]", joueurs[0])
    page.select_option("select[data-champ=joueur_2]", joueurs[1])
    page.select_option("select[data-champ=attaquant]", joueurs[0])
    page.select_option("select[data-champ=cible]", "exterieur-4")
    page.select_option("select[data-champ=scenario]", "__autre")
    page.fill("input[data-champ=scenario_nom]", "Le Gué Sanglant")  # a sheet of the player's box (invented here)
    page.select_option("select[data-champ=vainqueur]", joueurs[1])
    # What is typed survives a reload.
    page.reload()
    page.wait_for_selector("[data-apres-etape=resultat]", timeout=60_000)
    assert page.input_value("input[data-champ=scenario_nom]") == "Le Gué Sanglant"
    assert page.input_value("select[data-champ=attaquant]") == joueurs[0]
    # Keyboard: « Étape suivante » keeps the focus on the walkthrough's own button.
    page.focus("[data-role=apres-suivante]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-apres-etape=captifs]")
    assert page.evaluate("() => document.activeElement.dataset.role") == "apres-suivante"
    page.click("[data-role=apres-precedente]")
    page.wait_for_selector("[data-apres-etape=resultat]")
    for e in _etapes()[1:]:
        _suivante(page, e["id"])
    page.click("[data-role=apres-ecrire]")
    refus = page.wait_for_selector("[data-role=apres-refus]", timeout=60_000).inner_text()
    assert f"{len(liste['journal']['affrontements']) + 1}e affrontement" in refus
    page.click("[data-role=apres-forcer]")
    page.wait_for_selector("[data-role=apres-fait]", timeout=60_000)
    page.click("[data-role=apres-verifier]")
    page.wait_for_url("**/hate/verifier/**")
    attendre_moteur(page)
    page.wait_for_function("() => /Liste invalide/.test(document.querySelector('[data-role=etat]').innerText)", timeout=60_000)
    codes = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
    assert "HATE_CH_AFFRONTEMENTS" in codes
    texte = yaml.safe_load(page.input_value("#cpd-liste"))
    assert texte["journal"]["affrontements"][-1]["joueurs"] == joueurs
    assert texte["journal"]["affrontements"][-1]["batailles"][0]["scenario"] == "le-gue-sanglant"
