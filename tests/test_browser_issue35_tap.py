"""Issue 35: « Composer et vérifier » in one tap, without rule codes, in Chromium at 390 × 844.

1. HAMI: a picker that may hold one choice only (a Gardien's sort) swaps its choice in one tap:
   its choices are radio buttons, named by their labels; the text view's list has the new id only.
2. The « Résultat » panel shows the French messages, never the engine's codes (kept in data-code
   for tools): every game's invalid example lists, typed in the text view one after the other.

Every list comes from the game data (data/<jeu>/listes/…).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.composer_support import attendre_rapport, onglet_telephone, ouvrir, saisir

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
CODE = re.compile(r"\b[A-Z0-9]+_[A-Z0-9_]+\b")


@pytest.fixture
def page(navigateur: object) -> Iterator[object]:
    """A phone-sized tab (390 × 844) that must not leave 127.0.0.1, open a dialog or throw."""
    yield from onglet_telephone(navigateur)


def texte_yaml(page: object) -> dict:
    return yaml.safe_load(page.input_value("#cpd-liste"))


# --- 1. A one-choice picker swaps in one tap ---------------------------------------------------


def test_hami_un_seul_sort_change_en_un_geste(page: object, site_url: str) -> None:
    fichier = sorted((DATA / "hami" / "listes").glob("01-*.yaml"))[0]
    liste = yaml.safe_load(fichier.read_text(encoding="utf-8"))
    sorts = {s["id"]: s["nom"] for s in yaml.safe_load((DATA / "hami" / "sorts.yaml").read_text(encoding="utf-8"))["sorts"]}
    rang = next(i for i, e in enumerate(liste["entrees"]) if e.get("caste") == "gardien" and len(e.get("sorts", [])) == 1)
    ancien = liste["entrees"][rang]["sorts"][0]
    nouveau = next(s for s in sorts if s not in (ancien, "aspiration"))

    ouvrir(page, site_url + "hami/verifier/")
    saisir(page, fichier.read_text(encoding="utf-8"))
    page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length === n",
                           arg=len(liste["entrees"]))
    attendre_rapport(page)
    ligne = f"li[data-role=entree][data-index='{rang}']"
    if page.get_attribute(f"{ligne} [data-action=ouvrir]", "aria-expanded") != "true":
        page.click(f"{ligne} [data-action=ouvrir]")
    groupe = page.locator(f"{ligne} details[data-champ=sorts]")
    groupe.locator(":scope > summary").click()
    # A Gardien has one sort: the engine allows another in its place, so the choices are radios.
    page.wait_for_selector(f"{ligne} details[data-champ=sorts][data-un-seul=oui]", timeout=60_000)
    groupe = page.locator(f"{ligne} details[data-champ=sorts]")
    assert groupe.get_by_role("radio", name=sorts[ancien], exact=True).is_checked()
    choix = groupe.get_by_role("radio", name=sorts[nouveau], exact=True)
    assert choix.is_enabled()
    choix.click()  # one tap, no untick first
    page.wait_for_function("([i, s]) => { const t = document.querySelector('#cpd-liste').value;"
                           " return t.includes(s); }", arg=[rang, nouveau], timeout=30_000)
    attendre_rapport(page)
    entree = texte_yaml(page)["entrees"][rang]
    assert entree["sorts"] == [nouveau], entree
    assert ancien not in page.input_value("#cpd-liste")
    groupe = page.locator(f"{ligne} details[data-champ=sorts]")
    groupe.get_by_role("radio", name=sorts[nouveau], exact=True).wait_for()
    page.wait_for_function(
        "([l, n]) => [...document.querySelectorAll(l + ' details[data-champ=sorts] input')]"
        ".some((c) => c.checked && c.dataset.valeur === JSON.stringify(n))", arg=[ligne, nouveau], timeout=30_000)


# --- 2. No rule codes in the « Résultat » panel -------------------------------------------------


def listes_invalides(jeu: str) -> list[Path]:
    dossier = DATA / jeu / "listes"
    if jeu == "bataille-d6":
        return [f for f in sorted(dossier.glob("*.yaml")) if 3 <= int(f.name[:2]) <= 10]
    return sorted(dossier.glob("*invalide*.yaml"))


JEUX = sorted(d.name for d in DATA.iterdir() if d.is_dir() and listes_invalides(d.name))


@pytest.mark.parametrize("jeu", JEUX)
def test_resultat_sans_codes(page: object, site_url: str, jeu: str) -> None:
    fichiers = listes_invalides(jeu)
    assert fichiers
    ouvrir(page, site_url + f"{jeu}/verifier/")
    outil = "[data-compendium-outil][data-jeu]"
    for fichier in fichiers:
        # A sentinel state: the report read below is the one on this list, not the previous one.
        page.eval_on_selector(outil, "o => { o.dataset.etat = 'attente-test'; }")
        saisir(page, fichier.read_text(encoding="utf-8"))
        page.wait_for_function(
            "(s) => ['valide', 'invalide', 'illisible'].includes(document.querySelector(s).dataset.etat)",
            arg=outil, timeout=60_000)
        assert page.get_attribute(outil, "data-etat") == "invalide", fichier.name
        panneau = page.locator("section.cpd-resultats")
        codes = panneau.locator("li[data-code]").evaluate_all("ls => ls.map((l) => l.dataset.code)")
        assert any(CODE.fullmatch(c) for c in codes), (fichier.name, codes)  # kept for tools
        visible = panneau.inner_text()
        assert not CODE.search(visible), (fichier.name, CODE.findall(visible))
