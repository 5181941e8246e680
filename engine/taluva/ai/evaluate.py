"""Static evaluation of a position for the computer players.

Everything here reads only what a person at the table sees: the board, the stocks, the status of
each seat and how many tiles are still to come (never which ones, never their order).

A seat's value is its score in R-END-2 order, weighted so that the weighted sum ranks like the
rule does (a temple beats any number of towers and huts, a tower any number of huts), plus what
its settlements promise for the turns it has left:

* temple spots: a settlement of 3 hexes or more without a temple next to an empty hex can take a
  temple next turn (R-BUILD-3); one of 2 hexes needs one expansion first;
* tower spots: an empty level-3 hex next to a settlement without a tower (R-BUILD-4), and
  level-2 hexes there (one eruption away from a tower spot);
* the early win (R-END-1): a seat one build away from completing its second kind is a threat the
  others must answer;
* the hut economy and elimination (R-ELIM-1): a seat out of huts with no temple or tower spot
  left is eliminated on its next turn; a seat short of huts has few builds to choose from.

Each seat has ``r`` turns left and builds once per turn, so the promises are sorted by worth and
only the best ``r`` of them count (and no more temples or towers than the stock holds).

The value of a position for a seat is its own value minus the best opponent's (free-for-all;
with ``rival_softness`` the opponents' soft maximum, between the best one's and their mean) or
its team's total minus the other team's (O-TEAMS). Game over is worth +-WIN. The defaults here
are hand-set; :mod:`taluva.ai.tune` fits them per player count for the strong levels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from taluva.rules.board import TEMPLE_MARK, Board
from taluva.rules.game import ELIMINATED, FINISHED, OVER, PLAYING, Game
from taluva.rules.hexgrid import DIRECTIONS

WIN = 1_000_000.0

D0, D1, D2, D3, D4, D5 = DIRECTIONS


class Weights(NamedTuple):
    """The numbers of the evaluation; the levels differ by which weights they use."""

    temple: float = 1000.0  # built pieces, in R-END-2 order
    tower: float = 300.0
    hut: float = 3.0
    temple_now: float = 560.0  # a settlement ready for a temple next turn
    temple_two: float = 230.0  # a settlement of 2 hexes that can grow (temple in 2 turns)
    temple_one: float = 70.0  # a single hut that can grow
    tower_now: float = 220.0  # an empty level-3+ hex next to a tower-less settlement
    tower_soon: float = 45.0  # an empty level-2 hex there
    win_threat: float = 2500.0  # one build from R-END-1 and that build is available
    hut_reserve: float = 25.0  # per missing hut below 3 while turns remain
    stranded: float = 6000.0  # no huts and no temple/tower spot: eliminated next turn
    room: float = 1.5  # per empty hex around one's settlements (room to expand)
    opponents: float = 1.0  # 0: ignore the others (a selfish, weaker player)
    # How the opponents combine in a free-for-all: 0 takes the best one's value; T > 0 their
    # soft maximum T * log(mean(exp(v / T))), which tends to the mean as T grows.
    rival_softness: float = 0.0


DEFAULT = Weights()


def turns_left(game: Game) -> list[int]:
    """How many more turns each seat will have after the current step, from the tiles left.

    Counted at a turn boundary (the draw step or the end): the seat to move gets the first of
    the remaining tiles, then the others in order, skipping seats that left the game.
    """
    n = game.players
    left = [0] * n
    if game.phase == OVER:
        return left
    status = game.status
    order = [(game.current + i) % n for i in range(n)]
    order = [s for s in order if status[s] == PLAYING]
    tiles = game.tile_count - game.drawn
    if game.phase != "draw" and order:
        # Mid-turn: the current seat's turn is under way, the others come after.
        order = order[1:] + order[:1]
    k = len(order)
    if k == 0:
        return left
    for i, s in enumerate(order):
        left[s] = tiles // k + (1 if i < tiles % k else 0)
    return left


def settlements_by_seat(game: Game) -> list[list[list[int]]]:
    """Every seat's settlements (R-SET), found in one pass over the buildings."""
    owner = game.board.owner
    groups: list[list[list[int]]] = [[] for _ in range(game.players)]
    seen: set[int] = set()
    for start, who in owner.items():
        if start not in seen:
            groups[who].append(_settlement(owner, start, seen))
    return groups


