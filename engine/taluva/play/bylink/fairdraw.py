"""Tiles drawn by all players together: SHA-256 hash chains and the draw they decide.

The scheme is Blum's coin flipping by commitment (M. Blum, "Coin flipping by telephone",
1981) for n players, with each player's commitments for every draw of the game folded into one
hash chain (L. Lamport, "Password authentication with insecure communication", CACM 1981; the
S/KEY one-time passwords, RFC 1760). A player picks a random secret ``x0`` and computes
``x(t+1) = SHA-256(x(t))`` up to ``x(L)``, ``L`` the game's tile count; ``x(L)`` is their
commitment, published before anything is revealed. Their value for draw ``i`` (from 0) is
``x(L-1-i)``: values are revealed backwards, each one the preimage of the one before, so a
revealed value is checked by hashing it ``i + 1`` times back to the commitment, it can be
neither chosen nor changed after the commitment, and no later value can be computed from it.

Draw ``i`` takes the SHA-256 of the game's id, ``i`` and every seat's value for draw ``i``,
reads it as a 256-bit number and takes it modulo the number of tiles still unseen: that index
in the unseen stack (sorted by kind, one entry per tile) is the tile. The modulo bias is below
48 / 2**256.

>>> secret = bytes(32)
>>> top = commitment(secret, 3)
>>> [check_value(chain_value(secret, 3, i), i, top) for i in range(3)]
[True, True, True]
>>> check_value(chain_value(secret, 3, 1), 0, top)
False
>>> earlier_value(chain_value(secret, 3, 2), 2, 0) == chain_value(secret, 3, 0)
True
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence

from taluva.rules.tiles import TILE_KINDS, Tile

DIGEST_SIZE = 32  # bytes of a secret, a chain value and a commitment (SHA-256)
_DRAW_TAG = b"taluva fair draw 1"
_GAME_TAG = b"taluva fair game 1"


def new_secret() -> bytes:
    """A fresh random secret (it never leaves its owner's device)."""
    return os.urandom(DIGEST_SIZE)  # not `secrets`: its import costs the page a first visit


def _hash(value: bytes, times: int) -> bytes:
    for _ in range(times):
        value = hashlib.sha256(value).digest()
    return value


def commitment(secret: bytes, length: int) -> bytes:
    """The end of the chain of ``length`` values that starts at ``secret``."""
    return _hash(secret, length)


def chain_value(secret: bytes, length: int, draw: int) -> bytes:
    """The value of the chain of ``secret`` for draw ``draw`` (0 to ``length - 1``)."""
    if not 0 <= draw < length:
        raise ValueError(f"a chain of {length} values has no value for draw {draw}")
    return _hash(secret, length - 1 - draw)


def check_value(value: bytes, draw: int, top: bytes) -> bool:
    """Whether ``value`` is the value for draw ``draw`` of the chain committed to by ``top``."""
    return len(value) == DIGEST_SIZE and _hash(value, draw + 1) == top


def earlier_value(value: bytes, draw: int, wanted: int) -> bytes:
    """The value for draw ``wanted`` (at most ``draw``) of the chain whose value for ``draw``
    is ``value``: revealing a value reveals every earlier one, and no later one."""
    if wanted > draw:
        raise ValueError(f"the value for draw {wanted} cannot be computed from draw {draw}'s")
    return _hash(value, draw - wanted)


def game_id(options_code: str, commitments: Sequence[bytes]) -> bytes:
    """What every draw of one game is bound to: its options and every seat's commitment."""
    return hashlib.sha256(_GAME_TAG + options_code.encode() + b"".join(commitments)).digest()


def draw_tile(game: bytes, draw: int, values: Sequence[bytes], unseen: dict[Tile, int]) -> Tile:
    """The tile of draw ``draw`` given every seat's value for it, from the ``unseen`` tiles.

    >>> from taluva.rules.tiles import tile_from_code
    >>> unseen = {tile_from_code('JC'): 1, tile_from_code('LL'): 2}
    >>> tiles = {draw_tile(bytes(32), i, [bytes([i])], unseen) for i in range(40)}
    >>> sorted(tiles) == sorted(unseen)
    True
    """
    digest = hashlib.sha256(_DRAW_TAG + game + draw.to_bytes(2, "big") + b"".join(values))
    stack = [kind for kind in TILE_KINDS for _ in range(unseen.get(kind, 0))]
    return stack[int.from_bytes(digest.digest(), "big") % len(stack)]
