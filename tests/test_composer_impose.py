"""What the rules fill in by themselves in the builder (browser_engine/composer_impose.py, issue 35).

Expected values come from the game data (the rules' bounds in data/<jeu>/regles-liste.yaml, the
example lists of data/<jeu>/listes/) and the rulebook's numbers quoted there, never from the
engine's answer. Also: with no entry yet, a Tamashii rule of one mode applies only in that mode.
"""
from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml

from browser_engine.composer import epuiser
from browser_engine.composer_impose import imposer_pas, propositions
from browser_engine.validation import valider
from tests.engine_support import load_bundle as bundle

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def regles(jeu: str) -> list[dict]:
    return yaml.safe_load((DATA / jeu / "regles-liste.yaml").read_text(encoding="utf-8"))["regles_liste"]


def regle(jeu: str, ident: str) -> dict:
    return next(r for r in regles(jeu) if r["id"] == ident)


def exemple(jeu: str, debut: str) -> dict:
    fichier = next((DATA / jeu / "listes").glob(debut + "*.yaml"))
    return yaml.safe_load(fichier.read_text(encoding="utf-8"))


def borne(jeu: str, ident: str, joueurs: int) -> int:
    """A rule's exact bound, an arithmetic expression of `format` (« format + 1 », « 4 * format »)."""
    expression = str(regle(jeu, ident)["borne"]["exact"])
    assert set(expression) <= set("format0123456789+* ")
    return int(eval(expression, {"__builtins__": {}}, {"format": joueurs}))  # noqa: S307 - checked above


def imposer(jeu: str, liste: dict, remplis: dict | None = None) -> dict:
    return epuiser(imposer_pas(bundle(jeu), liste, {"remplis": remplis or {}}))


def appliquer(liste: dict, impose: dict) -> dict:
    """The list as the builder writes it with the engine's answer (composer-impose.js)."""
    from browser_engine.composer_impose import ecrire, retirer

    out = copy.deepcopy(liste)
    out.setdefault("entrees", []).extend(copy.deepcopy(impose["entrees"]))
    for p in impose["retires"]:
        retirer(out, p)
    for p, v in impose["valeurs"].items():
        ecrire(out, p, v)
    return out


# --- Hate: the fixed tribe --------------------------------------------------------------------


def test_hate_new_list_gets_the_tribe_the_composition_rules_count() -> None:
    composition = {r["selecteur"]["type"]: r["borne"]["exact"] for r in regles("hate")
                   if r["id"].startswith("composition-") and r.get("compte") == "entrees"}
    # The book (« Description des cartes de figurines »): 1 Prince, 1 Shaman, 1 Champion, 6 guerriers, 2 jeunes-sang.
    assert composition == {"prince": 1, "shaman": 1, "champion": 1, "guerrier": 6, "jeune-sang": 2}
    schema = bundle("hate")["schemas"]["liste"]
    liste = {"jeu": "hate", "format": schema["properties"]["format"]["const"], "entrees": []}
    r = imposer("hate", liste)
    assert Counter(e["type"] for e in r["entrees"]) == Counter(composition)
    assert all(set(e) == {"type"} for e in r["entrees"])
    rempli = appliquer(liste, r)
    assert len(rempli["entrees"]) == rempli["format"]
    codes = {v["code"] for v in valider(bundle("hate"), rempli)["erreurs"]}
    assert regle("hate", "composition-un-prince")["code"] not in codes


def test_a_list_with_entries_gets_no_entry() -> None:
    liste = {"jeu": "hate", "format": 11, "entrees": [{"type": "prince"}]}
    assert imposer("hate", liste)["entrees"] == []


@pytest.mark.parametrize("jeu", ["hami", "bataille-d6", "kharn-ages"])
def test_no_kind_counted_exactly_no_entry_added(jeu: str) -> None:
    """HAMI, Bataille d6 and Khârn-Âges count no entry kind exactly: a new list stays empty.

    Khârn-Âges counts exactly one leader, but a leader is a box of any profile, not a kind.
    """
    schema = bundle(jeu)["schemas"]["liste"]
    formats = schema["properties"]["format"]
    liste = {"jeu": jeu, "format": formats.get("default", (formats.get("x-depart") or {}).get("valeur", 1)), "entrees": []}
    assert imposer(jeu, liste)["entrees"] == []


