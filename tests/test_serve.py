"""The README's `make serve`: `mkdocs serve --strict` builds and answers, with no offline worker."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT_S = 900  # a whole strict build on a loaded machine; generous, not a measurement


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as reponse:  # noqa: S310 - our own local server
            return reponse.read().decode("utf-8")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def test_mkdocs_serve_builds_and_answers() -> None:
    port = _free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    serveur = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--strict",
                                "-a", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        fin = time.monotonic() + LIMIT_S
        page = None
        while page is None and serveur.poll() is None and time.monotonic() < fin:
            time.sleep(1)
            page = _fetch(f"http://127.0.0.1:{port}/")
        sortie = "" if serveur.poll() is None else serveur.stdout.read() if serveur.stdout else ""
        assert page is not None, f"mkdocs serve n'a pas répondu :\n{sortie[-3000:]}"
        assert "Compendium" in page and 'rel="canonical"' in page
    finally:
        serveur.terminate()
        serveur.wait(timeout=30)
