"""The page's game review, asked turn by turn (:mod:`taluva.play.review` does the reviewing), so
that the worker is never busy for longer than one turn: the page counts the answers for its
progress bar and cancels by not asking on. The turns' start positions of the last game asked
about are kept (the page asks for each turn of one game in a row); the reviews themselves too,
for the marks.

>>> from taluva.formats.sharecode import encode
>>> from taluva.rules.options import Options
>>> from taluva.tools.randomplay import play_random_game
>>> code = encode(play_random_game(Options(players=2, tiles="12"), seed=2))
>>> summary = review_game(Ask(code, level="random"))
>>> summary["turns"], summary["players"], summary["level"]
(24, 2, 'random')
>>> review_turn_json(Ask(code, level="random"), 1)["review"]["number"]
1
"""

from __future__ import annotations

from typing import Any, NamedTuple

from taluva.ai import levels
from taluva.formats.jsonio import state_to_json
from taluva.formats.sharecode import decode
from taluva.play.review import (
    REVIEW_NODES,
    TurnReview,
    marked_turns,
    review_json,
    review_turn,
    reviewed_turns,
    standings,
    turn_positions,
)
from taluva.play.session import game_at
from taluva.rules.game import Game


class Ask(NamedTuple):
    """What a review is asked of: the game of share ``code`` as it was after ``steps``
    decisions (default all), reviewed by ``level`` (default the strongest) with ``seed``,
    searching ``nodes`` positions a turn (default the review's own, for benchmarks)."""

    code: str
    steps: int | None = None
    level: str | None = None
    seed: int = 0
    nodes: int | None = None


class _Review:
    def __init__(self, game: Game, level: str | None, seed: int, nodes: int) -> None:
        self.turns = list(reviewed_turns(game))
        self.players = game.players
        self.level, self.seed, self.nodes = level, seed, nodes
        self.done: dict[int, TurnReview] = {}


_review: tuple[Ask, _Review] | None = None


def _reviewing(ask: Ask) -> _Review:
    global _review
    if ask.level is not None:
        levels.get(ask.level)  # an unknown level is refused here, by name
    if ask.nodes is None:
        ask = ask._replace(nodes=REVIEW_NODES)
    if _review is None or _review[0] != ask:
        game = decode(ask.code)
        if ask.steps is not None:
            game = game_at(game, ask.steps)
        _review = (ask, _Review(game, ask.level, ask.seed, ask.nodes or REVIEW_NODES))
    return _review[1]


def review_game(ask: Ask) -> dict[str, Any]:
    """What the review ``ask`` names covers: ``turns`` (complete turns, each asked with
    :func:`review_turn_json`), ``players``, ``start`` (the standings before the first turn) and
    ``level`` (the reviewing one)."""
    review = _reviewing(ask)
    start = review.turns[0][0] if review.turns else Game(decode(ask.code).options)
    return {
        "turns": len(review.turns),
        "players": review.players,
        "start": [round(v, 4) for v in standings(start)],
        "level": ask.level or levels.strongest().id,
    }


def review_turn_json(ask: Ask, number: int) -> dict[str, Any]:
    """Turn ``number`` (from 1) of the review ``ask`` names (see :func:`review_game`):
    ``{review: {number, seat, tile, played, preferred, same, before, after, best, loss},
    state, playedState, line, marked, turns}``; ``state`` is the position before the turn (its
    tile drawn), ``playedState`` the one after the turn played, ``line`` the positions after the
    preferred placement and after its build (states without their log), for the board;
    ``played`` and ``preferred`` hold the ``notation`` of the turn and its ``placement`` and
    ``build`` as move JSON; ``marked`` lists the numbers of the marked turns among those
    reviewed so far (all of them once every turn was asked)."""
    review = _reviewing(ask)
    if not 1 <= number <= len(review.turns):
        raise ValueError(f"the review has turns 1 to {len(review.turns)}, not {number!r}")
    start, turn = review.turns[number - 1]
    done = review.done.get(number)
    if done is None:
        done = review_turn(start, turn, number, review.level, review.seed, review.nodes)
        review.done[number] = done
    reviews = [review.done[n] for n in sorted(review.done)]
    position = start.copy()
    position.draw(turn.tile)
    played, line = turn_positions(start, done)
    return {
        "review": review_json(start, done),
        "state": state_to_json(position),
        "playedState": board_state(played),
        "line": [board_state(game) for game in line],
        "marked": marked_turns(reviews),
        "turns": len(review.turns),
    }


def board_state(game: Game) -> dict[str, Any]:
    """A position for a board only: its state without the log (lastMove stays)."""
    return state_to_json(game, log_from=len(game.turns))
