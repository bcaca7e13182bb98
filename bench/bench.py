"""`make bench`: build time against a plain MkDocs baseline, page weight, then the browser figures."""
from __future__ import annotations

import gzip
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")
RULES_PAGE = "bataille-d6/tour/index.html"


RUNS = 3


def timed_build(cwd: Path, site: Path, config: str = "mkdocs.yml", env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", config, "-d", str(site)],
                   cwd=cwd, env=env or ENV, check=True)
    return time.perf_counter() - start


def median_builds(cwd: Path, tmp: Path, name: str) -> tuple[float, float]:
    """Median cold build (into an empty folder) and median warm build (into the same folder again)."""
    cold, warm = [], []
    for run in range(RUNS):
        site = tmp / f"{name}-{run}"
        cold.append(timed_build(cwd, site))
        warm.append(timed_build(cwd, site))
    return statistics.median(cold), statistics.median(warm)


def baseline_project(tmp: Path) -> Path:
    """The same pages as static Markdown, built by plain MkDocs-Material without the generator."""
    docs = tmp / "docs"
    subprocess.run([sys.executable, "-m", "generator", "dump", str(docs)], cwd=ROOT, env=ENV, check=True,
                   capture_output=True)
    shutil.copytree(ROOT / "content", docs, dirs_exist_ok=True)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("  - compendium\n", "").replace("docs_dir: content", "docs_dir: docs")
    config = re.sub(r"\nwatch:\n(  - .*\n)+", "\n", config)
    config = config.replace("custom_dir: site_overrides", f"custom_dir: {ROOT / 'site_overrides'}")
    (tmp / "mkdocs.yml").write_text(config, encoding="utf-8")
    return tmp


def page_weight(site: Path, page: str) -> tuple[int, int, int]:
    """Bytes of a page with the local CSS and JS it references (search index excluded), raw and gzipped."""
    html_path = site / page
    html = html_path.read_text(encoding="utf-8")
    blobs = [html.encode()]
    for ref in re.findall(r'(?:src|href)="([^"#?]+\.(?:css|js))', html):
        asset = (html_path.parent / ref).resolve()
        if asset.is_file() and "search_index" not in asset.name:
            blobs.append(asset.read_bytes())
    return sum(map(len, blobs)), sum(len(gzip.compress(b)) for b in blobs), len(blobs)


def lancer_banc(script: str, *options: str) -> int:
    """Run one script of bench/ (it prints its Markdown table), then a blank line; its exit code."""
    code = subprocess.call([sys.executable, str(ROOT / "bench" / script), *options], cwd=ROOT, env=ENV)
    print()
    sys.stdout.flush()
    return code


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        first = timed_build(ROOT, tmp / "premiere",
                            env=dict(ENV, COMPENDIUM_CACHE_IMPRESSION=str(tmp / "cache-impression-vide")))
        cold, warm = median_builds(ROOT, tmp, "froid")
        base_dir = baseline_project(tmp / "base")
        base_cold, base_warm = median_builds(base_dir, tmp, "base-site")
        pages = len(list((base_dir / "docs").rglob("*.md")))
        weight, compressed, files = page_weight(tmp / "froid-0", RULES_PAGE)
        print("| mesure | valeur | objectif |")
        print("| --- | --- | --- |")
        print(f"| construction à froid, médiane de {RUNS} (dossier de sortie vide, cache d'impression présent) | "
              f"{cold:.2f} s ({cold / base_cold:.2f} × MkDocs seul : {base_cold:.2f} s, {pages} pages) | ≤ 1,5 × |")
        print(f"| construction à chaud, médiane de {RUNS} | {warm:.2f} s ({warm / base_warm:.2f} × MkDocs seul : "
              f"{base_warm:.2f} s) | ≤ 1,5 × |")
        print(f"| première construction, cache d'impression vide (PDF mis en page par WeasyPrint) | {first:.2f} s "
              f"({first / base_cold:.2f} × MkDocs seul) | — |")
        print(f"| poids de {RULES_PAGE} | {weight / 1024:.0f} Ko bruts, {compressed / 1024:.0f} Ko compressés (gzip) ; "
              f"{files} fichiers, index de recherche exclu | ≤ 300 Ko |")
        browser = ROOT / "bench" / "bench_navigateur.py"
        if browser.is_file():
            sys.stdout.flush()
            # The browser measures run on the site just built, never on a stale `site/`.
            site = ("--site", str(tmp / "froid-0"))
            code = lancer_banc("bench_navigateur.py", *site)
            # The list builder: from a click to an updated report, and the choices of one field.
            code = lancer_banc("bench_composer.py", *site) or code
            # Issue 23: what a player waits for, a click -> the total and errors painted, every panel
            # open, beside one check of the same list, at a large screen's and a phone's width.
            for largeur in ("1280", "390"):
                code = lancer_banc("bench_composer_clic.py", *site, "--largeur", largeur) or code
            # Issue 35 §7: the same at 390 × 844 with the page's processor slowed 4× (a phone), the
            # engine counted 3 × more when the total waits for it; §8: the builder usable at the first
            # and the second visit on that profile, with the bytes downloaded.
            code = lancer_banc("bench_composer_clic.py", *site, "--largeur", "390", "--hauteur", "844",
                               "--ralenti", "4") or code
            code = lancer_banc("bench_composer_demarrage.py", *site) or code
            # Issue 34: play mode, a tap -> the counter painted, at the start and after 1,000 log lines.
            code = lancer_banc("bench_jouer_clic.py", *site) or code
            # Issue 16 §2: repairs of each example invalid list, CPython and browser.
            code = lancer_banc("bench_reparer.py", *site) or code
            # Issue 16 §1: odds of a 40-entry list, CPython and browser.
            code = lancer_banc("bench_probas_liste.py", *site) or code
            # The same for the other games, with the dice, deck or cards a player supplies.
            for jeu in ("hami", "kharn_ages", "hate", "tamashii"):
                options = site if jeu in ("hate", "kharn_ages") else ()
                code = lancer_banc(f"bench_probas_liste_{jeu}.py", *options) or code
            # Issue 26: « Dés libres », what icepool costs per pool (CPython and Pyodide), against the bounds.
            code = lancer_banc("bench_des_libres.py", "--pyodide") or code
            # The page itself at 390 px: result on arrival, engine ready, a change drawn.
            code = lancer_banc("bench_des_libres_page.py", *site) or code
            # Issue 15 §3: what the libraries that could replace yaml_lite / schema_lite would cost.
            code = lancer_banc("bench_bibliotheques.py") or code
            # Issue 26: site search on a phone profile, bytes of a first search and time to its results.
            code = lancer_banc("bench_recherche.py", *site) or code
            # Issue 15 §1: the offline site (precache, « Préparer » button, pages with the network off).
            code = lancer_banc("bench_hors_ligne.py", *site) or code
            # Issue 27: the builder's long tasks on a phone, then Lighthouse on each page type,
            # its table written into BENCHMARKS.md (section « après »).
            code = lancer_banc("bench_longtask.py", *site) or code
            phare = [sys.executable, str(ROOT / "bench" / "bench_lighthouse.py"), "--site", str(tmp / "froid-0"),
                     "--ecrire", "apres"]
            return subprocess.call(phare, cwd=ROOT, env=ENV) or code
    return 0


if __name__ == "__main__":
    sys.exit(main())
