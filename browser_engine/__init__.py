"""Compendium engine: list validation and exact odds, for CPython and Pyodide alike.

Only the standard library and icepool are imported; the game data comes in as
the JSON bundle the generator exports (`assets/data/<jeu>.json`).

Public API:

* `lire_liste(texte)`: read a list document (YAML subset or JSON, text or bytes).
* `valider(donnees_jeu, liste)`: check a list; returns the report.
* `calculer(donnees_jeu, calcul, parametres)`: exact distribution of a calculation.
* `tables_statiques(donnees_jeu)`: precomputed odds tables for the rule pages.
* `ErreurEntree`, `ErreurParametre`, `ErreurDonnees`: the errors they raise.
"""
from __future__ import annotations

from .errors import ErreurDonnees, ErreurEntree, ErreurParametre
from .odds import calculer, tables_statiques
from .reader import lire_liste
from .validation import valider

__all__ = ["ErreurDonnees", "ErreurEntree", "ErreurParametre", "calculer", "lire_liste", "tables_statiques",
           "valider", "__version__"]
__version__ = "0.1.0"
