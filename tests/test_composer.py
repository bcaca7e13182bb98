"""The list builder's engine side: choices allowed for a field, and the list as plain text.

The expected refusals come from the rules (`regles-liste.yaml`) and the data tables, never
from the engine's output: each test states the rule, then checks that the validator, asked
through `options_permises`, refuses exactly what the rule forbids.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from browser_engine import ErreurEntree, bundle, lire_liste
from browser_engine.composer import options_permises
from browser_engine.composer_texte import texte_liste
from browser_engine.reader import lire_document
from tests.engine_support import load_bundle
from tests.test_pyodide import glue_python

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
JEUX = ("bataille-d6", "hami", "kharn-ages", "hate", "tamashii")
CATALOGUE_KA = DATA / "kharn-ages" / "catalogues" / "exemple-du-livre.yaml"


def exemple(jeu: str, nom: str | None = None) -> dict[str, Any]:
    """An example list of `data/<jeu>/listes/` (the first one by default)."""
    fichiers = sorted((DATA / jeu / "listes").glob("*.yaml"))
    chemin = next(f for f in fichiers if f.name == nom) if nom else fichiers[0]
    return lire_liste(chemin.read_text("utf-8"))


def catalogue_ka() -> Any:
    return lire_document(CATALOGUE_KA.read_text("utf-8"))


def par_valeur(resultat: dict[str, Any]) -> dict[Any, dict[str, Any]]:
    return {json.dumps(c["valeur"]): c for c in resultat["choix"]}


def regle(jeu: str, code: str, **filtre: Any) -> dict[str, Any]:
    """The rule of `regles-liste.yaml` with this code (and these field values)."""
    regles = [r for r in bundle.regles_liste(load_bundle(jeu)) if r.get("code") == code
              and all(r.get(k) == v for k, v in filtre.items())]
    assert regles, f"{jeu} : aucune règle {code}"
    return regles[0]


def codes(choix: dict[str, Any]) -> set[str]:
    return {r["code"] for r in choix["raisons"]}


# --- HAMI ---------------------------------------------------------------------------------------------

def test_hami_tribus_selon_le_lien() -> None:
    """The tribes table: in a Communauté of the Ombre, only the tribes not bound to the Lumière alone."""
    donnees = load_bundle("hami")
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    assert liste["options"]["lien"] == "ombre"
    table = next(t for t in donnees["tables"] if t["id"] == "table-des-tribus")
    lumiere_seule = {ligne["tribu"].split()[0].lower().replace("é", "e") for ligne in table["lignes"]
                     if ligne["lumiere"] and not ligne["ombre"]}
    assert lumiere_seule == {"canopee"}
    resultat = options_permises(donnees, liste, "/entrees/1/tribu")
    choix = par_valeur(resultat)
    assert resultat["chemin"] == "/entrees/1/tribu"
    assert [c["valeur"] for c in resultat["choix"]] == donnees["schemas"]["liste"]["$defs"]["entree"][
        "properties"]["tribu"]["enum"]
    assert {v for v, c in choix.items() if not c["permis"]} == {json.dumps(t) for t in lumiere_seule}
    refus = choix['"canopee"']["raisons"]
    assert [r["code"] for r in refus] == [regle("hami", "HAMI_CANOPEE_LUMIERE")["code"]]
    assert "Canopée" in refus[0]["message"] and "Ombre" in refus[0]["message"]
    assert refus[0]["regle"] == bundle.ancre(donnees, "table-des-tribus")
    assert refus[0]["chemin"].startswith("/entrees/1")
    assert choix['"eau"']["actif"] and choix['"eau"']["permis"]
    assert choix['"arbres"']["permis"] and not choix['"arbres"']["actif"]
    # Costs from the caste table: a Pisteuse costs 2, her familiar 1; the Communauté spends its 9 points.
    assert {c["cout_entree"] for c in resultat["choix"]} == {3}
    assert {c["cout_total"] for c in resultat["choix"]} == {9}


def test_hami_un_seul_meneur() -> None:
    """« Un Meneur, un seul »: a second `meneur: true` is refused, the current one may stay."""
    donnees = load_bundle("hami")
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    assert regle("hami", "HAMI_MENEUR_NOMBRE")["borne"] == {"exact": 1}
    autre = par_valeur(options_permises(donnees, liste, "/entrees/1/meneur"))
    assert not autre["true"]["permis"] and codes(autre["true"]) == {"HAMI_MENEUR_NOMBRE"}
    assert "Meneur" in autre["true"]["raisons"][0]["message"]
    assert autre["false"]["actif"] and autre["false"]["permis"]  # absent: the schema's default, false
    meneur = par_valeur(options_permises(donnees, liste, "/entrees/0/meneur"))
    assert meneur["true"]["actif"] and meneur["true"]["permis"]
    assert codes(meneur["false"]) == {"HAMI_MENEUR_NOMBRE"}  # no Meneur left: exactly 1 is required


def test_hami_sorts_bascule() -> None:
    """A Gardien chooses exactly 1 spell (caste table): adding a second or removing the one is refused."""
    donnees = load_bundle("hami")
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    table = next(t for t in donnees["tables"] if t["id"] == "cout-des-castes")
    assert next(ligne for ligne in table["lignes"] if ligne["ref"] == "gardien")["sorts"] == 1
    resultat = options_permises(donnees, liste, "/entrees/0/sorts")
    assert resultat["genre"] == "bascule"
    choix = par_valeur(resultat)
    assert [v for v, c in choix.items() if c["actif"]] == ['"ralentissement"']
    assert all("HAMI_SORTS_NOMBRE" in codes(c) for c in resultat["choix"])
    assert choix['"brume"']["raisons"][0]["chemin"].startswith("/entrees/0")
    # The toggle leaves the caller's list untouched.
    assert liste["entrees"][0]["sorts"] == ["ralentissement"]


def test_hami_option_de_liste() -> None:
    """Options are list-wide: in a Communauté of the Lumière the Grottes Hami is refused."""
    donnees = load_bundle("hami")
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    liste["entrees"][1]["tribu"] = "grottes"
    choix = par_valeur(options_permises(donnees, liste, "/options/lien"))
    assert choix['"ombre"']["actif"] and choix['"ombre"']["permis"]
    assert codes(choix['"lumiere"']) == {"HAMI_GROTTES_OMBRE"}
    assert choix['"lumiere"']["cout_entree"] is None  # not an entry's field


# --- Bataille d6 --------------------------------------------------------------------------------------

def test_d6_heros_au_dela_de_la_limite() -> None:
    """At most one Héros per full 250 points: at 500 points, a second single Héros fits, ten Lanciers do not."""
    donnees = load_bundle("bataille-d6")
    liste = exemple("bataille-d6", "01-gardiens-du-col.yaml")
    assert regle("bataille-d6", "D6_HEROS_MAX")["borne"] == {"max": "floor(format / 250)"}
    maximum = liste["format"] // 250
    heros = sum(e.get("nombre", 1) for e in liste["entrees"] if e.get("role") == "heros")
    troll, lanciers = liste["entrees"][4], liste["entrees"][0]
    assert heros + troll.get("nombre", 1) <= maximum < heros + lanciers["nombre"]
    lance = par_valeur(options_permises(donnees, liste, "/entrees/0/role"))
    assert lance['"troupe"']["actif"] and lance['"troupe"']["permis"]
    assert codes(lance['"heros"']) == {"D6_HEROS_MAX"}
    assert f"{maximum} (un par tranche" in lance['"heros"']["raisons"][0]["message"]
    assert lance['"heros"']["raisons"][0]["regle"] == bundle.ancre(donnees, "heros-et-sorciers")
    assert par_valeur(options_permises(donnees, liste, "/entrees/4/role"))['"heros"']["permis"]


def test_d6_cout_de_chaque_valeur() -> None:
    """The stat form: each Mêlée value with the entry's cost (2 points a level, ×10 Lanciers) and the budget."""
    donnees = load_bundle("bataille-d6")
    liste = exemple("bataille-d6", "01-gardiens-du-col.yaml")
    resultat = options_permises(donnees, liste, "/entrees/0/melee")
    choix = par_valeur(resultat)
    assert [c["valeur"] for c in resultat["choix"]] == [1, 2, 3, 4, 5]
    assert choix["3"]["actif"] and choix["3"]["cout_entree"] == 120 and choix["3"]["cout_total"] == 463
    assert [choix[str(m)]["cout_entree"] - choix["3"]["cout_entree"] for m in (1, 2, 4, 5)] == [-40, -20, 20, 40]
    over = [c for c in resultat["choix"] if c["cout_total"] > liste["format"]]
    assert over and all(codes(c) == {"D6_BUDGET_DEPASSE"} for c in over)
    assert all(c["permis"] for c in resultat["choix"] if c["cout_total"] <= liste["format"])


