"""`python -m generator nouveau-jeu ID --nom "Nom"`: the files of a new game, with no Python rule.

It writes `data/<id>/` (the manifest, one section, one keyword, two list rules written as data: a
points budget and a limit on a count), the list schema `schemas/liste-<id>.schema.json`, one valid
and one invalid example list, and an empty engine package `browser_engine/jeux/<id>/`. The result
builds as it is; every text says « à compléter » where the rulebook's facts go. The guide « Ajouter un
jeu » (content/ajouter-un-jeu.md) explains what to fill in, and what needs Python.
"""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

SCAFFOLD_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")
ID_MAX = 40
# Terminal controls (C0, DEL, C1) and the invisible marks that reorder text (bidirectional controls).
CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class ScaffoldError(Exception):
    """The game cannot be created (bad id, or files that already exist); the message is French."""


def code_prefix(game_id: str) -> str:
    """The prefix of the game's violation codes (`mon-jeu` -> `MON_JEU`)."""
    return game_id.upper().replace("-", "_")


def _yaml_text(value: str) -> str:
    """A one-line YAML string (JSON quoting is valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def game_files(game_id: str, name: str) -> dict[str, str]:
    """The new game's files, by path from the project root."""
    code = code_prefix(game_id)
    nom = _yaml_text(name)
    data = f"data/{game_id}"
    return {
        f"{data}/jeu.yaml": f"""\
# Manifeste du jeu, écrit par « python -m generator nouveau-jeu » : complétez-le depuis le livre de règles
# (guide « Ajouter un jeu » du site). Chaque fait vient du livre ; chaque phrase est écrite avec vos mots.
jeu:
  id: {game_id}
  nom: {nom}
  resume: "À compléter : une phrase qui présente le jeu."
  source: {{fichier: "a-completer.txt", titre: "Livre de règles (à compléter)"}}
  unite_cout: points
  outils: [verifier]
  pages:
    - id: regles
      titre: Règles
      resume: Les règles du jeu (à compléter).
""",
        f"{data}/sections.yaml": """\
# Les règles, une section par règle du livre (source : la section et la ligne du livre).
sections:
  - id: composer-une-liste
    nom: Composer une liste
    resume: Le budget en points et le nombre de Héros d'une liste (à compléter).
    page: regles
    source: {section: "À compléter", ligne: 1}
    texte: |
      Chaque entrée de la liste coûte ses points ; le total ne dépasse pas le
      format convenu. Une liste compte au plus un [[heros]].
""",
        f"{data}/mots-cles.yaml": """\
# Les mots-clés : chaque forme citée dans un texte devient un lien vers sa définition.
mots_cles:
  - id: heros
    nom: Héros
    resume: Une figurine d'exception (à compléter).
    formes: [Héros, héros]
    source: {section: "À compléter", ligne: 1}
    texte: Un Héros est une entrée de type « heros » dans une liste.
""",
        f"{data}/regles-liste.yaml": f"""\
# Les règles de liste écrites en données : le moteur les vérifie sans une ligne de Python.
regles_liste:
  - id: budget-en-points
    nom: Budget en points
    resume: La somme des points des entrées ne dépasse pas le format convenu.
    source: {{section: "À compléter", ligne: 1}}
    code: {code}_BUDGET_DEPASSE
    severite: erreur
    portee: liste
    somme: points
    borne: {{max: format}}
    message: "{{valeur}} points pour un format de {{max}} points : {{ecart}} point{{s:ecart}} de trop."
    regle: composer-une-liste
    texte: Le total des points (champ `points` de chaque entrée) ne dépasse pas le format.

  - id: un-heros-au-plus
    nom: Un Héros au plus
    resume: Une liste compte au plus un Héros.
    source: {{section: "À compléter", ligne: 1}}
    code: {code}_HEROS_MAX
    severite: erreur
    portee: liste
    selecteur: {{type: heros}}
    compte: entrees
    borne: {{max: 1}}
    chemin: /entrees
    excedent: entrees
    message: "{{valeur}} Héros dans la liste ; {{max}} au plus."
    regle: heros
    texte: On compte les entrées de type `heros` ; l'erreur désigne celles en trop.
""",
        f"{data}/listes/01-liste-valide.yaml": f"""\
# Liste valide : 90 points pour un format de 100, un seul Héros.
jeu: {game_id}
nom: Exemple valide
format: 100
entrees:
  - {{nom: Capitaine, type: heros, points: 30}}
  - {{nom: Soldats, type: troupe, points: 60}}
""",
        f"{data}/listes/02-liste-invalide.yaml": f"""\
# Liste invalide : « Budget en points » (120 points pour un format de 100) et « Un Héros au plus » (deux Héros).
jeu: {game_id}
nom: Exemple invalide
format: 100
entrees:
  - {{nom: Capitaine, type: heros, points: 30}}
  - {{nom: Sorcière, type: heros, points: 30}}
  - {{nom: Soldats, type: troupe, points: 60}}
""",
        f"schemas/liste-{game_id}.schema.json": json.dumps(list_schema(game_id, name), ensure_ascii=False, indent=2)
        + "\n",
        f"browser_engine/jeux/{game_id.replace('-', '_')}/__init__.py": f'''\
"""Every rule of the game `{game_id}` is data (`data/{game_id}/`), so the game has no Python part yet.

Add a part here only for what data cannot say (see `browser_engine/jeux/__init__.py` and the guide
« Ajouter un jeu »): `liste` (costs, derived values, rules between entries), `calculs` (odds),
`liste_probas` (odds of a list), `scores`; then name it in `PARTS`.
"""
NOM = {name!r}  # the game's name, as `data/{game_id}/jeu.yaml` gives it
PARTS: tuple[str, ...] = ()
''',
    }


