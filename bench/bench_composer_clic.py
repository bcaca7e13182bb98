"""The builder as a player waits: from a click to the total and the errors painted, every panel open.

    .venv/bin/python bench/bench_composer_clic.py [--site DIR] [--clics N] [--largeur PX] [--hauteur PX]
        [--ralenti N] [--json FICHIER] [--avant AUTRE_SITE]

For each game, the page « Composer et vérifier » gets a list of 10 or more entries (the game's
first example, its entries repeated), every panel of the builder is opened (the entry being edited,
every picker and fold in it), then one field of the first entry is changed N times by real
Playwright clicks, alternating two values. Each click is timed in the page from the input event's
own time stamp (`event.timeStamp`) to the moment the frame that paints the report of the new list
(the total says it is current: `data-a-jour="oui"`) is presented on screen: a mark added beside the
total in the same task is observed with Element Timing (`renderTime`). The JSON keeps the measure
used before, the start of the frame after that one (two animation frames): it also counts the work
the page does after the paint (the text view's detailed report), which the player does not wait for.

Beside it, in the same page and the same run, the engine's round trip for one check of the same
list (`moteur.valider`, what `make bench` used to report). The goal of issue 23:
p95(click → paint) ≤ 1.5 × p95(one check). These are measurements, never assertions.

And a control page (« page témoin »), in the same browser: one checkbox or one select (the same kind
of control as the game's field) and one line of text, nothing else. A change sends the same request
as the builder (`etat`, the two texts the builder's clicks wrote, as JSON, without the builder's
follow-up) and writes the total; it is timed the same way. It is the floor of click → paint on this
machine, browser and engine: what any page pays for a check.

With `--ralenti N` (issue 35 §7, a phone's CPU), the page's processor is slowed N× through CDP
(`Emulation.setCPUThrottlingRate` on the page's session); Chromium cannot slow the engine's
worker, so a phone adds about (N − 1) × its round trip: the table then gives the figure
« p95 clic → peint + (N − 1) × p95 moteur » (goal ≤ 150 ms at N = 4). « Total peint » is the
frame presented on screen that shows the total the player reads for the new list, correct: the
engine's report (`data-a-jour="oui"`), or the builder's total computed in the page at the tap
(`data-a-jour="provisoire"`, composer-immediat.js), which the engine's report then confirms.
Each provisional total is compared with the engine's next one: « écarts » counts those that
differed (the goal is 0); a provisional total that differs is never counted as painted.

With `--avant AUTRE_SITE`, each game is measured on that site, then on `--site`, one after the
other in the same run (a shared machine's load changes between runs): two tables.
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
    const noter = (e) => { if (debut === null) { debut = e.timeStamp; mesure.debut = debut; } };
    for (const t of ["pointerdown", "mousedown", "input", "change"]) document.addEventListener(t, noter, {capture: true, once: true});
    const total = () => racine.querySelector('[data-role="composer-total"]');
    // What the player reads: the total's text and the costs it carries.
    const lu = (t) => [t.textContent, t.dataset.cout || "", t.dataset.coutActivation || ""].join("|");
    let ancien = false, provisoire = null, fini = false;
    const mesure = {peint: null, images: null, provisoire: null, confirme: null, ecart: false, page: false, debut: null};
    const marques = {};
    const finir = () => {
      if (fini || mesure.images === null || mesure.confirme === null) return;
      if (provisoire !== null && mesure.provisoire === null) return;
      fini = true;
      // A provisional total that differs from the engine's is never counted as painted.
      mesure.page = provisoire !== null && !mesure.ecart;
      mesure.peint = mesure.page ? mesure.provisoire : mesure.confirme;
      resoudre(mesure);
    };
    // A mark beside the total, added in the same task as the total: Element Timing gives the time
    // the frame that paints both was presented on screen.
    const marquer = (t, cle) => {
      const nom = "bench-" + cle + "-" + Math.round(debut * 1000);
      const marque = document.createElement("div");
      marque.dataset.benchMarque = "";
      marque.setAttribute("elementtiming", nom);
      marque.textContent = "·";
      marque.style.cssText = "position:fixed;top:0;left:" + (cle === "provisoire" ? 0 : 8) + "px;z-index:9;font-size:8px;line-height:8px;pointer-events:none";
      t.after(marque);
      const obs = new PerformanceObserver((liste) => {
        for (const e of liste.getEntries()) if (e.identifier === nom) { obs.disconnect(); mesure[cle] = e.renderTime - debut; finir(); }
      });
      obs.observe({type: "element", buffered: true});
      setTimeout(() => { if (mesure[cle] === null) { obs.disconnect(); mesure[cle] = NaN; finir(); } }, 5000);
    };
    for (const vieille of document.querySelectorAll("[data-bench-marque]")) vieille.remove();
    const verifier = () => {
      const t = total();
      if (debut === null || !t) return false;
      // Painted for the new list: the builder's total first says its report is old (the click
      // changed the list) or shows the total computed in the page (« provisoire »), then says
      // that the engine's report is for the text on screen.
      const etat = t.dataset.aJour;
      if (etat === "provisoire" && provisoire === null) {
        ancien = true;
        provisoire = lu(t);
        marquer(t, "provisoire");
        return false;
      }
      if (etat !== "oui") { if (etat === "non") ancien = true; return false; }
      if (!ancien) return false;
      if (provisoire !== null) mesure.ecart = lu(t) !== provisoire;
      marquer(t, "confirme");
      // The previous measure: the start of the frame after the one that painted the report.
      requestAnimationFrame(() => requestAnimationFrame(() => { mesure.images = performance.now() - debut; finir(); }));
      return true;
    };
    const obs = new MutationObserver(() => { if (verifier()) obs.disconnect(); });
    obs.observe(racine, {attributes: true, childList: true, subtree: true, characterData: true});
  });
}"""