# --- Khârn-Âges ---------------------------------------------------------------------------------------

def test_kharn_ages_un_seul_leader_avec_le_catalogue() -> None:
    """« Un seul leader »: exactly one figure leads; the profiles come from the example catalogue."""
    donnees = load_bundle("kharn-ages")
    liste = exemple("kharn-ages", "01-guerrier-mongo-du-livre.yaml")
    del liste["profils"], liste["equipements"]  # the catalogue brings them
    liste["entrees"].append({"profil": liste["entrees"][0]["profil"]})
    assert regle("kharn-ages", "KA_LEADER_NOMBRE")["borne"] == {"exact": 1}
    choix = par_valeur(options_permises(donnees, liste, "/entrees/1/leader", catalogue_ka()))
    assert choix["false"]["actif"] and choix["false"]["permis"]
    assert codes(choix["true"]) == {"KA_LEADER_NOMBRE"}
    profil = next(p for p in catalogue_ka()["profils"] if p["id"] == liste["entrees"][0]["profil"])
    assert choix["true"]["cout_entree"] == profil["cout"]
    assert choix["true"]["cout_total"] == 2 * profil["cout"]


def test_kharn_ages_faction() -> None:
    donnees = load_bundle("kharn-ages")
    liste = exemple("kharn-ages", "01-guerrier-mongo-du-livre.yaml")
    resultat = options_permises(donnees, liste, "/options/faction")
    assert [c["valeur"] for c in resultat["choix"] if c["actif"]] == ["kharns"]
    assert all(c["cout_total"] == 75 for c in resultat["choix"])


