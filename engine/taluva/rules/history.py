"""A game's history as a sequence of choices, and the one loop that replays it.

A choice is a drawn tile, a placement or a build; a *decision* is a placement or a build (the
draw is chance). Share codes, records, replays for the page and the command line all rebuild
games through :func:`replay_choices`; :func:`relation` tells whether one history continues
another (the page keeps one entry per game).

>>> from taluva.rules.options import Options
>>> from taluva.tools.randomplay import play_random_game
>>> game = play_random_game(Options(players=2), seed=5)
>>> again = replay_choices(Game(game.options, game.seed), turn_choices(game.turns))
>>> [t.build for t in again.turns] == [t.build for t in game.turns]
True
>>> early = replay_choices(Game(game.options, game.seed), turn_choices(game.turns), decisions=3)
>>> count_decisions(early.turns), early.phase, len(early.turns)
(3, 'build', 2)
>>> relation(early.turns, game.turns), relation(game.turns, early.turns)
('ahead', 'behind')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import zip_longest

from taluva.rules.game import Game, Turn
from taluva.rules.moves import Build, Placement
from taluva.rules.tiles import Tile

Choice = Tile | Placement | Build
StepHook = Callable[[Game, Choice], None]
_END = object()  # the end of the shorter history in relation()


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


def count_choices(turns: Iterable[Turn]) -> int:
    """How many choices (draws, placements and builds) ``turns`` hold."""
    return sum(1 + (t.placement is not None) + (t.build is not None) for t in turns)


def relation(a: Iterable[Turn], b: Iterable[Turn]) -> str | None:
    """How the game of turns ``b`` stands to the game of turns ``a``, by their choices (drawn
    tiles, placements, builds; the undrawn deck does not count). Both games are taken to have
    the same options; compare those first.

    ``"same"``: the same choices. ``"ahead"``: ``b``'s choices strictly extend ``a``'s (``b``
    is ``a`` played on, if only by a drawn tile). ``"behind"``: ``a``'s strictly extend
    ``b``'s. ``None``: they differ somewhere (other games, or one game that branched). The
    comparison stops at the first difference.

    >>> from taluva.rules.tiles import tile_from_code
    >>> one, two = Game(seed=1), Game(seed=2)
    >>> relation(one.turns, two.turns)  # nothing drawn yet: the same (empty) history
    'same'
    >>> one.draw(tile_from_code('JC'))
    >>> relation(one.turns, two.turns), relation(two.turns, one.turns)
    ('behind', 'ahead')
    >>> two.draw(tile_from_code('CJ'))
    >>> print(relation(one.turns, two.turns))
    None
    """
    for mine, theirs in zip_longest(turn_choices(a), turn_choices(b), fillvalue=_END):
        if theirs is _END:
            return "behind"
        if mine is _END:
            return "ahead"
        # A tile and a placement are both pairs of ints: equal tuples must be the same kind.
        if type(mine) is not type(theirs) or mine != theirs:
            return None
    return "same"


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
