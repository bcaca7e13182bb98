"""Tamashii: the setup sheet's columns (« Imprimer ma mise en place » from the setup checker).

A Tamashii « list » is a game setup (`schemas/liste-tamashii.schema.json`): one entry per
player. The spec is read by `roster.roster_spec` (through `ROSTER_SPECS`) and by impression.js,
so the same cells are filled from a checked setup in Python and in the browser. Labels (classes,
bodies, scenarios, start tiles, durations) come from the data; the blank sheet has one row per
Player Board of the box.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..model import Game

TITLE = "Feuille de mise en place"
MODES = {"prologue": "Prologue", "cooperatif": "Coopératif", "solo": "Solo", "competitif": "Compétitif"}
# No-break spaces inside « » and before « : », so a roster cell never wraps inside them.
STARTING_AUGMENTATIONS = {"commune": "carte commune", "coop": "carte «\u00a0Coop\u00a0»",
                          "solo-jcj": "carte «\u00a0Solo/JcJ\u00a0»"}
BOT = "BOT J.O.R.D.A.N. : {batteries} Batteries"
GENERATOR = "cartes Plan {plan}, Conditions {conditions}, Renforcement {renforcement}, JcJ {jcj}"
ASSETS = "Bouclier {bouclier} · Mémoire {memoire} · Puissance {puissance} · Relance {relance}"


def slug(text: str) -> str:
    """French kebab-case without accents (« District Dévasté » -> district-devaste)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.casefold()).strip("-")


def table_rows(game: Game, ident: str) -> list[dict[str, Any]]:
    """The raw rows of a data table ([] when absent)."""
    entry = game.entries.get(ident)
    return list(entry.data.get("lignes", [])) if entry is not None else []


def start_tiles(game: Game) -> dict[str, str]:
    """Tile id -> « Name (number) », from the named District tiles (`district-devaste-2` for duplicates)."""
    rows = table_rows(game, "table-districts-nommes")
    counts: dict[str, int] = {}
    for row in rows:
        counts[slug(str(row.get("nom", "")))] = counts.get(slug(str(row.get("nom", ""))), 0) + 1
    out = {}
    for row in rows:
        name, number = str(row.get("nom", "")), row.get("numero")
        key = slug(name) if counts[slug(name)] == 1 else f"{slug(name)}-{number}"
        out[key] = f"{name} ({number})" if number is not None else name
    return out


def durations(game: Game) -> dict[str, str]:
    """Competitive duration id -> « Name (starting Time) »."""
    return {slug(str(r.get("duree", ""))): f"{r.get('duree')} ({r.get('temps')})"
            for r in table_rows(game, "table-duree-competitif")}


def scenarios(game: Game) -> dict[str, str]:
    """Scenario id -> name, for the scenarios the book describes."""
    return {e.id: e.nom for e in game.of_kind("scenarios") if e.data.get("mise_en_place")}


def names(game: Game) -> dict[str, str]:
    """Profile id -> name (classes, bodies), for the cells that hold an id."""
    return {e.id: e.nom for e in game.of_kind("profils")}


def players(game: Game) -> int:
    """Rows of the blank sheet: one per Player Board in the components table (4)."""
    for row in table_rows(game, "table-materiel"):
        if str(row.get("element", "")).casefold() == "plateaux de joueur" and isinstance(row.get("nombre"), int):
            return int(row["nombre"])
    return 4


def columns(game: Game) -> list[dict[str, Any]]:
    """One row per player: name, board, class and starting cards, bag, body and tile, values, notes."""
    return [
        {"id": "joueur", "nom": "Joueur", "classe": "nom", "valeur": "entree.nom"},
        {"id": "plateau", "nom": "Plateau, Données Essentielles", "classe": "texte", "valeurs": [
            {"valeur": "entree.plateau", "prefixe": "Plateau "},
            {"valeur": "entree.donnees_essentielles"}]},
        {"id": "classe", "nom": "Classe, cartes de départ", "classe": "texte", "valeurs": [
            {"valeur": "entree.classe", "libelles": "noms"},
            {"valeur": "entree.augmentations_de_depart", "libelles": STARTING_AUGMENTATIONS},
            {"valeur": "entree.protocoles", "prefixe": "Protocoles\u00a0: "}]},
        {"id": "sac", "nom": "Sac de Données", "classe": "texte", "valeur": "entree.sac"},
        {"id": "depart", "nom": "Corps, tuile de départ", "classe": "texte", "valeurs": [
            {"valeur": "entree.corps", "libelles": "noms"},
            {"valeur": "entree.tuile_depart", "libelles": start_tiles(game)}]},
        {"id": "valeurs", "nom": "Valeurs de départ", "classe": "texte", "valeurs": [
            {"valeur": "entree.integrite", "prefixe": "Intégrité "},
            {"valeur": "entree.integrite_max", "prefixe": "max. "},
            {"valeur": "entree.trace", "prefixe": "Trace "},
            {"valeur": "entree.verrous", "prefixe": "Verrous "},
            {"valeur": "entree.atouts", "modele": ASSETS}]},
        {"id": "notes", "nom": "Notes", "vide": True},
    ]


def option(name: str, labels: dict[str, str] | None = None, prefix: str = "", model: str = "") -> dict[str, Any]:
    """A sub-field reading one of the setup's `options` (labels, prefix or mapping model as in `roster_spec`)."""
    field: dict[str, Any] = {"valeur": f"liste.options.{name}"}
    if labels:
        field["libelles"] = labels
    if prefix:
        field["prefixe"] = prefix
    if model:
        field["modele"] = model
    return field


def roster_spec_tamashii(game: Game) -> dict[str, Any]:
    """How a Tamashii setup is read from the list and its report (see `roster.roster_spec`)."""
    rows = players(game)
    return {
        "titre": TITLE, "unite": "joueurs", "noms": names(game),
        "entete": {"cout": None},  # a setup has no cost: no « Coût total » box
        "lignes_vides": rows, "lignes_min": rows,
        "champs": [
            {"id": "partie", "nom": "Mode, Scénario", "valeurs": [
                option("mode", MODES), option("scenario", scenarios(game)), option("duree", durations(game))]},
            {"id": "reglages", "nom": "Réglages", "valeurs": [
                option("temps", prefix="Temps "), option("reserve_corrompues", prefix="Corrompues "),
                option("marche_des_corps", prefix="Marché "), option("bot_jordan", model=BOT),
                option("cartes_generateur", model=GENERATOR), option("buts", prefix="Buts ")]},
        ],
        "colonnes": columns(game),
        "cartes": [],
    }
