"""Issue 23, « Every message in the player's words »: the parts of every message, in two renderings.

Each violation carries `parties` (browser_engine/messages.py). Joined in the CLI's rendering they give
`message`, which keeps the YAML file's words; rendered the builder's way (`rendu_joueur`) they name
fields by their labels and values by their names, with no YAML, no id and no schema key.

The lists checked: every example list of every game, variants of them that break each rule of
`regles-liste.yaml` (tests/fixtures/issue23/variantes.yaml), the cases of the existing checker tests
(Tamashii's table of cases, Hate's and Khârn-Âges' builders, whose profiles and cards are INVENTED),
and a few hand-made lists for the rules no variant reached and for the schema's own messages.
"""
from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine import bundle as donnees
from browser_engine import valider
from browser_engine.composer_texte import texte_liste
from browser_engine.messages import Noms, rendu_joueur
from tests.engine_support import DATA, load_bundle

JEUX = ["hami", "kharn-ages", "hate", "tamashii", "bataille-d6"]
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "issue23" / "variantes.yaml"
YAML_CLE = re.compile(r"[A-Za-z0-9_\]}]: ")  # `cle: valeur`: French typography puts a space before « : »
MOTS_YAML = re.compile(r"(?<![\w-])(true|false|null)(?![\w-])")


# --- the lists ------------------------------------------------------------------------------------------

def _ops(liste: dict[str, Any], ops: list[list[Any]]) -> dict[str, Any]:
    """The list with each operation applied: `poser` a value, `retirer` a field or element, `ajouter` to an array."""
    liste = copy.deepcopy(liste)
    for op in ops:
        genre, jetons = op[0], [int(t) if t.isdigit() else t for t in op[1].split("/")[1:]]
        parent: Any = liste
        for jeton in jetons[:-1]:
            parent = parent[jeton]
        dernier = jetons[-1]
        if genre == "retirer":
            del parent[dernier]
        elif genre == "ajouter":
            parent.setdefault(dernier, []).append(copy.deepcopy(op[2]))
        else:
            parent[dernier] = copy.deepcopy(op[2])
    return liste


def _exemples(jeu: str) -> dict[str, dict[str, Any]]:
    return {p.name: yaml.safe_load(p.read_text("utf-8")) for p in sorted((DATA / jeu / "listes").glob("*.yaml"))}


def _variantes(jeu: str) -> list[tuple[str, dict[str, Any], str | None]]:
    exemples = _exemples(jeu)
    out: list[tuple[str, dict[str, Any], str | None]] = [(nom, liste, None) for nom, liste in exemples.items()]
    for v in yaml.safe_load(FIXTURE.read_text("utf-8"))["variantes"]:
        if v["jeu"] == jeu:
            out.append((f"{v['exemple']} {json.dumps(v['ops'])}", _ops(exemples[v["exemple"]], v["ops"]), v["code"]))
    return out


