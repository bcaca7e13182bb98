"""Khârn-Âges: each entry's attacks against the profiles of the player's cards (issue 16, part 1).

Rows: every list entry, read from its profile card (the book prints none: the cards come from
« Mes cartes », merged into the list before the request). Actions: a standard melee attack
(2 PA) and, for a figure carrying a ranged weapon, a shot (tir basique AA or tir en mouvement
VV, as a shooter). Targets: every profile card with its characteristics and PV, and every
entry of an opposing list, each defending with a standard defence (2 PA) or a reflex one: the
opposing list, then the cards of each level, make the groups (only the shown group is computed).
Every law is the declared calculation `calcul-degats` (data/kharn-ages/calculs.yaml) through
`odds.calculer`: PV lost by the target after the opposed roll and its armour.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...bundle import notes_probas_liste
from ...probas_liste import MAX_CIBLES, Action, Cible, Ligne, Matrice, entrees_objets, lire_adverse, nom_entree, non_calculable
from .liste_probas_profils import (
    FORMULAIRE,
    NOMS_CARACS,
    PREFERENCE_MELEE,
    PREFERENCE_TIR,
    PV_MAX,
    Combattant,
    arme_de_tir,
    defense_standard,
    emportes,
    equipements_par_id,
    lire_combattant,
    plus_forte,
    profils_par_id,
)

CALCUL = "calcul-degats"
PA_STANDARD = 2
GROUPE_ADVERSE = "adverse"
NIVEAUX = ("I", "II", "III")

MANQUANT_LIVRE = (f"Le livre ne donne aucune carte de profil : caractéristiques, PV et armures viennent de vos "
                  f"cartes, à recopier dans {FORMULAIRE} (ou dans la liste, sous « profils »).")


@dataclass(frozen=True)
class Defenseur:
    """A target: the card it defends with, and whether it defends with 2 PA or by reflex."""

    combattant: Combattant
    reflexe: bool


@dataclass(frozen=True)
class Attaque:
    """One main attack of an entry: what it engages and the parameters it sets in `calcul-degats`."""

    id: str
    nom: str
    engagee: str
    parametres: dict[str, Any]
    detail: str


def _attaque_standard(c: Combattant) -> Attaque:
    """Standard melee attack: the strongest characteristic twice (P first at equal values)."""
    k = plus_forte(c.caracs, PREFERENCE_MELEE)
    valeur = c.caracs[k]
    parametres = {"niveau_attaque": c.niveau, "carac_attaque": 2 * valeur, "pa_attaque": PA_STANDARD,
                  "degats_attaque": valeur, "effets_p_attaque": 1 if k == "P" else 0,
                  "stature_attaque": c.stature or 0, "maitrise_attaque": "corps" in c.maitrise}
    detail = (f"2 PA, {k}{k} ({NOMS_CARACS[k]} {valeur} deux fois) + {c.niveau}D10, dégâts {valeur}"
              + (" + 1 (effet de P)" if k == "P" else ""))
    return Attaque("melee", "Attaque standard", k, parametres, detail)


def _tir(c: Combattant, arme: dict[str, Any]) -> Attaque:
    """A shot with the carried ranged weapon: AA or VV, whichever is higher (A first)."""
    k = plus_forte(c.caracs, PREFERENCE_TIR)
    valeur = c.caracs[k]
    perce = arme.get("perce_armure")
    parametres = {"niveau_attaque": c.niveau, "carac_attaque": 2 * valeur, "pa_attaque": PA_STANDARD,
                  "degats_attaque": valeur, "tir_attaque": True, "tireur_attaque": True,
                  "maitrise_attaque": "tir" in c.maitrise, "perce_armure_1d5_attaque": perce is True,
                  "perce_armure_attaque": perce if isinstance(perce, int) and not isinstance(perce, bool) else 0}
    nom_tir = "Tir basique" if k == "A" else "Tir en mouvement"
    arme_nom = str(arme.get("nom") or arme.get("id"))[:60]
    detail = f"2 PA, {k}{k} + {c.niveau}D10, tireur (EC sur 1 et 2), dégâts {valeur}, avec « {arme_nom} »"
    if parametres["perce_armure_attaque"] or perce is True:
        detail += f", perce-armure {'1D5' if perce is True else perce}"
    return Attaque("tir", nom_tir, k, parametres, detail)


def _parametres(attaque: Attaque, cible: Defenseur) -> dict[str, Any]:
    """The whole `calcul-degats` parameters of one attack against one target."""
    d = cible.combattant
    carac = 0 if cible.reflexe else defense_standard(d.caracs, {attaque.engagee})
    p = dict(attaque.parametres, niveau_defense=d.niveau, carac_defense=carac, pv_defense=d.pv,
             maitrise_defense="defense" in d.maitrise)
    if d.armure is not None:
        p.update(cases_armure_defense=d.armure.cases, seuil_armure_defense=d.armure.seuil,
                 protection_faible_defense=d.armure.faible, protection_forte_defense=d.armure.fort)
        # Piercing more boxes than the armour has acts as piercing all of them.
        p["perce_armure_attaque"] = min(p.get("perce_armure_attaque", 0), d.armure.cases)
    else:
        p["perce_armure_attaque"] = 0
        p["perce_armure_1d5_attaque"] = False
    return p


class _Construction:
    """One matrix: targets and rows, and the notes and missing data gathered on the way."""

    def __init__(self, donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> None:
        self.profils = profils_par_id(liste)
        self.equipements = equipements_par_id(liste)
        self.cibles: list[Cible] = []
        self.defenseurs: dict[str, Defenseur] = {}
        self.notes: list[str] = []
        self.manquant: list[str] = []
        self.incompletes: list[str] = []

    def cible(self, ident: str, nom: str, groupe: str, c: Combattant) -> None:
        """Two targets per card: standard defence in `groupe`, reflex defence in its « -reflexe » group."""
        for reflexe, g in ((False, groupe), (True, f"{groupe}-reflexe")):
            cid = f"{ident}-reflexe" if reflexe else ident
            self.cibles.append(Cible(cid, nom, g, c.resume(), c.pv or 1))
            self.defenseurs[cid] = Defenseur(c, reflexe)

    def defendable(self, qui: str, c: Combattant | str) -> Combattant | None:
        """The card when it can be a target (characteristics and PV), else None (kept for one note)."""
        if isinstance(c, str):
            self.incompletes.append(f"{qui} ({c})")
            return None
        if c.pv is None or c.pv > PV_MAX:
            self.incompletes.append(f"{qui} (PV manquants)" if c.pv is None else
                                    f"{qui} ({c.pv} PV, plus que les {PV_MAX} du calcul)")
            return None
        self.notes += [f"{qui} : {r}" for r in c.remarques_armure]
        return c

    def note_incompletes(self) -> None:
        """One note naming the cards that are no target."""
        if self.incompletes:
            self.notes.append(f"Cartes incomplètes, qui ne sont pas des cibles (à compléter dans {FORMULAIRE}) : "
                              + " ; ".join(self.incompletes[:20]) + (" ; …" if len(self.incompletes) > 20 else "") + ".")

    def cibles_des_cartes(self) -> None:
        """Every profile card with its characteristics and PV, one group per level (at most MAX_CIBLES each).

        Only the shown group is computed: small groups keep the first view quick.
        """
        retenus = [0, 0, 0]
        for ident, profil in self.profils.items():
            nom = str(profil.get("nom") or ident)[:80]
            c = self.defendable(f"« {nom} »", lire_combattant(profil))
            if c is None:
                continue
            if retenus[c.niveau - 1] == MAX_CIBLES:
                self.notes.append(f"Plus de {MAX_CIBLES} cartes de niveau {NIVEAUX[c.niveau - 1]} : seules les "
                                  f"{MAX_CIBLES} premières sont des cibles.")
                continue
            retenus[c.niveau - 1] += 1
            self.cible(f"profil-{ident}", nom, groupe_cartes(c.niveau), c)

    def cibles_adverses(self, adverse: dict[str, Any]) -> None:
        """Every entry of the opposing list, read from its own cards, else from the player's."""
        propres = profils_par_id(adverse)
        retenus = 0
        for index, entree in entrees_objets(adverse, "La liste adverse"):
            ident = entree.get("profil")
            profil = (propres.get(ident) or self.profils.get(ident)) if isinstance(ident, str) else None
            nom = nom_entree(entree, index) if entree.get("nom") else str((profil or {}).get("nom") or
                                                                            nom_entree(entree, index))[:80]
            qui = f"Liste adverse, « {nom} »"
            if profil is None:
                self.notes.append(f"{qui} n'est pas une cible : sa carte de profil n'est ni dans cette liste ni dans "
                                  f"{FORMULAIRE}.")
                continue
            c = self.defendable(qui, lire_combattant(profil))
            if c is None:
                continue
            if retenus == MAX_CIBLES:
                self.notes.append(f"Liste adverse de plus de {MAX_CIBLES} cibles : seules les {MAX_CIBLES} premières "
                                  "entrées sont montrées.")
                break
            retenus += 1
            self.cible(f"adverse-{index}", nom, GROUPE_ADVERSE, c)

    def action(self, attaque: Attaque) -> Action:
        """The attack against every target; a cell out of the calculation's bounds stays empty."""
        parametres: dict[str, dict[str, Any] | None] = {}
        for cid, defenseur in self.defenseurs.items():
            # Checked against the calculation's bounds for the cells shown only (probas_liste).
            parametres[cid] = _parametres(attaque, defenseur)
        return Action(attaque.id, attaque.nom, CALCUL, parametres, attaque.detail)

    def ligne(self, index: int, entree: dict[str, Any]) -> Ligne:
        """One entry: its attacks, or why it has none."""
        ident = entree.get("profil")
        profil = self.profils.get(ident) if isinstance(ident, str) else None
        nom = nom_entree(entree, index)
        if profil is not None and not entree.get("nom"):
            nom = str(profil.get("nom") or ident)[:80]
        ligne = Ligne(index, nom)
        if not isinstance(ident, str):
            ligne.remarques.append("Aucun profil choisi : pas d'attaque à calculer.")
            return ligne
        if profil is None:
            ligne.remarques.append(f"Carte de profil « {ident[:60]} » non fournie : recopiez-la dans {FORMULAIRE} "
                                   "(ou chargez votre catalogue) pour voir ses attaques.")
            self.manquant.append(f"Carte de profil « {ident[:60]} » (entrée {index + 1}) : absente de {FORMULAIRE} "
                                 "et de la liste.")
            return ligne
        c = lire_combattant(profil)
        if isinstance(c, str):
            ligne.remarques.append(f"Pas d'attaque calculée : carte incomplète ({c}) ; recopiez-la dans {FORMULAIRE}.")
            self.manquant.append(f"Entrée {index + 1} « {nom} » : carte incomplète ({c}).")
            return ligne
        ligne.actions.append(self.action(_attaque_standard(c)))
        if c.stature is None:
            ligne.remarques.append("Stature absente de la carte : le bonus d'une RC au corps à corps compte 0.")
        arme = arme_de_tir(emportes(entree, profil), self.equipements)
        if arme is not None:
            ligne.actions.append(self.action(_tir(c, arme)))
        else:
            ligne.remarques.append("Pas d'arme de tir décrite dans son équipement : pas de tir.")
        return ligne


