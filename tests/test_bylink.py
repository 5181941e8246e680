"""Play a friend by link: fair tiles decided by every player, signed links, no server.

Every game here goes through link text alone: a device keeps its own secret and the last link it
sent or was sent, and reads everything else from the link (``bylink.read_link``), as the page
does. (Cheating players: test_bylink_attacks.py; links of the older formats:
test_bylink_legacy.py.)
"""

from __future__ import annotations

import base64
import random

import pytest

from bylink_table import NAMES, Table, ask, link_bytes, played, rebuilt, refused
from taluva.play import bylink
from taluva.play.bylink import (
    AlteredError,
    ByLinkGame,
    ChainError,
    LinkFormatError,
    LinkMoveError,
    SecretError,
    linktext,
    sign,
    wire,
)
from taluva.play.bylink.fairdraw import DIGEST_SIZE, chain_value, draw_tile, earlier_value
from taluva.rules.game import OVER
from taluva.rules.options import Options


def _link(data: bytes) -> str:
    return bylink.FORMAT + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


@pytest.mark.parametrize(("players", "tiles", "seed"), [(2, "12", 1), (3, "12", 2), (4, "12", 3)])
def test_a_game_played_to_the_end_through_links_alone(players: int, tiles: str, seed: int) -> None:
    # The game to its last round is the one test_bylink_attacks rewrites there: played once.
    table = played(Options(players=players, tiles=tiles), seed, 12 * players - 1)
    # The join goes there and back: seats 1..n-1 join, then n-2..1 check the table, then seat 0:
    # 2n-2 links (seat 0's, the n-1 joiners', n-2 confirmations), the last one playing.
    joining = [bylink.read_link(link) for link in table.links[: 2 * players - 2]]
    back = list(range(players - 2, 0, -1))
    assert [g.to_act for g in joining] == [*range(1, players), *back, 0]
    assert [g.stage for g in joining] == ["joining"] * (len(joining) - 1) + ["playing"]
    assert [g.confirming for g in joining[:-1]] == [False] * (players - 1) + [True] * len(back)
    assert len(bylink.read_link(table.links[2 * players - 2]).game.turns) == 1  # then turns
    assert joining[-1].names == NAMES[:players]
    final = table.play_to_end()
    assert final.game.phase == OVER and final.game.result is not None
    # Every receiver saw the tile each mover drew on its own device, and every link reads back.
    assert [(t.seat, t.tile) for t in final.game.turns] == table.drawn
    assert all(bylink.read_link(link).game_id == final.game_id for link in table.links)
    assert max(len(link) for link in table.links) < bylink.MAX_LENGTH * 3 / 4
    # Each device's kept link, compared with the final one: the final one is ahead or the same.
    for seat in range(players):
        kept = bylink.read_link(table.kept[seat])
        assert bylink.compare(kept, table.links[-1], seat) in ("ahead", "same")


def test_every_seat_commits_before_anything_is_revealed() -> None:
    """On the way out nobody reveals a value; the last joiner may (every seat has committed),
    and the others reveal on the way back, after checking the table. A joining link that
    reveals earlier is refused by the engine itself."""
    table = Table(Options(players=4, tiles="12"), 30)
    out = [bylink.read_link(link) for link in table.links[:3]]  # seat 0's, 1's and 2's links
    assert all(entry is None for game in out for entry in game.revealed)
    last_joiner = bylink.read_link(table.links[3])
    assert [e is not None for e in last_joiner.revealed] == [False, False, False, True]
    assert last_joiner.revealed[3][0] == 2  # type: ignore[index]  # the draws before its first
    back = [bylink.read_link(link) for link in table.links[4:]]
    assert [[e is not None for e in g.revealed] for g in back] == [
        [False, False, True, True],
        [False, True, True, True],
    ]
    # Seat 1 reveals while seat 2 is still to join: refused, whoever signs it.
    early = out[1]
    revealed = list(early.revealed)
    start = sign.SeatKeys.of(table.secrets[1]).chain_start
    revealed[1] = (0, chain_value(start, early.length, 0))
    with pytest.raises(ChainError, match="seat 1 revealed its chain to draw 0, the protocol says"):
        rebuilt(early, revealed=revealed)


