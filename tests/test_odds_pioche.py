"""Issue 24, item 21: the generic draw calculation `pioche` and Hate's guarded huts (`hutte`).

Expected odds come from an independent enumeration written here with `fractions.Fraction`:
every item of the pile is a distinct object, every equally likely draw is listed
(`itertools.combinations` without replacement, `itertools.product` with replacement), and
the counts are read off each draw. Every pile and every die below is INVENTED for the test:
the books do not print these contents.
"""
from __future__ import annotations

import contextlib
import io
import itertools
import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from browser_engine import calculer
from browser_engine.errors import ErreurParametre
from generator.__main__ import main as generator_main
from tests.engine_support import ROOT, load_bundle
from tests.test_odds_hate import Brute

F = Fraction
GAMES = ("hate", "tamashii", "hami")


@pytest.fixture(scope="module")
def bundles() -> dict[str, dict[str, Any]]:
    return {jeu: load_bundle(jeu) for jeu in GAMES}


def issues(result: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: F(i["fraction"]) for i in result["issues"]}


def distribution(result: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: F(d["fraction"]) for d in result["distribution"]}


# --- the independent enumeration -----------------------------------------------------------------

def objects(sortes: list[dict[str, Any]], champ: str) -> list[int]:
    """One entry per physical object, holding the index of its kind."""
    out: list[int] = []
    for k, s in enumerate(sortes):
        out += [k] * champ_count(s, champ)
    return out


def champ_count(sorte: dict[str, Any], champ: str) -> int:
    if champ == "pile":
        return sorte["nombre"] - sorte.get("sorties", 0)
    return sorte.get("defaussees", 0)


