"""Hate odds (issue 11, part O): every expected value is brute-forced here, die by die, with Fraction.

The book gives no face of the Hate die (icons only): every layout below is INVENTED for the
tests and labelled so. The brute force plays each side on ordered tuples of faces, enumerating
every roll and every reroll with itertools.product; the policies it plays are those recorded in
`data/hate/calculs.yaml` (interpretation of the combat calculation).
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer
from tests.engine_support import ROOT, load_bundle

F, P, S, J, V = "frapper", "parer", "sauvagerie", "joker", "vide"
Des = tuple[str, ...]
Loi = list[tuple[Des, Fraction]]

# invented layouts, the book does not give them
SIX = (F, F, P, S, J, V)
QUATRE = (F, P, S, J)
SANS_JOKER = (F, P, P, S)
TOUT_JOKER = (J,)
UNE_FACE = (F,)


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("hate")


def _ajoute(loi: dict[Any, Fraction], cle: Any, p: Fraction) -> None:
    loi[cle] = loi.get(cle, Fraction(0)) + p


class Brute:
    """One attack played die by die (same policies as the engine, computed independently)."""

    def __init__(self, faces: Des, n: int, m: int, **regles: Any) -> None:
        self.faces, self.n, self.m = faces, n, m
        self.fb = regles.get("frappes_bonus", 0)
        self.pb = regles.get("parades_bonus", 0)
        self.jv = regles.get("joker_vaut", 1)
        self.r = regles
        self.b02 = regles.get("jokers_sans_parade", False)
        self.tyran = regles.get("tyran", False)

    # --- rolling ---------------------------------------------------------------------------
    def relance(self, des: Des, positions: list[int]) -> Loi:
        """Every outcome of rerolling the dice at `positions`, each equally likely."""
        out = []
        p = Fraction(1, len(self.faces) ** len(positions))
        for nouveau in itertools.product(self.faces, repeat=len(positions)):
            d = list(des)
            for i, face in zip(positions, nouveau, strict=True):
                d[i] = face
            out.append((tuple(d), p))
        return out

    def jouer(self, des: Des, valeur: Callable[[Des], Fraction], inutiles: Callable[[Des], list[int]],
              libre: bool, forge: bool) -> Loi:
        """Optimal timing of the free reroll (useless dice) and the forge reroll (every die)."""
        tout = list(range(len(des)))

        def moyenne(loi: Loi, f: Callable[[Des], Fraction]) -> Fraction:
            return sum((p * f(x) for x, p in loi), Fraction(0))

        frais = self.relance(des, tout)
        v_forge = moyenne(frais, valeur)

        def apres_libre(x: Des, f: Callable[[Des], Fraction]) -> Fraction:
            return moyenne(self.relance(x, inutiles(x)), f)

        def vg(x: Des) -> Fraction:
            return max(valeur(x), v_forge) if forge else valeur(x)

        def vf(x: Des) -> Fraction:
            return max(valeur(x), apres_libre(x, valeur)) if libre else valeur(x)

        ici = valeur(des)
        o_libre = apres_libre(des, vg) if libre else None
        o_forge = moyenne(frais, vf) if forge else None
        options = [v for v in (o_libre, o_forge) if v is not None]
        if not options or ici >= max(options):
            return [(des, Fraction(1))]
        out: Loi = []
        if o_libre is not None and o_libre >= max(options):
            for x, p in self.relance(des, inutiles(des)):
                if forge and v_forge > valeur(x):
                    out += [(y, p * q) for y, q in frais]
                else:
                    out.append((x, p))
            return out
        for x, p in frais:
            if libre and apres_libre(x, valeur) > valeur(x):
                out += [(y, p * q) for y, q in self.relance(x, inutiles(x))]
            else:
                out.append((x, p))
        return out

    # --- defender --------------------------------------------------------------------------
    def pare(self, face: str) -> bool:
        return face == P or (face == J and not self.b02)

    def allocation(self, des: Des, u: int) -> tuple[int, int, list[int]]:
        """(parries, Sauvagerie, positions of the dice that parry)."""
        ps = [i for i, d in enumerate(des) if d == P]
        js = [i for i, d in enumerate(des) if d == J and not self.b02]
        sav = sum(1 for d in des if d == S or d == J)
        if u >= 1 and len(ps) + len(js) >= u:
            used = max(0, u - len(ps))
            return len(ps) + used, sav - used, ps + js[:used]
        return len(ps), sav, []

    @cache  # noqa: B019 - one Brute per test
    def defense(self, u: int) -> dict[tuple[int, int], Fraction]:
        """Law of (parries from dice, Sauvagerie) when u parries are needed."""
        out: dict[tuple[int, int], Fraction] = {}

        def valeur(x: Des) -> Fraction:
            return Fraction(int(u <= 0 or sum(map(self.pare, x)) >= u))

        def inutiles(x: Des) -> list[int]:
            return [i for i, d in enumerate(x) if not self.pare(d)]

        for des in itertools.product(self.faces, repeat=self.m):
            p0 = Fraction(1, len(self.faces) ** self.m)
            for x, p in self.jouer(des, valeur, inutiles, self.r.get("libre_defense", False),
                                   self.r.get("forge_defense", False)):
                par, sav, parants = self.allocation(x, u)
                if parants and self.r.get("forcee_par_attaque"):
                    for y, q in self.relance(x, parants):
                        nouveaux = tuple(y[i] for i in parants)
                        par2, sav2, _ = self.allocation(nouveaux, u)
                        garde = sum(1 for i, d in enumerate(x) if i not in parants and d in (S, J))
                        _ajoute(out, (par2, garde + sav2), p0 * p * q)
                else:
                    _ajoute(out, (par, sav), p0 * p)
        return out

    def ko(self, frappes: int) -> Fraction:
        u = frappes - self.pb
        return sum((p for (par, _), p in self.defense(u).items() if par < u), Fraction(0))

    # --- attacker --------------------------------------------------------------------------
    def attaque(self, des: Des) -> tuple[int, int, list[int], list[int], bool]:
        """(hits, Sauvagerie, Frapper positions, hit joker positions, has a parry)."""
        fs = [i for i, d in enumerate(des) if d == F]
        js = [i for i, d in enumerate(des) if d == J]
        parer = P in des
        if self.tyran and not parer and js:
            js, parer = js[1:], True
        return len(fs) + self.jv * len(js) + self.fb, des.count(S), fs, js, parer

    def force(self, des: Des) -> tuple[Fraction, list[int]]:
        """The defender's forge slot 3: best dice to reroll (ties: the first option tried)."""
        h, _, fs, js, _ = self.attaque(des)
        meilleur = (self.ko(h), [])
        if not self.r.get("forcee_par_defense"):
            return meilleur
        for b in sorted({0, len(js)}):
            for a in range(len(fs) + 1):
                if a + b:
                    positions = fs[:a] + js[:b]
                    ko = sum((q * self.ko(self.frappes_apres(des, y, positions)[0])
                              for y, q in self.relance(des, positions)), Fraction(0))
                    if ko < meilleur[0]:
                        meilleur = (ko, positions)
        return meilleur

    def frappes_apres(self, avant: Des, apres: Des, positions: list[int]) -> tuple[int, int, bool]:
        """(hits, Sauvagerie, has a parry) once the dice at `positions` are rerolled."""
        h, sav, fs, js, parer = self.attaque(avant)
        h -= len([i for i in positions if i in fs]) + self.jv * len([i for i in positions if i in js])
        nouveaux = [apres[i] for i in positions]
        parer = parer or P in nouveaux
        jokers = nouveaux.count(J)
        if self.tyran and not parer and jokers:
            jokers, parer = jokers - 1, True
        return h + nouveaux.count(F) + self.jv * jokers, sav + nouveaux.count(S), parer

    def issues(self) -> tuple[dict[int, Fraction], dict[int, Fraction], dict[int, Fraction], Fraction]:
        marge: dict[int, Fraction] = {}
        sav_a: dict[int, Fraction] = {}
        sav_d: dict[int, Fraction] = {}
        ko_attaquant = Fraction(0)
        valeurs: dict[Des, Fraction] = {}

        def valeur(x: Des) -> Fraction:
            if x not in valeurs:
                valeurs[x] = self.force(x)[0]
            return valeurs[x]

        def inutiles(x: Des) -> list[int]:
            ps = [i for i, d in enumerate(x) if d == P]
            garde = set(ps[:1]) if self.tyran else set()
            return [i for i, d in enumerate(x) if d not in (F, J) and i not in garde]

        for des in itertools.product(self.faces, repeat=self.n):
            p0 = Fraction(1, len(self.faces) ** self.n)
            for x, p in self.jouer(des, valeur, inutiles, self.r.get("libre_attaque", False),
                                   self.r.get("forge_attaque", False)):
                positions = self.force(x)[1]
                for y, q in self.relance(x, positions):
                    h, sa, parer = self.frappes_apres(x, y, positions)
                    w = p0 * p * q
                    _ajoute(sav_a, sa, w)
                    ko_attaquant += w * (not parer)
                    for (par, sd), r in self.defense(h - self.pb).items():
                        _ajoute(marge, h - par - self.pb, w * r)
                        _ajoute(sav_d, sd, w * r)
        return marge, sav_a, sav_d, ko_attaquant if self.tyran else Fraction(0)


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {row["valeur"]: Fraction(row["fraction"]) for row in result["distribution"]}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {row["id"]: Fraction(row["fraction"]) for row in result["issues"]}


