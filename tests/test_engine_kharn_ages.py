"""Khârn-Âges Tactik Fer de Lance checker: every list rule, a failing and a passing case each.

Game facts come from the rulebook (../shared/seeds/001_77ef1c985db8962e.txt), quoted by line:
the Guerrier Mongo niveau II at 75 Ko with his Mkuki worth 8 Ko, the guisarme at 22 Ko (l. 1596-1600),
grimoires 20 Ko / 5 pages and 40 Ko / unlimited (l. 1420-1421), the ammunition table (l. 1666-1672).
Every other profile or piece of equipment below is INVENTED for these tests (« Profil fictif »):
the rulebook prints no profile cards.
"""
from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from browser_engine import ErreurEntree, fusionner_catalogue, lire_liste, valider
from browser_engine.reader import lire_document
from tests.engine_support import check_example_list, load_bundle

ROOT = Path(__file__).resolve().parent.parent
LISTES = ROOT / "data" / "kharn-ages" / "listes"
CATALOGUES = ROOT / "data" / "kharn-ages" / "catalogues"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "kharn-ages"


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


# --- the book's facts (l. 1596-1600) ------------------------------------------------------------

MONGO = {"id": "guerrier-mongo-niveau-2", "nom": "Guerrier Mongo", "niveau": 2, "cout": 75,
         "equipement_de_base": [{"id": "mkuki", "nom": "Mkuki", "cout": 8}]}
MKUKI = {"id": "mkuki", "nom": "Mkuki", "cout": 8}
GUISARME = {"id": "guisarme", "nom": "Guisarme", "cout": 22}


# --- invented profiles and equipment (not game data) --------------------------------------------

def fictif(ident: str, niveau: int = 1, cout: int = 30, **champs: Any) -> dict[str, Any]:
    """An invented profile: LIM 3 and the Khârns unless told otherwise."""
    return {"id": ident, "nom": f"Profil fictif {ident}", "niveau": niveau, "cout": cout, "factions": ["kharns"],
            "limitation": 3, **champs}


EQUIPEMENTS_FICTIFS = [
    {"id": "epee", "nom": "Épée fictive", "cout": 5, "mains": 1},
    {"id": "dague", "nom": "Dague fictive", "cout": 2, "mains": 1},
    {"id": "hache", "nom": "Hache fictive à deux mains", "cout": 10, "mains": 2},
    {"id": "masse", "nom": "Masse fictive à deux mains", "cout": 11, "mains": 2},
    {"id": "bouclier", "nom": "Bouclier fictif", "cout": 6, "bouclier": True},
    {"id": "armure", "nom": "Armure fictive", "cout": 12, "mains": 0},
    {"id": "mystere", "nom": "Arme fictive sans mains connues", "cout": 3},
]


def liste(*entrees: dict[str, Any], profils: list[dict[str, Any]] | None = None,
          equipements: list[dict[str, Any]] | None = None, faction: str = "kharns", format_: int = 500,
          leader: bool = True) -> dict[str, Any]:
    """A Fer de Lance; the first entry is the leader unless an entry says otherwise or `leader=False`."""
    entrees_ = [copy.deepcopy(e) for e in entrees]
    if leader and entrees_ and not any("leader" in e for e in entrees_):
        entrees_[0]["leader"] = True
    out: dict[str, Any] = {"jeu": "kharn-ages", "nom": "Essai", "format": format_, "options": {"faction": faction},
                           "entrees": entrees_}
    out["profils"] = copy.deepcopy(profils if profils is not None else [fictif("soldat")])
    out["equipements"] = copy.deepcopy(equipements if equipements is not None else EQUIPEMENTS_FICTIFS)
    return out


def rapport(bundle: dict[str, Any], fer: dict[str, Any]) -> dict[str, Any]:
    return valider(bundle, copy.deepcopy(fer))


def erreurs(bundle: dict[str, Any], fer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["code"], e["chemin"]) for e in rapport(bundle, fer)["erreurs"]]


def avertissements(bundle: dict[str, Any], fer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["code"], e["chemin"]) for e in rapport(bundle, fer)["avertissements"]]


def valide(bundle: dict[str, Any], fer: dict[str, Any]) -> dict[str, Any]:
    r = rapport(bundle, fer)
    assert r["valide"], [(e["code"], e["chemin"], e["message"]) for e in r["erreurs"]]
    return r


def mongo(**entree: Any) -> dict[str, Any]:
    return liste({"profil": "guerrier-mongo-niveau-2", **entree}, profils=[MONGO], equipements=[MKUKI, GUISARME])


# --- the book's cost example ----------------------------------------------------------------------

def test_guerrier_mongo_du_livre(bundle):
    # l. 1596: "Un Guerrier Mongo niveau II (75 Kouronnes) est équipé de base d'un Mkuki".
    r = valide(bundle, mongo())
    assert r["cout"] == 75 and r["details"]["total"] == 75
    ligne = r["details"]["entrees"][0]
    assert ligne["cout_total"] == ligne["cout_figure"] == 75 and ligne["nombre"] == 1
    assert ligne["lignes_cout"] == [{"libelle": "Guerrier Mongo (niveau II)", "cout": 75}]
    assert ligne["equipement"] == ["Mkuki"] and ligne["role"] == "leader" and ligne["niveau"] == 2


def test_guisarme_a_la_place_du_mkuki(bundle):
    # l. 1596: swap the Mkuki (8 Ko) for a guisarme (22 Ko).
    r = valide(bundle, mongo(retire=["mkuki"], ajoute=["guisarme"]))
    assert r["cout"] == 75 - 8 + 22
    ligne = r["details"]["entrees"][0]
    assert ligne["couts"] == {"profil": 75, "retire": -8, "ajoute": 22}
    assert ligne["lignes_cout"] == [{"libelle": "Guerrier Mongo (niveau II)", "cout": 75},
                                    {"libelle": "\u2212 Mkuki", "cout": -8}, {"libelle": "+ Guisarme", "cout": 22}]
    assert ligne["equipement"] == ["Guisarme"]


def test_les_deux_armes(bundle):
    # l. 1600: "75 Kouronnes pour le guerrier et son Mkuki et 22 pour la guisarme, soit 97".
    r = valide(bundle, mongo(ajoute=["guisarme"]))
    assert r["cout"] == 75 + 22
    assert r["details"]["entrees"][0]["equipement"] == ["Mkuki", "Guisarme"]


