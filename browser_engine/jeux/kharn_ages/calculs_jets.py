"""Khârn-Âges Tactik odds: ND10 action rolls, opposed rolls, armour rolls and morale tests.

One action roll, as fixed by the Khârn-Âges issue and stated in `data/kharn-ages/calculs.yaml`:

* N D10 are rolled (N = level, one more with Héroïque) and the player keeps one (lines 230,
  433): the highest die that is no EC of this roll, an EC only when every die is one
  (`ordre_de_preference`; it differs from the highest die for a Spécialiste's shot).
* A kept natural 10 is an RC, always a success, and is rerolled: a face that is no EC of this
  roll is added and the chain stops, 10 is added and rerolled again, an EC face adds nothing
  and stops. Only the kept die explodes, at most `PROFONDEUR` times: a last 10 is added and
  the chain stops there (the truncation, whose probability every calculation reports).
* A kept natural die among the EC faces (1; 1-2 for a shooter's shot; 1-3 for Tir standard;
  Spécialiste takes the 1 out) is an EC: the action fails whatever the totals. The widened
  faces are those of shots only (lines 917 and 982): a defence roll is never a shot.
* A mastery die, used only when the action would otherwise fail, rerolls the die (N = 1) or
  a die the player does not keep (N ≥ 2): the kept die becomes the better of the old one and
  the new die. A new 10 replaces a worse kept die only, so at N ≥ 2 a kept RC is never rerolled.

A total is characteristics + bonus + kept roll; an EC counts as a total of 0. Characteristics
and bonus are never negative, so every other total is at least 1, and an RC total (at least
characteristics + bonus + 10) is above every other total of the same side. An opposed roll
is won by an RC against a roll without RC, else by the higher total (ties to the defender).

Everything is exact: icepool gives the kept die and the explosion chain; the choices that
depend on other dice (mastery rerolls) are enumerated with integer weights over a common
denominator, then turned into fractions and icepool dice.
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from ... import bundle
from ...errors import ErreurDonnees, ErreurParametre
from ...odds import Issue, ResultatCalcul, faces

FACES = 10
PROFONDEUR = 12  # rerolls of an exploding kept 10 (the issue asks for at least 12)
EC_GENERAL = frozenset({1})
EC_TIREUR = frozenset({1, 2})  # "un tireur fera des EC sur 1 et 2" (line 917)
EC_TIR_STANDARD = frozenset({1, 2, 3})  # Tir standard, line 982
SEUIL_TEMERITE = 10  # T + 1D10 ≥ 10 (line 1236)
BONUS_ALLIE_TEMERITE = 2  # +2 per ally in the ZDC against a terrifying enemy (line 1248)
BONUS_LEADER = 1  # the leader's aura (lines 331 and 1250)
ECHECS_AVANT_RETRAIT = 3  # the third failure of the same témérité test removes the model (line 1246)
TABLE_EFFROI = "effets-de-l-effroi"

Poids = Counter  # outcome -> integer weight over a denominator known from the context


def avec_donnees(fonction: Callable[..., ResultatCalcul]) -> Callable[..., ResultatCalcul]:
    """Mark a calculation that also needs the game bundle: it is called as `fonction(parametres, donnees_jeu)`."""
    fonction.donnees_jeu = True  # type: ignore[attr-defined]
    return fonction


# --- one action roll --------------------------------------------------------------------------

def faces_ec(tireur: bool = False, tir_standard: bool = False, specialiste: bool = False) -> frozenset[int]:
    """Natural faces of the kept die that are critical failures."""
    faces = EC_TIR_STANDARD if tir_standard else EC_TIREUR if tireur else EC_GENERAL
    return faces - {1} if specialiste else faces


@functools.cache
def ordre_de_preference(ec: frozenset[int] = EC_GENERAL) -> tuple[int, ...]:
    """The natural faces from the worst to keep to the best: the EC faces, then the others upwards.

    The player chooses the die he keeps (lines 230, 433): the highest die that is no EC of the
    roll, an EC only when every die is one. A Spécialiste's 1 is no EC (line 1579), so on a Tir
    standard (EC on 1 to 3, line 982) he keeps a 1 rather than a 3.
    """
    return tuple(sorted(range(1, FACES + 1), key=lambda face: (face not in ec, face)))


@functools.cache
def _meilleur_de(des: int, ec: frozenset[int] = EC_GENERAL) -> tuple[tuple[int, int], ...]:
    """(kept natural die, count out of 10**des) for the die the player keeps among `des` D10.

    The kept die is the best of `des` dice in `ordre_de_preference(ec)`: the face of rank r
    (1 = worst) is kept when every die ranks at most r and one ranks r, r**des − (r − 1)**des
    times. When the EC faces are the lowest ones (EC on 1, 1-2 or 1-3 without Spécialiste)
    this is the highest die.
    """
    rangs = {face: rang for rang, face in enumerate(ordre_de_preference(ec), start=1)}
    loi = icepool.d10.map(rangs).highest(des).map({rang: face for face, rang in rangs.items()})
    assert loi.denominator() == FACES ** des
    return tuple(sorted(loi.items()))


@functools.cache
def _chaine(profondeur: int, ec: frozenset[int] = EC_GENERAL) -> tuple[tuple[int, int], ...]:
    """(value added by the rerolls of a kept 10, weight out of 10**profondeur).

    A reroll on one of the roll's EC faces adds nothing and stops (the action still succeeds,
    line 118), any other face below 10 adds and stops, 10 adds and goes on, for at most
    `profondeur` rerolls; the only truncated outcome is 10 × profondeur. So a Spécialiste's
    rerolled 1 adds 1 (a 1 is no EC for him, lines 116 and 1579) and a shooter's rerolled 2
    adds nothing.
    """
    relance = icepool.Die([0 if face in ec else face for face in range(1, FACES)] + [FACES])
    loi = relance.explode([FACES], depth=profondeur - 1)
    assert loi.denominator() == FACES ** profondeur
    return tuple(sorted(loi.items()))


@dataclass(frozen=True)
class Camp:
    """One side's action roll.

    Attributes:
        des: dice rolled (level, plus one with Héroïque).
        base: characteristics engaged + bonus (never negative).
        ec: natural faces of the kept die that are EC.
        maitrise: a mastery die of the right domain is spent if the action would fail.

    """

    des: int
    base: int
    ec: frozenset[int] = EC_GENERAL
    maitrise: bool = False

    def total(self, naturel: int) -> int:
        """Total of a kept natural die below 10 (0 for an EC)."""
        return 0 if naturel in self.ec else self.base + naturel

    def relancable(self, naturel: int) -> bool:
        """Whether the mastery reroll can change a roll whose kept natural die is `naturel`."""
        return self.maitrise and not (self.des >= 2 and naturel == FACES)

    def relance(self, naturel: int) -> list[tuple[int, int]]:
        """Kept natural die after the mastery reroll, with counts out of 10.

        With one die, it is rerolled. With more, the player rerolls a die he does not keep (the
        kept one is at least as good as any other) and keeps the better of the kept die and the
        new one in `ordre_de_preference`: the kept die stays on the faces that rank at most as
        high as it does.
        """
        if self.des == 1:
            return [(k, 1) for k in range(1, FACES + 1)]
        ordre = ordre_de_preference(self.ec)
        rang = ordre.index(naturel) + 1
        return [(naturel, rang)] + [(k, 1) for k in ordre[rang:]]


class Jet:
    """The precomputed laws of one side's roll, as integer weights.

    Attributes:
        depart: (kept natural die, total, weight out of `den_depart`) of the first roll.
        chaine: (total, weight out of 10**profondeur) of a kept 10 with its explosion.
        points: per rerollable natural die, the totals after the mastery reroll whose new
            kept die is below 10, weights out of `den_relance`.
        part_chaine: per rerollable natural die, the count (out of 10) of a new kept 10.
        tronque: the total of a truncated explosion (no other roll gives it).
        rc_min: the lowest total of an RC.

    """

    def __init__(self, camp: Camp, profondeur: int = PROFONDEUR) -> None:
        unite = FACES ** profondeur
        self.camp = camp
        self.rc_min = camp.base + FACES
        self.tronque = self.rc_min + FACES * profondeur
        self.chaine = [(self.rc_min + y, w) for y, w in _chaine(profondeur, camp.ec)]
        self.den_depart = FACES ** camp.des * unite
        self.den_relance = FACES * unite
        self.depart: list[tuple[int, int, int]] = []
        for naturel, compte in _meilleur_de(camp.des, camp.ec):
            self.depart += [(naturel, total, compte * w) for total, w in self._de_garde(naturel, unite)]
        self.points: dict[int, list[tuple[int, int]]] = {}
        self.part_chaine: dict[int, int] = {}
        for naturel in range(1, FACES + 1):
            if camp.relancable(naturel):
                nouveaux = camp.relance(naturel)
                self.points[naturel] = [(camp.total(k), c * unite) for k, c in nouveaux if k < FACES]
                self.part_chaine[naturel] = sum(c for k, c in nouveaux if k == FACES)

    def _de_garde(self, naturel: int, unite: int) -> list[tuple[int, int]]:
        if naturel == FACES:
            return self.chaine
        return [(self.camp.total(naturel), unite)]

    def relance_complete(self, naturel: int) -> list[tuple[int, int]]:
        """Totals after the mastery reroll of a roll kept on `naturel`, weights out of `den_relance`."""
        part = self.part_chaine[naturel]
        return self.points[naturel] + [(t, part * w) for t, w in self.chaine]


def _fractions(poids: Poids, denominateur: int) -> dict[int, Fraction]:
    return {k: Fraction(v, denominateur) for k, v in poids.items() if v}


def _loi(probas: dict[int, Fraction]) -> icepool.Die:
    """An icepool die from exact probabilities (zero ones dropped)."""
    probas = {k: v for k, v in probas.items() if v}
    denominateur = math.lcm(*(v.denominator for v in probas.values()))
    return icepool.Die({k: int(v * denominateur) for k, v in sorted(probas.items())})


def _somme(probas: dict[int, Fraction], garder: Callable[[int], bool]) -> Fraction:
    return sum((p for k, p in probas.items() if garder(k)), Fraction(0))


@dataclass
class LoiSeuil:
    """Final totals of a roll against a fixed threshold (0 = EC) and the truncated mass."""

    totaux: dict[int, Fraction]
    seuil: int
    rc_min: int
    troncature: Fraction

    def reussite(self) -> Fraction:
        """P(success): an RC, or a total at least the threshold (an EC total, 0, never is)."""
        return _somme(self.totaux, lambda t: t >= min(self.seuil, self.rc_min))

    def rc(self) -> Fraction:
        """P(the kept die is a natural 10)."""
        return _somme(self.totaux, lambda t: t >= self.rc_min)

    def ec(self) -> Fraction:
        """P(critical failure)."""
        return self.totaux.get(0, Fraction(0))


def loi_seuil(camp: Camp, seuil: int, profondeur: int = PROFONDEUR) -> LoiSeuil:
    """Exact law of a roll against a threshold, mastery reroll included.

    Args:
        camp: the roll.
        seuil: the threshold, at least 1.
        profondeur: the explosion depth.

    Returns:
        The final totals and the probability that the explosion reached its depth.

    """
    jet = Jet(camp, profondeur)
    reussi = min(seuil, jet.rc_min)
    final: Poids = Counter()
    for naturel, total, w in jet.depart:
        if total >= reussi or not camp.relancable(naturel):
            final[total] += w * jet.den_relance
        else:
            for total2, r in jet.relance_complete(naturel):
                final[total2] += w * r
    totaux = _fractions(final, jet.den_depart * jet.den_relance)
    # An RC always succeeds, so a truncated first roll is never rerolled: the truncated
    # explosions are exactly the final totals equal to `tronque`.
    return LoiSeuil(totaux, seuil, jet.rc_min, totaux.get(jet.tronque, Fraction(0)))


# --- opposed rolls --------------------------------------------------------------------------------

@dataclass
class LoiOpposition:
    """Winning margin of an attack (0 = the attack fails) and the named outcomes."""

    ecart: dict[int, Fraction]
    rc_attaque: Fraction
    ec_attaque: Fraction
    rc_defense: Fraction
    ec_defense: Fraction
    troncature: Fraction

    def reussite(self) -> Fraction:
        """P(the attack succeeds)."""
        return 1 - self.ecart.get(0, Fraction(0))


def attaque_gagne(a: int, d: int, attaque: Jet, defense: Jet) -> bool:
    """Whether a final attack total beats a final defence total (0 = EC).

    An EC never succeeds and an EC defence never happened; an RC on one side only wins for
    that side (an RC is always a success, lines 112 and 118); otherwise, and when both sides
    have an RC, the higher total wins and a tie goes to the defender (line 609).
    """
    if a == 0 or d == 0:
        return d == 0 and a != 0
    rc_a, rc_d = a >= attaque.rc_min, d >= defense.rc_min
    return rc_a if rc_a != rc_d else a > d


class _Bilan:
    """Running totals of the final (attack, defence) pairs, with one denominator."""

    def __init__(self, attaque: Jet, defense: Jet) -> None:
        self.attaque = attaque
        self.defense = defense
        self.ecart: Poids = Counter()
        self.totaux_attaque: Poids = Counter()
        self.ec_defense = 0
        self.rc_defense = 0

    def ajouter(self, a: int, d: int, poids: int) -> None:
        """A final attack total against a final defence total (0 for an EC).

        The margin is the attack total minus the defence total, at least 1 when the attack wins
        (an RC beating a higher non-critical defence total), 0 when it fails.
        """
        self.ecart[max(a - d, 1) if attaque_gagne(a, d, self.attaque, self.defense) else 0] += poids
        self.totaux_attaque[a] += poids
        if d == 0:
            self.ec_defense += poids
        elif d >= self.defense.rc_min:
            self.rc_defense += poids

    def ajouter_relances(self, reporte: dict[int, Poids]) -> None:
        """Attack totals met by the defender's mastery reroll, per defender's kept natural die.

        Weights are multiplied by the reroll's (out of den_relance); the new kept 10s of every
        reroll share one explosion law, so they are gathered before meeting it.
        """
        chaines: Poids = Counter()
        for naturel_d, poids_a in reporte.items():
            part = self.defense.part_chaine[naturel_d]
            for a, w in poids_a.items():
                chaines[a] += w * part
                for d, r in self.defense.points[naturel_d]:
                    self.ajouter(a, d, w * r)
        for a, w in chaines.items():
            for d, r in self.defense.chaine:
                self.ajouter(a, d, w * r)


def _attaque_apres_relance(attaque: Jet, defense: Jet, d: int) -> tuple[Poids, Poids, int]:
    """Attack totals once the attacker has seen the defence total `d` and used mastery if failing.

    Returns:
        (totals from a first roll that did not reach the depth, totals from the one that did,
        weight of the rerolls that brought a new kept 10 from a first roll that did not);
        weights out of den_depart × den_relance.

    """
    propres: Poids = Counter()
    tronques: Poids = Counter()
    echecs: Poids = Counter()
    for naturel, a, w in attaque.depart:
        cible = tronques if a == attaque.tronque else propres
        if attaque_gagne(a, d, attaque, defense) or not attaque.camp.relancable(naturel):
            cible[a] += w * attaque.den_relance
        elif cible is tronques:
            for a2, r in attaque.relance_complete(naturel):
                tronques[a2] += w * r
        else:
            echecs[naturel] += w
    nouvelles_chaines = 0
    for naturel, w in echecs.items():
        for a2, r in attaque.points[naturel]:
            propres[a2] += w * r
        nouvelles_chaines += w * attaque.part_chaine[naturel]
    for a2, r in attaque.chaine:
        propres[a2] += nouvelles_chaines * r
    return propres, tronques, nouvelles_chaines


def loi_opposition(attaque: Camp, defense: Camp, profondeur: int = PROFONDEUR) -> LoiOpposition:
    """Exact law of an attack against a defence, mastery rerolls included.

    Order: both sides roll; if the attack fails, the attacker may use mastery; then, if the
    attack succeeds, the defender may use mastery. Who wins is `attaque_gagne`: an EC loses,
    an RC beats a roll without RC, otherwise the higher total wins and ties go to the defender.

    Args:
        attaque: the attacker's roll.
        defense: the defender's roll.
        profondeur: the explosion depth.

    Returns:
        The winning margin (0 = failure; against an EC defence, the whole attack total; at
        least 1 for a success) and
        the named outcomes; the truncated mass is the probability that one of the explosions
        rolled reached the depth.

    """
    ja, jd = Jet(attaque, profondeur), Jet(defense, profondeur)
    bilan = _Bilan(ja, jd)
    reporte: dict[int, Poids] = {}
    chaines_attaque = 0  # attacker's rerolls bringing a 10, on paths with no truncation yet
    chaines_defense = 0  # defender's rerolls bringing a 10, on paths with no truncation yet
    for naturel_d, d, wd in jd.depart:
        propres, tronques, nouvelles = _attaque_apres_relance(ja, jd, d)
        propre = d != jd.tronque
        if propre:
            chaines_attaque += wd * nouvelles
        relance_d = defense.relancable(naturel_d)
        for poids_a, sans_troncature in ((propres, propre), (tronques, False)):
            for a, w in poids_a.items():
                if relance_d and attaque_gagne(a, d, ja, jd):
                    reporte.setdefault(naturel_d, Counter())[a] += wd * w
                    if sans_troncature and a != ja.tronque:
                        chaines_defense += wd * w * jd.part_chaine[naturel_d]
                else:
                    bilan.ajouter(a, d, wd * w * jd.den_relance)
    bilan.ajouter_relances(reporte)
    denominateur = ja.den_depart * ja.den_relance * jd.den_depart * jd.den_relance
    ecart = _fractions(bilan.ecart, denominateur)
    totaux = _fractions(bilan.totaux_attaque, denominateur)
    return LoiOpposition(
        ecart=ecart,
        rc_attaque=_somme(totaux, lambda a: a >= ja.rc_min),
        ec_attaque=totaux.get(0, Fraction(0)),
        rc_defense=Fraction(bilan.rc_defense, denominateur),
        ec_defense=Fraction(bilan.ec_defense, denominateur),
        troncature=_troncature(ja, jd, chaines_attaque, chaines_defense, profondeur),
    )


def _troncature(ja: Jet, jd: Jet, chaines_attaque: int, chaines_defense: int, profondeur: int) -> Fraction:
    """P(one of the explosions rolled reaches the depth), adding up the first one that does.

    The explosions are rolled in this order: attacker's first roll, defender's first roll,
    attacker's mastery reroll, defender's mastery reroll; each one rolled reaches the depth
    with probability 10**-profondeur.
    """
    par_chaine = Fraction(1, FACES ** profondeur)

    def rc_au_depart(jet: Jet) -> Fraction:
        return Fraction(sum(w for naturel, _, w in jet.depart if naturel == FACES), jet.den_depart)

    ta, td = rc_au_depart(ja) * par_chaine, rc_au_depart(jd) * par_chaine
    relance_a = Fraction(chaines_attaque, jd.den_depart * ja.den_depart * FACES) * par_chaine
    relance_d = Fraction(chaines_defense, jd.den_depart * ja.den_depart * ja.den_relance * FACES) * par_chaine
    return ta + (1 - ta) * td + relance_a + relance_d


# --- armour -------------------------------------------------------------------------------------------

def loi_armure(des: int, seuil: int, faible: int, fort: int, degats: int) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """Damage taken from `degats` base damage after an armour roll (best of `des` D10).

    Returns:
        (law of the damage taken, {"rc", "ec", "fort", "faible"}: probability of each case).

    """
    cas = {"rc": Fraction(0), "ec": Fraction(0), "fort": Fraction(0), "faible": Fraction(0)}
    subis: dict[int, Fraction] = {}
    for naturel, compte in _meilleur_de(des):
        p = Fraction(compte, FACES ** des)
        if naturel == FACES:
            nom, reste = "rc", 0
        elif naturel in EC_GENERAL:
            nom, reste = "ec", degats
        elif naturel >= seuil:
            nom, reste = "fort", max(0, degats - fort)
        else:
            nom, reste = "faible", max(0, degats - faible)
        cas[nom] += p
        subis[reste] = subis.get(reste, Fraction(0)) + p
    return subis, cas


# --- calculations ------------------------------------------------------------------------------------

def _camp(p: dict[str, Any], suffixe: str = "") -> Camp:
    """A side from the calculation's parameters (`niveau`, `carac`… with an optional suffix)."""
    def v(nom: str) -> Any:
        return p.get(nom + suffixe, False)

    return Camp(des=v("niveau") + (1 if v("heroique") else 0), base=v("carac") + v("bonus"),
                ec=faces_ec(v("tireur"), v("tir_standard"), v("specialiste")), maitrise=v("maitrise"))


