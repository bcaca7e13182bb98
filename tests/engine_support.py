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
        from generator.plugin import game_bundle
        from generator.problems import DataError
    except ImportError:
        game_bundle = None
    if game_bundle is not None:
        try:
            return game_bundle(DATA, jeu)
        except DataError as exc:
            if any(p.file.startswith((f"data/{jeu}/", "schemas/")) for p in exc.problems):
                raise
    from browser_engine.cli_donnees import naive_bundle  # other games' data is being edited: merge this game's files

    return naive_bundle(DATA, jeu)


def load_bundle(jeu: str = "bataille-d6") -> dict[str, Any]:
    """The engine's input for a game: the generator's bundle, or a naive merge of its YAML files.

    Returns a fresh copy, so a test may change it freely.
    """
    return copy.deepcopy(_cached_bundle(jeu))


# Checks of the engine itself, which no `regles-liste.yaml` rule names: the names the example
# lists' comments give them (players read those comments, so they name rules, never codes).
REGLES_DU_MOTEUR = {
    "Valeur absente de la table des coûts": "D6_VALEUR_HORS_TABLE",
    "Champ inconnu du format de liste": "LISTE_CHAMP_INCONNU",
    "Un sort, une seule fois par Communauté": "HAMI_SORT_UNIQUE",
    "Objet réservé à un lien": "HAMI_OBJET_RESTRICTION",
    "Deux groupes d'au moins 3 points": "HAMI_SCENARIO_DEUX_GROUPES",
}


def entete(texte: str) -> str:
    """The leading comment of an example list, as one line."""
    lignes = texte.splitlines()
    return " ".join(ligne.lstrip("# ").strip() for ligne in lignes if ligne.startswith("#"))


def codes_nommes(bundle: dict[str, Any], texte: str) -> set[str]:
    """Codes of the rules a comment names between « », by the rule's `nom` (or `REGLES_DU_MOTEUR`)."""
    noms = {r["nom"]: r["code"] for r in bundle.get("regles_liste", []) if r.get("nom") and r.get("code")}
    noms.update(REGLES_DU_MOTEUR)
    return {noms[nom] for nom in re.findall(r"«\s*(.+?)\s*»", texte) if nom in noms}


def check_example_list(bundle: dict[str, Any], chemin: Path, code_prefix: str) -> dict[str, Any]:
    """Check an example list against its leading comment, and return the engine's report.

    « # Liste valide » lists must pass; « # Liste invalide : enfreint la règle « nom » » lists must
    fail with that one rule's error code. Per-game checks (costs, warnings) are the caller's.
    """
    from browser_engine import lire_liste, valider

    texte = chemin.read_text("utf-8")
    rapport = valider(bundle, lire_liste(texte))
    commentaire = entete(texte)
    if "invalide" in chemin.name:
        assert commentaire.startswith("Liste invalide : enfreint la règle «"), commentaire
        attendu = codes_nommes(bundle, commentaire)
        assert len(attendu) == 1 and next(iter(attendu)).startswith((code_prefix + "_", "LISTE_")), commentaire
        assert [e["code"] for e in rapport["erreurs"]] == list(attendu), rapport["erreurs"]
    else:
        assert commentaire.startswith("Liste valide"), commentaire
        assert rapport["valide"], rapport["erreurs"]
    return rapport
