"""Site search in headless Chromium: words typed without accents find the accented words.

The built site is served on 127.0.0.1 and Material's search box is used as a player
would use it, from the home page (which searches every game's overview). Which pages hold a word is read from the search index files themselves
(`search/jeux.json` names one file per game and one for the pages outside every game),
not from the search code under test.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import surveiller_reseau

# Word typed without accents -> the accented word the rules use.
MOTS = {"epee": "épée", "elimine": "éliminé", "heros": "héros"}
RESULTATS = ".md-search-result__item > a"
COMPTE = ".md-search-result__meta"
LIRE = """([compte, resultats]) => [document.querySelector(compte).innerText,
  [...document.querySelectorAll(resultats)].map((a) => a.getAttribute('href'))]"""


def documents_de_recherche(site_dir: Path) -> list[dict]:
    """Every search document of the build: the files the small index of game names lists."""
    dossier = site_dir / "search"
    petit = json.loads((dossier / "jeux.json").read_text(encoding="utf-8"))
    fichiers = [j["index"] for j in petit["jeux"]] + [petit["commun"]["index"]]
    return [d for f in fichiers for d in json.loads((dossier / f).read_text(encoding="utf-8"))["docs"]]


def documents_de_l_accueil(site_dir: Path) -> list[dict]:
    """What a search from a page outside every game reads: every game's overview and the common pages."""
    dossier = site_dir / "search"
    petit = json.loads((dossier / "jeux.json").read_text(encoding="utf-8"))
    fichiers = [petit["apercu"]["index"], petit["commun"]["index"]]
    return [d for f in fichiers for d in json.loads((dossier / f).read_text(encoding="utf-8"))["docs"]]


@pytest.fixture(scope="module")
def index(site_dir: Path) -> dict:
    return {"docs": documents_de_l_accueil(site_dir)}


def sans_accents(texte: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", texte) if not unicodedata.combining(c))


def pages_avec(index: dict, mot: str) -> set[str]:
    """Pages (location without anchor) whose title or text holds `mot` as a whole word, accented or not.

    The rules write « Epée » as well as « épée »: either must be found.
    """
    motif = re.compile(rf"(?<!\w){re.escape(sans_accents(mot))}(?!\w)", re.I)
    return {d["location"].split("#")[0] for d in index["docs"]
            if motif.search(sans_accents(d["title"] + " " + d["text"]))}


@pytest.fixture(scope="module")
def page(navigateur: object, site_url: str) -> Iterator[object]:
    contexte = navigateur.new_context()
    sorties = surveiller_reseau(contexte)
    onglet = contexte.new_page()
    erreurs: list[str] = []
    onglet.on("pageerror", lambda e: erreurs.append(str(e)))
    onglet.on("console", lambda m: erreurs.append(m.text) if m.type == "error" else None)
    onglet.goto(site_url + "/")
    yield onglet
    assert sorties == [], f"requêtes hors de 127.0.0.1 : {sorties}"
    assert erreurs == [], f"erreurs JavaScript : {erreurs}"
    contexte.close()


def chercher(page: object, texte: str) -> tuple[str, set[str]]:
    """Type `texte` in the search box; the result count line and the pages found.

    Material marks each result link with the terms it matched (`?h=`): the results are
    those of the whole word once a link carries it (typing « epee » also searches « e », « ep »…)
    and the list has stayed the same for one more poll (the results of « epe » may carry it too).
    The count line and the links are read together, in one step.
    """
    page.click("input.md-search__input")
    page.keyboard.press("Control+A")
    page.keyboard.type(texte, delay=20)
    page.keyboard.press("End")      # Playwright types « é » without a key event: Material reads the box on keyup
    cible = sans_accents(texte).lower()
    lu: tuple[str, list[str]] = ("", [])
    precedent = None
    for _ in range(240):
        page.wait_for_timeout(250)
        lu = tuple(page.evaluate(LIRE, [COMPTE, RESULTATS]))
        if lu[0].startswith("Initialisation"):  # the index is still loading: the list is not final
            continue
        if (lu[0].startswith("Aucun") or any(f"h={cible}" in lien for lien in lu[1])) and lu == precedent:
            return lu[0], {re.sub(r"\?h=[^#]*", "", lien).split("#")[0] for lien in lu[1]}
        precedent = lu
    raise AssertionError(f"pas de résultat pour « {texte} » : {lu}")


@pytest.mark.parametrize("tape", sorted(MOTS))
def test_words_typed_without_accents_find_the_accented_words(page: object, index: dict, site_url: str,
                                                             output_dir: Path, tape: str) -> None:
    accentue = MOTS[tape]
    attendues = pages_avec(index, accentue)
    assert attendues, f"aucune page du site ne contient « {accentue} »"

    compte, liens = chercher(page, tape)
    page.screenshot(path=str(output_dir / f"recherche-{tape}.png"))
    trouvees = {lien.replace(site_url, "").lstrip("/") for lien in liens}
    nombre = int(re.match(r"\d+", compte).group()) if compte[0].isdigit() else 0
    assert nombre >= len(attendues), f"« {tape} » : {compte}, attendu au moins {len(attendues)} pages {sorted(attendues)}"
    assert attendues & trouvees, f"« {tape} » ne trouve aucune des pages {sorted(attendues)} : {sorted(trouvees)}"

    # The accented word, and its capitalised form, give exactly the same results.
    assert chercher(page, accentue) == (compte, liens)
    assert chercher(page, accentue.capitalize()) == (compte, liens)

