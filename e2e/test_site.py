"""What the build ships: every file precached by hash, an installable app, pinned versions."""

from __future__ import annotations

import gzip
import json
import re
import struct
import tempfile
import time
import urllib.request
import zipfile

import brotli
import pytest

import build_site
import bundle_css
import chromium
import precompress
from game_driver import wait_game_ready
from module_preload import module_graph
from support import boot_config, wait_offline_ready
from taluva import __version__ as ENGINE_VERSION


def sw_build(site_dir) -> dict:
    text = (site_dir / "sw.js").read_text()
    start = text.index("const BUILD = ") + len("const BUILD = ")
    return json.loads(text[start : text.index(";\n", start)])


def test_service_worker_lists_every_file_with_its_hash(site_dir):
    build = sw_build(site_dir)
    actual = {
        path: digest
        for path, digest in build_site.file_manifest(
            site_dir, ("sw.js", *build_site.HOST_EDITED)
        ).items()
        if not path.startswith("bench-minimal/")
    }  # written later by make bench-boot
    assert build["files"] == actual
    assert build["version"] == build_site.manifest_id(actual)


def test_boot_config_names_the_pinned_runtime_and_the_engine(site_dir):
    config = boot_config(site_dir)
    package = json.loads((build_site.ROOT / "build" / "package.json").read_text())
    assert config["pyodideVersion"] == package["dependencies"]["pyodide"]
    assert config["engineVersion"] == ENGINE_VERSION
    assert any("micropip-0.11.1" in w for w in config["installerWheels"])
    for path in config["bootFiles"]:
        assert (site_dir / path).is_file(), path


