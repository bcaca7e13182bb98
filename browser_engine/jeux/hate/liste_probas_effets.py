"""Hate: which cards of a figure change one attack, as parameters of the combat calculations.

Only the effects the data states as a plain, unconditional number enter a calculation (each id
below is a card of `data/hate/capacites.yaml`, whose `resume` gives the number); the effects
that depend on the game (height, Haine, a carried body, the round…) or that the calculations
do not model are named in the row's remarks instead. A card covered by a later one on its slot,
or by a scar, has no effect (same reading as the list checker, `Controle.actives`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .liste_figures import MERCENAIRE, TYRAN, Controle, Figure

# Attack: `des` adds dice (minus removes them); the other keys are `calcul-combat` parameters.
EFFETS_ATTAQUE: dict[str, dict[str, int | bool]] = {
    "generique-a-03": {"des": 1},  # +1 dé en attaque
    "generique-a-04": {"relance_libre_attaque": True},  # relancer les dés choisis, une fois
    "um-tull-a-02": {"des": 2},  # +2 dés en attaque
    "um-tull-a-03": {"frappes_bonus_attaque": 2},  # +2 frappes en attaque
    "bul-gar-d-02": {"des": -1},  # −1 dé en attaque
    "cicatrice-a-01": {"des": -1},  # −1 dé en attaque
    "mission-joker-trois-frappes": {"joker_triple_attaque": True},  # joker = 3 frappes
    "maw-a": {"frappes_bonus_attaque": 3},  # +3 frappes en attaque
    "sheya-a": {"frappes_bonus_attaque": 1},  # +1 frappe en attaque
}
# Defence, for the figures of an opposing tribe.
EFFETS_DEFENSE: dict[str, dict[str, int | bool]] = {
    "generique-b-01": {"relance_libre_defense": True},  # relancer les dés choisis, une fois
    "cicatrice-b-01": {"des": -1},  # −1 dé en défense
    "cicatrice-b-02": {"jokers_sans_parade_defense": True},  # les jokers ne parent pas
    "um-tull-a-03": {"des": -1},  # −1 dé en défense
    "rash-naar-b": {"parades_bonus_defense": 2},  # +2 parades en défense
    "le-tyran-d": {"tyran_defense": True},  # sa défense donne toujours 1 frappe
}
# Flat hits against some figure types only: counted against the opposing figures of those types.
FRAPPES_CONTRE: dict[str, tuple[frozenset[str], int]] = {
    "mission-tueur-de-princes": (frozenset({"prince"}), 2),  # +2 frappes contre un Prince
    "vrail-a": (frozenset({"prince", "champion"}), 2),  # +2 frappes contre les Princes et les Champions
}
# Trull A: « Action : attaquer avec +3 dés » — an attack of its own, beside the ordinary one.
ATTAQUES_EN_PLUS: dict[str, int] = {"trull-a": 3}
# Cards that change an attack only in some situations, or in a way no calculation models.
NON_COMPTES_ATTAQUE = (
    "generique-a-02", "generique-c-04", "um-gra-b-01-des", "um-cal-a-02", "vore-nash-a-03",
    "mission-sauveur", "bra-ku-taa-a", "char-a", "grock-a",
    "tun-dor-a", "brothers-ashkar-a", "le-tyran-a",
)
NON_COMPTES_DEFENSE = ("generique-b-02", "generique-b-03", "um-cordu-b-02", "clay-man-b", "trull-b", "endurance")


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
