"""The receiving end in Firefox ESR and WebKitGTK (Safari's engine), as in Chromium
(e2e/test_journey_link.py, e2e/test_journey_embed.py): a link opened in a fresh profile draws
its board before the engine is ready and keeps its computer, and play goes on; the embed at its
snippet's own size (480x420, and 320 px wide) shows its load button without scrolling, loads on
a click on its board, draws the board and steps back a turn.

One browser per engine for the module, on a site server of its own that also serves a blog page
(`/__blog.html`) on the site's origin, so that the page's scripts can look into the embed's frame
(the snippet's sandbox keeps the frame's origin); its policy allows nothing but the frames.
Moves are played with the page API, as in test_every_engine.py.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import browser_drivers as drivers
from browsers import BrowserMissing
from serve import SiteHandler, SiteServer
from taluva.formats.picture import picture
from taluva.formats.sharecode import encode
from taluva.play.session import game_at
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game
from test_embed_blog import SANDBOX, summary_field

ENGINES = ("firefox", "webkit")
BOOT_TIMEOUT_S = 240  # WebKitGTK's first visit took 20-60 s on this machine when busy
STEPS = 8  # four turns: the person (seat 0) to place next
ROOT_SEL = ".tg-root"
SETTLED = "() => ['ready', 'error'].includes(document.body.dataset.engine)"
GAME_READY = f'() => !!document.querySelector(\'{ROOT_SEL}[data-ready="1"][data-busy="0"]\')'
# The link's board on screen before the engine: true once drawn (warm pixels), "ready" if the
# engine came first, else false (not yet).
EARLY_BOARD = f"""() => {{
  if (document.body.dataset.engine === 'ready') return 'ready';
  const canvas = document.querySelector(
    '#early-link:not([hidden]) canvas, {ROOT_SEL}[data-preview="1"] canvas');
  if (!canvas || !canvas.width) return false;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let warm = 0;
  for (let i = 0; i < data.length; i += 20) if (data[i] > data[i + 2] + 40) warm += 1;
  return warm / (data.length / 20) > 0.02;
}}"""
MARKS = """() => ['taluva:link-picture', 'taluva:engine-ready'].map(
  (name) => performance.getEntriesByName(name)[0]?.startTime ?? null)"""
# Into the embed's frame `id` (same origin): its document.
IN_FRAME = "const doc = document.getElementById(id)?.contentDocument;"
FRAME_STATE = f"""(id) => {{ {IN_FRAME} return doc?.body?.dataset.embed ?? null; }}"""
FRAME_PICTURE = f"""(id) => {{ {IN_FRAME} return doc?.body?.dataset.picture === 'drawn'; }}"""
FRAME_VIEW = f"""(id) => {{ {IN_FRAME}
  const box = doc.querySelector('[data-testid=embed-load]').getBoundingClientRect();
  const win = doc.defaultView, page = doc.scrollingElement;
  return {{ x: box.x, y: box.y, bottom: box.bottom, right: box.right, width: win.innerWidth,
           height: win.innerHeight, hidden: box.height === 0,
           scrolls: page.scrollHeight > win.innerHeight || page.scrollWidth > win.innerWidth }};
}}"""
FRAME_CLICK = f"""(id, selector) => {{ {IN_FRAME} doc.querySelector(selector).click(); }}"""
FRAME_REPLAY = f"""(id) => {{ {IN_FRAME}
  const r = doc.querySelector('[data-testid=replay][data-busy="0"]');
  return r ? {{ step: r.dataset.step, total: r.dataset.total, turn: r.dataset.turn,
               turns: r.dataset.turns }} : null;
}}"""
FRAME_BOARD_WARM = f"""(id) => {{ {IN_FRAME}
  const canvas = doc.querySelector('[data-testid=replay-board]');
  if (!canvas?.dataset.draws || !canvas.width) return 0;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let warm = 0;
  for (let i = 0; i < data.length; i += 20) if (data[i] > data[i + 2] + 40) warm += 1;
  return warm / (data.length / 20);
}}"""


def link_hash() -> tuple[str, dict]:
    """A 2-player game against the intermediate computer, STEPS in, the person to move: its
    link's hash as the page writes it (names, who plays, the picture)."""
    game = game_at(play_random_game(Options(players=2), seed=7), STEPS)
    assert game.current == 0 and game.phase == "place"
    code = encode(game)
    fields = f"g={code}&p=Ann&k=1.p.intermediate&s={summary_field(game)}"
    return f"{fields}&b={picture(game, [0, 1])}", {"code": code, "hexes": len(game.board.stacks())}


def blog_html(site_url: str, hash_: str) -> bytes:
    src = f"{site_url}embed.html#{hash_}".replace("&", "&amp;")
    frame = (
        '<iframe id="{id}" src="{src}" width="{width}" height="420" frameborder="0"'
        f' loading="lazy" title="Taluva game" sandbox="{SANDBOX}"></iframe>'
    )
    frames = "".join(
        frame.format(id=i, src=src, width=w) for i, w in (("snippet", 480), ("narrow", 320))
    )
    return (
        '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="'
        f"default-src 'none'; frame-src {site_url.rstrip('/')}\"><title>Blog</title></head>"
        f"<body><h1>Our game</h1>{frames}<p>{'Words. ' * 400}</p></body></html>"
    ).encode()


