"""Player-supplied profile catalogues, merged into a list before it is checked.

Some games (Khârn-Âges Tactik) print their unit profiles on cards sold with the
figures, not in the rulebook: players copy their cards into a catalogue
(`schemas/catalogue-<jeu>.schema.json`) or write them in the list itself, under
`profils:`, `equipements:` and `sorts:`. `fusionner_catalogue` checks a catalogue and
returns the list with the catalogue's items added.

Precedence: an item written in the list replaces the catalogue's item of the
same id. The list's own items come first in the merged arrays, so the pointers
of the list's checks (`/profils/0/niveau`) still point into the list text.
"""
from __future__ import annotations

from typing import Any

from . import bundle
from .errors import ErreurEntree
from .reader import entiers_exacts, nom_de_type, verifier_structure
from .schema_lite import SchemaLite

CLES = ("profils", "equipements", "sorts")
MAX_LIGNES = 10


def _doublons(catalogue: dict[str, Any]) -> list[str]:
    """`/profils/3/id : …` for every id used twice in the same array."""
    out: list[str] = []
    for cle in CLES:
        vus: dict[str, int] = {}
        items = catalogue.get(cle)
        for k, item in enumerate(items if isinstance(items, list) else []):
            ident = item.get("id") if isinstance(item, dict) else None
            if not isinstance(ident, str):
                continue
            if ident in vus:
                out.append(f"/{cle}/{k}/id : identifiant « {ident[:40]} » déjà utilisé par /{cle}/{vus[ident]}.")
            else:
                vus[ident] = k
    return out


def _message(problemes: list[str]) -> str:
    """The French error message: at most MAX_LIGNES problems, then how many more."""
    if len(problemes) == 1:
        return f"Catalogue invalide : {problemes[0]}"
    lignes = [f"- {p}" for p in problemes[:MAX_LIGNES]]
    reste = len(problemes) - MAX_LIGNES
    if reste > 0:
        lignes.append(f"… et {reste} autre{'s' if reste > 1 else ''} problème{'s' if reste > 1 else ''}.")
    return f"Catalogue invalide ({len(problemes)} problèmes) :\n" + "\n".join(lignes)


def verifier_catalogue(donnees_jeu: dict[str, Any], catalogue: Any) -> dict[str, Any]:
    """Check a parsed catalogue against the game's catalogue schema.

    Args:
        donnees_jeu: the game bundle (its `schemas.catalogue`).
        catalogue: the parsed document, e.g. from `lire_document`.

    Returns:
        The catalogue, with whole floats turned into ints.

    Raises:
        ErreurEntree: the game takes no catalogue, or the catalogue is invalid
            (the message lists the problems with their JSON pointers).

    """
    schema = bundle.schema_catalogue(donnees_jeu)
    if schema is None:
        raise ErreurEntree(f"Le jeu « {bundle.nom_du_jeu(donnees_jeu)} » n'utilise pas de catalogue de profils.")
    verifier_structure(catalogue)
    if not isinstance(catalogue, dict):
        raise ErreurEntree(f"Le catalogue doit être un objet (avec les clés profils, equipements et sorts), "
                           f"pas {nom_de_type(catalogue)}.")
    catalogue = entiers_exacts(catalogue)
    problemes = [f"{e.chemin or '/'} : {e.message}" for e in SchemaLite(schema).valider(catalogue)]
    problemes += _doublons(catalogue)
    if problemes:
        raise ErreurEntree(_message(problemes))
    return catalogue


def fusionner_catalogue(donnees_jeu: dict[str, Any], liste: Any, catalogue: Any) -> Any:
    """A new list whose `profils`, `equipements` and `sorts` hold the list's items, then the catalogue's.

    A list item replaces the catalogue's item of the same id. A list that is not
    an object, or whose `profils`/`equipements`/`sorts` is not an array, is returned
    unchanged for that part: `valider` then reports the problem.

    Args:
        donnees_jeu: the game bundle.
        liste: the list document (from `lire_liste`).
        catalogue: the parsed catalogue (from `lire_document`).

    Raises:
        ErreurEntree: the catalogue is invalid (see `verifier_catalogue`).

    """
    catalogue = verifier_catalogue(donnees_jeu, catalogue)
    if not isinstance(liste, dict):
        return liste
    out = dict(liste)
    for cle in CLES:
        externes = catalogue.get(cle) or []
        internes = liste.get(cle, [])
        if not isinstance(internes, list):
            continue
        remplaces = {i["id"] for i in internes if isinstance(i, dict) and isinstance(i.get("id"), str)}
        fusion = list(internes) + [i for i in externes if i.get("id") not in remplaces]
        if fusion or cle in liste:
            out[cle] = fusion
    return out
