"""The builder's main thread: its long tasks while a list loads and while a player clicks (issue 27).

    .venv/bin/python bench/bench_longtask.py --site DIR [--clics N] [--largeur PX] [--jeux ...]

Chromium reports every task of the page's main thread over 50 ms (PerformanceObserver, type
`longtask`). The observer is installed before the page's own scripts; the tasks are sorted into
three phases: the page opening until the engine is ready, a list of 10 entries opened as a file
(« Ouvrir un fichier… ») until its report is painted, then N clicks that change a field of the first entry (the
scenario of bench/bench_composer_clic.py). Parsing, checking and composing run in the Web Worker:
the goal is no task over 200 ms in the page. Measurements only, never assertions.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_composer_clic import ARMER_JS, CLICS, cliquer, liste_longue, ouvrir_tout  # noqa: E402
from tests.browser_support import attendre_moteur, lancer_chromium, servir  # noqa: E402

OBSERVER = """(() => {
  window.__phase = "ouverture";
  window.__longues = [];
  try {
    new PerformanceObserver((liste) => {
      for (const e of liste.getEntries()) {
        const a = (e.attribution || [])[0] || {};
        window.__longues.push({phase: window.__phase, debut: e.startTime, duree: e.duration,
                               source: [a.containerType, a.containerSrc, a.containerName].filter(Boolean).join(" ")});
      }
    }).observe({type: "longtask", buffered: true});
  } catch (e) { window.__longues = null; }
})();"""
PHASES = ("ouverture", "liste", "clics")


def mesurer_jeu(page: object, url: str, jeu: str, n: int) -> dict:
    fichier, chemin, _ = CLICS[jeu]
    page.goto(url + jeu + "/verifier/")
    attendre_moteur(page)
    page.wait_for_timeout(500)
    page.evaluate("() => { window.__phase = 'liste'; }")
    # « Ouvrir un fichier… »: the list arrives as a player's file (typing it would time the textarea).
    page.set_input_files("#cpd-fichier", files=[{"name": "liste.json", "mimeType": "application/json",
                                                 "buffer": liste_longue(jeu, fichier).encode("utf-8")}])
    page.wait_for_function("() => { const t = document.querySelector('[data-role=\"composer-total\"]');"
                           " return t && t.dataset.aJour === 'oui' && document.querySelectorAll("
                           "'[data-role=\"entree\"]').length >= 10; }", timeout=60_000)
    page.wait_for_timeout(300)
    page.evaluate("() => { window.__phase = 'clics'; }")
    ouvrir_tout(page)
    for _ in range(n):
        page.evaluate(ARMER_JS)
        cliquer(page, chemin)
        page.evaluate("() => window.__mesure")
        page.wait_for_timeout(100)
        ouvrir_tout(page)
    page.wait_for_timeout(500)
    return {"jeu": jeu, "longues": page.evaluate("() => window.__longues")}


def tableau(mesures: list[dict], largeur: int) -> str:
    lignes = [f"| Jeu ({largeur} px) | " + " | ".join(f"{p} : tâches > 50 ms, max" for p in PHASES)
              + " | tâches > 200 ms |", "| --- | " + " | ".join("---" for _ in PHASES) + " | --- |"]
    for m in mesures:
        longues = m["longues"] or []
        cases = []
        for phase in PHASES:
            durees = [t["duree"] for t in longues if t["phase"] == phase]
            cases.append(f"{len(durees)}, {max(durees):.0f} ms" if durees else "0")
        trop = [f"{t['phase']} {t['duree']:.0f} ms" for t in longues if t["duree"] > 200]
        lignes.append(f"| {m['jeu']} | " + " | ".join(cases) + f" | {', '.join(trop) or 'aucune'} |")
    return "\n".join(lignes)


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--clics", type=int, default=10)
    parser.add_argument("--largeur", type=int, default=390)
    parser.add_argument("--jeux", nargs="*", choices=sorted(CLICS), default=list(CLICS))
    args = parser.parse_args()
    mesures = []
    with servir(args.site) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        for jeu in args.jeux:
            contexte = navigateur.new_context(viewport={"width": args.largeur, "height": 900}, service_workers="block")
            contexte.add_init_script(OBSERVER)
            mesures.append(mesurer_jeu(contexte.new_page(), url, jeu, args.clics))
            contexte.close()
        navigateur.close()
    print(tableau(mesures, args.largeur))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
