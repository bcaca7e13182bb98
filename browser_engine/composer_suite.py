"""What the builder asks after each check, computed one validation at a time.

The builder sends one request per change of the list. The engine answers it with the report at
once, then, in the worker's idle time and only until a newer change arrives, with what the page
shows around the entry being edited:

* **forced values** (`forces`): a field the rules leave with a single allowed value for its entry
  (a Conteur is always the Meneur; in co-op, a player's starting augmentations). Each candidate
  value is tried with the same validator as the checker, on the list with every entry reduced
  to what makes it what it is (its kind: `garder`, the builder's `x-sorte` fields), the field tried
  kept, and the options kept: a value is refused when it brings errors on the entry that the
  other candidates do not bring. The entries' other choices are left out on purpose: « two
  Meneurs », or « a Héros is alone » for a unit of ten, are choices the player makes between
  fields, not values the rules force. The entries themselves stay, by their kind: how many
  players a Tamashii setup has decides between the solo and the co-op augmentations. For a
  list-wide field (an option) the whole list and all its errors count. Nothing here knows a rule:
  only `valider` decides.
* **choices** (`choix`): the allowed values of the pickers open on the page (`options_pas`).

`suite_pas` yields None after each validation and a result dict when a field is done, so the
worker can stop between two validations when the player changes the list again.
"""
from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import replace
from itertools import combinations
from typing import Any

from .composer import ABSENT, Champ, choix_du_champ, options_pas, variante
from .composer_impose import imposer_pas
from .errors import ErreurEntree
from .validation import valider

MAX_CHAMPS = 40
MAX_ITEMS_ENSEMBLES = 4  # an array of up to 4 items is tried as its 16 sets

Cle = tuple[Any, Any]


def _portee(champ: Champ) -> str | None:
    return f"/entrees/{champ.index}" if champ.index is not None else None


def _erreurs(rapport: dict[str, Any], portee: str | None) -> dict[Cle, dict[str, Any]]:
    """The report's errors on the entry `portee` (all of them for a list-wide field), by (code, pointer)."""
    out = {}
    for v in rapport.get("erreurs") or []:
        chemin = v.get("chemin")
        if portee is None or (isinstance(chemin, str) and (chemin == portee or chemin.startswith(portee + "/"))):
            out[(v.get("code"), chemin)] = v
    return out


def _raisons(ensembles: Iterable[dict[Cle, dict[str, Any]]], communes: set[Cle]) -> list[dict[str, Any]]:
    """The violations that refused candidates bring beyond those every candidate has, once each."""
    vues: dict[Cle, dict[str, Any]] = {}
    for erreurs in ensembles:
        for cle, v in erreurs.items():
            if cle not in communes and cle not in vues:
                vues[cle] = {k: v.get(k) for k in ("code", "message", "chemin", "regle", "parties") if k in v}
    return list(vues.values())


def _valeur_forcee(donnees_jeu: dict[str, Any], liste: dict[str, Any],
                   champ: Champ) -> Generator[None, None, dict[str, Any] | None]:
    """A one-value field: the single candidate its entry accepts, or None when several (or none) are.

    An array with few items (`MAX_ITEMS_ENSEMBLES`) is a one-value field whose values are the
    sets of its items: a rule may ask for a pair (Tamashii's « commune » and « coop »).
    """
    if champ.genre == "bascule":
        candidats: list[Any] = [list(c) for n in range(len(champ.valeurs) + 1)
                                for c in combinations(champ.valeurs, n)]
        candidats[0] = ABSENT
        champ = replace(champ, genre="valeur")
    else:
        candidats = list(champ.valeurs)
        if not champ.requis and "default" not in champ.noeud:
            candidats.append(ABSENT)  # « — Aucun — » is a choice too
    if len(candidats) < 2:
        return None
    portee = _portee(champ)
    ensembles = []
    for valeur in candidats:
        _, autre = variante(liste, champ, valeur)
        ensembles.append(_erreurs(valider(donnees_jeu, autre), portee))
        yield None
    communes = set.intersection(*(set(e) for e in ensembles))
    permis = [k for k, e in enumerate(ensembles) if set(e) == communes]
    if len(permis) != 1:
        return None
    refuses = [e for k, e in enumerate(ensembles) if k != permis[0]]
    valeur = candidats[permis[0]]
    return {"chemin": champ.chemin, "valeur": None if valeur is ABSENT else valeur, "absent": valeur is ABSENT,
            "raisons": _raisons(refuses, communes)}


