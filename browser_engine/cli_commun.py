"""Command line (CPython): the helpers every verb shares, reading files and printing.

`cli.py` and the verbs of their own modules (`cli_probas_liste`, `cli_versions`) import them from here.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from .catalogue import fusionner_catalogue
from .cli_donnees import charger_donnees, os_reason, safe
from .errors import ErreurEntree
from .reader import MAX_OCTETS, lire_document, lire_liste, taille_trop_grande
from .validation import valider


def print_json(value: Any) -> None:
    """Print a value as indented JSON (`--json`)."""
    print(json.dumps(value, ensure_ascii=False, indent=2))


def output(printer: Any, *args: Any) -> None:
    """Print, ignoring a reader that stopped early (`| head`): the exit code still tells the result."""
    try:
        printer(*args)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's final flush quiet


def read_bytes(name: str) -> bytes:
    """A file's bytes, refused past the list files' size limit; `-` reads standard input."""
    if name == "-":
        return sys.stdin.buffer.read(MAX_OCTETS + 1)
    path = Path(name)
    try:
        size = path.stat().st_size
        if size > MAX_OCTETS:
            raise ErreurEntree(taille_trop_grande("Fichier", size))
        with path.open("rb") as stream:  # a device or a pipe has no size: read at most the limit
            return stream.read(MAX_OCTETS + 1)
    except OSError as exc:
        raise ErreurEntree(f"Impossible de lire {safe(name)} : {os_reason(exc)}.") from None


def read_list(name: str) -> dict[str, Any]:
    """A list file (YAML or JSON), parsed with the list files' limits; `-` reads standard input."""
    return lire_liste(read_bytes(name))


def read_document(name: str) -> Any:
    """A YAML or JSON file given to a parameter (a deck of cards), with the list files' limits."""
    return lire_document(read_bytes(name))


def read_catalogue(name: str) -> Any:
    """The profile catalogue given with --catalogue, parsed."""
    try:
        return read_document(name)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Catalogue de profils illisible : {exc.message}", exc.ligne, exc.colonne) from None


def checked_list(args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The game data, the list (merged with --catalogue) and its report, for `valider` and `texte`."""
    liste = read_list(args.liste)
    jeu = liste.get("jeu")
    if not isinstance(jeu, str) or not jeu:
        raise ErreurEntree("La liste n'indique pas son jeu : ajoutez le champ « jeu » (par exemple jeu: bataille-d6).")
    donnees_jeu = charger_donnees(jeu, args.donnees)
    if args.catalogue is not None:
        liste = fusionner_catalogue(donnees_jeu, liste, read_catalogue(args.catalogue))
    return donnees_jeu, liste, valider(donnees_jeu, liste)
