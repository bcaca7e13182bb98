"""Messages in parts: one template syntax, two renderings (the YAML file's words, the player's words).

A violation's `parties` is a list of segments; their CLI renderings, joined, give its `message`:

* a plain string;
* `{"entree": i}` (and `"nom"`, the entry's name when it has one): the entry i (0-based),
  `Entrée 3 « Lanciers » — ` in the CLI;
* `{"champ": "/entrees/2/meneur"}`: a field, `« meneur »`;
* `{"champ": "/options/lien", "valeur": "lumiere"}`: a field with a value, `« options: {lien: lumiere} »`;
* `{"valeurs": ["a", "b"], "champ": "/entrees/-/arme", "liaison": "ou"}`: values of a field, `a ou b`.

Pointers are absolute JSON pointers into the list; the index `-` stands for any entry
(`/entrees/-/meneur`, in a message about the whole list).

Templates (the data rules' `message:` and the Python rules' messages) write these segments as
placeholders, besides `{nom}` (a value) and `{s:nom}` (its plural mark, `s` from 2 on):

* `{entree}`: the entry the message is about;
* `{champ:meneur}`, `{champ:meneur=true}`, `{champ:/options/lien=lumiere}`: a field, with a value;
* `{valeurs:tribu}` (every value of the field's enum), `{valeurs:arme=lanceur|arc}` (`|` joins
  with « ou », `&` with « et »; `{valeurs:ajoute={ids}&}` joins a variable's values with « et »).

A field name without a leading `/` is relative to the entry (or to the `base` the caller gives);
inside a field or a value, `{nom}` stands for a value the caller gives (a list gives several values).
`rendu_cli` renders parts for the YAML file; `rendu_joueur` names fields by their schema `title`
and values by their names (`x-noms` of the schema, else the data item's `nom`), as the builder does.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import ErreurDonnees

Partie = str | dict[str, Any]
LIAISONS = {"|": "ou", "&": "et"}
_NOM = r"[a-z_][a-z0-9_]*"
_JETON = re.compile(r"\{(?:(s):(" + _NOM + r")|(champ|valeurs):((?:[^{}]|\{" + _NOM + r"\})+)|(" + _NOM + r"))\}")
_VARIABLE = re.compile(r"\{(" + _NOM + r")\}")
_ENTIER = re.compile(r"-?\d{1,15}")
BOOLEENS_JOUEUR = {True: "coché", False: "non coché"}


class Parties(list):  # type: ignore[type-arg]
    """Parts given as the value of a `{nom}` placeholder: spliced into the message (a label, a sub-message)."""


# --- numbers, as every message writes them ------------------------------------------------------

def nombre_affiche(value: Any) -> str:
    """A number as written in French messages (`12`, `12,5`)."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):.2f}".rstrip("0").replace(".", ",")
    if isinstance(value, float):
        return (f"{value:.2f}".rstrip("0").rstrip(".")).replace(".", ",")
    return str(value)


