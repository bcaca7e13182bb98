"""« Dés libres » (browser_engine/des_libres.py): exact laws of any pool, checked by enumeration.

Every expected value is computed here with `fractions.Fraction`, by walking each die's rolls one
by one (a rerolled first roll, then each explosion, up to the depth) and then every combination
of the dice: nothing is taken from the engine. Then the bounds (refused before anything is
computed, with a French message naming the limit), bad inputs, and the CLI.
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from browser_engine import des_libres
from browser_engine.errors import ErreurEntree

ROOT = Path(__file__).resolve().parent.parent

# --- Enumeration, independent of the engine --------------------------------------------------

Face = int | tuple[str, ...]  # a number, or the symbols a face shows


def jets(faces: list[Face], explose: set[Face], relance: set[Face], profondeur: int,
         ) -> Iterator[tuple[list[Face], Fraction, bool]]:
    """Every way one die can land: the faces it counts, in order, their probability, and whether
    the last one would have exploded again past the depth. Each roll picks one of the faces
    (duplicates count separately); a first roll on a `relance` face is thrown away and rolled
    again (once); a face in `explose` adds a new roll, at most `profondeur` times."""
    k = len(faces)

    def suite(gardees: list[Face], p: Fraction, premier: bool, explosions: int) -> Iterator[tuple[list[Face], Fraction, bool]]:
        for face in faces:
            q = p / k
            if premier and face in relance:
                yield from suite(gardees, q, False, explosions)
            elif face in explose and explosions < profondeur:
                yield from suite([*gardees, face], q, False, explosions + 1)
            else:
                yield [*gardees, face], q, face in explose

    yield from suite([], Fraction(1), True, 0)


def loi(des: list[list[Face]], valeur: Callable[[list[list[Face]]], int], explose: set[Face] = frozenset(),
        relance: set[Face] = frozenset(), profondeur: int = 0) -> tuple[dict[int, Fraction], Fraction]:
    """The law of `valeur(faces counted by each die)` over every combination, and P(some die hit the depth)."""
    par_de = [list(jets(faces, explose, relance, profondeur)) for faces in des]
    sortie: dict[int, Fraction] = defaultdict(Fraction)
    coupe = Fraction(0)
    for combinaison in itertools.product(*par_de):
        p = Fraction(1)
        for _, q, _ in combinaison:
            p *= q
        sortie[valeur([faces for faces, _, _ in combinaison])] += p
        if any(tronque for _, _, tronque in combinaison):
            coupe += p
    return dict(sortie), coupe


def somme(jet: list[list[Face]]) -> int:
    return sum(f for faces in jet for f in faces)  # type: ignore[misc]


def meilleurs(n: int) -> Callable[[list[list[Face]]], int]:
    return lambda jet: sum(sorted((sum(faces) for faces in jet), reverse=True)[:n])  # type: ignore[arg-type]


def pires(n: int) -> Callable[[list[list[Face]]], int]:
    return lambda jet: sum(sorted(sum(faces) for faces in jet)[:n])  # type: ignore[arg-type]


def succes(seuil: int) -> Callable[[list[list[Face]]], int]:
    return lambda jet: sum(1 for faces in jet for f in faces if f >= seuil)  # type: ignore[operator]


def symboles(nom: str) -> Callable[[list[list[Face]]], int]:
    return lambda jet: sum(f.count(nom) for faces in jet for f in faces)  # type: ignore[union-attr]


def d(n: int) -> list[Face]:
    return list(range(1, n + 1))


def comparer(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[str, Fraction]:
    sortie = {"a": Fraction(0), "egalite": Fraction(0), "b": Fraction(0)}
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        sortie["a" if x > y else "b" if y > x else "egalite"] += p * q
    return sortie


# --- The engine's answer, read back -------------------------------------------------------------


def distribution(reponse: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in reponse["distribution"]}


def une(reserve: dict[str, Any]) -> dict[str, Any]:
    return des_libres.calculer({"reserves": [reserve]})["reserves"][0]


EPEE = ("épée",)
BOUCLIER = ("bouclier",)

# (pool as the page sends it, dice for the enumeration, value, explosion, reroll, depth)
CAS: dict[str, tuple[dict[str, Any], list[list[Face]], Callable[[list[list[Face]]], int], set[Face], set[Face], int]] = {
    "3d6 somme": ({"des": [{"nombre": 3, "faces": "d6"}]}, [d(6)] * 3, somme, set(), set(), 0),
    "2d6 + 1d8 somme": ({"des": [{"nombre": 2, "faces": "1, 2, 3, 4, 5, 6"}, {"nombre": 1, "faces": "1..8"}]},
                        [d(6), d(6), d(8)], somme, set(), set(), 0),
    "4d6 garder 3 meilleurs": ({"des": [{"nombre": 4, "faces": "d6"}], "operation": "meilleurs", "garder": 3},
                               [d(6)] * 4, meilleurs(3), set(), set(), 0),
    "3d10 garder le moins bon": ({"des": [{"nombre": 3, "faces": "d10"}], "operation": "pires", "garder": 1},
                                 [d(10)] * 3, pires(1), set(), set(), 0),
    "5d6 succès à 5 ou plus": ({"des": [{"nombre": 5, "faces": "d6"}], "operation": "succes", "seuil": 5},
                               [d(6)] * 5, succes(5), set(), set(), 0),
    "3 dés de symboles, épée comptée": (
        {"des": [{"nombre": 3, "faces": "épée+épée, Épée, bouclier, vide*3"}], "operation": "symboles", "symbole": "épée"},
        [[("épée", "épée"), EPEE, BOUCLIER, (), (), ()]] * 3, symboles("épée"), set(), set(), 0),
    "4 dés Fudge (-1, 0, 0, 1) somme": ({"des": [{"nombre": 4, "faces": "-1, 0*2, 1"}]}, [[-1, 0, 0, 1]] * 4,
                                        somme, set(), set(), 0),
    "2d6 somme, explose sur 6, profondeur 2": (
        {"des": [{"nombre": 2, "faces": "d6"}], "explosion": {"faces": "6", "profondeur": 2}},
        [d(6)] * 2, somme, {6}, set(), 2),
    "3d6 somme, relance les 1": ({"des": [{"nombre": 3, "faces": "d6"}], "relance": {"faces": "1"}},
                                 [d(6)] * 3, somme, set(), {1}, 0),
    "2d10 succès à 8, relance les 1, explose sur 10 (profondeur 3)": (
        {"des": [{"nombre": 2, "faces": "d10"}], "operation": "succes", "seuil": 8, "relance": {"faces": "1"},
         "explosion": {"faces": "10", "profondeur": 3}},
        [d(10)] * 2, succes(8), {10}, {1}, 3),
    "3d6 garder 2 meilleurs, explose sur 5 et 6 (profondeur 1)": (
        {"des": [{"nombre": 3, "faces": "d6"}], "operation": "meilleurs", "garder": 2,
         "explosion": {"faces": "5, 6", "profondeur": 1}},
        [d(6)] * 3, meilleurs(2), {5, 6}, set(), 1),
    "2 dés de symboles, explose sur épée+épée": (
        {"des": [{"nombre": 2, "faces": "épée+épée, épée, vide*2"}], "operation": "symboles", "symbole": "épée",
         "explosion": {"faces": "épée+épée", "profondeur": 2}},
        [[("épée", "épée"), EPEE, (), ()]] * 2, symboles("épée"), {("épée", "épée")}, set(), 2),
}


@pytest.mark.parametrize("nom", list(CAS))
def test_loi_exacte_par_enumeration(nom: str) -> None:
    reserve, des, valeur, explose, relance, profondeur = CAS[nom]
    attendue, coupe = loi(des, valeur, explose, relance, profondeur)
    reponse = une(reserve)
    assert distribution(reponse) == {v: p for v, p in attendue.items() if p}
    assert sum(distribution(reponse).values()) == 1
    moyenne = sum(v * p for v, p in attendue.items())
    assert Fraction(reponse["esperance"]["fraction"]) == moyenne
    if explose:
        troncature = next(i for i in reponse["issues"] if i["id"] == "troncature")
        assert Fraction(troncature["fraction"]) == coupe > 0
        assert reponse["explosion"]["profondeur"] == profondeur
        assert f"au plus {profondeur} fois" in reponse["note_troncature"]
    else:
        assert "issues" not in reponse


@pytest.mark.parametrize(("nom_a", "nom_b"), [
    ("4d6 garder 3 meilleurs", "2d6 + 1d8 somme"),
    ("2d6 somme, explose sur 6, profondeur 2", "3d6 somme, relance les 1"),
    ("5d6 succès à 5 ou plus", "3 dés de symboles, épée comptée"),
])
def test_deux_reserves_comparees(nom_a: str, nom_b: str) -> None:
    reserve_a, des_a, valeur_a, explose_a, relance_a, profondeur_a = CAS[nom_a]
    reserve_b, des_b, valeur_b, explose_b, relance_b, profondeur_b = CAS[nom_b]
    loi_a, _ = loi(des_a, valeur_a, explose_a, relance_a, profondeur_a)
    loi_b, _ = loi(des_b, valeur_b, explose_b, relance_b, profondeur_b)
    attendue = comparer(loi_a, loi_b)
    reponse = des_libres.calculer({"reserves": [reserve_a, reserve_b]})
    assert [r["nom"] for r in reponse["reserves"]] == ["A", "B"]
    assert distribution(reponse["reserves"][0]) == {v: p for v, p in loi_a.items() if p}
    assert distribution(reponse["reserves"][1]) == {v: p for v, p in loi_b.items() if p}
    assert {cle: Fraction(v["fraction"]) for cle, v in reponse["comparaison"].items()} == attendue
    assert sum(attendue.values()) == 1 and attendue["egalite"] > 0


def test_une_reserve_sans_comparaison() -> None:
    reponse = des_libres.calculer({"reserves": [{"des": [{"nombre": 1, "faces": "d4"}]}]})
    assert reponse["comparaison"] is None
    assert reponse["limites"]["des"] == des_libres.MAX_DES


def test_resume_et_sortie_en_francais() -> None:
    reponse = une({"des": [{"nombre": 3, "faces": "d6"}, {"nombre": 1, "faces": "épée*2, vide*4", "nom": "Dé inventé"}],
                   "operation": "symboles", "symbole": "épée", "explosion": {"faces": "épée", "profondeur": 4},
                   "relance": {"faces": "vide"}})
    assert reponse["resume"] == ("3 × d6 + 1 × Dé inventé (épée*2, vide*4) ; Symboles « épée » ; explose sur épée "
                                 "(au plus 4 relances par dé) ; relance une fois vide")
    assert une({"des": [{"nombre": 4, "faces": "d6"}], "operation": "meilleurs", "garder": 3})["sortie"] == \
        "Somme des 3 meilleurs dés"


# --- Bounds: refused before anything is computed, the limit named ----------------------------


@pytest.fixture
def sans_calcul(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any pool's law computed fails the test: a refused pool must be refused before.

    One die's law (`loi_du_de`) is built for the estimate, once its own work is within the limit
    (issue 37, item 16): only the pool's law and the sum are forbidden here.
    """
    def interdit(*args: object) -> None:
        raise AssertionError("calcul lancé malgré une borne dépassée")

    monkeypatch.setattr(des_libres, "loi_reserve", interdit)
    monkeypatch.setattr(des_libres, "somme", interdit)


