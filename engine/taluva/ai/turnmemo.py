"""Incremental evaluation within one turn's search: the values after each candidate turn,
without pushing its build and without walking every settlement again.

A turn search values the position after every (placement, build) pair of a turn: 100-300 of
them for each answer the strong level imagines. A seat's value (:func:`~taluva.ai.evaluate.
seat_value`) reads each of its settlements only through a :class:`~taluva.ai.evaluate.Group`
(its size, temple, tower and the empty hexes around it), so :class:`TurnMemo` keeps three
levels of them:

* the turn's: every seat's settlements and values when the turn begins;
* a placement's (:meth:`TurnMemo.enter`): the settlements on or next to the tile's three hexes
  are walked again (an eruption may have buried huts and split one, a new hex widens one's
  border); the others are the turn's, and so are the values of seats with none of them;
* a build's (:meth:`TurnMemo.values`): the mover's settlements that the build touches merge
  with its cells into one (a build's cells are empty hexes, so a settlement touches them exactly
  when they are in its border); another seat's settlement only loses those cells from its
  border; the mover's stock changes. Nothing is pushed: the turns left and every status stay
  those of the turn, which holds unless the build ends the game or a seat's play (the last
  tile, R-END-1 or O-RANK, :meth:`TurnMemo.ends`): those few positions are pushed and valued
  in full.

The values are those of a full evaluation, to the last bit (``tests/test_ai.py`` compares
them after every build of many placements at 8 option sets), so the search chooses what it
would choose without the memo, only sooner.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import TypeVar

from taluva.ai.candidates import Laid, TurnBuilds, lay, lift
from taluva.ai.evaluate import (
    Group,
    Weights,
    evaluate,
    group_summary,
    groups_value,
    make_group,
    relative,
    settlements_by_seat,
    turns_left,
)
from taluva.rules.board import Board
from taluva.rules.game import PLAYING, Game
from taluva.rules.hexgrid import DIRECTIONS, tile_hexes
from taluva.rules.moves import HUT, TEMPLE, TOWER, Build, Placement

D0, D1, D2, D3, D4, D5 = DIRECTIONS
T = TypeVar("T")


def _near_offsets(orientation: int) -> tuple[int, ...]:
    """The tile's three hexes and every hex next to them, as offsets from its volcano."""
    hexes = tile_hexes(0, orientation)
    return tuple(sorted({p + d for p in hexes for d in (0, *DIRECTIONS)}))


_NEAR = tuple(_near_offsets(k) for k in range(6))