def pluriel(value: Any) -> str:
    """French plural mark of a count: `s` from 2 on (« 0 Sorcier », « 1 Sorcier », « 2 Sorciers »)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        return ""
    return "s" if abs(value) >= 2 else ""


# --- templates ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Repere:
    """One placeholder of a template.

    Attributes:
        sorte: `valeur` (`{nom}`), `pluriel` (`{s:nom}`), `entree`, `champ` or `valeurs`.
        nom: the value's name (`valeur`, `pluriel`).
        chemin: the field as written (`meneur`, `/options/lien`, `{chemin}`).
        valeurs: the values as written (`true`, `{tribu}`), None when the template gives none.
        liaison: `ou` or `et`, for `valeurs`.
        texte: the placeholder as written.

    """

    sorte: str
    nom: str = ""
    chemin: str = ""
    valeurs: tuple[str, ...] | None = None
    liaison: str = "ou"
    texte: str = ""


@functools.lru_cache(maxsize=2048)
def analyser(modele: str) -> tuple[str | Repere, ...]:
    """A template cut into literal texts and placeholders (see the module docstring)."""
    out: list[str | Repere] = []
    debut = 0
    for match in _JETON.finditer(modele):
        if match.start() > debut:
            out.append(modele[debut:match.start()])
        out.append(_repere(match))
        debut = match.end()
    if debut < len(modele):
        out.append(modele[debut:])
    return tuple(out)


def _repere(match: re.Match[str]) -> Repere:
    texte = match.group(0)
    if match.group(1):
        return Repere("pluriel", nom=match.group(2), texte=texte)
    if match.group(5):
        return Repere("entree" if match.group(5) == "entree" else "valeur", nom=match.group(5), texte=texte)
    sorte, spec = match.group(3), match.group(4)
    chemin, egal, reste = spec.partition("=")
    if not egal:
        return Repere(sorte, chemin=chemin.strip(), texte=texte)
    separateurs = {s for s in LIAISONS if s in reste}
    separateur = separateurs.pop() if len(separateurs) == 1 else "|"
    valeurs = tuple(v.strip() for v in reste.split(separateur) if v.strip())
    return Repere(sorte, chemin=chemin.strip(), valeurs=valeurs, liaison=LIAISONS[separateur], texte=texte)


def placeholders(modele: str) -> list[str]:
    """Names of the values a template uses: `{nom}`, `{s:nom}`, and `{nom}` inside fields and values."""
    noms: list[str] = []
    for jeton in analyser(modele):
        if isinstance(jeton, Repere):
            if jeton.sorte in ("valeur", "pluriel"):
                noms.append(jeton.nom)
            elif jeton.sorte in ("champ", "valeurs"):
                noms += _VARIABLE.findall(jeton.chemin + "=" + "|".join(jeton.valeurs or ()))
    return noms


def litteral(texte: str) -> Any:
    """A value written in a template, read as YAML reads a plain scalar or a flow list (`true`, `12`, `[a, b]`)."""
    if texte.startswith("[") and texte.endswith("]"):
        return [litteral(t.strip()) for t in texte[1:-1].split(",")] if texte[1:-1].strip() else []
    if texte in ("true", "false"):
        return texte == "true"
    if texte in ("null", "~"):
        return None
    if _ENTIER.fullmatch(texte):
        return int(texte)
    return texte


def pointeur_absolu(chemin: str, base: str) -> str:
    """A field of a template as an absolute pointer: `meneur` under `/entrees/2` is `/entrees/2/meneur`.

    An empty field (a variable holding the root's pointer) is the list itself.
    """
    return chemin if chemin.startswith("/") or not chemin else f"{base}/{chemin}"


def jetons(pointeur: str) -> list[str]:
    """The tokens of a JSON pointer (RFC 6901)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in pointeur.split("/")[1:]] if pointeur else []


def _index(jeton: str) -> bool:
    return jeton == "-" or jeton.isdigit()


def rediger(modele: str, valeurs: Mapping[str, Any] | None = None, *, entree: int | None = None,
            nom: str | None = None, base: str | None = None,
            schema: dict[str, Any] | None = None) -> tuple[str, list[Partie]]:
    """Fill a template: the CLI message and its parts.

    Args:
        modele: the template (see the module docstring).
        valeurs: the values of its `{nom}` placeholders.
        entree: index of the entry `{entree}` designates, and under which relative fields are.
        nom: that entry's name, when it has one.
        base: the pointer relative fields are under (default: the entry, or `/entrees/-`).
        schema: the list schema, for `{valeurs:champ}` (every value of the field's enum).

    Raises:
        ErreurDonnees: a placeholder has no value, or a field without values has no enum.

    """
    valeurs = valeurs or {}
    base = base if base is not None else f"/entrees/{entree}" if entree is not None else "/entrees/-"
    parties: list[Partie] = []
    for jeton in analyser(modele):
        if isinstance(jeton, str):
            _ajouter(parties, jeton)
        elif jeton.sorte == "valeur":
            valeur = _valeur(jeton.nom, valeurs, modele)
            if isinstance(valeur, Parties):
                for partie in valeur:
                    _ajouter(parties, partie) if isinstance(partie, str) else parties.append(dict(partie))
            else:
                _ajouter(parties, nombre_affiche(valeur))
        elif jeton.sorte == "pluriel":
            _ajouter(parties, pluriel(_valeur(jeton.nom, valeurs, modele)))
        elif jeton.sorte == "entree":
            if entree is None:
                raise ErreurDonnees(f"Message invalide : « {{entree}} » hors d'une entrée ({modele[:40]}…).")
            parties.append({"entree": entree, **({"nom": nom} if nom else {})})
        else:
            parties.append(_partie_champ(jeton, valeurs, base, schema, modele))
    return "".join(rendu_cli(parties)), parties


