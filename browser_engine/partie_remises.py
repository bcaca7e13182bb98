"""Play mode: what each turn (or step, or status) resets, as `partie.yaml` declares it (`remises`).

The engine only resolves the declarations (rule link, counters, statuses); the page applies them:
at the start of each turn (`quand: {debut_du_tour: true}`), when the turn reaches a step
(`{etape: phase/etape}`, or a phase id for a phase without steps), or when the player sets a
status on a sheet (`{statut: id}`, that sheet only). A counter goes back to its maximum (`max`),
its minimum (`min`), a value (`{valeur: N}`), or moves by a number (`{ajoute: -1}`, kept within
its bounds); the listed statuses are cleared.
"""
from __future__ import annotations

from typing import Any

from . import bundle


def remises_partie(donnees: dict[str, Any], partie: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's resets, each with its rule link.

    Args:
        donnees: the game's bundle.
        partie: the game's `partie` data.

    Returns:
        One dict per `remises` item: id, nom, regle, lien, quand, compteurs (id, vers), statuts, aide.

    """
    out = []
    for decl in partie.get("remises") or []:
        out.append({"id": decl["id"], "nom": decl["nom"], "regle": decl["regle"],
                    "lien": bundle.ancre(donnees, decl["regle"]), "quand": dict(decl["quand"]),
                    "compteurs": [{"id": c["id"], "vers": c["vers"] if isinstance(c["vers"], str) else dict(c["vers"])}
                                  for c in decl.get("compteurs") or []],
                    "statuts": list(decl.get("statuts") or []), "aide": decl.get("aide")})
    return out
