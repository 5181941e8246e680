"""The step bar under the board: one height for every step at a laptop's sizes (placing,
building, an expansion's list open), so the board is never resized by a step; and the
expansion chooser's settlement chips mark their settlement on the board when pointed at,
focused or chosen."""

from __future__ import annotations

import pytest

from game_driver import ARTIFACTS, wait_game_ready
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
