"""Play mode: the exact chance beside a roll of symbol dice (issue 28), in headless Chromium.

The dice faces are INVENTED for the test and put in « Mon matériel » (this browser's storage): the
books print Hate's and Tamashii's dice as pictures only. The expected chances are counted here by
listing every outcome with itertools.product, as fractions.Fraction, from the faces the page rolled.
"""
from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
import yaml

from tests.browser_support import Onglet
from tests.jouer_support import ouvrir_jouer
from tests.test_browser_jouer import ROOT

# Invented faces (not the books' dice): Hate's die as words, Tamashii's d6 as counts of symbols.
INVENTE = {"hate": ["frapper", "frapper", "parer", "sauvagerie", "joker", "vide"],
           "tamashii": [{"succes": 1, "base": 1}, {"succes": 1, "rare": 1}, {"succes": 2}, {"ennemi": 1},
                        {"base": 1, "ennemi": 1}, {"succes": 1}]}
STOCKAGE = {"hate": "de-hate", "tamashii": "d6-tamashii"}  # the dice of data/<jeu>/partie.yaml rolled here


def _comptes(face: object) -> dict[str, int]:
    return {face: 1} if isinstance(face, str) else {k: v for k, v in face.items() if v}


def _libelle(face: object) -> str:
    """The face as the page writes it in the roll (« 1 succes + 1 base »)."""
    return face if isinstance(face, str) else " + ".join(f"{v} {k}" for k, v in face.items() if v)


def _attendu(faces: list, tires: list[object]) -> tuple[dict[str, Fraction], Fraction]:
    obtenu: dict[str, int] = {}
    for face in tires:
        for s, n in _comptes(face).items():
            obtenu[s] = obtenu.get(s, 0) + n
    par_symbole = dict.fromkeys(obtenu, 0)
    ensemble = 0
    issues = list(itertools.product(faces, repeat=len(tires)))
    for issue in issues:
        totaux: dict[str, int] = {}
        for face in issue:
            for s, n in _comptes(face).items():
                totaux[s] = totaux.get(s, 0) + n
        for s, k in obtenu.items():
            par_symbole[s] += totaux.get(s, 0) >= k
        ensemble += all(totaux.get(s, 0) >= k for s, k in obtenu.items())
    return {s: Fraction(c, len(issues)) for s, c in par_symbole.items()}, Fraction(ensemble, len(issues))


@pytest.mark.parametrize("jeu", ["hate", "tamashii"])
def test_chance_exacte_a_cote_d_un_jet_de_symboles(onglet: Onglet, site_url: str, jeu: str) -> None:
    page = onglet.page
    des = yaml.safe_load((ROOT / "data" / jeu / "partie.yaml").read_text("utf-8"))["partie"]["des"]
    de = next(d for d in des if d.get("stockage") == STOCKAGE[jeu])
    faces = INVENTE[jeu]
    page.goto(site_url + f"{jeu}/jouer/")
    page.evaluate("""([jeu, cle, faces]) => localStorage.setItem('compendium.materiel.' + jeu, JSON.stringify(
      {format: 'compendium-materiel', version: 1, jeu, des: {[cle]: faces}}))""", [jeu, de["stockage"], faces])
    ouvrir_jouer(page, site_url + f"{jeu}/jouer/")
    page.fill("[data-role=nombre]", "3")
    vus = 0
    for _ in range(4):  # a few rolls: each one's chance is checked against its own faces
        page.get_by_role("button", name=f"Lancer {de['nom']}").click()
        page.wait_for_function("() => document.querySelector('[data-role=resultat]').textContent.includes('Chance')",
                               timeout=60_000)
        resultat = page.locator("[data-role=resultat]").inner_text()
        jet, _, chance = resultat.partition(" — ")
        libelles = jet.split(" : ", 1)[1].split(", ")
        par_libelle = {_libelle(f): f for f in faces}
        tires = [par_libelle[x] for x in libelles]
        par_symbole, ensemble = _attendu(faces, tires)
        lus = {m.group(2): Fraction(int(m.group(3)), int(m.group(4))) for m in
               re.finditer(r"au moins (\d+) « ([^»]+) » : (\d+)/(\d+) \(", chance)}
        assert lus == par_symbole, (resultat, par_symbole)
        ensemble_lu = re.search(r"tout cela ensemble : (\d+)/(\d+) \(", chance)
        if len(par_symbole) > 1:
            assert ensemble_lu and Fraction(int(ensemble_lu.group(1)), int(ensemble_lu.group(2))) == ensemble
        else:
            assert ensemble_lu is None
        assert resultat in page.locator("[data-role=journal] li").first.inner_text()
        vus += 1
    assert vus == 4
    onglet.verifier_propre()
