"""The lesson (engine/taluva/play/lesson.py, web/js/lesson/), played as a learner does: by
clicks only.

In English the whole lesson is completed by clicks: at every step one wrong move first (its
reason shown, with the rule the step names), then a move that passes, then Next; at the end a
game against the beginner computer starts. Each other language: Help (a board per rule), the
lesson entered from Help or the New game dialog, a refused move said in that language, every
step's card in its words, a screenshot, the beginner game; tests/test_lesson.py holds every
step's words and every wrong move's sentence in every catalogue without a browser. The lesson
resumes after a reload; on a 390x844 touch screen every kind of move is played by taps.

The test reads the engine's lesson (`taluva.call('lesson')`) to know which move to make, as the
game driver reads the legal moves; every move is made through the page's buttons and board.
"""

from __future__ import annotations

import json
import re

import pytest

from game_driver import ARTIFACTS, ROOT, UI, data, phone_game, screen_of, wait_data, wait_game_ready
from support import wait_ready, wait_until
from test_languages import LANGUAGES

TIMEOUT_MS = 20_000
PIECES = {"hut": "found", "huts": "expand", "temple": "temple", "tower": "tower"}


def catalogue(tag: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((ROOT / "web" / "i18n" / tag).glob("*.json")):
        merged.update(json.loads(path.read_text()))
    return merged


def lesson_steps(page) -> list[dict]:
    return page.evaluate("taluva.call('lesson')")


def on_board(page, x: float, y: float) -> bool:
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.dataset.testid ?? ''", [x, y])
    return hit == "board"


def point_at(page, q: int, r: int) -> tuple[float, float]:
    """Where hex (q, r) is on screen: the Fit button first, then zoom out by the button."""
    page.click("[data-testid=fit]")
    x, y = screen_of(page, q, r)
    for _ in range(6):
        if on_board(page, x, y):
            return x, y
        page.click("[data-testid=zoom-out]")
        x, y = screen_of(page, q, r)
    above = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.className", [x, y])
    page.screenshot(path=str(ROOT / "e2e" / "artifacts" / "lesson-off-board.png"))
    raise AssertionError(f"hex {q},{r} is not on the board at {x:.0f},{y:.0f}: {above!r}")


def hit(page, x: float, y: float, touch: bool) -> None:
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.move(x, y)
        page.mouse.click(x, y)


def clear_error(page) -> None:
    page.evaluate("document.querySelector('.tg-root').dataset.error = ''")


def rotate_to(page, clock: int, touch: bool) -> None:
    for _ in range(6):
        if int(data(page, "clock")) == clock:
            return
        if touch:
            page.tap("[data-testid=rotate-right]")
        else:
            page.click("[data-testid=rotate-right]")
    assert int(data(page, "clock")) == clock


def place(page, notation: str, touch: bool) -> None:
    """Rotate by the button, aim, and place (a tap on a touch screen aims, a second places)."""
    spot, clock = notation.split("/")
    q, r = (int(v) for v in spot.split(","))
    rotate_to(page, int(clock), touch)
    x, y = point_at(page, q, r)
    if touch and data(page, "ghost") != notation:  # aimed there already: one tap places
        page.touchscreen.tap(x, y)
        wait_data(page, f'[data-ghost="{notation}"]')
    hit(page, x, y, touch)


def choose_kind(page, kind: str, touch: bool) -> None:
    button = f"[data-testid=kind-{kind}]"
    if page.get_attribute(button, "aria-checked") == "true" or page.is_disabled(button):
        return
    if touch:
        page.tap(button)
    else:
        page.click(button)


def build(page, notation: str, touch: bool) -> None:
    """The action's button, then its hex; an expansion is confirmed (picked if need be)."""
    word, *cells = notation.split()
    kind = PIECES[word]
    legal = [m for m in page.evaluate("taluva.legalMoves()") if m["notation"] == notation]
    if legal:
        kind = legal[0]["kind"]
    choose_kind(page, kind, touch)
    q, r = (int(v) for v in re.sub(r"x\d+$", "", cells[0]).split(","))
    x, y = point_at(page, q, r)
    hit(page, x, y, touch)
    if not legal:
        return  # refused at the hex: the page explains it
    if kind == "expand" and data(page, "selected") != notation:
        s = legal[0]["settlement"]
        page.click(f"[data-testid='expand-{s[0]},{s[1]}-{legal[0]['terrain']}']")
    if kind == "expand" or touch:  # a tap shows the build; the button confirms it
        wait_data(page, f'[data-selected="{notation}"]')
        page.click("[data-testid=confirm]")


def act(page, notation: str, touch: bool) -> None:
    if "/" in notation:
        place(page, notation, touch)
    else:
        build(page, notation, touch)


def wrong_move(page, step: dict, touch: bool) -> str:
    """Try the step's wrong move; its reason is shown, with a rule the step names."""
    clear_error(page)
    before = data(page, "steps")
    act(page, step["wrong"], touch)
    if page.is_visible("[data-testid=confirm-dialog]"):  # R-ELIM-1: the page asks first
        page.click("[data-testid=confirm-ok]")
    wait_data(page, '[data-error]:not([data-error=""])', timeout=TIMEOUT_MS)
    shown = data(page, "error")
    # In words; the rule is the error line's "rule" button, to Help.
    assert not re.search(r"\b[RO]-[A-Z]{2,}", shown), (step["id"], shown)
    rule = data(page, "error-rule")
    assert rule in step["rules"], (step["id"], rule)
    assert page.locator(f"[data-testid=error] [data-testid=rule-link][data-rule='{rule}']").count()
    assert data(page, "steps") == before, "a refused move is not played"
    assert data(page, "lesson-passed") == "0"
    return shown


def pass_step(page, step: dict, touch: bool) -> None:
    act(page, step["example"], touch)
    wait_data(page, f'[data-lesson="{step["id"]}"][data-lesson-passed="1"][data-busy="0"]')
    # A step that ends the game shows the end dialog, closed by its ✕.
    if step["id"] in ("win", "last-tile"):
        page.wait_for_selector("dialog[open] [data-testid=dialog-x]", timeout=TIMEOUT_MS)
        page.click("dialog[open] [data-testid=dialog-x]")
    assert page.is_visible("[data-testid=lesson-done]")


def go_on(page, touch: bool) -> None:
    if touch:
        page.tap("[data-testid=lesson-next]")
    else:
        page.click("[data-testid=lesson-next]")


def play_lesson(page, tag: str, *, touch: bool = False, first: int = 0) -> list[str]:
    """Every step from `first` on: a wrong move, then one that passes, then Next."""
    steps = lesson_steps(page)
    reasons = []
    for step in steps[first:]:
        wait_data(page, f'[data-lesson="{step["id"]}"][data-busy="0"]')
        marks = page.get_attribute("[data-testid=board]", "data-highlight")
        assert marks == " ".join(f"{q},{r}" for q, r in step["targets"])
        reasons.append(wrong_move(page, step, touch))
        pass_step(page, step, touch)
        go_on(page, touch)
    return reasons


def assert_beginner_game(page, tag: str) -> None:
    wait_data(page, '[data-lesson-done="1"][data-busy="0"]:not([data-lesson])')
    words = catalogue(tag)
    badge = page.text_content("[data-testid=players] .tg-badge-ai-long")
    assert words["level.beginner"] in badge


# Whether every Help picture has pixels of more than a few colours: a board, not a blank canvas.
COLOURED = """() => [...document.querySelectorAll('[data-testid=help-picture]')].every((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    const seen = new Set();
    for (let i = 0; i < data.length; i += 64) {
        seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    return seen.size > 3;
})"""


def open_help(page) -> None:
    """The Help button, from the header's "more" menu where the header folded it."""
    if not page.is_visible("[data-testid=help]"):
        page.click("[data-testid=more]")
    page.click("[data-testid=help]")


def open_lesson_page(page, url: str, tag: str) -> None:
    """The game page in language `tag`, as a link's `lang=` opens it."""
    page.goto(f"{url}#lang={tag}")
    wait_ready(page)
    wait_game_ready(page)


def check_help(page, tag: str) -> None:
    """Help draws a board per rule (canvases with pixels) and says each rule in the language."""
    open_help(page)
    page.wait_for_selector("dialog.tg-help[data-pictures=drawn]", timeout=TIMEOUT_MS)
    canvases = page.locator("[data-testid=help-picture]")
    assert canvases.count() >= 10
    # Each picture has pixels of more than one colour: a board, not a blank canvas.
    wait_until(lambda: page.evaluate(COLOURED), timeout_s=20)
    words = catalogue(tag)
    text = page.text_content("dialog.tg-help")
    # The sentence first, the rule id after it; the touch controls listed.
    assert f"{words['help.rule.temple']} (R-BUILD-3)" in text
    assert words["help.touch.aim"] in text


def test_the_whole_lesson_by_clicks(warm_page, server, console):
    """The first visit's offer starts it; at every step a wrong move first (its reason shown,
    with a rule the step names), then a move that passes, then Next; a game against the beginner
    computer follows. The other languages: test_each_language_teaches_every_step_in_its_words
    here, and tests/test_lesson.py (every wrong move's sentence in every catalogue)."""
    page = warm_page
    open_lesson_page(page, server.url, "en")
    assert page.is_visible("[data-testid=lesson-offer]")
    page.click("[data-testid=lesson-offer-take]")
    wait_data(page, '[data-lesson="first-tile"]')
    assert catalogue("en")["lesson.first-tile.title"] in page.text_content("[data-testid=lesson]")
    reasons = play_lesson(page, "en")
    assert len(reasons) == len(lesson_steps(page))
    assert_beginner_game(page, "en")
    assert console == []


# Where each language's learner comes in: the New game dialog's "Learn to play", or Help's.
ENTRIES = {"de": "setup"}


@pytest.mark.parametrize("tag", LANGUAGES)
def test_each_language_teaches_every_step_in_its_words(warm_page, server, console, tag):
    """Help in the language (a board per rule), the lesson entered from Help or the New game
    dialog, a refused move said in the language (not English), every step's card in the
    language's words (each shown in turn by Skip), a screenshot of the card, and the beginner
    game after the last step."""
    page = warm_page
    open_lesson_page(page, server.url, tag)
    words = catalogue(tag)
    check_help(page, tag)
    if ENTRIES.get(tag) == "setup":
        page.click("dialog.tg-help [data-testid=dialog-x]")
        page.click("[data-testid=new-game]")
        page.click("[data-testid=setup-lesson]")
    else:
        page.click("[data-testid=help-lesson]")
    steps = lesson_steps(page)
    wait_data(page, f'[data-lesson="{steps[0]["id"]}"][data-busy="0"]')
    reason = wrong_move(page, steps[0], touch=False)
    assert catalogue("en")["lesson.off-task"] not in reason
    for i, step in enumerate(steps):
        wait_data(page, f'[data-lesson="{step["id"]}"][data-busy="0"]')
        card = page.text_content("[data-testid=lesson]")
        assert words[f"lesson.{step['id']}.title"] in card, (tag, step["id"])
        assert words["lesson.count"].split("{")[0] in card
        # The rule the step teaches: no id in the words, a "rule" button to Help instead.
        assert not re.search(r"\b[RO]-[A-Z]{2,}", card), (tag, card)
        rule = page.get_attribute("[data-testid=lesson-text] [data-testid=rule-link]", "data-rule")
        assert rule == step["rules"][0], (tag, step["id"], rule)
        if step["id"] == "expand":
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"lesson-{tag}.png"))
        skip = page.text_content("[data-testid=lesson-skip]")
        last = i == len(steps) - 1
        assert skip == words["lesson.skip-last" if last else "lesson.skip"]
        page.click("[data-testid=lesson-skip]")
    assert_beginner_game(page, tag)
    assert console == []


