"""Hate: the odds of a tribe's figures in combat, from the die and the dice the player types.

The book prints neither the faces of Hate's die nor any figure's base attack and defence dice
(icons and card values, `manquant` in the data). The view asks for them with the editors and the
browser storage of Hate's odds page: the die of `calcul-combat` (`de-hate`), then, per kind of
figure, its attack dice (`hate-attaque-guerrier`…) and, for an opposing tribe, its defence dice.
Every figure of a type has the same card except the shaman (one per tribe) and the Sarrassa
tribe, stronger (lines 681-684 and 1573 of the book): their keys carry the tribe.

Rows: each figure's attack (`calcul-combat`), the fixed-dice attacks its cards give (the
`calcul-attaque-fixe` preselections whose rule is one of its cards), Trull A and Worm's sword
(`calcul-worm`). Targets: 1 to 5 defence dice, and each figure of an opposing tribe whose
defence is known (`data/hate/probas-liste.yaml`). Card effects: `liste_probas_effets`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ... import des, odds
from ...bundle import cibles_de_reference, notes_probas_liste
from ...errors import ErreurEntree
from ...probas_liste import Action, Calculs, Cible, Ligne, Loi, Matrice, lire_adverse, non_calculable, saisie
from ...schema_lite import afficher
from .calculs_combat import MAX_DES
from .liste_figures import LIBELLES, MERCENAIRE, TRIBU_SHAMAN_IMMORTEL, TYPES_TRIBU, TYRAN, Controle, Figure
from .liste_probas_effets import Cartes, Effets, cartes, effets, profil

COMBAT = "calcul-combat"
FIXE = "calcul-attaque-fixe"
WORM = "calcul-worm"
REGLE_WORM = "worm-c"
GROUPE_REFERENCE = "defense"
GROUPE_RELANCE = "defense-relance"
GROUPE_ADVERSE = "adverse"
TRIBU_PLUS_FORTE = TRIBU_SHAMAN_IMMORTEL  # Sarrassa: higher base statistics (line 1573)
MANQUANT_DE = ("Les faces des dés de Hate ne sont pas dans le livre (des icônes, donnée marquée « manquant ») : "
               "saisissez celles de votre dé ci-dessous, une ligne par face. Rien n'est calculé sans elles.")
MANQUANT_CARTES = ("Les dés d'attaque et de défense de base de chaque figurine sont imprimés sur sa carte, "
                   "absente du livre (donnée marquée « manquant ») : saisissez ceux de vos cartes.")


@dataclass(frozen=True)
class Sorte:
    """A kind of figure with its own card: its key part (`guerrier`, `shaman-um-rak`) and its name."""

    cle: str
    nom: str


def _nom_tribu(controle: Controle) -> str | None:
    """The tribe's name when the data knows the tribe, else None."""
    tribu = controle.tribu
    if tribu is None or not any(isinstance(s, dict) and s.get("id") == f"tribu-{tribu}"
                                for s in controle.donnees.get("sections") or []):
        return None
    return controle.nom_tribu(tribu)


def sorte(controle: Controle, figure: Figure) -> Sorte | None:
    """The card a figure's dice come from, or None when its type or mercenary is unreadable."""
    if figure.type == MERCENAIRE:
        if figure.profil is None:
            return None
        return Sorte(str(figure.profil["id"]), str(figure.profil.get("nom") or figure.profil["id"]))
    if figure.type == TYRAN:
        return Sorte("le-tyran", "Le Tyran")
    if figure.type not in TYPES_TRIBU:
        return None
    libelle = LIBELLES[figure.type]
    nom_tribu = _nom_tribu(controle)
    if controle.tribu == TRIBU_PLUS_FORTE and nom_tribu:
        return Sorte(f"{figure.type}-{controle.tribu}", f"{libelle} {nom_tribu}")
    if figure.type == "shaman":
        return Sorte(f"shaman-{controle.tribu}", f"Shaman {nom_tribu}") if nom_tribu else None
    return Sorte(figure.type, libelle)


