"""Compendium engine: list validation and exact odds, for CPython and Pyodide alike.

Only the standard library and icepool are imported; the game data comes in as
the JSON bundle the generator exports (`assets/data/<jeu>.json`).

Public API:

* `lire_liste(texte)`: read a list document (YAML subset or JSON, text or bytes).
* `valider(donnees_jeu, liste)`: check a list; returns the report.
* `fusionner_catalogue(donnees_jeu, liste, catalogue)`: add a player's profile
  catalogue (Khârn-Âges Tactik) to a list before checking it.
* `calculer(donnees_jeu, calcul, parametres)`: exact distribution of a calculation.
* `tables_statiques(donnees_jeu)`: precomputed odds tables for the rule pages.
* `ErreurEntree`, `ErreurParametre`, `ErreurDonnees`: the errors they raise.
"""
from __future__ import annotations

from .catalogue import fusionner_catalogue
from .errors import ErreurDonnees, ErreurEntree, ErreurParametre
from .odds import calculer, tables_statiques
from .reader import lire_liste
from .validation import valider

__all__ = ["ErreurDonnees", "ErreurEntree", "ErreurParametre", "calculer", "fusionner_catalogue", "lire_liste", "tables_statiques",
           "valider", "__version__"]
__version__ = "0.1.0"
