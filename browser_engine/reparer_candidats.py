"""Candidate changes of a list for the repair search, drawn from the list schema and the data.

A `Changement` is one edit of the list at a path (tokens: keys and indexes). The explorer walks
the list with its schema (the builder's `_resoudre` and `_candidats`) and proposes, for each
place, the edits a player could make: remove an entry or an array element, drop an optional
field, another value of an enumerated field, add or swap a choice of an array of choices,
another count. Values absent from the list are proposed only near the errors' pointers, and
only from the data: an enum, the values the rules' messages spell out (« tuile_depart: abri »,
also for a free identifier), an object built from its schema's required fields (never when one
has no default, const or single enum: `a_choisir` names it), the numbers the errors give.
"""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import bundle
from .catalogue import CLES
from .composer import ABSENT, _candidats, _egal, _resoudre, _types
from .errors import ErreurEntree
from .messages import Repere, analyser, cles_du_champ, litteral
from .reader import lire_document

Jetons = tuple[str | int, ...]
MAX_CHAINES = 12  # other values proposed for one identifier field
ENVELOPPE = ("jeu", "nom", "format", "options", "entrees", "journal") + CLES
NOMBRES = re.compile(r"(?<![\w-])\d{1,4}(?![\w-])")
EXTRAIT = re.compile(r"«\s*([a-z_][a-z0-9_]*)\s*:\s*([^»\n]{1,200}?)\s*»")  # « tuile_depart: abri »
MAX_PROFONDEUR_OBJET = 3  # nested objects built from the schema

__all__ = ["ABSENT", "Changement", "Explorateur", "appliquer", "dans_le_foyer", "pointeur", "sur_un_pointeur",
           "valeurs_des_messages", "valeurs_des_modeles", "valeurs_des_parties"]


def pointeur(jetons: Sequence[str | int]) -> str:
    """The JSON pointer (RFC 6901) of a path."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in jetons)


def dans_le_foyer(chemin: Jetons, foyer: list[str]) -> bool:
    """Whether a change is at, inside or above one of the errors' pointers."""
    ici = pointeur(chemin)
    return any(p == "" or ici == p or ici.startswith(p + "/") or p.startswith(ici + "/") for p in foyer)


def sur_un_pointeur(chemin: Jetons, foyer: list[str]) -> bool:
    """Whether a change is at an error's pointer or at a field of the object it points at."""
    ici = pointeur(chemin)
    parent = pointeur(chemin[:-1]) if chemin else None
    return any(p and (ici == p or parent == p) for p in foyer)


def _complet(valeur: Any) -> bool:
    """A value written out in full: no empty field, no `…` left for the reader to fill."""
    if valeur is None:
        return False
    if isinstance(valeur, str):
        return "…" not in valeur and "{" not in valeur
    if isinstance(valeur, dict):
        return all(_complet(v) for v in valeur.values())
    if isinstance(valeur, list):
        return all(_complet(v) for v in valeur)
    return True


def _type_json(valeur: Any) -> str:
    if isinstance(valeur, bool):
        return "boolean"
    if isinstance(valeur, int):
        return "integer"
    return {float: "number", str: "string", list: "array", dict: "object"}.get(type(valeur), "null")


def valeurs_des_messages(messages: Sequence[Any]) -> dict[str, list[Any]]:
    """The values the game's rules spell out for a field (« tuile_depart: abri »), by field name.

    The rules' messages tell the player what to write; those values are drawn from the data,
    never guessed. A snippet that is not a complete value (`…`, a placeholder) is left out.
    """
    out: dict[str, list[Any]] = {}
    for message in messages:
        for cle, texte in EXTRAIT.findall(str(message or "")):
            try:
                document = lire_document(f"{cle}: {texte}")
            except ErreurEntree:
                continue
            valeur = document.get(cle) if isinstance(document, dict) else None
            if _complet(valeur) and not any(_egal(valeur, v) for v in out.get(cle, [])):
                out.setdefault(cle, []).append(valeur)
    return out


