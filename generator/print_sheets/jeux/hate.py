"""Hate: reference sheet, tribe roster, village and forge tracker, chronicle score sheet, skill cards.

Every fact printed here comes from the data (`data/hate/`): building bonuses, forge exploits,
death-wall penalties, the scar table, upgrade texts. What the book does not give (slot counts
of six buildings, the scar table's dice, the die's faces) is printed as blank boxes or as a
« Donnée manquante » note, never guessed.
"""
from __future__ import annotations

from typing import Any

from ...model import Entry, Game
from ..cards import card_sheet
from ..reference import entry_block, reference_sheet, section
from ..roster import roster_sheet
from ..sheet import Sheet, category
from ..text import esc, markdown_html, typographie_fr

BLANK_SLOTS = 8          # boxes drawn for a building whose slot count the text does not give
DEATH_WALL_BOXES = 40    # boxes of the death-wall tally (one per figure killed; the wall's size is not in the text)
MAX_PLAYERS = 6
FORGE = "forge-du-village"

# (sheet id, title, category, card type label, description)
CARD_SETS = (
    ("ameliorations-generiques", "Cartes des améliorations génériques", "amélioration générique",
     "Amélioration générique", "Les 16 améliorations génériques (A-01 à D-04), une carte par effet."),
    ("ameliorations-de-tribu", "Cartes des améliorations de tribu", "amélioration spécifique",
     "Amélioration de tribu", "Les 33 améliorations spécifiques, 3 par tribu."),
    ("competences-de-shaman", "Cartes des compétences de shaman", "compétence de shaman",
     "Compétence de shaman", "La compétence de départ du shaman de chaque tribu."),
    ("ameliorations-de-mission", "Cartes des améliorations de mission", "amélioration de mission",
     "Amélioration de mission", "Les 9 améliorations gagnées en remplissant une mission."),
    ("cicatrices", "Cartes des cicatrices", "cicatrice", "Cicatrice",
     "Les 12 cicatrices (Scar-A-01 à D-03), une carte par effet."),
    ("competences-de-mercenaires", "Cartes des compétences de mercenaires", "compétence de mercenaire",
     "Compétence de mercenaire", "Les compétences des 14 mercenaires et du Tyran, repérées par leur emplacement."),
)


def sheets(game: Game) -> list[Sheet]:
    """Hate: reference, tribe roster, village and forge, chronicle score, then the skill and upgrade cards."""
    sheets: list[Sheet | None] = [reference_hate(game), roster_sheet(game), village_sheet(game),
                                  chronicle_sheet(game)]
    sheets += card_sheets(game)
    return [s for s in sheets if s]


# ------------------------------------------------------------------------------------------
# Reference sheet
# ------------------------------------------------------------------------------------------

def _block(game: Game, ident: str, brief: bool = False) -> dict[str, Any] | None:
    """A reference block of an entry, with its missing data stated (tables do not show it otherwise)."""
    entry = game.entries.get(ident)
    if entry is None:
        return None
    block = entry_block(game, entry, brief)
    missing = entry.data.get("manquant")
    if entry.kind == "tables" and missing:
        block["html"] += f'<p class="manquant"><b>Donnée manquante{typographie_fr(" :")}</b> {esc(missing)}</p>'
    return block


def reference_hate(game: Game) -> Sheet:
    """One A4 page: turn, activation cost, actions, combat steps and dice, scar table (the forge is on the village sheet)."""
    def blocks(*idents: str) -> list[dict[str, Any]]:
        return [b for b in (_block(game, i) for i in idents) if b]

    parts = [
        section("Tour de jeu", blocks("rappel-tour", "cout-d-activation")),
        section("Actions, fin de round, intermission", blocks("rappel-actions-et-fin")),
        section("Combat", blocks("etapes-du-combat", "faces-du-de", "rappel-combat")),
        section("Table des cicatrices", blocks("table-des-cicatrices")),
    ]
    return reference_sheet(game, parts, "Aide-mémoire")


# ------------------------------------------------------------------------------------------
# Village and forge tracker
# ------------------------------------------------------------------------------------------

def _table(game: Game, ident: str) -> Entry | None:
    entry = game.entries.get(ident)
    return entry if entry is not None and entry.kind == "tables" else None


def _name(game: Game, ident: Any) -> str:
    entry = game.entries.get(str(ident))
    return entry.nom if entry else str(ident)


def _text(value: Any) -> str:
    return "" if value is None else typographie_fr(str(value))


def buildings(game: Game) -> list[dict[str, Any]]:
    """The village buildings other than the forge: name, bonus per slot, Max bonus, slots (None: missing)."""
    table = _table(game, "batiments-du-village")
    out = []
    for row in (table.data.get("lignes") if table else []) or []:
        if row.get("ref") == FORGE:
            continue
        count = row.get("emplacements")
        out.append({"id": row.get("ref"), "nom": typographie_fr(_name(game, row.get("ref"))),
                    "bonus": _text(row.get("bonus")), "max": _text(row.get("max")),
                    "emplacements": count if isinstance(count, int) else None,
                    "cases": count if isinstance(count, int) else BLANK_SLOTS,
                    "au_depart": int(row.get("au_depart") or 0)})
    return out


SAME_AS_FIRST_SLOT = "comme l’emplacement 1"


