"""axe-core violations per page type, at 1280 and 390 px, in light and dark mode (issue 27).

`python bench/bench_axe.py --site DIR` prints a Markdown table: for each page type, the number of
violations (rules) and of nodes, with the rule ids. The test tests/test_browser_accessibilite.py
fails on any of them; this script only counts, to compare two builds of the site.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import playwright.sync_api as playwright_sync

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.accessibilite_support import analyser, types_de_page  # noqa: E402
from tests.browser_support import lancer_chromium, servir  # noqa: E402


def ligne(nom: str, resultats: dict[tuple[int, str], list[dict]]) -> None:
    """One row: the rules violated, their nodes over the four settings, and where."""
    regles: dict[str, list[str]] = defaultdict(list)
    noeuds = 0
    for (largeur, schema), violations in resultats.items():
        for v in violations:
            regles[v["id"]].append(f"{largeur}{'s' if schema == 'slate' else ''}:{len(v['cibles'])}")
            noeuds += len(v["cibles"])
    detail = "; ".join(f"`{r}` {' '.join(o)}" for r, o in sorted(regles.items()))
    print(f"| {nom} | {len(regles)} | {noeuds} | {detail} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--filtre", default="", help="only the page types whose name holds this text")
    args = parser.parse_args()
    print("| type de page | violations (règles) | nœuds | règles (largeur, thème) |")
    print("| --- | --- | --- | --- |")
    with servir(args.site) as url, playwright_sync.sync_playwright() as p:
        navigateur = lancer_chromium(p)
        contexte = navigateur.new_context(service_workers="block")
        for type_page in types_de_page():
            if args.filtre not in type_page.nom:
                continue
            page = contexte.new_page()
            try:
                page.goto(url + type_page.url)
                if type_page.preparer:
                    type_page.preparer(page)
                for nom, suite in type_page.etapes():
                    if suite:
                        page.set_viewport_size({"width": 1280, "height": 900})
                        suite(page)
                    ligne(nom, analyser(page, type_page))
            except Exception as erreur:  # noqa: BLE001 - a page that cannot be prepared is reported, not fatal
                print(f"| {type_page.nom} | erreur : {repr(erreur)[:200]} | | |", flush=True)
            page.close()
        navigateur.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
