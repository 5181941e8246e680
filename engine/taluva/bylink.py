"""Play a friend by link: a game passed from device to device, fair tiles and no server.

Each seat commits to a SHA-256 hash chain and reveals its values backwards
(:mod:`taluva.fairdraw`); draw ``i`` is decided by every seat's value for draw ``i``. A link
carries the options, every commitment, each seat's deepest revealed value (with its draw
index), a checksum of the moves, the MACs of the turns whose keys are not out yet, and the
moves; the tiles are not in it, they follow from the values. Whoever opens a link checks all of
it: the chains against the commitments, each draw against the values, each move against the
rules, the checksum, that each seat revealed exactly what the protocol says, and that the link
carries a MAC for exactly the turns whose keys it does not reveal. The secrets stay on their
owners' devices.

**Moves a relaying player cannot rewrite** (TESLA's delayed key disclosure: A. Perrig, R.
Canetti, J. D. Tygar, D. Song, "Efficient authentication and signing of multicast streams over
lossy channels", IEEE S&P 2000). With 3 or 4 players a link passes through others before it
reaches a player. Each turn carries an HMAC-SHA256 (8 bytes) of its moves keyed with its mover's
chain value for the draw after the ones it reveals with that turn: its mover's next draw, which
only its next link reveals. A relaying player who rewrites the move has no key; a device keeps
the link with the MAC (:func:`compare`), and refuses the first later link that reveals the key if
the move no longer makes that MAC, or that carries a pending MAC changed. Links of the earlier
format ``1`` carry no MACs: they are still read and their games go on in it, but a game kept with
MACs refuses them. A turn after which its mover reveals its whole chain (it leaves the game, or
the game ends) has no key left, so no MAC.

**Who reveals when.** Joining goes round the seats: seat 0 creates the game with its
commitment and reveals nothing; seat ``q`` (1 to n-1) adds its commitment and reveals its
values up to draw ``q - 1``; the last joiner sends the link back to seat 0, who plays first
(R-SETUP-2). After a turn at draw ``j`` the mover reveals its values up to the draw before its
own next one, which is ``j + p`` (``p``: the other seats still playing, since a seat only leaves
the game in its own turn, after its draw), or its whole chain when it leaves the game or the game
ends. So the link that hands the turn to the mover of draw ``i`` holds every other seat's value
for ``i``, and the mover's own value for ``i`` is on the mover's device alone until the mover
hands on: nobody else can know tile ``i`` before the mover draws it, and nobody, the mover
included, can change it (every value was fixed by the commitments, all made before any value
was revealed). Seat 0 reveals nothing before every seat has committed, and every draw uses a
value of seat 0, so no seat could choose its secret to suit a draw either.

>>> from taluva.options import Options
>>> link0, secret0 = create(Options(players=2))
>>> link1, secret1 = join(read_link(link0))
>>> game = read_link(link1)
>>> game.stage, game.to_act
('playing', 0)
>>> turn = open_turn(game, secret0)           # seat 0's device: its tile, drawn
>>> turn.phase
'place'
>>> turn.play(turn.legal_placements()[0]); turn.play(turn.legal_builds()[0])
>>> after = read_link(hand_on(game, turn, secret0))
>>> after.to_act, len(after.game.turns), after.game.turns[0].tile == turn.turns[0].tile
(1, 1, True)
>>> open_turn(after, secret0)
Traceback (most recent call last):
...
taluva.bylink.SecretError: this device's secret is not seat 1's: it is not seat 1's turn here
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
from collections.abc import Iterator, Sequence
from typing import Any

from taluva.errors import IllegalMoveError, TaluvaError
from taluva.fairdraw import (
    DIGEST_SIZE,
    chain_value,
    check_value,
    commitment,
    draw_tile,
    earlier_value,
    game_id,
    new_secret,
)
from taluva.game import BUILD, DRAW, OVER, PLACE, PLAYING, Game
from taluva.history import relation
from taluva.moves import Move, format_move
from taluva.options import Options
from taluva.record import write_record

# The share code's options code, reused so that both links name options alike.
from taluva.sharecode import _DIGIT, ALPHABET, _options_code, _options_from_code

FORMAT = "2"
OLD_FORMAT = "1"  # links without move MACs, of games begun before them: still read and continued
MAX_LENGTH = 1200  # a 4-player game of every tile is ~560 characters; refuse far longer unread
_LINK_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_CHECK_SIZE = 4  # bytes of the moves' checksum
_MAC_SIZE = 8  # bytes of a turn's MAC: a forger has one blind guess in 2**64
_MAC_TAG = b"taluva move mac 1"
JOINING, PLAYING_STAGE, OVER_STAGE = "joining", "playing", "over"


class ByLinkError(TaluvaError):
    """A by-link game refused: the message names what does not check. ``code`` is
    ``bylink-<what>``; ``facts`` hold the seat, draw or turn concerned."""

    kind = "bylink"
    what = "error"

    def __init__(self, message: str, **facts: Any) -> None:
        super().__init__(message)
        self._facts = facts

    @property
    def code(self) -> str:
        return f"bylink-{self.what}"

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self._facts)


class LinkFormatError(ByLinkError):
    """A link that cannot be read: cut, garbled, too long, or of a newer format."""

    what = "format"


class ChainError(ByLinkError):
    """A revealed value or a commitment that does not check (``seat``; ``draw`` if known)."""

    what = "chain"


class LinkMoveError(ByLinkError):
    """A move the rules refuse (``turn``, ``rule``), or moves that do not match the checksum."""

    what = "move"


class SecretError(ByLinkError):
    """The secret on this device is not the one the game needs now."""

    what = "secret"


class HistoryError(ByLinkError):
    """A link of the same game whose history differs from the one kept on this device."""

    what = "history"


class ByLinkGame:
    """A by-link game as a link carries it, checked: ``game`` is replayed at a turn's end (the
    next draw waits for its mover's value), ``stage`` is joining, playing or over. ``macs``
    holds the MAC of each turn whose key its mover has not revealed yet (turn index -> MAC);
    ``format`` is the link's (links of :data:`OLD_FORMAT` carry no MACs)."""

    __slots__ = ("options", "commitments", "revealed", "moves", "macs", "format", "game")
    __slots__ += ("_digits", "_key_draws")

    def __init__(
        self,
        options: Options,
        commitments: Sequence[bytes],
        revealed: Sequence[tuple[int, bytes] | None],
        moves: Sequence[Move],
        checksum: bytes | None = None,
        macs: dict[int, bytes] | None = None,
        link_format: str = FORMAT,
    ) -> None:
        self.options = options
        self.commitments = tuple(commitments)
        self.revealed = tuple(revealed)  # per joined seat: (draw, its value) or None
        self.moves = tuple(moves)
        self.macs = dict(macs or {})
        self.format = link_format
        self._digits: list[tuple[int, int]] = []  # each move's (index, radix), for the link
        self._key_draws: list[int] = []  # each turn's MAC key: its mover's value for this draw
        self.game = _verified_game(self, checksum)
        if link_format == FORMAT:
            _check_pending(self)

    @property
    def length(self) -> int:
        """The chains' length: one value per tile of the game."""
        return self.options.tile_count

    @property
    def stage(self) -> str:
        if len(self.commitments) < self.options.players:
            return JOINING
        return OVER_STAGE if self.game.phase == OVER else PLAYING_STAGE

    @property
    def to_act(self) -> int | None:
        """The seat that acts next: the next to join, the next to move, or None (over)."""
        if self.stage == JOINING:
            return len(self.commitments)
        return None if self.game.phase == OVER else self.game.current

    @property
    def game_id(self) -> str:
        """Sixteen hex digits naming the game from its creation on (options and seat 0's
        commitment): every link of one game, joining or playing, has the same id."""
        digest = hashlib.sha256(_options_code(self.options).encode() + self.commitments[0])
        return digest.hexdigest()[:16]

    def _draw_id(self) -> bytes:
        return game_id(_options_code(self.options), self.commitments)

    def values_for(self, draw: int) -> list[bytes | None]:
        """Each seat's value for ``draw``, or None where it is not revealed yet."""
        return _values_for(self.revealed, draw)


