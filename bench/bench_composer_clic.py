"""The builder as a player waits: from a click to the total and the errors painted, every panel open.

    .venv/bin/python bench/bench_composer_clic.py [--site DIR] [--clics N] [--largeur PX] [--json FICHIER]

For each game, the page « Composer et vérifier » gets a list of 10 or more entries (the game's
first example, its entries repeated), every panel of the builder is opened (the entry being edited,
every picker and fold in it), then one field of the first entry is changed N times by real
Playwright clicks, alternating two values. Each click is timed in the page from the input event's
own time stamp (`event.timeStamp`) to the start of the frame after the one that painted the report
of the new list (the total says it is current: `data-a-jour="oui"`; two animation frames).

Beside it, in the same page and the same run, the engine's round trip for one check of the same
list (`moteur.valider`, what `make bench` used to report). The goal of issue 23:
p95(click → paint) ≤ 1.5 × p95(one check). These are measurements, never assertions.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder would shadow the `bench` package with bench/bench.py.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_navigateur import centile, construire  # noqa: E402
from tests.browser_support import attendre_moteur, lancer_chromium, servir  # noqa: E402

ENTREES = 10
# Per game: the example list, the field of entry 1 that the clicks change, and the two values.
CLICS = {
    "bataille-d6": ("01-gardiens-du-col.yaml", "/entrees/0/mouvement", None),
    "hami": ("01-exemple-du-livre.yaml", "/entrees/0/age", None),
    "kharn-ages": ("02-guerrier-mongo-guisarme.yaml", "/entrees/0/leader", None),
    "hate": ("01-simple-bataille-um-rak.yaml", "/entrees/0/ameliorations", None),
    "tamashii": ("02-geo-chasse-a-trois.yaml", "/entrees/0/classe", None),  # its augmentations are locked in co-op
}

# In the page: arm a wait for the next report painted after an input event.
ARMER_JS = """() => {
  const racine = document.querySelector('[data-compendium-outil="verifier"]');
  window.__mesure = new Promise((resoudre) => {
    let debut = null;
    const noter = (e) => { if (debut === null) debut = e.timeStamp; };
    for (const t of ["pointerdown", "mousedown", "input", "change"]) document.addEventListener(t, noter, {capture: true, once: true});
    const total = () => racine.querySelector('[data-role="composer-total"]');
    let vu = false, ancien = false;
    const verifier = () => {
      const t = total();
      if (debut === null || !t || vu) return false;
      // Painted for the new list: the builder's total first says its report is old (the click
      // changed the list), then that it is for the text on screen.
      if (t.dataset.aJour !== "oui") { ancien = true; return false; }
      if (!ancien) return false;
      vu = true;
      // The frame that paints the new report starts at the next animation frame; the one after it
      // starts once that frame's main-thread work (style, layout, paint) is done. A timer or a
      // message queued after the first frame would wait behind the renderer's input-time priority
      // (Chromium runs frames first for a while after an input): it measures the scheduler.
      requestAnimationFrame(() => requestAnimationFrame(() => resoudre(performance.now() - debut)));
      return true;
    };
    const obs = new MutationObserver(() => { if (verifier()) obs.disconnect(); });
    obs.observe(racine, {attributes: true, childList: true, subtree: true});
  });
}"""

CHECK_JS = """async ([jeu, n]) => {
  const racine = document.querySelector('[data-compendium-outil="verifier"]');
  const api = racine.compendiumVerifier;
  const texte = api.zone.value, catalogue = api.catalogue();
  const mesures = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await api.moteur.valider(jeu, texte, catalogue);
    mesures.push(performance.now() - t);
  }
  return mesures;
}"""


def liste_longue(jeu: str, fichier: str) -> str:
    """The example list with its entries repeated up to ENTREES, as JSON text."""
    from browser_engine import lire_liste

    liste = lire_liste((ROOT / "data" / jeu / "listes" / fichier).read_text("utf-8"))
    entrees = liste["entrees"]
    liste["entrees"] = [entrees[i % len(entrees)] for i in range(max(ENTREES, len(entrees)))]
    return json.dumps(liste, ensure_ascii=False, indent=1)


def ouvrir_tout(page: object) -> int:
    """Open the first entry for editing, then every fold and picker of the builder; returns how many."""
    ligne = page.locator('[data-role="entree"][data-index="0"] [data-action="ouvrir"]')
    if ligne.count() and ligne.first.get_attribute("aria-expanded") != "true":
        ligne.first.click()
    return page.evaluate("""() => {
      const s = document.querySelector('[data-role="composer"]');
      let n = 0;
      for (const d of s.querySelectorAll("details")) if (!d.open) { d.open = true; n++; }
      return n + s.querySelectorAll("details[open]").length;
    }""")


def cliquer(page: object, chemin: str) -> None:
    """One real change of the field at `chemin`: the other option of a select, or a box ticked/unticked."""
    select = page.locator(f'select[data-chemin="{chemin}"]')
    if select.count():
        valeurs = select.first.evaluate("(s) => [...s.options].filter((o) => o.value && !o.disabled).map((o) => o.value)")
        actuelle = select.first.input_value()
        autre = next(v for v in valeurs if v != actuelle)
        select.first.select_option(autre)
        return
    # A box of the field: the first one enabled and in view (a refused choice is disabled; another
    # tribe's améliorations are folded away).
    bloc = page.locator(f'[data-champ-chemin="{chemin}"]')
    cases = bloc.locator("input[type=checkbox]:not([disabled]):visible")
    cases.first.click()


def mesurer_jeu(page: object, url: str, jeu: str, n: int) -> dict:
    fichier, chemin, _ = CLICS[jeu]
    page.goto(url + jeu + "/verifier/")
    attendre_moteur(page)
    texte = liste_longue(jeu, fichier)
    page.fill('[data-role="texte"]', texte)
    page.wait_for_function("() => { const t = document.querySelector('[data-role=\"composer-total\"]');"
                           " return t && t.dataset.aJour === 'oui' && document.querySelectorAll("
                           "'[data-role=\"entree\"]').length >= 10; }", timeout=60_000)
    panneaux = ouvrir_tout(page)
    page.wait_for_timeout(1500)
    clics = []
    for _ in range(n):
        page.evaluate(ARMER_JS)
        cliquer(page, chemin)
        clics.append(page.evaluate("() => window.__mesure"))
        page.wait_for_timeout(150)
        ouvrir_tout(page)
    page.wait_for_timeout(500)
    check = page.evaluate(CHECK_JS, [jeu, n])
    return {"jeu": jeu, "chemin": chemin, "entrees": page.locator('[data-role="entree"]').count(),
            "panneaux": panneaux, "clic": clics, "check": check}


def mesurer(site: Path, n: int, largeur: int, jeux: list[str]) -> list[dict]:
    from playwright.sync_api import sync_playwright

    mesures = []
    with servir(site) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        contexte = navigateur.new_context(viewport={"width": largeur, "height": 900}, service_workers="block")
        page = contexte.new_page()
        for jeu in jeux:
            mesures.append(mesurer_jeu(page, url, jeu, n))
        navigateur.close()
    return mesures


def tableau(mesures: list[dict], largeur: int) -> str:
    def ms(valeurs: list[float]) -> str:
        return f"{centile(valeurs, 0.5):.0f} / {centile(valeurs, 0.95):.0f} ms"

    lignes = [f"| Jeu ({largeur} px) | Entrées | Panneaux ouverts | Clic → total et erreurs peints, p50 / p95 | "
              "Une vérification (moteur), p50 / p95 | Rapport des p95 (objectif ≤ 1,5) |",
              "| --- | --- | --- | --- | --- | --- |"]
    for m in mesures:
        rapport = centile(m["clic"], 0.95) / max(centile(m["check"], 0.95), 0.001)
        lignes.append(f"| {m['jeu']} | {m['entrees']} | {m['panneaux']} | {ms(m['clic'])} | {ms(m['check'])} | "
                      f"{rapport:.2f} |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--clics", type=int, default=20, help="clics mesurés par jeu")
    parser.add_argument("--largeur", type=int, default=1280, help="largeur de la fenêtre en pixels")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    parser.add_argument("--jeux", nargs="*", choices=sorted(CLICS), default=list(CLICS), help="jeux mesurés")
    args = parser.parse_args()
    if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        construire(args.site)
    mesures = mesurer(args.site, max(2, args.clics), args.largeur, args.jeux)
    print(tableau(mesures, args.largeur))
    if args.json:
        args.json.write_text(json.dumps(mesures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
