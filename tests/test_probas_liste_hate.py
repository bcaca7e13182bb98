"""Odds of a list for Hate: what the view computes, and what it says is missing.

Expected values are derived here from the rules as the data states them (data/hate/calculs.yaml,
`calcul-combat` and its interpretation; capacites.yaml for the cards): the attacker turns every
joker into a hit; the defender turns just enough jokers into parries to block the hits, and
when it cannot block it turns them all into Sauvagerie; the margin is hits minus parries, KO
when it is at least 1. Worm's sword (worm-c) KOs with 2 damage on 2 dice, jokers included.
Every ordered roll of every die is enumerated with itertools.product (no reroll is involved).
"""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from browser_engine.cli import charger_donnees
from browser_engine.errors import ErreurEntree
from browser_engine.jeux.hate.liste_probas_effets import effets
from browser_engine.reader import lire_liste
from browser_engine.requetes import executer

ROOT = Path(__file__).resolve().parents[1]
DOSSIER = ROOT / "data" / "hate" / "listes"
DE = ["frapper", "frapper", "parer", "parer", "sauvagerie", "joker"]  # invented for the test

# A tribe made for the test (not a valid roster: the odds do not need one).
LISTE = {
    "jeu": "hate", "nom": "Essai", "format": 11, "options": {"tribu": "um-rak", "mode": "chronique"},
    "entrees": [
        {"type": "guerrier", "nom": "Krag", "ameliorations": ["generique-a-03"]},
        {"type": "mercenaire", "mercenaire": "maw", "remplace": "guerrier"},
        {"type": "mercenaire", "mercenaire": "trull", "remplace": "guerrier"},
        {"type": "jeune-sang", "ameliorations": ["mission-pousser"]},
        {"type": "mercenaire", "mercenaire": "worm"},
        {"type": "mercenaire", "mercenaire": "spore-child", "remplace": "jeune-sang"},
        {"type": "champion"},
    ],
}
ADVERSE = {
    "jeu": "hate", "nom": "Les Autres", "format": 11, "options": {"tribu": "um-gra", "mode": "chronique"},
    "entrees": [
        {"type": "guerrier", "cicatrices": ["cicatrice-b-01"]},
        {"type": "mercenaire", "mercenaire": "rash-naar", "remplace": "guerrier"},
        {"type": "prince"},
    ],
}
SAISIES = {"de-hate": DE, "hate-attaque-guerrier": 2, "hate-attaque-maw": 1, "hate-attaque-trull": 2,
           "hate-attaque-jeune-sang": 1, "hate-attaque-worm": 2, "hate-attaque-spore-child": 1}


@pytest.fixture(scope="module")
def hate() -> dict:
    return charger_donnees("hate")


def _combat_law(attaque: int, defense: int, frappes: int = 0, parades: int = 0) -> dict[int, Fraction]:
    """Margin law of one attack, by enumerating every ordered roll of both sides."""
    counts: dict[int, int] = {}
    for roll in itertools.product(DE, repeat=attaque + defense):
        a, d = roll[:attaque], roll[attaque:]
        hits = a.count("frapper") + a.count("joker") + frappes
        parries = d.count("parer") + parades
        if parries >= hits:
            margin = hits - parries  # blocked without a joker
        elif parries + d.count("joker") >= hits:
            margin = 0  # just enough jokers become parries
        else:
            margin = hits - parries  # cannot block: every joker becomes Sauvagerie
        counts[margin] = counts.get(margin, 0) + 1
    total = len(DE) ** (attaque + defense)
    return {m: Fraction(c, total) for m, c in counts.items()}


def _margin(hits: int, parries: int, jokers: int) -> int:
    """The defender blocks with just enough jokers, else turns them all into Sauvagerie."""
    if parries >= hits:
        return hits - parries
    return 0 if parries + jokers >= hits else hits - parries


