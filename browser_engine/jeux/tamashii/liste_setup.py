"""Tamashii: the values a game setup (or game state) document gives the data rules.

The rules themselves are data (`data/tamashii/regles-liste.yaml`): each one selects players
(entries) by the values derived here and bounds a count or a sum. This module only reads the
document defensively (any value may be of the wrong type: the schema reports it, the rules then
see None) and derives:

* the game-wide choices, copied on every player so that `si` conditions can read them
  (`mode`, `partie_*`), and the player's rank (`rang`: list-wide rules measure on player 1);
* whether the game is played alone (`partie_solo`): the solo mode, or one player in the Prologue
  or a cooperative Scenario, which the book plays with the solo changes (l. 1337);
* comparisons between players (a board, class or start tile already taken);
* the distance of a starting bag from the book's bag (`sac_ecart`);
* the state limits of `etat` (`etat_*`).

Nothing of the book's values is written here except what the rules need to compare lists
(the 4 basic data types, 3 of each plus 1 essential); every bound is in the data rules.
"""
from __future__ import annotations

from typing import Any

from ...regles import VueEntree

MODES = ("prologue", "cooperatif", "solo", "competitif")
SEUL_POSSIBLE = ("prologue", "cooperatif")  # modes that become the solo mode with one player
ATOUTS = ("bouclier", "memoire", "puissance", "relance")
TYPES_DE_BASE = 4  # « 128 pions Données de Base (4 types) », l. 155
PAR_TYPE = 3  # étape 4a, l. 272
ESSENTIEL_EN_PLUS = 1  # étape 4b, l. 274
SPECIAUX = ("ouvertes", "corrompues")  # keys of `sac` that are not basic data types
CARTES_GENERATEUR = ("plan", "conditions", "renforcement", "jcj")
GENERATEUR = ("duree", "cartes_generateur", "buts")  # options of the competitive Scenario Generator only
NON_INDIQUE = "non-indique"
AUCUNE = "aucune"
DEPART_ABRI = "abri"
DEPART_DEVASTE = "district-devaste"

# Names of every value this module adds to an entry (declared to the build's rule checks).
CHAMPS_DERIVES = (
    "rang", "mode", "partie_scenario", "partie_reserve", "partie_marche", "partie_temps", "partie_duree",
    "partie_buts", "partie_bot", "partie_bot_batteries", "partie_cartes_ecart", "partie_correspondance",
    "partie_generateur", "partie_solo", "partie_marche_decrit", "partie_reserve_decrite",
    "plateau_en_double", "classe_en_double", "depart", "depart_genre", "depart_en_double", "atouts_total",
    "sac_ecart", "essentielles", "augm_depart", "etat_present", "etat_atout_max", "etat_deverrouillees",
    "etat_integrite_ecart", "etat_integrite_max", "etat_corps_avances", "etat_marcheur_actif_interdit",
    "etat_corps_actif_inconnu", "etat_protocoles", "etat_etape_protocole", "etat_etape_sans_protocole",
    "etat_augm_autre_classe", "etat_casse_utilisee", "etat_augm_depart", "etat_ouvertes", "etat_corrompues",
    "etat_exp",
)


