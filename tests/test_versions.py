"""Lists pinned to a data version: the engine's comparison of a list under old and new data.

The "new" data is made here from the real HAMI bundle (the data version 2026.11.1 of the site):
a later version, invented for the test, that raises the Gardien's cost by one point and lowers
the « deux Gardiens au plus » limit to none. The expected report is derived from those two changes.
"""
from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_engine.reader import lire_liste
from browser_engine.requetes import executer
from browser_engine.validation import valider
from browser_engine.versions import action_versions, situer
from tests.engine_support import load_bundle

ROOT = Path(__file__).resolve().parent.parent
EXEMPLE = ROOT / "data" / "hami" / "listes" / "01-exemple-du-livre.yaml"
NOUVELLE = "2099.1.1"  # a version invented for the test
COUT_EN_PLUS = 1
LIMITE = "deux-gardiens-maximum"


def _regle(bundle: dict[str, Any], regle_id: str) -> dict[str, Any]:
    return next(r for r in bundle["regles_liste"] if r["id"] == regle_id)


def _profil(bundle: dict[str, Any], profil_id: str) -> dict[str, Any]:
    return next(p for p in bundle["profils"] if p["id"] == profil_id)


@pytest.fixture(scope="module")
def ancien() -> dict[str, Any]:
    return load_bundle("hami")


@pytest.fixture(scope="module")
def nouveau(ancien: dict[str, Any]) -> dict[str, Any]:
    """Invented for the test: the HAMI data with a dearer Gardien and no Gardien allowed."""
    donnees = copy.deepcopy(ancien)
    _profil(donnees, "gardien")["cout"] += COUT_EN_PLUS
    _regle(donnees, LIMITE)["borne"] = {"max": 0}
    donnees["versions"] = [*donnees["versions"], {
        "version": NOUVELLE, "date": "2099-01-01", "resume": "Version inventée pour le test.",
        "changements": [
            {"nature": "cout", "ids": ["gardien"], "texte": "Le Gardien coûte un point de plus."},
            {"nature": "limites", "ids": [LIMITE], "texte": "Plus aucun Gardien."},
        ]}]
    return donnees


@pytest.fixture(scope="module")
def liste(ancien: dict[str, Any]) -> dict[str, Any]:
    """The book's example Communauté, pinned to the site's current version (the "old" one here)."""
    document = lire_liste(EXEMPLE.read_bytes())
    return {**document, "version_donnees": ancien["versions"][-1]["version"]}


def test_the_old_version_is_the_sites_first(ancien: dict[str, Any]) -> None:
    assert [v["version"] for v in ancien["versions"]] == ["2026.11.1"]
    assert ancien["versions"][0]["changements"] == []


def test_what_changes_for_the_list(ancien, nouveau, liste) -> None:
    rapport = action_versions(nouveau, liste, {"action": "versions", "donnees_version": ancien})
    assert rapport["statut"] == "ancienne"
    assert (rapport["liste"], rapport["actuelle"]) == ("2026.11.1", NOUVELLE)
    assert rapport["donnees_anciennes"] is True
    assert [v["version"] for v in rapport["versions"]] == [NOUVELLE]
    gardiens = [i for i, e in enumerate(liste["entrees"]) if e.get("caste") == "gardien"]
    assert [e["index"] for e in rapport["entrees"]] == gardiens  # only the entries using the Gardien
    entree = rapport["entrees"][0]
    natures = {(c["id"], c["nature"]) for c in entree["changements"]}
    assert natures == {("gardien", "cout")}
    ancien_cout = _profil(ancien, "gardien")["cout"]
    textes = [c["texte"] for c in entree["changements"]]
    assert "Le Gardien coûte un point de plus." in textes  # from the changelog
    assert f"Coût {ancien_cout} → {ancien_cout + COUT_EN_PLUS}." in textes  # from the two bundles
    assert entree["cout_maintenant"] == entree["cout_avant"] + COUT_EN_PLUS
    limite = [c for c in rapport["regles"] if c["id"] == LIMITE]
    assert {c["nature"] for c in limite} == {"limites"}
    ancienne_borne = _regle(ancien, LIMITE)["borne"]["max"]
    assert f"Limite au plus {ancienne_borne} → au plus 0." in [c["texte"] for c in limite]
    # Then: the book's example is valid, its cost is the format. Now: over budget, and a Gardien too many.
    assert rapport["avant"]["valide"] is True
    assert rapport["avant"]["cout"] == liste["format"]
    assert rapport["maintenant"]["valide"] is False
    assert rapport["maintenant"]["cout"] == liste["format"] + COUT_EN_PLUS * len(gardiens)
    budget = [e["message"] for e in rapport["maintenant"]["erreurs"] if e["code"] == _regle(nouveau, "budget-neuf-points")["code"]]
    assert rapport["erreurs_liste_nouvelles"] == budget and len(budget) == 1  # the list-wide error, new
    codes = {e["code"] for e in rapport["maintenant"]["erreurs"]}
    assert codes == {_regle(nouveau, "budget-neuf-points")["code"], _regle(nouveau, LIMITE)["code"]}


def test_without_the_old_data_the_changelog_is_shown(nouveau, liste) -> None:
    rapport = action_versions(nouveau, liste, {"action": "versions"})
    assert rapport["donnees_anciennes"] is False
    assert "ne sont pas disponibles" in rapport["message"]
    assert rapport["avant"] is None and rapport["maintenant"]["valide"] is False
    entree = rapport["entrees"][0]
    assert [(c["id"], c["nature"], c["version"]) for c in entree["changements"]] == [("gardien", "cout", NOUVELLE)]