def test_details_du_rapport(bundle):
    car = {"V": 3, "P": 4, "A": 2, "C": 3, "T": 5, "I": 2, "stature": 3, "PA": 4, "PV": 6}
    profils = [fictif("chef", niveau=3, cout=90, limitation="U", caracteristiques=car), fictif("sergent", niveau=2),
               fictif("soldat")]
    fer = liste({"profil": "chef", "nom": "Mon chef"}, {"profil": "sergent"}, {"profil": "soldat"}, profils=profils)
    r = valide(bundle, fer)
    d = r["details"]
    assert d["total"] == r["cout"] == 90 + 30 + 30
    assert d["initiative"] == 3 + 2 + 1  # l. 451: the sum of the levels
    assert d["faction"] == "kharns" and d["leader"] == 0 and d["format"] == 500 and d["reste"] == 500 - 150
    assert [e["nom"] for e in d["entrees"]] == ["Mon chef", "Profil fictif sergent", "Profil fictif soldat"]
    assert [e["index"] for e in d["entrees"]] == [0, 1, 2]
    assert [e["role"] for e in d["entrees"]] == ["leader", "", ""]
    assert d["entrees"][0]["caracteristiques"] == car and d["entrees"][1]["caracteristiques"] is None
    assert sorted(d["profils"]) == ["chef", "sergent", "soldat"] and d["profils"]["chef"]["cout"] == 90
    assert d["nb_leaders"] == 1


# --- the example lists and catalogue of the site --------------------------------------------------

EXEMPLES = sorted(LISTES.glob("*.yaml"))
COUTS_ATTENDUS = {"01": 75, "02": 75 - 8 + 22, "03": 75 + 22, "11": 75 + 22}


@pytest.mark.parametrize("chemin", EXEMPLES, ids=[p.name for p in EXEMPLES])
def test_exemples(bundle, chemin: Path):
    r = check_example_list(bundle, chemin, "KA")
    if "invalide" not in chemin.name:
        # The book gives no limitation for the Guerrier Mongo: a warning, not an error.
        assert [a["code"] for a in r["avertissements"]] == ["KA_LIMITATION_INCONNUE"]
    prefixe = chemin.name[:2]
    if prefixe in COUTS_ATTENDUS:
        assert r["cout"] == COUTS_ATTENDUS[prefixe]


def test_exemples_en_nombre():
    assert len([p for p in EXEMPLES if "invalide" not in p.name]) >= 2
    assert any("invalide" in p.name for p in EXEMPLES)


def test_catalogue_du_livre(bundle):
    catalogue = lire_document((CATALOGUES / "exemple-du-livre.yaml").read_text("utf-8"))
    assert all(item["exemple"] is True for cle in ("profils", "equipements") for item in catalogue[cle])
    texte = (LISTES / "12-invalide-profil-non-fourni.yaml").read_text("utf-8")
    r = valider(bundle, fusionner_catalogue(bundle, lire_liste(texte), catalogue))
    assert r["valide"], r["erreurs"]
    assert r["cout"] == 75 - 8 + 22


# --- budget (data rule) ---------------------------------------------------------------------------

def test_budget_depasse(bundle):
    # l. 441-445: the agreed format is the maximum value of the Fer de Lance.
    fer = mongo(ajoute=["guisarme"])
    fer["format"] = 96
    assert erreurs(bundle, fer) == [("KA_BUDGET_DEPASSE", "/entrees")]
    fer["format"] = 97
    valide(bundle, fer)


def test_format_entier(bundle):
    fer = mongo()
    fer["format"] = "trois cents"
    assert ("LISTE_TYPE", "/format") in erreurs(bundle, fer)


# --- leader ---------------------------------------------------------------------------------------

def test_un_seul_leader(bundle):
    # l. 329: every Fer de Lance is led by one leader.
    profils = [fictif("soldat")]
    assert erreurs(bundle, liste({"profil": "soldat"}, {"profil": "soldat"}, profils=profils, leader=False)) == \
        [("KA_LEADER_NOMBRE", "/entrees")]
    deux = liste({"profil": "soldat", "leader": True}, {"profil": "soldat", "leader": True}, profils=profils)
    # A second leader is pointed at, so the list builder can mark that line (issue 10 §2).
    assert erreurs(bundle, deux) == [("KA_LEADER_NOMBRE", "/entrees/1")]
    trois = liste({"profil": "soldat", "leader": True}, {"profil": "soldat"}, {"profil": "soldat", "leader": True},
                  {"profil": "soldat", "leader": True}, profils=[fictif("soldat", limitation=5)])
    assert erreurs(bundle, trois) == [("KA_LEADER_NOMBRE", "/entrees/2"), ("KA_LEADER_NOMBRE", "/entrees/3")]
    valide(bundle, liste({"profil": "soldat"}, {"profil": "soldat"}, profils=profils))


def test_leader_des_deux_plus_hauts_niveaux(bundle):
    # l. 331: among the Safars of the two highest levels of the Fer de Lance, or one of its characters.
    profils = [fictif("chef", niveau=3), fictif("sergent", niveau=2), fictif("soldat", niveau=1),
               fictif("heros", niveau=1, limitation="P", base="soldat")]
    trois = [{"profil": "chef"}, {"profil": "sergent"}, {"profil": "soldat"}]
    en_tete = copy.deepcopy(trois)
    en_tete[2]["leader"] = True
    assert erreurs(bundle, liste(*en_tete, profils=profils)) == [("KA_LEADER_RANG", "/entrees/2/leader")]
    for rang in (0, 1):
        ok = copy.deepcopy(trois)
        ok[rang]["leader"] = True
        valide(bundle, liste(*ok, profils=profils))
    # A character (LIM P) may lead whatever its level.
    valide(bundle, liste(*trois[:2], {"profil": "heros", "leader": True}, profils=profils))
    # With only levels II and I present, a level I figure is of the two highest levels.
    valide(bundle, liste({"profil": "sergent"}, {"profil": "soldat", "leader": True}, profils=profils))


# --- profiles supplied by the player --------------------------------------------------------------

def test_profil_inconnu(bundle):
    fer = liste({"profil": "inconnu"})
    r = rapport(bundle, fer)
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_PROFIL_INCONNU", "/entrees/0/profil")]
    message = r["erreurs"][0]["message"]
    assert "« profils »" in message and "catalogue" in message and "soldat" in message
    assert r["erreurs"][0]["regle"].endswith("#profil-fourni")
    valide(bundle, liste({"profil": "soldat"}))


