"""HAMI — La Saga des Murmures: what the checker shows of a Communauté.

Each creature's final M, C, T, E and actions (age, Bâton, bras-liane, mount, Rapide applied)
with the tribe bonuses, and one cost row per list entry. Read from the analysis of `liste.py`.
"""
from __future__ import annotations

from typing import Any, Protocol

from ... import bundle
from .donnees import TABLE_BONUS_COMMUNAUTE, TABLE_BONUS_INDIVIDUEL, Catalogue, Membre, entier, proprietes, textes

COMPETENCE_RAPIDE = "rapide"
GENRES = {"hami": "Hami", "familier": "Familier", "familier_sauvage": "Familier sauvage", "predateur": "Prédateur"}


class AnalyseCommunaute(Protocol):
    """What these functions read of a validation: the bundle, its catalogue, the entries, the Meneur."""

    donnees: dict[str, Any]
    cat: Catalogue
    membres: list[Membre]
    meneur: Membre | None


def bonus_communaute(a: AnalyseCommunaute) -> dict[str, Any] | None:
    """The Communauté bonus given by the Meneur's tribe, or None without a Meneur of a known tribe."""
    if a.meneur is None or a.meneur.tribu not in a.cat.tribus:
        return None
    tribu = a.cat.tribus[a.meneur.tribu]
    return {"tribu": tribu.id, "nom": tribu.nom, "texte": tribu.bonus_communaute, "meneur": a.meneur.index,
            "regle": bundle.ancre(a.donnees, TABLE_BONUS_COMMUNAUTE)}


def _bonus_individuel(a: AnalyseCommunaute, m: Membre) -> dict[str, Any] | None:
    if m.tribu not in a.cat.tribus:
        return None
    tribu = a.cat.tribus[m.tribu]
    return {"tribu": tribu.id, "nom": tribu.nom, "texte": tribu.bonus_individuel,
            "regle": bundle.ancre(a.donnees, TABLE_BONUS_INDIVIDUEL)}


def creatures(a: AnalyseCommunaute) -> list[dict[str, Any]]:
    """Every figure with its final characteristics (age, Bâton, bras-liane, mount, Rapide applied)."""
    communaute = bonus_communaute(a)
    texte_communaute = communaute["texte"] if communaute else None
    out: list[dict[str, Any]] = []
    for m in a.membres:
        if m.genre is None or m.profil is None:
            continue
        if m.genre == "hami":
            out.append(_hami(a, m, texte_communaute))
            for k, familier in enumerate(m.familiers):
                chemin = f"{m.chemin}/familier" + (f"/{k}" if isinstance(m.brut.get("familier"), list) else "")
                out.append(_bete_figure(a, a.cat.familiers[familier], m, "familier", chemin,
                                        texte_communaute, rattache=m.index))
        else:
            champ = "familier_sauvage" if m.genre == "familier_sauvage" else "predateur"
            out.append(_bete_figure(a, m.profil, m, m.genre, f"{m.chemin}/{champ}", texte_communaute))
    return out


