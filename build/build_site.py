"""Assemble the static site into site/: web/, the pinned Pyodide, micropip, the engine wheel, icons.

Everything the page loads comes from the same origin, so the site works on any static host and,
through the service worker, offline. Version stamping happens here, never by hand:

* js/boot-config.js tells the page and the worker which files to load and the build id;
* js/boot.js becomes the page's bundle, split into chunks: the start's, and those of the features
  a first game does not need, loaded on first use (bundle_page.py);
* index.html gets a modulepreload link for every file of the page's start (module_preload.py);
* js/engine/worker.js and js/pictures/gif-worker.js each become one file holding its whole module
  graph (bundle_worker.py);
* js/embed/embed.js becomes a few files: the picture first, the words and player later
  (bundle_embed.py);
* the game screen's stylesheets, which do not hold up the page's first paint, become one file,
  css/game-screen.css, in their cascade order (bundle_css.py);
* pyodide/python_stdlib.zip holds only the standard-library modules a boot imports, as bytecode
  (compile_stdlib.mjs), where Pyodide ships all of them as source;
* the page's JavaScript and CSS are minified, file for file (minify.py);
* sw.js gets the path -> SHA-256 manifest of every other file prepended, so each build is a new
  service worker with its own cache;
* every compressible file gets a .br and a .gz beside it (precompress.py), which hosts that
  serve precompressed files send (serve.py does); they are encodings of a file, not files of the
  build: the manifest leaves them out.

The site is assembled in a staging folder and swapped in at the end, so a failed build never
leaves a half-written site/ behind.

    python build/build_site.py [--out site]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zlib
from collections.abc import Iterable
from pathlib import Path

import icons
from bundle_css import bundle_later_sheets
from bundle_embed import bundle_embed
from bundle_page import bundle_page
from bundle_worker import bundle_worker
from fetch_wheels import wheel_dist
from minify import minify_site
from module_preload import add_module_preloads
from precompress import precompress_site, user_cache
from stored_zip import write_stored

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CACHE = ROOT / "build" / ".cache"
PYODIDE_PACKAGE = ROOT / "build" / "node_modules" / "pyodide"
SITE_WHEELS = CACHE / "wheels" / "site"
ENGINE_DIST = CACHE / "dist"

# The runtime files the page needs from the npm package, and nothing else (no .d.ts, source maps,
# demo consoles or the UMD build: the worker imports the ES module).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_DIR = "pyodide/"
WHEELS_DIR = "wheels/"
# The entry modules of the game page, the embed and the engine worker.
PAGE_ENTRY = "js/boot.js"
EMBED_ENTRY = "js/embed/embed.js"
# The game page's drawing of a link's board in its first moments (boot.js imports it at once).
EARLY_LINK = "js/share/early-link.js"
# The modules the game page's start imports dynamically: preloaded (each a chunk of the page's
# bundle). Any other module the page imports dynamically is a feature loaded on first use.
START = ("js/boot-page.js", "js/app.js", "js/vendor/idb.js", EARLY_LINK)
WORKER = "js/engine/worker.js"
# The engine's client: a module of its own beside its worker, imported by the page and the embed.
CLIENT = "js/engine/client.js"
GIF_WORKER = "js/pictures/gif-worker.js"
# Bundled into the page and the worker, and kept as a file too: tools and tests read it back.
BOOT_CONFIG = "js/boot-config.js"
# Build files (a path, or a folder ending in /) the game page fetches only when it needs them,
# which the service worker caches once a page has fetched them, not on every first visit (sw.js,
# offline.js): the Chinese font (only for Chinese text no system font draws), the embed (shown
# in other sites' frames, where this origin's service worker is not in charge anyway) and
# English's catalogue (the pages have English built in: js/i18n/english.js).
ON_DEMAND = ("fonts/taluva-tc.woff2", "embed.html", "js/embed/", "i18n/en.json")
# Files a host may edit in the built site (docs/hosting.md): left out of the service worker's
# manifest, so that they come from the network (an edited file would fail the precache's check).
HOST_EDITED = ("live.json",)
# The game screen's stylesheets, one file in the site (bundle_css.py); embed.html's sheets stay.
SCREEN_SHEETS = "css/game-screen.css"
# Written by this script, not copied from web/.
GENERATED = ("sw.js", "js/boot-config.js", "manifest.webmanifest", "js/i18n/english.js")
# The precompressed variants precompress.mjs writes beside a file.
ENCODED_SUFFIXES = (".br", ".gz")


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_manifest(site: Path, exclude: tuple[str, ...] = ()) -> dict[str, str]:
    """Site-relative POSIX path -> SHA-256 hex of every file (not its .br and .gz), sorted for
    stable output."""
    return {
        rel: sha256_file(path)
        for path in sorted(site.rglob("*"))
        if path.is_file()
        and path.suffix not in ENCODED_SUFFIXES
        and (rel := path.relative_to(site).as_posix()) not in exclude
    }


def manifest_id(manifest: dict[str, str]) -> str:
    """Short content hash of a whole manifest: changes whenever any file or name changes."""
    return hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:16]


def copy_web(dest: Path) -> None:
    """Copy web/, except sw.js (a template, written last), Markdown (docs, not site content),
    the catalogues' sources (merged per language by write_catalogues) and the Chinese font's
    character list (a record for make font and its test; the page never reads it)."""
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if (
            path.is_file()
            and rel != "sw.js"
            and path.suffix != ".md"
            and not rel.startswith("i18n/")
            and not rel.endswith(".chars.txt")
        ):
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


# Browser modules the page imports from npm packages pinned in build/package.json, copied as
# they are (no bundler): site path -> file in node_modules.
NODE_MODULES = ROOT / "build" / "node_modules"
MESSAGEFORMAT = NODE_MODULES / "intl-messageformat"
VENDOR_FILES = {
    "js/vendor/idb.js": NODE_MODULES / "idb" / "build" / "index.js",
    # The GIF encoder (quantizer and LZW) the page's GIF worker imports (pictures/gif-worker.js).
    "js/vendor/gifenc.js": NODE_MODULES / "gifenc" / "dist" / "gifenc.esm.js",
    # The QR encoder of a live table's links (live/qr.js, loaded on first use).
    "js/vendor/uqr.js": NODE_MODULES / "uqr" / "dist" / "index.mjs",
    # Despite its name, the package's one self-contained ES module (no imports, no eval).
    "js/vendor/intl-messageformat.js": MESSAGEFORMAT / "intl-messageformat.iife.js",
}


def copy_vendor(dest: Path) -> None:
    """Copy the pinned third-party browser modules (the page imports them from js/vendor/)."""
    for rel, source in VENDOR_FILES.items():
        if not source.exists():
            raise SystemExit(f"{source} is missing; run `npm ci` in build/ (make does)")
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def read_catalogue(folder: Path) -> dict[str, str]:
    """One language's messages: every web/i18n/<tag>/*.json, one flat {key: message} each."""
    messages: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        part = json.loads(path.read_text())
        if not isinstance(part, dict) or not all(isinstance(v, str) for v in part.values()):
            raise SystemExit(f"{path}: not a flat {{key: message}} object")
        if clash := messages.keys() & part.keys():
            raise SystemExit(
                f"{path}: keys already in another file of {folder.name}: {sorted(clash)}"
            )
        messages.update(part)
    if not isinstance(messages.get("language.name"), str):
        raise SystemExit(f"{folder}: no language.name (the language's own name)")
    return messages


