"""Odds of a list for tamashii: what the view computes, and what it says is missing.

Expected laws are enumerated here by brute force over every roll of the die typed below (and
every reroll), following the reroll policies written in data/tamashii/calculs.yaml.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product
from pathlib import Path

import pytest

from browser_engine.cli import charger_donnees
from browser_engine.errors import ErreurEntree
from browser_engine.reader import lire_liste
from browser_engine.requetes import executer

ROOT = Path(__file__).resolve().parents[1]
EXEMPLES = sorted((ROOT / "data" / "tamashii" / "listes").glob("*.yaml"))

# A die typed by a player (the book gives none): successes, combat symbols and enemies per face.
DE = [{"succes": 1, "base": 1}, {"succes": 2, "rare": 1}, {"ennemi": 1}, {"succes": 1, "base": 1, "rare": 1},
      "vide", {"succes": 1, "ennemi": 1}]
SUCCES = [1, 2, 0, 1, 0, 1]
BASE = [1, 0, 0, 1, 0, 0]
ENNEMI = [0, 0, 1, 0, 0, 1]


@pytest.fixture(scope="module")
def donnees():
    return charger_donnees("tamashii")


def _joueur(nom: str, plateau: int, **extra) -> dict:
    return {"nom": nom, "plateau": plateau, "donnees_essentielles": "rouge",
            "sac": {"rouge": 4, "bleu": 3, "vert": 3, "jaune": 3}, **extra}


def _liste() -> dict:
    ren = _joueur("Ren", 1, etat={"atouts": {"relance": 1, "puissance": 1}, "corps_avances": ["Soldat"],
                                  "corps_actif": "Soldat"})
    sora = _joueur("Sora", 2, atouts={"relance": 2})
    return {"jeu": "tamashii", "nom": "Essai", "format": 2, "options": {"mode": "cooperatif"}, "entrees": [ren, sora]}


def _probas(donnees, liste, **requete):
    return executer(donnees, liste, {"action": "probas", "liste": liste, **requete})


def _loi(matrice: dict, entree: int, action: str, cible: str) -> dict[int, Fraction]:
    actions = {a["id"]: a for a in matrice["entrees"][entree]["actions"]}
    cellule = next(c for c in actions[action]["cellules"] if c and c["cible"] == cible)
    return {d["valeur"]: Fraction(d["fraction"]) for d in cellule["distribution"]}


def _ajouter(loi: dict[int, Fraction], valeur: int, poids: Fraction) -> None:
    loi[valeur] = loi.get(valeur, Fraction(0)) + poids


def _test_brut(des: int, relances: int, besoin: int) -> dict[int, Fraction]:
    """Successes of one player's test: reroll the m lowest dice, m chosen for the best chance (fewest on ties)."""
    loi: dict[int, Fraction] = {}
    for jet in product(SUCCES, repeat=des):
        tries = sorted(jet)
        meilleur, chance_max = 0, Fraction(-1)
        for m in range(min(relances, des) + 1):
            gardes = sum(tries[m:])
            relances_possibles = list(product(SUCCES, repeat=m))
            chance = Fraction(sum(gardes + sum(r) >= besoin for r in relances_possibles), len(relances_possibles))
            if chance > chance_max:
                meilleur, chance_max = m, chance
        gardes = sum(tries[meilleur:])
        relances_faites = list(product(SUCCES, repeat=meilleur))
        for r in relances_faites:
            _ajouter(loi, gardes + sum(r), Fraction(1, 6 ** des * len(relances_faites)))
    return loi


def _reussite(succes: dict[int, Fraction], besoin: int) -> dict[int, Fraction]:
    """The law of « test passed » (1) or failed (0) from the law of the successes."""
    reussi = sum((p for v, p in succes.items() if v >= besoin), Fraction(0))
    return {v: p for v, p in ((0, 1 - reussi), (1, reussi)) if p}


def _x_brut(valeur_x: list[int], des: int, relances: int) -> dict[int, Fraction]:
    """Dice showing the X symbol: every die without it is rerolled, as many as the Relances allow."""
    loi: dict[int, Fraction] = {}
    for jet in product(valeur_x, repeat=des):
        refaits = min(relances, jet.count(0))
        for r in product(valeur_x, repeat=refaits):
            _ajouter(loi, sum(jet) + sum(r), Fraction(1, 6 ** (des + refaits)))
    return loi


def _trace_brut(des: int, relances: int) -> dict[int, Fraction]:
    """Enemies drawn: every die drawing an enemy is rerolled, as many as the Relances allow."""
    loi: dict[int, Fraction] = {}
    for jet in product(ENNEMI, repeat=des):
        refaits = min(relances, sum(jet))
        for r in product(ENNEMI, repeat=refaits):
            _ajouter(loi, sum(jet) - refaits + sum(r), Fraction(1, 6 ** (des + refaits)))
    return loi


