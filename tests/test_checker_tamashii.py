"""Tamashii's setup checker (issue 12, V): every rule of the spec's §2a–§2e, as the book states it.

Each rule fires on a minimal bad setup, at its pointer, and not on the good setup it was made from;
the example setups get the verdict their comment announces; hostile documents get French messages
and never crash the engine; the command line exits with 0, 1 or 2.

The data type names used here (rouge, bleu, vert, jaune) are labels a player chooses: the book does
not name the 4 basic data types (only « Rouges » appears once), and the checker never relies on them.
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from browser_engine import ErreurEntree, lire_liste, valider
from browser_engine.jeux.tamashii import liste as tamashii
from browser_engine.jeux.tamashii import liste_setup as tamashii_setup
from tests.engine_support import DATA, ROOT, check_example_list, load_bundle

LISTES = DATA / "tamashii" / "listes"
TYPES = ["rouge", "bleu", "vert", "jaune"]
CLASSES = ["faucheur", "bagarreur", "fraudeur", "chuchoteur"]
DEPARTS = ["abri", "district-devaste-2", "district-devaste-3", "district-devaste-5"]
AUGMENTATIONS = {"cooperatif": ["commune", "coop"], "solo": ["commune", "solo-jcj"],
                 "competitif": ["commune", "solo-jcj"]}
REGLES = yaml.safe_load((DATA / "tamashii" / "regles-liste.yaml").read_text("utf-8"))["regles_liste"]


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("tamashii")


def sac(essentiel: str) -> dict[str, int]:
    """The book's starting bag (step 4): 3 of each basic type, 1 more of the essential one."""
    return {t: 3 + (t == essentiel) for t in TYPES}


def joueur(mode: str, rang: int) -> dict[str, Any]:
    entree: dict[str, Any] = {"nom": f"Joueur {rang + 1}", "plateau": rang + 1, "donnees_essentielles": TYPES[rang],
                              "sac": sac(TYPES[rang])}
    if mode != "prologue":
        entree.update(classe=CLASSES[rang], augmentations_de_depart=list(AUGMENTATIONS[mode]))
    if mode in ("cooperatif", "solo"):
        entree["protocoles"] = 1
    if mode == "competitif":
        entree["tuile_depart"] = DEPARTS[rang]
    return entree


def partie(mode: str, joueurs: int = 2) -> dict[str, Any]:
    """A good setup of a mode: every rule is met, the board → essential data mapping is supplied.

    The Body Market shows players + 1 cards (step 5, l. 284; not in the Prologue); the corrupted
    reserve holds 16 tokens in the Prologue (l. 333) and 4 per player otherwise (Géo Chasse's count,
    l. 1087, within the box's 16; none in competitive). Alone, the game is the solo mode (l. 1337):
    the BOT with its 5 Batteries (l. 1341) and, where step 3c is played, the « Solo/JcJ » card.
    """
    options: dict[str, Any] = {"mode": mode, "plateaux": list(TYPES)}
    if mode == "solo":
        joueurs = 1
    if mode != "prologue":
        options["marche_des_corps"] = joueurs + 1
    if mode != "competitif":
        options["reserve_corrompues"] = 16 if mode == "prologue" else 4 * joueurs
    if joueurs == 1 and mode != "competitif":
        options["bot_jordan"] = {"batteries": 5}
    if mode == "competitif":
        options.update(duree="courte", cartes_generateur={"plan": 1, "conditions": 1, "renforcement": 1, "jcj": 1})
    entrees = [joueur(mode, i) for i in range(joueurs)]
    if joueurs == 1 and mode == "cooperatif":
        entrees[0]["augmentations_de_depart"] = list(AUGMENTATIONS["solo"])
    return {"jeu": "tamashii", "nom": "Essai", "format": joueurs, "options": options, "entrees": entrees}


def violations(rapport: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v["code"], v["chemin"]) for v in rapport["erreurs"] + rapport["avertissements"]]


@pytest.mark.parametrize("mode", ["prologue", "cooperatif", "solo", "competitif"])
@pytest.mark.parametrize("joueurs", [1, 2, 3, 4])
def test_good_setups_pass_cleanly(bundle, mode, joueurs):
    if (mode == "solo" and joueurs > 1) or (mode == "competitif" and joueurs < 2):
        return
    rapport = valider(bundle, partie(mode, joueurs))
    assert rapport["valide"] is True, rapport["erreurs"]
    assert rapport["avertissements"] == []
    assert rapport["details"]["mode"] == mode and rapport["details"]["joueurs"] == (1 if mode == "solo" else joueurs)


# --- every rule fires on a minimal bad setup --------------------------------------------------

Change = Callable[[dict[str, Any]], None]


def e(i: int, **champs: Any) -> Change:
    """Set fields of player i (None removes the field)."""
    def change(doc: dict[str, Any]) -> None:
        for k, v in champs.items():
            if v is None:
                doc["entrees"][i].pop(k, None)
            else:
                doc["entrees"][i][k] = v
    return change


def o(**champs: Any) -> Change:
    """Set options (None removes the option)."""
    def change(doc: dict[str, Any]) -> None:
        for k, v in champs.items():
            if v is None:
                doc["options"].pop(k, None)
            else:
                doc["options"][k] = v
    return change


def etat(i: int, **champs: Any) -> Change:
    def change(doc: dict[str, Any]) -> None:
        doc["entrees"][i].setdefault("etat", {}).update(champs)
    return change


