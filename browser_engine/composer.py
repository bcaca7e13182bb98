"""List builder support: the choices the rules allow for one field, and a list as plain text.

`options_permises` lists the candidate values of one field of a list (given by
the game's list schema), builds the list with each candidate and asks the
same validator as the checker: a candidate is refused when it adds errors on
its entry or on the whole list. No rule is written here: only `valider` decides.

The list as plain text, to paste into a forum, is `composer_texte.texte_liste`.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from . import bundle
from .catalogue import fusionner_catalogue
from .errors import ErreurEntree
from .reader import nom_de_type
from .validation import valider
from .yaml_lite import grouped

MAX_CHEMIN = 300
MAX_PROFONDEUR = 12
MAX_REFS = 32
MAX_ETENDUE_ENTIERS = 12
MAX_NOM_TEXTE = 120
MAX_CHOIX_TEXTE = 12
MAX_CHOIX_DONNEES = 120
INVISIBLES = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+")
ABSENT = object()


@dataclass
class Champ:
    """One field of a list that takes its value among choices.

    Attributes:
        chemin: its JSON pointer; jetons: the pointer's tokens.
        noeud: its schema node; actuel: its value now (ABSENT when not given).
        genre: "valeur" (one value) or "bascule" (an array whose items are toggled).
        valeurs: the candidate values (or items); index: its entry's index, if any.
        requis: whether the field is required by its parent.

    """

    chemin: str
    jetons: list[str]
    noeud: dict[str, Any]
    actuel: Any
    genre: str
    valeurs: list[Any]
    index: int | None
    requis: bool


def _propre(texte: Any, longueur: int = MAX_NOM_TEXTE) -> str:
    """User text on one line, without control or bidirectional characters, cut at `longueur`."""
    propre = INVISIBLES.sub(" ", str(texte)).strip()
    propre = re.sub(r"\s{2,}", " ", propre)
    return propre if len(propre) <= longueur else propre[:longueur - 1] + "…"


# --- JSON pointers and the list schema ----------------------------------------------------------------

def _jetons(chemin: Any) -> list[str]:
    """The tokens of a JSON pointer (RFC 6901) to a field, checked.

    Raises:
        ErreurEntree: not a pointer, too long, empty or with `.`/`..` segments.

    """
    if not isinstance(chemin, str):
        raise ErreurEntree(f"Le chemin du champ doit être un texte (pointeur JSON), pas {nom_de_type(chemin)}.")
    if len(chemin) > MAX_CHEMIN:
        raise ErreurEntree(f"Chemin de champ trop long ({grouped(len(chemin))} caractères) : "
                           f"{MAX_CHEMIN} au plus.")
    if not chemin.startswith("/") or chemin == "/":
        raise ErreurEntree("Chemin de champ invalide : un pointeur JSON vers un champ de la liste est attendu, "
                           "par exemple « /entrees/0/tribu » ou « /options/lien ».")
    jetons = [t.replace("~1", "/").replace("~0", "~") for t in chemin[1:].split("/")]
    if len(jetons) > MAX_PROFONDEUR or any(t in ("", ".", "..") for t in jetons):
        raise ErreurEntree(f"Chemin de champ invalide : « {_propre(chemin, 60)} » n'est pas un champ de la liste.")
    return jetons


def _resoudre(racine: dict[str, Any], noeud: Any, valeur: Any) -> dict[str, Any]:
    """A schema node with its local `$ref`s followed and the `allOf`/`oneOf`/`anyOf` branches matching `valeur` merged."""
    for _ in range(MAX_REFS):
        if not isinstance(noeud, dict) or "$ref" not in noeud:
            break
        cible = _cible(racine, noeud["$ref"])
        # The referring node's own keywords (its title, its default) win over the definition's.
        noeud = {**cible, **{k: v for k, v in noeud.items() if k != "$ref"}} if isinstance(cible, dict) else None
    if not isinstance(noeud, dict):
        return {}
    branches = list(noeud.get("allOf") or [])
    for cle in ("oneOf", "anyOf"):
        branches += [b for b in noeud.get(cle) or [] if _convient(racine, b, valeur)]
    if not branches:
        return noeud
    fusion = {k: v for k, v in noeud.items() if k not in ("allOf", "oneOf", "anyOf")}
    proprietes = dict(fusion.get("properties") or {})
    for branche in branches:
        branche = _resoudre(racine, branche, valeur)
        for cle, sous in (branche.get("properties") or {}).items():
            proprietes.setdefault(cle, sous)
        for cle, sous in branche.items():
            if cle != "properties":
                fusion.setdefault(cle, sous)
    if proprietes:
        fusion["properties"] = proprietes
    return fusion


def _cible(racine: dict[str, Any], ref: Any) -> Any:
    """The node a local `$ref` (`#/$defs/entree`) points to, or None."""
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return None
    noeud: Any = racine
    for jeton in ref[2:].split("/"):
        noeud = noeud.get(jeton.replace("~1", "/").replace("~0", "~")) if isinstance(noeud, dict) else None
    return noeud


def _convient(racine: dict[str, Any], branche: Any, valeur: Any) -> bool:
    """Whether a `oneOf`/`anyOf` branch describes this kind of value: its required keys and its constants."""
    for _ in range(MAX_REFS):
        if not isinstance(branche, dict) or "$ref" not in branche:
            break
        branche = _cible(racine, branche["$ref"])
    if not isinstance(branche, dict):
        return False
    if not isinstance(valeur, dict):
        return valeur is ABSENT or not branche.get("properties")
    if any(cle not in valeur for cle in branche.get("required") or []):
        return False
    for cle, sous in (branche.get("properties") or {}).items():
        if cle not in valeur or not isinstance(sous, dict):
            continue
        if "const" in sous and not _egal(valeur[cle], sous["const"]):
            return False
        if isinstance(sous.get("enum"), list) and not any(_egal(valeur[cle], e) for e in sous["enum"]):
            return False
    return True


def _egal(a: Any, b: Any) -> bool:
    """JSON equality: `true` is not `1`."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def _types(noeud: dict[str, Any]) -> set[str]:
    declared = noeud.get("type")
    if isinstance(declared, str):
        return {declared}
    return {t for t in declared if isinstance(t, str)} if isinstance(declared, list) else set()


