"""The generic `des` parameter: dice whose faces the player supplies (Hate, Tamashii).

Every die layout in this module is INVENTED: the books print these dice as icons only.
"""
from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from browser_engine import des, jeux
from browser_engine.errors import ErreurParametre
from browser_engine.odds import normaliser_parametres

from .conftest import FIXTURES, ROOT
from .test_data_checks import MALFORMES, check

HATE_LIKE = {
    "id": "de", "nom": "Faces de votre dé", "type": "des", "faces": {"min": 1, "max": 12}, "exclusif": True,
    "symboles": [{"id": "frapper", "nom": "Frapper"}, {"id": "parer", "nom": "Parer"},
                 {"id": "joker", "nom": "Joker"}],
    "stockage": "de-test", "defaut": None,
}
COUNTED = {
    "id": "d6", "nom": "Dé joueur", "type": "des", "faces": 6, "exclusif": False,
    "symboles": [{"id": "succes", "nom": "Succès"}, {"id": "ennemi", "nom": "Ennemi"}], "defaut": None,
}
ZERO = {"frapper": 0, "parer": 0, "joker": 0}


def test_symbol_names_and_blanks_become_one_count_per_symbol() -> None:
    faces = des.lire_des(HATE_LIKE, ["frapper", "Parer", "vide", None, "joker"])
    assert faces == [{**ZERO, "frapper": 1}, {**ZERO, "parer": 1}, ZERO, ZERO, {**ZERO, "joker": 1}]


@pytest.mark.parametrize("texte", ["[frapper, parer, vide]", '["frapper", "parer", "vide"]',
                                   "faces: [frapper, parer, vide]", "- frapper\n- parer\n- vide\n"])
def test_faces_are_read_from_yaml_or_json_text(texte: str) -> None:
    assert des.lire_des(HATE_LIKE, texte) == [{**ZERO, "frapper": 1}, {**ZERO, "parer": 1}, ZERO]


def test_counted_faces_fill_absent_symbols_with_zero() -> None:
    faces = des.lire_des(COUNTED, [{"succes": 2}, {"succes": 1, "ennemi": 1}, {}, "vide", "ennemi", {"succes": 1}])
    assert faces[0] == {"succes": 2, "ennemi": 0}
    assert faces[1] == {"succes": 1, "ennemi": 1}
    assert faces[2] == faces[3] == {"succes": 0, "ennemi": 0}
    assert faces[4] == {"succes": 0, "ennemi": 1}


@pytest.mark.parametrize("value", [None, [], "", "   ", "faces: []"])
def test_no_die_is_refused_and_never_defaulted(value: object) -> None:
    with pytest.raises(ErreurParametre, match="Calcul impossible sans les faces du dé") as exc:
        des.lire_des(HATE_LIKE, value)
    assert "nous ne les inventons pas" in exc.value.message
    assert exc.value.parametre == "de"


@pytest.mark.parametrize(("value", "fragment"), [
    (["frapper"] * 13, "Le dé doit avoir de 1 à 12 faces (reçu : 13)"),
    (["frapper", "taper"], "face 2 « taper » inconnue ; faces possibles : frapper, parer, joker, vide"),
    ([{"frapper": 1, "parer": 1}], "la face 1 porte plusieurs symboles"),
    ([{"frapper": 2}], "la face 1 porte plusieurs symboles"),
    ([{"frapper": True}], "la face 1, frapper doit être un entier de 0 à 20"),
    ([{"frapper": -1}], "la face 1, frapper doit être un entier de 0 à 20"),
    ([{"<b>x</b>": 1}], "symbole inconnu"),
    ([3], "la face 1 doit être un symbole"),
    ({"a": 1, "b": 2}, "Les faces du dé doivent être une liste"),
    ("[frapper, ", "Faces du dé illisibles"),
])
def test_malformed_dice_get_a_french_message(value: object, fragment: str) -> None:
    with pytest.raises(ErreurParametre) as exc:
        des.lire_des(HATE_LIKE, value)
    assert fragment in exc.value.message


