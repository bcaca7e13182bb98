"""Hate roster checker, chronicle log: the optional `journal` key of a chronicle roster.

Players and schedule (l. 212-261: a number of affrontements per player; their spread over the
opponents is our reading and only warns), targets and the capital (l. 289-296, 321-329, 1098-1100),
one scenario per battle of an affrontement (l. 316-317), the 3- and 4-player battles
(l. 1379-1418), figures killed in battle 1 (l. 999-1002, 1025-1027, 1320-1323) and upgrades
never reassigned (l. 1124). Who holds a territory is followed through the log itself: each
player starts with their home territory and the winner of a battle claims its target. The map
is not in the book: adjacency is checked only when the player copies it into
`journal.territoires`, and reported as « non vérifiable » otherwise, never guessed.
"""
from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from ...regles import nom_court
from .liste_figures import Controle
from .scores_aides import AFFRONTEMENTS_PAR_JOUEUR

LIMITE_AFFRONTEMENTS = 60  # the schema's maxItems; a longer log is refused by the schema and read up to here
LIMITE_TERRITOIRES = 200
LIMITE_VOISINS = 30
LIMITE_FIGURES = 40
DUEL = "duel"
A_QUATRE = ("2-contre-2", "chacun-pour-sa-peau")
DEUX_CONTRE_UN = "2-contre-1"
CAPITALE = "capitale"
ORIGINE = "origine"
JOUEURS_A_QUATRE = range(4, 7)  # 4-player scenarios: chronicles of 4, 5 or 6 players (l. 1405-1407)
JOUEURS_FINALE = 3  # the 2 vs 1 scenario: chronicles of exactly 3 players (l. 1379-1381)


def _texte(valeur: Any) -> str | None:
    return valeur.strip() if isinstance(valeur, str) and valeur.strip() else None


def _entier(valeur: Any) -> int | None:
    return valeur if isinstance(valeur, int) and not isinstance(valeur, bool) else None


def _liste(valeur: Any, limite: int) -> list[Any]:
    return valeur[:limite] if isinstance(valeur, list) else []


def _dict(valeur: Any) -> dict[str, Any]:
    return valeur if isinstance(valeur, dict) else {}


def _q(nom: str) -> str:
    return f"« {nom_court(nom)} »"


def _rang(n: int) -> str:
    return "1re" if n == 1 else f"{n}e"


@dataclass
class Bataille:
    """One battle of the log as the rules read it."""

    chemin: str
    brut: dict[str, Any]
    attaquants: set[str]
    defenseurs: set[str]
    paire: set[str]

    @property
    def joueurs(self) -> set[str]:
        """Every player of the battle (both sides of a 4-player battle)."""
        return self.attaquants | self.defenseurs | self.paire


