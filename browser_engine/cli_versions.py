"""Command line `python -m browser_engine versions LISTE`: what changed for a list since its data version.

Exit codes as `valider`: 0 the list is valid with the current data, 1 invalid, 2 unreadable input.
"""
from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

from .versions import NATURES, action_versions
from .versions_journal import FORMAT_VERSION

MAX_OCTETS_FIGES = 64 * 1_048_576


def ajouter_commande(commandes: Any) -> None:
    """Declare the `versions` command on the CLI's sub-parsers."""
    versions = commandes.add_parser(
        "versions", help="ce qui change pour une liste depuis la version des données de sa composition",
        description="Comparer une liste avec les données de sa version (version_donnees) et les données "
                    "actuelles : entrées touchées, verdict d'alors et d'aujourd'hui. Code de sortie : 0 valide "
                    "aujourd'hui, 1 invalide, 2 fichier illisible ou refusé.")
    versions.add_argument("liste", metavar="LISTE", help="fichier de la liste (.yaml ou .json), ou - pour l'entrée standard")
    versions.add_argument("--json", action="store_true", help="afficher le résultat en JSON")
    versions.add_argument("--donnees", metavar="DOSSIER", type=Path, help="dossier data/ du site")
    versions.add_argument("--catalogue", metavar="FICHIER", help="catalogue de profils ajouté à la liste (kharn-ages)")


def donnees_figees(dossier: Path, jeu: str, version: Any) -> dict[str, Any] | None:
    """The frozen bundle of a past version (`data/<jeu>/versions/<version>.json.gz`), if there is one."""
    if not isinstance(version, str) or not FORMAT_VERSION.match(version.strip()):
        return None
    chemin = dossier / jeu / "versions" / f"{version.strip()}.json.gz"
    try:
        with gzip.open(chemin, "rb") as flux:
            octets = flux.read(MAX_OCTETS_FIGES + 1)
        return json.loads(octets) if len(octets) <= MAX_OCTETS_FIGES else None
    except (OSError, EOFError, ValueError):
        return None


def _verdict(v: dict[str, Any] | None) -> str:
    if v is None:
        return "non vérifiable (données de cette version absentes)"
    cout = "" if v.get("cout") is None else f" — coût {v['cout']}" + (f" / {v['budget']}" if v.get("budget") else "")
    n = len(v["erreurs"])
    return ("valide" if v["valide"] else f"invalide ({n} erreur{'s' if n > 1 else ''})") + cout


def texte_versions(resultat: dict[str, Any]) -> str:
    """The result of the `versions` action as French plain text."""
    lignes = [resultat["message"]]
    if resultat["statut"] != "ancienne":
        return "\n".join(lignes) + "\n"
    for version in resultat["versions"]:
        lignes.append(f"  Version {version['version']} ({version['date']}) : {version['resume']}")
    lignes += ["", f"Alors ({resultat['liste']}) : {_verdict(resultat['avant'])}",
               f"Maintenant ({resultat['actuelle']}) : {_verdict(resultat['maintenant'])}"]
    lignes += [f"  ✗ nouvelle erreur de la liste : {m}" for m in resultat["erreurs_liste_nouvelles"]]
    lignes += [f"  ✓ erreur de la liste levée : {m}" for m in resultat["erreurs_liste_levees"]]
    if resultat["entrees"]:
        lignes += ["", "Ce qui change pour votre liste :"]
    for entree in resultat["entrees"]:
        cout = "" if entree["cout_avant"] == entree["cout_maintenant"] else \
            f" (coût {entree['cout_avant']} → {entree['cout_maintenant']})"
        lignes.append(f"- {entree['nom']}{cout}")
        lignes += [f"    {NATURES.get(c['nature'], c['nature'])} — {c['nom']} : {c['texte']}" for c in entree["changements"]]
        lignes += [f"    ✗ {m}" for m in entree["erreurs_nouvelles"]] + [f"    ✓ levée : {m}" for m in entree["erreurs_levees"]]
    if resultat["regles"]:
        lignes += ["", "Règles de liste et options touchées :"]
        lignes += [f"- {NATURES.get(c['nature'], c['nature'])} — {c['nom']} : {c['texte']}" for c in resultat["regles"]]
    return "\n".join(lignes) + "\n"


def commande(args: argparse.Namespace) -> int:
    """`versions LISTE`: 0 the list is valid with the current data, 1 invalid."""
    from .cli_commun import checked_list, output, print_json
    from .cli_donnees import default_data_dir, safe

    donnees_jeu, liste, rapport = checked_list(args)
    dossier = args.donnees if args.donnees is not None and args.donnees.is_dir() else default_data_dir()
    requete: dict[str, Any] = {"action": "versions"}
    ancien = donnees_figees(dossier, str(liste.get("jeu")), liste.get("version_donnees"))
    if ancien is not None:
        requete["donnees_version"] = ancien
    resultat = action_versions(donnees_jeu, liste, requete)
    if args.json:
        output(print_json, resultat)
    else:
        output(lambda r: print(safe(texte_versions(r)), end=""), resultat)
    return 0 if rapport["valide"] else 1
