"""HAMI — La Saga des Murmures: the Communauté checker.

What data can say lives in `data/hami/regles-liste.yaml` (budget, minimums and
maximums, Meneur, Canopée/Grottes, equipment per caste, mounts, solo campaign).
This module only does what those rules cannot:

* it reads every entry (a Hami, a wild familiar or a recruited predator) and
  derives the values the data rules select on (`genre`, `caste_effective`,
  `lien_communaute`, `nb_hami`, `cout`...);
* it computes costs (free mount, La Ruche's free second familiar, the Arbres
  Meneur's free third familiar);
* it checks the rules that compare entries with each other or depend on other
  entries' choices: spells and objects per caste (Masque de Magie, Bête de
  somme, solo campaign), one of each spell and object per Communauté,
  restrictions printed on spells and objects, legendaries' fixed tribe and
  equipment, familiers per Hami, Light and Shadow never mixed;
* it gives, for each creature, its final M, C, T, E and actions and the tribe
  bonuses (`details`, computed in `liste_details.py`).

Every number comes from the game bundle (profiles' `caracteristiques`, `cout`
and `proprietes`, the tribe tables, read through `donnees.py`); nothing of
the book is written here, except the scenario line-ups of `liste_scenarios.py`.
The odds are in `calculs_tables.py` (dice tables, decks) and `calculs_cartes.py` (Combat cards).
"""
from __future__ import annotations

from typing import Any

from ... import bundle, domaines
from ...analyse import AnalyseJeu
from ...messages import champs
from ...regles import Violation, VueEntree, pluriel, signaler
from . import liste_details, liste_scenarios
from .donnees import Catalogue, Membre, entier, id_connu, proprietes, textes
from .liste_details import completer_details as completer_details  # the game interface reads it here

JEU = "hami"
LIENS = ("lumiere", "ombre")
PERIODES = ("jour", "nuit")
MODES = ("standard", "solo-campagne")
MODE_SOLO = "solo-campagne"
RUCHE = "la-ruche"
BETE_DE_SOMME = "bete-de-somme"
TRIBU_ARBRES = "arbres"
TRIBU_HERBE = "herbe"
MIKMIK = "mikmik"
LIEN_NOMS = {"lumiere": "la Lumière", "ombre": "l'Ombre"}
FAMILIERS_MAX_SCHEMA = 2  # maxItems of `familier` in schemas/liste-hami.schema.json

# Which fields each sort of entry accepts (the list contract of the issue).
CHAMPS = {
    "hami": ("nom", "caste", "legendaire", "tribu", "age", "meneur", "arme", "equipement", "sorts", "objets",
             "familier", "monture"),
    "familier_sauvage": ("nom", "familier_sauvage"),
    "predateur": ("nom", "predateur", "competences"),
}
TOUS_LES_CHAMPS = frozenset(c for champs in CHAMPS.values() for c in champs)
SORTES = {"caste": "hami", "legendaire": "hami", "familier_sauvage": "familier_sauvage", "predateur": "predateur"}
ARTICLES = {"hami": "un Hami", "familier_sauvage": "un familier sauvage", "predateur": "un prédateur recruté"}

CODE_SORTE = "HAMI_ENTREE_SORTE"
CODE_CASTE_ET_LEGENDAIRE = "HAMI_CASTE_ET_LEGENDAIRE"
CODE_CHAMP = "HAMI_CHAMP_HORS_SORTE"
CODE_LIEN_MELANGE = "HAMI_LIEN_MELANGE"
CODE_LEGENDAIRE_TRIBU = "HAMI_LEGENDAIRE_TRIBU"
CODE_LEGENDAIRE_UNIQUE = "HAMI_LEGENDAIRE_UNIQUE"
CODE_LEGENDAIRE_DOTATION = "HAMI_LEGENDAIRE_DOTATION"
CODE_FAMILIERS_MAX = "HAMI_FAMILIERS_MAX"
CODE_FAMILIER_INCONNU = "HAMI_FAMILIER_INCONNU"
CODE_RUCHE_MECANIQUE = "HAMI_RUCHE_MECANIQUE"
CODE_RUCHE_SECOND = "HAMI_RUCHE_SECOND_FAMILIER"
CODE_SORTS_NOMBRE = "HAMI_SORTS_NOMBRE"
CODE_OBJETS_NOMBRE = "HAMI_OBJETS_NOMBRE"
CODE_BETE_OBJETS = "HAMI_BETE_DE_SOMME_OBJETS"
CODE_SORT_UNIQUE = "HAMI_SORT_UNIQUE"
CODE_OBJET_UNIQUE = "HAMI_OBJET_UNIQUE"
CODE_SORT_RESTRICTION = "HAMI_SORT_RESTRICTION"
CODE_OBJET_RESTRICTION = "HAMI_OBJET_RESTRICTION"


