"""Score checks: the declarations of `scores.yaml` against the engine, located on the offending node.

A declared score must be implemented by the game module (`SCORES`), every implemented one
declared, and its fields sound: unique ids, bounds in order, defaults of their type and range.

The fields a score or aid declares are also checked against the fields its function reads: the
function is run on documents its declaration allows (at every line count it declares, every field at
its minimum, at its maximum,
checked and unchecked, one line differing from the others…) and records what it reads. A field it
reads that the declaration lacks (a renamed or removed field: a KeyError for the players), a field
it never reads (a misspelt name), and any other failure (a line count the code has no case for) stop
the build.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

from browser_engine import jeux
from browser_engine.errors import ErreurEntree, ErreurParametre
from browser_engine.scores import lire_document

from .declarations import Kind, check_declarations
from .load import DataFile
from .problems import Problem
from .validate import Located

RESERVED = ("nom", "joueurs")
RESERVED_READS = set(RESERVED)
SCORES = Kind("scores", "score", "la page « Scores et aides de partie » en a besoin")


def score_problems(game_id: str, located: dict[str, Located], files: list[DataFile]) -> list[Problem]:
    """Every problem of a game's score declarations."""
    functions = getattr(jeux.part(game_id, "scores"), "SCORES", {}) or {}
    entries, found = check_declarations(SCORES, located, files, set(functions))
    for entry, implemented in entries:
        problems = list(_field_problems(entry))
        found.extend(problems)
        if implemented and not problems:
            found.extend(_read_problems(entry, functions[entry.value["score"]]))
    return found


class _Recorder(dict):  # type: ignore[type-arg]
    """A document or a line given to a score function, that notes the fields it reads."""

    def __init__(self, values: dict[str, Any], reads: set[str], misses: set[str]) -> None:
        super().__init__(values)
        self.reads = reads
        self.misses = misses

    def __getitem__(self, key: str) -> Any:
        self.reads.add(key)
        if not super().__contains__(key):
            self.misses.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.reads.add(key)
        if not super().__contains__(key):
            self.misses.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.reads.add(str(key))
        return super().__contains__(key)


def _value(field: dict[str, Any], high: bool) -> Any:
    """A value the field allows: its minimum (unchecked, empty) or its maximum (checked, both ends)."""
    if field["type"] == "booleen":
        return high
    if field["type"] == "liste":
        return [field["min"], field["max"]] if high else []
    return field["max"] if high else field["min"]


def _documents(decl: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Documents the declaration allows, at every declared line count, each field at one end of its range."""
    rows = decl["joueurs"]
    line_fields, game_fields = decl.get("champs_joueur") or [], decl.get("champs") or []
    for count in range(rows["min"], rows["max"] + 1):
        patterns = {(False,) * count, (True,) * count, tuple(i == 0 for i in range(count)),
                    tuple(i != 0 for i in range(count)), tuple(i < count // 2 for i in range(count))}
        for pattern, high, split in itertools.product(sorted(patterns), (False, True), (False, True)):
            # split: the checkboxes of each line follow the pattern, its numbers stay at one end for every line
            # (a winner with a retreat rank is refused: its fields do not all move together)
            document: dict[str, Any] = {f["id"]: _value(f, high) for f in game_fields}
            if rows["max"]:
                document["joueurs"] = [{"nom": f"J{i + 1}", **{
                    f["id"]: _value(f, high if split and f["type"] != "booleen" else pattern[i]) for f in line_fields}}
                    for i in range(count)]
            yield count, document


def _read_problems(entry: Located, function: Callable[[dict[str, Any]], Any]) -> Iterator[Problem]:
    """The fields the score function reads against the fields the entry declares."""
    decl = entry.value
    line_reads: set[str] = set()
    game_reads: set[str] = set()
    line_misses: set[str] = set()
    game_misses: set[str] = set()
    failures: list[tuple[int, str]] = []
    for count, document in _documents(decl):
        try:
            read = lire_document(decl, document)
        except (ErreurEntree, ErreurParametre):
            continue  # a combination the declaration itself refuses
        lines = [_Recorder(line, line_reads, line_misses) for line in read.pop("joueurs")]
        recorder = _Recorder({**read, "joueurs": lines}, game_reads, game_misses)
        try:
            function(recorder)
        except (ErreurEntree, ErreurParametre):
            continue  # the function refuses this combination with a message: it read what it needed
        except KeyError as exc:
            if str(exc.args[0] if exc.args else "") not in line_misses | game_misses:
                failures.append((count, f"KeyError : {exc}"))  # not a field: a count or value the code has no case for
        except Exception as exc:  # noqa: BLE001 - any other failure is reported on the declaration
            failures.append((count, f"{type(exc).__name__} : {exc}"))
    for group, misses in (("champs_joueur", line_misses), ("champs", game_misses)):
        for name in sorted(misses - {"nom", "joueurs"}):
            where = "de chaque ligne" if group == "champs_joueur" else "de la partie"
            yield entry.file.problem(entry.parts + ((group,) if group in decl else ()),
                                     f"le moteur lit le champ « {name} » {where}, que « {group} » ne déclare pas")
    if line_misses or game_misses:
        return  # a missing field stops the function: the fields it would have read next were not reached
    for group, reads in (("champs_joueur", line_reads), ("champs", game_reads)):
        for i, field in enumerate(decl.get(group) or []):
            if field["id"] not in reads:
                yield entry.file.problem(entry.parts + (group, i, "id"),
                                         f"champ « {field['id']} » déclaré mais jamais lu par le moteur "
                                         f"(lus : {', '.join(sorted(reads - RESERVED_READS)) or 'aucun'})")
    if failures:
        count, reason = failures[0]
        rows = decl["joueurs"]
        where = entry.parts + ("joueurs",) if rows["min"] != rows["max"] else entry.parts
        yield entry.file.problem(where, f"le calcul échoue pour {count} ligne{'s' if count > 1 else ''}, un nombre que "
                                        f"sa déclaration permet (joueurs : {rows['min']} à {rows['max']}) : {reason}")


def _field_problems(entry: Located) -> Iterator[Problem]:
    bornes = entry.value.get("joueurs") or {}
    if bornes.get("min", 0) > bornes.get("max", 0):
        yield entry.file.problem(entry.parts + ("joueurs",), "joueurs : min est plus grand que max")
    seen: set[str] = set()
    for group in ("champs_joueur", "champs"):
        for i, field in enumerate(entry.value.get(group) or []):
            here = entry.parts + (group, i)
            name = field.get("id")
            if name in RESERVED or name in seen:
                reason = "réservé" if name in RESERVED else "déjà utilisé par un autre champ de ce score"
                yield entry.file.problem(here + ("id",), f"identifiant de champ « {name} » {reason}")
            seen.add(name)
            message = _default_problem(field)
            if message:
                yield entry.file.problem(here, message)


def _default_problem(field: dict[str, Any]) -> str | None:
    """What is wrong with a field's bounds or default, if anything."""
    low, high = field.get("min"), field.get("max")
    if low is not None and high is not None and low > high:
        return f"champ « {field['id']} » : min ({low}) est plus grand que max ({high})"
    if "defaut" not in field:
        return None
    value = field["defaut"]
    if field["type"] == "booleen":
        return None if isinstance(value, bool) else f"champ « {field['id']} » : la valeur par défaut doit être true ou false"
    if field["type"] == "liste":
        return f"champ « {field['id']} » : une liste n'a pas de valeur par défaut (laissez-la vide)"
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"champ « {field['id']} » : la valeur par défaut {value!r} n'est pas un entier de {low} à {high}"
    return None
