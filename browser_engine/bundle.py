"""Access to a game data bundle (the JSON `assets/data/<jeu>.json` the generator exports)."""
from __future__ import annotations

from typing import Any

from .errors import ErreurDonnees

TOOL_PAGES = ("verifier", "probas", "imprimer", "glossaire")
# Top-level keys of a game's data files kept whole in the bundle; every other key that holds a list holds
# entries (objects with an id), merged file after file. Other keys (`sommaire`) are not in the bundle.
CLES_ENTIERES = ("jeu", "versions", "probas_liste", "tables_probas", "partie", "modele_liste")


def fusionner(documents: list[Any]) -> dict[str, Any]:
    """A game's data documents (its YAML files, `jeu.yaml` first) merged by top-level key, as the bundle holds them."""
    out: dict[str, Any] = {}
    for document in documents:
        for key, value in (document.items() if isinstance(document, dict) else ()):
            if key in CLES_ENTIERES:
                out[key] = value
            elif isinstance(value, list):
                out.setdefault(key, []).extend(item for item in value if isinstance(item, dict))
    return out


def ancres_des_entrees(donnees: dict[str, Any]) -> dict[str, str]:
    """The URL path of each entry's anchor, as the site makes it (`hami/tour/#cogner`).

    An entry is on its `page`; a list rule without one on the checker's page, any other entry in the
    glossary (`generator/urls.py`, which `tests/test_engine_autonome.py` holds to the same rule).
    """
    jeu = identifiant(donnees)
    out: dict[str, str] = {}
    for cle, valeur in donnees.items():
        if cle in CLES_ENTIERES or not isinstance(valeur, list):
            continue
        for entree in valeur:
            if isinstance(entree, dict) and isinstance(entree.get("id"), str):
                page = entree.get("page") or ("verifier" if cle == "regles_liste" else "glossaire")
                out[entree["id"]] = (f"{jeu}/" if page == "index" else f"{jeu}/{page}/") + "#" + entree["id"]
    return out


def paquet(donnees: dict[str, Any], ancres: dict[str, str], schema_liste: dict[str, Any] | None,
           schema_catalogue: dict[str, Any] | None = None) -> dict[str, Any]:
    """The engine's input for one game.

    It is the game's merged data (`fusionner`), the URL path of each entry's anchor (`ancres`) and
    its document schemas (`liste`, and `catalogue` for games whose players
    supply profiles).
    """
    out = dict(donnees)
    out["ancres"] = dict(ancres)
    out["schemas"] = {"liste": schema_liste}
    if schema_catalogue is not None:
        out["schemas"]["catalogue"] = schema_catalogue
    return out


def identifiant(donnees_jeu: dict[str, Any]) -> str:
    """The game id (`bataille-d6`).

    Raises:
        ErreurDonnees: the bundle has no manifest.

    """
    jeu = donnees_jeu.get("jeu") if isinstance(donnees_jeu, dict) else None
    if not isinstance(jeu, dict) or not isinstance(jeu.get("id"), str):
        raise ErreurDonnees("Données du jeu invalides : le manifeste « jeu » est absent.")
    return jeu["id"]


def nom_du_jeu(donnees_jeu: dict[str, Any]) -> str:
    """The game's display name."""
    return str(donnees_jeu["jeu"].get("nom", identifiant(donnees_jeu)))


