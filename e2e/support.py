"""Helpers shared by the browser tests (conftest.py holds the fixtures)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

BOOT_TIMEOUT_MS = 90_000  # a cold boot takes seconds; this only bounds a broken one
SETTLED = 'body[data-engine="ready"], body[data-engine="error"]'


def is_page_error(message) -> bool:
    """Whether a console message is an error of the page's. Not the /favicon.ico 404 Chromium
    logs for the script document a warm page empties its storage from (conftest.py's forget;
    the site's own pages name their icon), which may come once a test has begun listening."""
    url = message.location.get("url", "")
    return message.type == "error" and not url.endswith("/favicon.ico")


def wait_ready(page) -> None:
    page.wait_for_selector(SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("document.body.dataset.engine")
    if state != "ready":
        message = page.text_content("#boot-error") or ""
        raise AssertionError(f"engine did not boot ({state}): {' '.join(message.split())}")


def wait_offline_ready(page) -> None:
    page.wait_for_selector(
        'body[data-offline="ready"], body[data-offline="failed"]',
        state="attached",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert page.evaluate("document.body.dataset.offline") == "ready"


def boot_config(site: Path) -> dict:
    """The BOOT object the build wrote into js/boot-config.js."""
    text = (site / "js" / "boot-config.js").read_text()
    return json.loads(
        text[text.index("Object.freeze(") + len("Object.freeze(") : text.rindex(");")]
    )


def wait_until(probe: Callable[[], object], timeout_s: float = 60, every_s: float = 0.25):
    """Poll `probe` from Python until it returns something truthy; return that.

    For conditions behind a promise (Cache Storage, say): Playwright's wait_for_function does not
    await a promise, and it eval()s expressions inside the page, which the page's CSP refuses.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        result = probe()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout_s} s (last: {result!r})")
        time.sleep(every_s)
