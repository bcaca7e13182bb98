"""Khârn-Âges Tactik checker: equipment, hands and reserved cards.

Mixed into the Fer de Lance analysis of `liste.py`: removing and adding
equipment (with its cost lines), what a figure holds in its hands (l. 1630:
carrying is not holding) and cards reserved to a people or a character
(equipment l. 1626, spells l. 1461 and 1485).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ...regles import nom_court

HORS_NORME = "hors-norme"
APATRIDE = "apatride"
MAINS_VARIABLES = "1 ou 2"
MOINS = "\u2212"
ROMAINS = {1: "I", 2: "II", 3: "III"}


# --- reading values of any type -----------------------------------------------------------------

def entier(value: Any) -> bool:
    """True for an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def textes(value: Any) -> list[str]:
    """The strings of a list (nothing when it is not one)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def objets(value: Any) -> list[tuple[int, dict[str, Any]]]:
    """The (index, object) pairs of a list (nothing when it is not one)."""
    return [(k, v) for k, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else []


def texte(value: Any) -> str | None:
    """A non-empty string, else None."""
    return value if isinstance(value, str) and value else None


def cle_de_voie(valeur: str) -> str:
    """A name compared loosely: `Le Sang et l'Acier` -> `le-sang-et-l-acier`."""
    sans_accents = unicodedata.normalize("NFKD", valeur).encode("ascii", "ignore").decode("ascii")
    return "-".join(re.findall(r"[a-z0-9]+", sans_accents.lower()))


# --- equipment and hands ------------------------------------------------------------------------

@dataclass
class Equipement:
    """One piece of equipment a figure carries: its id, name, and hands (None when unknown)."""

    id: str
    nom: str
    mains: int | None
    bouclier: bool = False
    mains_variables: bool = False

    @property
    def mains_occupees(self) -> int | None:
        """Hands it takes when held: its `mains` (one for « 1 ou 2 »), or one for a shield whose hands are not given."""
        if self.mains is not None:
            return self.mains
        return 1 if self.bouclier else None


def mains_permises(mains: list[int], hors_norme: bool) -> bool:
    """True when items taking these numbers of hands can be held together."""
    deux = mains.count(2)
    une = mains.count(1)
    if deux == 0:
        return une <= 2
    if deux == 1:
        return une == 0 or (hors_norme and une == 1)
    return False


def mains_texte(e: Equipement) -> str:
    """`bouclier, 1 main`, `1 ou 2 mains`, `2 mains`."""
    if e.bouclier:
        return "bouclier, 1 main"
    if e.mains_variables:
        return "1 ou 2 mains, compté pour 1"
    return f"{e.mains_occupees} main{'s' if (e.mains_occupees or 0) > 1 else ''}"


# --- reserved cards -----------------------------------------------------------------------------

def reserve_de(item: dict[str, Any]) -> tuple[list[str], list[str]] | None:
    """The (factions, profiles) a card is reserved to; None when it is not reserved."""
    reserve = item.get("reserve_a")
    if not isinstance(reserve, dict):
        return None
    factions, profils = textes(reserve.get("factions")), textes(reserve.get("profils"))
    return (factions, profils) if factions or profils else None


def reserve_permise(reserve: tuple[list[str], list[str]], profil: dict[str, Any]) -> bool | None:
    """Whether a profile may take a reserved card; None when its people is unknown (no faction given).

    A profile matches by one of its factions, or by its id, name or limitation group.
    """
    factions, profils = reserve
    noms = {cle_de_voie(v) for v in (profil.get("id"), profil.get("nom"), profil.get("groupe")) if isinstance(v, str)}
    if any(cle_de_voie(p) in noms for p in profils):
        return True
    siennes = profil.get("factions")
    if isinstance(siennes, list) and siennes:
        return any(f in siennes for f in factions)
    if siennes == APATRIDE or not factions:
        return False
    return None


def niveau(profil: dict[str, Any] | None) -> int | None:
    """A profile's level (1 to 3), or None."""
    value = (profil or {}).get("niveau")
    return value if entier(value) and value in ROMAINS else None


@dataclass
class Figurine:
    """One list entry, read once; `profil` is None when the entry names no known profile."""

    index: int
    brut: dict[str, Any]
    profil: dict[str, Any] | None = None
    nom: str = ""
    lignes: list[tuple[str, int, str]] = field(default_factory=list)  # (label, signed Ko, cost part)
    emportes: list[Equipement] = field(default_factory=list)
    en_mains: list[Equipement] = field(default_factory=list)
    cout: int | None = None

    @property
    def chemin(self) -> str:
        return f"/entrees/{self.index}"

    @property
    def niveau(self) -> int | None:
        return niveau(self.profil)

    @property
    def competences(self) -> list[str]:
        return textes((self.profil or {}).get("competences"))

    @property
    def magicien(self) -> bool:
        return (self.profil or {}).get("magicien") is True

    @property
    def leader(self) -> bool:
        return self.brut.get("leader") is True


