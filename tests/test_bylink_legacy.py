"""By-link games of the older formats (1: no authentication, 2: move MACs): links that users
still hold open and their games go on in their format (signed links: test_bylink.py).

Every game here goes through link text alone: a device keeps its own secret and the last link it
was sent, and reads everything else from the link (``bylink.read_link``), as the page does.
"""

from __future__ import annotations

import base64
import random

import pytest

from bylink_table import ask, link_bytes, refused
from taluva.play import bylink
from taluva.play.bylink import (
    ByLinkGame,
    ChainError,
    HistoryError,
    LinkFormatError,
    LinkMoveError,
    SecretError,
    chain,
)
from taluva.play.bylink.fairdraw import DIGEST_SIZE, chain_value, commitment, earlier_value
from taluva.rules.game import ELIMINATED, FINISHED, OVER, Game
from taluva.rules.moves import Move, parse_move
from taluva.rules.options import Options


class Table:
    """Players on their own devices: each keeps only its secret; links are the only messages."""

    def __init__(self, options: Options, seed: int) -> None:
        self.rng = random.Random(seed)  # the moves, and the secrets so that a test replays
        secret = self.rng.randbytes(DIGEST_SIZE)
        link, secret = bylink.create(options, secret, link_format=bylink.MAC_FORMAT)
        self.secrets = [secret]
        self.links = [link]
        for _ in range(1, options.players):
            link, secret = bylink.join(bylink.read_link(link), self.rng.randbytes(DIGEST_SIZE))
            self.secrets.append(secret)
            self.links.append(link)
        self.drawn: list[tuple[int, tuple[int, int]]] = []  # (seat, tile) as each mover saw it
        self._read: tuple[str, ByLinkGame | None] = ("", None)

    @property
    def last(self) -> ByLinkGame:
        """The last link as its receiver reads it (read once: a read replays the game)."""
        if self._read[0] != self.links[-1]:
            self._read = (self.links[-1], bylink.read_link(self.links[-1]))
        assert self._read[1] is not None
        return self._read[1]

    def play_turn(self) -> None:
        game = self.last
        seat = game.to_act
        assert seat is not None
        turn = bylink.open_turn(game, self.secrets[seat])
        self.drawn.append((seat, turn.tile))  # type: ignore[arg-type]
        while turn.phase in ("place", "build"):
            turn.play(turn.random_move(self.rng))
        self.links.append(bylink.hand_on(game, turn, self.secrets[seat]))

    def play_to_end(self) -> ByLinkGame:
        while self.last.stage != "over":
            self.play_turn()
        return self.last


def _link(data: bytes) -> str:
    return bylink.MAC_FORMAT + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


def _offsets(game: ByLinkGame) -> dict[str, int]:
    """Where the parts of a link's bytes start (see bylink.to_link)."""
    commitments = 3
    revealed = commitments + DIGEST_SIZE * len(game.commitments)
    shown = sum(entry is not None for entry in game.revealed)
    checksum = revealed + (1 + DIGEST_SIZE) * shown
    macs = checksum + 4  # the count of MACs, then each turn's (a byte) and MAC (8 bytes)
    return {
        "commitments": commitments,
        "revealed": revealed,
        "checksum": checksum,
        "macs": macs,
        "moves": macs + 1 + 9 * len(game.macs) + 1,  # after the MACs and the count of moves
    }


@pytest.mark.parametrize(("players", "tiles", "seed"), [(2, "12", 1), (3, "12", 2)])
def test_a_game_played_to_the_end_through_links_alone(players: int, tiles: str, seed: int) -> None:
    table = Table(Options(players=players, tiles=tiles), seed)
    joined = [bylink.read_link(link) for link in table.links[:players]]
    assert [g.stage for g in joined] == ["joining"] * (players - 1) + ["playing"]
    assert [g.to_act for g in joined] == [*range(1, players), 0]  # then seat 0 plays first
    final = table.play_to_end()
    assert final.game.phase == OVER and final.game.result is not None
    # Every receiver saw the tile each mover drew on its own device, and every link reads back.
    assert [(t.seat, t.tile) for t in final.game.turns] == table.drawn
    assert len(table.links) == players + len(final.game.turns)
    assert all(bylink.read_link(link).game_id == final.game_id for link in table.links)
    assert max(len(link) for link in table.links) < bylink.MAX_LENGTH / 2


