"""Property-based tests: whatever list a player writes, the checker answers with a report or a French refusal.

Hypothesis generates lists for each game with a list checker, from the well-formed
example lists of `data/<jeu>/listes/` mutated at random (values of the right and wrong
types, ids taken from the game's bundle and random strings, huge numbers, lone
surrogates, deep nesting, missing or extra fields), and from random structures. The
properties: `valider` returns a coherent, JSON-serialisable report or raises
`ErreurEntree`; the reader (text, bytes, and the CLI's file path) raises nothing else;
the command line exits with 0, 1 or 2 and never reaches its last-resort guard.
"""
from __future__ import annotations

import contextlib
import io
import json
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from browser_engine import ErreurEntree, fusionner_catalogue, lire_liste, valider
from browser_engine.cli import main
from browser_engine.messages import rendu_cli
from tests.engine_support import DATA, load_bundle

GAMES = ("bataille-d6", "hami", "kharn-ages")
BUNDLES = {jeu: load_bundle(jeu) for jeu in GAMES}
EXAMPLES = {jeu: [yaml.safe_load(p.read_text("utf-8")) for p in sorted((DATA / jeu / "listes").glob("*.yaml"))
                  if p.read_text("utf-8").startswith("# Liste valide")]
            for jeu in GAMES}
SETTINGS = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
VIOLATION_KEYS = {"code", "message", "chemin", "regle", "parties"}


def _ids(value: Any, out: set[str]) -> set[str]:
    """Every `id` and property name found in a game's bundle (the words a list may use)."""
    if isinstance(value, dict):
        for key, child in value.items():
            if key == "id" and isinstance(child, str):
                out.add(child)
            _ids(child, out)
    elif isinstance(value, list):
        for child in value:
            _ids(child, out)
    return out


def _words(jeu: str) -> list[str]:
    bundle = BUNDLES[jeu]
    words = _ids({k: v for k, v in bundle.items() if k not in ("ancres", "sections")}, set())
    words |= _ids(bundle["schemas"], set())
    for schema in bundle["schemas"].values():
        words |= set(json.dumps(schema).split('"')[1::2])  # property names, enum values, titles
    return sorted(w for w in words if len(w) < 40)


WORDS = {jeu: _words(jeu) for jeu in GAMES}
ODD_TEXT = st.sampled_from(["\ud800", "a\udfffb", "<script>alert(1)</script>", "", " ", "\u202e", "é" * 200,
                            "x" * 5000, "0", "-1", "true", "null", "~", "&a", "*a", "!!str", "<<", "\x1b[31m"])
VERY_HUGE = st.sampled_from([5000, -400, 30, -30]).map(lambda n: 10 ** n if n > 0 else -(10 ** -n))  # no repr
HUGE = st.one_of(VERY_HUGE, st.sampled_from([2 ** 63, -(2 ** 63) - 1, 10 ** 30 - 1, 10 ** 40, 2 ** 1000, 1e308, -1e308, 5e-324]))
ODD_FLOAT = st.sampled_from([float("nan"), float("inf"), float("-inf"), 0.5, -0.0, 3.0, 1e20])


def scalars(jeu: str) -> st.SearchStrategy[Any]:
    """Scalar values: right and wrong types, ids of the game, and hostile values."""
    return st.one_of(st.none(), st.booleans(), st.integers(-5, 600), st.integers(), HUGE, ODD_FLOAT,
                     st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                     st.sampled_from(WORDS[jeu]), ODD_TEXT)


def keys(jeu: str) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(WORDS[jeu]), st.text(max_size=8), st.sampled_from(["\ud800", "<<", ""]))


def values(jeu: str) -> st.SearchStrategy[Any]:
    """Random JSON-like structures built from the game's words."""
    return st.recursive(scalars(jeu), lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(keys(jeu), inner, max_size=4)), max_leaves=12)


@st.composite
def deep(draw: st.DrawFn, jeu: str) -> Any:
    """A value nested between 15 and 60 levels deep (the limit is 20)."""
    value = draw(scalars(jeu))
    for _ in range(draw(st.integers(15, 60))):
        value = [value] if draw(st.booleans()) else {draw(keys(jeu)): value}
    return value


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a node inside a document (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        out.append(prefix + (key,))
        out.extend(_paths(child, prefix + (key,)))
    return out


@st.composite
def mutated_list(draw: st.DrawFn, jeu: str) -> Any:
    """A well-formed example list of the game, with up to four random changes."""
    document = json.loads(json.dumps(draw(st.sampled_from(EXAMPLES[jeu]))))
    for _ in range(draw(st.integers(0, 4))):
        paths = _paths(document)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["remplacer", "supprimer", "ajouter", "profond", "dupliquer"]))
        if action == "remplacer":
            parent[path[-1]] = draw(values(jeu))
        elif action == "supprimer":
            del parent[path[-1]]
        elif action == "profond":
            parent[path[-1]] = draw(deep(jeu))
        elif action == "dupliquer" and isinstance(parent, list):
            parent.extend([parent[path[-1]]] * draw(st.integers(1, 30)))
        elif isinstance(parent, dict):
            parent[draw(keys(jeu))] = draw(values(jeu))
        else:
            parent.append(draw(values(jeu)))
    return document


