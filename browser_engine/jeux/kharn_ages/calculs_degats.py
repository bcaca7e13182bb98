"""Khârn-Âges Tactik odds: the damage chain, from the opposed roll to the PV the target loses.

One attack, as read in `data/kharn-ages/calculs.yaml` (entry `calcul-degats`, whose
`interpretation` gives the book's lines):

1. The opposed roll of `calculs_jets` (best die kept, RC and EC, mastery rerolls, ties
   to the defender). With a shield in use, a defence RC parries automatically, even an
   attack RC (line 1722); the shield ticks one box per use and two on a defence EC (1720).
2. A hit deals its damage: the characteristic or the weapon's damage, +1 (and Brutalité X)
   per use of P's effect, +1D10 with Exécuteur (3 PA, once per activation). An attack RC of
   2 or 3 PA adds the stature in melee (line 312) and doubles the damage of a shot (917);
   the range bonus (+1) or penalty (−3) comes last (942).
3. Armour: perce-armure removes its boxes first (1290-1296); then, with a box left, one box
   is ticked and ND10 rolled (1693): RC stops every base damage (1704), EC stops nothing and
   ticks one more box (1706), else the weak or strong protection. The critical bonus always
   gets through.

A sequence of attacks in one activation carries the PV lost, the armour and shield boxes,
Exécuteur and the mastery dice from one attack to the next.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from ...errors import ErreurParametre
from ...odds import Issue, ResultatCalcul
from .calculs_degats_jointe import Categorie, LoiJointe, loi_jointe
from .calculs_jets import FACES, PROFONDEUR, Camp, _loi, _meilleur_de, faces_ec

BONUS_PORTEE_COURTE = 1  # line 939
MALUS_PORTEE_LONGUE = -3  # line 940
DE_EXECUTEUR = FACES  # Exécuteur adds 1D10 (line 1556)
PA_EXECUTEUR = 3
PA_CRITIQUE = 2  # the stature is added to an RC of a 2 or 3 PA combat action (line 312)
CASES_EC_BOUCLIER = 2  # a defence EC ticks two shield boxes (line 1720)

__all__ = ["CALCULS_DEGATS", "Categorie", "Degats", "Etat", "LoiJointe", "Sequence", "derouler", "loi_jointe"]


# --- damage of one hit -------------------------------------------------------------------------

@dataclass(frozen=True)
class Degats:
    """How a hit deals damage and how the target's armour answers.

    Attributes:
        fixes: damage before criticals and range: characteristic or weapon, P's effects, Brutalité.
        executeur: Exécuteur's 1D10 may be added (3 PA attack).
        de5: the attack deals 1D5 more (coup de cornes, morsure: lines 827, 831).
        bonus_rc: "stature" (melee), "double" (shot) or "" (1 PA: no critical bonus).
        stature: the attacker's stature.
        portee: +1 short range, −3 long range, 0 otherwise.
        perce: fixed perce-armure boxes; `perce_de`: 1D5 boxes instead.
        usure: the attack ticks armour boxes (not bare hands nor a shield).
        des_armure: armour dice (the bearer's level); seuil, faible, fort: the armour's values.

    """

    fixes: int
    executeur: bool
    bonus_rc: str
    stature: int
    portee: int
    perce: int
    perce_de: bool
    usure: bool
    des_armure: int
    seuil: int
    faible: int
    fort: int
    de5: bool = False

    def parts(self, base: int, rc: bool) -> tuple[int, int]:
        """(base part, critical part) of a hit whose damage before criticals is `base`.

        The range modifier comes last (line 942); a penalty eats the base damage first.
        """
        critique = 0
        if rc and self.bonus_rc == "stature":
            critique = self.stature
        elif rc and self.bonus_rc == "double":
            critique = base
        apres_portee = base + self.portee
        return max(0, apres_portee), max(0, critique + min(0, apres_portee))

    def perces(self) -> list[tuple[int, Fraction]]:
        """Armour boxes removed by perce-armure, with their probabilities (1D5 = ⌈1D10 / 2⌉)."""
        if self.perce_de:
            return [(k, Fraction(1, 5)) for k in range(1, 6)]
        return [(self.perce, Fraction(1))]

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - frozen dataclass, small bounded cache
    def armure(self, base: int, critique: int, cases: int) -> tuple[tuple[int, int, Fraction], ...]:
        """(damage through, armour boxes left, probability) of a hit on an armour with `cases` boxes."""
        total = base + critique
        if total == 0:
            return ((0, cases, Fraction(1)),)
        out: Counter = Counter()
        for perce, p_perce in self.perces():
            reste = max(0, cases - perce)
            if reste == 0:
                out[(total, 0)] += p_perce
                continue
            reste -= 1 if self.usure else 0
            for naturel, compte in _meilleur_de(self.des_armure):
                p = p_perce * Fraction(compte, FACES ** self.des_armure)
                apres = reste
                if naturel == FACES:
                    passe = critique
                elif naturel == 1:
                    passe, apres = total, max(0, reste - (1 if self.usure else 0))
                else:
                    passe = critique + max(0, base - (self.fort if naturel >= self.seuil else self.faible))
                out[(passe, apres)] += p
        return tuple((passe, apres, p) for (passe, apres), p in sorted(out.items()))

    @functools.lru_cache(maxsize=4096)  # noqa: B019
    def coup(self, rc: bool, cases: int, executeur: bool) -> tuple[tuple[int, int, Fraction], ...]:
        """(damage through, armour boxes left, probability) of one hit."""
        bases = [(self.fixes, Fraction(1))]
        if executeur:
            bases = [(b + k, p / DE_EXECUTEUR) for b, p in bases for k in range(1, DE_EXECUTEUR + 1)]
        if self.de5:
            bases = [(b + k, p / 5) for b, p in bases for k in range(1, 6)]
        out: Counter = Counter()
        for base, p_base in bases:
            for passe, apres, p in self.armure(*self.parts(base, rc), cases):
                out[(passe, apres)] += p_base * p
        return tuple((passe, apres, p) for (passe, apres), p in sorted(out.items()))


# --- a sequence of attacks ------------------------------------------------------------------------

class Etat(NamedTuple):
    """The target and the attacker between two attacks of one activation."""

    perdus: int
    armure: int
    bouclier: int
    executeur: bool
    maitrise_attaque: bool
    maitrise_defense: bool


@dataclass(frozen=True)
class Sequence:
    """Everything fixed during the activation."""

    attaque: Camp  # with maitrise = the mastery die is available at the start
    defense: Camp
    bonus_bouclier: int
    degats: Degats
    pv: int
    profondeur: int = PROFONDEUR

    def camps(self, etat: Etat) -> tuple[Camp, Camp, bool]:
        """The two rolls of the next attack: a spent mastery die costs one die of the pool (line 284)."""
        def camp(base: Camp, disponible: bool, bonus: int = 0) -> Camp:
            depense = base.maitrise and not disponible
            return Camp(des=max(1, base.des - (1 if depense else 0)), base=base.base + bonus, ec=base.ec,
                        maitrise=disponible)
        bouclier = etat.bouclier > 0
        return (camp(self.attaque, etat.maitrise_attaque),
                camp(self.defense, etat.maitrise_defense, self.bonus_bouclier if bouclier else 0), bouclier)


@dataclass
class BilanSequence:
    """Final states of the sequence and the truncation bound."""

    etats: dict[Etat, Fraction]
    touche: Fraction  # P(at least one hit)
    troncature: Fraction  # upper bound: sum over the attacks of P(an explosion stopped)


def _entiers(probas: Any, exposant: int) -> list[tuple[Any, int]]:
    """Probabilities as integers over 10**exposant (every denominator here is a power of 10)."""
    out = []
    for cle, p in probas:
        n = p * 10 ** exposant
        if n.denominator != 1:
            raise ValueError(f"probability {p} is not a multiple of 10**-{exposant}")
        out.append((cle, int(n)))
    return out


# Every probability of the chain is a multiple of a power of 10: an opposed roll of at most 4 dice
# a side, depth 12, has its denominator dividing 10**58 (two sides × (4 + 12 + 1 + 12)); a hit's,
# 10**6 (Exécuteur's D10, the 1D5 damage and perce-armure's 1D5 counted in tenths, at most 3
# armour dice). The sequence carries integer weights over 10**(64 × attacks): exact, and far
# faster than fractions.
EXPOSANT_OPPOSITION = 2 * (4 + PROFONDEUR + 1 + PROFONDEUR)
EXPOSANT_COUP = 1 + 1 + 1 + 3


def derouler(sequence: Sequence, etat: Etat, attaques: int) -> BilanSequence:
    """Exact law of the state after `attaques` attacks (none once the target is taken out).

    Internally a state is (PV lost, the rest of `Etat`), so that the transitions of the rest,
    which do not depend on the PV lost, are computed once.
    """
    etats: dict[tuple[int, tuple], int] = {(etat.perdus, tuple(etat)[1:]): 1}
    jamais_touche: dict[tuple[int, tuple], int] = dict(etats)
    exposant = 0
    troncature = Fraction(0)
    for _ in range(attaques):
        suivants: Counter = Counter()
        sans_touche: Counter = Counter()
        par_contexte: Counter = Counter()
        echelle = 10 ** (EXPOSANT_OPPOSITION + EXPOSANT_COUP)
        for (perdus, reste), w in etats.items():
            if perdus >= sequence.pv:
                suivants[(perdus, reste)] += w * echelle
                continue
            contexte = sequence.camps(Etat(perdus, *reste))
            par_contexte[contexte] += w
            w_rate = jamais_touche.get((perdus, reste), 0)
            for passe, reste2, wt in _transitions(sequence, reste):
                suivants[(min(sequence.pv, perdus + passe), reste2)] += w * wt
            if w_rate:
                for reste2, wt in _transitions_ratees(sequence, reste):
                    sans_touche[(perdus, reste2)] += w_rate * wt
        for contexte, w in par_contexte.items():
            troncature += Fraction(w, 10 ** exposant) * loi_jointe(*contexte, sequence.profondeur).troncature
        etats, jamais_touche = dict(suivants), dict(sans_touche)
        exposant += EXPOSANT_OPPOSITION + EXPOSANT_COUP
    unite = 10 ** exposant
    return BilanSequence({Etat(perdus, *reste): Fraction(w, unite) for (perdus, reste), w in etats.items() if w},
                         1 - Fraction(sum(jamais_touche.values()), unite), troncature)


@functools.lru_cache(maxsize=1024)
def _categories(contexte: tuple[Camp, Camp, bool], profondeur: int) -> list[tuple[Categorie, int]]:
    """The categories of an opposed roll, weights over 10**EXPOSANT_OPPOSITION."""
    attaque, defense, _ = contexte
    if max(attaque.des, defense.des) > 4 or profondeur > PROFONDEUR:
        raise ValueError("at most 4 dice a side and the depth PROFONDEUR")
    return _entiers(loi_jointe(*contexte, profondeur).categories.items(), EXPOSANT_OPPOSITION)


@functools.lru_cache(maxsize=4096)
def _transitions(sequence: Sequence, reste: tuple) -> list[tuple[int, tuple, int]]:
    """(PV lost by the attack, rest of the next state, weight over 10**(EXPOSANT_OPPOSITION + EXPOSANT_COUP))."""
    etat = Etat(0, *reste)
    contexte = sequence.camps(etat)
    out: Counter = Counter()
    for cat, wc in _categories(contexte, sequence.profondeur):
        for suivant, wt in _apres(sequence, etat, cat, contexte[2]):
            out[(suivant.perdus, tuple(suivant)[1:])] += wc * wt
    return [(passe, reste2, w) for (passe, reste2), w in out.items()]


@functools.lru_cache(maxsize=4096)
def _transitions_ratees(sequence: Sequence, reste: tuple) -> list[tuple[tuple, int]]:
    """The transitions of `_transitions` whose attack fails."""
    etat = Etat(0, *reste)
    contexte = sequence.camps(etat)
    out: Counter = Counter()
    for cat, wc in _categories(contexte, sequence.profondeur):
        if not cat.touche:
            for suivant, wt in _apres(sequence, etat, cat, contexte[2]):
                out[tuple(suivant)[1:]] += wc * wt
    return list(out.items())


def _apres(sequence: Sequence, etat: Etat, cat: Categorie, bouclier: bool) -> list[tuple[Etat, int]]:
    """States after one opposed roll of category `cat` (PV lost counted from `etat`), weights over 10**EXPOSANT_COUP."""
    cases_bouclier = etat.bouclier
    if bouclier:
        cases_bouclier = max(0, cases_bouclier - (CASES_EC_BOUCLIER if cat.ec_defense else 1))
    commun = etat._replace(bouclier=cases_bouclier,
                           maitrise_attaque=etat.maitrise_attaque and not cat.maitrise_attaque,
                           maitrise_defense=etat.maitrise_defense and not cat.maitrise_defense)
    if not cat.touche:
        return [(commun, 10 ** EXPOSANT_COUP)]
    return [(commun._replace(perdus=etat.perdus + passe, armure=apres, executeur=False), w)
            for passe, apres, w in _coups(sequence.degats, cat.rc, etat.armure, etat.executeur)]


@functools.lru_cache(maxsize=4096)
def _coups(degats: Degats, rc: bool, cases: int, executeur: bool) -> list[tuple[int, int, int]]:
    """`Degats.coup` with weights over 10**EXPOSANT_COUP."""
    coups = degats.coup(rc, cases, executeur)
    return [(passe, apres, w) for (passe, apres), w in
            _entiers((((passe, apres), p) for passe, apres, p in coups), EXPOSANT_COUP)]


# --- the calculation --------------------------------------------------------------------------------

def _erreur(message: str, parametre: str) -> ErreurParametre:
    return ErreurParametre(message, parametre)


def _verifier(p: dict[str, Any]) -> None:
    """French messages for parameters that contradict each other.

    Raises:
        ErreurParametre: the first contradiction found.

    """
    tir, pa = p["tir_attaque"], p["pa_attaque"]
    regles = [
        ((p["tireur_attaque"] or p["tir_standard_attaque"]) and not tir, "tir_attaque",
         "« Tir d'un tireur » et « Tir standard » ne valent que pour un tir : cochez « L'attaque est un tir »."),
        (p["tir_standard_attaque"] and pa != 2, "pa_attaque", "Un tir standard coûte 2 PA (choisissez 2 PA)."),
        ((p["portee_courte_attaque"] or p["portee_longue_attaque"]) and not tir, "portee_courte_attaque",
         "Les bonus et malus de portée ne valent que pour un tir."),
        (p["portee_courte_attaque"] and p["portee_longue_attaque"], "portee_longue_attaque",
         "La cible ne peut pas être à la fois à portée courte et à portée longue."),
        (tir and p["effets_p_attaque"] > 0, "effets_p_attaque", "Un tir n'utilise que V et A : pas d'effet de P (l. 907)."),
        (p["effets_p_attaque"] > pa - 1, "effets_p_attaque",
         f"Une attaque à {pa} PA applique au plus {pa - 1} effet{'s' if pa - 1 > 1 else ''} de P "
         "(aucun à 1 PA, un à 2 PA, PP à 3 PA)."),
        (p["executeur_attaque"] and pa != PA_EXECUTEUR, "executeur_attaque", "Exécuteur ne sert qu'à une attaque à 3 PA."),
        (p["perce_armure_attaque"] > 0 and p["perce_armure_1d5_attaque"], "perce_armure_1d5_attaque",
         "Choisissez une valeur de perce-armure ou « perce-armure sans valeur (1D5) », pas les deux."),
        ((p["perce_armure_attaque"] > 0 or p["perce_armure_1d5_attaque"]) and p["sans_usure_attaque"],
         "sans_usure_attaque",
         "Une attaque à mains nues ou au bouclier n'a pas de perce-armure."),
        (p["protection_forte_defense"] < p["protection_faible_defense"], "protection_forte_defense",
         f"La protection au seuil ({p['protection_forte_defense']}) ne peut pas être inférieure à la protection "
         f"sous le seuil ({p['protection_faible_defense']})."),
    ]
    for faux, parametre, message in regles:
        if faux:
            raise _erreur(message, parametre)


def _sequence(p: dict[str, Any]) -> Sequence:
    """The activation described by the form: `_attaque` and `_defense` parameters."""
    def a(nom: str) -> Any:
        return p[nom + "_attaque"]

    def d(nom: str) -> Any:
        return p[nom + "_defense"]

    attaque = Camp(des=a("niveau") + (1 if a("heroique") else 0), base=a("carac") + a("bonus"),
                   ec=faces_ec(a("tireur"), a("tir_standard"), a("specialiste")), maitrise=a("maitrise"))
    defense = Camp(des=d("niveau") + (1 if d("heroique") else 0), base=d("carac") + d("bonus"),
                   ec=faces_ec(specialiste=d("specialiste")), maitrise=d("maitrise"))
    bonus_rc = "" if a("pa") < PA_CRITIQUE else "double" if a("tir") else "stature"
    portee = BONUS_PORTEE_COURTE if a("portee_courte") else MALUS_PORTEE_LONGUE if a("portee_longue") else 0
    degats = Degats(fixes=a("degats") + a("effets_p") * (1 + a("brutalite")), executeur=a("executeur"),
                    bonus_rc=bonus_rc, stature=a("stature"), portee=portee, perce=a("perce_armure"),
                    perce_de=a("perce_armure_1d5"), usure=not a("sans_usure"), des_armure=d("niveau"),
                    seuil=d("seuil_armure"), faible=d("protection_faible"), fort=d("protection_forte"),
                    de5=a("degats_1d5"))
    return Sequence(attaque, defense, d("bonus_bouclier"), degats, d("pv"))


def degats(p: dict[str, Any]) -> ResultatCalcul:
    """PV the target loses over one or several attacks of one activation (capped at its PV)."""
    _verifier(p)
    sequence = _sequence(p)
    bouclier = p["cases_bouclier_defense"] if p["bouclier_defense"] else 0
    depart = Etat(perdus=0, armure=p["cases_armure_defense"], bouclier=bouclier, executeur=p["executeur_attaque"],
                  maitrise_attaque=p["maitrise_attaque"], maitrise_defense=p["maitrise_defense"])
    bilan = derouler(sequence, depart, p["attaques"])

    def somme(garder: Callable[[Etat], bool]) -> Fraction:
        return sum((q for e, q in bilan.etats.items() if garder(e)), Fraction(0))

    perdus: Counter = Counter()
    for etat, q in bilan.etats.items():
        perdus[etat.perdus] += q
    issues = [Issue("touche", "Au moins une attaque réussie", bilan.touche),
              Issue("terrasse", "Cible terrassée (tous ses PV perdus)", somme(lambda e: e.perdus >= p["pv_defense"]))]
    if p["cases_armure_defense"]:
        issues.append(Issue("armure-hors-d-usage", "Armure sans case libre à la fin", somme(lambda e: e.armure == 0)))
    if p["bouclier_defense"] and p["cases_bouclier_defense"]:
        issues.append(Issue("bouclier-brise", "Bouclier brisé à la fin", somme(lambda e: e.bouclier == 0)))
    issues.append(Issue("troncature", "Explosion arrêtée à la profondeur maximale (borne supérieure)",
                        bilan.troncature))
    return ResultatCalcul(_loi(dict(perdus)), issues)


CALCULS_DEGATS = {"degats": degats}
