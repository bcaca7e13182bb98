"""Issue 37, the family: every reference field is declared in its schema (`x-ref`) and checked by one
resolver. The cases are generated from the schemas' declarations and the real data: for each declared
field that some game fills, a dangling reference written there is refused at its own position
(`file:line:col JSONPath: message`). A new kind of data that declares its references gets these cases
without new code. The fields the former name-based walk resolved (the names below, kept as the record
of that walk) are all among the declared ones. And `make check` runs every frozen version on the example
lists: one that no longer gives an unchanged example the verdict it recorded when frozen is refused."""
from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

import pytest
import yaml

from generator.__main__ import main as generator_main
from generator.load import load_data
from generator.plugin import load_site
from generator.references import entry_problems
from generator.validate import entries_of, load_schemas
from tests.partie_support import ROOT, copier_jeu, position, problemes

Pattern = tuple[str, ...]  # keys of a path, « * » for any item of a list or any key of a free object
Parts = tuple[str | int, ...]

# The former name-based walk (generator/validate.py before this change): field names resolved in any entry of
# any kind, the fields resolved in some kinds only, the `proprietes` keys resolved, and the names that
# partie_checks resolved in partie.yaml.
FORMER_FIELDS = {"voir", "regle", "ref", "capacites", "equipement", "sorts", "objets", "scenarios", "objectifs",
                 "campagne"}
FORMER_BY_KIND = {"calculs": {"regles"}, "sections": {"calcul"}, "mots_cles": {"calcul"}}
FORMER_PROPRIETES = {"sorts_fixes", "objets_fixes", "equipements_optionnels", "equipement_au_choix",
                     "equipement_interdit", "table", "legendaire", "caste", "castes", "projectile", "faction"}
FORMER_PARTIE = {"regle", "tours_regle", "regles"}

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "jeu.yaml").is_file())
SCHEMAS = load_schemas(ROOT / "schemas")
DOCUMENTS = {doc["$id"]: doc for doc in
             (json.loads(p.read_text("utf-8")) for p in sorted((ROOT / "schemas").glob("*.schema.json")))}
# A dangling target for each sort of reference (each holds to the field's pattern in the schema).
ENTRY_TARGET = "zz-renvoi-fantome"
OTHER_TARGETS = {"champ-liste": "/zzchampfantome", "option-liste": "/zzoptionfantome", "carte": "/zzcartefantome",
                 "stockage": "zz-cle-fantome"}


def _pointer(document: Any, fragment: str) -> Any:
    for part in (p for p in fragment.split("/") if p):
        document = document[part]
    return document


def declared(node: Any, base: str, path: Pattern = (), seen: frozenset[str] = frozenset()) -> Iterator[tuple[Pattern, Any]]:
    """Every (path pattern, `x-ref`) a schema declares, following `$ref`, `allOf`, `anyOf`, `oneOf`."""
    if not isinstance(node, dict):
        return
    if "x-ref" in node:
        yield path, node["x-ref"]
    if isinstance(node.get("$ref"), str):
        target = urljoin(base, node["$ref"])
        if target not in seen:
            uri, fragment = urldefrag(target)
            yield from declared(_pointer(DOCUMENTS[uri], fragment), uri, path, seen | {target})
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key) or []:
            yield from declared(sub, base, path, seen)
    for name, sub in (node.get("properties") or {}).items():
        yield from declared(sub, base, path + (name,), seen)
    for key in ("additionalProperties", "items"):
        if isinstance(node.get(key), dict):
            yield from declared(node[key], base, path + ("*",), seen)


DECLARED: dict[Pattern, Any] = {}
for _kind, _schema in SCHEMAS.by_kind.items():
    for _path, _ref in declared(_schema, _schema["$id"]):
        DECLARED.setdefault(_path, _ref)


def _is_entry(ref: Any) -> bool:
    return ref not in OTHER_TARGETS


def _matches(node: yaml.Node, pattern: Pattern, parts: Parts = ()) -> Iterator[tuple[Parts, yaml.Node]]:
    """The nodes of a composed YAML document at a path pattern, with their concrete path."""
    if not pattern:
        yield parts, node
        return
    head, rest = pattern[0], pattern[1:]
    if isinstance(node, yaml.SequenceNode) and head == "*":
        for i, child in enumerate(node.value):
            yield from _matches(child, rest, parts + (i,))
    elif isinstance(node, yaml.MappingNode):
        for key, child in node.value:
            if head in ("*", key.value):
                yield from _matches(child, rest, parts + (key.value,))