CHECK_JS = """async ([jeu, n]) => {
  const racine = document.querySelector('[data-compendium-outil="verifier"]');
  const api = racine.compendiumVerifier;
  const texte = api.zone.value, catalogue = api.catalogue();
  const mesures = [], python = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const rapport = await api.moteur.valider(jeu, texte, catalogue);
    if (!rapport || typeof rapport !== "object" || !rapport.liste) throw new Error("pas de rapport");
    mesures.push(performance.now() - t);
    python.push(api.moteur.derniereDuree);  // the time spent in the worker's Python
  }
  return {mesures, python};
}"""


# The control page: the same engine request per click as the builder, and one line to paint.
PAGE_TEMOIN = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>Témoin</title>
<div data-compendium-outil="verifier"><label><input type="checkbox" id="case"> changer</label>
<select id="choix"><option value="0">premier</option><option value="1">second</option></select>
<p data-role="composer-total" data-a-jour="oui">Total</p></div>
<script src="/assets/javascripts/compendium/moteur.js"></script>
<script>
window.moteur = Compendium.moteur(Compendium.racine("/"));
window.armer = (jeu, textes) => {
  const total = document.querySelector('[data-role="composer-total"]');
  const changer = async (rang) => {
    total.dataset.aJour = "non";
    const rapport = await moteur.verifierListe(jeu, textes[rang], null, null, null);
    total.textContent = "Total : " + rapport.cout + " — " + (rapport.erreurs || []).length + " erreur(s)";
    total.dataset.aJour = "oui";
  };
  document.getElementById("case").addEventListener("change", (e) => changer(e.target.checked ? 1 : 0));
  document.getElementById("choix").addEventListener("change", (e) => changer(Number(e.target.value)));
  return moteur.preparer(jeu);
};
</script></html>"""


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


def select_de(page: object, chemin: str) -> object | None:
    """The field's select, or None when the field is a group of boxes."""
    select = page.locator(f'select[data-chemin="{chemin}"]')
    return select.first if select.count() else None


def cible(page: object, chemin: str) -> object:
    """The control a click changes: the field's select, or its first box enabled and in view."""
    # A refused choice is disabled; another tribe's améliorations are folded away.
    return select_de(page, chemin) or page.locator(f'[data-champ-chemin="{chemin}"]').locator(
        "input[type=checkbox]:not([disabled]):visible").first


def viser(page: object, chemin: str) -> None:
    """Scroll the control into view and let the page settle, as a player's eyes find it before the click.

    Playwright scrolls to the control itself when it is out of view, just before pressing: the page's
    scroll handlers (Material's header, « Retour en haut ») would then run inside the measured click.
    """
    cible(page, chemin).scroll_into_view_if_needed()
    page.wait_for_timeout(150)


def cliquer(page: object, chemin: str) -> None:
    """One real change of the field at `chemin`: the other option of a select, or a box ticked/unticked."""
    select = select_de(page, chemin)
    if select is None:
        cible(page, chemin).click()
        return
    valeurs = select.evaluate("(s) => [...s.options].filter((o) => o.value && !o.disabled).map((o) => o.value)")
    actuelle = select.input_value()
    select.select_option(next(v for v in valeurs if v != actuelle))


def ralentir(cdp: object | None, taux: float) -> None:
    """Slow the page's processor `taux` times (CDP), when a session is given."""
    if cdp is not None:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": taux})


