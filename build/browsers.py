"""Where Firefox ESR and WebKitGTK are, for the browser tests in those engines (e2e/other_browsers).

Beside chromium.py, and like it: system browsers from Debian's packages (`firefox-esr`,
`webkit2gtk-driver`, and `xvfb` for WebKitGTK's window), which `make other-browsers` installs
when missing; never a browser a test tool downloads. Each can be pointed elsewhere with an
environment variable. A browser that is missing fails the tests with this module's message.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
from pathlib import Path

from chromium import BrowserMissing

INSTALL_HINT = "run `make other-browsers` (installs Debian's firefox-esr, webkit2gtk-driver, xvfb)"


def _find(what: str, variable: str, candidates: tuple[str, ...]) -> str:
    override = os.environ.get(variable)
    if override:
        if not Path(override).is_file():
            raise BrowserMissing(f"{variable}={override} does not exist")
        return override
    for candidate in candidates:
        found = candidate if Path(candidate).is_file() else shutil.which(candidate)
        if found:
            return found
    raise BrowserMissing(
        f"no {what} found (looked for {', '.join(candidates)}): {INSTALL_HINT}, or set {variable}"
    )


def find_firefox() -> str:
    return _find("Firefox", "TALUVA_FIREFOX", ("/usr/bin/firefox-esr", "firefox-esr", "firefox"))


def find_webkit_driver() -> str:
    return _find("WebKitWebDriver", "TALUVA_WEBKIT_DRIVER", ("/usr/bin/WebKitWebDriver",))


def find_minibrowser() -> str:
    """WebKitGTK's MiniBrowser, the browser WebKitWebDriver drives (webkit2gtk-driver ships it)."""
    found = tuple(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")))
    return _find("WebKitGTK MiniBrowser", "TALUVA_MINIBROWSER", found or ("MiniBrowser",))


def find_xvfb() -> str:
    """MiniBrowser needs an X display even without a screen: a virtual one."""
    return _find("Xvfb", "TALUVA_XVFB", ("/usr/bin/Xvfb", "Xvfb"))


FINDERS = {
    "firefox": find_firefox,
    "webkit-driver": find_webkit_driver,
    "minibrowser": find_minibrowser,
    "xvfb": find_xvfb,
}


if __name__ == "__main__":
    missing = []
    for name, finder in FINDERS.items():
        try:
            print(f"{name}: {finder()}")
        except BrowserMissing as error:
            missing.append(str(error))
    if missing:
        print("\n".join(missing), file=sys.stderr)
        sys.exit(1)
