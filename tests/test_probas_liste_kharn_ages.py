"""Odds of a list for kharn-ages: each entry's attacks against the player's cards and an opposing list.

Expected cells are enumerated here from the rules as `data/kharn-ages/calculs.yaml` states them
(best of N D10, RC and EC, a kept 10 rerolled at most 12 times, ties to the defender, armour
rolled on the base damage), with exact fractions, independently of the engine.
"""
from __future__ import annotations

import copy
import itertools
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from browser_engine.catalogue import fusionner_catalogue
from browser_engine.cli import charger_donnees
from browser_engine.errors import ErreurEntree
from browser_engine.reader import lire_document, lire_liste
from browser_engine.requetes import executer

ROOT = Path(__file__).resolve().parents[1]
DOSSIER = ROOT / "data" / "kharn-ages"
DONNEES = charger_donnees("kharn-ages")

# Invented cards for the tests only (the book prints no profile card).
BRUTE = {"id": "brute", "nom": "Brute", "niveau": 1, "cout": 40,
         "caracteristiques": {"V": 2, "P": 4, "A": 1, "C": 3, "stature": 3, "PV": 6}}
ARCHER = {"id": "archer", "nom": "Archer", "niveau": 2, "cout": 50,
          "equipement_de_base": [{"id": "arc", "cout": 10}],
          "caracteristiques": {"V": 2, "P": 1, "A": 4, "C": 1, "stature": 2, "PV": 5}}
GARDE = {"id": "garde", "nom": "Garde", "niveau": 2, "cout": 60,
         "caracteristiques": {"V": 3, "P": 2, "A": 3, "C": 2, "stature": 3, "PV": 7},
         "armure": {"nom": "Cotte", "seuil": 6, "faible": 1, "fort": 2, "duree": 3}}
ARC = {"id": "arc", "nom": "Arc", "cout": 10, "mains": 2, "categorie": "arme de tir", "portee": {"courte": 3, "longue": 6}}


def liste(*profils: str, cartes=(BRUTE, ARCHER, GARDE)) -> dict:
    return {"jeu": "kharn-ages", "nom": "Essai", "format": 500, "profils": copy.deepcopy(list(cartes)),
            "equipements": [dict(ARC)], "entrees": [{"profil": p} for p in profils]}


def probas(document: dict, **requete) -> dict:
    return executer(DONNEES, document, {"action": "probas", "liste": document, **requete})


# --- independent enumeration of one attack ------------------------------------------------------

PROFONDEUR = 12


def meilleur(des: int) -> dict[int, Fraction]:
    """The kept (highest) natural die of `des` D10."""
    loi: dict[int, Fraction] = {}
    for jet in itertools.product(range(1, 11), repeat=des):
        loi[max(jet)] = loi.get(max(jet), 0) + Fraction(1, 10 ** des)
    return loi


@cache
def relances(ec: frozenset[int], profondeur: int = PROFONDEUR) -> tuple[tuple[int, Fraction], ...]:
    """What the rerolls of a kept 10 add: an EC face adds 0, a 10 adds 10 and rerolls (12 times at most)."""
    loi: dict[int, Fraction] = {}
    for face in range(1, 11):
        if face == 10 and profondeur > 1:
            suites = [(10 + v, q) for v, q in relances(ec, profondeur - 1)]
        else:
            suites = [(0 if face in ec else face, Fraction(1))]
        for v, q in suites:
            loi[v] = loi.get(v, 0) + q / 10
    return tuple(loi.items())


def jet(des: int, base: int, ec: frozenset[int]) -> list[tuple[str, int, Fraction]]:
    """(kind, total, probability) of one action roll: 'ec', 'rc' (total with rerolls) or 'normal'."""
    issues = []
    for face, q in meilleur(des).items():
        if face == 10:
            issues += [("rc", base + 10 + v, q * r) for v, r in relances(ec)]
        elif face in ec:
            issues.append(("ec", 0, q))
        else:
            issues.append(("normal", base + face, q))
    return issues


def touches(niveau_a: int, base_a: int, ec_a: frozenset[int], niveau_d: int, base_d: int) -> dict[bool, Fraction]:
    """P(the attack hits), split by whether the attacker rolled an RC."""
    out = {True: Fraction(0), False: Fraction(0)}
    for (ka, ta, qa), (kd, td, qd) in itertools.product(jet(niveau_a, base_a, ec_a), jet(niveau_d, base_d, frozenset({1}))):
        if ka == "ec":
            continue
        if kd == "ec" or (ka == "rc") != (kd == "rc"):
            gagne = kd == "ec" or ka == "rc"
        else:
            gagne = ta > td
        if gagne:
            out[ka == "rc"] += qa * qd
    return out


