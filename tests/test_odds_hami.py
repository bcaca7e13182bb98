"""HAMI odds: solo setup tables and Combat cards, against fractions derived by hand in each test.

Table facts come from the rulebook (../shared/seeds/000_b10699d023b74ea5.txt), quoted by line.
The decks used for the card calculations are INVENTED for these tests (labelled « inventé »):
the official composition of the 12 Combat cards is not in the book's text.
"""
from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from browser_engine import ErreurParametre, calculer, tables_statiques
from tests.engine_support import load_bundle

ROOT = Path(__file__).resolve().parent.parent
F = Fraction


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return load_bundle("hami")


def loi(resultat: dict[str, Any]) -> dict[int, Fraction]:
    return {d["valeur"]: Fraction(d["fraction"]) for d in resultat["distribution"]}


def issues(resultat: dict[str, Any]) -> dict[str, Fraction]:
    return {i["id"]: Fraction(i["fraction"]) for i in resultat["issues"]}


def carte(nom: str, jl: int, jo: int, nl: int = 0, no: int = 0) -> dict[str, Any]:
    return {"nom": nom, "jour": {"lumiere": jl, "ombre": jo}, "nuit": {"lumiere": nl, "ombre": no}}


# --- solo setup ------------------------------------------------------------------------------------

def test_taille_des_decors(bundle):
    # l. 1321-1325: per zone, 2 rolls: 1-3 small, 4-5 medium, 6 large.
    r = calculer(bundle, "solo_decors", {"taille": 3, "zones": 1})
    p = F(1, 6)  # one large décor
    assert loi(r) == {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p ** 2}  # 25/36, 10/36, 1/36
    compo = issues(r)
    petit, moyen, grand = F(3, 6), F(2, 6), F(1, 6)
    assert compo == {"zone-1-1": petit * petit, "zone-1-2": 2 * petit * moyen, "zone-1-3": 2 * petit * grand,
                     "zone-2-2": moyen * moyen, "zone-2-3": 2 * moyen * grand, "zone-3-3": grand * grand}
    assert sum(compo.values()) == 1
    # The whole table: 8 independent rolls; no large décor at all with probability (5/6)^8.
    toute = loi(calculer(bundle, "solo_decors", {"taille": 3, "zones": 4}))
    assert toute[0] == F(5, 6) ** 8 and toute[8] == F(1, 6) ** 8
    moyens = loi(calculer(bundle, "solo_decors", {"taille": 2, "zones": 1}))
    assert moyens == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}


def test_nature_des_objectifs(bundle):
    # l. 1327-1333: three tokens; 1-2 Œuf, 3-5 Artefact, 6 Hami perdu.
    r = calculer(bundle, "solo_objectifs", {"nature": 3})
    assert loi(r) == {k: math.comb(3, k) * F(1, 6) ** k * F(5, 6) ** (3 - k) for k in range(4)}
    i = issues(r)
    assert (i["pion-1"], i["pion-2"], i["pion-3"]) == (F(1, 3), F(1, 2), F(1, 6))
    assert i["au-moins-1"] == 1 - F(2, 3) ** 3 == F(19, 27)
    assert i["au-moins-3"] == F(91, 216)


def _cas_des_deux_premieres_zones() -> list[tuple[Fraction, str, Fraction]]:
    """Zones 1 and 2 are free rolls; (probability, case, chance that zone 3 shows a 1).

    Rows (l. 1352-1355): {1}, {2,3}, {4,5}, {6}. If zones 1 and 2 gave the same row, zone 3 is
    rerolled until another row comes, i.e. uniform on the other faces (l. 1350).
    """
    return [
        (F(1, 36), "1 et 1", F(0)),  # row {1} twice: zone 3 on faces 2-6, never a 1
        (F(1, 9), "2-3 deux fois", F(1, 4)),  # faces 1, 4, 5, 6 left
        (F(1, 9), "4-5 deux fois", F(1, 4)),  # faces 1, 2, 3, 6 left
        (F(1, 36), "6 et 6", F(1, 5)),  # faces 1-5 left
        (1 - F(1, 36) - F(2, 9) - F(1, 36), "deux lignes différentes", F(1, 6)),
    ]


