"""What the rules fill in by themselves in the builder (issue 35, item 2).

A value the rules fix from other values is filled in at once, and follows those values while the
player leaves it alone:

* **entries the rules force**: a new list (no entry yet) gets the entries that list-wide rules
  count exactly, by their kind (Hate: 1 Prince, 1 Shaman, 1 Champion, 6 Guerriers, 2 Jeunes-sang);
  any list gets the entries of no kind it lacks (Tamashii: one player per player of `format`). Read from the report's measures of the data rules
  (`compte: entrees`, an exact bound, a selector naming one kind), never written here;
* **values a rule's message names**: an error whose message proposes one value for one field
  (`{champ: pointer, valeur}` in its `parties`, « réglez Marché des Corps : 3 ») fills that field
  when the list does not give it (Tamashii's Marché des Corps, Réserve, starting augmentations,
  Protocole);
* **values a game computes** (`valeurs_imposees` of the game's `liste` part, optional): Tamashii's
  starting Sac from the player's Données Essentielles.

The builder keeps which values the rules filled (`remplis`, pointer -> value). While such a value
is unchanged it is computed again from the list as it now is, so it follows what it derives
(from the player count); a value the player changed is the player's and is never touched.

`imposer_pas` yields None after each validation and returns the changes to make; the follow-up of
a check (`composer_suite.suite_pas`) runs it first, in the worker's idle time.
"""
from __future__ import annotations

import copy
from collections.abc import Generator
from typing import Any

from . import bundle, jeux
from .validation import valider

MAX_TOURS = 3  # a value filled may bring an error naming another one (the Sac after the Données)
MAX_ENTREES = 40


def _jetons(pointeur: str) -> list[str]:
    return [m.replace("~1", "/").replace("~0", "~") for m in pointeur.split("/")[1:]]


def _cle(noeud: Any, m: str) -> Any:
    if isinstance(noeud, list):
        return int(m) if m.isdigit() and int(m) < len(noeud) else None
    return m if isinstance(noeud, dict) else None


def lire(liste: Any, pointeur: str) -> tuple[bool, Any]:
    """Whether the list gives the value at `pointeur`, and that value."""
    noeud = liste
    for m in _jetons(pointeur):
        cle = _cle(noeud, m)
        if cle is None or (isinstance(noeud, dict) and cle not in noeud):
            return False, None
        noeud = noeud[cle]
    return True, noeud


def _parent(liste: Any, pointeur: str, creer: bool) -> tuple[Any, Any]:
    jetons = _jetons(pointeur)
    if not jetons:
        return None, None
    noeud = liste
    for m in jetons[:-1]:
        cle = _cle(noeud, m)
        if cle is None:
            return None, None
        if isinstance(noeud, dict) and not isinstance(noeud.get(cle), (dict, list)):
            if not creer:
                return None, None
            noeud[cle] = {}
        noeud = noeud[cle]
    return noeud, jetons[-1]


def ecrire(liste: Any, pointeur: str, valeur: Any) -> bool:
    """Set the value at `pointeur` (an object key, or an existing array item); False when it cannot."""
    parent, cle = _parent(liste, pointeur, creer=True)
    if isinstance(parent, dict):
        parent[cle] = copy.deepcopy(valeur)
        return True
    if isinstance(parent, list) and cle.isdigit() and int(cle) < len(parent):
        parent[int(cle)] = copy.deepcopy(valeur)
        return True
    return False


def retirer(liste: Any, pointeur: str) -> None:
    """Remove the object key at `pointeur`, and the objects it leaves empty (never an entry)."""
    jetons = _jetons(pointeur)
    parent, cle = _parent(liste, pointeur, creer=False)
    if not isinstance(parent, dict) or cle not in parent:
        return
    del parent[cle]
    for n in range(len(jetons) - 1, 0, -1):
        chemin = "/" + "/".join(jetons[:n])
        present, valeur = lire(liste, chemin)
        haut, cle_haut = _parent(liste, chemin, creer=False)
        if not present or valeur != {} or not isinstance(haut, dict) or n <= 2 and jetons[0] == "entrees":
            break
        del haut[cle_haut]


def propositions(rapport: dict[str, Any]) -> dict[str, Any]:
    """The values the report's errors propose: one `{champ, valeur}` of a concrete field per message.

    Left to the player: a message naming several values, or another field besides (« retirez
    l'objet ou choisissez Héros »: two ways out), a value for any entry (`/entrees/-/…`), and
    anything but the list's options and entries (a chronicle's log records what happened).
    """
    out: dict[str, Any] = {}
    for v in rapport.get("erreurs") or []:
        parties = v.get("parties") if isinstance(v.get("parties"), list) else []
        champs = [p for p in parties if isinstance(p, dict) and isinstance(p.get("champ"), str)]
        valeurs = [p for p in champs if "valeur" in p and "valeurs" not in p]
        if len(valeurs) != 1 or any(p["champ"] != valeurs[0]["champ"] for p in champs):
            continue
        avant = parties[parties.index(valeurs[0]) - 1] if parties.index(valeurs[0]) > 0 else ""
        if isinstance(avant, str) and "exemple" in avant.lower():
            continue  # « par exemple Char »: one value among others, for the player to choose
        pointeur = valeurs[0]["champ"]
        if "/-" in pointeur + "/" or not pointeur.startswith(("/options/", "/entrees/")):
            continue
        out.setdefault(pointeur, valeurs[0]["valeur"])
    return out


