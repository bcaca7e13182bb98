"""Hate play mode, « Fin de la bataille » (browser_engine/jeux/hate/liste_apres_bataille.py): the chronicle
log entry the walkthrough writes, checked by the Hate checker.

Expected values are read by the test from the example list file, the game's partie.yaml and the book
(the number of affrontements per player), never from the module's own output. The territory and
scenario names typed below (« Le Gué Sanglant ») are invented for the test.
"""
from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine.errors import ErreurEntree
from browser_engine.jeux.hate.liste_apres_bataille import ajouter_bataille, formulaire, identifiant, texte_yaml
from browser_engine.requetes import executer
from browser_engine.validation import valider
from browser_engine.yaml_lite import parse_yaml
from generator.plugin import load_site
from generator.problems import DataError
from tests.engine_support import load_bundle
from tests.test_partie_donnees import _book

ROOT = Path(__file__).resolve().parent.parent
EXEMPLE = ROOT / "data" / "hate" / "listes" / "24-chronique-avec-journal.yaml"


@pytest.fixture(scope="module")
def hate() -> dict[str, Any]:
    return load_bundle("hate")


def _liste() -> dict[str, Any]:
    return yaml.safe_load(EXEMPLE.read_text("utf-8"))


def _en_cours(liste: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The example's affrontement with exactly one battle played (read from the file)."""
    return next((i, a) for i, a in enumerate(liste["journal"]["affrontements"]) if len(a.get("batailles", [])) == 1)


def _codes(rapport: dict[str, Any]) -> list[str]:
    return [e["code"] for e in rapport["erreurs"]]


def test_le_formulaire_propose_des_noms_tires_de_la_liste(hate: dict[str, Any]) -> None:
    liste = _liste()
    f = formulaire(hate, liste)
    partie = yaml.safe_load((ROOT / "data" / "hate" / "partie.yaml").read_text("utf-8"))["partie"]
    assert [e["nom"] for e in f["etapes"]] == [e["nom"] for e in partie["apres_bataille"]["etapes"]]
    assert all(e["lien"].endswith("/#" + d["regle"]) for e, d in zip(f["etapes"], partie["apres_bataille"]["etapes"], strict=True))
    # The book's intermission steps, in its order (l. 974-985), follow the result step.
    livre = _book("002")
    debut = livre.index("Aussitôt que la bataille prend fin, l’intermission commence.")
    noms_livre = [n.strip() for n in livre[debut:debut + 400].splitlines()[9:15]]
    assert [e["nom"] for e in f["etapes"][1:]] == noms_livre
    ouverts = [i for i, a in enumerate(liste["journal"]["affrontements"]) if len(a.get("batailles", [])) < 2]
    assert [a["index"] for a in f["affrontements"]] == ouverts
    i, affrontement = _en_cours(liste)
    autre = next(j for j in affrontement["joueurs"] if j != affrontement["attaquant"])
    assert f["affrontements"][0]["index"] == i and f["affrontements"][0]["attaquant"] == autre  # roles swap in battle 2
    origines = {t["id"] for t in liste["journal"]["territoires"] if t["sorte"] == "origine"}
    assert {t["id"] for t in f["territoires"]} == {t["id"] for t in liste["journal"]["territoires"]} - origines
    assert len(f["figurines"]) == len(liste["entrees"]) and f["figurines"][0]["nom"].startswith("1. " + liste["entrees"][0]["nom"])
    cartes = {c["id"] for g in f["ameliorations"] for c in g["cartes"]}
    autres_tribus = {c["id"] for c in hate["capacites"] if c.get("categorie") == "amélioration spécifique"
                     and c.get("proprietes", {}).get("tribu") != liste["options"]["tribu"]}
    assert cartes and not cartes & autres_tribus
    assert "autre-fiche" in {s["id"] for s in f["scenarios"]}  # a sheet the log already names


def test_une_bataille_conforme_est_acceptee_par_le_verificateur(hate: dict[str, Any]) -> None:
    liste = _liste()
    avant = copy.deepcopy(liste)
    i, affrontement = _en_cours(liste)
    deja = affrontement["batailles"][0]["scenario"]
    autre_scenario = next(s["id"] for s in formulaire(hate, liste)["scenarios"] if s["id"] != deja)
    saisie = {"affrontement": i, "cible": "interieur-1", "scenario": autre_scenario, "vainqueur": affrontement["joueurs"][0],
              "tuees": [4], "ameliorations": [{"figure": 1, "amelioration": "generique-a-01"}]}
    r = ajouter_bataille(hate, liste, saisie)
    assert liste == avant  # the list played is left as it was
    assert r["nouvelles"] == [] and r["valide"] is True
    ecrite = r["liste"]["journal"]["affrontements"][i]["batailles"][1]
    assert ecrite == {"cible": "interieur-1", "scenario": autre_scenario, "vainqueur": affrontement["joueurs"][0],
                      "tuees": [4], "ameliorations_gagnees": [{"figure": 1, "amelioration": "generique-a-01"}]}
    assert r["chemin"] == f"/journal/affrontements/{i}/batailles/1"
    # The text written back reads as the same list, by PyYAML and by the engine's own reader.
    assert yaml.safe_load(r["texte"]) == r["liste"] == parse_yaml(r["texte"])
    assert valider(hate, yaml.safe_load(r["texte"]))["valide"] is True
    # Everything else is unchanged.
    sans = copy.deepcopy(r["liste"])
    del sans["journal"]["affrontements"][i]["batailles"][1]
    assert sans == avant


def test_un_scenario_deja_joue_est_refuse_avec_le_message_du_verificateur(hate: dict[str, Any]) -> None:
    liste = _liste()
    i, affrontement = _en_cours(liste)
    deja = affrontement["batailles"][0]["scenario"]
    r = ajouter_bataille(hate, liste, {"affrontement": i, "cible": "interieur-1", "scenario": deja,
                                       "vainqueur": affrontement["joueurs"][0]})
    assert r["valide"] is False
    rapport = valider(hate, r["liste"])
    refus = [e for e in rapport["erreurs"] if e["code"] == "HATE_CH_SCENARIO_UNIQUE"]
    assert len(refus) == 1 and refus[0]["chemin"].startswith(r["chemin"])
    assert [n["message"] for n in r["nouvelles"]] == [refus[0]["message"]]
    assert deja in refus[0]["message"] and "2e" in refus[0]["message"]


def test_un_affrontement_de_trop_casse_le_calendrier(hate: dict[str, Any]) -> None:
    liste = _liste()
    joueurs = [j["nom"] for j in liste["journal"]["joueurs"]]
    # The book: « 2 – 5 affrontements par joueur »; the example already schedules that many.
    par_joueur = int(re.search(rf"- {len(joueurs)} – (\d+) affrontements par joueur", _book("002")).group(1))
    assert len(liste["journal"]["affrontements"]) == par_joueur
    r = ajouter_bataille(hate, liste, {"joueur_1": joueurs[0], "joueur_2": joueurs[1], "attaquant": joueurs[1],
                                       "cible_nom": "Le Gué Sanglant", "scenario_nom": "Le Gué Sanglant",
                                       "vainqueur": joueurs[1]})
    nouveau = r["liste"]["journal"]["affrontements"][-1]
    assert nouveau["joueurs"] == joueurs and nouveau["attaquant"] == joueurs[1]
    assert nouveau["batailles"][0]["cible"] == "le-gue-sanglant" == nouveau["batailles"][0]["scenario"]
    assert "HATE_CH_AFFRONTEMENTS" in _codes(valider(hate, r["liste"]))
    assert any(f"{par_joueur + 1}e affrontement" in n["message"] for n in r["nouvelles"])


def test_un_affrontement_prevu_prend_son_attaquant(hate: dict[str, Any]) -> None:
    liste = _liste()
    prevu = next(i for i, a in enumerate(liste["journal"]["affrontements"]) if not a.get("batailles"))
    joueurs = liste["journal"]["affrontements"][prevu]["joueurs"]
    with pytest.raises(ErreurEntree, match="Attaquant de la 1re bataille"):
        ajouter_bataille(hate, liste, {"affrontement": prevu, "cible": "exterieur-4", "scenario": "traditions",
                                       "vainqueur": joueurs[0]})
    r = ajouter_bataille(hate, liste, {"affrontement": prevu, "attaquant": joueurs[1], "cible": "exterieur-4",
                                       "scenario": "traditions", "vainqueur": joueurs[0]})
    assert r["liste"]["journal"]["affrontements"][prevu]["attaquant"] == joueurs[1]


def test_la_capitale_visee_garde_la_haine_saisie(hate: dict[str, Any]) -> None:
    liste = _liste()
    i, affrontement = _en_cours(liste)
    moi = liste["journal"]["joueur"]
    # Battle 1: the player takes interieur-1, next to the capital on the example's map...
    premiere = ajouter_bataille(hate, liste, {"affrontement": i, "cible": "interieur-1", "scenario": "autre-fiche",
                                              "vainqueur": moi})["liste"]
    assert any("capitale" in t.get("voisins", []) for t in premiere["journal"]["territoires"] if t["id"] == "interieur-1")
    prevu = next(k for k, a in enumerate(premiere["journal"]["affrontements"]) if not a.get("batailles"))
    # ... then targets the capital in the next affrontement, with the Haine typed for each player.
    noms = [j["nom"] for j in liste["journal"]["joueurs"]]
    r = ajouter_bataille(hate, premiere, {"affrontement": prevu, "attaquant": moi, "cible": "capitale",
                                          "scenario": "scenario-du-tyran", "vainqueur": moi, "haine": {noms[0]: 7, noms[1]: ""}})
    assert r["liste"]["journal"]["affrontements"][prevu]["batailles"][0]["haine"] == {noms[0]: 7}  # a blank is left out
    assert r["nouvelles"] == [] and r["valide"] is True


@pytest.mark.parametrize(("saisie", "message"), [
    ({"cible": "capitale", "scenario": "autre-fiche", "vainqueur": "Ana", "haine": {"Chloé": 3}}, "n'est pas un joueur"),
    ({"cible": "capitale", "scenario": "autre-fiche", "vainqueur": "Ana", "haine": {"Ana": -1}}, "un nombre entier de 0 à"),
    ({"cible": "interieur-1", "scenario": "autre-fiche", "vainqueur": "Chloé"}, "Vainqueur : choisissez l'un des joueurs"),
    ({"scenario": "autre-fiche", "vainqueur": "Ana"}, "Territoire visé : choisissez-le"),
    ({"cible": "interieur-1", "scenario": "autre-fiche", "vainqueur": "Ana", "tuees": [99]}, "n'est pas une figurine"),
    ({"cible": "interieur-1", "scenario": "autre-fiche", "vainqueur": "Ana", "tuees": [2],
      "ameliorations": [{"figure": 2, "amelioration": "generique-a-01"}]}, "seules les figurines restées debout"),
])
def test_une_saisie_incorrecte_est_refusee_en_francais(hate: dict[str, Any], saisie: dict[str, Any], message: str) -> None:
    liste = _liste()
    i, _ = _en_cours(liste)
    with pytest.raises(ErreurEntree, match=message):
        ajouter_bataille(hate, liste, {"affrontement": i, **saisie})


def test_la_requete_du_worker_et_une_liste_sans_journal(hate: dict[str, Any]) -> None:
    liste = _liste()
    i, _ = _en_cours(liste)
    assert executer(hate, liste, {"action": "apres-bataille"})["joueurs"] == [j["nom"] for j in liste["journal"]["joueurs"]]
    r = executer(hate, liste, {"action": "apres-bataille", "etape": "ajouter",
                               "saisie": {"affrontement": i, "cible": "interieur-1", "scenario": "autre-fiche", "vainqueur": "Ana"}})
    assert r["valide"] is True
    sans = {k: v for k, v in liste.items() if k != "journal"}
    with pytest.raises(ErreurEntree, match="pas de journal de chronique"):
        executer(hate, sans, {"action": "apres-bataille"})
    with pytest.raises(ErreurEntree, match="ne sert qu'aux chroniques de Hate"):
        formulaire(load_bundle("tamashii"), sans)


def test_noms_saisis_et_texte_yaml() -> None:
    assert identifiant("  Le Gué  Sanglant ! ") == "le-gue-sanglant"
    assert identifiant("!!!") is None
    document = {"nom": "d'Um'Cal: #1", "vrai": "true", "n": [1, 2], "vide": {}, "cles": {"Ana B": 3, "yes": 1},
                "liste": [{"a": [1], "b": {"c": "x"}}, "simple"]}
    assert yaml.safe_load(texte_yaml(document)) == document == parse_yaml(texte_yaml(document))


def test_les_etapes_d_apres_bataille_sont_verifiees_a_la_construction(tmp_path: Path) -> None:
    """A step's unknown rule and a step id given twice stop the build, located file:line:col."""
    shutil.copytree(ROOT / "data" / "hate", tmp_path / "data" / "hate")
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")
    fichier = tmp_path / "data" / "hate" / "partie.yaml"
    texte = fichier.read_text("utf-8")
    texte = texte.replace("regle: mur-de-la-mort", "regle: mur-des-morts").replace("- id: piste\n", "- id: carte\n")
    fichier.write_text(texte, "utf-8")
    with pytest.raises(DataError) as exc:
        load_site(tmp_path)
    problemes = [str(p) for p in exc.value.problems]
    regle = texte.count("\n", 0, texte.index("mur-des-morts")) + 1
    assert any(p.startswith(f"data/hate/partie.yaml:{regle}:") and "$.partie.apres_bataille.etapes[3].regle" in p
               and "« mur-des-morts »" in p for p in problemes), problemes
    # References are resolved before the coherence checks (DESIGN-NOTES, « One resolver »): the
    # duplicate id is reported once the reference is mended.
    fichier.write_text(texte.replace("regle: mur-des-morts", "regle: mur-de-la-mort"), "utf-8")
    with pytest.raises(DataError) as exc:
        load_site(tmp_path)
    problemes = [str(p) for p in exc.value.problems]
    assert any("$.partie.apres_bataille.etapes[5].id" in p and "en double" in p for p in problemes), problemes
