"""Tamashii: the game-setup checker, with the calculations and scores of sibling modules.

A Tamashii « list » is a game setup: the mode, the players (one entry each: board, class,
essential data, bag, starting augmentations, protocol, starting values) and the scenario or
generator choices, with an optional game state per player (`etat`). Every rule is data
(`data/tamashii/regles-liste.yaml`); `liste_setup.py` derives the values they read.

This module is the game's entry point for the generic engine (see `jeux/__init__.py`).
"""
from __future__ import annotations

import re
from typing import Any

from ... import bundle
from ...analyse import AnalyseJeu
from ...domaines import BOOLEEN, COMPTE, ENTIER, champ, option, ou, parmi
from ...regles import VueEntree
from . import liste_setup


def champs_derives(donnees_jeu: dict[str, Any]) -> list[str]:
    """Names of the values `analyser` adds to each player, for the build's rule checks."""
    return list(liste_setup.CHAMPS_DERIVES)


def domaines_derives(donnees_jeu: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The values each derived field can hold (see `browser_engine/domaines.py`)."""
    setup = liste_setup
    scenario = {"type": "string", "x-donnees": {"collection": "scenarios"}}
    domaines = {
        "rang": {"type": "integer", "minimum": 1}, "mode": option("mode"),
        "partie_scenario": ou(scenario, parmi(setup.NON_INDIQUE)), "partie_reserve": option("reserve_corrompues"),
        "partie_marche": option("marche_des_corps"), "partie_temps": option("temps"), "partie_duree": option("duree"),
        "partie_buts": option("buts"), "partie_bot": BOOLEEN,
        "partie_bot_batteries": {"$ref": "#/properties/options/properties/bot_jordan/properties/batteries"},
        "partie_cartes_ecart": COMPTE, "depart": ou(champ("tuile_depart"), parmi(setup.NON_INDIQUE)),
        "depart_genre": parmi(setup.DEPART_ABRI, setup.DEPART_DEVASTE, "autre"), "atouts_total": ENTIER,
        "sac_ecart": COMPTE, "essentielles": parmi("conforme", "non-conforme", "non-verifiable"),
        "augm_depart": _domaine_augm_depart(donnees_jeu),
        "etat_corps_avances": COMPTE, "etat_augm_autre_classe": COMPTE, "etat_casse_utilisee": COMPTE,
        "etat_augm_depart": COMPTE,
    }
    for nom in ("partie_correspondance", "partie_generateur", "partie_solo", "partie_marche_decrit",
                "partie_reserve_decrite", "plateau_en_double", "classe_en_double",
                "depart_en_double", "etat_present", "etat_marcheur_actif_interdit", "etat_corps_actif_inconnu",
                "etat_etape_sans_protocole"):
        domaines[nom] = BOOLEEN
    for nom in ("etat_atout_max", "etat_deverrouillees", "etat_integrite_ecart", "etat_integrite_max",
                "etat_protocoles", "etat_etape_protocole", "etat_ouvertes", "etat_corrompues", "etat_exp"):
        domaines[nom] = ENTIER
    return domaines


def _domaine_augm_depart(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    """`aucune`, or the starting augmentations' words joined by « + » (« ? » for a value that is not a word)."""
    schema = bundle.schema_liste(donnees_jeu) or {}
    noeud = schema.get("properties", {}).get("entrees", {}).get("items", {})
    if isinstance(noeud.get("$ref"), str):
        noeud = schema.get("$defs", {}).get(noeud["$ref"].rsplit("/", 1)[-1], {})
    items = noeud.get("properties", {}).get("augmentations_de_depart", {}).get("items", {})
    mots = "|".join(re.escape(str(m)) for m in [*(items.get("enum") or []), "?"])
    return {"type": "string", "pattern": f"^({re.escape(liste_setup.AUCUNE)}|({mots})(\\+({mots}))*)$"}


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """The values the data rules read (no costs: a setup has none)."""
    derives = liste_setup.deriver(liste, vues)
    if not vues:  # no player yet: the game's choices alone, for the rules' `si` (regles.appliquer)
        derives[-1] = liste_setup.deriver({**liste, "entrees": [{}]}, [VueEntree(0, {})])[0]
    options = liste_setup.objet(liste.get("options"))
    mode = options.get("mode") if options.get("mode") in liste_setup.MODES else None
    return AnalyseJeu(derives=derives, details={"mode": mode, "joueurs": len(vues)})


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Nothing to add: the report's `details` already say the mode and the player count."""


def valeurs_imposees(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    """The starting Sac of each player without one, for the builder (`composer_impose.py`).

    Step 4 of the setup (l. 270–274): 3 Données de Base of each of the 4 types, and 1 more of the
    player's Données Essentielles. The book does not name the types: the names are those the
    setup already uses (other players' Sacs, the Données Essentielles), completed by the builder's
    neutral « type-1 »… (`x-cles` in the list schema).
    """
    entrees = liste_setup.liste_de(liste.get("entrees"))
    noms: list[str] = []
    for entree in map(liste_setup.objet, entrees):
        for nom in [*liste_setup.objet(entree.get("sac")), entree.get("donnees_essentielles")]:
            if isinstance(nom, str) and nom and nom not in liste_setup.SPECIAUX and nom not in noms:
                noms.append(nom)
    neutre = 1
    while len(noms) < liste_setup.TYPES_DE_BASE:
        if f"type-{neutre}" not in noms:
            noms.append(f"type-{neutre}")
        neutre += 1
    out: dict[str, Any] = {}
    for rang, entree in enumerate(entrees):
        if not isinstance(entree, dict) or "sac" in entree:
            continue
        essentielles = liste_setup.texte(entree.get("donnees_essentielles"))
        types = [n for n in noms if n != essentielles][:liste_setup.TYPES_DE_BASE - (essentielles is not None)]
        types = [n for n in noms if n in types or n == essentielles]
        out[f"/entrees/{rang}/sac"] = {n: liste_setup.PAR_TYPE + (liste_setup.ESSENTIEL_EN_PLUS if n == essentielles else 0)
                                        for n in types}
    return out
