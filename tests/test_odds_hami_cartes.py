"""HAMI card odds of issue 13: hands, Agilité/Robuste, Poison, fixed defences, solo CNJ, Temps deck,
stratège cards and the Hami perdus tokens.

Every expected value is found by listing every draw (itertools) with exact fractions, never
with the engine's helpers. The Combat decks here are INVENTED (« inventé »): the official
composition is not in the book's text. Book facts are quoted with their line.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer
from tests.engine_support import load_bundle


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("hami")


def loi(resultat: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in resultat["distribution"]}


def issues(resultat: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: Fraction(i["fraction"]) for i in resultat["issues"]}


def carte(jl: int, jo: int, nl: int = 0, no: int = 0) -> dict[str, Any]:
    return {"jour": {"lumiere": jl, "ombre": jo}, "nuit": {"lumiere": nl, "ombre": no}}


# Invented 7-card deck (Jour half first): small enough to list every order of the cards.
PAQUET = [carte(2, 0, 0, 1), carte(1, 1, 1, 1), carte(0, 2, 2, 0), carte(1, 0, 0, 3),
          carte(0, 0, 0, 0), carte(0, 0, 0, 0), carte(3, 1, 1, 2)]


def perte(a: tuple[int, int], d: tuple[int, int]) -> int:
    """Line 331: each Lumière and each Ombre of the attacker beyond the defender's costs 1 Essence."""
    return max(0, a[0] - d[0]) + max(0, a[1] - d[1])


def moitie(c: dict[str, Any], nuit: bool) -> tuple[int, int]:
    m = c["nuit" if nuit else "jour"]
    return m["lumiere"], m["ombre"]


def add(table: dict[int, Fraction], key: int, p: Fraction) -> None:
    table[key] = table.get(key, Fraction(0)) + p


# --- combat with hands -------------------------------------------------------------------------

def brute_combat(k_att: int, k_def: int, revele: bool, poison: bool) -> dict[int, Fraction]:
    """Attacker keeps the card of best mean loss against a random card, defender the card of lowest
    mean loss suffered (or, if it sees the attack, the card that loses least); ties at random."""
    cartes = [moitie(c, False) for c in PAQUET]
    n = len(cartes)
    val_a = [Fraction(sum(perte(a, d) for d in cartes), n) for a in cartes]
    val_d = [Fraction(sum(perte(a, d) for a in cartes), n) for d in cartes]
    out: dict[int, Fraction] = {}
    mains_a = list(combinations(range(n), k_att))
    mains_d = list(combinations(range(n), k_def))
    for ma in mains_a:
        best = max(val_a[i] for i in ma)
        gardees = [i for i in ma if val_a[i] == best]
        for i in gardees:
            pa = Fraction(1, len(mains_a) * len(gardees))
            for md in mains_d:
                if revele:
                    x = min(perte(cartes[i], cartes[j]) for j in md)
                    add(out, max(x, 1) if poison else x, pa / len(mains_d))
                    continue
                low = min(val_d[j] for j in md)
                choix = [j for j in md if val_d[j] == low]
                for j in choix:
                    x = perte(cartes[i], cartes[j])
                    add(out, max(x, 1) if poison else x, pa / (len(mains_d) * len(choix)))
    return out


@pytest.mark.parametrize(("main_a", "main_d", "couvert", "revele", "poison"), [
    (0, 0, False, False, False), (3, 3, False, False, False), (2, 0, True, False, False),
    (1, 2, False, True, False), (0, 0, False, False, True), (3, 1, True, True, True),
])
def test_combat_cards_with_hands_reveal_and_poison(bundle, main_a, main_d, couvert, revele, poison):
    r = calculer(bundle, "combat_cartes", {"paquet": PAQUET, "cartes": 2, "couvert": couvert, "nuit": False,
                                           "main_attaquant": main_a, "main_defenseur": main_d,
                                           "apres_revelation": revele, "poison": poison})
    assert loi(r) == brute_combat(main_a + 2, main_d + (2 if couvert else 1), revele, poison)


def test_revealed_card_never_helps_the_attacker(bundle):
    base = {"paquet": PAQUET, "cartes": 3, "main_attaquant": 3, "main_defenseur": 3}
    aveugle = calculer(bundle, "combat_cartes", base)["esperance"]["fraction"]
    agile = calculer(bundle, "combat_cartes", {**base, "apres_revelation": True})["esperance"]["fraction"]
    assert Fraction(agile) <= Fraction(aveugle)


