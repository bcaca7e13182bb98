"""Khârn-Âges Tactik: the Fer de Lance checker.

Profiles are not in the rulebook: the list brings them (`profils:`,
`equipements:`), possibly merged from a catalogue by `fusionner_catalogue`.
What data can say lives in `data/kharn-ages/regles-liste.yaml` (the budget, one
leader). This module does the rest, and each rule it checks has an entry there
too, whose anchor its messages link to:

* it checks the list's profiles and equipment against the catalogue schema;
* it computes each entry's cost: profile, removed base equipment, added
  equipment, grimoire, grimoire spells and ammunition (the `grimoires` and
  `munitions` tables of the bundle give the prices and quantities);
* it checks factions, limitations (LIM X, U, P), the leader's rank, spells and
  grimoires, and what each figure holds in its hands;
* it gives each entry's cost breakdown, the total and the initiative (`details`).

The odds are in `kharn_ages_probas.py`.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from .. import bundle
from ..analyse import AnalyseJeu
from ..regles import Violation, VueEntree, nom_court, violation
from ..schema_lite import SchemaLite
from .kharn_ages_probas import CALCULS, tables_statiques

__all__ = ["CALCULS", "analyser", "completer_details", "tables_statiques"]

FACTIONS = ("kharns", "gouns", "kherops", "fangs", "tembos", "guilde-noire")
APATRIDE = "apatride"
LIM_UNIQUE = "U"
LIM_PERSONNAGE = "P"
HORS_NORME = "hors-norme"
AFFINITE = "affinite"
ARCHIMAGE = "archimage"
TABLE_GRIMOIRES = "grimoires"
TABLE_MUNITIONS = "munitions"
# A list field, the munitions-table column giving the quantity it buys, and its price in Ko (the field's name).
LOTS = (("lots_5", "quantite_5_ko", 5), ("lots_15", "quantite_15_ko", 15))
ROMAINS = {1: "I", 2: "II", 3: "III"}
NOMS_GRIMOIRES = {"petit": "Petit grimoire", "grand": "Grand grimoire"}
NOMS_MUNITIONS = {
    ("fleches", "simple"): "Flèches simples", ("fleches", "perce-armure"): "Flèches perce-armure",
    ("fleches", "enflamme"): "Flèches enflammées", ("fleches", "empoisonne"): "Flèches empoisonnées",
    ("carreaux", "simple"): "Carreaux simples", ("carreaux", "perce-armure"): "Carreaux perce-armure",
    ("carreaux", "enflamme"): "Carreaux enflammés", ("carreaux", "empoisonne"): "Carreaux empoisonnés",
}
MOINS = "\u2212"

# Violation codes, and the `regles_liste` entry each links to.
REGLES = {
    "KA_PROFIL_INVALIDE": "catalogue-de-profils",
    "KA_EQUIPEMENT_INVALIDE": "catalogue-d-equipements",
    "KA_IDENTIFIANT_DOUBLON": "identifiants-uniques",
    "KA_PROFIL_INCONNU": "profil-fourni",
    "KA_FACTION": "faction-unique",
    "KA_LIMITATION": "limitation-des-profils",
    "KA_LIMITATION_INCONNUE": "limitation-inconnue",
    "KA_PERSONNAGE_PLACE": "place-des-personnages",
    "KA_PERSONNAGE_BASE_INCONNUE": "base-des-personnages",
    "KA_LEADER_RANG": "leader-eligible",
    "KA_RETRAIT_INCONNU": "retrait-d-equipement",
    "KA_EQUIPEMENT_INCONNU": "equipement-fourni",
    "KA_EN_MAINS_NON_PORTE": "en-mains-emporte",
    "KA_MAINS": "nombre-de-mains-respecte",
    "KA_MAINS_INCONNUES": "mains-inconnues",
    "KA_SORTS_NON_MAGICIEN": "magie-des-magiciens",
    "KA_SORTS_GENERIQUES_NOMBRE": "sorts-generiques-par-niveau",
    "KA_SORTS_SANS_GRIMOIRE": "grimoire-obligatoire",
    "KA_GRIMOIRE_PAGES": "pages-du-grimoire",
    "KA_SORT_VOIE": "voie-des-sorts",
    "KA_SORT_VOIE_INCONNUE": "voie-du-magicien-inconnue",
    "KA_MUNITIONS_LOT": "lots-de-munitions",
}


# --- reading values of any type -----------------------------------------------------------------

def _entier(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _textes(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _objets(value: Any) -> list[tuple[int, dict[str, Any]]]:
    return [(k, v) for k, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else []


def _texte(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def cle_de_voie(texte: str) -> str:
    """A voie or faction name compared loosely: `Le Sang et l'Acier` -> `le-sang-et-l-acier`."""
    sans_accents = unicodedata.normalize("NFKD", texte).encode("ascii", "ignore").decode("ascii")
    return "-".join(re.findall(r"[a-z0-9]+", sans_accents.lower()))


def _liste_de_noms(noms: list[str]) -> str:
    return ", ".join(noms[:-1]) + f" et {noms[-1]}" if len(noms) > 1 else (noms[0] if noms else "")


# --- profiles and equipment as the checker sees them --------------------------------------------

@dataclass(frozen=True)
class Limite:
    """A profile's LIM: how many copies (`maximum`) and its kind (`X`, `U` or `P`)."""

    maximum: int
    genre: str


