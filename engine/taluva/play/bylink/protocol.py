"""The by-link protocol's acts on a device: create, join, confirm the table, open a turn and
hand it on (see :mod:`taluva.play.bylink` for who reveals and signs what, and when)."""

from __future__ import annotations

# The share code's options code, reused so that both links name options alike.
from taluva.play.bylink import seals, sign
from taluva.play.bylink.chain import reveal_after_turn
from taluva.play.bylink.errors import (
    ChainError,
    LinkFormatError,
    LinkMoveError,
    SecretError,
    TamperedError,
)
from taluva.play.bylink.fairdraw import (
    chain_value,
    commitment,
    draw_tile,
    new_secret,
)
from taluva.play.bylink.game import PLAYING_STAGE, ByLinkGame
from taluva.play.bylink.legacy import pending, turn_mac
from taluva.play.bylink.linktext import read_link, to_link
from taluva.play.bylink.names import clean_name
from taluva.play.bylink.wire import FORMAT, MAC_FORMAT, Seal, b64, body_of
from taluva.rules.game import BUILD, PLACE, Game
from taluva.rules.history import relation
from taluva.rules.options import Options


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
    draw = reveal_after_turn(turn, seat, done, game.length)
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
        carried[made_by] = (game.seals[made_by][0], sign.link_hash(body_of(game)))
    return carried


def _signed_link(link: ByLinkGame, keys: sign.SeatKeys) -> str:
    """The text of ``link`` (checked but not yet sealed by its maker) with the maker's signature,
    read back as a receiver reads it."""
    text = _seal(link, keys)
    read_link(text)
    return text


def _seal(link: ByLinkGame, keys: sign.SeatKeys) -> str:
    """``link``'s text signed with ``keys`` as its maker's act (unchecked: tests forge with it)."""
    body = body_of(link)
    act = link._acts[link.maker]  # type: ignore[index]
    event = seals.act_event(link.options.players, act)
    seal = keys.sign(sign.act_message(act, link.chain[event], sign.link_hash(body)))
    return FORMAT + b64(body[1:] + seal)