def _combat_law_b01(attaque: int, defense: int) -> dict[int, Fraction]:
    """Margin law when the defender has B-01: once it sees the hits, if it does not block yet and
    rerolling its other dice (neither Parer nor joker) could block, it rerolls them all."""
    counts: dict[int, int] = {}
    total = len(DE) ** (attaque + 2 * defense)  # every roll weighted over the same denominator
    for roll in itertools.product(DE, repeat=attaque + defense):
        a, d = roll[:attaque], roll[attaque:]
        hits = a.count("frapper") + a.count("joker")
        useful = d.count("parer") + d.count("joker")
        others = defense - useful
        if useful >= hits or useful + others < hits:
            margin = _margin(hits, d.count("parer"), d.count("joker"))
            counts[margin] = counts.get(margin, 0) + len(DE) ** defense
            continue
        for new in itertools.product(DE, repeat=others):
            margin = _margin(hits, d.count("parer") + new.count("parer"), d.count("joker") + new.count("joker"))
            counts[margin] = counts.get(margin, 0) + len(DE) ** (defense - others)
    return {m: Fraction(c, total) for m, c in counts.items()}


def _cell(reponse: dict, entree: int, action: str, cible: str) -> dict:
    ligne = next(e for e in reponse["entrees"] if e["index"] == entree)
    act = next(a for a in ligne["actions"] if a["id"] == action)
    k = next(i for i, c in enumerate(reponse["cibles"]) if c["id"] == cible)
    return act["cellules"][k]


def _assert_cell(cell: dict, law: dict[int, Fraction]) -> None:
    assert {d["valeur"]: Fraction(d["fraction"]) for d in cell["distribution"]} == law
    ko = sum((p for m, p in law.items() if m >= 1), Fraction(0))
    assert Fraction(cell["au_moins_un"]["fraction"]) == ko
    assert Fraction(cell["hors_de_combat"]["fraction"]) == ko
    assert Fraction(cell["esperance"]["fraction"]) == sum(m * p for m, p in law.items())


@pytest.fixture(scope="module")
def reponse(hate: dict) -> dict:
    return executer(hate, LISTE, {"action": "probas", "liste": LISTE, "saisies": SAISIES, "adverse": ADVERSE})


def test_without_player_inputs_the_view_says_what_is_missing(hate: dict):
    liste = lire_liste((DOSSIER / "01-simple-bataille-um-rak.yaml").read_text(encoding="utf-8"))
    m = executer(hate, liste, {"action": "probas", "liste": liste})
    assert m["calculable"] is False
    assert m["cibles"] == []
    assert m["manquant"] and all("manquant" in texte for texte in m["manquant"])
    assert any("faces des dés de Hate" in texte for texte in m["manquant"])
    assert all(e["actions"] == [] for e in m["entrees"])
    assert m["adverse"] is True  # an opposing tribe may be given before the die
    # the inputs the player can type: the shared die of the odds page, then each kind's attack dice
    cles = [s["stockage"] for s in m["saisies"]]
    assert cles[0] == "de-hate" and m["saisies"][0]["type"] == "des"
    assert {"hate-attaque-prince", "hate-attaque-shaman-um-rak", "hate-attaque-guerrier", "hate-attaque-grock"} <= set(cles)
    assert all(s["type"] == "entier" and s["min"] == 0 and s["max"] == 15 for s in m["saisies"][1:])


def test_ordinary_attack_with_an_extra_die_matches_brute_force(reponse: dict):
    # Krag: 2 base dice + A-03 (+1 die in attack) against 2 defence dice
    _assert_cell(_cell(reponse, 0, "attaque", "defense-2"), _combat_law(3, 2))
    _assert_cell(_cell(reponse, 0, "attaque", "defense-1"), _combat_law(3, 1))


def test_reference_defence_with_the_b01_reroll_matches_brute_force(reponse: dict):
    _assert_cell(_cell(reponse, 0, "attaque", "defense-2-relance"), _combat_law_b01(3, 2))
    _assert_cell(_cell(reponse, 0, "attaque", "defense-1-relance"), _combat_law_b01(3, 1))


