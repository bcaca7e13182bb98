"""Command line (CPython): reading a game's data, from the project's YAML or an exported bundle.

Also the terminal-safe text helper shared by the CLI's verbs.
"""
from __future__ import annotations

import errno
import json
import re
from pathlib import Path
from typing import Any

from .bundle import ancres_des_entrees, fusionner, paquet
from .cli_sortie import echapper
from .errors import ErreurDonnees, ErreurEntree
from .reader import traduire_json

GAME_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
GAME_ID_MAX = 64
BUNDLE_MAX_OCTETS = 32 * 1_048_576
OS_REASONS = {
    errno.ENOENT: "fichier ou dossier introuvable",
    errno.EISDIR: "c'est un dossier, pas un fichier",
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération non permise",
    errno.ENAMETOOLONG: "nom de fichier trop long",
    errno.ELOOP: "trop de liens symboliques",
    errno.EIO: "erreur d'entrée-sortie",
}


def safe(text: Any) -> str:
    """Text from a list, made harmless for a terminal (`cli_sortie.echapper`, as every output of the CLI)."""
    return echapper(text)


# --- game data ------------------------------------------------------------------------------

def os_reason(exc: OSError) -> str:
    """French reason of a system error (`fichier ou dossier introuvable`)."""
    return OS_REASONS.get(exc.errno or 0, f"erreur système n° {exc.errno}" if exc.errno else "erreur système")


def default_data_dir() -> Path:
    """The project's `data/` folder (next to the package in a checkout), else `./data`."""
    beside = Path(__file__).resolve().parent.parent / "data"
    return beside if beside.is_dir() else Path.cwd() / "data"


def _read_yaml(path: Path) -> Any:
    try:
        import yaml  # only the CLI reads the site's YAML data; never imported in Pyodide
    except ImportError:
        raise ErreurDonnees("PyYAML est nécessaire pour lire les données YAML du site ; installez-le, ou "
                            "passez le paquet JSON exporté avec --donnees assets/data/<jeu>.json.") from None
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ErreurDonnees(f"Données illisibles : {safe(path)} : {os_reason(exc)}.") from None
    except UnicodeDecodeError:
        raise ErreurDonnees(f"Données illisibles : {safe(path)} n'est pas un texte UTF-8.") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{safe(path)}:{mark.line + 1}:{mark.column + 1}" if mark is not None else safe(path)
        raise ErreurDonnees(f"Données illisibles : {where} : YAML invalide.") from None


def naive_bundle(data_dir: Path, jeu: str) -> dict[str, Any]:
    """A game's bundle read from its YAML files, merged as the site's (`bundle.fusionner`), without checks.

    The data is checked by the generator (`make check`), not here; the anchors are those the site gives
    each entry (`bundle.ancres_des_entrees`).
    """
    folder = data_dir / jeu
    if not (folder / "jeu.yaml").is_file():
        raise ErreurEntree(f"Jeu inconnu « {jeu} » : pas de dossier {folder}.")
    paths = sorted(folder.glob("*.yaml"), key=lambda p: (p.name != "jeu.yaml", p.name))  # the manifest first
    donnees = fusionner([_read_yaml(path) for path in paths if path.is_file()])
    return paquet(donnees, ancres_des_entrees(donnees), _game_schema(data_dir, "liste", jeu),
                  _game_schema(data_dir, "catalogue", jeu))


def _game_schema(data_dir: Path, kind: str, jeu: str) -> dict[str, Any] | None:
    """`schemas/<kind>-<jeu>.schema.json` next to the data folder, when the game has one."""
    path = data_dir.parent / "schemas" / f"{kind}-{jeu}.schema.json"
    try:
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
    except (OSError, ValueError):
        raise ErreurDonnees(f"Schéma illisible : {safe(path)} n'est pas un JSON valide.") from None


