"""Shared by the tests of issue 37's data items: corrupt one file of a copy of a game, then read
`make check`'s problems (each `file:line:col JSONPath: message`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tests.partie_support import ROOT, copier_jeu, position, problemes


def corrompre(tmp_path: Path, jeu: str, fichier: str, ancien: str, nouveau: str) -> str:
    """Copy the game under `tmp_path` and replace `ancien` by `nouveau` once in one of its files.

    Returns:
        The corrupted text (to find the expected line and column in it).

    """
    copier_jeu(tmp_path, jeu)
    chemin = tmp_path / "data" / jeu / fichier
    texte = chemin.read_text("utf-8")
    assert texte.count(ancien) >= 1, (fichier, ancien)
    texte = texte.replace(ancien, nouveau, 1)
    chemin.write_text(texte, "utf-8")
    return texte


def indice(jeu: str, fichier: str, sorte: str, ident: str) -> int:
    """Index of the entry `ident` in the list `sorte` of a data file of the repository."""
    entrees = yaml.safe_load((ROOT / "data" / jeu / fichier).read_text("utf-8"))[sorte]
    return next(i for i, e in enumerate(entrees) if e.get("id") == ident)


def refus(tmp_path: Path, fichier: str, ligne_col: tuple[int, int], chemin: str, *mots: str) -> str:
    """The problem `make check` reports at this file, line, column and JSONPath; its message holds every word."""
    tete = f"{fichier}:{ligne_col[0]}:{ligne_col[1]} {chemin}: "
    trouves = [p for p in problemes(tmp_path) if p.startswith(tete)]
    assert trouves, (tete, problemes(tmp_path))
    assert any(all(m in p for m in mots) for p in trouves), (mots, trouves)
    return trouves[0]


def lire(jeu: str, fichier: str) -> Any:
    """A data file of the repository, parsed."""
    return yaml.safe_load((ROOT / "data" / jeu / fichier).read_text("utf-8"))


__all__ = ["ROOT", "corrompre", "indice", "lire", "position", "problemes", "refus"]
