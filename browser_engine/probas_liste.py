"""Odds of a whole list: each entry's main actions against reference targets (issue 16, part 1).

The request `{"action": "probas", "liste": {...}, "adverse": {...} | "texte"?, "des": {...}?}`
returns a matrix: one row per list entry, one column per target, each cell holding the exact
distribution of the action's result, its expected value and the chance of at least one success
(and of taking the target out). Every number comes from a calculation declared in the game's
`calculs.yaml`, run through `odds.calculer`; a game adapter (`browser_engine/jeux/*_liste.py`)
only maps list entries and targets to that calculation's parameters.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import bundle, odds
from .errors import ErreurEntree
from .reader import entiers_exacts, lire_liste, verifier_structure

MAX_ENTREES = 200
MAX_CIBLES = 60

# Game id -> adapter "module:fonction" taking (donnees_jeu, liste, requete) -> Matrice.
ADAPTATEURS: dict[str, str] = {
    "bataille-d6": "browser_engine.jeux.bataille_d6_liste:matrice",
}

# What each game without an adapter cannot compute, in the player's words.
SANS_ADAPTATEUR: dict[str, str] = {
    "hami": ("Les probabilités de liste de HAMI ne sont pas encore calculées : l'attaque d'une créature "
             "se joue avec votre paquet de cartes, dont la composition n'est pas dans le livre (donnée "
             "`manquant`), et le lien entre les profils de la liste et les défenses des castes reste à "
             "écrire. Utilisez la page « Probabilités » de HAMI en y saisissant votre paquet."),
    "kharn-ages": ("Les probabilités de liste de Khârn-Âges ne sont pas encore calculées : les niveaux et "
                   "caractéristiques des profils viennent de vos cartes (catalogue), et le lien entre un profil "
                   "et les paramètres du calcul d'opposition reste à écrire. Utilisez la page « Probabilités » "
                   "de Khârn-Âges en y reportant les valeurs de vos cartes."),
    "hate": ("Les probabilités de liste de Hate ne peuvent pas être calculées : les faces des dés de Hate ne "
             "sont pas dans le livre (donnée `manquant`). La page « Probabilités » de Hate calcule un combat "
             "une fois les faces saisies."),
    "tamashii": ("Les probabilités de liste de Tamashii ne peuvent pas être calculées : les faces du dé de "
                 "joueur et des dés d'ennemi ne sont pas dans le livre (donnée `manquant`). La page "
                 "« Probabilités » de Tamashii calcule les tests une fois les faces saisies."),
}


@dataclass
class Cible:
    """A reference target (a column): `groupe` gathers columns shown together."""

    id: str
    nom: str
    groupe: str
    detail: str = ""
    figurines: int = 1


@dataclass
class Action:
    """One main action of an entry: the calculation and its parameters for each target id."""

    id: str
    nom: str
    calcul: str
    parametres: dict[str, dict[str, Any] | None]
    detail: str = ""


@dataclass
class Ligne:
    """One list entry (a row) and its actions, or why it has none."""

    index: int
    nom: str
    actions: list[Action] = field(default_factory=list)
    remarques: list[str] = field(default_factory=list)


@dataclass
class Matrice:
    """What a game adapter returns: targets, rows, and the words for the results."""

    cibles: list[Cible]
    groupes: list[dict[str, str]]
    lignes: list[Ligne]
    resultat: str
    succes: str
    hors_de_combat: str
    notes: list[str] = field(default_factory=list)
    manquant: list[str] = field(default_factory=list)
    lois: Callable[[Any, Action, dict[str, Any]], dict[int, Fraction]] | None = None


def lire_adverse(requete: dict[str, Any]) -> dict[str, Any] | None:
    """The opposing list of the request (`adverse`: an object or its YAML/JSON text), or None.

    Raises:
        ErreurEntree: the opposing list cannot be read or is not an object.

    """
    adverse = requete.get("adverse")
    if adverse is None or (isinstance(adverse, str) and not adverse.strip()):
        return None
    if isinstance(adverse, str):
        try:
            adverse = lire_liste(adverse)
        except ErreurEntree as exc:
            raise ErreurEntree(f"Liste adverse illisible : {exc.message}") from None
    if not isinstance(adverse, dict):
        raise ErreurEntree("La liste adverse doit être un objet (avec les clés jeu, nom, format et entrees).")
    try:
        verifier_structure(adverse)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Liste adverse invalide : {exc.message}") from None
    return entiers_exacts(adverse)


def entrees_objets(liste: dict[str, Any], qui: str = "La liste") -> list[tuple[int, dict[str, Any]]]:
    """The entries of a list that are objects, with their index.

    Raises:
        ErreurEntree: `entrees` is not a list or has more than MAX_ENTREES entries.

    """
    entrees = liste.get("entrees", [])
    if not isinstance(entrees, list):
        raise ErreurEntree(f"{qui} doit avoir une clé « entrees » qui est une liste.")
    if len(entrees) > MAX_ENTREES:
        raise ErreurEntree(f"{qui} a {len(entrees)} entrées : les probabilités se calculent pour "
                           f"{MAX_ENTREES} entrées au plus.")
    return [(i, e) for i, e in enumerate(entrees) if isinstance(e, dict)]


def nom_entree(entree: dict[str, Any], index: int) -> str:
    """The entry's name as shown (its `nom`, else « Entrée N »), cut to 80 characters."""
    nom = entree.get("nom")
    return nom.strip()[:80] if isinstance(nom, str) and nom.strip() else f"Entrée {index + 1}"


