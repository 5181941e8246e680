"""A game's history as a sequence of choices, and the one loop that replays it.

A choice is a drawn tile, a placement or a build; a *decision* is a placement or a build (the
draw is chance). Share codes, records, replays for the page and the command line all rebuild
games through :func:`replay_choices`.

>>> from taluva.options import Options
>>> from taluva.randomplay import play_random_game
>>> game = play_random_game(Options(players=2), seed=5)
>>> again = replay_choices(Game(game.options, game.seed), turn_choices(game.turns))
>>> [t.build for t in again.turns] == [t.build for t in game.turns]
True
>>> early = replay_choices(Game(game.options, game.seed), turn_choices(game.turns), decisions=3)
>>> count_decisions(early.turns), early.phase, len(early.turns)
(3, 'build', 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from taluva.game import Game, Turn
from taluva.moves import Build, Placement
from taluva.tiles import Tile

Choice = Tile | Placement | Build
StepHook = Callable[[Game, Choice], None]


def turn_choices(turns: Iterable[Turn]) -> Iterator[Choice]:
    """The choices of ``turns`` in order: each turn's tile, then its placement and build."""
    for turn in turns:
        yield turn.tile
        if turn.placement is None:
            continue
        yield turn.placement
        if turn.build is not None:
            yield turn.build


def count_decisions(turns: Iterable[Turn]) -> int:
    """How many decisions (placements and builds) ``turns`` hold."""
    return sum((t.placement is not None) + (t.build is not None) for t in turns)


def replay_choices(
    game: Game,
    choices: Iterable[Choice],
    *,
    decisions: int | None = None,
    check: bool = False,
    before: StepHook | None = None,
) -> Game:
    """Make ``choices`` in ``game`` (normally fresh) and return it.

    With ``decisions`` it stops before the decision after that many, so a draw that follows
    the last one is still made. ``check`` plays moves with :meth:`Game.play` (the rule is named
    if one is illegal) rather than the unchecked :meth:`Game.push`. ``before(game, choice)`` runs
    before each step, with the game as it is then; it may raise to stop the replay.
    """
    made = 0
    for choice in choices:
        is_move = isinstance(choice, Placement | Build)
        if is_move and made == decisions:
            break
        if before is not None:
            before(game, choice)
        if not is_move:
            game.draw(choice)  # type: ignore[arg-type]
        elif check:
            game.play(choice)  # type: ignore[arg-type]
        else:
            game.push(choice)  # type: ignore[arg-type]
        made += is_move
    return game
