"""Hate: exact odds, from the die faces the player supplies (the book prints them as icons only).

Every calculation takes the parameter `de` (generic type `des`: one symbol per face among
frapper, parer, sauvagerie, joker, or a blank face). Nothing is computed without it, and no
die is ever assumed. The combat engine and its recorded policies are in `calculs_combat`.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import icepool

from ... import bundle
from ...errors import ErreurDonnees, ErreurParametre
from ...odds import Issue, ResultatCalcul
from ...pioche import CALCULS as CALCULS_PIOCHE
from .calculs_combat import MAX_DES, SYMBOLES, Combat, Issues, Regles, poids_des_faces

NOMS = {"frapper": "Frapper", "parer": "Parer", "sauvagerie": "Sauvagerie", "joker": "Joker"}
TABLE_CICATRICES = "table-des-cicatrices"
LIGNES_CICATRICES = 20  # « Lancez 3 dés » (line 1034); 20 results (lines 2132-2222)
LIGNE_MORT = 20  # Saigner à mort (line 2218)
LIGNE_PERTE = 15  # Crâne brisé: lose one upgrade (line 2197)
COMBINAISONS = tuple(combinations_with_replacement(SYMBOLES, 3))  # the 20 unordered rolls of 3 dice
DES_WORM = 2  # Worm C: « Lancez 2 dés » (line 2021)


def avec_donnees(fonction: Callable[..., ResultatCalcul]) -> Callable[..., ResultatCalcul]:
    """Mark a calculation called as `fonction(parametres, donnees_jeu)`."""
    fonction.donnees_jeu = True  # type: ignore[attr-defined]
    return fonction


def loi_exacte(lois: dict[int, Fraction]) -> icepool.Die:
    """An icepool die with these exact probabilities (zero ones left out)."""
    lois = {k: v for k, v in lois.items() if v}
    denominateur = math.lcm(*(v.denominator for v in lois.values()))
    return icepool.Die({k: v.numerator * (denominateur // v.denominator) for k, v in sorted(lois.items())})


def _trop(camp: str, total: int, detail: str) -> ErreurParametre:
    return ErreurParametre(f"Trop de dés {camp} : {total} ({detail}) ; le calcul en accepte au plus {MAX_DES}.",
                           f"des_{'attaque' if camp == 'en attaque' else 'defense'}", 0, MAX_DES)


def _resultat(p: dict[str, Any], regles: Regles) -> ResultatCalcul:
    """The law asked for by `valeur`, and the named outcomes of one attack."""
    issues: Issues = Combat(poids_des_faces(p["de"]), regles).issues()
    ko = sum((v for k, v in issues.marge.items() if k >= 1), Fraction(0))
    endurance = bool(p.get("endurance_defense"))
    nommees = [Issue("ko", "Défenseur KO", ko)]
    if endurance:  # one attack KOs at most once: a token is enough to absorb it (Endurance, B-03, Trull B)
        nommees += [Issue("ko-endurance", "KO évité par un jeton Haine (Endurance)", ko),
                    Issue("ko-definitif", "Défenseur KO pour de bon", Fraction(0))]
    if regles.tyran:
        nommees.append(Issue("attaquant-ko", "Attaquant KO (aucune parade contre le Tyran D)", issues.attaquant_ko))
    loi = {1: issues.marge, 2: issues.sauvagerie_attaque, 3: issues.sauvagerie_defense}[p["valeur"]]
    return ResultatCalcul(loi=loi_exacte(loi), issues=nommees)


def _defense(p: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Defence dice and the defender's rules shared by every attack."""
    m = p["des_defense"] + int(p["plus_haut_defense"])
    if m > MAX_DES:
        raise _trop("en défense", m, "dés de défense + hauteur")
    return m, {"parades_bonus": p["parades_bonus_defense"], "libre_defense": p["relance_libre_defense"],
               "forge_defense": p["relance_forge_defense"], "jokers_sans_parade": p["jokers_sans_parade_defense"]}


