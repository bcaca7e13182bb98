"""« Probabilités de ma liste » (issue 16, part 1): time of the odds matrix of a 40-entry list.

    .venv/bin/python bench/bench_probas_liste.py [--site DIR] [--essais N] [--json FICHIER]

Bataille d6: 40 distinct units (sizes 1 to 40, so that no two share a law), and the first example
list repeated up to 40 entries. Requests: the one the view sends (the shown group, Armure 0–5:
6 targets, distributions as floats) and the complete one of the CLI (12 reference targets + an
opposing list of 6 units, exact fractions).
CPython (`action_probas`): first request (laws kept between requests emptied) and warm. Headless
Chromium through the Web Worker (`Moteur.composer`, a fresh worker per request kind): the first request, warm
runs, and runs after an edit of the list (one unit's size changes); the first odds request follows one
`texte` request, as on the page, where the builder asks the engine before the view opens (the
composer path's one-time start, about 0.5 s, is paid there). Goal from the issue: ≤ 1 s
for 40 entries against 6 targets. These are measurements, never assertions.
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


# The request the view sends (floats, the shown group: 6 targets) and the full one (CLI, API).
VUE = {"fractions": False, "groupe": ""}


def liste_exemple_40() -> dict:
    """The game's first example list with its entries repeated up to 40 (as bench_composer)."""
    from browser_engine import lire_liste

    premier = sorted((ROOT / "data" / JEU / "listes").glob("*.yaml"))[0]
    liste = lire_liste(premier.read_text("utf-8"))
    liste["entrees"] = [liste["entrees"][i % len(liste["entrees"])] for i in range(ENTREES)]
    return liste


def _requetes() -> dict[str, dict]:
    return {"vue": dict(VUE), "exemple": dict(VUE), "complete": {"adverse": adverse_6()}}


def _liste(cle: str) -> dict:
    return liste_exemple_40() if cle == "exemple" else liste_40()


def _modifiee(rang: int, cle: str = "vue") -> dict:
    """The list after an edit: the first unit's size changes (its laws are new, the others' are kept)."""
    liste = _liste(cle)
    liste["entrees"][0]["nombre"] = ENTREES + 1 + rang
    return liste


def mesurer_cpython(essais: int) -> dict[str, dict[str, list[float]]]:
    from browser_engine.cli import charger_donnees
    from browser_engine.probas_liste import action_probas, vider_cache

    donnees = charger_donnees(JEU)
    mesures: dict[str, dict[str, list[float]]] = {}
    for cle, requete in _requetes().items():
        froid, chaud = [], []
        for _ in range(essais):
            vider_cache()
            debut = time.perf_counter()
            action_probas(donnees, _liste(cle), requete)
            froid.append((time.perf_counter() - debut) * 1000)
            debut = time.perf_counter()
            action_probas(donnees, _liste(cle), requete)
            chaud.append((time.perf_counter() - debut) * 1000)
        mesures[cle] = {"froid": froid, "chaud": chaud}
    return mesures


def mesurer_navigateur(site: Path, essais: int) -> dict[str, dict]:
    from playwright.sync_api import sync_playwright

    pages = {"/__bench/probas-liste.html": ("text/html; charset=utf-8", PAGE.encode())}
    mesures: dict[str, dict] = {}
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        appel = "([n, j, r]) => chrono(n, () => moteur.composer(j, r))"
        for cle, extra in _requetes().items():
            page = navigateur.new_page()  # a fresh worker: its first request keeps no law yet
            page.goto(url + "__bench/probas-liste.html")
            page.evaluate("(j) => moteur.preparer(j)", JEU)
            # On the page the builder has asked the engine already (the list as text, a field's
            # choices) when the odds view opens: the composer path's one-time start is paid then.
            page.evaluate(appel, [1, JEU, {"action": "texte", "liste": _liste(cle)}])
            requete = {"action": "probas", "liste": _liste(cle), **extra}
            premier = page.evaluate(appel, [1, JEU, requete])  # first request of this kind: laws not kept yet
            chaud = page.evaluate(appel, [essais, JEU, requete])
            edits = {"aller_retour": [], "python": []}
            for rang in range(essais):
                une = page.evaluate(appel, [1, JEU, {**requete, "liste": _modifiee(rang, cle)}])
                for k in edits:
                    edits[k] += une[k]
            mesures[cle] = {"premier": premier, "chaud": chaud, "modification": edits}
            page.close()
        navigateur.close()
    return mesures


def tableau(cpython: dict[str, dict[str, list[float]]], navigateur: dict[str, dict]) -> str:
    def ms(valeurs: list[float]) -> str:
        return f"{centile(valeurs, 0.5):.0f} / {centile(valeurs, 0.95):.0f} ms"

    noms = {"vue": f"vue : {ENTREES} entrées × 6 cibles (un groupe), lois en flottants",
            "exemple": f"vue : « {liste_exemple_40()['nom']} » répétée jusqu'à {ENTREES} entrées × 6 cibles",
            "complete": f"complète : {ENTREES} entrées × 18 cibles (12 + 6 unités adverses), fractions exactes"}
    lignes = ["| Probabilités de ma liste (Bataille d6) | CPython, 1re requête / à chaud (p50 / p95) | "
              "Navigateur (worker) : 1re requête, aller-retour (Python) | à chaud, p50 / p95 | après une "
              "modification de la liste, p50 / p95 | objectif ≤ 1 s (40 × 6) |",
              "| --- | --- | --- | --- | --- | --- |"]
    for cle, nom in noms.items():
        c, n = cpython[cle], navigateur[cle]
        premier = f"{n['premier']['aller_retour'][0]:.0f} ms ({n['premier']['python'][0]:.0f} ms)"
        ok = "—"
        if cle in ("vue", "exemple"):
            ok = "oui" if n["premier"]["aller_retour"][0] <= 1000 and centile(n["modification"]["aller_retour"], 0.95) <= 1000 else "**non**"
        lignes.append(f"| {nom} | {ms(c['froid'])} / {ms(c['chaud'])} | {premier} | {ms(n['chaud']['aller_retour'])} | "
                      f"{ms(n['modification']['aller_retour'])} | {ok} |")
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
