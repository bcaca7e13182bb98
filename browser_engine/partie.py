"""Play mode (« Jouer cette liste »): the sheets a list gives at the table.

The game's `partie` data (`data/<jeu>/partie.yaml`) says what is tracked: counters with their
start and bounds, statuses, the turn sequence. This module reads the list (and the cards the
validation resolved) and returns one sheet per figure, unit or player, each counter with its
start and bounds. A bound the book does not give comes from the list or the player's cards; when
they do not give it either, the counter carries a French `manquant` message and no value: nothing
is ever defaulted here.
"""
from __future__ import annotations

import re
from typing import Any

from . import bundle
from .errors import ErreurEntree
from .partie_ajouts import ajouts_partie
from .partie_bornes import bornes_et_depart, champ, schema_entree, schema_liste, suivre
from .partie_bornes import entier as _entier
from .partie_bornes import pointeur as _pointeur
from .partie_jets import Jets
from .partie_profil import Profils
from .partie_remises import remises_partie
from .validation import valider

Fiche = dict[str, Any]


def _nom_role(donnees: dict[str, Any], role: Any) -> str | None:
    """A sheet's role as the player reads it, never an id.

    The data entry's name (a caste, a profile), the list schema's name of an enum value
    (`x-noms`), else the word itself with a capital; a role that is already a name is kept.
    """
    if not isinstance(role, str) or not role:
        return None
    entree = bundle.entrees_du_jeu(donnees).get(role)
    if isinstance(entree, dict) and isinstance(entree.get("nom"), str):
        return entree["nom"]
    schema = schema_liste(donnees)
    for noeud in (schema_entree(donnees).get("properties") or {}).values():
        noms = suivre(schema, noeud).get("x-noms")
        if isinstance(noms, dict) and isinstance(noms.get(role), str):
            return noms[role]
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", role):
        return role  # already a name (the checker's « Jeune-sang », « Mercenaire (…) »)
    return role[:1].upper() + role[1:].replace("-", " ")


def _champ(donnees: dict[str, Any], fiche: Fiche, pointeur: str) -> Any:
    return champ(donnees, fiche.get("_entree"), pointeur)


def _borne(donnees: dict[str, Any], liste: dict[str, Any], fiche: Fiche, borne: Any,
           nom: str) -> tuple[int | None, str | None]:
    """A bound's value for one sheet, or None with the French reason it is missing."""
    if not isinstance(borne, dict):
        return None, None
    if "valeur" in borne:
        return _entier(borne["valeur"]), None
    if "champ" in borne:
        valeur = _entier(_champ(donnees, fiche, borne["champ"]))
        if valeur is None:
            valeur = _entier(borne.get("sinon"))  # the book's value when the list leaves the field out
        if valeur is None:
            return None, f"« {nom} » : la liste ne le donne pas pour {fiche['nom']} (champ {borne['champ'].strip('/')})."
        return valeur + int(borne.get("plus", 0)), None
    if "carte" in borne:
        valeur = _entier(_pointeur(fiche.get("_carte") or {}, borne["carte"]))
        if valeur is None:
            return None, (f"« {nom} » : absent de la carte de {fiche['nom']} ; recopiez-le de votre carte "
                          "dans la liste ou le catalogue.")
        return valeur + int(borne.get("plus", 0)), None
    if "option" in borne:
        valeur = _entier(_pointeur(liste.get("options") or {}, borne["option"]))
        if valeur is None:
            return None, f"« {nom} » : la liste ne donne pas l'option « {borne['option'].strip('/')} »."
        return valeur, None
    return None, None


def _compteur(donnees: dict[str, Any], liste: dict[str, Any], fiche: Fiche, decl: dict[str, Any]) -> dict[str, Any]:
    nom = decl["nom"]
    (bas, manque_bas), (haut, manque_haut), (depart, manque_depart) = bornes_et_depart(
        decl, lambda borne: _borne(donnees, liste, fiche, borne, nom))
    if depart is not None and ((bas is not None and depart < bas) or (haut is not None and depart > haut)):
        manque_depart = f"« {nom} » : le départ {depart} sort des bornes ({bas} à {haut}) pour {fiche['nom']}."
        depart = None
    manquant = next((m for m in (manque_depart, manque_bas, manque_haut) if m), None)
    return {"id": decl["id"], "nom": nom, "regle": decl["regle"], "lien": bundle.ancre(donnees, decl["regle"]),
            "aide": decl.get("aide"), "depart": depart, "min": bas, "max": haut,
            "au_minimum": decl.get("au_minimum"), "manquant": manquant}


