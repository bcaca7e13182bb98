"""HAMI Communauté checker: every recruitment rule of the book, a failing and a passing case each.

The expected verdicts come from the rulebook (../shared/seeds/000_b10699d023b74ea5.txt); the
comment above each test quotes the line it relies on. Costs used below, from the book:
Guetteur 3, Pisteuse 2, Gardien 2, Conteur 3 (l. 429); familiers 1, S'Truk 2 (l. 561-604);
La Jaune 3, La Ruche 3, L'œil 4, La Montagne 4, Deux Faces 4 (l. 749-810); larve 1, adulte 2,
géant 3 (l. 879-893); the mount is free (l. 713).
"""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from browser_engine import valider
from tests.engine_support import check_example_list, load_bundle

ROOT = Path(__file__).resolve().parent.parent
LISTES = ROOT / "data" / "hami" / "listes"


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("hami")


def gardien(**champs: Any) -> dict[str, Any]:
    return {"caste": "gardien", "tribu": "roche", "age": "ancien", "sorts": ["ralentissement"],
            "objets": ["pierre-d-artefact"], **champs}


def pisteuse(**champs: Any) -> dict[str, Any]:
    # With her Snifleur (1 point), so that two Hami make the 3 figures a Communauté needs (l. 120).
    return {"caste": "pisteuse", "tribu": "eau", "age": "jeune", "arme": "arc", "objets": ["masque-de-chasse"],
            "familier": "snifleur", **champs}


def guetteur(**champs: Any) -> dict[str, Any]:
    return {"caste": "guetteur", "tribu": "roche", "age": "jeune", "objets": ["sac-a-projectiles"], **champs}


def sans_familier(entree: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entree.items() if k != "familier"}


def conteur(**champs: Any) -> dict[str, Any]:
    return {"caste": "conteur", "tribu": "eau", "age": "ancien", "sorts": ["localisation", "brume"],
            "objets": ["pierre-d-aspiration"], **champs}


def communaute(*entrees: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {"jeu": "hami", "nom": "Essai", "format": 9, "options": options or {"lien": "ombre"},
            "entrees": [copy.deepcopy(e) for e in entrees]}


# The book's own example (l. 481): Gardien de la Roche ancien + Cracheur, two young Pisteuses of the Eau
# with a Snifleur and a Veilleur, all Ombre: "soit un total de 9 pts".
LIVRE = communaute(
    gardien(meneur=True, familier="cracheur"),
    pisteuse(familier="snifleur"),
    pisteuse(arme="lanceur", familier="veilleur", objets=["masque-de-vision"]),
)


def rapport(bundle: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    return valider(bundle, copy.deepcopy(liste))


def codes(bundle: dict[str, Any], liste: dict[str, Any]) -> list[str]:
    return [e["code"] for e in rapport(bundle, liste)["erreurs"]]


def avertissements(bundle: dict[str, Any], liste: dict[str, Any]) -> list[str]:
    return [e["code"] for e in rapport(bundle, liste)["avertissements"]]


def valide(bundle: dict[str, Any], liste: dict[str, Any]) -> None:
    r = rapport(bundle, liste)
    assert r["valide"], [(e["code"], e["message"]) for e in r["erreurs"]]


# --- the book's example and the budget --------------------------------------------------------------

def test_exemple_du_livre(bundle):
    # l. 481: "(6 pts pour les 4 figurines, soit un total de 9 pts)".
    r = rapport(bundle, LIVRE)
    assert r["valide"] and r["cout"] == 9 and r["budget"] == 9
    assert [row["cout"] for row in r["details"]["entrees"]] == [3, 3, 3]


def test_budget_neuf_points(bundle):
    # l. 414: "Vous disposez de 9 points". A S'Truk (2 points, l. 604) instead of the Cracheur makes 10.
    liste = copy.deepcopy(LIVRE)
    liste["entrees"][0]["familier"] = "s-truk"
    assert codes(bundle, liste) == ["HAMI_POINTS_MAX"]
    assert rapport(bundle, liste)["cout"] == 10


def test_budget_non_depense_est_un_avertissement(bundle):
    # l. 431: "tout en respectant une valeur totale de 9 points": a maximum; less is allowed (warned).
    liste = communaute(gardien(meneur=True), pisteuse())
    r = rapport(bundle, liste)
    assert r["valide"] and r["cout"] == 2 + 2 + 1
    assert [a["code"] for a in r["avertissements"]] == ["HAMI_POINTS_RESTANTS"]
    assert avertissements(bundle, LIVRE) == []


def test_format_toujours_neuf(bundle):
    liste = copy.deepcopy(LIVRE)
    liste["format"] = 12
    assert "HAMI_FORMAT" in codes(bundle, liste)


def test_monture_gratuite(bundle):
    # l. 713: "peut gratuitement avoir une monture".
    liste = copy.deepcopy(LIVRE)
    liste["entrees"][1]["monture"] = "galopeur"
    r = rapport(bundle, liste)
    assert r["valide"] and r["cout"] == 9


def test_couts_des_legendaires_et_predateurs(bundle):
    # l. 749-810: La Jaune 3, La Ruche 3, L'œil 4, La Montagne 4, Deux Faces 4; l. 879-893: 1/2/3.
    for legendaire, cout in (("la-jaune", 3), ("la-ruche", 3), ("l-oeil", 4), ("la-montagne", 4),
                             ("deux-faces", 4)):
        liste = communaute({"legendaire": legendaire}, guetteur(meneur=True), lien="lumiere")
        details = rapport(bundle, liste)["details"]["entrees"]
        assert details[0]["cout"] == cout, legendaire
    for stade, cout in (("larve", 1), ("adulte", 2), ("geant", 3)):
        liste = communaute(gardien(meneur=True), pisteuse(), {"predateur": stade, "competences": ["poison"]})
        assert rapport(bundle, liste)["details"]["entrees"][2]["cout"] == cout


# --- composition ----------------------------------------------------------------------------------

def test_deux_hami_minimum(bundle):
    # l. 418: "Une communauté doit contenir au minimum deux HAMI."
    seul = communaute(guetteur(meneur=True, age="ancien"))
    assert "HAMI_HAMI_MIN" in codes(bundle, seul)
    valide(bundle, communaute(guetteur(meneur=True, age="ancien"), pisteuse()))


def test_un_jeune_et_un_ancien(bundle):
    # l. 430: "une communauté doit contenir au moins 1 Hami de chaque âge".
    assert codes(bundle, communaute(gardien(meneur=True, age="jeune"), pisteuse())) == ["HAMI_ANCIEN_MIN"]
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(age="ancien"))) == ["HAMI_JEUNE_MIN"]
    # l. 747: "les Hami Légendaires sont Anciens": La Jaune supplies the ancien, not the jeune.
    valide(bundle, communaute({"legendaire": "la-jaune", "meneur": True}, pisteuse(objets=["pierre-d-artefact"]),
                              lien="lumiere"))
    jaune_et_ancien = communaute({"legendaire": "la-jaune", "meneur": True},
                                 pisteuse(age="ancien", objets=["pierre-d-artefact"]), lien="lumiere")
    assert codes(bundle, jaune_et_ancien) == ["HAMI_JEUNE_MIN"]