def pv_perdus(touche: dict[bool, Fraction], base: int, bonus_rc: int, pv: int,
              armure: tuple[int, int, int, int] | None, niveau_d: int) -> dict[int, Fraction]:
    """Law of the PV lost: base damage through the armour roll, the RC bonus always, capped at PV."""
    loi = {0: 1 - touche[True] - touche[False]}
    for rc, q in touche.items():
        bonus = bonus_rc if rc else 0
        if armure is None:
            protections = {0: Fraction(1)}
        else:
            seuil, faible, fort, _ = armure
            protections = {}
            for face, r in meilleur(niveau_d).items():
                p = base if face == 10 else 0 if face == 1 else fort if face >= seuil else faible
                protections[p] = protections.get(p, 0) + r
        for p, r in protections.items():
            perdu = min(pv, max(0, base - p) + bonus)
            loi[perdu] = loi.get(perdu, 0) + q * r
    return {v: q for v, q in loi.items() if q}


def distribution(cellule: dict) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in cellule["distribution"]}


def cellule(matrice: dict, entree: int, action: str, cible: str) -> dict:
    ligne = next(e for e in matrice["entrees"] if e["index"] == entree)
    act = next(a for a in ligne["actions"] if a["id"] == action)
    rang = [c["id"] for c in matrice["cibles"]].index(cible)
    return act["cellules"][rang]


# --- cells against brute force ------------------------------------------------------------------

def test_standard_attack_against_a_standard_defence_and_an_armour_matches_the_enumeration():
    # Brute: P 4 engaged twice (8), 1 D10, damage 4 + 1 (effect of P), stature 3 on an RC.
    # Garde defends with 2 PA: P (the attacker's) 2 + its best 3 = 5, 2 D10; armour 6, 1/2.
    m = probas(liste("brute"), groupe="cartes-niveau-2")
    attendu = pv_perdus(touches(1, 8, frozenset({1}), 2, 5), base=5, bonus_rc=3, pv=7,
                        armure=(6, 1, 2, 3), niveau_d=2)
    c = cellule(m, 0, "melee", "profil-garde")
    assert distribution(c) == attendu
    assert Fraction(c["hors_de_combat"]["fraction"]) == sum(q for v, q in attendu.items() if v >= 7)
    assert Fraction(c["au_moins_un"]["fraction"]) == sum(q for v, q in attendu.items() if v >= 1)
    assert Fraction(c["esperance"]["fraction"]) == sum(v * q for v, q in attendu.items())


def test_shot_of_a_shooter_against_a_reflex_defence_matches_the_enumeration():
    # Archer carries a bow: tir basique AA (8), 2 D10, EC on 1 and 2, damage 4, doubled on an RC
    # (the doubling passes the armour). Garde by reflex: the dice alone.
    m = probas(liste("archer"), groupe="cartes-niveau-2-reflexe")
    attendu = pv_perdus(touches(2, 8, frozenset({1, 2}), 2, 0), base=4, bonus_rc=4, pv=7,
                        armure=(6, 1, 2, 3), niveau_d=2)
    assert distribution(cellule(m, 0, "tir", "profil-garde-reflexe")) == attendu


def test_standard_attack_against_a_target_without_armour_is_capped_at_its_pv():
    # Brute against Archer (no armour, 5 PV): Archer defends with P 1 + its best A 4 = 5.
    m = probas(liste("brute"), groupe="cartes-niveau-2")
    attendu = pv_perdus(touches(1, 8, frozenset({1}), 2, 5), base=5, bonus_rc=3, pv=5, armure=None, niveau_d=2)
    c = cellule(m, 0, "melee", "profil-archer")
    assert distribution(c) == attendu
    assert max(attendu) == 5 and c["hors_de_combat"]["fraction"] == c["au_moins_un"]["fraction"]


