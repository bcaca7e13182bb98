"""Taps and typed fields needed to build a list in the builder, on a phone (issue 35, « Done means »).

    .venv/bin/python bench/compter_gestes.py [--site DIR]

For each game, a fresh page at 390 × 844 builds a list of about 10 entries taken from the game's
example lists (data/<jeu>/listes/), with what a player would tap: a select is 2 taps (open, choose),
a box or a button 1, a − / + 1 per step, a closed fold 1 to open; a value typed (a name, or a
number too far for − / +) is 1 typed field. Values the rules fill by themselves cost nothing.
Prints a Markdown table: game | entries | taps | typed fields | values not reached.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import lancer_chromium, servir  # noqa: E402
from tests.composer_support import TELEPHONE, attendre_rapport, ouvrir  # noqa: E402

ENTREES = 10
PAS_MAX = 8  # beyond this many − / + steps, a player types the number
# The lists each game's entries come from, in order, until ENTREES entries.
SOURCES = {
    "bataille-d6": ["01-gardiens-du-col.yaml", "02-horde-des-cimes.yaml"],
    "hami": ["01-exemple-du-livre.yaml", "02-lumiere-de-la-canopee.yaml", "03-caravane-de-l-herbe.yaml",
             "04-la-ruche-et-ses-familiers.yaml"],
    "hate": ["01-simple-bataille-um-rak.yaml"],
    "kharn-ages": ["01-guerrier-mongo-du-livre.yaml"],
    "tamashii": ["03-cooperatif-a-quatre.yaml"],
}
# Paths of a control: closed folds above it, outermost first, and its kind.
SONDE = """(id) => { const e = document.getElementById(id); if (!e) return null;
  const plis = []; for (let d = e.closest('details:not([open])'); d; d = d.parentElement && d.parentElement.closest('details:not([open])')) plis.unshift(d);
  plis.forEach((d, i) => { if (!d.id) d.id = 'cpd-pli-' + Math.random().toString(36).slice(2); });
  return {tag: e.tagName, type: e.type || '', plis: plis.map((d) => d.id), valeur: e.value}; }"""


@dataclass
class Compte:
    """What one game's list cost."""

    taps: int = 0
    tapes: int = 0
    manques: list[str] = field(default_factory=list)


def liste_cible(jeu: str) -> dict[str, Any]:
    """The target: the first source's envelope, entries from the sources until ENTREES."""
    listes = [yaml.safe_load((ROOT / "data" / jeu / "listes" / f).read_text(encoding="utf-8")) for f in SOURCES[jeu]]
    cible = dict(listes[0])
    entrees = [e for liste in listes for e in liste.get("entrees") or []]
    if jeu == "kharn-ages":  # one example entry, taken 10 times from the catalogue
        entrees = [{k: v for k, v in entrees[0].items() if k != "leader"} for _ in range(ENTREES)]
    cible["entrees"] = entrees[:ENTREES] if jeu not in ("hate", "tamashii") else entrees
    return cible


