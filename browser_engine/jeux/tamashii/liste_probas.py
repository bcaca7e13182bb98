"""Tamashii: the odds of each player of a game setup (a list entry), once the player's die is typed.

A Tamashii list is a game setup: one entry per player. The dice rolled by a player are their own
d6 (tests, attack roll, trace roll); the book prints its faces as icons only, so nothing is
computed until the player types them (the `de` parameter of `calculs.yaml`, stored under
`d6-tamashii` and shared with the odds page). Each entry then gets:

* a Test, one die per data token emptied (a number the player types, 3 when empty), with the
  entry's Relances, against Tests of 1 to 6 successes; the
  cell is the law of « test passed » (1) or failed (0), read from the law of the successes;
* the attack roll of the active Body (its ATT, from the data for the Soldat, typed by the
  player for the Walker and any other Body), without and with the entry's Puissance, feeding
  an « X » frame of the basic or the rarer symbol;
* the trace roll with the entry's Relances, for 1 to 4 dice (the track's thresholds are not in
  the book);
* the group test the player leads, with the others (`liste_probas_groupe`).

Every law comes from the declared calculations `test`, `attaque` and `trace` through
`odds.calculer` (`probas_liste.Calculs`). The view asks one target group at a time: only the
actions of that group are returned, so a row does not fill with empty cells.
"""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from ... import bundle
from ...bundle import cibles_de_reference, notes_probas_liste
from ...des import lire_des
from ...errors import ErreurEntree
from ...probas_liste import MAX_LOIS_GARDEES, Action, Calculs, Cible, Ligne, Loi, Matrice, entrees_objets, nom_entree, non_calculable, saisie
from ...schema_lite import afficher
from . import calculs_des as td
from . import liste_probas_groupe as groupe_de_test

GROUPE_TEST = "tests"
GROUPE_ATTAQUE = "attaque"
GROUPE_TRACE = "trace"
SYMBOLES_X = {1: "symbole de base", 2: "symbole moins courant"}
CORPS_DE_DEPART = "marcheur"
# What a cell counts, and what « at least 1 » means, for the group shown (all groups: the first pair).
LIBELLES = {None: ("Test réussi (1) ou raté (0), dés au symbole ou Ennemis piochés", "Au moins 1"),
            GROUPE_TEST: ("Test réussi (1) ou raté (0)", "Au moins 1 (Test réussi)"),
            GROUPE_ATTAQUE: ("Dés au symbole du Cadre X (Dégâts)", "Au moins 1 dé au symbole"),
            GROUPE_TRACE: ("Ennemis piochés", "Au moins 1 Ennemi (la Trace revient à 0)"),
            groupe_de_test.GROUPE: ("Test de Groupe réussi (1) ou raté (0)", "Au moins 1 (Test réussi)")}
ACTIONS_DU_GROUPE = {GROUPE_TEST: {"test"}, GROUPE_ATTAQUE: {"attaque", "attaque-puissance"},
                     GROUPE_TRACE: {"trace"}, groupe_de_test.GROUPE: {groupe_de_test.ACTION}}

MANQUANT_DE = (
    "Les faces du dé de Joueur ne sont pas dans le livre (imprimées en icônes seulement : donnée "
    "« manquant ») : saisissez les 6 faces de votre dé dans « Vos données » pour calculer les Tests, "
    "le Jet d'Attaque et le Jet de Trace de chaque joueur."
)
# --- declarations of the inputs, taken from calculs.yaml -------------------------------------

def _parametre(donnees_jeu: dict[str, Any], calcul: str, ident: str) -> dict[str, Any]:
    """A parameter declaration of a calculation of the bundle (a copy)."""
    for decl in bundle.calculs(donnees_jeu):
        if decl.get("calcul") == calcul:
            for parametre in decl.get("parametres") or []:
                if isinstance(parametre, dict) and parametre.get("id") == ident:
                    return dict(parametre)
    raise ErreurEntree(f"Données de Tamashii incomplètes : le paramètre « {ident} » du calcul « {calcul} » manque.")


