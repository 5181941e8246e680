"""Players of signed by-link games on their own devices, and a cheat among them.

A device keeps only its secret and the last link it sent or was sent; links are the only
messages, read as the page reads them (``bylink.read_link``, ``bylink.compare``). The cheat
makes links the engine would never make: it changes what others signed, then signs its own act
over the result with its own key (``protocol._seal``), as a modified page could.
"""

from __future__ import annotations

import base64
import copy
import json
import random
from collections.abc import Sequence

from taluva.bridge import handle
from taluva.play import bylink
from taluva.play.bylink import ByLinkGame, chain, protocol, sign
from taluva.play.bylink.fairdraw import DIGEST_SIZE, chain_value, commitment
from taluva.rules.game import BUILD, PLACE, Game
from taluva.rules.moves import Move
from taluva.rules.options import Options

NAMES = ("Ann", "Bo", "Cy", "Di")


class Table:
    """An honest game: ``links`` in the order they were sent, ``kept[seat]`` each device's last."""

    def __init__(self, options: Options, seed: int) -> None:
        self.rng = random.Random(seed)  # the moves, and the secrets so that a test replays
        n = options.players
        link, secret = bylink.create(options, self.rng.randbytes(DIGEST_SIZE), name=NAMES[0])
        self.secrets, self.links, self.kept = [secret], [link], {0: link}
        for seat in range(1, n):
            joined, secret = bylink.join(
                bylink.read_link(link), self.rng.randbytes(DIGEST_SIZE), name=NAMES[seat]
            )
            self.secrets.append(secret)
            self.send(seat, link, joined)
            link = joined
        while self.last.confirming:
            seat = self.last.to_act
            assert seat is not None
            self.send(seat, self.links[-1], bylink.confirm(self.last, self.secrets[seat]))
        self.drawn: list[tuple[int, tuple[int, int]]] = []  # (seat, tile) as each mover saw it

    def send(self, seat: int, received: str, made: str) -> None:
        """``seat``'s device read ``received`` and made ``made``: it keeps its own link."""
        self.kept[seat] = made
        self.links.append(made)

    @property
    def last(self) -> ByLinkGame:
        return bylink.read_link(self.links[-1])

    def play_turn(self, choose: Sequence[Move] | None = None) -> None:
        game = self.last
        seat = game.to_act
        assert seat is not None
        turn = bylink.open_turn(game, self.secrets[seat])
        self.drawn.append((seat, turn.tile))  # type: ignore[arg-type]
        for move in choose or ():
            turn.play(move)
        while turn.phase in (PLACE, BUILD):
            turn.play(turn.random_move(self.rng))
        self.send(seat, self.links[-1], bylink.hand_on(game, turn, self.secrets[seat]))

    def play_to(self, turns: int) -> None:
        while len(self.last.game.turns) < turns:
            self.play_turn()

    def play_to_end(self) -> ByLinkGame:
        while self.last.stage != "over":
            self.play_turn()
        return self.last

    def seat_of(self, seat: int) -> int:
        return seat


_PLAYED: dict[tuple[Options, int, int], Table] = {}


def played(options: Options, seed: int, turns: int) -> Table:
    """``Table(options, seed)`` played to ``turns`` turns, for the tests that share one game:
    each gets its own copy of a table played once. (Each honest turn reads the whole link so
    far, so the play is most of the time of a test that goes to a game's last round.)"""
    key = (options, seed, turns)
    if key not in _PLAYED:
        table = Table(options, seed)
        table.play_to(turns)
        _PLAYED[key] = table
    return copy.deepcopy(_PLAYED[key])


# ------------------------------------------------------------------------------ the cheat


def rebuilt(game: ByLinkGame, **changes: object) -> ByLinkGame:
    """``game`` with fields changed (moves, revealed, names, keys, commitments, options, seals),
    checked by the rules but not by the signatures."""
    fields = {
        "options": game.options,
        "commitments": game.commitments,
        "revealed": game.revealed,
        "moves": game.moves,
        "names": game.names,
        "keys": game.keys,
        "seals": protocol._carried(game),
    }
    fields.update(changes)
    return ByLinkGame(
        fields.pop("options"),  # type: ignore[arg-type]
        fields.pop("commitments"),  # type: ignore[arg-type]
        fields.pop("revealed"),  # type: ignore[arg-type]
        fields.pop("moves"),  # type: ignore[arg-type]
        check_seals=False,
        **fields,  # type: ignore[arg-type]
    )


def signed_as(game: ByLinkGame, secret: bytes) -> str:
    """``game``'s link signed by the seat of ``secret`` as its maker, whatever else it carries."""
    return protocol._seal(game, sign.SeatKeys.of(secret))


