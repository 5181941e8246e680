"""R-BUILD: the build step (found, expand, temple, tower), joins and the stock."""

from __future__ import annotations

from positions import (
    JUNGLE_FIELD,
    TOWER_FIELD,
    assert_illegal,
    assert_legal,
    builds,
    level,
    mv,
    piece,
    row_tile,
    row_village,
    scripted,
    settlements,
    turn,
)
from taluva.rules.moves import format_move


def jungle_field(huts: int | None = None):
    """The jungle field of :mod:`positions` at seat 0's build step (tile placed far away).

    With ``huts``, seat 0's hut stock is set by hand before the placement: the rule under
    test only reads the stock, and spending the huts legally would take eight more turns.
    """
    game = scripted(JUNGLE_FIELD)
    if huts is not None:
        game.stock[0][0] = huts
    turn(game, "JC", "8,9/4", None)
    assert (game.current, game.phase) == (0, "build")
    return game


# ---------------------------------------------------------------------------- R-BUILD-0


def test_R_BUILD_0_nothing_on_a_volcano_an_occupied_hex_or_outside_the_island():
    game = row_village([])
    turn(game, "LL", "1,-3/6", None)
    assert_illegal(game, "hut 2,0", "R-BUILD-0", "volcano")
    assert_illegal(game, "temple 2,0", "R-BUILD-0", "volcano")
    assert_illegal(game, "hut 1,-1", "R-BUILD-0", "already has a building")
    assert_illegal(game, "hut 20,20", "R-BUILD-0", "no hex")
    assert_illegal(game, "tower 20,20", "R-BUILD-0", "no hex")


# ---------------------------------------------------------------------------- R-BUILD-1


def test_R_BUILD_1_found_a_settlement_with_one_hut_on_an_empty_level_1_hex():
    game = row_village([])
    turn(game, "LL", "1,-3/6", None)
    assert_legal(game, "hut 4,1")
    before = len(settlements(game, 0))
    game.play(mv("hut 4,1"))
    assert piece(game, "4,1") == (0, "hut", 1)
    assert len(settlements(game, 0)) == before + 1
    assert game.stock[0] == [20 - 5, 3, 2]


def test_R_BUILD_1_a_new_settlement_starts_on_level_1_only():
    game = jungle_field()
    # 2,-3 is an empty clearing on level 3, not next to any settlement of seat 0
    assert level(game, "2,-3") == 3
    assert_illegal(game, "hut 2,-3", "R-BUILD-1", "level-1")


def test_R_BUILD_1_no_lone_hut_off_level_1_is_offered():
    game = jungle_field()
    assert "hut 2,-3" not in builds(game)
    assert game.move_error(mv("hut 2,-3")) is not None
    for build in game.legal_builds():
        if build.piece == 0 and len(build.cells) == 1:
            pos, count = build.cells[0]
            assert count == game.board.level[pos]


# ---------------------------------------------------------------------------- R-BUILD-2


JUNGLE_5 = "huts 0,-2 1,-2x3 2,-1"


def test_R_BUILD_2_the_rulebook_example_1_plus_1_plus_3_huts():
    game = jungle_field()
    assert settlements(game, 0)[0] == {"0,-1", "1,-1"}
    assert [level(game, w) for w in ("0,-2", "2,-1", "1,-2")] == [1, 1, 3]
    assert JUNGLE_5 in builds(game)
    assert game.legal_builds().count(mv(JUNGLE_5)) == 1
    game.play(mv(JUNGLE_5))
    assert piece(game, "0,-2") == (0, "hut", 1)
    assert piece(game, "2,-1") == (0, "hut", 1)
    assert piece(game, "1,-2") == (0, "hut", 3)
    assert game.stock[0][0] == 12 - 5
    # no cascade: 3,-2 touches the new hut on 2,-1 but not the settlement as it was
    assert piece(game, "3,-2") is None
    assert {"0,-1", "1,-1", "0,-2", "1,-2", "2,-1"} in settlements(game, 0)


