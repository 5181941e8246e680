"""The game review: standings turn by turn, the marked turns, the preferred
turns (legal where they were suggested), the command line and the bridge's turn-by-turn calls.

Most tests review with a cheap level (the suite also runs in Pyodide); one uses the default
(the strongest) level on a short game.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from taluva.ai import choose_turn, levels
from taluva.bridge import handle
from taluva.formats.record import replay, write_record
from taluva.formats.sharecode import encode
from taluva.play.review import (
    MARK_THRESHOLD,
    MARKS_PER_SEAT,
    REVIEW_NODES,
    TurnReview,
    game_of_text,
    marked_turns,
    review_game,
    review_json,
    reviewed_turns,
    standings,
)
from taluva.play.review_nodes import agreement
from taluva.play.review_nodes import main as nodes_main
from taluva.play.review_scale import log_likelihood, sample_game
from taluva.play.review_scale import main as scale_main
from taluva.play.session import game_at
from taluva.rules.game import BUILD, Game
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game
from test_cli import run  # the CLI run with its streams captured

CHEAP = "intermediate"  # plans with the evaluation like the best level, at a fraction of its time


@pytest.fixture(scope="module")
def recorded() -> Game:
    """A whole 2-player game, read back from its record."""
    return replay(write_record(play_random_game(Options(players=2), seed=3)))


@pytest.fixture(scope="module")
def reviews(recorded: Game) -> list[TurnReview]:
    return review_game(recorded, level=CHEAP)


def test_the_graph_has_one_point_per_turn_and_the_shares_sum_to_1(
    recorded: Game, reviews: list[TurnReview]
) -> None:
    assert [r.number for r in reviews] == list(range(1, len(recorded.turns) + 1))
    assert [r.seat for r in reviews] == [t.seat for t in recorded.turns]
    assert reviews[0].before == (0.5, 0.5)  # the empty table: even
    for r in reviews:
        for shares in (r.before, r.after, r.best):
            assert len(shares) == 2 and abs(sum(shares) - 1) < 1e-9
            assert all(0 <= s <= 1 for s in shares)
    # One curve: a turn starts where the one before ended, and it ends at the result.
    for previous, r in zip(reviews, reviews[1:], strict=False):
        assert r.before == previous.after
    assert reviews[-1].after == tuple(recorded.returns())
    assert any(r.loss > 0 for r in reviews) and all(r.loss >= 0 for r in reviews)


def test_every_preferred_turn_is_legal_where_it_was_suggested(
    recorded: Game, reviews: list[TurnReview]
) -> None:
    for (start, turn), r in zip(reviewed_turns(recorded), reviews, strict=True):
        position = start.copy()
        position.draw(turn.tile)
        placement, build = r.preferred
        position.play(placement)  # raises if illegal
        if position.phase == BUILD:
            assert build is not None
            position.play(build)
        else:
            assert build is None  # only an elimination leaves no build (R-ELIM-1)
        if r.same:
            assert r.loss == 0 and r.after == r.best


def test_the_marked_turns_are_each_seats_biggest_losses(reviews: list[TurnReview]) -> None:
    marked = marked_turns(reviews)
    assert marked, "this game has costly turns"
    assert marked == sorted(marked)
    by_number = {r.number: r for r in reviews}
    for seat in (0, 1):
        mine = [r for r in reviews if r.seat == seat]
        chosen = [by_number[n] for n in marked if by_number[n].seat == seat]
        assert len(chosen) <= MARKS_PER_SEAT
        assert all(r.loss >= MARK_THRESHOLD for r in chosen)
        others = [r for r in mine if r.number not in marked]
        if len(chosen) == MARKS_PER_SEAT:
            assert max(r.loss for r in others) <= min(r.loss for r in chosen)
        else:  # fewer than the most: every other turn lost less than the threshold
            assert all(r.loss < MARK_THRESHOLD for r in others)
    assert marked_turns(reviews, threshold=2.0) == []  # no turn loses more than the whole win


def test_the_review_is_reproducible(recorded: Game, reviews: list[TurnReview]) -> None:
    assert review_game(recorded, level=CHEAP) == reviews


def test_a_turn_as_json_carries_moves_the_board_can_draw(
    recorded: Game, reviews: list[TurnReview]
) -> None:
    start, _ = next(reviewed_turns(recorded))
    data = json.loads(json.dumps(review_json(start, reviews[0])))
    assert data["number"] == 1 and data["seat"] == 0 and data["tile"] == "CL"
    for plan in (data["played"], data["preferred"]):
        assert plan["placement"]["type"] == "place" and len(plan["placement"]["hexes"]) == 3
        assert plan["build"]["type"] == "build" and plan["build"]["hexes"]
        assert plan["notation"].startswith(plan["placement"]["notation"])
    assert abs(sum(data["after"]) - 1) < 1e-3


@pytest.mark.parametrize(
    ("options", "seed"),
    [(Options(players=3), 4), (Options(players=4, teams=True), 2), (Options(players=4), 6)],
)
def test_three_and_four_players_and_teams(options: Options, seed: int) -> None:
    game = play_random_game(options, seed)
    reviews = review_game(game, level="beginner")
    assert len(reviews) == len(game.turns)
    for r in reviews:
        assert len(r.after) == options.players and abs(sum(r.after) - 1) < 1e-9
        if options.teams:  # partners hold equal shares
            assert abs(r.after[0] - r.after[2]) < 1e-9 and abs(r.after[1] - r.after[3]) < 1e-9
    assert reviews[-1].after == tuple(game.returns())


def test_a_game_stopped_mid_turn_is_reviewed_up_to_its_last_complete_turn(
    recorded: Game,
) -> None:
    assert len(list(reviewed_turns(game_at(recorded, 7)))) == 3  # 3 turns and a placement
    assert len(list(reviewed_turns(game_at(recorded, 6)))) == 3  # the 4th tile drawn only
    assert list(reviewed_turns(Game(seed=1))) == []


def test_the_default_level_is_the_strongest_on_a_short_game(recorded: Game) -> None:
    short = game_at(recorded, 4)
    reviews = review_game(short)
    assert len(reviews) == 2
    strongest = levels.strongest().id
    assert [r.preferred for r in reviews] == [
        r.preferred for r in review_game(short, level=strongest)
    ]


def jump_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on a clock that jumps 100 s at every reading: a time cap left in the review's
    search would cut it short at once, and its choices would change."""
    now = [time.perf_counter()]

    def jumping() -> float:
        now[0] += 100.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", jumping)


