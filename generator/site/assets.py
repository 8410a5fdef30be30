"""The site's shared files: Pyodide, the engine's Python sources, fonts, scripts and style sheet.

Pyodide comes from the npm registry at the exact version pinned in package.json (`npm ci` puts it
in node_modules/); the site carries its own copy, so a page loads nothing from elsewhere and keeps
working without the network once loaded. The engine travels as its source files, unchanged: the
rules (generator/rules), the error classes and the browser glue (generator/browser), all standard
library only (tests/web/test_engine_bundle.py checks their imports), and generator/language.py,
through which the game's messages speak the page's language.

A site is in one language: its play.js is written with its messages in that language
(generator/site/template_messages.py), and a Dutch or French site carries the language's compiled catalog
(assets/locale/nl/LC_MESSAGES/citytrip.mo), which the page hands to the engine.

The engine's snapshot (assets/engine-snapshot.bin.gz) is Pyodide's memory after start-up with the
engine imported, made in Node by generator/site/snapshot.mjs; a page restores it instead of
starting CPython, in a quarter to a third of the time, and falls back to the plain start when it cannot
(docs/site.md, "The engine's snapshot"). It is written like every other file: the same engine and
Pyodide give the same bytes.

Pyodide's runtime and loader are also written gzipped (`pyodide.asm.wasm.gz`): the service worker
(sw.js) answers the page's request for the plain file with the gzipped one, unzipped, so that a
host that compresses nothing still sends little; and the standard library is only the modules a
page imports, compiled at build time (docs/site.md, "On a phone line").
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
import tempfile
import zipfile
from pathlib import Path
from string import Template

import generator
from generator.errors import UsageError
from generator.files import atomic_output, write_text
from generator.language import DEFAULT, DOMAIN, LOCALE_DIR, current
from generator.render.pdf import FONT_DIR
from generator.resources import shipped
from generator.site.template_messages import translated
from generator.render.screen_qr import qr_sources

PINS = shipped("package.json")  # the Pyodide version the site is built and tested with
# A checkout installs Pyodide with `npm ci` next to package.json and its lock; an installed wheel
# has neither lock nor node_modules, and looks in the user's cache folder instead.
ROOT = PINS.parent
CHECKOUT = (ROOT / "package-lock.json").is_file()
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "citytrip"
PYODIDE = (ROOT if CHECKOUT else CACHE) / "node_modules" / "pyodide"
STATIC = shipped("templates") / "site"
# What a page needs of the Pyodide distribution: the loader, the runtime and the standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"
# The standard library's files a page imports (145 of 614): the site's python_stdlib.zip holds only
# them, compiled by the pinned Pyodide (compile.mjs), 1.5 MB instead of 2.5 MB of sources; a page
# that starts CPython then compiles none of them (on a phone, 4 s of its start). The snapshot is
# made with that zip, so a file missing from the list fails the build (the engine's import) rather
# than a page.
STDLIB_FILES = Path(__file__).resolve().parent / "stdlib.txt"
COMPILE_SCRIPT = Path(__file__).resolve().parent / "compile.mjs"
# The engine compiled the same way, for a page that starts CPython: assets/engine.zip, which the page
# unpacks under /engine, where the sources of engine.json would be (their import, a quarter of a
# second on a phone, is then not compiled; and it is 90 KB against engine.json's 131).
ENGINE_ZIP = "engine.zip"
# Pyodide's largest files, also written gzipped (with the type the page expects of each): the service
# worker answers the page's request for the plain file with the gzipped one unzipped (sw.js), so a
# host that compresses nothing sends 3.6 MB of runtime instead of 9.6 MB; the plain files stay, for
# a page the worker does not control and for a gzipped copy that is missing or damaged.
PACKED = {"pyodide.asm.wasm": "application/wasm", "pyodide.asm.mjs": "text/javascript",
          "pyodide-lock.json": "application/json"}  # 9.6 MB, 1.3 MB and 119 KB: 3.5 MB, 260 KB, 26 KB
PACKED_GZIP_LEVEL = 9  # WebAssembly: 3.53 MB against 3.56 at level 6
FONTS = {"Vera.ttf": "CitytripSans.ttf", "VeraBd.ttf": "CitytripSans-Bold.ttf"}  # as the PDFs embed them
STATIC_FILES = ("play.js", "engine.js", "table.js", "tablecode.js", "record.js", "index.js", "words.js", "style.css")  # and sw.js, filled in: see service_worker
RESULTS_FILES = ("results.js",)  # only on a site with a results service (`citytrip site --results-url`)

_PACKAGE = Path(generator.__file__).resolve().parent
ENGINE_PACKAGES = ("rules", "browser")  # with generator/__init__.py, errors.py and language.py
# Engine modules no page runs, left out of the bundle: the scoring of several players' sheets (a
# group at the table scores on paper). The bundle test fails if a bundled module imports one.
ENGINE_LEFT_OUT = ("rules/multiplayer.py",)

SNAPSHOT = "engine-snapshot.bin.gz"  # under assets/
# play.js asks for the snapshot with its digest in the address (filled in here), so that a copy
# the browser kept of another build's snapshot is never restored under this build's script.
SNAPSHOT_DIGEST = "@snapshot-digest@"
SNAPSHOT_SCRIPT = Path(__file__).resolve().parent / "snapshot.mjs"
# Pyodide restores a snapshot into its initial memory, 30 MiB, whatever the snapshot's size
# (Pyodide issue #6254): a bigger heap fails with a RangeError in the page.
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024
SNAPSHOT_GZIP_LEVEL = 6  # 6.2 MB in 1.3 s; level 9 saves 1 % in 4.6 times as long


def pinned_pyodide_version() -> str:
    """The Pyodide version package.json pins (exactly: no range)."""
    pins = json.loads(PINS.read_text(encoding="utf-8"))["dependencies"]
    return pins["pyodide"]


def install_pyodide(version: str) -> str:
    """What to run to get the pinned Pyodide where `citytrip site` looks for it."""
    if CHECKOUT:
        return f"run `npm ci` in {ROOT} first (it installs the version package.json pins)"
    return (f"run `npm install --prefix {CACHE} pyodide@{version}` first (npm comes with Node.js; it puts "
            f"Pyodide in {PYODIDE}, where citytrip site looks for it)")


def engine_sources() -> dict[str, str]:
    """The engine's Python files by their path under the site's Python folder, in a fixed order."""
    files = [_PACKAGE / "__init__.py", _PACKAGE / "errors.py", _PACKAGE / "language.py"]
    for package in ENGINE_PACKAGES:
        files.extend(path for path in sorted((_PACKAGE / package).glob("*.py"))
                     if path.relative_to(_PACKAGE).as_posix() not in ENGINE_LEFT_OUT)
    return {f"generator/{path.relative_to(_PACKAGE).as_posix()}": path.read_text(encoding="utf-8") for path in files}


def catalog_file(lang: str) -> str:
    """Where a language's compiled catalog lies, under the site's assets/ as under generator/."""
    return f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"


def write_assets(out: Path, results: bool = False) -> list[Path]:
    """Copy or write every shared file under `out/assets/`, in the language in use (with
    `results`, the results service's script too); UsageError when Pyodide or Node.js is missing."""
    version = pinned_pyodide_version()
    installed = PYODIDE / "package.json"
    if not installed.is_file() or json.loads(installed.read_text(encoding="utf-8"))["version"] != version:
        raise UsageError(f"the site needs Pyodide {version} from the npm registry, and {PYODIDE} does not hold it: "
                         f"{install_pyodide(version)}")
    node_executable()  # before anything is written
    assets = out / "assets"
    written = [_copy(PYODIDE / name, assets / "pyodide" / name) for name in PYODIDE_FILES if name != STDLIB]
    written += [write_gzipped(PYODIDE / name, assets / "pyodide" / f"{name}.gz") for name in PACKED]
    written += [_copy(FONT_DIR / source, assets / "fonts" / name) for source, name in FONTS.items()]
    if current() != DEFAULT:
        catalog = catalog_file(current())
        written.append(_copy(LOCALE_DIR.parent / catalog, assets / catalog))
    written.append(write_text(assets / "engine.json", json.dumps(engine_sources(), indent=0, sort_keys=True) + "\n"))
    written += write_compiled(assets / "engine.json", assets / "pyodide" / STDLIB, assets / ENGINE_ZIP)
    written.append(write_snapshot(assets / "engine.json", assets / "pyodide" / STDLIB, assets / SNAPSHOT))
    digest = hashlib.sha256((assets / SNAPSHOT).read_bytes()).hexdigest()[:16]
    scripts = STATIC_FILES + (RESULTS_FILES if results else ())
    written += [write_text(assets / name, static_file(name, digest)) for name in scripts]
    # The table page's QR code on screen: the print's encoder, run in the browser (generator/render/screen_qr.py).
    written.append(write_text(assets / "qr.json", json.dumps(qr_sources(), indent=0, sort_keys=True) + "\n"))
    written.append(write_text(out / "sw.js", service_worker(out, written, scripts)))
    return written


def static_file(name: str, snapshot_digest: str) -> str:
    """A script or style sheet of templates/site in the language in use, with the snapshot's digest
    where it asks for it."""
    text = translated((STATIC / name).read_text(encoding="utf-8"), name)
    return text.replace(SNAPSHOT_DIGEST, snapshot_digest)


def node_executable() -> str:
    """Where `node` is; UsageError when it is not on the PATH."""
    node = shutil.which("node")
    if node is None:
        raise UsageError(
            "the site needs Node.js to make the engine's snapshot (Pyodide's memory with the engine "
            "loaded, which the pages restore to start faster), and there is no `node` on the PATH: "
            "install Node.js 18 or newer (apt-get install nodejs), the same one `npm ci` runs with"
        )
    return node


def stdlib_files() -> list[str]:
    """The standard library's files a page imports, by their names in Pyodide's zip."""
    lines = STDLIB_FILES.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def write_compiled(engine_json: Path, stdlib: Path, engine: Path) -> list[Path]:
    """The standard library's files of stdlib.txt (into the zip `stdlib`) and the engine of
    `engine_json` (into the zip `engine`), compiled by the pinned Pyodide (compile.mjs); UsageError
    when Node is missing or fails."""
    with tempfile.TemporaryDirectory(prefix="citytrip-compiled-") as temp:
        run_node(COMPILE_SCRIPT, [str(PYODIDE), str(STDLIB_FILES), str(engine_json.resolve()), temp], "compiling the site's Python")
        compiled = Path(temp)
        write_zip(stdlib, [(name + "c", compiled / "stdlib" / (name + "c")) for name in stdlib_files()])
        write_zip(engine, [(name + "c", compiled / "engine" / (name + "c")) for name in sorted(engine_sources())])
    return [stdlib, engine]


def write_zip(target: Path, files: list[tuple[str, Path]]) -> Path:
    """A zip of `files` (name in the zip, file) in a fixed form (their order, no time stamps, deflate
    level 9): the same files give the same bytes."""
    with atomic_output(target) as packed, zipfile.ZipFile(packed, "w") as out:
        for name, path in files:
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            out.writestr(entry, path.read_bytes(), compresslevel=9)
    return target


def run_node(script: Path, args: list[str], what: str) -> None:
    """Run a Node script of this folder with TZ=UTC and nothing else of this machine's environment
    (the site's files must not depend on it); UsageError when Node is missing or the script fails."""
    node = node_executable()
    with tempfile.TemporaryDirectory(prefix="citytrip-node-") as cwd:
        done = subprocess.run([node, str(script), *args], cwd=cwd, env={"PATH": os.environ.get("PATH", ""), "TZ": "UTC"},
                              capture_output=True, text=True)
    if done.returncode != 0:
        tail = " | ".join(done.stderr.strip().splitlines()[-3:])
        raise UsageError(
            f"{what} failed: `node {script.name}` exited with {done.returncode} ({tail or 'no message'}); "
            f"check that `node --version` is 18 or newer and {install_pyodide(pinned_pyodide_version())}"
        )


def make_snapshot(engine_json: Path, stdlib: Path) -> bytes:
    """Pyodide's memory snapshot with the engine of `engine_json` imported and the standard library
    zip `stdlib`, made by snapshot.mjs in Node (with TZ=UTC and nothing else of this machine's
    environment); UsageError when Node is missing or fails, or when the snapshot would be too big
    to restore."""
    with tempfile.TemporaryDirectory(prefix="citytrip-snapshot-") as temp:
        target = Path(temp) / "snapshot.bin"
        run_node(SNAPSHOT_SCRIPT, [str(PYODIDE), str(engine_json), str(stdlib.resolve()), str(target)],
                 "making the engine's snapshot")
        snapshot = target.read_bytes()
    _, heap_start, _, _ = struct.unpack_from("<4I", snapshot)
    if len(snapshot) - heap_start > SNAPSHOT_HEAP_LIMIT:
        raise UsageError(
            f"the engine's snapshot holds a heap of {len(snapshot) - heap_start:,} bytes, more than the "
            f"{SNAPSHOT_HEAP_LIMIT:,} Pyodide can restore (Pyodide issue #6254): every page would fall "
            "back to the slow start; keep the engine's import smaller, or drop the snapshot"
        )
    return snapshot


def write_snapshot(engine_json: Path, stdlib: Path, target: Path) -> Path:
    """The engine's snapshot, gzipped with a fixed level and no time stamp or name (the same
    snapshot gives the same bytes); the page decompresses it with DecompressionStream."""
    with atomic_output(target) as temp:
        temp.write_bytes(gzip.compress(make_snapshot(engine_json, stdlib), compresslevel=SNAPSHOT_GZIP_LEVEL, mtime=0))
    return target


def write_gzipped(source: Path, target: Path) -> Path:
    """`source` gzipped, with no time stamp or name: the same file gives the same bytes."""
    with atomic_output(target) as temp:
        temp.write_bytes(gzip.compress(source.read_bytes(), compresslevel=PACKED_GZIP_LEVEL, mtime=0))
    return target


def service_worker(out: Path, shared: list[Path], scripts: tuple[str, ...]) -> str:
    """sw.js, at the site's root (a service worker serves only the pages under its own folder),
    its cache named by a hash of the shared files; it keeps `scripts` (assets/NAME) at once."""
    digest = hashlib.sha256()
    names = sorted(path.relative_to(out).as_posix() for path in shared)
    for name in names:
        digest.update(name.encode("utf-8") + b"\0" + (out / name).read_bytes())
    text = (STATIC / "sw.js").read_text(encoding="utf-8")
    kept = ["index.html", "how-to-play.html", *(f"assets/{name}" for name in scripts), "assets/qr.json",
            *(f"assets/fonts/{name}" for name in FONTS.values())]
    return Template(text).substitute(version=digest.hexdigest()[:16], packed=json.dumps(PACKED, sort_keys=True),
                                     kept=json.dumps(kept))


def _copy(source: Path, target: Path) -> Path:
    with atomic_output(target) as temp:
        temp.write_bytes(source.read_bytes())
    return target