def test_un_seul_conteur(bundle):
    # l. 477: "Il ne peut y avoir qu'un seul Conteur par Communauté".
    deux = communaute(conteur(meneur=True), conteur(age="jeune", sorts=["transfert", "enlevement"],
                                                    objets=["masque-de-vision"]), lien="lumiere")
    assert "HAMI_CONTEUR_MAX" in codes(bundle, deux)
    # L'œil counts as the Conteur (data interpretation of limites-de-caste).
    oeil = communaute({"legendaire": "l-oeil", "meneur": True},
                      conteur(age="jeune", sorts=["transfert", "enlevement"], objets=["masque-de-vision"]),
                      lien="lumiere")
    assert "HAMI_CONTEUR_MAX" in codes(bundle, oeil)
    valide(bundle, communaute(conteur(meneur=True), pisteuse(), lien="lumiere"))


def test_deux_gardiens_au_plus(bundle):
    # l. 477: "et pas plus de 2 Gardiens".
    trois = communaute(gardien(meneur=True), gardien(age="jeune", sorts=["enlevement"], objets=["masque-de-vision"]),
                       gardien(age="jeune", sorts=["brume"], objets=["masque-de-guerre"]))
    assert codes(bundle, trois) == ["HAMI_GARDIENS_MAX"]
    # La Ruche and Deux Faces are Gardiens (l. 775, l. 812).
    legendaires = communaute({"legendaire": "la-ruche", "meneur": True}, {"legendaire": "deux-faces"},
                             gardien(age="jeune", sorts=["enlevement"], objets=["masque-de-vision"]))
    assert "HAMI_GARDIENS_MAX" in codes(bundle, legendaires)
    valide(bundle, communaute(gardien(meneur=True), gardien(age="jeune", sorts=["enlevement"],
                                                              objets=["masque-de-vision"], familier="veilleur")))


def test_tribu_et_age_obligatoires(bundle):
    # l. 426-430: choose its tribe, then its age.
    sans_tribu = communaute(gardien(meneur=True), {k: v for k, v in pisteuse().items() if k != "tribu"})
    assert codes(bundle, sans_tribu) == ["HAMI_TRIBU_MANQUANTE"]
    sans_age = communaute(gardien(meneur=True), {k: v for k, v in pisteuse().items() if k != "age"})
    assert "HAMI_AGE_MANQUANT" in codes(bundle, sans_age)


# --- the Meneur ------------------------------------------------------------------------------------

def test_un_meneur_exactement(bundle):
    # l. 420: "Il vous faut avoir un Hami désigné comme Meneur".
    aucun = communaute(gardien(), pisteuse())
    assert codes(bundle, aucun) == ["HAMI_MENEUR_NOMBRE"]
    deux = communaute(gardien(meneur=True), pisteuse(meneur=True))
    assert codes(bundle, deux) == ["HAMI_MENEUR_NOMBRE"]
    valide(bundle, communaute(gardien(), pisteuse(meneur=True)))


def test_le_conteur_est_le_meneur(bundle):
    # l. 420: "Si vous recrutez un Conteur, il sera forcément le Meneur."
    assert codes(bundle, communaute(conteur(), guetteur(meneur=True, familier="buteur"), lien="lumiere")) == \
        ["HAMI_CONTEUR_MENEUR"]
    valide(bundle, communaute(conteur(meneur=True), guetteur(familier="buteur"), lien="lumiere"))
    # L'œil is a Conteur (l. 786).
    oeil = communaute({"legendaire": "l-oeil"}, guetteur(meneur=True, tribu="herbe", objets=["pierre-de-camouflage"],
                                                         familier="buteur"))
    oeil["options"] = {"periode": "jour"}
    assert codes(bundle, oeil) == ["HAMI_CONTEUR_MENEUR"]


# --- Light and Shadow --------------------------------------------------------------------------------

def test_lien_obligatoire_hors_herbe(bundle):
    # l. 424: the first Hami is bound to Light or Shadow (none if Herbe); the others follow.
    liste = copy.deepcopy(LIVRE)
    liste["options"] = {}
    assert codes(bundle, liste) == ["HAMI_LIEN_MANQUANT"]


def test_communaute_de_l_herbe(bundle):
    # l. 416: an all-Herbe Communauté is bound to Day or Night "au choix du joueur en début de partie".
    herbe = communaute(gardien(meneur=True, tribu="herbe", objets=["pierre-de-camouflage"]),
                       pisteuse(tribu="herbe", objets=["sac-a-poussiere"]), periode="nuit")
    valide(bundle, herbe)
    avec_lien = copy.deepcopy(herbe)
    avec_lien["options"] = {"lien": "ombre"}
    assert codes(bundle, avec_lien) == ["HAMI_LIEN_HERBE"]
    sans_periode = copy.deepcopy(herbe)
    sans_periode["options"] = {}
    assert rapport(bundle, sans_periode)["valide"]
    assert "HAMI_PERIODE_A_CHOISIR" in avertissements(bundle, sans_periode)
    periode_hors_herbe = copy.deepcopy(LIVRE)
    periode_hors_herbe["options"]["periode"] = "nuit"
    assert codes(bundle, periode_hors_herbe) == ["HAMI_PERIODE_HORS_HERBE"]


def test_herbe_rejoint_toute_communaute(bundle):
    # l. 414: "(aucune contrainte pour recruter des Hami de l'Herbe)".
    for lien in ("lumiere", "ombre"):
        valide(bundle, communaute(gardien(meneur=True), pisteuse(tribu="herbe"), lien=lien))


def test_canopee_lumiere_grottes_ombre(bundle):
    # l. 184: every tribe has both sides except the Canopée and the Grottes;
    # l. 158: Canopée is listed under Lumière only, Grottes under Ombre only.
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(tribu="canopee"))) == ["HAMI_CANOPEE_LUMIERE"]
    valide(bundle, communaute(gardien(meneur=True), pisteuse(tribu="canopee"), lien="lumiere"))
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(tribu="grottes"), lien="lumiere")) == \
        ["HAMI_GROTTES_OMBRE"]
    valide(bundle, communaute(gardien(meneur=True), pisteuse(tribu="grottes")))


def test_lumiere_et_ombre_ne_se_melangent_pas(bundle):
    # l. 414: Shadow Hami and Light Hami may not be mixed.
    liste = communaute(gardien(meneur=True, tribu="canopee"), pisteuse(tribu="grottes"))
    liste["options"] = {}
    assert set(codes(bundle, liste)) == {"HAMI_LIEN_MANQUANT", "HAMI_LIEN_MELANGE"}
    jaune_et_ruche = communaute({"legendaire": "la-jaune", "meneur": True}, {"legendaire": "la-ruche"},
                                pisteuse())
    jaune_et_ruche["options"] = {}
    assert "HAMI_LIEN_MELANGE" in codes(bundle, jaune_et_ruche)


def test_legendaires_lien_et_tribu_imposes(bundle):
    # l. 749: La Jaune (Lumière/Eau); l. 771: La Ruche (Ombre/Grotte); l. 814: Deux Faces "jouable dans les
    # communautés de Lumière ou de l'Ombre".
    jaune = communaute({"legendaire": "la-jaune", "meneur": True}, pisteuse(objets=["pierre-d-artefact"]))
    assert codes(bundle, jaune) == ["HAMI_LEGENDAIRE_LIEN"]
    ruche = communaute({"legendaire": "la-ruche", "meneur": True}, pisteuse(), lien="lumiere")
    assert codes(bundle, ruche) == ["HAMI_LEGENDAIRE_LIEN"]
    for lien in ("lumiere", "ombre"):
        valide(bundle, communaute({"legendaire": "deux-faces", "meneur": True}, pisteuse(), lien=lien))
    mauvaise_tribu = communaute({"legendaire": "la-ruche", "meneur": True, "tribu": "eau"}, pisteuse())
    assert codes(bundle, mauvaise_tribu) == ["HAMI_LEGENDAIRE_TRIBU"]
    valide(bundle, communaute({"legendaire": "la-ruche", "meneur": True, "tribu": "grottes"}, pisteuse()))
    valide(bundle, communaute({"legendaire": "deux-faces", "meneur": True, "tribu": "canopee"}, pisteuse()))


