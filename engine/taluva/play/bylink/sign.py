"""What a seat of a signed by-link game signs, and how a link's signatures are checked.

A seat's device keeps one random 32-byte secret per game (as before). From it come, each by
its own tagged SHA-256, the start of the seat's hash chain (:mod:`taluva.play.bylink.fairdraw`) and
the
seed of its Ed25519 key (:mod:`taluva.play.bylink.ed25519`); the chain is revealed to its end when
the seat leaves or the game ends, and neither the secret nor the key can be computed from it.

**The record and its acts.** A game is a sequence of events: seat 0's entry (its name, public
key and commitment, under the options), each joiner's entry, then each turn (its index and
moves). The *chain hash* after event ``e`` is ``c(e) = SHA-256(c(e-1) || event e)``, from
``c(-1) = SHA-256(tag || options)``: it pins everything up to and including event ``e``. Each
thing a seat does is an *act*, numbered in the order of the game: its joining (act ``q`` for
seat ``q``, covering event ``q``); its confirmation of the whole table on the way back
(seats ``n-2`` down to 1: acts ``n`` to ``2n-3``, covering event ``n-1``); each turn (act
``2n-2+t`` for turn ``t``, covering event ``n+t``). For an act the seat signs ``tag || act ||
c(event) || x``, where ``x`` is the first 16 bytes of the SHA-256 of the link it makes, all of
it before its own signature: a link's maker signs the whole link, its values, its moves and
the others' signatures included, and the link carries each seat's latest signature only (with
its ``x``), since a later act's chain hash covers every earlier event.

>>> keys = SeatKeys.of(bytes(32))
>>> message = act_message(3, bytes(32), bytes(16))
>>> check(keys.public, message, keys.sign(message)), check(keys.public, message, bytes(64))
(True, False)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from taluva.play.bylink import ed25519

SEAL_SIZE = 64  # an Ed25519 signature
KEY_SIZE = 32
LINK_HASH_SIZE = 16  # bytes of ``x``: a forger needs a second preimage of 128 bits
_CHAIN_TAG = b"taluva seat chain 3"
_KEY_TAG = b"taluva seat key 3"
_RECORD_TAG = b"taluva record 3"
_ACT_TAG = b"taluva act 3"
_LINK_TAG = b"taluva link 3"


@dataclass(frozen=True)
class SeatKeys:
    """What a device derives from its secret of a game: the start of its hash chain, its
    signing seed and its public key."""

    chain_start: bytes
    seed: bytes
    public: bytes

    @classmethod
    def of(cls, secret: bytes) -> SeatKeys:
        return _keys(bytes(secret))

    def sign(self, message: bytes) -> bytes:
        return ed25519.sign(self.seed, message)


@lru_cache(maxsize=16)
def _keys(secret: bytes) -> SeatKeys:
    seed = hashlib.sha256(_KEY_TAG + secret).digest()
    start = hashlib.sha256(_CHAIN_TAG + secret).digest()
    return SeatKeys(start, seed, ed25519.public_key(seed))


def record_start(options_byte: int) -> bytes:
    """``c(-1)``: the record's hash before any event, bound to the game's options."""
    return hashlib.sha256(_RECORD_TAG + bytes([options_byte])).digest()


def extend(chain: bytes, event: bytes) -> bytes:
    """The chain hash after ``event``."""
    return hashlib.sha256(chain + event).digest()


def seat_event(seat: int, name: str, public: bytes, commitment: bytes) -> bytes:
    """The event of a seat's joining (seat 0's creating): its name, key and commitment."""
    text = name.encode()
    return b"seat" + bytes([seat, len(text)]) + text + public + commitment


def turn_event(turn: int, moves: str) -> bytes:
    """The event of turn ``turn`` (from 0): its moves in notation, ``;``-separated."""
    return b"turn" + turn.to_bytes(2, "big") + moves.encode()


def act_message(act: int, chain: bytes, link_hash: bytes) -> bytes:
    """What a seat signs for act ``act``: the chain hash of the event it covers and its link's."""
    return _ACT_TAG + act.to_bytes(2, "big") + chain + link_hash


def link_hash(body: bytes) -> bytes:
    """``x`` of a link: its bytes before its maker's signature (format character included)."""
    return hashlib.sha256(_LINK_TAG + body).digest()[:LINK_HASH_SIZE]


@lru_cache(maxsize=512)
def check(public: bytes, message: bytes, seal: bytes) -> bool:
    """Whether ``seal`` is ``public``'s signature of ``message``. Remembered: a link carries on
    the signatures of the link before it, which the device checked already."""
    return ed25519.verify(public, message, seal)