def _values_for(revealed: Sequence[tuple[int, bytes] | None], draw: int) -> list[bytes | None]:
    values: list[bytes | None] = []
    for entry in revealed:
        if entry is None or entry[0] < draw:
            values.append(None)
        else:
            values.append(earlier_value(entry[1], entry[0], draw))
    return values


def _missing(values: list[bytes | None], draw: int) -> ChainError:
    seat = values.index(None)
    return ChainError(
        f"seat {seat} has not revealed its value for draw {draw}, which a move needs",
        seat=seat,
        draw=draw,
    )


def create(options: Options, secret: bytes | None = None) -> tuple[str, bytes]:
    """A new game for seat 0: its first link (to send to seat 1) and seat 0's secret."""
    secret = secret or new_secret()
    game = ByLinkGame(options, [commitment(secret, options.tile_count)], [None], [])
    return to_link(game), secret


def join(game: ByLinkGame, secret: bytes | None = None) -> tuple[str, bytes]:
    """The next seat joins ``game``: the link to send on (to the next seat, or back to seat 0
    when every seat is in) and the joiner's secret."""
    if game.stage != JOINING:
        raise LinkFormatError("every seat has joined this game already")
    secret = secret or new_secret()
    seat, length = len(game.commitments), game.length
    draw = min(seat - 1, length - 1)
    joined = ByLinkGame(
        game.options,
        [*game.commitments, commitment(secret, length)],
        [*game.revealed, (draw, chain_value(secret, length, draw))],
        [],
    )
    return to_link(joined), secret