def test_legendaires_anciens_uniques_et_dotes(bundle):
    # l. 747: "les Hami Légendaires sont Anciens".
    jeune = communaute({"legendaire": "la-jaune", "meneur": True, "age": "jeune"}, pisteuse(objets=["pierre-d-artefact"]),
                       lien="lumiere")
    assert "HAMI_LEGENDAIRE_AGE" in codes(bundle, jeune)
    # Each legendary is a single character (l. 745: "Certains Hami ... sont devenus des légendes").
    deux = communaute({"legendaire": "la-jaune", "meneur": True}, {"legendaire": "la-jaune"}, pisteuse(),
                      lien="lumiere")
    assert "HAMI_LEGENDAIRE_UNIQUE" in codes(bundle, deux)
    # l. 758: La Jaune: "Sorts et Objets: Masque de Chasse."
    autre_objet = communaute({"legendaire": "la-jaune", "meneur": True, "objets": ["sac-a-projectiles"]},
                             pisteuse(objets=["pierre-d-artefact"]), lien="lumiere")
    assert codes(bundle, autre_objet) == ["HAMI_LEGENDAIRE_DOTATION"]
    recopie = communaute({"legendaire": "la-jaune", "meneur": True, "objets": ["masque-de-chasse"]},
                         pisteuse(objets=["pierre-d-artefact"]), lien="lumiere")
    valide(bundle, recopie)


# --- familiers, wild familiers, predators -----------------------------------------------------------

def test_un_familier_par_hami(bundle):
    # l. 555: "Un Hami peut posséder un et un seul familier."
    deux = communaute(gardien(meneur=True, familier=["snifleur", "veilleur"]), pisteuse())
    assert codes(bundle, deux) == ["HAMI_FAMILIERS_MAX"]
    valide(bundle, communaute(gardien(meneur=True, familier="snifleur"), pisteuse(familier="veilleur")))


def test_familier_inconnu(bundle):
    assert codes(bundle, communaute(gardien(meneur=True, familier="dragon"), pisteuse())) == ["HAMI_FAMILIER_INCONNU"]


def test_la_ruche_maitresse(bundle):
    # l. 782: "elle en gagne automatiquement un second gratuitement ... 2 familiers contrairement à la règle".
    ruche = communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["snifleur", "veilleur"]}, pisteuse())
    r = rapport(bundle, ruche)
    assert r["valide"] and r["details"]["entrees"][0]["cout"] == 3 + 1
    trois = communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["snifleur", "veilleur", "buteur"]},
                       pisteuse())
    assert codes(bundle, trois) == ["HAMI_FAMILIERS_MAX"]
    # "hors mécanique": no S'Truk in her pair.
    mecanique = communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["s-truk", "snifleur"]}, pisteuse())
    assert codes(bundle, mecanique) == ["HAMI_RUCHE_MECANIQUE"]
    un_seul = communaute({"legendaire": "la-ruche", "meneur": True, "familier": "snifleur"}, pisteuse())
    assert rapport(bundle, un_seul)["valide"]
    assert set(avertissements(bundle, un_seul)) == {"HAMI_POINTS_RESTANTS", "HAMI_RUCHE_SECOND_FAMILIER"}


def test_un_seul_mikmik(bundle):
    # l. 626: "Mikmik 1 Max".
    deux = communaute(gardien(meneur=True, familier="mikmik"), pisteuse(familier="snifleur"),
                      {"familier_sauvage": "mikmik"})
    assert codes(bundle, deux) == ["HAMI_MIKMIK_MAX"]
    valide(bundle, communaute(gardien(meneur=True, familier="mikmik"), pisteuse(familier="snifleur"),
                              {"familier_sauvage": "buteur"}))


def test_familiers_sauvages(bundle):
    # l. 431: wild familiars from the second Hami on; l. 433: only once every Hami has its familiar.
    premature = communaute(gardien(meneur=True, familier="cracheur"), sans_familier(pisteuse()),
                           {"familier_sauvage": "snifleur"})
    assert codes(bundle, premature) == ["HAMI_SAUVAGE_PREMATURE"]
    un_hami = communaute(guetteur(meneur=True, age="ancien", familier="buteur"), {"familier_sauvage": "snifleur"})
    assert "HAMI_SAUVAGE_PREMATURE" in codes(bundle, un_hami)
    valide(bundle, communaute(gardien(meneur=True, familier="cracheur"), pisteuse(familier="veilleur"),
                              {"familier_sauvage": "snifleur"}))


def test_predateurs_recrutes(bundle):
    # l. 873: predators only once the two basic Hami are recruited.
    un_hami = communaute(guetteur(meneur=True, age="ancien"), {"predateur": "larve", "competences": ["poison"]})
    assert "HAMI_PREDATEUR_PREMATURE" in codes(bundle, un_hami)
    # Only the two Hami are required, not a familier each (data interpretation of recruter-des-predateurs).
    valide(bundle, communaute(gardien(meneur=True), pisteuse(), {"predateur": "adulte", "competences": ["toile"]}))


def test_competences_des_predateurs(bundle):
    # l. 904: "choisir 1 ou 2 compétences ... (une pour les larves et adultes et deux pour les géants)".
    base = (gardien(meneur=True), pisteuse())
    valide(bundle, communaute(*base, {"predateur": "larve", "competences": ["poison"]}))
    assert codes(bundle, communaute(*base, {"predateur": "larve", "competences": ["poison", "toile"]})) == \
        ["HAMI_COMPETENCES_NOMBRE"]
    assert codes(bundle, communaute(*base, {"predateur": "adulte"})) == ["HAMI_COMPETENCES_NOMBRE"]
    assert codes(bundle, communaute(*base, {"predateur": "geant", "competences": ["rapide"]})) == \
        ["HAMI_COMPETENCES_NOMBRE"]
    valide(bundle, communaute(gardien(meneur=True), pisteuse(),
                              {"predateur": "geant", "competences": ["rapide", "nocturne"]}))
    assert "HAMI_COMPETENCE_DOUBLE" in codes(bundle, communaute(*base, {"predateur": "geant",
                                                                       "competences": ["poison", "poison"]}))


# --- spells and objects ----------------------------------------------------------------------------

def test_dotation_par_caste(bundle):
    # l. 498, 519, 534, 551: Guetteur 1 objet, Pisteuse 1 objet, Gardien 1 sort + 1 objet, Conteur 2 sorts + 1 objet.
    assert codes(bundle, communaute(gardien(meneur=True, sorts=[]), pisteuse())) == ["HAMI_SORTS_NOMBRE"]
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(objets=[]))) == ["HAMI_OBJETS_NOMBRE"]
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(objets=["masque-de-chasse", "masque-de-vision"]))) \
        == ["HAMI_OBJETS_NOMBRE"]
    assert codes(bundle, communaute(conteur(meneur=True, sorts=["brume"]), pisteuse(), lien="lumiere")) == \
        ["HAMI_SORTS_NOMBRE"]
    assert codes(bundle, communaute(gardien(meneur=True), guetteur(sorts=["brume"], familier="buteur"))) == \
        ["HAMI_SORTS_NOMBRE"]


