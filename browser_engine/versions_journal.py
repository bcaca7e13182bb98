"""A game's data changelog, as the bundle carries it, and where a list's data version stands.

The checker (`validation.py`) reports `situer` in every report's `details.version_donnees`; what a rules
update changes for one list is in `versions.py`.
"""
from __future__ import annotations

import json
import re
from typing import Any

CHAMP = "version_donnees"
FORMAT_VERSION = re.compile(r"[0-9]{4}\.[0-9]{1,2}\.[0-9]{1,6}\Z")
AFFICHAGE_MAX = 40


# --- the changelog --------------------------------------------------------------------------------

def journal(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's versions, oldest first (empty for data without a changelog)."""
    versions = donnees_jeu.get("versions") if isinstance(donnees_jeu, dict) else None
    return [v for v in versions or [] if isinstance(v, dict) and isinstance(v.get("version"), str)]


def version_actuelle(donnees_jeu: dict[str, Any]) -> str | None:
    """The version number of the data (the changelog's last version)."""
    versions = journal(donnees_jeu)
    return versions[-1]["version"] if versions else None


def cle_version(version: str) -> tuple[int, ...]:
    """Sortable key of a version number (`2026.11.1` -> (2026, 11, 1))."""
    return tuple(int(p) for p in version.split("."))


def montre(valeur: Any) -> str:
    """A value as one short line of text (JSON for anything but text), cut at `AFFICHAGE_MAX` characters."""
    texte = valeur if isinstance(valeur, str) else json.dumps(valeur, ensure_ascii=False)
    texte = " ".join(texte.split())
    return texte if len(texte) <= AFFICHAGE_MAX else texte[:AFFICHAGE_MAX - 1] + "…"


def situer(donnees_jeu: dict[str, Any], version: Any) -> dict[str, Any]:
    """Where a list's `version_donnees` stands against the site's data.

    Returns:
        `{liste, actuelle, statut, message}`; `statut` is `sans-journal` (the data has no versions),
        `absente`, `actuelle`, `ancienne`, `future`, `inconnue` or `invalide`; `message` is French.

    """
    actuelle = version_actuelle(donnees_jeu)
    connues = [v["version"] for v in journal(donnees_jeu)]
    liste = version if isinstance(version, str) else None
    if actuelle is None:
        statut, message = "sans-journal", "Les données de ce jeu n'ont pas encore de numéro de version."
    elif version is None:
        statut = "absente"
        message = (f"La liste n'indique pas la version des données pour laquelle elle a été composée ; "
                   f"version actuelle : {actuelle}.")
    elif not isinstance(version, str) or not FORMAT_VERSION.match(version.strip()):
        statut = "invalide"
        message = (f"Version des données « {montre(version)} » illisible : la version des données est un numéro "
                   f"comme « {actuelle} » (la version actuelle). La liste est vérifiée avec les données actuelles.")
    elif version.strip() == actuelle:
        statut, message = "actuelle", f"Liste composée pour la version actuelle des données ({actuelle})."
    elif version.strip() in connues:
        statut = "ancienne"
        message = f"Liste composée pour la version {version.strip()} des données ; version actuelle : {actuelle}."
    elif cle_version(version.strip()) > cle_version(actuelle):
        statut = "future"
        message = (f"Liste composée pour la version {version.strip()} des données, plus récente que celle de ce site "
                   f"({actuelle}) : rechargez la page pour obtenir les données à jour. En attendant, la liste "
                   f"est vérifiée avec la version {actuelle}.")
    else:
        statut = "inconnue"
        message = (f"Version des données « {version.strip()} » inconnue pour ce jeu (versions connues : "
                   f"{', '.join(connues)}) : la liste est vérifiée avec la version actuelle ({actuelle}).")
    return {"liste": liste.strip() if liste else None, "actuelle": actuelle, "statut": statut, "message": message}
