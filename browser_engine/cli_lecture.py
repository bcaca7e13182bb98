"""Command line (CPython): a calculation's result read as the « Probabilités » page reads it.

The page shows a percentage first, the chance of « at least » each value, the exact fraction
beside it; the runs of values under 0,01 % at either end of a distribution fold into one row
« ≤ v » or « ≥ v » with their exact total; impossible outcomes (probability 0) are left out;
the parameters of an opposed calculation are shown by side (Attaquant, Défenseur). `--json`
keeps the engine's answer untouched, every exact value included.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .des import texte_faces

NEGLIGEABLE = 0.00005  # shown « < 0,01 % »: runs of such values at either end fold into one row
ID_TRONCATURE = "troncature"  # the cut-off mass of exploding dice: a note, not an outcome
CAMPS = (("_attaque", "Attaquant"), ("_defense", "Défenseur"))  # as the page's fieldsets
# An exact fraction longer than this is left to --json (the page shows fractions on demand only).
MAX_FRACTION = 24
NOTE_FRACTIONS = "fractions exactes trop longues pour le tableau ; --json les donne toutes."


def camp(parametre: str) -> str | None:
    """The side a parameter belongs to (« Attaquant », « Défenseur »), from its id's ending, else None."""
    return next((nom for suffixe, nom in CAMPS if parametre.endswith(suffixe)), None)


def pourcentage(p: float) -> str:
    """A probability as the page writes it: « 31,10 % », « < 0,01 % », « > 99,99 % »."""
    if 0 < p < NEGLIGEABLE:
        return "< 0,01 %"
    if 1 - NEGLIGEABLE < p < 1:
        return "> 99,99 %"
    return f"{p * 100:.2f}".replace(".", ",") + " %"