def write_catalogues(site: Path) -> list[dict[str, str]]:
    """Merge each language's folder into i18n/<tag>.json (one fetch for the page), English also
    into js/i18n/english.js; return the languages, English first. A language is one folder to
    add: web/i18n/<tag>/."""
    languages = []
    (site / "i18n").mkdir()
    for folder in sorted(p for p in (WEB / "i18n").iterdir() if p.is_dir()):
        messages = read_catalogue(folder)
        body = {"language": messages["language.name"], "messages": messages}
        (site / "i18n" / f"{folder.name}.json").write_text(json.dumps(body, ensure_ascii=False))
        languages.append({"tag": folder.name, "name": messages["language.name"]})
    if not any(lang["tag"] == "en" for lang in languages):
        raise SystemExit("web/i18n/en/ is missing: English is the reference catalogue")
    # English is also built into the page as a module, so that it can speak before any fetch.
    english = json.loads((site / "i18n" / "en.json").read_text())["messages"]
    (site / "js" / "i18n" / "english.js").write_text(
        "// Generated by build/build_site.py from web/i18n/en/; edit those files, not this one.\n"
        f"export default {json.dumps(english, ensure_ascii=False, indent=0)};\n"
    )
    return sorted(languages, key=lambda lang: (lang["tag"] != "en", lang["tag"]))