def _ajouter_valeur(out: dict[str, list[Any]], cle: str, valeur: Any) -> None:
    if _complet(valeur) and not any(_egal(valeur, v) for v in out.get(cle, [])):
        out.setdefault(cle, []).append(valeur)


def _valeurs_du_champ(out: dict[str, list[Any]], pointeur: str, valeur: Any) -> None:
    """A field's value, for its own key and, nested, for the keys above it (`bot_jordan: {batteries: 5}`).

    The outermost key of a nested field (`options`) is left out: the whole object is not proposed.
    """
    cles = cles_du_champ(pointeur)
    for i in range(len(cles)):
        if i == 0 and len(cles) > 1:
            continue
        imbriquee = valeur
        for cle in reversed(cles[i + 1:]):
            imbriquee = {cle: imbriquee}
        _ajouter_valeur(out, cles[i], imbriquee)


def valeurs_des_modeles(modeles: Sequence[Any]) -> dict[str, list[Any]]:
    """The values the rules' message templates give a field (`{champ:tuile_depart=abri}`), by field name."""
    out: dict[str, list[Any]] = {}
    for modele in modeles:
        if not isinstance(modele, str):
            continue
        for jeton in analyser(modele):
            if isinstance(jeton, Repere) and jeton.sorte == "champ" and jeton.valeurs and "{" not in jeton.texte[1:-1]:
                _valeurs_du_champ(out, jeton.chemin if jeton.chemin.startswith("/") else "/entrees/-/" + jeton.chemin,
                                  litteral(jeton.valeurs[0]))
    return out


def valeurs_des_parties(violations: Sequence[Any]) -> dict[str, list[Any]]:
    """The values the violations' message parts give a field (`{"champ": …, "valeur": …}`), by field name."""
    out: dict[str, list[Any]] = {}
    for violation in violations:
        parties = violation.get("parties") if isinstance(violation, dict) else None
        if not isinstance(parties, list):
            for cle, valeurs in valeurs_des_messages([violation.get("message") if isinstance(violation, dict)
                                                      else None]).items():
                for valeur in valeurs:
                    _ajouter_valeur(out, cle, valeur)
            continue
        for partie in parties:
            if isinstance(partie, dict) and isinstance(partie.get("champ"), str) and "valeur" in partie:
                _valeurs_du_champ(out, partie["champ"], partie["valeur"])
    return out


def objet_du_schema(noeud: dict[str, Any], racine: dict[str, Any],
                    profondeur: int = 0) -> tuple[dict[str, Any] | None, list[str]]:
    """An object built from its schema: each required field with its `default`, `const` or single `enum`.

    Returns:
        `(objet, [])`, or `(None, champs)` with the required fields the schema gives no value for
        (the player must choose them: nothing is guessed).

    """
    objet: dict[str, Any] = {}
    manquants: list[str] = []
    proprietes = noeud.get("properties") or {}
    for cle in noeud.get("required") or []:
        sous = _resoudre(racine, proprietes.get(cle), ABSENT)
        enum = sous.get("enum")
        if "default" in sous:
            objet[cle] = sous["default"]
        elif "const" in sous:
            objet[cle] = sous["const"]
        elif isinstance(enum, list) and len(enum) == 1:
            objet[cle] = enum[0]
        elif "object" in _types(sous) and profondeur < MAX_PROFONDEUR_OBJET:
            dedans, manque = objet_du_schema(sous, racine, profondeur + 1)
            if dedans is None:
                manquants += [f"{cle}/{m}" for m in manque]
            else:
                objet[cle] = dedans
        else:
            manquants.append(str(cle))
    return (None, manquants) if manquants else (objet, [])


