"""HAMI: card odds beyond the basic attack (issue 13).

Every calculation reads the player's own Combat deck (its composition is missing from the
book's text, see `calculs_tables.lire_paquet`). Draws are without replacement; a player who
draws several cards keeps the one the recorded policy prefers, ties broken at random.

* cards kept: `loi_du_max` gives the exact law of the card kept among k cards drawn, from
  order statistics (P(max ≤ v) = C(n≤v, k) / C(n, k)), so hands of up to 6 cards stay cheap;
* fixed defences (predators l. 869 and 1415, gibiers l. 982): the defender draws nothing;
  the attacker, who knows the defence, plays the card that costs it the most Essence,
  for one attack or two in one activation (the cards not kept go under the deck, l. 331);
* solo combat against the non-player creatures (l. 1335, 1408);
* the Temps deck (l. 131, 278), stratège cards in the deck (l. 833) and the Hami perdus
  tokens (l. 1081).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from math import comb, lcm, prod
from typing import Any

import icepool

from ...errors import ErreurParametre
from ...odds import Issue, ResultatCalcul
from ...regles import pluriel
from .calculs_tables import pertes, symboles, valeurs_des_cartes

TEMPS_CARTES = 8  # « Un jeu de 8 cartes Temps » (line 131)
PAQUET_COMBAT = 12  # « Un jeu de 12 cartes Combat par joueur » (line 130)
CARTES_SANS_PERTE_SOLO = 2  # « les deux cartes combat n'infligeant aucune perte » (line 1335)
JETONS_PAR_JOUEUR = 2  # « deux par joueurs » (line 1081)


# --- order statistics ----------------------------------------------------------------------------

def loi_du_max(valeurs: list[Fraction], tirees: int) -> dict[int, Fraction]:
    """Law of the index of the card kept among `tirees` cards drawn without replacement.

    The card of highest value is kept; cards of equal value are exchangeable, so each of
    them is kept with the same probability (a tie settled at random).
    """
    n = len(valeurs)
    total = comb(n, tirees)
    loi: dict[int, Fraction] = {}
    for v in set(valeurs):
        au_plus = sum(1 for x in valeurs if x <= v)
        egales = sum(1 for x in valeurs if x == v)
        chance = Fraction(comb(au_plus, tirees) - comb(au_plus - egales, tirees), total)
        for i, x in enumerate(valeurs):
            if x == v and chance:
                loi[i] = chance / egales
    return loi


def loi_du_min(valeurs: list[Fraction], tirees: int) -> dict[int, Fraction]:
    """Law of the index of the card of lowest value among `tirees` drawn (ties at random)."""
    return loi_du_max([-v for v in valeurs], tirees)


def min_parmi(valeurs: list[int], tirees: int) -> dict[int, Fraction]:
    """Law of the lowest value among `tirees` cards drawn without replacement."""
    total = comb(len(valeurs), tirees)
    return {v: Fraction(comb(sum(1 for x in valeurs if x >= v), tirees)
                        - comb(sum(1 for x in valeurs if x > v), tirees), total) for v in set(valeurs)}


def _verifier_taille(n: int, tirees: int, quoi: str) -> None:
    if n < tirees:
        raise ErreurParametre(f"Le paquet ne compte que {n} carte{pluriel(n)} : il en faut au moins {tirees} "
                              f"pour {quoi}.", "paquet")


def _issues_pertes(loi: dict[int, Fraction], essences: int | None = None) -> list[Issue]:
    issues = [Issue("aucune", "Aucune perte d'Essence", loi.get(0, Fraction(0)))]
    for k in range(1, max(loi) + 1):
        issues.append(Issue(f"au-moins-{k}", f"Au moins {k} Essence{pluriel(k)} perdue{pluriel(k)}",
                            sum((v for x, v in loi.items() if x >= k), Fraction(0))))
    if essences is not None:
        issues.append(Issue("hors-de-combat", f"Cible retirée (au moins {essences} Essence{pluriel(essences)} perdue"
                                              f"{pluriel(essences)})",
                            sum((v for x, v in loi.items() if x >= essences), Fraction(0))))
    return issues


def _loi(poids: dict[int, Fraction]) -> icepool.Die:
    denominateur = lcm(*(p.denominator for p in poids.values()))
    return icepool.Die({k: int(p * denominateur) for k, p in poids.items() if p})


# --- combat with the hand and revealed cards (used by calculs_tables.combat_cartes) ---------------------

def pertes_combat(cartes: list[tuple[int, int]], tirees_attaque: int, tirees_defense: int,
                  apres_revelation: bool, poison: bool) -> dict[int, Fraction]:
    """Law of the Essence lost when both players draw from decks of this composition.

    Args:
        cartes: (Lumière, Ombre) of each card, on the half of the period.
        tirees_attaque: cards the attacker chooses from (hand + cards drawn).
        tirees_defense: cards the defender chooses from (hand + 1, or + 2 in cover).
        apres_revelation: the defender chooses after seeing the attacker's card (Agilité, Robuste).
        poison: at least 1 Essence lost (Poison, line 906).

    """
    val_attaque, val_defense = valeurs_des_cartes(cartes)
    attaquant = loi_du_max(val_attaque, tirees_attaque)
    defenseur = {} if apres_revelation else loi_du_min(val_defense, tirees_defense)  # the same for every attack card
    loi: dict[int, Fraction] = {}
    for i, pa in attaquant.items():
        if apres_revelation:
            contre = min_parmi([pertes(cartes[i], d) for d in cartes], tirees_defense)
        else:
            contre = {}
            for j, pd in defenseur.items():
                x = pertes(cartes[i], cartes[j])
                contre[x] = contre.get(x, Fraction(0)) + pd
        for x, pd in contre.items():
            x = max(x, 1) if poison else x
            loi[x] = loi.get(x, Fraction(0)) + pa * pd
    return loi


def combat_cartes(p: dict[str, Any]) -> ResultatCalcul:
    """Essence lost by the defender: attacker's best card vs the defender's (best of its hand and draw)."""
    cartes = symboles(p["paquet"], p["nuit"])
    tirees_attaque = p["main_attaquant"] + p["cartes"]
    tirees_defense = p["main_defenseur"] + (2 if p["couvert"] else 1)
    _verifier_taille(len(cartes), max(tirees_attaque, tirees_defense), "ce tirage")
    loi = pertes_combat(cartes, tirees_attaque, tirees_defense, p["apres_revelation"], p["poison"])
    return ResultatCalcul(_loi(loi), _issues_pertes(loi))


# --- fixed defences ----------------------------------------------------------------------------------

def _tirages(paquet: Counter[int], k: int) -> Iterator[tuple[Counter[int], Fraction]]:
    """Every multiset of k values drawn without replacement from `paquet`, with its probability.

    Built value by value, never taking more cards than remain to draw: the work follows the
    number of multisets, not the product of every value's count.
    """
    valeurs = sorted(paquet)
    total = comb(sum(paquet.values()), k)

    def choix(rang: int, reste: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if reste == 0:
            yield ()
            return
        if rang == len(valeurs):
            return
        for c in range(min(paquet[valeurs[rang]], reste), -1, -1):
            for suite in choix(rang + 1, reste - c):
                yield ((valeurs[rang], c), *suite) if c else suite

    for pris in choix(0, k):
        chance = Fraction(prod(comb(paquet[v], c) for v, c in pris), total)
        yield Counter(dict(pris)), chance


def _max_des_tirees(pertes_cartes: list[int], tirees: int) -> dict[int, Fraction]:
    """Law of the highest value among `tirees` cards drawn without replacement (order statistics)."""
    total = comb(len(pertes_cartes), tirees)
    loi = {v: Fraction(comb(sum(1 for x in pertes_cartes if x <= v), tirees)
                       - comb(sum(1 for x in pertes_cartes if x < v), tirees), total) for v in set(pertes_cartes)}
    return {v: p for v, p in loi.items() if p}


def attaques_contre_fixe(pertes_cartes: list[int], main: int, tirees: int, attaques: int) -> dict[int, Fraction]:
    """Law of the Essence lost over one or two attacks against a defence that draws no card.

    The attacker starts with `main` random cards in hand; for each attack it draws `tirees`
    cards, keeps the best one in hand, puts the others under the deck and plays its best card.
    For one attack, the card played is the best of the `main + tirees` cards seen: its law
    comes from order statistics, without listing the draws.
    """
    if attaques == 1:
        return _max_des_tirees(pertes_cartes, main + tirees)
    paquet = Counter(pertes_cartes)
    loi: dict[int, Fraction] = {}

    def suite(reste: Counter[int], en_main: Counter[int], deja: int, chance: Fraction, restantes: int) -> None:
        if not restantes:
            loi[deja] = loi.get(deja, Fraction(0)) + chance
            return
        for tirage, p in _tirages(reste, tirees):
            main_apres = en_main + Counter({max(tirage): 1})
            jouee = max(main_apres)
            main_apres[jouee] -= 1
            suite(reste - tirage, +main_apres, deja + jouee, chance * p, restantes - 1)

    for depart, p in _tirages(paquet, main) if main else [(Counter(), Fraction(1))]:
        suite(paquet - depart, depart, 0, p, attaques)
    return loi


def combat_fixe(p: dict[str, Any]) -> ResultatCalcul:
    """One or two attacks on a creature whose defence is fixed (predator, gibier)."""
    cartes = symboles(p["paquet"], p["nuit"])
    _verifier_taille(len(cartes), p["main"] + p["cartes"] * p["attaques"], "ces attaques")
    defense = (p["defense_lumiere"], p["defense_ombre"])
    valeurs = [pertes(c, defense) for c in cartes]
    if p["poison"]:
        valeurs = [max(1, v) for v in valeurs]
    loi = attaques_contre_fixe(valeurs, p["main"], p["cartes"], p["attaques"])
    return ResultatCalcul(_loi(loi), _issues_pertes(loi, p["essences"]))


# --- solo: the non-player creatures ------------------------------------------------------------------

def paquet_cnj(paquet: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The non-player creatures' deck: the player's composition without its 2 cards that inflict nothing.

    A card inflicts nothing when neither of its halves carries a Lumière or Ombre symbol.
    """
    sans_perte = [c for c in paquet if not any(c[m]["lumiere"] or c[m]["ombre"] for m in ("jour", "nuit"))]
    if len(sans_perte) != CARTES_SANS_PERTE_SOLO:
        raise ErreurParametre(
            f"Le mode solo retire du paquet des CNJ les {CARTES_SANS_PERTE_SOLO} cartes qui n'infligent aucune perte "
            f"(aucun symbole Lumière ni Ombre sur leurs deux moitiés) ; votre paquet en compte {len(sans_perte)}. "
            "Vérifiez la saisie de vos cartes.", "paquet")
    retirees = {id(c) for c in sans_perte}
    return [c for c in paquet if id(c) not in retirees]