def _cases(game: str) -> list[tuple[str, Parts, Pattern, Any, yaml.ScalarNode]]:
    """The first instance, in each file of a game, of each declared reference field: (file, path, pattern, x-ref, node)."""
    found = []
    for path in sorted((ROOT / "data" / game).glob("*.yaml")):
        document = yaml.compose(path.read_text("utf-8"))
        taken: set[int] = set()
        for pattern, ref in DECLARED.items():
            for parts, node in _matches(document, pattern):
                if isinstance(node, yaml.SequenceNode) and node.value:
                    parts, node = parts + (0,), node.value[0]  # a list of references: its first item
                if isinstance(node, yaml.ScalarNode) and node.value and node.start_mark.index not in taken:
                    taken.add(node.start_mark.index)
                    found.append((path.name, parts, pattern, ref, node))
                    break
    return found


def _json_path(parts: Parts) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def _node_at(text: str, parts: Parts) -> yaml.Node:
    node = yaml.compose(text)
    for part in parts:
        node = node.value[part] if isinstance(part, int) else next(v for k, v in node.value if k.value == part)
    return node


def _corrupt(tmp_path: Path, game: str, cases: list[tuple[str, Parts, Pattern, Any, yaml.ScalarNode]],
             target: Any) -> list[tuple[str, str]]:
    """Write a dangling target into each case's field (a copy of the game); return each expected (head, target)."""
    copier_jeu(tmp_path, game)
    expected = []
    for name in sorted({c[0] for c in cases}):
        path = tmp_path / "data" / game / name
        text = path.read_text("utf-8")
        mine = sorted((c for c in cases if c[0] == name), key=lambda c: -c[4].start_mark.index)
        for _, _, _, ref, node in mine:  # from the end of the file, so that earlier spans stay valid
            text = text[:node.start_mark.index] + target(ref) + text[node.end_mark.index:]
        path.write_text(text, "utf-8")
        for _, parts, _, ref, _ in mine:
            mark = _node_at(text, parts).start_mark
            expected.append((f"data/{game}/{name}:{mark.line + 1}:{mark.column + 1} {_json_path(parts)}: ", target(ref)))
    return expected


def _refused_each(tmp_path: Path, expected: list[tuple[str, str]], *words: str) -> None:
    found = problemes(tmp_path)
    for head, target in expected:
        assert any(p.startswith(head) and f"« {target} »" in p and all(w in p for w in words) for p in found), \
            (head, target, found)


def test_famille_chaque_champ_de_renvoi_de_l_ancien_parcours_est_declare() -> None:
    """Each field the former walk resolved in the real data (by its name) is declared `x-ref` in its schema."""
    data = load_data(ROOT)
    walked: set[Pattern] = set()
    for game in GAMES:
        files, _ = data.games[game]
        for entry in entries_of(files):
            fields = FORMER_FIELDS | FORMER_BY_KIND.get(entry.kind, set())
            walked |= {(entry.kind, "*") + p for p in _named(entry.value, fields)}
        for data_file in files:
            if isinstance(data_file.value, dict) and "partie" in data_file.value:
                walked |= {("partie",) + p for p in _named(data_file.value["partie"], FORMER_PARTIE)}
    assert len(walked) > 40  # every game fills many of them
    missing = sorted(p for p in walked if p not in DECLARED and p[:-1] not in DECLARED)
    assert not missing, missing


def _named(value: Any, fields: set[str], under: str | None = None) -> Iterator[Pattern]:
    """Path patterns (`*` for list items) of the values the former walk took as references, by their name."""
    if isinstance(value, dict):
        for key, child in value.items():
            taken = key in FORMER_PROPRIETES if under == "proprietes" else key in fields
            if taken and isinstance(child, (str, list)):
                yield (key,) if isinstance(child, str) else (key, "*")
            elif not taken:
                yield from ((key,) + p for p in _named(child, fields, key))
    elif isinstance(value, list):
        for child in value:
            yield from (("*",) + p for p in _named(child, fields, under))


def test_famille_les_proprietes_lues_par_les_modules_sont_declarees() -> None:
    """Every `proprietes` key the former walk resolved is declared, with the kind of entry it names."""
    commun = DOCUMENTS[urljoin(SCHEMAS.by_kind["sorts"]["$id"], "commun.schema.json")]
    declared_keys = {k for k, v in commun["$defs"]["proprietes"]["properties"].items() if "x-ref" in v}
    assert FORMER_PROPRIETES <= declared_keys