# --- Hate ---------------------------------------------------------------------------------------------

def test_hate_liste_sans_options_toutes_les_tribus_et_modes_proposes() -> None:
    """A new list has no `options` yet: choosing a tribe (or a mode) first must not be refused because
    the other one, missing before too, is now reported by its own rule (issue 35: a new list is calm)."""
    donnees = load_bundle("hate")
    liste = exemple("hate")
    liste.pop("options", None)
    liste["entrees"] = [{"type": e["type"]} for e in liste["entrees"]]  # bare figures, as a new list's
    options = donnees["schemas"]["liste"]["properties"]["options"]["properties"]
    for champ in ("tribu", "mode"):
        resultat = options_permises(donnees, liste, f"/options/{champ}")
        assert [c["valeur"] for c in resultat["choix"]] == options[champ]["enum"]
        assert [c["valeur"] for c in resultat["choix"] if not c["permis"]] == [], resultat["choix"][0]["raisons"]

def test_hate_mercenaire_remplace() -> None:
    """A mercenary replaces a Guerrier or a Jeune-sang, never the Prince, the Shaman nor the Champion."""
    donnees = load_bundle("hate")
    liste = exemple("hate", "01-simple-bataille-um-rak.yaml")
    texte = regle("hate", "HATE_MERC_REMPLACE")["resume"]
    assert "Guerrier ou un Jeune-sang" in texte and "jamais le Prince, le Shaman ni le Champion" in texte
    index = next(i for i, e in enumerate(liste["entrees"]) if e["type"] == "mercenaire")
    choix = par_valeur(options_permises(donnees, liste, f"/entrees/{index}/remplace"))
    assert {v for v, c in choix.items() if c["permis"]} == {'"guerrier"', '"jeune-sang"'}
    for refuse in ("prince", "shaman", "champion"):
        assert codes(choix[json.dumps(refuse)]) == {"HATE_MERC_REMPLACE"}
    assert choix['"guerrier"']["actif"]
    assert choix['"guerrier"']["cout_total"] is None  # a tribe has no points budget
    assert choix['"guerrier"']["cout_entree"] == 2  # Grock's activation cost


def donnees_yaml(jeu: str, fichier: str) -> list[dict[str, Any]]:
    """The items of one data file of the game (`data/<jeu>/<fichier>`), read without the engine."""
    document = lire_document((DATA / jeu / fichier).read_text("utf-8"))
    return next(v for v in document.values() if isinstance(v, list)) if isinstance(document, dict) else document


