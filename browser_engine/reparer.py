"""Repairs of an invalid list: the smallest changes, drawn from the data, that make it valid.

The search tries every single change first, then pairs of changes, and keeps only the
lists the full checker (`valider`) accepts: a suggestion is never wrong. Changes are
drawn from the list schema (`reparer_candidats`): remove an entry or an element of an
array, drop an optional field, give an enumerated field another value (swap an entry's
kind, change an age, a tribe…), add or replace a choice in an array of choices, lower
or adjust a count. No rule is written here: only the checker decides.

The search is bounded: the changes near the errors' pointers come first, then the rest
of the list while the budget of checker runs lasts; pairs start from the single changes
that clear at least one error and look for a second change near what is left.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from . import bundle
from .catalogue import CLES
from .errors import ErreurEntree
from .reader import nom_de_type
from .reparer_candidats import ABSENT, Changement, Explorateur, appliquer, dans_le_foyer, sur_un_pointeur
from .reparer_texte import a_choisir, decrire, libelles_pour
from .validation import valider

MAX_SUGGESTIONS = 5
MAX_ENTREES = 120  # the search runs the checker hundreds of times: a longer list is refused
MAX_VERIFICATIONS = 300  # checker runs for one request
MAX_ELARGIR = 60  # of which for single changes away from the errors
MAX_PAIRES = 100  # of which for pairs
MAX_PREMIERS = 8  # single changes tried as the first half of a pair
MAX_SECONDS = 30  # second changes tried after each first one
MAX_MEME_ENDROIT = 2  # suggestions changing the same places, before the others
DELAI_S = 2.5  # a last guard: the worker gives a request 8 s (moteur.js) and Pyodide is slower than CPython
AUCUNE = "Aucune réparation en deux changements au plus."


@dataclass
class _Essai:
    """One candidate list, checked."""

    changements: tuple[Changement, ...]
    liste: dict[str, Any]
    erreurs: list[dict[str, Any]]
    cout: Any
    rapport: dict[str, Any] = field(default_factory=dict)

    @property
    def valide(self) -> bool:
        return not self.erreurs


@dataclass
class _Recherche:
    donnees: dict[str, Any]
    liste: dict[str, Any]
    base: dict[str, Any]
    verifications: int = 0
    debut: float = field(default_factory=time.perf_counter)
    vus: dict[str, _Essai] = field(default_factory=dict)
    complet: bool = True

    limite: int = MAX_VERIFICATIONS

    def epuise(self) -> bool:
        if self.verifications >= min(self.limite, MAX_VERIFICATIONS) or time.perf_counter() - self.debut > DELAI_S:
            self.complet = False
            return True
        return False

    def essayer(self, changements: tuple[Changement, ...], liste: dict[str, Any] | None = None) -> _Essai | None:
        """Apply the changes (or take `liste`), check the result once per distinct list."""
        if liste is None:
            liste = appliquer(self.liste, changements)
        cle = json.dumps(liste, sort_keys=True, ensure_ascii=False, default=str)
        if cle in self.vus:
            connu = self.vus[cle]
            return connu if len(connu.changements) <= len(changements) else _Essai(changements, liste, connu.erreurs,
                                                                                   connu.cout, connu.rapport)
        if self.epuise():
            return None
        self.verifications += 1
        try:
            rapport = valider(self.donnees, liste)
        except ErreurEntree:
            return None  # a change that makes the list unreadable is no repair
        essai = _Essai(changements, liste, rapport["erreurs"], _cout(rapport), rapport)
        self.vus[cle] = essai
        return essai


def _cout(rapport: dict[str, Any]) -> Any:
    """The list's total: its cost, else its activation cost (Hate), else None."""
    if rapport.get("cout") is not None:
        return rapport["cout"]
    details = rapport.get("details") or {}
    return details.get("cout_activation") if isinstance(details, dict) else None


def _cles(erreurs: list[dict[str, Any]]) -> set[tuple[Any, Any]]:
    return {(e.get("code"), e.get("chemin")) for e in erreurs}


def _ecart(avant: Any, apres: Any) -> float:
    if isinstance(avant, (int, float)) and isinstance(apres, (int, float)):
        return abs(apres - avant)
    return 0.0


def _rang(essai: _Essai, cout_avant: Any, foyer: list[str]) -> tuple[Any, ...]:
    """Fewer changes, then smaller ones (drop an option before removing an entry), then the cost kept.

    Between otherwise equal repairs, a change where the errors point comes first.
    """
    pas = sum(_ecart(c.avant, c.apres) for c in essai.changements)  # 3 → 2 before 3 → 1
    ailleurs = sum(not sur_un_pointeur(c.chemin, foyer) for c in essai.changements)
    return (len(essai.changements), sum(c.poids for c in essai.changements), _ecart(cout_avant, essai.cout), pas,
            ailleurs, [c.chemin for c in essai.changements])