def test_the_strongest_review_depends_on_the_record_only_never_on_the_clock(
    recorded: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record reviewed twice gave different marks, the search being cut by its time
    cap. The review's search is limited by its node count alone: the same record gives the same
    preferred turns, standings and marks whatever the clock says."""
    short = game_at(recorded, 12)  # 6 turns
    steady = review_game(short)
    assert len(steady) == 6 and marked_turns(steady)
    # The node count is what sizes the search: a much smaller one changes some choice.
    assert [r.preferred for r in review_game(short, nodes=1)] != [r.preferred for r in steady]
    jump_the_clock(monkeypatch)
    again = review_game(replay(write_record(short)), nodes=REVIEW_NODES)
    assert again == steady and marked_turns(again) == marked_turns(steady)


def test_a_searching_levels_node_count_is_an_option_of_choose_turn(recorded: Game) -> None:
    """The review sizes the master level's search; the computer players keep their own."""
    start, turn = list(reviewed_turns(recorded))[3]
    position = start.copy()
    position.draw(turn.tile)
    own = choose_turn(position, "master", 0, math.inf)
    assert choose_turn(position, "master", 0, math.inf, nodes=None) == own
    small = choose_turn(position, "master", 0, math.inf, nodes=REVIEW_NODES)
    assert choose_turn(position, "master", 0, math.inf, nodes=REVIEW_NODES) == small


def test_standings_at_the_end_are_the_result(recorded: Game) -> None:
    assert standings(recorded) == tuple(recorded.returns())


# ------------------------------------------------------------------------------ the CLI


def test_the_cli_prints_one_line_per_turn(recorded: Game, reviews: list[TurnReview]) -> None:
    cheap = ["review", "--level", CHEAP]
    code, out, err = run(cheap, write_record(recorded))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(reviews)
    marked = set(marked_turns(reviews))
    for line, r in zip(lines, reviews, strict=True):
        words = line.split()
        assert words[0] == str(r.number) and words[1:3] == ["seat", str(r.seat + 1)]
        assert f"loss {100 * r.loss:.1f}%" in line
        assert line.endswith("*") == (r.number in marked)
    # A share code gives the same review as the record (on a short game: 5 turns).
    short = game_at(recorded, 10)
    by_record = run(cheap, write_record(short))
    assert by_record[0] == 0 and len(by_record[1].splitlines()) == 5
    assert run(cheap, encode(short)) == by_record


@pytest.mark.parametrize(
    ("stdin", "argv", "fragment"),
    [
        ("", [], "the input is empty"),
        ("hello", [], "expected a game record"),
        ("taluva 1\n1 JC 0,0/6 tower 0,1\n", [], "line 2"),
        ("taluva 1\n", ["--level", "grandmaster"], "invalid choice"),
        ("taluva 1\n", ["--nodes", "0"], "--nodes"),
    ],
)
def test_the_cli_refuses_bad_input_with_a_clear_message(
    stdin: str, argv: list[str], fragment: str
) -> None:
    code, out, err = run(["review", *argv], stdin)
    assert code == 2 and out == "" and fragment in err and "Traceback" not in err


def test_game_of_text_reads_records_codes_and_links(recorded: Game) -> None:
    code = encode(recorded)
    for text in (write_record(recorded), code, f"  {code}\n", f"http://x/#lang=de&g={code}"):
        assert [t.build for t in game_of_text(text).turns] == [t.build for t in recorded.turns]


# ---------------------------------------------------------------------------- the bridge


def call(method: str, **params):
    return json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))


