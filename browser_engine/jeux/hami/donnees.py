"""HAMI — La Saga des Murmures: the game data the Communauté checker reads, and one list entry.

`Catalogue` gives the bundle's profiles, spells, objects, equipment and tribe tables by id;
`Membre` is one list entry as the checker reads it (`liste.py`).
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ... import bundle

TABLE_TRIBUS = "table-des-tribus"
TABLE_BONUS_COMMUNAUTE = "bonus-communaute-tribu"
TABLE_BONUS_INDIVIDUEL = "bonus-individuel-tribu"


def cle(texte: Any) -> str:
    """Kebab-case id of a label: `Roche (Rocher)` -> `roche`, `Canopée` -> `canopee` (first word)."""
    sans_accents = unicodedata.normalize("NFKD", str(texte)).encode("ascii", "ignore").decode("ascii")
    mots = sans_accents.lower().replace("(", " ").split()
    return mots[0] if mots else ""


def proprietes(entree: dict[str, Any] | None) -> dict[str, Any]:
    """The `proprietes` mapping of a data entry (empty when absent or malformed)."""
    value = (entree or {}).get("proprietes")
    return value if isinstance(value, dict) else {}


def textes(value: Any) -> list[str]:
    """The strings of a list value (anything else gives an empty list)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def id_connu(value: Any, connus: dict[str, Any] | tuple[str, ...]) -> str | None:
    """A list value if it is a known id (any other type, lists included, gives None)."""
    return value if isinstance(value, str) and value in connus else None


def entier(value: Any) -> bool:
    """True for an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


# --- the game data the checker reads ------------------------------------------------------------

@dataclass
class Tribu:
    """A tribe as the checker sees it: display name, forced allegiance, bonus texts."""

    id: str
    nom: str
    lien_force: str | None  # lumiere / ombre when the tribe has only one side
    sans_lien: bool  # the Herbe: neither Light nor Shadow
    bonus_communaute: str | None = None
    bonus_individuel: str | None = None


class Catalogue:
    """Profiles, spells, objects, equipment and tribe tables of the bundle, by id."""

    def __init__(self, donnees_jeu: dict[str, Any]) -> None:
        self.donnees = donnees_jeu
        profils = [p for p in donnees_jeu.get("profils") or [] if isinstance(p, dict)]
        self.profils = {p.get("id"): p for p in profils}
        self.castes = {proprietes(p).get("caste"): p for p in profils if p.get("categorie") == "caste"}
        self.legendaires = {p["id"]: p for p in profils if p.get("categorie") == "legendaire"}
        self.familiers = {p["id"]: p for p in profils if p.get("categorie") == "familier"}
        self.montures = {p["id"]: p for p in profils if p.get("categorie") == "monture"}
        self.predateurs = {proprietes(p).get("stade"): p for p in profils if p.get("categorie") == "predateur"}
        self.sorts = {s["id"]: s for s in donnees_jeu.get("sorts") or [] if isinstance(s, dict)}
        self.objets = {o["id"]: o for o in donnees_jeu.get("objets") or [] if isinstance(o, dict)}
        self.equipements = {e["id"]: e for e in donnees_jeu.get("equipements") or [] if isinstance(e, dict)}
        self.capacites = {c["id"]: c for c in donnees_jeu.get("capacites") or [] if isinstance(c, dict)}
        self.tribus = self._tribus()

    def _tribus(self) -> dict[str, Tribu]:
        out: dict[str, Tribu] = {}
        for row in bundle.table(self.donnees, TABLE_TRIBUS)["lignes"]:
            lumiere, ombre = row.get("lumiere") is True, row.get("ombre") is True
            force = "lumiere" if lumiere and not ombre else "ombre" if ombre and not lumiere else None
            nom = str(row.get("tribu", "")).split(" (")[0]
            out[cle(row.get("tribu"))] = Tribu(cle(row.get("tribu")), nom, force, not lumiere and not ombre)
        for table_id, attribut in ((TABLE_BONUS_COMMUNAUTE, "bonus_communaute"),
                                   (TABLE_BONUS_INDIVIDUEL, "bonus_individuel")):
            for row in bundle.table(self.donnees, table_id)["lignes"]:
                tribu = out.get(cle(row.get("tribu")))
                if tribu is not None:
                    setattr(tribu, attribut, row.get("bonus"))
        return out

    def nom(self, entry_id: str) -> str:
        """Display name of any entry (`s-truk` -> `S'Truk`)."""
        for source in (self.profils, self.sorts, self.objets, self.equipements, self.capacites):
            if entry_id in source:
                return str(source[entry_id].get("nom", entry_id))
        return entry_id

    def mecanique(self, familier: str) -> bool:
        """True for a mechanical familiar (S'Truk)."""
        return proprietes(self.familiers.get(familier)).get("mecanique") is True


# --- one entry of the list ----------------------------------------------------------------------

@dataclass
class Membre:
    """One list entry, read once; values are None when absent or invalid (the schema reports those)."""

    index: int
    brut: dict[str, Any]
    genre: str | None = None
    profil: dict[str, Any] | None = None
    caste: str | None = None
    legendaire: str | None = None
    tribu: str | None = None
    age: str | None = None
    lien_impose: str | None = None
    familiers: list[str] = field(default_factory=list)
    sorts: list[str] = field(default_factory=list)
    objets: list[str] = field(default_factory=list)
    sorts_imposes: bool = False
    equipement: list[str] = field(default_factory=list)
    monture: str | None = None
    familier_sauvage: str | None = None
    stade: str | None = None
    competences: list[str] = field(default_factory=list)
    couts: list[tuple[str, int]] = field(default_factory=list)
    cout: int | None = None
    nom: str = ""

    @property
    def chemin(self) -> str:
        return f"/entrees/{self.index}"

    @property
    def meneur(self) -> bool:
        return self.genre == "hami" and self.brut.get("meneur") is True