@dataclass
class Journal:
    """The log as read, with the state followed from one battle to the next."""

    controle: Controle
    brut: dict[str, Any]
    noms: list[str] = field(default_factory=list)
    origines: dict[str, str] = field(default_factory=dict)
    voisins: dict[str, set[str]] = field(default_factory=dict)
    sortes: dict[str, str] = field(default_factory=dict)
    tenu: dict[str, str] = field(default_factory=dict)
    paires: Counter[frozenset[str]] = field(default_factory=Counter)
    joues: Counter[str] = field(default_factory=Counter)
    incomplet: bool = False
    sans_carte: bool = False

    def erreur(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None) -> None:
        """Record an error of the log (plain text, or a template with its `valeurs`: `Controle.erreur`)."""
        self.controle.erreur(code, message, chemin, valeurs)

    def avertissement(self, code: str, message: str, chemin: str, valeurs: dict[str, Any] | None = None) -> None:
        """Record a warning of the log, as `erreur` does."""
        self.controle.avertissement(code, message, chemin, valeurs)

    # --- players and map ------------------------------------------------------------------

    def lire_joueurs(self) -> None:
        """Players (HATE_CH_JOUEURS): 2 to 6, distinct names and homes, the roster's own tribe."""
        brut = self.brut.get("joueurs")
        if not isinstance(brut, list):
            return  # the schema reports the type or the absence
        if not 2 <= len(brut) <= 6:
            self.erreur("HATE_CH_JOUEURS", f"Une chronique se joue à 2 à 6 joueurs, fixés au départ : le journal en "
                        f"compte {len(brut)}.", "/journal/joueurs")
        tribus: dict[str, str] = {}
        for i, joueur in enumerate(_liste(brut, 6)):
            nom = _texte(_dict(joueur).get("nom"))
            if nom is None:
                continue
            if nom in self.noms:
                self.erreur("HATE_CH_JOUEURS", f"Le joueur {_q(nom)} est inscrit deux fois : chaque joueur de la "
                            f"chronique a un nom différent.", f"/journal/joueurs/{i}/nom")
                continue
            self.noms.append(nom)
            tribu = _texte(joueur.get("tribu"))
            if tribu is not None:
                tribus[nom] = tribu
            origine = _texte(joueur.get("origine"))
            if origine is None:
                continue
            if origine in self.origines.values():
                self.erreur("HATE_CH_JOUEURS", f"Le territoire d'origine {_q(origine)} est déjà celui d'un autre "
                            f"joueur : chacun choisit le sien.", f"/journal/joueurs/{i}/origine")
                continue
            if self.sortes and self.sortes.get(origine) != ORIGINE:
                self.erreur("HATE_CH_JOUEURS", "{territoire} n'est pas un territoire d'origine de votre carte "
                            "({champ:/journal/territoires/-/sorte=origine}).", f"/journal/joueurs/{i}/origine",
                            {"territoire": _q(origine)})
            self.origines[nom] = origine
            self.tenu[origine] = nom
        moi = _texte(self.brut.get("joueur"))
        if moi is not None and moi not in self.noms:
            self.erreur("HATE_CH_JOUEURS", f"{_q(moi)} n'est pas dans la liste des joueurs de la chronique.",
                        "/journal/joueur")
        elif moi is not None and self.controle.tribu and tribus.get(moi, self.controle.tribu) != self.controle.tribu:
            self.erreur("HATE_CH_JOUEURS", "Le journal donne à {joueur} la tribu {valeurs:/options/tribu={sienne}}, mais "
                        "cette feuille est celle d'une tribu {valeurs:/options/tribu={tribu}} : corrigez l'un des deux.",
                        "/journal/joueur", {"joueur": _q(moi), "sienne": tribus[moi], "tribu": self.controle.tribu})

    def lire_carte(self) -> None:
        """The map the player copied (`territoires`): kinds, and borders read both ways."""
        for territoire in _liste(self.brut.get("territoires"), LIMITE_TERRITOIRES):
            ident = _texte(_dict(territoire).get("id"))
            if ident is None:
                continue
            self.voisins.setdefault(ident, set())
            sorte = _texte(territoire.get("sorte"))
            if sorte is not None:
                self.sortes[ident] = sorte
            for voisin in _liste(territoire.get("voisins"), LIMITE_VOISINS):
                if isinstance(voisin, str) and voisin != ident:
                    self.voisins[ident].add(voisin)
                    self.voisins.setdefault(voisin, set()).add(ident)

    def origine(self, territoire: str) -> bool:
        """A home territory: chosen by a player, or marked so on the map."""
        return territoire in self.origines.values() or self.sortes.get(territoire) == ORIGINE

    def capitale(self, territoire: str) -> bool:
        """The capital, by its reserved id or its kind on the map."""
        return territoire == CAPITALE or self.sortes.get(territoire) == CAPITALE

    # --- schedule -------------------------------------------------------------------------

    def paire(self, i: int, affrontement: dict[str, Any]) -> tuple[str, str] | None:
        """The affrontement's two players (HATE_CH_JOUEURS, HATE_CH_AFFRONTEMENTS), or None."""
        chemin = f"/journal/affrontements/{i}"
        numero = _entier(affrontement.get("numero"))
        if numero is not None and numero != i + 1:
            self.erreur("HATE_CH_AFFRONTEMENTS", f"L'affrontement écrit en {_rang(i + 1)} position porte le numéro "
                        f"{numero} : écrivez les affrontements dans l'ordre où ils se jouent.", f"{chemin}/numero")
        joueurs = [_texte(j) for j in _liste(affrontement.get("joueurs"), 2)]
        for k, nom in enumerate(joueurs):
            if nom is not None and self.noms and nom not in self.noms:
                self.erreur("HATE_CH_JOUEURS", f"{_q(nom)} n'est pas un joueur de la chronique : aucun joueur n'y "
                            f"entre une fois qu'elle a commencé.", f"{chemin}/joueurs/{k}")
                return None
        if len(joueurs) != 2 or None in joueurs:
            return None
        a, b = str(joueurs[0]), str(joueurs[1])
        if a == b:
            self.erreur("HATE_CH_AFFRONTEMENTS", f"{_q(a)} ne peut pas s'affronter lui-même : un affrontement oppose "
                        f"2 joueurs différents.", f"{chemin}/joueurs/1")
            return None
        return a, b

    def compter(self, i: int, a: str, b: str) -> None:
        """Count the affrontement against the schedule of l. 250-261.

        The book fixes only how many affrontements each player plays: more is an error, and so is
        a log that can no longer reach that number for everyone. How they spread over the opponents
        is our reading (an even spread): a pair that meets more often only gets a warning.
        """
        n = len(self.noms)
        if n not in AFFRONTEMENTS_PAR_JOUEUR:
            return
        par_joueur = AFFRONTEMENTS_PAR_JOUEUR[n]
        cle = frozenset((a, b))
        self.paires[cle] += 1
        chemin = f"/journal/affrontements/{i}/joueurs"
        self.joues.update((a, b))
        trop = [nom for nom in (a, b) if self.joues[nom] == par_joueur + 1]
        refuse = bool(trop)
        if trop:
            qui = " et ".join(map(_q, trop))
            self.erreur("HATE_CH_AFFRONTEMENTS", f"{qui} {'jouent' if len(trop) > 1 else 'joue'} ici {'leur' if len(trop) > 1 else 'son'} "
                        f"{_rang(par_joueur + 1)} affrontement : à {n} joueurs, chacun en joue {par_joueur}.", chemin)
        if not refuse and not self.incomplet:
            refuse = self.completable(chemin, par_joueur)
        contre = par_joueur // (n - 1)
        if not refuse and self.paires[cle] == contre + 1:
            self.avertissement("HATE_CH_REPARTITION", f"{_q(a)} et {_q(b)} s'affrontent une {_rang(contre + 1)} fois. "
                               f"Le livre ne fixe que {par_joueur} affrontements par joueur : c'est notre lecture, une "
                               f"répartition égale, qui en prévoit {contre} contre chaque adversaire. Gardez ce "
                               f"calendrier s'il est celui que vous avez fixé au départ.", chemin)

    def completable(self, chemin: str, par_joueur: int) -> bool:
        """Refuse (and return True) a log after which some player can no longer play all their affrontements.

        The affrontements left form a multigraph on the players with the remaining counts as degrees;
        it exists exactly when no player needs more than all the others together still have.
        """
        reste = {nom: par_joueur - self.joues[nom] for nom in self.noms}
        nom, besoin = max(reste.items(), key=lambda item: item[1])
        autres = sum(reste.values()) - besoin
        if besoin <= autres or min(reste.values()) < 0:
            return False
        self.incomplet = True
        self.erreur("HATE_CH_AFFRONTEMENTS", f"Le calendrier ne peut plus être tenu : {_q(nom)} doit encore jouer "
                    f"{besoin} affrontement{'s' if besoin > 1 else ''}, mais ses adversaires n'en ont plus que {autres} "
                    f"à jouer à eux tous (chacun en joue {par_joueur}).", chemin)
        return True

    def manquants(self) -> list[str]:
        """Players who have not yet played all their affrontements, as « A (k) »."""
        n = len(self.noms)
        if n not in AFFRONTEMENTS_PAR_JOUEUR:
            return []
        par_joueur = AFFRONTEMENTS_PAR_JOUEUR[n]
        return [f"{nom_court(nom)} ({par_joueur - self.joues[nom]})" for nom in self.noms
                if self.joues[nom] < par_joueur]

    # --- battles --------------------------------------------------------------------------

    def batailles(self, i: int, affrontement: dict[str, Any], a: str, b: str,
                  affrontements: list[Any]) -> list[Bataille]:
        """The affrontement's battles with their sides; roles swap in battle 2 (l. 298-300)."""
        chemin = f"/journal/affrontements/{i}"
        attaquant = _texte(affrontement.get("attaquant"))
        if attaquant is not None and attaquant not in (a, b):
            self.erreur("HATE_CH_AFFRONTEMENTS", f"L'attaquant {_q(attaquant)} n'est pas l'un des 2 joueurs de "
                        f"l'affrontement.", f"{chemin}/attaquant")
            attaquant = None
        lues: list[Bataille] = []
        for k, brut in enumerate(_liste(affrontement.get("batailles"), 2)):
            if not isinstance(brut, dict):
                continue
            att = attaquant if k == 0 else ({a, b} - {attaquant}).pop() if attaquant else None
            bataille = Bataille(f"{chemin}/batailles/{k}", brut, {att} if att else set(),
                                ({a, b} - {att}) if att else set(), {a, b})
            sorte = brut.get("sorte", DUEL)
            if sorte == DEUX_CONTRE_UN:
                self.erreur("HATE_CH_MULTI_3", "Le scénario 2 contre 1 ne se joue qu'en finale d'une chronique à 3 "
                            "joueurs, une fois tous les affrontements joués : écrivez-le dans {champ:/journal/finale}.",
                            f"{bataille.chemin}/sorte", {})
            elif sorte in A_QUATRE:
                self.a_quatre(i, k, bataille, affrontements)
            lues.append(bataille)
        return lues

    def a_quatre(self, i: int, k: int, bataille: Bataille, affrontements: list[Any]) -> None:
        """A 4-player battle (HATE_CH_MULTI_4) joins the 1st battles of 2 affrontements."""
        chemin, sorte, n = bataille.chemin, bataille.brut.get("sorte"), len(self.noms)
        if self.noms and n not in JOUEURS_A_QUATRE:
            self.erreur("HATE_CH_MULTI_4", f"Les scénarios à 4 joueurs ne servent que dans une chronique de 4, 5 ou 6 "
                        f"joueurs ; celle-ci en compte {n}.", f"{chemin}/sorte")
            return
        if k != 0:
            self.erreur("HATE_CH_MULTI_4", "Une bataille à 4 joueurs remplace la 1re bataille de 2 affrontements, "
                        "jamais la 2e.", f"{chemin}/sorte")
            return
        avec = _entier(bataille.brut.get("avec"))
        autre = affrontements[avec - 1] if avec is not None and 1 <= avec <= len(affrontements) else None
        premiere = _liste(_dict(autre).get("batailles"), 1)
        jointe = _dict(premiere[0]) if premiere else {}
        if avec is None or avec == i + 1 or jointe.get("sorte") != sorte or jointe.get("avec") != i + 1:
            self.erreur("HATE_CH_MULTI_4", "Une bataille {valeurs:{ici}/sorte={sorte}} compte comme la 1re bataille de 2 "
                        "affrontements : donnez dans {champ:{ici}/avec} le numéro de l'autre affrontement, dont la 1re "
                        "bataille porte la même sorte et renvoie à celui-ci ({champ:{ici}/avec={numero}}).",
                        f"{chemin}/avec", {"ici": chemin, "sorte": sorte, "numero": i + 1})
            return
        joueurs = {_texte(j) for j in _liste(_dict(autre).get("joueurs"), 2)} - {None}
        if len(joueurs) != 2 or joueurs & bataille.joueurs:
            self.erreur("HATE_CH_MULTI_4", "Les 2 affrontements réunis dans une bataille à 4 opposent 4 joueurs "
                        "différents.", f"{chemin}/avec")
            return
        att_autre = _texte(_dict(autre).get("attaquant"))
        if att_autre in joueurs:
            bataille.attaquants.add(str(att_autre))
            bataille.defenseurs |= {str(j) for j in joueurs} - {att_autre}

    def cible(self, bataille: Bataille) -> None:
        """The target (HATE_CH_CIBLE, HATE_CH_CAPITALE) against who holds what before the battle."""
        cible = _texte(bataille.brut.get("cible"))
        if cible is None or not bataille.attaquants:
            return
        chemin = f"{bataille.chemin}/cible"
        if self.origine(cible):
            selon = "" if cible in self.origines.values() else " d'après votre carte recopiée"
            self.erreur("HATE_CH_CIBLE", f"{_q(cible)} est un territoire d'origine{selon} : il ne peut jamais être "
                        f"ciblé.", chemin)
            return
        tenant = self.tenu.get(cible)
        if tenant is not None and tenant not in bataille.defenseurs:
            if not self.capitale(cible) or tenant in bataille.joueurs:
                self.erreur("HATE_CH_CIBLE", f"{_q(cible)} est tenu par {_q(tenant)} : la cible appartient au "
                            f"défenseur ou à personne.", chemin)
                return
            self.capitale_d_un_tiers(bataille, tenant)
        if not self.voisins:
            self.sans_carte = True
            return
        if cible not in self.voisins:
            self.erreur("HATE_CH_CIBLE", "{cible} n'est pas sur votre carte recopiée dans {champ:/journal/territoires}.",
                        chemin, {"cible": _q(cible)})
            return
        self.voisinage(bataille, cible, chemin)

    def capitale_d_un_tiers(self, bataille: Bataille, tenant: str) -> None:
        """The capital held by a player outside the battle needs more Haine than them (l. 327-329)."""
        haine = _dict(bataille.brut.get("haine"))
        sienne = _entier(haine.get(tenant))
        leurs = [h for h in (_entier(haine.get(a)) for a in sorted(bataille.attaquants)) if h is not None]
        if sienne is None or len(leurs) < len(bataille.attaquants):
            noms = ", ".join(nom_court(a) for a in [*sorted(bataille.attaquants), tenant])
            self.avertissement("HATE_CH_CAPITALE_NON_VERIFIABLE",
                               "Non vérifiable sans la Haine : la capitale est tenue par {tenant}, qui ne joue pas cette "
                               "bataille ; donnez à la bataille {champ:{ici}/haine} de chaque joueur ({noms}).",
                               bataille.chemin, {"tenant": _q(tenant), "ici": bataille.chemin, "noms": noms})
        elif max(leurs) <= sienne:
            self.erreur("HATE_CH_CAPITALE", f"Pour cibler la capitale tenue par {_q(tenant)}, absent de la bataille, "
                        f"l'attaquant doit avoir plus de Haine que lui : {max(leurs)} contre {sienne}.",
                        f"{bataille.chemin}/cible")

    def voisinage(self, bataille: Bataille, cible: str, chemin: str) -> None:
        """Adjacency to the attacker's territories, with the exceptions of l. 321-326."""
        siens = {t for t, j in self.tenu.items() if j in bataille.attaquants}
        if cible in set().union(*(self.voisins.get(t, set()) for t in siens)):
            return
        legales = sorted(t for t in self.voisins if not self.origine(t) and self.tenu.get(t) in bataille.defenseurs
                         | {None} and self.voisins[t] & siens)
        if legales:
            self.erreur("HATE_CH_CIBLE", f"D'après votre carte recopiée, {_q(cible)} ne touche aucun territoire de "
                        f"l'attaquant ; il pouvait cibler un territoire voisin comme {_q(legales[0])}.", chemin)
            return
        adverses = {t for t, j in self.tenu.items() if j in bataille.defenseurs and not self.origine(t)}
        if adverses:
            if cible not in adverses:
                self.erreur("HATE_CH_CIBLE", f"D'après votre carte recopiée, aucune cible voisine n'était permise : "
                            f"l'attaquant pouvait viser un territoire du défenseur n'importe où, pas {_q(cible)}.",
                            chemin)
            return
        proches = self.plus_proches(siens)
        if cible not in proches:
            exemple = f" comme {_q(sorted(proches)[0])}" if proches else ""
            self.erreur("HATE_CH_CIBLE", f"Le défenseur n'a que son territoire d'origine : l'attaquant vise le "
                        f"territoire sans maître le plus proche des siens sur votre carte recopiée{exemple}, pas "
                        f"{_q(cible)}.", chemin)

    def plus_proches(self, depart: set[str]) -> set[str]:
        """Unclaimed non-home territories at the smallest number of borders from `depart`."""
        distance = dict.fromkeys(depart, 0)
        file = deque(depart)
        trouves: set[str] = set()
        limite: int | None = None
        while file:
            t = file.popleft()
            if limite is not None and distance[t] > limite:
                break
            if t not in depart and t not in self.tenu and not self.origine(t):
                trouves.add(t)
                limite = distance[t]
            for v in self.voisins.get(t, set()):
                if v not in distance:
                    distance[v] = distance[t] + 1
                    file.append(v)
        return trouves


