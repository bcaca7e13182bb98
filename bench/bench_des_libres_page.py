"""« Dés libres » in the browser, phone profile: time to a result on arrival and after a change.

    .venv/bin/python bench/bench_des_libres_page.py [--site DIR] [--essais N]

Headless Chromium at 390 × 844 (touch), CPU not throttled (the engine runs in a worker, which
Chromium's throttling slows less than the page), service workers blocked, a new browser context
(empty HTTP cache) per run. Each run opens `outils/des-libres/` and records, from the navigation
(`performance.now()`, the page's clock):

* the build-time result on screen (the page's default pool, drawn without the engine);
* the engine ready (Pyodide, wheels, imports);

then, after `--pause` ms (0: at once, as a shared link does; right after « prêt » the worker still
installs its wheels and records its snapshot, which the first pool waits for), for each pool below
sets the page's link (`#reserves=…`, as a shared link or a change of the form does) and records
the time until the worker's result is drawn (the zone no longer busy, then one animation frame).
Medians of `--essais` runs. Measurements only, never assertions.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import construire  # noqa: E402
from tests.browser_support import attendre_moteur, lancer_chromium, servir  # noqa: E402

PAGE = "outils/des-libres/"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _reserve(nombre: int, faces: str, operation: str = "somme", **options: Any) -> dict[str, Any]:
    return {"des": [{"nombre": nombre, "faces": faces}], "operation": operation, **options}


POOLS: dict[str, dict[str, Any]] = {
    "2d6 somme, premier calcul (envoyé après la pause)": {"reserves": [_reserve(2, "d6")]},
    "A : 4d6 garder 3 meilleurs ; B : 2d6 somme, explose sur 6 (profondeur 2)": {"reserves": [
        _reserve(4, "d6", "meilleurs", garder=3), _reserve(2, "d6", explosion={"faces": "6", "profondeur": 2})]},
    "10d10 succès ≥ 8, relance les 1, explose sur 10 (profondeur 3)": {"reserves": [
        _reserve(10, "d10", "succes", seuil=8, relance={"faces": "1"}, explosion={"faces": "10", "profondeur": 3})]},
    "30d20 garder 29 meilleurs (près de la borne)": {"reserves": [_reserve(30, "d20", "meilleurs", garder=29)]},
    "30d6 somme, explose sur 6, profondeur 10 (près de la borne)": {"reserves": [
        _reserve(30, "d6", explosion={"faces": "6", "profondeur": 10})]},
}

# In the page: set the link, resolve with the ms until the worker's result is drawn (or an error).
APRES_CHANGEMENT_JS = """(hash) => new Promise((resoudre) => {
  const zone = document.querySelector('[data-role=resultat]');
  const debut = performance.now();
  const fini = () => !zone.hasAttribute('aria-busy') && ['resultat', 'erreur'].includes(zone.dataset.etat)
    && zone.dataset.origine !== 'construction';
  const obs = new MutationObserver(() => {
    if (fini()) { obs.disconnect(); requestAnimationFrame(() => resoudre([performance.now() - debut, zone.dataset.etat])); }
  });
  obs.observe(zone, {attributes: true, childList: true, subtree: true});
  window.location.hash = hash;
})"""


def un_essai(navigateur: object, url: str, pause_ms: int) -> dict[str, float]:
    """One run in a new context: arrival, engine ready, then each pool after a change of link."""
    contexte = navigateur.new_context(service_workers="block", **PHONE)  # type: ignore[attr-defined]
    page = contexte.new_page()  # type: ignore[attr-defined]
    page.goto(url + PAGE, wait_until="commit")
    page.wait_for_function("() => document.querySelector('[data-role=resultat]')?.dataset.origine === 'construction'")
    mesure = {"résultat de la construction affiché": page.evaluate("() => performance.now()")}
    attendre_moteur(page, timeout_ms=300_000)
    mesure["moteur prêt"] = page.evaluate("() => performance.now()")
    page.wait_for_timeout(pause_ms)
    for nom, requete in POOLS.items():
        ms, etat = page.evaluate(APRES_CHANGEMENT_JS, "#reserves=" + quote(json.dumps(requete, ensure_ascii=False)))
        if etat != "resultat":
            raise SystemExit(f"{nom} : pas de résultat ({page.locator('[data-role=resultat]').inner_text()[:300]})")
        mesure[nom] = ms
    contexte.close()  # type: ignore[attr-defined]
    return mesure


def main() -> int:
    """Print the medians as a Markdown table."""
    import playwright.sync_api as playwright_sync

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--essais", type=int, default=3)
    parser.add_argument("--pause", type=int, default=0, help="ms entre « moteur prêt » et le premier calcul")
    args = parser.parse_args()
    if not (args.site / PAGE / "index.html").is_file():
        construire(args.site)
    with servir(args.site) as url, playwright_sync.sync_playwright() as p:
        navigateur = lancer_chromium(p)
        essais = [un_essai(navigateur, url, args.pause) for _ in range(max(1, args.essais))]
        navigateur.close()
    print(f"« Dés libres » à 390 px, médiane de {len(essais)} essais (nouveau contexte à chaque essai), "
          f"premier calcul {args.pause} ms après « moteur prêt ».\n")
    print("| mesure | médiane | min – max |")
    print("| --- | ---: | ---: |")
    for cle in essais[0]:
        valeurs = [e[cle] for e in essais]
        depuis = "depuis la navigation" if cle in ("résultat de la construction affiché", "moteur prêt") else \
            "du lien changé au résultat dessiné"
        print(f"| {cle} ({depuis}) | {statistics.median(valeurs):.0f} ms | {min(valeurs):.0f} – {max(valeurs):.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
