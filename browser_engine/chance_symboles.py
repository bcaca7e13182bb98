"""Exact chance of a roll of dice with symbol faces, « or better » (play mode, issue 28).

A symbol die (Hate's, Tamashii's, a die typed in « Mon matériel ») has faces that each carry a
count of some symbols (`{"succes": 2}`, `{"frapper": 1}`, `{}` for a blank face). For a roll of
such dice, « this result or better » is read per symbol: the chance of at least as many of that
symbol as were rolled; and, for a roll with several symbols, the chance of at least these counts
of every rolled symbol at once. Computed exactly by enumerating the pool's law, each count capped
at the one rolled (nothing more is needed to decide « at least »).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .errors import ErreurEntree

MAX_DES = 20
MAX_FACES = 100
MAX_SYMBOLES = 12
MAX_PAR_FACE = 99
MAX_ETATS = 20_000  # capped count vectors enumerated: a bound on the work per die


def _entier(valeur: Any) -> int | None:
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) else None


def _face(brute: Any) -> dict[str, int]:
    """One face as symbol -> count; a string face is one of that symbol."""
    if isinstance(brute, str) and brute.strip():
        return {brute.strip(): 1}
    if isinstance(brute, dict) and all(isinstance(k, str) and k.strip() for k in brute):
        face = {}
        for cle, valeur in brute.items():
            n = _entier(valeur)
            if n is None or not 0 <= n <= MAX_PAR_FACE:
                raise ErreurEntree(f"Chance d'un jet : « {cle} » doit compter de 0 à {MAX_PAR_FACE} sur une face.")
            if n:
                face[cle.strip()] = face.get(cle.strip(), 0) + n
        return face
    raise ErreurEntree("Chance d'un jet : chaque face est un symbole (texte) ou des nombres de symboles.")


def _pour_cent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}".replace(".", ",")


def _fraction(chance: Fraction) -> str:
    return f"{chance.numerator}/{chance.denominator} ({_pour_cent(chance)} %)"


def _loi_plafonnee(faces: list[dict[str, int]], nombre: int, symboles: list[str],
                   plafonds: list[int]) -> dict[tuple[int, ...], int]:
    """Outcomes of `nombre` dice counted by their symbols' totals, each capped at its `plafond`."""
    vecteurs = [tuple(min(face.get(s, 0), p) for s, p in zip(symboles, plafonds, strict=True)) for face in faces]
    loi: dict[tuple[int, ...], int] = {tuple(0 for _ in symboles): 1}
    for _ in range(nombre):
        suivante: dict[tuple[int, ...], int] = {}
        for etat, compte in loi.items():
            for v in vecteurs:
                cle = tuple(min(a + b, p) for a, b, p in zip(etat, v, plafonds, strict=True))
                suivante[cle] = suivante.get(cle, 0) + compte
        loi = suivante
    return loi


def chance_symboles(faces: Any, tires: Any) -> dict[str, Any]:
    """Exact chance of at least the rolled count of each rolled symbol, and of all of them at once.

    Args:
        faces: the die's faces, each equally likely: a symbol (string) or `{symbol: count}`.
        tires: the rolled faces, as indexes into `faces` (one per die, 1 to 20 dice).

    Returns:
        `{symboles: [{symbole, obtenu, numerateur, denominateur}], ensemble: {numerateur,
        denominateur} | None, texte}`; `ensemble` only when two symbols or more were rolled.
        A roll of blank faces only has no symbol and no chance (`texte` says so).

    Raises:
        ErreurEntree: malformed faces, indexes out of range, or too many dice or faces.

    """
    if not isinstance(faces, list) or not 2 <= len(faces) <= MAX_FACES:
        raise ErreurEntree(f"Chance d'un jet : il faut les faces du dé (2 à {MAX_FACES}).")
    if not isinstance(tires, list) or not 1 <= len(tires) <= MAX_DES \
            or any(_entier(t) is None or not 0 <= t < len(faces) for t in tires):
        raise ErreurEntree(f"Chance d'un jet : de 1 à {MAX_DES} dés, chacun une face du dé.")
    lues = [_face(f) for f in faces]
    obtenu: dict[str, int] = {}
    for t in tires:
        for symbole, n in lues[t].items():
            obtenu[symbole] = obtenu.get(symbole, 0) + n
    if not obtenu:
        return {"symboles": [], "ensemble": None, "texte": "Aucun symbole obtenu."}
    if len(obtenu) > MAX_SYMBOLES:
        raise ErreurEntree(f"Chance d'un jet : au plus {MAX_SYMBOLES} symboles différents.")
    symboles = list(obtenu)
    plafonds = [obtenu[s] for s in symboles]
    etats = 1
    for p in plafonds:
        etats *= p + 1
    if etats > MAX_ETATS:
        raise ErreurEntree("Chance d'un jet : trop de symboles obtenus pour un calcul exact ici.")
    loi = _loi_plafonnee(lues, len(tires), symboles, plafonds)
    total = len(faces) ** len(tires)
    par_symbole = []
    for i, s in enumerate(symboles):
        chance = Fraction(sum(c for etat, c in loi.items() if etat[i] >= plafonds[i]), total)
        par_symbole.append({"symbole": s, "obtenu": plafonds[i], "numerateur": chance.numerator,
                            "denominateur": chance.denominator})
    morceaux = [f"au moins {p['obtenu']} « {p['symbole']} » : {_fraction(Fraction(p['numerateur'], p['denominateur']))}"
                for p in par_symbole]
    ensemble = None
    if len(symboles) > 1:
        chance = Fraction(loi.get(tuple(plafonds), 0), total)
        ensemble = {"numerateur": chance.numerator, "denominateur": chance.denominator}
        morceaux.append(f"tout cela ensemble : {_fraction(chance)}")
    return {"symboles": par_symbole, "ensemble": ensemble, "texte": "Chance d'obtenir " + " ; ".join(morceaux)}


def action_chance_symboles(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The worker's `chance-symboles` request: `{action: "chance-symboles", liste: {}, faces, tires}`."""
    return chance_symboles(requete.get("faces"), requete.get("tires"))