def seat_of(game: ByLinkGame, secret: bytes) -> int | None:
    """The seat whose commitment ``secret`` makes, if any."""
    top = commitment(secret, game.length)
    return next((s for s, c in enumerate(game.commitments) if c == top), None)


def next_tile_values(game: ByLinkGame, secret: bytes) -> list[bytes]:
    """Every seat's value for the next draw, the mover's from ``secret``; refuses a secret
    that is not the mover's (so nobody draws with another secret: a reroll is refused)."""
    seat = _mover(game, secret)
    draw = len(game.game.turns)
    values = game.values_for(draw)
    values[seat] = chain_value(secret, game.length, draw)
    if any(v is None for v in values):  # the link's own checks make this impossible
        raise ChainError(f"a value for draw {draw} is missing", draw=draw)
    return values  # type: ignore[return-value]


def _mover(game: ByLinkGame, secret: bytes) -> int:
    """The seat to move, once ``secret`` is checked to be its own."""
    seat = game.to_act
    if game.stage != PLAYING_STAGE or seat is None:
        raise SecretError(f"no tile is drawn now: the game is {game.stage}")
    if seat_of(game, secret) != seat:
        raise SecretError(
            f"this device's secret is not seat {seat}'s: it is not seat {seat}'s turn here",
            seat=seat,
        )
    return seat


def open_turn(game: ByLinkGame, secret: bytes) -> Game:
    """The mover's turn on the mover's device: a copy of the game with the tile drawn."""
    values = next_tile_values(game, secret)
    turn = game.game.copy()
    turn.draw(draw_tile(game._draw_id(), len(turn.turns), values, turn.unseen()))
    return turn


def hand_on(game: ByLinkGame, turn: Game, secret: bytes) -> str:
    """The link that hands the turn on, after the mover played one whole turn in ``turn`` (a
    game from :func:`open_turn`): the turn's moves and the mover's values up to the draw before
    its next one. The link is checked as a receiver will check it."""
    seat, done = _mover(game, secret), len(game.game.turns)
    if relation(game.game.turns, turn.turns) != "ahead" or len(turn.turns) != done + 1:
        raise LinkMoveError("the game played is not this link's game and one more turn")
    if turn.phase in (PLACE, BUILD):
        raise LinkMoveError("a link hands on a whole turn: place a tile and build first")
    last = turn.turns[-1]
    if last.tile != open_turn(game, secret).tile:
        raise LinkMoveError(f"turn {done + 1} was played with another tile than its draw's")
    moves = [m for m in (last.placement, last.build) if m is not None]
    draw = _reveal_after_turn(turn, seat, done, game.length)
    revealed = list(game.revealed)
    revealed[seat] = (draw, chain_value(secret, game.length, draw))
    # The MACs whose keys stay unrevealed go on; this turn's is keyed with the mover's next value.
    macs = {t: mac for t, mac in game.macs.items() if _pending(game, revealed, t)}
    if game.format == FORMAT and draw + 1 < game.length:
        key = chain_value(secret, game.length, draw + 1)
        macs[done] = turn_mac(game, done, moves, key)
    passed = ByLinkGame(
        game.options,
        game.commitments,
        revealed,
        [*game.moves, *moves],
        macs=macs,
        link_format=game.format,
    )
    return to_link(passed)


