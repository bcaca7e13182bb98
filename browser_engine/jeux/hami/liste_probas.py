"""HAMI: the odds of a Communauté's creatures against reference targets (issue 16, part 1).

Each creature of the list (a Hami, its familiers, a wild familier, a recruited predator) Cogne
and, when its profile has a Tirer value, Tire, by day and by night, against:

* each caste's defence (the defender draws from a deck of the same composition; Agile picks
  its card after seeing the attacker's at melee, Robuste at shooting);
* the fixed defences of the non-player predators and of the gibiers (they draw no card);
* the solo mode's non-player creatures: predators (fixed defence) and the Hami égaré,
  familier enragé and Némésis (their own deck, without its two cards that inflict nothing);
* the creatures of an opposing Communauté, when one is given.

The Combat deck is missing from the book's text: the player types it (the `paquet` parameter
of `calcul-combat-cartes`, kept by the odds page under the same key). Every law comes from the
declared calculations `combat_cartes`, `combat_fixe` and `combat_cnj` through `odds.calculer`;
the creatures' final characteristics come from the checker (`liste.analyser`). The hand size is
the only other input (the starting hand by default).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...bundle import notes_probas_liste
from ...errors import ErreurEntree
from ...probas_liste import Action, Calculs, Cible, Ligne, Loi, Matrice, lire_adverse, nom_entree, non_calculable, saisie
from .calculs_cartes import paquet_cnj
from .calculs_tables import lire_paquet
from .donnees import entier
from .liste_probas_cibles import (
    GROUPE_ADVERSE,
    GROUPE_CASTES,
    GROUPE_FIXES,
    GROUPE_SOLO,
    Defense,
    cibles_adverses,
    cibles_castes,
    cibles_fixes,
    cibles_solo,
    creatures,
    declaration_calcul,
    profil_par_id,
)

CALCUL_CARTES = "calcul-combat-cartes"
# Parameter that names each calculation's key (used to dispatch a cell to its calculation).
CLES_CALCUL = (("defense_lumiere", "combat_fixe"), ("cnj_attaque", "combat_cnj"), ("main_attaquant", "combat_cartes"))
POISON = "poison"
LANCEUR_DES_ANCIENS = "lanceur-des-anciens"  # its targets lose Robuste (line 767)

MAIN = {
    "id": "main", "nom": "Cartes déjà en main", "type": "entier", "min": 0, "max": 3,
    "aide": "Cartes que chaque joueur a en main avant de piocher, de 0 à 3. Vide : 3, la main de départ.",
}
MAIN_DE_DEPART = 3  # « chaque joueur commence avec 3 cartes en main » (line 260)

MANQUANT_PAQUET = (
    "Saisissez votre paquet de cartes Combat : sa composition est manquante dans le livre (donnée « manquant », "
    "imprimée seulement sur les cartes), et chaque attaque de HAMI se joue avec lui. Le paquet saisi sur la page "
    "« Probabilités » du jeu est repris ici."
)


@dataclass(frozen=True)
class Attaque:
    """One attack of a creature: Cogner or Tirer, with the cards it draws."""

    tir: bool
    cartes: int
    poison: bool
    ignore_robuste: bool


@dataclass
class Contexte:
    """The player's inputs as the calculations take them: deck text, hand size, deck size."""

    paquet: str
    main: int
    taille: int


# --- the player's inputs ---------------------------------------------------------------------------

