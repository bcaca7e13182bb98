"""HAMI odds: the solo setup tables as exact distributions, and Combat-card odds on a deck the user gives.

Table values (faces and results) are read from the bundle's `tables`; the
faces that call for a Némésis roll come from the `proprietes` of their entry.
The Événements roll (`solo_evenements`) is data: a « Dés libres » template in
`data/hami/calculs.yaml` that reads its table and the Premier Sang bonus. Only the structure of the solo setup (four
zones, two décors per zone, a third identical result rerolled) is written
here, with the line of the book it comes from.

The official composition of the 12 Combat cards is missing from the book's
text (entry `paquet-de-combat`, `manquant`): card calculations refuse to run
without a deck given by the user. There is no example deck: nothing is
computed on invented cards.

Every result is exact: finite enumerations with `fractions.Fraction`, returned
as icepool dice.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import Any

import icepool

from ... import bundle
from ...bundle import table_probas
from ...errors import ErreurDonnees, ErreurEntree, ErreurParametre
from ...odds import Issue, ResultatCalcul, calculer, faces, fraction_texte, pourcentage
from ...regles import pluriel

TABLE_DECORS = "solo-taille-des-decors"
TABLE_OBJECTIFS = "solo-nature-des-objectifs"
TABLE_CNJ = "solo-determination-des-cnj"
TABLE_NEMESIS = "solo-nemesis"
TABLE_EVENEMENTS = "solo-evenements"
PAQUET_OFFICIEL = "paquet-de-combat"
PROFIL_NEMESIS = "nemesis"

# Structure of the solo setup (not table values), with the source line:
DECORS_PAR_ZONE = 2  # "Pour chacune de zones lancez 2 fois le dé" (line 1321)
ZONES_HORS_DEPART = 3  # the four zones but the player's: objectives (line 1327) and NPCs (line 1350)
OCCURRENCES_MAX = 2  # "Si un résultat est tiré une troisième fois, relancez le dé" (line 1350)
CARTES_INITIATIVE = 2  # "Les 2 joueurs piochent 2 cartes Combat" (line 246)

MAX_CARTES = 60
MAX_SYMBOLES = 20
CLES_PAQUET = ("paquet", "paquet_de_combat", "cartes")
CLES_CARTE = ("nom", "carte", "jour", "nuit")
CLES_MOITIE = ("lumiere", "ombre", "effet")


def avec_donnees(fonction: Callable[..., ResultatCalcul]) -> Callable[..., ResultatCalcul]:
    """Mark a calculation that also needs the game bundle: it is called as `fonction(parametres, donnees_jeu)`."""
    fonction.donnees_jeu = True  # type: ignore[attr-defined]
    return fonction


# --- dice tables ------------------------------------------------------------------------------

def lignes_de(donnees_jeu: dict[str, Any], table_id: str) -> list[tuple[dict[str, Any], list[int]]]:
    """The rows of a d6 table with their faces; checks that the faces cover 1 to 6 exactly once.

    Raises:
        ErreurDonnees: missing table, or faces that do not partition 1-6.

    """
    table = bundle.table(donnees_jeu, table_id)
    rows = [(row, faces(row.get("jet"))) for row in table.get("lignes") or []]
    toutes = sorted(f for _, fs in rows for f in fs)
    if toutes != list(range(1, 7)):
        raise ErreurDonnees(f"Données du jeu invalides : la table « {table_id} » ne couvre pas les faces 1 à 6.")
    return rows


def _resultat(row: dict[str, Any]) -> str:
    return str(row.get("resultat", row.get("jet")))


def _loi(poids: dict[int, Fraction]) -> icepool.Die:
    """An icepool die from exact probabilities (zero ones dropped)."""
    poids = {k: v for k, v in poids.items() if v}
    denominateur = math.lcm(*(v.denominator for v in poids.values()))
    return icepool.Die({k: int(v * denominateur) for k, v in sorted(poids.items())})


def _binomiale(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _ligne_choisie(rows: list[tuple[dict[str, Any], list[int]]], numero: int, parametre: str) -> int:
    if not 1 <= numero <= len(rows):
        raise ErreurParametre(f"Le paramètre « {parametre} » doit être un numéro de ligne de 1 à {len(rows)}.",
                              parametre, 1, len(rows))
    return numero - 1


@avec_donnees
def solo_decors(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """Number of décors of one size over some zones; issues: the composition of one zone."""
    rows = lignes_de(donnees_jeu, TABLE_DECORS)
    t = _ligne_choisie(rows, p["taille"], "taille")
    probas = [Fraction(len(fs), 6) for _, fs in rows]
    loi = _loi(_binomiale(DECORS_PAR_ZONE * p["zones"], probas[t]))
    issues = []
    for i in range(len(rows)):
        for j in range(i, len(rows)):
            p_ij = probas[i] * probas[j] * (1 if i == j else 2)
            nom = f"Une zone : 2 × {_resultat(rows[i][0])}" if i == j else \
                f"Une zone : {_resultat(rows[i][0])} + {_resultat(rows[j][0])}"
            issues.append(Issue(f"zone-{i + 1}-{j + 1}", nom, p_ij))
    return ResultatCalcul(loi, issues)


@avec_donnees
def solo_objectifs(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """Number of objective tokens of one nature among the three; issues per nature."""
    rows = lignes_de(donnees_jeu, TABLE_OBJECTIFS)
    t = _ligne_choisie(rows, p["nature"], "nature")
    probas = [Fraction(len(fs), 6) for _, fs in rows]
    issues = []
    for i, (row, _) in enumerate(rows):
        issues.append(Issue(f"pion-{i + 1}", f"Un pion : {_resultat(row)}", probas[i]))
        issues.append(Issue(f"au-moins-{i + 1}", f"Au moins un « {_resultat(row)} » sur {ZONES_HORS_DEPART} pions",
                            1 - (1 - probas[i]) ** ZONES_HORS_DEPART))
    return ResultatCalcul(_loi(_binomiale(ZONES_HORS_DEPART, probas[t])), issues)


def tirages_cnj(rows: list[tuple[dict[str, Any], list[int]]],
                zones: int = ZONES_HORS_DEPART) -> dict[tuple[int, ...], Fraction]:
    """Exact law of the faces kept for each zone, with "a result drawn a third time is rerolled".

    A result is a row of the table (the data's interpretation of `solo-determination-des-cnj`):
    once a row has come out twice, the die is rolled again until another row comes out, so
    the kept face is uniform over the faces of the rows still allowed.
    """
    ligne_de = {f: i for i, (_, fs) in enumerate(rows) for f in fs}
    etats: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}
    for _ in range(zones):
        suivants: dict[tuple[int, ...], Fraction] = {}
        for tirage, proba in etats.items():
            deja = Counter(ligne_de[f] for f in tirage)
            permises = [f for f in range(1, 7) if deja[ligne_de[f]] < OCCURRENCES_MAX]
            for f in permises:
                cle = tirage + (f,)
                suivants[cle] = suivants.get(cle, Fraction(0)) + proba / len(permises)
        etats = suivants
    return etats


@avec_donnees
def solo_cnj(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """Number of zones that receive one line of the NPC table; issues: each line at least once."""
    rows = lignes_de(donnees_jeu, TABLE_CNJ)
    t = _ligne_choisie(rows, p["ligne"], "ligne")
    ligne_de = {f: i for i, (_, fs) in enumerate(rows) for f in fs}
    tirages = tirages_cnj(rows)
    loi: dict[int, Fraction] = {}
    au_moins = [Fraction(0)] * len(rows)
    for tirage, proba in tirages.items():
        lignes = [ligne_de[f] for f in tirage]
        loi[lignes.count(t)] = loi.get(lignes.count(t), Fraction(0)) + proba
        for i in set(lignes):
            au_moins[i] += proba
    issues = [Issue(f"ligne-{i + 1}", f"Au moins une zone : {_resultat(row)}", au_moins[i])
              for i, (row, _) in enumerate(rows)]
    return ResultatCalcul(_loi(loi), issues)


def _faces_nemesis(donnees_jeu: dict[str, Any]) -> tuple[set[int], Fraction]:
    """Faces of the NPC roll that call for a Némésis roll, and the chance that this roll brings one."""
    profil = next((x for x in donnees_jeu.get("profils") or [] if isinstance(x, dict) and x.get("id") == PROFIL_NEMESIS),
                  None)
    declencheurs = (profil or {}).get("proprietes", {}).get("faces_declenchantes_cnj")
    if not isinstance(declencheurs, list) or not declencheurs:
        raise ErreurDonnees("Données du jeu incomplètes : les faces qui déclenchent le jet de Némésis manquent "
                            "(proprietes.faces_declenchantes_cnj du profil nemesis).")
    rows = lignes_de(donnees_jeu, TABLE_NEMESIS)
    apparition = [fs for row, fs in rows if row.get("ref") == PROFIL_NEMESIS]
    if not apparition:
        raise ErreurDonnees("Données du jeu incomplètes : la table solo-nemesis n'a pas de ligne Némésis.")
    return set(declencheurs), Fraction(len(apparition[0]), 6)


@avec_donnees
def solo_nemesis(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """Whether a Némésis appears during the NPC determination (module Némésis)."""
    declencheurs, q = _faces_nemesis(donnees_jeu)
    tirages = tirages_cnj(lignes_de(donnees_jeu, TABLE_CNJ))
    nb_jets: dict[int, Fraction] = {}
    for tirage, proba in tirages.items():
        t = sum(1 for f in tirage if f in declencheurs)
        nb_jets[t] = nb_jets.get(t, Fraction(0)) + proba
    absente = sum((proba * (1 - q) ** t for t, proba in nb_jets.items()), Fraction(0))
    issues = [Issue("nemesis", "Une Némésis apparaît", 1 - absente),
              Issue("pas-de-nemesis", "Pas de Némésis", absente)]
    issues += [Issue(f"jets-{t}", f"{t} jet{pluriel(t)} de Némésis à faire", nb_jets[t]) for t in sorted(nb_jets)]
    return ResultatCalcul(_loi({1: 1 - absente, 0: absente}), issues)


# --- the Combat-card deck parameter -------------------------------------------------------------

def _manquant(decl: dict[str, Any]) -> ErreurParametre:
    return ErreurParametre(
        "Calcul impossible sans paquet : la composition officielle des 12 cartes Combat est manquante "
        "(donnée « manquant » : elle n'est imprimée que sur les cartes, pas dans le texte du livre). "
        "Saisissez les symboles de vos propres cartes (option --paquet FICHIER en ligne de commande).",
        decl["id"])


def _nombre(decl: dict[str, Any], value: Any, ou: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SYMBOLES:
        shown = str(value)[:20]
        raise ErreurParametre(f"Paquet de cartes : {ou} doit être un nombre de symboles de 0 à {MAX_SYMBOLES} "
                              f"(reçu : {shown}).", decl["id"])
    return value


def _moitie(decl: dict[str, Any], value: Any, ou: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ErreurParametre(f"Paquet de cartes : {ou} doit donner « lumiere » et « ombre » "
                              "(nombres de symboles).", decl["id"])
    for cle in value:
        if cle not in CLES_MOITIE:
            raise ErreurParametre(f"Paquet de cartes : champ inconnu « {str(cle)[:30]} » dans {ou} ; champs "
                                  f"possibles : {', '.join(CLES_MOITIE)}.", decl["id"])
    return {k: _nombre(decl, value.get(k, 0), f"{ou}, {k}") for k in ("lumiere", "ombre")}


def lire_paquet(decl: dict[str, Any], value: Any) -> list[dict[str, Any]]:
    """Check a deck parameter: a list of cards `{nom, jour: {lumiere, ombre}, nuit: {lumiere, ombre}}`.

    Also accepted: a YAML or JSON text of such a list, or an object whose only key is `paquet`,
    `paquet_de_combat` or `cartes` (the template of the « Données à compléter » page).

    Raises:
        ErreurParametre: no deck (the official one is missing), or a malformed deck.

    """
    if value is None or (isinstance(value, str) and not value.strip()) or value == []:
        raise _manquant(decl)
    if isinstance(value, str):
        from ...reader import lire_document

        try:
            value = lire_document(value)
        except ErreurEntree as exc:
            raise ErreurParametre(f"Paquet de cartes illisible : {exc.message}", decl["id"]) from None
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in CLES_PAQUET:
        value = next(iter(value.values()))
    if not isinstance(value, list):
        raise ErreurParametre("Le paquet doit être une liste de cartes, chacune avec « jour » et « nuit » "
                              "(symboles « lumiere » et « ombre »).", decl["id"])
    if not 1 <= len(value) <= MAX_CARTES:
        raise ErreurParametre(f"Le paquet doit compter de 1 à {MAX_CARTES} cartes (reçu : {len(value)}).",
                              decl["id"])
    cartes = []
    for k, carte in enumerate(value, start=1):
        if not isinstance(carte, dict):
            raise ErreurParametre(f"Paquet de cartes : la carte {k} doit être un objet avec « jour » et « nuit ».",
                                  decl["id"])
        for cle in carte:
            if cle not in CLES_CARTE:
                raise ErreurParametre(f"Paquet de cartes : champ inconnu « {str(cle)[:30]} » sur la carte {k} ; "
                                      f"champs possibles : {', '.join(CLES_CARTE)}.", decl["id"])
        nom = carte.get("nom")
        nom = str(nom)[:60] if isinstance(nom, str) and nom.strip() else f"carte {carte.get('carte', k)}"
        cartes.append({"nom": nom, "jour": _moitie(decl, carte.get("jour"), f"la carte {k}, moitié Jour"),
                       "nuit": _moitie(decl, carte.get("nuit"), f"la carte {k}, moitié Nuit")})
    return cartes


TYPES_PARAMETRES = {"paquet": lire_paquet}


# --- Combat cards -------------------------------------------------------------------------------

def pertes(attaque: tuple[int, int], defense: tuple[int, int]) -> int:
    """Essence lost: each Light and each Shadow symbol the attacker has beyond the defender's (line 331)."""
    return max(0, attaque[0] - defense[0]) + max(0, attaque[1] - defense[1])


def symboles(paquet: list[dict[str, Any]], nuit: bool) -> list[tuple[int, int]]:
    """(Light, Shadow) of each card, on the half of the period."""
    moitie = "nuit" if nuit else "jour"
    return [(c[moitie]["lumiere"], c[moitie]["ombre"]) for c in paquet]


def valeurs_des_cartes(cartes: list[tuple[int, int]]) -> tuple[list[Fraction], list[Fraction]]:
    """Attack value (mean loss inflicted on a random card of the other deck) and defence value (mean loss suffered)."""
    n = len(cartes)
    attaque = [Fraction(sum(pertes(a, d) for d in cartes), n) for a in cartes]
    defense = [Fraction(sum(pertes(a, d) for a in cartes), n) for d in cartes]
    return attaque, defense


def lumieres(paquet: list[dict[str, Any]]) -> list[int]:
    """Light symbols of each card, both halves counted (the data's reading of the initiative draw)."""
    return [c["jour"]["lumiere"] + c["nuit"]["lumiere"] for c in paquet]


@avec_donnees
def initiative_cartes(p: dict[str, Any], donnees_jeu: dict[str, Any]) -> ResultatCalcul:
    """Initiative: each player draws 2 cards of their own deck; more Light symbols wins; ties draw on.

    Both decks have the same composition, so the game is symmetric: A and B win with the same
    probability, (1 - P(never decided)) / 2. It is never decided only when both players draw
    the same values in the same order from the third card on, which forces the same first two
    cards (as multisets); for a first pair M of probability p(M), this has probability
    p(M)² × Π (count of v left)! / (cards left)!.
    """
    valeurs = lumieres(p["paquet"])
    n = len(valeurs)
    if n < CARTES_INITIATIVE:
        raise ErreurParametre(f"Le paquet ne compte que {n} carte{pluriel(n)} : il en faut au moins {CARTES_INITIATIVE}.",
                              "paquet")
    nb_mains = math.comb(n, CARTES_INITIATIVE)
    mains = Counter(tuple(sorted(valeurs[i] for i in main)) for main in combinations(range(n), CARTES_INITIATIVE))
    sommes: dict[int, Fraction] = {}
    for main, nombre in mains.items():
        sommes[sum(main)] = sommes.get(sum(main), Fraction(0)) + Fraction(nombre, nb_mains)
    ecart: dict[int, Fraction] = {}
    for sa, pa in sommes.items():
        for sb, pb in sommes.items():
            ecart[sa - sb] = ecart.get(sa - sb, Fraction(0)) + pa * pb
    comptes = Counter(valeurs)
    jamais = Fraction(0)
    for main, nombre in mains.items():
        reste = comptes - Counter(main)
        sequences_egales = Fraction(math.prod(math.factorial(c) for c in reste.values()),
                                    math.factorial(n - CARTES_INITIATIVE))
        jamais += Fraction(nombre, nb_mains) ** 2 * sequences_egales
    gagne = (1 - jamais) / 2
    issues = [
        Issue("a", "Joueur A : plus de Lumière sur 2 cartes", sum((v for d, v in ecart.items() if d > 0), Fraction(0))),
        Issue("egalite", "Égalité sur 2 cartes (on pioche encore)", ecart.get(0, Fraction(0))),
        Issue("b", "Joueur B : plus de Lumière sur 2 cartes", sum((v for d, v in ecart.items() if d < 0), Fraction(0))),
        Issue("a-final", "Joueur A gagne l'initiative, départage compris", gagne),
        Issue("b-final", "Joueur B gagne l'initiative, départage compris", gagne),
        Issue("nul-final", "Égalité jusqu'à épuisement des paquets", jamais),
    ]
    return ResultatCalcul(_loi(ecart), issues)


CALCULS = {
    "solo_decors": solo_decors,
    "solo_objectifs": solo_objectifs,
    "solo_cnj": solo_cnj,
    "solo_nemesis": solo_nemesis,
    "initiative_cartes": initiative_cartes,
}


# --- static tables for the rule pages -------------------------------------------------------------

def _cellule(value: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_texte(value), "valeur": float(value), "texte": pourcentage(value)}


def tables_statiques(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """Precomputed solo odds for readers without JavaScript (see `odds.tables_statiques`)."""
    rows_cnj = lignes_de(donnees_jeu, TABLE_CNJ)
    cnj = {i.id: i.probabilite for i in solo_cnj({"ligne": 1}, donnees_jeu).issues or []}
    nemesis = {i.id: i.probabilite for i in solo_nemesis({}, donnees_jeu).issues or []}
    rows_ev = lignes_de(donnees_jeu, TABLE_EVENEMENTS)
    # `solo_evenements` is declared as data (« Dés libres » template reading the table, calculs.yaml).
    normal = {i["id"]: Fraction(i["fraction"]) for i in calculer(donnees_jeu, "solo_evenements", {"premier_sang": False})["issues"]}
    sang = {i["id"]: Fraction(i["fraction"]) for i in calculer(donnees_jeu, "solo_evenements", {"premier_sang": True})["issues"]}
    return [
        table_probas(donnees_jeu, "table-solo-cnj", "solo_cnj", ["Au moins une zone"],
                     [{"entete": _resultat(row), "cellules": [_cellule(cnj[f"ligne-{i + 1}"])]}
                      for i, (row, _) in enumerate(rows_cnj)]),
        table_probas(donnees_jeu, "table-solo-nemesis", "solo_nemesis", ["Probabilité"],
                     [{"entete": "Une Némésis apparaît", "cellules": [_cellule(nemesis["nemesis"])]},
                      {"entete": "Pas de Némésis", "cellules": [_cellule(nemesis["pas-de-nemesis"])]}]),
        table_probas(donnees_jeu, "table-solo-evenements", "solo_evenements", ["Jet normal", "Premier Sang (+2)"],
                     [{"entete": _resultat(row), "cellules": [_cellule(normal[f"ligne-{i + 1}"]),
                                                               _cellule(sang[f"ligne-{i + 1}"])]}
                      for i, (row, _) in enumerate(rows_ev)]),
    ]