def test_profils_de_la_liste_au_format_du_catalogue(bundle):
    mauvais = liste({"profil": "soldat"}, profils=[fictif("soldat", niveau=4)])
    assert erreurs(bundle, mauvais) == [("KA_PROFIL_INVALIDE", "/profils/0/niveau")]
    sans_cout = liste({"profil": "soldat"}, profils=[{"id": "soldat", "nom": "Profil fictif", "niveau": 1}])
    assert ("KA_PROFIL_INVALIDE", "/profils/0") in erreurs(bundle, sans_cout)
    champ_inconnu = liste({"profil": "soldat"}, profils=[fictif("soldat", lim=3)])
    assert erreurs(bundle, champ_inconnu) == [("KA_PROFIL_INVALIDE", "/profils/0/lim")]
    assert rapport(bundle, mauvais)["erreurs"][0]["message"].startswith("Profil 1 « Profil fictif soldat » — ")
    valide(bundle, liste({"profil": "soldat"}))


def test_equipements_de_la_liste_au_format_du_catalogue(bundle):
    equipements = copy.deepcopy(EQUIPEMENTS_FICTIFS)
    equipements[0]["mains"] = 3
    assert erreurs(bundle, liste({"profil": "soldat"}, equipements=equipements)) == \
        [("KA_EQUIPEMENT_INVALIDE", "/equipements/0/mains")]
    valide(bundle, liste({"profil": "soldat"}))


def test_identifiants_uniques(bundle):
    fer = liste({"profil": "soldat"}, profils=[fictif("soldat"), fictif("soldat", cout=99)])
    assert erreurs(bundle, fer) == [("KA_IDENTIFIANT_DOUBLON", "/profils/1/id")]
    e = liste({"profil": "soldat"}, equipements=EQUIPEMENTS_FICTIFS + [EQUIPEMENTS_FICTIFS[0]])
    assert erreurs(bundle, e) == [("KA_IDENTIFIANT_DOUBLON", f"/equipements/{len(EQUIPEMENTS_FICTIFS)}/id")]
    valide(bundle, liste({"profil": "soldat"}, profils=[fictif("soldat"), fictif("autre")]))


# --- faction --------------------------------------------------------------------------------------

def test_faction_du_fer_de_lance(bundle):
    # l. 318-325: one faction; exceptions: Guilde Noire, « apatride », « allié des X ».
    profils = [fictif("soldat", factions=["gouns"])]
    r = rapport(bundle, liste({"profil": "soldat"}, profils=profils))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_FACTION", "/entrees/0/profil")]
    assert "Goûns" in r["erreurs"][0]["message"] and "Khârns" in r["erreurs"][0]["message"]
    valide(bundle, liste({"profil": "soldat"}, profils=profils, faction="gouns"))


@pytest.mark.parametrize("champs", [
    {"factions": None},                                  # l. 174: no faction logo, any Fer de Lance
    {"factions": []},
    {"factions": "apatride"},                            # l. 324
    {"factions": ["gouns"], "allie_de": "kharns"},       # l. 325: « allié des X »
    {"factions": ["gouns"], "allie_de": ["fangs", "kharns"]},
    {"factions": ["guilde-noire", "gouns", "kharns"]},   # l. 148: some Guilde Noire profiles, several factions
], ids=["sans-faction", "liste-vide", "apatride", "allie", "allie-liste", "guilde-noire-plusieurs"])
def test_exceptions_de_faction(bundle, champs):
    profil = fictif("mercenaire", **champs)
    if champs.get("factions") is None:
        del profil["factions"]
    valide(bundle, liste({"profil": "mercenaire"}, profils=[profil]))


def test_guilde_noire_seule(bundle):
    profils = [fictif("renegat", factions=["guilde-noire"])]
    assert erreurs(bundle, liste({"profil": "renegat"}, profils=profils)) == [("KA_FACTION", "/entrees/0/profil")]
    assert erreurs(bundle, liste({"profil": "renegat"}, profils=[fictif("renegat", factions=["gouns"],
                                                                         allie_de="fangs")])) == \
        [("KA_FACTION", "/entrees/0/profil")]
    valide(bundle, liste({"profil": "renegat"}, profils=profils, faction="guilde-noire"))


def test_faction_obligatoire_et_connue(bundle):
    fer = liste({"profil": "soldat"})
    fer["options"]["faction"] = "elfes"
    assert erreurs(bundle, fer) == [("KA_FACTION_INCONNUE", "/options/faction")]
    del fer["options"]
    assert erreurs(bundle, fer) == [("LISTE_CHAMP_MANQUANT", "")]


# --- limitations ----------------------------------------------------------------------------------

def test_lim_x(bundle):
    # l. 339: LIM X, X times the same profile.
    quatre = [{"profil": "soldat"}] * 4
    assert erreurs(bundle, liste(*quatre)) == [("KA_LIMITATION", "/entrees/3/profil")]
    valide(bundle, liste(*quatre[:3]))


def test_lim_u(bundle):
    # l. 341: LIM U, a single copy.
    profils = [fictif("chef", limitation="U")]
    assert erreurs(bundle, liste({"profil": "chef"}, {"profil": "chef"}, profils=profils)) == \
        [("KA_LIMITATION", "/entrees/1/profil")]
    valide(bundle, liste({"profil": "chef"}, profils=profils))


def test_lim_p_unique(bundle):
    # l. 347: a character is unique.
    profils = [fictif("soldat"), fictif("heros", limitation="P", base="soldat")]
    assert erreurs(bundle, liste({"profil": "heros"}, {"profil": "heros"}, profils=profils)) == \
        [("KA_LIMITATION", "/entrees/1/profil")]
    valide(bundle, liste({"profil": "heros"}, profils=profils))


def test_lim_p_prend_une_place(bundle):
    # l. 349: Engueran (LIM P) takes one of the two places of his paladins (LIM 2): one paladin beside him.
    profils = [fictif("paladin", limitation=2), fictif("engueran", limitation="P", base="paladin")]
    trop = liste({"profil": "engueran"}, {"profil": "paladin"}, {"profil": "paladin"}, profils=profils)
    assert erreurs(bundle, trop) == [("KA_PERSONNAGE_PLACE", "/entrees/0/profil")]
    valide(bundle, liste({"profil": "engueran"}, {"profil": "paladin"}, profils=profils))
    # Too many paladins on their own: only their own limitation is reported.
    trois = liste({"profil": "engueran"}, {"profil": "paladin"}, {"profil": "paladin"}, {"profil": "paladin"},
                  profils=profils)
    assert erreurs(bundle, trois) == [("KA_LIMITATION", "/entrees/3/profil")]
    # A base profile in LIM U leaves no place beside the character.
    unique = [fictif("capitaine", limitation="U"), fictif("heros", limitation="P", base="capitaine")]
    assert erreurs(bundle, liste({"profil": "heros"}, {"profil": "capitaine"}, profils=unique)) == \
        [("KA_PERSONNAGE_PLACE", "/entrees/0/profil")]
    valide(bundle, liste({"profil": "heros"}, profils=unique))


