"""R-TILE: placing the tile (step 1), on the table or as a volcanic eruption.

Most positions are the row village of :mod:`positions`: a line of level-1 landscape on row 1
(0,1 .. 7,1) under a row of volcanoes, where "2,0/6" erupts onto 1,1 + 2,1.
"""

from __future__ import annotations

import random

import pytest

from positions import (
    ELIMINATION,
    TOWER_FIELD,
    P,
    assert_illegal,
    assert_legal,
    level,
    mv,
    new_game,
    piece,
    placements,
    replay,
    row_village,
    scripted,
    settlements,
    terrain,
    turn,
)
from taluva.rules.game import Game
from taluva.rules.hexgrid import neighbours
from taluva.rules.options import Options
from taluva.rules.tiles import tile_from_code

# ---------------------------------------------------------------------------- R-TILE-1


def test_R_TILE_1_the_first_tile_goes_to_the_origin_in_any_orientation():
    game = new_game()
    game.draw(tile_from_code("JC"))
    assert placements(game) == {f"0,0/{h}" for h in (2, 4, 6, 8, 10, 12)}
    game.play(mv("0,0/10"))
    assert {level(game, w) for w in ("0,0", "0,-1", "-1,0")} == {1}
    assert terrain(game, "0,0") == "V"


@pytest.mark.parametrize("where", ["3,2/6", "1,0/6", "-5,0/12"])
def test_R_TILE_1_the_first_tile_elsewhere_is_refused(where):
    game = new_game()
    game.draw(tile_from_code("JC"))
    assert_illegal(game, where, "R-TILE-1", "first tile")


# ---------------------------------------------------------------------------- R-TILE-2


def test_R_TILE_2_a_tile_on_the_table_must_share_an_edge_with_the_landscape():
    game = scripted([("JC", "0,0/6", "hut -1,1")])
    game.draw(tile_from_code("SR"))
    # 3,0/6 lies on 3,0 2,1 3,1: two steps away from 0,1, touching nothing
    assert_illegal(game, "3,0/6", "R-TILE-2", "share an edge")
    assert_illegal(game, "-3,0/6", "R-TILE-2")
    assert_legal(game, "2,0/6")  # 1,1 touches 0,1
    game.play(mv("2,0/6"))
    assert [level(game, w) for w in ("2,0", "1,1", "2,1")] == [1, 1, 1]


def test_R_TILE_2_holes_in_the_landscape_are_allowed():
    game = scripted(
        [
            ("JC", "0,0/6", "hut -1,1"),
            ("SR", "2,0/6", "hut 2,1"),
            ("CS", "2,-2/6", "hut 2,-1"),  # 1,-1 + 2,-1 + 2,-2: closes a ring around 1,0
        ]
    )
    hole = P(1, 0)
    assert hole not in game.board.level
    assert all(n in game.board.level for n in neighbours(hole))
    game.draw(tile_from_code("LL"))
    # nothing fits into a one-hex hole, but the game goes on around it
    assert not any(hole in m.hexes() for m in game.legal_placements())


def test_R_TILE_2_every_table_placement_is_three_free_positions_touching_the_landscape():
    game = replay(ELIMINATION, players=3, found="isolated")
    game.draw(tile_from_code("JC"))
    covered = game.board.level
    table = [m for m in game.legal_placements() if m.volcano not in covered]
    assert len(table) > 50
    for m in table:
        assert not any(p in covered for p in m.hexes())
        assert any(n in covered for p in m.hexes() for n in neighbours(p))


# --------------------------------------------------------------------------- R-TILE-3a


def test_R_TILE_3a_the_volcano_must_lie_on_a_volcano():
    game = row_village([])
    game.draw(tile_from_code("LL"))
    # 1,1/12 lies on 1,1 (clearing) 1,0 and 2,0 (volcanoes): one level, volcano on a clearing
    assert_illegal(game, "1,1/12", "R-TILE-3a", "volcano")
    assert_illegal(game, "1,1/10", "R-TILE-3a")  # 1,1 0,1 1,0
    assert_legal(game, "2,0/6")  # volcano on a volcano


# --------------------------------------------------------------------------- R-TILE-3b


def test_R_TILE_3b_the_volcano_may_not_point_the_same_way_as_the_one_it_covers():
    game = row_village([])
    game.draw(tile_from_code("LL"))
    # 2,0 is the volcano of the tile "2,0/12" (2,0 3,-1 2,-1): only that way is exactly on it
    assert_illegal(game, "2,0/12", "R-TILE-3b", "same way")
    for clock in (4, 6, 8):
        assert_legal(game, f"2,0/{clock}")
    assert_illegal(game, "3,0/6", "R-TILE-3b")  # exactly on the tile "3,0/6"
    assert_illegal(game, "0,0/2", "R-TILE-3g")  # 1,0 and 1,-1, seat 1's lone hut


# --------------------------------------------------------------------------- R-TILE-3c


