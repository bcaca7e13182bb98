"""The builder's follow-up of a check (browser_engine/composer_suite.py): forced values, choices.

A forced value is one the rules leave alone for an entry of its kind, whatever the other entries
and the entry's other choices are. The expected values are read from the rules in the data
(data/<jeu>/regles-liste.yaml), never from the engine's answer.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from browser_engine.composer import epuiser, options_permises
from browser_engine.composer_suite import forces_pas, suite_pas
from tests.engine_support import load_bundle as bundle
from tests.test_composer import exemple

ROOT = Path(__file__).resolve().parent.parent


def regle(jeu: str, ident: str) -> dict:
    regles = yaml.safe_load((ROOT / "data" / jeu / "regles-liste.yaml").read_text(encoding="utf-8"))["regles_liste"]
    return next(r for r in regles if r["id"] == ident)


def forces(jeu: str, liste: dict, chemins: list[str], garder: list[str]) -> dict[str, dict]:
    resultats = [r for r in forces_pas(bundle(jeu), liste, chemins, garder) if r is not None]
    return {r["chemin"]: r for r in resultats}


def test_a_conteur_is_forced_meneur_whatever_the_other_hami() -> None:
    """The book's example already has a Meneur: a Conteur added is still forced to be the Meneur."""
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    assert any(e.get("meneur") for e in liste["entrees"])
    liste["entrees"].append({"caste": "conteur", "tribu": "eau", "age": "jeune"})
    i = len(liste["entrees"]) - 1
    r = forces("hami", liste, [f"/entrees/{i}/{k}" for k in ("meneur", "tribu", "age", "arme")], ["caste"])
    conteur = regle("hami", "conteur-meneur")
    assert r[f"/entrees/{i}/meneur"]["force"] and r[f"/entrees/{i}/meneur"]["valeur"] is True
    raisons = r[f"/entrees/{i}/meneur"]["raisons"]
    assert [v["code"] for v in raisons] == [conteur["code"]]
    # The reason points at the entry in the whole list, not in the reduced one.
    assert all(v["chemin"].startswith(f"/entrees/{i}") for v in raisons)
    assert not r[f"/entrees/{i}/tribu"]["force"] and not r[f"/entrees/{i}/age"]["force"]
    # « arme » belongs to the Pisteuse: for a Conteur the rules allow no value at all.
    assert r[f"/entrees/{i}/arme"]["force"] and r[f"/entrees/{i}/arme"]["absent"]


def test_a_gardien_keeps_every_choice() -> None:
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    r = forces("hami", liste, ["/entrees/0/meneur", "/entrees/0/tribu", "/entrees/0/age"], ["caste"])
    assert not any(x["force"] for x in r.values())


@pytest.mark.parametrize(("mode", "joueurs", "ident"), [("cooperatif", 2, "augmentations-de-depart-coop"),
                                                       ("solo", 1, "augmentations-de-depart-solo")])
def test_tamashii_starting_augmentations_follow_the_mode(mode: str, joueurs: int, ident: str) -> None:
    """In co-op (and in solo) the rules name the two cards kept: the player has nothing to choose.

    Co-op with one player is played as solo (issue 24, item 3): two players here.
    """
    attendu = regle("tamashii", ident)["selecteur"]["augm_depart"]["sauf"][0].split("+")
    liste = {"jeu": "tamashii", "format": joueurs, "options": {"mode": mode},
             "entrees": [{"plateau": k} for k in range(1, joueurs + 1)]}
    for i in range(joueurs):  # every player, the last one added too
        r = forces("tamashii", liste, [f"/entrees/{i}/augmentations_de_depart", f"/entrees/{i}/classe"], ["plateau"])
        assert r[f"/entrees/{i}/augmentations_de_depart"]["force"]
        assert r[f"/entrees/{i}/augmentations_de_depart"]["valeur"] == attendu
        assert all(v["chemin"].startswith(f"/entrees/{i}") for v in r[f"/entrees/{i}/augmentations_de_depart"]["raisons"])
        assert not r[f"/entrees/{i}/classe"]["force"]


def test_long_arrays_and_choices_between_fields_are_never_forced() -> None:
    """« Exactly one skill of many » and « a Héros is alone » leave the choice to the player."""
    liste = {"jeu": "hami", "format": 9, "entrees": [{"predateur": "larve"}]}
    r = forces("hami", liste, ["/entrees/0/competences"], ["predateur"])
    assert not r["/entrees/0/competences"]["force"]
    d6 = exemple("bataille-d6", "01-gardiens-du-col.yaml")
    troupe = next(k for k, e in enumerate(d6["entrees"]) if e.get("nombre", 1) > 1)
    r = forces("bataille-d6", d6, [f"/entrees/{troupe}/role"], [])
    assert not r[f"/entrees/{troupe}/role"]["force"]


def test_suite_steps_one_validation_at_a_time_and_gives_the_choices() -> None:
    """The follow-up yields None between validations; its choices are `options_permises`' own."""
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    pas = list(suite_pas(bundle("hami"), liste, {"choix": ["/entrees/1/tribu"]}))
    resultats = [p for p in pas if p is not None]
    assert pas.count(None) >= len(options_permises(bundle("hami"), liste, "/entrees/1/tribu")["choix"])
    assert resultats == [{"choix": options_permises(bundle("hami"), liste, "/entrees/1/tribu")}]
    erreur = [p for p in suite_pas(bundle("hami"), liste, {"choix": ["/entrees/1/nom"]}) if p is not None]
    assert erreur[0]["choix"]["erreur"].startswith("Le champ")


def test_epuiser_returns_the_generator_value() -> None:
    def pas():
        yield None
        return 42

    assert epuiser(pas()) == 42
