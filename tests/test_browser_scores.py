"""« Scores et aides de partie » as players use it, in headless Chromium (issues 11 and 12).

* The Hate chronicle example of the book (R 50, H 40, PC 20, 12 deaths, 2nd most) gives 50.
* A hostile player name is shown as text, never run as HTML.
* What was typed is remembered by the browser; a bad entry gets a French error panel.
Needs the `score` tool enabled in `outils` of data/hate/jeu.yaml and data/tamashii/jeu.yaml.
Expected values are worked out by hand from the book's rules (see tests/test_scores.py).
"""
from __future__ import annotations

from pathlib import Path

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir

HATE = "hate/score/"


def remplir_ligne(formulaire: object, rang: int, valeurs: dict[str, str]) -> None:
    ligne = formulaire.locator("tr[data-ligne]").nth(rang)
    for champ, valeur in valeurs.items():
        ligne.locator(f"[data-champ={champ}]").fill(valeur)


def classement(zone: object) -> list[dict[str, str]]:
    return zone.locator("table[data-role=classement] tbody tr[data-nom]").evaluate_all(
        """rs => rs.map(r => ({rang: (r.querySelector('[data-role=rang]') || {}).textContent || '',
             nom: r.querySelector('[data-role=nom]').textContent,
             total: r.querySelector('[data-role=total]').textContent}))""")


def test_exemple_du_livre_score_de_chronique(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    page.set_viewport_size({"width": 1200, "height": 1400})
    ouvrir(page, site_url + HATE)
    formulaire = page.locator("form[data-compendium-score=chronique]")
    assert formulaire.locator("tr[data-ligne]").count() == 2  # 2 to 6 players: two rows to start
    formulaire.locator("[data-role=ajouter]").click()
    # Joueur 1 is the book's example; the others make him the 2nd most killed (15 > 12 > 3).
    remplir_ligne(formulaire, 0, {"nom": "Joueur 1", "haine": "40", "ressources": "50", "points_conquete": "20",
                                  "morts": "12"})
    remplir_ligne(formulaire, 1, {"nom": "Joueur 2", "haine": "30", "ressources": "30", "points_conquete": "0",
                                  "morts": "15"})
    remplir_ligne(formulaire, 2, {"nom": "Joueur 3", "haine": "20", "ressources": "25", "points_conquete": "0",
                                  "morts": "3"})
    zone = calculer(formulaire)
    # 40 + 20 - 10 = 50; Joueur 3: 20 - 5 = 15; Joueur 2: 30 - 20 = 10.
    assert classement(zone) == [{"rang": "1", "nom": "Joueur 1", "total": "50"},
                                {"rang": "2", "nom": "Joueur 3", "total": "15"},
                                {"rang": "3", "nom": "Joueur 2", "total": "10"}]
    assert "Vainqueur : Joueur 1" in zone.locator("[data-role=vainqueur]").inner_text()
    assert "−10" in zone.inner_text() or "-10" in zone.inner_text()
    # The recorded reading is shown next to the form.
    assert "Lecture retenue" in page.locator("#score-chronique ~ .admonition").first.inner_text()
    formulaire.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "scores-hate-chronique.png"), full_page=False)

    # Remembered by the browser: a reload brings the rows back and computes again.
    page.reload()
    ouvrir(page, site_url + HATE)
    formulaire = page.locator("form[data-compendium-score=chronique]")
    assert formulaire.locator("tr[data-ligne]").count() == 3
    assert formulaire.locator("tr[data-ligne] [data-champ=nom]").first.input_value() == "Joueur 1"
    page.wait_for_function("() => document.querySelector('form[data-compendium-score=chronique] "
                           "[data-role=classement]') !== null", timeout=30_000)


