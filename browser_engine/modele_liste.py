"""The declarative list model (`modele_liste`): a game's costs, categories and options as data.

A game's `modele-liste.yaml` describes, in the manner of BattleScribe's catalogues, the entries a
list entry can be (`entrees`, chosen by a field of the list entry such as `/type`), their costs of
one or several kinds (`couts`), their categories, profile and rule links, the option groups nested
under them (`choix`: one value, a list of values or a yes/no, « choose N of M »), the modifiers
(`modificateurs`, `modele_contraintes.py`) and the constraints (`contraintes`).

This module reads a list with it: each list entry becomes a selection with its options, its
categories and its costs; the list's measures (`nb_<id>`, `cout_<id>`, `cout`, `format`…) follow.
`modele_contraintes.py` then applies the modifiers and constraints, and its `PartieModele` gives the result
to the validator as a game's `liste` part does (`analyser`, `completer_details`), so the builder, the
checker page and the CLI show its violations as any other. Exact arithmetic (`Fraction`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import bundle
from .regles import VueEntree, depassement, nom_court, nombre_json, signaler
from .schema_lite import json_equal

CLE = "modele_liste"
SORTES = ("valeur", "liste", "booleen")
MESSAGE_INCONNUE = "{label} {valeur} n'est pas un choix possible (choix : {permises})."
MESSAGE_INTERDITE = "{label} {valeur} n'est pas permis : aucun coût ne lui est donné (choix : {permises})."


def modele(donnees_jeu: dict[str, Any]) -> dict[str, Any] | None:
    """The game's list model, or None when it declares none."""
    value = donnees_jeu.get(CLE) if isinstance(donnees_jeu, dict) else None
    return value if isinstance(value, dict) else None


def nom_mesure(identifiant: str) -> str:
    """The expression name of an id (`homme-d-armes` -> `homme_d_armes`)."""
    return identifiant.replace("-", "_")


def champ(pointeur: str) -> str:
    """The list-entry field a model pointer names (`/role` -> `role`)."""
    return pointeur.lstrip("/")


def entier(value: Any, minimum: int) -> int | None:
    """A whole number at least `minimum`, or None."""
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= minimum
    return value if ok else None


def sortes_de_cout(model: dict[str, Any]) -> list[str]:
    """The cost kinds' ids, the list's total (`cout`) first."""
    return [c["id"] for c in model.get("couts") or [] if isinstance(c, dict) and "id" in c] or ["points"]


def valeur_de_cout(donnees_jeu: dict[str, Any], spec: Any) -> Fraction | None:
    """A cost written as a number, or read from a table cell (`{table, ligne: {col: val}, colonne}`)."""
    if isinstance(spec, bool) or spec is None:
        return None
    if isinstance(spec, (int, float)):
        return Fraction(spec)
    if isinstance(spec, dict):
        table = bundle.table(donnees_jeu, spec["table"])
        for row in table.get("lignes") or []:
            if all(json_equal(row.get(k), v) for k, v in (spec.get("ligne") or {}).items()):
                return valeur_de_cout(donnees_jeu, row.get(spec["colonne"]))
    return None


def options_du_groupe(donnees_jeu: dict[str, Any], groupe: dict[str, Any]) -> list[dict[str, Any]]:
    """A group's options: written out, or one per row of a table (`depuis_table`).

    Each option has `valeur` (what the list field holds), `couts` (kind -> Fraction or None: not allowed)
    and, when written out, `id` and `nom`.
    """
    kinds = groupe.get("_sortes") or []
    source = groupe.get("depuis_table")
    if isinstance(source, dict):
        table = bundle.table(donnees_jeu, source["table"])
        out = []
        for row in table.get("lignes") or []:
            if source["valeur"] in row:
                out.append({"valeur": row[source["valeur"]],
                            "couts": {k: valeur_de_cout(donnees_jeu, row.get(col))
                                      for k, col in (source.get("couts") or {}).items()}})
        return out
    out = []
    for option in groupe.get("options") or []:
        couts = {k: valeur_de_cout(donnees_jeu, option.get("couts", {}).get(k, 0)) for k in kinds}
        out.append({**option, "valeur": option.get("valeur", option.get("id")), "couts": couts})
    return out