def _champ(donnees_jeu: dict[str, Any], liste: dict[str, Any],
           jetons: list[str]) -> tuple[dict[str, Any], Any, dict[str, Any]]:
    """The schema node of the field, its current value (or ABSENT) and the schema node of its parent.

    Raises:
        ErreurEntree: the pointer leaves the list schema or a missing entry.

    """
    racine = bundle.schema_liste(donnees_jeu)
    if racine is None:
        raise ErreurEntree(f"La composition de liste n'existe pas pour « {bundle.nom_du_jeu(donnees_jeu)} ».")
    noeud, valeur, parent = _resoudre(racine, racine, liste), liste, racine
    for k, jeton in enumerate(jetons):
        parent = noeud
        lieu = "/" + "/".join(jetons[:k + 1])
        if isinstance(valeur, list) or ("items" in noeud and not isinstance(valeur, dict)):
            if not jeton.isdigit() or len(jeton) > 6:
                raise ErreurEntree(f"Chemin de champ invalide : « {_propre(jeton, 40)} » n'est pas un numéro "
                                   f"d'élément ({_propre(lieu, 60)}).")
            index = int(jeton)
            if not isinstance(valeur, list) or index >= len(valeur):
                quoi = "d'entrée" if jetons[:k] == ["entrees"] else "d'élément"
                raise ErreurEntree(f"La liste n'a pas {quoi} n° {index + 1} ({_propre(lieu, 60)}).")
            sous, valeur = noeud.get("items"), valeur[index]
        else:
            proprietes = noeud.get("properties") or {}
            autres = noeud.get("additionalProperties")
            if jeton in proprietes:
                sous = proprietes[jeton]
            elif isinstance(autres, dict):
                sous = autres
            else:
                raise ErreurEntree(f"Champ inconnu du format de liste : « {_propre(lieu, 60)} ».")
            if valeur is ABSENT or valeur is None:
                valeur = ABSENT
            elif isinstance(valeur, dict):
                valeur = valeur.get(jeton, ABSENT)
            else:
                raise ErreurEntree(f"« {_propre('/' + '/'.join(jetons[:k]), 60)} » n'est pas un objet : "
                                   f"le champ « {_propre(jeton, 40)} » ne peut pas y être choisi.")
        noeud = _resoudre(racine, sous, valeur)
    return noeud, valeur, parent


