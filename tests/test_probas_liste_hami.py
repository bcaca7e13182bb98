"""Odds of a list for HAMI: cells checked against brute-force enumerations of the Combat cards.

The expected laws are derived here from the book's combat rules (data/hami/sections.yaml,
« Résolution du combat », line 331): each Lumière and each Ombre of the attacker's card beyond the
defender's, on the half of the period, costs 1 Essence. The attacker draws C (Cogner) or T (Tirer)
cards besides its hand, the defender one card besides its hand (line 329); Agilité (melee) and
Robuste (shooting) let the defender choose after seeing the attacker's card (lines 635, 639);
non-player predators defend with 2 Lumières by day and 3 Ombres by night (line 869); the solo
creatures draw from the player's composition without its two cards that inflict nothing (line 1335).
Which card a player keeps is the data's recorded reading (calcul-combat-cartes): the one with the
best mean loss against a random card of the other deck, ties at random. Every hand is enumerated
with itertools.combinations, as exact fractions.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from browser_engine.cli import charger_donnees
from browser_engine.errors import ErreurEntree
from browser_engine.reader import lire_liste
from browser_engine.requetes import executer

ROOT = Path(__file__).resolve().parents[1]
LISTES = ROOT / "data" / "hami" / "listes"


def carte(jl: int, jo: int, nl: int, no: int) -> dict:
    return {"jour": {"lumiere": jl, "ombre": jo}, "nuit": {"lumiere": nl, "ombre": no}}


# A player's deck typed for the test (8 cards, two of them blank: the solo mode needs exactly two).
PAQUET = [carte(0, 0, 0, 0), carte(0, 0, 0, 0), carte(1, 0, 0, 1), carte(2, 0, 0, 2), carte(1, 1, 1, 0),
          carte(0, 2, 3, 0), carte(3, 0, 1, 1), carte(0, 1, 0, 3)]


@pytest.fixture(scope="module")
def hami() -> dict:
    return charger_donnees("hami")


def _liste(nom: str) -> dict:
    return lire_liste((LISTES / nom).read_text(encoding="utf-8"))


def _probas(donnees: dict, liste: dict, **extra) -> dict:
    return executer(donnees, liste, {"action": "probas", "liste": liste, **extra})


def _cell(m: dict, entree: str, action: str, cible: str) -> dict:
    index = [c["id"] for c in m["cibles"]].index(cible)
    ligne = next(e for e in m["entrees"] if e["nom"] == entree)
    return next(a for a in ligne["actions"] if a["id"] == action)["cellules"][index]


def _law(cell: dict) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in cell["distribution"]}


# --- brute force -------------------------------------------------------------------------------------

def _half(nuit: bool) -> list[tuple[int, int]]:
    moitie = "nuit" if nuit else "jour"
    return [(c[moitie]["lumiere"], c[moitie]["ombre"]) for c in PAQUET]


def _loss(a: tuple[int, int], d: tuple[int, int]) -> int:
    return max(0, a[0] - d[0]) + max(0, a[1] - d[1])


def _add(law: dict[int, Fraction], value: int, p: Fraction) -> None:
    law[value] = law.get(value, Fraction(0)) + p


def _best(hand: tuple[int, ...], score: list[Fraction], highest: bool) -> list[int]:
    target = max(score[i] for i in hand) if highest else min(score[i] for i in hand)
    return [i for i in hand if score[i] == target]


def brute_duel(nuit: bool, main: int, cartes: int, reveal: bool, poison: bool = False) -> dict[int, Fraction]:
    """Attacker: hand + C cards, keeps the best attack value; defender: hand + 1, best defence value."""
    cards = _half(nuit)
    n = len(cards)
    attack_value = [Fraction(sum(_loss(a, d) for d in cards), n) for a in cards]
    defence_value = [Fraction(sum(_loss(a, d) for a in cards), n) for d in cards]
    hands_a = list(combinations(range(n), main + cartes))
    hands_d = list(combinations(range(n), main + 1))
    law: dict[int, Fraction] = {}
    for ha in hands_a:
        kept_a = _best(ha, attack_value, True)
        for hd in hands_d:
            for i in kept_a:
                p = Fraction(1, len(hands_a) * len(hands_d) * len(kept_a))
                if reveal:
                    outcomes = [min(_loss(cards[i], cards[j]) for j in hd)]
                else:
                    outcomes = [_loss(cards[i], cards[j]) for j in _best(hd, defence_value, False)]
                for x in outcomes:
                    _add(law, max(x, 1) if poison else x, p / len(outcomes))
    return law


def brute_fixed(nuit: bool, main: int, cartes: int, defence: tuple[int, int], poison: bool = False) -> dict[int, Fraction]:
    """The attacker knows the fixed defence and plays its most costly card among hand and draw."""
    cards = _half(nuit)
    hands = list(combinations(range(len(cards)), main + cartes))
    law: dict[int, Fraction] = {}
    for hand in hands:
        best = max(_loss(cards[i], defence) for i in hand)
        _add(law, max(best, 1) if poison else best, Fraction(1, len(hands)))
    return law


def brute_solo(nuit: bool, main: int, cartes: int) -> dict[int, Fraction]:
    """The player attacks a non-player creature, which plays a random card of its deck (blank cards out)."""
    cards = _half(nuit)
    blank = [k for k, c in enumerate(PAQUET) if not any(c[h]["lumiere"] or c[h]["ombre"] for h in ("jour", "nuit"))]
    cnj = [c for k, c in enumerate(cards) if k not in blank]
    value = [Fraction(sum(_loss(a, d) for d in cnj), len(cnj)) for a in cards]
    hands = list(combinations(range(len(cards)), main + cartes))
    law: dict[int, Fraction] = {}
    for hand in hands:
        kept = _best(hand, value, True)
        for i in kept:
            for d in cnj:
                _add(law, _loss(cards[i], d), Fraction(1, len(hands) * len(kept) * len(cnj)))
    return law


# --- tests -------------------------------------------------------------------------------------------

def test_without_a_deck_the_view_says_what_is_missing_and_asks_for_it(hami):
    liste = _liste("01-exemple-du-livre.yaml")
    m = _probas(hami, liste)
    assert m["calculable"] is False
    assert m["cibles"] == []
    assert m["manquant"] and all("manquant" in texte for texte in m["manquant"])
    assert any("paquet" in texte for texte in m["manquant"])
    assert all(e["actions"] == [] for e in m["entrees"])
    saisies = {s["id"]: s for s in m["saisies"]}
    assert saisies["paquet"]["type"] == "paquet"  # the odds page's deck, kept under the key « paquet »
    assert saisies["main"]["type"] == "entier" and (saisies["main"]["min"], saisies["main"]["max"]) == (0, 3)
    assert m["adverse"] is True


def test_cogner_against_each_caste_by_day_and_night(hami):
    m = _probas(hami, _liste("01-exemple-du-livre.yaml"), saisies={"paquet": PAQUET, "main": 1})
    assert m["calculable"] is True
    assert [e["nom"] for e in m["entrees"]] == ["Gardien du Rocher", "Pisteuse au Snifleur", "Pisteuse au Veilleur"]
    # Gardien: C 2 (line 527). The Gardien target has no Agilité; the Pisteuse target is Agile.
    for nuit, periode in ((False, "jour"), (True, "nuit")):
        assert _law(_cell(m, "Gardien du Rocher", "0-cogner", f"gardien-{periode}")) == brute_duel(nuit, 1, 2, False)
        assert _law(_cell(m, "Gardien du Rocher", "0-cogner", f"pisteuse-{periode}")) == brute_duel(nuit, 1, 2, True)


def test_tirer_against_a_robuste_guetteur_and_the_taking_out_chance(hami):
    m = _probas(hami, _liste("01-exemple-du-livre.yaml"), saisies={"paquet": PAQUET, "main": 1})
    # Pisteuse: T 3 (line 504); a Guetteur is Robuste, a Conteur is not.
    robuste, ordinaire = brute_duel(False, 1, 3, True), brute_duel(False, 1, 3, False)
    assert robuste != ordinaire  # with a card in hand, choosing after the reveal matters
    cell = _cell(m, "Pisteuse au Snifleur", "0-tirer", "guetteur-jour")
    assert _law(cell) == robuste
    conteur = _cell(m, "Pisteuse au Snifleur", "0-tirer", "conteur-nuit")
    assert _law(conteur) == brute_duel(True, 1, 3, False)
    # A Pisteuse target has 3 Essences (line 504): taken out when she loses 3 or more at once.
    pisteuse = _cell(m, "Pisteuse au Snifleur", "0-tirer", "pisteuse-jour")
    law = ordinaire
    assert Fraction(pisteuse["hors_de_combat"]["fraction"]) == sum(p for x, p in law.items() if x >= 3)
    assert Fraction(pisteuse["au_moins_un"]["fraction"]) == sum(p for x, p in law.items() if x >= 1)


def test_fixed_defences_of_predators_and_gibiers_with_poison(hami):
    m = _probas(hami, _liste("04-la-ruche-et-ses-familiers.yaml"), saisies={"paquet": PAQUET})
    # No hand typed: the starting hand of 3 cards (line 260). A Larve has C 2 and here Poison (line 906).
    larve = _cell(m, "Larve (prédateur)", "0-cogner", "predateur-nuit")
    assert _law(larve) == brute_fixed(True, 3, 2, (0, 3), poison=True)
    assert larve["parametres"]["main"] == 3
    gibier = _cell(m, "La Ruche", "0-tirer", "gibier-jour")  # La Ruche: T 1; gibier: 2 Lumières, 1 Ombre (l. 982)
    assert _law(gibier) == brute_fixed(False, 3, 1, (2, 1))
    assert Fraction(gibier["hors_de_combat"]["fraction"]) == sum(
        p for x, p in brute_fixed(False, 3, 1, (2, 1)).items() if x >= 4)


def test_poison_against_a_solo_creature_is_left_empty_and_said(hami):
    m = _probas(hami, _liste("04-la-ruche-et-ses-familiers.yaml"), saisies={"paquet": PAQUET})
    larve = next(e for e in m["entrees"] if e["nom"] == "Larve (prédateur)")
    rang = [c["id"] for c in m["cibles"]].index("solo-hami-egare-jour")
    assert larve["actions"][0]["cellules"][rang] is None
    assert any("Poison" in note for note in m["notes"])
    assert not any("trop petit" in note for note in m["notes"])  # 8 cards: 3 in hand + 2 drawn fit


def test_solo_creatures_draw_from_the_deck_without_its_blank_cards(hami):
    m = _probas(hami, _liste("06-campagne-solo.yaml"), saisies={"paquet": PAQUET, "main": 2})
    guetteur = m["entrees"][0]["nom"]
    # Guetteur: C 3 (line 489); Hami égaré: 6 Essences (line 1364).
    cell = _cell(m, guetteur, "0-cogner", "solo-hami-egare-nuit")
    law = brute_solo(True, 2, 3)
    assert _law(cell) == law
    assert Fraction(cell["hors_de_combat"]["fraction"]) == sum(p for x, p in law.items() if x >= 6)
    geant = _cell(m, guetteur, "0-tirer", "solo-predateur-geant-jour")  # Guetteur T 1 vs 2 Lumières
    assert _law(geant) == brute_fixed(False, 2, 1, (2, 0))


def test_a_deck_without_two_blank_cards_leaves_the_solo_creatures_out(hami):
    paquet = [c for c in PAQUET if any(c[h]["lumiere"] or c[h]["ombre"] for h in ("jour", "nuit"))]
    m = _probas(hami, _liste("06-campagne-solo.yaml"), saisies={"paquet": paquet})
    assert m["calculable"] is True
    assert not any(c["id"].startswith("solo-hami-egare") for c in m["cibles"])
    assert any("solo" in texte and "0" in texte for texte in m["manquant"])


def test_a_deck_too_small_for_the_hand_gives_empty_cells_and_says_why(hami):
    m = _probas(hami, _liste("06-campagne-solo.yaml"), saisies={"paquet": PAQUET[:5], "main": 3})
    guetteur = m["entrees"][0]["nom"]
    index = [c["id"] for c in m["cibles"]].index("gardien-jour")
    cogner = next(a for a in m["entrees"][0]["actions"] if a["id"] == "0-cogner")  # 3 + 3 cards > 5
    assert cogner["cellules"][index] is None
    tirer = _cell(m, guetteur, "0-tirer", "gardien-jour")  # 3 + 1 cards fit
    assert sum(_law(tirer).values()) == 1
    assert any("trop petit" in note for note in m["notes"])


def test_creatures_without_an_attack_value_are_explained(hami):
    liste = {"jeu": "hami", "format": 9, "entrees": [
        {"familier_sauvage": "mikmik"}, {"predateur": "adulte", "competences": ["toile"]}, {"nom": "???"}]}
    m = _probas(hami, liste, saisies={"paquet": PAQUET})
    mikmik, adulte, inconnue = m["entrees"]
    assert mikmik["actions"] == [] and any("Cogner" in r for r in mikmik["remarques"])
    assert [a["id"] for a in adulte["actions"]] == ["0-cogner"]  # T « - » (line 886): no shooting
    assert inconnue["actions"] == [] and inconnue["remarques"]


@pytest.mark.parametrize("saisies", [
    {"paquet": "ceci n'est pas un paquet"},
    {"paquet": [{"jour": {"lumiere": "beaucoup"}, "nuit": {}}]},
    {"paquet": [{"recto": 1}]},
    {"paquet": PAQUET, "main": 7},
    {"paquet": PAQUET, "main": "trois"},
    {"paquet": PAQUET, "main": True},
])
def test_bad_inputs_give_a_french_message(hami, saisies):
    with pytest.raises(ErreurEntree) as exc:
        _probas(hami, _liste("01-exemple-du-livre.yaml"), saisies=saisies)
    assert any(mot in exc.value.message for mot in ("Paquet", "paquet", "carte", "Cartes déjà en main"))


def test_my_list_against_an_opposing_communaute(hami):
    adverse = _liste("01-exemple-du-livre.yaml")  # led by a Roche Gardien: its familiers are Robuste (l. 449)
    m = _probas(hami, _liste("07-deux-faces-et-la-larve.yaml"), adverse=adverse, saisies={"paquet": PAQUET, "main": 1})
    assert m["groupes"][0]["id"] == "adverse"
    noms = [c["nom"] for c in m["cibles"] if c["groupe"] == "adverse"]
    assert "Cracheur de Gardien du Rocher (Jour)" in noms and "Pisteuse au Snifleur (Nuit)" in noms
    guetteur = m["entrees"][1]["nom"]  # Guetteur jeune: C 3, T 1
    cracheur = _cell(m, guetteur, "0-tirer", "adverse-1-jour")  # the Cracheur, second figure of the list
    assert _law(cracheur) == brute_duel(False, 1, 1, True) != brute_duel(False, 1, 1, False)
    gardien = _cell(m, guetteur, "0-tirer", "adverse-0-nuit")  # Gardien: not Robuste
    assert _law(gardien) == brute_duel(True, 1, 1, False)
    cible = next(c for c in m["cibles"] if c["id"] == "adverse-0-jour")
    assert cible["figurines"] == 6  # Gardien 4 Essences, ancien +2 (line 527 and the age bonus)


def test_an_opposing_list_of_another_game_is_refused_in_french(hami):
    autre = {"jeu": "bataille-d6", "nom": "Autre", "format": 250, "entrees": [{"nom": "Archers"}]}
    with pytest.raises(ErreurEntree) as exc:
        _probas(hami, _liste("01-exemple-du-livre.yaml"), adverse=autre, saisies={"paquet": PAQUET})
    assert "pas pour HAMI" in exc.value.message


def test_la_jaune_s_launcher_takes_robuste_away(hami):
    liste = {"jeu": "hami", "format": 9, "options": {"lien": "lumiere"},
             "entrees": [{"legendaire": "la-jaune"}]}
    m = _probas(hami, liste, saisies={"paquet": PAQUET, "main": 1})
    assert _law(_cell(m, "La Jaune", "0-tirer", "guetteur-jour")) == brute_duel(False, 1, 3, False) \
        != brute_duel(False, 1, 3, True)


@pytest.mark.parametrize("chemin", sorted(LISTES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_list_answers(hami, chemin):
    liste = lire_liste(chemin.read_text(encoding="utf-8"))
    m = _probas(hami, liste, saisies={"paquet": PAQUET}, fractions=False)
    assert m["calculable"] is True
    assert len(m["entrees"]) == len(liste["entrees"])
    assert all(e["actions"] or e["remarques"] for e in m["entrees"])
    assert all(len([c for c in m["cibles"] if c["groupe"] == g["id"]]) <= 60 for g in m["groupes"])