def test_a_fixed_face_count_is_enforced() -> None:
    with pytest.raises(ErreurParametre, match="exactement 6 faces"):
        des.lire_des(COUNTED, ["succes"] * 5)


def test_count_of_a_symbol_matches_the_faces() -> None:
    faces = des.lire_des(COUNTED, [{"succes": 2}, {"succes": 1}, {"succes": 1, "ennemi": 1}, "vide", "vide", "ennemi"])
    loi = des.compte(faces, "succes")
    expected = {0: Fraction(3, 6), 1: Fraction(2, 6), 2: Fraction(1, 6)}  # counted by hand from the six faces above
    assert {k: Fraction(q, loi.denominator()) for k, q in loi.items()} == expected
    assert des.texte_faces(faces) == "[{succes: 2}, succes, {succes: 1, ennemi: 1}, vide, vide, ennemi]"


def test_the_generic_engine_reads_a_die_without_game_registration() -> None:
    decl = {"nom": "Test", "parametres": [HATE_LIKE, {"id": "n", "nom": "N", "type": "entier", "min": 1, "max": 3,
                                                      "defaut": 1}]}
    params = normaliser_parametres(decl, {"de": "[joker, vide]"})
    assert params == {"de": [{**ZERO, "joker": 1}, ZERO], "n": 1}
    with pytest.raises(ErreurParametre, match="Calcul impossible sans les faces"):
        normaliser_parametres(decl, {"n": 2})


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The INVENTED test game of tests/fixtures/jeu-test, with the real schemas."""
    shutil.copytree(FIXTURES / "jeu-test" / "data", tmp_path / "data")
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    shutil.copy(FIXTURES / "jeu-test" / "liste-jeu-test.schema.json", tmp_path / "schemas")
    monkeypatch.setitem(jeux.PACKAGES, "jeu-test", "tests.jeu_test_moteur")
    return tmp_path


def test_bad_die_declarations_stop_the_build(project: Path) -> None:
    shutil.copy(MALFORMES / "52-calcul-des.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    f = "data/jeu-test/calculs.yaml"
    # Positions counted by hand in the fixture.
    assert check(project) == (1, [
        f"{f}:15:22 $.calculs[0].parametres[1].faces.min: min 8 supérieur à max 4",
        f"{f}:16:14 $.calculs[0].parametres[1].min: un dé déclare ses bornes dans « faces », pas dans min/max",
        f"{f}:17:19 $.calculs[0].parametres[1].symboles: symbole « a » déclaré deux fois",
        f"{f}:17:19 $.calculs[0].parametres[1].symboles: « vide » est réservé à la face sans symbole",
    ])


def test_value_labels_cover_the_range_exactly(project: Path) -> None:
    shutil.copy(MALFORMES / "53-calcul-libelles.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    f = "data/jeu-test/calculs.yaml"
    # Line 17, column 19: the mapping after « libelles: » (counted by hand).
    assert check(project) == (1, [f"{f}:17:19 $.calculs[0].parametres[0].libelles: un libellé par valeur de 2 à 4, "
                                  "ni plus ni moins"])


def test_labelled_values_become_a_choice_on_the_odds_page() -> None:
    from generator.plugin import load_site
    from generator.render import environment

    game = next(g for g in load_site(ROOT).games if g.id == "hami")
    decl = game.entries["calcul-solo-cnj"].data
    template = environment().get_template("probas.md.j2")
    html = template.render(jeu=game.manifest, calculs=[decl], ancres={}, base="../")
    assert '<select id="cpd-solo_cnj-ligne" name="ligne" data-parametre="ligne" data-type="entier"' in html
    assert '<option value="1" selected>Prédateur géant</option>' in html
    assert '<option value="4">Prédateur adulte et larve</option>' in html
