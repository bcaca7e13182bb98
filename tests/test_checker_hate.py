"""Hate roster checker (issue 11, part V): each rule fires on a minimal bad roster and not on a good one.

The expected activation costs come from the book's numbers, written here: 1 Sauvagerie per figure,
2 for the Prince and for mercenaries (l. 557-560, 1268-1269), 3 for Char (l. 1951-1952), 0 for
Worm (l. 2026), −1 with Um'Gorr-D-01 for Princes and mercenaries (l. 1733-1739).
"""
from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from browser_engine import ErreurEntree, lire_liste, valider
from tests.engine_support import DATA, ROOT, check_example_list, load_bundle

EXEMPLES = sorted((DATA / "hate" / "listes").glob("*.yaml"))
TRIBU_DE_BASE = ["prince", "shaman", "champion"] + ["guerrier"] * 6 + ["jeune-sang"] * 2
# Book costs (see the module docstring), per type.
COUT_LIVRE = {"prince": 2, "shaman": 1, "champion": 1, "guerrier": 1, "jeune-sang": 1}


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("hate")


def tribu(mode: str = "chronique", nom_tribu: str = "um-rak", **options: Any) -> dict[str, Any]:
    """A bare roster of 11 figures (no upgrade, no scar)."""
    return {"jeu": "hate", "nom": "Essai", "format": 11, "options": {"tribu": nom_tribu, "mode": mode, **options},
            "entrees": [{"type": t} for t in TRIBU_DE_BASE]}


def verifier(bundle: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    return valider(bundle, copy.deepcopy(liste))


def erreurs(rapport: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v["code"], v["chemin"]) for v in rapport["erreurs"]]


def avertissements(rapport: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v["code"], v["chemin"]) for v in rapport["avertissements"]]


def codes(violations: list[dict[str, Any]]) -> set[str]:
    return {v["code"] for v in violations}


def ajouter(liste: dict[str, Any], index: int, champ: str, *valeurs: str) -> dict[str, Any]:
    liste["entrees"][index].setdefault(champ, []).extend(valeurs)
    return liste


# --- the bare roster --------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["bataille-simple", "chronique"])
def test_bare_roster_is_valid_and_costs_the_book_total(bundle, mode):
    rapport = verifier(bundle, tribu(mode))
    assert rapport["valide"], rapport["erreurs"]
    assert rapport["details"]["cout_activation"] == sum(COUT_LIVRE[t] for t in TRIBU_DE_BASE) == 12
    assert rapport["cout"] is None and rapport["budget"] == 11  # a tribe has no points budget
    assert rapport["details"]["composition"] == {"prince": 1, "shaman": 1, "champion": 1, "guerrier": 6,
                                                 "jeune-sang": 2}


# --- composition -------------------------------------------------------------------------------

@pytest.mark.parametrize("type_", ["prince", "shaman", "champion", "guerrier", "jeune-sang"])
def test_one_figure_too_many_points_at_it(bundle, type_):
    liste = tribu()
    liste["entrees"].append({"type": type_, "nom": "En trop"})
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_COMPOSITION", "/entrees/11")]
    assert "En trop" in rapport["erreurs"][0]["message"]
    assert rapport["erreurs"][0]["regle"] == "hate/combat/#cartes-de-figurines"


@pytest.mark.parametrize("type_", ["prince", "shaman", "champion", "guerrier", "jeune-sang"])
def test_one_figure_missing_points_at_the_entries(bundle, type_):
    liste = tribu()
    index = TRIBU_DE_BASE.index(type_)
    del liste["entrees"][index]
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_COMPOSITION", "/entrees")]
    assert "il en faut exactement" in rapport["erreurs"][0]["message"]


def test_two_tyrans(bundle):
    liste = tribu()
    liste["entrees"] += [{"type": "tyran"}, {"type": "tyran"}]
    rapport = verifier(bundle, liste)
    assert ("HATE_TYRAN_UNIQUE", "/entrees/12") in erreurs(rapport)


# --- tribe and options -------------------------------------------------------------------------

def test_unknown_tribe_is_refused_in_french(bundle):
    rapport = verifier(bundle, tribu(nom_tribu="um-zorg"))
    assert erreurs(rapport) == [("HATE_TRIBU", "/options/tribu")]
    assert "um-zorg" in rapport["erreurs"][0]["message"] and "valeurs possibles" in rapport["erreurs"][0]["message"]


