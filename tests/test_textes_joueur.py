"""Issue 35, item 4: no internal word in what the engine gives a player to read.

Every example list of the five games (valid and invalid, Khârn-Âges also with each example
catalogue) goes through the browser's own glue (moteur-python.js, as the builder's worker runs
it): the check, the builder's follow-up for the first entry (forced values, pickers), the repairs,
and the list as plain text. Each text a player reads is then checked for yaml-words
(tests/textes_joueur_support.py): the messages in the player's words (`rendu_joueur`, what the
builder, the « Résultat » panel and the summary text write), the data version's message, the
repairs' descriptions, the cost lines and the creatures' names and adjustments.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine.messages import Noms, rendu_joueur
from tests.engine_support import DATA, load_bundle
from tests.test_pyodide import glue_python
from tests.textes_joueur_support import ids_de, mots_tapes, mots_yaml, proprietes_de

EXEMPLES = sorted(DATA.glob("*/listes/*.yaml"))
CATALOGUES = sorted(DATA.glob("kharn-ages/catalogues/*.yaml"))
# Keys of the engine's answers whose strings are shown as they are (the others are ids and
# numbers the page names itself). `message` counts where a violation has no parts.
CLES_TEXTE = {"message", "description", "libelle", "texte", "nom", "ajustements", "explication", "erreur"}
# The lists themselves travel with the answers: what the player typed is not the engine's text.
CLES_LISTE = {"liste", "liste_ecrite", "mesures", "code", "regle", "chemin"}


def nom_court(chemin: Path) -> str:
    return f"{chemin.parent.parent.name}/{chemin.name}"


@pytest.fixture(scope="module")
def glue() -> dict[str, Any]:
    ns: dict[str, Any] = {}
    exec(compile(glue_python(), "moteur-python.js", "exec"), ns)  # noqa: S102 - our own glue, as the worker runs it
    for jeu in sorted({p.parent.parent.name for p in EXEMPLES}):
        ns["charger_jeu"](jeu, json.dumps(load_bundle(jeu)))
    return ns


def textes(objet: Any, noms: Noms, ou: str = "") -> Iterator[tuple[str, str]]:
    """(where, text) of every text a player reads in an engine answer."""
    if isinstance(objet, dict):
        if isinstance(objet.get("parties"), list):
            yield ou, rendu_joueur(objet["parties"], noms.schema, None, noms)
        for cle, valeur in objet.items():
            if cle in CLES_LISTE or (cle == "message" and "parties" in objet):
                continue
            if cle in CLES_TEXTE and isinstance(valeur, str):
                yield f"{ou}/{cle}", valeur
            elif cle in CLES_TEXTE and isinstance(valeur, list) and all(isinstance(v, str) for v in valeur):
                yield from ((f"{ou}/{cle}", v) for v in valeur)
            else:
                yield from textes(valeur, noms, f"{ou}/{cle}")
    elif isinstance(objet, list):
        for k, valeur in enumerate(objet):
            yield from textes(valeur, noms, f"{ou}/{k}")


def demande(schema: dict[str, Any], liste: Any) -> dict[str, Any]:
    """What the builder asks when the first entry is open: its fields with choices, forced or picked."""
    entrees = liste.get("entrees") if isinstance(liste, dict) else None
    if not isinstance(entrees, list) or not entrees or not isinstance(entrees[0], dict):
        return {}
    items = schema["properties"]["entrees"]["items"]
    while "$ref" in items:
        items = schema["$defs"][items["$ref"].rsplit("/", 1)[-1]] if "$defs" in schema else {}
    proprietes = items.get("properties") or {}
    sortes = [k for k, s in proprietes.items() if s.get("x-sorte")]
    champs = [f"/entrees/0/{k}" for k in proprietes if k not in sortes]
    return {"forces": champs, "garder": sortes, "choix": champs}


def reponses(glue: dict[str, Any], jeu: str, texte: str, catalogue: str | None) -> Iterator[tuple[str, Any]]:
    """The glue's answers to what the builder asks for this list, each with its name."""
    etat = json.loads(glue["etat_texte"](jeu, texte, catalogue, ""))
    yield "rapport", etat
    rapport = etat.get("resultat")
    if not isinstance(rapport, dict):
        return
    liste = rapport.get("liste_ecrite", rapport["liste"])
    schema = load_bundle(jeu)["schemas"]["liste"]
    glue["etat_texte"](jeu, texte, catalogue, json.dumps(demande(schema, liste)))
    for pas in range(10_000):
        suite = json.loads(glue["suite_pas"](1000))
        yield f"suite {pas}", suite
        if suite.get("fini"):
            break
    for action in ("texte", "reparer"):
        yield action, json.loads(glue["composer_json"](jeu, json.dumps({"action": action, "liste": liste}), catalogue))


CAS = [(p, None) for p in EXEMPLES] + [(p, c) for p in EXEMPLES if p.parent.parent.name == "kharn-ages" for c in CATALOGUES]