# --- fixed defences ----------------------------------------------------------------------------

def brute_fixe(defense: tuple[int, int], nuit: bool, main: int, tirees: int, attaques: int,
               poison: bool) -> dict[int, Fraction]:
    """Every order of the deck: hand first, then `tirees` cards per attack; the best drawn card joins
    the hand, the others go under the deck; the best card of the hand is played."""
    valeurs = [perte(moitie(c, nuit), defense) for c in PAQUET]
    if poison:
        valeurs = [max(1, v) for v in valeurs]
    ordres = list(permutations(range(len(PAQUET))))
    out: dict[int, Fraction] = {}
    for ordre in ordres:
        main_courante = [valeurs[i] for i in ordre[:main]]
        pos, total = main, 0
        for _ in range(attaques):
            pioche = [valeurs[i] for i in ordre[pos:pos + tirees]]
            pos += tirees
            main_courante.append(max(pioche))
            jouee = max(main_courante)
            main_courante.remove(jouee)
            total += jouee
        add(out, total, Fraction(1, len(ordres)))
    return out


@pytest.mark.parametrize(("lum", "omb", "nuit", "main", "tirees", "attaques", "poison"), [
    (2, 0, False, 3, 2, 1, False),  # predator by day (l. 869)
    (0, 3, True, 3, 2, 2, False),  # predator by night, two attacks
    (2, 1, False, 0, 1, 2, True),  # gibier (l. 982), Poison
    (2, 1, True, 2, 3, 1, False),
])
def test_fixed_defence(bundle, lum, omb, nuit, main, tirees, attaques, poison):
    r = calculer(bundle, "combat_fixe", {"paquet": PAQUET, "defense_lumiere": lum, "defense_ombre": omb,
                                         "nuit": nuit, "main": main, "cartes": tirees, "attaques": attaques,
                                         "essences": 3, "poison": poison})
    attendu = brute_fixe((lum, omb), nuit, main, tirees, attaques, poison)
    assert loi(r) == attendu
    assert issues(r)["hors-de-combat"] == sum((p for x, p in attendu.items() if x >= 3), Fraction(0))


def test_fixed_defence_needs_enough_cards(bundle):
    with pytest.raises(ErreurParametre, match="il en faut au moins 9"):
        calculer(bundle, "combat_fixe", {"paquet": PAQUET, "main": 3, "cartes": 3, "attaques": 2})


# --- solo: the non-player creatures -----------------------------------------------------------

def test_cnj_deck_drops_the_two_blank_cards(bundle):
    # Line 1335: the CNJ deck is the player's without the 2 cards that inflict no loss.
    cnj = [c for c in PAQUET if c != carte(0, 0, 0, 0)]
    cartes_j = [moitie(c, True) for c in PAQUET]
    cartes_c = [moitie(c, True) for c in cnj]
    # The CNJ attacks at Aube-Crépuscule: it reads the Nuit half (line 1408). The player defends with
    # the best of 3 in hand + 1 drawn, by mean loss suffered against the CNJ deck.
    val = [Fraction(sum(perte(a, d) for a in cartes_c), len(cartes_c)) for d in cartes_j]
    attendu: dict[int, Fraction] = {}
    mains = list(combinations(range(len(PAQUET)), 4))
    for m in mains:
        low = min(val[j] for j in m)
        choix = [j for j in m if val[j] == low]
        for j in choix:
            for a in cartes_c:
                add(attendu, perte(a, cartes_j[j]), Fraction(1, len(mains) * len(choix) * len(cartes_c)))
    r = calculer(bundle, "combat_cnj", {"paquet": PAQUET, "cnj_attaque": True, "aube": True, "main": 3})
    assert loi(r) == attendu


def test_player_attacks_a_cnj(bundle):
    cnj = [moitie(c, False) for c in PAQUET if c != carte(0, 0, 0, 0)]
    joueur = [moitie(c, False) for c in PAQUET]
    val = [Fraction(sum(perte(a, d) for d in cnj), len(cnj)) for a in joueur]
    attendu: dict[int, Fraction] = {}
    mains = list(combinations(range(len(PAQUET)), 1 + 2))
    for m in mains:
        best = max(val[i] for i in m)
        choix = [i for i in m if val[i] == best]
        for i in choix:
            for d in cnj:
                add(attendu, perte(joueur[i], d), Fraction(1, len(mains) * len(choix) * len(cnj)))
    r = calculer(bundle, "combat_cnj", {"paquet": PAQUET, "main": 1, "cartes": 2, "essences": 2})
    assert loi(r) == attendu
    assert issues(r)["hors-de-combat"] == sum((p for x, p in attendu.items() if x >= 2), Fraction(0))


