"""Exceptions raised by the engine; every message is French and meant for the user."""
from __future__ import annotations


class ErreurEntree(Exception):
    """Unreadable, hostile or malformed input (list text, parameters, calculation name).

    Attributes:
        message: the French message shown to the user.
        ligne: 1-based line of the problem in the input text, when known.
        colonne: 1-based column of the problem, when known.

    """

    def __init__(self, message: str, ligne: int | None = None, colonne: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.ligne = ligne
        self.colonne = colonne


class ErreurParametre(ErreurEntree):
    """A calculation parameter is unknown, of the wrong type or out of its range.

    Attributes:
        parametre: the parameter id (`malus_armure`).
        minimum: lowest allowed value, for integer parameters.
        maximum: highest allowed value, for integer parameters.

    """

    def __init__(self, message: str, parametre: str, minimum: int | None = None,
                 maximum: int | None = None) -> None:
        super().__init__(message)
        self.parametre = parametre
        self.minimum = minimum
        self.maximum = maximum


class ErreurDonnees(ErreurEntree):
    """The game data bundle cannot be used (missing table, undeclared calculation...)."""