def test_determination_des_cnj(bundle):
    r = calculer(bundle, "solo_cnj", {"ligne": 1})
    # Number of zones with "Un prédateur géant" (face 1), by hand from the cases above.
    # Zones 1-2: 0, 1 or 2 géants: (5/6)^2, 2(1/6)(5/6), (1/6)^2; zone 3 depends on the case.
    zero = F(1, 9) * F(3, 4) * 2 + F(1, 36) * F(4, 5) + (F(25, 36) - F(2, 9) - F(1, 36)) * F(5, 6)
    deux = F(1, 36) + 2 * (F(1, 6) * F(5, 6)) * F(1, 6)  # 1 and 1, then never; or one géant then another
    # (one géant in zones 1-2 means the rows differ, so zone 3 is a free roll)
    assert loi(r) == {0: zero, 1: 1 - zero - deux, 2: deux}
    assert zero == F(151, 270)
    assert issues(r)["ligne-1"] == 1 - zero
    # Never three times the same row.
    assert max(loi(calculer(bundle, "solo_cnj", {"ligne": 2}))) == 2


def test_nemesis(bundle):
    # l. 1458: a 1 or a 6 on the NPC roll calls for another d6; on 5 or 6 a Némésis is deployed.
    # Each kept 1 or 6 gives a roll that fails with probability 2/3.
    echec = F(2, 3)
    sans = (
        # 1 and 1 (or 6 and 6): two rolls, zone 3 is a 6 (or a 1) with probability 1/5.
        2 * F(1, 36) * echec ** 2 * (F(4, 5) + F(1, 5) * echec)
        # 2-3 twice or 4-5 twice: no roll yet, zone 3 on 4 faces of which 2 call a roll.
        + 2 * F(1, 9) * (F(1, 2) + F(1, 2) * echec)
        # Different rows: zones 1-2 give 2 rolls (1 then 6 or 6 then 1), 1 roll, or none; zone 3 free.
        + (2 * F(1, 36) * echec ** 2 + 2 * F(1, 3) * F(2, 3) * echec + (F(4, 9) - 2 * F(1, 9))) * (F(2, 3) + F(1, 3) * echec)
    )
    r = calculer(bundle, "solo_nemesis", {})
    assert loi(r) == {0: sans, 1: 1 - sans}
    assert issues(r)["nemesis"] == 1 - sans == F(1126, 3645)
    # Without the reroll rule it would be 1 - (1 - 1/9)^3.
    assert 1 - sans != 1 - F(8, 9) ** 3


def test_evenements(bundle):
    # l. 1487-1493: 1-3 nothing, 4 Transfert d'Essence, 5 Soubresaut, 6 and more Renfort embusqué;
    # Premier Sang: +2 on the first NPC eliminated.
    normal = calculer(bundle, "solo_evenements", {"premier_sang": False})
    assert issues(normal) == {"ligne-1": F(1, 2), "ligne-2": F(1, 6), "ligne-3": F(1, 6), "ligne-4": F(1, 6)}
    sang = calculer(bundle, "solo_evenements", {"premier_sang": True})
    # d6 + 2 = 3..8: 3 nothing, 4 Transfert, 5 Soubresaut, 6, 7, 8 Renfort.
    assert issues(sang) == {"ligne-1": F(1, 6), "ligne-2": F(1, 6), "ligne-3": F(1, 6), "ligne-4": F(1, 2)}
    assert loi(sang) == {t: F(1, 6) for t in range(3, 9)}
    assert Fraction(sang["esperance"]["fraction"]) == F(11, 2)


