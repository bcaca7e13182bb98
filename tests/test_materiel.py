"""The « Mon matériel » file (issue 26) read by the command line: a club shares one file.

A HAMI deck written by kinds of card (the page's export) gives the same odds as the same deck
written card by card, through the engine both ways, and the simplest draw is enumerated here with
exact fractions. A Hate file gives « probas-liste » the same matrix as the inputs typed one by one.
Every deck and die here is INVENTED test data (the books print them only on cards and dice).
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from browser_engine.errors import ErreurEntree
from browser_engine.materiel import cartes, saisies

ROOT = Path(__file__).resolve().parent.parent
LISTE_HATE = ROOT / "data" / "hate" / "listes" / "01-simple-bataille-um-rak.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def carte(jl: int, jo: int, nl: int = 0, no: int = 0) -> dict[str, Any]:
    return {"jour": {"lumiere": jl, "ombre": jo}, "nuit": {"lumiere": nl, "ombre": no}}


# INVENTED deck: 12 cards in 4 kinds (3 + 4 + 3 + 2), written as the page exports it (empty cells are "").
SORTES = [{"nom": "", "nombre": 3, "jour": {"lumiere": 1, "ombre": ""}, "nuit": {"lumiere": "", "ombre": 1}},
          {"nom": "", "nombre": 4, "jour": {"lumiere": 2, "ombre": 1}, "nuit": {"lumiere": "", "ombre": ""}},
          {"nom": "", "nombre": 3, "jour": {"lumiere": "", "ombre": ""}, "nuit": {"lumiere": 1, "ombre": 1}},
          {"nom": "", "nombre": 2, "jour": {"lumiere": "", "ombre": ""}, "nuit": {"lumiere": "", "ombre": ""}}]
CARTE_PAR_CARTE = [carte(1, 0, 0, 1), carte(2, 1), carte(0, 0, 1, 1), carte(0, 0), carte(1, 0, 0, 1), carte(2, 1),
                   carte(0, 0, 1, 1), carte(0, 0), carte(2, 1), carte(1, 0, 0, 1), carte(0, 0, 1, 1), carte(2, 1)]


def ecrire(tmp_path: Path, nom: str, contenu: Any) -> Path:
    chemin = tmp_path / nom
    chemin.write_text(json.dumps(contenu, ensure_ascii=False), encoding="utf-8")
    return chemin


def loi(sortie: str) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in json.loads(sortie)["distribution"] if Fraction(d["fraction"])}


def test_paquet_par_sortes_memes_chances_que_carte_par_carte(tmp_path: Path) -> None:
    materiel = ecrire(tmp_path, "materiel-hami.json", {"format": "compendium-materiel", "version": 1, "jeu": "hami",
                                                       "paquets": {"paquet": SORTES}})
    une_a_une = ecrire(tmp_path, "cartes.json", CARTE_PAR_CARTE)
    for options in (["--cartes", "1"], ["--cartes", "2", "--couvert", "--nuit", "--main-defenseur", "1"]):
        par_sortes = run("probas", "hami", "combat_cartes", "--paquet", str(materiel), *options, "--json")
        assert par_sortes.returncode == 0, par_sortes.stderr
        attendu = run("probas", "hami", "combat_cartes", "--paquet", str(une_a_une), *options, "--json")
        assert attendu.returncode == 0, attendu.stderr
        assert loi(par_sortes.stdout) == loi(attendu.stdout)
        if options == ["--cartes", "1"]:
            # One card each from two decks of this composition, Jour halves (HAMI line 331: each symbol
            # of the attacker beyond the defender's costs 1 Essence).
            jour = [(c["jour"]["lumiere"], c["jour"]["ombre"]) for c in CARTE_PAR_CARTE]
            enumeree: dict[int, Fraction] = {}
            for a, d in itertools.product(jour, repeat=2):
                k = max(0, a[0] - d[0]) + max(0, a[1] - d[1])
                enumeree[k] = enumeree.get(k, Fraction(0)) + Fraction(1, len(jour) ** 2)
            assert loi(par_sortes.stdout) == enumeree


def test_un_fichier_de_materiel_sert_a_probas_liste(tmp_path: Path) -> None:
    de = ["frapper", "frapper", "parer", "", "sauvagerie", "joker"]  # INVENTED; "" is a blank face as the page keeps it
    materiel = ecrire(tmp_path, "materiel-hate.json", {
        "format": "compendium-materiel", "version": 1, "jeu": "hate", "des": {"de-hate": de},
        "valeurs": {"hate-attaque-guerrier": {"valeur": 2, "nom": "Guerrier : dés d'attaque"}}})
    une_a_une = ecrire(tmp_path, "saisies.json", {"de-hate": ["frapper", "frapper", "parer", "vide", "sauvagerie", "joker"],
                                                  "hate-attaque-guerrier": 2})
    par_fichier = run("probas-liste", str(LISTE_HATE), "--saisies", str(materiel), "--json")
    assert par_fichier.returncode == 0, par_fichier.stderr
    attendu = run("probas-liste", str(LISTE_HATE), "--saisies", str(une_a_une), "--json")
    assert json.loads(par_fichier.stdout) == json.loads(attendu.stdout)
    assert json.loads(attendu.stdout)["calculable"] is True


def test_le_fichier_d_un_autre_jeu_est_refuse(tmp_path: Path) -> None:
    materiel = ecrire(tmp_path, "materiel-hate.json", {"format": "compendium-materiel", "jeu": "hate", "des": {"de-hate": ["joker"]}})
    sortie = run("probas", "hami", "combat_cartes", "--paquet", str(materiel))
    assert sortie.returncode == 2
    assert "matériel du jeu « hate », pas de « hami »" in sortie.stderr
    sans = ecrire(tmp_path, "materiel-hami.json", {"format": "compendium-materiel", "jeu": "hami"})
    sortie = run("probas", "hami", "combat_cartes", "--paquet", str(sans))
    assert sortie.returncode == 2 and "ne contient pas « Paquet de cartes Combat »" in sortie.stderr


def test_une_sorte_de_carte_est_repetee_selon_son_nombre() -> None:
    deck = cartes([{"nom": "Bond", "nombre": "3", "jour": {"lumiere": "2", "ombre": ""}, "nuit": {}}])
    assert deck == [{"nom": "Bond", "jour": {"lumiere": 2, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 0}}] * 3
    for mauvais, fragment in (([{"nombre": ""}], "son nombre de cartes"), ([{"nombre": "0"}], "son nombre de cartes"),
                              ([{"nombre": 61}], "plus de 60 cartes"), ({"nombre": 1}, "une liste")):
        with pytest.raises(ErreurEntree, match=fragment):
            cartes(mauvais)
    assert saisies({"format": "compendium-materiel", "valeurs": {"x": {"valeur": "4"}}}, "hate") == {"x": 4}