def test_the_lesson_resumes_after_a_reload_and_every_step_can_be_skipped(
    warm_page, server, console
):
    """Help in English first (its pictures); the lesson from Help, four steps skipped, a reload
    resumes it at the fifth; Leave ends it (no resume on load), Help goes on from there."""
    page = warm_page
    open_lesson_page(page, server.url, "en")
    check_help(page, "en")
    page.click("[data-testid=help-lesson]")
    steps = lesson_steps(page)
    for step in steps[:4]:
        wait_data(page, f'[data-lesson="{step["id"]}"][data-busy="0"]')
        page.click("[data-testid=lesson-skip]")
    wait_data(page, f'[data-lesson="{steps[4]["id"]}"][data-busy="0"]')
    page.reload()
    wait_ready(page)
    wait_data(page, f'[data-ready="1"][data-lesson="{steps[4]["id"]}"][data-busy="0"]')
    assert page.text_content("[data-testid=lesson-count]") == f"Step 5 of {len(steps)}"
    assert page.evaluate("location.hash") == "", "a lesson's position is no link"
    # Leaving it: a game starts; the lesson is no longer resumed on load, Help goes on from there.
    page.click("[data-testid=lesson-leave]")
    wait_data(page, '[data-busy="0"]:not([data-lesson])')
    page.reload()
    wait_ready(page)
    wait_game_ready(page)
    assert page.get_attribute(UI, "data-lesson") is None
    open_help(page)
    page.click("[data-testid=help-lesson]")
    wait_data(page, f'[data-lesson="{steps[4]["id"]}"][data-busy="0"]')
    for step in steps[4:]:
        wait_data(page, f'[data-lesson="{step["id"]}"][data-busy="0"]')
        page.click("[data-testid=lesson-skip]")
    assert_beginner_game(page, "en")
    assert console == []


