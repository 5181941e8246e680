"""A live game (issue 43) between two Firefox ESR devices, as test_live.py plays one between two
Chromium ones: two browsers, each its own process and profile, on one site server that answers
live.json with no STUN server (the built site's service worker leaves live.json to the network;
loopback needs none: Firefox's loopback prefs are build/firefox_bridge.mjs's). Ann starts a live
game from the New game dialog; Bo opens her invitation (a fresh visit), gives his name and joins;
Ann pastes his answer; both see each other; they play the game to its end, each move timed from
the mover's screen to the other's (each device records in the page when each board first shows,
so the figure is the page's, not the driver's round trips), and the two boards are equal.
"""

from __future__ import annotations

import io
import json
import random
import statistics
import time
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import browser_drivers as drivers
from browsers import BrowserMissing
from live_driver import BYLINK, PANEL, friend_row, latency
from serve import SiteHandler, SiteServer
from test_live import EACH_LIMIT_MS, LIMIT_MS

NO_STUN = json.dumps({"iceServers": []}).encode()
BOOT_TIMEOUT_S = 240  # a first visit: the engine installed, on two busy cores

# Polls PREDICATE (a function's source, given `args`) in the page every 10 ms, resolving with its
# first truthy value, or null after `ms`: one driver round trip for a whole wait. (The source is
# put in the text, not eval'd: the page's policy allows no eval.)
UNTIL = """(args, ms) => new Promise((resolve) => {
  const test = (PREDICATE), end = Date.now() + ms;
  const poll = () => {
    let value = null;
    try { value = test(...args); } catch (e) { value = null; }
    if (value) resolve(value);
    else if (Date.now() > end) resolve(null);
    else setTimeout(poll, 10);
  };
  poll();
})"""
SETTLED = "() => ['ready', 'error'].includes(document.body.dataset.engine)"
GAME_READY = '() => !!document.querySelector(\'.tg-root[data-ready="1"][data-busy="0"]\')'
SELECTOR = "(selector) => !!document.querySelector(selector)"
VALUE = "(selector) => document.querySelector(selector)?.value || null"
# A person typing into a field: its value, then the input and change events the page listens to.
FILL = """(selector, text) => {
  const field = document.querySelector(selector);
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}"""
# Each board the page shows, with when it first showed it (Date.now(), the machine's clock that
# both browsers read): polled every 5 ms from the moment the game is live.
RECORD = """() => {
  const seen = (window.__boards = new Map());
  const look = () => {
    const hexes = JSON.stringify(taluva.state().hexes);
    if (!seen.has(hexes)) seen.set(hexes, Date.now());
  };
  look();
  setInterval(look, 5);
}"""
SEEN = "(hexes) => window.__boards.get(hexes) ?? null"
HELD = "() => document.querySelector('.tg-main').hasAttribute('data-held')"
PLAY = """async (move) => {
  const made = Date.now();
  await taluva.play(move);
  return [made, JSON.stringify(taluva.state().hexes)];
}"""
TURN = f"""(seat) => !!document.querySelector(
    `{BYLINK}[data-to-act="${{seat}}"][data-seat="${{seat}}"], {BYLINK}[data-stage="over"]`)
  && ['place', 'over'].includes(taluva.state().phase)"""
PASSED = f"""(seat) => !!document.querySelector(
    `{BYLINK}:not([data-to-act="${{seat}}"]), {BYLINK}[data-stage="over"]`)"""
TO_ACT = f"""() => {{
  const panel = document.querySelector('{BYLINK}');
  return panel.dataset.stage === 'over' ? -1 : Number(panel.dataset.toAct);
}}"""


class NoStunHandler(SiteHandler):
    """The built site, its live.json naming no STUN server."""

    def send_head(self):
        if urlsplit(self.path).path != "/live.json":
            return super().send_head()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(NO_STUN)))
        self.end_headers()
        return io.BytesIO(NO_STUN)


class Device:
    """One person's Firefox: its own browser process and profile."""

    def __init__(self, name: str, driver: drivers.Driver) -> None:
        self.name, self.driver = name, driver

    def until(self, predicate: str, what: str, *args, timeout_s: float = 30):
        fn, end = UNTIL.replace("PREDICATE", predicate), time.monotonic() + timeout_s
        # In spans of at most a minute: the driver gives up on an answer after 180 s.
        while (left := end - time.monotonic()) > 0:
            value = self.driver.evaluate(fn, list(args), int(min(left, 60) * 1000))
            if value:
                return value
        raise AssertionError(f"{self.name}: {what} not within {timeout_s} s")

    def shows(self, selector: str, timeout_s: float = 30) -> None:
        self.until(SELECTOR, f"{selector} shown", selector, timeout_s=timeout_s)

    def fill(self, selector: str, text: str) -> None:
        self.shows(selector)
        self.driver.evaluate(FILL, selector, text)

    def click(self, selector: str) -> None:
        self.shows(selector)
        self.driver.click(selector)

    def value(self, selector: str) -> str:
        return self.until(VALUE, f"the value of {selector}", selector)

    def text(self, selector: str) -> str:
        return self.driver.evaluate("(s) => document.querySelector(s)?.textContent ?? ''", selector)

    def visit(self, url: str) -> None:
        """A first visit of `url`: the engine installed, the game on screen."""
        self.driver.goto(url)
        self.until(SETTLED, "the engine's boot", timeout_s=BOOT_TIMEOUT_S)
        state = self.driver.evaluate("() => document.body.dataset.engine")
        assert state == "ready", f"{self.name}: the engine did not boot ({state})"
        self.until(GAME_READY, "the game screen", timeout_s=90)


