"""Render stage: the model becomes virtual Markdown pages (nothing is written into content/)."""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from . import materiel as materiel_page
from .champs_yaml import champs_yaml
from .links import LinkIndex, explicit_links, linkify, plain_link, tooltip_link
from .model import Entry, Game, Page, Site
from .odds_tables import roll_chance
from .urls import CATALOGUE_PAGE, ENTRY_INDEX, GLOSSARY, relative_link
from .wording import accord, cell, column_value, folded, index_key, initial, inline_text, yaml_string

TEMPLATES = Path(__file__).parent / "templates"
TEXT_FIELDS = ("texte", "mise_en_place", "deploiement", "regles_speciales", "victoire")
GLOBAL_PAGES = {"index-general.md": "Index général", "interpretations.md": "Interprétations",
                "donnees-a-completer.md": "Données à compléter"}
# Hooks other stages register: game id -> {calculation id -> Markdown}, computed at build time.
StaticTables = Callable[[Game], dict[str, str]]


def environment() -> jinja2.Environment:
    """Jinja environment for Markdown templates (no HTML autoescape: Markdown is escaped by hand)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["cellule"] = cell
    env.filters["texte_en_ligne"] = inline_text
    env.filters["liens_explicites"] = explicit_links  # {{ texte|liens_explicites(jeu, uri) }}: `[[id]]` of any data text
    env.filters["libelle_colonne"] = column_value
    env.filters["yaml_chaine"] = yaml_string
    env.filters["accord"] = accord
    env.filters["chance_du_jet"] = roll_chance
    env.filters["champs_yaml"] = champs_yaml  # a list rule's YAML set apart, labelled « Champ YAML »
    env.tests["search"] = lambda value, pattern: re.search(pattern, str(value)) is not None
    return env


@dataclass
class GameRenderer:
    """Renders every page of one game."""

    game: Game
    env: jinja2.Environment
    static_tables: dict[str, str] = field(default_factory=dict)
    materiel: bool = False  # the game has a « Mon matériel » page (render_site knows, from the project root)

    def __post_init__(self) -> None:
        self.index = LinkIndex.of(self.game)

    def link(self, entry_id: str, from_uri: str, text: str | None = None) -> str:
        """Tooltip link to an entry of the game."""
        target = self.game.entries[entry_id]
        return tooltip_link(text or target.nom, target, from_uri)

    def entry_view(self, entry: Entry, from_uri: str) -> dict[str, Any]:
        """Linkified text fields of an entry, one section sharing one `seen` set."""
        seen = {entry.id}
        texts = {name: linkify(entry.data[name], self.index, from_uri, seen)
                 for name in TEXT_FIELDS if entry.data.get(name)}
        texts["etapes"] = [linkify(s, self.index, from_uri, seen) for s in entry.data.get("etapes", [])]
        texts["regles"] = [linkify(s, self.index, from_uri, seen) for s in entry.data.get("regles", [])]
        return texts

    def render_entry(self, entry: Entry, from_uri: str, level: int | None = None) -> str:
        """Markdown block of one entry: heading with anchor, source, text and fields."""
        return self.env.get_template("entree.md.j2").render(
            e=entry, d=entry.data, t=self.entry_view(entry, from_uri), uri=from_uri,
            niveau=level or entry.data.get("niveau", 2), lien=lambda i, txt=None: self.link(i, from_uri, txt),
            jeu=self.game, statique=self.static_tables.get(entry.id, ""),
            rel=lambda target: relative_link(from_uri, target))

    def page(self, page: Page) -> str:
        """A rule page of the game."""
        blocks = [self.render_entry(e, page.src_uri) for e in page.entries]
        intro = linkify(page.intro, self.index, page.src_uri, set()) if page.intro else ""
        return self.env.get_template("page.md.j2").render(page=page, jeu=self.game, intro=intro, blocs=blocks)

    def glossary(self) -> str:
        """Glossary: every term alphabetically; entries without a page are defined here."""
        uri = self.game.uri(GLOSSARY)
        shown = {e.id: e for e in self.game.terms()} | {e.id: e for e in self.game.entries.values() if e.src_uri == uri}
        terms = sorted(shown.values(), key=lambda e: (folded(e.nom), e.nom.casefold()))
        rows: list[tuple[str, str]] = []
        letter = None
        for term in terms:
            # One level-2 heading per initial letter: the definitions (level 3) never skip a level.
            if folded(term.nom)[:1].upper() != letter:
                letter = folded(term.nom)[:1].upper()
                rows.append(("lettre", letter))
            if term.src_uri == uri:
                rows.append(("definition", self.render_entry(term, uri, level=3)))
            else:
                rows.append(("renvoi", f"- {self.link(term.id, uri)} ({term.label.lower()}) : {term.resume}"))
        return self.env.get_template("glossaire.md.j2").render(jeu=self.game, lignes=rows)

    def entry_index(self) -> str:
        """Every entry of the game alphabetically, with its kind and summary.

        Links carry no tooltip: the summary is in the row (Material would build one per link on load).
        """
        uri = self.game.uri(ENTRY_INDEX)
        entries = sorted(self.game.entries.values(), key=lambda e: (index_key(e.nom), e.nom.casefold()))
        groups: dict[str, list[tuple[Entry, str]]] = {}
        for entry in entries:
            groups.setdefault(initial(entry.nom), []).append((entry, plain_link(entry.nom, entry, uri)))
        return self.env.get_template("index-des-entrees.md.j2").render(
            jeu=self.game, groupes=list(groups.items()), total=len(entries))

    def home(self) -> str:
        """The game's home page."""
        uri = self.game.uri("index")
        return self.env.get_template("jeu.md.j2").render(
            jeu=self.game, m=self.game.manifest, outils=available_tools(self.game),
            boutons=home_buttons(self.game, self.materiel), rel=lambda target: relative_link(uri, target))

    def pages(self) -> dict[str, str]:
        """Every generated page of the game, by source URI."""
        out = {self.game.uri("index"): self.home(), self.game.uri(GLOSSARY): self.glossary(),
               self.game.uri(ENTRY_INDEX): self.entry_index()}
        for page in self.game.pages:
            out[page.src_uri] = self.page(page)
        return out