def _settlement(owner: dict[int, int], start: int, seen: set[int]) -> list[int]:
    """The settlement holding the building at ``start``, its hexes added to ``seen``."""
    who = owner[start]
    seen.add(start)
    group = [start]
    for p in group:  # grows while it is walked: a breadth-first search
        for n in (p + D0, p + D1, p + D2, p + D3, p + D4, p + D5):
            if n not in seen and owner.get(n) == who:
                seen.add(n)
                group.append(n)
    return group


class Group(NamedTuple):
    """What a seat's value reads of one settlement (see :func:`group_summary`): everything but
    the stock, so that a search can keep it while only the stock or another settlement
    changes."""

    cells: tuple[int, ...]  # its hexes
    size: int
    temple: bool  # it holds a temple
    tower: bool  # it holds a tower
    border: AbstractSet[int]  # the empty landscape hexes sharing an edge with it (never changed)
    top: int  # the highest level among them (0: none)
    sums: tuple[int, ...]  # per landscape there, its levels summed: the huts one expansion places


def group_summary(cells: list[int] | tuple[int, ...], board: Board) -> Group:
    """The :class:`Group` of a settlement's hexes on ``board``."""
    level, owner, piece, volcanoes = board.level, board.owner, board.piece, board.volcanoes
    has_temple = has_tower = False
    border: set[int] = set()
    for p in cells:
        pc = piece[p]
        if pc < 0:
            if pc == TEMPLE_MARK:
                has_temple = True
            else:
                has_tower = True
        for n in (p + D0, p + D1, p + D2, p + D3, p + D4, p + D5):
            if n in level and n not in owner and n not in volcanoes:
                border.add(n)
    return make_group(tuple(cells), len(cells), has_temple, has_tower, frozenset(border), board)


def make_group(
    cells: tuple[int, ...],
    size: int,
    temple: bool,
    tower: bool,
    border: AbstractSet[int],
    board: Board,
) -> Group:
    """A :class:`Group` whose border is known: its top level and landscape sums from it."""
    if not border:
        return _make(Group, (cells, size, temple, tower, border, 0, ()))
    level, terrain = board.level, board.terrain
    top = 0
    by_terrain: dict[int, int] = {}
    for n in border:
        lv = level[n]
        if lv > top:
            top = lv
        t = terrain[n]
        by_terrain[t] = by_terrain.get(t, 0) + lv
    return _make(Group, (cells, size, temple, tower, border, top, tuple(by_terrain.values())))


_make = tuple.__new__  # a NamedTuple without its Python-level __new__: the search makes many


def seat_value(
    game: Game, seat: int, turns: int, w: Weights = DEFAULT, groups: list[list[int]] | None = None
) -> float:
    """What ``seat``'s position is worth to it on its own (see the module docstring)."""
    status = game.status[seat]
    if status != PLAYING or turns <= 0:  # the settlements do not count
        return groups_value((), game.stock[seat], status, turns, w)
    if groups is None:
        groups = game.board.settlements(seat)
    board = game.board
    summaries = [group_summary(group, board) for group in groups]
    return groups_value(summaries, game.stock[seat], status, turns, w)


