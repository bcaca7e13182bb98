"""Command line (CPython): `python -m browser_engine valider|probas|tables ...`.

The CLI only adds file reading, game data loading and printing; the checks and
the odds are the same functions the browser runs.

Exit codes: 0 valid list (or successful computation), 1 invalid list,
2 unreadable or hostile input, bad parameter, unknown game or calculation.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import bundle as bundle_access
from . import materiel
from .cli_argparse import AIDE
from .cli_argparse import ParseurFrancais as _Parser
from .cli_commun import checked_list, output, print_json, read_document
from .cli_donnees import charger_donnees, safe
from .cli_lecture import camp, texte_resultat
from .cli_sortie import SortieEchappee
from .errors import ErreurEntree, ErreurParametre
from .messages import Noms, rendu_cli_partie, rendu_joueur
from .odds import calculer, declaration, tables_statiques
from .validation import SANS_NOM, nom_de_liste

ROLE_LABELS = {"troupe": "troupe", "heros": "Héros", "sorcier": "Sorcier", "leader": "Leader"}


# --- argument parsing in French (cli_argparse) ------------------------------------------------

def _parser() -> _Parser:
    parser = _Parser(prog="python -m browser_engine",
                     description="Vérification de listes d'armée et probabilités exactes du Compendium.")
    commands = parser.add_subparsers(dest="commande", title="commandes", metavar="COMMANDE",
                                     parser_class=_Parser)
    check = commands.add_parser("valider", help="vérifier une liste d'armée (YAML ou JSON)",
                                description="Vérifier une liste. Code de sortie : 0 valide, 1 invalide, "
                                            "2 fichier illisible ou refusé.")
    check.add_argument("liste", metavar="LISTE", help="fichier de la liste (.yaml ou .json), ou - pour l'entrée standard")
    check.add_argument("--json", action="store_true", help="afficher le rapport en JSON")
    check.add_argument("--donnees", metavar="DOSSIER", type=Path,
                       help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    check.add_argument("--catalogue", metavar="FICHIER",
                       help="catalogue de profils (YAML ou JSON) ajouté à la liste, pour les jeux dont "
                            "les profils sont fournis par le joueur (kharn-ages)")
    text = commands.add_parser("texte", help="résumé d'une liste en texte simple, à coller dans un forum",
                               description="Écrire une liste en texte simple : nom, options, entrées, coûts, "
                                           "total et verdict. Code de sortie : 0 valide, 1 invalide, "
                                           "2 fichier illisible ou refusé.")
    text.add_argument("liste", metavar="LISTE", help="fichier de la liste (.yaml ou .json), ou - pour l'entrée standard")
    text.add_argument("--donnees", metavar="DOSSIER", type=Path,
                      help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    text.add_argument("--catalogue", metavar="FICHIER",
                      help="catalogue de profils (YAML ou JSON) ajouté à la liste (kharn-ages)")
    repair = commands.add_parser("reparer", help="proposer les plus petites corrections d'une liste invalide",
                                 description="Chercher les changements (un ou deux) qui rendent la liste valide, "
                                             "chacun vérifié. Code de sortie : 0 liste déjà valide, 1 liste invalide "
                                             "(réparations trouvées ou non), 2 fichier illisible ou refusé.")
    repair.add_argument("liste", metavar="LISTE", help="fichier de la liste (.yaml ou .json), ou - pour l'entrée standard")
    repair.add_argument("--json", action="store_true", help="afficher les réparations en JSON")
    repair.add_argument("--donnees", metavar="DOSSIER", type=Path,
                        help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    repair.add_argument("--catalogue", metavar="FICHIER",
                        help="catalogue de profils (YAML ou JSON) ajouté à la liste (kharn-ages)")
    odds = commands.add_parser("probas", help="probabilités exactes d'un calcul déclaré",
                               description="Calculer une loi exacte. Les options de paramètres "
                                           "dépendent du calcul : voir « probas JEU CALCUL --aide » ; "
                                           "« probas JEU --aide » liste les calculs du jeu.",
                               aide=False)
    odds.add_argument("jeu", metavar="JEU", nargs="?", help="identifiant du jeu (bataille-d6)")
    odds.add_argument("calcul", metavar="CALCUL", nargs="?", help="nom du calcul (attaque, initiative, pillage…)")
    odds.set_defaults(parseur_probas=odds)  # `-h`/`--aide` stay in the rest: with JEU and CALCUL, the calculation's
    odds.add_argument("--json", action="store_true", help="afficher le résultat en JSON")
    odds.add_argument("--donnees", metavar="DOSSIER", type=Path,
                      help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    score = commands.add_parser("score", help="score ou aide de partie déclaré (scores.yaml du jeu)",
                                description="Calculer un score à partir d'un document YAML ou JSON "
                                            "{joueurs: [{nom, …}], …}. Code de sortie : 0 calculé, 2 document "
                                            "illisible ou refusé.")
    score.add_argument("jeu", metavar="JEU", help="identifiant du jeu (hate)")
    score.add_argument("score", metavar="SCORE", help="nom du score (chronique, pv…)")
    score.add_argument("document", metavar="FICHIER", help="document des joueurs (.yaml ou .json), ou - pour l'entrée standard")
    score.add_argument("--json", action="store_true", help="afficher le résultat en JSON")
    score.add_argument("--donnees", metavar="DOSSIER", type=Path,
                       help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    from .cli_probas_liste import ajouter_commande as _probas_liste

    _probas_liste(commands)
    from .cli_versions import ajouter_commande as _versions

    _versions(commands)
    from .cli_des_libres import ajouter_commande as _des_libres

    _des_libres(commands)
    tables = commands.add_parser("tables", help="tables de probabilités précalculées (JSON)")
    tables.add_argument("jeu", metavar="JEU", help="identifiant du jeu")
    tables.add_argument("--donnees", metavar="DOSSIER", type=Path,
                        help="dossier data/ du site, ou paquet JSON assets/data/<jeu>.json")
    return parser


# --- printing -------------------------------------------------------------------------------

def _number(value: Any) -> str:
    return "—" if value is None else str(value)


def _print_violations(title: str, mark: str, violations: list[dict[str, Any]], noms: Noms) -> None:
    """Print each violation: code and pointer (for power users), then the sentence in the player's words.

    The fields it names follow as the YAML file writes them, on their own labelled line, then its rule.
    """
    if not violations:
        return
    print(f"\n{title} ({len(violations)}) :")
    for v in violations:
        where = f" [{safe(v['chemin'])}]" if v["chemin"] else ""
        parties = v.get("parties") if isinstance(v.get("parties"), list) else None
        phrase = rendu_joueur(parties, noms.schema, None, noms) if parties else str(v["message"])
        print(f"  {mark} {v['code']}{where} : {safe(phrase)}")
        champs = list(dict.fromkeys(rendu_cli_partie(p) for p in parties or () if isinstance(p, dict) and "champ" in p
                                    and "valeurs" not in p))
        if champs:
            print(f"      champ{'s' if len(champs) > 1 else ''} YAML : {safe(', '.join(c.strip('« »') for c in champs))}")
        if v.get("regle"):
            print(f"      règle : {v['regle']}")


def _print_list_values(donnees_jeu: dict[str, Any], details: dict[str, Any]) -> None:
    """Faction and initiative, for the games whose report gives them (Khârn-Âges)."""
    values = []
    if isinstance(details.get("faction"), str):
        faction = bundle_access.entrees_du_jeu(donnees_jeu).get(details["faction"], {})
        values.append(f"Faction : {safe(faction.get('nom', details['faction']))}")
    if isinstance(details.get("initiative"), int):
        values.append(f"Initiative (somme des niveaux) : {details['initiative']}")
    if values:
        print(" · ".join(values))


def _print_cost_lines(row: dict[str, Any]) -> None:
    """An entry's cost broken down (`lignes_cout`), when it has more than its profile."""
    lines = [line for line in row.get("lignes_cout") or [] if isinstance(line, dict)]
    if len(lines) < 2:
        return
    for k, line in enumerate(lines):
        cost = line.get("cout")
        sign = "d" if k == 0 else "+d"  # the profile's cost, then what is added or removed
        shown = f"{cost:{sign}}".replace("-", "\u2212") if isinstance(cost, int) else _number(cost)
        print(f"{'':>5}{safe(line.get('libelle', '')):<48} {shown:>8}")


