"""Dice whose faces the player supplies: the generic calculation parameter type `des`.

Several books print their dice as icons only (Hate's die, Tamashii's d6 and d8s), so the
faces are missing from the text. A calculation declares a parameter of type `des` with the
symbols a face may carry; the player types the faces once, and the engine never assumes one.

Declaration (in `calculs.yaml`)::

    - id: de
      nom: Faces de votre dé
      type: des
      faces: {min: 1, max: 12}   # or a fixed count: faces: 6
      exclusif: true             # at most one symbol per face
      symboles: [{id: frapper, nom: Frapper}, {id: parer, nom: Parer}]
      stockage: de-hate          # the browser shares the die between forms with this key
      defaut: null

Value given (YAML, JSON or the form's JSON): a list with one item per face, each a symbol id
(`frapper`), `vide` for a blank face, or an object `{symbole: nombre}`; also the same list
under a single key `faces`, or its text. The value read is `list[dict[str, int]]`: every
declared symbol on every face, 0 when absent.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import icepool

from .errors import ErreurParametre
from .reader import document_du_parametre
from .schema_lite import afficher, lisible

TYPE = "des"
BLANK = ("vide", "")
MAX_FACES = 30
MAX_PER_SYMBOL = 20


def _bornes_faces(decl: dict[str, Any]) -> tuple[int, int]:
    """(fewest, most) faces the declaration allows."""
    faces = decl.get("faces")
    if isinstance(faces, int) and not isinstance(faces, bool):
        return faces, faces
    if isinstance(faces, dict):
        return int(faces.get("min", 1)), int(faces.get("max", MAX_FACES))
    return 1, MAX_FACES


def symboles(decl: dict[str, Any]) -> list[str]:
    """Ids of the symbols a face may carry, in declaration order."""
    return [s["id"] for s in decl.get("symboles") or [] if isinstance(s, dict) and "id" in s]


def _noms(decl: dict[str, Any]) -> str:
    return ", ".join(str(s["id"]) for s in decl.get("symboles") or [] if isinstance(s, dict))


def _manquant(decl: dict[str, Any]) -> ErreurParametre:
    return ErreurParametre(
        f"Calcul impossible sans les faces du dé ({decl.get('nom', decl['id'])}) : le livre ne les donne pas "
        "(elles ne figurent que sous forme d'icônes), nous ne les inventons pas. Saisissez les faces de votre "
        f"propre dé, une par face, parmi : {_noms(decl)}, ou « vide ».", decl["id"])


def _nombre(decl: dict[str, Any], value: Any, ou: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PER_SYMBOL:
        raise ErreurParametre(f"Faces du dé : {ou} doit être un entier de 0 à {MAX_PER_SYMBOL} "
                              f"(reçu : {afficher(value)}).", decl["id"])
    return value


def _face(decl: dict[str, Any], item: Any, k: int) -> dict[str, int]:
    """One face, as `{symbole: nombre}` with every declared symbol."""
    connus = symboles(decl)
    face = dict.fromkeys(connus, 0)
    if item is None or (isinstance(item, str) and item.strip().lower() in BLANK):
        return face
    if isinstance(item, str):
        nom = item.strip().lower()
        if nom not in face:
            raise ErreurParametre(f"Faces du dé : face {k} « {lisible(item[:30])} » inconnue ; "
                                  f"faces possibles : {_noms(decl)}, vide.", decl["id"])
        face[nom] = 1
        return face
    if isinstance(item, int) and not isinstance(item, bool) and len(connus) == 1:
        face[connus[0]] = _nombre(decl, item, f"la face {k}")  # a die of one number per face: « 3 » is 3 of it
        return face
    if not isinstance(item, dict):
        raise ErreurParametre(f"Faces du dé : la face {k} doit être un symbole ({_noms(decl)}, vide) "
                              f"ou un objet {{symbole: nombre}}, pas {afficher(item)}.", decl["id"])
    for cle, nombre in item.items():
        if cle not in face:
            raise ErreurParametre(f"Faces du dé : symbole inconnu « {lisible(str(cle)[:30])} » sur la face {k} ; "
                                  f"symboles possibles : {_noms(decl)}.", decl["id"])
        face[cle] = _nombre(decl, nombre, f"la face {k}, {cle}")
    if decl.get("exclusif") and (sum(1 for n in face.values() if n) > 1 or any(n > 1 for n in face.values())):
        raise ErreurParametre(f"Faces du dé : la face {k} porte plusieurs symboles ; ce dé n'en montre qu'un "
                              "par face.", decl["id"])
    return face


def lire_des(decl: dict[str, Any], value: Any) -> list[dict[str, int]]:
    """Check a `des` parameter and return its faces.

    Raises:
        ErreurParametre: no die given (its faces are missing from the book), or a malformed one.

    """
    if value is None or value == [] or (isinstance(value, str) and not value.strip()):
        raise _manquant(decl)
    value = document_du_parametre(value, decl["id"], "faces", "Faces du dé illisibles")
    if value is None or value == []:
        raise _manquant(decl)
    if not isinstance(value, list):
        raise ErreurParametre("Les faces du dé doivent être une liste, une par face "
                              f"(par exemple [{_noms(decl).split(', ')[0]}, vide, …]).", decl["id"])
    fewest, most = _bornes_faces(decl)
    if not fewest <= len(value) <= most:
        attendu = f"exactement {fewest}" if fewest == most else f"de {fewest} à {most}"
        raise ErreurParametre(f"Le dé doit avoir {attendu} faces (reçu : {len(value)}).", decl["id"])
    return [_face(decl, item, k) for k, item in enumerate(value, start=1)]


def de_icepool(faces: list[dict[str, int]], fonction: Callable[[dict[str, int]], Any]) -> icepool.Die:
    """One roll of the die, each face mapped by `fonction` (faces of equal value merge)."""
    return icepool.Die([fonction(face) for face in faces])


def compte(faces: list[dict[str, int]], symbole: str) -> icepool.Die:
    """The number of `symbole` shown by one roll of the die."""
    return de_icepool(faces, lambda face: face.get(symbole, 0))


def texte_faces(faces: list[dict[str, int]]) -> str:
    """The faces written back as the player would type them (`[frapper, vide, {succes: 2}]`)."""
    def un(face: dict[str, int]) -> str:
        present = {k: n for k, n in face.items() if n}
        if not present:
            return "vide"
        if len(present) == 1 and next(iter(present.values())) == 1:
            return next(iter(present))
        return "{" + ", ".join(f"{k}: {n}" for k, n in present.items()) + "}"
    return "[" + ", ".join(un(f) for f in faces) + "]"
