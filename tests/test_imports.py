"""The code's own imports, read with `ast`: no import circle in `generator/` or `browser_engine/`, and
the engine never imports the generator.

Every import counts, wherever it is written: at the top of a module, inside a function (a lazy
import still ties the two modules) or under `if TYPE_CHECKING:`. A relative import is resolved
against its module; `from . import x` names the module `x` when there is one.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("generator", "browser_engine")


def module_name(path: Path, root: Path) -> str:
    """`generator/print_sheets/__init__.py` -> `generator.print_sheets`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the two packages, by dotted name."""
    return {module_name(path, root): path for package in PACKAGES for path in sorted((root / package).rglob("*.py"))}


def imported_names(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """Every dotted name a module imports, absolute, with its line.

    `from p import x` names the module `p.x` when there is one (importing a submodule is not an import
    of what its package's `__init__` imports), else `p`.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            out += [(f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in known else origin, node.lineno)
                    for alias in node.names]
    return out


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """Module -> {module of the two packages it imports: line of the first such import}."""
    known = modules(root)
    graph: dict[str, dict[str, int]] = {}
    for name, path in known.items():
        edges: dict[str, int] = {}
        for target, line in imported_names(name, path, known):
            while target and target not in known:  # `import a.b.c` of a name inside: its nearest module
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def describe(component: list[str], graph: dict[str, dict[str, int]]) -> str:
    """The imports that tie a circle's modules, `a:line -> b` each."""
    inside = set(component)
    edges = [f"{a}:{line} -> {b}" for a in component for b, line in sorted(graph[a].items()) if b in inside]
    return "; ".join(edges)


def test_no_import_circle_in_either_package():
    graph = import_graph(ROOT)
    assert len(graph) > 100  # both packages were read
    found = circles(graph)
    assert found == [], "import circles:\n" + "\n".join(describe(c, graph) for c in found)


def test_the_engine_never_imports_the_generator():
    offending = []
    known = modules(ROOT)
    for name, path in known.items():
        if name.split(".")[0] != "browser_engine":
            continue
        for target, line in imported_names(name, path, known):
            if target == "generator" or target.startswith("generator."):
                offending.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert offending == []


def test_the_reader_sees_a_circle_and_a_generator_import(tmp_path: Path):
    """The checks above would see what they look for: a tiny project with both faults."""
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "generator" / "a.py").write_text("from . import b\n", encoding="utf-8")
    (tmp_path / "generator" / "b.py").write_text("def f():\n    from .a import g\n", encoding="utf-8")
    (tmp_path / "browser_engine" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import X\n", encoding="utf-8")
    (tmp_path / "browser_engine" / "d.py").write_text("from .c import Y\nimport generator.a\n", encoding="utf-8")
    graph = import_graph(tmp_path)
    assert circles(graph) == [["browser_engine.c", "browser_engine.d"], ["generator.a", "generator.b"]]
    assert "generator.a" in graph["browser_engine.d"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_parses(package: str):
    for path in (ROOT / package).rglob("*.py"):
        ast.parse(path.read_text(encoding="utf-8"), str(path))