def test_a_reroll_gets_the_same_tile_or_a_refusal() -> None:
    table = Table(Options(players=2), 11)
    table.play_turn()
    game, seat = table.last, table.last.to_act
    assert seat == 1
    first = bylink.open_turn(game, table.secrets[seat]).tile
    # Reopening the link, even from its text again, draws the same tile.
    assert {
        bylink.open_turn(bylink.read_link(table.links[-1]), table.secrets[1]).tile for _ in range(5)
    } == {first}
    # Another secret is not this seat's: refused, on the device and by the receiver.
    with pytest.raises(SecretError, match="not seat 1's"):
        bylink.open_turn(game, bylink.create(Options(players=2))[1])
    with pytest.raises(SecretError, match="not seat 1's"):
        bylink.open_turn(game, table.secrets[0])
    other = b"\x01" * DIGEST_SIZE
    draw = len(game.game.turns)
    forged = list(game.revealed)
    forged[1] = (draw + 1, chain_value(other, game.length, draw + 1))
    with pytest.raises(ChainError, match="seat 1: the value revealed for draw 2 does not hash"):
        ByLinkGame(game.options, game.commitments, forged, game.moves, link_format="2")
    # A turn played with another tile than the draw's is not handed on.
    turn = Game(game.options, 0)
    for played in game.game.turns:
        turn.draw(played.tile)
        turn.play(played.placement)
        turn.play(played.build)
    kinds = [t for t in turn.unseen() if t != first]
    turn.draw(kinds[0])
    turn.play(turn.random_move(random.Random(0)))
    turn.play(turn.random_move(random.Random(0)))
    with pytest.raises(LinkMoveError, match="another tile"):
        bylink.hand_on(game, turn, table.secrets[1])


def test_a_tampered_revealed_value_is_refused_naming_the_seat_and_draw() -> None:
    table = Table(Options(players=3), 5)
    for _ in range(4):
        table.play_turn()
    game = table.last
    data, at = link_bytes(table.links[-1]), _offsets(game)["revealed"]
    draw = game.revealed[0][0]  # type: ignore[index]
    data[at + 1 + 5] ^= 0x40  # seat 0's value
    with pytest.raises(ChainError, match=f"seat 0: the value revealed for draw {draw} does not"):
        bylink.read_link(_link(data))
    # Revealing deeper or shallower than the protocol says is refused too.
    data = link_bytes(table.links[-1])
    data[at] -= 1
    seat0 = game.revealed[0]
    assert seat0 is not None
    value = earlier_value(seat0[1], seat0[0], seat0[0] - 1)
    data[at + 1 : at + 1 + DIGEST_SIZE] = value
    with pytest.raises(
        ChainError, match=f"seat 0 revealed its chain to draw {draw - 1}, the protocol says {draw}"
    ):
        bylink.read_link(_link(data))


def test_a_tampered_commitment_is_refused() -> None:
    table = Table(Options(players=2), 6)
    for _ in range(3):
        table.play_turn()
    kept, game = bylink.read_link(table.links[-2]), table.last
    data, at = link_bytes(table.links[-1]), _offsets(game)["commitments"]
    data[at + DIGEST_SIZE + 3] ^= 1  # seat 1's commitment
    with pytest.raises(ChainError, match="seat 1: the value revealed for draw .* does not hash"):
        bylink.read_link(_link(data))
    # A whole chain swapped for another (commitment and value, consistently): the link reads,
    # but the device that kept the game knows the commitment it started with.
    secret = b"\x02" * DIGEST_SIZE
    swapped = list(game.commitments)
    swapped[1] = commitment(secret, game.length)
    revealed = list(game.revealed)
    depth = revealed[1][0]  # type: ignore[index]
    revealed[1] = (depth, chain_value(secret, game.length, depth))
    try:
        other = ByLinkGame(game.options, swapped, revealed, game.moves, link_format="2")
    except LinkMoveError:  # the other chain's tiles may not fit the moves: refused as well
        return
    with pytest.raises(ChainError, match="seat 1's commitment is not the one this game has"):
        bylink.compare(kept, other)