@pytest.mark.parametrize("game", GAMES)
def test_famille_un_renvoi_pendant_est_refuse_a_sa_place_dans_chaque_champ_declare(tmp_path: Path, game: str) -> None:
    """Every declared entry reference that the game fills, and a `[[id]]` link, made dangling at once."""
    cases = [c for c in _cases(game) if _is_entry(c[3])]
    assert len(cases) >= 5, cases
    expected = _corrupt(tmp_path, game, cases, lambda ref: ENTRY_TARGET)
    _refused_each(tmp_path, expected, "n'existe pas dans ce jeu")


def _other_cases() -> Iterator[tuple[str, tuple[str, Parts, Pattern, Any, yaml.ScalarNode]]]:
    """The first game filling each declared pointer or dice key field (pattern)."""
    seen: set[Pattern] = set()
    for game in GAMES:
        for case in _cases(game):
            if not _is_entry(case[3]) and case[2] not in seen:
                seen.add(case[2])
                yield game, case


OTHER = list(_other_cases())


@pytest.mark.parametrize(("game", "case"), OTHER, ids=[f"{g}-{'.'.join(c[2])}" for g, c in OTHER])
def test_famille_un_pointeur_ou_une_cle_pendant_est_refuse_a_sa_place(tmp_path: Path, game: str, case: Any) -> None:
    """A pointer to a list field, an option, a card field, or a dice key that does not exist."""
    expected = _corrupt(tmp_path, game, [case], lambda ref: OTHER_TARGETS[ref])
    _refused_each(tmp_path, expected)


def test_famille_les_pointeurs_et_cles_declares_ont_des_cas() -> None:
    assert {c[3] for _, c in OTHER} == set(OTHER_TARGETS)


def test_famille_un_lien_pendant_dans_un_texte_est_refuse_a_sa_place(tmp_path: Path) -> None:
    """A `[[id|texte]]` link of a text names an entry too (the link scan is not tied to a field name)."""
    source = (ROOT / "data" / "hate" / "sections.yaml").read_text("utf-8")
    link = re.search(r"\[\[([a-z0-9-]+)[|\]]", source)
    assert link is not None
    copier_jeu(tmp_path, "hate")
    text = source[:link.start(1)] + ENTRY_TARGET + source[link.end(1):]
    (tmp_path / "data" / "hate" / "sections.yaml").write_text(text, "utf-8")
    found = [p for p in problemes(tmp_path) if p.startswith("data/hate/sections.yaml:")]
    assert any(f"lien [[…]] « {ENTRY_TARGET} » vers une entrée qui n'existe pas dans ce jeu" in p for p in found), found


@pytest.mark.parametrize("game", GAMES)
def test_famille_les_donnees_reelles_n_ont_aucun_renvoi_pendant(game: str) -> None:
    files, load_problems = load_data(ROOT, [game]).games[game]
    assert not load_problems
    assert entry_problems(game, files, SCHEMAS) == []


# --- item « every frozen version » of the family: a frozen version keeps the examples' verdicts ---------------

def _stated(text: str) -> bool:
    """The verdict an example list states in its first comment line (« # Liste valide… » / « # Liste invalide… »)."""
    first = next(line for line in text.splitlines() if line.strip())
    assert first.startswith(("# Liste valide", "# Liste invalide")), first
    return first.startswith("# Liste valide")


