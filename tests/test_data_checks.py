"""Data mistakes that no schema catches stop `generator check` with one located line each (issue 10 §5).

List rules, calculations, tables, references, pages, anchors, link forms, unsafe text, files that
would not be read, truncated schemas and deep nesting. The test game and its engine module are
INVENTED (tests/fixtures/jeu-test, tests/jeu_test_moteur.py). Positions were counted by hand in
each fixture file (a block scalar `texte: |` starts at its `|`).
"""
from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from browser_engine import jeux
from generator.__main__ import main
from generator.plugin import load_site

from .conftest import FIXTURES, ROOT

MALFORMES = FIXTURES / "malformes"
F = "data/jeu-test/zz-test.yaml"
FIELDS = "champs : classe, cout_total, nom, rang, tags"
HTML = "interdit dans les données : écrivez du Markdown (pour un signe < isolé, laissez une espace après)"
UNDECLARED = ("le moteur implémente le calcul « de », mais aucune entrée de calculs ne le déclare "
              "(les pages d'outils et les tableaux de probabilités en ont besoin)")

# (fixture, where it goes in the project, expected lines)
CASES = [
    ("20-regle-somme-inconnue.yaml", F,
     [f"{F}:9:12 $.regles_liste[0].somme: champ « cout_totl » inconnu des entrées de liste ({FIELDS})"]),
    ("21-regle-selecteur-inconnu.yaml", F,
     [f"{F}:9:17 $.regles_liste[0].selecteur.clase: champ « clase » inconnu des entrées de liste ({FIELDS})"]),
    ("22-regle-borne-inconnue.yaml", F,
     [f"{F}:10:18 $.regles_liste[0].borne.max: nom inconnu « fromat » dans la borne "
      "(noms possibles : format, cout, nb_entrees)"]),
    ("23-regle-message-inconnu.yaml", F,
     [f"{F}:11:14 $.regles_liste[0].message: « {{valuer}} » n'a pas de valeur dans ce message "
      "(noms possibles : cout, ecart, format, max, nb_entrees, valeur)"]),
    ("24-regle-valeur-impossible.yaml", F,
     [f"{F}:9:25 $.regles_liste[0].selecteur.classe: valeur « z » impossible pour le champ « classe » "
      "(valeurs : a, b, c) : la règle ne s'appliquerait jamais"]),
    ("25-calcul-non-implemente.yaml", F,
     [f"{F}:2:3 $.calculs: {UNDECLARED}",
      f"{F}:7:13 $.calculs[0].calcul: calcul « inexistant » déclaré mais pas implémenté par le moteur "
      "(calculs implémentés : de)"]),
    ("26-calcul-min-max.yaml", F, [f"{F}:11:52 $.calculs[0].parametres[0].min: min 20 supérieur à max 2"]),
    ("27-calcul-parametre-absent.yaml", F,
     [f"{F}:10:17 $.calculs[0].parametres: le moteur lit le paramètre « faces », que la déclaration ne "
      "contient pas"]),
    ("50-calcul-preselection.yaml", F,
     [f"{F}:14:68 $.calculs[0].preselections[0].valeurs.faces: valeur 30 hors de [2, 20] pour le paramètre « faces »",
      f"{F}:15:73 $.calculs[0].preselections[1].valeurs.face: paramètre « face » inconnu de ce calcul "
      "(paramètres : faces)",
      f"{F}:16:73 $.calculs[0].preselections[2].valeurs.faces: le paramètre entier « faces » prend un nombre entier",
      f"{F}:17:14 $.calculs[0].preselections[3].id: préselection « grand » déclarée deux fois"]),
    ("51-preselection-regle-inconnue.yaml", F,
     [f"{F}:14:48 $.calculs[0].preselections[0].regle: renvoi « fantome » vers une entrée qui n'existe pas "
      "dans ce jeu"]),
    ("28-table-ligne-inegale.yaml", F,
     [f"{F}:12:9 $.tables[0].lignes[1]: ligne incomplète : case « ref » absente "
      "(écrivez « ref: null » pour une case vide)",
      f"{F}:12:22 $.tables[0].lignes[1].renvoi: case « renvoi » sans colonne de ce nom (colonnes : jet, ref)"]),
    ("29-table-intervalle-inverse.yaml", F,
     [f"{F}:11:15 $.tables[0].lignes[0].jet: intervalle inversé « 3-1 » : écrivez « 1-3 »"]),
    ("30-table-chevauchement.yaml", F,
     [f"{F}:12:15 $.tables[0].lignes[1].jet: le résultat 3 est déjà couvert par la ligne 1"]),
    ("31-table-de-impossible.yaml", F,
     [f"{F}:7:9 $.tables[0].de: dé impossible « d1 » : au moins un dé d'au moins deux faces (d6, 2d6, d10…)"]),
    ("32-table-face-impossible.yaml", F,
     [f"{F}:12:15 $.tables[0].lignes[1].jet: résultat impossible « 4-7 » avec d6 (de 1 à 6)"]),
    ("33-renvoi-proprietes.yaml", F,
     [f"{F}:7:25 $.sorts[0].proprietes.table: renvoi « fantome » vers une entrée qui n'existe pas dans ce jeu"]),
    ("34-renvoi-mauvais-type.yaml", F,
     [f"{F}:7:25 $.sorts[0].proprietes.table: renvoi « combat » vers une entrée de type « sections », "
      "alors que « tables » est attendu"]),
    ("49-renvoi-non-texte.yaml", F,
     [f"{F}:7:25 $.sorts[0].proprietes.table: renvoi (identifiant attendu) « 3 » vers une entrée qui n'existe pas "
      "dans ce jeu"]),
    ("35-forme-pas-un-mot.yaml", F,
     [f"{F}:9:20 $.sections[0].formes[1]: la forme « * » n'est pas un mot du texte (caractère « * » interdit) : "
      "elle ne peut pas devenir un lien"]),
    ("36-ancre-double.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: ancre « combat » en double sur la page « regles » "
      "(déjà prise par l'entrée « combat »)"]),
    ("37-html-brut.yaml", F, [f"{F}:7:12 $.sections[0].texte: HTML ou lien brut « <script> » {HTML}"]),
    ("38-image-externe.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: image chargée depuis « https://images.example/carte.png » : "
      "le site ne charge rien d'un autre site"]),
    ("39-lien-javascript.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: lien « javascript: » interdit : il exécuterait du code"]),
    ("40-lien-externe.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: lien vers un autre site « http://autre.example/page » interdit : "
      "les liens des données restent dans le site"]),
    ("41-nom-html.yaml", F, [f"{F}:3:10 $.sections[0].nom: HTML ou lien brut « <img src=x onerror=alert(1)> » {HTML}"]),
    # The top-level mapping is level 1: the 32nd « [ » (column 8 + 31) opens level 33.
    ("46-bloc-non-ferme.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: bloc de code non fermé : la suite de la page s'afficherait comme du code"]),
    # The test game declares no tools: its checker page does not exist.
    ("47-lien-page-inconnue.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: lien « verifier.md#catalogue » vers une page « verifier » qui n'existe pas "
      "dans ce jeu (pages : glossaire, index, regles)"]),
    ("48-lien-ancre-inconnue.yaml", F,
     [f"{F}:7:12 $.sections[0].texte: lien « regles.md#boucliers » : la page « regles » n'a pas d'ancre "
      "« boucliers »"]),
    # Issue 23: a message's placeholders name fields and values of the list schema, the entry only per entry.
    ("54-regle-message-parties.yaml", F, [f"{F}:12:14 $.regles_liste[0].message: {m}" for m in (
        "accolade hors d'un repère dans « {lien: lumiere} » : repères possibles {nom}, {s:nom}, {entree}, "
        "{champ:…}, {valeurs:…}",
        "« {champ:/armee} » : « /armee » n'est pas un champ de la liste dans le schéma de liste",
        "« {champ:clase} » : « clase » n'est pas un champ des entrées dans le schéma de liste",
        "« {champ:classe=z} » : « z » n'est pas une valeur permise du champ « classe »",
        "« {champ:classe={x}} » : une règle écrit ses champs et ses valeurs en toutes lettres, sans repère",
        "« {entree} » n'a de sens que pour une règle de portée entree (le moteur nomme déjà les entrées en excès "
        "d'une règle de portée liste)",
        "« {numero} » n'a pas de valeur dans ce message (noms possibles : cout, ecart, format, max, nb_entrees, valeur)",
        "« {valeurs:classe=a|y} » : « y » n'est pas une valeur permise du champ « classe »",
        "« {valeurs:rang} » : le champ « rang » n'a pas de liste de valeurs (enum) à nommer",
        "« {x} » n'a pas de valeur dans ce message (noms possibles : cout, ecart, format, max, nb_entrees, valeur)",
        "écrivez « {entree} » pour désigner l'entrée (le moteur la nomme), pas « Entrée {numero} … — »")]),
    ("42-imbrication.yaml", F, [f"{F}:1:39 $: imbrication trop profonde : plus de 32 niveaux d'objets ou de listes"]),
    ("43-extension-yml.yml", "data/jeu-test/zz-test.yml",
     ["data/jeu-test/zz-test.yml:1:1 $: fichier « zz-test.yml » non lu : seuls les fichiers « .yaml » "
      "(en minuscules) sont lus ; renommez-le « zz-test.yaml »"]),
    ("43-extension-yml.yml", "data/jeu-test/ZZ.YAML",
     ["data/jeu-test/ZZ.YAML:1:1 $: fichier « ZZ.YAML » non lu : seuls les fichiers « .yaml » "
      "(en minuscules) sont lus ; renommez-le « ZZ.yaml »"]),
    ("44-jeu-page-double.yaml", "data/jeu-test/jeu.yaml",
     ["data/jeu-test/jeu.yaml:9:12 $.jeu.pages[1].id: page « regles » déjà déclarée (pages[0])"]),
    # Truncated after `"required": [` and its newline: the value is missing at line 6, column 1.
    ("45-schema-tronque.schema.json", "schemas/sorts.schema.json",
     ["schemas/sorts.schema.json:6:1 $: JSON invalide (fichier tronqué ?) : valeur attendue"]),
]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The INVENTED test game with a list schema and an engine module, and a copy of the real schemas."""
    shutil.copytree(FIXTURES / "jeu-test" / "data", tmp_path / "data")
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    shutil.copy(FIXTURES / "jeu-test" / "liste-jeu-test.schema.json", tmp_path / "schemas")
    monkeypatch.setitem(jeux.PACKAGES, "jeu-test", "tests.jeu_test_moteur")
    return tmp_path


def check(root: Path) -> tuple[int, list[str]]:
    """`python -m generator check` on a project: exit status and the problem lines it prints."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--racine", str(root), "check"])
    return status, err.getvalue().splitlines()[:-1]


