"""« Dés libres »: what icepool costs, to choose the bounds (browser_engine/des_libres.py).

For a grid of pools (sum, keep the best, successes, symbols; dice × faces; explosion depth),
prints the engine's estimated work (`des_libres.cout`), the result's size and CPython's time
(median of `--essais` runs, process time), and whether the pool is within the bounds. With
`--pyodide`, each pool within the bounds is also run by the worker's own glue in real Pyodide
(the pinned npm package, under Node: tests/node/pyodide_golden.mjs), once, after a warm-up.
With `--tout`, the pools past the bounds are timed too (their law alone; slow).

    .venv/bin/python bench/bench_des_libres.py [--essais 3] [--pyodide] [--tout]
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browser_engine import des_libres  # noqa: E402
from browser_engine.errors import ErreurEntree  # noqa: E402


def reserve(nombre: int, faces: str, operation: str = "somme", **options: Any) -> dict[str, Any]:
    """One pool of `nombre` identical dice."""
    return {"des": [{"nombre": nombre, "faces": faces}], "operation": operation, **options}


def grille() -> list[tuple[str, dict[str, Any]]]:
    """The pools measured: each family up to and past its bound."""
    cas: list[tuple[str, dict[str, Any]]] = []
    for n in (10, 30, 60):
        for f in (6, 20, 100):
            cas.append((f"{n}d{f} somme", reserve(n, f"d{f}")))
    for n in (10, 30, 60):
        for f in (6, 20):
            cas.append((f"{n}d{f} succès ≥ {f - 1}", reserve(n, f"d{f}", "succes", seuil=f - 1)))
    cas.append(("60 dés de symboles (épée*2, bouclier, vide*3)",
                reserve(60, "épée*2, bouclier, vide*3", "symboles", symbole="épée")))
    for n, f, g in ((10, 6, 3), (20, 6, 3), (30, 6, 10), (60, 6, 30), (10, 20, 3), (20, 20, 5), (30, 20, 10),
                    (10, 100, 3), (20, 100, 5), (60, 20, 30)):
        cas.append((f"{n}d{f} garder {g} meilleurs", reserve(n, f"d{f}", "meilleurs", garder=g)))
    for n, f, d in ((10, 6, 3), (10, 6, 10), (30, 6, 10), (60, 6, 10), (10, 10, 10), (30, 10, 10), (10, 20, 10),
                    (30, 20, 10), (10, 100, 3), (10, 100, 10), (30, 100, 5)):
        cas.append((f"{n}d{f} somme, explose sur {f}, profondeur {d}",
                    reserve(n, f"d{f}", explosion={"faces": str(f), "profondeur": d})))
    for n, f, d, g in ((10, 6, 10, 3), (30, 6, 10, 10), (10, 10, 10, 3), (20, 10, 5, 5), (10, 20, 10, 3)):
        cas.append((f"{n}d{f} garder {g}, explose sur {f}, profondeur {d}",
                    reserve(n, f"d{f}", "meilleurs", garder=g, explosion={"faces": str(f), "profondeur": d})))
    cas.append(("10d100 explose sur toutes les faces, profondeur 10",
                reserve(10, "d100", explosion={"faces": "1..100", "profondeur": 10})))
    cas.append(("6 sortes × 10 dés (d4 à d20) somme",
                {"des": [{"nombre": 10, "faces": f"d{f}"} for f in (4, 6, 8, 10, 12, 20)], "operation": "somme"}))
    cas.append(("20d6 somme, relance les 1 et 2",
                reserve(20, "d6", relance={"faces": "1, 2"})))
    cas.append(("20d10 garder 5, relance les 1, explose sur 10, profondeur 10",
                reserve(20, "d10", "meilleurs", garder=5, relance={"faces": "1"},
                        explosion={"faces": "10", "profondeur": 10})))
    for n, f, g in ((60, 20, 10), (60, 20, 45), (60, 20, 59), (30, 20, 29), (60, 6, 59), (30, 100, 15), (30, 100, 29)):
        cas.append((f"{n}d{f} garder {g} meilleurs", reserve(n, f"d{f}", "meilleurs", garder=g)))
    cas.append(("60d20 garder 10 moins bons", reserve(60, "d20", "pires", garder=10)))
    for f, d in ((20, 10), (100, 3), (100, 10)):
        cas.append((f"1d{f} explose sur toutes les faces, profondeur {d}",
                    reserve(1, f"d{f}", explosion={"faces": f"1..{f}", "profondeur": d})))
    cas.append(("40d20 garder 20 meilleurs", reserve(40, "d20", "meilleurs", garder=20)))
    cas.append(("60d100 garder 1 meilleur", reserve(60, "d100", "meilleurs", garder=1)))
    cas.append(("30d100 garder 3 meilleurs", reserve(30, "d100", "meilleurs", garder=3)))
    cas.append(("6 sortes × 10 dés (d4 à d20) garder 10",
                {"des": [{"nombre": 10, "faces": f"d{f}"} for f in (4, 6, 8, 10, 12, 20)], "operation": "meilleurs",
                 "garder": 10}))
    # Issue 37, item 16: kinds that are not plain dN, and the trivial pools the old estimate refused.
    sortes = ["1,2,3,4,5,7", "0..5", "2,3,3,4,4,5", "d8", "1,1,2,3,5,8", "-1..4"]
    for n, options in ((10, {}), (5, {"relance": {"faces": "1"}}), (5, {"explosion": {"faces": "5", "profondeur": 3}}),
                       (3, {}), (2, {}), (2, {"relance": {"faces": "1"}})):
        cas.append((f"6 sortes (pas des dN) × {n} dés garder 3{' ' + ', '.join(options) if options else ''}",
                    {"des": [{"nombre": n, "faces": f} for f in sortes], "operation": "meilleurs", "garder": 3,
                     **options}))
    cas.append(("2 dés « -1000, 1000 » somme", reserve(2, "-1000, 1000")))
    for n, f in ((100, 6), (1000, 6), (300, 20), (1000, 20)):
        cas.append((f"{n}d{f} somme", reserve(n, f"d{f}")))
    return cas


def admise_(r: dict[str, Any]) -> bool:
    """Whether the engine accepts the pool (its bounds)."""
    try:
        des_libres.verifier_bornes(des_libres.lire_reserve(r, "A"))
    except ErreurEntree:
        return False
    return True


def mesurer(r: dict[str, Any], essais: int, entier: bool) -> float:
    """Median process time of `essais` runs, in ms: the whole answer (`entier`), else the pool's law alone
    (a pool past the bounds, which `calculer` refuses)."""
    temps = []
    for _ in range(essais):
        debut = time.process_time()
        if entier:
            des_libres.calculer({"reserves": [r]})
        else:
            des_libres.loi_reserve(des_libres.lire_reserve(r, "A"))
        temps.append((time.process_time() - debut) * 1000)
    return statistics.median(temps)


def temps_pyodide(reserves: list[dict[str, Any]]) -> list[float]:
    """Time of each pool's whole answer in Pyodide under Node (the worker's glue), in ms."""
    from generator import assets

    node = shutil.which("node")
    if node is None:
        raise SystemExit("node introuvable : lancez « make install ».")
    with tempfile.TemporaryDirectory() as dossier:
        roues = assets.build_wheels(Path(dossier) / "roues")
        cas = [{"type": "des-libres", "requete": {"reserves": [reserve(2, "d6")]}}]  # warm-up: imports
        cas += [{"type": "des-libres", "requete": {"reserves": [r]}} for r in reserves]
        fichier = Path(dossier) / "cas.json"
        fichier.write_text(json.dumps({"jeux": {}, "cas": cas}, ensure_ascii=False), "utf-8")
        run = subprocess.run([node, str(ROOT / "tests" / "node" / "pyodide_golden.mjs"), str(roues[0].parent),
                              str(fichier)], capture_output=True, text=True, timeout=3600, check=True, cwd=ROOT)
    sortie = json.loads(run.stdout)
    erreurs = [s for s in sortie["sorties"] if "erreur" in json.loads(s)]
    if erreurs:
        raise SystemExit(f"Pyodide a refusé une réserve : {erreurs[0][:300]}")
    return sortie["ms"][1:]


def main() -> int:
    """Print the table (Markdown) of the grid."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--essais", type=int, default=3)
    parser.add_argument("--tout", action="store_true", help="time the pools past the bounds too (slow)")
    parser.add_argument("--pyodide", action="store_true", help="also time the admitted pools in Pyodide (Node)")
    args = parser.parse_args()
    cas = grille()
    pyodide: dict[str, float] = {}
    if args.pyodide:
        admises = [(nom, r) for nom, r in cas if admise_(r)]
        pyodide = dict(zip((nom for nom, _ in admises), temps_pyodide([r for _, r in admises]), strict=True))
    print("| réserve | travail estimé | valeurs possibles | admise | CPython (ms) | Pyodide (ms) |")
    print("| --- | ---: | ---: | --- | ---: | ---: |")
    for nom, r in cas:
        lue = des_libres.lire_reserve(r, "A")
        estime, taille = des_libres.cout(lue), des_libres.taille_resultat(lue)
        try:
            des_libres.verifier_bornes(lue)
            admise = "oui"
        except ErreurEntree:
            admise = "non"
        if admise == "oui" or args.tout:
            ms = f"{mesurer(r, args.essais, admise == 'oui'):.1f}"
        else:
            ms = "—"
        py = f"{pyodide[nom]:.0f}" if nom in pyodide else "—"
        estime_, taille_ = (f"{x:,}".replace(",", "\u202f") for x in (estime, taille))
        print(f"| {nom} | {estime_} | {taille_} | {admise} | {ms} | {py} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