def entrees_du_jeu(donnees_jeu: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every entry of the bundle by id (all kinds)."""
    out: dict[str, dict[str, Any]] = {}
    for key, value in donnees_jeu.items():
        if key in ("jeu", "ancres", "schemas") or not isinstance(value, list):
            continue
        for entry in value:
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                out.setdefault(entry["id"], entry)
    return out


def ancre(donnees_jeu: dict[str, Any], entry_id: str | None) -> str | None:
    """URL path, from the site root, of the page or entry anchor explaining a rule.

    Uses the generator's `ancres`; without them (tests, older bundles) it is
    rebuilt from the entry's `page` as `<jeu>/<page>/#<id>`.
    """
    if not entry_id:
        return None
    ancres = donnees_jeu.get("ancres") or {}
    if entry_id in ancres:
        return str(ancres[entry_id])
    jeu = identifiant(donnees_jeu)
    pages = {p.get("id") for p in donnees_jeu["jeu"].get("pages", []) if isinstance(p, dict)}
    if entry_id in pages or entry_id in TOOL_PAGES:
        return f"{jeu}/{entry_id}/"
    entry = entrees_du_jeu(donnees_jeu).get(entry_id)
    if entry is None:
        return None
    page = entry.get("page") or ("verifier" if "code" in entry and "severite" in entry else "glossaire")
    return f"{jeu}/{page}/#{entry_id}"


def table(donnees_jeu: dict[str, Any], table_id: str) -> dict[str, Any]:
    """A table of the bundle by id.

    Raises:
        ErreurDonnees: no such table.

    """
    for entry in donnees_jeu.get("tables") or []:
        if isinstance(entry, dict) and entry.get("id") == table_id:
            return entry
    raise ErreurDonnees(f"Données du jeu incomplètes : la table « {table_id} » est introuvable.")


def schema_liste(donnees_jeu: dict[str, Any]) -> dict[str, Any] | None:
    """The list-document schema shipped in the bundle, if the game has one."""
    schemas = donnees_jeu.get("schemas") or {}
    schema = schemas.get("liste") if isinstance(schemas, dict) else None
    return schema if isinstance(schema, dict) else None


def schema_catalogue(donnees_jeu: dict[str, Any]) -> dict[str, Any] | None:
    """The profile-catalogue schema shipped in the bundle, for games whose players supply profiles."""
    schemas = donnees_jeu.get("schemas") or {}
    schema = schemas.get("catalogue") if isinstance(schemas, dict) else None
    return schema if isinstance(schema, dict) else None


def regles_liste(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's list rules (`regles_liste`), in data order."""
    return [r for r in donnees_jeu.get("regles_liste") or [] if isinstance(r, dict)]


def calculs(donnees_jeu: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's calculation declarations (`calculs`), in data order."""
    return [c for c in donnees_jeu.get("calculs") or [] if isinstance(c, dict)]


def probas_liste(donnees_jeu: dict[str, Any]) -> dict[str, Any]:
    """The fixed values of the odds of a list (`data/<jeu>/probas-liste.yaml`): targets, notes, card effects.

    Raises:
        ErreurDonnees: the bundle has none.

    """
    valeur = donnees_jeu.get("probas_liste")
    if not isinstance(valeur, dict):
        raise ErreurDonnees("Données du jeu incomplètes : « probas_liste » (data/<jeu>/probas-liste.yaml) est absent.")
    return valeur


def cibles_de_reference(donnees_jeu: dict[str, Any], groupe: str) -> list[Any]:
    """One group of reference targets of the odds of a list (values or entry ids), in data order.

    Raises:
        ErreurDonnees: the group is missing.

    """
    valeur = (probas_liste(donnees_jeu).get("cibles") or {}).get(groupe)
    if not isinstance(valeur, list) or not valeur:
        raise ErreurDonnees(f"Données du jeu incomplètes : cibles de référence « {groupe} » absentes de probas_liste.")
    return valeur


def notes_probas_liste(donnees_jeu: dict[str, Any]) -> list[str]:
    """The notes shown under the odds of a list."""
    return [str(n) for n in probas_liste(donnees_jeu).get("notes") or []]


def table_probas(donnees_jeu: dict[str, Any], table_id: str, calcul: str, colonnes: list[str],
                 lignes: list[dict[str, Any]]) -> dict[str, Any]:
    """A precomputed odds table of the rule pages (see `odds.tables_statiques`).

    Its texts, place and links come from the data (`tables_probas`, `data/<jeu>/tables-probas.yaml`);
    its calculation, columns and rows from the engine.

    Raises:
        ErreurDonnees: the data does not declare the table.

    """
    tables = donnees_jeu.get("tables_probas")
    decl = tables.get(table_id) if isinstance(tables, dict) else None
    if not isinstance(decl, dict):
        raise ErreurDonnees(f"Données du jeu incomplètes : le tableau de probabilités « {table_id} » n'est pas "
                            "déclaré dans tables-probas.yaml.")
    return {"id": table_id, "titre": decl.get("titre"), "resume": decl.get("resume"), "page": decl.get("page"),
            "apres": decl.get("apres"), "calcul": calcul, "regles": list(decl.get("regles") or []),
            "entete_lignes": decl.get("entete_lignes"), "colonnes": colonnes, "lignes": lignes,
            "note": decl.get("note")}