def other_turns(game: Game, turn: int, rng: random.Random) -> list[list[Move]]:
    """Whole turns, other than the one played, for turn ``turn`` (from 0) of ``game``: same
    tile, another placement or build, shuffled."""
    board = Game(game.options, 0)
    for played in game.turns[:turn]:
        board.draw(played.tile)
        board.push(played.placement)
        if played.build is not None:
            board.push(played.build)
    board.draw(game.turns[turn].tile)
    played = game.turns[turn]
    turns = []
    for placement in board.legal_placements():
        board.push(placement)
        turns += [[placement, build] for build in board.legal_builds()]
        board.pop()
    rng.shuffle(turns)
    return [t for t in turns if (t[0], t[1]) != (played.placement, played.build)]


def moves_of(game: Game, turns: range) -> list[Move]:
    return [m for t in turns for m in (game.turns[t].placement, game.turns[t].build) if m]


def rewrite_turn(table: Table, cheat: int, turn: int) -> str:
    """The link ``cheat`` (whose turn it is) hands on after rewriting turn ``turn`` (from 0,
    another seat's, any earlier turn) and playing its own turn on the rewritten board: every
    later move kept where it stays legal, the cheat's own chosen afresh."""
    assert table.last.to_act == cheat
    return rewritten_link(table.last, table.secrets[cheat], turn)


def rewritten_link(received: ByLinkGame, secret: bytes, turn: int) -> str:
    """What :func:`rewrite_turn` makes, from the link the cheat received and its secret."""
    cheat = received.to_act
    assert cheat is not None
    rng = random.Random(turn)
    played = received.game
    later = range(turn + 1, len(played.turns))
    for other in other_turns(played, turn, rng):
        moves = [*moves_of(played, range(turn)), *other, *moves_of(played, later)]
        try:
            base = rebuilt(received, moves=moves)
        except bylink.LinkMoveError:
            continue  # a later move no longer legal: try another rewrite
        own = bylink.open_turn(base, secret)
        while own.phase in (PLACE, BUILD):
            own.play(own.random_move(rng))
        depth = chain.reveal_after_turn(own, cheat, len(played.turns), base.length)
        revealed = list(base.revealed)
        start = sign.SeatKeys.of(secret).chain_start
        revealed[cheat] = (depth, chain_value(start, base.length, depth))
        last = own.turns[-1]
        mine = [m for m in (last.placement, last.build) if m is not None]
        return signed_as(rebuilt(base, moves=[*moves, *mine], revealed=revealed), secret)
    raise AssertionError("no other turn keeps the game legal")


def puppet_entry(rng: random.Random, length: int) -> tuple[bytes, bytes, bytes]:
    """A puppet's secret, its key and its commitment."""
    secret = rng.randbytes(DIGEST_SIZE)
    keys = sign.SeatKeys.of(secret)
    return secret, keys.public, commitment(keys.chain_start, length)


def join_unchecked(game: ByLinkGame, secret: bytes, name: str) -> str:
    """What :func:`bylink.join` makes, without checking the link it joins first."""
    keys = sign.SeatKeys.of(secret)
    n, seat, length = game.options.players, len(game.commitments), game.length
    depth = min(n - 2, length - 1)
    shown = (depth, chain_value(keys.chain_start, length, depth)) if seat == n - 1 else None
    joined = rebuilt(
        game,
        commitments=[*game.commitments, commitment(keys.chain_start, length)],
        revealed=[*game.revealed, shown],
        names=[*game.names, name],
        keys=[*game.keys, keys.public],
    )
    return signed_as(joined, secret)


def confirm_unchecked(game: ByLinkGame, secret: bytes) -> str:
    """What :func:`bylink.confirm` makes, without checking the link first (a cheat's, or an
    honest seat's that did not look)."""
    seat = game.to_act
    assert seat is not None
    start = sign.SeatKeys.of(secret).chain_start
    revealed = list(game.revealed)
    depth = min(seat - 1, game.length - 1)
    revealed[seat] = (depth, chain_value(start, game.length, depth))
    return signed_as(rebuilt(game, revealed=revealed), secret)


def link_bytes(link: str) -> bytearray:
    """A by-link link's bytes (after its one-letter format), to change one of them."""
    body = link[1:]
    return bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def ask(method: str, **params: object) -> dict:
    """The bridge's result for a request the page could send; fails if it is refused."""
    reply = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert reply["ok"], reply
    return reply["result"]


def refused(method: str, **params: object) -> dict:
    """The bridge's error for a request it must refuse; fails if it is answered."""
    reply = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert not reply["ok"], reply
    return reply["error"]
