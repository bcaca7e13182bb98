"""Khârn-Âges Tactik checker: limitations by name, reserved cards, non-removable kit, the catalogue's card fields.

Rulebook lines (../shared/seeds/001_77ef1c985db8962e.txt): LIM counted « parmi toutes les figurines
portant le même nom » (l. 337), one limit per level (l. 343), Engueran's place (l. 349), base sizes
(l. 57), an equipment card's reach, range, reload, durability and « réservé à tel peuple ou tel
personnage » (l. 1608-1626), carrying is not holding (l. 1630), spells reserved to a faction (l. 1461)
or to one thaumaturge (l. 1485), natural armour cannot be taken off (l. 1170), PA recovered at each
activation (l. 222, 487). Every profile, piece of equipment and spell below is INVENTED.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from browser_engine import ErreurEntree, fusionner_catalogue
from tests.engine_support import load_bundle
from tests.test_engine_kharn_ages import EQUIPEMENTS_FICTIFS, erreurs, fictif, liste, rapport, valide

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("kharn-ages")


# --- LIM by name and level (l. 337, 343) ----------------------------------------------------------

def test_lim_compte_les_figurines_de_meme_nom(bundle):
    # Two cards of one fighter with different kit share one LIM 2: the third figure is in excess.
    profils = [fictif("garde-epee", nom="Garde fictif", limitation=2),
               fictif("garde-hache", nom="Garde fictif", limitation=2)]
    trois = liste({"profil": "garde-epee"}, {"profil": "garde-hache"}, {"profil": "garde-epee"}, profils=profils)
    r = rapport(bundle, trois)
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_LIMITATION", "/entrees/2/profil")]
    assert "3 figurines « Garde fictif »" in r["erreurs"][0]["message"]
    valide(bundle, liste({"profil": "garde-epee"}, {"profil": "garde-hache"}, profils=profils))


def test_lim_nom_compare_sans_accents_ni_majuscules(bundle):
    profils = [fictif("a", nom="Guerrier Kherops fictif", limitation="U"),
               fictif("b", nom="guerrier khérops  fictif", limitation="U")]
    assert erreurs(bundle, liste({"profil": "a"}, {"profil": "b"}, profils=profils)) == \
        [("KA_LIMITATION", "/entrees/1/profil")]


def test_lim_par_niveau(bundle):
    # l. 343: LIM U at one level, LIM 2 at another, in the same Fer de Lance: each level has its own limit.
    profils = [fictif("commandant", nom="Guerrier fictif", niveau=3, limitation="U"),
               fictif("veteran", nom="Guerrier fictif", niveau=2, limitation=2)]
    valide(bundle, liste({"profil": "commandant"}, {"profil": "veteran"}, {"profil": "veteran"}, profils=profils))
    assert erreurs(bundle, liste({"profil": "commandant"}, {"profil": "commandant"}, {"profil": "veteran"},
                                 profils=profils)) == [("KA_LIMITATION", "/entrees/1/profil")]


def test_lim_groupe_remplace_le_nom(bundle):
    profils = [fictif("archer", nom="Archer fictif", groupe="Chasseur fictif", limitation=1),
               fictif("chasseur", nom="Chasseur fictif", limitation=1)]
    assert erreurs(bundle, liste({"profil": "archer"}, {"profil": "chasseur"}, profils=profils)) == \
        [("KA_LIMITATION", "/entrees/1/profil")]


def test_lim_la_plus_petite_s_applique(bundle):
    profils = [fictif("x", nom="Garde fictif", limitation=3), fictif("y", nom="Garde fictif", limitation=1)]
    assert erreurs(bundle, liste({"profil": "x"}, {"profil": "y"}, profils=profils)) == \
        [("KA_LIMITATION", "/entrees/1/profil")]


def test_chaque_entree_en_trop_est_signalee(bundle):
    # Issue 10 §2: every entry in excess is pointed at, not the list of entries.
    fer = liste(*[{"profil": "soldat"}] * 5, profils=[fictif("soldat", limitation=2)])
    assert erreurs(bundle, fer) == [("KA_LIMITATION", f"/entrees/{i}/profil") for i in (2, 3, 4)]


def test_personnage_prend_une_place_parmi_les_cartes_de_meme_nom(bundle):
    # l. 349: Engueran takes one of the two paladin places, whatever kit the paladins carry.
    profils = [fictif("paladin-epee", nom="Paladin fictif", limitation=2),
               fictif("paladin-hache", nom="Paladin fictif", limitation=2),
               fictif("engueran", nom="Personnage fictif", limitation="P", base="paladin-epee")]
    trop = liste({"profil": "engueran"}, {"profil": "paladin-epee"}, {"profil": "paladin-hache"}, profils=profils)
    assert erreurs(bundle, trop) == [("KA_PERSONNAGE_PLACE", "/entrees/0/profil")]
    valide(bundle, liste({"profil": "engueran"}, {"profil": "paladin-hache"}, profils=profils))


def test_deux_personnages_en_trop(bundle):
    profils = [fictif("paladin", nom="Paladin fictif", limitation=2),
               fictif("heros-a", nom="Héros fictif A", limitation="P", base="paladin"),
               fictif("heros-b", nom="Héros fictif B", limitation="P", base="paladin"),
               fictif("heros-c", nom="Héros fictif C", limitation="P", base="paladin")]
    fer = liste({"profil": "paladin"}, {"profil": "heros-a"}, {"profil": "heros-b"}, {"profil": "heros-c"},
                profils=profils)
    assert erreurs(bundle, fer) == [("KA_PERSONNAGE_PLACE", "/entrees/2/profil"),
                                    ("KA_PERSONNAGE_PLACE", "/entrees/3/profil")]


# --- reserved equipment (l. 1626) -----------------------------------------------------------------

RESERVE = [*EQUIPEMENTS_FICTIFS,
           {"id": "lame-goun", "nom": "Lame fictive des Goûns", "cout": 7, "mains": 1,
            "reserve_a": {"factions": ["gouns"]}},
           {"id": "relique", "nom": "Relique fictive", "cout": 4, "mains": 0,
            "reserve_a": {"profils": ["Héros fictif"]}}]


def test_equipement_reserve_a_un_peuple(bundle):
    r = rapport(bundle, liste({"profil": "soldat", "ajoute": ["epee", "lame-goun"]}, equipements=RESERVE))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_EQUIPEMENT_RESERVE", "/entrees/0/ajoute/1")]
    assert "Goûns" in r["erreurs"][0]["message"]
    goun = [fictif("soldat", factions=["gouns"])]
    valide(bundle, liste({"profil": "soldat", "ajoute": ["lame-goun"]}, profils=goun, equipements=RESERVE,
                         faction="gouns"))
    # An ally of the Khârns keeps its own people: a Goûn ally may take it in a Khârn Fer de Lance.
    allie = [fictif("soldat", factions=["gouns"], allie_de="kharns")]
    valide(bundle, liste({"profil": "soldat", "ajoute": ["lame-goun"]}, profils=allie, equipements=RESERVE))


def test_equipement_reserve_a_un_personnage(bundle):
    profils = [fictif("soldat"), fictif("heros", nom="Héros fictif", limitation="P", base="soldat")]
    assert erreurs(bundle, liste({"profil": "soldat", "ajoute": ["relique"]}, profils=profils, equipements=RESERVE)) \
        == [("KA_EQUIPEMENT_RESERVE", "/entrees/0/ajoute/0")]
    valide(bundle, liste({"profil": "heros", "ajoute": ["relique"]}, profils=profils, equipements=RESERVE))


def test_equipement_reserve_apatride_et_sans_faction(bundle):
    apatride = [fictif("soldat", factions="apatride")]
    assert erreurs(bundle, liste({"profil": "soldat", "ajoute": ["lame-goun"]}, profils=apatride,
                                 equipements=RESERVE)) == [("KA_EQUIPEMENT_RESERVE", "/entrees/0/ajoute/0")]
    sans = fictif("soldat")
    del sans["factions"]
    r = valide(bundle, liste({"profil": "soldat", "ajoute": ["lame-goun"]}, profils=[sans], equipements=RESERVE))
    assert [(a["code"], a["chemin"]) for a in r["avertissements"]] == \
        [("KA_RESERVE_NON_VERIFIEE", "/entrees/0/ajoute/0")]


def test_equipement_de_base_reserve_non_verifie(bundle):
    # What is printed on the card comes with the figure.
    profils = [fictif("soldat", equipement_de_base=[{"id": "lame-goun", "cout": 7}])]
    valide(bundle, liste({"profil": "soldat"}, profils=profils, equipements=RESERVE))


# --- reserved spells (l. 1461, 1485) --------------------------------------------------------------

def mage(ident: str = "mage", **champs: Any) -> dict[str, Any]:
    return fictif(ident, niveau=2, cout=60, magicien=True, voie="Voie fictive", **champs)


SORTS = [{"id": "generique-fang", "nom": "Sort générique fictif des Fangs", "generique": True,
          "reserve_a": {"factions": ["fangs"]}},
         {"id": "sort-du-thaumaturge", "nom": "Sort fictif d'un thaumaturge", "voie": "Voie fictive",
          "reserve_a": {"profils": ["thaumaturge"]}},
         {"id": "sort-d-une-autre-voie", "nom": "Sort fictif d'une autre voie", "voie": "Autre voie fictive"}]


def avec_sorts(fer: dict[str, Any]) -> dict[str, Any]:
    fer["sorts"] = SORTS
    return fer


def test_sort_generique_reserve_a_une_faction(bundle):
    fer = avec_sorts(liste({"profil": "mage", "sorts_generiques": ["generique-fang"]}, profils=[mage()]))
    assert erreurs(bundle, fer) == [("KA_SORT_RESERVE", "/entrees/0/sorts_generiques/0")]
    fang = avec_sorts(liste({"profil": "mage", "sorts_generiques": ["generique-fang"]},
                            profils=[mage(factions=["fangs"])], faction="fangs"))
    valide(bundle, fang)


def test_sort_de_grimoire_reserve_a_un_thaumaturge(bundle):
    sort = {"id": "sort-du-thaumaturge", "pages": 1, "cout": 5}
    fer = avec_sorts(liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [sort]}, profils=[mage()]))
    assert erreurs(bundle, fer) == [("KA_SORT_RESERVE", "/entrees/0/sorts_grimoire/0")]
    valide(bundle, avec_sorts(liste({"profil": "thaumaturge", "grimoire": "petit", "sorts_grimoire": [sort]},
                                    profils=[mage("thaumaturge")])))
    # The reservation may also be written on the list's grimoire spell itself.
    inline = {"id": "sort-libre", "pages": 1, "cout": 5, "reserve_a": {"factions": ["tembos"]}}
    assert erreurs(bundle, liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [inline]},
                                 profils=[mage()])) == [("KA_SORT_RESERVE", "/entrees/0/sorts_grimoire/0")]


def test_voie_lue_sur_la_carte_du_sort(bundle):
    sort = {"id": "sort-d-une-autre-voie", "pages": 1, "cout": 5}
    fer = avec_sorts(liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [sort]}, profils=[mage()]))
    assert erreurs(bundle, fer) == [("KA_SORT_VOIE", "/entrees/0/sorts_grimoire/0/voie")]


def test_sorts_de_la_liste_au_format_du_catalogue(bundle):
    fer = liste({"profil": "soldat"})
    fer["sorts"] = [{"id": "x", "nom": "Sort fictif", "pages": -1}, {"id": "x", "nom": "Doublon fictif"}]
    assert erreurs(bundle, fer) == [("KA_SORT_INVALIDE", "/sorts/0/pages"), ("KA_IDENTIFIANT_DOUBLON", "/sorts/1/id")]


def test_catalogue_fusionne_les_sorts(bundle):
    fer = liste({"profil": "mage", "sorts_generiques": ["generique-fang"]}, profils=[mage()])
    fusion = fusionner_catalogue(bundle, fer, {"sorts": SORTS})
    assert [s["id"] for s in fusion["sorts"]] == [s["id"] for s in SORTS]
    assert erreurs(bundle, fusion) == [("KA_SORT_RESERVE", "/entrees/0/sorts_generiques/0")]


# --- non-removable kit (l. 1170) --------------------------------------------------------------------

def test_equipement_inamovible(bundle):
    profils = [fictif("soldat", cout=30, equipement_de_base=[{"id": "armure", "cout": 12, "inamovible": True},
                                                            {"id": "epee", "cout": 5}])]
    r = rapport(bundle, liste({"profil": "soldat", "retire": ["armure", "epee"]}, profils=profils))
    assert [(e["code"], e["chemin"]) for e in r["erreurs"]] == [("KA_RETRAIT_INAMOVIBLE", "/entrees/0/retire/0")]
    assert r["cout"] == 30 - 5
    assert valide(bundle, liste({"profil": "soldat", "retire": ["epee"]}, profils=profils))["cout"] == 25


# --- the catalogue's card fields ------------------------------------------------------------------

CARTES = {
    "profils": [fictif("soldat", socle=40, groupe="Soldat fictif")],
    "equipements": [
        {"id": "batarde", "nom": "Épée bâtarde fictive", "cout": 9, "mains": "1 ou 2", "allonge": 1.5},
        {"id": "arbalete", "nom": "Arbalète fictive", "cout": 12, "mains": 2, "portee": {"courte": 4, "longue": 8},
         "recharge": {"cadence": 2, "cout_pa": 2}, "perce_armure": 2},
        {"id": "arc", "nom": "Arc fictif", "cout": 8, "mains": 2, "perce_armure": True},
        {"id": "ecu", "nom": "Écu fictif", "cout": 6, "bouclier": True, "duree": 5,
         "reserve_a": {"factions": ["kharns"], "profils": ["Héros fictif"]}},
    ],
    "sorts": SORTS,
}


def test_catalogue_accepte_les_champs_des_cartes(bundle):
    fusion = fusionner_catalogue(bundle, {"jeu": "kharn-ages", "entrees": []}, json.loads(json.dumps(CARTES)))
    assert [e["id"] for e in fusion["equipements"]] == ["batarde", "arbalete", "arc", "ecu"]


@pytest.mark.parametrize("chemin, valeur", [
    (("profils", 0, "socle"), 35),                 # l. 57: 30, 40, 50 or 60 mm
    (("equipements", 0, "mains"), "2 ou 3"),
    (("equipements", 0, "mains"), 3),
    (("equipements", 0, "allonge"), "loin"),
    (("equipements", 1, "recharge"), {"cadence": 0}),
    (("equipements", 1, "perce_armure"), 0),
    (("equipements", 3, "reserve_a"), {"factions": ["elfes"]}),
    (("sorts", 0, "generique"), "oui"),
])
def test_catalogue_refuse_les_valeurs_fausses(bundle, chemin, valeur):
    catalogue = json.loads(json.dumps(CARTES))
    cle, index, champ = chemin
    catalogue[cle][index][champ] = valeur
    with pytest.raises(ErreurEntree) as exc:
        fusionner_catalogue(bundle, {"jeu": "kharn-ages", "entrees": []}, catalogue)
    assert f"/{cle}/{index}/{champ}" in exc.value.message


def test_pa_par_activation_dans_le_schema():
    # l. 222, 487: PA come back at the start of each activation, not of each turn.
    schema = json.loads((ROOT / "schemas" / "catalogue-kharn-ages.schema.json").read_text(encoding="utf-8"))
    description = schema["$defs"]["caracteristiques"]["properties"]["PA"]["description"]
    assert "activation" in description and "par tour" not in description