def test_whoever_holds_the_links_cannot_foresee_the_next_tile() -> None:
    """The next tile depends on the next mover's value for that draw, which no link holds: it is
    the SHA-256 preimage of the deepest value that seat revealed. Replace it, and every link stays
    byte for byte the same while the tile changes."""
    table = Table(Options(players=3), 7)
    table.play_to(5)
    game, draw = table.last, len(table.last.game.turns)
    mover = game.to_act
    assert mover is not None
    secret = table.secrets[mover]
    start = sign.SeatKeys.of(secret).chain_start
    hidden = chain_value(start, game.length, draw)
    for seen in map(bylink.read_link, table.links):
        entry = seen.revealed[mover] if mover < len(seen.revealed) else None
        if entry is not None:
            assert entry[0] < draw
            assert earlier_value(hidden, draw, entry[0]) == entry[1]  # it is that value's preimage
    text = "".join(table.links).encode()
    assert base64.urlsafe_b64encode(hidden).rstrip(b"=")[:20] not in text
    others = game.values_for(draw)
    assert others[mover] is None and sum(v is None for v in others) == 1

    def tile_with(value: bytes) -> tuple[int, int]:
        values = [value if v is None else v for v in others]
        return draw_tile(game.draw_id, draw, values, game.game.unseen())

    assert tile_with(hidden) == bylink.open_turn(game, secret).tile
    rng = random.Random(1)
    assert len({tile_with(rng.randbytes(DIGEST_SIZE)) for _ in range(64)}) >= 5


@pytest.mark.parametrize(("players", "tiles"), [(3, "12")])
def test_no_link_reveals_the_movers_value_for_its_draw(players: int, tiles: str) -> None:
    table = Table(Options(players=players, tiles=tiles), 100)
    table.play_to_end()
    for game in map(bylink.read_link, table.links):
        if game.stage != "playing":
            continue
        draw, mover = len(game.game.turns), game.to_act
        values = game.values_for(draw)
        assert [v is None for v in values] == [s == mover for s in range(players)]


def test_the_secret_and_the_key_stay_secret_when_the_whole_chain_is_out() -> None:
    """A seat that leaves or ends the game reveals its whole chain; its chain starts from a value
    derived from the secret, so neither the secret nor the signing key follows from it."""
    table = Table(Options(players=2, tiles="12"), 3)
    final = table.play_to_end()
    whole = [e for e in final.revealed if e is not None and e[0] == final.length - 1]
    assert whole
    secrets = set(table.secrets)
    seeds = {sign.SeatKeys.of(s).seed for s in table.secrets}
    for _, value in whole:
        assert value not in secrets and value not in seeds


def test_a_reroll_gets_the_same_tile_or_a_refusal() -> None:
    table = Table(Options(players=2), 11)
    table.play_turn()
    game = table.last
    assert game.to_act == 1
    first = bylink.open_turn(game, table.secrets[1]).tile
    assert {bylink.open_turn(bylink.read_link(table.links[-1]), table.secrets[1]).tile} == {first}
    with pytest.raises(SecretError, match="not one of this game's seats|not seat 1's"):
        bylink.open_turn(game, bylink.create(Options(players=2))[1])
    with pytest.raises(SecretError, match="not seat 1's"):
        bylink.open_turn(game, table.secrets[0])
    # A turn played with another tile than the draw's is not handed on.
    turn = game.game.copy()
    turn.draw(next(t for t in turn.unseen() if t != first))
    turn.play(turn.random_move(random.Random(0)))
    turn.play(turn.random_move(random.Random(0)))
    with pytest.raises(LinkMoveError, match="another tile"):
        bylink.hand_on(game, turn, table.secrets[1])


def test_a_link_changed_after_it_was_made_names_nobody() -> None:
    """A revealed value or a carried signature changed on the way (after its maker made it):
    the maker's signature covers the whole link, so the link is refused as changed on the way,
    and its maker is named only as the one whose link it is not."""
    table = Table(Options(players=3, tiles="12"), 5)
    game = bylink.read_link(table.links[-2])  # seat 2's join, on its way back to seat 1
    assert game.maker == 2 and game.confirming
    data = link_bytes(table.links[-2])
    data[-100] ^= 0x10  # in seat 1's carried signature
    with pytest.raises(AlteredError, match="not as seat 2 made it") as caught:
        bylink.read_link(_link(data))
    assert caught.value.facts["seat"] == 2 and caught.value.code == "bylink-altered"
    data = link_bytes(table.links[-2])
    value_at = len(data) - (2 * 80 + 64) - 1 - 20  # in seat 2's revealed value
    data[value_at] ^= 1
    with pytest.raises(AlteredError):
        bylink.read_link(_link(data))


