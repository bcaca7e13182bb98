"""Repairs that need a value absent from the list: an object to add, a free field's other value.

The values must come from the game data (its schema, its rules' messages), never be guessed;
every suggestion is re-applied and re-checked here (`verifier_suggestions`), and the expected
values are read by this test from the data files, not from the engine.
"""
from __future__ import annotations

import json
from typing import Any

import yaml

from browser_engine import valider
from browser_engine.reparer import reparer
from browser_engine.reparer_candidats import Explorateur, objet_du_schema, valeurs_des_messages
from browser_engine.reparer_texte import a_choisir, libelles_pour
from tests.engine_support import DATA, ROOT, load_bundle
from tests.test_reparer import _cli, exemple, verifier_suggestions


def _regle(jeu: str, identifiant: str) -> dict[str, Any]:
    regles = yaml.safe_load((DATA / jeu / "regles-liste.yaml").read_text("utf-8"))
    regles = regles["regles_liste"] if isinstance(regles, dict) else regles
    return next(r for r in regles if r.get("id") == identifiant)


def test_solo_sans_bot_repare_en_ajoutant_la_carte() -> None:
    """Tamashii solo without the BOT: one change adds `options.bot_jordan` with the Batteries the rules ask."""
    bundle = load_bundle("tamashii")
    liste = exemple("tamashii", "14-invalide-solo-sans-bot.yaml")
    batteries = _regle("tamashii", "solo-batteries")["borne"]["exact"]  # the data's count, read here
    attendue = {**liste, "options": {**liste["options"], "bot_jordan": {"batteries": batteries}}}
    assert valider(bundle, attendue)["valide"], "this test's own repair must be valid"
    resultat = reparer(bundle, liste)
    verifier_suggestions(bundle, liste, resultat)
    premiere = resultat["suggestions"][0]
    assert premiere["liste"] == attendue
    assert [(c["operation"], c["chemin"], c["avant"], c["apres"]) for c in premiere["changements"]] == [
        ("ajouter", "/options/bot_jordan", None, {"batteries": batteries})]
    assert "BOT J.O.R.D.A.N." in premiere["changements"][0]["description"]


def test_competitif_meme_tuile_repare_avec_une_tuile_libre() -> None:
    """Two players on the same start tile: one change gives one of them a free tile named in the data."""
    bundle = load_bundle("tamashii")
    liste = exemple("tamashii", "16-invalide-competitif-meme-tuile.yaml")
    resultat = reparer(bundle, liste)
    verifier_suggestions(bundle, liste, resultat)
    texte_regles = (DATA / "tamashii" / "regles-liste.yaml").read_text("utf-8")
    prises = [e["tuile_depart"] for e in liste["entrees"]]
    vues = set()
    for s in resultat["suggestions"]:
        assert len(s["changements"]) == 1
        c = s["changements"][0]
        joueur = int(c["chemin"].split("/")[2])
        assert c["chemin"] == f"/entrees/{joueur}/tuile_depart" and c["avant"] == prises[joueur]
        autres = [t for k, t in enumerate(prises) if k != joueur]
        assert c["apres"] not in autres, "the new tile must be free"
        assert f"{{champ:tuile_depart={c['apres']}}}" in texte_regles, "the tile must be one the data names"
        vues.add(joueur)
    assert 1 in vues, "the player the error points at is offered a free tile"


def test_valeurs_des_messages() -> None:
    """Snippets « cle: valeur » of the rules' messages; placeholders and ellipses are not values."""
    messages = [
        "ajoutez « arme: lanceur » ou « arme: arc ».",
        "« bot_jordan: {batteries: 5} » dans options",
        "« options: {scenario: …, role: …} »",
        "« format: {valeur} » et « profils: »",
        "« augmentations_de_depart: [commune, solo-jcj] »",
        "« arme: arc » encore",
    ]
    assert valeurs_des_messages(messages) == {
        "arme": ["lanceur", "arc"],
        "bot_jordan": [{"batteries": 5}],
        "augmentations_de_depart": [["commune", "solo-jcj"]],
    }


def test_objet_du_schema() -> None:
    """Required fields take their default, const or single enum; any other required field blocks the object."""
    racine = {"$defs": {"mode": {"enum": ["seul"]}}}
    complet = {"type": "object", "required": ["a", "b", "c", "d"], "properties": {
        "a": {"type": "integer", "default": 3}, "b": {"const": "x"}, "c": {"$ref": "#/$defs/mode"},
        "d": {"type": "object", "required": ["e"], "properties": {"e": {"enum": [True]}}},
        "f": {"type": "integer", "minimum": 0, "maximum": 9}}}
    assert objet_du_schema(complet, racine) == ({"a": 3, "b": "x", "c": "seul", "d": {"e": True}}, [])
    incomplet = {"type": "object", "required": ["a", "g"], "properties": {
        "a": {"default": 1}, "g": {"type": "integer", "minimum": 0, "maximum": 99}}}
    assert objet_du_schema(incomplet, racine) == (None, ["g"])
    assert objet_du_schema({"type": "object", "properties": {"f": {"type": "integer"}}}, racine) == ({}, [])


def test_objet_sans_valeur_pour_un_champ_requis_n_est_pas_propose() -> None:
    """Hate's chronicle journal needs its players, which no data gives: not added, named for the player."""
    bundle = load_bundle("hate")
    schema = json.loads((ROOT / "schemas" / "liste-hate.schema.json").read_text("utf-8"))
    journal = schema["properties"]["journal"]
    sans_valeur = [c for c in journal["required"]
                   if not {"default", "const"} & set(journal["properties"][c])
                   and len(journal["properties"][c].get("enum") or []) != 1]
    assert sans_valeur, "the schema's journal has a required field without a value"
    liste = exemple("hate", "16-invalide-mercenaire-a-la-place-du-champion.yaml")
    assert "journal" not in liste
    explorateur = Explorateur(bundle, [{"code": "ESSAI", "chemin": "", "message": "essai"}])
    changements = explorateur.changements(liste)
    assert not [c for c in changements if c.chemin == ("journal",)]
    assert explorateur.a_choisir[("journal",)] == sans_valeur
    phrase = a_choisir(libelles_pour(bundle, liste, valider(bundle, liste)), explorateur.a_choisir)
    assert phrase.startswith(f"Pour ajouter {journal['title']} de la liste, choisissez vous-même : ")
    for champ in sans_valeur:
        assert journal["properties"][champ]["title"] in phrase


def test_cli_solo_sans_bot() -> None:
    """The command line shows the repair that adds the BOT card (exit 1: the list itself is invalid)."""
    sortie = _cli(str(DATA / "tamashii" / "listes" / "14-invalide-solo-sans-bot.yaml"))
    assert sortie.returncode == 1 and "Réparations proposées (" in sortie.stdout
    assert "Ajouter BOT J.O.R.D.A.N. (solo)" in sortie.stdout and "[/options/bot_jordan]" in sortie.stdout
