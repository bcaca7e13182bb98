"""Play mode as a player waits: a tap on a counter → the new value painted, on a phone profile.

    .venv/bin/python bench/bench_jouer_clic.py [--site DIR] [--taps N] [--json FICHIER]

For each game, the page « Jouer » at 390 × 844 with the page's CPU slowed 4× (CDP
`Emulation.setCPUThrottlingRate`) starts the game's first example, then a counter of the first
sheet that has one is tapped N times by real Playwright clicks, alternating − and +. Each tap is
timed in the page from the pointer event's own time stamp (`event.timeStamp`) to the start of the
second animation frame after the new value is in the page (the frame that shows it has been
presented). The same is measured again after 1,000 more log lines (written as the page stores
them, then the page reloaded): a tap must cost the same after hours of play. No engine call is
made by a tap, so nothing here runs in the (unthrottled) worker. Measurements, never assertions.
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

JEUX = ["bataille-d6", "hami", "hate", "kharn-ages", "tamashii"]
THROTTLE = 4
LIGNES = 1000

ARMER_JS = """(selecteur) => {
  window.__mesure = new Promise((resoudre) => {
    let debut = null;
    document.addEventListener("pointerdown", (e) => { debut = e.timeStamp; }, {capture: true, once: true});
    const avant = document.querySelector(selecteur).textContent;
    const observateur = new MutationObserver(() => {
      const v = document.querySelector(selecteur);
      if (!v || v.textContent === avant || debut === null) return;
      observateur.disconnect();
      requestAnimationFrame(() => requestAnimationFrame((t) => resoudre(t - debut)));
    });
    observateur.observe(document.querySelector('[data-compendium-outil="jouer"]'), {subtree: true, childList: true, characterData: true});
  });
}"""

JOURNAL_JS = """([jeu, n]) => {
  const cle = 'compendium.jouer.' + jeu;
  const etat = JSON.parse(localStorage.getItem(cle));
  const lignes = Compendium.jouerStockage.journal(jeu);
  for (let i = 0; i < n; i += 1) lignes.push({t: new Date().toISOString(), tour: 1, texte: 'Ligne de mesure ' + i});
  const bloc = Compendium.jouerStockage.BLOC;
  for (let k = 0; k * bloc < lignes.length; k += 1) {
    localStorage.setItem(cle + '.journal.' + k, JSON.stringify(lignes.slice(k * bloc, (k + 1) * bloc)));
  }
  etat.journal = {debut: 0, n: lignes.length};
  localStorage.setItem(cle, JSON.stringify(etat));
}"""


def _compteur(page: object) -> tuple[str, str]:
    """The first counter whose − or + can be tapped: (selector of its value, selector of its row)."""
    return page.evaluate("""() => {
      for (const ligne of document.querySelectorAll('[data-role=fiches] [data-compteur]')) {
        const boutons = ligne.querySelectorAll('.cpj-pas:not([disabled])');
        if (!boutons.length) continue;
        const fiche = ligne.closest('[data-fiche]').dataset.fiche;
        const base = `[data-fiche="${fiche}"] [data-compteur="${ligne.dataset.compteur}"]`;
        return [base + ' .cpj-valeur', base];
      }
      return null;
    }""")


def _taps(page: object, n: int) -> list[float]:
    valeur, ligne = _compteur(page)
    mesures = []
    for i in range(n):
        boutons = page.locator(f"{ligne} .cpj-pas:not([disabled])")
        bouton = boutons.nth(i % boutons.count())
        page.evaluate(ARMER_JS, valeur)
        bouton.click()
        mesures.append(page.evaluate("() => window.__mesure"))
        page.wait_for_timeout(100)
    return mesures


def mesurer(site: Path, n: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    resultats = []
    with servir(site) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        for jeu in JEUX:
            contexte = navigateur.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
            page = contexte.new_page()
            page.goto(url + f"{jeu}/jouer/")
            attendre_moteur(page)
            page.get_by_role("button", name="Jouer cet exemple").click()
            page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
            cdp = contexte.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            page.wait_for_timeout(500)
            debut = _taps(page, n)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            page.evaluate(JOURNAL_JS, [jeu, LIGNES])
            page.reload()
            page.wait_for_selector("[data-role=partie]:not([hidden]) .cpj-fiche", timeout=60_000)
            cdp = contexte.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            page.wait_for_timeout(500)
            lignes = len(page.evaluate(f"() => Compendium.jouerStockage.journal('{jeu}')"))
            apres = _taps(page, n)
            resultats.append({"jeu": jeu, "debut": debut, "apres": apres, "lignes": lignes})
            contexte.close()
        navigateur.close()
    return resultats


def tableau(resultats: list[dict]) -> str:
    lignes = ["| jeu | début de partie : p50 / p95 | après 1 000 lignes de journal : p50 / p95 | lignes du journal |",
              "|---|---|---|---|"]
    for r in resultats:
        a, b = r["debut"], r["apres"]
        lignes.append(f"| {r['jeu']} | {centile(a, 0.5):.0f} / {centile(a, 0.95):.0f} ms | "
                      f"{centile(b, 0.5):.0f} / {centile(b, 0.95):.0f} ms | {r['lignes']} |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description="« Jouer » : d'un toucher sur un compteur à la valeur affichée, "
                                     "390 × 844, processeur de la page ralenti 4×.")
    parser.add_argument("--site", type=Path, help="site déjà construit (sinon construit dans un dossier temporaire)")
    parser.add_argument("--taps", type=int, default=20, help="touchers par mesure (20 par défaut)")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    args = parser.parse_args()
    site = args.site
    if site is None:
        import tempfile

        site = Path(tempfile.mkdtemp()) / "site"
        construire(site)
    resultats = mesurer(site, args.taps)
    print(f"### « Jouer » : toucher → valeur affichée (390 × 844, processeur ralenti {THROTTLE}×, {args.taps} touchers)\n")
    print(tableau(resultats))
    if args.json:
        args.json.write_text(json.dumps(resultats, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
