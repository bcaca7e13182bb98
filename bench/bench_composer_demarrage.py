"""The builder usable on a phone, first and second visit (issue 35 §8): list drawn, a tap answered, bytes.

    .venv/bin/python bench/bench_composer_demarrage.py [--site DIR] [--jeux JEU…] [--visites N] [--ralenti 4] [--avant AUTRE_SITE]

For each game, one Chromium profile on disk and two visits of « Composer et vérifier » at 390 × 844,
the page's processor slowed 4× (CDP `Emulation.setCPUThrottlingRate` on the page's session; the
engine's worker cannot be slowed):

* **première visite**: nothing stored; the player arrives by a share link holding the game's
  example list of 10 entries (`#liste=t.…`, as bench_composer_clic.py builds it);
* **seconde visite**: Chromium relaunched on the same profile (HTTP cache, IndexedDB snapshot of
  the engine, the saved list in localStorage), the page opened without a link.

Measured from navigation start (`performance.now()` in the page): « liste affichée », the builder
showing the list's 10 entry lines and a total (not « Lecture de la liste… »); then the bench opens
the first entry and changes the same field as bench_composer_clic.py, and « toucher servi » is the
frame presented on screen (Element Timing) with the new list's total, the engine's report or the
builder's total known ahead (composer-immediat.js), confirmed later by the engine; « utilisable »
is the later of the two, the time the player could read the new total. At the second visit the list
is first the builder's saved picture (composer-apercu.js, drawn before the page's scripts): the tap
on its first line is remembered and tapped again on the builder, so « toucher servi » still waits
for the builder itself. « moteur prêt »: the loading
line says ready. Bytes: bodies the server sent during the visit (a cache hit counts zero).
With `--avant AUTRE_SITE`, each game's pair of visits runs on that site, then on `--site`, in the
same run. These are measurements, never assertions.
"""
from __future__ import annotations

import argparse
import base64
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

from bench.bench_composer_clic import ARMER_JS, CLICS, cible, cliquer, liste_longue, select_de  # noqa: E402
from bench.bench_navigateur import construire  # noqa: E402
from bench.visites import servir_compte  # noqa: E402
from tests.browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LARGEUR, HAUTEUR = 390, 844

# Before the page's scripts: when the list is drawn, and when the engine says it is ready.
OBSERVATEUR_JS = """(() => {
  const etat = window.__demarrage = {liste: null, pret: null};
  const regarder = () => {
    const t = document.querySelector('[data-role="composer-total"]');
    if (etat.liste === null && t && t.dataset.etat !== "lecture" && document.querySelectorAll('[data-role="entree"]').length >= 10) {
      etat.liste = performance.now();
    }
    const c = document.querySelector('[data-role=chargement]');
    if (etat.pret === null && c && c.dataset.pret === 'oui') etat.pret = performance.now();
  };
  new MutationObserver(regarder).observe(document, {subtree: true, attributes: true, childList: true, characterData: true});
})();"""


def lien(jeu: str) -> str:
    """The share link's fragment for the game's 10-entry list (verifier-partage.js, form « t. »)."""
    texte = liste_longue(jeu, CLICS[jeu][0])
    return "#liste=t." + base64.urlsafe_b64encode(texte.encode("utf-8")).decode("ascii").rstrip("=")


def toucher_champ(page: object, chemin: str) -> None:
    """The bench's tap on the field; a box the engine's choices refuse meanwhile (disabled) is
    given up for the next enabled one, as a player would tap another (nothing was dispatched)."""
    if select_de(page, chemin) is not None:
        cliquer(page, chemin)
        return
    from playwright.sync_api import TimeoutError as Delai

    for _ in range(20):
        try:
            cible(page, chemin).click(timeout=3000)
            return
        except Delai:
            continue
    raise RuntimeError("aucune case du champ " + chemin + " ne reste cliquable")