def groupe_cartes(niveau: int) -> str:
    """The group of the cards of one level (standard defence; « -reflexe » for the reflex one)."""
    return f"cartes-niveau-{niveau}"


def _groupes(cibles: list[Cible], adverse: dict[str, Any] | None) -> list[dict[str, str]]:
    titre = "liste adverse"
    if adverse is not None and isinstance(adverse.get("nom"), str) and adverse["nom"].strip():
        titre = adverse["nom"].strip()[:80]
    noms = [(GROUPE_ADVERSE, f"Ma liste contre la sienne : {titre}")]
    noms += [(groupe_cartes(n), f"Mes cartes de niveau {NIVEAUX[n - 1]}") for n in (1, 2, 3)]
    presents = {c.groupe for c in cibles}
    groupes = []
    for g, nom in noms:
        groupes += [{"id": g + suffixe, "nom": f"{nom} ({defense})"}
                    for suffixe, defense in (("", "défense standard, 2 PA"), ("-reflexe", "défense réflexe"))
                    if g + suffixe in presents]
    return groupes


def matrice(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> Matrice:
    """Each entry's standard attack and shot against every card and every opposing entry."""
    construction = _Construction(donnees_jeu, liste)
    adverse = lire_adverse(requete)
    if adverse is not None:
        construction.cibles_adverses(adverse)
    construction.cibles_des_cartes()
    construction.note_incompletes()
    if not construction.cibles:
        raisons = [MANQUANT_LIVRE, "Aucune carte de profil n'a à la fois ses caractéristiques V, P, A, C, son niveau "
                   f"et ses PV : complétez vos cartes dans {FORMULAIRE} pour voir les probabilités."]
        reponse = non_calculable(raisons, notes=construction.notes)
        reponse.adverse = True  # an opposing list with its own cards still gives targets
        return reponse
    lignes = [construction.ligne(i, e) for i, e in entrees_objets(liste)]
    manquant = [MANQUANT_LIVRE] + construction.manquant if construction.manquant else []
    return Matrice(cibles=construction.cibles, groupes=_groupes(construction.cibles, adverse), lignes=lignes,
                   resultat="PV perdus par la cible (une attaque)", succes="Au moins 1 PV perdu",
                   hors_de_combat="Cible terrassée", notes=notes_probas_liste(donnees_jeu) + construction.notes,
                   manquant=manquant, adverse=True, unite="PV",
                   note_hors_bornes="Des cases restent vides : leurs valeurs dépassent les bornes du calcul "
                                    "(caractéristiques engagées au plus 30, perce-armure au plus 10).")
