"""The picture of a position in links: exact for drawing, and short."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from taluva import bridge
from taluva.formats.jsonio import state_to_json, summary_json
from taluva.formats.picture import PictureError, picture, read_picture
from taluva.formats.sharecode import encode
from taluva.play.session import game_at
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game

FIXTURE = Path(__file__).parent / "js" / "picture-fixture.json"


def drawn(state: dict) -> dict:
    """What a drawing needs of the engine's state: the part a picture must give back exactly."""
    hexes = [
        {
            **{k: h[k] for k in ("q", "r", "level", "stack")},
            **(
                {"building": {k: h["building"][k] for k in ("owner", "kind", "count")}}
                if "building" in h
                else {}
            ),
        }
        for h in state["hexes"]
    ]
    hexes.sort(key=lambda h: (h["r"], h["q"]))
    players = [
        {k: p[k] for k in ("seat", "status", "stock", "built", "team")} for p in state["players"]
    ]
    keep = ("phase", "current", "turn", "tile", "tilesLeft", "tileCount", "tiles")
    return {**{k: state[k] for k in keep}, "hexes": hexes, "players": players}


def call(method: str, **params) -> object:
    answer = json.loads(bridge.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "error" not in answer, answer
    return answer["result"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_picture_round_trips_through_the_engine(players: int) -> None:
    for seed in range(4):
        whole = play_random_game(
            Options(players=players, teams=players == 4 and seed % 2 == 1), seed
        )
        for step in (0, 1, 7, 24, 49, 1000):
            game = game_at(whole, step)
            colours = [(seed + i) % 6 for i in range(players)]
            call("loadShareCode", code=encode(game))
            text = call("picture", colours=colours)
            assert text == picture(game, colours)
            back = call("readPicture", text=text)
            state = state_to_json(game)
            assert {k: v for k, v in back.items() if k not in ("version", "options", "steps")} | {
                "players": [{k: v for k, v in p.items() if k != "colour"} for p in back["players"]]
            } == drawn(state)
            assert [p["colour"] for p in back["players"]] == colours
            assert back["options"] == {k: state["options"][k] for k in back["options"]}
            assert back["steps"] == summary_json(game)["steps"]


def test_the_picture_at_a_step_is_that_steps_position() -> None:
    game = play_random_game(Options(players=3), 3)
    call("loadShareCode", code=encode(game))
    assert call("picture", colours=[0, 1, 2], step=10) == picture(game_at(game, 10), [0, 1, 2])


def test_a_bad_picture_is_refused_cleanly() -> None:
    good = picture(play_random_game(Options(), 1), [0, 1])
    for text in ("", good[:20], "!!!!", "_" + good[1:], "A" * 3000):
        with pytest.raises(PictureError):
            read_picture(text)


def test_picture_size_by_turns(capsys) -> None:
    """The median picture length in characters at 12, 24 and 36 turns (docs/formats.md)."""
    sizes: dict[int, list[int]] = {12: [], 24: [], 36: []}
    for players in (2, 3, 4):
        for seed in range(10):
            game = play_random_game(Options(players=players, tiles="all"), seed)
            for turns in sizes:
                at = game_at(game, 2 * turns)  # a turn is two decisions: place, build
                sizes[turns].append(len(picture(at)))
    medians = {turns: statistics.median(found) for turns, found in sizes.items()}
    with capsys.disabled():
        print(f"\npicture characters, median over 30 games: {medians}")
    assert medians[12] < medians[24] < medians[36] < 200


def test_the_js_readers_fixture_is_the_engines_picture() -> None:
    """tests/js/picture.test.mjs reads these pictures with the page's reader; they must stay
    what the engine writes and reads (regenerate: `PYTHONPATH=engine .venv/bin/python -m
    tests.test_picture`, then `make format`)."""
    fixture = json.loads(FIXTURE.read_text())
    assert fixture == make_fixture()


def make_fixture() -> list[dict]:
    games = [game_at(play_random_game(Options(players=p), p), 2 * p + 9) for p in (2, 3, 4)]
    return [
        {
            "text": picture(g, [5, 3, 1, 0][: g.players]),
            "picture": read_picture(picture(g, [5, 3, 1, 0][: g.players])),
        }
        for g in games
    ]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(make_fixture(), indent=1) + "\n")