def declaration_des(s: Sorte, camp: str) -> dict[str, Any]:
    """The input of a kind's base attack (`camp` = "attaque") or defence dice (`entier`, 0 to 15)."""
    mot = "d'attaque" if camp == "attaque" else "de défense"
    return {"id": f"{camp}-{s.cle}", "nom": f"{s.nom} : dés {mot}", "type": "entier", "min": 0, "max": MAX_DES,
            "stockage": f"hate-{camp}-{s.cle}",
            "aide": "Le nombre de la carte, sans améliorations ni cicatrices (le calcul les ajoute)."}


def _entier_saisi(requete: dict[str, Any], decl: dict[str, Any]) -> int | None:
    """A typed whole number within its bounds, or None when not typed.

    Raises:
        ErreurEntree: anything else (French message naming the input).

    """
    valeur = saisie(requete, decl)
    if valeur is None:
        return None
    if isinstance(valeur, str) and re.fullmatch(r"\s*\d{1,3}\s*", valeur, re.ASCII):
        valeur = int(valeur)
    elif isinstance(valeur, float) and valeur.is_integer():
        valeur = int(valeur)
    if isinstance(valeur, bool) or not isinstance(valeur, int) or not decl["min"] <= valeur <= decl["max"]:
        raise ErreurEntree(f"« {decl['nom']} » doit être un nombre entier de {decl['min']} à {decl['max']} "
                           f"(reçu : {afficher(valeur)}).")
    return valeur


def _declaration_de(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    """The die input of `calcul-combat` (shared with the odds page through its `stockage`)."""
    return dict(next(p for p in odds.declaration(donnees_jeu, COMBAT)["parametres"] if p.get("id") == "de"))


class Faces(list):
    """A checked die as the calculations read it (one symbol or `vide` per face), hashable.

    The laws are kept under their parameters (`Calculs.loi`), so the die must hash; a list keeps
    the calculations from reading a text again for each law.
    """

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self))


def _de_saisi(requete: dict[str, Any], decl: dict[str, Any]) -> Faces | None:
    """The typed die, checked (French error when malformed), or None when not typed."""
    valeur = saisie(requete, decl)
    if valeur is None:
        return None
    faces = des.lire_des(decl, valeur)
    return Faces(next((s for s, n in face.items() if n), "vide") for face in faces)


def _ids_parametres(donnees_jeu: dict[str, Any], calcul: str) -> set[str]:
    return {str(p.get("id")) for p in odds.declaration(donnees_jeu, calcul).get("parametres") or []}


@dataclass
class Contexte:
    """What every row shares: the data, the die, the targets' defence parameters, the inputs."""

    donnees: dict[str, Any]
    requete: dict[str, Any]
    de: Faces
    defenses: dict[str, dict[str, Any]]  # target id -> defence parameters of `calcul-combat`
    saisies: list[dict[str, Any]]
    manquant: list[str]  # the kinds whose attack dice are not typed
    effets: Effets  # the cards that change an attack or a defence (data)
    types: dict[str, str] = field(default_factory=dict)  # opposing target id -> its figure type


def _action(ctx: Contexte, ident: str, nom: str, calcul: str, attaque: dict[str, Any], detail: str,
            contre: dict[str, int] | None = None) -> Action:
    """An action against every target: the attacker's parameters plus each target's defence.

    `contre` gives flat hits added against opposing figures of a type (Tueur de Princes, Vrail A).
    """
    admis = _ids_parametres(ctx.donnees, calcul)
    parametres = {}
    for cid, d in ctx.defenses.items():
        p = {"de": ctx.de, "valeur": 1, **attaque, **{k: v for k, v in d.items() if k in admis}}
        plus = (contre or {}).get(ctx.types.get(cid, ""), 0)
        if plus:
            p["frappes_bonus_attaque"] = int(p.get("frappes_bonus_attaque", 0)) + plus
        parametres[cid] = p
    return Action(ident, nom, calcul, parametres, detail)