def _issues_jet(loi: LoiSeuil, reussite: str = "Action réussie") -> list[Issue]:
    return [Issue("reussite", reussite, loi.reussite()),
            Issue("rc", "Réussite critique (RC)", loi.rc()),
            Issue("ec", "Échec critique (EC)", loi.ec()),
            Issue("troncature", "Explosion arrêtée à la profondeur maximale", loi.troncature)]


def seuil(p: dict[str, Any]) -> ResultatCalcul:
    """Characteristics + bonus + ND10 against a threshold; the law of the final total (0 = EC)."""
    loi = loi_seuil(_camp(p), p["seuil"])
    return ResultatCalcul(_loi(loi.totaux), _issues_jet(loi))


def opposition(p: dict[str, Any]) -> ResultatCalcul:
    """An attack against a defence; the law of the winning margin (0 = the attack fails)."""
    loi = loi_opposition(_camp(p, "_attaque"), _camp(p, "_defense"))
    issues = [Issue("reussite", "Attaque réussie", loi.reussite()),
              Issue("rc-attaque", "RC de l'attaquant", loi.rc_attaque),
              Issue("ec-attaque", "EC de l'attaquant", loi.ec_attaque),
              Issue("rc-defense", "RC du défenseur", loi.rc_defense),
              Issue("ec-defense", "EC du défenseur (la défense n'a pas eu lieu)", loi.ec_defense),
              Issue("troncature", "Explosion arrêtée à la profondeur maximale", loi.troncature)]
    return ResultatCalcul(_loi(loi.ecart), issues)