def turn_mac(game: ByLinkGame, turn: int, moves: Sequence[Move], key: bytes) -> bytes:
    """The MAC of turn ``turn`` (from 0) and its ``moves`` under its mover's chain value ``key``
    (TESLA's delayed key disclosure: the key is revealed in the mover's next link)."""
    data = _MAC_TAG + game._draw_id() + bytes([turn]) + ";".join(map(format_move, moves)).encode()
    return hmac.new(key, data, hashlib.sha256).digest()[:_MAC_SIZE]


def _pending(game: ByLinkGame, revealed: Sequence[tuple[int, bytes] | None], turn: int) -> bool:
    """Whether the key of ``turn``'s MAC is still unrevealed by its mover in ``revealed``."""
    entry = revealed[game.game.turns[turn].seat]
    return entry is None or entry[0] < game._key_draws[turn]


def _check_pending(link: ByLinkGame) -> None:
    """A link carries a MAC for exactly the turns whose keys it does not reveal: one missing
    was stripped, one more is not the protocol's."""
    turns = link.game.turns
    want = {t for t in range(len(turns)) if link._key_draws[t] < link.length}
    want = {t for t in want if _pending(link, link.revealed, t)}
    if set(link.macs) != want:
        turn = min(set(link.macs) ^ want)
        raise LinkMoveError(
            f"turn {turn + 1}: the link {'lacks' if turn in want else 'adds'} the MAC of its move",
            turn=turn + 1,
        )


def _turn_moves(game: Game, turn: int) -> list[Move]:
    played = game.turns[turn]
    return [m for m in (played.placement, played.build) if m is not None]


def _check_macs(kept: ByLinkGame, other: ByLinkGame) -> None:
    """Check the MACs ``kept`` holds against ``other``'s moves: a key ``other`` reveals must
    make the same MAC of the same turn, and a MAC still pending must be carried unchanged. A
    relaying player who rewrote a move did so without the key, before it was revealed."""
    for turn, mac in kept.macs.items():
        if turn >= len(other.game.turns):
            continue
        seat = kept.game.turns[turn].seat
        key = other.values_for(kept._key_draws[turn])[seat]
        if key is None:
            same = other.macs.get(turn) == mac
        else:
            same = hmac.compare_digest(
                turn_mac(other, turn, _turn_moves(other.game, turn), key), mac
            )
        if not same:
            raise LinkMoveError(
                f"turn {turn + 1}: seat {seat}'s move is not the one seat {seat} sent (its MAC "
                "does not check): the link was rewritten on the way",
                turn=turn + 1,
                seat=seat,
            )


def _reveal_after_turn(game: Game, seat: int, draw: int, length: int) -> int:
    """How deep the mover of ``draw`` reveals its chain once ``game`` has played that turn: to
    the draw before its next one, or all of it when it left the game or the game is over."""
    if game.phase == OVER or game.status[seat] != PLAYING:
        return length - 1
    others = sum(1 for s in range(game.players) if s != seat and game.status[s] == PLAYING)
    return min(draw + others, length - 1)


# ------------------------------------------------------------------------------ checking


def _verified_game(link: ByLinkGame, checksum: bytes | None) -> Game:
    """Check everything a link claims and replay its game (see the module docstring)."""
    options, n = link.options, link.options.players
    joined = len(link.commitments)
    if not 1 <= joined <= n or len(link.revealed) != joined:
        raise LinkFormatError(f"a {n}-player game has 1 to {n} seats joined, not {joined}")
    for seat, entry in enumerate(link.revealed):
        if entry is None:
            continue
        draw, value = entry
        if not (0 <= draw < link.length and check_value(value, draw, link.commitments[seat])):
            raise ChainError(
                f"seat {seat}: the value revealed for draw {draw} does not hash to the seat's "
                "commitment (an altered value or commitment)",
                seat=seat,
                draw=draw,
            )
    game = Game(options, 0)
    expected: list[int | None] = [None] + [min(q - 1, link.length - 1) for q in range(1, joined)]
    if joined < n:
        if link.moves:
            raise LinkFormatError("a link has moves before every seat has joined")
    else:
        _replay(link, game, expected)
    if checksum is not None and checksum != _checksum(link, game):
        raise LinkMoveError("the moves do not match the link's checksum: a move was altered")
    for seat, (entry, want) in enumerate(zip(link.revealed, expected, strict=True)):
        have = None if entry is None else entry[0]
        if have != want:
            raise ChainError(
                f"seat {seat} revealed its chain to draw {have}, the protocol says {want}",
                seat=seat,
                draw=have,
            )
    return game