def both(*changes: Change) -> Change:
    def change(doc: dict[str, Any]) -> None:
        for c in changes:
            c(doc)
    return change


def fmt(n: int) -> Change:
    def change(doc: dict[str, Any]) -> None:
        doc["format"] = n
    return change


def ajoute_joueur(mode: str) -> Change:
    def change(doc: dict[str, Any]) -> None:
        doc["entrees"].append(joueur(mode, len(doc["entrees"])))
    return change


def classe_de(i: int, classe: str) -> Change:
    return e(i, classe=classe)


AUTRE_CLASSE = {"origine": "classe", "classe": "bagarreur", "equipee": True}
# (rule id, or None for a schema check; mode; players; change; code; pointer; severity)
CAS: list[tuple[str | None, str, int, Change, str, str, str]] = [
    ("une-entree-par-joueur", "cooperatif", 2, fmt(3), "TAM_JOUEURS", "/entrees", "erreur"),
    ("une-entree-par-joueur", "cooperatif", 2, fmt(1), "TAM_JOUEURS", "/entrees/1", "erreur"),
    (None, "cooperatif", 2, fmt(5), "TAM_JOUEURS", "/format", "erreur"),
    ("plateau-different", "cooperatif", 2, e(1, plateau=1), "TAM_PLATEAU_UNIQUE", "/entrees/1/plateau", "erreur"),
    (None, "cooperatif", 2, e(0, plateau=5), "TAM_PLATEAU", "/entrees/0/plateau", "erreur"),
    ("quatre-verrous", "cooperatif", 2, e(0, verrous=3), "TAM_VERROUS", "/entrees/0/verrous", "erreur"),
    ("trace-a-zero", "cooperatif", 2, e(0, trace=1), "TAM_TRACE_DEPART", "/entrees/0/trace", "erreur"),
    ("atouts-a-zero", "solo", 1, e(0, atouts={"bouclier": 0, "relance": 1}), "TAM_ATOUTS_DEPART",
     "/entrees/0/atouts", "erreur"),
    ("integrite-de-depart", "cooperatif", 2, e(1, integrite=4), "TAM_INTEGRITE_DEPART", "/entrees/1/integrite",
     "erreur"),
    ("regulateur-de-depart", "cooperatif", 2, e(0, integrite_max=6), "TAM_INTEGRITE_DEPART",
     "/entrees/0/integrite_max", "erreur"),
    ("donnees-essentielles-du-plateau", "cooperatif", 2, e(1, donnees_essentielles="rouge", sac=sac("rouge")),
     "TAM_ESSENTIELLES", "/entrees/1/donnees_essentielles", "erreur"),
    ("donnees-essentielles-a-fournir", "cooperatif", 2, o(plateaux=None), "TAM_ESSENTIELLES_NON_VERIFIABLE",
     "/options", "avertissement"),
    ("trois-cartes-reference", "cooperatif", 2, e(0, cartes_reference=2), "TAM_DOTATION",
     "/entrees/0/cartes_reference", "avertissement"),
    ("classe-choisie", "cooperatif", 2, e(0, classe=None), "TAM_CLASSE", "/entrees/0", "erreur"),
    ("classe-differente", "competitif", 3, classe_de(2, "faucheur"), "TAM_CLASSE", "/entrees/2/classe", "erreur"),
    (None, "solo", 1, e(0, classe="ninja"), "TAM_CLASSE", "/entrees/0/classe", "erreur"),
    ("augmentations-de-depart-coop", "cooperatif", 2, e(0, augmentations_de_depart=["commune", "solo-jcj"]),
     "TAM_AUGM_DEPART", "/entrees/0/augmentations_de_depart", "erreur"),
    ("augmentations-de-depart-coop", "cooperatif", 2, e(1, augmentations_de_depart=None),
     "TAM_AUGM_DEPART", "/entrees/1/augmentations_de_depart", "erreur"),
    ("augmentations-de-depart-coop", "cooperatif", 2, e(1, augmentations_de_depart=["commune", "coop", "coop"]),
     "TAM_AUGM_DEPART", "/entrees/1/augmentations_de_depart", "erreur"),
    ("augmentations-de-depart-solo", "solo", 1, e(0, augmentations_de_depart=["commune", "coop"]),
     "TAM_AUGM_DEPART", "/entrees/0/augmentations_de_depart", "erreur"),
    ("protocole-un", "cooperatif", 2, e(0, protocoles=None), "TAM_PROTOCOLE", "/entrees/0/protocoles", "erreur"),
    ("protocole-un", "solo", 1, e(0, protocoles=2), "TAM_PROTOCOLE", "/entrees/0/protocoles", "erreur"),
    ("corps-marcheur", "cooperatif", 2, e(0, corps="soldat"), "TAM_CORPS_DEPART", "/entrees/0/corps", "erreur"),
    ("sac-de-depart", "cooperatif", 2, e(0, sac=sac("bleu")), "TAM_SAC", "/entrees/0/sac", "erreur"),
    ("sac-de-depart", "cooperatif", 2, e(0, sac={**sac("rouge"), "corrompues": 1}), "TAM_SAC", "/entrees/0/sac",
     "erreur"),
    ("sac-de-depart", "cooperatif", 2, e(0, sac={**sac("rouge"), "violet": 3}), "TAM_SAC", "/entrees/0/sac",
     "erreur"),
    ("marche-des-corps-de-depart", "cooperatif", 3, o(marche_des_corps=3), "TAM_MARCHE",
     "/options/marche_des_corps", "erreur"),
    ("marche-des-corps-a-poser", "competitif", 2, o(marche_des_corps=None), "TAM_MARCHE", "/options", "erreur"),
    ("reserve-prologue-a-poser", "prologue", 2, o(reserve_corrompues=None), "TAM_RESERVE_CORROMPUE", "/options",
     "erreur"),
    ("reserve-geo-chasse-a-poser", "solo", 1, o(scenario="geo-chasse", reserve_corrompues=None),
     "TAM_RESERVE_CORROMPUE", "/options", "erreur"),
    ("reserve-a-poser", "cooperatif", 3, o(reserve_corrompues=None), "TAM_RESERVE_CORROMPUE", "/options", "erreur"),
    ("reserve-corrompues-seize", "cooperatif", 2, o(reserve_corrompues=17), "TAM_RESERVE_CORROMPUE",
     "/options/reserve_corrompues", "erreur"),
    ("reserve-corrompues-prologue", "prologue", 2, o(scenario="prologue", reserve_corrompues=15),
     "TAM_RESERVE_CORROMPUE", "/options/reserve_corrompues", "erreur"),
    ("reserve-corrompues-geo-chasse", "cooperatif", 2, o(scenario="geo-chasse", reserve_corrompues=16),
     "TAM_RESERVE_CORROMPUE", "/options/reserve_corrompues", "erreur"),
    ("depart-prologue", "prologue", 2, both(o(scenario="prologue"), e(1, tuile_depart="abri")),
     "TAM_DEPART_SCENARIO", "/entrees/1/tuile_depart", "erreur"),
    ("depart-geo-chasse", "cooperatif", 2, both(o(scenario="geo-chasse"), e(0, tuile_depart="district-devaste-2")),
     "TAM_DEPART_SCENARIO", "/entrees/0/tuile_depart", "erreur"),
    ("scenario-non-decrit", "solo", 1, o(scenario="ma-fiche"), "TAM_SCENARIO_NON_VERIFIABLE", "/options/scenario",
     "avertissement"),
    ("prologue-se-joue-en-mode-prologue", "cooperatif", 2, o(scenario="prologue"), "TAM_MODE", "/options/mode",
     "erreur"),
    ("prologue-et-scenario", "prologue", 2, o(scenario="geo-chasse"), "TAM_MODE", "/options/scenario", "erreur"),
    (None, "prologue", 2, o(mode="versus"), "TAM_MODE", "/options/mode", "erreur"),
    ("prologue-sans-trace", "prologue", 2, e(0, trace=0), "TAM_ETAPES_PROLOGUE", "/entrees/0/trace", "erreur"),
    ("prologue-sans-classe", "prologue", 2, e(1, classe="fraudeur"), "TAM_ETAPES_PROLOGUE", "/entrees/1/classe",
     "erreur"),
    ("prologue-sans-augmentation", "prologue", 2, e(0, augmentations_de_depart=["commune"]), "TAM_ETAPES_PROLOGUE",
     "/entrees/0/augmentations_de_depart", "erreur"),
    ("prologue-sans-protocole", "prologue", 2, e(0, protocoles=1), "TAM_ETAPES_PROLOGUE", "/entrees/0/protocoles",
     "erreur"),
    ("prologue-sans-marche", "prologue", 2, o(marche_des_corps=3), "TAM_ETAPES_PROLOGUE",
     "/options/marche_des_corps", "erreur"),
    ("solo-un-joueur", "solo", 1, both(fmt(2), ajoute_joueur("solo")), "TAM_SOLO_JOUEURS", "/entrees/1", "erreur"),
    ("solo-bot-jordan", "solo", 1, o(bot_jordan=None), "TAM_SOLO_BOT", "/options", "erreur"),
    ("solo-bot-jordan", "prologue", 1, o(bot_jordan=None), "TAM_SOLO_BOT", "/options", "erreur"),
    ("solo-batteries", "prologue", 1, o(bot_jordan={"batteries": 3}), "TAM_SOLO_BOT", "/options/bot_jordan",
     "erreur"),
    ("augmentations-de-depart-solo", "cooperatif", 1, e(0, augmentations_de_depart=["commune", "coop"]),
     "TAM_AUGM_DEPART", "/entrees/0/augmentations_de_depart", "erreur"),
    ("solo-batteries", "solo", 1, o(bot_jordan={"batteries": 4}), "TAM_SOLO_BOT", "/options/bot_jordan", "erreur"),
    ("solo-batteries", "solo", 1, o(bot_jordan={}), "TAM_SOLO_BOT", "/options/bot_jordan", "erreur"),
    ("bot-hors-solo", "cooperatif", 2, o(bot_jordan={"batteries": 5}), "TAM_SOLO_BOT", "/options/bot_jordan",
     "avertissement"),
    ("bot-hors-solo", "prologue", 3, o(bot_jordan={"batteries": 5}), "TAM_SOLO_BOT", "/options/bot_jordan",
     "avertissement"),
    ("competitif-deux-joueurs", "competitif", 2, both(fmt(1), lambda d: d["entrees"].pop()), "TAM_CMP_JOUEURS",
     "/entrees", "erreur"),
    ("competitif-augmentations", "competitif", 2, e(1, augmentations_de_depart=["commune", "coop"]), "TAM_CMP_AUGM",
     "/entrees/1/augmentations_de_depart", "erreur"),
    ("competitif-un-protocole-au-plus", "competitif", 2, e(0, protocoles=2), "TAM_PROTOCOLE",
     "/entrees/0/protocoles", "erreur"),
    ("competitif-sans-protocole", "competitif", 2, e(0, protocoles=1), "TAM_CMP_PROTOCOLE", "/entrees/0/protocoles",
     "avertissement"),
    ("competitif-duree", "competitif", 2, o(duree=None), "TAM_CMP_DUREE", "/options", "erreur"),
    ("competitif-temps-court", "competitif", 2, o(temps=6), "TAM_CMP_DUREE", "/options/temps", "erreur"),
    ("competitif-temps-moyen", "competitif", 2, o(duree="moyenne", temps=5), "TAM_CMP_DUREE", "/options/temps",
     "erreur"),
    ("competitif-temps-long", "competitif", 2, o(duree="longue", temps=7), "TAM_CMP_DUREE", "/options/temps",
     "erreur"),
    ("competitif-cartes", "competitif", 2, o(cartes_generateur={"plan": 1, "conditions": 1, "renforcement": 1}),
     "TAM_CMP_CARTES", "/options/cartes_generateur", "erreur"),
    ("competitif-cartes", "competitif", 2, o(cartes_generateur=None), "TAM_CMP_CARTES",
     "/options/cartes_generateur", "erreur"),
    ("competitif-tuile-de-depart", "competitif", 2, e(0, tuile_depart="repaire-des-chercheurs"), "TAM_CMP_DEPART",
     "/entrees/0/tuile_depart", "erreur"),
    ("competitif-tuile-de-depart", "competitif", 2, e(1, tuile_depart=None), "TAM_CMP_DEPART",
     "/entrees/1/tuile_depart", "erreur"),
    ("competitif-departs-differents", "competitif", 3, e(2, tuile_depart="abri"), "TAM_CMP_DEPART",
     "/entrees/2/tuile_depart", "erreur"),
    ("competitif-buts", "competitif", 2, o(buts=3), "TAM_CMP_BUTS", "/options/buts", "erreur"),
    ("competitif-buts", "competitif", 4, o(buts=4), "TAM_CMP_BUTS", "/options/buts", "erreur"),
    ("competitif-sans-reserve", "competitif", 2, o(reserve_corrompues=8), "TAM_CMP_CORROMPUES",
     "/options/reserve_corrompues", "avertissement"),
    ("competitif-sans-scenario", "competitif", 2, o(scenario="geo-chasse"), "TAM_CMP_SCENARIO", "/options/scenario",
     "avertissement"),
    ("generateur-seulement-en-competitif", "cooperatif", 2, o(buts=2), "TAM_CMP_HORS_MODE", "/options",
     "avertissement"),
    ("generateur-seulement-en-competitif", "prologue", 3, o(duree="courte"), "TAM_CMP_HORS_MODE", "/options",
     "avertissement"),
    ("etat-atouts-cinq", "cooperatif", 2, etat(1, atouts={"memoire": 6}), "TAM_ATOUT_MAX",
     "/entrees/1/etat/atouts", "erreur"),
    (None, "cooperatif", 2, etat(1, atouts={"relance": -1}), "TAM_ATOUT_MAX", "/entrees/1/etat/atouts/relance",
     "erreur"),
    ("etat-deux-corps-avances", "cooperatif", 2, etat(0, corps_avances=["A", "B", "C"], corps_actif="A"),
     "TAM_CORPS_MAX", "/entrees/0/etat/corps_avances", "erreur"),
    ("etat-plus-de-marcheur", "cooperatif", 2, etat(0, corps_avances=["Soldat"], corps_actif="marcheur"),
     "TAM_CORPS_MAX", "/entrees/0/etat/corps_actif", "erreur"),
    ("etat-corps-actif-possede", "cooperatif", 2, etat(0, corps_avances=["Soldat"], corps_actif="Autre"),
     "TAM_CORPS_ACTIF", "/entrees/0/etat/corps_actif", "erreur"),
    ("etat-un-protocole", "cooperatif", 2, etat(0, protocoles=2), "TAM_PROTOCOLE_MAX", "/entrees/0/etat/protocoles",
     "erreur"),
    ("etat-etapes-du-protocole", "competitif", 2, etat(0, protocoles=0, etape_protocole=2), "TAM_PROTOCOLE_MAX",
     "/entrees/0/etat/etape_protocole", "erreur"),
    (None, "cooperatif", 2, etat(0, protocoles=1, etape_protocole=4), "TAM_PROTOCOLE_MAX",
     "/entrees/0/etat/etape_protocole", "erreur"),
    ("etat-cases-deverrouillees", "cooperatif", 2, etat(0, cases_deverrouillees=5), "TAM_DEVERROUILLEES",
     "/entrees/0/etat/cases_deverrouillees", "erreur"),
    ("etat-integrite-sous-le-regulateur", "cooperatif", 2, etat(0, integrite=6, integrite_max=5), "TAM_INTEGRITE",
     "/entrees/0/etat/integrite", "erreur"),
    ("etat-regulateur-au-moins-cinq", "cooperatif", 2, etat(0, integrite=3, integrite_max=4), "TAM_INTEGRITE",
     "/entrees/0/etat/integrite_max", "avertissement"),
    ("etat-augmentations-de-classe", "cooperatif", 2, etat(0, augmentations=[AUTRE_CLASSE]), "TAM_AUGM_CLASSE",
     "/entrees/0/etat/augmentations", "erreur"),
    ("etat-casse-retiree", "cooperatif", 2,
     etat(0, augmentations=[{"origine": "faction", "casse": True, "utilisee": True}]), "TAM_CASSE",
     "/entrees/0/etat/augmentations", "erreur"),
    ("etat-deux-augmentations-de-depart", "cooperatif", 2,
     etat(0, augmentations=[{"origine": "classe", "depart": True}] * 3), "TAM_AUGM_DEPART",
     "/entrees/0/etat/augmentations", "erreur"),
    ("etat-stock-donnees-ouvertes", "cooperatif", 2, both(etat(0, donnees_ouvertes=9), etat(1, donnees_ouvertes=8)),
     "TAM_DONNEES_STOCK", "/entrees", "erreur"),
    ("etat-stock-donnees-corrompues", "competitif", 2,
     both(etat(0, donnees_corrompues=10), etat(1, donnees_corrompues=7)), "TAM_DONNEES_STOCK", "/entrees", "erreur"),
]


