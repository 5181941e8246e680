"""How to launch Chromium, shared by the e2e tests and the benchmarks.

The browser is the system's Chromium (found by browsers.py; Debian's `chromium`, which `make`
installs when missing), never one downloaded by Playwright. Set TALUVA_CHROMIUM to use another
binary.
"""

from __future__ import annotations

from browsers import find

# Headless in a container, and quiet on the network: no sync, no component or safe-browsing
# updates, no QUIC probing, so every request the tests see comes from the page itself.
# Without the address bar's WebUI popup: headless Chromium 156 still renders it (a renderer of
# its own, chrome://omnibox-popup) for every new tab, which doubled the CPU a test page's boot
# costs (traced: 5.3 -> 3.1 s to the game drawn); Chromium merges this list with Playwright's.
# WebRTC between two contexts of one browser (a live table's tests, e2e/test_live_transport.py):
# host candidates over loopback, and as addresses rather than mDNS names.
LAUNCH_ARGS = [
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,"
    "WebRtcHideLocalIpsWithMdns",
    "--allow-loopback-in-peer-connection",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str:
    return find("chromium")


def launch_options() -> dict[str, object]:
    """Keyword arguments for Playwright's chromium.launch()."""
    return {"executable_path": find_chromium(), "args": list(LAUNCH_ARGS)}
