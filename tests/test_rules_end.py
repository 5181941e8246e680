"""R-ELIM (elimination) and R-END (early victory, the last tile, ranking and tie-breaks)."""

from __future__ import annotations

import pytest

import transcripts as T
from positions import (
    ELIMINATION,
    TOWER_FIELD,
    mv,
    piece,
    replay,
    scripted,
    settlements,
    snapshot,
    turn,
)
from taluva.rules.reasons import reason
from taluva.rules.result import (
    EARLY_VICTORY,
    LAST_STANDING,
    LAST_TILE,
    places_from_order,
    player_result,
    rank_by_score,
)
from taluva.rules.tiles import tile_from_code


def seats_of_turns(game, start=0):
    return [t.seat for t in game.turns[start:]]


# ---------------------------------------------------------------------------- R-ELIM-1


def test_R_ELIM_1_a_placement_that_leaves_no_build_is_legal_and_eliminates_at_once():
    lines = ELIMINATION.strip().splitlines()
    game = replay(lines[:5], players=3, found="isolated")
    game.draw(tile_from_code("CL"))
    assert game.current == 2
    assert game.move_error(mv("-2,1/6")) is None  # legal (RULES: it eliminates the player)
    stock = list(game.stock[2])
    game.play(mv("-2,1/6"))
    assert game.status == ["playing", "playing", "eliminated"]
    assert game.left == [2]
    assert game.turns[-1].build is None
    assert (game.phase, game.current) == ("draw", 0)  # no build step: the turn is over
    assert game.stock[2] == stock
    assert piece(game, "0,-1") == (2, "hut", 1)  # the buildings stay


def test_R_ELIM_1_the_eliminated_player_is_skipped_and_their_buildings_stay():
    game = replay(ELIMINATION, players=3, found="isolated")
    start = len(game.turns)
    turn(game, "JC", "1,-2/4", "hut 2,-2")
    turn(game, "SJ", "-4,2/8", "hut -5,2")
    turn(game, "LL", "3,-2/6", None)
    assert seats_of_turns(game, start) == [0, 1, 0]
    assert settlements(game, 2) == [{"0,-1"}]
    assert game.stock[2] == [19, 3, 2]


def test_R_ELIM_1_elimination_can_be_undone_by_pop():
    lines = ELIMINATION.strip().splitlines()
    game = replay(lines[:5], players=3, found="isolated")
    game.draw(tile_from_code("CL"))
    before = snapshot(game)
    game.push(mv("-2,1/6"))
    assert game.status[2] == "eliminated"
    game.pop()
    assert snapshot(game) == before


def test_R_ELIM_1_an_eliminated_player_in_a_two_player_game_ends_it():
    game = T.load(T.LAST_STANDING_2P)
    assert game.turns[-1].build is None and game.turns[-1].seat == 0
    assert game.status == ["eliminated", "playing"]
    assert game.tiles_left > 0


# ---------------------------------------------------------------------------- R-ELIM-2


def test_R_ELIM_2_the_last_player_standing_wins():
    game = T.load(T.LAST_STANDING_2P)
    assert game.phase == "over"
    assert game.result.reason == LAST_STANDING
    assert game.result.winners == (1,)
    assert game.result.places == (2, 1)
    assert game.returns() == [0.0, 1.0]


def test_R_ELIM_2_eliminated_players_cannot_win_even_with_more_temples():
    game = T.load(T.LAST_STANDING_3P)
    assert game.left == [2, 0]
    # seat 0 had built a temple, seat 1 none: seat 1 still wins, being the last one in
    assert game.score(0)[0] > game.score(1)[0]
    assert game.result.reason == LAST_STANDING
    assert game.result.winners == (1,)
    assert game.result.places == (2, 1, 3)  # the first eliminated takes the last place


def test_R_ELIM_2_game_goes_on_while_two_players_are_left():
    game = T.load(T.LAST_STANDING_3P)
    first_out = next(i for i, t in enumerate(game.turns) if t.build is None)
    assert game.turns[first_out].seat == 2
    later = seats_of_turns(game, first_out + 1)
    assert 2 not in later
    assert len(later) > 2  # seats 0 and 1 played on


# ----------------------------------------------------------------------------- R-END-1


def test_R_END_1_two_kinds_complete_end_the_game_at_once():
    game = T.load(T.EARLY_VICTORY)
    assert game.phase == "over"
    assert game.result.reason == EARLY_VICTORY
    assert game.tiles_left > 0
    assert game.stock[0] == [0, 2, 0]  # huts and towers placed, two temples left
    assert game.move_error(mv("0,0/6")) == reason("game-over")
    # one turn earlier seat 0 had one kind done at most, and the game was on
    before = T.load(T.EARLY_VICTORY, turns=len(game.turns) - 1)
    assert before.phase == "draw" and before.current == 0
    assert sum(1 for n in before.stock[0] if n == 0) < 2


def test_R_END_1_the_player_who_completes_two_kinds_wins():
    game = T.load(T.EARLY_VICTORY)
    assert game.result.winners == (0,)
    assert game.result.places == (1, 2)
    assert game.returns() == [1.0, 0.0]


def test_R_END_1_early_victory_with_three_players_ranks_the_others_by_score():
    """Seat 0 is given a stock of one hut, no temple, both towers by hand before its last
    build: the rule only reads the stock, and getting there legally takes a long game."""
    game = T.load(T.LAST_STANDING_3P, turns=3)  # seat 2 is out after its first turn
    assert game.status[2] == "eliminated" and game.current == 0
    game.stock[0] = [1, 0, 2]
    game.draw()
    game.play(game.legal_placements()[0])
    game.play(next(b for b in game.legal_builds() if b.piece == 0 and b.huts == 1))
    assert game.result.reason == EARLY_VICTORY
    assert game.result.places == (1, 2, 3)
    assert game.result.winners == (0,)


