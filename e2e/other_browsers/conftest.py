"""Fixtures of the runs in Firefox ESR and WebKitGTK (drivers.py): one browser and one site
origin per engine for the whole module, so its tests go first visit -> game -> return visit ->
link -> embed as a visitor would, and each engine pays for one install only.

A browser that is missing fails its tests with the message of build/browsers.py, never a skip.
The Chromium tests (e2e/conftest.py, Playwright) are not touched by any of this.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import drivers  # noqa: E402

from chromium import BrowserMissing  # noqa: E402
from serve import SiteServer  # noqa: E402

ENGINES = ("firefox", "webkit")
BOOT_TIMES: dict[str, dict[str, float]] = {}  # engine -> visit -> ms to engine ready


class Run:
    """One engine's browser on one origin, and what its tests hand on to the next."""

    def __init__(self, engine: str, driver: drivers.Driver, url: str) -> None:
        self.engine, self.driver, self.url = engine, driver, url
        self.boot_times = BOOT_TIMES.setdefault(engine, {})
        self.share_code = ""


@pytest.fixture(scope="module", params=ENGINES)
def engine_run(request, site_dir: Path) -> Iterator[Run]:
    server = SiteServer(site_dir).start()
    try:
        driver = drivers.DRIVERS[request.param]()
    except BrowserMissing as missing:
        server.stop()
        pytest.fail(f"{request.param}: {missing}", pytrace=False)
    try:
        yield Run(request.param, driver, server.url)
    finally:
        driver.close()
        server.stop()


@pytest.fixture
def run(engine_run: Run) -> Iterator[Run]:
    """The engine's run; fails the test on any console error or uncaught exception it saw."""
    engine_run.driver.errors()  # what an earlier test left is that test's business
    yield engine_run
    errors = engine_run.driver.errors()
    assert errors == [], f"{engine_run.engine}: the page reported errors"


def pytest_terminal_summary(terminalreporter) -> None:
    if BOOT_TIMES:
        terminalreporter.section("boot times in Firefox and WebKit (navigation to engine ready)")
        for engine, visits in BOOT_TIMES.items():
            line = ", ".join(f"{visit} {ms / 1000:.1f} s" for visit, ms in visits.items())
            terminalreporter.write_line(f"{engine}: {line}")
