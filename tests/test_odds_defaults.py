"""Odds pages carry each calculation's result for its default values, computed at build time (issue 15, §2).

* Every embedded result is the answer of `python -m browser_engine probas JEU CALCUL --json` (the
  engine with no parameter given, so every one takes its declared default).
* A calculation the CLI refuses with its defaults (a die's faces, a deck or a value the player must
  supply, or `manquant`) embeds nothing, and the declaration says why.
* Bataille d6 « attaque » with its declared defaults, derived here by brute force over the d6 rolls.
"""
from __future__ import annotations

import contextlib
import io
import itertools
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from browser_engine.cli import main as cli
from generator.export import bundle_json
from generator.model import Site
from generator.plugin import load_site
from generator.render import tool_pages

ROOT = Path(__file__).resolve().parent.parent
FORM = re.compile(r'<form class="cpd-calcul" data-compendium-calcul="([^"]+)"(.*?)</form>', re.S)
EMBEDDED = re.compile(r'<script type="application/json" data-role="resultat-construction">(.*?)</script>', re.S)
PLAYER_SUPPLIED = ("des", "paquet")


@pytest.fixture(scope="module")
def site() -> Site:
    return load_site(ROOT)


@pytest.fixture(scope="module")
def pages(site: Site) -> dict[str, str]:
    return tool_pages(site, ROOT)


def embedded_results(page: str) -> dict[str, Any]:
    """{calculation key: the JSON embedded in its form} of an odds page's Markdown."""
    out: dict[str, Any] = {}
    for key, body in FORM.findall(page):
        found = EMBEDDED.findall(body)
        assert len(found) <= 1, key
        if found:
            out[key] = json.loads(found[0])
    return out


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli(argv)
    return code, out.getvalue(), err.getvalue()


def test_embedded_results_are_the_cli_answers_for_the_defaults(site: Site, pages: dict[str, str],
                                                               tmp_path: Path) -> None:
    embedded_count = 0
    for game in site.games:
        calculs = game.raw.get("calculs", [])
        if not calculs:
            continue
        shown = embedded_results(pages[game.uri("probas")])
        paquet = tmp_path / f"{game.id}.json"
        paquet.write_text(bundle_json(game, ROOT), encoding="utf-8")
        for decl in calculs:
            code, out, err = run_cli(["probas", game.id, decl["calcul"], "--json", "--donnees", str(paquet)])
            if code == 0:
                assert shown.get(decl["calcul"]) == json.loads(out), (game.id, decl["calcul"])
                embedded_count += 1
                continue
            # Refused with its defaults: nothing embedded, and the data says what the player must supply.
            assert decl["calcul"] not in shown, (game.id, decl["calcul"])
            assert err.startswith("Erreur : "), err
            params = decl.get("parametres") or []
            assert decl.get("manquant") or any(
                p["type"] in PLAYER_SUPPLIED or p.get("defaut") is None for p in params), (game.id, decl["calcul"])
        assert set(shown) <= {d["calcul"] for d in calculs}
    assert embedded_count > 0


def test_player_supplied_dice_and_decks_have_no_default_result(site: Site, pages: dict[str, str]) -> None:
    for game in site.games:
        shown = embedded_results(pages.get(game.uri("probas"), ""))
        for decl in game.raw.get("calculs", []):
            if any(p["type"] in PLAYER_SUPPLIED for p in decl.get("parametres") or []):
                assert decl["calcul"] not in shown, (game.id, decl["calcul"])


# --- Bataille d6 « attaque », by brute force ------------------------------------------------------

D6 = range(1, 7)


def one_attack_by_enumeration(valeur: int, armure: int, malus: int, couverts: int, brassards: bool) -> dict[int, Fraction]:
    """Each equally likely roll of the dice one attack uses, read by the rule's four steps."""
    eliminated = Fraction(0)
    rolls = list(itertools.product(D6, repeat=2 + couverts + (1 if brassards else 0)))
    for roll in rolls:
        touche, *rest = roll
        covers, save = rest[:couverts], rest[couverts]
        second_chance = rest[couverts + 1] if brassards else None
        if touche > valeur or any(c >= 4 for c in covers):
            continue
        saved = save <= max(0, armure - malus) or (second_chance is not None and second_chance <= 3)
        if not saved:
            eliminated += 1
    p = eliminated / len(rolls)
    return {0: 1 - p, 1: p}


def attacks_by_enumeration(params: dict[str, Any]) -> dict[int, Fraction]:
    """Independent attacks: the law of the number of eliminated figures, summed attack by attack."""
    single = one_attack_by_enumeration(params["valeur"], params["armure"], params["malus_armure"],
                                       params["couverts"], params["relance_sauvegarde"])
    law = {0: Fraction(1)}
    for _ in range(params["attaques"]):
        nxt: dict[int, Fraction] = {}
        for (total, p), (k, q) in itertools.product(law.items(), single.items()):
            nxt[total + k] = nxt.get(total + k, Fraction(0)) + p * q
        law = nxt
    return {v: p for v, p in law.items() if p}


def bataille_attaque_defaults(site: Site) -> dict[str, Any]:
    game = next(g for g in site.games if g.id == "bataille-d6")
    decl = next(d for d in game.raw["calculs"] if d["calcul"] == "attaque")
    return {p["id"]: p["defaut"] for p in decl["parametres"]}


def test_bataille_attaque_default_result_by_brute_force(site: Site, pages: dict[str, str]) -> None:
    defaults = bataille_attaque_defaults(site)
    expected = attacks_by_enumeration(defaults)
    shown = embedded_results(pages["bataille-d6/probas.md"])["attaque"]
    assert {d["valeur"]: Fraction(d["fraction"]) for d in shown["distribution"]} == expected
    assert Fraction(shown["esperance"]["fraction"]) == sum(v * p for v, p in expected.items())
    assert shown["parametres"] == defaults
