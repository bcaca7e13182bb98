"""The `probas-liste` command: the odds matrix of a list, as text or JSON."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

VERBE = "probas-liste"


def ajouter_commande(commands: Any) -> None:
    """Declare `probas-liste LISTE [--adverse LISTE2] [--saisies FICHIER] [--json]` on the CLI's sub-parsers."""
    cmd = commands.add_parser(VERBE, help="probabilités de chaque entrée d'une liste contre des cibles de référence",
                              description="Probabilités exactes des actions de chaque entrée d'une liste "
                                          "contre les cibles de référence du jeu (et une liste adverse). "
                                          "Code de sortie : 0 calculé, 2 fichier illisible ou refusé.")
    cmd.add_argument("liste", metavar="LISTE", help="fichier de la liste (.yaml ou .json), ou - pour l'entrée standard")
    cmd.add_argument("--adverse", metavar="LISTE2", help="liste adverse (Bataille d6 : ma liste contre la sienne)")
    cmd.add_argument("--json", action="store_true", help="afficher la matrice en JSON")
    cmd.add_argument("--donnees", metavar="DOSSIER", type=Path,
                     help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    cmd.add_argument("--catalogue", metavar="FICHIER", help="catalogue de profils (YAML ou JSON) ajouté à la liste")
    cmd.add_argument("--saisies", metavar="FICHIER",
                     help="vos données absentes du livre (YAML ou JSON : {clé: valeur}, les clés que la commande "
                          "indique, par exemple les faces d'un dé ou votre paquet), ou le fichier exporté par "
                          "« Mon matériel »")


def _pourcent(p: float) -> str:
    return f"{p * 100:.1f}".replace(".", ",") + " %"


def afficher(matrice: dict[str, Any], out: Any = None, donnees: dict[str, Any] | None = None) -> None:
    """Print the matrix as text: one block per entry, one line per action and target.

    Args:
        matrice: the `probas` answer.
        out: where to write (standard output by default).
        donnees: the player's inputs already given (`--saisies`), not asked for again.

    """
    from .cli_donnees import safe

    out = out or sys.stdout
    out.write(f"Probabilités de la liste « {safe(matrice['nom_liste'])} »\n")
    for texte in matrice["manquant"]:
        out.write(f"{'Manque' if matrice['calculable'] else 'Non calculable'} : {texte}\n")
    donnees = donnees or {}
    for declaration in matrice.get("saisies", []):
        cle = declaration.get("stockage") or declaration.get("id")
        if cle not in donnees:
            out.write(f"Donnée à fournir avec --saisies : « {cle} » ({declaration.get('nom', '')}, "
                      f"type {declaration.get('type', '?')})\n")
    cibles = matrice["cibles"]
    for entree in matrice["entrees"]:
        out.write(f"\n{safe(entree['nom'])}\n")
        for remarque in entree["remarques"]:
            out.write(f"  ({remarque})\n")
        for action in entree["actions"]:
            out.write(f"  {action['nom']} — {safe(action['detail'])}\n")
            for cible, cellule in zip(cibles, action["cellules"], strict=True):
                if cellule is None:
                    continue
                texte = (f"    {safe(cible['nom'])} : espérance {cellule['esperance']['valeur']:.3f}".replace(".", ",")
                         + f", {matrice['succes'].lower()} {_pourcent(cellule['au_moins_un']['probabilite'])}")
                if cible["figurines"] > 1:
                    texte += f", {matrice['hors_de_combat'].lower()} {_pourcent(cellule['hors_de_combat']['probabilite'])}"
                out.write(texte + "\n")
    for note in matrice["notes"]:
        out.write(f"\nNote : {safe(note)}\n")


def commande(args: argparse.Namespace) -> int:
    """Run `probas-liste`; 0 when computed (even partly), errors raise ErreurEntree (exit 2)."""
    from . import materiel
    from .bundle import identifiant
    from .cli_commun import checked_list, output, print_json, read_bytes
    from .errors import ErreurEntree
    from .probas_liste import action_probas, cle_saisie
    from .reader import decoder, lire_document

    donnees_jeu, liste, _rapport = checked_list(args)
    requete: dict[str, Any] = {"action": "probas"}
    if args.adverse is not None:
        requete["adverse"] = decoder(read_bytes(args.adverse))
        if not requete["adverse"].strip():  # an empty file is a mistake, not « no opponent »
            raise ErreurEntree(f"Liste adverse vide : le fichier --adverse {args.adverse} ne contient aucune liste.")
    tapees: list[str] = []  # keys the player wrote by hand (a « Mon matériel » file holds every item of the game)
    if args.saisies is not None:
        saisies = lire_document(read_bytes(args.saisies))
        if materiel.est_materiel(saisies):  # the site's « Mon matériel » file: every item of it
            saisies = materiel.saisies(saisies, identifiant(donnees_jeu))
        elif isinstance(saisies, dict):
            tapees = [str(k) for k in saisies]
        if not isinstance(saisies, dict):
            raise ErreurEntree("Le fichier --saisies doit contenir un objet {clé: valeur}.")
        requete["saisies"] = saisies
    matrice = action_probas(donnees_jeu, liste, requete)
    connues = [cle_saisie(d) for d in matrice.get("saisies", [])]
    inconnues = [k for k in tapees if k not in connues]
    if inconnues:
        possibles = ", ".join(f"« {k} »" for k in connues) or "aucune pour cette liste"
        raise ErreurEntree(f"Fichier --saisies : clé « {inconnues[0][:40]} » inconnue ; clés possibles : {possibles}.")
    output(print_json if args.json else (lambda m: afficher(m, donnees=requete.get("saisies"))), matrice)
    return 0