def combat(p: dict[str, Any]) -> ResultatCalcul:
    """One attack: hits minus parries, or the Sauvagerie of one side; KO odds as named outcomes."""
    if p["plus_haut_attaque"] and p["plus_haut_defense"]:
        raise ErreurParametre("L'attaquant et le défenseur ne peuvent pas être chacun plus haut que l'autre : "
                              "cochez au plus une des deux cases « plus haut ».", "plus_haut_defense")
    n = (p["des_attaque"] + p["soutiens_attaque"] + 2 * int(p["soutien_champion_attaque"])
         + int(p["plus_haut_attaque"]))
    if n > MAX_DES:
        raise _trop("en attaque", n, "dés d'attaque + soutiens + hauteur")
    m, defense = _defense(p)
    regles = Regles(n, m, frappes_bonus=p["frappes_bonus_attaque"], joker_vaut=3 if p["joker_triple_attaque"] else 1,
                    libre_attaque=p["relance_libre_attaque"], forge_attaque=p["relance_forge_attaque"],
                    forcee_par_attaque=p["relance_forcee_attaque"], forcee_par_defense=p["relance_forcee_defense"],
                    tyran=p["tyran_defense"], **defense)
    return _resultat(p, regles)


def attaque_fixe(p: dict[str, Any]) -> ResultatCalcul:
    """An attack with a fixed number of dice (Pousser, Champignon, Corvux, Spore Child, Catapulte)."""
    m, defense = _defense(p)
    regles = Regles(p["des_attaque"], m, libre_attaque=p["relance_libre_attaque"], **defense)
    return _resultat(p, regles)


def _ko(p: dict[str, Any], attaque: int, defense: int) -> Fraction:
    """P(the defender is KO) in one attack of `attaque` dice against `defense` dice, nothing else in play."""
    marge = Combat(poids_des_faces(p["de"]), Regles(attaque, defense)).issues().marge
    return sum((v for k, v in marge.items() if k >= 1), Fraction(0))


def hutte(p: dict[str, Any]) -> ResultatCalcul:
    """Looting a family or an ambush hut: the combats with its neutral warrior, in the book's order.

    Ambush hut (line 621): the neutral warrior attacks first; if the figure stands, it attacks
    and loots on a KO. Family hut (line 609): the figure attacks first. Either way, a neutral
    warrior left standing attacks the figure (line 616) when `riposte` is set. 0 = the figure is
    KO, 1 = nobody is, 2 = the hut is looted.
    """
    attaque_neutre = _ko(p, p["attaque_neutre"], p["defense_figure"]) if p["embuscade"] or p["riposte"] else Fraction(0)
    embuscade = attaque_neutre if p["embuscade"] else Fraction(0)
    pille = _ko(p, p["attaque_figure"], p["defense_neutre"])
    riposte = attaque_neutre if p["riposte"] else Fraction(0)
    debout = 1 - embuscade
    loi = {2: debout * pille, 0: embuscade + debout * (1 - pille) * riposte,
           1: debout * (1 - pille) * (1 - riposte)}
    issues = [Issue("pillee", "Hutte pillée", loi[2]),
              Issue("figurine-ko", "Figurine KO", loi[0])]
    if p["embuscade"]:
        issues += [Issue("ko-embuscade", "Figurine KO dès l'embuscade", embuscade),
                   Issue("tient", "La figurine tient l'embuscade", debout)]
    return ResultatCalcul(loi=loi_exacte(loi), issues=issues)


def _probabilites_des(faces: list[dict[str, int]], nombre: int) -> dict[tuple[str, ...], Fraction]:
    """Law of the unordered roll of `nombre` dice, kinds sorted as SYMBOLES ('vide' last)."""
    poids = poids_des_faces(faces)
    total = sum(poids.values())
    out: dict[tuple[str, ...], Fraction] = {}
    for combinaison in combinations_with_replacement((*SYMBOLES, "vide"), nombre):
        ordres = math.factorial(nombre)
        produit = 1
        for kind in set(combinaison):
            ordres //= math.factorial(combinaison.count(kind))
            produit *= poids[kind] ** combinaison.count(kind)
        if produit:
            out[combinaison] = Fraction(ordres * produit, total ** nombre)
    return out


def worm(p: dict[str, Any]) -> ResultatCalcul:
    """Worm C's legendary sword: two dice, damage (jokers included) or two Sauvagerie."""
    roll = _probabilites_des(p["de"], DES_WORM)
    degats: dict[int, Fraction] = {}
    for combinaison, prob in roll.items():
        k = sum(1 for face in combinaison if face in ("frapper", "joker"))
        degats[k] = degats.get(k, Fraction(0)) + prob

    def chance(test: Callable[[tuple[str, ...]], bool]) -> Fraction:
        return sum((v for c, v in roll.items() if test(c)), Fraction(0))

    return ResultatCalcul(loi=loi_exacte(degats), issues=[
        Issue("ennemi-ko", "Ennemi KO (2 dégâts, jokers compris)", degats.get(DES_WORM, Fraction(0))),
        Issue("allie-ko", "Allié le plus proche KO (2 faces Sauvagerie)",
              chance(lambda c: all(f == "sauvagerie" for f in c))),
        Issue("allie-ko-au-choix", "Allié KO possible si le joueur qui contrôle Worm y tourne ses jokers",
              chance(lambda c: all(f in ("sauvagerie", "joker") for f in c)))])