class TurnMemo:
    """The settlements and values of every seat for the candidate turns of one seat (see the
    module docstring), and the mover's candidate builds after each placement
    (:class:`~taluva.ai.candidates.TurnBuilds`).

    Use: :meth:`enter` a placement (it lays the tile and answers the builds), value its builds
    with :meth:`values`, :meth:`mover_value` or :meth:`value` (or :meth:`full` when it
    :meth:`ends`), then :meth:`leave` it before the next."""

    __slots__ = (
        "mover",
        "weights",
        "turns",
        "status",
        "last_tile",
        "teams",
        "groups",
        "where",
        "kept",
        "placed",
        "placed_values",
        "builds",
        "placement",
        "laid",
    )

    def __init__(self, game: Game, w: Weights, founds: int = 1) -> None:
        """``game`` at its place step, valued with the weights ``w`` only; ``founds``: how many
        founds a placement's builds keep (:func:`~taluva.ai.candidates.candidate_builds`)."""
        self.mover = game.current
        self.weights = w
        # Mid-turn, so the same as after the turn while no status changes (turns_left).
        self.turns = turns_left(game)
        self.status = tuple(game.status)
        self.last_tile = game.tiles_left == 0  # then every build ends the game
        self.teams = game.options.teams
        board = game.board
        settlements = settlements_by_seat(game)
        self.groups = [[group_summary(g, board) for g in seat] for seat in settlements]
        self.where = {
            p: (s, i) for s, seat in enumerate(settlements) for i, g in enumerate(seat) for p in g
        }
        stock = game.stock
        self.kept = [
            groups_value(self.groups[s], stock[s], self.status[s], self.turns[s], w)
            for s in range(game.players)
        ]
        self.placed = self.groups
        self.placed_values = self.kept
        self.builds = TurnBuilds(game, founds)
        self.placement: Placement | None = None
        self.laid: Laid | None = None

    def enter(self, game: Game, placement: Placement) -> list[Build]:
        """Lay ``placement`` (``game`` at its place step; the game itself is not pushed, only
        its board's tile laid: :func:`~taluva.ai.candidates.lay`) and answer the mover's
        candidate builds after it; none: the placement leaves no build (R-ELIM-1)."""
        board = game.board
        assert game.tile is not None
        self.placement = placement
        self.laid = lay(board, placement, game.tile)
        get = self.where.get
        v = placement.volcano
        near = {v + off for off in _NEAR[placement.orientation]}
        touched: set[tuple[int, int]] = set()
        for p in near:
            hit = get(p)
            if hit is not None:
                touched.add(hit)
        if not touched:
            self.placed, self.placed_values = self.groups, self.kept
        else:
            owner = board.owner
            placed = self.groups.copy()
            values = self.kept.copy()
            for s in {s for s, _ in touched}:
                seat = self.groups[s]
                renewed = [g for i, g in enumerate(seat) if (s, i) not in touched]
                for i, g in enumerate(seat):
                    if (s, i) in touched:
                        cells = [p for p in g.cells if owner.get(p) == s]  # an eruption buries
                        renewed.extend(group_summary(c, board) for c in _components(cells))
                placed[s] = renewed
                values[s] = groups_value(
                    renewed, game.stock[s], self.status[s], self.turns[s], self.weights
                )
            self.placed, self.placed_values = placed, values
        mover = self.mover
        return self.builds.after(board, self.placed[mover], game.stock[mover], near)

    def leave(self, game: Game) -> None:
        """Lift the entered placement's tile."""
        assert self.laid is not None
        lift(game.board, self.laid)
        self.laid = None

    def full(self, game: Game, build: Build | None, measure: Callable[[Game], T]) -> T:
        """``measure`` of the position after the entered placement and ``build`` (None: the
        placement alone, which left no build), both pushed on the game itself: for the
        positions the memo does not value (:meth:`ends`; an elimination)."""
        assert self.laid is not None and self.placement is not None
        board = game.board
        lift(board, self.laid)
        game.push(self.placement)
        if build is not None:
            game.push(build)
        try:
            return measure(game)
        finally:
            if build is not None:
                game.pop()
            game.pop()
            self.laid = lay(board, self.placement, game.tile)  # type: ignore[arg-type]

    def ends(self, game: Game, build: Build) -> bool:
        """Whether ``build`` ends the game or the mover's play (or may: with O-TEAMS, any kind
        completed), so that it must be pushed and valued in full (:meth:`full`)."""
        return self._stock_after(game, build) is None

    def _stock_after(self, game: Game, build: Build) -> tuple[int, int, int] | None:
        """The mover's stock after ``build``; None if the build :meth:`ends` the game or its
        play."""
        if self.last_tile:
            return None
        huts, temples, towers = game.stock[self.mover]
        piece, cells = build
        if piece == HUT:
            for _, count in cells:
                huts -= count
        elif piece == TEMPLE:
            temples -= 1
        else:
            towers -= 1
        if (huts == 0) + (temples == 0) + (towers == 0) >= (1 if self.teams else 2):
            return None
        return huts, temples, towers

    def values(self, game: Game, build: Build) -> list[float] | None:
        """Every seat's value after ``build``; None if it :meth:`ends` the game or the
        mover's play."""
        stock = self._stock_after(game, build)
        if stock is None:
            return None
        board = game.board
        mover = self.mover
        cells = {p for p, _ in build.cells}
        values = self.placed_values.copy()
        values[mover] = self._mover_value(board, build.piece, cells, stock)
        status, turns, stocks, w = self.status, self.turns, game.stock, self.weights
        for s, seat in enumerate(self.placed):
            if s == mover or status[s] != PLAYING:
                continue
            changed = None
            for i, g in enumerate(seat):
                if not g.border.isdisjoint(cells):  # the build takes hexes from its border
                    if changed is None:
                        changed = seat.copy()
                    border = g.border - cells
                    changed[i] = make_group(g.cells, g.size, g.temple, g.tower, border, board)
            if changed is not None:
                values[s] = groups_value(changed, stocks[s], PLAYING, turns[s], w)
        return values

    def mover_value(self, game: Game, build: Build) -> float | None:
        """The mover's own value after ``build``, its part of :meth:`values` (for answers
        that play for their own prospects); None if it :meth:`ends` the game or its play."""
        stock = self._stock_after(game, build)
        if stock is None:
            return None
        return self._mover_value(game.board, build.piece, {p for p, _ in build.cells}, stock)

    def _mover_value(
        self, board: Board, piece: int, cells: set[int], stock: tuple[int, int, int]
    ) -> float:
        kept: list[Group] = []
        merged: list[Group] = []
        for g in self.placed[self.mover]:
            (kept if g.border.isdisjoint(cells) else merged).append(g)
        kept.append(_merge(merged, cells, piece, board))
        return groups_value(kept, stock, PLAYING, self.turns[self.mover], self.weights)

    def value(self, game: Game, seat: int, build: Build) -> float:
        """The value for ``seat`` after the entered placement and ``build``:
        :func:`~taluva.ai.evaluate.evaluate` of the position after them."""
        values = self.values(game, build)
        if values is None:
            w = self.weights
            return self.full(game, build, lambda after: evaluate(after, seat, w))
        return relative(game, values, seat, self.weights)


def _merge(groups: list[Group], cells: AbstractSet[int], piece: int, board: Board) -> Group:
    """The settlement that a build on ``cells`` makes of the ``groups`` it touches (none: a new
    one): their borders and the cells' own, less the cells."""
    level, owner, volcanoes = board.level, board.owner, board.volcanoes
    size = len(cells)
    temple = piece == TEMPLE
    tower = piece == TOWER
    border: set[int] = set()
    for g in groups:
        border.update(g.border)
        size += g.size
        temple = temple or g.temple
        tower = tower or g.tower
    border.difference_update(cells)
    for p in cells:
        for n in (p + D0, p + D1, p + D2, p + D3, p + D4, p + D5):
            if n in level and n not in owner and n not in cells and n not in volcanoes:
                border.add(n)
    return make_group((), size, temple, tower, border, board)


def _components(cells: list[int]) -> list[list[int]]:
    """The edge-connected groups of ``cells``."""
    left = set(cells)
    out: list[list[int]] = []
    for start in cells:
        if start not in left:
            continue
        left.discard(start)
        group = [start]
        for p in group:
            for n in (p + D0, p + D1, p + D2, p + D3, p + D4, p + D5):
                if n in left:
                    left.discard(n)
                    group.append(n)
        out.append(group)
    return out
