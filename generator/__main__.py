"""Command line: `python -m generator check` and `python -m generator dump DIR`."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .model import load_site
from .plugin import site_pages
from .problems import DataError

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Run the generator's command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m generator", description="Générateur Compendium")
    sub = parser.add_subparsers(dest="commande", required=True)
    sub.add_parser("check", help="valider toutes les données")
    dump = sub.add_parser("dump", help="écrire les pages Markdown générées dans un dossier")
    dump.add_argument("dossier", type=Path)
    parser.add_argument("--racine", type=Path, default=ROOT, help="racine du projet (data/, schemas/)")
    args = parser.parse_args(argv)
    try:
        site = load_site(args.racine)
    except DataError as exc:
        print(exc, file=sys.stderr)
        n = len(exc.problems)
        print(f"{n} problème{'s' if n > 1 else ''} dans les données.", file=sys.stderr)
        return 1
    if args.commande == "check":
        count = sum(len(g.entries) for g in site.games)
        jeux = len(site.games)
        print(f"Données valides : {jeux} jeu{'x' if jeux > 1 else ''}, {count} entrée{'s' if count > 1 else ''}.")
        return 0
    pages = site_pages(site, args.racine)
    for uri, text in pages.items():
        target = args.dossier / uri
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    print(f"{len(pages)} pages écrites dans {args.dossier}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
