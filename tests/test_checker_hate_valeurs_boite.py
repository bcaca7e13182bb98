"""Issue 24, item 6: values the Hate book does not give are the player's, never passed off as the book's.

The book prints neither the village sheet's slot counts (l. 1133-1136), nor which starting skills are
permanent (l. 706-712, 1599-1614), nor the chronicle map (l. 263-269), and it names only two
scenarios, « Traditions » (l. 407) and the Tyran's (l. 1278). An example list or a format example
that carries such a value says in words that it stands for « valeurs de votre boîte »; the checker's
messages that rest on one say it is the player's copy.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine import lire_liste, valider
from tests.engine_support import DATA, load_bundle

EXEMPLES = sorted((DATA / "hate" / "listes").glob("*.yaml"))
MARQUE = "valeurs de votre boîte"
# Keys whose values only the player's box gives.
CLES_DE_LA_BOITE = ("emplacements_village", "emplacements_permanents", "territoires")
BLOC_YAML = re.compile(r"```yaml\n(.*?)```", re.S)


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("hate")


def scenarios_du_livre() -> set[str]:
    return {s["id"] for s in yaml.safe_load((DATA / "hate" / "scenarios.yaml").read_text("utf-8"))["scenarios"]}


def lignes_a_marquer(texte: str) -> list[tuple[int, str]]:
    """Lines of a YAML text that write a value of the player's box: the keys above, and unknown scenarios."""
    connus = scenarios_du_livre()
    out = []
    for n, ligne in enumerate(texte.splitlines(), 1):
        code = ligne.split("#", 1)[0]
        if any(re.match(rf"\s*(- )?{cle}:", code) for cle in CLES_DE_LA_BOITE):
            out.append((n, ligne))
        trouve = re.match(r"\s*(- )?scenario:\s*([a-z0-9-]+)\s*$", code)
        if trouve and trouve.group(2) not in connus:
            out.append((n, ligne))
    return out


def nom(chemin: Path) -> str:
    return chemin.name


@pytest.mark.parametrize("chemin", EXEMPLES, ids=nom)
def test_issue24_item06_examples_mark_values_of_your_box(chemin: Path):
    texte = chemin.read_text("utf-8")
    a_marquer = lignes_a_marquer(texte)
    sans_marque = [f"{chemin.name}:{n}: {ligne.strip()}" for n, ligne in a_marquer if MARQUE not in ligne]
    assert sans_marque == [], "valeurs absentes du livre sans « valeurs de votre boîte »"
    if a_marquer:  # the description shown with the example says it too
        assert MARQUE in " ".join(ligne for ligne in texte.splitlines() if ligne.startswith("#"))


def test_issue24_item06_format_examples_mark_values_of_your_box():
    sans_marque = []
    for fichier in sorted((DATA / "hate").glob("*.yaml")):
        for bloc in BLOC_YAML.findall(fichier.read_text("utf-8")):
            sans_marque += [f"{fichier.name}: {ligne.strip()}" for _, ligne in lignes_a_marquer(bloc)
                            if MARQUE not in ligne and "<" not in ligne and " N" not in ligne]
    assert sans_marque == []


def test_issue24_item06_the_valid_examples_need_no_value_of_your_box_but_the_map(bundle):
    # a player who copies a valid example should not copy slot counts the book does not give
    for chemin in EXEMPLES:
        document = yaml.safe_load(chemin.read_text("utf-8"))
        if "invalide" in chemin.name:
            continue
        assert "emplacements_village" not in document["options"], chemin.name
        assert "emplacements_permanents" not in document["options"], chemin.name


def tribu(**options: Any) -> dict[str, Any]:
    types = ["prince", "shaman", "champion"] + ["guerrier"] * 6 + ["jeune-sang"] * 2
    return {"jeu": "hate", "nom": "Essai", "format": 11, "options": {"tribu": "um-rak", "mode": "chronique", **options},
            "entrees": [{"type": t} for t in types]}


def messages(rapport: dict[str, Any], code: str) -> list[str]:
    return [v["message"] for v in rapport["erreurs"] if v["code"] == code]


def test_issue24_item06_messages_say_the_value_is_the_players(bundle):
    # a printed slot count
    rapport = valider(bundle, tribu(village={"four": 3}, emplacements_village={"four": 2}))
    (message,) = messages(rapport, "HATE_CH_BATIMENT_MAX")
    assert "votre feuille de village" in message and "absent du livre" in message
    # a permanent starting skill
    liste = tribu(village={"terrain-d-entrainement": 1}, emplacements_permanents={"guerrier": ["A"]})
    liste["entrees"][3]["ameliorations"] = ["generique-a-01"]
    (message,) = messages(valider(bundle, liste), "HATE_PERMANENT")
    assert "vos cartes" in message and "absent du livre" in message
    # the chronicle map
    carte = [{"id": "o1", "sorte": "origine", "voisins": ["e1"]}, {"id": "o2", "sorte": "origine", "voisins": ["e2"]},
             {"id": "e1", "sorte": "exterieur"}, {"id": "e2", "sorte": "exterieur"}, {"id": "e3", "sorte": "exterieur"}]
    journal = {"joueurs": [{"nom": "J1", "origine": "o1"}, {"nom": "J2", "origine": "o2"}], "territoires": carte,
               "affrontements": [{"joueurs": ["J1", "J2"], "attaquant": "J1",
                                  "batailles": [{"cible": "e2", "scenario": "traditions", "vainqueur": "J1"}]}]}
    liste = tribu(village={"chambre-de-torture": 1})
    liste["journal"] = journal
    (message,) = messages(valider(bundle, copy.deepcopy(liste)), "HATE_CH_CIBLE")
    assert "votre carte" in message


def test_issue24_item06_examples_still_read(bundle):
    for chemin in EXEMPLES:
        valider(bundle, lire_liste(chemin.read_text("utf-8")))