def sans_zero(loi: dict[int, Fraction]) -> dict[int, Fraction]:
    return {k: v for k, v in loi.items() if v}


PARAMS_VIDES = {"soutiens_attaque": 0, "soutien_champion_attaque": False, "plus_haut_attaque": False,
                "plus_haut_defense": False}
CLES = {"frappes_bonus": "frappes_bonus_attaque", "parades_bonus": "parades_bonus_defense",
        "libre_attaque": "relance_libre_attaque", "forge_attaque": "relance_forge_attaque",
        "forcee_par_attaque": "relance_forcee_attaque", "libre_defense": "relance_libre_defense",
        "forge_defense": "relance_forge_defense", "forcee_par_defense": "relance_forcee_defense",
        "jokers_sans_parade": "jokers_sans_parade_defense", "tyran": "tyran_defense"}

CAS = [
    (SIX, 2, 2, {}),
    (QUATRE, 3, 2, {"frappes_bonus": 1}),
    (QUATRE, 2, 3, {"parades_bonus": 1, "libre_defense": True}),
    (QUATRE, 3, 2, {"libre_attaque": True, "forge_attaque": True}),
    (QUATRE, 2, 2, {"libre_attaque": True, "forge_attaque": True, "libre_defense": True, "forge_defense": True}),
    (QUATRE, 2, 2, {"forcee_par_attaque": True, "forcee_par_defense": True}),
    (QUATRE, 2, 2, {"joker_vaut": 3, "forcee_par_defense": True, "libre_attaque": True}),
    (QUATRE, 2, 3, {"jokers_sans_parade": True, "forge_defense": True}),
    (QUATRE, 3, 1, {"tyran": True, "libre_attaque": True}),
    (QUATRE, 2, 2, {"tyran": True, "forcee_par_defense": True, "forge_attaque": True}),
    (SANS_JOKER, 3, 2, {"libre_attaque": True, "libre_defense": True, "forcee_par_attaque": True}),
    (TOUT_JOKER, 3, 2, {"libre_defense": True, "forge_defense": True}),
    (UNE_FACE, 2, 3, {"libre_attaque": True, "forge_defense": True}),
    ((F, P, J), 3, 3, {"libre_attaque": True, "forge_attaque": True, "libre_defense": True,
                       "forcee_par_attaque": True, "forcee_par_defense": True}),
    ((S, P, V, J), 2, 2, {"parades_bonus": 2, "frappes_bonus": 2, "forge_attaque": True}),
    (SIX, 0, 2, {}),
    (SIX, 2, 0, {"libre_attaque": True}),
]