def test_cnj_deck_refuses_a_deck_without_two_blank_cards(bundle):
    with pytest.raises(ErreurParametre, match="votre paquet en compte 0"):
        calculer(bundle, "combat_cnj", {"paquet": [c for c in PAQUET if c != carte(0, 0, 0, 0)]})


# --- Temps deck, stratège cards, Hami perdus -------------------------------------------------------

def test_temps_deck(bundle):
    # Line 131: 8 Temps cards, line 278: never reshuffled. The split (4 Jour, 3 Nuit, 1 Aube) is INVENTED.
    cartes = ["J"] * 4 + ["N"] * 3 + ["A"]
    ordres = list(permutations(range(8)))
    attendu: dict[int, Fraction] = {}
    aube = Fraction(0)
    for o in ordres:
        premiers = [cartes[i] for i in o[:3]]
        add(attendu, premiers.count("N"), Fraction(1, len(ordres)))
        aube += Fraction("A" in premiers, len(ordres))
    r = calculer(bundle, "temps", {"jour": 4, "nuit": 3, "aube": 1, "tours": 3, "ombre": True})
    assert loi(r) == attendu
    i = issues(r)
    assert (i["jour"], i["nuit"], i["aube"]) == (Fraction(1, 2), Fraction(3, 8), Fraction(1, 8))
    assert i["aube-au-moins-une"] == aube == Fraction(3, 8)
    assert "evenement" not in i  # no event studied by default


def test_temps_deck_event(bundle):
    # 2 of the 8 cards carry the event studied (INVENTED): over the first 3 turns, count the orders.
    ordres = list(permutations(range(8)))
    vu = sum(Fraction(any(c < 2 for c in o[:3]), len(ordres)) for o in ordres)
    r = calculer(bundle, "temps", {"jour": 4, "nuit": 3, "aube": 1, "tours": 3, "ombre": False, "evenement": 2})
    i = issues(r)
    assert i["evenement-au-moins-un"] == vu == 1 - Fraction(6 * 5 * 4, 8 * 7 * 6)
    assert i["evenement"] == Fraction(2, 8)
    with pytest.raises(ErreurParametre, match="de 0 à 8"):
        calculer(bundle, "temps", {"jour": 4, "nuit": 3, "aube": 1, "evenement": 9})


def test_temps_deck_has_no_default_split(bundle):
    with pytest.raises(ErreurParametre, match="Paramètre obligatoire manquant : « jour »"):
        calculer(bundle, "temps", {})
    with pytest.raises(ErreurParametre, match="8 cartes"):
        calculer(bundle, "temps", {"jour": 4, "nuit": 3, "aube": 2})


def test_stratege_cards_seen(bundle):
    # Line 833: up to 3 stratège cards shuffled into the 12 Combat cards (line 130).
    paquet = ["S"] * 2 + ["C"] * 12
    tirages = list(combinations(range(14), 5))
    attendu: dict[int, Fraction] = {}
    for t in tirages:
        add(attendu, sum(paquet[i] == "S" for i in t), Fraction(1, len(tirages)))
    r = calculer(bundle, "strateges", {"strateges": 2, "cartes_vues": 5})
    assert loi(r) == attendu
    assert issues(r)["au-moins-une"] == 1 - attendu[0]


def test_hami_perdus_tokens(bundle):
    # Line 1081: two tokens per player, face down at random.
    ordres = list(permutations(["moi", "moi", "autre", "autre"]))
    deux: dict[int, Fraction] = {}
    premier: Counter[int] = Counter()
    for o in ordres:
        positions = [k + 1 for k, j in enumerate(o) if j == "moi"]
        add(deux, positions[1], Fraction(1, len(ordres)))
        premier[positions[0]] += 1
    r = calculer(bundle, "hami_perdus", {"joueurs": 2})
    assert loi(r) == deux
    assert issues(r) == {f"premier-{k}": Fraction(n, len(ordres)) for k, n in premier.items()}
