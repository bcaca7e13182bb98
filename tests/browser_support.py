"""Helpers for browser tests and benchmarks: serve a built site on 127.0.0.1, start Chromium.

Used by tests/test_browser_outils.py and bench/bench_navigateur.py.
"""
from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HOTE = "127.0.0.1"

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".yaml": "text/yaml; charset=utf-8",
    ".yml": "text/yaml; charset=utf-8",
    ".svg": "image/svg+xml",
}


class _Gestionnaire(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    pages_virtuelles: dict[str, tuple[str, bytes]] = {}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass  # the browser closed the page while a file was being sent

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        chemin = urlsplit(self.path).path
        if chemin in self.pages_virtuelles:
            type_mime, corps = self.pages_virtuelles[chemin]
            self.send_response(200)
            self.send_header("Content-Type", type_mime)
            self.send_header("Content-Length", str(len(corps)))
            self.end_headers()
            self.wfile.write(corps)
            return
        super().do_GET()


@contextlib.contextmanager
def servir(site_dir: Path, pages_virtuelles: dict[str, tuple[str, bytes]] | None = None) -> Iterator[str]:
    """Serve ``site_dir`` on 127.0.0.1 (random free port); yields the base URL ending with "/".

    ``pages_virtuelles`` maps URL paths to (MIME type, body) served from memory
    (benchmark pages that must not be written into the site).
    """
    classe = type("Gestionnaire", (_Gestionnaire,), {"pages_virtuelles": dict(pages_virtuelles or {})})
    serveur = ThreadingHTTPServer((HOTE, 0), functools.partial(classe, directory=str(site_dir)))
    serveur.daemon_threads = True
    fil = threading.Thread(target=serveur.serve_forever, name="serveur-site", daemon=True)
    fil.start()
    try:
        yield f"http://{HOTE}:{serveur.server_address[1]}/"
    finally:
        serveur.shutdown()
        serveur.server_close()


def lancer_chromium(playwright: object, **options: object) -> object:
    """Headless Debian Chromium with the project's flags."""
    return playwright.chromium.launch(  # type: ignore[attr-defined]
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, **options)


def est_locale(url: str) -> bool:
    """True for requests that stay on 127.0.0.1 (or never touch the network: data:, blob:)."""
    parties = urlsplit(url)
    if parties.scheme in {"data", "blob", "about", "chrome-extension"}:
        return True
    return parties.hostname == HOTE


def surveiller_reseau(contexte: object) -> list[str]:
    """Record every request of a browser context that leaves 127.0.0.1; returns the (live) list."""
    sorties: list[str] = []

    def noter(requete: object) -> None:
        url = requete.url  # type: ignore[attr-defined]
        if not est_locale(url):
            sorties.append(url)

    contexte.on("request", noter)  # type: ignore[attr-defined]
    return sorties


def attendre_moteur(page: object, timeout_ms: int = 120_000) -> None:
    """Wait until the tool page's engine reports it is ready (Pyodide + wheels + bundle)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => { const c = document.querySelector('[data-role=chargement]');"
        " return c && (c.dataset.pret === 'oui' || c.classList.contains('cpd-chargement--erreur')); }",
        timeout=timeout_ms,
    )
    erreur = page.locator(".cpd-chargement--erreur")  # type: ignore[attr-defined]
    if erreur.count():
        raise AssertionError("le moteur n'a pas démarré : " + erreur.first.inner_text())


def calculer(formulaire: object, timeout_ms: int = 30_000) -> object:
    """Click « Calculer » in a calculation form and wait for the result of these parameters.

    The result zone keeps the previous result (dimmed, ``aria-busy``) while it computes, so
    waiting for a result element alone could read a stale one; the zone's state is reliable:
    the submit handler sets it to ``calcul`` synchronously and only the newest run clears it.
    """
    formulaire.locator("button[type=submit]").click()  # type: ignore[attr-defined]
    zone = formulaire.locator("[data-role=resultat]")  # type: ignore[attr-defined]
    formulaire.page.wait_for_function(  # type: ignore[attr-defined]
        "(z) => (z.dataset.etat === 'resultat' || z.dataset.etat === 'erreur') && !z.hasAttribute('aria-busy')",
        arg=zone.element_handle(), timeout=timeout_ms)
    return zone


class Onglet:
    """A page plus what it must never do: leave 127.0.0.1, open a dialog, throw."""

    def __init__(self, navigateur: object, service_workers: str = "block") -> None:
        # The site's service worker (offline cache) is only wanted by tests about it
        # (tests/test_browser_hors_ligne.py): elsewhere it would precache the site in every tab.
        self.contexte = navigateur.new_context(accept_downloads=True, service_workers=service_workers)
        self.sorties = surveiller_reseau(self.contexte)
        self.dialogues: list[str] = []
        self.erreurs_js: list[str] = []
        self.contexte.on("dialog", self._dialogue)
        self.page = self.nouvelle_page()

    def _dialogue(self, dialogue: object) -> None:
        self.dialogues.append(dialogue.message)
        dialogue.dismiss()

    def nouvelle_page(self) -> object:
        page = self.contexte.new_page()
        page.on("dialog", self._dialogue)
        page.on("pageerror", lambda e: self.erreurs_js.append(str(e)))
        return page

    def verifier_propre(self) -> None:
        assert self.sorties == [], f"requêtes hors de 127.0.0.1 : {self.sorties}"
        assert self.dialogues == [], f"boîtes de dialogue ouvertes : {self.dialogues}"
        assert self.erreurs_js == [], f"erreurs JavaScript : {self.erreurs_js}"
