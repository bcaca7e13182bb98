"""French words of the repairs: each change described with the data's names, and the CLI's printout."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .composer import ABSENT, _propre, _resoudre
from .composer_texte import _Libelles
from .reparer_candidats import Changement


@dataclass
class Libelles:
    """What the descriptions need: the game data, its labels and the entries' names."""

    donnees: dict[str, Any]
    textes: _Libelles
    liste: dict[str, Any]
    noms: dict[int, str]


def libelles_pour(donnees_jeu: dict[str, Any], liste: dict[str, Any], rapport: dict[str, Any]) -> Libelles:
    """The labels of a list: entry names from the report (`Gardien (Eau, jeune)`) or the list."""
    noms: dict[int, str] = {}
    details = rapport.get("details") if isinstance(rapport.get("details"), dict) else {}
    for rangee in details.get("entrees") or []:
        if isinstance(rangee, dict) and isinstance(rangee.get("index"), int) and rangee.get("nom"):
            noms[rangee["index"]] = str(rangee["nom"])
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    for k, entree in enumerate(entrees):
        if isinstance(entree, dict) and isinstance(entree.get("nom"), str) and entree["nom"].strip():
            noms[k] = entree["nom"]
    return Libelles(donnees_jeu, _Libelles(donnees_jeu), liste, noms)


def _noeud(libelles: Libelles, chemin: tuple[Any, ...]) -> dict[str, Any]:
    """The schema node of a path of the list."""
    racine = libelles.textes.racine
    noeud, valeur = _resoudre(racine, racine, libelles.liste), libelles.liste
    for jeton in chemin:
        if isinstance(jeton, int):
            valeur = valeur[jeton] if isinstance(valeur, list) and jeton < len(valeur) else ABSENT
            noeud = _resoudre(racine, noeud.get("items"), valeur)
        else:
            valeur = valeur.get(jeton, ABSENT) if isinstance(valeur, dict) else ABSENT
            noeud = libelles.textes.noeud(noeud, jeton, valeur)
    return noeud


def _titre(libelles: Libelles, chemin: tuple[Any, ...]) -> str:
    """The field's schema title; a free key (a colour of the Sac) is named after its title."""
    cle = next((t for t in reversed(chemin) if isinstance(t, str)), "")
    titre = libelles.textes.titre(_noeud(libelles, chemin), cle)
    if chemin and isinstance(chemin[-1], str) and chemin[-1] not in (_noeud(libelles, chemin[:-1]).get("properties") or {}):
        titre = f"{titre} « {_propre(chemin[-1], 40)} »" if titre != _propre(chemin[-1], 40) else titre
    return titre


def _valeur(libelles: Libelles, chemin: tuple[Any, ...], valeur: Any) -> str:
    """A value as the player knows it: the data name of an id, `oui`/`non`, a number."""
    if valeur is ABSENT:
        return "—"
    cle = next((t for t in reversed(chemin) if isinstance(t, str)), None)
    noeud = _noeud(libelles, chemin)
    texte = libelles.textes.valeur(valeur, noeud, 0, cle)
    if isinstance(valeur, str) and texte == _propre(valeur, 60):  # no data name: the builder's label
        texte = re.sub(r"[-_]+", " ", valeur).strip()
        texte = texte[:1].upper() + texte[1:]
    return _propre(texte, 80)


def _entree(libelles: Libelles, index: int) -> str:
    """`l'entrée 3 (Rôdeur)`."""
    nom = libelles.noms.get(index)
    return f"l'entrée {index + 1}" + (f" ({_propre(nom, 60)})" if nom else "")


def _lieu(libelles: Libelles, objet: tuple[Any, ...]) -> str:
    """Where the object holding a field is: `de l'entrée 3 (Rôdeur)`, `des options`, `de la liste`."""
    if len(objet) >= 2 and objet[0] == "entrees" and isinstance(objet[1], int):
        dedans = _chemin_lisible(libelles, objet[:2], list(objet[2:]))
        return f"de {_entree(libelles, objet[1])}" + (f" ({dedans})" if dedans else "")
    if objet[:1] == ("options",):
        dedans = _chemin_lisible(libelles, objet[:1], list(objet[1:]))
        return "des options" + (f" ({dedans})" if dedans else "")
    if not objet:
        return "de la liste"
    return "de " + _chemin_lisible(libelles, (), list(objet))


def _chemin_lisible(libelles: Libelles, debut: tuple[Any, ...], reste: list[Any]) -> str:
    """`Journal › Affrontements 1 › Batailles 2`: schema titles, element numbers from 1."""
    morceaux: list[str] = []
    chemin = debut
    for jeton in reste:
        chemin = chemin + (jeton,)
        if isinstance(jeton, int):
            if morceaux:
                morceaux[-1] += f" {jeton + 1}"
            else:
                morceaux.append(f"n° {jeton + 1}")
        else:
            morceaux.append(_titre(libelles, chemin))
    return " › ".join(morceaux)


