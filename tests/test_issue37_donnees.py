"""Issue 37, data items 1 to 4: `make check` refuses each corruption of a copy of the data, located
(`file:line:col JSONPath`) on the node that holds it, with a French message. Items 5 to 8 and the
« run everything » step: `test_issue37_donnees_suite.py`."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tests.donnees37_support import corrompre, indice, lire, position, refus
from tests.partie_support import copier_jeu


def _apres(texte: str, aiguille: str, decalage: int = 0, derniere: bool = False) -> tuple[int, int]:
    """Line and column of `aiguille` (its last occurrence if asked), moved right by `decalage` columns."""
    if derniere:
        debut = texte.rindex(aiguille)
        return texte.count("\n", 0, debut) + 1, debut - (texte.rfind("\n", 0, debut) + 1) + 1 + decalage
    ligne, col = position(texte, aiguille)
    return ligne, col + decalage


# --- item 1: scores.yaml, unknown rule ids and ids of the wrong kind ---------------------------

@pytest.mark.parametrize(("cible", "mots"), [
    ("zzz", ("« zzz »", "n'existe pas")),
    ("calcul-combat", ("« calcul-combat »", "« calculs »", "n'est pas une règle")),  # a calculation, not a rule
])
def test_item1_scores_regles_inconnues_ou_d_une_autre_sorte(tmp_path: Path, cible: str, mots: tuple[str, ...]) -> None:
    texte = corrompre(tmp_path, "hate", "scores.yaml", "regles: [demarrer-une-chronique, affrontements-par-joueur]",
                      f"regles: [{cible}, affrontements-par-joueur]")
    n = indice("hate", "scores.yaml", "scores", "aide-planning")
    refus(tmp_path, "data/hate/scores.yaml", _apres(texte, f"[{cible},", 1), f"$.scores[{n}].regles[0]", *mots)


# --- item 2: a frozen version that cannot be read ----------------------------------------------

@pytest.mark.parametrize(("contenu", "mot"), [
    (b"version 2026.11.1, en texte", "pas un fichier gzip"),
    (gzip.compress(b"[]", mtime=0), "objet JSON"),
], ids=["texte", "gzip-de-liste-vide"])
def test_item2_version_figee_illisible(tmp_path: Path, contenu: bytes, mot: str) -> None:
    copier_jeu(tmp_path, "hate")
    versions = lire("hate", "versions.yaml")["versions"]
    actuelle = versions[-1]["version"]  # frozen before a change: check reads it like a past one
    dossier = tmp_path / "data" / "hate" / "versions"
    dossier.mkdir()
    (dossier / f"{actuelle}.json.gz").write_bytes(contenu)
    texte = (tmp_path / "data" / "hate" / "versions.yaml").read_text("utf-8")
    refus(tmp_path, "data/hate/versions.yaml", _apres(texte, f'"{actuelle}"', derniere=True),
          f"$.versions[{len(versions) - 1}].version", "illisibles", mot)


# --- item 3: partie.yaml -------------------------------------------------------------------------

def _indice_partie(jeu: str, cle: str, test: object) -> int:
    return next(i for i, item in enumerate(lire(jeu, "partie.yaml")["partie"][cle]) if test(item))  # type: ignore[operator]


def test_item3_partie_depart_hors_des_bornes_litterales(tmp_path: Path) -> None:
    ancien = "depart: {valeur: 5}\n      min: {valeur: 0}\n"
    texte = corrompre(tmp_path, "hate", "partie.yaml", ancien, ancien + "      max: {valeur: 3}\n")
    n = _indice_partie("hate", "compteurs", lambda c: c["id"] == "sauvagerie")
    refus(tmp_path, "data/hate/partie.yaml", _apres(texte, "depart: {valeur: 5}", len("depart: {valeur: ")),
          f"$.partie.compteurs[{n}].depart.valeur", "départ 5", "maximum 3")


@pytest.mark.parametrize(("jeu", "ancien", "nouveau", "cle", "borne"), [
    ("bataille-d6", "max: {champ: /nombre}", "max: {champ: /nombre_inexistant}", "champ", "max"),
    ("tamashii", "depart: {option: /temps}", "depart: {option: /temps_zzz}", "option", "depart"),
    ("hami", "max: {carte: /E}", "max: {carte: /ZZZ}", "carte", "max"),
])
def test_item3_partie_pointeurs_vers_des_champs_absents(tmp_path: Path, jeu: str, ancien: str, nouveau: str,
                                                        cle: str, borne: str) -> None:
    valeur = ancien.split(": ", 2)[2].rstrip("}")
    n = _indice_partie(jeu, "compteurs", lambda c: c.get(borne) == {cle: valeur})
    texte = corrompre(tmp_path, jeu, "partie.yaml", ancien, nouveau)
    pointe = nouveau.split(": ", 2)[2].rstrip("}")
    refus(tmp_path, f"data/{jeu}/partie.yaml", _apres(texte, pointe), f"$.partie.compteurs[{n}].{borne}.{cle}",
          f"« {pointe} »", "n'a")


def test_item3_partie_condition_hors_du_domaine_du_champ(tmp_path: Path) -> None:
    statuts = lire("bataille-d6", "partie.yaml")["partie"]["statuts"]
    n = next(i for i, s in enumerate(statuts) if (s.get("si") or {}).get("parmi") == ["sorcier"])
    texte = corrompre(tmp_path, "bataille-d6", "partie.yaml", "parmi: [sorcier]", "parmi: [dragon]")
    refus(tmp_path, "data/bataille-d6/partie.yaml", _apres(texte, "dragon"), f"$.partie.statuts[{n}].si.parmi[0]",
          "« dragon »", "impossible")


@pytest.mark.parametrize("cle", ["de-zzz-hate", "d6-tamashii"])  # unknown; another game's key
def test_item3_partie_cle_de_de_inconnue_ou_d_un_autre_jeu(tmp_path: Path, cle: str) -> None:
    texte = corrompre(tmp_path, "hate", "partie.yaml", "stockage: de-hate\n", f"stockage: {cle}\n")
    refus(tmp_path, "data/hate/partie.yaml", _apres(texte, f"stockage: {cle}", len("stockage: ")),
          "$.partie.des[0].stockage", f"« {cle} »", "inconnue")


def test_item3_partie_de_sans_faces_ni_stockage(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "hate", "partie.yaml", "      stockage: de-hate\n", "")
    refus(tmp_path, "data/hate/partie.yaml", _apres(texte, "id: de-hate"), "$.partie.des[0]", "ni « stockage »")


def test_item3_partie_des_le_tour_au_dela_de_tours_max(tmp_path: Path) -> None:
    phases = lire("hami", "partie.yaml")["partie"]["sequence"]["phases"]
    p, e = next((i, j) for i, ph in enumerate(phases) for j, et in enumerate(ph.get("etapes") or [])
                if et.get("des_le_tour") == 2)
    texte = corrompre(tmp_path, "hami", "partie.yaml", "des_le_tour: 2", "des_le_tour: 9")
    refus(tmp_path, "data/hami/partie.yaml", _apres(texte, "des_le_tour: 9", len("des_le_tour: ")),
          f"$.partie.sequence.phases[{p}].etapes[{e}].des_le_tour", "tour 9", "tours_max")


def test_item3_partie_deux_etapes_d_apres_bataille_avec_la_meme_saisie(tmp_path: Path) -> None:
    etapes = lire("hate", "partie.yaml")["partie"]["apres_bataille"]["etapes"]
    n = next(i for i, e in enumerate(etapes) if e.get("saisie") == "ameliorations")
    texte = corrompre(tmp_path, "hate", "partie.yaml", "saisie: ameliorations", "saisie: resultat")
    refus(tmp_path, "data/hate/partie.yaml", _apres(texte, "saisie: resultat", len("saisie: "), derniere=True),
          f"$.partie.apres_bataille.etapes[{n}].saisie", "« resultat »", "déjà")


def test_item3_partie_figures_en_double(tmp_path: Path) -> None:
    ligne = "    - {id: joueur, nom: Joueur, regle: sauvagerie-monnaie}\n"
    figures = lire("hate", "partie.yaml")["partie"]["figures"]
    texte = corrompre(tmp_path, "hate", "partie.yaml", ligne, ligne + ligne)
    refus(tmp_path, "data/hate/partie.yaml", _apres(texte, "id: joueur", len("id: "), derniere=True),
          f"$.partie.figures[{len(figures)}].id", "« joueur »", "en double")


# --- item 4: probas-liste.yaml --------------------------------------------------------------------

def test_item4_probas_liste_valeurs_hors_du_domaine_du_calcul(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "hate", "probas-liste.yaml", "defenses: [1, 2, 3, 4, 5]", "defenses: [0, 99]")
    refus(tmp_path, "data/hate/probas-liste.yaml", _apres(texte, "99"), "$.probas_liste.cibles.defenses[1]",
          "99 dés de défense", "Dés de défense")


def test_item4_probas_liste_colonnes_sans_sens(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "tamashii", "probas-liste.yaml", "succes: [1, 2, 3, 4, 5, 6]", "succes: [0, 7, 100]")
    refus(tmp_path, "data/tamashii/probas-liste.yaml", _apres(texte, "[0, 7", 1), "$.probas_liste.cibles.succes[0]",
          "Test 0", "Succès demandés")
    refus(tmp_path, "data/tamashii/probas-liste.yaml", _apres(texte, "100"), "$.probas_liste.cibles.succes[2]",
          "Test 100")


def test_item4_probas_liste_groupe_manquant_ou_inconnu(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "tamashii", "probas-liste.yaml", "    des_de_trace: [1, 2, 3, 4]\n", "")
    refus(tmp_path, "data/tamashii/probas-liste.yaml", _apres(texte, "succes: ["), "$.probas_liste.cibles",
          "« des_de_trace » absentes")


def test_item4_probas_liste_groupe_de_cibles_inconnu(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "tamashii", "probas-liste.yaml", "des_de_trace: [1, 2, 3, 4]",
                      "des_de_trace: [1, 2, 3, 4]\n    zzz: [1]")
    refus(tmp_path, "data/tamashii/probas-liste.yaml", _apres(texte, "zzz"), "$.probas_liste.cibles.zzz",
          "« zzz »", "ne lit pas")


@pytest.mark.parametrize(("ancien", "nouveau", "chemin", "valeur", "mots"), [
    ("um-tull-a-03: {frappes_bonus_attaque: 2}", "um-tull-a-03: {frappes_bonus_attaque: 999}",
     "attaque.um-tull-a-03.frappes_bonus_attaque", "999", ("+999", "hors du domaine")),
    ("generique-b-01: {relance_libre_defense: true}", "generique-b-01: {relance_libre_attaque: true}",
     "defense.generique-b-01.relance_libre_attaque", "true}", ("autre camp",)),
])
def test_item4_probas_liste_effets_hors_domaine_ou_du_mauvais_cote(tmp_path: Path, ancien: str, nouveau: str,
                                                                   chemin: str, valeur: str, mots: tuple[str, ...]) -> None:
    texte = corrompre(tmp_path, "hate", "probas-liste.yaml", ancien, nouveau)
    debut = texte.index(nouveau) + nouveau.index(valeur)
    ligne = texte.count("\n", 0, debut) + 1
    refus(tmp_path, "data/hate/probas-liste.yaml", (ligne, debut - texte.rfind("\n", 0, debut)),
          f"$.probas_liste.effets.{chemin}", *mots)


def test_item4_probas_liste_carte_comptee_et_non_comptee(tmp_path: Path) -> None:
    texte = corrompre(tmp_path, "hate", "probas-liste.yaml", "non_comptes_attaque: [generique-a-02,",
                      "non_comptes_attaque: [generique-a-03, generique-a-02,")
    refus(tmp_path, "data/hate/probas-liste.yaml", _apres(texte, "generique-a-03, generique-a-02"),
          "$.probas_liste.effets.non_comptes_attaque[0]", "« generique-a-03 »", "à la fois compté")
