"""Odds of a whole list: each entry's main actions against reference targets (issue 16, part 1).

The request `{"action": "probas", "liste": {...}, "adverse": {...} | "texte"?, "des": {...}?}`
returns a matrix: one row per list entry, one column per target, each cell holding the exact
distribution of the action's result, its expected value and the chance of at least one success
(and of taking the target out). Every number comes from a calculation declared in the game's
`calculs.yaml`, run through `odds.calculer`; the game's `liste_probas` part (`browser_engine/jeux/<jeu>/`)
only maps list entries and targets to that calculation's parameters.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, lcm
from typing import Any

from . import bundle, jeux, odds
from .errors import ErreurEntree, ErreurParametre
from .probas_liste_retenue import remarque, retenir
from .reader import entiers_exacts, lire_liste, verifier_structure

MAX_ENTREES = 200
DECIMALES_GRAPHIQUE = 4
MAX_CIBLES = 60
# Work allowed to one request, in estimated milliseconds of CPython for the distinct laws it
# computes (exact fractions included): each new law is checked against it before it is computed,
# so that no request runs for more than about 2 s; the cells past it stay empty, with a note.
BUDGET_MS = 1200
COUT_LOI_MS = 1.0  # estimate of a law when the game gives none (most laws take about 1 ms)

@dataclass
class Cible:
    """A reference target (a column): `groupe` gathers columns shown together."""

    id: str
    nom: str
    groupe: str
    detail: str = ""
    figurines: int = 1


@dataclass
class Action:
    """One main action of an entry: the calculation and its parameters for each target id."""

    id: str
    nom: str
    calcul: str
    parametres: dict[str, dict[str, Any] | None]
    detail: str = ""


@dataclass
class Ligne:
    """One list entry (a row) and its actions, or why it has none."""

    index: int
    nom: str
    actions: list[Action] = field(default_factory=list)
    remarques: list[str] = field(default_factory=list)


@dataclass
class Matrice:
    """What a game adapter returns: targets, rows, and the words for the results."""

    cibles: list[Cible]
    groupes: list[dict[str, str]]
    lignes: list[Ligne]
    resultat: str
    succes: str
    hors_de_combat: str
    notes: list[str] = field(default_factory=list)
    manquant: list[str] = field(default_factory=list)
    lois: Callable[[Any, Action, dict[str, Any]], Any] | None = None
    calculable: bool = True
    saisies: list[dict[str, Any]] = field(default_factory=list)
    adverse: bool = False  # the adapter reads an opposing list (`requete["adverse"]`)
    unite: str = "figurines"  # what a target's `figurines` counts (HAMI: Essences), for the page's words
    # When set, a cell whose parameters fall outside the declared calculation's bounds stays empty
    # and this is said once in the notes; when None, the refusal reaches the player as an error.
    note_hors_bornes: str | None = None
    # Estimated milliseconds of one law (CPython, exact fractions included) from its action and
    # parameters, for the games whose laws grow with their parameters; None: COUT_LOI_MS each.
    cout: Callable[[Action, dict[str, Any]], float] | None = None


def non_calculable(manquant: list[str], saisies: list[dict[str, Any]] | None = None,
                   notes: list[str] | None = None) -> Matrice:
    """A matrix that says why nothing can be computed yet, and which inputs the player may supply."""
    return Matrice(cibles=[], groupes=[], lignes=[], resultat="", succes="", hors_de_combat="",
                   notes=notes or [], manquant=manquant, calculable=False, saisies=saisies or [])


def cle_saisie(declaration: dict[str, Any]) -> str:
    """The key of a player-supplied input in `requete["saisies"]`: its `stockage`, else its `id`.

    The page keeps each input in the browser under the same key as the game's odds page, so a
    die or a deck typed once serves both.
    """
    return str(declaration.get("stockage") or declaration.get("id"))


def saisie(requete: dict[str, Any], declaration: dict[str, Any]) -> Any:
    """The value the player supplied for an input declaration, or None when absent or empty."""
    saisies = requete.get("saisies")
    if not isinstance(saisies, dict):
        return None
    valeur = saisies.get(cle_saisie(declaration))
    return None if valeur in (None, "", [], {}) else valeur


def lire_adverse(requete: dict[str, Any]) -> dict[str, Any] | None:
    """The opposing list of the request (`adverse`: an object or its YAML/JSON text), or None.

    Raises:
        ErreurEntree: the opposing list cannot be read or is not an object.

    """
    adverse = requete.get("adverse")
    if adverse is None or (isinstance(adverse, str) and not adverse.strip()):
        return None
    if isinstance(adverse, str):
        try:
            adverse = lire_liste(adverse)
        except ErreurEntree as exc:
            raise ErreurEntree(f"Liste adverse illisible : {exc.message}") from None
    if not isinstance(adverse, dict):
        raise ErreurEntree("La liste adverse doit être un objet (avec les clés jeu, nom, format et entrees).")
    try:
        verifier_structure(adverse)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Liste adverse invalide : {exc.message}") from None
    return entiers_exacts(adverse)


def entrees_objets(liste: dict[str, Any], qui: str = "La liste") -> list[tuple[int, dict[str, Any]]]:
    """The entries of a list that are objects, with their index.

    Raises:
        ErreurEntree: `entrees` is not a list or has more than MAX_ENTREES entries.

    """
    entrees = liste.get("entrees", [])
    if not isinstance(entrees, list):
        raise ErreurEntree(f"{qui} doit avoir une clé « entrees » qui est une liste.")
    if len(entrees) > MAX_ENTREES:
        raise ErreurEntree(f"{qui} a {len(entrees)} entrées : les probabilités se calculent pour "
                           f"{MAX_ENTREES} entrées au plus.")
    return [(i, e) for i, e in enumerate(entrees) if isinstance(e, dict)]


def nom_entree(entree: dict[str, Any], index: int) -> str:
    """The entry's name as shown (its `nom`, else « Entrée N »), cut to 80 characters."""
    nom = entree.get("nom")
    return nom.strip()[:80] if isinstance(nom, str) and nom.strip() else f"Entrée {index + 1}"


