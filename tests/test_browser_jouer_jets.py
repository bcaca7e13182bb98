"""Issue 34 item 3: rolls from a sheet with the game's own calculator, in headless Chromium at 390 px.

The expected chances are computed here, independently of the engine, as exact fractions (binomial
laws for Bataille d6). Dice faces and decks typed in « Mon matériel » are INVENTED for these tests:
the books print them only as pictures.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction
from math import comb
from pathlib import Path

import yaml

from tests.accessibilite_support import TypePage, analyser
from tests.browser_support import Onglet, attendre_moteur
from tests.jouer_support import ouvrir_jouer

ROOT = Path(__file__).resolve().parent.parent
TELEPHONE = {"width": 390, "height": 844}


def _premiere_liste(jeu: str) -> dict:
    return yaml.safe_load(sorted((ROOT / "data" / jeu / "listes").glob("0*.yaml"))[0].read_text("utf-8"))


def _texte(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def _binomiale(n: int, p: Fraction, k: int) -> Fraction:
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def _attendre_resultat(panneau: object) -> str:
    panneau.locator("[data-role=jet-resultat] p").first.wait_for(timeout=60_000)
    panneau.page.wait_for_function("(p) => !p.textContent.includes('Calcul')", arg=panneau.element_handle())
    return panneau.locator("[data-role=jet-resultat]").inner_text()


def _cibles_tactiles(panneau: object) -> None:
    """Every button of the panel is at least 44 × 44 CSS px; neighbours on a row are 8 px apart."""
    boites = [b for b in panneau.locator("button").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })")]
    for _, _, largeur, hauteur in boites:
        assert largeur >= 44 and hauteur >= 44, boites
    for a in boites:
        for b in boites:
            if a is not b and abs(a[1] - b[1]) < 1 and a[0] < b[0]:
                assert b[0] - (a[0] + a[2]) >= 8 - 0.5 or b[0] >= a[0] + a[2] + 7.5, (a, b)


def test_bataille_tir_avec_armure_choisie(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    entree = next(e for e in _premiere_liste("bataille-d6")["entrees"] if e.get("tir", 0) >= 1)
    fiche = page.locator(f".cpj-fiche[aria-label=\"{entree['nom']}\"]").first
    fiche.get_by_role("button", name="Jet : Tir").click()
    panneau = fiche.locator("[data-jet-panneau=tir]")
    armure = panneau.locator("[data-demande=armure]")
    # Pick Armure 3 with − / + from the calculator's default.
    for _ in range(6):
        valeur = int(armure.locator("output").inner_text())
        if valeur == 3:
            break
        armure.get_by_role("button", name="Armure de la cible : plus" if valeur < 3 else "Armure de la cible : moins").click()
        armure = panneau.locator("[data-demande=armure]")
    assert armure.locator("output").inner_text() == "3"
    _cibles_tactiles(panneau)
    panneau.get_by_role("button", name="Lancer").click()
    texte = _attendre_resultat(panneau)
    n, tir, armure_cible = entree["nombre"], entree["tir"], 3
    touche = Fraction(tir, 6)
    passe = touche * (1 - Fraction(armure_cible, 6))  # a hit that the target's d6 ≤ Armure does not cancel
    m1 = re.search(r"(\d+) touche\(s\) — exactement (\d+/\d+) .* au moins \d+ : (\d+/\d+)", texte)
    m2 = re.search(r"(\d+) touche\(s\) non annulée\(s\) — exactement (\d+/\d+) .* au moins \d+ : (\d+/\d+)", texte)
    assert m1 and m2, texte
    k, j = int(m1.group(1)), int(m2.group(1))
    assert j <= k <= n
    assert m1.group(2) == _texte(_binomiale(n, touche, k))
    assert m1.group(3) == _texte(sum((_binomiale(n, touche, i) for i in range(k, n + 1)), Fraction(0)))
    assert m2.group(2) == _texte(_binomiale(n, passe, j))
    assert m2.group(3) == _texte(sum((_binomiale(n, passe, i) for i in range(j, n + 1)), Fraction(0)))
    assert "%" in texte
    journal = page.locator("[data-role=journal] li").first.inner_text()
    assert "Tir" in journal and m2.group(2) in journal
    # « J'ai lancé » for physical dice: 2 hits, 1 through.
    for i, nombre in ((0, 2), (1, 1)):
        ligne = panneau.locator(f"[data-physique='{i}']")
        for _ in range(nombre):
            ligne.get_by_role("button", name=re.compile("plus$")).click()
            ligne = panneau.locator(f"[data-physique='{i}']")
    panneau.get_by_role("button", name="Noter mon jet").click()
    page.wait_for_function("(p) => p.textContent.includes(\"J'ai lancé : 2 touche(s)\")", arg=panneau.element_handle())
    texte = panneau.locator("[data-role=jet-resultat]").inner_text()
    assert f"exactement {_texte(_binomiale(n, touche, 2))}" in texte
    assert f"1 touche(s) non annulée(s) — exactement {_texte(_binomiale(n, passe, 1))}" in texte
    fiche.scroll_into_view_if_needed()
    chemin = output_dir / "jouer-jets-bataille-d6-390.png"
    fiche.screenshot(path=str(chemin))
    onglet.verifier_propre()


def test_de_de_hate_puis_tamashii(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "hate/jouer/")
    fiche = page.locator(".cpj-fiche[data-sorte=figurine]").first
    fiche.get_by_role("button", name="Jet : Combat").click()
    panneau = fiche.locator("[data-jet-panneau=combat]")
    lien = panneau.get_by_role("link", name="Décrivez votre dé dans « Mon matériel »").first
    assert lien.get_attribute("href").rstrip("/").endswith("hate/materiel")
    inventees = ["frapper", "frapper", "parer", "parer", "joker", "vide"]  # INVENTED faces, not the book's die
    page.evaluate("""(faces) => localStorage.setItem('compendium.materiel.hate', JSON.stringify(
      {format: 'compendium-materiel', version: 1, jeu: 'hate', des: {'de-hate': faces}}))""", inventees)
    page.reload()
    attendre_moteur(page)
    fiche = page.locator(".cpj-fiche[data-sorte=figurine]").first
    fiche.get_by_role("button", name="Jet : Combat").click()
    panneau = fiche.locator("[data-jet-panneau=combat]")
    assert panneau.get_by_role("link", name=re.compile("Mon matériel")).count() == 0
    panneau.get_by_role("button", name="Lancer").click()
    texte = _attendre_resultat(panneau)
    assert re.search(r": -?\d+ — exactement \d+/\d+ \(.*%\) · au moins -?\d+ : \d+/\d+", texte), texte
    onglet.verifier_propre()


def test_pioche_hami_s_epuise_et_s_annule(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.set_viewport_size(TELEPHONE)
    page.goto(site_url + "hami/jouer/")
    # An INVENTED deck of 4 cards (2 kinds), not the book's: 1 card with Lumière by day, 3 without.
    paquet = [{"nom": "Soleil", "nombre": 1, "jour": {"lumiere": 2, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 1}},
              {"nom": "Brume", "nombre": 3, "jour": {"lumiere": 0, "ombre": 1}, "nuit": {"lumiere": 0, "ombre": 2}}]
    page.evaluate("""(p) => localStorage.setItem('compendium.materiel.hami', JSON.stringify(
      {format: 'compendium-materiel', version: 1, jeu: 'hami', paquets: {paquet: p}}))""", paquet)
    page.reload()
    attendre_moteur(page)
    page.get_by_role("button", name="Jouer cet exemple").click()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
    fiche = page.locator(".cpj-fiche[data-sorte=figurine]").first
    fiche.get_by_role("button", name="Jet : Se défendre").click()
    panneau = fiche.locator("[data-jet-panneau=defendre]")
    panneau.get_by_role("button", name="Piocher").click()
    texte = _attendre_resultat(panneau)
    # One card from a full deck of 4: Lumière by day with chance 1/4, none with 3/4.
    k = int(re.search(r"(\d) carte\(s\) avec Lumière", texte).group(1))
    attendu = {0: "exactement 3/4 (75,0\u00a0%) · au moins 0 : 1/1", 1: "exactement 1/4 (25,0\u00a0%) · au moins 1 : 1/4"}[k]
    assert attendu in texte, texte
    etat = json.loads(page.evaluate("() => localStorage.getItem('compendium.jouer.hami')") or "{}")
    assert "Pioche : 3 carte(s)" in panneau.locator("[data-paquet-etat]").inner_text()
    del etat
    page.locator("[data-role=annuler]").click()
    page.wait_for_function("() => [...document.querySelectorAll('[data-paquet-etat]')].every(n => !n.textContent.includes('Pioche : 3'))")
    onglet.verifier_propre()


def test_kharn_ages_action_contre_un_seuil(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "kharn-ages/jouer/")
    fiche = page.locator(".cpj-fiche[data-sorte=figurine]").first
    fiche.get_by_role("button", name="Jet : Action contre un seuil").click()
    panneau = fiche.locator("[data-jet-panneau=seuil]")
    panneau.get_by_role("button", name="Lancer").click()
    texte = _attendre_resultat(panneau)
    assert re.search(r"Total final \(0 = EC\) : \d+ — exactement \d+/\d+", texte), texte
    onglet.verifier_propre()


def test_axe_avec_un_jet_ouvert(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    page.get_by_role("button", name="Jet : Tir").first.click()
    panneau = page.locator("[data-jet-panneau=tir]").first
    panneau.get_by_role("button", name="Lancer").click()
    _attendre_resultat(panneau)
    resultats = analyser(page, TypePage("bataille-d6 jouer, jet ouvert", "bataille-d6/jouer/"))
    lignes = [f"{largeur} px {schema}: {v['id']} ({v['impact']}) {', '.join(v['cibles'][:4])}"
              for (largeur, schema), violations in resultats.items() for v in violations]
    assert lignes == [], "\n".join(lignes)
    onglet.verifier_propre()
