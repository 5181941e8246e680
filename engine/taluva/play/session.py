"""A local game as the page plays it: auto-drawn tiles and undo/redo of whole steps.

>>> s = Session(Options(players=2), seed=3)
>>> s.game.phase
'place'
>>> s.play(s.game.legal_placements()[0]); s.game.phase
'build'
>>> s.undo(); s.game.phase, s.can_redo()
('place', True)
>>> s.redo(); s.game.phase
'build'
"""

from __future__ import annotations

from typing import Any

from taluva.formats.jsonio import legal_view_json
from taluva.formats.sharecode import ShareEncoder
from taluva.rules.errors import IllegalMoveError
from taluva.rules.game import DRAW, Game
from taluva.rules.history import count_choices, count_decisions, replay_choices, turn_choices
from taluva.rules.moves import Move
from taluva.rules.options import Options
from taluva.rules.reasons import reason
from taluva.rules.tiles import Tile


class Session:
    """One game in progress with its redo stack. The deck draws automatically, so the page
    only ever sees the place and build steps (and the end)."""

    def __init__(self, options: Options | None = None, seed: int | None = None) -> None:
        self.game = Game(options, seed)
        self._redo: list[Move] = []
        self._encoder: ShareEncoder | None = ShareEncoder(self.game.options)
        self._draw()

    @classmethod
    def from_game(cls, game: Game) -> Session:
        session = cls.__new__(cls)
        session.game = game
        session._redo = []
        session._encoder = None  # built from the game when a share code is first asked for
        session._draw()
        return session

    def _draw(self, tile: Tile | None = None) -> None:
        if self.game.phase == DRAW:
            if self._encoder is None:
                self.game.draw(tile)
            else:
                self._encoder.draw(self.game, tile)

    def _play(self, move: Move) -> None:
        if self._encoder is None:
            self.game.play(move)
        else:
            self._encoder.play(self.game, move)

    def _pop(self) -> None:
        self.game.pop()
        if self._encoder is not None:
            self._encoder.pop()

    def share_code(self) -> str:
        """The game's share code, equal to ``sharecode.encode(self.game)`` but extended step by
        step rather than replayed from the first turn (the game must change only through this
        session: a mismatch in the count of steps rebuilds the encoder)."""
        game = self.game
        if self._encoder is None or self._encoder.choices != count_choices(game.turns):
            self._encoder = ShareEncoder.of_game(game)
        return self._encoder.code(game)

    def play(self, move: Move) -> None:
        """A checked move; the next tile is drawn when the turn passes."""
        self._play(move)
        self._redo.clear()
        self._draw()

    def can_undo(self) -> bool:
        return any(t.placement is not None for t in self.game.turns)

    def legal_view(self) -> dict[str, list[Any]]:
        """The moves this device may play now, as the view sends them (see
        :func:`taluva.formats.jsonio.legal_view_json`)."""
        return legal_view_json(self.game)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        """Take back the last placement or build (and the draw that followed it)."""
        if not self.can_undo():
            raise IllegalMoveError(reason("nothing-to-undo"))
        game = self.game
        if game.phase != "over" and game.turns[-1].placement is None:
            self._pop()  # the automatic draw; its tile goes back on top of the pile
        last = game.turns[-1]
        move = last.build if last.build is not None else last.placement
        self._pop()
        self._redo.append(move)  # type: ignore[arg-type]

    def steps(self) -> int:
        """Decisions made so far (placements and builds)."""
        return count_decisions(self.game.turns)

    def redo(self) -> None:
        if not self._redo:
            raise IllegalMoveError(reason("nothing-to-redo"))
        move = self._redo.pop()
        self._play(move)
        self._draw()


def game_at(game: Game, steps: int) -> Game:
    """A copy of ``game`` as it was after its first ``steps`` decisions, next tile drawn."""
    if steps < 0:
        raise IllegalMoveError(reason("no-such-step", step=steps))
    replayed = Game(game.options, game.seed)
    return replay_choices(replayed, turn_choices(game.turns), decisions=steps)