@pytest.mark.parametrize(("regle", "mode", "joueurs", "change", "code", "chemin", "severite"), CAS,
                         ids=[f"{c[0] or 'schema'}-{i}" for i, c in enumerate(CAS)])
def test_each_rule_fires_at_its_pointer(bundle, regle, mode, joueurs, change, code, chemin, severite):
    bon = partie(mode, joueurs)
    assert violations(valider(bundle, bon)) == []
    mauvais = copy.deepcopy(bon)
    change(mauvais)
    rapport = valider(bundle, mauvais)
    liste = rapport["erreurs"] if severite == "erreur" else rapport["avertissements"]
    trouves = [v for v in liste if (v["code"], v["chemin"]) == (code, chemin)]
    assert len(trouves) == 1, violations(rapport)
    assert rapport["valide"] is (severite != "erreur")
    violation = trouves[0]
    assert violation["regle"] and violation["regle"].startswith("tamashii/"), violation
    if regle is not None:
        declaree = next(r for r in REGLES if r["id"] == regle)
        assert declaree["code"] == code and declaree["severite"] == severite


def test_every_rule_of_the_data_is_exercised():
    assert {r["id"] for r in REGLES} == {c[0] for c in CAS if c[0]}


@pytest.mark.parametrize(("mode", "joueurs", "change"), [
    ("cooperatif", 2, etat(0, atouts={"bouclier": 5, "memoire": 5, "puissance": 5, "relance": 5})),
    ("cooperatif", 2, etat(0, corps_avances=["Soldat", "Autre"], corps_actif="Autre")),
    ("cooperatif", 2, etat(0, corps_actif="marcheur", cases_deverrouillees=4, integrite=7, integrite_max=7)),
    ("cooperatif", 2, etat(0, protocoles=1, etape_protocole=3)),
    ("cooperatif", 2, both(etat(0, donnees_ouvertes=8, donnees_corrompues=16), etat(1, donnees_ouvertes=8))),
    ("cooperatif", 2, etat(0, augmentations=[{"origine": "classe", "classe": "faucheur", "depart": True}] * 2
                           + [{"origine": "faction", "casse": True, "utilisee": False}])),
    ("cooperatif", 3, o(scenario="geo-chasse", reserve_corrompues=12, marche_des_corps=4)),
    ("cooperatif", 4, o(reserve_corrompues=16, marche_des_corps=5)),
    ("solo", 1, o(scenario="geo-chasse", reserve_corrompues=4, marche_des_corps=2)),
    ("prologue", 4, o(scenario="prologue", reserve_corrompues=16)),
    ("competitif", 3, o(duree="moyenne", temps=7, buts=3)),
    ("competitif", 2, o(duree="longue", temps=9, buts=2)),
    ("competitif", 4, e(3, tuile_depart="district-devaste-7")),
    ("competitif", 2, e(0, sac={**sac("rouge"), "ouvertes": 0, "corrompues": 0})),
])
def test_limits_themselves_are_allowed(bundle, mode, joueurs, change):
    doc = partie(mode, joueurs)
    change(doc)
    assert violations(valider(bundle, doc)) == []


