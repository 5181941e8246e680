"""Where the browser is and how to launch it, shared by the e2e tests and the boot benchmark.

The browser is the system's Chromium (Debian's `chromium`, which `make` installs when missing),
never one downloaded by Playwright. Set TALUVA_CHROMIUM to use another binary.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser")

# Headless in a container, and quiet on the network: no sync, no component or safe-browsing
# updates, no QUIC probing, so every request the tests see comes from the page itself.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class BrowserMissing(RuntimeError):
    pass


def find_chromium() -> str:
    override = os.environ.get("TALUVA_CHROMIUM")
    if override:
        if not Path(override).is_file():
            raise BrowserMissing(f"TALUVA_CHROMIUM={override} does not exist")
        return override
    for candidate in CANDIDATES:
        found = candidate if Path(candidate).is_file() else shutil.which(candidate)
        if found:
            return found
    raise BrowserMissing(
        "no Chromium found (looked for /usr/bin/chromium, chromium, chromium-browser): "
        "run `make chromium` (installs Debian's chromium package) or set TALUVA_CHROMIUM"
    )


def launch_options() -> dict[str, object]:
    """Keyword arguments for Playwright's chromium.launch()."""
    return {"executable_path": find_chromium(), "args": list(LAUNCH_ARGS)}


if __name__ == "__main__":
    try:
        print(find_chromium())
    except BrowserMissing as missing:
        raise SystemExit(str(missing)) from None
