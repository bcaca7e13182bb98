"""Browser benchmarks of the tools, in headless Chromium over the built site.

    .venv/bin/python bench/bench_navigateur.py [--site DIR] [--runs N] [--chauds N] [--json FICHIER]

Figures (targets from the issue; these are measurements, never assertions):
* bare Pyodide cold start: a module Web Worker that only loads Pyodide (the floor);
* engine ready: Pyodide + the two wheels + the game's bundle, through moteur.js (overhead ≤ 20 %);
* validation of a 40-entry list, warm: p50 / p95 over ≥ 50 runs (p95 ≤ 20 ms);
* heaviest `attaque` query, warm (attaques 30, couverts 3, relance): ≤ 50 ms;
* the heaviest case of every declared calculation of the five games (bench/lourds.py), warm: ≤ 50 ms;
* a tool page's first and second visit in one profile (bench/visites.py): engine ready from navigation
  (second visit ≤ 1/4 of the bare Pyodide cold start) and bytes downloaded.

Cold means a fresh Chromium process (empty HTTP cache, no compiled WebAssembly kept in
memory) for every run. The two measurement pages are served from memory under
/__bench/, never written into the site.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.lourds import parametres_lourds  # noqa: E402
from bench.visites import lignes_visites, mesurer_visites  # noqa: E402
from tests.browser_support import lancer_chromium, servir, surveiller_reseau  # noqa: E402

JEUX = ("bataille-d6", "hami", "kharn-ages", "hate", "tamashii")

JEU = "bataille-d6"

PAGE_NUE = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Pyodide nu</title>
<script>
window.mesure = new Promise((resoudre, rejeter) => {
  const debut = performance.now();
  const w = new Worker("/__bench/nu-worker.js", {type: "module"});
  w.onmessage = (e) => e.data.ok ? resoudre(performance.now() - debut) : rejeter(new Error(e.data.erreur));
  w.onerror = (e) => rejeter(new Error(e.message));
});
</script></html>"""

WORKER_NU = """// Same loading path as moteur-worker.js, without the wheels and the bundle.
import("/assets/pyodide/pyodide.mjs")
  .then(({loadPyodide}) => loadPyodide({indexURL: "/assets/pyodide/", stdout: () => {}}))
  .then((py) => { py.runPython("1 + 1"); postMessage({ok: true}); })
  .catch((e) => postMessage({ok: false, erreur: String(e)}));
"""

# Times n calls of an async function: round trip in the page, and the engine's own time in Python.
CHRONO_JS = """window.chrono = async (n, fonction) => {
  const aller_retour = [], python = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fonction();
    aller_retour.push(performance.now() - t);
    python.push(moteur.derniereDuree);
  }
  return {aller_retour, python};
};"""

