"""axe-core on the built site: the page types, how to bring each into the state a player sees, and
one scan at both widths and in both colour schemes.

Used by tests/test_browser_accessibilite.py (fails on any violation) and bench/bench_axe.py (counts
the violations per page type, for a before/after table). axe-core is the npm dev dependency in
node_modules/axe-core: it is injected into the page by Playwright from that file, never served by
the site nor shipped in it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.browser_support import attendre_moteur, calculer

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LARGEURS = (1280, 390)
SCHEMAS = ("default", "slate")  # Material's light and dark palettes (data-md-color-scheme)
JEUX = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")

# Every axe rule that applies (WCAG 2.0-2.2 A and AA, and axe's best practices), whatever its impact.
LANCER_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, aide: v.help,
    cibles: v.nodes.map(n => n.target.join(' '))}));
}"""

# Material's palette toggle (the radio inputs behind the sun/moon button) sets the scheme on <body>
# and remembers it; CSS transitions of colours are then waited for, or axe would read a colour
# half-way. A standalone print sheet has no toggle: the browser's dark preference is emulated.
CHOISIR_SCHEMA = """async (schema) => {
  const choix = document.querySelector(`input.md-option[data-md-color-scheme="${schema}"]`);
  if (choix && !choix.checked) choix.click();
  await new Promise(r => setTimeout(r, 50));
  const transitions = document.getAnimations().filter(a => a instanceof CSSTransition);
  await Promise.race([Promise.all(transitions.map(a => a.finished.catch(() => null))),
                      new Promise(r => setTimeout(r, 3000))]);
  return [document.body.getAttribute('data-md-color-scheme'), getComputedStyle(document.body).backgroundColor];
}"""


@dataclass(frozen=True)
class TypePage:
    """A page type: its URL under the site and what a player does before it is looked at.

    ``suites`` are further states reached from the first one in the same page, each looked at in
    turn (the builder, then « Probabilités de ma liste » opened under it, then an invalid list with
    its repairs; a rules page, then its search open): the engine starts once for all of them.
    """

    nom: str
    url: str
    preparer: Callable[[object], None] | None = None
    material: bool = True  # a Material page (palette toggle); the print sheets are standalone
    suites: tuple[tuple[str, Callable[[object], None]], ...] = ()

    def etapes(self) -> list[tuple[str, Callable[[object], None] | None]]:
        """The states looked at: the page as prepared, then each of ``suites``."""
        return [(self.nom, None), *self.suites]


def preparer_composer(page: object) -> None:
    """The builder with the first example list loaded and its first entry open."""
    attendre_moteur(page)
    page.select_option("#cpd-exemple", index=1)
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length > 0")
    page.wait_for_function(
        "() => { const t = document.querySelector('[data-role=composer-total]');"
        " return t && (t.dataset.etat === 'valide' || t.dataset.etat === 'invalide'); }", timeout=60_000)
    groupes = page.locator("li[data-role=entree] details summary")
    if groupes.count():
        groupes.first.click()


def ouvrir_probas_liste(page: object) -> None:
    """Under the builder, « Probabilités de ma liste » opened and computed, one cell's detail open.

    Games whose odds need what the player supplies (deck, dice) show the editor for it instead.
    """
    page.click("[data-role=probas-ouvrir]")
    page.wait_for_selector("[data-role=probas-matrice], [data-role=probas-manquant]", timeout=120_000)
    cellules = page.locator("[data-role=probas-cellule]")
    if cellules.count():
        cellules.first.click()
        page.wait_for_selector("[data-role=probas-detail] svg", timeout=60_000)


# An invalid example list of each game (its file name: the example's comment says what is wrong).
EXEMPLES_INVALIDES = {"bataille-d6": "04-trop-de-heros.yaml", "hami": "11-invalide-budget-depasse.yaml",
                      "hate": "11-invalide-sept-guerriers.yaml", "kharn-ages": "11-invalide-budget-depasse.yaml",
                      "tamashii": "11-invalide-prologue-avec-classe.yaml"}