def _replay(link: ByLinkGame, game: Game, expected: list[int | None]) -> None:
    """Replay ``link``'s moves into ``game``, each draw from the values, and set the depth of
    chain each seat must have revealed (``expected``)."""
    moves: Iterator[Move] = iter(link.moves)
    draw_id = link._draw_id()
    left = len(link.moves)
    while left:
        if game.phase == OVER:
            raise LinkMoveError("the link has moves after the end of the game")
        draw, seat = len(game.turns), game.current
        values = link.values_for(draw)
        if None in values:
            raise _missing(values, draw)
        game.draw(draw_tile(draw_id, draw, values, game.unseen()))  # type: ignore[arg-type]
        while game.phase in (PLACE, BUILD):
            if not left:
                raise LinkMoveError(f"turn {draw + 1} stops before its build")
            move, left = next(moves), left - 1
            listed = _legal(game)
            try:
                index = listed.index(move)
            except ValueError:
                index = -1
            if index < 0:
                try:
                    game.play(move)  # raises, naming the rule
                except IllegalMoveError as exc:
                    raise LinkMoveError(
                        f"turn {draw + 1}: {exc}", turn=draw + 1, rule=exc.rule
                    ) from None
                raise AssertionError(f"{move} is legal but not listed")
            link._digits.append((index, len(listed)))
            game.push(move)
        expected[seat] = _reveal_after_turn(game, seat, draw, link.length)
        link._key_draws.append(expected[seat] + 1)  # the mover's next value, unrevealed here


def _checksum(link: ByLinkGame, game: Game) -> bytes:
    record = write_record(game, include_seed=False).encode()
    return hashlib.sha256(link._draw_id() + record).digest()[:_CHECK_SIZE]


# ------------------------------------------------------------------------------ the link text


def to_link(link: ByLinkGame) -> str:
    """The link's text: ``1`` then URL-safe base64 of: the options (a byte), the seats joined
    (a byte), which seats revealed values (a bit each), the commitments, each revealed value
    after its draw (a byte), the moves' checksum (4 bytes), the count of moves (a byte) and the
    moves as one mixed-radix number."""
    mask = sum(1 << s for s, entry in enumerate(link.revealed) if entry is not None)
    parts = [
        bytes([_options_byte(link.options), len(link.commitments)]),
        bytes([mask]),
        *link.commitments,
    ]
    for entry in link.revealed:
        if entry is not None:
            parts += [bytes([entry[0]]), entry[1]]
    parts.append(_checksum(link, link.game))
    if link.format == FORMAT:
        parts.append(bytes([len(link.macs)]))
        parts += [bytes([turn]) + link.macs[turn] for turn in sorted(link.macs)]
    parts.append(_pack_moves(link))
    return link.format + base64.urlsafe_b64encode(b"".join(parts)).decode().rstrip("=")


def read_link(text: str) -> ByLinkGame:
    """The checked game of a link; anything that does not check raises a :class:`ByLinkError`
    naming it."""
    text = text.strip()
    if not text:
        raise LinkFormatError("the link carries no game")
    if len(text) > MAX_LENGTH:
        raise LinkFormatError(f"the link has {len(text)} characters, a game needs far fewer")
    if text[0] not in (FORMAT, OLD_FORMAT):
        raise LinkFormatError(f"this link is of format {text[0]!r}, this game reads {FORMAT!r}")
    if not _LINK_CHARS.fullmatch(text[1:]):
        raise LinkFormatError("the link has characters no link has")
    try:
        data = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
    except (binascii.Error, ValueError):
        raise LinkFormatError("the link is cut in the middle of a character") from None
    reader = _Reader(data)
    code = _code_of(reader.take(1)[0])
    try:
        options = _options_from_code(code)
    except TaluvaError as exc:
        raise LinkFormatError(f"the link's options cannot be read ({exc})") from None
    joined, mask = reader.take(1)[0], reader.take(1)[0]
    if not 1 <= joined <= options.players or mask >> joined:
        raise LinkFormatError("the link's seats cannot be read")
    commitments = [reader.take(DIGEST_SIZE) for _ in range(joined)]
    revealed: list[tuple[int, bytes] | None] = []
    for seat in range(joined):
        if mask >> seat & 1:
            draw = reader.take(1)[0]
            revealed.append((draw, reader.take(DIGEST_SIZE)))
        else:
            revealed.append(None)
    checksum = reader.take(_CHECK_SIZE)
    macs: dict[int, bytes] = {}
    for _ in range(reader.take(1)[0] if text[0] == FORMAT else 0):
        turn = reader.take(1)[0]
        macs[turn] = reader.take(_MAC_SIZE)
    count = reader.take(1)[0]
    number = int.from_bytes(reader.rest(), "big")
    moves = _unpack_moves(options, commitments, revealed, count, number)
    return ByLinkGame(
        options, commitments, revealed, moves, checksum=checksum, macs=macs, link_format=text[0]
    )


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise LinkFormatError("the link is cut short")
        part = self.data[self.at : self.at + size]
        self.at += size
        return part

    def rest(self) -> bytes:
        return self.data[self.at :]


