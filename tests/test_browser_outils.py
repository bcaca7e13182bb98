"""End-to-end tests of the two tool pages in headless Chromium (Playwright, sync API).

The built site is served on 127.0.0.1; the engine runs in real Pyodide inside
the page's Web Worker. Every test also checks that no request leaves
127.0.0.1, that no dialog opens and that the page raises no JavaScript error.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import Onglet, attendre_moteur, calculer, surveiller_reseau
from tests.engine_support import load_bundle
from tests.textes_joueur_support import message_joueur

ROOT = Path(__file__).resolve().parent.parent
JEU = "bataille-d6"
ETAT = "[data-role=etat]"
PANNEAU = "[data-role=panneau-erreur]"
FRANCAIS = re.compile(r"[éèêàçù]|\b(liste|fichier|entrée|texte|ligne|valeur|trop|n'est|ne peut)\b", re.I)



@pytest.fixture(scope="module")
def verifieur(navigateur: object, site_url: str) -> Iterator[Onglet]:
    """One « Vérifier une liste » page shared by the hostile-input tests (Pyodide loads once)."""
    o = Onglet(navigateur)
    ouvrir(o.page, site_url + f"{JEU}/verifier/")
    yield o
    o.contexte.close()


@pytest.fixture
def hostile(verifieur: Onglet) -> Iterator[object]:
    """The shared page, emptied; after the test, nothing may have leaked, opened or thrown."""
    saisir(verifieur.page, "")
    attendre_etat(verifieur.page, "vide")
    yield verifieur.page
    verifieur.verifier_propre()


def ouvrir(page: object, url: str) -> None:
    page.goto(url)
    attendre_moteur(page)


def saisir(page: object, texte: str) -> None:
    """Replace the textarea's content as typing would (one input event)."""
    page.eval_on_selector(
        "#cpd-liste", "(z, t) => { z.value = t; z.dispatchEvent(new Event('input', {bubbles: true})); }", texte)


def etat(page: object) -> str:
    return page.get_attribute("[data-compendium-outil=verifier]", "data-etat") or ""


def attendre_etat(page: object, attendu: str, timeout: int = 10_000) -> None:
    page.wait_for_function(
        "(e) => document.querySelector('[data-compendium-outil=verifier]').dataset.etat === e", arg=attendu,
        timeout=timeout)


def exemples(page: object) -> dict[str, str]:
    """Example picker: file name -> option value (URL)."""
    valeurs = page.eval_on_selector_all("#cpd-exemple option", "os => os.map(o => o.value).filter(Boolean)")
    return {v.rsplit("/", 1)[-1]: v for v in valeurs}