def test_the_bridge_reviews_a_code_turn_by_turn(recorded: Game, reviews: list[TurnReview]) -> None:
    code = encode(recorded)
    plan = call("reviewGame", code=code, level=CHEAP)["result"]
    assert plan == {"turns": len(reviews), "players": 2, "start": [0.5, 0.5], "level": CHEAP}
    answers = [
        call("reviewTurn", code=code, number=n, level=CHEAP)["result"]
        for n in range(1, len(reviews) + 1)
    ]
    # The review in the page is the engine's, to the mark: no clock in it.
    assert [a["review"]["after"] for a in answers] == [
        [round(v, 4) for v in r.after] for r in reviews
    ]
    assert [a["review"]["loss"] for a in answers] == [round(r.loss, 4) for r in reviews]
    answered = [
        SimpleNamespace(
            number=a["review"]["number"], seat=a["review"]["seat"], loss=a["review"]["loss"]
        )
        for a in answers
    ]
    assert answers[-1]["marked"] == marked_turns(answered) == marked_turns(reviews)  # type: ignore[arg-type]
    assert answers[0]["state"]["phase"] == "place" and answers[0]["state"]["hexes"] == []
    # Up to a step of a replay: only the turns completed by then.
    assert call("reviewGame", code=code, steps=5, level=CHEAP)["result"]["turns"] == 2
    bad = call("reviewTurn", code=code, number=0, level=CHEAP)
    assert not bad["ok"] and bad["error"]["kind"] == "bad-request"
    assert call("reviewGame", code="zz")["error"]["kind"] == "corrupt"
    assert not call("reviewGame", code=code, level="grandmaster")["ok"]


# ------------------------------------------------------------------- where SCALE comes from


def test_the_scale_fit_reads_leads_and_results_and_names_the_best(
    capsys: pytest.CaptureFixture[str],
) -> None:
    points = sample_game(3, ["random"])
    assert points and all(result in (0.0, 0.5, 1.0) for _, result in points)
    # A forecast that follows the leads beats a coin on a sure lead, and loses on a wrong one.
    assert log_likelihood([(2000.0, 1.0)], 1000.0) > log_likelihood([(0.0, 1.0)], 1000.0)
    assert log_likelihood([(2000.0, 0.0)], 1000.0) < log_likelihood([(0.0, 0.0)], 1000.0)
    assert scale_main(["--games", "1", "--levels", "random"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1 games") and sum("<- best" in line for line in out) == 1


# ---------------------------------------------------------------- where REVIEW_NODES comes from


def test_the_node_count_study_compares_a_smaller_search_with_a_bigger_one(
    recorded: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    short = review_game(game_at(recorded, 8), level=CHEAP)
    assert "same preferred turn 100%" in agreement([short], [short])
    assert "(identical in 1/1 games)" in agreement([short], [short])
    assert any(r.loss for r in short)
    nothing_lost = [replace(r, played=r.preferred, after=r.best) for r in short]
    assert "mean loss difference 0.00 points" not in agreement([short], [nothing_lost])
    argv = ["--games", "1", "--levels", "random", "--reference", "60", "--nodes", "30"]
    assert nodes_main([*argv, "--steps", "6"]) == 0  # 3 turns of a game
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("    60 nodes:") and "(the reference)" in out[0]
    assert out[1].startswith("    30 nodes:") and "marks agree" in out[1]