def decrire(libelles: Libelles, changement: Changement) -> str:
    """A change in French with the data's names (« Retirer l'entrée 3 (Thibaut le Cadet) »)."""
    chemin = changement.chemin
    if changement.genre == "retirer_entree":
        return f"Retirer {_entree(libelles, int(chemin[-1]))}"
    if changement.genre == "retirer_element":
        tableau = chemin[:-1]
        valeur = _valeur(libelles, chemin, changement.avant) if not isinstance(changement.avant, (dict, list)) else None
        quoi = f"« {valeur} »" if valeur else f"l'élément {int(chemin[-1]) + 1}"
        return f"Retirer {quoi} ({_titre(libelles, tableau)}) {_lieu(libelles, tableau[:-1])}"
    if changement.genre == "ajouter_element":
        valeur = _valeur(libelles, chemin + (0,), changement.apres)
        return f"Ajouter « {valeur} » ({_titre(libelles, chemin)}) {_lieu(libelles, chemin[:-1])}"
    if isinstance(chemin[-1], int):
        titre, lieu = _titre(libelles, chemin[:-1]) + f" n° {chemin[-1] + 1}", _lieu(libelles, chemin[:-2])
    else:
        titre, lieu = _titre(libelles, chemin), _lieu(libelles, chemin[:-1])
    avant = "" if isinstance(changement.avant, (dict, list)) else _valeur(libelles, chemin, changement.avant)
    if changement.genre == "retirer_champ" or changement.apres is ABSENT:
        defaut = _noeud(libelles, chemin).get("default", ABSENT)
        if defaut is not ABSENT and not isinstance(defaut, (dict, list)) and avant:
            phrase = f"{titre} {lieu} : {avant} → {_valeur(libelles, chemin, defaut)} (valeur par défaut)"
            return phrase[0].upper() + phrase[1:]
        return f"Retirer {titre}" + (f" : {avant}" if avant else "") + f" {lieu}"
    apres = _valeur(libelles, chemin, changement.apres)
    if changement.avant is ABSENT and changement.apres == {}:
        return f"Ajouter {titre} {lieu}"
    if changement.avant is ABSENT:
        defaut = _noeud(libelles, chemin).get("default", ABSENT)
        if defaut is ABSENT or isinstance(defaut, (dict, list)):
            return f"Ajouter {titre} : {apres} {lieu}"
        avant = _valeur(libelles, chemin, defaut)  # an absent field has its default value (troupe)
    phrase = f"{titre} {lieu} : {avant} → {apres}"
    return phrase[0].upper() + phrase[1:]


def a_choisir(libelles: Libelles, champs: dict[tuple[Any, ...], list[str]]) -> str:
    """The absent objects not proposed, with the required fields the data gives no value for.

    « Pour ajouter Journal de la liste, choisissez vous-même : Joueurs (les données n'en donnent pas la valeur). »
    """
    phrases = []
    for chemin, manquants in list(champs.items())[:3]:
        titres = [_titre(libelles, chemin + tuple(m.split("/"))) for m in manquants[:6]]
        phrases.append(f"Pour ajouter {_titre(libelles, chemin)} {_lieu(libelles, chemin[:-1])}, choisissez "
                       f"vous-même : {', '.join(titres)} (les données n'en donnent pas la valeur).")
    return " ".join(phrases)


def _total(valeur: Any, unite: str) -> str:
    return "—" if valeur is None else f"{valeur} {unite}".strip()


def texte_reparations(resultat: dict[str, Any], unite: str, safe: Any = str) -> str:
    """The repairs as French text for the command line."""
    lignes: list[str] = []
    erreurs = resultat.get("erreurs") or []
    if resultat.get("valide"):
        return "Liste valide : rien à réparer.\n"
    lignes.append(f"Liste invalide : {len(erreurs)} erreur{'s' if len(erreurs) > 1 else ''}.")
    for e in erreurs:
        lignes.append(f"  ✗ {e.get('code')} : {safe(e.get('message'))}")
    suggestions = resultat.get("suggestions") or []
    if not suggestions:
        lignes.append("")
        lignes.append(safe(resultat.get("message") or ""))
        return "\n".join(lignes) + "\n"
    lignes.append("")
    lignes.append(f"Réparations proposées ({len(suggestions)}) :")
    for k, s in enumerate(suggestions, start=1):
        n = len(s["changements"])
        cout = "" if s["cout_avant"] is None and s["cout_apres"] is None else (
            f" — coût {_total(s['cout_avant'], unite)} → {_total(s['cout_apres'], unite)}")
        lignes.append(f"\n{k}. {n} changement{'s' if n > 1 else ''}{cout}")
        for c in s["changements"]:
            lignes.append(f"   • {safe(c['description'])}  [{safe(c['chemin'])}]")
        corrigees = ", ".join(str(e.get("code")) for e in s["corrige"])
        lignes.append(f"   corrige : {corrigees}")
        for a in s.get("avertissements") or []:
            lignes.append(f"   ! nouvel avertissement : {safe(a.get('message'))}")
    return "\n".join(lignes) + "\n"