@pytest.mark.parametrize("option", ["tribu", "mode"])
def test_missing_option(bundle, option):
    liste = tribu()
    del liste["options"][option]
    rapport = verifier(bundle, liste)
    assert ("HATE_OPTION_MANQUANTE", "/options") in erreurs(rapport)


def test_format_is_the_size_of_a_tribe(bundle):
    assert erreurs(verifier(bundle, {**tribu(), "format": 12})) == [("HATE_FORMAT", "/format")]
    sans = tribu()
    del sans["format"]
    assert [c for c, _ in erreurs(verifier(bundle, sans))] == ["LISTE_CHAMP_MANQUANT"]


def test_specific_upgrade_of_another_tribe(bundle):
    bonne = ajouter(tribu(), 3, "ameliorations", "um-rak-b-01")
    assert verifier(bundle, bonne)["valide"]
    mauvaise = ajouter(tribu(), 3, "ameliorations", "um-cal-a-02")
    rapport = verifier(bundle, mauvaise)
    assert erreurs(rapport) == [("HATE_SPECIFIQUE_TRIBU", "/entrees/3/ameliorations/0")]
    assert "Um'Cal" in rapport["erreurs"][0]["message"] and "Um'Rak" in rapport["erreurs"][0]["message"]


# --- type restrictions (warnings) ----------------------------------------------------------------

@pytest.mark.parametrize(("tribe", "index", "upgrade", "warned"), [
    ("um-tal", 3, "um-tal-b-03", False),     # Guerrier: « seulement pour les guerriers »
    ("um-tal", 1, "um-tal-b-03", True),      # on the Shaman
    ("bul-gar", 1, "bul-gar-c-01", False),   # « seulement pour les shamans »
    ("bul-gar", 0, "bul-gar-c-01", False),   # the Bul'Gar Prince counts as a shaman (l. 1489)
    ("bul-gar", 2, "bul-gar-c-01", False),   # so does the Champion
    ("bul-gar", 3, "bul-gar-c-01", True),    # a Guerrier does not
    ("um-gorr", 0, "um-gorr-d-01", False),   # « seulement pour les Princes et mercenaires »
    ("um-gorr", 4, "um-gorr-d-01", True),
])
def test_type_restrictions_are_warnings(bundle, tribe, index, upgrade, warned):
    rapport = verifier(bundle, ajouter(tribu(nom_tribu=tribe), index, "ameliorations", upgrade))
    assert rapport["valide"]
    attendu = [("HATE_RESTRICTION_TYPE", f"/entrees/{index}/ameliorations/0")] if warned else []
    assert [a for a in avertissements(rapport) if a[0] == "HATE_RESTRICTION_TYPE"] == attendu


def test_um_gorr_d_01_fits_a_mercenary_and_the_tyran(bundle):
    liste = tribu(nom_tribu="um-gorr", village={"hall-des-heros": 1})
    liste["entrees"] += [{"type": "mercenaire", "mercenaire": "grock", "remplace": "guerrier",
                          "ameliorations": ["um-gorr-d-01"]},
                         {"type": "tyran", "ameliorations": ["um-gorr-d-01"]}]
    rapport = verifier(bundle, liste)
    assert rapport["valide"], rapport["erreurs"]
    assert "HATE_RESTRICTION_TYPE" not in codes(rapport["avertissements"])


# --- mercenaries and the Tyran -------------------------------------------------------------------

@pytest.mark.parametrize("remplace", ["prince", "shaman", "champion"])
def test_a_mercenary_never_replaces_a_leader(bundle, remplace):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "sheya", "remplace": remplace})
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_MERC_REMPLACE", "/entrees/11/remplace")]


@pytest.mark.parametrize("remplace", ["guerrier", "jeune-sang"])
def test_a_mercenary_replaces_a_guerrier_or_a_jeune_sang(bundle, remplace):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "sheya", "remplace": remplace})
    rapport = verifier(bundle, liste)
    assert rapport["valide"], rapport["erreurs"]
    restes = [e for e in rapport["details"]["entrees"] if e["au_village"]]
    assert [TRIBU_DE_BASE[e["index"]] for e in restes] == [remplace]


def test_sarrassa_shaman_is_never_replaced(bundle):
    liste = tribu(nom_tribu="sarrassa", village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "maw", "remplace": "shaman"})
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_MERC_REMPLACE", "/entrees/11/remplace")]
    assert "Sarrassa" in rapport["erreurs"][0]["message"]


def test_a_mercenary_must_say_what_it_replaces(bundle):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "maw"})
    assert erreurs(verifier(bundle, liste)) == [("HATE_MERC_REMPLACE", "/entrees/11")]


