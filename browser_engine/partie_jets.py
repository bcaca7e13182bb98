"""Play mode: the rolls a sheet offers, each with the game's own calculator and the sheet's values.

`data/<jeu>/partie.yaml` declares `jets`: for each, the sheet kinds it is for (`pour`), the rule,
a calculator of the game (`calcul`, an id of `calculs.yaml`) and, for each calculator parameter,
where its value comes from:

* `{valeur: 3}`: a number (or true/false) the book gives;
* `{champ: /tir}`: a field of the list entry; `{carte: /niveau}`: a field of the figure's card;
  with `fois: {champ: …}` the value is multiplied by another field; with `ou_demande: true` a
  value the list or card leaves out is asked instead of missing;
* `{demande: true}`: asked at the table, within the calculator's own range (`defaut` may read
  the sheet: `{demande: true, defaut: {champ: /armure}}`);
* `{compteur: figurines-en-jeu}`: the sheet's counter as it is when the roll is made (the page
  reads it), with an optional `fois`;
* `{materiel: true}`: dice faces from the player's « Mon matériel » (the parameter's `stockage`);
* `{paquet: combat}`: the pile of the game's deck as it stands (`partie.paquets[combat]`, page side).

A jet may also say `etapes` (a roll in two steps: first the count of a first step, e.g. hits, then
the second step on that count) and `paquet` (the deck a draw runs down). The page gets for each
sheet `jets: [{id, nom, lien, calcul, sortie, parametres, demandes, compteurs, materiel, paquet,
etapes, manquant}]`; nothing is defaulted: a value the list should give and does not makes
`manquant` a French sentence.
"""
from __future__ import annotations

from typing import Any

from . import bundle
from .partie_bornes import champ, entier, pointeur

Jet = dict[str, Any]


