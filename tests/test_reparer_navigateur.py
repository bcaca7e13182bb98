"""« Réparations proposées » in headless Chromium for a repair that adds an absent object.

Tamashii solo without the BOT card: the first suggestion adds `options.bot_jordan` with the
Batteries the rules ask for; « Appliquer » makes the list valid. The repaired list expected here
is built by this test from the example file and the rules file, never read from the page.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from tests.browser_support import Onglet
from tests.test_browser_reparations import attendre_reparations, attendre_verdict, ouvrir_exemple, photo

ROOT = Path(__file__).resolve().parent.parent


def test_solo_sans_bot_ajoute_la_carte(onglet: Onglet, site_url: str, output_dir: Path) -> None:
    page = onglet.page
    fichier = "14-invalide-solo-sans-bot.yaml"
    texte = ouvrir_exemple(page, site_url, "tamashii", fichier)
    attendre_verdict(page, "invalide")
    assert 1 <= attendre_reparations(page) <= 5
    premiere = page.locator("li[data-role=reparation]").first
    assert "Ajouter BOT J.O.R.D.A.N." in premiere.inner_text()
    assert premiere.locator(".cpd-reparation-corrige [data-code=TAM_SOLO_BOT]").count() == 1
    photo(page, output_dir / "reparations-tamashii-bot.png")

    regles = yaml.safe_load((ROOT / "data" / "tamashii" / "regles-liste.yaml").read_text("utf-8"))["regles_liste"]
    batteries = next(r for r in regles if r["id"] == "solo-batteries")["borne"]["exact"]
    attendue = yaml.safe_load(texte)
    attendue["options"]["bot_jordan"] = {"batteries": batteries}
    premiere.locator("[data-role=appliquer]").click()
    attendre_verdict(page, "valide")
    assert yaml.safe_load(page.input_value("#cpd-liste")) == attendue
    assert page.locator("[data-role=etat]").inner_text().startswith("Liste valide")