def groups_value(
    groups: Sequence[Group], stock: Sequence[int], status: str, turns: int, w: Weights = DEFAULT
) -> float:
    """:func:`seat_value` from the seat's settlements' :class:`Group` s, stock, status and
    turns left."""
    if status == ELIMINATED:
        return -WIN / 2
    huts, temples, towers = stock
    value = (3 - temples) * w.temple + (2 - towers) * w.tower + (20 - huts) * w.hut
    if status == FINISHED:
        return WIN / 4 + value
    if turns <= 0:
        return value
    temple_promises: list[float] = []
    tower_promises: list[float] = []
    temple_big = 0
    tower_spot = False
    room: set[int] = set()
    sizes: set[int] = set()  # hut counts one expansion could place (for the hut-kind finish)
    for _, size, has_temple, has_tower, border, top, sums in groups:
        if border:
            room.update(border)
            if temples and not has_temple:
                if size >= 3:
                    temple_promises.append(w.temple_now)
                    temple_big += 1
                elif size == 2:
                    temple_promises.append(w.temple_two)
                else:
                    temple_promises.append(w.temple_one)
            if towers and not has_tower:
                if top >= 3:
                    tower_promises.append(w.tower_now)
                    tower_spot = True
                elif top == 2:
                    tower_promises.append(w.tower_soon)
            if huts:
                sizes.update(sums)
        elif temples and not has_temple and size >= 3:
            temple_big += 1  # boxed in: a tile next to it reopens a spot
    # One build per turn, and no more temples or towers than the stock holds.
    if temple_promises or tower_promises:
        temple_promises.sort(reverse=True)
        tower_promises.sort(reverse=True)
        promises = temple_promises[:temples] + tower_promises[:towers]
        promises.sort(reverse=True)
        value += sum(promises[:turns])
    value += w.room * min(len(room), 12)
    # R-END-1: one build from completing the second kind, and that build is there now.
    done = (huts == 0) + (temples == 0) + (towers == 0)
    if done == 1 and (
        (temples == 1 and temple_big)
        or (towers == 1 and tower_spot)
        or (huts and (huts == 1 or huts in sizes))
    ):
        value += w.win_threat
    # R-ELIM-1: out of huts, a seat lives on temple and tower spots only.
    if huts == 0:
        if not ((temples and temple_big) or (towers and tower_spot)):
            value -= w.stranded
    elif huts < 3 and turns > 1:
        value -= w.hut_reserve * (3 - huts)
    return value


def seat_values(game: Game, w: Weights = DEFAULT) -> list[float]:
    """Every seat's own value (the game must not be over)."""
    turns = turns_left(game)
    groups = settlements_by_seat(game)
    return [seat_value(game, s, turns[s], w, groups[s]) for s in range(game.players)]


def relative(game: Game, values: list[float], seat: int, w: Weights = DEFAULT) -> float:
    """A seat's value against its opponents', from :func:`seat_values`."""
    n = game.players
    if game.options.teams:
        mine = sum(values[s] for s in range(n) if s % 2 == seat % 2)
        theirs = sum(values[s] for s in range(n) if s % 2 != seat % 2)
        return mine - w.opponents * theirs
    others = [values[s] for s in range(n) if s != seat]
    return values[seat] - w.opponents * rivals(others, w.rival_softness)


def rivals(others: list[float], softness: float) -> float:
    """The opponents' values taken together: the best (``softness`` 0) or their soft maximum.

    >>> rivals([100.0, 0.0], 0.0), round(rivals([100.0, 0.0], 50.0), 1), rivals([7.0], 50.0)
    (100.0, 71.7, 7.0)
    """
    top = max(others)
    if softness <= 0.0 or len(others) == 1:
        return top
    mean = sum(math.exp(max(-700.0, (v - top) / softness)) for v in others) / len(others)
    return top + softness * math.log(mean)


def evaluate(game: Game, seat: int, w: Weights = DEFAULT) -> float:
    """The value of the position for ``seat``: its own value against its opponents'."""
    if game.phase == OVER:
        return terminal_value(game, seat)
    return relative(game, seat_values(game, w), seat, w)


def terminal_value(game: Game, seat: int) -> float:
    """A finished game: +WIN for a (shared) win, less for worse places, -WIN for last."""
    result = game.result
    assert result is not None
    place = result.places[seat]
    if seat in result.winners:
        return WIN / len(result.winners)
    n = game.players
    return -WIN + (n - place) * WIN / (2 * n)
