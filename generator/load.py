"""Load stage: read YAML data files into plain values with their source positions."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problems import DataError, Problem, json_path

MAX_FILE_BYTES = 2_000_000
# Deepest nesting of mappings and lists accepted in a data file (the data uses 8 levels). Deeper
# documents are refused before they are composed: composing them overflows the stack.
MAX_DEPTH = 32
# Data file names that look like YAML but are not read: refused rather than silently ignored.
NOT_READ_SUFFIXES = (".yml",)
Path_ = tuple[str | int, ...]


@dataclass
class DataFile:
    """One parsed data file: its value and the position of every node.

    Attributes:
        path: path shown in messages, relative to the project (`data/hami/sorts.yaml`).
        value: the parsed document.
        positions: (line, col), 1-based, of every value and of every mapping key
            (keys are stored under the path of their value plus the marker `KEY`).

    """

    path: str
    value: Any
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def position(self, parts: Path_, key: bool = False) -> tuple[int, int]:
        """Best known position of a path: the node itself, or its closest ancestor."""
        if key and (parts + (KEY,)) in self.positions:
            return self.positions[parts + (KEY,)]
        while parts not in self.positions and parts:
            parts = parts[:-1]
        return self.positions.get(parts, (1, 1))

    def problem(self, parts: Path_, message: str, key: bool = False) -> Problem:
        """Build a problem located at a path of this file."""
        line, col = self.position(parts, key)
        return Problem(self.path, line, col, json_path(parts), message)


KEY = "\x00key"
# libyaml's parser when PyYAML was built with it (about ten times faster), the pure-Python one otherwise.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Builder:
    """Turns a composed YAML node tree into values, recording node marks."""

    def __init__(self, loader: yaml.SafeLoader | yaml.CSafeLoader, data_file: DataFile) -> None:
        self.loader = loader
        self.file = data_file
        self.problems: list[Problem] = []

    def build(self, node: yaml.Node, parts: Path_) -> Any:
        self.file.positions[parts] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, parts)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, parts + (i,)) for i, child in enumerate(node.value)]
        return self.loader.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, parts: Path_) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = self.loader.construct_object(key_node, deep=True)
            mark = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if not isinstance(key, str):
                key = str(key)
            if key in out:
                self.problems.append(Problem(self.file.path, *mark, json_path(parts + (key,)),
                                             f"clé « {key} » en double dans le même objet"))
                continue
            self.file.positions[parts + (key, KEY)] = mark
            out[key] = self.build(value_node, parts + (key,))
        return out


def _yaml_message(exc: yaml.MarkedYAMLError, text: str) -> str:
    """Translate PyYAML's error into a short French message."""
    problem = exc.problem or ""
    mark = exc.problem_mark
    if mark is not None and text[mark.index:mark.index + 1] == "\t" or "'\\t'" in problem:
        return "tabulation interdite : indentez avec des espaces"
    if "mapping values are not allowed" in problem:
        return "« : » inattendu : une valeur contenant « : » doit être entre guillemets"
    if "found undefined alias" in problem or "found unhashable key" in problem:
        return f"YAML invalide : {problem}"
    if "expected <block end>" in problem or "did not find expected" in problem:
        return "structure YAML invalide : indentation ou ponctuation incohérente"
    if "found unexpected end of stream" in problem:
        return "fin de fichier inattendue : guillemet ou crochet non fermé"
    return f"YAML invalide : {problem or exc}"


def _refuse_aliases(node: yaml.Node, seen: set[int], data_file: DataFile, parts: Path_) -> Problem | None:
    """Anchors and aliases are not part of our data format (they enable alias bombs)."""
    if id(node) in seen:
        mark = node.start_mark
        return Problem(data_file.path, mark.line + 1, mark.column + 1, json_path(parts),
                       "les ancres et alias YAML (&, *) ne sont pas acceptés dans les données")
    seen.add(id(node))
    children: list[tuple[Path_, yaml.Node]] = []
    if isinstance(node, yaml.MappingNode):
        children = [(parts + (str(getattr(k, "value", "?")),), v) for k, v in node.value]
    elif isinstance(node, yaml.SequenceNode):
        children = [(parts + (i,), v) for i, v in enumerate(node.value)]
    for child_parts, child in children:
        found = _refuse_aliases(child, seen, data_file, child_parts)
        if found:
            return found
    return None