def test_masque_de_magie(bundle):
    # l. 693: "Le Hami peut choisir un sort ... même un Gueuteur ou un Pisteur".
    valide(bundle, communaute(gardien(meneur=True), guetteur(objets=["masque-de-magie"], sorts=["brume"],
                                                             familier="buteur")))
    valide(bundle, communaute(gardien(meneur=True), guetteur(objets=["masque-de-magie"], familier="buteur")))
    valide(bundle, communaute(gardien(meneur=True, objets=["masque-de-magie"], sorts=["ralentissement", "brume"]),
                              pisteuse()))
    assert codes(bundle, communaute(gardien(meneur=True, objets=["masque-de-magie"],
                                            sorts=["ralentissement", "brume", "enlevement"]), pisteuse())) == \
        ["HAMI_SORTS_NOMBRE"]


def test_un_sort_ou_objet_par_communaute(bundle):
    # l. 651: each spell and each object at most once per Communauté.
    sorts = communaute(gardien(meneur=True), gardien(age="jeune", objets=["masque-de-vision"], familier="buteur"))
    assert codes(bundle, sorts) == ["HAMI_SORT_UNIQUE"]
    objets = communaute(gardien(meneur=True), pisteuse(objets=["pierre-d-artefact"]))
    assert codes(bundle, objets) == ["HAMI_OBJET_UNIQUE"]
    # Legendaries' fixed ones count: La Jaune carries the Masque de Chasse (l. 758).
    jaune = communaute({"legendaire": "la-jaune", "meneur": True}, pisteuse(), lien="lumiere")
    assert codes(bundle, jaune) == ["HAMI_OBJET_UNIQUE"]
    valide(bundle, LIVRE)


def test_restrictions_des_sorts(bundle):
    # l. 659: Aspiration "Communauté Lumière uniquement, interdit à la tribu de l'Herbe".
    lumiere = communaute(gardien(meneur=True, sorts=["aspiration"]), pisteuse(), lien="lumiere")
    valide(bundle, lumiere)
    assert codes(bundle, communaute(gardien(meneur=True, sorts=["aspiration"]), pisteuse())) == \
        ["HAMI_SORT_RESTRICTION"]
    herbe = communaute(gardien(meneur=True, tribu="herbe", sorts=["aspiration"]), pisteuse(), lien="lumiere")
    assert codes(bundle, herbe) == ["HAMI_SORT_RESTRICTION"]
    # l. 665: Transfert "Interdit à la tribu de l'Herbe".
    transfert = communaute(gardien(meneur=True, tribu="herbe", sorts=["transfert"]), pisteuse())
    assert codes(bundle, transfert) == ["HAMI_SORT_RESTRICTION"]
    # l. 677: Retour de familier "Communauté Ombre uniquement".
    valide(bundle, communaute(gardien(meneur=True, sorts=["retour-de-familier"]), pisteuse()))
    assert codes(bundle, communaute(gardien(meneur=True, sorts=["retour-de-familier"]), pisteuse(), lien="lumiere")) \
        == ["HAMI_SORT_RESTRICTION"]


def test_restrictions_des_objets(bundle):
    # l. 685: Pierre d'aspiration "Gardien ou Conteur Uniquement".
    valide(bundle, communaute(gardien(meneur=True, objets=["pierre-d-aspiration"]), pisteuse()))
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(objets=["pierre-d-aspiration"]))) == \
        ["HAMI_OBJET_RESTRICTION"]
    # l. 689 / 707: Pierre de Camouflage and Sac à poussière, Herbe only.
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(objets=["pierre-de-camouflage"]))) == \
        ["HAMI_OBJET_RESTRICTION"]
    valide(bundle, communaute(gardien(meneur=True), pisteuse(tribu="herbe", objets=["sac-a-poussiere"])))
    # l. 691 / 699: Masque de guerre Ombre only, Masque d'Harmonie Lumière only.
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(objets=["masque-de-guerre"]), lien="lumiere")) == \
        ["HAMI_OBJET_RESTRICTION"]
    valide(bundle, communaute(gardien(meneur=True), pisteuse(objets=["masque-d-harmonie"]), lien="lumiere"))
    # l. 416: an all-Herbe Communauté bound to the Night is not an Ombre Communauté for spells and objects.
    herbe = communaute(gardien(meneur=True, tribu="herbe"), pisteuse(tribu="herbe", objets=["masque-de-guerre"]),
                       periode="nuit")
    assert codes(bundle, herbe) == ["HAMI_OBJET_RESTRICTION"]
    # l. 699-701: La Ruche (Ombre) carries the Lumière-only Masque d'Harmonie: legendaries are exempt.
    valide(bundle, communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["snifleur", "veilleur"]},
                              pisteuse()))


# --- equipment -------------------------------------------------------------------------------------

def test_arme_de_la_pisteuse(bundle):
    # l. 509: "Équipement: Lanceur ou Arc (Au choix de joueur)."
    sans_arme = communaute(gardien(meneur=True), {k: v for k, v in pisteuse().items() if k != "arme"})
    assert codes(bundle, sans_arme) == ["HAMI_PISTEUSE_ARME"]
    assert codes(bundle, communaute(gardien(meneur=True, arme="arc"), pisteuse())) == ["HAMI_ARME_CASTE"]
    # l. 760: La Jaune: "Impossible de choisir l'équipement Arc."
    jaune_arc = communaute({"legendaire": "la-jaune", "meneur": True, "arme": "arc"},
                           pisteuse(objets=["pierre-d-artefact"]), lien="lumiere")
    assert codes(bundle, jaune_arc) == ["HAMI_JAUNE_ARC"]
    valide(bundle, communaute({"legendaire": "la-jaune", "meneur": True}, pisteuse(objets=["pierre-d-artefact"]),
                              lien="lumiere"))


def test_equipements_optionnels(bundle):
    # l. 494: bras-liane for the Guetteur; l. 532: Cairn for the Gardien; l. 549: Bâton "(Conteur ancien uniquement)".
    valide(bundle, communaute(gardien(meneur=True, equipement=["cairn"]),
                              guetteur(equipement=["bras-liane"], familier="buteur")))
    assert codes(bundle, communaute(gardien(meneur=True), pisteuse(equipement=["bras-liane"]))) == \
        ["HAMI_EQUIPEMENT_CASTE"]
    assert codes(bundle, communaute(gardien(meneur=True), guetteur(equipement=["cairn"], familier="buteur"))) == \
        ["HAMI_EQUIPEMENT_CASTE"]
    assert codes(bundle, communaute(gardien(meneur=True, equipement=["baton-de-concentration"]), pisteuse())) == \
        ["HAMI_EQUIPEMENT_CASTE"]
    valide(bundle, communaute(conteur(meneur=True, equipement=["baton-de-concentration"]), pisteuse(),
                              lien="lumiere"))
    jeune = communaute(conteur(meneur=True, age="jeune", equipement=["baton-de-concentration"]),
                       gardien(sorts=["enlevement"], familier="buteur"), lien="lumiere")
    assert codes(bundle, jeune) == ["HAMI_BATON_ANCIEN"]
    # A legendary counts as its caste: La Montagne is a Guetteur (l. 799).
    montagne = communaute({"legendaire": "la-montagne", "meneur": True, "equipement": ["bras-liane"]},
                          pisteuse(tribu="herbe", objets=["sac-a-poussiere"]), periode="jour")
    valide(bundle, montagne)


# --- mounts ----------------------------------------------------------------------------------------

