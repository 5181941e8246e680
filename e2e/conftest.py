"""Browser tests of the built site, on the system Chromium (never a Playwright download).

The site is built (incrementally, through make) first. The session has one server on a free
port, i.e. one origin; a test gets it with its faults cleared (`server`), or a new one (a new
port, a new origin) if an earlier test stopped it.

Two kinds of page (docs/testing.md):
- `page` (pytest-playwright's): a fresh profile, so its visit is a first visit; for the tests of
  the start itself (boot, snapshot, offline, failures, calm start).
- `game` / `booted` / `held_game`: a page of the session's *warm* browser context. Its storage is
  emptied before each test (kept games, localStorage, permissions), so the game screen starts as
  on a first visit, but the engine boots from the memory snapshot that one warm-up visit kept
  (and rehearsed), and the service worker serves the files: a second or two instead of a whole
  first visit per test.
"""

from __future__ import annotations

import fcntl
import random
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
from support import wait_ready, watched  # noqa: E402

SITE = ROOT / "site"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--e2e-order",
        default="",
        help="run the browser tests in another order: 'reverse', or 'shuffle:SEED' (every test "
        "but the Firefox and WebKit journeys must pass in any order; docs/testing.md)",
    )


def is_journey(nodeid: str) -> bool:
    """The Firefox and WebKit runs (e2e/other_browsers/) are one visitor's path per engine, a
    test a stage of it (first visit, game, return visit, link, embed): in the written order, on
    one worker."""
    return "/other_browsers/" in f"/{nodeid}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    journeys = [item for item in items if is_journey(item.nodeid)]
    free = [item for item in items if not is_journey(item.nodeid)]
    order = config.getoption("--e2e-order")
    if order == "reverse":
        free.reverse()
    elif order.startswith("shuffle:"):
        random.Random(order.partition(":")[2]).shuffle(free)
    elif order:
        raise pytest.UsageError(f"--e2e-order {order!r}: 'reverse' or 'shuffle:SEED'")
    items[:] = journeys + free


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """With workers (`-n N`, docs/testing.md): the journeys as one unit of work on one worker,
    in order, handed out first as the largest; every other test a unit of its own. (xdist's
    `loadgroup` would do it with marks, but its renamed node ids are lost on pytest 9.)"""
    from xdist.scheduler import LoadScopeScheduling

    class JourneysTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "other-browsers" if is_journey(nodeid) else nodeid

    return JourneysTogether(config, log)


# The Firefox and WebKit boots (e2e/other_browsers): engine -> visit -> ms to engine ready, from
# the test reports' "boot-ms" properties, which reach the process that prints the summary also
# when the tests run in xdist's workers (this conftest is the one that process loads).
BOOT_TIMES: dict[str, dict[str, float]] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for name, value in report.user_properties if report.when == "call" else ():
        if name == "boot-ms":
            engine, visit, ms = value
            BOOT_TIMES.setdefault(engine, {})[visit] = ms


def pytest_terminal_summary(terminalreporter) -> None:
    if BOOT_TIMES:
        terminalreporter.section("boot times in Firefox and WebKit (navigation to engine ready)")
        for engine, visits in BOOT_TIMES.items():
            line = ", ".join(f"{visit} {ms / 1000:.1f} s" for visit, ms in visits.items())
            terminalreporter.write_line(f"{engine}: {line}")


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright 0.10's base_url fixture trips a pytest 9 deprecation; not ours to fix.
    message = "Session-scoped fixtures defined as instance methods"
    config.addinivalue_line("filterwarnings", f"ignore:{message}:pytest.PytestRemovedIn10Warning")


@pytest.fixture(scope="session")
def site_dir() -> Path:
    # One make at a time: xdist's workers each start a session, and two builds of one site at
    # once would trip over each other's files (the first builds, the others find it done).
    lock = ROOT / "build" / ".cache" / "site.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
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
        self.policies = (self.csp, self.frame_csp)

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.released.set()
            super().stop()

    def reset(self) -> None:
        """Faults cleared, policies as the site's, counters zeroed, for the next test."""
        self.missing.clear()
        self.dropped.clear()
        self.stalled.clear()
        self.released.set()  # a request an earlier test stalled is answered now
        self.released = threading.Event()
        self.csp, self.frame_csp = self.policies
        self.csp_reports.clear()
        self.take_bytes()


