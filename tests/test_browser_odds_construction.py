"""Odds pages show the default result before the engine has loaded (issue 15, §2), in headless Chromium.

* With the Pyodide files refused, every odds page still draws the result of each calculation that
  has default values, marked « calculé à la construction du site »; Bataille d6 « attaque » shows
  the law derived by brute force in tests/test_odds_defaults.py. Calculations whose dice or deck
  the player supplies show the request for them, and no result.
* With the engine, changing a value computes a fresh result in the browser and removes the mark.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import yaml

from tests.browser_support import Onglet, attendre_moteur
from tests.test_odds_defaults import attacks_by_enumeration

ROOT = Path(__file__).resolve().parent.parent
JEUX = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")
MARQUE = "calculé à la construction du site"


def attaque_defauts() -> dict[str, object]:
    """Bataille d6 « attaque »: the default of each parameter, as declared in the data."""
    calculs = yaml.safe_load((ROOT / "data" / "bataille-d6" / "calculs.yaml").read_text(encoding="utf-8"))["calculs"]
    decl = next(c for c in calculs if c["calcul"] == "attaque")
    return {p["id"]: p["defaut"] for p in decl["parametres"]}


def fractions_affichees(zone: object) -> dict[int, Fraction]:
    rangees = zone.locator("table[data-role=distribution] tbody tr").evaluate_all(  # type: ignore[attr-defined]
        "rs => rs.map(r => [r.querySelector('th').textContent, r.dataset.fraction])")
    return {int(v): Fraction(f) for v, f in rangees}


def valeurs_du_formulaire(formulaire: object) -> dict[str, object]:
    """The form's values on load, read from its fields (what the page shows the player)."""
    return formulaire.evaluate(  # type: ignore[attr-defined]
        """f => Object.fromEntries([...f.querySelectorAll('[data-parametre]')].map(c =>
             [c.dataset.parametre, c.type === 'checkbox' ? c.checked : Number(c.value)]))""")


def test_resultats_par_defaut_sans_moteur(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    refusees: list[str] = []
    onglet.contexte.route("**/assets/pyodide/**", lambda r: (refusees.append(r.request.url), r.abort()))
    page = onglet.page
    for jeu in JEUX:
        page.goto(f"{site_url}{jeu}/probas/")
        formulaires = page.locator("form[data-compendium-calcul]")
        page.wait_for_function("() => document.querySelector('[data-role=chargement]')"
                               ".classList.contains('cpd-chargement--erreur')")
        embarques = page.locator("script[data-role=resultat-construction]").count()
        marques = page.locator("[data-role=resultat] [data-role=construction]")
        assert marques.count() == embarques, jeu
        for i in range(formulaires.count()):
            formulaire = formulaires.nth(i)
            zone = formulaire.locator("[data-role=resultat]")
            if formulaire.locator("script[data-role=resultat-construction]").count():
                assert MARQUE in zone.locator("[data-role=construction]").inner_text()
                assert zone.get_attribute("data-etat") == "resultat"
                assert zone.locator("table").count() >= 1
            else:
                assert zone.locator("table").count() == 0
        if jeu == "hate":  # every calculation needs the player's die: the request, never a result
            assert embarques == 0
            assert page.locator("[data-role=attente-paquet]").count() == formulaires.count()
        else:
            assert embarques > 0
        if embarques:
            page.locator("[data-role=construction]").first.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / f"probas-avant-moteur-{jeu}.png"))
    assert refusees, "les fichiers de Pyodide n'ont pas été demandés : le test ne bloque rien"

    page.goto(f"{site_url}bataille-d6/probas/")
    formulaire = page.locator("form[data-compendium-calcul=attaque]")
    defauts = valeurs_du_formulaire(formulaire)
    assert defauts == attaque_defauts()
    zone = formulaire.locator("[data-role=resultat]")
    zone.locator("[data-role=construction]").wait_for()
    assert fractions_affichees(zone) == attacks_by_enumeration(defauts)


def test_le_moteur_prend_le_relais_au_changement(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.goto(site_url + "bataille-d6/probas/")
    formulaire = page.locator("form[data-compendium-calcul=attaque]")
    zone = formulaire.locator("[data-role=resultat]")
    zone.locator("[data-role=construction]").wait_for(timeout=5_000)
    attendre_moteur(page)
    # Ready, the engine leaves the build's result alone until a value changes.
    assert MARQUE in zone.locator("[data-role=construction]").inner_text()

    champ = formulaire.locator("[data-parametre=valeur]")
    champ.fill("5")
    champ.dispatch_event("change")
    page.wait_for_function(
        "(z) => z.dataset.etat === 'resultat' && !z.hasAttribute('aria-busy') && !z.querySelector('[data-role=construction]')",
        arg=zone.element_handle(), timeout=30_000)
    assert zone.get_attribute("data-origine") is None
    assert fractions_affichees(zone) == attacks_by_enumeration(dict(attaque_defauts(), valeur=5))
