"""A placement seen as it is made (taluva.play.live.step): whole games where every placement goes
from the mover's device (``liveStepOut``) to the others' (``liveStepIn``) before the mover's
whole-turn link, and every step that does not fit refused with the game on screen unchanged.

Devices share one worker here, as in test_bylink.py: each keeps its secret and its last link,
and the screen shows one game at a time."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bylink_table import Table, ask, played, refused
from taluva.play import bylink, screen
from taluva.play.bylink import ChainError, LinkMoveError, sign
from taluva.play.bylink.fairdraw import DIGEST_SIZE, chain_value
from taluva.play.bylink.session import ByLinkSession
from taluva.play.live import LiveStepError, StepSession, read_message, step_out, stepped
from taluva.play.live import page as live
from taluva.rules.game import BUILD, OVER, PLACE
from taluva.rules.moves import format_move
from taluva.rules.options import Options


def test_a_2_player_game_through_the_doors_with_every_placement_seen_as_it_is_made() -> None:
    rng = random.Random(5)
    made = ask("bylinkCreate", options={"players": 2}, name="Ann")
    joined = ask("bylinkJoin", link=made["link"], name="Bo")
    secrets, link = [made["secret"], joined["secret"]], joined["link"]
    seen: list[tuple[int, tuple[int, int], str]] = []  # each step as the friend's screen showed it
    while ask("bylinkRead", link=link)["stage"] == "playing":
        mover = ask("bylinkRead", link=link)["toAct"]
        friend = 1 - mover
        view = ask("bylinkOpen", link=link, secret=secrets[mover])  # the mover's device
        placement = rng.choice(screen.current().game.legal_placements())
        view = ask("play", move={"notation": format_move(placement)})
        text = ask("liveStepOut")
        assert read_message(text)["placement"] == format_move(placement)
        while view["state"]["phase"] == BUILD:
            build = rng.choice(screen.current().game.legal_builds())
            view = ask("play", move={"notation": format_move(build)})
        passed = ask("bylinkHandOn")["link"]
        # The friend's device holds `link` and gets the step (before the link, on the channel).
        shown = ask("liveStepIn", link=link, text=text, secret=secrets[friend])
        game = screen.current().game
        assert shown["bylink"]["seat"] == friend and shown["bylink"]["toAct"] == mover
        assert shown["bylink"]["link"] == link and not shown["bylink"]["canHandOn"]
        assert shown["state"]["phase"] == game.phase and game.phase != PLACE
        assert shown["moves"] == {} and not shown["canUndo"]
        assert game.turns[-1].placement == placement
        seen.append((mover, game.turns[-1].tile, format_move(placement)))  # type: ignore[arg-type]
        link = passed  # then the link arrives and is opened as usual
        assert ask("bylinkOpen", link=link, secret=secrets[friend])["bylink"]["seat"] == friend
    final = bylink.read_link(link)
    assert final.game.phase == OVER and len(final.game.turns) == 24
    played_turns = [(t.seat, t.tile, format_move(t.placement)) for t in final.game.turns]  # type: ignore[arg-type]
    assert played_turns == seen


def test_a_3_player_game_with_every_step_seen_by_both_friends() -> None:
    table = Table(Options(players=3), 11)
    rng = random.Random(11)
    seen: list[tuple[int, tuple[int, int], Any]] = []
    while table.last.stage == "playing":
        game = table.last
        mover = game.to_act
        assert mover is not None
        session = ByLinkSession.open(game, table.secrets[mover])
        session.play(rng.choice(session.game.legal_placements()))
        text = step_out(session)
        turn = session.game.turns[-1]
        for friend in {0, 1, 2} - {mover}:
            view = live.step_in(table.links[-1], text, table.secrets[friend].hex(), None)
            shown = screen.current()
            assert isinstance(shown, StepSession) and shown.seat == friend
            assert view["bylink"]["toAct"] == mover and view["moves"] == {}
            assert (shown.game.turns[-1].tile, shown.game.turns[-1].placement) == (
                turn.tile,
                turn.placement,
            )
        seen.append((mover, turn.tile, turn.placement))
        while session.game.phase == BUILD:
            session.play(rng.choice(session.game.legal_builds()))
        table.send(mover, table.links[-1], session.hand_on())
    final = table.last
    assert final.game.phase == OVER and len(final.game.turns) == 36
    assert [(t.seat, t.tile, t.placement) for t in final.game.turns] == seen


def test_a_mover_who_takes_its_placement_back_sends_another_step_and_its_link_decides() -> None:
    table = played(Options(players=2), 21, 4)
    game = table.last
    mover = game.to_act
    assert mover is not None
    session = ByLinkSession.open(game, table.secrets[mover])
    first, second = session.game.legal_placements()[:2]
    session.play(first)
    before = step_out(session)
    session.undo()
    session.play(second)
    after = step_out(session)
    assert read_message(before)["value"] == read_message(after)["value"]  # one draw, one tile
    for text, placement in ((before, first), (after, second)):
        assert stepped(game, read_message(text)).turns[-1].placement == placement
    session.play(session.game.legal_builds()[0])
    assert bylink.read_link(session.hand_on()).game.turns[-1].placement == second


def test_a_watcher_with_no_secret_sees_the_step() -> None:
    table, text, mover = a_step()
    view = ask("liveStepIn", link=table.links[-1], text=text)
    assert view["bylink"]["seat"] is None and view["bylink"]["toAct"] == mover


# ---------------------------------------------------------------------- steps that do not fit


def a_step(players: int = 2, turns: int = 3, seed: int = 7) -> tuple[Table, str, int]:
    """A game played to ``turns`` turns, and the step of the next one's first placement."""
    table = played(Options(players=players), seed, turns)
    mover = table.last.to_act
    assert mover is not None
    session = ByLinkSession.open(table.last, table.secrets[mover])
    session.play(session.game.legal_placements()[0])
    return table, step_out(session), mover


