"""Tamashii: the game-setup checker, with the calculations and scores of sibling modules.

A Tamashii « list » is a game setup: the mode, the players (one entry each: board, class,
essential data, bag, starting augmentations, protocol, starting values) and the scenario or
generator choices, with an optional game state per player (`etat`). Every rule is data
(`data/tamashii/regles-liste.yaml`); `tamashii_setup.py` derives the values they read.

This module is the game's entry point for the generic engine (see `jeux/__init__.py`).
"""
from __future__ import annotations

from typing import Any

from ..analyse import AnalyseJeu
from ..regles import VueEntree
from . import tamashii_setup
from .tamashii_probas import CALCULS, TYPES_PARAMETRES, tables_statiques
from .tamashii_scores import SCORES

__all__ = ["CALCULS", "SCORES", "TYPES_PARAMETRES", "analyser", "champs_derives", "completer_details",
           "tables_statiques"]


def champs_derives(donnees_jeu: dict[str, Any]) -> list[str]:
    """Names of the values `analyser` adds to each player, for the build's rule checks."""
    return list(tamashii_setup.CHAMPS_DERIVES)


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """The values the data rules read (no costs: a setup has none)."""
    derives = tamashii_setup.deriver(liste, vues)
    options = tamashii_setup.objet(liste.get("options"))
    mode = options.get("mode") if options.get("mode") in tamashii_setup.MODES else None
    return AnalyseJeu(derives=derives, details={"mode": mode, "joueurs": len(vues)})


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Nothing to add: the report's `details` already say the mode and the player count."""
