"""Hate print sheets: reference, tribe roster, village and forge tracker, chronicle score sheet, cards.

The sheets are built for Hate alone, with « imprimer » enabled on a copy of its manifest (the
lead enables the tool in data/hate/jeu.yaml), written as PDFs with the build's own call and
measured with pypdf; expected values are read from the YAML data, not from print_sheets.
Every page is rendered to PNG in test-output/impression-hate/ for a person to look at.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from generator import print_sheets as ps
from generator.model import Site
from generator.plugin import load_site

from .conftest import ROOT
from .test_print import A4, CARD_BORDER_RGB, MM_PER_PT, card_names, outlines

DATA = ROOT / "data" / "hate"
BOX_RGB = (0.2, 0.2, 0.2)          # #333333, the border of a box to tick (_hate-formulaire.css.j2)
BOX_MM = 6.0


def data(kind: str) -> list[dict[str, Any]]:
    return yaml.safe_load((DATA / f"{kind}.yaml").read_text(encoding="utf-8"))[kind]


def table(ident: str) -> dict[str, Any]:
    return next(t for t in data("tables") if t["id"] == ident)


@pytest.fixture(scope="module")
def hate_site() -> Site:
    site = load_site(ROOT, only=["hate"])
    game = site.game("hate")
    game.manifest["outils"] = [*[t for t in game.manifest.get("outils", []) if t != "imprimer"], "imprimer"]
    return Site([game])


@pytest.fixture(scope="module")
def printed(hate_site: Site) -> ps.PrintSet:
    return ps.build(hate_site)


@pytest.fixture(scope="module")
def pdfs(hate_site: Site, printed: ps.PrintSet, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("impression-hate")
    ps.write_pdfs(hate_site, out)
    return out


def sheet(printed: ps.PrintSet, ident: str) -> ps.Sheet:
    return next(s for s in printed.sheets["hate"] if s.id == ident)


def pdf_text(path: Path) -> str:
    reader = PdfReader(path)
    text = unicodedata.normalize("NFKC", "\n".join(page.extract_text() or "" for page in reader.pages))
    return re.sub(r"\s+", " ", text)


def squash(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).replace("’", "'"))


def boxes(path: Path) -> list[tuple[float, float]]:
    """Outer (w, h) in mm of every box border drawn in the box colour."""
    return outlines(PdfReader(path), BOX_RGB, curved=False)


# ------------------------------------------------------------------------------------------
# Every sheet: A4 pages, the one-page forms, a PNG to look at
# ------------------------------------------------------------------------------------------

def test_hate_offers_every_sheet_of_the_issue(printed: ps.PrintSet) -> None:
    ids = [s.id for s in printed.sheets["hate"]]
    assert ids[:4] == ["reference", "liste", "village", "chronique"]
    assert set(ids[4:]) == {"ameliorations-generiques", "ameliorations-de-tribu", "competences-de-shaman",
                            "ameliorations-de-mission", "cicatrices", "competences-de-mercenaires"}


def test_every_page_is_a4_and_each_form_is_one_page(printed: ps.PrintSet, pdfs: Path) -> None:
    for s in printed.sheets["hate"]:
        reader = PdfReader(pdfs / s.pdf)
        for page in reader.pages:
            width, height = float(page.mediabox.width) * MM_PER_PT, float(page.mediabox.height) * MM_PER_PT
            assert abs(width - A4[0]) <= 0.5 and abs(height - A4[1]) <= 0.5, (s.pdf, width, height)
        if s.sorte != "cartes":
            assert len(reader.pages) == 1, f"{s.pdf} : {len(reader.pages)} pages"


def test_pages_render_to_png_for_a_person_to_look_at(printed: ps.PrintSet, pdfs: Path, output_dir: Path) -> None:
    from PIL import Image

    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm (poppler-utils) est nécessaire : make systeme"
    folder = output_dir / "impression-hate"
    folder.mkdir(exist_ok=True)
    for s in printed.sheets["hate"]:
        subprocess.run([pdftoppm, "-png", "-r", "60", str(pdfs / s.pdf), str(folder / s.id)], check=True, timeout=120)
        pages = sorted(folder.glob(f"{s.id}-*.png"))
        assert len(pages) == len(PdfReader(pdfs / s.pdf).pages), s.id
        for png in pages:
            image = Image.open(png).convert("L")
            dark = sum(count for value, count in enumerate(image.histogram()) if value < 128)
            assert dark / (image.width * image.height) > 0.003, f"page blanche : {png}"


# ------------------------------------------------------------------------------------------
# Cards: one per upgrade, skill and scar of the data, 63 × 88 mm
# ------------------------------------------------------------------------------------------

CARD_SETS = {   # sheet -> (category in capacites.yaml, count the issue names)
    "ameliorations-generiques": ("amélioration générique", 16),
    "ameliorations-de-tribu": ("amélioration spécifique", 33),
    "competences-de-shaman": ("compétence de shaman", 11),     # 10 in the text + Bul'Gar's, marked missing
    "ameliorations-de-mission": ("amélioration de mission", 9),
    "cicatrices": ("cicatrice", 12),
    "competences-de-mercenaires": ("compétence de mercenaire", 33),
}


def test_every_upgrade_skill_and_scar_of_the_data_has_its_card(printed: ps.PrintSet, pdfs: Path) -> None:
    entries = data("capacites")
    for sheet_id, (cat, count) in CARD_SETS.items():
        wanted = sorted(f"carte-{e['id']}" for e in entries if e.get("categorie") == cat)
        assert len(wanted) == count, (cat, len(wanted))
        reader = PdfReader(pdfs / sheet(printed, sheet_id).pdf)
        names = card_names(reader)
        assert sorted(n for n in names if "--suite-" not in n) == wanted, sheet_id
        text = squash(pdf_text(pdfs / sheet(printed, sheet_id).pdf))
        for e in entries:
            if e.get("categorie") == cat:
                assert squash(e["nom"]) in text, (sheet_id, e["nom"])


def test_cards_measure_63_by_88_mm_and_show_their_slot(printed: ps.PrintSet, pdfs: Path) -> None:
    entries = {e["id"]: e for e in data("capacites")}
    for sheet_id in CARD_SETS:
        s = sheet(printed, sheet_id)
        reader = PdfReader(pdfs / s.pdf)
        found = outlines(reader, CARD_BORDER_RGB, curved=False)
        assert len(found) == len(s.cartes) == len(card_names(reader))
        assert all(abs(w - 63) <= 0.2 and abs(h - 88) <= 0.2 for w, h in found), sheet_id
        for card in s.cartes:
            slot = (entries[card.entree].get("proprietes") or {}).get("emplacement")
            if slot and not card.suite:
                assert f"emplacement {slot}" in card.infos, card.ident
            assert card.taille >= ps.FONT_MIN


# ------------------------------------------------------------------------------------------
# Reference sheet
# ------------------------------------------------------------------------------------------

def test_reference_has_turn_actions_combat_and_every_scar_result(printed: ps.PrintSet, pdfs: Path) -> None:
    s = sheet(printed, "reference")
    text = squash(pdf_text(pdfs / s.pdf))
    scars = table("table-des-cicatrices")
    for row in scars["lignes"]:
        assert squash(row["resultat"]) in text, row["resultat"]
    for row in table("etapes-du-combat")["lignes"]:
        assert squash(row["quoi"]) in text, row["quoi"]
    for row in table("cout-d-activation")["lignes"]:
        assert squash(row["figurine"]) in text
    # The dice of the scar table are missing: the sheet says so, with the data's own words.
    assert "Donnéemanquante" in text and squash(scars["manquant"][:60]) in text
    assert s.taille >= ps.FONT_MIN


# ------------------------------------------------------------------------------------------
# Village and forge tracker
# ------------------------------------------------------------------------------------------

def test_village_boxes_are_6_mm_and_follow_the_data(printed: ps.PrintSet, pdfs: Path) -> None:
    s = sheet(printed, "village")
    buildings = table("batiments-du-village")["lignes"]
    exploits = table("exploits-de-la-forge")["lignes"]
    others = [b for b in buildings if b["ref"] != "forge-du-village"]
    assert len(buildings) == 7 and len(exploits) == 4
    known = sum(b["emplacements"] for b in others if isinstance(b["emplacements"], int))
    unknown = sum(1 for b in others if not isinstance(b["emplacements"], int))
    um_kator = 2                      # a forge card adds an exploit with 2 slots already active
    expected = known + unknown * 8 + len(exploits) * 3 + um_kator + 40
    found = boxes(pdfs / s.pdf)
    assert len(found) == expected, (len(found), expected)
    for width, height in found:
        assert abs(width - BOX_MM) <= 0.2 and abs(height - BOX_MM) <= 0.2, (width, height)
    html = ps.render_sheet(s, printed.env, for_pdf=True)
    # Ticked at the start: the first slot of each exploit and the torture chamber's started slots.
    torture = next(b for b in buildings if b["ref"] == "chambre-de-torture")
    ticked = len(exploits) + um_kator + torture["au_depart"]
    assert html.count('class="case case-cochee"') == ticked
    text = squash(pdf_text(pdfs / s.pdf))
    for b in buildings:
        name = next(x["nom"] for x in data("sections") if x["id"] == b["ref"])
        assert squash(name) in text, name
        for key in ("bonus", "max"):
            if b.get(key):
                assert squash(b[key]) in text, b[key]
    for x in exploits:
        assert squash(x["exploit"]) in text and squash(x["emplacement_3"]) in text
    assert "Donnéemanquante" in text and "Nombredecasesdevotrefeuille" in text


# ------------------------------------------------------------------------------------------
# Chronicle score sheet
# ------------------------------------------------------------------------------------------

def test_chronicle_sheet_has_six_players_penalties_and_every_affrontement(printed: ps.PrintSet,
                                                                          pdfs: Path) -> None:
    s = sheet(printed, "chronique")
    html = ps.render_sheet(s, printed.env, for_pdf=True)
    rows = re.findall(r'<tr(?: class="total")? data-ligne="([a-z]+)"><th scope="row">.*?</tr>', html, flags=re.S)
    assert rows == ["joueur", "tribu", "haine", "ressources", "minimum", "conquete", "morts", "rang", "penalite",
                    "score", "classement"]
    for row in re.findall(r'<tr(?: class="total")? data-ligne="[a-z]+">(.*?)</tr>', html, flags=re.S):
        assert row.count("<td") == 6          # 2 to 6 players
    text = pdf_text(pdfs / s.pdf)
    for row in table("penalites-mur-de-la-mort")["lignes"]:
        assert f"{row['rang']} {str(row['penalite']).replace('-', '−')}" in text
    # One journal row per affrontement of the largest chronicle: 6 players × 5 each ÷ 2.
    schedule = table("affrontements-par-joueur")["lignes"]
    largest = max(r["joueurs"] * r["par_joueur"] // 2 for r in schedule)
    assert largest == 15
    journal = html.split('class="formulaire-table journal"')[1]
    assert journal.count("<tr><td>") == largest
    compact = squash(text)
    for word in ("Haine", "Ressources", "Pointsdeconquête", "Pénalitédumur", "Scorefinal", "Classement"):
        assert word in compact
    assert "puisleplusdeHaine,puisleplusdeRessources" in compact   # tie-breaks, from the data's rule text


# ------------------------------------------------------------------------------------------
# Tribe roster
# ------------------------------------------------------------------------------------------

def test_blank_roster_prints_the_eleven_figures_with_their_activation_cost(printed: ps.PrintSet,
                                                                          pdfs: Path) -> None:
    types = [p for p in data("profils") if p.get("categorie") == "type de figurine"]
    expected = [(p["nom"], str(p["proprietes"]["cout_activation"])) for p in types
                for _ in range(p["proprietes"]["nombre_par_tribu"])]
    assert len(expected) == 11
    s = sheet(printed, "liste")
    model = ps.roster_model(s.jeu, None, None)
    columns = ps.roster_spec(s.jeu)["colonnes"]
    type_at = next(i for i, c in enumerate(columns) if c["id"] == "type")
    cost_at = next(i for i, c in enumerate(columns) if c["id"] == "activation")
    assert [(r[type_at], r[cost_at]) for r in model["lignes"]] == expected
    assert [c["nom"] for c in columns if c["id"].startswith("emplacement-")] == [f"Empl. {x}" for x in "ABCD"]
    text = squash(pdf_text(pdfs / s.pdf))
    for name in ("Empl.A", "Empl.B", "Empl.C", "Empl.D", "Cicatrices", "Activ."):
        assert name in text
    assert text.count("Guerrier") >= 6 and text.count("Jeune-sang") >= 2
    html = ps.render_sheet(s, printed.env, for_pdf=True)
    rows = html.split('data-role="lignes"')[1].split("</tbody>")[0]
    assert rows.count("<tr>") == 11


# ------------------------------------------------------------------------------------------
# Tribe roster filled from a checked list (« Imprimer ma liste »)
# ------------------------------------------------------------------------------------------

HOSTILE = '<img src=x onerror="window.__pirate=1">Grokk & <b>Cie</b>'


def example_lists() -> list[dict[str, Any]]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((DATA / "listes").glob("*.yaml"))]


def checked(game: Any, liste: dict[str, Any]) -> dict[str, Any]:
    import browser_engine
    from generator import export

    return browser_engine.valider(export.bundle(game, ROOT), liste)


def test_roster_filled_from_each_example_list_puts_upgrades_in_their_slot(hate_site: Site) -> None:
    game = hate_site.game("hate")
    skills = {e["id"]: e for e in data("capacites")}
    costs = {p["id"]: p["proprietes"]["cout_activation"] for p in data("profils")
             if p.get("categorie") == "type de figurine"}
    columns = [c["id"] for c in ps.roster_spec(game)["colonnes"]]
    lists = example_lists()
    assert len(lists) >= 12
    seen_slots: set[str] = set()
    for liste in lists:
        rapport = checked(game, liste)
        model = ps.roster_model(game, liste, rapport)
        assert len(model["lignes"]) == len(liste["entrees"]), liste["nom"]
        wanted_cards: list[str] = []
        for entree, row in zip(liste["entrees"], model["lignes"], strict=True):
            cell = dict(zip(columns, row, strict=True))
            assert cell["figurine"] == entree.get("nom", "")
            for ident in entree.get("ameliorations", []):
                slot = (skills[ident].get("proprietes") or {}).get("emplacement")
                home = f"emplacement-{slot.lower()}" if slot else "autres"
                seen_slots.add(home)
                assert skills[ident]["nom"] in cell[home].split(", "), (liste["nom"], ident, home)
                for other in ("emplacement-a", "emplacement-b", "emplacement-c", "emplacement-d", "autres"):
                    if other != home:
                        assert skills[ident]["nom"] not in cell[other].split(", ")
                wanted_cards += [ident] if ident not in wanted_cards else []
            for ident in entree.get("cicatrices", []):
                assert skills[ident]["nom"] in cell["cicatrices"].split(", ")
                wanted_cards += [ident] if ident not in wanted_cards else []
            owner = "le-tyran" if entree["type"] == "tyran" else entree.get("mercenaire")
            own_skills = sorted((e for e in skills.values() if e.get("categorie") == "compétence de mercenaire"
                                 and owner and (e.get("proprietes") or {}).get("mercenaire") == owner),
                                key=lambda e: e["proprietes"]["emplacement"])
            assert own_skills or not owner, owner
            wanted_cards += [e["id"] for e in own_skills if e["id"] not in wanted_cards]
            plain = entree["type"] in costs and not entree.get("ameliorations") and not any(
                other.get("remplace") == entree["type"] for other in liste["entrees"])
            if plain and rapport["valide"]:
                assert cell["activation"] == str(costs[entree["type"]]), (liste["nom"], entree)
        assert model["cartes"] == wanted_cards
        assert model["champs"][0]["valeur"] == next(s["nom"].removeprefix("Tribu ") for s in data("sections")
                                                    if s["id"] == f"tribu-{liste['options']['tribu']}")
    assert seen_slots >= {"emplacement-a", "emplacement-b", "emplacement-c", "emplacement-d"}


def test_filled_roster_pdf_is_a4_with_names_and_the_cards_of_its_upgrades(
        hate_site: Site, printed: ps.PrintSet, tmp_path: Path) -> None:
    game = hate_site.game("hate")
    pool = sheet(printed, "liste").cartes
    liste = next(x for x in example_lists() if any(e.get("nom") for e in x["entrees"])
                 and any(e.get("ameliorations") for e in x["entrees"]))
    liste = {**liste, "entrees": [*liste["entrees"][:-1], {**liste["entrees"][-1], "nom": HOSTILE}]}
    html = ps.roster_html(game, liste, checked(game, liste), pool)
    assert "<img src=x" not in html and "&lt;img src=x" in html
    pdf = tmp_path / "liste.pdf"
    pdf.write_bytes(ps.pdf_bytes(html))
    reader = PdfReader(pdf)
    for page in reader.pages:
        assert abs(float(page.mediabox.width) * MM_PER_PT - A4[0]) <= 0.5
    text = squash(pdf_text(pdf))
    for entree in liste["entrees"]:
        if entree.get("nom"):
            assert squash(entree["nom"]) in text
    upgrades = {i for e in liste["entrees"] for i in e.get("ameliorations", []) + e.get("cicatrices", [])}
    names = {n.removeprefix("carte-") for n in card_names(reader) if "--suite-" not in n}
    assert upgrades and upgrades <= names
    skills = [n for n in names - upgrades]
    owners = {e.get("mercenaire") or ("le-tyran" if e["type"] == "tyran" else None) for e in liste["entrees"]}
    assert all(n.rsplit("-", 1)[0] in owners for n in skills), skills
    assert all(abs(w - 63) <= 0.2 and abs(h - 88) <= 0.2 for w, h in outlines(reader, CARD_BORDER_RGB, curved=False))


def test_impression_js_fills_the_hate_roster_like_python(hate_site: Site, tmp_path: Path) -> None:
    import json

    node = shutil.which("node")
    assert node, "node est nécessaire (make install)"
    game = hate_site.game("hate")
    cases = []
    for liste in example_lists():
        rapport = checked(game, liste)
        cases.append({"spec": json.loads(ps.roster_spec_json(game)), "liste": liste, "rapport": rapport,
                      "attendu": ps.roster_model(game, liste, rapport)})
    (tmp_path / "cas.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "comparer.cjs"
    js = ROOT / "site_overrides" / ps.JS_URL
    script.write_text(
        "const vm = require('vm'), fs = require('fs');\nconst window = {};\n"
        f"vm.runInNewContext(fs.readFileSync({json.dumps(str(js))}, 'utf8'), {{window, URL}});\n"
        "const cas = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));\n"
        "console.log(JSON.stringify(cas.map(c => window.CompendiumImpression.modele(c.spec, c.liste, c.rapport))));\n",
        encoding="utf-8")
    run = subprocess.run([node, str(script), str(tmp_path / "cas.json")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    for case, result in zip(cases, json.loads(run.stdout), strict=True):
        for key in ("nom", "cout", "verdict", "lignes", "cartes", "classes", "champs"):
            assert result[key] == case["attendu"][key], (key, result[key], case["attendu"][key])
