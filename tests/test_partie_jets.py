"""Rolls from a play-mode sheet (`jets` of `partie.yaml`, browser_engine/partie_jets.py) and their checks.

Expected values are read by the test from each game's first example list, its `partie.yaml` and its
`calculs.yaml`, never from the engine's output. The broken `partie.yaml` files are copies with an
error put in by the test; `make check` (generator check) runs the same checks as `load_site`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_engine.odds import calculer
from browser_engine.partie import fiches_partie
from generator.plugin import load_site
from generator.problems import DataError
from tests.engine_support import load_bundle
from tests.partie_support import copier_jeu, lire_yaml, position, premiere_liste

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("bataille-d6", "hami", "hate", "kharn-ages", "tamashii")




def _calcul(jeu: str, ident: str) -> dict[str, Any]:
    return next(c for c in lire_yaml("data", jeu, "calculs.yaml")["calculs"] if c["id"] == ident)


@pytest.mark.parametrize("jeu", GAMES)
def test_chaque_jeu_offre_des_jets_resolus(jeu: str) -> None:
    """Every declared roll reaches a sheet of its kind, names a calculator, and computes when its values are given."""
    decls = lire_yaml("data", jeu, "partie.yaml")["partie"]["jets"]
    fiches = fiches_partie(load_bundle(jeu), premiere_liste(jeu))["fiches"]
    offerts = {j["id"] for f in fiches for j in f["jets"]}
    assert offerts and offerts <= {d["id"] for d in decls}
    for fiche in fiches:
        for jet in fiche["jets"]:
            decl = next(d for d in decls if d["id"] == jet["id"])
            assert fiche["sorte"] in decl["pour"] and jet["calcul"] == decl["calcul"]
            assert jet["manquant"] is None, jet["manquant"]
            calcul = _calcul(jeu, decl["calcul"])
            bornes = {p["id"]: p for p in calcul["parametres"]}
            for demande in jet["demandes"]:
                assert (demande["min"], demande["max"]) == (bornes[demande["id"]].get("min"), bornes[demande["id"]].get("max"))
            assert set(jet["parametres"]) | {d["id"] for d in jet["demandes"]} | {c["parametre"] for c in jet["compteurs"]} \
                | {m["parametre"] for m in jet["materiel"]} | ({jet["paquet"]["parametre"]} if jet["paquet"] else set()) \
                == set(decl["parametres"])


def test_bataille_tir_et_melee_viennent_de_la_liste() -> None:
    liste = premiere_liste("bataille-d6")
    fiches = fiches_partie(load_bundle("bataille-d6"), liste)["fiches"]
    for i, entree in enumerate(liste["entrees"]):
        fiche = next(f for f in fiches if f["entree"] == i)
        jets = {j["id"]: j for j in fiche["jets"]}
        assert ("tir" in jets) == (entree.get("tir", 0) >= 1)
        if "tir" in jets:
            assert jets["tir"]["parametres"]["valeur"] == entree["tir"]
            assert jets["tir"]["compteurs"] == [{"parametre": "attaques", "compteur": "figurines-en-jeu", "fois": 1, "min": 1, "max": 30}]
            assert {d["id"] for d in jets["tir"]["demandes"]} == {"armure", "couverts"}
        if entree.get("melee", 0) >= 1:
            assert jets["melee"]["parametres"] == {"valeur": entree["melee"], "couverts": 0}
            assert jets["melee"]["compteurs"][0]["fois"] == entree.get("attaques", 1)


def test_bataille_les_deux_temps_recomposent_la_loi() -> None:
    """Hits (Armure 0) then saves on those hits (valeur 6) give exactly the calculator's law of eliminations."""
    from fractions import Fraction

    donnees = load_bundle("bataille-d6")
    jet = next(j for f in fiches_partie(donnees, premiere_liste("bataille-d6"))["fiches"] for j in f["jets"] if j["id"] == "tir")
    e = jet["etapes"]
    p = {**jet["parametres"], "attaques": 4, "armure": 2}
    loi = lambda r: {d["valeur"]: Fraction(d["fraction"]) for d in r["distribution"]}  # noqa: E731
    touches = loi(calculer(donnees, jet["calcul"], {**p, **e["premiere"]}))
    totale = loi(calculer(donnees, jet["calcul"], p))
    composee: dict[int, Fraction] = {0: touches.get(0, Fraction(0))}
    for k, pk in touches.items():
        if k:
            for j, pj in loi(calculer(donnees, jet["calcul"], {**p, **e["seconde"], e["nombre"]: k})).items():
                composee[j] = composee.get(j, Fraction(0)) + pk * pj
    assert {k: v for k, v in composee.items() if v} == totale


def test_hami_tamashii_hate_kharn_sources() -> None:
    hami = fiches_partie(load_bundle("hami"), premiere_liste("hami"))["fiches"]
    cogner = next(j for f in hami for j in f["jets"] if j["id"] == "cogner")
    assert cogner["paquet"] == {"parametre": "pile", "id": "combat", "genre": "paquets", "cle": "paquet",
                                "compte": "lumiere", "page": "hami/materiel/"}
    hate = next(j for f in fiches_partie(load_bundle("hate"), premiere_liste("hate"))["fiches"] for j in f["jets"])
    stockage = next(p["stockage"] for p in _calcul("hate", "calcul-combat")["parametres"] if p["id"] == "de")
    assert hate["materiel"][0]["cle"] == stockage and hate["materiel"][0]["page"] == "hate/materiel/"
    tama = next(j for f in fiches_partie(load_bundle("tamashii"), premiere_liste("tamashii"))["fiches"] for j in f["jets"])
    assert tama["materiel"][0]["cle"] == next(p["stockage"] for p in _calcul("tamashii", "calcul-test")["parametres"] if p["id"] == "de")


