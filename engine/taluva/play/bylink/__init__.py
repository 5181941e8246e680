"""Play a friend by link: a game passed from device to device, fair tiles and no server.

Each seat commits to a SHA-256 hash chain and reveals its values backwards
(:mod:`taluva.play.bylink.fairdraw`); draw ``i`` is decided by every seat's value for draw ``i``. A
link carries the options, each seat's name and public key, its commitment or its deepest revealed
value (with its draw index), the moves, and each seat's latest signature; the tiles are not in
it, they follow from the values. Whoever opens a link checks all of it: the chains, each draw
against the values, each move against the rules, that each seat revealed exactly what the
protocol says, and every signature (:mod:`taluva.play.bylink.sign`). The secrets stay on their
owners' devices. docs/formats.md ("By-link links") has the threat model.

**Who signs what.** Every seat signs everything it does (its joining, its confirmation of the
table, each turn) over the hash of the whole record up to it and of the link it makes, with an
Ed25519 key derived from its secret; a link carries each seat's latest signature. A player who
passes a link on cannot change anything another player signed, the last round included: the
next device refuses it and names who passed it on (:func:`compare` names who changed what a
device kept).

**The join goes there and back.** Seat 0 creates the game; seats 1 to n-1 join in turn, each
adding its name, key and commitment and revealing nothing; the last joiner's link goes back
down the seats (n-2, ..., 1) and then to seat 0, who plays first (R-SETUP-2). On the way back
each seat checks its own entry and every signature, and only then reveals its values up to the
draw before its first one, so that every seat commits before anything is revealed and nobody
can choose a secret to suit a draw. With two players the last joiner's link goes straight back
to seat 0, as before.

**Who reveals when.** After a turn at draw ``j`` the mover reveals its values up to the draw
before its own next one, which is ``j + p`` (``p``: the other seats still playing, since a seat
only leaves the game in its own turn, after its draw), or its whole chain when it leaves the
game or the game ends. So the link that hands the turn to the mover of draw ``i`` holds every
other seat's value for ``i``, and the mover's own value for ``i`` is on the mover's device alone
until the mover hands on: nobody else can know tile ``i`` before the mover draws it, and nobody,
the mover included, can change it.

Links of the earlier formats (``1``: no authentication; ``2``: move MACs,
:mod:`taluva.play.bylink.legacy`) are still read and their games go on in their format; the page
says they are of the older, weaker kind.

>>> from taluva.rules.options import Options
>>> link0, secret0 = create(Options(players=2), name="Ann")
>>> link1, secret1 = join(read_link(link0), name="Bo")
>>> game = read_link(link1)
>>> game.stage, game.to_act, game.names
('playing', 0, ('Ann', 'Bo'))
>>> turn = open_turn(game, secret0)           # seat 0's device: its tile, drawn
>>> turn.phase
'place'
>>> turn.play(turn.legal_placements()[0]); turn.play(turn.legal_builds()[0])
>>> after = read_link(hand_on(game, turn, secret0))
>>> after.to_act, len(after.game.turns), after.game.turns[0].tile == turn.turns[0].tile
(1, 1, True)
>>> open_turn(after, secret0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
taluva.play.bylink.errors.SecretError: this device's secret is not seat 1's: it is not seat ...
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from taluva.formats.record import write_record

# The share code's options code, reused so that both links name options alike.
from taluva.formats.sharecode import _DIGIT, ALPHABET, _options_code, _options_from_code
from taluva.play.bylink import seals, sign
from taluva.play.bylink.errors import (
    AlteredError,
    ByLinkError,
    ChainError,
    HistoryError,
    LinkFormatError,
    LinkMoveError,
    RecommitError,
    SecretError,
    TamperedError,
    TwiceError,
)
from taluva.play.bylink.fairdraw import (
    DIGEST_SIZE,
    chain_value,
    check_value,
    commitment,
    draw_tile,
    earlier_value,
    game_id,
    new_secret,
)
from taluva.play.bylink.legacy import MAC_SIZE, check_macs, check_pending, pending, turn_mac
from taluva.play.bylink.names import clean_name
from taluva.rules.errors import IllegalMoveError, TaluvaError
from taluva.rules.game import BUILD, DRAW, OVER, PLACE, PLAYING, Game
from taluva.rules.history import relation
from taluva.rules.moves import Move
from taluva.rules.options import Options

__all__ = [
    "AlteredError",
    "ByLinkError",
    "ByLinkGame",
    "ChainError",
    "HistoryError",
    "LinkFormatError",
    "LinkMoveError",
    "RecommitError",
    "SecretError",
    "TamperedError",
    "TwiceError",
    "compare",
    "confirm",
    "create",
    "hand_on",
    "join",
    "open_turn",
    "read_link",
    "seat_of",
    "to_link",
    "turn_mac",
]

FORMAT = "3"  # signed links: every act signed by its seat, the join there and back
MAC_FORMAT = "2"  # move MACs: still read and continued
OLD_FORMAT = "1"  # no authentication: still read and continued
FORMATS = (FORMAT, MAC_FORMAT, OLD_FORMAT)
# A 4-player game of every tile with long names is ~1,300 characters; refuse far longer unread.
MAX_LENGTH = 1600
_LINK_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_CHECK_SIZE = 4  # bytes of the moves' checksum (formats 1 and 2)
_ENTRY_SIZE = sign.SEAL_SIZE + sign.LINK_HASH_SIZE  # a carried signature and its link's hash
_MAX_NAME_BYTES = 96  # 24 characters of up to 4 bytes
JOINING, PLAYING_STAGE, OVER_STAGE = "joining", "playing", "over"
_GAME_ID_TAG = b"taluva game id 3"

Seal = tuple[bytes, bytes | None]  # a signature and its link's hash (None: the link's maker)


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
        replayed: _Replay | None = None,
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
        self.game = _verified_game(self, checksum, check_seals, replayed)
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
        return _confirmed_from(self.options.players, self.revealed)

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
            digest = hashlib.sha256(_GAME_ID_TAG + self.keys[0])
        else:
            digest = hashlib.sha256(_options_code(self.options).encode() + self.commitments[0])
        return digest.hexdigest()[:16]

    @property
    def draw_id(self) -> bytes:
        """What every draw of the game is bound to: its options and every commitment."""
        return game_id(_options_code(self.options), self.commitments)

    def values_for(self, draw: int) -> list[bytes | None]:
        """Each seat's value for ``draw``, or None where it is not revealed yet."""
        return _values_for(self.revealed, draw)