def test_messages_give_the_numbers_the_book_gives(bundle):
    doc = partie("cooperatif", 2)
    o(scenario="geo-chasse", reserve_corrompues=16)(doc)
    [erreur] = valider(bundle, doc)["erreurs"]
    assert erreur["message"] == ("Géo Chasse demande une réserve de 8 Données Corrompues avec ce nombre de joueurs, "
                                 "pas 16.")  # 4 × 2 players (l. 1087, « 4x » read as 4 × players)
    doc = partie("cooperatif", 3)
    o(marche_des_corps=2)(doc)
    [erreur] = valider(bundle, doc)["erreurs"]
    assert "montre 2 cartes" in erreur["message"] and "soit 4" in erreur["message"]  # 3 players + 1 (l. 284)


# --- the starting bag ------------------------------------------------------------------------

@pytest.mark.parametrize(("contenu", "essentiel", "ecart"), [
    ({"rouge": 4, "bleu": 3, "vert": 3, "jaune": 3}, "rouge", 0),
    ({"rouge": 3, "bleu": 3, "vert": 3, "jaune": 3}, "rouge", 1),  # the extra essential token is missing
    ({"rouge": 3, "bleu": 4, "vert": 3, "jaune": 3}, "rouge", 2),  # one token of the wrong type: out and in
    ({"rouge": 4, "bleu": 3, "vert": 3}, "rouge", 3),  # a whole type missing
    ({"bleu": 3, "vert": 3, "jaune": 3}, "rouge", 4),  # the essential type missing
    ({"rouge": 4, "bleu": 3, "vert": 3, "jaune": 3, "violet": 2}, "rouge", 2),  # a fifth type
    ({"rouge": 4, "bleu": 3, "vert": 3, "jaune": 3, "ouvertes": 1, "corrompues": 2}, "rouge", 3),
    ({}, "rouge", 13),
    ({"a": 3, "b": 3, "c": 3, "d": 4}, None, 2),  # no essential type named: one more of some type, plus one
])
def test_bag_distance(contenu, essentiel, ecart):
    assert tamashii_setup.ecart_sac(contenu, essentiel) == ecart


