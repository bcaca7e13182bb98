"""Draws from a pile the player describes by counts: the generic calculation `pioche`.

The pile is a parameter of type `pile` (`browser_engine.pile`): counts per kind, the kinds
already out, those in the discard, the kinds wanted. `pioche` gives the exact law of how many
wanted items `tirees` draws bring, without replacement (multivariate hypergeometric; when the
pile runs out, the discard is shuffled into a new pile where the declaration allows it) or with
replacement (`remise`: dice, or a bag put back after each draw; multinomial). « At least one of
each wanted kind » comes by inclusion-exclusion over the wanted kinds (at most 2**MAX_SORTES
terms). Every bound is checked before anything is computed (`pile.lire_pile`, `tirees`).

A game offers it by declaring a `pioche` calculation in its `calculs.yaml` and listing
`CALCULS` among its own.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

import icepool

from .errors import ErreurParametre
from .odds import Issue, ResultatCalcul

# --- the calculation -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tirage:
    """What is drawn: counts in the pile now, counts in the discard, which kinds are wanted."""

    pile: tuple[int, ...]
    defausse: tuple[int, ...]
    voulues: tuple[bool, ...]


def _hypergeometrique(total: int, voulues: int, tirees: int) -> dict[int, Fraction]:
    """Law of the wanted items among `tirees` drawn without replacement from `total` items, `voulues` wanted."""
    toutes = math.comb(total, tirees)
    return {j: Fraction(math.comb(voulues, j) * math.comb(total - voulues, tirees - j), toutes)
            for j in range(max(0, tirees - (total - voulues)), min(tirees, voulues) + 1)}


def _binomiale(tirees: int, p: Fraction) -> dict[int, Fraction]:
    return {j: math.comb(tirees, j) * p ** j * (1 - p) ** (tirees - j) for j in range(tirees + 1)}


def _absentes(comptes: tuple[int, ...], total: int, tirees: int, remise: bool) -> Fraction:
    """P(none of the items counted in `comptes` is drawn)."""
    reste = total - sum(comptes)
    if remise:
        return Fraction(reste, total) ** tirees
    return Fraction(math.comb(reste, tirees), math.comb(total, tirees))


def _toutes(comptes: list[int], total: int, tirees: int, remise: bool) -> Fraction:
    """P(at least one item of each kind counted in `comptes`), by inclusion-exclusion."""
    somme = Fraction(0)
    for r in range(len(comptes) + 1):
        for choix in combinations(comptes, r):
            somme += (-1) ** r * _absentes(choix, total, tirees, remise)
    return somme


def _decalee(loi: dict[int, Fraction], de: int) -> dict[int, Fraction]:
    return {k + de: v for k, v in loi.items()}


def _loi(probas: dict[int, Fraction]) -> icepool.Die:
    probas = {k: v for k, v in probas.items() if v}
    denominateur = math.lcm(*(v.denominator for v in probas.values()))
    return icepool.Die({k: int(v * denominateur) for k, v in sorted(probas.items())})


def _verifier_taille(sortes: list[dict[str, Any]], tirage: Tirage, tirees: int, remise: bool) -> None:
    dans_la_pile, defausse = sum(tirage.pile), sum(tirage.defausse)
    if dans_la_pile == 0 and (remise or defausse == 0):
        raise ErreurParametre("La pile est vide : toutes ses sortes sont déjà sorties.", "pile")
    if remise or tirees <= dans_la_pile:
        return
    if tirees > dans_la_pile + defausse:
        detail = f" et la défausse {defausse}" if defausse else ""
        raise ErreurParametre(f"On ne peut pas tirer {tirees} éléments : la pile en contient {dans_la_pile}{detail} "
                              f"({', '.join(s['nom'] for s in sortes)}).", "tirees", 1, dans_la_pile + defausse)


def loi_pioche(tirage: Tirage, tirees: int, remise: bool = False) -> tuple[dict[int, Fraction], Fraction, list[Fraction]]:
    """Exact law of the wanted items drawn, P(each wanted kind at least once), P(each wanted kind, one by one).

    Without replacement, when `tirees` exceeds the pile, the whole pile is drawn, then the
    discard is shuffled into a new pile and the rest is drawn from it.
    """
    pile, defausse, voulues = tirage.pile, tirage.defausse, tirage.voulues
    total = sum(pile)
    indices = [i for i, v in enumerate(voulues) if v]
    if remise or tirees <= total:
        voulus = sum(pile[i] for i in indices)
        loi = (_binomiale(tirees, Fraction(voulus, total)) if remise else _hypergeometrique(total, voulus, tirees))
        chaque = _toutes([pile[i] for i in indices], total, tirees, remise)
        par_sorte = [1 - _absentes((pile[i],), total, tirees, remise) for i in indices]
        return loi, chaque, par_sorte
    reste, total2 = tirees - total, sum(defausse)  # the whole pile, then a new one from the discard
    deja = sum(pile[i] for i in indices)
    loi = _decalee(_hypergeometrique(total2, sum(defausse[i] for i in indices), reste), deja)
    manquantes = [defausse[i] for i in indices if pile[i] == 0]
    chaque = _toutes(manquantes, total2, reste, False)
    par_sorte = [Fraction(1) if pile[i] else 1 - _absentes((defausse[i],), total2, reste, False) for i in indices]
    return loi, chaque, par_sorte


def pioche(p: dict[str, Any]) -> ResultatCalcul:
    """Draw `tirees` items from the pile: the law of the wanted ones; issues: at least one of each wanted kind."""
    sortes: list[dict[str, Any]] = p["pile"]
    remise = bool(p.get("remise"))
    tirage = Tirage(tuple(s["nombre"] - s["sorties"] for s in sortes), tuple(s["defaussees"] for s in sortes),
                    tuple(s["voulue"] for s in sortes))
    _verifier_taille(sortes, tirage, p["tirees"], remise)
    loi, chaque, par_sorte = loi_pioche(tirage, p["tirees"], remise)
    voulues = [s for s in sortes if s["voulue"]]
    issues = [Issue("aucune", "Aucune des sortes voulues", loi.get(0, Fraction(0))),
              Issue("au-moins-une", "Au moins une des sortes voulues", 1 - loi.get(0, Fraction(0)))]
    if len(voulues) > 1:
        issues.append(Issue("chaque-sorte", "Au moins une de chaque sorte voulue", chaque))
        issues += [Issue(f"sorte-{k}", f"Au moins une « {s['nom']} »", q)
                   for k, (s, q) in enumerate(zip(voulues, par_sorte, strict=True), start=1)]
    return ResultatCalcul(_loi(loi), issues)


CALCULS = {"pioche": pioche}
