"""Issue 12, point 3: the game review opens from the end screen and from a shared link's replay,
shows its progress, can be cancelled, draws one point per reviewed position for every seat, and
draws the engine's preferred turn for the turn chosen on the graph.

The strongest level reviews (about a second a turn in the browser), so the tests review a few
turns: a link's replay at step 8 (4 turns), and a finished game's review cancelled early.
"""

from __future__ import annotations

from game_driver import new_game, wait_game_ready
from support import wait_until
from taluva.options import Options
from taluva.randomplay import play_random_game
from taluva.sharecode import encode

REVIEW = "[data-testid=review-dialog][open] [data-testid=review]"
TURN_MS = 60_000  # a bound for a broken page, not a speed test


def line_points(page) -> list[int]:
    """How many points each seat's line of the graph has."""
    return page.eval_on_selector_all(
        f"{REVIEW} polyline.review-line",
        "lines => lines.map(l => l.getAttribute('points').trim().split(' ').length)",
    )


def draws(page) -> int:
    return int(page.get_attribute("[data-testid=review-board]", "data-draws") or 0)


def check_chosen_turn(page, number: int, code: str, steps: int | None) -> None:
    """The turn chosen shows the engine's preferred turn, in words and on the board."""
    page.wait_for_selector(f"{REVIEW}[data-selected='{number}']")
    preferred = page.locator(f"{REVIEW} [data-testid=review-preferred]")
    assert preferred.inner_text().strip()
    answer = page.evaluate(
        "p => taluva.call('reviewTurn', p)", {"code": code, "number": number, "steps": steps}
    )
    assert preferred.get_attribute("data-notation") == answer["review"]["preferred"]["notation"]
    wait_until(lambda: draws(page) > 0, timeout_s=10)


def test_a_review_from_a_shared_links_replay(game, server):
    finished = play_random_game(Options(players=2), seed=5)
    code = encode(finished)
    game.goto(server.url + f"#g={code}&at=8&p=Ann,Bo")
    wait_game_ready(game)
    game.wait_for_selector(
        "[data-testid=replay-dialog][open] [data-testid=replay][data-busy='0'][data-step='8']"
    )
    game.click("[data-testid=replay-review]")
    game.wait_for_selector(f"{REVIEW}[data-state='running']", timeout=TURN_MS)
    game.wait_for_selector(
        f"{REVIEW}[data-state='done'][data-done='4'][data-total='4']", timeout=4 * TURN_MS
    )
    # The lines join the round starts (before turns 1 and 3) and the last position (after 4).
    assert line_points(game) == [3, 3]
    marked = game.get_attribute(REVIEW, "data-marked")
    marks = game.locator(f"{REVIEW} circle.review-mark").count()
    assert marks == (len(marked.split(",")) if marked else 0)
    assert "4" in game.text_content(f"{REVIEW} [data-testid=review-status]")
    check_chosen_turn(game, 1, code, 8)  # the first answer is chosen at once
    before = draws(game)
    game.focus(f"{REVIEW} [data-testid=review-graph-box]")
    game.keyboard.press("End")
    check_chosen_turn(game, 4, code, 8)
    assert draws(game) > before
    game.keyboard.press("ArrowLeft")
    check_chosen_turn(game, 3, code, 8)
    assert "Ann" in game.text_content(f"{REVIEW} [data-testid=review-turn]")
    game.click("[data-testid=review-close]")
    # Back in the replay, which still shows its step.
    game.wait_for_selector("[data-testid=replay-dialog][open] [data-testid=replay][data-step='8']")


def test_a_review_from_the_end_screen_shows_progress_and_cancels(game):
    new_game(game, {"players": 2}, seed=4)
    game.evaluate(
        """async () => {
            while (taluva.state().phase !== 'over') await taluva.play(taluva.legalMoves()[0]);
        }"""
    )
    game.wait_for_selector("[data-testid=end][open]")
    code = game.evaluate("taluva.share.code()")
    game.click("[data-testid=end-review]")
    game.wait_for_selector("[data-testid=end]:not([open])", state="attached")
    game.wait_for_selector(
        f"{REVIEW}[data-state='running']:not([data-done='0'])", timeout=2 * TURN_MS
    )
    total = int(game.get_attribute(REVIEW, "data-total"))
    assert total >= 4
    # The progress bar counts the answers; the page answers between turns.
    progress = game.locator(f"{REVIEW} progress")
    assert int(progress.get_attribute("max")) == total
    assert game.evaluate("taluva.call('ping')") == "pong"
    game.click("[data-testid=review-cancel]")
    game.wait_for_selector(f"{REVIEW}[data-state='stopped']")
    done = int(game.get_attribute(REVIEW, "data-done"))
    assert 1 <= done < total
    # Two players, first legal moves (no elimination this early): a round every 2 turns, and
    # the last position reviewed.
    expected = done // 2 + 1 + done % 2
    assert line_points(game) == [expected, expected]
    assert int(progress.get_attribute("value")) == done
    # Nothing more comes after the cancel: not even the turn that was on its way (the worker
    # answers in order, so once it answers a ping that turn's answer has come and gone).
    assert game.evaluate("taluva.call('ping')") == "pong"
    assert int(game.get_attribute(REVIEW, "data-done")) == done
    check_chosen_turn(game, 1, code, None)
