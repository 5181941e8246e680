"""A by-link link as text: written (:func:`to_link`) and read back, checked, into a
:class:`~taluva.play.bylink.game.ByLinkGame` (:func:`read_link`)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from functools import lru_cache
from typing import Any

# The share code's options code, reused so that both links name options alike.
from taluva.formats.sharecode import _options_code, _options_from_code
from taluva.play.bylink import seals, sign
from taluva.play.bylink.chain import lowest_confirmed
from taluva.play.bylink.errors import (
    ByLinkError,
    LinkFormatError,
)
from taluva.play.bylink.fairdraw import (
    DIGEST_SIZE,
    earlier_value,
    game_id,
)
from taluva.play.bylink.game import ByLinkGame
from taluva.play.bylink.legacy import MAC_SIZE
from taluva.play.bylink.names import clean_name
from taluva.play.bylink.verify import Replay, from_number, moves_checksum, replay_moves
from taluva.play.bylink.wire import (
    CHECK_SIZE,
    ENTRY_SIZE,
    FORMAT,
    FORMATS,
    GAME_ID_TAG,
    MAC_FORMAT,
    Reader,
    Seal,
    b64,
    body_of,
    code_of,
    options_byte,
    pack_moves,
)
from taluva.rules.errors import TaluvaError
from taluva.rules.options import Options

# A 4-player game of every tile with long names is ~1,300 characters; refuse far longer unread.
MAX_LENGTH = 1600


_LINK_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_MAX_NAME_BYTES = 96  # 24 characters of up to 4 bytes


def to_link(link: ByLinkGame) -> str:
    """The link's text: its format character then URL-safe base64. Formats 1 and 2: the options
    (a byte), the seats joined (a byte), which seats revealed values (a bit each), the
    commitments, each revealed value after its draw (a byte), the moves' checksum (4 bytes),
    in format 2 the count of pending MACs (a byte) and each as its turn (a byte) and MAC, then
    the count of moves (a byte) and the moves as one mixed-radix number. Signed links: their
    body (:func:`body_of`) and their maker's signature."""
    if link.signed:
        made_by = link.maker
        assert made_by is not None
        return FORMAT + b64(body_of(link)[1:] + link.seals[made_by][0])
    mask = sum(1 << s for s, entry in enumerate(link.revealed) if entry is not None)
    parts = [
        bytes([options_byte(link.options), len(link.commitments)]),
        bytes([mask]),
        *link.commitments,
    ]
    for entry in link.revealed:
        if entry is not None:
            parts += [bytes([entry[0]]), entry[1]]
    parts.append(moves_checksum(link, link.game))
    if link.format == MAC_FORMAT:
        parts.append(bytes([len(link.macs)]))
        parts += [bytes([turn]) + link.macs[turn] for turn in sorted(link.macs)]
    parts.append(pack_moves(link))
    return link.format + b64(b"".join(parts))


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
    if b64(data) != text[1:]:
        raise LinkFormatError("the link is not written as this game writes links")
    if text[0] == FORMAT:
        return _read_signed(data, check_seals)
    return _read_older(text[0], data)


def _read_options(reader: Reader) -> Options:
    code = code_of(reader.take(1)[0])
    try:
        return _options_from_code(code)
    except TaluvaError as exc:
        raise LinkFormatError(f"the link's options cannot be read ({exc})") from None


def _read_older(link_format: str, data: bytes) -> ByLinkGame:
    reader = Reader(data)
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
    checksum = reader.take(CHECK_SIZE)
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
    reader = Reader(data)
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
    seal_size = ENTRY_SIZE * (joined - 1) + sign.SEAL_SIZE
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
        options.players, joined, lowest_confirmed(options.players, revealed), movers
    )
    made_by = seals.maker(acts)
    block = rest[len(rest) - seal_size :]
    carried: dict[int, Seal] = {}
    others = (seat for seat in range(joined) if seat != made_by)
    for at, seat in zip(range(0, len(block) - sign.SEAL_SIZE, ENTRY_SIZE), others, strict=True):
        carried[seat] = (
            block[at : at + sign.SEAL_SIZE],
            block[at + sign.SEAL_SIZE : at + ENTRY_SIZE],
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
        ident = hashlib.sha256(GAME_ID_TAG + keys[0]).hexdigest()[:16]
        raise exc.with_facts(gameId=ident) from None


def _unpack_moves(
    options: Options,
    commitments: list[bytes],
    revealed: list[tuple[int, bytes] | None],
    count: int,
    number: int,
) -> Replay:
    """The moves of a link's number, read while the game is replayed with its draws (a digit's
    radix is the length of the legal list of its moment): the replay, which the link's checks
    then use as it is. Moves needing a draw whose values are missing stop the reading."""
    if count and len(commitments) < options.players:
        raise LinkFormatError("a link has moves before every seat has joined")
    choose, rest = from_number(number)
    replay = replay_moves(
        options, revealed, game_id(_options_code(options), commitments), count, choose
    )
    if rest():
        raise LinkFormatError("the link has more data than its moves")
    return replay