def _cas_hami() -> list[tuple[str, dict[str, Any], str | None]]:
    from tests.test_engine_hami import LIVRE, communaute, gardien, guetteur, pisteuse

    sauvage = {"familier_sauvage": "snifleur"}
    return [
        ("neuf figurines", _ops(LIVRE, [["ajouter", "/entrees", sauvage]] * 4), "HAMI_FIGURINES_MAX"),
        ("légendaire jeune", communaute({"legendaire": "la-ruche", "meneur": True, "age": "jeune"}, pisteuse()),
         "HAMI_LEGENDAIRE_AGE"),
        ("deux Mikmik", communaute(gardien(meneur=True, familier="mikmik"), pisteuse(familier="mikmik")),
         "HAMI_MIKMIK_MAX"),
        ("Deux Faces monté", communaute({"legendaire": "deux-faces", "meneur": True, "monture": "galopeur"},
                                        pisteuse()), "HAMI_MONTURE_DEUX_FACES"),
        ("champ d'une autre sorte", _ops(LIVRE, [["poser", "/entrees/0/competences", ["poison"]]]), "HAMI_CHAMP_HORS_SORTE"),
        ("caste et sauvage", _ops(LIVRE, [["poser", "/entrees/0/familier_sauvage", "snifleur"]]), "HAMI_ENTREE_SORTE"),
        ("sans sorte", _ops(LIVRE, [["retirer", "/entrees/1/caste"]]), "HAMI_ENTREE_SORTE"),
        ("caste et légendaire", _ops(LIVRE, [["poser", "/entrees/0/legendaire", "la-ruche"]]), "HAMI_CASTE_ET_LEGENDAIRE"),
        ("tribu du légendaire", communaute({"legendaire": "la-ruche", "meneur": True, "tribu": "eau"}, pisteuse()),
         "HAMI_LEGENDAIRE_TRIBU"),
        ("second familier de La Ruche", communaute({"legendaire": "la-ruche", "meneur": True, "familier": "snifleur"},
                                                   pisteuse()), "HAMI_RUCHE_SECOND_FAMILIER"),
        ("rôle sans scénario", _ops(LIVRE, [["poser", "/options/role", "joueur-1"]]), "HAMI_ROLE_SANS_SCENARIO"),
        ("rôle manquant", _ops(LIVRE, [["poser", "/options/scenario", "vol-de-familiers"]]), "HAMI_ROLE_MANQUANT"),
        ("rôle inconnu", _ops(LIVRE, [["poser", "/options/scenario", "vol-de-familiers"],
                                      ["poser", "/options/role", "pacte"]]), "HAMI_ROLE_SCENARIO"),
        # The schema's own messages: a value off the enum, a wrong type, a missing field, a duplicate.
        ("tribu inconnue", _ops(LIVRE, [["poser", "/entrees/0/tribu", "montagne"]]), "LISTE_VALEUR_INCONNUE"),
        ("meneur écrit en texte", _ops(LIVRE, [["poser", "/entrees/0/meneur", "oui"]]), "LISTE_TYPE"),
        ("format", _ops(LIVRE, [["poser", "/format", 12]]), "HAMI_FORMAT"),
        ("sans format", _ops(LIVRE, [["retirer", "/format"]]), "LISTE_CHAMP_MANQUANT"),
        ("champ inconnu", _ops(LIVRE, [["poser", "/entrees/0/points", 3]]), "LISTE_CHAMP_INCONNU"),
        ("sort en double", _ops(LIVRE, [["poser", "/entrees/0/sorts", ["brume", "brume"]]]), "HAMI_SORT_UNIQUE"),
        ("autre jeu", _ops(LIVRE, [["poser", "/jeu", "hate"]]), "LISTE_JEU_DIFFERENT"),
        ("sans nom", _ops(LIVRE, [["retirer", "/nom"]]), "LISTE_SANS_NOM"),
        # The rules written in Python that compare entries.
        ("Bête de somme, troisième objet", communaute(
            guetteur(meneur=True, age="ancien", monture="bete-de-somme", tribu="herbe",
                     objets=["sac-a-projectiles", "pierre-de-camouflage"]),
            pisteuse(objets=["masque-de-chasse", "sac-a-poussiere"], tribu="herbe"),
            pisteuse(objets=["masque-de-vision", "pierre-d-artefact"], tribu="herbe"), periode="jour"),
         "HAMI_BETE_DE_SOMME_OBJETS"),
        ("compétence en double", communaute(gardien(meneur=True), pisteuse(), {"predateur": "geant",
                                                                               "competences": ["poison", "poison"]}),
         "HAMI_COMPETENCE_DOUBLE"),
        ("deux familiers", communaute(gardien(meneur=True, familier=["snifleur", "veilleur"]), pisteuse()),
         "HAMI_FAMILIERS_MAX"),
        ("familier inconnu", communaute(gardien(meneur=True, familier="dragon"), pisteuse()), "HAMI_FAMILIER_INCONNU"),
        ("légendaire en double", communaute({"legendaire": "la-jaune", "meneur": True}, {"legendaire": "la-jaune"},
                                            pisteuse(), lien="lumiere"), "HAMI_LEGENDAIRE_UNIQUE"),
        ("Lumière et Ombre", {**communaute(gardien(meneur=True, tribu="canopee"), pisteuse(tribu="grottes")),
                              "options": {}}, "HAMI_LIEN_MELANGE"),
        ("sans objet", communaute(gardien(meneur=True), pisteuse(objets=[])), "HAMI_OBJETS_NOMBRE"),
        ("objet inconnu", communaute(gardien(meneur=True, objets=["anneau"]), pisteuse()), "HAMI_OBJET_INCONNU"),
        ("objet en double", communaute(gardien(meneur=True), pisteuse(objets=["pierre-d-artefact"])),
         "HAMI_OBJET_UNIQUE"),
        ("Ruche mécanique", communaute({"legendaire": "la-ruche", "meneur": True, "familier": ["s-truk", "snifleur"]},
                                       pisteuse()), "HAMI_RUCHE_MECANIQUE"),
        ("sort inconnu", communaute(gardien(meneur=True, sorts=["feu"]), pisteuse()), "HAMI_SORT_INCONNU"),
        ("sort de Lumière", communaute(gardien(meneur=True, sorts=["aspiration"]), pisteuse()), "HAMI_SORT_RESTRICTION"),
        ("vol de familiers", _ops(LIVRE, [["poser", "/options/scenario", "vol-de-familiers"],
                                          ["poser", "/options/role", "joueur-1"]]), "HAMI_VOL_FAMILIERS"),
    ]