def _options_byte(options: Options) -> int:
    """The share code's options (two base-64 digits, a value below 96) as one byte."""
    code = _options_code(options)
    return _DIGIT[code[0]] * 64 + _DIGIT[code[1]]


def _code_of(value: int) -> str:
    return ALPHABET[value >> 6] + ALPHABET[value & 63]


def _legal(game: Game) -> list[Move]:
    return game.legal_placements() if game.phase == PLACE else game.legal_builds()  # type: ignore[return-value]


def _pack_moves(link: ByLinkGame) -> bytes:
    """The count of moves (a byte), then the moves as one mixed-radix number: each move's
    index in the sorted legal moves of its position, the radix the list's length."""
    number, scale = 0, 1
    for index, radix in link._digits:
        number += index * scale
        scale *= radix
    return bytes([len(link.moves)]) + number.to_bytes((number.bit_length() + 7) // 8, "big")


def _unpack_moves(
    options: Options,
    commitments: list[bytes],
    revealed: list[tuple[int, bytes] | None],
    count: int,
    number: int,
) -> list[Move]:
    """The moves of a link's number, read while the game is replayed with its draws (a digit's
    radix is the length of the legal list of its moment). Moves needing a draw whose values are
    missing stop the reading, and the full check says what is missing."""
    moves: list[Move] = []
    if not count:
        if number:
            raise LinkFormatError("the link has more data than its moves")
        return moves
    if len(commitments) < options.players:
        raise LinkFormatError("a link has moves before every seat has joined")
    game, draw_id = Game(options, 0), game_id(_options_code(options), commitments)
    while len(moves) < count:
        if game.phase == OVER:
            raise LinkMoveError("the link has moves after the end of the game")
        if game.phase == DRAW:
            draw = len(game.turns)
            values = _values_for(revealed, draw)
            if None in values:
                raise _missing(values, draw)
            game.draw(draw_tile(draw_id, draw, values, game.unseen()))  # type: ignore[arg-type]
        listed = _legal(game)
        number, index = divmod(number, len(listed))
        moves.append(listed[index])
        game.push(listed[index])
    if number:
        raise LinkFormatError("the link has more data than its moves")
    return moves


# ------------------------------------------------------------------------------ two links


def compare(kept: ByLinkGame, other: ByLinkGame) -> str | None:
    """How ``other`` stands to ``kept`` (the game on this device): ``"same"``, ``"ahead"`` (it
    continues it), ``"behind"`` (an older link of it), or None (another game). A link of the
    same game whose commitments or moves differ from the kept ones raises: a
    :class:`ChainError` (a commitment) or a :class:`HistoryError` (the first differing turn)."""
    if kept.game_id != other.game_id:
        return None
    for seat, (mine, theirs) in enumerate(zip(kept.commitments, other.commitments, strict=False)):
        if mine != theirs:
            raise ChainError(
                f"seat {seat}'s commitment is not the one this game has on this device",
                seat=seat,
            )
    if kept.format == FORMAT and other.format != FORMAT:
        raise LinkMoveError("the link drops the MACs that the game kept on this device has")
    moves = relation(kept.game.turns, other.game.turns)
    if moves is None:
        turn = next(
            n
            for n, (a, b) in enumerate(zip(kept.game.turns, other.game.turns, strict=False), 1)
            if (a.tile, a.placement, a.build) != (b.tile, b.placement, b.build)
        )
        raise HistoryError(
            f"turn {turn} of the link differs from the game kept on this device", turn=turn
        )
    _check_macs(kept, other)
    seats = len(other.commitments) - len(kept.commitments)  # moves come once all have joined
    if seats:
        return "ahead" if seats > 0 else "behind"
    return moves
