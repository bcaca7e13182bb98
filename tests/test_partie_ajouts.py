"""Play mode's cards added during the game (`ajouts`): Tamashii's attached Enemies, one card each.

Expected kinds and values are read by the test from data/tamashii/profils.yaml and partie.yaml.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from browser_engine.cli import charger_donnees
from browser_engine.partie import fiches_partie
from tests.partie_support import copier_jeu, position, problemes

ROOT = Path(__file__).resolve().parent.parent


def _yaml(nom: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "tamashii" / nom).read_text("utf-8"))


def test_sortes_d_ennemis_et_leur_integrite() -> None:
    ajout = _yaml("partie.yaml")["partie"]["ajouts"][0]
    profils = [p for p in _yaml("profils.yaml")["profils"]
               if p.get("categorie") == ajout["categorie"] and isinstance(p.get("caracteristiques"), dict)]
    liste = yaml.safe_load(sorted((ROOT / "data" / "tamashii" / "listes").glob("0*.yaml"))[0].read_text("utf-8"))
    r = fiches_partie(charger_donnees("tamashii"), liste)
    (ennemi,) = r["ajouts"]
    assert ennemi["pour"] == ["joueur"] and ennemi["retirer"] == ajout["retirer"]
    assert [s["nom"] for s in ennemi["sortes"]] == [p["nom"] for p in profils] + [ajout["autre"]]
    for sorte, profil in zip(ennemi["sortes"], profils + [{"caracteristiques": {}}], strict=True):
        (c,) = sorte["compteurs"]
        integrite = profil["caracteristiques"].get("Intégrité")
        assert (c["depart"], c["min"], c["max"]) == (integrite, 0, integrite)
        assert c["au_minimum"] == "vaincu" and c["depart_est_max"] is True
        assert (c["manquant"] is None) == isinstance(integrite, int)
    # The count of attached Enemies is no longer a counter of the player's sheet.
    assert all(c["id"] != "ennemis" for f in r["fiches"] for c in f["compteurs"])


def test_jeu_sans_ajouts() -> None:
    liste = yaml.safe_load(sorted((ROOT / "data" / "hate" / "listes").glob("0*.yaml"))[0].read_text("utf-8"))
    assert fiches_partie(charger_donnees("hate"), liste)["ajouts"] == []


def test_ajout_mal_declare_est_localise(tmp_path: Path) -> None:
    """A card kind added to an undeclared sheet kind, and bounds the wrong way round: located errors."""
    fichier = copier_jeu(tmp_path, "tamashii")
    texte = fichier.read_text("utf-8")
    debut = texte.index("  ajouts:")
    bloc = texte[debut:].replace("      pour: [joueur]\n", "      pour: [unite]\n", 1)
    bloc = bloc.replace("          min: {valeur: 0}\n          max: {carte: /caracteristiques/Intégrité}",
                        "          min: {valeur: 4}\n          max: {valeur: 2}", 1)
    texte = texte[:debut] + bloc
    fichier.write_text(texte, "utf-8")
    problems = problemes(tmp_path)
    line, col = position(texte, "unite]")
    assert f"data/tamashii/partie.yaml:{line}:{col} $.partie.ajouts[0].pour[0]: fiche « unite » absente de « figures »" \
           " (joueur, partie)" in problems, problems
    assert any("$.partie.ajouts[0].compteurs[0].max.valeur" in p and "inférieur au minimum 4" in p for p in problems), problems