def documents(jeu: str) -> st.SearchStrategy[Any]:
    """Lists for a game, well-formed and not."""
    envelope = st.fixed_dictionaries({"jeu": st.just(jeu)}, optional={
        "nom": scalars(jeu), "format": scalars(jeu), "options": values(jeu), "entrees": st.lists(values(jeu), max_size=5),
        "profils": values(jeu), "equipements": values(jeu)})
    return st.one_of(mutated_list(jeu), mutated_list(jeu), envelope, values(jeu), deep(jeu))


def assert_report(report: Any) -> None:
    """A report the page and the CLI can show: coherent, every violation complete, JSON without NaN."""
    assert set(report) == {"valide", "cout", "budget", "erreurs", "avertissements", "details"}
    assert report["valide"] is (not report["erreurs"])
    for violation in report["erreurs"] + report["avertissements"]:
        assert set(violation) == VIOLATION_KEYS
        assert isinstance(violation["message"], str) and violation["message"]
        assert violation["code"].isupper()
        assert violation["chemin"] == "" or violation["chemin"].startswith("/")
        # Issue 23: the parts, rendered for the CLI, are the message (a user's « {entree} » stays text).
        assert "".join(rendu_cli(violation["parties"])) == violation["message"]
    json.dumps(report, allow_nan=False).encode("utf-8")  # what the worker sends to the page


def check(jeu: str, document: Any) -> None:
    """`valider` on a document: a report, or a French refusal (never another exception)."""
    try:
        report = valider(BUNDLES[jeu], document)
    except ErreurEntree as exc:
        assert isinstance(exc.message, str) and exc.message
        assert "Traceback" not in exc.message
        return
    assert_report(report)


ENORME = "__nombre_enorme__"


