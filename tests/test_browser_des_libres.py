"""« Dés libres » (outils/des-libres/) as a player uses it on a phone, in headless Chromium at 390 px.

* Two pools typed in the form, computed in the engine's worker and compared: the laws and the
  chance that A beats B (and ties) are those the test enumerates (tests/test_des_libres.py).
* The page's link, opened in a fresh browser context, reopens the same pools and the same result.
* Offline: after one visit, the page (and its engine) computes with the network off.
* A die described on a game's odds page (its browser storage), or handed over by « Mon matériel »'s
  hook, is offered in the pools; a die never described is not.
* A pool past the bounds gets the engine's French message naming the limit.
* axe-core finds no serious or critical violation; each odds page links to the page.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from tests.browser_support import Onglet, attendre_moteur
from tests.test_browser_composer import AXE
from tests.test_des_libres import comparer, d, loi, meilleurs, somme, symboles

PAGE = "outils/des-libres/"
LARGEUR = 390
ATTENDRE_RESULTAT = ("() => { const z = document.querySelector('[data-role=resultat]');"
                     " return z && ['resultat', 'erreur'].includes(z.dataset.etat) && !z.hasAttribute('aria-busy')"
                     " && z.dataset.origine !== 'construction'; }")
# Invented for the test (the book prints Hate's die as icons only): six faces, one symbol each.
DE_HATE_INVENTE = ["frapper", "frapper", "parer", "vide", "joker", "sauvagerie"]


def ouvrir(onglet: Onglet, url: str) -> Any:
    page = onglet.page
    page.set_viewport_size({"width": LARGEUR, "height": 844})
    page.goto(url)
    attendre_moteur(page, timeout_ms=300_000)
    return page


def champ(page: Any, reserve: str, nom: str, index: int | None = None) -> Any:
    suffixe = f"[data-index='{index}']" if index is not None else ""
    return page.locator(f"[data-reserve={reserve}][data-champ={nom}]{suffixe}")


def resultat(page: Any, timeout: int = 120_000) -> Any:
    page.wait_for_function(ATTENDRE_RESULTAT, timeout=timeout)
    return page.locator("[data-role=resultat]")


def calculer(page: Any) -> Any:
    page.locator("form[data-role=des-libres] button[type=submit]").click()
    return resultat(page)


def fractions(zone: Any, selecteur: str) -> dict[str, Fraction]:
    lignes = zone.locator(f"{selecteur} tbody tr").evaluate_all(
        "rs => rs.map(r => [r.querySelector('th').textContent, r.dataset.fraction])")
    return {libelle: Fraction(fraction) for libelle, fraction in lignes}


def comparaison(zone: Any) -> dict[str, Fraction]:
    lignes = zone.locator("table[data-role=comparaison-ab] tbody tr").evaluate_all(
        "rs => rs.map(r => [r.dataset.issue, r.dataset.fraction])")
    return {cle: Fraction(fraction) for cle, fraction in lignes}


def saisir_deux_reserves(page: Any) -> None:
    """A: 4 d6, the 3 best kept; B: 2 d6 added, exploding on 6 at most twice."""
    champ(page, "A", "nombre", 0).fill("4")
    champ(page, "A", "faces", 0).fill("d6")
    champ(page, "A", "operation").select_option("meilleurs")
    champ(page, "A", "garder").fill("3")
    page.get_by_label("Comparer avec une deuxième réserve (B)").check()
    champ(page, "B", "nombre", 0).fill("2")
    champ(page, "B", "faces", 0).fill("1, 2, 3, 4, 5, 6")
    champ(page, "B", "operation").select_option("somme")
    champ(page, "B", "explose").check()
    champ(page, "B", "explosion-faces").fill("6")
    champ(page, "B", "profondeur").fill("2")


LOI_A = loi([d(6)] * 4, meilleurs(3))[0]
LOI_B, COUPE_B = loi([d(6)] * 2, somme, {6}, set(), 2)


def verifier_deux_reserves(zone: Any) -> None:
    assert comparaison(zone) == comparer(LOI_A, LOI_B)
    series = zone.locator("div.cpd-serie[data-serie]")
    assert series.count() == 2
    # A: every value is a row (none under 0,01 %), and only A's values (not B's, at 0 %).
    assert fractions(series.nth(0), "table[data-role=distribution]") == {str(v): p for v, p in LOI_A.items()}
    # B: every row but a folded tail « ≥ v » is one value; the folded row holds the exact rest.
    lignes_b = fractions(series.nth(1), "table[data-role=distribution]")
    for libelle, p in lignes_b.items():
        if libelle.startswith("≥ "):
            assert p == sum(q for v, q in LOI_B.items() if v >= int(libelle[2:]))
        else:
            assert p == LOI_B[int(libelle)]
    assert sum(lignes_b.values()) == 1
    note = series.nth(1).locator("[data-role=troncature]")
    assert "au plus 2 fois" in note.inner_text()
    assert Fraction(note.locator(".cpd-fraction").text_content()) == COUPE_B


def test_deux_reserves_comparees_a_390_px_et_lien_partage(navigateur: object, site_url: str, output_dir: Path) -> None:
    onglet = Onglet(navigateur)
    try:
        page = ouvrir(onglet, site_url + PAGE)
        saisir_deux_reserves(page)
        zone = calculer(page)
        assert zone.get_attribute("data-etat") == "resultat", zone.inner_text()
        verifier_deux_reserves(zone)
        # One chart for both, A and B in its legend; percentages first, fractions on demand.
        assert zone.locator("svg.cpd-graphique rect[data-serie=B]").count() > 0
        assert zone.locator("[data-role=legende] li").count() == 2
        assert zone.locator("table[data-role=comparaison-ab] .cpd-fraction").first.is_hidden()
        # Nothing scrolls sideways on a phone.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= LARGEUR
        # The chart's labels, drawn at about half size on a phone, stay readable and apart.
        graduations = zone.locator("svg.cpd-graphique text.cpd-graduation").evaluate_all(
            "ts => ts.map(t => { const r = t.getBoundingClientRect();"
            " return {g: r.left, d: r.right, h: r.height, y: Math.round(r.top)}; })")
        assert graduations and min(g["h"] for g in graduations) >= 9, graduations
        axe_x = sorted((g for g in graduations if g["y"] == max(h["y"] for h in graduations)), key=lambda g: g["g"])
        assert len(axe_x) > 5 and all(a["d"] <= b["g"] for a, b in zip(axe_x, axe_x[1:], strict=False)), axe_x
        # The page at 390 px, from the pools typed to the chart comparing them (the tables below left out).
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        haut, bas = page.evaluate("""() => {
          const y = (e) => e.getBoundingClientRect();
          const outil = y(document.querySelector('[data-compendium-outil=des-libres]'));
          const figure = y(document.querySelector('[data-role=resultat] figure.cpd-figure'));
          return [outil.top + window.scrollY, figure.bottom + window.scrollY]; }""")
        page.screenshot(path=str(output_dir / "des-libres-390-deux-reserves.png"), full_page=True,
                        clip={"x": 0, "y": haut - 12, "width": LARGEUR, "height": bas - haut + 24})
        # The head of the result alone (who wins, the chart), as a phone shows it.
        # (Scrolled down to it, below the sticky header: Material's « back to top » shows only when scrolling up.)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        zone.locator("table[data-role=comparaison-ab]").evaluate("t => window.scrollTo(0, t.getBoundingClientRect().top"
                                                                 " + window.scrollY - 72)")
        page.wait_for_timeout(300)
        haut = zone.locator("table[data-role=comparaison-ab]").bounding_box()
        bas = zone.locator("figure.cpd-figure").bounding_box()
        assert haut and bas
        page.screenshot(path=str(output_dir / "des-libres-comparaison-390.png"),
                        clip={"x": 0, "y": haut["y"] - 12, "width": LARGEUR, "height": bas["y"] + bas["height"] - haut["y"] + 24})
        lien = page.locator("[data-role=lien]").input_value()
        assert lien.startswith(site_url + PAGE + "#reserves=") and page.url == lien
        onglet.verifier_propre()
    finally:
        onglet.contexte.close()

    # The link in another browser profile: same pools, same result, computed there.
    autre = Onglet(navigateur)
    try:
        page = ouvrir(autre, lien)
        zone = resultat(page)
        assert champ(page, "A", "garder").input_value() == "3"
        assert champ(page, "B", "explosion-faces").input_value() == "6"
        assert page.get_by_label("Comparer avec une deuxième réserve (B)").is_checked()
        verifier_deux_reserves(zone)
        autre.verifier_propre()
    finally:
        autre.contexte.close()


def test_reserve_b_part_de_a(onglet: Onglet, site_url: str) -> None:
    """Ticking « Comparer » starts pool B as a copy of pool A as it is now, to change one thing and compare."""
    page = onglet.page
    page.set_viewport_size({"width": LARGEUR, "height": 844})
    page.goto(site_url + PAGE)
    champ(page, "A", "nombre", 0).fill("5")
    champ(page, "A", "faces", 0).fill("d8")
    champ(page, "A", "operation").select_option("succes")
    champ(page, "A", "seuil").fill("6")
    page.get_by_label("Comparer avec une deuxième réserve (B)").check()
    assert [champ(page, "B", nom, 0).input_value() for nom in ("nombre", "faces")] == ["5", "d8"]
    assert champ(page, "B", "operation").input_value() == "succes" and champ(page, "B", "seuil").input_value() == "6"
    # Changed, then hidden and shown again: B keeps the player's changes.
    champ(page, "B", "seuil").fill("7")
    page.get_by_label("Comparer avec une deuxième réserve (B)").uncheck()
    page.get_by_label("Comparer avec une deuxième réserve (B)").check()
    assert champ(page, "B", "seuil").input_value() == "7"


def test_hors_ligne(navigateur: object, site_url: str) -> None:
    """After one visit of the page (engine started, site kept), the network off: it still computes."""
    onglet = Onglet(navigateur, service_workers="allow")
    try:
        page = ouvrir(onglet, site_url + PAGE)
        page.wait_for_function("() => document.querySelector('[data-hors-ligne]')?.dataset.etat === 'pret'",
                               timeout=300_000)
        onglet.contexte.set_offline(True)
        requete = {"reserves": [{"des": [{"nombre": 5, "faces": "d6"}], "operation": "succes", "seuil": 5}]}
        page.goto(site_url + PAGE + "#reserves=" + json.dumps(requete))
        attendre_moteur(page, timeout_ms=300_000)
        zone = resultat(page)
        attendue = loi([d(6)] * 5, lambda jet: sum(1 for faces in jet for f in faces if f >= 5))[0]
        assert fractions(zone, "table[data-role=distribution]") == {str(v): p for v, p in attendue.items()}
        onglet.contexte.set_offline(False)
        onglet.verifier_propre()
    finally:
        onglet.contexte.close()


def test_de_decrit_sur_la_page_du_jeu_propose(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.goto(site_url + PAGE)
    choix = page.locator("select[data-role=de-jeu][data-reserve=A]")
    # Never described in this browser: offered as « à décrire », not selectable, with a link to describe it.
    option = choix.locator("option", has_text="Votre dé de Hate")
    assert option.is_disabled() and "à décrire" in option.inner_text()
    assert page.locator("[data-role=des-a-decrire] a", has_text="Votre dé de Hate").get_attribute("href") == \
        "../../hate/probas/"
    # Described on Hate's odds page (des.js keeps it under this key): offered with its faces.
    page.evaluate("(faces) => localStorage.setItem('compendium.des.hate.de-hate', JSON.stringify(faces))",
                  DE_HATE_INVENTE)
    page.reload()
    attendre_moteur(page, timeout_ms=300_000)
    valeur = page.locator("select[data-role=de-jeu][data-reserve=A] option", has_text="Votre dé de Hate")
    assert valeur.is_enabled()
    choix.select_option(valeur.get_attribute("value"))
    assert champ(page, "A", "faces", 1).input_value() == "frapper*2, parer, vide, joker, sauvagerie"
    page.locator("[data-role=retirer-de][data-reserve=A][data-index='0']").click()
    champ(page, "A", "nombre", 0).fill("3")
    champ(page, "A", "operation").select_option("symboles")
    assert champ(page, "A", "symbole").locator("option").all_inner_texts() == ["frapper", "joker", "parer", "sauvagerie"]
    champ(page, "A", "symbole").select_option("frapper")
    zone = calculer(page)
    faces = [(f,) if f != "vide" else () for f in DE_HATE_INVENTE]
    attendue = loi([faces] * 3, symboles("frapper"))[0]
    assert fractions(zone, "table[data-role=distribution]") == {str(v): p for v, p in attendue.items()}


def test_crochet_mon_materiel(onglet: Onglet, site_url: str) -> None:
    """« Mon matériel » hands its dice over through window.CompendiumMateriel.desPourDesLibres()."""
    page = onglet.page
    page.add_init_script("""window.CompendiumMateriel = { desPourDesLibres: () => [
        {cle: 'essai', jeu: 'hate', nom_jeu: 'Hate', nom: 'Dé du club', faces: 'a*2, b*4', manque: '', page: '#'}] };""")
    page.goto(site_url + PAGE)
    option = page.locator("select[data-role=de-jeu][data-reserve=A] option", has_text="Dé du club")
    assert option.is_enabled()
    assert page.locator("select[data-role=de-jeu][data-reserve=A] option", has_text="Votre dé de Hate").count() == 0


def test_reserve_trop_grosse_message_francais(onglet: Onglet, site_url: str) -> None:
    page = ouvrir(onglet, site_url + PAGE)
    champ(page, "A", "nombre", 0).fill("1000")  # 1000 d20: the exact fractions alone are too heavy (issue 37, item 16)
    champ(page, "A", "faces", 0).fill("d20")
    zone = calculer(page)
    assert zone.get_attribute("data-etat") == "erreur"
    texte = zone.inner_text().replace("\u202f", " ")
    assert "Réserve A : calcul exact trop lourd pour le navigateur" in texte and "limite 2 000 000" in texte
    # The page goes on: a smaller pool computes.
    champ(page, "A", "nombre", 0).fill("3")
    champ(page, "A", "faces", 0).fill("d6")
    zone = calculer(page)
    attendue = loi([d(6)] * 3, somme)[0]
    assert fractions(zone, "table[data-role=distribution]") == {str(v): p for v, p in attendue.items()}


def test_accessible(onglet: Onglet, site_url: str) -> None:
    page = ouvrir(onglet, site_url + PAGE)
    saisir_deux_reserves(page)
    champ(page, "A", "relance").check()
    champ(page, "A", "relance-faces").fill("1")
    calculer(page)
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => {
      const r = await axe.run(document.querySelector('[data-compendium-outil=des-libres]'));
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact, cibles: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
    }""")
    assert violations == [], violations


def test_lien_depuis_l_accueil_et_chaque_page_de_probabilites(site_dir: Path) -> None:
    pages = sorted(site_dir.glob("*/probas/index.html"))
    assert len(pages) == 5
    for chemin in pages:
        assert 'href="../../outils/des-libres/"' in chemin.read_text("utf-8"), chemin
    assert (site_dir / "outils" / "des-libres" / "index.html").is_file()
    # And from the home page.
    assert '<a href="outils/des-libres/">Dés libres</a>' in (site_dir / "index.html").read_text("utf-8")
