"""Run everything the data declares, with the engine's own functions, and locate each failure.

A declaration can hold to its schema and name things that exist, yet fail when the engine runs it.
`make check` therefore runs, on the game's example lists (`data/<jeu>/listes/0*.yaml`):

* every preset of every calculator (`calculs.yaml`, `preselections`), the inputs the book leaves to
  the player (a die's faces, a pile's counts) filled with a sample the declaration allows;
* the odds of every example list (`probas-liste.yaml`): every cell of every target is checked
  against the declared calculation's parameters, and a group of targets the engine never reads is
  reported;
* the play-mode sheets of every valid example list (`partie.yaml`): every counter and state;
* every frozen version (`versions/*.json.gz`) against every example list, each keeping the verdicts it
  recorded when it was frozen (`frozen_checks`).

Scores run at every player count they declare in `score_checks`. Any exception becomes a problem
located on the declaration that caused it (`file:line:col JSONPath: message`).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from browser_engine import jeux, odds, pile
from browser_engine.errors import ErreurDonnees, ErreurEntree, ErreurParametre

from .engine_data import files_bundle
from .frozen_checks import frozen_problems
from .load import DataFile
from .problems import Problem
from .validate import entries_of

Parts = tuple[str | int, ...]
PROBAS = "probas_liste"
SAMPLE_FACES = 6
SAMPLE_COUNT = 2
GENERIC_TYPES = ("entier", "booleen", "des", "pile")


def game_problems(game_id: str, files: list[DataFile], root: Path) -> list[Problem]:
    """Every failure of the engine running what a game's data declares (see the module docstring)."""
    data = files_bundle(game_id, files, root)
    lists = example_lists(root, game_id)
    found = preset_problems(game_id, data, files)
    found += odds_list_problems(game_id, data, files, lists)
    found += partie_problems(data, files, lists)
    found += frozen_problems(game_id, files, root)
    return found


