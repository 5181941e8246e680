"""One computer level's search for the turn of one position: run at once, or a slice at a time.

A search's result depends only on what :func:`search_key` holds (the level, its seed, its node
count and the position as a player may know it), never on when or in how many slices it ran:
its work is limited by counting (:class:`~taluva.ai.search.Budget`), and the clock
(:class:`~taluva.ai.search.Watch`) starts only when it is run in earnest (:meth:`TurnSearch.
finish`), as a far safety cap. So a search begun on the others' time (:mod:`taluva.ai.ponder`)
and finished when its turn comes chooses what one run at that moment would.
"""

from __future__ import annotations

import gc
import time
from random import Random

from taluva.ai.players import CONFIGS, choose, level_config
from taluva.ai.search import Steps, Turn, Watch
from taluva.rules.game import Game

SearchKey = tuple[object, ...]


def search_key(game: Game, level: str, seed: int, nodes: int | None) -> SearchKey:
    """Everything a level's turn search reads: the level, its seed and node count (``nodes``
    as asked, and the count searched), and the position (the board, every stock and status,
    who is to move with which tile, the unseen tiles as a multiset: never the hidden pile's
    order)."""
    searched = (
        nodes if nodes is not None or level not in CONFIGS else level_config(level, game).nodes
    )
    unseen = tuple(sorted(game.deck[game.drawn :]))
    return (level, seed, nodes, searched, *fingerprint(game), unseen)


def fingerprint(game: Game) -> tuple[object, ...]:
    """What identifies a position of a game: tiles laid, buildings, stocks, whose turn with
    which tile, and the seats that left (their order makes the places)."""
    board = game.board
    return (
        game.options,
        game.phase,
        game.current,
        game.drawn,
        game.tile,
        game.tile_count,
        tuple(board.placements),
        tuple(sorted(board.piece.items())),
        tuple(sorted(board.owner.items())),
        tuple(tuple(s) for s in game.stock),
        tuple(game.status),
        tuple(game.left),
    )


def player_rng(game: Game, seed: int) -> Random:
    """The player's own random numbers: from its seed and the turn, never the game's seed
    (which fixes the deck)."""
    return Random((seed * 1_000_003 + game.drawn) * 4 + game.current)


class TurnSearch:
    """The search of ``level`` (seeded ``seed``, ``nodes`` for its own node count) for the
    turn of ``game``'s seat to move, at its place step; ``game`` is copied, not changed."""

    def __init__(self, game: Game, level: str, seed: int, nodes: int | None = None) -> None:
        self.key = search_key(game, level, seed, nodes)
        self.watch = Watch()
        self._steps: Steps[Turn] | None = choose(
            game.copy(), level, player_rng(game, seed), self.watch, nodes
        )
        self.result: Turn | None = None
        self.seconds = 0.0  # time spent in it so far

    @property
    def done(self) -> bool:
        return self._steps is None

    def run(self, seconds: float) -> bool:
        """Search for about ``seconds`` more (a step is one placement tried: well under a
        millisecond); True once the search is done."""
        return self._run(time.perf_counter() + seconds)

    def finish(self, cap: float | None) -> Turn:
        """The result, searching to the end first if need be, under a clock cap of ``cap``
        seconds from now (None or infinite: none)."""
        if self._steps is not None:
            self.watch.start(cap)
            self._run(None)
        assert self.result is not None
        return self.result

    def _run(self, until: float | None) -> bool:
        steps = self._steps
        if steps is None:
            return True
        start = time.perf_counter()
        collect = gc.isenabled()
        gc.disable()  # the search makes no reference cycles; the collector only adds jitter
        try:
            while True:
                try:
                    next(steps)
                except StopIteration as end:
                    self.result = end.value
                    self._steps = None
                    return True
                if until is not None and time.perf_counter() >= until:
                    return False
        finally:
            self.seconds += time.perf_counter() - start
            if collect:
                gc.enable()
