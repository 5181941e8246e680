"""Computer players in the page: a person against a computer and computer against
computer, each to the end screen; the hint; the page stays responsive while the engine thinks
in its worker; undo with computers goes back to the person's own move.

Whole games use the beginner and intermediate levels (quick); one test waits on a strong
decision. Moves of the person are made with pointer and keys (game_driver.py).
"""

from __future__ import annotations

import random

from engine_hold import Watch, describe, find
from game_driver import (
    UI,
    Tally,
    check_end_screen,
    choose,
    data,
    legal_moves,
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
        move = choose(state, legal_moves(game), rnd, tally)
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
    # A real click while the computers play: the step bar updates its buttons in place after
    # each move, so the Pause button is never swapped for a new one under the pointer.
    pause = game.locator("[data-testid=ai-pause]")
    kept = pause.evaluate("b => (window.__pauseButton = b) && true")
    pause.click()
    wait_data(game, '[data-ai-paused="1"][data-busy="0"][data-thinking="0"]')
    paused_at = steps(game)
    game.wait_for_timeout(600)
    assert steps(game) == paused_at  # nothing moves while paused
    assert game.text_content("[data-testid=ai-pause]").strip() == "Resume"
    assert kept and pause.evaluate("b => b === window.__pauseButton")  # the same button
    pause.click()
    wait_data(game, f':not([data-steps="{paused_at}"])')
    # The rest at once: the fast pace was seen above, and test_motion times the pace itself.
    game.evaluate("taluva.setAiSpeed('instant')")
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
    legal = {m["notation"]: m for m in legal_moves(game)}
    assert hint in legal
    assert int(data(game, "clock")) == legal[hint]["clock"]
    # The bar says the move in words a player can follow, never its coordinates.
    bar = game.text_content("[data-testid=hint-bar]")
    assert "tile" in bar and hint.split("/")[0] not in bar
    game.keyboard.press("Enter")
    wait_data(game, '[data-busy="0"][data-steps="1"]')
    assert game.evaluate("taluva.state()")["lastMove"]["placementMove"]["notation"] == hint
    # Build step: the button asks for a hint; Esc ignores it and nothing is played.
    game.click("[data-testid=hint]")
    wait_data(game, ':not([data-hint=""]):not([data-hint="pending"])', timeout=30_000)
    build_hint = data(game, "hint")
    assert build_hint in {m["notation"] for m in legal_moves(game)}
    game.keyboard.press("Escape")
    wait_data(game, '[data-hint=""]')
    assert steps(game) == 1
    # Asked again, it is accepted with its button.
    game.click("[data-testid=hint]")
    wait_data(game, ':not([data-hint=""]):not([data-hint="pending"])', timeout=30_000)
    game.click("[data-testid=hint-accept]")
    wait_data(game, '[data-steps="2"][data-busy="0"]')
    assert game.evaluate("taluva.state()")["lastMove"]["buildMove"]["notation"] == build_hint


def test_the_page_stays_responsive_while_a_strong_computer_thinks_and_undo_returns_to_you(
    held_game,
):
    """While the computer's answer is outstanding the page takes a click and acts on it; then
    the computer's placement and build are shown, each before it is played, and are what it
    plays; undo goes back to the person's own move.

    The answer is held back (engine_hold) until the test has clicked, so the click comes while
    the computer thinks by construction, whatever the machine's load; the order of what the
    page did is read from its own log of events, not from clocks. A page that cannot take input
    until the engine has answered (its main thread blocked, the engine on the main thread, the
    UI disabled while thinking) fails here.
    """
    game = held_game
    zoom_in = "[data-testid=zoom-in]"
    new_game(game, {"players": 2, "seats": [HUMAN, cpu("strong")]}, seed=11)
    game.evaluate("taluva.setAiSpeed('normal')")
    watch = Watch.start(game, clicks=[zoom_in])
    with watch.answering("the page stopped answering once the computer was to move"):
        for i in range(2):  # the person's placement and build, through the page API
            if i == 1:
                watch.arm()  # the computer thinks after this move: keep its answer back
            before = steps(game)
            game.evaluate("taluva.play(taluva.legalMoves()[0])")
            wait_data(game, f':not([data-steps="{before}"])')
        # The computer is to move: it thinks in the worker while the page goes on.
        wait_data(game, '[data-thinking="1"]', timeout=15_000)
    thinking = {
        "spinner": game.locator("[data-testid=thinking] .tg-spinner").is_visible(),
        "seat": game.locator("[data-testid=seat-thinking]").is_visible(),
        "live": "thinking" in game.text_content("#tg-turn-live"),
    }
    assert all(thinking.values()), f"{thinking}; the page's events:\n{watch.report()}"
    x0 = game.evaluate("taluva.hexToScreen(0, 0)")
    with watch.answering(
        "the page did not take a click while the computer was thinking (its answer held "
        "back): does it wait for the engine before it handles input?"
    ):
        game.click(zoom_in, timeout=20_000)  # a UI click, for the page alone
    x1 = game.evaluate("taluva.hexToScreen(0, 0)")
    assert x1 != x0, "the zoom did not take effect"
    assert data(game, "thinking") == "1" and watch.holding(), (
        "the computer stopped thinking before its answer was handed over:\n" + watch.report()
    )
    log = watch.log()
    click = find(log, {"what": "click"})
    assert click >= 0, "the click never reached the page: " + describe(log)
    assert 0 <= find(log, {"what": "hold"}) < click, "the answer was not held:\n" + describe(log)
    assert log[click]["thinking"] == "1" and log[click]["aiShow"] == "", (
        "the click was only taken after the computer had stopped thinking:\n" + describe(log)
    )
    # Now let the answer in: its placement is shown before it lands, then its build, then the
    # turn passes. All of it is checked on the page's own log once the turn is over.
    watch.release()
    wait_data(game, '[data-current="0"][data-phase="place"][data-busy="0"]', timeout=30_000)
    log = watch.log()
    text = describe(log)
    thought = find(log, {"name": "thinking", "from": "1", "to": "0"}, click)
    assert thought > click, "the click was not taken while the computer thought:\n" + text
    answer = find(log, {"what": "engine-message"}, find(log, {"what": "hold"}))
    assert 0 <= answer < thought, (
        "the computer stopped thinking with no message from the engine's Worker: the test "
        "cannot hold its answer back (where does the engine run?):\n" + text
    )
    shown = {}
    at = thought
    for phase, step in (("place", "3"), ("build", "4")):
        if phase == "build":  # the computer thinks again, about its build
            at = find(log, {"name": "thinking", "from": "1", "to": "0"}, at)
            assert at > 0, text
        show = next(
            (i for i in range(at, len(log)) if log[i].get("name") == "ai-show" and log[i]["to"]),
            -1,
        )
        assert show > 0, f"the computer's {phase} was never shown:\n{text}"
        seat = (log[show]["current"], log[show]["computer"], log[show]["phase"])
        assert seat == ("1", "1", phase), f"{phase} shown at {seat}:\n{text}"
        played = find(log, {"name": "steps", "to": step}, show)
        hidden = find(log, {"name": "ai-show", "from": log[show]["to"], "to": ""}, show)
        assert show < hidden < played, f"the {phase} was not shown, then played:\n{text}"
        shown[phase] = log[show]["to"]
        at = played
    state = game.evaluate("taluva.state()")
    turn = state["lastMove"]  # the last turn with a placement (the person's has none yet)
    assert turn["seat"] == 1, "the last turn is not the computer's"
    played = (turn["placementMove"]["notation"], turn["buildMove"]["notation"])
    assert played == (shown["place"], shown["build"]), (
        f"the computer played {played} but the page showed {shown}"
    )
    times = game.evaluate("taluva.aiTimes()")
    assert [(t["seat"], t["level"], t["phase"]) for t in times] == [
        (1, "strong", "place"),
        (1, "strong", "build"),
    ]
    # Undo takes back to the person's own last decision (their build), past the computer's turn.
    assert steps(game) == 4
    game.keyboard.press("Control+z")
    wait_data(game, '[data-steps="1"][data-busy="0"]')
    state = game.evaluate("taluva.state()")
    assert state["current"] == 0 and state["phase"] == "build"
    assert data(game, "thinking") == "0"


def test_the_new_game_dialog_seats_a_computer_that_moves_first(game):
    page = game
    page.click("[data-testid=new-game]")
    dialog = page.locator("dialog.tg-setup")
    dialog.locator("label:has(input[name=type0][value='computer:beginner'])").click()
    dialog.locator("label:has(input[name=type1][value=human])").click()
    dialog.locator("input[name=name0]").fill("Robo")
    page.click("[data-testid=setup-start]")
    page.wait_for_selector("dialog.tg-setup[open]", state="detached")
    # The computer (seat 1) plays its whole turn, then it is the person's turn.
    wait_data(page, '[data-current="1"][data-phase="place"][data-busy="0"]', timeout=30_000)
    assert steps(page) == 2
    assert "beginner" in page.text_content("[data-testid=players] li[data-seat='0']")
    assert page.locator("[data-testid=hint]").is_enabled()
