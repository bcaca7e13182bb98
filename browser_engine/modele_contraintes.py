"""The list model's measures, modifiers and constraints (see `modele_liste.py`).

Measures are sums over the selections: `nb_<id>` (how many, each selection counting its quantity)
and `cout_<id>` (their cost in the first cost kind) for every entry, category and option that has
an id; `cout` and `cout_<kind>` (the list's totals), `format` and `nb_entrees`. Ids use `_` for `-`.

Modifiers (`modificateurs`) change a cost (`type: cout`), a category (`categorie`), a bound
(`borne`) or the availability (`disponibilite`) of an entry or an option, when their condition
(`si`: `mesure` compared with `au_moins`/`au_plus`/`egal`, `champ` of the selection, `et`, `ou`,
`non`) holds, `repete` times (`par` an expression, `pas`, at most `max`). Conditions of cost,
category and availability modifiers read the measures before any modifier; bounds read them after.

Constraints (`contraintes`) bound a measure (`mesure`, an expression) with `min`, `max` or `exact`,
for the list or for each selection (`portee: entree`, with the names `quantite`, `cout`,
`cout_total` and `nb_<option>`), optionally as a percentage of another measure (`pourcentage_de`).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from . import bundle
from .analyse import AnalyseJeu
from .errors import ErreurDonnees
from .expressions import ErreurExpression, ValeurIndisponible, evaluer
from .messages import rediger
from .modele_liste import Selection, champ, lire_liste, modele, nom_mesure, sortes_de_cout
from .regles import Violation, VueEntree, correspond, depassement, nom_court, nombre_json, violation

NOMS_ENTREE_MODELE = ("quantite", "cout", "cout_total")
MESSAGE_INDISPONIBLE = "{choix} n'est pas permis dans cette liste."


def _expr(expression: Any, noms: dict[str, Any]) -> Fraction | None:
    """An expression's value, or None when a name it reads has no value in this list."""
    try:
        return evaluer(expression, noms)
    except ValeurIndisponible:
        return None
    except ErreurExpression as exc:
        raise ErreurDonnees(f"Modèle de liste invalide : {exc}.") from None


def mesures(selections: list[Selection], kinds: list[str], base: dict[str, Any]) -> tuple[
        dict[str, Fraction], dict[str, list[tuple[int, Fraction]]]]:
    """The list's measures and, for each, the part each selection adds (list order)."""
    values: dict[str, Fraction] = {}
    parts: dict[str, list[tuple[int, Fraction]]] = {}

    def add(name: str, index: int, amount: Fraction | None) -> None:
        values[name] = values.get(name, Fraction(0)) + (amount or 0)
        if amount:
            parts.setdefault(name, []).append((index, amount))

    for kind in kinds:
        values["cout_" + nom_mesure(kind)] = Fraction(0)
    for s in selections:
        q = Fraction(s.quantite or 0)
        total = s.total(kinds[0])
        for kind in kinds:
            add("cout_" + nom_mesure(kind), s.index, s.total(kind))
        for ident in [s.entree["id"], *s.categories]:
            add("nb_" + nom_mesure(ident), s.index, q)
            add("cout_" + nom_mesure(ident), s.index, total)
        for option in s.options:
            if option.get("id"):
                add("nb_" + nom_mesure(option["id"]), s.index, q)
                unit = option["couts"].get(kinds[0])
                add("cout_" + nom_mesure(option["id"]), s.index, unit * q if unit is not None else None)
    values["cout"] = values["cout_" + nom_mesure(kinds[0])]
    return {**base, **values}, parts


