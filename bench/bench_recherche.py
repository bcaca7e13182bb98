"""Site search on a phone profile (issue 26): bytes a first search downloads, time to its first results.

    .venv/bin/python bench/bench_recherche.py [--site DIR] [--mot MOT] [--essais N] [--json FICHIER]

Phone profile: headless Chromium, viewport 390 × 844 (touch), CPU throttled 4× through CDP
(`Emulation.setCPUThrottlingRate`; Chromium applies it to the page's thread, its workers are
slowed less). The network is the local server (no delay): download time is not in the figures,
the bytes are given beside them.

Each run is a new browser context (empty HTTP cache, no service worker). Scenarios:

* the page of a game (Bataille d6, the smallest index; Khârn-Âges, the largest) and the home page
  (every game): as soon as the page's `load` event fires, the search is opened and `--mot` typed;
  time from the first key to the first result of the whole word on screen (a result link
  carries `h=<mot>`);
* « Tous les jeux » turned on after that first search on the Bataille d6 page: time from the
  click to the first result from another game (absent from a site without the switch).

Bytes: every file the search makes the browser fetch from the page load to the results (Material's
index, the search workers, the language files, the per-game indexes), each once, compressed here
with gzip level 6 as a static host would serve it. The same figures for a site built before the
change (`--site` on an older build) give the « avant » column of BENCHMARKS.md. Measurements only,
never assertions.
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import construire  # noqa: E402
from tests.browser_support import lancer_chromium, servir  # noqa: E402

PAGES = {"Bataille d6": "bataille-d6/tour/", "Khârn-Âges": "kharn-ages/", "accueil": ""}
# Files of the search, old site and new: index files, Material's worker and ours, language files.
RECHERCHE = ("search/", "/workers/search", "/lunr/", "compendium/recherche")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
THROTTLE = 4

# In the page: resolves with the milliseconds from the first key typed to the first result link
# for the word (performance.now() on both sides, so the clock is the page's).
ATTENDRE_JS = """(mot) => new Promise((resoudre) => {
  const liste = document.querySelector('.md-search-result__list');
  const debut = window.__debutRecherche;
  const vu = () => [...liste.querySelectorAll('a')].some((a) => (a.getAttribute('href') || '').includes('h=' + mot));
  const fin = () => resoudre(performance.now() - debut);
  if (vu()) return fin();
  new MutationObserver((_, obs) => { if (vu()) { obs.disconnect(); fin(); } })
    .observe(liste, {childList: true, subtree: true});
})"""
NOTER_DEBUT_JS = """() => { window.__debutRecherche = null;
  document.addEventListener('keydown', () => { if (window.__debutRecherche === null) window.__debutRecherche = performance.now(); },
                            {capture: true, once: true}); }"""
# In the page: after a click on the switch, the first result link from another game than the page's.
ATTENDRE_AUTRE_JEU_JS = """([jeu, mot]) => new Promise((resoudre) => {
  const liste = document.querySelector('.md-search-result__list');
  const debut = performance.now();
  const vu = () => [...liste.querySelectorAll('a')].some((a) => {
    const h = a.getAttribute('href') || '';
    return h.includes('h=' + mot) && !new URL(h, location.href).pathname.includes('/' + jeu + '/');
  });
  new MutationObserver((_, obs) => { if (vu()) { obs.disconnect(); resoudre(performance.now() - debut); } })
    .observe(liste, {childList: true, subtree: true});
  document.querySelector('[data-cpd-recherche-tous]').click();
})"""


def de_recherche(url: str) -> bool:
    """Whether a fetched URL is one of the search's files."""
    return any(morceau in url for morceau in RECHERCHE)


def ouvrir_recherche(page: object) -> None:
    """Open the search as a player does: the header's magnifier on a phone, the box on a wide screen."""
    loupe = page.locator(".md-header label.md-header__button[for=__search]")  # type: ignore[attr-defined]
    if loupe.is_visible():
        loupe.click()
    else:
        page.locator("input.md-search__input").click()  # type: ignore[attr-defined]


