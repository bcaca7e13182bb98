"""The profile each play-mode sheet shows (`profil` of `partie.yaml`, browser_engine/partie_profil.py).

Each expected value is read by the test from the list file, the game's data files or the list
schema, never from the engine's output. The Khârn-Âges card values are invented for this test
(the book prints none). The broken `partie.yaml` files are copies with an error put in by the test.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine.partie import fiches_partie
from tests.engine_support import load_bundle
from tests.partie_support import copier_jeu, lire_yaml, position, premiere_liste, problemes

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")




def _entrees(jeu: str, fichier: str) -> dict[str, dict[str, Any]]:
    document = lire_yaml("data", jeu, fichier)
    (valeurs,) = [v for v in document.values() if isinstance(v, list)]
    return {e["id"]: e for e in valeurs}


def _stats(fiche: dict[str, Any]) -> dict[str, str]:
    return {s["nom"]: s["valeur"] for s in fiche["profil"]["stats"]}


def _groupe(fiche: dict[str, Any], nom: str) -> list[dict[str, Any]]:
    return next((g["elements"] for g in fiche["profil"]["groupes"] if g["nom"] == nom), [])


def test_bataille_d6_les_caracteristiques_de_la_liste() -> None:
    liste = premiere_liste("bataille-d6")
    schema = json.loads((ROOT / "schemas" / "liste-bataille-d6.schema.json").read_text("utf-8"))
    champs = schema["$defs"]["entree"]["properties"]
    objets = list(_entrees("bataille-d6", "objets.yaml").values())
    sorts = list(_entrees("bataille-d6", "sorts.yaml").values())
    fiches = fiches_partie(load_bundle("bataille-d6"), liste)["fiches"]
    for fiche, entree in zip(fiches, liste["entrees"], strict=True):
        stats = _stats(fiche)
        for nom, cle in (("Mouvement", "mouvement"), ("Mêlée", "melee"), ("Attaques", "attaques"), ("Tir", "tir"),
                         ("Armure", "armure")):
            assert stats[nom] == str(entree.get(cle, champs[cle].get("default"))), (fiche["nom"], nom)
        assert stats["Puissante"] == ("Oui" if entree.get("puissante", champs["puissante"]["default"]) else "Non")
        attendu_objet = [o["nom"] for o in objets if o["jet"] == entree.get("objet")]
        assert [e["nom"] for e in _groupe(fiche, "Objet magique")] == attendu_objet
        attendu_sorts = [next(s for s in sorts if s["jet"] == jet) for jet in entree.get("sorts", [])]
        elements = _groupe(fiche, "Sorts")
        assert [e["nom"] for e in elements] == [s["nom"] for s in attendu_sorts]
        assert [e["aide"] for e in elements] == [s["resume"] for s in attendu_sorts]
        assert all(e["lien"].endswith("#" + s["id"]) for e, s in zip(elements, attendu_sorts, strict=True))
    assert any(_groupe(f, "Sorts") for f in fiches) and any(_groupe(f, "Objet magique") for f in fiches)


def test_hami_les_valeurs_de_chaque_creature() -> None:
    liste = premiere_liste("hami")
    profils = _entrees("hami", "profils.yaml")
    sorts = _entrees("hami", "sorts.yaml")
    objets = _entrees("hami", "objets.yaml")
    fiches = [f for f in fiches_partie(load_bundle("hami"), liste)["fiches"] if f["sorte"] != "partie"]
    attendu = []
    for entree in liste["entrees"]:
        caste = profils[entree["caste"]]
        props, car = caste["proprietes"], caste["caracteristiques"]
        essence = car["E"] + (props["essence_bonus_ancien"] if entree["age"] == "ancien" else 0)
        actions = props["actions"] + (props["actions_bonus_jeune"] if entree["age"] == "jeune" else 0)
        attendu.append({"M": str(car["M"]), "C": str(car["C"]), "T": str(car["T"]), "E": str(essence), "Actions": str(actions)})
        familier = profils[entree["familier"]]
        fc = familier["caracteristiques"]
        attendu.append({"M": str(fc["M"]), "C": str(fc["C"]), "T": str(fc["T"]), "E": str(fc["E"]),
                        "Actions": str(familier["proprietes"]["actions"])})
    assert [_stats(f) for f in fiches] == attendu
    hami = [f for f in fiches if f["sorte"] == "figurine"]
    for fiche, entree in zip(hami, liste["entrees"], strict=True):
        assert [e["nom"] for e in _groupe(fiche, "Sorts")] == [sorts[s]["nom"] for s in entree.get("sorts", [])]
        assert [e["nom"] for e in _groupe(fiche, "Objets")] == [objets[o]["nom"] for o in entree.get("objets", [])]
        assert [e["nom"] for e in _groupe(fiche, "Capacités")][:1] == [
            _entrees("hami", "capacites.yaml")[profils[entree["caste"]]["capacites"][0]]["nom"]]


def test_hate_le_type_ses_ameliorations_et_la_numerotation() -> None:
    liste = premiere_liste("hate")
    profils = _entrees("hate", "profils.yaml")
    capacites = _entrees("hate", "capacites.yaml")
    joueur, *figures = fiches_partie(load_bundle("hate"), liste)["fiches"]
    assert joueur["profil"] == {"stats": [], "groupes": []}
    for fiche, entree in zip(figures, liste["entrees"], strict=True):
        profil = profils[entree["mercenaire"]] if entree["type"] == "mercenaire" else profils[entree["type"]]
        assert _stats(fiche) == {"Activation": str(profil["proprietes"]["cout_activation"])}
        assert [e["nom"] for e in _groupe(fiche, "Compétences de départ")] == [
            capacites[c]["nom"] for c in profil.get("capacites", [])]
        # one upgrade per figure in this list: none is covered by a later one
        assert [e["nom"] for e in _groupe(fiche, "Améliorations")] == [
            capacites[a]["nom"] for a in entree.get("ameliorations", [])]
        assert all(e["lien"] and e["aide"] for e in _groupe(fiche, "Améliorations"))
    guerriers = [f for f, e in zip(figures, liste["entrees"], strict=True) if e["type"] == "guerrier" and "nom" not in e]
    nom = profils["guerrier"]["nom"]
    assert [f["nom"] for f in guerriers] == [f"{nom} {k}" for k in range(1, len(guerriers) + 1)]
    assert all(f["role"] != f["nom"] for f in figures)
    assert [f["role"] for f in guerriers if "village" not in (f["role"] or "")] == [None] * (len(guerriers) - 1)


def test_hate_une_amelioration_recouverte_n_est_plus_montree() -> None:
    liste = premiere_liste("hate")
    capacites = _entrees("hate", "capacites.yaml")
    meme_emplacement = [c for c in capacites.values() if c.get("categorie") == "amélioration générique"
                        and c["proprietes"]["emplacement"] == "A"][:2]
    liste["entrees"][0]["ameliorations"] = [c["id"] for c in meme_emplacement]
    fiche = fiches_partie(load_bundle("hate"), liste)["fiches"][1]
    assert [e["nom"] for e in _groupe(fiche, "Améliorations")] == [meme_emplacement[1]["nom"]]


def test_kharn_ages_la_carte_recopiee_et_l_equipement() -> None:
    liste = premiere_liste("kharn-ages")
    livre = fiches_partie(load_bundle("kharn-ages"), liste)["fiches"][0]
    assert set(_stats(livre)) == {"Niveau"}  # the book prints no card values: none is shown
    # Invented card values, for this test only.
    caracs = {"V": 3, "P": 4, "A": 2, "C": 3, "T": 5, "I": 2, "stature": 3, "PA": 4, "PV": 6}
    liste["profils"][0]["caracteristiques"] = caracs
    liste["entrees"].append({"profil": liste["entrees"][0]["profil"]})
    fiches = fiches_partie(load_bundle("kharn-ages"), liste)["fiches"]
    noms = {"stature": "Stature"}
    for fiche in fiches:
        stats = _stats(fiche)
        assert {noms.get(k, k): v for k, v in stats.items() if k != "Niveau"} == {noms.get(k, k): str(v) for k, v in caracs.items()}
        assert stats["Niveau"] == str(liste["profils"][0]["niveau"])
        assert [e["nom"] for e in _groupe(fiche, "Équipement")] == [e["nom"] for e in liste["profils"][0]["equipement_de_base"]]
    nom = liste["profils"][0]["nom"]
    assert [f["nom"] for f in fiches] == [f"{nom} 1", f"{nom} 2"]
    assert [f["id"] for f in fiches] == ["e0", "e1"]


def test_tamashii_la_mise_en_place_du_joueur() -> None:
    liste = premiere_liste("tamashii")
    joueurs = [f for f in fiches_partie(load_bundle("tamashii"), liste)["fiches"] if f["sorte"] == "joueur"]
    for fiche, entree in zip(joueurs, liste["entrees"], strict=True):
        stats = _stats(fiche)
        assert stats["Plateau"] == str(entree["plateau"])
        assert stats["Données Essentielles"] == entree["donnees_essentielles"]
        assert "Classe" not in stats  # no class in the Prologue: left out, not defaulted
        assert [e["nom"] for e in _groupe(fiche, "Sac de Données")] == [f"{k} : {v}" for k, v in entree["sac"].items()]


@pytest.mark.parametrize("jeu", GAMES)
def test_jamais_d_identifiant_et_des_noms_uniques(jeu: str) -> None:
    """Players never read ids; two sheets of a list never share a name; ids stay as they were."""
    ids: set[str] = set()
    noms: set[str] = set()
    for fichier in (ROOT / "data" / jeu).glob("*.yaml"):
        for valeur in (yaml.safe_load(fichier.read_text("utf-8")) or {}).values():
            for entree in valeur if isinstance(valeur, list) else []:
                if isinstance(entree, dict) and isinstance(entree.get("id"), str):
                    ids.add(entree["id"])
                    noms.add(str(entree.get("nom", "")))
    for chemin in sorted((ROOT / "data" / jeu / "listes").glob("0*.yaml")):
        liste = yaml.safe_load(chemin.read_text("utf-8"))
        fiches = fiches_partie(load_bundle(jeu), liste)["fiches"]
        assert len({f["nom"] for f in fiches}) == len(fiches), chemin.name
        assert len({f["id"] for f in fiches}) == len(fiches), chemin.name
        for fiche in fiches:
            assert set(fiche["profil"]) == {"stats", "groupes"}
            valeurs = [s["valeur"] for s in fiche["profil"]["stats"]]
            valeurs += [e["nom"] for g in fiche["profil"]["groupes"] for e in g["elements"]]
            assert all(isinstance(v, str) and v for v in valeurs), (chemin.name, fiche["nom"])
            assert not [v for v in valeurs if v in ids - noms], (chemin.name, fiche["nom"])
            assert all(g["elements"] for g in fiche["profil"]["groupes"])


# --- make check refuses a profile that reads nothing --------------------------------------------





@pytest.mark.parametrize(("jeu", "avant", "apres", "chemin", "message"), [
    ("bataille-d6", "champ: /melee}", "champ: /melees}", "$.partie.figures[0].profil.stats[1].champ",
     "champ « /melees » : le schéma de liste (schemas/liste-bataille-d6.schema.json) n'a pas ce champ pour une entrée"),
    ("bataille-d6", "collection: objets,", "collection: objetz,", "$.partie.figures[0].profil.groupes[0].collection",
     "collection « objetz » : ce jeu n'a pas d'entrées de cette sorte"),
    ("bataille-d6", "collection: sorts, par: /jet}", "collection: sorts, par: /jets}", "$.partie.figures[0].profil.groupes[1].par",
     "par « /jets » : aucune entrée de la collection « sorts » n'a ce champ"),
    ("hami", "{nom: E, carte: /E}", "{nom: E, carte: /Essence}", "$.partie.figures[0].profil.stats[3].carte",
     "carte « /Essence » : aucune carte des listes d'exemple n'a ce champ"),
    ("hate", "detail: /ameliorations", "detail: /amelioration", "$.partie.figures[0].profil.groupes[2].detail",
     "détail « /amelioration » : le vérificateur ne donne pas ce champ pour une entrée"),
    ("hate", "entree: /type, cle: /proprietes/cout_activation}", "entree: /type, cle: /proprietes/cout}",
     "$.partie.figures[0].profil.stats[0].cle",
     "cle « /proprietes/cout » : aucune entrée du jeu n'a ce champ"),
    ("kharn-ages", "carte: /caracteristiques/V}", "carte: /caracteristiques/Vitesse}", "$.partie.figures[0].profil.stats[1].carte",
     "carte « /caracteristiques/Vitesse » : la carte de profil (schemas/catalogue-kharn-ages.schema.json) n'a pas ce champ"),
])
def test_une_source_de_profil_inconnue_est_localisee(tmp_path: Path, jeu: str, avant: str, apres: str, chemin: str,
                                                      message: str) -> None:
    fichier = copier_jeu(tmp_path, jeu)
    texte = fichier.read_text("utf-8")
    assert avant in texte
    texte = texte.replace(avant, apres, 1)  # the first sheet kind's profile
    fichier.write_text(texte, "utf-8")
    cle = chemin.rsplit(".", 1)[1]
    ligne, colonne = position(texte, apres.split(f"{cle}: ")[1].split("}")[0].split(",")[0])
    problems = problemes(tmp_path)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"data/{jeu}/partie.yaml:{ligne}:{colonne} {chemin}: {message}"), problems
