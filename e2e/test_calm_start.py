"""One calm start. From the navigation to the first game on screen, a
screenshot every 100 ms, on a first visit and on a return visit: the background is one colour
throughout (the boot screen has the game's palette in the system's theme, light or dark, from
the first frame: web/css/palette.css, js/start-look.js), the header's buttons, once shown, never
move (Games and Share hold their places, disabled, until they can act), nor do the boot screen's
logo, bar and Details; the technical words wait behind "Details"."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import engine_hold
from game_driver import wait_game_ready
from support import pixel_at, record_texts, wait_ready

ARTIFACTS = Path(__file__).parent / "artifacts"
EVERY_S = 0.1
AFTER_S = 0.6  # frames kept after the first game is on screen: nothing may move then either
DEADLINE_S = 120

# Where every screen shows the page's own background: the boot screen (and its strip on a return
# visit) everywhere near the bottom right corner, the game screen below its side column's cards.
BACKGROUND_AT = (1277, 797)
GAME_BG = {"dark": (0x0F, 0x21, 0x30), "light": (0xF4, 0xEF, 0xE6)}  # palette.css --bg
# The side column there is a shade of the same colour (--bg-side: #12283a, #ede7dc); a boot
# screen of the other theme would be over 200 apart.
SAME_SHADE = 12

# What is on screen now: the header's buttons (by test id) and the boot screen's fixed parts,
# each as its box; whether the first game is on screen.
ON_SCREEN = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return r.width && r.height ? [r.x, r.y, r.width, r.height].map(Math.round) : null;
  };
  const boxes = {};
  const app = document.getElementById("app");
  if (app && !app.hidden)
    for (const b of document.querySelectorAll(".tg-top .tg-btn")) {
      const at = box(b);
      if (at) boxes[`header:${b.dataset.testid ?? b.className}`] = at;
    }
  const boot = document.getElementById("boot");
  if (boot && !boot.hidden)
    for (const selector of [".boot-logo", "#boot-progress", "#boot-details summary"]) {
      const el = boot.querySelector(selector);
      const at = el && box(el);
      if (at) boxes[`boot:${selector}`] = at;
    }
  const root = document.querySelector(".tg-root");
  const gameShown = Boolean(app && !app.hidden && root?.dataset.ready === "1" && boot?.hidden);
  return { boxes, gameShown };
}"""


def film(page, url: str, name: str) -> list[dict]:
    """Navigate and, from the page's first paint, take a frame every 100 ms until the first game
    has been on screen a while."""
    page.goto(url, wait_until="commit")
    # From the page's own first paint: until then the browser may still show the page before it
    # (about:blank, white), which is not this page's to colour.
    page.wait_for_function(
        "() => performance.getEntriesByType('paint').length > 0", polling=20, timeout=60_000
    )
    frames: list[dict] = []
    shown_at = None
    start = time.monotonic()
    while time.monotonic() - start < DEADLINE_S:
        tick = time.monotonic()
        pixel = pixel_at(page, *BACKGROUND_AT)
        state = page.evaluate(ON_SCREEN)
        frames.append({**state, "pixel": pixel, "at": round(tick - start, 2)})
        if len(frames) == 3:
            save(page, f"{name}-boot")
        if state["gameShown"] and shown_at is None:
            shown_at = tick
        if shown_at is not None and tick - shown_at >= AFTER_S:
            break
        time.sleep(max(0.0, EVERY_S - (time.monotonic() - tick)))
    assert shown_at is not None, f"no game on screen within {DEADLINE_S} s"
    save(page, f"{name}-game")
    return frames


def save(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"calm-start-{name}.png"))


def assert_calm(frames: list[dict], background: tuple[int, int, int]) -> None:
    assert frames[0]["pixel"] == background, frames[0]["pixel"]
    for frame in frames:
        apart = max(abs(a - b) for a, b in zip(frame["pixel"], background, strict=True))
        assert apart <= SAME_SHADE, (
            f"the background changed: {[(f['at'], f['pixel']) for f in frames]}"
        )
    first_seen: dict[str, tuple] = {}
    for frame in frames:
        for name, box in frame["boxes"].items():
            first_seen.setdefault(name, (frame["at"], box))
            at, was = first_seen[name]
            assert box == was, f"{name} moved: {was} at {at} s, {box} at {frame['at']} s"
    header = [n for n in first_seen if n.startswith("header:")]
    # Every header button from the first frame the header shows: none comes later.
    first_header = next(f for f in frames if any(n.startswith("header:") for n in f["boxes"]))
    assert sorted(n for n in first_header["boxes"] if n.startswith("header:")) == sorted(header)
    for reserved in ("header:games", "header:share", "header:new-game", "header:undo"):
        assert reserved in header, (reserved, header)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_first_and_a_return_visit_start_calmly(browser, server, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    try:
        page = context.new_page()
        first = film(page, server.url, f"{scheme}-first")
        assert_calm(first, GAME_BG[scheme])
        wait_ready(page)
        wait_game_ready(page)
        # A kept game, so that the return visit draws it before the engine is up (preview).
        page.evaluate("taluva.newGame({players: 2, seed: 4})")
        wait_game_ready(page)
        page.evaluate("taluva.play(taluva.legalMoves()[0])")
        wait_game_ready(page)
        page.evaluate("taluva.games.saved()")
        again = film(page, server.url, f"{scheme}-return")
        assert_calm(again, GAME_BG[scheme])
    finally:
        context.close()


def test_the_boot_screen_speaks_the_players_words_and_keeps_the_technical_ones_behind_details(
    page, server
):
    boot_words = record_texts(page, "boot-words")
    # The engine's answers held back (engine_hold's gate, closed from the start), so the boot
    # screen is seen however fast the engine is.
    engine_hold.install(page)
    page.add_init_script(script="globalThis.__e2eHold.state = 'holding';")
    page.goto(server.url)
    page.wait_for_selector("#boot-words", state="visible")
    assert page.is_visible("#boot-progress")
    assert not page.is_visible("#boot-status")  # "Downloading the Python runtime (Pyodide …)"
    assert page.is_hidden("#boot-slow")
    bar = page.locator("#boot-progress").bounding_box()
    page.click("#boot-details summary")  # the technical line opens over the page, moving nothing
    page.wait_for_selector("#boot-status", state="visible")
    assert page.locator("#boot-progress").bounding_box() == bar
    page.evaluate("globalThis.__e2eHold.release()")
    wait_ready(page)
    words = page.evaluate(boot_words)
    assert words[0] == "Getting the island ready…", words
    assert not any("Pyodide" in w or "Python" in w or "MB" in w for w in words), words
