"""Checks of a game's play-mode file (`data/<jeu>/partie.yaml`) that its schema cannot make.

Ids are unique within their list (counters and statuses share one namespace, as do phases and
steps); a counter's literal bounds are ordered; a counter or status only targets the sheet kinds the
file declares in `figures`; the after-battle steps (`apres_bataille`) have unique ids. The sheets'
profiles read fields that exist (`partie_profil` sources: list schema, card, checker row, entry
kinds), and the resets (`remises`) name counters, statuses and steps that exist, with values within
bounds. The rolls (`jets`) name a calculator of the game, its parameters, and sources that exist. A
literal start lies within literal bounds; sheet kinds are declared once; a die has faces or a storage
key, and a die named dN the faces 1 to N; a step comes no later than the last turn; an after-battle
input is asked once (but `tuees`). The pointers of the bounds and conditions, the dice keys and every
`regle` are declared in the schema (`x-ref`, `references`).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from browser_engine.partie_bornes import pointeur, suivre

from .load import DataFile
from .problems import Problem
from .validate import Located, entries_of

Parts = tuple[str | int, ...]
ROOT = Path(__file__).resolve().parent.parent
# After-battle inputs several steps may ask (each step ticks its own figures, the journal keeps their union:
# Hate's captives cooked and scars rolled both kill figures); the others are written once.
REPEATABLE_INPUTS = ("tuees",)
DIE_NAME = re.compile(r"^[dD]([1-9][0-9]*)$")


def _duplicates(data_file: DataFile, items: list[tuple[Parts, Any]], what: str) -> list[Problem]:
    seen: dict[str, Parts] = {}
    found: list[Problem] = []
    for parts, item in items:
        ident = item.get("id") if isinstance(item, dict) else None
        if not isinstance(ident, str):
            continue
        if ident in seen:
            line, col = data_file.position(seen[ident] + ("id",))
            found.append(data_file.problem(parts + ("id",), f"{what} « {ident} » en double (déjà en ligne {line}, colonne {col})"))
        else:
            seen[ident] = parts
    return found


def _bounds(data_file: DataFile, parts: Parts, counter: dict[str, Any]) -> list[Problem]:
    low, high = counter.get("min"), counter.get("max")
    if isinstance(low, dict) and isinstance(high, dict) and "valeur" in low and "valeur" in high \
            and low["valeur"] > high["valeur"]:
        return [data_file.problem(parts + ("max", "valeur"),
                                  f"maximum {high['valeur']} inférieur au minimum {low['valeur']}")]
    if counter.get("depart") == "max" and "max" not in counter:
        return [data_file.problem(parts + ("depart",), "départ « max » sans maximum : donnez « max » ou une autre valeur de départ")]
    start = counter.get("depart")
    if isinstance(start, dict) and isinstance(start.get("valeur"), int):
        for key, outside in (("min", lambda v: start["valeur"] < v), ("max", lambda v: start["valeur"] > v)):
            bound = counter.get(key)
            if isinstance(bound, dict) and isinstance(bound.get("valeur"), int) and outside(bound["valeur"]):
                word = "minimum" if key == "min" else "maximum"
                return [data_file.problem(parts + ("depart", "valeur"), f"départ {start['valeur']} hors des bornes : "
                                          f"{'inférieur au' if key == 'min' else 'supérieur au'} {word} {bound['valeur']} "
                                          "(le compteur serait inutilisable sur chaque fiche)")]
    return []


def _dice_faces(data_file: DataFile, partie: dict[str, Any]) -> list[Problem]:
    """A die named after its faces (« d6 », « D10 ») with numbered faces has the faces 1 to N, once each."""
    found: list[Problem] = []
    for i, die in enumerate(partie.get("des") or []):
        named = next((m for m in (DIE_NAME.match(str(die.get(k, ""))) for k in ("id", "nom")) if m), None) \
            if isinstance(die, dict) else None
        faces = die.get("faces") if named else None
        if not isinstance(faces, list) or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
            continue
        count = int(named.group(1))
        wrong = next((j for j, f in enumerate(faces) if not 1 <= f <= count or f in faces[:j]), None)
        if wrong is not None or len(faces) != count:
            parts: Parts = ("partie", "des", i, "faces") + ((wrong,) if wrong is not None else ())
            found.append(data_file.problem(parts, f"dé « {named.group(0)} » : un d{count} a les faces 1 à {count}, "
                                                  "chacune une fois"))
    return found


def _structure(data_file: DataFile, partie: dict[str, Any]) -> list[Problem]:
    """Sheet kinds once each, dice with faces or a key, steps within the turns, after-battle inputs once each."""
    base: Parts = ("partie",)
    found = _duplicates(data_file, [(base + ("figures", i), f) for i, f in enumerate(partie.get("figures", []))],
                        "sorte de fiche")
    for i, de in enumerate(partie.get("des", [])):
        if isinstance(de, dict) and "faces" not in de and "stockage" not in de:
            found.append(data_file.problem(base + ("des", i), f"dé « {de.get('id')} » sans « faces » ni « stockage » : "
                                           "le joueur ne pourrait ni le lire ni le saisir"))
    sequence = partie.get("sequence") or {}
    turns = sequence.get("tours_max")
    for i, phase in enumerate(sequence.get("phases", [])):
        for j, step in enumerate(phase.get("etapes", []) if isinstance(phase, dict) else []):
            first = step.get("des_le_tour") if isinstance(step, dict) else None
            if isinstance(turns, int) and isinstance(first, int) and first > turns:
                found.append(data_file.problem(base + ("sequence", "phases", i, "etapes", j, "des_le_tour"),
                                               f"dès le tour {first}, après le dernier (tours_max : {turns}) : "
                                               "l'étape ne viendrait jamais"))
    seen: dict[str, int] = {}
    for i, step in enumerate((partie.get("apres_bataille") or {}).get("etapes", [])):
        saisie = step.get("saisie") if isinstance(step, dict) else None
        if isinstance(saisie, str) and saisie in seen and saisie not in REPEATABLE_INPUTS:
            line, col = data_file.position(base + ("apres_bataille", "etapes", seen[saisie], "saisie"))
            found.append(data_file.problem(base + ("apres_bataille", "etapes", i, "saisie"),
                                           f"saisie « {saisie} » déjà demandée par une autre étape (ligne {line}, "
                                           f"colonne {col}) : le journal l'écrirait deux fois"))
        elif isinstance(saisie, str):
            seen[saisie] = i
    return found


def _added_cards(data_file: DataFile, partie: dict[str, Any], kinds: set[Any]) -> list[Problem]:
    """Cards added during play (`ajouts`): their sheet kinds are declared, their counters' bounds ordered."""
    found: list[Problem] = []
    ajouts = [(("partie", "ajouts", i), a) for i, a in enumerate(partie.get("ajouts", [])) if isinstance(a, dict)]
    found += _duplicates(data_file, ajouts, "identifiant de fiche ajoutée")
    for parts, ajout in ajouts:
        for j, kind in enumerate(ajout.get("pour", [])):
            if kind not in kinds:
                found.append(data_file.problem(parts + ("pour", j), f"fiche « {kind} » absente de « figures » ({', '.join(sorted(kinds))})"))
        counters = [(parts + ("compteurs", k), c) for k, c in enumerate(ajout.get("compteurs", [])) if isinstance(c, dict)]
        found += _duplicates(data_file, counters, "identifiant de compteur")
        for cparts, counter in counters:
            found += _bounds(data_file, cparts, counter)
    return found