def test_worm_replaces_nobody(bundle):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "worm"})
    assert verifier(bundle, liste)["valide"]
    liste["entrees"][-1]["remplace"] = "guerrier"
    assert erreurs(verifier(bundle, liste)) == [("HATE_MERC_REMPLACE", "/entrees/11/remplace")]


def test_three_mercenaries_cannot_replace_two_jeunes_sang(bundle):
    liste = tribu(village={"hall-des-heros": 3})
    liste["entrees"] += [{"type": "mercenaire", "mercenaire": m, "remplace": "jeune-sang"}
                         for m in ("maw", "grock", "vrail")]
    assert erreurs(verifier(bundle, liste)) == [("HATE_MERC_REMPLACE", "/entrees/13/remplace")]


def test_the_tyran_replaces_the_prince(bundle):
    liste = tribu()
    liste["entrees"].append({"type": "tyran"})
    rapport = verifier(bundle, liste)
    assert rapport["valide"]
    assert [e["index"] for e in rapport["details"]["entrees"] if e["au_village"]] == [0]
    liste["entrees"][-1]["remplace"] = "guerrier"
    assert erreurs(verifier(bundle, liste)) == [("HATE_TYRAN_REMPLACE_PRINCE", "/entrees/11/remplace")]


def test_the_tyran_is_not_for_a_single_battle(bundle):
    liste = tribu("bataille-simple")
    liste["entrees"].append({"type": "tyran", "remplace": "prince"})
    assert erreurs(verifier(bundle, liste)) == [("HATE_TYRAN_PAS_HASARD", "/entrees/11")]


def test_worm_in_a_single_battle_is_a_warning(bundle):
    liste = tribu("bataille-simple")
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "worm"})
    rapport = verifier(bundle, liste)
    assert rapport["valide"]
    assert ("HATE_BS_WORM", "/entrees/11/mercenaire") in avertissements(rapport)


def test_mercenary_fields_on_a_tribe_figure(bundle):
    liste = tribu()
    liste["entrees"][3].update(mercenaire="char", remplace="guerrier")
    assert erreurs(verifier(bundle, liste)) == [("HATE_CHAMP_HORS_TYPE", "/entrees/3/mercenaire"),
                                                ("HATE_CHAMP_HORS_TYPE", "/entrees/3/remplace")]


def test_a_mercenary_entry_names_its_mercenary(bundle):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "remplace": "guerrier"})
    assert erreurs(verifier(bundle, liste)) == [("HATE_MERCENAIRE_MANQUANT", "/entrees/11")]


@pytest.mark.parametrize(("ident", "mot"), [("gobelin", "mercenaires : bra-ku-taa"), ("le-tyran", "type: tyran"),
                                            ("prince", "n'est pas un mercenaire connu")])
def test_unknown_mercenary(bundle, ident, mot):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": ident, "remplace": "guerrier"})
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_MERCENAIRE_INCONNU", "/entrees/11/mercenaire")]
    assert mot in rapport["erreurs"][0]["message"]


# --- scars and slots ---------------------------------------------------------------------------

def test_a_second_scar_kills(bundle):
    assert verifier(bundle, ajouter(tribu(), 4, "cicatrices", "cicatrice-a-01"))["valide"]
    rapport = verifier(bundle, ajouter(tribu(), 4, "cicatrices", "cicatrice-a-01", "cicatrice-b-01"))
    assert erreurs(rapport) == [("HATE_UNE_CICATRICE", "/entrees/4/cicatrices")]


def test_sarrassa_shaman_and_worm_keep_their_scars_unless_they_overlap(bundle):
    liste = ajouter(tribu(nom_tribu="sarrassa", village={"hall-des-heros": 1}), 1, "cicatrices",
                    "cicatrice-a-01", "cicatrice-b-01", "cicatrice-c-02")
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "worm", "cicatrices": ["cicatrice-d-01", "cicatrice-a-02"]})
    assert verifier(bundle, liste)["valide"]
    ajouter(liste, 1, "cicatrices", "cicatrice-a-03")
    ajouter(liste, 11, "cicatrices", "cicatrice-d-02")
    assert erreurs(verifier(bundle, liste)) == [("HATE_UNE_CICATRICE", "/entrees/1/cicatrices/3"),
                                                ("HATE_UNE_CICATRICE", "/entrees/11/cicatrices/2")]