# --- the example setups ------------------------------------------------------------------------

EXEMPLES = sorted(LISTES.glob("*.yaml"))


def test_examples_cover_the_four_modes_valid_and_invalid():
    assert len(EXEMPLES) >= 10
    docs = {p.name: yaml.safe_load(p.read_text("utf-8")) for p in EXEMPLES}
    valides = {d["options"]["mode"] for n, d in docs.items() if "invalide" not in n}
    invalides = {d["options"]["mode"] for n, d in docs.items() if "invalide" in n}
    assert valides == invalides == {"prologue", "cooperatif", "solo", "competitif"}
    assert any("etat" in e for d in docs.values() for e in d["entrees"])


@pytest.mark.parametrize("chemin", EXEMPLES, ids=lambda p: p.name)
def test_example_verdicts(bundle, chemin: Path):
    rapport = check_example_list(bundle, chemin, "TAM")
    assert rapport["cout"] is None


# --- hostile input -----------------------------------------------------------------------------

HOSTILES: list[Any] = [
    {"jeu": "tamashii"},
    {"jeu": "tamashii", "format": "deux", "options": [], "entrees": {}},
    {"jeu": "tamashii", "format": 2, "options": {"mode": "solo", "plateaux": {"1": "x"}, "bot_jordan": 5,
                                                 "cartes_generateur": [1], "scenario": 3},
     "entrees": [1, "x", None, [], {}]},
    {"jeu": "tamashii", "format": 1, "options": {"mode": "cooperatif"},
     "entrees": [{"plateau": True, "classe": ["faucheur"], "donnees_essentielles": {"a": 1},
                  "sac": {"rouge": "4", "<b>": -3, "ouvertes": None}, "augmentations_de_depart": "coop",
                  "atouts": [5], "etat": {"atouts": {"memoire": "5"}, "corps_avances": "Soldat",
                                          "augmentations": [1, None, {"casse": "oui"}], "integrite": 10 ** 25,
                                          "buts": [{"pv": "trois"}]}}]},
    {"jeu": "tamashii", "format": 10 ** 29, "options": {"mode": "competitif", "duree": "eternelle", "buts": -1},
     "entrees": [{"nom": "<script>alert(1)</script>", "plateau": 1, "donnees_essentielles": "rouge",
                  "sac": {"rouge": 10 ** 20}, "tuile_depart": "<img src=x>"}]},
]