def test_without_player_inputs_the_view_says_what_is_missing(donnees):
    liste = lire_liste(EXEMPLES[0].read_text(encoding="utf-8"))
    m = _probas(donnees, liste)
    assert m["calculable"] is False
    assert m["cibles"] == []
    assert m["manquant"] and all("manquant" in texte for texte in m["manquant"])
    assert any("faces" in texte for texte in m["manquant"])
    assert all(e["actions"] == [] for e in m["entrees"])
    de = m["saisies"][0]
    assert (de["type"], de["stockage"], de["faces"]) == ("des", "d6-tamashii", 6)
    noms = [s["nom"] for s in m["saisies"]]
    assert "ATT du Marcheur du Plateau 1" in noms and "ATT du Marcheur du Plateau 2" in noms


def test_a_test_cell_is_the_brute_force_chance_with_the_players_relances(donnees):
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE, "pions-test-tamashii": 3})
    assert m["calculable"] is True
    assert _loi(m, 1, "test", "test-4") == _reussite(_test_brut(3, 2, 4), 4)
    assert _loi(m, 0, "test", "test-2") == _reussite(_test_brut(3, 1, 2), 2)
    assert _loi(m, 0, "test", "test-2") != _reussite(_test_brut(3, 0, 2), 2)  # the Relance counts
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE, "pions-test-tamashii": 4})
    assert _loi(m, 1, "test", "test-6") == _reussite(_test_brut(4, 2, 6), 6)


def test_without_a_count_of_tokens_a_test_uses_three_dice(donnees):
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE})
    assert _loi(m, 1, "test", "test-3") == _reussite(_test_brut(3, 2, 3), 3)


def test_the_attack_roll_uses_the_soldiers_att_and_the_entrys_puissance(donnees):
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE})
    # Ren: the Soldat's ATT 3 (combat example), 1 Puissance, 1 Relance; X frame of the basic symbol.
    assert _loi(m, 0, "attaque", "cadre-x-1") == _x_brut(BASE, 3, 1)
    assert _loi(m, 0, "attaque-puissance", "cadre-x-1") == _x_brut(BASE, 4, 1)
    rare = [1 if isinstance(f, dict) and f.get("rare") else 0 for f in DE]
    assert _loi(m, 0, "attaque", "cadre-x-2") == _x_brut(rare, 3, 1)


def test_the_walkers_att_is_asked_per_board_and_used_once_typed(donnees):
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE})
    sora = m["entrees"][1]
    assert "attaque" not in [a["id"] for a in sora["actions"]]
    assert any("ATT du Marcheur du Plateau 2" in r for r in sora["remarques"])
    cle = next(s["id"] for s in m["saisies"] if s["nom"] == "ATT du Marcheur du Plateau 2")
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE, cle: 2})
    assert _loi(m, 1, "attaque", "cadre-x-1") == _x_brut(BASE, 2, 2)


def test_a_trace_cell_is_the_brute_force_law(donnees):
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE})
    assert _loi(m, 1, "trace", "trace-3") == _trace_brut(3, 2)
    assert _loi(m, 0, "trace", "trace-1") == _trace_brut(1, 1)


def test_tests_ask_1_to_6_successes_and_group_tests_n_times_the_players(donnees):
    liste = _liste()
    liste["format"] = 3
    m = _probas(donnees, liste, saisies={"d6-tamashii": DE})
    par_groupe = {g["id"]: [c["id"] for c in m["cibles"] if c["groupe"] == g["id"]] for g in m["groupes"]}
    assert par_groupe["tests"] == [f"test-{s}" for s in range(1, 7)]
    assert par_groupe["test-de-groupe"] == [f"groupe-{3 * k}" for k in range(1, 5)]
    assert _loi(m, 1, "test", "test-6") == _reussite(_test_brut(3, 2, 6), 6)
    assert sum(par_groupe.values(), []) == [c["id"] for c in m["cibles"]]


def test_the_view_asks_one_group_and_gets_only_its_actions(donnees):
    tout = _probas(donnees, _liste(), saisies={"d6-tamashii": DE})
    for groupe, actions in (("", {"test"}), ("tests", {"test"}), ("trace", {"trace"}),
                            ("attaque", {"attaque", "attaque-puissance"}), ("test-de-groupe", {"test-de-groupe"})):
        m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE}, groupe=groupe)
        assert {a["id"] for a in m["entrees"][0]["actions"]} == actions
        assert {c["groupe"] for c in m["cibles"]} == {groupe or "tests"}
        assert m["resultat"] != tout["resultat"]  # the words of the group shown
        for entree, complete in zip(m["entrees"], tout["entrees"], strict=True):
            for action in entree["actions"]:
                entiere = next(a for a in complete["actions"] if a["id"] == action["id"])
                attendues = [c for c in entiere["cellules"] if c and c["cible"] in {x["id"] for x in m["cibles"]}]
                assert [c for c in action["cellules"] if c] == attendues
    sora = _probas(donnees, _liste(), saisies={"d6-tamashii": DE}, groupe="attaque")["entrees"][1]
    assert sora["actions"] == [] and any("ATT du Marcheur" in r for r in sora["remarques"])


