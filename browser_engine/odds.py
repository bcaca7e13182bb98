"""Exact odds: parameters checked against the calculation's declaration, results from icepool."""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import bundle, des, jeux, pile
from .errors import ErreurDonnees, ErreurEntree, ErreurParametre
from .lois import faces, fraction_texte, loi_en_lignes, pourcentage  # noqa: F401 (re-exported to the games)
from .reader import verifier_structure
from .schema_lite import afficher, lisible

_INTEGER_TEXT = re.compile(r"\s*[-+]?[0-9]{1,9}\s*\Z")
_TRUE_TEXTS = frozenset(("true", "vrai", "oui", "1"))
_FALSE_TEXTS = frozenset(("false", "faux", "non", "0"))


@dataclass
class Issue:
    """A named outcome of a calculation (`Camp A plus haut`) and its exact probability."""

    id: str
    nom: str
    probabilite: Fraction


@dataclass
class ResultatCalcul:
    """What a game's calculation returns: a die of outcomes, plus optional named outcomes.

    Attributes:
        loi: an `icepool.Die` whose outcomes are numbers.
        issues: named outcomes, for calculations such as the initiative roll.

    """

    loi: Any
    issues: list[Issue] | None = None


def declaration(donnees_jeu: dict[str, Any], calcul: str) -> dict[str, Any]:
    """The declaration of a calculation, by its key (`attaque`) or its entry id (`calcul-attaque`).

    Raises:
        ErreurEntree: unknown calculation.

    """
    declared = bundle.calculs(donnees_jeu)
    for decl in declared:
        if calcul in (decl.get("calcul"), decl.get("id")):
            return decl
    known = ", ".join(str(d.get("calcul")) for d in declared) or "aucun"
    raise ErreurEntree(f"Calcul inconnu « {calcul} » pour {bundle.nom_du_jeu(donnees_jeu)} ; "
                       f"calculs disponibles : {known}.")


def _plage(decl: dict[str, Any]) -> str:
    if decl.get("type") == "booleen":
        return "true ou false"
    if decl.get("type") == des.TYPE:
        return "les faces d'un dé, une par face"
    if decl.get("type") == pile.TYPE:
        return "une pile : une liste de sortes {nom, nombre, voulue}"
    if decl.get("type") not in (None, "entier"):
        return f"une valeur de type {decl.get('type')}"
    return f"un entier de {decl.get('min')} à {decl.get('max')}"


def _hors_plage(decl: dict[str, Any], value: Any) -> ErreurParametre:
    return ErreurParametre(
        f"Le paramètre « {decl['id']} » ({decl.get('nom', decl['id'])}) doit être {_plage(decl)} "
        f"(reçu : {afficher(value)}).", decl["id"], decl.get("min"), decl.get("max"))


