"""Issue 35, item 4: « Composer et vérifier » shows no internal word, in Chromium at 390 × 844.

For each game, one page: a few invalid example lists are typed in the text view one after the
other, and for each the page's visible text — the builder (summary bar, settings, cards), the
« Résultat » panel — and every tooltip (`title`) must hold no yaml-word
(tests/textes_joueur_support.py: a `key: value`, braces, a snake_case word, a rule code, a data
id). The text view's « Champ YAML » lines are the one place the YAML field is shown, set apart
and labelled: they are checked to be labelled, and left out of the rest.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.composer_support import attendre_rapport, onglet_telephone, ouvrir, saisir
from tests.engine_support import DATA, entete, load_bundle
from tests.textes_joueur_support import ids_de, mots_tapes, mots_yaml, proprietes_de

OUTIL = "[data-compendium-outil=verifier]"
PAR_JEU = 3
JEUX = sorted(p.name for p in DATA.iterdir() if (p / "listes").is_dir())


def invalides(jeu: str) -> list[Path]:
    """The first invalid examples of a game (their leading comment says it)."""
    tous = sorted((DATA / jeu / "listes").glob("*.yaml"))
    return [p for p in tous if entete(p.read_text("utf-8")).startswith("Liste invalide")][:PAR_JEU]


@pytest.fixture
def page(navigateur: object) -> Iterator[object]:
    """A phone-sized tab (390 × 844) that must not leave 127.0.0.1, open a dialog or throw."""
    yield from onglet_telephone(navigateur)


# The text a player reads in the tool: visible text without the text view's own content (the list
# as typed) and without the labelled « Champ YAML » lines; then every tooltip of the page's body.
LIRE = """(outil) => {
  const yaml = [...outil.querySelectorAll('[data-role=champ-yaml]')].map((e) => e.innerText);
  const caches = [...outil.querySelectorAll('[data-role=champ-yaml], textarea')];
  const avant = caches.map((e) => e.style.display);
  caches.forEach((e) => { e.style.display = 'none'; });
  const texte = outil.innerText;
  caches.forEach((e, i) => { e.style.display = avant[i]; });
  const titres = [...document.querySelectorAll('article [title], [data-compendium-outil] [title]')].map((e) => e.title);
  return {texte, titres, yaml};
}"""


def attendre_details(page: object) -> None:
    """Wait until the « Résultat » panel shows the report of the list on screen (drawn after the builder)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "(s) => { const o = document.querySelector(s); return o && ['valide', 'invalide'].includes(o.dataset.etat)"
        " && !o.querySelector('[data-role=details]').hasAttribute('aria-busy'); }", arg=OUTIL, timeout=60_000)


@pytest.mark.parametrize("jeu", JEUX)
def test_rien_d_interne_dans_la_page(page: object, site_url: str, jeu: str) -> None:
    exemples = invalides(jeu)
    assert exemples, f"{jeu} : aucun exemple invalide"
    bundle = load_bundle(jeu)
    ouvrir(page, site_url + f"{jeu}/verifier/")
    for chemin in exemples:
        texte_liste = chemin.read_text("utf-8")
        connus: set[str] = set()
        ids_de(bundle, connus)
        ids_de(yaml.safe_load(texte_liste), connus)
        proprietes_de(bundle["schemas"], connus)
        permis = mots_tapes(texte_liste, frozenset(connus))
        saisir(page, texte_liste)
        attendre_rapport(page)
        attendre_details(page)
        assert page.locator(f"{OUTIL} [data-role=details] .cpd-violation").count() > 0, chemin.name  # type: ignore[attr-defined]
        lu = page.eval_on_selector(OUTIL, LIRE)  # type: ignore[attr-defined]
        assert "Résultat" in lu["texte"] and "Composer la liste" in lu["texte"], "le panneau et le compositeur sont lus"
        fautes = [f"{ligne!r}: {mots}" for ligne in lu["texte"].splitlines() if (mots := mots_yaml(ligne, permis))]
        fautes += [f"title {t!r}: {mots}" for t in lu["titres"] if (mots := mots_yaml(t, permis))]
        assert fautes == [], f"{chemin.name}\n" + "\n".join(fautes)
        assert all(y.startswith(("Champ YAML : ", "Champs YAML : ")) for y in lu["yaml"]), lu["yaml"]