def charger_donnees(jeu: str, donnees: Path | None = None) -> dict[str, Any]:
    """Load a game's bundle for the CLI.

    Args:
        jeu: the game id.
        donnees: the `data/` folder, or an exported JSON bundle; default: the project's.

    Raises:
        ErreurEntree: unknown game, or invalid game data.

    """
    if len(jeu) > GAME_ID_MAX or not GAME_ID.match(jeu):
        shown = safe(jeu[:40]) + ("…" if len(jeu) > 40 else "")
        raise ErreurEntree(f"Identifiant de jeu invalide « {shown} » : des minuscules, chiffres et tirets, "
                           f"{GAME_ID_MAX} caractères au plus (par exemple : bataille-d6).")
    try:
        if donnees is not None and not donnees.exists():
            raise ErreurEntree(f"--donnees : {safe(donnees)} est introuvable (attendu : le dossier data/ du "
                               "site ou un paquet JSON assets/data/<jeu>.json).")
        if donnees is not None and donnees.is_file():
            return read_bundle_file(donnees, jeu)
        data_dir = donnees or default_data_dir()
        if not (data_dir / jeu / "jeu.yaml").is_file():
            raise ErreurEntree(f"Jeu inconnu « {jeu} » (aucun fichier {safe(data_dir / jeu / 'jeu.yaml')}).")
    except OSError as exc:
        raise ErreurEntree(f"--donnees : impossible de lire {safe(donnees)} : {os_reason(exc)}.") from None
    return naive_bundle(data_dir, jeu)


def read_bundle_file(path: Path, jeu: str) -> dict[str, Any]:
    """Read an exported JSON bundle (`assets/data/<jeu>.json`) and check that it is one, for `jeu`.

    Raises:
        ErreurEntree: unreadable file, not JSON, or not the bundle of that game.

    """
    start = f"--donnees : {safe(path)}"
    try:
        if path.stat().st_size > BUNDLE_MAX_OCTETS:
            raise ErreurEntree(f"{start} est trop volumineux pour un paquet de données (32 Mo au plus).")
        text = path.read_bytes().decode("utf-8")
        bundle = json.loads(text)
    except OSError as exc:
        raise ErreurEntree(f"{start} : lecture impossible ({os_reason(exc)}).") from None
    except UnicodeDecodeError:
        raise ErreurEntree(f"{start} n'est pas un texte UTF-8 : un paquet JSON exporté par le site est attendu.") from None
    except json.JSONDecodeError as exc:
        raise ErreurEntree(f"{start} n'est pas un JSON valide (ligne {exc.lineno}, colonne {exc.colno} : "
                           f"{traduire_json(exc.msg)}).") from None
    except RecursionError:
        raise ErreurEntree(f"{start} est trop imbriqué pour être un paquet de données.") from None
    _check_bundle(bundle, jeu, start)
    return bundle


def _check_bundle(bundle: Any, jeu: str, start: str) -> None:
    """Refuse JSON that is not a game bundle: the engine would stop on a missing part."""
    manifest = bundle.get("jeu") if isinstance(bundle, dict) else None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("id"), str):
        raise ErreurEntree(f"{start} n'est pas un paquet de données du Compendium (objet « jeu » avec son "
                           "« id » absent) ; donnez le fichier assets/data/<jeu>.json du site construit, "
                           "ou le dossier data/.")
    if manifest["id"] != jeu:
        raise ErreurEntree(f"{start} est le paquet du jeu « {safe(manifest['id'][:40])} », pas de « {jeu} ».")
    for key, value in bundle.items():
        if key in ("jeu", "ancres", "schemas"):
            if not isinstance(value, dict):
                raise ErreurEntree(f"{start} : « {safe(key)} » doit être un objet ; paquet de données abîmé.")
        elif isinstance(value, list) and not all(isinstance(e, dict) for e in value):
            raise ErreurEntree(f"{start} : « {safe(key[:40])} » doit être une liste d'objets ; paquet de données "
                               "abîmé.")