class Origin:
    """The session's server and its warm browser contexts; all made again if a test stopped the
    server (a new port is a new origin, which the next warm page then warms up).

    A warm context is one device: its own storage, warmed up by one first visit. Devices are
    told apart by a name (two people's phones are two devices) and by what only a context can
    set (a touch screen, a phone's browser, the pixel ratio); the window's size is a page's."""

    def __init__(self, site: Path, browser) -> None:
        self.site = site
        self.browser = browser
        self.srv: TestServer | None = None
        self.warm: dict[tuple, object] = {}

    def server(self) -> TestServer:
        if self.srv is None or self.srv.stopped:
            self.close()
            self.srv = TestServer(self.site).start()
        self.srv.reset()
        return self.srv

    def context(self, args: dict, device: str = "", **options):
        key = (device, *sorted(options.items()))
        if key not in self.warm:
            context = self.browser.new_context(**{**args, **options})
            self.warm_up(context)
            self.warm[key] = context
        return self.warm[key]

    def warm_up(self, context) -> None:
        """One first visit: the engine installs, keeps its snapshot and the offline copy, and
        restores the snapshot once in the background (boot-page.js's rehearsal), after which a
        visit finds Pyodide's code compiled in the service worker's cache."""
        page = context.new_page()
        page.goto(self.srv.url)
        wait_ready(page)
        page.wait_for_selector("body[data-rehearsal]", state="attached", timeout=120_000)
        state = page.evaluate("document.body.dataset.rehearsal")
        assert state == "done", f"the warm-up's snapshot did not restore ({state})"
        page.close()

    def close(self) -> None:
        for context in self.warm.values():
            context.close()
        self.warm.clear()
        if self.srv is not None:
            self.srv.stop()
            self.srv = None


@pytest.fixture(scope="session")
def origin(site_dir: Path, browser) -> Iterator[Origin]:
    made = Origin(site_dir, browser)
    yield made
    made.close()


@pytest.fixture
def server(origin: Origin) -> TestServer:
    return origin.server()


# What a first visit finds on an origin, but for the engine's snapshot and the offline copy: no
# kept game (IndexedDB "taluva", web/js/games/library.js), nothing in local storage (a new page
# has its own, empty, session storage). Emptied by the browser itself: opening a document of the
# origin to do it would make Chromium ask for /favicon.ico, whose 404 a test could then hear.
FORGOTTEN = "indexeddb,local_storage"


def forget(context, server: TestServer):
    """A new page of `context` (still blank), on an origin whose storage was emptied: the earlier
    tests' pages closed first (they would hold the games database open), permissions taken back."""
    for left in context.pages:
        left.close()
    context.clear_permissions()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    origin = server.url.rstrip("/")
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": FORGOTTEN})
    cdp.detach()
    return page


@pytest.fixture
def warm_page(origin: Origin, server: TestServer, browser_context_args: dict):
    """A new page in the session's warm context, on an origin whose storage was emptied."""
    page = forget(origin.context(browser_context_args), server)
    yield page
    page.close()


@pytest.fixture
def devices(origin: Origin, server: TestServer, browser_context_args: dict):
    """Opens a page on a warm device: ``devices("bo", viewport=..., **game_driver.PHONE)``
    (the unnamed device with no options is warm_page's, which its pages would close). Each device
    (a name and its context options, see Origin) is warmed up once per session and its storage
    emptied before its first page of each test, so a test starts it as a first visit would,
    but for the engine's snapshot: for the tests of two people's devices, of touch screens and
    phones, that are not about a first visit."""
    opened: list = []  # this test's pages

    def open_page(device: str = "", *, viewport: dict | None = None, **options):
        assert device or options, "the default device is warm_page's: name another one"
        context = origin.context(browser_context_args, device, **options)
        emptied = any(page.context is context for page in opened)
        page = context.new_page() if emptied else forget(context, server)
        opened.append(page)
        if viewport:
            page.set_viewport_size(viewport)
        return page

    yield open_page
    for page in opened:
        page.close()


def uses_warm_page(request: pytest.FixtureRequest) -> bool:
    return bool({"game", "booted", "held_game", "warm_page"} & set(request.fixturenames))


@pytest.fixture
def console(request: pytest.FixtureRequest) -> list[str]:
    """Console errors and uncaught exceptions of the test's page and its workers, as text."""
    page = request.getfixturevalue("warm_page" if uses_warm_page(request) else "page")
    seen: list[str] = []
    watched(page, seen)
    return seen


@pytest.fixture
def booted(warm_page, server: TestServer):
    """A warm page whose engine is up."""
    warm_page.goto(server.url)
    wait_ready(warm_page)
    return warm_page


@pytest.fixture
def game(booted, console):
    """A booted page showing the game screen (web/js/ui); fails on any console error."""
    wait_game_ready(booted)
    yield booted
    assert console == []


@pytest.fixture
def held_game(warm_page, server: TestServer, console):
    """Like ``game``, with engine_hold's gate on the engine's answers (not yet armed)."""
    engine_hold.install(warm_page)
    warm_page.goto(server.url)
    wait_ready(warm_page)
    wait_game_ready(warm_page)
    yield warm_page
    assert console == []
