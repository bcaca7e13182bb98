"""Engine on well-kept libraries (issue 15 §3): what each alternative to yaml_lite / schema_lite costs.

    .venv/bin/python bench/bench_bibliotheques.py [--runs N] [--suites]

For every variant, a fresh headless Chromium (empty HTTP cache) starts a module Web Worker that
loads Pyodide from node_modules/pyodide, unpacks the engine and icepool wheels plus the variant's
own wheels (or imports a JavaScript library), then reads and validates a 40-entry list. Printed:
the median worker time from start to the first validated list, the time the variant's own import
and first call take inside the worker (measured there with performance.now()), and the bytes the
variant adds to the download. Wheels are the pinned versions below, fetched once with pip
(`npm pack` for the JavaScript library) into .cache/bibliotheques/; a variant whose files cannot
be had is reported as such. With --suites, the hostile-input and list suites are also run
unchanged under CPython with each alternative swapped in (bench/alternatives/). These are
measurements, never assertions.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import liste_40  # noqa: E402
from generator.assets import PYODIDE_FILES, build_wheels  # noqa: E402
from tests.browser_support import lancer_chromium, servir, surveiller_reseau  # noqa: E402

CACHE = ROOT / ".cache" / "bibliotheques"
JEU = "bataille-d6"

# Pinned wheels (PyPI, py3-none-any) and their sha256.
ROUES = {
    "ruamel_yaml-0.19.1-py3-none-any.whl": "27592957fedf6e0b62f281e96effd28043345e0e66001f97683aa9a40c667c93",
    "jsonschema-4.17.3-py3-none-any.whl": "a870ad254da1a8ca84b6a2905cac29d265f805acc57af304784962a2aa6508f6",
    "attrs-26.1.0-py3-none-any.whl": "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    "pyrsistent-0.20.0-py3-none-any.whl": "c55acc4733aad6560a7f5f818466631f07efc001fd023f34a6c203f8b6df0f0b",
}
YAML_JS = "yaml-2.9.1"  # eemeli/yaml, npm

# Python run in the worker once the wheels are unpacked: defines lire() and verifier(valeur).
LECTURE_LITE = "from browser_engine.yaml_lite import parse_yaml\ndef lire(): return parse_yaml(texte)\n"
SCHEMA_LITE = ("from browser_engine.schema_lite import SchemaLite\n"
               "def verifier(valeur): return SchemaLite(json.loads(schema)).valider(valeur)\n")
VARIANTES: dict[str, dict] = {
    "actuel (yaml_lite + schema_lite)": {"roues": [], "code": LECTURE_LITE + SCHEMA_LITE},
    "YAML : ruamel.yaml 0.19.1 (roue pure Python)": {
        "roues": ["ruamel_yaml-0.19.1-py3-none-any.whl"],
        "code": "from ruamel.yaml import YAML\ndef lire(): return YAML(typ='safe', pure=True).load(texte)\n"
                + SCHEMA_LITE},
    "YAML : yaml 2.9.1 (JavaScript, dans le worker)": {
        "roues": [], "js": True, "code": "def lire(): return json.loads(lire_js())\n" + SCHEMA_LITE},
    "schéma : jsonschema 4.17.3 + attrs + pyrsistent (pur Python)": {
        "roues": ["jsonschema-4.17.3-py3-none-any.whl", "attrs-26.1.0-py3-none-any.whl",
                  "pyrsistent-0.20.0-py3-none-any.whl"],
        "code": LECTURE_LITE + "import jsonschema\n"
                "def verifier(valeur):\n"
                "    return list(jsonschema.Draft202012Validator(json.loads(schema)).iter_errors(valeur))\n"},
}
CHAUD = """import time
debut = time.perf_counter()
for _ in range(10):
    verifier(lire())