def test_valid_rules_and_calculations_pass(project: Path) -> None:
    for name in ("regles-liste.yaml", "calculs.yaml"):
        shutil.copy(MALFORMES / "valides" / name, project / "data" / "jeu-test" / name)
    assert check(project) == (0, [])
    entries = load_site(project).games[0].entries
    assert {"regle-test", "calcul-test"} <= set(entries)


@pytest.mark.parametrize(("fixture", "target", "expected"), CASES, ids=[c[1][-8:] + c[0] for c in CASES])
def test_mistake_is_located_by_generator_check(project: Path, fixture: str, target: str, expected: list[str]) -> None:
    if not fixture.startswith(("43", "44", "45")):  # the valid calculation declares the module's « de »
        shutil.copy(MALFORMES / "valides" / "calculs.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    if fixture.startswith(("25", "26", "27", "50", "51")):
        (project / "data" / "jeu-test" / "calculs.yaml").unlink()
    shutil.copy(MALFORMES / fixture, project / target)
    assert check(project) == (1, expected)


def test_issue23_enum_values_need_a_name(project: Path) -> None:
    """Every enum value of a list schema is a data item with a name, or has an `x-noms` name."""
    shutil.copy(MALFORMES / "valides" / "calculs.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    schema = project / "schemas" / "liste-jeu-test.schema.json"
    texte = schema.read_text(encoding="utf-8")
    assert check(project) == (0, [])
    schema.write_text(texte.replace('"x-noms": {"a": "Classe A", "b": "Classe B", "c": "Classe C"}',
                                    '"x-noms": {"a": "Classe A", "c": "Classe C", "d": "Classe D"}'), encoding="utf-8")
    s = "schemas/liste-jeu-test.schema.json"
    assert check(project) == (1, [
        f"{s}:43:13 $['$defs'].entree.properties.classe.enum[1]: la valeur « b » n'a pas de nom à montrer au joueur : "
        "ni élément de données de cet identifiant, ni « x-noms » à côté de l'enum",
        f"{s}:46:61 $['$defs'].entree.properties.classe.x-noms.d: « d » n'est pas une valeur de l'enum voisin"])


def test_very_deep_nesting_is_refused_before_it_is_composed(project: Path) -> None:
    # 200 000 levels overflow the C stack of libyaml's composer: the depth is read from the event stream first.
    depth = 200_000
    (project / "data" / "jeu-test" / "zz-test.yaml").write_text("sorts: " + "[" * depth + "]" * depth + "\n")
    assert check(project) == (1, [f"{F}:1:39 $: imbrication trop profonde : plus de 32 niveaux d'objets ou de listes"])


def test_deeply_nested_schema_is_a_located_problem(project: Path) -> None:
    depth = 100_000
    (project / "schemas" / "zz.schema.json").write_text("[" * depth + "]" * depth)
    assert check(project) == (1, ["schemas/zz.schema.json:1:1 $: JSON imbriqué trop profondément"])


def test_folder_without_manifest_is_reported(project: Path) -> None:
    shutil.copy(MALFORMES / "valides" / "calculs.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    (project / "data" / "autre").mkdir()
    shutil.copy(MALFORMES / "05-renvoi-inconnu.yaml", project / "data" / "autre" / "sorts.yaml")
    assert check(project) == (1, ["data/autre/jeu.yaml:1:1 $: manifeste jeu.yaml manquant : le dossier « autre » "
                                  "contient des données mais n'est pas un jeu déclaré"])


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("si", "{rang: 2, niveau: 3}", "$.regles_liste[0].si.niveau: champ « niveau » inconnu des entrées de liste"),
    ("chemin", "/entrees/0", None),
    ("chemin", "/armee", "$.regles_liste[0].chemin: « armee » n'est pas un champ de la liste"),
    ("chemin", "entrees", "$.regles_liste[0].chemin: pour une règle de portée liste, le chemin est un pointeur JSON"),
    ("borne", "{min: 1, max: floor(format / }", "$.regles_liste[0].borne.max: borne invalide"),
])
def test_other_rule_fields_are_checked(project: Path, field: str, value: str, expected: str | None) -> None:
    shutil.copy(MALFORMES / "valides" / "calculs.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    text = (MALFORMES / "valides" / "regles-liste.yaml").read_text(encoding="utf-8")
    if field == "borne":
        text = text.replace("borne: {max: floor(format / 100)}", f"borne: {value}")
    else:
        text = text.replace("    somme: rang\n", f"    somme: rang\n    {field}: {value}\n")
    (project / "data" / "jeu-test" / "regles-liste.yaml").write_text(text, encoding="utf-8")
    status, lines = check(project)
    if expected is None:
        assert (status, lines) == (0, [])
    else:
        assert status == 1 and len(lines) == 1 and expected in lines[0], lines


# --- every rendered page: nothing loaded from another host, no javascript: URL ---------------------

@pytest.mark.parametrize(("page", "unsafe"), [
    ('<img src="https://images.example/a.png" alt="a">', True),
    ("<img src='//images.example/a.png'>", True),
    ('<img srcset="a.png 1x, https://images.example/b.png 2x">', True),
    ('<link rel="stylesheet" href="https://cdn.example/x.css">', True),
    ('<link rel="preload" as="font" href="https://fonts.example/f.woff2">', True),
    ('<link rel="canonical" href="http://127.0.0.1:8000/">', False),  # names the page, loads nothing
    ('<script src="http://cdn.example/x.js"></script>', True),
    ('<iframe src="https://video.example/v"></iframe>', True),
    ('<div style="background: url(https://images.example/fond.png)">', True),
    ('<a href="javascript:alert(1)">x</a>', True),
    ('<a href=" JavaScript&colon;alert(1)">x</a>', True),  # the browser decodes &colon; in an attribute
    ('<a href="https://www.example.org/">un lien, suivi seulement au clic</a>', False),
    ('<img src="../assets/images/carte.png" alt="carte">', False),
    ('<script src="../assets/javascripts/bundle.js"></script>', False),
    ('<p>5 < 6 et 7 > 3</p>', False),
])
def test_foreign_resources_in_a_page(page: str, unsafe: bool) -> None:
    from generator.plugin import unsafe_resources

    assert bool(unsafe_resources(page)) is unsafe


def test_build_refuses_a_page_that_loads_from_another_host() -> None:
    from types import SimpleNamespace

    from mkdocs.exceptions import PluginError

    from generator.plugin import CompendiumPlugin

    page = SimpleNamespace(file=SimpleNamespace(src_uri="a-propos.md"))
    plugin = CompendiumPlugin()
    with pytest.raises(PluginError, match="a-propos.md : la page chargerait une ressource d'un autre site"):
        plugin.on_post_page('<p><img src="https://images.example/a.png"></p>', page, None)  # type: ignore[arg-type]
    assert "ok" in plugin.on_post_page("<p>ok</p>", page, None)  # type: ignore[arg-type]


def test_engine_failure_on_an_example_list_is_located(project: Path) -> None:
    shutil.copy(MALFORMES / "valides" / "calculs.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    listes = project / "data" / "jeu-test" / "listes"
    listes.mkdir()
    (listes / "bonne.yaml").write_text("# Liste valide.\njeu: jeu-test\nformat: 100\nentrees:\n  - {nom: A, rang: 2}\n")
    assert check(project) == (0, [])
    # The INVENTED module adds up the ranks: a rank written as text makes it fail (TypeError).
    (listes / "mauvaise.yaml").write_text("# Liste valide.\njeu: jeu-test\nformat: 100\nentrees:\n  - {nom: A, rang: deux}\n")
    status, lines = check(project)
    assert status == 1 and len(lines) == 1
    assert lines[0].startswith("data/jeu-test/listes/mauvaise.yaml:1:1 $: le vérificateur échoue sur cette liste "
                               "d'exemple (TypeError : ")


def test_missing_folders_are_reported(tmp_path: Path) -> None:
    assert check(tmp_path) == (1, [f"schemas/:1:1 $: aucun schéma (*.schema.json) dans {tmp_path / 'schemas'}"])
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    assert check(tmp_path) == (1, [f"data/:1:1 $: dossier de données introuvable : {tmp_path / 'data'}"])


def test_check_summary_agrees_with_its_counts(project: Path) -> None:
    """One game and its entries: « 1 jeu », never « jeu(x) »; the problem count agrees too."""
    for name in ("regles-liste.yaml", "calculs.yaml"):
        shutil.copy(MALFORMES / "valides" / name, project / "data" / "jeu-test" / name)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--racine", str(project), "check"]) == 0
    entries = len(load_site(project).games[0].entries)
    assert out.getvalue().strip() == f"Données valides : 1 jeu, {entries} entrée{'s' if entries > 1 else ''}."
    (project / "data" / "jeu-test" / "jeu.yaml").write_text("id: [\n", encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["--racine", str(project), "check"]) == 1
    assert err.getvalue().splitlines()[-1] == "1 problème dans les données."


# --- issue 24 item 16: corruptions of the real data files stop `generator check` ------------------

NEVER_NEGATIVE = "la mesure (un compte, une longueur ou une somme de valeurs jamais négatives) ne l'est jamais"


@pytest.fixture
def real_game(tmp_path: Path) -> Callable[[str], Path]:
    """A project holding the real schemas and one real game's data folder, to corrupt."""
    def make(game: str) -> Path:
        shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
        shutil.copytree(ROOT / "data" / game, tmp_path / "data" / game)
        return tmp_path
    return make


def corrupt(root: Path, relative: str, old: str, new: str) -> str:
    """Replace the first occurrence of `old` in a data file by `new`; returns the corrupted text."""
    path = root / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is no longer in {relative}: update the test"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def located(text: str, parts: tuple[str | int, ...]) -> str:
    """`line:col` of the node at `parts` of a YAML text, read by PyYAML's composer (independent of the generator)."""
    node = yaml.compose(text)
    for part in parts:
        if isinstance(part, int):
            node = node.value[part]
        else:
            node = next(value for key, value in node.value if key.value == part)
    return f"{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def index_of(text: str, kind: str, test: Callable[[dict], bool]) -> int:
    """Index of the first entry of a data file for which `test(entry)` holds."""
    entries = yaml.safe_load(text)[kind]
    return next(i for i, entry in enumerate(entries) if test(entry))


def test_issue24_item16_unknown_value_in_si(real_game: Callable[[str], Path]) -> None:
    root = real_game("hate")
    f = "data/hate/regles-liste.yaml"
    text = corrupt(root, f, "si: {mode: bataille-simple}", "si: {mode: bataile-simple}")
    i = index_of(text, "regles_liste", lambda r: (r.get("si") or {}).get("mode") == "bataile-simple")
    where = located(text, ("regles_liste", i, "si", "mode"))
    assert check(root) == (1, [f"{f}:{where} $.regles_liste[{i}].si.mode: valeur « bataile-simple » impossible pour "
                               "le champ « mode » (valeurs : bataille-simple, chronique) : la règle ne s'appliquerait "
                               "jamais"])


def test_issue24_item16_negative_bound(real_game: Callable[[str], Path]) -> None:
    root = real_game("tamashii")
    f = "data/tamashii/regles-liste.yaml"
    text = corrupt(root, f, "    somme: verrous\n    borne: {exact: 4}", "    somme: verrous\n    borne: {exact: -4}")
    i = index_of(text, "regles_liste", lambda r: r.get("somme") == "verrous")
    where = located(text, ("regles_liste", i, "borne", "exact"))
    assert check(root) == (1, [f"{f}:{where} $.regles_liste[{i}].borne.exact: borne négative (-4) : {NEVER_NEGATIVE}"])


@pytest.mark.parametrize(("divisor", "message"), [
    ("0", "division par zéro : le diviseur « 0 » vaut toujours 0 (format de 1 à 100000) ; la règle serait ignorée"),
    ("(format - format)", "division par zéro possible : le diviseur « (format - format) » peut valoir 0 (format de 1 "
                          "à 100000) ; la règle serait alors ignorée"),
], ids=["literal-zero", "format-minus-format"])
def test_issue24_item16_division_by_zero_in_bound(real_game: Callable[[str], Path], divisor: str, message: str) -> None:
    root = real_game("bataille-d6")
    f = "data/bataille-d6/regles-liste.yaml"
    text = corrupt(root, f, "floor(format / 250)", f"floor(format / {divisor})")
    i = index_of(text, "regles_liste", lambda r: str((r.get("borne") or {}).get("max")).endswith(f"/ {divisor})"))
    where = located(text, ("regles_liste", i, "borne", "max"))
    assert check(root) == (1, [f"{f}:{where} $.regles_liste[{i}].borne.max: {message}"])


def test_issue24_item16_score_field_renamed(real_game: Callable[[str], Path]) -> None:
    root = real_game("tamashii")
    f = "data/tamashii/scores.yaml"
    text = corrupt(root, f, "- {id: bouclier, nom: Bouclier,", "- {id: boucliers, nom: Bouclier,")
    i = index_of(text, "scores", lambda s: s["score"] == "pv")
    where = located(text, ("scores", i, "champs_joueur"))
    assert check(root) == (1, [f"{f}:{where} $.scores[{i}].champs_joueur: le moteur lit le champ « bouclier » de "
                               "chaque ligne, que « champs_joueur » ne déclare pas"])


def test_issue24_item16_score_field_removed(real_game: Callable[[str], Path]) -> None:
    root = real_game("hate")
    f = "data/hate/scores.yaml"
    line = next(line for line in (ROOT / f).read_text(encoding="utf-8").splitlines(keepends=True)
                if "{id: points_conquete," in line)
    text = corrupt(root, f, line, "")
    i = index_of(text, "scores", lambda s: s["score"] == "chronique")
    where = located(text, ("scores", i, "champs_joueur"))
    assert check(root) == (1, [f"{f}:{where} $.scores[{i}].champs_joueur: le moteur lit le champ « points_conquete » "
                               "de chaque ligne, que « champs_joueur » ne déclare pas"])


def test_issue24_item16_percent_in_calculator_name(real_game: Callable[[str], Path]) -> None:
    root = real_game("tamashii")
    f = "data/tamashii/calculs.yaml"
    text = corrupt(root, f, "    nom: Test et Test de Groupe\n", "    nom: Test et Test de Groupe à 50 %\n")
    i = index_of(text, "calculs", lambda c: c["calcul"] == "test")
    where = located(text, ("calculs", i, "nom"))
    assert check(root) == (1, [f"{f}:{where} $.calculs[{i}].nom: « % » interdit dans ce texte, que l'aide de la ligne "
                               "de commande reprend (son formateur y lit un format) : écrivez « pour cent »"])


def test_issue24_item16_other_games_storage_key(real_game: Callable[[str], Path]) -> None:
    root = real_game("tamashii")
    f = "data/tamashii/calculs.yaml"
    text = corrupt(root, f, "stockage: d6-tamashii", "stockage: de-hate")
    i = index_of(text, "calculs", lambda c: any(p.get("stockage") == "de-hate" for p in c.get("parametres") or []))
    j = next(k for k, p in enumerate(yaml.safe_load(text)["calculs"][i]["parametres"]) if p.get("stockage") == "de-hate")
    where = located(text, ("calculs", i, "parametres", j, "stockage"))
    assert check(root) == (1, [f"{f}:{where} $.calculs[{i}].parametres[{j}].stockage: clé de mémorisation « de-hate » : "
                               "elle finit par « -tamashii », l'identifiant du jeu de ce calcul (une clé ne sert qu'à "
                               "un jeu)"])


# The families of item 16, on the INVENTED test game: (text replaced in its valid rule, expected line).
R = "data/jeu-test/regles-liste.yaml"
FAMILY = [
    ("selecteur: {classe: b}", "selecteur: {classe: b}\n    si: {cout_total: 3}",
     f"{R}:11:22 $.regles_liste[0].si.cout_total: valeur « 3 » invérifiable : le module du jeu dérive le champ "
     "« cout_total » sans en déclarer les valeurs possibles (domaines_derives)"),
    ("selecteur: {classe: b}", "selecteur: {classe: b, rang: deux}",
     f"{R}:10:34 $.regles_liste[0].selecteur.rang: valeur « deux » impossible pour le champ « rang » "
     "(attendu : entier) : la règle ne s'appliquerait jamais"),
    ("selecteur: {classe: b}", "selecteur: {classe: {sauf: [b, z]}}",
     f"{R}:10:36 $.regles_liste[0].selecteur.classe.sauf[1]: valeur « z » impossible pour le champ « classe » "
     "(valeurs : a, b, c) : cette exclusion n'exclut rien"),
    ("borne: {max: floor(format / 100)}", "borne: {min: 5, max: 2}",
     f"{R}:12:18 $.regles_liste[0].borne.min: min (5) plus grand que max (2) : aucune liste ne respecterait la règle"),
    ("borne: {max: floor(format / 100)}", "borne: {exact: 3, max: 2}",
     f"{R}:12:20 $.regles_liste[0].borne.exact: exact (3) plus grand que max (2) : aucune liste ne respecterait "
     "la règle"),
    ("    somme: rang\n    borne: {max: floor(format / 100)}", "    compte: entrees\n    borne: {max: nb_entrees - 3}",
     f"{R}:12:18 $.regles_liste[0].borne.max: borne négative (-3 pour nb_entrees = 0) : {NEVER_NEGATIVE}"),
    ("borne: {max: floor(format / 100)}", "borne: {max: floor(100 / (nb_entrees - 1))}",
     f"{R}:12:18 $.regles_liste[0].borne.max: division par zéro possible : le diviseur « (nb_entrees - 1) » peut "
     "valoir 0 (nb_entrees de 0 à +∞) ; la règle serait alors ignorée"),
    ("borne: {max: floor(format / 100)}", "borne: {max: floor(format / (nb_entrees + 1))}", None),
]


@pytest.mark.parametrize(("old", "new", "expected"), FAMILY, ids=[f"{i}" for i in range(len(FAMILY))])
def test_issue24_item16_families_of_conditions_and_bounds(project: Path, old: str, new: str, expected: str | None) -> None:
    shutil.copy(MALFORMES / "valides" / "calculs.yaml", project / "data" / "jeu-test" / "calculs.yaml")
    text = (MALFORMES / "valides" / "regles-liste.yaml").read_text(encoding="utf-8")
    assert old in text
    (project / "data" / "jeu-test" / "regles-liste.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    assert check(project) == ((0, []) if expected is None else (1, [expected]))


def test_issue24_item16_family_score_field_never_read(real_game: Callable[[str], Path]) -> None:
    root = real_game("tamashii")
    f = "data/tamashii/scores.yaml"
    added = "      - {id: bouclier_bis, nom: Bouclier bis, type: entier, min: 0, max: 5}\n"
    line = next(line for line in (ROOT / f).read_text(encoding="utf-8").splitlines(keepends=True)
                if "- {id: bouclier, nom: Bouclier," in line)
    text = corrupt(root, f, line, line + added)
    i = index_of(text, "scores", lambda s: s["score"] == "pv")
    j = next(k for k, c in enumerate(yaml.safe_load(text)["scores"][i]["champs_joueur"]) if c["id"] == "bouclier_bis")
    where = located(text, ("scores", i, "champs_joueur", j, "id"))
    status, lines = check(root)
    assert status == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"{f}:{where} $.scores[{i}].champs_joueur[{j}].id: champ « bouclier_bis » déclaré mais "
                               "jamais lu par le moteur (lus : "), lines


def test_issue24_item16_family_storage_key_shared_by_two_dice(real_game: Callable[[str], Path]) -> None:
    root = real_game("tamashii")
    f = "data/tamashii/calculs.yaml"
    text = corrupt(root, f, "stockage: d8-symbole-tamashii", "stockage: d8-nombre-tamashii")
    params = [(i, j) for i, c in enumerate(yaml.safe_load(text)["calculs"])
              for j, p in enumerate(c.get("parametres") or []) if p.get("stockage") == "d8-nombre-tamashii"]
    (i1, j1), (i2, j2) = params
    first = located(text, ("calculs", i1, "parametres", j1, "stockage"))
    where = located(text, ("calculs", i2, "parametres", j2, "stockage"))
    status, lines = check(root)
    assert status == 1 and f"{f}:{where} $.calculs[{i2}].parametres[{j2}].stockage: clé de mémorisation " \
        f"« d8-nombre-tamashii » partagée avec un autre dé ({f}:{first}) : les dés d'une même " \
        "clé ont les mêmes symboles et le même nombre de faces" in lines, lines
    # The play-mode die kept under the key no calculation keeps any more is dead too (issue 37, item 3).
    assert any(line.startswith("data/tamashii/partie.yaml:") and "« d8-symbole-tamashii » inconnue" in line
               for line in lines), lines


def test_issue24_item16_family_percent_in_a_parameter_text(real_game: Callable[[str], Path]) -> None:
    root = real_game("hate")
    f = "data/hate/calculs.yaml"
    text = yaml.safe_load((ROOT / f).read_text(encoding="utf-8"))
    aide = next(p["aide"] for c in text["calculs"] for p in c.get("parametres") or [] if isinstance(p.get("aide"), str)
                and len(p["aide"]) > 20)
    corrupted = corrupt(root, f, aide, aide + " (50 %)")
    i, j = next((i, j) for i, c in enumerate(yaml.safe_load(corrupted)["calculs"])
                for j, p in enumerate(c.get("parametres") or []) if str(p.get("aide", "")).endswith("(50 %)"))
    where = located(corrupted, ("calculs", i, "parametres", j, "aide"))
    assert check(root) == (1, [f"{f}:{where} $.calculs[{i}].parametres[{j}].aide: « % » interdit dans ce texte, que "
                               "l'aide de la ligne de commande reprend (son formateur y lit un format) : écrivez "
                               "« pour cent »"])


@pytest.mark.parametrize("game", ["hami", "hate", "tamashii"])
def test_issue24_item16_derived_values_lie_in_their_declared_domains(game: str) -> None:
    """Every value a module derives on the example lists is one its declared domain allows.

    A domain narrower than the values a list can produce would refuse a rule condition that can hold.
    Ids of the game's data (`x-donnees`) are left out: a player may name a scenario of their own
    (« ma-fiche »), which no rule of the book names.
    """
    from browser_engine.regles import VueEntree
    from generator.export import bundle
    from generator.rule_values import value_problem

    site = load_site(ROOT, only=[game])
    data = bundle(site.games[0], ROOT)
    module = jeux.part(game, "liste")
    domains = module.domaines_derives(data)
    schema = data["schemas"]["liste"]
    checked = 0
    for path in sorted((ROOT / "data" / game / "listes").glob("*.yaml")):
        liste = yaml.safe_load(path.read_text(encoding="utf-8"))
        vues = [VueEntree(i, dict(e)) for i, e in enumerate(liste.get("entrees") or []) if isinstance(e, dict)]
        for values in module.analyser(data, liste, vues).derives.values():
            for name, value in values.items():
                assert name in domains, f"{game}: {name} has no domain"
                if "x-donnees" in str(domains[name]):
                    continue
                assert value_problem(schema, domains[name], value, data) is None, (path.name, name, value)
                checked += 1
    assert checked > 500
