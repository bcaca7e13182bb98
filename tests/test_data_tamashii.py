"""Tamashii data: facts transcribed from the rulebook, missing values marked, readings recorded.

Expected values are read by hand from ../shared/seeds/003_587b645dddff0a61.txt (line numbers in comments).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from generator.model import Game
from generator.plugin import load_site

from .conftest import ROOT

BOOK = "003_587b645dddff0a61.txt"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_site(ROOT, only=["tamashii"]).game("tamashii")


def rows(game: Game, table_id: str) -> list[dict]:
    return game.entries[table_id].data["lignes"]


def book_lines() -> list[str]:
    seeds = (ROOT / os.environ.get("COMPENDIUM_SHARED", "../shared")).resolve() / "seeds"
    path = seeds / BOOK
    if not path.is_file():
        # The one allowed skip: a clone without the rulebooks.
        pytest.skip(f"livre de règles absent ({path}) ; indiquez son dossier avec COMPENDIUM_SHARED")
    return path.read_text(encoding="utf-8").splitlines()


def test_the_tools_of_issue_12_are_declared(game: Game) -> None:
    # Setup checker (V), competitive score (§3.1), exact odds (O) and print aids (P).
    assert set(game.manifest["outils"]) == {"verifier", "jouer", "probas", "score", "imprimer"}
    assert game.manifest["des"] == ["d6", "d8"]  # l. 1780 (eight faces), 1782 (six faces)


def test_every_page_group_of_the_issue_has_entries(game: Game) -> None:
    expected = {"bases", "mise-en-place", "donnees", "atouts", "corps", "augmentations", "plan", "ennemis",
                "reinitialisation", "amelioration", "tour", "combat", "scenarios", "tests", "boss", "solo",
                "competitif", "icones"}
    assert {p.id for p in game.pages} == expected
    assert all(p.entries for p in game.pages), [p.id for p in game.pages if not p.entries]


def test_four_classes_and_four_factions(game: Game) -> None:
    # l. 262: Faucheur, Bagarreur, Fraudeur ou Chuchoteur ; l. 611: Spartiates, Ninkyo, Chercheurs, Plébéiens.
    profiles = [e.data for e in game.of_kind("profils")]
    assert sorted(p["nom"] for p in profiles if p["categorie"] == "Classe") == \
        ["Bagarreur", "Chuchoteur", "Faucheur", "Fraudeur"]
    assert sorted(p["nom"] for p in profiles if p["categorie"] == "Faction") == \
        ["Chercheurs", "Ninkyo", "Plébéiens", "Spartiates"]


def test_component_list_has_the_books_38_rows(game: Game) -> None:
    table = rows(game, "table-materiel")
    assert len(table) == 38
    by_item = {r["element"]: r["nombre"] for r in table}
    assert by_item["cartes Ennemi"] == 70  # l. 71
    assert by_item["cartes Scénario"] == 139  # l. 75
    assert by_item["cartes Augmentation de Classe"] == 52  # l. 102
    assert by_item["cartes Augmentation de Faction"] == 48  # l. 107
    assert by_item["tuiles District"] == 24  # l. 130
    assert by_item["pions Exploration"] == 20  # l. 138
    assert by_item["pions Données de Base"] == 128  # l. 155
    assert by_item["pions Données Corrompues"] == 16  # l. 165
    assert by_item["dés d'Ennemi"] == 4  # l. 231
    assert by_item["dés de Joueur"] == 12  # l. 235


def test_component_counts_match_the_book_text(game: Game) -> None:
    """Every count in the component list (l. 67-236) is in the table, and nothing else."""
    lines = book_lines()[66:236]
    counts = sorted(int(m.group(1)) for line in lines if (m := re.match(r"^(\d+) \S", line)))
    assert sorted(r["nombre"] for r in rows(game, "table-materiel")) == counts


def test_player_board_has_ten_zones_plus_5a_5b(game: Game) -> None:
    # l. 379-391
    assert [r["zone"] for r in rows(game, "table-plateau-de-joueur")] == \
        ["1", "2", "3", "4", "5", "5a", "5b", "6", "7", "8", "9", "10"]


def test_nine_basic_schemas_four_plus_one_four_plus_two(game: Game) -> None:
    # l. 468: 9 Schémas de Base, huit d'Atout et un d'EXP ; l. 529: +1, long +2.
    table = rows(game, "table-schemas-de-base")
    assert len(table) == 9
    assert sorted(r["effet"] for r in table if r["effet"]) == sorted(
        [f"+1 {a}" for a in ("Bouclier", "Mémoire", "Puissance", "Relance")]
        + [f"+2 {a}" for a in ("Bouclier", "Mémoire", "Puissance", "Relance")])
    assert all(r["forme"] is None for r in table)


def test_augmentation_timings(game: Game) -> None:
    # l. 656-660
    assert [r["timing"] for r in rows(game, "table-timing-augmentations")] == \
        ["Phase de Planification", "Phase de Combat", "Lancement", "À tout moment", "Passive"]


def test_exploration_effects_without_invented_counts(game: Game) -> None:
    # l. 706-726: EXP, Données de Base, Puissance, Bouclier, Relance, Mémoire.
    table = rows(game, "table-pions-exploration")
    assert len(table) == 6
    assert [r["effet"].split(" ")[-1] for r in table[2:]] == ["Puissance", "Bouclier", "Relance", "Mémoire"]
    assert all(r["nombre"] is None for r in table)


def test_named_districts(game: Game) -> None:
    # l. 318-320 (Prologue) and 1074 (Géo Chasse).
    table = rows(game, "table-districts-nommes")
    assert {r["numero"]: r["nom"] for r in table} == {
        1: "Abri", 2: "District Dévasté", 3: "District Dévasté", 5: "Repaire des Chercheurs",
        6: "Repaire des Plébéiens", 11: "Centrale Électrique", 12: "Batterie de Serveurs",
        13: "Grand Building", 14: "Taudis Abandonné", 16: "Unité Centrale"}
    assert all(r["trace_entree"] is None and r["trace_stationnaire"] is None for r in table)


def test_competitive_duration_goals_and_penalty(game: Game) -> None:
    # l. 1379-1381: Courte 5, Moyenne 7, Longue 9.
    assert [(r["duree"], r["temps"]) for r in rows(game, "table-duree-competitif")] == \
        [("Courte", 5), ("Moyenne", 7), ("Longue", 9)]
    # l. 1388-1389: 2 cartes à 2 joueurs, 3 cartes à 3-4 joueurs.
    assert [r["buts"] for r in rows(game, "table-buts-de-depart")] == [2, 3]
    # l. 1425-1428
    assert [(r["corrompues"], r["pv"]) for r in rows(game, "table-penalite-corrompues")] == \
        [("1", -1), ("2-3", -2), ("4-5", -3), ("6+", -4)]
    # l. 1415-1421: seven sources of VP, the class augmentations worth 2.
    vp = rows(game, "table-points-de-victoire")
    assert len(vp) == 7
    assert [r["pv"] for r in vp[:6]] == ["1", "1", "1", "1", "1", "2"]


def test_the_twenty_book_keywords_are_defined(game: Game) -> None:
    # l. 1716-1756: Attacher … Vider un pion.
    refs = [r["ref"] for r in rows(game, "table-mots-cles")]
    assert len(refs) == 20
    assert all(game.entries[r].kind == "mots_cles" and game.entries[r].forms for r in refs)
    names = {game.entries[r].nom for r in refs}
    assert {"Attacher", "Casse", "Préparer X", "Programmer X", "Récupérer X", "Vaincre", "Vider un pion"} <= names


def test_reset_has_seven_steps_and_turn_has_four_phases(game: Game) -> None:
    assert len(game.entries["reinitialisation"].data["etapes"]) == 7  # l. 799-807
    assert len(rows(game, "table-reinitialisation")) == 7
    phases = [r["phase"] for r in rows(game, "table-ordre-du-tour")]
    assert list(dict.fromkeys(phases)) == ["Planification", "Action", "Combat", "Quête"]  # l. 832-973


def test_example_values_are_the_books(game: Game) -> None:
    assert game.entries["soldat"].data["caracteristiques"]["ATT"] == 3  # l. 984
    assert game.entries["bot-jordan"].data["caracteristiques"] == {"DEP": 2, "Batteries": 5}  # l. 1352, 1361
    assert game.entries["shinigami"].data["caracteristiques"]["Armure"] == 6  # l. 1283


MISSING = {
    "de-joueur": "faces of the player d6 (combat symbols, trace result, 1 and 2 successes), §4.1",
    "des-d-ennemi": "faces of the two d8 enemy dice, §4.2",
    "reinitialisation": "which symbol loses the body on a reset, §4.2",
    "lanceur": "launcher geometry, §4.3",
    "schema": "schema shapes, §4.3",
    "table-schemas-de-base": "basic schema shapes, §6",
    "pions-exploration": "exploration token mix, §4.4",
    "paquet-ennemi": "enemy cards per level, §4.4",
    "trace": "trace thresholds, §4.1",
    "table-districts-nommes": "district tile values, §6",
    "pions-donnees": "basic data type names and board colours, §6",
    "tests": "test faces, §4.1",
    "marcheur": "Walker values, §6",
    "corps-avances": "body cards, §6",
    "cartes-ennemi": "enemy cards, §6",
    "augmentations-de-classe": "class augmentation cards, §6",
    "augmentations-de-faction": "faction augmentation cards, §6",
    "cartes-protocole": "learning protocols, §6",
    "cartes-generateur": "generator cards, §4.4",
    "shinigami": "boss integrity by player count, §6",
    "autres-scenarios": "scenario sheets and cards, §6",
    "bot-jordan": "battery schema shape, §6",
    "pions-de": "die token faces, §4.4",
}


@pytest.mark.parametrize("entry_id", sorted(MISSING))
def test_missing_value_is_marked_with_a_template(game: Game, entry_id: str) -> None:
    assert len(game.entries[entry_id].data.get("manquant", "")) > 30, MISSING[entry_id]


@pytest.mark.parametrize("entry_id", ["de-joueur", "des-d-ennemi", "reinitialisation", "lanceur", "schema", "trace",
                                      "pions-exploration", "paquet-ennemi", "table-districts-nommes", "pions-donnees"])
def test_values_the_tools_need_come_with_a_yaml_template(game: Game, entry_id: str) -> None:
    assert game.entries[entry_id].data["gabarit"].strip().count("\n") >= 1


def test_dice_faces_are_never_defaulted(game: Game) -> None:
    for table_id in ("de-joueur", "des-d-ennemi"):
        assert all(r["faces"] is None for r in rows(game, table_id)), table_id


INTERPRETED = {
    "materiel": "T5 player count",
    "mise-en-place-de-base": "T2 Faucheur, T4 sub-step letters",
    "augmentations-de-depart": "T3 starting augmentation labels",
    "classes-et-factions": "T6 distinct classes and boards",
    "points-de-victoire": "T7-T11 VP readings",
    "amelioration": "T12 max integrity",
    "protocoles-en-competitif": "T13 protocols in competitive mode",
    "memoire": "T14 memory discards",
    "nombre-de-joueurs": "T15-T16 dropped player icon",
    "exemple-de-combat": "T17 combat example order",
    "paquet-ennemi": "T20 short enemy deck",
    "shinigami": "T21 garbled boss sheet",
    "phase-de-planification": "T23 fill vs prepare",
    "generateur-de-scenario": "T24 competitive start tiles",
    "des-et-symboles": "T25 dice faces across uses",
    "relance": "T26 reroll limits",
    "lancement-des-schemas": "T27 double launches",
    "piste-temps": "T28 time-track start",
    "tests": "T30 group test example",
    "icones-du-texte": "T1 emoji icons",
}


@pytest.mark.parametrize("entry_id", sorted(INTERPRETED))
def test_ambiguity_has_a_reading_that_cites_the_book(game: Game, entry_id: str) -> None:
    reading = game.entries[entry_id].data.get("interpretation")
    assert reading, INTERPRETED[entry_id]
    assert re.search(r"l\. \d{2,4}", reading["question"] + reading["lecture"]), entry_id


def test_no_emoji_is_carried_over() -> None:
    """The source's emoji are unreliable placeholders (spec §0): none may appear in our data."""
    emoji = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF]")
    for path in sorted(Path(ROOT / "data" / "tamashii").glob("*.yaml")):
        assert not emoji.search(path.read_text(encoding="utf-8")), path.name


