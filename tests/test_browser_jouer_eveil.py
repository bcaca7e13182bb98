"""Play mode keeps the screen on while a game is played (Screen Wake Lock API), in headless Chromium.

`navigator.wakeLock` is replaced by a stub before the page's scripts run (add_init_script): each
request is recorded, and the test releases the lock itself, as a browser does when the page is
hidden. `document.visibilityState` is driven by the test, and `visibilitychange` dispatched.
"""
from __future__ import annotations

from tests.browser_support import Onglet
from tests.jouer_support import ouvrir_jouer

BOUCHON = """(() => {
  window.__verrous = [];
  window.__visibilite = 'visible';
  const bouchon = {
    request: async (type) => {
      window.__demandes = (window.__demandes || 0) + 1;
      await new Promise(r => setTimeout(r, window.__lenteur || 0));
      const verrou = new EventTarget();
      verrou.type = type;
      verrou.released = false;
      verrou.release = async () => {
        if (verrou.released) return;
        verrou.released = true;
        verrou.dispatchEvent(new Event('release'));
      };
      window.__verrous.push(verrou);
      return verrou;
    },
  };
  Object.defineProperty(Navigator.prototype, 'wakeLock', {get: () => bouchon, configurable: true});
  Object.defineProperty(Document.prototype, 'visibilityState', {get: () => window.__visibilite, configurable: true});
  Object.defineProperty(Document.prototype, 'hidden', {get: () => window.__visibilite !== 'visible', configurable: true});
})();"""

DEMANDES = "() => window.__verrous.map(v => [v.type, v.released])"


def _visibilite(page: object, etat: str) -> None:
    """The page hidden or shown again; hidden, the browser releases the lock before the event."""
    page.evaluate("""async (etat) => {
      window.__visibilite = etat;
      if (etat === 'hidden') for (const v of window.__verrous) await v.release();
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise(r => setTimeout(r, 100));
    }""", etat)


def test_ecran_garde_allume_pendant_la_partie(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    page.add_init_script(BOUCHON)
    page.goto(site_url + "bataille-d6/jouer/")
    page.wait_for_function("() => document.querySelector('[data-compendium-outil=jouer]').dataset.pret === 'oui'")
    _visibilite(page, "hidden")
    _visibilite(page, "visible")
    assert page.evaluate(DEMANDES) == []  # no game yet: the screen may sleep

    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    page.wait_for_function("() => window.__verrous.length > 0")
    assert page.evaluate(DEMANDES) == [["screen", False]]
    _visibilite(page, "visible")  # still held: no second request
    assert page.evaluate(DEMANDES) == [["screen", False]]

    _visibilite(page, "hidden")  # the browser let the lock go: nothing asked while hidden
    assert page.evaluate(DEMANDES) == [["screen", True]]
    _visibilite(page, "visible")  # back on the page: asked again
    page.wait_for_function("() => window.__verrous.length === 2")
    assert page.evaluate(DEMANDES) == [["screen", True], ["screen", False]]

    # A game found again after a reload asks at once.
    page.reload()
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche")
    page.wait_for_function("() => window.__verrous.length === 1")
    assert page.evaluate(DEMANDES) == [["screen", False]]
    onglet.verifier_propre()


def test_une_seule_demande_a_la_fois(onglet: Onglet, site_url: str) -> None:
    """A browser slow to grant the lock: the page shown twice meanwhile still asks once (a second
    lock would never be released by the page, and a lock is a battery cost)."""
    page = onglet.page
    page.add_init_script(BOUCHON)
    ouvrir_jouer(page, site_url + "bataille-d6/jouer/")
    page.wait_for_function("() => window.__verrous.length === 1")
    page.evaluate("() => { window.__lenteur = 500; }")
    _visibilite(page, "hidden")
    page.evaluate("""async () => {
      window.__visibilite = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise(r => setTimeout(r, 50));
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise(r => setTimeout(r, 900));
    }""")
    assert page.evaluate("() => window.__demandes") == 2
    assert page.evaluate(DEMANDES) == [["screen", True], ["screen", False]]
    onglet.verifier_propre()