def print_report(donnees_jeu: dict[str, Any], liste: dict[str, Any], rapport: dict[str, Any]) -> None:
    """Print a validation report in readable French."""
    unit = donnees_jeu["jeu"].get("unite_cout", "points")
    nom = nom_de_liste(liste) or SANS_NOM
    print(f"Liste « {safe(nom)} » — {bundle_access.nom_du_jeu(donnees_jeu)}")
    cost, budget = rapport["cout"], rapport["budget"]
    details = rapport.get("details") or {}
    if cost is not None:  # a game without a points budget (Hate's tribe size, Tamashii's players) shows none
        line = f"Coût : {_number(cost)} / {_number(budget)} {unit}"
        if budget is not None:
            line += f" (reste {budget - cost})" if cost <= budget else f" ({cost - budget} de trop)"
        print(line)
    if isinstance(details.get("cout_activation"), int):
        print(f"Coût d'activation : {details['cout_activation']} {unit}")
    characters = [f"{label} : {details[key]['nombre']} / {_number(details[key]['maximum'])}"
                  for key, label in (("heros", "Héros"), ("sorciers", "Sorciers")) if key in details]
    if characters:
        print(" · ".join(characters))
    _print_list_values(donnees_jeu, details)
    rows = details.get("entrees") or []
    if rows:
        print(f"\n{'N°':>3}  {'Entrée':<28} {'Rôle':<8} {'Nombre':>6} {'Coût/fig.':>9} {'Coût':>6}")
        for i, row in enumerate(rows, start=1):
            name = safe(row.get("nom") or "—")
            name = name if len(name) <= 28 else name[:27] + "…"
            role = ROLE_LABELS.get(str(row.get("role")), safe(row.get("role") or "—"))
            print(f"{i:>3}  {name:<28} {role:<8} {_number(row.get('nombre')):>6} "
                  f"{_number(row.get('cout_figure', row.get('cout_unitaire'))):>9} {_number(row.get('cout_total')):>6}")
            _print_cost_lines(row)
    noms = Noms(bundle_access.schema_liste(donnees_jeu), donnees_jeu).nommer_cartes(liste)
    _print_violations("Erreurs", "✗", rapport["erreurs"], noms)
    _print_violations("Avertissements", "!", rapport["avertissements"], noms)
    count = len(rapport["erreurs"])
    print("\nListe valide." if rapport["valide"] else
          f"\nListe invalide : {count} erreur{'s' if count > 1 else ''}.")


