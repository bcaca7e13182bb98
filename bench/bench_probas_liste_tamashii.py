"""« Probabilités de ma liste » for Tamashii: time of the odds matrix of a 40-player list (CPython).

    .venv/bin/python bench/bench_probas_liste_tamashii.py [--essais N] [--json FICHIER]

The book prints no die face, so the d6 here is invented for the measurement (as a player would
type it), with 4 tokens emptied per test and the Walkers' ATT typed. Lists: the sixth example
list (end-of-game states) repeated up to 40 entries, and a worst case of 40 players whose
Relance, Puissance, board and Body all vary. Requests: the ones the view sends, one target group
at a time (tests: 6 targets for 2 players; attack roll: 2; trace roll: 4), distributions as
floats. Measured: a first request with the kept laws emptied (`probas_liste.vider_cache()` and
the adapter's own `vider_cache()`; the very first one also imports the modules), the same again
after emptying, warm requests, and a request after an edit (one player's Relance changes). The
group test (the sixth example list, 3 players, 4 and 12 tokens each) is measured apart: no game
has more than 4 players. Goal from the issue: ≤ 1 s for 40 entries against 6 targets.
Measurements only.
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

from browser_engine import probas_liste  # noqa: E402
from browser_engine.cli import charger_donnees  # noqa: E402
from browser_engine.jeux.tamashii import liste_probas as tamashii_liste_probas  # noqa: E402
from browser_engine.reader import lire_liste  # noqa: E402
from browser_engine.requetes import executer  # noqa: E402

ENTREES = 40
GROUPES = ("tests", "attaque", "trace")
# Invented for the measurement (not game data: the book prints the faces as icons only).
DE = [{"succes": 1, "base": 1}, {"succes": 2, "rare": 1}, {"ennemi": 1}, {"succes": 1, "base": 1, "rare": 1},
      "vide", {"succes": 1, "ennemi": 1}]
SAISIES = {"d6-tamashii": DE, "pions-test-tamashii": 4,
           **{f"att-marcheur-{p}-tamashii": 1 + p for p in range(1, 5)}, "att-corps-second-corps-tamashii": 4}


def liste_exemple() -> dict[str, Any]:
    """The sixth example list, its players repeated up to 40 (2 players: 6 test targets)."""
    chemin = ROOT / "data" / "tamashii" / "listes" / "06-competitif-etat-en-fin-de-partie.yaml"
    document = lire_liste(chemin.read_text(encoding="utf-8"))
    return {**document, "format": 2, "entrees": (document["entrees"] * ENTREES)[:ENTREES]}


def liste_distincte() -> dict[str, Any]:
    """40 players: Relance 0–5, Puissance 0–5, boards 1–4, the Soldat or the Walker."""
    document = liste_exemple()
    modele = document["entrees"][0]
    document["entrees"] = [
        {**modele, "nom": f"Joueur {i + 1}", "plateau": 1 + i % 4,
         "etat": {"atouts": {"relance": i % 6, "puissance": (i // 6) % 6},
                  "corps_actif": "Soldat" if i % 2 else "marcheur"}}
        for i in range(ENTREES)]
    return document


def vider() -> None:
    probas_liste.vider_cache()
    tamashii_liste_probas.vider_cache()


def liste_groupe() -> dict[str, Any]:
    """The sixth example list as it is (3 players, 3, 0 and 5 Relances): the group test's case."""
    chemin = ROOT / "data" / "tamashii" / "listes" / "06-competitif-etat-en-fin-de-partie.yaml"
    return lire_liste(chemin.read_text(encoding="utf-8"))


def chrono(donnees: dict[str, Any], document: dict[str, Any], groupe: str, saisies: dict[str, Any]) -> float:
    debut = time.perf_counter()
    resultat = executer(donnees, document, {"action": "probas", "liste": document, "saisies": saisies,
                                            "fractions": False, "groupe": groupe})
    duree = time.perf_counter() - debut
    assert resultat["calculable"] and len(resultat["entrees"]) == len(document["entrees"])
    return duree


def mesurer(fabrique: Any, groupe: str, essais: int, saisies: dict[str, Any] = SAISIES) -> dict[str, float]:
    """Times in seconds for one list and one group: first, after vider_cache, warm (median), after an edit."""
    donnees = charger_donnees("tamashii")
    document = fabrique()
    vider()
    premiere = chrono(donnees, document, groupe, saisies)
    vider()
    apres_vidage = chrono(donnees, document, groupe, saisies)
    chaud = statistics.median(chrono(donnees, document, groupe, saisies) for _ in range(essais))
    document["entrees"][0] = {**document["entrees"][0], "etat": {"atouts": {"relance": 4, "puissance": 5},
                                                                 "corps_actif": "Soldat"}}
    edition = chrono(donnees, document, groupe, saisies)
    return {"premiere": premiere, "apres_vidage": apres_vidage, "chaud": chaud, "apres_edition": edition}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--essais", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    resultats: dict[str, dict[str, float]] = {}
    cas = [(f"{ENTREES} entrées ({nom})", fabrique, groupe, SAISIES)
           for nom, fabrique in (("exemple répété", liste_exemple), ("40 joueurs distincts", liste_distincte))
           for groupe in GROUPES]
    cas += [(f"3 joueurs, {pions} pions chacun", liste_groupe, "test-de-groupe", {**SAISIES, "pions-test-tamashii": pions})
            for pions in (4, 12)]
    for nom, fabrique, groupe, saisies in cas:
        resultats[f"{nom}, {groupe}"] = r = mesurer(fabrique, groupe, args.essais, saisies)
        print(f"Tamashii, {nom}, groupe « {groupe} » : première requête {r['premiere']:.2f} s, après vider_cache "
              f"{r['apres_vidage']:.2f} s, à chaud {r['chaud']:.3f} s, après une modification {r['apres_edition']:.2f} s")
    if args.json:
        args.json.write_text(json.dumps(resultats, indent=2, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
