"""Named presets of the Khârn-Âges threshold calculator on the built odds page (issue 13).

Réception (l. 700), the 6+ jump (l. 686), Détecter 8+ naturel (l. 1120) and throwing ≥ 12
(l. 996) are buttons above the form: each links its rule and says which values it sets.
The expected thresholds are read from the book, not from the data file.
"""
from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest


class Preselections(HTMLParser):
    """Collect the preset buttons, their rule links and the values they say they set."""

    def __init__(self) -> None:
        super().__init__()
        self.boutons: dict[str, dict[str, object]] = {}
        self.courant: str | None = None
        self.role: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-preselection-ligne" in a:
            self.courant = a["data-preselection-ligne"]
            self.boutons[self.courant] = {"nom": "", "lien": None, "valeurs_texte": "", "note": ""}
        elif self.courant and tag == "button" and "data-preselection" in a:
            self.boutons[self.courant]["valeurs"] = json.loads(a["data-valeurs"] or "{}")
            self.role = "nom"
        elif self.courant and a.get("data-role") == "preselection-regle":
            self.boutons[self.courant]["lien"] = a["href"]
        elif self.courant and a.get("data-role") == "preselection-valeurs":
            self.role = "valeurs_texte"
        elif self.courant and a.get("data-role") == "preselection-note":
            self.role = "note"

    def handle_endtag(self, tag: str) -> None:
        if tag == "li":
            self.courant = None
        if tag in ("button", "span"):
            self.role = None

    def handle_data(self, data: str) -> None:
        if self.courant and self.role:
            self.boutons[self.courant][self.role] += data  # type: ignore[operator]


@pytest.fixture(scope="module")
def boutons(site_dir: Path) -> dict[str, dict[str, object]]:
    """The presets of the threshold form only (other calculators have presets of their own)."""
    brut = (site_dir / "kharn-ages" / "probas" / "index.html").read_text(encoding="utf-8")
    debut = brut.index('data-compendium-calcul="seuil"')
    analyse = Preselections()
    analyse.feed(brut[brut.rindex("<form", 0, debut):brut.index("</form>", debut)])
    return analyse.boutons


# (preset, its rule's page and anchor, the values the book fixes, the line cited in its note)
ATTENDUS = [
    ("reception", "kharn-ages/mouvement/#chutes", {"niveau": 1, "seuil": 10, "bonus": 0}, "l. 700"),
    ("saut", "kharn-ages/mouvement/#sauter", {"carac": 0, "bonus": 0, "seuil": 6}, "l. 686"),
    ("detecter", "kharn-ages/actions-generiques/#detecter", {"carac": 0, "bonus": 0, "seuil": 8}, "l. 1120"),
    ("lancer", "kharn-ages/distance/#lancer-un-objet", {"bonus": 0, "seuil": 12}, "l. 996"),
]


@pytest.mark.parametrize(("preset", "lien", "valeurs", "ligne"), ATTENDUS, ids=[a[0] for a in ATTENDUS])
def test_preselection_liee_a_sa_regle(boutons: dict[str, dict[str, object]], site_dir: Path, preset: str,
                                      lien: str, valeurs: dict[str, int], ligne: str) -> None:
    b = boutons[preset]
    assert b["lien"] == "../../" + lien
    page, ancre = lien.split("#")
    assert f'id="{ancre}"' in (site_dir / page / "index.html").read_text(encoding="utf-8")
    fixees = b["valeurs"]
    assert isinstance(fixees, dict)
    for param, valeur in valeurs.items():
        assert fixees[param] == valeur
    # No shot: the presets clear the shooter's wider critical failures.
    assert fixees["tireur"] is False and fixees["tir_standard"] is False
    # The figure's C + A are never fixed, except where the book adds nothing to the die.
    assert ("carac" in fixees) == (preset in ("saut", "detecter"))
    assert f"Seuil à atteindre {valeurs['seuil']}" in str(b["valeurs_texte"])
    assert ligne in str(b["note"])


def test_quatre_preselections_sur_le_calcul_de_seuil(boutons: dict[str, dict[str, object]], site_dir: Path) -> None:
    assert set(boutons) == {a[0] for a in ATTENDUS}
    brut = (site_dir / "kharn-ages" / "probas" / "index.html").read_text(encoding="utf-8")
    formulaire = brut.index('data-compendium-calcul="seuil"')
    fin = brut.index("</form>", formulaire)
    assert all(brut.index(f'data-preselection="{p}"') in range(formulaire, fin) for p in boutons)
    # The other calculators' presets are not inside this form.
    assert brut.count("data-preselection-ligne=") > len(boutons)
    # Réception is one die (« 1D10 », l. 700); the page says what a toise of fall adds.
    assert "Niveau 1" in str(boutons["reception"]["valeurs_texte"])
    assert "1 par toise" in str(boutons["reception"]["note"]) and "2 par toise" in str(boutons["reception"]["note"])