def _simples(recherche: _Recherche, explorateur: Explorateur, foyer: list[str]) -> list[_Essai]:
    """Single changes near the errors, smallest first; the rest of the list when fewer than five repair it.

    The search stops once five repairs are found and no change left can rank before them.
    """
    candidats = explorateur.changements(recherche.liste)
    # Among changes of the same size, those at the fields the errors point at first.
    candidats.sort(key=lambda c: (c.poids, not sur_un_pointeur(c.chemin, foyer)))
    proches = [c for c in candidats if dans_le_foyer(c.chemin, foyer)]
    autres = [c for c in candidats if not dans_le_foyer(c.chemin, foyer)]
    essais: list[_Essai] = []
    for groupe, limite in ((proches, MAX_VERIFICATIONS), (autres, recherche.verifications + MAX_ELARGIR)):
        recherche.limite = limite
        for changement in groupe:
            poids = sorted(e.changements[0].poids for e in essais if e.valide)
            if len(poids) >= MAX_SUGGESTIONS and changement.poids > poids[MAX_SUGGESTIONS - 1]:
                break
            essai = _baisser(recherche, changement) if changement.genre == "baisser" else recherche.essayer((changement,))
            if essai is not None:
                essais.append(essai)
            if recherche.epuise():
                break
        if sum(e.valide for e in essais) >= MAX_SUGGESTIONS:
            break
    recherche.limite = MAX_VERIFICATIONS
    return essais


def _baisser(recherche: _Recherche, changement: Changement) -> _Essai | None:
    """The largest lower count that makes the list valid (binary search), else the minimum tried."""
    bas, haut = changement.apres, changement.avant - 1  # `apres` holds the field's minimum
    essai_bas = recherche.essayer((changement.avec(bas),))
    if essai_bas is None or not essai_bas.valide:
        return essai_bas
    meilleur = essai_bas
    while bas < haut and not recherche.epuise():
        milieu = (bas + haut + 1) // 2
        essai = recherche.essayer((changement.avec(milieu),))
        if essai is not None and essai.valide:
            meilleur, bas = essai, milieu
        else:
            haut = milieu - 1
    return meilleur


def _doubles(recherche: _Recherche, explorateur: Explorateur, simples: list[_Essai],
             reparations: set[str]) -> list[_Essai]:
    """Pairs: a single change that clears an error, then a change near the errors left."""
    origine = _cles(recherche.base["erreurs"])
    progres = [e for e in simples if not e.valide and origine - _cles(e.erreurs)]
    progres.sort(key=lambda e: (len(e.erreurs), sum(c.poids for c in e.changements)))
    trouves: list[_Essai] = []
    recherche.limite = recherche.verifications + MAX_PAIRES
    for premier in progres[:MAX_PREMIERS]:
        a = premier.changements[0]
        foyer = [str(e.get("chemin") or "") for e in premier.erreurs]
        seconds = [c for c in explorateur.changements(premier.liste) if dans_le_foyer(c.chemin, foyer)]
        for b in seconds[:MAX_SECONDS]:
            if b.genre == "baisser":
                b = b.avec(b.avant - 1)
            origine_b = b.vers_origine(a)
            if origine_b is None or origine_b.cle() in reparations or origine_b.chemin == a.chemin:
                continue
            paire = _ordonner(a, origine_b)
            liste = appliquer(premier.liste, (b,))
            try:
                ecrite = appliquer(recherche.liste, paire)
            except (IndexError, KeyError, TypeError, ValueError):
                continue
            if ecrite != liste:
                continue  # the pair cannot be written as two changes of the player's list
            essai = recherche.essayer(paire, liste)
            if essai is not None and essai.valide:
                trouves.append(_Essai(paire, liste, essai.erreurs, essai.cout, essai.rapport))
            if recherche.epuise():
                return trouves
    return trouves


def _ordonner(a: Changement, b: Changement) -> tuple[Changement, Changement]:
    """Changes in the order they apply: removals of array elements last, highest index first."""
    return tuple(sorted((a, b), key=Changement.ordre))  # type: ignore[return-value]


def _uniques(essais: list[_Essai]) -> list[_Essai]:
    """One suggestion per resulting list; among as many changes, at most two at the same places first."""
    vus, distincts = set(), []
    for essai in essais:
        cle = json.dumps(essai.liste, sort_keys=True, ensure_ascii=False, default=str)
        if cle not in vus:
            vus.add(cle)
            distincts.append(essai)
    out: list[_Essai] = []
    for taille in sorted({len(e.changements) for e in distincts}):
        groupe = [e for e in distincts if len(e.changements) == taille]
        par_endroit: dict[tuple[Any, ...], int] = {}
        premiers, ensuite = [], []
        for essai in groupe:
            endroit = tuple(c.chemin for c in essai.changements)
            par_endroit[endroit] = par_endroit.get(endroit, 0) + 1
            (premiers if par_endroit[endroit] <= MAX_MEME_ENDROIT else ensuite).append(essai)
        out += premiers + ensuite
    return out


