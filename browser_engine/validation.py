"""List validation: schema checks, game-specific Python rules, then data rules."""
from __future__ import annotations

from typing import Any

from . import bundle, jeux, regles
from .analyse import AnalyseJeu
from .errors import ErreurEntree
from .messages import Parties, rediger
from .modele_contraintes import partie_liste
from .reader import entiers_exacts, nom_de_type, verifier_structure
from .regles import Violation, VueEntree, nom_court, violation
from .schema_lite import Ecart, SchemaLite
from .versions_journal import situer
from .yaml_lite import MAX_ITEMS, grouped

MAX_ENTREES = MAX_ITEMS
CODE_JEU_DIFFERENT = "LISTE_JEU_DIFFERENT"
CODE_SANS_NOM = "LISTE_SANS_NOM"
SANS_NOM = "sans nom"


def nom_de_liste(liste: dict[str, Any]) -> str | None:
    """The list's name without surrounding blanks, or None when it has none (absent, null or blank)."""
    nom = liste.get("nom")
    return nom.strip() if isinstance(nom, str) and nom.strip() else None


def _unnamed_list_warning(donnees_jeu: dict[str, Any], schema: SchemaLite,
                          liste: dict[str, Any], name_written: bool) -> list[Violation]:
    """A list without a name is valid; the player is told how it will be shown.

    Only for games whose list schema has a `nom` field (every game of the site).
    """
    name = liste.get("nom")
    if "nom" not in (schema.root.get("properties") or {}):
        return []
    if nom_de_liste(liste) is not None or (name is not None and not isinstance(name, str)):
        return []
    message, parties = rediger("La liste n'a pas de nom : elle s'affiche et s'imprime « sans nom ». "
                               "Donnez-lui en un, par exemple {champ:/nom=Ma bande}.")
    return [violation(CODE_SANS_NOM, message, "/nom" if name_written else "", bundle.ancre(donnees_jeu, "verifier"),
                      parties)]


def _defaults(schema: SchemaLite) -> dict[str, Any]:
    """Default value of each entry field, from the list schema's `default` annotations."""
    entry = schema.subschema(["entrees"])
    items = entry.get("items") if entry else None
    while isinstance(items, dict) and "$ref" in items:
        items = schema.resolve(items["$ref"])
    properties = (items or {}).get("properties", {})
    return {name: sub["default"] for name, sub in properties.items() if isinstance(sub, dict) and "default" in sub}


def entry_views(liste: dict[str, Any], defaults: dict[str, Any]) -> list[VueEntree]:
    """The list entries that are objects, with default values filled in."""
    entrees = liste.get("entrees")
    if not isinstance(entrees, list):
        return []
    return [VueEntree(i, {**defaults, **e}) for i, e in enumerate(entrees) if isinstance(e, dict)]


def _entry_of_pointer(liste: dict[str, Any], pointer: str) -> tuple[int, str] | None:
    """The entry a pointer is inside (`/entrees/2/...`) and its name (empty when it has none), or None."""
    parts = pointer.split("/")
    if len(parts) < 3 or parts[1] != "entrees" or not parts[2].isdigit():
        return None
    index = int(parts[2])
    entrees = liste.get("entrees")
    entry = entrees[index] if isinstance(entrees, list) and index < len(entrees) else None
    return index, nom_court(entry.get("nom") if isinstance(entry, dict) else None, "")


def _schema_violation(donnees_jeu: dict[str, Any], liste: dict[str, Any], ecart: Ecart) -> Violation:
    """A schema failure, named after its entry (`Entrée 3 « Lanciers » — `) when it is inside one."""
    entry = _entry_of_pointer(liste, ecart.chemin)
    if entry is None:
        message, parties = ecart.message, list(ecart.parties) or [ecart.message]
    else:
        message, parties = rediger("{entree}{suite}", {"suite": Parties(ecart.parties or [ecart.message])},
                                   entree=entry[0], nom=entry[1])
    return violation(ecart.code, message, ecart.chemin, bundle.ancre(donnees_jeu, ecart.regle), parties)


def _without_duplicates(violations: list[Violation], specific: list[Violation]) -> list[Violation]:
    """Schema violations that a more specific rule already reports (same code and pointer) are dropped."""
    keys = {(v["code"], v["chemin"]) for v in specific}
    return [v for v in violations if (v["code"], v["chemin"]) not in keys]


def _pointer_order(v: Violation) -> tuple[Any, ...]:
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in v["chemin"].split("/")[1:])


def _check_envelope(donnees_jeu: dict[str, Any], liste: Any) -> None:
    entrees = liste.get("entrees") if isinstance(liste, dict) else None
    if isinstance(entrees, list) and len(entrees) > MAX_ENTREES:
        raise ErreurEntree(f"La liste contient {grouped(len(entrees))} entrées : le maximum accepté est "
                           f"{grouped(MAX_ENTREES)}.")
    verifier_structure(liste)
    if not isinstance(liste, dict):
        raise ErreurEntree(f"La liste doit être un objet (avec les clés jeu, nom, format et entrees), "
                           f"pas {nom_de_type(liste)}.")


