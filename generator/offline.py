"""Offline stage: web app manifest, icons and service worker, generated from the BUILT site.

Run last in the plugin's post-build hook (every other stage has written its files):

* ``assets/images/icone-192.png``, ``icone-512.png`` and ``icone-masquable-512.png``: a die
  drawn here with Pillow (no downloaded art);
* ``manifest.webmanifest``: French name, relative ``start_url``/``scope`` (the site works under
  a sub-path), theme colour read from the built palette stylesheet;
* ``sw.js`` at the site root, from ``templates/sw.js``, with the build's file list and version.

Every file of the built site falls in one class (see :func:`offline_class`):

* ``precache``: fetched when the worker installs (rules pages, print pages and PDFs, search
  index, CSS, JavaScript, images, game data and lists), about 11 MB;
* ``preparer``: the Pyodide runtime and the wheels (about 13 MB), cached on first use or by
  the « Préparer pour jouer hors ligne » button;
* not listed: source maps, the sitemap, the search languages other than French.

Each listed file carries its size and a short SHA-256 of its bytes; the build version is a hash
of that list. The worker keeps one cache per version and checks every file it stores against
its hash, so a cache never holds files of two builds.
"""
from __future__ import annotations

import hashlib
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "templates" / "sw.js"
WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = {
    "assets/images/icone-192.png": (192, False),
    "assets/images/icone-512.png": (512, False),
    "assets/images/icone-masquable-512.png": (512, True),
}
HASH_LENGTH = 16
DEFAULT_THEME = "#795649"
BACKGROUND = "#ffffff"
# Search languages Material's worker loads for `lang: fr` (the others are never fetched).
SEARCH_LANGUAGES = {"lunr.stemmer.support.min.js", "lunr.fr.min.js", "lunr.multi.min.js"}
RUNTIME_DIRS = ("assets/pyodide/", "assets/wheels/")
NOT_LISTED_SUFFIXES = (".map", ".gz")
NOT_LISTED = {WORKER, "sitemap.xml"}
PLACEHOLDER = "/*COMPENDIUM_HORS_LIGNE*/"


@dataclass(frozen=True)
class OfflineFile:
    """One file of the built site as the service worker sees it."""

    url: str
    size: int
    sha: str
    kind: str  # "precache" or "preparer"


@dataclass(frozen=True)
class OfflineReport:
    """What the offline stage wrote: the version and the two file lists."""

    version: str
    files: list[OfflineFile]

    def total(self, kind: str) -> int:
        """Bytes of the files of one class (``precache`` or ``preparer``)."""
        return sum(f.size for f in self.files if f.kind == kind)


def offline_class(path: str) -> str | None:
    """The worker's class of a built file, by its path relative to the site root.

    Returns:
        ``"precache"``, ``"preparer"`` or None (never cached: maps, sitemap, other languages).

    """
    name = path.rsplit("/", 1)[-1]
    if path in NOT_LISTED or path.endswith(NOT_LISTED_SUFFIXES):
        return None
    if path.startswith("assets/javascripts/lunr/"):
        return "precache" if name in SEARCH_LANGUAGES else None
    if path.startswith(RUNTIME_DIRS):
        return "preparer"
    return "precache"


def page_url(path: str) -> str:
    """The URL a browser asks for a built file: ``jeu/tour/index.html`` is ``jeu/tour/``."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def short_hash(data: bytes) -> str:
    """First hex digits of the SHA-256 of ``data`` (the same the worker computes)."""
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


def offline_files(site_dir: Path) -> list[OfflineFile]:
    """Every listed file of the built site, sorted by URL."""
    found: list[OfflineFile] = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        relative = path.relative_to(site_dir).as_posix()
        kind = offline_class(relative)
        if kind is not None:
            data = path.read_bytes()
            found.append(OfflineFile(page_url(relative), len(data), short_hash(data), kind))
    return sorted(found, key=lambda f: f.url)


def build_version(files: list[OfflineFile]) -> str:
    """Hash of the file list with each file's hash: any change of any file gives a new version."""
    listing = "".join(f"{f.url}\t{f.sha}\t{f.kind}\n" for f in files)
    return short_hash(listing.encode("utf-8"))[:12]


def theme_colour(site_dir: Path, primary: str | None) -> str:
    """The palette's primary colour (``--md-primary-fg-color``) from the built stylesheet."""
    if primary:
        pattern = re.compile(
            r"\[data-md-color-primary=" + re.escape(primary.replace(" ", "-")) +
            r"\]\{[^}]*--md-primary-fg-color:(#[0-9a-fA-F]{3,8})")
        for stylesheet in sorted((site_dir / "assets" / "stylesheets").glob("palette.*.css")):
            match = pattern.search(stylesheet.read_text("utf-8"))
            if match:
                return match.group(1)
    return DEFAULT_THEME


def draw_icon(size: int, colour: str, maskable: bool) -> bytes:
    """A white six-sided die showing five on the theme colour, as PNG bytes.

    A maskable icon keeps the die inside the central 80 % safe zone and fills the whole square;
    the plain icon is a rounded square.
    """
    from PIL import Image, ImageDraw

    scale = 4  # drawn large, then reduced: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=colour)
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=colour)
    margin = big * (0.25 if maskable else 0.18)
    die = (margin, margin, big - margin, big - margin)
    side = die[2] - die[0]
    draw.rounded_rectangle(die, radius=int(side * 0.18), fill="#ffffff")
    pip = side * 0.09
    for fx, fy in ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)):
        cx, cy = die[0] + fx * side, die[1] + fy * side
        draw.ellipse((cx - pip, cy - pip, cx + pip, cy + pip), fill=colour)
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()


def web_manifest(name: str, description: str, colour: str) -> dict[str, object]:
    """The web app manifest; every URL is relative to the manifest, so to the site root."""
    icons: list[dict[str, str]] = []
    for path, (size, maskable) in ICONS.items():
        icons.append({"src": path, "sizes": f"{size}x{size}", "type": "image/png",
                      "purpose": "maskable" if maskable else "any"})
    return {
        "name": name,
        "short_name": name[:12],
        "description": description,
        "lang": "fr",
        "dir": "ltr",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": colour,
        "icons": icons,
    }


def service_worker(version: str, files: list[OfflineFile]) -> str:
    """The text of ``sw.js``: the template with the version and the file list written in."""
    listing = {
        "version": version,
        "fichiers": [[f.url, f.size, f.sha, 1 if f.kind == "precache" else 0] for f in files],
    }
    text = TEMPLATE.read_text("utf-8")
    if PLACEHOLDER not in text:
        raise ValueError(f"{TEMPLATE} : marqueur {PLACEHOLDER} absent")
    data = json.dumps(listing, ensure_ascii=False, separators=(",", ":"))
    return text.replace(PLACEHOLDER, f"const HORS_LIGNE = {data};")


def write_offline_files(site_dir: Path, name: str, description: str, primary: str | None) -> OfflineReport:
    """Write the icons, the manifest and ``sw.js`` into the built site.

    Args:
        site_dir: the built site (every other stage has run).
        name: the site's name (« Compendium »).
        description: the site's description, in French.
        primary: Material's primary colour name from the palette (``brown``).

    Returns:
        The build version and the listed files.

    """
    colour = theme_colour(site_dir, primary)
    for path, (size, maskable) in ICONS.items():
        target = site_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(draw_icon(size, colour, maskable))
    manifest = web_manifest(name, description, colour)
    (site_dir / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", "utf-8")
    files = offline_files(site_dir)
    version = build_version(files)
    (site_dir / WORKER).write_text(service_worker(version, files), "utf-8")
    return OfflineReport(version, files)