PAGE_MOTEUR = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Moteur</title>
<script src="/assets/javascripts/compendium/moteur.js"></script>
<script>
window.moteur = Compendium.moteur(Compendium.racine("/"));
const debut = performance.now();
window.mesure = moteur.preparer("__JEU__").then(() => performance.now() - debut);
__CHRONO__
</script></html>""".replace("__JEU__", JEU).replace("__CHRONO__", CHRONO_JS)

ATTAQUE_LOURDE = {"valeur": 4, "armure": 3, "malus_armure": 0, "couverts": 3, "attaques": 30,
                  "relance_sauvegarde": True}


# Khârn-Âges opposed roll with every option that enlarges the enumeration: 4 dice a side
# (level III + Héroïque), mastery on both sides, exploding 10s 12 deep.
OPPOSITION_LOURDE = {"niveau_attaque": 3, "carac_attaque": 12, "bonus_attaque": 2, "heroique_attaque": True,
                     "maitrise_attaque": True, "niveau_defense": 3, "carac_defense": 12, "heroique_defense": True,
                     "maitrise_defense": True}


def liste_40() -> str:
    """A realistic, valid 40-entry list (invented figures) with Héros, Sorciers, items and spells."""
    lignes = ["jeu: bataille-d6", "nom: Banc d'essai 40 entrées", "format: 3000", "entrees:"]
    for i in range(40):
        lignes.append(f"  - nom: Unité {i + 1}")
        if i % 10 == 0:
            lignes += ["    role: heros", f"    objet: {i % 6 + 1}"]
        elif i % 10 == 5:
            lignes += ["    role: sorcier", f"    sorts: [{i % 6 + 1}, {(i + 2) % 6 + 1}]"]
        else:
            lignes.append(f"    nombre: {i % 5 + 1}")
        lignes += [f"    mouvement: {[6, 9, 12][i % 3]}", f"    melee: {i % 5 + 1}", f"    tir: {i % 4}",
                   f"    armure: {i % 6}", f"    attaques: {1 + i % 2}"]
        if i % 7 == 0:
            lignes.append("    puissante: true")
    return "\n".join(lignes) + "\n"


def centile(valeurs: list[float], q: float) -> float:
    ordonnees = sorted(valeurs)
    if len(ordonnees) == 1:
        return ordonnees[0]
    rang = q * (len(ordonnees) - 1)
    bas = int(rang)
    haut = min(bas + 1, len(ordonnees) - 1)
    return ordonnees[bas] + (ordonnees[haut] - ordonnees[bas]) * (rang - bas)


def construire(site: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)], cwd=ROOT, env=env,
                   check=True)


def poids_moteur(site: Path) -> int:
    """Bytes the engine worker downloads: Pyodide runtime, wheels, manifest, bundle and scripts."""
    fichiers = [site / "assets" / "pyodide" / n for n in
                ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")]
    fichiers += list((site / "assets" / "wheels").iterdir())
    fichiers += [site / "assets" / "data" / f"{JEU}.json",
                 *(site / "assets" / "javascripts" / "compendium").glob("moteur*.js")]
    return sum(f.stat().st_size for f in fichiers if f.is_file())


def mesurer(site: Path, runs: int, runs_chauds: int) -> dict:
    from playwright.sync_api import sync_playwright

    pages = {
        "/__bench/nu.html": ("text/html; charset=utf-8", PAGE_NUE.encode()),
        "/__bench/nu-worker.js": ("text/javascript", WORKER_NU.encode()),
        "/__bench/moteur.html": ("text/html; charset=utf-8", PAGE_MOTEUR.encode()),
    }
    resultats: dict = {"runs_froids": runs}
    with servir(site, pages) as url, sync_playwright() as p:
        surveillances: list[list[str]] = []
        phases: list[dict] = []

        def froid(chemin: str) -> tuple[float, object, object]:
            """A fresh Chromium process: no HTTP cache, no compiled-WebAssembly cache."""
            navigateur = lancer_chromium(p)
            contexte = navigateur.new_context()
            surveillances.append(surveiller_reseau(contexte))
            page = contexte.new_page()
            page.goto(url + chemin.lstrip("/"))
            ms = page.evaluate("() => window.mesure")
            etapes = page.evaluate("() => window.moteur ? window.moteur.etapes : null")
            if etapes:
                phases.append({e["etape"]: e["ms"] for e in etapes})
            return ms, page, navigateur

        nu, moteur = [], []
        froid("/__bench/nu.html")[2].close()  # warm the OS file cache and the server once
        for i in range(runs):  # alternate the order so that drifts hit both series alike
            ordre = ["nu", "moteur"] if i % 2 == 0 else ["moteur", "nu"]
            for serie in ordre:
                ms, _page, navigateur = froid(f"/__bench/{serie}.html")
                (nu if serie == "nu" else moteur).append(ms)
                navigateur.close()
        resultats["pyodide_nu_ms"] = nu
        resultats["moteur_pret_ms"] = moteur
        resultats["phases_worker_ms"] = phases  # per cold run: step -> ms since the worker started

        _ms, page, navigateur = froid("/__bench/moteur.html")
        texte = liste_40()
        premiere = page.evaluate("([j, t]) => chrono(1, () => moteur.valider(j, t))", [JEU, texte])
        resultats["validation_premiere_ms"] = premiere["aller_retour"][0]
        rapport = page.evaluate("([j, t]) => moteur.valider(j, t)", [JEU, texte])
        resultats["liste_40"] = {"valide": rapport["valide"], "erreurs": len(rapport["erreurs"]), "entrees": 40}
        valider = "([n, j, t]) => chrono(n, () => moteur.valider(j, t))"
        page.evaluate(valider, [5, JEU, texte])  # warm-up
        resultats["validation"] = page.evaluate(valider, [runs_chauds, JEU, texte])
        calculer = "([n, j, p]) => chrono(n, () => moteur.calculer(j, 'attaque', p))"
        resultats["attaque_premiere_ms"] = page.evaluate(calculer, [1, JEU, ATTAQUE_LOURDE])["aller_retour"][0]
        page.evaluate(calculer, [3, JEU, ATTAQUE_LOURDE])  # warm-up
        resultats["attaque"] = page.evaluate(calculer, [max(20, runs_chauds // 3), JEU, ATTAQUE_LOURDE])
        opposer = "([n, p]) => chrono(n, () => moteur.calculer('kharn-ages', 'opposition', p))"
        resultats["opposition_premiere_ms"] = page.evaluate(opposer, [1, OPPOSITION_LOURDE])["aller_retour"][0]
        resultats["opposition"] = page.evaluate(opposer, [max(20, runs_chauds // 3), OPPOSITION_LOURDE])
        resultats["calculateurs"] = chaque_calcul(page, site)
        navigateur.close()
        resultats["requetes_externes"] = [u for liste in surveillances for u in liste]
    resultats["poids_moteur_octets"] = poids_moteur(site)
    # A tool page visited twice in one profile: the second visit starts from the snapshot.
    resultats["visites"] = mesurer_visites(site, runs)
    return resultats


def chaque_calcul(page: object, site: Path, essais: int = 3) -> list[dict]:
    """The heaviest case of every declared calculation (bench/lourds.py), first call then warm."""
    mesures = []
    for jeu in JEUX:
        donnees = json.loads((site / "assets" / "data" / f"{jeu}.json").read_text(encoding="utf-8"))
        for decl in donnees.get("calculs") or []:
            params = parametres_lourds(jeu, decl)
            fonction = "([n, j, c, p]) => chrono(n, () => moteur.calculer(j, c, p))"
            try:
                premier = page.evaluate(fonction, [1, jeu, decl["calcul"], params])  # type: ignore[attr-defined]
                chaud = page.evaluate(fonction, [essais, jeu, decl["calcul"], params])  # type: ignore[attr-defined]
                mesures.append({"jeu": jeu, "calcul": decl["calcul"], "premier": premier["aller_retour"][0],
                                "chaud": chaud["aller_retour"], "python": chaud["python"]})
            except Exception as exc:  # noqa: BLE001 - a refused case is reported, not fatal
                mesures.append({"jeu": jeu, "calcul": decl["calcul"], "erreur": str(exc).splitlines()[0][:160]})
    return mesures


def tableau_calculs(mesures: list[dict]) -> str:
    """One row per calculation: warm median and max of its heaviest case, against the 50 ms goal."""
    lignes = ["| Jeu | Calcul (cas le plus lourd) | À chaud, médiane (Python) | Max | Premier appel | ≤ 50 ms |",
              "| --- | --- | --- | --- | --- | --- |"]
    for m in mesures:
        if "erreur" in m:
            lignes.append(f"| {m['jeu']} | `{m['calcul']}` | refusé : {m['erreur']} | — | — | — |")
            continue
        p50 = statistics.median(m["chaud"])
        lignes.append(f"| {m['jeu']} | `{m['calcul']}` | {p50:.1f} ms ({statistics.median(m['python']):.1f} ms) | "
                      f"{max(m['chaud']):.1f} ms | {m['premier']:.1f} ms | {'oui' if p50 <= 50 else '**non**'} |")
    return "\n".join(lignes)


def tableau(r: dict) -> str:
    nu = statistics.median(r["pyodide_nu_ms"])
    moteur = statistics.median(r["moteur_pret_ms"])
    v, a = r["validation"], r["attaque"]
    phases = [{int(k): ms for k, ms in p.items()} for p in r["phases_worker_ms"]]

    def ligne(nom: str, valeur: str, objectif: str) -> str:
        return f"| {nom} | {valeur} | {objectif} |"

    def ms(valeurs: list[float], q: float) -> str:
        return f"{centile(valeurs, q):.1f} ms"

    lignes = [
        "| Mesure (Chromium headless) | Valeur | Objectif |",
        "| --- | --- | --- |",
        ligne(f"Démarrage à froid de Pyodide nu, médiane de {r['runs_froids']} essais", f"{nu:.0f} ms", "référence"),
        ligne("Moteur prêt (Pyodide + roues + données), médiane", f"{moteur:.0f} ms", "—"),
        ligne("Surcoût du moteur (médianes des deux séries)", f"{(moteur - nu) / nu * 100:+.1f} %", "≤ 20 %"),
        ligne("Dans le worker : Pyodide chargé → roues installées et importées → données chargées",
              " → ".join(f"{statistics.median(p[k] for p in phases):.0f} ms" for k in (2, 3, 4)), "—"),
        ligne("Surcoût du moteur dans le même essai (roues + imports + données, / Pyodide chargé)",
              f"{statistics.median((p[4] - p[2]) / p[2] * 100 for p in phases):+.1f} %", "≤ 20 %"),
        ligne(f"Validation d'une liste de 40 entrées, à chaud ({len(v['aller_retour'])} essais) — p50",
              f"{ms(v['aller_retour'], 0.5)} (Python {ms(v['python'], 0.5)})", "—"),
        ligne("Validation d'une liste de 40 entrées, à chaud — p95",
              f"{ms(v['aller_retour'], 0.95)} (Python {ms(v['python'], 0.95)})", "≤ 20 ms"),
        ligne(f"`attaque` la plus lourde (30 attaques, 3 couverts, relance), à chaud ({len(a['aller_retour'])} essais)"
              " — p50", f"{ms(a['aller_retour'], 0.5)} (Python {ms(a['python'], 0.5)})", "≤ 50 ms"),
        ligne("`attaque` la plus lourde — max", f"{max(a['aller_retour']):.1f} ms", "—"),
        ligne("Premier appel après le démarrage : validation / `attaque` la plus lourde",
              f"{r['validation_premiere_ms']:.1f} ms / {r['attaque_premiere_ms']:.1f} ms", "—"),
        ligne(f"Khârn-Âges : `opposition` la plus lourde (niveau III + Héroïque et maîtrise des deux côtés), "
              f"à chaud ({len(r['opposition']['aller_retour'])} essais) — p50",
              f"{ms(r['opposition']['aller_retour'], 0.5)} (Python {ms(r['opposition']['python'], 0.5)})", "≤ 50 ms"),
        ligne("Khârn-Âges : `opposition` la plus lourde — max / premier appel (données du jeu chargées)",
              f"{max(r['opposition']['aller_retour']):.1f} ms / {r['opposition_premiere_ms']:.1f} ms", "—"),
        ligne("Poids téléchargé par le moteur", f"{r['poids_moteur_octets'] / 1e6:.1f} Mo", "—"),
        *lignes_visites(r["visites"], nu),
    ]
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--runs", type=int, default=7, help="essais à froid par série")
    parser.add_argument("--chauds", type=int, default=60, help="essais à chaud pour la validation (≥ 50)")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    args = parser.parse_args()
    if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        construire(args.site)
    r = mesurer(args.site, args.runs, max(50, args.chauds))
    print(tableau(r))
    print()
    print(tableau_calculs(r["calculateurs"]))
    if r["requetes_externes"]:
        print(f"ATTENTION : requêtes hors de 127.0.0.1 : {r['requetes_externes']}")
    if not r["liste_40"]["valide"]:
        print("ATTENTION : la liste de 40 entrées du banc d'essai n'est plus valide.")
    if args.json:
        args.json.write_text(json.dumps(r, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
