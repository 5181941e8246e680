"""One layout from a phone to a wide desktop, in every language.

At eight window sizes (the first six touch screens: from a 320 px phone to a tablet, and a
phone held sideways) and in the six languages, with a 3-player game
two turns in: the page is never wider than the window, no word is split across two lines, every
visible control lies inside the window (or inside a box that scrolls, itself inside the window),
on touch screens every control is at least 44x44 px, every seat's name is on the first screen,
the zoom buttons lie inside the board and clear of the fitted island, and at 320x568 the board is
at least 220 px tall; and in New game, Help, Share, Games, Replay and Review every button can be
reached without scrolling the dialog itself. Screenshots of every size and language go to
e2e/artifacts/.

A test per language and kind of pointer, on the session's warm devices (conftest.py: touch is a
browser context's property, so the touch sizes have a device of their own): the engine starts
from its memory snapshot, so each language costs a page load of about a second and one game,
then looked at in every size. Each test prints its time.
"""

from __future__ import annotations

import base64
import time
from pathlib import Path

import pytest

from game_driver import ARTIFACTS, TOUCH, wait_game_ready
from support import wait_ready

LANGUAGES = sorted(
    p.name for p in (Path(__file__).resolve().parent.parent / "web" / "i18n").iterdir()
)
# (width, height, touch)
SIZES = [
    (320, 568, True),
    (360, 740, True),
    (390, 844, True),
    (768, 1024, True),
    (1024, 768, True),
    (844, 390, True),  # a phone held sideways
    (1280, 800, False),
    (1920, 1080, False),
]
DIALOGS = ["setup", "help", "share", "games", "replay", "review"]
SHOT_DIALOGS_AT = {(390, 844), (1024, 768), (844, 390)}
LONG_NAME = "Bartholomäus Ost"  # 16 characters: shown whole wherever there is room

# What a person sees and can reach, measured in the page. `scope` is the open dialog, else the
# game screen. A control inside a box that scrolls (a list, a side panel) counts as reachable
# when that box is inside the window; the window itself and a dialog itself must never scroll.
PROBLEMS_JS = r"""([scopeSel, touch]) => {
  const W = innerWidth, H = innerHeight, out = [];
  const page = document.documentElement;
  const scope = document.querySelector(scopeSel);
  const name = (el) => (el.getAttribute("aria-label") || el.textContent || el.title || el.tagName)
    .trim().replace(/\s+/g, " ").slice(0, 40);
  const size = (r) => `${Math.round(r.width)}x${Math.round(r.height)}`;
  const at = (r) => `${Math.round(r.left)},${Math.round(r.top)}`;
  const shown = (el) =>
    el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
  // A box that scrolls up and down (nothing may scroll sideways: see below).
  const scroller = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (/auto|scroll/.test(s.overflowY) && up.scrollHeight > up.clientHeight + 1) return up;
    }
    return null;
  };
  const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1
    && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  const win = { left: 0, top: 0, right: W, bottom: H };
  if (page.scrollWidth > W + 1) out.push(`page wider than the window: ${page.scrollWidth}`);
  if (page.scrollHeight > H + 1 && !scopeSel.startsWith("dialog"))
    out.push(`page taller than the window: ${page.scrollHeight}`);
  if (scope.tagName === "DIALOG" && scope.scrollHeight > scope.clientHeight + 1)
    out.push(`the dialog itself scrolls (${scope.scrollHeight} > ${scope.clientHeight})`);
  const controls = "button, select, input, textarea, summary, a[href], [role=tab]";
  for (const el of scope.querySelectorAll(controls)) {
    if (!shown(el) || el.type === "hidden") continue;
    // A control drawn invisibly over another (the language menu's select over its button) is
    // measured by what is drawn. A checkbox or radio is tapped through its label, which must
    // hold it; a text field or a select is tapped itself, whatever label is around it.
    const tick = el.matches("input[type=checkbox], input[type=radio]");
    if (touch && tick && !el.closest("label"))
      out.push(`a ${el.type} without a label to tap: "${name(el)}"`);
    const target = (tick ? el.closest("label") : null) || el.closest(".tg-btn") || el;
    if (!shown(target) || target.closest("[hidden]")) continue;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const box = scroller(target);
    // A dialog's buttons are in view as it opens: its body scrolls only for text and fields.
    if (box?.classList.contains("tg-dialog-body") && el.matches("button, label.tg-btn *")) {
      if (!inside(r, box.getBoundingClientRect()))
        out.push(`button below the dialog's fold: "${name(el)}"`);
    } else if (box) {
      const b = box.getBoundingClientRect();
      if (!inside(b, win)) out.push(`scroll box past the window: ${box.className}`);
      if (r.left < b.left - 1 || r.right > b.right + 1)
        out.push(`cut off at the side: "${name(el)}" at ${at(r)}`);
    } else if (!inside(r, win)) {
      out.push(`outside the window: "${name(el)}" at ${at(r)}`);
    }
    if (touch && (r.width < 43.5 || r.height < 43.5))
      out.push(`small for a finger: "${name(el)}" ${size(r)}`);
  }
  // No word split across two lines (Chinese breaks between characters, as it should).
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !shown(parent) || parent.closest("option, script, style, .tg-sr, textarea"))
      continue;
    for (const m of node.data.matchAll(/[\p{L}\p{N}'’]{2,}/gu)) {
      if (/\p{Script=Han}/u.test(m[0])) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length > 1 && Math.abs(rects[0].top - rects[rects.length - 1].top) > 2)
        out.push(`word split: "${m[0]}"`);
    }
  }
  return out;
}"""