@pytest.mark.parametrize("document", HOSTILES)
def test_hostile_documents_get_a_report_in_french(bundle, document):
    rapport = valider(bundle, document)
    json.dumps(rapport)
    assert rapport["valide"] is False
    for v in rapport["erreurs"] + rapport["avertissements"]:
        assert v["message"][:1].isupper() or v["message"].startswith("«"), v
        assert not any(mot in v["message"] for mot in ("Traceback", "KeyError", "TypeError", "None"))


def test_player_names_are_shown_as_given_never_interpreted(bundle):
    doc = partie("cooperatif", 2)
    doc["entrees"][0]["nom"] = "<script>alert(1)</script>"
    doc["entrees"][0]["verrous"] = 2
    rapport = valider(bundle, doc)
    assert [v["chemin"] for v in rapport["erreurs"]] == ["/entrees/0/verrous"]
    assert "<script>" not in rapport["erreurs"][0]["message"]  # the engine names players by their number


@pytest.mark.parametrize("texte", [b"\xff\xfe jeu: tamashii", "jeu: [tamashii", "&a jeu: tamashii\n*a: 1", "- 1\n- 2"])
def test_unreadable_documents_are_refused_in_french(texte):
    with pytest.raises(ErreurEntree) as exc:
        lire_liste(texte)
    assert str(exc.value)[0].isupper()


def test_derived_values_are_declared(bundle):
    declares = set(tamashii.champs_derives(bundle))
    for doc in [partie(m, 2) for m in ("prologue", "cooperatif", "competitif")] + [partie("solo")] + HOSTILES[2:]:
        entrees = [e for e in doc["entrees"] if isinstance(e, dict)]
        from browser_engine.regles import VueEntree
        vues = [VueEntree(i, dict(e)) for i, e in enumerate(doc["entrees"]) if isinstance(e, dict)]
        derives = tamashii.analyser(bundle, doc, vues).derives
        assert len(derives) == len(entrees)
        for valeurs in derives.values():
            assert set(valeurs) <= declares


