"""Play mode: the profile a sheet shows (`profil` of a `figures` item of `partie.yaml`).

A profile has a compact line of values (`stats`) and named groups of things (`groupes`: spells,
abilities, equipment…), each thing linked to its rule when it is an entry of the game. Where a
value comes from is declared in the data, never here:

* `champ: /melee`: a field of the list entry (the list schema's default when it is absent);
* `carte: /E`: a field of the sheet's card (a HAMI creature, a Khârn-Âges profile card);
* `detail: /ameliorations`: a field of the checker's row for the entry (`details.entrees[i]`);
* `entree: /type` with `cle: /proprietes/cout_activation`: a field of the game entry whose id
  is the value of that list field;
* `regles: [id, …]` (groups only): fixed rule links.

`collection` limits the entries a value is looked up in (`sorts`); `par: /jet` looks it up by
that field of the entry instead of by id. A value the sources do not give is left out, never
defaulted; values are shown by their names, never by their ids.
"""
from __future__ import annotations

from typing import Any

from . import bundle
from .partie_bornes import champ, noeud_champ, pointeur

Fiche = dict[str, Any]
OUI_NON = {True: "Oui", False: "Non"}


class Profils:
    """The profiles of one game's sheets; the game's entries are indexed once."""

    def __init__(self, donnees: dict[str, Any]) -> None:
        """Index the game's entries.

        Args:
            donnees: the game's bundle.

        """
        self.donnees = donnees
        self.entrees = bundle.entrees_du_jeu(donnees)

    def profil(self, decl: dict[str, Any] | None, fiche: Fiche) -> dict[str, Any]:
        """The profile of one sheet: `{stats: [{nom, valeur}], groupes: [{nom, elements}]}`.

        Args:
            decl: the `profil` declaration of the sheet's kind (None when it declares none).
            fiche: the sheet, with its list entry (`_entree`), card (`_carte`) and checker row (`_detail`).

        Returns:
            The stats that have a value (as strings) and the groups that are not empty.

        """
        if not isinstance(decl, dict):
            return {"stats": [], "groupes": []}
        stats = []
        for source in decl.get("stats") or []:
            valeur = self._stat(source, fiche)
            if valeur:
                stats.append({"nom": source["nom"], "valeur": valeur})
        groupes = []
        for source in decl.get("groupes") or []:
            elements = self._groupe(source, fiche)
            if elements:
                groupes.append({"nom": source["nom"], "elements": elements})
        return {"stats": stats, "groupes": groupes}

    # --- reading a source ---------------------------------------------------------------------

    def _lire(self, source: dict[str, Any], fiche: Fiche) -> Any:
        if "champ" in source:
            return champ(self.donnees, fiche.get("_entree"), source["champ"])
        if "carte" in source:
            return pointeur(fiche.get("_carte") or {}, source["carte"])
        if "detail" in source:
            return pointeur(fiche.get("_detail") or {}, source["detail"])
        if "entree" in source:
            ident = champ(self.donnees, fiche.get("_entree"), source["entree"])
            entree = self._trouver(ident, source.get("collection"), None) if isinstance(ident, str) else None
            return pointeur(entree, source["cle"]) if entree is not None else None
        return None

    def _noms(self, source: dict[str, Any]) -> tuple[dict[str, str], list[Any]]:
        """The list schema's names of a list field's values (`x-noms`), and its enum, if any."""
        if "champ" not in source:
            return {}, []
        noeud = noeud_champ(self.donnees, source["champ"])
        items = noeud.get("items") if isinstance(noeud.get("items"), dict) else {}
        noms: dict[str, str] = {}
        for n in (noeud, items):
            if isinstance(n.get("x-noms"), dict):
                noms.update({str(k): str(v) for k, v in n["x-noms"].items()})
        speciales = (noeud.get("x-cles") or {}).get("speciales") if isinstance(noeud.get("x-cles"), dict) else None
        if isinstance(speciales, dict):
            noms.update({str(k): str(v) for k, v in speciales.items()})
        enum = noeud.get("enum") or items.get("enum") or []
        return noms, list(enum) if isinstance(enum, list) else []

    def _trouver(self, valeur: Any, collection: str | None, par: str | None) -> dict[str, Any] | None:
        """The game entry a value names: by id, or by the field `par`, within `collection` if given."""
        if isinstance(valeur, bool) or valeur is None or isinstance(valeur, (dict, list)):
            return None
        if collection is None and par is None:
            return self.entrees.get(valeur) if isinstance(valeur, str) else None
        candidates = self.donnees.get(collection) if collection else list(self.entrees.values())
        for entree in candidates if isinstance(candidates, list) else []:
            if isinstance(entree, dict) and (pointeur(entree, par) if par else entree.get("id")) == valeur:
                return entree
        return None

    # --- showing a value ----------------------------------------------------------------------

    def _nom(self, valeur: Any, source: dict[str, Any], noms: dict[str, str], enum: list[Any]) -> str | None:
        """A scalar value as the player reads it: a name, a number, Oui or Non."""
        if isinstance(valeur, bool):
            return OUI_NON[valeur]
        if isinstance(valeur, (int, float)) and str(valeur) not in noms:
            entree = self._trouver(valeur, source.get("collection"), source.get("par"))
            return str(entree.get("nom")) if entree and entree.get("nom") else str(valeur)
        if isinstance(valeur, str) and valeur.strip():
            entree = self._trouver(valeur, source.get("collection"), source.get("par"))
            if entree and isinstance(entree.get("nom"), str):
                return entree["nom"]
            if valeur in noms:
                return noms[valeur]
            if valeur in enum:  # an enum word with no name: the word itself, with a capital
                return valeur[:1].upper() + valeur[1:].replace("-", " ")
            return valeur
        if isinstance(valeur, (int, float)):
            return noms[str(valeur)]
        return None

    def _stat(self, source: dict[str, Any], fiche: Fiche) -> str | None:
        valeur = self._lire(source, fiche)
        noms, enum = self._noms(source)
        if isinstance(valeur, list):
            parties = [self._nom(v, source, noms, enum) for v in valeur]
            return ", ".join(p for p in parties if p) or None
        return self._nom(valeur, source, noms, enum)

    def _element(self, item: Any, source: dict[str, Any], noms: dict[str, str], enum: list[Any]) -> dict[str, Any] | None:
        if isinstance(item, dict):  # a card of its own ({id, nom, …}): its name, its rule when it has one
            entree = self._trouver(item.get("id"), source.get("collection"), None)
            nom = item.get("nom") if isinstance(item.get("nom"), str) else None
            if entree is None and isinstance(item.get("regle"), str):
                entree = self.entrees.get(item["regle"])
            if entree is None:
                lien = item["regle"] if isinstance(item.get("regle"), str) and "/" in item["regle"] else None
                aide = item.get("resume") or item.get("texte")
                return {"nom": nom, "lien": lien, "aide": aide if isinstance(aide, str) else None} if nom else None
            return self._depuis_entree(entree, nom)
        entree = self._trouver(item, source.get("collection"), source.get("par"))
        if entree is not None:
            return self._depuis_entree(entree, None)
        nom = self._nom(item, source, noms, enum)
        return {"nom": nom, "lien": None, "aide": None} if nom else None

    def _depuis_entree(self, entree: dict[str, Any], nom: str | None) -> dict[str, Any]:
        resume = entree.get("resume")
        return {"nom": nom or str(entree.get("nom") or entree.get("id")),
                "lien": bundle.ancre(self.donnees, entree.get("id")),
                "aide": resume if isinstance(resume, str) else None}

    def _groupe(self, source: dict[str, Any], fiche: Fiche) -> list[dict[str, Any]]:
        if "regles" in source:
            return [e for e in (self._element(i, {}, {}, []) for i in source["regles"]) if e]
        valeur = self._lire(source, fiche)
        noms, enum = self._noms(source)
        if isinstance(valeur, dict) and not ({"id", "nom"} & set(valeur)):
            # a table of counts (Tamashii's bag): one element per key, with its number
            return [{"nom": f"{noms.get(str(k), str(k))} : {v}", "lien": None, "aide": None}
                    for k, v in valeur.items() if v is not None]
        items = valeur if isinstance(valeur, list) else [] if valeur is None else [valeur]
        return [e for e in (self._element(i, source, noms, enum) for i in items) if e]