# Every seat's name, whole or as the full text of a shortened one, inside the first screen.
SEATS_JS = r"""(names) => names.filter((n) =>
  ![...document.querySelectorAll("[data-seat-name]")].some((el) => {
    const r = el.getBoundingClientRect();
    const full = el.title || el.textContent;
    return r.width > 0 && full.trim() === n && r.top >= 0 && r.left >= 0
      && r.bottom <= innerHeight && r.right <= innerWidth;
  }))"""

# Where a name of up to 16 characters is shortened although its row is wide (the Players card).
CUT_NAMES_JS = r"""() => [...document.querySelectorAll(".tg-side [data-seat-name]")]
  .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent)"""


# The smallest board a 320x568 phone may show, the step bar and the strips around it all in view.
SMALL_BOARD_PX = 220

# The board after a fit: its canvas's height, and each zoom button that is cut off by the board's
# edge or covers the island (the box of its hexes: each top's centre from the page API, a hex
# radius around it and a raised stack's side below it).
BOARD_JS = r"""() => {
  const canvas = document.querySelector("[data-testid=board]").getBoundingClientRect();
  const at = (q, r) => taluva.hexToScreen(q, r);
  const radius = (at(1, 0).x - at(0, 0).x) / Math.sqrt(3); // a level lifts a hex, never shifts it
  const island = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const { q, r, level } of taluva.state().hexes) {
    const { x, y } = at(q, r);
    island.left = Math.min(island.left, x - (radius * Math.sqrt(3)) / 2);
    island.right = Math.max(island.right, x + (radius * Math.sqrt(3)) / 2);
    island.top = Math.min(island.top, y - radius);
    island.bottom = Math.max(island.bottom, y + radius * (1 + 0.2 * level));
  }
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const out = [];
  for (const button of document.querySelectorAll(".tg-zoom .tg-btn")) {
    if (!button.checkVisibility()) continue;
    const r = button.getBoundingClientRect();
    const name = button.dataset.testid;
    if (!inside(r, canvas)) out.push(`the ${name} button is cut off by the board's edge`);
    if (meet(r, island)) out.push(`the ${name} button covers the island`);
  }
  return { height: canvas.height, problems: out };
}"""

# How many turns of the move log are whole in view: each row inside the log's visible box, the
# side column's and the window's (nothing scrolled by hand; the log follows its last turn).
TURNS_IN_VIEW_JS = r"""() => {
  const log = document.querySelector("[data-testid=log]");
  const boxes = [log, log.closest(".tg-side")].map((el) => el.getBoundingClientRect());
  boxes.push({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
  const inside = (r, b) => r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5
    && r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  return [...log.querySelectorAll("li[data-turn]")].filter((li) => {
    const r = li.getBoundingClientRect();
    return r.height > 0 && boxes.every((b) => inside(r, b));
  }).length;
}"""

# Each row of the move log on one line: its words never wrap (a shortened one ends in "…").
LOG_ROWS_WRAPPED_JS = r"""() => [...document.querySelectorAll("[data-testid=log] li[data-turn]")]
  .filter((li) => li.offsetHeight > parseFloat(getComputedStyle(li).minHeight) + 1)
  .map((li) => li.textContent)"""


