"""Repairs of invalid lists (browser_engine.reparer), checked independently of the engine.

Every suggestion is re-applied by this test from its JSON-pointer changes (its own small
implementation, not the engine's) and re-checked with `valider`: valid, two changes at most,
the errors it claims to clear are gone, the costs it shows are the checker's.
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from browser_engine import ErreurEntree, lire_liste, valider
from browser_engine.reparer import MAX_ENTREES, reparer
from browser_engine.requetes import executer
from tests.engine_support import DATA, ROOT, load_bundle

EXEMPLES = [
    ("bataille-d6", "04-trop-de-heros.yaml"),
    ("bataille-d6", "06-objet-sur-troupe.yaml"),
    ("hami", "14-invalide-grottes-en-lumiere.yaml"),
    ("hami", "16-invalide-sort-en-double.yaml"),
    ("kharn-ages", "11-invalide-budget-depasse.yaml"),
    ("hate", "16-invalide-mercenaire-a-la-place-du-champion.yaml"),
    ("hate", "22-invalide-four-trop-grand.yaml"),
    ("tamashii", "12-invalide-meme-plateau.yaml"),
    ("tamashii", "19-invalide-reserve-geo-chasse.yaml"),
    ("tamashii", "14-invalide-solo-sans-bot.yaml"),
    ("tamashii", "16-invalide-competitif-meme-tuile.yaml"),
    ("tamashii", "21-invalide-prologue-seul-trois-batteries.yaml"),
    ("tamashii", "22-invalide-geo-chasse-sans-marche.yaml"),
]


def exemple(jeu: str, fichier: str) -> dict:
    return lire_liste((DATA / jeu / "listes" / fichier).read_text("utf-8"))


def _jetons(pointeur: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointeur[1:].split("/")]


def appliquer_soi_meme(liste: dict, changements: list[dict]) -> dict:
    """The changes made by this test, in the order given (RFC 6901 pointers, `-` appends)."""
    resultat = copy.deepcopy(liste)
    for c in changements:
        jetons = _jetons(c["chemin"])
        parent = resultat
        for jeton in jetons[:-1]:
            parent = parent[int(jeton)] if isinstance(parent, list) else parent.setdefault(jeton, {})
        dernier = jetons[-1]
        if c["operation"] == "retirer":
            if isinstance(parent, list):
                assert parent[int(dernier)] == c["avant"]
                del parent[int(dernier)]
            else:
                assert parent[dernier] == c["avant"]
                del parent[dernier]
        elif dernier == "-":
            parent.append(c["apres"])
        elif isinstance(parent, list):
            assert parent[int(dernier)] == c["avant"]
            parent[int(dernier)] = c["apres"]
        else:
            assert parent.get(dernier) == c["avant"]
            parent[dernier] = c["apres"]
    return resultat


def total(rapport: dict) -> object:
    if rapport["cout"] is not None:
        return rapport["cout"]
    return (rapport.get("details") or {}).get("cout_activation")


def verifier_suggestions(bundle: dict, liste: dict, resultat: dict) -> None:
    """Each suggestion, re-applied and re-checked here, is valid and says the truth about itself."""
    avant = valider(bundle, liste)
    codes_avant = {(e["code"], e["chemin"]) for e in avant["erreurs"]}
    assert 1 <= len(resultat["suggestions"]) <= 5
    tailles = [len(s["changements"]) for s in resultat["suggestions"]]
    assert tailles == sorted(tailles), "a double change is ranked above a single one"
    for s in resultat["suggestions"]:
        assert 1 <= len(s["changements"]) <= 2
        repare = appliquer_soi_meme(liste, s["changements"])
        assert repare == s["liste"]
        rapport = valider(bundle, repare)
        assert rapport["valide"], (s["changements"], rapport["erreurs"])
        corrigees = {(e["code"], e["chemin"]) for e in s["corrige"]}
        assert corrigees and corrigees <= codes_avant
        assert not corrigees & {(e["code"], e["chemin"]) for e in rapport["erreurs"]}
        assert s["cout_avant"] == total(avant) and s["cout_apres"] == total(rapport)
        for c in s["changements"]:
            assert isinstance(c["description"], str) and c["description"][:1].isupper()


@pytest.mark.parametrize(("jeu", "fichier"), EXEMPLES)
def test_exemple_invalide_repare(jeu: str, fichier: str) -> None:
    """An invalid example list of each game gets repairs; each one is verified here."""
    bundle = load_bundle(jeu)
    liste = exemple(jeu, fichier)
    resultat = reparer(bundle, liste)
    assert not resultat["valide"] and resultat["message"] is None
    verifier_suggestions(bundle, liste, resultat)
    assert liste == exemple(jeu, fichier), "the player's list must not be changed"


def test_noms_des_donnees_dans_les_descriptions() -> None:
    """Descriptions name things as the data does: the entry's name and the spell's name."""
    bundle = load_bundle("hami")
    resultat = reparer(bundle, exemple("hami", "16-invalide-sort-en-double.yaml"))
    noms_sorts = {s["nom"] for s in bundle["sorts"]}
    premiere = resultat["suggestions"][0]["changements"][0]["description"]
    assert "l'entrée 2 (Gardien (Eau, jeune))" in premiere
    assert "Ralentissement" in premiere and any(n in premiere.split("→")[1] for n in noms_sorts)


def _simples_du_test(bundle: dict, liste: dict) -> list[dict]:
    """Every single change this test thinks of (remove an entry or a field, another role or stat), kept if valid."""
    valides = []
    roles = ["troupe", "heros", "sorcier"]
    for k, entree in enumerate(liste["entrees"]):
        candidats = [{**liste, "entrees": liste["entrees"][:k] + liste["entrees"][k + 1:]}]
        for champ in entree:
            if champ != "nom":
                sans = {c: v for c, v in entree.items() if c != champ}
                candidats.append({**liste, "entrees": liste["entrees"][:k] + [sans] + liste["entrees"][k + 1:]})
        for role in roles:
            autre = {**entree, "role": role}
            candidats.append({**liste, "entrees": liste["entrees"][:k] + [autre] + liste["entrees"][k + 1:]})
        for carac, valeurs in (("melee", range(1, 6)), ("tir", range(0, 6)), ("armure", range(0, 6))):
            for v in valeurs:
                autre = {**entree, carac: v}
                candidats.append({**liste, "entrees": liste["entrees"][:k] + [autre] + liste["entrees"][k + 1:]})
        for candidat in candidats:
            if candidat != liste and valider(bundle, candidat)["valide"] and candidat not in valides:
                valides.append(candidat)
    return valides


def test_changements_simples_trouves() -> None:
    """A list built here: every valid single change this test finds by itself is among the engine's."""
    bundle = load_bundle("bataille-d6")
    liste = {"jeu": "bataille-d6", "nom": "Essai", "format": 250, "entrees": [
        {"nom": "Lanciers", "nombre": 10, "mouvement": 9, "melee": 2, "tir": 0, "armure": 1},
        {"nom": "Porte-bannière", "nombre": 1, "mouvement": 9, "melee": 2, "tir": 0, "armure": 1, "objet": 3},
    ]}
    assert not valider(bundle, liste)["valide"]
    attendues = _simples_du_test(bundle, liste)
    assert 1 <= len(attendues) <= 5, len(attendues)
    resultat = reparer(bundle, liste)
    verifier_suggestions(bundle, liste, resultat)
    simples = [s["liste"] for s in resultat["suggestions"] if len(s["changements"]) == 1]
    for attendue in attendues:
        assert attendue in simples, json.dumps(attendue, ensure_ascii=False)
    assert resultat["suggestions"][0]["changements"][0]["description"].startswith("Retirer Objet magique")