# --- command line ------------------------------------------------------------------------------

def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_cli_exit_codes(tmp_path):
    valide = cli("valider", str(LISTES / "05-competitif-a-deux.yaml"), "--json")
    assert valide.returncode == 0, valide.stderr
    assert json.loads(valide.stdout)["valide"] is True
    invalide = cli("valider", str(LISTES / "12-invalide-meme-plateau.yaml"), "--json")
    assert invalide.returncode == 1
    assert [e["code"] for e in json.loads(invalide.stdout)["erreurs"]] == ["TAM_PLATEAU_UNIQUE"]
    illisible = tmp_path / "illisible.yaml"
    illisible.write_text("jeu: tamashii\noptions: {mode: [\n", encoding="utf-8")
    refus = cli("valider", str(illisible))
    assert refus.returncode == 2 and refus.stdout == ""
    assert "Erreur" in refus.stderr and "Traceback" not in refus.stderr


def test_numbers_too_large_are_refused_in_french(bundle):
    doc = partie("cooperatif", 2)
    doc["entrees"][0]["etat"] = {"integrite": 10 ** 40}
    with pytest.raises(ErreurEntree, match="Nombre trop grand"):
        valider(bundle, doc)


# --- random damage to the examples: a report or a French refusal, never a crash ----------------

MOTS = sorted({r["id"] for r in REGLES} | {"prologue", "cooperatif", "solo", "competitif", "geo-chasse", "abri",
                                              "district-devaste-2", "marcheur", "commune", "coop", "solo-jcj",
                                              "ouvertes", "corrompues", "etat", "sac", "plateaux", *CLASSES, *TYPES})
VALEURS = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.integers(), st.floats(), st.text(max_size=8),
              st.sampled_from(MOTS), st.sampled_from(["<script>", "\u202e", "é" * 100, "", "~", "1: 2"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.sampled_from(MOTS), st.text(max_size=6)), inner, max_size=4)),
    max_leaves=10)


