"""Hate: the list checker's game rules, with the calculations and scores of sibling modules.

This module is the game's entry point for the generic engine (see `jeux/__init__.py`).
"""
from __future__ import annotations

from typing import Any

from ..analyse import AnalyseJeu
from ..regles import VueEntree
from .hate_probas import CALCULS, TYPES_PARAMETRES, tables_statiques
from .hate_scores import SCORES

__all__ = ["CALCULS", "SCORES", "TYPES_PARAMETRES", "analyser", "completer_details", "tables_statiques"]


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """Costs and the rules that data cannot express (none yet)."""
    return AnalyseJeu()


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Game values added to the report (none yet)."""
