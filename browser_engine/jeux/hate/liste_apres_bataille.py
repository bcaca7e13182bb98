"""Hate play mode, after a battle: the chronicle log entry of the battle just played.

The play page (« Fin de la bataille ») walks the player through the steps of `partie.apres_bataille`
(the intermission, l. 974-985) and sends what was picked; this module offers the choices
(`formulaire`: the open affrontements, the map's territories, the scenarios, the roster's figures,
the upgrades of the list's tribe, all by name) and writes the battle into the list's `journal`
(`ajouter_bataille`), checked by the Hate checker (`liste_journal.py`). Only what the log format
holds is written: target, scenario, winner, figures killed and upgrades gained; nothing is guessed.
"""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from typing import Any

from ... import bundle
from ...errors import ErreurEntree
from ...partie import _details_entrees, _nom_entree, _nom_role
from ...validation import valider

CATEGORIES = ("amélioration générique", "amélioration spécifique", "amélioration de mission")
TITRES = {"amélioration générique": "Améliorations génériques", "amélioration spécifique": "Améliorations de votre tribu",
          "amélioration de mission": "Améliorations de mission"}
IDENT = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_NOM = 60
MAX_FIGURES = 40
MAX_HAINE = 9999  # the log schema's bound
ACCENTS = str.maketrans("àâäáãçéèêëíìîïñóòôöõúùûüýÿœæ", "aaaaaceeeeiiiinooooouuuuyyoa")


def identifiant(nom: Any) -> str | None:
    """A name typed by the player as a log id (`Le Gué` -> `le-gue`), or None when nothing is left."""
    if not isinstance(nom, str):
        return None
    texte = nom.strip().lower().translate(ACCENTS)
    ident = re.sub(r"[^a-z0-9]+", "-", texte).strip("-")[:MAX_NOM].strip("-")
    return ident or None


def nom_lisible(ident: str) -> str:
    """A log id shown to the player (`autre-fiche` -> `Autre fiche`)."""
    return ident[:1].upper() + ident[1:].replace("-", " ")


def _dict(valeur: Any) -> dict[str, Any]:
    return valeur if isinstance(valeur, dict) else {}


def _liste(valeur: Any) -> list[Any]:
    return valeur if isinstance(valeur, list) else []


def _texte(valeur: Any) -> str | None:
    return valeur.strip() if isinstance(valeur, str) and valeur.strip() else None


def _journal(liste: dict[str, Any]) -> dict[str, Any]:
    """The list's log, or an ErreurEntree saying what the walkthrough needs."""
    journal = liste.get("journal")
    noms = [_texte(_dict(j).get("nom")) for j in _liste(_dict(journal).get("joueurs"))]
    if not isinstance(journal, dict) or len([n for n in noms if n]) < 2:
        raise ErreurEntree("Cette liste n'a pas de journal de chronique avec ses joueurs : ajoutez-le dans « Composer "
                           "et vérifier » (clé journal) pour y noter vos batailles.")
    return journal


def _joueurs(journal: dict[str, Any]) -> list[str]:
    return [n for n in (_texte(_dict(j).get("nom")) for j in _liste(journal.get("joueurs"))) if n]


def _attaquant(affrontement: dict[str, Any], joueurs: list[str], rang: int) -> str | None:
    """Who attacks battle `rang` (0 or 1): the affrontement's attacker, then the other (l. 298-300)."""
    attaquant = _texte(affrontement.get("attaquant"))
    if attaquant is None or attaquant not in joueurs:
        return None
    return attaquant if rang == 0 else next((j for j in joueurs if j != attaquant), None)