def condition(cond: Any, noms: dict[str, Any], champs: dict[str, Any] | None) -> bool:
    """Whether a modifier's condition holds (`et`, `ou`, `non`, `mesure`, `champ`)."""
    if not isinstance(cond, dict):
        return True
    if "et" in cond:
        return all(condition(c, noms, champs) for c in cond["et"])
    if "ou" in cond:
        return any(condition(c, noms, champs) for c in cond["ou"])
    if "non" in cond:
        return not condition(cond["non"], noms, champs)
    if "champ" in cond:
        tests = {k: v for k, v in cond.items() if k in ("egal", "parmi", "sauf", "present")}
        return champs is not None and correspond(champs, {champ(cond["champ"]): tests})
    value = _expr(cond.get("mesure", 0), noms)
    if value is None:
        return False
    checks = (("au_moins", lambda v, b: v >= b), ("au_plus", lambda v, b: v <= b), ("egal", lambda v, b: v == b))
    for key, test in checks:
        if key in cond:
            bound = _expr(cond[key], noms)
            if bound is None or not test(value, bound):
                return False
    return True


def repetitions(modificateur: dict[str, Any], noms: dict[str, Any]) -> int:
    """How many times a modifier applies: once, or `floor(par / pas)` times (at most `max`)."""
    repete = modificateur.get("repete")
    if not isinstance(repete, dict):
        return 1
    value = _expr(repete["par"], noms)
    if value is None:
        return 0
    times = max(0, math.floor(value / Fraction(repete.get("pas", 1))))
    return min(times, int(repete["max"])) if "max" in repete else times


def _vise(modificateur: dict[str, Any], s: Selection) -> int:
    """How many times a modifier targets a selection: its entry (1), an option it chose (each), else 0."""
    if "option" in modificateur:
        return sum(1 for o in s.options if o.get("id") == modificateur["option"])
    if "categorie" in modificateur and modificateur.get("type") != "categorie":
        return int(modificateur["categorie"] in s.categories)
    return int(modificateur.get("entree") in (None, s.entree["id"]))


def modifier_selections(model: dict[str, Any], selections: list[Selection], noms: dict[str, Any],
                        kinds: list[str]) -> None:
    """Apply the category and cost modifiers to the selections (conditions on the measures before them)."""
    mods = [m for m in model.get("modificateurs") or [] if isinstance(m, dict)]
    for m in (m for m in mods if m.get("type") == "categorie"):
        for s in selections:
            if _vise(m, s) and condition(m.get("si"), noms, s.champs):
                if m.get("ajoute") and m["ajoute"] not in s.categories:
                    s.categories.append(m["ajoute"])
                if m.get("retire") in s.categories:
                    s.categories.remove(m["retire"])
    for m in (m for m in mods if m.get("type") == "cout"):
        kind = m.get("cout", kinds[0])
        for s in selections:
            hits = _vise(m, s)
            if not hits or s.unitaire.get(kind) is None or not condition(m.get("si"), noms, s.champs):
                continue
            step = _expr(m.get("ajoute", 0), noms)
            if step is not None:
                s.unitaire[kind] = (s.unitaire[kind] or 0) + step * hits * repetitions(m, noms)


def indisponibles(donnees_jeu: dict[str, Any], model: dict[str, Any], selections: list[Selection],
                  noms: dict[str, Any]) -> list[tuple[str, Violation]]:
    """A violation for each selection of an entry or option a `disponibilite` modifier forbids."""
    out: list[tuple[str, Violation]] = []
    type_field = champ((model.get("lecture") or {}).get("type", ""))
    for m in model.get("modificateurs") or []:
        if not isinstance(m, dict) or m.get("type") != "disponibilite":
            continue
        for s in selections:
            if not _vise(m, s) or not condition(m.get("si"), noms, s.champs):
                continue
            option = next((o for o in s.options if o.get("id") == m.get("option")), None)
            shown = option.get("nom", option["valeur"]) if option else s.entree.get("nom", s.entree["id"])
            where = f"/entrees/{s.index}" + (f"/{type_field}" if type_field and option is None else "")
            values = {**noms, "choix": shown}
            message, parties = rediger("{entree}" + str(m.get("message", MESSAGE_INDISPONIBLE)), values,
                                       entree=s.index, nom=nom_court(s.champs.get("nom"), ""),
                                       schema=bundle.schema_liste(donnees_jeu))
            out.append((m.get("severite", "erreur"), violation(m.get("code", "MODELE_INDISPONIBLE"), message, where,
                                                               bundle.ancre(donnees_jeu, m.get("regle")), parties)))
    return out


