"""The game review: the best computer level replays a game turn by turn and says, for every
turn, how each seat stood, the turn it prefers and what the played turn cost its player.

A seat's *standing* is its expected share of the win, read from the evaluation of
:mod:`taluva.ai.evaluate`: a softmax of every seat's value against its opponents' (for two
players, a logistic of the difference), so the shares of all seats sum to 1 and an even game
reads 1/n each; at the end of a game they are the result (1 for the winner, shared by tied
winners). With O-TEAMS the two partners hold equal shares, whose sum is their team's.

Standings are taken at turn boundaries (before the next tile is drawn: what everyone at the
table knows then), so a turn's standing *after* is the next turn's *before*. A turn's *loss* is
its player's standing after the level's preferred turn less its standing after the turn played,
never below 0 (a played turn the evaluation likes better than the search's choice lost nothing).

>>> from taluva.rules.game import Game
>>> standings(Game(seed=1))
(0.5, 0.5)
>>> from taluva.rules.options import Options
>>> from taluva.tools.randomplay import play_random_game
>>> game = play_random_game(Options(players=3, tiles="12"), seed=4)
>>> reviews = review_game(game, level="random")
>>> len(reviews) == len(game.turns), all(abs(sum(r.after) - 1) < 1e-9 for r in reviews)
(True, True)
>>> reviews[-1].after == tuple(game.returns())
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from taluva.ai import choose_turn, levels
from taluva.ai.evaluate import evaluate
from taluva.formats.jsonio import move_to_json
from taluva.formats.record import MAGIC, replay
from taluva.formats.sharecode import ShareCodeError, decode
from taluva.rules.errors import RecordError
from taluva.rules.game import BUILD, DRAW, OVER, Game, Turn
from taluva.rules.moves import Build, Placement, format_move
from taluva.rules.tiles import Tile, tile_code

# Evaluation points per factor e of a seat's weight in the softmax (in 2-player games the odds
# grow by e for every 2 * SCALE points of lead): the scale under which the standings best
# forecast the winner (python -m taluva.play.review_scale: 60 games, 1351 positions, mean
# log-likelihood -0.548 at 1000, -0.549 at 1200, -0.556 at 800; -0.693 for a coin).
SCALE = 1000.0

REVIEW_NODES = 5000
"""The reviewing search's node count (positions tried and evaluated, see
:class:`~taluva.ai.players.StrongConfig`): its only limit, never the clock, so that a record
gets the same review on every machine and every time. Half the master level's own (10,000 with
two players), to review a 24-turn game in seconds in the page; its marks agree with a search of
20,000 as well as the master's own count does (``python -m taluva.play.review_nodes``: 8 games,
marks agreeing 0.94 at 5,000 and at 10,000, 0.88 at 4,000, 0.82 at 3,000)."""

MARKS_PER_SEAT = 3
"""At most this many marked turns per seat: each seat's worst."""

MARK_THRESHOLD = 0.08
"""A turn is marked only if it lost at least this share of the win (8 points of 100)."""

TurnPlan = tuple[Placement, Build | None]


@dataclass(frozen=True)
class TurnReview:
    """One reviewed turn. ``number`` counts from 1; standings are per seat (see the module)."""

    number: int
    seat: int
    tile: Tile
    played: TurnPlan
    preferred: TurnPlan
    before: tuple[float, ...]
    after: tuple[float, ...]
    best: tuple[float, ...]  # the standings after the preferred turn

    @property
    def loss(self) -> float:
        """The share of the win the played turn lost against the preferred one (0 to 1)."""
        return max(0.0, self.best[self.seat] - self.after[self.seat])

    @property
    def same(self) -> bool:
        """Whether the player played the preferred turn."""
        return self.played == self.preferred


