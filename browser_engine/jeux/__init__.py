"""Game-specific Python: what data cannot express (costs, odds), one module per game.

A game module provides:

* `analyser(donnees_jeu, liste, vues) -> AnalyseJeu`: costs, derived values and
  the violations of rules that cannot be written as data;
* `completer_details(details, mesures, vues) -> None`: adds game values to the report;
* `CALCULS`: calculation key -> function(parametres) -> ResultatCalcul (a function with the
  attribute `donnees_jeu = True` is called as function(parametres, donnees_jeu));
* `TYPES_PARAMETRES` (optional): parameter type -> reader(declaration, value) -> checked value,
  for types other than entier and booleen (HAMI's `paquet`);
* `tables_statiques(donnees_jeu) -> list`: precomputed odds tables;
* `domaines_derives(donnees_jeu)` (optional): derived field -> the values it can hold (JSON Schema,
  see `browser_engine/domaines.py`); the build refuses a rule condition on a derived field
  without a domain, or with a value outside it.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

MODULES = {"bataille-d6": "browser_engine.jeux.bataille_d6", "hami": "browser_engine.jeux.hami",
           "kharn-ages": "browser_engine.jeux.kharn_ages", "hate": "browser_engine.jeux.hate",
           "tamashii": "browser_engine.jeux.tamashii"}


def module(jeu: str) -> ModuleType | None:
    """The Python module of a game, or None when the game only has data rules."""
    name = MODULES.get(jeu)
    return importlib.import_module(name) if name else None


def calcul(jeu: str, cle: str) -> Callable[[dict[str, Any]], Any] | None:
    """The function implementing a declared calculation, if any."""
    found = module(jeu)
    return getattr(found, "CALCULS", {}).get(cle) if found else None