def test_R_BUILD_2_every_fitting_hex_no_more_no_fewer():
    game = jungle_field()
    assert_illegal(game, "huts 0,-2 2,-1", "R-BUILD-2", "no more and no fewer")
    assert_illegal(game, "huts 0,-2 1,-2x3", "R-BUILD-2")
    assert_illegal(game, "huts 0,-2 1,-2x3 2,-1 3,-2", "R-BUILD-2")  # the cascade
    assert_illegal(game, "huts 1,-2x3", "R-BUILD-2")


def test_R_BUILD_2_as_many_huts_on_a_hex_as_its_level():
    game = jungle_field()
    assert_illegal(game, "huts 0,-2 1,-2 2,-1", "R-BUILD-2", "3 on 1,-2")
    assert_illegal(game, "huts 0,-2 1,-2x2 2,-1", "R-BUILD-2", "as its level")
    assert_illegal(game, "huts 0,-2 1,-2x4 2,-1", "R-BUILD-2")
    assert_illegal(game, "huts 0,-2x2", "R-BUILD-2")


def test_R_BUILD_2_one_landscape_per_expansion():
    game = jungle_field()
    assert_illegal(game, "huts -1,-1 0,-2 1,-2x3 2,-1", "R-BUILD-2", "one landscape")
    assert_legal(game, "hut -1,-1")  # the clearing on its own


def test_R_BUILD_2_and_6_not_enough_huts_for_the_whole_expansion():
    game = jungle_field(huts=4)
    assert JUNGLE_5 not in builds(game)
    assert_illegal(game, JUNGLE_5, "R-BUILD-6", "needs 5 huts and you have 4")
    assert_legal(game, "hut -1,-1")  # another landscape that fits the stock
    assert_legal(game, "hut 3,-2")  # and founding elsewhere
    game.play(mv("hut -1,-1"))
    assert game.stock[0] == [3, 3, 2]


def test_R_BUILD_2_exactly_enough_huts_is_enough():
    game = jungle_field(huts=5)
    assert_legal(game, JUNGLE_5)
    game.play(mv(JUNGLE_5))
    assert game.stock[0][0] == 0


def test_R_BUILD_2_expanding_onto_a_level_2_hex_puts_two_huts():
    game = scripted(TOWER_FIELD[:4])
    turn(game, "RL", "0,2/10", None)
    assert level(game, "0,1") == 2
    assert "huts 0,1x2" in builds(game)
    assert_illegal(game, "hut 0,1", "R-BUILD-2", "2 on 0,1")
    game.play(mv("huts 0,1x2"))
    assert piece(game, "0,1") == (0, "hut", 2)
    assert settlements(game, 0)[0] == {"0,1", "1,-1", "1,0"}


def test_R_BUILD_2_the_same_effect_twice_is_one_move():
    # O-FOUND any: a hut on the single level-1 clearing next to the settlement is both a
    # founding and an expansion; it is listed once
    game = jungle_field()
    listed = [format_move(b) for b in game.legal_builds()]
    assert len(listed) == len(set(listed))
    assert listed.count("hut -1,-1") == 1


# ---------------------------------------------------------------------------- R-BUILD-3


def test_R_BUILD_3_a_temple_next_to_a_settlement_of_three_hexes_on_any_level():
    game = scripted(TOWER_FIELD)
    turn(game, "LS", "-2,6/10", None)
    # seat 0's settlement 1,0 1,-1 0,1 -1,2 -1,3 has no temple
    assert {"temple 0,2", "temple -1,4"} <= builds(game)
    assert level(game, "0,2") == 3
    game.play(mv("temple 0,2"))
    assert piece(game, "0,2") == (0, "temple", 1)
    assert game.stock[0][1] == 2
    assert game.score(0)[0] == 1