def _statut(donnees: dict[str, Any], decl: dict[str, Any]) -> dict[str, Any]:
    return {"id": decl["id"], "nom": decl["nom"], "regle": decl["regle"], "lien": bundle.ancre(donnees, decl["regle"]),
            "aide": decl.get("aide"), "hors_jeu": bool(decl.get("hors_jeu")), "fin_du_tour": bool(decl.get("fin_du_tour"))}


def _nom_entree(entree: Any, detail: dict[str, Any] | None, index: int) -> str:
    if isinstance(entree, dict) and isinstance(entree.get("nom"), str) and entree["nom"].strip():
        return entree["nom"].strip()
    if detail and isinstance(detail.get("nom"), str) and detail["nom"]:
        return detail["nom"]
    return f"Entrée {index + 1}"


def _details_entrees(rapport: dict[str, Any]) -> dict[int, dict[str, Any]]:
    entrees = (rapport.get("details") or {}).get("entrees") or []
    return {d["index"]: d for d in entrees if isinstance(d, dict) and isinstance(d.get("index"), int)}


def _fiches_entrees(liste: dict[str, Any], rapport: dict[str, Any], sorte: str, cartes: bool = False) -> list[Fiche]:
    """One sheet per list entry (Khârn-Âges: one per figure of the entry, with its profile card)."""
    details = _details_entrees(rapport)
    profils = (rapport.get("details") or {}).get("profils") or {}
    fiches: list[Fiche] = []
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    for i, entree in enumerate(entrees):
        detail = details.get(i)
        nom = _nom_entree(entree, detail, i)
        role = detail.get("role") if detail else None
        if not cartes:
            fiches.append({"id": f"e{i}", "sorte": sorte, "nom": nom, "role": role, "entree": i, "_entree": entree,
                           "_detail": detail})
            continue
        profil = entree.get("profil") if isinstance(entree, dict) else None
        carte = profils.get(profil) if isinstance(profil, str) else None
        nombre = _entier(detail.get("nombre")) if detail else None
        nombre = nombre if nombre and nombre > 0 else 1
        for k in range(min(nombre, 100)):
            fiches.append({"id": f"e{i}" + (f"-{k + 1}" if nombre > 1 else ""), "sorte": sorte,
                           "nom": nom, "role": role, "entree": i,  # numbered with the others (_numeroter)
                           "_entree": entree, "_carte": carte, "_detail": detail})
    return fiches


def _fiches_hami(liste: dict[str, Any], rapport: dict[str, Any]) -> list[Fiche]:
    """One sheet per creature (Hami, its familiars, wild familiars, predators), with its final values."""
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    details = _details_entrees(rapport)
    fiches: list[Fiche] = []
    for creature in (rapport.get("details") or {}).get("creatures") or []:
        i = creature.get("entree")
        chemin = str(creature.get("chemin") or f"/entrees/{i}")
        ident = "e" + chemin.replace("/entrees/", "").strip("/").replace("/", "-")
        fiches.append({"id": ident, "sorte": "familier" if creature.get("genre") == "familier" else "figurine",
                       "nom": creature.get("nom") or f"Entrée {int(i) + 1}", "role": creature.get("caste") or creature.get("profil"),
                       "entree": i, "_entree": entrees[i] if isinstance(i, int) and i < len(entrees) else None,
                       "_carte": creature, "_detail": details.get(i) if isinstance(i, int) else None})
    return fiches


def _fiches(jeu: str, sortes: list[str], liste: dict[str, Any], rapport: dict[str, Any]) -> list[Fiche]:
    if jeu == "hami":
        fiches = _fiches_hami(liste, rapport)
    elif "unite" in sortes:
        fiches = _fiches_entrees(liste, rapport, "unite")
    elif "figurine" in sortes:
        fiches = _fiches_entrees(liste, rapport, "figurine", cartes=jeu == "kharn-ages")
    else:
        fiches = _fiches_entrees(liste, rapport, "joueur")
    if "joueur" in sortes and not any(f["sorte"] == "joueur" for f in fiches):
        nom = liste.get("nom") if isinstance(liste.get("nom"), str) and liste["nom"].strip() else "Joueur"
        fiches.insert(0, {"id": "joueur", "sorte": "joueur", "nom": nom, "role": None, "entree": None})
    if "partie" in sortes:
        fiches.insert(0, {"id": "partie", "sorte": "partie", "nom": "Partie", "role": None, "entree": None})
    return fiches


