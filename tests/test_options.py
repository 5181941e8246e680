"""The options of RULES.md section O: O-TILES, O-FOUND, O-RANK, O-TEAMS."""

from __future__ import annotations

import random

import pytest

import transcripts as T
from positions import (
    JUNGLE_FIELD,
    assert_illegal,
    assert_legal,
    mv,
    piece,
    play_out,
    row_tile,
    row_village,
    scripted,
    turn,
)
from taluva.rules.errors import OptionsError
from taluva.rules.game import Game
from taluva.rules.options import Options
from taluva.rules.result import EARLY_VICTORY, LAST_STANDING, LAST_TEAM, LAST_TILE

# ----------------------------------------------------------------------------- O-TILES


@pytest.mark.parametrize(("players", "count"), [(2, 24), (3, 36), (4, 48)])
def test_O_TILES_default_is_12_per_player(players, count):
    assert Options(players=players).tiles == "12"
    assert Options(players=players).tile_count == count
    assert Game(Options(players=players), seed=1).tiles_left == count


@pytest.mark.parametrize("players", [2, 3, 4])
def test_O_TILES_all_is_48(players):
    assert Options(players=players, tiles="all").tile_count == 48


@pytest.mark.parametrize(("tiles", "count"), [("18", 36), ("24", 48)])
def test_O_TILES_18_or_24_per_player_with_two_players(tiles, count):
    assert Options(players=2, tiles=tiles).tile_count == count


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("tiles", ["18", "24"])
def test_O_TILES_18_or_24_per_player_only_for_two_players(players, tiles):
    with pytest.raises(OptionsError, match="O-TILES"):
        Options(players=players, tiles=tiles)


@pytest.mark.parametrize("tiles", ["0", "13", "48", "", "ALL"])
def test_O_TILES_other_values_are_refused(tiles):
    with pytest.raises(OptionsError, match="O-TILES"):
        Options(players=2, tiles=tiles)


@pytest.mark.parametrize(("players", "tiles"), [(2, "18"), (3, "12"), (4, "12")])
def test_O_TILES_the_game_ends_after_exactly_that_many_tiles(players, tiles):
    options = Options(players=players, tiles=tiles)
    for seed in range(40):
        game = play_out(Game(options, seed=seed), random.Random(seed))
        if game.result.reason == LAST_TILE:
            assert len(game.turns) == options.tile_count and game.tiles_left == 0
            return
        assert len(game.turns) < options.tile_count
    pytest.fail("no game reached the last tile")


# ----------------------------------------------------------------------------- O-FOUND


def jungle_field(found):
    game = scripted(JUNGLE_FIELD, found=found)
    turn(game, "JC", "8,9/4", None)
    return game


def test_O_FOUND_default_is_isolated():
    assert Options().found == "isolated"


def test_O_FOUND_isolated_a_new_hut_may_not_touch_an_own_settlement():
    game = jungle_field("isolated")
    # 0,-2 is an empty level-1 jungle next to seat 0's settlement 0,-1 + 1,-1: only the
    # whole jungle expansion may go there
    sentence = assert_illegal(game, "hut 0,-2", "O-FOUND", "expand")
    assert "isolated" in sentence
    assert_illegal(game, "hut 2,-1", "O-FOUND")
    assert_legal(game, "huts 0,-2 1,-2x3 2,-1")
    assert_legal(game, "hut 3,-2")  # level 1, touching no settlement of seat 0
    # a lone fitting hex next to the settlement is an expansion, hence allowed
    assert_legal(game, "hut -1,-1")


def test_O_FOUND_isolated_a_new_hut_may_touch_another_players_settlement():
    game = jungle_field("isolated")
    # 6,8 (level 1) touches seat 1's hut on 7,7 and none of seat 0's buildings
    assert piece(game, "7,7") == (1, "hut", 1)
    assert_legal(game, "hut 6,8")


