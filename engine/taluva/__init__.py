"""Taluva rules engine: every rule and edition, pure Python.

The engine's folders follow what it does, each built on the ones before it (tests/test_layers.py):

- :mod:`taluva.rules`: what is legal and what happens (the board, tiles, moves, a game's turns
  and its end, the reasons a move is refused);
- :mod:`taluva.formats`: a game written down and read back (records, share codes, the page's
  JSON, link pictures);
- :mod:`taluva.ai`: the computer players;
- :mod:`taluva.play`: ways to play (the session with undo, games by link, the lesson, the
  review);
- :mod:`taluva.bridge` (the page's one entry point) and :mod:`taluva.tools` (the command line,
  benchmarks, seeded random games).

The names a program needs come from here, whichever folder holds them (docs/rules-engine.md):

>>> from taluva import Game, Options, parse_move, tile_from_code
>>> game = Game(Options(players=2), seed=7)
>>> game.draw(tile_from_code('JC'))
>>> game.play(parse_move('0,0/6'))
>>> game.phase
'build'
"""

__version__ = "0.1.0"

from taluva.formats.record import replay, write_record  # noqa: E402
from taluva.formats.sharecode import ShareCodeError, decode, encode  # noqa: E402
from taluva.rules.errors import (  # noqa: E402
    IllegalMoveError,
    InvalidMoveError,
    OptionsError,
    RecordError,
    TaluvaError,
)
from taluva.rules.game import Game, Turn  # noqa: E402
from taluva.rules.moves import Build, Move, Placement, format_move, parse_move  # noqa: E402
from taluva.rules.options import Options  # noqa: E402
from taluva.rules.tiles import Tile, tile_code, tile_from_code  # noqa: E402

__all__ = [
    "Build",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Options",
    "OptionsError",
    "Placement",
    "RecordError",
    "ShareCodeError",
    "TaluvaError",
    "Tile",
    "Turn",
    "__version__",
    "decode",
    "encode",
    "format_move",
    "parse_move",
    "replay",
    "tile_code",
    "tile_from_code",
    "write_record",
]