def test_tables_statiques(bundle):
    tables = {t["id"]: t for t in tables_statiques(bundle)}
    assert set(tables) == {"table-solo-cnj", "table-solo-nemesis", "table-solo-evenements"}
    assert tables["table-solo-nemesis"]["lignes"][0]["cellules"][0]["fraction"] == "1126/3645"


# --- Combat cards: the deck parameter ----------------------------------------------------------------

def test_paquet_officiel_manquant(bundle):
    # The official deck is `manquant`: no deck, no computation, and a French message that says so.
    for calcul in ("combat_cartes", "initiative_cartes"):
        with pytest.raises(ErreurParametre) as erreur:
            calculer(bundle, calcul, {})
        assert "manquante" in erreur.value.message and "vos propres cartes" in erreur.value.message
        assert "exemple" not in erreur.value.message  # no invented deck is offered
        assert erreur.value.parametre == "paquet"
    table = next(t for t in bundle["tables"] if t["id"] == "paquet-de-combat")
    assert table.get("manquant")


def test_aucun_paquet_invente(bundle):
    # Issue 10 §7: no calculation runs on an invented deck; the data carries none and « exemple » is no deck.
    for decl in bundle["calculs"]:
        for param in decl["parametres"]:
            if param["type"] == "paquet":
                assert param["defaut"] is None and "exemple" not in param
                assert "vos cartes" in param["aide"]
    with pytest.raises(ErreurParametre):
        calculer(bundle, "combat_cartes", {"paquet": "exemple"})


@pytest.mark.parametrize(("paquet", "morceau"), [
    ([{"nom": "x", "jour": {"lumiere": -1, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 0}}], "de 0 à"),
    ([{"nom": "x", "jour": {"lumiere": 1}, "nuit": {"lumiere": 0, "ombre": 0}, "couleur": "rouge"}], "champ inconnu"),
    ([{"nom": "x", "jour": 3, "nuit": {"lumiere": 0, "ombre": 0}}], "lumiere"),
    ("[1, 2", "illisible"),
    (42, "liste de cartes"),
    ([], "manquante"),
])
def test_paquet_malforme(bundle, paquet, morceau):
    with pytest.raises(ErreurParametre) as erreur:
        calculer(bundle, "combat_cartes", {"paquet": paquet})
    assert morceau in erreur.value.message


def test_paquet_gabarit_accepte(bundle):
    # The « Données à compléter » template: {paquet_de_combat: [{carte: N, jour: {..., effet}, nuit: ...}]}.
    texte = ("paquet_de_combat:\n"
             "  - {carte: 1, jour: {lumiere: 1, ombre: 0, effet: bond}, nuit: {lumiere: 0, ombre: 1, effet: null}}\n"
             "  - {carte: 2, jour: {lumiere: 0, ombre: 0, effet: null}, nuit: {lumiere: 0, ombre: 0, effet: null}}\n")
    r = calculer(bundle, "combat_cartes", {"paquet": texte, "cartes": 1})
    assert [c["nom"] for c in r["parametres"]["paquet"]] == ["carte 1", "carte 2"]


# --- Combat cards: exact odds on invented decks -------------------------------------------------------

# Invented deck (inventé pour ce test), Day halves: each card dominates the previous one symbol by symbol,
# so "the best card" is the same under any reasonable reading: the one with the most symbols.
INVENTE = [carte("inventée 0", 0, 0), carte("inventée 1", 1, 0), carte("inventée 2", 1, 1), carte("inventée 3", 2, 1)]
# Losses (l. 331: one Essence per Light and per Shadow symbol of the attacker beyond the defender's).
PERTES = {3: {0: 3, 1: 2, 2: 1, 3: 0}, 2: {0: 2, 1: 1, 2: 0, 3: 0}, 1: {0: 1, 1: 0, 2: 0, 3: 0}, 0: {d: 0 for d in range(4)}}