def _sans_enormes(value: Any) -> Any:
    """The document with integers too long for `str()` replaced by a marker (written back as digits)."""
    if isinstance(value, dict):
        return {k: _sans_enormes(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_sans_enormes(v) for v in value]
    if isinstance(value, int) and abs(value) >= 10 ** 4000:
        return ENORME
    return value


def as_text(document: Any, style: str) -> bytes:
    """A document as a player may save it: JSON (escaped or not), or YAML written by PyYAML."""
    try:
        document = _sans_enormes(document)
    except RecursionError:
        return b"["
    text = _as_text(document, style)
    for quoted in (b'"' + ENORME.encode() + b'"', b"'" + ENORME.encode() + b"'", ENORME.encode()):
        text = text.replace(quoted, b"9" * 5000)
    return text


def _as_text(document: Any, style: str) -> bytes:
    if style == "yaml":
        try:
            return yaml.safe_dump(document, allow_unicode=True).encode("utf-8", "surrogatepass")
        except (yaml.YAMLError, RecursionError):
            return b"{}"
    try:
        text = json.dumps(document, ensure_ascii=style == "json-ascii")
    except (ValueError, RecursionError):
        return b"["
    return text.encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("jeu", GAMES)
def test_examples_are_well_formed(jeu):
    """The generators start from real lists: each game has valid examples the checker accepts."""
    assert EXAMPLES[jeu]
    for document in EXAMPLES[jeu]:
        assert valider(BUNDLES[jeu], document)["valide"] is True


@pytest.mark.parametrize("jeu", GAMES)
def test_checker_returns_a_report_or_a_french_refusal(jeu):
    @SETTINGS
    @given(documents(jeu))
    def run(document: Any) -> None:
        check(jeu, document)

    run()


@pytest.mark.parametrize("jeu", GAMES)
def test_reader_then_checker_whatever_the_text(jeu):
    @SETTINGS
    @given(documents(jeu), st.sampled_from(["json", "json-ascii", "yaml"]),
           st.lists(st.tuples(st.integers(0, 10 ** 6), st.binary(max_size=3)), max_size=3),
           st.sampled_from([b"", b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf"]), st.booleans())
    def run(document: Any, style: str, edits: list[tuple[int, bytes]], bom: bytes, cr_only: bool) -> None:
        data = bytearray(as_text(document, style))
        for where, inserted in edits:  # random bytes: broken syntax, invalid UTF-8
            where %= len(data) + 1
            data[where:where] = inserted
        data = bom + bytes(data)
        if cr_only:
            data = data.replace(b"\n", b"\r")
        for way_in in (bytes(data), data.decode("utf-8", "replace")):  # a file, a paste
            try:
                liste = lire_liste(way_in)
            except ErreurEntree as exc:
                assert exc.message
                continue
            check(jeu, liste)

    run()


@given(mutated_list("kharn-ages"), values("kharn-ages"))
@SETTINGS
def test_catalogue_merge_then_checker(document, catalogue):
    """Khârn-Âges: a random profile catalogue merged into a random list, then checked."""
    bundle = BUNDLES["kharn-ages"]
    try:
        merged = fusionner_catalogue(bundle, document, catalogue)
    except ErreurEntree as exc:
        assert exc.message
        return
    check("kharn-ages", merged)


@pytest.fixture(scope="module")
def bundle_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("paquets")
    out = {}
    for jeu in GAMES:
        out[jeu] = folder / f"{jeu}.json"
        out[jeu].write_text(json.dumps(BUNDLES[jeu], ensure_ascii=False), "utf-8")
    return out


@pytest.mark.parametrize("jeu", GAMES)
def test_command_line_exit_codes(jeu, bundle_files):
    """`python -m browser_engine valider FICHIER`: exit 0, 1 or 2, never the last-resort guard."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "liste.txt"

        @SETTINGS
        @given(documents(jeu), st.sampled_from(["json", "json-ascii", "yaml"]))
        def run(document: Any, style: str) -> None:
            path.write_bytes(as_text(document, style))
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["valider", str(path), "--json", "--donnees", str(bundle_files[jeu])])
            assert code in (0, 1, 2), err.getvalue()
            for last_resort in ("Erreur interne", "paquet de données abîmé", "Traceback"):  # the bundle is sound
                assert last_resort not in err.getvalue(), err.getvalue()
            if code == 2:
                assert err.getvalue().startswith("Erreur : ") and not out.getvalue()
            else:
                report = json.loads(out.getvalue())
                assert_report(report)
                assert code == (0 if report["valide"] else 1)

        run()


def calculations(jeu: str) -> list[dict[str, Any]]:
    return BUNDLES[jeu]["calculs"]


@st.composite
def parameters(draw: st.DrawFn, jeu: str, declaration: dict[str, Any]) -> Any:
    """Parameters for a calculation: declared ids and random ones, values of every type and size."""
    ids = [p["id"] for p in declaration.get("parametres", [])]
    if not draw(st.integers(0, 9)):
        return draw(values(jeu))
    out: dict[str, Any] = {}
    for _ in range(draw(st.integers(0, 4))):
        name = draw(st.sampled_from(ids)) if ids and draw(st.booleans()) else draw(keys(jeu))
        out[name] = draw(st.one_of(scalars(jeu), values(jeu), deep(jeu),
                                   VERY_HUGE, st.sampled_from(["9" * 5000, " 3 ", "oui"])))
    return out


@pytest.mark.parametrize("jeu", GAMES)
def test_calculations_return_a_result_or_a_french_refusal(jeu):
    """`calculer` (the odds forms, the CLI's probas): a distribution, or ErreurEntree with a message."""
    from browser_engine import calculer

    @SETTINGS
    @given(st.data())
    def run(data: st.DataObject) -> None:
        declaration = data.draw(st.sampled_from(calculations(jeu)))
        given_parameters = data.draw(parameters(jeu, declaration))
        try:
            result = calculer(BUNDLES[jeu], declaration["calcul"], given_parameters)
        except ErreurEntree as exc:
            assert isinstance(exc.message, str) and exc.message
            exc.message.encode("utf-8")  # shown as is: no lone surrogate
            return
        assert result["distribution"]
        assert sum(Fraction(row["fraction"]) for row in result["distribution"]) == 1
        json.dumps(result, allow_nan=False).encode("utf-8")

    run()


CARTE = {"nom": "carte inventée pour le test", "jour": {"lumiere": 1, "ombre": 0}, "nuit": {"lumiere": 0, "ombre": 1}}


@pytest.mark.parametrize(("jeu", "calcul", "given_parameters", "fragment"), [
    ("bataille-d6", "attaque", {"valeur": 10 ** 5000}, "Nombre trop grand"),
    ("bataille-d6", "attaque", {"\ud800": 1}, "\\ud800"),
    ("bataille-d6", "attaque", {"valeur": "a\udc00"}, "\\udc00"),
    ("bataille-d6", "attaque", {"valeur": float("nan")}, "NaN"),
    ("hami", "combat_cartes", {"paquet": [{**CARTE, "jour": {"lumiere": 10 ** 5000, "ombre": 0}}]}, "Nombre trop grand"),
    ("hami", "combat_cartes", {"paquet": [{**CARTE, "nom": "a\ud800"}]}, "\\ud800"),
    ("hami", "combat_cartes", {"paquet": [CARTE], "cartes": [[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]}, "imbriqué"),
])
def test_hostile_parameters_are_refused_in_french(jeu, calcul, given_parameters, fragment):
    from browser_engine import calculer

    with pytest.raises(ErreurEntree) as caught:
        calculer(BUNDLES[jeu], calcul, given_parameters)
    assert fragment in caught.value.message
    caught.value.message.encode("utf-8")  # no lone surrogate in what the page shows


@pytest.mark.parametrize("jeu", GAMES)
@pytest.mark.parametrize("where", ["format", "entree"])
def test_huge_integers_given_directly_are_refused(jeu, where):
    document = json.loads(json.dumps(EXAMPLES[jeu][0]))
    if where == "format":
        document["format"] = 10 ** 5000
    else:
        document["entrees"][0]["nombre"] = -(10 ** 30)
    with pytest.raises(ErreurEntree, match="Nombre trop grand : 30 chiffres au plus"):
        valider(BUNDLES[jeu], document)