def test_limitation_inconnue_avertit(bundle):
    sans = fictif("soldat")
    del sans["limitation"]
    fer = liste({"profil": "soldat"}, {"profil": "soldat"}, profils=[sans])
    r = valide(bundle, fer)
    assert [(a["code"], a["chemin"]) for a in r["avertissements"]] == [("KA_LIMITATION_INCONNUE", "/entrees/0/profil")]
    assert avertissements(bundle, liste({"profil": "soldat"})) == []


def test_base_de_personnage_inconnue_avertit(bundle):
    sans_base = [fictif("heros", limitation="P")]
    assert avertissements(bundle, liste({"profil": "heros"}, profils=sans_base)) == \
        [("KA_PERSONNAGE_BASE_INCONNUE", "/entrees/0/profil")]
    base_absente = [fictif("heros", limitation="P", base="paladin")]
    assert avertissements(bundle, liste({"profil": "heros"}, profils=base_absente)) == \
        [("KA_PERSONNAGE_BASE_INCONNUE", "/entrees/0/profil")]
    base_sans_lim = fictif("paladin")
    del base_sans_lim["limitation"]
    assert avertissements(bundle, liste({"profil": "heros"}, profils=base_absente + [base_sans_lim])) == \
        [("KA_PERSONNAGE_BASE_INCONNUE", "/entrees/0/profil")]
    assert avertissements(bundle, liste({"profil": "heros"}, profils=base_absente + [fictif("paladin")])) == []


# --- equipment and costs --------------------------------------------------------------------------

def test_retrait_inconnu(bundle):
    # l. 363, 1590: only the profile's own equipment is removed and deducted.
    assert erreurs(bundle, mongo(retire=["guisarme"])) == [("KA_RETRAIT_INCONNU", "/entrees/0/retire/0")]
    assert erreurs(bundle, mongo(retire=["mkuki", "mkuki"])) == [("KA_RETRAIT_INCONNU", "/entrees/0/retire/1")]
    assert rapport(bundle, mongo(retire=["mkuki", "mkuki"]))["cout"] == 75 - 8
    valide(bundle, mongo(retire=["mkuki"]))


def test_equipement_ajoute_inconnu(bundle):
    r = rapport(bundle, mongo(ajoute=["hallebarde"]))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_EQUIPEMENT_INCONNU", "/entrees/0/ajoute/0")]
    assert r["cout"] == 75 and "« equipements »" in r["erreurs"][0]["message"]
    valide(bundle, mongo(ajoute=["guisarme"]))


def test_cout_par_entree_signe(bundle):
    profils = [fictif("soldat", cout=30, equipement_de_base=[{"id": "epee", "cout": 5}, {"id": "bouclier", "cout": 6}])]
    fer = liste({"profil": "soldat", "retire": ["epee", "bouclier"], "ajoute": ["hache", "armure"]}, profils=profils)
    r = valide(bundle, fer)
    assert r["cout"] == 30 - 5 - 6 + 10 + 12
    assert r["details"]["entrees"][0]["couts"] == {"profil": 30, "retire": -11, "ajoute": 22}


# --- hands ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("ajoute, hors_norme, ok", [
    (["epee", "dague"], False, True),                 # two one-handed weapons
    (["epee", "bouclier"], False, True),              # one-handed weapon and shield (l. 1632)
    (["hache"], False, True),                         # one two-handed weapon
    (["hache", "armure"], False, True),               # 0 hands do not count
    (["epee", "dague", "bouclier"], False, False),
    (["hache", "bouclier"], False, False),            # l. 1726: no two-handed weapon with a shield
    (["hache", "epee"], False, False),
    (["hache", "bouclier"], True, True),              # l. 1562: hors-norme adds a shield...
    (["hache", "epee"], True, True),                  # ...or a one-handed weapon
    (["hache", "epee", "bouclier"], True, False),
    (["hache", "masse"], True, False),
    (["epee", "dague", "bouclier"], True, False),
])
def test_nombre_de_mains(bundle, ajoute, hors_norme, ok):
    # l. 1630: at most one two-handed weapon, or two one-handed ones (or shield), unless « hors-norme ».
    profils = [fictif("soldat", competences=["hors-norme"] if hors_norme else [])]
    fer = liste({"profil": "soldat", "ajoute": ajoute, "en_mains": ajoute}, profils=profils)
    if ok:
        valide(bundle, fer)
    else:
        assert erreurs(bundle, fer) == [("KA_MAINS", "/entrees/0/en_mains")]


def test_porter_n_est_pas_tenir(bundle):
    # l. 1630: a figure carries any number of weapons; only what it holds (en_mains) counts against its hands.
    emporte = {"profil": "soldat", "ajoute": ["hache", "masse", "epee", "dague", "bouclier"]}
    r = valide(bundle, liste(emporte))
    assert r["details"]["entrees"][0]["en_mains"] == []
    assert len(r["details"]["entrees"][0]["equipement"]) == 5
    valide(bundle, liste({**emporte, "en_mains": ["epee", "bouclier"]}))
    valide(bundle, liste({**emporte, "en_mains": ["hache"]}))
    assert erreurs(bundle, liste({**emporte, "en_mains": ["hache", "bouclier"]})) == [("KA_MAINS", "/entrees/0/en_mains")]
    # Two two-handed weapons printed on the card are carried, not held: no error without en_mains.
    lourd = [fictif("soldat", equipement_de_base=[{"id": "hache", "cout": 10}, {"id": "masse", "cout": 11}])]
    valide(bundle, liste({"profil": "soldat"}, profils=lourd))
    assert erreurs(bundle, liste({"profil": "soldat", "en_mains": ["hache", "masse"]}, profils=lourd)) == \
        [("KA_MAINS", "/entrees/0/en_mains")]


