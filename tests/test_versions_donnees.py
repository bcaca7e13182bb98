"""Data versions in the generator: versions.yaml is checked like every data file, past versions are frozen.

The versions written here are invented for the tests, on the invented test game (tests/fixtures/jeu-test).
Positions in the expected lines were counted by hand in the YAML texts below.
"""
from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from generator.__main__ import main as generator_main
from generator.plugin import load_site
from generator.problems import DataError
from generator.version_pages import exported_files, version_page, with_versions_nav

F = "data/jeu-test/versions.yaml"
UNE = """versions:
  - version: "2026.11.1"
    date: "2026-11-23"
    resume: "Première version publiée."
    changements: []
"""
DEUX = UNE + """  - version: "2026.12.1"
    date: "2026-12-02"
    resume: "Le combat est revu."
    changements:
      - nature: regles
        ids: [combat]
        texte: "Le combat se résout en une passe."
      - nature: retrait
        ids: [ancienne-regle]
        texte: "L'ancienne règle disparaît."
"""


def _ecrire(root: Path, texte: str) -> None:
    (root / "data" / "jeu-test" / "versions.yaml").write_text(texte, encoding="utf-8")


def _problemes(root: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_site(root)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(("texte", "attendu"), [
    (UNE.replace('"2026-11-23"', "2026-11-23"),
     f'{F}:3:11 $.versions[0].date: "2026-11-23" n\'est pas du type attendu (texte)'),
    (UNE.replace('"2026.11.1"', '"v1"'),
     f'{F}:2:14 $.versions[0].version: "v1" ne respecte pas le format attendu '
     r"(^[0-9]{4}\.(0?[1-9]|1[0-2])\.[1-9][0-9]*$)"),
    (UNE.replace("    changements: []\n", ""), f"{F}:2:5 $.versions[0]: champ obligatoire manquant : « changements »"),
    (UNE.replace("changements: []", "changements: [{nature: prix, ids: [combat], texte: x}]"),
     f'{F}:5:28 $.versions[0].changements[0].nature: "prix" n\'est pas une valeur permise '
     "(valeurs : cout, limites, regles, ajout, retrait)"),
    (UNE.replace('"2026-11-23"', '"2026-02-30"'), f"{F}:3:11 $.versions[0].date: date « 2026-02-30 » impossible"),
    (UNE.replace("changements: []", "changements: [{nature: cout, ids: [fantome], texte: x}]"),
     f"{F}:5:40 $.versions[0].changements[0].ids[0]: « fantome » n'est pas une entrée de ce jeu"),
    (UNE.replace("changements: []", "changements: [{nature: retrait, ids: [combat], texte: x}]"),
     f"{F}:5:43 $.versions[0].changements[0].ids[0]: « combat » est retiré mais existe encore dans les données"),
])
def test_un_journal_mal_ecrit_arrete_la_construction(game_root: Path, texte: str, attendu: str) -> None:
    _ecrire(game_root, texte)
    assert _problemes(game_root) == [attendu]


def test_versions_dans_l_ordre(game_root: Path) -> None:
    _ecrire(game_root, DEUX.replace('"2026.12.1"', '"2026.10.1"').replace('"2026-12-02"', '"2026-11-01"'))
    (game_root / "data" / "jeu-test" / "versions").mkdir()
    figee = {"jeu": {"id": "jeu-test"}, "schemas": {}}  # a readable frozen bundle: only the order is wrong
    (game_root / "data" / "jeu-test" / "versions" / "2026.11.1.json.gz").write_bytes(
        gzip.compress(json.dumps(figee).encode()))
    assert _problemes(game_root) == [
        f"{F}:6:14 $.versions[1].version: la version « 2026.10.1 » doit suivre « 2026.11.1 » "
        "(de la plus ancienne à la plus récente)",
        f"{F}:7:11 $.versions[1].date: la date 2026-11-01 précède celle de la version précédente (2026-11-23)",
    ]


def test_une_version_passee_sans_donnees_figees(game_root: Path) -> None:
    _ecrire(game_root, DEUX)
    problemes = _problemes(game_root)
    assert problemes == [f"{F}:2:14 $.versions[0].version: données figées de la version « 2026.11.1 » absentes : "
                         "data/jeu-test/versions/2026.11.1.json.gz (« python -m generator figer-version jeu-test » "
                         "avant de changer les données)"]


def test_figer_puis_publier_une_version(game_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _ecrire(game_root, UNE)
    assert generator_main(["--racine", str(game_root), "figer-version", "jeu-test"]) == 0
    fige = game_root / "data" / "jeu-test" / "versions" / "2026.11.1.json.gz"
    contenu = fige.read_bytes()
    paquet = json.loads(gzip.decompress(contenu))
    assert paquet["jeu"]["id"] == "jeu-test" and paquet["versions"][-1]["version"] == "2026.11.1"
    assert {e["id"] for e in paquet["mots_cles"]} >= {"cachee"}
    # Frozen twice: the same bytes (no timestamp); the file is kept.
    assert generator_main(["--racine", str(game_root), "figer-version", "jeu-test"]) == 0
    assert fige.read_bytes() == contenu
    # Only the current version can be frozen.
    assert generator_main(["--racine", str(game_root), "figer-version", "jeu-test", "2020.1.1"]) == 1
    assert "Seule la version actuelle (2026.11.1)" in capsys.readouterr().err
    # The next version is published: the frozen file ships with the site, the page lists both versions.
    _ecrire(game_root, DEUX.replace("      - nature: retrait\n        ids: [ancienne-regle]\n"
                                    "        texte: \"L'ancienne règle disparaît.\"\n", ""))
    site = load_site(game_root)
    assert exported_files(site, game_root) == {"assets/data/versions/jeu-test/2026.11.1.json.gz": contenu}
    page = version_page(site.games[0])
    assert page.index("## Version 2026.12.1 (actuelle)") < page.index("## Version 2026.11.1")
    assert "*Publiée le 2 décembre 2026.* Le combat est revu." in page
    assert "| Règles | Le combat se résout en une passe. | [Combat](" in page
    assert with_versions_nav(site, {})["jeu-test"] == [("Versions des données", "jeu-test/versions.md")]
    # A frozen file without its version is refused too.
    (fige.parent / "2025.1.1.json.gz").write_bytes(contenu)
    assert _problemes(game_root) == [f"{F}:2:3 $.versions: fichier versions/2025.1.1.json.gz sans version passée "
                                     "correspondante dans versions.yaml"]


def test_chaque_jeu_du_site_a_sa_premiere_version() -> None:
    root = Path(__file__).resolve().parent.parent
    site = load_site(root)
    for game in site.games:
        versions = game.raw["versions"]
        assert [v["version"] for v in versions] == ["2026.11.1"], game.id
        assert versions[0]["changements"] == [] and versions[0]["resume"] == "Première version publiée."
        assert "## Version 2026.11.1 (actuelle)" in version_page(game)


def test_la_commande_versions_de_la_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A copy of the HAMI data is frozen, then changed (invented for the test): the Gardien costs 3, no Gardien."""
    from browser_engine.cli import main as cli_main

    root = Path(__file__).resolve().parent.parent
    shutil.copytree(root / "data" / "hami", tmp_path / "data" / "hami")
    (tmp_path / "schemas").symlink_to(root / "schemas")
    dossier = tmp_path / "data" / "hami"
    liste = tmp_path / "liste.yaml"
    exemple = (dossier / "listes" / "01-exemple-du-livre.yaml").read_text("utf-8")
    liste.write_text(exemple.replace("jeu: hami\n", 'jeu: hami\nversion_donnees: "2026.11.1"\n'), "utf-8")
    donnees = ["--donnees", str(tmp_path / "data")]
    assert cli_main(["versions", str(liste), *donnees]) == 0
    assert "Liste composée pour la version actuelle des données (2026.11.1)." in capsys.readouterr().out
    assert generator_main(["--racine", str(tmp_path), "figer-version", "hami"]) == 0
    capsys.readouterr()
    profils = (dossier / "profils.yaml").read_text("utf-8")
    debut = profils.index("id: gardien\n")
    fin = profils.index("cout: 2", debut)
    (dossier / "profils.yaml").write_text(profils[:fin] + "cout: 3" + profils[fin + len("cout: 2"):], "utf-8")
    regles = (dossier / "regles-liste.yaml").read_text("utf-8")
    debut = regles.index("id: deux-gardiens-maximum\n")
    fin = regles.index("borne: {max: 2}", debut)
    (dossier / "regles-liste.yaml").write_text(regles[:fin] + "borne: {max: 0}" + regles[fin + 15:], "utf-8")
    (dossier / "versions.yaml").write_text((dossier / "versions.yaml").read_text("utf-8") + """  - version: "2026.12.1"
    date: "2026-12-01"
    resume: "Version inventée pour le test."
    changements:
      - {nature: cout, ids: [gardien], texte: "Le Gardien coûte 3 points."}
      - {nature: limites, ids: [deux-gardiens-maximum], texte: "Plus de Gardien."}
""", "utf-8")
    assert cli_main(["versions", str(liste), *donnees]) == 1  # invalid now
    sortie = capsys.readouterr().out
    assert "Alors (2026.11.1) : valide — coût 9 / 9" in sortie
    assert "Maintenant (2026.12.1) : invalide (2 erreurs) — coût 10 / 9" in sortie
    assert "- Gardien du Rocher (coût 3 → 4)" in sortie
    assert "Coût — Gardien : Coût 2 → 3." in sortie
    assert "Limites — Deux Gardiens au plus : Limite au plus 2 → au plus 0." in sortie
    assert cli_main(["versions", str(liste), "--json", *donnees]) == 1
    resultat = json.loads(capsys.readouterr().out)
    assert resultat["statut"] == "ancienne" and resultat["donnees_anciennes"] is True
