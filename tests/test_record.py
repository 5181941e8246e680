"""Game records: exact round trips and clear errors naming the line."""

from __future__ import annotations

import pytest

from taluva.formats.record import replay, write_record
from taluva.rules.errors import RecordError
from taluva.rules.moves import format_move, parse_move
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game

ALL_OPTIONS = [
    Options(players=2),
    Options(players=3),
    Options(players=4),
    Options(players=2, tiles="all", found="any"),
    Options(players=2, tiles="18"),
    Options(players=3, rank=True),
    Options(players=4, teams=True),
]


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: o.format().replace(" ", ","))
def test_record_round_trip_rebuilds_the_same_game(options: Options) -> None:
    for seed in range(5):
        game = play_random_game(options, seed)
        text = write_record(game)
        again = replay(text)
        assert write_record(again) == text
        assert again.result == game.result
        assert again.board.level == game.board.level
        assert again.board.owner == game.board.owner
        assert again.board.piece == game.board.piece
        assert again.stock == game.stock


def test_record_without_seed_draws_the_rest_fresh() -> None:
    game = play_random_game(Options(), 2)
    partial = write_record(game, include_seed=False).splitlines()[:8]
    again = replay("\n".join(partial), seed=99)
    assert again.seed == 99
    assert [t.tile for t in again.turns] == [t.tile for t in game.turns[:6]]


def test_every_move_notation_round_trips() -> None:
    game = play_random_game(Options(players=4), 1)
    for turn in game.turns:
        for move in (turn.placement, turn.build):
            if move is not None:
                assert parse_move(format_move(move)) == move
                assert format_move(parse_move(format_move(move))) == format_move(move)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("chess 1\n", "starts with"),
        ("taluva 9\n", "version '9'"),
        ("taluva 1\noptions players=7\n", "line 2: R-MAT-1"),
        ("taluva 1\noptions colour=red\n", "unknown option"),
        ("taluva 1\nseed x\n", "seed"),
        ("taluva 1\n2 JC 0,0/6 hut 0,1\n", "expected turn 1"),
        ("taluva 1\n1 XX\n", "not a tile"),
        ("taluva 1\n1 JC 0,0/5\n", "clock hour 5"),
        ("taluva 1\n1 JC 3,3/6\n", "R-TILE-1"),
        ("taluva 1\n1 JC 0,0/6 tower 0,1\n", "R-BUILD-4"),
        ("taluva 1\n1 JC 0,0/6\n2 SR\n", "line 2: turn 1 has no build"),
        ("taluva 1\n1 JC hut 0,1\n", "not a tile placement"),
    ],
)
def test_bad_records_say_what_and_where(text: str, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        replay(text)
    assert fragment in str(info.value)


def test_record_after_the_end_is_refused() -> None:
    game = play_random_game(Options(), 3)
    text = write_record(game) + f"{len(game.turns) + 1} JC\n"
    with pytest.raises(RecordError, match="after the end"):
        replay(text)