def _remises(data_file: DataFile, partie: dict[str, Any]) -> list[Problem]:
    """Resets (`remises`): known counters, statuses and steps; `max` only on a counter that has one."""
    counters = {c["id"]: c for c in partie.get("compteurs", []) if isinstance(c, dict) and "id" in c}
    statuses = {s.get("id") for s in partie.get("statuts", []) if isinstance(s, dict)}
    steps: set[str] = set()
    for phase in partie.get("sequence", {}).get("phases", []):
        etapes = phase.get("etapes") or []
        steps |= {f"{phase.get('id')}/{e.get('id')}" for e in etapes} if etapes else {str(phase.get("id"))}
    remises = [(("partie", "remises", i), r) for i, r in enumerate(partie.get("remises", [])) if isinstance(r, dict)]
    found = _duplicates(data_file, remises, "identifiant de remise")
    for parts, remise in remises:
        quand = remise.get("quand") or {}
        if "etape" in quand and quand["etape"] not in steps:
            found.append(data_file.problem(parts + ("quand", "etape"), f"étape « {quand['etape']} » absente de la séquence "
                                           f"(phase/étape, ou phase sans étapes : {', '.join(sorted(steps))})"))
        if "statut" in quand and quand["statut"] not in statuses:
            found.append(data_file.problem(parts + ("quand", "statut"), f"état « {quand['statut']} » absent de « statuts »"))
        for j, status in enumerate(remise.get("statuts", [])):
            if status not in statuses:
                found.append(data_file.problem(parts + ("statuts", j), f"état « {status} » absent de « statuts »"))
        for k, item in enumerate(remise.get("compteurs", [])):
            found += _reset_counter(data_file, parts + ("compteurs", k), item, counters)
    return found


