"""Print stage: sheets at exact physical size, as HTML print pages and PDFs.

The PDFs are written by `print_sheets.write_pdfs` (the same call the build makes) into a
temporary folder, then measured with real tools: page sizes and the card and token
outlines are read from the PDF drawing operators with pypdf, boxes are also checked in
WeasyPrint's layout, pdftoppm renders every first page to PNG in test-output/print/ for a
person to look at, and Chromium prints a filled roster sheet.
"""
from __future__ import annotations

import json
import math
import re
import shutil
import struct
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator import export
from generator import print_sheets as ps
from generator.model import Site
from generator.plugin import load_site

from .conftest import ROOT

MM_PER_PT = 25.4 / 72
A4 = (210.0, 297.0)
CARD_BORDER_RGB = (0.419608, 0.419608, 0.419608)   # #6b6b6b, the card outline (impression.css)
TOKEN_BORDER_RGB = (0.0, 0.0, 0.0)


# ------------------------------------------------------------------------------------------
# Fixtures
# ------------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def site_model() -> Site:
    return load_site(ROOT)


@pytest.fixture(scope="session")
def printed(site_model: Site) -> ps.PrintSet:
    return ps.build(site_model)


@pytest.fixture(scope="session")
def pdf_dir(site_model: Site, printed: ps.PrintSet, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("impression")
    ps.write_pdfs(site_model, out)
    return out


def sheets(printed: ps.PrintSet, sorte: str | None = None) -> list[ps.Sheet]:
    return [s for s in printed.all() if sorte is None or s.sorte == sorte]


# ------------------------------------------------------------------------------------------
# Reading drawings in a PDF
# ------------------------------------------------------------------------------------------

def _multiply(a: list[float], b: list[float]) -> list[float]:
    """Product of two PDF matrices [a b c d e f] (a applied first)."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def filled_paths(reader: PdfReader, page_number: int) -> list[dict[str, Any]]:
    """Every filled path of a page: fill colour, curve or not, subpath boxes in mm (page space)."""
    page = reader.pages[page_number]
    operations = ContentStream(page.get_contents(), reader).operations
    ctm = [1.0, 0, 0, 1.0, 0, 0]
    colour: tuple[float, ...] = (0.0, 0.0, 0.0)
    stack: list[tuple[list[float], tuple[float, ...]]] = []
    subpaths: list[list[tuple[float, float]]] = []
    curved = False
    out = []

    def point(x: float, y: float) -> tuple[float, float]:
        return (x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5])

    for operands, operator in operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        values = [float(v) for v in operands if isinstance(v, (int, float)) or hasattr(v, "as_numeric")]
        if op == "q":
            stack.append((list(ctm), colour))
        elif op == "Q":
            ctm, colour = stack.pop()
        elif op == "cm":
            ctm = _multiply(values, ctm)
        elif op == "rg":
            colour = tuple(round(v, 6) for v in values)
        elif op == "g":
            colour = (round(values[0], 6),) * 3
        elif op == "re":
            x, y, w, h = values
            subpaths.append([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)])
        elif op == "m":
            subpaths.append([point(*values)])
        elif op in ("l", "c", "v", "y"):
            if not subpaths:
                subpaths.append([])
            curved = curved or op != "l"
            for i in range(0, len(values), 2):
                subpaths[-1].append(point(values[i], values[i + 1]))
        elif op in ("f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "n"):
            if op != "n" and op not in ("S", "s") and subpaths:
                boxes = []
                for sub in subpaths:
                    xs = [p[0] * MM_PER_PT for p in sub]
                    ys = [p[1] * MM_PER_PT for p in sub]
                    boxes.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
                out.append({"colour": colour, "curved": curved, "boxes": boxes})
            subpaths, curved = [], False
    return out


def outlines(reader: PdfReader, colour: tuple[float, ...], curved: bool) -> list[tuple[float, float]]:
    """Outer size (w, h) in mm of every border drawn in a colour: the largest subpath of each path."""
    found = []
    for number in range(len(reader.pages)):
        for path in filled_paths(reader, number):
            if path["curved"] == curved and path["colour"] == colour and len(path["boxes"]) >= 2:
                box = max(path["boxes"], key=lambda b: b[2] * b[3])
                found.append((box[2], box[3]))
    return found


def card_names(reader: PdfReader) -> list[str]:
    """Named destinations of the cards (WeasyPrint writes one per HTML id)."""
    return sorted(name for name in reader.named_destinations if name.startswith("carte-"))


# ------------------------------------------------------------------------------------------
# French typography and Markdown
# ------------------------------------------------------------------------------------------

NB, NNB = "\u00a0", "\u202f"


@pytest.mark.parametrize(("source", "expected"), [
    ("Victoire : le camp gagne.", f"Victoire{NB}: le camp gagne."),
    ("Victoire: le camp gagne.", f"Victoire{NB}: le camp gagne."),
    ("1d6 ; 2d6 ; 3d6", f"1d6{NNB}; 2d6{NNB}; 3d6"),
    ("Prédateurs !", f"Prédateurs{NNB}!"),
    ("Prédateurs!", f"Prédateurs{NNB}!"),
    ("Qui commence ?", f"Qui commence{NNB}?"),
    ("Vraiment ?!", f"Vraiment{NNB}?!"),
    ("« jet d'Armure »", f"«{NB}jet d’Armure{NB}»"),
    ("«Caché»", f"«{NB}Caché{NB}»"),
    ("à 10:30, voir http://exemple.invalid/a?b=1", "à 10:30, voir http://exemple.invalid/a?b=1"),
    ("18'' au plus", "18'' au plus"),
])
def test_typographie_fr(source: str, expected: str) -> None:
    assert ps.typographie_fr(source) == expected
    assert ps.typographie_fr(expected) == expected          # idempotent


def test_typography_never_touches_tags_or_code() -> None:
    markup = '<p title="a : b">Note : <code>x ; y</code> fin !</p>'
    out = ps.typographie_html(markup)
    assert 'title="a : b"' in out and "<code>x ; y</code>" in out
    assert f"Note{NB}:" in out and f"fin{NNB}!" in out
    assert ps.typographie_html("<p>A &amp; B &#39;q&#39; ; &lt;x&gt;</p>") == f"<p>A &amp; B &#39;q&#39;{NNB}; &lt;x&gt;</p>"


def test_markdown_units_rebuild_lists_and_resolve_links(site_model: Site) -> None:
    game = site_model.game("bataille-d6")
    markup = ps.markdown_html("1. Un [[phase-tir]].\n2. Deux.\n3. Trois.\n\nFin.", game)
    units = ps.units_of(markup)
    assert [u.numero for u in units[:3]] == [1, 2, 3] and units[3].liste == 0
    assert game.entries["phase-tir"].nom in units[0].html and "[[" not in markup
    assert ps.join_units(units[1:]).startswith('<ol start="2">')


# ------------------------------------------------------------------------------------------
# PDFs: page size, card and token sizes, completeness, visual check
# ------------------------------------------------------------------------------------------

def test_every_sheet_has_a_pdf_and_every_page_is_a4(printed: ps.PrintSet, pdf_dir: Path) -> None:
    assert sheets(printed)
    for sheet in sheets(printed):
        reader = PdfReader(pdf_dir / sheet.pdf)
        assert len(reader.pages) >= 1, sheet.pdf
        for page in reader.pages:
            width = float(page.mediabox.width) * MM_PER_PT
            height = float(page.mediabox.height) * MM_PER_PT
            assert abs(width - A4[0]) <= 0.5 and abs(height - A4[1]) <= 0.5, (sheet.pdf, width, height)


def test_every_card_measures_63_by_88_mm_in_the_pdf(printed: ps.PrintSet, pdf_dir: Path) -> None:
    for sheet in sheets(printed, "cartes"):
        reader = PdfReader(pdf_dir / sheet.pdf)
        boxes = outlines(reader, CARD_BORDER_RGB, curved=False)
        assert len(boxes) == len(card_names(reader)) == len(sheet.cartes), sheet.pdf
        for width, height in boxes:
            assert abs(width - 63) <= 0.2 and abs(height - 88) <= 0.2, (sheet.pdf, width, height)


def test_every_token_measures_its_diameter_in_the_pdf(printed: ps.PrintSet, pdf_dir: Path) -> None:
    token_sheets = sheets(printed, "jetons")
    assert {s.jeu.id for s in token_sheets} >= {"hami", "kharn-ages"}
    for sheet in token_sheets:
        bases = ps.base_sizes(sheet.jeu)
        reader = PdfReader(pdf_dir / sheet.pdf)
        circles = outlines(reader, TOKEN_BORDER_RGB, curved=True)
        expected = sorted(t.diametre for t in sheet.jetons)
        measured = sorted(round(w, 1) for w, _ in circles)
        assert len(measured) == len(expected), sheet.pdf
        for (width, height), diameter in zip(sorted(circles), expected, strict=True):
            assert abs(width - diameter) <= 0.2 and abs(height - diameter) <= 0.2, (sheet.pdf, width, diameter)
            assert diameter in bases, f"{diameter} mm n'est pas un socle du jeu {bases}"


def test_card_and_token_boxes_in_weasyprint_layout(printed: ps.PrintSet) -> None:
    from weasyprint import HTML

    px_to_mm = 25.4 / 96
    for sheet in sheets(printed, "cartes") + sheets(printed, "jetons"):
        document = HTML(string=ps.render_sheet(sheet, printed.env, for_pdf=True)).render()
        seen = 0
        for page in document.pages:
            for box in ps._boxes(page._page_box):
                classes = (ps._element_attr(box, "class") or "").split()
                if type(box).__name__ != "BlockBox" and "Placeholder" not in type(box).__name__:
                    continue
                if "carte" in classes:
                    seen += 1
                    assert abs(box.border_width() * px_to_mm - 63) <= 0.2
                    assert abs(box.border_height() * px_to_mm - 88) <= 0.2
                elif "jeton" in classes:
                    seen += 1
                    diameter = float(ps._element_attr(box, "data-diametre"))
                    assert abs(box.border_width() * px_to_mm - diameter) <= 0.2
                    assert abs(box.border_height() * px_to_mm - diameter) <= 0.2
        assert seen == len(sheet.cartes) + len(sheet.jetons), sheet.chemin


# Which data entries each card sheet must hold, read from the data, not from print_sheets.
CARD_SHEETS = {
    ("bataille-d6", "objets-magiques"): ("objets", None, 6),
    ("bataille-d6", "sorts"): ("sorts", None, 6),
    ("bataille-d6", "scenarios"): ("scenarios", None, 6),
    ("bataille-d6", "objectifs-de-campagne"): ("objectifs", None, 4),
    ("hami", "strateges"): ("capacites", "stratege", 6),
    ("hami", "sorts"): ("sorts", None, 10),
    ("hami", "objets"): ("objets", None, 10),
    ("kharn-ages", "sorts"): ("sorts", None, None),     # the spells the book describes (count not fixed)
}


def test_card_count_equals_entries_in_the_data(site_model: Site, printed: ps.PrintSet, pdf_dir: Path) -> None:
    found = {(s.jeu.id, s.id): s for s in sheets(printed, "cartes")}
    for (game_id, sheet_id), (kind, category, count) in CARD_SHEETS.items():
        game = site_model.game(game_id)
        entries = [e for e in game.of_kind(kind) if category is None or e.data.get("categorie") == category]
        assert entries and (count is None or len(entries) == count), (game_id, kind)
        sheet = found[(game_id, sheet_id)]
        names = card_names(PdfReader(pdf_dir / sheet.pdf))
        firsts = [n for n in names if "--suite-" not in n]
        assert sorted(firsts) == sorted(f"carte-{e.id}" for e in entries), sheet.pdf
        follow = [n for n in names if "--suite-" in n]
        assert len(follow) == sum(1 for c in sheet.cartes if c.suite), sheet.pdf


def test_card_text_fits_and_never_goes_below_6_5_pt(printed: ps.PrintSet) -> None:
    cards = [c for s in sheets(printed, "cartes") for c in s.cartes]
    sizes = ps.measure_cards(cards, printed.env)
    for card in cards:
        available, used, _ = sizes[card.ident]
        assert card.taille >= ps.FONT_MIN, card.ident
        assert used <= available, f"{card.ident} déborde : {used:.0f} > {available:.0f} px"


def test_long_text_continues_on_a_card_marked_suite(printed: ps.PrintSet, site_model: Site) -> None:
    # Invented text, for this test only: far too long for one card.
    game = site_model.game("bataille-d6")
    items = "\n".join(f"- Élément inventé numéro {i} : une ligne de test assez longue pour remplir." for i in range(60))
    card = ps.Card(ident="carte-invente", entree="invente", titre="Carte inventée (test)", type="Test", infos=[],
                   units=ps.units_of(ps.markdown_html(items, game)), pied="test")
    fitted = ps.fit_cards([card], printed.env)
    assert len(fitted) >= 2 and all(c.taille == ps.FONT_MIN for c in fitted[:-1])
    assert [c.suite for c in fitted] == list(range(len(fitted)))
    html = ps.render_cards_document(fitted, printed.env)
    assert html.count("(suite)") == len(fitted) - 1
    sizes = ps.measure_cards(fitted, printed.env)
    assert all(sizes[c.ident][1] <= sizes[c.ident][0] for c in fitted)
    assert sum(len(c.units) for c in fitted) == 60


def test_reference_blocks_are_never_split(printed: ps.PrintSet) -> None:
    from weasyprint import HTML

    for sheet in sheets(printed, "reference"):
        document = HTML(string=ps.render_sheet(sheet, printed.env, for_pdf=True)).render()
        pages_of: dict[str, set[int]] = {}
        long_blocks = {f"ref-{b['id']}" for s in sheet.blocs for b in s["blocs"] if b["long"]}
        for number, page in enumerate(document.pages):
            for box in ps._boxes(page._page_box):
                ident = ps._element_attr(box, "id")
                if ident and ident.startswith("ref-"):
                    pages_of.setdefault(ident, set()).add(number)
        assert pages_of, sheet.chemin
        for ident, pages in pages_of.items():
            assert len(pages) == 1 or ident in long_blocks, f"{sheet.chemin} : {ident} coupé sur {sorted(pages)}"
        if not long_blocks and sheet.taille > ps.FONT_MIN:
            assert len(document.pages) == 1 or sheet.taille >= ps.REFERENCE_COMFORT, sheet.chemin


def test_first_pages_render_to_png_and_are_not_blank(printed: ps.PrintSet, pdf_dir: Path, output_dir: Path) -> None:
    from PIL import Image

    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm (poppler-utils) est nécessaire : make systeme"
    folder = output_dir / "impression"
    folder.mkdir(exist_ok=True)
    for sheet in sheets(printed):
        stem = folder / f"{sheet.jeu.id}-{sheet.id}"
        subprocess.run([pdftoppm, "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                        str(pdf_dir / sheet.pdf), str(stem)], check=True, timeout=120)
        image = Image.open(stem.with_suffix(".png")).convert("L")
        dark = sum(count for value, count in enumerate(image.histogram()) if value < 128)
        assert dark / (image.width * image.height) > 0.003, f"page blanche : {stem}.png"
        # The thumbnail written by the build exists too.
        assert (pdf_dir / sheet.vignette).stat().st_size > 1000


# ------------------------------------------------------------------------------------------
# HTML print pages and the « À imprimer » pages
# ------------------------------------------------------------------------------------------

def test_print_pages_are_standalone_a4_pages(site_model: Site, printed: ps.PrintSet) -> None:
    pages = ps.print_pages(site_model)
    assert set(pages) == {s.chemin for s in sheets(printed)}
    for path, text in pages.items():
        assert path.startswith("imprimer/") and path.endswith(".html")
        assert "@page { size: A4;" in text, path
        assert not re.search(r"""(src|href)=["'](https?:)?//""", text), path
        # Styles inline (the page prints alone); the one link is the site's icon, on this site.
        assert not re.search(r'<link(?! rel="icon" href="\.\./\.\./)', text), path
        assert "@import" not in text and "url(" not in text, path
        assert "fonts.googleapis" not in text


def test_imprimer_pages_link_every_sheet(site_model: Site, printed: ps.PrintSet) -> None:
    pages = ps.print_pages_md(site_model)
    for game in site_model.games:
        game_sheets = printed.sheets.get(game.id) or []
        if not game_sheets:
            continue
        text = pages[f"{game.id}/imprimer.md"]
        for sheet in game_sheets:
            assert f'href="../../{sheet.chemin}"' in text
            assert f'href="../../{sheet.pdf}"' in text
            assert f'src="../../{sheet.vignette}"' in text


def test_built_site_contains_print_pages_pdfs_and_thumbnails(site_dir: Path, printed: ps.PrintSet) -> None:
    for sheet in sheets(printed):
        assert (site_dir / sheet.chemin).is_file(), sheet.chemin
        assert (site_dir / sheet.pdf).is_file(), sheet.pdf
        assert (site_dir / sheet.vignette).is_file(), sheet.vignette
    assert (site_dir / "bataille-d6" / "imprimer" / "index.html").is_file()


def test_thumbnails_sharp_on_a_phone(site_dir: Path, printed: ps.PrintSet) -> None:
    """Each thumbnail has at least 1.5 pixels per CSS pixel of the box the page draws it in."""
    page = (site_dir / "bataille-d6" / "imprimer" / "index.html").read_text(encoding="utf-8")
    boites = {(int(w), int(h)) for w, h in re.findall(r'<img src="[^"]+\.png"[^>]* width="(\d+)" height="(\d+)"', page)}
    assert len(boites) == 1, boites
    largeur, hauteur = boites.pop()
    for sheet in sheets(printed):
        entete = (site_dir / sheet.vignette).read_bytes()[:24]
        assert entete[:8] == b"\x89PNG\r\n\x1a\n", sheet.vignette
        w, h = struct.unpack(">II", entete[16:24])
        assert max(w / largeur, h / hauteur) >= 1.5, (sheet.vignette, w, h)


def test_print_pages_describe_themselves(site_dir: Path, printed: ps.PrintSet) -> None:
    """A print page has a description and the site's icon (no request for a missing /favicon.ico)."""
    for sheet in sheets(printed):
        page = site_dir / sheet.chemin
        html = page.read_text(encoding="utf-8")
        description = re.search(r'<meta name="description" content="([^"]+)">', html)
        assert description and description.group(1).strip(), sheet.chemin
        icone = re.search(r'<link rel="icon" href="([^"]+)">', html)
        assert icone and (page.parent / icone.group(1)).resolve().is_file(), sheet.chemin


# ------------------------------------------------------------------------------------------
# Rosters from a checked list: Python, impression.js, Chromium
# ------------------------------------------------------------------------------------------

HOSTILE = '<img src=x onerror="window.__pirate=1">Lanciers & <b>Cie</b>'


def example_lists(game_id: str) -> list[dict[str, Any]]:
    folder = ROOT / "data" / game_id / "listes"
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.yaml"))]


def invented_lists() -> dict[str, dict[str, Any]]:
    """Lists invented for these tests only (the roster is filled even when a list is invalid)."""
    return {
        "hami": {"jeu": "hami", "nom": "Communauté inventée (test)", "format": 9, "options": {"lien": "ombre"},
                 "entrees": [
                     {"nom": HOSTILE, "caste": "conteur", "tribu": "grottes", "age": "ancien", "meneur": True,
                      "sorts": ["brume", "ralentissement"], "objets": ["pierre-d-artefact"], "familier": "cracheur"},
                     {"nom": "Guetteuse inventée", "caste": "guetteur", "tribu": "roche", "age": "jeune",
                      "objets": ["masque-de-chasse"]}]},
        "kharn-ages": {"jeu": "kharn-ages", "nom": "Fer de lance inventé (test)", "format": 200,
                       "options": {"faction": "kharns"},
                       "profils": [{"id": "soldat-invente", "nom": "Soldat inventé (test)", "niveau": 1, "cout": 40,
                                    "factions": ["kharns"], "limitation": 3,
                                    "caracteristiques": {"V": 3, "P": 3, "A": 3, "C": 3, "T": 4, "I": 4, "PA": 4,
                                                         "PV": 5},
                                    "competences": ["endurance"],
                                    "equipement_de_base": [{"id": "lance-inventee", "cout": 5}]},
                                   {"id": "chef-invente", "nom": HOSTILE, "niveau": 3, "cout": 90,
                                    "factions": ["kharns"], "limitation": "U"}],
                       "equipements": [{"id": "lance-inventee", "nom": "Lance inventée", "cout": 5, "mains": 2},
                                       {"id": "bouclier-invente", "nom": "Bouclier inventé", "cout": 4, "mains": 1,
                                        "bouclier": True}],
                       "entrees": [{"profil": "chef-invente", "leader": True},
                                   {"profil": "soldat-invente", "ajoute": ["bouclier-invente"]},
                                   {"profil": "soldat-invente",
                                    "munitions": [{"projectile": "fleches", "type": "perce-armure", "lots_5": 1}]}]},
    }


def checked(site_model: Site, liste: dict[str, Any]) -> dict[str, Any] | None:
    """The engine's report for a list, when the engine checks lists of that game."""
    try:
        import browser_engine

        return browser_engine.valider(export.bundle(site_model.game(liste["jeu"]), ROOT), liste)
    except Exception:  # noqa: BLE001 - a game without a checker yet still gets its roster
        return None


def hostile_d6_list() -> dict[str, Any]:
    liste = json.loads(json.dumps(example_lists("bataille-d6")[0]))
    liste["entrees"][0]["nom"] = HOSTILE
    return liste


def roster_cases(site_model: Site) -> list[tuple[str, dict[str, Any]]]:
    """Example lists of each game (the first three), a d6 list with a hostile name, invented lists."""
    cases = [(game.id, liste) for game in site_model.games for liste in example_lists(game.id)[:3]
             if "imprimer" in game.manifest.get("outils", [])]
    cases.append(("bataille-d6", hostile_d6_list()))
    cases += list(invented_lists().items())
    return cases


def entry_labels(game_id: str, liste: dict[str, Any]) -> list[str]:
    """The name of every entry, as the roster must show it."""
    if game_id == "kharn-ages":
        return [ps.find_profile(e.get("profil"), liste, None).get("nom") or str(e.get("profil"))
                for e in liste["entrees"]]
    return [e["nom"] for e in liste["entrees"] if e.get("nom")]


def test_roster_model_python_matches_impression_js(site_model: Site, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "node est nécessaire (make install)"
    cases = []
    for game_id, liste in roster_cases(site_model):
        game = site_model.game(game_id)
        rapport = checked(site_model, liste)
        cases.append({"spec": json.loads(ps.roster_spec_json(game)), "liste": liste, "rapport": rapport,
                      "attendu": ps.roster_model(game, liste, rapport)})
    (tmp_path / "cas.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "comparer.cjs"
    script.write_text(
        "const vm = require('vm'), fs = require('fs');\n"
        "const window = {};\n"
        f"vm.runInNewContext(fs.readFileSync({json.dumps(str(ps.ROOT / ps.JS_URL.replace('assets/', 'site_overrides/assets/', 1)))}, 'utf8'),"
        " {window, URL});\n"
        "const cas = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));\n"
        "console.log(JSON.stringify(cas.map(c => window.CompendiumImpression.modele(c.spec, c.liste, c.rapport))));\n",
        encoding="utf-8")
    run = subprocess.run([node, str(script), str(tmp_path / "cas.json")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    for case, js in zip(cases, json.loads(run.stdout), strict=True):
        expected = case["attendu"]
        for key in ("nom", "format", "cout", "verdict", "lignes", "cartes", "profils", "classes", "champs"):
            assert js[key] == expected[key], (key, js[key], expected[key])
        assert [list(v) for v in expected["violations"]] == js["violations"]


def expected_rows(game_id: str, liste: dict[str, Any], rapport: dict[str, Any] | None) -> int:
    """One row per entry; on a checked HAMI Communauté, one more per attached familiar (a mount is
    shown on its rider's row)."""
    entries = liste["entrees"]
    if game_id != "hami" or not rapport:
        return len(entries)
    return len(entries) + sum(1 for e in entries if e.get("familier"))


def test_hami_communaute_sheet_shows_each_creature_final_values(site_model: Site) -> None:
    game = site_model.game("hami")
    spec = ps.roster_spec(game)
    columns = [c["id"] for c in spec["colonnes"]]
    for liste in example_lists("hami"):
        rapport = checked(site_model, liste)
        assert rapport is not None
        creatures = rapport["details"]["creatures"]
        rows = ps.roster_model(game, liste, rapport)["lignes"]
        assert len(rows) == len(creatures)
        for row, creature in zip(rows, creatures, strict=True):
            assert row[columns.index("creature")].startswith(creature["nom"])
            for key in ("M", "C", "T", "E", "actions"):
                assert row[columns.index(f"carac-{key.lower()}")] == str(creature[key]), (creature["nom"], key)
            names = ps.entry_names(game)
            for spell in creature.get("sorts") or []:
                assert names[spell] in row[columns.index("magie")]
            for ability in creature.get("capacites") or []:
                assert names.get(ability, ability) in row[columns.index("equipement")]


def test_roster_lists_every_entry_and_its_cards(site_model: Site, printed: ps.PrintSet) -> None:
    for game_id, liste in roster_cases(site_model):
        game = site_model.game(game_id)
        pool = next(s for s in printed.sheets[game_id] if s.sorte == "liste").cartes
        rapport = checked(site_model, liste)
        html = ps.roster_html(game, liste, rapport, pool)
        assert "onerror" not in html.replace("onerror=&#34;", "").replace("onerror=&quot;", "") or \
            "<img" not in html, "nom injecté comme HTML"
        assert "<img src=x" not in html
        model = ps.roster_model(game, liste, rapport)
        assert len(model["lignes"]) == expected_rows(game_id, liste, rapport)
        for ident in model["cartes"]:
            assert f'id="carte-{ident}"' in html, (game_id, ident)


def test_kharn_ages_roster_names_the_ammunition(site_model: Site, printed: ps.PrintSet) -> None:
    game = site_model.game("kharn-ages")
    liste = invented_lists()["kharn-ages"]
    rapport = checked(site_model, liste)
    assert rapport is not None
    table = next(t for t in export.bundle(game, ROOT)["tables"] if t["id"] == "munitions")
    quantite = next(r["quantite_5_ko"] for r in table["lignes"]
                    if (r["projectile"], r["type"]) == ("fleches", "perce-armure"))
    pool = next(s for s in printed.sheets["kharn-ages"] if s.sorte == "liste").cartes
    html = ps.roster_html(game, liste, rapport, pool)
    cells = re.findall(r'<td class="texte">([^<]*Flèches[^<]*)</td>', html)
    assert cells == [f"Flèches perce-armure (1 lot à 5 Ko, {quantite} projectiles)"]


@pytest.fixture(scope="module")
def chromium() -> Any:
    """Chromium for this module only: one Playwright sync loop at a time (later modules start their own)."""
    from playwright.sync_api import sync_playwright

    from .browser_support import lancer_chromium

    with sync_playwright() as playwright:
        browser = lancer_chromium(playwright)
        yield browser
        browser.close()


def _pdf_text(path: Path) -> str:
    """Text of a PDF, compatibility-normalised (ligatures), without any whitespace (names may wrap)."""
    reader = PdfReader(path)
    text = unicodedata.normalize("NFKC", "\n".join(page.extract_text() or "" for page in reader.pages))
    return re.sub(r"\s+", "", text)


def _assert_a4(path: Path) -> int:
    reader = PdfReader(path)
    for page in reader.pages:
        width, height = float(page.mediabox.width) * MM_PER_PT, float(page.mediabox.height) * MM_PER_PT
        assert abs(width - A4[0]) <= 0.5 and abs(height - A4[1]) <= 0.5, (path, width, height)
    return len(reader.pages)


def test_chromium_prints_a_python_filled_roster_on_a4_with_every_name(
        site_model: Site, printed: ps.PrintSet, chromium: Any, tmp_path: Path) -> None:
    for number, (game_id, liste) in enumerate(roster_cases(site_model)):
        game = site_model.game(game_id)
        pool = next(s for s in printed.sheets[game_id] if s.sorte == "liste").cartes
        page_file = tmp_path / f"liste-{number}.html"
        page_file.write_text(ps.roster_html(game, liste, checked(site_model, liste), pool), encoding="utf-8")
        page = chromium.new_page()
        page.goto(page_file.as_uri())
        assert page.evaluate("() => window.__pirate === undefined")
        pdf = tmp_path / f"liste-{number}.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        page.close()
        assert _assert_a4(pdf) >= 1
        text = _pdf_text(pdf)
        for name in entry_labels(game_id, liste):
            assert re.sub(r"\s+", "", name) in text, (game_id, name)


def write_print_pages(site_model: Site, folder: Path) -> None:
    """Write every print page and impression.js into a folder, laid out as in the built site."""
    for path, text in ps.print_pages(site_model).items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    js = folder / ps.JS_URL
    js.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "site_overrides" / ps.JS_URL, js)


def test_impression_js_fills_the_roster_page_in_chromium(
        site_model: Site, chromium: Any, tmp_path: Path, output_dir: Path) -> None:
    from .browser_support import servir

    write_print_pages(site_model, tmp_path)
    with servir(tmp_path) as base:
        for number, (game_id, liste) in enumerate(roster_cases(site_model)):
            rapport = checked(site_model, liste)
            page = chromium.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            page.goto(f"{base}imprimer/{game_id}/liste.html")
            model = page.evaluate("([l, r]) => window.CompendiumImpression.remplir(l, r)", [liste, rapport])
            assert page.evaluate("() => window.__pirate === undefined")
            assert page.locator("img").count() == 0
            cards = page.locator('[data-role="cartes"] .carte').count()
            assert cards >= len(model["cartes"]) + len(model["profils"])
            pdf = tmp_path / f"js-{number}.pdf"
            page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
            page.close()
            assert errors == []
            assert _assert_a4(pdf) >= 1
            text = _pdf_text(pdf)
            for name in entry_labels(game_id, liste):
                assert re.sub(r"\s+", "", name) in text, (game_id, name)
            if number == 0:
                shutil.copy(pdf, output_dir / "impression-liste-navigateur.pdf")


def test_chromium_prints_card_and_token_sheets_at_exact_size(site_model: Site, printed: ps.PrintSet, chromium: Any,
                                                   tmp_path: Path) -> None:
    sheet = next(s for s in sheets(printed, "cartes") if s.jeu.id == "bataille-d6")
    page_file = tmp_path / "cartes.html"
    page_file.write_text(ps.render_sheet(sheet, printed.env), encoding="utf-8")
    page = chromium.new_page()
    page.goto(page_file.as_uri())
    pdf = tmp_path / "cartes.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    sizes = page.evaluate("""() => [...document.querySelectorAll('.carte')].map(c => {
        const r = c.getBoundingClientRect(); return [r.width, r.height]; })""")
    page.close()
    assert _assert_a4(pdf) == math.ceil(len(sheet.cartes) / 9)
    assert len(sizes) == len(sheet.cartes)
    for width, height in sizes:   # CSS px at 96 per inch
        assert abs(width * 25.4 / 96 - 63) <= 0.2 and abs(height * 25.4 / 96 - 88) <= 0.2
    for sheet in sheets(printed, "jetons"):
        page_file = tmp_path / f"{sheet.jeu.id}-{sheet.id}.html"
        page_file.write_text(ps.render_sheet(sheet, printed.env), encoding="utf-8")
        page = chromium.new_page()
        page.goto(page_file.as_uri())
        tokens = page.evaluate("""() => [...document.querySelectorAll('.jeton')].map(c => {
            const r = c.getBoundingClientRect(); return [r.width, r.height, Number(c.dataset.diametre)]; })""")
        pdf = tmp_path / f"{sheet.jeu.id}-{sheet.id}.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        page.close()
        assert _assert_a4(pdf) == len(ps.place_tokens(sheet.jetons))
        assert len(tokens) == len(sheet.jetons)
        for width, height, diameter in tokens:
            assert abs(width * 25.4 / 96 - diameter) <= 0.2 and abs(height * 25.4 / 96 - diameter) <= 0.2


def test_imprimer_fills_the_roster_in_a_frame_and_calls_print(site_model: Site, chromium: Any, tmp_path: Path) -> None:
    from .browser_support import servir

    write_print_pages(site_model, tmp_path)
    host = tmp_path / "jeu" / "verifier" / "index.html"       # like a checker page, two levels down
    host.parent.mkdir(parents=True)
    host.write_text('<!DOCTYPE html><html lang="fr"><body><script src="../../assets/javascripts/compendium/'
                    'impression.js"></script></body></html>', encoding="utf-8")
    liste = hostile_d6_list()
    rapport = checked(site_model, liste)
    with servir(tmp_path) as base:
        page = chromium.new_page()
        page.goto(f"{base}jeu/verifier/")
        result = page.evaluate("""async ([l, r]) => {
            const doc = await window.CompendiumImpression.imprimer('bataille-d6', l, r);
            return {rows: doc.querySelectorAll('[data-role="lignes"] tr').length,
                    first: doc.querySelector('[data-role="lignes"] td').textContent,
                    images: doc.querySelectorAll('img').length,
                    cards: doc.querySelectorAll('[data-role="cartes"] .carte').length};
        }""", [liste, rapport])
        refused = page.evaluate("() => window.CompendiumImpression.imprimer('../x', {}, {}).then(() => 'ok', e => e.message)")
        page.close()
    assert result["rows"] == len(liste["entrees"]) and result["first"] == HOSTILE and result["images"] == 0
    assert result["cards"] >= 1
    assert refused.startswith("Jeu inconnu")
