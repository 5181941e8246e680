"""The command line: random games, replays, clean errors, the benchmark."""

from __future__ import annotations

import io
import json
import sys

import pytest

from taluva.formats.record import replay
from taluva.tools.cli import main


def run(argv: list[str], stdin: str = "", monkeypatch=None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_random_game_prints_a_record_that_replays_to_the_end() -> None:
    code, out, _ = run(["random-game", "--seed", "5", "--players", "3", "--found", "any"])
    assert code == 0
    game = replay(out)
    assert game.phase == "over" and game.options.players == 3 and game.options.found == "any"
    assert run(["random-game", "--seed", "5", "--players", "3", "--found", "any"])[1] == out


def test_replay_legal_prints_one_line_per_step_with_the_played_move_among_the_legal() -> None:
    _, record, _ = run(["random-game", "--seed", "2"])
    code, out, _ = run(["replay", "--legal"], stdin=record)
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    game = replay(record)
    steps = sum(1 + (t.placement is not None) + (t.build is not None) for t in game.turns)
    assert len(lines) == steps
    for line in lines:
        if line["move"]["type"] == "draw":
            assert line["chance"][line["move"]["tile"]] >= 1
        else:
            notations = [m["notation"] for m in line["legal"]]
            assert line["move"]["notation"] in notations
            assert line["state"]["phase"] == line["move"]["type"]


@pytest.mark.parametrize(
    ("argv", "stdin", "fragment"),
    [
        (["random-game", "--players", "5"], "", "R-MAT-1"),
        (["random-game", "--players", "2", "--teams"], "", "O-TEAMS"),
        (["replay"], "taluva 1\n1 JC 0,0/6 tower 0,1\n", "line 2"),
        (["replay", "--legal"], "garbage", "starts with"),
    ],
)
def test_bad_input_exits_non_zero_with_a_message_not_a_traceback(argv, stdin, fragment) -> None:
    code, _, err = run(argv, stdin)
    assert code != 0
    assert fragment in err and "Traceback" not in err


def test_unknown_option_is_refused() -> None:
    code, _, err = run(["random-game", "--colour", "red"])
    assert code == 2 and "unrecognized arguments" in err


def test_bench_prints_figures() -> None:
    code, out, _ = run(["bench", "--seconds", "0.05"])
    assert code == 0
    assert "positions/s" in out and "games/s" in out


def test_bench_view_prints_where_a_views_time_goes() -> None:
    code, out, _ = run(["bench-view", "--games", "1", "--players", "2"])
    assert code == 0
    for part in ("play", "state_to_json", "legal_moves_json", "eliminates", "encode", "summary"):
        assert f"  {part} " in out
    assert "after a place move" in out and "after a build move" in out and "JSON size" in out
    code, _, err = run(["bench-view", "--players", "5"])
    assert code == 2 and "--players" in err


def test_arena_levels_are_the_registrys_with_the_strongest_against_the_next() -> None:
    from taluva.ai.levels import LEVELS
    from taluva.tools.cli import build_parser

    args = build_parser().parse_args(["arena"])
    assert (args.a, args.b) == (LEVELS[-1], LEVELS[-2]) == ("master", "strong")
    code, _, err = run(["arena", "--a", "grandmaster"])
    assert code == 2 and all(level in err for level in LEVELS)