def champs(pointeurs: list[str], liaison: str = "ou") -> Parties:
    """Fields as parts, joined: `« a », « b » ou « c »` (a value for a `{nom}` placeholder)."""
    out = Parties()
    for k, chemin in enumerate(pointeurs):
        if k:
            out.append(", " if k < len(pointeurs) - 1 else f" {liaison} ")
        out.append({"champ": chemin})
    return out


def choix(pointeur: str, valeurs: list[Any], liaison: str = "ou") -> Parties:
    """A field with each of its values, joined: `« arme: lanceur » ou « arme: arc »` (a value for `{nom}`)."""
    out = Parties()
    for k, valeur in enumerate(valeurs):
        if k:
            out.append(", " if k < len(valeurs) - 1 else f" {liaison} ")
        out.append({"champ": pointeur, "valeur": valeur})
    return out


def _ajouter(parties: list[Partie], texte: str) -> None:
    if not texte:
        return
    if parties and isinstance(parties[-1], str):
        parties[-1] += texte
    else:
        parties.append(texte)


def _valeur(nom: str, valeurs: Mapping[str, Any], modele: str) -> Any:
    if nom not in valeurs:
        raise ErreurDonnees(f"Message invalide : « {{{nom}}} » n'a pas de valeur ({modele[:40]}…).")
    return valeurs[nom]


def _json(valeur: Any) -> Any:
    """A measured number (a rule's Fraction) as the list writes it: an int when whole, else a float."""
    if isinstance(valeur, Fraction):
        return valeur.numerator if valeur.denominator == 1 else float(valeur)
    return valeur


def _partie_champ(jeton: Repere, valeurs: Mapping[str, Any], base: str, schema: dict[str, Any] | None,
                  modele: str) -> dict[str, Any]:
    chemin = _VARIABLE.sub(lambda m: str(_valeur(m.group(1), valeurs, modele)), jeton.chemin)
    pointeur = pointeur_absolu(chemin, base)
    lues: list[Any] = []
    for texte in jeton.valeurs or ():
        variable = _VARIABLE.fullmatch(texte)
        if variable is None:
            lues.append(litteral(texte))
            continue
        valeur = _json(_valeur(variable.group(1), valeurs, modele))
        lues += list(valeur) if isinstance(valeur, (list, tuple)) and jeton.sorte == "valeurs" else [valeur]
    if jeton.sorte == "champ":
        if jeton.valeurs is None:
            return {"champ": pointeur}
        if len(lues) != 1:
            raise ErreurDonnees(f"Message invalide : « {jeton.texte} » donne plusieurs valeurs ({modele[:40]}…).")
        return {"champ": pointeur, "valeur": lues[0]}
    if jeton.valeurs is None:
        lues = enum_du_champ(schema, pointeur)
        if not lues:
            raise ErreurDonnees(f"Message invalide : « {jeton.texte} » n'a pas de valeurs ({modele[:40]}…).")
    return {"valeurs": lues, "champ": pointeur, "liaison": jeton.liaison}


# --- CLI rendering -------------------------------------------------------------------------------

def rendu_cli(parties: list[Partie]) -> Iterator[str]:
    """The CLI rendering of each part (the message is their concatenation)."""
    for partie in parties:
        yield partie if isinstance(partie, str) else rendu_cli_partie(partie)


def rendu_cli_partie(partie: dict[str, Any]) -> str:
    """One non-text part as the YAML file writes it (see the module docstring)."""
    if "entree" in partie:
        nom = partie.get("nom")
        return f"Entrée {partie['entree'] + 1}" + (f" « {nom} »" if nom else "") + " — "
    if "valeurs" in partie:
        return joindre([yaml_scalaire(v) for v in partie["valeurs"]], partie.get("liaison", "ou"))
    cles = cles_du_champ(partie["champ"])
    if "valeur" not in partie:
        return f"« {cles[-1] if cles else ''} »"
    texte = yaml_valeur(partie["valeur"])
    for cle in reversed(cles[1:]):
        texte = f"{{{cle}: {texte}}}"
    return f"« {cles[0]}: {texte} »" if cles else f"« {texte} »"


