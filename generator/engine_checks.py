"""Engine checks: the data the engine reads (list rules, calculations) is checked at build time.

A typo there would otherwise turn a list rule off silently, make every list fail, or break a
tool page. Each problem is located on the offending node, like the schema checks.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from browser_engine import calculs_donnees, jeux, odds
from browser_engine.errors import ErreurDonnees, ErreurEntree, ErreurParametre
from browser_engine.expressions import ErreurExpression, ValeurIndisponible, evaluer, noms_utilises
from browser_engine.modele_contraintes import partie_liste
from browser_engine.regles import NOMS_ENTREE, NOMS_LISTE, NOMS_MESURE, VueEntree, placeholders

from . import bound_checks, calculation_checks, example_checks, model_list_checks, pile_checks, rule_values, score_checks, template_checks
from .declarations import Kind, check_declarations
from .engine_data import files_bundle
from .load import DataFile, load_file
from .message_checks import enum_name_problems, message_problems
from .problems import Problem
from .validate import Located, entries_of

Parts = tuple[str | int, ...]
CALCULS = Kind("calculs", "calcul", "les pages d'outils et les tableaux de probabilités en ont besoin")
OPERATORS = ("egal", "parmi", "sauf")


def game_problems(game_id: str, files: list[DataFile], root: Path) -> list[Problem]:
    """Every problem of the list rules and calculations of a game whose schemas and references hold."""
    data = files_bundle(game_id, files, root)
    located = {entry.value["id"]: entry for entry in entries_of(files)}
    fields = list_fields(data, root, game_id)
    schemas = data.get("schemas") or {}
    problems = [p for entry in located.values() if entry.kind == "regles_liste"
                for p in rule_problems(entry, fields, _list_top_fields(data), data)
                + message_problems(entry, schemas.get("liste") or {}, schemas.get("catalogue"))]
    problems += enum_name_problems(game_id, data, root)  # message_checks.py
    problems += model_list_checks.game_problems(files, data)  # modele_liste (browser_engine/modele_verif.py)
    problems += calculation_problems(game_id, data, located, files)
    problems += score_checks.score_problems(game_id, located, files)  # scores.yaml (score_checks.py)
    problems += pile_checks.hasard_problems(located)  # the `hasard` of the rules (pile_checks.py)
    if not problems:
        problems += _static_table_problems(data, files)
        problems += example_list_problems(game_id, data, root)
    return problems


def example_list_problems(game_id: str, data: dict[str, Any], root: Path) -> list[Problem]:
    """Problems the checker meets on the game's example lists.

    A data mistake that makes the engine fail (a `proprietes` value of the wrong type…) is found
    here, at build time, rather than by a player.
    """
    from browser_engine import valider

    found: list[Problem] = []
    folder = root / "data" / game_id / "listes"
    schema = (data.get("schemas") or {}).get("liste") or {}
    entry = _resolve(schema, (_properties(schema, schema).get("entrees") or {}))
    budget = example_checks.has_budget(data, set(_properties(schema, (entry or {}).get("items"))))
    for path in sorted(folder.glob("*.yaml")):
        shown = path.relative_to(root).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
            liste = yaml.safe_load(text)
            report = valider(data, liste)
        except ErreurEntree as exc:  # a list the checker refuses with a message: an invalid example
            if example_checks.stated_verdict(text)[0] is not False:
                found.extend(example_checks.verdict_problems(load_file(path, shown), text, {
                    "erreurs": [{"message": exc.message}]}, budget))
            continue
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            found.append(Problem(shown, line, col, "$", "liste d'exemple illisible (YAML invalide)"))
        except ErreurDonnees as exc:
            found.append(Problem(shown, 1, 1, "$", f"le vérificateur refuse les données du jeu sur cette liste : {exc}"))
        except Exception as exc:  # noqa: BLE001 - any engine failure is a data or engine bug to fix
            found.append(Problem(shown, 1, 1, "$", f"le vérificateur échoue sur cette liste d'exemple "
                                                   f"({type(exc).__name__} : {exc})"))
        else:  # the verdict the file states (example_checks.py)
            found.extend(example_checks.verdict_problems(load_file(path, shown), text, report, budget))
    return found


# --- list rules ------------------------------------------------------------------------------

def _resolve(schema: dict[str, Any], node: Any) -> Any:
    """A local `$ref` (`#/$defs/x`) resolved once; other nodes unchanged."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        target: Any = schema
        for part in node["$ref"][2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        node = target
    return node


def _properties(schema: dict[str, Any], node: Any) -> dict[str, Any]:
    """Properties of an object schema, through `$ref`, `allOf`, `anyOf` and `oneOf`."""
    node = _resolve(schema, node)
    if not isinstance(node, dict):
        return {}
    out = dict(node.get("properties") or {})
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key) or []:
            out.update(_properties(schema, sub))
    return out


