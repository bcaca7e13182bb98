"""Validate stage: every check of the loaded data, game by game, in order.

Schemas, duplicate ids and pages (`validate`), and the references to entries the schemas declare
(`references.entry_problems`: `x-ref`, and the `[[id]]` links of texts), then what a schema cannot see (`coherence`, and
`partie_checks` for play mode) and the references the schemas declare (`references`, `x-ref`); on data
that passed both, the engine's reading of it (`engine_checks`, `engine_data_checks`), the changelog
(`versions`) and the page citations (`citations`); on data that passed all of these, a run of
everything the data declares on the example lists (`run_checks`). Every problem is located on its node (`file:line:col JSONPath: message`).
"""
from __future__ import annotations

from pathlib import Path

from . import citations, coherence, engine_checks, engine_data_checks, partie_checks, references, run_checks, versions
from .load import LoadedData
from .problems import DataError, Problem
from .validate import Schemas, validate_game


def check_site(data: LoadedData, schemas: Schemas, root: Path) -> None:
    """Check every loaded game against the project's schemas (`validate.load_schemas`).

    Raises:
        DataError: every problem of every game, one per line.

    """
    problems: list[Problem] = list(data.problems)
    for game_id, (files, load_problems) in data.games.items():
        try:
            validate_game(game_id, files, schemas, load_problems)
            named = references.entry_problems(game_id, files, schemas)  # every `x-ref` to an entry, every [[id]]
            if named:
                raise DataError(named)
            coherent = coherence.game_problems(files) + partie_checks.game_problems(files)
            if coherent:
                raise DataError(coherent)
            found = references.game_problems(game_id, files, schemas, root)  # the other `x-ref`: pointers, keys
            found += engine_checks.game_problems(game_id, files, root)
            found += engine_data_checks.game_problems(game_id, files, root)
            found += versions.game_problems(game_id, files, root)
            found += citations.game_problems(files)
            problems.extend(found or run_checks.game_problems(game_id, files, root))  # then run what it declares
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
