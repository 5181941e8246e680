"""Moves and their text notation (parse and format round-trip exactly).

A tile placement names the volcano hex and where the two landscapes lie, as a clock hour
seen from the volcano: ``0,0/6`` puts the volcano on 0,0 with the landscapes below it, the
tile as R-MAT-3 draws it (first landscape lower-left, second lower-right).

A build names the pieces it puts on the board, so that two choices with the same effect are
one move (RULES.md, "What the rulebooks leave open"): ``hut 1,0`` (found, or an expansion onto a
single level-1 hex), ``huts 1,0 2,0 3,-1x3`` (an expansion: three huts on the level-3 hex),
``temple 1,0``, ``tower 1,0``.

>>> m = parse_move('0,0/6'); m
Placement(volcano=32896, orientation=1)
>>> format_move(m)
'0,0/6'
>>> b = parse_move('huts 3,-1x3 1,0')
>>> format_move(b)
'huts 1,0 3,-1x3'
>>> parse_move('hut 1,0') == parse_move('huts 1,0')
True
"""

from __future__ import annotations

from typing import NamedTuple

from taluva.rules.errors import InvalidMoveError
from taluva.rules.hexgrid import ORIENTATION_CLOCK, format_pos, pack, parse_pos, tile_hexes, unpack

HUT, TEMPLE, TOWER = 0, 1, 2
PIECE_NAMES = ("hut", "temple", "tower")


class Placement(NamedTuple):
    """Step 1 of a turn: put the drawn tile with its volcano on ``volcano``.

    ``orientation`` k puts the second landscape in direction k and the first in direction
    k + 1 (clockwise) from the volcano; see :mod:`taluva.rules.hexgrid`.
    """

    volcano: int
    orientation: int

    @classmethod
    def at(cls, q: int, r: int, clock: int) -> Placement:
        """A placement by axial volcano coordinates and clock hour (2, 4, ... 12)."""
        if clock not in ORIENTATION_CLOCK:
            raise InvalidMoveError(f"clock hour {clock} is not one of 2, 4, 6, 8, 10, 12")
        return cls(pack(q, r), ORIENTATION_CLOCK.index(clock))

    def hexes(self) -> tuple[int, int, int]:
        """Positions of (volcano, first landscape, second landscape)."""
        return tile_hexes(self.volcano, self.orientation)

    @property
    def clock(self) -> int:
        return ORIENTATION_CLOCK[self.orientation]


class Build(NamedTuple):
    """Step 2 of a turn: ``cells`` are (position, count) pairs sorted by position."""

    piece: int
    cells: tuple[tuple[int, int], ...]

    @property
    def huts(self) -> int:
        return sum(c for _, c in self.cells) if self.piece == HUT else 0


Move = Placement | Build


def format_move(move: Move) -> str:
    """The notation of a move (see module docstring)."""
    if isinstance(move, Placement):
        return f"{format_pos(move.volcano)}/{move.clock}"
    name = PIECE_NAMES[move.piece]
    if move.piece == HUT and (len(move.cells) > 1 or move.cells[0][1] > 1):
        name = "huts"
    parts = [format_pos(p) + (f"x{c}" if c > 1 else "") for p, c in move.cells]
    return f"{name} {' '.join(parts)}"


def parse_move(text: str) -> Move:
    """Read a move in the notation; raises :class:`InvalidMoveError` naming what is wrong."""
    words = text.split()
    if not words:
        raise InvalidMoveError("empty move")
    try:
        if len(words) == 1 and "/" in words[0]:
            pos_text, _, clock_text = words[0].partition("/")
            q, r = unpack(parse_pos(pos_text))
            return Placement.at(q, r, int(clock_text))
        kind, cells_text = words[0].lower(), words[1:]
        if kind in ("hut", "huts"):
            return make_build(HUT, [_parse_cell(c) for c in cells_text])
        if kind in ("temple", "tower") and len(cells_text) == 1:
            return make_build(PIECE_NAMES.index(kind), [_parse_cell(cells_text[0])])
    except InvalidMoveError:
        raise
    except ValueError as exc:
        raise InvalidMoveError(f"{text!r}: {exc}") from None
    raise InvalidMoveError(
        f"{text!r} is not a move: expected like '0,0/6', 'hut 1,0', 'huts 1,0 2,0x2', "
        "'temple 1,0' or 'tower 1,0'"
    )


def make_build(piece: int, cells: list[tuple[int, int]]) -> Build:
    """A build with its cells in canonical order; rejects empty or repeated hexes."""
    if not cells:
        raise InvalidMoveError("a build puts at least one piece on the board (R-BUILD)")
    cells.sort()
    if any(a[0] == b[0] for a, b in zip(cells, cells[1:], strict=False)):
        raise InvalidMoveError("a hex is named twice in one build")
    if any(c < 1 for _, c in cells):
        raise InvalidMoveError("a hex gets at least one piece")
    if piece != HUT and (len(cells) > 1 or cells[0][1] != 1):
        raise InvalidMoveError(f"a {PIECE_NAMES[piece]} is one piece on one hex")
    return Build(piece, tuple(cells))


def _parse_cell(text: str) -> tuple[int, int]:
    pos_text, _, count_text = text.partition("x")
    count = int(count_text) if count_text else 1
    return parse_pos(pos_text), count