def _reset_counter(data_file: DataFile, parts: Parts, item: dict[str, Any], counters: dict[str, Any]) -> list[Problem]:
    counter = counters.get(item.get("id"))
    if counter is None:
        return [data_file.problem(parts + ("id",), f"compteur « {item.get('id')} » absent de « compteurs » "
                                  f"({', '.join(sorted(counters))})")]
    vers = item.get("vers")
    if vers == "max" and "max" not in counter:
        return [data_file.problem(parts + ("vers",), f"« vers: max » : le compteur « {item['id']} » n'a pas de maximum")]
    if isinstance(vers, dict) and "valeur" in vers:
        low, high = (b.get("valeur") if isinstance(b, dict) else None for b in (counter.get("min"), counter.get("max")))
        if (low is not None and vers["valeur"] < low) or (high is not None and vers["valeur"] > high):
            shown = f"{low if low is not None else '…'} à {high if high is not None else '…'}"
            return [data_file.problem(parts + ("vers", "valeur"),
                                      f"valeur {vers['valeur']} hors des bornes du compteur « {item['id']} » ({shown})")]
    return []


class _Sources:
    """What a profile may read for one game: its list schema, its cards, the checker's rows, its entries."""

    def __init__(self, game_id: str, files: list[DataFile], root: Path) -> None:
        self.game_id, self.files, self.root = game_id, files, root
        self.liste = self._schema("liste")
        self.catalogue = self._schema("catalogue")
        self.entries: list[Located] = list(entries_of(files))
        self._examples: tuple[set[str], set[str]] | None = None

    def _schema(self, kind: str) -> dict[str, Any] | None:
        path = self.root / "schemas" / f"{kind}-{self.game_id}.schema.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None

    def list_field(self, chemin: str) -> bool:
        """Whether the list schema describes this field of an entry."""
        schema = self.liste or {}
        node = suivre(schema, pointeur(schema, "/properties/entrees/items"))
        return _resolves(schema, node, chemin)

    def card_field(self, chemin: str) -> str | None:
        """Why no card has this field (French), or None when a card has it."""
        if self.catalogue is not None:
            node = suivre(self.catalogue, pointeur(self.catalogue, "/$defs/profil"))
            return None if _resolves(self.catalogue, node, chemin) else (
                f"la carte de profil (schemas/catalogue-{self.game_id}.schema.json) n'a pas ce champ")
        if chemin.strip("/").split("/")[0] in self.example_keys()[0]:
            return None
        return "aucune carte des listes d'exemple n'a ce champ"

    def example_keys(self) -> tuple[set[str], set[str]]:
        """Keys of the cards and of the checker's entry rows, on the game's example lists."""
        if self._examples is None:
            from browser_engine.validation import valider

            from .engine_data import files_bundle

            cards: set[str] = set()
            rows: set[str] = set()
            try:
                data = files_bundle(self.game_id, self.files, self.root)
                for path in sorted((self.root / "data" / self.game_id / "listes").glob("0*.yaml")):
                    details = valider(data, yaml.safe_load(path.read_text(encoding="utf-8"))).get("details") or {}
                    for card in list(details.get("creatures") or []) + list((details.get("profils") or {}).values()):
                        cards |= set(card) if isinstance(card, dict) else set()
                    for row in details.get("entrees") or []:
                        rows |= set(row) if isinstance(row, dict) else set()
            except Exception:  # noqa: BLE001 - engine_checks reports an engine failing on an example
                pass
            self._examples = (cards, rows)
        return self._examples

    def has_field(self, collection: str | None, chemin: str) -> bool:
        """Whether some entry (of that kind, if given) has a value at this pointer."""
        return any(pointeur(e.value, chemin) is not None for e in self.entries
                   if collection is None or e.kind == collection)