@pytest.mark.parametrize("en_mains, ok", [
    (["batarde", "bouclier"], True),     # held in one hand beside a shield
    (["batarde", "epee"], True),
    (["batarde", "epee", "dague"], False),
    (["batarde", "hache"], False),
])
def test_arme_a_une_ou_deux_mains(bundle, en_mains, ok):
    # « 1 ou 2 » hands (a bastard sword): the figure can always hold it in one hand.
    equipements = EQUIPEMENTS_FICTIFS + [{"id": "batarde", "nom": "Épée bâtarde fictive", "cout": 9, "mains": "1 ou 2"}]
    fer = liste({"profil": "soldat", "ajoute": en_mains, "en_mains": en_mains}, equipements=equipements)
    if ok:
        valide(bundle, fer)
    else:
        r = rapport(bundle, fer)
        assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_MAINS", "/entrees/0/en_mains")]
        assert "1 ou 2 mains" in r["erreurs"][0]["message"]


def test_en_mains_emporte(bundle):
    assert erreurs(bundle, liste({"profil": "soldat", "ajoute": ["epee"], "en_mains": ["hache"]})) == \
        [("KA_EN_MAINS_NON_PORTE", "/entrees/0/en_mains/0")]
    assert erreurs(bundle, liste({"profil": "soldat", "ajoute": ["epee"], "en_mains": ["epee", "epee"]})) == \
        [("KA_EN_MAINS_NON_PORTE", "/entrees/0/en_mains/1")]
    valide(bundle, liste({"profil": "soldat", "ajoute": ["epee", "epee"], "en_mains": ["epee", "epee"]}))


@pytest.mark.parametrize("ajoute, attendu", [
    (["mystere"], "rien"),                             # one item can always be held
    (["mystere", "epee"], "avertissement"),            # fine with 0 or 1 hand, not with 2
    (["mystere", "hache"], "avertissement"),
    (["mystere", "epee", "dague"], "avertissement"),
    (["mystere", "hache", "masse"], "erreur"),         # broken whatever its hands
])
def test_mains_inconnues(bundle, ajoute, attendu):
    r = rapport(bundle, liste({"profil": "soldat", "ajoute": ajoute, "en_mains": ajoute}))
    codes_erreurs = [(e["code"], e["chemin"]) for e in r["erreurs"]]
    codes_avert = [(a["code"], a["chemin"]) for a in r["avertissements"]]
    if attendu == "rien":
        assert codes_erreurs == codes_avert == []
    elif attendu == "avertissement":
        assert codes_erreurs == [] and codes_avert == [("KA_MAINS_INCONNUES", "/entrees/0/en_mains")]
    else:
        assert codes_erreurs == [("KA_MAINS", "/entrees/0/en_mains")] and codes_avert == []


# --- magic ----------------------------------------------------------------------------------------

def mage(**champs: Any) -> dict[str, Any]:
    return fictif("mage", niveau=2, cout=60, magicien=True, voie="Voie fictive", **champs)


def test_sorts_et_grimoire_des_magiciens(bundle):
    profils = [fictif("soldat"), mage()]
    for champ, valeur in (("sorts_generiques", ["eclair"]), ("grimoire", "petit"),
                          ("sorts_grimoire", [{"id": "sort", "pages": 1, "cout": 5}])):
        fer = liste({"profil": "soldat", champ: valeur}, profils=profils)
        assert ("KA_SORTS_NON_MAGICIEN", f"/entrees/0/{champ}") in erreurs(bundle, fer), champ
    valide(bundle, liste({"profil": "mage", "sorts_generiques": ["eclair"], "grimoire": "petit"}, profils=profils))


def test_sorts_generiques_selon_le_niveau(bundle):
    # l. 1410: "un nombre de sorts génériques égal à son niveau" (level II: two).
    profils = [mage()]
    trois = liste({"profil": "mage", "sorts_generiques": ["a", "b", "c"]}, profils=profils)
    assert erreurs(bundle, trois) == [("KA_SORTS_GENERIQUES_NOMBRE", "/entrees/0/sorts_generiques")]
    r = valide(bundle, liste({"profil": "mage", "sorts_generiques": ["a", "b"]}, profils=profils))
    assert r["cout"] == 60  # l. 1477: generic spells cost nothing
    double = liste({"profil": "mage", "sorts_generiques": ["a", "a"]}, profils=profils)
    assert erreurs(bundle, double) == [("KA_SORT_DOUBLON", "/entrees/0/sorts_generiques/1")]


def test_grimoires_cout(bundle):
    # l. 1420-1421: petit grimoire 20 Ko, grand grimoire 40 Ko, added to the magician's cost (l. 1416).
    for grimoire, prix in (("petit", 20), ("grand", 40)):
        r = valide(bundle, liste({"profil": "mage", "grimoire": grimoire}, profils=[mage()]))
        assert r["cout"] == 60 + prix
        assert r["details"]["entrees"][0]["couts"] == {"profil": 60, "grimoire": prix}