def _ouverts(journal: dict[str, Any]) -> list[dict[str, Any]]:
    """The affrontements with fewer than 2 battles, each with its next battle's attacker."""
    moi = _texte(journal.get("joueur"))
    out = []
    for i, brut in enumerate(_liste(journal.get("affrontements"))):
        affrontement = _dict(brut)
        joueurs = [j for j in (_texte(x) for x in _liste(affrontement.get("joueurs"))) if j]
        batailles = len(_liste(affrontement.get("batailles")))
        if len(joueurs) != 2 or batailles >= 2:
            continue
        out.append({"index": i, "numero": i + 1, "joueurs": joueurs, "batailles": batailles,
                    "attaquant": _attaquant(affrontement, joueurs, batailles),
                    "avec_moi": moi in joueurs if moi else True,
                    "nom": f"{i + 1} : {joueurs[0]} contre {joueurs[1]} ({'1re' if batailles == 0 else '2e'} bataille)"})
    out.sort(key=lambda a: (not a["avec_moi"], a["index"]))
    return out


def _territoires(journal: dict[str, Any]) -> tuple[list[dict[str, str]], bool]:
    """The targets to pick from: the copied map (home territories excluded), else the targets used so far."""
    carte = [_dict(t) for t in _liste(journal.get("territoires"))]
    idents = [(_texte(t.get("id")), _texte(t.get("sorte"))) for t in carte]
    if any(i for i, _ in idents):
        return [{"id": i, "nom": nom_lisible(i)} for i, sorte in idents if i and sorte != "origine"], True
    vus: list[str] = []
    for affrontement in _liste(journal.get("affrontements")):
        for bataille in _liste(_dict(affrontement).get("batailles")):
            cible = _texte(_dict(bataille).get("cible"))
            if cible and cible not in vus:
                vus.append(cible)
    if "capitale" not in vus:
        vus.append("capitale")
    return [{"id": i, "nom": nom_lisible(i)} for i in vus], False


def _scenarios(donnees: dict[str, Any], journal: dict[str, Any]) -> list[dict[str, str]]:
    """The book's scenarios, then the other sheets already written in the log (by their id)."""
    out = [{"id": s["id"], "nom": s["nom"]} for s in _liste(donnees.get("scenarios"))
           if isinstance(s, dict) and isinstance(s.get("id"), str) and isinstance(s.get("nom"), str)]
    connus = {s["id"] for s in out}
    for affrontement in _liste(journal.get("affrontements")):
        for bataille in _liste(_dict(affrontement).get("batailles")):
            ident = _texte(_dict(bataille).get("scenario"))
            if ident and IDENT.match(ident) and ident not in connus:
                connus.add(ident)
                out.append({"id": ident, "nom": nom_lisible(ident)})
    return out


def _figurines(donnees: dict[str, Any], liste: dict[str, Any], rapport: dict[str, Any]) -> list[dict[str, Any]]:
    """The roster's entries by number (1 = first), as the log names them, with a readable name."""
    details = _details_entrees(rapport)
    out = []
    for i, entree in enumerate(_liste(liste.get("entrees"))[:MAX_FIGURES]):
        detail = details.get(i)
        nom = _nom_entree(entree, detail, i)
        role = _nom_role(donnees, _dict(entree).get("type"))
        out.append({"numero": i + 1, "nom": f"{i + 1}. {nom}" + (f" ({role})" if role and role != nom else "")})
    return out


def _ameliorations(donnees: dict[str, Any], liste: dict[str, Any]) -> list[dict[str, Any]]:
    """The upgrade cards the log may name, grouped; tribe upgrades only for the list's tribe."""
    tribu = _dict(liste.get("options")).get("tribu")
    groupes: dict[str, list[dict[str, str]]] = {c: [] for c in CATEGORIES}
    for carte in _liste(donnees.get("capacites")):
        if not isinstance(carte, dict) or carte.get("categorie") not in groupes:
            continue
        if carte["categorie"] == "amélioration spécifique" and _dict(carte.get("proprietes")).get("tribu") != tribu:
            continue
        groupes[carte["categorie"]].append({"id": carte["id"], "nom": carte["nom"], "resume": carte.get("resume") or ""})
    return [{"titre": TITRES[c], "cartes": cartes} for c, cartes in groupes.items() if cartes]


