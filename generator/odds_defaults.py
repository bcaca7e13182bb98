"""Odds defaults stage: each calculation's result for its default values, computed at build time.

The odds page embeds it as the engine's JSON answer, so probas.js draws it before Pyodide has
loaded. A calculation whose defaults need data the player supplies (a die's faces, a deck, an
entry without a default) or marked `manquant` has none: the page asks for the missing values.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import browser_engine

from .export import ROOT, bundle
from .model import Game


def default_parameters(decl: dict[str, Any]) -> dict[str, Any] | None:
    """The values the calculation's form shows on load, or None when the player must supply some.

    Args:
        decl: the calculation's declaration (data/<jeu>/calculs.yaml).

    """
    if decl.get("manquant"):
        return None
    params = decl.get("parametres") or []
    if any(p.get("defaut") is None for p in params):
        return None
    return {p["id"]: p["defaut"] for p in params}


def default_results(game: Game, root: Path = ROOT) -> dict[str, dict[str, Any]]:
    """The engine's answer for the default values of each calculation that has them.

    Args:
        game: the validated game (its calculations already ran once in the engine checks).
        root: the project root (for the bundle's schemas).

    Returns:
        {calculation key: the same object the worker returns to probas.js}.

    """
    decls = [d for d in game.raw.get("calculs", []) if default_parameters(d) is not None]
    if not decls:
        return {}
    data = bundle(game, root)
    return {_key(decl): browser_engine.calculer(data, _key(decl), default_parameters(decl)) for decl in decls}


def _key(decl: dict[str, Any]) -> str:
    """The key the page's form sends to the engine (`attaque`), as in probas.md.j2."""
    return str(decl.get("calcul") or decl["id"])


def result_json(result: dict[str, Any]) -> str:
    """A result as JSON for a `<script type="application/json">` (no `</` can close the element)."""
    return json.dumps(result, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def default_results_json(game: Game, root: Path = ROOT) -> dict[str, str]:
    """{calculation key: its default result as JSON text}, for the odds page template."""
    return {key: result_json(result) for key, result in default_results(game, root).items()}