def test_rows_name_their_attacks_and_say_why_one_is_missing():
    m = probas(liste("brute", "archer"))
    brute, archer = m["entrees"]
    assert [a["id"] for a in brute["actions"]] == ["melee"]
    assert any("arme de tir" in r for r in brute["remarques"])
    assert [a["id"] for a in archer["actions"]] == ["melee", "tir"]
    assert "PP" in brute["actions"][0]["detail"] and "AA" in archer["actions"][1]["detail"]
    # One group per level of the cards (Brute is level I, Archer and Garde level II).
    assert [g["id"] for g in m["groupes"]] == ["cartes-niveau-1", "cartes-niveau-1-reflexe",
                                               "cartes-niveau-2", "cartes-niveau-2-reflexe"]
    cartes = {"profil-brute", "profil-archer", "profil-garde"}
    assert {c["id"] for c in m["cibles"]} == cartes | {f"{c}-reflexe" for c in cartes}
    assert m["resultat"] and m["succes"] and m["hors_de_combat"] and m["notes"]
    assert m["unite"] == "PV" and m["adverse"] is True  # a target's count is its PV; an opposing list is read


def test_mastery_dice_of_the_cards_reach_the_calculation():
    cartes = copy.deepcopy([BRUTE, GARDE])
    cartes[0]["maitrise"] = ["corps à corps"]
    cartes[1]["maitrise"] = ["Défense"]
    m = probas(liste("brute", cartes=cartes), groupe="cartes-niveau-2")
    p = cellule(m, 0, "melee", "profil-garde")["parametres"]
    assert p["maitrise_attaque"] is True and p["maitrise_defense"] is True


# --- missing data and bad input -----------------------------------------------------------------

def test_without_player_cards_the_view_says_what_is_missing():
    document = lire_liste((DOSSIER / "listes" / "01-guerrier-mongo-du-livre.yaml").read_text(encoding="utf-8"))
    m = probas(document)
    assert m["calculable"] is False
    assert m["cibles"] == []
    assert m["manquant"] and all("« Mes cartes »" in texte for texte in m["manquant"])
    assert any("caractéristiques" in texte for texte in m["manquant"])
    assert all(e["actions"] == [] for e in m["entrees"])
    assert m["adverse"] is True  # the page still offers the opposing list


def test_an_opposing_list_with_its_own_cards_gives_targets_to_a_list_without_cards():
    document = lire_liste((DOSSIER / "listes" / "01-guerrier-mongo-du-livre.yaml").read_text(encoding="utf-8"))
    adverse = {"jeu": "kharn-ages", "nom": "Gardes", "format": 500, "profils": [GARDE], "entrees": [{"profil": "garde"}]}
    m = probas(document, adverse=adverse, groupe="")
    assert m["calculable"] is True and [c["id"] for c in m["cibles"]] == ["adverse-0"]
    assert m["entrees"][0]["actions"] == [] and "« Mes cartes »" in m["entrees"][0]["remarques"][0]
    assert any("Guerrier Mongo" in t for t in m["manquant"])


def test_an_entry_whose_card_is_missing_or_incomplete_gets_a_remark_and_is_listed_as_missing():
    document = liste("brute", "inconnu", "mongo", cartes=(BRUTE, GARDE, {"id": "mongo", "nom": "Mongo", "niveau": 2,
                                                                            "cout": 75}))
    m = probas(document)
    assert m["calculable"] is True
    _, inconnu, mongo = m["entrees"]
    assert inconnu["actions"] == [] and "« Mes cartes »" in inconnu["remarques"][0]
    assert mongo["actions"] == [] and "manquantes" in mongo["remarques"][0]
    assert any("inconnu" in t for t in m["manquant"]) and any("Mongo" in t for t in m["manquant"])
    assert any("Mongo" in n for n in m["notes"])  # not a target either


def test_characteristics_beyond_the_calculation_leave_the_cell_empty_with_a_note():
    geant = {"id": "geant", "nom": "Géant", "niveau": 3, "cout": 200,
             "caracteristiques": {"V": 2, "P": 20, "A": 1, "C": 9, "stature": 6, "PV": 20}}
    m = probas(liste("geant", cartes=(geant, GARDE)), groupe="cartes-niveau-2")
    assert cellule(m, 0, "melee", "profil-garde") is None
    assert any("bornes du calcul" in n for n in m["notes"])


@pytest.mark.parametrize(("cle", "valeur"), [("caracteristiques", "V3 P4"), ("niveau", 7), ("armure", ["cotte"]),
                                             ("armure", {"seuil": "six"}), ("equipement_de_base", {"id": "arc"}),
                                             ("maitrise", 3), ("caracteristiques", {"V": -1, "P": 2, "A": 1, "C": 1})])