def changed(text: str, **fields: Any) -> str:
    """The step ``text`` with ``fields`` changed, as a hostile page could send it."""
    return json.dumps({**json.loads(text), **fields})


def refused_unchanged(table: Table, **params: Any) -> dict[str, Any]:
    """``liveStepIn``'s error, once checked that the game on screen (a friend's) is untouched."""
    friend = 1 - (table.last.to_act or 0)  # over: either seat
    ask("bylinkOpen", link=table.links[-1], secret=table.secrets[friend].hex())
    before, state = screen.current(), ask("state")
    params.setdefault("link", table.links[-1])
    error = refused("liveStepIn", secret=table.secrets[friend].hex(), **params)
    assert screen.current() is before and ask("state") == state
    return error


def test_a_step_fits_where_the_refusals_below_are_tested() -> None:
    table, text, _ = a_step()
    friend = 1 - table.last.to_act  # type: ignore[operator]
    ask("liveStepIn", link=table.links[-1], text=text, secret=table.secrets[friend].hex())


@pytest.mark.parametrize("forged", ["random", "next draw's", "revealed", "another seat's"])
def test_a_step_with_a_forged_value_is_refused(forged: str) -> None:
    """The value must hash back to the mover's commitment: no other value gives the tile, not
    even another value of the mover's own chain."""
    table, text, mover = a_step()
    game, draw = table.last, len(table.last.game.turns)
    start = sign.SeatKeys.of(table.secrets[mover]).chain_start
    value = {
        "random": random.Random(1).randbytes(DIGEST_SIZE),
        "next draw's": chain_value(start, game.length, draw + 1),
        "revealed": game.revealed[mover][1],  # type: ignore[index]
        "another seat's": game.values_for(draw)[1 - mover],
    }[forged]
    assert value is not None
    error = refused_unchanged(table, text=changed(text, value=value.hex()))
    assert (error["type"], error["code"]) == ("ChainError", "bylink-chain")
    assert error["args"] == {"seat": mover, "draw": draw}
    with pytest.raises(ChainError):
        stepped(game, read_message(changed(text, value=value.hex())))


@pytest.mark.parametrize("off", [-1, 1, 2])
def test_a_step_for_another_turn_is_refused(off: int) -> None:
    table, text, _ = a_step()
    turn = read_message(text)["turn"]
    error = refused_unchanged(table, text=changed(text, turn=turn + off))
    assert (error["type"], error["kind"], error["code"]) == ("LiveStepError", "live", "live-step")
    assert error["args"] == {"problem": "turn", "turn": turn + off, "expected": turn}


def test_a_step_checked_against_an_old_link_or_an_old_step_against_the_new_link_is_refused() -> (
    None
):
    table, text, _ = a_step(turns=4)
    older = table.links[-3]  # two turns before
    error = refused_unchanged(table, text=text, link=older)
    assert error["args"] == {"problem": "turn", "turn": 5, "expected": 3}
    _, old_text, _ = a_step(turns=3)  # the same game (one seed), a turn earlier
    error = refused_unchanged(table, text=old_text)
    assert error["args"] == {"problem": "turn", "turn": 4, "expected": 5}


