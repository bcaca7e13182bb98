"""Lists pinned to a data version: what a rules update changes for one list.

A list names the version of the game data it was built for (`version_donnees`). The bundle carries
the game's changelog (`versions`, oldest first: the last one is the current data). For a list built
for an older version, `action_versions` compares the frozen bundle of that version (passed in the
request as `donnees_version`) with the current one, for the ids the list uses: costs, limits and
rules that changed, and the verdict of the checker then and now.
"""
from __future__ import annotations

from typing import Any

from .bundle import identifiant, schema_liste
from .messages import Noms, rendu_joueur
from .validation import valider
from .versions_journal import CHAMP, cle_version, journal, montre, situer, version_actuelle

# Fields that say where a fact comes from or how it is shown, not what the rule is.
CHAMPS_IGNORES = {"id", "source", "formes", "page", "ordre", "resume", "interpretation"}
# Fields of a list rule (regles_liste) that decide what is counted and how far it may go.
CHAMPS_LIMITES_REGLE = {"borne", "excedent", "compte", "somme", "selecteur", "si", "portee", "longueur"}
NOMS_CHAMPS = {"cout": "coût", "texte": "texte de la règle", "borne": "limite", "selecteur": "ce qui est compté",
               "severite": "gravité", "message": "message"}
NATURES = {"cout": "Coût", "limites": "Limites", "regles": "Règles", "ajout": "Ajout", "retrait": "Retrait"}


# --- what changed in the data ---------------------------------------------------------------------