def test_R_TILE_3c_no_gap_under_the_tile_partly_on_the_table():
    game = row_village([])
    game.draw(tile_from_code("LL"))
    assert_illegal(game, "7,0/4", "R-TILE-3c", "gap")  # 8,0 is open table
    assert_illegal(game, "0,0/6", "R-TILE-3c")  # -1,1 is open table
    assert_illegal(game, "1,1/6", "R-TILE-3c")  # a landscape hex and two open positions


def test_R_TILE_3c_all_three_hexes_below_on_one_level():
    game = row_village([])
    turn(game, "LL", "2,0/6", "hut 3,1")  # level 2 on 2,0 1,1 2,1
    turn(game, "JS", "1,-3/6", "hut 1,-2")
    game.draw(tile_from_code("LR"))
    # 2,0/4: volcano 2,0 (level 2), first landscape on 2,1 (level 2), second on 3,0 (level 1)
    sentence = assert_illegal(game, "2,0/4", "R-TILE-3c", "2, 2 and 1")
    assert "level" in sentence
    # 1,0/4: volcano 1,0 (level 1) with 2,0 and 1,1 on level 2
    assert_illegal(game, "1,0/4", "R-TILE-3c", "1, 2 and 2")


def test_R_TILE_3c_the_tile_lands_one_level_up():
    game = row_village([])
    turn(game, "LL", "2,0/6", None)
    assert [level(game, w) for w in ("2,0", "1,1", "2,1")] == [2, 2, 2]
    assert (terrain(game, "2,0"), terrain(game, "1,1"), terrain(game, "2,1")) == ("V", "L", "L")
    game = scripted(TOWER_FIELD)
    levels = [level(game, w) for w in ("0,3", "-1,3", "0,2", "-1,4", "0,4", "0,5")]
    assert levels == [3, 3, 3, 3, 3, 2]
    turn(game, "LL", "0,3/6", None)  # level 4 on 0,3 -1,4 0,4
    assert [level(game, w) for w in ("0,3", "-1,4", "0,4")] == [4, 4, 4]
    assert len(game.board.stacks()[P(0, 3)]) == 4


# --------------------------------------------------------------------------- R-TILE-3d


def test_R_TILE_3d_an_eruption_may_cover_huts_of_any_colour_which_leave_the_game():
    # seat 0: 0,1 1,1; seat 1: 2,1 3,1
    game = row_village(["hut 0,1", "hut 1,1"], ["hut 2,1", "hut 3,1"])
    assert game.current == 0
    stock_before = [list(s) for s in game.stock]
    score_before = [game.score(s) for s in range(2)]
    turn(game, "LL", "2,0/6", None)  # covers seat 0's 1,1 and seat 1's 2,1
    assert piece(game, "1,1") is None and piece(game, "2,1") is None
    assert piece(game, "0,1") == (0, "hut", 1) and piece(game, "3,1") == (1, "hut", 1)
    # back to the box, not to the stock, and still counted as built (R-END-2)
    assert game.stock == stock_before
    assert [game.score(s) for s in range(2)] == score_before
    assert settlements(game, 0, row=1) == [{"0,1"}]
    assert settlements(game, 1, row=1) == [{"3,1"}]


def test_R_TILE_3d_covering_own_huts_of_a_larger_settlement_is_allowed():
    game = row_village(["hut 0,1", "hut 1,1", "hut 2,1"])
    game.draw(tile_from_code("LL"))
    assert_legal(game, "2,0/6")  # covers 1,1 and 2,1, 0,1 stays


# --------------------------------------------------------------------------- R-TILE-3e


def test_R_TILE_3e_an_eruption_may_cover_two_volcanoes():
    game = row_village([])
    game.draw(tile_from_code("LL"))
    # 3,0/8: volcano on 3,0, landscapes on 2,0 (a volcano) and 2,1
    assert_legal(game, "3,0/8")
    game.play(mv("3,0/8"))
    assert terrain(game, "2,0") == "L" and terrain(game, "3,0") == "V"
    assert P(2, 0) not in game.board.volcanoes


def test_R_TILE_3e_an_eruption_may_cover_three_volcanoes():
    game = scripted(
        [
            ("JC", "0,0/10", "hut -1,0"),  # volcano 0,0
            ("SR", "1,0/2", "hut 2,0"),  # volcano 1,0
            ("CS", "0,1/6", "hut -1,2"),  # volcano 0,1
        ]
    )
    game.draw(tile_from_code("LR"))
    assert_legal(game, "0,0/4")  # 0,0 + 1,0 + 0,1: three volcanoes of three tiles
    game.play(mv("0,0/4"))
    assert (terrain(game, "0,0"), terrain(game, "0,1"), terrain(game, "1,0")) == ("V", "L", "R")
    assert {level(game, w) for w in ("0,0", "0,1", "1,0")} == {2}


# --------------------------------------------------------------------------- R-TILE-3f


