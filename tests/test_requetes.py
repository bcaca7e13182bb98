"""The list-tool request table: every action resolves, unknown ones get a French message."""
from __future__ import annotations

import importlib

import pytest

from browser_engine import ErreurEntree
from browser_engine.requetes import ACTIONS, executer


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_action_names_a_function(action: str) -> None:
    module, _, nom = ACTIONS[action].partition(":")
    assert callable(getattr(importlib.import_module(module), nom))


@pytest.mark.parametrize("requete", [None, [], "texte", {"action": "inconnue"}, {"action": 3}, {}])
def test_bad_requests_are_refused_in_french(requete: object) -> None:
    with pytest.raises(ErreurEntree) as erreur:
        executer({}, {}, requete)
    assert "compositeur" in str(erreur.value)


def test_list_must_be_an_object() -> None:
    with pytest.raises(ErreurEntree, match="La liste doit être un objet"):
        executer({}, ["pas", "un", "objet"], {"action": "texte"})
