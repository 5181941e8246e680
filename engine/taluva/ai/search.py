"""Turn search: a placement and a build chosen together, and the other players' replies.

A turn is a placement (R-TILE) followed by a build (R-BUILD); the two are planned together,
because what a tile does is mostly what it lets one build (a tower spot, a bigger expansion, a
temple-ready settlement) or what it takes from the others (covered huts, a split settlement).

**Candidate turns** (:mod:`taluva.ai.candidates`): every eruption, the table placements next
to one's own settlements and a few others; after each, every build but most founds. They are
valued through a :class:`~taluva.ai.turnmemo.TurnMemo`, which walks again only what a turn
changes.

**Determinization.** The search never looks at the order of the hidden pile: it works on a copy
of the game whose unseen tiles are put in a canonical order, and it samples the tiles it
imagines the others drawing from the unseen *counts* with its own seeded RNG.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator
from random import Random
from typing import TypeVar

from taluva.ai.candidates import candidate_placements
from taluva.ai.evaluate import (
    DEFAULT,
    WIN,
    Weights,
    evaluate,
    relative,
    seat_values,
    terminal_value,
)
from taluva.ai.turnmemo import TurnMemo
from taluva.rules.game import DRAW, OVER, Game
from taluva.rules.moves import Build, Placement
from taluva.rules.tiles import Tile

Turn = tuple[Placement, Build | None]
Scored = tuple[float, Placement, Build | None]


class Watch:
    """What one search (one computer decision) is measured by: the work its budgets counted,
    and the clock, a safety cap far above what the node counts take on any machine they were
    sized for, so that it stops a search only on a machine far slower or busier; whether it
    did is kept in ``cut``. The clock starts when the search is run in earnest
    (:meth:`start`): a search run on the others' time (pondering) has none until then."""

    __slots__ = ("deadline", "cut", "budgets")

    def __init__(self, seconds: float | None = None) -> None:
        self.deadline: float | None = None
        self.cut = False
        self.budgets: list[Budget] = []
        self.start(seconds)

    def start(self, seconds: float | None) -> None:
        """The cap: ``seconds`` from now (None or infinite: none)."""
        self.deadline = (
            None if seconds is None or math.isinf(seconds) else time.perf_counter() + seconds
        )

    def late(self) -> bool:
        """The time is up (and so the search is cut)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.cut = True
            return True
        return False

    @property
    def nodes(self) -> int:
        """The work counted so far, every budget's together."""
        return sum(b.used for b in self.budgets)


class Budget:
    """Counts the work of one search (placements tried and positions valued: its
    deterministic limit, ``nodes``) under a :class:`Watch`'s clock."""

    __slots__ = ("nodes", "used", "watch")

    def __init__(self, nodes: int, watch: Watch | None = None) -> None:
        self.nodes = nodes
        self.used = 0
        self.watch = watch
        if watch is not None:
            watch.budgets.append(self)

    def spent(self) -> bool:
        """The node count is used up, or the time is."""
        return self.used >= self.nodes or self.late()

    def late(self) -> bool:
        """The safety cap: the time is up."""
        return self.watch is not None and self.watch.late()


T = TypeVar("T")
Steps = Generator[None, None, T]
"""A search run in steps: it yields after every placement it tries (so that it can be paused
between two, :mod:`taluva.ai.ponder`) and returns its result; :func:`finish` runs it."""