def un_essai(navigateur: object, url: str, chemin: str, mot: str, elargir: bool) -> dict:
    """One first search in a new context; the time to results, the search's bytes and, optionally, widening."""
    contexte = navigateur.new_context(service_workers="block", **PHONE)  # type: ignore[attr-defined]
    recus: dict[str, bytes] = {}

    def noter(reponse: object) -> None:
        adresse = reponse.url.split("?")[0] if "/workers/" in reponse.url else reponse.url  # type: ignore[attr-defined]
        if de_recherche(reponse.url) and adresse not in recus and reponse.status == 200:  # type: ignore[attr-defined]
            try:
                recus[adresse] = reponse.body()  # type: ignore[attr-defined]
            except Exception:  # noqa: BLE001 - a response the page dropped: its size is unknown
                recus[adresse] = b""

    contexte.on("response", noter)  # type: ignore[attr-defined]
    page = contexte.new_page()  # type: ignore[attr-defined]
    cdp = contexte.new_cdp_session(page)  # type: ignore[attr-defined]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(url + chemin, wait_until="load")
    page.evaluate(NOTER_DEBUT_JS)
    ouvrir_recherche(page)
    page.keyboard.type(mot)
    page.keyboard.press("End")  # Material reads the box on keyup
    temps = page.evaluate(ATTENDRE_JS, mot)
    mesure = {"premiers_resultats_ms": temps, "octets": sum(map(len, recus.values())),
              "gzip": sum(len(gzip.compress(b, 6)) for b in recus.values()), "fichiers": sorted(recus)}
    if elargir and page.locator("[data-cpd-recherche-tous]").count():
        jeu = chemin.split("/")[0]
        mesure["elargir_ms"] = page.evaluate(ATTENDRE_AUTRE_JEU_JS, [jeu, mot])
        mesure["gzip_tous"] = sum(len(gzip.compress(b, 6)) for b in recus.values())
    contexte.close()  # type: ignore[attr-defined]
    return mesure


def mesurer(site: Path, mot: str, essais: int) -> dict[str, dict]:
    """Median figures per scenario over `essais` runs."""
    import playwright.sync_api as playwright_sync

    resultats: dict[str, dict] = {}
    with servir(site) as url, playwright_sync.sync_playwright() as p:
        navigateur = lancer_chromium(p)
        for nom, chemin in PAGES.items():
            runs = [un_essai(navigateur, url, chemin, mot, elargir=nom == "Bataille d6") for _ in range(essais)]
            resultats[nom] = {
                "chemin": chemin,
                "premiers_resultats_ms": statistics.median(r["premiers_resultats_ms"] for r in runs),
                "octets": runs[0]["octets"], "gzip": runs[0]["gzip"], "fichiers": runs[0]["fichiers"],
                "essais": runs,
            }
            if all("elargir_ms" in r for r in runs):
                resultats[nom]["elargir_ms"] = statistics.median(r["elargir_ms"] for r in runs)
                resultats[nom]["gzip_tous"] = runs[0]["gzip_tous"]
        navigateur.close()
    return resultats


def tableau(resultats: dict[str, dict], mot: str, essais: int) -> str:
    """The figures as a Markdown table."""
    lignes = [f"Recherche « {mot} », profil téléphone (390 px, processeur ralenti {THROTTLE}×), "
              f"médiane de {essais} essais, cache vide à chaque essai.", "",
              "| page | premiers résultats | téléchargé pour la recherche (gzip) | brut | fichiers |",
              "| --- | --- | --- | --- | --- |"]
    for nom, r in resultats.items():
        lignes.append(f"| {nom} (`{r['chemin'] or './'}`) | {r['premiers_resultats_ms']:.0f} ms | "
                      f"{r['gzip'] / 1024:.0f} Ko | {r['octets'] / 1024:.0f} Ko | {len(r['fichiers'])} |")
        if "elargir_ms" in r:
            lignes.append(f"| {nom}, puis « Tous les jeux » | {r['elargir_ms']:.0f} ms après le clic | "
                          f"{r['gzip_tous'] / 1024:.0f} Ko en tout | — | — |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--mot", default="epee", help="mot cherché (tapé sans accent)")
    parser.add_argument("--essais", type=int, default=3, help="essais par page (médiane)")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    args = parser.parse_args()
    if not (args.site / "search" / "search_index.json").is_file():
        construire(args.site)
    resultats = mesurer(args.site, args.mot, max(1, args.essais))
    print(tableau(resultats, args.mot, max(1, args.essais)))
    if args.json:
        args.json.write_text(json.dumps(resultats, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
