r"""Hostile round on the newer data files: corrupt every field once, count what `make check` refuses.

For each game, each newer data file (`partie.yaml`, `scores.yaml`, `probas-liste.yaml`,
`sommaire.yaml`, the presets of `calculs.yaml`, `versions.yaml`) and each field of it (one per
field path, list indexes folded: `$.partie.compteurs[*].min.valeur`), one corruption is written
in a temporary copy of the game, in place of the field's text:

* an integer becomes -7 (a negative page, line, bound or count);
* an id-like text becomes « zzz-inconnu », a pointer « /zzz_inconnu »;
* prose gets an escaped control character (« \e[31m »);
* a boolean becomes the text « peut-être ».

Two more per game damage the frozen version (plain text, then a gzip of `[]`). Then the data is
checked (`generator.plugin.load_site`) and the corruption counts as refused when check fails.

Usage: `python tools/ronde_hostile_donnees.py [--racine DIR] [--jeu JEU] [--passees FICHIER]`
(`--racine`: a checkout whose `generator` is used, for a count before and after a change;
`--passees`: where to write the corruptions check let through).
"""
from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

NEWER = ("partie.yaml", "scores.yaml", "probas-liste.yaml", "sommaire.yaml", "calculs.yaml", "versions.yaml")
ID_LIKE = re.compile(r"^[a-z0-9]+([-_][a-z0-9]+)*$")
POINTER = re.compile(r"^(/[^/\s]+)+$")


@dataclass(frozen=True)
class Corruption:
    """One corruption: where, what it writes, and the text of the file once corrupted."""

    game: str
    file: str
    path: str
    written: str
    text: str


def _replacement(node: yaml.ScalarNode) -> str | None:
    """What a scalar becomes (see the module docstring), or None for a null."""
    if node.tag.endswith(":null"):
        return None
    if node.tag.endswith(":int"):
        return "-7"
    if node.tag.endswith(":bool"):
        return '"peut-être"'
    value = str(node.value)
    if POINTER.match(value):
        return "/zzz_inconnu"
    if ID_LIKE.match(value):
        return "zzz-inconnu"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"')[:40] + '\\e[31m"'


def _scalars(node: yaml.Node, parts: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], yaml.ScalarNode]]:
    if isinstance(node, yaml.ScalarNode):
        yield parts, node
    elif isinstance(node, yaml.SequenceNode):
        for child in node.value:
            yield from _scalars(child, parts + ("[*]",))
    elif isinstance(node, yaml.MappingNode):
        for key, child in node.value:
            yield from _scalars(child, parts + (str(key.value),))


def corruptions(root: Path, game: str) -> Iterator[Corruption]:
    """One corruption per field path of each newer data file of a game."""
    for name in NEWER:
        path = root / "data" / game / name
        if not path.is_file():
            continue
        text = path.read_text("utf-8")
        seen: set[str] = set()
        for parts, node in _scalars(yaml.compose(text), ()):
            if name == "calculs.yaml" and "preselections" not in parts:
                continue
            where = "$." + ".".join(parts).replace(".[*]", "[*]")
            written = _replacement(node)
            if written is None or where in seen:
                continue
            seen.add(where)
            start, end = node.start_mark.index, node.end_mark.index
            yield Corruption(game, name, where, written, text[:start] + written + text[end:])


def _refused(root: Path, game: str, corruption: Corruption | None, frozen: bytes | None = None) -> bool:
    """Whether check refuses the game's data with this corruption (or this frozen version)."""
    from generator.plugin import load_site
    from generator.problems import DataError

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(root / "data" / game, work / "data" / game)
        (work / "schemas").symlink_to(root / "schemas")
        if corruption is not None:
            (work / "data" / game / corruption.file).write_text(corruption.text, "utf-8")
        if frozen is not None:
            versions = yaml.safe_load((root / "data" / game / "versions.yaml").read_text("utf-8"))["versions"]
            (work / "data" / game / "versions").mkdir(exist_ok=True)
            (work / "data" / game / "versions" / f"{versions[-1]['version']}.json.gz").write_bytes(frozen)
        try:
            load_site(work)
        except DataError:
            return True
        except Exception:  # noqa: BLE001 - a crash is no refusal: the corruption got past check
            return False
        return False


def main(argv: list[str] | None = None) -> int:
    """Run the round; prints the count of refused corruptions per file and in all."""
    parser = argparse.ArgumentParser(description="Ronde hostile sur les fichiers de données récents.")
    parser.add_argument("--racine", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--jeu", action="append", help="un jeu seulement (répétable)")
    parser.add_argument("--passees", type=Path, help="fichier où écrire les corruptions acceptées")
    args = parser.parse_args(argv)
    root = args.racine.resolve()
    sys.path.insert(0, str(root))
    games = args.jeu or sorted(p.name for p in (root / "data").iterdir() if (p / "jeu.yaml").is_file())
    tried = refused = 0
    passed: list[str] = []
    by_file: dict[str, list[int]] = {}
    for game in games:
        cases: list[tuple[str, str, Corruption | None, bytes | None]] = [
            (c.file, f"{c.path} = {c.written}", c, None) for c in corruptions(root, game)]
        cases += [("versions/*.json.gz", "texte", None, b"pas du gzip"),
                  ("versions/*.json.gz", "gzip de []", None, gzip.compress(b"[]"))]
        for name, label, corruption, frozen in cases:
            ok = _refused(root, game, corruption, frozen)
            tried += 1
            refused += ok
            counts = by_file.setdefault(name, [0, 0])
            counts[0] += ok
            counts[1] += 1
            if not ok:
                passed.append(f"{game}/{name} {label}")
    for name, (ok, total) in sorted(by_file.items()):
        print(f"{name:22} {ok:4} / {total:4} refusées")
    print(f"Total : {refused} corruptions refusées sur {tried}.")
    if args.passees:
        args.passees.write_text("\n".join(passed) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
