"""Roster (list) sheets: blank in the build, filled from a checked list in Python or in impression.js."""
from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import jinja2

from ..model import Game
from ..wording import accord, singular
from .cards import Card, card_pages
from .layout import CARD_H, CARD_W, GRID_COLS, GRID_ROWS, GRID_X, GRID_Y, cut_marks, environment, stylesheet
from .reference import entry_block
from .roster_hate import roster_spec_hate
from .roster_tamashii import roster_spec_tamashii
from .sheet import Sheet, entries_where, links
from .text import NBSP, Unit, typographie_fr


def roster_sheet(game: Game) -> Sheet:
    """The roster sheet of a game: blank in the build, filled from a checked list in the browser."""
    label = ROSTER_TITLES.get(game.id, "Feuille de liste")
    return Sheet(game, "liste", label, "liste",
                 "À remplir à la main, ou imprimée remplie depuis « Composer et vérifier » (bouton « Imprimer ma liste »).")


ROSTER_TITLES = {"bataille-d6": "Feuille d'armée", "hami": "Feuille de Communauté", "kharn-ages": "Feuille de Fer de Lance",
                 "hate": "Feuille de tribu", "tamashii": "Feuille de mise en place"}

# A game's own roster spec builder (module print_sheets/<jeu>_roster.py), used before the ones below.
ROSTER_SPECS: dict[str, Callable[[Game], dict[str, Any]]] = {"hate": roster_spec_hate, "tamashii": roster_spec_tamashii}



ROLES_D6 = {"troupe": "Troupe", "heros": "Héros", "sorcier": "Sorcier"}
TRIBUS_HAMI = {"canopee": "Canopée", "arbres": "Arbres", "roche": "Roche", "eau": "Eau", "grottes": "Grottes",
               "herbe": "Herbe"}
AGES_HAMI = {"jeune": "Jeune", "ancien": "Ancien"}
GRIMOIRES = {"petit": "petit grimoire", "grand": "grand grimoire"}
FACTIONS_KA = {"kharns": "Khârns", "gouns": "Goûns", "kherops": "Khérops", "fangs": "Fangs", "tembos": "Tembos",
               "guilde-noire": "Guilde Noire"}


def die_table_names(game: Game, kind: str) -> tuple[dict[str, str], dict[str, str]]:
    """For die-rolled entries of a kind: die result -> name, and die result -> entry id."""
    names, ids = {}, {}
    for entry in game.of_kind(kind):
        if "jet" in entry.data:
            names[str(entry.data["jet"])] = entry.nom
            ids[str(entry.data["jet"])] = entry.id
    return names, ids


def entry_names(game: Game, kinds: tuple[str, ...] = ("profils", "equipements", "sorts", "objets", "capacites")
                ) -> dict[str, str]:
    """Entry id -> name, for the kinds a list refers to by id."""
    return {e.id: e.nom for e in game.entries.values() if e.kind in kinds}