def _hami(a: AnalyseCommunaute, m: Membre, texte_communaute: str | None) -> dict[str, Any]:
    car = dict(m.profil.get("caracteristiques") or {})
    props = proprietes(m.profil)
    mouvement, cogner, tirer, essence = car.get("M"), car.get("C"), car.get("T"), car.get("E")
    actions = props.get("actions")
    ajustements: list[str] = []
    if not m.legendaire and m.age == "jeune" and entier(actions):
        actions += int(props.get("actions_bonus_jeune", 0))
        ajustements.append(f"jeune : +{props.get('actions_bonus_jeune', 0)} action")
    if not m.legendaire and m.age == "ancien" and entier(essence):
        essence += int(props.get("essence_bonus_ancien", 0))
        ajustements.append(f"ancien : +{props.get('essence_bonus_ancien', 0)} Essences")
    for equipement in m.equipement:
        eprops = proprietes(a.cat.equipements[equipement])
        if "cogner" in eprops:
            cogner = eprops["cogner"]
            ajustements.append(f"{a.cat.nom(equipement)} : C {cogner}")
        if entier(eprops.get("essence")) and entier(essence):
            essence += eprops["essence"]
            ajustements.append(f"{a.cat.nom(equipement)} : {eprops['essence']:+d} Essences")
    if m.monture:
        mprops = proprietes(a.cat.montures[m.monture])
        if "mouvement" in mprops:
            mouvement = mprops["mouvement"]
            ajustements.append(f"{a.cat.nom(m.monture)} : M {mouvement}")
        if entier(mprops.get("essence_bonus")) and entier(essence):
            essence += mprops["essence_bonus"]
            ajustements.append(f"{a.cat.nom(m.monture)} : +{mprops['essence_bonus']} Essences")
    return {
        "entree": m.index, "chemin": m.chemin, "genre": "hami", "profil": m.profil["id"], "nom": m.nom,
        "caste": m.caste, "legendaire": m.legendaire, "tribu": m.tribu, "age": m.age, "meneur": m.meneur,
        "M": mouvement, "C": cogner, "T": tirer, "E": essence, "actions": actions,
        "ajustements": ajustements,
        "capacites": textes(m.profil.get("capacites")),
        "equipement": list(m.equipement) + ([m.brut["arme"]] if m.brut.get("arme") in ("lanceur", "arc") else []),
        "sorts": list(m.sorts), "objets": list(m.objets), "monture": m.monture,
        "cout": m.cout,
        "bonus_communaute": texte_communaute,
        "bonus_individuel": _bonus_individuel(a, m),
    }


def _bete_figure(a: AnalyseCommunaute, profil: dict[str, Any], m: Membre, genre: str, chemin: str,
                 texte_communaute: str | None, rattache: int | None = None) -> dict[str, Any]:
    car = dict(profil.get("caracteristiques") or {})
    mouvement = car.get("M")
    ajustements: list[str] = []
    capacites = textes(profil.get("capacites"))
    if genre == "predateur":
        for competence in m.competences:
            capacites.append(competence)
            if competence == COMPETENCE_RAPIDE and "mouvement" in proprietes(a.cat.capacites[competence]):
                mouvement = proprietes(a.cat.capacites[competence])["mouvement"]
                ajustements.append(f"{a.cat.nom(competence)} : M {mouvement}")
    return {
        "entree": m.index, "chemin": chemin, "genre": genre, "profil": profil["id"],
        "nom": f"{profil['nom']} de {m.nom}" if rattache is not None else m.nom,
        "rattache_a": rattache,
        "M": mouvement, "C": car.get("C"), "T": car.get("T"), "E": car.get("E"),
        "actions": proprietes(profil).get("actions"),
        "ajustements": ajustements, "capacites": capacites,
        "cout": m.cout if rattache is None else None,
        "bonus_communaute": texte_communaute,
        "bonus_individuel": None,
    }


def lignes(a: AnalyseCommunaute, nb_entrees: int) -> list[dict[str, Any]]:
    """One row per list entry for the checker's cost table."""
    par_index = {m.index: m for m in a.membres}
    out = []
    for i in range(nb_entrees):
        m = par_index.get(i)
        if m is None:
            out.append({"index": i, "nom": None, "role": None, "nombre": None, "cout": None, "couts": None})
            continue
        figures = (1 + len(m.familiers) + (1 if m.monture else 0)) if m.genre == "hami" else 1
        out.append({"index": i, "nom": m.nom, "role": GENRES.get(m.genre or "", None), "nombre": figures,
                    "cout": m.cout, "couts": {libelle: c for libelle, c in m.couts} or None})
    return out


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[Any]) -> None:
    """Add the composition counts measured by the data rules (Hami, jeunes, anciens, Conteurs, Gardiens)."""
    par_code = {m["code"]: m for m in mesures.values()}
    composition = {}
    for cle_, code in (("hami", "HAMI_HAMI_MIN"), ("jeunes", "HAMI_JEUNE_MIN"), ("anciens", "HAMI_ANCIEN_MIN"),
                       ("conteurs", "HAMI_CONTEUR_MAX"), ("gardiens", "HAMI_GARDIENS_MAX"),
                       ("meneurs", "HAMI_MENEUR_NOMBRE"), ("montures", "HAMI_MONTURE_MAX")):
        if code in par_code:
            composition[cle_] = par_code[code]["valeur"]
    details["composition"] = composition