def forge(game: Game) -> dict[str, Any]:
    """The forge: its 4 exploits with the effect of each of their 3 slots, and slots active at the start."""
    table = _table(game, "exploits-de-la-forge")
    village = _table(game, "batiments-du-village")
    row = next((r for r in (village.data.get("lignes") if village else []) or [] if r.get("ref") == FORGE), {})
    exploits = []
    for line in (table.data.get("lignes") if table else []) or []:
        # Slots 1 and 2 have one effect (l. 880-895): written once, the second slot points to it.
        effects = [_text(line.get("emplacements_1_2")), SAME_AS_FIRST_SLOT, _text(line.get("emplacement_3"))]
        exploits.append({"nom": _text(line.get("exploit")), "effets": effects})
    started = int(row.get("au_depart") or 0)
    return {"nom": typographie_fr(_name(game, FORGE)), "bonus": _text(row.get("bonus")), "exploits": exploits,
            "au_depart": started // len(exploits) if exploits else 0,
            "notes": [typographie_fr(n) for n in (table.data.get("notes") if table else []) or []]}


def village_sheet(game: Game) -> Sheet | None:
    """The village and forge tracker, with the death wall (one A4 page)."""
    if _table(game, "batiments-du-village") is None:
        return None
    table = _table(game, "batiments-du-village")
    missing = table.data.get("manquant", "") if table else ""
    village = game.entries.get("le-village")
    kator = game.entries.get("tribu-um-kator")
    context = {
        "batiments": buildings(game), "forge": forge(game), "manquant": typographie_fr(missing),
        "cases_vierges": BLANK_SLOTS, "mur": DEATH_WALL_BOXES,
        "village": markdown_html(village.data.get("texte", ""), game) if village else "",
        "lecture": typographie_fr(village.data["interpretation"]["lecture"])
        if village and village.data.get("interpretation") else "",
        "um_kator": typographie_fr(kator.data.get("resume", "")) if kator else "",
        "mur_texte": typographie_fr(game.entries["mur-de-la-mort"].data.get("resume", ""))
        if "mur-de-la-mort" in game.entries else "",
    }
    return Sheet(game, "village", "Village et forge", "formulaire",
                 "Les sept bâtiments du village avec leurs cases à cocher, les 4 exploits de la forge "
                 "(3 emplacements chacun) et le mur de la mort.", gabarit="hate-village.html.j2", contexte=context)


# ------------------------------------------------------------------------------------------
# Chronicle score sheet
# ------------------------------------------------------------------------------------------

def chronicle_sheet(game: Game) -> Sheet | None:
    """The chronicle score sheet for 2 to 6 players, with the schedule of affrontements."""
    end = game.entries.get("fin-de-la-chronique")
    penalties = _table(game, "penalites-mur-de-la-mort")
    schedule = _table(game, "affrontements-par-joueur")
    if end is None or penalties is None:
        return None
    rows = (schedule.data.get("lignes") if schedule else []) or []
    context = {
        "joueurs": MAX_PLAYERS,
        "regle": markdown_html(end.data.get("texte", ""), game),
        "lecture": typographie_fr(end.data["interpretation"]["lecture"]) if end.data.get("interpretation") else "",
        "penalites": [(_text(r.get("rang")), _text(r.get("penalite")).replace("-", "−"))
                      for r in penalties.data.get("lignes", [])],
        "calendrier": [(r.get("joueurs"), r.get("par_joueur"), r.get("total")) for r in rows],
        "affrontements": max((int(r.get("total") or 0) for r in rows), default=10),
    }
    return Sheet(game, "chronique", "Score de la chronique", "formulaire",
                 "Feuille de score de 2 à 6 joueurs : Haine, Ressources, points de conquête, mur de la mort, "
                 "total et départage ; le suivi des affrontements.", gabarit="hate-chronique.html.j2",
                 contexte=context)


# ------------------------------------------------------------------------------------------
# Cards
# ------------------------------------------------------------------------------------------

def card_infos(game: Game, entry: Entry) -> list[str]:
    """Short facts under a card's name: tribe or mercenary, slot letter (restrictions follow from the data)."""
    props = entry.data.get("proprietes") or {}
    infos = []
    tribe = props.get("tribu")
    if tribe:
        section_entry = game.entries.get(f"tribu-{tribe}")
        infos.append(section_entry.nom.removeprefix("Tribu ").strip() if section_entry else str(tribe))
    owner = props.get("mercenaire")
    if owner:
        profile = game.entries.get(str(owner)) or game.entries.get(f"profil-{owner}")
        infos.append(profile.nom if profile else str(owner))
    if props.get("emplacement"):
        infos.append(f"emplacement {props['emplacement']}")
    return [typographie_fr(i) for i in infos]


def card_sheets(game: Game) -> list[Sheet]:
    """One card sheet per kind of upgrade or skill (63 × 88 mm: the book gives no card size)."""
    out = []
    for sheet_id, title, cat, label, description in CARD_SETS:
        sheet = card_sheet(game, sheet_id, title, "capacites", label, description,
                           keep=lambda e, cat=cat: category(e) == cat)
        if sheet is None:
            continue
        for card in sheet.cartes:
            extra = [i for i in card_infos(game, game.entries[card.entree]) if i not in card.titre]
            card.infos = extra + card.infos
        out.append(sheet)
    return out
