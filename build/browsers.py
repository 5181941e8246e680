"""Where the system browsers are, for the e2e tests and the benchmarks.

Every browser is the system's own, from a Debian package that `make chromium` or `make
other-browsers` installs when missing (Chromium; Firefox ESR and WebKitGTK, whose MiniBrowser
needs an Xvfb display), never one a test tool downloads. Each can be pointed elsewhere with an
environment variable. A browser that is missing fails the tests with this module's message.

Run as a script, it prints where the named browsers are (exit status 1 if one is missing), or
with --packages the Debian packages that hold them: the Makefile installs those.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path


class BrowserMissing(RuntimeError):
    pass


@dataclass(frozen=True)
class Browser:
    what: str  # as messages name it
    variable: str  # the environment variable naming another binary
    candidates: tuple[str, ...]  # paths (glob patterns allowed) or names on PATH, first found wins
    package: str  # the Debian package that holds it
    target: str  # the make target that installs that package


BROWSERS = {
    "chromium": Browser(
        "Chromium",
        "TALUVA_CHROMIUM",
        ("/usr/bin/chromium", "chromium", "chromium-browser"),
        "chromium",
        "chromium",
    ),
    "firefox": Browser(
        "Firefox",
        "TALUVA_FIREFOX",
        ("/usr/bin/firefox-esr", "firefox-esr", "firefox"),
        "firefox-esr",
        "other-browsers",
    ),
    "webkit-driver": Browser(
        "WebKitWebDriver",
        "TALUVA_WEBKIT_DRIVER",
        ("/usr/bin/WebKitWebDriver",),
        "webkit2gtk-driver",
        "other-browsers",
    ),
    # WebKitGTK's MiniBrowser, the browser WebKitWebDriver drives (webkit2gtk-driver ships it).
    "minibrowser": Browser(
        "WebKitGTK MiniBrowser",
        "TALUVA_MINIBROWSER",
        ("/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "MiniBrowser"),
        "webkit2gtk-driver",
        "other-browsers",
    ),
    # MiniBrowser needs an X display even without a screen: a virtual one.
    "xvfb": Browser("Xvfb", "TALUVA_XVFB", ("/usr/bin/Xvfb", "Xvfb"), "xvfb", "other-browsers"),
}


def packages(names: list[str]) -> list[str]:
    """The Debian packages that hold the browsers `names`, each once."""
    return list(dict.fromkeys(BROWSERS[name].package for name in names))


def _found(candidate: str) -> str | None:
    if "*" in candidate:
        return next(iter(sorted(glob.glob(candidate))), None)
    return candidate if Path(candidate).is_file() else shutil.which(candidate)


def find(name: str) -> str:
    """The binary of the browser `name` (a key of BROWSERS); BrowserMissing if there is none."""
    browser = BROWSERS[name]
    override = os.environ.get(browser.variable)
    if override:
        if not Path(override).is_file():
            raise BrowserMissing(f"{browser.variable}={override} does not exist")
        return override
    for candidate in browser.candidates:
        found = _found(candidate)
        if found:
            return found
    installs = packages([key for key, other in BROWSERS.items() if other.target == browser.target])
    raise BrowserMissing(
        f"no {browser.what} found (looked for {', '.join(browser.candidates)}): run `make "
        f"{browser.target}` (installs Debian's {' '.join(installs)}), or set {browser.variable}"
    )


def main(arguments: list[str]) -> int:
    if arguments[:1] == ["--packages"]:
        print(" ".join(packages(arguments[1:])))
        return 0
    missing = []
    for name in arguments or list(BROWSERS):
        try:
            print(f"{name}: {find(name)}")
        except BrowserMissing as error:
            missing.append(str(error))
    print("\n".join(missing), file=sys.stderr, end="\n" if missing else "")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