def declaration_de(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    """The player's d6, as declared by the test calculation (stored under `d6-tamashii`)."""
    return _parametre(donnees_jeu, "test", "de")


def declaration_pions(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    """Tokens emptied for a test, from the test calculation's first participant."""
    decl = _parametre(donnees_jeu, "test", "des_1")
    return {**decl, "id": "pions-test-tamashii", "nom": "Pions vidés pour un Test (chaque joueur)",
            "min": max(1, int(decl.get("min", 1))),
            "aide": f"Un dé de Joueur par pion vidé ; {decl.get('defaut')} quand la case est vide."}


def _slug(texte: str) -> str:
    sans_accent = unicodedata.normalize("NFKD", texte).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", sans_accent.lower()).strip("-")[:40] or "corps"


def declaration_att(donnees_jeu: dict[str, Any], corps: str, plateau: int | None) -> dict[str, Any]:
    """The ATT of a Body the book does not give: the Walker of one board, or a Body by its name."""
    decl = _parametre(donnees_jeu, "attaque", "att")
    if _slug(corps) == CORPS_DE_DEPART:
        ou = f"du Plateau {plateau}" if plateau is not None else "de votre Plateau"
        ident = f"att-marcheur-{plateau if plateau is not None else 'plateau'}-tamashii"
        return {**decl, "id": ident, "nom": f"ATT du Marcheur {ou}", "facultatif": True,
                "aide": f"Lue sur le Plateau de Joueur{'' if plateau is None else ' ' + str(plateau)} "
                        "(le livre ne la donne pas)."}
    return {**decl, "id": f"att-corps-{_slug(corps)}-tamashii", "nom": f"ATT du Corps « {corps[:60]} »", "facultatif": True,
            "aide": "Lue sur la carte Corps (le livre ne la donne pas)."}


def _entier_saisi(requete: dict[str, Any], decl: dict[str, Any]) -> int | None:
    """A typed whole number within the declaration's range, None when absent.

    Raises:
        ErreurEntree: not a whole number, or out of range.

    """
    valeur = saisie(requete, decl)
    if valeur is None:
        return None
    if isinstance(valeur, float) and valeur.is_integer():
        valeur = int(valeur)
    if isinstance(valeur, str) and re.fullmatch(r"\s*-?\d{1,4}\s*", valeur):
        valeur = int(valeur)
    if isinstance(valeur, bool) or not isinstance(valeur, int) or not decl["min"] <= valeur <= decl["max"]:
        raise ErreurEntree(f"{decl['nom']} : un entier de {decl['min']} à {decl['max']} est attendu "
                           f"(reçu : {afficher(valeur)}).")
    return valeur


# --- what an entry brings: its Body, its Relances and Puissance ------------------------------

def _entier(valeur: Any) -> int | None:
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) else None


def _atout(entree: dict[str, Any], nom: str) -> int | None:
    """An asset's value: the current state's, else the starting one's, else None."""
    for porteur in (entree.get("etat"), entree):
        atouts = porteur.get("atouts") if isinstance(porteur, dict) else None
        if isinstance(atouts, dict) and nom in atouts:
            return _entier(atouts[nom])
    return None


def _corps_actif(entree: dict[str, Any]) -> str:
    """The name of the active Body: the state's, else the setup's, else the Walker."""
    etat = entree.get("etat")
    for valeur in ((etat or {}).get("corps_actif") if isinstance(etat, dict) else None, entree.get("corps")):
        if isinstance(valeur, str) and valeur.strip():
            return valeur.strip()[:60]
    return CORPS_DE_DEPART


def _att_des_donnees(donnees_jeu: dict[str, Any], corps: str) -> tuple[int, str] | None:
    """A Body's ATT given by the data (the Soldat's, from the combat example) and its source section, else None."""
    cle = _slug(corps)
    for profil in donnees_jeu.get("profils") or []:
        if not isinstance(profil, dict) or not str(profil.get("categorie", "")).startswith("Corps"):
            continue
        noms = [profil.get("id"), profil.get("nom"), *(profil.get("formes") or [])]
        if any(isinstance(n, str) and _slug(n) == cle for n in noms):
            att = _entier((profil.get("caracteristiques") or {}).get("ATT"))
            section = (profil.get("source") or {}).get("section")
            return (att, f"d'après « {section} »" if section else "donnée du livre") if att is not None else None
    return None


def _limite(ligne: Ligne, nom: str, valeur: int | None, maximum: int) -> int:
    """An asset within 0..maximum (the calculation's range); a remark when it is cut or unreadable."""
    if valeur is None:
        return 0
    if valeur > maximum:
        ligne.remarques.append(f"{nom} {valeur} : {maximum} au plus (limite des pistes Atout), {maximum} retenue.")
        return maximum
    return max(valeur, 0)


# --- targets and actions ---------------------------------------------------------------------

def cibles(succes: list[int], des_de_trace: list[int]) -> list[Cible]:
    """Tests of 1 to 6 successes, the X frame of each symbol, trace rolls of 1 to 4 dice (the numbers are data).

    Tests of « N × [joueurs] » successes are the group tests' targets (`liste_probas_groupe`).
    """
    out = [Cible(f"test-{s}", f"Test {s}", GROUPE_TEST, f"Chance de réussir un Test de {s} succès")
           for s in succes]
    out += [Cible(f"cadre-x-{s}", f"Cadre X, {nom}", GROUPE_ATTAQUE,
                  f"Dés montrant le {nom} après le jet et les Relances : 1 Dégât chacun à l'Ennemi Prioritaire")
            for s, nom in SYMBOLES_X.items()]
    out += [Cible(f"trace-{n}", f"Trace à {n} dé{'s' if n > 1 else ''}", GROUPE_TRACE,
                  f"Seuil de la piste Trace à {n} dé{'s' if n > 1 else ''} (les seuils ne sont pas dans le livre)")
            for n in des_de_trace]
    return out


def _besoin(cible: Cible) -> int:
    """The successes a test target asks for (its id is `test-N`)."""
    return int(cible.id.rsplit("-", 1)[1])


def _action_test(de: str, pions: int, relances: int, cibles_test: list[Cible], detail: str) -> Action:
    parametres: dict[str, dict[str, Any] | None] = {
        c.id: {"de": de, "succes": _besoin(c), "fois_joueurs": False, "des_1": pions, "relances_1": relances}
        for c in cibles_test}
    return Action("test", "Test", "test", parametres, detail)


# Laws of « test passed », kept between requests (one object per law: Loi hashes by identity).
_REUSSITES: dict[tuple[str, tuple[tuple[int, int], ...], int], Loi] = {}
PARTICIPANTS = 4  # participants of the calculation `test`


def lois(calculs: Calculs, action: Action, parametres: dict[str, Any]) -> Loi:
    """A cell's law: the declared calculation's, except for a test, « passed » (1) or not (0).

    A test's chance is the one the calculation `test` gives (its issue « Test réussi »), from the
    same engine function (`calculs_des.test_groupe`); the calculation itself also tabulates the
    chance for 0 to 12 tokens of the first participant, which the matrix does not show. The die
    is checked once by the declared calculation (a face of more than 2 successes is refused).
    """
    if action.calcul != "test":
        return calculs.loi(action.calcul, parametres)
    participants = tuple((parametres[f"des_{i}"], parametres[f"relances_{i}"]) for i in range(1, PARTICIPANTS + 1)
                         if f"des_{i}" in parametres)
    cle = (parametres["de"], participants, parametres["succes"])
    if cle not in _REUSSITES:
        calculs.loi("test", {"de": parametres["de"], "succes": 1, "des_1": 1, "relances_1": 0})
        faces = [face["succes"] for face in json.loads(parametres["de"])]
        chance = td.test_groupe(faces, list(participants), parametres["succes"])[1]
        if len(_REUSSITES) >= MAX_LOIS_GARDEES:
            _REUSSITES.clear()
        poids = {v: w for v, w in ((0, chance.denominator - chance.numerator), (1, chance.numerator)) if w}
        _REUSSITES[cle] = Loi(poids, chance.denominator)
    return _REUSSITES[cle]


def cout(action: Action, parametres: dict[str, Any]) -> float:
    """Estimated milliseconds of a cell's law (`probas_liste.Matrice.cout`), fitted above CPython times.

    The attack roll grows with its dice and Relances (15 dice and 5 Relances: about 60 ms), a
    test with the dice of all its participants (4 × 12 dice: about 30 ms); the trace roll stays small.
    """
    if action.calcul == "attaque":
        des = int(parametres["att"]) + int(parametres["puissance"])
        return 0.5 + (des / 10) ** 3 * (2 + 3 * int(parametres["relances"]))
    if action.calcul == "test":
        des = sum(int(parametres.get(f"des_{i}", 0)) for i in range(1, PARTICIPANTS + 1))
        return 1 + 30 * (des / 48) ** 1.5
    return 1.0


def vider_cache() -> None:
    """Forget the test laws kept between requests (with `probas_liste.vider_cache`, for measurements)."""
    _REUSSITES.clear()


def _action_attaque(ident: str, nom: str, de: str, att: int, puissance: int, relances: int, detail: str) -> Action:
    parametres: dict[str, dict[str, Any] | None] = {
        f"cadre-x-{s}": {"de": de, "att": att, "puissance": puissance, "relances": relances,
                         "base_requis": 0, "rare_requis": 0, "symbole_x": s}
        for s in SYMBOLES_X}
    return Action(ident, nom, "attaque", parametres, detail)


def _action_trace(de: str, relances: int, detail: str, des_de_trace: list[int]) -> Action:
    parametres: dict[str, dict[str, Any] | None] = {
        f"trace-{n}": {"de": de, "des": n, "relances": relances} for n in des_de_trace}
    return Action("trace", "Jet de Trace", "trace", parametres, detail)


def _pluriel(n: int, mot: str) -> str:
    return f"{n} {mot}{'s' if n > 1 else ''}"


class _Joueurs:
    """Reads the list's entries into rows, and collects the ATT inputs they need."""

    def __init__(self, donnees_jeu: dict[str, Any], requete: dict[str, Any]) -> None:
        self.donnees_jeu = donnees_jeu
        self.requete = requete
        self.saisies_att: dict[str, dict[str, Any]] = {}
        self.des_de_trace = [int(n) for n in cibles_de_reference(donnees_jeu, "des_de_trace")]

    def att(self, entree: dict[str, Any], corps: str) -> tuple[int | None, str]:
        """The active Body's ATT and where it comes from; None when the player has not typed it."""
        connue = _att_des_donnees(self.donnees_jeu, corps)
        if connue is not None:
            return connue[0], f"ATT {connue[0]} ({corps}, {connue[1]})"
        plateau = _entier(entree.get("plateau"))
        decl = declaration_att(self.donnees_jeu, corps, plateau)
        self.saisies_att.setdefault(decl["id"], decl)
        att = _entier_saisi(self.requete, decl)
        return att, (f"ATT {att} ({decl['nom']}, saisie)" if att is not None else decl["nom"])

    def ligne(self, index: int, entree: dict[str, Any], de: str | None, pions: int,
              cibles_test: list[Cible], groupe: str | None) -> Ligne:
        """One player's row: a test, the attack roll without and with Puissance, the trace roll.

        With a `groupe`, only the actions (and remarks) of that target group.
        """
        ligne = Ligne(index, nom_entree(entree, index))
        relances = _limite(ligne, "Relance", _atout(entree, "relance"), 5)
        puissance = _limite(ligne, "Puissance", _atout(entree, "puissance"), 5)
        att, origine = self.att(entree, _corps_actif(entree))
        if de is None:
            return ligne
        self._actions(ligne, de, pions, relances, puissance, att, origine, cibles_test)
        if groupe in ACTIONS_DU_GROUPE:
            ligne.actions = [a for a in ligne.actions if a.id in ACTIONS_DU_GROUPE[groupe]]
            if groupe != GROUPE_ATTAQUE:
                ligne.remarques = [r for r in ligne.remarques if not r.startswith("Jet d'Attaque")]
        return ligne

    def _actions(self, ligne: Ligne, de: str, pions: int, relances: int, puissance: int, att: int | None,
                 origine: str, cibles_test: list[Cible]) -> None:
        avec_relances = f", {_pluriel(relances, 'Relance')}" if relances else ", sans Relance"
        ligne.actions.append(_action_test(de, pions, relances, cibles_test,
                                          f"{_pluriel(pions, 'pion')} vidé{'s' if pions > 1 else ''}{avec_relances}"))
        if att is None:
            ligne.remarques.append(f"Jet d'Attaque non calculé : {origine} n'est pas dans le livre ; "
                                   "saisissez-la dans « Vos données ».")
        else:
            ligne.actions.append(_action_attaque("attaque", "Jet d'Attaque", de, att, 0, relances,
                                                 f"{origine}, {_pluriel(att, 'dé')}{avec_relances}"))
            if puissance:
                ligne.actions.append(_action_attaque(
                    "attaque-puissance", "Jet d'Attaque avec Puissance", de, att, puissance, relances,
                    f"{origine} + {puissance} Puissance, {_pluriel(att + puissance, 'dé')}{avec_relances}"))
        ligne.actions.append(_action_trace(de, relances, f"dés du seuil{avec_relances}", self.des_de_trace))


def _joueurs(liste: dict[str, Any]) -> int:
    """Players in the game (the list's format, 1 to 4), else the number of entries."""
    format_ = _entier(liste.get("format"))
    if format_ is not None and 1 <= format_ <= 4:
        return format_
    return max(1, min(4, len(entrees_objets(liste))))


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Each player's test, attack roll and trace roll, or what the player must type first.

    Raises:
        ErreurEntree: a typed input is malformed (French message).

    """
    decl_de, decl_pions = declaration_de(donnees_jeu), declaration_pions(donnees_jeu)
    valeur_de = saisie(requete, decl_de)
    de = json.dumps(lire_des(decl_de, valeur_de), ensure_ascii=False) if valeur_de is not None else None
    pions = _entier_saisi(requete, decl_pions)
    pions = int(decl_pions["defaut"]) if pions is None else pions
    lecteur = _Joueurs(donnees_jeu, requete)
    toutes = cibles([int(s) for s in cibles_de_reference(donnees_jeu, "succes")], lecteur.des_de_trace)
    groupe = requete.get("groupe")
    groupe = GROUPE_TEST if groupe == "" else groupe
    entrees = entrees_objets(liste)
    lignes = [lecteur.ligne(i, e, de, pions, [c for c in toutes if c.groupe == GROUPE_TEST], groupe)
              for i, e in entrees]
    saisies = [decl_de, decl_pions, *lecteur.saisies_att.values()]
    notes = notes_probas_liste(donnees_jeu)
    if requete.get("adverse") not in (None, ""):
        notes.append("Le livre ne fait pas combattre deux joueurs : la liste adverse n'est pas utilisée.")
    if de is None:
        return non_calculable([MANQUANT_DE], saisies=saisies, notes=notes)
    vides = f"{_pluriel(pions, 'pion')} vidé{'s' if pions > 1 else ''}"
    groupes = [{"id": GROUPE_TEST, "nom": f"Tests ({vides})"},
               {"id": GROUPE_ATTAQUE, "nom": "Jet d'Attaque (Cadre X)"},
               {"id": GROUPE_TRACE, "nom": "Jet de Trace"}]
    pourquoi_pas = groupe_de_test.applicable(liste, len(entrees))
    if pourquoi_pas is None:
        cibles_groupe = groupe_de_test.cibles(_joueurs(liste))
        toutes += cibles_groupe
        groupes.append({"id": groupe_de_test.GROUPE, "nom": f"Test de Groupe ({vides} chacun)"})
        if groupe in (None, groupe_de_test.GROUPE):
            relances = [min(max(_atout(e, "relance") or 0, 0), 5) for _, e in entrees]
            groupe_de_test.ajouter(lignes, relances, de, pions, cibles_groupe)
    else:
        notes.append(pourquoi_pas)
    manquant = ["Les seuils de la piste Trace et les valeurs des Corps (sauf l'ATT 3 du Soldat) ne sont pas dans "
                "le livre (« manquant ») : les colonnes de Trace vont de 1 à 4 dés, et l'ATT d'un autre Corps se "
                "saisit dans « Vos données »."]
    resultat, succes = LIBELLES.get(groupe, LIBELLES[None])
    return Matrice(cibles=toutes, groupes=groupes, lignes=lignes, resultat=resultat, succes=succes,
                   hors_de_combat="Objectif atteint", notes=notes, manquant=manquant, saisies=saisies, lois=lois,
                   cout=cout)