def roster_spec(game: Game) -> dict[str, Any]:
    """How a game's roster is read from a list and its report, shared by Python and impression.js.

    A column reads a value by path: `entree.<field>` (the list entry), `detail.<field>`
    (the report's details for that entry), `profil.<field>` (the entry's player-supplied
    profile), `rapport.<field>`; the sheet's `champs` read `rapport.<field>` or `liste.<field>`. Options: `libelles` maps values to labels (a mapping,
    or the name of a mapping of the spec such as "noms"); lists are mapped item by item;
    `prefixe` goes before each item; `modele` formats a mapping (`{cle}` placeholders);
    `valeurs` joins several sub-columns, or keeps the first non-empty one with `premier`;
    `defaut` is used when the value is absent; `si_vrai` is the text of a true boolean (a
    false one shows nothing); `filtre` shows only the values `libelles` names (e.g. the upgrades of
    one slot); `vide` leaves the cell blank (filled in by hand). `classe`
    "nom" and "texte" columns are wider. `cartes` says which entries' cards a list calls for: the value at `valeur`
    mapped through `ids` (die result to entry id), or taken as an entry id when `direct`.
    `profils` adds a profile card for each entry's `profil`. `lignes_vides` is the number of blank rows of
    the sheet printed from the build; fewer are printed (never below `lignes_min`) when that keeps
    the help tables off an extra page. `lignes_vierges` (rows of text) are printed on the blank sheet
    instead of empty rows. `entete` names the sheet's two header boxes, « format » and « cout », each a
    field (`nom`, `valeur`…) or None when the game has no such value (see `header`).
    """
    if game.id in ROSTER_SPECS:
        return ROSTER_SPECS[game.id](game)
    unit = game.manifest.get("unite_cout", "points")
    title = ROSTER_TITLES.get(game.id, "Feuille de liste")
    if game.id == "bataille-d6":
        objets, objet_ids = die_table_names(game, "objets")
        sorts, sort_ids = die_table_names(game, "sorts")
        return {
            "titre": title, "unite": unit, "noms": {},
            "colonnes": [
                {"id": "nom", "nom": "Nom", "valeur": "entree.nom", "classe": "nom"},
                {"id": "nombre", "nom": "Nb", "valeur": "entree.nombre", "defaut": 1},
                {"id": "role", "nom": "Rôle", "valeur": "entree.role", "defaut": "troupe", "libelles": ROLES_D6},
                {"id": "mouvement", "nom": "Mouv.", "valeur": "entree.mouvement"},
                {"id": "melee", "nom": "Mêlée", "valeur": "entree.melee"},
                {"id": "tir", "nom": "Tir", "valeur": "entree.tir"},
                {"id": "armure", "nom": "Armure", "valeur": "entree.armure"},
                {"id": "attaques", "nom": "Att.", "valeur": "entree.attaques", "defaut": 1},
                {"id": "puissante", "nom": "Puiss.", "valeur": "entree.puissante", "defaut": False},
                {"id": "magie", "nom": "Objet magique ou sorts", "classe": "texte",
                 "valeurs": [{"valeur": "entree.objet", "libelles": objets},
                             {"valeur": "entree.sorts", "libelles": sorts}]},
                {"id": "cout_figure", "nom": "Coût unit.", "valeur": "detail.cout_figure"},
                {"id": "cout_total", "nom": "Coût", "valeur": "detail.cout_total"},
                {"id": "pertes", "nom": "Pertes", "vide": True},
            ],
            "cartes": [{"valeur": "entree.objet", "ids": objet_ids}, {"valeur": "entree.sorts", "ids": sort_ids}],
        }
    if game.id == "hami":
        names = entry_names(game)
        predators = {short: names[f"predateur-{short}"] for short in ("larve", "adulte", "geant")
                     if f"predateur-{short}" in names}
        return {
            "titre": title, "unite": unit, "noms": names, "lignes_vides": 10, "lignes_min": 9, "lignes_par": "creatures",
            "colonnes": [
                {"id": "creature", "nom": "Créature", "classe": "nom", "valeurs": [
                    {"valeur": "creature.nom"},
                    {"premier": True, "valeurs": [
                        {"valeur": "creature.legendaire", "libelles": "noms"},
                        {"valeur": "creature.caste", "libelles": "noms"},
                        {"valeur": "creature.familier_sauvage", "libelles": "noms", "prefixe": "Familier sauvage : "},
                        {"valeur": "creature.predateur", "libelles": predators, "prefixe": "Prédateur : "},
                        {"valeur": "creature.profil", "libelles": "noms"}]}]},
                {"id": "tribu", "nom": "Tribu, âge", "classe": "texte", "valeurs": [
                    {"valeur": "creature.tribu", "libelles": TRIBUS_HAMI},
                    {"valeur": "creature.age", "libelles": AGES_HAMI},
                    {"valeur": "creature.meneur", "si_vrai": "Meneur"}]},
                *[{"id": f"carac-{name.lower()}", "nom": label, "valeur": f"creature.{name}"}
                  for name, label in (("M", "M"), ("C", "C"), ("T", "T"), ("E", "E"), ("actions", "Act."))],
                {"id": "equipement", "nom": "Capacités, équipement, monture", "classe": "texte", "valeurs": [
                    {"valeur": "creature.capacites", "libelles": "noms"},
                    {"valeur": "creature.competences", "libelles": "noms"},
                    {"valeur": "creature.arme", "libelles": "noms"},
                    {"valeur": "creature.equipement", "libelles": "noms"},
                    {"valeur": "creature.monture", "libelles": "noms"},
                    {"valeur": "creature.familier", "libelles": "noms", "prefixe": "Familier : "}]},
                {"id": "magie", "nom": "Sorts, objets", "classe": "texte", "valeurs": [
                    {"valeur": "creature.sorts", "libelles": "noms"}, {"valeur": "creature.objets", "libelles": "noms"}]},
                {"id": "cout", "nom": "Coût", "valeur": "creature.cout"},
                {"id": "essence", "nom": "Ess. perdue", "vide": True},
            ],
            "cartes": [{"valeur": "entree.sorts", "direct": "sorts"}, {"valeur": "entree.objets", "direct": "objets"}],
        }
    if game.id == "kharn-ages":
        names = entry_names(game)
        return {
            "titre": title, "unite": unit, "noms": names, "profils": True, "lignes_vides": 14,
            "champs": [{"id": "initiative", "nom": "Initiative (somme des niveaux)", "valeur": "rapport.details.initiative"},
                       {"id": "faction", "nom": "Faction", "valeur": "rapport.details.faction", "libelles": FACTIONS_KA}],
            "colonnes": [
                {"id": "profil", "nom": "Combattant", "classe": "nom",
                 "valeurs": [{"valeur": "entree.nom"}, {"premier": True, "valeurs": [
                     {"valeur": "profil.nom"}, {"valeur": "entree.profil"}]}]},
                {"id": "niveau", "nom": "Niv.", "valeur": "profil.niveau"},
                {"id": "leader", "nom": "Leader", "valeur": "entree.leader", "si_vrai": "Leader"},
                {"id": "equipement", "nom": "Équipement", "classe": "texte", "premier": True, "valeurs": [
                    {"valeur": "detail.equipement"},
                    {"valeurs": [{"valeur": "entree.retire", "libelles": "noms", "prefixe": "− "},
                                 {"valeur": "entree.ajoute", "libelles": "noms", "prefixe": "+ "}]}]},
                {"id": "magie", "nom": "Grimoire et sorts", "classe": "texte", "valeurs": [
                    {"valeur": "entree.grimoire", "libelles": GRIMOIRES},
                    {"valeur": "entree.sorts_generiques", "libelles": "noms"},
                    {"valeur": "entree.sorts_grimoire", "modele": "{id} ({pages} p.)"}]},
                {"id": "munitions", "nom": "Munitions", "classe": "texte", "valeur": "detail.munitions"},
                {"id": "cout", "nom": "Coût (Ko)", "valeur": "detail.cout_total"},
                {"id": "pv", "nom": "PV perdus", "vide": True},
            ],
            "cartes": [{"valeur": "entree.sorts_generiques", "direct": "sorts"}],
        }
    return {"titre": title, "unite": unit, "noms": {},
            "colonnes": [{"id": "nom", "nom": "Nom", "valeur": "entree.nom", "classe": "nom"},
                         {"id": "cout", "nom": "Coût", "valeur": "detail.cout"},
                         {"id": "notes", "nom": "Notes", "vide": True}],
            "cartes": []}


