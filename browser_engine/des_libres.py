"""« Dés libres »: the exact law of any pool of dice the player describes, and of two pools compared.

A request (from the page's worker, or the CLI's `des-libres` command)::

    {"reserves": [                                    # one or two pools, named A and B
      {"des": [{"nombre": 3, "faces": "d6"},          # kinds of dice: how many, their faces (des_libres_faces)
               {"nombre": 1, "faces": "épée*2, bouclier, vide*3", "nom": "Dé de Hate"}],
       "operation": "somme",                          # somme | meilleurs | pires | succes | symboles
       "garder": 2,                                   # meilleurs, pires: how many dice are kept
       "seuil": 5,                                    # succes: a die showing at least this is a success
       "symbole": "épée",                             # symboles: the symbol counted
       "explosion": {"faces": "6", "profondeur": 3},  # a die showing one of these faces is rolled again
       "relance": {"faces": "1"}}]}                   # a die whose first roll shows one of these is rerolled once

Each die is rolled: a face to reroll is rerolled once (the second roll stands, even on such a
face); a face that explodes adds a new roll of the same die, up to `profondeur` new rolls per die,
after which the last face counts without exploding (the chance that any die of the pool reaches
that depth is given as `troncature`). Each roll is worth its number (`somme`, `meilleurs`, `pires`),
1 when its number is at least `seuil` (`succes`), or how many `symbole` it shows (`symboles`); a
die is worth its rolls added up. The pool is worth the sum of its dice, or of its `garder` best or
worst dice. Everything is computed exactly with icepool, after bounds checked beforehand
(`LIMITES`), so that no accepted pool keeps the browser's worker busy for long.
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import icepool

from .des_libres_faces import MAX_FACES, MAX_VALEUR, Face, lire_faces, texte_faces
from .des_libres_somme import cout_somme, etapes_garder, somme
from .errors import ErreurEntree
from .lois import fraction_texte, loi_en_lignes
from .reader import verifier_structure
from .schema_lite import afficher, lisible

NOMS = "AB"
MAX_DES = 1000  # dice in one pool (the work estimate bounds what is done with them)
MAX_SORTES = 6  # kinds of dice in one pool
MAX_PROFONDEUR = 10  # new rolls of one exploding die
PROFONDEUR_DEFAUT = 3
# Estimated work of one pool (see `cout`), past which it is refused before anything is computed.
# Measured (BENCHMARKS.md, « Dés libres »): at most about 0.5 s of CPython within it; up to about 6 s in
# Pyodide on a loaded machine (often 10 times slower on exploding dice's long exact fractions).
MAX_COUT = 2_000_000
MAX_ISSUES = 20_000  # values a pool's result may take
FACTEUR_GARDER = 3.2  # work per step of a keep evaluation and per value of its result (see `cout`)
OPERATIONS = {
    "somme": "Somme des dés",
    "meilleurs": "Somme des meilleurs dés",
    "pires": "Somme des moins bons dés",
    "succes": "Nombre de succès",
    "symboles": "Nombre de symboles",
}
NUMERIQUES = frozenset(("somme", "meilleurs", "pires", "succes"))
SANS_ACCENTS = {"succès": "succes"}
# Terminal controls and the invisible marks that reorder text (bidirectional controls, U+202E…).
INVISIBLES = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
CLES_RESERVE = frozenset(("nom", "des", "operation", "garder", "seuil", "symbole", "explosion", "relance"))
CLES_DE = frozenset(("nombre", "faces", "nom"))
LIMITES = {"des": MAX_DES, "sortes": MAX_SORTES, "faces": MAX_FACES, "valeur": MAX_VALEUR,
           "profondeur": MAX_PROFONDEUR, "profondeur_defaut": PROFONDEUR_DEFAUT, "cout": MAX_COUT,
           "issues": MAX_ISSUES, "reserves": len(NOMS)}


@dataclass(frozen=True)
class Sorte:
    """Dice of one kind in a pool: how many, their faces, an optional name."""

    nombre: int
    faces: tuple[Face, ...]
    nom: str | None = None


@dataclass(frozen=True)
class Reserve:
    """A pool as read from the request, every value checked."""

    nom: str
    sortes: tuple[Sorte, ...]
    operation: str
    garder: int | None = None
    seuil: int | None = None
    symbole: str | None = None
    explosion: frozenset[str] = frozenset()
    profondeur: int = 0
    relance: frozenset[str] = frozenset()

    @property
    def nombre_de_des(self) -> int:
        """Dice rolled, every kind included."""
        return sum(s.nombre for s in self.sortes)


# --- Reading the request ---------------------------------------------------------------------


def _entier(valeur: Any, ou: str, bas: int, haut: int) -> int:
    if isinstance(valeur, str) and valeur.strip().lstrip("+-").isdigit() and len(valeur.strip()) <= 9:
        valeur = int(valeur)
    if isinstance(valeur, float) and valeur.is_integer():
        valeur = int(valeur)
    if isinstance(valeur, bool) or not isinstance(valeur, int) or not bas <= valeur <= haut:
        raise ErreurEntree(f"{ou} doit être un nombre entier de {bas} à {haut} (reçu : {afficher(valeur)}).")
    return valeur


def _objet(valeur: Any, ou: str, cles: frozenset[str]) -> dict[str, Any]:
    if not isinstance(valeur, dict):
        raise ErreurEntree(f"{ou} : un objet est attendu, pas {afficher(valeur)}.")
    inconnues = sorted(str(k) for k in valeur if k not in cles)
    if inconnues:
        raise ErreurEntree(f"{ou} : champ inconnu « {lisible(inconnues[0][:30])} » ; champs possibles : "
                           f"{', '.join(sorted(cles))}.")
    return valeur


def _sorte(valeur: Any, ou: str) -> Sorte:
    de = _objet(valeur, ou, CLES_DE)
    nombre = _entier(de.get("nombre", 1), f"{ou} : le nombre de dés", 1, MAX_DES)
    nom = de.get("nom")
    if nom is not None and (not isinstance(nom, str) or len(nom) > 80):
        raise ErreurEntree(f"{ou} : le nom du dé est un texte de 80 caractères au plus.")
    if isinstance(nom, str):
        nom = unicodedata.normalize("NFC", nom)
        if INVISIBLES.search(nom):
            raise ErreurEntree(f"{ou} : le nom du dé contient un caractère de contrôle ou un caractère invisible "
                               "qui change le sens d'écriture ; retirez-le.")
    return Sorte(nombre, tuple(lire_faces(de.get("faces"), ou)), lisible(nom.strip()) if nom else None)


def _faces_nommees(valeur: Any, ou: str, sortes: tuple[Sorte, ...], quoi: str) -> frozenset[str]:
    """The faces an explosion or a reroll names; each must be a face of some die of the pool."""
    cles = frozenset(f.cle for f in lire_faces(valeur, f"{ou}, {quoi}"))
    presentes = {f.cle for s in sortes for f in s.faces}
    absentes = sorted(cles - presentes)
    if absentes:
        raise ErreurEntree(f"{ou}, {quoi} : aucun dé de la réserve n'a la face « {lisible(absentes[0])} ».")
    return cles


def _operation(reserve: dict[str, Any], ou: str, sortes: tuple[Sorte, ...]) -> dict[str, Any]:
    operation = reserve.get("operation", "somme")
    if isinstance(operation, str):  # « succès » as the page shows it, « Somme » typed by hand
        operation = SANS_ACCENTS.get(unicodedata.normalize("NFC", operation.strip().lower()),
                                     operation.strip().lower())
    if operation not in OPERATIONS:
        raise ErreurEntree(f"{ou} : opération {afficher(operation)} inconnue ; opérations possibles : "
                           f"{', '.join(OPERATIONS)}.")
    sortie: dict[str, Any] = {"operation": operation}
    total = sum(s.nombre for s in sortes)
    if operation in NUMERIQUES:
        for k, sorte in enumerate(sortes, start=1):
            symbolique = next((f for f in sorte.faces if f.symboles), None)
            if symbolique is not None:
                raise ErreurEntree(f"{ou}, dé {k} : la face « {lisible(symbolique.cle)} » n'est pas un nombre ; "
                                   f"« {OPERATIONS[operation]} » demande des faces numériques (pour compter des "
                                   "symboles, choisissez l'opération « symboles »).")
    if operation in ("meilleurs", "pires"):
        sortie["garder"] = _entier(reserve.get("garder"), f"{ou} : le nombre de dés gardés", 1, total)
    if operation == "succes":
        sortie["seuil"] = _entier(reserve.get("seuil"), f"{ou} : le seuil de succès", -MAX_VALEUR, MAX_VALEUR)
    if operation == "symboles":
        connus = sorted({sym for s in sortes for f in s.faces for sym in f.symboles})
        symbole = reserve.get("symbole")
        if not connus:
            raise ErreurEntree(f"{ou} : aucune face ne porte de symbole à compter ; écrivez des symboles sur les "
                               "faces (par exemple « épée*2, vide*4 »).")
        nom = unicodedata.normalize("NFC", symbole.strip().lower()) if isinstance(symbole, str) else None
        if nom not in connus:
            raise ErreurEntree(f"{ou} : symbole à compter {afficher(symbole)} absent des faces ; symboles des "
                               f"faces : {', '.join(lisible(c) for c in connus)}.")
        sortie["symbole"] = nom
    return sortie


def _explosion(reserve: dict[str, Any], ou: str, sortes: tuple[Sorte, ...]) -> dict[str, Any]:
    sortie: dict[str, Any] = {}
    explosion = reserve.get("explosion")
    if explosion is not None:
        explosion = _objet(explosion, f"{ou}, explosion", frozenset(("faces", "profondeur")))
        sortie["explosion"] = _faces_nommees(explosion.get("faces"), ou, sortes, "explosion")
        sortie["profondeur"] = _entier(explosion.get("profondeur", PROFONDEUR_DEFAUT),
                                       f"{ou} : la profondeur d'explosion", 1, MAX_PROFONDEUR)
    relance = reserve.get("relance")
    if relance is not None:
        relance = _objet(relance, f"{ou}, relance", frozenset(("faces",)))
        sortie["relance"] = _faces_nommees(relance.get("faces"), ou, sortes, "relance")
    return sortie


def lire_reserve(valeur: Any, nom: str) -> Reserve:
    """One pool of the request, checked (French messages name the pool, the die and the limit).

    Raises:
        ErreurEntree: a malformed pool, or one past a limit of `LIMITES`.

    """
    ou = f"Réserve {nom}"
    reserve = _objet(valeur, ou, CLES_RESERVE)
    des = reserve.get("des")
    if not isinstance(des, list) or not des:
        raise ErreurEntree(f"{ou} : indiquez au moins un dé (« des » : une liste de {{nombre, faces}}).")
    if len(des) > MAX_SORTES:
        raise ErreurEntree(f"{ou} : {len(des)} sortes de dés ; au plus {MAX_SORTES} par réserve.")
    sortes = tuple(_sorte(de, f"{ou}, dé {k}") for k, de in enumerate(des, start=1))
    total = sum(s.nombre for s in sortes)
    if total > MAX_DES:
        raise ErreurEntree(f"{ou} : {total} dés ; au plus {MAX_DES} dés par réserve.")
    return Reserve(nom, sortes, **_operation(reserve, ou, sortes), **_explosion(reserve, ou, sortes))


def lire_requete(requete: Any) -> list[Reserve]:
    """The pools of a request, checked.

    Raises:
        ErreurEntree: not an object, no pool, more than two, or a bad pool.

    """
    try:  # the limits of any document the engine reads: no huge number, no deep nesting
        verifier_structure(requete)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Requête invalide : {exc.message}") from None
    requete = _objet(requete, "Requête des dés libres", frozenset(("reserves",)))
    reserves = requete.get("reserves")
    if not isinstance(reserves, list) or not reserves:
        raise ErreurEntree("Requête des dés libres : indiquez une ou deux réserves (« reserves »).")
    if len(reserves) > len(NOMS):
        raise ErreurEntree(f"Requête des dés libres : {len(reserves)} réserves ; au plus {len(NOMS)} (A et B).")
    return [lire_reserve(r, NOMS[k]) for k, r in enumerate(reserves)]


# --- Cost, before anything is computed -------------------------------------------------------


def _valeurs(reserve: Reserve, sorte: Sorte) -> list[int]:
    """What one roll of each face of the die is worth under the pool's operation."""
    if reserve.operation == "succes":
        assert reserve.seuil is not None
        return [1 if f.valeur >= reserve.seuil else 0 for f in sorte.faces]
    if reserve.operation == "symboles":
        assert reserve.symbole is not None
        return [f.nombre(reserve.symbole) for f in sorte.faces]
    return [f.valeur for f in sorte.faces]