def _nom_combinaison(numero: int) -> str:
    return f"n° {numero} : " + ", ".join(NOMS[f] for f in COMBINAISONS[numero - 1])


def _table_cicatrices(donnees_jeu: dict[str, Any]) -> dict[int, dict[str, Any]]:
    lignes = {ligne.get("n"): ligne for ligne in bundle.table(donnees_jeu, TABLE_CICATRICES).get("lignes") or []}
    if sorted(k for k in lignes if isinstance(k, int)) != list(range(1, LIGNES_CICATRICES + 1)):
        raise ErreurDonnees("Données du jeu invalides : la table des cicatrices doit avoir les lignes 1 à 20.")
    return lignes


def _correspondance(p: dict[str, Any], lignes: dict[int, dict[str, Any]]) -> dict[int, int]:
    """Table row -> combination number, as the player gave it (0 = not given)."""
    out: dict[int, int] = {}
    vu: dict[int, int] = {}
    for n in range(1, LIGNES_CICATRICES + 1):
        numero = p[f"ligne_{n:02d}"]
        if not numero:
            continue
        if numero in vu:
            raise ErreurParametre(f"La combinaison {_nom_combinaison(numero)} est donnée à deux résultats : "
                                  f"« {lignes[vu[numero]].get('resultat')} » et « {lignes[n].get('resultat')} » ; "
                                  "chaque combinaison de 3 dés mène à un seul résultat.", f"ligne_{n:02d}")
        vu[numero] = n
        out[n] = numero
    return out


@avec_donnees
def cicatrices(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """The scar roll: each unordered combination of 3 dice, and each result once the player maps them."""
    roll = _probabilites_des(p["de"], 3)
    par_numero = {k: roll.get(c, Fraction(0)) for k, c in enumerate(COMBINAISONS, start=1)}
    vide = sum((v for c, v in roll.items() if "vide" in c), Fraction(0))
    lignes = _table_cicatrices(donnees_jeu)
    correspondance = _correspondance(p, lignes)
    issues = [Issue(f"ligne-{n:02d}", f"{n}. {lignes[n].get('resultat')}", par_numero[k])
              for n, k in sorted(correspondance.items())]
    donnees = set(correspondance.values())
    issues += [Issue(f"combinaison-{k:02d}", _nom_combinaison(k) + (" (résultat non attribué)" if correspondance else ""),
                     v) for k, v in par_numero.items() if k not in donnees]
    if len(correspondance) == LIGNES_CICATRICES:
        def total(test: Callable[[int], bool]) -> Fraction:
            return sum((par_numero[k] for n, k in correspondance.items() if test(n)), Fraction(0))

        cicatrice = total(lambda n: str(lignes[n].get("ref") or "").startswith("cicatrice-"))
        mort = total(lambda n: n == LIGNE_MORT)
        issues += [Issue("mort", "Mort (Saigner à mort)", mort),
                   Issue("cicatrice", "Une carte cicatrice", cicatrice),
                   Issue("mort-deja-cicatrice", "Mort d'une figurine qui a déjà une cicatrice", mort + cicatrice),
                   Issue("perte-amelioration", "Perte d'une amélioration", total(lambda n: n == LIGNE_PERTE))]
    if vide:
        issues.append(Issue("face-vide", "Au moins une face vide (hors de la table)", vide))
    loi = {k: v for k, v in par_numero.items() if v}
    if vide:
        loi[0] = vide
    return ResultatCalcul(loi=loi_exacte(loi), issues=issues)


CALCULS: dict[str, Callable[..., Any]] = {"combat": combat, "attaque_fixe": attaque_fixe, "worm": worm,
                                          "cicatrices": cicatrices, "hutte": hutte, **CALCULS_PIOCHE}
TYPES_PARAMETRES: dict[str, Callable[[dict[str, Any], Any], Any]] = {}


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """Precomputed odds tables: none, since every die layout is supplied by the player."""
    return []