def entrees_imposees(donnees_jeu: dict[str, Any], rapport: dict[str, Any], neuve: bool = True) -> list[dict[str, Any]]:
    """The entries list-wide rules count exactly and the list lacks: by kind for a new list (`neuve`).

    A list with entries only gets entries of no kind (Tamashii: a player when the player count
    grows); the player's kinds of entries are the player's. A rule counts entries
    (`compte: entrees`), applies to every list (no `si`), selects one kind
    (`selecteur` of names: a type, not a box such as a leader's; or none) and has an exact bound the report measured.
    """
    mesures = (rapport.get("details") or {}).get("mesures") or {}
    out: list[dict[str, Any]] = []
    for regle in bundle.regles_liste(donnees_jeu):
        mesure = mesures.get(regle.get("id"))
        selecteur = regle.get("selecteur") or {}
        if (regle.get("portee") != "liste" or regle.get("compte") != "entrees" or regle.get("si")
                or not isinstance(mesure, dict) or "exact" not in (regle.get("borne") or {})
                or not isinstance(selecteur, dict) or not all(isinstance(v, str) for v in selecteur.values())):
            continue
        if selecteur and not neuve:
            continue
        manque = mesure.get("exact", 0) - mesure.get("valeur", 0)
        if not isinstance(manque, int) or manque <= 0:
            continue
        # A rule without a kind (one entry per player) adds what the kinds already added leaves out.
        deja = len(out) if not selecteur else 0
        out += [dict(selecteur) for _ in range(max(0, manque - deja))]
    return out[:MAX_ENTREES]


def _valeurs_du_jeu(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    partie = jeux.part(bundle.identifiant(donnees_jeu), "liste")
    fonction = getattr(partie, "valeurs_imposees", None) if partie else None
    return fonction(donnees_jeu, liste) if callable(fonction) else {}


def imposer_pas(donnees_jeu: dict[str, Any], liste: dict[str, Any],
                demande: Any) -> Generator[None, None, dict[str, Any]]:
    """The values the rules fill in the list, computed one validation at a time.

    Args:
        donnees_jeu: the game bundle.
        liste: the list as written by the builder.
        demande: `{"remplis": {pointer: value}}`, the values the rules filled before.

    Returns:
        `{"valeurs": {pointer: value}, "retires": [pointers], "entrees": [entries added],
        "remplis": {pointer: value}}`: what to set, what to remove, the entries to append, and
        every value the rules now fill.

    """
    remplis = demande.get("remplis") if isinstance(demande, dict) and isinstance(demande.get("remplis"), dict) else {}
    travail = copy.deepcopy(liste)
    repris = []
    for pointeur, valeur in remplis.items():
        present, actuelle = lire(travail, pointeur) if isinstance(pointeur, str) else (False, None)
        if present and actuelle == valeur:
            retirer(travail, pointeur)  # computed again below from the list as it now is
            repris.append(pointeur)
    nouveaux: dict[str, Any] = {}
    ajoutees: list[dict[str, Any]] = []
    entrees = travail.get("entrees")
    neuve = isinstance(entrees, list) and not entrees and not remplis
    for tour in range(MAX_TOURS):
        rapport = valider(donnees_jeu, travail)
        yield None
        voulus = propositions(rapport)
        if tour == 0 and isinstance(entrees, list):
            ajoutees = entrees_imposees(donnees_jeu, rapport, neuve)
            entrees.extend(copy.deepcopy(ajoutees))
        voulus.update(_valeurs_du_jeu(donnees_jeu, travail))
        faits = [p for p, v in voulus.items() if p not in nouveaux and not lire(travail, p)[0] and ecrire(travail, p, v)]
        nouveaux.update({p: voulus[p] for p in faits})
        if not faits and not (ajoutees and tour == 0):
            break
    valeurs = {p: v for p, v in nouveaux.items() if lire(liste, p) != (True, v)}
    retires = [p for p in repris if p not in nouveaux]
    return {"valeurs": valeurs, "retires": retires, "entrees": ajoutees, "remplis": nouveaux}


def action_imposer(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The builder's request for a new list (`requetes.ACTIONS`): what the rules fill, all at once."""
    pas = imposer_pas(donnees_jeu, liste, requete)
    try:
        while True:
            next(pas)
    except StopIteration as fin:
        return fin.value