@dataclass(frozen=True, eq=False)
class Loi:
    """An exact law as integer weights over one denominator (fast to add and to sum up).

    Compared and hashed by identity: the cache of `Calculs` hands out one object per law.
    """

    poids: dict[int, int]
    denominateur: int

    @staticmethod
    def depuis(resultat: dict[str, Any]) -> Loi:
        """The law of an `odds.calculer` result."""
        fractions = {int(d["valeur"]): Fraction(d["fraction"]) for d in resultat["distribution"]}
        denominateur = lcm(*(f.denominator for f in fractions.values())) if fractions else 1
        return Loi({v: int(f * denominateur) for v, f in fractions.items()}, denominateur)

    def fraction(self, poids: int) -> Fraction:
        """`poids / denominateur`, reduced."""
        return Fraction(poids, self.denominateur)

    def plus(self, autre: Loi) -> Loi:
        """The law of the sum of two independent results.

        The weights are multiplied as polynomials packed into one integer each (Kronecker
        substitution): one big-integer product instead of a double loop. Packing and unpacking
        go through bytes, so that they cost linear time in the size of the weights.
        """
        (bas_a, a), (bas_b, b) = self._dense(), autre._dense()
        nb = min(len(a), len(b))
        octets = (max(a).bit_length() + max(b).bit_length() + nb.bit_length() + 8) // 8
        rangs = len(a) + len(b) - 1
        produit = (_empaqueter(a, octets) * _empaqueter(b, octets)).to_bytes(rangs * octets, "little")
        poids: dict[int, int] = {}
        for rang in range(rangs):
            w = int.from_bytes(produit[rang * octets:(rang + 1) * octets], "little")
            if w:
                poids[bas_a + bas_b + rang] = w
        return Loi(poids, self.denominateur * autre.denominateur)

    def deux_valeurs(self) -> bool:
        """Whether the law has at most two values (one attack that eliminates or not)."""
        return sum(1 for w in self.poids.values() if w) <= 2

    def binomiale(self, fois: int) -> Loi:
        """The sum of `fois` results of a law with at most two values: binomial weights.

        With values a < b of weights wa, wb, the sum is `(fois - k) * a + k * b` with weight
        C(fois, k) wb^k wa^(fois-k), each weight obtained from the previous one by an exact
        division: linear in `fois` big-integer steps instead of products of huge polynomials.
        """
        valeurs = sorted((v, w) for v, w in self.poids.items() if w)
        if len(valeurs) == 1:
            (a, wa), = valeurs
            return Loi({a * fois: wa ** fois}, self.denominateur ** fois)
        (a, wa), (b, wb) = valeurs
        poids: dict[int, int] = {}
        t = wa ** fois
        for k in range(fois + 1):
            poids[a * fois + (b - a) * k] = t
            t = t * (fois - k) * wb // ((k + 1) * wa)
        return Loi(poids, self.denominateur ** fois)

    def _dense(self) -> tuple[int, list[int]]:
        bas, haut = min(self.poids), max(self.poids)
        return bas, [self.poids.get(v, 0) for v in range(bas, haut + 1)]

    def somme(self, fois: int) -> Loi:
        """The law of the sum of `fois` independent results (by squaring)."""
        if self.deux_valeurs():
            return self.binomiale(fois)
        total, carre, reste = Loi({0: 1}, 1), self, fois
        while reste:
            if reste & 1:
                total = total.plus(carre)
            reste >>= 1
            if reste:
                carre = carre.plus(carre)
        return total