def _cas_hate() -> list[tuple[str, dict[str, Any], str | None]]:
    from tests.test_checker_hate import ajouter, tribu
    from tests.test_checker_hate_journal import bataille, duel, joueurs, trois_complets
    from tests.test_checker_hate_journal import liste as avec_journal

    def carte(champ: str, ident: str, index: int = 3, **options: Any) -> dict[str, Any]:
        return ajouter(tribu(village={"terrain-d-entrainement": 1}, **options), index, champ, ident)

    prise = duel(bataille("capitale", "s", "J3"), attaquant="J3", paire=("J1", "J3"))
    capitale = {"joueurs": joueurs(3), "affrontements": [prise, duel(bataille("capitale", "t", "J1",
                                                                               haine={"J1": 7, "J3": 7}))]}
    sans_haine = {"joueurs": joueurs(3), "affrontements": [prise, duel(bataille("capitale", "t", "J1"))]}
    finale = {"joueurs": joueurs(3), "finale_convenue": True, "affrontements": trois_complets(),
              "finale": {"defenseur": "J1"}}
    permanent = ajouter(tribu(village={"terrain-d-entrainement": 1}, emplacements_permanents={"guerrier": ["A"]}),
                        4, "cicatrices", "cicatrice-a-02")
    specifiques = tribu(village={"terrain-d-entrainement": 3})
    for index, ident in enumerate(["um-rak-b-01", "um-rak-c-02", "um-rak-d-03"] * 2 + ["um-rak-b-01"]):
        ajouter(specifiques, index, "ameliorations", ident)
    sans_lettre = ajouter(carte("ameliorations", "um-gra-b-01-pm", nom_tribu="um-gra"), 3, "ameliorations",
                          "generique-b-01")
    simple = tribu(mode="bataille-simple")
    # Everyone plays 3 affrontements at 4 players (the book's count), two pairs meet twice.
    paires = [("J1", "J2"), ("J1", "J2"), ("J1", "J3"), ("J2", "J4"), ("J3", "J4"), ("J3", "J4")]
    repetes = {"joueurs": joueurs(4), "affrontements": [
        duel(bataille(f"t{2 * k}", "s1", a), bataille(f"t{2 * k + 1}", "s2", b), attaquant=a, paire=(a, b))
        for k, (a, b) in enumerate(paires)]}
    return [
        ("cicatrice en amélioration", carte("ameliorations", "cicatrice-a-01"), "HATE_AMELIORATION_INCONNUE"),
        ("amélioration inconnue", carte("ameliorations", "generique-z-99"), "HATE_AMELIORATION_INCONNUE"),
        ("amélioration en cicatrice", carte("cicatrices", "generique-a-01"), "HATE_CICATRICE_INCONNUE"),
        ("cicatrice inconnue", carte("cicatrices", "cicatrice-z-99"), "HATE_CICATRICE_INCONNUE"),
        ("mission en simple bataille", ajouter(simple, 3, "ameliorations", "mission-saisir"), "HATE_BS_MISSIONS"),
        ("capitale sans assez de Haine", avec_journal(capitale), "HATE_CH_CAPITALE"),
        ("capitale sans la Haine", avec_journal(sans_haine), "HATE_CH_CAPITALE_NON_VERIFIABLE"),
        ("finale sans les totaux", avec_journal(finale), "HATE_CH_MULTI_3_NON_VERIFIABLE"),
        ("mercenaire inconnu", _ops(tribu(), [["ajouter", "/entrees", {"type": "mercenaire", "mercenaire": "ogre"}]]),
         "HATE_MERCENAIRE_INCONNU"),
        ("Tyran écrit en mercenaire", _ops(tribu(), [["ajouter", "/entrees", {"type": "mercenaire",
                                                                            "mercenaire": "le-tyran"}]]),
         "HATE_MERCENAIRE_INCONNU"),
        ("deux paires qui se retrouvent", avec_journal(repetes), "HATE_CH_REPARTITION"),
        ("compétence permanente", permanent, "HATE_PERMANENT"),
        ("bâtiment au-delà de la feuille", tribu(village={"terrain-d-entrainement": 1, "hall-des-heros": 3},
                                                emplacements_village={"hall-des-heros": 2}), "HATE_CH_BATIMENT_MAX"),
        ("emplacement illisible", sans_lettre, "HATE_SLOT_INCONNU"),
        ("sept cartes de tribu", specifiques, "HATE_SPECIFIQUES_MAX"),
        ("tribu inconnue", tribu(nom_tribu="um-zorg"), "HATE_TRIBU"),
        ("type manquant", _ops(tribu(), [["retirer", "/entrees/3/type"]]), "HATE_TYPE_MANQUANT"),
        ("sans options", _ops(tribu(), [["retirer", "/options"]]), "LISTE_CHAMP_MANQUANT"),
        ("mode manquant", _ops(tribu(), [["retirer", "/options/mode"]]), "HATE_OPTION_MANQUANTE"),
        ("format", {**tribu(), "format": 12}, "HATE_FORMAT"),
        ("mode inconnu", _ops(tribu(), [["poser", "/options/mode", "escarmouche"]]), "HATE_MODE"),
        ("type inconnu", _ops(tribu(), [["poser", "/entrees/3/type", "sorcier"]]), "HATE_TYPE_INCONNU"),
        ("mercenaire sans remplacement", _ops(tribu(), [["ajouter", "/entrees", {"type": "mercenaire",
                                                                                "mercenaire": "char"}]]),
         "HATE_MERC_REMPLACE"),
    ]