def test_a_malformed_card_is_explained_not_crashed_on(cle, valeur):
    carte = dict(copy.deepcopy(BRUTE), **{cle: valeur})
    m = probas(liste("brute", cartes=(carte, GARDE)), groupe="cartes-niveau-2")
    ligne = m["entrees"][0]
    assert ligne["actions"] or ligne["remarques"]
    if not ligne["actions"]:
        assert "« Mes cartes »" in ligne["remarques"][0]


@pytest.mark.parametrize("adverse", ["jeu: [", "- 1\n- 2", "{\"jeu\": \"kharn-ages\", \"entrees\": 3}"])
def test_an_unreadable_opposing_list_gives_a_french_error(adverse):
    with pytest.raises(ErreurEntree) as erreur:
        probas(liste("brute"), adverse=adverse)
    assert "Liste adverse" in erreur.value.message or "liste adverse" in erreur.value.message


@pytest.mark.parametrize("saisies", [{"des": "n'importe quoi"}, [1, 2], "texte", {"x": {"y": None}}])
def test_player_inputs_are_not_used_by_this_game_and_garbage_there_does_not_crash(saisies):
    m = probas(liste("brute"), saisies=saisies)
    assert m["calculable"] is True and m["saisies"] == []


# --- an opposing list ---------------------------------------------------------------------------

def test_an_opposing_list_gives_one_target_per_entry_read_from_its_own_cards():
    garde_adverse = dict(copy.deepcopy(GARDE), caracteristiques=dict(GARDE["caracteristiques"], P=4))
    adverse = {"jeu": "kharn-ages", "nom": "Les gardes", "format": 500, "profils": [garde_adverse],
               "entrees": [{"profil": "garde", "nom": "Garde costaud"}, {"profil": "archer"}, {"profil": "absent"}]}
    m = probas(liste("brute"), adverse=adverse, groupe="")
    assert [g["id"] for g in m["groupes"]][:2] == ["adverse", "adverse-reflexe"]
    assert [c["nom"] for c in m["cibles"]] == ["Garde costaud", "Archer"]  # the shown group only
    # The opposing Garde has P 4: it defends with P 4 + its best 4 = 8.
    attendu = pv_perdus(touches(1, 8, frozenset({1}), 2, 8), base=5, bonus_rc=3, pv=7, armure=(6, 1, 2, 3), niveau_d=2)
    assert distribution(cellule(m, 0, "melee", "adverse-0")) == attendu
    # Its Archer comes from the player's cards: the same law as the card's own column.
    cartes = probas(liste("brute"), groupe="cartes-niveau-2")
    assert distribution(cellule(m, 0, "melee", "adverse-1")) == distribution(cellule(cartes, 0, "melee", "profil-archer"))
    assert any("absent" in n or "Entrée 3" in n for n in m["notes"])


# --- the game's example lists -------------------------------------------------------------------

@pytest.mark.parametrize("chemin", sorted((DOSSIER / "listes").glob("*.yaml")), ids=lambda p: p.stem)
@pytest.mark.parametrize("catalogue", [None, "exemple-du-livre.yaml", "modele-de-saisie.yaml"])
def test_every_example_list_answers_without_error(chemin, catalogue):
    document = lire_liste(chemin.read_text(encoding="utf-8"))
    if catalogue:
        texte = (DOSSIER / "catalogues" / catalogue).read_text(encoding="utf-8")
        document = fusionner_catalogue(DONNEES, document, lire_document(texte))
    m = probas(document, fractions=False, groupe="")
    assert len(m["entrees"]) == len(document["entrees"])
    if m["calculable"]:
        assert m["cibles"] and all(e["actions"] or e["remarques"] for e in m["entrees"])
    else:
        assert m["manquant"]


def test_at_most_60_targets_per_group_with_a_note():
    adverse = {"jeu": "kharn-ages", "nom": "Foule", "format": 5000, "entrees": [{"profil": "garde"}] * 61}
    cartes = [dict(copy.deepcopy(GARDE), id=f"garde-{k}") for k in range(61)]
    m = probas(liste("brute", cartes=[BRUTE, GARDE, *cartes]), adverse=adverse, groupe="adverse", fractions=False)
    assert len(m["cibles"]) == 60
    assert any("60 premières entrées" in n for n in m["notes"])
    niveau_2 = probas(liste("brute", cartes=[BRUTE, GARDE, *cartes]), groupe="cartes-niveau-2", fractions=False)
    assert len(niveau_2["cibles"]) == 60 and any("60 premières" in n for n in niveau_2["notes"])
