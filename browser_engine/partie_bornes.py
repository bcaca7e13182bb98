"""Play mode: reading a counter's bounds, for the list's sheets and the cards added during play.

Shared by `partie` and `partie_ajouts`. A counter declares `min`, `max` and `depart`; `depart: min` or `depart: max` starts at that bound.
How one bound is read (a book value, a field of the list, a field of a card…) is the caller's.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

Lu = TypeVar("Lu")


def pointeur(document: Any, chemin: str) -> Any:
    """The value at a JSON pointer (`/a/b`), or None when a part is missing."""
    noeud = document
    for part in chemin.strip("/").split("/"):
        if isinstance(noeud, dict):
            noeud = noeud.get(part)
        elif isinstance(noeud, list) and part.isdigit() and int(part) < len(noeud):
            noeud = noeud[int(part)]
        else:
            return None
    return noeud


def entier(valeur: Any) -> int | None:
    """`valeur` when it is an integer (a boolean is not), else None."""
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) else None


def bornes_et_depart(decl: dict[str, Any], lire: Callable[[Any], Lu]) -> tuple[Lu, Lu, Lu]:
    """(min, max, depart) of a counter, each as `lire` reads a bound; `depart: min|max` reuses that bound."""
    bas, haut = lire(decl.get("min")), lire(decl.get("max"))
    depart = decl.get("depart")
    return bas, haut, (haut if depart == "max" else bas if depart == "min" else lire(depart))
