"""The engine runs with the standard library and icepool only (as in Pyodide)."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.engine_support import ROOT, load_bundle

BLOCKED_RUN = textwrap.dedent("""
    import importlib.abc
    import json
    import sys

    BLOCKED = {"yaml", "jsonschema", "jinja2", "generator", "referencing", "markdown", "mkdocs"}

    class Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"blocked for this test: {name}")
            return None

    sys.meta_path.insert(0, Blocker())
    for name in list(sys.modules):
        if name.split(".")[0] in BLOCKED:
            del sys.modules[name]

    import browser_engine

    bundle = json.loads(open(sys.argv[1], encoding="utf-8").read())
    liste = browser_engine.lire_liste(
        "jeu: bataille-d6\\nnom: Test\\nformat: 250\\nentrees:\\n"
        "  - {nom: Lanciers, nombre: 10, mouvement: 12, melee: 3, tir: 0, armure: 2}\\n"
        "  - {nom: Chef, role: heros, mouvement: 12, melee: 4, tir: 0, armure: 3}\\n")
    rapport = browser_engine.valider(bundle, liste)
    resultat = browser_engine.calculer(bundle, "attaque", {"valeur": 3, "armure": 2, "malus_armure": 1,
                                                           "couverts": 1, "attaques": 5})
    tables = browser_engine.tables_statiques(bundle)
    try:
        browser_engine.lire_liste(b"\\xff\\xfe")
    except browser_engine.ErreurEntree as exc:
        erreur = str(exc)
    leaked = sorted(n for n in sys.modules if n.split(".")[0] in BLOCKED)
    print(json.dumps({"rapport": rapport, "resultat": resultat, "tables": len(tables), "erreur": erreur,
                      "leaked": leaked}))
""")


def test_engine_imports_and_runs_with_yaml_jsonschema_jinja2_blocked(tmp_path: Path):
    bundle_file = tmp_path / "bataille-d6.json"
    bundle_file.write_text(json.dumps(load_bundle("bataille-d6"), ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", BLOCKED_RUN, str(bundle_file)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["leaked"] == []
    assert out["rapport"]["valide"] is True
    assert out["rapport"]["cout"] == 10 * 12 + 16
    assert [v["code"] for v in out["rapport"]["avertissements"]] == ["D6_HEROS_SANS_OBJET"]
    assert out["resultat"]["esperance"]["fraction"] == "25/24"
    assert out["tables"] == 3
    assert "UTF-8" in out["erreur"]


def test_engine_sources_import_nothing_else():
    allowed = set(sys.stdlib_module_names) | {"__future__", "icepool"}
    for path in (ROOT / "browser_engine").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")) and not stripped.startswith("from ."):
                module = stripped.split()[1].split(".")[0]
                if path.name in ("cli.py", "cli_donnees.py") and module in ("yaml", "generator"):
                    assert line.startswith("        "), f"{path.name}: {module} must be imported lazily"
                    continue
                assert module in allowed, f"{path.name}: {stripped}"