# The steps a phone plays by touch: a placement (tap to aim, tap to place), an eruption, and
# each of the four builds (a tap shows the build, the button confirms it; an expansion's chooser).
PHONE_STEPS = ("first-tile", "erupt", "found", "expand", "temple", "tower")


def test_the_lesson_on_a_390x844_touch_screen(devices, server):
    """The offer by a tap; the touch steps played by taps (a wrong move first), the others
    skipped; the card's buttons 44 px; nothing wider than the phone; the beginner game after."""
    with phone_game(devices, server.url) as (page, errors):
        page.tap("[data-testid=lesson-offer-take]")
        wait_data(page, '[data-lesson="first-tile"]')
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        for testid in ("lesson-skip", "lesson-leave"):
            box = page.locator(f"[data-testid={testid}]").bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, testid
        steps = lesson_steps(page)
        for step in steps:
            wait_data(page, f'[data-lesson="{step["id"]}"][data-busy="0"]')
            if step["id"] not in PHONE_STEPS:
                page.tap("[data-testid=lesson-skip]")
                continue
            marks = page.get_attribute("[data-testid=board]", "data-highlight")
            assert marks == " ".join(f"{q},{r}" for q, r in step["targets"])
            if step["id"] == "first-tile":
                wrong_move(page, step, touch=True)
            pass_step(page, step, touch=True)
            go_on(page, touch=True)
        assert_beginner_game(page, "en")
        assert errors == []


