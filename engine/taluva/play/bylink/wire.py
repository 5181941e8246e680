"""The bytes of a by-link link: its format digits, its options byte, its body before the
maker's signature and the moves packed as one mixed-radix number (docs/formats.md,
"By-link links"). Reading them back is :mod:`taluva.play.bylink.linktext`."""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

# The share code's options code, reused so that both links name options alike.
from taluva.formats.sharecode import _DIGIT, ALPHABET, _options_code
from taluva.play.bylink import seals, sign
from taluva.play.bylink.chain import acts_of
from taluva.play.bylink.errors import (
    LinkFormatError,
)
from taluva.rules.game import Game
from taluva.rules.options import Options

if TYPE_CHECKING:
    from taluva.play.bylink.game import ByLinkGame


FORMAT = "3"  # signed links: every act signed by its seat, the join there and back
MAC_FORMAT = "2"  # move MACs: still read and continued
OLD_FORMAT = "1"  # no authentication: still read and continued
FORMATS = (FORMAT, MAC_FORMAT, OLD_FORMAT)
CHECK_SIZE = 4  # bytes of the moves' checksum (formats 1 and 2)
ENTRY_SIZE = sign.SEAL_SIZE + sign.LINK_HASH_SIZE  # a carried signature and its link's hash
GAME_ID_TAG = b"taluva game id 3"
Seal = tuple[bytes, bytes | None]  # a signature and its link's hash (None: the link's maker)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def body_of(link: ByLinkGame, game: Game | None = None) -> bytes:
    """A signed link's bytes before its maker's signature, its format character first: as read,
    or as written (the options (a byte), the seats joined (a byte), each seat's name (its
    length, a byte, and UTF-8) and key, which seats revealed values (a bit each), each seat's
    deepest value after its draw (a byte) or its commitment, the moves (their count, a byte,
    and one mixed-radix number), then each other seat's signature and its link's hash, in
    seat order)."""
    if link._body is not None:
        return link._body
    acts = link._acts or acts_of(link, game or link.game)
    made_by = seals.maker(acts)
    mask = sum(1 << s for s, entry in enumerate(link.revealed) if entry is not None)
    parts = [FORMAT.encode(), bytes([options_byte(link.options), len(link.commitments)])]
    for name, key in zip(link.names, link.keys, strict=True):
        text = name.encode()
        parts += [bytes([len(text)]), text, key]
    parts.append(bytes([mask]))
    for top, entry in zip(link.commitments, link.revealed, strict=True):
        parts += [top] if entry is None else [bytes([entry[0]]), entry[1]]
    parts.append(pack_moves(link))
    for seat in range(len(link.commitments)):
        if seat != made_by:
            seal, x = link.seals[seat]
            assert x is not None
            parts += [seal, x]
    return b"".join(parts)


class Reader:
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


def options_byte(options: Options) -> int:
    """The share code's options (two base-64 digits, a value below 96) as one byte."""
    code = _options_code(options)
    return _DIGIT[code[0]] * 64 + _DIGIT[code[1]]


def code_of(value: int) -> str:
    return ALPHABET[value >> 6] + ALPHABET[value & 63]


def pack_moves(link: ByLinkGame) -> bytes:
    """The count of moves (a byte), then the moves as one mixed-radix number: each move's
    index in the sorted legal moves of its position, the radix the list's length."""
    number, scale = 0, 1
    for index, radix in link._digits:
        number += index * scale
        scale *= radix
    return bytes([len(link.moves)]) + number.to_bytes((number.bit_length() + 7) // 8, "big")