def verifier_journal(controle: Controle, brut: Any) -> None:
    """Every chronicle-log rule of the document's `journal` (the schema reports the wrong types)."""
    if not isinstance(brut, dict):
        return
    journal = Journal(controle, brut)
    journal.lire_carte()
    journal.lire_joueurs()
    affrontements = _liste(brut.get("affrontements"), LIMITE_AFFRONTEMENTS)
    onze: dict[int, bool] = {}
    sequence: list[tuple[int, int, list[Bataille]]] = []
    for i, affrontement in enumerate(affrontements):
        if not isinstance(affrontement, dict):
            continue
        paire = journal.paire(i, affrontement)
        if paire is None:
            continue
        journal.compter(i, *paire)
        onze[i] = affrontement.get("onze_figurines") is True
        sequence.append((i, len(_liste(affrontement.get("batailles"), 2)),
                         journal.batailles(i, affrontement, *paire, affrontements)))
    figures = Figures(controle)
    for i, nb, batailles in sequence:
        for k, bataille in enumerate(batailles):
            journal.cible(bataille)
            if k == 1 and _texte(bataille.brut.get("scenario")) == _texte(batailles[0].brut.get("scenario")) \
                    and _texte(bataille.brut.get("scenario")) is not None:
                journal.erreur("HATE_CH_SCENARIO_UNIQUE", "Le scénario « {valeurs:{ici}={scenario}} » a déjà servi à la "
                               "1re bataille de cet affrontement : choisissez-en un autre pour la 2e.",
                               f"{bataille.chemin}/scenario", {"ici": f"{bataille.chemin}/scenario",
                                                               "scenario": nom_court(str(bataille.brut["scenario"]))})
            vainqueur, cible = _texte(bataille.brut.get("vainqueur")), _texte(bataille.brut.get("cible"))
            if vainqueur is not None and bataille.joueurs and vainqueur not in bataille.joueurs:
                journal.erreur("HATE_CH_JOUEURS", f"Le vainqueur {_q(vainqueur)} ne joue pas cette bataille.",
                               f"{bataille.chemin}/vainqueur")
            elif vainqueur is not None and cible is not None:
                journal.tenu[cible] = vainqueur  # the winner claims the target (l. 1098-1100)
            figures.bataille(bataille, k, batailles[0] if k == 1 else None, onze.get(i, False))
        if brut.get("terminee") is True and nb < 2:
            journal.erreur("HATE_CH_AFFRONTEMENTS", f"La chronique est terminée mais l'affrontement {i + 1} n'a que "
                           f"{nb} bataille{'s' if nb > 1 else ''} : chaque affrontement en compte 2.",
                           f"/journal/affrontements/{i}/batailles")
    if journal.sans_carte:
        journal.avertissement("HATE_CH_CIBLE_NON_VERIFIABLE",
                              "Non vérifiable sans la carte de chronique : le voisinage des cibles n'est pas "
                              "vérifié. Recopiez la carte de votre feuille dans {champ:/journal/territoires} (pour "
                              "chaque territoire : {champ:/journal/territoires/-/id}, {champ:/journal/territoires/-/sorte} "
                              "et {champ:/journal/territoires/-/voisins}).", "/journal", {})
    manquants = journal.manquants()
    if brut.get("terminee") is True and manquants:
        journal.erreur("HATE_CH_AFFRONTEMENTS", "La chronique est marquée terminée, mais des joueurs n'ont pas "
                       f"joué tous leurs affrontements (reste à jouer) : {', '.join(manquants)}.",
                       "/journal/affrontements")
    _finale(journal, brut.get("finale"), manquants)
    figures.reaffectations()