def ouvrir_erreurs(page: object) -> None:
    """In the builder, the game's invalid example loaded, its repairs asked for with « Réparer » (where
    the engine offers any) and the first error reached from the summary bar: its card open."""
    jeu = page.url.rstrip("/").split("/")[-2]
    valeurs = page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value).filter(Boolean)")
    page.select_option("#cpd-exemple", next(v for v in valeurs if v.endswith("/" + EXEMPLES_INVALIDES[jeu])))
    page.wait_for_function("() => document.querySelector('[data-role=composer-total]').dataset.etat === 'invalide'",
                           timeout=60_000)
    reparer = page.locator("[data-role=ouvrir-reparations]")
    if reparer.is_visible():
        reparer.click()
        page.wait_for_function("() => document.querySelector('[data-role=reparations]').dataset.etat === 'pret'",
                               timeout=90_000)
    page.click("[data-role=aller-erreur]")
    page.wait_for_selector("[data-role=entree-erreurs] li.cpd-violation--erreur, [data-role=erreurs] li",
                           state="visible", timeout=30_000)


def ouvrir_recherche(page: object, texte: str = "combat") -> None:
    """Material's search dialog open on the page, `texte` typed and its results shown (scoped to the
    page's game, each result labelled with its game)."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("input.md-search__input")
    page.keyboard.type(texte, delay=20)
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('.md-search-result__item a')].some(a => a.href.includes('h=' + t))",
        arg=texte, timeout=60_000)


def recherche_tous_les_jeux(page: object) -> None:
    """In the open search, « Tous les jeux » switched on: results of the other games too."""
    jeu = page.evaluate("() => document.querySelector('meta[name=compendium-jeu]').content")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.check("[data-cpd-recherche-tous]")
    page.wait_for_function(
        "(jeu) => [...document.querySelectorAll('.md-search-result__item > a')].some("
        "a => !new URL(a.href).pathname.includes('/' + jeu + '/'))", arg=jeu, timeout=60_000)


def preparer_probas(page: object) -> None:
    """The odds page after « Calculer »: the first form, or the dice form where dice are the player's.

    Hate's and Tamashii's dice faces are printed as icons only: the faces typed here are the ones
    invented by their odds tests (tests/test_browser_odds_hate.py, tests/test_browser_odds_tamashii.py).
    """
    from tests import test_browser_odds_hate as hate
    from tests import test_browser_odds_tamashii as tamashii

    attendre_moteur(page)
    formulaire = page.locator("form[data-compendium-calcul]").first
    if "/hate/" in page.url:
        formulaire = hate.formulaire(page, "combat")
        hate.saisir_de(formulaire, hate.SIX)
    elif "/tamashii/" in page.url:
        formulaire = tamashii.formulaire(page, "test")
        tamashii.saisir_d6(formulaire, tamashii.D6)
        for nom, valeur in {"succes": "3", "des_1": "3", "relances_1": "1"}.items():
            formulaire.locator(f"[data-parametre={nom}]").fill(valeur)
    calculer(formulaire, timeout_ms=120_000)


def preparer_scores(page: object) -> None:
    """The scores page after « Calculer » in its first form, left as the page fills it."""
    attendre_moteur(page)
    formulaire = page.locator("form[data-compendium-score]").first
    lignes = formulaire.locator("tr[data-ligne]")
    for rang in range(lignes.count()):
        for champ in lignes.nth(rang).locator("input[data-champ]").all():
            if champ.get_attribute("type") == "number":
                champ.fill(str(rang + 1))
            elif champ.get_attribute("type") in (None, "text"):
                champ.fill(f"Joueur {rang + 1}")
    calculer(formulaire, timeout_ms=120_000)


def types_de_page() -> list[TypePage]:
    """Every page type. The tools and the rules differ from game to game: all five games. Pages
    drawn by one template whatever the game (game home, print index, versions) once each."""
    types = [
        TypePage("accueil", "", suites=(("accueil recherche ouverte", ouvrir_recherche),)),
        TypePage("a-propos", "a-propos/"),
        TypePage("index-general", "index-general/"),
        TypePage("hate index des entrées", "hate/index-des-entrees/"),
        TypePage("hate accueil du jeu", "hate/"),
        TypePage("bataille-d6 imprimer", "bataille-d6/imprimer/"),
        TypePage("hami versions", "hami/versions/"),
        TypePage("bataille-d6 fiche à imprimer", "imprimer/bataille-d6/liste.html", material=False),
        TypePage("tamashii fiche à imprimer", "imprimer/tamashii/aide-de-jeu.html", material=False),
        TypePage("kharn-ages composer à l'ouverture", "kharn-ages/verifier/", attendre_moteur),
        TypePage("kharn-ages format du catalogue", "kharn-ages/catalogue/"),
        TypePage("hate scores", "hate/score/", preparer_scores),
        TypePage("tamashii scores", "tamashii/score/", preparer_scores),
    ]
    regles = {"bataille-d6": "tour/", "hami": "combat/", "hate": "combat/", "kharn-ages": "magie/",
              "tamashii": "combat/"}
    for jeu in JEUX:
        # « epee »: a few results in Bataille d6, and more in other games (shown once « Tous les jeux »
        # is on; Material draws the first results only, the page's game first).
        recherche = ((f"{jeu} recherche ouverte", lambda page: ouvrir_recherche(page, "epee")),
                     (f"{jeu} recherche dans tous les jeux", recherche_tous_les_jeux)) if jeu == "bataille-d6" else ()
        types += [
            TypePage(f"{jeu} règles", f"{jeu}/{regles[jeu]}", suites=recherche),
            TypePage(f"{jeu} glossaire", f"{jeu}/glossaire/"),
            TypePage(f"{jeu} composer", f"{jeu}/verifier/", preparer_composer,
                     suites=((f"{jeu} probabilités de ma liste", ouvrir_probas_liste),
                             (f"{jeu} composer, liste invalide et réparations", ouvrir_erreurs))),
            TypePage(f"{jeu} probabilités", f"{jeu}/probas/", preparer_probas),
        ]
    return types


def analyser(page: object, type_page: TypePage) -> dict[tuple[int, str], list[dict]]:
    """axe-core's violations for the page as it is, at each width and in each colour scheme."""
    if not page.evaluate("() => typeof axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    # Nothing hovered or focused: Material's tooltips (content.tooltips) are transient popups. The
    # search box keeps its focus: the dialog open is what is looked at, and it must stay open.
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement && !document.activeElement.closest('.md-search')"
                  " && document.activeElement.blur()")
    recherche = "() => !!document.getElementById('__search') && document.getElementById('__search').checked"
    ouverte = page.evaluate(recherche)
    # Material removes a tooltip some time after its control lost the focus or the pointer.
    page.evaluate("async () => { for (let i = 0; i < 100 && document.querySelector('.md-tooltip2'); i++)"
                  " await new Promise(r => setTimeout(r, 100)); }")
    resultats: dict[tuple[int, str], list[dict]] = {}
    fonds: dict[str, str] = {}
    for largeur in LARGEURS:
        page.set_viewport_size({"width": largeur, "height": 900})
        for schema in SCHEMAS:
            if not type_page.material:
                page.emulate_media(color_scheme="dark" if schema == "slate" else "light")
            attribut, fonds[schema] = page.evaluate(CHOISIR_SCHEMA, schema)
            if type_page.material:
                assert attribut == schema, (attribut, schema)
            resultats[(largeur, schema)] = page.evaluate(LANCER_AXE)
            assert page.evaluate(recherche) == ouverte, "la recherche s'est ouverte ou fermée pendant l'analyse"
    # On a Material page the dark palette really applied; a print sheet stays black on white.
    if type_page.material:
        assert fonds["default"] != fonds["slate"], fonds
    else:
        couleurs = page.evaluate("() => [...new Set([...document.querySelectorAll('.planche')].map(p =>"
                                 " getComputedStyle(p).backgroundColor + ' ' + getComputedStyle(p).color))]")
        assert couleurs == ["rgb(255, 255, 255) rgb(0, 0, 0)"], couleurs
    return resultats
