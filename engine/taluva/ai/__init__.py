"""Computer players for Taluva: the levels of :mod:`taluva.ai.levels`, weakest first.

A computer player moves through the same engine moves as a person: it returns a
:class:`~taluva.moves.Placement` or a :class:`~taluva.moves.Build` that the caller plays.

>>> from taluva.game import Game
>>> from taluva.options import Options
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
from random import Random

from taluva.ai import levels
from taluva.ai.players import choose, choose_build
from taluva.errors import IllegalMoveError
from taluva.game import BUILD, PLACE, Game
from taluva.moves import Build, Move, Placement
from taluva.reasons import reason

LEVELS = levels.LEVELS
"""The level ids, weakest first (from :data:`taluva.ai.levels.REGISTRY`)."""

# Planned builds: (level, seed, position after the placement) -> build.
_PLANS: dict[tuple[object, ...], Build] = {}
_PLANS_MAX = 256


def choose_move(game: Game, level: str, seed: int, budget: float | None = None) -> Move:
    """The move of ``level`` for the current step (place or build) of ``game``.

    At the place step the whole turn is planned (:func:`choose_turn`) and its build is kept, so
    that the following build step answers at once and consistently. ``budget`` is a cap in
    seconds (default: the level's own, :class:`~taluva.ai.levels.Level`). ``game`` is not changed.
    """
    _check_level(level)
    if game.phase == PLACE:
        return choose_turn(game, level, seed, budget)[0]
    if game.phase != BUILD:
        raise IllegalMoveError(reason("no-move-to-choose", phase=game.phase))
    planned = _PLANS.get((level, seed, None, fingerprint(game)))
    if planned is not None and planned in game.build_options():
        return planned
    rng = _rng(game, seed)
    collect = gc.isenabled()
    gc.disable()
    try:
        return choose_build(game.copy(), level, rng, _cap(level, budget))
    finally:
        if collect:
            gc.enable()


def choose_turn(
    game: Game, level: str, seed: int, budget: float | None = None, nodes: int | None = None
) -> tuple[Placement, Build | None]:
    """The placement and the build ``level`` plans for this turn (game at its place step).

    The build is None when every placement leaves no build (the player is eliminated,
    R-ELIM-1). ``game`` is not changed. ``budget`` is the time cap in seconds (default the
    level's own; ``math.inf``: none, so the choice cannot depend on the machine's speed);
    ``nodes`` replaces the strong and master levels' node count (their deterministic limit).
    """
    _check_level(level)
    if game.phase != PLACE:
        raise IllegalMoveError(reason("turn-at-place-step", phase=game.phase))
    rng = _rng(game, seed)
    work = game.copy()
    collect = gc.isenabled()
    gc.disable()  # the search makes no reference cycles; the collector only adds jitter
    try:
        placement, build = choose(work, level, rng, _cap(level, budget), nodes)
    finally:
        if collect:
            gc.enable()
    if build is not None:
        work.push(placement)
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        _PLANS[(level, seed, nodes, fingerprint(work))] = build
    return placement, build


def fingerprint(game: Game) -> tuple[object, ...]:
    """What identifies a position for the plan cache: tiles laid, buildings, stocks, turn."""
    board = game.board
    return (
        game.current,
        game.drawn,
        tuple(board.placements),
        tuple(sorted(board.piece.items())),
        tuple(sorted(board.owner.items())),
        tuple(tuple(s) for s in game.stock),
        tuple(game.status),
    )


def _check_level(level: str) -> None:
    levels.get(level)  # raises for an unknown level


def _cap(level: str, budget: float | None) -> float:
    return levels.get(level).budget if budget is None else budget


def _rng(game: Game, seed: int) -> Random:
    """The player's own random numbers: from its seed and the turn, never the game's seed
    (which fixes the deck)."""
    return Random((seed * 1_000_003 + game.drawn) * 4 + game.current)