def _confirmed_from(players: int, revealed: Sequence[tuple[int, bytes] | None]) -> int:
    shown = [q for q in range(1, min(players, len(revealed))) if revealed[q] is not None]
    return min(shown, default=players - 1)


def _acts(link: ByLinkGame, game: Game) -> dict[int, int]:
    n = link.options.players
    movers = [turn.seat for turn in game.turns]
    return seals.latest_acts(n, len(link.commitments), link.confirmed_from, movers)


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


# ------------------------------------------------------------------------------ the protocol


def _chain_start(link_format: str, secret: bytes) -> bytes:
    """Where a seat's hash chain starts: the secret itself in the older formats (revealed when
    the whole chain is), a value derived from it in signed links (so the key stays secret)."""
    return sign.SeatKeys.of(secret).chain_start if link_format == FORMAT else secret


def create(
    options: Options, secret: bytes | None = None, name: str = "", link_format: str = FORMAT
) -> tuple[str, bytes]:
    """A new game for seat 0 (named ``name``): its first link (to send to seat 1) and seat 0's
    secret. ``link_format`` is for tests of the older formats."""
    secret = secret or new_secret()
    top = commitment(_chain_start(link_format, secret), options.tile_count)
    if link_format != FORMAT:
        return to_link(ByLinkGame(options, [top], [None], [], link_format=link_format)), secret
    keys = sign.SeatKeys.of(secret)
    game = ByLinkGame(
        options, [top], [None], [], names=[clean_name(name)], keys=[keys.public], check_seals=False
    )
    return _signed_link(game, keys), secret


