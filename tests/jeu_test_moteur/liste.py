"""INVENTED `liste` part of the test game `jeu-test` (tests only): one derived field."""
from __future__ import annotations

from typing import Any

from browser_engine.analyse import AnalyseJeu
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
