"""Command line: `python -m generator check|dump DIR|figer-version JEU|nouveau-jeu ID --nom NOM`."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from browser_engine.cli_argparse import ParseurFrancais
from browser_engine.cli_donnees import os_reason
from browser_engine.cli_sortie import SortieEchappee

from .dump import DumpError, dump_site, refusal
from .model import Site
from .plugin import load_site
from .problems import DataError
from .scaffold import ScaffoldError, create_game

ROOT = Path(__file__).resolve().parent.parent


def main(argv: Sequence[str] | None = None) -> int:
    r"""Run the generator's command line; returns the exit status.

    Every output goes through `SortieEchappee` (terminal control characters of the data shown as
    `\uXXXX`), and a reader that stops early (`| head -1`) ends the output quietly.
    """
    sortie, erreurs = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SortieEchappee(sortie), SortieEchappee(erreurs)
    try:
        status = _main(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's final flush quiet
        return 0
    finally:
        if isinstance(sys.stdout, SortieEchappee):  # not the null device set after a closed pipe
            sys.stdout = sortie
        sys.stderr = erreurs


def _parser() -> argparse.ArgumentParser:
    parser = ParseurFrancais(prog="python -m generator", description="Générateur Compendium")
    sub = parser.add_subparsers(dest="commande", required=True, title="commandes", metavar="COMMANDE",
                                parser_class=ParseurFrancais)
    sub.add_parser("check", help="valider toutes les données")
    dump = sub.add_parser("dump", help="écrire la source complète du site (pages, ressources, mkdocs.yml sans "
                                      "greffon du projet) dans un dossier")
    dump.add_argument("dossier", type=Path)
    figer = sub.add_parser("figer-version", help="figer les données actuelles d'un jeu avant de les modifier")
    figer.add_argument("jeu")
    figer.add_argument("version", nargs="?", help="la version actuelle (dernière de versions.yaml), par défaut")
    nouveau = sub.add_parser("nouveau-jeu", help="créer les fichiers d'un nouveau jeu (données, schéma de liste, "
                                                  "exemples), sans Python")
    nouveau.add_argument("id", help="identifiant du jeu : minuscules, chiffres et tirets (mon-jeu)")
    nouveau.add_argument("--nom", required=True, help="nom affiché du jeu")
    parser.add_argument("--racine", type=Path, default=ROOT, help="racine du projet (data/, schemas/)")
    return parser


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.commande == "nouveau-jeu":
        return new_game(args.racine, args.id, args.nom)
    if args.commande == "figer-version" and not (args.racine / "data" / args.jeu / "jeu.yaml").is_file():
        print(f"Jeu inconnu : « {args.jeu[:80]} » ; jeux du projet : {', '.join(game_ids(args.racine))}.",
              file=sys.stderr)
        return 2
    if args.commande == "dump" and (refused := refusal(args.dossier, args.racine) or unwritable(args.dossier)):
        print(refused, file=sys.stderr)
        return 2
    try:
        site = load_site(args.racine, only=[args.jeu] if args.commande == "figer-version" else None)
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
    if args.commande == "figer-version":
        return freeze_version(site, args.racine, args.version)
    return dump(site, args.racine, args.dossier)


def game_ids(root: Path) -> list[str]:
    """The ids of the project's games (the folders of data/ holding a manifest)."""
    return sorted(p.parent.name for p in (root / "data").glob("*/jeu.yaml"))


def unwritable(folder: Path) -> str | None:
    """Why the pages cannot be written in `folder` (created when missing); None when they can."""
    if folder.exists() and not folder.is_dir():
        return f"Erreur : {folder} n'est pas un dossier : indiquez un dossier (nouveau ou existant) pour les pages."
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"Erreur : impossible de créer le dossier {folder} ({os_reason(exc)})."
    return None


def dump(site: Site, root: Path, folder: Path) -> int:
    """Write the complete site source under `folder` (`dump`); 1 on bad data, 2 when it cannot be written."""
    try:
        count = dump_site(site, root, folder)
    except DataError as exc:
        print(exc, file=sys.stderr)
        return 1
    except DumpError as exc:
        print(f"Erreur : {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = exc.filename if exc.filename is not None else folder
        print(f"Erreur : impossible d'écrire les pages dans {folder} ({where} : {os_reason(exc)}).", file=sys.stderr)
        return 2
    print(f"Source du site écrite dans {folder} ({count} pages) ; construire avec : "
          f"mkdocs build -f {folder / 'mkdocs.yml'}")
    return 0


def new_game(root: Path, game_id: str, name: str) -> int:
    """Write a new game's files (`nouveau-jeu`); 2 when refused."""
    try:
        written = create_game(root, game_id, name)
    except ScaffoldError as exc:
        print(f"Erreur : {exc}", file=sys.stderr)
        return 2
    print(f"Jeu « {name} » créé ({len(written)} fichiers) :")
    for path in written:
        print(f"  {path.relative_to(root)}")
    print("Complétez-les depuis le livre de règles (guide « Ajouter un jeu »), puis vérifiez avec « make check ».")
    return 0


def freeze_version(site: Site, root: Path, version: str | None) -> int:
    """Write the frozen bundle of a game's current version (`figer-version`); 1 when refused."""
    from .export import bundle
    from .frozen_checks import with_verdicts
    from .version_pages import current_version
    from .versions import frozen_bytes, frozen_path

    game = site.games[0]
    current = current_version(game)
    if current is None:
        print(f"data/{game.id}/versions.yaml manquant : déclarez d'abord la version actuelle.", file=sys.stderr)
        return 1
    if version is not None and version != current:
        print(f"Seule la version actuelle ({current}) peut être figée : les données sur le disque sont les siennes.",
              file=sys.stderr)
        return 1
    target = frozen_path(root, game.id, current)
    data = frozen_bytes(with_verdicts(bundle(game, root), root, game.id))  # and the examples' verdicts
    if target.is_file():
        same = target.read_bytes() == data
        print(f"{target.relative_to(root)} existe déjà" + (" (identique)." if same else
              " et diffère des données actuelles : il garde les données d'alors, il n'est pas remplacé."),
              file=sys.stderr if not same else sys.stdout)
        return 0 if same else 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    print(f"Version {current} de {game.nom} figée : {target.relative_to(root)} ({len(data)} octets). "
          f"Ajoutez maintenant la nouvelle version dans data/{game.id}/versions.yaml.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