def _numeroter(fiches: list[Fiche]) -> None:
    """Number the sheets that share a name (« Guerrier 1 », « Guerrier 2 »…), keeping every name unique.

    A role that only repeats the sheet's name is dropped. Ids are not touched: a stored game keys
    its values by them.
    """
    for fiche in fiches:
        if isinstance(fiche.get("role"), str) and fiche["role"] == fiche["nom"]:
            fiche["role"] = None
    comptes: dict[str, int] = {}
    for fiche in fiches:
        comptes[fiche["nom"]] = comptes.get(fiche["nom"], 0) + 1
    pris = {f["nom"] for f in fiches if comptes[f["nom"]] == 1}
    suivants: dict[str, int] = {}
    for fiche in fiches:
        base = fiche["nom"]
        if comptes[base] == 1:
            continue
        k = suivants.get(base, 0)
        while True:
            k += 1
            nom = f"{base} {k}"
            if nom not in pris:
                break
        suivants[base] = k
        pris.add(nom)
        fiche["nom"] = nom


def _applicable(donnees: dict[str, Any], fiche: Fiche, decl: dict[str, Any]) -> bool:
    if fiche["sorte"] not in decl.get("pour", []):
        return False
    si = decl.get("si")
    return not si or _champ(donnees, fiche, si["champ"]) in si.get("parmi", [])


def _sequence(donnees: dict[str, Any], sequence: dict[str, Any]) -> dict[str, Any]:
    def lien(regle: str | None) -> str | None:
        return bundle.ancre(donnees, regle)

    return {"nom_tour": sequence["nom_tour"], "tours_max": sequence.get("tours_max"), "lien": lien(sequence["regle"]),
            "tours_lien": lien(sequence.get("tours_regle")),
            "phases": [{"id": p["id"], "nom": p["nom"], "regle": p["regle"], "lien": lien(p["regle"]),
                        "repetee": dict(p["repetee"]) if isinstance(p.get("repetee"), dict) else None,
                        "etapes": [{"id": e["id"], "nom": e["nom"], "regle": e["regle"], "lien": lien(e["regle"]),
                                    "des_le_tour": e.get("des_le_tour")} for e in p.get("etapes", [])]}
                       for p in sequence["phases"]]}


def _interpretations(partie: dict[str, Any]) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for cle in ("figures", "compteurs", "statuts", "remises"):
        for item in partie.get(cle, []):
            if isinstance(item.get("interpretation"), dict):
                out.append({"sujet": item["nom"], **item["interpretation"]})
    return out