def test_nom_hostile_affiche_comme_texte(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + HATE)
    hostile = "<img src=x onerror=alert(1)>"
    formulaire = page.locator("form[data-compendium-score=festin]")
    remplir_ligne(formulaire, 0, {"nom": hostile, "ressources": "4"})
    remplir_ligne(formulaire, 1, {"nom": "Bul'Gar", "ressources": "2"})
    zone = calculer(formulaire)
    assert classement(zone)[0]["nom"] == hostile
    assert hostile in zone.locator("[data-role=vainqueur]").inner_text()
    assert page.locator("img[src=x]").count() == 0
    # (the onglet fixture also checks that no dialog opened and no JS error was thrown)


def test_erreur_en_francais_dans_un_panneau(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + HATE)
    formulaire = page.locator("form[data-compendium-score=vainqueur_bataille]")
    remplir_ligne(formulaire, 0, {"nom": "A", "haine": "3", "ressources": "4"})
    remplir_ligne(formulaire, 1, {"nom": "B", "haine": "3", "ressources": "4"})
    zone = calculer(formulaire)  # nobody ticked « Défenseur »
    panneau = zone.locator("[data-role=erreur]")
    assert "Calcul impossible" in panneau.inner_text()
    assert "Défenseur" in panneau.inner_text()
    formulaire.locator("tr[data-ligne]").nth(1).locator("[data-champ=defenseur]").check()
    zone = calculer(formulaire)
    assert classement(zone)[0]["nom"] == "B"  # both totals tie: the defender wins


def test_tamashii_marche_des_corps_sans_tableau(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + "tamashii/score/")
    formulaire = page.locator("form[data-compendium-score=marche]")
    assert formulaire.locator("tr[data-ligne]").count() == 0
    formulaire.locator("[data-champ=nombre_joueurs]").fill("3")
    formulaire.locator("[data-champ=corps_disponibles]").fill("10")
    zone = calculer(formulaire)
    # 3 players: 4 bodies face up out of 10 -> 2/5.
    assert classement(zone)[1]["total"].startswith("2/5")


def test_tamashii_paquet_ennemi_lignes_de_niveaux(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + "tamashii/score/")
    formulaire = page.locator("form[data-compendium-score=paquet_ennemi]")
    assert "1 à 6 niveaux" in formulaire.locator("caption").inner_text()
    ajouter = formulaire.get_by_role("button", name="Ajouter un niveau")
    ajouter.click()
    ajouter.click()
    formulaire.locator("[data-champ=nombre_joueurs]").fill("3")
    # The book's example (l. 765-769): 3 x NIV 1, 2 x NIV 2, all NIV 3 -> 9, 6, all.
    remplir_ligne(formulaire, 0, {"nom": "NIV 1", "par_joueur": "3"})
    remplir_ligne(formulaire, 1, {"nom": "NIV 2", "par_joueur": "2"})
    remplir_ligne(formulaire, 2, {"nom": "NIV 3"})
    formulaire.locator("tr[data-ligne]").nth(2).locator("[data-champ=toutes]").check()
    zone = calculer(formulaire)
    assert [(r["nom"], r["total"]) for r in classement(zone)] == [("NIV 1", "9"), ("NIV 2", "6"), ("NIV 3", "toutes")]


def test_390_px_rien_ne_deborde(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    page.set_viewport_size({"width": 390, "height": 900})
    ouvrir(page, site_url + "tamashii/score/")
    formulaire = page.locator("form[data-compendium-score=pv]")  # the widest table: 11 columns
    for rang, nom in enumerate(("Ayumi", "Kenji")):
        remplir_ligne(formulaire, rang, {"nom": nom, "bouclier": "3", "memoire": "2", "puissance": "2", "relance": "1",
                                         "cases_deverrouillees": "2", "exp": "3", "integrite_max": "7",
                                         "augmentations_faction": "1", "augmentations_classe": "1", "pv_buts": str(5 + rang),
                                         "corrompues": "3"})
    zone = calculer(formulaire)
    # 8 assets -> 2, cells 2, EXP 3, integrity +2, faction 1, class 2, goals 5 or 6, 3 corrupted -> -2.
    assert [(r["nom"], r["total"]) for r in classement(zone)] == [("Kenji", "16"), ("Ayumi", "15")]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    zone.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "scores-tamashii-390.png"))
