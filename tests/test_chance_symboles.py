"""Exact chance beside a roll of symbol dice in play mode (issue 28), checked by brute enumeration.

Every face below is INVENTED for the test (the books print Hate's and Tamashii's dice as pictures
only): they exercise the engine, they say nothing of the games. Each expected chance is counted here
by listing every outcome of the dice with itertools.product, as a fractions.Fraction.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from browser_engine.chance_symboles import chance_symboles
from browser_engine.cli import charger_donnees
from browser_engine.errors import ErreurEntree
from browser_engine.requetes import executer

# Invented faces (not any game's die).
INVENTE_TEXTE = ["frapper", "frapper", "parer", "sauvagerie", "joker", "vide"]
INVENTE_COMPTES = [{"succes": 1, "base": 1}, {"succes": 1, "rare": 1}, {"succes": 2}, {"ennemi": 1}, {}, {"succes": 0}]


def _compte(face: object) -> dict[str, int]:
    if isinstance(face, str):
        return {face: 1}
    return {k: v for k, v in face.items() if v}


def _attendu(faces: list, tires: list[int]) -> tuple[dict[str, Fraction], Fraction | None]:
    """Per rolled symbol P(at least as many), and P(all at once), by listing every outcome."""
    obtenu: dict[str, int] = {}
    for t in tires:
        for s, n in _compte(faces[t]).items():
            obtenu[s] = obtenu.get(s, 0) + n
    issues = list(itertools.product(range(len(faces)), repeat=len(tires)))
    par_symbole = {s: 0 for s in obtenu}
    ensemble = 0
    for issue in issues:
        totaux: dict[str, int] = {}
        for t in issue:
            for s, n in _compte(faces[t]).items():
                totaux[s] = totaux.get(s, 0) + n
        for s, k in obtenu.items():
            par_symbole[s] += totaux.get(s, 0) >= k
        ensemble += all(totaux.get(s, 0) >= k for s, k in obtenu.items())
    n = len(issues)
    return ({s: Fraction(c, n) for s, c in par_symbole.items()},
            Fraction(ensemble, n) if len(obtenu) > 1 else None)


@pytest.mark.parametrize(("faces", "tires"), [
    (INVENTE_TEXTE, [0]),
    (INVENTE_TEXTE, [0, 1, 2]),
    (INVENTE_TEXTE, [0, 2, 3, 5]),
    (INVENTE_TEXTE, [4, 4, 4, 4, 4]),
    (INVENTE_COMPTES, [0, 2]),
    (INVENTE_COMPTES, [0, 1, 2, 3]),
    (INVENTE_COMPTES, [2, 2, 2, 3, 4]),
])
def test_chance_par_symbole_et_ensemble(faces: list, tires: list[int]) -> None:
    par_symbole, ensemble = _attendu(faces, tires)
    r = chance_symboles(faces, tires)
    assert {p["symbole"]: Fraction(p["numerateur"], p["denominateur"]) for p in r["symboles"]} == par_symbole
    if ensemble is None:
        assert r["ensemble"] is None
    else:
        assert Fraction(r["ensemble"]["numerateur"], r["ensemble"]["denominateur"]) == ensemble
    for p in r["symboles"]:
        assert f"au moins {p['obtenu']} « {p['symbole']} »" in r["texte"]


def test_texte_en_francais() -> None:
    # One invented die, 2 rolled: « frapper » twice. P(at least 2 frapper) = (2/6)^2 = 1/9.
    r = chance_symboles(INVENTE_TEXTE, [0, 1])
    assert r["texte"] == "Chance d'obtenir au moins 2 « frapper » : 1/9 (11,1 %)"
    # « frapper » and « parer » once each: P(both) = 1 - P(no frapper) - P(no parer) + P(neither).
    r = chance_symboles(INVENTE_TEXTE, [0, 2])
    attendu = 1 - Fraction(4, 6) ** 2 - Fraction(5, 6) ** 2 + Fraction(3, 6) ** 2
    assert Fraction(r["ensemble"]["numerateur"], r["ensemble"]["denominateur"]) == attendu
    assert attendu == Fraction(1, 9)
    assert r["texte"] == ("Chance d'obtenir au moins 1 « frapper » : 5/9 (55,6 %) ; au moins 1 « parer » : 11/36 (30,6 %)"
                          " ; tout cela ensemble : 1/9 (11,1 %)")


def test_faces_vierges_seulement() -> None:
    r = chance_symboles(INVENTE_COMPTES, [4, 5])
    assert r == {"symboles": [], "ensemble": None, "texte": "Aucun symbole obtenu."}


@pytest.mark.parametrize(("faces", "tires"), [
    (["a"], [0]), ("ab", [0]), (["a", "b"], []), (["a", "b"], [2]), (["a", "b"], [0] * 21),
    (["a", "b"], ["0"]), ([{"a": -1}, "b"], [0]), ([{"a": "x"}, "b"], [0]), ([3, "b"], [0]), (["", "b"], [0]),
])
def test_mauvaises_entrees(faces: object, tires: object) -> None:
    with pytest.raises(ErreurEntree):
        chance_symboles(faces, tires)


def test_requete_du_moteur() -> None:
    r = executer(charger_donnees("hate"), {}, {"action": "chance-symboles", "faces": INVENTE_TEXTE, "tires": [2]})
    assert (r["symboles"][0]["numerateur"], r["symboles"][0]["denominateur"]) == (1, 6)