def entier(value: Any) -> int | None:
    """An integer value, or None for anything else (booleans included)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def objet(value: Any) -> dict[str, Any]:
    """A mapping value, or an empty one."""
    return value if isinstance(value, dict) else {}


def liste_de(value: Any) -> list[Any]:
    """A list value, or an empty one."""
    return value if isinstance(value, list) else []


def texte(value: Any) -> str | None:
    """A non-empty string value, or None."""
    return value if isinstance(value, str) and value else None


def _partie(options: dict[str, Any], joueurs: int) -> dict[str, Any]:
    """Game-wide values, copied on every player (`joueurs`: the player count the setup declares)."""
    bot = options.get("bot_jordan")
    cartes = options.get("cartes_generateur")
    mode = options.get("mode") if options.get("mode") in MODES else None
    return {
        "mode": mode,
        "partie_solo": mode == "solo" or (mode in SEUL_POSSIBLE and joueurs == 1),
        "partie_marche_decrit": "marche_des_corps" in options,
        "partie_reserve_decrite": "reserve_corrompues" in options,
        "partie_scenario": texte(options.get("scenario")) or NON_INDIQUE,
        "partie_reserve": entier(options.get("reserve_corrompues")),
        "partie_marche": entier(options.get("marche_des_corps")),
        "partie_temps": entier(options.get("temps")),
        "partie_duree": texte(options.get("duree")),
        "partie_buts": entier(options.get("buts")),
        "partie_bot": "bot_jordan" in options,
        "partie_bot_batteries": entier(objet(bot).get("batteries")) if "bot_jordan" in options else None,
        "partie_cartes_ecart": _ecart_cartes(cartes),
        "partie_correspondance": bool(liste_de(options.get("plateaux"))),
        "partie_generateur": any(k in options for k in GENERATEUR),
    }


def _ecart_cartes(cartes: Any) -> int:
    """How many generator cards differ from one of each of the four kinds drawn at setup."""
    cartes = objet(cartes)
    return sum(abs((entier(cartes.get(k)) or 0) - 1) for k in CARTES_GENERATEUR)


def ecart_sac(sac: Any, essentielles: str | None) -> int:
    """The fewest token changes that turn a bag into the starting bag of step 4.

    The starting bag holds 3 tokens of each of the 4 basic types and 1 more of the essential
    type (13), and no open or corrupted token. Basic types are the player's own labels (their
    names and colours are not in the book); a bag with more than 4 labels counts the smallest
    extra piles as wrong, one with fewer counts the missing types as missing.
    """
    sac = objet(sac)
    counts = {k: max(entier(v) or 0, 0) for k, v in sac.items() if k not in SPECIAUX}
    counts = {k: n for k, n in counts.items() if n > 0}
    ecart = sum(max(entier(sac.get(k)) or 0, 0) for k in SPECIAUX)
    if essentielles is not None:
        counts.setdefault(essentielles, 0)
    others = sorted((k for k in counts if k != essentielles), key=lambda k: -counts[k])
    kept = ([essentielles] if essentielles is not None else []) + others
    extras, kept = kept[TYPES_DE_BASE:], kept[:TYPES_DE_BASE]
    ecart += sum(counts[k] for k in extras)
    for k in kept:
        ecart += abs(counts[k] - (PAR_TYPE + (ESSENTIEL_EN_PLUS if k == essentielles else 0)))
    missing = TYPES_DE_BASE - len(kept)
    ecart += missing * PAR_TYPE + (ESSENTIEL_EN_PLUS if essentielles is None else 0)
    return ecart


def _essentielles(brut: dict[str, Any], correspondance: list[Any]) -> str:
    """`conforme`, `non-conforme` or `non-verifiable`: the essential token against the board's.

    `correspondance` lists the essential type of board 1, then board 2…, as the player read them.
    """
    plateau = entier(brut.get("plateau"))
    attendu = texte(correspondance[plateau - 1]) if plateau is not None and 0 < plateau <= len(correspondance) \
        else None
    donne = texte(brut.get("donnees_essentielles"))
    if attendu is None or donne is None:
        return "non-verifiable"
    return "conforme" if attendu == donne else "non-conforme"


def _augm_depart(value: Any) -> str:
    """The starting augmentations as one comparable word (`commune+coop`), `aucune` when none."""
    if value is None:
        return AUCUNE
    items = value if isinstance(value, list) else [value]
    words = sorted(str(v) if isinstance(v, str) else "?" for v in items)
    return "+".join(words) if words else AUCUNE


def _depart_genre(depart: str | None) -> str | None:
    if depart is None:
        return None
    if depart == DEPART_ABRI:
        return DEPART_ABRI
    return DEPART_DEVASTE if depart.startswith(DEPART_DEVASTE + "-") else "autre"


def _etat(brut: dict[str, Any], classe: str | None) -> dict[str, Any]:
    """The state limits of a player's `etat` (None where a value is absent)."""
    etat = brut.get("etat")
    if not isinstance(etat, dict):
        return {"etat_present": False}
    atouts = [entier(v) for v in objet(etat.get("atouts")).values()]
    atouts = [v for v in atouts if v is not None]
    integrite, integrite_max = entier(etat.get("integrite")), entier(etat.get("integrite_max"))
    corps = etat.get("corps_avances") if isinstance(etat.get("corps_avances"), list) else []
    actif = texte(etat.get("corps_actif"))
    augmentations = [a for a in etat.get("augmentations") or [] if isinstance(a, dict)] \
        if isinstance(etat.get("augmentations"), list) else []
    protocoles = entier(etat.get("protocoles"))
    etape = entier(etat.get("etape_protocole"))
    return {
        "etat_present": True,
        "etat_atout_max": max(atouts, default=None),
        "etat_deverrouillees": entier(etat.get("cases_deverrouillees")),
        "etat_integrite_ecart": integrite - integrite_max if integrite is not None and integrite_max is not None
        else None,
        "etat_integrite_max": integrite_max,
        "etat_corps_avances": len(corps),
        "etat_marcheur_actif_interdit": bool(corps) and actif == "marcheur",
        "etat_corps_actif_inconnu": actif is not None and actif != "marcheur" and actif not in corps,
        "etat_protocoles": protocoles,
        "etat_etape_protocole": etape,
        "etat_etape_sans_protocole": bool(etape) and not protocoles,
        "etat_augm_autre_classe": sum(1 for a in augmentations if a.get("origine") == "classe"
                                      and texte(a.get("classe")) is not None and a.get("classe") != classe),
        "etat_casse_utilisee": sum(1 for a in augmentations if a.get("casse") is True and a.get("utilisee") is True),
        "etat_augm_depart": sum(1 for a in augmentations if a.get("depart") is True),
        "etat_ouvertes": entier(etat.get("donnees_ouvertes")),
        "etat_corrompues": entier(etat.get("donnees_corrompues")),
        "etat_exp": entier(etat.get("exp")),
    }


