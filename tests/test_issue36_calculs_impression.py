"""Issue 36, item 4: a game with lists and « À imprimer » gets a roster sheet; « Imprimer ma liste » follows it.

The invented test game, given each combination of the tools « verifier » (lists) and « imprimer »
(print sheets): the generic roster sheet (`imprimer/<jeu>/liste.html`) exists exactly when both are
declared, and the checker page offers « Imprimer ma liste » exactly then (`has_roster`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.plugin import load_site
from generator.print_sheets.games import game_sheets, has_roster


@pytest.mark.parametrize(("outils", "roster"), [(["verifier", "imprimer"], True), (["imprimer"], False),
                                                (["verifier"], False), ([], False)])
def test_roster_sheet_exactly_for_a_game_with_lists_and_print(game_root: Path, outils: list[str],
                                                              roster: bool) -> None:
    game = load_site(game_root).games[0]
    game.manifest["outils"] = outils
    sheets = game_sheets(game)
    assert [s.id for s in sheets if s.sorte == "liste"] == (["liste"] if roster else [])
    assert has_roster(game) is roster
