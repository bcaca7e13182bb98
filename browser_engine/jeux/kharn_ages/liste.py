"""Khârn-Âges Tactik: the Fer de Lance checker.

Profiles are not in the rulebook: the list brings them (`profils:`,
`equipements:`, `sorts:`), possibly merged from a catalogue by `fusionner_catalogue`.
What data can say lives in `data/kharn-ages/regles-liste.yaml` (the budget, one
leader). This module does the rest, and each rule it checks has an entry there
too, whose anchor its messages link to:

* it checks the list's profiles and equipment against the catalogue schema;
* it computes each entry's cost: profile, removed base equipment, added
  equipment, grimoire, grimoire spells and ammunition (the `grimoires` and
  `munitions` tables of the bundle give the prices and quantities);
* it checks factions, limitations (LIM X, U, P, counted by name and level),
  the leader's rank, spells and grimoires; equipment, hands and reserved cards
  are in `liste_equipement.py`;
* it gives each entry's cost breakdown, the total and the initiative (`details`).

The odds are in `calculs_jets.py`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import bundle
from ...analyse import AnalyseJeu
from ...messages import Parties, choix
from ...regles import Violation, VueEntree, nom_court, signaler_texte
from ...schema_lite import SchemaLite
from .liste_equipement import (
    APATRIDE,
    HORS_NORME,
    ROMAINS,
    EquipementMixin,
    Figurine,
    cle_de_voie,
    entier,
    niveau,
    objets,
    texte,
    textes,
)

__all__ = ["HORS_NORME", "analyser", "cle_de_voie", "completer_details"]

FACTIONS = ("kharns", "gouns", "kherops", "fangs", "tembos", "guilde-noire")
LIM_UNIQUE = "U"
LIM_PERSONNAGE = "P"
AFFINITE = "affinite"
ARCHIMAGE = "archimage"
TABLE_GRIMOIRES = "grimoires"
TABLE_MUNITIONS = "munitions"
# A list field, the munitions-table column giving the quantity it buys, and its price in Ko (the field's name).
LOTS = (("lots_5", "quantite_5_ko", 5), ("lots_15", "quantite_15_ko", 15))
NOMS_GRIMOIRES = {"petit": "Petit grimoire", "grand": "Grand grimoire"}
NOMS_MUNITIONS = {
    ("fleches", "simple"): "Flèches simples", ("fleches", "perce-armure"): "Flèches perce-armure",
    ("fleches", "enflamme"): "Flèches enflammées", ("fleches", "empoisonne"): "Flèches empoisonnées",
    ("carreaux", "simple"): "Carreaux simples", ("carreaux", "perce-armure"): "Carreaux perce-armure",
    ("carreaux", "enflamme"): "Carreaux enflammés", ("carreaux", "empoisonne"): "Carreaux empoisonnés",
}

# The list's catalogue arrays, and the code of a format error in each.
CODES_CATALOGUE = {"profils": "KA_PROFIL_INVALIDE", "equipements": "KA_EQUIPEMENT_INVALIDE", "sorts": "KA_SORT_INVALIDE"}
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
    "KA_SORT_INVALIDE": "catalogue-de-sorts",
    "KA_RETRAIT_INAMOVIBLE": "equipement-inamovible",
    "KA_EQUIPEMENT_RESERVE": "equipements-reserves",
    "KA_SORT_RESERVE": "sorts-reserves",
    "KA_RESERVE_NON_VERIFIEE": "reserve-non-verifiee",
}


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
    if entier(value) and value >= 1:
        return Limite(value, "X")
    if value in (LIM_UNIQUE, LIM_PERSONNAGE):
        return Limite(1, value)
    return None


def groupe_de(profil: dict[str, Any]) -> tuple[str, int | None]:
    """The limitation key of a profile (l. 337): its `groupe`, else its name, compared loosely, and its level."""
    nom = texte(profil.get("groupe")) or texte(profil.get("nom")) or ""
    return cle_de_voie(nom) or f"id:{profil.get('id')}", niveau(profil)


class _Analyse(EquipementMixin):
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
        self.sorts = self._par_id("sorts")
        entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
        self.nb_entrees = len(entrees)
        self.figurines = [self._lire(vue.index, entrees[vue.index]) for vue in vues]

    # --- reporting ---

    def erreur(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None,
               f: Figurine | None = None, prefixe: str = "", avertir: bool = False) -> None:
        """Record an error (a warning with `avertir`): `regles.signaler_texte`, about the entry `f`."""
        (self.avertissements if avertir else self.erreurs).append(signaler_texte(
            self.donnees, code, message, chemin, bundle.ancre(self.donnees, REGLES[code]), valeurs,
            entree=f.index if f else None, nom=f.nom if f else None, avant=prefixe))

    def avertissement(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None,
                      f: Figurine | None = None) -> None:
        self.erreur(code, message, chemin, valeurs, f, avertir=True)

    # --- the list's profiles and equipment ---

    def _verifier_catalogue_de_la_liste(self) -> None:
        """The list's `profils`, `equipements` and `sorts` follow the catalogue format; ids are unique."""
        schema = bundle.schema_catalogue(self.donnees)
        document = {cle: self.liste[cle] for cle in CODES_CATALOGUE if isinstance(self.liste.get(cle), list)}
        if schema is not None:
            for ecart in SchemaLite(schema).valider(document):
                code = CODES_CATALOGUE.get(ecart.chemin.split("/")[1] if ecart.chemin.count("/") else "",
                                           "KA_PROFIL_INVALIDE")
                self.erreur(code, "{ecart}", ecart.chemin, {"ecart": Parties(ecart.parties or [ecart.message])},
                            prefixe=self._prefixe_catalogue(ecart.chemin))
        for cle, quoi, article in (("profils", "profil", "du profil"), ("equipements", "équipement", "de l'équipement"),
                                   ("sorts", "sort", "du sort")):
            vus: dict[str, int] = {}
            for k, item in objets(document.get(cle)):
                ident = item.get("id")
                if not isinstance(ident, str):
                    continue
                if ident in vus:
                    self.erreur("KA_IDENTIFIANT_DOUBLON", f"l'identifiant « {nom_court(ident)} » est déjà celui "
                                f"{article} {vus[ident] + 1} : chaque {quoi} a son propre identifiant.", f"/{cle}/{k}/id",
                                prefixe=self._prefixe_catalogue(f"/{cle}/{k}"))
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
        quoi = {"profils": "Profil", "sorts": "Sort"}.get(parts[1], "Équipement")
        return f"{quoi} {index + 1}" + (f" « {nom} »" if nom else "") + " — "

    def _par_id(self, cle: str) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for _, item in objets(self.liste.get(cle)):
            if isinstance(item.get("id"), str):
                out.setdefault(item["id"], item)
        return out

    def nom_faction(self, ident: str) -> str:
        """Display name of a faction, from the game's entries (`kharns` -> `Khârns`)."""
        return str(bundle.entrees_du_jeu(self.donnees).get(ident, {}).get("nom", ident))

    # --- reading an entry ---

    def _lire(self, index: int, brut: dict[str, Any]) -> Figurine:
        f = Figurine(index, brut)
        ident = brut.get("profil")
        f.profil = self.profils.get(ident) if isinstance(ident, str) else None
        nom_profil = texte(f.profil.get("nom")) if f.profil else None
        f.nom = nom_court(texte(brut.get("nom")) or nom_profil or (ident if isinstance(ident, str) else None),
                          f"entrée {index + 1}")
        if isinstance(ident, str) and f.profil is None:
            self._profil_inconnu(f, ident)
        return f

    def _profil_inconnu(self, f: Figurine, ident: str) -> None:
        connus = list(self.profils)
        if connus:
            connus_texte = "profils fournis : {valeurs:profil={connus}&}" + (" …" if len(connus) > 8 else "")
        else:
            connus_texte = "aucun profil n'est fourni pour l'instant"
        self.erreur("KA_PROFIL_INCONNU", "profil inconnu « {valeurs:profil={ident}} » : les cartes de profil ne sont pas dans le "
                    "livre, recopiez la vôtre dans {champ:/profils} ou chargez un catalogue qui la contient ("
                    + connus_texte + ").", f"{f.chemin}/profil", {"ident": nom_court(ident), "connus": connus[:8]},
                    Figurine(f.index, f.brut))  # no name yet: `Entrée 3 — `

    # --- costs ---

    def couter(self, f: Figurine) -> None:
        """The entry's cost lines: profile, base equipment removed, equipment added, magic, ammunition."""
        if f.profil is None:
            return
        cout = f.profil.get("cout")
        niv = f.niveau
        nom = texte(f.profil.get("nom")) or str(f.profil.get("id"))
        libelle = nom if niv is None or "niveau" in nom.lower() else f"{nom} (niveau {ROMAINS[niv]})"
        f.lignes.append((libelle, cout if entier(cout) else 0, "profil"))
        restants = self.retirer(f)
        f.emportes = [self.equipement(ident, item.get("nom")) for ident, item in restants]
        self.ajouter(f)
        self._grimoire(f)
        self._munitions(f)
        f.cout = sum(c for _, c, _ in f.lignes) if entier(cout) else None

    def grimoire(self, f: Figurine) -> str | None:
        """The entry's grimoire (`petit`, `grand`), when it is one of the table's."""
        grimoire = f.brut.get("grimoire")
        return grimoire if isinstance(grimoire, str) and grimoire in self.grimoires else None

    def _grimoire(self, f: Figurine) -> None:
        grimoire = self.grimoire(f)
        if grimoire is not None:
            cout = self.grimoires[grimoire].get("cout")
            f.lignes.append((NOMS_GRIMOIRES.get(grimoire, grimoire), cout if entier(cout) else 0, "grimoire"))
        for _, sort in objets(f.brut.get("sorts_grimoire")):
            cout = sort.get("cout") if entier(sort.get("cout")) else 0
            nom = texte(sort.get("nom")) or texte(sort.get("id")) or "sans nom"
            pages = sort.get("pages")
            suffixe = f" ({pages} page{'s' if pages > 1 else ''})" if entier(pages) else ""
            f.lignes.append((f"Sort « {nom_court(nom)} »{suffixe}", cout, "sorts_grimoire"))

    def _munitions(self, f: Figurine) -> None:
        for k, achat in objets(f.brut.get("munitions")):
            cle = (achat.get("projectile"), achat.get("type"))
            ligne = self.munitions.get(cle) if all(isinstance(c, str) for c in cle) else None
            if ligne is None:
                continue  # unknown projectile or type: the schema reports it
            nom = NOMS_MUNITIONS.get((achat["projectile"], achat["type"]), f"{achat['projectile']} {achat['type']}")
            for champ, colonne, prix in LOTS:
                lots = achat.get(champ)
                if not entier(lots) or lots <= 0:
                    continue
                quantite = ligne.get(colonne)
                if entier(quantite) and quantite > 0:
                    detail = f"{lots} lot{'s' if lots > 1 else ''} à {prix} Ko, {lots * quantite} projectiles"
                else:
                    detail = f"{lots} lot{'s' if lots > 1 else ''} à {prix} Ko, non vendus à ce prix"
                    self.erreur("KA_MUNITIONS_LOT", "les {munitions} ne se vendent pas par lot à {prix} Ko (quantité 0 "
                                "dans la table des munitions) : retirez {champ:munitions/{k}/{lot}} ou choisissez l'autre "
                                "lot.", f"{f.chemin}/munitions/{k}/{champ}",
                                {"munitions": nom.lower(), "prix": prix, "k": k, "lot": champ}, f=f)
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
        allies = [allie] if isinstance(allie, str) else textes(allie)
        if self.faction in allies:
            return
        siennes = textes(factions)
        qui = f"de la faction {self.nom_faction(siennes[0])}" if len(siennes) == 1 else \
            f"des factions {_liste_de_noms([self.nom_faction(x) for x in siennes])}"
        trait = f", allié de : {_liste_de_noms([self.nom_faction(x) for x in allies])}" if allies else ""
        self.erreur("KA_FACTION", f"ce profil est {qui}{trait} : il ne peut pas rejoindre "
                    f"un Fer de Lance {self.nom_faction(self.faction)}. Seuls les profils sans faction, apatrides ou "
                    f"alliés de cette faction font exception.", f"{f.chemin}/profil", f=f)

    # --- limitations ---

    def verifier_limitations(self) -> None:
        """LIM X: at most X figures of the same name and level; U: one; P: one, and it takes a place of its base."""
        groupes: dict[tuple[str, int | None], list[Figurine]] = {}
        for f in self.figurines:
            if f.profil is not None:
                groupes.setdefault(groupe_de(f.profil), []).append(f)
        for membres in groupes.values():
            lim = self._limite_du_groupe(membres)
            if lim is None:
                self._limitation_inconnue(membres[0])
                continue
            for f in membres[lim.maximum:]:
                self._limitation_depassee(f, lim, membres)
        self._places_des_personnages(groupes)

    @staticmethod
    def _limite_du_groupe(membres: list[Figurine]) -> Limite | None:
        """The smallest LIM given by the profiles of figures sharing a name and a level."""
        connues = [lim for lim in (limite(f.profil or {}) for f in membres) if lim is not None]
        return min(connues, key=lambda lim: lim.maximum) if connues else None

    def _limitation_inconnue(self, f: Figurine) -> None:
        self.avertissement("KA_LIMITATION_INCONNUE", "la limitation de ce profil n'est pas indiquée : le nombre "
                           "d'exemplaires n'est pas vérifié. Ajoutez à sa carte {champ:/profils/-/limitation} (un "
                           "nombre, U ou P) d'après la carte.", f"{f.chemin}/profil", {}, f=f)

    def _limitation_depassee(self, f: Figurine, lim: Limite, membres: list[Figurine]) -> None:
        if lim.genre == "X":
            regle = f"LIM {lim.maximum} : au plus {lim.maximum} exemplaire{'s' if lim.maximum > 1 else ''}"
        elif lim.genre == LIM_UNIQUE:
            regle = "LIM U : figurine unique"
        else:
            regle = "LIM P : un personnage est unique"
        profils = {m.profil["id"] for m in membres if m.profil is not None}
        nom = nom_court(texte((f.profil or {}).get("groupe")) or texte((f.profil or {}).get("nom")) or f.nom)
        niv = f" de niveau {ROMAINS[f.niveau]}" if f.niveau else ""
        cartes = f", tous profils de ce nom confondus ({len(profils)} profils)" if len(profils) > 1 else ""
        self.erreur("KA_LIMITATION", f"{len(membres)} figurines « {nom} »{niv} dans le Fer de Lance{cartes} "
                    f"({regle}) : celle-ci est de trop.", f"{f.chemin}/profil", f=f)

    def _places_des_personnages(self, groupes: dict[tuple[str, int | None], list[Figurine]]) -> None:
        """A LIM P character takes one of the places its base profile's limitation allows."""
        par_base: dict[tuple[str, int | None], list[Figurine]] = {}
        bases: dict[tuple[str, int | None], dict[str, Any]] = {}
        for membres in groupes.values():
            f = membres[0]
            lim = limite(f.profil or {})
            if lim is None or lim.genre != LIM_PERSONNAGE:
                continue
            base = (f.profil or {}).get("base")
            base_profil = self.profils.get(base) if isinstance(base, str) else None
            if base_profil is None or limite(base_profil) is None:
                self._base_inconnue(f, base if isinstance(base, str) else None, base_profil)
                continue
            cle = groupe_de(base_profil)
            par_base.setdefault(cle, []).append(f)
            bases.setdefault(cle, base_profil)
        for cle, personnages in par_base.items():
            lim = self._limite_du_groupe(groupes.get(cle, [])) or limite(bases[cle])
            assert lim is not None
            exemplaires = len(groupes.get(cle, []))
            if exemplaires > lim.maximum:
                continue  # the base profile's own limitation is already broken
            libres = lim.maximum - exemplaires
            nom_base = nom_court(texte(bases[cle].get("nom")) or str(bases[cle].get("id")))
            for f in personnages[libres:]:
                self.erreur("KA_PERSONNAGE_PLACE", f"ce personnage (LIM P) occupe une place de « {nom_base} » "
                            f"({'LIM U' if lim.genre == LIM_UNIQUE else f'LIM {lim.maximum}'}) : {exemplaires} "
                            f"exemplaire{'s' if exemplaires > 1 else ''} et {len(personnages)} "
                            f"personnage{'s' if len(personnages) > 1 else ''} font "
                            f"{exemplaires + len(personnages)} places pour {lim.maximum}.", f"{f.chemin}/profil", f=f)

    def _base_inconnue(self, f: Figurine, base: str | None, base_profil: dict[str, Any] | None) -> None:
        if base is None:
            raison = "son profil n'indique pas « base », le profil dont il prend la place"
        elif base_profil is None:
            raison = f"le profil « {nom_court(base)} » dont il prend la place n'est pas fourni"
        else:
            raison = f"la limitation du profil « {nom_court(base)} » dont il prend la place n'est pas indiquée"
        self.avertissement("KA_PERSONNAGE_BASE_INCONNUE", f"personnage (LIM P) : {raison}, la place qu'il "
                           "occupe n'est pas vérifiée.", f"{f.chemin}/profil", f=f)

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
            self.erreur("KA_LEADER_RANG", f"ce leader est de niveau {ROMAINS[f.niveau or 1]} : le leader se "
                        f"choisit parmi les figurines des deux plus hauts niveaux du Fer de Lance (ici {permis}) ou "
                        "parmi ses personnages (LIM P).", f"{f.chemin}/leader", f=f)

    # --- magic ---

    def verifier_magie(self, f: Figurine) -> None:
        """Spells and grimoires: magicians only, generic spells up to the level, pages and voie of grimoire spells."""
        if f.profil is None:
            return
        generiques = f.brut.get("sorts_generiques")
        generiques = generiques if isinstance(generiques, list) else []
        sorts = objets(f.brut.get("sorts_grimoire"))
        grimoire = self.grimoire(f)
        if not f.magicien:
            for champ, present in (("sorts_generiques", generiques), ("grimoire", grimoire), ("sorts_grimoire", sorts)):
                if present:
                    self.erreur("KA_SORTS_NON_MAGICIEN", "seul un magicien ({champ:/profils/-/magicien=true} sur sa "
                                "carte) prend des sorts et un grimoire : retirez {champ:{champ}}.", f"{f.chemin}/{champ}",
                                {"champ": champ}, f=f)
            return
        if f.niveau is not None and len(generiques) > f.niveau:
            self.erreur("KA_SORTS_GENERIQUES_NOMBRE", f"{len(generiques)} sorts génériques pour un magicien "
                        f"de niveau {ROMAINS[f.niveau]} : il en connaît au plus {f.niveau}.", f"{f.chemin}/sorts_generiques", f=f)
        if sorts and grimoire is None:
            self.erreur("KA_SORTS_SANS_GRIMOIRE", "des sorts de grimoire sans grimoire : choisissez {grimoires}.",
                        f"{f.chemin}/sorts_grimoire", {"grimoires": choix(f"{f.chemin}/grimoire", list(NOMS_GRIMOIRES))},
                        f=f)
        elif sorts:
            self._pages(f, grimoire, sorts)
        for k, sort in sorts:
            self._voie(f, k, sort)
        self.verifier_sorts_reserves(f)

    def _pages(self, f: Figurine, grimoire: str, sorts: list[tuple[int, dict[str, Any]]]) -> None:
        capacite = self.grimoires[grimoire].get("pages")
        if not entier(capacite):
            return  # the grand grimoire: unlimited pages
        pages = sum(s["pages"] for _, s in sorts if entier(s.get("pages")))
        if pages > capacite:
            self.erreur("KA_GRIMOIRE_PAGES", f"les sorts de grimoire occupent {pages} pages, le "
                        f"{NOMS_GRIMOIRES.get(grimoire, grimoire).lower()} n'en a que {capacite} : retirez des sorts "
                        "ou prenez un grand grimoire.", f"{f.chemin}/sorts_grimoire", f=f)

    def _voie(self, f: Figurine, k: int, sort: dict[str, Any]) -> None:
        carte = self.sorts.get(sort["id"], {}) if isinstance(sort.get("id"), str) else {}
        voie = texte(sort.get("voie")) or texte(carte.get("voie"))
        sienne = texte(f.profil.get("voie")) if f.profil else None
        if voie is None or (sienne is not None and cle_de_voie(voie) == cle_de_voie(sienne)):
            return
        if ARCHIMAGE in f.competences:
            return
        if AFFINITE in f.competences:
            ouvertes = textes((f.profil or {}).get("affinites"))
            if not ouvertes or cle_de_voie(voie) in {cle_de_voie(v) for v in ouvertes}:
                return
        chemin = f"{f.chemin}/sorts_grimoire/{k}/voie"
        if sienne is None:
            self.avertissement("KA_SORT_VOIE_INCONNUE", "le sort est de la voie « {voie} », mais le profil n'indique "
                               "pas la voie du magicien : ajoutez {champ:/profils/-/voie} à son profil pour que ce choix "
                               "soit vérifié.", chemin, {"voie": nom_court(voie)}, f=f)
            return
        self.erreur("KA_SORT_VOIE", f"le sort est de la voie « {nom_court(voie)} », le magicien maîtrise "
                    f"« {nom_court(sienne)} » : sans Affinité pour cette voie ni Archimage, il ne peut pas l'inscrire "
                    "dans son grimoire.", chemin, f=f)

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
    budget = liste.get("format") if entier(liste.get("format")) else None
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
        if not texte(f.brut.get("nom")):
            derives[f.index]["nom"] = f.nom
    return AnalyseJeu(cout=total, derives=derives, erreurs=analyse.erreurs, avertissements=analyse.avertissements,
                      details=details)


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Add the number of leaders the data rule counted (`details.nb_leaders`)."""
    for mesure in mesures.values():
        if mesure.get("code") == "KA_LEADER_NOMBRE":
            details["nb_leaders"] = mesure["valeur"]
