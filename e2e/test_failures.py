"""A boot that cannot succeed ends in a clear message on the page, never a blank or frozen one."""

from __future__ import annotations

from fnmatch import fnmatch

import pytest

from support import BOOT_TIMEOUT_MS, SETTLED, boot_config


def boot_error(page) -> dict:
    page.wait_for_selector(SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.engine") == "error"
    assert page.is_visible("#boot-error")
    assert page.is_visible("#boot-retry")
    rejected = page.evaluate("window.taluva.ready.then(() => null, (e) => e.kind)")
    return {
        "kind": rejected,
        "message": page.text_content("#boot-error-message"),
        "hint": page.text_content("#boot-error-hint"),
    }


@pytest.mark.parametrize(
    "missing",
    [
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "wheels/micropip*",
        "wheels/taluva-*.whl",
        "wheels/site-packages.pyc.bin",  # micropip's and the engine's modules compiled
    ],
)
def test_a_missing_file_is_named(page, server, site_dir, missing):
    [path] = [f for f in boot_config(site_dir)["bootFiles"] if fnmatch(f, missing)]
    server.missing.add(f"/{path}")
    page.goto(server.url)
    error = boot_error(page)
    assert error["kind"] == "missing-file"
    assert path in error["message"] and "404" in error["message"]
    assert error["hint"]


def test_a_dropped_connection_is_reported_as_a_network_failure(page, server):
    server.dropped.add("/pyodide/python_stdlib.zip")
    page.goto(server.url)
    error = boot_error(page)
    assert error["kind"] == "network"
    assert "pyodide/python_stdlib.zip" in error["message"]
    assert "connection" in error["hint"]


def test_a_missing_worker_script_is_reported(page, server):
    server.missing.add("/js/engine/worker.js")
    page.goto(server.url)
    error = boot_error(page)
    assert error["kind"] == "worker-failed"
    assert "could not be loaded" in error["message"]


def test_webassembly_refused_by_the_server_policy(page, server):
    # A host whose header policy lacks 'wasm-unsafe-eval': the worker, bound by the header,
    # may not compile WebAssembly.
    server.csp = "default-src 'self'; script-src 'self'"
    page.goto(server.url)
    error = boot_error(page)
    assert error["kind"] == "wasm-refused"
    assert "wasm-unsafe-eval" in error["message"]


def test_a_stalled_download_times_out(page, server):
    server.stalled.add("/pyodide/python_stdlib.zip")
    page.goto(server.url + "?bootTimeoutMs=4000")
    error = boot_error(page)
    assert error["kind"] == "timeout"
    assert "did not start within 4 s" in error["message"]


def test_retry_boots_once_the_fault_is_gone(page, server):
    server.missing.add("/pyodide/pyodide.asm.wasm")
    page.goto(server.url)
    boot_error(page)
    server.missing.clear()
    page.click("#boot-retry")
    page.wait_for_selector('body[data-engine="ready"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.taluva.call('ping', {})") == "pong"


def test_without_boot_script_the_page_still_says_something(page, server):
    # If boot.js never runs (blocked, failed, too old a browser), CSS alone reveals a note.
    server.missing.add("/js/boot.js")
    page.goto(server.url)
    # The note's 10 s (a CSS animation's delay) run at once: the animation is finished, not waited.
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    page.wait_for_selector(".boot-stuck", state="visible", timeout=5_000)
    assert page.evaluate("document.body.dataset.engine") == "loading"
