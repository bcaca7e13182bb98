"""HAMI data against the rulebook (../shared/seeds/000_b10699d023b74ea5.txt): facts, readings, no narrative.

Each test names the book line it checks. The expected facts are read from the book by hand (and,
where the rulebook is present, from the book text itself), never from the data under test.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "hami"
LIVRE = (ROOT / os.environ.get("COMPENDIUM_SHARED", "../shared")).resolve() / "seeds" / "000_b10699d023b74ea5.txt"


def entrees(fichier: str) -> dict[str, dict[str, Any]]:
    """The entries of one HAMI data file, by id."""
    with open(DATA / fichier, encoding="utf-8") as f:
        contenu = yaml.safe_load(f)
    (liste,) = contenu.values()
    return {e["id"]: e for e in liste}


def lignes_du_livre(debut: int, fin: int) -> list[str]:
    if not LIVRE.exists():
        pytest.skip(f"le livre de règles ({LIVRE}) n'est pas présent dans ce clone ; indiquez son dossier avec COMPENDIUM_SHARED")
    return LIVRE.read_text("utf-8").splitlines()[debut - 1:fin]


def test_feuille_de_communaute_quatre_castes_trois_familiers():
    # l. 1653-1674: four « Caste » blocks but only three « Familier » blocks.
    texte = entrees("sections.yaml")["feuille-de-communaute"]["texte"]
    assert "quatre blocs **Hami**" in texte
    assert "trois blocs **Familier**" in texte
    assert "sous chaque Hami" not in texte


def test_feuille_de_communaute_compte_du_livre():
    lignes = lignes_du_livre(1652, 1674)
    assert sum(ligne.startswith("Caste\t") for ligne in lignes) == 4
    assert sum(ligne.startswith("Familier\t") for ligne in lignes) == 3


def test_enlevement_par_son_meneur():
    # l. 661: « même si elle en reçoit l'action par son meneur » — the target's own Meneur.
    sort = entrees("sorts.yaml")["enlevement"]
    assert "son propre Meneur" in sort["texte"]
    assert "Conteur" not in sort["texte"]


def test_solo_cnj_sans_adversaire():
    # l. 1350: « Pour chaque zone, hormis celle de départ du joueur »; l. 1319: four zones. No opponent.
    calcul = entrees("calculs.yaml")["calcul-solo-cnj"]
    assert "adverse" not in calcul["texte"]
    assert "zone de départ du joueur" in calcul["texte"] and "trois zones" in calcul["texte"]


def test_interpretation_des_marqueurs_magiques():
    # l. 319 (+1/-1 Action and magical Caché), l. 333 (disengaging: -1 Action non magique), l. 394.
    lecture = entrees("mots-cles.yaml")["marqueur-magique"].get("interpretation")
    assert lecture is not None
    for ligne in ("319", "333", "394"):
        assert ligne in lecture["question"]
    assert "désengagement" in lecture["lecture"]


def test_interpretation_essence_des_predateurs_solo():
    # l. 1393: « De plus tous les prédateurs regagnent immédiatement 1 Essence ».
    lecture = entrees("evenements.yaml")["predateurs"].get("interpretation")
    assert lecture is not None and "1393" in lecture["question"]
    etape = entrees("sections.yaml")["solo-tour-de-jeu"]["etapes"][0]
    assert etape.startswith("Tirez une carte Temps. Si elle porte l'événement Prédateurs")


# Narrative removed from summaries: the Guetteurs' mouths (l. 487), the blind Pisteuses (l. 502),
# the Golem's story (l. 1097-1099), the larvae "la forme la plus fréquente" (l. 881).
NARRATIF = [
    ("profils.yaml", "guetteur", r"bouche"),
    ("profils.yaml", "predateur-larve", r"plus courante|moins dangereuse"),
    ("profils.yaml", "pisteuse", r"aveugle"),
    ("profils.yaml", "gardien", r"lieux sacrés"),
    ("campagnes.yaml", "la-marque-du-golem", r"taille humaine|renaissent"),
]


@pytest.mark.parametrize(("fichier", "id_", "motif"), NARRATIF, ids=[n[1] for n in NARRATIF])
def test_pas_de_recit(fichier: str, id_: str, motif: str):
    entree = entrees(fichier)[id_]
    texte = " ".join(str(entree.get(champ, "")) for champ in ("resume", "texte"))
    assert not re.search(motif, texte, re.IGNORECASE), texte


# The book's restriction phrases (l. 659, 667, 677, 685, 689, 691, 699, 707) must not be quoted as is.
PHRASES_DU_LIVRE = ["uniquement", "Uniquement", "Interdit à la tribu"]


@pytest.mark.parametrize("fichier", ["sorts.yaml", "objets.yaml"])
def test_restrictions_reecrites(fichier: str):
    for entree in entrees(fichier).values():
        for restriction in entree.get("restrictions") or []:
            assert not any(p in restriction for p in PHRASES_DU_LIVRE), (entree["id"], restriction)


@pytest.mark.parametrize("id_", ["fourbe", "bouclier", "tir-legendaire", "mon-protege", "carte-transfert"])
def test_cartes_strateges_reecrites(id_: str):
    # l. 835-841 and 795: the book's sentence openings are not repeated.
    mots = " ".join(re.findall(r"\w+", entrees("capacites.yaml")[id_]["texte"].lower()))
    for debut in ("se joue en attaque à la place", "se joue en défense à la place", "remplace une carte combat",
                  "au début de chaque tour désignez"):
        assert debut not in mots


def test_aucune_phrase_de_onze_mots_du_livre():
    # Stricter than the project-wide 12 words: the HAMI data keeps no run of 11 words of the book
    # (the near-copies of the stratège cards, tribe bonuses, scenarios and solo texts were rewritten).
    outil = LIVRE.parent.parent / "tools" / "verbatim_check.py"
    if not outil.exists():
        pytest.skip(f"l'outil {outil} n'est pas présent dans ce clone ; indiquez son dossier avec COMPENDIUM_SHARED")
    run = subprocess.run([sys.executable, str(outil), "--words", "11", str(DATA)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert "0 passage(s)" in run.stdout + run.stderr, run.stdout[-2000:]


def test_lectures_des_compositions_enregistrees():
    # The checker's readings of the book's line-ups are shown on the site, with the book's lines.
    figurines = entrees("regles-liste.yaml")["trois-figurines-minimum"]["interpretation"]
    assert "120" in figurines["question"] and "127" in figurines["question"] and "monture" in figurines["lecture"]
    groupes = entrees("sections.yaml")["zones-de-deploiement"]["interpretation"]
    assert all(ligne in groupes["question"] for ligne in ("1044", "1121", "1143", "1167"))
    assert "familiers rattachés" in groupes["lecture"]
    vol = entrees("scenarios.yaml")["vol-de-familiers"]["interpretation"]
    assert "1267" in vol["question"] and "Exactement 4" in vol["lecture"]
    invasion = entrees("scenarios.yaml")["invasion-de-predateurs"]["interpretation"]
    assert "larve 1, adulte 2, géant 3" in invasion["lecture"]
