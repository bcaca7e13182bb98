"""The engine gives identical answers in real Pyodide (npm package, under Node) and in CPython.

Both sides run the same wheels (built by generator.assets.build_wheels) and the
same Python glue as the site's Web Worker (moteur-python.js); the outputs are
compared as JSON text, byte for byte.
"""
from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from generator import assets
from generator.plugin import game_bundle

ROOT = Path(__file__).resolve().parent.parent
GLUE_JS = ROOT / "site_overrides" / "assets" / "javascripts" / "compendium" / "moteur-python.js"
NODE_SCRIPT = ROOT / "tests" / "node" / "pyodide_golden.mjs"
JEU = "bataille-d6"

# Lists written for this test (invented figures, not game data).
LISTE_VALIDE = """\
jeu: bataille-d6
nom: Essai golden (liste inventée pour le test)
format: 250
entrees:
  - nom: Lanciers
    nombre: 5
    mouvement: 6
    melee: 3
    tir: 0
    armure: 2
  - nom: Capitaine
    role: heros
    mouvement: 9
    melee: 4
    tir: 0
    armure: 3
    objet: 2
"""

LISTE_ERREURS = """\
jeu: bataille-d6
nom: "Essai <b>golden</b> invalide"
format: 100
entrees:
  - nom: Sans mêlée
    mouvement: 6
    melee: 0
    tir: 0
    armure: 0
  - nom: Mage
    role: sorcier
    mouvement: 6
    melee: 1
    tir: 0
    armure: 0
    sorts: [1]
    objet: 3
  - nom: Héros 1
    role: heros
    mouvement: 6
    melee: 2
    tir: 0
    armure: 1
  - nom: Héros 2
    role: heros
    mouvement: 6
    melee: 2
    tir: 0
    armure: 1
    couleur: rouge
"""

LISTE_JSON = json.dumps({
    "jeu": JEU, "nom": "Essai JSON", "format": 250,
    "entrees": [{"nom": "Archers", "nombre": 4, "mouvement": 6, "melee": 2, "tir": 3, "armure": 1, "attaques": 2,
                 "puissante": True}],
}, ensure_ascii=False)

HOSTILES = {
    "yaml_malforme": "jeu: bataille-d6\nentrees: [\n  - nom: a\n",
    "json_pas_objet": "[1, 2, 3]",
    "alias_bombe": "a: &a [x, x, x, x, x, x, x, x, x]\n"
    + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)),
    "imbrication": "jeu: bataille-d6\nentrees:\n  - nom: " + "[" * 5000 + "]" * 5000 + "\n",
    "vide": "",
}


def glue_python() -> str:
    """The Python text of moteur-python.js (between String.raw backquotes)."""
    found = re.search(r"String\.raw`(.*?)`;", GLUE_JS.read_text("utf-8"), re.S)
    assert found, "moteur-python.js: bloc String.raw introuvable"
    return found.group(1)


def example_lists() -> list[Path]:
    return sorted((ROOT / "data" / JEU / "listes").glob("*.yaml"))


# « Dés libres » (no game data): two pools compared, an explosion, a reroll, symbols, refused inputs.
DES_LIBRES = [
    {"reserves": [{"des": [{"nombre": 3, "faces": "d6"}], "operation": "meilleurs", "garder": 2,
                   "relance": {"faces": "1"}},
                  {"des": [{"nombre": 2, "faces": "d8"}], "explosion": {"faces": "8", "profondeur": 3}}]},
    {"reserves": [{"des": [{"nombre": 4, "faces": "épée*2, bouclier, vide*3"}], "operation": "symboles",
                   "symbole": "épée"}]},
    {"reserves": [{"des": [{"nombre": 60, "faces": "d100"}]}]},
    {"reserves": [{"des": [{"nombre": 2, "faces": "1, 2, , 3"}]}]},
    {"reserves": "pas une liste"},
]


def golden_cases(bundle: dict) -> list[dict]:
    cas: list[dict] = []
    for calcul in bundle.get("calculs", []):
        defauts = {p["id"]: p.get("defaut", p.get("min", 0)) for p in calcul.get("parametres", [])}
        cas.append({"type": "calculer", "jeu": JEU, "calcul": calcul.get("calcul", calcul["id"]), "parametres": defauts})
    cas += [
        {"type": "calculer", "jeu": JEU, "calcul": "attaque",
         "parametres": {"valeur": 3, "armure": 2, "malus_armure": 1, "couverts": 1, "attaques": 5}},
        {"type": "calculer", "jeu": JEU, "calcul": "attaque",
         "parametres": {"valeur": 4, "armure": 3, "malus_armure": 0, "couverts": 3, "attaques": 30,
                        "relance_sauvegarde": True}},
        {"type": "calculer", "jeu": JEU, "calcul": "attaque",
         "parametres": {"valeur": 6, "armure": 5, "malus_armure": 3, "couverts": 0, "attaques": 1}},
        {"type": "calculer", "jeu": JEU, "calcul": "attaque", "parametres": {"valeur": 9, "armure": 2}},
        {"type": "calculer", "jeu": JEU, "calcul": "inexistant", "parametres": {}},
    ]
    cas += [{"type": "des-libres", "requete": r} for r in DES_LIBRES]
    for liste in example_lists():
        cas.append({"type": "valider", "jeu": JEU, "texte": liste.read_text("utf-8")})
    cas += [{"type": "valider", "jeu": JEU, "texte": t} for t in (LISTE_VALIDE, LISTE_ERREURS, LISTE_JSON)]
    cas += [{"type": "valider", "jeu": JEU, "texte": t} for t in HOSTILES.values()]
    cas.append({"type": "valider", "jeu": JEU,
                "octets_b64": base64.b64encode(b"jeu: bataille-d6\nnom: \xff\xfe caf\xe9\n").decode()})
    cas.append({"type": "valider", "jeu": JEU, "octets_b64": base64.b64encode(LISTE_VALIDE.encode("utf-8")).decode()})
    return cas


