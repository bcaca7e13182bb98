"""The « Mon matériel » file (the site's export, `materiel-<jeu>.json`) read by the command line.

A club shares one file; the CLI takes it where it takes the player's inputs: `probas … --paquet`
or `--de` (one item of it) and `probas-liste --saisies` (all of it). The file keeps values as the
page typed them; here they become what the calculations read: a deck typed by kinds of card
(`{nombre, jour, nuit}`) is repeated into one card per card, numbers typed as text become numbers.
The engine then checks every value as it checks any other input (French messages).

    {"format": "compendium-materiel", "version": 1, "jeu": "hami",
     "des": {cle: faces}, "paquets": {cle: [{nom, nombre, jour: {lumiere, ombre}, nuit: {…}}]},
     "valeurs": {cle: {valeur, nom}}, "catalogue": {nom, texte}}
"""
from __future__ import annotations

import re
from typing import Any

from .errors import ErreurEntree

FORMAT = "compendium-materiel"
VERSION = 1  # the format's version the site writes and reads (materiel-format.js, VERSION)
MAX_CARTES = 60  # as many cards as a deck parameter takes (hami_probas.MAX_CARTES)
ENTIER = re.compile(r"\s*\d{1,6}\s*", re.ASCII)


def est_materiel(document: Any) -> bool:
    """True for a « Mon matériel » file (an object whose `format` says so).

    Raises:
        ErreurEntree: an object whose `format` names another format (« autre »), as the page refuses it.

    """
    if not isinstance(document, dict) or "format" not in document:
        return False
    if document["format"] != FORMAT:
        raise ErreurEntree(f"Fichier de matériel : format {_court(document['format'])} inconnu ; le fichier exporté "
                           f"par « Mon matériel » porte le format « {FORMAT} ».")
    return True


def _court(valeur: Any) -> str:
    texte = str(valeur)
    return f"« {texte if len(texte) <= 40 else texte[:39] + '…'} »"


def _nombre(valeur: Any) -> Any:
    """A number typed as text ("3", "") as a number (0 when empty); anything else as it is (the engine explains)."""
    if isinstance(valeur, str) and ENTIER.fullmatch(valeur):
        return int(valeur)
    if valeur is None or valeur == "":
        return 0
    return valeur


def _face(face: Any) -> Any:
    if isinstance(face, dict):
        return {str(k): _nombre(v) for k, v in face.items()}
    return "vide" if face in ("", None) else face


def cartes(sortes: Any) -> list[dict[str, Any]]:
    """A deck typed by kinds of card, as one card per card (each kind repeated `nombre` times).

    Raises:
        ErreurEntree: not a list of kinds, a count that is not a whole number, more than 60 cards.

    """
    if not isinstance(sortes, list):
        raise ErreurEntree("Fichier de matériel : un paquet doit être une liste de sortes de cartes.")
    out: list[dict[str, Any]] = []
    for rang, sorte in enumerate(sortes, start=1):
        if not isinstance(sorte, dict):
            raise ErreurEntree(f"Fichier de matériel : la sorte de carte {rang} doit être un objet.")
        nombre = _nombre(sorte.get("nombre"))
        if isinstance(nombre, bool) or not isinstance(nombre, int) or nombre < 1:
            raise ErreurEntree(f"Fichier de matériel : la sorte de carte {rang} doit donner son nombre de cartes "
                               f"(un entier d'au moins 1).")
        if len(out) + nombre > MAX_CARTES:
            raise ErreurEntree(f"Fichier de matériel : le paquet compte plus de {MAX_CARTES} cartes.")
        nom = sorte.get("nom") if isinstance(sorte.get("nom"), str) and sorte["nom"].strip() else f"sorte {rang}"
        moities = {m: {s: _nombre((sorte.get(m) or {}).get(s)) if isinstance(sorte.get(m) or {}, dict) else sorte.get(m)
                       for s in ("lumiere", "ombre")} for m in ("jour", "nuit")}
        out += [{"nom": nom, **moities} for _ in range(nombre)]
    return out


def _verifier(document: dict[str, Any], jeu: str) -> None:
    version = document.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        raise ErreurEntree(f"Fichier de matériel : version {_court(version)} du format inconnue ou plus récente que "
                           f"celle de ce site ({VERSION}) ; exportez-le de nouveau depuis la page « Mon matériel ».")
    if document.get("jeu") not in (None, jeu):
        raise ErreurEntree(f"Ce fichier est le matériel du jeu « {str(document['jeu'])[:40]} », pas de « {jeu} ».")
    for genre in ("des", "paquets", "valeurs"):
        if not isinstance(document.get(genre, {}), dict):
            raise ErreurEntree(f"Fichier de matériel : « {genre} » doit être un objet {{clé: valeur}}.")


def saisies(document: dict[str, Any], jeu: str) -> dict[str, Any]:
    """Every item of the file as the player's inputs of « Probabilités de ma liste » ({clé: valeur}).

    Raises:
        ErreurEntree: another game's file, or an item that cannot be read (French message).

    """
    _verifier(document, jeu)
    out: dict[str, Any] = {}
    for cle, faces in (document.get("des") or {}).items():
        out[str(cle)] = [_face(f) for f in faces] if isinstance(faces, list) else faces
    for cle, sortes in (document.get("paquets") or {}).items():
        out[str(cle)] = cartes(sortes)
    for cle, valeur in (document.get("valeurs") or {}).items():
        out[str(cle)] = _nombre(valeur.get("valeur") if isinstance(valeur, dict) else valeur)
    return out


def parametre(document: dict[str, Any], jeu: str, declaration: dict[str, Any]) -> Any:
    """The file's item for one calculation parameter (a die or a deck), by its `stockage` key.

    Raises:
        ErreurEntree: another game's file, or a file without that item.

    """
    valeurs = saisies(document, jeu)
    cle = str(declaration.get("stockage") or ("paquet" if declaration.get("type") == "paquet" else declaration.get("id")))
    if cle not in valeurs:
        raise ErreurEntree(f"Le fichier de matériel ne contient pas « {declaration.get('nom', cle)} » (clé « {cle} »).")
    return valeurs[cle]