def visite(p: object, profil: Path, url: str, jeu: str, taux: float, premiere: bool) -> dict:
    """One visit in a fresh Chromium on `profil`: list drawn, a tap answered, engine ready (ms)."""
    contexte = p.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        str(profil), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": LARGEUR, "height": HAUTEUR})
    try:
        contexte.add_init_script(OBSERVATEUR_JS)
        page = contexte.pages[0] if contexte.pages else contexte.new_page()
        cdp = contexte.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": taux})
        page.goto(url + jeu + "/verifier/" + (lien(jeu) if premiere else ""))
        page.wait_for_function("() => window.__demarrage.liste !== null", timeout=180_000, polling=20)
        # The player opens the first entry and changes the field the click benchmark changes.
        ligne = page.locator('[data-role="entree"][data-index="0"] [data-action="ouvrir"]')
        if ligne.count() and ligne.first.get_attribute("aria-expanded") != "true":
            ligne.first.click()
        chemin = CLICS[jeu][1]
        page.locator(f'[data-champ-chemin="{chemin}"], select[data-chemin="{chemin}"]').first.wait_for(timeout=60_000)
        # A picker of boxes may be folded (Hate's améliorations): the builder's folds opened, as the player would.
        page.evaluate("() => { for (const d of document.querySelectorAll('[data-role=composer] details')) d.open = true; }")
        page.evaluate(ARMER_JS)
        toucher_champ(page, chemin)
        toucher = page.evaluate("() => window.__mesure")
        page.wait_for_function("() => window.__demarrage.pret !== null", timeout=180_000)
        etat = page.evaluate("() => window.__demarrage")
        mesure = {"liste_ms": etat["liste"], "pret_ms": etat["pret"], "debut_toucher_ms": toucher["debut"],
                  "toucher_ms": toucher["debut"] + toucher["peint"], "servi_par_la_page": toucher["page"],
                  "ecart": toucher["ecart"], "confirme_ms": toucher["debut"] + toucher["confirme"]}
        if premiere:
            # Let the engine store its snapshot and the builder save the list with its report.
            page.wait_for_function(
                "() => { const c = document.querySelector('[data-role=chargement]');"
                " return !c || !('demarrage' in c.dataset) || ['enregistre', 'echec', 'utilise'].includes(c.dataset.instantane); }",
                timeout=180_000)
            page.wait_for_timeout(4000)
        return mesure
    finally:
        contexte.close()


def mesurer(site: Path, jeux: list[str], visites: int, taux: float) -> list[dict]:
    from playwright.sync_api import sync_playwright

    sortie = []
    with servir_compte(site) as (url, compteur), sync_playwright() as p:
        for jeu in jeux:
            for _ in range(visites):
                profil = Path(tempfile.mkdtemp(prefix="compendium-demarrage-"))
                try:
                    compteur.relever()
                    une = visite(p, profil, url, jeu, taux, premiere=True)
                    une["octets"], une["requetes"] = compteur.relever()
                    deux = visite(p, profil, url, jeu, taux, premiere=False)
                    deux["octets"], deux["requetes"] = compteur.relever()
                    sortie.append({"jeu": jeu, "premiere": une, "seconde": deux})
                finally:
                    shutil.rmtree(profil, ignore_errors=True)
    return sortie


def tableau(mesures: list[dict], taux: float) -> str:
    lignes = [f"| Jeu, visite (390 × 844, page ralentie {taux:g}×) | Liste affichée | Toucher servi "
              "(servi par la page ?) | Utilisable (liste et toucher) | Moteur prêt | Octets téléchargés (requêtes) |",
              "| --- | --- | --- | --- | --- | --- |"]
    for jeu in dict.fromkeys(m["jeu"] for m in mesures):
        for cle, nom in (("premiere", "première visite (lien de partage)"), ("seconde", "seconde visite (liste gardée)")):
            vs = [m[cle] for m in mesures if m["jeu"] == jeu]

            def med(k: str, vs: list[dict] = vs) -> float:
                return statistics.median(v[k] for v in vs)

            utilisable = statistics.median(max(v["liste_ms"], v["toucher_ms"]) for v in vs)
            servis = sum(1 for v in vs if v["servi_par_la_page"])
            lignes.append(f"| {jeu}, {nom} | {med('liste_ms') / 1000:.2f} s | {med('toucher_ms') / 1000:.2f} s "
                          f"({servis} / {len(vs)}) | {utilisable / 1000:.2f} s | {med('pret_ms') / 1000:.2f} s | "
                          f"{med('octets') / 1e6:.2f} Mo ({med('requetes'):.0f}) |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--jeux", nargs="*", choices=sorted(CLICS), default=list(CLICS), help="jeux mesurés")
    parser.add_argument("--visites", type=int, default=1, help="paires de visites par jeu")
    parser.add_argument("--ralenti", type=float, default=4, help="ralentissement du processeur de la page")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    parser.add_argument("--avant", type=Path,
                        help="un autre site construit (« avant ») : pour chaque jeu, lui puis --site, dans la même série")
    args = parser.parse_args()
    if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        construire(args.site)
    series: dict[str, list[dict]] = {"avant": [], "apres": []}
    for jeu in args.jeux:  # with --avant, both sites per game, one after the other (a noisy machine)
        for cle, site in (("avant", args.avant), ("apres", args.site)):
            if site is None:
                continue
            try:
                series[cle] += mesurer(site, [jeu], max(1, args.visites), args.ralenti)
            except Exception as erreur:  # one game that fails leaves the others' figures
                print(f"{jeu} ({site}) : mesure impossible ({erreur})", file=sys.stderr)
    for cle, mesures in series.items():
        if mesures:
            if args.avant:
                print(f"\n{'Avant' if cle == 'avant' else 'Après'} ({args.avant if cle == 'avant' else args.site}) :\n")
            print(tableau(mesures, args.ralenti))
    if args.json:
        args.json.write_text(json.dumps(series if args.avant else series["apres"], ensure_ascii=False, indent=2) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
