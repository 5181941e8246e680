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

The modules, from the bottom up: :mod:`~taluva.play.bylink.fairdraw` (the hash chains and the
draw), :mod:`~taluva.play.bylink.ed25519` and :mod:`~taluva.play.bylink.sign` (keys and
signatures), :mod:`~taluva.play.bylink.chain` (who revealed what), :mod:`~taluva.play.bylink.wire`
(the link's bytes), :mod:`~taluva.play.bylink.verify` and :mod:`~taluva.play.bylink.game` (a link
checked), :mod:`~taluva.play.bylink.linktext` (the text, read and written),
:mod:`~taluva.play.bylink.protocol` (the acts), :mod:`~taluva.play.bylink.blame` (two links
compared) and :mod:`~taluva.play.bylink.session` (the game on screen). This package gives their
public names.
"""

from taluva.play.bylink.blame import compare
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
from taluva.play.bylink.game import JOINING, OVER_STAGE, PLAYING_STAGE, ByLinkGame
from taluva.play.bylink.legacy import turn_mac
from taluva.play.bylink.linktext import MAX_LENGTH, read_link, to_link
from taluva.play.bylink.protocol import (
    confirm,
    create,
    device_seat,
    hand_on,
    join,
    next_tile_values,
    open_turn,
    seat_of,
)
from taluva.play.bylink.wire import FORMAT, FORMATS, MAC_FORMAT, OLD_FORMAT

__all__ = [
    "FORMAT",
    "FORMATS",
    "JOINING",
    "MAC_FORMAT",
    "MAX_LENGTH",
    "OLD_FORMAT",
    "OVER_STAGE",
    "PLAYING_STAGE",
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
    "device_seat",
    "hand_on",
    "join",
    "next_tile_values",
    "open_turn",
    "read_link",
    "seat_of",
    "to_link",
    "turn_mac",
]
