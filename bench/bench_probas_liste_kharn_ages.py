"""« Probabilités de ma liste » for Khârn-Âges: time of the odds matrix of a 40-entry list (CPython).

    .venv/bin/python bench/bench_probas_liste_kharn_ages.py [--essais N] [--site DIR] [--json FICHIER]

The book prints no profile card, so the cards here are invented for the measurement (levels 1
to 3, mastery dice, armours, bows): a 40-entry list drawn from 6 cards, and a worst case of 40
distinct cards. Request: the one the view sends (the first group, an opposing list of 6
entries: 6 targets, distributions as floats). Measured: the first request of the process
(modules imported, icepool warm), a request after `probas_liste.vider_cache()` (the engine's
own caches of opposed rolls kept), warm requests, and a request after an edit (one entry
changes card). Goal from the issue: ≤ 1 s for 40 entries against 6 targets. Also the processor
time of one `loi_jointe` (the opposed roll's categories, depth 12) per attacker/defender pair, on
a grid of rolls (1 to 3 dice, bases 3 and 6, shooter's EC, mastery), its cache bypassed.
With `--site`, the same requests in headless Chromium through the Web Worker (a fresh worker per
list; the first odds request follows one `texte` request, as on the page where the builder has
already asked the engine). Measurements only.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from browser_engine import odds, probas_liste  # noqa: E402
from browser_engine.cli import charger_donnees  # noqa: E402
from browser_engine.jeux.kharn_ages.calculs_degats import loi_jointe  # noqa: E402
from browser_engine.jeux.kharn_ages.calculs_jets import EC_GENERAL, EC_TIREUR, Camp  # noqa: E402
from browser_engine.requetes import executer  # noqa: E402

ENTREES = 40
CIBLES = 6


def carte(k: int, ident: str | None = None) -> dict[str, Any]:
    """An invented profile card, varied by `k` (not game data: the book prints none)."""
    c: dict[str, Any] = {
        "id": ident or f"carte-{k}", "nom": f"Carte {k}", "niveau": 1 + k % 3, "cout": 50,
        "caracteristiques": {"V": 2 + k % 3, "P": 2 + (k * 2) % 5, "A": 1 + k % 4, "C": 2 + k % 2,
                             "stature": 3, "PV": 5 + k % 4},
        "maitrise": ["corps à corps"] if k % 2 else ["défense"]}
    if k % 3 == 0:
        c["equipement_de_base"] = [{"id": "arc", "cout": 10}]
    if k % 2 == 0:
        c["armure"] = {"seuil": 6, "faible": 1, "fort": 2, "duree": 4}
    return c


def liste(cartes: int) -> dict[str, Any]:
    """40 entries drawn in turn from `cartes` invented cards."""
    profils = [carte(k) for k in range(cartes)]
    return {"jeu": "kharn-ages", "nom": "Banc d'essai", "format": 5000, "profils": profils,
            "equipements": [{"id": "arc", "nom": "Arc", "cout": 10, "categorie": "arme de tir"}],
            "entrees": [{"profil": f"carte-{i % cartes}"} for i in range(ENTREES)]}


def adverse() -> dict[str, Any]:
    profils = [carte(100 + i, f"adverse-{i}") for i in range(CIBLES)]
    return {"jeu": "kharn-ages", "nom": "Adverse", "format": 500, "profils": profils,
            "entrees": [{"profil": p["id"]} for p in profils]}


def requete(document: dict[str, Any]) -> dict[str, Any]:
    return {"action": "probas", "liste": document, "adverse": adverse(), "fractions": False, "groupe": ""}


CPU: list[float] = []  # processor time of each request: the machine may be shared


def chrono(donnees: dict[str, Any], document: dict[str, Any]) -> float:
    debut, cpu = time.perf_counter(), time.process_time()
    resultat = executer(donnees, document, requete(document))
    duree = time.perf_counter() - debut
    CPU.append(time.process_time() - cpu)
    assert len(resultat["cibles"]) == CIBLES and len(resultat["entrees"]) == ENTREES
    return duree


def mesurer(cartes: int, essais: int) -> dict[str, float]:
    """Times in seconds for one list: first, after vider_cache, warm (median), after an edit."""
    donnees = charger_donnees("kharn-ages")
    odds.calculer(donnees, "calcul-degats", {})  # imports and icepool warm, on other parameters
    document = liste(cartes)
    premiere = chrono(donnees, document)
    premiere_cpu = CPU[-1]
    probas_liste.vider_cache()
    apres_vidage = chrono(donnees, document)
    chaud = statistics.median(chrono(donnees, document) for _ in range(essais))
    document["profils"].append(carte(50, "carte-editee"))
    document["entrees"][0]["profil"] = "carte-editee"
    edition = chrono(donnees, document)
    return {"premiere": premiere, "premiere_cpu": premiere_cpu, "apres_vidage": apres_vidage, "chaud": chaud,
            "apres_edition": edition}


def loi_jointe_par_paire(essais: int) -> tuple[int, float]:
    """(pairs, lowest processor time in seconds of one `loi_jointe` over `essais` rounds)."""
    camps = [Camp(des=n, base=b, ec=ec, maitrise=m) for n in (1, 2, 3) for b in (3, 6)
             for ec in (EC_GENERAL, EC_TIREUR) for m in (False, True)]
    paires = [(a, d) for a in camps[::3] for d in camps[1::4]]
    calcul = loi_jointe.__wrapped__  # type: ignore[attr-defined]  # the lru_cache bypassed
    temps = []
    for _ in range(essais):
        cpu = time.process_time()
        for attaque, defense in paires:
            calcul(attaque, defense)
        temps.append((time.process_time() - cpu) / len(paires))
    return len(paires), min(temps)


def mesurer_navigateur(site: Path, essais: int) -> dict[str, dict[str, Any]]:
    """First odds request and warm ones in the worker, round trip and Python part, in ms."""
    from playwright.sync_api import sync_playwright

    from bench.bench_probas_liste import PAGE
    from tests.browser_support import lancer_chromium, servir

    pages = {"/__bench/probas-liste.html": ("text/html; charset=utf-8", PAGE.encode())}
    appel = "([n, j, r]) => chrono(n, () => moteur.composer(j, r))"
    mesures: dict[str, dict[str, Any]] = {}
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        for nom, cartes in (("6 cartes", 6), ("40 cartes distinctes", ENTREES)):
            page = navigateur.new_page()
            page.goto(url + "__bench/probas-liste.html")
            page.evaluate("(j) => moteur.preparer(j)", "kharn-ages")
            document = liste(cartes)
            page.evaluate(appel, [1, "kharn-ages", {"action": "texte", "liste": document}])
            premier = page.evaluate(appel, [1, "kharn-ages", requete(document)])
            chaud = page.evaluate(appel, [essais, "kharn-ages", requete(document)])
            mesures[nom] = {"premier": premier, "chaud": chaud}
            print(f"Navigateur (worker), {ENTREES} entrées ({nom}) contre {CIBLES} cibles : première requête "
                  f"{premier['aller_retour'][0]:.0f} ms (Python {premier['python'][0]:.0f} ms), ensuite "
                  f"{statistics.median(chaud['aller_retour']):.0f} ms (médiane)")
            page.close()
        navigateur.close()
    return mesures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--essais", type=int, default=5)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--site", type=Path, help="site construit : mesurer aussi dans le worker du navigateur")
    args = parser.parse_args()
    resultats: dict[str, Any] = {}
    for nom, cartes in (("6 cartes", 6), ("40 cartes distinctes", ENTREES)):
        resultats[nom] = mesurer(cartes, args.essais)
        r = resultats[nom]
        print(f"Khârn-Âges, {ENTREES} entrées ({nom}) contre {CIBLES} cibles : première requête "
              f"{r['premiere']:.2f} s (processeur {r['premiere_cpu']:.2f} s), après vider_cache {r['apres_vidage']:.2f} s, à chaud {r['chaud']:.3f} s, "
              f"après une modification {r['apres_edition']:.2f} s")
    paires, par_paire = loi_jointe_par_paire(args.essais)
    resultats["loi_jointe_par_paire_cpu"] = par_paire
    print(f"loi_jointe (une attaque contre une défense, profondeur 12) : {par_paire * 1000:.2f} ms de processeur "
          f"par paire (le meilleur de {args.essais} tours de {paires} paires)")
    if args.site:
        resultats["navigateur"] = mesurer_navigateur(args.site, max(1, args.essais))
    if args.json:
        args.json.write_text(json.dumps(resultats, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