def list_schema(game_id: str, name: str) -> dict[str, object]:
    """The list-document schema of the new game: the common envelope, and entries with a type and points."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://compendium.invalid/schemas/liste-{game_id}.schema.json",
        "title": f"Liste — {name}",
        "description": f"Une liste de {name} : le format convenu en points et une entrée par figurine ou unité.",
        "type": "object",
        "additionalProperties": False,
        "required": ["jeu", "format", "entrees"],
        "x-regle": "verifier",
        "properties": {
            "jeu": {"title": "Jeu", "description": f"Toujours {game_id}.", "const": game_id},
            "version_donnees": {"title": "Version des données",
                                "description": "La version des données du jeu pour laquelle la liste a été composée.",
                                "type": "string", "maxLength": 40},
            "nom": {"title": "Nom de la liste", "description": "Facultatif : sans nom, la liste s'affiche « sans nom ».",
                    "type": "string", "maxLength": 120},
            "format": {"title": "Format", "description": "Taille convenue de la partie, en points.",
                       "type": "integer", "minimum": 1, "maximum": 100000},
            "options": {"title": "Options", "description": "Aucune option de liste pour l'instant.",
                        "type": "object", "additionalProperties": False, "properties": {}},
            "entrees": {"title": "Entrées", "description": "Une entrée par figurine ou unité.",
                        "type": "array", "maxItems": 1000, "items": {"$ref": "#/$defs/entree"}},
        },
        "$defs": {
            "entree": {
                "type": "object",
                "title": "Entrée",
                "description": "Une figurine ou une unité : son type et ses points.",
                "additionalProperties": False,
                "required": ["nom", "type", "points"],
                "x-regle": "composer-une-liste",
                "properties": {
                    "nom": {"title": "Nom", "description": "Nom de l'entrée (texte libre).",
                            "type": "string", "minLength": 1, "maxLength": 120},
                    "type": {"title": "Type", "description": "troupe ou heros.", "enum": ["troupe", "heros"],
                             "x-noms": {"troupe": "Troupe", "heros": "Héros"}, "x-regle": "heros"},
                    "points": {"title": "Points", "description": "Le coût de l'entrée, tel que le livre le donne.",
                               "type": "integer", "minimum": 0, "maximum": 100000},
                },
            },
        },
    }


def is_project(root: Path) -> bool:
    """Whether `root` is a Compendium project: its site configuration, data, schemas and pages."""
    return ((root / "mkdocs.yml").is_file() and (root / "data").is_dir() and (root / "content").is_dir()
            and (root / "schemas" / "commun.schema.json").is_file())


def reserved_ids(root: Path) -> set[str]:
    """Ids a game may not take: the site's own pages and folders at its root, which a game's folder would hide.

    Read from the project itself: the pages of `content/`, the pages the generator writes at the root
    (general index, interpretations…), the tools' folder (`outils/`), the theme's folders
    (`site_overrides/`: `assets`, `partials`) and the search plugin's folder.
    """
    from .des_libres_page import URI as DES_LIBRES
    from .render import GLOBAL_PAGES

    names = {p.stem for p in (root / "content").glob("*.md")} | {Path(uri).stem for uri in GLOBAL_PAGES}
    names |= {p.name for p in (root / "content").iterdir() if p.is_dir()}
    names |= {Path(DES_LIBRES).parts[0]} | {"search"}  # mkdocs' search plugin writes search/
    overrides = root / "site_overrides"
    if overrides.is_dir():
        names |= {p.name for p in overrides.iterdir() if p.is_dir()}
    return names


def name_problem(root: Path, name: str) -> str | None:
    """Why `check` would refuse the game's name (the manifest schema's `nom`, then the data's text rules)."""
    import jsonschema

    from .coherence import text_problem

    common = json.loads((root / "schemas" / "commun.schema.json").read_text(encoding="utf-8"))
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(common["$defs"]["nom"]).iter_errors(name))
    if error is not None:
        rule = common["$defs"]["nom"]
        return (f"le nom doit compter de {rule.get('minLength', 1)} à {rule.get('maxLength')} caractères "
                f"(reçu : {len(name)})")
    return text_problem(name)