def cles_du_champ(pointeur: str) -> list[str]:
    """The keys a YAML file nests a field under, from its closest list item (`/options/lien`: options, lien)."""
    parts = jetons(pointeur)
    while parts and _index(parts[-1]):
        parts.pop()
    dernier = max((i for i, p in enumerate(parts) if _index(p)), default=-1)
    return parts[dernier + 1:]


def joindre(textes: list[str], liaison: str = "ou") -> str:
    """`a`, `a ou b`, `a, b ou c`."""
    if len(textes) <= 1:
        return "".join(textes)
    return ", ".join(textes[:-1]) + f" {liaison} " + textes[-1]


def yaml_scalaire(valeur: Any) -> str:
    """A value as YAML writes it: `true`, `null`, `12`, `lumiere`."""
    if isinstance(valeur, bool):
        return "true" if valeur else "false"
    if valeur is None:
        return "null"
    return nombre_affiche(valeur) if isinstance(valeur, (int, float, Fraction)) else str(valeur)


def yaml_valeur(valeur: Any) -> str:
    """A value in YAML's flow style: scalars, `[a, b]`, `{k: v}`."""
    if isinstance(valeur, (list, tuple)):
        return "[" + ", ".join(yaml_valeur(v) for v in valeur) + "]"
    if isinstance(valeur, dict):
        return "{" + ", ".join(f"{k}: {yaml_valeur(v)}" for k, v in valeur.items()) + "}"
    return yaml_scalaire(valeur)


# --- the list schema ------------------------------------------------------------------------------

def _suivre(racine: dict[str, Any], noeud: Any) -> Any:
    for _ in range(32):
        ref = noeud.get("$ref") if isinstance(noeud, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#/"):
            break
        cible: Any = racine
        for part in ref[2:].split("/"):
            cible = cible.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(cible, dict) else None
        noeud = {**cible, **{k: v for k, v in noeud.items() if k != "$ref"}} if isinstance(cible, dict) else None
    return noeud


def noeud_du_champ(schema: dict[str, Any] | None, pointeur: str,
                   secours: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The schema node of a field of the list (`$ref`s followed), or None.

    Args:
        schema: the list schema.
        pointeur: an absolute pointer; an index (`2`, `-`) steps into `items`.
        secours: a schema describing what the list schema leaves open (Khârn-Âges' cards
            under `profils`, `equipements`, `sorts`: the catalogue schema).

    """
    for racine in (schema, secours):
        if not isinstance(racine, dict):
            continue
        noeud: Any = _suivre(racine, racine)
        for jeton in jetons(pointeur):
            if not isinstance(noeud, dict):
                break
            proprietes = noeud.get("properties") or {}
            autres = noeud.get("additionalProperties")
            if _index(jeton) and isinstance(noeud.get("items"), dict):
                noeud = noeud["items"]
            elif jeton in proprietes:
                noeud = proprietes[jeton]
            elif isinstance(autres, dict):
                noeud = autres
            else:
                noeud = None
            noeud = _suivre(racine, noeud)
        if isinstance(noeud, dict):
            return noeud
    return None


def enum_du_champ(schema: dict[str, Any] | None, pointeur: str) -> list[Any]:
    """The values a field's enum (or its items' enum, for an array) allows."""
    noeud = noeud_du_champ(schema, pointeur)
    if not isinstance(noeud, dict):
        return []
    if isinstance(noeud.get("enum"), list):
        return list(noeud["enum"])
    items = _suivre(schema or {}, noeud.get("items"))
    return list(items["enum"]) if isinstance(items, dict) and isinstance(items.get("enum"), list) else []


# --- names ------------------------------------------------------------------------------------------

class Noms:
    """Display names of the list's fields and values: schema titles, `x-noms`, the data's names."""

    def __init__(self, schema: dict[str, Any] | None, donnees: dict[str, Any] | None) -> None:
        """Index the data items' names once."""
        self.schema = schema or {}
        schemas = (donnees or {}).get("schemas")
        catalogue = schemas.get("catalogue") if isinstance(schemas, dict) else None
        self.secours = catalogue if isinstance(catalogue, dict) else None
        self.noms: dict[str, str] = {}
        for cle, valeur in (donnees or {}).items():
            if cle in ("jeu", "ancres", "schemas") or not isinstance(valeur, list):
                continue
            for item in valeur:
                if isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get("nom"), str):
                    self.noms.setdefault(item["id"], item["nom"])
        jeu = (donnees or {}).get("jeu")
        if isinstance(jeu, dict) and isinstance(jeu.get("id"), str) and isinstance(jeu.get("nom"), str):
            self.noms.setdefault(jeu["id"], jeu["nom"])

    def nommer_cartes(self, liste: Any) -> Noms:
        """Add the names of the list's own cards (Khârn-Âges: profils, equipements, sorts); returns self."""
        for items in liste.values() if isinstance(liste, dict) else ():
            for item in items if isinstance(items, list) else ():
                if isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get("nom"), str):
                    self.noms.setdefault(item["id"], item["nom"])
        return self

    def noeud(self, pointeur: str) -> dict[str, Any]:
        """The field's schema node (empty when unknown)."""
        return noeud_du_champ(self.schema, pointeur, self.secours) or {}

    def titre(self, pointeur: str) -> str:
        """The field's label: its schema `title`, else its key."""
        titre = self.noeud(pointeur).get("title")
        if isinstance(titre, str):
            return titre
        cles = cles_du_champ(pointeur)
        return cles[-1] if cles else ""

    def valeur(self, valeur: Any, pointeur: str | None = None, noeud: dict[str, Any] | None = None) -> str:
        """A value's name: `x-noms` of its field (or of the field's items), else the data item's `nom`."""
        if isinstance(valeur, bool):
            return BOOLEENS_JOUEUR[valeur]
        if valeur is None:
            return "vide"
        if isinstance(valeur, (int, float, Fraction)):
            return nombre_affiche(valeur)
        if isinstance(valeur, (list, tuple)):
            return ", ".join(self.valeur(v, pointeur, noeud) for v in valeur) or "aucun"
        if isinstance(valeur, dict):
            return ", ".join(f"{self.titre((pointeur or '') + '/' + str(k))} : "
                             f"{self.valeur(v, (pointeur or '') + '/' + str(k))}" for k, v in valeur.items())
        texte = str(valeur)
        noeud = noeud if noeud is not None else self.noeud(pointeur) if pointeur is not None else {}
        for candidat in (noeud, _suivre(self.schema, noeud.get("items"))):
            noms = candidat.get("x-noms") if isinstance(candidat, dict) else None
            if isinstance(noms, dict) and isinstance(noms.get(texte), str):
                return noms[texte]
        return self.noms.get(texte, texte)


