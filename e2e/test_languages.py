"""The page in each of its languages. A turn is played in each; the screen's visible
text must hold no English word that the language's own catalogue does not also use, an illegal
spot's reason (the engine's code, phrased by the page) must be in the language, nothing may be
cut off or stick out at 390x844 and 1280x800, and screenshots of both sizes go to e2e/artifacts/.

Each test has a page of the session's warm browser context (conftest.py), so the engine starts
from its snapshot and each language costs a page load of about a second.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game_driver import (
    ARTIFACTS,
    build,
    legal_moves,
    place,
    screen_of,
    steps,
    wait_data,
    wait_game_ready,
)
from support import wait_ready, watched

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "web" / "i18n"
LANGUAGES = sorted(p.name for p in CATALOGUES.iterdir() if p.is_dir() and p.name != "en")
SIZES = [(1280, 800), (390, 844)]
WORD = re.compile(r"[^\W\d_]{4,}")
RULE_ID = re.compile(r"\b[RO]-[A-Z]+(?:-\w+)?")  # R-TILE-3c, O-RANK: the same in every language


def messages(tag: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((CATALOGUES / tag).glob("*.json")):
        merged.update(json.loads(path.read_text()))
    return merged


def words(texts) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(RULE_ID.sub(" ", text))}


def english_only(tag: str) -> set[str]:
    """Words of the English catalogue (outside ICU syntax) that the language's never uses."""
    strip = re.compile(r"\{[a-z]+(?:,[^{}]*)?|[{}]|<\/?\w+>")
    english = words(strip.sub(" ", m) for m in messages("en").values())
    own = words(messages(tag).values())
    # The language menu names every language in its own words, English included.
    names = words(messages(t)["language.name"] for t in [*LANGUAGES, "en"])
    return english - own - names - {"taluva"}


# Text elements whose content is cut off (wider than their box) or that reach past the window.
OVERFLOW_JS = """() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  const texts = "button, label, select, summary, h1, h2, h3, .tg-turn > span, .tg-step-title, "
    + ".tg-badge, .tg-kind-label";
  for (const el of document.querySelectorAll(texts)) {
    if (!el.offsetParent) continue;
    const what = `${el.tagName} "${el.textContent.trim().slice(0, 40)}"`;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      out.push(`cut: ${what}`);
    const box = el.getBoundingClientRect();
    if (box.right > width + 1) out.push(`past the window: ${what}`);
    // Cut off by a box that hides its overflow (a scrolling box is fine: it can be scrolled to).
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if ([style.overflowX, style.overflowY].some((o) => o === "auto" || o === "scroll")) break;
      if (![style.overflowX, style.overflowY].some((o) => o === "hidden" || o === "clip")) continue;
      const outer = up.getBoundingClientRect();
      const cut = box.bottom > outer.bottom + 1 || box.right > outer.right + 1;
      if (cut) out.push(`clipped: ${what}`);
      break;
    }
  }
  if (document.documentElement.scrollWidth > width + 1) out.push("the page scrolls sideways");
  // The game screen's buttons are all on screen without scrolling (the step bar's included).
  for (const el of document.querySelectorAll(".tg-root button")) {
    if (!el.offsetParent || el.closest("dialog")) continue;
    const below = el.getBoundingClientRect().bottom > innerHeight + 1;
    if (below) out.push(`below the window: "${el.textContent}"`);
  }
  return out;
}"""


@pytest.fixture
def context(warm_page):
    errors: list[str] = []
    return warm_page.context, watched(warm_page, errors), errors


def visible_text(page) -> str:
    return page.evaluate("document.body.innerText")


def open_in(page, server, tag: str) -> None:
    """The page opened afresh in language `tag`. From another document: a hash change alone
    makes the page reload itself (share/link-sync.js), which raced a reload of the test's own."""
    page.goto("about:blank")
    page.goto(f"{server.url}#lang={tag}")
    wait_ready(page)
    wait_game_ready(page)
    assert page.get_attribute("html", "lang") == tag


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def illegal_reason(page) -> str:
    """Point at a hex three steps from the island, on the board as drawn (however much room the
    language's step bar leaves it): a tile there cannot touch the island (R-TILE-2). Read the tip
    the engine's reason fills."""
    island = [(h["q"], h["r"]) for h in page.evaluate("taluva.state()")["hexes"]]
    page.click("[data-testid=fit]")
    box = page.locator("[data-testid=board]").bounding_box()
    spots = {
        (q + dq, r + dr)
        for q, r in island
        for dq in range(-3, 4)
        for dr in range(-3, 4)
        if min(distance((q + dq, r + dr), x) for x in island) == 3
    }
    for spot in sorted(spots):
        x, y = screen_of(page, *spot)
        inside = (
            box["x"] + 20 < x < box["x"] + box["width"] - 60
            and box["y"] + 20 < y < box["y"] + box["height"] - 20
        )
        if inside:
            page.mouse.move(x, y)
            wait_data(page, '[data-reason="R-TILE-2"]')
            return page.text_content("[data-testid=tip]")
    raise AssertionError("no hex three steps from the island is on the board")


@pytest.mark.parametrize("tag", LANGUAGES)
def test_a_turn_in_each_language_shows_no_english(context, server, tag):
    _, page, errors = context
    page.set_viewport_size({"width": 1280, "height": 800})
    open_in(page, server, tag)
    page.evaluate("taluva.newGame({players: 2, seed: 11})")
    wait_game_ready(page)
    foreign = english_only(tag)
    place(page, legal_moves(page)[0])
    before = steps(page)
    build(page, legal_moves(page)[0])
    assert steps(page) == before + 1
    reason = illegal_reason(page)
    assert not RULE_ID.search(reason), reason  # in words; the rule is a button
    assert not words([reason]) & foreign, f"{tag}: English in the reason: {reason!r}"
    page.keyboard.press("h")  # the hint bar, and the computer level's name in it
    wait_data(page, ':not([data-hint="pending"]):not([data-hint=""])')
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.click("[data-testid=fit]")
        text = visible_text(page)
        left = sorted(words([text]) & foreign)
        assert not left, f"{tag} at {width}x{height}: English words on screen: {left}"
        assert page.evaluate(OVERFLOW_JS) == [], f"{tag} at {width}x{height}"
        page.screenshot(path=str(ARTIFACTS / f"language-{tag}-{width}x{height}.png"))
    # The dialogs too: New game, Help, Share and Games (at 390x844, the narrowest).
    for opener, dialog in [
        ("[data-testid=new-game]", "dialog.tg-setup"),
        ("[data-testid=help]", "dialog.tg-help"),
        ("[data-testid=share]", "dialog[data-testid=share-dialog]"),
        ("[data-testid=games]", "dialog[data-testid=games-dialog]"),
    ]:
        if not page.is_visible(opener):
            page.click("[data-testid=more]")  # a phone's header: Share, Games, Help in its menu
        page.click(opener)
        page.wait_for_selector(f"{dialog}[open]")
        text = page.text_content(f"{dialog}[open]")
        assert not words([text]) & foreign, (
            f"{tag}: English in {dialog}: {sorted(words([text]) & foreign)}"
        )
        assert page.evaluate(OVERFLOW_JS) == [], f"{tag}: {dialog} at 390x844"
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}[open]", state="detached")
    assert errors == []
    page.set_viewport_size({"width": 1280, "height": 800})
