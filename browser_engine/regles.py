"""Generic interpreter of list rules written as data (`regles_liste`), for every game.

A rule counts or sums something over the entries its selector picks, for the
whole list (`portee: liste`) or for each entry (`portee: entree`), and compares
the result with a bound (`min`, `max` or `exact`), which may be an expression of
the list such as `floor(format / 250)`. A rule with `si` applies only to lists
whose entries all match that selector (a list without entries: the game's list-wide values, if it gives them). See `schemas/regles_liste.schema.json`.

A list-wide rule whose maximum is exceeded points at the entries in excess (those beyond the
maximum, in list order) rather than at the list, when it counts entries (`compte`, pointer
`/entrees` or none) or when it says `excedent: entrees`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypedDict

from . import bundle
from .errors import ErreurDonnees
from .expressions import ErreurExpression, ValeurIndisponible, evaluer
from .messages import Partie, nombre_affiche, placeholders, pluriel, rediger
from .schema_lite import json_equal

__all__ = ["NOMS_ENTREE", "NOMS_LISTE", "NOMS_MESURE", "Resultat", "Violation", "VueEntree", "appliquer",
           "nom_court", "nombre_affiche", "placeholders", "pluriel", "remplir", "signaler", "signaler_texte",
           "violation"]

SEVERITES = ("erreur", "avertissement")
# Names every list-wide rule may use in bounds and messages (`validation._list_names` gives their values).
NOMS_LISTE = ("format", "cout", "nb_entrees")
# Names a rule's message may use besides those: the measure, its bounds and, per entry, the entry.
NOMS_MESURE = ("valeur", "ecart", "min", "max", "exact")
NOMS_ENTREE = ("nom", "numero")


class Violation(TypedDict):
    """A broken rule, as reported to the user.

    `parties` are the message's parts (`messages.py`), which the builder turns into the player's
    sentence; their CLI renderings, joined, are `message`.
    """

    code: str
    message: str
    chemin: str
    regle: str | None
    parties: list[Partie]


def violation(code: str, message: str, chemin: str, regle: str | None,
              parties: list[Partie] | None = None) -> Violation:
    """Build a violation (the same object for data rules, Python rules and schema checks)."""
    return {"code": code, "message": message, "chemin": chemin, "regle": regle,
            "parties": parties if parties is not None else [message]}


def signaler(donnees_jeu: dict[str, Any], code: str, modele: str, chemin: str, regle: str | None,
             valeurs: dict[str, Any] | None = None, *, entree: int | None = None, nom: str | None = None,
             base: str | None = None) -> Violation:
    """A violation from a message template (`messages.rediger`), for the rules written in Python.

    Args:
        donnees_jeu: the game bundle (its list schema names the values of `{valeurs:champ}`).
        code: the violation code.
        modele: the message template.
        chemin: the violation's pointer.
        regle: the link to the rule (`bundle.ancre`).
        valeurs: the template's values.
        entree: the entry `{entree}` designates, and relative fields are in.
        nom: that entry's name, shown after its number.
        base: the pointer relative fields are under, when not the entry.

    """
    message, parties = rediger(modele, valeurs, entree=entree, nom=nom, base=base,
                               schema=bundle.schema_liste(donnees_jeu))
    return violation(code, message, chemin, regle, parties)


@dataclass
class VueEntree:
    """One list entry as rules see it: its index and fields (defaults filled, derived values added)."""

    index: int
    champs: dict[str, Any]


@dataclass
class Resultat:
    """Outcome of the data rules.

    Attributes:
        erreurs: violations of rules with `severite: erreur`.
        avertissements: violations of rules with `severite: avertissement`.
        mesures: for each list-wide rule id, the measured value and its bounds.

    """

    erreurs: list[Violation] = field(default_factory=list)
    avertissements: list[Violation] = field(default_factory=list)
    mesures: dict[str, dict[str, Any]] = field(default_factory=dict)


def nom_court(value: Any, default: str = "sans nom") -> str:
    """An entry name for messages: the text itself, shortened past 60 characters."""
    if not isinstance(value, str) or not value:
        return default
    return value if len(value) <= 60 else value[:59] + "…"


def signaler_texte(donnees_jeu: dict[str, Any], code: str, message: str, chemin: str, regle: str | None,
                   valeurs: dict[str, Any] | None = None, *, entree: int | None = None, nom: str | None = None,
                   base: str | None = None, avant: str = "") -> Violation:
    """`signaler` for a message that is plain text unless `valeurs` are given (then a template).

    A message built with a player's text is passed without values: it is never read as a template.
    With `entree`, the message starts with that entry (`{entree}`); `avant` is plain text put first.
    """
    modele, valeurs = (message, dict(valeurs)) if valeurs is not None else ("{texte}", {"texte": message})
    modele = ("{entree}" if entree is not None else "") + modele
    if avant:
        modele, valeurs["avant"] = "{avant}" + modele, avant
    return signaler(donnees_jeu, code, modele, chemin, regle, valeurs, entree=entree, nom=nom, base=base)


def nombre_json(value: Fraction) -> int | float:
    """An exact number as a JSON number (int when whole)."""
    return value.numerator if value.denominator == 1 else float(value)


def remplir(modele: str, valeurs: dict[str, Any]) -> str:
    """Fill a French message template (no `str.format`): its CLI message (see `messages.rediger`).

    `{name}` is replaced by the value, `{s:name}` by the plural mark of the value
    (`{valeur} Sorcier{s:valeur}`).

    Raises:
        ErreurDonnees: a placeholder has no value.

    """
    return rediger(modele, valeurs)[0]


def correspond(champs: dict[str, Any], selecteur: dict[str, Any] | None) -> bool:
    """True when an entry matches every condition of a selector.

    A condition is a value (equality) or one operator: `egal`, `parmi` (one of a
    list), `sauf` (none of a list) or `present` (the field is given).

    Raises:
        ErreurDonnees: unknown operator.

    """
    for name, condition in (selecteur or {}).items():
        value = champs.get(name)
        if not isinstance(condition, dict):
            if not json_equal(value, condition):
                return False
            continue
        for op, operand in condition.items():
            if op == "egal":
                ok = json_equal(value, operand)
            elif op == "parmi":
                ok = any(json_equal(value, o) for o in operand)
            elif op == "sauf":
                ok = not any(json_equal(value, o) for o in operand)
            elif op == "present":
                ok = (value is not None) == bool(operand)
            else:
                raise ErreurDonnees(f"Règle de liste invalide : opérateur de sélection inconnu « {op} ».")
            if not ok:
                return False
    return True


def _number(value: Any) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return Fraction(value)


def mesurer(regle: dict[str, Any], entrees: list[VueEntree]) -> Fraction | None:
    """The quantity a rule measures over some entries; None when it cannot be measured."""
    if "somme" in regle:
        values = [_number(e.champs.get(regle["somme"])) for e in entrees]
        return sum((v for v in values if v is not None), Fraction(0))
    if "compte" in regle:
        return Fraction(len(entrees))
    if "longueur" in regle:
        lengths = [e.champs.get(regle["longueur"]) for e in entrees]
        if any(not isinstance(v, list) for v in lengths):
            return None
        return Fraction(sum(len(v) for v in lengths))
    raise ErreurDonnees(f"Règle de liste « {regle.get('id')} » invalide : somme, compte ou longueur attendu.")


def bornes(regle: dict[str, Any], noms: dict[str, Any]) -> dict[str, Fraction] | None:
    """Evaluate the rule's bounds; None when a name they use has no value in this list.

    Raises:
        ErreurDonnees: malformed bound expression.

    """
    out: dict[str, Fraction] = {}
    for kind in ("min", "max", "exact"):
        if kind not in (regle.get("borne") or {}):
            continue
        try:
            out[kind] = evaluer(regle["borne"][kind], noms)
        except ValeurIndisponible:
            return None
        except ErreurExpression as exc:
            raise ErreurDonnees(f"Règle de liste « {regle.get('id')} » invalide : {exc}.") from None
    return out


def depassement(valeur: Fraction, limites: dict[str, Fraction]) -> Fraction | None:
    """How far a value is outside its bounds, or None when it respects them."""
    if "exact" in limites and valeur != limites["exact"]:
        return abs(valeur - limites["exact"])
    if "min" in limites and valeur < limites["min"]:
        return limites["min"] - valeur
    if "max" in limites and valeur > limites["max"]:
        return valeur - limites["max"]
    return None


def appliquer(donnees_jeu: dict[str, Any], entrees: list[VueEntree], noms: dict[str, Any],
              partie: dict[str, Any] | None = None) -> Resultat:
    """Apply every data rule of the game to a list.

    Args:
        donnees_jeu: the game bundle (rules are in `regles_liste`).
        entrees: the list entries, with defaults and derived values.
        noms: list-wide values usable in bounds and messages (`format`, `cout`...).
        partie: for a list without entries, the list-wide derived values a `si` reads (Tamashii's
            mode): a rule of another mode then does not apply. None: every `si` holds.

    Returns:
        Violations split by severity, and the measures of list-wide rules.

    """
    result = Resultat()
    temoins = entrees or ([VueEntree(-1, partie)] if partie is not None else [])
    for regle in bundle.regles_liste(donnees_jeu):
        if not all(correspond(e.champs, regle.get("si")) for e in temoins):
            continue  # `si`: list-wide values (a scenario role...) that the rule needs
        # A list-wide sum with no entry reads the game's values (Tamashii's Marché, set in the options).
        sur = temoins if not entrees and "somme" in regle and regle.get("portee") != "entree" else entrees
        selected = [e for e in sur if correspond(e.champs, regle.get("selecteur"))]
        limits = bornes(regle, noms)
        if limits is None:
            continue
        found = _appliquer_une(donnees_jeu, regle, selected, limits, noms, result)
        target = result.avertissements if regle.get("severite") == "avertissement" else result.erreurs
        target.extend(found)
    return result


def _appliquer_une(donnees_jeu: dict[str, Any], regle: dict[str, Any], selected: list[VueEntree],
                   limits: dict[str, Fraction], noms: dict[str, Any], result: Resultat) -> list[Violation]:
    anchor = bundle.ancre(donnees_jeu, regle.get("regle"))
    suffix = str(regle.get("chemin") or "")
    schema = bundle.schema_liste(donnees_jeu)
    found: list[Violation] = []
    if regle.get("portee") == "entree":
        for entry in selected:
            value = mesurer(regle, [entry])
            gap = None if value is None else depassement(value, limits)
            if gap is None:
                continue
            values = {**noms, **limits, "valeur": value, "ecart": gap,
                      "nom": nom_court(entry.champs.get("nom")), "numero": entry.index + 1}
            chemin = f"/entrees/{entry.index}" + (f"/{suffix}" if suffix else "")
            message, parties = rediger(regle["message"], values, entree=entry.index,
                                       nom=nom_court(entry.champs.get("nom"), ""), schema=schema)
            found.append(violation(regle["code"], message, chemin, anchor, parties))
        return found
    value = mesurer(regle, selected)
    if value is None:
        return found
    result.mesures[regle["id"]] = {"code": regle["code"], "valeur": nombre_json(value),
                                   **{k: nombre_json(v) for k, v in limits.items()}}
    gap = depassement(value, limits)
    if gap is None:
        return found
    values = {**noms, **limits, "valeur": value, "ecart": gap}
    excess = en_exces(regle, selected, limits) if par_entree(regle) else []
    for entry in excess:
        # The entry in excess is named first; fields are still those of any entry (`/entrees/-/…`).
        shown = nom_court(entry.champs.get("nom"), "")
        message, parties = rediger("{entree}" + regle["message"], {**values, "nom": nom_court(entry.champs.get("nom")),
                                                                   "numero": entry.index + 1},
                                   entree=entry.index, nom=shown, base="/entrees/-", schema=schema)
        found.append(violation(regle["code"], message, f"/entrees/{entry.index}", anchor, parties))
    if not excess:
        message, parties = rediger(regle["message"], values, schema=schema)
        found.append(violation(regle["code"], message, suffix, anchor, parties))
    return found


def par_entree(regle: dict[str, Any]) -> bool:
    """Whether a list-wide rule's excess is reported on the entries in excess (see the module docstring)."""
    excedent = regle.get("excedent")
    if excedent is not None:
        return excedent == "entrees"
    return "compte" in regle and str(regle.get("chemin") or "") in ("", "/entrees")


def en_exces(regle: dict[str, Any], selected: list[VueEntree], limits: dict[str, Fraction]) -> list[VueEntree]:
    """The selected entries beyond the rule's maximum (or exact value), in list order.

    Each entry adds its part of the measure (1 for `compte`, its field for `somme`); the entries
    whose part takes the running total past the maximum are in excess. Empty when the measure is
    not above the maximum (a minimum not reached has no entry to point at).
    """
    ceiling = limits.get("max", limits.get("exact"))
    if ceiling is None or "longueur" in regle:
        return []
    total = Fraction(0)
    out: list[VueEntree] = []
    for entry in selected:
        part = Fraction(1) if "compte" in regle else (_number(entry.champs.get(regle.get("somme", ""))) or Fraction(0))
        total += part
        if part > 0 and total > ceiling:
            out.append(entry)
    return out
