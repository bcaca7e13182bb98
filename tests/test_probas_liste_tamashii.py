"""Odds of a list for tamashii: what the view computes, and what it says is missing."""
from __future__ import annotations

from pathlib import Path

from browser_engine.cli import charger_donnees
from browser_engine.reader import lire_liste
from browser_engine.requetes import executer

ROOT = Path(__file__).resolve().parents[1]


def test_without_player_inputs_the_view_says_what_is_missing():
    donnees = charger_donnees("tamashii")
    dossier = ROOT / "data" / "tamashii" / "listes"
    liste = lire_liste((sorted(dossier.glob("*.yaml"))[0]).read_text(encoding="utf-8"))
    m = executer(donnees, liste, {"action": "probas", "liste": liste})
    assert m["calculable"] is False
    assert m["cibles"] == []
    assert m["manquant"] and all("manquant" in texte for texte in m["manquant"])
    assert any("faces" in texte for texte in m["manquant"])
    assert all(e["actions"] == [] for e in m["entrees"])
