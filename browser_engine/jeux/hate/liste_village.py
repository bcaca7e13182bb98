"""Hate roster checker, chronicle mode: the village state against the roster.

Training ground (upgrade cards per figure), Hall of Heroes (captured mercenaries), the forge's
left-to-right order, the torture chamber's starting slot and each building's printed maximum.
The printed slot counts are not in the book: a rule that needs one is checked when the player
supplies it (`options.emplacements_village`) and otherwise reported as « non vérifiable ».
"""
from __future__ import annotations

from typing import Any

from .liste_figures import MERCENAIRE, Controle

TERRAIN = "terrain-d-entrainement"
HALL = "hall-des-heros"
TORTURE = "chambre-de-torture"
FORGE = "forge"
EXPLOITS = {"deplacer": "Déplacer", "lancer": "Lancer", "relancer": "Relancer", "reactiver": "Réactiver"}
EMPLACEMENTS_PAR_EXPLOIT = 3  # « 4 exploits × 3 emplacements » (l. 880-901)
NOMS = {"chambre-de-mutilation": "la chambre de mutilation", HALL: "le Hall des héros",
        "hutte-du-shaman": "la hutte du shaman", "four": "le four", TERRAIN: "le terrain d'entraînement",
        TORTURE: "la chambre de torture"}


def _entier(valeur: Any) -> int | None:
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) and valeur >= 0 else None


def verifier_chronique(controle: Controle) -> None:
    """Every village rule of a chronicle roster."""
    brut = controle.options.get("village")
    village = brut if isinstance(brut, dict) else {}
    brut = controle.options.get("emplacements_village")
    imprimes = brut if isinstance(brut, dict) else {}
    _terrain(controle, _entier(village.get(TERRAIN)))
    _hall(controle, _entier(village.get(HALL)))
    torture = _entier(village.get(TORTURE))
    if torture == 0:
        controle.erreur("HATE_CH_TORTURE_DEPART",
                        "La chambre de torture n'a aucun emplacement activé : la chronique commence avec 1 "
                        "emplacement de torture activé, qui ne se perd pas.", f"/options/village/{TORTURE}")
    forge = village.get(FORGE)
    if isinstance(forge, dict):
        for cle, nom in EXPLOITS.items():
            if cle in forge:
                _exploit(controle, nom, forge[cle], f"/options/village/{FORGE}/{cle}")
    _maximums(controle, village, imprimes)


def _terrain(controle: Controle, nb_actifs: int | None) -> None:
    avec_cartes = [f for f in controle.figures if f.nb_ameliorations]
    if nb_actifs is None:
        if avec_cartes:
            controle.avertissement("HATE_CH_TERRAIN_NON_VERIFIABLE",
                                   "Non vérifiable sans le terrain d'entraînement : ajoutez ses emplacements "
                                   "activés ({champ:/options/village/terrain-d-entrainement}) pour vérifier le "
                                   "nombre d'améliorations de chaque figurine.", "/options", {})
        return
    for figure in avec_cartes:
        if figure.nb_ameliorations > nb_actifs:
            s = "s" if nb_actifs > 1 else ""
            controle.erreur("HATE_CH_TERRAIN_ENTRAINEMENT",
                            f"{figure.sujet()} porte {figure.nb_ameliorations} cartes d'amélioration ; le terrain "
                            f"d'entraînement, avec {nb_actifs} emplacement{s} activé{s}, en permet {nb_actifs} par "
                            f"figurine (les cartes recouvertes comptent).",
                            f"{figure.chemin}/ameliorations/{nb_actifs}")


def _hall(controle: Controle, nb_actifs: int | None) -> None:
    mercenaires = [f for f in controle.figures if f.type == MERCENAIRE]
    if not mercenaires:
        return
    if nb_actifs is None:
        controle.avertissement("HATE_CH_HALL_NON_VERIFIABLE",
                               "Non vérifiable sans le Hall des héros : ajoutez ses emplacements activés "
                               "({champ:/options/village/hall-des-heros}) pour vérifier le nombre de mercenaires.",
                               "/options", {})
        return
    s = "s" if nb_actifs > 1 else ""
    for figure in mercenaires[nb_actifs:]:
        controle.erreur("HATE_CH_HALL",
                        f"{figure.sujet()} : la tribu a {len(mercenaires)} mercenaires capturés pour {nb_actifs} "
                        f"emplacement{s} activé{s} au Hall des héros (1 par mercenaire).", figure.chemin)


def _exploit(controle: Controle, nom: str, valeur: Any, chemin: str) -> None:
    if isinstance(valeur, list):
        cases = [v is True for v in valeur[:EMPLACEMENTS_PAR_EXPLOIT]]
        if not all(isinstance(v, bool) for v in valeur):
            return  # the schema reports the values
        trou = next((i for i in range(1, len(cases)) if cases[i] and not cases[i - 1]), None)
        if trou is not None:
            controle.erreur("HATE_CH_FORGE_ORDRE",
                            f"Exploit {nom} : la case {trou + 1} est activée alors que la case {trou} ne l'est pas ; "
                            f"les emplacements s'activent de gauche à droite.", f"{chemin}/{trou}")
            return
        if cases and not cases[0]:
            controle.erreur("HATE_CH_FORGE_ORDRE",
                            f"Exploit {nom} : la 1re case est activée dès le début de la chronique.", f"{chemin}/0")
        return
    if _entier(valeur) == 0:
        controle.erreur("HATE_CH_FORGE_ORDRE",
                        f"Exploit {nom} : 0 emplacement activé, or le 1er l'est dès le début de la chronique.", chemin)


def _maximums(controle: Controle, village: dict[str, Any], imprimes: dict[str, Any]) -> None:
    sans_maximum = []
    for cle, nom in NOMS.items():
        nb_actifs = _entier(village.get(cle))
        if not nb_actifs:
            continue
        maximum = _entier(imprimes.get(cle))
        if maximum is None:
            sans_maximum.append(nom)
        elif nb_actifs > maximum:
            controle.erreur("HATE_CH_BATIMENT_MAX",
                            "{batiment} a {actifs} emplacements activés pour {maximum} imprimé{s:maximum} sur votre "
                            "feuille de village (nombre recopié dans {champ:/options/emplacements_village/{cle}}, "
                            "absent du livre).", f"/options/village/{cle}",
                            {"batiment": nom[:1].upper() + nom[1:], "actifs": nb_actifs, "maximum": maximum, "cle": cle})
    if sans_maximum:
        controle.avertissement("HATE_CH_BATIMENT_NON_VERIFIABLE",
                               "Maximum non vérifiable sans le nombre d'emplacements imprimés sur la feuille de village "
                               "(absent du livre) pour {batiments} : recopiez-le dans "
                               "{champ:/options/emplacements_village}.", "/options/village",
                               {"batiments": ", ".join(sans_maximum)})