def test_une_seule_monture(bundle):
    # l. 713: one Hami, and only one, may have a free mount.
    deux = communaute(gardien(meneur=True, monture="construct"), pisteuse(monture="galopeur"))
    assert codes(bundle, deux) == ["HAMI_MONTURE_MAX"]
    valide(bundle, communaute(gardien(meneur=True, monture="construct"), pisteuse()))
    # Deux Faces already rides his familiar (l. 812, data interpretation).
    deux_faces = communaute({"legendaire": "deux-faces", "meneur": True, "monture": "galopeur"}, pisteuse())
    assert codes(bundle, deux_faces) == ["HAMI_MONTURE_DEUX_FACES"]


def test_bete_de_somme(bundle):
    # l. 721: Bête de somme only for an all-Herbe Communauté; then two Hami may take one more object.
    assert codes(bundle, communaute(gardien(meneur=True, monture="bete-de-somme"), pisteuse())) == \
        ["HAMI_BETE_DE_SOMME_HERBE"]
    herbe = dict(tribu="herbe")
    deux = communaute(guetteur(meneur=True, age="ancien", monture="bete-de-somme",
                               objets=["sac-a-projectiles", "pierre-de-camouflage"], **herbe),
                      pisteuse(objets=["masque-de-chasse", "sac-a-poussiere"], **herbe),
                      pisteuse(objets=["masque-de-vision"], **herbe), periode="jour")
    valide(bundle, deux)
    trois = copy.deepcopy(deux)
    trois["entrees"][2]["objets"] = ["masque-de-vision", "pierre-d-artefact"]
    assert codes(bundle, trois) == ["HAMI_BETE_DE_SOMME_OBJETS"]


# --- the Arbres Meneur -----------------------------------------------------------------------------

ARBRES = communaute(
    gardien(meneur=True, tribu="arbres", familier="snifleur"),
    pisteuse(tribu="arbres", familier="snifleur"),
    pisteuse(arme="lanceur", familier="snifleur", objets=["sac-a-projectiles"]),
    {"familier_sauvage": "buteur"},
    lien="lumiere",
)


def test_bonus_des_arbres(bundle):
    # l. 447: with two familiars of one species (neither wild nor mechanical), a third identical one, wild or
    # not, is free.  2+1 + 2+1 + 2+0 + 1 = 9.
    r = rapport(bundle, ARBRES)
    assert r["valide"] and r["cout"] == 9
    roche = copy.deepcopy(ARBRES)
    roche["entrees"][0]["tribu"] = "roche"
    assert codes(bundle, roche) == ["HAMI_POINTS_MAX"]  # the same list costs 10 without the Arbres Meneur
    # The free third may be wild.
    sauvage = communaute(gardien(meneur=True, tribu="arbres", familier="snifleur"),
                         pisteuse(tribu="arbres", familier="snifleur"), {"familier_sauvage": "snifleur"},
                         {"familier_sauvage": "buteur"}, lien="lumiere")
    assert rapport(bundle, sauvage)["cout"] == 2 + 1 + 2 + 1 + 0 + 1
    # Mechanical familiars do not count (S'Truk, 2 points each).
    struk = communaute(gardien(meneur=True, tribu="arbres", familier="s-truk"),
                       pisteuse(tribu="arbres", familier="s-truk"), pisteuse(arme="lanceur", familier="s-truk",
                                                                            objets=["sac-a-projectiles"]),
                       lien="lumiere")
    assert rapport(bundle, struk)["cout"] == 2 + 2 + 2 + 2 + 2 + 2


def test_familier_offert_a_la_ruche_hors_bonus_des_arbres(bundle):
    # l. 782: La Ruche's extra familiar does not count for the bonus of an Arbres Meneur.
    liste = communaute(gardien(meneur=True, tribu="arbres", familier="snifleur"),
                       {"legendaire": "la-ruche", "familier": ["veilleur", "snifleur"]},
                       pisteuse(familier="snifleur"))
    # Counted: the Gardien's and the Pisteuse's Snifleur only (two): no third, no free familiar.
    assert rapport(bundle, liste)["cout"] == (2 + 1) + (3 + 1 + 0) + (2 + 1)


# --- solo campaign ---------------------------------------------------------------------------------

def test_campagne_solo(bundle):
    # l. 1439: at creation, a single object or spell for the whole Communauté, and no mount.
    solo = communaute(gardien(meneur=True, sorts=[]), pisteuse(objets=[]), lien="ombre", mode="solo-campagne")
    valide(bundle, solo)
    deux = communaute(gardien(meneur=True, sorts=[]), pisteuse(), lien="ombre", mode="solo-campagne")
    assert codes(bundle, deux) == ["HAMI_SOLO_DOTATION"]
    monture = communaute(gardien(meneur=True, sorts=[], monture="galopeur"), pisteuse(objets=[]), lien="ombre",
                         mode="solo-campagne")
    assert codes(bundle, monture) == ["HAMI_SOLO_MONTURE"]
    # In a standard game the same Communauté must choose its spells and objects.
    assert set(codes(bundle, communaute(gardien(meneur=True, sorts=[]), pisteuse(objets=[])))) == \
        {"HAMI_SORTS_NOMBRE", "HAMI_OBJETS_NOMBRE"}


# --- entries of the wrong shape ----------------------------------------------------------------------

def test_sortes_d_entree(bundle):
    assert "HAMI_ENTREE_SORTE" in codes(bundle, communaute(gardien(meneur=True), pisteuse(), {"nom": "rien"}))
    melange = communaute(gardien(meneur=True), pisteuse(), {"familier_sauvage": "buteur", "predateur": "larve"})
    assert "HAMI_ENTREE_SORTE" in codes(bundle, melange)
    assert "HAMI_CASTE_ET_LEGENDAIRE" in codes(bundle, communaute(gardien(meneur=True, legendaire="la-ruche"),
                                                                   pisteuse()))
    assert codes(bundle, communaute(gardien(meneur=True, competences=["poison"]), pisteuse())) == \
        ["HAMI_CHAMP_HORS_SORTE"]
    assert codes(bundle, communaute(gardien(meneur=True, familier="cracheur"), pisteuse(familier="snifleur"),
                                    {"familier_sauvage": "buteur", "sorts": ["brume"]})) == ["HAMI_CHAMP_HORS_SORTE"]
    assert codes(bundle, communaute(gardien(meneur=True, sorts=["boule-de-feu"]), pisteuse())) == \
        ["HAMI_SORT_INCONNU"]
    assert codes(bundle, communaute(gardien(meneur=True, couleur="bleu"), pisteuse())) == ["LISTE_CHAMP_INCONNU"]


def test_violations_completes_et_liees(bundle):
    liste = communaute(gardien(meneur=True, sorts=["aspiration"]), pisteuse(tribu="canopee"))
    for erreur in rapport(bundle, liste)["erreurs"]:
        assert set(erreur) == {"code", "message", "chemin", "regle", "parties"}
        assert re.fullmatch(r"HAMI_[A-Z_]+", erreur["code"])
        assert erreur["chemin"].startswith("/")
        assert erreur["regle"] and erreur["regle"].startswith("hami/"), erreur


# --- details: final characteristics and tribe bonuses --------------------------------------------------