@pytest.mark.parametrize(("faces", "n", "m", "regles"), CAS)
def test_combat_against_brute_force(bundle, faces, n, m, regles):
    params = {"de": list(faces), "des_attaque": n, "des_defense": m, **PARAMS_VIDES,
              "joker_triple_attaque": regles.get("joker_vaut", 1) == 3}
    params.update({CLES[k]: v for k, v in regles.items() if k in CLES})
    marge, sav_a, sav_d, ko_attaquant = Brute(faces, n, m, **regles).issues()
    result = calculer(bundle, "combat", params)
    assert distribution(result) == sans_zero(marge)
    ko = sum((v for k, v in marge.items() if k >= 1), Fraction(0))
    found = issues(result)
    assert found["ko"] == ko and "ko-endurance" not in found
    if regles.get("tyran"):
        assert found["attaquant-ko"] == ko_attaquant
    assert distribution(calculer(bundle, "combat", {**params, "valeur": 2})) == sans_zero(sav_a)
    assert distribution(calculer(bundle, "combat", {**params, "valeur": 3})) == sans_zero(sav_d)


# --- supports, height, Endurance ----------------------------------------------------------------

def test_supports_and_height_add_dice(bundle):
    # 0 dice + 1 Soutien + champion (2) + height = 4 attack dice; 1 die + height = 2 defence dice
    params = {"de": list(QUATRE), "des_attaque": 0, "soutiens_attaque": 1, "soutien_champion_attaque": True,
              "plus_haut_attaque": True, "des_defense": 2}
    marge, *_ = Brute(QUATRE, 4, 2).issues()
    assert distribution(calculer(bundle, "combat", params)) == sans_zero(marge)
    params = {"de": list(QUATRE), "des_attaque": 1, "des_defense": 1, "plus_haut_defense": True}
    marge, *_ = Brute(QUATRE, 1, 2).issues()
    assert distribution(calculer(bundle, "combat", params)) == sans_zero(marge)


