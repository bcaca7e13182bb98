"""Hate « Vérifier une liste » in headless Chromium: examples open and errors sit on their entries.

Needs `verifier` in the `outils` of `data/hate/jeu.yaml` (enabled by the lead with the Hate tools).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from tests.engine_support import DATA
from tests.test_browser_outils import Onglet, attendre_etat, exemples, ouvrir, saisir

PAGE = "hate/verifier/"
INVALIDE = "16-invalide-mercenaire-a-la-place-du-champion.yaml"
VALIDE = "05-chronique-um-gorr-et-le-tyran.yaml"


def capture(page: object, nom: str) -> None:
    """A screenshot for a person to look at, when COMPENDIUM_CAPTURES names a folder."""
    dossier = os.environ.get("COMPENDIUM_CAPTURES")
    if dossier:
        Path(dossier).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(dossier) / nom))


def test_exemple_valide_puis_invalide(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    liste = exemples(page)
    assert len(liste) == len(list((DATA / "hate" / "listes").glob("*.yaml")))

    page.select_option("#cpd-exemple", liste[VALIDE])
    attendre_etat(page, "valide")
    couts = page.locator("[data-role=couts] tbody tr")
    assert couts.count() == 13
    assert "reste au village" in couts.nth(0).inner_text()
    assert "Um'Gorr-D-01" in couts.nth(11).inner_text()
    assert couts.nth(11).locator(".cpd-cout").inner_text() == "1"  # the Tyran: 2, minus 1 for Um'Gorr-D-01
    # The example's comment states the tribe's activation cost; no points total (a tribe has no budget).
    annonce = re.search(r"Coût d'activation : (\d+) jetons", (DATA / "hate" / "listes" / VALIDE).read_text("utf-8"))
    assert annonce
    assert page.inner_text("[data-role=cout-activation]") == f"Coût d'activation : {annonce.group(1)} jetons Sauvagerie"
    assert page.locator("[data-role=total]").count() == 0
    avertissements = page.inner_text("[data-role=avertissements]")
    assert "recouverte" in avertissements and "Non vérifiable" in avertissements
    capture(page, "hate-verifier-valide.png")

    page.select_option("#cpd-exemple", liste[INVALIDE])
    attendre_etat(page, "invalide")
    erreurs = page.locator("[data-role=erreurs] li")
    assert erreurs.count() == 1
    texte = erreurs.first.inner_text()
    assert "Trull" in texte and "ne peut pas remplacer le Champion" in texte
    assert "12" in erreurs.first.locator(".cpd-chemin").inner_text()  # entry 12, field remplace
    lien = erreurs.first.locator("a").first.get_attribute("href") or ""
    assert "hate/verifier/" in lien and lien.endswith("#mercenaire-remplace")
    capture(page, "hate-verifier-invalide.png")


def test_nom_hostile_affiche_comme_texte(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + PAGE)
    texte = (DATA / "hate" / "listes" / "03-debut-de-chronique.yaml").read_text("utf-8")
    texte += "  - type: prince\n    nom: \"<img src=x onerror=alert(1)>\"\n"
    saisir(page, texte)
    attendre_etat(page, "invalide")
    message = page.inner_text("[data-role=erreurs]")
    assert "<img src=x onerror=alert(1)>" in message and "Prince" in message
    assert page.locator("[data-role=erreurs] img").count() == 0
