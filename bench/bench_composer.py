"""List builder latency in headless Chromium: from a click to an updated report, warm.

    .venv/bin/python bench/bench_composer.py [--site DIR] [--essais N] [--json FICHIER]

A click in the builder sends the whole list to the engine and waits for the report: this
measures `Moteur.valider` on a 40-entry list (entries of each game's first example,
repeated; validity does not matter), then `Moteur.composer` asking the choices of one
field of that list (each choice is one more validation). Round trip through the Web
Worker, p50 / p95 over N warm runs (goal from the issue: p95 ≤ 50 ms for the report).
These are measurements, never assertions.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import CHRONO_JS, centile, construire  # noqa: E402
from tests.browser_support import lancer_chromium, servir  # noqa: E402

ENTREES = 40
# The field whose choices the builder asks for, per game (a choice list of each kind of field).
CHAMPS = {
    "bataille-d6": "/entrees/0/role",
    "hami": "/entrees/0/tribu",
    "kharn-ages": "/options/faction",
    "hate": "/entrees/0/type",
    "tamashii": "/entrees/0/classe",
}

PAGE = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Composer</title>
<script src="/assets/javascripts/compendium/moteur.js"></script>
<script>
window.moteur = Compendium.moteur(Compendium.racine("/"));
__CHRONO__
</script></html>""".replace("__CHRONO__", CHRONO_JS)


def liste_40(jeu: str) -> dict:
    """The game's first example list with its entries repeated up to 40."""
    from browser_engine import lire_liste

    premier = sorted((ROOT / "data" / jeu / "listes").glob("*.yaml"))[0]
    liste = lire_liste(premier.read_text("utf-8"))
    entrees = liste["entrees"]
    liste["entrees"] = [entrees[i % len(entrees)] for i in range(ENTREES)]
    return liste


def mesurer(site: Path, essais: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    pages = {"/__bench/composer.html": ("text/html; charset=utf-8", PAGE.encode())}
    mesures = []
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        page = navigateur.new_page()
        page.goto(url + "__bench/composer.html")
        for jeu, chemin in CHAMPS.items():
            liste = liste_40(jeu)
            texte = json.dumps(liste, ensure_ascii=False)
            page.evaluate("(j) => moteur.preparer(j)", jeu)
            valider = "([n, j, t]) => chrono(n, () => moteur.valider(j, t))"
            page.evaluate(valider, [3, jeu, texte])  # warm-up
            rapport = page.evaluate(valider, [essais, jeu, texte])
            requete = {"action": "options", "liste": liste, "chemin": chemin}
            composer = "([n, j, r]) => chrono(n, () => moteur.composer(j, r))"
            page.evaluate(composer, [2, jeu, requete])  # warm-up
            options = page.evaluate(composer, [essais, jeu, requete])
            choix = page.evaluate("([j, r]) => moteur.composer(j, r)", [jeu, requete])["choix"]
            mesures.append({"jeu": jeu, "chemin": chemin, "choix": len(choix), "valider": rapport,
                            "composer": options})
        navigateur.close()
    return mesures


def tableau(mesures: list[dict]) -> str:
    def ms(valeurs: list[float]) -> str:
        return f"{centile(valeurs, 0.5):.1f} / {centile(valeurs, 0.95):.1f} ms"

    lignes = [f"| Jeu | Clic → rapport, liste de {ENTREES} entrées, p50 / p95 (Python) | ≤ 50 ms (p95) | "
              "Choix d'un champ : `composer` options, p50 / p95 (Python) |",
              "| --- | --- | --- | --- |"]
    for m in mesures:
        v, o = m["valider"], m["composer"]
        p95 = centile(v["aller_retour"], 0.95)
        lignes.append(f"| {m['jeu']} | {ms(v['aller_retour'])} ({ms(v['python'])}) | "
                      f"{'oui' if p95 <= 50 else '**non**'} | `{m['chemin']}`, {m['choix']} choix : "
                      f"{ms(o['aller_retour'])} ({ms(o['python'])}) |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--essais", type=int, default=20, help="essais à chaud par mesure")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    args = parser.parse_args()
    if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        construire(args.site)
    mesures = mesurer(args.site, max(1, args.essais))
    print(tableau(mesures))
    if args.json:
        args.json.write_text(json.dumps(mesures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