def copy_pyodide(dest: Path) -> str:
    """Copy the runtime; return its version (from the npm package that npm ci installed)."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_PACKAGE / name).exists()]
    if missing:
        raise SystemExit(
            f"Pyodide runtime incomplete in {PYODIDE_PACKAGE}: missing {missing}; "
            "run `npm ci` in build/ (make does)"
        )
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_PACKAGE / name, dest / name)
    trim_lock_file(dest / "pyodide-lock.json")
    return json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]


# micropip's and the engine's modules compiled (compile_stdlib.mjs), beside their wheels.
BYTECODE = WHEELS_DIR + "site-packages.pyc.bin"


def trim_lock_file(path: Path) -> None:
    """Keep the lock file's `info` (loadPyodide checks it) and none of its 357 packages: the page
    loads no package of Pyodide's distribution, only wheels by URL (micropip, which vendors its
    one dependency, and the engine, with deps=False). 119 kB less to fetch and parse."""
    lock = json.loads(path.read_text())
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")))


def compile_stdlib(site: Path, installer_wheels: list[str], engine_wheel: str) -> None:
    """Replace the copied python_stdlib.zip with one whose modules a boot imports are compiled
    (compile_stdlib.mjs, in the pinned Pyodide on Node), and write the engine's compiled modules."""
    (micropip,) = [w for w in installer_wheels if wheel_dist(Path(w))[0] == "micropip"]
    result = subprocess.run(
        [
            "node",
            str(ROOT / "build" / "compile_stdlib.mjs"),
            "--micropip",
            str(site / micropip),
            "--engine",
            str(site / engine_wheel),
            "--out",
            str(site / PYODIDE_DIR / "python_stdlib.zip"),
            "--bytecode",
            str(site / BYTECODE),
        ],
        cwd=ROOT / "build",
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"compile_stdlib.mjs failed:\n{result.stdout}{result.stderr}")


def copy_wheels(dest: Path) -> tuple[list[str], str, str]:
    """Copy installer and engine wheels, their entries stored (stored_zip.py: the transfer
    compression then does better); return (installer paths, engine path, engine version)."""
    dest.mkdir(parents=True)
    installers = sorted(SITE_WHEELS.glob("*.whl"))
    if not any(wheel_dist(w)[0] == "micropip" for w in installers):
        raise SystemExit(f"no micropip wheel in {SITE_WHEELS}: run build/fetch_wheels.py")
    engines = sorted(ENGINE_DIST.glob("taluva-*.whl"))
    if len(engines) != 1:
        raise SystemExit(f"expected exactly one engine wheel in {ENGINE_DIST}, found {engines}")
    for wheel in [*installers, *engines]:
        write_stored(wheel, dest / wheel.name)
    return (
        [WHEELS_DIR + w.name for w in installers],
        WHEELS_DIR + engines[0].name,
        wheel_dist(engines[0])[1],
    )


def write_webmanifest(site: Path, icon_entries: list[dict[str, str]]) -> None:
    """One web app manifest a language: manifest.webmanifest in English, manifest-<tag> for the
    others (boot.js points the page's manifest link at its language's), the description each
    language's page.description."""
    for folder in sorted(p for p in (WEB / "i18n").iterdir() if p.is_dir()):
        manifest = {
            "id": "./",
            "name": "Taluva",
            "short_name": "Taluva",
            "lang": folder.name,
            "description": read_catalogue(folder)["page.description"],
            "start_url": "./",
            "scope": "./",
            "display": "standalone",
            "background_color": icons.BACKGROUND_COLOR,
            "theme_color": icons.THEME_COLOR,
            "icons": icon_entries,
        }
        name = (
            "manifest.webmanifest" if folder.name == "en" else f"manifest-{folder.name}.webmanifest"
        )
        (site / name).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


def copy_icons(dest: Path) -> None:
    """Icons depend only on icons.py; render them once per version of it (it takes a second)."""
    key = hashlib.sha256(Path(icons.__file__).read_bytes()).hexdigest()[:16]
    cached = CACHE / "icons" / key
    if not cached.exists():
        rendering = CACHE / "icons" / f"{key}.tmp"
        shutil.rmtree(rendering, ignore_errors=True)
        icons.write_icons(rendering)
        rendering.rename(cached)
    shutil.copytree(cached, dest)


def python_version() -> str:
    lock = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    return lock["info"]["python"]


def write_boot_config(site: Path, config: dict[str, object]) -> None:
    body = json.dumps(config, indent=2, sort_keys=True)
    (site / "js" / "boot-config.js").write_text(
        "// Generated by build/build_site.py for this build; edit the script, not this file.\n"
        f"export const BOOT = Object.freeze({body});\n"
    )


def transfer_size(path: Path) -> int:
    """About what a host sends of a file with gzip (the page tells a first visit how much it
    downloads): zlib's, quicker than the build's Zopfli and within a few percent of it."""
    data = path.read_bytes()
    return min(len(data), len(zlib.compress(data, 6)))


def on_demand_files(files: Iterable[str]) -> list[str]:
    """The build's files ON_DEMAND names; each of its entries must name at least one."""
    files = list(files)
    chosen = {
        entry: [f for f in files if f == entry or f.startswith(entry) and entry.endswith("/")]
        for entry in ON_DEMAND
    }
    missing = [entry for entry, found in chosen.items() if not found]
    if missing:
        raise SystemExit(f"on-demand files not in the build: {missing}")
    return sorted(f for found in chosen.values() for f in found)