def test_O_FOUND_any_a_new_hut_may_go_on_any_empty_level_1_hex():
    game = jungle_field("any")
    assert_legal(game, "hut 0,-2")
    assert_legal(game, "hut 2,-1")
    game.play(mv("hut 0,-2"))
    assert piece(game, "0,-2") == (0, "hut", 1)
    assert piece(game, "2,-1") is None  # founding is one hut, not an expansion


def test_O_FOUND_isolated_is_checked_against_every_own_settlement_not_the_opponents():
    # seat 0: 2,1 (sand) + 3,1 (rock); their clearing neighbours are 1,1 and 4,1
    # seat 1: 6,1 + 7,1
    game = row_village(["hut 2,1", "hut 3,1"], ["hut 6,1", "hut 7,1"], found="isolated")
    turn(game, *row_tile(game), None)
    assert_illegal(game, "hut 4,1", "O-FOUND")
    assert_illegal(game, "hut 1,1", "O-FOUND")
    assert_legal(game, "huts 1,1 4,1")  # the clearing expansion
    assert_legal(game, "hut 5,1")  # next to seat 1's 6,1 only
    assert_legal(game, "hut 0,1")  # next to nobody


def test_O_FOUND_any_same_position():
    game = row_village(["hut 2,1", "hut 3,1"], ["hut 6,1", "hut 7,1"], found="any")
    turn(game, *row_tile(game), None)
    assert_legal(game, "hut 4,1")
    assert_legal(game, "hut 1,1")
    assert_legal(game, "huts 1,1 4,1")


@pytest.mark.parametrize("found", ["", "near", "ISOLATED"])
def test_O_FOUND_other_values_are_refused(found):
    with pytest.raises(OptionsError, match="O-FOUND"):
        Options(found=found)


# ------------------------------------------------------------------------------ O-RANK


def test_O_RANK_default_is_off():
    assert Options().rank is False


def test_O_RANK_the_finisher_takes_the_best_free_place_and_the_others_play_on():
    game = T.load(T.RANK_TWO_FINISH)
    first = 1
    while T.load(T.RANK_TWO_FINISH, first).status[2] != "finished":
        first += 1
    first -= 1  # the index of seat 2's completing turn
    after = T.load(T.RANK_TWO_FINISH, first + 1)
    assert after.phase == "draw"  # the game goes on
    assert sum(1 for n in after.stock[2] if n == 0) >= 2
    later = [t.seat for t in game.turns[first + 1 :]]
    assert 2 not in later and {0, 1} <= set(later)  # seat 2's turns are skipped
    assert any(owner == 2 for owner in game.board.owner.values())  # its buildings stay
    assert game.left == [2, 0] and game.status == ["finished", "playing", "finished"]
    assert game.result.reason == LAST_STANDING
    assert game.result.places == (2, 3, 1)
    assert game.result.winners == (2,)


def test_O_RANK_the_first_eliminated_takes_the_last_place():
    game = T.load(T.RANK_OUT_THEN_FINISH)
    assert game.left == [0, 1]
    assert game.status == ["eliminated", "finished", "playing"]
    assert game.result.places == (3, 1, 2)
    assert game.result.winners == (1,)


def test_O_RANK_the_players_still_in_share_the_places_between_by_score():
    game = T.load(T.RANK_FOUR_PLAYERS)
    assert game.result.reason == LAST_TILE
    assert game.status == ["finished", "playing", "eliminated", "playing"]
    assert game.score(1)[0] > game.score(3)[0]  # more temples
    assert game.result.places == (1, 2, 4, 3)
    assert game.result.winners == (0,)


def test_O_RANK_off_the_same_game_ends_at_the_first_completion():
    options, text = T.RANK_TWO_FINISH
    plain = (options.replace("rank=on", "rank=off"), text)
    lines = text.strip().splitlines()
    with pytest.raises(ValueError, match="R-END"):
        T.load(plain)  # the replay runs into the end of the game
    # the game without O-RANK ends where seat 2 completed two kinds
    for n in range(1, len(lines) + 1):
        game = T.load(plain, n)
        if game.phase == "over":
            break
    assert game.result.reason == EARLY_VICTORY
    assert game.turns[-1].seat == 2