def test_R_END_1_early_victory_is_checked_at_the_end_of_the_build():
    """The stock is set by hand, as above: one hut and no temple left."""
    game = T.load(T.LAST_STANDING_3P, turns=3)
    game.stock[0] = [1, 0, 2]
    game.draw()
    game.play(game.legal_placements()[0])
    assert game.phase == "build"  # placing completes nothing
    game.play(next(b for b in game.legal_builds() if b.piece == 0 and b.huts == 1))
    assert game.phase == "over" and game.result.reason == EARLY_VICTORY


def test_R_END_1_one_kind_is_not_enough():
    game = T.load(T.LAST_STANDING_3P)
    # seat 0 placed all 20 huts (one kind) long before it was eliminated
    for n in range(1, len(game.turns)):
        past = T.load(T.LAST_STANDING_3P, turns=n)
        if past.stock[0][0] == 0:
            assert past.phase != "over"
            break
    else:
        pytest.fail("seat 0 never ran out of huts")


# ----------------------------------------------------------------------------- R-END-2


def test_R_END_2_the_last_tile_is_placed_and_built_on_then_the_game_ends():
    lines = T.TEMPLES_DECIDE[1].strip().splitlines()
    game = T.load(T.TEMPLES_DECIDE, turns=len(lines) - 1)
    assert game.tiles_left == 1 and game.phase == "draw"
    code, placement, build = lines[-1].split(None, 2)
    game.draw(tile_from_code(code))
    assert game.tiles_left == 0
    game.play(mv(placement))
    assert game.phase == "build"  # the player still builds
    game.play(mv(build))
    assert game.phase == "over" and game.result.reason == LAST_TILE
    assert len(game.turns) == game.tile_count == 24


def test_R_END_2_most_temples_wins():
    game = T.load(T.TEMPLES_DECIDE)
    assert [game.score(s) for s in (0, 1)] == [(1, 0, 12), (0, 0, 12)]
    assert game.result.places == (1, 2) and game.result.winners == (0,)


TOWERS_DECIDE = [
    *TOWER_FIELD,
    ("LS", "-2,6/10", "hut -2,5"),
    ("SS", "10,-14/10", "huts 8,-15 9,-14 10,-15"),
    ("CC", "-1,7/4", "tower -1,4"),
    ("RR", "11,-16/10", "huts 10,-16 11,-17"),
    ("LR", "-1,-1/2", "hut -1,6"),
    ("LL", "-1,-2/10", "huts 7,-13 9,-17"),
]


def test_R_END_2_equal_temples_most_towers_wins_before_huts():
    game = scripted(TOWERS_DECIDE, tiles="12")
    assert game.result.reason == LAST_TILE
    assert [game.score(s) for s in (0, 1)] == [(0, 2, 12), (0, 0, 16)]
    assert game.result.places == (1, 2) and game.result.winners == (0,)


def test_R_END_2_equal_temples_and_towers_most_huts_wins():
    game = T.load(T.HUTS_DECIDE)
    assert [game.score(s) for s in (0, 1)] == [(0, 0, 13), (0, 0, 12)]
    assert game.result.places == (1, 2) and game.result.winners == (0,)


def test_R_END_2_covered_huts_count_as_built():
    game = T.load(T.COVERED_HUTS_DECIDE)
    on_board = [
        sum(n for p, n in game.board.piece.items() if n > 0 and game.board.owner[p] == s)
        for s in (0, 1)
    ]
    assert on_board == [12, 11]  # seat 1 has fewer huts standing ...
    assert [game.score(s) for s in (0, 1)] == [(0, 0, 12), (0, 0, 13)]  # ... but built more
    assert game.result.places == (2, 1) and game.result.winners == (1,)


def test_R_END_2_players_still_tied_share_the_place():
    game = T.load(T.FULL_TIE)
    assert game.score(0) == game.score(1)
    assert game.result.places == (1, 1)
    assert game.result.winners == (0, 1)
    assert game.returns() == [0.5, 0.5]


def test_R_END_2_a_finished_game_accepts_no_move():
    game = T.load(T.FULL_TIE)
    for text in ("0,0/6", "hut 0,0", "temple 1,1", "tower 2,2"):
        assert game.move_error(mv(text)) == reason("game-over")
    assert len(game.legal_moves()) == 0
    with pytest.raises(ValueError):
        game.draw()


# -------------------------------------------------------------- the ranking, on its own


def test_R_END_2_ranking_temples_then_towers_then_huts():
    scores = [(1, 0, 5), (0, 2, 20), (1, 0, 6), (1, 1, 0)]
    assert rank_by_score([0, 1, 2, 3], scores) == [[3], [2], [0], [1]]


def test_R_END_2_equal_scores_share_a_place_and_the_next_place_is_skipped():
    scores = [(1, 0, 5), (2, 0, 0), (1, 0, 5), (0, 0, 20)]
    groups = rank_by_score([0, 1, 2, 3], scores)
    assert groups == [[1], [0, 2], [3]]
    assert places_from_order(groups) == [2, 1, 2, 4]


def test_R_END_2_eliminated_players_rank_last_first_out_last():
    scores = [(3, 2, 20), (0, 0, 1), (2, 0, 0), (1, 0, 0)]
    result = player_result(LAST_TILE, [], [1, 3], [0, 2], scores)
    # seat 0 has the best score but was eliminated first: last place, no win
    assert result.places == (4, 2, 3, 1)
    assert result.winners == (3,)