# --- candidates ---------------------------------------------------------------------------------------

def _candidats(noeud: dict[str, Any]) -> tuple[str, list[Any]]:
    """`("valeur", [...])` for a field taking one value, `("bascule", [...])` for an array of choices."""
    types = _types(noeud)
    if isinstance(noeud.get("enum"), list):
        valeurs = list(noeud["enum"])
        if "null" in types and not any(v is None for v in valeurs):
            valeurs.append(None)
        return "valeur", valeurs
    if "const" in noeud:
        return "valeur", [noeud["const"]]
    if "boolean" in types and not types & {"array", "object"}:
        return "valeur", [True, False] + ([None] if "null" in types else [])
    entiers = _entiers(noeud)
    if entiers and not types & {"array", "object", "string"}:
        return "valeur", entiers + ([None] if "null" in types else [])
    items = noeud.get("items")
    if isinstance(items, dict) and (not types or "array" in types) and isinstance(items.get("enum"), list):
        return "bascule", list(items["enum"])
    return "", []


def candidats_donnees(donnees_jeu: dict[str, Any], liste: dict[str, Any],
                      noeud: dict[str, Any]) -> tuple[str, list[str]]:
    """The ids a free-id field takes from the data, named by its `x-donnees` annotation.

    `x-donnees: {collection, categories?, origines?}`: the items of that collection (of those
    categories: an item's `categorie`, or a `<category>: true` flag such as a catalogue spell's
    `generique: true`) in the game data (`donnees`, the default) and/or in the list itself
    (`liste`: Khârn-Âges' own `equipements`, with the catalogue merged in). An array field toggles
    each id.

    Args:
        donnees_jeu: the game bundle.
        liste: the list (the catalogue already merged in).
        noeud: the field's schema node, `$ref`s followed.

    Returns:
        `("bascule" | "valeur", ids)`, or `("", [])` without the annotation.

    """
    source = noeud.get("x-donnees")
    if not isinstance(source, dict) or not isinstance(source.get("collection"), str):
        return "", []
    collection = source["collection"]
    categories = source.get("categories")
    origines = source.get("origines") or ["donnees"]
    elements: list[Any] = []
    for origine, document in (("liste", liste), ("donnees", donnees_jeu)):
        if origine in origines and isinstance(document.get(collection), list):
            elements += document[collection]
    ids: list[str] = []
    for element in elements:
        if not isinstance(element, dict) or not isinstance(element.get("id"), str) or element["id"] in ids:
            continue
        if isinstance(categories, list) and not any(element.get("categorie") == c or element.get(c) is True
                                                    for c in categories):
            continue  # of a category by its `categorie`, or by a `<category>: true` flag (a catalogue's)
        ids.append(element["id"])
    return ("bascule" if "array" in _types(noeud) else "valeur"), ids[:MAX_CHOIX_DONNEES]


def _entiers(noeud: dict[str, Any]) -> list[int]:
    """Every integer of a small bounded integer field (`melee`: 1 to 5), else nothing."""
    bas, haut = noeud.get("minimum"), noeud.get("maximum")
    if "integer" not in _types(noeud) or not all(isinstance(b, int) and not isinstance(b, bool) for b in (bas, haut)):
        return []
    return list(range(bas, haut + 1)) if 0 <= haut - bas < MAX_ETENDUE_ENTIERS else []


def _remplacer(objet: Any, jetons: list[str], valeur: Any) -> Any:
    """A copy of `objet` whose field at `jetons` is `valeur` (ABSENT removes it); only the path is copied."""
    jeton, reste = jetons[0], jetons[1:]
    if isinstance(objet, list):
        copie_liste = list(objet)
        index = int(jeton)
        copie_liste[index] = _remplacer(copie_liste[index], reste, valeur) if reste else valeur
        return copie_liste
    copie = dict(objet) if isinstance(objet, dict) else {}
    nouveau = _remplacer(copie.get(jeton), reste, valeur) if reste else valeur
    if nouveau is ABSENT:
        copie.pop(jeton, None)
    else:
        copie[jeton] = nouveau
    return copie