def bornes_modifiees(model: dict[str, Any], contrainte: dict[str, Any], noms: dict[str, Any]) -> dict[str, Fraction] | None:
    """A constraint's bounds, with the `borne` modifiers that apply; None when one cannot be computed."""
    out: dict[str, Fraction] = {}
    for kind, expression in (contrainte.get("borne") or {}).items():
        value = _expr(expression, noms)
        if value is None:
            return None
        for m in model.get("modificateurs") or []:
            if isinstance(m, dict) and m.get("type") == "borne" and m.get("contrainte") == contrainte["id"] \
                    and m.get("borne", "max") == kind and condition(m.get("si"), noms, None):
                step = _expr(m.get("ajoute", 0), noms)
                value += (step or 0) * repetitions(m, noms)
        out[kind] = value
    return out


def noms_selection(s: Selection, kinds: list[str]) -> dict[str, Any]:
    """The names an entry-scope constraint reads for one selection."""
    noms: dict[str, Any] = {"quantite": s.quantite, "cout": s.unitaire.get(kinds[0]), "cout_total": s.total(kinds[0])}
    for option in s.options:
        if option.get("id"):
            key = "nb_" + nom_mesure(option["id"])
            noms[key] = noms.get(key, 0) + 1
    return noms


def _mesure(contrainte: dict[str, Any], noms: dict[str, Any]) -> Fraction | None:
    value = _expr(contrainte["mesure"], noms)
    if value is None or "pourcentage_de" not in contrainte:
        return value
    ref = _expr(contrainte["pourcentage_de"], noms)
    return value * 100 / ref if ref else None


class Verificateur:
    """Checks a list's constraints and collects their violations and measures."""

    def __init__(self, donnees_jeu: dict[str, Any], model: dict[str, Any], kinds: list[str]) -> None:
        self.donnees = donnees_jeu
        self.model = model
        self.kinds = kinds
        self.found: list[tuple[str, Violation]] = []
        self.mesures: dict[str, dict[str, Any]] = {}
        self.schema = bundle.schema_liste(donnees_jeu)

    def _report(self, c: dict[str, Any], values: dict[str, Any], chemin: str, s: Selection | None) -> None:
        modele = ("{entree}" if s is not None else "") + str(c["message"])
        message, parties = rediger(modele, values, entree=s.index if s else None,
                                   nom=nom_court(s.champs.get("nom"), "") if s else None,
                                   base="/entrees/-" if s is None else None, schema=self.schema)
        anchor = bundle.ancre(self.donnees, c.get("regle"))
        self.found.append((c.get("severite", "erreur"), violation(c["code"], message, chemin, anchor, parties)))

    def liste(self, c: dict[str, Any], noms: dict[str, Any], parts: dict[str, list[tuple[int, Fraction]]],
              selections: list[Selection]) -> None:
        """One list-wide constraint; its excess points at the selections beyond the maximum."""
        limits = bornes_modifiees(self.model, c, noms)
        value = _mesure(c, noms)
        if limits is None or value is None:
            return
        self.mesures[c["id"]] = {"code": c["code"], "valeur": nombre_json(value),
                                 **{k: nombre_json(v) for k, v in limits.items()}}
        gap = depassement(value, limits)
        if gap is None:
            return
        values = {**noms, **limits, "valeur": value, "ecart": gap}
        ceiling = limits.get("max", limits.get("exact"))
        excess: list[Selection] = []
        name = str(c["mesure"]).strip()
        if ceiling is not None and value > ceiling and "pourcentage_de" not in c and name in parts:
            running = Fraction(0)
            by_index = {s.index: s for s in selections}
            for index, part in parts[name]:
                running += part
                if running > ceiling:
                    excess.append(by_index[index])
        for s in excess:
            self._report(c, {**values, "nom": nom_court(s.champs.get("nom")), "numero": s.index + 1},
                         f"/entrees/{s.index}", s)
        if not excess:
            self._report(c, values, str(c.get("chemin") or ""), None)

    def entree(self, c: dict[str, Any], noms: dict[str, Any], selections: list[Selection]) -> None:
        """One constraint checked on each selection its `selecteur` picks."""
        picked = c.get("selecteur") or {}
        for s in selections:
            if "entree" in picked and s.entree["id"] != picked["entree"]:
                continue
            if "categorie" in picked and picked["categorie"] not in s.categories:
                continue
            options = {"nb_" + nom_mesure(o): 0 for o in self.model.get("_options") or []}
            local = {**noms, **options, **noms_selection(s, self.kinds)}  # option counts: this selection's
            limits = bornes_modifiees(self.model, c, local)
            value = _mesure(c, local)
            gap = None if limits is None or value is None else depassement(value, limits)
            if gap is None or limits is None:
                continue
            chemin = f"/entrees/{s.index}" + (f"/{c['chemin']}" if c.get("chemin") else "")
            self._report(c, {**local, **limits, "valeur": value, "ecart": gap,
                             "nom": nom_court(s.champs.get("nom")), "numero": s.index + 1}, chemin, s)


