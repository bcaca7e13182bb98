"""Tamashii « Probabilités » in headless Chromium (issue 12, part O).

The page needs `probas` in the `outils` of data/tamashii/jeu.yaml (enabled by the lead).
No die has a default: the forms wait for the player's faces, which this browser remembers and
shares between the forms of the same die. Every die typed here is INVENTED (the book prints the
faces as icons only); expected odds come from the brute force of tests/test_odds_tamashii.py.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir
from tests.test_odds_tamashii import brute_test, brute_trace, face

PAGE = "tamashii/probas/"
SYMBOLES_D6 = ("succes", "base", "rare", "ennemi")
# invented layouts, the book does not give them
D6 = [{"succes": 1, "base": 1}, {"succes": 1, "rare": 1}, {"succes": 2}, {"ennemi": 1}, {},
      {"base": 1, "ennemi": 1}]
NUMEROS = [1, 1, 2, 3, 0, 0, 4, 5]
SYMBOLES_D8 = ["base", "base", "special", "special", "special", "vide", "base", "base"]


def formulaire(page: object, calcul: str) -> object:
    return page.locator(f"form[data-compendium-calcul={calcul}]")


def editeur(form: object, parametre: str) -> object:
    return form.locator(f"[data-parametre={parametre}][data-type=des]")


def saisir_d6(form: object, faces: list[dict[str, int]]) -> None:
    lignes = editeur(form, "de").locator("tbody tr")
    assert lignes.count() == 6
    for rang, valeurs in enumerate(faces):
        for symbole in SYMBOLES_D6:
            champ = lignes.nth(rang).locator(f"input[data-symbole={symbole}]")
            champ.fill(str(valeurs.get(symbole, 0)))
            champ.dispatch_event("change")


def issue(zone: object, cle: str) -> Fraction:
    return Fraction(zone.locator(f"tr[data-issue={cle}]").get_attribute("data-fraction"))


def distribution(zone: object) -> dict[int, Fraction]:
    lignes = zone.locator("table[data-role=distribution] tbody tr")
    return {int(t): Fraction(f) for t, f in lignes.evaluate_all(
        "rs => rs.map(r => [r.querySelector('th').textContent, r.dataset.fraction])")}


def test_no_die_no_result_then_test_and_shared_die(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    test = formulaire(page, "test")
    # No default die: every count is empty and « Calculer » asks for the faces instead of computing.
    assert editeur(test, "de").locator("input[data-symbole]").evaluate_all("cs => cs.every(c => c.value === '')")
    test.locator("button[type=submit]").click()
    attente = test.locator("[data-role=attente-paquet]")
    attente.wait_for()
    assert "Dé à décrire" in attente.inner_text()
    assert test.locator("[data-role=resultat] table").count() == 0

    saisir_d6(test, D6)
    valeurs = {"succes": "3", "des_1": "3", "relances_1": "1", "des_2": "2", "relances_2": "1"}
    for nom, valeur in valeurs.items():
        test.locator(f"[data-parametre={nom}]").fill(valeur)
    zone = calculer(test)
    chance, loi = brute_test([face(f, "succes") for f in D6], [(3, 1), (2, 1)], 3)
    assert issue(zone, "reussite") == chance
    assert distribution(zone) == {k: v for k, v in loi.items() if v}
    page.screenshot(path=str(output_dir / "tamashii-probas-test.png"), full_page=False)

    # The trace form shares the d6 (same storage key): its editor already shows the faces.
    trace = formulaire(page, "trace")
    ennemis = editeur(trace, "de").locator("input[data-symbole=ennemi]")
    assert ennemis.evaluate_all("cs => cs.map(c => c.value)") == [str(f.get("ennemi", 0)) for f in D6]
    trace.locator("[data-parametre=des]").fill("3")
    trace.locator("[data-parametre=relances]").fill("1")
    zone = calculer(trace)
    loi, _ = brute_trace([f.get("ennemi", 0) for f in D6], 3, 1)
    assert distribution(zone) == {k: v for k, v in loi.items() if v}

    # Remembered by this browser: a reload shows the same die.
    ouvrir(page, site_url + PAGE)
    succes = editeur(formulaire(page, "attaque"), "de").locator("input[data-symbole=succes]")
    assert succes.evaluate_all("cs => cs.map(c => c.value)") == [str(f.get("succes", 0)) for f in D6]


def test_enemy_dice_and_bag(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    ennemis = formulaire(page, "des_ennemis")
    numeros = editeur(ennemis, "de_numero").locator("tbody tr")
    assert numeros.count() == 8
    for rang, n in enumerate(NUMEROS):
        champ = numeros.nth(rang).locator("input[data-symbole=numero]")
        champ.fill(str(n))
        champ.dispatch_event("change")
    symboles = editeur(ennemis, "de_symbole").locator("tbody select")
    assert symboles.count() == 8
    for rang, s in enumerate(SYMBOLES_D8):
        symboles.nth(rang).select_option(s)
    ennemis.locator("[data-parametre=ennemis]").fill("3")
    ennemis.locator("[data-parametre=blessures]").fill("2")
    zone = calculer(ennemis)
    paires = list(itertools.product(NUMEROS, SYMBOLES_D8))
    attendu: dict[int, Fraction] = {}
    for n, _ in paires:
        attendu[min(n, 3)] = attendu.get(min(n, 3), Fraction(0)) + Fraction(1, len(paires))
    assert distribution(zone) == attendu
    assert issue(zone, "cadre-special") == Fraction(sum(1 for n, s in paires if n and s == "special"), len(paires))
    assert issue(zone, "blessures-4") == Fraction(sum(1 for n, s in paires if min(n, 3) >= 2 and s == "base"),
                                                  len(paires))
    assert issue(zone, "reinitialisation-base") == Fraction(4, 8)
    page.screenshot(path=str(output_dir / "tamashii-probas-ennemis.png"), full_page=False)

    # The bag needs no die; the preset is the book's starting bag of 13 tokens (l. 272-274).
    sac = formulaire(page, "sac")
    sac.locator("button[data-preselection=sac-de-depart]").click()
    for nom, valeur in {"cases": "5", "besoin_1": "2", "besoin_3": "1"}.items():
        sac.locator(f"[data-parametre={nom}]").fill(valeur)
    zone = calculer(sac)
    jetons = ["1"] * 4 + ["2"] * 3 + ["3"] * 3 + ["4"] * 3
    tirages = [[jetons[i] for i in c] for c in itertools.combinations(range(13), 5)]
    bons = sum(1 for t in tirages if t.count("1") >= 2 and t.count("3") >= 1)
    assert issue(zone, "schema") == Fraction(bons, len(tirages))


def test_bad_die_gets_the_error_panel(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    test = formulaire(page, "test")
    saisir_d6(test, [{"succes": 3}] + [{}] * 4 + [{"base": 1}])  # invented: a face worth 3 successes
    zone = calculer(test)
    assert zone.get_attribute("data-etat") == "erreur"
    assert "au plus 2 succès" in zone.locator(".cpd-panneau-erreur").inner_text()
