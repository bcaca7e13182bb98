"""Play mode: cards the player adds to a sheet during the game (`ajouts` of `partie.yaml`).

Tamashii's attached Enemies are tracked one by one (each keeps its own damage until its Integrity
reaches 0). The kinds offered are the game's profiles of one category that describe a card (they
have `caracteristiques`), plus, when the data names one, a kind without a card (« Autre Ennemi »)
whose values the player sets by hand. Each kind comes with its counters already resolved from its
card: a value the card does not give carries a French `manquant` message and no value.
"""
from __future__ import annotations

from typing import Any

from . import bundle
from .partie_bornes import bornes_et_depart, entier, pointeur


def _profils(donnees: dict[str, Any], categorie: str) -> list[dict[str, Any]]:
    return [p for p in donnees.get("profils") or []
            if isinstance(p, dict) and p.get("categorie") == categorie and isinstance(p.get("caracteristiques"), dict)]


def _valeur(carte: dict[str, Any] | None, borne: Any) -> tuple[int | None, bool]:
    """A bound's value on a card: (value, known). Only literal values and card fields apply here."""
    if not isinstance(borne, dict):
        return None, True
    if "valeur" in borne:
        return borne["valeur"], True
    if "carte" in borne:
        valeur = entier(pointeur(carte or {}, borne["carte"]))
        return (None, False) if valeur is None else (valeur + int(borne.get("plus", 0)), True)
    return None, False


def _compteur(donnees: dict[str, Any], decl: dict[str, Any], nom_sorte: str,
              carte: dict[str, Any] | None) -> dict[str, Any]:
    (bas, bas_connu), (haut, haut_connu), (depart, depart_connu) = bornes_et_depart(
        decl, lambda borne: _valeur(carte, borne))
    manquant = None
    if not (bas_connu and haut_connu and depart_connu):
        manquant = f"« {decl['nom']} » : le livre ne la donne pas pour {nom_sorte} ; lisez-la sur sa carte."
    return {"id": decl["id"], "nom": decl["nom"], "regle": decl["regle"], "lien": bundle.ancre(donnees, decl["regle"]),
            "aide": decl.get("aide"), "depart": depart, "min": bas, "max": haut,
            "au_minimum": decl.get("au_minimum"), "manquant": manquant, "depart_est_max": decl.get("depart") == "max"}


def ajouts_partie(donnees: dict[str, Any], partie: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards a player may add during the game, each kind with its counters.

    Args:
        donnees: the game's bundle (its profiles give the kinds).
        partie: the game's `partie` data.

    Returns:
        One dict per `ajouts` entry: id, nom, titre, lien, pour, retirer, aide and `sortes`
        (id, nom, lien, compteurs), the described cards first, the kind without a card last.

    """
    out = []
    for decl in partie.get("ajouts") or []:
        sortes = []
        for profil in _profils(donnees, decl["categorie"]):
            sortes.append({"id": profil["id"], "nom": profil.get("nom") or profil["id"],
                           "lien": bundle.ancre(donnees, profil["id"]),
                           "compteurs": [_compteur(donnees, c, profil.get("nom") or profil["id"], profil)
                                         for c in decl["compteurs"]]})
        if decl.get("autre"):
            sortes.append({"id": "autre", "nom": decl["autre"], "lien": None,
                           "compteurs": [_compteur(donnees, c, decl["autre"], None) for c in decl["compteurs"]]})
        out.append({"id": decl["id"], "nom": decl["nom"], "titre": decl["titre"],
                    "lien": bundle.ancre(donnees, decl["regle"]), "pour": list(decl["pour"]),
                    "retirer": decl.get("retirer") or "Retirer", "aide": decl.get("aide"), "sortes": sortes})
    return out
