"""Tamashii print sheets: player aid, competitive score sheet, status sheet (fiche de Statut), setup sheet.

The player aid is a reference sheet (font fitted by `fit_reference`, recto verso) with blocks
drawn by `tamashii-tour` and `tamashii-mise-en-place`; the score and status sheets are forms
(sorte « formulaire ») with their own templates; the setup sheet is the game's roster sheet
(`roster_tamashii`). Everything printed comes from `data/tamashii/`: the turn
table, the setup steps table, the Tests and Trace sections, the victory-point and penalty
tables with their recorded reading, the components table and the scenarios. Values the book
does not give (goal cards' VP, the status sheet's ending codes) are left blank, with a note.
"""
from __future__ import annotations

import re
from typing import Any

from ...model import Entry, Game
from ..cards import renumber
from ..layout import environment
from ..reference import entry_block, section, table_view
from ..roster import roster_sheet
from ..sheet import Sheet
from ..text import join_units, markdown_html, typographie_fr, units_of

TURN_TABLE = "table-ordre-du-tour"
SETUP_TABLE = "table-etapes-mise-en-place"
COMPONENTS_TABLE = "table-materiel"
VP_TABLE = "table-points-de-victoire"
PENALTY_TABLE = "table-penalite-corrompues"
DURATION_TABLE = "table-duree-competitif"
VP_SECTION = "points-de-victoire"
END_SECTION = "fin-de-partie"
PROCEDURES = ("tests", "trace")
UPGRADE_TABLE = "table-ameliorations"
UNLOCK_ROWS = 14                        # blank rows of the unlock log on the status sheet


def sheets(game: Game) -> list[Sheet]:
    """Tamashii: the player aid, the competitive score sheet, the status sheet and the setup sheet."""
    return [s for s in (player_aid(game), score_sheet(game), status_sheet(game), roster_sheet(game)) if s]


# ------------------------------------------------------------------------------------------
# Shared helpers
# ------------------------------------------------------------------------------------------

def block(ident: str, name: str, markup: str, large: bool = True, long: bool = False) -> dict[str, Any]:
    """A reference-sheet block of ready HTML (`large`: spans the page width)."""
    return {"id": ident, "nom": typographie_fr(name), "html": markup, "table": None, "large": large, "long": long}


def rows_of(game: Game, table_id: str) -> list[dict[str, Any]]:
    """The raw rows of a data table ([] when the table is absent)."""
    entry = game.entries.get(table_id)
    return list(entry.data.get("lignes", [])) if entry is not None else []


def component_count(game: Game, element: str) -> int | None:
    """How many of a component the components table lists (None when it does not)."""
    for row in rows_of(game, COMPONENTS_TABLE):
        if str(row.get("element", "")).casefold() == element.casefold() and isinstance(row.get("nombre"), int):
            return int(row["nombre"])
    return None


def rule_text(game: Game, entry: Entry) -> str:
    """An entry's text and numbered steps as print HTML (no reading, no missing-data note)."""
    d = entry.data
    units = units_of(markdown_html(d.get("texte", ""), game)) if d.get("texte") else []
    if d.get("etapes"):
        units += units_of(markdown_html("\n".join(f"{i}. {s}" for i, s in enumerate(d["etapes"], 1)), game))
    return join_units(renumber(units))


def render(template: str, **context: Any) -> str:
    """A `tamashii-*.html.j2` fragment, autoescaped."""
    return environment().get_template(template).render(**context)


def cell(value: Any) -> str:
    """Plain text of a table cell, with French typography ("" for null)."""
    return "" if value is None else typographie_fr(str(value))


# ------------------------------------------------------------------------------------------
# Player aid
# ------------------------------------------------------------------------------------------

def turn_phases(game: Game) -> list[dict[str, Any]]:
    """The turn's phases in the order of the turn table: name, how it is resolved, its steps."""
    phases: dict[str, dict[str, Any]] = {}
    for row in rows_of(game, TURN_TABLE):
        name = str(row.get("phase", ""))
        phase = phases.setdefault(name, {"nom": typographie_fr(name), "mode": cell(row.get("mode")), "etapes": []})
        phase["etapes"].append(cell(row.get("etape")))
    return list(phases.values())


def phase_entry(game: Game, name: str) -> Entry | None:
    """The rules section of a phase (« Phase d'Action » for « Action »)."""
    wanted = re.compile(rf"^phase\s+(de\s+|d'|d’){re.escape(name.casefold())}$")
    return next((e for e in game.entries.values()
                 if e.kind == "sections" and wanted.match(e.nom.casefold())), None)


def setup_checklist(game: Game) -> dict[str, Any] | None:
    """The setup steps table, with an empty box to tick before each step."""
    entry = game.entries.get(SETUP_TABLE)
    if entry is None:
        return None
    view = table_view(game, entry)
    return {"colonnes": view["colonnes"], "lignes": view["lignes"], "notes": view["notes"]}


