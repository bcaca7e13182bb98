"""INVENTED engine module of the test game `jeu-test` (tests only): one calculation, one derived field.

The generator's checks of list rules and calculations read a game's engine module; the tests
map `jeu-test` to this module.
"""
from __future__ import annotations

from typing import Any

import icepool

from browser_engine.analyse import AnalyseJeu
from browser_engine.odds import ResultatCalcul
from browser_engine.regles import VueEntree


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """Each entry costs its rank (invented)."""
    derives = {v.index: {"cout_total": v.champs.get("rang", 0)} for v in vues}
    return AnalyseJeu(cout=sum(d["cout_total"] for d in derives.values()), derives=derives)


def completer_details(details: dict[str, Any], mesures: dict[str, Any], vues: list[VueEntree]) -> None:
    """Nothing to add."""


def champs_derives(donnees_jeu: dict[str, Any]) -> set[str]:
    """The fields `analyser` adds to entries."""
    return {"cout_total"}


def de(parametres: dict[str, Any]) -> ResultatCalcul:
    """One die of `faces` faces."""
    return ResultatCalcul(icepool.d(parametres["faces"]))


CALCULS = {"de": de}


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """No static table."""
    return []
