"""Die tables show each row's exact chance on one roll (issue 13: every random table gets its odds)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from generator.odds_tables import roll_chance
from generator.plugin import load_site

from .conftest import ROOT


def _brute(rows: set[int], count: int, sides: int) -> Fraction:
    """P(the total of `count` dice of `sides` faces is in `rows`), by listing every roll."""
    rolls = list(product(range(1, sides + 1), repeat=count))
    return Fraction(sum(1 for r in rolls if sum(r) in rows), len(rolls))


@pytest.mark.parametrize(("jet", "de", "attendu"), [
    ("1-3", "d6", "1/2 (50,0\u00a0%)"),
    (6, "d6", "1/6 (16,7\u00a0%)"),
    ("9-10", "d10", "1/5 (20,0\u00a0%)"),
    ("7", "2d6", "1/6 (16,7\u00a0%)"),
    ("12", "2d6", "1/36 (2,8\u00a0%)"),
    ("1-6", "d6", "1 (100,0\u00a0%)"),
])
def test_chance_of_a_row_written_by_hand(jet: object, de: str, attendu: str) -> None:
    assert roll_chance(jet, de) == attendu


@pytest.mark.parametrize(("jet", "de"), [("x", "d6"), (None, "d6"), ("1-3", "dé"), ("1-3", "")])
def test_unreadable_rows_or_dice_show_a_dash(jet: object, de: str) -> None:
    assert roll_chance(jet, de) == "—"


def test_every_die_table_of_the_site_adds_up_to_certainty() -> None:
    tables = [e for g in load_site(ROOT).games for e in g.entries.values()
              if e.kind == "tables" and e.data.get("type") == "des" and "de" in e.data]
    assert len(tables) >= 10
    for table in tables:
        count, sides = (int(x or 1) for x in table.data["de"].split("d"))
        total = Fraction(0)
        for row in table.data["lignes"]:
            jet = str(row["jet"])
            low, high = (int(x) for x in jet.split("-")) if "-" in jet else (int(jet), int(jet))
            chance = _brute(set(range(low, high + 1)), count, sides)
            assert roll_chance(row["jet"], table.data["de"]).startswith(
                str(chance.numerator) if chance.denominator == 1 else f"{chance.numerator}/{chance.denominator}")
            total += chance
        assert total == 1, table.id
