"""Dispatch of the list tools' requests: builder, repairs, odds of a list, data versions.

The worker's `composer` message carries a request `{"action": ..., "liste": {...}, ...}`.
Each action names a function `module:fonction` taking `(donnees_jeu, liste, requete)` and
returning a JSON-ready result. Modules are imported on first use, so a game or a tool that
is never asked costs nothing at start-up.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .errors import ErreurEntree
from .validation import valider

# One line per action; keep the names French (what the player asks for).
ACTIONS: dict[str, str] = {
    "options": "browser_engine.requetes:options",
    "texte": "browser_engine.requetes:texte",
    "versions": "browser_engine.versions:action_versions",
    "probas": "browser_engine.probas_liste:action_probas",
    "reparer": "browser_engine.reparer:action_reparer",
    "partie": "browser_engine.partie:action_partie",
    "chance": "browser_engine.partie:action_chance",
    "apres-bataille": "browser_engine.jeux.hate.liste_apres_bataille:action_apres_bataille",
    "chance-symboles": "browser_engine.chance_symboles:action_chance_symboles",
    "imposer": "browser_engine.composer_impose:action_imposer",
}


def options(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Any:
    """The choices of one field, each checked by the validator (`requete["chemin"]`)."""
    from .composer import options_permises

    return options_permises(donnees_jeu, liste, requete.get("chemin"))


def texte(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The list as plain text, to paste into a forum, with its verdict."""
    from .composer_texte import texte_liste

    rapport = valider(donnees_jeu, liste)
    return {"texte": texte_liste(donnees_jeu, liste, rapport), "valide": rapport["valide"]}


def _fonction(action: Any) -> Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], Any]:
    cible = ACTIONS.get(action) if isinstance(action, str) else None
    if cible is None:
        connues = ", ".join(f"« {nom} »" for nom in sorted(ACTIONS))
        raise ErreurEntree(f"Action du compositeur inconnue : {connues} attendue.")
    module, _, nom = cible.partition(":")
    return getattr(importlib.import_module(module), nom)


def executer(donnees_jeu: dict[str, Any], liste: Any, requete: Any) -> Any:
    """Run one list-tool request.

    Args:
        donnees_jeu: the game's data bundle.
        liste: the list document (already merged with the player's catalogue, if any).
        requete: the request object; `requete["action"]` picks the function.

    Returns:
        The action's JSON-ready result.

    Raises:
        ErreurEntree: unknown action or a list that is not an object.

    """
    if not isinstance(requete, dict):
        raise ErreurEntree("Requête du compositeur invalide : un objet est attendu.")
    fonction = _fonction(requete.get("action"))
    if not isinstance(liste, dict):
        raise ErreurEntree("La liste doit être un objet (avec les clés jeu, nom, format et entrees).")
    return fonction(donnees_jeu, liste, requete)
