"""Build-time checks of the message parts: the list rules' placeholders and the names of enum values.

A rule's `message:` names fields and values with placeholders (`{champ:meneur=true}`,
`{valeurs:tribu}`, `{entree}`: see `browser_engine/messages.py`); the builder turns them into
the player's words from the list schema. A field that does not exist or a value the field does
not take would show the player a broken sentence: they stop the build, on the message's line.

Every value of a list schema's enum is shown to the player by its name: the data item of that id
(its `nom`), or the schema's `x-noms` next to the enum.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema

from browser_engine.bundle import entrees_du_jeu
from browser_engine.messages import Repere, analyser, enum_du_champ, litteral, noeud_du_champ, pointeur_absolu
from browser_engine.regles import NOMS_LISTE, NOMS_MESURE

from .load import load_file
from .problems import Problem
from .validate import Located

ANCIEN_PREFIXE = re.compile(r"Entrée \{numero\}")


def _types(noeud: dict[str, Any]) -> list[str]:
    declared = noeud.get("type")
    return [declared] if isinstance(declared, str) else [t for t in declared or [] if isinstance(t, str)]
Parts = tuple[str | int, ...]


def message_problems(entry: Located, schema: dict[str, Any], catalogue: dict[str, Any] | None) -> list[Problem]:
    """Problems of one list rule's message template (placeholders of fields, values and the entry)."""
    message = entry.value.get("message")
    if not isinstance(message, str):
        return []
    where = entry.parts + ("message",)
    par_entree = entry.value.get("portee") == "entree"
    found = []
    if ANCIEN_PREFIXE.search(message):
        found.append("écrivez « {entree} » pour désigner l'entrée (le moteur la nomme), pas « Entrée {numero} … — »")
    for jeton in analyser(message):
        if isinstance(jeton, str):
            if "{" in jeton or "}" in jeton:
                found.append(f"accolade hors d'un repère dans « {jeton.strip()[:60]} » : repères possibles "
                             "{nom}, {s:nom}, {entree}, {champ:…}, {valeurs:…}")
        elif jeton.sorte == "entree" and not par_entree:
            found.append("« {entree} » n'a de sens que pour une règle de portée entree (le moteur nomme déjà "
                         "les entrées en excès d'une règle de portée liste)")
        elif jeton.sorte in ("champ", "valeurs"):
            found.extend(_field_problems(jeton, schema, catalogue))
    return [entry.file.problem(where, text) for text in found]


def _field_problems(jeton: Repere, schema: dict[str, Any], catalogue: dict[str, Any] | None) -> Iterator[str]:
    interieurs = re.findall(r"\{([a-z_][a-z0-9_]*)\}", jeton.texte[1:-1])
    if interieurs:
        # A number the rule measures may be the value (« réglez « marche_des_corps: 3 » ») — the
        # repairs read it there; anything else is written in full.
        champ_variable = "{" in jeton.chemin
        if champ_variable or jeton.sorte != "champ" or not set(interieurs) <= set(NOMS_MESURE + NOMS_LISTE):
            yield f"« {jeton.texte} » : une règle écrit ses champs et ses valeurs en toutes lettres, sans repère"
            return
        noeud = noeud_du_champ(schema, pointeur_absolu(jeton.chemin, "/entrees/-"), catalogue)
        if noeud is None or not {"integer", "number"} & set(_types(noeud)):
            yield f"« {jeton.texte} » : seul un champ numérique prend pour valeur un nombre mesuré par la règle"
        return
    pointeur = pointeur_absolu(jeton.chemin, "/entrees/-")
    noeud = noeud_du_champ(schema, pointeur, catalogue)
    if noeud is None:
        lieu = "des entrées" if not jeton.chemin.startswith("/") else "de la liste"
        yield f"« {jeton.texte} » : « {jeton.chemin} » n'est pas un champ {lieu} dans le schéma de liste"
        return
    if jeton.valeurs is None:
        if jeton.sorte == "valeurs" and not enum_du_champ(schema, pointeur):
            yield f"« {jeton.texte} » : le champ « {jeton.chemin} » n'a pas de liste de valeurs (enum) à nommer"
        return
    racine = schema if noeud_du_champ(schema, pointeur) is not None else (catalogue or {})
    items = noeud_du_champ(racine, pointeur + "/0")
    for texte in jeton.valeurs:
        valeur = litteral(texte)
        candidats = [noeud] + ([items] if items is not None and not isinstance(valeur, list) else [])
        if not any(_accepts(candidat, valeur, racine) for candidat in candidats):
            yield f"« {jeton.texte} » : « {texte} » n'est pas une valeur permise du champ « {jeton.chemin} »"


def _accepts(noeud: dict[str, Any], valeur: Any, racine: dict[str, Any]) -> bool:
    """Whether a field's schema node takes the value (its `$ref`s resolved in the list schema)."""
    return jsonschema.Draft202012Validator({**noeud, "$defs": racine.get("$defs", {})}).is_valid(valeur)


# --- names of enum values ----------------------------------------------------------------------

def enum_name_problems(game_id: str, data: dict[str, Any], root: Path) -> list[Problem]:
    """Every string value of the list schema's enums is a data item with a `nom` or has an `x-noms` name."""
    path = root / "schemas" / f"liste-{game_id}.schema.json"
    if not path.is_file():
        return []
    document = load_file(path, f"schemas/{path.name}")
    ids = {i for i, item in entrees_du_jeu(data).items() if isinstance(item.get("nom"), str)}
    return list(_walk(document, document.value, (), ids))


def _walk(document: Any, node: Any, parts: Parts, ids: set[str]) -> Iterator[Problem]:
    if isinstance(node, list):
        for i, child in enumerate(node):
            yield from _walk(document, child, parts + (i,), ids)
        return
    if not isinstance(node, dict):
        return
    noms = node.get("x-noms")
    if noms is not None:
        yield from _names_problems(document, node, noms, parts)
    if isinstance(node.get("enum"), list):
        named = noms if isinstance(noms, dict) else {}
        for i, valeur in enumerate(node["enum"]):
            if isinstance(valeur, str) and valeur not in ids and valeur not in named:
                yield document.problem(parts + ("enum", i), f"la valeur « {valeur} » n'a pas de nom à montrer au "
                                                             "joueur : ni élément de données de cet identifiant, ni "
                                                             "« x-noms » à côté de l'enum")
    for key, child in node.items():
        if key not in ("x-noms", "enum"):
            yield from _walk(document, child, parts + (key,), ids)


def _names_problems(document: Any, node: dict[str, Any], noms: Any, parts: Parts) -> Iterator[Problem]:
    here = parts + ("x-noms",)
    if not isinstance(noms, dict):
        yield document.problem(here, "« x-noms » associe chaque valeur à son nom : un objet {valeur: nom}")
        return
    for valeur, nom in noms.items():
        if not isinstance(nom, str) or not nom.strip():
            yield document.problem(here + (valeur,), f"le nom de « {valeur} » est un texte non vide")
        elif isinstance(node.get("enum"), list) and valeur not in node["enum"]:
            yield document.problem(here + (valeur,), f"« {valeur} » n'est pas une valeur de l'enum voisin")