def test_pas_de_reparation_en_deux_changements() -> None:
    """A Khârn-Âges list whose profile is in no catalogue: no change of one or two fields repairs it."""
    bundle = load_bundle("kharn-ages")
    liste = exemple("kharn-ages", "12-invalide-profil-non-fourni.yaml")
    resultat = reparer(bundle, liste)
    assert resultat["suggestions"] == []
    assert resultat["message"].startswith("Aucune réparation en deux changements au plus")
    # No removal of a field of the entry, nor of the entry, repairs it either (this test's own check).
    entree = liste["entrees"][0]
    for champ in entree:
        sans = {c: v for c, v in entree.items() if c != champ}
        assert not valider(bundle, {**liste, "entrees": [sans]})["valide"]
    assert not valider(bundle, {**liste, "entrees": []})["valide"]


def test_liste_valide_rien_a_reparer() -> None:
    bundle = load_bundle("hami")
    resultat = reparer(bundle, exemple("hami", "01-exemple-du-livre.yaml"))
    assert resultat["valide"] and resultat["suggestions"] == []
    assert resultat["message"] == "La liste est déjà valide : rien à réparer."


@pytest.mark.parametrize("liste", [None, [], "jeu: hami", 42, {"jeu": "hami", "entrees": "x"}])
def test_entrees_hostiles(liste: object) -> None:
    """Not a list object: a French ErreurEntree, never a crash (an odd `entrees` is an error to report)."""
    bundle = load_bundle("hami")
    if isinstance(liste, dict):
        resultat = reparer(bundle, liste)
        assert not resultat["valide"]
        return
    with pytest.raises(ErreurEntree) as erreur:
        reparer(bundle, liste)
    assert "La liste doit être un objet" in str(erreur.value)