def test_details_des_creatures(bundle):
    # 3 + 1 + 3 + 2 = 9 points, all Herbe, bound to the Day.
    liste = communaute(
        conteur(meneur=True, tribu="herbe", equipement=["baton-de-concentration"], familier="snifleur"),
        guetteur(tribu="herbe", equipement=["bras-liane"], monture="galopeur", objets=["sac-a-poussiere"]),
        sans_familier(pisteuse(tribu="herbe", age="ancien", objets=["pierre-de-camouflage"])),
        periode="jour",
    )
    r = rapport(bundle, liste)
    assert r["valide"], r["erreurs"]
    creatures = r["details"]["creatures"]
    par_nom = {c["profil"] + str(c["entree"]): c for c in creatures}
    # Conteur (l. 546: M1 C1 T2 E4), ancien +2 E (l. 473), Bâton -2 E (l. 549): E 4; actions 2 (l. 323).
    c = par_nom["conteur0"]
    assert (c["M"], c["C"], c["T"], c["E"], c["actions"]) == (1, 1, 2, 4, 2)
    # Guetteur (l. 491: M1 C3 T1 E6), jeune +1 action (l. 471), bras-liane C 2 (l. 496), Galopeur M 1,5 (l. 717).
    g = par_nom["guetteur1"]
    assert (g["M"], g["C"], g["T"], g["E"], g["actions"]) == ("1,5", 2, 1, 6, 3)
    # Pisteuse (l. 506: M1 C1 T3 E3) ancienne: E 5.
    p = par_nom["pisteuse2"]
    assert (p["M"], p["C"], p["T"], p["E"], p["actions"]) == (1, 1, 3, 5, 2)
    # The Snifleur of the Conteur (l. 563: M1 C1 T- E3), 2 actions (l. 323).
    s = par_nom["snifleur0"]
    assert (s["M"], s["C"], s["E"], s["actions"], s["rattache_a"]) == (1, 1, 3, 2, 0)
    # Community bonus of the Meneur's tribe (Herbe, l. 453) and individual bonus (Herbe, l. 467).
    assert r["details"]["bonus_communaute"]["tribu"] == "herbe"
    assert "Discret" in r["details"]["bonus_communaute"]["texte"]
    assert all(x["bonus_communaute"] == r["details"]["bonus_communaute"]["texte"] for x in creatures)
    assert c["bonus_individuel"]["tribu"] == "herbe" and "cache" in c["bonus_individuel"]["texte"]
    assert s["bonus_individuel"] is None


def test_details_des_predateurs(bundle):
    # A recruited adult (l. 890: M1 C3 E5) with Rapide: M 1,5 (l. 910); a giant (l. 897: E7) is Robuste (l. 900).
    liste = communaute(gardien(meneur=True), pisteuse(), {"predateur": "adulte", "competences": ["rapide"]})
    adulte = rapport(bundle, liste)["details"]["creatures"][-1]
    assert (adulte["M"], adulte["C"], adulte["E"], adulte["actions"]) == ("1,5", 3, 5, 2)
    assert adulte["capacites"] == ["rapide"]
    liste = communaute(gardien(meneur=True), pisteuse(), {"predateur": "geant", "competences": ["poison", "toile"]})
    geant = rapport(bundle, liste)["details"]["creatures"][-1]
    assert (geant["M"], geant["E"]) == (1, 7) and geant["capacites"] == ["robuste", "poison", "toile"]


def test_details_construct_et_legendaires(bundle):
    # Construct: +2 Essences (l. 719); legendaries' Essence already includes the ancien bonus (l. 747).
    liste = communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["snifleur", "veilleur"]},
                       pisteuse(monture="construct"))
    r = rapport(bundle, liste)
    creatures = {c["profil"]: c for c in r["details"]["creatures"]}
    assert creatures["la-ruche"]["E"] == 6 and creatures["la-ruche"]["actions"] == 2
    assert creatures["pisteuse"]["E"] == 3 + 2 and creatures["pisteuse"]["actions"] == 3
    assert r["details"]["bonus_communaute"]["tribu"] == "grottes"


# --- the example lists of the site -------------------------------------------------------------------

EXEMPLES = sorted(LISTES.glob("*.yaml"))


def test_au_moins_douze_exemples():
    assert len(EXEMPLES) >= 12
    assert any("invalide" in p.name for p in EXEMPLES) and any("invalide" not in p.name for p in EXEMPLES)


@pytest.mark.parametrize("chemin", EXEMPLES, ids=[p.name for p in EXEMPLES])
def test_exemples(bundle, chemin: Path):
    r = check_example_list(bundle, chemin, "HAMI")
    if "invalide" not in chemin.name:
        assert r["cout"] == 9


