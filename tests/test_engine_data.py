"""The engine's data for « Bataille fantastique d6 »: declarations, rule data and example lists."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from browser_engine import lire_liste, valider
from browser_engine.expressions import noms_utilises
from browser_engine.jeux.bataille_d6 import calculs as bataille_d6_calculs
from browser_engine.modele_liste import options_du_groupe
from browser_engine.schema_lite import GENERIC_CODES
from tests.engine_support import ROOT, codes_nommes, load_bundle

EXAMPLES = sorted((ROOT / "data" / "bataille-d6" / "listes").glob("*.yaml"))
STABLE_CODES = {
    "D6_BUDGET_DEPASSE", "D6_HEROS_MAX", "D6_SORCIERS_MAX", "D6_OBJET_HORS_HEROS", "D6_SORTS_HORS_SORCIER",
    "D6_SORTS_NOMBRE", "D6_VALEUR_HORS_TABLE", "D6_HEROS_SANS_OBJET", "D6_SORCIER_SANS_SORTS",
    "D6_PERSONNAGE_GROUPE", "LISTE_JEU_DIFFERENT", "LISTE_CHAMP_INCONNU", "LISTE_CHAMP_MANQUANT", "LISTE_TYPE",
    "LISTE_VALEUR_INCONNUE", "LISTE_HORS_BORNES", "LISTE_LONGUEUR_TEXTE", "LISTE_FORMAT_TEXTE",
    "LISTE_NOMBRE_ELEMENTS", "LISTE_DOUBLON",
}


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("bataille-d6")


def entry_ids(bundle: dict[str, Any]) -> set[str]:
    return {e["id"] for key, value in bundle.items() if isinstance(value, list)
            for e in value if isinstance(e, dict) and "id" in e}


def schema_codes(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        custom = node.get("x-code")
        found |= set(custom.values()) if isinstance(custom, dict) else {custom} if custom else set()
        for child in node.values():
            found |= schema_codes(child)
    elif isinstance(node, list):
        for child in node:
            found |= schema_codes(child)
    return found


def test_error_codes_are_stable(bundle):
    codes = {r["code"] for r in bundle["regles_liste"]}
    model_codes = {g["hors_choix"]["code"] for g in bundle["modele_liste"]["entrees"][0]["choix"] if "hors_choix" in g}
    codes |= model_codes | {"LISTE_JEU_DIFFERENT"} | set(GENERIC_CODES.values())
    codes |= schema_codes(bundle["schemas"]["liste"])
    assert codes == STABLE_CODES


def test_rules_are_well_formed(bundle):
    rules = bundle["regles_liste"]
    assert len({r["code"] for r in rules}) == len(rules)
    ids = entry_ids(bundle)
    for rule in rules:
        assert rule["regle"] in ids, rule["id"]
        assert rule["severite"] in ("erreur", "avertissement")
        for bound in rule["borne"].values():
            assert noms_utilises(bound) <= {"format", "cout", "nb_entrees"}, rule["id"]
        allowed = {"valeur", "ecart", "format", "cout", "nb_entrees", *rule["borne"]}
        if rule["portee"] == "entree":
            allowed |= {"nom", "numero", "entree"}
        assert set(re.findall(r"\{([a-z_]+)\}", rule["message"])) <= allowed, rule["id"]


def test_rule_data_matches_its_schema(bundle):
    schema = json.loads((ROOT / "schemas" / "regles_liste.schema.json").read_text(encoding="utf-8"))
    item = schema["$defs"]["entree"]
    for rule in bundle["regles_liste"]:
        for key in rule:
            assert key in item["properties"], key
        assert sum(k in rule for k in ("somme", "compte", "longueur")) == 1


def test_calculations_are_declared_and_implemented(bundle):
    declared = {c["calcul"]: c for c in bundle["calculs"]}
    as_data = {key for key, c in declared.items() if "des_libres" in c}  # « Dés libres » templates (issue 36)
    assert as_data == {"attaque", "initiative"}
    assert set(declared) - as_data == set(bataille_d6_calculs.CALCULS) == {"pillage", "sorts", "objets", "hache",
                                                                           "pillage_partie", "initiative_camps"}
    ids = entry_ids(bundle)
    pages = {p["id"] for p in bundle["jeu"]["pages"]}
    for calcul in declared.values():
        assert calcul["page"] in pages
        assert set(calcul["regles"]) <= ids, calcul["id"]
        for param in calcul["parametres"]:
            if param["type"] == "entier":
                assert param["min"] <= param["defaut"] <= param["max"], param["id"]
            else:
                assert isinstance(param["defaut"], bool)
    assert [p["id"] for p in declared["attaque"]["parametres"]] == [
        "valeur", "armure", "malus_armure", "couverts", "relance_sauvegarde", "attaques"]
    ranges = {p["id"]: (p.get("min"), p.get("max")) for p in declared["attaque"]["parametres"]}
    assert ranges == {"valeur": (1, 6), "armure": (0, 5), "malus_armure": (0, 3), "couverts": (0, 3),
                      "relance_sauvegarde": (None, None), "attaques": (1, 30)}


def test_cost_table_is_read_from_the_data(bundle):
    groups = {g["id"]: g for g in bundle["modele_liste"]["entrees"][0]["choix"]}

    def costs(name):
        options = options_du_groupe(bundle, {**groups[name], "_sortes": ["points"]})
        return {o["valeur"]: o["couts"]["points"] for o in options}

    assert costs("melee")[0] is None
    assert costs("armure")[0] == 1
    assert costs("mouvement")["vol"] == 5


def test_bundle_is_plain_json(bundle):
    assert json.loads(json.dumps(bundle)) == bundle


# --- example lists ---------------------------------------------------------------------------

def header(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    return " ".join(line.lstrip("# ") for line in lines if line.startswith("#"))


def test_there_are_valid_and_invalid_examples():
    assert len(EXAMPLES) >= 6
    headers = [header(p) for p in EXAMPLES]
    assert sum(h.startswith("Liste valide") for h in headers) >= 2
    assert sum(h.startswith("Liste invalide") for h in headers) >= 4


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_list_breaks_exactly_the_rule_its_header_names(bundle, path):
    text = header(path)
    assert text, f"{path.name} : un commentaire d'en-tête explique ce que montre la liste"
    named = codes_nommes(bundle, text)
    report = valider(bundle, lire_liste(path.read_bytes()))
    errors = {v["code"] for v in report["erreurs"]}
    warnings = {v["code"] for v in report["avertissements"]}
    if text.startswith("Liste valide"):
        assert report["valide"] is True
        assert warnings == named
    else:
        assert text.startswith("Liste invalide")
        assert len(named) == 1 and errors == named and len(report["erreurs"]) == 1
        assert warnings == set()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_examples_agree_with_jsonschema(bundle, path):
    document = lire_liste(path.read_bytes())
    validator = jsonschema.Draft202012Validator(bundle["schemas"]["liste"])
    reference = {"".join(f"/{p}" for p in e.absolute_path) for e in validator.iter_errors(document)}
    pointers = {v["chemin"] for v in valider(bundle, document)["erreurs"]}
    for pointer in reference:
        assert any(p == pointer or p.startswith(pointer + "/") for p in pointers), pointer