def join(game: ByLinkGame, secret: bytes | None = None, name: str = "") -> tuple[str, bytes]:
    """The next seat (named ``name``) joins ``game``: the link to send on (to the next seat, or
    back when every seat is in) and the joiner's secret."""
    if len(game.commitments) == game.options.players:
        raise LinkFormatError("every seat has joined this game already")
    secret = secret or new_secret()
    seat, length, n = len(game.commitments), game.length, game.options.players
    start = _chain_start(game.format, secret)
    if not game.signed:
        draw = min(seat - 1, length - 1)
        joined = ByLinkGame(
            game.options,
            [*game.commitments, commitment(start, length)],
            [*game.revealed, (draw, chain_value(start, length, draw))],
            [],
            link_format=game.format,
        )
        return to_link(joined), secret
    keys = sign.SeatKeys.of(secret)
    # The last joiner commits last: it may reveal at once, up to the draw before its first.
    last = min(n - 2, length - 1)
    shown = (last, chain_value(start, length, last)) if seat == n - 1 else None
    joined = ByLinkGame(
        game.options,
        [*game.commitments, commitment(start, length)],
        [*game.revealed, shown],
        [],
        names=[*game.names, clean_name(name)],
        keys=[*game.keys, keys.public],
        seals=_carried(game),
        check_seals=False,
    )
    return _signed_link(joined, keys), secret


def confirm(game: ByLinkGame, secret: bytes) -> str:
    """On the way back of a signed game's join: the seat to act, having checked the table (its
    own entry and every signature: the link is checked as it is read), reveals its values up to
    the draw before its first and signs; the link goes to the seat below, or to seat 0."""
    if not game.confirming:
        raise SecretError(f"nothing to confirm: the game is {game.stage}")
    seat = _own_seat(game, secret, game.to_act)
    start = sign.SeatKeys.of(secret).chain_start
    depth = min(seat - 1, game.length - 1)
    revealed = list(game.revealed)
    revealed[seat] = (depth, chain_value(start, game.length, depth))
    confirmed = ByLinkGame(
        game.options,
        game.commitments,
        revealed,
        [],
        names=game.names,
        keys=game.keys,
        seals=_carried(game),
        check_seals=False,
    )
    return _signed_link(confirmed, sign.SeatKeys.of(secret))


def seat_of(game: ByLinkGame, secret: bytes) -> int | None:
    """The seat whose commitment (and, in signed links, key) ``secret`` makes, if any."""
    top = commitment(_chain_start(game.format, secret), game.length)
    seat = next((s for s, c in enumerate(game.commitments) if c == top), None)
    if seat is not None and game.signed and game.keys[seat] != sign.SeatKeys.of(secret).public:
        return None
    return seat


def device_seat(game: ByLinkGame, secret: bytes) -> int:
    """This device's seat in ``game`` from its ``secret``: refused when the secret is none of the
    game's seats, or (signed links) when another key was put in its place."""
    top = commitment(_chain_start(game.format, secret), game.length)
    seat = next((s for s, c in enumerate(game.commitments) if c == top), None)
    if seat is None:
        raise SecretError("this device's secret is not one of this game's seats")
    return _own_seat(game, secret, seat)


def _own_seat(game: ByLinkGame, secret: bytes, seat: int | None) -> int:
    """``seat``, once ``secret`` is checked to be its own. A signed link that keeps this
    device's commitment under another key put someone else in its place: refused, naming
    who made the link."""
    top = commitment(_chain_start(game.format, secret), game.length)
    if (
        game.signed
        and seat is not None
        and seat < len(game.commitments)
        and game.commitments[seat] == top
        and game.keys[seat] != sign.SeatKeys.of(secret).public
    ):
        raise TamperedError(
            f"seat {seat}'s key is not this device's: someone else was put in its place",
            by=_blamable(game.maker, seat),
            seat=seat,
            change="place",
        )
    if seat is None or seat_of(game, secret) != seat:
        raise SecretError(
            f"this device's secret is not seat {seat}'s: it is not seat {seat}'s turn here",
            seat=seat,
        )
    return seat


def _blamable(culprit: int | None, me: int | None) -> int | None:
    """A device never blames its own seat: what it did not do was done on the way."""
    return None if culprit == me else culprit