def _cas_kharn_ages() -> list[tuple[str, dict[str, Any], str | None]]:
    from tests.test_engine_kharn_ages import EQUIPEMENTS_FICTIFS, fictif, liste, mage, mongo
    from tests.test_engine_kharn_ages_cartes import RESERVE, avec_sorts

    profils_rang = [fictif("chef", niveau=3), fictif("sergent", niveau=2), fictif("soldat", niveau=1)]
    mains = [fictif("soldat", competences=[])]
    inamovible = [fictif("soldat", equipement_de_base=[{"id": "armure", "cout": 12, "inamovible": True}])]
    sans_faction = fictif("soldat")
    del sans_faction["factions"]
    sans_voie = mage()
    del sans_voie["voie"]
    grimoire = [{"id": "a", "pages": 2, "cout": 4}, {"id": "b", "pages": 3, "cout": 6}, {"id": "c", "pages": 1, "cout": 1}]
    doublon = liste({"profil": "soldat"}, equipements=EQUIPEMENTS_FICTIFS + [EQUIPEMENTS_FICTIFS[0]])
    sorts_invalides = liste({"profil": "soldat"})
    sorts_invalides["sorts"] = [{"id": "x", "nom": "Sort fictif", "pages": -1}]
    equipement_invalide = copy.deepcopy(EQUIPEMENTS_FICTIFS)
    equipement_invalide[0]["mains"] = 3
    return [
        ("équipement inconnu", mongo(ajoute=["hallebarde"]), "KA_EQUIPEMENT_INCONNU"),
        ("équipement invalide", liste({"profil": "soldat"}, equipements=equipement_invalide), "KA_EQUIPEMENT_INVALIDE"),
        ("équipement réservé", liste({"profil": "soldat", "ajoute": ["lame-goun"]}, equipements=RESERVE),
         "KA_EQUIPEMENT_RESERVE"),
        ("réserve non vérifiée", liste({"profil": "soldat", "ajoute": ["lame-goun"]}, profils=[sans_faction],
                                       equipements=RESERVE), "KA_RESERVE_NON_VERIFIEE"),
        ("autre faction", liste({"profil": "soldat"}, profils=[fictif("soldat", factions=["gouns"])]), "KA_FACTION"),
        ("grimoire plein", liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": grimoire}, profils=[mage()]),
         "KA_GRIMOIRE_PAGES"),
        ("identifiant en double", doublon, "KA_IDENTIFIANT_DOUBLON"),
        ("leader de rang trop bas", liste({"profil": "chef"}, {"profil": "sergent"},
                                          {"profil": "soldat", "leader": True}, profils=profils_rang), "KA_LEADER_RANG"),
        ("LIM dépassée", liste(*[{"profil": "soldat"}] * 4), "KA_LIMITATION"),
        ("trop de mains", liste({"profil": "soldat", "ajoute": ["hache", "masse"], "en_mains": ["hache", "masse"]},
                                profils=mains), "KA_MAINS"),
        ("mains inconnues", liste({"profil": "soldat", "ajoute": ["hache", "mystere"],
                                   "en_mains": ["hache", "mystere"]}), "KA_MAINS_INCONNUES"),
        ("munitions sans lot", liste({"profil": "soldat", "munitions": [{"projectile": "carreaux", "type": "enflamme",
                                                                         "lots_5": 2}]}), "KA_MUNITIONS_LOT"),
        ("personnage sans base", liste({"profil": "heros"}, profils=[fictif("heros", limitation="P")]),
         "KA_PERSONNAGE_BASE_INCONNUE"),
        ("personnage sans place", liste({"profil": "engueran"}, {"profil": "paladin"}, {"profil": "paladin"},
                                        profils=[fictif("paladin", limitation=2),
                                                 fictif("engueran", limitation="P", base="paladin")]),
         "KA_PERSONNAGE_PLACE"),
        ("profil invalide", liste({"profil": "soldat"}, profils=[fictif("soldat", niveau=4)]), "KA_PROFIL_INVALIDE"),
        ("retrait inamovible", liste({"profil": "soldat", "retire": ["armure"]}, profils=inamovible),
         "KA_RETRAIT_INAMOVIBLE"),
        ("retrait inconnu", mongo(retire=["guisarme"]), "KA_RETRAIT_INCONNU"),
        ("trop de sorts génériques", liste({"profil": "mage", "sorts_generiques": ["a", "b", "c"]}, profils=[mage()]),
         "KA_SORTS_GENERIQUES_NOMBRE"),
        ("sorts sans grimoire", liste({"profil": "mage", "sorts_grimoire": [{"id": "a", "pages": 1, "cout": 10}]},
                                      profils=[mage()]), "KA_SORTS_SANS_GRIMOIRE"),
        ("sort invalide", sorts_invalides, "KA_SORT_INVALIDE"),
        ("sort réservé", avec_sorts(liste({"profil": "mage", "sorts_generiques": ["generique-fang"]},
                                          profils=[mage()])), "KA_SORT_RESERVE"),
        ("sort d'une autre voie", liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [
            {"id": "a", "pages": 1, "cout": 0, "voie": "Autre voie"}]}, profils=[mage()]), "KA_SORT_VOIE"),
        ("voie du magicien inconnue", liste({"profil": "mage", "grimoire": "petit", "sorts_grimoire": [
            {"id": "a", "pages": 1, "cout": 0, "voie": "Autre voie"}]}, profils=[sans_voie]), "KA_SORT_VOIE_INCONNUE"),
        ("limitation inconnue", liste({"profil": "soldat"}, profils=[{k: v for k, v in fictif("soldat").items()
                                                                      if k != "limitation"}]), "KA_LIMITATION_INCONNUE"),
        ("faction manquante", {k: v for k, v in liste({"profil": "soldat"}).items() if k != "options"},
         "LISTE_CHAMP_MANQUANT"),
        ("faction inconnue", liste({"profil": "soldat"}, faction="elfes"), "KA_FACTION_INCONNUE"),
        ("sort générique en double", liste({"profil": "mage", "sorts_generiques": ["a", "a"]}, profils=[mage()]),
         "KA_SORT_DOUBLON"),
    ]


