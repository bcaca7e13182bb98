"""Calculations declared as data (`des_libres`, browser_engine/calculs_donnees.py): their templates are sound.

Each expression of a template names only the calculation's own parameters or `valeurs`, and parses; a calculation
is either data or Python, never both. Every problem is located on the offending node.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from browser_engine import calculs_donnees
from browser_engine.errors import ErreurDonnees
from browser_engine.expressions import ErreurExpression, noms_utilises

from .problems import Problem
from .validate import Located


def problems(entry: Located, in_python: set[str], data: dict[str, Any]) -> Iterator[Problem]:
    """The problems of one declared calculation's template (none for a Python calculation)."""
    decl = entry.value
    if not calculs_donnees.est_en_donnees(decl):
        return
    key = decl.get("calcul")
    if key in in_python:
        yield entry.file.problem(entry.parts + (calculs_donnees.CLE,),
                                 f"le calcul « {key} » est déclaré en données (des_libres) et implémenté en Python : "
                                 "gardez l'un ou l'autre")
    params = calculs_donnees.noms_connus(decl)
    for path, expression in calculs_donnees.expressions(decl[calculs_donnees.CLE]):
        here = entry.parts + (calculs_donnees.CLE, *path)
        try:
            used = noms_utilises(expression)
        except ErreurExpression as exc:
            yield entry.file.problem(here, f"expression illisible : {exc}")
            continue
        unknown = sorted(used - params)
        if unknown:
            yield entry.file.problem(here, f"« {unknown[0]} » n'est pas un paramètre de ce calcul ni une de ses "
                                           f"valeurs (noms possibles : {', '.join(sorted(params)) or 'aucun'})")
    for name, source in (decl[calculs_donnees.CLE].get("valeurs") or {}).items():
        try:
            calculs_donnees.valeur_d_entree(data, source)
        except ErreurDonnees:
            yield entry.file.problem(entry.parts + (calculs_donnees.CLE, "valeurs", name, "propriete"),
                                     f"l'entrée « {source.get('entree')} » n'a pas de nombre entier "
                                     f"« {source.get('propriete')} » dans ses proprietes")
