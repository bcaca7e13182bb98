"""Khârn-Âges odds of a list: reading the player's cards (profiles, armour, carried equipment).

The book prints no profile card: every characteristic, PV and armour comes from the player's
catalogue (« Mes cartes ») or from the list's own `profils:`. This module turns one card into a
`Combattant` (what the odds need), or into the French reason why it cannot be used, and chooses
the characteristics a figure engages in its main attacks and defences.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .liste_equipement import cle_de_voie, entier, objets, texte, textes

CARACS = ("V", "P", "A", "C")
# At equal values the attacker engages P first: its effect adds 1 damage (l. 745).
PREFERENCE_MELEE = ("P", "V", "A", "C")
# Shots use V and A only (l. 907): tir basique AA or tir en mouvement VV.
PREFERENCE_TIR = ("A", "V")
NOMS_CARACS = {"V": "Vitesse", "P": "Puissance", "A": "Agilité", "C": "Corpulence"}
# Bounds of calcul-degats (data/kharn-ages/calculs.yaml).
SEUIL_ARMURE_MIN, SEUIL_ARMURE_MAX = 2, 10
CASES_ARMURE_MAX = 12
PROTECTION_MAX = 10
PV_MAX = 30
FORMULAIRE = "« Mes cartes »"


@dataclass(frozen=True)
class Armure:
    """An armour the calculation can use: roll threshold, protections under and at it, free boxes."""

    seuil: int
    faible: int
    fort: int
    cases: int

    def texte(self) -> str:
        """The armour as shown under a target's name."""
        return f"armure seuil {self.seuil}, protège {self.faible}/{self.fort}, {self.cases} cases"


@dataclass
class Combattant:
    """What the odds read on one profile card."""

    id: str
    nom: str
    niveau: int
    caracs: dict[str, int]
    stature: int | None
    pv: int | None
    armure: Armure | None
    maitrise: frozenset[str]
    remarques_armure: list[str] = field(default_factory=list)

    def resume(self) -> str:
        """Level, characteristics, PV and armour in one short line."""
        caracs = ", ".join(f"{k} {self.caracs[k]}" for k in CARACS)
        armure = self.armure.texte() if self.armure else "sans armure chiffrée"
        pv = f"{self.pv} PV" if self.pv is not None else "PV inconnus"
        return f"Niveau {self.niveau} · {caracs} · {pv} · {armure}"


def _borne(value: Any, bas: int, haut: int) -> int | None:
    return value if entier(value) and bas <= value <= haut else None


def _domaines(profil: dict[str, Any]) -> frozenset[str]:
    """The domains of the card's mastery dice: « corps à corps », « tir », « défense »."""
    domaines: set[str] = set()
    for domaine in textes(profil.get("maitrise")):
        mots = cle_de_voie(domaine).split("-")
        if "corps" in mots:
            domaines.add("corps")
        if "tir" in mots:
            domaines.add("tir")
        if "defense" in mots or "defensif" in mots:
            domaines.add("defense")
    return frozenset(domaines)


def _armure(profil: dict[str, Any]) -> tuple[Armure | None, list[str]]:
    """The card's armour when its threshold, protections and boxes are all given."""
    armure = profil.get("armure")
    if armure is None:
        return None, []
    nom = texte(armure if isinstance(armure, str) else armure.get("nom") if isinstance(armure, dict) else None)
    quoi = f"l'armure « {nom[:60]} »" if nom else "l'armure"
    if not isinstance(armure, dict):
        return None, [f"{quoi} n'a ni seuil, ni protections, ni cases dans {FORMULAIRE} : comptée sans armure."]
    seuil, faible, fort, duree = (armure.get(k) for k in ("seuil", "faible", "fort", "duree"))
    if not all(entier(v) for v in (seuil, faible, fort, duree)):
        return None, [f"{quoi} n'a pas son seuil, ses deux protections et sa durée de vie dans {FORMULAIRE} : "
                      "comptée sans armure."]
    if duree < 1:
        return None, [f"{quoi} n'a plus de case : comptée sans armure."]
    if faible > PROTECTION_MAX or fort > PROTECTION_MAX or fort < faible:
        return None, [f"{quoi} : protections {faible}/{fort} hors de ce que le calcul accepte (0 à "
                      f"{PROTECTION_MAX}, la seconde au moins égale à la première) : comptée sans armure."]
    # A threshold of 1 acts as 2 (a natural 1 is an EC), one above 10 as 10 (a 10 is an RC);
    # a single attack marks at most 2 boxes, so more than 12 acts as 12.
    seuil = min(max(seuil, SEUIL_ARMURE_MIN), SEUIL_ARMURE_MAX)
    return Armure(seuil, faible, fort, min(duree, CASES_ARMURE_MAX)), []


