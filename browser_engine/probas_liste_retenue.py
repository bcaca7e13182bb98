"""Odds of a list computed only on the values the list checker accepts (issue 24, item 14).

Before a game adapter reads a list (or an opposing list), the list goes through the checks of
its values: the game's list schema (types, ranges, enums, required fields), and for the games
whose players supply profile cards, the catalogue schema of those cards. Every item of a
top-level array (an entry, a Khârn-Âges profile card…) that a failure points into is left out:
it is replaced by `None`, so that the other items keep their index, and the player is told why
(a remark on the entry's row, a note for any other item). The adapters already skip whatever is
not an object. The game's composition rules (budget, counts…) refuse a list, not a value: a
list that breaks them still gets its odds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import bundle
from .regles import nom_court
from .schema_lite import Ecart, SchemaLite

ENTREES = "entrees"
MAX_RAISONS = 3


@dataclass
class Retenue:
    """A list without the items the checker refuses, and why each was left out."""

    liste: dict[str, Any]
    entrees: dict[int, list[str]] = field(default_factory=dict)  # entry index -> reasons
    notes: list[str] = field(default_factory=list)  # the other items left out


def _ecarts(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> list[Ecart]:
    """The failures of the list's values: list schema, then catalogue schema on the arrays it describes."""
    ecarts: list[Ecart] = []
    schema = bundle.schema_liste(donnees_jeu)
    if schema is not None:
        ecarts += SchemaLite(schema).valider(liste)
    catalogue = bundle.schema_catalogue(donnees_jeu)
    if catalogue is not None:
        document = {cle: liste[cle] for cle in catalogue.get("properties") or {} if isinstance(liste.get(cle), list)}
        ecarts += SchemaLite(catalogue).valider(document)
    return ecarts


def _raisons(ecarts: list[Ecart], liste: dict[str, Any]) -> dict[tuple[str, int], list[str]]:
    """The failures grouped by the array item they point into (`/entrees/2/nombre` -> entrees, 2)."""
    out: dict[tuple[str, int], list[str]] = {}
    for ecart in ecarts:
        parts = ecart.chemin.split("/")
        if len(parts) < 3 or not parts[2].isdigit():
            continue
        items = liste.get(parts[1])
        if not isinstance(items, list) or int(parts[2]) >= len(items):
            continue
        raisons = out.setdefault((parts[1], int(parts[2])), [])
        if ecart.message not in raisons:
            raisons.append(ecart.message)
    return out


def _texte(messages: list[str]) -> str:
    """The first three reasons."""
    texte = " ; ".join(m.rstrip(". ") for m in messages[:MAX_RAISONS])
    return texte + (" ; …" if len(messages) > MAX_RAISONS else "")


def _element(cle: str, index: int, item: Any) -> str:
    """How a note names a refused item: « entrée 2 « Harpies » », « profils 3 « Guerrier » »."""
    nom = nom_court(item.get("nom") or item.get("id"), "") if isinstance(item, dict) else ""
    return f"{'entrée' if cle == ENTREES else cle} {index + 1}" + (f" « {nom} »" if nom else "")


def retenir(donnees_jeu: dict[str, Any], liste: dict[str, Any], qui: str = "") -> Retenue:
    """The list as the odds may read it: the items whose values the checker refuses replaced by None.

    Args:
        donnees_jeu: the game bundle.
        liste: the list (already checked for structure, `entiers_exacts` applied).
        qui: how the notes name the list (« Liste adverse »), empty for the player's list.

    Returns:
        The list to compute on, the reasons of each refused entry, the notes for the other items
        (and for every entry of an opposing list, which has no row to carry a remark).

    """
    raisons = _raisons(_ecarts(donnees_jeu, liste), liste)
    copie = dict(liste)
    for cle in {cle for cle, _ in raisons}:
        copie[cle] = list(liste[cle])
    retenue = Retenue(copie)
    for (cle, index), messages in sorted(raisons.items()):
        element = _element(cle, index, copie[cle][index])
        copie[cle][index] = None
        if cle == ENTREES and not qui:
            retenue.entrees[index] = messages
            continue
        e = "e" if cle == ENTREES else ""
        debut = f"{qui}, {element}" if qui else element[:1].upper() + element[1:]
        retenue.notes.append(f"{debut} : refusé{e} par la vérification, ignoré{e} pour les probabilités "
                             f"({_texte(messages)}).")
    return retenue


def remarque(messages: list[str]) -> str:
    """The remark on the row of an entry left out."""
    return f"Entrée refusée par la vérification, pas de calcul : {_texte(messages)}."
