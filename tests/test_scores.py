"""Scores and deterministic helpers (Hate, Tamashii): engine and CLI.

Expected values are worked out by hand from the books' rules, written next to each case;
the books' own examples are used where they give one.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine import jeux
from browser_engine.errors import ErreurDonnees, ErreurEntree, ErreurParametre
from browser_engine.scores import calculer_score, declarations

from .conftest import ROOT


def paquet(jeu: str) -> dict[str, Any]:
    """The part of a game bundle the score engine reads: the manifest and the score declarations."""
    with open(ROOT / "data" / jeu / "jeu.yaml", encoding="utf-8") as f:
        manifeste = yaml.safe_load(f)["jeu"]
    with open(ROOT / "data" / jeu / "scores.yaml", encoding="utf-8") as f:
        scores = yaml.safe_load(f)["scores"]
    return {"jeu": manifeste, "scores": scores}


HATE = paquet("hate")
TAMASHII = paquet("tamashii")


def chronique(*joueurs: tuple[str, int, int, int, int]) -> dict[str, Any]:
    """(nom, haine, ressources, points de conquête, morts) for each player."""
    return {"joueurs": [{"nom": n, "haine": h, "ressources": r, "points_conquete": pc, "morts": m}
                        for n, h, r, pc, m in joueurs]}


def totaux(resultat: dict[str, Any]) -> dict[str, Any]:
    return {row["nom"]: row["total"] for row in resultat["classement"]}


def rangs(resultat: dict[str, Any]) -> dict[str, Any]:
    return {row["nom"]: row["rang"] for row in resultat["classement"]}


# ------------------------------------------------------------------ declarations


@pytest.mark.parametrize("donnees", [HATE, TAMASHII], ids=["hate", "tamashii"])
def test_chaque_score_declare_est_implemente_et_inversement(donnees: dict[str, Any]) -> None:
    declares = {d["score"] for d in declarations(donnees)}
    module = jeux.part(donnees["jeu"]["id"], "scores")
    assert declares == set(module.SCORES)
    for decl in declarations(donnees):
        ids = [c["id"] for c in decl.get("champs_joueur", []) + decl.get("champs", [])]
        assert len(ids) == len(set(ids)), decl["id"]
        assert "nom" not in ids and "joueurs" not in ids, decl["id"]


def test_ordre_des_scores_hate_suit_le_livre():
    assert [d["score"] for d in declarations(HATE)][:2] == ["chronique", "vainqueur_bataille"]


# ------------------------------------------------------------------ Hate: chronicle score


def test_exemple_du_livre_chronique():
    # l. 1344-1351: R 50, H 40, PC 20 -> 40 + 20 = 60; 12 deaths, the 2nd most -> -10 -> 50.
    # The other two players are there to make Joueur 1 the 2nd most killed (15 > 12 > 3).
    resultat = calculer_score(HATE, "chronique", chronique(
        ("Joueur 1", 40, 50, 20, 12), ("Joueur 2", 30, 30, 0, 15), ("Joueur 3", 20, 25, 0, 3)))
    assert totaux(resultat)["Joueur 1"] == 50
    ligne = next(r for r in resultat["classement"] if r["nom"] == "Joueur 1")
    assert [d["points"] for d in ligne["detail"]] == [40, 20, -10]
    # Joueur 2: 30 + 0 - 20 = 10; Joueur 3: 20 + 0 - 5 = 15.
    assert totaux(resultat) == {"Joueur 1": 50, "Joueur 2": 10, "Joueur 3": 15}
    assert [r["nom"] for r in resultat["classement"]] == ["Joueur 1", "Joueur 3", "Joueur 2"]
    assert resultat["vainqueur"] == "Joueur 1"


def test_mur_de_la_mort_egalites_classement_a_la_competition():
    # Deaths 10, 10, 5, 2: both 10s share 1st (-20 each), the 5 is 3rd (-5), the 2 is 4th (0).
    resultat = calculer_score(HATE, "chronique", chronique(
        ("A", 50, 50, 0, 10), ("B", 50, 50, 0, 10), ("C", 50, 50, 0, 5), ("D", 50, 50, 0, 2)))
    assert totaux(resultat) == {"A": 30, "B": 30, "C": 45, "D": 50}
    assert any("même pénalité" in n for n in resultat["notes"])


def test_mur_de_la_mort_trois_premiers_ex_aequo():
    # Three players tie for the most deaths: all -20; the next is 4th: no penalty.
    resultat = calculer_score(HATE, "chronique", chronique(
        ("A", 10, 10, 0, 7), ("B", 10, 10, 0, 7), ("C", 10, 10, 0, 7), ("D", 10, 10, 0, 1)))
    assert totaux(resultat) == {"A": -10, "B": -10, "C": -10, "D": 10}


def test_deux_joueurs_et_joueur_sans_mort():
    # 2 players: the one with fewer deaths (but at least 1) is 2nd: -10.
    resultat = calculer_score(HATE, "chronique", chronique(("A", 20, 30, 5, 4), ("B", 25, 20, 0, 1)))
    assert totaux(resultat) == {"A": 20 + 5 - 20, "B": 20 - 10}
    # A player with no death is never penalised, even as the 2nd wall.
    resultat = calculer_score(HATE, "chronique", chronique(("A", 20, 30, 5, 4), ("B", 25, 20, 0, 0)))
    assert totaux(resultat) == {"A": 5, "B": 20}
    assert any("sans aucune mort" in n for n in resultat["notes"])


@pytest.mark.parametrize(("b", "perdant", "critere"), [
    (("B", 40, 40, 10, 0), "B", "points de conquête"),   # A: 30 + 20 = 50 ; B: 40 + 10 = 50
    (("B", 30, 45, 20, 0), "B", "Haine"),                # A: 50 ; B: 30 + 20 = 50, same conquest
])
def test_departages(b: tuple[str, int, int, int, int], perdant: str, critere: str) -> None:
    # A: min(35, 30) = 30 + 20 = 50. B1: min(40, 40) + 10 = 50, fewer conquest points -> A wins.
    # B2: min(30, 45) + 20 = 50, same conquest; Haine 30 < 35 -> A wins.
    resultat = calculer_score(HATE, "chronique", chronique(("A", 35, 30, 20, 0), b))
    assert totaux(resultat) == {"A": 50, "B": 50}
    assert resultat["vainqueur"] == "A"
    assert rangs(resultat) == {"A": 1, perdant: 2}
    assert any(critere in n for n in resultat["notes"])


def test_departage_par_les_ressources_puis_egalite_parfaite():
    # Same score (30 + 0), same conquest, same Haine (30): Ressources 40 beat 35.
    resultat = calculer_score(HATE, "chronique", chronique(("A", 30, 35, 0, 0), ("B", 30, 40, 0, 0)))
    assert resultat["vainqueur"] == "B"
    resultat = calculer_score(HATE, "chronique", chronique(("A", 30, 40, 0, 0), ("B", 30, 40, 0, 0)))
    assert resultat["vainqueur"] is None
    assert rangs(resultat) == {"A": 1, "B": 1}
    assert any("Égalité parfaite" in n for n in resultat["notes"])


# ------------------------------------------------------------------ Hate: battle winner


def bataille(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return calculer_score(HATE, "vainqueur_bataille", {"joueurs": [a, b]})


def test_exemple_du_livre_vainqueur_de_bataille():
    # l. 958-961: P1 10 Haine / 5 Ressources, P2 5 / 7: lows tie at 5, highs 10 > 7 -> P1.
    # The book does not say who defends: P1 wins either way.
    for defenseur in (True, False):
        resultat = bataille({"nom": "Joueur 1", "haine": 10, "ressources": 5, "defenseur": defenseur},
                            {"nom": "Joueur 2", "haine": 5, "ressources": 7, "defenseur": not defenseur})
        assert resultat["vainqueur"] == "Joueur 1"


def test_vainqueur_de_bataille_criteres():
    # Lows 6 vs 5 -> A, even though B's high total is larger.
    assert bataille({"nom": "A", "haine": 6, "ressources": 6, "defenseur": True},
                    {"nom": "B", "haine": 5, "ressources": 20})["vainqueur"] == "A"
    # Both totals tie -> the defender.
    assert bataille({"nom": "A", "haine": 4, "ressources": 9},
                    {"nom": "B", "haine": 9, "ressources": 4, "defenseur": True})["vainqueur"] == "B"
    # Main missions done beat the totals; a retreat loses whatever the totals.
    assert bataille({"nom": "A", "haine": 0, "ressources": 0, "mission": True},
                    {"nom": "B", "haine": 9, "ressources": 9, "defenseur": True})["vainqueur"] == "A"
    assert bataille({"nom": "A", "haine": 20, "ressources": 20, "retraite": True, "defenseur": True},
                    {"nom": "B", "haine": 0, "ressources": 0})["vainqueur"] == "B"


def test_vainqueur_de_bataille_refuse_deux_defenseurs():
    with pytest.raises(ErreurEntree, match="exactement un"):
        bataille({"nom": "A", "haine": 1, "ressources": 1, "defenseur": True},
                 {"nom": "B", "haine": 1, "ressources": 1, "defenseur": True})


# ------------------------------------------------------------------ Hate: helpers


@pytest.mark.parametrize(("n", "par_joueur", "contre", "total"), [
    (2, 5, 5, 5), (3, 4, 2, 6), (4, 3, 1, 6), (5, 4, 1, 10), (6, 5, 1, 15)])
def test_calendrier_des_affrontements(n: int, par_joueur: int, contre: int, total: int) -> None:
    # l. 250-256 per player; against each opponent = per player / (n - 1); total = n x per player / 2.
    resultat = calculer_score(HATE, "planning", {"joueurs": [{"nom": f"J{i}"} for i in range(1, n + 1)]})
    assert set(totaux(resultat).values()) == {par_joueur}
    for row in resultat["classement"]:
        assert [d["points"] for d in row["detail"]] == [contre] * (n - 1)
    assert f"{total} affrontements en tout" in resultat["notes"][0]


def test_outsider_plus_de_dix_points_de_retard():
    # 30 vs 19: 11 behind -> Outsider; 30 vs 20: exactly 10 -> not.
    hr = lambda n, h, r: {"nom": n, "haine": h, "ressources": r}  # noqa: E731
    resultat = calculer_score(HATE, "outsider", {"joueurs": [hr("A", 20, 10), hr("B", 9, 10)]})
    assert resultat["vainqueur"] == "B"
    resultat = calculer_score(HATE, "outsider", {"joueurs": [hr("A", 20, 10), hr("B", 10, 10)]})
    assert resultat["vainqueur"] is None
    # Multiplayer: C is more than 10 behind A (the best), though not behind B.
    resultat = calculer_score(HATE, "outsider", {"joueurs": [hr("A", 30, 0), hr("B", 15, 0), hr("C", 19, 0)]})
    outsiders = [r["nom"] for r in resultat["classement"] if r["detail"][-1]["points"] == "Outsider"]
    assert outsiders == ["B", "C"]


def test_festin():
    assert calculer_score(HATE, "festin", {"joueurs": [{"nom": "A", "ressources": 3},
                                                       {"nom": "B", "ressources": 4}]})["vainqueur"] == "B"
    assert calculer_score(HATE, "festin", {"joueurs": [{"nom": "A", "ressources": 4},
                                                       {"nom": "B", "ressources": 4}]})["vainqueur"] is None


def test_sauvagerie_au_reapprovisionnement():
    # 5, + min(3 unused, 2 slots) = 2 kept, + 1 Um'Cordu shaman = 8; the Max makes the base 6.
    resultat = calculer_score(HATE, "sauvagerie", {"joueurs": [
        {"nom": "A", "restants": 3, "mutilation": 2, "shaman_um_cordu": True},
        {"nom": "B", "restants": 1, "mutilation": 4, "mutilation_max": True, "bonus_territoire": 2},
        {"nom": "C"}]})
    assert totaux(resultat) == {"A": 8, "B": 6 + 1 + 2, "C": 5}


def test_pioche_a_l_intermission():
    # 3 + 1 owed -> draw 5; the winner picks 1st, then alternate; once B has its 1, A goes on.
    resultat = calculer_score(HATE, "tirage_intermission", {"joueurs": [
        {"nom": "B", "dues": 1}, {"nom": "A", "dues": 3, "vainqueur": True}]})
    assert resultat["vainqueur"] == "A"
    choix = {r["nom"]: r["detail"][0]["points"] for r in resultat["classement"]}
    assert choix == {"A": "1, 3, 4", "B": "2"}
    assert "Piochez 5 améliorations" in resultat["notes"][0]


def test_jalons_exemple_du_livre_et_au_dela_de_60():
    # Invented positions, the book does not give them: red 3, 6, 9 and underlined 12, so that
    # 13 Haine cross 4 milestones, the last special, as in the example of l. 1068-1072:
    # 3 generic + 1 specific. Green 4 and 8: 9 Ressources cross 2 -> 2 village slots.
    document = {"jalons_haine": "3, 6, 9", "jalons_speciaux": [12], "jalons_ressources": "4 8",
                "joueurs": [{"nom": "A", "haine_gagnee": 13, "ressources_gagnees": 9},
                            # beyond 60: 58 -> 71 crosses 65 and 70; 60 -> 72 crosses 66 and 72
                            {"nom": "B", "haine_avant": 58, "haine_gagnee": 13, "ressources_avant": 60,
                             "ressources_gagnees": 12}]}
    resultat = calculer_score(HATE, "jalons", document)
    assert totaux(resultat) == {"A": "3 génériques, 1 spécifique, 2 emplacements de village",
                                "B": "2 génériques, 0 spécifique, 2 emplacements de village"}


def test_jalons_sans_positions_le_dit():
    resultat = calculer_score(HATE, "jalons", {"joueurs": [{"nom": "A", "haine_gagnee": 13}]})
    assert totaux(resultat)["A"].startswith("0 générique")
    assert any("non saisies" in n for n in resultat["notes"])
    with pytest.raises(ErreurParametre, match="de 1 à 60"):
        calculer_score(HATE, "jalons", {"jalons_haine": "3, 61", "joueurs": [{"nom": "A"}]})


def test_ordre_multijoueur():
    # Seating order A, B, C: B has the lowest H + R (3) and starts, then clockwise C, A;
    # C has the highest (35) and defends alone in the 2 vs 1.
    resultat = calculer_score(HATE, "multijoueur", {"joueurs": [
        {"nom": "A", "haine": 10, "ressources": 5}, {"nom": "B", "haine": 1, "ressources": 2},
        {"nom": "C", "haine": 30, "ressources": 5}]})
    assert [r["nom"] for r in resultat["classement"]] == ["B", "C", "A"]
    assert resultat["vainqueur"] == "B"
    assert any("« C » a le plus grand total" in n for n in resultat["notes"])


# ------------------------------------------------------------------ Tamashii


def joueur_pv(nom: str, **valeurs: int) -> dict[str, Any]:
    base = {"bouclier": 0, "memoire": 0, "puissance": 0, "relance": 0, "cases_deverrouillees": 0, "exp": 0,
            "integrite_max": 5, "augmentations_faction": 0, "augmentations_classe": 0, "pv_buts": 0, "corrompues": 0}
    return {"nom": nom, **base, **valeurs}


def test_points_de_victoire_tamashii():
    # Assets 3 + 2 + 2 + 1 = 8 -> 2 (T7); cells 2; EXP 3 (T8); integrity 7 -> 2; faction 1; class 1 x 2 = 2;
    # goals 5; 3 corrupted -> -2. Total 2 + 2 + 3 + 2 + 1 + 2 + 5 - 2 = 15.
    a = joueur_pv("A", bouclier=3, memoire=2, puissance=2, relance=1, cases_deverrouillees=2, exp=3,
                  integrite_max=7, augmentations_faction=1, augmentations_classe=1, pv_buts=5, corrompues=3)
    resultat = calculer_score(TAMASHII, "pv", {"joueurs": [a, joueur_pv("B")]})
    assert totaux(resultat) == {"A": 15, "B": 0}


@pytest.mark.parametrize(("corrompues", "penalite"), [(0, 0), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (16, 4)])
def test_penalite_des_donnees_corrompues(corrompues: int, penalite: int) -> None:
    # l. 1423-1428: 1 -> -1, 2-3 -> -2, 4-5 -> -3, 6+ -> -4.
    resultat = calculer_score(TAMASHII, "pv", {"joueurs": [joueur_pv("A", corrompues=corrompues, pv_buts=10),
                                                           joueur_pv("B")]})
    assert totaux(resultat)["A"] == 10 - penalite


def test_egalite_tamashii_le_moins_de_corrompues():
    # A: 5 goals - 1 (1 corrupted) = 4; B: 4 goals, none corrupted = 4 -> B wins the tie.
    resultat = calculer_score(TAMASHII, "pv", {"joueurs": [joueur_pv("A", pv_buts=5, corrompues=1),
                                                           joueur_pv("B", pv_buts=4)]})
    assert totaux(resultat) == {"A": 4, "B": 4}
    assert resultat["vainqueur"] == "B"


def test_paquet_ennemi_exemple_du_livre():
    # l. 765-769, 3 players: 3 x NIV 1 = 9 on top, then 2 x NIV 2 = 6, then all NIV 3.
    resultat = calculer_score(TAMASHII, "paquet_ennemi", {"nombre_joueurs": 3, "joueurs": [
        {"nom": "NIV 1", "par_joueur": 3}, {"nom": "NIV 2", "par_joueur": 2}, {"nom": "NIV 3", "toutes": True}]})
    assert totaux(resultat) == {"NIV 1": 9, "NIV 2": 6, "NIV 3": "toutes"}
    positions = [d["points"] for r in resultat["classement"] for d in r["detail"] if d["poste"].startswith("Positions")]
    assert positions == ["1 à 9", "10 à 15"]


def test_paquet_ennemi_niveau_trop_court():
    # 2 x 3 = 6 wanted, 4 unlocked: take the 4 and say so (reading T20).
    resultat = calculer_score(TAMASHII, "paquet_ennemi", {"nombre_joueurs": 3, "joueurs": [
        {"nom": "NIV 2", "par_joueur": 2, "deverrouillees": 4}]})
    assert totaux(resultat) == {"NIV 2": 4}
    assert any("6 cartes demandées mais 4" in n for n in resultat["notes"])


def test_marche_des_corps():
    # 3 players: 4 cards face up out of 10 -> 4/10 = 2/5.
    resultat = calculer_score(TAMASHII, "marche", {"nombre_joueurs": 3, "corps_disponibles": 10})
    assert resultat["classement"][0]["total"] == 4
    assert resultat["classement"][1]["total"].startswith("2/5 ")
    # 4 players, 4 bodies: all 4 are face up -> 1.
    resultat = calculer_score(TAMASHII, "marche", {"nombre_joueurs": 4, "corps_disponibles": 4})
    assert resultat["classement"][1]["total"].startswith("1 ")


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("document", "message"), [
    ("texte", "doit être un objet"),
    ({"joueurs": "A"}, "doit être une liste"),
    ({"joueurs": [{"nom": "A", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0}]}, "2 à 6 joueurs"),
    ({"joueurs": [{"nom": "A", "haine": "beaucoup", "ressources": 1, "points_conquete": 0, "morts": 0},
                  {"nom": "B", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0}]},
     "Joueur « A » : « Haine » doit être un entier de 0 à 9999"),
    ({"joueurs": [{"nom": "A", "ressources": 1, "points_conquete": 0, "morts": 0},
                  {"nom": "B", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0}]},
     "valeur manquante pour « Haine »"),
    ({"joueurs": [{"nom": "A", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0, "bonus": 3},
                  {"nom": "B", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0}]},
     "champ inconnu « bonus »"),
    ({"joueurs": [{"nom": "A", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0},
                  {"nom": "a", "haine": 1, "ressources": 1, "points_conquete": 0, "morts": 0}]}, "même nom"),
    ({"joueurs": [], "tours": 3}, "champ inconnu « tours »"),
])
def test_documents_refuses_avec_un_message_francais(document: Any, message: str) -> None:
    with pytest.raises(ErreurEntree, match=message):
        calculer_score(HATE, "chronique", document)


def test_score_inconnu_et_non_implemente():
    with pytest.raises(ErreurEntree, match="Score inconnu « tarot » .* scores disponibles : chronique"):
        calculer_score(HATE, "tarot", {})
    faux = {"jeu": HATE["jeu"], "scores": [dict(declarations(HATE)[0], score="absent")]}
    with pytest.raises(ErreurDonnees, match="pas implémenté"):
        calculer_score(faux, "absent", {})


def test_nom_hostile_reste_du_texte_et_noms_par_defaut():
    hostile = "<img src=x onerror=alert(1)>"
    resultat = calculer_score(HATE, "festin", {"joueurs": [{"nom": hostile, "ressources": 2}, {"ressources": 1}]})
    assert resultat["vainqueur"] == hostile
    assert [r["nom"] for r in resultat["classement"]] == [hostile, "Joueur 2"]


# ------------------------------------------------------------------ CLI


@pytest.fixture(scope="module")
def paquet_hate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chemin = tmp_path_factory.mktemp("scores") / "hate.json"
    chemin.write_text(json.dumps(HATE, ensure_ascii=False), encoding="utf-8")
    return chemin


def cli(*args: str, entree: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", *args], capture_output=True, text=True,
                          input=entree, cwd=ROOT, timeout=60)


def test_cli_score_exemple_du_livre(paquet_hate: Path, tmp_path: Path) -> None:
    document = tmp_path / "chronique.yaml"
    document.write_text("joueurs:\n"
                        "  - {nom: Joueur 1, haine: 40, ressources: 50, points_conquete: 20, morts: 12}\n"
                        "  - {nom: Joueur 2, haine: 30, ressources: 30, points_conquete: 0, morts: 15}\n"
                        "  - {nom: Joueur 3, haine: 20, ressources: 25, points_conquete: 0, morts: 3}\n",
                        encoding="utf-8")
    sortie = cli("score", "hate", "chronique", str(document), "--donnees", str(paquet_hate))
    assert sortie.returncode == 0, sortie.stderr
    assert "1. Joueur 1 : 50" in sortie.stdout
    assert "Vainqueur : Joueur 1" in sortie.stdout
    sortie = cli("score", "hate", "chronique", str(document), "--donnees", str(paquet_hate), "--json")
    assert json.loads(sortie.stdout)["classement"][0]["total"] == 50


@pytest.mark.parametrize(("args", "entree", "message"), [
    (("score", "hate", "chronique", "-"), "joueurs: [{nom: A, haine: -1}]", "2 à 6 joueurs"),
    (("score", "hate", "chronique", "-"), "joueurs: [", "Document illisible"),
    (("score", "hate", "tarot", "-"), "{}", "Score inconnu"),
    (("score", "hate", "chronique", "/nexiste/pas.yaml"), None, "introuvable"),
])
def test_cli_score_refuse_avec_code_2(paquet_hate: Path, args: tuple[str, ...], entree: str | None,
                                      message: str) -> None:
    sortie = cli(*args, "--donnees", str(paquet_hate), entree=entree)
    assert sortie.returncode == 2
    assert message in sortie.stderr
    assert "Traceback" not in sortie.stderr


# ------------------------------------------------------------------ tool page


def test_page_de_l_outil_un_formulaire_par_score():
    from generator import render

    texte = render.environment().get_template("score.md.j2").render(
        jeu=HATE["jeu"], scores=HATE["scores"], ancres={"fin-de-la-chronique": "hate/chronique/#fin-de-la-chronique"},
        base="../../", noms={"fin-de-la-chronique": "Fin de la chronique et score"})
    assert texte.startswith("# Scores et aides de partie — Hate")
    for decl in HATE["scores"]:
        assert f'data-compendium-score="{decl["score"]}"' in texte
        assert f"## {decl['nom']} {{ #{decl['id']} }}" in texte
    assert '<a href="../../hate/chronique/#fin-de-la-chronique">Fin de la chronique et score</a>' in texte
    assert texte.count('!!! note "Interprétation retenue"') == sum(1 for d in HATE["scores"] if d.get("interpretation"))
    # Global fields are in the page; the rows are built by score.js from the declaration.
    assert 'data-champ="jalons_haine" data-type="liste"' in texte


def test_page_de_l_outil_echappe_ce_qu_elle_insere():
    from generator import render

    decl = dict(HATE["scores"][0], nom="<b>Score</b>", champs=[{"id": "x", "nom": "<i>x</i>", "type": "entier",
                                                                   "min": 0, "max": 1}])
    texte = render.environment().get_template("score.md.j2").render(jeu=HATE["jeu"], scores=[decl], ancres={},
                                                                     base="../../", noms={})
    assert "<b>Score</b>" not in texte.split("\n## ", 1)[1].split("\n", 1)[1]
    assert "&lt;i&gt;x&lt;/i&gt;" in texte and "<i>x</i>" not in texte


def test_outil_score_dans_la_navigation_et_la_page_du_jeu():
    from generator import render

    assert "score" in render.ENGINE_TOOLS
    assert render.TOOL_TITLES["score.md"] == "Scores et aides de partie"
    texte = render.environment().get_template("jeu.md.j2").render(
        jeu=type("Jeu", (), {"id": "hate", "pages": []})(), m=HATE["jeu"], outils=["score"], rel=lambda t: t)
    assert "[Scores et aides de partie](hate/score.md)" in texte
    texte = render.environment().get_template("jeu.md.j2").render(
        jeu=type("Jeu", (), {"id": "hate", "pages": []})(), m=HATE["jeu"], outils=["probas"], rel=lambda t: t)
    assert "score.md" not in texte


def test_choix_apres_une_bataille_multijoueur():
    # 2 vs 2 (l. 1367-1372): the winning side (B, D in table order) each pick, then the losing side (A, C).
    # Owed A 1, B 2, C 1, D 1 -> draw 6. Picks: B1 D2 A3 C4, then B5.
    equipe = calculer_score(HATE, "tirage_multijoueur", {"joueurs": [
        {"nom": "A", "dues": 1}, {"nom": "B", "dues": 2, "vainqueur": True}, {"nom": "C", "dues": 1},
        {"nom": "D", "dues": 1, "vainqueur": True}]})
    assert {r["nom"]: r["detail"][0]["points"] for r in equipe["classement"]} == {"B": "1, 5", "D": "2", "A": "3",
                                                                                 "C": "4"}
    assert "Piochez 6 améliorations" in equipe["notes"][0]
    # Free-for-all (l. 1372-1379): the winner C, then the last to retreat (A, 2nd), then the first (B, 1st).
    seul = calculer_score(HATE, "tirage_multijoueur", {"chacun_pour_sa_peau": True, "joueurs": [
        {"nom": "A", "dues": 2, "retraite": 2}, {"nom": "B", "dues": 1, "retraite": 1},
        {"nom": "C", "dues": 2, "vainqueur": True}]})
    assert [r["nom"] for r in seul["classement"]] == ["C", "A", "B"]
    assert {r["nom"]: r["detail"][0]["points"] for r in seul["classement"]} == {"C": "1, 4", "A": "2, 5", "B": "3"}
    with pytest.raises(ErreurEntree, match="même rang de retraite"):
        calculer_score(HATE, "tirage_multijoueur", {"chacun_pour_sa_peau": True, "joueurs": [
            {"nom": "A", "dues": 1, "retraite": 1}, {"nom": "B", "dues": 1, "retraite": 1},
            {"nom": "C", "dues": 1, "vainqueur": True}]})


# ------------------------------------------------------------------ build-time checks


def test_declarations_verifiees_a_la_construction(game_root: Path) -> None:
    # An invented game (tests/fixtures/jeu-test) with no engine module: its score is not implemented,
    # and its fields are wrong on purpose.
    from generator.plugin import load_site
    from generator.problems import DataError

    (game_root / "data" / "jeu-test" / "scores.yaml").write_text(
        "scores:\n"
        "  - id: score-test\n"
        "    score: total\n"
        "    nom: Total\n"
        "    resume: Un score inventé.\n"
        "    texte: Texte.\n"
        "    source: {section: Test}\n"
        "    regles: [cachee]\n"
        "    page: regles\n"
        "    joueurs: {min: 3, max: 2}\n"
        "    sortie: Points\n"
        "    champs_joueur:\n"
        "      - {id: points, nom: Points, type: entier, min: 0, max: 9, defaut: 12}\n"
        "      - {id: points, nom: Encore, type: booleen}\n"
        "      - {id: nom, nom: Nom, type: booleen}\n", encoding="utf-8")
    with pytest.raises(DataError) as erreur:
        load_site(game_root)
    texte = str(erreur.value)
    assert "data/jeu-test/scores.yaml:3:12 $.scores[0].score: score « total » déclaré mais pas implémenté" in texte
    assert "joueurs : min est plus grand que max" in texte
    assert "la valeur par défaut 12 n'est pas un entier de 0 à 9" in texte
    assert "« points » déjà utilisé" in texte
    assert "« nom » réservé" in texte