def declaration_paquet(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    """The deck parameter as `calcul-combat-cartes` declares it (same editor and storage as the odds page)."""
    decl = next(p for p in declaration_calcul(donnees_jeu, CALCUL_CARTES)["parametres"] if p["id"] == "paquet")
    return {k: v for k, v in decl.items() if k != "defaut"}


def lire_main(requete: dict[str, Any]) -> int:
    """The hand size typed by the player (0 to 3), the starting hand when absent.

    Raises:
        ErreurEntree: anything but a whole number from 0 to 3.

    """
    valeur = saisie(requete, MAIN)
    if valeur is None:
        return MAIN_DE_DEPART
    if isinstance(valeur, str) and valeur.strip().isdigit():
        valeur = int(valeur.strip())
    if not entier(valeur) or not MAIN["min"] <= valeur <= MAIN["max"]:
        raise ErreurEntree(f"« {MAIN['nom']} » : un nombre entier de {MAIN['min']} à {MAIN['max']} est attendu "
                           f"(reçu : {str(valeur)[:20]}).")
    return valeur


def lire_contexte(donnees_jeu: dict[str, Any], requete: dict[str, Any]) -> Contexte | None:
    """The deck (checked, as canonical JSON text) and the hand size, or None without a deck.

    Raises:
        ErreurEntree: a deck or a hand size that cannot be used (French message).

    """
    decl = declaration_paquet(donnees_jeu)
    valeur = saisie(requete, decl)
    if valeur is None:
        return None
    cartes = lire_paquet(decl, valeur)
    texte = json.dumps([{"jour": c["jour"], "nuit": c["nuit"]} for c in cartes], separators=(",", ":"))
    return Contexte(texte, lire_main(requete), len(cartes))


# --- the list's creatures ------------------------------------------------------------------------

def attaques(donnees_jeu: dict[str, Any], creature: dict[str, Any]) -> tuple[list[tuple[str, Attaque]], list[str]]:
    """A creature's Cogner and Tirer, or why it has none (value missing, « - » or « X »)."""
    out: list[tuple[str, Attaque]] = []
    remarques: list[str] = []
    capacites = set(creature.get("capacites") or [])
    equipement = profil_par_id(donnees_jeu, creature["profil"]).get("equipement") or []
    for tir, cle, nom in ((False, "C", "Cogner"), (True, "T", "Tirer")):
        valeur = creature.get(cle)
        if entier(valeur) and 1 <= valeur <= 3:
            out.append((nom, Attaque(tir, valeur, POISON in capacites and not tir,
                                     tir and LANCEUR_DES_ANCIENS in equipement)))
        elif valeur == "-":
            if not tir or creature["genre"] == "hami":
                remarques.append(f"{creature['nom']} : pas de valeur {nom} (« - »), pas de calcul de {nom}.")
        else:
            remarques.append(f"{creature['nom']} : valeur {nom} « {valeur} » (manquant ou au choix en partie), "
                             f"pas de calcul de {nom}.")
    return out, remarques


# --- parameters of one cell ---------------------------------------------------------------------------

def raison_vide(attaque: Attaque, defense: Defense, contexte: Contexte) -> str | None:
    """Why a cell cannot be computed (shown as a note), or None when it can."""
    if contexte.taille < contexte.main + attaque.cartes:
        return (f"Case vide : le paquet ({contexte.taille} cartes) est trop petit pour {contexte.main} carte"
                f"{'s' if contexte.main > 1 else ''} en main et la pioche de l'attaque.")
    if defense.genre == "cnj" and attaque.poison:
        return "Case vide : le calcul du mode solo ne prend pas en compte Poison (créature non-joueur attaquée)."
    return None


def parametres(attaque: Attaque, defense: Defense, contexte: Contexte) -> dict[str, Any] | None:
    """The declared calculation's parameters for one attack on one target, or None (see `raison_vide`)."""
    main = contexte.main
    if raison_vide(attaque, defense, contexte) is not None:
        return None
    if defense.genre == "fixe":
        return {"paquet": contexte.paquet, "defense_lumiere": defense.lumiere, "defense_ombre": defense.ombre,
                "nuit": defense.nuit, "cartes": attaque.cartes, "main": main, "attaques": 1,
                "essences": defense.essences, "poison": attaque.poison}
    if defense.genre == "cnj":
        return {"paquet": contexte.paquet, "cnj_attaque": False, "nuit": defense.nuit, "aube": False,
                "cartes": attaque.cartes, "main": main, "couvert": False, "essences": defense.essences}
    revelation = (defense.agile and not attaque.tir) or (defense.robuste and attaque.tir and not attaque.ignore_robuste)
    return {"paquet": contexte.paquet, "cartes": attaque.cartes, "couvert": False, "nuit": defense.nuit,
            "main_attaquant": main, "main_defenseur": main, "apres_revelation": revelation,
            "poison": attaque.poison}


def lois(calculs: Calculs, action: Action, parametres_cellule: dict[str, Any]) -> Loi:
    """The law of a cell: the calculation its parameters belong to (cards, fixed defence or solo)."""
    calcul = next(nom for cle, nom in CLES_CALCUL if cle in parametres_cellule)
    return calculs.loi(calcul, parametres_cellule)


def cout(contexte: Contexte) -> Callable[[Action, dict[str, Any]], float]:
    """Estimated milliseconds of a cell's law (`probas_liste.Matrice.cout`): it grows with the deck.

    Measured in CPython: about 1 ms with 12 cards, about 20 ms with 60.
    """
    estime = 1 + 0.75 * (contexte.taille / 12) ** 2
    return lambda _action, _parametres: estime


def _detail(nom: str, attaque: Attaque) -> str:
    """What the row shows under the entry: « Snifleur : Cogner 1 (1 carte) »."""
    texte = f"{nom} {attaque.cartes} ({attaque.cartes} carte{'s' if attaque.cartes > 1 else ''})"
    if attaque.poison:
        texte += ", Poison : au moins 1 perte"
    if attaque.ignore_robuste:
        texte += ", Lanceur des Anciens : la cible perd Robuste"
    return texte


def lignes(donnees_jeu: dict[str, Any], liste: dict[str, Any], cibles: list[tuple[Cible, Defense]],
           contexte: Contexte, vides: list[str]) -> list[Ligne]:
    """One row per list entry: the Cogner and Tirer of each of its creatures; `vides` gets why cells are empty."""
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    par_entree: dict[int, list[dict[str, Any]]] = {}
    figures, _ = creatures(donnees_jeu, liste)
    for creature in figures:
        par_entree.setdefault(creature["entree"], []).append(creature)
    out = []
    for index, entree in enumerate(entrees):
        if not isinstance(entree, dict):
            continue
        figures_entree = par_entree.get(index, [])
        nom = entree.get("nom") if isinstance(entree.get("nom"), str) and entree["nom"].strip() else None
        if nom is None and figures_entree:
            nom = str(figures_entree[0]["nom"])[:80]
        ligne = Ligne(index, nom.strip()[:80] if nom else nom_entree(entree, index))
        if not figures_entree:
            ligne.remarques.append("Créature illisible (ni caste, ni légendaire, ni familier sauvage, ni prédateur "
                                   "connu) : pas de calcul.")
        for k, creature in enumerate(figures_entree):
            actions, remarques = attaques(donnees_jeu, creature)
            ligne.remarques += remarques
            for nom, attaque in actions:
                prefixe = "" if k == 0 else f"{profil_par_id(donnees_jeu, creature['profil']).get('nom', creature['nom'])} : "
                params = {c.id: parametres(attaque, d, contexte) for c, d in cibles}
                for _, defense in cibles:
                    raison = raison_vide(attaque, defense, contexte)
                    if raison is not None and raison not in vides:
                        vides.append(raison)
                ligne.actions.append(Action(f"{k}-{nom.lower()}", prefixe + nom, "combat_cartes", params,
                                            _detail(prefixe + nom, attaque)))
        out.append(ligne)
    return out


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Each creature's Cogner and Tirer against the castes, the fixed defences, the solo creatures and an opposing list."""
    declarations = [declaration_paquet(donnees_jeu), MAIN]
    contexte = lire_contexte(donnees_jeu, requete)
    adverse = lire_adverse(requete)
    if contexte is None:
        vide = non_calculable([MANQUANT_PAQUET], saisies=declarations)
        vide.adverse = True
        return vide
    notes = notes_probas_liste(donnees_jeu)
    manquant: list[str] = []
    cnj_possible = True
    try:
        paquet_cnj(lire_paquet(declarations[0], contexte.paquet))
    except ErreurEntree as exc:
        cnj_possible = False
        manquant.append(f"Colonnes des créatures non-joueurs du mode solo absentes : {exc.message}")
    groupes = [{"id": GROUPE_CASTES, "nom": "Contre les castes"},
               {"id": GROUPE_FIXES, "nom": "Prédateurs non-joueurs et gibiers (défense fixe)"},
               {"id": GROUPE_SOLO, "nom": "Mode solo : prédateurs et créatures non-joueurs"}]
    cibles = cibles_castes(donnees_jeu) + cibles_fixes(donnees_jeu) + cibles_solo(donnees_jeu, cnj_possible)
    if adverse is not None:
        cibles_adv, notes_adv = cibles_adverses(donnees_jeu, adverse)
        cibles = cibles_adv + cibles
        notes += notes_adv
        nom = adverse.get("nom")
        titre = nom.strip()[:80] if isinstance(nom, str) and nom.strip() else "liste adverse"
        groupes.insert(0, {"id": GROUPE_ADVERSE, "nom": f"Ma liste contre la sienne : {titre}"})
    vides: list[str] = []
    rangees = lignes(donnees_jeu, liste, cibles, contexte, vides)
    notes += vides
    return Matrice(cibles=[c for c, _ in cibles], groupes=groupes, lignes=rangees, resultat="Essences perdues",
                   succes="Au moins 1 Essence perdue", hors_de_combat="Cible retirée", notes=notes,
                   manquant=manquant, lois=lois, saisies=declarations, adverse=True, unite="Essences",
                   cout=cout(contexte))