def _explose(reserve: Reserve, sorte: Sorte) -> list[bool]:
    return [f.cle in reserve.explosion for f in sorte.faces]


def _bornes(reserve: Reserve, sorte: Sorte) -> tuple[int, int]:
    """The lowest and highest values one die may take, explosions included."""
    valeurs = _valeurs(reserve, sorte)
    explose = _explose(reserve, sorte)
    profondeur = reserve.profondeur if any(explose) else 0
    bas, haut = min(valeurs), max(valeurs)
    haut_explose = max((v for v, e in zip(valeurs, explose, strict=True) if e), default=haut)
    bas_explose = min((v for v, e in zip(valeurs, explose, strict=True) if e), default=bas)
    return min(bas, bas_explose * profondeur + bas), max(haut, haut_explose * profondeur + haut)


def _etendue(reserve: Reserve, sorte: Sorte) -> int:
    """How many values one die may take (an upper bound: its range)."""
    bas, haut = _bornes(reserve, sorte)
    return haut - bas + 1


def _travail_des(reserve: Reserve) -> int:
    """Work of each kind's own law (`loi_du_de`): faces × values per level of explosion."""
    return sum(len(s.faces) * _etendue(reserve, s) * max(1, reserve.profondeur if any(_explose(reserve, s)) else 1)
               for s in reserve.sortes)