def test_a_changed_move_is_refused_and_never_read_as_other_moves() -> None:
    table = Table(Options(players=2, tiles="12"), 8)
    table.play_to(6)
    game, data = table.last, link_bytes(table.links[-1])
    seal_block = 80 + 64
    moves_at = len(data) - seal_block - 1 - len(wire.pack_moves(game)[1:])
    for index in range(moves_at, len(data) - seal_block):
        for bit in (1, 4, 32):
            changed = bytearray(data)
            changed[index] ^= bit
            with pytest.raises(bylink.ByLinkError):
                bylink.read_link(_link(changed))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "carries no game"),
        ("4AAAA", "format '4'"),
        ("3AA", "cut short"),
        ("3" + "A" * 2000, "characters"),
        ("3!!!!", "characters no link has"),
        ("3A", "cut in the middle"),
    ],
)
def test_an_unreadable_link_is_refused(text: str, message: str) -> None:
    with pytest.raises(LinkFormatError, match=message) as caught:
        bylink.read_link(text)
    assert caught.value.code == "bylink-format"


def test_a_cut_link_is_refused() -> None:
    table = Table(Options(players=2), 12)
    table.play_turn()
    for cut in (5, 40, 90, 300, len(table.links[-1]) - 3):
        with pytest.raises(bylink.ByLinkError):
            bylink.read_link(table.links[-1][:cut])


def test_joining_confirming_and_acting_out_of_turn_are_refused() -> None:
    table = Table(Options(players=3, tiles="12"), 13)
    with pytest.raises(LinkFormatError, match="every seat has joined"):
        bylink.join(bylink.read_link(table.links[2]))
    with pytest.raises(SecretError, match="no tile is drawn now: the game is joining"):
        bylink.open_turn(bylink.read_link(table.links[2]), table.secrets[2])
    with pytest.raises(SecretError, match="not seat 1's"):
        bylink.confirm(bylink.read_link(table.links[2]), table.secrets[2])
    with pytest.raises(SecretError, match="nothing to confirm"):
        bylink.confirm(table.last, table.secrets[0])
    game = table.last
    turn = bylink.open_turn(game, table.secrets[0])
    turn.play(turn.legal_placements()[0])
    with pytest.raises(LinkMoveError, match="whole turn"):
        bylink.hand_on(game, turn, table.secrets[0])
    assert bylink.seat_of(game, table.secrets[1]) == 1


def test_names_are_cleaned_signed_and_written_as_the_page_writes_them() -> None:
    link, _ = bylink.create(Options(players=2), name="  Ann\n\tLee  " + "x" * 30)
    game = bylink.read_link(link)
    assert game.names == ("Ann Lee " + "x" * 16,)
    assert len(game.names[0]) == 24
    # A name not written as the engine writes names is refused, whoever signed it.
    data = link_bytes(link)
    data[3:6] = b" An"
    with pytest.raises(LinkFormatError, match="name"):
        bylink.read_link(_link(data))


def test_an_older_link_says_it_is_of_the_older_kind() -> None:
    link, _ = bylink.create(Options(players=2), link_format="2")
    old = ask("bylinkRead", link=link)
    new = ask("bylinkCreate", options={"players": 2}, name="Ann")
    assert (old["signed"], new["signed"]) == (False, True)
    assert (old["names"], new["names"]) == ([], ["Ann"])


# ------------------------------------------------------------------------------ the bridge


