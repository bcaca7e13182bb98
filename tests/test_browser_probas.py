"""« Probabilités » as a player reads it, in headless Chromium (issue 10, §7).

* Percentages first; the exact fractions appear on demand.
* Khârn-Âges exploding dice: the negligible tail is one row « ≥ N » with its exact total, the
  truncated mass is a note and not an outcome row, and « au moins N » is exact.
* « Comparer » keeps a result as A and draws the next one as B on the same chart.
* At 390 px no page scrolls sideways and the percentages are on screen.
* Khârn-Âges named presets (issue 13) fill what the book fixes, keep the figure's C + A, and compute.
Expected odds come from the brute force of tests/test_odds_kharn_ages.py and hand-derived formulas.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from tests.browser_support import Onglet, calculer
from tests.test_browser_outils import ouvrir
from tests.test_odds_kharn_ages import Side, brute_threshold

KA = "kharn-ages/probas/"


def lignes(tableau: object) -> list[dict[str, str]]:
    return tableau.locator("tbody tr").evaluate_all(
        """rs => rs.map(r => ({libelle: r.querySelector('th').textContent, fraction: r.dataset.fraction,
             pourcentage: r.querySelector('.cpd-pourcentage').textContent,
             au_moins: (r.querySelector('.cpd-au-moins') || {}).title || '', plie: r.dataset.plie || ''}))""")


def test_queue_pliee_troncature_en_note_et_au_moins(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + KA)
    formulaire = page.locator("form[data-compendium-calcul=seuil]")
    for nom, valeur in {"niveau": "2", "carac": "6", "bonus": "0", "seuil": "12"}.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(valeur)
    zone = calculer(formulaire)
    loi, nommees = brute_threshold(Side(2, 6), 12)
    loi = {v: p for v, p in loi.items() if p}

    # The truncated mass is a note, never a row.
    assert "Explosion arrêtée" not in zone.locator("table").all_inner_texts().__str__()
    assert zone.locator("[data-issue=troncature]").count() == 0
    note = zone.locator("[data-role=troncature]")
    assert "<\u00a00,01\u00a0%" in note.inner_text()
    assert Fraction(note.locator(".cpd-fraction").text_content()) == nommees["troncature"]

    rangees = lignes(zone.locator("table[data-role=distribution]"))
    assert len(rangees) < 60 < len(loi)
    queue = rangees[-1]
    assert queue["libelle"].startswith("≥ ") and int(queue["plie"]) >= 2
    borne = int(queue["libelle"][2:])
    assert Fraction(queue["fraction"]) == sum(p for v, p in loi.items() if v >= borne)
    assert all(p < Fraction(1, 20_000) for v, p in loi.items() if v >= borne)
    # Every row but the folded one is one value of the law; « au moins » is the exact upper tail.
    for rangee in rangees[:-1]:
        valeur = int(rangee["libelle"])
        assert Fraction(rangee["fraction"]) == loi[valeur]
        assert Fraction(rangee["au_moins"].split(" : ")[1]) == sum(p for v, p in loi.items() if v >= valeur)
    assert rangees[0]["pourcentage"] == "1,00\u00a0%"  # EC (total 0): 1/100

    # Percentages first: the fractions are hidden until asked for.
    fraction = zone.locator("table[data-role=distribution] tbody tr").first.locator(".cpd-fraction")
    assert fraction.is_hidden()
    zone.get_by_label("Afficher les fractions exactes").check()
    assert fraction.is_visible()


def test_comparer_deux_reglages(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + KA)
    formulaire = page.locator("form[data-compendium-calcul=seuil]")
    formulaire.locator("[data-parametre=seuil]").fill("14")
    formulaire.locator("[data-parametre=niveau]").fill("1")
    calculer(formulaire)
    formulaire.get_by_role("button", name="Comparer").click()
    assert "A" in formulaire.locator("[data-role=attente-b]").inner_text()
    formulaire.locator("[data-parametre=niveau]").fill("3")
    zone = calculer(formulaire)

    legende = zone.locator("[data-role=legende] li").all_inner_texts()
    assert len(legende) == 2 and legende[0].startswith("A") and legende[1].startswith("B")
    assert "Niveau 1" in legende[0] and "Niveau 3" in legende[1]
    assert zone.locator("svg.cpd-graphique").count() == 1
    assert zone.locator("svg rect[data-serie=A]").count() > 0 and zone.locator("svg rect[data-serie=B]").count() > 0
    series = zone.locator("[data-role=comparaison] > .cpd-serie")
    assert series.count() == 2
    for k, niveau in enumerate((1, 3)):
        _, nommees = brute_threshold(Side(niveau, 6), 14)
        reussite = series.nth(k).locator("[data-issue=reussite]").get_attribute("data-fraction")
        assert Fraction(reussite) == nommees["reussite"]
    formulaire.get_by_role("button", name="Fin de la comparaison").click()
    assert zone.locator("[data-role=comparaison]").count() == 0
    assert zone.locator("svg rect[data-serie=B]").count() == 0


def test_au_moins_bataille_d6(onglet: Onglet, site_url: str) -> None:
    """Five attacks at Valeur 3 against Armure 2 (no penalty): eliminations follow Binomial(5, 1/3)."""
    page = onglet.page
    ouvrir(page, site_url + "bataille-d6/probas/")
    formulaire = page.locator("form[data-compendium-calcul=attaque]")
    for nom, valeur in {"valeur": "3", "armure": "2", "malus_armure": "0", "couverts": "0", "attaques": "5"}.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(valeur)
    relance = formulaire.locator("[data-parametre=relance_sauvegarde]")
    if relance.count() and relance.is_checked():
        relance.uncheck()
    zone = calculer(formulaire)
    p = Fraction(3, 6) * Fraction(4, 6)  # hit on 1-3, save (3+ on d6 > 2) fails on 1-2
    from math import comb

    loi = {k: comb(5, k) * p**k * (1 - p) ** (5 - k) for k in range(6)}
    rangees = lignes(zone.locator("table[data-role=distribution]"))
    assert [int(r["libelle"]) for r in rangees] == list(range(6))
    for rangee in rangees:
        k = int(rangee["libelle"])
        assert Fraction(rangee["fraction"]) == loi[k]
        assert Fraction(rangee["au_moins"].split(" : ")[1]) == sum(loi[j] for j in range(k, 6))
    assert zone.locator("th", has_text="Au moins cette valeur").count() == 1
    assert zone.locator(".cpd-au-moins").first.inner_text() == "100,00\u00a0%"  # exactly 1, not « > 99,99 % »


@pytest.mark.parametrize("jeu", ["bataille-d6", "hami", "kharn-ages"])
def test_telephone_390_px(navigateur: object, site_url: str, jeu: str) -> None:
    o = Onglet(navigateur)
    try:
        page = o.page
        page.set_viewport_size({"width": 390, "height": 844})
        ouvrir(page, site_url + f"{jeu}/probas/")
        for formulaire in page.locator("form[data-compendium-calcul]").all():
            if formulaire.locator("[data-type=paquet]").count():
                continue
            if formulaire.locator("[data-type=pile]").count():  # a pile has no default: its first preset, counts typed
                formulaire.locator("button[data-preselection]").first.click()
                for champ in formulaire.locator('[data-champ="nombre"]').all():
                    if not champ.input_value():
                        champ.fill("6")  # INVENTED count
            # Values the book does not give (the Temps deck's composition) have no default: type one in.
            for champ in formulaire.locator("input[type=number]").all():
                if not champ.input_value():
                    champ.fill(champ.get_attribute("min") or "0")
            calculer(formulaire)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for cellule in page.locator(".cpd-resultat tbody tr .cpd-pourcentage").all()[:40]:
            boite = cellule.bounding_box()
            assert boite["x"] >= 0 and boite["x"] + boite["width"] <= 390, boite
        o.verifier_propre()
    finally:
        o.contexte.close()


def appliquer(formulaire: object, nom: str, timeout_ms: int = 30_000) -> object:
    """Click a named preset and wait for the result it computes (same wait as ``calculer``)."""
    formulaire.get_by_role("button", name=nom, exact=True).click()  # type: ignore[attr-defined]
    zone = formulaire.locator("[data-role=resultat]")  # type: ignore[attr-defined]
    formulaire.page.wait_for_function(  # type: ignore[attr-defined]
        "(z) => (z.dataset.etat === 'resultat' || z.dataset.etat === 'erreur') && !z.hasAttribute('aria-busy')",
        arg=zone.element_handle(), timeout=timeout_ms)
    return zone


def test_preselections_kharn_ages(onglet: Onglet, site_url: str) -> None:
    """Presets fill what the book fixes, keep the figure's values, and compute (issue 13)."""
    page = onglet.page
    ouvrir(page, site_url + KA)
    formulaire = page.locator("form[data-compendium-calcul=seuil]")
    champ = {nom: formulaire.locator(f"[data-parametre={nom}]") for nom in ("niveau", "carac", "bonus", "seuil")}
    champ["niveau"].fill("2")
    champ["carac"].fill("7")
    champ["bonus"].fill("3")
    formulaire.locator("[data-parametre=tireur]").check()

    # Lancer un objet: C + A + ND10 ≥ 12 (l. 996). C + A (7) and the level (2) stay as typed.
    zone = appliquer(formulaire, "Lancer un objet")
    assert (champ["niveau"].input_value(), champ["carac"].input_value()) == ("2", "7")
    assert (champ["bonus"].input_value(), champ["seuil"].input_value()) == ("0", "12")
    assert not formulaire.locator("[data-parametre=tireur]").is_checked()
    message = formulaire.locator("[data-role=preselection-appliquee]").inner_text()
    assert "Seuil à atteindre 12" in message and "Bonus 0" in message and "Caractéristiques" not in message
    _, nommees = brute_threshold(Side(2, 7), 12)
    assert Fraction(zone.locator("[data-issue=reussite]").get_attribute("data-fraction")) == nommees["reussite"]
    rangees = lignes(zone.locator("table[data-role=distribution]"))
    loi, _ = brute_threshold(Side(2, 7), 12)
    assert Fraction(rangees[0]["fraction"]) == loi[0]  # EC: both dice show 1

    # Détecter: 8+ naturel (l. 1120) on the best of 2 D10: 1 - (7/10)² = 51/100, counted by hand.
    zone = appliquer(formulaire, "Détecter (8+ naturel)")
    assert (champ["niveau"].input_value(), champ["carac"].input_value(), champ["seuil"].input_value()) == ("2", "0", "8")
    faces = range(1, 11)
    a_la_main = Fraction(sum(1 for a in faces for b in faces if max(a, b) >= 8), 100)
    assert a_la_main == Fraction(51, 100)
    assert Fraction(zone.locator("[data-issue=reussite]").get_attribute("data-fraction")) == a_la_main

    # Réception: C + A + 1D10 ≥ 10 (l. 700): one die, whatever level was typed.
    champ["carac"].fill("5")
    zone = appliquer(formulaire, "Réception")
    assert (champ["niveau"].input_value(), champ["carac"].input_value(), champ["seuil"].input_value()) == ("1", "5", "10")
    # 5 + d ≥ 10 for d in 5..10, but a 1 is an EC: 6 faces of 10.
    assert Fraction(zone.locator("[data-issue=reussite]").get_attribute("data-fraction")) == Fraction(6, 10)
    assert formulaire.get_by_role("button", name="Réception", exact=True).get_attribute("aria-pressed") == "true"
    assert "1 par toise" in formulaire.locator("[data-role=preselection-appliquee]").inner_text()