def resolve(path: str, context: dict[str, Any]) -> Any:
    """Value at a dotted path (`entree.nom`, `detail.cout`) of a context; None when absent."""
    value: Any = context
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "oui" if value else "—"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def show(value: Any, column: dict[str, Any], spec: dict[str, Any]) -> str:
    """Text of a roster value (mirrors `afficher` in impression.js)."""
    if _is_empty(value):
        value = column.get("defaut")
    if _is_empty(value):
        return ""
    labels = column.get("libelles") or {}
    if isinstance(labels, str):
        labels = spec.get(labels) or {}
    prefix = column.get("prefixe", "")
    if isinstance(value, list):
        inner = {**column, "defaut": None}
        return ", ".join(t for t in (show(v, inner, spec) for v in value) if t)
    if isinstance(value, dict):
        if column.get("modele"):
            return prefix + re.sub(r"\{(\w+)\}", lambda m: "" if _is_empty(value.get(m.group(1)))
                                   else str(labels.get(str(value[m.group(1)]), _scalar(value[m.group(1)]))),
                                   column["modele"])
        if value.get("nom") or value.get("id"):
            ident = str(value.get("id") or "")
            return prefix + str(value.get("nom") or labels.get(ident, ident))
        return prefix + " · ".join(f"{k} {_scalar(v)}" for k, v in value.items()
                                   if not _is_empty(v) and not isinstance(v, (dict, list)))
    if isinstance(value, bool):
        if "si_vrai" in column:
            return column["si_vrai"] if value else ""
        return _scalar(value)
    if column.get("filtre") and str(value) not in labels:
        return ""
    return prefix + str(labels.get(str(value), _scalar(value)))


