"""Game records: the options, the seed if known, and every drawn tile and move, one turn a line.

::

    taluva 1
    options players=2 tiles=12 found=isolated rank=off teams=off
    seed 7
    1 JC 0,0/6 hut -1,1
    2 SR 1,-1/12 hut 2,-2
    3 LL

A turn line is its number, the drawn tile, then (if made) the placement and the build. A turn
without a build is either the last line (the game stops mid-turn) or an elimination (R-ELIM-1).
Lines starting with ``#`` and blank lines are ignored. Without a ``seed`` line the rest of the
deck is drawn fresh.

>>> game = replay(EXAMPLE)
>>> game.phase, game.tile_code, len(game.turns)
('place', 'LL', 3)
>>> write_record(game) == EXAMPLE
True
"""

from __future__ import annotations

from collections.abc import Iterator

from taluva.rules.errors import IllegalMoveError, OptionsError, RecordError
from taluva.rules.game import BUILD, OVER, Game, Turn
from taluva.rules.history import Choice, replay_choices
from taluva.rules.moves import Build, Placement, format_move, parse_move
from taluva.rules.options import Options
from taluva.rules.tiles import tile_code, tile_from_code

MAGIC = "taluva"
RECORD_VERSION = 1

EXAMPLE = """taluva 1
options players=2 tiles=12 found=isolated rank=off teams=off
seed 7
1 JC 0,0/6 hut -1,1
2 SR 1,-1/12 hut 2,-2
3 LL
"""


def write_record(game: Game, include_seed: bool = True) -> str:
    """The record of ``game`` as text; :func:`replay` reads it back."""
    head = record_head(game.options, game.seed if include_seed else None)
    return head + "".join(turn_line(n, turn) for n, turn in enumerate(game.turns, 1))


def record_head(options: Options, seed: int | None = None) -> str:
    """The lines of a record before its turns (the seed line only if ``seed`` is given)."""
    head = f"{MAGIC} {RECORD_VERSION}\noptions {options.format()}\n"
    return head if seed is None else f"{head}seed {seed}\n"


def turn_line(number: int, turn: Turn) -> str:
    """The record line of turn ``number`` (counted from 1), with its newline."""
    words = [str(number), tile_code(turn.tile)]
    if turn.placement is not None:
        words.append(format_move(turn.placement))
    if turn.build is not None:
        words.append(format_move(turn.build))
    return " ".join(words) + "\n"


def replay(text: str, seed: int | None = None) -> Game:
    """Rebuild a game from its record; any problem raises :class:`RecordError` with the line."""
    lines = [
        (n, line.strip())
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise RecordError("the record is empty")
    n, header = lines[0]
    words = header.split()
    if len(words) != 2 or words[0] != MAGIC:
        raise RecordError(f"a record starts with '{MAGIC} {RECORD_VERSION}'", n)
    if words[1] != str(RECORD_VERSION):
        raise RecordError(
            f"record version {words[1]!r} is not supported (this is {RECORD_VERSION})", n
        )
    options = Options()
    body = lines[1:]
    if body and body[0][1].startswith("options"):
        n, line = body.pop(0)
        try:
            options = Options.parse(line[len("options") :])
        except OptionsError as exc:
            raise RecordError(str(exc), n) from None
    if body and body[0][1].startswith("seed"):
        n, line = body.pop(0)
        try:
            seed = int(line.split(maxsplit=1)[1])
        except (IndexError, ValueError):
            raise RecordError("the seed is a whole number", n) from None
    game = Game(options, seed)
    lines = _TurnLines(game, body)
    try:
        return replay_choices(game, lines, check=True)
    except RecordError:
        raise
    except IllegalMoveError as exc:  # the reason stays data for the page (RecordError.cause)
        raise RecordError(f"turn {lines.number}: {exc}", lines.line, exc) from None
    except ValueError as exc:  # TaluvaError and the tile/coordinate parsers' errors
        raise RecordError(f"turn {lines.number}: {exc}", lines.line) from None


class _TurnLines:
    """The choices of a record's turn lines, read one at a time while the game is replayed (a
    line's checks need the position of the moment); ``number`` and ``line`` say where it is."""

    def __init__(self, game: Game, body: list[tuple[int, str]]) -> None:
        self._game = game
        self._body = body
        self.number = self.line = 0

    def __iter__(self) -> Iterator[Choice]:
        for index, (n, text) in enumerate(self._body):
            self.number, self.line = index + 1, n
            yield from self._turn(text.split(), last=index == len(self._body) - 1)

    def _turn(self, words: list[str], last: bool) -> Iterator[Choice]:
        game, number, n = self._game, self.number, self.line
        if words[0] != str(number):
            raise RecordError(f"expected turn {number}, found {words[0]!r}", n)
        if game.phase == OVER:
            raise RecordError(f"turn {number} comes after the end of the game", n)
        if len(words) < 2:
            raise RecordError(f"turn {number} names no tile", n)
        yield tile_from_code(words[1])
        if len(words) < 3:
            if not last:
                raise RecordError(f"turn {number} has no placement", n)
            return
        placement = parse_move(words[2]) if "/" in words[2] else None
        if not isinstance(placement, Placement):
            raise RecordError(f"{words[2]!r} is not a tile placement", n)
        yield placement
        build_text = " ".join(words[3:])
        if not build_text:
            if game.phase == BUILD and not last:
                raise RecordError(f"turn {number} has no build", n)
            return
        build = parse_move(build_text)
        if not isinstance(build, Build):
            raise RecordError(f"{build_text!r} is not a build", n)
        if game.phase != BUILD:
            raise RecordError(
                f"turn {number}: the player was eliminated (R-ELIM-1) and builds nothing", n
            )
        yield build
