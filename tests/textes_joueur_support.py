"""What counts as an internal word in a text a player reads (issue 35, item 4): the « yaml-words ».

A player reads labels and names, never what the list file or the code is made of. A text holds a
yaml-word when it shows:

* a YAML key with its value, `meneur: true` (French writes a space before its colon, YAML none);
* braces, `{marche_des_corps: 4}`;
* a snake_case word, `emplacements_permanents`;
* a rule code, `HAMI_CONTEUR_MENEUR`, `D6_BUDGET_DEPASSE`;
* a data id with a hyphen, `arme-fictive-a-une-main`, or the same capitalised at the start of a
  sentence, `Arme-fictive-a-une-main`, `Budget-neuf-points` (unless it is also the item's French
  name, as « bras-liane » is), or a data id or list field quoted as it is written,
  `« version_donnees »`, `« meneur »`, `« guisarme »` (the name is « Guisarme »), `« Geo-chasse »`.

The ids, names and fields come from the data files (the example catalogues included) and the
schemas, never from the engine's output. A word the player typed in the list that the game does
not know (an unknown field, a card that no catalogue gives) has no other name: `permis` lets a
test allow those. The browser tests use the same predicate on the page's visible text.
"""
from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SCHEMAS = ROOT / "schemas"

CLE_VALEUR = re.compile(r"(?<![\w'’-])([a-z_][a-z0-9_]*):(?=\s|$|\{|\[)")
CLE_VALEUR_MAJUSCULE = re.compile(r"(?<![\w'’-])([A-Z][a-z0-9_]*):(?=\s|$|\{|\[)")  # `Meneur: true`
ACCOLADE = re.compile(r"[{}]")
SNAKE = re.compile(r"(?<![\w/.-])[A-Za-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/-])")
CODE = re.compile(r"(?<![\w/.-])[A-Z][A-Za-z0-9]*_[A-Za-z0-9_]+(?![\w/-])")
KEBAB = re.compile(r"(?<![\w/.-])[A-Za-z0-9][a-z0-9]*(?:-[a-z0-9]+)+(?![\w/-])")
ENTRE_GUILLEMETS = re.compile(r"«\s*([A-Za-z0-9_-]+)\s*»")


def ids_de(noeud: Any, out: set[str]) -> None:
    """Add every `id:` value found in `noeud` to `out`."""
    if isinstance(noeud, dict):
        for cle, valeur in noeud.items():
            if cle == "id" and isinstance(valeur, str):
                out.add(valeur)
            else:
                ids_de(valeur, out)
    elif isinstance(noeud, list):
        for valeur in noeud:
            ids_de(valeur, out)


def _noms(noeud: Any, out: set[str]) -> None:
    if isinstance(noeud, dict):
        for cle, valeur in noeud.items():
            if cle == "nom" and isinstance(valeur, str):
                out.add(valeur.lower())
            else:
                _noms(valeur, out)
    elif isinstance(noeud, list):
        for valeur in noeud:
            _noms(valeur, out)


def proprietes_de(noeud: Any, out: set[str]) -> None:
    """Add every field name (`properties`) and enum value of a schema to `out`."""
    if isinstance(noeud, dict):
        for cle, valeur in noeud.items():
            if cle == "properties" and isinstance(valeur, dict):
                out.update(k for k in valeur if isinstance(k, str))
            if cle == "enum" and isinstance(valeur, list):
                out.update(v for v in valeur if isinstance(v, str))
            proprietes_de(valeur, out)
    elif isinstance(noeud, list):
        for valeur in noeud:
            proprietes_de(valeur, out)


def _donnees() -> Iterator[Any]:
    for chemin in sorted(DATA.glob("*/**/*.yaml")):
        if chemin.parent.name != "listes":
            yield yaml.safe_load(chemin.read_text("utf-8"))


@functools.cache
def mots_internes() -> frozenset[str]:
    """Every data id (`id:` of any data file) and every field name and enum value of the schemas."""
    out: set[str] = set()
    for document in _donnees():
        ids_de(document, out)
    for chemin in sorted(SCHEMAS.glob("*.json")):
        proprietes_de(json.loads(chemin.read_text("utf-8")), out)
    return frozenset(out)


@functools.cache
def noms_en_minuscules() -> frozenset[str]:
    """Every data item's `nom` and every schema value name (`x-noms`), in lower case.

    « Bras-liane » and « Perce-armure » are French words as well as ids.
    """
    out: set[str] = set()
    for document in _donnees():
        _noms(document, out)
    for chemin in sorted(SCHEMAS.glob("*.json")):
        _x_noms(json.loads(chemin.read_text("utf-8")), out)
    return frozenset(out)


def _x_noms(noeud: Any, out: set[str]) -> None:
    if isinstance(noeud, dict):
        for cle, valeur in noeud.items():
            if cle == "x-noms" and isinstance(valeur, dict):
                out.update(v.lower() for v in valeur.values() if isinstance(v, str))
            else:
                _x_noms(valeur, out)
    elif isinstance(noeud, list):
        for valeur in noeud:
            _x_noms(valeur, out)


def mots_tapes(texte_liste: str, connus: frozenset[str] = frozenset()) -> frozenset[str]:
    """The words of a list's text that neither the game data nor `connus` define: the player's own."""
    mots = set(re.findall(r"[A-Za-z0-9_-]+", texte_liste))
    return frozenset(mots - connus)


def mots_yaml(texte: str, permis: frozenset[str] = frozenset()) -> list[str]:
    """The yaml-words of a text a player reads (empty when it is clean); see the module docstring.

    Args:
        texte: the text, as the player reads it.
        permis: words the player typed that the game does not know (`mots_tapes`), allowed.

    """
    internes, noms = mots_internes(), noms_en_minuscules()
    trouves: list[str] = []
    trouves += [m.group(0) for m in CLE_VALEUR.finditer(texte)]
    trouves += [m.group(0) for m in CLE_VALEUR_MAJUSCULE.finditer(texte) if m.group(1).lower() in internes]
    trouves += ACCOLADE.findall(texte)
    trouves += [m for m in SNAKE.findall(texte) if m not in permis and m.lower() not in permis]
    trouves += [m for m in CODE.findall(texte) if m not in permis]
    # An id capitalised (a sentence's first word) is still the id, unless it is a name too.
    trouves += [m for m in KEBAB.findall(texte) if m.lower() in internes and m.lower() not in noms
                and m not in permis and m.lower() not in permis]
    trouves += [f"« {m} »" for m in ENTRE_GUILLEMETS.findall(texte) if _interne_entre_guillemets(m, internes, noms, permis)]
    return trouves


def _interne_entre_guillemets(mot: str, internes: frozenset[str], noms: frozenset[str], permis: frozenset[str]) -> bool:
    """A quoted word that is an id as written: `« meneur »`; capitalised, only an id that no name spells,
    `« Geo-chasse »` (`« Meneur »` is the label of the field, `« Guisarme »` the item's name)."""
    if mot in permis or mot.lower() in permis:
        return False
    if mot[:1].islower() or mot[:1].isdigit():
        return mot in internes
    return mot.lower() in internes and mot.lower() not in noms and any(c in mot for c in "-_")


def message_joueur(violation: dict[str, Any], bundle: dict[str, Any]) -> str:
    """A violation as the page's « Résultat » panel writes it: its parts in the player's words, capitalised."""
    from browser_engine.messages import rendu_joueur

    texte = rendu_joueur(violation["parties"], bundle["schemas"]["liste"], bundle).strip()
    return texte[:1].upper() + texte[1:]
