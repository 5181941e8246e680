"""The screen's notices (the error line, the flash, the tip beside the pointer) never cover
the step bar's buttons: at five window sizes, in English and German (long words, more lines),
at the place step and at the build step (its four actions), each notice's box is checked
against every button of the step bar."""

from __future__ import annotations

import pytest

from game_driver import ARTIFACTS, new_game, wait_game_ready
from support import wait_ready

SIZES = [(1280, 800), (1024, 768), (390, 844), (320, 568), (844, 390)]

OVERLAPS_JS = r"""() => {
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const boxes = (sel) => [...document.querySelectorAll(sel)].filter(shown)
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const notices = boxes("[data-testid=error], .tg-flash, [data-testid=tip]");
  const buttons = boxes("[data-testid=stepbar] :is(button, select, input, label.tg-btn)");
  const out = [];
  for (const [n, a] of notices)
    for (const [b, r] of buttons) {
      const w = Math.min(a.right, r.right) - Math.max(a.left, r.left);
      const h = Math.min(a.bottom, r.bottom) - Math.max(a.top, r.top);
      if (w > 0.5 && h > 0.5)
        out.push(`${n.className} covers "${(b.textContent || b.title).trim().slice(0, 30)}"`);
    }
  return { out, notices: notices.map(([n]) => n.className), buttons: buttons.length };
}"""

ILLEGAL_PLACE = "taluva.play({type: 'place', volcano: [9, 9], clock: 6}).catch(() => {})"
ILLEGAL_BUILD = (
    "taluva.play({type: 'build', kind: 'tower', hexes: [{q: 9, r: 9, count: 1}]}).catch(() => {})"
)


def check(page, illegal: str, where: str, problems: list) -> None:
    page.evaluate("document.querySelector('[data-testid=error]').hidden = true")
    page.evaluate(illegal)
    page.wait_for_selector("[data-testid=error]:visible")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    found = page.evaluate(OVERLAPS_JS)
    assert "tg-error" in found["notices"], (where, found)
    assert found["buttons"] > 0, where
    problems.extend(f"{where}: {p}" for p in found["out"])
    if where.split()[0] in ("390x844", "1024x768"):
        page.screenshot(path=str(ARTIFACTS / f"notice-{where.replace(' ', '-')}.png"))


@pytest.mark.parametrize("tag", ["en", "de"])
def test_no_notice_covers_a_step_bar_button(warm_page, server, console, tag):
    page = warm_page
    page.goto(f"{server.url}#lang={tag}")
    wait_ready(page)
    wait_game_ready(page)
    new_game(page, {"players": 3}, seed=7)  # people only: nothing moves by itself
    problems: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check(page, ILLEGAL_PLACE, f"{width}x{height} {tag} place", problems)
    page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    page.wait_for_selector('.tg-root[data-phase="build"][data-busy="0"]', state="attached")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check(page, ILLEGAL_BUILD, f"{width}x{height} {tag} build", problems)
    assert problems == []
    assert console == []