@dataclass(frozen=True, eq=False)
class Changement:
    """One edit: `genre` is retirer_entree, retirer_element, retirer_champ, valeur, ajouter_element or baisser."""

    chemin: Jetons
    genre: str
    avant: Any
    apres: Any
    poids: int
    ordre_cles: tuple[str, ...] = ()  # the parent's keys in schema order, to place a new key

    def cle(self) -> str:
        return json.dumps([self.genre if self.genre != "baisser" else "valeur", list(self.chemin),
                           None if self.apres is ABSENT else self.apres], sort_keys=True, default=str)

    def avec(self, valeur: Any) -> Changement:
        """A count change (`baisser`) made concrete with one value."""
        return replace(self, genre="valeur", apres=valeur)

    def operation(self) -> str:
        if self.genre == "ajouter_element":
            return "ajouter"
        if self.genre.startswith("retirer") or self.apres is ABSENT:
            return "retirer"
        return "remplacer" if self.avant is not ABSENT else "ajouter"

    def chemin_json(self) -> str:
        return pointeur(self.chemin) + ("/-" if self.genre == "ajouter_element" else "")

    def retire_element(self) -> bool:
        return self.genre in ("retirer_entree", "retirer_element")

    def ordre(self) -> tuple[Any, ...]:
        """Sort key: value edits first, then element removals, deepest and highest index first."""
        if not self.retire_element():
            return (0,)
        return (1, tuple((0, -t) if isinstance(t, int) else (1, t) for t in self.chemin))

    def vers_origine(self, premier: Changement) -> Changement | None:
        """The change, found on the list after `premier`, written as a change of the original list."""
        if premier.genre == "ajouter_element":
            tableau = premier.chemin
            if self.chemin[:len(tableau)] == tableau and len(self.chemin) > len(tableau):
                return None  # it touches the element just added: not a change of the original list
            return self
        if not premier.retire_element():
            return self
        tableau, index = premier.chemin[:-1], premier.chemin[-1]
        n = len(tableau)
        if self.chemin[:n] != tableau or len(self.chemin) <= n or not isinstance(index, int):
            return self
        j = self.chemin[n]
        if isinstance(j, int) and j >= index:
            return replace(self, chemin=self.chemin[:n] + (j + 1,) + self.chemin[n + 1:])
        return self


def _poser(objet: Any, jetons: Jetons, changement: Changement) -> Any:
    """A copy of `objet` with the change made at `jetons` (only the path is copied)."""
    jeton, reste = jetons[0], jetons[1:]
    if isinstance(objet, list):
        copie_liste = list(objet)
        if not reste and changement.retire_element():
            del copie_liste[int(jeton)]
        elif not reste:
            copie_liste[int(jeton)] = changement.apres
        else:
            copie_liste[int(jeton)] = _poser(copie_liste[int(jeton)], reste, changement)
        return copie_liste
    copie = dict(objet) if isinstance(objet, dict) else {}
    if reste:
        copie[jeton] = _poser(copie.get(jeton), reste, changement)
        return copie
    if changement.genre == "ajouter_element":
        actuel = copie.get(jeton)
        copie[jeton] = (list(actuel) if isinstance(actuel, list) else []) + [changement.apres]
    elif changement.genre == "retirer_champ" or changement.apres is ABSENT:
        copie.pop(jeton, None)
    elif jeton in copie or not changement.ordre_cles:
        copie[jeton] = changement.apres
    else:  # a new key goes where the schema puts it
        ordre = list(changement.ordre_cles)
        rang = {k: i for i, k in enumerate(ordre)}
        cible = rang.get(str(jeton), len(ordre))
        items = list(copie.items())
        position = next((i for i, (k, _) in enumerate(items) if rang.get(k, len(ordre)) > cible), len(items))
        items.insert(position, (jeton, changement.apres))
        copie = dict(items)
    return copie


def appliquer(liste: dict[str, Any], changements: Sequence[Changement]) -> dict[str, Any]:
    """The list with the changes made, in the order given."""
    for changement in changements:
        liste = _poser(liste, changement.chemin, changement)
    return liste