@pytest.mark.parametrize("saisies, mot", [
    ({"d6-tamashii": DE[:5]}, "6 faces"),
    ({"d6-tamashii": ["licorne"] * 6}, "inconnue"),
    ({"d6-tamashii": DE, "pions-test-tamashii": 0}, "Pions vidés"),
    ({"d6-tamashii": DE, "pions-test-tamashii": "beaucoup"}, "Pions vidés"),
    ({"d6-tamashii": DE, "att-marcheur-2-tamashii": 11}, "ATT du Marcheur"),
    ({"d6-tamashii": [{"succes": 3}] * 6}, "succès"),
])
def test_bad_inputs_give_a_french_error(donnees, saisies, mot):
    with pytest.raises(ErreurEntree) as exc:
        _probas(donnees, _liste(), saisies=saisies)
    assert mot in exc.value.message


def test_an_opposing_list_is_not_used_and_the_view_says_so(donnees):
    seule = _probas(donnees, _liste(), saisies={"d6-tamashii": DE})
    contre = _probas(donnees, _liste(), saisies={"d6-tamashii": DE}, adverse=_liste())
    assert contre["cibles"] == seule["cibles"]
    assert any("liste adverse" in n for n in contre["notes"])
    assert not any("liste adverse" in n for n in seule["notes"])


@pytest.mark.parametrize("chemin", EXEMPLES, ids=lambda p: p.stem)
def test_every_example_list_answers(donnees, chemin):
    liste = lire_liste(chemin.read_text(encoding="utf-8"))
    m = _probas(donnees, liste, saisies={"d6-tamashii": DE}, fractions=False)
    assert m["calculable"] is True
    assert len(m["entrees"]) == len(liste["entrees"])
    for entree in m["entrees"]:
        assert {"test", "trace"} <= {a["id"] for a in entree["actions"]}
        assert entree["remarques"] or {"attaque"} <= {a["id"] for a in entree["actions"]}


def _groupe_brut(participants: list[tuple[int, int]], besoin: int) -> Fraction:
    """Best chance of a group test: each in turn rerolls any of their own dice, seeing the successes before."""

    @cache
    def chance(rang: int, deja: int) -> Fraction:
        if deja >= besoin or rang == len(participants):
            return Fraction(int(deja >= besoin))
        des, relances = participants[rang]
        total = Fraction(0)
        for jet in product(SUCCES, repeat=des):
            meilleure = Fraction(0)
            for m in range(min(relances, des) + 1):
                for refaits in combinations(range(des), m):
                    gardes = sum(v for i, v in enumerate(jet) if i not in refaits)
                    nouveaux = list(product(SUCCES, repeat=m))
                    moyenne = sum((chance(rang + 1, deja + gardes + sum(r)) for r in nouveaux), Fraction(0)) / len(nouveaux)
                    meilleure = max(meilleure, moyenne)
            total += meilleure
        return total / 6 ** des

    return chance(0, 0)


def test_each_player_leads_a_group_test_checked_by_brute_force(donnees):
    m = _probas(donnees, _liste(), saisies={"d6-tamashii": DE, "pions-test-tamashii": 2})
    groupe = [c["id"] for c in m["cibles"] if c["groupe"] == "test-de-groupe"]
    assert groupe == ["groupe-2", "groupe-4", "groupe-6", "groupe-8"]  # 1 to 4 × 2 players
    # Ren (1 Relance) leads, then Sora (2 Relances); and the other way round.
    for entree, participants in ((0, [(2, 1), (2, 2)]), (1, [(2, 2), (2, 1)])):
        for besoin in (4, 6):
            p = _groupe_brut(participants, besoin)
            assert _loi(m, entree, "test-de-groupe", f"groupe-{besoin}") == {v: q for v, q in ((0, 1 - p), (1, p)) if q}


def test_no_group_test_in_solo_or_beyond_four_players(donnees):
    solo = _liste()
    solo["options"] = {"mode": "solo"}
    m = _probas(donnees, solo, saisies={"d6-tamashii": DE})
    assert "test-de-groupe" not in {g["id"] for g in m["groupes"]}
    assert any("solo" in n for n in m["notes"])
    nombreux = _liste()
    nombreux["entrees"] = nombreux["entrees"] * 3
    m = _probas(donnees, nombreux, saisies={"d6-tamashii": DE})
    assert "test-de-groupe" not in {g["id"] for g in m["groupes"]}
    assert any("4 participants au plus" in n for n in m["notes"])
