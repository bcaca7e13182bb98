"""« Probabilités de ma liste » for Hate: time of the odds matrix of a 40-figure tribe (CPython).

    .venv/bin/python bench/bench_probas_liste_hate.py [--essais N] [--site DIR]

The tribe: 40 entries (the five figure types with upgrades that add dice, rerolls and the
Catapulte, scars, then Maw, Trull, Spore Child and Worm), an invented die of 6 faces and typed
dice for every kind. Requests: the ones the view sends (one group of 5 reference targets,
floats), the complete one with exact fractions (10 targets), and the opposing group (the same
tribe, 40 targets). First request (laws
kept between requests emptied by `probas_liste.vider_cache`) and warm runs (median); with
`--site`, the same requests in headless Chromium through the Web Worker (`Moteur.composer`, a
fresh worker per request kind: its first request, then the median of warm runs).
Goal from the issue: ≤ 1 s for 40 entries against 6 targets. Measurements, never assertions.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import centile  # noqa: E402
from bench.bench_probas_liste import PAGE  # noqa: E402
from browser_engine import probas_liste  # noqa: E402
from browser_engine.cli import charger_donnees  # noqa: E402
from browser_engine.requetes import executer  # noqa: E402
from tests.browser_support import lancer_chromium, servir  # noqa: E402

TYPES = ("prince", "shaman", "champion", "guerrier", "jeune-sang")
CARTES = ([], ["generique-a-03"], ["generique-a-04"], ["um-rak-d-03"], ["generique-a-03", "generique-a-04"],
          ["mission-catapulte"])
MERCENAIRES = ("maw", "trull", "spore-child", "worm")
DE = ["frapper", "frapper", "parer", "parer", "sauvagerie", "joker"]  # invented: the book has no faces


def tribu_40() -> dict[str, Any]:
    """36 tribe figures with varied cards and scars, then 4 mercenaries."""
    entrees: list[dict[str, Any]] = [
        {"type": TYPES[i % 5], "ameliorations": CARTES[i % 6], **({"cicatrices": ["cicatrice-a-01"]} if i % 7 == 0 else {})}
        for i in range(36)]
    entrees += [{"type": "mercenaire", "mercenaire": m} for m in MERCENAIRES]
    return {"jeu": "hate", "nom": "Banc d'essai", "format": 11, "options": {"tribu": "um-rak", "mode": "chronique"},
            "entrees": entrees}


def saisies() -> dict[str, Any]:
    """The die and the attack and defence dice of every kind (invented values, 1 to 4)."""
    out: dict[str, Any] = {"de-hate": DE}
    for k, sorte in enumerate(("prince", "shaman-um-rak", "champion", "guerrier", "jeune-sang", *MERCENAIRES)):
        out[f"hate-attaque-{sorte}"] = 2 + k % 3
        out[f"hate-defense-{sorte}"] = 1 + k % 4
    return out


def mesurer(donnees: dict[str, Any], requete: dict[str, Any], essais: int) -> dict[str, Any]:
    """First request after emptying the kept laws, then the median of `essais` warm runs (ms)."""
    probas_liste.vider_cache()
    debut = time.perf_counter()
    reponse = executer(donnees, requete["liste"], requete)
    premier = time.perf_counter() - debut
    chauds = []
    for _ in range(essais):
        debut = time.perf_counter()
        executer(donnees, requete["liste"], requete)
        chauds.append(time.perf_counter() - debut)
    cases = sum(len(a["cellules"]) for e in reponse["entrees"] for a in e["actions"])
    return {"entrees": len(reponse["entrees"]), "cibles": len(reponse["cibles"]), "cases": cases,
            "premier_ms": premier * 1000, "chaud_ms": statistics.median(chauds) * 1000}


def mesurer_navigateur(site: Path, requetes: dict[str, dict[str, Any]], essais: int) -> dict[str, str]:
    """Each request in a fresh worker: first request, then the median of `essais` warm runs."""
    from playwright.sync_api import sync_playwright

    pages = {"/__bench/probas-liste.html": ("text/html; charset=utf-8", PAGE.encode())}
    appel = "([n, j, r]) => chrono(n, () => moteur.composer(j, r))"
    out: dict[str, str] = {}
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        for titre, requete in requetes.items():
            page = navigateur.new_page()
            page.goto(url + "__bench/probas-liste.html")
            page.evaluate("(j) => moteur.preparer(j)", "hate")
            # As on the page: the builder has asked the engine (the list as text) before the view opens.
            page.evaluate(appel, [1, "hate", {"action": "texte", "liste": requete["liste"]}])
            premier = page.evaluate(appel, [1, "hate", requete])
            chaud = page.evaluate(appel, [essais, "hate", requete])
            out[titre] = (f"première requête {premier['aller_retour'][0]:.0f} ms (Python {premier['python'][0]:.0f} ms), "
                          f"ensuite {centile(chaud['aller_retour'], 0.5):.0f} ms (médiane)")
            page.close()
        navigateur.close()
    return out


def main() -> None:
    """Print one line per request kind."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--essais", type=int, default=5)
    parser.add_argument("--site", type=Path, help="site construit : mesurer aussi dans le worker du navigateur")
    args = parser.parse_args()
    donnees = charger_donnees("hate")
    liste = tribu_40()
    base = {"action": "probas", "liste": liste, "saisies": saisies()}
    requetes = {
        "vue (défense 1 à 5, flottants)": {**base, "fractions": False, "groupe": ""},
        "vue (défense 1 à 5 avec relance B-01)": {**base, "fractions": False, "groupe": "defense-relance"},
        "toutes les cibles, fractions exactes": dict(base),
        "contre une tribu de 40 figurines": {**base, "adverse": {**liste, "nom": "Miroir"}, "groupe": "adverse",
                                             "fractions": False},
    }
    for titre, requete in requetes.items():
        m = mesurer(donnees, requete, args.essais)
        print(f"CPython, {titre} : {m['entrees']} entrées × {m['cibles']} cibles, {m['cases']} cases ; "
              f"première requête {m['premier_ms']:.0f} ms, ensuite {m['chaud_ms']:.0f} ms (médiane)")
    if args.site:
        for titre, ligne in mesurer_navigateur(args.site, requetes, max(1, args.essais)).items():
            print(f"Navigateur (worker), {titre} : {ligne}")


if __name__ == "__main__":
    main()
