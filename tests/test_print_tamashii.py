"""Tamashii print sheets: player aid, competitive score sheet and status sheet.

Expected content is read from the YAML data files themselves (not from the print module),
the sheets are laid out as PDFs by WeasyPrint and measured with pypdf, and every page is
rendered to PNG in test-output/impression-tamashii/ for a person to look at. The game's
manifest gets « imprimer » in memory, so the tests do not depend on the tool being enabled.
"""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from generator import export
from generator import print_sheets as ps
from generator.model import Game
from generator.plugin import load_site

from .conftest import ROOT

DATA = ROOT / "data" / "tamashii"
MM_PER_PT = 25.4 / 72
A4 = (210.0, 297.0)


# ------------------------------------------------------------------------------------------
# Fixtures and helpers
# ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game() -> Game:
    site = load_site(ROOT, only=["tamashii"])
    loaded = site.game("tamashii")
    loaded.manifest["outils"] = [*loaded.manifest.get("outils", []), "imprimer"]
    return loaded


@pytest.fixture(scope="module")
def sheets(game: Game) -> dict[str, ps.Sheet]:
    env = ps.environment()
    built = ps.game_sheets(game)
    for sheet in built:
        if sheet.sorte == "reference":
            ps.fit_reference(sheet, env)
    return {s.id: s for s in built}


@pytest.fixture(scope="module")
def pages(sheets: dict[str, ps.Sheet]) -> dict[str, str]:
    env = ps.environment()
    return {ident: ps.render_sheet(sheet, env, for_pdf=True) for ident, sheet in sheets.items()}


@pytest.fixture(scope="module")
def pdfs(pages: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("tamashii-pdf")
    written = {}
    for ident, markup in pages.items():
        path = out / f"{ident}.pdf"
        path.write_bytes(ps.pdf_bytes(markup))
        written[ident] = path
    return written


def data(name: str) -> dict[str, Any]:
    """One data file of the game, parsed straight from YAML."""
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def entry(kind_file: str, key: str, ident: str) -> dict[str, Any]:
    return next(e for e in data(kind_file)[key] if e["id"] == ident)


def table(ident: str) -> dict[str, Any]:
    return entry("tables.yaml", "tables", ident)


def names() -> dict[str, str]:
    """Every entry id of the game -> its name, from all the YAML files."""
    out = {}
    for path in DATA.glob("*.yaml"):
        for items in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).values():
            if isinstance(items, list):
                out.update({i["id"]: i["nom"] for i in items if isinstance(i, dict) and "id" in i})
    return out


def words(text: str) -> list[str]:
    """The words of a text, case-folded (typography and markup ignored)."""
    return re.findall(r"\w+", text.casefold())


