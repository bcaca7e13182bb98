"""Lighthouse (mobile, default throttling) on each page type of a built site (issue 27).

    python bench/bench_lighthouse.py --site DIR [--runs 3] [--ecrire apres]

Serves DIR on 127.0.0.1 (text files gzip-compressed, as a static host serves them), runs the
Lighthouse CLI of bench/lighthouse/ (npm `lighthouse` 12.2.3, Node 20) with Debian's Chromium
(CHROME_PATH) on each page, and prints a Markdown table of the four category scores: the median
of --runs runs for each, with the load average of the machine before and after. With --ecrire NAME
the table replaces the one between `<!-- lighthouse:NAME -->` and `<!-- /lighthouse:NAME -->` in
BENCHMARKS.md. Never a test: the scores vary with the machine.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import CHROMIUM, HOTE, _Gestionnaire  # noqa: E402

LIGHTHOUSE = ROOT / "bench" / "lighthouse" / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("accessibility", "best-practices", "seo", "performance")
NOMS = {"accessibility": "accessibilité", "best-practices": "bonnes pratiques", "seo": "SEO",
        "performance": "performance"}
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
# The page types (a tool page is loaded as it opens; Lighthouse measures the load, not a click).
PAGES = [
    ("accueil", "", "règles"),
    ("section de règles", "hate/combat/", "règles"),
    ("glossaire", "kharn-ages/glossaire/", "règles"),
    ("index général", "index-general/", "règles"),
    ("index des entrées (le plus long)", "hate/index-des-entrees/", "règles"),
    ("composer et vérifier", "kharn-ages/verifier/", "outil"),
    ("format du catalogue", "kharn-ages/catalogue/", "règles"),
    ("probabilités", "tamashii/probas/", "outil"),
    ("imprimer (index)", "bataille-d6/imprimer/", "règles"),
    ("fiche à imprimer", "imprimer/hate/reference.html", "règles"),
    ("scores", "hate/score/", "outil"),
    ("versions", "hami/versions/", "règles"),
    ("mon matériel", "hami/materiel/", "outil"),
    ("dés libres", "outils/des-libres/", "outil"),
    ("jouer", "hate/jouer/", "outil"),
]
COMPRESSES = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".webmanifest", ".yaml", ".txt", ".wasm")


class _Compresse(_Gestionnaire):
    """The test server, with gzip for text files when the browser accepts it."""

    def send_head(self):  # noqa: ANN201 - stdlib signature
        chemin = Path(self.translate_path(self.path))
        if chemin.is_dir():
            chemin = chemin / "index.html"
        if (chemin.suffix not in COMPRESSES or not chemin.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        corps = _gzip(str(chemin), chemin.stat().st_mtime)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(chemin)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(corps)))
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        return io.BytesIO(corps)


@functools.lru_cache(maxsize=512)
def _gzip(chemin: str, _mtime: float) -> bytes:
    return gzip.compress(Path(chemin).read_bytes(), compresslevel=6)


def servir(site: Path) -> tuple[ThreadingHTTPServer, str]:
    serveur = ThreadingHTTPServer((HOTE, 0), functools.partial(_Compresse, directory=str(site)))
    serveur.daemon_threads = True
    threading.Thread(target=serveur.serve_forever, daemon=True).start()
    return serveur, f"http://{HOTE}:{serveur.server_address[1]}/"


def lighthouse(url: str, dossier: Path) -> dict[str, float]:
    """One Lighthouse run: the four category scores (0-100) and the main performance figures."""
    sortie = dossier / "rapport.json"
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", CHROMIUM))
    subprocess.run(["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={sortie}",
                    f"--chrome-flags={CHROME_FLAGS}", "--only-categories=" + ",".join(CATEGORIES)],
                   env=env, check=True, timeout=600)
    rapport = json.loads(sortie.read_text(encoding="utf-8"))
    scores = {c: round((rapport["categories"][c]["score"] or 0) * 100) for c in CATEGORIES}
    audits = rapport["audits"]
    scores["lcp"] = audits["largest-contentful-paint"]["numericValue"]
    scores["tbt"] = audits["total-blocking-time"]["numericValue"]
    scores["fautes"] = [a for c in CATEGORIES[:3] for a in _fautes(rapport, c)]
    return scores


def _fautes(rapport: dict, categorie: str) -> list[str]:
    """The audits that lowered a category (score below 1, with a weight)."""
    return [r["id"] for r in rapport["categories"][categorie]["auditRefs"]
            if r["weight"] and rapport["audits"][r["id"]]["score"] not in (None, 1)]


def tableau(site: Path, runs: int, filtre: str) -> str:
    serveur, url = servir(site)
    debut = os.getloadavg()
    lignes = ["| page | type | " + " | ".join(NOMS[c] for c in CATEGORIES) + " | LCP | TBT | audits en défaut |",
              "| --- | --- | " + " | ".join("---" for _ in CATEGORIES) + " | --- | --- | --- |"]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for nom, chemin, genre in PAGES:
                if not any(f in nom for f in filtre.split(",")):
                    continue
                mesures = [lighthouse(url + chemin, Path(tmp)) for _ in range(runs)]
                med = {c: statistics.median(m[c] for m in mesures) for c in (*CATEGORIES, "lcp", "tbt")}
                fautes = sorted({f for m in mesures for f in m["fautes"]})
                ligne = (f"| {nom} (`{chemin or '/'}`) | {genre} | "
                         + " | ".join(f"{med[c]:.0f}" for c in CATEGORIES)
                         + f" | {med['lcp'] / 1000:.1f} s | {med['tbt']:.0f} ms | {', '.join(fautes) or '—'} |")
                lignes.append(ligne)
                print(ligne, file=sys.stderr, flush=True)
    finally:
        serveur.shutdown()
    fin = os.getloadavg()
    lignes.append("")
    lignes.append(f"Médiane de {runs} passage(s) par page, {time.strftime('%d/%m/%Y %H:%M')} ; charge de la machine "
                  f"(load average 1/5/15 min) : {debut[0]:.1f}/{debut[1]:.1f}/{debut[2]:.1f} au début, "
                  f"{fin[0]:.1f}/{fin[1]:.1f}/{fin[2]:.1f} à la fin ({os.cpu_count()} cœurs).")
    return "\n".join(lignes)


def ecrire(nom: str, texte: str) -> None:
    """Replace the table between the markers `lighthouse:nom` of BENCHMARKS.md."""
    fichier = ROOT / "BENCHMARKS.md"
    contenu = fichier.read_text(encoding="utf-8")
    motif = re.compile(rf"(<!-- lighthouse:{re.escape(nom)} -->\n).*?(\n<!-- /lighthouse:{re.escape(nom)} -->)", re.S)
    if not motif.search(contenu):
        raise SystemExit(f"BENCHMARKS.md : marques <!-- lighthouse:{nom} --> introuvables")
    fichier.write_text(motif.sub(lambda m: m.group(1) + texte + m.group(2), contenu), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--filtre", default="", help="only the pages whose name holds one of these texts (comma-separated)")
    parser.add_argument("--ecrire", default="", help="write the table into BENCHMARKS.md between these markers")
    args = parser.parse_args()
    if not LIGHTHOUSE.is_file():
        print("Lighthouse absent : lancez `npm ci --prefix bench/lighthouse` (fait par `make bench`).", file=sys.stderr)
        return 2
    texte = tableau(args.site, args.runs, args.filtre)
    print(texte)
    if args.ecrire:
        ecrire(args.ecrire, texte)
    return 0


if __name__ == "__main__":
    sys.exit(main())