def test_flat_hits_of_a_mercenary_match_brute_force(reponse: dict):
    # Maw A: +3 hits in attack, with 1 base die, against 3 defence dice
    _assert_cell(_cell(reponse, 1, "attaque", "defense-3"), _combat_law(1, 3, frappes=3))


def test_trull_a_is_an_attack_with_three_more_dice(reponse: dict):
    ligne = reponse["entrees"][2]
    assert [a["id"] for a in ligne["actions"]] == ["attaque", "attaque-trull-a"]
    _assert_cell(_cell(reponse, 2, "attaque-trull-a", "defense-2"), _combat_law(2 + 3, 2))


def test_fixed_dice_attacks_ignore_the_figure_dice(reponse: dict):
    # Pousser: 2 dice whatever the figure's attack (1 typed); Spore Child B: 4 dice, D: 6 dice
    _assert_cell(_cell(reponse, 3, "fixe-pousser", "defense-2"), _combat_law(2, 2))
    _assert_cell(_cell(reponse, 5, "fixe-spore-child-b", "defense-1"), _combat_law(4, 1))
    _assert_cell(_cell(reponse, 5, "fixe-spore-child-d", "defense-1"), _combat_law(6, 1))


def test_worm_sword_kos_on_two_damage(reponse: dict):
    ko = Fraction(sum(1 for a, b in itertools.product(DE, repeat=2)
                      if a in ("frapper", "joker") and b in ("frapper", "joker")), len(DE) ** 2)
    for cible in ("defense-1", "defense-5"):  # no defence roll: the same odds against any target
        _assert_cell(_cell(reponse, 4, "epee-worm", cible), {1: ko, 0: 1 - ko})


def test_an_entry_without_typed_dice_says_why(reponse: dict):
    champion = reponse["entrees"][6]
    assert champion["actions"] == []
    assert any("non saisis" in r and "manquant" in r for r in champion["remarques"])
    assert any("Champion" in m and "manquant" in m for m in reponse["manquant"])
    assert "hate-attaque-champion" in [s["stockage"] for s in reponse["saisies"]]


def test_opposing_tribe_with_typed_defence(hate: dict, reponse: dict):
    assert reponse["adverse"] is True and reponse["groupes"][0]["id"] == "adverse"
    # defence typed for the guerrier (scar B-01: one die fewer) and Rash'Naar (B: +2 parries)
    saisies = {**SAISIES, "hate-defense-guerrier": 3, "hate-defense-rash-naar": 1}
    r = executer(hate, LISTE, {"action": "probas", "liste": LISTE, "saisies": saisies, "adverse": ADVERSE,
                               "groupe": "adverse"})
    assert [c["id"] for c in r["cibles"]] == ["adverse-0", "adverse-1"]
    _assert_cell(_cell(r, 0, "attaque", "adverse-0"), _combat_law(3, 3 - 1))
    _assert_cell(_cell(r, 1, "attaque", "adverse-1"), _combat_law(1, 1, frappes=3, parades=2))
    # the prince's defence is not typed: no column, a note, and its input is offered
    assert any("Prince (entrée 3)" in n and "manquant" in n for n in r["notes"])
    assert "hate-defense-prince" in [s["stockage"] for s in r["saisies"]]


@pytest.mark.parametrize("saisies", [
    {"de-hate": ["frapper", "dragon"]},
    {"de-hate": "pas un dé"},
    {"de-hate": DE, "hate-attaque-guerrier": "beaucoup"},
    {"de-hate": DE, "hate-attaque-guerrier": 99},
    {"de-hate": DE, "hate-attaque-guerrier": True},
    "tout",
])
def test_bad_inputs_give_a_french_error(hate: dict, saisies: object):
    with pytest.raises(ErreurEntree) as exc:
        executer(hate, LISTE, {"action": "probas", "liste": LISTE, "saisies": saisies})
    assert re.search(r"(dé|saisies|entier)", exc.value.message)