def _list_top_fields(data: dict[str, Any]) -> set[str]:
    schema = (data.get("schemas") or {}).get("liste") or {}
    return set(_properties(schema, schema))


def list_fields(data: dict[str, Any], root: Path, game_id: str) -> dict[str, Any]:
    """Entry fields a list rule may use.

    They are the list schema's entry fields (name -> their schema) and the fields the game module
    derives (name -> the domain it declares in `domaines_derives`, None when it declares none).
    """
    schema = (data.get("schemas") or {}).get("liste") or {}
    entry = _resolve(schema, (_properties(schema, schema).get("entrees") or {}))
    fields: dict[str, Any] = {name: _resolve(schema, sub) for name, sub in
                              _properties(schema, (entry or {}).get("items")).items()}
    domains = derived_domains(data, game_id)
    for name in derived_fields(data, root, game_id) | set(domains):
        fields.setdefault(name, domains.get(name))
    return fields


def derived_domains(data: dict[str, Any], game_id: str) -> dict[str, Any]:
    """The values each derived field can hold, as the game module declares them (JSON Schema fragments)."""
    declared = getattr(partie_liste(data, jeux.part(game_id, "liste")), "domaines_derives", None)
    return dict(declared(data)) if callable(declared) else {}


def derived_fields(data: dict[str, Any], root: Path, game_id: str) -> set[str]:
    """Names of the values the game module adds to list entries (`cout_total`, `caste_effective`…).

    A module may declare them (`champs_derives(donnees_jeu)`); otherwise they are read from the
    module's analysis of the game's example lists (`data/<jeu>/listes/*.yaml`).
    """
    module = partie_liste(data, jeux.part(game_id, "liste"))  # Python part, else the list model
    if module is None:
        return set()
    declared = getattr(module, "champs_derives", None)
    if callable(declared):
        return set(declared(data))
    names: set[str] = set()
    for path in sorted((root / "data" / game_id / "listes").glob("*.yaml")):
        try:
            liste = yaml.safe_load(path.read_text(encoding="utf-8"))
            entrees = liste.get("entrees") if isinstance(liste, dict) else None
            vues = [VueEntree(i, dict(e)) for i, e in enumerate(entrees or []) if isinstance(e, dict)]
            analyse = module.analyser(data, liste, vues)
        except Exception:  # noqa: BLE001 - an example list the module cannot read teaches nothing
            continue
        for values in analyse.derives.values():
            names.update(values)
    return names


def _known(name: str, fields: dict[str, Any]) -> str | None:
    """None when the field exists, else the message naming the allowed fields."""
    if name in fields:
        return None
    return f"champ « {name} » inconnu des entrées de liste (champs : {', '.join(sorted(fields))})"


def _selector_problems(entry: Located, key: str, fields: dict[str, Any],
                       data: dict[str, Any]) -> Iterator[Problem]:
    """Each field a condition names exists, and each value it compares the field with is one the field can hold."""
    selector = entry.value.get(key)
    if not isinstance(selector, dict):
        return
    schema = (data.get("schemas") or {}).get("liste") or {}
    for name, condition in selector.items():
        unknown = _known(name, fields)
        if unknown:
            yield entry.file.problem(entry.parts + (key, name), unknown, key=True)
            continue
        for parts, value in _selector_values(condition):
            if value is None:
                continue
            here = entry.parts + (key, name) + parts
            if fields[name] is None:
                yield entry.file.problem(here, f"valeur « {rule_values.shown(value)} » invérifiable : le module du "
                                               f"jeu dérive le champ « {name} » sans en déclarer les valeurs possibles "
                                               "(domaines_derives)")
                continue
            reason = rule_values.value_problem(schema, fields[name], value, data)
            if reason:
                effect = "cette exclusion n'exclut rien" if parts[:1] == ("sauf",) else "la règle ne s'appliquerait jamais"
                yield entry.file.problem(here, f"valeur « {rule_values.shown(value)} » impossible pour le champ "
                                               f"« {name} » ({reason}) : {effect}")