# --- Tamashii: player, Sac, Marché des Corps, Réserve -------------------------------------------


def test_tamashii_new_list_gets_one_player_per_player_count() -> None:
    assert regle("tamashii", "une-entree-par-joueur")["borne"] == {"exact": "format"}
    r = imposer("tamashii", {"jeu": "tamashii", "format": 1, "entrees": []})
    assert len(r["entrees"]) == 1


def test_tamashii_sac_is_the_starting_bag_of_the_example() -> None:
    """Step 4: 3 of each of the 4 types, 1 more of the Données Essentielles (13): the example's bags."""
    liste = exemple("tamashii", "02-")
    attendu = liste["entrees"][0]["sac"]
    assert sum(attendu.values()) == 13 and attendu[liste["entrees"][0]["donnees_essentielles"]] == 4
    del liste["entrees"][0]["sac"]
    r = imposer("tamashii", liste)
    assert r["valeurs"] == {"/entrees/0/sac": attendu}


def test_tamashii_sac_follows_the_donnees_essentielles_until_the_player_changes_it() -> None:
    liste = exemple("tamashii", "02-")
    sac = liste["entrees"][0]["sac"]
    # The rules filled this Sac; the player now picks another type of Données Essentielles.
    liste["entrees"][0]["donnees_essentielles"] = "vert"
    r = imposer("tamashii", liste, {"/entrees/0/sac": sac})
    nouveau = r["valeurs"]["/entrees/0/sac"]
    assert nouveau["vert"] == 4 and sum(nouveau.values()) == 13 and set(nouveau) == set(sac)
    # The same Sac, but the player's (not among the values the rules filled): kept.
    assert "/entrees/0/sac" not in imposer("tamashii", liste)["valeurs"]


def test_tamashii_marche_and_reserve_are_filled_from_the_player_count() -> None:
    liste = exemple("tamashii", "02-")
    joueurs = liste["format"]
    marche = borne("tamashii", "marche-des-corps-de-depart", joueurs)
    reserve = borne("tamashii", "reserve-corrompues-geo-chasse", joueurs)
    assert (marche, reserve) == (liste["options"]["marche_des_corps"], liste["options"]["reserve_corrompues"])
    del liste["options"]["marche_des_corps"], liste["options"]["reserve_corrompues"]
    r = imposer("tamashii", liste)
    assert r["valeurs"] == {"/options/marche_des_corps": marche, "/options/reserve_corrompues": reserve}
    assert valider(bundle("tamashii"), appliquer(liste, r))["valide"]


def test_tamashii_filled_values_follow_the_player_count() -> None:
    liste = exemple("tamashii", "02-")
    remplis = {"/options/marche_des_corps": liste["options"]["marche_des_corps"],
               "/options/reserve_corrompues": liste["options"]["reserve_corrompues"]}
    liste["format"] = 2
    del liste["entrees"][2]
    r = imposer("tamashii", liste, remplis)
    assert r["valeurs"] == {"/options/marche_des_corps": borne("tamashii", "marche-des-corps-de-depart", 2),
                            "/options/reserve_corrompues": borne("tamashii", "reserve-corrompues-geo-chasse", 2)}
    assert valider(bundle("tamashii"), appliquer(liste, r))["valide"]


def test_tamashii_a_value_the_player_changed_is_kept() -> None:
    liste = exemple("tamashii", "02-")
    liste["options"]["marche_des_corps"] = 6  # the player's, not among the values the rules filled
    remplis = {"/options/reserve_corrompues": liste["options"]["reserve_corrompues"]}
    liste["format"] = 2
    del liste["entrees"][2]
    r = imposer("tamashii", liste, remplis)
    assert "/options/marche_des_corps" not in r["valeurs"] and "/options/marche_des_corps" not in r["remplis"]
    assert r["valeurs"]["/options/reserve_corrompues"] == borne("tamashii", "reserve-corrompues-geo-chasse", 2)


def test_tamashii_prologue_fills_no_marche() -> None:
    """The Prologue skips step 5 (no Marché des Corps); its reserve is the Prologue's 16."""
    assert regle("tamashii", "reserve-corrompues-prologue")["borne"]["exact"] == 16
    liste = {"jeu": "tamashii", "format": 1, "options": {"mode": "prologue"}, "entrees": [{}]}
    r = imposer("tamashii", liste)
    assert "/options/marche_des_corps" not in r["valeurs"]
    assert r["valeurs"]["/options/reserve_corrompues"] == 16