def test_another_tribes_shaman_dies_of_a_second_scar(bundle):
    liste = ajouter(tribu(nom_tribu="um-rak"), 1, "cicatrices", "cicatrice-a-01", "cicatrice-b-01")
    assert erreurs(verifier(bundle, liste)) == [("HATE_UNE_CICATRICE", "/entrees/1/cicatrices")]


def test_a_later_upgrade_covers_an_earlier_one_on_the_same_slot(bundle):
    differents = ajouter(tribu(village={"terrain-d-entrainement": 2}), 3, "ameliorations", "generique-a-01", "generique-b-01")
    assert "HATE_SLOT_LETTRE" not in codes(verifier(bundle, differents)["avertissements"])
    meme = ajouter(tribu(village={"terrain-d-entrainement": 2}), 3, "ameliorations", "generique-a-01", "generique-a-03")
    rapport = verifier(bundle, meme)
    assert rapport["valide"]
    assert ("HATE_SLOT_LETTRE", "/entrees/3/ameliorations/0") in avertissements(rapport)
    ligne = rapport["details"]["entrees"][3]
    assert ligne["ameliorations"] == ["A-03"] and ligne["recouvertes"] == ["A-01"]


def test_a_scar_voids_the_upgrade_of_its_slot(bundle):
    liste = ajouter(tribu(village={"terrain-d-entrainement": 1}), 3, "ameliorations", "generique-c-01")
    ajouter(liste, 3, "cicatrices", "cicatrice-c-02")
    rapport = verifier(bundle, liste)
    assert ("HATE_SLOT_LETTRE", "/entrees/3/ameliorations/0") in avertissements(rapport)


def test_an_upgrade_without_a_readable_slot_is_reported_when_it_shares_the_figure(bundle):
    seule = ajouter(tribu(nom_tribu="um-gra", village={"terrain-d-entrainement": 2}), 3, "ameliorations", "um-gra-b-01-pm")
    assert "HATE_SLOT_INCONNU" not in codes(verifier(bundle, seule)["avertissements"])
    deux = ajouter(copy.deepcopy(seule), 3, "ameliorations", "generique-b-01")
    assert ("HATE_SLOT_INCONNU", "/entrees/3/ameliorations/0") in avertissements(verifier(bundle, deux))


def test_permanent_skills_are_checked_once_supplied(bundle):
    liste = ajouter(tribu(village={"terrain-d-entrainement": 1}), 3, "ameliorations", "generique-a-01")
    rapport = verifier(bundle, liste)
    assert rapport["valide"]
    assert ("HATE_PERMANENT_NON_VERIFIABLE", "/options") in avertissements(rapport)
    assert any("Guerrier" in a["message"] for a in rapport["avertissements"] if a["code"] == "HATE_PERMANENT_NON_VERIFIABLE")
    liste["options"]["emplacements_permanents"] = {"guerrier": ["A"]}
    ajouter(liste, 4, "cicatrices", "cicatrice-a-02")
    ajouter(liste, 5, "ameliorations", "generique-b-01")
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_PERMANENT", "/entrees/3/ameliorations/0"),
                                ("HATE_PERMANENT", "/entrees/4/cicatrices/0")]
    assert "HATE_PERMANENT_NON_VERIFIABLE" not in codes(rapport["avertissements"])


def test_no_permanent_warning_without_cards(bundle):
    assert "HATE_PERMANENT_NON_VERIFIABLE" not in codes(verifier(bundle, tribu())["avertissements"])


# --- single battle ------------------------------------------------------------------------------

def simple_bataille(generiques: int, specifiques: int) -> dict[str, Any]:
    liste = tribu("bataille-simple")
    cartes = [f"generique-{c}-0{n}" for c in "abcd" for n in (1, 2)][:generiques]
    cartes += ["um-rak-b-01", "um-rak-c-02", "um-rak-d-03"][:specifiques]
    for index, carte in enumerate(cartes):
        ajouter(liste, index, "ameliorations", carte)
    return liste


def test_six_generic_and_two_specific_upgrades(bundle):
    rapport = verifier(bundle, simple_bataille(6, 2))
    assert rapport["valide"]
    assert not codes(rapport["avertissements"]) & {"HATE_BS_GENERIQUES_MANQUANTES", "HATE_BS_SPECIFIQUES_MANQUANTES"}


def test_seven_generic_upgrades(bundle):
    assert erreurs(verifier(bundle, simple_bataille(7, 2))) == [("HATE_BS_GENERIQUES", "/entrees/6")]


def test_three_specific_upgrades(bundle):
    assert erreurs(verifier(bundle, simple_bataille(6, 3))) == [("HATE_BS_SPECIFIQUES", "/entrees/8")]


