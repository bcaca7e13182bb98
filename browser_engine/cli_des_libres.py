"""The `des-libres` command: the « Dés libres » page's computation from the command line.

`python -m browser_engine des-libres REQUETE [--json]`, where REQUETE is the page's link (or
what follows its `#reserves=`), a YAML or JSON file holding `{reserves: [...]}`, that text
itself, or `-` for standard input. Exit codes: 0 computed, 2 unreadable or refused request.
"""
from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from .errors import ErreurEntree

VERBE = "des-libres"
PREFIXE = "#reserves="
ISSUES = (("a", "A fait plus que B"), ("egalite", "Égalité"), ("b", "B fait plus que A"))


def ajouter_commande(commands: Any) -> None:
    """Declare `des-libres REQUETE [--json]` on the CLI's sub-parsers."""
    cmd = commands.add_parser(VERBE, help="loi exacte d'une ou deux réserves de dés de votre choix (page « Dés libres »)",
                              description="Loi exacte d'une ou deux réserves de dés, comme la page « Dés libres » : "
                                          "somme, meilleurs ou moins bons dés gardés, succès, symboles, explosion, "
                                          "relance ; pour deux réserves, la chance que l'une fasse plus que l'autre. "
                                          "Code de sortie : 0 calculé, 2 requête illisible ou refusée.")
    cmd.add_argument("requete", metavar="REQUETE",
                     help="le lien de la page « Dés libres » (ou ce qui suit #reserves=), un fichier YAML ou JSON "
                          "{reserves: [...]}, ce texte lui-même, ou - pour l'entrée standard")
    cmd.add_argument("--json", action="store_true", help="afficher la réponse du moteur en JSON")


def lire_requete(texte: str) -> Any:
    """The request named on the command line: a link, a fragment, a file, inline text or standard input.

    Raises:
        ErreurEntree: a link whose fragment does not read, or an unreadable file or text.

    """
    from .cli_commun import read_bytes as _read_bytes
    from .reader import lire_document, parse_json

    if PREFIXE in texte:
        fragment = texte.split(PREFIXE, 1)[1]
        try:
            return parse_json(unquote(fragment, errors="strict"))  # the file's limits: a key twice is refused
        except UnicodeDecodeError:
            message = ""
        except ErreurEntree as exc:
            message = exc.message if "en double" in exc.message else ""
        raise ErreurEntree("Lien illisible : ce qui suit « #reserves= » doit être la description JSON des "
                           "réserves, telle que la page « Dés libres » l'écrit" + (f" ({message.rstrip('.')})."
                                                                                  if message else "."))
    brut = texte.strip()
    if brut.startswith(("{", "[")) or (brut != "-" and "\n" in brut):
        return lire_document(brut)
    if brut != "-" and not Path(brut).exists():
        raise ErreurEntree(f"« {brut[:60]} » n'est ni un lien de la page « Dés libres », ni un fichier, ni une "
                           "requête {reserves: [...]}.")
    return lire_document(_read_bytes(brut))


def _pourcent_et_fraction(valeur: dict[str, Any]) -> str:
    from .cli_lecture import MAX_FRACTION, pourcentage

    fraction = valeur["fraction"]
    return pourcentage(valeur["probabilite"]) + (f" ({fraction})" if len(fraction) <= MAX_FRACTION else "")


def texte(resultat: dict[str, Any]) -> str:
    """The answer as French plain text, read as the page reads it."""
    from .cli_lecture import _table

    lignes: list[str] = []
    for reserve in resultat["reserves"]:
        lignes += [f"Réserve {reserve['nom']} : {reserve['resume']}", ""]
        table, notes = _table({"sortie": reserve["sortie"]}, reserve)
        lignes += table
        moyenne = reserve["esperance"]
        lignes += ["", f"Espérance : {moyenne['fraction'] + ' ' if len(moyenne['fraction']) <= 24 else ''}≈ "
                       f"{moyenne['valeur']:.4f}".replace(".", ",")]
        coupe = next((i for i in reserve.get("issues", []) if i["id"] == "troncature"), None)
        if coupe is not None and Fraction(coupe["fraction"]):
            notes.append(f"{reserve['note_troncature']} {_pourcent_et_fraction(coupe)}.")
        lignes += [f"Note : {n}" for n in notes] + [""]
    if resultat.get("comparaison"):
        lignes.append("A contre B :")
        lignes += [f"  {nom} : {_pourcent_et_fraction(resultat['comparaison'][cle])}" for cle, nom in ISSUES]
        lignes.append("")
    return "\n".join(lignes)


def commande(args: argparse.Namespace) -> int:
    """`des-libres REQUETE`: 0 computed (2 is raised as ErreurEntree by the caller's guard)."""
    from .cli_commun import output as _output
    from .cli_commun import print_json as _print_json
    from .des_libres import calculer

    resultat = calculer(lire_requete(args.requete))
    if args.json:
        _output(_print_json, resultat)
    else:
        _output(sys.stdout.write, texte(resultat))
    return 0