def test_famille_une_version_figee_qui_change_le_verdict_d_un_exemple_est_refusee(tmp_path: Path) -> None:
    copier_jeu(tmp_path, "bataille-d6")
    dossier = tmp_path / "data" / "bataille-d6"
    version = yaml.safe_load((dossier / "versions.yaml").read_text("utf-8"))["versions"][-1]["version"]
    assert generator_main(["--racine", str(tmp_path), "figer-version", "bataille-d6"]) == 0
    fige = dossier / "versions" / f"{version}.json.gz"
    paquet = json.loads(gzip.decompress(fige.read_bytes()))
    exemples = {p.name: p.read_text("utf-8") for p in sorted((dossier / "listes").glob("*.yaml"))}
    # The frozen version records the verdict each example states, for the text it had.
    assert {n: v["valide"] for n, v in paquet["verdicts_exemples"].items()} == {n: _stated(t) for n, t in exemples.items()}
    load_site(tmp_path)  # as frozen, it passes
    # Its list rules lost: the over-budget example (stated invalid, unchanged since) now passes under it.
    assert not _stated(exemples["03-budget-depasse.yaml"])
    paquet["regles_liste"] = []
    fige.write_bytes(gzip.compress(json.dumps(paquet).encode("utf-8")))
    texte = (dossier / "versions.yaml").read_text("utf-8")
    ligne, colonne = position(texte, f'"{version}"')
    tete = f"data/bataille-d6/versions.yaml:{ligne}:{colonne} $.versions[0].version: "
    trouves = [p for p in problemes(tmp_path) if p.startswith(tete)]
    assert any("03-budget-depasse.yaml" in p and "(invalide, aujourd'hui valide)" in p for p in trouves), trouves
    # An example rewritten since the version was frozen is only run: a past version may judge it otherwise.
    (dossier / "listes" / "03-budget-depasse.yaml").write_text(exemples["03-budget-depasse.yaml"] + "# Réécrite.\n",
                                                               "utf-8")
    trouves = [p for p in problemes(tmp_path) if p.startswith(tete)]
    assert trouves and not any("03-budget-depasse.yaml" in p for p in trouves), trouves


# --- corruptions the hostile round let through, now refused ---------------------------------------------------

def test_famille_ronde_borne_d_un_jet_hors_du_domaine_du_champ(tmp_path: Path) -> None:
    """`jets[].si.min` compares a list field: a bound it can never hold (the schema gives « Tir » 0 to 5) is refused."""
    liste = json.loads((ROOT / "schemas" / "liste-bataille-d6.schema.json").read_text("utf-8"))
    assert liste["properties"]["entrees"]["items"] == {"$ref": "#/$defs/entree"}
    assert liste["$defs"]["entree"]["properties"]["tir"]["minimum"] == 0  # -7 is no value of the field
    jets = yaml.safe_load((ROOT / "data" / "bataille-d6" / "partie.yaml").read_text("utf-8"))["partie"]["jets"]
    n = next(i for i, j in enumerate(jets) if j.get("si") == {"champ": "/tir", "min": 1})
    copier_jeu(tmp_path, "bataille-d6")
    chemin = tmp_path / "data" / "bataille-d6" / "partie.yaml"
    texte = chemin.read_text("utf-8").replace("si: {champ: /tir, min: 1}", "si: {champ: /tir, min: -7}", 1)
    chemin.write_text(texte, "utf-8")
    ligne, colonne = position(texte, "-7}")
    tete = f"data/bataille-d6/partie.yaml:{ligne}:{colonne} $.partie.jets[{n}].si.min: "
    assert any(p.startswith(tete) and "« -7 »" in p and "impossible" in p for p in problemes(tmp_path)), \
        problemes(tmp_path)


@pytest.mark.parametrize(("jeu", "faces", "fausse"), [
    ("bataille-d6", "[1, 2, 3, 4, 5, 6]", "[1, 2, 3, -7, 5, 6]"),
    ("kharn-ages", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 9]"),
])
def test_famille_ronde_un_de_nomme_dn_a_les_faces_1_a_n(tmp_path: Path, jeu: str, faces: str, fausse: str) -> None:
    copier_jeu(tmp_path, jeu)
    chemin = tmp_path / "data" / jeu / "partie.yaml"
    texte = chemin.read_text("utf-8")
    assert texte.count(f"faces: {faces}") == 1
    texte = texte.replace(f"faces: {faces}", f"faces: {fausse}")
    chemin.write_text(texte, "utf-8")
    des = yaml.safe_load(texte)["partie"]["des"]
    i = next(i for i, d in enumerate(des) if d.get("faces") == yaml.safe_load(fausse))
    j = next(j for j, (a, b) in enumerate(zip(yaml.safe_load(fausse), yaml.safe_load(faces), strict=True)) if a != b)
    debut = texte.index(f"faces: {fausse}") + len("faces: [")
    ligne = texte.count("\n", 0, debut) + 1
    colonne = debut - texte.rindex("\n", 0, debut) + len(", ".join(fausse.strip("[]").split(", ")[:j])) + (2 if j else 0)
    tete = f"data/{jeu}/partie.yaml:{ligne}:{colonne} $.partie.des[{i}].faces[{j}]: "
    assert any(p.startswith(tete) and "faces 1 à" in p for p in problemes(tmp_path)), (tete, problemes(tmp_path))
