"""State and move JSON: complete, consistent with the engine, readable back."""

from __future__ import annotations

import json

import pytest

from taluva.formats.jsonio import legal_moves_json, move_from_json, move_to_json, state_to_json
from taluva.play.session import game_at
from taluva.rules.errors import InvalidMoveError
from taluva.rules.game import Game
from taluva.rules.hexgrid import unpack
from taluva.rules.moves import Placement, format_move
from taluva.rules.options import Options
from taluva.rules.tiles import tile_from_code
from taluva.rules.where import WhereMemo
from taluva.tools.randomplay import play_random_game


def test_state_json_lists_every_stack_bottom_up_and_every_building() -> None:
    game = play_random_game(Options(players=3), 6)
    state = json.loads(json.dumps(state_to_json(game)))
    stacks = game.board.stacks()
    assert len(state["hexes"]) == len(stacks)
    for entry in state["hexes"]:
        from taluva.rules.hexgrid import pack

        pos = pack(entry["q"], entry["r"])
        assert entry["level"] == game.board.level[pos] == len(entry["stack"])
        top = entry["stack"][-1]
        assert top["tile"] == game.board.tile[pos]
        if pos in game.board.owner:
            assert entry["building"]["owner"] == game.board.owner[pos]
        else:
            assert "building" not in entry
    assert state["phase"] == "over" and state["result"]["winners"]
    assert [p["stock"]["huts"] for p in state["players"]] == [s[0] for s in game.stock]
    assert state["tilesLeft"] == 0 and len(state["tiles"]) == len(game.board.placements)


def test_placement_json_names_level_volcano_and_terrains() -> None:
    game = Game(seed=1)
    game.draw(tile_from_code("SR"))
    data = move_to_json(game, Placement.at(0, 0, 12))
    assert data["level"] == 1 and data["volcano"] == [0, 0] and data["clock"] == 12
    assert [h["terrain"] for h in data["hexes"]] == ["volcano", "sand", "rock"]
    assert move_from_json(data) == Placement.at(0, 0, 12)


def test_every_legal_move_json_reads_back_to_the_same_move() -> None:
    game = play_random_game(Options(players=2, found="any"), 8)
    for step in range(0, 40, 3):
        position = game_at(game, step)
        legal = list(position.legal_moves())
        assert [move_from_json(m) for m in legal_moves_json(position)] == legal


def test_build_json_has_kind_hexes_counts_and_settlement() -> None:
    game = play_random_game(Options(), 12)
    position = game_at(game, 19)
    assert position.phase == "build"
    kinds = {m["kind"] for m in legal_moves_json(position)}
    assert kinds <= {"found", "expand", "temple", "tower"} and "expand" in kinds
    for m in legal_moves_json(position):
        assert m["hexes"] and all(h["count"] >= 1 for h in m["hexes"])
        if m["kind"] == "expand":
            assert "settlement" in m and "terrain" in m


def test_eliminating_placements_are_flagged() -> None:
    # A player with no huts left and no temple/tower spot is eliminated by any placement
    # that leaves them without a build (R-ELIM-1).
    game = Game(seed=2)
    game.draw(tile_from_code("JC"))
    game.play(Placement.at(0, 0, 6))
    game.play(game.legal_builds()[0])
    game.draw(tile_from_code("SR"))
    game.stock[1] = [0, 0, 0]
    assert all(m.get("eliminates") for m in legal_moves_json(game))


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"type": "place"},
        {"type": "place", "volcano": [0], "clock": 6},
        {"type": "place", "volcano": [0, True], "clock": 6},
        {"type": "place", "volcano": [0, 0], "clock": 5},
        {"type": "place", "volcano": [0, 0], "orientation": 9},
        {"type": "build", "piece": "castle", "hexes": [{"q": 0, "r": 0}]},
        {"type": "build", "piece": "temple", "hexes": [{"q": 0, "r": 0, "count": 2}]},
        {"type": "build", "piece": "hut", "hexes": []},
        {"notation": 5},
        {"type": "jump"},
    ],
)
def test_malformed_move_json_is_refused_with_a_message(data: object) -> None:
    with pytest.raises(InvalidMoveError):
        move_from_json(data)


