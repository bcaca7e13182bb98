"""Shared helpers of the builder's phone-size browser tests (« Composer et vérifier », issue 35)."""
from __future__ import annotations

from collections.abc import Iterator

from tests.browser_support import Onglet, attendre_moteur

TOTAL = "[data-role=composer-total]"
TELEPHONE = {"width": 390, "height": 844}


def onglet_telephone(navigateur: object) -> Iterator[object]:
    """A phone-sized tab (390 × 844), a fresh browser profile, checked when done: it must not have
    left 127.0.0.1, opened a dialog or thrown (for a module's `page` fixture: `yield from`)."""
    onglet = Onglet(navigateur)
    onglet.page.set_viewport_size(TELEPHONE)
    yield onglet.page
    onglet.verifier_propre()
    onglet.contexte.close()


def ouvrir(page: object, url: str) -> None:
    """Open a builder page and wait for its engine and summary bar."""
    page.goto(url)  # type: ignore[attr-defined]
    attendre_moteur(page)
    page.wait_for_selector(TOTAL)  # type: ignore[attr-defined]


def saisir(page: object, texte: str) -> None:
    """Type a whole list in the text view (as a paste does)."""
    page.eval_on_selector(  # type: ignore[attr-defined]
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", texte)


def attendre_rapport(page: object) -> None:
    """Wait until the summary bar shows the engine's report on the list on screen."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => { const t = document.querySelector('[data-role=composer-total]');"
        " return t && ['valide', 'invalide'].includes(t.dataset.etat) && t.dataset.aJour === 'oui'; }",
        timeout=60_000)


def liste_texte(page: object) -> dict:
    """The list in the text view, parsed ({} when empty)."""
    import yaml

    return yaml.safe_load(page.input_value("#cpd-liste")) or {}  # type: ignore[attr-defined]


def attendre_liste(page: object, condition: str, arg: object = None) -> None:
    """Wait until the text view's text (as `t`) satisfies the JavaScript `condition` (with `a` = arg)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "([c, a]) => { const t = document.querySelector('#cpd-liste').value; return new Function('t', 'a', c)(t, a); }",
        arg=[condition, arg], timeout=60_000)