def next_tile_values(game: ByLinkGame, secret: bytes) -> list[bytes]:
    """Every seat's value for the next draw, the mover's from ``secret``; refuses a secret
    that is not the mover's (so nobody draws with another secret: a reroll is refused)."""
    seat = _mover(game, secret)
    draw = len(game.game.turns)
    values = game.values_for(draw)
    values[seat] = chain_value(_chain_start(game.format, secret), game.length, draw)
    if any(v is None for v in values):  # the link's own checks make this impossible
        raise ChainError(f"a value for draw {draw} is missing", draw=draw)
    return values  # type: ignore[return-value]


def _mover(game: ByLinkGame, secret: bytes) -> int:
    """The seat to move, once ``secret`` is checked to be its own."""
    seat = game.to_act
    if game.stage != PLAYING_STAGE or seat is None:
        raise SecretError(f"no tile is drawn now: the game is {game.stage}")
    return _own_seat(game, secret, seat)


def open_turn(game: ByLinkGame, secret: bytes) -> Game:
    """The mover's turn on the mover's device: a copy of the game with the tile drawn."""
    values = next_tile_values(game, secret)
    turn = game.game.copy()
    turn.draw(draw_tile(game.draw_id, len(turn.turns), values, turn.unseen()))
    return turn


def hand_on(game: ByLinkGame, turn: Game, secret: bytes) -> str:
    """The link that hands the turn on, after the mover played one whole turn in ``turn`` (a
    game from :func:`open_turn`): the turn's moves and the mover's values up to the draw before
    its next one, signed. The link is checked as a receiver will check it."""
    seat, done = _mover(game, secret), len(game.game.turns)
    if relation(game.game.turns, turn.turns) != "ahead" or len(turn.turns) != done + 1:
        raise LinkMoveError("the game played is not this link's game and one more turn")
    if turn.phase in (PLACE, BUILD):
        raise LinkMoveError("a link hands on a whole turn: place a tile and build first")
    last = turn.turns[-1]
    if last.tile != open_turn(game, secret).tile:
        raise LinkMoveError(f"turn {done + 1} was played with another tile than its draw's")
    moves = [m for m in (last.placement, last.build) if m is not None]
    start = _chain_start(game.format, secret)
    draw = _reveal_after_turn(turn, seat, done, game.length)
    revealed = list(game.revealed)
    revealed[seat] = (draw, chain_value(start, game.length, draw))
    if game.signed:
        passed = ByLinkGame(
            game.options,
            game.commitments,
            revealed,
            [*game.moves, *moves],
            names=game.names,
            keys=game.keys,
            seals=_carried(game),
            check_seals=False,
        )
        return _signed_link(passed, sign.SeatKeys.of(secret))
    # Format 2: the MACs whose keys stay unrevealed go on; this turn's is keyed with the mover's
    # next value.
    macs = {t: mac for t, mac in game.macs.items() if pending(game, revealed, t)}
    if game.format == MAC_FORMAT and draw + 1 < game.length:
        key = chain_value(start, game.length, draw + 1)
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


def _carried(game: ByLinkGame) -> dict[int, Seal]:
    """The signatures a link made from ``game`` carries on: every seat's, the maker's with the
    hash of ``game``'s link (the new maker's own is replaced by the one it makes)."""
    carried = dict(game.seals)
    made_by = game.maker
    if made_by is not None:
        carried[made_by] = (game.seals[made_by][0], sign.link_hash(_body_of(game)))
    return carried


def _signed_link(link: ByLinkGame, keys: sign.SeatKeys) -> str:
    """The text of ``link`` (checked but not yet sealed by its maker) with the maker's signature,
    read back as a receiver reads it."""
    text = _seal(link, keys)
    read_link(text)
    return text


def _seal(link: ByLinkGame, keys: sign.SeatKeys) -> str:
    """``link``'s text signed with ``keys`` as its maker's act (unchecked: tests forge with it)."""
    body = _body_of(link)
    act = link._acts[link.maker]  # type: ignore[index]
    event = seals.act_event(link.options.players, act)
    seal = keys.sign(sign.act_message(act, link.chain[event], sign.link_hash(body)))
    return FORMAT + _b64(body[1:] + seal)


