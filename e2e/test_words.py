"""Moves in words a player can follow, a log that points at the board, and reasons at
the pointer in every step.

- Pointing at a log row marks its turn's hexes on the board (the canvas reports them in
  data-highlight); a click, or Enter on the focused row, opens the replay just after that turn.
- At the build step, pointing at a spot where nothing can be built shows the engine's reason
  beside the hex, sentence first and the rule id after it, without a click.
- No text node of the game screen, the log, the announcements or the dialogs (New game, Help,
  Share, Games, Replay, the end) holds a coordinate, in any of the six languages, through a game
  against a computer with a hint, an error and the computer's shown move on the way, and at its
  end (the rest of the game played by the engine here and imported as the game's record).
"""

from __future__ import annotations

import re

import pytest

from game_driver import (
    ARTIFACTS,
    ENGINE_MESSAGES,
    data,
    finish_by_record,
    new_game,
    screen_of,
    steps,
    wait_data,
    wait_game_ready,
    wait_steps_past,
)
from test_languages import LANGUAGES, distance, open_in

COORDINATES = re.compile(r"-?\d+,-?\d+")

# Every text node under `selector` (hidden ones too: screen-reader text and closed parts count).
TEXT_NODES_JS = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const parent = walk.currentNode.parentElement;
      if (parent && (parent.closest("script, style"))) continue;
      out.push(walk.currentNode.nodeValue);
    }
  }
  return out;
}"""


# The i-th legal move (modulo their number); none fails saying so, not as a play without a move.
PLAY_JS = """i => {
  const m = taluva.legalMoves();
  if (!m.length) throw new Error(`no legal move to play (phase ${taluva.state().phase})`);
  return taluva.play(m[i % m.length]);
}"""


def play_api(page, n: int, pick: int = 0) -> None:
    for _ in range(n):
        before = steps(page)
        page.evaluate(PLAY_JS, pick)
        wait_steps_past(page, before)


def turn_hexes(entry: dict) -> str:
    seen: list[str] = []
    for move in (entry["placementMove"], entry["buildMove"]):
        for h in (move or {}).get("hexes", []):
            key = f"{h['q']},{h['r']}"
            if key not in seen:
                seen.append(key)
    return " ".join(seen)


def test_a_log_row_marks_its_turn_on_the_board_and_opens_the_replay_there(game):
    page = game
    new_game(page, {"players": 2}, seed=3)
    play_api(page, 4)
    log = page.evaluate("taluva.state().log")
    board = "[data-testid=board]"
    row = page.locator("[data-testid=log] li[data-turn='1']")
    # Its words say where, never at which coordinates.
    assert not COORDINATES.search(row.text_content()), row.text_content()
    row.hover()
    page.wait_for_selector(f"{board}[data-highlight='{turn_hexes(log[0])}']", state="attached")
    page.locator("[data-testid=log] li[data-turn='2']").hover()
    page.wait_for_selector(f"{board}[data-highlight='{turn_hexes(log[1])}']", state="attached")
    page.mouse.move(1, 1)
    page.wait_for_selector(f"{board}[data-highlight='']", state="attached")
    # The keyboard: a focused row marks its turn too, and Enter opens the replay after it.
    row.focus()
    page.wait_for_selector(f"{board}[data-highlight='{turn_hexes(log[0])}']", state="attached")
    page.keyboard.press("Enter")
    replay = "[data-testid=replay-dialog][open] [data-testid=replay]"
    page.wait_for_selector(f"{replay}[data-step='2'][data-busy='0']")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=replay-dialog][open]", state="detached")
    page.locator("[data-testid=log] li[data-turn='2']").click()
    page.wait_for_selector(f"{replay}[data-step='4'][data-busy='0']")
    page.keyboard.press("Escape")
    # The last turn played stays marked until the next tile is placed.
    last = "[data-testid=log] li[data-last='1']"
    assert page.get_attribute(last, "data-turn") == "2"
    play_api(page, 1)
    assert page.get_attribute(last, "data-turn") == "3"


def tip_box(page) -> dict:
    return page.locator("[data-testid=tip]").bounding_box()


def outside(box: dict, x: float, y: float) -> bool:
    inside_x = box["x"] <= x <= box["x"] + box["width"]
    return not (inside_x and box["y"] <= y <= box["y"] + box["height"])


def test_a_build_step_illegal_spot_shows_its_reason_at_the_pointer_without_a_click(game):
    page = game
    new_game(page, {"players": 2}, seed=3)
    play_api(page, 3)  # Player 1's turn, Player 2's tile placed: the build step
    assert data(page, "phase") == "build"
    state = page.evaluate("taluva.state()")
    volcano = state["lastMove"]["placementMove"]["volcano"]
    page.click("[data-testid=fit]")
    x, y = screen_of(page, *volcano)
    page.mouse.move(x, y)
    wait_data(page, '[data-reason="R-BUILD-0"]')
    tip = page.locator("[data-testid=tip]")
    assert tip.is_visible()
    sentence = ENGINE_MESSAGES["reason.build-on-volcano"]
    text = tip.text_content()
    # The sentence, without the rule's id; beside the hex, not over it.
    assert text.strip() == sentence, text
    assert outside(tip_box(page), x, y)
    page.screenshot(path=str(ARTIFACTS / "build-reason-volcano.png"))
    # A hex with a building on it (Player 1's hut).
    hut = next(h for h in state["hexes"] if h.get("building"))
    x, y = screen_of(page, hut["q"], hut["r"])
    page.mouse.move(x, y)
    wait_data(page, '[data-reason="R-BUILD-0"]')
    assert tip.text_content().startswith(ENGINE_MESSAGES["reason.build-occupied"])
    assert outside(tip_box(page), x, y)
    # A tower needs level 3: with the tower chosen, a level-1 hex says so (if a tower can be
    # chosen at all: the button is only there when one is legal, so ask the engine directly).
    why = page.evaluate(
        "m => taluva.call('explain', {move: m})",
        {"type": "build", "kind": "tower", "hexes": [{"q": hut["q"], "r": hut["r"], "count": 1}]},
    )
    assert why and why["rule"].startswith("R-BUILD")
    assert page.locator("[data-testid=error]:visible").count() == 0  # nothing was clicked
    assert steps(page) == 3


def text_nodes(page, selector: str) -> list[str]:
    return page.evaluate(TEXT_NODES_JS, selector)


def assert_no_coordinates(page, selector: str, where: str) -> None:
    found = [t for t in text_nodes(page, selector) if COORDINATES.search(t)]
    assert not found, f"{where}: coordinates in the text: {found[:5]}"


DIALOGS = [
    ("[data-testid=new-game]", "dialog.tg-setup"),
    ("[data-testid=help]", "dialog.tg-help"),
    ("[data-testid=share]", "dialog[data-testid=share-dialog]"),
    ("[data-testid=games]", "dialog[data-testid=games-dialog]"),
]


# Where each hex of `spots` is on screen, and the board's box: one round trip.
SPOTS_JS = """(spots) => ({
    box: document.querySelector("[data-testid=board]").getBoundingClientRect().toJSON(),
    points: spots.map(([q, r]) => taluva.hexToScreen(q, r)),
})"""


def a_far_spot(page) -> tuple[float, float]:
    """A hex 3 to 6 steps off the island, well inside the board as drawn (zoomed out: early
    in a game the island fills the board)."""
    page.click("[data-testid=fit]")
    page.click("[data-testid=zoom-out]")
    page.click("[data-testid=zoom-out]")
    island = [(h["q"], h["r"]) for h in page.evaluate("taluva.state()")["hexes"]]
    q0, r0 = island[0]
    spots = [
        (q, r)
        for q in range(q0 - 12, q0 + 13)
        for r in range(r0 - 12, r0 + 13)
        if 3 <= min(distance((q, r), x) for x in island) <= 6
    ]
    where = page.evaluate(SPOTS_JS, spots)
    box = where["box"]
    for point in where["points"]:
        x, y = point["x"], point["y"]
        inside_x = box["x"] + 40 < x < box["x"] + box["width"] - 80
        if inside_x and box["y"] + 40 < y < box["y"] + box["height"] - 40:
            return x, y
    raise AssertionError("no hex 3 to 6 steps from the island is on the board")


def phone_uses_the_log(page) -> None:
    """As a phone player does: the Moves tab opens the log; a focused row marks its turn on the
    board, a tapped one opens the replay after it; the log stays open for the screenshot."""
    page.click("[data-testid=tab-log]")
    row = page.locator("[data-testid=log] li[data-turn='1']")
    row.wait_for(state="visible")
    first = page.evaluate("taluva.state().log[0]")
    row.focus()
    page.wait_for_selector(
        f"[data-testid=board][data-highlight='{turn_hexes(first)}']", state="attached"
    )
    row.click()
    page.wait_for_selector("[data-testid=replay-dialog][open] [data-testid=replay][data-busy='0']")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=replay-dialog][open]", state="detached")
    page.locator("[data-testid=log]").wait_for(state="visible")


# The rest of a game in one round trip (the page plays it; the test reads nothing on the way):
# the person's i-th legal move (modulo their number) at each of their steps, the computer's turns
# waited through, until the game is over; resolves to the person's steps played. Whose turn it
# is comes from the engine's state, and a move waits for the screen to be idle (data-busy, and
# no computer thinking or showing). A game that does not end fails, here, within a bound.
def play_person(page, pick: int) -> None:
    """The person's step, once the screen is idle; waits for the screen to take it."""
    wait_data(page, '[data-busy="0"]')
    before = steps(page)
    page.evaluate(PLAY_JS, pick)
    wait_steps_past(page, before)