def armure(p: dict[str, Any]) -> ResultatCalcul:
    """Damage taken after an armour roll; issues: each case of the roll.

    Raises:
        ErreurParametre: a strong protection below the weak one.

    """
    if p["fort"] < p["faible"]:
        raise ErreurParametre(f"La protection forte (fort = {p['fort']}) ne peut pas être inférieure à la "
                              f"protection faible (faible = {p['faible']}).", "fort")
    subis, cas = loi_armure(p["niveau"], p["seuil"], p["faible"], p["fort"], p["degats"])
    issues = [Issue("rc", "RC : tous les dégâts de base évités", cas["rc"]),
              Issue("fort", "Seuil atteint : protection forte", cas["fort"]),
              Issue("faible", "Sous le seuil : protection faible", cas["faible"]),
              Issue("ec", "EC : aucune protection, une case de plus cochée", cas["ec"]),
              Issue("aucun-degat", "Aucun dégât subi", subis.get(0, Fraction(0)))]
    return ResultatCalcul(_loi(subis), issues)


def _test_de_moral(base: int, seuil_test: int) -> LoiSeuil:
    """A morale test: one D10 with its criticals, no mastery reroll."""
    return loi_seuil(Camp(des=1, base=base, ec=EC_GENERAL, maitrise=False), seuil_test)