def test_endurance_absorbs_the_ko(bundle):
    params = {"de": list(SIX), "des_attaque": 3, "des_defense": 2}
    ko = issues(calculer(bundle, "combat", params))["ko"]
    found = issues(calculer(bundle, "combat", {**params, "endurance_defense": True}))
    assert found == {"ko": ko, "ko-endurance": ko, "ko-definitif": 0}


def test_book_example_totals(bundle):
    """Lines 819-851: 3 hits against a defender who cannot block turns its jokers into 2 Sauvagerie, KO."""
    # invented layout, the book does not give it: a die of jokers only fixes every roll
    params = {"de": [J], "des_attaque": 3, "des_defense": 2}
    assert distribution(calculer(bundle, "combat", params)) == {3: 1}  # 3 hits, no parry
    assert distribution(calculer(bundle, "combat", {**params, "valeur": 3})) == {2: 1}  # 2 jokers to Sauvagerie
    assert distribution(calculer(bundle, "combat", {**params, "valeur": 2})) == {0: 1}
    # the same dice can block 2 hits: just enough jokers parry, the third becomes Sauvagerie
    assert distribution(calculer(bundle, "combat", {"de": [J], "des_attaque": 2, "des_defense": 3,
                                                    "valeur": 3})) == {1: 1}


def test_book_example_preset_dice(bundle):
    """The preset rolls the example's 4 attack dice (2 + 1 upgrade + 1 support) and 4 defence dice."""
    decl = next(c for c in bundle["calculs"] if c["calcul"] == "combat")
    valeurs = next(p for p in decl["preselections"] if p["id"] == "exemple-du-livre")["valeurs"]
    assert valeurs["des_attaque"] + valeurs["soutiens_attaque"] == 2 + 1 + 1
    assert valeurs["des_defense"] + valeurs["plus_haut_defense"] == 2 + 1 + 1  # base, forge +1, height
    assert valeurs["relance_libre_defense"] is True  # « Relancer les dés de défense », line 839


def test_book_example_preset_sets_everything_but_the_die(bundle):
    """Issue 26: the example is one situation; a parameter the preset left as typed (a Tyran, bonus hits)
    would change its odds. Only the die, which the book does not give, is the player's own."""
    decl = next(c for c in bundle["calculs"] if c["calcul"] == "combat")
    valeurs = next(p for p in decl["preselections"] if p["id"] == "exemple-du-livre")["valeurs"]
    assert set(valeurs) == {p["id"] for p in decl["parametres"]} - {"de"}
    extras = {"frappes_bonus_attaque": 0, "parades_bonus_defense": 0, "joker_triple_attaque": False,
              "relance_libre_attaque": False, "relance_forge_attaque": False, "relance_forcee_attaque": False,
              "relance_forge_defense": False, "relance_forcee_defense": False, "jokers_sans_parade_defense": False,
              "endurance_defense": False, "tyran_defense": False, "soutien_champion_attaque": False,
              "plus_haut_attaque": False}
    assert {k: valeurs[k] for k in extras} == extras  # nothing the example does not say
    assert valeurs["valeur"] == 1  # the law shown: hits minus parries, whose « at least 1 » is the KO


# --- fixed-dice attacks -------------------------------------------------------------------------

