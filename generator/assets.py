"""Runtime files for the browser tools: Pyodide (npm package) and the two wheels.

* ``build_wheels(out_dir)`` writes the ``browser_engine`` wheel (built here with
  zipfile, no pyodide-build, no network) and the pinned icepool wheel (downloaded
  once from PyPI with pip, cached in ``.cache/wheels/``, sha256 checked).
* ``copy_browser_runtime(site_dir)`` copies Pyodide's runtime files from
  ``node_modules/pyodide/`` to ``site/assets/pyodide/`` and the wheels, with a
  ``manifest.json``, to ``site/assets/wheels/``.

Nothing here is fetched by the browser from anywhere but the site itself.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent

# --- pins -------------------------------------------------------------------

ICEPOOL_VERSION = "2.1.3"
ICEPOOL_WHEEL = f"icepool-{ICEPOOL_VERSION}-py3-none-any.whl"
ICEPOOL_SHA256 = "fe9e662dff4c015019e5698c6a2760bdb09db99a7522ee4c96c581ffc565fd78"

ENGINE_PACKAGE = "browser_engine"
ENGINE_DEFAULT_VERSION = "0.1.0"

WHEEL_TAG = "py3-none-any"

# Only what the browser needs to start Pyodide in a module Web Worker (no
# classic-script loader, no source maps, no consoles, no TypeScript declarations).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Fixed timestamp so that the engine wheel is byte-for-byte reproducible.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class ErreurAssets(RuntimeError):
    """Build-time problem with the browser runtime (message in French)."""


# --- helpers ----------------------------------------------------------------


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for bloc in iter(lambda: f.read(1 << 20), b""):
            h.update(bloc)
    return h.hexdigest()


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _version_moteur(src: Path) -> str:
    init = src / "__init__.py"
    if init.is_file():
        m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", init.read_text("utf-8"), re.M)
        if m:
            return m.group(1)
    return ENGINE_DEFAULT_VERSION


def wheel_tags(wheel: Path) -> list[str]:
    """Tags declared in the wheel's ``*.dist-info/WHEEL`` file."""
    with zipfile.ZipFile(wheel) as z:
        noms = [n for n in z.namelist() if re.fullmatch(r"[^/]+\.dist-info/WHEEL", n)]
        if len(noms) != 1:
            raise ErreurAssets(f"{wheel.name} : fichier WHEEL introuvable dans la roue.")
        texte = z.read(noms[0]).decode("utf-8")
    return [ligne.split(":", 1)[1].strip() for ligne in texte.splitlines() if ligne.startswith("Tag:")]


def check_wheel(wheel: Path) -> None:
    """Raise unless ``wheel`` is a pure-Python ``py3-none-any`` wheel (name and WHEEL file)."""
    if not wheel.name.endswith(f"-{WHEEL_TAG}.whl"):
        raise ErreurAssets(f"{wheel.name} : le nom de la roue n'a pas l'étiquette {WHEEL_TAG}.")
    tags = wheel_tags(wheel)
    if tags != [WHEEL_TAG]:
        raise ErreurAssets(
            f"{wheel.name} : étiquettes {tags or 'absentes'} dans WHEEL, "
            f"Pyodide attend exactement {WHEEL_TAG}."
        )


# --- browser_engine wheel ---------------------------------------------------


def _fichiers_moteur(src: Path) -> list[Path]:
    fichiers = []
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(src)
        if not p.is_file():
            continue
        if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if p.suffix in {".pyc", ".pyo"}:
            continue
        fichiers.append(p)
    return fichiers