def _finale(journal: Journal, finale: Any, manquants: list[str]) -> None:
    """The 3-player final (HATE_CH_MULTI_3, l. 1379-1389)."""
    if not isinstance(finale, dict):
        return
    n = len(journal.noms)
    if journal.noms and n != JOUEURS_FINALE:
        journal.erreur("HATE_CH_MULTI_3", f"Le scénario 2 contre 1 ne sert que dans une chronique d'exactement 3 "
                       f"joueurs ; celle-ci en compte {n}.", "/journal/finale")
        return
    if journal.brut.get("finale_convenue") is not True:
        journal.erreur("HATE_CH_MULTI_3", "La finale à 3 se décide au début de la chronique, tous d'accord : "
                       "notez-le par {champ:/journal/finale_convenue=true} (sinon, pas de finale 2 contre 1).",
                       "/journal/finale", {})
    if manquants:
        journal.erreur("HATE_CH_MULTI_3", "La finale se joue une fois tous les affrontements joués ; il en reste "
                       f"à jouer : {', '.join(manquants)}.", "/journal/finale")
    for champ in ("defenseur", "vainqueur"):
        nom = _texte(finale.get(champ))
        if nom is not None and journal.noms and nom not in journal.noms:
            journal.erreur("HATE_CH_JOUEURS", f"{_q(nom)} n'est pas un joueur de la chronique.",
                           f"/journal/finale/{champ}")
            return
    defenseur = _texte(finale.get("defenseur"))
    haine, ressources = _dict(finale.get("haine")), _dict(finale.get("ressources"))
    totaux = {j: (_entier(haine.get(j)), _entier(ressources.get(j))) for j in journal.noms}
    if defenseur is None or not journal.noms:
        return
    if any(None in t for t in totaux.values()):
        journal.avertissement("HATE_CH_MULTI_3_NON_VERIFIABLE",
                              "Non vérifiable sans les totaux : pour savoir qui défend (le plus grand total "
                              "Ressources + Haine), donnez dans la finale {champ:/journal/finale/haine} et "
                              "{champ:/journal/finale/ressources} de chaque joueur.", "/journal/finale", {})
        return
    somme = {j: int(h or 0) + int(r or 0) for j, (h, r) in totaux.items()}
    meilleur = max(somme.values())
    if somme[defenseur] < meilleur:
        premier = next(j for j in journal.noms if somme[j] == meilleur)
        journal.erreur("HATE_CH_MULTI_3", f"Le défenseur de la finale est le joueur au plus grand total Ressources + "
                       f"Haine : {_q(premier)} ({meilleur}), pas {_q(defenseur)} ({somme[defenseur]}).",
                       "/journal/finale/defenseur")