def test_kharn_ages_le_niveau_vient_de_la_carte_sinon_il_est_demande() -> None:
    liste = premiere_liste("kharn-ages")
    donnees = load_bundle("kharn-ages")
    jet = fiches_partie(donnees, liste)["fiches"][0]["jets"][0]
    carte = next(iter((liste.get("catalogue") or {}).get("profils") or []), None)
    if "niveau" in jet["parametres"]:
        assert isinstance(jet["parametres"]["niveau"], int) and 1 <= jet["parametres"]["niveau"] <= 3
    sans_carte = {**liste, "catalogue": None, "profils": None}
    sans_carte = {k: v for k, v in sans_carte.items() if v is not None}
    for entree in sans_carte.get("entrees", []):
        entree["profil"] = "profil-absent-du-catalogue"  # no card: the level must be asked
    jet = fiches_partie(donnees, sans_carte)["fiches"][0]["jets"][0]
    assert "niveau" not in jet["parametres"]
    assert any(d["id"] == "niveau" and (d["min"], d["max"]) == (1, 3) for d in jet["demandes"])
    del carte


# --- make check refuses bad declarations, at the right place ---------------------------------------



@pytest.mark.parametrize(("avant", "apres", "repere", "chemin", "message"), [
    ("calcul: calcul-attaque\n      parametres:\n        attaques: {compteur: figurines-en-jeu}\n",
     "calcul: calcul-absent\n      parametres:\n        attaques: {compteur: figurines-en-jeu}\n",
     "calcul-absent", "$.partie.jets[0].calcul", "calcul « calcul-absent » inconnu de ce jeu"),
    ("        couverts: {demande: true}\n      si:", "        portee: {demande: true}\n      si:",
     "portee", "$.partie.jets[0].parametres.portee", "paramètre « portee » inconnu du calcul « calcul-attaque »"),
    ("valeur: {champ: /tir}", "valeur: {champ: /tirs}",
     "/tirs", "$.partie.jets[0].parametres.valeur.champ", "champ « /tirs » : le schéma de liste"),
    ("attaques: {compteur: figurines-en-jeu}\n        valeur: {champ: /tir}",
     "attaques: {compteur: figurines-en-vie}\n        valeur: {champ: /tir}",
     "figurines-en-vie", "$.partie.jets[0].parametres.attaques.compteur", "compteur « figurines-en-vie » absent de « compteurs »"),
    ("        couverts: {demande: true}\n      si:", "        couverts: {materiel: true}\n      si:",
     "materiel", "$.partie.jets[0].parametres.couverts.materiel", "il faut un paramètre de type « des »"),
])
def test_une_declaration_de_jet_fautive_est_localisee(tmp_path: Path, avant: str, apres: str, repere: str,
                                                      chemin: str, message: str) -> None:
    fichier = copier_jeu(tmp_path)
    texte = fichier.read_text("utf-8")
    assert avant in texte
    texte = texte.replace(avant, apres, 1)
    fichier.write_text(texte, "utf-8")
    with pytest.raises(DataError) as exc:
        load_site(tmp_path)
    problemes = [str(p) for p in exc.value.problems]
    trouves = [p for p in problemes if f" {chemin}: " in p]
    assert len(trouves) == 1 and message in trouves[0], problemes
    ligne, colonne = position(texte, repere)
    if chemin.endswith("portee"):  # the problem points at the mapping key's value, on the same line
        assert trouves[0].startswith(f"data/bataille-d6/partie.yaml:{ligne}:"), trouves[0]
    else:
        assert trouves[0].startswith(f"data/bataille-d6/partie.yaml:{ligne}:{colonne if repere != 'materiel' else ''}"), (trouves[0], colonne)


def test_une_demande_sans_bornes_est_refusee(tmp_path: Path) -> None:
    """A parameter asked at the table needs the calculator's range: a range taken out of calculs.yaml is refused."""
    fichier = copier_jeu(tmp_path)
    calculs = tmp_path / "data" / "bataille-d6" / "calculs.yaml"
    ctexte = calculs.read_text("utf-8")
    bornes = "        nom: Armure de la cible\n        type: entier\n        min: 0\n        max: 5\n"
    assert bornes in ctexte
    calculs.write_text(ctexte.replace(bornes, "        nom: Armure de la cible\n        type: entier\n", 1), "utf-8")
    texte = fichier.read_text("utf-8")
    with pytest.raises(DataError) as exc:
        load_site(tmp_path)
    line, col = position(texte, "{demande: true}")  # the Tir roll's Armure, first asked parameter of the file
    assert any(str(p).startswith(f"data/bataille-d6/partie.yaml:{line}:{col} $.partie.jets[0].parametres.armure: ")
               and "ne lui donne pas de bornes" in str(p) for p in exc.value.problems), [str(p) for p in exc.value.problems]