def test_liste_trop_longue() -> None:
    bundle = load_bundle("bataille-d6")
    entree = {"nom": "Lanciers", "nombre": 10, "mouvement": 9, "melee": 2, "tir": 0, "armure": 1}
    liste = {"jeu": "bataille-d6", "nom": "Immense", "format": 250, "entrees": [entree] * (MAX_ENTREES + 1)}
    with pytest.raises(ErreurEntree) as erreur:
        reparer(bundle, liste)
    assert "Liste trop longue pour chercher des réparations" in str(erreur.value)


def test_action_du_compositeur() -> None:
    """The worker's route: requetes.executer with action « reparer »."""
    bundle = load_bundle("tamashii")
    liste = exemple("tamashii", "12-invalide-meme-plateau.yaml")
    resultat = executer(bundle, liste, {"action": "reparer", "liste": liste})
    verifier_suggestions(bundle, liste, resultat)
    assert all(c["description"].startswith("Plateau") for s in resultat["suggestions"] for c in s["changements"])


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "browser_engine", "reparer", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_cli_codes_de_sortie(tmp_path: Path) -> None:
    """0 valid list, 1 invalid (with repairs or without), 2 unreadable; French output."""
    valide = _cli(str(DATA / "hami" / "listes" / "01-exemple-du-livre.yaml"))
    assert valide.returncode == 0 and "rien à réparer" in valide.stdout
    invalide = _cli(str(DATA / "hami" / "listes" / "14-invalide-grottes-en-lumiere.yaml"))
    assert invalide.returncode == 1 and "Réparations proposées" in invalide.stdout
    assert "Tribu de l'entrée 2" in invalide.stdout
    sans = _cli(str(DATA / "kharn-ages" / "listes" / "12-invalide-profil-non-fourni.yaml"))
    assert sans.returncode == 1 and "Aucune réparation en deux changements au plus" in sans.stdout
    en_json = _cli(str(DATA / "tamashii" / "listes" / "12-invalide-meme-plateau.yaml"), "--json")
    assert en_json.returncode == 1 and json.loads(en_json.stdout)["suggestions"]
    mauvais = tmp_path / "mauvais.yaml"
    mauvais.write_text("jeu: hami\nentrees: [\n", "utf-8")
    illisible = _cli(str(mauvais))
    assert illisible.returncode == 2 and illisible.stderr.startswith("Erreur : ") and "Traceback" not in illisible.stderr
    absent = _cli(str(tmp_path / "absent.yaml"))
    assert absent.returncode == 2 and "introuvable" in absent.stderr
