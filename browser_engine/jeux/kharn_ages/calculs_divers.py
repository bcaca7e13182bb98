"""Khârn-Âges Tactik odds: the other random mechanics of the book.

(`d5`, sums of 1D5 read on a D10, is declared as data on the « Dés libres » engine: `des_libres` in
data/kharn-ages/calculs.yaml.)
* `detruire`: Détruire un objet, C + P + ND10 ≥ 12, then 1D5 − 2 PS (at least 1), doubled on
  an RC (1037-1039).
* `deviation`: a missed or aimless throw rolls (5 − die) toises when the die is under 5 (1008-1012).
* `chute`: falls and landings (692-713).
* `relances`: an action against a threshold with Bretteur X (1519), Maître X (1569) and the
  critical thresholds lowered by 1 of the last of his side (1231-1232).
* `tirage`: a fair draw among k candidates: berserk target (1514), initiative ties (461).
* `sort`: casting a spell, I × PA + ND10 against its threshold and the target's defence
  I × PA + ND10, moved by 2 after a quick or a complex incantation (1371-1401).

The readings are recorded in `data/kharn-ages/calculs.yaml`, next to each calculation.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any

from ...errors import ErreurParametre
from ...odds import Issue, ResultatCalcul
from .calculs_degats import loi_jointe
from .calculs_jets import FACES, Camp, _loi, faces_ec, loi_seuil, ordre_de_preference

# The defender's final total after a quick (1 PA) or a complex (3 PA) incantation (lines 1379, 1391).
ECART_DEFENSE_SORT = {1: -2, 2: 0, 3: 2}
SEUIL_DEVIATION = 5  # "de 5 ou plus" (line 1008)
D5 = {face: math.ceil(face / 2) for face in range(1, FACES + 1)}  # line 97
SEUIL_RECEPTION = 10  # C + A + 1D10 ≥ 10 + 1 (or 2) per toise (lines 700, 711)
EC_CHUTE = frozenset({1})  # a voluntary short fall: EC on 1 (698)
EC_CHUTE_INVOLONTAIRE = frozenset({1, 2})  # an involuntary one: 1 and 2 (707)


def _uniforme(valeurs: list[int]) -> dict[int, Fraction]:
    loi: dict[int, Fraction] = {}
    for v in valeurs:
        loi[v] = loi.get(v, Fraction(0)) + Fraction(1, len(valeurs))
    return loi


def detruire(p: dict[str, Any]) -> ResultatCalcul:
    """Structure points inflicted on an object (0 = the action fails)."""
    camp = Camp(des=p["niveau"] + (1 if p["heroique"] else 0), base=p["carac"] + p["bonus"],
                ec=faces_ec(specialiste=p["specialiste"]), maitrise=p["maitrise"])
    jet = loi_seuil(camp, p["seuil"])
    reussite, rc = jet.reussite(), jet.rc()
    loi: dict[int, Fraction] = {0: 1 - reussite}
    for face in range(1, FACES + 1):
        ps = max(1, D5[face] - 2)
        loi[ps] = loi.get(ps, Fraction(0)) + (reussite - rc) / FACES
        loi[2 * ps] = loi.get(2 * ps, Fraction(0)) + rc / FACES
    issues = [Issue("reussite", "Action réussie", reussite), Issue("rc", "RC : dégâts doublés", rc),
              Issue("troncature", "Explosion arrêtée à la profondeur maximale", jet.troncature)]
    return ResultatCalcul(_loi(loi), issues)


def deviation(p: dict[str, Any]) -> ResultatCalcul:
    """Toises an object rolls after a missed throw (0 = it stays where aimed)."""
    loi = _uniforme([0 if face >= SEUIL_DEVIATION else SEUIL_DEVIATION - face for face in range(1, FACES + 1)])
    return ResultatCalcul(_loi(loi), [Issue("reste", "L'objet reste à l'endroit visé", loi[0])])


def chute(p: dict[str, Any]) -> ResultatCalcul:
    """Damage taken by a fall of `hauteur` toises, voluntary or not.

    Raises:
        ErreurParametre: a voluntary fall higher than A + level (line 704).

    """
    c, a, hauteur, involontaire = p["corpulence"], p["agilite"], p["hauteur"], p["involontaire"]
    if not involontaire and hauteur > a + p["niveau"]:
        raise ErreurParametre(f"On ne peut pas choisir de chuter de plus de A + niveau = {a + p['niveau']} "
                              f"toises (hauteur = {hauteur}) : cochez « Chute involontaire ».", "hauteur")
    if hauteur <= a:
        ec = EC_CHUTE_INVOLONTAIRE if involontaire else EC_CHUTE
        rate = Fraction(len(ec), FACES)
        loi = {0: 1 - rate, c: rate}
        issues = [Issue("ec", "EC : dégâts subis", rate)]
        return ResultatCalcul(_loi(loi), issues)
    seuil = SEUIL_RECEPTION + hauteur * (2 if involontaire else 1)
    reussite = loi_seuil(Camp(des=1, base=c + a), seuil).reussite()
    degats = c + hauteur if involontaire else c
    loi = {0: reussite}
    loi[degats] = loi.get(degats, Fraction(0)) + 1 - reussite
    issues = [Issue("reception", "Réception réussie", reussite), Issue("au-sol", "Au sol", 1 - reussite)]
    return ResultatCalcul(_loi(loi), issues)


# --- rerolls and lowered critical thresholds ------------------------------------------------------

def _faces_ec_relances(p: dict[str, Any]) -> frozenset[int]:
    """The EC faces of the roll, lowered by 1 for the last of his side (a face 0 does not exist)."""
    baisse = 1 if p["dernier"] else 0
    ec = {f - baisse for f in faces_ec(p["tireur"])} - {0}
    if p["specialiste"]:  # a natural 1 is never an EC for him (line 1579)
        ec.discard(1)
    return frozenset(ec)


def _loi_gardee(des: int, rangs: dict[int, int]) -> dict[int, Fraction]:
    """Law of the die kept among `des` D10, the best in rank (0 when no die)."""
    if des == 0:
        return {0: Fraction(1)}
    return {k: Fraction(r ** des - (r - 1) ** des, FACES ** des) for k, r in rangs.items() if k}


def _juge(p: dict[str, Any]) -> Callable[[int], str]:
    """The verdict of a kept natural die: "rc", "ec", "reussite" or "echec"."""
    ec = _faces_ec_relances(p)
    rc_min = FACES - (1 if p["dernier"] else 0)
    ecart = p["seuil"] - p["carac"] - p["bonus"]

    def juge(naturel: int) -> str:
        if naturel in ec:
            return "ec"
        if naturel >= rc_min:
            return "rc"
        return "reussite" if naturel >= ecart else "echec"
    return juge


def relances(p: dict[str, Any]) -> ResultatCalcul:
    """The kept natural die of an action against a threshold, after Bretteur X and Maître X.

    The player keeps the best die in `ordre_de_preference` (the highest that is no EC); the
    bretteur makes him reroll his X best dice in that order, which leaves him the worst best die.
    """
    des, x = p["niveau"] + (1 if p["heroique"] else 0), p["bretteur"]
    if x > des:
        raise ErreurParametre(f"Bretteur {x} ne peut pas faire relancer plus de dés que n'en lance l'action "
                              f"({des}).", "bretteur")
    juge = _juge(p)
    rangs = {0: 0} | {face: r for r, face in enumerate(ordre_de_preference(_faces_ec_relances(p)), start=1)}

    def reussi(naturel: int) -> bool:
        return juge(naturel) in ("rc", "reussite")

    comptes: dict[int, int] = {}  # kept die -> count out of 10**(des + x)
    nouveaux = [(k, r ** x - (r - 1) ** x) for k, r in rangs.items() if k]  # best of the x new dice
    for jet in product(range(1, FACES + 1), repeat=des):
        tries = sorted(jet, key=rangs.__getitem__)
        if x and reussi(tries[-1]):  # the bretteur makes a successful roll reroll its x best dice
            reste = tries[-x - 1] if des > x else 0
            for nouveau, c in nouveaux:
                k = max(reste, nouveau, key=rangs.__getitem__)
                comptes[k] = comptes.get(k, 0) + c
        else:
            comptes[tries[-1]] = comptes.get(tries[-1], 0) + FACES ** x
    garde = {k: Fraction(c, FACES ** (des + x)) for k, c in comptes.items()}
    if p["maitre"]:  # a failing roll: every die is failing, so all of them are rerolled
        neuf = _loi_gardee(des, rangs)
        final: dict[int, Fraction] = {}
        for k, q in garde.items():
            for k2, q2 in ({k: Fraction(1)} if reussi(k) else neuf).items():
                final[k2] = final.get(k2, Fraction(0)) + q * q2
        garde = final
    issues = [Issue("reussite", "Action réussie", sum((q for k, q in garde.items() if reussi(k)), Fraction(0))),
              Issue("rc", "Réussite critique (RC)", sum((q for k, q in garde.items() if juge(k) == "rc"), Fraction(0))),
              Issue("ec", "Échec critique (EC)", sum((q for k, q in garde.items() if juge(k) == "ec"), Fraction(0)))]
    return ResultatCalcul(_loi(garde), issues)


def tirage(p: dict[str, Any]) -> ResultatCalcul:
    """A fair draw among `candidats`: each number has the same chance."""
    loi = _uniforme(list(range(1, p["candidats"] + 1)))
    return ResultatCalcul(_loi(loi), [Issue("un", "Un candidat donné est tiré", Fraction(1, p["candidats"]))])


def _mage(p: dict[str, Any], suffixe: str, pa: int) -> Camp:
    """One side of a spell: Intelligence × PA + bonus, the level's D10 (one more if Héroïque)."""
    return Camp(des=p["niveau" + suffixe] + (1 if p["heroique" + suffixe] else 0),
                base=p["intelligence" + suffixe] * pa + p["bonus" + suffixe],
                ec=faces_ec(specialiste=p["specialiste" + suffixe]), maitrise=p["maitrise" + suffixe])