def test_hate_ameliorations_prises_dans_les_donnees() -> None:
    """`x-donnees`: an entry's améliorations are the data's améliorations, each checked by the rules.

    Rules: in a simple battle a figure carries at most one amélioration (HATE_BS_UNE_PAR_FIGURINE,
    max 1); a specific amélioration belongs to its own tribe only (HATE_SPECIFIQUE_TRIBU).
    """
    donnees = load_bundle("hate")
    liste = exemple("hate", "01-simple-bataille-um-rak.yaml")
    assert regle("hate", "HATE_BS_UNE_PAR_FIGURINE")["borne"] == {"max": 1}
    regle("hate", "HATE_SPECIFIQUE_TRIBU")
    capacites = donnees_yaml("hate", "capacites.yaml")
    sortes = {"amélioration générique", "amélioration spécifique", "amélioration de mission"}
    attendues = {c["id"] for c in capacites if c.get("categorie") in sortes}
    nue = next(i for i, e in enumerate(liste["entrees"]) if e["type"] == "guerrier" and not e.get("ameliorations"))
    resultat = options_permises(donnees, liste, f"/entrees/{nue}/ameliorations")
    assert resultat["genre"] == "bascule"
    choix = par_valeur(resultat)
    assert {json.loads(v) for v in choix} == attendues
    tribu = liste["options"]["tribu"]
    for capacite in capacites:
        if capacite.get("categorie") != "amélioration spécifique":
            continue
        c = choix[json.dumps(capacite["id"])]
        if capacite["proprietes"]["tribu"] != tribu:
            assert "HATE_SPECIFIQUE_TRIBU" in codes(c) and not c["permis"]
    # The entry that already carries one: any second one is refused, removing it is allowed.
    portee = next(i for i, e in enumerate(liste["entrees"]) if e.get("ameliorations") == ["generique-c-01"])
    choix = par_valeur(options_permises(donnees, liste, f"/entrees/{portee}/ameliorations"))
    assert choix['"generique-c-01"']["actif"] and choix['"generique-c-01"']["permis"]
    assert "HATE_BS_UNE_PAR_FIGURINE" in codes(choix['"generique-a-01"'])


def test_hate_cicatrices_et_mercenaire_pris_dans_les_donnees() -> None:
    donnees = load_bundle("hate")
    liste = exemple("hate", "01-simple-bataille-um-rak.yaml")
    capacites = donnees_yaml("hate", "capacites.yaml")
    profils = donnees_yaml("hate", "profils.yaml")
    cicatrices = options_permises(donnees, liste, "/entrees/3/cicatrices")
    assert {c["valeur"] for c in cicatrices["choix"]} == {c["id"] for c in capacites if c.get("categorie") == "cicatrice"}
    index = next(i for i, e in enumerate(liste["entrees"]) if e["type"] == "mercenaire")
    mercenaires = options_permises(donnees, liste, f"/entrees/{index}/mercenaire")
    assert mercenaires["genre"] == "valeur"
    assert {c["valeur"] for c in mercenaires["choix"]} == {p["id"] for p in profils if p.get("categorie") == "mercenaire"}
    assert [c["valeur"] for c in mercenaires["choix"] if c["actif"]] == [liste["entrees"][index]["mercenaire"]]
    par_id = {p["id"]: p for p in profils}
    for c in mercenaires["choix"]:
        assert c["cout_entree"] == par_id[c["valeur"]]["proprietes"]["cout_activation"]


def test_kharn_ages_equipement_de_la_liste_et_du_catalogue() -> None:
    """Khârn-Âges' equipment choices are the list's own `equipements` and the loaded catalogue's."""
    donnees = load_bundle("kharn-ages")
    liste = exemple("kharn-ages", "01-guerrier-mongo-du-livre.yaml")
    seule = options_permises(donnees, liste, "/entrees/0/ajoute")
    assert seule["genre"] == "bascule"
    assert {c["valeur"] for c in seule["choix"]} == {e["id"] for e in liste["equipements"]}
    ajout = par_valeur(seule)['"guisarme"']
    guisarme = next(e for e in liste["equipements"] if e["id"] == "guisarme")
    assert ajout["permis"] and ajout["cout_entree"] == liste["profils"][0]["cout"] + guisarme["cout"]
    avec = options_permises(donnees, liste, "/entrees/0/ajoute", catalogue_ka())
    attendus = {e["id"] for e in liste["equipements"]} | {e["id"] for e in catalogue_ka().get("equipements", [])}
    assert {c["valeur"] for c in avec["choix"]} == attendus


# --- Tamashii -----------------------------------------------------------------------------------------