def test_an_opposing_list_of_another_game_is_refused(hate: dict):
    autre = {**ADVERSE, "jeu": "bataille-d6"}
    with pytest.raises(ErreurEntree, match="Hate"):
        executer(hate, LISTE, {"action": "probas", "liste": LISTE, "saisies": SAISIES, "adverse": autre})


def test_card_effects_are_the_numbers_the_data_states(hate: dict):
    resumes = {c["id"]: c.get("resume", "") for c in hate["capacites"]}
    cartes = effets(hate)  # data/hate/probas-liste.yaml
    for par_carte in (cartes.attaque, cartes.defense):
        for ident, effet in par_carte.items():
            texte = resumes[ident]
            for cle, valeur in effet.items():
                if cle == "des":
                    assert f"{'+' if valeur > 0 else '−'}{abs(valeur)} dé" in texte, ident
                elif cle.startswith("frappes_bonus"):
                    assert f"+{valeur} frappe" in texte, ident
                elif cle.startswith("parades_bonus"):
                    assert f"+{valeur} parade" in texte, ident
    for ident, plus in cartes.attaques_en_plus.items():
        assert f"+{plus} dés" in resumes[ident]
    for ident, (types, plus) in cartes.frappes_contre.items():
        assert f"+{plus} frappes" in resumes[ident] and all(t.capitalize() in resumes[ident] for t in types)


