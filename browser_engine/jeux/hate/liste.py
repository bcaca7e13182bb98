"""Hate: the tribe roster checker, with the calculations and scores of sibling modules.

This module is the game's entry point for the generic engine (see `jeux/__init__.py`).
What data can say lives in `data/hate/regles-liste.yaml` (composition, single-battle limits,
one scar); this module reads the roster (`liste_figures.py`), derives the values those rules
select on, checks what compares figures with each other or with the village
(`liste_figures.py`, `liste_village.py`), the optional chronicle log (`liste_journal.py`) and computes
each figure's activation cost.
"""
from __future__ import annotations

from typing import Any

from ...analyse import AnalyseJeu
from ...domaines import BOOLEEN, COMPTE, option
from ...regles import VueEntree
from .liste_figures import LIBELLES, MODE_CHRONIQUE, Controle, Figure, cout_base
from .liste_journal import verifier_journal
from .liste_village import verifier_chronique

CHAMPS_DERIVES = ("mode", "nb_generiques", "nb_specifiques", "nb_missions", "cumule_cicatrices")


def champs_derives(donnees_jeu: dict[str, Any]) -> set[str]:
    """Names of the values `analyser` adds to each entry for the data rules."""
    return set(CHAMPS_DERIVES)


def domaines_derives(donnees_jeu: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The values each derived field can hold (see `browser_engine/domaines.py`)."""
    return {"mode": option("mode"), "nb_generiques": COMPTE, "nb_specifiques": COMPTE, "nb_missions": COMPTE,
            "cumule_cicatrices": BOOLEEN}


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """Derived values, the rules data cannot express, and the activation cost of each figure.

    A tribe has no points budget (its `format` is its size, 11): the report's `cout` stays empty and
    the activation cost of the figures on the field, in Sauvagerie, is `details.cout_activation`.
    While a figure's cost is unknown (a mercenaire without its profile, an unknown type), that total
    stays None; `details.cout_activation_connu` is then the sum of the costs that are known and
    `details.figures_sans_cout` how many figures on the field it leaves out (0 when complete).
    """
    controle = Controle(donnees_jeu, liste)
    controle.verifier_figures()
    if controle.mode == MODE_CHRONIQUE:
        verifier_chronique(controle)
    if "journal" in liste:
        verifier_journal(controle, liste["journal"])
    lignes = [_ligne(controle, figure) for figure in controle.figures]
    couts = [ligne["cout_total"] for ligne in lignes if isinstance(ligne["cout_total"], int)]
    sans_cout = sum(1 for ligne in lignes if not isinstance(ligne["cout_total"], int) and not ligne["au_village"])
    total = sum(couts) if lignes and not sans_cout else None
    return AnalyseJeu(
        derives={figure.index: controle.derives(figure) for figure in controle.figures},
        erreurs=controle.erreurs,
        avertissements=controle.avertissements,
        details={"entrees": lignes, "cout_activation": total, "cout_activation_connu": sum(couts),
                 "figures_sans_cout": sans_cout, "tribu": controle.tribu, "mode": controle.mode},
    )


def _ligne(controle: Controle, figure: Figure) -> dict[str, Any]:
    """One row of the cost table: the figure, its role and its activation cost in Sauvagerie."""
    base = cout_base(figure, controle.profils)
    nom = figure.nom or LIBELLES.get(figure.type or "", "Figurine")
    if figure.type == "mercenaire" and figure.profil is not None:
        nom = figure.nom or str(figure.profil.get("nom"))
    role = LIBELLES.get(figure.type or "", "?")
    if figure.remplace is not None:
        remplace = figure.remplace.type or ""
        role += " (à la place du Prince)" if remplace == "prince" else f" (à la place d'un {LIBELLES[remplace]})"
    ligne: dict[str, Any] = {"index": figure.index, "nom": nom, "role": role, "nombre": 1,
                             "cout_figure": base, "cout_total": base, "au_village": False,
                             "ameliorations": [c.nom for c in controle.actives(figure)],
                             "recouvertes": [c.nom for c in figure.ameliorations if c not in controle.actives(figure)],
                             "cicatrices": [c.nom for c in figure.cicatrices]}
    if figure.remplacee_par is not None:
        ligne.update(role=role + " — reste au village", cout_total=None, au_village=True,
                     lignes_cout=[{"libelle": f"remplacé par l'entrée {figure.remplacee_par.index + 1}"}])
        return ligne
    if base is None:
        return ligne
    reductions = [c for c in controle.actives(figure)
                  if _reduction(c.entree) and controle.types_effectifs(figure) & set(_pour(c.entree))]
    lignes_cout = [{"libelle": f"{role} : activation", "cout": base}]
    lignes_cout += [{"libelle": c.nom, "cout": -_reduction(c.entree)} for c in reductions]
    ligne.update(cout_total=max(0, base - sum(_reduction(c.entree) for c in reductions)), lignes_cout=lignes_cout)
    return ligne


def _reduction(entree: dict[str, Any]) -> int:
    valeur = (entree.get("proprietes") or {}).get("reduction_activation")
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) else 0


def _pour(entree: dict[str, Any]) -> list[str]:
    pour = (entree.get("proprietes") or {}).get("pour_types")
    return [str(t) for t in pour] if isinstance(pour, list) else ["prince", "shaman", "champion", "guerrier",
                                                                    "jeune-sang", "mercenaire", "tyran"]


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Add the composition counts measured by the data rules."""
    par_id = {cle: m.get("valeur") for cle, m in mesures.items()}
    details["composition"] = {t: par_id.get(f"composition-{s}") for t, s in (
        ("prince", "un-prince"), ("shaman", "un-shaman"), ("champion", "un-champion"),
        ("guerrier", "six-guerriers"), ("jeune-sang", "deux-jeunes-sang"))}
