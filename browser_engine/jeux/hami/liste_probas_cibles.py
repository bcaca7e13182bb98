"""HAMI: the reference targets of the odds of a list, and the creatures of a Communauté.

Targets are read from the game data: which profiles are targets is in `data/hami/probas-liste.yaml`
(the castes, the non-player predator, the solo creatures); the castes' profiles give their Essences,
Agilité and Robuste, the non-player predator's card (`proprietes`) its fixed defence, the `gibier`
preselection of `calcul-combat-defense-fixe` the gibier; the creatures of an opposing Communauté come
with their final characteristics from the checker.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...bundle import cibles_de_reference
from ...errors import ErreurEntree
from ...probas_liste import Cible, nom_entree
from ...regles import VueEntree
from .donnees import entier, proprietes
from .liste import JEU, analyser

CALCUL_FIXE = "calcul-combat-defense-fixe"
PERIODES = ((False, "jour", "Jour"), (True, "nuit", "Nuit"))
PRESELECTION_GIBIER = "gibier"
AGILITE, ROBUSTE = "agilite", "robuste"
TRIBU_ROCHE = "roche"  # Communauté bonus: familiers neither wild nor mechanical are Robuste (line 449)
MECANIQUE = "mecanique"

GROUPE_ADVERSE, GROUPE_CASTES, GROUPE_FIXES, GROUPE_SOLO = "adverse", "castes", "defenses-fixes", "solo"
MAX_CIBLES_ADVERSES = 60


@dataclass(frozen=True)
class Defense:
    """How a target defends: `cartes` (draws from its deck), `fixe` or `cnj`, and its Essences."""

    genre: str
    nuit: bool
    essences: int
    agile: bool = False
    robuste: bool = False
    lumiere: int = 0
    ombre: int = 0


def declaration_calcul(donnees_jeu: dict[str, Any], calcul_id: str) -> dict[str, Any]:
    """A calculation declared in the game's calculs.yaml, by id."""
    return next(c for c in donnees_jeu.get("calculs") or [] if isinstance(c, dict) and c.get("id") == calcul_id)


# --- the list's creatures ------------------------------------------------------------------------