def test_fewer_upgrades_are_warnings(bundle):
    rapport = verifier(bundle, simple_bataille(5, 1))
    assert rapport["valide"]
    assert {("HATE_BS_GENERIQUES_MANQUANTES", "/entrees"), ("HATE_BS_SPECIFIQUES_MANQUANTES", "/entrees")} <= set(
        avertissements(rapport))


def test_one_upgrade_per_figure(bundle):
    liste = simple_bataille(5, 2)
    ajouter(liste, 0, "ameliorations", "generique-d-02")
    assert erreurs(verifier(bundle, liste)) == [("HATE_BS_UNE_PAR_FIGURINE", "/entrees/0/ameliorations")]


def test_one_mercenary_in_a_single_battle(bundle):
    liste = simple_bataille(6, 2)
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "maw", "remplace": "guerrier"})
    assert verifier(bundle, liste)["valide"]
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "grock", "remplace": "guerrier"})
    assert erreurs(verifier(bundle, liste)) == [("HATE_BS_MERCENAIRE", "/entrees/12")]


def test_no_scar_no_mission_no_village_in_a_single_battle(bundle):
    liste = simple_bataille(5, 2)
    ajouter(liste, 8, "ameliorations", "mission-saisir")
    ajouter(liste, 9, "cicatrices", "cicatrice-b-02")
    liste["options"]["village"] = {"four": 1}
    rapport = verifier(bundle, liste)
    assert rapport["valide"]
    assert {("HATE_BS_MISSIONS", "/entrees/8/ameliorations"), ("HATE_BS_CICATRICES", "/entrees/9/cicatrices"),
            ("HATE_BS_VILLAGE", "/options/village")} <= set(avertissements(rapport))
    chronique = copy.deepcopy(liste)
    chronique["options"]["mode"] = "chronique"
    assert not codes(verifier(bundle, chronique)["avertissements"]) & {"HATE_BS_MISSIONS", "HATE_BS_CICATRICES",
                                                                         "HATE_BS_VILLAGE"}


def test_single_battle_limits_do_not_apply_to_a_chronicle(bundle):
    liste = simple_bataille(8, 3)
    liste["options"].update(mode="chronique", village={"terrain-d-entrainement": 1})
    assert verifier(bundle, liste)["valide"]


# --- chronicle village ---------------------------------------------------------------------------

def test_training_ground_limits_upgrades_covered_ones_included(bundle):
    liste = ajouter(tribu(village={"terrain-d-entrainement": 1}), 2, "ameliorations", "generique-a-01", "generique-a-03")
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_CH_TERRAIN_ENTRAINEMENT", "/entrees/2/ameliorations/1")]
    liste["options"]["village"]["terrain-d-entrainement"] = 2
    assert verifier(bundle, liste)["valide"]


def test_training_ground_not_given(bundle):
    sans_carte = tribu()
    assert "HATE_CH_TERRAIN_NON_VERIFIABLE" not in codes(verifier(bundle, sans_carte)["avertissements"])
    avec = ajouter(tribu(), 2, "ameliorations", "generique-a-01", "generique-b-01", "generique-c-01")
    rapport = verifier(bundle, avec)
    assert rapport["valide"] and ("HATE_CH_TERRAIN_NON_VERIFIABLE", "/options") in avertissements(rapport)


def test_hall_of_heroes(bundle):
    liste = tribu(village={"hall-des-heros": 1})
    liste["entrees"] += [{"type": "mercenaire", "mercenaire": "maw", "remplace": "guerrier"},
                         {"type": "tyran"},  # not captured: not counted (recorded reading)
                         {"type": "mercenaire", "mercenaire": "worm"}]
    assert erreurs(verifier(bundle, liste)) == [("HATE_CH_HALL", "/entrees/13")]
    liste["options"]["village"]["hall-des-heros"] = 2
    assert verifier(bundle, liste)["valide"]
    del liste["options"]["village"]
    rapport = verifier(bundle, liste)
    assert rapport["valide"] and ("HATE_CH_HALL_NON_VERIFIABLE", "/options") in avertissements(rapport)


