"""Scores and deterministic game helpers: what the players enter, checked against the declaration.

A game declares its scores in `data/<jeu>/scores.yaml` (exported in the bundle under
`scores`); its module's `SCORES[cle](document)` computes them. The document is
`{joueurs: [{nom, <champ>: valeur…}], <champ de la partie>: valeur…}`.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from . import bundle, jeux
from .errors import ErreurDonnees, ErreurEntree, ErreurParametre
from .odds import _booleen, _entier
from .reader import verifier_structure
from .schema_lite import afficher, lisible

NOM_MAX = 60
LISTE_MAX = 60
_SEPARATEURS = re.compile(r"[\s,;]+")
# Terminal controls and the invisible marks that reorder text (bidirectional controls, U+202E…).
INVISIBLES = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def declarations(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's score declarations (`scores`), in data order."""
    return [s for s in donnees_jeu.get("scores") or [] if isinstance(s, dict)]


def declaration(donnees_jeu: dict[str, Any], cle: str) -> dict[str, Any]:
    """A score's declaration, by its key (`chronique`) or its entry id.

    Raises:
        ErreurEntree: unknown score.

    """
    found = declarations(donnees_jeu)
    for decl in found:
        if cle in (decl.get("score"), decl.get("id")):
            return decl
    known = ", ".join(str(d.get("score")) for d in found) or "aucun"
    raise ErreurEntree(f"Score inconnu « {lisible(str(cle)[:40])} » pour {bundle.nom_du_jeu(donnees_jeu)} ; "
                       f"scores disponibles : {known}.")


def _liste(decl: dict[str, Any], value: Any) -> list[int]:
    """A list of bounded integers, given as a list or as text (`12, 18 25`)."""
    if isinstance(value, str):
        value = [v for v in _SEPARATEURS.split(value.strip()) if v]
    if not isinstance(value, list) or len(value) > LISTE_MAX:
        raise ErreurParametre(f"« {decl['nom']} » doit être une liste d'entiers de {decl['min']} à {decl['max']} "
                              f"(au plus {LISTE_MAX}), séparés par des virgules (reçu : {afficher(value)}).",
                              decl["id"], decl.get("min"), decl.get("max"))
    out = []
    for item in value:
        try:
            out.append(_entier(decl, item))
        except ErreurParametre:
            raise ErreurParametre(f"« {decl['nom']} » : chaque valeur doit être un entier de {decl['min']} à "
                                  f"{decl['max']} (reçu : {afficher(item)}).", decl["id"], decl.get("min"),
                                  decl.get("max")) from None
    return sorted(set(out))


def _decrit(value: Any) -> str:
    """A value a message says it did not expect: « une valeur vide » rather than « null »."""
    return "une valeur vide" if value is None else afficher(value)


