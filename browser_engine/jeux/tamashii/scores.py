"""Tamashii: the competitive VP count and deterministic set-up helpers, from what the players enter.

Each function takes the checked document and returns `{classement, vainqueur, notes}`.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...errors import ErreurEntree
from ...scores import ligne, liste_noms, rangs

ATOUTS = (("bouclier", "Bouclier"), ("memoire", "Mémoire"), ("puissance", "Puissance"), ("relance", "Relance"))
INTEGRITE_DE_BASE = 5


def penalite_corrompues(n: int) -> int:
    """VP lost for corrupted data tokens held (l. 1423-1428): 0, 1, 2-3, 4-5, 6+ -> 0, 1, 2, 3, 4."""
    if n <= 0:
        return 0
    if n == 1:
        return 1
    return 2 if n <= 3 else 3 if n <= 5 else 4


def pv(document: dict[str, Any]) -> dict[str, Any]:
    """Competitive VP (l. 1411-1430) with readings T7 (assets summed, then / 3) and T8 (EXP held)."""
    calcul = []
    for j in document["joueurs"]:
        atouts = sum(j[k] for k, _ in ATOUTS)
        penalite = penalite_corrompues(j["corrompues"])
        detail = [(f"Atouts : {atouts} ({', '.join(f'{n} {j[k]}' for k, n in ATOUTS)}), 1 PV par 3", atouts // 3),
                  ("Cases Données déverrouillées", j["cases_deverrouillees"]), ("EXP dans votre réserve", j["exp"]),
                  (f"Intégrité maximale {j['integrite_max']} (au-dessus de {INTEGRITE_DE_BASE})",
                   max(0, j["integrite_max"] - INTEGRITE_DE_BASE)),
                  ("Augmentations de Faction équipées, non « Casse »", j["augmentations_faction"]),
                  ("Augmentations de Classe équipées, non « de départ » (2 PV)", 2 * j["augmentations_classe"]),
                  ("Cartes But acquises", j["pv_buts"]),
                  (f"Données Corrompues : {j['corrompues']}", -penalite)]
        total = sum(v for _, v in detail)
        calcul.append(((total, -j["corrompues"]), j["nom"], total, detail))
    calcul.sort(key=lambda c: c[0], reverse=True)
    ordre = rangs([c[0] for c in calcul])
    classement = [ligne(nom, total, detail, r) for r, (_, nom, total, detail) in zip(ordre, calcul, strict=True)]
    notes = []
    for score in sorted({c[2] for c in calcul}, reverse=True):
        groupe = [c for c in calcul if c[2] == score]
        if len(groupe) > 1 and len({c[0][1] for c in groupe}) > 1:
            notes.append(f"{liste_noms([c[1] for c in groupe])} ont {score} PV : départagés par le moins de Données "
                         "Corrompues.")
    premiers = [c[1] for c, r in zip(calcul, ordre, strict=True) if r == 1]
    if len(premiers) > 1:
        notes.append(f"Égalité parfaite entre {liste_noms(premiers)} (PV et Données Corrompues) : le livre ne départage "
                     "pas davantage.")
    return {"classement": classement, "vainqueur": premiers[0] if len(premiers) == 1 else None, "notes": notes}


def paquet_ennemi(document: dict[str, Any]) -> dict[str, Any]:
    """Enemy deck, top to bottom (l. 757-771): N x players cards per level, or all unlocked ones."""
    joueurs = document["nombre_joueurs"]
    classement, notes, haut = [], [], 1
    for niveau in document["joueurs"]:
        dispo = niveau["deverrouillees"]
        if niveau["toutes"] and niveau["par_joueur"]:
            raise ErreurEntree(f"« {niveau['nom']} » : cochez « Toutes » ou donnez N cartes par joueur, pas les deux.")
        if niveau["toutes"]:
            cartes: Any = dispo if dispo is not None else "toutes"
            detail = [("Toutes les cartes déverrouillées du niveau", cartes)]
        else:
            voulu = niveau["par_joueur"] * joueurs
            cartes = voulu if dispo is None else min(voulu, dispo)
            detail = [(f"{niveau['par_joueur']} × {joueurs} joueur{'s' if joueurs > 1 else ''}", voulu)]
            if dispo is not None and voulu > dispo:
                detail.append(("Déverrouillées disponibles", dispo))
                notes.append(f"« {niveau['nom']} » : {voulu} cartes demandées mais {dispo} déverrouillées ; on prend "
                             f"les {dispo} (lecture retenue, le livre ne traite pas ce cas).")
        if isinstance(cartes, int) and cartes > 0:
            detail.append(("Positions depuis le dessus", f"{haut} à {haut + cartes - 1}"))
            haut += cartes
        classement.append(ligne(niveau["nom"], cartes, detail))
    if any(n["deverrouillees"] is None for n in document["joueurs"]):
        notes.append("Sans le nombre de cartes déverrouillées d'un niveau, l'outil ne peut pas vérifier qu'il y en a "
                     "assez (ce nombre n'est pas dans le livre).")
    notes.append("Construction : mélangez le dernier niveau et posez-le, puis chaque niveau précédent par-dessus ; "
                 "on pioche tout le premier niveau avant d'atteindre le suivant.")
    return {"classement": classement, "vainqueur": None, "notes": notes}


def marche(document: dict[str, Any]) -> dict[str, Any]:
    """Body market (l. 280-284): players + 1 cards face up; P(a given body is among them)."""
    joueurs, corps = document["nombre_joueurs"], document["corps_disponibles"]
    visibles = min(joueurs + 1, corps)
    p = Fraction(visibles, corps)
    texte = f"{p.numerator}/{p.denominator}" if p.denominator > 1 else str(p.numerator)
    pourcent = f"{float(p) * 100:.1f}".replace(".", ",") + "\u00a0%"
    classement = [ligne("Cartes Corps face visible", visibles, [("Nombre de joueurs + 1", joueurs + 1)]),
                  ligne("Probabilité qu'un Corps donné soit au Marché", f"{texte} ({pourcent})",
                        [("Corps face visible / Corps mélangés", f"{visibles} / {corps}")])]
    notes = [] if joueurs + 1 < corps else ["Il y a au plus autant de Corps que de places : tous sont face visible."]
    return {"classement": classement, "vainqueur": None, "notes": notes}


SCORES: dict[str, Callable[..., Any]] = {"pv": pv, "paquet_ennemi": paquet_ennemi, "marche": marche}
