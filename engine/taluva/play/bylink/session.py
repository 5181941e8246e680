"""A by-link game as the page plays it on one device: one turn, then the link that hands it on.

The tile is the one the link's values and this device's secret give (:mod:`taluva.play.bylink`); no
other tile is ever drawn, so the screen cannot show the next player's. Undo and redo stay within
this device's turn. On a device whose seat is not to move the game is only shown. A device whose
seat is to confirm the table (a signed game's join on its way back) has nothing to play: its link
can be made at once.

>>> from taluva.play import bylink
>>> from taluva.rules.options import Options
>>> link, secret0 = bylink.create(Options(players=2))
>>> link, secret1 = bylink.join(bylink.read_link(link))
>>> session = ByLinkSession.open(bylink.read_link(link), secret0)
>>> session.game.phase, session.seat, session.can_hand_on()
('place', 0, False)
>>> session.play(session.game.legal_placements()[0]); session.play(session.game.legal_builds()[0])
>>> session.game.phase, session.can_hand_on(), session.can_undo()
('draw', True, True)
>>> passed = bylink.read_link(session.hand_on())
>>> ByLinkSession.open(passed, secret0).game.phase  # not seat 0's turn: shown, not played
'draw'
"""

from __future__ import annotations

from typing import Any, Self

from taluva.play.bylink import (
    PLAYING_STAGE,
    ByLinkGame,
    SecretError,
    confirm,
    device_seat,
    hand_on,
    open_turn,
    to_link,
)
from taluva.play.session import Session
from taluva.rules.game import BUILD, PLACE, Game
from taluva.rules.tiles import Tile


class ByLinkSession(Session):
    """:class:`Session` for a by-link game: ``link`` is the game as the last link carried it,
    ``seat`` this device's seat (None: a device with no secret of this game)."""

    link: ByLinkGame
    secret: bytes | None
    seat: int | None

    @classmethod
    def open(cls, link: ByLinkGame, secret: bytes | None, draw: bool = True) -> ByLinkSession:
        """The game of ``link`` on a device holding ``secret`` (or none): with the tile drawn
        when it is that seat's turn (unless not ``draw``), else as the link left it."""
        seat = device_seat(link, secret) if secret is not None else None
        mover = draw and link.stage == PLAYING_STAGE and seat is not None and seat == link.to_act
        game = open_turn(link, secret) if mover else link.game.copy()  # type: ignore[arg-type]
        return cls.of(link, game, secret, seat)

    @classmethod
    def of(cls, link: ByLinkGame, game: Game, secret: bytes | None, seat: int | None) -> Self:
        """A session showing ``game``, the game of ``link`` or a step beyond it, on the device of
        ``seat`` (holding ``secret``)."""
        session = cls.from_game(game)
        session.link, session.secret, session.seat = link, secret, seat
        return session

    def _draw(self, tile: Tile | None = None) -> None:
        """No tile is drawn here: the next one waits for its mover's value."""

    @property
    def _start(self) -> int:
        return len(self.link.game.turns)

    def can_undo(self) -> bool:
        return any(t.placement is not None for t in self.game.turns[self._start :])

    def can_hand_on(self) -> bool:
        """Whether this device's turn is played whole (or its confirmation due), so that its link
        can be made."""
        if self.link.confirming:
            return self.seat is not None and self.seat == self.link.to_act
        turns = self.game.turns
        return len(turns) == self._start + 1 and self.game.phase not in (PLACE, BUILD)

    def hand_on(self) -> str:
        """The link that hands the turn on (see :func:`taluva.play.bylink.hand_on`)."""
        if self.secret is None:
            raise SecretError("this device holds no secret of this game")
        if self.link.confirming:
            return confirm(self.link, self.secret)
        return hand_on(self.link, self.game, self.secret)

    def info(self) -> dict[str, Any]:
        """What the page shows of the by-link game besides the board."""
        return bylink_json(
            self.link, seat=self.seat, link=to_link(self.link), canHandOn=self.can_hand_on()
        )


def bylink_json(game: ByLinkGame, /, **extra: Any) -> dict[str, Any]:
    """What the link of a by-link ``game`` says of it (:mod:`taluva.play.bylink`): ``gameId``,
    ``stage``, ``toAct``, ``players``, ``joined``, ``confirming`` (a signed game's join on its
    way back: ``toAct`` checks the table), ``signed`` (false: a link of the older, weaker kind)
    and ``names`` (each joined seat's name as it signed it; empty for the older kind, whose names
    travel beside the link), with the caller's ``extra`` fields (the bridge's checked link adds
    its turns and summary, the session on screen its seat and link)."""
    return {
        "gameId": game.game_id,
        "stage": game.stage,
        "toAct": game.to_act,
        "players": game.options.players,
        "joined": len(game.commitments),
        "confirming": game.confirming,
        "signed": game.signed,
        "names": list(game.names),
        **extra,
    }
