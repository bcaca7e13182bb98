"""Tamashii: the group test of a list's players (l. 1256-1262), a target group of the list's odds.

Each player in turn leads a group test: the leader rolls first, then the other players in turn
order (read as the list's order, from the leader on, wrapping round), each with the same number
of tokens emptied and their own Relances. Targets ask 1 to 4 × [players] successes (the book's
example is 3 × [players]). Solo games have no group test (l. 1262), and the declared
calculation `test` takes 4 participants at most. Each cell is the law of « test passed » of the
declared calculation `test`, like the individual tests (`liste_probas.lois`).
"""
from __future__ import annotations

from typing import Any

from ...probas_liste import Action, Cible, Ligne

GROUPE = "test-de-groupe"
ACTION = "test-de-groupe"
FOIS_JOUEURS = range(1, 5)
PARTICIPANTS_MAX = 4  # participants of the calculation `test` (data/tamashii/calculs.yaml)
MODE_SOLO = "solo"


def applicable(liste: dict[str, Any], joueurs_liste: int) -> str | None:
    """Why the group test is not computed for this list, or None when it is."""
    options = liste.get("options")
    if isinstance(options, dict) and options.get("mode") == MODE_SOLO:
        return "En solo, un Test de Groupe se joue comme un Test individuel : voir le groupe « Tests »."
    if joueurs_liste < 2:
        return "Test de Groupe : il faut au moins 2 joueurs dans la liste."
    if joueurs_liste > PARTICIPANTS_MAX:
        return f"Test de Groupe non calculé : {PARTICIPANTS_MAX} participants au plus (la liste a {joueurs_liste} joueurs)."
    return None


def besoin(cible: Cible) -> int:
    """The successes a group test target asks for (its id is `groupe-N`)."""
    return int(cible.id.rsplit("-", 1)[1])


def cibles(joueurs: int) -> list[Cible]:
    """Group tests of 1 to 4 × [players] successes."""
    return [Cible(f"groupe-{k * joueurs}", f"Groupe {k} × joueurs ({k * joueurs})", GROUPE,
                  f"Chance de réussir un Test de Groupe de {k} × {joueurs} = {k * joueurs} succès")
            for k in FOIS_JOUEURS]


def _ordre(menant: int, nombre: int) -> list[int]:
    """Rows in the order they roll: the leader, then the next ones in the list's order, wrapping round."""
    return [(menant + k) % nombre for k in range(nombre)]


def ajouter(lignes: list[Ligne], relances: list[int], de: str, pions: int, cibles_groupe: list[Cible]) -> None:
    """Give each row the group test it leads (every player empties `pions` tokens)."""
    for menant, ligne in enumerate(lignes):
        ordre = _ordre(menant, len(lignes))
        base: dict[str, Any] = {"de": de, "fois_joueurs": False}
        for rang in range(1, PARTICIPANTS_MAX + 1):
            participe = rang <= len(ordre)
            base[f"des_{rang}"] = pions if participe else 0
            base[f"relances_{rang}"] = relances[ordre[rang - 1]] if participe else 0
        parametres: dict[str, dict[str, Any] | None] = {c.id: {**base, "succes": besoin(c)} for c in cibles_groupe}
        suivants = ", ".join(lignes[i].nom for i in ordre[1:])
        detail = f"mené par {ligne.nom}, puis {suivants} ; {pions} pion{'s' if pions > 1 else ''} vidé" \
                 f"{'s' if pions > 1 else ''} chacun, les Relances de chacun"
        ligne.actions.append(Action(ACTION, "Test de Groupe", "test", parametres, detail))