# --- issue 24 ------------------------------------------------------------------------------------

def _texte(game: Game, entry_id: str) -> str:
    return " ".join(game.entries[entry_id].data["texte"].split())


def test_issue24_item01_empty_corrupted_reserve_follows_the_scenario_sheet(game: Game) -> None:
    """The three entries that speak of an empty corrupted reserve say what the book says.

    l. 409: the reserve is empty when a token must be gained → apply the scenario sheet, which
    usually means the scenario is lost; l. 1734: the shortage loses the scenario; l. 1395: in the
    competitive mode there is no such reserve and nothing happens; l. 508: an exhausted neutral
    reserve cannot be gained from.
    """
    for entry_id in ("gagner-un-pion", "integrite", "donnees-corrompues"):
        texte = _texte(game, entry_id)
        assert "fiche de Scénario" in texte, entry_id
        assert "en général, le Scénario est perdu" in texte, entry_id
    gagner = _texte(game, "gagner-un-pion")
    assert "rien n'est gagné" not in gagner  # the old sentence, true of the neutral reserve only
    assert "réserve Neutre" in gagner and "compétitif" in gagner


def test_issue24_item02_component_text_counts_the_tables_rows(game: Game) -> None:
    """« La boîte contient N sortes d'éléments » and the table's title give the table's row count (38, l. 67-236)."""
    lignes = len(rows(game, "table-materiel"))
    assert lignes == 38
    texte = _texte(game, "materiel")
    assert [int(n) for n in re.findall(r"(\d+) sortes d'éléments", texte)] == [lignes]
    assert [int(n) for n in re.findall(r"(\d+) éléments", game.entries["table-materiel"].data["resume"])] == [lignes]