def _reveal_after_turn(game: Game, seat: int, draw: int, length: int) -> int:
    """How deep the mover of ``draw`` reveals its chain once ``game`` has played that turn: to
    the draw before its next one, or all of it when it left the game or the game is over."""
    if game.phase == OVER or game.status[seat] != PLAYING:
        return length - 1
    others = sum(1 for s in range(game.players) if s != seat and game.status[s] == PLAYING)
    return min(draw + others, length - 1)


# ------------------------------------------------------------------------------ checking


def _joining_depths(link: ByLinkGame) -> list[int | None]:
    """How deep each joined seat has revealed its chain once the join is where the link says."""
    n, joined, last = link.options.players, len(link.commitments), link.length - 1
    if not link.signed:
        return [None] + [min(q - 1, last) for q in range(1, joined)]
    depths: list[int | None] = [None] * joined
    if joined == n:  # on the way back: the last joiner, and every seat that confirmed
        depths[n - 1] = min(n - 2, last)
        for seat in range(max(link.confirmed_from, 1), n - 1):
            depths[seat] = min(seat - 1, last)
    return depths


def _verified_game(
    link: ByLinkGame, checksum: bytes | None, check_seals: bool, replayed: _Replay | None
) -> Game:
    """Check everything a link claims and replay its game (see the module docstring)."""
    options, n = link.options, link.options.players
    joined = len(link.commitments)
    if not 1 <= joined <= n or len(link.revealed) != joined:
        raise LinkFormatError(f"a {n}-player game has 1 to {n} seats joined, not {joined}")
    if link.signed and (len(link.names) != joined or len(link.keys) != joined):
        raise LinkFormatError("a signed link names every seat that joined, with its key")
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
    expected = _joining_depths(link)
    if link.moves and (joined < n or (link.signed and link.confirmed_from > 1)):
        raise LinkFormatError("a link has moves before every seat has joined")
    if replayed is None:
        replayed = _replay(
            options, link.revealed, link.draw_id, len(link.moves), _given(link.moves)
        )
    game = replayed.game
    link._digits = replayed.digits
    for seat, depth in replayed.depths:
        expected[seat] = depth
        link._key_draws.append(depth + 1)  # the mover's next value, unrevealed here
    by: dict[str, Any] = {}
    if link.signed:
        link._acts = _acts(link, game)
        link.chain = seals.record_chain(link, _options_byte(options), game)
        if check_seals:
            body_hash = sign.link_hash(_body_of(link, game))
            seals.check_maker(link, link._acts, body_hash)
            by = {"by": seals.maker(link._acts)}  # from here on, what fails is the maker's doing
    if checksum is not None and checksum != _checksum(link, game):
        raise LinkMoveError("the moves do not match the link's checksum: a move was altered")
    for seat, (entry, want) in enumerate(zip(link.revealed, expected, strict=True)):
        have = None if entry is None else entry[0]
        if have != want:
            raise ChainError(
                f"seat {seat} revealed its chain to draw {have}, the protocol says {want}",
                seat=seat,
                draw=have,
                **by,
            )
    if link.signed and check_seals:
        seals.check_others(link, link._acts, body_hash)
    return game


class _Replay:
    """A link's moves played through the rules with their draws: the ``game``, each move's
    ``digits`` (its index in its legal moves, their count) and each turn's mover and the depth to
    which it reveals its chain once that turn is played (``depths``)."""

    __slots__ = ("game", "moves", "digits", "depths")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.moves: list[Move] = []
        self.digits: list[tuple[int, int]] = []
        self.depths: list[tuple[int, int]] = []


Choose = Callable[[Game, list[Move], int], int]


