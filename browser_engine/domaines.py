"""Domains of the values a game module derives for the data rules (`domaines_derives`).

A game module that adds values to list entries (`mode`, `nb_generiques`…) declares, for each one,
the values it can hold as a JSON Schema fragment. The build checks every value a rule condition
(`selecteur`, `si`) compares them with: a value no list can produce would turn the rule off
silently. A fragment may point into the game's list schema with a local `$ref`.
"""
from __future__ import annotations

from typing import Any

BOOLEEN: dict[str, Any] = {"type": "boolean"}
COMPTE: dict[str, Any] = {"type": "integer", "minimum": 0}
ENTIER: dict[str, Any] = {"type": "integer"}
TEXTE: dict[str, Any] = {"type": "string"}


def option(nom: str) -> dict[str, Any]:
    """The domain of a list-wide option copied on every entry (`options.mode`)."""
    return {"$ref": f"#/properties/options/properties/{nom}"}


def champ(nom: str) -> dict[str, Any]:
    """The domain of a field of a list entry (`entrees[].caste`)."""
    return {"$ref": f"#/properties/entrees/items/properties/{nom}"}


def parmi(*valeurs: Any) -> dict[str, Any]:
    """A domain of a few values."""
    return {"enum": list(valeurs)}


def ou(*domaines: dict[str, Any]) -> dict[str, Any]:
    """A value of any of these domains."""
    return {"anyOf": list(domaines)}