def temerite(p: dict[str, Any]) -> ResultatCalcul:
    """T + 1D10 + bonuses ≥ threshold; the law of the total (0 = EC)."""
    bonus = p["allies"] * BONUS_ALLIE_TEMERITE + (BONUS_LEADER if p["leader"] else 0) + p["bonus"]
    loi = _test_de_moral(p["temerite"] + bonus, p["seuil"])
    retrait = Issue("retrait", f"{ECHECS_AVANT_RETRAIT} échecs de suite (retiré du terrain)",
                    (1 - loi.reussite()) ** ECHECS_AVANT_RETRAIT)
    issues = _issues_jet(loi, "Test réussi")
    return ResultatCalcul(_loi(loi.totaux), issues[:3] + [retrait] + issues[3:])


def lignes_d10(donnees_jeu: dict[str, Any], table_id: str) -> list[tuple[dict[str, Any], list[int]]]:
    """The rows of a D10 table with their faces; checks that they cover 1 to 10 exactly once.

    Raises:
        ErreurDonnees: missing table, or faces that do not partition 1-10.

    """
    table = bundle.table(donnees_jeu, table_id)
    rows = [(row, faces(row.get("jet"))) for row in table.get("lignes") or []]
    if sorted(f for _, fs in rows for f in fs) != list(range(1, FACES + 1)):
        raise ErreurDonnees(f"Données du jeu invalides : la table « {table_id} » ne couvre pas les faces 1 à 10.")
    return rows


@avec_donnees
def effroi(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """T + I + 1D10 + bonuses ≥ effroi threshold, then the effect roll; 0 = test passed, else the effect die."""
    rows = lignes_d10(donnees_jeu, TABLE_EFFROI)
    base = p["temerite"] + p["intelligence"] + (BONUS_LEADER if p["leader"] else 0) + p["bonus"]
    reussite = _test_de_moral(base, p["seuil"]).reussite()
    echec = 1 - reussite
    loi = {0: reussite} | {face: echec / FACES for face in range(1, FACES + 1)}
    issues = [Issue("reussite", "Test réussi", reussite), Issue("echec", "Test raté", echec)]
    for i, (row, faces_ligne) in enumerate(rows):
        issues.append(Issue(f"ligne-{i + 1}", f"Raté, puis {row.get('jet')} : {row.get('effet', '')}".strip(),
                            echec * Fraction(len(faces_ligne), FACES)))
    return ResultatCalcul(_loi(loi), issues)


CALCULS: dict[str, Callable[..., ResultatCalcul]] = {
    "seuil": seuil,
    "opposition": opposition,
    "armure": armure,
    "temerite": temerite,
    "effroi": effroi,
}