def print_odds(decl: dict[str, Any], result: dict[str, Any]) -> None:
    """Print a distribution as the odds page reads it (`cli_lecture.texte_resultat`)."""
    sys.stdout.write(texte_resultat(decl, result))


# --- commands -------------------------------------------------------------------------------

def command_text(args: argparse.Namespace) -> int:
    """`texte LISTE`: the list as plain text; 0 valid, 1 invalid."""
    from .composer_texte import texte_liste

    donnees_jeu, liste, rapport = checked_list(args)
    output(sys.stdout.write, texte_liste(donnees_jeu, liste, rapport))
    return 0 if rapport["valide"] else 1


def command_repair(args: argparse.Namespace) -> int:
    """`reparer LISTE`: 0 valid list, 1 invalid list (with or without repairs)."""
    from .reparer import reparer
    from .reparer_texte import texte_reparations

    donnees_jeu, liste, _rapport = checked_list(args)
    resultat = reparer(donnees_jeu, liste)
    if args.json:
        output(print_json, resultat)
    else:
        output(sys.stdout.write, texte_reparations(resultat, str(donnees_jeu["jeu"].get("unite_cout") or ""), safe))
    return 0 if resultat["valide"] else 1


def command_check(args: argparse.Namespace) -> int:
    """`valider LISTE`: 0 valid, 1 invalid."""
    donnees_jeu, liste, rapport = checked_list(args)
    if args.json:
        output(print_json, rapport)
    else:
        output(print_report, donnees_jeu, liste, rapport)
    return 0 if rapport["valide"] else 1


def _aide(*morceaux: Any) -> str:
    """A help text built from data: argparse reads `%` as a format, so every `%` is doubled."""
    return "".join(str(m) for m in morceaux).replace("%", "%%")


def _description(texte: str) -> str:
    """A parser description from data: argparse formats it only when it holds « %(prog) »."""
    return texte.replace("%", "%%") if "%(" in texte else texte