def _chemins(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    out: list[tuple[Any, ...]] = []
    for key, child in items:
        out += [prefix + (key,), *_chemins(child, prefix + (key,))]
    return out


@st.composite
def exemple_abime(draw: st.DrawFn) -> Any:
    document = copy.deepcopy(draw(st.sampled_from([yaml.safe_load(p.read_text("utf-8")) for p in EXEMPLES])))
    for _ in range(draw(st.integers(1, 4))):
        chemins = _chemins(document)
        if not chemins:
            break
        chemin = draw(st.sampled_from(chemins))
        parent = document
        for part in chemin[:-1]:
            parent = parent[part]
        if draw(st.booleans()):
            parent[chemin[-1]] = draw(VALEURS)
        else:
            del parent[chemin[-1]]
    return document


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(exemple_abime())
def test_damaged_examples_never_crash(document):
    bundle = load_bundle("tamashii")
    try:
        rapport = valider(bundle, document)
    except ErreurEntree as exc:
        assert exc.message[:1].isupper()
        return
    json.dumps(rapport, allow_nan=False)
    assert rapport["valide"] is (not rapport["erreurs"])
    for v in rapport["erreurs"] + rapport["avertissements"]:
        assert v["message"] and v["code"].isupper() and (v["chemin"] == "" or v["chemin"].startswith("/"))


# --- issue 24 ----------------------------------------------------------------------------------

def seul(mode: str) -> dict[str, Any]:
    """A one-player setup of a mode, written in full from the book (not from `partie`).

    Solo setup (l. 1337-1341): the « Solo/JcJ » card instead of « Coop » (step 3c, which the
    Prologue skips), the BOT card with a Battery in each of its 5 slots (l. 1341, 1361); a market
    of 1 + 1 cards (l. 284, none in the Prologue); a reserve of 16 in the Prologue (l. 333),
    4 × 1 for Géo Chasse (l. 1087).
    """
    doc: dict[str, Any] = {"jeu": "tamashii", "nom": "Seul", "format": 1,
                           "options": {"mode": mode, "plateaux": list(TYPES), "bot_jordan": {"batteries": 5}},
                           "entrees": [{"plateau": 1, "donnees_essentielles": "rouge", "sac": sac("rouge")}]}
    if mode == "prologue":
        doc["options"].update(scenario="prologue", reserve_corrompues=16)
    else:
        doc["options"].update(scenario="geo-chasse", reserve_corrompues=4, marche_des_corps=2)
        doc["entrees"][0].update(classe="fraudeur", augmentations_de_depart=["commune", "solo-jcj"], protocoles=1)
    return doc


@pytest.mark.parametrize("mode", ["prologue", "cooperatif", "solo"])
def test_issue24_item03_solo_prologue_needs_bot(bundle, mode):
    """Alone, every mode is the solo mode, the Prologue (played first, l. 241) included: the BOT is checked."""
    bon = seul(mode)
    assert violations(valider(bundle, bon)) == []
    sans_bot = copy.deepcopy(bon)
    del sans_bot["options"]["bot_jordan"]
    rapport = valider(bundle, sans_bot)
    assert violations(rapport) == [("TAM_SOLO_BOT", "/options")]
    # what the repairs read: the field and its value among the message's parts
    assert {"champ": "/options/bot_jordan/batteries", "valeur": 5} in rapport["erreurs"][0]["parties"]
    for batteries in (0, 3, 4, 6):
        autre = copy.deepcopy(bon)
        autre["options"]["bot_jordan"] = {"batteries": batteries}
        assert violations(valider(bundle, autre)) == [("TAM_SOLO_BOT", "/options/bot_jordan")], batteries
    if mode != "prologue":  # step 3c: the Solo/JcJ card replaces the Coop card (l. 1339)
        coop = copy.deepcopy(bon)
        coop["entrees"][0]["augmentations_de_depart"] = ["commune", "coop"]
        assert violations(valider(bundle, coop)) == [("TAM_AUGM_DEPART", "/entrees/0/augmentations_de_depart")]


@pytest.mark.parametrize("mode", ["prologue", "cooperatif", "competitif"])
def test_issue24_item03_bot_only_alone(bundle, mode):
    """With two players the game is not solo: a BOT card gets a warning in every mode, the Prologue included."""
    doc = partie(mode, 2)
    doc["options"]["bot_jordan"] = {"batteries": 5}
    rapport = valider(bundle, doc)
    assert ("TAM_SOLO_BOT", "/options/bot_jordan") in [(v["code"], v["chemin"]) for v in rapport["avertissements"]]
    assert not [v for v in rapport["erreurs"] if v["code"] == "TAM_SOLO_BOT"]


def test_issue24_item03_the_solo_reading_is_recorded():
    """The verifier no longer says the BOT is unchecked in a solo Prologue, and records why it is checked."""
    assert not [r["id"] for r in REGLES if "rien ne le contrôle" in json.dumps(r, ensure_ascii=False)]
    lecture = next(r for r in REGLES if r["id"] == "solo-bot-jordan")["interpretation"]
    assert "Prologue" in lecture["lecture"] and "l. 1337" in lecture["question"] + lecture["lecture"]


def complet(mode: str, joueurs: int, scenario: str | None) -> dict[str, Any]:
    """A setup with its market (players + 1, l. 284) and reserve (16 in the Prologue, the only Scenario of
    its mode, l. 333; 4 × players for Géo Chasse, l. 1087; 10 for a sheet the book does not print)."""
    doc = partie(mode, joueurs)
    if scenario is not None:
        doc["options"]["scenario"] = scenario
    if mode != "prologue":
        doc["options"]["marche_des_corps"] = joueurs + 1
    if mode != "competitif":
        doc["options"]["reserve_corrompues"] = 16 if mode == "prologue" else 4 * joueurs if scenario == "geo-chasse" \
            else 10
    if joueurs == 1 and mode != "solo":
        doc["options"]["bot_jordan"] = {"batteries": 5}
    return doc


@pytest.mark.parametrize(("mode", "joueurs", "scenario", "absent", "code", "extrait"), [
    ("cooperatif", 2, "geo-chasse", "reserve_corrompues", "TAM_RESERVE_CORROMPUE", 8),
    ("cooperatif", 2, "geo-chasse", "marche_des_corps", "TAM_MARCHE", 3),
    ("cooperatif", 4, "geo-chasse", "reserve_corrompues", "TAM_RESERVE_CORROMPUE", 16),
    ("solo", 1, "geo-chasse", "reserve_corrompues", "TAM_RESERVE_CORROMPUE", 4),
    ("solo", 1, "geo-chasse", "marche_des_corps", "TAM_MARCHE", 2),
    ("prologue", 3, "prologue", "reserve_corrompues", "TAM_RESERVE_CORROMPUE", 16),
    ("prologue", 2, None, "reserve_corrompues", "TAM_RESERVE_CORROMPUE", 16),
    ("cooperatif", 3, "ma-fiche", "reserve_corrompues", "TAM_RESERVE_CORROMPUE", None),
    ("cooperatif", 3, None, "marche_des_corps", "TAM_MARCHE", 4),
    ("competitif", 3, None, "marche_des_corps", "TAM_MARCHE", 4),
])
def test_issue24_item04_geo_chasse_needs_reserve_and_market(bundle, mode, joueurs, scenario, absent, code, extrait):
    """The book requires the Body Market (step 5, skipped only by the Prologue, l. 278) and the corrupted
    reserve (step 9, every Scenario has one, l. 303, 409): a setup without them is refused, and the
    message gives the count to write when the book gives it."""
    bon = complet(mode, joueurs, scenario)
    assert valider(bundle, bon)["erreurs"] == []
    mauvais = copy.deepcopy(bon)
    del mauvais["options"][absent]
    erreurs = valider(bundle, mauvais)["erreurs"]
    assert [(v["code"], v["chemin"]) for v in erreurs] == [(code, "/options")]
    # The count to write, where the repairs read it: the field and its value among the message's parts
    # (the field alone when the book gives no count: another scenario sheet's).
    partie = {"champ": f"/options/{absent}"} if extrait is None else {"champ": f"/options/{absent}", "valeur": extrait}
    assert partie in erreurs[0]["parties"]


def test_issue24_item04_the_reading_is_recorded():
    """The choice (required, hence an error) is recorded in the data, with the book's lines."""
    for regle_id in ("marche-des-corps-a-poser", "reserve-geo-chasse-a-poser"):
        regle = next(r for r in REGLES if r["id"] == regle_id)
        assert regle["severite"] == "erreur"
        lecture = regle["interpretation"]["question"] + regle["interpretation"]["lecture"]
        assert "l. 278" in lecture and "l. 303" in lecture, regle_id