def standings(game: Game) -> tuple[float, ...]:
    """Every seat's expected share of the win in ``game`` (see the module docstring)."""
    if game.phase == OVER:
        return tuple(game.returns())
    values = [evaluate(game, seat) for seat in range(game.players)]
    top = max(values)
    weights = [math.exp((v - top) / SCALE) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def reviewed_turns(game: Game) -> Iterator[tuple[Game, Turn]]:
    """The complete turns of ``game`` (placed and built on, or ended by an elimination), each
    with the position at its start: a fresh replay at the draw step, before its tile is drawn.
    The positions are separate games: a caller may keep them. A turn stopped halfway ends it.
    """
    replayed = Game(game.options, game.seed)
    for turn in game.turns:
        if turn.placement is None:
            return
        start = replayed.copy()
        replayed.draw(turn.tile)
        replayed.push(turn.placement)
        if replayed.phase == BUILD:
            if turn.build is None:
                return  # the game stops before this build
            replayed.push(turn.build)
        yield start, turn


def review_turn(
    start: Game,
    turn: Turn,
    number: int,
    level: str | None = None,
    seed: int = 0,
    nodes: int = REVIEW_NODES,
) -> TurnReview:
    """Review ``turn`` (the ``number``-th) played from ``start`` (its position at the draw step,
    left unchanged): the standings before and after it, and ``level``'s preferred turn (default:
    the strongest level) searched in ``nodes`` nodes, with the standings it would have led to.
    Reproducible: the search has no time cap, so the choice depends on the position, the level,
    ``nodes`` and ``seed`` only."""
    if start.phase != DRAW or turn.placement is None:
        raise ValueError("a turn is reviewed from the draw step before it, once it was placed")
    position = start.copy()
    position.draw(turn.tile)
    preferred = choose_turn(position, level or levels.strongest().id, seed, math.inf, nodes)
    return TurnReview(
        number=number,
        seat=turn.seat,
        tile=turn.tile,
        played=(turn.placement, turn.build),
        preferred=preferred,
        before=standings(start),
        after=standings(_after(position, (turn.placement, turn.build))),
        best=standings(_after(position, preferred)),
    )


def _after(position: Game, plan: TurnPlan) -> Game:
    """A copy of ``position`` (at its place step) after the turn ``plan``, checked."""
    game = position.copy()
    game.play(plan[0])
    if game.phase == BUILD and plan[1] is not None:
        game.play(plan[1])
    return game


def review_game(
    game: Game, level: str | None = None, seed: int = 0, nodes: int = REVIEW_NODES
) -> list[TurnReview]:
    """Every complete turn of ``game`` reviewed (:func:`review_turn`), in order."""
    return [
        review_turn(start, turn, number, level, seed, nodes)
        for number, (start, turn) in enumerate(reviewed_turns(game), 1)
    ]


def marked_turns(
    reviews: Sequence[TurnReview], per_seat: int = MARKS_PER_SEAT, threshold: float = MARK_THRESHOLD
) -> list[int]:
    """The numbers of the turns to mark: each seat's ``per_seat`` biggest losses of at least
    ``threshold``, in turn order (ties go to the earlier turn)."""
    marked: list[int] = []
    for seat in sorted({r.seat for r in reviews}):
        costly = [r for r in reviews if r.seat == seat and r.loss >= threshold]
        costly.sort(key=lambda r: (-r.loss, r.number))
        marked.extend(r.number for r in costly[:per_seat])
    return sorted(marked)


def game_of_text(text: str) -> Game:
    """The game of a record, a share code or a link carrying one (``...#g=<code>&...``); what is
    none of these raises :class:`RecordError` saying what was expected.

    >>> game_of_text("nonsense!")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    taluva.rules.errors.RecordError: expected a game record (its first line 'taluva 1') or a ...
    """
    text = text.strip()
    if not text:
        raise RecordError("the input is empty: expected a game record or a share code")
    if text.startswith(MAGIC):
        return replay(text)
    link = re.search(r"[#&?]g=([^&\s]*)", text)
    try:
        return decode(link.group(1) if link else text)
    except ShareCodeError as exc:
        raise RecordError(
            f"expected a game record (its first line '{MAGIC} 1') or a share code or link;"
            f" as a code: {exc}"
        ) from None


def plan_text(plan: TurnPlan) -> str:
    """A turn in record notation: ``0,0/6 hut -1,1`` (a placement alone: an elimination)."""
    return " ".join(format_move(move) for move in plan if move is not None)


def review_json(start: Game, review: TurnReview) -> dict[str, Any]:
    """A reviewed turn for the page: the moves as move JSON (:func:`move_to_json`, seen from
    their steps, so that the board can draw them), standings rounded to 4 places, the loss."""
    position = start.copy()
    position.draw(review.tile)
    return {
        "number": review.number,
        "seat": review.seat,
        "tile": tile_code(review.tile),
        "played": _plan_json(position, review.played),
        "preferred": _plan_json(position, review.preferred),
        "same": review.same,
        "before": _rounded(review.before),
        "after": _rounded(review.after),
        "best": _rounded(review.best),
        "loss": round(review.loss, 4),
    }


def turn_positions(start: Game, review: TurnReview) -> tuple[Game, list[Game]]:
    """For the board: the position after the turn played, and the preferred turn's line (the
    position after its placement, then after its build; the placement alone for an
    elimination). ``start`` is the turn's position at the draw step, left unchanged."""
    position = start.copy()
    position.draw(review.tile)
    placement, build = review.preferred
    placed = position.copy()
    placed.play(placement)
    line = [placed]
    if placed.phase == BUILD and build is not None:
        built = placed.copy()
        built.play(build)
        line.append(built)
    return _after(position, review.played), line


def _plan_json(position: Game, plan: TurnPlan) -> dict[str, Any]:
    placement, build = plan
    result: dict[str, Any] = {
        "notation": plan_text(plan),
        "placement": move_to_json(position, placement),
        "build": None,
    }
    game = position.copy()
    game.push(placement)
    if build is not None and game.phase == BUILD:
        result["build"] = move_to_json(game, build)
    return result


def _rounded(values: Sequence[float]) -> list[float]:
    return [round(v, 4) for v in values]


def review_lines(reviews: Sequence[TurnReview]) -> Iterator[str]:
    """One line per reviewed turn, for the command line: number, seat (counted from 1), tile,
    played and preferred turns, the loss and every seat's standing in percent, and ``*`` on a
    marked turn."""
    marked = set(marked_turns(reviews))
    for r in reviews:
        preferred = "=" if r.same else plan_text(r.preferred)
        standing = " ".join(f"{100 * s:.0f}%" for s in r.after)
        mark = "  *" if r.number in marked else ""
        yield (
            f"{r.number:3d}  seat {r.seat + 1}  {tile_code(r.tile)}  played {plan_text(r.played)}"
            f"  preferred {preferred}  loss {100 * r.loss:.1f}%  standing {standing}{mark}"
        )