def _guillemets(texte: str) -> str:
    """`« texte »`, unless the text already holds its own (a label quoting a bonus: « … » is not doubled)."""
    return texte if "«" in texte else f"« {texte} »"


def rendu_joueur(parties: list[Partie], schema: dict[str, Any] | None, donnees: dict[str, Any] | None,
                 noms: Noms | None = None) -> str:
    """The message in the player's words, as the builder composes it.

    An entry is named by its name (`Lanciers — `, else `Entrée 3 — `), a field by its label
    (`« Tribu »`), a field with a value as `« Tribu : Canopée »` (a box: `« Meneur » coché`),
    values by their names joined with « ou » or « et ».

    Args:
        parties: the violation's `parties`.
        schema: the game's list schema.
        donnees: the game bundle (the data items' names, the catalogue schema).
        noms: names already indexed (`Noms(schema, donnees)`), to render many messages.

    """
    noms = noms or Noms(schema, donnees)
    out: list[str] = []
    for partie in parties:
        if isinstance(partie, str):
            out.append(partie)
        elif "entree" in partie:
            out.append(f"{partie.get('nom') or 'Entrée ' + str(partie['entree'] + 1)} — ")
        elif "valeurs" in partie:
            noeud = noms.noeud(partie.get("champ") or "")
            out.append(joindre([noms.valeur(v, noeud=noeud) for v in partie["valeurs"]], partie.get("liaison", "ou")))
        elif "valeur" in partie:
            titre, valeur = noms.titre(partie["champ"]), partie["valeur"]
            if isinstance(valeur, bool):
                out.append(f"{_guillemets(titre)} {BOOLEENS_JOUEUR[valeur]}")
            else:
                out.append(_guillemets(f"{titre} : {noms.valeur(valeur, partie['champ'])}"))
        else:
            out.append(_guillemets(noms.titre(partie["champ"])))
    return "".join(out)