def limite(profil: dict[str, Any]) -> Limite | None:
    """The LIM of a profile; None when it is absent or invalid."""
    value = profil.get("limitation")
    if _entier(value) and value >= 1:
        return Limite(value, "X")
    if value in (LIM_UNIQUE, LIM_PERSONNAGE):
        return Limite(1, value)
    return None


def niveau(profil: dict[str, Any] | None) -> int | None:
    """A profile's level (1 to 3), or None."""
    value = (profil or {}).get("niveau")
    return value if _entier(value) and value in ROMAINS else None


@dataclass
class Equipement:
    """One piece of equipment a figure carries: its id, name, and hands (None when unknown)."""

    id: str
    nom: str
    mains: int | None
    bouclier: bool = False

    @property
    def mains_occupees(self) -> int | None:
        """Hands it takes when held: its `mains`, or one for a shield whose hands are not given."""
        if self.mains is not None:
            return self.mains
        return 1 if self.bouclier else None


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
    def prefixe(self) -> str:
        return f"Entrée {self.index + 1} « {self.nom} » — "

    @property
    def niveau(self) -> int | None:
        return niveau(self.profil)

    @property
    def competences(self) -> list[str]:
        return _textes((self.profil or {}).get("competences"))

    @property
    def magicien(self) -> bool:
        return (self.profil or {}).get("magicien") is True

    @property
    def leader(self) -> bool:
        return self.brut.get("leader") is True