def _empaqueter(coefficients: list[int], octets: int) -> int:
    """Non-negative coefficients packed into one integer, `octets` bytes each (lowest first)."""
    return int.from_bytes(b"".join(c.to_bytes(octets, "little") for c in coefficients), "little")


def _proba(poids: int, denominateur: int) -> dict[str, Any]:
    """A probability `poids / denominateur`: reduced fraction text and float."""
    g = gcd(poids, denominateur)
    return {"fraction": f"{poids // g}/{denominateur // g}", "probabilite": poids / denominateur}


def _graphique(loi: Loi) -> dict[str, Any]:
    """The law for a bar chart only: probabilities rounded to 4 decimals, zero ends cut off."""
    d = loi.denominateur
    bas, haut = min(loi.poids), max(loi.poids)
    valeurs = [round(loi.poids.get(v, 0) / d, DECIMALES_GRAPHIQUE) for v in range(bas, haut + 1)]
    debut = next((i for i, p in enumerate(valeurs) if p), 0)
    fin = next((i for i in range(len(valeurs) - 1, -1, -1) if valeurs[i]), len(valeurs) - 1)
    return {"depuis": bas + debut, "probabilites": valeurs[debut:fin + 1]}


def _commun(loi: Loi, fractions: bool) -> dict[str, Any]:
    """What a law's cells share whatever the target: expected value, P(at least 1), distribution.

    Without `fractions`, a `graphique` (rounded floats for the chart) instead of the exact
    `distribution`; the summary values stay exact.
    """
    d = loi.denominateur
    esperance = _proba(sum(v * w for v, w in loi.poids.items()), d)
    commun: dict[str, Any] = {
        "esperance": {"fraction": esperance["fraction"], "valeur": esperance["probabilite"]},
        "au_moins_un": _proba(sum(w for v, w in loi.poids.items() if v >= 1), d),
    }
    if fractions:
        commun["distribution"] = [{"valeur": v, **_proba(w, d)} for v, w in sorted(loi.poids.items()) if w]
    else:
        commun["graphique"] = _graphique(loi)
    return commun


def _cellule(loi: Loi, figurines: int, commun: dict[str, Any]) -> dict[str, Any]:
    """Distribution, expected value, P(at least 1) and P(at least `figurines`) of one law."""
    hors_de_combat = _proba(sum(w for v, w in loi.poids.items() if v >= figurines), loi.denominateur)
    cellule = {k: v for k, v in commun.items() if k in ("esperance", "au_moins_un")}
    cellule["hors_de_combat"] = hors_de_combat
    cellule.update((k, v) for k, v in commun.items() if k not in cellule)
    return cellule


MAX_LOIS_GARDEES = 4096
_LOIS: dict[tuple[str, tuple[str, tuple[tuple[str, Any], ...]]], tuple[dict[str, Any], Loi]] = {}
_SOMMES: dict[tuple[Loi, int], Loi] = {}  # Loi hashes by identity; the laws it holds stay alive
_CELLULES: dict[tuple[Loi, bool], dict[str, Any]] = {}  # `_commun` of a law, shared by its targets


def vider_cache() -> None:
    """Forget the laws kept between requests (for measurements of a first request)."""
    _LOIS.clear()
    _SOMMES.clear()
    _CELLULES.clear()