def test_a_tampered_move_is_refused() -> None:
    table = Table(Options(players=2), 8)
    for _ in range(6):
        table.play_turn()
    game = table.last
    data, at = link_bytes(table.links[-1]), _offsets(game)["moves"]
    refused = 0
    for index in range(at, len(data)):
        for bit in (1, 4, 32):
            changed = bytearray(data)
            changed[index] ^= bit
            try:
                other = bylink.read_link(_link(changed))
            except bylink.ByLinkError:
                refused += 1
                continue
            assert [t.placement for t in other.game.turns] == [t.placement for t in game.game.turns]
    assert refused == 3 * (len(data) - at)
    with pytest.raises(LinkMoveError, match="checksum: a move was altered"):
        changed = bytearray(data)
        changed[-1] ^= 1
        bylink.read_link(_link(changed))
    # An illegal move (a link made by hand) is refused naming the turn and the rule.
    moves = list(game.moves)
    moves[3] = parse_move("tower 0,1")
    with pytest.raises(LinkMoveError, match=r"turn 2: R-BUILD-\d") as caught:
        ByLinkGame(game.options, game.commitments, game.revealed, moves, link_format="2")
    assert caught.value.facts["turn"] == 2 and caught.value.facts["rule"].startswith("R-BUILD")
    assert caught.value.code == "bylink-move"


def test_a_rewritten_turn_is_caught_by_the_game_kept_on_a_device() -> None:
    """A relayed link cannot prove who made a move (it is not signed); a device that saw the
    move keeps it, and a link of the same game that differs from it is refused, naming the turn."""
    table = Table(Options(players=2), 9)
    for _ in range(3):
        table.play_turn()
    kept = table.last  # seat 1's device before its turn
    seat, game = kept.to_act, kept
    assert seat is not None
    fork = bylink.open_turn(game, table.secrets[seat])
    fork.play(fork.legal_placements()[-1])
    fork.play(fork.legal_builds()[0])
    one = bylink.read_link(bylink.hand_on(game, fork, table.secrets[seat]))
    table.play_turn()
    two = table.last
    assert bylink.compare(kept, two) == "ahead"
    assert bylink.compare(two, kept) == "behind"
    assert bylink.compare(two, bylink.read_link(table.links[-1])) == "same"
    assert one.moves != two.moves
    with pytest.raises(HistoryError, match="turn 4 of the link differs") as caught:
        bylink.compare(two, one)
    assert caught.value.facts == {"turn": 4}
    other = Table(Options(players=2), 10).last
    assert bylink.compare(two, other) is None  # another game: other commitments
    joining = bylink.read_link(table.links[0])
    assert bylink.compare(joining, two) == "ahead" and bylink.compare(two, joining) == "behind"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "carries no game"),
        ("4AAAA", "format '4'"),
        ("1AA", "cut short"),
        ("1" + "A" * 2000, "characters"),
        ("1!!!!", "characters no link has"),
    ],
)
def test_an_unreadable_link_is_refused(text: str, message: str) -> None:
    with pytest.raises(LinkFormatError, match=message) as caught:
        bylink.read_link(text)
    assert caught.value.code == "bylink-format"


def test_a_cut_link_is_refused() -> None:
    table = Table(Options(players=2), 12)
    table.play_turn()
    for cut in (5, 40, 90, len(table.links[-1]) - 3):
        with pytest.raises(bylink.ByLinkError):
            bylink.read_link(table.links[-1][:cut])


