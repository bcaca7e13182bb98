"""The search stage (generator/search.py): one index per game, on a small index and on the real build."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from generator import search

from .conftest import ROOT

CONFIG = {"lang": ["fr"], "separator": "[\\s]+", "pipeline": ["stopWordFilter"],
          "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}}
# Invented documents, in Material's order (a page's article before its sections).
DOCS = [
    {"location": "", "title": "Accueil", "text": "<p>Bienvenue</p>"},
    {"location": "#les-jeux", "title": "Les jeux", "text": "liste"},
    {"location": "alpha/", "title": "Alpha", "text": "intro"},
    {"location": "alpha/combat/", "title": "Combat", "text": "épée"},
    {"location": "alpha/combat/#charge", "title": "Charge", "text": "épée longue"},
    {"location": "a-propos/", "title": "À propos", "text": "texte"},
    {"location": "beta/tour/#fin", "title": "Fin", "text": "fin du tour"},
    {"location": "alphabet/", "title": "Pas un jeu", "text": "préfixe d'un id sans en être un"},
]
JEUX = [("alpha", "Alpha le jeu"), ("beta", "Bêta"), ("gamma", "Gamma sans page")]


def lire(chemin: Path) -> object:
    return json.loads(chemin.read_text("utf-8"))


def petit_site(racine: Path, index: object) -> Path:
    (racine / "search").mkdir(parents=True)
    (racine / "search" / "search_index.json").write_text(json.dumps(index), "utf-8")
    return racine


def test_un_index_par_jeu(tmp_path: Path) -> None:
    site = petit_site(tmp_path, {"config": CONFIG, "docs": DOCS})
    ecrits = search.split_search_index(site, JEUX)
    dossier = site / "search"
    attendu = {
        "alpha": [d for d in DOCS if d["location"].startswith("alpha/")],
        "beta": [DOCS[6]],
        "gamma": [],
    }
    for jeu, docs in attendu.items():
        assert lire(dossier / "jeux" / f"{jeu}.json") == {"docs": docs}, jeu
    # The pages outside every game, « alphabet/ » included (its first segment is no game id).
    assert lire(dossier / "commun.json") == {"docs": [DOCS[0], DOCS[1], DOCS[5], DOCS[7]]}
    assert lire(dossier / "jeux.json") == {
        "jeux": [{"id": "alpha", "nom": "Alpha le jeu", "index": "jeux/alpha.json", "documents": 3},
                 {"id": "beta", "nom": "Bêta", "index": "jeux/beta.json", "documents": 1},
                 {"id": "gamma", "nom": "Gamma sans page", "index": "jeux/gamma.json", "documents": 0}],
        "commun": {"nom": "Compendium", "index": "commun.json", "documents": 4},
        "apercu": {"index": "apercu.json", "documents": 4},
    }
    # Material's file keeps its configuration and loses its documents: every page fetches it.
    assert lire(dossier / "search_index.json") == {"config": CONFIG, "docs": []}
    assert [(e.id, e.docs) for e in ecrits] == [("alpha", 3), ("beta", 1), ("gamma", 0), (None, 4), ("apercu", 4)]
    assert all(e.size == (dossier / e.path).stat().st_size for e in ecrits)


def test_apercu_titres_et_premiers_mots(tmp_path: Path) -> None:
    """The overview: every game's documents in order, the markup gone, the text cut on a space."""
    long_texte = "<p>Une <strong>charge</strong> &amp; un choc : " + " ".join(f"mot{i}" for i in range(60)) + "</p>"
    docs = [*DOCS, {"location": "beta/tour/#long", "title": "Long", "text": long_texte}]
    site = petit_site(tmp_path, {"config": CONFIG, "docs": docs})
    search.split_search_index(site, JEUX)
    apercu = lire(site / "search" / "apercu.json")["docs"]
    assert [d["location"] for d in apercu] == ["alpha/", "alpha/combat/", "alpha/combat/#charge",
                                               "beta/tour/#fin", "beta/tour/#long"]
    assert apercu[2] == {"location": "alpha/combat/#charge", "title": "Charge", "text": "épée longue"}
    court = apercu[4]["text"]
    assert court.startswith("Une charge &amp; un choc : mot0 mot1") and court.endswith(" …")
    assert "<" not in court and len(court) <= search.OVERVIEW_CHARS + 2
    mots = court.removesuffix(" …").split(" ")
    assert mots[-1] in long_texte.split(" ") or mots[-1] + "</p>" in long_texte  # whole words only


def test_sans_index_de_recherche(tmp_path: Path) -> None:
    assert search.split_search_index(tmp_path, JEUX) == []
    assert not (tmp_path / "search").exists()


@pytest.mark.parametrize("index", [[], {"docs": []}, {"config": CONFIG}, {"config": CONFIG, "docs": {}}])
def test_index_illisible(tmp_path: Path, index: object) -> None:
    site = petit_site(tmp_path, index)
    with pytest.raises(ValueError, match="index de recherche de Material illisible"):
        search.split_search_index(site, JEUX)


def noms_des_jeux() -> dict[str, str]:
    """Each game's name, read from its data file (not from the build)."""
    noms = {}
    for fichier in sorted((ROOT / "data").glob("*/jeu.yaml")):
        jeu = yaml.safe_load(fichier.read_text("utf-8"))["jeu"]
        noms[jeu["id"]] = jeu["nom"]
    return noms


def test_le_vrai_site(site_dir: Path) -> None:
    dossier = site_dir / "search"
    petit = lire(dossier / "jeux.json")
    noms = noms_des_jeux()
    assert {j["id"]: j["nom"] for j in petit["jeux"]} == noms
    assert lire(dossier / "search_index.json")["docs"] == []
    tous: list[dict] = []
    for jeu in petit["jeux"]:
        docs = lire(dossier / jeu["index"])["docs"]
        assert len(docs) == jeu["documents"] > 20
        assert all(d["location"].startswith(jeu["id"] + "/") for d in docs), jeu["id"]
        tous += docs
    communs = lire(dossier / petit["commun"]["index"])["docs"]
    assert not any(d["location"].split("/")[0] in noms for d in communs)
    tous += communs
    lieux = [d["location"] for d in tous]
    assert len(lieux) == len(set(lieux))
    # Generated index pages are no result: « Index général » and each game's « Index des entrées » not at all, « Interprétations » and
    # « Données à compléter » only by their own text (title, introduction), not by the entries they list.
    assert not any(lieu.startswith("index-general/") or "/index-des-entrees/" in lieu for lieu in lieux)
    for page in ("interpretations/", "donnees-a-completer/"):
        sections = [lieu for lieu in lieux if lieu.startswith(page)]
        assert page in sections
        assert not any(jeu in lieu for lieu in sections for jeu in noms), sections
    # Their entries are: each game's glossary and each interpretation's rule page are indexed.
    assert all(f"{jeu}/glossaire/" in lieux for jeu in noms)
