"""List validation for « Bataille fantastique d6 »: costs, every error and warning code, reports."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from browser_engine import ErreurEntree, lire_liste, valider
from browser_engine.validation import MAX_ENTREES
from tests.engine_support import load_bundle

# Costs transcribed by hand from the rule sheet (seed 004, lines 6-11), independently of the data:
# value -> cost; None means "NA" (not allowed).
SOURCE_COSTS = {
    "mouvement": {"vol": 5, 18: 4, 15: 3, 12: 2, 9: 1, 6: 0},
    "melee": {5: 10, 4: 8, 3: 6, 2: 4, 1: 2, 0: None},
    "tir": {5: 15, 4: 12, 3: 9, 2: 6, 1: 3, 0: 0},
    "armure": {5: 10, 4: 8, 3: 6, 2: 4, 1: 2, 0: 1},
}
PUISSANTE = 5  # "peut être Puissante pour 5 points" (line 13)


def expected_figure_cost(entry: dict[str, Any]) -> int:
    """Cost of one figure, computed from the sheet's rule, not from the engine."""
    return (SOURCE_COSTS["mouvement"][entry["mouvement"]]
            + SOURCE_COSTS["melee"][entry["melee"]] * entry.get("attaques", 1)
            + SOURCE_COSTS["tir"][entry["tir"]]
            + SOURCE_COSTS["armure"][entry["armure"]]
            + (PUISSANTE if entry.get("puissante") else 0))


def troupe(nom: str = "Lanciers", **fields: Any) -> dict[str, Any]:
    entry = {"nom": nom, "mouvement": 12, "melee": 3, "tir": 0, "armure": 2}
    entry.update(fields)
    return entry


def heros(nom: str = "Capitaine", **fields: Any) -> dict[str, Any]:
    return troupe(nom, **{"role": "heros", "objet": 3, **fields})


def sorcier(nom: str = "Mage", **fields: Any) -> dict[str, Any]:
    return troupe(nom, **{"role": "sorcier", "sorts": [2, 2], **fields})


def liste(*entrees: dict[str, Any], format: Any = 500, **fields: Any) -> dict[str, Any]:
    document = {"jeu": "bataille-d6", "nom": "Test", "format": format, "entrees": list(entrees)}
    document.update(fields)
    return document


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("bataille-d6")


def codes(violations: list[dict[str, Any]]) -> list[str]:
    return [v["code"] for v in violations]