def _cas_tamashii() -> list[tuple[str, dict[str, Any], str | None]]:
    from tests.test_checker_tamashii import CAS, partie

    out = []
    for i, (regle, mode, joueurs, change, code, _chemin, _severite) in enumerate(CAS):
        liste = partie(mode, joueurs)
        change(liste)
        out.append((f"{regle or 'schéma'} {i}", liste, code))
    return out


def _cas_bataille_d6() -> list[tuple[str, dict[str, Any], str | None]]:
    exemple = _exemples("bataille-d6")["01-gardiens-du-col.yaml"]
    return [
        ("mouvement hors table", _ops(exemple, [["poser", "/entrees/0/mouvement", 7]]), "D6_VALEUR_HORS_TABLE"),
        ("mêlée interdite", _ops(exemple, [["poser", "/entrees/0/melee", 0]]), "D6_VALEUR_HORS_TABLE"),
        ("attaques", _ops(exemple, [["poser", "/entrees/0/attaques", 3]]), "LISTE_VALEUR_INCONNUE"),
    ]


CAS_A_LA_MAIN = {"hami": _cas_hami, "hate": _cas_hate, "kharn-ages": _cas_kharn_ages, "tamashii": _cas_tamashii,
                 "bataille-d6": _cas_bataille_d6}