def test_tamashii_classe_en_prologue() -> None:
    """« Pas de Classe dans le Prologue »: every class is refused in prologue mode, none is chosen."""
    donnees = load_bundle("tamashii")
    liste = exemple("tamashii", "01-prologue-a-deux.yaml")
    assert liste["options"]["mode"] == "prologue"
    assert regle("tamashii", "TAM_ETAPES_PROLOGUE", chemin="classe")["si"] == {"mode": "prologue"}
    resultat = options_permises(donnees, liste, "/entrees/0/classe")
    assert resultat["choix"] and all(codes(c) == {"TAM_ETAPES_PROLOGUE"} for c in resultat["choix"])
    assert not any(c["actif"] for c in resultat["choix"])
    assert all(c["cout_entree"] is None and c["cout_total"] is None for c in resultat["choix"])
    liste["options"]["mode"] = "cooperatif"
    liste["entrees"][0]["classe"] = "faucheur"
    liste["entrees"][1]["classe"] = "faucheur"
    autre = par_valeur(options_permises(donnees, liste, "/entrees/0/classe"))
    assert "TAM_ETAPES_PROLOGUE" not in codes(autre['"bagarreur"'])


def test_tamashii_mode() -> None:
    """The same prologue set-up in another mode lacks what that mode requires (a class per player)."""
    donnees = load_bundle("tamashii")
    liste = exemple("tamashii", "01-prologue-a-deux.yaml")
    choix = par_valeur(options_permises(donnees, liste, "/options/mode"))
    assert choix['"prologue"']["actif"] and choix['"prologue"']["permis"]
    assert "TAM_CLASSE" in codes(choix['"cooperatif"'])


# --- hostile input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("chemin", ["/../x", "/entrees/999/x", "/entrees/999/tribu", "/entrees/-1/tribu",
                                    "/entrees/0/nom", "/entrees/0/inconnu", "/options", "/", "", "entrees/0/tribu",
                                    "/entrees/0/tribu/0", "/" + "x" * 10_000, "/entrees/" + "9" * 5000 + "/tribu",
                                    None, 3, ["/entrees/0/tribu"], "/entrees//tribu", "/entrees/./tribu"])
def test_chemins_hostiles(chemin: Any) -> None:
    donnees = load_bundle("hami")
    liste = exemple("hami")
    with pytest.raises(ErreurEntree) as erreur:
        options_permises(donnees, liste, chemin)
    assert re.search(r"[éèàç]|chemin|champ|liste", str(erreur.value), re.I)
    assert len(str(erreur.value)) < 400


@pytest.mark.parametrize("liste", [None, [], "texte", 3, {"jeu": "hami", "entrees": "x" * 10_000},
                                   {"jeu": "hami", "entrees": [5]}, {"jeu": "hami", "entrees": [[{}]]},
                                   {"jeu": "hami", "options": 7, "entrees": [{}]},
                                   {"jeu": "hami", "entrees": [{"tribu": "x"}] * 100_000}])
def test_listes_hostiles(liste: Any) -> None:
    chemin = "/options/lien" if isinstance(liste, dict) and "options" in liste else "/entrees/0/tribu"
    with pytest.raises(ErreurEntree):
        options_permises(load_bundle("hami"), liste, chemin)


def test_valeurs_hostiles_sans_plantage() -> None:
    """Huge strings, wrong types inside a list: the validator reports them, the choices still come back."""
    donnees = load_bundle("hami")
    liste = {"jeu": "hami", "nom": "x" * 10_000, "format": "neuf", "options": {"lien": ["ombre"]},
             "entrees": [{"nom": "\u202e" + "y" * 10_000, "tribu": "z" * 10_000, "age": 3, "sorts": "brume"}]}
    resultat = options_permises(donnees, liste, "/entrees/0/tribu")
    assert len(resultat["choix"]) == 6
    assert options_permises(donnees, liste, "/entrees/0/sorts")["choix"]
    texte = texte_liste(donnees, liste)
    assert "\u202e" not in texte and "Liste invalide" in texte
    assert max(len(ligne) for ligne in texte.splitlines()) < 2_000


def test_catalogue_hostile() -> None:
    with pytest.raises(ErreurEntree):
        options_permises(load_bundle("kharn-ages"), exemple("kharn-ages"), "/options/faction", {"profils": 3})