class BlogHandler(SiteHandler):
    """The site, and a blog page on its origin at /__blog.html."""

    def send_head(self):
        if urlsplit(self.path).path != "/__blog.html":
            return super().send_head()
        body = self.server.blog
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@dataclass
class Run:
    """One engine's browser on its own origin, with the link the journeys open."""

    engine: str
    driver: drivers.Driver
    url: str
    hash: str
    facts: dict


@pytest.fixture(scope="module", params=ENGINES)
def journey_run(request, site_dir: Path) -> Iterator[Run]:
    server = SiteServer(site_dir, handler=BlogHandler).start()
    hash_, facts = link_hash()
    server.blog = blog_html(server.url, hash_)
    try:
        driver = drivers.DRIVERS[request.param](scheme="dark")
    except BrowserMissing as missing:
        server.stop()
        pytest.fail(f"{request.param}: {missing}", pytrace=False)
    run = Run(request.param, driver, server.url, hash_, facts)
    try:
        yield run
    finally:
        driver.close()
        server.stop()


@pytest.fixture
def run(journey_run: Run) -> Iterator[Run]:
    """The engine's run; fails the test on any console error or uncaught exception it saw."""
    journey_run.driver.errors()  # what an earlier test left is that test's business
    yield journey_run
    # Firefox asks for the blog's own favicon, which the blog's policy refuses: the blog's
    # business, not the snippet's.
    errors = [e for e in journey_run.driver.errors() if "/favicon.ico" not in e]
    assert errors == [], f"{journey_run.engine}: the page reported errors"


def test_a_link_in_a_fresh_profile_draws_its_board_first_keeps_the_computer_and_plays_on(run):
    driver = run.driver
    driver.goto(f"{run.url}#{run.hash}")
    early = driver.wait(EARLY_BOARD, "the link's board or the engine", timeout_s=BOOT_TIMEOUT_S)
    assert early is True, f"{run.engine}: the engine was ready before the link's board showed"
    driver.wait(SETTLED, "the engine's boot", timeout_s=BOOT_TIMEOUT_S)
    assert driver.evaluate("() => document.body.dataset.engine") == "ready"
    driver.wait(GAME_READY, "the game screen")
    preview, ready = driver.evaluate(MARKS)
    print(f"\n{run.engine}: the link's board {preview:.0f} ms, the engine ready {ready:.0f} ms")
    assert driver.evaluate("() => taluva.share.code()") == run.facts["code"]
    assert driver.evaluate("() => document.querySelectorAll('.tg-badge-ai').length") == 1
    assert len(driver.evaluate("() => taluva.state().hexes")) == run.facts["hexes"]
    driver.evaluate("() => taluva.setAiSpeed('instant')")
    for _ in range(2):  # the person's turn; the computer answers it
        driver.evaluate("() => taluva.play(taluva.legalMoves()[0])")
    done = f"[data-steps='{STEPS + 4}'][data-busy='0'][data-computer='0']"
    done = f'() => !!document.querySelector("{ROOT_SEL}{done}")'
    driver.wait(done, "the computer's answer", timeout_s=60)
    levels = driver.evaluate("() => taluva.aiTimes().map((t) => t.level)")
    assert levels == ["intermediate", "intermediate"], f"{run.engine}: {levels}"
    assert "k=1.p.intermediate" in driver.evaluate("() => location.hash")


@pytest.mark.parametrize("frame", ["snippet", "narrow"])
def test_the_embed_at_its_own_size_loads_on_its_board_and_draws_it(run, frame):
    driver = run.driver
    driver.goto(f"{run.url}__blog.html")
    driver.wait(f"() => ({FRAME_PICTURE})('{frame}')", "the embed's picture", timeout_s=30)
    driver.wait(
        f"() => !!document.getElementById('{frame}').contentDocument"
        ".querySelector('[data-testid=embed-load]:not([hidden])')",
        "the load button",
    )
    view = driver.evaluate(FRAME_VIEW, frame)
    print(f"\n{run.engine} {frame}: the load button {view}")
    assert not view["hidden"] and view["bottom"] <= view["height"], view
    assert view["right"] <= view["width"] and not view["scrolls"], view
    driver.evaluate(FRAME_CLICK, frame, "[data-testid=embed-board]")
    driver.wait(
        f"() => ['ready', 'error'].includes(({FRAME_STATE})('{frame}'))",
        "the embed's game",
        timeout_s=BOOT_TIMEOUT_S,
    )
    assert driver.evaluate(FRAME_STATE, frame) == "ready"
    replay = driver.wait(f"() => ({FRAME_REPLAY})('{frame}')", "the replay", timeout_s=30)
    assert replay["step"] == replay["total"]
    warm = driver.wait(f"() => ({FRAME_BOARD_WARM})('{frame}') > 0.02", "the board drawn")
    assert warm, f"{run.engine}: the embed's board is blank after the click"
    driver.evaluate(FRAME_CLICK, frame, "[data-testid=replay-back]")
    back = str(int(replay["turns"]) - 1)
    driver.wait(
        f"() => ({FRAME_REPLAY})('{frame}')?.turn === '{back}'", "a turn back", timeout_s=30
    )
