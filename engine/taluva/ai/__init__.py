"""Computer players for Taluva: the levels of :mod:`taluva.ai.levels`, weakest first.

A computer player moves through the same engine moves as a person: it returns a
:class:`~taluva.rules.moves.Placement` or a :class:`~taluva.rules.moves.Build` that the caller
plays.

>>> from taluva.rules.game import Game
>>> from taluva.rules.options import Options
>>> game = Game(Options(players=2), seed=5)
>>> game.draw()
>>> placement, build = choose_turn(game, "intermediate", seed=1)
>>> game.play(placement)
>>> choose_move(game, "intermediate", seed=1) == build  # the planned build, at once
True

It knows what a person at the table knows: the board, the drawn tile, the stocks and how many
tiles of each kind are still unseen; never the order of the hidden pile (its searches work on
copies whose pile is put in a canonical order, and sample tiles from the unseen counts).

Choices are deterministic for a given position, level and seed (see :mod:`taluva.ai.players`
for the one exception: the strong level's time cap on a machine too slow for its node budget).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from taluva.ai import levels, ponder
from taluva.ai.players import choose_build
from taluva.ai.search import Watch, finish
from taluva.ai.turnsearch import TurnSearch, fingerprint, player_rng, search_key
from taluva.rules.errors import IllegalMoveError
from taluva.rules.game import BUILD, PLACE, Game
from taluva.rules.moves import Build, Move, Placement
from taluva.rules.reasons import reason

LEVELS = levels.LEVELS
"""The level ids, weakest first (from :data:`taluva.ai.levels.REGISTRY`)."""

# Planned builds: (level, seed, nodes, position after the placement) -> build.
_PLANS: dict[tuple[object, ...], Build] = {}
_PLANS_MAX = 256


@dataclass(frozen=True)
class Thought:
    """A computer's decision and what it took: the work its search counted (``nodes``),
    whether the clock's safety cap stopped the search (``cut``: then the move may differ from
    a machine's that finished it), and whether it was found, or begun, while the others played
    (``pondered``, :mod:`taluva.ai.ponder`)."""

    move: Move
    nodes: int = 0
    cut: bool = False
    pondered: bool = False


def choose_move(game: Game, level: str, seed: int, budget: float | None = None) -> Move:
    """The move of ``level`` for the current step (place or build) of ``game``.

    At the place step the whole turn is planned (:func:`choose_turn`) and its build is kept, so
    that the following build step answers at once and consistently. ``budget`` is the clock's
    cap in seconds (default: the level's own, :class:`~taluva.ai.levels.Level`; ``math.inf``:
    none). ``game`` is not changed.
    """
    return think(game, level, seed, budget).move


def think(game: Game, level: str, seed: int, budget: float | None = None) -> Thought:
    """:func:`choose_move`, with what the decision took."""
    _check_level(level)
    if game.phase == PLACE:
        search, pondered = _turn(game, level, seed, budget, None)
        assert search.result is not None
        watch = search.watch
        return Thought(search.result[0], watch.nodes, watch.cut, pondered)
    if game.phase != BUILD:
        raise IllegalMoveError(reason("no-move-to-choose", phase=game.phase))
    planned = _PLANS.get((level, seed, None, fingerprint(game)))
    if planned is not None and planned in game.build_options():
        return Thought(planned)
    watch = Watch(_cap(level, budget))
    collect = gc.isenabled()
    gc.disable()
    try:
        build = finish(choose_build(game.copy(), level, player_rng(game, seed), watch))
    finally:
        if collect:
            gc.enable()
    return Thought(build, watch.nodes, watch.cut)


def choose_turn(
    game: Game, level: str, seed: int, budget: float | None = None, nodes: int | None = None
) -> tuple[Placement, Build | None]:
    """The placement and the build ``level`` plans for this turn (game at its place step).

    The build is None when every placement leaves no build (the player is eliminated,
    R-ELIM-1). ``game`` is not changed. ``budget`` is the clock's cap in seconds (default the
    level's own; ``math.inf``: none); ``nodes`` replaces the strong and master levels' node
    count (their deterministic limit).
    """
    _check_level(level)
    search, _ = _turn(game, level, seed, budget, nodes)
    assert search.result is not None
    return search.result


def _turn(
    game: Game, level: str, seed: int, budget: float | None, nodes: int | None
) -> tuple[TurnSearch, bool]:
    """The finished search of this turn: the one pondered on the others' time if there is
    one, else a new one; and whether it was pondered. Its build is kept for the build step."""
    if game.phase != PLACE:
        raise IllegalMoveError(reason("turn-at-place-step", phase=game.phase))
    search = ponder.take(search_key(game, level, seed, nodes))
    pondered = search is not None
    if search is None:
        search = TurnSearch(game, level, seed, nodes)
    placement, build = search.finish(_cap(level, budget))
    ponder.chosen(search, game)
    if build is not None:
        work = game.copy()
        work.push(placement)
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        _PLANS[(level, seed, nodes, fingerprint(work))] = build
    return search, pondered


def _check_level(level: str) -> None:
    levels.get(level)  # raises for an unknown level


def _cap(level: str, budget: float | None) -> float:
    return levels.get(level).budget if budget is None else budget
