"""Hate combat odds: one attack, from the die faces the player supplies (the book prints them as icons).

The die has faces Frapper (F), Parer (P), Sauvagerie (S), Joker (J) and, should a player type
one, blank faces. Every roll is enumerated exactly as counts of each kind (multinomial weights,
integers over N**dice); rerolls and joker choices follow the policies recorded in
`data/hate/calculs.yaml` (interpretation of the calculation):

* attacker: jokers become hits (worth `joker_vaut` each); facing Le Tyran D, one joker becomes a
  parry when no Parer face shows. The defender: just enough jokers to parry every hit, the other
  jokers become Sauvagerie; a defender who cannot block turns every joker into Sauvagerie
  (book example, lines 848-851). With Scar-B-02 no joker may parry.
* free reroll (A-04 in attack, B-01 in defence): the dice that show neither a useful face nor a
  joker (attacker: keeps Frapper and jokers, and one Parer facing Le Tyran D; defender: keeps
  Parer and jokers). Forge « Relancer »: every die. Each side plays them to its best: the
  attacker maximises P(KO), the defender rerolls only while it does not block, and neither
  rerolls when it cannot help (which keeps its Sauvagerie faces).
* forge slot 3 « Relancer les dés de l'ennemi »: once the other side has fixed its results, it
  must reroll the dice of your choice; the defender picks the attacker's hit dice that lower
  P(KO) most, the attacker makes the defender reroll every die that parries.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

from ...errors import ErreurParametre

Etat = tuple[int, ...]
Loi = dict[Etat, int]

MAX_DES = 15
SYMBOLES = ("frapper", "parer", "sauvagerie", "joker")


def _ajoute(loi: dict, cle: object, poids: int) -> None:
    loi[cle] = loi.get(cle, 0) + poids


@lru_cache(maxsize=4096)
def multinomial(poids: tuple[int, ...], n: int) -> tuple[tuple[Etat, int], ...]:
    """Every count of each kind over `n` dice, with its number of ordered outcomes (over N**n)."""
    if len(poids) == 1:
        return (((n,), poids[0] ** n),) if poids[0] or n == 0 else ()
    out = []
    for c in range(n + 1):
        coef = comb(n, c) * poids[0] ** c
        if coef:
            out.extend(((c, *reste), coef * w) for reste, w in multinomial(poids[1:], n - c))
    return tuple(out)


def poids_des_faces(faces: list[dict[str, int]]) -> dict[str, int]:
    """Number of faces of each kind (frapper, parer, sauvagerie, joker, vide).

    Raises:
        ErreurParametre: a face shows more than one symbol (Hate's die shows one per face).

    """
    out = dict.fromkeys((*SYMBOLES, "vide"), 0)
    for k, face in enumerate(faces, start=1):
        presents = [s for s, n in face.items() if n]
        if len(presents) > 1 or any(n > 1 for n in face.values()):
            raise ErreurParametre(f"Faces du dé : la face {k} porte plusieurs symboles ; le dé de Hate "
                                  "n'en montre qu'un par face.", "de")
        if presents and presents[0] not in SYMBOLES:
            raise ErreurParametre(f"Faces du dé : symbole inconnu « {presents[0]} » sur la face {k}.", "de")
        out[presents[0] if presents else "vide"] += 1
    return out


@dataclass(frozen=True)
class Regles:
    """One attack: dice of each side and the effects in play."""

    des_attaque: int
    des_defense: int
    frappes_bonus: int = 0
    parades_bonus: int = 0
    joker_vaut: int = 1
    libre_attaque: bool = False
    forge_attaque: bool = False
    forcee_par_attaque: bool = False  # the attacker makes the defender reroll (forge slot 3)
    libre_defense: bool = False
    forge_defense: bool = False
    forcee_par_defense: bool = False  # the defender makes the attacker reroll (forge slot 3)
    jokers_sans_parade: bool = False  # Scar-B-02
    tyran: bool = False  # the defender is Le Tyran with skill D


@dataclass
class Issues:
    """Outcome of one attack: exact laws, as {value: probability}."""

    marge: dict[int, Fraction]  # hits minus parries
    sauvagerie_attaque: dict[int, Fraction]
    sauvagerie_defense: dict[int, Fraction]
    attaquant_ko: Fraction  # Le Tyran D: the attacker rolled no parry


class _Camp:
    """Rerolls of one side, played to its best for a value function on its states.

    `frais(k)` is the law of k fresh dice (weights over total**k); `reduit(k)` the same law with
    what the value ignores (Sauvagerie) left out, used for the decisions only. `valeur` gives
    integers over one common denominator; scaled by total**(2n), every expectation below is an
    exact integer too (each divides by total**r with r <= n at most twice), so decisions compare
    integers.
    """

    def __init__(self, n: int, total: int, frais: Callable[[int], Loi], reduit: Callable[[int], Loi],
                 garde: Callable[[Etat], tuple[Etat, int]], fusion: Callable[[Etat, Etat], Etat],
                 valeur: Callable[[Etat], int], libre: bool, forge: bool) -> None:
        self.n, self.total, self.frais, self.reduit = n, total, frais, reduit
        self.garde, self.fusion, self.libre, self.forge = garde, fusion, libre, forge
        self._valeur, self._valeurs = valeur, {}
        self._echelle = total ** (2 * n)
        self._apres: dict[tuple[Etat, int, bool], int] = {}
        self.forge_frais = self.forge_libre = 0

    def valeur(self, x: Etat) -> int:
        """Value of a state with no reroll left, scaled."""
        if x not in self._valeurs:
            self._valeurs[x] = self._valeur(x) * self._echelle
        return self._valeurs[x]

    def _moyenne(self, r: int, f: Callable[[Etat], int]) -> int:
        return sum(w * f(x) for x, w in self.reduit(r).items()) // self.total ** r

    def _valeur_forge(self, x: Etat) -> int:
        """Value with only the forge reroll left."""
        return max(self.valeur(x), self.forge_frais) if self.forge else self.valeur(x)

    def _valeur_libre(self, x: Etat) -> int:
        """Value with only the free reroll left."""
        return max(self.valeur(x), self._apres_libre(x, False)) if self.libre else self.valeur(x)

    def _apres_libre(self, x: Etat, forge_ensuite: bool) -> int:
        """Expected value after the free reroll of x's useless dice (then the forge, if still there)."""
        garde, r = self.garde(x)
        cle = (garde, r, forge_ensuite)
        if cle not in self._apres:
            suite = self._valeur_forge if forge_ensuite else self.valeur
            self._apres[cle] = self._moyenne(r, lambda y: suite(self.fusion(garde, y)))
        return self._apres[cle]

    def _choix(self, x: Etat) -> str:
        """Best first move on the initial roll: « garde », « libre » or « forge » (ties: fewer rerolls)."""
        ici = self.valeur(x)
        libre = self._apres_libre(x, self.forge) if self.libre else None
        forge = self.forge_libre if self.forge else None
        options = [v for v in (libre, forge) if v is not None]
        if not options or ici >= max(options):
            return "garde"
        return "libre" if libre is not None and libre >= max(options) else "forge"

    def _convolue(self, out: Loi, libres: dict[tuple[Etat, int], int], echelle: int) -> None:
        """Add each kept part rerolled: weight × law of its r fresh dice × total**(echelle - r)."""
        t = self.total
        for (garde, r), w in libres.items():
            facteur = t ** (echelle - r)
            for y, w2 in self.frais(r).items():
                _ajoute(out, self.fusion(garde, y), w * w2 * facteur)

    def jouer(self) -> Loi:
        """Final states, weights over total**(3n): the initial roll, then up to two rerolls."""
        n, t = self.n, self.total
        if self.forge:
            self.forge_frais = self._moyenne(n, self.valeur)
            self.forge_libre = self._moyenne(n, self._valeur_libre)
        out: Loi = {}
        forge_puis_libre = forge_seule = 0
        libres: dict[tuple[Etat, int], int] = {}
        for x, w in self.frais(n).items():
            coup = self._choix(x)
            if coup == "garde":
                _ajoute(out, x, w * t ** (2 * n))
            elif coup == "forge":
                forge_puis_libre += w
            else:
                _ajoute(libres, self.garde(x), w)
        # free reroll done: the forge follows where a fresh roll is worth more (decided on the kept part)
        for (garde, r), w in libres.items():
            for y, w2 in self.reduit(r).items():
                if self.forge and self.forge_frais > self.valeur(self.fusion(garde, y)):
                    forge_seule += w * w2 * t ** (n - r)
        for (garde, r), w in libres.items():
            facteur = t ** (2 * n - r)
            for y, w2 in self.frais(r).items():
                z = self.fusion(garde, y)
                if not (self.forge and self.forge_frais > self.valeur(z)):
                    _ajoute(out, z, w * w2 * facteur)
        # forge first: then the free reroll where it helps
        relances: dict[tuple[Etat, int], int] = {}
        for y, w2 in self.frais(n).items():
            _ajoute(out, y, forge_seule * w2)
            if not forge_puis_libre:
                continue
            if self.libre and self._apres_libre(y, False) > self.valeur(y):
                _ajoute(relances, self.garde(y), forge_puis_libre * w2)
            else:
                _ajoute(out, y, forge_puis_libre * w2 * t ** n)
        self._convolue(out, relances, n)
        return out


def _somme(a: Etat, b: Etat) -> Etat:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _somme_drapeau(a: Etat, b: Etat) -> Etat:
    """Attacker states (f, j, s, parer): counts add up, the Parer flag is an « or »."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], max(a[3], b[3]))


class Combat:
    """Exact odds of one attack for a die of `poids` (faces of each kind) and the rules `regles`."""

    def __init__(self, poids: dict[str, int], regles: Regles) -> None:
        self.r = regles
        self.total = sum(poids.values())
        f, p, s, j, v = (poids[k] for k in (*SYMBOLES[:3], "joker", "vide"))
        # attacker kinds: F, J, S, P, other; without Le Tyran a Parer face is worth nothing in attack
        self.poids_attaque = (f, j, s, p, v) if regles.tyran else (f, j, s, 0, p + v)
        # defender kinds: P, J, S, other; with Scar-B-02 a joker can only be Sauvagerie (or useless)
        self.sauvage = s + j if regles.jokers_sans_parade else s
        self.inutile = f + v
        self.poids_defense = (p, 0 if regles.jokers_sans_parade else j, self.sauvage + self.inutile)
        self._defense: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
        for nom in ("frais_attaque", "reduit_attaque", "frais_defense", "reduit_defense", "ko_sachant",
                    "_frappes_fraiches", "_apres_force", "_frappes_reduites", "_ko_apres_relance", "choix_force"):
            setattr(self, nom, cache(getattr(self, nom)))  # memoised for this calculation only

    # --- laws of fresh dice ----------------------------------------------------------------
    def frais_attaque(self, k: int) -> Loi:
        """Law of k attack dice as (Frapper, jokers, Sauvagerie, at least one Parer)."""
        out: Loi = {}
        for (f, j, s, p, _), w in multinomial(self.poids_attaque, k):
            _ajoute(out, (f, j, s, int(p > 0)), w)
        return out

    def reduit_attaque(self, k: int) -> Loi:
        out: Loi = {}
        for (f, j, _, p), w in self.frais_attaque(k).items():
            _ajoute(out, (f, j, 0, p), w)
        return out

    def frais_defense(self, k: int) -> Loi:
        """Law of k defence dice as (Parer, jokers that may parry); the other dice are « autres »."""
        return {(p, j): w for (p, j, _), w in multinomial(self.poids_defense, k)}

    def reduit_defense(self, k: int) -> Loi:
        """Law of the parrying dice of k defence dice, as (Parer + jokers, 0): all that blocking needs."""
        out: Loi = {}
        for (p, j), w in self.frais_defense(k).items():
            _ajoute(out, (p + j, 0), w)
        return out

    def _alloue_defense(self, p: int, j: int, u: int) -> tuple[int, int, bool]:
        """(parries from dice, jokers turned to Sauvagerie, blocks) against `u` needed parries."""
        if u >= 1 and p + j >= u:
            used = max(0, u - p)
            return p + used, j - used, True
        return p, j, False

    def _sauvagerie(self, groupes: dict[tuple[int, int], int]) -> dict[int, int]:
        """Law of the Sauvagerie from (other dice, jokers to Sauvagerie) groups (weights × (s+o)**m).

        Each die that is neither Parer nor a parrying joker shows Sauvagerie with odds s : o, on
        its own: no decision looks at it, so the count is binomial.
        """
        s, o, m = self.sauvage, self.inutile, self.r.des_defense
        out: dict[int, int] = {}
        for (q, jokers), w in groupes.items():
            for k in range(q + 1):
                _ajoute(out, jokers + k, w * comb(q, k) * s ** k * o ** (q - k) * ((s + o) or 1) ** (m - q))
        return out

    def defense(self, u: int) -> tuple[dict[int, int], dict[int, int]]:
        """Laws of the defender's dice parries (over N**4m) and Sauvagerie (over N**4m (s+o)**m)."""
        m, t = self.r.des_defense, self.total
        if not 1 <= u <= m:
            u = 0  # blocks whatever happens, or never can: no reroll, every joker to Sauvagerie
        if u in self._defense:
            return self._defense[u]
        camp = _Camp(m, t, self.frais_defense, self.reduit_defense, lambda x: ((x[0], x[1]), m - x[0] - x[1]),
                     lambda a, b: (a[0] + b[0], a[1] + b[1]), lambda x: int(x[0] + x[1] >= u),
                     self.r.libre_defense and u > 0, self.r.forge_defense and u > 0)
        parades: dict[int, int] = {}
        groupes: dict[tuple[int, int], int] = {}
        forcees: dict[tuple[int, int, int], int] = {}
        for (p, j), w in camp.jouer().items():
            par, jokers, bloque = self._alloue_defense(p, j, u)
            if bloque and self.r.forcee_par_attaque:
                _ajoute(forcees, (par, m - p - j, jokers), w)  # the attacker rerolls every parrying die
            else:
                _ajoute(parades, par, w * t ** m)
                _ajoute(groupes, (m - p - j, jokers), w * t ** m)
        for (d, q, jokers), w in forcees.items():
            for (p, j), w2 in self.frais_defense(d).items():
                par, jokers2, _ = self._alloue_defense(p, j, u)
                _ajoute(parades, par, w * w2 * t ** (m - d))
                _ajoute(groupes, (q + d - p - j, jokers + jokers2), w * w2 * t ** (m - d))
        self._defense[u] = (parades, self._sauvagerie(groupes))
        return self._defense[u]

    def ko_sachant(self, frappes: int) -> int:
        """P(KO) once the attacker's hits are fixed, over N**4m."""
        u = frappes - self.r.parades_bonus
        if u <= 0:
            return 0
        if u > self.r.des_defense:
            return self.total ** (4 * self.r.des_defense)
        parades, _ = self.defense(u)
        return sum(w for par, w in parades.items() if par < u)

    # --- attacker ------------------------------------------------------------------------------
    def _alloue_attaque(self, f: int, j: int, parer: int) -> tuple[int, int, int]:
        """(hits from dice, jokers on hits, has a parry): jokers to hits, one to Parer against Le Tyran D."""
        tyran = int(self.r.tyran and not parer and j >= 1)
        return f + self.r.joker_vaut * (j - tyran), j - tyran, int(parer or tyran)

    def _frappes_fraiches(self, k: int, parer: int) -> tuple[tuple[int, int, int, int], ...]:
        """Law of k rerolled attack dice: (hits, Sauvagerie, has a parry, weight)."""
        out: dict[tuple[int, int, int], int] = {}
        for (f, j, s, p), w in self.frais_attaque(k).items():
            h, _, par = self._alloue_attaque(f, j, max(parer, p))
            _ajoute(out, (h, s, par), w)
        return tuple((h, s, par, w) for (h, s, par), w in out.items())

    def _apres_force(self, k: int, parer: int, cote: int) -> dict[tuple[int, int], int]:
        """Law of (hits, or Sauvagerie when cote is 1; has a parry) of k rerolled attack dice, over N**k."""
        out: dict[tuple[int, int], int] = {}
        for h, s, par, w in self._frappes_fraiches(k, parer):
            _ajoute(out, (s if cote else h, par), w)
        return out

    def _frappes_reduites(self, k: int, parer: int) -> tuple[tuple[int, int], ...]:
        """Law of the hits of k rerolled attack dice: (hits, weight)."""
        out: dict[int, int] = {}
        for h, _, _, w in self._frappes_fraiches(k, parer):
            _ajoute(out, h, w)
        return tuple(out.items())

    def _ko_apres_relance(self, k: int, base: int, parer: int) -> int:
        """P(KO) when k hit dice are rerolled, over N**(4m + n)."""
        facteur = self.total ** (self.r.des_attaque - k)
        return sum(w * self.ko_sachant(base + h) for h, w in self._frappes_reduites(k, parer)) * facteur

    def choix_force(self, f: int, j: int, parer: int) -> tuple[int, int, int]:
        """Defender's forge slot 3 on the attacker's fixed dice: (P(KO) over N**(4m + n), Frapper dice, jokers)."""
        h, jh, par = self._alloue_attaque(f, j, parer)
        base = h + self.r.frappes_bonus
        meilleur = (self.ko_sachant(base) * self.total ** self.r.des_attaque, 0, 0)
        if not self.r.forcee_par_defense:
            return meilleur
        for b in sorted({0, jh}):
            for a in range(f + 1):
                if a + b:
                    ko = self._ko_apres_relance(a + b, base - a - self.r.joker_vaut * b, par)
                    if ko < meilleur[0]:
                        meilleur = (ko, a, b)
        return meilleur

    def issues(self) -> Issues:
        """The exact laws of one attack."""
        n, m, t = self.r.des_attaque, self.r.des_defense, self.total
        camp = _Camp(n, t, self.frais_attaque, self.reduit_attaque,
                     lambda x: ((x[0], x[1], 0, x[3]), n - x[0] - x[1] - x[3]), _somme_drapeau,
                     lambda x: self.choix_force(x[0], x[1], x[3])[0],
                     self.r.libre_attaque, self.r.forge_attaque)
        # the three laws needed, each grouped by what the defender's forced reroll changes (k dice)
        par_frappes: dict[tuple[int, int, int], int] = {}  # (hits kept, has a parry, k) -> weight
        par_sauvagerie: dict[tuple[int, int, int], int] = {}  # (Sauvagerie kept, has a parry, k)
        for (f, j, s, p), w in camp.jouer().items():
            _, a, b = self.choix_force(f, j, p)
            h, _, par = self._alloue_attaque(f, j, p)
            _ajoute(par_frappes, (h + self.r.frappes_bonus - a - self.r.joker_vaut * b, par, a + b), w)
            _ajoute(par_sauvagerie, (s, par, a + b), w)
        frappes: dict[int, int] = {}  # over N**4n
        sav_a: dict[int, int] = {}
        sans_parade = 0
        for (base, par, k), w in par_frappes.items():
            for (h2, _), w2 in self._apres_force(k, par, 0).items():
                _ajoute(frappes, base + h2, w * w2 * t ** (n - k))
        for (sav, par, k), w in par_sauvagerie.items():
            for (s2, par2), w2 in self._apres_force(k, par, 1).items():
                _ajoute(sav_a, sav + s2, w * w2 * t ** (n - k))
                sans_parade += w * w2 * t ** (n - k) * (1 - par2)
        den_a, den_d = t ** (4 * n), t ** (4 * m)
        den_s = den_d * ((self.sauvage + self.inutile) or 1) ** m
        marge: dict[int, int] = {}
        sav_d: dict[int, int] = {}
        for h, w in frappes.items():
            parades, sauvagerie = self.defense(h - self.r.parades_bonus)
            for par, w2 in parades.items():
                _ajoute(marge, h - par - self.r.parades_bonus, w * w2)
            for sav, w2 in sauvagerie.items():
                _ajoute(sav_d, sav, w * w2)
        return Issues(
            marge={k: Fraction(v, den_a * den_d) for k, v in sorted(marge.items())},
            sauvagerie_attaque={k: Fraction(v, den_a) for k, v in sorted(sav_a.items())},
            sauvagerie_defense={k: Fraction(v, den_a * den_s) for k, v in sorted(sav_d.items())},
            attaquant_ko=Fraction(sans_parade, den_a) if self.r.tyran else Fraction(0))