def _replay(
    options: Options,
    revealed: Sequence[tuple[int, bytes] | None],
    draw_id: bytes,
    count: int,
    choose: Choose,
) -> _Replay:
    """Play ``count`` moves from the start, each drawn tile from the values, each move the one
    ``choose`` picks (its index) among the legal moves of its moment: a link being read picks by
    its number, a link being made by its moves (:func:`_given`)."""
    replay = _Replay(Game(options, 0))
    game, length = replay.game, options.tile_count
    draw = seat = 0
    while len(replay.moves) < count:
        if game.phase == OVER:
            raise LinkMoveError("the link has moves after the end of the game")
        if game.phase == DRAW:
            draw, seat = len(game.turns), game.current
            values = _values_for(revealed, draw)
            if None in values:
                raise _missing(values, draw)
            game.draw(draw_tile(draw_id, draw, values, game.unseen()))  # type: ignore[arg-type]
        listed = _legal(game)
        index = choose(game, listed, len(replay.moves))
        replay.digits.append((index, len(listed)))
        replay.moves.append(listed[index])
        game.push(listed[index])
        if game.phase not in (PLACE, BUILD):  # the turn is over
            replay.depths.append((seat, _reveal_after_turn(game, seat, draw, length)))
    if game.phase in (PLACE, BUILD):
        raise LinkMoveError(f"turn {len(game.turns)} stops before its build")
    return replay


def _given(moves: Sequence[Move]) -> Choose:
    """Pick each of ``moves`` in turn; a move the rules refuse raises, naming the rule."""

    def choose(game: Game, listed: list[Move], at: int) -> int:
        move = moves[at]
        try:
            return listed.index(move)
        except ValueError:
            pass
        try:
            game.play(move)  # raises, naming the rule
        except IllegalMoveError as exc:
            turn = len(game.turns)
            raise LinkMoveError(f"turn {turn}: {exc}", turn=turn, rule=exc.rule) from None
        raise AssertionError(f"{move} is legal but not listed")

    return choose


def _from_number(number: int) -> tuple[Choose, Callable[[], int]]:
    """Pick by the digits of a link's mixed-radix ``number``; the second function says what is
    left of it once every move is read (none, in a link written as links are)."""
    left = [number]

    def choose(game: Game, listed: list[Move], at: int) -> int:
        left[0], index = divmod(left[0], len(listed))
        return index

    return choose, lambda: left[0]


def _checksum(link: ByLinkGame, game: Game) -> bytes:
    record = write_record(game, include_seed=False).encode()
    return hashlib.sha256(link.draw_id + record).digest()[:_CHECK_SIZE]


# ------------------------------------------------------------------------------ the link text


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _body_of(link: ByLinkGame, game: Game | None = None) -> bytes:
    """A signed link's bytes before its maker's signature, its format character first: as read,
    or as written (the options (a byte), the seats joined (a byte), each seat's name (its
    length, a byte, and UTF-8) and key, which seats revealed values (a bit each), each seat's
    deepest value after its draw (a byte) or its commitment, the moves (their count, a byte,
    and one mixed-radix number), then each other seat's signature and its link's hash, in
    seat order)."""
    if link._body is not None:
        return link._body
    acts = link._acts or _acts(link, game or link.game)
    made_by = seals.maker(acts)
    mask = sum(1 << s for s, entry in enumerate(link.revealed) if entry is not None)
    parts = [FORMAT.encode(), bytes([_options_byte(link.options), len(link.commitments)])]
    for name, key in zip(link.names, link.keys, strict=True):
        text = name.encode()
        parts += [bytes([len(text)]), text, key]
    parts.append(bytes([mask]))
    for top, entry in zip(link.commitments, link.revealed, strict=True):
        parts += [top] if entry is None else [bytes([entry[0]]), entry[1]]
    parts.append(_pack_moves(link))
    for seat in range(len(link.commitments)):
        if seat != made_by:
            seal, x = link.seals[seat]
            assert x is not None
            parts += [seal, x]
    return b"".join(parts)