def _odds_parser(decl: dict[str, Any], jeu: str) -> _Parser:
    parser = _Parser(prog=f"python -m browser_engine probas {jeu} {decl['calcul']}",
                     description=_description(f"{decl['nom']} : {decl.get('resume', '')}"))
    parser.add_argument("--json", action="store_true", help="afficher le résultat en JSON")
    parser.add_argument("--donnees", metavar="DOSSIER", type=Path, help="dossier data/ ou paquet JSON")
    for param in decl.get("parametres", []):
        option = "--" + param["id"].replace("_", "-")
        cote = camp(param["id"])
        if cote:  # an opposed calculation: each side's options say whose they are, as the page's fieldsets
            param = {**param, "nom": f"{cote} — {param['nom']}"}
        if param.get("type") == "booleen":  # a flag, or a value: true/false, oui/non, vrai/faux, 1/0
            parser.add_argument(option, dest=param["id"], nargs="?", const=True, default=None, metavar="OUI|NON",
                                help=_aide(param["nom"], " (drapeau, ou une valeur : oui ou non, true ou false, "
                                           "vrai ou faux, 1 ou 0). ", param.get("aide", "")))
            if param.get("defaut") is True:
                parser.add_argument("--sans-" + param["id"].replace("_", "-"), dest=param["id"],
                                    action="store_const", const=False, help=_aide("désactiver : ", param["nom"]))
        elif param.get("type") == "paquet":
            parser.add_argument(option, dest=param["id"], metavar="FICHIER", default=None,
                                help=_aide(param["nom"], " : fichier YAML ou JSON de vos cartes, ou le fichier exporté par "
                                           "« Mon matériel ». ", param.get("aide", "")))
        elif param.get("type") == "des":
            parser.add_argument(option, dest=param["id"], metavar="FACES", default=None,
                                help=_aide(param["nom"], " : les faces de votre dé, une par face, par exemple "
                                           f"\"{_example_faces(param)}\", ou un fichier YAML ou JSON qui les "
                                           "liste (celui de « Mon matériel » aussi). ", param.get("aide", "")))
        elif param.get("type") == "pile":
            parser.add_argument(option, dest=param["id"], metavar="SORTES", default=None,
                                help=_aide(param["nom"], " : une sorte par élément de liste, par exemple "
                                           "\"[{nom: Voulues, nombre: 4, voulue: true}, {nom: Autres, nombre: 10}]\" "
                                           "(champs : nombre, sorties, defaussees, voulue), ou un fichier YAML ou JSON "
                                           "qui la contient. ", param.get("aide", "")))
        else:
            parser.add_argument(option, dest=param["id"], metavar="N", default=None,
                                help=_aide(param["nom"], f" : de {param['min']} à {param['max']}, "
                                           f"défaut {param['defaut']}. ", param.get("aide", "")))
    return parser


def _example_faces(param: dict[str, Any]) -> str:
    """An example of `--faces`: a symbol and a blank face, or bare numbers for a die of one number per face."""
    found = [s.get("id") for s in param.get("symboles") or [] if isinstance(s, dict)]
    if len(found) == 1 and found[0] == "numero":
        return "[3, 1, vide]"
    return f"[{found[0] if found else 'symbole'}, vide]"


def _looks_like_file(value: str) -> bool:
    """Whether a `des` or `pile` option names a file rather than a value typed inline."""
    texte = value.strip()
    return not texte.startswith(("[", "{")) and (Path(texte).suffix.lower() in (".yaml", ".yml", ".json")
                                                 or Path(texte).is_file())


def _odds_help(args: argparse.Namespace) -> int:
    """`probas --aide` (and `probas JEU --aide`): the command's help, and the game's calculations."""
    texte = args.parseur_probas.format_help()
    if args.jeu is not None:
        donnees_jeu = charger_donnees(args.jeu, args.donnees)
        calculs = [f"  {d.get('calcul')} : {d.get('nom', '')}" for d in bundle_access.calculs(donnees_jeu)]
        texte += f"\nCalculs de {bundle_access.nom_du_jeu(donnees_jeu)} :\n" + "\n".join(calculs) + "\n"
    output(sys.stdout.write, texte)
    return 0


def command_odds(args: argparse.Namespace, rest: list[str]) -> int:
    """`probas JEU CALCUL [--param valeur ...]`; `probas [JEU] --aide` prints the help."""
    if args.jeu is None or args.calcul is None:
        if any(a in AIDE for a in rest):
            return _odds_help(args)
        args.parseur_probas.error("the following arguments are required: " + ("CALCUL" if args.jeu else "JEU, CALCUL"))
    donnees_jeu = charger_donnees(args.jeu, args.donnees)
    decl = declaration(donnees_jeu, args.calcul)
    options = _odds_parser(decl, args.jeu).parse_args(rest)
    given = {p["id"]: getattr(options, p["id"]) for p in decl.get("parametres", [])
             if getattr(options, p["id"]) is not None}
    for param in decl.get("parametres", []):
        value = given.get(param["id"])
        if param.get("type") in ("des", "pile") and isinstance(value, str) and not _looks_like_file(value):
            continue  # faces or a pile typed inline: the engine reads the text
        if param.get("type") in ("paquet", "des", "pile") and isinstance(value, str):
            option = "--" + param["id"].replace("_", "-")
            try:
                given[param["id"]] = read_document(value)
                if materiel.est_materiel(given[param["id"]]):  # the site's « Mon matériel » file
                    given[param["id"]] = materiel.parametre(given[param["id"]], args.jeu, param)
            except ErreurEntree as exc:
                raise ErreurEntree(f"{param['nom']} illisible (option {option}) : {exc.message}", exc.ligne,
                                   exc.colonne) from None
    try:
        result = calculer(donnees_jeu, decl["calcul"], given)
    except ErreurParametre as exc:
        option = "--" + exc.parametre.replace("_", "-")
        message = exc.message if f"option {option}" in exc.message else exc.message.rstrip(".") + f" (option {option})."
        raise ErreurParametre(message, exc.parametre, exc.minimum, exc.maximum) from None
    if args.json or options.json:
        output(print_json, result)
    else:
        output(print_odds, decl, result)
    return 0