def libelle_groupe(donnees_jeu: dict[str, Any], groupe: dict[str, Any]) -> str:
    """A group's label: its `nom`, else its table column's name, else its field."""
    if groupe.get("nom"):
        return str(groupe["nom"])
    source = groupe.get("depuis_table")
    if isinstance(source, dict):
        for column in bundle.table(donnees_jeu, source["table"]).get("colonnes") or []:
            if column.get("id") == source["valeur"]:
                return str(column.get("nom"))
    return champ(groupe.get("champ", ""))


def permises(options: list[dict[str, Any]], kind: str) -> list[Any]:
    """The values a player may choose: whole numbers in order, then the others as listed."""
    allowed = [o["valeur"] for o in options if o["couts"].get(kind) is not None]
    numbers = sorted(v for v in allowed if isinstance(v, int) and not isinstance(v, bool))
    return numbers + [v for v in allowed if not (isinstance(v, int) and not isinstance(v, bool))]


@dataclass
class Selection:
    """One list entry read with the model: the entry it is, its options, categories and costs."""

    index: int
    champs: dict[str, Any]
    entree: dict[str, Any]
    quantite: int | None
    options: list[dict[str, Any]] = field(default_factory=list)  # chosen options, each once per choice
    categories: list[str] = field(default_factory=list)
    unitaire: dict[str, Fraction | None] = field(default_factory=dict)
    detail: dict[str, Any] = field(default_factory=dict)

    def total(self, kind: str) -> Fraction | None:
        """The cost of the selection (unit cost times quantity) in one kind; None when unknown."""
        unit = self.unitaire.get(kind)
        return unit * self.quantite if unit is not None and self.quantite else None


@dataclass
class Lecture:
    """The selections of a list and what reading them found wrong."""

    selections: list[Selection] = field(default_factory=list)
    erreurs: list[Any] = field(default_factory=list)


