"""Computer players in the page (issue 5): a person against a computer and computer against
computer, each to the end screen; the hint; the page stays responsive while the engine thinks
in its worker; undo with computers goes back to the person's own move.

Whole games use the beginner and intermediate levels (quick); one test waits on a strong
decision. Moves of the person are made with pointer and keys (game_driver.py).
"""

from __future__ import annotations

import random

from game_driver import (
    UI,
    Tally,
    check_end_screen,
    choose,
    data,
    new_game,
    perform,
    steps,
    wait_data,
)

HUMAN = {"name": "You", "colour": "red", "type": "human"}


def cpu(level: str, colour: str = "blue", name: str = "Computer") -> dict:
    return {"name": name, "colour": colour, "type": f"computer:{level}"}


def wait_human_turn_or_over(page, timeout: int = 60_000) -> None:
    """The person is to move (no computer thinking or showing a move), or the game is over."""
    page.wait_for_selector(
        f'{UI}[data-busy="0"][data-computer="0"][data-thinking="0"], {UI}[data-over="1"]',
        state="attached",
        timeout=timeout,
    )


def test_a_person_plays_a_whole_game_against_a_computer(game):
    new_game(game, {"players": 2, "seats": [HUMAN, cpu("beginner")]}, seed=3)
    game.evaluate("taluva.setAiSpeed('fast')")
    rnd = random.Random(2)
    tally = Tally()
    while True:
        wait_human_turn_or_over(game)
        state = game.evaluate("taluva.state()")
        if state["phase"] == "over":
            break
        assert state["current"] == 0
        assert tally.steps < 200
        move = choose(state, game.evaluate("taluva.legalMoves()"), rnd, tally)
        perform(game, move)
        tally.steps += 1
    times = game.evaluate("taluva.aiTimes()")
    assert times and {t["seat"] for t in times} == {1}
    assert tally.steps >= 20
    assert len(times) >= 20
    state = check_end_screen(game)
    assert state["result"]["text"]


def test_computer_against_computer_to_the_end_with_pause_and_resume(game):
    seats = [cpu("intermediate", "red", "Ada"), cpu("beginner", "blue", "Bo")]
    new_game(game, {"players": 2, "seats": seats}, seed=5)
    game.select_option("[data-testid=ai-speed]", "fast")
    assert data(game, "ai-speed") == "fast"
    wait_data(game, ':not([data-steps="0"]):not([data-steps="1"])')
    game.click("[data-testid=ai-pause]")
    wait_data(game, '[data-ai-paused="1"][data-busy="0"][data-thinking="0"]')
    paused_at = steps(game)
    game.wait_for_timeout(600)
    assert steps(game) == paused_at  # nothing moves while paused
    assert game.text_content("[data-testid=ai-pause]").strip() == "Resume"
    game.click("[data-testid=ai-pause]")
    wait_data(game, f':not([data-steps="{paused_at}"])')
    game.wait_for_selector("[data-testid=end][open]", timeout=240_000)
    state = check_end_screen(game)
    assert state["phase"] == "over"
    levels = {t["seat"]: t["level"] for t in game.evaluate("taluva.aiTimes()")}
    assert levels == {0: "intermediate", 1: "beginner"}