class Calculs:
    """`odds.calculer` with a cache: many entries share the same parameters."""

    def __init__(self, donnees_jeu: dict[str, Any]) -> None:
        self.donnees_jeu = donnees_jeu
        self.cache: dict[tuple[str, tuple[tuple[str, Any], ...]], Loi] = {}
        self.hors_bornes = False  # a cell's parameters were refused by the declared calculation
        self.estime = 0.0  # estimated milliseconds of the distinct laws admitted so far
        self.admises: set[tuple[str, tuple[tuple[str, Any], ...]]] = set()
        self.refusees = 0  # cells left empty because their law did not fit in BUDGET_MS

    def admet(self, action: Action, parametres: dict[str, Any],
              cout: Callable[[Action, dict[str, Any]], float] | None) -> bool:
        """Whether a cell's law fits in the request's budget (checked before it is computed).

        A law already admitted costs nothing more; a new one adds its estimate. Laws kept from
        earlier requests count too, so that the same request always gets the same cells.
        """
        cle = (action.calcul, tuple(sorted(parametres.items())))
        if cle in self.admises:
            return True
        estime = cout(action, parametres) if cout is not None else COUT_LOI_MS
        if self.estime + estime > BUDGET_MS:
            self.refusees += 1
            return False
        self.admises.add(cle)
        self.estime += estime
        return True

    def loi(self, calcul: str, parametres: dict[str, Any]) -> Loi:
        """The law of a declared calculation for these parameters.

        Kept for the next requests too (`_LOIS`, bounded): the view recomputes the matrix at each
        edit of the list, and the same few laws come back. Valid for the same data bundle only.
        """
        cle = (calcul, tuple(sorted(parametres.items())))
        if cle not in self.cache:
            jeu = bundle.identifiant(self.donnees_jeu)
            garde = _LOIS.get((jeu, cle))
            if garde is None or garde[0] is not self.donnees_jeu:
                if len(_LOIS) >= MAX_LOIS_GARDEES:
                    _LOIS.clear()
                garde = (self.donnees_jeu, Loi.depuis(odds.calculer(self.donnees_jeu, calcul, parametres)))
                _LOIS[(jeu, cle)] = garde
            self.cache[cle] = garde[1]
        return self.cache[cle]

    def somme(self, loi: Loi, fois: int) -> Loi:
        """`loi.somme(fois)`, each power computed once (from two halves) and kept like the laws."""
        if fois <= 1:
            return loi if fois == 1 else Loi({0: 1}, 1)
        cle = (loi, fois)
        if cle not in _SOMMES:
            if len(_SOMMES) >= MAX_LOIS_GARDEES:
                _SOMMES.clear()
            _SOMMES[cle] = loi.binomiale(fois) if loi.deux_valeurs() else \
                self.somme(loi, fois // 2).plus(self.somme(loi, fois - fois // 2))
        return _SOMMES[cle]

    def cellule(self, loi: Loi, figurines: int, fractions: bool) -> dict[str, Any]:
        """`_cellule` of a law; the part shared by every target is kept like the laws.

        The same cells come back at each edit, and the targets of one law (opposing units of the
        same Armure) differ only by `hors_de_combat`: the exact distribution is written once.
        """
        cle = (loi, fractions)
        if cle not in _CELLULES:
            if len(_CELLULES) >= MAX_LOIS_GARDEES:
                _CELLULES.clear()
            _CELLULES[cle] = _commun(loi, fractions)
        return _cellule(loi, figurines, _CELLULES[cle])


def note_budget(refusees: int) -> str:
    """Why cells stay empty when a request asks more work than BUDGET_MS."""
    pluriel = "s" if refusees > 1 else ""
    return (f"Demande trop lourde : {refusees} case{pluriel} laissée{pluriel} vide{pluriel}, non calculée{pluriel}. "
            f"Une demande de probabilités de liste se limite à environ {_secondes(BUDGET_MS)} de calcul estimé, "
            "pour répondre en moins de 2 s : montrez moins de cibles à la fois, ou allégez la liste.")


def _secondes(ms: float) -> str:
    return f"{ms / 1000:.1f}".replace(".", ",") + " s"


def _adaptateur(jeu: str) -> Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], Matrice] | None:
    """The game's `liste_probas` part: (donnees_jeu, liste, requete) -> Matrice."""
    module = jeux.part(jeu, "liste_probas")
    return module.matrice if module is not None else None


def _json_cellule(action: Action, cible: Cible, calculs: Calculs, matrice: Matrice,
                  fractions: bool) -> dict[str, Any] | None:
    parametres = action.parametres.get(cible.id)
    if parametres is None:
        return None
    if not calculs.admet(action, parametres, matrice.cout):
        return None
    try:  # checked here, for the cells shown only: out of the calculation's bounds, the cell stays empty
        loi = matrice.lois(calculs, action, parametres) if matrice.lois else calculs.loi(action.calcul, parametres)
    except ErreurParametre:
        if matrice.note_hors_bornes is None:
            raise
        calculs.hors_bornes = True
        return None
    cellule = {"cible": cible.id, **calculs.cellule(loi, cible.figurines, fractions)}
    if fractions:  # the view's light matrix leaves them out; its cells come back complete on demand
        cellule["parametres"] = parametres
    return cellule


