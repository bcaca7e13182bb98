"""Checks, beyond their schemas, of the fixed values the engine reads from data.

`data/<jeu>/probas-liste.yaml` (the odds of a list): every id it names is an entry of the game (a
reference profile, a card); every card effect names `des` or a parameter of one of the game's
calculations, with a value of that parameter's type; the figure types a card strikes harder are
values of the game's list schema; a game whose engine has a `liste_probas` part has the file.
`data/<jeu>/tables-probas.yaml` (the rule pages' odds tables): each table is on a page of the game,
after an entry of that page, and applies entries of the game (that the engine computes exactly the
declared tables is checked with the engine, `engine_checks`). Each problem is located on its node.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from browser_engine import jeux

from .load import DataFile
from .problems import Problem
from .validate import entries_of

KIND = "probas_liste"
TABLES = "tables_probas"
DICE = "des"  # an effect adding (or, negative, removing) dice


def game_problems(game_id: str, files: list[DataFile], root: Path) -> list[Problem]:
    """Every problem of the game's `probas_liste` and `tables_probas` files."""
    return _probas_liste_problems(game_id, files, root) + _table_problems(files)


def _table_problems(files: list[DataFile]) -> list[Problem]:
    data_file = next((f for f in files if isinstance(f.value, dict) and TABLES in f.value), None)
    manifest = next((f for f in files if f.path.endswith("/jeu.yaml")), None)
    if data_file is None or manifest is None:
        return []
    pages = {page["id"] for page in manifest.value["jeu"].get("pages") or []}
    entries = {located.value["id"]: located.value for located in entries_of(files)}
    found = []
    for table_id, decl in data_file.value[TABLES].items():
        here: tuple[str | int, ...] = (TABLES, table_id)
        if decl["page"] not in pages:
            found.append(data_file.problem(here + ("page",), f"page « {decl['page']} » inconnue : déclarez-la dans "
                                                             f"jeu.yaml (pages : {', '.join(sorted(pages))})"))
        after = entries.get(decl["apres"])
        if after is None:
            found.append(data_file.problem(here + ("apres",), _unknown(decl["apres"])))
        elif after.get("page") != decl["page"]:
            found.append(data_file.problem(here + ("apres",), f"« {decl['apres']} » n'est pas sur la page "
                                                              f"« {decl['page']} » du tableau"))
        found += [data_file.problem(here + ("regles", i), _unknown(rule))
                  for i, rule in enumerate(decl["regles"]) if rule not in entries]
    return found


def _probas_liste_problems(game_id: str, files: list[DataFile], root: Path) -> list[Problem]:
    """Problems of the game's `probas_liste` file (none when the game has neither file nor part)."""
    data_file = next((f for f in files if isinstance(f.value, dict) and KIND in f.value), None)
    if data_file is None:
        manifest = next((f for f in files if f.path.endswith("/jeu.yaml")), None)
        if manifest is not None and jeux.part(game_id, "liste_probas") is not None:
            return [manifest.problem(("jeu",), f"data/{game_id}/probas-liste.yaml manquant : la partie liste_probas "
                                               "du moteur y lit ses cibles de référence et ses notes")]
        return []
    ids = {located.value["id"] for located in entries_of(files)}
    parameters = {p["id"]: p for located in entries_of(files) if located.kind == "calculs"
                  for p in located.value.get("parametres") or []}
    values = _schema_values(root / "schemas" / f"liste-{game_id}.schema.json")
    value = data_file.value[KIND]
    problems = list(_target_problems(data_file, value.get("cibles") or {}, ids))
    problems += _effect_problems(data_file, value.get("effets") or {}, ids, parameters, values)
    return problems


def _unknown(entry_id: str) -> str:
    return f"« {entry_id} » n'est pas une entrée de ce jeu"


def _target_problems(data_file: DataFile, targets: dict[str, Any], ids: set[str]) -> Iterator[Problem]:
    for group, items in targets.items():
        for i, item in enumerate(items):
            if isinstance(item, str) and item not in ids:
                yield data_file.problem((KIND, "cibles", group, i), _unknown(item))