def _frappes_contre(ctx: Contexte, jeu_cartes: Cartes) -> tuple[dict[str, int], list[str]]:
    """Flat hits by target type from the figure's cards, and how the row names them."""
    contre: dict[str, int] = {}
    noms = []
    for carte in jeu_cartes.actives:
        if carte.get("id") in ctx.effets.frappes_contre:
            types, n = ctx.effets.frappes_contre[carte["id"]]
            for t in types:
                contre[t] = contre.get(t, 0) + n
            noms.append(f"{carte.get('nom')} : +{n} frappes contre " + " et ".join(
                f"les {LIBELLES[t]}s" for t in sorted(types, key=TYPES_TRIBU.index)) + " adverses")
    return contre, noms


def _pluriel(n: int, mot: str) -> str:
    return f"{n} {mot}{'s' if n > 1 else ''}"


def _attaques(ctx: Contexte, ligne: Ligne, s: Sorte, jeu_cartes: Cartes) -> None:
    """The ordinary attack (and Trull A's) from the typed base dice, or why there is none."""
    decl = declaration_des(s, "attaque")
    if decl not in ctx.saisies:
        ctx.saisies.append(decl)
    base = _entier_saisi(ctx.requete, decl)
    if base is None:
        ligne.remarques.append("Dés d'attaque non saisis (manquant dans le livre).")
        if s.nom not in ctx.manquant:
            ctx.manquant.append(s.nom)
        return
    p = profil(base, jeu_cartes, ctx.effets.attaque, ctx.effets.non_comptes_attaque)
    if p.non_comptes:
        ligne.remarques.append("Non compté (dépend de la partie) : " + " ; ".join(p.non_comptes) + ".")
    variantes = [("attaque", "Attaque", 0, "")]
    for carte in (c for c in jeu_cartes.actives if c.get("id") in ctx.effets.attaques_en_plus):
        plus, nom_carte = ctx.effets.attaques_en_plus[carte["id"]], carte.get("nom", carte["id"])
        variantes.append((f"attaque-{carte['id']}", f"Attaque {nom_carte} (+{plus} dés)", plus, f" + {plus} de {nom_carte}"))
    contre, noms = _frappes_contre(ctx, jeu_cartes)
    for ident, nom, plus, origine in variantes:
        total = p.des + plus
        if total > MAX_DES:
            ligne.remarques.append(f"{nom} : {total} dés, le calcul en accepte au plus {MAX_DES}.")
            continue
        comptes = f" ; cartes comptées : {', '.join(p.comptes)}" if p.comptes else ""
        detail = f"{_pluriel(total, 'dé')} ({base} de base{origine}{comptes})"
        if p.parametres.get("frappes_bonus_attaque"):
            detail += f", +{_pluriel(int(p.parametres['frappes_bonus_attaque']), 'frappe')}"
        detail += "".join(f" ; {n}" for n in noms)
        ligne.actions.append(_action(ctx, ident, nom, COMBAT, {"des_attaque": total, **p.parametres}, detail, contre))


def _attaques_fixes(ctx: Contexte, ligne: Ligne, ids: set[str]) -> None:
    """The fixed-dice attacks of the figure's cards (Catapulte, Pousser, Corvux C, Spore Child…)."""
    for pre in odds.declaration(ctx.donnees, FIXE).get("preselections") or []:
        if pre.get("regle") in ids:
            valeurs = dict(pre.get("valeurs") or {})
            detail = f"{_pluriel(int(valeurs.get('des_attaque', 0)), 'dé')} fixés par la carte"
            if valeurs.get("relance_libre_attaque"):
                detail += ", 1 relance (comme A-04)"
            ligne.actions.append(_action(ctx, f"fixe-{pre['id']}", str(pre.get("nom")), FIXE, valeurs, detail))
    if REGLE_WORM in ids:
        ligne.actions.append(Action("epee-worm", "Épée légendaire (Worm C)", WORM,
                                    {cid: {"de": ctx.de} for cid in ctx.defenses},
                                    "2 dés, sans jet de défense : 1 quand l'ennemi est KO (2 dégâts, jokers compris), "
                                    "0 sinon"))


