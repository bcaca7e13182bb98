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
    assert "Héros autorisés pour un format de 300 points : 1 (un par tranche entière de 250 points)" in message


@pytest.mark.parametrize(("role", "make", "shown"), [("Héros", heros, "1 Héros"), ("Sorciers", sorcier, "1 Sorcier")])
@pytest.mark.parametrize("fmt", [100, 249])
def test_under_250_points_the_message_says_none_is_allowed(bundle, role, make, shown, fmt):
    # Sheet line 33: one Héros and one Sorcier « pour chaque tranche entière de 250 points » — none below 250.
    report = check(bundle, liste(make(), format=fmt))
    code = "D6_HEROS_MAX" if role == "Héros" else "D6_SORCIERS_MAX"
    assert report["valide"] is False and codes(report["erreurs"]) == [code]
    message = report["erreurs"][0]["message"]
    assert f"— {shown} dans la liste ; {role} autorisés pour un format de {fmt} points : 0 " in message
    assert "que 0" not in message and "permet" not in message


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
    assert "1 sort noté, il en faut exactement 2" in one["erreurs"][0]["message"]
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
    assert any("« melee »" in v["message"] for v in missing)
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


# --- issue 10 §7: counts agree in number (« 1 sort », « 2 sorts »), no « (s) » left ------------------

def test_wizard_spell_count_agrees_in_number(bundle):
    messages = {n: check(bundle, liste(sorcier(sorts=list(range(1, n + 1)))))["erreurs"][0]["message"]
                for n in (0, 1, 3)}
    assert "Entrée 1 « Mage » — 0 sort noté, il en faut exactement 2" in messages[0]
    assert "— 1 sort noté, il en faut" in messages[1]
    assert "— 3 sorts notés, il en faut" in messages[3]
    assert all("(s)" not in m for m in messages.values())


def kharn_list(*leaders: bool) -> dict[str, Any]:
    profil = {"id": "soldat", "nom": "Soldat inventé (test)", "niveau": 1, "cout": 10, "factions": ["kharns"],
              "limitation": 5, "caracteristiques": {"V": 3, "P": 3, "A": 3, "C": 3, "T": 4, "I": 4, "PA": 4, "PV": 5}}
    return {"jeu": "kharn-ages", "nom": "Essai", "format": 300, "options": {"faction": "kharns"}, "profils": [profil],
            "entrees": [{"profil": "soldat", "leader": True} if chef else {"profil": "soldat"} for chef in leaders]}


@pytest.mark.parametrize(("leaders", "start"), [
    ((False,), "0 figurine désignée comme leader : il en faut exactement 1"),
    ((True, True), "2 figurines désignées comme leader : il en faut exactement 1"),
    ((True, True, True), "3 figurines désignées comme leader"),
])
def test_kharn_leader_count_agrees_in_number(leaders, start):
    report = valider(load_bundle("kharn-ages"), kharn_list(*leaders))
    messages = [v["message"] for v in report["erreurs"] if v["code"] == "KA_LEADER_NOMBRE"]
    assert messages and all(start in m and "(s)" not in m for m in messages), report["erreurs"]


def hami_list(**gardien: Any) -> dict[str, Any]:
    base = {"caste": "gardien", "tribu": "roche", "age": "ancien", "sorts": ["ralentissement"],
            "objets": ["pierre-d-artefact"], "meneur": True}
    pisteuse = {"caste": "pisteuse", "tribu": "eau", "age": "jeune", "arme": "arc", "objets": ["masque-de-chasse"],
                "familier": "snifleur"}
    return {"jeu": "hami", "nom": "Essai", "format": 9, "options": {"lien": "ombre"},
            "entrees": [{**base, **gardien}, pisteuse]}


@pytest.mark.parametrize(("gardien", "expected"), [
    # Book l. 534: a Gardien chooses 1 spell and 1 object.
    ({"sorts": []}, "un Hami de la caste Gardien doit choisir 1 sort ; 0 indiqué."),
    ({"objets": []}, "un Hami de la caste Gardien doit choisir 1 objet ; 0 indiqué."),
    ({"sorts": ["ralentissement", "brume"]}, "2 sorts indiqués, mais un Hami de la caste Gardien n'a que 1 sort ;"),
    ({"objets": ["pierre-d-artefact", "masque-de-vision"]},
     "2 objets indiqués, mais un Hami de la caste Gardien n'a que 1 objet ;"),
    # Book l. 498: a Guetteur has no spell of his own (only the Masque de Magie gives one).
    ({"caste": "guetteur", "sorts": ["brume"], "familier": "buteur"},
     "1 sort indiqué, mais un Hami de la caste Guetteur n'a aucun sort ; seul le Masque de Magie en ajoute un."),
])
def test_hami_spell_and_object_counts_agree_in_number(gardien, expected):
    report = valider(load_bundle("hami"), hami_list(**gardien))
    messages = [v["message"] for v in report["erreurs"]]
    assert any(expected in m for m in messages), messages
    assert all("(s)" not in m for m in messages)


@pytest.mark.parametrize("jeu", NAMED_GAMES)
def test_no_rule_message_of_the_data_leaves_the_plural_open(jeu):
    messages = [r["message"] for r in load_bundle(jeu)["regles_liste"] if "message" in r]
    assert messages
    assert [m for m in messages if "(s)" in m or "(es)" in m] == []


def hami_card(nom: str, lumiere: int, ombre: int) -> dict[str, Any]:
    return {"nom": nom, "jour": {"lumiere": lumiere, "ombre": ombre}, "nuit": {"lumiere": 0, "ombre": 0}}


def test_hami_odds_labels_agree_in_number():
    from browser_engine import ErreurParametre, calculer

    bundle = load_bundle("hami")
    nemesis = {i["id"]: i["nom"] for i in calculer(bundle, "solo_nemesis", {})["issues"]}
    assert nemesis["jets-0"] == "0 jet de Némésis à faire" and nemesis["jets-1"] == "1 jet de Némésis à faire"
    assert nemesis["jets-2"] == "2 jets de Némésis à faire"
    # An invented deck (test only): the strongest card takes 3 Essence from the weakest.
    deck = [hami_card("inventée 0", 0, 0), hami_card("inventée 1", 1, 0), hami_card("inventée 2", 2, 1)]
    combat = {i["id"]: i["nom"] for i in calculer(bundle, "combat_cartes", {"paquet": deck, "cartes": 1})["issues"]}
    assert combat["au-moins-1"] == "Au moins 1 Essence perdue"
    assert combat["au-moins-3"] == "Au moins 3 Essences perdues"
    with pytest.raises(ErreurParametre) as short:
        calculer(bundle, "combat_cartes", {"paquet": deck[:1], "cartes": 2})
    assert "Le paquet ne compte que 1 carte : il en faut au moins 2" in str(short.value)


def test_hami_stolen_familiars_none_reads_aucun():
    bundle = load_bundle("hami")
    document = hami_list()
    document["entrees"][1].pop("familier")
    document["options"] = {"lien": "ombre", "scenario": "vol-de-familiers", "role": "joueur-1"}
    messages = [v["message"] for v in valider(bundle, document)["erreurs"]]
    assert any("la Communauté n'en a aucun." in m for m in messages), messages
    assert all("que 0" not in m for m in messages)
