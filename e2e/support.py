"""Helpers shared by the browser tests (conftest.py holds the fixtures)."""

from __future__ import annotations

import json
import struct
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import HTTPServer
from pathlib import Path

BOOT_TIMEOUT_MS = 90_000  # a cold boot takes seconds; this only bounds a broken one
SETTLED = 'body[data-engine="ready"], body[data-engine="error"]'


def watched(page, seen: list[str]):
    """`page`, its console errors and uncaught exceptions (its workers' too) noted in `seen`."""
    page.on(
        "console", lambda m: seen.append(f"console.error: {m.text}") if m.type == "error" else None
    )
    page.on("pageerror", lambda e: seen.append(f"uncaught: {e}"))
    return page


def record_texts(page, element_id: str) -> str:
    """From the page's next load on, every text the element ``element_id`` shows, in order (a
    text once while it stays); returns the expression that reads them (``page.evaluate``)."""
    key = json.dumps(element_id)
    page.add_init_script(
        f"""{{
        const seen = ((window.__texts ??= {{}})[{key}] = []);
        new MutationObserver(() => {{
          const text = document.getElementById({key})?.textContent;
          if (text && text !== seen.at(-1)) seen.push(text);
        }}).observe(document, {{ subtree: true, childList: true, characterData: true }});
        }}"""
    )
    return f"window.__texts[{key}]"


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


def pixel_at(page, x: int, y: int) -> tuple[int, int, int]:
    """The colour on screen at (x, y): a 1x1 screenshot, decoded (one row of one pixel, whatever
    its PNG filter, is the pixel itself: every filter predicts it from zeros)."""
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    at, data = 8, b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    row = zlib.decompress(data)
    return tuple(row[1:4])


@contextmanager
def serving(server: HTTPServer) -> Iterator[HTTPServer]:
    """`server` answering on a thread of its own while the block runs, closed after it."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