def example_lists(root: Path, game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """The game's example lists that parse, with their file name (`engine_checks` reports the others)."""
    out = []
    for path in sorted((root / "data" / game_id / "listes").glob("0*.yaml")):
        try:
            liste = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(liste, dict):
            out.append((path.name, liste))
    return out


# --- samples of what the player types --------------------------------------------------------

def sample_input(decl: dict[str, Any]) -> Any:
    """A value a player could type for an input the book leaves out (a die, a count), or None."""
    kind = decl.get("type")
    if kind == "des":
        symbols = [str(s["id"]) for s in decl.get("symboles") or [] if isinstance(s, dict) and "id" in s]
        faces = decl.get("faces")
        count = faces if isinstance(faces, int) else SAMPLE_FACES
        if isinstance(faces, dict):
            count = max(int(faces.get("min") or 1), min(SAMPLE_FACES, int(faces.get("max") or SAMPLE_FACES)))
        return [symbols[i % len(symbols)] for i in range(count)] if symbols else list(range(1, count + 1))
    if kind == "entier":  # a small count within the bounds: enough to run every branch, quick to compute
        low, high = decl.get("min", 0), decl.get("max", SAMPLE_COUNT)
        return decl["defaut"] if decl.get("defaut") is not None else max(low, min(high, SAMPLE_COUNT))
    return None


def _completed_pile(decl: dict[str, Any], value: Any) -> Any:
    """A preset's pile with the counts it leaves to the player filled (the rest of the pile's room)."""
    if not isinstance(value, list):
        return value
    missing = [item for item in value if isinstance(item, dict) and "nombre" not in item]
    if not missing:
        return value
    given = sum(item["nombre"] for item in value if isinstance(item, dict) and isinstance(item.get("nombre"), int))
    share = max(1, (pile.cartes_max(decl) - given) // len(missing))
    return [{**item, "nombre": share} if isinstance(item, dict) and "nombre" not in item else item for item in value]


def completed_values(decl: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """A preset's values, with the inputs the player supplies (faces, counts) filled by samples."""
    out = dict(values)
    for param in decl.get("parametres") or []:
        name = param.get("id")
        if param.get("type") == "pile":
            out[name] = _completed_pile(param, out.get(name, param.get("defaut")))
        elif param.get("type") in ("des", "entier") and out.get(name) is None and param.get("defaut") is None:
            out[name] = sample_input(param)
    return out


# --- presets ---------------------------------------------------------------------------------

def preset_problems(game_id: str, data: dict[str, Any], files: list[DataFile]) -> list[Problem]:
    """Every preset of every calculator computes (inputs left to the player filled by samples)."""
    found: list[Problem] = []
    for entry in entries_of(files):
        if entry.kind != "calculs":
            continue
        for i, preset in enumerate(entry.value.get("preselections") or []):
            here = entry.parts + ("preselections", i)
            values = completed_values(entry.value, preset.get("valeurs") or {})
            if any(values.get(p.get("id")) is None and p.get("defaut") is None and p.get("type") not in GENERIC_TYPES
                   for p in entry.value.get("parametres") or []):
                continue  # an input of the game's own type left to the player (Hami's deck): no sample to give
            try:
                odds.calculer(data, entry.value["id"], values)
            except ErreurParametre as exc:
                where = here + ("valeurs", exc.parametre) if exc.parametre in (preset.get("valeurs") or {}) else here
                found.append(entry.file.problem(where, f"la préselection « {preset.get('nom')} » ne se calcule pas : "
                                                       f"{exc.message}"))
            except Exception as exc:  # noqa: BLE001 - any failure of a preset is a data or engine fault
                found.append(entry.file.problem(here, f"la préselection « {preset.get('nom')} » ne se calcule pas "
                                                      f"({_reason(exc)})"))
    return found


def _reason(exc: Exception) -> str:
    message = exc.message if isinstance(exc, ErreurEntree) else str(exc)
    return message if isinstance(exc, ErreurEntree) else f"{type(exc).__name__} : {message}"


# --- odds of a list --------------------------------------------------------------------------

class _Reads(dict):  # type: ignore[type-arg]
    """The groups of reference targets, noting which ones the engine reads."""

    def __init__(self, values: dict[str, Any]) -> None:
        super().__init__(values)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(str(key))
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(str(key))
        return super().__getitem__(key)


def odds_list_problems(game_id: str, data: dict[str, Any], files: list[DataFile],
                       lists: list[tuple[str, dict[str, Any]]]) -> list[Problem]:
    """The odds of every example list: every cell's parameters hold, every group of targets is read."""
    module = jeux.part(game_id, "liste_probas")
    data_file = next((f for f in files if isinstance(f.value, dict) and PROBAS in f.value), None)
    if module is None or data_file is None or not lists:
        return []
    declared = data_file.value[PROBAS]
    reads = _Reads(dict(declared.get("cibles") or {}))
    running = {**data, PROBAS: {**(data.get(PROBAS) or {}), "cibles": reads}}
    types = getattr(jeux.part(game_id, "calculs"), "TYPES_PARAMETRES", None)
    found: list[Problem] = []
    ran = False
    for name, liste in lists:
        try:
            matrice = module.matrice(running, liste, {})
            if not matrice.calculable and matrice.saisies:
                from browser_engine.probas_liste import cle_saisie

                samples = {cle_saisie(d): sample_input(d) for d in matrice.saisies}
                matrice = module.matrice(running, liste, {"saisies": samples})
        except ErreurDonnees as exc:
            return [data_file.problem((PROBAS, "cibles"), f"le moteur ne trouve pas ce qu'il lit : {exc.message}")]
        except ErreurEntree:
            continue  # an example the odds refuse with a message
        except Exception as exc:  # noqa: BLE001 - located on the file the engine reads
            return [data_file.problem((PROBAS,), f"les probabilités de la liste d'exemple {name} échouent "
                                                 f"({_reason(exc)})")]
        ran = ran or matrice.calculable
        found += _cell_problems(data, data_file, declared, matrice, types, name)
    if ran:
        groups = ", ".join(sorted(reads.read & set(reads))) or "aucun"
        found += [data_file.problem((PROBAS, "cibles", group), f"groupe de cibles « {group} » que le moteur ne lit "
                                    f"pas (groupes lus : {groups})", key=True)
                  for group in declared.get("cibles") or {} if group not in reads.read]
    return _unique(found)


def _cell_problems(data: dict[str, Any], data_file: DataFile, declared: dict[str, Any], matrice: Any,
                   types: Any, name: str) -> Iterator[Problem]:
    for ligne in matrice.lignes:
        for action in ligne.actions:
            decl = odds.declaration(data, action.calcul)
            for cible in matrice.cibles:
                params = action.parametres.get(cible.id)
                if params is None:
                    continue
                try:
                    odds.normaliser_parametres(decl, params, types)
                except ErreurParametre as exc:
                    parts = _locate(declared, exc.parametre, params.get(exc.parametre))
                    yield data_file.problem(parts, f"la cible « {cible.nom} » de « {action.nom} » ({name}) sort du "
                                                   f"calcul « {decl.get('nom')} » : {exc.message}")


def _locate(declared: dict[str, Any], parameter: str, value: Any) -> Parts:
    """The node of `probas-liste.yaml` most likely to give a parameter this value."""
    for side, effects in (declared.get("effets") or {}).items():
        if isinstance(effects, dict):
            for card, effect in effects.items():
                if isinstance(effect, dict) and parameter in effect:
                    return (PROBAS, "effets", side, card, parameter)
    for group, items in (declared.get("cibles") or {}).items():
        for i, item in enumerate(items if isinstance(items, list) else []):
            if item == value and not isinstance(item, bool):
                return (PROBAS, "cibles", group, i)
    return (PROBAS, "cibles")


def _unique(problems: list[Problem]) -> list[Problem]:
    """One problem per node: the same fault shows on every list and every row."""
    seen: set[tuple[str, str]] = set()
    out = []
    for p in problems:
        if (p.file, p.path) not in seen:
            seen.add((p.file, p.path))
            out.append(p)
    return out


# --- play mode -------------------------------------------------------------------------------

def partie_problems(data: dict[str, Any], files: list[DataFile], lists: list[tuple[str, dict[str, Any]]]) -> list[Problem]:
    """The sheets of every valid example list: every counter starts within its bounds on every sheet."""
    data_file = next((f for f in files if isinstance(f.value, dict) and "partie" in f.value), None)
    if data_file is None:
        return []
    from browser_engine.partie import fiches_partie
    from browser_engine.validation import valider

    counters = {c.get("id"): i for i, c in enumerate(data_file.value["partie"].get("compteurs") or [])}
    found: list[Problem] = []
    for name, liste in lists:
        try:
            if not valider(data, liste).get("valide"):
                continue
            sheets = fiches_partie(data, liste)
        except ErreurEntree:
            continue
        except Exception as exc:  # noqa: BLE001 - located on the play-mode file
            found.append(data_file.problem(("partie",), f"les fiches de la liste d'exemple {name} échouent "
                                                        f"({_reason(exc)})"))
            continue
        for sheet in sheets.get("fiches") or []:
            for counter in sheet.get("compteurs") or []:
                if counter.get("manquant") and counter.get("id") in counters and _dead(counter):
                    parts: Parts = ("partie", "compteurs", counters[counter["id"]])
                    found.append(data_file.problem(parts, f"compteur inutilisable sur la fiche « {sheet.get('nom')} » "
                                                          f"de la liste d'exemple {name} : {counter['manquant']}"))
    return _unique(found)


def _dead(counter: dict[str, Any]) -> bool:
    """A counter the sheet cannot use although the list gives everything it reads (its start out of bounds)."""
    low, high, start = counter.get("min"), counter.get("max"), counter.get("depart")
    return start is None and (low is not None or high is not None) and "sort des bornes" in str(counter.get("manquant"))
