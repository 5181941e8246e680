"""After one visit the game boots and answers with the network off and the server gone."""

from __future__ import annotations

import shutil

import build_site
from bench_boot import SNAPSHOT_CACHE, SNAPSHOTS_KEPT
from serve import SiteServer
from support import wait_offline_ready, wait_ready, wait_until

# The service worker's caches: the engine's memory snapshot has its own (test_snapshot.py).
CACHE_NAMES = (
    "caches.keys().then(keys => keys.filter("
    f"k => k.startsWith('taluva ') && k !== {SNAPSHOT_CACHE!r}))"
)


def test_reload_with_network_off_and_server_stopped(page, server):
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    wait_until(lambda: page.evaluate(SNAPSHOTS_KEPT) == 1)

    page.context.set_offline(True)
    server.stop()
    page.reload()
    wait_ready(page)
    # restored from the memory snapshot: no Python start-up, no install, and no network
    assert page.evaluate("window.taluva.ready.then(info => info.route)") == "snapshot"
    assert page.evaluate("window.taluva.call('ping', {})") == "pong"

    # a second visit (a new tab) works offline too
    again = page.context.new_page()
    again.goto(server.url)
    wait_ready(again)
    assert again.evaluate("window.taluva.call('version', {})") == page.evaluate(
        "window.taluva.call('version', {})"
    )


def test_offline_cache_holds_exactly_this_build(page, server, site_dir):
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    names = page.evaluate(CACHE_NAMES)
    assert len(names) == 1, names  # the scratch cache of the first visit is gone too
    cached = page.evaluate(
        f"caches.open({names[0]!r}).then(c => c.keys()).then(rs => rs.map(r => r.url))"
    )
    files = build_site.file_manifest(site_dir, ("sw.js", *build_site.HOST_EDITED))
    expected = {server.url + path for path in files if not path.startswith("bench-minimal/")}
    # the game page in English fetches no Chinese font and no embed: neither is cached
    on_demand = {server.url + path for path in build_site.on_demand_files(files)}
    assert (
        server.url + "fonts/taluva-tc.woff2" in on_demand and server.url + "embed.html" in on_demand
    )
    assert set(cached) == expected - on_demand


def test_a_chinese_first_visit_keeps_its_font_for_offline_visits(page, server):
    """The on-demand font is cached where the page used it: a zh-Hant page with no system CJK
    font before "Taluva TC" in its font lists (this test's Chromium) draws its text with it."""
    font = server.url + "fonts/taluva-tc.woff2"
    page.goto(f"{server.url}#lang=zh-Hant")
    wait_ready(page)
    wait_offline_ready(page)
    wait_until(lambda: page.evaluate(SNAPSHOTS_KEPT) == 1)
    [name] = page.evaluate(CACHE_NAMES)
    assert page.evaluate(f"caches.open({name!r}).then(c => c.match({font!r})).then(r => !!r)")

    page.context.set_offline(True)
    server.stop()
    offline = page.context.new_page()
    offline.goto(f"{server.url}#lang=zh-Hant")  # the link's language is not remembered
    wait_ready(offline)
    assert offline.evaluate("document.documentElement.lang") == "zh-Hant"
    faces = offline.evaluate(
        """async () => (await document.fonts.load('16px "Taluva TC"', "島嶼"))
            .map((face) => face.status)"""
    )
    assert faces == ["loaded"]


def test_a_page_in_charge_caches_the_font_when_it_first_needs_it(page, server):
    """English first (no font), then Chinese: the service worker caches the font as it comes."""
    font = server.url + "fonts/taluva-tc.woff2"
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    [name] = page.evaluate(CACHE_NAMES)
    has_font = f"caches.open({name!r}).then(c => c.match({font!r})).then(r => !!r)"
    assert not page.evaluate(has_font)
    chinese = page.context.new_page()
    chinese.goto(f"{server.url}#lang=zh-Hant")
    wait_ready(chinese)
    assert chinese.evaluate("navigator.serviceWorker.controller !== null")
    assert chinese.evaluate("document.documentElement.lang") == "zh-Hant"
    wait_until(lambda: chinese.evaluate(has_font))


def test_a_new_build_replaces_the_old_cache(page, tmp_path, site_dir):
    """Deploy build 1, visit, deploy build 2: build 2 takes over and build 1's cache is deleted."""
    v1, v2, live = tmp_path / "v1", tmp_path / "v2", tmp_path / "live"
    shutil.copytree(site_dir, v1, ignore=shutil.ignore_patterns("bench-minimal"))
    shutil.copytree(v1, v2)
    marker = "/* build 2 */"
    with (v2 / "css" / "boot.css").open("a") as css:
        css.write(f"\n{marker}\n")
    build_site.write_service_worker(v2)
    for changed in ("css/boot.css", "sw.js"):  # their precompressed twins are build 1's
        (v2 / f"{changed}.br").unlink()
        (v2 / f"{changed}.gz").unlink()
    live.symlink_to(v1, target_is_directory=True)

    srv = SiteServer(live).start()
    try:
        page.goto(srv.url)
        wait_ready(page)
        wait_offline_ready(page)
        [old_cache] = page.evaluate(CACHE_NAMES)

        live.unlink()
        live.symlink_to(v2, target_is_directory=True)  # "deploy" build 2 on the same origin
        page.reload()  # still build 1, from its cache; the browser finds the new sw.js
        wait_ready(page)
        # build 2 installs beside build 1, takes over once this page has booted, and build 1's
        # cache is deleted
        wait_until(
            lambda: (
                (names := page.evaluate(CACHE_NAMES)) and names != [old_cache] and len(names) == 1
            )
        )
        page.reload()
        wait_ready(page)
        css = page.evaluate("fetch('css/boot.css').then(r => r.text())")
        assert marker in css
    finally:
        srv.stop()