def finish(steps: Steps[T]) -> T:
    """Run a search's steps to the end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def determinized(game: Game) -> Game:
    """A copy whose hidden pile is in a canonical (sorted) order: nothing in it depends on the
    real order, which the computer player must not know."""
    copy = game.copy()
    rest = copy.deck[copy.drawn :]
    rest.sort()
    copy.deck[copy.drawn :] = rest
    return copy


def scored_turns_steps(
    game: Game,
    seat: int,
    rng: Random,
    weights: Weights = DEFAULT,
    far: int = 2,
    founds: int = 3,
    budget: Budget | None = None,
) -> Steps[list[Scored]]:
    """Every candidate turn of the seat to move (game at its place step), scored by the value
    of the position after it for ``seat``; best first. Ties keep the canonical order. In
    steps: :func:`finish` runs it to the end."""
    scored: list[Scored] = []
    memo = TurnMemo(game, weights, founds)
    for pl in candidate_placements(game, rng, far):
        builds = memo.enter(game, pl)
        if builds:
            for build in builds:
                scored.append((memo.value(game, seat, build), pl, build))
            if budget is not None:
                budget.used += 1 + len(builds)
        else:  # the placement eliminated the player (R-ELIM-1)
            scored.append((memo.full(game, None, lambda g: evaluate(g, seat, weights)), pl, None))
        memo.leave(game)
        if budget is not None and budget.late():
            break
        yield
    scored.sort(key=lambda s: -s[0])
    return scored


def sample_rounds(game: Game, rng: Random, count: int, depth: int) -> list[tuple[Tile, ...]]:
    """``count`` samples of the tiles the next ``depth`` players may draw, one tile each: the
    tiles of a sample are drawn without replacement from the unseen counts (fewer when the
    pile holds fewer), the samples independently."""
    pool = [kind for kind, c in sorted(game.unseen().items()) for _ in range(c)]
    if not pool:
        return []
    if count * depth <= len(pool):  # all without replacement
        flat = rng.sample(pool, count * depth)
        return [tuple(flat[i : i + depth]) for i in range(0, len(flat), depth)]
    depth = min(depth, len(pool))
    return [tuple(rng.sample(pool, depth)) for _ in range(count)]


def replies_value_steps(
    game: Game,
    seat: int,
    samples: list[tuple[Tile, ...]],
    rng: Random,
    weights: Weights,
    far: int,
    founds: int,
    budget: Budget | None = None,
    own_next: bool = False,
) -> Steps[float | None]:
    """After ``seat``'s turn: the mean over ``samples`` of the value for ``seat`` once the
    players after it (as many as a sample has tiles, stopping at ``seat``'s own next turn) have
    each drawn their tile of the sample and played their own best turn by their own value.
    With ``own_next``, a sample's last tile is ``seat``'s own next draw, and the value is that
    of its best turn on it (a third ply: what the answers leave it, not only what they take).

    Every player between two of ``seat``'s turns acts on it, not only the next one (with 3 or
    4 players the one who moves just before ``seat`` is the one who can take a spot it counts
    on). Each plays the turn best by its own measure (:func:`_pair`): with two players or teams
    its value against the other side (a partner's is ``seat``'s team's); at a free-for-all table
    of 3 or 4 its own prospects alone, as in a max-n search. Samples that begin with the same
    tile share the first reply.

    None if the budget's time cap ran out before the answer was complete."""
    if game.phase == OVER:
        return evaluate(game, seat, weights)
    assert game.phase == DRAW
    total = 0.0
    first: dict[Tile, tuple[Turn, float]] = {}
    for sample in samples:
        tile = sample[0]
        known = first.get(tile)
        if known is None:
            game.draw(tile)
            reply = yield from _best_reply(game, seat, rng, weights, far, founds, budget)
            game.pop()
            if reply is None:
                return None
            first[tile] = known = reply
        (pl, build), mine = known
        if len(sample) == 1:
            total += mine
            continue
        game.draw(tile)
        game.push(pl)
        if build is not None:
            game.push(build)
        if game.phase == DRAW and game.current != seat:
            rest = yield from replies_value_steps(
                game, seat, [sample[1:]], rng, weights, far, founds, budget, own_next
            )
        elif game.phase == DRAW and own_next:
            rest = yield from own_turn_value(game, sample[1], rng, weights, far, founds, budget)
        else:
            rest = mine
        if build is not None:
            game.pop()
        game.pop()
        game.pop()
        if rest is None:
            return None
        total += rest
    return total / len(samples)


def own_turn_value(
    game: Game,
    tile: Tile,
    rng: Random,
    weights: Weights,
    far: int,
    founds: int,
    budget: Budget | None,
) -> Steps[float | None]:
    """The value of the best turn of the seat to move (game at its draw step) on ``tile``, for
    itself; None if the time cap ran out."""
    seat = game.current
    game.draw(tile)
    scored = yield from scored_turns_steps(game, seat, rng, weights, far, founds, budget)
    game.pop()
    if budget is not None and budget.late():
        return None
    return scored[0][0]  # never empty: a tile always has a table placement (R-TILE)


def _best_reply(
    game: Game,
    seat: int,
    rng: Random,
    weights: Weights,
    far: int,
    founds: int,
    budget: Budget | None,
) -> Steps[tuple[Turn, float] | None]:
    """The best turn of the seat to move (game at its place step) by what it plays for
    (:func:`_pair`), and the value for ``seat`` after it; None if the time cap ran out."""
    replier = game.current
    best_theirs = -2 * WIN
    best: Turn | None = None
    best_mine: float | None = None  # None: valued once the best is known
    memo = TurnMemo(game, weights, founds)
    selfish = plays_for_itself(game)
    pair = lambda g: _pair(g, replier, seat, weights)  # noqa: E731
    for pl in candidate_placements(game, rng, far):
        builds = memo.enter(game, pl)
        if builds:
            if budget is not None:
                budget.used += 1 + len(builds)
            for build in builds:
                mine: float | None = None
                if selfish:  # the replier's own value decides: the others' only for its choice
                    own = memo.mover_value(game, build)
                    if own is None:
                        theirs, mine = memo.full(game, build, pair)
                    else:
                        theirs = own
                else:
                    values = memo.values(game, build)
                    if values is None:
                        theirs, mine = memo.full(game, build, pair)
                    else:
                        theirs = relative(game, values, replier, weights)
                        mine = relative(game, values, seat, weights)
                if theirs > best_theirs:
                    best_theirs, best, best_mine = theirs, (pl, build), mine
        else:
            theirs, mine = memo.full(game, None, pair)
            if theirs > best_theirs:
                best_theirs, best, best_mine = theirs, (pl, None), mine
        memo.leave(game)
        if budget is not None and budget.late():
            return None
        yield
    if best is None:
        return None
    if best_mine is None:
        pl, build = best
        assert build is not None
        memo.enter(game, pl)
        best_mine = memo.value(game, seat, build)
        memo.leave(game)
    return best, best_mine


def _pair(game: Game, a: int, b: int, weights: Weights) -> tuple[float, float]:
    """What replier ``a`` plays for, and the value for ``b``, of one position (sharing the
    work): ``b``'s is its value against its opponents; ``a``'s is that too at a table of two or
    of teams (the game is zero-sum there), but at a free-for-all table of 3 or 4 it is ``a``'s
    own prospects alone (see :func:`plays_for_itself`)."""
    if game.phase == OVER:
        return terminal_value(game, a), terminal_value(game, b)
    values = seat_values(game, weights)
    theirs = values[a] if plays_for_itself(game) else relative(game, values, a, weights)
    return theirs, relative(game, values, b, weights)


def plays_for_itself(game: Game) -> bool:
    """Whether an answering player is modelled as playing for its own prospects (max-n) rather
    than against its best opponent: at a free-for-all table of 3 or 4 players.

    With two players (or two teams) one side's gain is the other's loss, so the answer that is
    best for the replier is the one worst for the seat searching. With three or more that is no
    longer so: a player does not spend its turn blocking whoever leads when building serves it
    better, and a search that expects every other player to block it plays too defensively (a
    lone strong seat against two intermediates won 50% of 200 3-player games that way; see
    docs/ai.md)."""
    return game.players > 2 and not game.options.teams