def render_site(site: Site, static_tables: StaticTables | None = None, root: Path | None = None) -> dict[str, str]:
    """Every generated Markdown page of the site, by source URI.

    Args:
        site: the validated model.
        static_tables: optional hook returning precomputed odds tables per calculation.
        root: the project root, to know which games have a « Mon matériel » page (their
            catalogue schema); without it, only the games whose calculations take dice or a deck.

    """
    env = environment()
    out: dict[str, str] = {}
    materiel = {g.id for g in site.games if (materiel_page.has_page(root, g) if root else materiel_page.items(g))}
    for game in site.games:
        tables = static_tables(game) if static_tables else {}
        out.update(GameRenderer(game, env, tables, game.id in materiel).pages())
    out.update(global_pages(site, env, materiel))
    return out


GLOBAL_FILTERS: dict[str, Callable[[Entry], bool]] = {
    "interpretations.md": lambda e: "interpretation" in e.data,
    "donnees-a-completer.md": lambda e: "manquant" in e.data,
}
GENERAL_INDEX = "index-general.md"


def general_index(site: Site, env: jinja2.Environment) -> str:
    """The general index: per game, its number of entries by kind and a link to its own index."""
    games = []
    for game in site.games:
        kinds = Counter(entry.label for entry in game.entries.values())
        games.append((game, relative_link(GENERAL_INDEX, game.uri(ENTRY_INDEX)), len(game.entries),
                      sorted(kinds.items(), key=lambda k: (-k[1], k[0]))))
    return env.get_template(GENERAL_INDEX + ".j2").render(titre=GLOBAL_PAGES[GENERAL_INDEX], jeux=games)