@pytest.mark.parametrize(("reserve", "attendu"), [
    ({"des": [{"nombre": 1001, "faces": "d6"}]}, "de 1 à 1000"),
    ({"des": [{"nombre": 600, "faces": "d6"}, {"nombre": 401, "faces": "d4"}]}, "1001 dés ; au plus 1000 dés par réserve"),
    ({"des": [{"nombre": 1, "faces": f"d{k}"} for k in range(2, 9)]}, "7 sortes de dés ; au plus 6 par réserve"),
    ({"des": [{"nombre": 1, "faces": "d101"}]}, "de 1 à 100 faces"),
    ({"des": [{"nombre": 1, "faces": "1..101"}]}, "101 faces ; au plus 100 par dé"),
    ({"des": [{"nombre": 1, "faces": "x*60, y*41"}]}, "plus de 100 faces"),
    ({"des": [{"nombre": 1, "faces": "1, 1001"}]}, "dépasse la limite de 1000"),
    ({"des": [{"nombre": 2, "faces": "d6"}], "explosion": {"faces": "6", "profondeur": 11}}, "de 1 à 10"),
    ({"des": [{"nombre": 1000, "faces": "d20"}]}, "trop lourd pour le navigateur"),
    ({"des": [{"nombre": 300, "faces": "d6"}], "explosion": {"faces": "6", "profondeur": 10}}, "trop lourd"),
    ({"des": [{"nombre": 60, "faces": "d20"}], "operation": "meilleurs", "garder": 59}, "trop lourd"),
    ({"des": [{"nombre": 10, "faces": "d100"}], "explosion": {"faces": "1..100", "profondeur": 10}}, "trop lourd"),
    ({"des": [{"nombre": 60, "faces": "0, 1000"}]}, "pourrait prendre 60 001 valeurs ; au plus 20 000"),
])
def test_bornes_verifiees_avant_le_calcul(sans_calcul: None, reserve: dict[str, Any], attendu: str) -> None:
    with pytest.raises(ErreurEntree) as erreur:
        des_libres.calculer({"reserves": [reserve]})
    assert attendu in erreur.value.message.replace("\u202f", " ")
    assert erreur.value.message.startswith("Réserve A")