@pytest.mark.parametrize("tag", ["en", *LANGUAGES])
def test_no_coordinates_in_any_text_of_a_whole_game_in_each_language(
    warm_page, server, console, tag
):
    page = warm_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_in(page, server, tag)
    seats = [{"name": "Ana"}, {"name": "Chen", "type": "computer:random"}]
    page.evaluate("s => taluva.newGame({players: 2, seed: 21, seats: s})", seats)
    wait_game_ready(page)
    page.evaluate("taluva.setAiSpeed('slow')")
    for _ in range(2):  # Ana's first turn: her tile, then her building
        play_person(page, 7)
    # The computer's move, shown before it is played (slowly, so it is there to be read).
    wait_data(page, ':not([data-ai-show=""])')
    assert page.evaluate("taluva.state().current") == 1
    assert_no_coordinates(page, "body", f"{tag}: the computer's move")
    # Then at once: the shown move cut short (a pause drops the turn in flight, and the computer
    # chooses again), and every later move of the computer played without a pause.
    page.evaluate(
        "taluva.setAiSpeed('instant'); taluva.setAiPaused(true); taluva.setAiPaused(false)"
    )
    # Ana's second turn (step 4), once the computer's turn is over.
    wait_data(page, '[data-steps="4"][data-busy="0"][data-computer="0"]')
    # A hint, an illegal spot's tip and its error, the log pointed at: all in words.
    x, y = a_far_spot(page)  # no tile there can touch the island (R-TILE-2)
    page.mouse.move(x, y)
    wait_data(page, '[data-reason="R-TILE-2"]')
    page.mouse.click(x, y)
    page.wait_for_selector("[data-testid=error] [data-rule='R-TILE-2']")
    page.keyboard.press("h")  # the hint bar, and the hint on the board
    wait_data(page, ':not([data-hint="pending"]):not([data-hint=""])')
    page.locator("[data-testid=log] li[data-turn='1']").hover()
    assert_no_coordinates(page, "body", f"{tag}: a hint, a reason and an error")
    page.screenshot(path=str(ARTIFACTS / f"words-{tag}-1024x768.png"))
    page.keyboard.press("Escape")
    play_person(page, 7)
    # The build step's reason at the pointer: on the volcano just placed.
    assert (steps(page), data(page, "phase")) == (5, "build")
    volcano = page.evaluate("taluva.state().lastMove.placementMove.volcano")
    x, y = screen_of(page, *volcano)
    page.mouse.move(x, y + 200)  # off the volcano just placed: quiet while the pointer rests
    page.mouse.move(x, y)
    wait_data(page, '[data-reason="R-BUILD-0"]')
    assert_no_coordinates(page, "body", f"{tag}: a build step's reason")
    # The rest of the game, played by the engine here and imported as the game's record: the
    # end of a game as the page shows it (test_computer_play plays whole games in the page).
    assert finish_by_record(page, seed=21, pick=7) > 0
    page.wait_for_selector("[data-testid=end][open]")
    assert_no_coordinates(page, "body", f"{tag}: the end of the game")
    page.keyboard.press("Escape")
    for opener, dialog in DIALOGS:
        page.click(opener)
        page.wait_for_selector(f"{dialog}[open]")
        assert_no_coordinates(page, f"{dialog}[open]", f"{tag}: {dialog}")
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}[open]", state="detached")
    page.locator("[data-testid=log] li[data-turn='3']").click()
    page.wait_for_selector("[data-testid=replay-dialog][open] [data-testid=replay][data-busy='0']")
    assert_no_coordinates(page, "[data-testid=replay-dialog]", f"{tag}: the replay")
    page.keyboard.press("Escape")
    # Exact places are on the board when asked for, and still never in the words.
    page.click("[data-testid=coords]")
    wait_data(page, '[data-coords="1"]')
    assert_no_coordinates(page, ".tg-root", f"{tag}: with coordinates on the board")
    if tag in ("de", "en"):
        for width, height in [(1024, 768), (390, 844)]:
            page.set_viewport_size({"width": width, "height": height})
            if width < 900:  # a phone's Moves are in a sheet that its tab under the step bar opens
                phone_uses_the_log(page)
            page.locator("[data-testid=log]").scroll_into_view_if_needed()
            shot = ARTIFACTS / f"words-log-{tag}-{width}x{height}.png"
            page.screenshot(path=str(shot), full_page=True)
    assert console == []