def _json_action(action: Action, calculs: Calculs, matrice: Matrice, fractions: bool) -> dict[str, Any]:
    cellules = [_json_cellule(action, cible, calculs, matrice, fractions) for cible in matrice.cibles]
    return {"id": action.id, "nom": action.nom, "calcul": action.calcul, "detail": action.detail,
            "cellules": cellules}


def _une_cellule(matrice: Matrice, calculs: Calculs, demande: Any) -> dict[str, Any]:
    """One cell with its exact fractions (`requete["cellule"] = {entree, action, cible}`)."""
    if not isinstance(demande, dict):
        raise ErreurEntree("La case demandée doit être un objet {entree, action, cible}.")
    ligne = next((ligne for ligne in matrice.lignes if ligne.index == demande.get("entree")), None)
    action = next((a for a in ligne.actions if a.id == demande.get("action")), None) if ligne else None
    cible = next((c for c in matrice.cibles if c.id == demande.get("cible")), None)
    cellule = _json_cellule(action, cible, calculs, matrice, True) if action and cible else None
    if ligne is None or action is None or cible is None or cellule is None:
        raise ErreurEntree("Case introuvable dans la matrice de cette liste : recalculez les probabilités.")
    return {"entree": ligne.nom, "action": action.nom, "cible": cible.nom, "cellule": cellule}