def _poids_retrait(valeur: Any, sous: dict[str, Any]) -> int:
    """Dropping an option weighs 1; back to the default is a change of value (2); a whole block, 3.

    Changes of the format and the options (scenario, mode, tribe) weigh 4 more: they change the whole list.
    """
    if isinstance(valeur, (dict, list)) and valeur:
        return 3
    return 2 if "default" in sous else 1


class Explorateur:
    """The candidate changes of a list, from the game's list schema and data."""

    def __init__(self, donnees_jeu: dict[str, Any], erreurs: list[dict[str, Any]]) -> None:
        self.racine = bundle.schema_liste(donnees_jeu) or {}
        self.ids: dict[str, list[str]] = {}
        for cle, valeur in donnees_jeu.items():
            if isinstance(valeur, list) and cle not in ("regles_liste", "sections", "faq", "calculs", "tables"):
                self.ids[cle] = [e["id"] for e in valeur if isinstance(e, dict) and isinstance(e.get("id"), str)]
        self.erreurs = erreurs
        regles = donnees_jeu.get("regles_liste")
        self.regles = valeurs_des_modeles([r.get("message") for r in regles if isinstance(r, dict)]
                                          if isinstance(regles, list) else [])
        self.a_choisir: dict[Jetons, list[str]] = {}  # absent objects not proposed: the fields to choose

    def changements(self, liste: dict[str, Any], erreurs: list[dict[str, Any]] | None = None) -> list[Changement]:
        """Every candidate change of `liste`; absent fields near `erreurs` (default: the base errors)."""
        erreurs = self.erreurs if erreurs is None else erreurs
        self.foyer = [str(e.get("chemin") or "") for e in erreurs]
        self.nombres: dict[str, set[int]] = {}
        for e in erreurs:
            chiffres = {int(n) for n in NOMBRES.findall(str(e.get("message") or ""))}
            self.nombres.setdefault(str(e.get("chemin") or ""), set()).update(chiffres)
        self.valeurs_par_cle: dict[str, list[str]] = {}
        self.des_regles = dict(self.regles)
        for cle, valeurs in valeurs_des_parties(erreurs).items():
            self.des_regles[cle] = self.des_regles.get(cle, []) + [v for v in valeurs if v not in self.des_regles.get(cle, [])]
        self._recenser(liste, None)
        self.liste = liste
        out: list[Changement] = []
        self._objet(liste, _resoudre(self.racine, self.racine, liste), (), out)
        # The format and the options (scenario, mode, tribe) change the whole list: ranked after its entries.
        return [replace(c, poids=c.poids + 4) if c.chemin[0] in ("format", "options") else c for c in out]

    def _recenser(self, valeur: Any, cle: str | None) -> None:
        """The string values of each key in the list (identifiers chosen elsewhere)."""
        if isinstance(valeur, dict):
            for k, v in valeur.items():
                self._recenser(v, str(k))
        elif isinstance(valeur, list):
            for v in valeur:
                self._recenser(v, cle)
        elif isinstance(valeur, str) and cle is not None:
            vus = self.valeurs_par_cle.setdefault(cle, [])
            if valeur not in vus:
                vus.append(valeur)

    def _proche(self, chemin: Jetons) -> bool:
        """An error points at this object, at its container or at one of its fields."""
        ici = pointeur(chemin)
        parent = pointeur(chemin[:-1]) if chemin else None
        for p in self.foyer:
            if p == ici or (parent is not None and p == parent) or (p.startswith(ici + "/") and "/" not in p[len(ici) + 1:]):
                return True
        return False

    def _objet(self, objet: dict[str, Any], noeud: dict[str, Any], chemin: Jetons, out: list[Changement]) -> None:
        proprietes = noeud.get("properties") or {}
        autres = noeud.get("additionalProperties")
        requis = set(noeud.get("required") or [])
        for cle, valeur in objet.items():
            if cle == "nom" or (not chemin and cle in ("jeu",) + CLES):
                continue
            ici = chemin + (cle,)
            sous = proprietes.get(cle, autres if isinstance(autres, dict) else None)
            if sous is None:  # a field the list format does not know
                out.append(Changement(ici, "retirer_champ", valeur, ABSENT, 1))
                continue
            sous = _resoudre(self.racine, sous, valeur)
            facultatif = cle not in requis and not (not chemin and cle in ENVELOPPE)
            if facultatif and valeur is not None:
                out.append(Changement(ici, "retirer_champ", valeur, ABSENT, _poids_retrait(valeur, sous)))
            self._valeur(valeur, sous, ici, out, sorte=self._sorte(chemin, cle, sous, requis))
        if isinstance(objet, dict) and self._proche(chemin):
            self._absents(objet, proprietes, chemin, out)

    def _sorte(self, chemin: Jetons, cle: str, sous: dict[str, Any], requis: set[str]) -> bool:
        """Whether the field is an entry's kind (HAMI caste, Hate type): changing it swaps the entry."""
        if len(chemin) != 2 or chemin[0] != "entrees":
            return False
        return bool(sous.get("x-sorte")) or (cle in requis and isinstance(sous.get("enum"), list))

    def _absents(self, objet: dict[str, Any], proprietes: dict[str, Any], chemin: Jetons,
                 out: list[Changement]) -> None:
        """Enumerated fields the object lacks, when an error points at it (`arme: lanceur`)."""
        ordre = tuple(proprietes)
        for cle, sous in proprietes.items():
            if cle in objet or cle in ("jeu", "nom") or not isinstance(sous, dict) or not self._de_la_sorte(sous, objet):
                continue
            if sous.get("x-sorte"):  # another kind of entry (a legendary Hami, a predator): not added to this one
                continue
            sous = _resoudre(self.racine, sous, ABSENT)
            genre, valeurs = _candidats(sous)
            defaut = sous.get("default", ABSENT)
            if genre == "valeur":
                for v in valeurs:
                    if v is not None and not (defaut is not ABSENT and _egal(v, defaut)):
                        out.append(Changement(chemin + (cle,), "valeur", ABSENT, v, 2, ordre))
            elif genre == "bascule":
                for v in valeurs:
                    out.append(Changement(chemin + (cle,), "ajouter_element", ABSENT, v, 2))
            for v in self._a_ajouter(cle, sous, chemin, valeurs if genre == "valeur" else []):
                out.append(Changement(chemin + (cle,), "valeur", ABSENT, v, 2, ordre))

    def _a_ajouter(self, cle: str, sous: dict[str, Any], chemin: Jetons, deja: list[Any]) -> list[Any]:
        """Values for an absent field beyond its enum: those the rules spell out, and more.

        An object built from its schema, the numbers the errors give; an object whose required
        fields have no value is not proposed and its fields are kept in `a_choisir`.
        """
        types = _types(sous)
        proposes = [v for v in self.des_regles.get(cle, []) if not types or _type_json(v) in types
                    or (_type_json(v) == "integer" and "number" in types)]
        if "object" in types:
            objet, manquants = objet_du_schema(sous, self.racine)
            if objet is None:
                self.a_choisir[chemin + (cle,)] = manquants
            else:
                proposes.append(objet)
        if "integer" in types and not deja:
            if "default" in sous:
                deja = [sous["default"]]  # an absent field already has its default
            bas, haut = sous.get("minimum"), sous.get("maximum")
            for lieu in {pointeur(chemin), pointeur(chemin + (cle,))}:
                for n in sorted(self.nombres.get(lieu, set())):
                    if (not isinstance(bas, int) or n >= bas) and (not isinstance(haut, int) or n <= haut):
                        proposes.append(n)
        out: list[Any] = []
        for v in proposes:
            if not any(_egal(v, d) for d in deja + out):
                out.append(v)
        return out

    @staticmethod
    def _de_la_sorte(sous: dict[str, Any], objet: dict[str, Any]) -> bool:
        """`x-sortes`: the field belongs to entries of these kinds (by key or by value)."""
        pour = sous.get("x-sortes")
        if not isinstance(pour, list):
            return True
        return any(k in pour for k in objet) or any(isinstance(v, str) and v in pour for v in objet.values())

    def _valeur(self, valeur: Any, sous: dict[str, Any], ici: Jetons, out: list[Changement], sorte: bool) -> None:
        genre, valeurs = _candidats(sous)
        if genre == "valeur":
            for v in valeurs:
                if not _egal(v, valeur):
                    out.append(Changement(ici, "valeur", valeur, v, 3 if sorte else 2))
        elif genre == "bascule" and isinstance(valeur, list):
            self._choix(valeur, sous, valeurs, ici, out)
        elif isinstance(valeur, list):
            items = sous.get("items")
            for k, element in enumerate(valeur):
                entree = ici == ("entrees",)
                out.append(Changement(ici + (k,), "retirer_entree" if entree else "retirer_element", element,
                                      ABSENT, 4 if entree else 1))
                self._valeur(element, _resoudre(self.racine, items, element), ici + (k,), out, sorte=False)
        elif isinstance(valeur, dict):
            self._objet(valeur, sous, ici, out)
        elif isinstance(valeur, int) and not isinstance(valeur, bool):
            self._compte(valeur, sous, ici, out)
        elif isinstance(valeur, str):
            self._identifiant(valeur, ici, out)

    def _choix(self, valeur: list[Any], sous: dict[str, Any], valeurs: list[Any], ici: Jetons,
               out: list[Changement]) -> None:
        """An array of choices: drop one; near an error, swap one or add one."""
        for k, element in enumerate(valeur):
            out.append(Changement(ici + (k,), "retirer_element", element, ABSENT, 1))
        if not self._proche(ici) and not any(p.startswith(pointeur(ici) + "/") for p in self.foyer):
            return
        libres = [v for v in valeurs if not any(_egal(v, e) for e in valeur)]
        for k, element in enumerate(valeur):
            for v in libres:
                out.append(Changement(ici + (k,), "valeur", element, v, 2))
        plafond = sous.get("maxItems")
        if not isinstance(plafond, int) or len(valeur) < plafond:
            for v in valeurs:  # the same value twice may be allowed (two d6 results)
                out.append(Changement(ici, "ajouter_element", ABSENT, v, 2))

    def _compte(self, valeur: int, sous: dict[str, Any], ici: Jetons, out: list[Changement]) -> None:
        """Another count: one or two more or less, the numbers the errors give, and the largest lower that works."""
        bas = sous.get("minimum") if isinstance(sous.get("minimum"), int) else 0
        haut = sous.get("maximum") if isinstance(sous.get("maximum"), int) else None
        proposes = {valeur - 2, valeur - 1, valeur + 1, valeur + 2}
        for lieu in (pointeur(ici), pointeur(ici[:-1])):
            proposes |= self.nombres.get(lieu, set())
        for v in sorted(proposes):
            if v != valeur and v >= bas and (haut is None or v <= haut):
                out.append(Changement(ici, "valeur", valeur, v, 2))
        if valeur - 2 > bas:
            out.append(Changement(ici, "baisser", valeur, bas, 2))

    def _identifiant(self, valeur: str, ici: Jetons, out: list[Changement]) -> None:
        """An identifier field: the other ids of its data collection or of the list (scenario, profil)."""
        cle = next((t for t in reversed(ici) if isinstance(t, str)), "")
        proposes = [v for v in self.des_regles.get(cle, []) if isinstance(v, str)] + self.ids.get(cle + "s", [])
        propres = self.liste.get(cle + "s") if isinstance(self.liste, dict) else None
        if isinstance(propres, list):
            proposes += [e["id"] for e in propres if isinstance(e, dict) and isinstance(e.get("id"), str)]
        proposes += self.valeurs_par_cle.get(cle, [])
        vus: list[str] = []
        for v in proposes:
            if v != valeur and v not in vus:
                vus.append(v)
        for v in vus[:MAX_CHAINES]:
            out.append(Changement(ici, "valeur", valeur, v, 2))