def run_cpython(bundle_text: str, cas: list[dict]) -> list[str]:
    ns: dict = {}
    exec(compile(glue_python(), str(GLUE_JS), "exec"), ns)  # noqa: S102 - our own glue, same as the browser's
    ns["charger_jeu"](JEU, bundle_text)
    sorties = []
    for c in cas:
        if c["type"] == "valider":
            entree = base64.b64decode(c["octets_b64"]) if "octets_b64" in c else c["texte"]
            sorties.append(ns["valider_texte"](c["jeu"], entree))
        elif c["type"] == "des-libres":
            sorties.append(ns["des_libres_json"](json.dumps(c["requete"])))
        else:
            sorties.append(ns["calculer_json"](c["jeu"], c["calcul"], json.dumps(c["parametres"])))
    return sorties


@pytest.fixture(scope="module")
def roues(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return assets.build_wheels(tmp_path_factory.mktemp("roues"))


def test_roues_py3_none_any(roues: list[Path]) -> None:
    noms = [r.name for r in roues]
    assert noms[0].startswith("browser_engine-") and noms[1] == assets.ICEPOOL_WHEEL
    for roue in roues:
        assets.check_wheel(roue)
        assert assets.wheel_tags(roue) == ["py3-none-any"]
    with zipfile.ZipFile(roues[0]) as z:
        noms_internes = z.namelist()
    assert "browser_engine/__init__.py" in noms_internes
    assert not [n for n in noms_internes if "__pycache__" in n or n.endswith(".pyc")]


def test_roue_moteur_reproductible(roues: list[Path], tmp_path: Path) -> None:
    autre = assets.build_engine_wheel(tmp_path)
    assert autre.read_bytes() == roues[0].read_bytes()


def test_roue_mauvaise_etiquette_refusee(tmp_path: Path) -> None:
    fausse = tmp_path / "faux-1.0-cp311-cp311-linux_x86_64.whl"
    with zipfile.ZipFile(fausse, "w") as z:
        z.writestr("faux-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nTag: cp311-cp311-linux_x86_64\n")
    with pytest.raises(assets.ErreurAssets, match="py3-none-any"):
        assets.check_wheel(fausse)


def test_pyodide_identique_a_cpython(roues: list[Path], tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "node est introuvable : installez Node.js (make install)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(), "Pyodide absent : lancez « make install »"
    bundle = game_bundle(ROOT / "data", JEU)
    bundle_text = json.dumps(bundle, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    (tmp_path / "bundle.json").write_text(bundle_text, encoding="utf-8")
    cas = golden_cases(bundle)
    (tmp_path / "cas.json").write_text(
        json.dumps({"jeux": {JEU: str(tmp_path / "bundle.json")}, "cas": cas}, ensure_ascii=False), encoding="utf-8")
    roues_dir = roues[0].parent

    run = subprocess.run([node, str(NODE_SCRIPT), str(roues_dir), str(tmp_path / "cas.json")],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-4000:]
    pyodide = json.loads(run.stdout)
    assert pyodide["pyodide"] == assets.pyodide_version_attendue()
    assert pyodide["python"].startswith("3.")

    cpython = run_cpython(bundle_text, cas)
    assert len(pyodide["sorties"]) == len(cpython) == len(cas)
    for c, a, b in zip(cas, pyodide["sorties"], cpython, strict=True):
        assert a == b, f"différence Pyodide/CPython pour {json.dumps(c, ensure_ascii=False)[:200]}"

    # The cases really exercise the engine (not only error paths).
    resultats = [json.loads(s) for s in cpython]
    calculs = [r for c, r in zip(cas, resultats, strict=True) if c["type"] == "calculer"]
    assert sum(bool("resultat" in r and r["resultat"].get("distribution")) for r in calculs) >= 4
    valides = [r for c, r in zip(cas, resultats, strict=True) if c["type"] == "valider" and "resultat" in r]
    assert any(r["resultat"]["valide"] for r in valides)
    assert any(not r["resultat"]["valide"] for r in valides)
    erreurs = [r["erreur"] for r in resultats if "erreur" in r]
    assert len(erreurs) >= len(HOSTILES) + 2
    assert not [r for r in resultats if r.get("interne")], "erreur interne du moteur dans un cas golden"
