"""Terrains and the 48 chiral volcano tiles (R-MAT-2, R-MAT-3).

A tile kind is an ordered pair of landscapes (first = lower-left, second = lower-right with the
volcano on top), written as two letters: ``JC`` is jungle lower-left, clearing lower-right.

>>> len(FULL_SET)
48
>>> tile_from_code('JC') == (JUNGLE, CLEARING)
True
>>> tile_code((SAND, LAKE))
'SL'
"""

from __future__ import annotations

VOLCANO, JUNGLE, CLEARING, SAND, ROCK, LAKE = range(6)
LANDSCAPES = (JUNGLE, CLEARING, SAND, ROCK, LAKE)
TERRAIN_NAMES = ("volcano", "jungle", "clearing", "sand", "rock", "lake")
TERRAIN_LETTERS = "VJCSRL"

Tile = tuple[int, int]

# R-MAT-3: rows are the first (lower-left) landscape, columns the second.
_DISTRIBUTION = (
    (1, 6, 4, 2, 2),
    (5, 1, 2, 2, 1),
    (4, 2, 1, 2, 1),
    (2, 2, 1, 1, 1),
    (1, 1, 1, 1, 1),
)

TILE_KINDS: tuple[Tile, ...] = tuple((a, b) for a in LANDSCAPES for b in LANDSCAPES)
TILE_COUNTS: dict[Tile, int] = {
    (a, b): _DISTRIBUTION[i][j] for i, a in enumerate(LANDSCAPES) for j, b in enumerate(LANDSCAPES)
}
FULL_SET: tuple[Tile, ...] = tuple(t for t in TILE_KINDS for _ in range(TILE_COUNTS[t]))


def tile_code(tile: Tile) -> str:
    return TERRAIN_LETTERS[tile[0]] + TERRAIN_LETTERS[tile[1]]


def tile_from_code(code: str) -> Tile:
    """Parse a two-letter tile code such as ``JC``."""
    if len(code) != 2 or any(c not in TERRAIN_LETTERS[1:] for c in code.upper()):
        raise ValueError(f"{code!r} is not a tile: two letters of J, C, S, R, L (R-MAT-3)")
    return TERRAIN_LETTERS.index(code[0].upper()), TERRAIN_LETTERS.index(code[1].upper())


def terrain_from_name(name: str) -> int:
    """A landscape by its name or letter."""
    key = name.lower()
    for i, terrain in enumerate(TERRAIN_NAMES):
        if i and (key == terrain or key == TERRAIN_LETTERS[i].lower()):
            return i
    raise ValueError(f"{name!r} is not a landscape (jungle, clearing, sand, rock, lake)")
