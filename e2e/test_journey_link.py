"""A shared link, from the receiving end: the sender plays against the computer and copies the
address bar's link; the receiver opens it in a fresh profile, on a 390x844 touch phone and on a
1280x800 laptop, and sees the board (its seats, whose turn) before the engine is ready, with the
engine's progress as a strip below it; the opponent is still the computer, and play goes on. With
the engine's files blocked the board still shows, and the strip says why the game cannot start.

Printed (with -s): when the link's board was on screen, in ms after the navigation began, and
when the engine was ready, from the page's own performance marks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from game_driver import UI, perform, steps, wait_data, wait_game_ready, wait_steps_past
from serve import SiteServer
from support import wait_ready
from test_instant_start import WARM_JS

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
}
# The worker and what only it fetches: the page's own modules (engine/client.js too) still load.
ENGINE_FILES = re.compile(r"pyodide|\.wasm|js/engine/worker|wheels/")
MARKS = ["taluva:link-picture", "taluva:preview", "taluva:engine-ready"]
MARKS_JS = f"""() => Object.fromEntries({MARKS}.map(
  (name) => [name, performance.getEntriesByName(name)[0]?.startTime ?? null]))"""
# Before the page's scripts: notes what the link's early board showed once its seats are in (the
# game screen may take its place at any moment after), for the test to read at leisure.
WATCH_EARLY_JS = """
new MutationObserver((_, observer) => {
  const root = document.getElementById("early-link");
  const seats = root?.querySelectorAll("[data-testid=embed-seat]");
  if (!seats?.length) return;
  observer.disconnect();
  const canvas = root.querySelector("canvas");
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let warm = 0;
  for (let i = 0; i < data.length; i += 20) if (data[i] > data[i + 2] + 40) warm += 1;
  window.__early = {
    warm: warm / (data.length / 20),
    seats: [...seats].map((li) => li.textContent),
    picture: root.getBoundingClientRect().toJSON(),
    strip: document.getElementById("boot").getBoundingClientRect().toJSON(),
  };
}).observe(document, { childList: true, subtree: true });
"""
# The strip's box, and whether it stands over the board's middle.
STRIP_JS = """() => {
  const strip = document.getElementById("boot").getBoundingClientRect();
  const board = document.querySelector("[data-testid=board]").getBoundingClientRect();
  const mid = board.top + board.height / 2;
  const over = strip.top < mid && strip.bottom > mid;
  return { top: strip.top, height: strip.height, overBoardMiddle: over };
}"""


@pytest.fixture(scope="module")
def sent(browser, site_dir) -> Iterator[tuple[str, str]]:
    """The sender: a first visit's game against the intermediate computer, two turns in (the
    computer at once), and the address bar's link once it carries the board's picture."""
    server = SiteServer(site_dir).start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(server.url)
        wait_ready(page)
        wait_game_ready(page)
        page.evaluate("taluva.setAiSpeed('instant')")
        for _ in range(2):  # the person's turn (placement and build); the computer answers
            before = steps(page)
            page.evaluate("taluva.play(taluva.legalMoves()[0])")
            wait_steps_past(page, before)
        wait_data(page, '[data-current="0"][data-computer="0"][data-busy="0"][data-steps="4"]')
        # The address bar follows the game a moment after the change, and its picture (b=) a
        # moment after that: on a busy machine, seconds. Wait for both to be the game's.
        for _ in range(300):
            link, shared = page.evaluate("[location.href, taluva.share.link()]")
            if "&b=" in link and link == shared:
                break
            page.wait_for_timeout(100)
        assert "&b=" in link and link == shared, (link, shared)
        yield link, page.evaluate("taluva.share.code()")
    finally:
        context.close()
        server.stop()


def receiver(browser, size: str):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    return context, page, errors


@pytest.mark.parametrize("size", SIZES)
def test_a_link_opened_in_a_fresh_profile_shows_its_board_keeps_the_computer_and_plays_on(
    browser, server, sent, size
):
    link, code = sent
    assert "&k=1.p.intermediate" in link and "&b=" in link  # who plays, and the board's picture
    context, page, errors = receiver(browser, size)
    try:
        context.add_init_script(script=WATCH_EARLY_JS)
        page.goto(f"{server.url}#{link.split('#', 1)[1]}")
        wait_ready(page)
        wait_game_ready(page)
        marks = page.evaluate(MARKS_JS)
        print(
            f"\n{size}: the link's board on screen {marks['taluva:link-picture']:.0f} ms after the"
            f" navigation began (the game screen's own {marks['taluva:preview'] or 0:.0f} ms);"
            f" the engine ready at {marks['taluva:engine-ready']:.0f} ms"
        )
        assert marks["taluva:link-picture"] < marks["taluva:engine-ready"], marks
        # What the early board showed: the island, the seats and whose turn, the strip below.
        early = page.evaluate("window.__early")
        assert early["warm"] > 0.02, "the link's board was not drawn"
        assert early["seats"][0].startswith("Player 1") and "to play" in early["seats"][0]
        assert early["strip"]["top"] >= early["picture"]["bottom"] - 1, early
        assert page.is_hidden("[data-testid=link-picture]")  # the game took its place
        assert page.get_attribute(UI, "data-preview") is None
        assert page.evaluate("taluva.share.code()") == code
        kept = page.evaluate("taluva.games.saved().then(() => taluva.games.list())")
        assert [s["type"] for s in kept[0]["seats"]] == ["human", "computer:intermediate"]
        assert page.locator(".tg-badge-ai").count() == 1  # (on a phone's seat strip, its title)

        # Play goes on: the person's turn by pointer and buttons, then the computer answers.
        page.evaluate("taluva.setAiSpeed('instant')")
        for _ in range(2):
            perform(page, page.evaluate("taluva.legalMoves()[0]"))
        wait_data(page, '[data-current="0"][data-computer="0"][data-busy="0"][data-steps="8"]')
        assert page.evaluate("taluva.aiTimes().map((t) => t.level)") == ["intermediate"] * 2
        assert "k=1.p.intermediate" in page.evaluate("location.hash")
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_link_shows_its_board_with_the_engine_blocked_and_says_why_below_it(
    browser, server, sent, size
):
    link, _ = sent
    context, page, errors = receiver(browser, size)
    blocked: list[str] = []

    def refuse(route) -> None:
        blocked.append(route.request.url)
        route.abort()

    try:
        context.route(ENGINE_FILES, refuse)
        context.add_init_script(script=WATCH_EARLY_JS)
        page.goto(f"{server.url}#{link.split('#', 1)[1]}")
        page.wait_for_selector('body[data-engine="error"]', state="attached", timeout=30_000)
        # The game screen draws the link too (its modules came; the engine never does): the
        # board stays, with the computer's badge, and the reason is in the strip below it.
        page.wait_for_selector(f'{UI}[data-preview="1"]', state="visible", timeout=30_000)
        assert page.evaluate(WARM_JS, f"{UI} canvas") > 0.02, "the link's board is not drawn"
        assert page.locator(".tg-badge-ai").count() == 1  # (on a phone's seat strip, its title)
        page.wait_for_selector("#boot-error", state="visible")
        assert page.is_visible("#boot-retry")
        strip = page.evaluate(STRIP_JS)
        assert not strip["overBoardMiddle"], strip
        marks = page.evaluate(MARKS_JS)
        early = page.evaluate("window.__early")
        assert early["warm"] > 0.02 and "to play" in early["seats"][0], early
        print(
            f"\n{size}, engine blocked: the link's board on screen"
            f" {marks['taluva:link-picture']:.0f} ms after the navigation began"
            f" (the game screen's own {marks['taluva:preview']:.0f} ms)"
        )
        assert blocked
        # The failure is the page's to say (in words, above), not a script error.
        assert not [e for e in errors if e.startswith("uncaught")], errors
    finally:
        context.close()