@lru_cache(maxsize=4)
def lois_des_sortes(reserve: Reserve) -> tuple[tuple[Any, int], ...]:
    """Each distinct law of one die of the pool, with how many dice follow it (equal kinds merged)."""
    groupes: dict[Any, int] = {}
    for sorte in reserve.sortes:
        relance = [f.cle in reserve.relance for f in sorte.faces]
        loi, _ = loi_du_de(_valeurs(reserve, sorte), _explose(reserve, sorte), relance, reserve.profondeur)
        groupes[loi] = groupes.get(loi, 0) + sorte.nombre
    return tuple(groupes.items())


def cout(reserve: Reserve) -> int:
    """Estimated work of a pool, in units of about 0.25 µs of CPython (BENCHMARKS.md, « Dés libres »).

    Each die's law costs faces × values per level of explosion; past the limit, that alone is the
    answer. Then the laws are built (equal kinds merged) and the rest is counted on them:

    * a sum raises each law to its number of dice and multiplies the kinds (`des_libres_somme.cout_somme`);
    * keeping the best or worst dice is icepool's evaluator, which goes through every value any die
      may show, and for each value through every split of the remaining dice among the distinct laws
      (`des_libres_somme.etapes_garder`: dice that are one die truncated, as d4 to d20, merge),
      carrying the partial sums: measured below steps × result size × √kept × 0.8 µs on a grid of
      pools of 1 to 6 kinds of dice that are not dN (issue 37, item 16).
    """
    travail = _travail_des(reserve)
    if travail > MAX_COUT:
        return travail
    lois = lois_des_sortes(reserve)
    if reserve.operation in ("meilleurs", "pires"):
        assert reserve.garder is not None
        etapes = etapes_garder([({int(v): int(q) for v, q in loi.items()}, n) for loi, n in lois])
        return travail + math.ceil(etapes * taille_resultat(reserve) * math.sqrt(reserve.garder) * FACTEUR_GARDER)
    # The answer: one exact fraction per value, whose digits grow with the dice (1000d6: 780 digits).
    bits = sum(n * loi.denominator().bit_length() for loi, n in lois)
    travail += taille_resultat(reserve) * 5 * (1 + bits // 64)
    groupes = []
    for loi, n in lois:
        bas, haut = loi.min_outcome(), loi.max_outcome()
        groupes.append((n, haut - bas + 1, len(loi), loi.denominator().bit_length()))
    return travail + cout_somme(groupes)


def taille_resultat(reserve: Reserve) -> int:
    """How many values the pool's result may take (an upper bound)."""
    if reserve.operation in ("meilleurs", "pires"):
        assert reserve.garder is not None
        return reserve.garder * max(_etendue(reserve, s) for s in reserve.sortes)
    return sum(s.nombre * (_etendue(reserve, s) - 1) for s in reserve.sortes) + 1


def milliers(n: int) -> str:
    """A whole number with French thousands separators (`2 000 000`, narrow no-break spaces)."""
    return f"{n:,}".replace(",", "\u202f")


def verifier_bornes(reserve: Reserve) -> None:
    """Refuse, before computing, a pool too large to compute exactly in the browser.

    Raises:
        ErreurEntree: French message naming the limit and what to reduce.

    """
    taille = taille_resultat(reserve)
    if taille > MAX_ISSUES:
        raise ErreurEntree(f"Réserve {reserve.nom} : le résultat pourrait prendre {milliers(taille)} valeurs ; au "
                           f"plus {milliers(MAX_ISSUES)} pour un calcul exact. Réduisez le nombre de dés, l'écart "
                           "entre les faces ou la profondeur d'explosion.")
    estime = cout(reserve)
    if estime > MAX_COUT:
        raise ErreurEntree(f"Réserve {reserve.nom} : calcul exact trop lourd pour le navigateur (travail estimé "
                           f"{milliers(estime)}, limite {milliers(MAX_COUT)}). Réduisez le nombre de dés, de faces "
                           "ou la profondeur d'explosion.")


# --- Computing -------------------------------------------------------------------------------


def _melange(groupes: list[tuple[int, Any]]) -> Any:
    """A die that is each of `groupes`' dice (or values) with chance proportional to its count of faces."""
    gardes = [(n, de) for n, de in groupes if n]
    return icepool.Die([de for _, de in gardes], times=[n for n, _ in gardes])


def loi_du_de(valeurs: list[int], explose: list[bool], relance: list[bool], profondeur: int) -> tuple[Any, Fraction]:
    """One die: its law (rerolled once, exploding up to `profondeur` new rolls) and the chance it reaches that depth.

    The faces are grouped (those that stay, those that explode, those rerolled), so that each level
    of explosion is one sum of two laws, not one law per face.

    Args:
        valeurs: what a roll of each face is worth.
        explose: which faces add a new roll of the die.
        relance: which faces of the first roll are rerolled once.
        profondeur: most new rolls an explosion adds (0: no explosion).

    """
    k = len(valeurs)
    profondeur = profondeur if any(explose) else 0
    explosent = sum(1 for e in explose if e)

    def jet(suite: Any, faces: list[bool]) -> Any:
        """One roll of the faces kept by `faces`, an exploding one followed by `suite`."""
        stables = [v for v, e, f in zip(valeurs, explose, faces, strict=True) if f and not (e and profondeur)]
        montantes = [v for v, e, f in zip(valeurs, explose, faces, strict=True) if f and e and profondeur]
        return [(len(stables), icepool.Die(stables) if stables else None),
                (len(montantes), icepool.Die(montantes) + suite if montantes else None)]

    toutes = [True] * k
    suite = icepool.Die(valeurs)  # a new roll with no explosion left
    for _ in range(profondeur - 1):
        suite = _melange(jet(suite, toutes))
    nouveau = _melange(jet(suite, toutes)) if profondeur else icepool.Die(valeurs)  # every explosion still allowed
    premiers = jet(suite, [not r for r in relance])
    loi = _melange([*premiers, (sum(relance), nouveau)])
    if not profondeur:
        return loi, Fraction(0)
    p_explose = Fraction(explosent, k)
    garde = [e for e, r in zip(explose, relance, strict=True) if not r]
    premier_explose = Fraction(sum(garde), k) + Fraction(sum(relance), k) * p_explose
    return loi, premier_explose * p_explose ** profondeur


def loi_reserve(reserve: Reserve) -> tuple[Any, Fraction]:
    """The pool's law and the chance that at least one of its dice reached the explosion depth."""
    intacte = Fraction(1)
    for sorte in reserve.sortes:
        relance = [f.cle in reserve.relance for f in sorte.faces]
        q = loi_du_de(_valeurs(reserve, sorte), _explose(reserve, sorte), relance, reserve.profondeur)[1]
        intacte *= (1 - q) ** sorte.nombre
    lois = lois_des_sortes(reserve)
    if reserve.operation in ("meilleurs", "pires"):
        assert reserve.garder is not None
        pool = icepool.Pool([loi for loi, n in lois for _ in range(n)])
        gardes = pool.highest(reserve.garder) if reserve.operation == "meilleurs" else pool.lowest(reserve.garder)
        # An evaluator of our own: icepool's shared one keeps every pool's intermediate results for
        # the life of the worker (memory that only grows, and a time that depends on the past).
        return icepool.evaluator.SumEvaluator().evaluate(gardes), 1 - intacte
    return somme(list(lois)), 1 - intacte


def comparer(a: Any, b: Any) -> dict[str, Fraction]:
    """P(A > B), P(A = B), P(A < B) for two independent laws, exactly (one sweep over sorted values)."""
    lignes_a, lignes_b = loi_en_lignes(a), loi_en_lignes(b)
    plus_haut = egal = Fraction(0)
    dessous = Fraction(0)  # P(B < the current value of A)
    j = 0
    for valeur, p in lignes_a:
        while j < len(lignes_b) and lignes_b[j][0] < valeur:
            dessous += lignes_b[j][1]
            j += 1
        plus_haut += p * dessous
        if j < len(lignes_b) and lignes_b[j][0] == valeur:
            egal += p * lignes_b[j][1]
    return {"a": plus_haut, "egalite": egal, "b": 1 - plus_haut - egal}


# --- The answer ------------------------------------------------------------------------------


def _nombre(n: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_texte(n), "probabilite": float(n)}


def ordre_face(cle: str) -> tuple[int, int, str]:
    """Faces in reading order: numbers by value (9 before 10), then symbols and blank faces by name."""
    try:
        return 0, int(cle), ""
    except ValueError:
        return 1, 0, cle


def sortie(reserve: Reserve) -> str:
    """What the pool's values are, in French (`Somme des 2 meilleurs dés`, `Succès (5 ou plus)`)."""
    if reserve.operation == "meilleurs":
        return f"Somme des {reserve.garder} meilleurs dés" if reserve.garder != 1 else "Meilleur dé"
    if reserve.operation == "pires":
        return f"Somme des {reserve.garder} moins bons dés" if reserve.garder != 1 else "Moins bon dé"
    if reserve.operation == "succes":
        return f"Succès ({reserve.seuil} ou plus)"
    if reserve.operation == "symboles":
        return f"Symboles « {reserve.symbole} »"
    return OPERATIONS[reserve.operation]


def resume(reserve: Reserve) -> str:
    """The pool in one line: `3 × d6 + 1 × Dé de Hate (épée*2, vide*4) ; explose sur 6 (au plus 3 fois)`."""
    des = " + ".join(f"{s.nombre} × {s.nom + ' (' + texte_faces(list(s.faces)) + ')' if s.nom else texte_faces(list(s.faces))}"
                     for s in reserve.sortes)
    morceaux = [des, sortie(reserve).lower() if reserve.operation != "symboles" else sortie(reserve)]
    if reserve.explosion:
        faces = ", ".join(sorted(reserve.explosion, key=ordre_face))
        morceaux.append(f"explose sur {faces} (au plus {reserve.profondeur} "
                        f"relance{'s' if reserve.profondeur > 1 else ''} par dé)")
    if reserve.relance:
        morceaux.append(f"relance une fois {', '.join(sorted(reserve.relance, key=ordre_face))}")
    return " ; ".join(morceaux)


def _reponse(reserve: Reserve, loi: Any, troncature: Fraction) -> dict[str, Any]:
    lignes = loi_en_lignes(loi)
    moyenne = Fraction(sum(int(v) * int(q) for v, q in loi.items()), int(loi.denominator()))
    out: dict[str, Any] = {
        "nom": reserve.nom,
        "resume": resume(reserve),
        "sortie": sortie(reserve),
        "operation": reserve.operation,
        "distribution": [{"valeur": v, "fraction": fraction_texte(p), "probabilite": float(p)} for v, p in lignes],
        "esperance": {"fraction": fraction_texte(moyenne), "valeur": float(moyenne)},
    }
    if reserve.explosion:
        out["explosion"] = {"faces": sorted(reserve.explosion, key=ordre_face), "profondeur": reserve.profondeur}
        out["issues"] = [{"id": "troncature", "nom": "Explosion arrêtée à la profondeur maximale",
                          **_nombre(troncature)}]
        out["note_troncature"] = (
            f"Chaque dé relance au plus {reserve.profondeur} fois sur une face qui explose ; au-delà, sa dernière face "
            "compte sans exploser. Au moins un dé de la réserve atteint cette limite avec la probabilité")
    return out


def calculer(requete: Any) -> dict[str, Any]:
    """Exact laws of one or two pools, and for two pools the chance that each is higher, or a tie.

    Args:
        requete: `{"reserves": [pool, pool?]}` (see the module's docstring).

    Returns:
        `{reserves: [{nom, resume, sortie, operation, distribution, esperance, explosion?, issues?,
        note_troncature?}], comparaison: {a, egalite, b} | None, limites}`; each probability as
        `{fraction, probabilite}`.

    Raises:
        ErreurEntree: a malformed request or a pool past a limit, before anything is computed.

    """
    reserves = lire_requete(requete)
    for reserve in reserves:
        verifier_bornes(reserve)
    lois = [loi_reserve(r) for r in reserves]
    comparaison = None
    if len(lois) == 2:
        comparaison = {cle: _nombre(p) for cle, p in comparer(lois[0][0], lois[1][0]).items()}
    return {"reserves": [_reponse(r, loi, t) for r, (loi, t) in zip(reserves, lois, strict=True)],
            "comparaison": comparaison, "limites": dict(LIMITES)}
