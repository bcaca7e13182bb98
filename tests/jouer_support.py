"""Shared helpers of the play-mode browser tests (« Jouer », at a phone's size)."""
from __future__ import annotations

from tests.browser_support import attendre_moteur

TELEPHONE = {"width": 390, "height": 844}


def ouvrir_jouer(page: object, url: str) -> None:
    """Open a game's « Jouer » page at 390 × 844 and start its first example list."""
    page.set_viewport_size(TELEPHONE)  # type: ignore[attr-defined]
    page.goto(url)  # type: ignore[attr-defined]
    attendre_moteur(page)
    page.get_by_role("button", name="Jouer cet exemple").click()  # type: ignore[attr-defined]
    page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)  # type: ignore[attr-defined]