def _avec(lignes: list[dict[str, Any]], refusees: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with those of the entries the checker refused, in the list's order."""
    return sorted([*lignes, *refusees], key=lambda ligne: ligne["index"]) if refusees else lignes


def _adverse_retenue(donnees_jeu: dict[str, Any], requete: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The request with its opposing list checked: of this game, its refused items left out.

    Raises:
        ErreurEntree: the opposing list is unreadable, or a list of another game.

    """
    adverse = lire_adverse(requete)
    if adverse is None:
        return requete, []
    jeu = bundle.identifiant(donnees_jeu)
    if isinstance(adverse.get("jeu"), str) and adverse["jeu"] != jeu:
        raise ErreurEntree(f"La liste adverse est une liste d'un autre jeu (« {adverse['jeu'][:40]} »), pas pour "
                           f"{bundle.nom_du_jeu(donnees_jeu)} : donnez une liste « jeu: {jeu} ».")
    retenue = retenir(donnees_jeu, adverse, "Liste adverse")
    return {**requete, "adverse": retenue.liste}, retenue.notes


def action_probas(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The odds matrix of a list (the composer action `probas`).

    Args:
        donnees_jeu: the game bundle.
        liste: the list document (merged with the player's catalogue, if any).
        requete: the request; `adverse` (optional) is an opposing list, object or text;
            `fractions: false` gives each cell a `graphique` (floats rounded for the chart)
            instead of its exact `distribution` (the browser asks that per cell); `groupe` keeps the targets of one group (the columns shown;
            "" for the first group);
            `cellule: {entree, action, cible}` returns that one cell only;
            `saisies: {cle: valeur}` holds what the player typed where the book is silent (a die's
            faces, a deck, a figure's dice), keyed by `cle_saisie` of the input's declaration.

    Returns:
        `{jeu, nom_liste, calculable, cibles, groupes, entrees: [{index, nom, actions:
        [{id, nom, calcul, detail, cellules: [cell | None per target]}], remarques}],
        resultat, succes, hors_de_combat, notes, manquant, saisies, adverse, unite}`; `unite` names what a target's
        `figurines` counts (« figurines », HAMI « Essences »); `adverse` says whether an opposing list is read; `saisies` lists the
        declarations of the inputs the player may supply (type `des`, `paquet` or `entier`, with
        `id`, `nom`, `stockage`…), which the page draws with the odds page's editors; each cell holds `cible`,
        `parametres`, `distribution` (exact fractions as text and floats), `esperance`,
        `au_moins_un` and `hors_de_combat`. With `cellule`: `{entree, action, cible, cellule}`.

    Raises:
        ErreurEntree: the list or the opposing list cannot be used (French message).

    """
    try:
        verifier_structure(liste)
    except ErreurEntree as exc:
        raise ErreurEntree(f"Liste invalide : {exc.message}") from None
    liste = entiers_exacts(liste)
    jeu = bundle.identifiant(donnees_jeu)
    if isinstance(liste.get("jeu"), str) and liste["jeu"] != jeu:
        raise ErreurEntree(f"Cette liste est pour le jeu « {liste['jeu'][:40]} », pas pour "
                           f"{bundle.nom_du_jeu(donnees_jeu)} : ses probabilités ne peuvent pas être calculées ici.")
    entrees_lues = entrees_objets(liste)
    retenue = retenir(donnees_jeu, liste)
    liste = retenue.liste
    requete, notes_adverse = _adverse_retenue(donnees_jeu, requete)
    refusees = [{"index": i, "nom": nom_entree(e, i), "actions": [], "remarques": [remarque(retenue.entrees[i])]}
                for i, e in entrees_lues if i in retenue.entrees]
    lignes_vides = [{"index": i, "nom": nom_entree(e, i), "actions": [], "remarques": []}
                    for i, e in entrees_objets(liste)]
    base = {"jeu": jeu, "nom_liste": nom_entree({"nom": liste.get("nom")}, -1) if liste.get("nom") else "sans nom"}
    adaptateur = _adaptateur(jeu)
    if adaptateur is None:
        return {**base, "calculable": False, "cibles": [], "groupes": [], "entrees": _avec(lignes_vides, refusees),
                "resultat": "", "succes": "", "hors_de_combat": "", "notes": [],
                "manquant": ["Ce jeu n'a pas de calcul de probabilités de liste."], "saisies": [],
                "adverse": False}
    matrice = adaptateur(donnees_jeu, liste, requete)
    matrice.notes = [*matrice.notes, *retenue.notes, *notes_adverse]
    if not matrice.calculable:
        return {**base, "calculable": False, "cibles": [], "groupes": [], "entrees": _avec(lignes_vides, refusees),
                "resultat": "", "succes": "", "hors_de_combat": "", "notes": matrice.notes,
                "manquant": matrice.manquant, "saisies": matrice.saisies, "adverse": matrice.adverse}
    groupe = requete.get("groupe")
    if groupe == "" and matrice.groupes:  # the game's first group (an opposing list, when given)
        groupe = matrice.groupes[0]["id"]
    if groupe is not None:
        if not any(g["id"] == groupe for g in matrice.groupes):
            noms = ", ".join(f"« {g['id']} »" for g in matrice.groupes)
            raise ErreurEntree(f"Groupe de cibles inconnu : {noms} attendu.")
        matrice.cibles = [c for c in matrice.cibles if c.groupe == groupe]
    if len(matrice.cibles) > MAX_CIBLES:
        adverses = sum(1 for c in matrice.cibles if c.groupe == "adverse")
        if adverses:  # the opposing list's entries share the columns with the game's reference targets
            raise ErreurEntree(f"Trop de cibles ({len(matrice.cibles)}, {MAX_CIBLES} au plus) : la liste adverse en "
                               f"ajoute {adverses} aux {len(matrice.cibles) - adverses} cibles de référence ; gardez-y "
                               f"au plus {max(0, MAX_CIBLES - len(matrice.cibles) + adverses)} entrées.")
        raise ErreurEntree(f"Trop de cibles ({len(matrice.cibles)}) : {MAX_CIBLES} au plus.")
    calculs = Calculs(donnees_jeu)
    if requete.get("cellule") is not None:
        return _une_cellule(matrice, calculs, requete["cellule"])
    fractions = requete.get("fractions", True) is not False
    entrees = [{"index": ligne.index, "nom": ligne.nom, "remarques": ligne.remarques,
                "actions": [_json_action(a, calculs, matrice, fractions) for a in ligne.actions]}
               for ligne in matrice.lignes]
    if calculs.hors_bornes and matrice.note_hors_bornes:
        matrice.notes = [*matrice.notes, matrice.note_hors_bornes]
    if calculs.refusees:
        matrice.notes = [*matrice.notes, note_budget(calculs.refusees)]
    return {**base, "calculable": True,
            "cibles": [{"id": c.id, "nom": c.nom, "groupe": c.groupe, "detail": c.detail, "figurines": c.figurines}
                       for c in matrice.cibles],
            "groupes": matrice.groupes, "entrees": _avec(entrees, refusees), "resultat": matrice.resultat,
            "succes": matrice.succes, "hors_de_combat": matrice.hors_de_combat,
            "notes": matrice.notes, "manquant": matrice.manquant, "saisies": matrice.saisies,
            "adverse": matrice.adverse, "unite": matrice.unite}