def formulaire(donnees: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    """The choices of the « Fin de la bataille » walkthrough for a chronicle list.

    Args:
        donnees: the Hate bundle.
        liste: the list document, with its `journal`.

    Returns:
        `etapes` (name, rule link, help, what each writes), `joueur`, `joueurs`, the open
        `affrontements`, `territoires` (with `carte`: whether the map was copied), `scenarios`,
        `figurines` and `ameliorations`, every choice with its name.

    Raises:
        ErreurEntree: not a Hate list, or a list without a chronicle log.

    """
    if bundle.identifiant(donnees) != "hate":
        raise ErreurEntree("« Fin de la bataille » ne sert qu'aux chroniques de Hate.")
    journal = _journal(liste)
    apres = _dict(_dict(donnees.get("partie")).get("apres_bataille"))
    territoires, carte = _territoires(journal)
    return {
        "lien": bundle.ancre(donnees, apres.get("regle")),
        "etapes": [{"id": e["id"], "nom": e["nom"], "lien": bundle.ancre(donnees, e["regle"]), "aide": e.get("aide"),
                    "saisie": e.get("saisie")} for e in _liste(apres.get("etapes"))],
        "joueur": _texte(journal.get("joueur")), "joueurs": _joueurs(journal), "affrontements": _ouverts(journal),
        "territoires": territoires, "carte": carte, "scenarios": _scenarios(donnees, journal),
        "figurines": _figurines(donnees, liste, valider(donnees, liste)), "ameliorations": _ameliorations(donnees, liste),
    }


def _nom_joueur(valeur: Any, joueurs: list[str], quoi: str) -> str:
    nom = _texte(valeur)
    if nom is None or nom not in joueurs:
        raise ErreurEntree(f"{quoi} : choisissez l'un des joueurs de la chronique ({', '.join(joueurs)}).")
    return nom


def _ident(saisie: dict[str, Any], cle: str, quoi: str) -> str:
    """An id picked from a list, or a name typed by the player (`<cle>_nom`) turned into one."""
    ident = _texte(saisie.get(cle))
    if ident is None or not IDENT.match(ident) or len(ident) > MAX_NOM:
        ident = identifiant(saisie.get(f"{cle}_nom"))
    if ident is None:
        raise ErreurEntree(f"{quoi} : choisissez-le dans la liste ou écrivez son nom.")
    return ident


def _numeros(valeurs: Any, figurines: int, quoi: str) -> list[int]:
    out: list[int] = []
    for v in _liste(valeurs)[:MAX_FIGURES]:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= figurines:
            raise ErreurEntree(f"{quoi} : {v!r} n'est pas une figurine de la liste (1 à {figurines}).")
        if v not in out:
            out.append(v)
    return sorted(out)


def _affrontement(journal: dict[str, Any], saisie: dict[str, Any], joueurs: list[str]) -> tuple[int, dict[str, Any]]:
    """The affrontement the battle joins (an open one, or a new one appended with its attacker)."""
    affrontements = journal.setdefault("affrontements", [])
    if not isinstance(affrontements, list):
        raise ErreurEntree("Le journal a une clé affrontements qui n'est pas une liste : corrigez-la dans « Composer et vérifier ».")
    index = saisie.get("affrontement")
    if isinstance(index, int) and not isinstance(index, bool):
        ouverts = {a["index"] for a in _ouverts(journal)}
        if index not in ouverts:
            raise ErreurEntree(f"L'affrontement {index + 1} n'attend plus de bataille : choisissez-en un autre.")
        affrontement = affrontements[index]
        if not _liste(affrontement.get("batailles")) and _texte(affrontement.get("attaquant")) is None:
            paire = [j for j in (_texte(x) for x in _liste(affrontement.get("joueurs"))) if j]
            affrontement["attaquant"] = _nom_joueur(saisie.get("attaquant"), paire, "Attaquant de la 1re bataille")
        return index, affrontement
    paire = [_nom_joueur(saisie.get("joueur_1"), joueurs, "Premier joueur"),
             _nom_joueur(saisie.get("joueur_2"), joueurs, "Second joueur")]
    if paire[0] == paire[1]:
        raise ErreurEntree("Un affrontement oppose 2 joueurs différents.")
    nouveau = {"numero": len(affrontements) + 1, "joueurs": paire,
               "attaquant": _nom_joueur(saisie.get("attaquant"), paire, "Attaquant de la 1re bataille")}
    affrontements.append(nouveau)
    return len(affrontements) - 1, nouveau


def _haine(valeurs: Any, joueurs: list[str]) -> dict[str, int]:
    """The Haine totals typed for a capital target (l. 327-329), by player; blanks are left out."""
    out: dict[str, int] = {}
    for nom, valeur in _dict(valeurs).items():
        if valeur is None or valeur == "":
            continue
        if nom not in joueurs:
            raise ErreurEntree(f"Haine : « {nom} » n'est pas un joueur de la chronique.")
        if not isinstance(valeur, int) or isinstance(valeur, bool) or not 0 <= valeur <= MAX_HAINE:
            raise ErreurEntree(f"Haine de {nom} : un nombre entier de 0 à {MAX_HAINE}.")
        out[nom] = valeur
    return out


def _bataille(saisie: dict[str, Any], joueurs: list[str], figurines: int, tous: list[str]) -> dict[str, Any]:
    bataille: dict[str, Any] = {"cible": _ident(saisie, "cible", "Territoire visé"),
                                "scenario": _ident(saisie, "scenario", "Scénario"),
                                "vainqueur": _nom_joueur(saisie.get("vainqueur"), joueurs, "Vainqueur")}
    haine = _haine(saisie.get("haine"), tous)
    if haine:
        bataille["haine"] = haine
    tuees = _numeros(saisie.get("tuees"), figurines, "Figurines tuées")
    if tuees:
        bataille["tuees"] = tuees
    gains = []
    for gain in _liste(saisie.get("ameliorations"))[:MAX_FIGURES]:
        figure = _numeros([_dict(gain).get("figure")], figurines, "Amélioration gagnée")
        carte = _texte(_dict(gain).get("amelioration"))
        if not figure or carte is None or not IDENT.match(carte):
            raise ErreurEntree("Amélioration gagnée : choisissez la figurine et la carte.")
        if figure[0] in tuees:
            raise ErreurEntree(f"La figurine {figure[0]} est tuée : seules les figurines restées debout gagnent une "
                               "amélioration.")
        gains.append({"figure": figure[0], "amelioration": carte})
    if gains:
        bataille["ameliorations_gagnees"] = gains
    return bataille


def _cles(erreurs: Any) -> Counter[tuple[str, str]]:
    return Counter((str(e.get("code")), str(e.get("message"))) for e in _liste(erreurs) if isinstance(e, dict))


def ajouter_bataille(donnees: dict[str, Any], liste: dict[str, Any], saisie: Any) -> dict[str, Any]:
    """Write the battle the player just finished into a copy of the list's log, and check it.

    Args:
        donnees: the Hate bundle.
        liste: the list document, with its `journal` (left unchanged).
        saisie: what the walkthrough picked: `affrontement` (an open one's index) or `joueur_1`,
            `joueur_2`, `attaquant` (a new one); `cible` or `cible_nom`, `scenario` or
            `scenario_nom`, `vainqueur`, `haine` ({player: total}, for a capital target), `tuees`
            (entry numbers), `ameliorations` ([{figure, amelioration}]).

    Returns:
        `liste` (the new document), `texte` (it as YAML), `chemin` (the battle's pointer),
        `valide`, `erreurs` (count) and `nouvelles`: the checker's errors the battle brings
        ({message, regle}), empty when the log still passes.

    Raises:
        ErreurEntree: a choice that is missing or not among those offered.

    """
    if not isinstance(saisie, dict):
        raise ErreurEntree("Rien à écrire : la saisie de fin de bataille est vide.")
    nouvelle = copy.deepcopy(liste)
    journal = _journal(nouvelle)
    index, affrontement = _affrontement(journal, saisie, _joueurs(journal))
    paire = [j for j in (_texte(x) for x in _liste(affrontement.get("joueurs"))) if j]
    bataille = _bataille(saisie, paire, len(_liste(nouvelle.get("entrees"))), _joueurs(journal))
    batailles = affrontement.setdefault("batailles", [])
    batailles.append(bataille)
    avant = _cles(valider(donnees, liste).get("erreurs"))
    rapport = valider(donnees, nouvelle)
    nouvelles = []
    for erreur in _liste(rapport.get("erreurs")):
        cle = (str(erreur.get("code")), str(erreur.get("message")))
        if avant[cle] > 0:
            avant[cle] -= 1
            continue
        nouvelles.append({"message": erreur.get("message"), "regle": erreur.get("regle")})
    return {"liste": nouvelle, "texte": texte_yaml(nouvelle),
            "chemin": f"/journal/affrontements/{index}/batailles/{len(batailles) - 1}",
            "valide": bool(rapport.get("valide")), "erreurs": len(_liste(rapport.get("erreurs"))), "nouvelles": nouvelles}


def action_apres_bataille(donnees: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The worker's `apres-bataille` request: `{action, liste, etape: "formulaire" | "ajouter", saisie}`."""
    if requete.get("etape") == "ajouter":
        if bundle.identifiant(donnees) != "hate":
            raise ErreurEntree("« Fin de la bataille » ne sert qu'aux chroniques de Hate.")
        return ajouter_bataille(donnees, liste, requete.get("saisie"))
    return formulaire(donnees, liste)


# --- the list written back as YAML -----------------------------------------------------------------

CLE_SIMPLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
TEXTE_SIMPLE = re.compile(r"^[A-Za-z][A-Za-z0-9 _-]*$")
MOTS_RESERVES = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def _scalaire(valeur: Any) -> str:
    if isinstance(valeur, bool):
        return "true" if valeur else "false"
    if valeur is None:
        return "null"
    if isinstance(valeur, (int, float)):
        return json.dumps(valeur)
    texte = str(valeur)
    if TEXTE_SIMPLE.match(texte) and texte == texte.strip() and texte.lower() not in MOTS_RESERVES:
        return texte
    return json.dumps(texte, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def _cle(cle: Any) -> str:
    texte = str(cle)
    return texte if CLE_SIMPLE.match(texte) and texte.lower() not in MOTS_RESERVES else json.dumps(texte, ensure_ascii=False)


def _en_ligne(valeur: Any) -> str | None:
    """A short flow form (`[1, 2]`, `{figure: 1, amelioration: a-01}`) for a list or map of scalars."""
    if isinstance(valeur, list) and all(not isinstance(v, (list, dict)) for v in valeur):
        return "[" + ", ".join(_scalaire(v) for v in valeur) + "]"
    if isinstance(valeur, dict) and not valeur:
        return "{}"
    if isinstance(valeur, dict) and all(not isinstance(v, (list, dict)) for v in valeur.values()):
        texte = "{" + ", ".join(f"{_cle(k)}: {_scalaire(v)}" for k, v in valeur.items()) + "}"
        return texte if len(texte) <= 100 else None
    return None


def _lignes(valeur: Any, retrait: int) -> list[str]:
    pas = " " * retrait
    lignes: list[str] = []
    if isinstance(valeur, dict):
        for cle, v in valeur.items():
            court = _en_ligne(v) if isinstance(v, (list, dict)) else _scalaire(v)
            if court is not None and not (isinstance(v, dict) and v and retrait == 0):
                lignes.append(f"{pas}{_cle(cle)}: {court}")
            else:
                lignes.append(f"{pas}{_cle(cle)}:")
                lignes += _lignes(v, retrait + 2)
    elif isinstance(valeur, list):
        for v in valeur:
            court = _en_ligne(v) if isinstance(v, (list, dict)) else _scalaire(v)
            if court is not None:
                lignes.append(f"{pas}- {court}")
            else:
                interieur = _lignes(v, retrait + 2)
                lignes.append(f"{pas}- {interieur[0].lstrip()}")
                lignes += interieur[1:]
    return lignes


def texte_yaml(document: dict[str, Any]) -> str:
    """A list document as block YAML (strings quoted whenever plain YAML could misread them)."""
    return "\n".join(_lignes(document, 0)) + "\n"