def lire_combattant(profil: dict[str, Any]) -> Combattant | str:
    """A profile card as a `Combattant`, or what the card lacks, in French (« caractéristiques V, P manquantes »)."""
    nom = texte(profil.get("nom")) or texte(profil.get("id")) or "sans nom"
    niveau = _borne(profil.get("niveau"), 1, 3)
    if niveau is None:
        return "niveau de 1 à 3 manquant"
    caracs = profil.get("caracteristiques")
    caracs = caracs if isinstance(caracs, dict) else {}
    absentes = [k for k in CARACS if _borne(caracs.get(k), 0, 30) is None]
    if absentes:
        return f"caractéristique{'s' if len(absentes) > 1 else ''} {', '.join(absentes)} manquante{'s' if len(absentes) > 1 else ''}"
    armure, remarques = _armure(profil)
    return Combattant(id=str(profil.get("id")), nom=nom[:80], niveau=niveau,
                      caracs={k: caracs[k] for k in CARACS}, stature=_borne(caracs.get("stature"), 0, 6),
                      pv=_borne(caracs.get("PV"), 1, 100), armure=armure, maitrise=_domaines(profil),
                      remarques_armure=remarques)


def profils_par_id(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The profile cards of a list (merged with the catalogue), by id; the first of an id wins."""
    profils: dict[str, dict[str, Any]] = {}
    for _, profil in objets(document.get("profils")):
        ident = profil.get("id")
        if isinstance(ident, str) and ident not in profils:
            profils[ident] = profil
    return profils


def equipements_par_id(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The equipment cards of a list (merged with the catalogue), by id."""
    return {e["id"]: e for _, e in reversed(objets(document.get("equipements"))) if isinstance(e.get("id"), str)}


def emportes(entree: dict[str, Any], profil: dict[str, Any]) -> list[str]:
    """Ids of what the figure carries: the card's base equipment, less `retire`, plus `ajoute`."""
    ids = [item["id"] for _, item in objets(profil.get("equipement_de_base")) if isinstance(item.get("id"), str)]
    for ident in textes(entree.get("retire")):
        if ident in ids:
            ids.remove(ident)
    return ids + textes(entree.get("ajoute"))


def arme_de_tir(ids: list[str], equipements: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The first carried ranged weapon (a range, a reload, or « tir » in its category), if any."""
    for ident in ids:
        carte = equipements.get(ident)
        if carte is None or carte.get("bouclier") is True:
            continue
        categorie = cle_de_voie(texte(carte.get("categorie")) or "").split("-")
        if isinstance(carte.get("portee"), dict) or isinstance(carte.get("recharge"), dict) or "tir" in categorie:
            return carte
    return None


def plus_forte(caracs: dict[str, int], ordre: tuple[str, ...]) -> str:
    """The highest characteristic among `ordre`; at equal values, the first in `ordre`."""
    return max(ordre, key=lambda k: (caracs[k], -ordre.index(k)))


def defense_standard(defenseur: dict[str, int], engagees: set[str]) -> int:
    """The best 2-PA defence total: one characteristic the attacker engaged, plus the highest one.

    The defender must engage at least one characteristic the attacker used (l. 1051) and never
    the same more than twice (règle du 1, 2, 3).
    """
    return max(defenseur[k] for k in engagees) + max(defenseur[k] for k in CARACS)