def _loi(resultat: dict[str, Any]) -> dict[int, Fraction]:
    return {int(d["valeur"]): Fraction(d["fraction"]) for d in resultat["distribution"]}


def _cellule(loi: dict[int, Fraction], figurines: int) -> dict[str, Any]:
    """Distribution, expected value, P(at least 1) and P(at least `figurines`) of one law."""
    mean = sum((Fraction(v) * p for v, p in loi.items()), Fraction(0))
    au_moins_un = sum((p for v, p in loi.items() if v >= 1), Fraction(0))
    dehors = sum((p for v, p in loi.items() if v >= figurines), Fraction(0))

    def proba(p: Fraction) -> dict[str, Any]:
        return {"fraction": odds.fraction_texte(p), "probabilite": float(p)}

    return {
        "distribution": [{"valeur": v, **proba(p)} for v, p in sorted(loi.items()) if p],
        "esperance": {"fraction": odds.fraction_texte(mean), "valeur": float(mean)},
        "au_moins_un": proba(au_moins_un),
        "hors_de_combat": proba(dehors),
    }


class Calculs:
    """`odds.calculer` with a cache: many entries share the same parameters."""

    def __init__(self, donnees_jeu: dict[str, Any]) -> None:
        self.donnees_jeu = donnees_jeu
        self.cache: dict[tuple[str, tuple[tuple[str, Any], ...]], dict[int, Fraction]] = {}

    def loi(self, calcul: str, parametres: dict[str, Any]) -> dict[int, Fraction]:
        cle = (calcul, tuple(sorted(parametres.items())))
        if cle not in self.cache:
            self.cache[cle] = _loi(odds.calculer(self.donnees_jeu, calcul, parametres))
        return self.cache[cle]


def _adaptateur(jeu: str) -> Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], Matrice] | None:
    cible = ADAPTATEURS.get(jeu)
    if cible is None:
        return None
    module, _, nom = cible.partition(":")
    return getattr(importlib.import_module(module), nom)


def _json_action(action: Action, cibles: list[Cible], calculs: Calculs,
                 lois: Callable[[Calculs, Action, dict[str, Any]], dict[int, Fraction]] | None) -> dict[str, Any]:
    cellules: list[dict[str, Any] | None] = []
    for cible in cibles:
        parametres = action.parametres.get(cible.id)
        if parametres is None:
            cellules.append(None)
            continue
        loi = lois(calculs, action, parametres) if lois else calculs.loi(action.calcul, parametres)
        cellules.append({"cible": cible.id, "parametres": parametres, **_cellule(loi, cible.figurines)})
    return {"id": action.id, "nom": action.nom, "calcul": action.calcul, "detail": action.detail,
            "cellules": cellules}


def action_probas(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The odds matrix of a list (the composer action `probas`).

    Args:
        donnees_jeu: the game bundle.
        liste: the list document (merged with the player's catalogue, if any).
        requete: the request; `adverse` (optional) is an opposing list, object or text.

    Returns:
        `{jeu, nom_liste, calculable, cibles, groupes, entrees: [{index, nom, actions:
        [{id, nom, calcul, detail, cellules: [cell | None per target]}], remarques}],
        resultat, succes, hors_de_combat, notes, manquant}`; each cell holds `cible`,
        `parametres`, `distribution` (exact fractions as text and floats), `esperance`,
        `au_moins_un` and `hors_de_combat`.

    Raises:
        ErreurEntree: the list or the opposing list cannot be used (French message).

    """
    try:
        verifier_structure(liste)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Liste invalide : {exc.message}") from None
    liste = entiers_exacts(liste)
    jeu = bundle.identifiant(donnees_jeu)
    if isinstance(liste.get("jeu"), str) and liste["jeu"] != jeu:
        raise ErreurEntree(f"Cette liste est pour le jeu « {liste['jeu'][:40]} », pas pour "
                           f"{bundle.nom_du_jeu(donnees_jeu)} : ses probabilités ne peuvent pas être calculées ici.")
    lignes_vides = [{"index": i, "nom": nom_entree(e, i), "actions": [], "remarques": []}
                    for i, e in entrees_objets(liste)]
    base = {"jeu": jeu, "nom_liste": nom_entree({"nom": liste.get("nom")}, -1) if liste.get("nom") else "sans nom"}
    adaptateur = _adaptateur(jeu)
    if adaptateur is None:
        return {**base, "calculable": False, "cibles": [], "groupes": [], "entrees": lignes_vides,
                "resultat": "", "succes": "", "hors_de_combat": "", "notes": [],
                "manquant": [SANS_ADAPTATEUR.get(jeu, "Ce jeu n'a pas de calcul de probabilités de liste.")]}
    matrice = adaptateur(donnees_jeu, liste, requete)
    if len(matrice.cibles) > MAX_CIBLES:
        raise ErreurEntree(f"Trop de cibles ({len(matrice.cibles)}) : {MAX_CIBLES} au plus.")
    calculs = Calculs(donnees_jeu)
    lois = matrice.lois
    entrees = [{"index": ligne.index, "nom": ligne.nom, "remarques": ligne.remarques,
                "actions": [_json_action(a, matrice.cibles, calculs, lois) for a in ligne.actions]}
               for ligne in matrice.lignes]
    return {**base, "calculable": True,
            "cibles": [{"id": c.id, "nom": c.nom, "groupe": c.groupe, "detail": c.detail, "figurines": c.figurines}
                       for c in matrice.cibles],
            "groupes": matrice.groupes, "entrees": entrees, "resultat": matrice.resultat,
            "succes": matrice.succes, "hors_de_combat": matrice.hors_de_combat,
            "notes": matrice.notes, "manquant": matrice.manquant}