def test_state_json_log_names_seats_and_buried_huts_and_buildings_their_settlement() -> None:
    game = play_random_game(Options(players=3), 6)
    state = state_to_json(game)
    assert [e["seat"] for e in state["log"]] == [t.seat for t in game.turns]
    assert state["lastMove"] == state["log"][-1]
    buried = [c for e in state["log"] for c in e["covered"]]
    assert buried and all(c["count"] >= 1 and 0 <= c["owner"] < 3 for c in buried)
    from taluva.rules.hexgrid import format_pos

    for seat in range(3):
        for group in game.board.settlements(seat):
            names = {
                h["building"]["settlement"]
                for h in state["hexes"]
                if "building" in h and [h["q"], h["r"]] in [list(unpack(p)) for p in group]
            }
            assert names == {format_pos(min(group))}


@pytest.mark.parametrize(("players", "seed", "found"), [(3, 6, "isolated"), (2, 3, "any")])
def test_the_log_gives_each_played_move_as_move_json_so_no_notation_need_be_read(
    players: int, seed: int, found: str
) -> None:
    """The page phrases the log, the last move and the computers' moves from data
    (kind, piece, counts, terrain, level) in any language; the notation's words are English."""
    import random

    game = Game(Options(players=players, found=found), seed)
    rng = random.Random(seed)
    seen: list[dict] = []
    while game.phase != "over":
        if game.phase == "draw":
            game.draw()
            continue
        move = game.random_move(rng)
        expected = move_to_json(game, move)
        expected.pop("covers", None)
        if isinstance(move, Placement):
            expected["eruption"] = expected["level"] > 1
        game.play(move)
        seen.append(expected)
    # With the bridge's memo the entries carry the facts move_to_json gave before each move
    # (where it went), found again by replaying the game.
    state = state_to_json(game, where=WhereMemo())
    logged = [m for e in state["log"] for m in (e["placementMove"], e["buildMove"]) if m]
    assert logged == seen
    assert {m["kind"] for m in seen if m["type"] == "build"} >= {"found", "expand"}
    assert any(m["eruption"] for m in seen if m["type"] == "place")
    # The facts are the entry's only word on its moves (to keep the view small).
    fields = {"seat", "tile", "covered", "placementMove", "buildMove"}
    assert all(set(e) == fields for e in state["log"])
    last = state["lastMove"]
    assert last == next(e for e in reversed(state["log"]) if e["placementMove"])
    placed = next(t for t in reversed(game.turns) if t.placement)
    assert last["placementMove"]["notation"] == format_move(placed.placement)


def test_an_eruption_move_lists_the_huts_it_buries_R_TILE_3d():
    """A placement onto buildings names each covered hex with its owner and hut count."""
    from taluva.rules.game import PLACE

    for seed in range(40):
        game = play_random_game(Options(players=2), seed=seed)
        while game.turns:
            if game.phase == PLACE:
                for move in legal_moves_json(game):
                    if "covers" not in move:
                        continue
                    spots = {(h["q"], h["r"]) for h in move["hexes"]}
                    for c in move["covers"]:
                        assert (c["q"], c["r"]) in spots
                        building = next(
                            h["building"]
                            for h in state_to_json(game)["hexes"]
                            if (h["q"], h["r"]) == (c["q"], c["r"])
                        )
                        assert (c["owner"], c["count"]) == (building["owner"], building["count"])
                    return
            game.pop()
    raise AssertionError("no eruption over huts in 40 random games")


def test_players_carry_their_team_under_O_TEAMS_and_none_without() -> None:
    teams = state_to_json(Game(Options(players=4, teams=True), seed=1))["players"]
    assert [p["team"] for p in teams] == [0, 1, 0, 1]
    alone = state_to_json(Game(Options(players=4), seed=1))["players"]
    assert {p["team"] for p in alone} == {None}
