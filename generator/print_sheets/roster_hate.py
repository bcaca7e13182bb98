"""Hate: the tribe roster sheet's columns (11 figures, slots A to D, scars, activation cost).

A list (schemas/liste-hate.schema.json) gives each figure's `type`, `ameliorations` and
`cicatrices` by id; the report's `details.entrees` give its role and activation cost. Each slot
column shows the figure's upgrades of that slot letter (`filtre`).

The spec is read by `roster.roster_spec` (through `ROSTER_SPECS`) and by impression.js, so the
same columns are filled from a checked list in Python and in the browser. The blank sheet
prints one row per figure of a tribe, its type and activation cost taken from the data.
"""
from __future__ import annotations

from typing import Any

from ..model import Entry, Game

TITLE = "Feuille de tribu"
SLOTS = ("A", "B", "C", "D")
FIGURE_TYPE = "type de figurine"
MODES = {"bataille-simple": "bataille simple", "chronique": "chronique"}


def figure_types(game: Game) -> list[Entry]:
    """The five figure types (Prince, Shaman, Champion, Guerrier, Jeune-sang), in reading order."""
    types = [e for e in game.of_kind("profils") if e.data.get("categorie") == FIGURE_TYPE]
    return sorted(types, key=lambda e: e.data.get("ordre", 10_000))


def tribe_rows(game: Game) -> list[tuple[str, int | None]]:
    """One (type name, activation cost) per figure of a tribe: in the book's order."""
    rows = []
    for entry in figure_types(game):
        props = entry.data.get("proprietes") or {}
        rows += [(entry.nom, props.get("cout_activation"))] * int(props.get("nombre_par_tribu") or 0)
    return rows


def names(game: Game) -> dict[str, str]:
    """Entry id -> name of the profiles and skills a roster refers to."""
    return {e.id: e.nom for e in game.entries.values() if e.kind in ("profils", "capacites")}


def tribes(game: Game) -> dict[str, str]:
    """Tribe id -> name, from the tribes table (its `ref` column names the tribe's section)."""
    out = {}
    for entry in game.of_kind("sections"):
        if entry.id.startswith("tribu-"):
            out[entry.id.removeprefix("tribu-")] = entry.nom.removeprefix("Tribu ").strip()
    return out


UPGRADES = ("amélioration générique", "amélioration spécifique", "amélioration de mission")
SCAR = "cicatrice"


def slot_names(game: Game) -> dict[str, dict[str, str]]:
    """Upgrade id -> name, by slot letter ("" for upgrades without a readable slot, e.g. mission ones)."""
    out: dict[str, dict[str, str]] = {s: {} for s in (*SLOTS, "")}
    for entry in game.of_kind("capacites"):
        if entry.data.get("categorie") in UPGRADES:
            slot = str((entry.data.get("proprietes") or {}).get("emplacement") or "")
            out.setdefault(slot if slot in SLOTS else "", {})[entry.id] = entry.nom
    return out


def type_names(game: Game) -> dict[str, str]:
    """List `type` value -> name: the five figure types, a mercenary, the Tyran."""
    out = {e.id: e.nom for e in figure_types(game)}
    tyrant = next((e for e in game.of_kind("profils") if e.data.get("categorie") == "tyran"), None)
    out["tyran"] = tyrant.nom if tyrant else "Tyran"
    out["mercenaire"] = "Mercenaire"
    return out


def skill_cards(game: Game) -> list[dict[str, Any]]:
    """Card rules for the skills of a list's mercenaries and Tyran: one rule per slot letter.

    A skill `<mercenaire>-<lettre>` belongs to the mercenary whose id its `proprietes.mercenaire`
    gives; the Tyran's (`le-tyran`) are called for by an entry of `type: tyran`.
    """
    rules = []
    for slot in SLOTS:
        by_mercenary, by_type = {}, {}
        for entry in game.of_kind("capacites"):
            props = entry.data.get("proprietes") or {}
            if entry.data.get("categorie") != "compétence de mercenaire" or props.get("emplacement") != slot:
                continue
            owner = str(props.get("mercenaire") or "")
            if owner == "le-tyran":
                by_type["tyran"] = entry.id
            elif owner:
                by_mercenary[owner] = entry.id
        rules += [{"valeur": "entree.mercenaire", "ids": by_mercenary}, {"valeur": "entree.type", "ids": by_type}]
    return rules


def columns(game: Game) -> list[dict[str, Any]]:
    """The roster columns: figure, type, one per slot, other upgrades, scars, activation cost, KO (by hand)."""
    by_slot = slot_names(game)
    slot_columns = [{"id": f"emplacement-{s.lower()}", "nom": f"Empl. {s}", "classe": "texte",
                     "valeur": "entree.ameliorations", "libelles": by_slot[s], "filtre": True} for s in SLOTS]
    return [
        {"id": "figurine", "nom": "Figurine", "classe": "texte", "valeur": "entree.nom"},
        {"id": "type", "nom": "Type", "classe": "nom", "valeurs": [
            {"valeur": "entree.mercenaire", "libelles": "noms"},
            {"premier": True, "valeurs": [{"valeur": "detail.role"},
                                          {"valeur": "entree.type", "libelles": type_names(game)}]}]},
        *slot_columns,
        {"id": "autres", "nom": "Mission, autres", "classe": "texte", "valeur": "entree.ameliorations",
         "libelles": by_slot[""], "filtre": True},
        {"id": "cicatrices", "nom": "Cicatrices", "classe": "texte", "valeur": "entree.cicatrices",
         "libelles": "noms"},
        {"id": "activation", "nom": "Activ.", "premier": True, "valeurs": [
            {"valeur": "detail.cout_total"},
            {"valeur": "detail.au_village", "si_vrai": "—"}]},
        {"id": "ko", "nom": "KO, notes", "vide": True},
    ]


def header_fields(game: Game) -> dict[str, dict[str, Any]]:
    """Header boxes: a tribe is counted in figures (its `format`), and costs the Sauvagerie to activate it.

    Hate has no points (l. 220, 679: 11 figures a tribe); the report's `cout_activation` is the
    jetons Sauvagerie that activate every figure on the field once (l. 557-560).
    """
    unit = game.manifest.get("unite_cout", "points")
    return {"format": {"nom": "Format (figurines)", "valeur": "liste.format"},
            "cout": {"nom": f"Activation ({unit})", "valeur": "rapport.details.cout_activation"}}


def roster_spec_hate(game: Game) -> dict[str, Any]:
    """How a Hate roster is read from a list and its report (see `roster.roster_spec`)."""
    cols = columns(game)
    blank = []
    for type_name, cost in tribe_rows(game):
        row = {"type": type_name, "activation": "" if cost is None else str(cost)}
        blank.append([row.get(c["id"], "") for c in cols])
    return {
        "titre": TITLE, "unite": game.manifest.get("unite_cout", "points"), "noms": names(game),
        "entete": header_fields(game),
        "lignes_vides": len(blank), "lignes_min": len(blank), "lignes_vierges": blank,
        "champs": [{"id": "tribu", "nom": "Tribu", "valeur": "liste.options.tribu", "libelles": tribes(game)},
                   {"id": "mode", "nom": "Mode", "valeur": "liste.options.mode", "libelles": MODES}],
        "colonnes": cols,
        "cartes": [{"valeur": "entree.ameliorations", "direct": "capacites"},
                   {"valeur": "entree.cicatrices", "direct": "capacites"}, *skill_cards(game)],
    }