def test_joining_and_acting_out_of_turn_are_refused() -> None:
    table = Table(Options(players=2), 13)
    with pytest.raises(LinkFormatError, match="every seat has joined"):
        bylink.join(table.last)
    with pytest.raises(SecretError, match="no tile is drawn now: the game is joining"):
        bylink.open_turn(bylink.read_link(table.links[0]), table.secrets[0])
    game = table.last
    turn = bylink.open_turn(game, table.secrets[0])
    turn.play(turn.legal_placements()[0])
    with pytest.raises(LinkMoveError, match="whole turn"):
        bylink.hand_on(game, turn, table.secrets[0])
    assert bylink.seat_of(game, table.secrets[1]) == 1


def test_a_seat_that_leaves_reveals_its_chain_and_the_others_reveal_one_draw_less() -> None:
    """Seats leave only in their own turn (R-ELIM-1, O-RANK), after their draw, so the mover's
    next draw is the current one plus the other seats still playing. Random games hardly ever
    eliminate anyone at 3 and 4 players, so the rule is checked on positions made for it."""
    table = Table(Options(players=3), 21)
    for _ in range(3):
        table.play_turn()
    game = table.last.game.copy()
    length, draw = table.last.length, len(game.turns) - 1
    assert chain.reveal_after_turn(game, 0, draw, length) == draw + 2
    game.status[2] = ELIMINATED
    assert chain.reveal_after_turn(game, 0, draw, length) == draw + 1
    assert chain.reveal_after_turn(game, 2, draw, length) == length - 1
    game.status[2] = FINISHED
    assert chain.reveal_after_turn(game, 2, draw, length) == length - 1
    near_end = length - 2
    assert chain.reveal_after_turn(table.last.game, 0, near_end, length) == length - 1


# ------------------------------------------------------------------------------ the bridge


def test_the_bridge_refuses_a_tampered_link_and_keeps_the_game_on_screen() -> None:
    table = Table(Options(players=2), 14)
    table.play_turn()
    view = ask("bylinkOpen", link=table.links[-1], secret=table.secrets[1].hex())
    data, at = link_bytes(table.links[-1]), _offsets(table.last)["revealed"]
    data[at + 1] ^= 1
    error = refused("bylinkOpen", link=_link(data), secret=table.secrets[1].hex())
    assert (error["kind"], error["code"], error["args"]) == (
        "bylink",
        "bylink-chain",
        {"seat": 0, "draw": 1},
    )
    assert "seat 0: the value revealed for draw 1 does not hash" in error["message"]
    error = refused("bylinkOpen", link=table.links[-1], secret="00" * 32)
    assert error["code"] == "bylink-secret"
    assert ask("view")["state"] == view["state"]
    # Not this device's turn: the game is shown, and no move can be made.
    shown = ask("bylinkOpen", link=table.links[-1], secret=table.secrets[0].hex())
    assert shown["state"]["phase"] == "draw" and not shown["bylink"]["canHandOn"]
    assert refused("bylinkHandOn")["code"] == "bylink-secret"


def _other_first_turns(first: ByLinkGame) -> list[list[Move]]:
    """Every whole first turn with ``first``'s tile but the one played."""
    turns, board = [], Game(first.options, 0)
    board.draw(first.game.turns[0].tile)
    for placement in board.legal_placements():
        board.push(placement)
        turns += [[placement, build] for build in board.legal_builds()]
        board.pop()
    return [t for t in turns if tuple(t) != first.moves]


