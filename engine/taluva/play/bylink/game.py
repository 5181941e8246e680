"""A by-link game as its link carries it, checked as it is made (:class:`ByLinkGame`)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

# The share code's options code, reused so that both links name options alike.
from taluva.formats.sharecode import _options_code
from taluva.play.bylink import seals
from taluva.play.bylink.chain import lowest_confirmed, seat_values
from taluva.play.bylink.fairdraw import (
    game_id,
)
from taluva.play.bylink.legacy import check_pending
from taluva.play.bylink.verify import Replay, verified_game
from taluva.play.bylink.wire import FORMAT, GAME_ID_TAG, MAC_FORMAT, Seal
from taluva.rules.game import OVER
from taluva.rules.moves import Move
from taluva.rules.options import Options

JOINING, PLAYING_STAGE, OVER_STAGE = "joining", "playing", "over"


class ByLinkGame:
    """A by-link game as a link carries it, checked: ``game`` is replayed at a turn's end (the
    next draw waits for its mover's value), ``stage`` is joining, playing or over. ``format``
    is the link's: signed links (:data:`FORMAT`) carry each seat's ``names`` and ``keys`` and
    its latest signature in ``seals`` (seat -> signature and the hash of the link it made; the
    maker's hash is the link's own); format 2 ``macs``, the MAC of each turn whose key its mover
    has not revealed yet (turn index -> MAC). ``check_seals=False`` skips the signatures (for a
    link being made, or one :func:`compare` examines before saying what was changed);
    ``replayed`` is the replay of these very moves made while reading them, not made again."""

    __slots__ = ("options", "format", "commitments", "revealed", "moves", "macs", "names")
    __slots__ += ("keys", "seals", "chain", "game", "_digits", "_key_draws", "_body", "_acts")

    def __init__(
        self,
        options: Options,
        commitments: Sequence[bytes],
        revealed: Sequence[tuple[int, bytes] | None],
        moves: Sequence[Move],
        checksum: bytes | None = None,
        macs: dict[int, bytes] | None = None,
        link_format: str = FORMAT,
        names: Sequence[str] = (),
        keys: Sequence[bytes] = (),
        seals: dict[int, Seal] | None = None,
        body: bytes | None = None,
        check_seals: bool = True,
        replayed: Replay | None = None,
    ) -> None:
        self.options = options
        self.format = link_format
        self.commitments = tuple(commitments)
        self.revealed = tuple(revealed)  # per joined seat: (draw, its value) or None
        self.moves = tuple(moves)
        self.macs = dict(macs or {})
        self.names = tuple(names)
        self.keys = tuple(keys)
        self.seals = dict(seals or {})
        self.chain: list[bytes] = []  # the record's chain hash after each event (signed links)
        self._digits: list[tuple[int, int]] = []  # each move's (index, radix), for the link
        self._key_draws: list[int] = []  # each turn's MAC key: its mover's value for this draw
        self._body = body  # the link's bytes before its maker's signature, as read
        self._acts: dict[int, int] = {}
        self.game = verified_game(self, checksum, check_seals, replayed)
        if link_format == MAC_FORMAT:
            check_pending(self)

    @property
    def signed(self) -> bool:
        """Whether every act in the link is signed (format 3), not of an older, weaker kind."""
        return self.format == FORMAT

    @property
    def length(self) -> int:
        """The chains' length: one value per tile of the game."""
        return self.options.tile_count

    @property
    def confirmed_from(self) -> int:
        """Signed links with every seat joined: the lowest seat that has checked the table on the
        way back and revealed (n-1 right after the last joiner, 1 once every seat has)."""
        return lowest_confirmed(self.options.players, self.revealed)

    @property
    def stage(self) -> str:
        if len(self.commitments) < self.options.players:
            return JOINING
        if self.signed and self.confirmed_from > 1:
            return JOINING
        return OVER_STAGE if self.game.phase == OVER else PLAYING_STAGE

    @property
    def confirming(self) -> bool:
        """Whether the join is on its way back (signed links: every seat has joined)."""
        return self.stage == JOINING and len(self.commitments) == self.options.players

    @property
    def to_act(self) -> int | None:
        """The seat that acts next: the next to join or to confirm, the next to move, or None
        (over)."""
        if self.stage == JOINING:
            return self.confirmed_from - 1 if self.confirming else len(self.commitments)
        return None if self.game.phase == OVER else self.game.current

    @property
    def maker(self) -> int | None:
        """The seat that made this link (signed links), from its latest act."""
        return seals.maker(self._acts) if self._acts else None

    @property
    def game_id(self) -> str:
        """Sixteen hex digits naming the game from its creation on: every link of one game,
        joining or playing, has the same id (signed links: seat 0's key; older links: the
        options and seat 0's commitment)."""
        if self.signed:
            digest = hashlib.sha256(GAME_ID_TAG + self.keys[0])
        else:
            digest = hashlib.sha256(_options_code(self.options).encode() + self.commitments[0])
        return digest.hexdigest()[:16]

    @property
    def draw_id(self) -> bytes:
        """What every draw of the game is bound to: its options and every commitment."""
        return game_id(_options_code(self.options), self.commitments)

    def values_for(self, draw: int) -> list[bytes | None]:
        """Each seat's value for ``draw``, or None where it is not revealed yet."""
        return seat_values(self.revealed, draw)
