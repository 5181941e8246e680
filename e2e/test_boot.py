"""The page boots Pyodide in a worker, installs the engine wheel, answers via window.taluva."""

from __future__ import annotations

import build_site
from support import BOOT_TIMEOUT_MS, boot_config, record_texts, wait_offline_ready, wait_ready
from taluva import __version__ as ENGINE_VERSION


def test_engine_answers_through_the_page_api(booted):
    assert booted.evaluate("window.taluva.call('ping', {})") == "pong"
    assert booted.evaluate("window.taluva.call('version', {})") == ENGINE_VERSION
    info = booted.evaluate("window.taluva.ready")
    assert info["engine"] == ENGINE_VERSION
    assert info["python"].startswith("3.")


def test_engine_errors_reject_with_their_type(booted):
    error = booted.evaluate(
        """window.taluva.call('noSuchMethod', {}).then(
            () => null, (e) => ({ name: e.name, type: e.type, message: e.message }))"""
    )
    assert error["name"] == "EngineError"
    assert error["type"] == "UnknownMethod"
    assert "noSuchMethod" in error["message"]


def test_calls_made_while_booting_wait_for_the_ready_gate(page, server):
    page.goto(server.url, wait_until="commit")
    # A function, not an expression: Playwright would eval() an expression inside the page,
    # which this page's CSP (rightly) refuses.
    page.wait_for_function(
        "() => typeof window.taluva?.call === 'function'", timeout=BOOT_TIMEOUT_MS
    )
    state, answer = page.evaluate(
        """async () => {
            const state = document.body.dataset.engine;
            return [state, await window.taluva.call('ping', {})];
        }"""
    )
    assert state == "booting"  # the call really was made before the engine was up
    assert answer == "pong"


def test_boot_progress_is_shown_until_ready(page, server):
    # Record every status line the boot screen shows, from the first one on.
    status_lines = record_texts(page, "boot-status")
    page.add_init_script(
        """
        window.__runtimeBar = [];
        setInterval(() => {
            const status = document.getElementById('boot-status')?.textContent ?? '';
            if (status.includes('Python runtime')) {
                window.__runtimeBar.push(document.getElementById('boot-progress').value);
            }
        }, 200);
        """
    )
    page.goto(server.url)
    wait_ready(page)
    lines = page.evaluate(status_lines)
    for expected in (
        "Python runtime",
        "package installer",
        "Installing the Taluva engine",
        "Engine ready",
    ):
        assert any(expected in line for line in lines), (expected, lines)
    # Pyodide's start-up reports nothing, yet the bar keeps moving (and stays below the next stage)
    runtime_bar = page.evaluate("window.__runtimeBar")
    assert len(set(runtime_bar)) > 1 and max(runtime_bar) < 60, runtime_bar
    assert page.evaluate("document.getElementById('boot-progress').value") == 100
    assert page.is_visible("#boot-error") is False


def test_first_visit_downloads_the_game_once(page, server, site_dir):
    """The offline precache reuses the boot's downloads rather than fetching ~13 MB again."""
    server.take_bytes()
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    served = server.take_bytes()
    files = [p for p in build_site.file_manifest(site_dir) if not p.startswith("bench-minimal/")]

    def sent(path: str) -> int:  # as the server sends it to Chromium: Brotli where the build has it
        brotli = site_dir / f"{path}.br"
        return (brotli if brotli.exists() else site_dir / path).stat().st_size

    build_bytes = sum(sent(path) for path in files)
    boot_bytes = sum(sent(path) for path in boot_config(site_dir)["bootFiles"])
    # Every file of the build once (the boot's, the rest by the precache), plus HTTP headers
    # (under 1 kB a response, the policy header included; at most two responses a file: the
    # page's and the precache's revalidation); a second copy of anything big would blow this.
    headers = 2 * 1_000 * len(files)
    assert boot_bytes < served < build_bytes + headers, (served, build_bytes)