def to_link(link: ByLinkGame) -> str:
    """The link's text: its format character then URL-safe base64. Formats 1 and 2: the options
    (a byte), the seats joined (a byte), which seats revealed values (a bit each), the
    commitments, each revealed value after its draw (a byte), the moves' checksum (4 bytes),
    in format 2 the count of pending MACs (a byte) and each as its turn (a byte) and MAC, then
    the count of moves (a byte) and the moves as one mixed-radix number. Signed links: their
    body (:func:`_body_of`) and their maker's signature."""
    if link.signed:
        made_by = link.maker
        assert made_by is not None
        return FORMAT + _b64(_body_of(link)[1:] + link.seals[made_by][0])
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
    if link.format == MAC_FORMAT:
        parts.append(bytes([len(link.macs)]))
        parts += [bytes([turn]) + link.macs[turn] for turn in sorted(link.macs)]
    parts.append(_pack_moves(link))
    return link.format + _b64(b"".join(parts))


def read_link(text: Any, check_seals: bool = True) -> ByLinkGame:
    """The checked game of a link; anything that does not check raises a :class:`ByLinkError`
    naming it. A signed link refused for its signatures or values carries the game's id
    (``gameId``), so that the page can find its kept copy and say what was changed."""
    if not isinstance(text, str):
        raise LinkFormatError(f"a link is text, not {type(text).__name__}")
    return _read(text.strip(), check_seals)


@lru_cache(maxsize=16)
def _read(text: str, check_seals: bool) -> ByLinkGame:
    """Read once per text: the page asks about one link several times (read, compare, open)."""
    if not text:
        raise LinkFormatError("the link carries no game")
    if len(text) > MAX_LENGTH:
        raise LinkFormatError(f"the link has {len(text)} characters, a game needs far fewer")
    if text[0] not in FORMATS:
        raise LinkFormatError(f"this link is of format {text[0]!r}, this game reads {FORMAT!r}")
    if not _LINK_CHARS.fullmatch(text[1:]):
        raise LinkFormatError("the link has characters no link has")
    if len(text[1:]) % 4 == 1:
        raise LinkFormatError("the link is cut in the middle of a character")
    try:
        data = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
    except (binascii.Error, ValueError):
        raise LinkFormatError("the link is cut in the middle of a character") from None
    if _b64(data) != text[1:]:
        raise LinkFormatError("the link is not written as this game writes links")
    if text[0] == FORMAT:
        return _read_signed(data, check_seals)
    return _read_older(text[0], data)


def _read_options(reader: _Reader) -> Options:
    code = _code_of(reader.take(1)[0])
    try:
        return _options_from_code(code)
    except TaluvaError as exc:
        raise LinkFormatError(f"the link's options cannot be read ({exc})") from None


def _read_older(link_format: str, data: bytes) -> ByLinkGame:
    reader = _Reader(data)
    options = _read_options(reader)
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
    for _ in range(reader.take(1)[0] if link_format == MAC_FORMAT else 0):
        turn = reader.take(1)[0]
        macs[turn] = reader.take(MAC_SIZE)
    count = reader.take(1)[0]
    number = int.from_bytes(reader.rest(), "big")
    replayed = _unpack_moves(options, commitments, revealed, count, number)
    return ByLinkGame(
        options,
        commitments,
        revealed,
        replayed.moves,
        checksum=checksum,
        macs=macs,
        link_format=link_format,
        replayed=replayed,
    )