def draws(sortes: list[dict[str, Any]], tirees: int, remise: bool) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every draw (kinds of the objects drawn) with its probability."""
    pile = objects(sortes, "pile")
    if remise:
        tous = list(itertools.product(pile, repeat=tirees))
        return [(t, F(1, len(tous))) for t in tous]
    if tirees <= len(pile):
        tous = list(itertools.combinations(range(len(pile)), tirees))
        return [(tuple(pile[i] for i in t), F(1, len(tous))) for t in tous]
    defausse = objects(sortes, "defausse")  # the whole pile, then the discard shuffled into a new one
    tous = list(itertools.combinations(range(len(defausse)), tirees - len(pile)))
    return [(tuple(pile) + tuple(defausse[i] for i in t), F(1, len(tous))) for t in tous]


def expected(sortes: list[dict[str, Any]], tirees: int, remise: bool = False) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    wanted = [k for k, s in enumerate(sortes) if s.get("voulue")]
    law: dict[int, Fraction] = {}
    named = {"aucune": F(0), "au-moins-une": F(0), "chaque-sorte": F(0)} | {f"sorte-{i}": F(0) for i in range(1, len(wanted) + 1)}
    for drawn, p in draws(sortes, tirees, remise):
        n = sum(1 for k in drawn if k in wanted)
        law[n] = law.get(n, F(0)) + p
        named["aucune" if n == 0 else "au-moins-une"] += p
        named["chaque-sorte"] += p if all(k in drawn for k in wanted) else 0
        for i, k in enumerate(wanted, start=1):
            named[f"sorte-{i}"] += p if k in drawn else 0
    if len(wanted) < 2:
        named = {k: v for k, v in named.items() if k in ("aucune", "au-moins-une")}
    return {k: v for k, v in law.items() if v}, named


CASES = [
    # (game, pile, tirees, remise)
    ("hate", [{"nom": "voulu", "nombre": 1, "voulue": True}, {"nom": "autres", "nombre": 12}], 3, False),
    ("hate", [{"nom": "a", "nombre": 3, "voulue": True}, {"nom": "b", "nombre": 2, "voulue": True},
              {"nom": "c", "nombre": 4}], 4, False),
    ("hate", [{"nom": "a", "nombre": 4, "sorties": 2, "voulue": True}, {"nom": "b", "nombre": 3, "sorties": 1},
              {"nom": "c", "nombre": 2, "voulue": True}], 3, False),
    ("tamashii", [{"nom": "x", "nombre": 2, "voulue": True}, {"nom": "y", "nombre": 1, "voulue": True},
                  {"nom": "z", "nombre": 3}], 4, True),
    ("tamashii", [{"nom": "x", "nombre": 1, "voulue": True}, {"nom": "y", "nombre": 5}], 6, False),
    ("hami", [{"nom": "a", "nombre": 4, "sorties": 3, "defaussees": 2, "voulue": True},
              {"nom": "b", "nombre": 5, "sorties": 4, "defaussees": 3},
              {"nom": "c", "nombre": 3, "sorties": 2, "defaussees": 1, "voulue": True}], 5, False),
    ("hami", [{"nom": "a", "nombre": 6, "sorties": 2, "defaussees": 1, "voulue": True},
              {"nom": "b", "nombre": 6, "sorties": 4, "defaussees": 4}], 3, False),
]


@pytest.mark.parametrize(("jeu", "pile", "tirees", "remise"), CASES)
def test_issue24_item21_pioche_matches_enumeration(bundles, jeu, pile, tirees, remise):
    params: dict[str, Any] = {"pile": pile, "tirees": tirees}
    if remise:
        params["remise"] = True
    result = calculer(bundles[jeu], "pioche", params)
    law, named = expected(pile, tirees, remise)
    assert distribution(result) == law
    assert issues(result) == named


def test_issue24_item21_pioche_hand_count(bundles):
    """By hand: one wanted mercenary among 13, 3 drawn: C(12, 3) / C(13, 3) = 10/13 without it."""
    result = calculer(bundles["hate"], "pioche", {"pile": [{"nom": "voulu", "nombre": 1, "voulue": True},
                                                          {"nom": "autres", "nombre": 12}], "tirees": 3})
    assert issues(result)["au-moins-une"] == F(3, 13)


def test_issue24_item21_pile_as_text(bundles):
    texte = "[{nom: a, nombre: 2, voulue: true}, {nom: b, nombre: 2}]"
    assert distribution(calculer(bundles["hate"], "pioche", {"pile": texte, "tirees": 2})) == {0: F(1, 6), 1: F(2, 3), 2: F(1, 6)}


@pytest.mark.parametrize(("jeu", "params", "words"), [
    ("hate", {"pile": None, "tirees": 1}, "sans la composition de la pile"),
    ("hate", {"pile": [{"nom": f"s{i}", "nombre": 1, "voulue": True} for i in range(13)], "tirees": 1}, "de 1 à 12 sortes"),
    ("hate", {"pile": [{"nom": "a", "nombre": 150, "voulue": True}, {"nom": "b", "nombre": 60}], "tirees": 1},
     "au plus 200"),
    ("hate", {"pile": [{"nom": "a", "nombre": 201, "voulue": True}], "tirees": 1}, "entier de 0 à 200"),
    ("hate", {"pile": [{"nom": "a", "nombre": 2}, {"nom": "b", "nombre": 2}], "tirees": 1}, "au moins une sorte voulue"),
    ("hate", {"pile": [{"nom": "a", "nombre": 2, "voulue": True}], "tirees": 3}, "la pile en contient 2"),
    ("hate", {"pile": [{"nom": "a", "nombre": 2, "sorties": 2, "voulue": True}], "tirees": 1}, "La pile est vide"),
    ("hate", {"pile": [{"nom": "a", "nombre": 2, "sorties": 3, "voulue": True}], "tirees": 1}, "entier de 0 à 2"),
    ("hate", {"pile": [{"nom": "a", "nombre": 3, "sorties": 1, "defaussees": 1, "voulue": True}], "tirees": 1},
     "jamais remélangée"),
    ("hate", {"pile": [{"nom": "a", "voulue": True}], "tirees": 1}, "indiquez le nombre de « a »"),
    ("hate", {"pile": [{"nom": "a\u009b", "nombre": 1, "voulue": True}], "tirees": 1}, "caractères imprimables"),
    ("hate", {"pile": [{"nom": "a", "nombre": 1, "voulue": True, "couleur": "rouge"}], "tirees": 1}, "champ inconnu"),
    ("hate", {"pile": [{"nom": "a", "nombre": 1, "voulue": True}], "tirees": 73}, "de 1 à 72"),
    ("hami", {"pile": [{"nom": "a", "nombre": 4, "sorties": 3, "defaussees": 1, "voulue": True}], "tirees": 3},
     "la pile en contient 1 et la défausse 1"),
])
def test_issue24_item21_bounds_are_checked_with_a_french_message(bundles, jeu, params, words):
    with pytest.raises(ErreurParametre) as err:
        calculer(bundles[jeu], "pioche", params)
    assert words.lower() in err.value.message.lower(), err.value.message


# --- the command line -------------------------------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_issue24_item21_cli_inline_and_file(tmp_path: Path) -> None:
    pile = [{"nom": "a", "nombre": 3, "voulue": True}, {"nom": "b", "nombre": 2, "voulue": True}, {"nom": "c", "nombre": 4}]
    law, named = expected(pile, 4)
    out = run("probas", "hate", "pioche", "--pile", json.dumps(pile), "--tirees", "4", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert distribution(result) == law and issues(result) == named
    fichier = tmp_path / "pile.yaml"
    fichier.write_text("sortes:\n  - {nom: a, nombre: 3, voulue: true}\n  - {nom: b, nombre: 2, voulue: true}\n"
                       "  - {nom: c, nombre: 4}\n", encoding="utf-8")
    out = run("probas", "hate", "pioche", "--pile", str(fichier), "--tirees", "4", "--json")
    assert out.returncode == 0, out.stderr
    assert distribution(json.loads(out.stdout)) == law
    texte = run("probas", "hate", "pioche", "--pile", str(fichier), "--tirees", "4")
    assert texte.returncode == 0 and "Au moins une de chaque sorte voulue" in texte.stdout


def test_issue24_item21_cli_refuses_before_computing() -> None:
    out = run("probas", "tamashii", "pioche", "--pile", "[{nom: a, nombre: 500, voulue: true}]", "--tirees", "2")
    assert out.returncode == 2
    assert "entier de 0 à 100" in out.stderr and "--pile" in out.stderr
    out = run("probas", "hami", "pioche", "--pile", "[{nom: a, nombre: 2, voulue: true}]", "--tirees", "5")
    assert out.returncode == 2 and "On ne peut pas tirer 5 éléments" in out.stderr


def test_issue24_item21_cli_help_names_the_pile() -> None:
    out = run("probas", "hami", "pioche", "--aide")
    assert out.returncode == 0 and "--pile SORTES" in out.stdout


# --- Hate's guarded huts ------------------------------------------------------------------------------

DE_INVENTE = ("frapper", "frapper", "parer", "joker", "sauvagerie", "vide")  # INVENTED faces


def ko(n: int, m: int) -> Fraction:
    marge = Brute(DE_INVENTE, n, m).issues()[0]
    return sum((v for k, v in marge.items() if k >= 1), F(0))


@pytest.mark.parametrize(("embuscade", "riposte"), [(True, True), (True, False), (False, True), (False, False)])
def test_issue24_item21_ambush_hut_chains_the_combats(bundles, embuscade, riposte):
    """The neutral warrior attacks first (ambush), the figure attacks, a standing neutral warrior strikes back."""
    a_fig, d_fig, a_neu, d_neu = 2, 2, 3, 1
    premier = ko(a_neu, d_fig) if embuscade else F(0)
    pille = ko(a_fig, d_neu)
    retour = ko(a_neu, d_fig) if riposte else F(0)
    result = calculer(bundles["hate"], "hutte", {"de": list(DE_INVENTE), "embuscade": embuscade, "riposte": riposte,
                                                 "attaque_figure": a_fig, "defense_figure": d_fig,
                                                 "attaque_neutre": a_neu, "defense_neutre": d_neu})
    law = {2: (1 - premier) * pille, 0: premier + (1 - premier) * (1 - pille) * retour,
           1: (1 - premier) * (1 - pille) * (1 - retour)}
    assert distribution(result) == {k: v for k, v in law.items() if v}
    named = issues(result)
    assert named["pillee"] == law[2] and named["figurine-ko"] == law[0]
    if embuscade:
        assert named["ko-embuscade"] == premier and named["tient"] == 1 - premier


def test_issue24_item21_hut_needs_the_neutral_warriors_dice(bundles):
    with pytest.raises(ErreurParametre) as err:
        calculer(bundles["hate"], "hutte", {"de": list(DE_INVENTE), "attaque_figure": 2, "defense_figure": 2})
    assert "attaque_neutre" in err.value.message


# --- the data: calculations declared, bounds checked, every listed mechanic linked --------------------

MECANIQUES = [  # (game, entry, book line) of issue 24, item 21
    ("hate", "jouer-un-affrontement", 276), ("hate", "choisir-un-scenario", 318),
    ("hate", "jouer-une-simple-bataille", 232), ("hate", "jouer-une-simple-bataille", 241),
    ("hate", "mercenaires-installation", 1219), ("hate", "gagner-une-amelioration", 1108),
    ("hate", "bonus-de-territoire", 1313), ("hate", "installation-environnement", 450),
    ("hate", "pieges", 1546), ("hate", "piller-une-hutte", 621),
    ("tamashii", "paquet-ennemi", 765), ("tamashii", "mise-en-place-du-scenario", 302),
    ("tamashii", "marche-des-corps", 284), ("tamashii", "mise-en-place-du-scenario", 320),
    ("tamashii", "mise-en-place-du-scenario", 324), ("tamashii", "propager", 1044),
    ("tamashii", "pions-de", 1240), ("tamashii", "regles-competitives", 1409),
    ("hami", "sequence-du-tour", 274), ("hami", "gestion-des-pioches", 359), ("hami", "fin-de-tour", 406),
]


@pytest.fixture(scope="module")
def rendered() -> tuple[dict[str, str], dict[str, str], Any]:
    from generator.plugin import load_site
    from generator.render import render_site, tool_pages

    site = load_site(ROOT)
    return render_site(site), tool_pages(site, ROOT), site


@pytest.mark.parametrize(("jeu", "entree", "ligne"), MECANIQUES)
def test_issue24_item21_each_mechanic_links_its_calculator(rendered, jeu, entree, ligne):
    pages, outils, site = rendered
    game = next(g for g in site.games if g.id == jeu)
    entry = game.entries[entree]
    items = [h for h in entry.data.get("hasard") or [] if h["ligne"] == ligne]
    assert len(items) == 1, f"{jeu}/{entree}: aucune mécanique à la ligne {ligne}"
    item = items[0]
    if "sans_calcul" in item:
        assert item["sans_calcul"].strip()
        return
    calcul = game.entries[item["calcul"]]
    assert calcul.kind == "calculs"
    ancre = item["calcul"] + (f"--{item['reglage']}" if item.get("reglage") else "")
    page = pages[entry.src_uri]
    assert f"probas.md#{ancre})" in page, f"{entry.src_uri} ne renvoie pas vers {ancre}"
    assert f"Calculer : {calcul.nom}" in page
    if item.get("reglage"):
        assert f'<li id="{ancre}"' in outils[f"{jeu}/probas.md"]


def check(root: Path) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = generator_main(["--racine", str(root), "check"])
    return status, err.getvalue().splitlines()


def hate_copy(tmp_path: Path) -> Path:
    (tmp_path / "data").mkdir()
    shutil.copytree(ROOT / "data" / "hate", tmp_path / "data" / "hate")
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    return tmp_path


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if text in line)


@pytest.mark.parametrize(("fichier", "avant", "apres", "message"), [
    ("calculs.yaml", "        cartes_max: 200\n        defaut: null\n", "        cartes_max: 200\n        defaut: 3\n",
     "defaut: une pile saisie par le joueur n'a pas de valeur par défaut"),
    ("calculs.yaml", "tirees, nom: Éléments tirés, type: entier, min: 1, max: 72,",
     "tirees, nom: Éléments tirés, type: entier, min: 1, max: 500,",
     "max 500 : on ne tire pas plus d'éléments que la pile n'en compte (cartes_max 200)"),
    ("calculs.yaml", "{nom: Vous, nombre: 1, voulue: true}, {nom: Votre adversaire, nombre: 1}",
     "{nom: Vous, nombre: 1}, {nom: Votre adversaire, nombre: 1}", "n'a aucune sorte voulue"),
    ("sections.yaml", "calcul: calcul-pioche, reglage: attaquant-au-hasard}",
     "calcul: calcul-pioche, reglage: attaquant-au-hazard}", "préselection « attaquant-au-hazard » inconnue"),
    ("sections.yaml", "ligne: 276, calcul: calcul-pioche,", "ligne: 276, calcul: calcul-pioch,",
     "renvoi « calcul-pioch » vers une entrée qui n'existe pas"),
    ("sections.yaml", "ligne: 276, calcul: calcul-pioche,", "ligne: 276, calcul: combat,",
     "alors que « calculs » est attendu"),
])
def test_issue24_item21_data_mistakes_stop_make_check(tmp_path, fichier, avant, apres, message):
    root = hate_copy(tmp_path)
    path = root / "data" / "hate" / fichier
    texte = path.read_text(encoding="utf-8")
    assert avant in texte
    path.write_text(texte.replace(avant, apres, 1), encoding="utf-8")
    ligne = line_of(path, apres.strip().splitlines()[-1])
    status, lignes = check(root)
    assert status == 1
    found = [x for x in lignes if message in x]
    assert found, lignes
    assert found[0].startswith(f"data/hate/{fichier}:{ligne}:"), found[0]