def test_grimoire_lu_dans_la_table(bundle):
    modifie = copy.deepcopy(bundle)
    table = next(t for t in modifie["tables"] if t["id"] == "grimoires")
    next(row for row in table["lignes"] if row["grimoire"] == "petit").update(cout=21, pages=6)
    sorts = [{"id": "a", "pages": 3, "cout": 0}, {"id": "b", "pages": 3, "cout": 0}]
    r = valide(modifie, liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": sorts}, profils=[mage()]))
    assert r["cout"] == 60 + 21


def test_sorts_de_grimoire_sans_grimoire(bundle):
    fer = liste({"profil": "mage", "sorts_grimoire": [{"id": "a", "pages": 1, "cout": 10}]}, profils=[mage()])
    assert erreurs(bundle, fer) == [("KA_SORTS_SANS_GRIMOIRE", "/entrees/0/sorts_grimoire")]
    fer["entrees"][0]["grimoire"] = "petit"
    assert valide(bundle, fer)["cout"] == 60 + 20 + 10


def test_pages_du_grimoire(bundle):
    # l. 1420: a small grimoire holds 5 pages; l. 1421: a large one, unlimited pages.
    cinq = [{"id": "a", "pages": 2, "cout": 4}, {"id": "b", "pages": 3, "cout": 6}]
    six = cinq + [{"id": "c", "pages": 1, "cout": 1}]
    assert erreurs(bundle, liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": six}, profils=[mage()])) == \
        [("KA_GRIMOIRE_PAGES", "/entrees/0/sorts_grimoire")]
    r = valide(bundle, liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": cinq}, profils=[mage()]))
    assert r["cout"] == 60 + 20 + 4 + 6
    assert r["details"]["entrees"][0]["couts"] == {"profil": 60, "grimoire": 20, "sorts_grimoire": 10}
    beaucoup = [{"id": f"s{k}", "pages": 5, "cout": 1} for k in range(8)]
    r = valide(bundle, liste({"profil": "mage", "grimoire": "grand", "sorts_grimoire": beaucoup}, profils=[mage()]))
    assert r["cout"] == 60 + 40 + 8


def test_voie_des_sorts(bundle):
    # l. 1412: grimoire spells belong to a voie, open only to the magicians of that voie.
    def avec(profil: dict[str, Any], voie: str | None) -> dict[str, Any]:
        sort = {"id": "a", "pages": 1, "cout": 0, **({"voie": voie} if voie else {})}
        return liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [sort]}, profils=[profil])

    assert erreurs(bundle, avec(mage(), "Autre voie")) == [("KA_SORT_VOIE", "/entrees/0/sorts_grimoire/0/voie")]
    valide(bundle, avec(mage(), None))
    valide(bundle, avec(mage(), "voie-fictive"))  # capitals and punctuation do not count
    valide(bundle, avec(mage(), "VOIE FICTIVE"))
    # l. 1512: Archimage chooses among all spells; l. 1507: Affinité opens voie X.
    valide(bundle, avec(mage(competences=["archimage"]), "Autre voie"))
    valide(bundle, avec(mage(competences=["affinite"]), "Autre voie"))
    valide(bundle, avec(mage(competences=["affinite"], affinites=["Autre voie"]), "autre-voie"))
    assert erreurs(bundle, avec(mage(competences=["affinite"], affinites=["Troisième voie"]), "Autre voie")) == \
        [("KA_SORT_VOIE", "/entrees/0/sorts_grimoire/0/voie")]


def test_voie_du_magicien_inconnue(bundle):
    sans_voie = mage()
    del sans_voie["voie"]
    fer = liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [{"id": "a", "pages": 1, "cout": 0,
                                                                          "voie": "Autre voie"}]}, profils=[sans_voie])
    r = valide(bundle, fer)
    assert [(a["code"], a["chemin"]) for a in r["avertissements"]] == \
        [("KA_SORT_VOIE_INCONNUE", "/entrees/0/sorts_grimoire/0/voie")]
    fer["entrees"][0]["sorts_grimoire"][0].pop("voie")
    assert avertissements(bundle, fer) == []


# --- ammunition -----------------------------------------------------------------------------------

# l. 1666-1672, transcribed here independently of data/kharn-ages/tables.yaml:
# (projectile, type) -> (quantity for 5 Ko, quantity for 15 Ko).
TABLE_DU_LIVRE = {
    ("fleches", "simple"): (3, 10), ("carreaux", "simple"): (3, 6),
    ("fleches", "perce-armure"): (2, 4), ("carreaux", "perce-armure"): (2, 3),
    ("fleches", "enflamme"): (1, 2), ("carreaux", "enflamme"): (0, 1),
    ("fleches", "empoisonne"): (0, 1), ("carreaux", "empoisonne"): (0, 2),
}


@pytest.mark.parametrize("cle", list(TABLE_DU_LIVRE), ids=lambda c: f"{c[0]}-{c[1]}")
def test_lots_de_munitions(bundle, cle):
    projectile, type_ = cle
    for champ, prix, quantite in (("lots_5", 5, TABLE_DU_LIVRE[cle][0]), ("lots_15", 15, TABLE_DU_LIVRE[cle][1])):
        fer = liste({"profil": "soldat", "munitions": [{"projectile": projectile, "type": type_, champ: 2}]})
        r = rapport(bundle, fer)
        assert r["cout"] == 30 + 2 * prix
        if quantite == 0:
            assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == \
                [("KA_MUNITIONS_LOT", f"/entrees/0/munitions/0/{champ}")]
        else:
            assert r["valide"], r["erreurs"]
            assert f"{2 * quantite} projectiles" in r["details"]["entrees"][0]["lignes_cout"][-1]["libelle"]


def test_munitions_plusieurs_types(bundle):
    achats = [{"projectile": "fleches", "type": "simple", "lots_5": 2, "lots_15": 1},
              {"projectile": "fleches", "type": "empoisonne", "lots_15": 1}]
    r = valide(bundle, liste({"profil": "soldat", "munitions": achats}))
    assert r["cout"] == 30 + 2 * 5 + 15 + 15
    assert r["details"]["entrees"][0]["couts"]["munitions"] == 2 * 5 + 15 + 15


def test_munitions_nommees_dans_les_details(bundle):
    """The report names each pack purchase, with its number of projectiles read from the book's table."""
    table = next(t for t in bundle["tables"] if t["id"] == "munitions")
    ligne = next(r for r in table["lignes"] if r["projectile"] == "fleches" and r["type"] == "simple")
    achats = [{"projectile": "fleches", "type": "simple", "lots_5": 2, "lots_15": 1}]
    r = valide(bundle, liste({"profil": "soldat", "munitions": achats}))
    lignes = r["details"]["entrees"][0]["munitions"]
    assert lignes == [f"Flèches simples (2 lots à 5 Ko, {2 * ligne['quantite_5_ko']} projectiles)",
                      f"Flèches simples (1 lot à 15 Ko, {ligne['quantite_15_ko']} projectiles)"]
    assert valide(bundle, liste({"profil": "soldat"}))["details"]["entrees"][0]["munitions"] == []


def test_munitions_lues_dans_la_table(bundle):
    modifie = copy.deepcopy(bundle)
    table = next(t for t in modifie["tables"] if t["id"] == "munitions")
    next(r for r in table["lignes"] if r["projectile"] == "fleches" and r["type"] == "empoisonne")["quantite_5_ko"] = 1
    valide(modifie, liste({"profil": "soldat", "munitions": [{"projectile": "fleches", "type": "empoisonne",
                                                                 "lots_5": 1}]}))


def test_munitions_schema(bundle):
    fer = liste({"profil": "soldat", "munitions": [{"projectile": "balles", "type": "simple", "lots_5": -1}]})
    assert set(erreurs(bundle, fer)) == {("LISTE_VALEUR_INCONNUE", "/entrees/0/munitions/0/projectile"),
                                       ("LISTE_HORS_BORNES", "/entrees/0/munitions/0/lots_5")}


def test_champ_inconnu_dans_une_entree(bundle):
    assert erreurs(bundle, liste({"profil": "soldat", "arme": "epee"})) == \
        [("LISTE_CHAMP_INCONNU", "/entrees/0/arme")]


# --- catalogue ------------------------------------------------------------------------------------

