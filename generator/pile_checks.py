"""Checks of the generic draw calculation (`pioche`), of its `pile` parameters and of the rules' `hasard`.

A pile has no default (its counts are the player's, the books seldom print them); a preset may
write kinds and the counts the book gives. A rule's `hasard` names, for each random mechanic
it describes, the calculation that gives its odds (and the preset that sets it), or says why
none can exist. Each problem is located on the offending node.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from browser_engine import pile
from browser_engine.errors import ErreurParametre

from .problems import Problem
from .validate import Located

Parts = tuple[str | int, ...]


def pile_problems(entry: Located, here: Parts, param: dict[str, Any]) -> Iterator[Problem]:
    """A `pile` parameter: no default, bounds in order and within the engine's limits."""
    if param.get("defaut") is not None:
        yield entry.file.problem(here + ("defaut",), "une pile saisie par le joueur n'a pas de valeur par défaut "
                                                     "(defaut: null) : ses nombres viennent du joueur")
    sortes = param.get("sortes")
    if isinstance(sortes, dict) and sortes["min"] > sortes["max"]:
        yield entry.file.problem(here + ("sortes", "min"), f"min {sortes['min']} supérieur à max {sortes['max']}")
    for cle in ("min", "max"):
        if cle in param:
            yield entry.file.problem(here + (cle,), "une pile déclare ses bornes dans « sortes » et « cartes_max », "
                                                    "pas dans min/max")


def pioche_problems(entry: Located) -> Iterator[Problem]:
    """The `pioche` calculation reads `pile` (a pile), `tirees` (an integer from 1) and, if declared, `remise`."""
    params = {p["id"]: (i, p) for i, p in enumerate(entry.value.get("parametres") or [])}
    attendus = {"pile": "pile", "tirees": "entier"}
    for nom, genre in attendus.items():
        if nom not in params or params[nom][1]["type"] != genre:
            yield entry.file.problem(entry.parts + ("parametres",), f"le calcul pioche lit le paramètre « {nom} » "
                                                                    f"de type {genre}")
    if "remise" in params and params["remise"][1]["type"] != "booleen":
        yield entry.file.problem(entry.parts + ("parametres", params["remise"][0], "type"),
                                 "le paramètre « remise » de pioche est un booléen")
    if "tirees" in params and "pile" in params and params["tirees"][1]["type"] == "entier":
        i, tirees = params["tirees"]
        plus = pile.cartes_max(params["pile"][1])
        if isinstance(tirees.get("min"), int) and tirees["min"] < 1:
            yield entry.file.problem(entry.parts + ("parametres", i, "min"), "on tire au moins 1 élément (min: 1)")
        remise = "remise" in params
        if isinstance(tirees.get("max"), int) and not remise and tirees["max"] > plus:
            yield entry.file.problem(entry.parts + ("parametres", i, "max"),
                                     f"max {tirees['max']} : on ne tire pas plus d'éléments que la pile n'en compte "
                                     f"(cartes_max {plus})")


def preset_pile_problem(param: dict[str, Any], name: str, value: Any) -> str | None:
    """A preset's pile: known kinds within the bounds; when every count is given, the engine accepts it."""
    if not isinstance(value, list):
        return f"le paramètre « {name} » (pile) prend une liste de sortes"
    plus = pile.cartes_max(param)
    total = sum(s.get("nombre") or 0 for s in value if isinstance(s, dict))
    if total > plus:
        return f"la pile compte {total} éléments ; le paramètre « {name} » en accepte au plus {plus}"
    if not any(isinstance(s, dict) and s.get("voulue") for s in value):
        return f"la pile de « {name} » n'a aucune sorte voulue : cochez-en une (voulue: true)"
    if all(isinstance(s, dict) and "nombre" in s for s in value):
        try:
            pile.lire_pile(param, value)
        except ErreurParametre as exc:
            return exc.message
    elif len(value) > pile.MAX_SORTES:
        return f"au plus {pile.MAX_SORTES} sortes"
    return None


def hasard_problems(located: dict[str, Located]) -> Iterator[Problem]:
    """Each `hasard` preset exists in the calculation it names."""
    for entry in located.values():
        for i, item in enumerate(entry.value.get("hasard") or []):
            reglage = item.get("reglage")
            if reglage is None:
                continue
            here = entry.parts + ("hasard", i, "reglage")
            calcul = located.get(item.get("calcul", ""))
            if calcul is None or calcul.kind != "calculs":
                yield entry.file.problem(here, "une préselection suppose un calcul (champ « calcul »)")
                continue
            ids = [p.get("id") for p in calcul.value.get("preselections") or []]
            if reglage not in ids:
                yield entry.file.problem(here, f"préselection « {reglage} » inconnue du calcul « {calcul.value['id']} » "
                                               f"(préselections : {', '.join(ids) or 'aucune'})")