def test_ligne_de_commande():
    chemin = LISTES / "11-invalide-budget-depasse.yaml"
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(chemin), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    sortie = json.loads(run.stdout)
    assert [e["code"] for e in sortie["erreurs"]] == ["HAMI_POINTS_MAX"] and sortie["cout"] == 10
    run = subprocess.run([sys.executable, "-m", "browser_engine", "valider", str(LISTES / "01-exemple-du-livre.yaml")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "Liste valide" in run.stdout


def test_entrees_hostiles_sans_plantage(bundle):
    # Wrong types everywhere: French errors from the schema and the checker, never an exception.
    liste = {"jeu": "hami", "nom": "<b>piège</b>", "format": 9,
             "options": {"lien": ["ombre"], "mode": 3, "scenario": ["vol-de-familiers"], "role": {"a": 1}},
             "entrees": [{"caste": ["gardien"], "tribu": {"a": 1}, "familier": [1, None], "sorts": "brume"},
                         {"legendaire": "la-ruche", "familier": {"x": "y"}, "meneur": "oui"},
                         {"predateur": "geant", "competences": [["poison"]]}, 42, None]}
    r = rapport(bundle, liste)
    assert not r["valide"]
    assert all(re.search(r"[éèàç]|\b(doit|champ|type|valeur)\b", e["message"]) for e in r["erreurs"])
    json.dumps(r)


# --- size of the Communauté ----------------------------------------------------------------------------

def test_trois_a_huit_figurines(bundle):
    # l. 120: "Le format sera de 3 à 8 figurines"; l. 127: "3 à 8 (9 si vous comptez l'éventuelle monture)".
    deux = communaute(gardien(meneur=True), sans_familier(pisteuse()))
    assert codes(bundle, deux) == ["HAMI_FIGURINES_MIN"]
    # The mount is not one of the 3 to 8: a mounted Hami is still one figure of them.
    assert codes(bundle, communaute(gardien(meneur=True, monture="galopeur"), sans_familier(pisteuse()))) == \
        ["HAMI_FIGURINES_MIN"]
    # Deux Faces and the familier he rides are one profile on one 50 mm base (l. 812-818): one figure.
    assert codes(bundle, communaute({"legendaire": "deux-faces", "meneur": True}, sans_familier(pisteuse()))) == \
        ["HAMI_FIGURINES_MIN"]
    valide(bundle, communaute({"legendaire": "deux-faces", "meneur": True}, pisteuse()))
    # Nine figures (two Hami, their two familiers, five larvae) are too many, whatever the budget says.
    larve = {"predateur": "larve", "competences": ["poison"]}
    neuf = communaute(gardien(meneur=True, familier="cracheur"), pisteuse(), *[larve] * 5)
    r = rapport(bundle, neuf)
    assert {e["code"] for e in r["erreurs"]} == {"HAMI_FIGURINES_MAX", "HAMI_POINTS_MAX"}
    assert len(r["details"]["creatures"]) == 9


def test_huit_figurines_et_la_monture(bundle):
    # l. 127: 8 figures, 9 with the mount. A Meneur of the Arbres makes the third identical familier free
    # (bonus-communaute-tribu): 3 + 3 + 0 + 3 = 9 points for 8 figures, and the free mount makes a ninth.
    larve = {"predateur": "larve", "competences": ["poison"]}
    huit = communaute(gardien(meneur=True, tribu="arbres", familier="snifleur", monture="galopeur"), pisteuse(),
                      {"familier_sauvage": "snifleur"}, *[larve] * 3)
    r = rapport(bundle, huit)
    assert r["valide"] and r["cout"] == 9, r["erreurs"]
    assert sum(row["nombre"] for row in r["details"]["entrees"]) == 9  # the mount is shown in the count


# --- scenario line-ups -------------------------------------------------------------------------------

def en_scenario(liste: dict[str, Any], scenario: str, role: str | None = None) -> dict[str, Any]:
    liste = copy.deepcopy(liste)
    liste["options"] = {**liste["options"], "scenario": scenario, **({"role": role} if role else {})}
    return liste


def test_scenarios_de_la_liste_sont_ceux_du_jeu(bundle):
    schema = json.loads((ROOT / "schemas" / "liste-hami.schema.json").read_text("utf-8"))
    assert schema["properties"]["options"]["properties"]["scenario"]["enum"] == [s["id"] for s in bundle["scenarios"]]
    r = rapport(bundle, en_scenario(LIVRE, "scenario-invente"))
    assert [e["chemin"] for e in r["erreurs"]] == ["/options/scenario"]


def _partages_brute_force(couts: list[int], minimum: int) -> bool:
    """Every way of putting each entry in group A or B (independent of the engine's subset sums)."""
    for masque in range(2 ** len(couts)):
        a = sum(c for k, c in enumerate(couts) if masque >> k & 1)
        if a >= minimum and sum(couts) - a >= minimum:
            return True
    return False


def test_deux_groupes_d_au_moins_trois_points_calcul():
    from browser_engine.jeux.hami.liste_scenarios import partage_possible

    for couts in ([3, 3, 3], [6, 2], [5, 2], [4, 4, 1], [2, 2, 1, 1], [2, 2, 1], [6, 1, 1, 1], [1] * 6, [1] * 5, []):
        assert partage_possible(couts, 3) == _partages_brute_force(couts, 3), couts
    assert not partage_possible([6, 2], 3) and partage_possible([4, 4, 1], 3)


# L'œil (4) with a S'Truk (2) and a Gardien (2): 8 points in entries of 6 and 2, no two groups of 3 points.
UN_GROUPE = communaute(
    {"legendaire": "l-oeil", "meneur": True, "familier": "s-truk"},
    gardien(tribu="herbe", age="jeune", familier=None, objets=["pierre-de-camouflage"]),
    periode="jour",
)
UN_GROUPE["entrees"][1].pop("familier")


def test_deux_groupes_d_au_moins_trois_points(bundle):
    # l. 1044 (L'hiver approche), l. 1167 (La Bonne Piste): both players; l. 1121 (Fausse piste): the Pacte;
    # l. 1143 (Embuscade et Averse): the attacker. "un groupe ne peut pas faire moins de 3 points".
    valide(bundle, UN_GROUPE)
    for scenario, role in (("l-hiver-approche", None), ("la-bonne-piste", None), ("fausse-piste", "pacte"),
                           ("embuscade-et-averse", "attaquant")):
        r = rapport(bundle, en_scenario(UN_GROUPE, scenario, role))
        assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("HAMI_SCENARIO_DEUX_GROUPES", "/entrees")]
        assert "6 + 2" in r["erreurs"][0]["message"] and r["erreurs"][0]["regle"].startswith("hami/")
        valide(bundle, en_scenario(LIVRE, scenario, role))  # 3 + 3 + 3
    for scenario, role in (("fausse-piste", "rescousse"), ("embuscade-et-averse", "defenseur"), ("le-passage", None)):
        valide(bundle, en_scenario(UN_GROUPE, scenario, role))


def test_roles_des_scenarios(bundle):
    # Without its role, a scenario that tells players apart cannot check the line-up: a warning says so.
    r = rapport(bundle, en_scenario(UN_GROUPE, "fausse-piste"))
    assert r["valide"] and "HAMI_ROLE_MANQUANT" in [a["code"] for a in r["avertissements"]]
    assert [(e["code"], e["chemin"]) for e in rapport(bundle, en_scenario(LIVRE, "vol-de-familiers", "pacte"))
            ["erreurs"]] == [("HAMI_ROLE_SCENARIO", "/options/role")]
    assert codes(bundle, en_scenario(LIVRE, "l-hiver-approche", "joueur-1")) == ["HAMI_ROLE_SCENARIO"]
    sans_scenario = copy.deepcopy(LIVRE)
    sans_scenario["options"]["role"] = "pacte"
    assert codes(bundle, sans_scenario) == ["HAMI_ROLE_SANS_SCENARIO"]


# La Ruche (3 + 1, her second familier free), a Pisteuse with her Snifleur (3) and a wild Buteur (1): 4 familiers.
QUATRE_FAMILIERS = communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["veilleur", "cracheur"]},
                              pisteuse(), {"familier_sauvage": "buteur"})


def test_vol_de_familiers_joueur_1(bundle):
    # l. 1267: "Le joueur 1 doit monter une Communauté contenant 4 familiers".
    valide(bundle, en_scenario(QUATRE_FAMILIERS, "vol-de-familiers", "joueur-1"))
    r = rapport(bundle, en_scenario(LIVRE, "vol-de-familiers", "joueur-1"))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("HAMI_VOL_FAMILIERS", "/entrees")]
    cinq = copy.deepcopy(QUATRE_FAMILIERS)
    cinq["entrees"].append({"familier_sauvage": "snifleur"})
    r = rapport(bundle, en_scenario(cinq, "vol-de-familiers", "joueur-1"))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("HAMI_VOL_FAMILIERS", "/entrees/3")]
    valide(bundle, en_scenario(LIVRE, "vol-de-familiers", None))  # no role: not checked (warned)


def test_vol_de_familiers_joueurs_2_et_3(bundle):
    # l. 1267: "les joueurs 2 et 3 quant à eux devront jouer des Communautés composées uniquement de Hami".
    hami_seulement = communaute(gardien(meneur=True), sans_familier(pisteuse()), sans_familier(pisteuse(arme="lanceur",
                                objets=["masque-de-vision"])), guetteur(sorts=[], objets=["sac-a-projectiles"]))
    for role in ("joueur-2", "joueur-3"):
        valide(bundle, en_scenario(hami_seulement, "vol-de-familiers", role))
        r = rapport(bundle, en_scenario(LIVRE, "vol-de-familiers", role))
        assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [
            ("HAMI_VOL_HAMI_SEULEMENT", f"/entrees/{k}/familier") for k in range(3)]
    avec_sauvage = en_scenario(QUATRE_FAMILIERS, "vol-de-familiers", "joueur-2")
    chemins = [e["chemin"] for e in rapport(bundle, avec_sauvage)["erreurs"]]
    assert chemins == ["/entrees/0/familier", "/entrees/1/familier", "/entrees/2"]


PREDATEURS = {"jeu": "hami", "nom": "Le raid", "format": 9,
              "options": {"scenario": "invasion-de-predateurs", "role": "joueur-1"},
              "entrees": [{"predateur": "geant", "competences": ["rapide", "nocturne"]},
                          {"predateur": "adulte", "competences": ["poison"]},
                          {"predateur": "adulte", "competences": ["toile"]},
                          {"predateur": "adulte", "competences": ["rapide"]}]}


