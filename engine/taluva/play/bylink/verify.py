"""Everything a by-link link claims, checked: each seat's revealed values against its
commitment, the depth the protocol says it reveals to, every move against the rules with its
drawn tile, the checksum (formats 1 and 2) and every signature (format 3, with
:mod:`taluva.play.bylink.seals`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from taluva.formats.record import write_record

# The share code's options code, reused so that both links name options alike.
from taluva.play.bylink import seals, sign
from taluva.play.bylink.chain import acts_of, missing_value, reveal_after_turn, seat_values
from taluva.play.bylink.errors import (
    ChainError,
    LinkFormatError,
    LinkMoveError,
)
from taluva.play.bylink.fairdraw import (
    check_value,
    draw_tile,
)
from taluva.play.bylink.wire import CHECK_SIZE, body_of, options_byte
from taluva.rules.errors import IllegalMoveError
from taluva.rules.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.rules.moves import Move
from taluva.rules.options import Options

if TYPE_CHECKING:
    from taluva.play.bylink.game import ByLinkGame


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


def verified_game(
    link: ByLinkGame, checksum: bytes | None, check_seals: bool, replayed: Replay | None
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
        replayed = replay_moves(
            options, link.revealed, link.draw_id, len(link.moves), _given(link.moves)
        )
    game = replayed.game
    link._digits = replayed.digits
    for seat, depth in replayed.depths:
        expected[seat] = depth
        link._key_draws.append(depth + 1)  # the mover's next value, unrevealed here
    by: dict[str, Any] = {}
    if link.signed:
        link._acts = acts_of(link, game)
        link.chain = seals.record_chain(link, options_byte(options), game)
        if check_seals:
            body_hash = sign.link_hash(body_of(link, game))
            seals.check_maker(link, link._acts, body_hash)
            by = {"by": seals.maker(link._acts)}  # from here on, what fails is the maker's doing
    if checksum is not None and checksum != moves_checksum(link, game):
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


class Replay:
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


def replay_moves(
    options: Options,
    revealed: Sequence[tuple[int, bytes] | None],
    draw_id: bytes,
    count: int,
    choose: Choose,
) -> Replay:
    """Play ``count`` moves from the start, each drawn tile from the values, each move the one
    ``choose`` picks (its index) among the legal moves of its moment: a link being read picks by
    its number, a link being made by its moves (:func:`_given`)."""
    replay = Replay(Game(options, 0))
    game, length = replay.game, options.tile_count
    draw = seat = 0
    while len(replay.moves) < count:
        if game.phase == OVER:
            raise LinkMoveError("the link has moves after the end of the game")
        if game.phase == DRAW:
            draw, seat = len(game.turns), game.current
            values = seat_values(revealed, draw)
            if None in values:
                raise missing_value(values, draw)
            game.draw(draw_tile(draw_id, draw, values, game.unseen()))  # type: ignore[arg-type]
        listed = listed_moves(game)
        index = choose(game, listed, len(replay.moves))
        replay.digits.append((index, len(listed)))
        replay.moves.append(listed[index])
        game.push(listed[index])
        if game.phase not in (PLACE, BUILD):  # the turn is over
            replay.depths.append((seat, reveal_after_turn(game, seat, draw, length)))
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


def from_number(number: int) -> tuple[Choose, Callable[[], int]]:
    """Pick by the digits of a link's mixed-radix ``number``; the second function says what is
    left of it once every move is read (none, in a link written as links are)."""
    left = [number]

    def choose(game: Game, listed: list[Move], at: int) -> int:
        left[0], index = divmod(left[0], len(listed))
        return index

    return choose, lambda: left[0]


def moves_checksum(link: ByLinkGame, game: Game) -> bytes:
    record = write_record(game, include_seed=False).encode()
    return hashlib.sha256(link.draw_id + record).digest()[:CHECK_SIZE]


def listed_moves(game: Game) -> list[Move]:
    return game.legal_placements() if game.phase == PLACE else game.legal_builds()  # type: ignore[return-value]
