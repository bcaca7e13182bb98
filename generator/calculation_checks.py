"""Calculation declarations: the texts the command line reuses, and the keys dice are remembered under.

* The command line builds its help from a calculation's `nom` and `resume` and from each
  parameter's `nom` and `aide` (`python -m browser_engine probas JEU CALCUL --aide`). Its help
  formatter (argparse) reads « % » as the start of a format: a « % » in those texts is refused,
  written « pour cent » instead.
* A die the player enters is remembered under its `stockage` key, shared by the forms of one
  game that enter the same die. The key ends with the game's id (`d6-tamashii`), so that a key
  copied from another game (`de-hate` in Tamashii) is refused, and the parameters that share a
  key declare the same die (same symbols, same number of faces).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .problems import Problem
from .validate import Located

HELP_TEXTS = ("nom", "resume")
PARAMETER_HELP_TEXTS = ("nom", "aide")


def problems(game_id: str, entries: list[Located]) -> list[Problem]:
    """Every problem of the help texts and dice keys of a game's calculations."""
    found = [p for entry in entries for p in _help_problems(entry)]
    found += _storage_problems(game_id, entries)
    return found


def _help_problems(entry: Located) -> Iterator[Problem]:
    texts = [((key,), entry.value.get(key)) for key in HELP_TEXTS]
    for i, param in enumerate(entry.value.get("parametres") or []):
        texts += [(("parametres", i, key), param.get(key)) for key in PARAMETER_HELP_TEXTS]
    for parts, text in texts:
        if isinstance(text, str) and "%" in text:
            yield entry.file.problem(entry.parts + parts, "« % » interdit dans ce texte, que l'aide de la ligne de "
                                                          "commande reprend (son formateur y lit un format) : "
                                                          "écrivez « pour cent »")


def _die(param: dict[str, Any]) -> tuple[tuple[str, ...], Any]:
    """What makes two dice the same die: their symbols and their number of faces."""
    return tuple(sorted(str(s.get("id")) for s in param.get("symboles") or [])), param.get("faces")


def _storage_problems(game_id: str, entries: list[Located]) -> Iterator[Problem]:
    first: dict[str, tuple[Located, int]] = {}
    for entry in entries:
        for i, param in enumerate(entry.value.get("parametres") or []):
            key = param.get("stockage")
            if not isinstance(key, str):
                continue
            here = entry.parts + ("parametres", i, "stockage")
            if not key.endswith("-" + game_id):
                yield entry.file.problem(here, f"clé de mémorisation « {key} » : elle finit par « -{game_id} », "
                                               "l'identifiant du jeu de ce calcul (une clé ne sert qu'à un jeu)")
                continue
            if key not in first:
                first[key] = (entry, i)
                continue
            other, j = first[key]
            if _die(param) != _die(other.value["parametres"][j]):
                line, col = other.file.position(other.parts + ("parametres", j, "stockage"))
                yield entry.file.problem(here, f"clé de mémorisation « {key} » partagée avec un autre dé "
                                               f"({other.file.path}:{line}:{col}) : les dés d'une même clé ont les "
                                               "mêmes symboles et le même nombre de faces")