def fiches_partie(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    """The play-mode sheets of a list, with the game's turn sequence, end and dice.

    Args:
        donnees_jeu: the game's bundle (with its `partie` data).
        liste: the list document (merged with the player's catalogue, if any). An invalid
            list still gets its sheets: `valide` and `erreurs` say so, for the page's banner.

    Returns:
        A JSON-ready dict: `fiches` (id, sorte, nom, role, entree, compteurs, statuts, profil, jets: see `partie_jets`),
        `sequence`, `fin`, `des`, `interpretations`, `manquant`, `ajouts`, `remises`, and the
        list's verdict. Sheets that share a name are numbered; see `partie_profil` for `profil`.

    Raises:
        ErreurEntree: the game declares no play mode.

    """
    partie = donnees_jeu.get("partie")
    if not isinstance(partie, dict):
        raise ErreurEntree("Ce jeu ne déclare pas encore de mode « Jouer » (data/<jeu>/partie.yaml).")
    jeu = bundle.identifiant(donnees_jeu)
    rapport = valider(donnees_jeu, liste)
    sortes = [f["id"] for f in partie["figures"]]
    profils_decl = {f["id"]: f.get("profil") for f in partie["figures"]}
    profils = Profils(donnees_jeu)
    jets = Jets(donnees_jeu, partie)
    brutes = _fiches(jeu, sortes, liste, rapport)
    for fiche in brutes:
        fiche["role"] = _nom_role(donnees_jeu, fiche.get("role"))
    _numeroter(brutes)
    fiches = []
    for fiche in brutes:
        compteurs = [_compteur(donnees_jeu, liste, fiche, c) for c in partie["compteurs"] if _applicable(donnees_jeu, fiche, c)]
        statuts = [_statut(donnees_jeu, s) for s in partie["statuts"] if _applicable(donnees_jeu, fiche, s)]
        publique = {k: v for k, v in fiche.items() if not k.startswith("_")}
        fiches.append({**publique, "compteurs": compteurs, "statuts": statuts,
                       "profil": profils.profil(profils_decl.get(fiche["sorte"]), fiche), "jets": jets.jets(fiche)})
    fin = partie.get("fin")
    return {
        "jeu": jeu, "nom_liste": liste.get("nom") if isinstance(liste.get("nom"), str) else None,
        "valide": bool(rapport.get("valide")), "erreurs": len(rapport.get("erreurs") or []),
        "avertissements": len(rapport.get("avertissements") or []),
        "resume": partie["resume"], "manquant": partie.get("manquant"),
        "fiches": fiches, "sequence": _sequence(donnees_jeu, partie["sequence"]),
        "fin": {"texte": fin["texte"], "lien": bundle.ancre(donnees_jeu, fin["regle"])} if fin else None,
        "des": [{"id": d["id"], "nom": d["nom"], "lien": bundle.ancre(donnees_jeu, d["regle"]), "faces": d.get("faces"),
                 "stockage": d.get("stockage"), "manquant": d.get("manquant")} for d in partie.get("des", [])],
        "interpretations": _interpretations(partie),
        "ajouts": ajouts_partie(donnees_jeu, partie),
        "remises": remises_partie(donnees_jeu, partie),
    }


def action_partie(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The worker's `partie` request: `{action: "partie", liste}`."""
    return fiches_partie(donnees_jeu, liste)


MAX_DES_CHANCE = 20
MAX_FACES_CHANCE = 100


def chance_au_moins(faces: Any, nombre: Any, total: Any) -> dict[str, Any]:
    """Exact chance that `nombre` dice with these numeric faces sum to `total` or more.

    Args:
        faces: the die's faces (integers), each equally likely.
        nombre: how many dice were rolled (1 to 20).
        total: the sum obtained.

    Returns:
        `{numerateur, denominateur, texte}`, the fraction in lowest terms and a French sentence.

    Raises:
        ErreurEntree: faces that are not integers, or a count out of bounds.

    """
    from fractions import Fraction

    if not isinstance(faces, list) or not 2 <= len(faces) <= MAX_FACES_CHANCE \
            or any(_entier(f) is None for f in faces):
        raise ErreurEntree("Chance d'un jet : il faut les faces du dé, des nombres entiers (2 à 100 faces).")
    if _entier(nombre) is None or not 1 <= nombre <= MAX_DES_CHANCE or _entier(total) is None:
        raise ErreurEntree(f"Chance d'un jet : de 1 à {MAX_DES_CHANCE} dés, et un total entier.")
    loi: dict[int, int] = {0: 1}
    for _ in range(nombre):  # the law of the sum, by convolution (counts of equally likely outcomes)
        suivante: dict[int, int] = {}
        for somme, compte in loi.items():
            for face in faces:
                suivante[somme + face] = suivante.get(somme + face, 0) + compte
        loi = suivante
    chance = Fraction(sum(c for s, c in loi.items() if s >= total), len(faces) ** nombre)
    pour_cent = f"{float(chance) * 100:.1f}".replace(".", ",")
    return {"numerateur": chance.numerator, "denominateur": chance.denominator,
            "texte": f"Chance d'obtenir {total} ou plus : {chance.numerator}/{chance.denominator} ({pour_cent} %)"}


def action_chance(donnees_jeu: dict[str, Any], liste: dict[str, Any], requete: dict[str, Any]) -> dict[str, Any]:
    """The worker's `chance` request: `{action: "chance", liste: {}, faces, nombre, total}`."""
    return chance_au_moins(requete.get("faces"), requete.get("nombre"), requete.get("total"))