def _basculer(actuel: Any, item: Any, requis: bool) -> tuple[bool, Any]:
    """Whether `item` is in the array now, and the array with `item` toggled (ABSENT when left empty)."""
    elements = [actuel] if isinstance(actuel, (str, int, float)) else list(actuel) if isinstance(actuel, list) else []
    present = any(_egal(e, item) for e in elements)
    nouveau = [e for e in elements if not _egal(e, item)] if present else elements + [item]
    if not nouveau and not requis and not isinstance(actuel, list):
        return present, ABSENT
    return present, nouveau


# A one-choice picker's swap is checked for each refused choice: one more check each. Past this many
# choices (Hate's 57 améliorations in simple bataille), the picker keeps untick-then-tick rather than
# slow every click of an open picker on a phone.
MAX_ECHANGES = 16


def _seul_element(champ: Champ) -> Any:
    """The only item of an array field now (a bare value counts as one), or ABSENT."""
    actuel = champ.actuel
    elements = [actuel] if isinstance(actuel, (str, int, float)) else actuel if isinstance(actuel, list) else []
    return elements[0] if len(elements) == 1 else ABSENT


# --- reports ------------------------------------------------------------------------------------------

def _concerne(chemin_violation: Any, prefixe: str | None) -> bool:
    """Whether a violation is on the entry `prefixe` (`/entrees/2`) or on the whole list."""
    if not isinstance(chemin_violation, str) or prefixe is None:
        return True
    if chemin_violation in ("", "/") or not chemin_violation.startswith("/entrees/"):
        return True
    return chemin_violation == prefixe or chemin_violation.startswith(prefixe + "/")


def _nouvelles(avant: list[dict[str, Any]], apres: list[dict[str, Any]], prefixe: str | None) -> list[dict[str, Any]]:
    """The violations of `apres` absent from `avant` (same code and pointer) that concern the field's entry."""
    restantes = Counter((v.get("code"), v.get("chemin")) for v in avant)
    manquants = {c for v in avant if _manque(v) for c in _champs_nommes(v)}
    out = []
    for v in apres:
        cle = (v.get("code"), v.get("chemin"))
        if restantes[cle] > 0:
            restantes[cle] -= 1
        elif _manque(v) and _champs_nommes(v) and _champs_nommes(v) <= manquants:
            continue  # a field missing before too, now reported by its own rule (a choice filled its parent)
        elif _concerne(v.get("chemin"), prefixe):
            out.append({"code": v.get("code"), "message": v.get("message"), "chemin": v.get("chemin"),
                        "regle": v.get("regle"), "parties": v.get("parties")})
    return out


def _manque(violation: dict[str, Any]) -> bool:
    """Whether a violation says that a field is missing (its code says so: `…_MANQUANT`, `…_MANQUANTE`)."""
    return "MANQUANT" in str(violation.get("code") or "")


def _champs_nommes(violation: dict[str, Any]) -> set[str]:
    """The fields a violation's message names (its `{champ: pointer}` parts)."""
    parties = violation.get("parties") or []
    return {p["champ"] for p in parties if isinstance(p, dict) and isinstance(p.get("champ"), str)}


def _cout_entree(rapport: dict[str, Any], index: int | None) -> Any:
    """The cost of entry `index` in a report's `details.entrees` rows, or None."""
    details = rapport.get("details")
    lignes = details.get("entrees") if isinstance(details, dict) else None
    if index is None or not isinstance(lignes, list):
        return None
    for ligne in lignes:
        if isinstance(ligne, dict) and ligne.get("index") == index:
            return ligne["cout_total"] if "cout_total" in ligne else ligne.get("cout")
    return None


def _preparer(donnees_jeu: dict[str, Any], liste: Any, catalogue: Any) -> dict[str, Any]:
    if not isinstance(liste, dict):
        raise ErreurEntree(f"La liste doit être un objet (avec les clés jeu, nom, format et entrees), "
                           f"pas {nom_de_type(liste)}.")
    if catalogue is not None:
        liste = fusionner_catalogue(donnees_jeu, liste, catalogue)
    return liste