@pytest.mark.parametrize(("valeur", "attendu"), [
    (1, []), (3, []), ([True, False, False], []), ([True, True, True], []),
    (0, [("HATE_CH_FORGE_ORDRE", "/options/village/forge/lancer")]),
    ([False, False, False], [("HATE_CH_FORGE_ORDRE", "/options/village/forge/lancer/0")]),
    ([True, False, True], [("HATE_CH_FORGE_ORDRE", "/options/village/forge/lancer/2")]),
    ([False, True, False], [("HATE_CH_FORGE_ORDRE", "/options/village/forge/lancer/1")]),
    (4, [("HATE_CH_BATIMENT_MAX", "/options/village/forge/lancer")]),
])
def test_forge_order(bundle, valeur, attendu):
    rapport = verifier(bundle, tribu(village={"forge": {"lancer": valeur}}))
    assert erreurs(rapport) == attendu


def test_torture_chamber_starts_with_one_slot(bundle):
    rapport = verifier(bundle, tribu(village={"chambre-de-torture": 0}))
    assert erreurs(rapport) == [("HATE_CH_TORTURE_DEPART", "/options/village/chambre-de-torture")]


def test_building_maximum_once_the_printed_count_is_supplied(bundle):
    liste = tribu(village={"four": 3, "hutte-du-shaman": 1}, emplacements_village={"four": 2})
    rapport = verifier(bundle, liste)
    assert erreurs(rapport) == [("HATE_CH_BATIMENT_MAX", "/options/village/four")]
    warning = [a for a in rapport["avertissements"] if a["code"] == "HATE_CH_BATIMENT_NON_VERIFIABLE"]
    assert len(warning) == 1 and "hutte du shaman" in warning[0]["message"] and "four" not in warning[0]["message"]
    liste["options"]["emplacements_village"] = {"four": 3, "hutte-du-shaman": 2}
    rapport = verifier(bundle, liste)
    assert rapport["valide"] and "HATE_CH_BATIMENT_NON_VERIFIABLE" not in codes(rapport["avertissements"])


# --- activation cost -----------------------------------------------------------------------------

def test_activation_costs_from_the_book(bundle):
    liste = tribu(nom_tribu="um-gorr", village={"hall-des-heros": 3})
    liste["entrees"] += [{"type": "mercenaire", "mercenaire": "char", "remplace": "guerrier"},
                         {"type": "mercenaire", "mercenaire": "worm"},
                         {"type": "mercenaire", "mercenaire": "trull", "remplace": "jeune-sang",
                          "ameliorations": ["um-gorr-d-01"]},
                         {"type": "tyran", "ameliorations": ["um-gorr-d-01"]}]
    rapport = verifier(bundle, liste)
    assert rapport["valide"], rapport["erreurs"]
    # 12 for the tribe, minus a Guerrier (1), a Jeune-sang (1) and the Prince (2) left at the village;
    # plus Char 3, Worm 0, Trull 2 − 1 and the Tyran 2 − 1.
    assert rapport["details"]["cout_activation"] == 12 - 1 - 1 - 2 + 3 + 0 + (2 - 1) + (2 - 1)
    par_index = {e["index"]: e["cout_total"] for e in rapport["details"]["entrees"]}
    assert [par_index[i] for i in (11, 12, 13, 14)] == [3, 0, 2 - 1, 2 - 1]


def test_a_covered_um_gorr_d_01_no_longer_lowers_the_cost(bundle):
    liste = ajouter(tribu(nom_tribu="um-gorr", village={"terrain-d-entrainement": 2}), 0, "ameliorations",
                    "um-gorr-d-01", "generique-d-01")
    rapport = verifier(bundle, liste)
    assert rapport["details"]["entrees"][0]["cout_total"] == COUT_LIVRE["prince"]
    liste["entrees"][0]["ameliorations"].reverse()
    assert verifier(bundle, liste)["details"]["entrees"][0]["cout_total"] == COUT_LIVRE["prince"] - 1


# --- hostile input --------------------------------------------------------------------------------

@pytest.mark.parametrize(("champ", "valeur", "code", "mot"), [
    ("ameliorations", "generique-z-09", "HATE_AMELIORATION_INCONNUE", "n'est pas une amélioration connue"),
    ("ameliorations", "cicatrice-a-01", "HATE_AMELIORATION_INCONNUE", "écrivez-la sous « cicatrices »"),
    ("ameliorations", "endurance", "HATE_AMELIORATION_INCONNUE", "imprimée sur la carte"),
    ("ameliorations", "um-rak-shaman", "HATE_AMELIORATION_INCONNUE", "imprimée sur la carte"),
    ("cicatrices", "generique-a-01", "HATE_CICATRICE_INCONNUE", "écrivez-la sous « ameliorations »"),
    ("cicatrices", "balafre", "HATE_CICATRICE_INCONNUE", "n'est pas une cicatrice connue"),
])
def test_unknown_card_ids(bundle, champ, valeur, code, mot):
    rapport = verifier(bundle, ajouter(tribu(village={"terrain-d-entrainement": 1}), 5, champ, valeur))
    assert erreurs(rapport) == [(code, f"/entrees/5/{champ}/0")]
    assert mot in rapport["erreurs"][0]["message"]