def check(bundle: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    report = valider(bundle, copy.deepcopy(document))
    json.dumps(report)  # always plain JSON data
    return report


# --- costs -----------------------------------------------------------------------------------

@pytest.mark.parametrize("mouvement", list(SOURCE_COSTS["mouvement"]))
@pytest.mark.parametrize("armure", list(SOURCE_COSTS["armure"]))
def test_figure_cost_for_every_movement_and_armour(bundle, mouvement, armure):
    entry = troupe(mouvement=mouvement, armure=armure, tir=4)
    report = check(bundle, liste(entry, format=1000))
    row = report["details"]["entrees"][0]
    assert row["cout_figure"] == expected_figure_cost(entry)


@pytest.mark.parametrize("melee", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("tir", [0, 1, 2, 3, 4, 5])
def test_figure_cost_for_every_melee_and_shooting(bundle, melee, tir):
    entry = troupe(melee=melee, tir=tir)
    assert check(bundle, liste(entry))["details"]["entrees"][0]["cout_figure"] == expected_figure_cost(entry)


def test_armour_zero_costs_one_point(bundle):
    entry = troupe(mouvement=6, melee=1, tir=0, armure=0)
    row = check(bundle, liste(entry))["details"]["entrees"][0]
    assert row["cout_figure"] == 0 + 2 + 0 + 1
    assert row["couts"]["armure"] == {"valeur": 0, "cout": 1}


def test_two_attacks_pay_melee_twice_and_puissante_adds_five(bundle):
    entry = troupe(melee=4, attaques=2, puissante=True)
    row = check(bundle, liste(entry))["details"]["entrees"][0]
    assert row["couts"]["melee"] == {"valeur": 4, "cout": 8, "attaques": 2, "total": 16}
    assert row["couts"]["puissante"] == 5
    assert row["cout_figure"] == 2 + 8 * 2 + 0 + 4 + 5


def test_entry_and_list_totals(bundle):
    entries = [troupe(nombre=10), troupe("Archers", nombre=8, melee=1, tir=3, armure=1), heros(), sorcier()]
    report = check(bundle, liste(*entries))
    expected_rows = [expected_figure_cost(e) * e.get("nombre", 1) for e in entries]
    assert [r["cout_total"] for r in report["details"]["entrees"]] == expected_rows
    assert report["cout"] == sum(expected_rows)
    assert report["budget"] == 500
    assert report["details"]["reste"] == 500 - sum(expected_rows)
    assert report["details"]["entrees"][2]["role"] == "heros"
    assert report["details"]["entrees"][0]["role"] == "troupe"  # default role
    assert report["details"]["entrees"][0]["nombre"] == 10


def test_heroes_and_wizards_allowed_in_details(bundle):
    details = check(bundle, liste(heros(), sorcier(), format=749))["details"]
    assert details["heros"] == {"nombre": 1, "maximum": 749 // 250}
    assert details["sorciers"] == {"nombre": 1, "maximum": 749 // 250}


# --- a valid list ----------------------------------------------------------------------------

def test_valid_list(bundle):
    report = check(bundle, liste(troupe(nombre=10), heros(), sorcier(), format=250))
    assert report["valide"] is True
    assert report["erreurs"] == [] and report["avertissements"] == []
    assert set(report) == {"valide", "cout", "budget", "erreurs", "avertissements", "details"}


# --- every error code: failing case and passing case ---------------------------------------------

ERROR_CASES = {
    # code: (breaking list, fixed list, expected pointer)
    "D6_BUDGET_DEPASSE": (liste(troupe(nombre=21), format=250),  # 21 x 12 = 252
                          liste(troupe(nombre=20), format=250), ""),
    "D6_HEROS_MAX": (liste(heros(), heros("Second"), format=499),
                     liste(heros(), heros("Second"), format=500), "/entrees/1"),
    "D6_SORCIERS_MAX": (liste(sorcier(), sorcier("Second"), format=250),
                        liste(sorcier(), sorcier("Second"), format=500), "/entrees/1"),
    "D6_OBJET_HORS_HEROS": (liste(troupe(objet=2)), liste(troupe()), "/entrees/0/objet"),
    "D6_SORTS_HORS_SORCIER": (liste(heros(sorts=[1, 2])), liste(heros()), "/entrees/0/sorts"),
    "D6_SORTS_NOMBRE": (liste(sorcier(sorts=[1, 2, 3])), liste(sorcier(sorts=[1, 1])), "/entrees/0/sorts"),
    "D6_VALEUR_HORS_TABLE": (liste(troupe(melee=0)), liste(troupe(melee=1)), "/entrees/0/melee"),
    "LISTE_CHAMP_INCONNU": (liste(troupe(points_de_vie=3)), liste(troupe()), "/entrees/0/points_de_vie"),
}


@pytest.mark.parametrize("code", list(ERROR_CASES))
def test_error_code_fails_then_passes(bundle, code):
    broken, fixed, pointer = ERROR_CASES[code]
    report = check(bundle, broken)
    assert report["valide"] is False
    assert codes(report["erreurs"]) == [code]
    violation = report["erreurs"][0]
    assert violation["chemin"] == pointer
    assert violation["regle"] and violation["regle"].startswith("bataille-d6/")
    assert violation["message"][0].isupper() or violation["message"][0].isdigit()
    fixed_report = check(bundle, fixed)
    assert fixed_report["valide"] is True, fixed_report["erreurs"]
    assert code not in codes(fixed_report["erreurs"])


def test_budget_message_gives_the_excess(bundle):
    report = check(bundle, liste(troupe(nombre=21), format=250))
    assert report["erreurs"][0]["message"] == ("Coût total de 252 points pour un format de 250 points : "
                                               "2 points de trop.")


def test_heroes_are_counted_by_figures_and_per_full_250_points(bundle):
    for fmt, allowed in ((249, 0), (250, 1), (499, 1), (500, 2), (1000, 4)):
        ok = check(bundle, liste(*[heros(f"H{i}") for i in range(allowed)], format=fmt))
        assert "D6_HEROS_MAX" not in codes(ok["erreurs"]), fmt
        too_many = check(bundle, liste(*[heros(f"H{i}") for i in range(allowed + 1)], format=fmt))
        assert "D6_HEROS_MAX" in codes(too_many["erreurs"]), fmt
    grouped = check(bundle, liste(heros(nombre=2), format=250))
    assert "D6_HEROS_MAX" in codes(grouped["erreurs"])


def test_heroes_max_message(bundle):
    report = check(bundle, liste(heros(), heros("Second"), format=300))
    message = report["erreurs"][0]["message"]
    assert message.startswith("Entrée 2 « Second » — 2 Héros dans la liste") and "300 points" in message
    assert "que 1" in message


@pytest.mark.parametrize(("field", "value"), [
    ("melee", 6), ("tir", 6), ("tir", -1), ("armure", 6), ("mouvement", 10), ("mouvement", "Vol"),
])
def test_values_outside_the_cost_table(bundle, field, value):
    report = check(bundle, liste(troupe(**{field: value})))
    assert codes(report["erreurs"]) == ["D6_VALEUR_HORS_TABLE"]
    assert report["erreurs"][0]["chemin"] == f"/entrees/0/{field}"
    assert report["details"]["entrees"][0]["cout_figure"] is None


def test_melee_zero_message_is_specific(bundle):
    message = check(bundle, liste(troupe(melee=0)))["erreurs"][0]["message"]
    assert "Mêlée 0 est interdite" in message and "« Lanciers »" in message


def test_sorts_must_be_two_values(bundle):
    one = check(bundle, liste(sorcier(sorts=[4])))
    assert codes(one["erreurs"]) == ["D6_SORTS_NOMBRE"]
    assert "1 sort(s)" in one["erreurs"][0]["message"]
    empty = check(bundle, liste(sorcier(sorts=[])))
    assert codes(empty["erreurs"]) == ["D6_SORTS_NOMBRE"]
    same_twice = check(bundle, liste(sorcier(sorts=[6, 6])))
    assert same_twice["valide"] is True


def test_unknown_top_level_field(bundle):
    report = check(bundle, liste(troupe(), armee="x"))
    assert codes(report["erreurs"]) == ["LISTE_CHAMP_INCONNU"]
    assert report["erreurs"][0]["chemin"] == "/armee"


@pytest.mark.parametrize(("change", "code", "pointer"), [
    ({"melee": "trois"}, "LISTE_TYPE", "/entrees/0/melee"),
    ({"puissante": "oui"}, "LISTE_TYPE", "/entrees/0/puissante"),
    ({"nombre": 0}, "LISTE_HORS_BORNES", "/entrees/0/nombre"),
    ({"attaques": 3}, "LISTE_VALEUR_INCONNUE", "/entrees/0/attaques"),
    ({"role": "roi"}, "LISTE_VALEUR_INCONNUE", "/entrees/0/role"),
    ({"objet": 7, "role": "heros"}, "LISTE_HORS_BORNES", "/entrees/0/objet"),
    ({"sorts": [1, 9], "role": "sorcier"}, "LISTE_HORS_BORNES", "/entrees/0/sorts/1"),
    ({"nom": ""}, "LISTE_LONGUEUR_TEXTE", "/entrees/0/nom"),
])
def test_structural_errors_from_the_schema(bundle, change, code, pointer):
    report = check(bundle, liste(troupe(**change)))
    assert code in codes(report["erreurs"])
    assert pointer in [v["chemin"] for v in report["erreurs"] if v["code"] == code]
    assert all(v["message"].startswith("Entrée 1 « ") or v["message"].startswith("Entrée 1 —")
               for v in report["erreurs"])


def test_missing_fields(bundle):
    entry = troupe()
    del entry["melee"]
    report = check(bundle, {"jeu": "bataille-d6", "entrees": [entry]})
    missing = [v for v in report["erreurs"] if v["code"] == "LISTE_CHAMP_MANQUANT"]
    assert {v["chemin"] for v in missing} == {"", "/entrees/0"}
    assert any("« melee » (Mêlée)" in v["message"] for v in missing)
    assert any("« format »" in v["message"] for v in missing)


def test_list_for_another_game(bundle):
    report = check(bundle, {"jeu": "hami", "nom": "x", "format": 9, "entrees": []})
    assert report["valide"] is False
    assert codes(report["erreurs"]) == ["LISTE_JEU_DIFFERENT"]
    assert "hami" in report["erreurs"][0]["message"]


def test_invalid_format_does_not_crash_rules(bundle):
    report = check(bundle, liste(heros(), format="cinq cents"))
    assert codes(report["erreurs"]) == ["LISTE_TYPE"]
    assert report["budget"] is None


def test_whole_floats_count_as_integers(bundle):
    report = check(bundle, liste(troupe(melee=3.0, nombre=2.0), format=250.0))
    assert report["valide"] is True
    assert report["cout"] == 2 * expected_figure_cost(troupe())
    assert report["budget"] == 250


def test_entries_that_are_not_objects(bundle):
    report = check(bundle, liste(troupe(), "texte", 3))
    assert [v["chemin"] for v in report["erreurs"]] == ["/entrees/1", "/entrees/2"]
    assert len(report["details"]["entrees"]) == 3
    assert report["details"]["entrees"][1]["cout_total"] is None


# --- warnings --------------------------------------------------------------------------------

WARNING_CASES = {
    "D6_HEROS_SANS_OBJET": (liste(troupe(role="heros")), liste(heros()), "/entrees/0"),
    "D6_SORCIER_SANS_SORTS": (liste(troupe(role="sorcier")), liste(sorcier()), "/entrees/0"),
    "D6_PERSONNAGE_GROUPE": (liste(heros(nombre=2), format=500), liste(heros(), heros("B"), format=500),
                             "/entrees/0/nombre"),
}


@pytest.mark.parametrize("code", list(WARNING_CASES))
def test_warning_code_then_fixed(bundle, code):
    warned, fixed, pointer = WARNING_CASES[code]
    report = check(bundle, warned)
    assert report["valide"] is True
    assert codes(report["avertissements"]) == [code]
    assert report["avertissements"][0]["chemin"] == pointer
    assert report["avertissements"][0]["regle"].startswith("bataille-d6/")
    assert check(bundle, fixed)["avertissements"] == []


def test_hero_without_object_message(bundle):
    message = check(bundle, liste(troupe("Aldric", role="heros")))["avertissements"][0]["message"]
    assert "à tirer au d6 avant la partie" in message and "« Aldric »" in message


# --- rule links ------------------------------------------------------------------------------

def test_rule_links_point_to_the_rule_pages(bundle):
    report = check(bundle, liste(heros(), heros("B"), troupe(melee=0), format=250))
    links = {v["code"]: v["regle"] for v in report["erreurs"]}
    assert links["D6_HEROS_MAX"] == "bataille-d6/armee/#heros-et-sorciers"
    assert links["D6_VALEUR_HORS_TABLE"] == "bataille-d6/armee/#cout-des-caracteristiques"


def test_rule_links_without_generator_anchors(bundle):
    without = dict(bundle, ancres={})
    report = check(without, liste(heros(), heros("B"), format=250))
    assert report["erreurs"][0]["regle"] == "bataille-d6/armee/#heros-et-sorciers"


# --- hostile input ---------------------------------------------------------------------------

def test_names_with_html_are_plain_data(bundle):
    name = "<script>alert('x')</script><img src=x onerror=alert(1)>"
    report = check(bundle, liste(troupe(name, objet=1)))
    assert report["details"]["entrees"][0]["nom"] == name
    assert name in report["erreurs"][0]["message"]  # the page renders messages as text, never HTML


def test_ten_thousand_entries_are_refused_clearly(bundle):
    text = "jeu: bataille-d6\nnom: x\nformat: 250\nentrees:\n" + "  - {nom: a, mouvement: 6, melee: 1, tir: 0, armure: 0}\n" * 10_000
    with pytest.raises(ErreurEntree) as caught:
        lire_liste(text)
    assert "Liste trop longue (ligne 1005)" in str(caught.value)
    assert "1\u202f000 éléments, le maximum accepté" in str(caught.value)
    as_dict = liste(*[troupe(f"T{i}") for i in range(10_000)])
    with pytest.raises(ErreurEntree) as caught:
        valider(bundle, as_dict)
    assert str(caught.value) == "La liste contient 10\u202f000 entrées : le maximum accepté est 1\u202f000."


def test_many_entries_under_the_cap_are_validated(bundle):
    report = check(bundle, liste(*[troupe(f"T{i}", mouvement=6, melee=1, armure=0) for i in range(MAX_ENTREES)],
                                 format=100_000))
    assert report["valide"] is True
    assert report["cout"] == MAX_ENTREES * expected_figure_cost(troupe(mouvement=6, melee=1, armure=0))


@pytest.mark.parametrize("document", [[1, 2], "texte", 3, None])
def test_list_must_be_an_object(bundle, document):
    with pytest.raises(ErreurEntree, match="doit être un objet"):
        valider(bundle, document)


def test_deeply_nested_value_passed_directly(bundle):
    deep: Any = 1
    for _ in range(50):
        deep = [deep]
    with pytest.raises(ErreurEntree, match="imbriqué"):
        valider(bundle, liste(troupe(nom=deep)))


def test_non_json_values_are_refused(bundle):
    with pytest.raises(ErreurEntree):
        valider(bundle, liste(troupe(nom=object())))


def test_game_without_list_checker():
    bundle = {"jeu": {"id": "autre", "nom": "Autre", "pages": []}, "schemas": {"liste": None}}
    with pytest.raises(ErreurEntree, match="n'existe pas"):
        valider(bundle, {"jeu": "autre"})


# --- issue 10 §2: a list without a name is valid, for every game -----------------------------

NAMED_GAMES = ("bataille-d6", "hami", "kharn-ages")


def valid_examples(jeu: str) -> list[tuple[str, str]]:
    from tests.engine_support import DATA

    return [(p.name, p.read_text("utf-8")) for p in sorted((DATA / jeu / "listes").glob("*.yaml"))
            if p.read_text("utf-8").startswith("# Liste valide")]


@pytest.mark.parametrize("jeu", NAMED_GAMES)
def test_list_without_a_name_is_valid_with_a_warning(jeu):
    bundle = load_bundle(jeu)
    examples = valid_examples(jeu)
    assert examples
    for name, text in examples:
        named = valider(bundle, lire_liste(text))
        assert named["valide"] is True, name
        assert "LISTE_SANS_NOM" not in codes(named["avertissements"])
        assert named["details"]["nom_liste"] == lire_liste(text)["nom"].strip()
        nameless = lire_liste(text)
        del nameless["nom"]
        report = valider(bundle, nameless)
        assert report["valide"] is True, (name, report["erreurs"])
        assert codes(report["avertissements"]) == ["LISTE_SANS_NOM"] + codes(named["avertissements"]), name
        warning = report["avertissements"][0]
        assert warning["chemin"] == "" and "« sans nom »" in warning["message"]
        assert report["details"]["nom_liste"] == "sans nom"
        assert report["cout"] == named["cout"]


@pytest.mark.parametrize("jeu", NAMED_GAMES)
@pytest.mark.parametrize("nom", [None, "", "   ", "\t\n"])
def test_empty_or_blank_name_is_a_warning(jeu, nom):
    bundle = load_bundle(jeu)
    document = lire_liste(valid_examples(jeu)[0][1])
    document["nom"] = nom
    report = valider(bundle, document)
    assert report["valide"] is True, report["erreurs"]
    assert "LISTE_SANS_NOM" in codes(report["avertissements"])
    assert report["details"]["nom_liste"] == "sans nom"


def test_empty_name_line_in_yaml(bundle):
    report = check(bundle, lire_liste("jeu: bataille-d6\nnom:\nformat: 250\nentrees:\n"
                                      "  - {nom: Lanciers, mouvement: 6, melee: 1, tir: 0, armure: 0}\n"))
    assert report["valide"] is True and codes(report["avertissements"]) == ["LISTE_SANS_NOM"]
    assert report["avertissements"][0]["chemin"] == "/nom"


@pytest.mark.parametrize("jeu", NAMED_GAMES)
def test_name_of_the_wrong_type_is_still_an_error(jeu):
    document = lire_liste(valid_examples(jeu)[0][1])
    document["nom"] = 3
    report = valider(load_bundle(jeu), document)
    assert report["valide"] is False
    assert [(v["code"], v["chemin"]) for v in report["erreurs"]] == [("LISTE_TYPE", "/nom")]
    assert "LISTE_SANS_NOM" not in codes(report["avertissements"])


def test_list_for_another_game_names_the_list(bundle):
    assert check(bundle, {"jeu": "hami", "format": 9, "entrees": []})["details"] == {"nom_liste": "sans nom"}
    assert check(bundle, {"jeu": "hami", "nom": " Ma bande ", "entrees": []})["details"] == {"nom_liste": "Ma bande"}