def combat_cnj(p: dict[str, Any]) -> ResultatCalcul:
    """Solo: the player attacks a non-player creature, or is attacked by one."""
    joueur = p["paquet"]
    cnj = paquet_cnj(joueur)
    nuit = p["nuit"] or (p["cnj_attaque"] and p["aube"])  # a CNJ reads Aube-Crépuscule as Nuit (line 1408)
    cartes_joueur, cartes_cnj = symboles(joueur, nuit), symboles(cnj, nuit)
    loi: dict[int, Fraction] = {}
    if p["cnj_attaque"]:
        tirees = p["main"] + 1 + (1 if p["couvert"] else 0)
        _verifier_taille(len(cartes_joueur), tirees, "votre défense")
        valeurs = [Fraction(sum(pertes(a, d) for a in cartes_cnj), len(cartes_cnj)) for d in cartes_joueur]
        defense = loi_du_min(valeurs, tirees)
        for a in cartes_cnj:
            for j, pd in defense.items():
                x = pertes(a, cartes_joueur[j])
                loi[x] = loi.get(x, Fraction(0)) + pd / len(cartes_cnj)
    else:
        tirees = p["main"] + p["cartes"]
        _verifier_taille(len(cartes_joueur), tirees, "cette attaque")
        valeurs = [Fraction(sum(pertes(a, d) for d in cartes_cnj), len(cartes_cnj)) for a in cartes_joueur]
        for i, pa in loi_du_max(valeurs, tirees).items():
            for d in cartes_cnj:
                x = pertes(cartes_joueur[i], d)
                loi[x] = loi.get(x, Fraction(0)) + pa / len(cartes_cnj)
    return ResultatCalcul(_loi(loi), _issues_pertes(loi, p["essences"]))


