"""Khârn-Âges pages of the built site: the readings of issue 10 §3 and the catalogue format are shown to players."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest


def texte(site_dir: Path, page: str) -> str:
    """The visible text of a built page, tags removed and spaces collapsed."""
    brut = (site_dir / "kharn-ages" / page / "index.html").read_text(encoding="utf-8")
    sans_balises = re.sub(r"<script.*?</script>|<[^>]+>", " ", brut, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(sans_balises))


@pytest.mark.parametrize("page, passages", [
    # RC read one way everywhere (l. 112, 118, 1704), in the jets-critiques section and both calculations.
    ("bases", ["Une RC réussit toujours, quel que soit le seuil", "l. 1704"]),
    ("defense", ["Une RC se lit partout de la même façon", "l. 915-917", "l. 1704"]),
    # « surpasse » (l. 605) against « ≥ seuil » (l. 607).
    ("actions", ["l. 605", "l. 607"]),
    # Spécialiste: a rerolled 1 adds 1 (l. 115-116, 1579).
    ("competences", ["le 1 relancé d'un spécialiste ajoute 1"]),
    # Sonné: reflex defence always possible (l. 1056-1057).
    ("effets-et-etats", ["l. 1056-1057"]),
    # Tarsak's limitation is not in the book (l. 421).
    ("profils", ["sans dire s'il est un personnage (LIM P)"]),
    # List rules: LIM by name and level (l. 337, 343), carrying is not holding (l. 1630), reserved cards (l. 1626).
    ("verifier", ["toutes les figurines portant le même nom", "chaque niveau a sa propre limite",
                  "porter n'est pas tenir", "La faction de sa carte"]),
])
def test_lectures_affichees(site_dir: Path, page: str, passages: list[str]) -> None:
    contenu = texte(site_dir, page)
    for passage in passages:
        assert passage in contenu, f"{page}: « {passage} » absent"


def test_format_du_catalogue_documente(site_dir: Path) -> None:
    """Every field of a card, with its values, on the catalogue's own page (not the builder's)."""
    contenu = texte(site_dir, "catalogue")
    for champ in ("socle", "groupe", "inamovible", "allonge", "portee", "recharge", "duree", "perce_armure",
                  "reserve_a", "generique", "Champs d'un sort", "1 ou 2",
                  "récupérés au début de chaque activation"):
        assert champ in contenu, champ
