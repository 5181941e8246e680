"""Live tables in the browser (e2e/test_live.py): devices (browser contexts) with no STUN server
(live.json routed to an empty list: loopback needs none), the two links swapped through the live
panels as people would (Send's field, the answer pasted), and turns played through the page API
with each move timed from the mover's screen to the others'."""

from __future__ import annotations

import json
import random
import statistics

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from game_driver import legal_moves, wait_game_ready
from support import wait_ready, watched

PANEL = "[data-testid=live-panel]"
BYLINK = "[data-testid=bylink-panel]"
NO_STUN = json.dumps({"iceServers": []})
NOTES: dict[int, list[str]] = {}  # each live device's console, said when a wait fails


def told(page, selector: str, what: str, timeout: int = 30_000) -> None:
    """Wait for `selector` on `page`; if it never comes, fail saying what the page showed (its
    address, its live panel and its console), so that a rare failure tells its cause."""
    try:
        page.wait_for_selector(selector, timeout=timeout)
    except PlaywrightTimeout:
        shown = page.evaluate(
            """() => ({hash: location.hash.slice(0, 40), engine: document.body.dataset.engine,
            panel: document.querySelector('[data-testid=live-panel]')?.innerText ?? null,
            notice: document.querySelector('[data-testid=live-notice]')?.innerText ?? null})"""
        )
        notes = NOTES.get(id(page))
        raise AssertionError(f"{what}: no {selector} in {timeout} ms; {shown}; {notes}") from None


def live_device(page, url: str, errors: list[str]):
    """A person's device opening `url`, its live.json naming no STUN server (the service worker
    leaves live.json to the network, so the route answers it)."""
    page.context.route(
        "**/live.json", lambda route: route.fulfill(body=NO_STUN, content_type="application/json")
    )
    notes: list[str] = []
    page.on("console", lambda m: notes.append(f"{m.type}: {m.text}"))
    NOTES[id(page)] = notes
    watched(page, errors).goto(url)
    wait_ready(page)
    wait_game_ready(page)
    return page


def host_new_game(page, names: list[str]) -> None:
    """The inviter starts a live game from the New game dialog, friends named."""
    page.click("[data-testid=new-game]")
    dialog = page.locator("dialog.tg-setup")
    dialog.locator(f"input[name=players][value='{len(names)}']").check(force=True)
    for i, name in enumerate(names):
        dialog.locator(f"input[name=name{i}]").fill(name)
    page.check("[data-testid=setup-live]")
    assert page.is_checked("[data-testid=setup-bylink]")
    page.click("[data-testid=setup-start]")
    page.wait_for_selector("dialog.tg-setup[open]", state="detached")


def friend_row(seat: int, state: str = "invite") -> str:
    return f'{PANEL} [data-testid=live-friend][data-seat="{seat}"][data-state="{state}"]'


def invite_url(page, seat: int) -> str:
    row = friend_row(seat)
    page.wait_for_selector(row, timeout=30_000)
    return page.input_value(f"{row} [data-testid=live-invite-link]")


def answer_invite(page, name: str | None) -> str:
    """The friend's device with the invitation open: their name (unless it keeps the game), then
    the answer link."""
    if name is not None:
        told(page, "[data-testid=live-name]", "the invitation asks no name")
        page.fill("[data-testid=live-name]", name)
        page.click("[data-testid=live-join]")
    page.wait_for_selector("[data-testid=live-answer-link]", timeout=30_000)
    return page.input_value("[data-testid=live-answer-link]")


def paste_answer(page, seat: int, url: str) -> None:
    row = friend_row(seat)
    page.fill(f"{row} [data-testid=live-answer-field]", url)
    page.click(f"{row} [data-testid=live-connect]")


