"""Score checks: the declarations of `scores.yaml` against the engine, located on the offending node.

A declared score must be implemented by the game module (`SCORES`), every implemented one
declared, and its fields sound: unique ids, bounds in order, defaults of their type and range.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from browser_engine import jeux

from .load import DataFile
from .problems import Problem
from .validate import Located

RESERVED = ("nom", "joueurs")


def score_problems(game_id: str, located: dict[str, Located], files: list[DataFile]) -> list[Problem]:
    """Every problem of a game's score declarations."""
    implemented = set(getattr(jeux.module(game_id), "SCORES", {}) or {})
    found: list[Problem] = []
    declared: dict[str, Located] = {}
    for entry in (e for e in located.values() if e.kind == "scores"):
        key = entry.value.get("score")
        if key in declared:
            other = declared[key]
            line, col = other.file.position(other.parts + ("score",))
            found.append(entry.file.problem(entry.parts + ("score",),
                                            f"score « {key} » déjà déclaré en {other.file.path}:{line}:{col}"))
            continue
        declared[key] = entry
        if key not in implemented:
            known = ", ".join(sorted(implemented)) or "aucun"
            found.append(entry.file.problem(entry.parts + ("score",), f"score « {key} » déclaré mais pas implémenté "
                                                                     f"par le moteur (scores implémentés : {known})"))
        found.extend(_field_problems(entry))
    target = next((f for f in files if isinstance(f.value, dict) and "scores" in f.value), None)
    for key in sorted(implemented - set(declared)):
        where = target or next(f for f in files if f.path.endswith("/jeu.yaml"))
        found.append(where.problem(("scores",) if target else ("jeu",),
                                   f"le moteur implémente le score « {key} », mais aucune entrée de scores ne le "
                                   "déclare (la page « Scores et aides de partie » en a besoin)"))
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