@pytest.mark.parametrize(("chemin", "catalogue"), CAS,
                         ids=[nom_court(p) + (f"+{c.stem}" if c else "") for p, c in CAS])
def test_aucun_mot_interne_dans_ce_que_lit_le_joueur(glue: dict[str, Any], chemin: Path, catalogue: Path | None) -> None:
    jeu = chemin.parent.parent.name
    bundle = load_bundle(jeu)
    noms = Noms(bundle["schemas"]["liste"], bundle)
    texte_liste = chemin.read_text("utf-8")
    # What this list's game, its catalogue and the list itself define has a name the engine knows;
    # any other word of the list is the player's own (an unknown field, a card no catalogue gives).
    connus: set[str] = set()
    for document in (bundle, yaml.safe_load(texte_liste), yaml.safe_load(catalogue.read_text("utf-8")) if catalogue else None):
        ids_de(document, connus)
    proprietes_de(bundle["schemas"], connus)
    permis = mots_tapes(texte_liste, frozenset(connus))
    fautes = []
    lus = 0
    for quoi, reponse in reponses(glue, jeu, texte_liste, catalogue.read_text("utf-8") if catalogue else None):
        if quoi == "rapport":  # the list's own cards and the catalogue's are named as the builder names them
            noms.nommer_cartes((reponse.get("resultat") or {}).get("liste"))
        for ou, texte in textes(reponse, noms, quoi):
            lus += 1
            if mots := mots_yaml(texte, permis):
                fautes.append(f"{ou}: {mots} dans « {texte} »")
    assert lus > 0
    assert fautes == [], "\n".join(fautes)


def test_le_predicat_reconnait_les_mots_internes() -> None:
    """The examples of the issue are yaml-words; the player's words of the same messages are not."""
    for interne in ("il lui faut « meneur: true »", "choisissez « role: heros »", "par exemple « nom: Ma bande »",
                    "Recopiez-les dans « emplacements_permanents »", "réglez « options: {marche_des_corps: 4} »",
                    "(champ « version_donnees »)", "Code HAMI_CONTEUR_MENEUR", "sous profils: et equipements:",
                    # capitalised at the start of a sentence, an id is still an id
                    "Budget-neuf-points : 12 points", "scénario « Geo-chasse »", "Meneur: true",
                    "Marche_des_corps manque", "D6_BUDGET_DEPASSE"):
        assert mots_yaml(interne), interne
    for propre in ("il lui faut « Meneur » coché", "choisissez « Rôle : Héros »", "Coût : 3 points",
                   "Pierre d'aspiration : réservé à : Gardien ou Conteur", "Entrée 2 — Lanceur ou Arc",
                   "Jeune-sang : 2 au plus", "« Bras-liane »", "Meneur : oui", "« Guisarme »"):
        assert mots_yaml(propre) == [], propre


# --- The « Règles vérifiées » of the builder pages (the generated rule entries) -----------------

CHAMP_YAML = re.compile(r'<span class="cp-champ-yaml" data-role="champ-yaml">\(Champ YAML : <code>[^<]*</code>\)</span>'
                        r'|<div class="cp-champ-yaml" data-role="champ-yaml" markdown>.*?</div>', re.S)
# What Markdown and HTML are made of, never read as such: link targets, attribute lists, tags.
BALISAGE = re.compile(r"\]\([^)]*\)|\{\s*[:#.][^}]*\}|<[^>]+>")


@pytest.fixture(scope="module")
def pages_du_site() -> dict[str, str]:
    from generator import render
    from generator.plugin import load_site
    return render.tool_pages(load_site(DATA.parent), DATA.parent)


@pytest.mark.parametrize("jeu", sorted({p.parent.parent.name for p in EXEMPLES}))
def test_les_regles_verifiees_ne_montrent_rien_d_interne(pages_du_site: dict[str, str], jeu: str) -> None:
    """Each rule of a game's list, as its builder page shows it: no rule code, no YAML, no id; the
    YAML a rule explains is set apart, labelled « Champ YAML »."""
    page = next(texte for uri, texte in pages_du_site.items() if uri.startswith(jeu + "/") and "{ #regles-verifiees }" in texte)
    section = page.split("{ #regles-verifiees }", 1)[1]
    regles = yaml.safe_load((DATA / jeu / "regles-liste.yaml").read_text("utf-8"))["regles_liste"]
    assert all(r["nom"] in section for r in regles), "chaque règle de la liste est montrée"
    assert "Code :" not in section
    for morceau in CHAMP_YAML.findall(section):
        assert "Champ YAML" in morceau
    lu = BALISAGE.sub(" ", CHAMP_YAML.sub(" ", section))
    fautes = [f"{ligne.strip()!r}: {mots}" for ligne in lu.splitlines() if (mots := mots_yaml(ligne))]
    assert fautes == [], "\n".join(fautes)
