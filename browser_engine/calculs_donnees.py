"""Calculations declared as data: a pool template of « Dés libres » with the calculation's parameters.

A calculation of `calculs.yaml` that carries `des_libres` needs no Python: its law is computed by the
« Dés libres » engine (`des_libres.py`) from a template whose numbers are expressions over the declared
parameters (`expressions.py`: `+ - * /`, parentheses, floor, ceil, min, max; a boolean parameter counts
1 when true, 0 when false). The template has exactly one of three forms::

    des_libres:
      reserve:                        # one pool, as on the « Dés libres » page
        des: [{nombre: "attaques", faces: d6}]
        operation: somme              # somme | meilleurs | pires | succes | symboles
        garder: 2                     # seuil, symbole, explosion {faces, profondeur}, relance {faces}
        modificateur: "bonus - 1"     # added to the pool's value
        plancher: 0                   # the value never goes below

      chaine:                         # N attempts, each a die through every stage: the count that pass
        jets: attaques
        de: d6
        etapes:
          - {nom: Touche, reussite: {au_plus: valeur}}
          - {nom: Couvert, reussite: {au_plus: 3}, repetitions: couverts}
          - {nom: Sauvegarde ratée, reussite: {au_moins: "max(0, armure - malus) + 1"}, relance: brassards}
          - {nom: Seconde chance ratée, reussite: {au_moins: 4}, si: brassards}

      opposition:                     # two pools: the value is A − B; issues a, egalite, b
        a: {des: [{nombre: 1, faces: d6}], modificateur: heros_a}
        b: {des: [{nombre: 1, faces: d6}], modificateur: heros_b}
        egalite: relancee             # ties rerolled: issues a-choisit, b-choisit as well

A stage's `relance` rerolls a failed die once (the second roll stands); `si` keeps the stage only when
its expression is not 0; `repetitions` makes the die pass the stage that many times. Two optional keys
go beside the form:

* `valeurs`: names for numbers other entries hold (`bonus: {entree: premier-sang, propriete: bonus_jet}`),
  so that a rule's number is written once, in its entry;
* `table`: a die table whose rows become the named outcomes (`ligne-1`…, named by their `resultat`):
  a value in a row's `jet` faces reads that row; past the last face, the last row (« 6 et plus »);
  below the first, the first row.

Every name an expression uses must be a declared parameter or one of `valeurs` (`generator check`
refuses any other, at its position).
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import icepool

from . import bundle, des_libres
from .des_libres_faces import lire_faces
from .des_libres_somme import somme
from .errors import ErreurDonnees, ErreurEntree
from .expressions import ErreurExpression, ValeurIndisponible, evaluer
from .lois import faces

CLE = "des_libres"
FORMES = ("reserve", "chaine", "opposition")
# Fields of a template pool that are expressions (the others are passed to « Dés libres » as written).
EXPRESSIONS_RESERVE = ("garder", "seuil", "modificateur", "plancher")
RELANCEE = "relancee"


def est_en_donnees(decl: dict[str, Any]) -> bool:
    """Whether a declared calculation is a « Dés libres » template (no Python needed)."""
    return isinstance(decl.get(CLE), dict)


def _noms(params: dict[str, Any]) -> dict[str, int]:
    """The parameters as numbers for the expressions: a boolean is 1 or 0."""
    return {k: int(v) for k, v in params.items() if isinstance(v, (bool, int))}


def _entier(expression: Any, noms: dict[str, int], ou: str) -> int:
    try:
        valeur = evaluer(expression, noms)
    except (ErreurExpression, ValeurIndisponible) as exc:
        raise ErreurDonnees(f"Données du jeu invalides : {ou} : {exc}") from None
    if valeur.denominator != 1:
        raise ErreurDonnees(f"Données du jeu invalides : {ou} vaut {valeur}, pas un nombre entier.")
    return int(valeur)


# --- pools --------------------------------------------------------------------------------------


def _requete_reserve(modele: dict[str, Any], noms: dict[str, int], ou: str) -> dict[str, Any]:
    """The « Dés libres » pool of a template pool, its expressions evaluated."""
    reserve = {k: v for k, v in modele.items() if k not in ("modificateur", "plancher")}
    reserve["des"] = [{**de, "nombre": _entier(de.get("nombre", 1), noms, f"{ou}, nombre de dés")}
                      for de in modele.get("des") or [] if isinstance(de, dict)]
    for cle in ("garder", "seuil"):
        if cle in modele:
            reserve[cle] = _entier(modele[cle], noms, f"{ou}, {cle}")
    if isinstance(modele.get("explosion"), dict) and "profondeur" in modele["explosion"]:
        reserve["explosion"] = {**modele["explosion"],
                                "profondeur": _entier(modele["explosion"]["profondeur"], noms, f"{ou}, profondeur")}
    return reserve


def loi_reserve(modele: dict[str, Any], noms: dict[str, int], nom: str) -> tuple[Any, Fraction | None]:
    """A template pool's law (modifier and floor applied) and its explosion truncation chance (None without explosion).

    A pool of no dice (a count evaluated to 0) is worth 0 before its modifier.

    Raises:
        ErreurEntree: the pool is past a limit of « Dés libres ».
        ErreurDonnees: the template is malformed.

    """
    ou = f"réserve {nom}"
    requete = _requete_reserve(modele, noms, ou)
    negatif = next((de["nombre"] for de in requete["des"] if de["nombre"] < 0), None)
    if negatif is not None:
        raise ErreurEntree(f"Réserve {nom} : le nombre de dés vaut {negatif} avec ces paramètres ; 0 au moins.")
    requete["des"] = [de for de in requete["des"] if de["nombre"] > 0]
    troncature: Fraction | None = None
    if requete["des"]:
        reserve = des_libres.lire_reserve(requete, nom)
        des_libres.verifier_bornes(reserve)
        loi, perdue = des_libres.loi_reserve(reserve)
        troncature = perdue if reserve.explosion else None
    else:
        loi = icepool.Die([0])
    modificateur = _entier(modele.get("modificateur", 0), noms, f"{ou}, modificateur")
    if modificateur:
        loi = loi + modificateur
    if "plancher" in modele:
        plancher = _entier(modele["plancher"], noms, f"{ou}, plancher")
        loi = loi.map(lambda v: max(plancher, v))
    return loi, troncature


# --- chains -------------------------------------------------------------------------------------


def _reussit(reussite: dict[str, Any], valeur: int, noms: dict[str, int], ou: str) -> bool:
    if "au_plus" in reussite and valeur > _entier(reussite["au_plus"], noms, f"{ou}, au_plus"):
        return False
    return not ("au_moins" in reussite and valeur < _entier(reussite["au_moins"], noms, f"{ou}, au_moins"))


def chance_etape(faces: list[int], etape: dict[str, Any], noms: dict[str, int], ou: str) -> Fraction:
    """Chance that one die passes a stage: its test, rerolled once on a failure when `relance`, made `repetitions` times."""
    passe = [_reussit(etape.get("reussite") or {}, v, noms, ou) for v in faces]
    relance = bool(_entier(etape.get("relance", 0), noms, f"{ou}, relance"))
    loi, _ = des_libres.loi_du_de([int(p) for p in passe], [False] * len(faces),
                                  [relance and not p for p in passe], 0)
    une_fois = Fraction(loi.quantity(1), loi.denominator())
    return une_fois ** _entier(etape.get("repetitions", 1), noms, f"{ou}, repetitions")


def loi_chaine(modele: dict[str, Any], noms: dict[str, int]) -> Any:
    """How many of `jets` attempts pass every stage of the chain (each attempt independent)."""
    lues = lire_faces(modele.get("de"), "Chaîne, dé")
    if not all(f.numerique for f in lues):
        raise ErreurDonnees("Données du jeu invalides : le dé d'une chaîne a des faces numériques (d6, « 1, 2, 3 »).")
    faces = [f.valeur for f in lues]
    chance = Fraction(1)
    for k, etape in enumerate(modele.get("etapes") or [], start=1):
        ou = f"chaîne, étape {k}"
        if "si" in etape and not _entier(etape["si"], noms, f"{ou}, si"):
            continue
        chance *= chance_etape(faces, etape, noms, ou)
    jets = _entier(modele.get("jets", 1), noms, "chaîne, jets")
    if jets < 0 or jets > des_libres.MAX_DES:
        raise ErreurEntree(f"Chaîne : {jets} jets ; de 0 à {des_libres.MAX_DES}.")
    if jets == 0:
        return icepool.Die([0])
    une = icepool.Die({0: chance.denominator - chance.numerator, 1: chance.numerator}) if 0 < chance < 1 \
        else icepool.Die([int(chance)])
    return somme([(une, jets)])


# --- the calculation ----------------------------------------------------------------------------


def valeur_d_entree(donnees_jeu: dict[str, Any], source: Any) -> int:
    """The number an entry holds in its `proprietes` (`{entree, propriete}` of `valeurs`).

    Raises:
        ErreurDonnees: no such entry, or no whole number there.

    """
    ident = source.get("entree") if isinstance(source, dict) else None
    propriete = source.get("propriete") if isinstance(source, dict) else None
    for entrees in donnees_jeu.values():
        for entree in entrees if isinstance(entrees, list) else []:
            if isinstance(entree, dict) and entree.get("id") == ident:
                valeur = (entree.get("proprietes") or {}).get(propriete)
                if isinstance(valeur, int) and not isinstance(valeur, bool):
                    return valeur
    raise ErreurDonnees(f"Données du jeu invalides : la valeur « {propriete} » de l'entrée « {ident} » manque.")


def issues_de_table(donnees_jeu: dict[str, Any], table_id: str, loi: Any) -> list[tuple[str, str, Fraction]]:
    """The chance of each row of a die table, for a law of the roll read on it (see the module's docstring)."""
    lignes = [(ligne, faces(ligne.get("jet"))) for ligne in bundle.table(donnees_jeu, table_id).get("lignes") or []]
    if not lignes:
        raise ErreurDonnees(f"Données du jeu invalides : la table « {table_id} » n'a pas de lignes.")
    bas, haut = min(min(f) for _, f in lignes), max(max(f) for _, f in lignes)
    chances = [Fraction(0)] * len(lignes)
    for valeur, quantite in loi.items():
        rang = 0 if valeur < bas else len(lignes) - 1 if valeur > haut else \
            next((k for k, (_, f) in enumerate(lignes) if valeur in f), None)
        if rang is None:
            raise ErreurDonnees(f"Données du jeu invalides : aucune ligne de la table « {table_id} » pour {valeur}.")
        chances[rang] += Fraction(quantite, loi.denominator())
    return [(f"ligne-{k}", str(ligne.get("resultat", ligne.get("jet"))), chances[k - 1])
            for k, (ligne, _) in enumerate(lignes, start=1)]


def calculer(decl: dict[str, Any], params: dict[str, Any],
             donnees_jeu: dict[str, Any] | None = None) -> tuple[Any, list[tuple[str, str, Fraction]] | None]:
    """The law of a data calculation and its named outcomes `(id, name, probability)`, or None.

    Args:
        decl: the calculation's declaration, with its template under `des_libres`.
        params: the checked parameters.
        donnees_jeu: the game bundle, for `valeurs` and `table`.

    Raises:
        ErreurEntree: a pool past a limit of « Dés libres ».
        ErreurDonnees: a malformed template.

    """
    modele = decl[CLE]
    noms = _noms(params)
    for nom, source in (modele.get("valeurs") or {}).items():
        noms[nom] = valeur_d_entree(donnees_jeu or {}, source)
    loi, issues = _forme(decl, modele, noms)
    if modele.get("table"):
        issues = (issues or []) + issues_de_table(donnees_jeu or {}, modele["table"], loi)
    return loi, issues


def _forme(decl: dict[str, Any], modele: dict[str, Any],
           noms: dict[str, int]) -> tuple[Any, list[tuple[str, str, Fraction]] | None]:
    formes = [f for f in FORMES if f in modele]
    if len(formes) != 1:
        raise ErreurDonnees(f"Données du jeu invalides : le calcul « {decl.get('calcul')} » déclare "
                            f"une seule forme parmi {', '.join(FORMES)}.")
    if formes[0] == "reserve":
        loi, troncature = loi_reserve(modele["reserve"], noms, "A")
        issues = None if troncature is None else [("troncature", "Explosion arrêtée à la profondeur maximale",
                                                   troncature)]
        return loi, issues
    if formes[0] == "chaine":
        return loi_chaine(modele["chaine"], noms), None
    opposition = modele["opposition"]
    loi_a, _ = loi_reserve(opposition.get("a") or {}, noms, "A")
    loi_b, _ = loi_reserve(opposition.get("b") or {}, noms, "B")
    chances = des_libres.comparer(loi_a, loi_b)
    issues = [("a", "A plus haut", chances["a"]), ("egalite", "Égalité", chances["egalite"]),
              ("b", "B plus haut", chances["b"])]
    if opposition.get("egalite") == RELANCEE and chances["egalite"] < 1:
        decisif = chances["a"] + chances["b"]
        issues += [("a-choisit", "A l'emporte (égalités relancées)", chances["a"] / decisif),
                   ("b-choisit", "B l'emporte (égalités relancées)", chances["b"] / decisif)]
    return loi_a - loi_b, issues


# --- what `generator check` reads ---------------------------------------------------------------


def expressions(modele: Any, chemin: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every expression of a template, with its path under `des_libres` (for the data checks)."""
    if not isinstance(modele, dict):
        return
    for forme in FORMES:
        if forme not in modele:
            continue
        if forme == "reserve":
            yield from _expressions_reserve(modele[forme], (*chemin, forme))
        elif forme == "opposition":
            for camp in ("a", "b"):
                yield from _expressions_reserve((modele[forme] or {}).get(camp), (*chemin, forme, camp))
        else:
            yield from _expressions_chaine(modele[forme], (*chemin, forme))


def _expressions_reserve(reserve: Any, chemin: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if not isinstance(reserve, dict):
        return
    for k, de in enumerate(reserve.get("des") or []):
        if isinstance(de, dict) and "nombre" in de:
            yield (*chemin, "des", k, "nombre"), de["nombre"]
    for cle in EXPRESSIONS_RESERVE:
        if cle in reserve:
            yield (*chemin, cle), reserve[cle]
    if isinstance(reserve.get("explosion"), dict) and "profondeur" in reserve["explosion"]:
        yield (*chemin, "explosion", "profondeur"), reserve["explosion"]["profondeur"]


def _expressions_chaine(chaine: Any, chemin: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if not isinstance(chaine, dict):
        return
    if "jets" in chaine:
        yield (*chemin, "jets"), chaine["jets"]
    for k, etape in enumerate(chaine.get("etapes") or []):
        if not isinstance(etape, dict):
            continue
        for cle in ("si", "relance", "repetitions"):
            if cle in etape:
                yield (*chemin, "etapes", k, cle), etape[cle]
        for cle, valeur in (etape.get("reussite") or {}).items():
            yield (*chemin, "etapes", k, "reussite", cle), valeur


def noms_connus(decl: dict[str, Any]) -> set[str]:
    """The names a template's expressions may use: the calculation's parameters and its `valeurs`."""
    modele = decl.get(CLE) if isinstance(decl.get(CLE), dict) else {}
    valeurs = modele.get("valeurs") if isinstance(modele.get("valeurs"), dict) else {}
    return {str(p.get("id")) for p in decl.get("parametres") or [] if isinstance(p, dict)} | set(valeurs)