def test_long_calculation_shows_its_seconds(onglet: Onglet, site_url: str) -> None:
    """A calculation that takes a while says so, with the seconds spent, then leaves only its result.

    The engine is slowed down in the page (2 s before each calculation) so the test does not depend
    on this machine's speed.
    """
    page = onglet.page
    ouvrir(page, site_url + "kharn-ages/probas/")
    page.evaluate("""() => { const C = window.Compendium;
      const f = document.querySelector('form[data-compendium-calcul=sort]');
      const m = C.moteur(C.racine(f.dataset.base)); const original = m.calculer.bind(m);
      m.calculer = (...a) => new Promise((r) => setTimeout(r, 2000)).then(() => original(...a)); }""")
    formulaire = page.locator("form[data-compendium-calcul=sort]")
    formulaire.locator("button[type=submit]").click()
    progression = formulaire.locator("[data-role=progression]")
    progression.wait_for(timeout=5_000)
    assert progression.inner_text().startswith("Calcul exact en cours…")
    assert progression.inner_text().endswith(" s")
    formulaire.locator("[data-role=resultat][data-etat=resultat]:not([aria-busy])").wait_for(timeout=30_000)
    assert progression.count() == 0
    assert formulaire.locator("table[data-role=distribution]").count() == 1


def test_issue24_item18_truncated_explosions_are_counted_in_the_last_row(onglet: Onglet, site_url: str) -> None:
    """The note says where the explosions stopped at the depth are: in the row of their total, the folded « ≥ N »."""
    page = onglet.page
    ouvrir(page, site_url + KA)
    formulaire = page.locator("form[data-compendium-calcul=seuil]")
    for nom, valeur in {"niveau": "2", "carac": "6", "bonus": "0", "seuil": "12"}.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(valeur)
    zone = calculer(formulaire)
    loi, nommees = brute_threshold(Side(2, 6), 12)
    # the brute force stops a kept 10 at the twelfth reroll and keeps the total reached: 6 + 10 + 12 × 10
    assert loi[136] == nommees["troncature"] > 0

    note = zone.locator("[data-role=troncature]").inner_text()
    assert "aucune ligne" not in note and "laissée de côté" not in note
    assert "figure donc dans la ligne de cette valeur" in note and "la somme des lignes vaut 1" in note

    rangees = lignes(zone.locator("table[data-role=distribution]"))
    assert sum(Fraction(r["fraction"]) for r in rangees) == 1
    queue = rangees[-1]
    assert queue["libelle"].startswith("≥ ") and 136 >= int(queue["libelle"][2:])
    assert Fraction(queue["fraction"]) == sum(p for v, p in loi.items() if v >= int(queue["libelle"][2:]))