def _selector_values(condition: Any) -> Iterator[tuple[Parts, Any]]:
    if not isinstance(condition, dict):
        yield (), condition
        return
    for op in OPERATORS:
        operand = condition.get(op)
        if op == "egal" and op in condition:
            yield (op,), operand
        elif isinstance(operand, list):
            yield from (((op, i), v) for i, v in enumerate(operand))


def rule_problems(entry: Located, fields: dict[str, Any], top_fields: set[str],
                  data: dict[str, Any] | None = None) -> list[Problem]:
    """Problems of one list rule: unknown fields and values, bound names and placeholders, bad pointers."""
    rule = entry.value
    data = data or {}
    found = [*_selector_problems(entry, "selecteur", fields, data), *_selector_problems(entry, "si", fields, data)]
    for key in ("somme", "longueur"):
        if isinstance(rule.get(key), str):
            unknown = _known(rule[key], fields)
            if unknown:
                found.append(entry.file.problem(entry.parts + (key,), unknown))
    bounds = rule.get("borne") or {}
    for kind, expression in bounds.items():
        message = _bound_problem(expression)
        if message:
            found.append(entry.file.problem(entry.parts + ("borne", kind), message))
    if not found:
        found.extend(_bound_value_problems(entry, fields, data))
    allowed = set(NOMS_LISTE) | {"valeur", "ecart"} | (set(bounds) & set(NOMS_MESURE))
    if rule.get("portee") == "entree":
        allowed |= set(NOMS_ENTREE)
    for name in placeholders(str(rule.get("message", ""))):
        if name not in allowed:
            message = f"« {{{name}}} » n'a pas de valeur dans ce message (noms possibles : {', '.join(sorted(allowed))})"
            found.append(entry.file.problem(entry.parts + ("message",), message))
    found.extend(_pointer_problems(entry, fields, top_fields))
    return found


def _bound_problem(expression: Any) -> str | None:
    names = {name: 1 for name in NOMS_LISTE}
    try:
        unknown = sorted(noms_utilises(expression) - set(NOMS_LISTE))
        if unknown:
            return f"nom inconnu « {unknown[0]} » dans la borne (noms possibles : {', '.join(NOMS_LISTE)})"
        evaluer(expression, names)
    except ValeurIndisponible:
        return None
    except ErreurExpression as exc:
        return f"borne invalide : {exc}"
    return None


def _bound_value_problems(entry: Located, fields: dict[str, Any], data: dict[str, Any]) -> Iterator[Problem]:
    """Bounds that can divide by zero, be negative for a measure that cannot, or be out of order (bound_checks.py)."""
    bounds = entry.value.get("borne") or {}
    schema = (data.get("schemas") or {}).get("liste") or {}
    ranges = bound_checks.name_ranges(schema)
    divisions = {kind: bound_checks.division_problem(expression, ranges) for kind, expression in bounds.items()}
    for kind, message in divisions.items():
        if message:
            yield entry.file.problem(entry.parts + ("borne", kind), message)
    if any(divisions.values()):
        return
    never_negative = bound_checks.measure_never_negative(entry.value, fields, schema)
    for kind, message in bound_checks.sign_and_order_problems(bounds, ranges, never_negative):
        yield entry.file.problem(entry.parts + ("borne", kind), message)


def _pointer_problems(entry: Located, fields: dict[str, Any], top_fields: set[str]) -> list[Problem]:
    rule = entry.value
    chemin = rule.get("chemin")
    if not isinstance(chemin, str) or not chemin:
        return []
    if rule.get("portee") == "entree":
        first = chemin.split("/")[0]
        unknown = None if first in fields else _known(first, fields)
        if chemin.startswith("/"):
            unknown = "pour une règle de portée entree, le chemin est un champ de l'entrée (sans « / » initial)"
    elif not chemin.startswith("/"):
        unknown = "pour une règle de portée liste, le chemin est un pointeur JSON commençant par « / »"
    else:
        first = chemin.split("/")[1]
        unknown = None if first in top_fields or not top_fields else \
            f"« {first} » n'est pas un champ de la liste (champs : {', '.join(sorted(top_fields))})"
    return [entry.file.problem(entry.parts + ("chemin",), unknown)] if unknown else []


# --- calculations ----------------------------------------------------------------------------