def create_game(root: Path, game_id: str, name: str) -> list[Path]:
    """Write the new game's files under `root`; return their paths.

    Raises:
        ScaffoldError: `root` is not a Compendium project, the id is not a new kebab-case id or is one of
            the site's pages, the name is empty or one `check` refuses, or a file already exists.

    """
    if not is_project(root):
        raise ScaffoldError(f"{root} n'est pas un projet Compendium (mkdocs.yml, data/, content/ et schemas/ "
                            "attendus) : indiquez sa racine avec --racine, rien n'a été écrit.")
    if len(game_id) > ID_MAX or not SCAFFOLD_ID.match(game_id):
        raise ScaffoldError(f"Identifiant de jeu invalide « {game_id[:ID_MAX]} » : des minuscules sans accents, "
                            f"des chiffres et des tirets, une lettre d'abord, {ID_MAX} caractères au plus "
                            "(par exemple : mon-jeu).")
    if game_id in reserved_ids(root):
        raise ScaffoldError(f"Identifiant de jeu « {game_id} » réservé : c'est une page ou un dossier du site, que le "
                            "jeu cacherait. Choisissez un autre identifiant.")
    name = unicodedata.normalize("NFC", name)
    if not name.strip() or "\n" in name:
        raise ScaffoldError("Nom du jeu vide ou sur plusieurs lignes : donnez-le avec --nom \"Nom du jeu\".")
    if CONTROLS.search(name):
        raise ScaffoldError("Nom du jeu refusé : il contient un caractère de contrôle ou de sens d'écriture "
                            "invisible.")
    problem = name_problem(root, name.strip())
    if problem:
        raise ScaffoldError(f"Nom du jeu refusé par la vérification des données : {problem}.")
    files = {root / path: text for path, text in game_files(game_id, name.strip()).items()}
    taken = [path for path in files if path.exists()] + [path for path in (root / "data" / game_id,) if path.exists()]
    if taken:
        shown = ", ".join(sorted({str(p.relative_to(root)) for p in taken}))
        raise ScaffoldError(f"Le jeu « {game_id} » existe déjà (présent : {shown}) : rien n'a été écrit.")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(files)