def options_permises(donnees_jeu: dict[str, Any], liste: Any, chemin: Any,
                     catalogue: Any = None) -> dict[str, Any]:
    """The values one field of a list may take, each checked by the validator.

    Args:
        donnees_jeu: the game bundle.
        liste: the list document.
        chemin: JSON pointer to the field (`/entrees/2/tribu`, `/entrees/0/sorts`, `/options/lien`).
        catalogue: a parsed profile catalogue merged into the list first (Khârn-Âges), or None.

    Returns:
        `{"chemin", "choix": [{"valeur", "actif", "permis", "raisons", "cout_entree", "cout_total"}]}`.
        For an array of choices each `valeur` is one item, toggled (`actif`: present now); an item
        refused beside the array's only one but allowed in its place has `remplace`: that item.
        `raisons` are the errors the choice adds on its entry or on the whole list.

    Raises:
        ErreurEntree: unreadable list or catalogue, unknown field, or a field without choices.

    """
    return epuiser(options_pas(donnees_jeu, _preparer(donnees_jeu, liste, catalogue), chemin))


def epuiser(pas: Generator[None, None, Any]) -> Any:
    """Run a stepped computation to its end and return its result."""
    while True:
        try:
            next(pas)
        except StopIteration as fin:
            return fin.value


def choix_du_champ(donnees_jeu: dict[str, Any], liste: dict[str, Any], chemin: Any) -> Champ:
    """The field at `chemin` with its candidate values (see `Champ`).

    Raises:
        ErreurEntree: bad pointer, unknown field, or a field without choices.

    """
    jetons = _jetons(chemin)
    noeud, actuel, parent = _champ(donnees_jeu, liste, jetons)
    genre, valeurs = _candidats(noeud)
    if not valeurs:
        genre, valeurs = candidats_donnees(donnees_jeu, liste, noeud)
    if not valeurs:
        raise ErreurEntree(f"Le champ « {_propre(chemin, 60)} » n'a pas de choix à proposer (valeur libre).")
    index = int(jetons[1]) if len(jetons) >= 3 and jetons[0] == "entrees" else None
    return Champ(chemin, jetons, noeud, actuel, genre, valeurs, index,
                 requis=jetons[-1] in (parent.get("required") or []))


def variante(liste: dict[str, Any], champ: Champ, valeur: Any) -> tuple[bool, Any]:
    """Whether `valeur` is the field's value now, and the list with the field set to it (toggled in an array)."""
    if champ.genre == "bascule":
        actif, nouvelle = _basculer(champ.actuel, valeur, champ.requis)
        return actif, _remplacer(liste, champ.jetons, nouvelle)
    defaut = champ.noeud.get("default", ABSENT)
    courant = defaut if champ.actuel is ABSENT else champ.actuel
    actif = courant is not ABSENT and valeur is not ABSENT and _egal(courant, valeur)
    if actif or (valeur is ABSENT and champ.actuel is ABSENT):
        return actif, liste
    return actif, _remplacer(liste, champ.jetons, valeur)


def options_pas(donnees_jeu: dict[str, Any], liste: dict[str, Any],
                chemin: Any) -> Generator[None, None, dict[str, Any]]:
    """`options_permises` one validation at a time: yields after each, returns the answer."""
    champ = choix_du_champ(donnees_jeu, liste, chemin)
    prefixe = f"/entrees/{champ.index}" if champ.index is not None else None
    base = valider(donnees_jeu, liste)
    yield None
    choix = []
    for valeur in champ.valeurs:
        actif, autre = variante(liste, champ, valeur)
        rapport = base if autre is liste else valider(donnees_jeu, autre)
        if autre is not liste:
            yield None
        raisons = _nouvelles(base["erreurs"], rapport["erreurs"], prefixe)
        un_choix = {"valeur": valeur, "actif": actif, "permis": not raisons, "raisons": raisons,
                    "avertissements": _nouvelles(base["avertissements"], rapport["avertissements"], prefixe),
                    "cout_entree": _cout_entree(rapport, champ.index), "cout_total": rapport.get("cout")}
        seul = _seul_element(champ) if champ.genre == "bascule" and not actif and raisons \
            and len(champ.valeurs) <= MAX_ECHANGES else ABSENT
        if seul is not ABSENT:
            # One item now and this one refused beside it: allowed in its place? (a one-choice picker)
            forme = valeur if isinstance(champ.actuel, (str, int, float)) else [valeur]
            echange = valider(donnees_jeu, _remplacer(liste, champ.jetons, forme))
            yield None
            if not _nouvelles(base["erreurs"], echange["erreurs"], prefixe):
                un_choix["remplace"] = seul
        choix.append(un_choix)
    return {"chemin": chemin, "genre": champ.genre, "choix": choix}