def _nom_figure(figure: Figure, s: Sorte | None) -> str:
    libelle = s.nom if s else LIBELLES.get(figure.type or "", "Figurine")
    nom = figure.nom.strip()[:60] if figure.nom else None
    if nom and nom.casefold() != libelle.casefold():
        return f"{nom} ({libelle})"
    return f"{nom or libelle} (entrée {figure.index + 1})"


def _ligne(ctx: Contexte, controle: Controle, figure: Figure) -> Ligne:
    s = sorte(controle, figure)
    ligne = Ligne(figure.index, _nom_figure(figure, s))
    if s is None:
        ligne.remarques.append("Type de figurine ou mercenaire illisible : pas de calcul.")
        return ligne
    jeu_cartes = cartes(controle, figure)
    _attaques(ctx, ligne, s, jeu_cartes)
    _attaques_fixes(ctx, ligne, jeu_cartes.ids)
    if jeu_cartes.couvertes:
        ligne.remarques.append("Compétence imprimée recouverte par une carte, comptée sans effet (sauf si elle est "
                               "permanente, ce que le livre ne dit pas) : " + ", ".join(jeu_cartes.couvertes) + ".")
    return ligne


def _cibles_adverses(ctx: Contexte, adverse: dict[str, Any]) -> tuple[list[Cible], list[str]]:
    """One target per opposing figure whose defence dice are typed; notes for the others."""
    if adverse.get("jeu") not in (None, "hate"):
        raise ErreurEntree("La liste adverse n'est pas une tribu de Hate : donnez une liste « jeu: hate ».")
    controle = Controle(ctx.donnees, adverse)
    cibles: list[Cible] = []
    sans_defense: list[str] = []
    for figure in controle.figures:
        s = sorte(controle, figure)
        nom = _nom_figure(figure, s)
        if s is None:
            sans_defense.append(f"{nom} (type illisible)")
            continue
        decl = declaration_des(s, "defense")
        if decl not in ctx.saisies:
            ctx.saisies.append(decl)
        base = _entier_saisi(ctx.requete, decl)
        if base is None:
            sans_defense.append(nom)
            continue
        p = profil(base, cartes(controle, figure), ctx.effets.defense, ctx.effets.non_comptes_defense)
        ident = f"adverse-{figure.index}"
        ctx.defenses[ident] = {"des_defense": p.des, **p.parametres}
        ctx.types[ident] = str(figure.type)
        detail = f"{_pluriel(p.des, 'dé')} de défense ({base} de base"
        detail += f" ; cartes comptées : {', '.join(p.comptes)})" if p.comptes else ")"
        if p.non_comptes:
            detail += ". Non compté : " + " ; ".join(p.non_comptes)
        cibles.append(Cible(ident, nom, GROUPE_ADVERSE, detail))
    notes = []
    if sans_defense:
        notes.append("Liste adverse, dés de défense non saisis (manquant) : " + ", ".join(sans_defense[:12])
                     + (" …" if len(sans_defense) > 12 else "") + ".")
    return cibles, notes


def cibles_de_defense(ctx: Contexte, defenses: list[int]) -> list[Cible]:
    """The reference defence dice (1 to 5), then the same with the free defence reroll of B-01 (a generic upgrade)."""
    cibles = []
    for m in defenses:
        ctx.defenses[f"defense-{m}"] = {"des_defense": m}
        cibles.append(Cible(f"defense-{m}", f"{_pluriel(m, 'dé')} de défense", GROUPE_REFERENCE,
                            f"Cible qui lance {_pluriel(m, 'dé')} de défense, sans relance ni parade ajoutée"))
    for m in defenses:
        ctx.defenses[f"defense-{m}-relance"] = {"des_defense": m, "relance_libre_defense": True}
        cibles.append(Cible(f"defense-{m}-relance", f"{_pluriel(m, 'dé')}, relance B-01", GROUPE_RELANCE,
                            f"Cible qui lance {_pluriel(m, 'dé')} de défense et relance une fois ceux de son choix "
                            "(amélioration B-01)"))
    return cibles