@pytest.mark.parametrize(("change", "pointeur"), [
    (lambda x: x["entrees"][0].update(ameliorations="generique-a-01"), "/entrees/0/ameliorations"),
    (lambda x: x["entrees"][0].update(ameliorations=[12, None]), "/entrees/0/ameliorations/0"),
    (lambda x: x["entrees"][0].update(cicatrices={"a": 1}), "/entrees/0/cicatrices"),
    (lambda x: x["entrees"][0].update(type="sorcier"), "/entrees/0/type"),
    (lambda x: x["entrees"][0].pop("type"), "/entrees/0"),
    (lambda x: x["entrees"].append({"type": "mercenaire", "mercenaire": 12, "remplace": 3}), "/entrees/11/mercenaire"),
    (lambda x: x.update(options="chronique"), "/options"),
    (lambda x: x["options"].update(village=[1, 2]), "/options/village"),
    (lambda x: x["options"].update(village={"forge": {"lancer": ["oui", 2, None]}}), "/options/village/forge/lancer/0"),
    (lambda x: x["options"].update(village={"four": -1}), "/options/village/four"),
    (lambda x: x["options"].update(emplacements_permanents={"guerrier": ["E"]}), "/options/emplacements_permanents/guerrier/0"),
    (lambda x: x.update(entrees=[1, "prince", None]), "/entrees/0"),
])
def test_wrong_types_give_french_errors_without_crashing(bundle, change, pointeur):
    liste = tribu()
    change(liste)
    rapport = verifier(bundle, liste)
    assert not rapport["valide"]
    assert pointeur in [c for _, c in erreurs(rapport)], rapport["erreurs"]
    for v in rapport["erreurs"] + rapport["avertissements"]:
        assert re.search(r"[a-zéèêàç]{3,}", v["message"]) and "Traceback" not in v["message"]


def test_names_are_kept_as_plain_text(bundle):
    liste = tribu()
    liste["entrees"].append({"type": "prince", "nom": "<script>alert(1)</script>"})
    rapport = verifier(bundle, liste)
    assert "<script>alert(1)</script>" in rapport["erreurs"][0]["message"]  # the page escapes it when showing


def test_list_for_another_game(bundle):
    rapport = verifier(bundle, {**tribu(), "jeu": "hami"})
    assert erreurs(rapport) == [("LISTE_JEU_DIFFERENT", "/jeu")]


def test_not_an_object_is_refused(bundle):
    with pytest.raises(ErreurEntree, match="doit être un objet"):
        valider(bundle, ["prince"])


def test_list_without_a_name_is_valid_with_a_warning(bundle):
    liste = tribu()
    del liste["nom"]
    rapport = verifier(bundle, liste)
    assert rapport["valide"] and "LISTE_SANS_NOM" in codes(rapport["avertissements"])


# --- the rules' data -------------------------------------------------------------------------------

def test_every_python_code_is_documented_with_its_severity(bundle):
    regles = {r["code"]: r["severite"] for r in bundle["regles_liste"]}
    source = "".join((ROOT / "browser_engine" / "jeux" / "hate" / f).read_text("utf-8") for f in ("liste_figures.py", "liste_village.py"))
    for appel, severite in (("erreur", "erreur"), ("avertissement", "avertissement")):
        trouves = set(re.findall(rf"\.{appel}\(\s*\"(HATE_[A-Z_]+)\"", source))
        assert trouves, appel
        assert {c: regles.get(c) for c in trouves} == dict.fromkeys(trouves, severite)


def test_no_rule_message_leaves_the_plural_open(bundle):
    assert [r["message"] for r in bundle["regles_liste"] if "(s)" in r["message"]] == []


def test_violations_link_to_rule_pages_or_to_the_recorded_reading(bundle):
    liste = tribu(village={"forge": {"lancer": [True, False, True]}, "chambre-de-torture": 0})
    liens = {v["code"]: v["regle"] for v in verifier(bundle, liste)["erreurs"]}
    assert liens == {"HATE_CH_FORGE_ORDRE": "hate/verifier/#forge-de-gauche-a-droite",
                     "HATE_CH_TORTURE_DEPART": "hate/village/#chambre-de-torture"}


