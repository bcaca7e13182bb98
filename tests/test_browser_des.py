"""The die-face editor (type « des ») in headless Chromium: faces typed as text, remembered, refused in French.

Every die typed here is INVENTED (the books print these faces as icons only). The page used is
Hate's « Probabilités » and its `worm` calculation: 2 dice, P(2 hits, jokers included).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir

PAGE = "hate/probas/"
FACES = ["frapper", "frapper", "parer", "sauvagerie", "joker", "vide"]  # invented layout


def editeur(page: object, calcul: str) -> object:
    return page.locator(f"form[data-compendium-calcul={calcul}] [data-parametre=de][data-type=des]")


def coller(page: object, calcul: str, texte: str) -> None:
    bloc = editeur(page, calcul)
    modifier = bloc.locator("[data-role=materiel-modifier]")
    if modifier.get_attribute("aria-expanded") == "false":  # a complete die is folded away
        modifier.click()
    if not bloc.locator("details.cpd-des-partage").evaluate("d => d.open"):
        bloc.locator("summary").click()
    bloc.locator("[data-role=des-texte]").fill(texte)
    bloc.locator("[data-role=des-appliquer]").click()


def test_faces_pasted_as_text_fill_the_table_and_are_remembered(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    coller(page, "worm", ", ".join(FACES))
    choix = editeur(page, "worm").locator("tbody select")
    assert choix.evaluate_all("s => s.map(x => x.value)") == FACES
    # Every form of the page with the same storage key shows the same die at once.
    assert editeur(page, "combat").locator("tbody select").evaluate_all("s => s.map(x => x.value)") == FACES
    page.reload()
    page.wait_for_selector("form[data-compendium-calcul=worm] .cpd-des tbody select", state="attached")
    assert editeur(page, "worm").locator("tbody select").evaluate_all("s => s.map(x => x.value)") == FACES
    assert editeur(page, "worm").locator("[data-role=des-texte]").input_value() == ", ".join(FACES)
    # A complete die is one line read from « Mon matériel », its editor folded away until asked for.
    ligne = editeur(page, "worm").locator("[data-role=materiel-ligne]")
    assert "6 faces : 2 Frapper, 1 Parer, 1 Sauvagerie, 1 Joker, 1 vide, gardé dans Mon matériel" in ligne.inner_text()
    assert ligne.locator("[data-role=materiel-lien]").get_attribute("href").endswith("hate/materiel/#de-hate")
    assert editeur(page, "worm").locator("tbody").is_hidden()
    ligne.get_by_role("button", name="Modifier ici").click()
    assert "6 faces : 2 Frapper, 1 Parer, 1 Sauvagerie, 1 Joker, 1 vide" in \
        editeur(page, "worm").locator("[data-role=des-etat]").inner_text()


def test_pasted_die_gives_the_exact_worm_odds(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    coller(page, "worm", ", ".join(FACES))
    zone = calculer(page.locator("form[data-compendium-calcul=worm]"))
    # Two dice; a joker counts as a hit for the sword (book l. 2019-2025): brute force over 36 rolls.
    frappe = {"frapper", "joker"}
    deux = Fraction(sum(1 for a, b in product(FACES, repeat=2) if a in frappe and b in frappe), 36)
    fractions = zone.locator("[data-fraction]").evaluate_all("es => es.map(e => e.dataset.fraction)")
    assert f"{deux.numerator}/{deux.denominator}" in fractions


def test_bad_or_hostile_text_is_refused_in_french(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    coller(page, "worm", "frapper, <img src=x onerror=alert(1)>")
    erreur = editeur(page, "worm").locator("[data-role=des-texte-erreur]")
    assert "Face 2 : « <img src=x onerror=alert(1)> » inconnue" in erreur.inner_text()
    assert erreur.locator("img").count() == 0
    coller(page, "worm", ", ".join(["frapper"] * 13))
    assert "Le dé doit avoir de 1 à 12 faces (reçu : 13)" in erreur.inner_text()
    coller(page, "worm", "[1, 2")
    assert "Texte illisible" in erreur.inner_text()
    assert editeur(page, "worm").locator("tbody select").count() == 0  # nothing applied, nothing lost