@pytest.fixture
def devices(site_dir: Path) -> Iterator[tuple[Device, Device, str]]:
    """Ann's and Bo's Firefox, and the site's address (a server of their own)."""
    try:  # a missing Firefox fails the test with build/browsers.py's message, never skips it
        firefox = [drivers.FirefoxDriver(scheme="light") for _ in range(2)]
    except BrowserMissing as missing:
        message = f"firefox: {missing}"
    else:
        message = ""
    if message:
        pytest.fail(message, pytrace=False)
    server = SiteServer(site_dir, handler=NoStunHandler).start()
    made = [Device(name, driver) for name, driver in zip(("Ann", "Bo"), firefox, strict=True)]
    try:
        yield made[0], made[1], server.url
    finally:
        for device in made:
            device.driver.close()
        server.stop()


def host_new_game(ann: Device, names: list[str]) -> None:
    """New game, two players named, "Play live with a friend", Start."""
    ann.click("[data-testid=new-game]")
    dialog = "dialog.tg-setup[open]"
    # The radio and the check boxes are styled over: a person clicks their labels.
    ann.click(f"{dialog} label:has(> input[name=players][value='{len(names)}'])")
    for i, name in enumerate(names):
        ann.fill(f"{dialog} input[name=name{i}]", name)
    ann.click(f"{dialog} label:has(> [data-testid=setup-live])")
    checked = "(s) => document.querySelector(s).checked"
    assert ann.driver.evaluate(checked, "[data-testid=setup-live]")
    assert ann.driver.evaluate(checked, "[data-testid=setup-bylink]")
    ann.click("[data-testid=setup-start]")
    ann.until(f"() => !document.querySelector('{dialog}')", "the dialog closed")


def play_step(mover: Device, other: Device, rng: random.Random, delays: list[float]) -> None:
    """One step (placement or build) on `mover`'s screen, timed until `other` shows it."""
    moves = json.loads(mover.driver.evaluate("() => JSON.stringify(taluva.legalMoves())"))
    made, hexes = mover.driver.evaluate(PLAY, rng.choice(moves))
    seen = other.until(SEEN, "the move on the other screen", hexes, timeout_s=20)
    delays.append(seen - made)


def test_two_firefox_devices_play_a_whole_game_live(devices) -> None:
    ann, bo, url = devices
    ann.visit(url)
    host_new_game(ann, ["Ann", "Bo"])
    invite = ann.value(f"{friend_row(1)} [data-testid=live-invite-link]")
    assert "#live=" in invite, invite
    # Bo opens the invitation as a link sent to him: a fresh visit, in a browser of his own.
    bo.visit(invite)
    assert "Ann invites you to play Taluva live." in bo.text(PANEL)
    bo.fill("[data-testid=live-name]", "Bo")
    bo.click("[data-testid=live-join]")
    answer = bo.value("[data-testid=live-answer-link]")
    assert "#live-answer=" in answer, answer
    # Until Ann's game comes, the game Bo's page opened with is held out of reach.
    assert bo.driver.evaluate(HELD) is True
    ann.fill(f"{friend_row(1)} [data-testid=live-answer-field]", answer)
    ann.click(f"{friend_row(1)} [data-testid=live-connect]")
    for device in (ann, bo):
        device.shows("[data-testid=live-here]", timeout_s=20)
    bo.shows(".tg-main:not([data-held])", timeout_s=20)
    lengths = [len(link.split("#", 1)[1]) for link in (invite, answer)]
    print(f"\nfirefox: invite link {lengths[0]} characters, answer link {lengths[1]}")
    assert "Bo is here" in ann.text(PANEL)
    assert "Ann" in bo.text(PANEL)

    pages = {0: ann, 1: bo}
    for device in pages.values():
        device.driver.evaluate(RECORD)
    ann.shows(f'{BYLINK}[data-stage="playing"], {BYLINK}[data-stage="over"]')
    rng, delays, turns = random.Random(3), [], 0
    seat = ann.driver.evaluate(TO_ACT)
    while seat >= 0:
        mover, other = pages[seat], pages[1 - seat]
        mover.until(TURN, "its turn, its tile drawn", seat)
        play_step(mover, other, rng, delays)  # the placement: a step message
        play_step(mover, other, rng, delays)  # the build: the turn's link
        mover.until(PASSED, "the turn passed on", seat)
        seat = mover.driver.evaluate(TO_ACT)
        turns += 1
    print(f"firefox live moves: {latency(delays)} ({turns} turns)")
    print(f"placements: {latency(delays[0::2])}; builds: {latency(delays[1::2])}")

    final = [device.driver.evaluate("() => taluva.state()") for device in (ann, bo)]
    assert final[0]["phase"] == final[1]["phase"] == "over"
    assert final[0]["hexes"] == final[1]["hexes"]
    assert statistics.median(delays) < LIMIT_MS, latency(delays)
    assert max(delays) < EACH_LIMIT_MS, latency(delays)
    for device in (ann, bo):
        assert device.driver.errors() == [], f"{device.name}: the page reported errors"