def _par_id(donnees_jeu: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """Every entry of a bundle by id, with its kind."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for cle, valeur in donnees_jeu.items():
        if cle in ("jeu", "ancres", "schemas", "versions") or not isinstance(valeur, list):
            continue
        for entree in valeur:
            if isinstance(entree, dict) and isinstance(entree.get("id"), str):
                out.setdefault(entree["id"], (cle, entree))
    return out


def _borne(valeur: Any) -> str:
    """A list rule's bound in words: « au plus 2 », « entre 1 et 3 »."""
    if not isinstance(valeur, dict):
        return montre(valeur)
    mots = {"exact": "exactement", "min": "au moins", "max": "au plus"}
    parties = [f"{mots[k]} {montre(valeur[k])}" for k in ("exact", "min", "max") if k in valeur]
    return ", ".join(parties) or montre(valeur)


def _nature_champ(genre: str, champ: str) -> str:
    if "cout" in champ or champ == "prix":
        return "cout"
    if (genre == "regles_liste" and champ in CHAMPS_LIMITES_REGLE) or champ in ("max", "min", "limite", "maximum"):
        return "limites"
    return "regles"


def difference(ancienne: tuple[str, dict[str, Any]] | None,
               actuelle: tuple[str, dict[str, Any]] | None) -> list[dict[str, str]]:
    """What changed in one entry between two bundles: `[{nature, texte}]`, empty when nothing did."""
    if ancienne is None and actuelle is None:
        return []
    if ancienne is None:
        return [{"nature": "ajout", "texte": "Entrée ajoutée aux données."}]
    if actuelle is None:
        return [{"nature": "retrait", "texte": "Entrée retirée des données."}]
    genre, avant = ancienne
    apres = actuelle[1]
    par_nature: dict[str, list[str]] = {}
    for champ in sorted(set(avant) | set(apres)):
        if champ in CHAMPS_IGNORES or avant.get(champ) == apres.get(champ):
            continue
        nature = _nature_champ(genre, champ)
        if champ == "borne":
            texte = f"limite {_borne(avant.get(champ))} → {_borne(apres.get(champ))}"
        elif nature in ("cout", "limites") and not isinstance(apres.get(champ), (dict, list)):
            texte = f"{NOMS_CHAMPS.get(champ, champ)} {montre(avant.get(champ, '—'))} → {montre(apres.get(champ, '—'))}"
        else:
            texte = f"{NOMS_CHAMPS.get(champ, champ)} modifié"
        par_nature.setdefault(nature, []).append(texte)
    return [{"nature": nature, "texte": _phrase("; ".join(textes))} for nature, textes in par_nature.items()]


def _phrase(texte: str) -> str:
    return texte[:1].upper() + texte[1:] + "."


def _ids_de(valeur: Any, connus: set[str]) -> list[str]:
    """The data ids a list value mentions (strings, and keys of count maps), in order, once each."""
    trouves: list[str] = []
    pile = [valeur]
    while pile:
        v = pile.pop(0)
        if isinstance(v, str) and v in connus and v not in trouves:
            trouves.append(v)
        elif isinstance(v, list):
            pile.extend(v)
        elif isinstance(v, dict):
            pile.extend(k for k in v if k in connus)
            pile.extend(v.values())
    return trouves


def _changements_annonces(donnees_jeu: dict[str, Any], depuis: str) -> list[dict[str, Any]]:
    """The changelog's changes of every version after `depuis`, each with its version."""
    out = []
    for version in journal(donnees_jeu):
        if cle_version(version["version"]) <= cle_version(depuis):
            continue
        for changement in version.get("changements") or []:
            if isinstance(changement, dict):
                out.append({**changement, "version": version["version"]})
    return out


# --- verdicts -------------------------------------------------------------------------------------

def verdict(rapport: dict[str, Any]) -> dict[str, Any]:
    """The part of a report the comparison shows: verdict, cost, errors."""
    return {"valide": rapport["valide"], "cout": rapport.get("cout"), "budget": rapport.get("budget"),
            "erreurs": [{k: e.get(k) for k in ("code", "message", "chemin")} for e in rapport["erreurs"]],
            "avertissements": len(rapport.get("avertissements") or [])}


def _cout_entree(rapport: dict[str, Any] | None, index: int) -> Any:
    details = (rapport or {}).get("details") or {}
    for ligne in details.get("entrees") or []:
        if isinstance(ligne, dict) and ligne.get("index") == index:
            return ligne.get("cout_total", ligne.get("cout"))
    return None


def _message(e: dict[str, Any], noms: Noms | None) -> str:
    """An error in the player's words (fields by their labels, values by their names)."""
    parties = e.get("parties")
    if noms is None or not isinstance(parties, list) or not parties:
        return str(e["message"])
    texte = rendu_joueur(parties, noms.schema, None, noms).strip()
    return texte[:1].upper() + texte[1:]


def _erreurs_sous(rapport: dict[str, Any] | None, prefixe: str, noms: Noms | None = None) -> set[tuple[str, str]]:
    return {(e["code"], _message(e, noms)) for e in (rapport or {}).get("erreurs", [])
            if e["chemin"] == prefixe or e["chemin"].startswith(prefixe + "/")}


def _erreurs_hors_entrees(rapport: dict[str, Any] | None, noms: Noms | None = None) -> set[str]:
    """Messages of the errors about the whole list (not inside one entry), in the player's words."""
    return {_message(e, noms) for e in (rapport or {}).get("erreurs", []) if not e["chemin"].startswith("/entrees/")}


def _pour_anciennes_donnees(ancien: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    """The list as the old data's schema knows it (a schema older than `version_donnees` lacks the field)."""
    schema = (ancien.get("schemas") or {}).get("liste") or {}
    if CHAMP in (schema.get("properties") or {}):
        return liste
    return {k: v for k, v in liste.items() if k != CHAMP}


def _donnees_version(donnees_jeu: dict[str, Any], requete: dict[str, Any], version: str) -> dict[str, Any] | None:
    """The frozen bundle of `version` from the request, if it is one of this game at that version."""
    ancien = requete.get("donnees_version")
    if not isinstance(ancien, dict):
        return None
    try:
        meme_jeu = identifiant(ancien) == identifiant(donnees_jeu)
    except Exception:  # noqa: BLE001 - anything else than a bundle is refused the same way
        return None
    return ancien if meme_jeu and version_actuelle(ancien) == version and _par_id(ancien) else None


# --- the action -----------------------------------------------------------------------------------

def comparer(donnees_jeu: dict[str, Any], liste: dict[str, Any], ancien: dict[str, Any] | None,
             depuis: str) -> dict[str, Any]:
    """Compare a list under the data of version `depuis` (`ancien`, may be missing) and now.

    Returns:
        `entrees` (per list entry: `index`, `chemin`, `nom`, `changements` [{id, nom, nature, texte,
        version?}], `cout_avant`, `cout_maintenant`, `erreurs_nouvelles`, `erreurs_levees`), `regles`
        (list-wide changes: list rules and options), `avant` and `maintenant` verdicts.

    """
    maintenant = valider(donnees_jeu, liste)
    noms = Noms(schema_liste(donnees_jeu), donnees_jeu).nommer_cartes(liste)
    avant = valider(ancien, _pour_anciennes_donnees(ancien, liste)) if ancien else None
    actuelles = _par_id(donnees_jeu)
    anciennes = _par_id(ancien) if ancien else {}
    connus = set(actuelles) | set(anciennes)
    annonces = _changements_annonces(donnees_jeu, depuis)
    for changement in annonces:
        connus.update(i for i in changement.get("ids") or [] if isinstance(i, str))

    def changements(ids: list[str]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for entry_id in ids:
            nom = (actuelles.get(entry_id) or anciennes.get(entry_id) or ("", {"nom": entry_id}))[1].get("nom", entry_id)
            for c in annonces:
                if entry_id in (c.get("ids") or []):
                    out.append({"id": entry_id, "nom": nom, "nature": c.get("nature"), "texte": c.get("texte"),
                                "version": c["version"]})
            if ancien:
                for d in difference(anciennes.get(entry_id), actuelles.get(entry_id)):
                    out.append({"id": entry_id, "nom": nom, **d, "releve": True})
        return out

    entrees = []
    for index, entree in enumerate(liste.get("entrees") or []):
        chemin = f"/entrees/{index}"
        ids = _ids_de(entree, connus)
        ligne = {"index": index, "chemin": chemin, "nom": _nom_entree(maintenant, entree, index, actuelles),
                 "changements": changements(ids), "cout_avant": _cout_entree(avant, index),
                 "cout_maintenant": _cout_entree(maintenant, index)}
        nouvelles = _erreurs_sous(maintenant, chemin, noms) - _erreurs_sous(avant, chemin, noms) if avant else set()
        levees = _erreurs_sous(avant, chemin, noms) - _erreurs_sous(maintenant, chemin, noms) if avant else set()
        ligne["erreurs_nouvelles"] = sorted(m for _, m in nouvelles)
        ligne["erreurs_levees"] = sorted(m for _, m in levees)
        if ligne["changements"] or nouvelles or levees or (avant and ligne["cout_avant"] != ligne["cout_maintenant"]):
            entrees.append(ligne)
    ids_liste = set(_ids_de(liste.get("entrees"), connus)) | set(_ids_de(liste.get("options"), connus))
    hors_entrees = [_erreurs_hors_entrees(r, noms) for r in (avant, maintenant)] if avant else [set(), set()]
    return {"entrees": entrees, "erreurs_liste_nouvelles": sorted(hors_entrees[1] - hors_entrees[0]),
            "erreurs_liste_levees": sorted(hors_entrees[0] - hors_entrees[1]), "regles": _regles_touchees(changements, liste, ids_liste, actuelles, anciennes,
                                                           annonces, avant, maintenant),
            "avant": verdict(avant) if avant else None, "maintenant": verdict(maintenant)}


def _regles_touchees(changements: Any, liste: dict[str, Any], ids_liste: set[str],
                     actuelles: dict[str, tuple[str, dict[str, Any]]], anciennes: dict[str, tuple[str, dict[str, Any]]],
                     annonces: list[dict[str, Any]], avant: dict[str, Any] | None,
                     maintenant: dict[str, Any]) -> list[dict[str, Any]]:
    """List-wide changes: the list's options, and the list rules that bear on this list."""
    options = changements(_ids_de(liste.get("options"), set(actuelles) | set(anciennes)))
    codes = {e["code"] for r in (avant, maintenant) if r for e in r["erreurs"]}
    regles = [i for i, (genre, _) in {**anciennes, **actuelles}.items() if genre == "regles_liste"]
    regles += [i for c in annonces for i in c.get("ids") or []
               if i not in actuelles and i not in anciennes and i not in regles]  # removed, no old data
    touchees = []
    for regle_id in regles:
        regle = (actuelles.get(regle_id) or anciennes.get(regle_id) or ("", {}))[1]
        mentionnes = set(_ids_de({k: regle.get(k) for k in ("selecteur", "si")}, set(actuelles) | set(anciennes)))
        if mentionnes and not mentionnes & ids_liste and regle.get("code") not in codes:
            continue  # a rule about entries this list does not use
        touchees.extend(changements([regle_id]))
    return options + touchees


def _nom_entree(rapport: dict[str, Any], entree: Any, index: int, actuelles: dict[str, Any]) -> str:
    """An entry's name as the report shows it, else its own name, else « Entrée N »."""
    for ligne in (rapport.get("details") or {}).get("entrees") or []:
        if isinstance(ligne, dict) and ligne.get("index") == index and isinstance(ligne.get("nom"), str):
            return ligne["nom"]
    if isinstance(entree, dict) and isinstance(entree.get("nom"), str) and entree["nom"].strip():
        return entree["nom"].strip()
    return f"Entrée {index + 1}"


def action_versions(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The `versions` request: where the list's data version stands and, if older, what changed for it.

    Args:
        donnees_jeu: the current bundle.
        liste: the list document.
        requete: `{action: "versions", liste, donnees_version?}`: the frozen bundle of the list's version,
            when the page could load it.

    Returns:
        `situer`'s fields, `versions` (the versions published since, with their summary),
        `donnees_anciennes` (whether the old data was there to check the list against), and for an
        older version `comparer`'s fields.

    """
    situation = situer(donnees_jeu, liste.get(CHAMP))
    out: dict[str, Any] = {**situation, "versions": [], "donnees_anciennes": False, "entrees": [], "regles": [],
                           "erreurs_liste_nouvelles": [], "erreurs_liste_levees": [], "avant": None, "maintenant": None}
    if situation["statut"] != "ancienne":
        return out
    depuis = situation["liste"]
    out["versions"] = [{k: v.get(k) for k in ("version", "date", "resume")} for v in journal(donnees_jeu)
                       if cle_version(v["version"]) > cle_version(depuis)]
    ancien = _donnees_version(donnees_jeu, requete, depuis)
    out["donnees_anciennes"] = ancien is not None
    if ancien is None:
        out["message"] += (f" Les données de la version {depuis} ne sont pas disponibles ici : seuls les "
                           "changements annoncés dans le journal des versions sont montrés, sans le verdict d'alors.")
    out.update(comparer(donnees_jeu, liste, ancien, depuis))
    return out