class EquipementMixin:
    """Equipment, hands and reserved cards of the Fer de Lance analysis (`liste._Analyse`)."""

    donnees: dict[str, Any]
    equipements: dict[str, dict[str, Any]]
    sorts: dict[str, dict[str, Any]]

    def erreur(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None,
               f: Figurine | None = None, prefixe: str = "",
               avertir: bool = False) -> None:  # pragma: no cover - defined by the analysis
        raise NotImplementedError

    def avertissement(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None,
                      f: Figurine | None = None) -> None:  # pragma: no cover
        raise NotImplementedError

    def nom_faction(self, ident: str) -> str:  # pragma: no cover
        raise NotImplementedError

    # --- names ---

    def nom_equipement(self, ident: str, defaut: Any = None) -> str:
        """Display name of a piece of equipment: from `equipements`, else the given name, else the book's, else its id."""
        nom = texte(self.equipements.get(ident, {}).get("nom")) or texte(defaut)
        if not nom:  # a card the book names (Mkuki) that no catalogue gives
            livre = self.donnees.get("equipements")
            nom = next((texte(e.get("nom")) for e in livre if isinstance(e, dict) and e.get("id") == ident),
                       None) if isinstance(livre, list) else None
        return nom_court(nom or ident)

    def equipement(self, ident: str, defaut_nom: Any = None) -> Equipement:
        """A carried piece of equipment, with its hands when `equipements` describes it."""
        decrit = self.equipements.get(ident, {})
        mains = decrit.get("mains")
        variables = mains == MAINS_VARIABLES
        if variables:
            mains = 1
        connues = mains if entier(mains) and mains in (0, 1, 2) else None
        return Equipement(ident, self.nom_equipement(ident, defaut_nom), connues, decrit.get("bouclier") is True,
                          variables)

    # --- removing and adding ---

    def retirer(self, f: Figurine) -> list[tuple[str, dict[str, Any]]]:
        """Remove base equipment (its value is subtracted); return the base equipment kept."""
        base = [(item["id"], item) for _, item in objets(f.profil.get("equipement_de_base") if f.profil else None)
                if isinstance(item.get("id"), str)]
        restants = list(base)
        retire = f.brut.get("retire")
        for k, ident in enumerate(retire if isinstance(retire, list) else []):
            if not isinstance(ident, str):
                continue
            trouve = next((i for i, (autre, _) in enumerate(restants) if autre == ident), None)
            if trouve is None:
                self._retrait_inconnu(f, k, ident, base)
                continue
            if restants[trouve][1].get("inamovible") is True:
                self.erreur("KA_RETRAIT_INAMOVIBLE", f"« {self.nom_equipement(ident, restants[trouve][1].get('nom'))} » "
                            "ne peut pas être retiré (inamovible sur la carte, comme une armure naturelle).",
                            f"{f.chemin}/retire/{k}", f=f)
                continue
            _, item = restants.pop(trouve)
            valeur = item.get("cout") if entier(item.get("cout")) else 0
            f.lignes.append((f"{MOINS} {self.nom_equipement(ident, item.get('nom'))}", -valeur, "retire"))
        return restants

    def _retrait_inconnu(self, f: Figurine, k: int, ident: str, base: list[tuple[str, dict[str, Any]]]) -> None:
        noms = [self.nom_equipement(i, item.get("nom")) for i, item in base]
        if any(i == ident for i, _ in base):
            raison = "est déjà retiré autant de fois que la carte le porte"
        else:
            raison = "n'est pas dans son équipement de base"
        detail = f"équipement de base : {', '.join(noms)}" if noms else "la carte n'indique aucun équipement de base"
        self.erreur("KA_RETRAIT_INCONNU", f"« {self.nom_equipement(ident)} » {raison} ({detail}) : on ne peut retirer "
                    "que l'équipement imprimé sur la carte.", f"{f.chemin}/retire/{k}", f=f)

    def ajouter(self, f: Figurine) -> None:
        """Add the bought equipment (its cost is added); check the cards reserved to a people or a character."""
        ajoute = f.brut.get("ajoute")
        for k, ident in enumerate(ajoute if isinstance(ajoute, list) else []):
            if not isinstance(ident, str):
                continue
            decrit = self.equipements.get(ident)
            if decrit is None:
                connus = list(self.equipements)[:8]
                self.erreur("KA_EQUIPEMENT_INCONNU", "équipement inconnu « {ident} » : décrivez-le dans "
                            "{champ:/equipements} (identifiant, nom, coût, mains) de la liste ou du catalogue "
                            "(équipements fournis : " + ("{valeurs:ajoute/{k}={connus}&}" if connus else "aucun") + ").",
                            f"{f.chemin}/ajoute/{k}", {"ident": self.nom_equipement(ident), "k": k, "connus": connus}, f=f)
                continue
            cout = decrit.get("cout") if entier(decrit.get("cout")) else 0
            f.lignes.append((f"+ {self.nom_equipement(ident)}", cout, "ajoute"))
            f.emportes.append(self.equipement(ident))
            self._reserve(f, decrit, f"« {self.nom_equipement(ident)} »", f"{f.chemin}/ajoute/{k}", "EQUIPEMENT")

    # --- reserved spells and equipment ---

    def verifier_sorts_reserves(self, f: Figurine) -> None:
        """Generic and grimoire spells reserved to a faction or a thaumaturge (l. 1461, 1485)."""
        generiques = f.brut.get("sorts_generiques")
        for k, ident in enumerate(generiques if isinstance(generiques, list) else []):
            if isinstance(ident, str) and ident in self.sorts:
                carte = self.sorts[ident]
                nom = nom_court(texte(carte.get("nom")) or ident)
                self._reserve(f, carte, f"le sort « {nom} »", f"{f.chemin}/sorts_generiques/{k}", "SORT")
        for k, sort in objets(f.brut.get("sorts_grimoire")):
            ident = sort.get("id")
            carte = self.sorts.get(ident, {}) if isinstance(ident, str) else {}
            porte = sort if reserve_de(sort) is not None else carte
            nom = nom_court(texte(sort.get("nom")) or texte(carte.get("nom")) or (ident if isinstance(ident, str) else "")
                            or "sans nom")
            self._reserve(f, porte, f"le sort « {nom} »", f"{f.chemin}/sorts_grimoire/{k}", "SORT")

    def _reserve(self, f: Figurine, carte: dict[str, Any], quoi: str, chemin: str, genre: str) -> None:
        reserve = reserve_de(carte)
        if reserve is None or f.profil is None:
            return
        verdict = reserve_permise(reserve, f.profil)
        if verdict is True:
            return
        factions, profils = reserve
        permis = [self.nom_faction(x) for x in factions] + [nom_court(p) for p in profils]
        a_qui = ", ".join(permis)
        if verdict is None:
            self.avertissement("KA_RESERVE_NON_VERIFIEE", "{quoi} est réservé à : {a_qui} ; le profil n'indique pas "
                               "sa faction ({champ:/profils/-/factions}), la réserve n'est pas vérifiée.", chemin,
                               {"quoi": quoi, "a_qui": a_qui}, f=f)
            return
        self.erreur(f"KA_{genre}_RESERVE", f"{quoi} est réservé à : {a_qui} ; cette figurine n'est ni de "
                    "ces factions ni l'un de ces profils.", chemin, f=f)

    # --- hands ---

    def verifier_mains(self, f: Figurine) -> None:
        """What the figure holds (`en_mains`): one two-handed weapon, or two one-handed items; hors-norme adds one.

        Carrying is not holding (l. 1630): without `en_mains`, nothing is held for the check.
        """
        en_mains = f.brut.get("en_mains")
        if f.profil is None or not isinstance(en_mains, list):
            return
        f.en_mains = self._en_mains(f, en_mains)
        chemin = f"{f.chemin}/en_mains"
        hors_norme = HORS_NORME in textes(f.profil.get("competences"))
        connus = [e.mains_occupees for e in f.en_mains if e.mains_occupees is not None]
        inconnus = [e for e in f.en_mains if e.mains_occupees is None]
        if not mains_permises(connus, hors_norme):
            self._trop_de_mains(f, hors_norme, chemin)
        elif inconnus and not mains_permises(connus + [2] * len(inconnus), hors_norme):
            noms = ", ".join(e.nom for e in inconnus)
            self.avertissement("KA_MAINS_INCONNUES", "nombre de mains inconnu pour : {noms}. Ce que la figurine tient "
                               "en mains n'est pas vérifié : indiquez {champ:/equipements/-/mains} dans leur "
                               "description ({champ:/equipements}).", chemin, {"noms": noms}, f=f)

    def _en_mains(self, f: Figurine, en_mains: list[Any]) -> list[Equipement]:
        disponibles = list(f.emportes)
        tenus: list[Equipement] = []
        for k, ident in enumerate(en_mains):
            if not isinstance(ident, str):
                continue
            trouve = next((i for i, e in enumerate(disponibles) if e.id == ident), None)
            if trouve is None:
                noms = ", ".join(e.nom for e in f.emportes) or "rien"
                self.erreur("KA_EN_MAINS_NON_PORTE", f"« {self.nom_equipement(ident)} » n'est pas dans l'équipement "
                            f"emporté (équipement de base gardé et ajouté : {noms}).", f"{f.chemin}/en_mains/{k}", f=f)
                continue
            tenus.append(disponibles.pop(trouve))
        return tenus

    def _trop_de_mains(self, f: Figurine, hors_norme: bool, chemin: str) -> None:
        decrits = ", ".join(f"{e.nom} ({mains_texte(e)})" for e in f.en_mains if e.mains_occupees)
        if hors_norme:
            regle = "même hors-norme, une figurine ne tient qu'une arme à deux mains plus un objet à une main"
        else:
            regle = ("une figurine ne tient qu'une arme à deux mains, ou deux objets à une main (bouclier compris), "
                     "sauf compétence hors-norme")
        self.erreur("KA_MAINS", f"en mains : {decrits} ; {regle}. Le reste de son équipement peut être "
                    "emporté sans être tenu.", chemin, f=f)
