"""Fixtures of the runs in Firefox ESR and WebKitGTK (drivers.py): one browser and one site
origin per engine for the whole module, so its tests go first visit -> game -> return visit ->
link -> embed as a visitor would, and each engine pays for one install only (in a dark system
theme); and one more per engine in a light system theme (`light_run`), for the dropdowns.

A browser that is missing fails its tests with the message of build/browsers.py, never a skip.
The Chromium tests (e2e/conftest.py, Playwright) are not touched by any of this.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_drivers as drivers  # noqa: E402
from browsers import BrowserMissing  # noqa: E402
from serve import SiteServer  # noqa: E402

ENGINES = ("firefox", "webkit")


class Run:
    """One engine's browser on one origin, and what its tests hand on to the next."""

    def __init__(self, engine: str, driver: drivers.Driver, url: str) -> None:
        self.engine, self.driver, self.url = engine, driver, url
        self.share_code = ""
        self.test: pytest.Item | None = None  # the test running on it now

    def note_boot(self, visit: str, ms: float) -> None:
        """Keep a boot's time for the summary (e2e/conftest.py prints them)."""
        self.test.user_properties.append(("boot-ms", (self.engine, visit, ms)))


@contextmanager
def engine_on_a_site(engine: str, scheme: str, site_dir: Path) -> Iterator[Run]:
    """A browser of `engine` whose system theme is `scheme`, on a server of its own."""
    server = SiteServer(site_dir).start()
    try:
        driver = drivers.DRIVERS[engine](scheme=scheme)
    except BrowserMissing as missing:
        server.stop()
        pytest.fail(f"{engine}: {missing}", pytrace=False)
    try:
        yield Run(engine, driver, server.url)
    finally:
        driver.close()
        server.stop()


def checked(run: Run, test: pytest.Item) -> Iterator[Run]:
    run.test = test
    run.driver.errors()  # what an earlier test left is that test's business
    yield run
    errors = run.driver.errors()
    assert errors == [], f"{run.engine}: the page reported errors"


@pytest.fixture(scope="module", params=ENGINES)
def engine_run(request, site_dir: Path) -> Iterator[Run]:
    """The engine in a dark system theme, for the whole module."""
    with engine_on_a_site(request.param, "dark", site_dir) as run:
        yield run


@pytest.fixture
def run(engine_run: Run, request) -> Iterator[Run]:
    """The engine's run; fails the test on any console error or uncaught exception it saw."""
    yield from checked(engine_run, request.node)


@pytest.fixture(params=ENGINES)
def light_run(request, site_dir: Path) -> Iterator[Run]:
    """The engine in a light system theme, on a fresh origin, for one test; fails it on errors."""
    with engine_on_a_site(request.param, "light", site_dir) as run:
        yield from checked(run, request.node)