def cell_of(column: dict[str, Any], context: dict[str, Any], spec: dict[str, Any]) -> str:
    """Text of one roster cell for one entry (mirrors `cellule` in impression.js)."""
    if column.get("vide"):
        return ""
    if column.get("valeurs"):
        parts = [cell_of(sub, context, spec) for sub in column["valeurs"]]
        parts = [p for p in parts if p]
        if column.get("premier"):
            return parts[0] if parts else show(None, column, spec)
        return ", ".join(parts)
    return show(resolve(column["valeur"], context), column, spec)


def entry_details(rapport: dict[str, Any] | None, index: int) -> dict[str, Any]:
    """The report's details of the list's entry `index`, whatever list/dict shape the engine uses."""
    if not isinstance(rapport, dict):
        return {}
    details = rapport.get("details") or {}
    for key in ("entrees", "figurines", "creatures", "lignes"):
        items = details.get(key) if isinstance(details, dict) else None
        if isinstance(items, list):
            for position, item in enumerate(items):
                if isinstance(item, dict) and item.get("index", position) == index:
                    return item
        if isinstance(items, dict) and isinstance(items.get(str(index)), dict):
            return items[str(index)]
    return {}


def with_equipment_names(spec: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    """The spec with the names of the list's player-supplied equipment added to `noms`.

    Mirrors `avecNomsEquipements` in impression.js.
    """
    items = liste.get("equipements") if isinstance(liste.get("equipements"), list) else []
    names = {str(e["id"]): str(e["nom"]) for e in items
             if isinstance(e, dict) and isinstance(e.get("id"), str) and e["id"] != "__proto__"
             and isinstance(e.get("nom"), str)}
    return {**spec, "noms": {**(spec.get("noms") or {}), **names}} if names else spec


def entry_creatures(spec: dict[str, Any], rapport: dict[str, Any], index: int,
                    entree: dict[str, Any]) -> list[dict[str, Any]]:
    """The roster rows of a list entry (mirrors `creaturesEntree` in impression.js).

    With `lignes_par: creatures` (HAMI), each creature the report gives for the entry
    (the Hami, its familiar, its mount) is a row; otherwise, and when the report has no
    creatures, the entry itself is the one row's `creature`.
    """
    details = rapport.get("details") if isinstance(rapport.get("details"), dict) else {}
    creatures = details.get(spec.get("lignes_par", "")) if spec.get("lignes_par") else None
    if isinstance(creatures, list):
        own = [c for c in creatures if isinstance(c, dict) and c.get("entree") == index]
        if own:
            return own
    return [entree]


def find_profile(ident: Any, liste: dict[str, Any], catalogue: dict[str, Any] | None) -> dict[str, Any]:
    """A player-supplied profile by id: in the list's `profils`, then in a loaded catalogue."""
    for source in (liste, catalogue or {}):
        profiles = source.get("profils") if isinstance(source, dict) else None
        if isinstance(profiles, dict) and isinstance(profiles.get(ident), dict):
            return {"id": ident, **profiles[ident]}
        if isinstance(profiles, list):
            for profile in profiles:
                if isinstance(profile, dict) and profile.get("id") == ident:
                    return profile
    return {}


def profile_view(profile: dict[str, Any], spec: dict[str, Any], unit: str) -> dict[str, Any]:
    """What a profile card shows (mirrors `vueProfil` in impression.js); all values as text."""
    names = spec.get("noms") or {}
    props = profile.get("proprietes") if isinstance(profile.get("proprietes"), dict) else {}

    def first(*values: Any) -> Any:
        return next((v for v in values if not _is_empty(v)), None)

    def label(item: Any) -> str:
        if isinstance(item, dict):
            ident = str(item.get("id") or "")
            text = str(item.get("nom") or names.get(ident, ident))
            return text + (f" ({_scalar(item['cout'])} {accord(item['cout'], unit)})" if not _is_empty(item.get("cout")) else "")
        return str(names.get(str(item), item))

    def items(value: Any) -> str:
        values = value if isinstance(value, list) else ([] if _is_empty(value) else [value])
        return ", ".join(label(v) for v in values)

    level = first(profile.get("niveau"), props.get("niveau"))
    cost = first(profile.get("cout"), props.get("cout"))
    factions = first(profile.get("factions"), props.get("faction"), props.get("factions"))
    limit = first(profile.get("limitation"), props.get("lim"), props.get("limitation"))
    infos = []
    if not _is_empty(cost):
        infos.append(f"{_scalar(cost)} {accord(cost, unit)}")
    if not _is_empty(limit):
        infos.append(f"LIM {_scalar(limit)}")
    if not _is_empty(factions):
        infos.append(items(factions))
    caracs = profile.get("caracteristiques") if isinstance(profile.get("caracteristiques"), dict) else {}
    lines = []
    for title, value in (("Compétences", first(profile.get("competences"), profile.get("capacites"))),
                         ("Équipement", first(profile.get("equipement_de_base"), profile.get("equipement"))),
                         ("Armure", profile.get("armure")),
                         ("Dés de maîtrise", first(profile.get("maitrise"), props.get("maitrise"))),
                         ("Voie", first(profile.get("voie"), props.get("voie"))),
                         ("Allié de", first(profile.get("allie_de"), props.get("allie_de"))),
                         ("Prend la place de", profile.get("base")),
                         ("Notes", profile.get("notes"))):
        if not _is_empty(value):
            lines.append([title, items(value)])
    if first(profile.get("magicien"), props.get("magicien")):
        lines.append(["Magicien", "oui"])
    return {"nom": str(first(profile.get("nom"), profile.get("id")) or ""),
            "type": "Profil" + (f" · niveau {_scalar(level)}" if not _is_empty(level) else ""),
            "infos": " · ".join(infos),
            "caracs": [[str(k), "" if v is None else _scalar(v)] for k, v in caracs.items()],
            "lignes": lines}


def profile_card(view: dict[str, Any], game: Game, ident: str) -> Card:
    """A profile card (player-supplied data: everything escaped)."""
    units = []
    if view["caracs"]:
        head = "".join(f"<th>{html.escape(k)}</th>" for k, _ in view["caracs"])
        cells = "".join(f"<td>{html.escape(v)}</td>" for _, v in view["caracs"])
        units.append(Unit(f'<table class="carte-caracs"><tr>{head}</tr><tr>{cells}</tr></table>'))
    for title, text in view["lignes"]:
        units.append(Unit(f"<p><b>{html.escape(title)}{NBSP}:</b> {html.escape(text)}</p>"))
    return Card(ident=ident, entree=ident, titre=view["nom"], type=view["type"],
                infos=[view["infos"]] if view["infos"] else [], units=units,
                pied=f"{game.nom} · profil fourni par le joueur", taille=7.0)


def header(spec: dict[str, Any]) -> dict[str, dict[str, Any] | None]:
    """The roster's « format » and « cout » header boxes: the spec's `entete`, else the list's format and the report's cost."""
    default = {"format": {"nom": f"Format ({spec['unite']})", "valeur": "liste.format"},
               "cout": {"nom": "Coût total", "valeur": "rapport.cout"}}
    return {**default, **(spec.get("entete") or {})}


def roster_model(game: Game, liste: dict[str, Any] | None, rapport: dict[str, Any] | None,
                 catalogue: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the roster template shows, as plain text values (mirrors `modele` in impression.js)."""
    spec = roster_spec(game)
    given = isinstance(liste, dict)
    liste = liste if isinstance(liste, dict) else {}
    rapport = rapport if isinstance(rapport, dict) else {}
    rows = []
    cards: list[str] = []
    profiles: list[dict[str, Any]] = []
    entries = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    for index, entree in enumerate(entries):
        if not isinstance(entree, dict):
            continue
        profile = find_profile(entree.get("profil"), liste, catalogue) if spec.get("profils") else {}
        context = {"entree": entree, "detail": entry_details(rapport, index), "rapport": rapport, "profil": profile}
        for creature in entry_creatures(spec, rapport, index, entree):
            row_context = {**context, "creature": creature}
            rows.append([cell_of(col, row_context, spec) for col in spec["colonnes"]])
        for rule in spec["cartes"]:
            value = resolve(rule["valeur"], context)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict):
                    item = item.get("id")
                if item is None:
                    continue
                ident = rule.get("ids", {}).get(str(item)) or (str(item) if rule.get("direct") else None)
                if ident and ident not in cards:
                    cards.append(ident)
        if profile and all(p.get("id") != profile.get("id") for p in profiles):
            profiles.append(profile)
    violations = [("erreur", str(v.get("message", ""))) for v in rapport.get("erreurs") or [] if isinstance(v, dict)]
    violations += [("avertissement", str(v.get("message", ""))) for v in rapport.get("avertissements") or []
                   if isinstance(v, dict)]
    valide = rapport.get("valide")
    if not given and spec.get("lignes_vierges"):    # rows printed on the blank sheet (e.g. a tribe's figures)
        rows = [[str(cell) for cell in row] for row in spec["lignes_vierges"]]
    return {
        "titre": typographie_fr(spec["titre"]), "unite": spec["unite"], "jeu": game.nom,
        "nom": list_name(liste) if given else "",
        **header_values(spec, liste, rapport),
        "verdict": "" if valide is None else ("Liste valide" if valide else "Liste non valide"),
        "champs": [{"id": f["id"], "nom": f["nom"], "valeur": cell_of(f, {"rapport": rapport, "liste": liste}, spec)}
                   for f in spec.get("champs", [])],
        "colonnes": [c["nom"] for c in spec["colonnes"]], "classes": [c.get("classe", "") for c in spec["colonnes"]],
        "largeurs": column_widths(spec),
        "lignes": rows, "violations": violations, "cartes": cards,
        "profils": [profile_view(p, with_equipment_names(spec, liste), spec["unite"]) for p in profiles],
        "vides": 0 if rows else spec.get("lignes_vides", 16),
        "aides": [entry_block(game, e) for e in entries_where(
            game, lambda e: e.kind == "tables" and e.data.get("type") == "cout")],
    }


def header_values(spec: dict[str, Any], liste: dict[str, Any], rapport: dict[str, Any]) -> dict[str, Any]:
    """Label and text of each header box (`format`, `format_nom`, `cout`, `cout_nom`); None labels hide a box."""
    out: dict[str, Any] = {}
    for key, field in header(spec).items():
        out[f"{key}_nom"] = field["nom"] if field else None
        out[key] = cell_of(field, {"rapport": rapport, "liste": liste}, spec) if field else ""
    return out


NO_NAME = "sans nom"


def list_name(liste: dict[str, Any]) -> str:
    """The name a roster prints for a list: its `nom`, or « sans nom » when it has none (mirrors `nomListe`)."""
    name = liste.get("nom")
    text = "" if name is None else str(name).strip()
    return text or NO_NAME


COLUMN_WEIGHTS = {"nom": 3.2, "texte": 2.2}


def column_widths(spec: dict[str, Any]) -> list[float]:
    """Width of each roster column, in % of the table (name and text columns are wider)."""
    weights = [COLUMN_WEIGHTS.get(c.get("classe", ""), 1.0) for c in spec["colonnes"]]
    return [round(100 * w / sum(weights), 2) for w in weights]


def roster_card_ids(game: Game) -> set[str]:
    """Ids of every entry whose card a list of this game can call for."""
    wanted: set[str] = set()
    for rule in roster_spec(game)["cartes"]:
        wanted.update(rule.get("ids", {}).values())
        if rule.get("direct"):
            wanted.update(e.id for e in game.of_kind(rule["direct"]))
    return wanted


def roster_spec_json(game: Game) -> str:
    """The roster spec, card grid and cut marks, as JSON for impression.js (safe inside <script>)."""
    spec = dict(roster_spec(game))
    spec["entete"] = header(spec)
    spec["jeu"] = game.nom
    spec["unite_singulier"] = singular(spec["unite"])
    spec["grille"] = {"x": GRID_X, "y": GRID_Y, "largeur": CARD_W, "hauteur": CARD_H,
                      "colonnes": GRID_COLS, "lignes": GRID_ROWS}
    spec["reperes"] = {str(rows): cut_marks(rows) for rows in range(1, GRID_ROWS + 1)}
    text = json.dumps(spec, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def roster_html(game: Game, liste: dict[str, Any], rapport: dict[str, Any] | None,
                cards: list[Card] | None = None, catalogue: dict[str, Any] | None = None,
                env: jinja2.Environment | None = None) -> str:
    """The roster sheet of a list, filled in Python with the same template as the browser's.

    Args:
        game: the game.
        liste: the list document.
        rapport: the engine's report for the list (or None).
        cards: the fitted cards the list may call for (e.g. from `build(site)`).
        catalogue: player-supplied profiles, when they are not inline in the list.
        env: the Jinja environment (a new one when omitted).

    """
    env = env or environment()
    sheet = roster_sheet(game)
    model = roster_model(game, liste, rapport, catalogue)
    chosen = [c for ident in model["cartes"] for c in (cards or []) if c.entree == ident]
    chosen += [profile_card(view, game, f"profil-{index + 1}") for index, view in enumerate(model["profils"])]
    return env.get_template("liste.html.j2").render(
        css=stylesheet(), feuille=sheet, jeu=game, liens=links(sheet), pdf=True, modele=model,
        spec=roster_spec_json(game), pages_cartes=card_pages(chosen))