class Joueur:
    """Plays the builder's controls and counts the gestures."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.compte = Compte()

    def liste(self) -> dict[str, Any]:
        return yaml.safe_load(self.page.input_value("#cpd-liste")) or {}

    def taper(self, selecteur: str) -> None:
        self.page.click(selecteur)
        self.compte.taps += 1
        attendre_rapport(self.page)

    def sonde(self, ident: str) -> dict[str, Any] | None:
        info = self.page.evaluate(SONDE, ident)
        if info:
            for pli in info["plis"]:
                self.page.click(f"#{pli} > summary")
                self.compte.taps += 1
        return info

    def choisir(self, ident: str, valeur: Any) -> bool:
        """A select: the option of that value (2 taps), else « Autre (à nommer)… » and the name typed."""
        cle = json.dumps(valeur, ensure_ascii=False)
        valeurs = self.page.eval_on_selector_all(f"#{ident} option", "os => os.map((o) => o.value)")
        refuse = "(s, v) => s.disabled || [...s.options].some((o) => o.value === v && o.disabled)"
        if cle in valeurs and self.page.eval_on_selector(f"#{ident}", refuse, cle):
            return False  # refused by the rules here (the list is kept as it is)
        if cle in valeurs:
            self.page.select_option(f"#{ident}", cle)
            self.compte.taps += 2
        elif "autre:" in valeurs and isinstance(valeur, str):
            self.page.select_option(f"#{ident}", "autre:")
            self.page.fill(f"#{ident}-autre", valeur)
            self.page.press(f"#{ident}-autre", "Tab")
            self.compte.taps += 2
            self.compte.tapes += 1
        else:
            return False
        attendre_rapport(self.page)
        return True

    def pas(self, ident: str, valeur: int) -> None:
        """A number: − / + until the value, or typed when too far."""
        actuelle = self.page.input_value(f"#{ident}")
        depart = int(actuelle) if actuelle.strip() else None
        plus = self.page.locator(f"#{ident}-plus")
        if depart is not None and abs(valeur - depart) > PAS_MAX or not plus.count():
            self.page.fill(f"#{ident}", str(valeur))
            self.page.press(f"#{ident}", "Tab")
            self.compte.tapes += 1
            attendre_rapport(self.page)
            return
        for _ in range(2 * PAS_MAX + 2):
            actuelle = self.page.input_value(f"#{ident}")
            if actuelle.strip() and int(actuelle) == valeur:
                return
            bouton = f"#{ident}-plus" if not actuelle.strip() or int(actuelle) < valeur else f"#{ident}-moins"
            if self.page.locator(bouton).is_disabled():
                break
            self.taper(bouton)
        if self.page.input_value(f"#{ident}") != str(valeur):
            self.page.fill(f"#{ident}", str(valeur))
            self.page.press(f"#{ident}", "Tab")
            self.compte.tapes += 1
            attendre_rapport(self.page)

    def poser(self, ident: str, valeur: Any, actuelle: Any, nom: str) -> None:
        """Give the control `ident` the value, if it does not hold it already (else it is noted)."""
        if valeur == actuelle:
            return
        try:
            self.poser_brut(ident, valeur, actuelle, nom)
        except PlaywrightError:
            self.compte.manques.append(nom)

    def poser_brut(self, ident: str, valeur: Any, actuelle: Any, nom: str) -> None:
        info = self.sonde(ident)
        if info is None and isinstance(valeur, list):
            info = self.sonde(ident + "-0")
            if info:  # one select per place
                for i, v in enumerate(valeur):
                    if not self.page.locator(f"#{ident}-{i}").count() or not self.choisir(f"{ident}-{i}", v):
                        self.compte.manques.append(nom)
                return
        if info is None and isinstance(valeur, dict):
            for k, v in valeur.items():
                self.poser(f"{ident}-{k}", v, (actuelle or {}).get(k) if isinstance(actuelle, dict) else None, f"{nom}.{k}")
            return
        if info is None:
            self.compte.manques.append(nom)
            return
        if info["tag"] == "SELECT":
            if not self.choisir(ident, valeur):
                self.compte.manques.append(nom)
        elif info["tag"] == "SUMMARY" and isinstance(valeur, list | str):
            self.cases(ident, valeur if isinstance(valeur, list) else [valeur], nom)
        elif info["type"] == "checkbox":
            self.taper(f"#{ident}")
        elif info["type"] == "number" and isinstance(valeur, int):
            self.pas(ident, valeur)
        elif info["type"] in ("text", "search", "") and isinstance(valeur, str):
            self.page.fill(f"#{ident}", valeur)
            self.page.press(f"#{ident}", "Tab")
            self.compte.tapes += 1
            attendre_rapport(self.page)
        else:
            self.compte.manques.append(nom)

    def cases(self, ident: str, valeurs: list[Any], nom: str) -> None:
        """A fold of boxes (summary `ident`): opened, then one tap per value not ticked yet."""
        if not self.page.evaluate("(id) => document.getElementById(id).parentElement.open", ident):
            self.page.click(f"#{ident}")
            self.compte.taps += 1
        for v in valeurs:
            case = self.page.locator(f"[id^='{ident}-'][data-valeur='{json.dumps(v, ensure_ascii=False)}']").first
            if not case.count():
                self.compte.manques.append(f"{nom}={v}")
                continue
            if not case.is_checked():
                case.click()
                self.compte.taps += 1
                attendre_rapport(self.page)

    def ouvrir_entree(self, rang: int) -> None:
        ligne = f"li[data-role=entree][data-index='{rang}']"
        if self.page.get_attribute(f"{ligne} [data-action=ouvrir]", "aria-expanded") != "true":
            self.page.click(f"{ligne} [data-action=ouvrir]")
            self.compte.taps += 1
            self.page.wait_for_selector(f"{ligne} .cpd-ligne-corps")


def construire(page: Any, jeu: str, cible: dict[str, Any]) -> Compte:
    """Build `cible` in the builder on screen; the gestures it took."""
    j = Joueur(page)
    if jeu == "kharn-ages":  # with a catalogue: the « Catalogue d'exemple »
        valeur = page.eval_on_selector_all("#cpd-catalogue-exemple option", "os => os.map((o) => o.value).find(Boolean)")
        page.select_option("#cpd-catalogue-exemple", valeur)
        j.compte.taps += 2
        attendre_rapport(page)
    for cle in ("nom", "format", "options"):
        if cle in cible:
            j.poser(f"cpd-c-{cle}", cible[cle], j.liste().get(cle), cle)
    for rang, entree in enumerate(cible["entrees"]):
        presentes = j.liste().get("entrees") or []
        if rang >= len(presentes):
            # A choice button of the builder's picker (« Ajouter » a caste, a profile…), else the form.
            boutons = [page.locator(f"[data-role=choix][data-sorte='{k}'][data-valeur='{v}']")
                       for k, v in entree.items() if isinstance(v, str) and "'" not in v]
            choix = next((c.first for c in boutons if c.count()), None)
            if choix is not None:
                choix.scroll_into_view_if_needed()
                choix.click()
                j.compte.taps += 1
            else:
                for cle, v in entree.items():
                    if page.locator(f"#cpd-nouvelle-{cle}, #cpd-nouvelle-{cle}-0").count():
                        brouillon = page.evaluate("(id) => { const e = document.getElementById(id); return e ? e.value : null; }",
                                                  f"cpd-nouvelle-{cle}")
                        j.poser(f"cpd-nouvelle-{cle}", v, None if brouillon in (None, "") else v if brouillon == str(v) else None, cle)
                j.taper("[data-role=ajouter-entree]")
            page.wait_for_function("(n) => document.querySelectorAll('li[data-role=entree]').length > n", arg=rang)
            attendre_rapport(page)
        actuelle = (j.liste().get("entrees") or [{}] * (rang + 1))[rang]
        reste = {k: v for k, v in entree.items() if actuelle.get(k) != v}
        if reste:
            j.ouvrir_entree(rang)
            for cle, v in reste.items():
                j.poser(f"cpd-c-entrees-{rang}-{cle}", v, (j.liste().get("entrees") or [{}] * (rang + 1))[rang].get(cle), f"{rang}.{cle}")
    finale = j.liste().get("entrees") or []
    for rang, entree in enumerate(cible["entrees"]):
        for cle, v in entree.items():
            if rang >= len(finale) or finale[rang].get(cle) != v:
                j.compte.manques.append(f"{rang}.{cle}")
    j.compte.manques = sorted(set(j.compte.manques))
    return j.compte


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (mkdocs build)")
    parser.add_argument("--jeux", nargs="*", default=list(SOURCES))
    args = parser.parse_args()
    lignes = ["| jeu | entrées | touchers | champs tapés | valeurs non atteintes |", "|---|---|---|---|---|"]
    with sync_playwright() as p, servir(args.site) as base:
        navigateur = lancer_chromium(p)
        for jeu in args.jeux:
            contexte = navigateur.new_context(viewport=TELEPHONE)
            page = contexte.new_page()
            page.set_default_timeout(10_000)
            ouvrir(page, base + jeu + "/verifier/")
            cible = liste_cible(jeu)
            compte = construire(page, jeu, cible)
            manques = ", ".join(compte.manques[:6]) + (" …" if len(compte.manques) > 6 else "") or "aucune"
            lignes.append(f"| {jeu} | {len(cible['entrees'])} | {compte.taps} | {compte.tapes} | {manques} |")
            print(lignes[-1], file=sys.stderr, flush=True)
            contexte.close()
        navigateur.close()
    print("\n".join(lignes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