def _resolves(schema: dict[str, Any], node: dict[str, Any], chemin: str) -> bool:
    for part in chemin.strip("/").split("/"):
        props = node.get("properties") or {}
        if part not in props:
            return False
        node = suivre(schema, props[part])
    return True


def _profile_source(data_file: DataFile, parts: Parts, source: dict[str, Any], sources: _Sources) -> list[Problem]:
    found: list[Problem] = []
    kinds = {e.kind for e in sources.entries}
    collection = source.get("collection")
    for key in ("champ", "entree"):
        if key in source and not sources.list_field(source[key]):
            found.append(data_file.problem(parts + (key,), f"{key} « {source[key]} » : le schéma de liste "
                                           f"(schemas/liste-{sources.game_id}.schema.json) n'a pas ce champ pour une entrée"))
    if "carte" in source:
        why = sources.card_field(source["carte"])
        if why:
            found.append(data_file.problem(parts + ("carte",), f"carte « {source['carte']} » : {why}"))
    if "detail" in source and source["detail"].strip("/").split("/")[0] not in sources.example_keys()[1]:
        found.append(data_file.problem(parts + ("detail",), f"détail « {source['detail']} » : le vérificateur ne donne "
                                       "pas ce champ pour une entrée (listes d'exemple)"))
    if collection is not None and collection not in kinds:
        found.append(data_file.problem(parts + ("collection",), f"collection « {collection} » : ce jeu n'a pas "
                                       f"d'entrées de cette sorte ({', '.join(sorted(kinds))})"))
        return found
    for key, within in (("cle", None), ("par", collection)):
        if key in source and not sources.has_field(within, source[key]):
            where = f"de la collection « {within} » " if within else "du jeu "
            found.append(data_file.problem(parts + (key,), f"{key} « {source[key]} » : aucune entrée {where}n'a ce champ"))
    return found


def _profiles(data_file: DataFile, partie: dict[str, Any], files: list[DataFile], root: Path) -> list[Problem]:
    """Every source of every sheet profile reads something that exists."""
    declared = [(("partie", "figures", i, "profil"), f["profil"]) for i, f in enumerate(partie.get("figures", []))
                if isinstance(f, dict) and isinstance(f.get("profil"), dict)]
    if not declared:
        return []
    sources = _Sources(data_file.path.split("/")[1], files, root)
    found: list[Problem] = []
    for parts, profil in declared:
        for key in ("stats", "groupes"):
            for k, source in enumerate(profil.get(key, [])):
                if isinstance(source, dict):
                    found += _profile_source(data_file, parts + (key, k), source, sources)
    return found


def _calculators(files: list[DataFile]) -> dict[str, dict[str, Any]]:
    """The game's calculator declarations (`calculs.yaml`) by id and by key."""
    out: dict[str, dict[str, Any]] = {}
    for data_file in files:
        calculs = data_file.value.get("calculs") if isinstance(data_file.value, dict) else None
        for decl in calculs if isinstance(calculs, list) else []:
            if isinstance(decl, dict):
                for key in (decl.get("id"), decl.get("calcul")):
                    if isinstance(key, str):
                        out.setdefault(key, decl)
    return out


def _roll_read(data_file: DataFile, parts: Parts, source: dict[str, Any], sources: _Sources) -> list[Problem]:
    """A value a roll reads from the sheet (`champ`, `carte`) exists in the list schema or on a card."""
    if "champ" in source and not sources.list_field(source["champ"]):
        return [data_file.problem(parts + ("champ",), f"champ « {source['champ']} » : le schéma de liste "
                                  f"(schemas/liste-{sources.game_id}.schema.json) n'a pas ce champ pour une entrée")]
    why = sources.card_field(source["carte"]) if "carte" in source else None
    return [data_file.problem(parts + ("carte",), f"carte « {source['carte']} » : {why}")] if why else []