@functools.cache
def _rapports(jeu: str) -> list[tuple[str, dict[str, Any], str | None, dict[str, Any]]]:
    bundle = load_bundle(jeu)
    return [(nom, liste, code, valider(bundle, copy.deepcopy(liste)))
            for nom, liste, code in _variantes(jeu) + CAS_A_LA_MAIN[jeu]()]


def _violations(jeu: str) -> list[tuple[str, dict[str, Any]]]:
    return [(nom, v) for nom, _, _, r in _rapports(jeu) for v in r["erreurs"] + r["avertissements"]]


# --- (a) the CLI rendering, written again here: entry, field, field with value, values -----------------

def _yaml(valeur: Any) -> str:
    if isinstance(valeur, bool):
        return "true" if valeur else "false"
    if valeur is None:
        return "null"
    if isinstance(valeur, list):
        return "[" + ", ".join(_yaml(v) for v in valeur) + "]"
    return str(valeur)


def _cles(pointeur: str) -> list[str]:
    """The keys under the closest list item: `/entrees/2/meneur` → meneur, `/options/lien` → options, lien."""
    cles = pointeur.split("/")[1:]
    while cles and (cles[-1].isdigit() or cles[-1] == "-"):
        cles.pop()
    index = [i for i, c in enumerate(cles) if c.isdigit() or c == "-"]
    return cles[index[-1] + 1:] if index else cles


def _cli(partie: Any) -> str:
    if isinstance(partie, str):
        return partie
    if "entree" in partie:
        return f"Entrée {partie['entree'] + 1}" + (f" « {partie['nom']} »" if partie.get("nom") else "") + " — "
    if "valeurs" in partie:
        textes = [_yaml(v) for v in partie["valeurs"]]
        return textes[0] if len(textes) == 1 else ", ".join(textes[:-1]) + f" {partie['liaison']} " + textes[-1]
    cles = _cles(partie["champ"])
    if "valeur" not in partie:
        return f"« {cles[-1]} »"
    texte = _yaml(partie["valeur"])
    for cle in reversed(cles[1:]):
        texte = "{" + f"{cle}: {texte}" + "}"
    return f"« {cles[0]}: {texte} »"


@pytest.mark.parametrize("jeu", JEUX)
def test_issue23_parts_joined_give_the_message(jeu: str) -> None:
    """(a) Every violation has parts, each one of the four kinds, and their CLI rendering is the message."""
    for nom, v in _violations(jeu):
        parties = v["parties"]
        assert isinstance(parties, list) and parties, (nom, v)
        for partie in parties:
            assert isinstance(partie, str) or {"entree", "champ", "valeurs"} & set(partie), (nom, partie)
            if isinstance(partie, dict) and "champ" in partie:
                assert partie["champ"] == "" or partie["champ"].startswith("/"), (nom, partie)
        assert "".join(_cli(p) for p in parties) == v["message"], (nom, v)


# --- (b) the player's words -------------------------------------------------------------------------------

def _enum_values(schema: Any, out: set[str]) -> set[str]:
    if isinstance(schema, dict):
        out |= {v for v in schema.get("enum") or [] if isinstance(v, str)}
        for enfant in schema.values():
            _enum_values(enfant, out)
    elif isinstance(schema, list):
        for enfant in schema:
            _enum_values(enfant, out)
    return out


def _titres(schema: Any, out: dict[str, set[str]]) -> dict[str, set[str]]:
    """Every property key of the schema with the titles it has."""
    if isinstance(schema, dict):
        for cle, sous in (schema.get("properties") or {}).items():
            if isinstance(sous, dict):
                out.setdefault(cle, set()).add(sous.get("title") or "")
        for enfant in schema.values():
            _titres(enfant, out)
    elif isinstance(schema, list):
        for enfant in schema:
            _titres(enfant, out)
    return out