# --- the example lists and the command line ---------------------------------------------------------

def test_there_are_enough_examples_of_both_modes_and_verdicts():
    assert len(EXEMPLES) >= 12
    textes = [p.read_text("utf-8") for p in EXEMPLES]
    for mode in ("bataille-simple", "chronique"):
        assert any(f"mode: {mode}" in t and t.startswith("# Liste valide") for t in textes), mode
        assert any(f"mode: {mode}" in t and t.startswith("# Liste invalide") for t in textes), mode


@pytest.mark.parametrize("chemin", EXEMPLES, ids=lambda p: p.name)
def test_example_list_verdict(bundle, chemin: Path):
    rapport = check_example_list(bundle, chemin, "HATE")
    texte = chemin.read_text("utf-8")
    total = re.search(r"Coût d'activation : (\d+) jetons Sauvagerie", texte)
    if total:
        assert rapport["details"]["cout_activation"] == int(total.group(1))


@pytest.mark.parametrize(("fichier", "code"), [("01-simple-bataille-um-rak.yaml", 0),
                                                ("20-invalide-forge-dans-le-desordre.yaml", 1)])
def test_cli_exit_codes(fichier, code):
    fait = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(DATA / "hate" / "listes" / fichier)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert fait.returncode == code, fait.stdout + fait.stderr
    assert ("Liste valide" if code == 0 else "HATE_CH_FORGE_ORDRE") in fait.stdout


def test_cli_exit_code_2_on_unreadable_input(tmp_path):
    mauvais = tmp_path / "tribu.yaml"
    mauvais.write_text("jeu: hate\nentrees: [\n  - type: prince\n", encoding="utf-8")
    fait = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(mauvais)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert fait.returncode == 2
    assert "Traceback" not in fait.stderr and re.search(r"ligne|YAML|illisible", fait.stdout + fait.stderr)


def test_reader_accepts_the_yaml_of_an_example(bundle):
    texte = (DATA / "hate" / "listes" / "05-chronique-um-gorr-et-le-tyran.yaml").read_text("utf-8")
    assert valider(bundle, lire_liste(texte))["valide"]


# --- card and figure counts ------------------------------------------------------------------------

def test_a_mercenary_is_unique(bundle):
    liste = tribu(village={"hall-des-heros": 2})
    liste["entrees"] += [{"type": "mercenaire", "mercenaire": "maw", "remplace": "guerrier"},
                         {"type": "mercenaire", "mercenaire": "maw", "remplace": "guerrier"}]
    assert erreurs(verifier(bundle, liste)) == [("HATE_MERC_UNIQUE", "/entrees/12/mercenaire")]
    liste["entrees"][-1]["mercenaire"] = "grock"
    assert verifier(bundle, liste)["valide"]


def test_six_tribe_upgrade_cards_at_most(bundle):
    # 6 « améliorations de tribu » per player (l. 221): a 7th specific card held is an error.
    liste = tribu(village={"terrain-d-entrainement": 3})
    cartes = ["um-rak-b-01", "um-rak-c-02", "um-rak-d-03"] * 2 + ["um-rak-b-01"]
    for index, carte in enumerate(cartes):
        ajouter(liste, index, "ameliorations", carte)
    assert erreurs(verifier(bundle, liste)) == [("HATE_SPECIFIQUES_MAX", "/entrees/6")]
    liste["entrees"][6]["ameliorations"] = ["generique-a-01"]
    assert verifier(bundle, liste)["valide"]


def test_a_card_covers_a_mercenary_printed_skill(bundle):
    # Char's printed skills are on slots A, C and D (l. 1946-1952): B is free.
    liste = tribu(village={"hall-des-heros": 1, "terrain-d-entrainement": 1})
    liste["entrees"].append({"type": "mercenaire", "mercenaire": "char", "remplace": "guerrier",
                             "ameliorations": ["generique-b-01"]})
    assert "HATE_SLOT_LETTRE" not in codes(verifier(bundle, liste)["avertissements"])
    liste["entrees"][-1]["ameliorations"] = ["generique-a-01"]
    liste["entrees"][-1]["cicatrices"] = ["cicatrice-c-02"]
    rapport = verifier(bundle, liste)
    couvertes = [a for a in rapport["avertissements"] if a["code"] == "HATE_SLOT_LETTRE"]
    assert [a["chemin"] for a in couvertes] == ["/entrees/11/ameliorations/0", "/entrees/11/cicatrices/0"]
    assert "Char A" in couvertes[0]["message"] and "Char C" in couvertes[1]["message"]