def _roll_source(data_file: DataFile, parts: Parts, source: dict[str, Any], param: dict[str, Any],
                 counters: set[Any], sources: _Sources) -> list[Problem]:
    found = _roll_read(data_file, parts, source, sources)
    if isinstance(source.get("fois"), dict):
        found += _roll_read(data_file, parts + ("fois",), source["fois"], sources)
    if isinstance(source.get("defaut"), dict):
        found += _roll_read(data_file, parts + ("defaut",), source["defaut"], sources)
    kind = param.get("type") or "entier"
    asked = source.get("demande") or source.get("ou_demande")
    if asked and kind == "entier" and not (isinstance(param.get("min"), int) and isinstance(param.get("max"), int)):
        found.append(data_file.problem(parts, f"paramètre « {param['id']} » demandé à la table, mais le calcul ne lui "
                                       "donne pas de bornes (min et max)"))
    if asked and kind not in ("entier", "booleen"):
        found.append(data_file.problem(parts, f"paramètre « {param['id']} » de type « {kind} » : seul un entier ou un "
                                       "booléen se demande à la table"))
    if "compteur" in source and source["compteur"] not in counters:
        found.append(data_file.problem(parts + ("compteur",), f"compteur « {source['compteur']} » absent de « compteurs » "
                                       f"({', '.join(sorted(str(c) for c in counters))})"))
    for key, wanted in (("materiel", "des"), ("paquet", "pile")):
        if key in source and kind != wanted:
            found.append(data_file.problem(parts + (key,), f"« {key} » pour le paramètre « {param['id']} » de type "
                                           f"« {kind} » : il faut un paramètre de type « {wanted} »"))
    return found


def _rolls(data_file: DataFile, partie: dict[str, Any], files: list[DataFile], root: Path) -> list[Problem]:
    """Each roll (`jets`) names a calculator of the game and its parameters, with sources that exist."""
    jets = [(("partie", "jets", i), j) for i, j in enumerate(partie.get("jets", [])) if isinstance(j, dict)]
    if not jets:
        return []
    found = _duplicates(data_file, jets, "identifiant de jet")
    calculators = _calculators(files)
    kinds = {f.get("id") for f in partie.get("figures", []) if isinstance(f, dict)}
    counters = {c.get("id") for c in partie.get("compteurs", []) if isinstance(c, dict)}
    sources = _Sources(data_file.path.split("/")[1], files, root)
    for parts, jet in jets:
        for j, kind in enumerate(jet.get("pour", [])):
            if kind not in kinds:
                found.append(data_file.problem(parts + ("pour", j), f"fiche « {kind} » absente de « figures » ({', '.join(sorted(kinds))})"))
        if isinstance(jet.get("si"), dict):
            found += _roll_read(data_file, parts + ("si",), jet["si"], sources)
        calcul = calculators.get(jet.get("calcul"))
        if calcul is None:
            known = ", ".join(sorted(str(c.get("id")) for c in {id(c): c for c in calculators.values()}.values()))
            found.append(data_file.problem(parts + ("calcul",), f"calcul « {jet.get('calcul')} » inconnu de ce jeu "
                                           f"(calculs.yaml : {known or 'aucun'})"))
            continue
        params = {p["id"]: p for p in calcul.get("parametres", []) if isinstance(p, dict) and "id" in p}
        names = ", ".join(params) or "aucun"
        for pid, source in (jet.get("parametres") or {}).items():
            if pid not in params:
                found.append(data_file.problem(parts + ("parametres", pid), f"paramètre « {pid} » inconnu du calcul "
                                               f"« {jet['calcul']} » ({names})"))
            elif isinstance(source, dict):
                found += _roll_source(data_file, parts + ("parametres", pid), source, params[pid], counters, sources)
        etapes = jet.get("etapes") if isinstance(jet.get("etapes"), dict) else {}
        if etapes and etapes.get("nombre") not in params:
            found.append(data_file.problem(parts + ("etapes", "nombre"), f"paramètre « {etapes.get('nombre')} » inconnu "
                                           f"du calcul « {jet['calcul']} » ({names})"))
        for key in ("premiere", "seconde"):
            for pid, value in (etapes.get(key) or {}).items():
                if pid not in params:
                    found.append(data_file.problem(parts + ("etapes", key, pid), f"paramètre « {pid} » inconnu du "
                                                   f"calcul « {jet['calcul']} » ({names})"))
                elif (message := _literal_problem(params[pid], value)):
                    found.append(data_file.problem(parts + ("etapes", key, pid), message))
        for pid, source in (jet.get("parametres") or {}).items():
            for at, value in ((("valeur",), (source or {}).get("valeur") if isinstance(source, dict) else None),
                              (("defaut", "valeur"), _default_value(source))):
                if pid in params and (message := _literal_problem(params[pid], value)):
                    found.append(data_file.problem(parts + ("parametres", pid, *at), message))
    return found