def _other_game_report(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any]:
    message, parties = rediger("Cette liste est pour le jeu « {valeurs:/jeu={autre}} », pas pour « {nom_jeu} » "
                               "(attendu : {champ:/jeu={jeu}}).",
                               {"autre": liste["jeu"], "nom_jeu": bundle.nom_du_jeu(donnees_jeu),
                                "jeu": bundle.identifiant(donnees_jeu)})
    error = violation(CODE_JEU_DIFFERENT, message, "/jeu", bundle.ancre(donnees_jeu, "verifier"), parties)
    budget = liste.get("format") if isinstance(liste.get("format"), int) else None
    return {"valide": False, "cout": None, "budget": budget, "erreurs": [error], "avertissements": [],
            "details": {"nom_liste": nom_de_liste(liste) or SANS_NOM}}


def valider(donnees_jeu: dict[str, Any], liste: Any) -> dict[str, Any]:
    """Check a list against a game's rules.

    Args:
        donnees_jeu: the game bundle (`assets/data/<jeu>.json`).
        liste: the list document, e.g. from `lire_liste`.

    Returns:
        The report: `valide`, `cout`, `budget`, `erreurs`, `avertissements`
        (violations `{code, message, chemin, regle}`) and `details`, whose
        `nom_liste` is the list's name as shown (« sans nom » when it has none).

    Raises:
        ErreurEntree: the list is not an object, is too large or too deep, or
            the game has no list checker.

    """
    _check_envelope(donnees_jeu, liste)
    name_written = "nom" in liste  # `nom:` left empty is a list without a name, pointed at its line
    liste = {k: v for k, v in entiers_exacts(liste).items() if not (k == "nom" and v is None)}
    raw_schema = bundle.schema_liste(donnees_jeu)
    if raw_schema is None:
        raise ErreurEntree(f"La vérification de liste n'existe pas pour « {bundle.nom_du_jeu(donnees_jeu)} ».")
    jeu = bundle.identifiant(donnees_jeu)
    if isinstance(liste.get("jeu"), str) and liste["jeu"] != jeu:
        return _other_game_report(donnees_jeu, liste)
    schema = SchemaLite(raw_schema)
    schema_violations = [_schema_violation(donnees_jeu, liste, e) for e in schema.valider(liste)]
    views = entry_views(liste, _defaults(schema))
    module = partie_liste(donnees_jeu, jeux.part(jeu, "liste"))  # Python part, else the list model
    analysis = module.analyser(donnees_jeu, liste, views) if module else AnalyseJeu()
    for view in views:
        view.champs.update(analysis.derives.get(view.index, {}))
    result = regles.appliquer(donnees_jeu, views, _list_names(liste, analysis),
                              partie=None if views else analysis.derives.get(-1))
    details = dict(analysis.details)
    model_measures = details.pop("mesures", {})  # the list model's constraints (modele_contraintes.py)
    details["nom_liste"] = nom_de_liste(liste) or SANS_NOM
    details["mesures"] = {**model_measures, **result.mesures}
    version = _data_version(donnees_jeu, liste)
    if version is not None:
        details["version_donnees"] = version
    if module:
        module.completer_details(details, result.mesures, views)
    specific = analysis.erreurs + result.erreurs
    errors = sorted(_without_duplicates(schema_violations, specific) + specific, key=_pointer_order)
    warnings = sorted(_unnamed_list_warning(donnees_jeu, schema, liste, name_written) + analysis.avertissements
                      + result.avertissements, key=_pointer_order)
    budget = liste.get("format")
    return {
        "valide": not errors,
        "cout": analysis.cout,
        "budget": budget if isinstance(budget, int) and not isinstance(budget, bool) else None,
        "erreurs": errors,
        "avertissements": warnings,
        "details": details,
    }


def _data_version(donnees_jeu: dict[str, Any], liste: dict[str, Any]) -> dict[str, Any] | None:
    """The list's data version and the current one (`versions_journal.situer`), for data with a changelog."""
    where = situer(donnees_jeu, liste.get("version_donnees"))
    return None if where["statut"] == "sans-journal" else where


def _list_names(liste: dict[str, Any], analysis: AnalyseJeu) -> dict[str, Any]:
    """List-wide values usable in rule bounds and messages (never arbitrary list keys)."""
    format_ = liste.get("format")
    entrees = liste.get("entrees")
    return {
        "format": format_ if isinstance(format_, (int, float)) and not isinstance(format_, bool) else None,
        "cout": analysis.cout,
        "nb_entrees": len(entrees) if isinstance(entrees, list) else 0,
    }