class Juge:
    """What a message in the player's words must not show, for one game."""

    def __init__(self, jeu: str) -> None:
        self.bundle = load_bundle(jeu)
        self.schema = donnees.schema_liste(self.bundle)
        self.noms = Noms(self.schema, self.bundle)
        items = donnees.entrees_du_jeu(self.bundle)
        # A raw id or value written as its name reads (bras-liane: Bras-liane; petit: Petit grimoire) is a
        # French word; the others (la-ruche, canopee, solo-jcj) are ids.
        self.ids = {i for i, e in items.items() if "-" in i and i not in str(e.get("nom", "")).lower()}
        nommees = {v: self._nom(v) for v in _enum_values(self.schema, set())}
        self.bruts_partout = {v for v, n in nommees.items() if v.lower() not in n.lower()}
        self.bruts_entre_guillemets = {v for v, n in nommees.items() if n != v}
        self.cles = {c for c, titres in _titres(self.schema, {}).items() if any(t != c for t in titres)}

    def _nom(self, valeur: str) -> str:
        for noeud in _noeuds_enum(self.schema, valeur):
            noms = noeud.get("x-noms")
            if isinstance(noms, dict) and valeur in noms:
                return noms[valeur]
        return self.noms.noms.get(valeur, valeur)

    def defauts(self, texte: str) -> list[str]:
        out = []
        if "{" in texte or "}" in texte:
            out.append("accolade")
        out += [f"YAML « {m.group(0)} »" for m in YAML_CLE.finditer(texte)]
        out += [f"mot YAML {m.group(1)}" for m in MOTS_YAML.finditer(texte)]
        for ident in self.ids | self.bruts_partout:
            if re.search(rf"(?<![\w'-]){re.escape(ident)}(?![\w'-])", texte):
                out.append(f"identifiant {ident}")
        for cite in re.findall(r"« ([^«»]*) »", texte):
            if cite in self.bruts_entre_guillemets:
                out.append(f"valeur brute « {cite} »")
            if cite in self.cles:
                out.append(f"clé du schéma « {cite} »")
        return out


def _noeuds_enum(schema: Any, valeur: str) -> list[dict[str, Any]]:
    if isinstance(schema, dict):
        ici = [schema] if valeur in (schema.get("enum") or []) else []
        return ici + [n for enfant in schema.values() for n in _noeuds_enum(enfant, valeur)]
    if isinstance(schema, list):
        return [n for enfant in schema for n in _noeuds_enum(enfant, valeur)]
    return []


@pytest.mark.parametrize("jeu", JEUX)
def test_issue23_player_words_no_yaml(jeu: str) -> None:
    """(b) The builder's rendering shows no YAML, no `true`/`false`/`null`, no id, no raw value, no schema key."""
    juge = Juge(jeu)
    fautes = []
    for nom, v in _violations(jeu):
        # The entries' own names are the player's words: the entry is shown as « Entrée 3 » here.
        parties = [{"entree": p["entree"]} if isinstance(p, dict) and "entree" in p else p for p in v["parties"]]
        texte = rendu_joueur(parties, juge.schema, juge.bundle, juge.noms)
        fautes += [(nom, v["code"], d, texte) for d in juge.defauts(texte)]
    assert fautes == []


def test_issue23_the_judge_sees_what_the_cli_shows() -> None:
    """The checks of (b) are not vacuous: the CLI messages of the same lists fail them."""
    juge = Juge("hami")
    messages = [v["message"] for _, v in _violations("hami")]
    assert any(any(d.startswith("YAML") for d in juge.defauts(m)) for m in messages)
    assert any(any(d.startswith("mot YAML") for d in juge.defauts(m)) for m in messages)
    assert any(any(d.startswith("clé du schéma") for d in juge.defauts(m)) for m in messages)
    assert any("identifiant" in " ".join(juge.defauts(m)) for m in messages)


@pytest.mark.parametrize("jeu", JEUX)
def test_issue23_every_rule_code_is_triggered(jeu: str) -> None:
    """Each case raises the code it was made for, and together they raise every code of `regles-liste.yaml`."""
    vus: set[str] = set()
    manques = []
    for nom, _, code, rapport in _rapports(jeu):
        leves = {v["code"] for v in rapport["erreurs"] + rapport["avertissements"]}
        vus |= leves
        if code is not None and code not in leves:
            manques.append((nom, code, sorted(leves)))
    assert manques == []
    regles = {r["code"] for r in load_bundle(jeu)["regles_liste"]}
    assert regles - vus == set()


# --- the player's words, sentence by sentence (expected texts written by hand) ----------------------------

def _joueur(jeu: str, code: str, cas: str) -> str:
    bundle = load_bundle(jeu)
    for nom, _, _, rapport in _rapports(jeu):
        if nom == cas:
            v = next(v for v in rapport["erreurs"] + rapport["avertissements"] if v["code"] == code)
            return rendu_joueur(v["parties"], donnees.schema_liste(bundle), bundle)
    raise AssertionError(cas)


