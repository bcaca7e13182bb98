"""Hate « Probabilités » in headless Chromium (issue 11, part O).

The page needs `probas` in the `outils` of data/hate/jeu.yaml (enabled by the lead). No die has
a default: the forms wait for the player's faces, which this browser remembers and shares
between every form of the page. Every die typed here is INVENTED (the book prints the faces as
icons only); expected odds come from the brute force of tests/test_odds_hate.py.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir
from tests.test_odds_hate import Brute

PAGE = "hate/probas/"
# invented layouts, the book does not give them
SIX = ["frapper", "frapper", "parer", "sauvagerie", "joker", "vide"]
TROIS = ["frapper", "parer", "joker"]


def formulaire(page: object, calcul: str) -> object:
    return page.locator(f"form[data-compendium-calcul={calcul}]")


def editeur(form: object) -> object:
    return form.locator("[data-parametre=de][data-type=des]")


def saisir_de(form: object, faces: list[str]) -> None:
    nombre = editeur(form).locator("[data-role=des-nombre]")
    nombre.fill(str(len(faces)))
    nombre.dispatch_event("change")
    choix = editeur(form).locator("tbody select")
    assert choix.count() == len(faces)
    for rang, face in enumerate(faces):
        choix.nth(rang).select_option(face)


def issue(zone: object, cle: str) -> Fraction:
    return Fraction(zone.locator(f"tr[data-issue={cle}]").get_attribute("data-fraction"))


def distribution(zone: object) -> dict[int, Fraction]:
    lignes = zone.locator("table[data-role=distribution] tbody tr")
    return {int(t.replace("\u2212", "-")): Fraction(f) for t, f in lignes.evaluate_all(
        "rs => rs.map(r => [r.querySelector('th').textContent, r.dataset.fraction])")}


def test_no_die_then_combat_and_shared_die(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    combat = formulaire(page, "combat")
    assert editeur(combat).locator("tbody select").count() == 0  # no die until the player describes one
    combat.locator("button[type=submit]").click()
    attente = combat.locator("[data-role=attente-paquet]")
    attente.wait_for()
    assert "nombre de faces de votre dé" in attente.inner_text()
    assert combat.locator("[data-role=resultat] table").count() == 0

    saisir_de(combat, SIX)
    combat.locator("[data-parametre=des_attaque]").fill("2")
    combat.locator("[data-parametre=des_defense]").fill("2")
    combat.locator("[data-parametre=relance_libre_defense]").check()
    zone = calculer(combat)
    marge, *_ = Brute(tuple(SIX), 2, 2, libre_defense=True).issues()
    assert distribution(zone) == {k: v for k, v in marge.items() if v}
    assert issue(zone, "ko") == sum((v for k, v in marge.items() if k >= 1), Fraction(0))
    page.screenshot(path=str(output_dir / "hate-probas-combat.png"), full_page=False)

    # Worm's form shares the die (same storage key): its editor already shows the faces.
    worm = formulaire(page, "worm")
    assert editeur(worm).locator("tbody select").evaluate_all("cs => cs.map(c => c.value)") == SIX
    zone = calculer(worm)
    paires = list(itertools.product(SIX, repeat=2))
    assert issue(zone, "ennemi-ko") == Fraction(
        sum(1 for p in paires if all(f in ("frapper", "joker") for f in p)), len(paires))

    # Remembered by this browser: a reload shows the same die in the scar form.
    ouvrir(page, site_url + PAGE)
    cicatrices = formulaire(page, "cicatrices")
    assert editeur(cicatrices).locator("tbody select").evaluate_all("cs => cs.map(c => c.value)") == SIX
    zone = calculer(cicatrices)
    assert issue(zone, "combinaison-01") == Fraction(2 ** 3, 6 ** 3)  # three Frapper: 2 faces of 6


def test_catapult_preset(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    fixe = formulaire(page, "attaque_fixe")
    saisir_de(fixe, TROIS)
    fixe.locator("[data-parametre=des_defense]").fill("2")
    fixe.locator("button[data-preselection=catapulte]").click()  # fixes its values and computes
    zone = fixe.locator("[data-role=resultat]")
    page.wait_for_function("(z) => z.dataset.etat === 'resultat' && !z.hasAttribute('aria-busy')",
                           arg=zone.element_handle(), timeout=30_000)
    assert fixe.locator("[data-parametre=des_attaque]").input_value() == "5"
    assert fixe.locator("[data-parametre=relance_libre_attaque]").is_checked()
    marge, *_ = Brute(tuple(TROIS), 5, 2, libre_attaque=True).issues()
    assert distribution(zone) == {k: v for k, v in marge.items() if v}
    page.screenshot(path=str(output_dir / "hate-probas-catapulte.png"), full_page=False)


def test_contradictory_heights_get_the_error_panel(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    combat = formulaire(page, "combat")
    saisir_de(combat, TROIS)
    combat.locator("[data-parametre=plus_haut_attaque]").check()
    combat.locator("[data-parametre=plus_haut_defense]").check()
    zone = calculer(combat)
    assert zone.get_attribute("data-etat") == "erreur"
    assert "plus haut" in zone.locator(".cpd-panneau-erreur").inner_text()


def test_issue24_item19_column_header_names_the_value_shown(onglet: Onglet, site_url: str) -> None:
    """« Valeur étudiée » picks the law; the table's first column and the chart name that value."""
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    for calcul in ("combat", "attaque_fixe"):
        form = formulaire(page, calcul)
        if not editeur(form).locator("tbody select").count():
            saisir_de(form, SIX)
        noms = {"1": "Frappes moins parades", "2": "Sauvagerie gagnée par l'attaquant",
                "3": "Sauvagerie gagnée par le défenseur"}
        for valeur, nom in noms.items():
            form.locator("[data-parametre=valeur]").select_option(valeur)
            zone = calculer(form)
            entete = zone.locator("table[data-role=distribution] thead th").first.inner_text()
            assert entete == nom, (calcul, valeur, entete)
            assert zone.locator("table[data-role=distribution] caption").inner_text() == "Distribution — " + nom
            assert f"« {nom} »" in zone.locator("svg.cpd-graphique title").first.text_content()
            assert "voir « Valeur étudiée »" not in zone.inner_text()
