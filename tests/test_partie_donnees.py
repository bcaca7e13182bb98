"""The play-mode files (`data/<jeu>/partie.yaml`): schema, checked references, located errors, book facts.

The broken files written here are copies of Bataille d6's file with an error put in by the test.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.plugin import load_site
from tests.partie_support import copier_jeu, position, problemes
from tests.test_data import shared_dir

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("hami", "kharn-ages", "hate", "tamashii", "bataille-d6")


@pytest.fixture(scope="module")
def site():  # type: ignore[no-untyped-def]
    return load_site(ROOT)


def test_chaque_jeu_declare_sa_partie(site) -> None:  # type: ignore[no-untyped-def]
    for game in site.games:
        partie = game.raw["partie"]
        assert partie["sequence"]["phases"], game.id
        for item in partie["compteurs"] + partie["statuts"]:
            assert item["regle"] in game.entries, (game.id, item["id"])
    assert {g.id for g in site.games} == set(GAMES)





def test_une_regle_inconnue_est_localisee(tmp_path: Path) -> None:
    fichier = copier_jeu(tmp_path)
    texte = fichier.read_text("utf-8").replace("regle: phase-magie", "regle: phase-de-magie")
    fichier.write_text(texte, "utf-8")
    line, col = position(texte, "phase-de-magie")
    assert problemes(tmp_path) == [
        f"data/bataille-d6/partie.yaml:{line}:{col} $.partie.sequence.phases[2].regle: "
        "renvoi « phase-de-magie » vers une entrée qui n'existe pas dans ce jeu"]


def test_une_erreur_de_schema_est_localisee(tmp_path: Path) -> None:
    fichier = copier_jeu(tmp_path)
    texte = fichier.read_text("utf-8").replace("tours_max: 6", "tours_max: beaucoup")
    fichier.write_text(texte, "utf-8")
    line, col = position(texte, "beaucoup")
    problems = problemes(tmp_path)
    assert problems == [f"data/bataille-d6/partie.yaml:{line}:{col} $.partie.sequence.tours_max: "
                        "\"beaucoup\" n'est pas du type attendu (entier)"]


def test_un_compteur_en_double_et_des_bornes_a_l_envers(tmp_path: Path) -> None:
    fichier = copier_jeu(tmp_path)
    texte = fichier.read_text("utf-8")
    texte = texte.replace("    - id: engagee\n", "    - id: figurines-en-jeu\n", 1)
    texte = texte.replace("      min: {valeur: 0}\n      max: {champ: /nombre}", "      min: {valeur: 3}\n      max: {valeur: 2}")
    fichier.write_text(texte, "utf-8")
    problems = problemes(tmp_path)
    dup_line, dup_col = position(texte, "figurines-en-jeu\n      nom: Engagée")
    max_line = texte.count("\n", 0, texte.index("max: {valeur: 2}")) + 1
    assert any(p.startswith(f"data/bataille-d6/partie.yaml:{dup_line}:{dup_col} $.partie.statuts[0].id: ")
               and "en double" in p for p in problems), problems
    assert any(p.startswith(f"data/bataille-d6/partie.yaml:{max_line}:") and "$.partie.compteurs[0].max.valeur" in p
               and "inférieur au minimum 3" in p for p in problems), problems


def _book(numero: str) -> str:
    seeds = shared_dir() / "seeds"
    found = sorted(seeds.glob(f"{numero}_*.txt")) if seeds.is_dir() else []
    if not found:
        pytest.skip(f"livres de règles absents ({seeds}) ; indiquez leur dossier avec COMPENDIUM_SHARED")
    return found[0].read_text("utf-8")


def test_les_durees_viennent_des_livres(site) -> None:  # type: ignore[no-untyped-def]
    """Each number of turns is read in the book by the test, not copied from the data."""
    tours = {g.id: g.raw["partie"]["sequence"].get("tours_max") for g in site.games}
    hami = re.search(r"se joue en (\d+) tours", _book("000"))
    hate = re.search(r"divisée en (\d+) rounds maximum", _book("002"))
    d6 = re.search(r"scénarios durent (\d+) tours", _book("004"))
    assert hami and hate and d6
    assert tours["hami"] == int(hami.group(1))
    assert tours["hate"] == int(hate.group(1))
    assert tours["bataille-d6"] == int(d6.group(1))
    assert tours["kharn-ages"] is None and tours["tamashii"] is None  # the scenario decides
    temps = re.search(r"jeu de (\d+) cartes Temps", _book("000"))
    assert temps
    cartes = next(c for c in site.game("hami").raw["partie"]["compteurs"] if c["id"] == "cartes-temps")
    assert cartes["max"] == {"valeur": int(temps.group(1))}
    atouts = re.search(r"pas détenir plus de (\d+) Atouts", _book("003"))
    assert atouts
    for c in site.game("tamashii").raw["partie"]["compteurs"]:
        if c["id"] in ("bouclier", "memoire", "puissance", "relance"):
            assert c["max"] == {"valeur": int(atouts.group(1))}
