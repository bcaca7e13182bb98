"""The play-mode sheets (browser_engine/partie.py): each expected value is read by the test from the
book, the list or the game's data files, never from the engine's own output.

The Khârn-Âges card with PV, PA and an armour is invented for this test (the book prints none).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine.errors import ErreurEntree
from browser_engine.partie import fiches_partie
from browser_engine.requetes import executer
from tests.engine_support import load_bundle
from tests.test_partie_donnees import _book

ROOT = Path(__file__).resolve().parent.parent


def _liste(jeu: str, nom: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "data" / jeu / "listes" / f"{nom}.yaml").read_text("utf-8"))


def _compteur(fiche: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(c for c in fiche["compteurs"] if c["id"] == ident)


def test_bataille_d6_une_fiche_par_entree_avec_ses_figurines() -> None:
    liste = _liste("bataille-d6", "01-gardiens-du-col")
    defaut = re.search(r'"nombre": \{[^}]*"default": (\d+)', (ROOT / "schemas" / "liste-bataille-d6.schema.json").read_text("utf-8"))
    assert defaut
    resultat = fiches_partie(load_bundle("bataille-d6"), liste)
    assert resultat["valide"] is True
    assert [f["nom"] for f in resultat["fiches"]] == [e["nom"] for e in liste["entrees"]]
    for fiche, entree in zip(resultat["fiches"], liste["entrees"], strict=True):
        nombre = entree.get("nombre", int(defaut.group(1)))
        c = _compteur(fiche, "figurines-en-jeu")
        assert (c["depart"], c["min"], c["max"], c["au_minimum"]) == (nombre, 0, nombre, "retiree")
        assert c["lien"].endswith("/#regles-de-base")
        statuts = {s["id"] for s in fiche["statuts"]}
        assert ("sort-lance" in statuts) == (entree.get("role") == "sorcier")
    tours = re.search(r"scénarios durent (\d+) tours", _book("004"))
    assert tours and resultat["sequence"]["tours_max"] == int(tours.group(1))
    assert [p["id"] for p in resultat["sequence"]["phases"]] == ["initiative", "mouvement", "magie", "tir", "corps-a-corps"]


def test_une_liste_invalide_a_quand_meme_ses_fiches() -> None:
    liste = _liste("bataille-d6", "03-budget-depasse")
    resultat = fiches_partie(load_bundle("bataille-d6"), liste)
    assert resultat["valide"] is False and resultat["erreurs"] >= 1
    assert len(resultat["fiches"]) == len(liste["entrees"])


def test_hami_essence_et_actions_de_chaque_creature() -> None:
    liste = _liste("hami", "01-exemple-du-livre")
    profils = {p["id"]: p for p in yaml.safe_load((ROOT / "data" / "hami" / "profils.yaml").read_text("utf-8"))["profils"]}
    resultat = fiches_partie(load_bundle("hami"), liste)
    attendu: list[tuple[str, int, int]] = []
    for entree in liste["entrees"]:
        caste = profils[entree["caste"]]
        props = caste["proprietes"]
        essence = caste["caracteristiques"]["E"] + (props["essence_bonus_ancien"] if entree["age"] == "ancien" else 0)
        actions = props["actions"] + (props["actions_bonus_jeune"] if entree["age"] == "jeune" else 0)
        attendu.append(("figurine", essence, actions))
        familier = profils[entree["familier"]]
        attendu.append(("familier", familier["caracteristiques"]["E"], familier["proprietes"]["actions"]))
    creatures = [f for f in resultat["fiches"] if f["sorte"] != "partie"]
    assert [(f["sorte"], _compteur(f, "essence")["max"], _compteur(f, "actions")["max"]) for f in creatures] == attendu
    for f in creatures:
        assert _compteur(f, "essence")["depart"] == _compteur(f, "essence")["max"]
        assert _compteur(f, "essence")["au_minimum"] == "retiree"
    temps = re.search(r"jeu de (\d+) cartes Temps", _book("000"))
    table = next(f for f in resultat["fiches"] if f["sorte"] == "partie")
    assert temps and _compteur(table, "cartes-temps")["depart"] == int(temps.group(1))


def test_hate_fiche_du_joueur_et_figurines_ko() -> None:
    liste = _liste("hate", "01-simple-bataille-um-rak")
    resultat = fiches_partie(load_bundle("hate"), liste)
    joueur, *figurines = resultat["fiches"]
    assert joueur["sorte"] == "joueur" and len(figurines) == len(liste["entrees"])
    gain = re.search(r"inutilisés, puis gagnez\s+(\d+) jetons sauvagerie", _book("002"))
    assert gain and _compteur(joueur, "sauvagerie")["depart"] == int(gain.group(1))
    assert _compteur(joueur, "sauvagerie")["max"] is None  # no cap in the book (recorded interpretation)
    ko = next(s for s in figurines[0]["statuts"] if s["id"] == "ko")
    assert ko["hors_jeu"] is True and ko["lien"].endswith("#ko")
    assert figurines[0]["nom"] == liste["entrees"][0]["nom"]


def test_kharn_ages_valeurs_de_la_carte_ou_manquantes() -> None:
    liste = _liste("kharn-ages", "01-guerrier-mongo-du-livre")
    livre = fiches_partie(load_bundle("kharn-ages"), liste)
    pv = _compteur(livre["fiches"][0], "pv")
    assert pv["depart"] is None and pv["max"] is None and "absent de la carte" in pv["manquant"]
    # Invented card values, for this test only.
    liste["profils"][0]["caracteristiques"] = {"PV": 7, "PA": 4}
    liste["profils"][0]["armure"] = {"nom": "Cuir inventé", "seuil": 6, "faible": 1, "fort": 2, "duree": 3}
    liste["entrees"].append({"profil": liste["entrees"][0]["profil"], "nom": "Second Mongo"})
    resultat = fiches_partie(load_bundle("kharn-ages"), liste)
    fiches = resultat["fiches"]
    assert [f["nom"] for f in fiches] == ["Guerrier Mongo", "Second Mongo"]
    for f in fiches:
        assert [(_compteur(f, k)["depart"], _compteur(f, k)["max"]) for k in ("pv", "pa", "armure")] == [(7, 7), (4, 4), (3, 3)]
        assert _compteur(f, "armure")["au_minimum"] == "inefficace"


def test_tamashii_etat_de_depart_du_livre() -> None:
    liste = _liste("tamashii", "01-prologue-a-deux")
    livre = _book("003")
    integrite = re.search(r"case (\d+) de la piste Intégrité", livre)
    atouts = re.search(r"case (\d+) des pistes Atout", livre)
    plafond = re.search(r"pas détenir plus de (\d+) Atouts", livre)
    assert integrite and atouts and plafond
    resultat = fiches_partie(load_bundle("tamashii"), liste)
    table, *joueurs = resultat["fiches"]
    assert [j["nom"] for j in joueurs] == [e["nom"] for e in liste["entrees"]]
    for j in joueurs:
        assert (_compteur(j, "integrite")["depart"], _compteur(j, "integrite")["max"]) == (int(integrite.group(1)),) * 2
        assert _compteur(j, "integrite")["au_minimum"] == "reinitialise"
        for atout in ("bouclier", "memoire", "puissance", "relance"):
            assert (_compteur(j, atout)["depart"], _compteur(j, atout)["max"]) == (int(atouts.group(1)), int(plafond.group(1)))
    reserve = _compteur(table, "reserve-corrompues")
    assert reserve["depart"] == reserve["max"] == liste["options"]["reserve_corrompues"]
    temps = _compteur(table, "temps")
    assert temps["depart"] is None and "temps" in temps["manquant"]


def test_la_requete_du_worker_et_un_jeu_sans_mode_jouer() -> None:
    bundle = load_bundle("bataille-d6")
    liste = _liste("bataille-d6", "01-gardiens-du-col")
    assert executer(bundle, liste, {"action": "partie", "liste": liste})["fiches"]
    del bundle["partie"]
    with pytest.raises(ErreurEntree, match="mode « Jouer »"):
        executer(bundle, liste, {"action": "partie", "liste": liste})


def test_chance_d_un_jet_par_enumeration() -> None:
    """Every outcome of the dice is listed by the test (itertools.product), and counted."""
    import itertools
    from fractions import Fraction

    from browser_engine.partie import chance_au_moins

    for faces, nombre, total in (([1, 2, 3, 4, 5, 6], 1, 5), ([1, 2, 3, 4, 5, 6], 3, 12), (list(range(1, 11)), 2, 19),
                                 ([0, 0, 1, 1, 2, 3], 2, 4), ([1, 2, 3, 4, 5, 6], 2, 1)):
        tirages = list(itertools.product(faces, repeat=nombre))
        attendu = Fraction(sum(1 for t in tirages if sum(t) >= total), len(tirages))
        r = chance_au_moins(faces, nombre, total)
        assert Fraction(r["numerateur"], r["denominateur"]) == attendu
    assert chance_au_moins([1, 2, 3, 4, 5, 6], 1, 5)["texte"] == "Chance d'obtenir 5 ou plus : 1/3 (33,3 %)"
    for mauvais in (([1, "x"], 1, 2), ([1, 2], 0, 1), ([1, 2], 21, 1), ([1], 1, 1), ([1, 2], 1, "3")):
        with pytest.raises(ErreurEntree):
            chance_au_moins(*mauvais)
    r = executer(load_bundle("bataille-d6"), {}, {"action": "chance", "faces": [1, 2, 3, 4, 5, 6], "nombre": 2, "total": 12})
    assert (r["numerateur"], r["denominateur"]) == (1, 36)


@pytest.mark.parametrize("jeu", ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"])
def test_le_role_d_une_fiche_est_un_nom_jamais_un_id(jeu: str) -> None:
    """Players never read ids: a sheet's role is a name from the data files or the list schema."""
    ids: set[str] = set()
    noms: set[str] = set()
    for fichier in (ROOT / "data" / jeu).glob("*.yaml"):
        for valeur in (yaml.safe_load(fichier.read_text(encoding="utf-8")) or {}).values():
            for entree in valeur if isinstance(valeur, list) else []:
                if isinstance(entree, dict) and isinstance(entree.get("id"), str):
                    ids.add(entree["id"])
                    noms.add(str(entree.get("nom", "")))
    schema = (ROOT / "schemas" / f"liste-{jeu}.schema.json").read_text(encoding="utf-8")
    for _cle, nom in re.findall(r'"([^"]+)"\s*:\s*"([^"]+)"', schema):
        noms.add(nom)
    liste = yaml.safe_load(sorted((ROOT / "data" / jeu / "listes").glob("0*.yaml"))[0].read_text(encoding="utf-8"))
    roles = [f["role"] for f in fiches_partie(load_bundle(jeu), liste)["fiches"] if f["role"]]
    for role in roles:
        assert role not in ids - noms, role
        assert role in noms or role[:1].isupper(), role