def garde_le_meilleur(n: int, tirees: int) -> dict[int, Fraction]:
    """Card k is kept when it is the highest of `tirees` cards drawn without replacement: C(k, tirees-1)/C(n, tirees)."""
    return {k: F(math.comb(k, tirees - 1), math.comb(n, tirees)) for k in range(n)}


def test_attaque_sans_couvert(bundle):
    # The attacker draws C = 2 of 4 and keeps the best; the defender draws 1 of his own 4.
    attaque = garde_le_meilleur(4, 2)  # {0: 0, 1: 1/6, 2: 2/6, 3: 3/6}
    assert attaque == {0: 0, 1: F(1, 6), 2: F(1, 3), 3: F(1, 2)}
    attendu: dict[int, Fraction] = {}
    for a, pa in attaque.items():
        for d in range(4):
            attendu[PERTES[a][d]] = attendu.get(PERTES[a][d], F(0)) + pa * F(1, 4)
    assert attendu == {0: F(5, 12), 1: F(1, 4), 2: F(5, 24), 3: F(1, 8)}
    r = calculer(bundle, "combat_cartes", {"paquet": INVENTE, "cartes": 2, "couvert": False, "nuit": False})
    assert loi(r) == attendu
    assert issues(r)["aucune"] == F(5, 12) and issues(r)["au-moins-2"] == F(5, 24) + F(1, 8)


def test_attaque_a_couvert(bundle):
    # At cover the defender draws 2 and keeps the better: the same hypergeometric law as the attacker.
    attaque = garde_le_meilleur(4, 2)
    defense = garde_le_meilleur(4, 2)
    attendu: dict[int, Fraction] = {}
    for a, pa in attaque.items():
        for d, pd in defense.items():
            if pa and pd:
                attendu[PERTES[a][d]] = attendu.get(PERTES[a][d], F(0)) + pa * pd
    assert attendu == {0: F(25, 36), 1: F(2, 9), 2: F(1, 12)}
    r = calculer(bundle, "combat_cartes", {"paquet": INVENTE, "cartes": 2, "couvert": True})
    assert loi(r) == attendu


def test_attaque_trois_cartes_et_nuit(bundle):
    # Night halves of another invented deck: 3 cards (0,0), (0,1), (0,2); C = 3 draws them all and keeps (0,2).
    nuit = [carte("inventée A", 5, 5, 0, 0), carte("inventée B", 5, 5, 0, 1), carte("inventée C", 5, 5, 0, 2)]
    r = calculer(bundle, "combat_cartes", {"paquet": nuit, "cartes": 3, "nuit": True})
    # vs one defender card of 3: losses 2, 1, 0 with probability 1/3 each.
    assert loi(r) == {0: F(1, 3), 1: F(1, 3), 2: F(1, 3)}
    # The Day halves are all equal (5, 5): no loss at all.
    assert loi(calculer(bundle, "combat_cartes", {"paquet": nuit, "cartes": 3, "nuit": False})) == {0: F(1)}


def test_meilleure_carte_a_egalite(bundle):
    # Invented deck (inventé): (2,0), (0,2), (0,0). Attack values against a random card: 4/3, 4/3, 0.
    # Drawing the first two, the attacker keeps one of them at random (1/2 each).
    paquet = [carte("inventée L", 2, 0), carte("inventée O", 0, 2), carte("inventée vide", 0, 0)]
    # C = 2 of 3: {L,O} (keep L or O, 1/2 each), {L,vide} -> L, {O,vide} -> O: L and O kept 1/2 each.
    # Defender one card: vs (2,0): L inflicts 0, O inflicts 2; vs (0,2): L 2, O 0; vs (0,0): L 2, O 2.
    attendu = {0: F(1, 2) * F(1, 3) * 2, 2: F(1, 2) * F(2, 3) * 2}
    assert loi(calculer(bundle, "combat_cartes", {"paquet": paquet, "cartes": 2})) == attendu