def test_a_message_naming_several_values_fills_nothing() -> None:
    rapport = {"erreurs": [{"parties": ["Choisissez ", {"champ": "/options/mode", "valeur": "solo"}, " ou ",
                                        {"champ": "/options/mode", "valeur": "cooperatif"}]},
                           {"parties": ["Réglez ", {"champ": "/entrees/-/meneur", "valeur": True}]},
                           {"parties": ["Retirez ", {"champ": "/entrees/0/objet"}, " ou choisissez ",
                                        {"champ": "/entrees/0/role", "valeur": "heros"}]},
                           {"parties": ["Dites quel mercenaire c'est, par exemple ",
                                        {"champ": "/entrees/11/mercenaire", "valeur": "char"}, "."]},
                           {"parties": ["Sauf avec ", {"champ": "/journal/affrontements/0/onze_figurines", "valeur": True}]},
                           {"parties": ["Réglez ", {"champ": "/options/marche_des_corps", "valeur": 3}]}]}
    assert propositions(rapport) == {"/options/marche_des_corps": 3}


def test_a_choice_between_two_fixes_is_left_to_the_player() -> None:
    """Bataille d6: a troop with an objet is « retirez l'objet ou choisissez Héros »: nothing is filled."""
    liste = next(yaml.safe_load(f.read_text(encoding="utf-8")) for f in sorted((DATA / "bataille-d6" / "listes").glob("*.yaml"))
                 if any("objet" in e and "role" not in e for e in yaml.safe_load(f.read_text(encoding="utf-8"))["entrees"]))
    assert imposer("bataille-d6", liste)["valeurs"] == {}


# --- A new Tamashii setup: the rules of the chosen mode only -----------------------------------


def _codes_hors_mode(mode: str) -> set[str]:
    """Codes of rules that apply only in other modes (their `si` names modes without this one)."""
    out = set()
    for r in regles("tamashii"):
        si = (r.get("si") or {}).get("mode")
        modes = si.get("parmi") if isinstance(si, dict) else [si] if isinstance(si, str) else None
        if modes is not None and mode not in modes:
            out.add(r["code"])
    avec = {r["code"] for r in regles("tamashii") if mode in (lambda s: s.get("parmi", []) if isinstance(s, dict) else [s])(
        (r.get("si") or {}).get("mode"))}
    return out - avec


@pytest.mark.parametrize("mode", ["solo", "cooperatif", "competitif", "prologue"])
def test_tamashii_empty_setup_reports_only_its_mode(mode: str) -> None:
    r = valider(bundle("tamashii"), {"jeu": "tamashii", "format": 1, "options": {"mode": mode}, "entrees": []})
    codes = {v["code"] for v in r["erreurs"]}
    assert not codes & _codes_hors_mode(mode)


def test_tamashii_empty_setup_without_mode_reports_no_mode_rule() -> None:
    r = valider(bundle("tamashii"), {"jeu": "tamashii", "format": 1, "entrees": []})
    modes = {x["code"] for x in regles("tamashii") if (x.get("si") or {}).get("mode")}
    assert not {v["code"] for v in r["erreurs"]} & (modes - {regle("tamashii", "une-entree-par-joueur")["code"]})


def test_tamashii_marche_set_is_not_missing() -> None:
    joueurs = 1
    marche = borne("tamashii", "marche-des-corps-de-depart", joueurs)
    r = valider(bundle("tamashii"), {"jeu": "tamashii", "format": joueurs, "entrees": [],
                                     "options": {"mode": "cooperatif", "marche_des_corps": marche}})
    assert not [v for v in r["erreurs"] if v["chemin"].startswith("/options/marche") or "Marché" in v["message"]]


def test_tamashii_a_player_more_gets_an_entry_and_its_bag() -> None:
    liste = exemple("tamashii", "02-")
    del liste["entrees"][2]  # three players announced, two described
    r = imposer("tamashii", liste)
    assert r["entrees"] == [{}]
    sac = r["valeurs"]["/entrees/2/sac"]
    assert sorted(sac.values()) == [3, 3, 3, 3]  # step 4a; its Données Essentielles are still to choose
