"""Offline benchmark (issue 15, part 1), in headless Chromium over the built site.

    .venv/bin/python bench/bench_hors_ligne.py [--site DIR]

Figures (measurements, never assertions):
* precache: files and MB the service worker fetches when it installs (from sw.js's list);
* « Préparer pour jouer hors ligne »: the size the button announces, and the bytes the server
  actually sends while it runs (Pyodide runtime and wheels);
* bytes the server sends for one first visit of the home page (page + precache);
* pages that load with the network off after that one visit and the button: N / total;
* weight the offline support adds to every page (registration script and head tags).
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from generator import offline  # noqa: E402
from tests import browser_support  # noqa: E402

MO = 1024 * 1024
SCRIPT = "assets/javascripts/compendium/hors-ligne.js"


class Compteur(browser_support._Gestionnaire):  # noqa: SLF001 - the tests' own server, counting bytes
    """The tests' static server, adding up the body bytes it sends."""

    envoyes = 0
    verrou = threading.Lock()

    def copyfile(self, source: object, outputfile: object) -> None:  # noqa: D102 - stdlib hook
        while bloc := source.read(1 << 16):  # type: ignore[attr-defined]
            outputfile.write(bloc)  # type: ignore[attr-defined]
            with Compteur.verrou:
                Compteur.envoyes += len(bloc)


def liste(site: Path) -> dict:
    """The build's offline list, as written into sw.js."""
    texte = (site / offline.WORKER).read_text("utf-8")
    return json.loads(re.search(r"const HORS_LIGNE = (\{.*?\});\n", texte).group(1))


def attendre_etat(page: object, etats: str, timeout: int) -> str:
    page.wait_for_function(  # type: ignore[attr-defined]
        "(es) => es.includes(document.querySelector('[data-hors-ligne]').dataset.etat)", arg=etats, timeout=timeout)
    return page.locator("[data-hors-ligne]").get_attribute("data-etat")  # type: ignore[attr-defined]


def poids_ajoute(site: Path) -> tuple[int, int, int]:
    """Bytes the offline support adds to a page: script raw, script gzipped, head tags."""
    script = (site / SCRIPT).read_bytes()
    page = (site / "bataille-d6" / "tour" / "index.html").read_text("utf-8")
    balises = re.findall(r'<link rel="(?:manifest|apple-touch-icon)"[^>]*>|<meta name="theme-color"[^>]*>|'
                         r'<script src="[^"]*hors-ligne\.js"></script>', page)
    return len(script), len(gzip.compress(script)), sum(len(b.encode()) for b in balises)


def mesurer(site: Path) -> None:
    """Print the offline figures as a Markdown table."""
    import playwright.sync_api as playwright_sync

    donnees = liste(site)
    precache = [f for f in donnees["fichiers"] if f[3] == 1]
    au_besoin = [f for f in donnees["fichiers"] if f[3] == 0]
    pdf = [f for f in precache if f[0].endswith(".pdf")]
    pages = sorted(offline.page_url(p.relative_to(site).as_posix()) for p in site.rglob("*.html"))
    with playwright_sync.sync_playwright() as p:
        navigateur = browser_support.lancer_chromium(p)
        contexte = navigateur.new_context(service_workers="allow")
        page = contexte.new_page()
        # servir() builds its handler from the module's class: count through it.
        original = browser_support._Gestionnaire  # noqa: SLF001
        browser_support._Gestionnaire = Compteur  # noqa: SLF001
        try:
            with browser_support.servir(site) as url:
                debut = time.perf_counter()
                page.goto(url)
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=300_000)
                etat = attendre_etat(page, ["a-preparer", "pret"], 300_000)
                installation = time.perf_counter() - debut
                premiere_visite = Compteur.envoyes
                annonce = page.locator("[data-hors-ligne] .cpd-hors-ligne__texte").inner_text()
                Compteur.envoyes = 0
                debut = time.perf_counter()
                if etat == "a-preparer":
                    page.locator("[data-hors-ligne] button").click()
                attendre_etat(page, ["pret"], 600_000)
                preparation = time.perf_counter() - debut
                bouton = Compteur.envoyes
                pret = page.locator("[data-hors-ligne] .cpd-hors-ligne__texte").inner_text()
                contexte.set_offline(True)
                chargees = 0
                echecs: list[str] = []
                debut = time.perf_counter()
                for chemin in pages:
                    reponse = page.goto(url + chemin, wait_until="domcontentloaded")
                    if reponse is not None and reponse.status == 200 and page.locator("article, body").first.inner_text():
                        chargees += 1
                    else:
                        echecs.append(chemin)
                parcours = time.perf_counter() - debut
        finally:
            browser_support._Gestionnaire = original  # noqa: SLF001
        navigateur.close()
    script, script_gz, balises = poids_ajoute(site)
    print("| mesure (hors ligne) | valeur |")
    print("| --- | --- |")
    print(f"| précache (à l'installation du service worker) | {len(precache)} fichiers, "
          f"{sum(f[1] for f in precache) / MO:.2f} Mo, dont {len(pdf)} PDF : {sum(f[1] for f in pdf) / MO:.2f} Mo |")
    print(f"| première visite de l'accueil (page + précache), octets servis | {premiere_visite / MO:.2f} Mo "
          f"en {installation:.1f} s |")
    print(f"| « Préparer pour jouer hors ligne » : annoncé | {annonce.strip()} |")
    print(f"| « Préparer pour jouer hors ligne » : octets servis | {bouton / MO:.2f} Mo ({len(au_besoin)} fichiers : "
          f"Pyodide et roues, {sum(f[1] for f in au_besoin) / MO:.2f} Mo listés) en {preparation:.1f} s ; "
          f"ensuite : {pret.strip()} |")
    print(f"| pages chargées sans réseau après une visite | {chargees} / {len(pages)} "
          f"({parcours:.1f} s pour les ouvrir toutes) |")
    if echecs:
        print(f"| pages en échec hors ligne | {', '.join(echecs[:10])} |")
    print(f"| poids ajouté à chaque page | script d'inscription {script} o ({script_gz} o gzip), "
          f"balises d'en-tête {balises} o |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit")
    arguments = parser.parse_args()
    if not (arguments.site / offline.WORKER).is_file():
        print(f"{arguments.site} : pas de {offline.WORKER}, construisez le site d'abord.", file=sys.stderr)
        return 2
    mesurer(arguments.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