@pytest.mark.parametrize("chemin", sorted(DOSSIER.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_list_answers(hate: dict, chemin: Path):
    liste = lire_liste(chemin.read_text(encoding="utf-8"))
    vide = executer(hate, liste, {"action": "probas", "liste": liste})
    saisies = {s["stockage"]: (DE if s["type"] == "des" else 2) for s in vide["saisies"]}
    r = executer(hate, liste, {"action": "probas", "liste": liste, "saisies": saisies, "fractions": False})
    assert r["calculable"] is True and len(r["cibles"]) == 10
    for entree in r["entrees"]:
        assert entree["actions"] or entree["remarques"], entree["nom"]
        for action in entree["actions"]:
            assert all(c is not None and 0 <= c["au_moins_un"]["probabilite"] <= 1 for c in action["cellules"])


def test_a_scar_on_a_printed_skill_slot_cancels_it(hate: dict):
    # Maw with Scar-A-01 (slot A, −1 die in attack): Maw A (+3 hits, slot A) is covered, so no flat hits
    liste = {**LISTE, "entrees": [{"type": "mercenaire", "mercenaire": "maw", "cicatrices": ["cicatrice-a-01"]}]}
    r = executer(hate, liste, {"action": "probas", "liste": liste, "saisies": {**SAISIES, "hate-attaque-maw": 3}})
    _assert_cell(_cell(r, 0, "attaque", "defense-2"), _combat_law(3 - 1, 2))
    assert any("Maw A" in remarque for remarque in r["entrees"][0]["remarques"])


def test_shaman_and_sarrassa_dice_are_asked_per_tribe(hate: dict):
    liste = lire_liste((DOSSIER / "06-chronique-sarrassa-et-worm.yaml").read_text(encoding="utf-8"))
    cles = [s["stockage"] for s in executer(hate, liste, {"action": "probas", "liste": liste})["saisies"]]
    assert {"hate-attaque-shaman-sarrassa", "hate-attaque-guerrier-sarrassa", "hate-attaque-worm"} <= set(cles)
    assert "hate-attaque-guerrier" not in cles  # the Sarrassa cards are stronger than the others (line 1573)


def test_an_opposing_tyran_keeps_a_joker_of_the_attacker_as_a_parry(hate: dict):
    # Le Tyran D: his defence always yields 1 hit, so an attacker without a Parer face keeps one joker
    # as a parry (calcul-combat's interpretation); the margin is enumerated with that choice.
    adverse = {**ADVERSE, "entrees": [{"type": "tyran", "remplace": "prince"}]}
    saisies = {**SAISIES, "hate-defense-le-tyran": 2}
    r = executer(hate, LISTE, {"action": "probas", "liste": LISTE, "saisies": saisies, "adverse": adverse,
                               "groupe": "adverse"})
    counts: dict[int, int] = {}
    for roll in itertools.product(DE, repeat=3 + 2):
        a, d = roll[:3], roll[3:]
        garde = 1 if a.count("parer") == 0 and a.count("joker") >= 1 else 0
        hits = a.count("frapper") + a.count("joker") - garde
        margin = _margin(hits, d.count("parer"), d.count("joker"))
        counts[margin] = counts.get(margin, 0) + 1
    law = {m: Fraction(c, len(DE) ** 5) for m, c in counts.items()}
    _assert_cell(_cell(r, 0, "attaque", "adverse-0"), law)


def test_tueur_de_princes_adds_its_hits_against_a_prince_only(hate: dict):
    liste = {**LISTE, "entrees": [{"type": "guerrier", "ameliorations": ["mission-tueur-de-princes"]}]}
    saisies = {**SAISIES, "hate-defense-guerrier": 3, "hate-defense-prince": 2}
    r = executer(hate, liste, {"action": "probas", "liste": liste, "saisies": saisies, "adverse": ADVERSE})
    _assert_cell(_cell(r, 0, "attaque", "adverse-2"), _combat_law(2, 2, frappes=2))  # the Prince
    _assert_cell(_cell(r, 0, "attaque", "adverse-0"), _combat_law(2, 3 - 1))  # a Guerrier (Scar-B-01)
    _assert_cell(_cell(r, 0, "attaque", "defense-2"), _combat_law(2, 2))  # a reference target


def test_issue24_item12_heavy_dice_stop_at_the_request_budget(hate: dict, monkeypatch):
    """40 figures of 14 attack dice with rerolls against 15 defence dice (values the inputs allow): the laws
    computed stay within the request budget, the others are refused before computing, with a note."""
    from browser_engine import probas_liste
    from browser_engine.jeux.hate import liste_probas as hate_liste_probas

    cartes = ([], ["generique-a-03"], ["generique-a-04"], ["generique-a-03", "generique-a-04"])
    types = ("prince", "champion", "guerrier", "jeune-sang")
    liste = {"jeu": "hate", "nom": "Lourde", "format": 11, "options": {"tribu": "um-rak", "mode": "chronique"},
             "entrees": [{"type": types[i % 4], "ameliorations": cartes[i // 4 % 4]} for i in range(16)]}
    adverse = {"jeu": "hate", "nom": "Mur", "format": 11, "options": {"tribu": "um-gra", "mode": "chronique"},
               "entrees": [{"type": types[i % 4], "ameliorations": ["generique-b-01"] if i // 4 else []}
                           for i in range(8)]}
    saisies = {"de-hate": DE, **{f"hate-attaque-{t}": 11 + k for k, t in enumerate(types)},
               **{f"hate-defense-{t}": 12 + k for k, t in enumerate(types)}}
    calculees: dict[tuple, float] = {}
    vraie = probas_liste.Calculs.loi

    def loi(self, calcul, parametres):
        calculees[(calcul, tuple(sorted(parametres.items())))] = hate_liste_probas.cout(None, parametres)
        return vraie(self, calcul, parametres)

    monkeypatch.setattr(probas_liste.Calculs, "loi", loi)
    probas_liste.vider_cache()
    m = executer(hate, liste, {"action": "probas", "liste": liste, "saisies": saisies, "adverse": adverse,
                               "fractions": False})
    assert any(n.startswith("Demande trop lourde") for n in m["notes"])
    assert any(c is None for e in m["entrees"] for a in e["actions"] for c in a["cellules"])
    assert 0 < sum(calculees.values()) <= probas_liste.BUDGET_MS
