"""Bataille d6: the odds of a list's units (shooting and melee) against reference targets.

Targets are the Armures of `data/bataille-d6/probas-liste.yaml` (0 to 5), each as an ordinary figure
and as a Puissante one (a Puissante attacker gives −1 Armure, except against a Puissante target), plus
every unit of an opposing list when one is given. Every law comes from the declared calculation `attaque`
(data/bataille-d6/calculs.yaml) through `odds.calculer`.
"""
from __future__ import annotations

from typing import Any

from ...bundle import cibles_de_reference as cibles_des_donnees
from ...bundle import notes_probas_liste
from ...probas_liste import Action, Calculs, Cible, Ligne, Loi, Matrice, entrees_objets, lire_adverse, nom_entree

CALCUL = "attaque"
ARMURES = range(0, 6)  # the Armures a unit may have (list schema); the reference targets are data
VALEURS = range(1, 7)
MALUS_PUISSANTE = 1
GROUPE_ARMURE = "armure"
GROUPE_PUISSANTE = "armure-puissante"
GROUPE_ADVERSE = "adverse"


def _entier(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _nombre(entree: dict[str, Any], cle: str) -> int:
    """A count field (`nombre`, `attaques`): its value when a whole number ≥ 1, else the default 1."""
    value = _entier(entree.get(cle, 1))
    return value if value is not None and value >= 1 else 1


def _puissante(entree: dict[str, Any]) -> bool:
    return entree.get("puissante") is True


def cibles_de_reference(armures: list[int]) -> list[Cible]:
    """The reference Armures, ordinary then Puissante."""
    cibles = [Cible(f"armure-{a}", f"Armure {a}", GROUPE_ARMURE, f"Figurine d'Armure {a}") for a in armures]
    cibles += [Cible(f"armure-{a}-puissante", f"Armure {a} Puissante", GROUPE_PUISSANTE,
                     f"Figurine Puissante d'Armure {a} (le malus d'un attaquant Puissant ne s'applique pas)")
               for a in armures]
    return cibles


def _cibles_adverses(adverse: dict[str, Any]) -> tuple[list[Cible], dict[str, dict[str, Any]], list[str]]:
    """One target per opposing unit whose Armure is readable; notes for the others."""
    cibles: list[Cible] = []
    profils: dict[str, dict[str, Any]] = {}
    notes: list[str] = []
    for index, entree in entrees_objets(adverse, "La liste adverse"):
        nom = nom_entree(entree, index)
        armure = _entier(entree.get("armure"))
        if armure is None or armure not in ARMURES:
            notes.append(f"Liste adverse, « {nom} » : Armure illisible (0 à 5 attendu), unité ignorée.")
            continue
        figurines = _nombre(entree, "nombre")
        puissante = _puissante(entree)
        ident = f"adverse-{index}"
        detail = f"{figurines} figurine{'s' if figurines > 1 else ''}, Armure {armure}" + (", Puissante" if puissante else "")
        cibles.append(Cible(ident, nom, GROUPE_ADVERSE, detail, figurines))
        profils[ident] = {"armure": armure, "puissante": puissante}
    return cibles, profils, notes


def _parametres(valeur: int, attaques: int, attaquant_puissant: bool, armure: int,
                cible_puissante: bool) -> dict[str, Any]:
    malus = MALUS_PUISSANTE if attaquant_puissant and not cible_puissante else 0
    return {"valeur": valeur, "armure": armure, "malus_armure": malus, "couverts": 0,
            "relance_sauvegarde": False, "attaques": attaques}


def _action(ident: str, nom: str, valeur: int, attaques: int, puissante: bool,
            profils: dict[str, dict[str, Any]], detail: str) -> Action:
    parametres = {cid: _parametres(valeur, attaques, puissante, p["armure"], p["puissante"])
                  for cid, p in profils.items()}
    return Action(ident, nom, CALCUL, parametres, detail)


def _ligne(index: int, entree: dict[str, Any], profils: dict[str, dict[str, Any]]) -> Ligne:
    """The shooting and melee of one unit: every figure shoots once and makes its melee attacks."""
    ligne = Ligne(index, nom_entree(entree, index))
    figurines = _nombre(entree, "nombre")
    par_figurine = _nombre(entree, "attaques")
    puissante = _puissante(entree)
    suffixe = ", Puissante" if puissante else ""
    tir = _entier(entree.get("tir"))
    if tir in VALEURS:
        ligne.actions.append(_action("tir", "Tir", tir, figurines, puissante, profils,
                                     f"Tir {tir}, {figurines} tir{'s' if figurines > 1 else ''}{suffixe}"))
    elif tir == 0:
        ligne.remarques.append("Tir 0 : l'unité ne tire pas.")
    else:
        ligne.remarques.append("Tir illisible (un nombre de 0 à 6 attendu) : pas de calcul de tir.")
    melee = _entier(entree.get("melee"))
    if melee in VALEURS:
        attaques = figurines * par_figurine
        ligne.actions.append(_action("melee", "Mêlée", melee, attaques, puissante, profils,
                                     f"Mêlée {melee}, {attaques} attaque{'s' if attaques > 1 else ''}{suffixe}"))
    else:
        ligne.remarques.append("Mêlée illisible (un nombre de 1 à 6 attendu) : pas de calcul de corps à corps.")
    return ligne


def lois(calculs: Calculs, action: Action, parametres: dict[str, Any]) -> Loi:
    """The law of an action: the declared calculation for one attack, summed over the attacks.

    `attaque` resolves each attack independently (calculs.yaml) and takes at most 30 of them;
    the law of n attacks is the n-fold sum of the law of one, computed here by squaring so that
    a large unit costs no more than a small one.
    """
    return calculs.somme(calculs.loi(CALCUL, {**parametres, "attaques": 1}), parametres["attaques"])


def cout(_action: Action, parametres: dict[str, Any]) -> float:
    """Estimated milliseconds of an action's law (`probas_liste.Matrice.cout`).

    The law of n attacks has n + 1 values whose exact fractions grow with n: about n² work
    (measured in CPython: 1 000 attacks, about 60 ms with the fractions written out).
    """
    return 1 + 60 * (parametres["attaques"] / 1000) ** 2


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Each unit's shooting and melee against the reference Armures (ordinary, Puissante) and an opposing list."""
    armures = [int(a) for a in cibles_des_donnees(donnees_jeu, "armures")]
    cibles = cibles_de_reference(armures)
    profils: dict[str, dict[str, Any]] = {}
    for a in armures:
        profils[f"armure-{a}"] = {"armure": a, "puissante": False}
        profils[f"armure-{a}-puissante"] = {"armure": a, "puissante": True}
    etendue = f"Armure {min(armures)} à {max(armures)}"
    groupes = [{"id": GROUPE_ARMURE, "nom": etendue}, {"id": GROUPE_PUISSANTE, "nom": f"{etendue}, cibles Puissantes"}]
    notes = notes_probas_liste(donnees_jeu)
    adverse = lire_adverse(requete)
    if adverse is not None:
        cibles_adv, profils_adv, notes_adv = _cibles_adverses(adverse)
        cibles += cibles_adv
        profils.update(profils_adv)
        notes += notes_adv
        nom = adverse.get("nom")
        titre = nom.strip()[:80] if isinstance(nom, str) and nom.strip() else "liste adverse"
        groupes.insert(0, {"id": GROUPE_ADVERSE, "nom": f"Ma liste contre la sienne : {titre}"})
    lignes = [_ligne(i, e, profils) for i, e in entrees_objets(liste)]
    return Matrice(cibles=cibles, groupes=groupes, lignes=lignes, resultat="Figurines éliminées",
                   succes="Au moins 1 éliminée", hors_de_combat="Unité éliminée", notes=notes, lois=lois,
                   adverse=True, cout=cout)