def test_a_relayed_rewrite_of_an_earlier_move_is_refused_once_its_key_is_revealed() -> None:
    """Each turn carries a MAC keyed with its mover's next chain value, revealed only in the
    mover's next link (TESLA, delayed key disclosure). A relaying player who rewrote a move did
    so without the key; a device that kept the link with the MAC refuses the first later link
    that reveals the key, naming the turn and its mover, even when the history it kept agrees."""
    table = Table(Options(players=3), 22)  # a game with a rewrite that keeps turns 2-4 legal
    table.play_turn()  # seat 0, turn 1: its MAC keyed with seat 0's value for draw 3
    first = table.last
    assert set(first.macs) == {0}
    for _ in range(3):  # seats 1 and 2, then seat 0 again: its key for turn 1 is revealed
        table.play_turn()
    genuine = table.last
    assert 0 not in genuine.macs and set(genuine.macs) == {1, 2, 3}
    # Seat 1 rewrites seat 0's first turn (another legal turn with the same tile, after which
    # the later turns stay legal), keeps the other turns, and copies the MACs it cannot make:
    # links that read on their own.
    forged_link, forged_first = None, None
    for rewritten in _other_first_turns(first):
        try:
            forged_link = ByLinkGame(
                genuine.options,
                genuine.commitments,
                genuine.revealed,
                [*rewritten, *genuine.moves[2:]],
                macs=genuine.macs,
                link_format="2",
            )
        except LinkMoveError:
            continue
        forged_first = ByLinkGame(
            first.options,
            first.commitments,
            first.revealed,
            rewritten,
            macs=first.macs,
            link_format="2",
        )
        break
    assert forged_link is not None and forged_first is not None
    # A device that kept the forged first turn with its MAC (seat 1 relayed it so) refuses the
    # link that reveals the key: same history, a MAC that does not check.
    with pytest.raises(
        LinkMoveError, match="turn 1: seat 0's move is not the one seat 0 sent"
    ) as e:
        bylink.compare(forged_first, bylink.read_link(bylink.to_link(forged_link)))
    assert e.value.facts == {"turn": 1, "seat": 0} and e.value.code == "bylink-move"
    # The genuine links check, the MAC of turn 1 against the key revealed.
    assert bylink.compare(first, genuine) == "ahead"


def test_a_link_that_strips_or_adds_a_mac_or_drops_to_the_old_format_is_refused() -> None:
    table = Table(Options(players=3), 24)
    for _ in range(4):
        table.play_turn()
    game = table.last
    stripped = dict(game.macs)
    del stripped[min(stripped)]
    with pytest.raises(LinkMoveError, match=r"turn \d+: the link lacks the MAC of its move"):
        ByLinkGame(
            game.options,
            game.commitments,
            game.revealed,
            game.moves,
            macs=stripped,
            link_format="2",
        )
    added = {**game.macs, 0: bytes(8)}
    with pytest.raises(LinkMoveError, match="turn 1: the link adds the MAC of its move"):
        ByLinkGame(
            game.options, game.commitments, game.revealed, game.moves, macs=added, link_format="2"
        )
    # The MACs are checked once their keys are out: a pending one carried changed is refused.
    kept = bylink.read_link(table.links[-2])
    carried = min(set(game.macs) & set(kept.macs))
    changed = {**game.macs, carried: bytes(8)}
    other = ByLinkGame(
        game.options, game.commitments, game.revealed, game.moves, macs=changed, link_format="2"
    )
    with pytest.raises(LinkMoveError, match=f"turn {carried + 1}: .* is not the one"):
        bylink.compare(kept, other)
    assert bylink.compare(kept, game) == "ahead"
    # An old-format link (no MACs) of a game kept with them is refused.
    old = ByLinkGame(game.options, game.commitments, game.revealed, game.moves, link_format="1")
    with pytest.raises(LinkMoveError, match="drops the MACs"):
        bylink.compare(kept, bylink.read_link(bylink.to_link(old)))


def test_a_game_begun_with_old_format_links_goes_on_in_that_format() -> None:
    """Links of the earlier format carry no MACs: they still read, and their games continue."""
    table = Table(Options(players=2), 23)
    table.play_turn()
    game = table.last
    old_text = bylink.to_link(
        ByLinkGame(game.options, game.commitments, game.revealed, game.moves, link_format="1")
    )
    assert old_text.startswith("1") and len(old_text) < len(table.links[-1])
    old = bylink.read_link(old_text)
    assert old.macs == {} and old.moves == game.moves
    turn = bylink.open_turn(old, table.secrets[1])
    turn.play(turn.legal_placements()[0])
    turn.play(turn.legal_builds()[0])
    after = bylink.hand_on(old, turn, table.secrets[1])
    assert after.startswith("1") and bylink.compare(old, bylink.read_link(after)) == "ahead"