def _entier(decl: dict[str, Any], value: Any) -> int:
    if isinstance(value, bool):
        raise _hors_plage(decl, value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    elif isinstance(value, str) and _INTEGER_TEXT.match(value):
        value = int(value)
    if not isinstance(value, int) or not decl["min"] <= value <= decl["max"]:
        raise _hors_plage(decl, value)
    return value


def _booleen(decl: dict[str, Any], value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE_TEXTS | _FALSE_TEXTS:
        return value.strip().lower() in _TRUE_TEXTS
    raise _hors_plage(decl, value)


def normaliser_parametres(calcul: dict[str, Any], parametres: Any,
                          types: dict[str, Any] | None = None) -> dict[str, Any]:
    """Check parameters against the declaration and fill in defaults.

    Args:
        calcul: the calculation's declaration.
        parametres: given values (ints, bools, or their text as typed in a form).
        types: readers of the game's own parameter types (`TYPES_PARAMETRES`): each is called
            with the declaration and the given value (None when absent) and checks it. The
            generic types `des` (dice faces supplied by the player) and `pile` (a pile described by
            counts) need no registration.

    Returns:
        Every declared parameter, in declaration order.

    Raises:
        ErreurParametre: unknown parameter, wrong type or value out of range.

    """
    if parametres is None:
        parametres = {}
    if not isinstance(parametres, dict):
        raise ErreurEntree(f"Les paramètres doivent être un objet, pas {afficher(parametres)}.")
    declared = {p["id"]: p for p in calcul.get("parametres", [])}
    for name in parametres:
        if name not in declared:
            possibles = ", ".join(f"{p['id']} ({_plage(p)})" for p in declared.values())
            raise ErreurParametre(f"Paramètre inconnu « {lisible(str(name)[:40])} » pour le calcul « {calcul['nom']} » ; "
                                  f"paramètres possibles : {possibles}.", str(name))
    out: dict[str, Any] = {}
    for name, decl in declared.items():
        lecteur = {des.TYPE: des.lire_des, pile.TYPE: pile.lire_pile, **(types or {})}.get(decl.get("type"))
        if lecteur is not None:
            out[name] = lecteur(decl, parametres.get(name, decl.get("defaut")))
            continue
        value = parametres.get(name, decl.get("defaut"))
        if value is None:
            raise ErreurParametre(f"Paramètre obligatoire manquant : « {name} » ({_plage(decl)}).", name,
                                  decl.get("min"), decl.get("max"))
        out[name] = _booleen(decl, value) if decl.get("type") == "booleen" else _entier(decl, value)
    return out


def nom_de_la_sortie(decl: dict[str, Any], params: dict[str, Any]) -> str:
    """What the distribution's values are: the label of the chosen value when a parameter picks it (`sortie_selon`)."""
    selon = decl.get("sortie_selon")
    for param in decl.get("parametres") or []:
        if selon and param.get("id") == selon and isinstance(param.get("libelles"), dict):
            libelle = param["libelles"].get(str(params.get(selon)))
            if isinstance(libelle, str) and libelle:
                return libelle
    return str(decl.get("sortie") or "Valeur")


def _resultat(donnees_jeu: dict[str, Any], jeu: str, decl: dict[str, Any], params: dict[str, Any]) -> ResultatCalcul:
    """The law of a calculation: from its « Dés libres » template (`des_libres`), or from the game's Python."""
    from . import calculs_donnees  # « Dés libres » reads this module's helpers

    if calculs_donnees.est_en_donnees(decl):
        loi, issues = calculs_donnees.calculer(decl, params, donnees_jeu)
        return ResultatCalcul(loi, None if issues is None else [Issue(*issue) for issue in issues])
    function = jeux.calcul(jeu, decl["calcul"])
    if function is None:
        raise ErreurDonnees(f"Le calcul « {decl['calcul']} » est déclaré mais pas implémenté pour {jeu}.")
    if getattr(function, "donnees_jeu", False):
        return function(params, donnees_jeu)
    return function(params)


def calculer(donnees_jeu: dict[str, Any], calcul: str, parametres: dict[str, Any] | None) -> dict[str, Any]:
    """Compute the exact distribution of a declared calculation.

    Args:
        donnees_jeu: the game bundle.
        calcul: the calculation key (`attaque`) or its entry id.
        parametres: parameter values by id; missing ones take their default.

    Returns:
        `{jeu, calcul, sortie, parametres, distribution: [{valeur, fraction, probabilite}],
        esperance: {fraction, valeur}}`, plus `issues` for calculations with
        named outcomes; `sortie` names the values of the distribution.

    Raises:
        ErreurParametre: bad parameter (French message naming it and its range).
        ErreurEntree: unknown calculation, or one that relies on missing data.

    """
    decl = declaration(donnees_jeu, str(calcul))
    if decl.get("manquant"):
        raise ErreurEntree(f"Calcul impossible : des données manquent ({decl['manquant']}).")
    jeu = bundle.identifiant(donnees_jeu)
    module = jeux.part(jeu, "calculs")
    try:  # the limits of a list document: no huge number, lone surrogate or deep nesting reaches a game module
        verifier_structure(parametres)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Paramètres invalides : {exc.message}") from None
    params = normaliser_parametres(decl, parametres, getattr(module, "TYPES_PARAMETRES", None))
    resultat = _resultat(donnees_jeu, jeu, decl, params)
    lines = loi_en_lignes(resultat.loi)
    mean = sum((Fraction(v) * p for v, p in lines), Fraction(0))
    out: dict[str, Any] = {
        "jeu": jeu,
        "calcul": decl["calcul"],
        "sortie": nom_de_la_sortie(decl, params),
        "parametres": params,
        "distribution": [{"valeur": v, "fraction": fraction_texte(p), "probabilite": float(p)} for v, p in lines],
        "esperance": {"fraction": fraction_texte(mean), "valeur": float(mean)},
    }
    if resultat.issues is not None:
        names = {i.get("id"): i.get("nom") for i in decl.get("issues") or [] if isinstance(i, dict)}
        out["issues"] = [{"id": i.id, "nom": names.get(i.id) or i.nom, "fraction": fraction_texte(i.probabilite),
                          "probabilite": float(i.probabilite)} for i in resultat.issues]
    return out


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """Precomputed odds tables for the rule pages (readers without JavaScript).

    Returns:
        A list of tables, each `{id, titre, resume, page, apres, calcul, regles,
        entete_lignes, colonnes: [str], lignes: [{entete, cellules: [{fraction,
        valeur, texte}]}], note}`; an empty list for games without tables.

    """
    module = jeux.part(bundle.identifiant(donnees_jeu), "calculs")
    return module.tables_statiques(donnees_jeu) if module else []
