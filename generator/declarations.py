"""Declaration checks shared by calculations and scores, located on the offending node.

Each key is declared once and implemented by the engine; every implemented key is declared.
"""
from __future__ import annotations

from dataclasses import dataclass

from .load import DataFile
from .problems import Problem
from .validate import Located


@dataclass(frozen=True)
class Kind:
    """One kind of declaration, e.g. the calculations of `calculs.yaml`.

    Attributes:
        section: the data kind and top-level key (`calculs`, `scores`).
        field: the field naming the engine's key (`calcul`, `score`).
        needed_for: why an undeclared implementation matters, in French.

    """

    section: str
    field: str
    needed_for: str


def check_declarations(kind: Kind, located: dict[str, Located], files: list[DataFile],
                       implemented: set[str]) -> tuple[list[tuple[Located, bool]], list[Problem]]:
    """Every declaration of one kind against the keys the engine implements.

    Args:
        kind: which declarations.
        located: the game's located entries.
        files: the game's data files (to locate an implemented key nobody declares).
        implemented: the keys the engine's game module implements.

    Returns:
        The first declaration of each key with whether the engine implements it, and the problems.

    """
    found: list[Problem] = []
    declared: dict[str, Located] = {}
    for entry in (e for e in located.values() if e.kind == kind.section):
        key = entry.value.get(kind.field)
        here = entry.parts + (kind.field,)
        if key in declared:
            other = declared[key]
            line, col = other.file.position(other.parts + (kind.field,))
            found.append(entry.file.problem(here, f"{kind.field} « {key} » déjà déclaré en "
                                                  f"{other.file.path}:{line}:{col}"))
            continue
        declared[key] = entry
        if key not in implemented:
            known = ", ".join(sorted(implemented)) or "aucun"
            found.append(entry.file.problem(here, f"{kind.field} « {key} » déclaré mais pas implémenté par le "
                                                  f"moteur ({kind.section} implémentés : {known})"))
    target = next((f for f in files if isinstance(f.value, dict) and kind.section in f.value), None)
    where = target or next(f for f in files if f.path.endswith("/jeu.yaml"))
    for key in sorted(implemented - set(declared)):
        found.append(where.problem((kind.section,) if target else ("jeu",),
                                   f"le moteur implémente le {kind.field} « {key} », mais aucune entrée de "
                                   f"{kind.section} ne le déclare ({kind.needed_for})"))
    return [(entry, entry.value.get(kind.field) in implemented) for entry in declared.values()], found
