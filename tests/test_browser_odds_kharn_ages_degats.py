"""Khârn-Âges damage chain on the odds page, in headless Chromium with the engine in real Pyodide.

A player fills the form (three attacks against a shield and a half-plate-like armour), and the
page's exact fractions equal the brute force of tests/test_odds_kharn_ages_degats.py; the
recorded reading is on the page; a contradictory setting gets a French message, and the book's
long-range shot preset computes.
"""
from __future__ import annotations

from fractions import Fraction

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir
from tests.test_browser_probas import appliquer, lignes
from tests.test_odds_kharn_ages import Side
from tests.test_odds_kharn_ages_degats import Fight, Hit, brute_sequence

KA = "kharn-ages/probas/"


def test_chaine_des_degats_exacte(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + KA)
    formulaire = page.locator("form[data-compendium-calcul=degats]")
    valeurs = {"niveau_attaque": 2, "carac_attaque": 6, "degats_attaque": 5, "stature_attaque": 3, "attaques": 3,
               "niveau_defense": 2, "carac_defense": 5, "bonus_bouclier_defense": 1, "cases_bouclier_defense": 2,
               "pv_defense": 10, "cases_armure_defense": 3, "seuil_armure_defense": 6,
               "protection_faible_defense": 1, "protection_forte_defense": 2}
    for nom, valeur in valeurs.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(str(valeur))
    formulaire.locator("[data-parametre=bouclier_defense]").check()
    zone = calculer(formulaire, 120_000)

    fight = Fight(Side(2, 6), Side(2, 5), Hit(degats=5, stature=3, armour_dice=2), pv=10, armour=3, shield=True,
                  shield_boxes=2, shield_bonus=1)
    law, touched, _ = brute_sequence(fight, 3)
    rangees = lignes(zone.locator("table[data-role=distribution]"))
    assert {int(r["libelle"]): Fraction(r["fraction"]) for r in rangees} == law
    assert Fraction(zone.locator("[data-issue=touche]").get_attribute("data-fraction")) == touched
    assert Fraction(zone.locator("[data-issue=terrasse]").get_attribute("data-fraction")) == law[10]
    section = page.locator("#calcul-degats").locator("xpath=..")
    assert "Le bonus de critique" in section.inner_text()  # the recorded reading is shown

    # Long range without a shot: a French message, no crash.
    formulaire.locator("[data-parametre=portee_longue_attaque]").check()
    zone = calculer(formulaire)
    assert zone.get_attribute("data-etat") == "erreur"
    assert "Les bonus et malus de portée ne valent que pour un tir." in zone.inner_text()

    # The book's example (l. 956-964): the preset sets the shot; an RC at long range deals (5 × 2) − 3 = 7.
    zone = appliquer(formulaire, "Tir à 5 dégâts, portée longue")
    assert zone.get_attribute("data-etat") == "resultat"
    shot = Fight(Side(2, 6), Side(2, 5), Hit(degats=5, tir=True, longue=True, stature=3, armour_dice=2), pv=10,
                 armour=3, shield=True, shield_boxes=2, shield_bonus=1)
    law, _, _ = brute_sequence(shot, 3)
    rangees = lignes(zone.locator("table[data-role=distribution]"))
    assert {int(r["libelle"]): Fraction(r["fraction"]) for r in rangees} == law
