"""Helpers shared by the browser tests (conftest.py holds the fixtures)."""

from __future__ import annotations

import json
from pathlib import Path

BOOT_TIMEOUT_MS = 90_000  # a cold boot takes seconds; this only bounds a broken one
SETTLED = 'body[data-engine="ready"], body[data-engine="error"]'


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
