"""Game-specific Python: what a game's data cannot express, one package per game.

A game's Python lives in `browser_engine/jeux/<jeu>/` (the game id with `_` for `-`: `kharn_ages`),
one module per part, each part named the same in every game. The package's `__init__.py` declares
the parts it provides (`PARTS`); a game whose rules are all data has an empty package, or none.
A part is imported on first use: a page loads only its own game, and only the parts it calls.

* `liste` (`ListePart`): costs, derived values and the list rules the data cannot write;
* `calculs` (`CalculsPart`): the calculations declared in the game's `calculs.yaml`, and the
  rule pages' precomputed odds tables;
* `liste_probas` (`ListeProbasPart`): the odds of a list's entries against reference targets;
* `scores` (`ScoresPart`): the scores and game aids declared in the game's `scores.yaml`.

A big part is split into modules named after it (`calculs_combat`, `liste_journal`…); a module
several parts read has a name of its own (`donnees`).
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..analyse import AnalyseJeu
    from ..regles import VueEntree

PARTS = ("liste", "calculs", "liste_probas", "scores")
# Game id -> package, for a game whose package is not `browser_engine.jeux.<jeu>` (the tests' game).
PACKAGES: dict[str, str] = {}
GAME_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")


@runtime_checkable
class ListePart(Protocol):
    """`liste`: the list checker's game rules.

    Optional: `domaines_derives(donnees_jeu)`, the values each derived field can hold (JSON Schema,
    see `browser_engine/domaines.py`: the build refuses a rule condition on a derived field without
    a domain, or with a value outside it); `champs_derives(donnees_jeu)`, the names of the derived
    fields (else read from the analysis of the game's example lists).
    """

    def analyser(self, donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
        """Costs, derived values and the violations of rules that cannot be written as data."""

    def completer_details(self, details: dict[str, Any], mesures: dict[str, dict[str, Any]],
                          vues: list[VueEntree]) -> None:
        """Add game values to the report's `details`."""


@runtime_checkable
class CalculsPart(Protocol):
    """`calculs`: the odds.

    `CALCULS` maps a calculation key to a function(parametres) -> ResultatCalcul (a function with the
    attribute `donnees_jeu = True` is called as function(parametres, donnees_jeu)). Optional:
    `TYPES_PARAMETRES`, parameter type -> reader(declaration, value) -> checked value, for types
    other than the generic ones (HAMI's `paquet`).
    """

    CALCULS: dict[str, Callable[..., Any]]

    def tables_statiques(self, donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
        """The rule pages' precomputed odds tables (see `odds.tables_statiques`)."""


@runtime_checkable
class ListeProbasPart(Protocol):
    """`liste_probas`: maps a list's entries and the reference targets to the declared calculations."""

    def matrice(self, donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Any:
        """The rows, targets and actions of the odds of a list: a `probas_liste.Matrice`."""


@runtime_checkable
class ScoresPart(Protocol):
    """`scores`: `SCORES` maps a declared score's key to a function(document) -> result."""

    SCORES: dict[str, Callable[..., Any]]


INTERFACES: dict[str, type] = {"liste": ListePart, "calculs": CalculsPart, "liste_probas": ListeProbasPart,
                               "scores": ScoresPart}


def package(jeu: str) -> str | None:
    """The name of a game's package (`browser_engine.jeux.kharn_ages`), None for an id that cannot name one."""
    if jeu in PACKAGES:
        return PACKAGES[jeu]
    return f"{__name__}.{jeu.replace('-', '_')}" if isinstance(jeu, str) and GAME_ID.match(jeu) else None


def parts(jeu: str) -> tuple[str, ...]:
    """The parts a game's package declares; none for a game without a package."""
    name = package(jeu)
    if name is None:
        return ()
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):  # no package for this game: data rules only
            return ()
        raise
    return tuple(p for p in getattr(module, "PARTS", ()) if p in PARTS)


def part(jeu: str, name: str) -> ModuleType | None:
    """One part of a game (`liste`, `calculs`, `liste_probas`, `scores`), or None when it provides none.

    Raises:
        ValueError: `nom` is not a part.

    """
    if name not in PARTS:
        raise ValueError(f"unknown game part {name!r} (parts: {', '.join(PARTS)})")
    return importlib.import_module(f"{package(jeu)}.{name}") if name in parts(jeu) else None


def calcul(jeu: str, cle: str) -> Callable[[dict[str, Any]], Any] | None:
    """The function implementing a declared calculation, if any."""
    found = part(jeu, "calculs")
    return getattr(found, "CALCULS", {}).get(cle) if found else None


def preload(jeu: str) -> None:
    """Import every part of a game (the worker does it before its memory snapshot)."""
    for name in parts(jeu):
        part(jeu, name)