def _default_value(source: Any) -> Any:
    """The literal default of a value asked at the table (`defaut: {valeur: 1}`), if any."""
    default = source.get("defaut") if isinstance(source, dict) else None
    return default.get("valeur") if isinstance(default, dict) else None


def _literal_problem(param: dict[str, Any], value: Any) -> str | None:
    """Why a value the data fixes for an integer parameter is outside the calculation's bounds, or None."""
    if isinstance(value, bool) or not isinstance(value, int) or (param.get("type") or "entier") != "entier":
        return None
    low, high = param.get("min"), param.get("max")
    if (isinstance(low, int) and value < low) or (isinstance(high, int) and value > high):
        return f"valeur {value} hors des bornes du paramètre « {param['id']} » du calcul ({low} à {high})"
    return None


def file_problems(data_file: DataFile, root: Path | None = None,
                  files: list[DataFile] | None = None) -> list[Problem]:
    """Problems of one play-mode file (given the game's other files, for profiles)."""
    partie = data_file.value.get("partie") if isinstance(data_file.value, dict) else None
    if not isinstance(partie, dict):
        return []
    base: Parts = ("partie",)
    found: list[Problem] = []  # each `regle` names an entry: declared in the schema (`x-ref`, `references`)
    kinds = {f.get("id") for f in partie.get("figures", []) if isinstance(f, dict)}
    trackers = [(base + (key, i), item) for key in ("compteurs", "statuts")
                for i, item in enumerate(partie.get(key, []))]
    found += _duplicates(data_file, trackers, "identifiant de compteur ou d'état")
    for parts, item in trackers:
        for j, kind in enumerate(item.get("pour", [])):
            if kind not in kinds:
                found.append(data_file.problem(parts + ("pour", j), f"fiche « {kind} » absente de « figures » ({', '.join(sorted(kinds))})"))
        if parts[1] == "compteurs":
            found += _bounds(data_file, parts, item)
    found += _added_cards(data_file, partie, kinds)
    phases = partie.get("sequence", {}).get("phases", [])
    steps = [(base + ("sequence", "phases", i), p) for i, p in enumerate(phases)]
    steps += [(base + ("sequence", "phases", i, "etapes", j), e)
              for i, p in enumerate(phases) for j, e in enumerate(p.get("etapes", []))]
    found += _duplicates(data_file, steps, "identifiant de phase ou d'étape")
    found += _duplicates(data_file, [(base + ("des", i), d) for i, d in enumerate(partie.get("des", []))], "identifiant de dé")
    apres = partie.get("apres_bataille", {}).get("etapes", [])
    found += _duplicates(data_file, [(base + ("apres_bataille", "etapes", i), e) for i, e in enumerate(apres)],
                         "identifiant d'étape d'après-bataille")
    found += _remises(data_file, partie)
    found += _dice_faces(data_file, partie)
    found += _structure(data_file, partie)
    found += _profiles(data_file, partie, files or [data_file], root or ROOT)
    found += _rolls(data_file, partie, files or [data_file], root or ROOT)
    return found


def game_problems(files: list[DataFile], root: Path | None = None) -> list[Problem]:
    """Problems of the game's `partie.yaml`, if it has one.

    Args:
        files: the game's data files.
        root: the project root (schemas, example lists); this checkout's by default.

    Returns:
        The problems, each located in `partie.yaml`.

    """
    found: list[Problem] = []
    for data_file in files:
        if isinstance(data_file.value, dict) and "partie" in data_file.value:
            found += file_problems(data_file, root, files)
    return found