def page_text(markup: str) -> str:
    """The visible text of a page (no style, no tags, entities decoded)."""
    markup = re.sub(r"<style.*?</style>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def markdown_words(text: str) -> list[str]:
    """Words of a data Markdown text as printed: `[[id]]` read as the entry's name."""
    known = names()
    text = re.sub(r"(?m)^\s*\d+\.\s", " ", text)           # list numbers are drawn by <ol>
    return words(re.sub(r"\[\[\s*([a-z0-9-]+)\s*\]\]", lambda m: known[m.group(1)], text))


def contains_run(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def rows(markup: str, table_class: str) -> list[list[str]]:
    """The body rows of the first table of a class, as lists of cell texts."""
    found = re.search(rf'<table class="[^"]*\b{table_class}\b[^"]*".*?<tbody>(.*?)</tbody>', markup, flags=re.S)
    assert found, table_class
    return [[" ".join(page_text(c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", found.group(1), flags=re.S)]


def count_of(element: str) -> int:
    return next(r["nombre"] for r in table("table-materiel")["lignes"] if r["element"] == element)


# ------------------------------------------------------------------------------------------
# The sheets and their PDFs
# ------------------------------------------------------------------------------------------

def test_four_sheets_only_when_the_tool_is_enabled(game: Game, sheets: dict[str, ps.Sheet]) -> None:
    assert set(sheets) == {"aide-de-jeu", "score-competitif", "fiche-de-statut", "liste"}
    assert sheets["liste"].sorte == "liste"
    without = load_site(ROOT, only=["tamashii"]).game("tamashii")
    without.manifest["outils"] = [t for t in without.manifest.get("outils", []) if t != "imprimer"]
    assert ps.game_sheets(without) == []


def test_every_pdf_page_is_a4_and_the_forms_hold_on_one_page(pdfs: dict[str, Path]) -> None:
    counts = {}
    for ident, path in pdfs.items():
        reader = PdfReader(path)
        counts[ident] = len(reader.pages)
        for page in reader.pages:
            width = float(page.mediabox.width) * MM_PER_PT
            height = float(page.mediabox.height) * MM_PER_PT
            assert abs(width - A4[0]) <= 0.5 and abs(height - A4[1]) <= 0.5, (ident, width, height)
    # The player aid is one sheet, recto verso at most; the other sheets are one page.
    assert 1 <= counts["aide-de-jeu"] <= 2, counts
    assert counts["score-competitif"] == counts["fiche-de-statut"] == counts["liste"] == 1, counts


def test_pages_render_to_png_for_a_person_to_look_at(pdfs: dict[str, Path], output_dir: Path) -> None:
    from PIL import Image

    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm (poppler-utils) est nécessaire : make systeme"
    folder = output_dir / "impression-tamashii"
    folder.mkdir(exist_ok=True)
    for ident, path in pdfs.items():
        for old in folder.glob(f"{ident}-*.png"):
            old.unlink()
        subprocess.run([pdftoppm, "-png", "-r", "60", str(path), str(folder / ident)], check=True, timeout=120)
        rendered = sorted(folder.glob(f"{ident}-*.png"))
        assert len(rendered) == len(PdfReader(path).pages)
        for png in rendered:
            image = Image.open(png).convert("L")
            dark = sum(count for value, count in enumerate(image.histogram()) if value < 128)
            assert dark / (image.width * image.height) > 0.01, f"page presque blanche : {png}"


def test_pages_load_nothing_from_elsewhere(game: Game, sheets: dict[str, ps.Sheet]) -> None:
    env = ps.environment()
    for sheet in sheets.values():
        markup = ps.render_sheet(sheet, env)          # the browser version, with its toolbar
        assert "@page { size: A4;" in markup
        assert not re.search(r"""(src|href)=["'](https?:)?//""", markup), sheet.id
        # Styles inline; the one link is the site's icon, on this site.
        assert not re.search(r'<link(?! rel="icon" href="\.\./\.\./)', markup), sheet.id
        assert "@import" not in markup and "url(" not in markup, sheet.id
        assert 'href="../../assets/pdf/tamashii/' + sheet.id + '.pdf"' in markup


# ------------------------------------------------------------------------------------------
# Player aid
# ------------------------------------------------------------------------------------------

def test_player_aid_shows_each_phase_with_its_steps_in_turn_order(pages: dict[str, str]) -> None:
    text = " ".join(page_text(pages["aide-de-jeu"]).split())
    turn = table("table-ordre-du-tour")["lignes"]
    phases = list(dict.fromkeys(r["phase"] for r in turn))
    assert len(phases) == 4
    overview = rows(pages["aide-de-jeu"], "donnees")[0]        # the first table: one cell per phase
    assert len(overview) == len(phases)
    for cell, phase in zip(overview, phases, strict=True):
        steps = [r["etape"] for r in turn if r["phase"] == phase]
        assert contains_run(words(cell), words(" ".join(steps))), (phase, cell)
    head = re.search(r"<thead>(.*?)</thead>", pages["aide-de-jeu"], flags=re.S).group(1)
    positions = [words(page_text(head)).index(words(p)[0]) for p in phases]
    assert positions == sorted(positions)
    # Each phase's rules section is printed in full, in the same order.
    sections = {e["nom"]: e for f in ("sections-tour.yaml",) for e in data(f)["sections"]}
    printed = words(text)
    starts = []
    for phase in phases:
        section = next(s for n, s in sections.items() if re.fullmatch(rf"Phase (de |d'){phase}", n))
        body = markdown_words(section["texte"])
        assert contains_run(printed, body[:40]) and contains_run(printed, body[-40:]), phase
        starts.append(next(i for i in range(len(printed)) if printed[i:i + 40] == body[:40]))
    assert starts == sorted(starts)


def test_player_aid_setup_checklist_has_a_box_per_step_and_all_fifteen_steps(pages: dict[str, str]) -> None:
    steps = table("table-etapes-mise-en-place")["lignes"]
    checklist = next(t for t in re.findall(r"<table.*?</table>", pages["aide-de-jeu"], flags=re.S) if ">Fait<" in t)
    body = rows(checklist, "donnees")
    assert len(body) == len(steps)
    for row, step in zip(body, steps, strict=True):
        assert row[0] == "", row                      # the box to tick, empty
        assert row[1] == step["etape"] and words(row[2]) == words(step["action"]), (row, step)
    assert checklist.count("border: 0.3mm solid #000") == len(steps)
    numbers = {int(n) for s in steps for n in re.findall(r"\d+", s["etape"])}
    assert set(range(1, 16)) <= numbers


def test_player_aid_lists_every_upgrade_option_with_its_cost(pages: dict[str, str]) -> None:
    upgrades = table("table-ameliorations")["lignes"]
    body = next(rows(t, "donnees") for t in re.findall(r"<table.*?</table>", pages["aide-de-jeu"], flags=re.S)
                if "<th>Option</th>" in t)
    assert len(body) == len(upgrades)
    for row, upgrade in zip(body, upgrades, strict=True):
        assert [words(c) for c in row] == [words(upgrade[k]) for k in ("option", "cout", "effet")], row


def test_player_aid_has_the_test_and_trace_procedures(pages: dict[str, str]) -> None:
    printed = words(page_text(pages["aide-de-jeu"]))
    tests = entry("sections-modes.yaml", "sections", "tests")
    trace = entry("sections-mecaniques.yaml", "sections", "trace")
    for section in (tests, trace):
        body = markdown_words(section["texte"])
        assert contains_run(printed, body), section["id"]
        # The missing-data note is for the reference page, not the aid.
        assert not contains_run(printed, words(section["manquant"])[:12]), section["id"]


# ------------------------------------------------------------------------------------------
# Competitive score sheet
# ------------------------------------------------------------------------------------------

def test_score_sheet_has_a_row_per_vp_source_and_two_blank_cells_per_player(pages: dict[str, str]) -> None:
    markup = pages["score-competitif"]
    players = count_of("Plateaux de Joueur")
    assert players == 4
    for number in range(1, players + 1):
        assert f"Joueur {number}" in markup
    assert f"Joueur {players + 1}" not in markup
    sources = table("table-points-de-victoire")["lignes"]
    body = rows(markup, "tam-score")
    for row, source in zip(body, sources, strict=False):
        assert words(row[0]) == words(source["source"]) and words(row[1]) == words(str(source["pv"])), row
        assert row[2:] == [""] * (2 * players), row    # filled in by hand, goal cards' VP too
    labels = [" ".join(words(r[0])) for r in body]
    assert len(body) == len(sources) + 3                # + penalty, total, ranking
    assert labels[-2].startswith("total") and labels[-1] == "classement"


def test_score_sheet_prints_the_penalty_scale_tie_break_and_recorded_reading(pages: dict[str, str]) -> None:
    markup = pages["score-competitif"]
    penalty = table("table-penalite-corrompues")
    row = next(r for r in rows(markup, "tam-score") if words(penalty["nom"])[0] in words(r[0]))
    scale = row[0].replace("−", "-")
    for line in penalty["lignes"]:
        assert re.search(rf"(?<![\d-]){re.escape(line['corrompues'])} : {line['pv']}(?!\d)", scale), (line, scale)
    assert row[2:] == [""] * 8
    printed = words(page_text(markup))
    for note in penalty["notes"]:                       # no corrupted token: no penalty; the tie-break
        assert contains_run(printed, words(note)), note
    reading = entry("sections-modes.yaml", "sections", "points-de-victoire")["interpretation"]["lecture"]
    assert contains_run(printed, words(reading))
    assert "Lecture retenue" in markup
    for duration in table("table-duree-competitif")["lignes"]:
        assert f"{duration['duree']} ({duration['temps']})" in page_text(markup)


# ------------------------------------------------------------------------------------------
# Status sheet
# ------------------------------------------------------------------------------------------

def test_status_sheet_has_a_row_per_scenario_sheet_and_invents_no_code(pages: dict[str, str]) -> None:
    markup = pages["fiche-de-statut"]
    total = count_of("fiches de Scénario")
    named = [s["nom"] for s in data("scenarios.yaml")["scenarios"] if s.get("mise_en_place")]
    assert named and len(named) < total
    body = rows(markup, "tam-statut")
    assert len(body) == total
    assert [r[1] for r in body] == named + [""] * (total - len(named))
    assert all(r[2] == "" and r[3] == "" for r in body)          # ending codes: on the player's own sheet
    printed = words(page_text(markup))
    end = entry("sections-modes.yaml", "sections", "fin-de-partie")
    assert contains_run(printed, words(end["manquant"]))
    assert contains_run(printed, words(f"{total} fiches de Scénario"))
    unlock = re.findall(r'<table class="tam-statut">.*?</table>', markup, flags=re.S)[1]
    assert "Éléments déverrouillés" in unlock and "Éléments reverrouillés" in unlock
    assert all(cell == "" for row in rows(unlock, "tam-statut") for cell in row)


# ------------------------------------------------------------------------------------------
# « Imprimer ma mise en place »: the setup sheet filled from a checked setup
# ------------------------------------------------------------------------------------------

HOSTILE = '<img src=x onerror="window.__pirate=1">Aiko & <b>Cie</b>'


def example_setups() -> list[dict[str, Any]]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((DATA / "listes").glob("*.yaml"))]


def checked(game: Game, liste: dict[str, Any]) -> dict[str, Any]:
    import browser_engine

    return browser_engine.valider(export.bundle(game, ROOT), liste)


def test_blank_setup_sheet_has_a_row_per_player_board(sheets: dict[str, ps.Sheet], pages: dict[str, str]) -> None:
    body = re.search(r'<tbody data-role="lignes">(.*?)</tbody>', pages["liste"], flags=re.S).group(1)
    assert body.count("<tr>") == count_of("Plateaux de Joueur")
    assert "Feuille de mise en place" in pages["liste"] and "Format (joueurs)" in pages["liste"]


def test_setup_sheet_shows_each_player_and_the_setup_choices(game: Game) -> None:
    setups = example_setups()
    assert {s["options"]["mode"] for s in setups} == {"prologue", "cooperatif", "solo", "competitif"}
    classes = {p["id"]: p["nom"] for p in data("profils.yaml")["profils"]}
    scenario_names = {s["id"]: s["nom"] for s in data("scenarios.yaml")["scenarios"]}
    for liste in setups:
        model = ps.roster_model(game, liste, checked(game, liste))
        assert len(model["lignes"]) == len(liste["entrees"]), liste["nom"]
        columns = model["colonnes"]
        for row, player in zip(model["lignes"], liste["entrees"], strict=True):
            assert row[columns.index("Joueur")] == player["nom"]
            board = row[columns.index("Plateau, Données Essentielles")]
            assert f"Plateau {player['plateau']}" in board and player["donnees_essentielles"] in board
            if player.get("classe"):
                assert classes[player["classe"]] in row[columns.index("Classe, cartes de départ")]
            bag = row[columns.index("Sac de Données")]
            for kind, count in player["sac"].items():
                assert f"{kind} {count}" in bag, (bag, kind)
            assert row[columns.index("Notes")] == ""
        fields = {f["id"]: f["valeur"] for f in model["champs"]}
        mode_label = {"prologue": "Prologue", "cooperatif": "Coopératif", "solo": "Solo",
                      "competitif": "Compétitif"}[liste["options"]["mode"]]
        assert fields["partie"].startswith(mode_label)
        scenario = liste["options"].get("scenario")
        if scenario in scenario_names:
            assert scenario_names[scenario] in fields["partie"]
        if "temps" in liste["options"]:
            assert f"Temps {liste['options']['temps']}" in fields["reglages"]
        assert model["format"] == str(liste["format"])


def test_setup_sheet_filled_in_python_matches_impression_js(game: Game, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "node est nécessaire (make install)"
    spec = json.loads(ps.roster_spec_json(game))
    cases = []
    for liste in example_setups():
        rapport = checked(game, liste)
        cases.append({"liste": liste, "rapport": rapport, "attendu": ps.roster_model(game, liste, rapport)})
    # An invented, malformed setup (never checked): wrong types everywhere, it still prints the same.
    broken = {"jeu": "tamashii", "nom": 123, "format": "x", "options": [1, 2],
              "entrees": [{"nom": HOSTILE, "plateau": "a", "sac": "plein", "atouts": [1], "classe": {"id": "x"},
                           "augmentations_de_depart": "coop", "integrite": None}, "pas un joueur"]}
    cases.append({"liste": broken, "rapport": None, "attendu": ps.roster_model(game, broken, None)})
    assert cases[-1]["attendu"]["lignes"][0][0] == HOSTILE
    (tmp_path / "cas.json").write_text(json.dumps({"spec": spec, "cas": cases}, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "comparer.cjs"
    js = ROOT / "site_overrides" / ps.JS_URL
    script.write_text(
        "const vm = require('vm'), fs = require('fs');\n"
        "const window = {};\n"
        f"vm.runInNewContext(fs.readFileSync({json.dumps(str(js))}, 'utf8'), {{window, URL}});\n"
        "const d = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));\n"
        "console.log(JSON.stringify(d.cas.map(c => window.CompendiumImpression.modele(d.spec, c.liste, c.rapport))));\n",
        encoding="utf-8")
    run = subprocess.run([node, str(script), str(tmp_path / "cas.json")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    for case, filled in zip(cases, json.loads(run.stdout), strict=True):
        for key in ("nom", "format", "cout", "verdict", "lignes", "cartes", "classes", "champs"):
            assert filled[key] == case["attendu"][key], (key, filled[key], case["attendu"][key])
        assert filled["violations"] == [list(v) for v in case["attendu"]["violations"]]


def test_setup_sheet_escapes_player_and_game_names(game: Game) -> None:
    liste = json.loads(json.dumps(example_setups()[0]))
    liste["nom"] = HOSTILE
    liste["entrees"][0]["nom"] = HOSTILE
    markup = ps.roster_html(game, liste, checked(game, liste))
    assert "<img" not in markup and "<b>Cie" not in markup
    assert markup.count(html.escape(HOSTILE, quote=False).replace('"', "&#34;")) + \
        markup.count(html.escape(HOSTILE)) >= 2


def test_imprimer_ma_liste_fills_the_setup_sheet_in_the_browser(sheets: dict[str, ps.Sheet], game: Game,
                                                                  onglet: Any, tmp_path: Path) -> None:
    from .browser_support import servir

    sheet = sheets["liste"]
    (tmp_path / sheet.chemin).parent.mkdir(parents=True)
    (tmp_path / sheet.chemin).write_text(ps.render_sheet(sheet, ps.environment()), encoding="utf-8")
    js = tmp_path / ps.JS_URL
    js.parent.mkdir(parents=True)
    shutil.copy(ROOT / "site_overrides" / ps.JS_URL, js)
    host = tmp_path / "tamashii" / "verifier" / "index.html"      # like the checker page, two levels down
    host.parent.mkdir(parents=True)
    host.write_text('<!DOCTYPE html><html lang="fr"><body><script src="../../assets/javascripts/compendium/'
                    'impression.js"></script></body></html>', encoding="utf-8")
    liste = next(s for s in example_setups() if s["options"]["mode"] == "solo")
    liste = {**liste, "entrees": [{**liste["entrees"][0], "nom": HOSTILE}]}
    rapport = checked(game, liste)
    with servir(tmp_path) as base:
        page = onglet.page
        page.goto(f"{base}tamashii/verifier/")
        result = page.evaluate("""async ([l, r]) => {
            const doc = await window.CompendiumImpression.imprimer('tamashii', l, r);
            const cells = [...doc.querySelectorAll('[data-role="lignes"] tr')].map(
                tr => [...tr.querySelectorAll('td')].map(td => td.textContent));
            const fields = Object.fromEntries([...doc.querySelectorAll('[data-champ]')].map(
                e => [e.dataset.champ, e.textContent]));
            return {cells, fields, images: doc.querySelectorAll('img').length,
                    pirate: doc.defaultView.__pirate === undefined && window.__pirate === undefined};
        }""", [liste, rapport])
    assert result["images"] == 0 and result["pirate"]
    assert len(result["cells"]) == len(liste["entrees"]) == 1
    assert result["cells"][0][0] == HOSTILE
    assert f"Plateau {liste['entrees'][0]['plateau']}" in result["cells"][0][1]
    assert result["fields"]["nom"] == liste["nom"] and result["fields"]["format"] == "1"
    assert result["fields"]["champ-partie"].startswith("Solo")
    batteries = liste["options"]["bot_jordan"]["batteries"]
    assert f"BOT J.O.R.D.A.N. : {batteries} Batteries" in result["fields"]["champ-reglages"]
