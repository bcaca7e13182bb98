"""Shared by the browser tests of « Probabilités de ma liste »: numbers as the page writes them,
typing a list into the text view, and optional screenshots for a person to look at."""
from __future__ import annotations

import os
from pathlib import Path


def fr(valeur: float) -> str:
    """A number with two decimals and a decimal comma, as the matrix shows an expected value."""
    return f"{valeur:.2f}".replace(".", ",")


def pourcent(p: float) -> str:
    """A probability as the page writes it (« 66,73 % », narrow space kept)."""
    return f"{p * 100:.2f}".replace(".", ",") + "\u00a0%"


def ecrire_liste(page: object, texte: str) -> None:
    """Type a list into the text view; the checker reads it and announces its report."""
    vue = page.locator("[data-role=vue-texte]")
    if vue.get_attribute("open") is None:
        vue.locator("summary").click()
    page.fill("#cpd-liste", texte)


def capture(page: object, nom: str) -> None:
    """A screenshot of the view for a person to look at, when COMPENDIUM_CAPTURES names a folder."""
    dossier = os.environ.get("COMPENDIUM_CAPTURES")
    if dossier:
        Path(dossier).mkdir(parents=True, exist_ok=True)
        page.locator("[data-role=probas-liste]").screenshot(path=str(Path(dossier) / nom), timeout=120_000)
