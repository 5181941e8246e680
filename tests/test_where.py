"""Where a move went, in facts the page phrases: the landscape, the settlement beside
it and its owner, the volcano it covers; about the board just before the move, whether the
bridge noted them as the move was played or found them by replaying a loaded game."""

from __future__ import annotations

import json
import random

import pytest

from positions import play_out
from taluva.bridge import handle
from taluva.formats.jsonio import move_to_json, state_to_json
from taluva.formats.sharecode import decode
from taluva.rules.board import TEMPLE_MARK
from taluva.rules.game import Game
from taluva.rules.moves import Build, Placement, parse_move
from taluva.rules.options import Options
from taluva.rules.tiles import TERRAIN_NAMES, tile_from_code
from taluva.rules.where import WhereMemo, build_where, placement_where


def call(method: str, **params):
    reply = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert reply["ok"], reply
    return reply["result"]


def random_game(players: int, seed: int) -> Game:
    return play_out(Game(Options(players=players), seed), random.Random(seed))


def test_a_build_names_its_landscape_level_and_the_settlement_beside_it() -> None:
    game = Game(seed=1)
    game.draw(tile_from_code("JJ"))
    game.play(parse_move("0,0/6"))  # jungle on -1,1 and 0,1
    assert build_where(game, parse_move("hut -1,1")) == {"terrain": "jungle", "level": 1}
    game.play(parse_move("hut -1,1"))
    game.draw(tile_from_code("CC"))
    keep = {parse_move("hut -1,1").cells[0][0], parse_move("hut 0,1").cells[0][0]}
    game.play(next(m for m in game.legal_placements() if not keep & set(m.hexes())))
    # Seat 1 founds next to seat 0's one-hut settlement: the facts name it and its owner.
    where = build_where(game, parse_move("hut 0,1"))
    assert where == {"terrain": "jungle", "level": 1, "near": {"owner": 0, "huts": 1, "hexes": 1}}


def test_an_eruption_names_the_temple_by_the_volcano_and_not_the_buried_huts() -> None:
    """ "Ana's tile covers the volcano by Chen's temple, burying 2 of Chen's huts": the facts
    are the settlement next to the volcano (its buildings under the tile left out) and the
    huts the turn covered."""
    found = 0
    for seed in range(40):
        game = random_game(3, seed)
        replayed = Game(game.options, game.seed)
        for turn in game.turns:
            replayed.draw(turn.tile)
            if turn.placement is None:
                break
            board = replayed.board
            where = placement_where(replayed, turn.placement)
            under = set(turn.placement.hexes())
            if turn.placement.volcano in board.level and "near" in where:
                near = where["near"]
                around = {turn.placement.volcano + d for d in (1, -1, 255, -255, 256, -256)}
                temples = {
                    board.owner[p] for p in around - under if board.piece.get(p) == TEMPLE_MARK
                }
                if temples:
                    found += 1
                    assert near.get("temple") and near["owner"] in temples
            replayed.play(turn.placement)
            if turn.build is not None:
                replayed.play(turn.build)
    assert found, "no eruption beside a temple in 40 games"


def test_every_fact_is_words_and_counts_never_a_place() -> None:
    """No coordinate goes into the facts: the page must not be tempted to print one."""
    game = random_game(4, 2)
    state = state_to_json(game, where=WhereMemo())
    for entry in state["log"]:
        for move in (entry["placementMove"], entry["buildMove"]):
            if move is None:
                continue
            where = move["where"]
            assert set(where) <= {"near", "beside", "terrain", "level"}
            assert where.get("beside", "jungle") in TERRAIN_NAMES
            if move["type"] == "place" and entry is not state["log"][0]:
                assert where, "a tile on the table touches the landscape: it is beside something"
            if "near" in where:
                assert set(where["near"]) <= {"owner", "huts", "hexes", "temple", "tower"}
                assert where["near"]["hexes"] >= 1


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 7)])
def test_the_log_facts_are_the_same_played_step_by_step_as_loaded_from_a_link(
    players: int, seed: int
) -> None:
    """The bridge notes each move's facts as it is played; a game loaded from its link is
    replayed for them. Both must say the same, undo and redo included."""
    view = call("newGame", options={"players": players}, seed=seed)
    log: list = []
    while view["moves"]:
        moves = call("legalMoves")
        view = call("play", move=moves[len(moves) // 2])
        if view["steps"] % 9 == 0:
            call("undo")
            view = call("redo")
        log = log[: view["logFrom"]] + view["state"]["log"]
    code = call("shareCode")
    loaded = call("loadShareCode", code=code)["state"]["log"]
    assert loaded == log
    assert all(e["placementMove"]["where"] is not None for e in log if e["placementMove"])
    # A fresh memo (a new worker) replays the game and finds the same facts.
    game = decode(code)
    assert state_to_json(game, where=WhereMemo())["log"] == loaded


def test_the_moves_the_page_phrases_carry_their_facts_and_the_placements_listed_do_not() -> None:
    """The computer's move, the hint and the builds of the step are phrased: they carry
    ``where``; the ~350 placements of a step are not (the page rebuilds them from the state)."""
    call("newGame", options={"players": 2}, seed=4)
    assert all("where" not in m for m in call("legalMoves") if m["type"] == "place")
    assert "where" in call("aiChoose", level="beginner")
    call("play", move=call("legalMoves")[0])
    view = call("view")
    assert view["moves"]["build"] and all("where" in m for m in view["moves"]["build"])
    game = Game(seed=1)
    game.draw(tile_from_code("JC"))
    move = move_to_json(game, Placement.at(0, 0, 6))
    assert move["where"] == {} and "where" not in move_to_json(game, Placement.at(0, 0, 6), False)
    assert isinstance(parse_move("hut -1,1"), Build)