def _calculs(donnees: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The game's calculator declarations by id (`calcul-attaque`) and by key (`attaque`)."""
    out: dict[str, dict[str, Any]] = {}
    for decl in bundle.calculs(donnees):
        if isinstance(decl, dict):
            for cle in (decl.get("id"), decl.get("calcul")):
                if isinstance(cle, str):
                    out.setdefault(cle, decl)
    return out


def _cle_materiel(param: dict[str, Any]) -> str:
    """The key of « Mon matériel » for a parameter: its `stockage`, else `paquet` for a deck, else its id."""
    return str(param.get("stockage") or ("paquet" if param.get("type") == "paquet" else param.get("id")))


class Jets:
    """Resolves the declared rolls of a game for each of its sheets."""

    def __init__(self, donnees: dict[str, Any], partie: dict[str, Any]) -> None:
        """Keep the game's bundle, its rolls and its calculators."""
        self.donnees = donnees
        self.decls = [j for j in partie.get("jets") or [] if isinstance(j, dict)]
        self.calculs = _calculs(donnees)
        self.page_materiel = f"{bundle.identifiant(donnees)}/materiel/"

    def _lire(self, fiche: dict[str, Any], source: dict[str, Any]) -> Any:
        """A value of the sheet: a field of its list entry (`champ`) or of its card (`carte`)."""
        if "valeur" in source:
            return source["valeur"]
        if "champ" in source:
            return champ(self.donnees, fiche.get("_entree"), source["champ"])
        if "carte" in source:
            return pointeur(fiche.get("_carte") or {}, source["carte"])
        return None

    def applicable(self, fiche: dict[str, Any], decl: Jet) -> bool:
        """Whether the roll is offered on this sheet (its kind, and its optional `si`)."""
        if fiche.get("sorte") not in (decl.get("pour") or []):
            return False
        si = decl.get("si")
        if not isinstance(si, dict):
            return True
        valeur = self._lire(fiche, si)
        if "parmi" in si:
            return valeur in si["parmi"]
        valeur = entier(valeur)
        return valeur is not None and valeur >= int(si.get("min", valeur)) and valeur <= int(si.get("max", valeur))

    def _demande(self, fiche: dict[str, Any], param: dict[str, Any], source: dict[str, Any]) -> dict[str, Any]:
        defaut = param.get("defaut")
        if isinstance(source.get("defaut"), dict):
            lu = self._lire(fiche, source["defaut"])
            if lu is not None and (param.get("type") == "booleen" or entier(lu) is not None):
                defaut = lu
        elif "defaut" in source:
            defaut = source["defaut"]
        demande = {"id": param["id"], "nom": param.get("nom") or param["id"], "type": param.get("type") or "entier",
                   "min": param.get("min"), "max": param.get("max"), "defaut": defaut, "aide": param.get("aide")}
        if demande["type"] == "entier" and isinstance(defaut, int) and demande["min"] is not None:
            demande["defaut"] = max(demande["min"], min(demande["max"], defaut))
        return demande

    def _valeur(self, fiche: dict[str, Any], param: dict[str, Any], source: dict[str, Any],
                nom_jet: str) -> tuple[Any, str | None]:
        """A fixed value read from the sheet, or None with the French reason it is missing."""
        valeur = self._lire(fiche, source)
        if isinstance(source.get("fois"), dict) and valeur is not None:
            facteur = entier(self._lire(fiche, source["fois"]))
            valeur = entier(valeur) * facteur if entier(valeur) is not None and facteur is not None else None
        quoi = source.get("champ") or source.get("carte") or ""
        if valeur is None:
            return None, (f"« {nom_jet} » : {param.get('nom') or param['id']} manque pour {fiche['nom']} "
                          f"({'la liste' if 'champ' in source else 'la carte'} ne donne pas {quoi.strip('/')}).")
        if param.get("type") == "booleen":
            return bool(valeur), None
        nombre = entier(valeur)
        if nombre is None or not param.get("min", nombre) <= nombre <= param.get("max", nombre):
            return None, (f"« {nom_jet} » : {param.get('nom') or param['id']} vaut {valeur} pour {fiche['nom']}, "
                          f"hors des bornes du calcul ({param.get('min')} à {param.get('max')}).")
        return nombre, None

    def jet(self, fiche: dict[str, Any], decl: Jet) -> Jet:
        """One roll of one sheet, its values filled in."""
        calcul = self.calculs.get(str(decl.get("calcul")))
        out: Jet = {"id": decl.get("id"), "nom": decl.get("nom"), "regle": decl.get("regle"),
                    "lien": bundle.ancre(self.donnees, decl.get("regle")), "calcul": decl.get("calcul"),
                    "sortie": (calcul or {}).get("sortie"), "parametres": {}, "demandes": [], "compteurs": [],
                    "materiel": [], "paquet": None, "etapes": decl.get("etapes"), "manquant": None}
        if calcul is None:
            out["manquant"] = f"« {decl.get('nom')} » : calcul « {decl.get('calcul')} » inconnu de ce jeu."
            return out
        if calcul.get("manquant"):
            out["manquant"] = f"« {decl.get('nom')} » : {calcul['manquant']}"
            return out
        params = {p["id"]: p for p in calcul.get("parametres") or [] if isinstance(p, dict) and "id" in p}
        manques: list[str] = []
        for pid, source in (decl.get("parametres") or {}).items():
            param = params.get(pid)
            if param is None or not isinstance(source, dict):
                manques.append(f"« {decl.get('nom')} » : paramètre « {pid} » inconnu du calcul.")
                continue
            if source.get("demande"):
                out["demandes"].append(self._demande(fiche, param, source))
            elif "compteur" in source:
                facteur = 1
                if isinstance(source.get("fois"), dict):
                    lu = entier(self._lire(fiche, source["fois"]))
                    if lu is None:
                        manques.append(f"« {decl.get('nom')} » : {param.get('nom')} manque pour {fiche['nom']}.")
                        continue
                    facteur = lu
                out["compteurs"].append({"parametre": pid, "compteur": source["compteur"], "fois": facteur,
                                         "min": param.get("min"), "max": param.get("max")})
            elif source.get("materiel"):
                out["materiel"].append({"parametre": pid, "genre": "des", "cle": _cle_materiel(param),
                                        "nom": param.get("nom"), "page": self.page_materiel})
            elif "paquet" in source:
                jeu_paquet = decl.get("paquet") if isinstance(decl.get("paquet"), dict) else {}
                out["paquet"] = {"parametre": pid, "id": source["paquet"], "genre": "paquets",
                                 "cle": str(jeu_paquet.get("stockage") or "paquet"), "compte": jeu_paquet.get("compte"),
                                 "page": self.page_materiel}
            else:
                valeur, manque = self._valeur(fiche, param, source, str(decl.get("nom")))
                if manque and source.get("ou_demande"):
                    out["demandes"].append(self._demande(fiche, param, {}))
                elif manque:
                    manques.append(manque)
                else:
                    out["parametres"][pid] = valeur
        out["manquant"] = " ".join(manques) or None
        return out

    def jets(self, fiche: dict[str, Any]) -> list[Jet]:
        """The rolls offered on one sheet (an empty list when the game declares none for its kind)."""
        return [self.jet(fiche, d) for d in self.decls if self.applicable(fiche, d)]
