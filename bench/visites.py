"""First and second visit to a tool page, in one Chromium profile: engine ready and bytes downloaded.

Used by bench/bench_navigateur.py. A visit is a real tool page of the built site (the
« Composer et vérifier » page of Bataille d6). The second visit relaunches Chromium on the
same profile folder, as a player coming back later: the HTTP cache, the compiled-code cache,
the service worker's caches and IndexedDB are on disk, nothing is kept in memory.

Engine ready is measured from navigation start (performance.now() in the page) to the moment
the loading indicator says « prêt » (a MutationObserver installed before the page's scripts).
Bytes are counted by the server: bodies actually sent, so a 304 or a cache hit counts zero.
"""
from __future__ import annotations

import contextlib
import functools
import shutil
import statistics
import tempfile
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, HOTE, _Gestionnaire

PAGE_OUTIL = "bataille-d6/verifier/"

# Records when the indicator turns ready, and the start mode the engine reports.
OBSERVATEUR_JS = """(() => {
  window.__pret = new Promise((resoudre) => {
    const regarder = () => {
      const c = document.querySelector('[data-role=chargement]');
      if (c && c.dataset.pret === 'oui') {
        resoudre({ms: performance.now(), demarrage: c.dataset.demarrage || ''});
        return true;
      }
      return false;
    };
    new MutationObserver(() => regarder()).observe(document, {subtree: true, attributes: true,
      attributeFilter: ['data-pret'], childList: true});
  });
})();"""


# Size of the snapshot stored in IndexedDB by moteur-instantane.js (0 when there is none).
TAILLE_INSTANTANE_JS = """() => new Promise((resoudre) => {
  const o = indexedDB.open('compendium-moteur', 1);
  o.onerror = () => resoudre(0);
  o.onupgradeneeded = () => o.result.createObjectStore('instantanes');
  o.onsuccess = () => {
    const l = o.result.transaction('instantanes').objectStore('instantanes').get('cle');
    l.onsuccess = () => resoudre(l.result ? l.result.taille : 0);
    l.onerror = () => resoudre(0);
  };
})"""


class _Compteur:
    """Bytes and requests served since the last reset."""

    def __init__(self) -> None:
        self.verrou = threading.Lock()
        self.octets = 0
        self.requetes = 0

    def ajouter(self, n: int) -> None:
        with self.verrou:
            self.octets += n
            self.requetes += 1

    def relever(self) -> tuple[int, int]:
        with self.verrou:
            releve = (self.octets, self.requetes)
            self.octets = self.requetes = 0
            return releve


@contextlib.contextmanager
def servir_compte(site: Path) -> Iterator[tuple[str, _Compteur]]:
    """Serve the site on 127.0.0.1 and count the body bytes of every answer."""
    compteur = _Compteur()

    class Gestionnaire(_Gestionnaire):
        def copyfile(self, source, sortie) -> None:  # noqa: ANN001 - stdlib signature
            debut = source.tell()
            super().copyfile(source, sortie)
            compteur.ajouter(source.tell() - debut)

    serveur = ThreadingHTTPServer((HOTE, 0), functools.partial(Gestionnaire, directory=str(site)))
    serveur.daemon_threads = True
    threading.Thread(target=serveur.serve_forever, daemon=True).start()
    try:
        yield f"http://{HOTE}:{serveur.server_address[1]}/", compteur
    finally:
        serveur.shutdown()
        serveur.server_close()


def _visite(p: object, profil: Path, url: str, attendre_instantane: bool) -> dict:
    """One visit in a fresh Chromium process on `profil`; returns ready time and start mode."""
    contexte = p.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        str(profil), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    try:
        contexte.add_init_script(OBSERVATEUR_JS)
        page = contexte.pages[0] if contexte.pages else contexte.new_page()
        page.goto(url)
        pret = page.evaluate("() => window.__pret")
        if attendre_instantane:
            # First visit: let the engine store its snapshot (and the service worker its caches).
            page.wait_for_function(
                "() => { const c = document.querySelector('[data-role=chargement]');"
                " return !c || !('demarrage' in c.dataset) || ['enregistre', 'echec', 'utilise'].includes(c.dataset.instantane); }",
                timeout=180_000)
            page.wait_for_timeout(1500)
            pret["instantane_octets"] = page.evaluate(TAILLE_INSTANTANE_JS)
        return pret
    finally:
        contexte.close()


def mesurer_visites(site: Path, runs: int) -> dict:
    """`runs` pairs of visits (first, then second on the same profile): ms to ready, bytes, modes."""
    from playwright.sync_api import sync_playwright

    mesures: dict = {"premiere_ms": [], "seconde_ms": [], "premiere_octets": [], "seconde_octets": [],
                     "premiere_requetes": [], "seconde_requetes": [], "modes": [], "instantane_octets": []}
    with servir_compte(site) as (url, compteur), sync_playwright() as p:
        for _ in range(runs):
            profil = Path(tempfile.mkdtemp(prefix="compendium-profil-"))
            try:
                compteur.relever()
                premiere = _visite(p, profil, url + PAGE_OUTIL, attendre_instantane=True)
                octets, requetes = compteur.relever()
                mesures["instantane_octets"].append(premiere["instantane_octets"])
                mesures["premiere_ms"].append(premiere["ms"])
                mesures["premiere_octets"].append(octets)
                mesures["premiere_requetes"].append(requetes)
                seconde = _visite(p, profil, url + PAGE_OUTIL, attendre_instantane=False)
                octets, requetes = compteur.relever()
                mesures["seconde_ms"].append(seconde["ms"])
                mesures["seconde_octets"].append(octets)
                mesures["seconde_requetes"].append(requetes)
                mesures["modes"].append([premiere["demarrage"], seconde["demarrage"]])
            finally:
                shutil.rmtree(profil, ignore_errors=True)
    return mesures


def lignes_visites(v: dict, pyodide_nu_ms: float) -> list[str]:
    """Table rows (same columns as bench_navigateur.tableau) for the two visits."""
    premiere, seconde = statistics.median(v["premiere_ms"]), statistics.median(v["seconde_ms"])
    modes = sorted({m[1] or "?" for m in v["modes"]})
    n = len(v["seconde_ms"])
    return [
        f"| Page d'outil ({PAGE_OUTIL}), première visite : moteur prêt depuis la navigation, médiane de {n} "
        f"| {premiere:.0f} ms ({premiere / pyodide_nu_ms:.2f} × Pyodide nu) | — |",
        f"| Même page, seconde visite (même profil, Chromium relancé) : moteur prêt, médiane de {n} "
        f"| {seconde:.0f} ms ({seconde / pyodide_nu_ms:.2f} × Pyodide nu ; démarrage : {', '.join(modes)}) "
        f"| ≤ 0,25 × |",
        f"| Octets téléchargés, première visite (médiane, {statistics.median(v['premiere_requetes']):.0f} requêtes) "
        f"| {statistics.median(v['premiere_octets']) / 1e6:.2f} Mo | — |",
        f"| Octets téléchargés, seconde visite (médiane, {statistics.median(v['seconde_requetes']):.0f} requêtes) "
        f"| {statistics.median(v['seconde_octets']) / 1e6:.2f} Mo | — |",
        f"| Instantané mémoire du moteur gardé dans IndexedDB (première visite) "
        f"| {statistics.median(v['instantane_octets']) / 1e6:.1f} Mo | — |",
    ]