def test_paquet_trop_petit(bundle):
    with pytest.raises(ErreurParametre) as erreur:
        calculer(bundle, "combat_cartes", {"paquet": INVENTE[:2], "cartes": 3})
    assert "au moins 3" in erreur.value.message


def test_initiative(bundle):
    # Invented deck (inventé): Light symbols (both halves) 0, 1, 1, 2. Two cards of 4: sums 1, 1, 2, 2, 3, 3.
    paquet = [carte("i0", 0, 3, 0, 1), carte("i1", 1, 0, 0, 0), carte("i1 bis", 0, 0, 1, 2), carte("i2", 1, 1, 1, 0)]
    r = calculer(bundle, "initiative_cartes", {"paquet": paquet})
    # Each sum 1, 2, 3 with probability 1/3 for each player, independently (own decks).
    attendu = {d: F(0) for d in range(-2, 3)}
    for a in (1, 2, 3):
        for b in (1, 2, 3):
            attendu[a - b] += F(1, 9)
    assert loi(r) == attendu
    i = issues(r)
    assert i["a"] == i["b"] == F(1, 3) and i["egalite"] == F(1, 3)
    # Ties (l. 246: on a tie, a third card is drawn, and so on), by hand:
    # sum 1 each: both keep {1, 2}: A 1/4, B 1/4, tie to the end 1/2;
    # sum 2 each: A keeps {1,1} or {0,2} (1/2 each), B too: A 5/16, B 5/16, tie 3/8;
    # sum 3 each: both keep {0, 1}: A 1/4, B 1/4, tie 1/2.
    a_final = F(1, 3) + F(1, 9) * (F(1, 4) + F(5, 16) + F(1, 4))
    nul_final = F(1, 9) * (F(1, 2) + F(3, 8) + F(1, 2))
    assert (i["a-final"], i["b-final"], i["nul-final"]) == (a_final, a_final, nul_final)
    assert a_final == F(61, 144) and nul_final == F(11, 72)


# --- the command line --------------------------------------------------------------------------------

def _probas(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "browser_engine", "probas", "hami", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_ligne_de_commande_paquet(tmp_path: Path):
    sans = _probas("combat_cartes")
    assert sans.returncode == 2 and "manquante" in sans.stderr
    exemple = _probas("combat_cartes", "--paquet", "exemple", "--json")
    assert exemple.returncode == 2 and "Traceback" not in exemple.stderr, exemple.stderr
    fichier = tmp_path / "paquet-invente.yaml"
    fichier.write_text("# Paquet inventé pour ce test\n" + "\n".join(
        f"- {{nom: {c['nom']}, jour: {{lumiere: {c['jour']['lumiere']}, ombre: {c['jour']['ombre']}}}, "
        f"nuit: {{lumiere: 0, ombre: 0}}}}" for c in INVENTE) + "\n", encoding="utf-8")
    run = _probas("combat_cartes", "--paquet", str(fichier), "--cartes", "2", "--couvert", "--json")
    assert run.returncode == 0, run.stderr
    resultat = json.loads(run.stdout)
    assert {d["valeur"]: d["fraction"] for d in resultat["distribution"]} == {0: "25/36", 1: "2/9", 2: "1/12"}
    json_fichier = tmp_path / "paquet-invente.json"
    json_fichier.write_text(json.dumps({"paquet": INVENTE}), encoding="utf-8")
    texte = _probas("combat_cartes", "--paquet", str(json_fichier))
    assert texte.returncode == 0 and "4 cartes" in texte.stdout
    absent = _probas("combat_cartes", "--paquet", str(tmp_path / "absent.yaml"))
    assert absent.returncode == 2 and "Impossible de lire" in absent.stderr


def test_ligne_de_commande_solo():
    run = _probas("solo_nemesis", "--json")
    assert run.returncode == 0
    assert {i["id"]: i["fraction"] for i in json.loads(run.stdout)["issues"]}["nemesis"] == "1126/3645"