def _preparer(liste: Any) -> dict[str, Any]:
    if not isinstance(liste, dict):
        raise ErreurEntree(f"La liste doit être un objet (avec les clés jeu, nom, format et entrees), "
                           f"pas {nom_de_type(liste)}.")
    entrees = liste.get("entrees")
    if isinstance(entrees, list) and len(entrees) > MAX_ENTREES:
        raise ErreurEntree(f"Liste trop longue pour chercher des réparations : {len(entrees)} entrées, "
                           f"{MAX_ENTREES} au plus. Corrigez d'abord les erreurs signalées une à une.")
    return liste


def reparer(donnees_jeu: dict[str, Any], liste: Any) -> dict[str, Any]:
    """The smallest changes that make an invalid list valid, each checked by the validator.

    Args:
        donnees_jeu: the game bundle.
        liste: the list document (merged with the player's catalogue, if any).

    Returns:
        `{valide, erreurs, cout, suggestions, message, verifications, complet}`; each suggestion is
        `{changements: [{operation, chemin, avant, apres, description}], corrige, cout_avant,
        cout_apres, avertissements, liste}`, best first, at most five. `message` says when the list
        is already valid or when no repair within two changes was found.

    Raises:
        ErreurEntree: the list is not an object, is too long, or cannot be checked.

    """
    liste = _preparer(liste)
    base = valider(donnees_jeu, liste)
    recherche = _Recherche(donnees_jeu, liste, base)
    resultat: dict[str, Any] = {"valide": base["valide"], "erreurs": base["erreurs"], "cout": _cout(base),
                                "suggestions": [], "message": None, "verifications": 0, "complet": True,
                                "cles_catalogue": list(CLES) if bundle.schema_catalogue(donnees_jeu) else []}
    if base["valide"]:
        resultat["message"] = "La liste est déjà valide : rien à réparer."
        return resultat
    explorateur = Explorateur(donnees_jeu, base["erreurs"])
    foyer = [str(e.get("chemin") or "") for e in base["erreurs"]]
    simples = _simples(recherche, explorateur, foyer)
    reparations = [e for e in simples if e.valide]
    cles = {e.changements[0].cle() for e in reparations}
    trouves = sorted(reparations, key=lambda e: _rang(e, resultat["cout"], foyer))
    if len(trouves) < MAX_SUGGESTIONS:
        doubles = _doubles(recherche, explorateur, simples, cles)
        trouves += sorted(doubles, key=lambda e: _rang(e, resultat["cout"], foyer))
    retenus = _uniques(trouves)[:MAX_SUGGESTIONS]
    libelles = libelles_pour(donnees_jeu, liste, base)
    resultat["suggestions"] = [_suggestion(libelles, base, e, resultat["cout"]) for e in retenus]
    resultat["verifications"] = recherche.verifications
    resultat["complet"] = recherche.complet
    if not retenus:
        resultat["message"] = AUCUNE if recherche.complet else (
            AUCUNE[:-1] + " parmi les changements essayés (recherche limitée pour rester rapide).")
        if explorateur.a_choisir:
            resultat["message"] += " " + a_choisir(libelles, explorateur.a_choisir)
    return resultat


def _suggestion(libelles: Any, base: dict[str, Any], essai: _Essai, cout_avant: Any) -> dict[str, Any]:
    avertissements_avant = _cles(base["avertissements"])
    rapport = essai.rapport or valider(libelles.donnees, essai.liste)
    return {
        "changements": [{"operation": c.operation(), "chemin": c.chemin_json(),
                         "avant": None if c.avant is ABSENT else c.avant,
                         "apres": None if c.apres is ABSENT else c.apres,
                         "description": decrire(libelles, c)} for c in essai.changements],
        "corrige": [{"code": e.get("code"), "message": e.get("message"), "chemin": e.get("chemin"),
                     "parties": e.get("parties")}
                    for e in base["erreurs"] if (e.get("code"), e.get("chemin")) not in _cles(rapport["erreurs"])],
        "cout_avant": cout_avant,
        "cout_apres": essai.cout,
        "avertissements": [{"code": a.get("code"), "message": a.get("message"), "chemin": a.get("chemin"),
                            "parties": a.get("parties")}
                           for a in rapport["avertissements"]
                           if (a.get("code"), a.get("chemin")) not in avertissements_avant],
        "liste": essai.liste,
    }


def action_reparer(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The `reparer` action of the list tools (`browser_engine.requetes.ACTIONS`)."""
    return reparer(donnees_jeu, liste)
