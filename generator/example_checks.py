"""Example lists keep the verdict their file states (issue 36, item 5).

Each example list opens with a comment giving its verdict: « # Liste valide… » or « # Liste
invalide… ». `generator check` runs the checker on every example and refuses, at its position:

* an example that states no verdict;
* a « valide » example with errors (located on the first error's node when the list has it);
* an « invalide » example without any error;
* a « valide » example without a total, in a game whose list rules cap by the format a sum the
  engine computes (a budget, `borne: {max: format}` on a cost): its budget would be checked against
  nothing.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .load import DataFile
from .problems import Problem

VERDICT = re.compile(r"\s*#\s*Liste (valide|invalide)\b")


def stated_verdict(text: str) -> tuple[bool | None, int]:
    """(True for « valide », False for « invalide », None when absent) and the line of the comment that says it."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if not line.lstrip().startswith("#"):
            break
        match = VERDICT.match(line)
        if match:
            return match.group(1) == "valide", number
    return None, 1


def has_budget(data: dict[str, Any], typed: set[str]) -> bool:
    """Whether a list-scope rule caps by the list's `format` a sum the engine computes (a budget).

    Args:
        data: the game bundle.
        typed: the entry fields of the list schema: a sum of one of them (points typed by the player,
            as in the scaffold's game) is checked as typed, and needs no computed total.

    """
    for rule in data.get("regles_liste") or []:
        if not isinstance(rule, dict):
            continue
        bounds = rule.get("borne")
        if rule.get("portee") == "liste" and rule.get("somme") and rule["somme"] not in typed \
                and isinstance(bounds, dict) and isinstance(bounds.get("max"), str) and "format" in bounds["max"]:
            return True
    return False


def _pointer_parts(pointer: Any) -> tuple[str | int, ...]:
    """A JSON pointer (`/entrees/2/sorts`) as path parts."""
    if not isinstance(pointer, str) or not pointer.startswith("/"):
        return ()
    parts: list[str | int] = []
    for token in pointer[1:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        parts.append(int(token) if token.isdigit() else token)
    return tuple(parts)


def verdict_problems(file: DataFile, text: str, report: dict[str, Any], budget: bool) -> list[Problem]:
    """The problems of one example list whose checker report is `report`."""
    valid, line = stated_verdict(text)
    where = Problem(file.path, line, 1, "$", "")
    if valid is None:
        return [replace(where, message="la liste d'exemple ne dit pas son verdict : sa première ligne de commentaire "
                                        "commence par « # Liste valide » ou « # Liste invalide »")]
    errors = [e for e in report.get("erreurs") or [] if isinstance(e, dict)]
    if valid and errors:
        first = errors[0]
        parts = _pointer_parts(first.get("chemin"))
        located = file.problem(parts, "") if parts else where
        count = f"{len(errors)} erreur{'s' if len(errors) > 1 else ''}"
        return [replace(located, message=f"liste d'exemple déclarée valide (ligne {line}) mais le vérificateur "
                                         f"y trouve {count}, dont : {first.get('message')}")]
    if valid is False and not errors:
        return [replace(where, message="liste d'exemple déclarée invalide, mais le vérificateur n'y trouve aucune "
                                       "erreur")]
    if valid and budget and not isinstance(report.get("cout"), int):
        return [replace(where, message="liste d'exemple valide sans total : le vérificateur ne calcule pas son coût, "
                                       "et le budget du format n'est comparé à rien")]
    return []
