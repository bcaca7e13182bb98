"""Hate roster checker: reading the figures, and the rules on each figure and between figures.

The chronicle-village rules are in `liste_village.py`; `liste.py` wires both to the generic engine.
Every game value comes from the bundle: upgrade categories, tribes, slot letters and type
restrictions from `capacites` (`categorie`, `proprietes`), activation costs and what a mercenary
may replace from `profils`. Violations link to the rule entry of `regles-liste.yaml` that
documents their code: its interpretation when it has one, else the rule page it names.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import bundle
from ...messages import choix
from ...regles import Violation, nom_court, signaler_texte

TYPES_TRIBU = ("prince", "shaman", "champion", "guerrier", "jeune-sang")
MERCENAIRE = "mercenaire"
TYRAN = "tyran"
PROFIL_TYRAN = "profil-le-tyran"
MODE_SIMPLE = "bataille-simple"
MODE_CHRONIQUE = "chronique"
LIBELLES = {"prince": "Prince", "shaman": "Shaman", "champion": "Champion", "guerrier": "Guerrier",
            "jeune-sang": "Jeune-sang", MERCENAIRE: "Mercenaire", TYRAN: "Tyran"}
CATEGORIES_AMELIORATION = {"amélioration générique": "generique", "amélioration spécifique": "specifique",
                           "amélioration de mission": "mission"}
CATEGORIE_CICATRICE = "cicatrice"
# Bul'Gar: « Leur prince et leur champion sont également considérés comme des shamans » (l. 1489-1490).
TRIBU_PRINCE_CHAMPION_SHAMANS = "bul-gar"
# Sarrassa shaman (l. 1840-1844) and Worm D (l. 2030-2033) are never killed and keep their scars.
TRIBU_SHAMAN_IMMORTEL = "sarrassa"
MERCENAIRE_IMMORTEL = "worm"


@dataclass
class Carte:
    """One upgrade or scar card placed on a figure."""

    id: str
    chemin: str
    nom: str
    emplacement: str | None
    sorte: str  # generique, specifique, mission or cicatrice
    entree: dict[str, Any]


@dataclass
class Figure:
    """One roster entry as the checker reads it."""

    index: int
    brut: dict[str, Any]
    type: str | None
    nom: str | None
    mercenaire: str | None = None
    profil: dict[str, Any] | None = None
    ameliorations: list[Carte] = field(default_factory=list)
    cicatrices: list[Carte] = field(default_factory=list)
    nb_ameliorations: int = 0
    remplacee_par: Figure | None = None
    remplace: Figure | None = None

    @property
    def chemin(self) -> str:
        """JSON pointer of the entry."""
        return f"/entrees/{self.index}"

    def designation(self) -> str:
        """« le Guerrier « Grokh » (entrée 4) », as messages name the figure."""
        if self.type == MERCENAIRE:
            genre = "le mercenaire " + (str(self.profil.get("nom")) if self.profil else "inconnu")
        elif self.type == TYRAN:
            genre = "le Tyran"
        else:
            genre = "le " + LIBELLES.get(self.type or "", "figurine")
        nom = f" « {nom_court(self.nom)} »" if self.nom else ""
        return f"{genre}{nom} (entrée {self.index + 1})"

    def sujet(self) -> str:
        """The designation with a capital first letter, to start a sentence."""
        texte = self.designation()
        return texte[:1].upper() + texte[1:]


def cout_base(figure: Figure, profils: dict[str, dict[str, Any]]) -> int | None:
    """Activation cost printed for the figure's type or mercenary (`proprietes.cout_activation`)."""
    profil = figure.profil if figure.type in (MERCENAIRE, TYRAN) else profils.get(figure.type or "")
    valeur = ((profil or {}).get("proprietes") or {}).get("cout_activation")
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) else None


