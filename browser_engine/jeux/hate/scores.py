"""Hate: deterministic scores (no dice), computed from what the players enter.

Each function takes the checked document (`browser_engine.scores.lire_document`) and returns
`{classement, vainqueur, notes}`. The readings applied are those recorded in the data
(`interpretation` of the score and of the rules it links).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import ErreurEntree
from ...scores import ligne, liste_noms, rangs
from .scores_aides import AIDES

# Death-wall penalty by rank among the players with the most deaths (l. 1336-1338).
PENALITES_MUR = {1: 20, 2: 10, 3: 5}


def _ordinal(rang: int) -> str:
    """The French ordinal of a rank: « 1er », « 2e »."""
    return "1er" if rang == 1 else f"{rang}e"


def _penalites(joueurs: list[dict[str, Any]]) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Per player (rank, penalty) on the death wall, with notes on ties (reading A4)."""
    morts = [j["morts"] for j in joueurs]
    out: dict[str, tuple[int, int]] = {}
    for j in joueurs:
        rang = 1 + sum(1 for m in morts if m > j["morts"])
        out[j["nom"]] = (rang, PENALITES_MUR.get(rang, 0) if j["morts"] > 0 else 0)
    notes = []
    for compte in sorted({m for m in morts if m > 0 and morts.count(m) > 1}, reverse=True):
        noms = [j["nom"] for j in joueurs if j["morts"] == compte]
        rang, penalite = out[noms[0]]
        suite = rang + len(noms)
        notes.append(f"{liste_noms(noms)} ont autant de morts ({compte}) : même rang ({_ordinal(rang)}), donc même "
                     f"pénalité (−{penalite}) ; le rang suivant est le {_ordinal(suite)} (lecture retenue : classement à la "
                     "compétition).")
    if any(m == 0 for m in morts):
        notes.append("Un joueur sans aucune mort n'est jamais pénalisé (lecture retenue).")
    return out, notes


def chronique(document: dict[str, Any]) -> dict[str, Any]:
    """Chronicle score (l. 1325-1354): min(Haine, Ressources) + conquest − death wall; tie-breaks."""
    joueurs = document["joueurs"]
    penalites, notes = _penalites(joueurs)
    calcul = []
    for j in joueurs:
        rang_mur, penalite = penalites[j["nom"]]
        bas = min(j["haine"], j["ressources"])
        total = bas + j["points_conquete"] - penalite
        mur = (f"Mur de la mort : {j['morts']} mort{'s' if j['morts'] > 1 else ''}"
               + (f", {_ordinal(rang_mur)} plus lourd" if penalite else ", pas de pénalité"))
        detail = [(f"Plus petit total (Haine {j['haine']}, Ressources {j['ressources']})", bas),
                  ("Points de conquête", j["points_conquete"]), (mur, -penalite)]
        calcul.append(((total, j["points_conquete"], j["haine"], j["ressources"]), j["nom"], total, detail))
    calcul.sort(key=lambda c: c[0], reverse=True)
    classement_rangs = rangs([c[0] for c in calcul])
    classement = [ligne(nom, total, detail, rang) for rang, (_, nom, total, detail) in zip(classement_rangs, calcul, strict=True)]
    notes += _departages(calcul)
    premiers = [c[1] for c, r in zip(calcul, classement_rangs, strict=True) if r == 1]
    if len(premiers) > 1:
        notes.append(f"Égalité parfaite entre {liste_noms(premiers)} (score, points de conquête, Haine et "
                     "Ressources) : le livre ne départage pas davantage.")
    return {"classement": classement, "vainqueur": premiers[0] if len(premiers) == 1 else None, "notes": notes}


def _departages(calcul: list[tuple[tuple[int, ...], str, int, Any]]) -> list[str]:
    """Notes naming the tie-break that separated players with the same final score (l. 1352-1354)."""
    criteres = ("les points de conquête", "la Haine", "les Ressources")
    notes = []
    for score in sorted({c[2] for c in calcul}, reverse=True):
        groupe = [c for c in calcul if c[2] == score]
        if len(groupe) < 2:
            continue
        for k, critere in enumerate(criteres, 1):
            if len({c[0][k] for c in groupe}) > 1:
                notes.append(f"{liste_noms([c[1] for c in groupe])} ont le même score ({score}) : départagés par "
                             f"{critere}.")
                break
    return notes


def vainqueur_bataille(document: dict[str, Any]) -> dict[str, Any]:
    """Winner of a battle (l. 947-970): retreat, main missions, then the lower and higher totals, then the defender."""
    a, b = document["joueurs"]
    if a["defenseur"] == b["defenseur"]:
        raise ErreurEntree("Cochez « Défenseur » pour exactement un des deux joueurs : il gagne les égalités.")
    for champ, quoi in (("retraite", "battre en retraite"), ("mission", "terminer ses missions principales")):
        if a[champ] and b[champ]:
            raise ErreurEntree(f"Les deux joueurs ne peuvent pas {quoi} : la bataille s'arrête dès que l'un le fait.")
    bas = {j["nom"]: min(j["haine"], j["ressources"]) for j in (a, b)}
    haut = {j["nom"]: max(j["haine"], j["ressources"]) for j in (a, b)}
    if a["retraite"] or b["retraite"]:
        perdant, gagnant = (a, b) if a["retraite"] else (b, a)
        raison = (f"« {perdant['nom']} » bat en retraite : « {gagnant['nom']} » gagne et remplit d'office sa "
                  "mission principale.")
    elif a["mission"] or b["mission"]:
        gagnant, perdant = (a, b) if a["mission"] else (b, a)
        raison = f"« {gagnant['nom']} » a terminé ses missions principales : il gagne."
    elif bas[a["nom"]] != bas[b["nom"]]:
        gagnant, perdant = (a, b) if bas[a["nom"]] > bas[b["nom"]] else (b, a)
        raison = (f"Aucune mission principale terminée : « {gagnant['nom']} » a le plus grand des plus petits totaux "
                  f"({bas[gagnant['nom']]} contre {bas[perdant['nom']]}).")
    elif haut[a["nom"]] != haut[b["nom"]]:
        gagnant, perdant = (a, b) if haut[a["nom"]] > haut[b["nom"]] else (b, a)
        raison = (f"Égalité sur le plus petit total ({bas[a['nom']]}) : « {gagnant['nom']} » a le plus grand total "
                  f"le plus élevé ({haut[gagnant['nom']]} contre {haut[perdant['nom']]}).")
    else:
        gagnant, perdant = (a, b) if a["defenseur"] else (b, a)
        raison = f"Égalité sur les deux totaux : le défenseur « {gagnant['nom']} » gagne."
    classement = [ligne(j["nom"], bas[j["nom"]], [("Haine gagnée", j["haine"]), ("Ressources gagnées", j["ressources"]),
                                                  ("Plus grand des deux totaux", haut[j["nom"]])], rang)
                  for rang, j in ((1, gagnant), (2, perdant))]
    return {"classement": classement, "vainqueur": gagnant["nom"], "notes": [raison]}


SCORES: dict[str, Callable[..., Any]] = {"chronique": chronique, "vainqueur_bataille": vainqueur_bataille, **AIDES}