def write_service_worker(site: Path) -> str:
    """Prepend this build's file manifest to the sw.js template; return the cache version."""
    files = file_manifest(site, exclude=("sw.js", *HOST_EDITED))
    version = manifest_id(files)
    build = json.dumps(
        {"version": version, "files": files, "onDemand": on_demand_files(files)},
        indent=1,
        sort_keys=True,
    )
    template = (WEB / "sw.js").read_text()
    (site / "sw.js").write_text(
        "// Generated by build/build_site.py: this build's files and their SHA-256.\n"
        f"const BUILD = {build};\n\n{template}"
    )
    return version


def build(out: Path) -> dict[str, object]:
    staging = CACHE / "site-staging"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)

    copy_web(staging)
    copy_vendor(staging)
    pyodide_version = copy_pyodide(staging / PYODIDE_DIR)
    installer_wheels, engine_wheel, engine_version = copy_wheels(staging / WHEELS_DIR)
    compile_stdlib(staging, installer_wheels, engine_wheel)
    copy_icons(staging / "icons")
    write_webmanifest(staging, icons.manifest_entries())

    languages = write_catalogues(staging)
    boot_files = [PYODIDE_DIR + name for name in PYODIDE_FILES] + installer_wheels + [engine_wheel]
    boot_files.append(BYTECODE)
    config = {
        # Content id of everything but the generated files; shown to people when reporting bugs.
        "build": manifest_id(file_manifest(staging, exclude=GENERATED)),
        "pyodideDir": PYODIDE_DIR,
        "pyodideVersion": pyodide_version,
        "python": python_version(),
        "installerWheels": installer_wheels,
        "engineWheel": engine_wheel,
        "engineVersion": engine_version,
        "bytecode": BYTECODE,
        # what the worker downloads to boot: checked one by one when a boot fails
        "bootFiles": boot_files,
        "bootBytes": sum(transfer_size(staging / f) for f in boot_files),
        "languages": languages,
        "onDemand": list(ON_DEMAND),
    }
    write_boot_config(staging, config)
    # After boot-config.js, which the bundle holds; before the preloads and the manifest, which
    # must list the site's files as they end up.
    bundle_worker(staging, WORKER, keep_for=(PAGE_ENTRY, EMBED_ENTRY))
    bundle_embed(staging, EMBED_ENTRY, keep_for=(PAGE_ENTRY, WORKER))
    bundle_worker(staging, GIF_WORKER, keep_for=(PAGE_ENTRY, EMBED_ENTRY, WORKER))
    chunks = bundle_page(
        staging, PAGE_ENTRY, keep_for=(EMBED_ENTRY, WORKER, GIF_WORKER, CLIENT, BOOT_CONFIG)
    )
    missing = [m for m in START if m not in chunks]
    if missing:
        raise SystemExit(f"build_site: the page's start no longer imports {missing} dynamically")
    lazy = frozenset(c for m, c in chunks.items() if m != PAGE_ENTRY and m not in START)
    add_module_preloads(
        staging,
        "index.html",
        PAGE_ENTRY,
        later="page-module-preloads",
        first=chunks[EARLY_LINK],
        lazy=lazy,
    )
    # The embed loads the engine's modules only when the reader asks for the game.
    add_module_preloads(staging, "embed.html", EMBED_ENTRY, dynamic=False)
    bundle_later_sheets(staging, "index.html", SCREEN_SHEETS, keep_for=("embed.html",))
    minified = minify_site(staging)
    cache_version = write_service_worker(staging)
    compressed = precompress_site(staging, user_cache(fallback=CACHE / "precompressed"))

    # Swap in whole (a rename when on the same file system), so a failed build never leaves a
    # half-written site behind.
    old = CACHE / "site-old"
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        shutil.move(out, old)
    shutil.move(staging, out)
    shutil.rmtree(old, ignore_errors=True)
    return {**config, "cacheVersion": cache_version, "minified": minified, "compressed": compressed}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Assemble the static site.")
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    info = build(args.out.resolve())
    files = [p for p in args.out.rglob("*") if p.is_file() and p.suffix not in ENCODED_SUFFIXES]
    size = sum(p.stat().st_size for p in files)
    print(
        f"site: {args.out} ({len(files)} files, {size / 1e6:.1f} MB), build {info['build']}, "
        f"engine {info['engineVersion']}, Pyodide {info['pyodideVersion']} "
        f"(Python {info['python']}), service worker cache {info['cacheVersion']}"
    )
    before, after = info["minified"]
    print(f"minified JavaScript and CSS: {before / 1e3:.0f} kB -> {after / 1e3:.0f} kB")
    sent = info["compressed"]
    print(
        f"precompressed {sent['files']} files, {sent['bytes'] / 1e6:.2f} MB: "
        f"gzip {sent['gz'] / 1e6:.2f} MB, Brotli {sent['br'] / 1e6:.2f} MB"
    )


if __name__ == "__main__":
    sys.exit(main())