def test_R_BUILD_3_a_temple_needs_three_hexes_not_three_huts():
    # seat 0: 0,1 and 1,1 (two huts on level 2): two hexes, three huts
    game = row_village(["hut 0,1"], ["hut 4,1"])
    turn(game, "LL", "2,0/6", "huts 1,1x2")  # level 2 on 1,1 and 2,1, lake; expand lake
    turn(game, *row_tile(game), "hut 3,-2")
    turn(game, *row_tile(game), None)
    assert {"0,1", "1,1"} in settlements(game, 0)
    assert not any(b.startswith("temple") for b in builds(game))
    assert_illegal(game, "temple 2,1", "R-BUILD-3", "3 hexes")
    assert_illegal(game, "temple 7,1", "R-BUILD-3", "share an edge")


def test_R_BUILD_3_a_temple_must_touch_an_own_settlement():
    game = row_village(["hut 0,1", "hut 1,1", "hut 2,1"], ["hut 5,1", "hut 6,1", "hut 7,1"])
    turn(game, *row_tile(game), None)
    assert "temple 3,1" in builds(game)
    assert_illegal(game, "temple 4,1", "R-BUILD-3", "share an edge")  # only seat 1 there


def test_R_BUILD_3_and_6_no_temple_left():
    game = row_village(["hut 0,1", "hut 1,1", "hut 2,1"])
    game.stock[0][1] = 0  # set by hand: the rule only reads the stock
    turn(game, *row_tile(game), None)
    assert not any(b.startswith("temple") for b in builds(game))
    assert_illegal(game, "temple 3,1", "R-BUILD-6", "no temple left")


# ---------------------------------------------------------------------------- R-BUILD-4


def test_R_BUILD_4_a_tower_on_level_3_next_to_a_settlement_without_one():
    game = scripted(TOWER_FIELD[:12])
    turn(game, "JR", "0,3/10", None)
    assert level(game, "-1,3") == 3
    assert "tower -1,3" in builds(game)
    assert_illegal(game, "tower 0,1", "R-BUILD-0", "already has a building")
    game.play(mv("tower -1,3"))
    assert piece(game, "-1,3") == (0, "tower", 1)
    assert game.stock[0][2] == 1 and game.score(0)[1] == 1


def test_R_BUILD_4_no_tower_below_level_3():
    game = scripted(TOWER_FIELD[:12])
    turn(game, "JR", "0,3/10", None)
    # -1,4 is a rock on level 2 next to the settlement, 1,1 is open table
    assert level(game, "-1,4") == 2
    assert_illegal(game, "tower -1,4", "R-BUILD-4", "level 3 or higher")
    assert_illegal(game, "tower 6,-11", "R-BUILD-4", "level 1")


def test_R_BUILD_4_a_tower_must_touch_an_own_settlement():
    game = scripted(TOWER_FIELD)
    turn(game, "LS", "-2,6/10", None)
    # 0,4 is on level 3 but touches none of seat 0's settlements
    assert level(game, "0,4") == 3
    assert_illegal(game, "tower 0,4", "R-BUILD-4", "share an edge")


# ------------------------------------------------------------------------ R-BUILD-5, 6


def test_R_BUILD_5_no_second_temple_for_a_settlement_that_has_one():
    game = row_village(["hut 0,1", "hut 1,1", "hut 2,1", "temple 3,1", "hut 5,1", "hut 6,1"])
    turn(game, *row_tile(game), None)
    # 4,1 touches 0,1..3,1 (temple) and 5,1 6,1 (two hexes): nothing may take a temple
    assert_illegal(game, "temple 4,1", "R-BUILD-5", "already has a temple")


def test_R_BUILD_5_and_6_a_temple_that_joins_may_give_a_settlement_two_temples():
    game = row_village(
        ["hut 0,1", "hut 1,1", "hut 2,1", "temple 3,1", "hut 5,1", "hut 6,1", "hut 7,1"]
    )
    turn(game, *row_tile(game), None)
    # 5,1 6,1 7,1 has no temple: a temple on 4,1 is built for it, and joins both
    assert "temple 4,1" in builds(game)
    game.play(mv("temple 4,1"))
    row1 = settlements(game, 0, row=1)
    assert row1 == [{f"{q},1" for q in range(8)}]
    temples = [w for w in row1[0] if piece(game, w)[1] == "temple"]
    assert sorted(temples) == ["3,1", "4,1"]
    # the joined settlement already has a temple: the third may not go next to it
    turn(game, *row_tile(game), "hut 2,-6")
    turn(game, "LL", "1,2/4", None)  # 2,2 and 1,3: empty landscape under row 1
    assert game.stock[0][1] == 1
    assert_illegal(game, "temple 2,2", "R-BUILD-5", "already has a temple")


