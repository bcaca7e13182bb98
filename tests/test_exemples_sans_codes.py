"""Issue 10 §7: the example lists players open in the checker name rules, never technical codes.

The whole file lands in the checker's text box, so its leading comment is read by players: it says
what the example shows and, for an invalid one, which rule it breaks by the rule's French name.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser_engine import lire_liste, valider
from tests.engine_support import DATA, codes_nommes, entete, load_bundle

EXEMPLES = sorted(DATA.glob("*/listes/*.yaml")) + sorted(DATA.glob("*/catalogues/*.yaml"))
CODE = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
REGLE_ENFREINTE = re.compile(r"^Liste invalide : enfreint la règle « (.+?) »")


def nom_court(chemin: Path) -> str:
    return f"{chemin.parent.parent.name}/{chemin.name}"


def test_il_y_a_des_exemples_pour_chaque_jeu_qui_verifie_des_listes():
    jeux = {p.name.removeprefix("liste-").removesuffix(".schema.json") for p in (DATA.parent / "schemas").glob("liste-*.schema.json")}
    assert {p.parent.parent.name for p in EXEMPLES if p.parent.name == "listes"} == jeux >= {"bataille-d6", "hami", "kharn-ages"}


@pytest.mark.parametrize("chemin", EXEMPLES, ids=nom_court)
def test_aucun_code_technique_dans_le_texte(chemin: Path):
    texte = chemin.read_text("utf-8")
    assert CODE.findall(texte) == [], nom_court(chemin)


INVALIDES = [p for p in EXEMPLES if p.parent.name == "listes" and entete(p.read_text("utf-8")).startswith("Liste invalide")]


def test_les_exemples_invalides_sont_nombreux():
    assert len(INVALIDES) >= 20


@pytest.mark.parametrize("chemin", INVALIDES, ids=nom_court)
def test_un_exemple_invalide_nomme_la_regle_qu_il_enfreint(chemin: Path):
    jeu = chemin.parent.parent.name
    bundle = load_bundle(jeu)
    commentaire = entete(chemin.read_text("utf-8"))
    trouve = REGLE_ENFREINTE.match(commentaire)
    assert trouve, commentaire
    codes = codes_nommes(bundle, f"« {trouve.group(1)} »")
    assert len(codes) == 1, f"« {trouve.group(1)} » n'est le nom d'aucune règle de {jeu}"
    rapport = valider(bundle, lire_liste(chemin.read_text("utf-8")))
    assert [e["code"] for e in rapport["erreurs"]] == sorted(codes)