def ids_options(model: dict[str, Any]) -> list[str]:
    """Ids of every written-out option of the model (yes/no groups count as one option)."""
    out: list[str] = []
    for entree in model.get("entrees") or []:
        for groupe in entree.get("choix") or []:
            if groupe.get("sorte") == "booleen":
                out.append(groupe["id"])
            out.extend(o["id"] for o in groupe.get("options") or [] if isinstance(o, dict) and "id" in o)
    return out


def evaluer_liste(donnees_jeu: dict[str, Any], model: dict[str, Any], liste: dict[str, Any],
                  vues: list[VueEntree]) -> AnalyseJeu:
    """Read a list with the model: costs, details, derived values and every violation.

    Args:
        donnees_jeu: the game bundle.
        model: its `modele_liste`.
        liste: the list document.
        vues: the entries that are objects, with defaults filled in.

    Returns:
        The analysis the validator merges with the data rules (`validation.valider`).

    """
    kinds = sortes_de_cout(model)
    lecture = lire_liste(donnees_jeu, model, vues)
    entrees = liste.get("entrees") if isinstance(liste.get("entrees"), list) else []
    budget = liste.get("format")
    budget = budget if isinstance(budget, (int, float)) and not isinstance(budget, bool) else None
    base = {"format": budget, "nb_entrees": len(entrees)}
    model = {**model, "_options": ids_options(model)}
    for name in ["nb_" + nom_mesure(i) for i in _all_ids(model)] + ["cout_" + nom_mesure(i) for i in _all_ids(model)]:
        base[name] = Fraction(0)
    before, _ = mesures(lecture.selections, kinds, base)
    modifier_selections(model, lecture.selections, before, kinds)
    noms, parts = mesures(lecture.selections, kinds, base)
    checker = Verificateur(donnees_jeu, model, kinds)
    checker.found += indisponibles(donnees_jeu, model, lecture.selections, before)
    for c in model.get("contraintes") or []:
        if isinstance(c, dict):
            (checker.entree(c, noms, lecture.selections) if c.get("portee") == "entree"
             else checker.liste(c, noms, parts, lecture.selections))
    return _analyse(model, lecture, checker, noms, kinds, len(entrees), budget)


def _all_ids(model: dict[str, Any]) -> list[str]:
    entries = [e["id"] for e in model.get("entrees") or [] if isinstance(e, dict)]
    categories = [c["id"] for c in model.get("categories") or [] if isinstance(c, dict)]
    return entries + categories + list(model.get("_options") or [])