def test_a_hint_is_drawn_and_can_be_accepted_or_ignored(game):
    new_game(game, {"players": 2, "seats": [HUMAN, cpu("beginner")]}, seed=7)
    game.evaluate("taluva.setAiPaused(true)")  # so the last move stays the person's
    # Place step: H shows the hint (ghost with its rotation); Enter accepts it.
    game.locator("[data-testid=board]").focus()
    game.keyboard.press("h")
    wait_data(game, ':not([data-hint=""]):not([data-hint="pending"])', timeout=30_000)
    hint = data(game, "hint")
    legal = {m["notation"]: m for m in game.evaluate("taluva.legalMoves()")}
    assert hint in legal
    assert int(data(game, "clock")) == legal[hint]["clock"]
    assert hint in game.text_content("[data-testid=hint-bar]")
    game.keyboard.press("Enter")
    wait_data(game, '[data-busy="0"][data-steps="1"]')
    assert game.evaluate("taluva.state()")["lastMove"]["placement"] == hint
    # Build step: the button asks for a hint; Esc ignores it and nothing is played.
    game.click("[data-testid=hint]")
    wait_data(game, ':not([data-hint=""]):not([data-hint="pending"])', timeout=30_000)
    build_hint = data(game, "hint")
    assert build_hint in {m["notation"] for m in game.evaluate("taluva.legalMoves()")}
    game.keyboard.press("Escape")
    wait_data(game, '[data-hint=""]')
    assert steps(game) == 1
    # Asked again, it is accepted with its button.
    game.click("[data-testid=hint]")
    wait_data(game, ':not([data-hint=""]):not([data-hint="pending"])', timeout=30_000)
    game.click("[data-testid=hint-accept]")
    wait_data(game, '[data-steps="2"][data-busy="0"]')
    assert game.evaluate("taluva.state()")["lastMove"]["build"] == build_hint


def test_the_page_stays_responsive_while_a_strong_computer_thinks_and_undo_returns_to_you(game):
    new_game(game, {"players": 2, "seats": [HUMAN, cpu("strong")]}, seed=11)
    game.evaluate("taluva.setAiSpeed('normal')")
    for _ in range(2):  # the person's placement and build, through the page API
        before = steps(game)
        game.evaluate("taluva.play(taluva.legalMoves()[0])")
        wait_data(game, f':not([data-steps="{before}"])')
    # The computer is to move: it thinks in the worker while the page goes on.
    wait_data(game, '[data-thinking="1"]', timeout=10_000)
    assert game.locator("[data-testid=thinking] .tg-spinner").is_visible()
    assert game.locator("[data-testid=seat-thinking]").is_visible()
    assert "thinking" in game.text_content("#tg-turn-live")
    x0 = game.evaluate("taluva.hexToScreen(0, 0)")
    game.click("button[aria-label='Zoom in']")  # a UI click, handled at once
    answered = game.evaluate("performance.now()")
    x1 = game.evaluate("taluva.hexToScreen(0, 0)")
    assert x1 != x0  # the zoom took effect
    # Its placement is highlighted before it lands, then its build, then the turn passes.
    showing = '[data-computer="1"]:not([data-ai-show=""])'
    wait_data(game, f'[data-phase="place"]{showing}', timeout=30_000)
    wait_data(game, f'[data-phase="build"]{showing}', timeout=30_000)
    wait_data(game, '[data-current="0"][data-phase="place"][data-busy="0"]', timeout=30_000)
    first = game.evaluate("taluva.aiTimes()")[0]
    assert first["level"] == "strong" and first["phase"] == "place"
    assert answered < first["t1"], "the click was only handled after the computer had chosen"
    # Undo takes back to the person's own last decision (their build), past the computer's turn.
    assert steps(game) == 4
    game.keyboard.press("Control+z")
    wait_data(game, '[data-steps="1"][data-busy="0"]')
    state = game.evaluate("taluva.state()")
    assert state["current"] == 0 and state["phase"] == "build"
    assert data(game, "thinking") == "0"


def test_the_new_game_dialog_seats_a_computer_that_moves_first(game):
    page = game
    dialog = page.locator("dialog.tg-setup")
    dialog.locator("select[name=type0]").select_option("computer:beginner")
    dialog.locator("input[name=name0]").fill("Robo")
    page.click("[data-testid=setup-start]")
    page.wait_for_selector("dialog.tg-setup[open]", state="detached")
    # The computer (seat 1) plays its whole turn, then it is the person's turn.
    wait_data(page, '[data-current="1"][data-phase="place"][data-busy="0"]', timeout=30_000)
    assert steps(page) == 2
    assert "beginner" in page.text_content("[data-testid=players] li[data-seat='0']")
    assert page.locator("[data-testid=hint]").is_enabled()