def lois(calculs: Calculs, action: Action, parametres: dict[str, Any]) -> Loi:
    """The law of an action; Worm's sword as 1 (enemy KO: 2 damage) or 0, like a KO margin."""
    loi = calculs.loi(action.calcul, parametres)
    if action.calcul != WORM:
        return loi
    ko = sum(w for v, w in loi.poids.items() if v >= 2)
    return Loi({v: w for v, w in ((0, loi.denominateur - ko), (1, ko)) if w}, loi.denominateur)


def cout(_action: Action, parametres: dict[str, Any]) -> float:
    """Estimated milliseconds of a combat law (`probas_liste.Matrice.cout`), from the dice and rerolls.

    Fitted above the times measured in CPython for a die with every symbol: 15 dice against 15
    with both rerolls about 45 ms, 2 dice against 1 under 1 ms.
    """
    a, d = int(parametres.get("des_attaque", 2)), int(parametres.get("des_defense", 1))
    ra, rd = bool(parametres.get("relance_libre_attaque")), bool(parametres.get("relance_libre_defense"))
    return 0.5 + a * d / 16 * (1 + ra) * (1 + rd) + a * a / 50 * (1 + ra)


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Each figure's attacks against 1 to 5 defence dice and the figures of an opposing tribe.

    Raises:
        ErreurEntree: an input the player typed is malformed, or the opposing list is unusable.

    """
    if requete.get("saisies") is not None and not isinstance(requete["saisies"], dict):
        raise ErreurEntree("Les saisies doivent être un objet {clé: valeur}.")
    decl_de = _declaration_de(donnees_jeu)
    de = _de_saisi(requete, decl_de)
    controle = Controle(donnees_jeu, liste)
    ctx = Contexte(donnees_jeu, requete, de or Faces(), {}, [decl_de], [], effets(donnees_jeu))
    defenses = [int(m) for m in cibles_de_reference(donnees_jeu, "defenses")]
    cibles = cibles_de_defense(ctx, defenses)
    etendue = f"Défense de {min(defenses)} à {max(defenses)} dés"
    groupes = [{"id": GROUPE_REFERENCE, "nom": etendue}, {"id": GROUPE_RELANCE, "nom": f"{etendue}, relance B-01"}]
    notes = notes_probas_liste(donnees_jeu)
    adverse = lire_adverse(requete)
    if adverse is not None:
        cibles_adv, notes_adv = _cibles_adverses(ctx, adverse)
        cibles += cibles_adv
        notes += notes_adv
        nom = adverse.get("nom")
        titre = nom.strip()[:80] if isinstance(nom, str) and nom.strip() else "tribu adverse"
        groupes.insert(0, {"id": GROUPE_ADVERSE, "nom": f"Ma tribu contre la sienne : {titre}"})
    lignes = [_ligne(ctx, controle, figure) for figure in controle.figures]
    saisies = [decl_de, *(d for d in ctx.saisies if d["id"].startswith("attaque-")),
               *(d for d in ctx.saisies if d["id"].startswith("defense-"))]
    if de is None:
        attente = non_calculable([f"{MANQUANT_DE} {MANQUANT_CARTES}"], saisies=saisies)  # one message, one box
        attente.adverse = True  # the opposing tribe can be given at once: its defence inputs appear
        return attente
    if controle.tribu == TRIBU_PLUS_FORTE:
        notes.append("Sarrassa : après le round 2, −2 dés en attaque et −1 en défense (au moins 1 dé) ; non compté.")
    return Matrice(cibles=cibles, groupes=groupes, lignes=lignes, resultat="Frappes moins parades",
                   succes="Assommer la cible", hors_de_combat="Cible KO", notes=notes,
                   manquant=[f"{MANQUANT_CARTES} Dés d'attaque pas encore saisis : {', '.join(ctx.manquant)}."]
                   if ctx.manquant else [],
                   lois=lois, saisies=saisies, adverse=True, cout=cout)