def test_a_three_player_game_through_the_bridge_as_three_devices_would_play_it() -> None:
    """Each device keeps its secret and its last link; the worker shows one game at a time. The
    confirmation on the way back is a hand-on with nothing to play."""
    rng = random.Random(3)
    made = ask("bylinkCreate", options={"players": 3, "tiles": "12"}, name="Ann")
    assert (made["seat"], made["stage"], made["toAct"], made["names"]) == (0, "joining", 1, ["Ann"])
    devices = {0: {"secret": made["secret"], "kept": made["link"]}}
    link = made["link"]
    for seat, name in ((1, "Bo"), (2, "Cy")):
        joined = ask("bylinkJoin", link=link, name=name)
        assert joined["seat"] == seat
        devices[seat] = {"secret": joined["secret"], "kept": joined["link"]}
        link = joined["link"]
    assert (joined["toAct"], joined["confirming"], joined["stage"]) == (1, True, "joining")
    turns = 0
    while True:
        checked = ask("bylinkRead", link=link)
        if checked["stage"] == "over":
            break
        seat = checked["toAct"]
        device = devices[seat]
        read = ask("bylinkRead", link=link, kept=device["kept"], secret=device["secret"])
        assert read["relation"] == "ahead"
        view = ask("bylinkOpen", link=link, secret=device["secret"])
        assert view["bylink"]["seat"] == seat and view["bylink"]["names"] == ["Ann", "Bo", "Cy"]
        if view["bylink"]["confirming"]:
            assert view["bylink"]["canHandOn"]
        else:
            assert view["state"]["phase"] == "place"
        while not view["bylink"]["canHandOn"]:
            moves = ask("legalMoves")
            view = ask("play", move=moves[rng.randrange(len(moves))])
        link = ask("bylinkHandOn")["link"]
        device["kept"] = link
        turns += not view["bylink"]["confirming"]
    assert turns == 36 and checked["summary"]["over"]
    view = ask("bylinkOpen", link=link, secret=devices[1]["secret"])
    assert view["state"]["phase"] == "over" and view["bylink"]["stage"] == "over"
    assert ask("bylinkRead", link=made["link"], kept=link)["relation"] == "behind"


def test_the_bridge_refuses_a_changed_link_and_keeps_the_game_on_screen() -> None:
    table = Table(Options(players=2), 14)
    table.play_turn()
    view = ask("bylinkOpen", link=table.links[-1], secret=table.secrets[1].hex())
    data = link_bytes(table.links[-1])
    data[-1] ^= 1  # the maker's signature
    error = refused("bylinkOpen", link=_link(data), secret=table.secrets[1].hex())
    assert (error["kind"], error["code"]) == ("bylink", "bylink-altered")
    assert error["args"]["seat"] == 0 and error["args"]["gameId"] == table.last.game_id
    error = refused("bylinkOpen", link=table.links[-1], secret="00" * 32)
    assert error["code"] == "bylink-secret"
    assert ask("view")["state"] == view["state"]
    shown = ask("bylinkOpen", link=table.links[-1], secret=table.secrets[0].hex())
    assert shown["state"]["phase"] == "draw" and not shown["bylink"]["canHandOn"]
    assert refused("bylinkHandOn")["code"] == "bylink-secret"


def test_the_bridge_inspects_a_link_for_the_kept_games_without_drawing_or_loading() -> None:
    table = Table(Options(players=2), 14)
    table.play_turn()
    on_screen = ask("newGame", options={"players": 2}, seed=3)
    mover = ask("bylinkInspect", link=table.links[-1], secret=table.secrets[1].hex())
    assert mover["bylink"]["seat"] == 1 and mover["bylink"]["toAct"] == 1
    assert mover["state"]["phase"] == "draw" and mover["state"]["tile"] is None
    assert mover["steps"] == 2 and mover["summary"]["lineage"] and mover["share"]
    shown = ask("bylinkInspect", link=table.links[-1])
    assert shown["bylink"]["seat"] is None and shown["state"] == mover["state"]
    assert refused("bylinkInspect", link=table.links[-1], secret="00" * 32)["code"] == (
        "bylink-secret"
    )
    assert ask("view")["state"] == on_screen["state"]


def test_a_link_is_read_once_and_a_carried_signature_checked_once() -> None:
    """The page asks about one link several times, and each link carries the signatures of the
    one before: both are remembered, so a device verifies each signature once."""
    table = Table(Options(players=4, tiles="12"), 15)
    table.play_to(3)
    linktext._read.cache_clear()
    sign.check.cache_clear()
    bylink.read_link(table.links[-2])
    before = sign.check.cache_info()
    assert before.misses == 4
    bylink.read_link(table.links[-1])
    assert sign.check.cache_info().misses == before.misses + 1  # only the new maker's
    assert bylink.read_link(table.links[-1]) is bylink.read_link(" " + table.links[-1] + "\n")


def test_a_rebuilt_game_with_no_change_is_the_same_link() -> None:
    table = Table(Options(players=3, tiles="12"), 16)
    table.play_to(2)
    game = table.last
    assert bylink.to_link(game) == table.links[-1]
    again = rebuilt(game)
    assert isinstance(again, ByLinkGame) and again.moves == game.moves
    with pytest.raises(LinkMoveError, match="turn 2 stops before its build"):
        rebuilt(game, moves=game.moves[:-1])
