"""Hate: which cards of a figure change one attack, as parameters of the combat calculations.

Only the effects the data states as a plain, unconditional number enter a calculation (each card
of `effets` in `data/hate/probas-liste.yaml` is one of `data/hate/capacites.yaml`, whose `resume`
gives the number); the effects
that depend on the game (height, Haine, a carried body, the round…) or that the calculations
do not model are named in the row's remarks instead. A card covered by a later one on its slot,
or by a scar, has no effect (same reading as the list checker, `Controle.actives`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...bundle import probas_liste
from .liste_figures import MERCENAIRE, TYRAN, Controle, Figure


@dataclass(frozen=True)
class Effets:
    """The cards that change an attack or a defence (`effets` of `data/hate/probas-liste.yaml`).

    `attaque` and `defense`: card -> parameters (`des` adds dice, minus removes them; the other keys are
    `calcul-combat` parameters); `frappes_contre`: card -> (figure types, flat hits against them);
    `attaques_en_plus`: card -> dice of an attack of its own; `non_comptes_*`: cards named, not counted.
    """

    attaque: dict[str, dict[str, int | bool]]
    defense: dict[str, dict[str, int | bool]]
    frappes_contre: dict[str, tuple[frozenset[str], int]]
    attaques_en_plus: dict[str, int]
    non_comptes_attaque: tuple[str, ...]
    non_comptes_defense: tuple[str, ...]


def effets(donnees_jeu: dict[str, Any]) -> Effets:
    """The card effects the game data states (an empty table for what it does not give)."""
    data = probas_liste(donnees_jeu).get("effets") or {}
    return Effets(
        attaque=dict(data.get("attaque") or {}),
        defense=dict(data.get("defense") or {}),
        frappes_contre={carte: (frozenset(v["types"]), int(v["frappes"]))
                        for carte, v in (data.get("frappes_contre") or {}).items()},
        attaques_en_plus={carte: int(n) for carte, n in (data.get("attaques_en_plus") or {}).items()},
        non_comptes_attaque=tuple(data.get("non_comptes_attaque") or ()),
        non_comptes_defense=tuple(data.get("non_comptes_defense") or ()),
    )


@dataclass
class Cartes:
    """The cards in effect on a figure (upgrades, scars, printed skills), and those covered."""

    actives: list[dict[str, Any]] = field(default_factory=list)
    couvertes: list[str] = field(default_factory=list)

    @property
    def ids(self) -> set[str]:
        """Ids of the cards in effect."""
        return {str(c.get("id")) for c in self.actives}


def cartes(controle: Controle, figure: Figure) -> Cartes:
    """Upgrades not covered, every scar, and the printed skills whose slot no card covers.

    A mercenary's or the Tyran's printed skill has a slot letter; a card on that slot covers it
    (unless the skill is permanent, which the book does not say: covered is read as inactive).
    """
    out = Cartes([c.entree for c in controle.actives(figure)] + [c.entree for c in figure.cicatrices])
    lettres = {c.emplacement for c in figure.ameliorations + figure.cicatrices if c.emplacement}
    profil = figure.profil if figure.type in (MERCENAIRE, TYRAN) else controle.profils.get(figure.type or "")
    for ident in (profil or {}).get("capacites") or []:
        competence = controle.capacites.get(ident) if isinstance(ident, str) else None
        if competence is None:
            continue
        lettre = (competence.get("proprietes") or {}).get("emplacement")
        if isinstance(lettre, str) and lettre in lettres:
            out.couvertes.append(str(competence.get("nom") or ident))
        else:
            out.actives.append(competence)
    return out


@dataclass
class Profil:
    """The dice and effects of one side, for the combat calculations."""

    des: int
    parametres: dict[str, int | bool]
    comptes: list[str]
    non_comptes: list[str]


def profil(base: int, liste_cartes: Cartes, effets: dict[str, dict[str, int | bool]],
           non_comptes: tuple[str, ...]) -> Profil:
    """Base dice plus the effects of the cards in effect; the cards left out, by name.

    Dice never go below 0; flat hits or parries add up; flags are set by any card.
    """
    des, parametres, comptes, laisses = base, {}, [], []
    for carte in liste_cartes.actives:
        ident, nom = str(carte.get("id")), str(carte.get("nom") or carte.get("id"))
        if ident in effets:
            comptes.append(nom)
            for cle, valeur in effets[ident].items():
                if cle == "des":
                    des += int(valeur)
                elif isinstance(valeur, bool):
                    parametres[cle] = True
                else:
                    parametres[cle] = int(parametres.get(cle, 0)) + valeur
        elif ident in non_comptes:
            resume = str(carte.get("resume") or "").rstrip(" .")
            laisses.append(f"{nom} ({resume})" if resume else nom)
    return Profil(max(des, 0), parametres, comptes, laisses)