def test_le_message_de_travail_nomme_sa_limite(sans_calcul: None) -> None:
    with pytest.raises(ErreurEntree, match="limite 2\u202f000\u202f000") as erreur:
        des_libres.calculer({"reserves": [{"des": [{"nombre": 2, "faces": "d6"}]}, {"des": [{"nombre": 1000, "faces": "d20"}]}]})
    assert erreur.value.message.startswith("Réserve B : calcul exact trop lourd")


def test_exemples_de_la_page_dans_les_bornes() -> None:
    """The page's examples of the work limit hold (templates/des-libres.md.j2)."""
    page = " ".join((ROOT / "generator" / "templates" / "des-libres.md.j2").read_text("utf-8").split())
    assert ("1 000 d6 additionnés passent, 1 000 d20 non ; garder les 3 meilleurs de 60 dés passe pour des d4 à "
            "d20, pas pour 6 sortes de 10 dés aux faces inégales comme « 1, 1, 2, 3, 5, 8 »") in page
    des_libres.verifier_bornes(des_libres.lire_reserve({"des": [{"nombre": 1000, "faces": "d6"}]}, "A"))
    with pytest.raises(ErreurEntree):
        des_libres.verifier_bornes(des_libres.lire_reserve({"des": [{"nombre": 1000, "faces": "d20"}]}, "A"))
    des_n = [{"nombre": 10, "faces": f} for f in ("d4", "d6", "d8", "d10", "d12", "d20")]
    des_libres.verifier_bornes(des_libres.lire_reserve({"des": des_n, "operation": "meilleurs", "garder": 3}, "A"))
    inegales = [{"nombre": 10, "faces": f} for f in ("1, 1, 2, 3, 5, 8", "0..5", "2, 3, 3, 4, 4, 5", "d8",
                                                       "1, 2, 3, 4, 5, 7", "-1..4")]
    with pytest.raises(ErreurEntree):
        des_libres.verifier_bornes(des_libres.lire_reserve({"des": inegales, "operation": "meilleurs", "garder": 3},
                                                           "A"))