def open_dialog(page, which: str) -> str:
    """Open a dialog as a person would (Replay and Review through the page API's replay)."""
    sel = {
        "setup": "dialog.tg-setup",
        "help": "dialog.tg-help",
        "share": "dialog[data-testid=share-dialog]",
        "games": "dialog[data-testid=games-dialog]",
        "replay": "dialog[data-testid=replay-dialog]",
        "review": "dialog[data-testid=review-dialog]",
    }[which]
    if which == "replay":
        page.evaluate("taluva.share.replay()")
    elif which == "review":
        page.evaluate("taluva.share.replay()")
        page.wait_for_selector("dialog[data-testid=replay-dialog][open]")
        page.click("[data-testid=replay-review]")
        # Measured as a person reads it, finished: while it runs its progress line takes room,
        # and how far it got when measured depended on the machine's load.
        page.wait_for_selector(
            "[data-testid=review]:not([data-state=loading]):not([data-state=running])",
            state="attached",
            timeout=120_000,
        )
    else:
        press(page, "new-game" if which == "setup" else which)
    page.wait_for_selector(f"{sel}[open]")
    frames(page)
    return f"{sel}[open]"


def press(page, testid: str) -> None:
    """Click a header button; on a narrow screen through the header's More menu."""
    button = page.locator(f"[data-testid={testid}]")
    if not button.is_visible():
        page.click("[data-testid=more]")
    button.click()


def close_dialogs(page) -> None:
    for _ in range(3):
        if not page.locator("dialog[open]").count():
            break
        page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    # Let the dialogs' queued "close" events run before anything opens one again.
    page.evaluate("() => new Promise((r) => setTimeout(r))")


def start_game(page) -> list[str]:
    """A 3-player game (people only, so nothing moves by itself) two turns in, the third player's
    tile placed: the step bar shows its four build buttons. Returns the seat names."""
    page.evaluate(
        "n => taluva.newGame({players: 3, seed: 7, seats: [{name: n}]})",
        LONG_NAME,
    )
    wait_game_ready(page)
    for _ in range(5):
        page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    wait_game_ready(page)
    return seat_names(page)


def seat_names(page) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('[data-testid=players] [data-seat-name]')]"
        ".map(e => e.title || e.textContent)"
    )


def open_laptop_game(page, server, tag: str = "en", scheme: str | None = None) -> None:
    """The game screen at 1280x800 in language `tag` (and the system's colour `scheme`), its
    dialogs closed."""
    page.set_viewport_size({"width": 1280, "height": 800})
    if scheme:
        page.emulate_media(color_scheme=scheme)
    page.goto(f"{server.url}#lang={tag}")
    wait_ready(page)
    wait_game_ready(page)
    close_dialogs(page)


