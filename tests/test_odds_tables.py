"""Odds tables stage: the tables on the rule pages match odds derived by hand."""
from __future__ import annotations

import re
from fractions import Fraction

from generator.odds_tables import render_tables
from generator.plugin import load_site

from .conftest import ROOT


def eliminate(value: int, armour: int, penalty: int) -> Fraction:
    """Hit on d6 <= value, then the save fails on d6 > max(0, armour - penalty)."""
    save = max(0, armour - penalty)
    return Fraction(value, 6) * Fraction(6 - save, 6)


def rows_of(markdown: str, anchor: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(rows of the visible table, rows of the folded « Fractions exactes » table) under a heading."""
    block = markdown.split(f"{{ #{anchor} }}", 1)[1].split("###", 1)[0]
    visible, folded = block.split('??? note "Fractions exactes"', 1)
    return _rows(visible), _rows(folded)


def _rows(text: str) -> dict[str, list[str]]:
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and re.fullmatch(r"[1-6]", cells[0]):
            rows[cells[0]] = cells[1:]
    return rows


def percent(value: Fraction) -> str:
    """« 16,7 % »: one decimal, French comma, half up."""
    tenths = (value * 1000 + Fraction(1, 2)) // 1
    return f"{tenths // 10},{tenths % 10}\u00a0%"


def test_tour_page_tables_match_hand_derived_odds() -> None:
    tables = render_tables(load_site(ROOT).game("bataille-d6"))
    text = "\n".join(tables.values())
    for anchor, penalty in (("table-attaque", 0), ("table-attaque-puissante", 1)):
        visible, exact = rows_of(text, anchor)
        assert sorted(visible) == sorted(exact) == ["1", "2", "3", "4", "5", "6"]
        for value in range(1, 7):
            expected = [eliminate(value, armour, penalty) for armour in range(6)]
            # Percentages first (no fraction spilling over them), the exact fractions on demand.
            assert visible[str(value)] == [percent(p) for p in expected]
            assert [Fraction(c) for c in exact[str(value)]] == expected


def test_exact_fractions_fold_under_each_table() -> None:
    tables = render_tables(load_site(ROOT).game("bataille-d6"))
    text = "\n".join(tables.values())
    assert text.count("### ") == text.count('??? note "Fractions exactes"')
    assert "/" not in text.split('??? note "Fractions exactes"', 1)[0].split("| --- |", 1)[1]
