"""The game review opens from the end screen and from a shared link's replay,
shows its progress, can be cancelled, draws one point per reviewed position for every seat, and
draws the engine's preferred turn for the turn chosen on the graph.

Two reviews of one record (each in a fresh page, so a fresh engine) give the
same marks and standings; the graph numbers its turns with readable labels; "show the line"
steps through the engine's preferred turn on the board.

The strongest level reviews (a few tenths of a second a turn in the browser), so the tests
review a few turns: a link's replay at step 8 (4 turns) or 12 (6 turns), and a finished game's
review cancelled early.
"""

from __future__ import annotations

from game_driver import finished_game_code, first_move, open_finished, wait_game_ready
from support import wait_until
from taluva.formats.sharecode import encode
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game

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


def test_a_review_from_the_end_screen_shows_progress_and_cancels(game, server):
    open_finished(game, server.url, finished_game_code(2, seed=4, choose=first_move))
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


def reviewed(page, url: str) -> dict:
    """Review the game of ``url`` (a link into its replay) to the end; what it marked, the
    graph's lines (every seat's standings) and every turn's preferred turn."""
    page.goto(url)
    wait_game_ready(page)
    page.wait_for_selector("[data-testid=replay-dialog][open] [data-testid=replay][data-busy='0']")
    page.click("[data-testid=replay-review]")
    page.wait_for_selector(f"{REVIEW}[data-state='done']", timeout=8 * TURN_MS)
    total = int(page.get_attribute(REVIEW, "data-total"))
    preferred = []
    page.focus(f"{REVIEW} [data-testid=review-graph-box]")
    page.keyboard.press("Home")
    for number in range(1, total + 1):
        page.wait_for_selector(f"{REVIEW}[data-selected='{number}']")
        notation = f"{REVIEW} [data-testid=review-preferred]"
        preferred.append(page.get_attribute(notation, "data-notation"))
        page.keyboard.press("ArrowRight")
    lines = page.eval_on_selector_all(
        f"{REVIEW} polyline.review-line", "lines => lines.map(l => l.getAttribute('points'))"
    )
    return {
        "marked": page.get_attribute(REVIEW, "data-marked"),
        "lines": lines,
        "preferred": preferred,
    }


def test_two_reviews_of_one_record_give_identical_marks(game, server):
    """The same finished game reviewed twice marked different costliest turns (the
    search was cut by the clock). Each review here runs in a fresh page, its own engine."""
    finished = play_random_game(Options(players=2), seed=5)
    url = server.url + f"#g={encode(finished)}&at=12&p=Ann,Bo"
    first = reviewed(game, url)
    assert first["marked"], "random play loses shares: some turn is marked"
    assert len(first["preferred"]) == 6 and all(first["preferred"])
    game.reload()
    second = reviewed(game, url)
    assert second == first


def test_the_graph_numbers_its_turns_and_the_line_steps_through_the_preferred_turn(game, server):
    finished = play_random_game(Options(players=2), seed=5)
    game.goto(server.url + f"#g={encode(finished)}&at=8&p=Ann,Bo")
    wait_game_ready(game)
    game.wait_for_selector("[data-testid=replay-dialog][open] [data-testid=replay][data-busy='0']")
    game.click("[data-testid=replay-review]")
    game.wait_for_selector(f"{REVIEW}[data-state='done'][data-done='4']", timeout=4 * TURN_MS)
    # A turn axis: the turn numbers under the plot, at least 12 px high as shown.
    labels = game.eval_on_selector_all(
        f"{REVIEW} text.review-tick-label",
        "ts => ts.map(t => [t.textContent, t.getBoundingClientRect().height])",
    )
    numbers = [text for text, _ in labels if text.isdigit()]
    assert numbers == ["1", "2", "3", "4"]
    assert min(height for _, height in labels) >= 12
    assert game.text_content(f"{REVIEW} text.review-axis-title") == "Turn"
    # The line: before the turn, the preferred placement, its build; then back to the turn played.
    check_chosen_turn(game, 1, code := encode(finished), 8)
    caption = f"{REVIEW} [data-testid=review-line-caption]"
    assert game.get_attribute(REVIEW, "data-line") == ""
    game.click(f"{REVIEW} [data-testid=review-line]")
    game.wait_for_selector(f"{REVIEW}[data-line='0']")
    assert game.locator(f"{REVIEW} [data-testid=review-line-previous]").is_disabled()
    before = draws(game)
    game.click(f"{REVIEW} [data-testid=review-line-next]")
    game.wait_for_selector(f"{REVIEW}[data-line='1']")
    assert "1" in game.text_content(caption) and "2" in game.text_content(caption)
    wait_until(lambda: draws(game) > before, timeout_s=10)
    answer = game.evaluate(
        "p => taluva.call('reviewTurn', p)", {"code": code, "number": 1, "steps": 8}
    )
    game.click(f"{REVIEW} [data-testid=review-line-next]")
    game.wait_for_selector(f"{REVIEW}[data-line='2']")
    assert len(answer["line"]) == 2  # the placement, then the build: the line's last step
    assert game.locator(f"{REVIEW} [data-testid=review-line-next]").is_disabled()
    game.click(f"{REVIEW} [data-testid=review-line]")
    game.wait_for_selector(f"{REVIEW}[data-line='']")
    assert game.text_content(caption) == ""
    # Another turn starts on its turn played.
    game.click(f"{REVIEW} [data-testid=review-line]")
    game.wait_for_selector(f"{REVIEW}[data-line='0']")
    game.click(f"{REVIEW} [data-testid=review-next]")
    game.wait_for_selector(f"{REVIEW}[data-selected='2'][data-line='']")
