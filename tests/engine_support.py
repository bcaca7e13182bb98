"""Shared helpers for the engine tests: the game bundle, as the site ships it."""
from __future__ import annotations

import copy
import functools
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


@functools.cache
def _cached_bundle(jeu: str) -> dict[str, Any]:
    try:
        from generator.export import game_bundle
        from generator.problems import DataError
    except ImportError:
        game_bundle = None
    if game_bundle is not None:
        try:
            return game_bundle(DATA, jeu)
        except DataError as exc:
            if any(p.file.startswith((f"data/{jeu}/", "schemas/")) for p in exc.problems):
                raise
    from browser_engine.cli import naive_bundle  # other games' data is being edited: merge this game's files

    return naive_bundle(DATA, jeu)


def load_bundle(jeu: str = "bataille-d6") -> dict[str, Any]:
    """The engine's input for a game: the generator's bundle, or a naive merge of its YAML files.

    Returns a fresh copy, so a test may change it freely.
    """
    return copy.deepcopy(_cached_bundle(jeu))


def check_example_list(bundle: dict[str, Any], chemin: Path, code_prefix: str) -> dict[str, Any]:
    """Check an example list against its first line, and return the engine's report.

    « # Liste valide » lists must pass; « # Liste invalide … enfreint CODE » lists must fail
    with that one error code. Per-game checks (costs, warnings) are the caller's.
    """
    from browser_engine import lire_liste, valider

    texte = chemin.read_text("utf-8")
    rapport = valider(bundle, lire_liste(texte))
    entete = texte.splitlines()[0]
    if "invalide" in chemin.name:
        attendu = re.search(rf"enfreint ({code_prefix}_[A-Z_]+)", entete)
        assert entete.startswith("# Liste invalide") and attendu, entete
        assert [e["code"] for e in rapport["erreurs"]] == [attendu.group(1)], rapport["erreurs"]
    else:
        assert entete.startswith("# Liste valide"), entete
        assert rapport["valide"], rapport["erreurs"]
    return rapport