def test_old_data_of_another_game_or_version_is_not_used(nouveau, liste) -> None:
    autre = load_bundle("bataille-d6")
    assert action_versions(nouveau, liste, {"donnees_version": autre})["donnees_anciennes"] is False
    assert action_versions(nouveau, liste, {"donnees_version": nouveau})["donnees_anciennes"] is False
    assert action_versions(nouveau, liste, {"donnees_version": [1, 2]})["donnees_anciennes"] is False


def test_the_request_table_routes_versions(ancien, nouveau, liste) -> None:
    rapport = executer(nouveau, liste, {"action": "versions", "liste": liste, "donnees_version": ancien})
    assert rapport["statut"] == "ancienne" and rapport["avant"]["valide"] is True


@pytest.mark.parametrize(("version", "statut", "dans_le_message"), [
    (None, "absente", "n'indique pas la version"),
    ("2026.11.1", "actuelle", "version actuelle des données (2026.11.1)"),
    ("3000.1.1", "future", "plus récente que celle de ce site"),
    ("2020.1.1", "inconnue", "inconnue pour ce jeu"),
    ("hier", "invalide", "illisible"),
    (12, "invalide", "illisible"),
    ("<b>x</b>" * 20, "invalide", "…"),
])
def test_where_a_version_stands(ancien, version, statut, dans_le_message) -> None:
    situation = situer(ancien, version)
    assert situation["statut"] == statut
    assert situation["actuelle"] == "2026.11.1"
    assert dans_le_message in situation["message"]
    assert len(situation["message"]) < 300


@pytest.mark.parametrize("version", ["3000.1.1", "2020.1.1", "n'importe quoi"])
def test_unknown_or_future_versions_compare_nothing(ancien, liste, version) -> None:
    rapport = action_versions(ancien, {**liste, "version_donnees": version}, {"action": "versions"})
    assert rapport["entrees"] == [] and rapport["avant"] is None
    assert rapport["message"]


def test_the_report_names_both_versions(ancien, nouveau, liste) -> None:
    details = valider(nouveau, liste)["details"]["version_donnees"]
    assert (details["liste"], details["actuelle"], details["statut"]) == ("2026.11.1", NOUVELLE, "ancienne")
    assert valider(ancien, liste)["details"]["version_donnees"]["statut"] == "actuelle"
    assert valider(ancien, liste)["valide"] is True  # the field is part of the list format


@pytest.mark.parametrize("jeu", ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"])
def test_every_game_has_a_version_and_accepts_the_field(jeu) -> None:
    donnees = load_bundle(jeu)
    assert donnees["versions"][-1]["version"] == "2026.11.1"
    liste = {"jeu": jeu, "version_donnees": "2026.11.1", "format": 1, "entrees": []}
    codes = {e["code"] for e in valider(donnees, liste)["erreurs"]}
    assert not any("INCONNU" in c and "CHAMP" in c for c in codes), codes
    assert valider(donnees, liste)["details"]["version_donnees"]["statut"] == "actuelle"


@pytest.mark.parametrize("jeu", ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"])
def test_a_rule_text_changed_for_an_entry_of_each_game(jeu) -> None:
    """Invented for the test: a later version rewrites the text of one entry an example list uses."""
    ancien = load_bundle(jeu)
    par_id = {e["id"] for cle, v in ancien.items() if cle not in ("jeu", "ancres", "schemas", "versions")
              and isinstance(v, list) for e in v if isinstance(e, dict) and "id" in e}
    liste, index, cible = next((document, i, valeur) for document in _exemples(jeu, ancien)
                               for i, entree in enumerate(document["entrees"])
                               for valeur in _valeurs(entree) if valeur in par_id)
    nouveau = copy.deepcopy(ancien)
    for cle, valeurs in nouveau.items():
        if cle not in ("jeu", "ancres", "schemas", "versions") and isinstance(valeurs, list):
            for e in valeurs:
                if isinstance(e, dict) and e.get("id") == cible:
                    e["texte"] = str(e.get("texte", "")) + " (texte revu pour le test)"
    nouveau["versions"].append({"version": NOUVELLE, "date": "2099-01-01", "resume": "Test.", "changements": []})
    rapport = action_versions(nouveau, liste, {"donnees_version": ancien})
    touchees = {e["index"]: {(c["id"], c["nature"]) for c in e["changements"]} for e in rapport["entrees"]}
    assert (cible, "regles") in touchees[index]
    assert all((cible, "regles") in t for t in touchees.values())  # only entries using it are listed
    assert rapport["avant"] == rapport["maintenant"]  # a text does not change the verdict


def _valeurs(valeur: Any) -> list[str]:
    """Every string of a list entry, depth first."""
    if isinstance(valeur, str):
        return [valeur]
    if isinstance(valeur, list):
        return [s for v in valeur for s in _valeurs(v)]
    if isinstance(valeur, dict):
        return [s for v in valeur.values() for s in _valeurs(v)]
    return []


def _exemples(jeu: str, donnees: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The game's example lists pinned to its current version (Khârn-Âges: with its example catalogue)."""
    from browser_engine.catalogue import fusionner_catalogue

    catalogues = sorted((ROOT / "data" / jeu / "catalogues").glob("*.yaml"))
    for chemin in sorted((ROOT / "data" / jeu / "listes").glob("*.yaml")):
        document = {**lire_liste(chemin.read_bytes()), "version_donnees": donnees["versions"][-1]["version"]}
        if catalogues:
            document = fusionner_catalogue(donnees, document, lire_liste(catalogues[0].read_bytes()))
        if isinstance(document.get("entrees"), list):
            yield document