# --- plain text ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("jeu", JEUX)
def test_texte_de_la_premiere_liste(jeu: str) -> None:
    """Name, game, every entry's name, the total against the format with its unit, and the verdict."""
    from browser_engine import valider

    donnees = load_bundle(jeu)
    liste = exemple(jeu)
    rapport = valider(donnees, liste)
    texte = texte_liste(donnees, liste, rapport)
    lignes = texte.splitlines()
    assert lignes[0] == f"{liste['nom']} — {donnees['jeu']['nom']}"
    rangees = rapport["details"].get("entrees") or []
    for k, entree in enumerate(liste["entrees"]):
        nom = rangees[k]["nom"] if rangees else entree["nom"]
        assert any(ligne.startswith(f"{k + 1}. {nom}") for ligne in lignes), nom
    unite = donnees["jeu"].get("unite_cout")
    if rapport["cout"] is not None:
        assert f"Total : {rapport['cout']} / {rapport['budget']} {unite}" in lignes
    elif jeu == "hate":
        assert f"Coût d'activation : {rapport['details']['cout_activation']} {unite}" in lignes
    else:
        assert unite is None and not re.search(r"\bpoints?\b|Total", texte)
    assert ("Liste valide" if rapport["valide"] else "Liste invalide") in texte
    assert texte == texte_liste(donnees, liste)  # the report is computed when not given


def test_texte_liste_invalide_et_libelles() -> None:
    donnees = load_bundle("hami")
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    liste["entrees"][1]["meneur"] = True
    liste["nom"] = "Les\x00 Guetteurs\n\x1b[31m"
    texte = texte_liste(donnees, liste)
    assert texte.startswith("Les Guetteurs [31m — HAMI")
    assert "\x00" not in texte and "\x1b" not in texte
    assert "Lien : Ombre" in texte  # the option's schema title and the data's name
    assert "Liste invalide : 1 erreur\n- " in texte and "Meneur" in texte.split("Liste invalide")[1]
    del liste["nom"]
    assert texte_liste(donnees, liste).startswith("sans nom — ")


# --- the browser glue, under CPython --------------------------------------------------------------------

def test_glue_composer_json() -> None:
    ns: dict[str, Any] = {}
    exec(compile(glue_python(), "moteur-python.js", "exec"), ns)  # noqa: S102 - our own glue
    ns["charger_jeu"]("hami", json.dumps(load_bundle("hami")))
    ns["charger_jeu"]("kharn-ages", json.dumps(load_bundle("kharn-ages")))
    liste = exemple("hami", "01-exemple-du-livre.yaml")
    sortie = json.loads(ns["composer_json"]("hami", json.dumps(
        {"action": "options", "liste": liste, "chemin": "/entrees/1/tribu"})))
    assert not par_valeur(sortie["resultat"])['"canopee"']["permis"]
    texte = json.loads(ns["composer_json"]("hami", json.dumps({"action": "texte", "liste": liste})))["resultat"]
    assert texte["valide"] and texte["texte"].startswith("Les Guetteurs du Rocher")
    for requete in ("[]", "{}", '{"action": "x", "liste": {}}', '{"action": "options", "liste": 3}',
                    json.dumps({"action": "options", "liste": liste, "chemin": "/../x"}), "[" * 100_000):
        erreur = json.loads(ns["composer_json"]("hami", requete))
        assert "erreur" in erreur and not erreur.get("interne"), erreur
    ka = copy.deepcopy(exemple("kharn-ages", "01-guerrier-mongo-du-livre.yaml"))
    del ka["profils"]
    avec = json.loads(ns["composer_json"]("kharn-ages", json.dumps(
        {"action": "options", "liste": ka, "chemin": "/entrees/0/leader"}), CATALOGUE_KA.read_text("utf-8")))
    assert par_valeur(avec["resultat"])["true"]["permis"]


# --- command line -------------------------------------------------------------------------------------

def test_cli_texte(capsys: pytest.CaptureFixture[str]) -> None:
    """`texte LISTE` prints the same text as texte_liste; exit 1 for an invalid list, 2 for a missing file."""
    from browser_engine.cli import main

    fichier = DATA / "hami" / "listes" / "12-invalide-trois-gardiens.yaml"
    assert main(["texte", str(fichier)]) == 1
    sortie = capsys.readouterr().out
    liste = lire_liste(fichier.read_text("utf-8"))
    assert sortie == texte_liste(load_bundle("hami"), liste)
    assert "Liste invalide : 1 erreur" in sortie
    ka = DATA / "kharn-ages" / "listes" / "12-invalide-profil-non-fourni.yaml"
    assert main(["texte", str(ka), "--catalogue", str(CATALOGUE_KA)]) == 0
    assert "Liste valide" in capsys.readouterr().out
    assert main(["texte", str(DATA / "absent.yaml")]) == 2
    assert "introuvable" in capsys.readouterr().err
