"""« Ce qui change pour votre liste » in Chromium: a list pinned to an older data version.

The site is served with two files replaced in memory (the built site is not touched): the HAMI
bundle becomes a later version invented for the test (the Gardien costs one point more, no Gardien
allowed any more), and the site's real HAMI bundle is served as the frozen data of version
2026.11.1. The book's example Communauté, pinned to 2026.11.1, was valid then; the panel must say
it is invalid now, on the Gardien's row, with both verdicts. Unknown and future versions get a
French message; a new list from nothing gets the current version.
"""
from __future__ import annotations

import copy
import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import Onglet, servir
from tests.test_browser_outils import attendre_etat, ouvrir, saisir

ROOT = Path(__file__).resolve().parent.parent
JEU = "hami"
PAGE = f"{JEU}/verifier/"
ANCIENNE = "2026.11.1"
NOUVELLE = "2099.1.1"  # invented for the test
LIMITE = "deux-gardiens-maximum"
PANNEAU = "section[data-role=versions]"
EXEMPLE = (ROOT / "data" / JEU / "listes" / "01-exemple-du-livre.yaml").read_text("utf-8")


def _version(texte: str, version: str) -> str:
    return texte.replace(f"jeu: {JEU}\n", f'jeu: {JEU}\nversion_donnees: "{version}"\n', 1)


def _donnees_inventees(reelles: dict) -> dict:
    """The site's HAMI data made into an invented later version: dearer Gardien, no Gardien allowed."""
    donnees = copy.deepcopy(reelles)
    next(p for p in donnees["profils"] if p["id"] == "gardien")["cout"] += 1
    next(r for r in donnees["regles_liste"] if r["id"] == LIMITE)["borne"] = {"max": 0}
    donnees["versions"].append({"version": NOUVELLE, "date": "2099-01-01", "resume": "Version inventée pour le test.",
                                "changements": [{"nature": "cout", "ids": ["gardien"], "texte": "Gardien : 1 point de plus."}]})
    return donnees


@pytest.fixture(scope="module")
def site_modifie(site_dir: Path) -> Iterator[tuple[str, dict]]:
    reelles = json.loads((site_dir / "assets" / "data" / f"{JEU}.json").read_text("utf-8"))
    assert reelles["versions"][-1]["version"] == ANCIENNE
    virtuelles = {
        f"/assets/data/{JEU}.json": ("application/json", json.dumps(_donnees_inventees(reelles)).encode()),
        f"/assets/data/versions/{JEU}/{ANCIENNE}.json.gz": ("application/gzip", gzip.compress(json.dumps(reelles).encode())),
    }
    with servir(site_dir, virtuelles) as url:
        yield url, reelles


def test_ce_qui_change_pour_une_liste_ancienne(onglet: Onglet, site_modifie: tuple[str, dict]) -> None:
    url, reelles = site_modifie
    page = onglet.page
    ouvrir(page, url + PAGE)
    saisir(page, _version(EXEMPLE, ANCIENNE))
    attendre_etat(page, "invalide")  # now: over budget and a Gardien too many
    panneau = page.locator(PANNEAU)
    page.wait_for_selector(f"{PANNEAU}[data-statut=warning] [data-role=versions-verdicts]", timeout=30_000)
    assert "Ce qui change pour votre liste" in panneau.inner_text()
    lignes = panneau.locator("[data-role=versions-entree]")
    assert lignes.count() == EXEMPLE.count("caste: gardien")  # only the Gardien's entry
    ligne = lignes.first.inner_text()
    assert "Gardien du Rocher" in ligne
    cout_gardien = next(p for p in reelles["profils"] if p["id"] == "gardien")["cout"]
    assert f"{cout_gardien} → {cout_gardien + 1}" in ligne  # the profile's cost, from the two bundles
    format_ = int(re.search(r"^format: (\d+)$", EXEMPLE, re.M).group(1))
    assert panneau.locator("[data-role=verdict-avant]").inner_text() == f"valide — coût {format_} / {format_}"
    assert panneau.locator("[data-role=verdict-maintenant]").inner_text() == \
        f"invalide (2 erreurs) — coût {format_ + 1} / {format_}"
    borne = next(r for r in reelles["regles_liste"] if r["id"] == LIMITE)["borne"]["max"]
    assert f"au plus {borne} → au plus 0" in panneau.locator("[data-role=versions-regles]").inner_text()
    # The player takes the list to the current version: the reminder goes away.
    panneau.get_by_role("button", name=re.compile("Passer la liste à la version actuelle")).click()
    page.wait_for_function("(v) => document.querySelector('#cpd-liste').value.includes(v)", arg=f'version_donnees: "{NOUVELLE}"')
    page.wait_for_selector(PANNEAU, state="hidden", timeout=15_000)