def test_fusion_du_catalogue_et_priorite_de_la_liste(bundle):
    catalogue = {"profils": [fictif("soldat", cout=30), fictif("chef", niveau=3, cout=90, limitation="U")],
                 "equipements": [{"id": "epee", "nom": "Épée fictive", "cout": 5, "mains": 1}]}
    fer = {"jeu": "kharn-ages", "nom": "Essai", "format": 500, "options": {"faction": "kharns"},
         "profils": [fictif("soldat", cout=35)],
         "entrees": [{"profil": "chef", "leader": True}, {"profil": "soldat", "ajoute": ["epee"]}]}
    avant = copy.deepcopy(fer)
    fusion = fusionner_catalogue(bundle, fer, catalogue)
    assert fer == avant and fusion is not fer
    # The list's own items come first (their pointers stay right) and replace the catalogue's.
    assert [(p["id"], p["cout"]) for p in fusion["profils"]] == [("soldat", 35), ("chef", 90)]
    assert [e["id"] for e in fusion["equipements"]] == ["epee"]
    assert valide(bundle, fusion)["cout"] == 90 + 35 + 5


def test_catalogue_invalide(bundle):
    catalogue = lire_document((FIXTURES / "catalogue-invalide.yaml").read_text("utf-8"))
    with pytest.raises(ErreurEntree) as exc:
        fusionner_catalogue(bundle, {"jeu": "kharn-ages"}, catalogue)
    message = exc.value.message
    assert message.startswith("Catalogue invalide") and "/profils/0/niveau" in message
    assert "/equipements/0/mains" in message


def test_catalogue_invalide_message_court(bundle):
    catalogue = {"profils": [{"id": f"p{k}", "nom": "x", "niveau": 9, "cout": 1} for k in range(25)]}
    with pytest.raises(ErreurEntree) as exc:
        fusionner_catalogue(bundle, {}, catalogue)
    lignes = exc.value.message.splitlines()
    assert len(lignes) == 1 + 10 + 1 and "15 autres problèmes" in lignes[-1]


@pytest.mark.parametrize("catalogue", [
    [], "profils", 3, None,
    {"profils": "soldat"},
    {"profils": [fictif("soldat"), fictif("soldat")]},
    {"equipements": [{"id": "Épée", "nom": "x", "cout": 1}]},
    {"autre": 1},
    {"jeu": "hami"},
])
def test_catalogues_refuses(bundle, catalogue):
    with pytest.raises(ErreurEntree):
        fusionner_catalogue(bundle, {"jeu": "kharn-ages"}, catalogue)


def test_catalogue_pour_un_jeu_sans_catalogue():
    with pytest.raises(ErreurEntree, match="catalogue"):
        fusionner_catalogue(load_bundle("hami"), {"jeu": "hami"}, {"profils": []})


def test_liste_qui_nest_pas_un_objet(bundle):
    assert fusionner_catalogue(bundle, [1, 2], {"profils": []}) == [1, 2]
    fer = {"jeu": "kharn-ages", "profils": "pas une liste"}
    assert fusionner_catalogue(bundle, fer, {"profils": [fictif("soldat")]})["profils"] == "pas une liste"


