"""« Probabilités de ma liste » (issue 16, part 1): time of the odds matrix of a 40-entry list.

    .venv/bin/python bench/bench_probas_liste.py [--site DIR] [--essais N] [--json FICHIER]

Bataille d6: 40 distinct units (sizes 1 to 40, so that no two share a calculation and the
per-request cache does not help) against the 12 reference targets (Armure 0–5, ordinary and
Puissante), then also against an opposing list of 6 units (18 targets). Measured in CPython
(`action_probas`) and in headless Chromium through the Web Worker (`Moteur.composer`, round
trip and Python time), p50 / p95 over N warm runs. Goal from the issue: ≤ 1 s for 40 entries
against 6 targets. These are measurements, never assertions.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import CHRONO_JS, centile, construire  # noqa: E402
from tests.browser_support import lancer_chromium, servir  # noqa: E402

JEU = "bataille-d6"
ENTREES = 40
PAGE = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Probabilités de liste</title>
<script src="/assets/javascripts/compendium/moteur.js"></script>
<script>
window.moteur = Compendium.moteur(Compendium.racine("/"));
__CHRONO__
</script></html>""".replace("__CHRONO__", CHRONO_JS)


def liste_40() -> dict:
    """40 distinct units: every size from 1 to 40, Mêlée/Tir/Armure/attacks/Puissante varied."""
    entrees = [{"nom": f"Unité {i + 1}", "nombre": i + 1, "mouvement": 12, "melee": 1 + i % 5, "tir": i % 6,
                "armure": i % 6, "attaques": 1 + i % 2, "puissante": i % 7 == 0} for i in range(ENTREES)]
    return {"jeu": JEU, "nom": "Banc d'essai", "format": 5000, "entrees": entrees}


def adverse_6() -> dict:
    entrees = [{"nom": f"Adverse {i + 1}", "nombre": 2 + i, "mouvement": 12, "melee": 2, "tir": 1, "armure": i,
                "puissante": i == 5} for i in range(6)]
    return {"jeu": JEU, "nom": "Adverse", "format": 500, "entrees": entrees}


def mesurer_cpython(essais: int) -> dict[str, list[float]]:
    from browser_engine.cli import charger_donnees
    from browser_engine.probas_liste import action_probas

    donnees = charger_donnees(JEU)
    mesures: dict[str, list[float]] = {"reference": [], "adverse": []}
    for cle, requete in (("reference", {}), ("adverse", {"adverse": adverse_6()})):
        action_probas(donnees, liste_40(), requete)  # warm-up: imports, icepool caches
        for _ in range(essais):
            debut = time.perf_counter()
            action_probas(donnees, liste_40(), requete)
            mesures[cle].append((time.perf_counter() - debut) * 1000)
    return mesures


def mesurer_navigateur(site: Path, essais: int) -> dict[str, dict[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    pages = {"/__bench/probas-liste.html": ("text/html; charset=utf-8", PAGE.encode())}
    mesures = {}
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        page = navigateur.new_page()
        page.goto(url + "__bench/probas-liste.html")
        page.evaluate("(j) => moteur.preparer(j)", JEU)
        appel = "([n, j, r]) => chrono(n, () => moteur.composer(j, r))"
        for cle, extra in (("reference", {}), ("adverse", {"adverse": adverse_6()})):
            requete = {"action": "probas", "liste": liste_40(), **extra}
            page.evaluate(appel, [2, JEU, requete])  # warm-up
            mesures[cle] = page.evaluate(appel, [essais, JEU, requete])
        navigateur.close()
    return mesures


def tableau(cpython: dict[str, list[float]], navigateur: dict[str, dict[str, list[float]]]) -> str:
    def ms(valeurs: list[float]) -> str:
        return f"{centile(valeurs, 0.5):.0f} / {centile(valeurs, 0.95):.0f} ms"

    noms = {"reference": f"{ENTREES} entrées × 12 cibles de référence",
            "adverse": f"{ENTREES} entrées × 18 cibles (12 + liste adverse de 6 unités)"}
    lignes = ["| Probabilités de ma liste (Bataille d6) | CPython, p50 / p95 | Navigateur (worker), aller-retour "
              "p50 / p95 (Python) | objectif ≤ 1 s (40 × 6) |", "| --- | --- | --- | --- |"]
    for cle, nom in noms.items():
        n = navigateur[cle]
        ok = centile(n["aller_retour"], 0.95) <= 1000
        lignes.append(f"| {nom} | {ms(cpython[cle])} | {ms(n['aller_retour'])} ({ms(n['python'])}) | "
                      f"{'oui' if ok else '**non**'} |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--essais", type=int, default=10, help="essais à chaud par mesure")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    args = parser.parse_args()
    if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        construire(args.site)
    essais = max(1, args.essais)
    cpython = mesurer_cpython(essais)
    navigateur = mesurer_navigateur(args.site, essais)
    print(tableau(cpython, navigateur))
    if args.json:
        args.json.write_text(json.dumps({"cpython": cpython, "navigateur": navigateur}, ensure_ascii=False, indent=2)
                             + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