def cli_json(*args: str) -> dict:
    run = subprocess.run([sys.executable, "-m", "browser_engine", *args, "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


# --- Vérifier une liste ---------------------------------------------------------------------


EXEMPLE_INVALIDE = "04-trop-de-heros.yaml"  # two Héros at 300 points; its comment: raise the format to 500


def test_exemple_invalide_puis_corrige(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    disponibles = exemples(page)
    assert EXEMPLE_INVALIDE in disponibles, sorted(disponibles)
    page.select_option("#cpd-exemple", disponibles[EXEMPLE_INVALIDE])
    attendre_etat(page, "invalide")
    texte = page.input_value("#cpd-liste")
    assert texte == (ROOT / "data" / JEU / "listes" / EXEMPLE_INVALIDE).read_text("utf-8")
    assert "Liste invalide" in page.inner_text(ETAT)
    messages = page.locator("[data-role=erreurs] .cpd-violation-message").all_inner_texts()
    assert messages and all(FRANCAIS.search(m) for m in messages), messages
    # Each error links to the rule it enforces, inside the site, and the target exists.
    liens = page.eval_on_selector_all("[data-role=erreurs] a", "as => as.map(a => a.href)")
    assert liens and all(lien.startswith(site_url) for lien in liens), liens
    # The CLI reports the same errors.
    cli = cli_json("valider", str(ROOT / "data" / JEU / "listes" / EXEMPLE_INVALIDE))
    codes_page = page.eval_on_selector_all("[data-role=erreurs] li", "ls => ls.map(l => l.dataset.code)")
    assert codes_page == [e["code"] for e in cli["erreurs"]] == ["D6_HEROS_MAX"]
    # In the player's words (labels and names), as the builder writes them; the CLI keeps the YAML's.
    assert messages == [message_joueur(e, load_bundle(JEU)) for e in cli["erreurs"]]
    # Per-entry costs and the total against the format.
    assert page.locator("table[data-role=couts] tbody tr").count() == len(cli["details"]["entrees"])
    assert f"{cli['cout']} / {cli['budget']} points" in page.inner_text("[data-role=total]")

    # Fix it by editing the text, as the example's comment suggests: a 500-point format allows two Héros.
    assert "format: 300\n" in texte
    page.click("#cpd-liste")
    saisir(page, texte.replace("format: 300\n", "format: 500\n"))
    attendre_etat(page, "valide")
    assert "Liste valide" in page.inner_text(ETAT)
    assert page.locator("[data-role=erreurs]").count() == 0
    assert "/ 500 points" in page.inner_text("[data-role=total]")


def test_partager_puis_rouvrir(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    valides = sorted(n for n in exemples(page) if "invalide" not in n)
    assert valides, "aucun exemple valide"
    page.select_option("#cpd-exemple", exemples(page)[valides[0]])
    attendre_etat(page, "valide")
    texte = page.input_value("#cpd-liste") + "\n# Commentaire accentué : « é à ç » ✓\n"
    saisir(page, texte)
    attendre_etat(page, "valide")
    page.get_by_role("button", name="Partager").click()
    page.wait_for_selector("[data-role=partage]:not([hidden])")
    lien = page.input_value("#cpd-lien")
    assert lien.startswith(site_url + f"{JEU}/verifier/#liste=")

    autre = onglet.nouvelle_page()
    ouvrir(autre, lien)
    autre.wait_for_function("(t) => document.querySelector('#cpd-liste').value === t", arg=texte, timeout=10_000)
    attendre_etat(autre, "valide")
    assert "Liste valide" in autre.inner_text(ETAT)
    # Once the list is edited, the address no longer carries the old one.
    saisir(autre, texte + "# modifiée\n")
    autre.wait_for_function("() => !location.hash.startsWith('#liste=')", timeout=5_000)


def test_hors_ligne_une_fois_charge(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    onglet.contexte.set_offline(True)
    try:
        page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])  # embedded in the page
        attendre_etat(page, "invalide")
        saisir(page, page.input_value("#cpd-liste").replace("format: 300\n", "format: 500\n"))
        attendre_etat(page, "valide")
    finally:
        onglet.contexte.set_offline(False)


def test_lien_abime(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/#liste=z.@@pas-du-base64@@")
    page.wait_for_selector(PANNEAU, timeout=5_000)
    assert "lien de partage" in page.inner_text(PANNEAU).lower()


def test_exporter_json_en_yaml(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    valides = sorted(n for n in exemples(page) if "invalide" not in n)
    page.select_option("#cpd-exemple", exemples(page)[valides[0]])
    attendre_etat(page, "valide")
    cout = page.inner_text("[data-role=total]")
    from browser_engine import lire_liste

    liste = lire_liste(page.input_value("#cpd-liste"))
    saisir(page, json.dumps(liste, ensure_ascii=False))
    attendre_etat(page, "valide")
    with page.expect_download() as attente:
        page.get_by_role("button", name="Exporter en YAML").click()
    telechargement = attente.value
    assert telechargement.suggested_filename.endswith(".yaml")
    yaml_texte = Path(telechargement.path()).read_text("utf-8")
    assert not yaml_texte.lstrip().startswith("{")
    assert lire_liste(yaml_texte) == liste  # the converted YAML reads back to the same list
    saisir(page, yaml_texte)
    attendre_etat(page, "valide")
    assert page.inner_text("[data-role=total]") == cout


def test_moteur_bloque_puis_redemarre(onglet: Onglet, site_url: str) -> None:
    """A request that outlives its deadline stops the worker with a French message; the next one restarts it."""
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    # The worker is made to hang for real: this one request never reaches it, so no answer can
    # race the deadline (a deadline of 0 on a live worker lost that race on a busy machine).
    message = page.evaluate("""async () => {
        const m = Compendium.moteur(Compendium.racine('../../'));
        while (m.attente.size) await new Promise((r) => setTimeout(r, 20));
        const w = m.worker, envoi = w.postMessage.bind(w);
        w.postMessage = (msg) => { if (msg.texte !== 'jeu: bataille-d6 # perdu') envoi(msg); };
        try { await m._envoyer({type: 'valider', jeu: 'bataille-d6', texte: 'jeu: bataille-d6 # perdu'}, 300); return null; }
        catch (e) { return e.message; } }""")
    assert message and "n'a pas répondu" in message
    page.wait_for_selector(".cpd-chargement--erreur", timeout=5_000)
    saisir(page, (ROOT / "data" / JEU / "listes" / EXEMPLE_INVALIDE).read_text("utf-8"))
    attendre_etat(page, "invalide", timeout=60_000)  # a fresh worker loaded Pyodide again
    assert page.locator(".cpd-chargement--erreur").count() == 0


def test_progression_en_octets(onglet: Onglet, site_url: str, site_dir: Path) -> None:
    """While Pyodide and the wheels download, the loading line counts the bytes (not a frozen « étape 1/4 »)."""
    page = onglet.page
    page.add_init_script("""
        window.__chargement = [];
        new MutationObserver((ms) => { for (const m of ms) {
            const cible = m.target.nodeType === 1 ? m.target : m.target.parentElement;
            if (cible && cible.closest('[data-role=chargement]')) window.__chargement.push(cible.textContent);
        } }).observe(document, {subtree: true, childList: true, characterData: true});""")
    ouvrir(page, site_url + f"{JEU}/verifier/")
    textes = page.evaluate("() => window.__chargement")
    motif = re.compile(r"étape 1/4 : .*— ([\d\u202f ]+(?:,\d)?)\u00a0(Ko|Mo) reçus sur ([\d\u202f ]+(?:,\d)?)\u00a0(Ko|Mo)")

    def mo(nombre: str, unite: str) -> float:
        valeur = float(re.sub(r"[\u202f ]", "", nombre).replace(",", "."))
        return valeur if unite == "Mo" else valeur / 1024

    mesures = [(mo(m[1], m[2]), mo(m[3], m[4])) for m in map(motif.search, textes) if m]
    assert mesures, textes
    assert all(recus <= total + 0.05 for recus, total in mesures), mesures
    assert len({recus for recus, _ in mesures}) >= 2, mesures  # it moves
    wasm = (site_dir / "assets" / "pyodide" / "pyodide.asm.wasm").stat().st_size / 1_048_576
    assert max(total for _, total in mesures) >= wasm - 0.05, (mesures, wasm)
    assert page.locator("[data-role=chargement]").get_attribute("data-pret") == "oui"


# --- Hostile input ----------------------------------------------------------------------------

ALIAS_BOMBE = "a: &a [rire, rire, rire, rire, rire, rire, rire, rire, rire]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))

HOSTILES = {
    "yaml_malforme": "jeu: bataille-d6\nnom: [pas fermé\nentrees:\n  - nom: x\n   melee: 3\n",
    "json_pas_objet": '["jeu", "bataille-d6", 42]',
    "cinq_mo": "jeu: bataille-d6\nnom: gros\n# " + "x" * (5 * 1024 * 1024) + "\n",
    "alias_bombe": ALIAS_BOMBE,
    "imbrication": "jeu: bataille-d6\nnom: profond\nentrees:\n  - nom: " + "[" * 20000 + "]" * 20000 + "\n",
    "imbrication_json": '{"jeu": "bataille-d6", "entrees": ' + "[" * 50000 + "]" * 50000 + "}",
}


def _dix_mille_entrees() -> str:
    lignes = ["jeu: bataille-d6", "nom: Horde", "format: 250", "entrees:"]
    for i in range(10_000):
        lignes += [f"  - nom: Gobelin {i}", "    mouvement: 6", "    melee: 1", "    tir: 0", "    armure: 0"]
    return "\n".join(lignes) + "\n"


def _attendre_erreur_francaise(page: object, accepter_invalide: bool = False) -> str:
    """A French error: the error panel, or (when allowed) an invalid-list report.

    The wait is generous: these tests prove the answer comes and reads well, not how fast it is on a
    shared, loaded machine (a 5 Mo text takes seconds just to be set into the page).
    """
    selecteur = PANNEAU + (", [data-role=erreurs] .cpd-violation-message" if accepter_invalide else "")
    page.wait_for_selector(selecteur, timeout=20_000)
    texte = page.inner_text(selecteur.split(",")[0]) if page.locator(PANNEAU).count() else page.locator(
        "[data-role=erreurs] .cpd-violation-message").first.inner_text()
    assert FRANCAIS.search(texte), texte
    assert "Traceback" not in texte and "Error" not in texte, texte
    return texte


@pytest.mark.parametrize("cas", sorted(HOSTILES))
def test_entree_hostile(hostile: object, cas: str) -> None:
    page = hostile
    saisir(page, HOSTILES[cas])
    _attendre_erreur_francaise(page)
    assert etat(page) == "illisible"
    # The page still works afterwards.
    saisir(page, "jeu: bataille-d6\nnom: ok\nformat: 250\nentrees: []\n")
    page.wait_for_function("() => !document.querySelector('[data-role=panneau-erreur]')", timeout=5_000)


def test_dix_mille_entrees(hostile: object) -> None:
    page = hostile
    saisir(page, _dix_mille_entrees())
    _attendre_erreur_francaise(page, accepter_invalide=True)


def test_octets_non_utf8(hostile: object) -> None:
    page = hostile
    page.set_input_files("#cpd-fichier", files=[{
        "name": "liste-latin1.yaml", "mimeType": "text/yaml",
        "buffer": "jeu: bataille-d6\nnom: Forêt de l'Été\nformat: 250\nentrees: []\n".encode("latin-1")}])
    texte = _attendre_erreur_francaise(page)
    assert "UTF-8" in texte or "utf-8" in texte.lower()


def test_html_dans_les_noms(hostile: object, verifieur: Onglet) -> None:
    page = hostile
    avant = page.evaluate("() => [document.scripts.length, document.images.length]")
    piege = '<img src=x onerror="alert(1)">'
    liste = (
        "jeu: bataille-d6\n"
        'nom: "<script>alert(\'liste\')</script>"\n'
        "format: 250\n"
        "entrees:\n"
        f"  - nom: '{piege}'\n"
        "    mouvement: 6\n    melee: 3\n    tir: 0\n    armure: 1\n"
        '  - nom: "<script>alert(2)</script><b>gras</b>"\n'
        "    role: heros\n    mouvement: 6\n    melee: 0\n    tir: 0\n    armure: 1\n    couleur: rouge\n"
    )
    saisir(page, liste)
    page.wait_for_selector("[data-role=erreurs] li", timeout=5_000)
    page.wait_for_timeout(300)  # let any injected handler fire, if one ever were
    apres = page.evaluate("() => [document.scripts.length, document.images.length]")
    assert apres == avant
    outil = "[data-compendium-outil=verifier]"
    # The builder's own picture script (composer-apercu.js) sits in the tool on purpose; nothing else may.
    injecte = f"{outil} img, {outil} script:not([src$='/composer-apercu.js']), {outil} b"
    assert page.locator(injecte).count() == 0
    # The names are shown, as text.
    assert piege in page.inner_text(outil)
    assert verifieur.dialogues == []


# --- Probabilités ----------------------------------------------------------------------------


def test_attaque_meme_fraction_que_la_cli(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/probas/")
    formulaire = page.locator("form[data-compendium-calcul=attaque]")
    valeurs = {"valeur": "3", "armure": "2", "malus_armure": "1", "couverts": "1", "attaques": "5"}
    for nom, valeur in valeurs.items():
        formulaire.locator(f"[data-parametre={nom}]").fill(valeur)
    relance = formulaire.locator("[data-parametre=relance_sauvegarde]")
    if relance.count() and relance.is_checked():
        relance.uncheck()
    calculer(formulaire)
    tableau = formulaire.locator("[data-role=distribution]")

    attendu = cli_json("probas", JEU, "attaque", "--valeur", "3", "--armure", "2", "--malus-armure", "1",
                       "--couverts", "1", "--attaques", "5")
    lignes = tableau.locator("tbody tr").all()
    vues = [(ligne.locator("th").inner_text(), ligne.locator(".cpd-fraction").inner_text()) for ligne in lignes]
    assert vues == [(str(d["valeur"]), d["fraction"]) for d in attendu["distribution"]]
    assert formulaire.locator("[data-role=esperance-fraction]").inner_text() == attendu["esperance"]["fraction"]
    assert formulaire.locator("svg.cpd-graphique rect.cpd-barre").count() == len(attendu["distribution"])


def test_parametre_hors_plage(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/probas/")
    formulaire = page.locator("form[data-compendium-calcul=attaque]")
    formulaire.locator("[data-parametre=attaques]").fill("99")
    calculer(formulaire)
    panneau = formulaire.locator(".cpd-panneau-erreur")
    texte = panneau.inner_text()
    assert "attaques" in texte and "30" in texte, texte


def test_formulaires_generes_depuis_la_declaration(onglet: Onglet, site_url: str) -> None:
    from generator.plugin import game_bundle

    calculs = game_bundle(ROOT / "data", JEU).get("calculs", [])
    assert calculs
    page = onglet.page
    page.goto(site_url + f"{JEU}/probas/")
    for calcul in calculs:
        formulaire = page.locator(f"form[data-compendium-calcul={calcul.get('calcul', calcul['id'])}]")
        assert formulaire.count() == 1
        ids = formulaire.locator("[data-parametre]").evaluate_all("es => es.map(e => e.dataset.parametre)")
        assert ids == [p["id"] for p in calcul["parametres"]]
        for p in calcul["parametres"]:
            champ = formulaire.locator(f"[data-parametre={p['id']}]")
            label = page.locator(f"label[for='{champ.get_attribute('id')}']")
            assert label.count() == 1 and p["nom"] in label.inner_text()
            if p["type"] == "entier":
                assert champ.get_attribute("min") == str(p["min"]) and champ.get_attribute("max") == str(p["max"])


# --- Accessibility and looks ------------------------------------------------------------------


def test_clavier_et_focus_visible(onglet: Onglet, site_url: str) -> None:
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    page.focus("#cpd-exemple")
    page.keyboard.press("Tab")
    actif = page.evaluate("() => [document.activeElement.textContent, getComputedStyle(document.activeElement).outlineStyle]")
    assert actif == ["Importer un fichier…", "solid"]
    # Every control has a label; the results are announced.
    for champ in ("#cpd-exemple", "#cpd-liste", "#cpd-lien"):
        assert page.locator(f"label[for='{champ[1:]}']").count() == 1
    assert page.get_attribute(ETAT, "aria-live") == "polite"
    # Keyboard only: pick an example with the arrow keys, then share with Enter.
    page.focus("#cpd-exemple")
    page.keyboard.press("ArrowDown")
    attendre_etat(page, "valide")
    page.focus("[data-role=partager]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-role=partage]:not([hidden])")


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_captures_ecran(navigateur: object, site_url: str, output_dir: Path, palette: str) -> None:
    """Screenshots of both tools in each palette, for a person to look at (test-output/)."""
    contexte = navigateur.new_context(color_scheme=palette, viewport={"width": 1280, "height": 900})
    sorties = surveiller_reseau(contexte)
    try:
        page = contexte.new_page()
        ouvrir(page, site_url + f"{JEU}/verifier/")
        attendu = "slate" if palette == "dark" else "default"
        assert page.get_attribute("body", "data-md-color-scheme") == attendu
        page.select_option("#cpd-exemple", exemples(page)[EXEMPLE_INVALIDE])
        attendre_etat(page, "invalide")
        page.screenshot(path=str(output_dir / f"outil-verifier-{palette}.png"), full_page=True)
        ouvrir(page, site_url + f"{JEU}/probas/")
        for formulaire in page.locator("form[data-compendium-calcul]").all():
            calculer(formulaire)
        page.screenshot(path=str(output_dir / f"outil-probas-{palette}.png"), full_page=True)
    finally:
        contexte.close()
    assert sorties == []


def test_imprimer_ma_liste(onglet: Onglet, site_url: str) -> None:
    """« Imprimer ma liste » fills the roster sheet with every entry of the checked list."""
    page = onglet.page
    ouvrir(page, site_url + f"{JEU}/verifier/")
    assert page.is_disabled("[data-role=imprimer]")
    fichier = "01-gardiens-du-col.yaml"
    page.select_option("#cpd-exemple", exemples(page)[fichier])
    attendre_etat(page, "valide")
    assert page.is_enabled("[data-role=imprimer]")
    page.click("[data-role=imprimer]")
    page.wait_for_selector("iframe[title='Feuille de liste à imprimer']", state="attached")
    cadre = page.frame_locator("iframe[title='Feuille de liste à imprimer']")
    texte = cadre.locator("body").inner_text(timeout=10_000)
    noms = cli_json("valider", str(ROOT / "data" / JEU / "listes" / fichier))["details"]["entrees"]
    assert noms and all(e["nom"] in texte for e in noms), texte[:500]