def test_issue23_sentences_name_labels_and_values() -> None:
    tribu = _joueur("hami", "HAMI_TRIBU_MANQUANTE", '01-exemple-du-livre.yaml [["retirer", "/entrees/0/tribu"]]')
    assert tribu.endswith("tribu manquante : choisissez « Tribu » (Canopée, Arbres, Roche, Eau, Grottes ou Herbe).")
    conteur = _joueur("hami", "HAMI_CONTEUR_MENEUR", '01-exemple-du-livre.yaml [["poser", "/entrees/1/caste", "conteur"]]')
    assert "il lui faut « Meneur » coché (et pas à l'autre Hami)" in conteur
    lien = _joueur("hami", "HAMI_LIEN_MANQUANT", '01-exemple-du-livre.yaml [["retirer", "/options/lien"]]')
    assert lien.endswith("choisissez son lien, « Lien : Lumière » ou « Lien : Ombre ».")
    options = _joueur("hate", "LISTE_CHAMP_MANQUANT", "sans options")
    assert options == "Champs obligatoires manquants dans « Options » : « Tribu » et « Mode »."
    assert "choisissez « Mode : Prologue » pour ce Scénario" in _joueur(
        "tamashii", "TAM_MODE", '01-prologue-a-deux.yaml [["poser", "/options/mode", "cooperatif"]]')


def test_issue23_missing_object_names_its_inner_fields() -> None:
    """A missing `options` whose fields are required: the message's parts point at those fields."""
    rapport = next(r for nom, _, _, r in _rapports("hate") if nom == "sans options")
    v = next(v for v in rapport["erreurs"] if v["code"] == "LISTE_CHAMP_MANQUANT")
    assert v["chemin"] == ""
    assert [p["champ"] for p in v["parties"] if isinstance(p, dict)] == ["/options", "/options/tribu", "/options/mode"]
    assert v["message"] == "Champs obligatoires manquants dans « options » : « tribu » et « mode »."


# --- the plain-text export --------------------------------------------------------------------------------

def test_issue23_text_export_shows_names_not_ids() -> None:
    hami = _exemples("hami")["01-exemple-du-livre.yaml"]
    texte = texte_liste(load_bundle("hami"), _ops(hami, [["poser", "/entrees/0/tribu", "arbres"]]))
    assert "Tribu : Arbres" in texte and "Tribu : arbres" not in texte
    canopee = texte_liste(load_bundle("hami"), _ops(hami, [["poser", "/entrees/0/tribu", "canopee"]]))
    assert "Tribu : Canopée" in canopee
    tamashii = _exemples("tamashii")["03-cooperatif-a-quatre.yaml"]
    assert "Mode : Coopératif" in texte_liste(load_bundle("tamashii"), tamashii)
    hate = texte_liste(load_bundle("hate"), _exemples("hate")["01-simple-bataille-um-rak.yaml"])
    assert "Tribu : Um'Rak" in hate and "Mode : Simple bataille" in hate


def test_issue23_text_export_agrees_in_number() -> None:
    hate = texte_liste(load_bundle("hate"), _exemples("hate")["01-simple-bataille-um-rak.yaml"])
    lignes = hate.splitlines()
    assert any(ligne.endswith("— 1 jeton Sauvagerie") for ligne in lignes)
    assert any(ligne.endswith("— 2 jetons Sauvagerie") for ligne in lignes)
    assert not re.search(r"(?<!\d)1 jetons|(?<!\d)[02-9] jeton(?!s)", hate)


# --- a player's text is never read as a placeholder ---------------------------------------------------

@pytest.mark.parametrize(("jeu", "chemin", "ops"), [
    ("hami", "/entrees/0", [["poser", "/entrees/0/caste", "conteur"], ["poser", "/entrees/0/meneur", False]]),
    ("hate", "/entrees/0/mercenaire", [["poser", "/entrees/0/mercenaire", "char"]]),
    ("kharn-ages", "/entrees/0/grimoire", [["poser", "/entrees/0/grimoire", "petit"]]),
])
def test_issue23_a_name_is_never_read_as_a_placeholder(jeu: str, chemin: str, ops: list[list[Any]]) -> None:
    nom = "{entree}{champ:/options/lien=lumiere}{valeur}{s:valeur}"
    exemple = next(iter(_exemples(jeu).values()))
    liste = _ops(exemple, [["poser", "/entrees/0/nom", nom], *ops])
    rapport = valider(load_bundle(jeu), liste)
    ici = [v for v in rapport["erreurs"] if v["chemin"].startswith(chemin)]
    assert ici, rapport["erreurs"]
    for v in ici:
        assert nom in v["message"]
        assert "".join(_cli(p) for p in v["parties"]) == v["message"]
