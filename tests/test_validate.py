"""Validate stage: malformed data files stop with one exact `file:line:col JSONPath: message` line."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.plugin import load_site
from generator.problems import DataError

from .conftest import FIXTURES

F = "data/jeu-test/zz-test.yaml"
NOT_FOUND = "vers une entrée qui n'existe pas dans ce jeu"

# (fixture, expected line). Positions were counted by hand in each fixture file.
CASES = [
    ("01-mauvais-type.yaml", f"{F}:7:13 $.sorts[0].portee: [1] n'est pas du type attendu (entier ou nombre ou texte)"),
    ("02-champ-manquant.yaml", f"{F}:2:5 $.sorts[0]: champ obligatoire manquant : « nom »"),
    ("03-champ-inconnu.yaml", f"{F}:7:5 $.sorts[0].portée: champ inconnu « portée »"),
    ("04-id-double.yaml", f"{F}:7:9 $.sorts[1].id: identifiant « combat » en double (déjà défini en data/jeu-test/sections.yaml:3:9)"),
    ("05-renvoi-inconnu.yaml", f"{F}:7:12 $.sorts[0].voir[0]: renvoi « fantome » {NOT_FOUND}"),
    ("06-yaml-invalide.yaml", f"{F}:6:1 $: fin de fichier inattendue : guillemet ou crochet non fermé"),
    ("07-tabulation.yaml", f"{F}:3:1 $: tabulation interdite : indentez avec des espaces"),
    ("08-vide.yaml", f"{F}:1:1 $: fichier vide : une clé de premier niveau est attendue"),
    ("09-id-invalide.yaml", f"{F}:2:9 $.sorts[0].id: identifiant invalide \"Boule_De_Feu\" : kebab-case sans accents attendu (ex. pierre-d-artefact)"),
    ("10-page-inconnue.yaml", f"{F}:5:11 $.sorts[0].page: page « inexistante » inconnue : déclarez-la dans jeu.yaml (pages : regles)"),
    ("11-lien-casse.yaml", f"{F}:7:12 $.sorts[0].texte: lien [[…]] « nulle-part » {NOT_FOUND}"),
    ("12-type-inconnu.yaml", f"{F}:1:1 $.sortileges: clé de premier niveau inconnue « sortileges » : vouliez-vous dire « sorts » ?"),
    ("13-cle-double.yaml", f"{F}:4:5 $.sorts[0].nom: clé « nom » en double dans le même objet"),
    # An anchored node starts at its anchor: `&a` is at column 4 of line 1.
    ("14-alias.yaml", f"{F}:1:4 $.b[0]: les ancres et alias YAML (&, *) ne sont pas acceptés dans les données"),
    ("15-non-utf8.yaml", f"{F}:3:16 $: texte non UTF-8 : enregistrez le fichier en UTF-8"),
    ("16-texte-vide.yaml", f"{F}:3:10 $.sorts[0].nom: texte vide"),
    ("17-forme-en-double.yaml", f"{F}:7:14 $.sorts[0].formes[0]: la forme « Cachée » désigne déjà « cachee » : un terme ne peut mener qu'à une définition"),
    ("18-pas-un-objet.yaml", f"{F}:1:1 $: le fichier doit être un objet dont l'unique clé de premier niveau nomme le type de données (ex. sorts, tables)"),
    ("19-minimum.yaml", f"{F}:6:33 $.sorts[0].source.ligne: 0 est inférieur au minimum 1"),
]


def test_fixture_game_is_valid(game_root: Path) -> None:
    site = load_site(game_root)
    assert [g.id for g in site.games] == ["jeu-test"]
    assert set(site.games[0].entries) == {"combat", "bouclier", "cachee", "table-test"}


@pytest.mark.parametrize(("fixture", "expected"), CASES, ids=[c[0] for c in CASES])
def test_malformed_file_gives_one_exact_line(game_root: Path, fixture: str, expected: str) -> None:
    shutil.copy(FIXTURES / "malformes" / fixture, game_root / "data" / "jeu-test" / "zz-test.yaml")
    with pytest.raises(DataError) as caught:
        load_site(game_root)
    assert [str(p) for p in caught.value.problems] == [expected]


def test_every_problem_of_every_file_is_reported(game_root: Path) -> None:
    folder = game_root / "data" / "jeu-test"
    shutil.copy(FIXTURES / "malformes" / "02-champ-manquant.yaml", folder / "zz-a.yaml")
    shutil.copy(FIXTURES / "malformes" / "07-tabulation.yaml", folder / "zz-b.yaml")
    with pytest.raises(DataError) as caught:
        load_site(game_root)
    assert [p.file for p in caught.value.problems] == ["data/jeu-test/zz-a.yaml", "data/jeu-test/zz-b.yaml"]


def test_missing_manifest_is_reported(game_root: Path) -> None:
    (game_root / "data" / "autre").mkdir()
    (game_root / "data" / "autre" / "jeu.yaml").write_text("jeu:\n  id: pas-le-dossier\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_site(game_root)
    lines = [str(p) for p in caught.value.problems]
    assert "data/autre/jeu.yaml:2:3 $.jeu: champ obligatoire manquant : « nom »" in lines


def test_build_stops_with_the_problem_line(game_root: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    import subprocess
    import sys

    from .conftest import ROOT

    shutil.copy(FIXTURES / "malformes" / "05-renvoi-inconnu.yaml", game_root / "data" / "jeu-test" / "zz-test.yaml")
    for name in ("mkdocs.yml", "content", "site_overrides"):
        (game_root / name).symlink_to(ROOT / name)
    (game_root / "generator").symlink_to(ROOT / "generator")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path_factory.mktemp("s"))],
                         cwd=game_root, capture_output=True, text=True, timeout=300)
    assert run.returncode != 0
    assert f"{F}:7:12 $.sorts[0].voir[0]: renvoi « fantome » {NOT_FOUND}" in run.stdout + run.stderr


# --- Inlined references: the same verdicts as the schemas as written --------------------------

def _errors(validator: object, value: object) -> list[tuple[str, str, str]]:
    return sorted((str(list(e.absolute_path)), e.validator, e.message)  # type: ignore[attr-defined]
                  for e in validator.iter_errors(value))  # type: ignore[attr-defined]


def _spoiled(value: object) -> object:
    """Every scalar of a data file replaced by a value of another type (lots of schema errors)."""
    if isinstance(value, dict):
        return {k: _spoiled(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_spoiled(v) for v in value]
    if isinstance(value, str):
        return 7
    return "x"


def test_inlined_schemas_give_the_same_errors_as_the_written_ones() -> None:
    import jsonschema

    from generator.load import load_game
    from generator.validate import load_schemas

    from .conftest import ROOT

    schemas = load_schemas(ROOT / "schemas")
    seen = 0
    for game in sorted(p.name for p in (ROOT / "data").iterdir() if p.is_dir()):
        files, problems = load_game(ROOT / "data", game, ROOT)
        assert not problems
        for data_file in files:
            (kind,) = data_file.value
            written = jsonschema.Draft202012Validator(schemas.by_kind[kind], registry=schemas.registry)
            inlined = schemas.validator(kind)
            assert inlined.schema != written.schema or "$ref" not in str(written.schema)
            for value in (data_file.value, _spoiled(data_file.value)):
                assert _errors(inlined, value) == _errors(written, value), data_file.path
            seen += 1
    assert seen >= 30


def test_inline_refs_keeps_recursive_references() -> None:
    import jsonschema
    from referencing import Registry, Resource

    from generator.validate import inline_refs

    tree = {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://compendium.invalid/schemas/arbre.schema.json", "type": "object",
            "properties": {"nom": {"$ref": "#/$defs/nom"}, "enfants": {"type": "array", "items": {"$ref": "#"}}},
            "$defs": {"nom": {"type": "string", "minLength": 1}}}
    registry = Registry().with_resource(tree["$id"], Resource.from_contents(tree))
    inlined = inline_refs(tree, tree["$id"], {tree["$id"]: tree})
    assert inlined["properties"]["nom"] == {"type": "string", "minLength": 1}
    validator = jsonschema.Draft202012Validator(inlined, registry=registry)
    assert validator.is_valid({"nom": "a", "enfants": [{"nom": "b", "enfants": []}]})
    assert [list(e.absolute_path) for e in validator.iter_errors({"nom": "a", "enfants": [{"nom": ""}]})] == \
        [["enfants", 0, "nom"]]