def player_aid(game: Game) -> Sheet | None:
    """The player aid (one per player): the four phases, the setup checklist, upgrade costs, Tests and Trace."""
    phases = turn_phases(game)
    if not phases:
        return None
    overview = block("tour-apercu", f"Les {len(phases)} phases", render("tamashii-tour.html.j2", phases=phases))
    details = [block(e.id, e.nom, rule_text(game, e), large=False)
               for e in (phase_entry(game, p["nom"]) for p in phases) if e is not None]
    checklist = setup_checklist(game)
    setup = ([block("mise-en-place-cases", game.entries[SETUP_TABLE].nom,
                    render("tamashii-mise-en-place.html.j2", table=checklist))] if checklist else [])
    procedures = [block(e.id, e.nom, rule_text(game, e), large=False)
                  for e in (game.entries.get(i) for i in PROCEDURES) if e is not None]
    upgrades = [entry_block(game, game.entries[UPGRADE_TABLE])] if UPGRADE_TABLE in game.entries else []
    parts = [section("Tour de jeu", [overview]), section("Mise en place", setup), section("Amélioration", upgrades),
             section("Tests et Trace", procedures), section("Les phases en détail", details)]
    return Sheet(game, "aide-de-jeu", f"Aide de jeu — {game.nom}", "reference",
                 "Une par joueur, recto verso : les quatre phases du tour, la mise en place en 15 étapes à "
                 "cocher, les coûts d'Amélioration, les Tests et la Trace.", blocs=[p for p in parts if p])


# ------------------------------------------------------------------------------------------
# Competitive score sheet
# ------------------------------------------------------------------------------------------

def penalty_scale(game: Game) -> str:
    """The corrupted-data penalty as one line (« 1 : −1 · 2-3 : −2 … »)."""
    return " · ".join(f"{cell(r.get('corrompues'))} : {cell(r.get('pv')).replace('-', '−')}"
                      for r in rows_of(game, PENALTY_TABLE))


def score_model(game: Game) -> dict[str, Any] | None:
    """What the score sheet shows: one row per VP source, the penalty, durations, players, notes."""
    vp = game.entries.get(VP_TABLE)
    if vp is None:
        return None
    penalty = game.entries.get(PENALTY_TABLE)
    counting = game.entries.get(VP_SECTION)
    reading = counting.data.get("interpretation") if counting is not None else None
    return {
        "joueurs": component_count(game, "Plateaux de Joueur") or 4,
        "titre_sources": typographie_fr(vp.nom),
        "sources": [{"source": cell(r.get("source")), "pv": cell(r.get("pv"))} for r in vp.data.get("lignes", [])],
        "penalite": {"nom": typographie_fr(penalty.nom), "bareme": penalty_scale(game)} if penalty else None,
        "durees": [f"{cell(r.get('duree'))} ({cell(r.get('temps'))})" for r in rows_of(game, DURATION_TABLE)],
        "notes": [typographie_fr(n) for e in (vp, penalty) if e for n in e.data.get("notes", [])
                  if not n.startswith("Lectures retenues")],
        "lecture": typographie_fr(reading["lecture"]) if reading else "",
    }


def score_sheet(game: Game) -> Sheet | None:
    """The competitive score sheet: VP per player, goal cards by hand, penalty and tie-break."""
    model = score_model(game)
    if model is None:
        return None
    return Sheet(game, "score-competitif", f"Feuille de score compétitif — {game.nom}", "formulaire",
                 "Les PV de chaque joueur en fin de partie compétitive : sources du décompte, PV des Buts "
                 "à recopier, pénalité des Données Corrompues et départage.",
                 gabarit="tamashii-score.html.j2", contexte={"m": model})


# ------------------------------------------------------------------------------------------
# Status sheet
# ------------------------------------------------------------------------------------------

def named_scenarios(game: Game) -> list[str]:
    """Names of the scenarios whose sheet the book reproduces (those with a setup)."""
    return [typographie_fr(e.nom) for e in game.of_kind("scenarios") if e.data.get("mise_en_place")]


def status_model(game: Game) -> dict[str, Any] | None:
    """What the status sheet shows: a row per scenario sheet (named when the book names it), notes."""
    end = game.entries.get(END_SECTION)
    if end is None:
        return None
    names = named_scenarios(game)
    total = component_count(game, "fiches de Scénario") or len(names)
    known = " et ".join(", ".join(names).rsplit(", ", 1)) if names else "aucune"
    note = (f"La boîte contient {total} fiches de Scénario ; le livre n'en nomme que {len(names)} "
            f"({known}). {end.data.get('manquant', '')}")
    return {"intro": typographie_fr(end.data.get("resume", "")),
            "scenarios": names + [""] * max(0, total - len(names)),
            "note": typographie_fr(" ".join(note.split())), "deverrouillages": UNLOCK_ROWS}


def status_sheet(game: Game) -> Sheet | None:
    """The status sheet: scenarios won and their endings, unlocked and relocked elements."""
    model = status_model(game)
    if model is None:
        return None
    return Sheet(game, "fiche-de-statut", f"Fiche de Statut — {game.nom}", "formulaire",
                 "Les Scénarios gagnés, le code de chaque fin cochée et les éléments déverrouillés ou "
                 "reverrouillés. Les codes des fins ne sont pas dans le livre : recopiez-les de votre fiche.",
                 gabarit="tamashii-statut.html.j2", contexte={"m": model})