def test_a_step_placing_the_tile_away_from_the_landscape_is_refused_naming_R_TILE_2() -> None:
    table, text, _ = a_step()
    error = refused_unchanged(table, text=changed(text, placement="9,-9/2"))
    assert (error["type"], error["code"], error["rule"]) == (
        "LinkMoveError",
        "bylink-move",
        "R-TILE-2",
    )
    assert error["args"] == {"turn": 4, "rule": "R-TILE-2"} and "R-TILE-2" in error["message"]
    with pytest.raises(LinkMoveError, match="R-TILE-2"):
        stepped(table.last, read_message(changed(text, placement="9,-9/2")))


def test_a_first_step_away_from_the_centre_is_refused_naming_R_TILE_1() -> None:
    table, text, _ = a_step(turns=0)
    error = refused_unchanged(table, text=changed(text, placement="1,0/2"))
    assert (error["code"], error["rule"], error["args"]["turn"]) == ("bylink-move", "R-TILE-1", 1)


def test_a_step_of_another_game_is_refused() -> None:
    table, text, _ = a_step()
    other, other_text, _ = a_step(seed=8)
    assert read_message(text)["gameId"] != read_message(other_text)["gameId"]
    error = refused_unchanged(table, text=other_text)
    assert error["args"] == {"problem": "game", "turn": 4}


def test_a_step_is_refused_on_the_movers_own_device_and_before_or_after_play() -> None:
    table, text, mover = a_step()
    error = refused(
        "liveStepIn", link=table.links[-1], text=text, secret=table.secrets[mover].hex()
    )
    assert error["args"] == {"problem": "mover", "turn": 4}
    joining = bylink.read_link(table.links[0])  # seat 0's first link: Bo still to join
    with pytest.raises(LiveStepError, match="the game is joining"):
        stepped(joining, read_message(text))
    over = played(Options(players=2), 7, 24)
    error = refused_unchanged(over, text=changed(text, turn=25))
    assert error["args"]["problem"] == "stage"


def test_a_step_is_a_step_message() -> None:
    table, _, _ = a_step()
    error = refused_unchanged(table, text='{"v": 1, "type": "bye"}')
    assert (error["code"], error["args"]["problem"]) == ("live-message", "type")
    error = refused_unchanged(table, text="not a message")
    assert (error["code"], error["args"]["problem"]) == ("live-message", "not-json")


# ----------------------------------------------------------------- the two ends of the door


def test_a_friends_placement_on_screen_answers_as_bylink_open_and_plays_nothing() -> None:
    table, text, mover = a_step()
    friend = 1 - mover
    opened = ask("bylinkOpen", link=table.links[-1], secret=table.secrets[friend].hex())
    shown = ask("liveStepIn", link=table.links[-1], text=text, secret=table.secrets[friend].hex())
    assert set(shown) == set(opened) and set(shown["bylink"]) == set(opened["bylink"])
    assert shown["state"]["phase"] == BUILD and shown["moves"] == {}
    assert not shown["canUndo"] and not shown["canRedo"]
    build = screen.current().game.legal_builds()[0]
    error = refused("play", move={"notation": format_move(build)})
    assert (error["code"], error["args"]) == ("bylink-secret", {"seat": mover})
    assert refused("undo")["code"] == "nothing-to-undo"
    assert refused("bylinkHandOn")["code"] == "bylink-secret"
    assert ask("state") == shown["state"] | {"log": ask("state")["log"]}


def test_a_step_goes_out_only_from_the_movers_device_once_its_tile_is_placed() -> None:
    table = played(Options(players=2), 7, 3)
    mover = table.last.to_act
    assert mover is not None
    ask("newGame", options={"players": 2}, seed=1)
    assert refused("liveStepOut")["code"] == "bylink-secret"  # not a by-link game
    ask("bylinkOpen", link=table.links[-1], secret=table.secrets[1 - mover].hex())
    assert refused("liveStepOut")["code"] == "bylink-secret"  # not this device's turn
    ask("bylinkOpen", link=table.links[-1])
    assert refused("liveStepOut")["code"] == "bylink-secret"  # no secret at all
    ask("bylinkOpen", link=table.links[-1], secret=table.secrets[mover].hex())
    error = refused("liveStepOut")
    assert (error["code"], error["args"]) == ("live-step", {"problem": "placement", "turn": 4})
    placement = screen.current().game.legal_placements()[0]
    ask("play", move={"notation": format_move(placement)})
    message = read_message(ask("liveStepOut"))
    start = sign.SeatKeys.of(table.secrets[mover]).chain_start
    assert message == {
        "v": 1,
        "type": "step",
        "gameId": table.last.game_id,
        "turn": 4,
        "value": chain_value(start, table.last.length, 3).hex(),
        "placement": format_move(placement),
    }
    ask("play", move=ask("legalMoves")[0])  # the build: the step still tells the placement
    assert read_message(ask("liveStepOut")) == message