def deriver(liste: dict[str, Any], vues: list[VueEntree]) -> dict[int, dict[str, Any]]:
    """Derived values of every player (entry index -> values)."""
    options = objet(liste.get("options"))
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    joueurs = entier(liste.get("format"))
    partie = _partie(options, joueurs if joueurs is not None else len(vues))
    correspondance = liste_de(options.get("plateaux"))
    vus: dict[str, set[Any]] = {"plateau": set(), "classe": set(), "depart": set()}
    out: dict[int, dict[str, Any]] = {}
    for rang, vue in enumerate(vues, start=1):
        brut = entrees[vue.index]
        plateau = entier(brut.get("plateau"))
        classe = texte(brut.get("classe"))
        depart = texte(brut.get("tuile_depart"))
        atouts = [entier(v) for v in objet(brut.get("atouts")).values()]
        essentielles = texte(brut.get("donnees_essentielles"))
        derives = {
            **partie,
            "rang": rang,
            "plateau_en_double": plateau is not None and plateau in vus["plateau"],
            "classe_en_double": classe is not None and classe in vus["classe"],
            "depart": depart or NON_INDIQUE,
            "depart_genre": _depart_genre(depart),
            "depart_en_double": depart is not None and depart in vus["depart"],
            "atouts_total": sum(v for v in atouts if v is not None) if "atouts" in brut else None,
            "sac_ecart": ecart_sac(brut.get("sac"), essentielles) if "sac" in brut else None,
            "essentielles": _essentielles(brut, correspondance),
            "augm_depart": _augm_depart(brut.get("augmentations_de_depart")),
            **_etat(brut, classe),
        }
        vus["plateau"].add(plateau)
        vus["classe"].add(classe)
        vus["depart"].add(depart)
        out[vue.index] = derives
    return out