def _read_signed(data: bytes, check_seals: bool) -> ByLinkGame:
    reader = _Reader(data)
    options = _read_options(reader)
    joined = reader.take(1)[0]
    if not 1 <= joined <= options.players:
        raise LinkFormatError("the link's seats cannot be read")
    names, keys = [], []
    for _ in range(joined):
        size = reader.take(1)[0]
        if size > _MAX_NAME_BYTES:
            raise LinkFormatError("a name in the link is longer than a name can be")
        try:
            name = reader.take(size).decode()
        except UnicodeDecodeError:
            raise LinkFormatError("a name in the link is not text") from None
        if clean_name(name) != name:
            raise LinkFormatError("a name in the link is not written as this game writes names")
        names.append(name)
        keys.append(reader.take(sign.KEY_SIZE))
    mask = reader.take(1)[0]
    if mask >> joined:
        raise LinkFormatError("the link's seats cannot be read")
    commitments, revealed = [], []
    for seat in range(joined):
        if mask >> seat & 1:
            draw, value = reader.take(1)[0], reader.take(DIGEST_SIZE)
            if draw >= options.tile_count:
                raise LinkFormatError(f"seat {seat} reveals a value for a draw the game lacks")
            revealed.append((draw, value))
            commitments.append(earlier_value(value, draw + 1, 0))  # hashed to the chain's end
        else:
            revealed.append(None)
            commitments.append(reader.take(DIGEST_SIZE))
    count = reader.take(1)[0]
    seal_size = _ENTRY_SIZE * (joined - 1) + sign.SEAL_SIZE
    rest = reader.rest()
    if len(rest) < seal_size:
        raise LinkFormatError("the link is cut short")
    number = rest[: len(rest) - seal_size]
    if number[:1] == b"\0":
        raise LinkFormatError("the link is not written as this game writes links")
    replayed = _unpack_moves(options, commitments, revealed, count, int.from_bytes(number, "big"))
    # Whose signature is whose follows from the acts: the maker's last, the others' in order.
    movers = [turn.seat for turn in replayed.game.turns]
    acts = seals.latest_acts(
        options.players, joined, _confirmed_from(options.players, revealed), movers
    )
    made_by = seals.maker(acts)
    block = rest[len(rest) - seal_size :]
    carried: dict[int, Seal] = {}
    others = (seat for seat in range(joined) if seat != made_by)
    for at, seat in zip(range(0, len(block) - sign.SEAL_SIZE, _ENTRY_SIZE), others, strict=True):
        carried[seat] = (
            block[at : at + sign.SEAL_SIZE],
            block[at + sign.SEAL_SIZE : at + _ENTRY_SIZE],
        )
    carried[made_by] = (block[-sign.SEAL_SIZE :], None)
    try:
        return ByLinkGame(
            options,
            commitments,
            revealed,
            replayed.moves,
            names=names,
            keys=keys,
            seals=carried,
            body=FORMAT.encode() + data[: len(data) - sign.SEAL_SIZE],
            check_seals=check_seals,
            replayed=replayed,
        )
    except ByLinkError as exc:
        ident = hashlib.sha256(_GAME_ID_TAG + keys[0]).hexdigest()[:16]
        raise exc.with_facts(gameId=ident) from None


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
) -> _Replay:
    """The moves of a link's number, read while the game is replayed with its draws (a digit's
    radix is the length of the legal list of its moment): the replay, which the link's checks
    then use as it is. Moves needing a draw whose values are missing stop the reading."""
    if count and len(commitments) < options.players:
        raise LinkFormatError("a link has moves before every seat has joined")
    choose, rest = _from_number(number)
    replay = _replay(options, revealed, game_id(_options_code(options), commitments), count, choose)
    if rest():
        raise LinkFormatError("the link has more data than its moves")
    return replay


# ------------------------------------------------------------------------------ two links


def compare(kept: ByLinkGame, other: ByLinkGame | str, seat: int | None = None) -> str | None:
    """How ``other`` stands to ``kept`` (the game on this device, whose seat is ``seat``):
    ``"same"``, ``"ahead"`` (it continues it), ``"behind"`` (an older link of it), or None
    (another game). A link of the same game that differs from the kept one raises, naming what
    differs and, for signed links, who changed it (:mod:`taluva.play.bylink.blame`); ``other`` may
    be a link's text, whose signatures are checked after what it changed is found."""
    from taluva.play.bylink.blame import compare_signed

    if isinstance(other, str) or kept.signed:
        return compare_signed(kept, other, seat)
    return _compare_older(kept, other)


def _compare_older(kept: ByLinkGame, other: ByLinkGame) -> str | None:
    if kept.game_id != other.game_id:
        return None
    for seat, (mine, theirs) in enumerate(zip(kept.commitments, other.commitments, strict=False)):
        if mine != theirs:
            raise ChainError(
                f"seat {seat}'s commitment is not the one this game has on this device",
                seat=seat,
            )
    if kept.format == MAC_FORMAT and other.format != MAC_FORMAT:
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
    check_macs(kept, other)
    seats = len(other.commitments) - len(kept.commitments)  # moves come once all have joined
    if seats:
        return "ahead" if seats > 0 else "behind"
    return moves