def frames(page) -> None:
    """Two animation frames: the header refits and the board redraws after a resize."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def check_size(page, width: int, height: int, touch: bool, tag: str, problems: list) -> None:
    """The game screen and the six dialogs at one size; screenshots to e2e/artifacts/."""
    page.set_viewport_size({"width": width, "height": height})
    frames(page)
    page.click("[data-testid=fit]")
    frames(page)
    where = f"{width}x{height} {tag}"
    names = seat_names(page)
    assert LONG_NAME in names
    for p in page.evaluate(PROBLEMS_JS, [".tg-root", touch]):
        problems.append(f"{where}: {p}")
    for n in page.evaluate(SEATS_JS, names):
        problems.append(f"{where}: seat {n!r} not on the first screen")
    board = page.evaluate(BOARD_JS)
    problems.extend(f"{where}: {p}" for p in board["problems"])
    if (width, height) == (320, 568):
        print(f"\n{where}: the board is {board['height']:.0f} px tall")
        if board["height"] < SMALL_BOARD_PX:
            problems.append(
                f"{where}: the board is {board['height']:.0f} px tall (< {SMALL_BOARD_PX})"
            )
    if width >= 1024:
        for n in page.evaluate(CUT_NAMES_JS):
            problems.append(f"{where}: name cut in the Players card: {n!r}")
    page.screenshot(path=str(ARTIFACTS / f"layout-{width}x{height}-{tag}.png"))
    for which in DIALOGS:
        sel = open_dialog(page, which)
        for p in page.evaluate(PROBLEMS_JS, [sel, touch]):
            problems.append(f"{where} {which}: {p}")
        if which == "setup":  # and its options, unfolded
            options = f"{sel} .tg-options"
            page.evaluate("s => { document.querySelector(s).open = true; }", options)
            frames(page)
            for p in page.evaluate(PROBLEMS_JS, [options, touch]):
                problems.append(f"{where} {which} options: {p}")
        # A short window's Share dialog shows one section at a time, under its tab: each one's.
        for tab in page.locator(f"{sel} [role=tab]").all():
            if not tab.is_visible():
                continue
            tab.click()
            for p in page.evaluate(PROBLEMS_JS, [sel, touch]):
                problems.append(f"{where} {which} {tab.text_content()}: {p}")
        if not page.locator(f"{sel} [data-testid=dialog-x]").is_visible():
            problems.append(f"{where} {which}: no ✕")
        if (width, height) in SHOT_DIALOGS_AT:
            shot = ARTIFACTS / f"layout-{width}x{height}-{tag}-{which}.png"
            page.screenshot(path=str(shot))
        close_dialogs(page)


# A test per language and kind of pointer, so that each stays within the suite's budget for one
# test (docs/testing.md) and two workers can share them.
@pytest.mark.parametrize("tag", LANGUAGES)
@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size_and_language(request, devices, server, touch, tag):
    began = time.monotonic()
    sizes = [(w, h) for w, h, t in SIZES if t == touch]
    first = {"width": sizes[0][0], "height": sizes[0][1]}
    if touch:
        page = devices("", viewport=first, **TOUCH)
    else:
        page = request.getfixturevalue("warm_page")
        page.set_viewport_size(first)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    problems: list[str] = []
    try:
        page.goto(f"{server.url}#lang={tag}")
        wait_ready(page)
        wait_game_ready(page)
        close_dialogs(page)
        start_game(page)
        for width, height in sizes:
            check_size(page, width, height, touch, tag, problems)
    finally:
        page.close()
        took = time.monotonic() - began
        kind = "touch" if touch else "mouse"
        print(f"\n{len(sizes)} sizes in {tag} ({kind}): {took:.1f} s")
    assert errors == []
    assert problems == [], "\n".join(problems[:80]) + f"\n({len(problems)} problems)"


@pytest.mark.parametrize("tag", ["de", "ru"])
def test_the_moves_card_shows_8_whole_turns_on_a_laptop(warm_page, server, tag):
    """At 1280x800 and 1024x768 (mouse), in the two longest languages, with a 3-player game 11
    turns in: each turn is one line, and at least 8 whole turns are in view without scrolling."""
    page = warm_page
    open_laptop_game(page, server, tag)
    page.evaluate("n => taluva.newGame({players: 3, seed: 7, seats: [{name: n}]})", LONG_NAME)
    wait_game_ready(page)
    for _ in range(21):
        page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    wait_game_ready(page)
    assert page.locator("[data-testid=log] li[data-turn]").count() == 11
    for width, height in [(1280, 800), (1024, 768)]:
        page.set_viewport_size({"width": width, "height": height})
        frames(page)
        frames(page)  # the log scrolls to its last turn in a frame of its own
        where = f"{width}x{height} {tag}"
        page.screenshot(path=str(ARTIFACTS / f"layout-moves-{width}x{height}-{tag}.png"))
        assert page.evaluate(LOG_ROWS_WRAPPED_JS) == [], where
        turns = page.evaluate(TURNS_IN_VIEW_JS)
        print(f"\n{where}: {turns} whole turns in view")
        assert turns >= 8, f"{where}: the Moves card shows {turns} whole turns"


def test_a_turn_of_the_log_shows_its_full_sentence_when_pointed_at_or_focused(game):
    """The row's few words ("hut · rock") beside the whole turn in words: in a bubble under the
    row when the mouse points at it or the keyboard focuses it, and for screen readers always."""
    page = game
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("taluva.newGame({players: 2, seed: 3})")
    wait_game_ready(page)
    for _ in range(4):
        page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    wait_game_ready(page)
    row = page.locator("[data-testid=log] li[data-turn='1']")
    short = row.locator(".tg-log-short")
    sentence = row.locator(".tg-log-text").text_content()
    # The row: its turn in a few words, the whole sentence for screen readers only.
    assert short.get_attribute("aria-hidden") == "true"
    assert 0 < len(short.text_content()) < len(sentence)
    assert row.evaluate("li => li.querySelector('.tg-log-text').getBoundingClientRect().width") <= 1
    detail = page.locator("[data-testid=log-detail]")
    row.hover()
    detail.wait_for(state="visible")
    assert sentence in detail.text_content()
    assert "Click" in detail.text_content()
    box, under = detail.bounding_box(), row.bounding_box()
    assert abs(box["y"] - (under["y"] + under["height"])) <= 3, (box, under)
    page.mouse.move(1, 1)
    detail.wait_for(state="hidden")
    # The keyboard: Tab from the row before reaches the next row and shows its words.
    row.focus()
    page.keyboard.press("Tab")
    second = page.locator("[data-testid=log] li[data-turn='2']")
    assert second.evaluate("li => li === document.activeElement")
    detail.wait_for(state="visible")
    assert second.locator(".tg-log-text").text_content() in detail.text_content()
    assert "Enter" in detail.text_content()


def test_a_dialog_closes_by_its_cross_or_beside_it_but_a_question_needs_its_answer(game):
    page = game
    for close in ("cross", "backdrop"):
        page.click("[data-testid=help]")
        page.wait_for_selector("dialog.tg-help[open]")
        if close == "cross":
            page.click("dialog.tg-help [data-testid=dialog-x]")
        else:
            page.mouse.click(5, 400)  # the backdrop, left of the dialog
        page.wait_for_selector("dialog.tg-help[open]", state="detached")
    # The elimination question is answered by its buttons (or its ✕, which says no), never by a
    # click beside it.
    page.evaluate("document.querySelector('[data-testid=confirm-dialog]').showModal()")
    page.mouse.click(5, 400)
    assert page.locator("[data-testid=confirm-dialog][open]").count() == 1
    page.click("[data-testid=confirm-dialog] [data-testid=dialog-x]")
    page.wait_for_selector("[data-testid=confirm-dialog][open]", state="detached")


def contrast(a: tuple, b: tuple) -> float:
    def lum(c):
        ch = [x / 255 for x in c[:3]]
        ch = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# The pixels of a screenshot of one select: its most common colour is its background, the one
# farthest from it its text (decoded in the page: no image library in the test's Python).
PIXELS_JS = r"""async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const bmp = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const c = new OffscreenCanvas(bmp.width, bmp.height);
  const g = c.getContext("2d");
  g.drawImage(bmp, 0, 0);
  const d = g.getImageData(0, 0, bmp.width, bmp.height).data;
  const count = new Map();
  for (let i = 0; i < d.length; i += 4) {
    const k = `${d[i]},${d[i + 1]},${d[i + 2]}`;
    count.set(k, (count.get(k) || 0) + 1);
  }
  const bg = [...count].sort((a, b) => b[1] - a[1])[0][0].split(",").map(Number);
  let far = bg, best = -1;
  for (const k of count.keys()) {
    const p = k.split(",").map(Number);
    const dist = Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]);
    if (dist > best) { best = dist; far = p; }
  }
  return [bg, far];
}"""


def test_the_new_game_selects_are_readable_with_a_light_colour_scheme(warm_page, server):
    """WebKit on a light desktop draws native controls light whatever the page's dark theme:
    every select of the New game dialog keeps a text contrast of at least 4.5:1 with
    `color-scheme: light` forced on the page and on the selects themselves."""
    page = warm_page
    open_laptop_game(page, server, scheme="light")
    page.click("[data-testid=new-game]")
    page.wait_for_selector("dialog.tg-setup[open]")
    page.click("dialog.tg-setup .tg-options summary")
    page.evaluate(
        "document.documentElement.style.colorScheme = 'light';"
        "document.querySelectorAll('dialog.tg-setup select')"
        ".forEach((s) => s.style.setProperty('color-scheme', 'light', 'important'))"
    )
    selects = page.locator("dialog.tg-setup select")
    assert selects.count() >= 3  # the seats' colours and the tiles
    for i in range(selects.count()):
        select = selects.nth(i)
        if not select.is_visible():
            continue
        png = select.screenshot()
        bg, ink = page.evaluate(PIXELS_JS, base64.b64encode(png).decode())
        ratio = contrast(bg, ink)
        label = select.get_attribute("name")
        assert ratio >= 4.5, f"select {label}: {ink} on {bg} is {ratio:.1f}:1"


def test_a_320px_header_keeps_replay_in_its_more_menu(devices, server):
    """At 320 px the header has no room for Replay beside More: it heads the More menu there, opens
    the replay from it, and stands in the header again at 390 px."""
    page = devices("", viewport={"width": 320, "height": 568}, **TOUCH)
    try:
        page.goto(server.url)
        wait_ready(page)
        wait_game_ready(page)
        close_dialogs(page)
        start_game(page)
        replay = page.locator("[data-testid=show-replay]")
        assert not replay.is_visible()
        assert page.locator("[data-testid=more-menu] [data-testid=show-replay]").count() == 1
        page.click("[data-testid=more]")
        replay.click()
        page.wait_for_selector("dialog[data-testid=replay-dialog][open]")
        close_dialogs(page)
        page.set_viewport_size({"width": 390, "height": 844})
        frames(page)
        frames(page)  # the header refits in the frame after the resize
        assert replay.is_visible()
        assert page.locator(".tg-actions > [data-testid=show-replay]").count() == 1
        assert page.locator("[data-testid=more-menu]").is_hidden()
    finally:
        page.close()


# A computer's seat: its mark (the icon) and a word shown, its name not cut; the person's seat
# unmarked. Then the log's rows and the Games list's titles: no text cut short.
COMPUTER_SEAT_JS = r"""() => {
  const shown = (el) => Boolean(el) && el.checkVisibility({ visibilityProperty: true });
  const seat = (i) => document.querySelector(`[data-testid=players] li[data-seat='${i}']`);
  const badge = seat(1).querySelector("[data-testid=seat-computer]");
  const name = seat(1).querySelector("[data-seat-name]");
  const words = badge ? [...badge.querySelectorAll("span")].filter(shown) : [];
  return {
    icon: shown(badge?.querySelector("svg")),
    word: words.map((s) => s.textContent.trim()).join(" "),
    name: name.textContent,
    cut: !shown(name) || name.scrollWidth > name.clientWidth + 1,
    person: seat(0).querySelectorAll("[data-testid=seat-computer]").length,
  };
}"""

CUT_TEXT_JS = r"""(sel) => [...document.querySelectorAll(sel)]
  .filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent)"""


@pytest.mark.parametrize("tag", LANGUAGES)
def test_a_computer_seat_shows_its_mark_and_word_and_no_name_or_row_is_cut(
    warm_page, server, console, tag
):
    page = warm_page
    problems: list[str] = []
    seats = [{"type": "human"}, {"type": "computer:intermediate"}]
    open_laptop_game(page, server, tag)
    page.evaluate("s => taluva.newGame({players: 2, seed: 5, seats: s})", seats)
    wait_game_ready(page)
    for width, height in [(1280, 800), (1024, 768), (390, 844), (844, 390), (320, 568)]:
        page.set_viewport_size({"width": width, "height": height})
        frames(page)
        where = f"{width}x{height} {tag}"
        seat = page.evaluate(COMPUTER_SEAT_JS)
        if not seat["icon"]:
            problems.append(f"{where}: no computer mark")
        if width > 320 and not seat["word"]:
            problems.append(f"{where}: the computer's seat has no word")
        if seat["cut"]:
            problems.append(f"{where}: the computer's name {seat['name']!r} is cut")
        if seat["person"]:
            problems.append(f"{where}: the person's seat is marked a computer")
        if (width, height) == (390, 844) and tag == "de":
            page.screenshot(path=str(ARTIFACTS / "computer-seat-390x844-de.png"))
    # A turn each, then the log's rows and the Games list's titles, whole.
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate("taluva.setAiSpeed('instant')")
    for _ in range(2):
        page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    page.wait_for_selector(
        ".tg-root[data-steps='4'][data-computer='0'][data-busy='0']", state="attached"
    )
    frames(page)
    for text in page.evaluate(CUT_TEXT_JS, "[data-testid=log] .tg-log-short"):
        problems.append(f"1024x768 {tag}: log row cut: {text!r}")
    for width, height in [(1024, 768), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("taluva.games.show()")
        page.wait_for_selector("dialog[data-testid=games-dialog][open] .games-title")
        for text in page.evaluate(CUT_TEXT_JS, "dialog[open] .games-title"):
            problems.append(f"{width}x{height} {tag}: Games row cut: {text!r}")
        close_dialogs(page)
    assert problems == []
    assert console == []
