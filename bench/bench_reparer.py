"""Repairs of invalid lists: time per example invalid list, in CPython and in the browser.

    .venv/bin/python bench/bench_reparer.py [--site DIR] [--essais N] [--sans-navigateur] [--json FICHIER]

For every example list of every game that the checker finds invalid, `reparer` is timed N
times in CPython (the function itself), then N times in headless Chromium through the Web
Worker (`Moteur.composer` with the action « reparer », warm). p50 / p95 per game over all its
invalid lists and runs, and the slowest list. These are measurements, never assertions.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import CHRONO_JS, centile, construire  # noqa: E402
from tests.browser_support import lancer_chromium, servir  # noqa: E402

JEUX = ("bataille-d6", "hami", "kharn-ages", "hate", "tamashii")
PAGE = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Réparer</title>
<script src="/assets/javascripts/compendium/moteur.js"></script>
<script>
window.moteur = Compendium.moteur(Compendium.racine("/"));
__CHRONO__
</script></html>""".replace("__CHRONO__", CHRONO_JS)


def listes_invalides(jeu: str) -> list[tuple[str, dict]]:
    """The game's example lists the checker refuses, by file name."""
    from browser_engine import lire_liste, valider
    from tests.engine_support import load_bundle

    donnees = load_bundle(jeu)
    out = []
    for chemin in sorted((ROOT / "data" / jeu / "listes").glob("*.yaml")):
        liste = lire_liste(chemin.read_text("utf-8"))
        if not valider(donnees, liste)["valide"]:
            out.append((chemin.name, liste))
    return out


def mesurer_cpython(essais: int) -> tuple[dict[str, dict[str, list[float]]], dict[str, dict[str, list[float]]]]:
    """Wall-clock and CPU time (this process only: a busy shared machine inflates the former)."""
    from browser_engine.reparer import reparer
    from tests.engine_support import load_bundle

    murs: dict[str, dict[str, list[float]]] = {}
    cpu: dict[str, dict[str, list[float]]] = {}
    for jeu in JEUX:
        donnees = load_bundle(jeu)
        murs[jeu], cpu[jeu] = {}, {}
        for nom, liste in listes_invalides(jeu):
            reparer(donnees, liste)  # warm-up (imports, caches)
            temps, processeur = [], []
            for _ in range(essais):
                debut, debut_cpu = time.perf_counter(), time.process_time()
                reparer(donnees, liste)
                temps.append((time.perf_counter() - debut) * 1000)
                processeur.append((time.process_time() - debut_cpu) * 1000)
            murs[jeu][nom], cpu[jeu][nom] = temps, processeur
    return murs, cpu


def mesurer_navigateur(site: Path, essais: int) -> dict[str, dict[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    pages = {"/__bench/reparer.html": ("text/html; charset=utf-8", PAGE.encode())}
    mesures: dict[str, dict[str, list[float]]] = {}
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        page = navigateur.new_page()
        page.goto(url + "__bench/reparer.html")
        for jeu in JEUX:
            page.evaluate("(j) => moteur.preparer(j)", jeu)
            mesures[jeu] = {}
            for nom, liste in listes_invalides(jeu):
                requete = {"action": "reparer", "liste": liste}
                appel = "([n, j, r]) => chrono(n, () => moteur.composer(j, r))"
                page.evaluate(appel, [1, jeu, requete])  # warm-up
                mesures[jeu][nom] = page.evaluate(appel, [essais, jeu, requete])["aller_retour"]
        navigateur.close()
    return mesures


def _ligne(valeurs: dict[str, list[float]]) -> str:
    tous = [t for temps in valeurs.values() for t in temps]
    if not tous:
        return "— | —"
    lent = max(valeurs, key=lambda n: centile(valeurs[n], 0.5))
    return (f"{centile(tous, 0.5):.0f} / {centile(tous, 0.95):.0f} ms | "
            f"{lent} : {centile(valeurs[lent], 0.5):.0f} ms")


def tableau(cpython: dict, cpu: dict, navigateur: dict | None) -> str:
    lignes = ["| Jeu | Listes invalides | CPython p50 / p95 | Liste la plus lente (CPython, p50) | "
              "CPython, temps processeur p50 / p95 | Liste la plus lente (processeur, p50) | "
              "Navigateur p50 / p95 | Liste la plus lente (navigateur, p50) |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for jeu in JEUX:
        nav = _ligne(navigateur[jeu]) if navigateur else "non mesuré | —"
        lignes.append(f"| {jeu} | {len(cpython[jeu])} | {_ligne(cpython[jeu])} | {_ligne(cpu[jeu])} | {nav} |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--essais", type=int, default=5, help="essais à chaud par liste")
    parser.add_argument("--sans-navigateur", action="store_true", help="mesurer CPython seulement")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    args = parser.parse_args()
    essais = max(1, args.essais)
    cpython, cpu = mesurer_cpython(essais)
    navigateur = None
    if not args.sans_navigateur:
        if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
            construire(args.site)
        navigateur = mesurer_navigateur(args.site, essais)
    print("Réparations d'une liste invalide (chaque exemple invalide de chaque jeu, à chaud) :\n")
    print(tableau(cpython, cpu, navigateur))
    charge = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if charge is not None:
        print(f"\nCharge de la machine pendant la mesure (moyenne sur 1 min) : {charge:.1f} pour {os.cpu_count()} cœurs.")
    if args.json:
        args.json.write_text(json.dumps({"cpython": cpython, "cpu": cpu, "navigateur": navigateur}, ensure_ascii=False,
                                        indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
