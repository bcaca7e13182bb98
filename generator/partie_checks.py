"""Checks of a game's play-mode file (`data/<jeu>/partie.yaml`) that its schema cannot make.

Every `regle` names an entry of the game; ids are unique within their list (counters and
statuses share one namespace, as do phases and steps); a counter's literal bounds are ordered;
a counter or status only targets the sheet kinds the file declares in `figures`; the after-battle
steps (`apres_bataille`) have unique ids.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .load import DataFile
from .problems import Problem
from .validate import entries_of

Parts = tuple[str | int, ...]


def _rules(node: Any, parts: Parts) -> Iterator[tuple[Parts, str]]:
    """Every `regle` and `tours_regle` value under a node, with its path."""
    if isinstance(node, dict):
        for key, child in node.items():
            if key in ("regle", "tours_regle") and isinstance(child, str):
                yield parts + (key,), child
            else:
                yield from _rules(child, parts + (key,))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            yield from _rules(child, parts + (i,))


def _duplicates(data_file: DataFile, items: list[tuple[Parts, Any]], what: str) -> list[Problem]:
    seen: dict[str, Parts] = {}
    found: list[Problem] = []
    for parts, item in items:
        ident = item.get("id") if isinstance(item, dict) else None
        if not isinstance(ident, str):
            continue
        if ident in seen:
            line, col = data_file.position(seen[ident] + ("id",))
            found.append(data_file.problem(parts + ("id",), f"{what} « {ident} » en double (déjà en ligne {line}, colonne {col})"))
        else:
            seen[ident] = parts
    return found


def _bounds(data_file: DataFile, parts: Parts, counter: dict[str, Any]) -> list[Problem]:
    low, high = counter.get("min"), counter.get("max")
    if isinstance(low, dict) and isinstance(high, dict) and "valeur" in low and "valeur" in high \
            and low["valeur"] > high["valeur"]:
        return [data_file.problem(parts + ("max", "valeur"),
                                  f"maximum {high['valeur']} inférieur au minimum {low['valeur']}")]
    if counter.get("depart") == "max" and "max" not in counter:
        return [data_file.problem(parts + ("depart",), "départ « max » sans maximum : donnez « max » ou une autre valeur de départ")]
    return []


def _added_cards(data_file: DataFile, partie: dict[str, Any], kinds: set[Any]) -> list[Problem]:
    """Cards added during play (`ajouts`): their sheet kinds are declared, their counters' bounds ordered."""
    found: list[Problem] = []
    ajouts = [(("partie", "ajouts", i), a) for i, a in enumerate(partie.get("ajouts", [])) if isinstance(a, dict)]
    found += _duplicates(data_file, ajouts, "identifiant de fiche ajoutée")
    for parts, ajout in ajouts:
        for j, kind in enumerate(ajout.get("pour", [])):
            if kind not in kinds:
                found.append(data_file.problem(parts + ("pour", j), f"fiche « {kind} » absente de « figures » ({', '.join(sorted(kinds))})"))
        counters = [(parts + ("compteurs", k), c) for k, c in enumerate(ajout.get("compteurs", [])) if isinstance(c, dict)]
        found += _duplicates(data_file, counters, "identifiant de compteur")
        for cparts, counter in counters:
            found += _bounds(data_file, cparts, counter)
    return found


def file_problems(data_file: DataFile, ids: set[str]) -> list[Problem]:
    """Problems of one play-mode file, given the ids of the game's entries."""
    partie = data_file.value.get("partie") if isinstance(data_file.value, dict) else None
    if not isinstance(partie, dict):
        return []
    root: Parts = ("partie",)
    found = [data_file.problem(parts, f"règle « {target} » : aucune entrée de ce jeu ne porte cet identifiant")
             for parts, target in _rules(partie, root) if target not in ids]
    kinds = {f.get("id") for f in partie.get("figures", []) if isinstance(f, dict)}
    trackers = [(root + (key, i), item) for key in ("compteurs", "statuts")
                for i, item in enumerate(partie.get(key, []))]
    found += _duplicates(data_file, trackers, "identifiant de compteur ou d'état")
    for parts, item in trackers:
        for j, kind in enumerate(item.get("pour", [])):
            if kind not in kinds:
                found.append(data_file.problem(parts + ("pour", j), f"fiche « {kind} » absente de « figures » ({', '.join(sorted(kinds))})"))
        if parts[1] == "compteurs":
            found += _bounds(data_file, parts, item)
    found += _added_cards(data_file, partie, kinds)
    phases = partie.get("sequence", {}).get("phases", [])
    steps = [(root + ("sequence", "phases", i), p) for i, p in enumerate(phases)]
    steps += [(root + ("sequence", "phases", i, "etapes", j), e)
              for i, p in enumerate(phases) for j, e in enumerate(p.get("etapes", []))]
    found += _duplicates(data_file, steps, "identifiant de phase ou d'étape")
    found += _duplicates(data_file, [(root + ("des", i), d) for i, d in enumerate(partie.get("des", []))], "identifiant de dé")
    apres = partie.get("apres_bataille", {}).get("etapes", [])
    found += _duplicates(data_file, [(root + ("apres_bataille", "etapes", i), e) for i, e in enumerate(apres)],
                         "identifiant d'étape d'après-bataille")
    return found


def game_problems(files: list[DataFile]) -> list[Problem]:
    """Problems of the game's `partie.yaml`, if it has one."""
    ids = {located.value.get("id") for located in entries_of(files)}
    return [p for f in files if isinstance(f.value, dict) and "partie" in f.value for p in file_problems(f, ids)]
