"""Faces of a free die (« Dés libres »): the text a player types, read into faces.

A die is written as its faces, separated by commas (or semicolons; with neither, by spaces):

* a whole number: `1, 2, 3, 4, 5, 6`, negative numbers too (`-1, 0, 1`);
* `dN`: the faces 1 to N (`d6`, `d10`); `a..b`: the faces a to b (`0..9`);
* a symbol: a word (`épée`, `bouclier`), several on one face joined by `+` (`épée+épée`);
* `vide` (or `-`): a blank face, worth 0 and carrying no symbol;
* `face*k` (or `face×k`): the face repeated k times (`épée*3, vide*3`).

The same syntax names the faces that explode or are rerolled. The result of reading is a list of
`Face`s; two faces are the same face when their `cle` is equal (`6`, `épée+épée`, `vide`).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import ErreurEntree
from .schema_lite import lisible

MAX_FACES = 100  # faces of one die, after `dN`, `a..b` and `*k` are expanded
MAX_VALEUR = 1000  # largest face value, in absolute value
MAX_SYMBOLE = 24  # characters of a symbol's name
MAX_TEXTE = 2000  # characters of one die's text
VIDES = frozenset(("vide", "-", "blanc", "blanche"))

_ENTIER = re.compile(r"[-+]?\d+\Z")
_DN = re.compile(r"[dD](\d+)\Z")
_PLAGE = re.compile(r"([-+]?\d+)\s*\.\.\s*([-+]?\d+)\Z")
_REPETITION = re.compile(r"(.+?)\s*[*×]\s*(\d+)\Z")
_SYMBOLE = re.compile(r"[^\W\d_][\w'’-]*\Z")
_DECIMAL = re.compile(r"[-+]?\d+\s*[,.]\s*\d+\Z")


@dataclass(frozen=True)
class Face:
    """One face: a number (0 when it has none) and the symbols it shows, sorted."""

    valeur: int = 0
    symboles: tuple[str, ...] = ()
    numerique: bool = True  # a number was written (a blank face is worth 0 but is not the face `0`)

    @property
    def cle(self) -> str:
        """How the face is written back: `6`, `épée+épée`, `vide`."""
        if self.symboles:
            return "+".join(self.symboles)
        return str(self.valeur) if self.numerique else "vide"

    def nombre(self, symbole: str) -> int:
        """How many times the face shows `symbole`."""
        return self.symboles.count(symbole)


VIDE = Face(0, (), False)


def _court(texte: str) -> str:
    return lisible(texte if len(texte) <= 30 else texte[:29] + "…")


def _entier(texte: str, ou: str) -> int:
    chiffres = texte.strip().lstrip("+-").lstrip("0")
    if len(chiffres) > len(str(MAX_VALEUR)):  # a huge number is never converted, nor shown in full
        raise ErreurEntree(f"{ou} : la face {_court(texte.strip())} dépasse la limite de {MAX_VALEUR} "
                           "(en valeur absolue).")
    valeur = int(texte)
    if abs(valeur) > MAX_VALEUR:
        raise ErreurEntree(f"{ou} : la face {valeur} dépasse la limite de {MAX_VALEUR} (en valeur absolue).")
    return valeur


def _symbole(texte: str, ou: str) -> str:
    nom = texte.strip().lower()
    if len(nom) > MAX_SYMBOLE:
        raise ErreurEntree(f"{ou} : le symbole « {_court(nom)} » dépasse {MAX_SYMBOLE} caractères.")
    if not _SYMBOLE.match(nom):
        raise ErreurEntree(f"{ou} : « {_court(texte.strip())} » n'est ni un nombre entier, ni un symbole "
                           "(un mot qui commence par une lettre), ni « vide ».")
    return nom


def _une_face(texte: str, ou: str) -> Face:
    """A face written alone: a number, `vide`, or symbols joined by `+`."""
    brut = texte.strip()
    if _ENTIER.match(brut):
        return Face(_entier(brut, ou), (), True)
    if brut.lower() in VIDES:
        return VIDE
    morceaux = brut.split("+")
    if any(not m.strip() for m in morceaux):
        raise ErreurEntree(f"{ou} : « {_court(brut)} » : un « + » doit joindre deux symboles (épée+épée).")
    if any(_ENTIER.match(m.strip()) for m in morceaux):
        raise ErreurEntree(f"{ou} : « {_court(brut)} » mêle un nombre et un symbole sur une face ; une face porte "
                           "soit un nombre, soit des symboles.")
    return Face(0, tuple(sorted(_symbole(m, ou) for m in morceaux)), False)


def _jeton(texte: str, ou: str) -> list[Face]:
    """The faces one token stands for (`d6` is six faces, `épée*3` three)."""
    brut = texte.strip()
    repetition = _REPETITION.match(brut)
    if repetition and not _ENTIER.match(brut):
        fois = int(repetition.group(2)) if len(repetition.group(2)) <= 6 else MAX_FACES + 1
        if not 1 <= fois <= MAX_FACES:
            raise ErreurEntree(f"{ou} : « {_court(brut)} » répète une face {fois} fois ; de 1 à {MAX_FACES} fois.")
        return _jeton(repetition.group(1), ou) * fois
    dn = _DN.match(brut)
    if dn:
        cote = int(dn.group(1)) if len(dn.group(1)) <= 6 else MAX_FACES + 1
        if not 1 <= cote <= MAX_FACES:
            raise ErreurEntree(f"{ou} : « {_court(brut)} » : un dé a de 1 à {MAX_FACES} faces.")
        return [Face(v, (), True) for v in range(1, cote + 1)]
    plage = _PLAGE.match(brut)
    if plage:
        bas, haut = _entier(plage.group(1), ou), _entier(plage.group(2), ou)
        if bas > haut:
            raise ErreurEntree(f"{ou} : « {_court(brut)} » : la plage va du plus petit au plus grand ({haut}..{bas} ?).")
        if haut - bas + 1 > MAX_FACES:
            raise ErreurEntree(f"{ou} : « {_court(brut)} » donne {haut - bas + 1} faces ; au plus {MAX_FACES} par dé.")
        return [Face(v, (), True) for v in range(bas, haut + 1)]
    return [_une_face(brut, ou)]


def _jetons(texte: str, ou: str) -> list[str]:
    if ";" in texte:  # « 1,5; 2,5 »: with semicolons, a comma between digits is a French decimal
        decimal = next((t.strip() for t in texte.split(";") if _DECIMAL.match(t.strip())), None)
        if decimal is not None:
            raise ErreurEntree(f"{ou} : « {_court(decimal)} » est un nombre décimal ; une face porte un nombre "
                               "entier (séparez les faces par des virgules ou des points-virgules).")
    if "," in texte or ";" in texte:
        return re.split(r"[,;]", texte)
    return texte.split()


def lire_faces(valeur: Any, ou: str) -> list[Face]:
    """The faces of a die, from its text (`d6`, `1, 2, 3`, `épée*2, vide*4`) or a list of faces.

    Args:
        valeur: the text typed, or a list whose items are numbers or face texts.
        ou: where the die is, for the messages (« Réserve A, dé 1 »).

    Raises:
        ErreurEntree: an unreadable face, a value or a count past its limit (French message).

    """
    morceaux: list[str]
    if isinstance(valeur, list):
        if len(valeur) > MAX_FACES:
            raise ErreurEntree(f"{ou} : {len(valeur)} faces ; au plus {MAX_FACES} par dé.")
        morceaux = []
        for item in valeur:
            if isinstance(item, bool) or not isinstance(item, int | str):
                raise ErreurEntree(f"{ou} : une face est un nombre entier ou un texte, pas {type(item).__name__}.")
            morceaux.append(unicodedata.normalize("NFC", str(item)))
    elif isinstance(valeur, int) and not isinstance(valeur, bool):  # `faces: 6` in YAML: the text « 6 »
        morceaux = [str(valeur)]
    elif isinstance(valeur, str):
        if len(valeur) > MAX_TEXTE:
            raise ErreurEntree(f"{ou} : le texte des faces dépasse {MAX_TEXTE} caractères.")
        morceaux = _jetons(unicodedata.normalize("NFC", valeur), ou)
    else:
        raise ErreurEntree(f"{ou} : indiquez les faces du dé en texte (par exemple « d6 » ou « 1, 2, 3, 4 »).")
    while morceaux and not morceaux[-1].strip():  # a trailing comma is forgiven
        morceaux.pop()
    while morceaux and not morceaux[0].strip():
        morceaux.pop(0)
    faces: list[Face] = []
    for morceau in morceaux:
        if not morceau.strip():
            raise ErreurEntree(f"{ou} : une face est vide entre deux virgules ; écrivez « vide » pour une face "
                               "sans rien.")
        faces.extend(_jeton(morceau, ou))
        if len(faces) > MAX_FACES:
            raise ErreurEntree(f"{ou} : plus de {MAX_FACES} faces ; au plus {MAX_FACES} par dé.")
    if not faces:
        raise ErreurEntree(f"{ou} : indiquez les faces du dé (par exemple « d6 », « 1, 2, 3, 4 » ou "
                           "« épée*2, bouclier, vide*3 »).")
    return faces


def texte_faces(faces: list[Face]) -> str:
    """The faces written back compactly: `d6` for 1 to 6, else `épée*2, vide*4`."""
    if all(f.numerique and not f.symboles for f in faces) and [f.valeur for f in faces] == list(range(1, len(faces) + 1)):
        return f"d{len(faces)}"
    morceaux: list[str] = []
    k = 0
    while k < len(faces):
        fin = k
        while fin + 1 < len(faces) and faces[fin + 1] == faces[k]:
            fin += 1
        fois = fin - k + 1
        morceaux.append(faces[k].cle + (f"*{fois}" if fois > 1 else ""))
        k = fin + 1
    return ", ".join(morceaux)