def global_pages(site: Site, env: jinja2.Environment, materiel: set[str] | None = None) -> dict[str, str]:
    """General index, interpretations and missing-data pages (`materiel`: games with a « Mon matériel » page)."""
    out = {GENERAL_INDEX: general_index(site, env)}
    for uri, keep in GLOBAL_FILTERS.items():
        rows = [(game, entry, tooltip_link(entry.nom, entry, uri))
                for game in site.games
                for entry in sorted(game.entries.values(), key=lambda e: e.nom.casefold()) if keep(entry)]
        out[uri] = env.get_template(uri + ".j2").render(titre=GLOBAL_PAGES[uri], lignes=rows, site=site,
                                                        materiel=materiel or set(),
                                                        rel=lambda target, a="", here=uri: relative_link(here, target, a))
    return out


def nav(site: Site, tool_pages: dict[str, list[tuple[str, str]]]) -> list[Any]:
    """MkDocs navigation: home, one tab per game, then the reference tab.

    Args:
        site: the model.
        tool_pages: per game id, extra (title, uri) pages such as the checker.

    """
    items: list[Any] = [{"Accueil": "index.md"}]
    for game in site.games:
        pages: list[Any] = [{"Présentation": game.uri("index")}]
        pages += [{p.titre: p.src_uri} for p in game.pages]
        pages.append({"Glossaire": game.uri(GLOSSARY)})
        pages.append({"Index des entrées": game.uri(ENTRY_INDEX)})
        pages += [{title: uri} for title, uri in tool_pages.get(game.id, [])]
        items.append({game.nom: pages})
    items.append({"Référence": [{title: uri} for uri, title in GLOBAL_PAGES.items()] + [{"À propos": "a-propos.md"},
                                                                                      {"Ajouter un jeu": "ajouter-un-jeu.md"}]})
    return items


# Tool pages rendered here; the print page comes from the print stage.
ENGINE_TOOLS = ("verifier", "probas", "score", "jouer")
TOOL_TITLES = {"verifier.md": "Composer et vérifier", "jouer.md": "Jouer", "probas.md": "Probabilités",
               "score.md": "Scores et aides de partie", f"{materiel_page.URI}.md": materiel_page.TITLE,
               f"{CATALOGUE_PAGE}.md": "Format du catalogue", "imprimer.md": "À imprimer"}


def tool_nav(site: Site, uris: set[str]) -> dict[str, list[tuple[str, str]]]:
    """Per game, the tool pages that were generated, as (title, uri) in a fixed order."""
    return {game.id: [(title, f"{game.id}/{name}") for name, title in TOOL_TITLES.items()
                      if f"{game.id}/{name}" in uris]
            for game in site.games}


def available_tools(game: Game) -> list[str]:
    """Tools the game declares and whose page template exists, so tools can land one at a time."""
    return [tool for tool in game.manifest.get("outils", []) if (TEMPLATES / f"{tool}.md.j2").is_file()]


