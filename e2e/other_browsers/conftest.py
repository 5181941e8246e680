"""Fixtures of the runs in Firefox ESR and WebKitGTK (drivers.py): one browser and one site
origin per engine for the whole module, so its tests go first visit -> game -> return visit ->
link -> embed as a visitor would, and each engine pays for one install only (in a dark system
theme); then the dropdowns in a light system theme (`light_run`): the same browser switched to
it where the engine can (Firefox), a browser of its own where it reads the theme only at launch
(WebKitGTK, which then pays a second install).

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
        self.booted = False  # the engine has been up on this origin (its snapshot then kept)
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


@pytest.fixture
def light_run(engine_run: Run, request, site_dir: Path) -> Iterator[Run]:
    """The engine in a light system theme; fails the test on errors. Firefox: the journey's
    browser and origin, switched to light and back to dark after (a return visit, no second
    install); WebKitGTK: a browser of its own launched light, on a fresh origin."""
    if engine_run.driver.set_scheme("light"):
        try:
            yield from checked(engine_run, request.node)
        finally:
            engine_run.driver.set_scheme("dark")
        return
    with engine_on_a_site(engine_run.engine, "light", site_dir) as run:
        yield from checked(run, request.node)