def forces_pas(donnees_jeu: dict[str, Any], liste: dict[str, Any], chemins: Iterable[Any],
               garder: Iterable[Any] = ()) -> Generator[dict[str, Any] | None, None, None]:
    """For each field at `chemins`, yields its forced value once found (None between validations).

    A field that is not forced yields `{"chemin", "force": False}`; a forced one
    `{"chemin", "force": True, "valeur", "absent", "raisons"}` (`absent`: the rules allow no value).
    Pointers that name no field with choices are skipped. `garder`: the entry's fields kept in
    the reduced entry (its kind), besides the field tried.
    """
    garder = [k for k in garder if isinstance(k, str)]
    for chemin in list(chemins)[:MAX_CHAMPS]:
        try:
            reduite, ici = _reduite(liste, chemin, garder)
            champ = choix_du_champ(donnees_jeu, reduite, ici)
        except ErreurEntree:
            continue
        # A long array is never forced: « exactly one of twelve » leaves the choice to the player,
        # and trying its items one by one cannot tell that from « all twelve ».
        trouve = None
        if champ.genre != "bascule" or len(champ.valeurs) <= MAX_ITEMS_ENSEMBLES:
            trouve = yield from _valeur_forcee(donnees_jeu, reduite, champ)
        if trouve is None:
            yield {"chemin": chemin, "force": False}
        else:
            yield {**trouve, "chemin": chemin, "force": True}


def _reduite(liste: dict[str, Any], chemin: Any, garder: list[str]) -> tuple[dict[str, Any], Any]:
    """The list with every entry reduced to its kind, the field at `chemin` kept on its entry.

    Each entry keeps only its `garder` fields; the entry `chemin` points into keeps that field
    too. The pointer is unchanged.
    """
    jetons = chemin.split("/") if isinstance(chemin, str) else []
    entrees = liste.get("entrees")
    if len(jetons) < 4 or jetons[1] != "entrees" or not jetons[2].isdigit() or not isinstance(entrees, list):
        return liste, chemin
    index = int(jetons[2])
    if index >= len(entrees):
        raise ErreurEntree(f"La liste n'a pas d'entrée n° {index + 1}.")
    champ = jetons[3].replace("~1", "/").replace("~0", "~")

    def sorte(rang: int, entree: Any) -> Any:
        if not isinstance(entree, dict):
            return entree
        return {k: v for k, v in entree.items() if k in garder or (rang == index and k == champ)}

    return {**liste, "entrees": [sorte(r, e) for r, e in enumerate(entrees)]}, chemin


def suite_pas(donnees_jeu: dict[str, Any], liste: dict[str, Any],
              demande: Any) -> Generator[dict[str, Any] | None, None, None]:
    """The builder's requests after a check: `{"imposer", "forces": [pointers], "garder": [fields], "choix": [pointers]}`.

    `imposer: {"remplis": {...}}` first gives `{"impose": ...}` (`composer_impose.imposer_pas`);
    when it changes the list, nothing else is computed (the builder writes the new list).

    Yields None after each validation, `{"forces": result}` per field examined for a forced value,
    and `{"choix": options}` (the answer of `options_permises`) per open picker, forced values first.
    A pointer that names no field with choices gives `{"choix": {"chemin", "erreur"}}`.
    """
    if not isinstance(demande, dict):
        return
    if isinstance(demande.get("imposer"), dict):
        # What the rules fill in first: the builder writes it, and asks the rest of the new list.
        impose = yield from imposer_pas(donnees_jeu, liste, demande["imposer"])
        yield {"impose": impose}
        if impose["valeurs"] or impose["retires"] or impose["entrees"]:
            return
    forces = demande.get("forces") if isinstance(demande.get("forces"), list) else []
    garder = demande.get("garder") if isinstance(demande.get("garder"), list) else []
    for resultat in forces_pas(donnees_jeu, liste, forces, garder):
        yield None if resultat is None else {"forces": resultat}
    choix = demande.get("choix") if isinstance(demande.get("choix"), list) else []
    for chemin in choix[:MAX_CHAMPS]:
        try:
            reponse = yield from options_pas(donnees_jeu, liste, chemin)
        except ErreurEntree as exc:
            reponse = {"chemin": chemin, "erreur": str(exc)}
        yield {"choix": reponse}
