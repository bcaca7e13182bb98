"""« Probabilités de ma liste » for HAMI (issue 16, part 1): time of the odds matrix of a 40-entry list.

    .venv/bin/python bench/bench_probas_liste_hami.py [--essais N] [--json FICHIER]

The list: the creatures of the example lists (Hami with familiers, legendaries, wild familiers,
predators with Poison) repeated up to 40 entries. The deck: a 12-card deck typed for the bench
(the official one is missing from the book). Requests: the view's (first group, the 8 caste
columns, floats), every group (24 targets), and the view against an opposing list of 6 creatures
(12 columns). CPython (`action_probas`), first request (laws kept between requests emptied) and
warm. Goal from the issue: ≤ 1 s for 40 entries against 6 targets. Measurements, never assertions.
"""
from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from browser_engine import probas_liste  # noqa: E402
from browser_engine.cli import charger_donnees  # noqa: E402
from browser_engine.reader import lire_liste  # noqa: E402
from tests.test_browser_probas_liste_hami import PAQUET  # noqa: E402  # the deck the browser test types

ENTREES = 40
EXEMPLES = ("01-exemple-du-livre.yaml", "02-lumiere-de-la-canopee.yaml", "04-la-ruche-et-ses-familiers.yaml",
            "07-deux-faces-et-la-larve.yaml", "09-raid-de-predateurs.yaml")


def _exemple(nom: str) -> dict:
    return lire_liste((ROOT / "data" / "hami" / "listes" / nom).read_text(encoding="utf-8"))


def liste_40() -> dict:
    """The example lists' entries, cycled up to 40 (names numbered so that rows differ)."""
    entrees = [e for nom in EXEMPLES for e in _exemple(nom)["entrees"]]
    out = [{**e, "nom": f"{e.get('nom', 'Créature')} {i + 1}"} for i, e in enumerate(itertools.islice(itertools.cycle(entrees), ENTREES))]
    return {"jeu": "hami", "nom": "Banc d'essai", "format": 9, "entrees": out}


def mesurer(donnees: dict, liste: dict, requete: dict, essais: int) -> dict:
    """Median of the first request (caches emptied) and of warm requests, in milliseconds."""
    premiers, chauds = [], []
    for _ in range(essais):
        probas_liste.vider_cache()
        t = time.perf_counter()
        probas_liste.action_probas(donnees, liste, requete)
        premiers.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        m = probas_liste.action_probas(donnees, liste, requete)
        chauds.append((time.perf_counter() - t) * 1000)
    return {"cibles": len(m["cibles"]), "entrees": len(m["entrees"]),
            "premier_ms": round(statistics.median(premiers), 1), "chaud_ms": round(statistics.median(chauds), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--essais", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    donnees = charger_donnees("hami")
    liste = liste_40()
    saisies = {"paquet": PAQUET}
    adverse = {"jeu": "hami", "nom": "Adverse", "format": 9, "entrees": _exemple("01-exemple-du-livre.yaml")["entrees"]}
    resultats = {
        "vue (premier groupe)": mesurer(donnees, liste, {"fractions": False, "groupe": "", "saisies": saisies}, args.essais),
        "tous les groupes, fractions": mesurer(donnees, liste, {"saisies": saisies}, args.essais),
        "vue contre une liste adverse": mesurer(donnees, liste, {"fractions": False, "groupe": "", "saisies": saisies,
                                                                 "adverse": adverse}, args.essais),
    }
    for nom, r in resultats.items():
        print(f"{nom:32} {r['entrees']} entrées × {r['cibles']:2} cibles : premier {r['premier_ms']:7.1f} ms, "
              f"ensuite {r['chaud_ms']:6.1f} ms")
    if args.json:
        args.json.write_text(json.dumps(resultats, ensure_ascii=False, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