def test_catapult_preset_against_brute_force(bundle):
    faces = (F, P, J)  # invented layout, the book does not give it
    decl = next(c for c in bundle["calculs"] if c["calcul"] == "attaque_fixe")
    valeurs = next(p for p in decl["preselections"] if p["id"] == "catapulte")["valeurs"]
    assert valeurs == {"des_attaque": 5, "relance_libre_attaque": True}  # lines 1859-1862
    result = calculer(bundle, "attaque_fixe", {"de": list(faces), **valeurs, "des_defense": 2,
                                               "relance_libre_defense": True})
    marge, *_ = Brute(faces, 5, 2, libre_attaque=True, libre_defense=True).issues()
    assert distribution(result) == sans_zero(marge)


@pytest.mark.parametrize(("preset", "des"), [("pousser", 2), ("champignon", 4), ("corvux", 3),
                                              ("spore-child-b", 4), ("spore-child-d", 6)])
def test_fixed_dice_presets(bundle, preset, des):
    decl = next(c for c in bundle["calculs"] if c["calcul"] == "attaque_fixe")
    assert next(p for p in decl["preselections"] if p["id"] == preset)["valeurs"]["des_attaque"] == des


# --- Worm's sword (line 2019) -------------------------------------------------------------------

@pytest.mark.parametrize("faces", [SIX, QUATRE, SANS_JOKER, TOUT_JOKER, (S,), (S, J, V)])
def test_worm_against_enumeration(bundle, faces):
    result = calculer(bundle, "worm", {"de": list(faces)})
    rolls = list(itertools.product(faces, repeat=2))
    p = Fraction(1, len(rolls))
    degats: dict[int, Fraction] = {}
    for roll in rolls:
        _ajoute(degats, sum(1 for d in roll if d in (F, J)), p)
    assert distribution(result) == degats
    assert issues(result) == {
        "ennemi-ko": sum((p for r in rolls if all(d in (F, J) for d in r)), Fraction(0)),
        "allie-ko": sum((p for r in rolls if all(d == S for d in r)), Fraction(0)),
        "allie-ko-au-choix": sum((p for r in rolls if all(d in (S, J) for d in r)), Fraction(0))}


# --- scar roll (lines 1029-1041, 2132-2222) -----------------------------------------------------

ORDRE = (F, P, S, J)


def combinaisons(faces: Des) -> tuple[dict[tuple[str, ...], Fraction], Fraction]:
    """Law of the sorted 3-dice roll, and P(a blank face), by enumeration."""
    rolls = list(itertools.product(faces, repeat=3))
    out: dict[tuple[str, ...], Fraction] = {}
    vide = Fraction(0)
    for roll in rolls:
        if V in roll:
            vide += Fraction(1, len(rolls))
        else:
            _ajoute(out, tuple(sorted(roll, key=ORDRE.index)), Fraction(1, len(rolls)))
    return out, vide


@pytest.mark.parametrize("faces", [SIX, QUATRE, TOUT_JOKER, (F, P, S, J, J, V)])
def test_scar_combinations(bundle, faces):
    result = calculer(bundle, "cicatrices", {"de": list(faces)})
    attendu, vide = combinaisons(faces)
    found = issues(result)
    numeros = list(itertools.combinations_with_replacement(ORDRE, 3))
    assert len(numeros) == 20
    for k, combinaison in enumerate(numeros, start=1):
        assert found[f"combinaison-{k:02d}"] == attendu.get(combinaison, 0)
        nom = next(r["nom"] for r in result["issues"] if r["id"] == f"combinaison-{k:02d}")
        assert nom.endswith(", ".join(c.capitalize() for c in combinaison))
    assert found.get("face-vide", Fraction(0)) == vide
    assert sum(found.values()) == 1


