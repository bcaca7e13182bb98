"""Score checks: the declarations of `scores.yaml` against the engine, located on the offending node.

A declared score must be implemented by the game module (`SCORES`), every implemented one
declared, and its fields sound: unique ids, bounds in order, defaults of their type and range.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from browser_engine import jeux

from .declarations import Kind, check_declarations
from .load import DataFile
from .problems import Problem
from .validate import Located

RESERVED = ("nom", "joueurs")
SCORES = Kind("scores", "score", "la page « Scores et aides de partie » en a besoin")


def score_problems(game_id: str, located: dict[str, Located], files: list[DataFile]) -> list[Problem]:
    """Every problem of a game's score declarations."""
    implemented = set(getattr(jeux.module(game_id), "SCORES", {}) or {})
    entries, found = check_declarations(SCORES, located, files, implemented)
    for entry, _implemented in entries:
        found.extend(_field_problems(entry))
    return found


def _field_problems(entry: Located) -> Iterator[Problem]:
    bornes = entry.value.get("joueurs") or {}
    if bornes.get("min", 0) > bornes.get("max", 0):
        yield entry.file.problem(entry.parts + ("joueurs",), "joueurs : min est plus grand que max")
    seen: set[str] = set()
    for group in ("champs_joueur", "champs"):
        for i, field in enumerate(entry.value.get(group) or []):
            here = entry.parts + (group, i)
            name = field.get("id")
            if name in RESERVED or name in seen:
                reason = "réservé" if name in RESERVED else "déjà utilisé par un autre champ de ce score"
                yield entry.file.problem(here + ("id",), f"identifiant de champ « {name} » {reason}")
            seen.add(name)
            message = _default_problem(field)
            if message:
                yield entry.file.problem(here, message)


def _default_problem(field: dict[str, Any]) -> str | None:
    """What is wrong with a field's bounds or default, if anything."""
    low, high = field.get("min"), field.get("max")
    if low is not None and high is not None and low > high:
        return f"champ « {field['id']} » : min ({low}) est plus grand que max ({high})"
    if "defaut" not in field:
        return None
    value = field["defaut"]
    if field["type"] == "booleen":
        return None if isinstance(value, bool) else f"champ « {field['id']} » : la valeur par défaut doit être true ou false"
    if field["type"] == "liste":
        return f"champ « {field['id']} » : une liste n'a pas de valeur par défaut (laissez-la vide)"
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"champ « {field['id']} » : la valeur par défaut {value!r} n'est pas un entier de {low} à {high}"
    return None
