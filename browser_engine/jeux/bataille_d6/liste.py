"""Bataille fantastique d6: figure costs and the cost-table check.

Costs are read from the bundle's table `cout-des-caracteristiques`; the limits
on Héros, Sorciers, objects and spells are data rules (`regles-liste.yaml`).
"""
from __future__ import annotations

from typing import Any

from ... import bundle
from ...analyse import AnalyseJeu
from ...regles import Violation, VueEntree, nom_court, signaler

JEU = "bataille-d6"
COST_TABLE = "cout-des-caracteristiques"
CHARACTERISTICS = ("mouvement", "melee", "tir", "armure")
CODE_OUT_OF_TABLE = "D6_VALEUR_HORS_TABLE"
CODE_HEROS_MAX = "D6_HEROS_MAX"
CODE_SORCIERS_MAX = "D6_SORCIERS_MAX"
# The Puissante option's price is printed in the sheet's text (line 13); the data
# carries it in a small table of its own, as every other cost.
OPTIONS_TABLE = "cout-des-options"


# --- costs --------------------------------------------------------------------------------

def cost_table(donnees_jeu: dict[str, Any]) -> dict[str, dict[Any, int | None]]:
    """Cost of each value of each characteristic; None marks a forbidden value (Mêlée 0)."""
    table = bundle.table(donnees_jeu, COST_TABLE)
    out: dict[str, dict[Any, int | None]] = {c: {} for c in CHARACTERISTICS}
    for row in table["lignes"]:
        for name in CHARACTERISTICS:
            if name in row:
                out[name][row[name]] = row.get(f"cout_{name}")
    return out


def characteristic_labels(donnees_jeu: dict[str, Any]) -> dict[str, str]:
    """Display name of each characteristic, from the cost table's columns."""
    columns = {c["id"]: c["nom"] for c in bundle.table(donnees_jeu, COST_TABLE)["colonnes"]}
    return {name: columns.get(name, name) for name in CHARACTERISTICS}


def _allowed(values: dict[Any, int | None]) -> list[Any]:
    allowed = [v for v, cost in values.items() if cost is not None]
    numbers = sorted(v for v in allowed if isinstance(v, int))
    return numbers + [v for v in allowed if not isinstance(v, int)]


def _is_table_value(value: Any) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)


def _whole(value: Any, minimum: int) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= minimum
    return value if ok else None


class _Costing:
    """Computes figure costs for one validation and collects out-of-table violations."""

    def __init__(self, donnees_jeu: dict[str, Any]) -> None:
        self.donnees = donnees_jeu
        self.table = cost_table(donnees_jeu)
        self.labels = characteristic_labels(donnees_jeu)
        self.anchor = bundle.ancre(donnees_jeu, COST_TABLE)
        self.options = {row["option"]: row["cout"] for row in bundle.table(donnees_jeu, OPTIONS_TABLE)["lignes"]}
        self.errors: list[Violation] = []

    def characteristic_cost(self, vue: VueEntree, name: str) -> int | None:
        """Cost of one characteristic of an entry; None (and maybe a violation) when it has none."""
        value = vue.champs.get(name)
        if value is None or not _is_table_value(value):
            return None  # missing or wrong type: the schema reports it
        values = self.table[name]
        where = f"/entrees/{vue.index}/{name}"
        valeurs = {"label": self.labels[name], "champ": name, "valeur": value, "permises": _allowed(values)}
        nom = nom_court(vue.champs.get("nom"), "")
        if value not in values:
            self.errors.append(signaler(self.donnees, CODE_OUT_OF_TABLE, "{entree}{label} {valeurs:{champ}={valeur}} "
                                        "n'existe pas dans la table des coûts (valeurs possibles : "
                                        "{valeurs:{champ}={permises}}).", where, self.anchor, valeurs,
                                        entree=vue.index, nom=nom))
            return None
        cost = values[value]
        if cost is None:
            self.errors.append(signaler(self.donnees, CODE_OUT_OF_TABLE, "{entree}{label} {valeurs:{champ}={valeur}} "
                                        "est interdite : la table des coûts ne lui donne aucun coût (valeurs possibles "
                                        ": {valeurs:{champ}={permises}}).", where, self.anchor, valeurs,
                                        entree=vue.index, nom=nom))
        return cost

    def entry(self, vue: VueEntree) -> dict[str, Any]:
        """Cost breakdown of one entry: per characteristic, per figure and for the whole entry."""
        champs = vue.champs
        costs = {name: self.characteristic_cost(vue, name) for name in CHARACTERISTICS}
        attacks = _whole(champs.get("attaques"), 1)
        count = _whole(champs.get("nombre"), 1)
        powerful = champs.get("puissante")
        breakdown: dict[str, Any] = {name: {"valeur": champs.get(name), "cout": costs[name]}
                                     for name in CHARACTERISTICS}
        breakdown["melee"]["attaques"] = attacks
        melee_total = costs["melee"] * attacks if costs["melee"] is not None and attacks else None
        breakdown["melee"]["total"] = melee_total
        breakdown["puissante"] = self.options["puissante"] if powerful is True else 0
        parts = [costs["mouvement"], melee_total, costs["tir"], costs["armure"]]
        figure = None
        if all(p is not None for p in parts) and isinstance(powerful, bool):
            figure = sum(p for p in parts if p is not None) + breakdown["puissante"]
        return {
            "index": vue.index,
            "nom": champs.get("nom"),
            "role": champs.get("role"),
            "nombre": champs.get("nombre"),
            "cout_figure": figure,
            "cout_total": figure * count if figure is not None and count else None,
            "couts": breakdown,
        }


def _empty_entry(index: int) -> dict[str, Any]:
    return {"index": index, "nom": None, "role": None, "nombre": None, "cout_figure": None,
            "cout_total": None, "couts": None}


def analyser(donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
    """Costs of every entry and the cost-table check.

    Args:
        donnees_jeu: the game bundle.
        liste: the list document.
        vues: the entries that are objects, with defaults filled in.

    Returns:
        The total cost, `cout_figure`/`cout_total` per entry for the data rules,
        D6_VALEUR_HORS_TABLE errors and the cost details.

    """
    costing = _Costing(donnees_jeu)
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    by_index = {vue.index: costing.entry(vue) for vue in vues}
    rows = [by_index.get(i) or _empty_entry(i) for i in range(len(entrees))]
    total = sum(row["cout_total"] or 0 for row in rows)
    budget = liste.get("format")
    budget = budget if isinstance(budget, int) and not isinstance(budget, bool) else None
    derived = {row["index"]: {"cout_figure": row["cout_figure"], "cout_total": row["cout_total"]} for row in rows}
    details = {"entrees": rows, "total": total, "format": budget,
               "reste": budget - total if budget is not None else None}
    return AnalyseJeu(cout=total, derives=derived, erreurs=costing.errors, details=details)


def _count_role(vues: list[VueEntree], role: str) -> int:
    return sum(_whole(v.champs.get("nombre"), 1) or 0 for v in vues if v.champs.get("role") == role)


def completer_details(details: dict[str, Any], mesures: dict[str, dict[str, Any]], vues: list[VueEntree]) -> None:
    """Add the number of Héros and Sorciers and how many the format allows."""
    by_code = {m["code"]: m for m in mesures.values()}
    for key, role, code in (("heros", "heros", CODE_HEROS_MAX), ("sorciers", "sorcier", CODE_SORCIERS_MAX)):
        details[key] = {"nombre": _count_role(vues, role), "maximum": by_code.get(code, {}).get("max")}