def test_scar_results_once_mapped(bundle):
    faces = (F, P, S, J, J, V)  # invented layout, the book does not give it
    # invented mapping, the book prints it as icons: row n gets combination 21 - n
    params = {"de": list(faces), **{f"ligne_{n:02d}": 21 - n for n in range(1, 21)}}
    found = issues(calculer(bundle, "cicatrices", params))
    attendu, vide = combinaisons(faces)
    numeros = list(itertools.combinations_with_replacement(ORDRE, 3))
    par_ligne = {n: attendu.get(numeros[21 - n - 1], Fraction(0)) for n in range(1, 21)}
    assert {k: v for k, v in found.items() if k.startswith("ligne-")} == {f"ligne-{n:02d}": v
                                                                           for n, v in par_ligne.items()}
    table = next(t for t in bundle["tables"] if t["id"] == "table-des-cicatrices")
    rows_with_scar = [3, 4, 8, 9, 10, 11, 12, 13, 14, 16, 18, 19]  # « Prenez la cicatrice … » (l. 2138-2216)
    assert [r["n"] for r in table["lignes"] if r.get("ref")] == rows_with_scar
    cicatrice = sum(par_ligne[n] for n in rows_with_scar)
    assert found["cicatrice"] == cicatrice
    assert found["mort"] == par_ligne[20]  # Saigner à mort
    assert found["mort-deja-cicatrice"] == cicatrice + par_ligne[20]  # a 2nd scar kills (line 1020)
    assert found["perte-amelioration"] == par_ligne[15]  # Crâne brisé
    assert found["face-vide"] == vide
    assert not any(k.startswith("combinaison-") for k in found)


def test_scar_partial_mapping_lists_the_rest(bundle):
    found = issues(calculer(bundle, "cicatrices", {"de": list(QUATRE), "ligne_20": 20}))
    assert found["ligne-20"] == Fraction(1, 64)  # four jokers on a 4-face die: (1/4)**3
    assert "combinaison-20" not in found and len([k for k in found if k.startswith("combinaison-")]) == 19
    assert "mort" not in found


# --- hostile parameters -------------------------------------------------------------------------

@pytest.mark.parametrize(("params", "morceau"), [
    ({}, "Calcul impossible sans les faces du dé"),
    ({"de": []}, "Calcul impossible sans les faces du dé"),
    ({"de": "[frapper, marteau]"}, "« marteau » inconnue"),
    ({"de": [{"frapper": 1, "parer": 1}]}, "plusieurs symboles"),
    ({"de": [F] * 13}, "de 1 à 12 faces"),
    ({"de": "[frapper, "}, "illisibles"),
    ({"de": [F], "des_attaque": 16}, "de 0 à 15"),
    ({"de": [F], "des_attaque": 15, "soutiens_attaque": 1}, "Trop de dés en attaque : 16"),
    ({"de": [F], "des_defense": 15, "plus_haut_defense": True}, "Trop de dés en défense : 16"),
    ({"de": [F], "plus_haut_attaque": True, "plus_haut_defense": True}, "plus haut"),
    ({"de": [F], "valeur": 4}, "de 1 à 3"),
    ({"de": [F], "marteau": 1}, "Paramètre inconnu"),
])
def test_hostile_parameters(bundle, params, morceau):
    with pytest.raises(ErreurParametre) as exc:
        calculer(bundle, "combat", params)
    assert morceau in exc.value.message


def test_scar_mapping_twice_the_same_combination(bundle):
    with pytest.raises(ErreurParametre) as exc:
        calculer(bundle, "cicatrices", {"de": list(SIX), "ligne_01": 4, "ligne_07": 4})
    assert "Parties écrasées" in exc.value.message and "Cicatrice Badass" in exc.value.message


def test_worm_without_die_is_refused(bundle):
    with pytest.raises(ErreurParametre, match="sans les faces du dé"):
        calculer(bundle, "worm", {})


# --- command line -------------------------------------------------------------------------------

def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", "probas", "hate", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)


def test_cli_combat():
    done = _cli("combat", "--de", "[frapper, parer, joker, sauvagerie, frapper, vide]",
                "--des-attaque", "2", "--des-defense", "2", "--json")
    assert done.returncode == 0, done.stderr
    found = {i["id"]: Fraction(i["fraction"]) for i in json.loads(done.stdout)["issues"]}
    marge, *_ = Brute(SIX, 2, 2).issues()  # same faces as typed, in another order
    assert found["ko"] == sum((v for k, v in marge.items() if k >= 1), Fraction(0))
    texte = _cli("combat", "--de", "[frapper, parer, joker, sauvagerie, frapper, vide]")
    assert texte.returncode == 0 and "Défenseur KO" in texte.stdout


def test_cli_without_die_exits_2():
    done = _cli("combat", "--des-attaque", "2")
    assert done.returncode == 2
    assert "Calcul impossible sans les faces du dé" in done.stderr