def test_R_BUILD_5_and_6_a_tower_that_joins_may_give_a_settlement_two_towers():
    game = scripted(TOWER_FIELD)
    turn(game, "LS", "-2,6/10", None)
    # -1,4 (level 3) touches the settlement with the tower on -1,3 only
    assert_illegal(game, "tower -1,4", "R-BUILD-5", "already has a tower")
    game.play(mv("hut -2,5"))  # a new settlement on the other side of -1,4
    turn(game, "SJ", "11,-20/6", "hut 11,-19")
    turn(game, "JC", "12,-22/6", None)
    assert "tower -1,4" in builds(game)
    game.play(mv("tower -1,4"))
    joined = next(s for s in settlements(game, 0) if "-1,3" in s)
    assert {"-1,3", "-1,4", "-2,5"} <= joined
    assert sorted(w for w in joined if piece(game, w)[1] == "tower") == ["-1,3", "-1,4"]
    assert game.stock[0][2] == 0


def test_R_BUILD_6_no_tower_left():
    game = scripted(TOWER_FIELD)
    game.stock[0][2] = 0  # set by hand: the rule only reads the stock
    turn(game, "LS", "-2,6/10", None)
    game.play(mv("hut -2,5"))
    turn(game, "SJ", "11,-20/6", "hut 11,-19")
    turn(game, "JC", "12,-22/6", None)
    assert not any(b.startswith("tower") for b in builds(game))
    assert_illegal(game, "tower -1,4", "R-BUILD-6", "no tower left")


def test_R_BUILD_6_no_hut_left():
    game = row_village(["hut 0,1", "hut 1,1", "hut 2,1"])
    game.stock[0][0] = 0  # set by hand: the rule only reads the stock
    turn(game, *row_tile(game), None)
    assert not any(b.startswith("hut") for b in builds(game))
    assert builds(game) == {"temple 3,1"}
    assert_illegal(game, "hut 5,1", "R-BUILD-6", "no hut left")
    assert_illegal(game, "hut 3,1", "R-BUILD-6")


def test_R_BUILD_only_one_action_per_turn():
    game = jungle_field()
    # a jungle expansion and the clearing together are two actions
    assert_illegal(game, "huts -1,-1 0,-2 1,-2x3 2,-1", "R-BUILD-2")
    game.play(mv("hut -1,-1"))
    assert game.phase == "draw" and game.current == 1


# ------------------------------------------------------------------------------- R-SET


def test_R_SET_a_settlement_spans_levels_and_holds_its_temples_and_towers():
    game = scripted(TOWER_FIELD)
    main = next(s for s in settlements(game, 0) if "1,0" in s)
    assert main == {"1,0", "1,-1", "0,1", "-1,2", "-1,3"}
    assert [level(game, w) for w in ("1,0", "0,1", "-1,3")] == [1, 2, 3]
    assert piece(game, "-1,3") == (0, "tower", 1)
    # neighbouring buildings of another colour are another settlement
    assert piece(game, "2,-1") == (1, "hut", 1)
    assert all("2,-1" not in s for s in settlements(game, 0))


def test_R_BUILD_2_one_settlement_at_a_time():
    # seat 0's lone huts 2,-1 and 4,-1 (both jungle) each touch one jungle hex of row -2:
    # 3,-2 and 4,-2, which touch each other but not the other settlement
    game = row_village(["hut 7,1"])
    turn(game, *row_tile(game), None)
    assert {"hut 3,-2", "hut 4,-2"} <= builds(game)
    assert_illegal(game, "huts 3,-2 4,-2", "R-BUILD-2")
