"""Helpers for the browser tests of « Mon matériel »: typing a HAMI deck by kinds of card, as a player does.

A deck is given to these helpers card by card (what the engine reads); `sortes` groups the
identical cards into kinds with their count, the way the editor asks for them. Decks passed here
are test data, INVENTED by each test (the official composition is not in the book's text).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

CHAMPS = (("jour", "lumiere"), ("jour", "ombre"), ("nuit", "lumiere"), ("nuit", "ombre"))


def carte(jl: int, jo: int, nl: int = 0, no: int = 0) -> dict[str, Any]:
    """A Combat card as the engine reads it: symbols on its Jour and Nuit halves."""
    return {"jour": {"lumiere": jl, "ombre": jo}, "nuit": {"lumiere": nl, "ombre": no}}


def signature(c: dict[str, Any]) -> tuple[int, ...]:
    return tuple(c[moitie][symbole] for moitie, symbole in CHAMPS)


def sortes(cartes: list[dict[str, Any]]) -> list[tuple[int, tuple[int, ...]]]:
    """(count, symbols) of each kind of card, in the order each kind first appears."""
    comptes = Counter(signature(c) for c in cartes)
    vus: list[tuple[int, ...]] = []
    for c in cartes:
        if signature(c) not in vus:
            vus.append(signature(c))
    return [(comptes[s], s) for s in vus]


# The deck editor's rows; a form that holds the editor also holds its result's table, drawn as soon
# as the deck can be read (under load, before the last key is pressed).
LIGNES = "tbody tr:has(.cpd-paquet-nombre)"


def saisir_sortes(editeur: Any, cartes: list[dict[str, Any]], noms: list[str] | None = None) -> None:
    """Type `cartes` in a deck editor (paquet.js): one row per kind, its count, its non-zero symbols."""
    for rang, (nombre, symboles) in enumerate(sortes(cartes)):
        editeur.get_by_role("button", name="Ajouter une sorte de carte").click()
        ligne = editeur.locator(LIGNES).nth(rang)
        ligne.locator(".cpd-paquet-nombre").fill(str(nombre))
        if noms:
            ligne.locator(".cpd-paquet-nom").fill(noms[rang])
        for k, valeur in enumerate(symboles):
            if valeur:  # an empty cell counts as 0: only the symbols printed are typed
                ligne.locator(".cpd-paquet-symboles").nth(k).fill(str(valeur))
    editeur.locator(LIGNES).last.locator(".cpd-paquet-nombre").press("Tab")