def calculation_problems(game_id: str, data: dict[str, Any], located: dict[str, Located],
                         files: list[DataFile]) -> list[Problem]:
    """Declared calculations against the engine: implemented, parameters sound, runnable."""
    in_python = set(getattr(jeux.part(game_id, "calculs"), "CALCULS", {}) or {})
    as_data = {e.value.get("calcul") for e in located.values()
               if e.kind == "calculs" and calculs_donnees.est_en_donnees(e.value)}
    entries, found = check_declarations(CALCULS, located, files, in_python | as_data)
    for entry, is_implemented in entries:
        if not is_implemented:
            continue
        template_problems = list(template_checks.problems(entry, in_python, data))
        found.extend(template_problems)
        if template_problems:
            continue
        parameter_problems = list(_parameter_problems(entry)) + list(_output_problems(entry))
        found.extend(parameter_problems or _run_problems(entry, data))
        if not parameter_problems:
            found.extend(_preset_problems(entry))
    found.extend(calculation_checks.problems(game_id, [entry for entry, _ in entries]))
    return found


def _parameter_problems(entry: Located) -> Iterator[Problem]:
    seen: set[str] = set()
    for i, param in enumerate(entry.value.get("parametres") or []):
        here = entry.parts + ("parametres", i)
        if param["id"] in seen:
            yield entry.file.problem(here + ("id",), f"paramètre « {param['id']} » déclaré deux fois")
        seen.add(param["id"])
        default = param.get("defaut")
        if param["type"] == "entier":
            missing = [k for k in ("min", "max") if not isinstance(param.get(k), int)]
            if missing:
                yield entry.file.problem(here, f"un paramètre entier déclare « min » et « max » "
                                               f"(manque : {', '.join(missing)})")
            elif param["min"] > param["max"]:
                yield entry.file.problem(here + ("min",), f"min {param['min']} supérieur à max {param['max']}")
            elif default is not None and (isinstance(default, bool) or not param["min"] <= default <= param["max"]):
                yield entry.file.problem(here + ("defaut",), f"valeur par défaut {default} hors de "
                                                             f"[{param['min']}, {param['max']}]")
            elif "libelles" in param and set(param["libelles"]) != {str(v) for v in range(param["min"], param["max"] + 1)}:
                yield entry.file.problem(here + ("libelles",), f"un libellé par valeur de {param['min']} à "
                                                               f"{param['max']}, ni plus ni moins")
        elif param["type"] == "booleen" and not isinstance(default, bool):
            yield entry.file.problem(here + ("defaut",), "un paramètre booléen a pour défaut true ou false")
        elif param["type"] == "des":
            yield from _die_problems(entry, here, param)
        elif param["type"] == "pile":
            yield from pile_checks.pile_problems(entry, here, param)
    if entry.value.get("calcul") == "pioche":
        yield from pile_checks.pioche_problems(entry)


def _output_problems(entry: Located) -> Iterator[Problem]:
    """`sortie_selon` names an integer parameter whose labels name each value shown."""
    selon = entry.value.get("sortie_selon")
    if selon is None:
        return
    params = {p["id"]: p for p in entry.value.get("parametres") or []}
    param = params.get(selon)
    if param is None or param["type"] != "entier" or not param.get("libelles"):
        candidats = ", ".join(i for i, p in params.items() if p["type"] == "entier" and p.get("libelles")) or "aucun"
        yield entry.file.problem(entry.parts + ("sortie_selon",),
                                 f"« {selon} » n'est pas un paramètre entier à libellés de ce calcul "
                                 f"(candidats : {candidats})")


def _die_problems(entry: Located, here: tuple[Any, ...], param: dict[str, Any]) -> Iterator[Problem]:
    """A `des` parameter: symbols declared once, face bounds in order, and never a default die."""
    if param.get("defaut") is not None:
        yield entry.file.problem(here + ("defaut",), "un dé saisi par le joueur n'a pas de valeur par défaut "
                                                     "(defaut: null) : ses faces manquent au livre")
    if not param.get("symboles"):
        yield entry.file.problem(here, "un paramètre de type des déclare ses « symboles »")
    ids = [s["id"] for s in param.get("symboles") or []]
    for doublon in sorted({i for i in ids if ids.count(i) > 1}):
        yield entry.file.problem(here + ("symboles",), f"symbole « {doublon} » déclaré deux fois")
    if "vide" in ids:
        yield entry.file.problem(here + ("symboles",), "« vide » est réservé à la face sans symbole")
    faces = param.get("faces")
    if isinstance(faces, dict) and faces["min"] > faces["max"]:
        yield entry.file.problem(here + ("faces", "min"), f"min {faces['min']} supérieur à max {faces['max']}")
    for cle in ("min", "max"):
        if cle in param:
            yield entry.file.problem(here + (cle,), "un dé déclare ses bornes dans « faces », pas dans min/max")


