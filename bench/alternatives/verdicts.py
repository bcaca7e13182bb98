"""Same verdicts? The engine's parser and validator against the library-based adapters, on a corpus.

YAML: every YAML file of data/ and, for each, three copies with one YAML sign inserted at a random
place (seeded). Schema: each game's example lists and random damaged copies (a field given a wrong
value, an unknown field, a top-level key removed). Run by `bench_bibliotheques.py --suites`, with
ruamel.yaml importable.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from browser_engine.errors import ErreurEntree

ROOT = Path(__file__).resolve().parent.parent.parent
JEUX = ("bataille-d6", "hami", "kharn-ages", "hate", "tamashii")
SIGNES = (":", "- ", "[", "]", "{", "\"", "'", "  ", "\t", "#", "&a ", "*a", "!x ", "<<: ", ",", "|")
MAUVAISES_VALEURS = (-5, 999, "x", None, [], {}, 2.5, True, "")


def _issue(lire: Callable[[str], Any], texte: str) -> tuple:
    try:
        return ("valeur", lire(texte))
    except ErreurEntree as exc:
        return ("refus", exc.message, exc.ligne, exc.colonne)
    except Exception as exc:  # noqa: BLE001 - a crash is what is being counted
        return ("plantage", type(exc).__name__)


def _abimes(textes: list[str], hasard: random.Random) -> list[str]:
    sortie = []
    for texte in textes:
        lignes = texte.split("\n")
        for _ in range(3):
            i = hasard.randrange(len(lignes))
            if not lignes[i]:
                continue
            j = hasard.randrange(len(lignes[i]) + 1)
            ligne = lignes[i][:j] + hasard.choice(SIGNES) + lignes[i][j:]
            sortie.append("\n".join(lignes[:i] + [ligne] + lignes[i + 1:]))
    return sortie


def _pyyaml_accepte(texte: str) -> bool:
    try:
        yaml.safe_load(texte)
    except yaml.YAMLError:
        return False
    return True


def verdicts_yaml() -> str:
    """Compare yaml_lite and the ruamel.yaml adapter; one French line of counts."""
    from bench.alternatives.yaml_ruamel import parse_yaml as ruamel
    from browser_engine.yaml_lite import parse_yaml as lite

    fichiers = sorted((ROOT / "data").rglob("*.yaml"))
    textes = [f.read_text(encoding="utf-8") for f in fichiers]
    corpus = textes + _abimes(textes, random.Random(2))
    compte: Counter[str] = Counter()
    for texte in corpus:
        a, b = _issue(lite, texte), _issue(ruamel, texte)
        if "plantage" in (a[0], b[0]):
            compte["plantage"] += 1
        elif a[0] == b[0] == "valeur":
            compte["même valeur" if a == b else "valeurs différentes"] += 1
        elif a[0] != b[0]:
            compte["acceptés par yaml_lite seul" if a[0] == "valeur" else "acceptés par ruamel seul"] += 1
            compte["verdict différent où PyYAML donne celui de ruamel"] += _pyyaml_accepte(texte) == (b[0] == "valeur")
        elif a == b:
            compte["refus, même message et même position"] += 1
        else:
            compte["refus, même ligne, autre message" if a[2] == b[2] else "refus, autre ligne"] += 1
    details = ", ".join(f"{n} {k}" for k, n in sorted(compte.items(), key=lambda kv: -kv[1]))
    return f"YAML, {len(corpus)} textes ({len(fichiers)} fichiers de data/ et leurs copies abîmées) : {details}."


def _listes_abimees(documents: list[Any], hasard: random.Random) -> list[Any]:
    sortie = list(documents)
    for document in documents:
        for _ in range(40):
            copie = copy.deepcopy(document)
            if not isinstance(copie, dict) or not copie.get("entrees"):
                break
            entree = hasard.choice(copie["entrees"])
            if not isinstance(entree, dict) or not entree:
                continue
            entree[hasard.choice(list(entree))] = hasard.choice(MAUVAISES_VALEURS)
            if hasard.random() < 0.3:
                entree["inconnu"] = 1
            if hasard.random() < 0.3:
                copie.pop(hasard.choice(list(copie)))
            sortie.append(copie)
    return sortie


def verdicts_schema() -> str:
    """Compare SchemaLite and the jsonschema adapter on every game's lists; one French line."""
    from bench.alternatives.schema_jsonschema import SchemaJsonschema
    from browser_engine.schema_lite import SchemaLite
    from tests.engine_support import load_bundle

    hasard = random.Random(1)
    listes = identiques = en_defaut = ecarts = 0
    for jeu in JEUX:
        schema = load_bundle(jeu)["schemas"]["liste"]
        lite, autre = SchemaLite(schema), SchemaJsonschema(schema)
        exemples = [yaml.safe_load(f.read_text(encoding="utf-8"))
                    for f in sorted((ROOT / "data" / jeu / "listes").glob("*.yaml"))]
        for document in _listes_abimees(exemples, hasard):
            attendu = lite.valider(document)
            listes += 1
            identiques += attendu == autre.valider(document)
            en_defaut += bool(attendu)
            ecarts += len(attendu)
    return (f"Schéma, {listes} listes (exemples des cinq jeux et copies abîmées ; {en_defaut} en défaut, "
            f"{ecarts} écarts) : {identiques} avec exactement les mêmes écarts (chemin, mot-clé, code, message, règle).")


def lecture_cpython(fois: int = 20) -> str:
    """Median time to read the 40-entry benchmark list under CPython: yaml_lite, then ruamel.yaml."""
    import statistics
    import time

    from bench.alternatives.yaml_ruamel import parse_yaml as ruamel
    from bench.bench_navigateur import liste_40
    from browser_engine.yaml_lite import parse_yaml as lite

    texte = liste_40()
    medianes = []
    for lire in (lite, ruamel):
        durees = []
        for _ in range(fois):
            debut = time.perf_counter()
            lire(texte)
            durees.append((time.perf_counter() - debut) * 1000)
        medianes.append(statistics.median(durees))
    return (f"Lecture d'une liste de 40 entrées sous CPython, médiane de {fois} : yaml_lite {medianes[0]:.1f} ms, "
            f"ruamel.yaml {medianes[1]:.1f} ms (× {medianes[1] / medianes[0]:.0f}).")