def _vide(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or value == []


def lire_champ(decl: dict[str, Any], value: Any, ou: str) -> Any:
    """One field's checked value (`ou` names the row or « la partie » in messages).

    Raises:
        ErreurParametre: missing required value, wrong type or out of range.

    """
    if _vide(value):
        if "defaut" in decl:
            return decl["defaut"]
        if decl.get("obligatoire") is False:
            return [] if decl.get("type") == "liste" else None
        raise ErreurParametre(f"{ou} : valeur manquante pour « {decl['nom']} ».", decl["id"], decl.get("min"),
                              decl.get("max"))
    try:
        if decl.get("type") == "booleen":
            return _booleen(decl, value)
        if decl.get("type") == "liste":
            return _liste(decl, value)
        return _entier(decl, value)
    except ErreurParametre as exc:
        message = exc.message.replace(f"Le paramètre « {decl['id']} » ({decl['nom']})", f"« {decl['nom']} »")
        raise ErreurParametre(f"{ou} : {message}", decl["id"], exc.minimum, exc.maximum) from None


def _inconnus(donnees: dict[str, Any], permis: Sequence[str], ou: str) -> None:
    for key in donnees:
        if key not in permis:
            possibles = ", ".join(permis) or "aucun"
            raise ErreurParametre(f"{ou} : champ inconnu « {lisible(str(key)[:40])} » ; champs possibles : "
                                  f"{possibles}.", str(key))


def _nom(value: Any, rang: int, libelle: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return f"{libelle} {rang}"
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise ErreurEntree(f"{libelle} {rang} : le nom doit être un texte (reçu : {afficher(value)}).")
    texte = unicodedata.normalize("NFC", " ".join(str(value).split()))  # « Élise » typed either way is one player
    if INVISIBLES.search(texte):
        raise ErreurEntree(f"{libelle} {rang} : le nom contient un caractère de contrôle ou un caractère invisible "
                           "qui change le sens d'écriture ; retirez-le.")
    if len(texte) > NOM_MAX:
        raise ErreurEntree(f"{libelle} {rang} : nom trop long ({len(texte)} caractères, {NOM_MAX} au plus).")
    return texte


def _lignes(decl: dict[str, Any], lignes: Any) -> list[dict[str, Any]]:
    bornes = decl.get("joueurs") or {"min": 0, "max": 0}
    libelle = decl.get("ligne", "Joueur")
    pluriel = "lignes" if libelle != "Joueur" else "joueurs"
    if bornes["max"] == 0:
        if not _vide(lignes):
            raise ErreurEntree(f"« {decl['nom']} » ne prend pas de tableau « joueurs » : seulement les champs "
                               "de la partie.")
        return []
    if not isinstance(lignes, list):
        raise ErreurEntree(f"« joueurs » doit être une liste ({bornes['min']} à {bornes['max']} {pluriel}), "
                           f"pas {_decrit(lignes)}.")
    if not bornes["min"] <= len(lignes) <= bornes["max"]:
        raise ErreurEntree(f"« {decl['nom']} » se calcule avec {bornes['min']} à {bornes['max']} {pluriel} "
                           f"(reçu : {len(lignes)}).")
    champs = decl.get("champs_joueur") or []
    out: list[dict[str, Any]] = []
    for rang, ligne in enumerate(lignes, 1):
        if not isinstance(ligne, dict):
            raise ErreurEntree(f"{libelle} {rang} : une ligne avec son nom et ses valeurs est attendue, "
                               f"pas {_decrit(ligne)}.")
        nom = _nom(ligne.get("nom"), rang, libelle)
        ou = f"{libelle} « {nom} »"
        _inconnus(ligne, ["nom"] + [c["id"] for c in champs], ou)
        valeurs = {"nom": nom}
        for champ in champs:
            valeurs[champ["id"]] = lire_champ(champ, ligne.get(champ["id"]), ou)
        out.append(valeurs)
    noms = [v["nom"].casefold() for v in out]
    for i, nom in enumerate(noms):
        if nom in noms[:i]:
            raise ErreurEntree(f"Deux lignes portent le même nom « {out[i]['nom']} » : donnez un nom différent "
                               "à chacune.")
    return out


def lire_document(decl: dict[str, Any], document: Any) -> dict[str, Any]:
    """The document checked against the declaration: every field present, typed and in range.

    Raises:
        ErreurEntree: not an object, wrong row count, bad or duplicate names.
        ErreurParametre: unknown, missing or out-of-range field.

    """
    if document is None:
        document = {}
    if not isinstance(document, dict):
        raise ErreurEntree(f"Le document doit être un objet qui donne les joueurs et les valeurs de la partie, "
                           f"pas {_decrit(document)}.")
    try:
        verifier_structure(document)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Document invalide : {exc.message}") from None
    globaux = decl.get("champs") or []
    _inconnus(document, ["joueurs"] + [c["id"] for c in globaux], "Document")
    out: dict[str, Any] = {"joueurs": _lignes(decl, document.get("joueurs"))}
    for champ in globaux:
        out[champ["id"]] = lire_champ(champ, document.get(champ["id"]), "Partie")
    return out


def calculer_score(donnees_jeu: dict[str, Any], cle: str, document: Any) -> dict[str, Any]:
    """Check a document and compute a declared score.

    Args:
        donnees_jeu: the game bundle.
        cle: the score key (`chronique`) or its entry id.
        document: what the players entered (see the module docstring).

    Returns:
        `{jeu, score, nom, sortie, designe, document, classement: [{rang, nom, total, detail:
        [{poste, points}]}], vainqueur, notes}`.

    Raises:
        ErreurEntree: unknown score or bad document (French message).
        ErreurDonnees: declared but not implemented.

    """
    decl = declaration(donnees_jeu, str(cle))
    if decl.get("manquant") and not decl.get("champs") and not decl.get("champs_joueur"):
        raise ErreurEntree(f"Calcul impossible : des données manquent ({decl['manquant']}).")
    jeu = bundle.identifiant(donnees_jeu)
    module = jeux.part(jeu, "scores")
    fonction: Callable[[dict[str, Any]], dict[str, Any]] | None = getattr(module, "SCORES", {}).get(decl["score"])
    if fonction is None:
        raise ErreurDonnees(f"Le score « {decl['score']} » est déclaré mais pas implémenté pour {jeu}.")
    lu = lire_document(decl, document)
    resultat = fonction(lu)
    return {"jeu": jeu, "score": decl["score"], "nom": decl["nom"], "sortie": decl["sortie"],
            "designe": decl.get("designe", "Vainqueur"), "document": lu,
            "classement": resultat.get("classement", []), "vainqueur": resultat.get("vainqueur"),
            "notes": resultat.get("notes", [])}


# --- helpers for the game modules -----------------------------------------------------------

def rangs(cles: Sequence[Any]) -> list[int]:
    """Competition ranks (1, 1, 3…) of values sorted best first: equal keys share a rank."""
    out = []
    for i, cle in enumerate(cles):
        out.append(out[-1] if i and cle == cles[i - 1] else i + 1)
    return out


def ligne(nom: str, total: Any, detail: list[tuple[str, Any]], rang: int | None = None) -> dict[str, Any]:
    """One row of a result: `{rang, nom, total, detail: [{poste, points}]}`."""
    return {"rang": rang, "nom": nom, "total": total, "detail": [{"poste": p, "points": v} for p, v in detail]}


def liste_noms(noms: Sequence[str]) -> str:
    """« A », « A et B », « A, B et C »."""
    noms = [f"« {n} »" for n in noms]
    return noms[0] if len(noms) == 1 else ", ".join(noms[:-1]) + " et " + noms[-1]