def mesurer_jeu(page: object, url: str, jeu: str, n: int, cdp: object | None = None, taux: float = 1) -> dict:
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
    ralentir(cdp, taux)
    clics = []
    for _ in range(n):
        viser(page, chemin)
        page.evaluate(ARMER_JS)
        cliquer(page, chemin)
        clics.append(page.evaluate("() => window.__mesure"))
        page.wait_for_timeout(150)
        ouvrir_tout(page)
    page.wait_for_timeout(500)
    # The engine's round trip with the page slowed as for the clicks (its worker is not).
    check = page.evaluate(CHECK_JS, [jeu, n])
    ralentir(cdp, 1)
    textes = [page.input_value('[data-role="texte"]')]
    cliquer(page, chemin)
    page.wait_for_function("(t) => document.querySelector('[data-role=\"texte\"]').value !== t", arg=textes[0])
    textes.append(page.input_value('[data-role="texte"]'))
    # The builder sends its list as JSON (read faster than YAML): so does the control page.
    from browser_engine import lire_liste

    textes = [json.dumps(lire_liste(t), ensure_ascii=False) for t in textes]
    entrees = page.locator('[data-role="entree"]').count()
    temoin = mesurer_temoin(page, url, jeu, textes, n, select_de(page, chemin) is not None, cdp, taux)
    return {"jeu": jeu, "chemin": chemin, "entrees": entrees, "panneaux": panneaux, "ralenti": taux,
            "clic": [c["peint"] for c in clics], "clic_images": [c["images"] for c in clics], "check": check["mesures"],
            "check_python": check["python"],
            "clic_page": [c["page"] for c in clics], "clic_ecarts": [c["ecart"] for c in clics],
            "clic_confirme": [c["confirme"] for c in clics],
            "temoin": [c["peint"] for c in temoin], "temoin_images": [c["images"] for c in temoin]}


def mesurer_temoin(page: object, url: str, jeu: str, textes: list[str], n: int, select: bool,
                   cdp: object | None = None, taux: float = 1) -> list[dict]:
    """Click → paint on the control page, for the same two texts of the same list, changed by the
    same kind of control as the builder's field (a select, or a box clicked with the mouse)."""
    page.goto(url + "__bench/temoin.html")
    page.evaluate("([jeu, textes]) => armer(jeu, textes)", [jeu, textes])
    controle = page.locator("#choix" if select else "#case")
    etat = {"rang": 0}

    def changer() -> None:
        etat["rang"] = 1 - etat["rang"]
        if select:
            controle.select_option(str(etat["rang"]))
        else:
            controle.click()

    changer()  # the first check warms the engine up, as the builder's list had
    page.wait_for_function("() => document.querySelector('[data-role=\"composer-total\"]').dataset.aJour === 'oui'")
    ralentir(cdp, taux)
    mesures = []
    for _ in range(n):
        controle.scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        page.evaluate(ARMER_JS)
        changer()
        mesures.append(page.evaluate("() => window.__mesure"))
    ralentir(cdp, 1)
    return mesures


def mesurer(site: Path, n: int, largeur: int, jeux: list[str], hauteur: int = 900, taux: float = 1) -> list[dict]:
    from playwright.sync_api import sync_playwright

    mesures = []
    pages = {"/__bench/temoin.html": ("text/html; charset=utf-8", PAGE_TEMOIN.encode())}
    with servir(site, pages) as url, sync_playwright() as p:
        navigateur = lancer_chromium(p)
        contexte = navigateur.new_context(viewport={"width": largeur, "height": hauteur}, service_workers="block")
        page = contexte.new_page()
        # The page's processor only: Chromium does not slow its workers (the engine).
        cdp = contexte.new_cdp_session(page) if taux != 1 else None
        for jeu in jeux:
            mesures.append(mesurer_jeu(page, url, jeu, n, cdp, taux))
        navigateur.close()
    return mesures