@pytest.mark.parametrize(("requete", "attendu"), [
    ("3d6", "Requête des dés libres : un objet est attendu"),
    ({"reserves": []}, "indiquez une ou deux réserves"),
    ({"reserves": [{"des": [{"faces": "d6"}]}] * 3}, "3 réserves ; au plus 2 (A et B)"),
    ({"reserves": [{"des": []}]}, "Réserve A : indiquez au moins un dé"),
    ({"reserves": [{"des": [{"faces": "d6"}], "couleur": "rouge"}]}, "champ inconnu « couleur »"),
    ({"reserves": [{"des": [{"faces": ""}]}]}, "Réserve A, dé 1 : indiquez les faces du dé"),
    ({"reserves": [{"des": [{"faces": "1, 2, , 3"}]}]}, "une face est vide entre deux virgules"),
    ({"reserves": [{"des": [{"faces": "1, 2+épée"}]}]}, "mêle un nombre et un symbole"),
    ({"reserves": [{"des": [{"faces": "1, ?!"}]}]}, "« ?! » n'est ni un nombre entier, ni un symbole"),
    ({"reserves": [{"des": [{"faces": "6..1"}]}]}, "du plus petit au plus grand"),
    ({"reserves": [{"des": [{"faces": "épée, vide"}]}]}, "la face « épée » n'est pas un nombre"),
    ({"reserves": [{"des": [{"faces": "épée, vide"}], "operation": "symboles", "symbole": "hache"}]},
     "symbole à compter « hache » absent des faces ; symboles des faces : épée"),
    ({"reserves": [{"des": [{"faces": "d6"}], "operation": "symboles", "symbole": "6"}]}, "aucune face ne porte de symbole"),
    ({"reserves": [{"des": [{"nombre": 3, "faces": "d6"}], "operation": "meilleurs", "garder": 4}]},
     "le nombre de dés gardés doit être un nombre entier de 1 à 3 (reçu : 4)"),
    ({"reserves": [{"des": [{"faces": "d6"}], "operation": "succes"}]}, "le seuil de succès doit être un nombre entier"),
    ({"reserves": [{"des": [{"faces": "d6"}], "operation": "produit"}]}, "opération « produit » inconnue"),
    ({"reserves": [{"des": [{"faces": "d6"}], "explosion": {"faces": "7"}}]},
     "Réserve A, explosion : aucun dé de la réserve n'a la face « 7 »"),
    ({"reserves": [{"des": [{"faces": "d6"}], "relance": {"faces": "épée"}}]}, "relance : aucun dé de la réserve n'a la face"),
    ({"reserves": [{"des": [{"nombre": "trois", "faces": "d6"}]}]}, "le nombre de dés doit être un nombre entier"),
    ({"reserves": [{"des": [{"nombre": True, "faces": "d6"}]}]}, "(reçu : true)"),
    ({"reserves": [{"des": [{"faces": {"a": 1}}]}]}, "indiquez les faces du dé en texte"),
    ({"reserves": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
     "Requête invalide"),
])
def test_entrees_invalides_message_francais(requete: Any, attendu: str) -> None:
    with pytest.raises(ErreurEntree) as erreur:
        des_libres.calculer(requete)
    assert attendu in erreur.value.message


# --- The command line --------------------------------------------------------------------------


def cli(*args: str, entree: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", "des-libres", *args], input=entree,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


DEUX = {"reserves": [CAS["4d6 garder 3 meilleurs"][0], CAS["2d6 somme, explose sur 6, profondeur 2"][0]]}


def test_cli_lit_le_lien_de_la_page() -> None:
    lien = "http://127.0.0.1:8000/outils/des-libres/#reserves=" + quote(json.dumps(DEUX, ensure_ascii=False), safe="")
    run = cli(lien, "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == json.loads(json.dumps(des_libres.calculer(DEUX)))
    loi_a, _ = loi(*CAS["4d6 garder 3 meilleurs"][1:])
    loi_b, _ = loi(*CAS["2d6 somme, explose sur 6, profondeur 2"][1:])
    attendue = comparer(loi_a, loi_b)
    assert Fraction(json.loads(run.stdout)["comparaison"]["a"]["fraction"]) == attendue["a"]


def test_cli_texte_comme_la_page(tmp_path: Path) -> None:
    fichier = tmp_path / "reserves.yaml"
    fichier.write_text("reserves:\n  - des: [{nombre: 3, faces: d6}]\n  - des: [{nombre: 2, faces: d6}]\n"
                       "    explosion: {faces: '6', profondeur: 2}\n", "utf-8")
    run = cli(str(fichier))
    assert run.returncode == 0, run.stderr
    assert "Réserve A : 3 × d6 ; somme des dés" in run.stdout
    assert "Réserve B : 2 × d6 ; somme des dés ; explose sur 6 (au plus 2 relances par dé)" in run.stdout
    attendue = comparer(loi([d(6)] * 3, somme)[0], loi([d(6)] * 2, somme, {6}, set(), 2)[0])
    ligne = next(x for x in run.stdout.splitlines() if "A fait plus que B" in x)
    assert ligne.endswith(f"({attendue['a'].numerator}/{attendue['a'].denominator})")
    troncature = loi([d(6)] * 2, somme, {6}, set(), 2)[1]
    assert "Chaque dé relance au plus 2 fois" in run.stdout
    assert f"({troncature.numerator}/{troncature.denominator})." in run.stdout
    # « au moins » : the row of 3 (the lowest total of 3d6) is 100 %.
    assert any(x.split()[:3] == ["3", "0,46", "%"] and "100,00 %" in x for x in run.stdout.splitlines())


@pytest.mark.parametrize(("args", "entree", "attendu"), [
    (["http://x/outils/des-libres/#reserves=%7Bpas-du-json"], None, "Lien illisible"),
    (['{reserves: [{des: [{nombre: 1001, faces: d6}]}]}'], None, "de 1 à 1000"),
    (["-"], "reserves: [{des: [{nombre: 1000, faces: d20}]}]\n", "trop lourd pour le navigateur"),
    (["pas-un-fichier.yaml"], None, "n'est ni un lien de la page « Dés libres », ni un fichier"),
    (["{reserves: [{des: [{faces: 'épée'}], operation: symboles, symbole: hache}]}"], None, "absent des faces"),
])
def test_cli_refuse_en_francais_code_2(args: list[str], entree: str | None, attendu: str) -> None:
    run = cli(*args, entree=entree)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.startswith("Erreur : ") and attendu in run.stderr
    assert "Traceback" not in run.stderr


def test_cli_aide() -> None:
    run = cli("--aide")
    assert run.returncode == 0
    assert "Dés libres" in run.stdout and "REQUETE" in run.stdout
