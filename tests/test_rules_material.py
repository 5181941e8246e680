"""R-MAT (material), R-SETUP (set-up) and R-TURN (the two steps of a turn)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from positions import P, assert_illegal, assert_sentence, mv, new_game, scripted, turn
from taluva.rules.errors import IllegalMoveError, OptionsError
from taluva.rules.game import Game
from taluva.rules.hexgrid import ORIGIN, tile_hexes, unpack
from taluva.rules.moves import Build, Placement, format_move
from taluva.rules.options import Options
from taluva.rules.tiles import (
    FULL_SET,
    LANDSCAPES,
    TERRAIN_NAMES,
    TILE_COUNTS,
    VOLCANO,
    tile_from_code,
)

# ------------------------------------------------------------------------------ R-MAT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_MAT_1_two_to_four_players(players):
    game = Game(Options(players=players), seed=1)
    assert game.players == players
    assert len(game.stock) == len(game.status) == players


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_R_MAT_1_fewer_than_two_or_more_than_four_players_rejected(players):
    with pytest.raises(OptionsError, match="R-MAT-1"):
        Options(players=players)


def test_R_MAT_1_each_player_has_20_huts_3_temples_2_towers():
    game = Game(Options(players=4), seed=1)
    assert game.stock == [[20, 3, 2]] * 4
    assert [game.score(s) for s in range(4)] == [(0, 0, 0)] * 4


def test_R_MAT_2_48_tiles_of_one_volcano_and_two_landscapes():
    assert len(FULL_SET) == 48
    assert len(LANDSCAPES) == 5
    assert {TERRAIN_NAMES[t] for t in LANDSCAPES} == {"jungle", "clearing", "sand", "rock", "lake"}
    for tile in FULL_SET:
        assert len(tile) == 2 and all(t in LANDSCAPES for t in tile)
        assert VOLCANO not in tile


def test_R_MAT_2_a_placed_tile_is_one_volcano_hex_and_two_landscape_hexes():
    game = scripted([("SL", "0,0/6", None)])
    board = game.board
    assert len(board.level) == 3
    assert sorted(board.terrain.values()) == sorted([VOLCANO, *tile_from_code("SL")])
    assert board.volcanoes == {ORIGIN}


RULES_TABLE = """
jungle   | 1 | 6 | 4 | 2 | 2
clearing | 5 | 1 | 2 | 2 | 1
sand     | 4 | 2 | 1 | 2 | 1
rock     | 2 | 2 | 1 | 1 | 1
lake     | 1 | 1 | 1 | 1 | 1
"""


def test_R_MAT_3_the_48_ordered_pairs_are_the_rules_table():
    rows = [line.split("|") for line in RULES_TABLE.strip().splitlines()]
    order = [row[0].strip() for row in rows]
    expected = {
        (TERRAIN_NAMES.index(first), TERRAIN_NAMES.index(order[j])): int(count)
        for first, *counts in ((r[0].strip(), *r[1:]) for r in rows)
        for j, count in enumerate(counts)
    }
    assert sum(expected.values()) == 48
    assert expected == TILE_COUNTS
    assert Counter(FULL_SET) == Counter(expected)


def test_R_MAT_3_frequencies_jungle_clearing_sand_rock_lake():
    hexes = Counter(t for tile in FULL_SET for t in tile)
    names = [TERRAIN_NAMES[t] for t, _ in hexes.most_common()]
    assert names == ["jungle", "clearing", "sand", "rock", "lake"]
    assert len(set(hexes.values())) == 5  # strictly decreasing, no ties


def test_R_MAT_3_tiles_are_chiral_jungle_clearing_is_not_clearing_jungle():
    assert TILE_COUNTS[tile_from_code("JC")] == 6
    assert TILE_COUNTS[tile_from_code("CJ")] == 5
    jc = scripted([("JC", "0,0/6", None)])
    cj = scripted([("CJ", "0,0/6", None)])
    # volcano on top: first landscape lower-left (-1,1), second lower-right (0,1)
    assert (jc.board.terrain[P(-1, 1)], jc.board.terrain[P(0, 1)]) == tile_from_code("JC")
    assert (cj.board.terrain[P(-1, 1)], cj.board.terrain[P(0, 1)]) == tile_from_code("CJ")
    # no placement of CJ makes the same picture as JC at 0,0/6: mirror images differ
    target = {(p, jc.board.terrain[p]) for p in jc.board.terrain}
    for k in range(6):
        other = new_game()
        other.draw(tile_from_code("CJ"))
        other.play(Placement(ORIGIN, k))
        assert {(p, other.board.terrain[p]) for p in other.board.terrain} != target


# Clock hour H: landscapes toward H, the first one an hour clockwise of H, the second an hour
# counter-clockwise (at 6: first lower-left, second lower-right).
CLOCK_GEOMETRY = {
    2: ((1, 0), (1, -1)),
    4: ((0, 1), (1, 0)),
    6: ((-1, 1), (0, 1)),
    8: ((-1, 0), (-1, 1)),
    10: ((0, -1), (-1, 0)),
    12: ((1, -1), (0, -1)),
}


@pytest.mark.parametrize("clock", sorted(CLOCK_GEOMETRY))
def test_R_MAT_3_orientation_by_clock_hour(clock):
    placement = mv(f"0,0/{clock}")
    volcano, first, second = tile_hexes(placement.volcano, placement.orientation)
    assert unpack(volcano) == (0, 0)
    assert (unpack(first), unpack(second)) == CLOCK_GEOMETRY[clock]
    game = scripted([("JL", f"0,0/{clock}", None)])
    assert game.board.terrain[first] == tile_from_code("JL")[0]
    assert game.board.terrain[second] == tile_from_code("JL")[1]
    assert format_move(placement) == f"0,0/{clock}"


def test_R_MAT_3_a_kind_cannot_be_drawn_more_often_than_it_exists():
    game = new_game()
    turn(game, "JJ", "0,0/6", "hut -1,1")  # the only jungle/jungle tile
    with pytest.raises(IllegalMoveError) as info:
        game.draw(tile_from_code("JJ"))
    assert info.value.rule == "R-MAT-3"
    assert_sentence(info.value.reason)
    assert game.phase == "draw"
    game.draw(tile_from_code("LL"))  # another kind is fine


@pytest.mark.parametrize("code", ["", "J", "JX", "VJ", "JCS", "12"])
def test_R_MAT_3_tile_codes_are_two_landscape_letters(code):
    with pytest.raises(ValueError, match="R-MAT-3"):
        tile_from_code(code)


# ---------------------------------------------------------------------------- R-SETUP


def _seeded_draws(seed: int, options: Options) -> list[str]:
    game = Game(options, seed=seed)
    rng = random.Random(seed)
    draws = []
    while game.phase != "over":
        if game.phase == "draw":
            game.draw()
            draws.append(game.tile_code)
        else:
            game.push(game.random_move(rng))
    return draws


def test_R_SETUP_1_the_deck_is_a_shuffle_of_the_48_tiles():
    from taluva.rules.tiles import TILE_KINDS

    orders = set()
    for seed in range(20):
        game = Game(Options(players=4), seed=seed)
        assert Counter(game.unseen()) == Counter(TILE_COUNTS)
        assert Counter(TILE_KINDS[k] for k in game.deck) == Counter(TILE_COUNTS)
        orders.add(tuple(game.deck))
    assert len(orders) == 20  # shuffled: different seeds, different piles


def test_R_SETUP_1_same_seed_same_tiles_other_seed_other_tiles():
    options = Options(players=3, tiles="all")
    assert _seeded_draws(11, options)[:10] == _seeded_draws(11, options)[:10]
    assert _seeded_draws(11, options)[:10] != _seeded_draws(12, options)[:10]
    # every tile is drawn at most as often as it exists
    counts = Counter(_seeded_draws(11, options))
    assert all(counts[code] <= TILE_COUNTS[tile_from_code(code)] for code in counts)


def test_R_SETUP_1_a_named_draw_leaves_the_rest_of_the_pile_unseen():
    game = new_game(seed=5)
    game.draw(tile_from_code("LL"))
    unseen = Counter(game.unseen())
    expected = Counter(TILE_COUNTS)
    expected[tile_from_code("LL")] -= 1
    assert unseen == +expected
    assert game.tiles_left == 47


@pytest.mark.parametrize(("players", "tiles"), [(2, 24), (3, 36), (4, 48)])
def test_R_SETUP_1_only_the_tiles_in_play_are_drawn(players, tiles):
    game = Game(Options(players=players), seed=3)
    assert game.tile_count == game.tiles_left == tiles
    for seed in range(50):
        game = Game(Options(players=players), seed=seed)
        draws = _seeded_draws(seed, Options(players=players))
        if len(draws) == tiles:  # a game that went to its normal end
            break
        assert len(draws) < tiles
    else:
        pytest.fail("no game went to the last tile")
    assert len(set(draws)) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_SETUP_2_seat_0_begins_and_play_goes_in_seat_order(players):
    game = Game(Options(players=players, tiles="12"), seed=4)
    rng = random.Random(4)
    seats = []
    while game.phase != "over" and len(seats) < 3 * players:
        if game.phase == "draw":
            seats.append(game.current)
            game.draw()
        else:
            game.play(game.random_move(rng))
    assert seats == [i % players for i in range(len(seats))]


# ------------------------------------------------------------------------------ R-TURN


def test_R_TURN_draw_then_place_then_build():
    game = new_game()
    assert (game.phase, game.current) == ("draw", 0)
    assert len(game.legal_moves()) == 0
    game.draw(tile_from_code("JC"))
    assert (game.phase, game.current, game.tile_code) == ("place", 0, "JC")
    assert all(isinstance(m, Placement) for m in game.legal_moves())
    game.play(mv("0,0/6"))
    assert (game.phase, game.current) == ("build", 0)  # the turn is not over yet
    assert all(isinstance(m, Build) for m in game.legal_moves())
    assert {format_move(m) for m in game.legal_moves()} == {"hut -1,1", "hut 0,1"}
    game.play(mv("hut 0,1"))
    assert (game.phase, game.current, game.tile) == ("draw", 1, None)


def test_R_TURN_nothing_before_the_draw():
    game = scripted([("JC", "0,0/6", "hut -1,1")])
    assert_illegal(game, "1,0/4", "R-TURN", "draw")
    assert_illegal(game, "hut 0,1", "R-TURN", "draw")
    with pytest.raises(IllegalMoveError) as info:
        game.random_move(random.Random(1))
    assert info.value.rule == "R-TURN"


def test_R_TURN_place_before_building():
    game = new_game()
    game.draw(tile_from_code("JC"))
    with pytest.raises(IllegalMoveError) as info:
        game.draw(tile_from_code("SR"))
    assert info.value.rule == "R-TURN"
    game.play(mv("0,0/6"))
    game.pop()
    game.play(mv("0,0/4"))
    with pytest.raises(IllegalMoveError) as info:
        game.draw(tile_from_code("SR"))
    assert info.value.rule == "R-TURN"


def test_R_TURN_a_build_before_the_placement_and_a_second_placement_are_refused():
    game = new_game()
    game.draw(tile_from_code("JC"))
    game.play(mv("0,0/6"))
    assert_illegal(game, "0,0/4", "R-TURN", "build")  # step 1 is done
    game.play(mv("hut -1,1"))
    game.draw(tile_from_code("SR"))
    assert_illegal(game, "hut 0,1", "R-TURN", "place")  # step 2 before step 1


def test_R_TURN_both_steps_are_compulsory_there_is_no_pass():
    game = new_game()
    game.draw(tile_from_code("JC"))
    game.play(mv("0,0/6"))
    # only builds are offered while a legal build exists: the turn ends with a build
    assert game.legal_moves()
    assert all(isinstance(m, Build) for m in game.legal_moves())
    assert game.current == 0 and game.phase == "build"


def test_R_TURN_the_legal_moves_view_agrees_with_its_lists():
    game = scripted([("JC", "0,0/6", "hut -1,1"), ("SR", "1,0/4", "hut 1,1")])
    game.draw(tile_from_code("LR"))
    view = game.legal_moves()
    listed = list(view)
    assert len(view) == len(listed) == len(game.legal_placements())
    assert listed == game.legal_placements()
    assert all(m in view for m in listed)
    assert mv("5,5/6") not in view and "0,0/6" not in view
    game.play(listed[0])
    view = game.legal_moves()
    assert list(view) == game.legal_builds() and bool(view)
