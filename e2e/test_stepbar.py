"""The step bar under the board: one height for every step at a laptop's and a phone's sizes
(placing, building, an expansion's list open, a computer's turn), so the board is never resized
by a step, with every control of the step in view; and the expansion chooser's settlement chips
mark their settlement on the board when pointed at, focused, chosen or tapped."""

from __future__ import annotations

import pytest

from game_driver import ARTIFACTS, PHONE, wait_game_ready
from support import wait_ready

# Plays the first legal move until the person to move may expand at the build step.
TO_AN_EXPANSION_JS = r"""async () => {
  for (let i = 0; i < 80; i++) {
    const s = taluva.state();
    const legal = taluva.legalMoves();
    if (s.phase === "build" && legal.some((m) => m.kind === "expand")) return true;
    const found = legal.find((m) => m.kind === "found");
    await taluva.play({ notation: (found ?? legal[0]).notation });
  }
  return false;
}"""

SETTLEMENT_JS = r"""(anchor) => taluva.state().hexes
  .filter((h) => h.building && h.building.settlement === anchor)
  .map((h) => `${h.q},${h.r}`).sort().join(" ")"""

HEIGHT_JS = "() => document.querySelector('[data-testid=stepbar]').getBoundingClientRect().height"


def highlight(page) -> str:
    marked = page.get_attribute("[data-testid=board]", "data-highlight") or ""
    return " ".join(sorted(marked.split()))


@pytest.mark.parametrize("tag", ["en", "de"])
def test_the_step_bar_keeps_its_height_and_a_settlement_chip_marks_its_settlement(
    warm_page, server, console, tag
):
    page = warm_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server.url}#lang={tag}")
    wait_ready(page)
    wait_game_ready(page)
    page.evaluate("taluva.newGame({players: 2, seed: 12})")  # people only
    wait_game_ready(page)
    heights = {"place": page.evaluate(HEIGHT_JS)}
    assert page.evaluate(TO_AN_EXPANSION_JS)
    page.wait_for_selector('.tg-root[data-phase="build"][data-busy="0"]', state="attached")
    heights["build"] = page.evaluate(HEIGHT_JS)
    page.click("[data-testid=kind-expand]")
    chips = page.locator("[data-testid^='settlement-']")
    chips.first.wait_for()
    heights["expand"] = page.evaluate(HEIGHT_JS)
    page.screenshot(path=str(ARTIFACTS / f"stepbar-expand-1280x800-{tag}.png"))
    assert len(set(heights.values())) == 1, heights
    for width, height in [(1024, 768), (1920, 1080)]:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(HEIGHT_JS) == heights["place"], (width, height)
    page.set_viewport_size({"width": 1280, "height": 800})
    # Each chip marks its settlement: pointed at, then focused; chosen, it stays marked.
    for chip in chips.all():
        anchor = chip.get_attribute("data-testid").removeprefix("settlement-")
        members = page.evaluate(SETTLEMENT_JS, anchor) or anchor
        page.mouse.move(0, 0)
        chip.hover()
        assert highlight(page) == members, (anchor, highlight(page))
        page.mouse.move(0, 0)
        chip.focus()
        assert highlight(page) == members
        page.evaluate("document.activeElement.blur()")
        chip.click()
        page.mouse.move(0, 0)
        page.evaluate("document.activeElement.blur()")
        assert highlight(page) == members, "the chosen settlement stays marked"
    assert console == []


BOARD_JS = "() => document.querySelector('[data-testid=board]').getBoundingClientRect().height"

# The step bar's controls a person can see (not display:none) that are not wholly inside the
# bar's box: scrolled out of it, or under its edge.
CONTROLS_OUT_OF_VIEW_JS = r"""() => {
  const bar = document.querySelector('[data-testid=stepbar]').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid=stepbar] :is(button, select)')]
    .filter((el) => el.getClientRects().length > 0)
    .filter((el) => {
      const r = el.getBoundingClientRect();
      const out = (a, b) => a > b + 0.5;
      return out(bar.top, r.top) || out(r.bottom, bar.bottom)
        || out(bar.left, r.left) || out(r.right, bar.right);
    })
    .filter((el) => !el.closest('.tg-expand-rows')) // that row scrolls sideways, by design
    .map((el) => el.dataset.testid || el.textContent.trim());
}"""


def test_on_a_phone_the_step_bar_keeps_its_height_with_every_control_in_view(devices, server):
    """R-TURN-1's two steps, an expansion (R-BUILD-2) and a computer's turn on a phone upright
    and on a small one, in German (the longest words): one bar height and one board height per
    size; Place, Build, Cancel, the settlement chips, the speed menu and Pause always in view;
    a tapped settlement chip marks its settlement."""
    page = devices("phone", viewport={"width": 390, "height": 844}, **PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}#lang=de")
    wait_ready(page)
    wait_game_ready(page)
    for width, height in [(390, 844), (320, 568)]:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("taluva.newGame({players: 2, seed: 12})")
        wait_game_ready(page)
        seen: dict[str, tuple] = {}

        def look(step: str, seen: dict = seen, width: int = width) -> None:
            seen[step] = (page.evaluate(HEIGHT_JS), page.evaluate(BOARD_JS))
            assert page.evaluate(CONTROLS_OUT_OF_VIEW_JS) == [], (width, step)

        look("place")
        assert page.evaluate(TO_AN_EXPANSION_JS)
        page.wait_for_selector('.tg-root[data-phase="build"][data-busy="0"]', state="attached")
        look("build")
        page.tap("[data-testid=kind-expand]")
        chip = page.locator("[data-testid^='settlement-']").first
        chip.wait_for()
        look("expand")
        anchor = chip.get_attribute("data-testid").removeprefix("settlement-")
        chip.tap()
        members = page.evaluate(SETTLEMENT_JS, anchor) or anchor
        assert highlight(page) == members, "a tapped chip marks its settlement"
        # One landscape only: chosen with its settlement.
        if page.is_disabled("[data-testid=confirm]"):
            page.locator(".tg-terrain-btn").first.tap()
        page.wait_for_selector("[data-testid=confirm]:not([disabled])")
        look("expansion chosen")
        page.screenshot(path=str(ARTIFACTS / f"stepbar-expand-{width}x{height}-de.png"))
        page.tap("[data-testid=cancel]")
        page.wait_for_selector("[data-testid=kind-expand]")
        look("cancelled")
        seats = [{"type": "computer:beginner"}, {"type": "human"}]
        page.evaluate("s => taluva.newGame({players: 2, seed: 4, seats: s})", seats)
        page.evaluate("taluva.setAiPaused(true)")
        page.wait_for_selector("[data-testid=ai-pause][aria-pressed=true]")
        look("computer")
        page.evaluate("taluva.setAiPaused(false)")
        assert len(set(seen.values())) == 1, (width, seen)
    assert errors == []
