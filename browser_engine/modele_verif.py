"""Static check of a game's list model (`modele_liste`), run by `make check` (`generator check`).

The schema checks the model's shape; this checks what a schema cannot: that every id it names exists
(categories, cost kinds, entries, options, constraints, tables and their columns), that ids do not
collide as measure names, and that every expression and message uses only measures that exist
(`modele_contraintes.py` lists them). A typo would otherwise switch a bound off silently.
"""
from __future__ import annotations

from typing import Any

from .expressions import ErreurExpression, ValeurIndisponible, evaluer, noms_utilises
from .messages import placeholders
from .modele_contraintes import NOMS_ENTREE_MODELE, ids_options
from .modele_liste import CLE, nom_mesure, sortes_de_cout

Parts = tuple[str | int, ...]
Probleme = tuple[Parts, str]
NOMS_BASE = ("format", "cout", "nb_entrees")


def noms_liste(model: dict[str, Any]) -> set[str]:
    """Every measure name a list-wide expression or message may use."""
    ids = _ids(model)
    names = set(NOMS_BASE) | {"cout_" + nom_mesure(k) for k in sortes_de_cout(model)}
    for ident in ids:
        names |= {"nb_" + nom_mesure(ident), "cout_" + nom_mesure(ident)}
    return names


def _ids(model: dict[str, Any]) -> list[str]:
    entries = [e.get("id") for e in model.get("entrees") or [] if isinstance(e, dict)]
    categories = [c.get("id") for c in model.get("categories") or [] if isinstance(c, dict)]
    return [i for i in entries + categories + ids_options(model) if isinstance(i, str)]


def _expression(expression: Any, allowed: set[str]) -> str | None:
    """None when the expression is sound and uses known names, else why not (French)."""
    try:
        unknown = sorted(noms_utilises(expression) - allowed)
        if unknown:
            return f"mesure inconnue « {unknown[0]} » (mesures possibles : {', '.join(sorted(allowed))})"
        evaluer(expression, dict.fromkeys(allowed, 1))
    except ValeurIndisponible:
        return None
    except ErreurExpression as exc:
        return f"expression invalide : {exc}"
    return None


def _message(text: Any, allowed: set[str]) -> str | None:
    unknown = sorted(set(placeholders(str(text or ""))) - allowed)
    if unknown:
        return f"« {{{unknown[0]}}} » n'a pas de valeur dans ce message (noms possibles : {', '.join(sorted(allowed))})"
    return None


