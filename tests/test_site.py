"""The built site: links and anchors resolve, nothing loads from another host, every entry has an anchor."""
from __future__ import annotations

import html as html_module
import json
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import yaml

from generator.plugin import load_site
from generator.urls import page_url

from .conftest import ROOT
from .test_recherche import documents_de_recherche


class PageParser(HTMLParser):
    """Collects ids, links and external resources of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.resources: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        for t, attr in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src")):
            if tag == t and attr in values:
                self.resources.append((tag, values[attr]))


def parse_site(site: Path) -> dict[Path, PageParser]:
    pages = {}
    for html in site.rglob("*.html"):
        parser = PageParser()
        parser.feed(html.read_text(encoding="utf-8"))
        pages[html.resolve()] = parser
    return pages


def is_external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme in ("http", "https") or url.startswith("//"))


def target_of(page: Path, href: str, site: Path) -> tuple[Path, str] | None:
    parts = urlsplit(href)
    if parts.scheme or href.startswith("//"):
        return None
    path = unquote(parts.path)
    # 404.html links from the site root, since it is served at any depth.
    base = site if path.startswith("/") else page.parent
    target = page if not path else (base / path.lstrip("/")).resolve()
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target.resolve(), unquote(parts.fragment)


def test_every_internal_link_and_anchor_resolves(site_dir: Path) -> None:
    pages = parse_site(site_dir)
    broken = []
    for page, parser in pages.items():
        for href in parser.links:
            found = target_of(page, href, site_dir)
            if found is None:
                continue
            target, anchor = found
            if not target.exists():
                broken.append(f"{page.relative_to(site_dir.resolve())} -> {href} (fichier absent)")
            elif anchor and target.suffix == ".html" and anchor not in pages[target.resolve()].ids:
                broken.append(f"{page.relative_to(site_dir.resolve())} -> {href} (ancre absente)")
    assert broken == []


def test_nothing_loads_from_another_host(site_dir: Path) -> None:
    external = [(p.relative_to(site_dir.resolve()), tag, url) for p, parser in parse_site(site_dir).items()
                for tag, url in parser.resources if is_external(url)]
    assert external == []


def test_every_entry_has_an_anchor_on_its_page(site_dir: Path) -> None:
    missing = []
    for game in load_site(ROOT).games:
        for entry in game.entries.values():
            html = site_dir / page_url(entry.src_uri) / "index.html"
            parser = PageParser()
            parser.feed(html.read_text(encoding="utf-8") if html.exists() else "")
            if entry.id not in parser.ids:
                missing.append(f"{game.id}:{entry.id} -> {page_url(entry.src_uri)}")
    assert missing == []


def test_mentions_carry_a_tooltip_and_link_to_the_definition(site_dir: Path) -> None:
    html = (site_dir / "bataille-d6" / "armee" / "index.html").read_text(encoding="utf-8")
    assert 'href="../glossaire/#puissante" title="' in html
    assert 'href="../glossaire/#armure" title="' in html


def test_search_is_french_and_finds_key_terms(site_dir: Path) -> None:
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["fr"]
    docs = documents_de_recherche(site_dir)

    def locations(word: str) -> set[str]:
        return {d["location"] for d in docs if word in (d["title"] + " " + d["text"]).lower()}

    assert "bataille-d6/glossaire/#sauvegarde" in locations("sauvegarde")
    assert "bataille-d6/glossaire/#puissante" in locations("puissante")


def test_site_has_no_web_fonts_and_both_palettes(site_dir: Path) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html
    assert 'data-md-color-scheme="default"' in html
    assert "slate" in html


def test_required_pages_exist(site_dir: Path) -> None:
    for uri in ["interpretations", "donnees-a-completer", "index-general", "bataille-d6/glossaire",
                "bataille-d6/index-des-entrees"]:
        assert (site_dir / uri / "index.html").is_file(), uri
    text = (site_dir / "interpretations" / "index.html").read_text(encoding="utf-8")
    assert "format convenu" in text


def test_each_game_has_its_entry_index_without_tooltips(site_dir: Path) -> None:
    """Each game's « Index des entrées » lists every entry of that game once, and only those; its
    links carry no title (the summary is beside it; Material would build a tooltip for each)."""
    for game in load_site(ROOT).games:
        jeu = game.id
        html = (site_dir / jeu / "index-des-entrees" / "index.html").read_text(encoding="utf-8")
        listes = re.findall(r"<dl>.*?</dl>", html, re.S)  # one definition list per initial
        termes = [t for dl in listes for t in re.findall(r"<dt>(.*?)</dt>", dl, re.S)]
        liens = [re.match(r'<a href="([^"]+)"([^>]*)>', t) for t in termes]
        assert all(liens), jeu  # each term starts with the entry's link
        assert not [lien[2] for lien in liens if "title=" in lien[2]], jeu
        # Every link stays in its game: ../<page>/#id from the game's folder, never ../../<other game>.
        assert all(not lien[1].startswith("../../") for lien in liens), jeu
        ancres = [lien[1].rsplit("#", 1)[-1] for lien in liens]
        assert sorted(ancres) == sorted(game.entries), jeu
        # Each term shows its kind, and its summary follows as the definition.
        types = [re.search(r'<span class="cpd-index-type">([^<]+)</span>', t) for t in termes]
        assert all(types), jeu
        assert sum(dl.count("<dd>") for dl in listes) == len(termes), jeu
        par_ancre = {lien[1].rsplit("#", 1)[-1]: html_module.unescape(t[1]) for lien, t in zip(liens, types, strict=True)}
        assert {a: game.entries[a].label for a in game.entries} == par_ancre, jeu
        assert f"({len(game.entries)} entrées)" in html, jeu
        # One section per initial, in alphabetical order, each listed at the top of the page.
        lettres = re.findall(r'<h2 id="lettre-([^"]+)"', html)
        assert len(lettres) == len(listes) and lettres == sorted(lettres), jeu
        assert re.findall(r'<a href="#lettre-([^"]+)">', html) == lettres, jeu
        for lettre, section in zip(lettres, re.split(r'<h2 id="lettre-[^"]+"', html)[1:], strict=True):
            noms = [re.sub(r"<[^>]+>", "", n) for n in re.findall(r"<dt>(<a .*?</a>)", section, re.S)]
            initiales = {re.sub(r"[^a-z0-9]", "", unicodedata.normalize("NFKD", n).encode("ascii", "ignore")
                                .decode().lower())[:1] for n in noms}
            attendu = set("0123456789") if lettre == "0-9" else {lettre}
            assert noms and initiales <= attendu, (jeu, lettre, initiales)


def test_general_index_links_each_game_index(site_dir: Path) -> None:
    """The general index is short: one row per game, its number of entries, a link to its index."""
    html = (site_dir / "index-general" / "index.html").read_text(encoding="utf-8")
    tableau = html[html.index("<table"):html.index("</table>")]
    jeux = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "jeu.yaml").is_file())
    cibles = re.findall(r'<a href="\.\./([^"/]+)/index-des-entrees/"', tableau)
    assert sorted(cibles) == jeux
    for jeu in jeux:
        propre = (site_dir / jeu / "index-des-entrees" / "index.html").read_text(encoding="utf-8")
        lignes = propre.count("<dt>")  # one term per entry
        ligne = tableau[tableau.index(f'href="../{jeu}/index-des-entrees/"'):]
        assert re.search(rf"<td>{lignes}</td>", ligne[:ligne.index("</tr>")]), jeu


def test_builder_pages_have_no_table_of_contents(site_dir: Path) -> None:
    """« Composer et vérifier » hides its table of contents, and Material's script gets none to watch.

    Material only hides it (`hidden`), and measures every heading again each time the page's height
    changes, which is every click in the builder; rules pages keep theirs.
    """
    jeux = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "jeu.yaml").is_file())
    for jeu in jeux:
        outil = (site_dir / jeu / "verifier" / "index.html").read_text(encoding="utf-8")
        assert 'data-md-component="toc"' not in outil, jeu
        assert 'data-md-type="toc" hidden' in outil, jeu
        accueil = (site_dir / jeu / "index.html").read_text(encoding="utf-8")
        regles = re.findall(r'<a href="([a-z0-9-]+)/"', accueil)
        pages = [site_dir / jeu / r / "index.html" for r in regles if (site_dir / jeu / r / "index.html").is_file()]
        assert any('data-md-component="toc"' in page.read_text(encoding="utf-8") for page in pages), jeu


def test_catalogue_format_is_documented_with_downloadable_examples(site_dir: Path) -> None:
    """Every field of the catalogue schema is documented on the catalogue's own page, which the
    checker's catalogue block links, and each shipped catalogue can be downloaded and is shown in full."""
    schema = json.loads((ROOT / "schemas" / "catalogue-kharn-ages.schema.json").read_text(encoding="utf-8"))
    verifier = (site_dir / "kharn-ages" / "verifier" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="\.\./\.\./kharn-ages/catalogue/" data-role="catalogue-format">format du catalogue</a>', verifier)
    assert 'data-role="catalogue-fichier"' in verifier
    assert "Champs d'un profil" not in verifier  # the reference is on its own page
    page = (site_dir / "kharn-ages" / "catalogue" / "index.html").read_text(encoding="utf-8")
    assert "<h1" in page and "Format du catalogue de profils" in page
    for definition in ("profil", "equipement"):
        for field in schema["$defs"][definition]["properties"]:
            assert f"<code>{field}</code>" in page, field
    shipped = sorted((ROOT / "data" / "kharn-ages" / "catalogues").glob("*.yaml"))
    assert len(shipped) >= 2
    for path in shipped:
        served = site_dir / "assets" / "catalogues" / "kharn-ages" / path.name
        assert served.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
        assert f'href="../../assets/catalogues/kharn-ages/{path.name}"' in page


def test_home_page_links_each_game_rules_and_tools(site_dir: Path) -> None:
    """For each game, the home page links its rules and each tool its jeu.yaml declares, to pages that exist."""
    home = site_dir / "index.html"
    parser = PageParser()
    parser.feed(home.read_text(encoding="utf-8"))
    texts = {"verifier": "Composer et vérifier", "jouer": "Jouer", "probas": "Probabilités", "score": "Scores",
             "imprimer": "À imprimer"}
    html = home.read_text(encoding="utf-8").replace("\u00a0", " ").replace("&nbsp;", " ")
    for manifest_file in sorted((ROOT / "data").glob("*/jeu.yaml")):
        manifest = yaml.safe_load(manifest_file.read_text(encoding="utf-8"))["jeu"]
        game = manifest["id"]
        expected = {f"{game}/": "Règles"} | {f"{game}/{tool}/": texts[tool] for tool in manifest.get("outils", [])}
        if not (site_dir / game / "index.html").is_file():
            continue    # a game whose data is not built yet
        for href, text in expected.items():
            assert f'<a href="{href}">{text}</a>' in html, (game, href, text)
            assert (site_dir / href / "index.html").is_file(), href
        for tool in set(texts) - set(manifest.get("outils", [])):
            assert f'href="{game}/{tool}/"' not in html, (game, tool)


def test_rule_pages_show_no_line_numbers_nor_internal_counts(site_dir: Path) -> None:
    import re

    sources = 0
    for page in (site_dir / game for game in ("bataille-d6", "hami", "kharn-ages")):
        for html_file in page.rglob("index.html"):
            html = html_file.read_text(encoding="utf-8")
            for source in re.findall(r'<small class="cp-source">(.*?)</small>', html):
                sources += 1
                assert "texte source" not in source and not re.search(r"\bl\. ?\d", source), (html_file, source)
            # « Calcul : 7 », « Capacité : 57 »: counts of data entries by kind.
            assert not re.search(r"<strong>(Calcul|Capacité|Mot-clé|Section|Tableau|Règle de liste) :</strong> \d", html), html_file
    assert sources > 100


def test_counts_agree_with_their_noun(site_dir: Path) -> None:
    import re

    wrong = []
    for html_file in site_dir.rglob("*.html"):
        text = re.sub(r"<[^>]+>", " ", html_file.read_text(encoding="utf-8"))
        for match in re.finditer(r"(?<![\d,.\w])[01] (points|tours|joueurs|Kouronnes|Sorciers|figurines)\b", text):
            wrong.append((html_file.relative_to(site_dir).as_posix(), match.group()))
    assert wrong == []


def test_odds_pages_show_each_calculation_interpretation(site_dir: Path) -> None:
    """A calculation's recorded reading is shown next to its form, not only on « Interprétations »."""
    import yaml

    checked = 0
    for calculs in sorted((ROOT / "data").glob("*/calculs.yaml")):
        page = site_dir / calculs.parent.name / "probas" / "index.html"
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        for calcul in yaml.safe_load(calculs.read_text(encoding="utf-8")).get("calculs", []):
            lecture = (calcul.get("interpretation") or {}).get("lecture")
            if not lecture:
                continue
            section = html[html.index(f'id="{calcul["id"]}"'):]
            section = section[:section.index("<form")]
            assert "Interprétation retenue" in section, calcul["id"]
            checked += 1
    assert checked >= 9  # 1 d6, 3 HAMI and 5 Khârn-Âges calculations record a reading


def test_issue24_item08_odds_page_says_which_precomputed_tables_exist(site_dir: Path) -> None:
    """Without JavaScript, the odds page points to the tables the engine really precomputes, or says there are none."""
    import re

    from browser_engine import tables_statiques
    from tests.engine_support import load_bundle

    seen = 0
    for manifest in sorted((ROOT / "data").glob("*/jeu.yaml")):
        jeu = manifest.parent.name
        page = site_dir / jeu / "probas" / "index.html"
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        noscript = re.search(r"<noscript>(.*?)</noscript>", html, re.S).group(1)
        tables = tables_statiques(load_bundle(jeu))
        if tables:
            for table in tables:
                assert f'#{table["id"]}"' in noscript, (jeu, table["id"])
            assert "aucune table" not in noscript
        else:
            assert "précalculées, lisibles" not in noscript and "aucune table" in noscript, jeu
        seen += 1
    assert seen == 5


class TextRuns(HTMLParser):
    """Runs of visible text: inline tags (links, emphasis…) join their text, any other tag ends a run."""

    INLINE = frozenset({"a", "span", "strong", "em", "b", "i", "abbr", "small", "sup", "sub", "mark", "kbd", "code",
                        "q", "cite", "dfn", "u", "s", "time", "var", "wbr", "br"})
    HIDDEN = frozenset({"script", "style", "svg", "template", "pre", "textarea"})

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[list[str]] = [[]]
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag not in self.INLINE:
            self.runs.append([])

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag not in self.INLINE:
            self.runs.append([])

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.runs[-1].append(data)


def test_issue24_item07_no_built_page_repeats_a_word(site_dir: Path) -> None:
    """« le Le jeton Festin », « Préparer X X »: a word said twice in a row, whatever its case, in any built page.

    French repeats « vous vous » and « nous nous » (reflexive verbs); nothing else is allowed.
    """
    import re

    doubled = re.compile(r"(?<![\w'’-])(\w+)\s+(\1)(?![\w'’-])", re.IGNORECASE)
    found = []
    for page in sorted(site_dir.rglob("*.html")):
        parser = TextRuns()
        parser.feed(page.read_text(encoding="utf-8"))
        for run in ("".join(r) for r in parser.runs):
            for match in doubled.finditer(run):
                if match.group(1).lower() not in ("vous", "nous") and not match.group(1).isdigit():
                    found.append(f"{page.relative_to(site_dir)}: {' '.join(run[max(0, match.start() - 30):match.end() + 30].split())}")
    assert found == []