# --- the Temps deck, stratège cards, Hami perdus tokens --------------------------------------------

def hypergeometrique(total: int, marquees: int, tirees: int) -> dict[int, Fraction]:
    """Law of the marked cards among `tirees` drawn without replacement from `total`."""
    return {k: Fraction(comb(marquees, k) * comb(total - marquees, tirees - k), comb(total, tirees))
            for k in range(0, min(marquees, tirees) + 1) if tirees - k <= total - marquees}


def temps(p: dict[str, Any]) -> ResultatCalcul:
    """Turns of your community's period among the first turns, from the Temps deck you describe."""
    jour, nuit, aube = p["jour"], p["nuit"], p["aube"]
    if jour + nuit + aube != TEMPS_CARTES:
        raise ErreurParametre(f"Le paquet Temps compte {TEMPS_CARTES} cartes : Jour + Nuit + Aube-Crépuscule = "
                              f"{jour + nuit + aube} ; corrigez la répartition.", "jour")
    votre = nuit if p["ombre"] else jour
    loi = hypergeometrique(TEMPS_CARTES, votre, p["tours"])
    tour = p["tours"]
    issues = [
        Issue("jour", f"Tour {tour} joué de Jour", Fraction(jour, TEMPS_CARTES)),
        Issue("nuit", f"Tour {tour} joué de Nuit", Fraction(nuit, TEMPS_CARTES)),
        Issue("aube", f"Tour {tour} à l'Aube-Crépuscule", Fraction(aube, TEMPS_CARTES)),
        Issue("au-moins-un", f"Au moins un tour de votre période sur les {tour} premiers",
              1 - loi.get(0, Fraction(0))),
        Issue("aube-au-moins-une", f"Au moins une carte Aube-Crépuscule sur les {tour} premiers tours",
              1 - hypergeometrique(TEMPS_CARTES, aube, tour).get(0, Fraction(0))),
    ]
    evenement = p.get("evenement") or 0
    if evenement:  # cards carrying the event studied (Prédateurs, Brume…), from the player's deck (line 282)
        issues += [Issue("evenement", f"L'événement étudié au tour {tour}", Fraction(evenement, TEMPS_CARTES)),
                   Issue("evenement-au-moins-un", f"L'événement étudié au moins une fois sur les {tour} premiers tours",
                         1 - hypergeometrique(TEMPS_CARTES, evenement, tour).get(0, Fraction(0)))]
    return ResultatCalcul(_loi(loi), issues)