def tableau_ralenti(mesures: list[dict], largeur: int, hauteur: int, taux: float) -> str:
    """Issue 35 §7: tap → total painted on a phone's CPU, with the engine counted (taux − 1) more times."""
    def propres(valeurs: list[float]) -> list[float]:
        return [v for v in valeurs if v == v]

    def ms(x: float) -> str:
        return f"{x:.0f} ms"

    k = taux - 1
    lignes = [f"| Jeu ({largeur} × {hauteur}, page ralentie {taux:g}×) | Clic → total peint, p50 / p95 | "
              f"Moteur (un aller-retour), p50 / p95 | dont Python (worker), p95 | p95 clic→peint + {k:g} × p95 moteur | "
              f"p95 par toucher (moteur compté {k:g} × de plus quand le total l'attend) | "
              "Totaux servis par la page | Écarts page / moteur | Total confirmé par le moteur, p50 / p95 |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for m in mesures:
        python = [x for x in m.get("check_python", []) if isinstance(x, (int, float))]
        clic, check = propres(m["clic"]), propres(m["check"])
        p95_moteur = centile(check, 0.95)
        par_toucher = [c + (0 if page else k * p95_moteur) for c, page in zip(m["clic"], m["clic_page"], strict=True) if c == c]
        servis = sum(1 for x in m["clic_page"] if x)
        ecarts = sum(1 for x in m["clic_ecarts"] if x)
        confirme = propres(m["clic_confirme"])
        manque = f" ({len(m['clic']) - len(clic)} sans mesure)" if len(clic) < len(m["clic"]) else ""
        lignes.append(f"| {m['jeu']} | {ms(centile(clic, 0.5))} / {ms(centile(clic, 0.95))}{manque} | "
                      f"{ms(centile(check, 0.5))} / {ms(p95_moteur)} | {ms(centile(python, 0.95)) if python else '—'} | "
                      f"{ms(centile(clic, 0.95) + k * p95_moteur)} | "
                      f"{ms(centile(par_toucher, 0.95))} | {servis} / {len(m['clic'])} | {ecarts} | "
                      f"{ms(centile(confirme, 0.5))} / {ms(centile(confirme, 0.95))} |")
    return "\n".join(lignes)


def tableau(mesures: list[dict], largeur: int) -> str:
    def propres(valeurs: list[float]) -> list[float]:
        return [v for v in valeurs if v == v]  # a mark never painted (NaN) is left out, and said

    def ms(valeurs: list[float]) -> str:
        bonnes = propres(valeurs)
        manque = f" ({len(valeurs) - len(bonnes)} sans mesure)" if len(bonnes) < len(valeurs) else ""
        return f"{centile(bonnes, 0.5):.0f} / {centile(bonnes, 0.95):.0f} ms{manque}"

    def rapport(a: list[float], b: list[float]) -> str:
        return f"{centile(propres(a), 0.95) / max(centile(propres(b), 0.95), 0.001):.2f}".replace(".", ",")

    lignes = [f"| Jeu ({largeur} px) | Entrées | Panneaux ouverts | Clic → total et erreurs à l'écran, p50 / p95 | "
              "Une vérification (moteur), p50 / p95 | Rapport des p95 (objectif ≤ 1,5) | "
              "Page témoin : clic → à l'écran, p50 / p95 | Compositeur ÷ témoin (p95) | "
              "Compositeur, deux images (mesure d'avant), p50 / p95 |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for m in mesures:
        lignes.append(f"| {m['jeu']} | {m['entrees']} | {m['panneaux']} | {ms(m['clic'])} | {ms(m['check'])} | "
                      f"{rapport(m['clic'], m['check'])} | {ms(m['temoin'])} | {rapport(m['clic'], m['temoin'])} | "
                      f"{ms(m['clic_images'])} |")
    return "\n".join(lignes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="site construit (construit s'il manque)")
    parser.add_argument("--clics", type=int, default=20, help="clics mesurés par jeu")
    parser.add_argument("--largeur", type=int, default=1280, help="largeur de la fenêtre en pixels")
    parser.add_argument("--hauteur", type=int, default=900, help="hauteur de la fenêtre en pixels")
    parser.add_argument("--ralenti", type=float, default=1,
                        help="ralentir le processeur de la page N fois (CDP), comme un téléphone (ex. 4)")
    parser.add_argument("--json", type=Path, help="écrire aussi les mesures brutes dans ce fichier")
    parser.add_argument("--jeux", nargs="*", choices=sorted(CLICS), default=list(CLICS), help="jeux mesurés")
    parser.add_argument("--avant", type=Path,
                        help="un autre site construit (« avant ») : pour chaque jeu, lui puis --site, dans la même série")
    args = parser.parse_args()
    if not (args.site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        construire(args.site)
    n = max(2, args.clics)
    series = {"avant": [], "apres": []}
    for jeu in args.jeux:  # with --avant, both sites per game, one after the other (a noisy machine)
        if args.avant:
            series["avant"] += mesurer(args.avant, n, args.largeur, [jeu], args.hauteur, args.ralenti)
        series["apres"] += mesurer(args.site, n, args.largeur, [jeu], args.hauteur, args.ralenti)
    for cle, mesures in series.items():
        if not mesures:
            continue
        if args.avant:
            print(f"\n{cle.replace('apres', 'après').capitalize()} ({args.avant if cle == 'avant' else args.site}) :\n")
        if args.ralenti != 1:
            print(tableau_ralenti(mesures, args.largeur, args.hauteur, args.ralenti))
        else:
            print(tableau(mesures, args.largeur))
    if args.json:
        brut = series if args.avant else series["apres"]
        args.json.write_text(json.dumps(brut, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