def tool_pages(site: Site, root: Path) -> dict[str, str]:
    """The tool pages (list checker, odds, print) of every game.

    The checker page ends with the game's list rules, each with its anchor, so
    that every violation links to the rule it enforces.
    """
    from .engine_data import game_schema
    from .export import example_lists
    from .odds_defaults import default_results_json as tool_default_results
    from .print_sheets.games import has_roster  # the print stage imports this module

    env = environment()
    out: dict[str, str] = {}
    for game in site.games:
        context = {"jeu": game.manifest, "base": "../../", "ancres": {i: game.url(i) for i in game.entries},
                   "calculs": game.raw.get("calculs", []), "exemples": example_lists(root, game.id),
                   "scores": game.raw.get("scores", []),
                   "regles": game.raw.get("regles_liste", []), "noms": {i: e.nom for i, e in game.entries.items()},
                   "partie": game.raw.get("partie"), "resumes": {i: e.resume for i, e in game.entries.items()}}
        catalogue = game_schema(root, "catalogue", game.id)
        # catalogue_schema: in the file's order (the bundle's copy is key-sorted), for the card editor's layout.
        context.update(catalogue=catalogue is not None, catalogue_champs=catalogue_fields(catalogue or {}),
                       catalogue_schema=json.dumps(catalogue or {}, ensure_ascii=False).replace("</", "<\\/"),
                       catalogues=example_lists(root, game.id, "catalogues"),
                       schema_liste=schema_json(game_schema(root, "liste", game.id)),
                       impression=has_roster(game))  # « Imprimer ma liste » only with a roster sheet
        if materiel_page.has_page(root, game):
            # Tools that read the player's material link to it (the page's path from the site root).
            context["materiel"] = materiel_page.url(game)
            out[game.uri(materiel_page.URI)] = env.get_template(f"{materiel_page.URI}.md.j2").render(
                **context, titre=materiel_page.TITLE, **materiel_page.page_context(root, game))
        if catalogue is not None:
            # The catalogue's format has its own page: on the builder page it doubled the elements
            # Material lays out at start (issue 27).
            out[game.uri(CATALOGUE_PAGE)] = env.get_template(f"{CATALOGUE_PAGE}.md.j2").render(**context)
        renderer = GameRenderer(game, env)
        for tool in (t for t in available_tools(game) if t in ENGINE_TOOLS):
            uri = game.uri(tool)
            # The odds page carries each calculation's result for its default values (odds_defaults.py).
            extra = {"resultats_construction": tool_default_results(game, root),
                     "tables_precalculees": precomputed_table_links(game)} if tool == "probas" else {}
            text = env.get_template(f"{tool}.md.j2").render(**context, **extra)
            rules = [e for e in game.of_kind("regles_liste") if e.src_uri == uri]
            if rules:
                text += "\n\n## Règles vérifiées { #regles-verifiees }\n\n"
                text += "\n".join(renderer.render_entry(e, uri, level=3) for e in rules)
            out[uri] = text
    return out


