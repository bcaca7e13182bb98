"""Odds of a whole list (composer action `probas`): cells checked against brute-force odds.

Expected values are derived here from the rules sheet (data/bataille-d6/sections.yaml, phases
de tir et de corps à corps; mots-cles.yaml, Puissante): an attack eliminates its target when the
attack die is ≤ the Tir/Mêlée value and the save die is > the target's Armure (−1 when the
attacker is Puissante and the target is not). Dice are enumerated with itertools.product.
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from browser_engine.cli import charger_donnees
from browser_engine.errors import ErreurEntree
from browser_engine.reader import lire_liste
from browser_engine.requetes import executer

ROOT = Path(__file__).resolve().parents[1]
D6_LISTES = ROOT / "data" / "bataille-d6" / "listes"
FACES = range(1, 7)


@pytest.fixture(scope="module")
def d6() -> dict:
    return charger_donnees("bataille-d6")


def _liste(nom: str) -> dict:
    return lire_liste((D6_LISTES / nom).read_text(encoding="utf-8"))


def _p_one(valeur: int, armure: int, malus: int) -> Fraction:
    """One attack: enumerate (attack die, save die) pairs."""
    save = max(0, armure - malus)
    wins = sum(1 for hit, sv in itertools.product(FACES, FACES) if hit <= valeur and sv > save)
    return Fraction(wins, 36)


def _brute_law(valeur: int, armure: int, malus: int, attacks: int) -> dict[int, Fraction]:
    """The law of eliminated figures by enumerating every die of every attack (small counts)."""
    save = max(0, armure - malus)
    counts: dict[int, int] = {}
    for dice in itertools.product(FACES, repeat=2 * attacks):
        k = sum(1 for i in range(attacks) if dice[2 * i] <= valeur and dice[2 * i + 1] > save)
        counts[k] = counts.get(k, 0) + 1
    total = 36 ** attacks
    return {k: Fraction(c, total) for k, c in counts.items()}


def _binomial_law(p: Fraction, n: int) -> dict[int, Fraction]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _cell_law(cell: dict) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in cell["distribution"]}


def _cell(matrice: dict, entry_name: str, action: str, target: str) -> dict:
    index = [c["id"] for c in matrice["cibles"]].index(target)
    entree = next(e for e in matrice["entrees"] if e["nom"] == entry_name)
    return next(a for a in entree["actions"] if a["id"] == action)["cellules"][index]


def _probas(donnees: dict, liste: dict, **extra) -> dict:
    return executer(donnees, liste, {"action": "probas", "liste": liste, **extra})


def test_one_row_per_entry_and_the_announced_targets(d6):
    liste = _liste("01-gardiens-du-col.yaml")
    m = _probas(d6, liste)
    assert m["calculable"] is True
    assert [e["nom"] for e in m["entrees"]] == [e["nom"] for e in liste["entrees"]]
    expected = [f"armure-{a}" for a in range(6)] + [f"armure-{a}-puissante" for a in range(6)]
    assert [c["id"] for c in m["cibles"]] == expected
    for entree in m["entrees"]:
        for action in entree["actions"]:
            assert len(action["cellules"]) == len(expected)


def test_shooting_cell_is_the_binomial_of_the_brute_force_single_shot(d6):
    m = _probas(d6, _liste("01-gardiens-du-col.yaml"))
    cell = _cell(m, "Archers", "tir", "armure-2")  # 8 archers, Tir 3
    p = _p_one(3, 2, 0)
    law = _binomial_law(p, 8)
    assert _cell_law(cell) == {k: v for k, v in law.items() if v}
    assert Fraction(cell["esperance"]["fraction"]) == 8 * p
    assert Fraction(cell["au_moins_un"]["fraction"]) == 1 - (1 - p) ** 8
    assert cell["au_moins_un"]["probabilite"] == pytest.approx(float(1 - (1 - p) ** 8))


def test_puissante_attacker_lowers_armour_except_against_a_puissante_target(d6):
    m = _probas(d6, _liste("01-gardiens-du-col.yaml"))
    # Troll des montagnes: Mêlée 4, two attacks, Puissante; no shooting (Tir 0).
    troll = next(e for e in m["entrees"] if e["nom"] == "Troll des montagnes")
    assert [a["id"] for a in troll["actions"]] == ["melee"]
    assert _cell_law(_cell(m, "Troll des montagnes", "melee", "armure-3")) == _brute_law(4, 3, 1, 2)
    assert _cell_law(_cell(m, "Troll des montagnes", "melee", "armure-3-puissante")) == _brute_law(4, 3, 0, 2)
    # A non-Puissante unit is unaffected by the target's Puissante.
    assert (_cell_law(_cell(m, "Chevaliers", "melee", "armure-4"))
            == _cell_law(_cell(m, "Chevaliers", "melee", "armure-4-puissante"))
            == {k: v for k, v in _binomial_law(_p_one(4, 4, 0), 4).items() if v})


def test_my_list_against_theirs(d6):
    adverse = (D6_LISTES / "02-horde-des-cimes.yaml").read_text(encoding="utf-8")
    m = _probas(d6, _liste("01-gardiens-du-col.yaml"), adverse=adverse)
    adverses = [c for c in m["cibles"] if c["groupe"] == "adverse"]
    assert [c["nom"] for c in adverses] == ["Harpies", "Gobelins frondeurs", "Chef de guerre ailé", "Chaman des vents"]
    harpies = next(c for c in adverses if c["nom"] == "Harpies")
    cell = _cell(m, "Lanciers", "melee", harpies["id"])  # 10 attacks at Mêlée 3 against Armure 1, 5 figures
    law = _binomial_law(_p_one(3, 1, 0), 10)
    assert _cell_law(cell) == law
    assert Fraction(cell["hors_de_combat"]["fraction"]) == sum(v for k, v in law.items() if k >= 5)
    # The Troll (Puissante) against the Chef de guerre ailé (Armure 3, not Puissante): malus 1.
    chef = next(c for c in adverses if c["nom"] == "Chef de guerre ailé")
    assert _cell_law(_cell(m, "Troll des montagnes", "melee", chef["id"])) == _brute_law(4, 3, 1, 2)


def test_a_unit_with_more_attacks_than_one_calculation_takes(d6):
    liste = {"jeu": "bataille-d6", "nom": "Nuée", "format": 500,
             "entrees": [{"nom": "Nuée", "nombre": 20, "attaques": 2, "mouvement": 12, "melee": 2, "tir": 1,
                          "armure": 0}]}
    m = _probas(d6, liste)
    melee = _cell(m, "Nuée", "melee", "armure-1")
    assert _cell_law(melee) == _binomial_law(_p_one(2, 1, 0), 40)
    assert Fraction(melee["esperance"]["fraction"]) == 40 * _p_one(2, 1, 0)
    assert _cell_law(_cell(m, "Nuée", "tir", "armure-0")) == _binomial_law(_p_one(1, 0, 0), 20)


@pytest.mark.parametrize(("liste", "requete", "debut"), [
    ({"jeu": "bataille-d6", "entrees": "beaucoup"}, {}, "La liste doit avoir une clé « entrees »"),
    ({"jeu": "hami", "entrees": []}, {}, "Cette liste est pour le jeu « hami »"),
    ({"jeu": "bataille-d6", "entrees": []}, {"adverse": "entrees: [\n"}, "Liste adverse illisible"),
    ({"jeu": "bataille-d6", "entrees": []}, {"adverse": 12}, "La liste adverse doit être un objet"),
    ({"jeu": "bataille-d6", "entrees": [{"nom": "x"}] * 201}, {}, "La liste a 201 entrées"),
])
def test_hostile_input_gets_a_french_error(d6, liste, requete, debut):
    with pytest.raises(ErreurEntree) as exc:
        _probas(d6, liste, **requete)
    assert exc.value.message.startswith(debut)


def test_unreadable_values_are_remarks_not_crashes(d6):
    """Values the checker refuses are never computed on (issue 24, item 14): the entry says why."""
    mur = {"nom": "Mur", "armure": 5, "nombre": 3, "mouvement": 6, "melee": 1, "tir": 0}
    liste = {"jeu": "bataille-d6", "entrees": [
        {"nom": "<script>alert(1)</script>", "melee": "beaucoup", "tir": 9, "armure": 2, "mouvement": 6},
        "pas un objet",
        {"nom": "Correcte", "melee": 1, "tir": 0, "armure": 0, "nombre": -3, "mouvement": 6},
    ]}
    m = _probas(d6, liste, adverse={"entrees": [{"nom": "Sans armure", "mouvement": 6, "melee": 1, "tir": 0}, mur]})
    bad = m["entrees"][0]
    assert bad["nom"] == "<script>alert(1)</script>" and bad["actions"] == []
    assert bad["remarques"][0].startswith("Entrée refusée par la vérification, pas de calcul : ")
    assert "Mêlée" in bad["remarques"][0] and "Tir" in bad["remarques"][0]
    assert [e["index"] for e in m["entrees"]] == [0, 2]
    correcte = m["entrees"][1]  # nombre -3: refused by the checker, not read as one figure
    assert correcte["actions"] == [] and "Nombre" in correcte["remarques"][0]
    assert [c["nom"] for c in m["cibles"] if c["groupe"] == "adverse"] == ["Mur"]
    assert any(n.startswith("Liste adverse, entrée 1 « Sans armure »") for n in m["notes"])


def test_cli_probas_liste_json_and_errors(tmp_path):
    gardiens = str(D6_LISTES / "01-gardiens-du-col.yaml")
    horde = str(D6_LISTES / "02-horde-des-cimes.yaml")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", gardiens, "--adverse", horde,
                          "--json"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    m = json.loads(run.stdout)
    cell = _cell(m, "Éclaireurs", "tir", "armure-1")  # 6 scouts at Tir 2
    assert _cell_law(cell) == _binomial_law(_p_one(2, 1, 0), 6)
    texte = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", gardiens],
                           capture_output=True, text=True, cwd=ROOT, check=False)
    assert texte.returncode == 0 and "Probabilités de la liste « Les Gardiens du Col »" in texte.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("entrees: [\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", gardiens, "--adverse", str(bad)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 2
    assert run.stderr.startswith("Erreur : Liste adverse illisible")


def test_browser_requests_one_group_floats_then_one_exact_cell(d6):
    liste = _liste("01-gardiens-du-col.yaml")
    adverse = (D6_LISTES / "02-horde-des-cimes.yaml").read_text(encoding="utf-8")
    m = _probas(d6, liste, adverse=adverse, groupe="", fractions=False)
    assert {c["groupe"] for c in m["cibles"]} == {"adverse"}  # "": the opposing list comes first
    m = _probas(d6, liste, groupe="armure-puissante", fractions=False)
    assert [c["id"] for c in m["cibles"]] == [f"armure-{a}-puissante" for a in range(6)]
    cell = _cell(m, "Troll des montagnes", "melee", "armure-5-puissante")
    assert "distribution" not in cell
    law = _brute_law(4, 5, 0, 2)
    chart = cell["graphique"]
    assert chart["depuis"] == 0
    assert chart["probabilites"] == pytest.approx([float(law[k]) for k in sorted(law)], abs=5e-5)
    assert Fraction(cell["au_moins_un"]["fraction"]) == 1 - law[0]  # summaries stay exact
    one = _probas(d6, liste, cellule={"entree": 4, "action": "melee", "cible": "armure-5-puissante"})
    assert (one["entree"], one["action"], one["cible"]) == ("Troll des montagnes", "Mêlée", "Armure 5 Puissante")
    assert _cell_law(one["cellule"]) == law
    with pytest.raises(ErreurEntree, match="^Case introuvable"):
        _probas(d6, liste, cellule={"entree": 0, "action": "tir", "cible": "armure-0"})  # Lanciers: Tir 0
    with pytest.raises(ErreurEntree, match="^Groupe de cibles inconnu"):
        _probas(d6, liste, groupe="adverse")


def test_cli_probas_liste_reads_the_players_inputs(tmp_path):
    """`--saisies`: the inputs the book lacks (HAMI's deck) given as a file, keyed as the command says."""
    from tests.test_probas_liste_hami import PAQUET

    liste = str(ROOT / "data" / "hami" / "listes" / "01-exemple-du-livre.yaml")
    sans = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", liste],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert sans.returncode == 0 and "Donnée à fournir avec --saisies : « paquet »" in sans.stdout
    fichier = tmp_path / "saisies.json"
    fichier.write_text(json.dumps({"paquet": PAQUET}), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", liste, "--saisies", str(fichier),
                          "--json"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    m = json.loads(run.stdout)
    assert m["calculable"] is True and m["unite"] == "Essences"
    donnees = charger_donnees("hami")
    attendu = executer(donnees, lire_liste(Path(liste).read_text(encoding="utf-8")),
                       {"action": "probas", "liste": None, "saisies": {"paquet": PAQUET}})
    assert m["entrees"] == attendu["entrees"]  # the CLI and the page's request give the same cells
    fichier.write_text("[1, 2]", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", liste, "--saisies", str(fichier)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 2 and "--saisies doit contenir un objet" in run.stderr


# --- issue 24: limits, opposing lists of another game, values the checker refuses -------------------

def _gardiens_avec(**lanciers) -> dict:
    liste = _liste("01-gardiens-du-col.yaml")
    liste["entrees"][0] = {**liste["entrees"][0], **lanciers}  # Lanciers: Mêlée 3, Tir 0, Armure 2
    return liste


def test_issue24_item12_probas_liste_refuses_huge_unit(d6, monkeypatch):
    """1 000 Lanciers with two attacks (values the schema allows): the heaviest cells are refused before
    any of their computation, with a note naming the limit; the cells computed stay exact."""
    from browser_engine import probas_liste
    from browser_engine.jeux.bataille_d6 import liste_probas as bataille_d6_liste

    calcules = []
    vraie_loi = bataille_d6_liste.lois

    def lois(calculs, action, parametres):
        calcules.append((action.id, parametres["armure"], parametres["malus_armure"], parametres["attaques"]))
        return vraie_loi(calculs, action, parametres)

    monkeypatch.setattr(bataille_d6_liste, "lois", lois)
    probas_liste.vider_cache()
    liste = _gardiens_avec(nombre=1000, attaques=2)
    for requete in ({}, {"groupe": "", "fractions": False}):  # the CLI's request, then the view's
        calcules.clear()
        m = _probas(d6, liste, **requete)
        note = next(n for n in m["notes"] if n.startswith("Demande trop lourde"))
        assert "1,2 s de calcul estimé" in note and "moins de 2 s" in note
        lanciers = next(e for e in m["entrees"] if e["nom"] == "Lanciers")
        melee = next(a for a in lanciers["actions"] if a["id"] == "melee")
        vides = [c for c, cell in zip(m["cibles"], melee["cellules"], strict=True) if cell is None]
        assert vides, "the heaviest cells are refused"
        refusees = {int(c["id"].split("-")[1]) for c in vides}  # armure-N or armure-N-puissante
        assert not any(a == "melee" and armure in refusees and n == 2000 for a, armure, _, n in calcules)
        autres = [e for e in m["entrees"] if e["nom"] != "Lanciers"]
        assert all(cell is not None for e in autres for a in e["actions"] for cell in a["cellules"])
    m = _probas(d6, liste)
    calculee = _cell(m, "Lanciers", "melee", "armure-0")  # 2000 attacks at Mêlée 3 against Armure 0
    p = _p_one(3, 0, 0)
    assert Fraction(calculee["esperance"]["fraction"]) == 2000 * p
    assert Fraction(calculee["au_moins_un"]["fraction"]) == 1 - (1 - p) ** 2000
    law = _cell_law(calculee)
    assert sum(law.values()) == 1 and len(law) == 2001
    for k in (0, 1, 1000, 1999, 2000):
        assert law[k] == comb(2000, k) * p ** k * (1 - p) ** (2000 - k)


def test_issue24_item12_probas_liste_every_game_has_the_limit():
    """Each game's adapter gives an estimate of its laws' work; the request budget applies to all."""
    from browser_engine import probas_liste
    from browser_engine.jeux.bataille_d6 import liste_probas as bataille_d6_liste
    from browser_engine.jeux.hate import liste_probas as hate_liste_probas
    from browser_engine.jeux.tamashii import liste_probas as tamashii_liste_probas

    action = probas_liste.Action("a", "A", "attaque", {})
    assert bataille_d6_liste.cout(action, {"attaques": 2000}) > bataille_d6_liste.cout(action, {"attaques": 1})
    lourd = {"des_attaque": 15, "des_defense": 15, "relance_libre_attaque": True, "relance_libre_defense": True}
    assert hate_liste_probas.cout(action, lourd) > hate_liste_probas.cout(action, {"des_attaque": 2, "des_defense": 1})
    attaque = {"att": 10, "puissance": 5, "relances": 5}
    assert tamashii_liste_probas.cout(action, attaque) > tamashii_liste_probas.cout(action, {**attaque, "att": 1,
                                                                                              "puissance": 0})
    calculs = probas_liste.Calculs({})
    admises = sum(calculs.admet(action, {"n": k}, None) for k in range(probas_liste.BUDGET_MS + 10))
    assert admises == probas_liste.BUDGET_MS and calculs.refusees == 10
    assert calculs.admet(action, {"n": 0}, None)  # a law already admitted costs nothing more


@pytest.mark.parametrize("jeu", ["bataille-d6", "hami", "kharn-ages", "hate", "tamashii"])
def test_issue24_item13_probas_liste_refuses_an_opposing_list_of_another_game(jeu):
    donnees = charger_donnees(jeu)
    liste = lire_liste(next((ROOT / "data" / jeu / "listes").glob("01-*.yaml")).read_text(encoding="utf-8"))
    autre = "hami" if jeu != "hami" else "bataille-d6"
    adverse = (next((ROOT / "data" / autre / "listes").glob("01-*.yaml"))).read_text(encoding="utf-8")
    with pytest.raises(ErreurEntree) as exc:
        _probas(donnees, liste, adverse=adverse)
    assert exc.value.message.startswith(f"La liste adverse est une liste d'un autre jeu (« {autre} »)")


def test_issue24_item13_cli_probas_liste_adverse_of_another_game_exits_2():
    gardiens = str(D6_LISTES / "01-gardiens-du-col.yaml")
    hami = str(ROOT / "data" / "hami" / "listes" / "01-exemple-du-livre.yaml")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", gardiens, "--adverse", hami],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("Erreur : La liste adverse est une liste d'un autre jeu (« hami »)")
    assert "Armure illisible" not in run.stderr


@pytest.mark.parametrize("valeurs", [{"nombre": "10"}, {"nombre": -5}, {"nombre": 10 ** 29}, {"nombre": 10000},
                                     {"attaques": 999}, {"melee": 9}, {"inconnu": 1}])
def test_issue24_item14_probas_liste_skips_entries_the_checker_refuses(d6, valeurs):
    from browser_engine.validation import valider

    liste = _gardiens_avec(**valeurs)
    chemins = {e["chemin"] for e in valider(d6, liste)["erreurs"]}
    assert any(c.startswith("/entrees/0") for c in chemins)  # the checker refuses the Lanciers' value
    m = _probas(d6, liste)
    lanciers = m["entrees"][0]
    assert lanciers["index"] == 0 and lanciers["actions"] == []
    assert lanciers["remarques"] == [lanciers["remarques"][0]]
    assert lanciers["remarques"][0].startswith("Entrée refusée par la vérification, pas de calcul : ")
    # The other entries are computed as before.
    archers = _cell(m, "Archers", "tir", "armure-2")
    assert _cell_law(archers) == {k: v for k, v in _binomial_law(_p_one(3, 2, 0), 8).items() if v}


def test_issue24_item14_an_opposing_entry_the_checker_refuses_is_no_target(d6):
    adverse = _liste("02-horde-des-cimes.yaml")
    adverse["entrees"][0] = {**adverse["entrees"][0], "armure": "2"}  # Harpies: a text, not a number
    m = _probas(d6, _liste("01-gardiens-du-col.yaml"), adverse=adverse)
    noms = [c["nom"] for c in m["cibles"] if c["groupe"] == "adverse"]
    assert noms == ["Gobelins frondeurs", "Chef de guerre ailé", "Chaman des vents"]
    assert any(n.startswith("Liste adverse, entrée 1 « Harpies » : refusée par la vérification") for n in m["notes"])


def test_issue24_item14_cli_probas_liste_says_why_an_entry_is_skipped(tmp_path):
    liste = (D6_LISTES / "01-gardiens-du-col.yaml").read_text(encoding="utf-8").replace(
        "    nombre: 10\n", '    nombre: "10"\n', 1)
    fichier = tmp_path / "liste.yaml"
    fichier.write_text(liste, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "browser_engine", "probas-liste", str(fichier)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    bloc = run.stdout.split("\nLanciers\n", 1)[1].split("\n\n", 1)[0]
    assert bloc.startswith("  (Entrée refusée par la vérification, pas de calcul : Nombre")
    assert "Mêlée" not in bloc