class Lecteur:
    """Reads list entries with a game's model (one validation)."""

    def __init__(self, donnees_jeu: dict[str, Any], model: dict[str, Any]) -> None:
        self.donnees = donnees_jeu
        self.model = model
        self.kinds = sortes_de_cout(model)
        self.lecture = model.get("lecture") or {}
        self.errors: list[Any] = []

    def entree_de(self, champs: dict[str, Any]) -> dict[str, Any] | None:
        """The model entry a list entry is: named by the type field, or the model's only entry."""
        entrees = [e for e in self.model.get("entrees") or [] if isinstance(e, dict)]
        pointer = self.lecture.get("type")
        if not pointer:
            return entrees[0] if entrees else None
        value = champs.get(champ(pointer))
        return next((e for e in entrees if json_equal(e.get("valeur", e.get("id")), value)), None)

    def lire(self, vue: VueEntree) -> Selection | None:
        """One selection, or None when the list entry is no entry of the model (the schema says why)."""
        entree = self.entree_de(vue.champs)
        if entree is None:
            return None
        quantite = entier(vue.champs.get(champ(self.lecture["quantite"])), 1) if self.lecture.get("quantite") else 1
        selection = Selection(vue.index, vue.champs, entree, quantite,
                              categories=[c for c in entree.get("categories") or [] if isinstance(c, str)])
        unit: dict[str, Fraction | None] = {k: valeur_de_cout(self.donnees, (entree.get("couts") or {}).get(k, 0))
                                            for k in self.kinds}
        for groupe in entree.get("choix") or []:
            part = self.groupe(selection, {**groupe, "_sortes": self.kinds})
            for k in self.kinds:
                unit[k] = None if unit[k] is None or part.get(k) is None else unit[k] + part[k]
        selection.unitaire = unit
        return selection

    def groupe(self, selection: Selection, groupe: dict[str, Any]) -> dict[str, Fraction | None]:
        """The cost one option group adds to a selection (None: unknown); records its breakdown."""
        name = champ(groupe["champ"])
        value = selection.champs.get(name)
        sorte = groupe.get("sorte", "valeur")
        main = self.kinds[0]
        if sorte == "booleen":
            couts = {k: valeur_de_cout(self.donnees, (groupe.get("couts") or {}).get(k, 0)) for k in self.kinds}
            chosen = value is True
            shown = couts[main] if chosen else 0
            selection.detail[groupe["id"]] = nombre_json(shown) if isinstance(shown, Fraction) else shown
            if not isinstance(value, bool):  # the list schema's default fills a yes/no left out
                return {k: None for k in self.kinds}
            if chosen:
                selection.options.append({"id": groupe["id"], "valeur": True, "couts": couts})
            return {k: (couts[k] if chosen else Fraction(0)) for k in self.kinds}
        options = options_du_groupe(self.donnees, groupe)
        values = value if sorte == "liste" and isinstance(value, list) else [] if value is None else [value]
        if sorte == "liste" and value is not None and not isinstance(value, list):
            return {k: None for k in self.kinds}
        sums: dict[str, Fraction | None] = {k: Fraction(0) for k in self.kinds}
        for item in values:
            option = self.option(selection, groupe, options, item)
            for k in self.kinds:
                cost = None if option is None else option["couts"].get(k)
                sums[k] = None if sums[k] is None or cost is None else sums[k] + cost
        minimum = groupe.get("min", 0)
        if len(values) < minimum and sorte == "valeur":
            sums = {k: None for k in self.kinds}
        self.count(selection, groupe, len(values))
        times = Fraction(1)
        entry: dict[str, Any] = {"valeur": value, "cout": sums[main]} if sorte == "valeur" else {"cout": sums[main]}
        if groupe.get("fois"):
            factor = entier(selection.champs.get(champ(groupe["fois"])), 1)
            entry[champ(groupe["fois"])] = factor
            times = Fraction(factor) if factor else Fraction(0)
            sums = {k: (v * times if v is not None and factor else None) for k, v in sums.items()}
            entry["total"] = sums[main]
        selection.detail[groupe["id"]] = {k: nombre_json(v) if isinstance(v, Fraction) else v
                                          for k, v in entry.items()}
        return sums

    def count(self, selection: Selection, groupe: dict[str, Any], count: int) -> None:
        """« Choose N of M »: a violation when the number of choices is outside the group's min/max."""
        nombre = groupe.get("nombre")
        limits = {k: Fraction(groupe[k]) for k in ("min", "max") if k in groupe}
        gap = depassement(Fraction(count), limits)
        if not isinstance(nombre, dict) or gap is None:
            return
        name = champ(groupe["champ"])
        valeurs = {**limits, "valeur": count, "ecart": gap, "label": libelle_groupe(self.donnees, groupe)}
        self.errors.append(signaler(self.donnees, nombre["code"], "{entree}" + nombre["message"],
                                    f"/entrees/{selection.index}/{name}", bundle.ancre(self.donnees, nombre.get("regle")),
                                    valeurs, entree=selection.index, nom=nom_court(selection.champs.get("nom"), "")))

    def option(self, selection: Selection, groupe: dict[str, Any], options: list[dict[str, Any]],
               item: Any) -> dict[str, Any] | None:
        """The option a value names, or None (with a violation when the value is not a choice)."""
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            return None  # a value of the wrong type: the schema reports it
        option = next((o for o in options if json_equal(o["valeur"], item)), None)
        kind = self.kinds[0]
        forbidden = option is not None and option["couts"].get(kind) is None
        if option is None or forbidden:
            self.signal_choice(selection, groupe, options, item, forbidden)
            return None
        selection.options.append(option)
        return option

    def signal_choice(self, selection: Selection, groupe: dict[str, Any], options: list[dict[str, Any]],
                      item: Any, forbidden: bool) -> None:
        """A value that is no choice of the group, or one without cost (a forbidden value)."""
        name = champ(groupe["champ"])
        hors = groupe.get("hors_choix") or {}
        modele_msg = hors.get("message_interdite" if forbidden else "message_inconnue") or (
            MESSAGE_INTERDITE if forbidden else MESSAGE_INCONNUE)
        valeurs = {"label": libelle_groupe(self.donnees, groupe), "champ": name, "valeur": item,
                   "permises": permises(options, self.kinds[0])}
        if "message_inconnue" not in hors:  # the default template lists the choices by their labels
            valeurs["permises"] = ", ".join(str(o.get("nom", o["valeur"])) for o in options
                                            if o["couts"].get(self.kinds[0]) is not None)
        self.errors.append(signaler(self.donnees, hors.get("code", "MODELE_CHOIX_INCONNU"), "{entree}" + modele_msg,
                                    f"/entrees/{selection.index}/{name}",
                                    bundle.ancre(self.donnees, hors.get("regle") or groupe.get("regle")), valeurs,
                                    entree=selection.index, nom=nom_court(selection.champs.get("nom"), "")))


def lire_liste(donnees_jeu: dict[str, Any], model: dict[str, Any], vues: list[VueEntree]) -> Lecture:
    """Every selection of a list, with the violations of values that are no choice."""
    reader = Lecteur(donnees_jeu, model)
    selections = [s for s in (reader.lire(v) for v in vues) if s is not None]
    return Lecture(selections, reader.errors)
