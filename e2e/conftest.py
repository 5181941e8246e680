"""Browser tests of the built site, on the system Chromium (never a Playwright download).

Every test gets its own server on a free port, i.e. its own origin, so no service worker or
cache leaks from one test to the next. The site is built (incrementally, through make) first.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

sys.path.insert(0, str(ROOT / "e2e"))

import chromium  # noqa: E402
import engine_hold  # noqa: E402
from browsers import BrowserMissing  # noqa: E402
from game_driver import wait_game_ready  # noqa: E402
from serve import SiteHandler, SiteServer  # noqa: E402
from support import wait_ready  # noqa: E402

SITE = ROOT / "site"


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright 0.10's base_url fixture trips a pytest 9 deprecation; not ours to fix.
    message = "Session-scoped fixtures defined as instance methods"
    config.addinivalue_line("filterwarnings", f"ignore:{message}:pytest.PytestRemovedIn10Warning")


@pytest.fixture(scope="session")
def site_dir() -> Path:
    subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
    return SITE


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch the system Chromium; a missing browser fails the tests, it never skips them."""
    try:
        options = chromium.launch_options()
    except BrowserMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    return {**browser_type_launch_args, **options}


class FaultyHandler(SiteHandler):
    """Serves the site, but can lose files (404), drop or stall requests, to break a boot."""

    def send_head(self):
        path = urlsplit(self.path).path
        if path in self.server.missing:
            self.send_error(404, "Not found")
            return None
        if path in self.server.dropped:
            self.close_connection = True  # hang up without a word: a network error
            return None
        if path in self.server.stalled:
            self.server.released.wait(timeout=120)
            self.send_error(503, "Stalled by the test")
            return None
        return super().send_head()


class TestServer(SiteServer):
    def __init__(self, site: Path) -> None:
        super().__init__(site, handler=FaultyHandler)
        self.missing: set[str] = set()
        self.dropped: set[str] = set()
        self.stalled: set[str] = set()
        self.released = threading.Event()
        self.stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.released.set()
            super().stop()


@pytest.fixture
def server(site_dir: Path) -> Iterator[TestServer]:
    srv = TestServer(site_dir).start()
    yield srv
    srv.stop()


@pytest.fixture
def console(page) -> list[str]:
    """Console errors and uncaught exceptions of the page and its workers, as text."""
    seen: list[str] = []
    page.on(
        "console",
        lambda m: seen.append(f"console.{m.type}: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: seen.append(f"uncaught: {e}"))
    return seen


@pytest.fixture
def booted(page, server: TestServer):
    """A page on a fresh origin whose engine is up."""
    page.goto(server.url)
    wait_ready(page)
    return page


@pytest.fixture
def game(booted, console):
    """A booted page showing the game screen (web/js/ui); fails on any console error."""
    wait_game_ready(booted)
    yield booted
    assert console == []


@pytest.fixture
def held_game(page, server: TestServer, console):
    """Like ``game``, with engine_hold's gate on the engine's answers (not yet armed)."""
    engine_hold.install(page)
    page.goto(server.url)
    wait_ready(page)
    wait_game_ready(page)
    yield page
    assert console == []
