"""axe-core finds nothing on any page type (issue 27), at 1280 and 390 px, light and dark.

Every rule axe-core runs by default (WCAG 2.0-2.2 A and AA, and its best practices), whatever the
impact: one violation fails the page type. axe-core is the npm dev dependency (package.json),
injected by Playwright from node_modules, never part of the site. The page types and the state a
player brings each to (a list loaded, a calculation done...) are in tests/accessibilite_support.py.
One Chromium for the module; each page type is loaded once and looked at in the four settings
(the widths by resizing, the colour schemes by Material's palette toggle).

Also checked here, beside axe: the keyboard reaches every control of the builder with a visible
focus, the builder's live regions announce the total and the errors, and the odds chart is
described by its « au moins » table.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.accessibilite_support import (
    AXE,
    CHOISIR_SCHEMA,
    SCHEMAS,
    analyser,
    ouvrir_recherche,
    preparer_composer,
    preparer_probas,
    types_de_page,
)
from tests.browser_support import Onglet

TYPES = types_de_page()
CAPTURES = {"bataille-d6 composer": "accessibilite-composer-sombre-390.png",
            "hate règles": "accessibilite-regles-sombre-390.png",
            "bataille-d6 recherche dans tous les jeux": "accessibilite-recherche-sombre-390.png"}


def _rapport(resultats: dict[tuple[int, str], list[dict]]) -> str:
    lignes = []
    for (largeur, schema), violations in resultats.items():
        for v in violations:
            cibles = ", ".join(v["cibles"][:4]) + (" …" if len(v["cibles"]) > 4 else "")
            lignes.append(f"{largeur} px {schema}: {v['id']} ({v['impact']}, {len(v['cibles'])} nœuds) {cibles}")
    return "\n".join(lignes)


def test_axe_est_une_dependance_de_test(site_dir: Path) -> None:
    """axe-core comes from node_modules (make install), never from the built site."""
    assert AXE.is_file(), "node_modules/axe-core absent : lancez `make install`"
    assert not [p for p in site_dir.rglob("axe*.js")], "axe-core ne doit pas être publié avec le site"


@pytest.mark.parametrize("type_page", TYPES, ids=[t.nom for t in TYPES])
def test_aucune_violation_axe(onglet: Onglet, site_url: str, output_dir: Path, type_page: object) -> None:
    page = onglet.page
    page.goto(site_url + type_page.url)
    if type_page.preparer:
        type_page.preparer(page)
    rapports = {}
    for nom, suite in type_page.etapes():
        if suite:
            page.set_viewport_size({"width": 1280, "height": 900})
            suite(page)
        resultats = analyser(page, type_page)
        assert set(resultats) == {(largeur, schema) for largeur in (1280, 390) for schema in ("default", "slate")}
        if nom in CAPTURES:
            # The last setting looked at is the phone in the dark palette: a picture for a person.
            page.screenshot(path=str(output_dir / CAPTURES[nom]))
        if any(resultats.values()):
            rapports[nom] = _rapport(resultats)
    assert not rapports, "\n".join(f"{nom} ({type_page.url}) :\n{texte}" for nom, texte in rapports.items())


# --- Keyboard, live regions, text equivalents ----------------------------------------------------

# Tab from the top of the page: each control reached, whether it is inside the tool and whether its
# focus shows (an outline or a box shadow). Material's search field is left to the search's own
# work (it shows its focus by opening; on a phone it is off screen until the search button opens it).
TABULER = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const s = getComputedStyle(e);
  const marque = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  return {cle: e.tagName + '#' + e.id + '.' + e.className + '[' + (e.dataset.role || e.dataset.action || e.name || '') + ']',
          outil: !!e.closest('[data-compendium-outil], [data-compendium-calcul], .cpd-outil'),
          recherche: !!e.closest('.md-search'),
          visible: r.width > 0 && r.height > 0, marque};
}"""


def _parcourir_au_clavier(page: object, appuis: int) -> list[dict]:
    vus = []
    page.locator("body").focus()
    for _ in range(appuis):
        page.keyboard.press("Tab")
        etat = page.evaluate(TABULER)
        if etat:
            vus.append(etat)
    return vus


@pytest.mark.parametrize(("url", "preparer"), [("bataille-d6/verifier/", preparer_composer),
                                               ("kharn-ages/probas/", preparer_probas)],
                         ids=["composer", "probabilites"])
def test_clavier_focus_visible(onglet: Onglet, site_url: str, url: str, preparer: object) -> None:
    """Tab reaches the tool's controls, and each one reached shows its focus."""
    page = onglet.page
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(site_url + url)
    preparer(page)
    vus = _parcourir_au_clavier(page, 120)
    outil = [v for v in vus if v["outil"]]
    assert len({v["cle"] for v in outil}) >= 10, vus  # the keyboard gets into the tool
    sans_marque = sorted({v["cle"] for v in vus if v["visible"] and not v["marque"] and not v["recherche"]})
    assert sans_marque == [], sans_marque


