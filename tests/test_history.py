"""The one replay loop: share codes, records, game_at and the CLI all go through it."""

from __future__ import annotations

import pytest

import transcripts
from taluva.formats.record import write_record
from taluva.rules.errors import IllegalMoveError
from taluva.rules.game import DRAW, OVER, Game
from taluva.rules.history import Choice, count_decisions, replay_choices, turn_choices
from taluva.rules.moves import Build, Placement
from taluva.rules.options import Options
from taluva.rules.tiles import tile_from_code
from taluva.tools.randomplay import play_random_game

# R-ELIM-1: seat 2 is eliminated on its first turn, seat 0 later.
ELIMINATED = transcripts.load(transcripts.LAST_STANDING_3P)


def fresh(game: Game) -> Game:
    return Game(game.options, game.seed)


@pytest.mark.parametrize(
    "game", [play_random_game(Options(players=3), 4), ELIMINATED], ids=["random", "eliminated"]
)
def test_replaying_a_games_choices_rebuilds_it(game: Game) -> None:
    assert write_record(replay_choices(fresh(game), turn_choices(game.turns))) == write_record(game)


def test_R_ELIM_1_an_eliminated_turn_is_a_tile_and_a_placement() -> None:
    choices = list(turn_choices(ELIMINATED.turns))
    assert len(choices) == len(ELIMINATED.turns) + count_decisions(ELIMINATED.turns)
    assert sum(t.build is None for t in ELIMINATED.turns) == 2  # seats 2 and 0


def test_stopping_after_n_decisions_draws_the_next_tile() -> None:
    game = ELIMINATED
    total = count_decisions(game.turns)
    for n in range(total + 2):
        replayed = replay_choices(fresh(game), turn_choices(game.turns), decisions=n)
        assert count_decisions(replayed.turns) == min(n, total)
        assert replayed.phase != DRAW
        assert (replayed.phase == OVER) == (n >= total)


def test_the_hook_sees_every_step_before_it_is_made() -> None:
    game = play_random_game(Options(players=2), 1)
    seen: list[tuple[str, int, Choice]] = []

    def hook(replayed: Game, choice: Choice) -> None:
        seen.append((replayed.phase, len(replayed.turns), choice))

    replay_choices(fresh(game), turn_choices(game.turns), before=hook)
    assert [c for _, _, c in seen] == list(turn_choices(game.turns))
    for phase, turns, choice in seen:
        assert (phase == DRAW) == (not isinstance(choice, Placement | Build))
        if phase == DRAW:
            assert game.turns[turns].tile == choice  # the tile is not drawn yet


def test_checked_replay_names_the_rule_of_an_illegal_choice() -> None:
    choices = [tile_from_code("JC"), Placement.at(0, 0, 6), tile_from_code("JC")]
    with pytest.raises(IllegalMoveError, match="R-TURN"):
        replay_choices(Game(Options(), 1), choices, check=True)