def _zinfo(nom: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(nom, date_time=_ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    info.create_system = 3  # Unix, whatever the build machine is
    return info


def build_engine_wheel(out_dir: Path, src: Path | None = None) -> Path:
    """Write ``browser_engine-<version>-py3-none-any.whl`` into ``out_dir``.

    The wheel is deterministic: same sources, same bytes.
    """
    src = Path(src) if src is not None else RACINE / ENGINE_PACKAGE
    if not (src / "__init__.py").is_file():
        raise ErreurAssets(f"Paquet {ENGINE_PACKAGE} introuvable : {src}/__init__.py n'existe pas.")
    version = _version_moteur(src)
    dist = f"{ENGINE_PACKAGE}-{version}"
    dist_info = f"{dist}.dist-info"

    contenus: list[tuple[str, bytes]] = []
    for p in _fichiers_moteur(src):
        arc = f"{ENGINE_PACKAGE}/{p.relative_to(src).as_posix()}"
        contenus.append((arc, p.read_bytes()))

    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {ENGINE_PACKAGE}\n"
        f"Version: {version}\n"
        "Summary: Compendium : validation de listes et probabilités exactes (CPython et Pyodide).\n"
        "Requires-Python: >=3.10\n"
        f"Requires-Dist: icepool=={ICEPOOL_VERSION}\n"
    ).encode()
    wheel_txt = (
        "Wheel-Version: 1.0\n"
        "Generator: compendium-generator-assets\n"
        "Root-Is-Purelib: true\n"
        f"Tag: {WHEEL_TAG}\n"
    ).encode()
    contenus.append((f"{dist_info}/METADATA", metadata))
    contenus.append((f"{dist_info}/WHEEL", wheel_txt))
    contenus.append((f"{dist_info}/top_level.txt", f"{ENGINE_PACKAGE}\n".encode()))

    record = io.StringIO()
    w = csv.writer(record, lineterminator="\n")
    for arc, data in contenus:
        w.writerow([arc, _record_hash(data), len(data)])
    w.writerow([f"{dist_info}/RECORD", "", ""])
    contenus.append((f"{dist_info}/RECORD", record.getvalue().encode("utf-8")))

    out_dir.mkdir(parents=True, exist_ok=True)
    cible = out_dir / f"{dist}-{WHEEL_TAG}.whl"
    tampon = io.BytesIO()
    with zipfile.ZipFile(tampon, "w") as z:
        for arc, data in contenus:
            z.writestr(_zinfo(arc), data)
    donnees = tampon.getvalue()
    if not cible.exists() or cible.read_bytes() != donnees:
        cible.write_bytes(donnees)
    check_wheel(cible)
    return cible


# --- icepool wheel ----------------------------------------------------------


def icepool_wheel(cache_dir: Path | None = None) -> Path:
    """Path of the pinned icepool wheel, downloaded once from PyPI into the cache."""
    cache_dir = Path(cache_dir) if cache_dir is not None else RACINE / ".cache" / "wheels"
    cible = cache_dir / ICEPOOL_WHEEL
    if cible.is_file() and _sha256(cible) != ICEPOOL_SHA256:
        cible.unlink()  # corrupted or tampered with: fetch again
    if not cible.is_file():
        cache_dir.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable, "-m", "pip", "download", f"icepool=={ICEPOOL_VERSION}",
            "--no-deps", "--only-binary=:all:", "--disable-pip-version-check",
            "-d", str(cache_dir),
        ]
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ErreurAssets(
                f"Téléchargement de icepool=={ICEPOOL_VERSION} impossible ({e}). "
                f"Sans accès à PyPI, placez {ICEPOOL_WHEEL} dans {cache_dir}/."
            ) from e
        if res.returncode != 0 or not cible.is_file():
            detail = (res.stderr or res.stdout).strip().splitlines()[-1:] or ["?"]
            raise ErreurAssets(
                f"Téléchargement de icepool=={ICEPOOL_VERSION} depuis PyPI échoué : {detail[0]} "
                f"Sans accès à PyPI, placez {ICEPOOL_WHEEL} dans {cache_dir}/."
            )
    empreinte = _sha256(cible)
    if empreinte != ICEPOOL_SHA256:
        cible.unlink()
        raise ErreurAssets(
            f"{ICEPOOL_WHEEL} : empreinte sha256 {empreinte} différente de celle épinglée "
            f"({ICEPOOL_SHA256}). Fichier supprimé ; relancez la construction."
        )
    check_wheel(cible)
    return cible


# --- public API -------------------------------------------------------------


def build_wheels(out_dir: Path) -> list[Path]:
    """Write the engine wheel and the icepool wheel into ``out_dir``; return their paths.

    Order matters for nobody (pure Python, no install step), but is stable:
    engine first, icepool second.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    moteur = build_engine_wheel(out_dir)
    source = icepool_wheel()
    ice = out_dir / source.name
    if not ice.exists() or _sha256(ice) != ICEPOOL_SHA256:
        shutil.copyfile(source, ice)
    roues = [moteur, ice]
    # Stale wheels from an earlier engine version must not linger in the site.
    for vieux in out_dir.glob("*.whl"):
        if vieux not in roues:
            vieux.unlink()
    return roues


def pyodide_dir() -> Path:
    return RACINE / "node_modules" / "pyodide"


def pyodide_version_attendue() -> str:
    pkg = json.loads((RACINE / "package.json").read_text("utf-8"))
    return pkg["dependencies"]["pyodide"]


def _verifier_pyodide() -> tuple[Path, dict]:
    src = pyodide_dir()
    attendue = pyodide_version_attendue()
    if not (src / "package.json").is_file():
        raise ErreurAssets(
            f"Pyodide est absent ({src} n'existe pas) : lancez « make install » "
            f"(ou « npm ci ») pour installer pyodide@{attendue}."
        )
    installee = json.loads((src / "package.json").read_text("utf-8")).get("version")
    if installee != attendue:
        raise ErreurAssets(
            f"Pyodide installé en version {installee}, package.json demande {attendue} : "
            "lancez « make install » (ou « npm ci »)."
        )
    manquants = [f for f in PYODIDE_FILES if not (src / f).is_file()]
    if manquants:
        raise ErreurAssets(
            f"Fichiers Pyodide manquants dans {src} : {', '.join(manquants)}. "
            "Lancez « make install » (ou « npm ci »)."
        )
    lock = json.loads((src / "pyodide-lock.json").read_text("utf-8"))
    return src, {"version": installee, "python": lock.get("info", {}).get("python")}


def _copier_si_change(src: Path, dst: Path) -> None:
    if dst.exists():
        s, d = src.stat(), dst.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return
    shutil.copy2(src, dst)


def copy_browser_runtime(site_dir: Path) -> None:
    """Copy Pyodide, the wheels and their manifest into the built site.

    ``site/assets/pyodide/``: Pyodide runtime files (from node_modules/pyodide).
    ``site/assets/wheels/``: the two wheels and ``manifest.json``.
    """
    site_dir = Path(site_dir)
    src, info = _verifier_pyodide()
    dst = site_dir / "assets" / "pyodide"
    dst.mkdir(parents=True, exist_ok=True)
    for nom in PYODIDE_FILES:
        _copier_si_change(src / nom, dst / nom)

    roues_dir = site_dir / "assets" / "wheels"
    roues = build_wheels(roues_dir)
    manifest = {
        "pyodide": info["version"],
        "python": info["python"],
        "roues": [
            {"fichier": r.name, "sha256": _sha256(r), "taille": r.stat().st_size}
            for r in roues
        ],
    }
    (roues_dir / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )


__all__ = [
    "ErreurAssets",
    "build_wheels",
    "build_engine_wheel",
    "check_wheel",
    "copy_browser_runtime",
    "icepool_wheel",
    "wheel_tags",
]