def print_score(result: dict[str, Any]) -> None:
    """Print a score's ranking, its details and its notes in French."""
    print(result["nom"])
    for row in result["classement"]:
        rank = f"{row['rang']}. " if row.get("rang") is not None else "- "
        print(f"\n{rank}{safe(row['nom'])} : {safe(row['total'])}")
        for line in row["detail"]:
            points = line["points"]
            shown = f"{points:+d}" if isinstance(points, int) and not isinstance(points, bool) else safe(points)
            print(f"     {safe(line['poste'])} : {shown}" if shown != "" else f"     {safe(line['poste'])}")
    if result.get("vainqueur") is not None:
        print(f"\n{result['designe']} : {safe(result['vainqueur'])}")
    for note in result.get("notes", []):
        print(f"\nNote : {safe(note)}")


def command_score(args: argparse.Namespace) -> int:
    """`score JEU SCORE FICHIER`: 0 computed, 2 bad input."""
    from .scores import calculer_score

    donnees_jeu = charger_donnees(args.jeu, args.donnees)
    try:
        document = read_document(args.document)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Document illisible : {exc.message}", exc.ligne, exc.colonne) from None
    result = calculer_score(donnees_jeu, args.score, document)
    output(print_json if args.json else print_score, result)
    return 0


def command_tables(args: argparse.Namespace) -> int:
    """`tables JEU`: the precomputed tables, as JSON."""
    output(print_json, tables_statiques(charger_donnees(args.jeu, args.donnees)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    for stream in (sys.stdout, sys.stderr):  # a terminal that is not UTF-8 gets « ? », not an error
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    sortie, erreurs = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SortieEchappee(sortie), SortieEchappee(erreurs)  # every output, escaped here
    try:
        return _main(argv)
    finally:
        if isinstance(sys.stdout, SortieEchappee):  # not the null device set after a closed pipe
            sys.stdout = sortie
        sys.stderr = erreurs


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args, rest = parser.parse_known_args(argv)
    try:
        if args.commande == "probas":
            return command_odds(args, rest)
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        if args.commande == "valider":
            return command_check(args)
        if args.commande == "texte":
            return command_text(args)
        if args.commande == "reparer":
            return command_repair(args)
        if args.commande == "tables":
            return command_tables(args)
        if args.commande == "probas-liste":
            from .cli_probas_liste import commande as _probas_liste_commande

            return _probas_liste_commande(args)
        if args.commande == "score":
            return command_score(args)
        if args.commande == "versions":
            from .cli_versions import commande as _versions_commande

            return _versions_commande(args)
        if args.commande == "des-libres":
            from .cli_des_libres import commande as _des_libres_commande

            return _des_libres_commande(args)
        parser.print_help(sys.stderr)
        return 2
    except ErreurEntree as exc:
        print(f"Erreur : {exc.message}", file=sys.stderr)
        return 2
    except (RecursionError, MemoryError):
        print("Erreur : entrée trop grande ou trop imbriquée pour être traitée.", file=sys.stderr)
        return 2
    except Exception as exc:  # a last guard: never a traceback for the user  # noqa: BLE001
        donnees = getattr(args, "donnees", None)
        if donnees is not None and donnees.is_file():  # a hand-edited or foreign bundle, not the site's
            print(f"Erreur : --donnees : {safe(donnees)} est un paquet de données abîmé ou d'une autre version "
                  f"du site ({type(exc).__name__}) ; reprenez le fichier assets/data/<jeu>.json du site construit.",
                  file=sys.stderr)
            return 2
        print(f"Erreur interne du moteur ({type(exc).__name__}) : l'entrée n'a pas pu être traitée. "
              "Merci de signaler ce problème avec le fichier utilisé.", file=sys.stderr)
        return 2