def _texte_fraction(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


@dataclass
class Ligne:
    """One row of a distribution: its label, its exact probability, how many values it folds."""

    libelle: str
    fraction: Fraction
    plie: int = 0


def lignes_distribution(distribution: list[dict[str, Any]]) -> list[Ligne]:
    """The rows of a numeric distribution, impossible values left out, negligible tails folded."""
    points = sorted((d["valeur"], Fraction(d["fraction"])) for d in distribution)
    points = [(v, f) for v, f in points if f]
    lignes = [Ligne(str(v), f) for v, f in points]
    debut = 0
    while debut < len(lignes) and lignes[debut].fraction < NEGLIGEABLE:
        debut += 1
    fin = len(lignes)
    while fin > debut and lignes[fin - 1].fraction < NEGLIGEABLE:
        fin -= 1
    sortie = []
    if debut >= 2:
        sortie.append(Ligne(f"≤ {lignes[debut - 1].libelle}", sum((x.fraction for x in lignes[:debut]), Fraction(0)),
                            debut))
    else:
        sortie += lignes[:debut]
    sortie += lignes[debut:fin]
    if len(lignes) - fin >= 2:
        sortie.append(Ligne(f"≥ {lignes[fin].libelle}", sum((x.fraction for x in lignes[fin:]), Fraction(0)),
                            len(lignes) - fin))
    else:
        sortie += lignes[fin:]
    return sortie


def au_moins(lignes: list[Ligne]) -> list[Fraction]:
    """P(result ≥ the row's value) for each row, exact (sums from the highest row down)."""
    cumul, sortie = Fraction(0), []
    for ligne in reversed(lignes):
        cumul += ligne.fraction
        sortie.append(cumul)
    return sortie[::-1]


def _valeur(decl: dict[str, Any], valeur: Any) -> str:
    if isinstance(valeur, bool):
        return "oui" if valeur else "non"
    if isinstance(valeur, list) and decl.get("type") == "des":
        return texte_faces(valeur)
    if isinstance(valeur, list):
        return f"{len(valeur)} carte{'s' if len(valeur) > 1 else ''}"
    return str(valeur)


def lignes_parametres(decl: dict[str, Any], parametres: dict[str, Any]) -> list[str]:
    """« Paramètres : … », then one line per side of an opposed calculation."""
    decls = {p["id"]: p for p in decl.get("parametres", [])}
    groupes: dict[str | None, list[str]] = {None: [], **{nom: [] for _, nom in CAMPS}}
    for cle, valeur in parametres.items():
        p = decls.get(cle, {})
        groupes[camp(cle)].append(f"{p.get('nom', cle)} = {_valeur(p, valeur)}")
    lignes = [f"Paramètres : {' ; '.join(groupes[None])}"] if groupes[None] else []
    lignes += [f"{nom} : {' ; '.join(groupes[nom])}" for _, nom in CAMPS if groupes[nom]]
    return lignes or ["Paramètres : aucun"]


def _issues(result: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The outcome rows (possible outcomes only) and the notes (cut-off mass, impossible outcomes)."""
    issues = [i for i in result.get("issues", []) if i["id"] != ID_TRONCATURE]
    possibles = [i for i in issues if Fraction(i["fraction"])]
    notes = []
    impossibles = len(issues) - len(possibles)
    if impossibles:
        notes.append(f"{impossibles} issue{'s' if impossibles > 1 else ''} impossible{'s' if impossibles > 1 else ''} "
                     "avec ces paramètres (probabilité 0) non affichée" + ("s" if impossibles > 1 else "")
                     + " ; --json les donne toutes.")
    coupe = next((i for i in result.get("issues", []) if i["id"] == ID_TRONCATURE), None)
    if coupe is not None and Fraction(coupe["fraction"]):
        notes.append(f"{coupe['nom']} : {pourcentage(coupe['probabilite'])} ({coupe['fraction']}).")
    if not possibles:
        return [], notes
    largeur = max(len(i["nom"]) for i in possibles)
    courtes = all(len(i["fraction"]) <= MAX_FRACTION for i in possibles)
    if not courtes:
        notes.append(f"Issues : {NOTE_FRACTIONS}")
    lignes = [f"  {i['nom']:<{largeur}}  {pourcentage(i['probabilite']):>9}" + (f"  {i['fraction']}" if courtes else "")
              for i in possibles]
    return lignes, notes


def _table(decl: dict[str, Any], result: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The distribution as rows: value, probability, at least this value, exact fraction."""
    distribution = result.get("distribution") or []
    entete = decl.get("sortie", "Valeur")
    numerique = all(isinstance(d["valeur"], (int, float)) and not isinstance(d["valeur"], bool) for d in distribution)
    if numerique:
        lignes = lignes_distribution(distribution)
        cumuls = au_moins(lignes)
    else:
        lignes = [Ligne(str(d["valeur"]), Fraction(d["fraction"])) for d in distribution if Fraction(d["fraction"])]
        cumuls = []
    largeur = max([len(entete), 6, *(len(x.libelle) for x in lignes)])
    courtes = all(len(_texte_fraction(x.fraction)) <= MAX_FRACTION for x in lignes)
    titre = f"{entete:>{largeur}}  {'Probabilité':>11}" + (f"  {'Au moins':>9}" if numerique else "")
    sortie = [titre + ("  Fraction exacte" if courtes else "")]
    for k, ligne in enumerate(lignes):
        cumul = f"  {pourcentage(float(cumuls[k])):>9}" if numerique else ""
        exacte = f"  {_texte_fraction(ligne.fraction)}" if courtes else ""
        sortie.append(f"{ligne.libelle:>{largeur}}  {pourcentage(float(ligne.fraction)):>11}{cumul}{exacte}")
    notes = [] if courtes else [f"{entete} : {NOTE_FRACTIONS}"]
    plies = [ligne for ligne in lignes if ligne.plie]
    if plies:
        notes.append(" ; ".join(f"« {ligne.libelle} » regroupe {ligne.plie} valeurs" for ligne in plies)
                     + ", chacune sous 0,01 % ; --json donne chaque valeur.")
    return sortie, notes


def texte_resultat(decl: dict[str, Any], result: dict[str, Any]) -> str:
    """The whole result as French plain text, read as the odds page reads it."""
    lignes = [str(decl["nom"]), *lignes_parametres(decl, result["parametres"])]
    issues, notes = _issues(result)
    if issues:
        lignes += ["", *issues]
    if result.get("distribution"):
        table, notes_table = _table(decl, result)
        lignes += ["", *table]
        notes += notes_table
    moyenne = result["esperance"]
    valeur = f"{moyenne['valeur']:.4f}".replace(".", ",")
    exacte = f"{moyenne['fraction']} " if len(moyenne["fraction"]) <= MAX_FRACTION else ""
    lignes += ["", f"Espérance : {exacte}≈ {valeur}"]
    lignes += [f"Note : {n}" for n in notes]
    return "\n".join(lignes) + "\n"