(time.perf_counter() - debut) * 100
"""

PAGE = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Bibliothèques</title>
<script>
const params = new URLSearchParams(location.search);
window.mesure = new Promise((resoudre, rejeter) => {
  const w = new Worker("/__bench/worker.js", {type: "module"});
  w.onmessage = (e) => e.data.ok ? resoudre(e.data) : rejeter(new Error(e.data.erreur));
  w.onerror = (e) => rejeter(new Error(e.message));
  w.postMessage({variante: params.get("v")});
});
</script></html>"""

WORKER = """const VARIANTES = __VARIANTES__;
const TEXTE = __TEXTE__;
const CHAUD = __CHAUD__;
onmessage = async (e) => {
  try {
    const debut = performance.now();
    const v = VARIANTES[e.data.variante];
    const roues = Promise.all(["__MOTEUR__", "__ICEPOOL__", ...v.roues].map(
      async (n) => new Uint8Array(await (await fetch("/assets/wheels/" + n)).arrayBuffer())));
    const schema = fetch("/__bench/schema.json").then((r) => r.text());
    const {loadPyodide} = await import("/assets/pyodide/pyodide.mjs");
    const py = await loadPyodide({indexURL: "/assets/pyodide/", stdout: () => {}});
    for (const octets of await roues) py.unpackArchive(octets, "wheel");
    py.runPython("import json, browser_engine");
    py.globals.set("texte", TEXTE);
    py.globals.set("schema", await schema);
    const avant = performance.now();
    if (v.js) {
      const YAML = await import("/__bench/yaml/browser/index.js");
      py.globals.set("lire_js", () => JSON.stringify(YAML.parse(TEXTE)));
    }
    py.runPython(v.code + "valeur = lire()\\necarts = verifier(valeur)\\n");
    const fin = performance.now();
    postMessage({ok: true, total: fin - debut, propre: fin - avant, chaud: py.runPython(CHAUD),
                 ecarts: py.runPython("len(ecarts)"), entrees: py.runPython("len(valeur['entrees'])")});
  } catch (erreur) {
    postMessage({ok: false, erreur: String(erreur)});
  }
};"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def roue(nom: str) -> Path | None:
    """The pinned wheel from the cache, downloaded once with pip; None when it cannot be had."""
    chemin = CACHE / nom
    if not chemin.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        projet, version = nom.split("-")[:2]
        exigence = f"{projet.replace('_', '-')}=={version}"
        subprocess.run([sys.executable, "-m", "pip", "download", exigence, "--no-deps", "--only-binary=:all:",
                        "--platform", "any", "--python-version", "3.14", "--implementation", "py",
                        "--disable-pip-version-check", "-q", "-d", str(CACHE)], capture_output=True, check=False)
    return chemin if chemin.is_file() and sha256(chemin) == ROUES[nom] else None


def yaml_js() -> Path | None:
    """The eemeli/yaml npm package, unpacked in the cache (npm pack, once)."""
    dossier = CACHE / YAML_JS
    if not (dossier / "browser" / "index.js").is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        nom, version = YAML_JS.rsplit("-", 1)
        res = subprocess.run(["npm", "pack", f"{nom}@{version}", "--silent"], cwd=CACHE, capture_output=True,
                             text=True, check=False)
        archive = CACHE / f"{YAML_JS}.tgz"
        if res.returncode != 0 or not archive.is_file():
            return None
        with tarfile.open(archive) as tar:
            tar.extractall(CACHE / "extrait", filter="data")
        shutil.rmtree(dossier, ignore_errors=True)
        shutil.move(CACHE / "extrait" / "package", dossier)
    return dossier


def preparer_site(racine: Path) -> dict[str, int]:
    """A minimal site: Pyodide's runtime files, the engine and icepool wheels, the variants' wheels."""
    pyodide = racine / "assets" / "pyodide"
    pyodide.mkdir(parents=True)
    for nom in PYODIDE_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / nom, pyodide / nom)
    roues_dir = racine / "assets" / "wheels"
    moteur, ice = build_wheels(roues_dir)
    octets = {"__MOTEUR__": moteur.name, "__ICEPOOL__": ice.name}
    for nom in ROUES:
        chemin = roue(nom)
        if chemin is not None:
            shutil.copyfile(chemin, roues_dir / nom)
    return octets


def octets_variante(racine: Path, variante: dict) -> int | None:
    """Bytes a variant adds to the download (its wheels or its JavaScript files)."""
    if variante.get("js"):
        dossier = racine / "__js"
        return sum(f.stat().st_size for f in dossier.rglob("*.js")) if dossier.is_dir() else None
    chemins = [racine / "assets" / "wheels" / n for n in variante["roues"]]
    return sum(c.stat().st_size for c in chemins) if all(c.is_file() for c in chemins) else None


def pages_virtuelles(racine: Path, noms: dict[str, str]) -> dict[str, tuple[str, bytes]]:
    worker = (WORKER.replace("__VARIANTES__", json.dumps({k: {"roues": v["roues"], "code": v["code"],
                                                              "js": bool(v.get("js"))}
                                                          for k, v in VARIANTES.items()}))
              .replace("__TEXTE__", json.dumps(liste_40())).replace("__CHAUD__", json.dumps(CHAUD))
              .replace("__MOTEUR__", noms["__MOTEUR__"]).replace("__ICEPOOL__", noms["__ICEPOOL__"]))
    pages = {"/__bench/page.html": ("text/html; charset=utf-8", PAGE.encode()),
             "/__bench/worker.js": ("text/javascript", worker.encode()),
             "/__bench/schema.json": ("application/json",
                                      (ROOT / "schemas" / f"liste-{JEU}.schema.json").read_bytes())}
    js = racine / "__js"
    if js.is_dir():
        for fichier in js.rglob("*.js"):
            pages["/__bench/yaml/" + fichier.relative_to(js).as_posix()] = ("text/javascript", fichier.read_bytes())
    return pages


def mesurer(runs: int) -> list[dict]:
    """Median worker times per variant over `runs` cold starts (fresh Chromium each), order alternated."""
    from urllib.parse import quote

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as nom_tmp:
        racine = Path(nom_tmp)
        noms = preparer_site(racine)
        source_js = yaml_js()
        if source_js is not None:
            shutil.copytree(source_js / "browser", racine / "__js" / "browser")
        variantes = {k: v for k, v in VARIANTES.items() if octets_variante(racine, v) is not None}
        mesures: dict[str, list[dict]] = {k: [] for k in variantes}
        externes: list[list[str]] = []
        with servir(racine, pages_virtuelles(racine, noms)) as url, sync_playwright() as p:
            def froid(nom: str) -> dict:
                navigateur = lancer_chromium(p)
                contexte = navigateur.new_context()
                externes.append(surveiller_reseau(contexte))
                page = contexte.new_page()
                page.goto(url + "__bench/page.html?v=" + quote(nom))
                try:
                    return page.evaluate("() => window.mesure")
                finally:
                    navigateur.close()

            froid(next(iter(variantes)))  # warm the OS file cache and the server once
            for i in range(runs):
                ordre = list(variantes) if i % 2 == 0 else list(reversed(variantes))
                for nom in ordre:
                    mesures[nom].append(froid(nom))
        lignes = []
        for nom, series in mesures.items():
            lignes.append({
                "variante": nom,
                "total_ms": statistics.median(m["total"] for m in series),
                "propre_ms": statistics.median(m["propre"] for m in series),
                "chaud_ms": statistics.median(m["chaud"] for m in series),
                "octets": octets_variante(racine, VARIANTES[nom]) or 0,
                "ecarts": series[0]["ecarts"], "entrees": series[0]["entrees"],
            })
        absentes = [k for k in VARIANTES if k not in variantes]
        if any(externes):
            print(f"requêtes vers un autre hôte : {sorted({u for e in externes for u in e})}")
    return lignes + [{"variante": k, "absente": True} for k in absentes]


def tableau(lignes: list[dict], runs: int) -> str:
    base = next(ligne for ligne in lignes if not ligne.get("absente"))
    sortie = [f"| variante | prêt (worker, médiane de {runs}) | import + 1re lecture (médiane) | "
              "lecture + vérification, à chaud | octets ajoutés | écarts trouvés |",
              "| --- | --- | --- | --- | --- | --- |"]
    for ligne in lignes:
        if ligne.get("absente"):
            sortie.append(f"| {ligne['variante']} | fichiers introuvables | — | — | — | — |")
            continue
        ecart = ligne["total_ms"] - base["total_ms"]
        sortie.append(f"| {ligne['variante']} | {ligne['total_ms']:.0f} ms ({ecart:+.0f} ms) | "
                      f"{ligne['propre_ms']:.0f} ms | {ligne['chaud_ms']:.1f} ms | {ligne['octets'] / 1024:.0f} Ko | "
                      f"{ligne['ecarts']} sur {ligne['entrees']} entrées |")
    sortie.append("| jsonschema 4.26.0 (referencing, rpds-py) | non chargeable : rpds-py est une extension Rust ; "
                  "le paquet npm de Pyodide 314.0.7 ne contient pas sa roue (seul pyodide-lock.json la cite, "
                  "hébergée sur le CDN de Pyodide), et PyPI n'en publie pas pour pyemscripten | — | — | — | — |")
    return "\n".join(sortie)


SUITES = ("tests/test_engine_reader.py", "tests/test_engine_validation.py")
ECHANGES = {  # pytest plugin swapping the alternative in behind the engine's interface, extra import path
    "YAML : ruamel.yaml 0.19.1": ("bench.alternatives.swap_ruamel", "ruamel_yaml-0.19.1-py3-none-any.whl"),
    "schéma : jsonschema (4.26.0 de requirements.txt sous CPython)": ("bench.alternatives.swap_schema", None),
}


def deballee(nom: str) -> Path:
    """The wheel unpacked next to it (ruamel is a namespace package, which zipimport cannot read)."""
    dossier = CACHE / nom.removesuffix(".whl")
    if not dossier.is_dir():
        with zipfile.ZipFile(CACHE / nom) as archive:
            archive.extractall(dossier)
    return dossier


def lignes_de(chemin: str) -> int:
    return len((ROOT / chemin).read_text(encoding="utf-8").splitlines())


def suites() -> str:
    """The hostile-input and list suites, unchanged, with each alternative swapped in (CPython)."""
    sortie = ["| alternative | " + " | ".join(f"`{Path(s).name}`" for s in SUITES) + " |",
              "| --- |" + " --- |" * len(SUITES)]
    for nom, (greffon, roue_nom) in ECHANGES.items():
        chemins = [str(ROOT)] + ([str(deballee(roue_nom))] if roue_nom and roue(roue_nom) else [])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(chemins))
        cellules = []
        for suite in SUITES:
            res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", greffon,
                                  suite], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
            resume = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else res.stderr.strip()[-200:]
            cellules.append(resume.strip("= ").split(" in ")[0])
        sortie.append(f"| {nom} | " + " | ".join(cellules) + " |")
    sortie.append("")
    sortie.append(f"Lignes : `yaml_lite.py` {lignes_de('browser_engine/yaml_lite.py')}, "
                  f"`schema_lite.py` {lignes_de('browser_engine/schema_lite.py')} ; adaptateurs nécessaires : "
                  f"`yaml_ruamel.py` {lignes_de('bench/alternatives/yaml_ruamel.py')}, "
                  f"`schema_jsonschema.py` {lignes_de('bench/alternatives/schema_jsonschema.py')}.")
    sys.path.insert(0, str(deballee("ruamel_yaml-0.19.1-py3-none-any.whl")))
    from bench.alternatives.verdicts import lecture_cpython, verdicts_schema, verdicts_yaml

    sortie += ["", lecture_cpython(), "", verdicts_yaml(), "", verdicts_schema()]
    return "\n".join(sortie)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--suites", action="store_true", help="also run the engine suites with each alternative")
    args = parser.parse_args()
    lignes = mesurer(args.runs)
    print(tableau(lignes, args.runs))
    if args.suites:
        print()
        print(suites())
    return 0


if __name__ == "__main__":
    sys.exit(main())