class _Verif:
    def __init__(self, model: dict[str, Any], donnees: dict[str, Any]) -> None:
        self.model = model
        self.tables = {t["id"]: t for t in donnees.get("tables") or [] if isinstance(t, dict) and "id" in t}
        self.kinds = set(sortes_de_cout(model))
        self.categories = {c["id"] for c in model.get("categories") or [] if isinstance(c, dict) and "id" in c}
        self.entries = {e["id"] for e in model.get("entrees") or [] if isinstance(e, dict) and "id" in e}
        self.options = set(ids_options(model))
        self.constraints = {c["id"] for c in model.get("contraintes") or [] if isinstance(c, dict) and "id" in c}
        self.names = noms_liste(model)
        self.found: list[Probleme] = []

    def add(self, parts: Parts, message: str | None) -> None:
        if message:
            self.found.append(((CLE, *parts), message))

    def known(self, parts: Parts, value: Any, pool: set[str], what: str) -> None:
        if value is not None and value not in pool:
            self.add(parts, f"{what} « {value} » inconnu{'e' if what.endswith('catégorie') else ''} du modèle "
                            f"(connus : {', '.join(sorted(pool)) or 'aucun'})")

    def column(self, parts: Parts, table_id: Any, column: Any) -> None:
        table = self.tables.get(table_id)
        if table is None:
            self.add(parts + ("table",), f"table « {table_id} » introuvable")
        elif column not in {c.get("id") for c in table.get("colonnes") or []}:
            self.add(parts, f"colonne « {column} » absente de la table « {table_id} »")

    def couts(self, parts: Parts, couts: Any) -> None:
        for kind, spec in (couts or {}).items():
            self.known(parts + (kind,), kind, self.kinds, "sorte de coût")
            if isinstance(spec, dict):
                self.column(parts + (kind,), spec.get("table"), spec.get("colonne"))

    def run(self) -> list[Probleme]:
        seen: dict[str, str] = {}
        for kind in sortes_de_cout(self.model):
            seen[nom_mesure(kind)] = "sorte de coût"
        for ident in _ids(self.model):
            if nom_mesure(ident) in seen:
                self.add((), f"identifiant « {ident} » employé deux fois (les mesures nb_ et cout_ seraient ambiguës)")
            seen[nom_mesure(ident)] = ident
        lecture = self.model.get("lecture") or {}
        if not lecture.get("type") and len(self.entries) != 1:
            self.add(("lecture",), "sans champ « type », le modèle n'a qu'une entrée")
        for i, entry in enumerate(self.model.get("entrees") or []):
            self.entry(("entrees", i), entry)
        for i, m in enumerate(self.model.get("modificateurs") or []):
            self.modifier(("modificateurs", i), m)
        for i, c in enumerate(self.model.get("contraintes") or []):
            self.constraint(("contraintes", i), c)
        for i, r in enumerate(self.model.get("recapitulatif") or []):
            self.add(("recapitulatif", i, "mesure"), _expression(r.get("mesure"), self.names))
        return self.found

    def entry(self, parts: Parts, entry: dict[str, Any]) -> None:
        self.couts(parts + ("couts",), entry.get("couts"))
        for j, cat in enumerate(entry.get("categories") or []):
            self.known(parts + ("categories", j), cat, self.categories, "catégorie")
        for g, groupe in enumerate(entry.get("choix") or []):
            here = parts + ("choix", g)
            self.couts(here + ("couts",), groupe.get("couts"))
            for o, option in enumerate(groupe.get("options") or []):
                self.couts(here + ("options", o, "couts"), option.get("couts"))
            source = groupe.get("depuis_table")
            if isinstance(source, dict):
                self.column(here + ("depuis_table", "valeur"), source.get("table"), source.get("valeur"))
                for kind, col in (source.get("couts") or {}).items():
                    self.known(here + ("depuis_table", "couts", kind), kind, self.kinds, "sorte de coût")
                    self.column(here + ("depuis_table", "couts", kind), source.get("table"), col)
            hors = groupe.get("hors_choix") or {}
            for key in ("message_inconnue", "message_interdite"):
                self.add(here + ("hors_choix", key), _message(hors.get(key), {"label", "champ", "valeur", "permises"}))

    def condition(self, parts: Parts, cond: Any, with_fields: bool) -> None:
        if not isinstance(cond, dict):
            return
        for key in ("et", "ou"):
            for i, sub in enumerate(cond.get(key) or []):
                self.condition(parts + (key, i), sub, with_fields)
        if "non" in cond:
            self.condition(parts + ("non",), cond["non"], with_fields)
        if "champ" in cond and not with_fields:
            self.add(parts + ("champ",), "une condition de borne lit les mesures de la liste, pas le champ d'une entrée")
        if "mesure" in cond:
            for key in ("mesure", "au_moins", "au_plus", "egal"):
                if key in cond:
                    self.add(parts + (key,), _expression(cond[key], self.names))

    def modifier(self, parts: Parts, m: dict[str, Any]) -> None:
        self.known(parts + ("entree",), m.get("entree"), self.entries, "entrée")
        self.known(parts + ("option",), m.get("option"), self.options, "option")
        kind = m.get("type")
        if kind == "categorie":
            for key in ("ajoute", "retire"):
                self.known(parts + (key,), m.get(key), self.categories, "catégorie")
        else:
            self.known(parts + ("categorie",), m.get("categorie"), self.categories, "catégorie")
            self.add(parts + ("ajoute",), _expression(m.get("ajoute", 0), self.names))
        if kind == "cout":
            self.known(parts + ("cout",), m.get("cout"), self.kinds, "sorte de coût")
        if kind == "borne":
            self.known(parts + ("contrainte",), m.get("contrainte"), self.constraints, "contrainte")
            if "contrainte" not in m:
                self.add(parts, "un modificateur de borne nomme sa contrainte")
        if kind == "disponibilite":
            self.add(parts + ("message",), _message(m.get("message"), self.names | {"choix"}))
        self.condition(parts + ("si",), m.get("si"), kind != "borne")
        if isinstance(m.get("repete"), dict):
            self.add(parts + ("repete", "par"), _expression(m["repete"].get("par"), self.names))

    def constraint(self, parts: Parts, c: dict[str, Any]) -> None:
        per_entry = c.get("portee") == "entree"
        allowed = self.names | ({*NOMS_ENTREE_MODELE} if per_entry else set())
        selecteur = c.get("selecteur") or {}
        self.known(parts + ("selecteur", "entree"), selecteur.get("entree"), self.entries, "entrée")
        self.known(parts + ("selecteur", "categorie"), selecteur.get("categorie"), self.categories, "catégorie")
        for key in ("mesure", "pourcentage_de"):
            if key in c:
                self.add(parts + (key,), _expression(c[key], allowed))
        for kind, expression in (c.get("borne") or {}).items():
            self.add(parts + ("borne", kind), _expression(expression, allowed))
        shown = allowed | {"valeur", "ecart"} | set(c.get("borne") or {}) | ({"nom", "numero"} if per_entry else set())
        self.add(parts + ("message",), _message(c.get("message"), shown))


def problemes(donnees_jeu: dict[str, Any]) -> list[Probleme]:
    """Every problem of a game's list model, as (path from the file's root, French message); [] without one."""
    model = donnees_jeu.get(CLE) if isinstance(donnees_jeu, dict) else None
    return _Verif(model, donnees_jeu).run() if isinstance(model, dict) else []