def test_regions_vivantes_du_compositeur(onglet: Onglet, site_url: str) -> None:
    """The total and the error count of the checked list are in live regions (role=status)."""
    from browser_engine import valider
    from browser_engine.cli import charger_donnees
    from browser_engine.reader import lire_liste
    from tests.test_browser_outils import EXEMPLE_INVALIDE, exemples

    page = onglet.page
    page.goto(site_url + "bataille-d6/verifier/")
    preparer_composer(page)
    page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
    page.wait_for_function("() => document.querySelector('[data-role=composer-total]').dataset.etat === 'invalide'",
                           timeout=60_000)
    texte = page.input_value("#cpd-liste")
    rapport = valider(charger_donnees("bataille-d6"), lire_liste(texte))
    n = len(rapport["erreurs"])
    annonces = page.evaluate("""() => [...document.querySelectorAll('[role=status], [role=alert], [aria-live]')]
      .filter(e => e.getAttribute('aria-live') !== 'off' && !e.closest('[hidden]'))
      .map(e => e.textContent.replace(/\\s+/g, ' ').trim())""")
    assert any(str(rapport["cout"]) in a for a in annonces), annonces
    assert any(f"{n} erreur" in a for a in annonces), annonces


def test_graphique_decrit_par_son_tableau(onglet: Onglet, site_url: str) -> None:
    """After « Calculer », the result is in a live region and the chart points to its table."""
    page = onglet.page
    page.goto(site_url + "kharn-ages/probas/")
    preparer_probas(page)
    zone = page.locator("form[data-compendium-calcul] [data-role=resultat]").first
    assert zone.get_attribute("aria-live") == "polite" and zone.get_attribute("aria-busy") is None
    graphique = zone.locator("svg[role=img]")
    ids = (graphique.get_attribute("aria-describedby") or "").split()
    assert ids, "le graphique n'a pas d'équivalent textuel"
    for ident in ids:
        tableau = page.locator(f"table#{ident}")
        assert tableau.count() == 1 and zone.locator(f"table#{ident}").count() == 1
        assert "Au moins cette valeur" in tableau.locator("thead").inner_text()
        # Every bar of the chart is a row of the table.
        assert tableau.locator("tbody tr").count() == graphique.locator("rect.cpd-barre").count()


# The contrast of a control's own colour against what is behind it (WCAG 1.4.11, 3:1), which axe
# does not measure: colours composited over the first opaque background up the tree.
CONTRASTE_PISTE = """(selecteur) => {
  const rgba = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const sur = (haut, bas) => [0, 1, 2].map(i => haut[i] * haut[3] + bas[i] * (1 - haut[3])).concat([1]);
  const fond = (e) => {
    const couches = [];
    for (let n = e; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) couches.push(c);
      if (c[3] === 1) break;
    }
    return couches.reverse().reduce((bas, haut) => sur(haut, bas), [255, 255, 255, 1]);
  };
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const e = document.querySelector(selecteur);
  const derriere = fond(e.parentElement);
  const piste = sur(rgba(getComputedStyle(e).backgroundColor), derriere);
  const [a, b] = [lum(piste), lum(derriere)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_interrupteur_tous_les_jeux_contraste(onglet: Onglet, site_url: str) -> None:
    """The search's « Tous les jeux » switch stands out from the dialog (3:1), on and off, in both palettes."""
    page = onglet.page
    page.goto(site_url + "hate/combat/")
    ouvrir_recherche(page)
    interrupteur = "[data-cpd-recherche-tous]"
    ratios = {}
    for schema in SCHEMAS:
        assert page.evaluate(CHOISIR_SCHEMA, schema)[0] == schema
        for coche in (False, True):
            page.set_checked(interrupteur, coche)
            page.wait_for_timeout(400)  # the track's colour transition (125 ms)
            ratios[(schema, coche)] = round(page.evaluate(CONTRASTE_PISTE, interrupteur), 2)
    assert all(r >= 3 for r in ratios.values()), ratios


def test_tab_ne_reste_pas_dans_la_recherche(onglet: Onglet, site_url: str) -> None:
    """From the search box, Tab reaches « Tous les jeux », Shift+Tab goes back to the box, and Tab from
    the switch leaves the search (closed): the keyboard is never held in the search."""
    page = onglet.page
    page.goto(site_url + "bataille-d6/tour/")
    ouvrir_recherche(page, "epee")
    actif = "() => document.activeElement.matches('[data-cpd-recherche-tous]') ? 'interrupteur'" \
            " : document.activeElement.matches('input.md-search__input') ? 'champ'" \
            " : document.activeElement.closest('.md-search') ? 'recherche' : 'ailleurs'"
    ouverte = "() => document.getElementById('__search').checked"
    parcours = []
    for touche in ("Tab", "Shift+Tab", "Tab", "Tab"):
        page.keyboard.press(touche)
        parcours.append((touche, page.evaluate(actif), page.evaluate(ouverte)))
    assert parcours == [("Tab", "interrupteur", True), ("Shift+Tab", "champ", True),
                        ("Tab", "interrupteur", True), ("Tab", "ailleurs", False)], parcours