def _preset_problems(entry: Located) -> Iterator[Problem]:
    """Named presets set declared parameters within their bounds (their rule link is a checked reference)."""
    params = {p["id"]: p for p in entry.value.get("parametres") or []}
    seen: set[str] = set()
    for i, preset in enumerate(entry.value.get("preselections") or []):
        here = entry.parts + ("preselections", i)
        if preset["id"] in seen:
            yield entry.file.problem(here + ("id",), f"préselection « {preset['id']} » déclarée deux fois")
        seen.add(preset["id"])
        for name, value in preset["valeurs"].items():
            message = _preset_value_problem(params, name, value)
            if message:
                yield entry.file.problem(here + ("valeurs", name), message)


def _preset_value_problem(params: dict[str, Any], name: str, value: Any) -> str | None:
    param = params.get(name)
    if param is None:
        return f"paramètre « {name} » inconnu de ce calcul (paramètres : {', '.join(params) or 'aucun'})"
    if param["type"] == "booleen":
        return None if isinstance(value, bool) else f"le paramètre booléen « {name} » prend true ou false"
    if param["type"] == "pile":
        return pile_checks.preset_pile_problem(param, name, value)
    if param["type"] != "entier":
        return f"le paramètre « {name} » ({param['type']}) ne peut pas être fixé par une préselection"
    if isinstance(value, bool) or not isinstance(value, int):
        return f"le paramètre entier « {name} » prend un nombre entier"
    if not param["min"] <= value <= param["max"]:
        return f"valeur {value} hors de [{param['min']}, {param['max']}] pour le paramètre « {name} »"
    return None


def _run_problems(entry: Located, data: dict[str, Any]) -> list[Problem]:
    """Run the calculation with its default parameters: the engine must accept its own declaration."""
    decl = entry.value
    if decl.get("manquant") or any(p.get("defaut") is None for p in decl.get("parametres") or []):
        return []  # refused on purpose until the player supplies the missing values
    try:
        odds.calculer(data, decl["calcul"], {})
    except KeyError as exc:
        return [entry.file.problem(entry.parts + ("parametres",),
                                   f"le moteur lit le paramètre « {exc.args[0] if exc.args else exc} », que la déclaration ne contient pas")]
    except (ErreurParametre, ErreurDonnees, ErreurEntree) as exc:
        return [entry.file.problem(entry.parts, f"le calcul échoue avec ses valeurs par défaut : {exc}")]
    except Exception as exc:  # noqa: BLE001 - any engine failure is reported on the declaration
        return [entry.file.problem(entry.parts, f"le calcul échoue avec ses valeurs par défaut "
                                                f"({type(exc).__name__} : {exc})")]
    return []


def _static_table_problems(data: dict[str, Any], files: list[DataFile]) -> list[Problem]:
    """The odds tables of the rule pages are computed by the engine from the data: they must compute.

    Each table `tables-probas.yaml` declares is one the engine computes (a table it computes without a
    declaration fails with a message).
    """
    try:
        computed = {table["id"] for table in odds.tables_statiques(data)}
    except Exception as exc:  # noqa: BLE001 - reported on the file that declares the tables instead of a traceback
        owner = next((f for f in files if isinstance(f.value, dict) and "tables_probas" in f.value), None)
        manifest = next(f for f in files if f.path.endswith("/jeu.yaml"))
        where, parts = (owner, ("tables_probas",)) if owner is not None else (manifest, ("jeu",))
        return [where.problem(parts, f"les tableaux de probabilités des pages ne se calculent pas "
                                     f"avec ces données : {exc}")]
    declared = next((f for f in files if isinstance(f.value, dict) and "tables_probas" in f.value), None)
    if declared is None:
        return []
    return [declared.problem(("tables_probas", table_id), f"le moteur ne calcule aucun tableau « {table_id} » "
                                                          f"(tableaux calculés : {', '.join(sorted(computed)) or 'aucun'})",
                             key=True)
            for table_id in declared.value["tables_probas"] if table_id not in computed]
