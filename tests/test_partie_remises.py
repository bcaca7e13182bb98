"""What each turn resets (`remises` of `partie.yaml`, browser_engine/partie_remises.py) and repeated phases.

Expected values are read by the test from the game's `partie.yaml` and from the books, never from
the engine's output. The broken `partie.yaml` files are copies with an error put in by the test.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine.partie import fiches_partie
from tests.engine_support import load_bundle
from tests.partie_support import copier_jeu, position, problemes
from tests.test_partie_donnees import _book

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")


def _partie(jeu: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "data" / jeu / "partie.yaml").read_text("utf-8"))["partie"]


def _resultat(jeu: str) -> dict[str, Any]:
    liste = yaml.safe_load(sorted((ROOT / "data" / jeu / "listes").glob("0*.yaml"))[0].read_text("utf-8"))
    return fiches_partie(load_bundle(jeu), liste)


@pytest.mark.parametrize("jeu", GAMES)
def test_les_remises_declarees_et_resolues(jeu: str) -> None:
    partie = _partie(jeu)
    resultat = _resultat(jeu)
    remises = resultat["remises"]
    declarees = partie.get("remises", [])
    assert [r["id"] for r in remises] == [r["id"] for r in declarees]
    for remise, decl in zip(remises, declarees, strict=True):
        assert set(remise) == {"id", "nom", "regle", "lien", "quand", "compteurs", "statuts", "aide"}
        assert remise["quand"] == decl["quand"] and remise["nom"] == decl["nom"]
        assert remise["compteurs"] == [{"id": c["id"], "vers": c["vers"]} for c in decl.get("compteurs", [])]
        assert remise["statuts"] == decl.get("statuts", [])
        assert remise["lien"].endswith("#" + decl["regle"])
    sujets = {i["sujet"] for i in resultat["interpretations"]}
    assert {d["nom"] for d in declarees if "interpretation" in d} <= sujets
    phases = {p["id"]: p.get("repetee") for p in partie["sequence"]["phases"]}
    assert {p["id"]: p["repetee"] for p in resultat["sequence"]["phases"]} == phases


def _remise(jeu: str, ident: str) -> dict[str, Any]:
    return next(r for r in _partie(jeu)["remises"] if r["id"] == ident)


def test_hami_actions_et_cartes_temps_d_apres_le_livre() -> None:
    livre = _book("000")
    assert "On ne conserve pas pour un tour ultérieur des actions non effectuées" in livre
    actions = _remise("hami", "actions-du-tour")
    assert actions["quand"] == {"debut_du_tour": True} and actions["compteurs"] == [{"id": "actions", "vers": "max"}]
    assert re.search(r"On tire une carte Temps pour déterminer", livre)  # one card per tour, not reshuffled
    assert "On ne remélangé pas le paquet Temps" in livre
    temps = _remise("hami", "carte-temps-tiree")
    phase = next(p for p in _partie("hami")["sequence"]["phases"] if p["regle"] == "determination-jour-nuit")
    assert temps["quand"] == {"etape": phase["id"]} and "etapes" not in phase
    assert temps["compteurs"] == [{"id": "cartes-temps", "vers": {"ajoute": -1}}]


def test_kharn_ages_pa_a_l_activation_et_tours_comptes() -> None:
    livre = _book("001")
    assert "récupérera ses PA au début de son activation et non au début d'un tour" in livre
    assert re.search(r"Sonné: .*sort automatiquement de cet état au début de sa prochaine activation", livre)
    remise = _remise("kharn-ages", "debut-d-activation")
    assert remise["quand"] == {"statut": "activee"}
    assert remise["compteurs"] == [{"id": "pa", "vers": "max"}] and remise["statuts"] == ["sonne"]
    assert remise["interpretation"]["lecture"]
    (phase,) = _resultat("kharn-ages")["sequence"]["phases"]
    assert phase["repetee"] == {"suivante": "Activation suivante", "fin": "Fin du tour"}


def test_hate_sauvagerie_a_l_etape_du_livre() -> None:
    gain = re.search(r"inutilisés, puis gagnez\s+(\d+) jetons sauvagerie", _book("002"))
    assert gain
    remise = _remise("hate", "sauvagerie-du-round")
    assert remise["compteurs"] == [{"id": "sauvagerie", "vers": {"valeur": int(gain.group(1))}}]
    phase, etape = remise["quand"]["etape"].split("/")
    etapes = {p["id"]: [e["id"] for e in p.get("etapes", [])] for p in _partie("hate")["sequence"]["phases"]}
    assert etape in etapes[phase]


def test_tamashii_et_bataille_d6_ne_remettent_rien() -> None:
    assert _partie("tamashii")["remises"] == [] and _partie("bataille-d6")["remises"] == []


# --- make check refuses a bad reset -------------------------------------------------------------





@pytest.mark.parametrize(("jeu", "avant", "apres", "repere", "chemin", "message"), [
    ("hami", "- {id: actions, vers: max}", "- {id: action, vers: max}", "action,",
     "$.partie.remises[0].compteurs[0].id", "compteur « action » absent de « compteurs » (actions, cartes-temps, essence)"),
    ("hami", "quand: {etape: jour-nuit}", "quand: {etape: jour-nuit/tirer}", "jour-nuit/tirer",
     "$.partie.remises[1].quand.etape", "étape « jour-nuit/tirer » absente de la séquence"),
    ("hami", "vers: {ajoute: -1}", "vers: {valeur: 9}", "9}",
     "$.partie.remises[1].compteurs[0].vers.valeur", "valeur 9 hors des bornes du compteur « cartes-temps » (0 à 8)"),
    ("hate", "- {id: sauvagerie, vers: {valeur: 5}}", "- {id: sauvagerie, vers: max}", "max}",
     "$.partie.remises[0].compteurs[0].vers", "« vers: max » : le compteur « sauvagerie » n'a pas de maximum"),
    ("kharn-ages", "quand: {statut: activee}", "quand: {statut: active}", "active}",
     "$.partie.remises[0].quand.statut", "état « active » absent de « statuts »"),
    ("kharn-ages", "statuts: [sonne]", "statuts: [sonnee]", "sonnee",
     "$.partie.remises[0].statuts[0]", "état « sonnee » absent de « statuts »"),
    ("kharn-ages", "regle: activation\n      quand:", "regle: activations\n      quand:", "activations\n      quand",
     "$.partie.remises[0].regle", "renvoi « activations » vers une entrée qui n'existe pas dans ce jeu"),
])
def test_une_remise_fausse_est_localisee(tmp_path: Path, jeu: str, avant: str, apres: str, repere: str, chemin: str,
                                         message: str) -> None:
    fichier = copier_jeu(tmp_path, jeu)
    texte = fichier.read_text("utf-8")
    assert texte.count(avant) == 1
    texte = texte.replace(avant, apres)
    fichier.write_text(texte, "utf-8")
    debut = texte.index(apres)
    ligne, colonne = position(texte[debut:], repere)
    ligne += texte.count("\n", 0, debut)
    if ligne == texte.count("\n", 0, debut) + 1:
        colonne += debut - (texte.rfind("\n", 0, debut) + 1)
    problems = problemes(tmp_path)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"data/{jeu}/partie.yaml:{ligne}:{colonne} {chemin}: {message}"), problems


def test_deux_remises_de_meme_identifiant(tmp_path: Path) -> None:
    fichier = copier_jeu(tmp_path, "hami")
    texte = fichier.read_text("utf-8").replace("- id: carte-temps-tiree", "- id: actions-du-tour")
    fichier.write_text(texte, "utf-8")
    second = texte.index("actions-du-tour", texte.index("actions-du-tour") + 1)
    ligne = texte.count("\n", 0, second) + 1
    problems = problemes(tmp_path)
    assert len(problems) == 1 and problems[0].startswith(f"data/hami/partie.yaml:{ligne}:"), problems
    assert "$.partie.remises[1].id: identifiant de remise « actions-du-tour » en double" in problems[0]