def test_icons_are_real_pngs_of_the_declared_size(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    pngs = [i for i in manifest["icons"] if i["type"] == "image/png"]
    assert {i["sizes"] for i in pngs} >= {"192x192", "512x512"}
    assert any(i.get("purpose") == "maskable" for i in pngs)
    for icon in pngs:
        data = (site_dir / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_the_app_is_installable(playwright, server):
    # Chromium refuses to call an incognito context installable, so use a real profile.
    with tempfile.TemporaryDirectory(prefix="taluva-e2e-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, **chromium.launch_options()
        )
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_offline_ready(page)
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["errors"] == []
        finally:
            context.close()


def test_the_engine_worker_is_one_file_holding_its_modules(site_dir):
    """build/bundle_worker.py: the worker's code comes in one request; modules only it imported
    are left out, those the page imports too stay."""
    assert module_graph(site_dir, build_site.WORKER) == [build_site.WORKER]
    bundled = (site_dir / build_site.WORKER).read_text()
    assert "bootFiles" in bundled  # js/boot-config.js's BOOT, inlined
    assert not (site_dir / "js/engine/snapshot-file.js").exists()
    # The page imports it too: it is in the page's bundle as well (bundle_page.py).
    assert not (site_dir / "js/engine/boot-fetch.js").exists()
    assert "js/engine/snapshot-file.js" not in sw_build(site_dir)["files"]


def test_the_embed_draws_from_a_few_preloaded_files_and_loads_the_rest_after(site_dir):
    """build/bundle_embed.py: the embed's first picture needs its entry and a shared chunk or two,
    all preloaded; the preview's words and the player come as chunks of their own afterwards;
    the engine's client stays beside its worker."""
    first = module_graph(site_dir, build_site.EMBED_ENTRY, dynamic=False)
    assert first[0] == build_site.EMBED_ENTRY and 2 <= len(first) <= 4, first
    html = (site_dir / "embed.html").read_text()
    for chunk in first[1:]:
        assert re.fullmatch(r"js/embed/chunk-\w+\.js", chunk)
        assert f'<link rel="modulepreload" href="{chunk}">' in html
    later = module_graph(site_dir, build_site.EMBED_ENTRY)
    for part in ("preview", "player"):
        assert any(re.fullmatch(rf"js/embed/{part}-\w+\.js", m) for m in later), later
    assert "js/engine/client.js" in later and "js/engine/client.js" not in first
    assert not (site_dir / "js/embed/preview.js").exists()  # bundled, and only the embed's
    assert all(m in sw_build(site_dir)["files"] for m in later)


# The features a first game does not need: each a chunk of its own, loaded on first use.
LAZY_FEATURES = ("review-dialog", "gif", "lesson", "games-dialog", "bylink", "live", "uqr")


def test_the_page_is_a_few_chunks_and_its_features_load_on_first_use(site_dir):
    """build/bundle_page.py: the page's ~80 modules are a few files of js/; the start's chunks are
    preloaded, the features' are not, and the offline copy holds every one."""
    html = (site_dir / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)"', html))
    everything = module_graph(site_dir, build_site.PAGE_ENTRY)
    start = module_graph(site_dir, build_site.PAGE_ENTRY, dynamic=False)
    assert preloaded >= set(start[1:]) and build_site.CLIENT in preloaded
    assert all(re.fullmatch(r"js/[\w-]+\.js", m) for m in everything if m != build_site.CLIENT)
    assert len(everything) < 32, everything  # 28 before the live table and its QR encoder
    for feature in LAZY_FEATURES:
        (chunk,) = [m for m in everything if re.fullmatch(rf"js/{feature}-\w+\.js", m)]
        assert chunk not in preloaded, chunk
    files = sw_build(site_dir)["files"]
    assert all(m in files for m in everything)
    assert not (site_dir / "js/screen").exists()  # bundled, and only the page's


def test_every_module_the_page_loads_is_preloaded_by_the_build(booted, site_dir):
    """module_preload.py finds the whole graph: a module it missed would load a round trip late."""
    wait_game_ready(booted)
    preloaded = set(
        booted.eval_on_selector_all("link[rel=modulepreload]", "ls => ls.map(l => l.href)")
    )
    loaded = set(
        booted.evaluate(
            """() => performance.getEntriesByType("resource")
                 .map((e) => e.name).filter((n) => n.endsWith(".js"))"""
        )
    )
    base = booted.evaluate("new URL('./', document.baseURI).href")
    # The engine worker's modules show in the page's timeline too; they are the worker's to load.
    worker = {base + path for path in module_graph(site_dir, "js/engine/worker.js")}
    assert f"{base}js/boot.js" in loaded and f"{base}js/engine/worker.js" in loaded
    assert len(preloaded) >= 4  # the start's chunks (bundle_page.py)
    scripts = {
        f"{base}js/{name}.js" for name in ("boot", "browser-check", "start-look")
    }  # <script>s
    assert loaded - scripts - (worker - preloaded) == preloaded


def test_each_language_has_its_manifest_and_the_page_links_it(site_dir, booted, server):
    """The installed app's description in the person's language."""
    for folder in (build_site.WEB / "i18n").iterdir():
        name = (
            "manifest.webmanifest" if folder.name == "en" else f"manifest-{folder.name}.webmanifest"
        )
        manifest = json.loads((site_dir / name).read_text())
        assert manifest["lang"] == folder.name
        assert manifest["description"] == build_site.read_catalogue(folder)["page.description"]
    booted.goto(server.url + "?manifest#lang=fr")  # a new document, not a hash change
    booted.wait_for_selector('html[lang="fr"]', state="attached")
    assert booted.get_attribute('link[rel="manifest"]', "href") == "manifest-fr.webmanifest"


def test_the_standard_library_holds_only_what_a_boot_imports_compiled(site_dir):
    """Pyodide ships its whole standard library as source; the site's copy holds only the modules
    a boot imports (Python's start-up, micropip's and the engine's), as bytecode of the pinned
    Python (compile_stdlib.mjs). make test-pyodide checks that the engine needs no other."""
    stock = zipfile.ZipFile(build_site.PYODIDE_PACKAGE / "python_stdlib.zip")
    site = zipfile.ZipFile(site_dir / build_site.PYODIDE_DIR / "python_stdlib.zip")
    assert all(n.endswith(".pyc") for n in site.namelist())
    compiled = {n.removesuffix("c") for n in site.namelist()}
    boot = {"asyncio/__init__.py", "json/decoder.py", "zipfile/__init__.py", "random.py"}
    assert boot <= compiled
    assert compiled < set(stock.namelist())
    assert "unittest/__init__.py" not in compiled and "xml/__init__.py" not in compiled
    magics = set()
    for name in site.namelist():
        header = site.read(name)[:16]
        magics.add(header[:4])
        # PEP 552: hash-based, unchecked (zipimport then never looks for the source)
        assert int.from_bytes(header[4:8], "little") == 0b01, name
    assert len(magics) == 1 and next(iter(magics)).endswith(b"\r\n"), magics


def test_precompressed_results_are_kept_per_user_and_unused_ones_forgotten(tmp_path, monkeypatch):
    """build/precompress.py keeps its results where every clone finds them (or in the clone when
    the user's cache cannot be written), and removes those unused for 60 days, never one being
    written."""
    own = tmp_path / "clone" / "precompressed"
    monkeypatch.delenv("TALUVA_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert precompress.user_cache(own) == tmp_path / "taluva" / "precompressed"
    monkeypatch.setenv("TALUVA_CACHE", str(tmp_path / "mine"))
    assert precompress.user_cache(own) == tmp_path / "mine" / "precompressed"
    # No home to write to (a file where the folder would go): the clone's own cache.
    (tmp_path / "blocked").write_text("")
    monkeypatch.setenv("TALUVA_CACHE", str(tmp_path / "blocked"))
    assert precompress.user_cache(own) == own
    cache = tmp_path / "kept"
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.js").write_text("let a = 1;\n" * 400)
    precompress.precompress_site(site, cache)
    kept = sorted(cache.iterdir())
    assert [p.suffix for p in kept] == [".br", ".gz"]
    writing = cache / "0123.br.99.tmp"
    writing.write_bytes(b"")
    later = time.time() + precompress.UNUSED_FOR_S + 60
    assert precompress.forget_unused(cache, now=later) == 2
    assert list(cache.iterdir()) == [writing]


def test_compressible_files_have_precompressed_twins_that_decode_to_them(site_dir):
    """build/precompress.py: a .br and a .gz beside each compressible file, the same bytes once
    decoded; none beside what is compressed already. The standard library's zip and the wheels
    are compressible: their entries are stored (stored_zip.py, compile_stdlib.mjs)."""
    texts = [
        p
        for p in precompress.compressible_files(site_dir)
        if p.stat().st_size > 2000 and not p.is_relative_to(site_dir / "bench-minimal")
    ]  # bench_boot.py's page, left beside the build, has the stock (deflated) zip
    assert site_dir / "pyodide/pyodide.asm.wasm" in texts and site_dir / "index.html" in texts
    archives = [site_dir / "pyodide/python_stdlib.zip", *site_dir.glob("wheels/*.whl")]
    assert len(archives) == 3 and set(archives) <= set(texts)
    for archive in archives:
        entries = zipfile.ZipFile(archive).infolist()
        assert {e.compress_type for e in entries} == {zipfile.ZIP_STORED}, archive
    for wheel in site_dir.glob("wheels/*.whl"):  # the very files of the wheel it was made from
        [original] = [
            *build_site.SITE_WHEELS.glob(wheel.name),
            *build_site.ENGINE_DIST.glob(wheel.name),
        ]
        stored, deflated = zipfile.ZipFile(wheel), zipfile.ZipFile(original)
        assert stored.namelist() == deflated.namelist()
        assert all(stored.read(n) == deflated.read(n) for n in stored.namelist()), wheel
    for path in texts:
        original = path.read_bytes()
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == original, path
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == original, path
    assert not list(site_dir.glob("**/*.png.gz")) and not list(site_dir.glob("**/*.woff2.br"))


def test_the_server_sends_a_precompressed_file_the_browser_accepts(server, site_dir):
    def get(path: str, accept: str) -> tuple[str | None, bytes]:
        request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Vary"] == "Accept-Encoding"
            return response.headers["Content-Encoding"], response.read()

    original = (site_dir / "js/boot.js").read_bytes()
    encoding, body = get("js/boot.js", "gzip, deflate, br")
    assert encoding == "br" and brotli.decompress(body) == original
    encoding, body = get("js/boot.js", "gzip")
    assert encoding == "gzip" and gzip.decompress(body) == original
    assert get("js/boot.js", "identity") == (None, original)
    encoding, body = get("", "br")  # the index of the folder
    assert encoding == "br" and brotli.decompress(body) == (site_dir / "index.html").read_bytes()


def test_the_page_javascript_and_css_are_minified(site_dir):
    for path in ("js/boot.js", "js/engine/client.js", "css/boot.css"):
        text = (site_dir / path).read_text()
        assert "// " not in text and "/* " not in text and "\n  " not in text, path
        assert len(text) < 0.8 * len((build_site.WEB / path).read_text()), path
    joined = (site_dir / build_site.SCREEN_SHEETS).read_text()
    sources = bundle_css.later_sheets((build_site.WEB / "index.html").read_text())
    assert "/* " not in joined and "\n  " not in joined
    assert len(joined) < 0.8 * sum(len((build_site.WEB / m.group(1)).read_text()) for m in sources)


def test_only_the_first_frames_sheets_hold_up_the_page_and_the_rest_are_one_file(site_dir):
    """index.html: the palette, the boot screen and a link's early board render-blocking; the game
    screen's sheets one file, media="print" until base/sheets.js turns it on; the files joined in
    it gone from the site and from the service worker's manifest, but for embed.html's."""
    sheets = re.findall(r"<link rel=\"stylesheet\"[^>]*>", (site_dir / "index.html").read_text())
    assert sheets == [
        '<link rel="stylesheet" href="css/palette.css">',
        '<link rel="stylesheet" href="css/boot.css">',
        '<link rel="stylesheet" href="css/pictures.css">',
        f'<link rel="stylesheet" href="{build_site.SCREEN_SHEETS}" media="print" data-later>',
    ]
    files = sw_build(site_dir)["files"]
    embed = re.findall(
        r'<link rel="stylesheet" href="([^"]+)"', (site_dir / "embed.html").read_text()
    )
    joined = [
        m.group(1) for m in bundle_css.later_sheets((build_site.WEB / "index.html").read_text())
    ]
    assert len(joined) >= 9 and "css/game.css" in joined
    for sheet in joined:
        assert (sheet in files) == (sheet in embed) == (site_dir / sheet).exists(), sheet
    assert build_site.SCREEN_SHEETS in files and all(s in files for s in embed)


def test_the_joined_sheets_keep_the_links_order_and_texts(tmp_path):
    """bundle_css.py: the later sheets' texts in their links' order (the cascade's), one link in
    their place; a sheet another page links stays; a sheet linked between them stops the build."""
    (tmp_path / "css").mkdir()
    for name, rule in (("a", "p{color:red}"), ("b", "p{color:blue}"), ("c", "p{color:green}")):
        (tmp_path / "css" / f"{name}.css").write_text(rule + "\n")
    later = '  <link rel="stylesheet" href="css/{}.css" media="print" data-later>\n'
    head = '  <link rel="stylesheet" href="css/first.css">\n'
    (tmp_path / "index.html").write_text(head + "".join(later.format(n) for n in "bca") + "<p>\n")
    (tmp_path / "embed.html").write_text('<link rel="stylesheet" href="css/c.css">\n')
    joined = bundle_css.bundle_later_sheets(tmp_path, "index.html", "css/all.css", ("embed.html",))
    assert joined == ["css/b.css", "css/c.css", "css/a.css"]
    text = (tmp_path / "css" / "all.css").read_text()
    assert [text.index(c) for c in ("blue", "green", "red")] == sorted(
        text.index(c) for c in ("blue", "green", "red")
    )
    assert (tmp_path / "index.html").read_text() == head + later.format("all") + "<p>\n"
    assert sorted(p.name for p in (tmp_path / "css").iterdir()) == ["all.css", "c.css"]
    split = head.join(later.format(n) for n in "ab")
    with pytest.raises(SystemExit, match="follow each other"):
        bundle_css.later_sheets(split)