def test_R_TILE_3f_an_eruption_may_not_cover_a_temple():
    # seat 0: 2,1 3,1 4,1 5,1 and a temple on 1,1
    game = row_village(["hut 2,1", "hut 3,1", "hut 4,1", "hut 5,1", "temple 1,1"])
    assert piece(game, "1,1") == (0, "temple", 1)
    game.draw(tile_from_code("LL"))
    assert_illegal(game, "2,0/6", "R-TILE-3f", "temple")  # 1,1 + 2,1
    assert_illegal(game, "1,0/4", "R-TILE-3f", "temple")  # 1,0 + 2,0 + 1,1
    # covering two huts of that settlement is fine, and splits it (R-TILE-3g)
    game.play(mv("4,0/6"))
    assert settlements(game, 0, row=1) == [{"1,1", "2,1"}, {"5,1"}]


def test_R_TILE_3f_an_eruption_may_not_cover_a_tower():
    game = scripted(TOWER_FIELD)
    assert piece(game, "-1,3") == (0, "tower", 1)
    game.draw(tile_from_code("LL"))
    assert_illegal(game, "0,3/8", "R-TILE-3f", "tower")  # 0,3 + -1,3 (tower) + -1,4
    assert_legal(game, "0,3/6")  # 0,3 + -1,4 + 0,4: level 4 beside the tower


# --------------------------------------------------------------------------- R-TILE-3g


def test_R_TILE_3g_may_not_cover_a_whole_settlement_of_one_hex():
    game = row_village(["hut 5,1"], ["hut 1,1"])
    game.draw(tile_from_code("LL"))
    assert_illegal(game, "2,0/6", "R-TILE-3g", "whole settlement")  # seat 1's lone hut


def test_R_TILE_3g_may_not_cover_a_whole_settlement_of_two_hexes():
    game = row_village(["hut 5,1", "hut 6,1"], ["hut 1,1", "hut 2,1"])
    assert settlements(game, 1, row=1) == [{"1,1", "2,1"}]
    game.draw(tile_from_code("LL"))
    assert_illegal(game, "2,0/6", "R-TILE-3g")
    assert_legal(game, "1,0/4")  # 1,0 2,0 1,1: 2,1 stays


def test_R_TILE_3g_own_settlements_are_protected_too():
    game = row_village(["hut 1,1", "hut 4,1"], ["hut 7,1", "hut 0,-2"])
    game.draw(tile_from_code("LL"))
    assert game.current == 0
    assert_illegal(game, "2,0/6", "R-TILE-3g")  # 1,1: seat 0's lone hut, 2,1 empty
    assert_illegal(game, "4,0/6", "R-TILE-3g")  # 3,1 empty, 4,1: seat 0's lone hut
    assert_legal(game, "6,0/6")  # 5,1 6,1 empty


def test_R_TILE_3g_one_settlement_covered_whole_is_enough_to_refuse():
    # 1,1: seat 0's lone hut; 2,1: part of seat 1's 2,1 + 3,1
    game = row_village(["hut 1,1", "hut 6,1"], ["hut 2,1", "hut 3,1"])
    game.draw(tile_from_code("LL"))
    assert_illegal(game, "2,0/6", "R-TILE-3g")


def test_R_TILE_3g_covering_part_of_a_settlement_splits_it_in_two():
    game = row_village(["hut 0,1", "hut 1,1", "hut 2,1", "hut 3,1"])
    assert settlements(game, 0, row=1) == [{"0,1", "1,1", "2,1", "3,1"}]
    turn(game, "LL", "2,0/6", "hut 5,1")  # covers 1,1 and 2,1
    assert settlements(game, 0, row=1) == [{"0,1"}, {"3,1"}, {"5,1"}]
    # each part is now a settlement of its own, protected on its own
    turn(game, "SC", "3,-7/6", "hut 2,-6")
    game.draw(tile_from_code("LR"))
    assert_illegal(game, "4,0/6", "R-TILE-3g")  # 3,1 + 4,1: all of that part now


def test_R_TILE_3g_an_eliminated_players_settlement_still_blocks():
    game = replay(ELIMINATION, players=3, found="isolated")
    assert game.status[2] == "eliminated" and piece(game, "0,-1") == (2, "hut", 1)
    turn(game, "JC", "1,-2/4", "hut 2,-2")  # seat 0: a volcano on 1,-2, next to c's hut
    turn(game, "SJ", "-4,2/8", "hut -5,2")  # seat 1
    assert game.current == 0  # seat 2 is skipped
    game.draw(tile_from_code("LL"))
    # 1,-2/6 would cover 0,-1 (all of c's settlement) and 1,-1
    assert_illegal(game, "1,-2/6", "R-TILE-3g")


# ---------------------------------------------------------------------------- R-TILE-4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_TILE_4_a_tile_can_always_be_placed(players):
    for seed in range(5):
        game = Game(Options(players=players, tiles="all"), seed=seed)
        rng = random.Random(seed)
        while game.phase != "over":
            if game.phase == "draw":
                game.draw()
                continue
            if game.phase == "place":
                table = [m for m in game.legal_placements() if m.volcano not in game.board.level]
                assert table, "the table is unbounded: there is always room on level 1"
            game.play(game.random_move(rng))
