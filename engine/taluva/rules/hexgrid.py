"""Axial hex coordinates, packed into one int for speed, and the triangles tiles cover.

A board position (q, r) is packed as ``(q + OFFSET) * STRIDE + (r + OFFSET)`` so that a
neighbour is one integer addition away and dict keys stay small ints. The six neighbours of
(q, r) are (q±1, r), (q, r±1), (q+1, r−1), (q−1, r+1).

Screen layout is "pointy top": q grows to the east, r to the south-east. Clockwise from east
the directions are E, SE, SW, W, NW, NE.

>>> pack(0, 0) == ORIGIN
True
>>> unpack(pack(-3, 7))
(-3, 7)
>>> sorted(unpack(n) for n in neighbours(ORIGIN))
[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
"""

from __future__ import annotations

OFFSET = 128  # 48 tiles reach at most ~100 hexes from the origin
STRIDE = 256

ORIGIN = OFFSET * STRIDE + OFFSET

# Clockwise on screen, starting east. Index i is "direction i".
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTION_QR = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTIONS = tuple(dq * STRIDE + dr for dq, dr in DIRECTION_QR)


def pack(q: int, r: int) -> int:
    """Pack axial (q, r) into a position key."""
    if not (-OFFSET < q < OFFSET and -OFFSET < r < OFFSET):
        raise ValueError(f"coordinate ({q}, {r}) is off the playable area")
    return (q + OFFSET) * STRIDE + (r + OFFSET)


def unpack(pos: int) -> tuple[int, int]:
    """Unpack a position key into axial (q, r)."""
    return pos // STRIDE - OFFSET, pos % STRIDE - OFFSET


def neighbours(pos: int) -> tuple[int, ...]:
    """The six positions sharing an edge with ``pos``."""
    return tuple(pos + d for d in DIRECTIONS)


def format_pos(pos: int) -> str:
    """``q,r`` text of a position.

    >>> format_pos(pack(2, -1))
    '2,-1'
    """
    q, r = unpack(pos)
    return f"{q},{r}"


def parse_pos(text: str) -> int:
    """Inverse of :func:`format_pos`.

    >>> parse_pos('2,-1') == pack(2, -1)
    True
    """
    try:
        q_text, r_text = text.split(",")
        return pack(int(q_text), int(r_text))
    except ValueError:
        raise ValueError(f"{text!r} is not a hex coordinate like '2,-1'") from None


# A tile orientation k (0..5) puts its two landscapes at directions k and k+1 (clockwise) from
# the volcano: the *second* landscape at k, the *first* at k+1. With k = 1 (SE, SW) the volcano
# is on top, first landscape lower-left, second lower-right, as R-MAT-3 describes the tile.
# Readable names are clock hours of where the landscapes lie, seen from the volcano.
ORIENTATION_CLOCK = (4, 6, 8, 10, 12, 2)


def tile_hexes(volcano: int, orientation: int) -> tuple[int, int, int]:
    """(volcano, first, second) positions of a tile placed at ``volcano`` with ``orientation``.

    >>> [unpack(p) for p in tile_hexes(ORIGIN, 1)]  # volcano on top
    [(0, 0), (-1, 1), (0, 1)]
    """
    return (
        volcano,
        volcano + DIRECTIONS[(orientation + 1) % 6],
        volcano + DIRECTIONS[orientation],
    )