# Each marked hex of the lesson's step, and whether its centre is on the board canvas (and not
# under the zoom buttons' column): where the learner is asked to act, in view without a Fit.
MARKS_IN_VIEW_JS = r"""() => {
  const board = document.querySelector("[data-testid=board]");
  const box = board.getBoundingClientRect();
  const marked = (board.dataset.highlight || "").split(" ").filter(Boolean);
  return marked.filter((k) => {
    const [q, r] = k.split(",").map(Number);
    const { x, y } = taluva.hexToScreen(q, r);
    return !(x > box.left + 8 && x < box.right - 56 && y > box.top + 8 && y < box.bottom - 8);
  });
}"""


@pytest.mark.parametrize(
    "size", [(390, 844), (1024, 768), (1280, 800)], ids=["390x844", "1024x768", "1280x800"]
)
def test_every_lesson_steps_marks_are_in_view_as_it_opens(warm_page, server, console, size):
    page = warm_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_lesson_page(page, server.url, "de")
    page.click("[data-testid=lesson-offer-take]")
    steps = lesson_steps(page)
    out = []
    for i, step in enumerate(steps):
        wait_data(page, f'[data-lesson="{step["id"]}"][data-busy="0"]')
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        missing = page.evaluate(MARKS_IN_VIEW_JS)
        if missing:
            out.append(f"{step['id']}: {missing}")
        if step["id"] == "beside":
            page.screenshot(path=str(ARTIFACTS / f"lesson-beside-{size[0]}x{size[1]}-de.png"))
        if i < len(steps) - 1:
            page.click("[data-testid=lesson-skip]")
    assert out == []
    assert console == []
