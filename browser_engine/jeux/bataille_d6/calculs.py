"""Bataille fantastique d6: the exact odds (pillage, spells, objects…) and the odds tables; attacks and initiative are data."""
from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from typing import Any

import icepool

from ...bundle import table_probas
from ...errors import ErreurParametre
from ...odds import Issue, ResultatCalcul, calculer, fraction_texte, pourcentage

# `attaque` (hits, covers, saves) and `initiative` (two camps opposed) are declared as data, on the
# « Dés libres » engine (`des_libres` in data/bataille-d6/calculs.yaml).

# --- odds ---------------------------------------------------------------------------------

CAMPS = "abcd"


def _rerolled_winners(bonus: dict[str, int]) -> dict[str, Fraction]:
    """P(each camp finally chooses), the camps tied for the best total rerolling among themselves."""
    memo: dict[tuple[str, ...], dict[str, Fraction]] = {}

    def contest(camps: tuple[str, ...]) -> dict[str, Fraction]:
        if len(camps) == 1:
            return {camps[0]: Fraction(1)}
        if camps in memo:
            return memo[camps]
        outcome = {c: Fraction(0) for c in camps}
        stay = Fraction(0)  # every camp tied again: the same contest starts over
        rolls = 6 ** len(camps)
        for faces in itertools.product(range(1, 7), repeat=len(camps)):
            totals = {c: f + bonus[c] for c, f in zip(camps, faces, strict=True)}
            best = max(totals.values())
            top = tuple(c for c in camps if totals[c] == best)
            if top == camps:
                stay += Fraction(1, rolls)
                continue
            for c, p in contest(top).items():
                outcome[c] += p / rolls
        memo[camps] = {c: p / (1 - stay) for c, p in outcome.items()}
        return memo[camps]

    return contest(tuple(bonus))


def initiative_camps(p: dict[str, Any]) -> ResultatCalcul:
    """Initiative with two to four camps: camp A's margin over the best other camp, and who chooses."""
    camps = CAMPS[:p["camps"]]
    bonus = {c: p[f"heros_sorciers_{c}"] for c in camps}
    others = [icepool.d6 + bonus[c] for c in camps[1:]]
    best_other = others[0] if len(others) == 1 else icepool.map(lambda *totals: max(totals), *others)
    margin = (icepool.d6 + bonus["a"]) - best_other
    winners = _rerolled_winners(bonus)
    issues = [Issue(f"{c}-choisit", f"Camp {c.upper()} choisit", winners[c]) for c in camps]
    return ResultatCalcul(margin, issues)


def gold_dice(armure: int, heros_ou_sorcier: bool) -> int:
    """Number of d6 of gold for one enemy killed in melee (scenario « Pillage », line 95)."""
    dice = 1 if armure <= 2 else 2 if armure <= 4 else 3
    return dice + (3 if heros_ou_sorcier else 0)


def pillage(p: dict[str, Any]) -> ResultatCalcul:
    """Gold pieces for one enemy killed in melee."""
    return ResultatCalcul(gold_dice(p["armure"], p["heros_ou_sorcier"]) @ icepool.d6)