def creatures(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    """Every figure of a Communauté with its final characteristics (the checker's details).

    Returns the figures and whether the Meneur's tribe gives the Roche Communauté bonus.
    """
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    vues = [VueEntree(i, e) for i, e in enumerate(entrees) if isinstance(e, dict)]
    details = analyser(donnees_jeu, liste, vues).details
    bonus = details.get("bonus_communaute") or {}
    return details["creatures"], bonus.get("tribu") == TRIBU_ROCHE


def profil_par_id(donnees_jeu: dict[str, Any], profil_id: str) -> dict[str, Any]:
    """A profile of the bundle by id (empty when unknown)."""
    return next((p for p in donnees_jeu.get("profils") or [] if isinstance(p, dict) and p.get("id") == profil_id), {})


def _robuste_par_roche(donnees_jeu: dict[str, Any], creature: dict[str, Any], roche: bool) -> bool:
    """A familier attached to a Hami, not mechanical, in a Communauté led by the Roche (line 449)."""
    return roche and creature["genre"] == "familier" and \
        proprietes(profil_par_id(donnees_jeu, creature["profil"])).get(MECANIQUE) is not True


# --- targets ---------------------------------------------------------------------------------------

def _essences(profil: dict[str, Any]) -> int | None:
    e = (profil.get("caracteristiques") or {}).get("E")
    return e if entier(e) and e >= 1 else None


def cibles_castes(donnees_jeu: dict[str, Any]) -> list[tuple[Cible, Defense]]:
    """Each caste, by day and by night, with its base Essences and its Agilité or Robuste."""
    out = []
    profils = {proprietes(p).get("caste"): p for p in donnees_jeu.get("profils") or []
               if isinstance(p, dict) and p.get("categorie") == "caste"}
    for caste in cibles_de_reference(donnees_jeu, "castes"):
        profil = profils.get(caste)
        essences = _essences(profil or {})
        if profil is None or essences is None:
            continue
        capacites = set(profil.get("capacites") or [])
        traits = [n for c, n in ((AGILITE, "Agile"), (ROBUSTE, "Robuste")) if c in capacites]
        for nuit, pid, pnom in PERIODES:
            detail = f"{profil['nom']} de base, {essences} Essences" + "".join(f", {t}" for t in traits) + f" ; {pnom}"
            out.append((Cible(f"{caste}-{pid}", f"{profil['nom']} ({pnom})", GROUPE_CASTES, detail, essences),
                        Defense("cartes", nuit, essences, AGILITE in capacites, ROBUSTE in capacites)))
    return out


def _preselection(donnees_jeu: dict[str, Any], calcul_id: str, ident: str) -> dict[str, Any]:
    decl = declaration_calcul(donnees_jeu, calcul_id)
    return next((p.get("valeurs") or {} for p in decl.get("preselections") or [] if p.get("id") == ident), {})


def _predateur(donnees_jeu: dict[str, Any]) -> str:
    """The non-player predator's profile id (module 3)."""
    return str(cibles_de_reference(donnees_jeu, "predateur")[0])


def _defense_predateur(donnees_jeu: dict[str, Any], nuit: bool) -> tuple[int, int]:
    """The non-player predators' fixed card: 2 Lumières by day, 3 Ombres by night (line 869)."""
    props = proprietes(profil_par_id(donnees_jeu, _predateur(donnees_jeu)))
    return (0, props["defense_nuit_ombre"]) if nuit else (props["defense_jour_lumiere"], 0)


def cibles_fixes(donnees_jeu: dict[str, Any]) -> list[tuple[Cible, Defense]]:
    """The non-player predator (module 3) and the gibier of « Le terrain de chasse », by day and by night."""
    out = []
    predateur = profil_par_id(donnees_jeu, _predateur(donnees_jeu))
    essences = _essences(predateur)
    gibier = _preselection(donnees_jeu, CALCUL_FIXE, PRESELECTION_GIBIER)
    for nuit, pid, pnom in PERIODES:
        if essences is not None:
            lum, omb = _defense_predateur(donnees_jeu, nuit)
            out.append((Cible(f"predateur-{pid}", f"Prédateur non-joueur ({pnom})", GROUPE_FIXES,
                              f"Défense fixe {_symboles(lum, omb)}, {essences} Essences", essences),
                        Defense("fixe", nuit, essences, lumiere=lum, ombre=omb)))
        if gibier:
            lum, omb, ess = gibier["defense_lumiere"], gibier["defense_ombre"], gibier["essences"]
            out.append((Cible(f"gibier-{pid}", f"Gibier ({pnom})", GROUPE_FIXES,
                              f"Le terrain de chasse : défense fixe {_symboles(lum, omb)}, {ess} Essences", ess),
                        Defense("fixe", nuit, ess, lumiere=lum, ombre=omb)))
    return out


def _symboles(lumiere: int, ombre: int) -> str:
    parts = [f"{lumiere} Lumière{'s' if lumiere > 1 else ''}"] if lumiere else []
    parts += [f"{ombre} Ombre{'s' if ombre > 1 else ''}"] if ombre else []
    return " et ".join(parts) or "aucun symbole"


def cibles_solo(donnees_jeu: dict[str, Any], cnj_possible: bool) -> list[tuple[Cible, Defense]]:
    """Solo mode: predators (fixed defence, line 1415) and the creatures that draw from the CNJ deck."""
    out = []
    for nuit, pid, pnom in PERIODES:
        lum, omb = _defense_predateur(donnees_jeu, nuit)
        for ident in cibles_de_reference(donnees_jeu, "solo"):
            profil = profil_par_id(donnees_jeu, ident)
            essences = _essences(profil)
            if essences is None:
                continue
            nom = str(profil.get("nom", ident)).split(" (")[0]
            out.append((Cible(f"solo-{ident}-{pid}", f"{nom}, solo ({pnom})", GROUPE_SOLO,
                              f"Prédateur non-joueur du mode solo : défense fixe {_symboles(lum, omb)}, "
                              f"{essences} Essences", essences),
                        Defense("fixe", nuit, essences, lumiere=lum, ombre=omb)))
        if not cnj_possible:
            continue
        for ident in cibles_de_reference(donnees_jeu, "cnj"):
            profil = profil_par_id(donnees_jeu, ident)
            essences = _essences(profil)
            if essences is None:
                continue
            out.append((Cible(f"solo-{ident}-{pid}", f"{profil.get('nom', ident)} ({pnom})", GROUPE_SOLO,
                              f"Créature non-joueur : pioche dans le paquet des CNJ, {essences} Essences", essences),
                        Defense("cnj", nuit, essences)))
    return out


def cibles_adverses(donnees_jeu: dict[str, Any], adverse: dict[str, Any]) -> tuple[list[tuple[Cible, Defense]], list[str]]:
    """Each creature of the opposing Communauté, by day and by night; notes for those left out."""
    out: list[tuple[Cible, Defense]] = []
    notes: list[str] = []
    jeu = adverse.get("jeu")
    if jeu is not None and jeu != JEU:
        raise ErreurEntree(f"La liste adverse est pour le jeu « {str(jeu)[:40]} », pas pour HAMI : donnez une "
                           "Communauté de HAMI.")
    figures, roche = creatures(donnees_jeu, adverse)
    if not figures:
        notes.append("Liste adverse : aucune créature lisible (caste, légendaire, familier sauvage ou prédateur).")
    for k, creature in enumerate(figures):
        nom = str(creature.get("nom") or nom_entree({}, creature["entree"]))[:80]
        essences = creature.get("E")
        if not entier(essences) or essences < 1:
            notes.append(f"Liste adverse, « {nom} » : Essences illisibles, créature ignorée.")
            continue
        if len(out) + 2 > MAX_CIBLES_ADVERSES:
            notes.append(f"Liste adverse : au-delà de {MAX_CIBLES_ADVERSES // 2} créatures, les suivantes sont "
                         "ignorées.")
            break
        capacites = set(creature.get("capacites") or [])
        agile = AGILITE in capacites
        robuste = ROBUSTE in capacites or _robuste_par_roche(donnees_jeu, creature, roche)
        traits = "".join(t for t, oui in ((", Agile", agile), (", Robuste", robuste)) if oui)
        for nuit, pid, pnom in PERIODES:
            out.append((Cible(f"adverse-{k}-{pid}", f"{nom} ({pnom})", GROUPE_ADVERSE,
                              f"{essences} Essences{traits}", essences),
                        Defense("cartes", nuit, essences, agile, robuste)))
    return out, notes