def _analyse(model: dict[str, Any], lecture: Any, checker: Verificateur, noms: dict[str, Any], kinds: list[str],
             count: int, budget: Any) -> AnalyseJeu:
    """The report parts: per-entry rows (`rapport.champs`, costs, breakdown), totals and summaries."""
    lect = model.get("lecture") or {}
    unit_name, total_name = lect.get("cout_unitaire", "cout_unitaire"), lect.get("cout_total", "cout_total")
    shown = [champ(f) for f in (model.get("rapport") or {}).get("champs") or []]
    by_index = {s.index: s for s in lecture.selections}
    rows = []
    for i in range(count):
        s = by_index.get(i)
        row: dict[str, Any] = {"index": i, **{f: (s.champs.get(f) if s else None) for f in shown}}
        unit, total = (s.unitaire.get(kinds[0]), s.total(kinds[0])) if s else (None, None)
        row[unit_name] = nombre_json(unit) if unit is not None else None
        row[total_name] = nombre_json(total) if total is not None else None
        row["couts"] = s.detail if s else None
        if s and len(kinds) > 1:
            row["couts_par_sorte"] = {k: (nombre_json(v) if v is not None else None) for k, v in s.unitaire.items()}
        rows.append(row)
    total_cost = nombre_json(noms["cout"])
    details: dict[str, Any] = {"entrees": rows, "total": total_cost, "format": budget,
                               "reste": budget - total_cost if budget is not None else None}
    if len(kinds) > 1:
        details["totaux"] = {k: nombre_json(noms["cout_" + nom_mesure(k)]) for k in kinds}
    if checker.mesures:
        details["mesures"] = checker.mesures
    details["_recapitulatif"] = {r["cle"]: nombre_json(noms.get(r["mesure"], Fraction(0)))
                                 for r in model.get("recapitulatif") or []}
    derived = {r["index"]: {unit_name: r[unit_name], total_name: r[total_name]} for r in rows}
    errors = lecture.erreurs + [v for sev, v in checker.found if sev != "avertissement"]
    warnings = [v for sev, v in checker.found if sev == "avertissement"]
    return AnalyseJeu(cout=total_cost, derives=derived, erreurs=errors, avertissements=warnings, details=details)


class PartieModele:
    """A game's list model seen as a game's `liste` part (`jeux.ListePart`)."""

    def __init__(self, model: dict[str, Any]) -> None:
        self.model = model

    def analyser(self, donnees_jeu: dict[str, Any], liste: dict[str, Any], vues: list[VueEntree]) -> AnalyseJeu:
        """Costs, derived values, details and the model's violations (`modele_contraintes.evaluer_liste`)."""
        return evaluer_liste(donnees_jeu, self.model, liste, vues)

    def completer_details(self, details: dict[str, Any], mesures: dict[str, dict[str, Any]],
                          vues: list[VueEntree]) -> None:
        """Add the summaries the model declares (`recapitulatif`: a measure and a data rule's maximum)."""
        counts = details.pop("_recapitulatif", {})
        for item in self.model.get("recapitulatif") or []:
            details[item["cle"]] = {"nombre": counts.get(item["cle"]),
                                    "maximum": mesures.get(item.get("maximum_de", ""), {}).get("max")}

    def champs_derives(self, donnees_jeu: dict[str, Any]) -> list[str]:
        """The names of the values the model adds to each entry (its unit and total costs)."""
        lecture = self.model.get("lecture") or {}
        return [lecture.get("cout_unitaire", "cout_unitaire"), lecture.get("cout_total", "cout_total")]


def partie_liste(donnees_jeu: dict[str, Any], module: Any) -> Any:
    """A game's list part: its Python `liste` module, else its list model, else None."""
    if module is not None:
        return module
    model = modele(donnees_jeu)
    return PartieModele(model) if model is not None else None