def strateges(p: dict[str, Any]) -> ResultatCalcul:
    """Stratège cards among the cards you have seen, shuffled into the 12 Combat cards (line 833)."""
    total = PAQUET_COMBAT + p["strateges"]
    if p["cartes_vues"] > total:
        raise ErreurParametre(f"Le paquet ne compte que {total} cartes : vous ne pouvez pas en voir "
                              f"{p['cartes_vues']} sans le remélanger.", "cartes_vues")
    loi = hypergeometrique(total, p["strateges"], p["cartes_vues"])
    issues = [Issue("au-moins-une", "Au moins une carte stratège vue", 1 - loi.get(0, Fraction(0)))]
    return ResultatCalcul(_loi(loi), issues)


def hami_perdus(p: dict[str, Any]) -> ResultatCalcul:
    """Tokens to turn over before finding your Hami perdus, the tokens being face down at random (line 1081).

    With 2 players there are 4 tokens, 2 of your colour. In a random placement every order of
    turning them over is alike: your tokens sit at 2 of the 4 positions, each pair equally likely.
    """
    jetons = JETONS_PAR_JOUEUR * p["joueurs"]
    paires = comb(jetons, JETONS_PAR_JOUEUR)
    deux: dict[int, Fraction] = {}
    premier: dict[int, Fraction] = {}
    for k in range(JETONS_PAR_JOUEUR, jetons + 1):  # the second of yours is the k-th token turned
        deux[k] = Fraction(k - 1, paires)
    for k in range(1, jetons):  # the first of yours is the k-th token turned
        premier[k] = Fraction(jetons - k, paires)
    issues = [Issue(f"premier-{k}", f"Premier de vos Hami trouvé au jeton {k}", v) for k, v in premier.items()]
    return ResultatCalcul(_loi(deux), issues)


CALCULS = {"combat_cartes": combat_cartes, "combat_fixe": combat_fixe, "combat_cnj": combat_cnj, "temps": temps, "strateges": strateges,
           "hami_perdus": hami_perdus}
