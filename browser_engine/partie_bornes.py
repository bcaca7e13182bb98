"""Play mode: reading a counter's bounds and a list entry's fields, for the sheets and their profiles.

Shared by `partie`, `partie_ajouts` and `partie_profil`. A counter declares `min`, `max` and
`depart`; `depart: min` or `depart: max` starts at that bound. How one bound is read (a book
value, a field of the list, a field of a card…) is the caller's. A field of a list entry
(`/nombre`) takes the list schema's `default` when the list leaves it out.
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


def suivre(schema: dict[str, Any], noeud: Any) -> dict[str, Any]:
    """A schema node with its local `$ref`s followed (an empty dict when it is not a node)."""
    for _ in range(10):
        if isinstance(noeud, dict) and isinstance(noeud.get("$ref"), str) and noeud["$ref"].startswith("#/"):
            noeud = pointeur(schema, noeud["$ref"][1:]) or {}
        else:
            break
    return noeud if isinstance(noeud, dict) else {}


def schema_liste(donnees: dict[str, Any]) -> dict[str, Any]:
    """The game's list schema shipped in the bundle (empty when it has none)."""
    schema = (donnees.get("schemas") or {}).get("liste")
    return schema if isinstance(schema, dict) else {}


def schema_entree(donnees: dict[str, Any]) -> dict[str, Any]:
    """The list schema's node for one entry, its `$ref` followed."""
    schema = schema_liste(donnees)
    return suivre(schema, pointeur(schema, "/properties/entrees/items") or {})


def noeud_champ(donnees: dict[str, Any], chemin: str) -> dict[str, Any]:
    """The list schema's node for a field of an entry (`/atouts/bouclier`), empty when unknown."""
    schema = schema_liste(donnees)
    noeud = schema_entree(donnees)
    for part in chemin.strip("/").split("/"):
        noeud = suivre(schema, (noeud.get("properties") or {}).get(part))
    return noeud


def champ(donnees: dict[str, Any], entree: Any, chemin: str) -> Any:
    """A field of a list entry, or the list schema's `default` for it when the entry leaves it out."""
    if not isinstance(entree, dict):
        return None
    valeur = pointeur(entree, chemin)
    return noeud_champ(donnees, chemin).get("default") if valeur is None else valeur
