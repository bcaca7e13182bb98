"""The heaviest parameters of every declared calculation, for `make bench` (never for tests).

Generic rule: every integer parameter at its maximum, every flag on; the overrides below
replace what the generic rule gets wrong (a flag that makes the work lighter, bounds that
must add up). Decks and dice whose composition the books do not give are INVENTED here for
the measurement only (« inventé pour la mesure »): they never reach the site or the tests.
"""
from __future__ import annotations

from typing import Any

# HAMI: 12 Combat cards, INVENTED for the measurement (the official deck is missing from the book).
PAQUET_INVENTE = [{"nom": f"carte {k + 1}", "jour": {"lumiere": k % 4, "ombre": (k // 2) % 3},
                   "nuit": {"lumiere": (k + 1) % 3, "ombre": k % 4}} for k in range(10)] + [
    {"nom": "vide 1", "jour": {"lumiere": 0, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 0}},
    {"nom": "vide 2", "jour": {"lumiere": 0, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 0}}]

# Settings the generic rule cannot guess (sums that must hold, flags that lighten the work).
SURCHARGES: dict[tuple[str, str], dict[str, Any]] = {
    ("hami", "temps"): {"jour": 3, "nuit": 3, "aube": 2, "tours": 8},
    ("hami", "combat_fixe"): {"main": 3, "cartes": 3, "attaques": 2},
    ("hami", "combat_cnj"): {"main": 3, "cartes": 3},
    ("hami", "strateges"): {"cartes_vues": 15},
    ("kharn-ages", "degats"): {"pa_attaque": 3, "portee_longue_attaque": False, "tir_attaque": False,
                               "tir_standard_attaque": False, "portee_courte_attaque": False,
                               "tireur_attaque": False, "perce_armure_1d5_attaque": False,
                               "degats_1d5_attaque": False, "sans_usure_attaque": False},
    ("hate", "combat"): {"soutiens_attaque": 0, "soutien_champion_attaque": False, "des_attaque": 14,
                         "plus_haut_defense": False},
    ("hate", "attaque_fixe"): {"plus_haut_defense": False},
    ("hate", "cicatrices"): {f"ligne_{k:02d}": k for k in range(1, 21)},  # every combination given a result
}


def de_invente(decl: dict[str, Any]) -> list[dict[str, int]]:
    """A die with as many faces as allowed, each symbol on some face (INVENTED, measurement only)."""
    faces = decl.get("faces")
    nombre = faces if isinstance(faces, int) else (faces or {}).get("max", 6)
    symboles = [s["id"] for s in decl.get("symboles") or []]
    out = []
    for k in range(nombre):
        face = dict.fromkeys(symboles, 0)
        if k % (len(symboles) + 1) < len(symboles):  # one blank face every len+1 faces
            face[symboles[k % (len(symboles) + 1)]] = 1
        out.append(face)
    return out


def parametres_lourds(jeu: str, decl: dict[str, Any]) -> dict[str, Any]:
    """Parameters of the heaviest case of one calculation (generic rule, then the overrides)."""
    out: dict[str, Any] = {}
    for p in decl.get("parametres") or []:
        if p["type"] == "entier":
            out[p["id"]] = p["max"]
        elif p["type"] == "booleen":
            out[p["id"]] = True
        elif p["type"] == "paquet":
            out[p["id"]] = PAQUET_INVENTE
        elif p["type"] == "des":
            out[p["id"]] = de_invente(p)
    out.update(SURCHARGES.get((jeu, decl["calcul"]), {}))
    return out