def _compte(nombre: int, nom: str) -> str:
    """A count with its noun, agreed in number (« 1 sort », « 2 sorts »)."""
    return f"{nombre} {nom}{pluriel(nombre)}"


def _seulement(nombre: int, nom: str) -> str:
    """What « n'a » is followed by: « aucun sort », « que 1 sort », « que 2 sorts »."""
    return f"aucun {nom}" if nombre == 0 else f"que {_compte(nombre, nom)}"


class _Analyse:
    """One validation: reads the entries, then checks, costs and describes the Communauté."""

    def __init__(self, donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> None:
        self.donnees = donnees_jeu
        self.cat = Catalogue(donnees_jeu)
        options = liste.get("options") if isinstance(liste.get("options"), dict) else {}
        self.lien = options.get("lien") if options.get("lien") in LIENS else None
        self.periode = options.get("periode") if options.get("periode") in PERIODES else None
        self.mode = options.get("mode") if options.get("mode") in MODES else MODES[0]
        self.options = options
        self.scenarios = {s["id"]: s for s in donnees_jeu.get("scenarios") or [] if isinstance(s, dict)}
        self.choix = liste_scenarios.lire(options, self.scenarios)
        entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
        self.erreurs: list[Violation] = []
        self.avertissements: list[Violation] = []
        self.membres = [self._lire(vue.index, entrees[vue.index]) for vue in vues]
        self.hamis = [m for m in self.membres if m.genre == "hami"]
        self.herbe = bool(self.hamis) and all(m.tribu == TRIBU_HERBE for m in self.hamis)
        self._deux_faces()
        meneurs = [m for m in self.hamis if m.meneur]
        self.meneur = meneurs[0] if len(meneurs) == 1 else None

    # --- reporting ---

    def erreur(self, code: str, modele: str, chemin: str, regle: str | None, valeurs: dict[str, Any] | None = None,
               m: Membre | None = None, nom: bool = True) -> None:
        """Record an error; `{entree}` and relative fields of `modele` are those of `m` (named when `nom`)."""
        self.erreurs.append(signaler(self.donnees, code, modele, chemin, bundle.ancre(self.donnees, regle), valeurs,
                                     entree=m.index if m else None, nom=m.nom if m and nom else None))

    def avertissement(self, code: str, modele: str, chemin: str, regle: str | None,
                      valeurs: dict[str, Any] | None = None, m: Membre | None = None) -> None:
        """Record a warning, as `erreur` does."""
        self.avertissements.append(signaler(self.donnees, code, modele, chemin, bundle.ancre(self.donnees, regle),
                                            valeurs, entree=m.index if m else None, nom=m.nom if m else None))

    # --- reading ---

    def _lire(self, index: int, brut: dict[str, Any]) -> Membre:
        m = Membre(index, brut)
        sortes = {SORTES[k] for k in SORTES if k in brut}
        m.nom = str(brut["nom"]) if isinstance(brut.get("nom"), str) and brut["nom"] else f"entrée {index + 1}"
        if len(sortes) != 1:
            self._sorte_inconnue(m, sortes)
            return m
        m.genre = sortes.pop()
        for champ in brut:
            if champ not in CHAMPS[m.genre] and champ in TOUS_LES_CHAMPS:  # unknown fields: the schema
                self.erreur(CODE_CHAMP, "{entree}le champ {champ:{champ}} ne concerne pas {article} ; champs possibles : "
                            "{champs}.", f"{m.chemin}/{champ}", "choisir-un-hami",
                            {"champ": champ, "article": ARTICLES[m.genre],
                             "champs": champs([f"{m.chemin}/{c}" for c in CHAMPS[m.genre]])}, m, nom=False)
        {"hami": self._lire_hami, "familier_sauvage": self._lire_sauvage, "predateur": self._lire_predateur}[m.genre](m)
        if not (isinstance(brut.get("nom"), str) and brut["nom"]):
            m.nom = self._libelle(m)
        return m

    def _sorte_inconnue(self, m: Membre, sortes: set[str]) -> None:
        if sortes:
            message = ("une entrée décrit une seule créature : {champ:caste} ou {champ:legendaire} (un Hami), "
                       "{champ:familier_sauvage} et {champ:predateur} ne vont pas ensemble.")
        else:
            message = ("sorte de créature inconnue : indiquez {champ:caste} ou {champ:legendaire} pour un Hami, "
                       "{champ:familier_sauvage} pour un familier sauvage, {champ:predateur} pour un prédateur "
                       "recruté.")
        self.erreur(CODE_SORTE, "{entree}" + message, m.chemin, "choisir-un-hami", m=m, nom=False)

    def _lire_hami(self, m: Membre) -> None:
        brut = m.brut
        if "caste" in brut and "legendaire" in brut:
            self.erreur(CODE_CASTE_ET_LEGENDAIRE, "{entree}un Hami légendaire remplace une caste : gardez "
                        "{champ:legendaire} et retirez {champ:caste}.", f"{m.chemin}/caste", "hami-legendaires",
                        m=m, nom=False)
        if id_connu(brut.get("legendaire"), self.cat.legendaires):
            self._lire_legendaire(m)
        elif "legendaire" not in brut and id_connu(brut.get("caste"), self.cat.castes):
            m.caste = brut["caste"]
            m.profil = self.cat.castes[m.caste]
            m.tribu = id_connu(brut.get("tribu"), self.cat.tribus)
            m.age = id_connu(brut.get("age"), ("jeune", "ancien"))
            m.lien_impose = self.cat.tribus[m.tribu].lien_force if m.tribu else None
            m.sorts = textes(brut.get("sorts"))
            m.objets = textes(brut.get("objets"))
        m.equipement = [e for e in textes(brut.get("equipement")) if e in self.cat.equipements]
        m.monture = id_connu(brut.get("monture"), self.cat.montures)
        self._lire_familiers(m)

    def _lire_legendaire(self, m: Membre) -> None:
        brut = m.brut
        m.legendaire = brut["legendaire"]
        m.profil = self.cat.legendaires[m.legendaire]
        props = proprietes(m.profil)
        m.caste = props.get("caste")
        m.age = props.get("age") or "ancien"
        tribus = props.get("tribu") if isinstance(props.get("tribu"), list) else [props.get("tribu")]
        donnee = id_connu(brut.get("tribu"), self.cat.tribus)
        if donnee is not None and donnee not in tribus:
            noms = " ou ".join(self.cat.tribus[t].nom for t in tribus if t in self.cat.tribus)
            self.erreur(CODE_LEGENDAIRE_TRIBU, "{entree}{legendaire} est de la tribu {noms}, pas « {valeurs:tribu="
                        "{tribu}} » : retirez {champ:tribu} ou corrigez-la.", f"{m.chemin}/tribu", m.legendaire,
                        {"legendaire": m.profil["nom"], "noms": noms, "tribu": donnee}, m, nom=False)
        m.tribu = donnee if donnee in tribus else (tribus[0] if len(tribus) == 1 else None)
        m.lien_impose = props.get("lien") if props.get("lien") in LIENS else None
        m.sorts_imposes = True
        for champ in ("sorts", "objets"):
            fixes = textes(props.get(f"{champ}_fixes"))
            donnes = textes(m.brut.get(champ))
            if donnes and sorted(donnes) != sorted(fixes):
                attendus = ", ".join(self.cat.nom(f) for f in fixes) or "aucun"
                self.erreur(CODE_LEGENDAIRE_DOTATION, "{entree}les {champ} de {legendaire} sont imposés ({attendus}) : "
                            "retirez {champ:{champ}} ou recopiez-les à l'identique.", f"{m.chemin}/{champ}",
                            m.legendaire, {"champ": champ, "legendaire": m.profil["nom"], "attendus": attendus}, m,
                            nom=False)
            setattr(m, champ, fixes)

    def _lire_familiers(self, m: Membre) -> None:
        valeur = m.brut.get("familier")
        if isinstance(valeur, str):
            if valeur in self.cat.familiers:
                m.familiers = [valeur]
            else:
                self.erreur(CODE_FAMILIER_INCONNU, "{entree}familier inconnu « {valeur} » ; familiers possibles : "
                            "{valeurs:familier={possibles}}.", f"{m.chemin}/familier", "regles-des-familiers",
                            {"valeur": valeur[:40], "possibles": list(self.cat.familiers)}, m, nom=False)
        elif isinstance(valeur, list):
            m.familiers = [f for f in valeur if isinstance(f, str) and f in self.cat.familiers]

    def _lire_sauvage(self, m: Membre) -> None:
        valeur = id_connu(m.brut.get("familier_sauvage"), self.cat.familiers)
        if valeur:
            m.familier_sauvage = valeur
            m.profil = self.cat.familiers[valeur]

    def _lire_predateur(self, m: Membre) -> None:
        valeur = id_connu(m.brut.get("predateur"), self.cat.predateurs)
        if valeur:
            m.stade = valeur
            m.profil = self.cat.predateurs[valeur]
        m.competences = [c for c in textes(m.brut.get("competences")) if c in self.cat.capacites]

    def _libelle(self, m: Membre) -> str:
        if m.genre == "hami" and m.legendaire:
            return str(m.profil["nom"])
        if m.genre == "hami" and m.profil:
            parts = [t for t in (self.cat.tribus[m.tribu].nom if m.tribu else None, m.age) if t]
            return f"{m.profil['nom']} ({', '.join(parts)})" if parts else str(m.profil["nom"])
        if m.genre == "familier_sauvage" and m.profil:
            return f"{m.profil['nom']} sauvage"
        if m.genre == "predateur" and m.profil:
            return str(m.profil["nom"])
        return f"entrée {m.index + 1}"

    def _deux_faces(self) -> None:
        """A legendary of two tribes takes the one of the Communauté's allegiance, when the list gives none."""
        for m in self.hamis:
            if m.legendaire and m.tribu is None:
                tribus = proprietes(m.profil).get("tribu")
                choix = [t for t in tribus or [] if t in self.cat.tribus and self.cat.tribus[t].lien_force == self.lien]
                m.tribu = choix[0] if choix else None

    # --- rules that compare entries -----------------------------------------------------------

    def verifier(self) -> None:
        self._lien_melange()
        self._legendaires_uniques()
        for m in self.hamis:
            self._familiers(m)
            if m.caste and not m.legendaire:
                self._dotation(m)
                self._restrictions(m)
        self._bete_de_somme()
        self._unicite("sorts", CODE_SORT_UNIQUE, "regles-des-sorts", "le sort")
        self._unicite("objets", CODE_OBJET_UNIQUE, "regles-des-objets", "l'objet")
        liste_scenarios.verifier(self.choix, self.options, self._unites(), self.scenarios, self.erreur,
                                self.avertissement)

    def _unites(self) -> list[liste_scenarios.Unite]:
        """The creatures of the list as scenarios count them (run after `couter`)."""
        out = []
        for m in self.membres:
            if m.genre is None:
                continue
            if m.genre == "hami":
                liste = isinstance(m.brut.get("familier"), list)
                familiers = [f"{m.chemin}/familier" + (f"/{k}" if liste else "") for k in range(len(m.familiers))]
            else:
                familiers = [m.chemin] if m.genre == "familier_sauvage" and m.familier_sauvage else []
            out.append(liste_scenarios.Unite(m.index, m.nom, m.cout, familiers))
        return out

    def _lien_melange(self) -> None:
        """Without a declared allegiance, two Hami bound to opposite sides can never be together."""
        if self.lien is not None:
            return  # each Hami is then checked against the declared allegiance (data rules)
        lies = [m for m in self.hamis if m.lien_impose]
        if not lies:
            return
        premier = lies[0]
        for m in lies[1:]:
            if m.lien_impose != premier.lien_impose:
                champ = "legendaire" if m.legendaire else "tribu"
                self.erreur(CODE_LIEN_MELANGE, "{entree}ce Hami est lié à {lien}, l'entrée {numero} « {autre} » à "
                            "{lien_autre} : Hami de Lumière et Hami de l'Ombre ne se mélangent jamais dans une "
                            "Communauté.", f"{m.chemin}/{champ}", "budget-et-composition",
                            {"lien": LIEN_NOMS[m.lien_impose], "numero": premier.index + 1, "autre": premier.nom,
                             "lien_autre": LIEN_NOMS[premier.lien_impose]}, m)

    def _legendaires_uniques(self) -> None:
        vus: dict[str, Membre] = {}
        for m in self.hamis:
            if not m.legendaire or not proprietes(m.profil).get("unique"):
                continue
            if m.legendaire in vus:
                self.erreur(CODE_LEGENDAIRE_UNIQUE, "{entree}{legendaire} est unique et figure déjà à l'entrée "
                            "{numero}.", f"{m.chemin}/legendaire", "hami-legendaires",
                            {"legendaire": m.profil["nom"], "numero": vus[m.legendaire].index + 1}, m)
            else:
                vus[m.legendaire] = m

    def _familiers(self, m: Membre) -> None:
        valeur = m.brut.get("familier")
        valeur = valeur if isinstance(valeur, list) else [valeur]
        maximum = proprietes(m.profil).get("nb_familiers_max", 1) if m.legendaire == RUCHE else 1
        if len(valeur) > maximum:
            if m.legendaire == RUCHE:
                texte = f"La Ruche a au plus {maximum} familiers (Maîtresse)"
            else:
                texte = "un Hami n'a qu'un seul familier (seule La Ruche en a deux, grâce à Maîtresse)"
            # The familiers in excess, each on its own line; past the schema's maxItems, its pointer (the
            # schema's own message is then replaced by this one).
            chemins = [f"{m.chemin}/familier/{k}" for k in range(maximum, len(valeur))]
            if len(valeur) > FAMILIERS_MAX_SCHEMA:
                chemins = [f"{m.chemin}/familier"]
            for chemin in chemins:
                self.erreur(CODE_FAMILIERS_MAX, "{entree}{texte} : {nombre} indiqués.", chemin,
                            "maitresse" if m.legendaire == RUCHE else "regles-des-familiers",
                            {"texte": texte, "nombre": len(valeur)}, m)
        if m.legendaire != RUCHE:
            return
        if len(m.familiers) >= 2:
            for k, familier in enumerate(valeur[:2]):
                if isinstance(familier, str) and self.cat.mecanique(familier):
                    self.erreur(CODE_RUCHE_MECANIQUE, "{entree}La Ruche ne reçoit un second familier que hors "
                                "mécanique : le {familier} ne peut pas faire partie de ses deux familiers.",
                                f"{m.chemin}/familier/{k}", "maitresse", {"familier": self.cat.nom(familier)}, m)
        elif len(m.familiers) == 1 and not self.cat.mecanique(m.familiers[0]):
            self.avertissement(CODE_RUCHE_SECOND, "{entree}La Ruche reçoit un second familier gratuit (hors "
                               "mécanique) : ajoutez-le, par exemple {champ:familier=[snifleur, veilleur]}.",
                               f"{m.chemin}/familier", "maitresse", m=m)

    def _bete(self) -> dict[str, Any] | None:
        for m in self.hamis:
            if m.monture == BETE_DE_SOMME:
                return proprietes(self.cat.montures[BETE_DE_SOMME])
        return None

    def _dotation(self, m: Membre) -> None:
        """Spells and objects a caste must (or may) choose; in solo campaign these are maxima."""
        props = proprietes(m.profil)
        base_sorts, base_objets = int(props.get("nb_sorts", 0)), int(props.get("nb_objets", 0))
        bonus_sorts = sum(int(proprietes(self.cat.objets.get(o)).get("sorts_bonus", 0)) for o in m.objets)
        bete = self._bete()
        bonus_objets = int(bete.get("objets_bonus", 0)) if bete else 0
        solo = self.mode == MODE_SOLO
        qui = f"un Hami de la caste {m.profil['nom']}"
        nb_sorts = len(m.brut["sorts"]) if isinstance(m.brut.get("sorts"), list) else 0
        nb_objets = len(m.brut["objets"]) if isinstance(m.brut.get("objets"), list) else 0
        if not solo and nb_sorts < base_sorts:
            self.erreur(CODE_SORTS_NOMBRE, "{entree}{qui} doit choisir {attendu} ; {nombre} indiqué{s:nombre}.",
                        f"{m.chemin}/sorts", "cout-des-castes",
                        {"qui": qui, "attendu": _compte(base_sorts, "sort"), "nombre": nb_sorts}, m)
        elif nb_sorts > base_sorts + bonus_sorts:
            if bonus_sorts:
                texte = f"{qui} a {_compte(base_sorts, 'sort')}, plus {bonus_sorts} avec le Masque de Magie"
            else:
                texte = f"{qui} n'a {_seulement(base_sorts, 'sort')} ; seul le Masque de Magie en ajoute un"
            self.erreur(CODE_SORTS_NOMBRE, "{entree}{nombre} sort{s:nombre} indiqué{s:nombre}, mais {texte}.",
                        f"{m.chemin}/sorts/{base_sorts + bonus_sorts}", "masque-de-magie",
                        {"nombre": nb_sorts, "texte": texte}, m)
        if not solo and nb_objets < base_objets:
            self.erreur(CODE_OBJETS_NOMBRE, "{entree}{qui} doit choisir {attendu} ; {nombre} indiqué{s:nombre}.",
                        f"{m.chemin}/objets", "cout-des-castes",
                        {"qui": qui, "attendu": _compte(base_objets, "objet"), "nombre": nb_objets}, m)
        elif nb_objets > base_objets + bonus_objets:
            if bonus_objets:
                texte = f"{qui} a {_compte(base_objets, 'objet')}, plus {bonus_objets} avec la Bête de somme"
            else:
                texte = f"{qui} n'a {_seulement(base_objets, 'objet')} ; seule la Bête de somme en ajoute un, à deux Hami"
            self.erreur(CODE_OBJETS_NOMBRE, "{entree}{nombre} objet{s:nombre} indiqué{s:nombre}, mais {texte}.",
                        f"{m.chemin}/objets/{base_objets + bonus_objets}",
                        BETE_DE_SOMME if bonus_objets else "cout-des-castes", {"nombre": nb_objets, "texte": texte}, m)

    def _bete_de_somme(self) -> None:
        bete = self._bete()
        if not bete:
            return
        limite = int(bete.get("nb_hami_objets_bonus", 0))
        en_plus: list[tuple[Membre, int]] = []  # Hami with one object more than their caste's, and that object
        for m in self.hamis:
            if m.caste and not m.legendaire and isinstance(m.brut.get("objets"), list):
                base = int(proprietes(m.profil).get("nb_objets", 0))
                if len(m.brut["objets"]) > base:
                    en_plus.append((m, base))
        for m, base in en_plus[limite:]:
            self.erreur(CODE_BETE_OBJETS, "{entree}la Bête de somme donne un objet de plus à {limite} Hami "
                        "seulement ; les entrées {entrees} en profitent déjà.", f"{m.chemin}/objets/{base}",
                        BETE_DE_SOMME, {"limite": limite,
                                        "entrees": ", ".join(str(x.index + 1) for x, _ in en_plus[:limite])}, m)

    def _restrictions(self, m: Membre) -> None:
        """Restrictions printed on each spell and object (lien, tribe, caste)."""
        for champ, catalogue, code in (("sorts", self.cat.sorts, CODE_SORT_RESTRICTION),
                                       ("objets", self.cat.objets, CODE_OBJET_RESTRICTION)):
            for k, item in enumerate(m.brut.get(champ) if isinstance(m.brut.get(champ), list) else []):
                if not isinstance(item, str) or item not in catalogue:
                    continue
                raison = self._raison(m, proprietes(catalogue[item]))
                if raison:
                    printed = "; ".join(textes(catalogue[item].get("restrictions")))
                    self.erreur(code, "{entree}{nom} : {raison} (restriction : « {restriction} »).",
                                f"{m.chemin}/{champ}/{k}", item,
                                {"nom": catalogue[item]["nom"], "raison": raison, "restriction": printed}, m)

    def _raison(self, m: Membre, props: dict[str, Any]) -> str | None:
        lien = props.get("lien")
        if lien in LIENS and self.lien != lien:
            if self.herbe:
                return (f"réservé aux Communautés liées à {LIEN_NOMS[lien]}, et une Communauté entièrement de "
                        "l'Herbe n'a pas de lien pour les sorts et objets")
            if self.lien is None:
                return f"réservé aux Communautés liées à {LIEN_NOMS[lien]}, et la Communauté n'a pas déclaré de lien"
            return f"réservé aux Communautés liées à {LIEN_NOMS[lien]}, pas à {LIEN_NOMS[self.lien]}"
        interdite = props.get("interdit_tribu")
        if interdite and m.tribu == interdite:
            return f"interdit à la tribu {self.cat.tribus[interdite].nom if interdite in self.cat.tribus else interdite}"
        tribu = props.get("tribu")
        if tribu and m.tribu != tribu:
            return f"réservé aux Hami de la tribu {self.cat.tribus[tribu].nom if tribu in self.cat.tribus else tribu}"
        castes = textes(props.get("castes"))
        if castes and m.caste not in castes:
            noms = " ou ".join(str(self.cat.castes[c]["nom"]) for c in castes if c in self.cat.castes)
            return f"réservé à : {noms}"
        return None

    def _unicite(self, champ: str, code: str, regle: str, article: str) -> None:
        """A spell or an object appears once per Communauté, legendaries' fixed ones included."""
        premiers: dict[str, Membre] = {}
        for m in self.hamis:
            donnes = m.brut.get(champ) if isinstance(m.brut.get(champ), list) and not m.sorts_imposes else None
            items = list(enumerate(donnes)) if donnes is not None else [(None, i) for i in getattr(m, champ)]
            for k, item in items:
                if not isinstance(item, str):
                    continue
                if item in premiers:
                    autre = premiers[item]
                    ou = "elle-même" if autre is m else f"l'entrée {autre.index + 1} « {autre.nom} »"
                    chemin = f"{m.chemin}/{champ}/{k}" if k is not None else f"{m.chemin}/legendaire"
                    self.erreur(code, "{entree}{article} {nom} est déjà pris par {ou} : chacun ne figure qu'une fois "
                                "dans la Communauté, légendaires compris.", chemin, regle,
                                {"article": article, "nom": self.cat.nom(item), "ou": ou}, m)
                else:
                    premiers[item] = m

    # --- costs --------------------------------------------------------------------------------

    def couter(self) -> None:
        for m in self.membres:
            if m.genre is None or m.profil is None:
                continue
            if m.genre == "hami":
                m.couts.append((str(m.profil["nom"]), int(m.profil.get("cout") or 0)))
                for k, familier in enumerate(m.familiers):
                    gratuit = m.legendaire == RUCHE and k == 1 and not self.cat.mecanique(familier) \
                        and not self.cat.mecanique(m.familiers[0])
                    libelle = self.cat.nom(familier) + (" (Maîtresse, gratuit)" if gratuit else "")
                    m.couts.append((libelle, 0 if gratuit else int(self.cat.familiers[familier].get("cout") or 0)))
                if m.monture:
                    m.couts.append((f"Monture {self.cat.nom(m.monture)}",
                                    int(self.cat.montures[m.monture].get("cout") or 0)))
            else:
                m.couts.append((str(m.profil["nom"]), int(m.profil.get("cout") or 0)))
        self._bonus_arbres()
        for m in self.membres:
            if m.genre is not None and m.profil is not None:
                m.cout = sum(c for _, c in m.couts)

    def _bonus_arbres(self) -> None:
        """With an Arbres Meneur, the first familiar beyond two identical ones (attached) is free."""
        if self.meneur is None or self.meneur.tribu != TRIBU_ARBRES:
            return
        rattaches: dict[str, list[tuple[Membre, int]]] = {}
        for m in self.hamis:
            premiers = m.familiers[:1] if m.legendaire == RUCHE else m.familiers  # Maîtresse: not counted
            for k, familier in enumerate(premiers):
                if not self.cat.mecanique(familier):
                    rattaches.setdefault(familier, []).append((m, k))
        for espece, liste in rattaches.items():
            if len(liste) < 2:
                continue
            candidats = [(m.index, m, k) for m, k in liste[2:]]
            candidats += [(m.index, m, None) for m in self.membres if m.familier_sauvage == espece]
            if not candidats:
                continue
            _, gagnant, k = min(candidats, key=lambda c: c[0])
            nom = self.cat.nom(espece)
            rang = 1 + (k or 0) if k is not None else 0  # position in couts: the Hami comes first
            gagnant.couts[rang] = (f"{nom} (bonus des Arbres, gratuit)", 0)

    # --- derived values and details -----------------------------------------------------------

    def derives(self) -> dict[int, dict[str, Any]]:
        nb_hami = len(self.hamis)
        sans_familier = sum(1 for m in self.hamis if not m.familiers)
        out: dict[int, dict[str, Any]] = {}
        for m in self.membres:
            valeurs: dict[str, Any] = {
                "genre": m.genre,
                "caste_effective": m.caste,
                "age_effectif": m.age,
                "tribu_effective": m.tribu,
                "lien_impose": m.lien_impose,
                "lien_communaute": self.lien,
                "periode_communaute": self.periode,
                "communaute_herbe": self.herbe,
                "mode": self.mode,
                "nb_hami": nb_hami,
                "nb_hami_sans_familier": sans_familier,
                "nb_mikmik": m.familiers.count(MIKMIK) + (1 if m.familier_sauvage == MIKMIK else 0),
                "nb_sorts_objets": len(m.sorts) + len(m.objets) if m.genre == "hami" else 0,
                "cout": m.cout,
                "nb_figures": self._figures(m),
                "nb_familiers": len(m.familiers) + (1 if m.familier_sauvage else 0),
                "scenario_communaute": self.choix.scenario,
                "role_communaute": self.choix.role,
                "groupe_de_predateurs": self.choix.groupe_de_predateurs,
            }
            for equipement in self.cat.equipements:
                valeurs["porte_" + equipement.replace("-", "_")] = equipement in m.equipement
            if not (isinstance(m.brut.get("nom"), str) and m.brut["nom"]):
                valeurs["nom"] = m.nom
            out[m.index] = valeurs
        return out

    @staticmethod
    def _figures(m: Membre) -> int:
        """Figures an entry puts on the table, its mount left out (« 3 à 8 (9 si … la monture) »)."""
        return 1 + len(m.familiers) if m.genre == "hami" else 1


def domaines_derives(donnees_jeu: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The values each derived field can hold (see `browser_engine/domaines.py`)."""
    d = domaines
    out = {"genre": d.parmi(*ARTICLES), "caste_effective": d.champ("caste"), "age_effectif": d.champ("age"),
           "tribu_effective": d.champ("tribu"), "lien_impose": d.option("lien"), "lien_communaute": d.option("lien"),
           "periode_communaute": d.option("periode"), "communaute_herbe": d.BOOLEEN, "mode": d.option("mode"),
           "scenario_communaute": d.option("scenario"), "role_communaute": d.option("role"),
           "groupe_de_predateurs": d.BOOLEEN, "nom": d.TEXTE}
    for nom in ("nb_hami", "nb_hami_sans_familier", "nb_mikmik", "nb_sorts_objets", "cout", "nb_figures",
                "nb_familiers"):
        out[nom] = d.COMPTE
    for equipement in donnees_jeu.get("equipements") or []:
        if isinstance(equipement, dict) and isinstance(equipement.get("id"), str):
            out["porte_" + equipement["id"].replace("-", "_")] = d.BOOLEEN
    return out


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """Costs, derived values, cross-entry rules and creature details of a Communauté.

    Args:
        donnees_jeu: the HAMI bundle.
        liste: the list document.
        vues: the entries that are objects, with the schema's defaults filled in.

    Returns:
        The total cost, the derived values the data rules read, the violations
        of the rules written in Python, and the details shown to the player.

    """
    analyse = _Analyse(donnees_jeu, liste, vues)
    analyse.couter()
    analyse.verifier()
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    total = sum(m.cout or 0 for m in analyse.membres)
    budget = liste.get("format") if entier(liste.get("format")) else None
    details = {
        "entrees": liste_details.lignes(analyse, len(entrees)),
        "total": total,
        "format": budget,
        "reste": budget - total if budget is not None else None,
        "lien": analyse.lien,
        "periode": analyse.periode,
        "mode": analyse.mode,
        "communaute_herbe": analyse.herbe,
        "meneur": analyse.meneur.index if analyse.meneur else None,
        "bonus_communaute": liste_details.bonus_communaute(analyse),
        "creatures": liste_details.creatures(analyse),
    }
    return AnalyseJeu(cout=total, derives=analyse.derives(), erreurs=analyse.erreurs,
                      avertissements=analyse.avertissements, details=details)
