"""Odds tables stage: the tables on the rule pages match odds derived by hand."""
from __future__ import annotations

import re
from fractions import Fraction

from generator.model import load_site
from generator.odds_tables import render_tables

from .conftest import ROOT


def eliminate(value: int, armour: int, penalty: int) -> Fraction:
    """Hit on d6 <= value, then the save fails on d6 > max(0, armour - penalty)."""
    save = max(0, armour - penalty)
    return Fraction(value, 6) * Fraction(6 - save, 6)


def rows_of(markdown: str, anchor: str) -> dict[str, list[str]]:
    block = markdown.split(f"{{ #{anchor} }}", 1)[1].split("###", 1)[0]
    rows = {}
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and re.fullmatch(r"[1-6]", cells[0]):
            rows[cells[0]] = [c.split(" ")[0] for c in cells[1:]]
    return rows


def test_tour_page_tables_match_hand_derived_odds() -> None:
    tables = render_tables(load_site(ROOT).game("bataille-d6"))
    text = "\n".join(tables.values())
    for anchor, penalty in (("table-attaque", 0), ("table-attaque-puissante", 1)):
        rows = rows_of(text, anchor)
        assert sorted(rows) == ["1", "2", "3", "4", "5", "6"]
        for value in range(1, 7):
            expected = [eliminate(value, armour, penalty) for armour in range(6)]
            assert [Fraction(c) for c in rows[str(value)]] == expected