class Figures:
    """The roster player's figures through the log: killed in battle 1, upgrades gained."""

    def __init__(self, controle: Controle) -> None:
        """Read each roster entry's upgrade cards, by entry number (1 = first)."""
        self.controle = controle
        self.cartes = {f.index + 1: Counter(c for c in _liste(f.brut.get("ameliorations"), LIMITE_FIGURES)
                                            if isinstance(c, str)) for f in controle.figures}
        self.gains: dict[int, list[tuple[str, str]]] = {}

    def numeros(self, bataille: Bataille, champ: str) -> list[tuple[int, str]]:
        """Entry numbers of a battle field, each with its pointer; unknown entries are errors."""
        out = []
        for j, numero in enumerate(_liste(bataille.brut.get(champ), LIMITE_FIGURES)):
            n = _entier(numero)
            chemin = f"{bataille.chemin}/{champ}/{j}"
            if n is None:
                continue
            if self.cartes and n not in self.cartes:
                self.controle.erreur("HATE_CH_TUES_BATAILLE2", f"L'entrée {n} n'existe pas dans la feuille de tribu "
                                     f"({len(self.cartes)} entrées).", chemin)
                continue
            out.append((n, chemin))
        return out

    def bataille(self, bataille: Bataille, k: int, premiere: Bataille | None, onze: bool) -> None:
        """Killed figures miss battle 2 (HATE_CH_TUES_BATAILLE2); then record deaths and gains in order."""
        alignees = self.numeros(bataille, "figurines")
        if premiere is not None and not onze:
            tuees = self.tuees(premiere)
            for n, chemin in alignees:
                if n in tuees:
                    self.controle.erreur("HATE_CH_TUES_BATAILLE2",
                                         "L'entrée {n} a été tuée à l'issue de la 1re bataille : elle ne joue pas la "
                                         "2e, sauf avec {champ:{affrontement}/onze_figurines=true}.", chemin,
                                         {"n": n, "affrontement": bataille.chemin.rsplit("/batailles/", 1)[0]})
        for n, _ in self.numeros(bataille, "tuees"):
            self.gains[n] = []  # a killed figure loses its upgrades (l. 996-998)
        for j, gain in enumerate(_liste(bataille.brut.get("ameliorations_gagnees"), LIMITE_FIGURES)):
            n, carte = _entier(_dict(gain).get("figure")), _texte(_dict(gain).get("amelioration"))
            if n is not None and carte is not None:
                self.gains.setdefault(n, []).append((carte, f"{bataille.chemin}/ameliorations_gagnees/{j}"))

    @staticmethod
    def tuees(bataille: Bataille) -> set[int]:
        """Entry numbers killed after a battle (unknown entries were reported when it was read)."""
        return {n for n in (_entier(v) for v in _liste(bataille.brut.get("tuees"), LIMITE_FIGURES)) if n is not None}

    def reaffectations(self) -> None:
        """An upgrade gained by a living figure and now on another one was reassigned (HATE_CH_PAS_REAFFECTER)."""
        if not self.cartes:
            return
        attendu = {n: Counter(c for c, _ in gains) for n, gains in self.gains.items()}
        surplus = {n: cartes - attendu.get(n, Counter()) for n, cartes in self.cartes.items()}
        for n, gains in self.gains.items():
            manque = attendu[n] - self.cartes.get(n, Counter())
            for carte, chemin in reversed(gains):
                if manque[carte] <= 0:
                    continue
                manque[carte] -= 1
                porteur = next((m for m in sorted(surplus) if m != n and surplus[m][carte] > 0), None)
                if porteur is None:
                    continue  # lost to a scar or never placed: not a reassignment
                surplus[porteur][carte] -= 1
                self.controle.erreur("HATE_CH_PAS_REAFFECTER",
                                     "L'amélioration {valeurs:{ici}/amelioration={carte}}, donnée à l'entrée {n} selon le "
                                     "journal, se trouve sur l'entrée {porteur} : une amélioration ne change jamais de "
                                     "figurine.", chemin, {"ici": chemin, "carte": carte, "n": n, "porteur": porteur})