def sum_of_d6(count: int) -> icepool.Die:
    """Sum of `count` d6, counted face by face with the inclusion-exclusion formula (fast for many dice)."""
    if count == 0:
        return icepool.Die({0: 1})
    ways = {total: sum((-1) ** k * comb(count, k) * comb(total - 6 * k - 1, count - 1)
                       for k in range((total - count) // 6 + 1))
            for total in range(count, 6 * count + 1)}
    return icepool.Die(ways)


def pillage_partie(p: dict[str, Any]) -> ResultatCalcul:
    """Gold of every enemy killed in melee in one game of « Pillage » (line 95).

    Raises:
        ErreurParametre: more Héros and Sorciers than enemies killed.

    """
    killed = p["armure_0_2"] + p["armure_3_4"] + p["armure_5"]
    if p["personnages"] > killed:
        raise ErreurParametre(f"Le paramètre « personnages » (Héros et Sorciers parmi eux) ne peut pas dépasser "
                              f"le nombre d'ennemis tués ({killed}) (reçu : {p['personnages']}).", "personnages",
                              0, killed)
    dice = (p["armure_0_2"] * gold_dice(0, False) + p["armure_3_4"] * gold_dice(3, False)
            + p["armure_5"] * gold_dice(5, False) + p["personnages"] * (gold_dice(0, True) - gold_dice(0, False)))
    return ResultatCalcul(sum_of_d6(dice))


def _count(test: Any, *dice: icepool.Die) -> icepool.Die:
    """0/1 die: whether the faces rolled on `dice` pass `test`."""
    return icepool.map(lambda *faces: int(bool(test(*faces))), *dice)


def _at_least_one(per_draw: icepool.Die, draws: int) -> Fraction:
    """P(a 0/1 event happens at least once over independent draws)."""
    total = draws @ per_draw
    return Fraction(sum(q for outcome, q in total.items() if outcome >= 1), total.denominator())


def sorts(p: dict[str, Any]) -> ResultatCalcul:
    """Sorciers who draw the same spell twice (two d6 each on the spell table, line 33)."""
    d6 = icepool.d6
    count = p["sorciers"]
    double = _count(lambda a, b: a == b, d6, d6)
    # The table is uniform: "a given spell" is face 1 without loss of generality.
    given = _count(lambda a, b: a == 1 or b == 1, d6, d6)
    given_twice = _count(lambda a, b: a == b == 1, d6, d6)
    issues = [Issue("double", "Au moins un Sorcier a un double", _at_least_one(double, count)),
              Issue("sort-present", "Un sort donné est tiré au moins une fois", _at_least_one(given, count)),
              Issue("sort-double", "Un sort donné est tiré en double par un Sorcier", _at_least_one(given_twice, count))]
    return ResultatCalcul(count @ double, issues)


def objets(p: dict[str, Any]) -> ResultatCalcul:
    """Different magic items among the Héros' draws (one d6 each on the item table, line 33)."""
    count = p["heros"]
    distinct = icepool.Die({0: 1})
    for _ in range(count):
        # With k different items already drawn (faces 1..k by symmetry), a new one comes on d6 > k.
        distinct = distinct.map(lambda k: k + _count(lambda face, k=k: face > k, icepool.d6))
    given = _count(lambda face: face == 1, icepool.d6)
    repeat = Fraction(sum(q for outcome, q in distinct.items() if outcome < count), distinct.denominator())
    issues = [Issue("objet-present", "Un objet donné est tiré au moins une fois", _at_least_one(given, count)),
              Issue("doublon", "Au moins deux Héros ont le même objet", repeat)]
    return ResultatCalcul(distinct, issues)


def hache(p: dict[str, Any]) -> ResultatCalcul:
    """Enemies eliminated by a Héros with the Hache du massacre (line 39).

    Every successful Mêlée roll hits each enemy in contact; each enemy saves each hit
    separately and falls at the first failed save.
    """
    d6 = icepool.d6
    successes = p["attaques"] @ _count(lambda face: face <= p["valeur"], d6)
    unsaved = _count(lambda face: face > max(0, p["armure"] - p["malus_armure"]), d6)

    def eliminated(hits: int) -> icepool.Die:
        falls = (hits @ unsaved).map(lambda failed: int(failed >= 1))
        return p["ennemis"] @ falls

    return ResultatCalcul(successes.map(eliminated))


CALCULS = {"pillage": pillage, "sorts": sorts, "objets": objets,
           "hache": hache, "pillage_partie": pillage_partie,
           "initiative_camps": initiative_camps}


# --- static tables for the rule pages -------------------------------------------------------

def _probability_cell(value: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_texte(value), "valeur": float(value), "texte": pourcentage(value)}


def _mean_cell(value: Fraction) -> dict[str, Any]:
    shown = str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}".replace(".", ",")
    return {"fraction": fraction_texte(value), "valeur": float(value), "texte": shown}


def _elimination(donnees_jeu: dict[str, Any], valeur: int, armure: int, malus: int) -> Fraction:
    result = calculer(donnees_jeu, "attaque", {"valeur": valeur, "armure": armure, "malus_armure": malus,
                                               "couverts": 0, "relance_sauvegarde": False, "attaques": 1})
    return sum((Fraction(d["fraction"]) for d in result["distribution"] if d["valeur"] == 1), Fraction(0))


def _attack_table(donnees_jeu: dict[str, Any], malus: int) -> dict[str, Any]:
    return table_probas(
        donnees_jeu, "table-attaque-puissante" if malus == 1 else "table-attaque", "attaque",
        [f"Armure {a}" for a in range(6)],
        [{"entete": str(v), "cellules": [_probability_cell(_elimination(donnees_jeu, v, a, malus)) for a in range(6)]}
         for v in range(1, 7)])


def _pillage_table(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    def mean(armure: int, personnage: bool) -> Fraction:
        result = calculer(donnees_jeu, "pillage", {"armure": armure, "heros_ou_sorcier": personnage})
        return Fraction(result["esperance"]["fraction"])

    return table_probas(donnees_jeu, "table-pillage", "pillage", ["Figurine", "Héros ou Sorcier"],
                        [{"entete": str(a), "cellules": [_mean_cell(mean(a, False)), _mean_cell(mean(a, True))]}
                         for a in range(6)])


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """Precomputed odds tables for readers without JavaScript (see `odds.tables_statiques`)."""
    return [_attack_table(donnees_jeu, 0), _attack_table(donnees_jeu, 1), _pillage_table(donnees_jeu)]
