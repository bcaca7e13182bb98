"""Tamashii: exact odds, from the dice faces the player supplies (they are missing from the book's text).

The calculations of `data/tamashii/calculs.yaml`: tests, trace roll, attack roll, enemy dice
and reset roll, launcher fill. Dice are parameters of the generic type `des` (no default: the
faces are icons in the book); the math is in `calculs_des` and `calculs_sac`. Filling the
launcher from the book's starting bag (l. 272-274) needs no die and is also a static table.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool

from ...bundle import table_probas
from ...errors import ErreurParametre
from ...odds import Issue, ResultatCalcul, fraction_texte, pourcentage
from ...pioche import CALCULS as CALCULS_PIOCHE
from ...regles import pluriel
from . import calculs_des as td
from . import calculs_sac as ts

PARTICIPANTS = 4
SUCCES_MAX = 2  # "chaque résultat ... indique 1 succès, et chaque ... correspond à 2 succès" (l. 1254)
MAX_PIONS = 12  # the box holds 12 player dice (l. 235): the "tokens to empty" table stops there


def _die(loi: td.Loi) -> icepool.Die:
    """An icepool die from exact probabilities (zero ones dropped)."""
    loi = {k: v for k, v in loi.items() if v}
    denominateur = math.lcm(*(v.denominator for v in loi.values()))
    return icepool.Die({k: int(v * denominateur) for k, v in sorted(loi.items())})


def _au_moins(loi: td.Loi, seuil: int) -> Fraction:
    return sum((p for v, p in loi.items() if v >= seuil), Fraction(0))


# --- tests -------------------------------------------------------------------------------------

def _participants(p: dict[str, Any], sans_relance: bool = False) -> list[tuple[int, int]]:
    return [(p[f"des_{i}"], 0 if sans_relance else p[f"relances_{i}"]) for i in range(1, PARTICIPANTS + 1)]


def _issue_cible(p: dict[str, Any], chances: list[Fraction]) -> Issue:
    cible = Fraction(p["cible"], 100)
    for n, chance in enumerate(chances):
        if chance >= cible:
            return Issue("pions-cible", f"Au moins {p['cible']}\u00a0% : le participant 1 vide {n} pion{pluriel(n)} "
                                        "(le plus petit nombre qui suffit)", chance)
    return Issue("pions-cible", f"Même {MAX_PIONS} pions du participant 1 ne donnent pas {p['cible']}\u00a0%",
                 chances[-1])


def _succes(face: td.Face) -> int:
    """Successes of a face: the book names a 1-success and a 2-success result only (l. 1254).

    Raises:
        ErreurParametre: a face worth more than 2 successes.

    """
    if face["succes"] > SUCCES_MAX:
        raise ErreurParametre(f"Faces du dé : une face vaut au plus {SUCCES_MAX} succès en Test (le livre cite un "
                              f"résultat à 1 succès et un à 2) ; reçu : {face['succes']}.", "de")
    return face["succes"]


def test(p: dict[str, Any]) -> ResultatCalcul:
    """Successes of an individual or group test (l. 1248-1262), each participant rerolling their own dice.

    Raises:
        ErreurParametre: a face worth more than 2 successes.

    """
    besoin = p["succes"] * (p["joueurs"] if p["fois_joueurs"] else 1)
    faces = [_succes(face) for face in p["de"]]
    participants = _participants(p)
    law, chance = td.test_groupe(faces, participants, besoin)
    issues = [Issue("reussite", f"Test réussi : au moins {besoin} succès", chance)]
    if any(r for d, r in participants if d):
        issues.append(Issue("reussite-sans-relance", "Test réussi sans dépenser de Relance",
                            td.test_groupe(faces, _participants(p, True), besoin)[1]))
    chances = td.reussite_selon_premier(faces, participants, besoin, range(MAX_PIONS + 1))
    issues.append(_issue_cible(p, chances))
    issues += [Issue(f"pions-{n}", f"Le participant 1 vide {n} pion{pluriel(n)} : test réussi", chances[n])
               for n in range(1, MAX_PIONS + 1)]
    return ResultatCalcul(_die(law), issues)


# --- trace roll --------------------------------------------------------------------------------

def trace(p: dict[str, Any]) -> ResultatCalcul:
    """Enemies drawn by the trace roll (l. 733, 838)."""
    faces = [face["ennemi"] for face in p["de"]]
    law = td.trace(faces, p["des"], p["relances"])
    aucun = law.get(0, Fraction(0))
    issues = [Issue("aucun", "Aucun Ennemi : la Trace garde sa valeur", aucun),
              Issue("remise-a-zero", "Au moins un Ennemi : la Trace revient à 0", 1 - aucun)]
    if p["relances"]:
        issues.append(Issue("aucun-sans-relance", "Aucun Ennemi sans dépenser de Relance",
                            td.trace(faces, p["des"], 0).get(0, Fraction(0))))
    return ResultatCalcul(_die(law), issues)


# --- attack roll -------------------------------------------------------------------------------

def attaque(p: dict[str, Any]) -> ResultatCalcul:
    """The attack roll (l. 873-932): chance to pay a fixed frame, and the dice left for an "X" frame."""
    x_rare = p["symbole_x"] == 2
    attaque_ = td.Attaque(p["de"], p["base_requis"], p["rare_requis"], x_rare, p["relances"])
    law, paye, sans = attaque_.lois(p["att"] + p["puissance"])
    issues = []
    if p["base_requis"] or p["rare_requis"]:
        cadre = f"{p['base_requis']} de base et {p['rare_requis']} moins courant{pluriel(p['rare_requis'])}"
        issues.append(Issue("cadre", f"Cadre fixe payé ({cadre})", paye))
        if p["relances"]:
            issues.append(Issue("cadre-sans-relance", "Cadre fixe payé sans dépenser de Relance", sans))
    return ResultatCalcul(_die(law), issues)


# --- enemy dice and reset roll -----------------------------------------------------------------

def des_ennemis(p: dict[str, Any]) -> ResultatCalcul:
    """Enemies activated by the number die, frame chosen by the symbol die (l. 877-939), and the reset roll (l. 799-801)."""
    n = p["ennemis"]
    actives = td.activations(p["de_numero"], n)
    symboles = td.loi_face(p["de_symbole"], lambda face: ("base", "special", "ignorer", "vide").index(td.symbole(face)))
    attaque_ = 1 - actives.get(0, Fraction(0))
    pb, ps, pi, pv = (symboles.get(i, Fraction(0)) for i in range(4))
    issues = [Issue("aucune-attaque", "Aucun Ennemi n'attaque (face vierge du dé Numéro)", actives.get(0, Fraction(0))),
              Issue("tous", f"Les {n} Ennemis attachés attaquent" if n > 1 else "L'Ennemi attaché attaque",
                    actives.get(n, Fraction(0))),
              Issue("cadre-de-base", "Les Ennemis actifs appliquent leur Cadre de Base", attaque_ * pb),
              Issue("cadre-special", "Les Ennemis actifs appliquent leur Cadre Spécial", attaque_ * ps)]
    if pi:
        issues.append(Issue("ignorer", "Le dé Symbole demande d'ignorer la table (Boss)", pi))
    if pv:
        issues.append(Issue("sans-symbole", "Le dé Symbole ne montre aucun symbole", pv))
    if p["blessures"]:
        for j in range(1, n + 1):
            k = j * p["blessures"]
            issues.append(Issue(f"blessures-{k}", f"Au moins {k} Blessures des Cadres de Base",
                                pb * _au_moins(actives, j)))
    issues += [Issue("reinitialisation-base", "Jet de Réinitialisation : symbole de base", pb),
               Issue("reinitialisation-special", "Jet de Réinitialisation : symbole Spécial", ps)]
    return ResultatCalcul(_die(actives), issues)


# --- launcher fill -----------------------------------------------------------------------------

def _stock(p: dict[str, Any], prefixe: str) -> tuple[int, ...]:
    return tuple(p[f"{prefixe}_{sorte}"] for sorte in ("1", "2", "3", "4", "ouvertes", "corrompues"))


def sac(p: dict[str, Any]) -> ResultatCalcul:
    """Tokens of a Schema missing after the launcher fill (l. 842-844), refilled by the golden rule (l. 516).

    Raises:
        ErreurParametre: an empty bag and an empty dump.

    """
    sac_, vidage = _stock(p, "sac"), _stock(p, "vidage")
    if not sum(sac_) + sum(vidage):
        raise ErreurParametre("Le Sac et le Vidage sont vides : aucun pion Données à piocher. Indiquez le contenu "
                              "de votre Sac (paramètres « sac_1 » à « sac_corrompues »).", "sac_1")
    besoins = tuple(p[f"besoin_{i}"] for i in range(1, 5))
    fill = ts.remplissage(sac_, vidage, p["cases"], besoins, p["besoin_ouvertes"])
    law = {m: Fraction(w, fill.total) for m, w in fill.manque.items()}
    issues = [Issue("schema", "Tous les pions demandés sont tirés (condition nécessaire du Schéma)",
                    law.get(0, Fraction(0)))]
    if any(besoins) and not p["besoin_ouvertes"] and (sac_[ts.OUVERTES] or vidage[ts.OUVERTES]):
        issues.append(Issue("schema-sans-ouvertes", "Tous tirés sans compter les Données Ouvertes",
                            Fraction(fill.sans_ouvertes, fill.total)))
    for i, b in enumerate(besoins):
        if b:
            issues.append(Issue(f"type-{i + 1}", f"Au moins {b} pion{pluriel(b)} du type {i + 1}",
                                Fraction(fill.au_moins[i], fill.total)))
    if sac_[ts.CORROMPUES] or vidage[ts.CORROMPUES]:
        issues.append(Issue("corrompu", "Au moins un pion Corrompu tiré", Fraction(fill.corrompu, fill.total)))
    return ResultatCalcul(_die(law), issues)


CALCULS: dict[str, Callable[..., Any]] = {"test": test, "trace": trace, "attaque": attaque,
                                          "des_ennemis": des_ennemis, "sac": sac, **CALCULS_PIOCHE}
TYPES_PARAMETRES: dict[str, Callable[[dict[str, Any], Any], Any]] = {}


# --- static table: the first fill from the book's starting bag -------------------------------

SAC_DE_DEPART = (4, 3, 3, 3, 0, 0)  # 3 of each basic type + 1 of the essential type (l. 272-274)


def _cellule(value: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_texte(value), "valeur": float(value), "texte": pourcentage(value)}


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """The first launcher fill from the starting bag of 13 tokens: at least k tokens of the essential type."""
    colonnes = list(range(1, 5))
    lignes = []
    for cases in range(1, sum(SAC_DE_DEPART) + 1):
        tirages, total = ts.hypergeometrique(SAC_DE_DEPART, cases)
        lignes.append({"entete": f"{cases} case{pluriel(cases)}",
                       "cellules": [_cellule(Fraction(sum(w for t, w in tirages.items() if t[0] >= k), total))
                                    for k in colonnes]})
    return [table_probas(donnees_jeu, "premier-remplissage", "sac", [f"au moins {k}" for k in colonnes], lignes)]