def test_invasion_de_predateurs(bundle):
    # l. 1285: "Le joueur 1 joue un groupe de 9 points de prédateurs, les joueurs 2 et 3 des communautés de
    # 9 points de Hami et Familiers." Predators cost 1/2/3 (l. 879-893): 3 + 2 + 2 + 2 = 9.
    r = rapport(bundle, PREDATEURS)
    assert r["valide"] and r["cout"] == 9, r["erreurs"]
    # The same group outside the scenario is not a Communauté (no Hami, no Meneur...).
    hors_scenario = copy.deepcopy(PREDATEURS)
    hors_scenario["options"] = {}
    assert {"HAMI_HAMI_MIN", "HAMI_MENEUR_NOMBRE", "HAMI_PREDATEUR_PREMATURE"} <= set(codes(bundle, hors_scenario))
    avec_hami = copy.deepcopy(PREDATEURS)
    avec_hami["entrees"][3] = gardien()
    r = rapport(bundle, avec_hami)
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("HAMI_INVASION_PREDATEURS", "/entrees/3")]
    trop = copy.deepcopy(PREDATEURS)
    trop["entrees"].append({"predateur": "larve", "competences": ["poison"]})
    assert codes(bundle, trop) == ["HAMI_POINTS_MAX"]
    # Players 2 and 3: Hami and familiers, no predator.
    communaute_avec_predateur = en_scenario(communaute(gardien(meneur=True), pisteuse(),
                                                       {"predateur": "adulte", "competences": ["toile"]}),
                                            "invasion-de-predateurs", "joueur-2")
    assert [(e["code"], e["chemin"]) for e in rapport(bundle, communaute_avec_predateur)["erreurs"]] == \
        [("HAMI_INVASION_SANS_PREDATEUR", "/entrees/2")]
    valide(bundle, en_scenario(LIVRE, "invasion-de-predateurs", "joueur-3"))


# --- counts point at what is in excess (issue 10, §2) -------------------------------------------------

def chemins(bundle: dict[str, Any], liste: dict[str, Any], code: str) -> list[str]:
    return [e["chemin"] for e in rapport(bundle, liste)["erreurs"] if e["code"] == code]


def test_nombres_pointent_l_element_en_trop(bundle):
    # A second familier (l. 555), a second spell for a Gardien (l. 534), a second object for a Pisteuse (l. 519):
    # the builder marks the line to remove, not the whole field.
    assert chemins(bundle, communaute(gardien(meneur=True, familier=["snifleur", "veilleur"]), pisteuse()),
                   "HAMI_FAMILIERS_MAX") == ["/entrees/0/familier/1"]
    assert chemins(bundle, communaute(gardien(meneur=True, sorts=["ralentissement", "brume"]), pisteuse()),
                   "HAMI_SORTS_NOMBRE") == ["/entrees/0/sorts/1"]
    assert chemins(bundle, communaute(gardien(meneur=True), pisteuse(objets=["masque-de-chasse", "masque-de-vision"])),
                   "HAMI_OBJETS_NOMBRE") == ["/entrees/1/objets/1"]
    # Past the schema's two familiers, La Ruche's message replaces the schema's at the same pointer.
    r = rapport(bundle, communaute({"legendaire": "la-ruche", "meneur": True,
                                    "familier": ["snifleur", "veilleur", "buteur"]}, pisteuse()))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("HAMI_FAMILIERS_MAX", "/entrees/0/familier")]
    assert "Maîtresse" in r["erreurs"][0]["message"]
    # l. 721: the Bête de somme's extra object goes to two Hami; the third one's extra object is marked.
    herbe = dict(tribu="herbe")
    trois = communaute(guetteur(meneur=True, age="ancien", monture="bete-de-somme",
                                objets=["sac-a-projectiles", "pierre-de-camouflage"], **herbe),
                       pisteuse(objets=["masque-de-chasse", "sac-a-poussiere"], **herbe),
                       pisteuse(objets=["masque-de-vision", "pierre-d-artefact"], **herbe), periode="jour")
    assert chemins(bundle, trois, "HAMI_BETE_DE_SOMME_OBJETS") == ["/entrees/2/objets/1"]
    # A legendary recruited twice, a spell taken twice: the second one.
    deux_jaunes = communaute({"legendaire": "la-jaune", "meneur": True}, {"legendaire": "la-jaune"}, pisteuse(),
                             lien="lumiere")
    assert chemins(bundle, deux_jaunes, "HAMI_LEGENDAIRE_UNIQUE") == ["/entrees/1/legendaire"]
    assert chemins(bundle, communaute(gardien(meneur=True), gardien(age="jeune", objets=["masque-de-vision"]),
                                      pisteuse()), "HAMI_SORT_UNIQUE") == ["/entrees/1/sorts/0"]


def test_comptes_de_la_liste_pointent_les_entrees_en_trop(bundle):
    # l. 477: "qu'un seul Conteur par Communauté et pas plus de 2 Gardiens": the third Gardien, the second Conteur.
    trois = communaute(gardien(meneur=True), gardien(age="jeune", sorts=["enlevement"], objets=["masque-de-vision"]),
                       gardien(age="jeune", sorts=["brume"], objets=["masque-de-guerre"]))
    r = rapport(bundle, trois)
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("HAMI_GARDIENS_MAX", "/entrees/2")]
    assert r["erreurs"][0]["message"].startswith("Entrée 3 ")
    oeil = communaute({"legendaire": "l-oeil", "meneur": True},
                      conteur(age="jeune", sorts=["transfert", "enlevement"], objets=["masque-de-vision"]),
                      lien="lumiere")
    assert chemins(bundle, oeil, "HAMI_CONTEUR_MAX") == ["/entrees/1"]
    # l. 713: "Un et un seul Hami ... peut gratuitement avoir une monture": the second rider.
    deux_montures = copy.deepcopy(LIVRE)
    for k in (0, 2):
        deux_montures["entrees"][k]["monture"] = "galopeur"
    assert chemins(bundle, deux_montures, "HAMI_MONTURE_MAX") == ["/entrees/2"]
    # l. 420: one Meneur: the second one.
    assert chemins(bundle, communaute(gardien(meneur=True), pisteuse(meneur=True)), "HAMI_MENEUR_NOMBRE") == \
        ["/entrees/1"]
    # l. 626: "Mikmik 1 Max": the second Mikmik, here a wild one.
    mikmiks = communaute(gardien(meneur=True, familier="mikmik"), pisteuse(), {"familier_sauvage": "mikmik"})
    assert chemins(bundle, mikmiks, "HAMI_MIKMIK_MAX") == ["/entrees/2"]
    # l. 127: the larva that makes the ninth figure (2 + 2 + 1 + 1 + 1 + 1 = 8, then 9).
    larve = {"predateur": "larve", "competences": ["poison"]}
    neuf = communaute(gardien(meneur=True, familier="cracheur"), pisteuse(), *[larve] * 5)
    assert chemins(bundle, neuf, "HAMI_FIGURINES_MAX") == ["/entrees/6"]
    # A minimum not reached has no entry in excess: the whole list.
    assert chemins(bundle, communaute(gardien(meneur=True), sans_familier(pisteuse())), "HAMI_FIGURINES_MIN") == \
        ["/entrees"]


def test_accords_des_messages(bundle):
    # « 1 point », « 2 points »: no « point(s) » left in the messages.
    un_de_trop = copy.deepcopy(LIVRE)
    un_de_trop["entrees"][0]["familier"] = "s-truk"
    message = rapport(bundle, un_de_trop)["erreurs"][0]["message"]
    assert "1 point de trop" in message and "(s)" not in message
    r = rapport(bundle, communaute(gardien(meneur=True), sans_familier(pisteuse())))
    assert "2 figurines" in r["erreurs"][0]["message"]
    assert "il reste 5 points" in r["avertissements"][0]["message"]
