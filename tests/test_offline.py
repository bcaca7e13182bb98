"""The offline stage (generator/offline.py) on a small built site and on the real build."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from PIL import Image

from generator import offline

ROOT = Path(__file__).resolve().parent.parent
PALETTE = "[data-md-color-primary=brown]{--md-primary-fg-color:#795649;--md-primary-fg-color--light:#8d6e62}"


def petit_site(racine: Path) -> Path:
    """A built site in miniature: pages, a PDF, search, a source map, Pyodide and a wheel."""
    fichiers = {
        "index.html": "<h1>Accueil</h1>",
        "404.html": "<h1>Introuvable</h1>",
        "jeu/tour/index.html": "<h1>Tour</h1>",
        "imprimer/jeu/reference.html": "<h1>Référence</h1>",
        "assets/pdf/jeu/reference.pdf": "%PDF-1.7",
        "search/search_index.json": "{}",
        "assets/stylesheets/palette.abc.min.css": PALETTE,
        "assets/javascripts/bundle.js": "1",
        "assets/javascripts/bundle.js.map": "{}",
        "assets/javascripts/lunr/min/lunr.fr.min.js": "fr",
        "assets/javascripts/lunr/min/lunr.ja.min.js": "ja",
        "assets/pyodide/pyodide.asm.wasm": "wasm",
        "assets/wheels/icepool-2.1.3-py3-none-any.whl": "roue",
        "sitemap.xml": "<urlset/>",
    }
    for chemin, texte in fichiers.items():
        (racine / chemin).parent.mkdir(parents=True, exist_ok=True)
        (racine / chemin).write_text(texte, "utf-8")
    return racine


def liste_du_worker(site: Path) -> dict:
    texte = (site / offline.WORKER).read_text("utf-8")
    return json.loads(re.search(r"const HORS_LIGNE = (\{.*?\});\n", texte).group(1))


def ecrire(site: Path) -> offline.OfflineReport:
    return offline.write_offline_files(site, "Compendium", "Règles et outils.", "brown")


def test_manifeste(tmp_path: Path) -> None:
    site = petit_site(tmp_path)
    ecrire(site)
    manifeste = json.loads((site / "manifest.webmanifest").read_text("utf-8"))
    assert manifeste["name"] == "Compendium" and manifeste["lang"] == "fr"
    assert manifeste["start_url"] == manifeste["scope"] == "./"  # relative: the site works under a sub-path
    assert manifeste["theme_color"] == "#795649"  # read from the palette stylesheet
    assert manifeste["display"] == "standalone"
    tailles = {(i["sizes"], i["purpose"]) for i in manifeste["icons"]}
    assert tailles == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icone in manifeste["icons"]:
        assert not icone["src"].startswith(("/", "http"))
        with Image.open(site / icone["src"]) as image:
            assert f"{image.width}x{image.height}" == icone["sizes"]
            if icone["purpose"] == "maskable":  # a maskable icon fills its square: no transparent corner
                assert image.convert("RGBA").getpixel((0, 0))[3] == 255


def test_classes_des_fichiers(tmp_path: Path) -> None:
    site = petit_site(tmp_path)
    ecrire(site)
    liste = {url: [taille, sha, precache] for url, taille, sha, precache in liste_du_worker(site)["fichiers"]}
    precache = {url for url, (_, _, p) in liste.items() if p == 1}
    au_besoin = {url for url, (_, _, p) in liste.items() if p == 0}
    assert {"./", "404.html", "jeu/tour/", "imprimer/jeu/reference.html", "assets/pdf/jeu/reference.pdf",
            "search/search_index.json", "assets/javascripts/lunr/min/lunr.fr.min.js",
            "manifest.webmanifest", "assets/images/icone-192.png"} <= precache
    assert au_besoin == {"assets/pyodide/pyodide.asm.wasm", "assets/wheels/icepool-2.1.3-py3-none-any.whl"}
    for absent in ("sw.js", "sitemap.xml", "assets/javascripts/bundle.js.map",
                   "assets/javascripts/lunr/min/lunr.ja.min.js"):
        assert absent not in liste
    octets = (site / "jeu/tour/index.html").read_bytes()
    assert liste["jeu/tour/"][:2] == [len(octets), hashlib.sha256(octets).hexdigest()[:16]]


def test_chaque_page_du_vrai_site_est_prechargee(site_dir: Path) -> None:
    liste = liste_du_worker(site_dir)
    precache = {url for url, _, _, p in liste["fichiers"] if p == 1}
    pages = {offline.page_url(p.relative_to(site_dir).as_posix()) for p in site_dir.rglob("*.html")}
    assert len(pages) > 100
    assert pages <= precache
    pdf = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.pdf")}
    assert pdf and pdf <= precache
    assert "search/search_index.json" in precache
    # « Dés libres » (issue 26) and what it loads work offline: the page, its scripts, its styles.
    assert {"outils/des-libres/", "assets/javascripts/compendium/des-libres.js",
            "assets/javascripts/compendium/probas-dessin.js", "assets/stylesheets/des-libres.css"} <= precache
    # « Reprendre la partie » on a game's home page (issue 34) works offline too.
    assert "assets/javascripts/compendium/accueil-jeu.js" in precache
    # The search stage's files (one index per game, the small index of game names) are kept offline too.
    petit = json.loads((site_dir / "search" / "jeux.json").read_text("utf-8"))
    fichiers = {f"search/{j['index']}" for j in petit["jeux"]} | {f"search/{petit['commun']['index']}",
                                                                   f"search/{petit['apercu']['index']}"}
    assert len(fichiers) == len(petit["jeux"]) + 2 >= 7
    assert fichiers | {"search/jeux.json"} <= precache
    # The stage ran last: every listed file is still the one hashed (else the worker would refuse it).
    for url, taille, sha, _ in liste["fichiers"]:
        chemin = site_dir / (url + "index.html" if url.endswith("/") else url).removeprefix("./")
        octets = chemin.read_bytes()
        assert (len(octets), hashlib.sha256(octets).hexdigest()[:16]) == (taille, sha), url
    # The page head and the manifest agree on the theme colour.
    manifeste = json.loads((site_dir / "manifest.webmanifest").read_text("utf-8"))
    accueil = (site_dir / "index.html").read_text("utf-8")
    assert f'<meta name="theme-color" content="{manifeste["theme_color"]}">' in accueil
    assert '<link rel="manifest" href="manifest.webmanifest">' in accueil


def test_la_version_change_avec_un_fichier(tmp_path: Path) -> None:
    site = petit_site(tmp_path)
    premiere = ecrire(site).version
    assert ecrire(site).version == premiere  # same files, same version (sw.js itself is not listed)
    (site / "assets/pdf/jeu/reference.pdf").write_text("%PDF-1.7 modifié", "utf-8")
    deuxieme = ecrire(site).version
    assert deuxieme != premiere
    (site / "jeu/nouvelle").mkdir()
    (site / "jeu/nouvelle/index.html").write_text("<h1>Nouvelle</h1>", "utf-8")
    troisieme = ecrire(site)
    assert troisieme.version not in (premiere, deuxieme)
    assert liste_du_worker(site)["version"] == troisieme.version
    assert f'"{troisieme.version}"' in (site / "sw.js").read_text("utf-8")