class Controle:
    """The roster as read, with the violations found so far."""

    def __init__(self, donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> None:
        """Read the options and every entry of a roster (entries that are not objects are skipped)."""
        self.donnees = donnees_jeu
        self.capacites = {c["id"]: c for c in donnees_jeu.get("capacites") or []
                          if isinstance(c, dict) and isinstance(c.get("id"), str)}
        self.profils = {p["id"]: p for p in donnees_jeu.get("profils") or []
                        if isinstance(p, dict) and isinstance(p.get("id"), str)}
        self.par_code = {}
        for regle in bundle.regles_liste(donnees_jeu):
            self.par_code.setdefault(regle.get("code"), regle)
        options = liste.get("options")
        self.options: dict[str, Any] = options if isinstance(options, dict) else {}
        tribu = self.options.get("tribu")
        self.tribu = tribu if isinstance(tribu, str) else None
        mode = self.options.get("mode")
        self.mode = mode if mode in (MODE_SIMPLE, MODE_CHRONIQUE) else None
        self.erreurs: list[Violation] = []
        self.avertissements: list[Violation] = []
        entrees = liste.get("entrees")
        self.figures = [self._lire(i, e) for i, e in enumerate(entrees if isinstance(entrees, list) else [])
                        if isinstance(e, dict)]

    # --- reporting -------------------------------------------------------------------------

    def lien(self, code: str) -> str | None:
        """Where a violation of this code links.

        The rule entry when it records an interpretation or a missing value, else the rule page it names.
        """
        regle = self.par_code.get(code) or {}
        cible = regle.get("id") if ("interpretation" in regle or "manquant" in regle) else regle.get("regle")
        return bundle.ancre(self.donnees, cible if isinstance(cible, str) else None)

    def erreur(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None,
               base: str | None = None) -> None:
        """Record an error: `message` is plain text, or a template (`messages.py`) filled with `valeurs`.

        Relative fields of a template are under `base` (an entry's pointer), else `/entrees/-`.
        """
        self.erreurs.append(signaler_texte(self.donnees, code, message, chemin, self.lien(code), valeurs, base=base))

    def avertissement(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None,
                      base: str | None = None) -> None:
        """Record a warning, as `erreur` does."""
        self.avertissements.append(signaler_texte(self.donnees, code, message, chemin, self.lien(code), valeurs,
                                                  base=base))

    # --- reading ---------------------------------------------------------------------------

    def _lire(self, index: int, brut: dict[str, Any]) -> Figure:
        type_ = brut.get("type") if brut.get("type") in (*TYPES_TRIBU, MERCENAIRE, TYRAN) else None
        nom = brut.get("nom") if isinstance(brut.get("nom"), str) and brut["nom"].strip() else None
        figure = Figure(index, brut, type_, nom)
        if type_ == MERCENAIRE:
            self._lire_mercenaire(figure)
        elif type_ == TYRAN:
            figure.profil = self.profils.get(PROFIL_TYRAN)
        if type_ is not None and type_ != MERCENAIRE and "mercenaire" in brut:
            self.erreur("HATE_CHAMP_HORS_TYPE", "{sujet} n'est pas un mercenaire : retirez {champ:mercenaire} (ou "
                        "choisissez {champ:type=mercenaire}).", f"{figure.chemin}/mercenaire",
                        {"sujet": figure.sujet()}, figure.chemin)
        if type_ in TYPES_TRIBU and "remplace" in brut:
            self.erreur("HATE_CHAMP_HORS_TYPE", "{sujet} est une figurine de la tribu : seul un mercenaire ou le "
                        "Tyran remplace une figurine (retirez {champ:remplace}).", f"{figure.chemin}/remplace",
                        {"sujet": figure.sujet()}, figure.chemin)
        figure.ameliorations = self._cartes(figure, "ameliorations")
        figure.cicatrices = self._cartes(figure, "cicatrices")
        valeurs = brut.get("ameliorations")
        figure.nb_ameliorations = len(valeurs) if isinstance(valeurs, list) else 0
        return figure

    def _lire_mercenaire(self, figure: Figure) -> None:
        ident = figure.brut.get("mercenaire")
        chemin = f"{figure.chemin}/mercenaire"
        if ident is None:
            self.erreur("HATE_MERCENAIRE_MANQUANT", "Entrée {numero} : dites quel mercenaire c'est, par exemple "
                        "{champ:mercenaire=char}.", figure.chemin, {"numero": figure.index + 1}, figure.chemin)
            return
        if not isinstance(ident, str):
            return  # the schema reports the type
        figure.mercenaire = ident
        profil = self.profils.get(ident)
        if profil is not None and profil.get("categorie") == MERCENAIRE:
            figure.profil = profil
            return
        if ident in (PROFIL_TYRAN, "le-tyran", TYRAN):
            message = ("Entrée {numero} : le Tyran n'est pas un mercenaire de la pioche ; choisissez "
                       "{champ:type=tyran} (sans {champ:mercenaire}).")
        else:
            message = ("Entrée {numero} : « {ident} » n'est pas un mercenaire connu ; mercenaires : "
                       "{valeurs:mercenaire={connus}}.")
        connus = sorted(p for p, v in self.profils.items() if v.get("categorie") == MERCENAIRE)
        self.erreur("HATE_MERCENAIRE_INCONNU", message, chemin,
                    {"numero": figure.index + 1, "ident": nom_court(ident), "connus": connus}, figure.chemin)

    def _cartes(self, figure: Figure, champ: str) -> list[Carte]:
        valeurs = figure.brut.get(champ)
        if not isinstance(valeurs, list):
            return []
        out = []
        for j, ident in enumerate(valeurs):
            if not isinstance(ident, str):
                continue  # the schema reports the type
            carte = self._carte(figure, champ, j, ident)
            if carte is not None:
                out.append(carte)
        return out

    def _carte(self, figure: Figure, champ: str, j: int, ident: str) -> Carte | None:
        chemin = f"{figure.chemin}/{champ}/{j}"
        entree = self.capacites.get(ident)
        categorie = (entree or {}).get("categorie")
        if champ == "ameliorations":
            sorte = CATEGORIES_AMELIORATION.get(str(categorie))
            code = "HATE_AMELIORATION_INCONNUE"
        else:
            sorte = CATEGORIE_CICATRICE if categorie == CATEGORIE_CICATRICE else None
            code = "HATE_CICATRICE_INCONNUE"
        if entree is None or sorte is None:
            self.erreur(code, self._message_carte_inconnue(champ, categorie), chemin,
                        {"sujet": figure.sujet(), "ident": nom_court(ident), "ici": chemin}, figure.chemin)
            return None
        proprietes = entree.get("proprietes") or {}
        emplacement = proprietes.get("emplacement")
        return Carte(ident, chemin, str(entree.get("nom") or ident),
                     emplacement if emplacement in ("A", "B", "C", "D") else None, sorte, entree)

    @staticmethod
    def _message_carte_inconnue(champ: str, categorie: Any) -> str:
        """The template of an unknown card's message (values: `sujet`, `ident`, `ici` its pointer)."""
        debut = "{sujet} : « {valeurs:{ici}={ident}} »"
        if champ == "ameliorations" and categorie == CATEGORIE_CICATRICE:
            return debut + " est une cicatrice : écrivez-la sous {champ:cicatrices}."
        if champ == "cicatrices" and str(categorie) in CATEGORIES_AMELIORATION:
            return debut + " est une amélioration : écrivez-la sous {champ:ameliorations}."
        if categorie is not None and str(categorie).startswith("compétence"):
            return debut + " est une compétence imprimée sur la carte de figurine : elle ne s'écrit pas dans la liste."
        if champ == "ameliorations":
            return (debut + " n'est pas une amélioration connue (génériques {valeurs:{ici}=generique-a-01} à "
                    "{valeurs:{ici}=generique-d-04}, spécifiques comme {valeurs:{ici}=um-rak-b-01}, de mission "
                    "comme {valeurs:{ici}=mission-saisir}).")
        return (debut + " n'est pas une cicatrice connue ({valeurs:{ici}=cicatrice-a-01} à "
                "{valeurs:{ici}=cicatrice-d-03}).")

    # --- derived values --------------------------------------------------------------------

    def types_effectifs(self, figure: Figure) -> set[str]:
        """The types a figure counts as for « seulement pour » restrictions."""
        if figure.type == TYRAN:
            return {TYRAN, "prince", MERCENAIRE}
        types = {figure.type} if figure.type else set()
        if self.tribu == TRIBU_PRINCE_CHAMPION_SHAMANS and figure.type in ("prince", "champion"):
            types.add("shaman")
        return types

    def cumule_cicatrices(self, figure: Figure) -> bool:
        """Whether the figure keeps several scars instead of dying (Sarrassa shaman, Worm)."""
        if figure.type == "shaman" and self.tribu == TRIBU_SHAMAN_IMMORTEL:
            return True
        return figure.type == MERCENAIRE and figure.mercenaire == MERCENAIRE_IMMORTEL

    def derives(self, figure: Figure) -> dict[str, Any]:
        """Values the data rules of `regles-liste.yaml` read on each entry."""
        sortes = [c.sorte for c in figure.ameliorations]
        return {"mode": self.mode, "nb_generiques": sortes.count("generique"),
                "nb_specifiques": sortes.count("specifique"), "nb_missions": sortes.count("mission"),
                "cumule_cicatrices": self.cumule_cicatrices(figure)}

    # --- rules on each figure --------------------------------------------------------------

    def verifier_figures(self) -> None:
        """Tribe of specific upgrades, type restrictions, slots and permanent skills, replacements."""
        for figure in self.figures:
            for carte in figure.ameliorations:
                self._tribu_de_la_carte(figure, carte)
                self._restriction(figure, carte)
            self._emplacements(figure)
        self._permanentes()
        self._mercenaires_uniques()
        self._remplacements()
        if self.mode == MODE_SIMPLE:
            self._simple_bataille()

    def _tribu_de_la_carte(self, figure: Figure, carte: Carte) -> None:
        tribu = (carte.entree.get("proprietes") or {}).get("tribu")
        if carte.sorte != "specifique" or not isinstance(tribu, str) or self.tribu is None or tribu == self.tribu:
            return
        self.erreur("HATE_SPECIFIQUE_TRIBU",
                    f"{figure.sujet()} : « {carte.nom} » est une amélioration de la tribu {self.nom_tribu(tribu)}, "
                    f"pas de la tribu {self.nom_tribu(self.tribu)}.", carte.chemin)

    def nom_tribu(self, tribu: str) -> str:
        """Display name of a tribe (from its rule section), or its id."""
        section = next((s for s in self.donnees.get("sections") or []
                        if isinstance(s, dict) and s.get("id") == f"tribu-{tribu}"), None)
        nom = (section or {}).get("nom")
        return str(nom).removeprefix("Tribu ").strip() if nom else tribu

    def _restriction(self, figure: Figure, carte: Carte) -> None:
        proprietes = carte.entree.get("proprietes") or {}
        pour, sauf = proprietes.get("pour_types"), proprietes.get("sauf_types")
        types = self.types_effectifs(figure)
        interdit = (isinstance(pour, list) and not types & set(pour)) or (isinstance(sauf, list) and types & set(sauf))
        if not interdit or figure.type is None:
            return
        texte = "; ".join(str(r) for r in carte.entree.get("restrictions") or []) or "réservée à d'autres types"
        self.avertissement("HATE_RESTRICTION_TYPE",
                           f"{figure.sujet()} : « {carte.nom} » est imprimée « {texte} » ; "
                           f"sur ce type, elle est sans effet ou interdite.", carte.chemin)

    def _emplacements(self, figure: Figure) -> None:
        """Cards sharing a slot: the later upgrade covers the earlier; a scar voids the upgrade under it."""
        dessus: dict[str, Carte] = {}
        for carte in figure.ameliorations:
            if carte.emplacement is None:
                continue
            dessous = dessus.get(carte.emplacement)
            if dessous is not None:
                self.avertissement("HATE_SLOT_LETTRE",
                                   f"{figure.sujet()} : « {dessous.nom} » est recouverte par « {carte.nom} », "
                                   f"posée ensuite sur le même emplacement {carte.emplacement} ; elle n'a plus d'effet.",
                                   dessous.chemin)
            dessus[carte.emplacement] = carte
        cicatrices: dict[str, Carte] = {}
        for cicatrice in figure.cicatrices:
            if cicatrice.emplacement is None:
                continue
            if cicatrice.emplacement in cicatrices and self.cumule_cicatrices(figure):
                self.erreur("HATE_UNE_CICATRICE",
                            f"{figure.sujet()} : « {cicatrice.nom} » tombe sur l'emplacement "
                            f"{cicatrice.emplacement}, déjà couvert par « {cicatrices[cicatrice.emplacement].nom} » : "
                            f"elle est mise de côté et ne doit pas figurer sur la carte.", cicatrice.chemin)
                continue
            cicatrices.setdefault(cicatrice.emplacement, cicatrice)
            couverte = dessus.get(cicatrice.emplacement)
            if couverte is not None:
                self.avertissement("HATE_SLOT_LETTRE",
                                   f"{figure.sujet()} : « {couverte.nom} » partage l'emplacement "
                                   f"{cicatrice.emplacement} avec la cicatrice « {cicatrice.nom} » : elle n'a plus d'effet.",
                                   couverte.chemin)
        self._competences_imprimees(figure, dessus, cicatrices)
        sans_lettre = [c for c in figure.ameliorations if c.emplacement is None]
        if sans_lettre and len(figure.ameliorations) + len(figure.cicatrices) > 1:
            carte = sans_lettre[0]
            self.avertissement("HATE_SLOT_INCONNU",
                               f"{figure.sujet()} : l'emplacement de « {carte.nom} » n'est pas lisible dans le livre "
                               f"(code absent ou mal imprimé) ; son recouvrement par les autres cartes n'est pas vérifié.",
                               carte.chemin)

    def _competences_imprimees(self, figure: Figure, dessus: dict[str, Carte], cicatrices: dict[str, Carte]) -> None:
        """A mercenary's or the Tyran's printed skills have slot letters: a card on one covers it."""
        for ident in (figure.profil or {}).get("capacites") or []:
            competence = self.capacites.get(ident) if isinstance(ident, str) else None
            lettre = ((competence or {}).get("proprietes") or {}).get("emplacement")
            carte = cicatrices.get(lettre) or dessus.get(lettre) if isinstance(lettre, str) else None
            if competence is None or carte is None:
                continue
            self.avertissement("HATE_SLOT_LETTRE",
                               f"{figure.sujet()} : « {carte.nom} » couvre l'emplacement {lettre} de sa compétence "
                               f"imprimée « {competence.get('nom')} », qui ne sert plus (sauf si elle est permanente).",
                               carte.chemin)

    def actives(self, figure: Figure) -> list[Carte]:
        """Upgrades still in effect: not covered by a later upgrade or by a scar on their slot."""
        cicatrices = {c.emplacement for c in figure.cicatrices}
        out = []
        for j, carte in enumerate(figure.ameliorations):
            couverte = carte.emplacement is not None and (
                carte.emplacement in cicatrices
                or any(c.emplacement == carte.emplacement for c in figure.ameliorations[j + 1:]))
            if not couverte:
                out.append(carte)
        return out

    def _permanentes(self) -> None:
        donnees = self.options.get("emplacements_permanents")
        permanentes = donnees if isinstance(donnees, dict) else {}
        sans_donnees: list[str] = []
        for figure in self.figures:
            cartes = [c for c in figure.ameliorations + figure.cicatrices if c.emplacement]
            if not cartes or figure.type is None:
                continue
            lettres = permanentes.get(figure.type)
            if not isinstance(lettres, list):
                if LIBELLES[figure.type] not in sans_donnees:
                    sans_donnees.append(LIBELLES[figure.type])
                continue
            for carte in cartes:
                if carte.emplacement not in lettres:
                    continue
                if carte.sorte == CATEGORIE_CICATRICE:
                    suite = "la cicatrice est défaussée : retirez-la de la carte"
                else:
                    suite = "aucune carte ne peut la recouvrir"
                self.erreur("HATE_PERMANENT",
                            f"{figure.sujet()} : « {carte.nom} » tombe sur l'emplacement {carte.emplacement}, "
                            f"celui d'une compétence de départ permanente d'après vos cartes (emplacements_permanents, "
                            f"absent du livre) ; {suite}.", carte.chemin)
        if sans_donnees:
            self.avertissement("HATE_PERMANENT_NON_VERIFIABLE",
                               "Non vérifiable sans les emplacements des compétences de départ permanentes (imprimés sur "
                               "les cartes de figurine, absents du livre) pour : {types}. Recopiez-les dans "
                               "{champ:/options/emplacements_permanents} pour que le vérificateur refuse une carte "
                               "posée sur l'une d'elles.", "/options", {"types": ", ".join(sans_donnees)})

    def _mercenaires_uniques(self) -> None:
        """Each mercenary is one card and one figure: a tribe has it once at most."""
        vus: set[str] = set()
        for figure in self.figures:
            if figure.type != MERCENAIRE or figure.profil is None or figure.mercenaire is None:
                continue
            if figure.mercenaire in vus:
                self.erreur("HATE_MERC_UNIQUE",
                            f"{figure.sujet()} : ce mercenaire est déjà dans la tribu ; chaque mercenaire est une "
                            f"figurine unique.", f"{figure.chemin}/mercenaire")
            vus.add(figure.mercenaire)

    def _remplacements(self) -> None:
        """Each mercenary (and the Tyran) replaces a figure of an allowed type, one figure each."""
        libres = {t: [f for f in reversed(self.figures) if f.type == t] for t in TYPES_TRIBU}
        for figure in self.figures:
            if figure.type not in (MERCENAIRE, TYRAN) or figure.profil is None:
                continue
            permis = (figure.profil.get("proprietes") or {}).get("remplace")
            permis = [t for t in permis if t in TYPES_TRIBU] if isinstance(permis, list) else []
            brut = figure.brut.get("remplace")
            code = "HATE_TYRAN_REMPLACE_PRINCE" if figure.type == TYRAN else "HATE_MERC_REMPLACE"
            cible = self._cible(figure, code, permis, brut)
            if cible is None:
                continue
            if not libres[cible]:
                self.erreur(code, f"{figure.sujet()} remplace un {LIBELLES[cible]}, mais la tribu n'en a plus "
                                  f"à laisser au village.", f"{figure.chemin}/remplace")
                continue
            remplacee = libres[cible].pop(0)
            remplacee.remplacee_par, figure.remplace = figure, remplacee

    def _cible(self, figure: Figure, code: str, permis: list[str], brut: Any) -> str | None:
        chemin = f"{figure.chemin}/remplace"
        if not permis:  # Worm: joins the tribe without replacing anyone
            if brut is not None:
                self.erreur(code, "{sujet} ne remplace personne : il s'ajoute à la tribu (retirez {champ:remplace}).",
                            chemin, {"sujet": figure.sujet()}, figure.chemin)
            return None
        if brut is None:
            if len(permis) == 1:
                return permis[0]
            self.erreur(code, "{sujet} doit remplacer une figurine : choisissez {choix}.", figure.chemin,
                        {"sujet": figure.sujet(), "choix": choix(f"{figure.chemin}/remplace", permis)})
            return None
        if brut in permis:
            return str(brut)
        if not isinstance(brut, str) or brut not in TYPES_TRIBU:
            return None  # the schema reports the value
        if figure.type == TYRAN:
            message = f"{figure.sujet()} remplace le Prince, pas un {LIBELLES[brut]}."
        else:
            extra = " (le shaman Sarrassa ne peut jamais l'être)" if brut == "shaman" and self.tribu == "sarrassa" else ""
            message = (f"{figure.sujet()} ne peut pas remplacer le {LIBELLES[brut]}{extra} : un mercenaire "
                       f"remplace un Guerrier ou un Jeune-sang.")
        self.erreur(code, message, chemin)
        return None

    def _simple_bataille(self) -> None:
        for figure in self.figures:
            if figure.type == TYRAN:
                self.erreur("HATE_TYRAN_PAS_HASARD",
                            f"{figure.sujet()} : le Tyran ne se gagne qu'avec le scénario du Tyran d'une "
                            f"chronique ; il n'entre pas dans une simple bataille.", figure.chemin)
            elif figure.type == MERCENAIRE and figure.mercenaire == MERCENAIRE_IMMORTEL:
                self.avertissement("HATE_BS_WORM",
                                   f"{figure.sujet()} : Worm n'est pas dans la pioche des mercenaires tirés au "
                                   f"hasard ; il n'entre normalement pas dans une simple bataille.",
                                   f"{figure.chemin}/mercenaire")
        for cle in ("village", "emplacements_village"):
            if cle in self.options:
                self.avertissement("HATE_BS_VILLAGE", "{champ:/options/{cle}} ne sert qu'en chronique : il est ignoré "
                                   "en simple bataille.", f"/options/{cle}", {"cle": cle})