def sort(p: dict[str, Any]) -> ResultatCalcul:
    """A spell cast: it works if the caster reaches its threshold and, when defended, beats the defence."""
    pa = p["incantation"]
    mage = _mage(p, "_attaque", pa)
    if not p["defendu"]:
        seul = loi_seuil(mage, p["seuil"])
        reussi, rc, ec = seul.reussite(), seul.rc(), seul.ec()
        issues = [Issue("troncature", "Explosion arrêtée à la profondeur maximale", seul.troncature)]
    else:
        loi = loi_jointe(mage, _mage(p, "_defense", p["pa_defense"]), seuil=p["seuil"], ecart=ECART_DEFENSE_SORT[pa])
        reussi = sum((q for c, q in loi.categories.items() if c.touche), Fraction(0))
        rc = sum((q for c, q in loi.categories.items() if c.rc), Fraction(0))
        ec = None
        issues = [Issue("ec-defense", "EC de la cible (sa défense n'a pas eu lieu)",
                        sum((q for c, q in loi.categories.items() if c.ec_defense), Fraction(0))),
                  Issue("troncature", "Explosion arrêtée à la profondeur maximale", loi.troncature)]
    issues = [Issue("reussite", "Sort lancé et non défendu", reussi),
              Issue("rc", "Sort lancé sur une RC du mage", rc)] + \
        ([Issue("ec", "EC du mage", ec)] if ec is not None else []) + issues
    return ResultatCalcul(_loi({0: 1 - reussi, 1: reussi}), issues)


CALCULS_DIVERS = {"detruire": detruire, "deviation": deviation, "chute": chute,
                  "relances": relances, "tirage": tirage, "sort": sort}