def schema_json(schema: dict[str, Any] | None) -> str:
    """A schema as JSON for a `<script type="application/json">`, its key order kept.

    The game bundle sorts its keys; the list builder (composer.js) reads the fields of the
    list in the order the schema gives them from this copy in the tool page.
    """
    if schema is None:
        return ""
    return json.dumps(schema, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


CATALOGUE_SECTIONS = (("profils", "Champs d'un profil"), ("equipements", "Champs d'un équipement"),
                      ("sorts", "Champs d'un sort"))


def _resolve(schema: dict[str, Any], node: Any) -> dict[str, Any]:
    """A subschema with its local `$ref` (`#/$defs/...`) followed."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        target: Any = schema
        for part in node["$ref"][2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        node = target
    return node if isinstance(node, dict) else {}


def _pattern_values(pattern: str) -> list[str] | None:
    """The words a simple alternation pattern accepts (`^(a|b)$`, `^[UP]$`), else None."""
    body = pattern.removeprefix("^").removesuffix("$")
    if body.startswith("(") and body.endswith(")") and all(c.isalnum() or c in "-|" for c in body[1:-1]):
        return body[1:-1].split("|")
    if body.startswith("[") and body.endswith("]") and body[1:-1].isalnum():
        return list(body[1:-1])
    if body and all(c.isalnum() or c == "-" for c in body):
        return [body]
    return None


def _typed_values(schema: dict[str, Any], node: dict[str, Any], kind: str) -> str:
    """What one JSON type of a field accepts, in French."""
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"entier de {low} à {high}"
        return f"entier ≥ {low}" if low is not None else "entier"
    if kind == "array":
        return "liste de " + _allowed_values(schema, node.get("items", {}))
    if kind == "string" and isinstance(node.get("pattern"), str):
        words = _pattern_values(node["pattern"])
        if words:
            return ", ".join(f"`{w}`" for w in words)
    return {"string": "texte", "boolean": "`true` ou `false`", "object": "objet", "number": "nombre"}.get(kind, "texte")


def _allowed_values(schema: dict[str, Any], node: dict[str, Any]) -> str:
    """Short French text of the values a field accepts (`entier de 1 à 3`, `petit, grand`, `liste de texte`)."""
    node = _resolve(schema, node)
    if "enum" in node:
        return ", ".join(f"`{v}`" for v in node["enum"])
    if "const" in node:
        return f"`{node['const']}`"
    options = node.get("oneOf") or node.get("anyOf")
    if options:
        return " ou ".join(_allowed_values(schema, o) for o in options)
    kinds = node.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return " ou ".join(_typed_values(schema, node, str(k)) for k in kinds)


def catalogue_fields(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The documented fields of a player catalogue's profiles and equipment, read from its schema."""
    out = []
    for key, title in CATALOGUE_SECTIONS:
        items = _resolve(schema, _resolve(schema, schema.get("properties", {}).get(key, {})).get("items", {}))
        required = set(items.get("required", []))
        fields = [{"nom": name, "obligatoire": name in required, "valeurs": _allowed_values(schema, sub),
                   "description": " ".join(str(sub.get("description") or _resolve(schema, sub).get("description")
                                               or "").split()).replace("|", "/")}
                  for name, sub in items.get("properties", {}).items()]
        if fields:
            out.append({"titre": title, "champs": fields})
    return out


def precomputed_table_links(game: Game) -> list[dict[str, str]]:
    """Title and URL path of each precomputed odds table of a game; none without the engine."""
    try:
        from . import odds_tables
    except ImportError:
        return []
    return odds_tables.table_links(game)


def static_tables_hook() -> StaticTables | None:
    """The engine's build-time odds tables, when the engine is present."""
    try:
        from . import odds_tables
    except ImportError:
        return None
    return odds_tables.render_tables


NBSP = "\u00a0"
TOOL_LINKS = {"verifier": "Composer et vérifier", "jouer": "Jouer", "probas": "Probabilités", "score": "Scores", "imprimer": "À imprimer"}


# The buttons at the top of a game's home page, in this order (issue 34): the page name in the game's
# folder and the button's words. « Reprendre la partie » is added before them in the browser
# (compendium/accueil-jeu.js) when a game is in progress there.
HOME_BUTTONS = (("verifier", "Composer et vérifier"), ("jouer", "Jouer"), ("probas", "Probabilités"),
                (materiel_page.URI, materiel_page.TITLE), ("score", "Scores"), ("imprimer", "À imprimer"))


def home_buttons(game: Game, materiel: bool) -> list[tuple[str, str]]:
    """(page name, words) of each tool page the game has, for the buttons of its home page.

    The same pages as the site's menu: the tools the game declares that have a page (« À imprimer »
    only with print sheets), and « Mon matériel » when `materiel` (render_site decides, as for the menu).
    """
    present = set(linked_tools(game)) | ({materiel_page.URI} if materiel else set())
    return [(name, words) for name, words in HOME_BUTTONS if name in present]


def game_links(game: Game, from_uri: str) -> list[tuple[str, str]]:
    """(text, relative link) of a game's rules and of each tool it declares (`outils` in jeu.yaml) that has a page."""
    return [("Règles", relative_link(from_uri, game.uri("index")))] + [
        (TOOL_LINKS.get(tool, tool), relative_link(from_uri, game.uri(tool))) for tool in linked_tools(game)]


def linked_tools(game: Game) -> list[str]:
    """The tools the game declares (`outils` in jeu.yaml) that have a page: « imprimer » only with print sheets."""
    tools = []
    for tool in available_tools(game):
        if tool == "imprimer":
            from .print_sheets import game_sheets  # the print stage imports this module

            if not game_sheets(game):
                continue
        tools.append(tool)
    return tools


def games_table(site: Site, from_uri: str) -> str:
    """The home page's list of games: one card per game, with a direct link to its rules and each of its tools.

    Material's « grid cards » (one column on a phone, several on a wide screen).
    """
    cards = ['<div class="grid cards cp-jeux" markdown>', ""]
    for game in site.games:
        m = game.manifest
        # A link's words stay on one line (no-break spaces).
        links = " · ".join(f"[{text.replace(' ', NBSP)}]({target})" for text, target in game_links(game, from_uri))
        genre = f"*{m['genre']}* — " if m.get("genre") else ""
        cards += [f"-   **[{m['nom']}]({relative_link(from_uri, game.uri('index'))})**", "",
                  "    ---", "", f"    {genre}{m['resume']}", "", f"    {links}", ""]
    cards.append("</div>")
    return "\n".join(cards)
