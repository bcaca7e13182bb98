"""A pile the player describes by counts: the generic calculation parameter type `pile` (see `pioche`).

Many random mechanics are draws from a deck, a bag of tokens or a set of tiles whose contents
the books do not print (Hate's huts and traps, Tamashii's Bodies and tokens, HAMI's Combat
cards). The player types the pile as counts per kind and ticks the kinds he wants. Nothing is
assumed: a pile has no default.

Declaration (in a game's `calculs.yaml`)::

    - id: pile
      nom: Votre pile
      type: pile
      sortes: {min: 1, max: 12}   # kinds the player may type (at most MAX_SORTES)
      cartes_max: 200              # most items in the pile, all kinds together (at most MAX_CARTES)
      remelange: true              # optional: a « défaussées » count per kind, shuffled back in when the pile is empty
      stockage: pile-hate          # optional: the browser keeps the pile under this key
      defaut: null

Value given (YAML, JSON or the form's JSON): a list with one item per kind,
`{nom, nombre, sorties?, defaussees?, voulue?}`: `nombre` items of that kind in the whole pile,
`sorties` of them no longer in it (drawn earlier, in a hand, removed), `defaussees` of those in
the discard pile (shuffled back when the pile runs out, if the declaration allows it), `voulue`
whether the kind counts. Also the same list under a single key `sortes`, or its text.

The bounds (MAX_SORTES kinds, `cartes_max` items) keep every calculation short; they are
checked here, before anything is computed.
"""
from __future__ import annotations

import unicodedata
from typing import Any

from .errors import ErreurParametre
from .reader import document_du_parametre
from .schema_lite import afficher, lisible

TYPE = "pile"
MAX_SORTES = 12  # inclusion-exclusion over the wanted kinds: at most 4096 terms
MAX_CARTES = 1000
MAX_NOM = 40
CLES_SORTE = ("nom", "nombre", "sorties", "defaussees", "voulue")


def _bornes_sortes(decl: dict[str, Any]) -> tuple[int, int]:
    sortes = decl.get("sortes")
    if isinstance(sortes, dict):
        return int(sortes.get("min", 1)), min(int(sortes.get("max", MAX_SORTES)), MAX_SORTES)
    return 1, MAX_SORTES


def cartes_max(decl: dict[str, Any]) -> int:
    """The most items the declaration lets a pile hold."""
    value = decl.get("cartes_max")
    return min(value, MAX_CARTES) if isinstance(value, int) and not isinstance(value, bool) else MAX_CARTES


def _manquant(decl: dict[str, Any]) -> ErreurParametre:
    return ErreurParametre(
        f"Calcul impossible sans la composition de la pile ({decl.get('nom', decl['id'])}) : donnez pour chaque "
        "sorte son nom, son nombre et si vous la voulez. Le livre ne donne pas toujours ces nombres ; "
        "nous ne les inventons pas.", decl["id"])


def _entier(decl: dict[str, Any], value: Any, ou: str, maximum: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= maximum:
        raise ErreurParametre(f"Pile : {ou} doit être un entier de 0 à {maximum} (reçu : {afficher(value)}).",
                              decl["id"], 0, maximum)
    return value


def _nom(decl: dict[str, Any], value: Any, k: int) -> str:
    if value is None or value == "":
        return f"sorte {k}"
    if not isinstance(value, str):
        raise ErreurParametre(f"Pile : le nom de la sorte {k} doit être un texte (reçu : {afficher(value)}).",
                              decl["id"])
    nom = " ".join(value.split())
    if len(nom) > MAX_NOM or any(unicodedata.category(c).startswith("C") for c in nom):
        raise ErreurParametre(f"Pile : le nom de la sorte {k} « {lisible(nom[:MAX_NOM])} » doit tenir en "
                              f"{MAX_NOM} caractères imprimables.", decl["id"])
    return nom or f"sorte {k}"


def _booleen(decl: dict[str, Any], value: Any, ou: str) -> bool:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "vrai", "oui", "false", "faux", "non"):
        return value.strip().lower() in ("true", "vrai", "oui")
    raise ErreurParametre(f"Pile : {ou} vaut true ou false (reçu : {afficher(value)}).", decl["id"])


def _sorte(decl: dict[str, Any], item: Any, k: int, maximum: int) -> dict[str, Any]:
    """One kind, checked: `{nom, nombre, sorties, defaussees, voulue}`."""
    if not isinstance(item, dict):
        raise ErreurParametre(f"Pile : la sorte {k} doit être un objet {{nom, nombre, voulue}}, pas "
                              f"{afficher(item)}.", decl["id"])
    inconnues = [str(c) for c in item if c not in CLES_SORTE]
    if inconnues:
        raise ErreurParametre(f"Pile : champ inconnu « {lisible(inconnues[0][:30])} » pour la sorte {k} ; "
                              f"champs possibles : {', '.join(CLES_SORTE)}.", decl["id"])
    nom = _nom(decl, item.get("nom"), k)
    if item.get("nombre") is None:
        raise ErreurParametre(f"Pile : indiquez le nombre de « {nom} » (sorte {k}).", decl["id"])
    nombre = _entier(decl, item["nombre"], f"le nombre de « {nom} »", maximum)
    sorties = _entier(decl, item.get("sorties") or 0, f"le nombre de « {nom} » déjà sorties", nombre)
    defaussees = _entier(decl, item.get("defaussees") or 0, f"le nombre de « {nom} » défaussées", sorties)
    if defaussees and not decl.get("remelange"):
        raise ErreurParametre(f"Pile : cette pile n'est jamais remélangée ; « défaussées » n'a pas de sens "
                              f"(sorte « {nom} »).", decl["id"])
    return {"nom": nom, "nombre": nombre, "sorties": sorties, "defaussees": defaussees,
            "voulue": _booleen(decl, item.get("voulue"), f"« voulue » de « {nom} »")}


def lire_pile(decl: dict[str, Any], value: Any) -> list[dict[str, Any]]:
    """Check a `pile` parameter and return its kinds.

    Raises:
        ErreurParametre: no pile given, or a malformed one (French message naming the limit).

    """
    if value is None or value == [] or (isinstance(value, str) and not value.strip()):
        raise _manquant(decl)
    value = document_du_parametre(value, decl["id"], "sortes", "Pile illisible")
    if value is None or value == []:
        raise _manquant(decl)
    if not isinstance(value, list):
        raise ErreurParametre("La pile doit être une liste de sortes, par exemple "
                              "[{nom: Voulues, nombre: 4, voulue: true}, {nom: Autres, nombre: 10}].", decl["id"])
    fewest, most = _bornes_sortes(decl)
    if not fewest <= len(value) <= most:
        raise ErreurParametre(f"La pile doit avoir de {fewest} à {most} sortes (reçu : {len(value)}) ; regroupez "
                              "les sortes qui ne vous intéressent pas en une seule.", decl["id"], fewest, most)
    maximum = cartes_max(decl)
    sortes = [_sorte(decl, item, k, maximum) for k, item in enumerate(value, start=1)]
    total = sum(s["nombre"] for s in sortes)
    if total > maximum:
        raise ErreurParametre(f"La pile compte {total} éléments ; le calcul en accepte au plus {maximum}.",
                              decl["id"], 0, maximum)
    if not any(s["voulue"] for s in sortes):
        raise ErreurParametre("Cochez au moins une sorte voulue : le calcul compte combien des sortes voulues "
                              "sont tirées.", decl["id"])
    return sortes
