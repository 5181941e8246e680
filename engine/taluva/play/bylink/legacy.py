"""Move MACs of format-2 by-link links: still read, checked and continued
(:mod:`taluva.play.bylink`).

Format 2 authenticated moves with TESLA's delayed key disclosure (A. Perrig, R. Canetti, J. D.
Tygar, D. Song, "Efficient authentication and signing of multicast streams over lossy
channels", IEEE S&P 2000): each turn carried an HMAC-SHA256 (8 bytes) of its moves keyed with
its mover's chain value for the draw after the ones it revealed with that turn, which only the
mover's next link revealed. It left the last round without MACs and the join unauthenticated,
which format 3's signatures close; a game begun in format 2 goes on in it, and the page says
its links are of the older, weaker kind.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TYPE_CHECKING

from taluva.play.bylink.errors import LinkMoveError
from taluva.rules.game import Game
from taluva.rules.moves import Move, format_move

if TYPE_CHECKING:
    from taluva.play.bylink.game import ByLinkGame

MAC_SIZE = 8  # bytes of a turn's MAC: a forger has one blind guess in 2**64
_MAC_TAG = b"taluva move mac 1"


def turn_mac(game: ByLinkGame, turn: int, moves: Sequence[Move], key: bytes) -> bytes:
    """The MAC of turn ``turn`` (from 0) and its ``moves`` under its mover's chain value ``key``
    (TESLA's delayed key disclosure: the key is revealed in the mover's next link)."""
    data = _MAC_TAG + game.draw_id + bytes([turn]) + ";".join(map(format_move, moves)).encode()
    return hmac.new(key, data, hashlib.sha256).digest()[:MAC_SIZE]


def turn_moves(game: Game, turn: int) -> list[Move]:
    played = game.turns[turn]
    return [m for m in (played.placement, played.build) if m is not None]


def pending(game: ByLinkGame, revealed: Sequence[tuple[int, bytes] | None], turn: int) -> bool:
    """Whether the key of ``turn``'s MAC is still unrevealed by its mover in ``revealed``."""
    entry = revealed[game.game.turns[turn].seat]
    return entry is None or entry[0] < game._key_draws[turn]


def check_pending(link: ByLinkGame) -> None:
    """A link carries a MAC for exactly the turns whose keys it does not reveal: one missing
    was stripped, one more is not the protocol's."""
    turns = link.game.turns
    want = {t for t in range(len(turns)) if link._key_draws[t] < link.length}
    want = {t for t in want if pending(link, link.revealed, t)}
    if set(link.macs) != want:
        turn = min(set(link.macs) ^ want)
        raise LinkMoveError(
            f"turn {turn + 1}: the link {'lacks' if turn in want else 'adds'} the MAC of its move",
            turn=turn + 1,
        )


def check_macs(kept: ByLinkGame, other: ByLinkGame) -> None:
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
                turn_mac(other, turn, turn_moves(other.game, turn), key), mac
            )
        if not same:
            raise LinkMoveError(
                f"turn {turn + 1}: seat {seat}'s move is not the one seat {seat} sent (its MAC "
                "does not check): the link was rewritten on the way",
                turn=turn + 1,
                seat=seat,
            )