# ----------------------------------------------------------------------------- O-TEAMS


def test_O_TEAMS_default_is_off_and_needs_four_players():
    assert Options().teams is False
    for players in (2, 3):
        with pytest.raises(OptionsError, match="O-TEAMS"):
            Options(players=players, teams=True)
    assert Options(players=4, teams=True).teams is True


def test_O_TEAMS_cannot_be_combined_with_O_RANK():
    with pytest.raises(OptionsError, match="O-RANK"):
        Options(players=4, teams=True, rank=True)


def test_O_TEAMS_seats_0_and_2_play_against_1_and_3():
    game = T.load(T.TEAMS_TOTALS)
    assert game.result.places == (2, 1, 2, 1)
    assert game.result.winners == (1, 3)
    assert game.returns() == [0.0, 0.5, 0.0, 0.5]


def test_O_TEAMS_at_the_normal_end_the_members_buildings_are_added_up():
    game = T.load(T.TEAMS_TOTALS)
    assert game.result.reason == LAST_TILE
    scores = [game.score(s) for s in range(4)]
    best = max(range(4), key=lambda s: scores[s])
    assert best == 0  # the best single player is in the losing team
    totals = [tuple(map(sum, zip(scores[t], scores[t + 2], strict=True))) for t in (0, 1)]
    assert totals[1] > totals[0]
    assert game.result.winners == (1, 3)


def test_O_TEAMS_early_win_two_kinds_and_the_partner_one_kind():
    game = T.load(T.TEAMS_EARLY_VICTORY)
    assert game.result.reason == EARLY_VICTORY
    done = [sum(1 for n in game.stock[s] if n == 0) for s in range(4)]
    assert done[1] >= 2 and done[3] >= 1
    assert game.turns[-1].seat in (1, 3)
    # it happened with the last tile: completing two kinds still counts first (R-END-1)
    assert game.tiles_left == 0
    assert game.result.winners == (1, 3) and game.result.places == (2, 1, 2, 1)


def test_O_TEAMS_two_kinds_without_the_partners_one_kind_is_no_win():
    game = T.load(T.TEAMS_TWO_KINDS_PARTNER_NONE)
    n_turns = len(game.turns)
    seen = False
    for n in range(1, n_turns):
        past = T.load(T.TEAMS_TWO_KINDS_PARTNER_NONE, n)
        for s in range(4):
            mine = sum(1 for k in past.stock[s] if k == 0)
            theirs = sum(1 for k in past.stock[(s + 2) % 4] if k == 0)
            if mine >= 2 and theirs == 0:
                assert past.phase != "over"
                seen = True
        if seen:
            break
    assert seen
    assert game.result.reason == LAST_TILE


def test_O_TEAMS_an_eliminated_members_buildings_count_for_nobody():
    game = T.load(T.TEAMS_ELIMINATED_COUNTS_FOR_NOBODY)
    assert game.status[1] == "eliminated"
    scores = [game.score(s) for s in range(4)]
    team0 = tuple(map(sum, zip(scores[0], scores[2], strict=True)))
    with_out = scores[3]
    with_in = tuple(map(sum, zip(scores[1], scores[3], strict=True)))
    assert with_out < team0 < with_in  # counting seat 1 would turn the result
    assert game.result.reason == LAST_TILE
    assert game.result.winners == (0, 2)


def test_O_TEAMS_a_team_with_both_members_eliminated_has_lost():
    game = T.load(T.TEAMS_LAST_TEAM)
    assert game.left == [2, 0] and game.status[0] == game.status[2] == "eliminated"
    assert game.result.reason == LAST_TEAM
    assert game.tiles_left > 0  # it ends at once
    assert game.result.winners == (1, 3)
    assert game.result.places == (2, 1, 2, 1)


def test_O_TEAMS_the_last_player_standing_wins_for_the_team():
    game = T.load(T.TEAMS_LAST_PLAYER)
    assert game.left == [2, 3, 0]
    assert game.result.reason in (LAST_STANDING, LAST_TEAM)
    assert game.result.winners == (1, 3)