def _effect_problems(data_file: DataFile, effects: dict[str, Any], ids: set[str], parameters: dict[str, Any],
                     values: set[str]) -> list[Problem]:
    found = []
    here: tuple[str | int, ...] = (KIND, "effets")
    for side in ("attaque", "defense", "frappes_contre", "attaques_en_plus"):
        for card, effect in (effects.get(side) or {}).items():
            if card not in ids:
                found.append(data_file.problem(here + (side, card), _unknown(card), key=True))
            if side in ("attaque", "defense"):
                found += [data_file.problem(here + (side, card, key), message)
                          for key, v in effect.items() if (message := _parameter_problem(key, v, parameters)
                                                           or _side_problem(side, key, v, parameters))]
            elif side == "frappes_contre":
                found += [data_file.problem(here + (side, card, "types", i), f"« {t} » n'est aucune valeur du "
                                            "schéma de liste du jeu (type de figurine attendu)")
                          for i, t in enumerate(effect["types"]) if t not in values]
    for side in ("non_comptes_attaque", "non_comptes_defense"):
        found += [data_file.problem(here + (side, i), _unknown(card))
                  for i, card in enumerate(effects.get(side) or []) if card not in ids]
        counted = COUNTED[side]
        for i, card in enumerate(effects.get(side) or []):
            where = next((s for s in counted if card in (effects.get(s) or {})), None)
            if where is not None:
                found.append(data_file.problem(here + (side, i), f"« {card} » est à la fois compté (effets.{where}) et "
                                               "donné comme non compté : choisissez l'un ou l'autre"))
    return found


# The effects a card's « not counted » mark contradicts, by side.
COUNTED = {"non_comptes_attaque": ("attaque", "frappes_contre", "attaques_en_plus"), "non_comptes_defense": ("defense",)}
# A parameter of a combat calculation says which side it belongs to by its last word.
SIDE_SUFFIXES = {"attaque": "_defense", "defense": "_attaque"}


def _side_problem(side: str, key: str, value: Any, parameters: dict[str, Any]) -> str | None:
    """An effect given to the wrong side, or one that would always push its parameter out of its bounds."""
    if key.endswith(SIDE_SUFFIXES[side]):
        other = "defense" if side == "attaque" else "attaque"
        return (f"« {key} » est un paramètre de l'autre camp : placez cet effet dans « {other} » "
                f"(ici, il changerait le camp « {side} »)")
    parameter = parameters.get(key)
    if parameter is None or parameter.get("type") != "entier" or isinstance(value, bool) or not isinstance(value, int):
        return None
    low, high = parameter.get("min"), parameter.get("max")
    if isinstance(low, int) and isinstance(high, int) and abs(value) > high - low:
        return (f"effet {value:+d} hors du domaine du paramètre « {key} » (de {low} à {high}) : ajouté à n'importe "
                "quelle valeur, il le ferait sortir de ses bornes")
    return None


def _parameter_problem(key: str, value: Any, parameters: dict[str, Any]) -> str | None:
    """None when `key: value` is `des` with a whole number, or a calculation parameter with a value of its type."""
    if key == DICE:
        return None if isinstance(value, int) and not isinstance(value, bool) else "« des » prend un nombre entier"
    parameter = parameters.get(key)
    if parameter is None:
        return (f"« {key} » n'est ni « des » ni un paramètre d'un calcul de ce jeu (calculs.yaml) : "
                "le calcul ne le lirait pas")
    if parameter.get("type") == "booleen" and value is not True:
        return f"le paramètre booléen « {key} » prend true (l'effet l'active)"
    if parameter.get("type") == "entier" and (isinstance(value, bool) or not isinstance(value, int)):
        return f"le paramètre entier « {key} » prend un nombre entier (ajouté à sa valeur)"
    return None


def _schema_values(path: Path) -> set[str]:
    """Every text value the list schema names (`enum`, `const`)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("enum", "const"):
                items = node.get(key)
                found.update(v for v in (items if isinstance(items, list) else [items]) if isinstance(v, str))
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    if path.is_file():
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found