class _Analyse:
    """One validation: reads the list's profiles and entries, then costs and checks the Fer de Lance."""

    def __init__(self, donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> None:
        self.donnees = donnees_jeu
        self.liste = liste
        self.erreurs: list[Violation] = []
        self.avertissements: list[Violation] = []
        options = liste.get("options") if isinstance(liste.get("options"), dict) else {}
        self.faction = options.get("faction") if options.get("faction") in FACTIONS else None
        self.grimoires = {row.get("grimoire"): row for row in bundle.table(donnees_jeu, TABLE_GRIMOIRES)["lignes"]}
        self.munitions = {(row.get("projectile"), row.get("type")): row
                          for row in bundle.table(donnees_jeu, TABLE_MUNITIONS)["lignes"]}
        self._verifier_catalogue_de_la_liste()
        self.profils = self._par_id("profils")
        self.equipements = self._par_id("equipements")
        entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
        self.nb_entrees = len(entrees)
        self.figurines = [self._lire(vue.index, entrees[vue.index]) for vue in vues]

    # --- reporting ---

    def erreur(self, code: str, message: str, chemin: str) -> None:
        self.erreurs.append(violation(code, message, chemin, bundle.ancre(self.donnees, REGLES[code])))

    def avertissement(self, code: str, message: str, chemin: str) -> None:
        self.avertissements.append(violation(code, message, chemin, bundle.ancre(self.donnees, REGLES[code])))

    # --- the list's profiles and equipment ---

    def _verifier_catalogue_de_la_liste(self) -> None:
        """The list's `profils` and `equipements` follow the catalogue format; ids are unique."""
        schema = bundle.schema_catalogue(self.donnees)
        document = {cle: self.liste[cle] for cle in ("profils", "equipements") if isinstance(self.liste.get(cle), list)}
        if schema is not None:
            for ecart in SchemaLite(schema).valider(document):
                profil = ecart.chemin.startswith("/profils")
                code = "KA_PROFIL_INVALIDE" if profil else "KA_EQUIPEMENT_INVALIDE"
                self.erreur(code, self._prefixe_catalogue(ecart.chemin) + ecart.message, ecart.chemin)
        for cle, quoi, article in (("profils", "profil", "du profil"), ("equipements", "équipement", "de l'équipement")):
            vus: dict[str, int] = {}
            for k, item in _objets(document.get(cle)):
                ident = item.get("id")
                if not isinstance(ident, str):
                    continue
                if ident in vus:
                    self.erreur("KA_IDENTIFIANT_DOUBLON", f"{self._prefixe_catalogue(f'/{cle}/{k}')}l'identifiant "
                                f"« {nom_court(ident)} » est déjà celui {article} {vus[ident] + 1} : chaque {quoi} "
                                "a son propre identifiant.", f"/{cle}/{k}/id")
                else:
                    vus[ident] = k

    def _prefixe_catalogue(self, chemin: str) -> str:
        """`Profil 2 « Guerrier Mongo » — ` for a pointer into the list's profiles or equipment."""
        parts = chemin.split("/")
        if len(parts) < 3 or not parts[2].isdigit():
            return ""
        items = self.liste.get(parts[1])
        index = int(parts[2])
        item = items[index] if isinstance(items, list) and index < len(items) else None
        nom = nom_court(item.get("nom"), "") if isinstance(item, dict) else ""
        quoi = "Profil" if parts[1] == "profils" else "Équipement"
        return f"{quoi} {index + 1}" + (f" « {nom} »" if nom else "") + " — "

    def _par_id(self, cle: str) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for _, item in _objets(self.liste.get(cle)):
            if isinstance(item.get("id"), str):
                out.setdefault(item["id"], item)
        return out

    def nom_equipement(self, ident: str, defaut: Any = None) -> str:
        """Display name of a piece of equipment: from `equipements`, else the given name, else its id."""
        nom = _texte(self.equipements.get(ident, {}).get("nom")) or _texte(defaut)
        return nom_court(nom or ident)

    def equipement(self, ident: str, defaut_nom: Any = None) -> Equipement:
        """A carried piece of equipment, with its hands when `equipements` describes it."""
        decrit = self.equipements.get(ident, {})
        mains = decrit.get("mains")
        return Equipement(ident, self.nom_equipement(ident, defaut_nom), mains if mains in (0, 1, 2) and _entier(mains)
                          else None, decrit.get("bouclier") is True)

    def nom_faction(self, ident: str) -> str:
        """Display name of a faction, from the game's entries (`kharns` -> `Khârns`)."""
        return str(bundle.entrees_du_jeu(self.donnees).get(ident, {}).get("nom", ident))

    # --- reading an entry ---

    def _lire(self, index: int, brut: dict[str, Any]) -> Figurine:
        f = Figurine(index, brut)
        ident = brut.get("profil")
        f.profil = self.profils.get(ident) if isinstance(ident, str) else None
        nom_profil = _texte(f.profil.get("nom")) if f.profil else None
        f.nom = nom_court(_texte(brut.get("nom")) or nom_profil or (ident if isinstance(ident, str) else None),
                          f"entrée {index + 1}")
        if isinstance(ident, str) and f.profil is None:
            self._profil_inconnu(f, ident)
        return f

    def _profil_inconnu(self, f: Figurine, ident: str) -> None:
        connus = list(self.profils)
        if connus:
            apercu = ", ".join(connus[:8]) + (" …" if len(connus) > 8 else "")
            connus_texte = f"profils fournis : {apercu}"
        else:
            connus_texte = "aucun profil n'est fourni pour l'instant"
        self.erreur("KA_PROFIL_INCONNU", f"Entrée {f.index + 1} — profil inconnu « {nom_court(ident)} » : les cartes de "
                    "profil ne sont pas dans le livre, recopiez la vôtre sous « profils: » dans la liste ou chargez "
                    f"un catalogue qui la contient ({connus_texte}).", f"{f.chemin}/profil")

    # --- costs ---

    def couter(self, f: Figurine) -> None:
        """The entry's cost lines: profile, base equipment removed, equipment added, magic, ammunition."""
        if f.profil is None:
            return
        cout = f.profil.get("cout")
        niv = f.niveau
        nom = _texte(f.profil.get("nom")) or str(f.profil.get("id"))
        libelle = nom if niv is None or "niveau" in nom.lower() else f"{nom} (niveau {ROMAINS[niv]})"
        f.lignes.append((libelle, cout if _entier(cout) else 0, "profil"))
        restants = self._retirer(f)
        f.emportes = [self.equipement(ident, item.get("nom")) for ident, item in restants]
        self._ajouter(f)
        self._grimoire(f)
        self._munitions(f)
        f.cout = sum(c for _, c, _ in f.lignes) if _entier(cout) else None

    def _retirer(self, f: Figurine) -> list[tuple[str, dict[str, Any]]]:
        """Remove base equipment (its value is subtracted); return the base equipment kept."""
        base = [(item["id"], item) for _, item in _objets(f.profil.get("equipement_de_base"))
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
            _, item = restants.pop(trouve)
            valeur = item.get("cout") if _entier(item.get("cout")) else 0
            f.lignes.append((f"{MOINS} {self.nom_equipement(ident, item.get('nom'))}", -valeur, "retire"))
        return restants

    def _retrait_inconnu(self, f: Figurine, k: int, ident: str, base: list[tuple[str, dict[str, Any]]]) -> None:
        noms = [self.nom_equipement(i, item.get("nom")) for i, item in base]
        if any(i == ident for i, _ in base):
            raison = "est déjà retiré autant de fois que la carte le porte"
        else:
            raison = "n'est pas dans son équipement de base"
        detail = f"équipement de base : {', '.join(noms)}" if noms else "la carte n'indique aucun équipement de base"
        self.erreur("KA_RETRAIT_INCONNU", f"{f.prefixe}« {nom_court(ident)} » {raison} ({detail}) : on ne peut retirer "
                    "que l'équipement imprimé sur la carte.", f"{f.chemin}/retire/{k}")

    def _ajouter(self, f: Figurine) -> None:
        ajoute = f.brut.get("ajoute")
        for k, ident in enumerate(ajoute if isinstance(ajoute, list) else []):
            if not isinstance(ident, str):
                continue
            decrit = self.equipements.get(ident)
            if decrit is None:
                connus = ", ".join(list(self.equipements)[:8]) or "aucun"
                self.erreur("KA_EQUIPEMENT_INCONNU", f"{f.prefixe}équipement inconnu « {nom_court(ident)} » : décrivez-le "
                            f"sous « equipements: » (identifiant, nom, coût, mains) dans la liste ou dans le catalogue "
                            f"(équipements fournis : {connus}).", f"{f.chemin}/ajoute/{k}")
                continue
            cout = decrit.get("cout") if _entier(decrit.get("cout")) else 0
            f.lignes.append((f"+ {self.nom_equipement(ident)}", cout, "ajoute"))
            f.emportes.append(self.equipement(ident))

    def grimoire(self, f: Figurine) -> str | None:
        """The entry's grimoire (`petit`, `grand`), when it is one of the table's."""
        grimoire = f.brut.get("grimoire")
        return grimoire if isinstance(grimoire, str) and grimoire in self.grimoires else None

    def _grimoire(self, f: Figurine) -> None:
        grimoire = self.grimoire(f)
        if grimoire is not None:
            cout = self.grimoires[grimoire].get("cout")
            f.lignes.append((NOMS_GRIMOIRES.get(grimoire, grimoire), cout if _entier(cout) else 0, "grimoire"))
        for _, sort in _objets(f.brut.get("sorts_grimoire")):
            cout = sort.get("cout") if _entier(sort.get("cout")) else 0
            nom = _texte(sort.get("nom")) or _texte(sort.get("id")) or "sans nom"
            pages = sort.get("pages")
            suffixe = f" ({pages} page{'s' if pages > 1 else ''})" if _entier(pages) else ""
            f.lignes.append((f"Sort « {nom_court(nom)} »{suffixe}", cout, "sorts_grimoire"))

    def _munitions(self, f: Figurine) -> None:
        for k, achat in _objets(f.brut.get("munitions")):
            cle = (achat.get("projectile"), achat.get("type"))
            ligne = self.munitions.get(cle) if all(isinstance(c, str) for c in cle) else None
            if ligne is None:
                continue  # unknown projectile or type: the schema reports it
            nom = NOMS_MUNITIONS.get((achat["projectile"], achat["type"]), f"{achat['projectile']} {achat['type']}")
            for champ, colonne, prix in LOTS:
                lots = achat.get(champ)
                if not _entier(lots) or lots <= 0:
                    continue
                quantite = ligne.get(colonne)
                if _entier(quantite) and quantite > 0:
                    detail = f"{lots} lot{'s' if lots > 1 else ''} à {prix} Ko, {lots * quantite} projectiles"
                else:
                    detail = f"{lots} lot{'s' if lots > 1 else ''} à {prix} Ko, non vendus à ce prix"
                    self.erreur("KA_MUNITIONS_LOT", f"{f.prefixe}les {nom.lower()} ne se vendent pas par lot à {prix} Ko "
                                f"(quantité 0 dans la table des munitions) : retirez « {champ} » ou choisissez l'autre "
                                "lot.", f"{f.chemin}/munitions/{k}/{champ}")
                f.lignes.append((f"{nom} ({detail})", prix * lots, "munitions"))

    # --- faction ---

    def verifier_faction(self, f: Figurine) -> None:
        """Every profile belongs to the chosen faction, except those without faction, apatrides and allies."""
        if self.faction is None or f.profil is None:
            return
        factions = f.profil.get("factions")
        if factions in (None, [], APATRIDE) or not isinstance(factions, list):
            return  # no logo, apatride, or an invalid value the schema reports
        if self.faction in factions:
            return
        allie = f.profil.get("allie_de")
        allies = [allie] if isinstance(allie, str) else _textes(allie)
        if self.faction in allies:
            return
        siennes = _textes(factions)
        qui = f"de la faction {self.nom_faction(siennes[0])}" if len(siennes) == 1 else \
            f"des factions {_liste_de_noms([self.nom_faction(x) for x in siennes])}"
        trait = f", allié de : {_liste_de_noms([self.nom_faction(x) for x in allies])}" if allies else ""
        self.erreur("KA_FACTION", f"{f.prefixe}ce profil est {qui}{trait} : il ne peut pas rejoindre "
                    f"un Fer de Lance {self.nom_faction(self.faction)}. Seuls les profils sans faction, apatrides ou "
                    f"alliés de cette faction font exception.", f"{f.chemin}/profil")

    # --- limitations ---

    def verifier_limitations(self) -> None:
        """LIM X: at most X copies; U: one; P: one, and it takes a place of its base profile."""
        par_profil: dict[str, list[Figurine]] = {}
        for f in self.figurines:
            if f.profil is not None:
                par_profil.setdefault(f.profil["id"], []).append(f)
        for ident, figurines in par_profil.items():
            lim = limite(self.profils[ident])
            if lim is None:
                self._limitation_inconnue(figurines[0])
                continue
            for f in figurines[lim.maximum:]:
                self._limitation_depassee(f, lim, len(figurines))
        self._places_des_personnages(par_profil)

    def _limitation_inconnue(self, f: Figurine) -> None:
        self.avertissement("KA_LIMITATION_INCONNUE", f"{f.prefixe}la limitation de ce profil n'est pas indiquée : "
                           "le nombre d'exemplaires n'est pas vérifié. Ajoutez « limitation: » (un nombre, U ou P) "
                           "d'après la carte.", f"{f.chemin}/profil")

    def _limitation_depassee(self, f: Figurine, lim: Limite, nombre: int) -> None:
        if lim.genre == "X":
            texte = f"LIM {lim.maximum} : au plus {lim.maximum} exemplaire{'s' if lim.maximum > 1 else ''}"
        elif lim.genre == LIM_UNIQUE:
            texte = "LIM U : figurine unique"
        else:
            texte = "LIM P : un personnage est unique"
        self.erreur("KA_LIMITATION", f"{f.prefixe}{nombre} exemplaires de ce profil dans le Fer de Lance ({texte}).",
                    f"{f.chemin}/profil")

    def _places_des_personnages(self, par_profil: dict[str, list[Figurine]]) -> None:
        """A LIM P character takes one of the places its base profile's limitation allows."""
        par_base: dict[str, list[Figurine]] = {}
        for ident, figurines in par_profil.items():
            lim = limite(self.profils[ident])
            if lim is None or lim.genre != LIM_PERSONNAGE:
                continue
            base = self.profils[ident].get("base")
            base_profil = self.profils.get(base) if isinstance(base, str) else None
            if base_profil is None or limite(base_profil) is None:
                self._base_inconnue(figurines[0], base if isinstance(base, str) else None, base_profil)
                continue
            par_base.setdefault(base, []).append(figurines[0])
        for base, personnages in par_base.items():
            lim = limite(self.profils[base])
            assert lim is not None
            exemplaires = len(par_profil.get(base, []))
            if exemplaires > lim.maximum:
                continue  # the base profile's own limitation is already broken
            if exemplaires + len(personnages) > lim.maximum:
                f = personnages[0]
                nom_base = nom_court(_texte(self.profils[base].get("nom")) or base)
                self.erreur("KA_PERSONNAGE_PLACE", f"{f.prefixe}ce personnage (LIM P) occupe une place de « {nom_base} » "
                            f"({'LIM U' if lim.genre == LIM_UNIQUE else f'LIM {lim.maximum}'}) : {exemplaires} "
                            f"exemplaire{'s' if exemplaires > 1 else ''} et {len(personnages)} "
                            f"personnage{'s' if len(personnages) > 1 else ''} font "
                            f"{exemplaires + len(personnages)} places pour {lim.maximum}.", f"{f.chemin}/profil")

    def _base_inconnue(self, f: Figurine, base: str | None, base_profil: dict[str, Any] | None) -> None:
        if base is None:
            raison = "son profil n'indique pas « base », le profil dont il prend la place"
        elif base_profil is None:
            raison = f"le profil « {nom_court(base)} » dont il prend la place n'est pas fourni"
        else:
            raison = f"la limitation du profil « {nom_court(base)} » dont il prend la place n'est pas indiquée"
        self.avertissement("KA_PERSONNAGE_BASE_INCONNUE", f"{f.prefixe}personnage (LIM P) : {raison}, la place qu'il "
                           "occupe n'est pas vérifiée.", f"{f.chemin}/profil")

    # --- leader ---

    def verifier_leader(self) -> None:
        """The leader is a Safar of the two highest levels present, or a character (LIM P)."""
        niveaux = [f.niveau for f in self.figurines]
        if not self.figurines or None in niveaux or len(self.figurines) < self.nb_entrees:
            return  # a level is unknown: the two highest levels present are unknown
        hauts = sorted(set(niveaux), reverse=True)[:2]
        for f in self.figurines:
            if not f.leader or f.niveau in hauts:
                continue
            lim = limite(f.profil or {})
            if lim is not None and lim.genre == LIM_PERSONNAGE:
                continue
            permis = " ou ".join(ROMAINS[n] for n in hauts)
            self.erreur("KA_LEADER_RANG", f"{f.prefixe}ce leader est de niveau {ROMAINS[f.niveau or 1]} : le leader se "
                        f"choisit parmi les figurines des deux plus hauts niveaux du Fer de Lance (ici {permis}) ou "
                        "parmi ses personnages (LIM P).", f"{f.chemin}/leader")

    # --- magic ---

    def verifier_magie(self, f: Figurine) -> None:
        """Spells and grimoires: magicians only, generic spells up to the level, pages and voie of grimoire spells."""
        if f.profil is None:
            return
        generiques = f.brut.get("sorts_generiques")
        generiques = generiques if isinstance(generiques, list) else []
        sorts = _objets(f.brut.get("sorts_grimoire"))
        grimoire = self.grimoire(f)
        if not f.magicien:
            for champ, present in (("sorts_generiques", generiques), ("grimoire", grimoire), ("sorts_grimoire", sorts)):
                if present:
                    self.erreur("KA_SORTS_NON_MAGICIEN", f"{f.prefixe}seul un magicien (« magicien: true » sur sa "
                                f"carte) prend des sorts et un grimoire : retirez « {champ} ».", f"{f.chemin}/{champ}")
            return
        if f.niveau is not None and len(generiques) > f.niveau:
            self.erreur("KA_SORTS_GENERIQUES_NOMBRE", f"{f.prefixe}{len(generiques)} sorts génériques pour un magicien "
                        f"de niveau {ROMAINS[f.niveau]} : il en connaît au plus {f.niveau}.", f"{f.chemin}/sorts_generiques")
        if sorts and grimoire is None:
            self.erreur("KA_SORTS_SANS_GRIMOIRE", f"{f.prefixe}des sorts de grimoire sans grimoire : ajoutez « grimoire: "
                        "petit » ou « grimoire: grand ».", f"{f.chemin}/sorts_grimoire")
        elif sorts:
            self._pages(f, grimoire, sorts)
        for k, sort in sorts:
            self._voie(f, k, sort)

    def _pages(self, f: Figurine, grimoire: str, sorts: list[tuple[int, dict[str, Any]]]) -> None:
        capacite = self.grimoires[grimoire].get("pages")
        if not _entier(capacite):
            return  # the grand grimoire: unlimited pages
        pages = sum(s["pages"] for _, s in sorts if _entier(s.get("pages")))
        if pages > capacite:
            self.erreur("KA_GRIMOIRE_PAGES", f"{f.prefixe}les sorts de grimoire occupent {pages} pages, le "
                        f"{NOMS_GRIMOIRES.get(grimoire, grimoire).lower()} n'en a que {capacite} : retirez des sorts "
                        "ou prenez un grand grimoire.", f"{f.chemin}/sorts_grimoire")

    def _voie(self, f: Figurine, k: int, sort: dict[str, Any]) -> None:
        voie = _texte(sort.get("voie"))
        sienne = _texte(f.profil.get("voie")) if f.profil else None
        if voie is None or (sienne is not None and cle_de_voie(voie) == cle_de_voie(sienne)):
            return
        if ARCHIMAGE in f.competences:
            return
        if AFFINITE in f.competences:
            ouvertes = _textes((f.profil or {}).get("affinites"))
            if not ouvertes or cle_de_voie(voie) in {cle_de_voie(v) for v in ouvertes}:
                return
        chemin = f"{f.chemin}/sorts_grimoire/{k}/voie"
        if sienne is None:
            self.avertissement("KA_SORT_VOIE_INCONNUE", f"{f.prefixe}le sort est de la voie « {nom_court(voie)} », mais "
                               "le profil n'indique pas la voie du magicien : ajoutez « voie: » à son profil pour que "
                               "ce choix soit vérifié.", chemin)
            return
        self.erreur("KA_SORT_VOIE", f"{f.prefixe}le sort est de la voie « {nom_court(voie)} », le magicien maîtrise "
                    f"« {nom_court(sienne)} » : sans Affinité pour cette voie ni Archimage, il ne peut pas l'inscrire "
                    "dans son grimoire.", chemin)

    # --- hands ---

    def verifier_mains(self, f: Figurine) -> None:
        """Held: one two-handed weapon, or two one-handed items (shields count); hors-norme adds one."""
        if f.profil is None:
            return
        en_mains = f.brut.get("en_mains")
        f.en_mains = self._en_mains(f, en_mains) if isinstance(en_mains, list) else list(f.emportes)
        if isinstance(en_mains, list):
            chemin = f"{f.chemin}/en_mains"
        elif isinstance(f.brut.get("ajoute"), list) and f.brut["ajoute"]:
            chemin = f"{f.chemin}/ajoute"
        else:
            chemin = f"{f.chemin}/profil"
        hors_norme = HORS_NORME in f.competences
        connus = [e.mains_occupees for e in f.en_mains if e.mains_occupees is not None]
        inconnus = [e for e in f.en_mains if e.mains_occupees is None]
        if not _mains_permises(connus, hors_norme):
            self._trop_de_mains(f, hors_norme, chemin)
        elif inconnus and not _mains_permises(connus + [2] * len(inconnus), hors_norme):
            noms = ", ".join(e.nom for e in inconnus)
            self.avertissement("KA_MAINS_INCONNUES", f"{f.prefixe}nombre de mains inconnu pour : {noms}. Ce que la "
                               "figurine tient en mains n'est pas vérifié : indiquez « mains » dans leur description "
                               "(equipements:) ou précisez « en_mains ».", chemin)

    def _en_mains(self, f: Figurine, en_mains: list[Any]) -> list[Equipement]:
        disponibles = list(f.emportes)
        tenus: list[Equipement] = []
        for k, ident in enumerate(en_mains):
            if not isinstance(ident, str):
                continue
            trouve = next((i for i, e in enumerate(disponibles) if e.id == ident), None)
            if trouve is None:
                noms = ", ".join(e.nom for e in f.emportes) or "rien"
                self.erreur("KA_EN_MAINS_NON_PORTE", f"{f.prefixe}« {nom_court(ident)} » n'est pas dans l'équipement "
                            f"emporté (équipement de base gardé et ajouté : {noms}).", f"{f.chemin}/en_mains/{k}")
                continue
            tenus.append(disponibles.pop(trouve))
        return tenus

    def _trop_de_mains(self, f: Figurine, hors_norme: bool, chemin: str) -> None:
        decrits = ", ".join(f"{e.nom} ({_mains_texte(e)})" for e in f.en_mains if e.mains_occupees)
        if hors_norme:
            regle = "même hors-norme, une figurine ne tient qu'une arme à deux mains plus un objet à une main"
        else:
            regle = ("une figurine ne tient qu'une arme à deux mains, ou deux objets à une main (bouclier compris), "
                     "sauf compétence hors-norme")
        conseil = "" if isinstance(f.brut.get("en_mains"), list) else " ; indiquez ce qu'elle tient avec « en_mains »"
        self.erreur("KA_MAINS", f"{f.prefixe}en mains : {decrits} ; {regle}{conseil}.", chemin)

    # --- details ---

    def lignes_detail(self) -> list[dict[str, Any]]:
        """One row per list entry: name, profile, level, role and the cost broken down."""
        par_index = {f.index: f for f in self.figurines}
        out = []
        for i in range(self.nb_entrees):
            f = par_index.get(i)
            if f is None:
                out.append({"index": i, "nom": None, "profil": None, "niveau": None, "role": "", "nombre": None,
                            "cout_figure": None, "cout_total": None, "couts": {}, "lignes_cout": [], "equipement": [],
                            "en_mains": [], "munitions": [], "caracteristiques": None})
                continue
            couts: dict[str, int] = {}
            for _, cout, partie in f.lignes:
                couts[partie] = couts.get(partie, 0) + cout
            ident = f.brut.get("profil")
            caracs = (f.profil or {}).get("caracteristiques")
            out.append({
                "index": i, "nom": f.nom, "profil": ident if isinstance(ident, str) else None, "niveau": f.niveau,
                "role": "leader" if f.leader else "", "nombre": 1, "cout_figure": f.cout, "cout_total": f.cout,
                "couts": {k: v for k, v in couts.items() if v or k == "profil"},
                "lignes_cout": [{"libelle": libelle, "cout": cout} for libelle, cout, _ in f.lignes],
                "equipement": [e.nom for e in f.emportes], "en_mains": [e.nom for e in f.en_mains],
                "munitions": [libelle for libelle, _, partie in f.lignes if partie == "munitions"],
                "caracteristiques": dict(caracs) if isinstance(caracs, dict) else None,
            })
        return out


def _mains_permises(mains: list[int], hors_norme: bool) -> bool:
    """True when items taking these numbers of hands can be held together."""
    deux = mains.count(2)
    une = mains.count(1)
    if deux == 0:
        return une <= 2
    if deux == 1:
        return une == 0 or (hors_norme and une == 1)
    return False


def _mains_texte(e: Equipement) -> str:
    if e.bouclier:
        return "bouclier, 1 main"
    return f"{e.mains_occupees} main{'s' if (e.mains_occupees or 0) > 1 else ''}"


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """Costs, checks and details of a Fer de Lance.

    Args:
        donnees_jeu: the Khârn-Âges bundle (tables `grimoires` and `munitions`, catalogue schema).
        liste: the list document, with its profiles (a loaded catalogue already merged in).
        vues: the entries that are objects, with the schema's defaults filled in.

    Returns:
        The total cost, each entry's `cout` for the data rules, the violations
        of the rules checked here, and the details shown to the player.

    """
    analyse = _Analyse(donnees_jeu, liste, vues)
    for f in analyse.figurines:
        analyse.couter(f)
        analyse.verifier_faction(f)
        analyse.verifier_magie(f)
        analyse.verifier_mains(f)
    analyse.verifier_limitations()
    analyse.verifier_leader()
    total = sum(f.cout or 0 for f in analyse.figurines)
    budget = liste.get("format") if _entier(liste.get("format")) else None
    leaders = [f.index for f in analyse.figurines if f.leader]
    utilises = {f.profil["id"]: f.profil for f in analyse.figurines if f.profil is not None}
    details = {
        "entrees": analyse.lignes_detail(),
        "total": total,
        "format": budget,
        "reste": budget - total if budget is not None else None,
        "initiative": sum(f.niveau or 0 for f in analyse.figurines),
        "faction": analyse.faction,
        "leader": leaders[0] if len(leaders) == 1 else None,
        "profils": utilises,
    }
    derives: dict[int, dict[str, Any]] = {}
    for f in analyse.figurines:
        derives[f.index] = {"cout": f.cout}
        if not _texte(f.brut.get("nom")):
            derives[f.index]["nom"] = f.nom
    return AnalyseJeu(cout=total, derives=derives, erreurs=analyse.erreurs, avertissements=analyse.avertissements,
                      details=details)


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Add the number of leaders the data rule counted (`details.nb_leaders`)."""
    for mesure in mesures.values():
        if mesure.get("code") == "KA_LEADER_NOMBRE":
            details["nb_leaders"] = mesure["valeur"]