@pytest.mark.parametrize(("version", "titre", "mot"), [
    ("2020.1.1", "Version des données inconnue", "inconnue pour ce jeu"),
    ("3000.1.1", "Version des données plus récente", "plus récente que celle de ce site"),
    ("<img src=x onerror=alert(1)>", "Version des données inconnue", "illisible"),
])
def test_version_inconnue_ou_future(onglet: Onglet, site_url: str, version: str, titre: str, mot: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    saisir(page, _version(EXEMPLE, version))
    attendre_etat(page, "valide")  # checked with the current data
    panneau = page.locator(PANNEAU)
    panneau.wait_for(state="visible", timeout=15_000)
    texte = panneau.inner_text()
    assert titre in texte and mot in texte
    assert panneau.locator("img").count() == 0


def test_une_liste_sans_version_se_la_voit_proposer(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    saisir(page, EXEMPLE)
    attendre_etat(page, "valide")
    panneau = page.locator(PANNEAU)
    panneau.wait_for(state="visible", timeout=15_000)
    assert "n'indique pas la version" in panneau.inner_text()
    panneau.get_by_role("button", name=re.compile("Noter la version actuelle")).click()
    page.wait_for_function("(v) => document.querySelector('#cpd-liste').value.includes(v)", arg=f'version_donnees: "{ANCIENNE}"')
    page.wait_for_selector(PANNEAU, state="hidden", timeout=15_000)


def test_une_liste_nouvelle_recoit_la_version_actuelle(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    saisir(page, f"jeu: {JEU}\nnom: Tapée\nformat: 9\nentrees: []\n")  # typed: offered, never rewritten
    page.locator(PANNEAU).wait_for(state="visible", timeout=15_000)
    assert "version_donnees" not in page.input_value("#cpd-liste")
    page.get_by_role("button", name="Nouvelle liste").click()  # the builder's new list gets the version
    page.wait_for_function("(v) => document.querySelector('#cpd-liste').value.includes(v)",
                           arg=f'version_donnees: "{ANCIENNE}"', timeout=15_000)
    assert f'\nversion_donnees: "{ANCIENNE}"\n' in page.input_value("#cpd-liste")


def test_le_compositeur_note_la_version_et_le_lien_la_garde(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    assert page.input_value("#cpd-liste") == ""
    page.click("[data-role=choix][data-valeur=gardien]")  # the builder's picker: a new list
    page.wait_for_function("(v) => document.querySelector('#cpd-liste').value.includes(v)",
                           arg=f'version_donnees: "{ANCIENNE}"', timeout=30_000)
    # The builder keeps it while the list grows.
    page.click("[data-role=choix][data-valeur=pisteuse]")
    page.wait_for_function("() => document.querySelectorAll('li[data-role=entree]').length === 2")
    page.wait_for_function("() => (document.querySelector('#cpd-liste').value.match(/caste:/g) || []).length === 2")
    assert f'version_donnees: "{ANCIENNE}"' in page.input_value("#cpd-liste")
    texte = page.input_value("#cpd-liste")
    page.get_by_role("button", name="Partager").click()
    page.wait_for_selector("[data-role=partage]:not([hidden])")
    autre = onglet.nouvelle_page()
    ouvrir(autre, page.input_value("#cpd-lien"))
    autre.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=texte, timeout=15_000)
    assert autre.locator(PANNEAU).is_hidden()  # the current version: nothing to say


def test_la_version_notee_reste_dans_la_liste_du_compositeur(onglet: Onglet, site_url: str) -> None:
    """Once the builder's new list has its version, the next click keeps it: the text never goes
    back to a list without version (which would be checked, then stamped again)."""
    page = onglet.page
    page.add_init_script("""
      window.__textes = [];
      document.addEventListener('DOMContentLoaded', () => {
        const z = document.querySelector('#cpd-liste');
        const noter = () => { if (z.value !== window.__textes[window.__textes.length - 1]) window.__textes.push(z.value); };
        new MutationObserver(noter).observe(document.body, {subtree: true, childList: true, attributes: true});
        z.addEventListener('input', noter);
        setInterval(noter, 2);
      });
    """)
    ouvrir(page, site_url + PAGE)
    page.click("[data-role=choix][data-valeur=gardien]")
    page.wait_for_function("(v) => document.querySelector('#cpd-liste').value.includes(v)",
                           arg=f'version_donnees: "{ANCIENNE}"', timeout=30_000)
    page.click("[data-role=choix][data-valeur=pisteuse]")  # at once, as a player adding a second entry
    page.wait_for_function("() => (document.querySelector('#cpd-liste').value.match(/caste:/g) || []).length === 2")
    page.wait_for_function("() => ['valide', 'invalide'].includes("
                           "document.querySelector('[data-compendium-outil=verifier]').dataset.etat)")
    page.wait_for_timeout(1_000)  # a second write would come after the check of the first
    textes = page.evaluate("window.__textes")
    depuis = next(i for i, t in enumerate(textes) if f'version_donnees: "{ANCIENNE}"' in t)
    sans = [t for t in textes[depuis:] if "version_donnees" not in t]
    assert sans == [], sans
    assert textes[-1].count("caste:") == 2