def load_file(path: Path, shown_as: str) -> DataFile:
    """Parse one YAML data file.

    Args:
        path: the file on disk.
        shown_as: the path printed in messages.

    Raises:
        DataError: unreadable file, bad YAML, duplicate keys, aliases, empty file.

    """
    data_file = DataFile(shown_as, None)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError([Problem(shown_as, 1, 1, "$", f"fichier illisible : {exc.strerror or exc}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError([Problem(shown_as, 1, 1, "$", f"fichier trop gros ({len(raw)} octets, maximum {MAX_FILE_BYTES})")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError([Problem(shown_as, line, col, "$", "texte non UTF-8 : enregistrez le fichier en UTF-8")]) from None
    too_deep = _too_deep(text, shown_as)
    if too_deep:
        raise DataError([too_deep])
    loader = Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise DataError([Problem(shown_as, 1, 1, "$", "fichier vide : une clé de premier niveau est attendue")])
        alias = _refuse_aliases(node, set(), data_file, ())
        if alias:
            raise DataError([alias])
        builder = _Builder(loader, data_file)
        data_file.value = builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise DataError([Problem(shown_as, line, col, "$", _yaml_message(exc, text))]) from None
    except yaml.reader.ReaderError as exc:
        raise DataError([_reader_problem(exc, text, shown_as)]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(shown_as, 1, 1, "$", f"YAML invalide : {exc}")]) from None
    finally:
        loader.dispose()
    if builder.problems:
        raise DataError(builder.problems)
    return data_file


def _reader_problem(exc: yaml.reader.ReaderError, text: str, shown_as: str) -> Problem:
    """A character YAML refuses (a raw control character), located at its line and column, in French."""
    character = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "?")
    # libyaml counts its position in bytes, PyYAML in characters: the first such character is the one refused.
    position = max(text.find(chr(character)), 0)
    line = text.count("\n", 0, position) + 1
    col = position - (text.rfind("\n", 0, position) + 1) + 1
    return Problem(shown_as, line, col, "$", f"caractère de contrôle U+{character:04X} interdit dans un fichier de "
                                              "données : retirez-le (un texte ne contient que des caractères visibles)")


def _too_deep(text: str, shown_as: str) -> Problem | None:
    """A problem at the first node nested deeper than MAX_DEPTH, read from the event stream (no recursion)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=Loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    return Problem(shown_as, mark.line + 1, mark.column + 1, "$",
                                   f"imbrication trop profonde : plus de {MAX_DEPTH} niveaux d'objets ou de listes")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return None  # reported with its position when the file is composed
    return None


def unread_files(folder: Path, root: Path) -> list[Problem]:
    """Files of a data folder that look like data but would not be read (`.yml`, `.YAML`…)."""
    problems = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        suffix = path.suffix
        if path.is_file() and (suffix.lower() in NOT_READ_SUFFIXES or (suffix.lower() == ".yaml" and suffix != ".yaml")):
            message = (f"fichier « {path.name} » non lu : seuls les fichiers « .yaml » (en minuscules) sont lus ; "
                       f"renommez-le « {path.stem}.yaml »")
            problems.append(Problem(_shown(path, root), 1, 1, "$", message))
    return problems


def folder_problems(data_dir: Path, root: Path | None = None) -> list[Problem]:
    """Folders of `data/` that hold data but no `jeu.yaml` manifest (they would be skipped)."""
    root = root or data_dir.parent
    problems = []
    for folder in sorted(p for p in data_dir.iterdir() if p.is_dir()):
        if (folder / "jeu.yaml").is_file():
            continue
        problems.extend(unread_files(folder, root))
        if any(p.suffix.lower() in (".yaml", ".yml") for p in folder.iterdir()):
            problems.append(Problem(_shown(folder / "jeu.yaml", root), 1, 1, "$",
                                    f"manifeste jeu.yaml manquant : le dossier « {folder.name} » contient des données "
                                    "mais n'est pas un jeu déclaré"))
    return problems


def game_files(data_dir: Path, game_id: str) -> list[Path]:
    """The data files of one game, manifest first, then by name."""
    folder = data_dir / game_id
    files = sorted(p for p in folder.glob("*.yaml") if p.is_file())
    return sorted(files, key=lambda p: (p.name != "jeu.yaml", p.name))


def game_ids(data_dir: Path) -> list[str]:
    """Ids of the games present in the data folder (one sub-folder each).

    Raises:
        DataError: there is no data folder.

    """
    if not data_dir.is_dir():
        raise DataError([Problem(f"{data_dir.name}/", 1, 1, "$", f"dossier de données introuvable : {data_dir}")])
    return sorted(p.name for p in data_dir.iterdir() if p.is_dir() and (p / "jeu.yaml").is_file())


def load_game(data_dir: Path, game_id: str, root: Path | None = None) -> tuple[list[DataFile], list[Problem]]:
    """Load every data file of a game.

    Returns:
        The files that parsed, and the problems of those that did not.

    """
    root = root or data_dir.parent
    files: list[DataFile] = []
    problems: list[Problem] = []
    for folder in (data_dir / game_id, data_dir / game_id / "listes", data_dir / game_id / "catalogues"):
        problems.extend(unread_files(folder, root))
    for path in game_files(data_dir, game_id):
        try:
            files.append(load_file(path, _shown(path, root)))
        except DataError as exc:
            problems.extend(exc.problems)
    return files, problems


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass
class LoadedData:
    """What the load stage read: each game's data files and the problems met reading them."""

    games: dict[str, tuple[list[DataFile], list[Problem]]]
    problems: list[Problem] = field(default_factory=list)  # folders of data/ that are no game


def load_data(root: Path, only: list[str] | None = None) -> LoadedData:
    """Load stage: every game under `root/data` (or only some of them), nothing checked yet.

    Raises:
        DataError: there is no data folder.

    """
    ids = only if only is not None else game_ids(root / "data")
    problems = folder_problems(root / "data", root) if only is None else []
    return LoadedData({game_id: load_game(root / "data", game_id, root) for game_id in ids}, problems)