def connect(host, friend, seat: int, name: str | None, *, address_bar: bool = False) -> dict:
    """Invite seat `seat`'s `friend` (its invitation opened in its tab), answer (pasted into the
    host's field, or `address_bar`: opened in the host's tab), connect: the two links' lengths."""
    url = invite_url(host, seat)
    friend.evaluate("h => { location.hash = h; }", url.split("#", 1)[1])
    answer = answer_invite(friend, name)
    # A friend with no seat of this game yet sees the game open before dimmed and out of reach
    # until the invited one comes; one reconnecting sees the kept game, as it is.
    awaiting = friend.evaluate(AWAITING_JS)
    held = {"held": True, "board": "inert"}
    assert awaiting == (held if name is not None else None), awaiting
    if address_bar:
        host.evaluate("h => { location.hash = h; }", answer.split("#", 1)[1])
    else:
        paste_answer(host, seat, answer)
    here = f"{PANEL} [data-testid=live-friend][data-state=here]"
    host.wait_for_selector(friend_row(seat, "here"), state="attached", timeout=20_000)
    friend.wait_for_selector(here, state="attached", timeout=20_000)
    friend.wait_for_function(f"() => ({AWAITING_JS})() === null", timeout=20_000)
    return {"invite": len(url.split("#", 1)[1]), "answer": len(answer.split("#", 1)[1])}


# What a friend's screen shows while the invited game is not yet here: whether the screen
# holds the game and its board out of reach (null: the game on screen is the table's).
AWAITING_JS = """() => {
  const wrap = document.querySelector('.tg-board-wrap');
  const held = document.querySelector('.tg-main').hasAttribute('data-held');
  return held || wrap.inert ? { held, board: wrap.inert ? 'inert' : 'live' } : null;
}"""


SEEN_JS = """(expected) => {
  const hexes = JSON.stringify(taluva.state().hexes);
  return hexes === expected ? Date.now() : false;
}"""


def wait_turn(page, seat: int, timeout: int = 30_000) -> None:
    """Seat `seat`'s device shows its own turn, its tile drawn (or the game over)."""
    page.wait_for_selector(
        f'{BYLINK}[data-to-act="{seat}"][data-seat="{seat}"], {BYLINK}[data-stage="over"]',
        state="attached",
        timeout=timeout,
    )
    page.wait_for_function(
        "() => ['place', 'over'].includes(taluva.state().phase)", timeout=timeout
    )


def play_step(mover, others, rng: random.Random, delays: list[float]) -> None:
    """One step (placement or build) on `mover`, timed until every other screen shows it."""
    move = rng.choice(legal_moves(mover))
    made = mover.evaluate(
        "async (m) => { const t = Date.now(); await taluva.play(m); return t; }", move
    )
    expected = mover.evaluate("JSON.stringify(taluva.state().hexes)")
    for other in others:
        seen = other.wait_for_function(SEEN_JS, arg=expected, polling=10, timeout=20_000)
        delays.append(seen.json_value() - made)


def to_act(page) -> int | None:
    """The seat to act as `page` shows it (None: the game is over)."""
    if page.get_attribute(BYLINK, "data-stage") == "over":
        return None
    return int(page.get_attribute(BYLINK, "data-to-act"))


def play_live(
    pages: dict, rng: random.Random, delays: list[float], turns: int | None = None
) -> int:
    """Play turns (to the end, or `turns` of them) on a connected table: each mover's placement
    and build seen on every other screen within the step. Returns the turns played."""
    played = 0
    host = pages[0]
    host.wait_for_selector(
        f'{BYLINK}[data-stage="playing"], {BYLINK}[data-stage="over"]',
        state="attached",
        timeout=30_000,
    )
    seat = to_act(host)
    while seat is not None and (turns is None or played < turns):
        mover = pages[seat]
        wait_turn(mover, seat)
        others = [p for s, p in pages.items() if s != seat]
        play_step(mover, others, rng, delays)  # the placement: a step message
        play_step(mover, others, rng, delays)  # the build: the turn's link
        mover.wait_for_selector(
            f'{BYLINK}:not([data-to-act="{seat}"]), {BYLINK}[data-stage="over"]',
            state="attached",
            timeout=30_000,
        )
        seat = to_act(mover)
        played += 1
    return played


def latency(delays: list[float]) -> str:
    median = statistics.median(delays)
    return f"median {median:.0f} ms, max {max(delays):.0f} ms over {len(delays)} moves"