# --- command line ---------------------------------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_cli_catalogue_valide():
    r = run("valider", str(FIXTURES / "liste-fictive.yaml"), "--catalogue", str(FIXTURES / "catalogue-fictif.yaml"),
            "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    sortie = json.loads(r.stdout)
    assert sortie["cout"] == 90 + (30 - 5 + 10) + 30
    assert sortie["details"]["initiative"] == 3 + 1 + 1
    texte = run("valider", str(FIXTURES / "liste-fictive.yaml"), "--catalogue", str(FIXTURES / "catalogue-fictif.yaml"))
    assert texte.returncode == 0 and "Initiative (somme des niveaux) : 5" in texte.stdout
    assert "\u2212 Épée fictive" in texte.stdout and "Liste valide." in texte.stdout


def test_cli_sans_catalogue_liste_invalide():
    r = run("valider", str(FIXTURES / "liste-fictive.yaml"), "--json")
    assert r.returncode == 1
    assert {e["code"] for e in json.loads(r.stdout)["erreurs"]} == {"KA_PROFIL_INCONNU"}


def test_cli_catalogue_invalide():
    r = run("valider", str(FIXTURES / "liste-fictive.yaml"), "--catalogue", str(FIXTURES / "catalogue-invalide.yaml"))
    assert r.returncode == 2 and r.stdout == ""
    assert "Catalogue invalide" in r.stderr and "/profils/0/niveau" in r.stderr


def test_cli_catalogue_absent(tmp_path):
    r = run("valider", str(FIXTURES / "liste-fictive.yaml"), "--catalogue", str(tmp_path / "absent.yaml"))
    assert r.returncode == 2 and "Catalogue" in r.stderr and "Traceback" not in r.stderr
    illisible = tmp_path / "illisible.yaml"
    illisible.write_bytes(b"profils: [\xff\n")
    r = run("valider", str(FIXTURES / "liste-fictive.yaml"), "--catalogue", str(illisible))
    assert r.returncode == 2 and "UTF-8" in r.stderr


def test_cli_exemple_du_site():
    r = run("valider", str(LISTES / "12-invalide-profil-non-fourni.yaml"), "--catalogue",
            str(CATALOGUES / "exemple-du-livre.yaml"), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["cout"] == 75 - 8 + 22


# --- hostile input --------------------------------------------------------------------------------

HOSTILE = '<img src=x onerror="alert(1)">'


def test_types_faux_partout(bundle):
    profils = [{"id": "soldat", "nom": HOSTILE, "niveau": "deux", "cout": "trente", "factions": 3,
                "allie_de": {"a": 1}, "limitation": [1], "base": 5, "magicien": "oui", "voie": [],
                "affinites": "toutes", "competences": {"hors-norme": True},
                "equipement_de_base": ["mkuki", {"id": ["x"], "cout": "8"}, {"id": "epee", "cout": None}],
                "caracteristiques": [1, 2], "armure": 3},
               {"id": ["liste"]}, "texte", None, 4]
    equipements = [{"id": "epee", "nom": 1, "cout": "5", "mains": "deux", "bouclier": "oui"}, [], {"id": None}]
    entrees = [{"profil": "soldat", "leader": "oui", "retire": "epee", "ajoute": [1, None, ["epee"], "epee"],
                "en_mains": {"a": 1}, "grimoire": ["petit"], "sorts_generiques": "eclair",
                "sorts_grimoire": [1, {"pages": "x", "cout": [], "voie": 3}, {"id": "a", "pages": 2, "cout": 1}],
                "munitions": [{"projectile": ["fleches"], "type": {}}, 3,
                              {"projectile": "fleches", "type": "simple", "lots_5": "2", "lots_15": 1.5}]},
               {"profil": ["soldat"]}, {"profil": None, "nom": HOSTILE}, {}, 42, None, "soldat", [],
               {"profil": "soldat", "grimoire": {}, "munitions": "beaucoup", "en_mains": [None, 3, "epee"]}]
    for options in ({"faction": ["kharns"]}, "kharns", None, {"faction": {"x": 1}}):
        fer = {"jeu": "kharn-ages", "nom": ["x"], "format": "cent", "options": options, "profils": profils,
             "equipements": equipements, "entrees": entrees}
        r = valider(bundle, copy.deepcopy(fer))
        assert not r["valide"]
        assert all(re.search(r"[éèàçù]|\b(doit|champ|type|valeur)\b", e["message"], re.I) for e in r["erreurs"])
        json.dumps(r)
    for cle in ("profils", "equipements", "entrees"):
        for valeur in ("x", 3, {"a": 1}, None, True):
            r = valider(bundle, {"jeu": "kharn-ages", "nom": "x", "format": 1, "options": {"faction": "kharns"},
                                 "entrees": [], cle: valeur})
            assert not r["valide"]


def test_entrees_au_hasard_jamais_de_plantage(bundle):
    # Random values in every field the checker reads: only a report or ErreurEntree, never another exception.
    hasard = random.Random(20261121)
    valeurs = [None, True, 0, -1, 3, 2.5, "", "petit", "P", "U", "apatride", "kharns", "soldat", "epee", "fleches",
               "simple", [], [1], ["epee"], ["kharns"], {}, {"id": "epee"}, {"a": [None]}, HOSTILE]
    champs_profil = ["id", "nom", "niveau", "cout", "factions", "allie_de", "limitation", "base", "magicien", "voie",
                     "affinites", "competences", "equipement_de_base", "caracteristiques", "groupe", "socle"]
    champs_entree = ["profil", "nom", "leader", "retire", "ajoute", "en_mains", "grimoire", "sorts_generiques",
                     "sorts_grimoire", "munitions"]
    rapports = refus = 0
    for _ in range(300):
        profil = {c: hasard.choice(valeurs) for c in champs_profil if hasard.random() < 0.7}
        if hasard.random() < 0.5:
            profil["id"] = "soldat"
        entree = {c: hasard.choice(valeurs) for c in champs_entree if hasard.random() < 0.7}
        if hasard.random() < 0.5:
            entree["profil"] = "soldat"
        for c in ("sorts_grimoire", "munitions", "equipement_de_base"):
            if hasard.random() < 0.3:
                (profil if c == "equipement_de_base" else entree)[c] = [
                    {k: hasard.choice(valeurs) for k in ("id", "pages", "cout", "voie", "projectile", "type",
                                                         "lots_5", "lots_15", "reserve_a", "inamovible")}]
        fer = {"jeu": "kharn-ages", "nom": "x", "format": hasard.choice([1, 100, "x", None]),
             "options": {"faction": hasard.choice(["kharns", "gouns", 3, None])},
             "profils": [profil, fictif("soldat")], "equipements": [hasard.choice(valeurs), EQUIPEMENTS_FICTIFS[0],
                                                                   {"id": "epee", "reserve_a": hasard.choice(valeurs),
                                                                    "mains": hasard.choice(valeurs)}],
             "sorts": hasard.choice([valeurs, [{"id": "epee", "reserve_a": {"factions": hasard.choice(valeurs),
                                                                            "profils": hasard.choice(valeurs)},
                                                "voie": hasard.choice(valeurs)}]]),
             "entrees": [entree, dict(entree), hasard.choice(valeurs)]}
        try:
            json.dumps(valider(bundle, fer))
            rapports += 1
        except ErreurEntree:
            refus += 1
        try:
            fusionner_catalogue(bundle, fer, {"profils": [profil], "equipements": [hasard.choice(valeurs)]})
        except ErreurEntree as exc:
            assert exc.message.startswith("Catalogue invalide"), exc.message
    assert rapports > 200  # lists of any shape are reported on, not refused


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parent.parent / "data" / "kharn-ages" / "catalogues")
                                        .glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_catalogues_are_valid(path: Path) -> None:
    document = lire_document(path.read_bytes())
    merged = fusionner_catalogue(load_bundle("kharn-ages"), {"jeu": "kharn-ages", "entrees": []}, document)
    assert [p["id"] for p in merged["profils"]] == [p["id"] for p in document["profils"]]
    assert [e["id"] for e in merged["equipements"]] == [e["id"] for e in document["equipements"]]
    assert [s["id"] for s in merged.get("sorts", [])] == [s["id"] for s in document.get("sorts", [])]


def test_template_catalogue_shows_every_rule_passing() -> None:
    """The fictitious template catalogue builds a list that uses a LIM P character, a Guilde Noire
    mercenary, an ally, a magician with a grimoire, reserved cards and ammunition, and passes every rule."""
    root = Path(__file__).resolve().parent.parent
    document = lire_document((root / "data" / "kharn-ages" / "catalogues" / "modele-de-saisie.yaml").read_bytes())
    liste = {"jeu": "kharn-ages", "nom": "Modèle", "format": 500, "options": {"faction": "kharns"},
             "entrees": [{"profil": "capitaine-fictif", "leader": True},
                         {"profil": "soldat-fictif", "ajoute": ["bouclier-fictif"]},
                         {"profil": "soldat-fictif-arbaletrier", "ajoute": ["bouclier-kharn-fictif"],
                          "en_mains": ["bouclier-kharn-fictif"]},
                         {"profil": "mage-fictif", "grimoire": "petit", "sorts_generiques": ["sort-generique-fictif"],
                          "sorts_grimoire": [{"id": "sort-fictif-du-mage", "pages": 2, "cout": 10}]},
                         {"profil": "mercenaire-fictif",
                          "munitions": [{"projectile": "fleches", "type": "simple", "lots_5": 1, "lots_15": 0}]},
                         {"profil": "allie-fictif"}]}
    rapport = valider(load_bundle("kharn-ages"), fusionner_catalogue(load_bundle("kharn-ages"), liste, document))
    assert rapport["erreurs"] == [] and rapport["avertissements"] == []
    # 120 + (40 + 8) + (48 + 10) + (70 + 20 + 10) + (65 + 5) + 35, levels 3 + 1 + 1 + 2 + 2 + 1
    assert rapport["cout"] == 431
    assert rapport["details"]["initiative"] == 10
