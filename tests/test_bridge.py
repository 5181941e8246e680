"""The page's bridge: JSON text in and out; errors come back as data and lose nothing."""

from __future__ import annotations

import json

from taluva.bridge import handle


def call(method: str, **params):
    reply = json.loads(handle(json.dumps({"id": 7, "method": method, "params": params})))
    assert reply["id"] == 7
    return reply


def test_a_game_through_the_bridge_with_undo_redo_and_reload() -> None:
    view = call("newGame", options={"players": 2}, seed=3)["result"]
    assert view["state"]["phase"] == "place" and not view["canUndo"]
    for _ in range(6):
        view = call("play", move=view["legal"][0])["result"]
    assert view["steps"] == 6 and view["canUndo"]
    before = view["state"]
    view = call("undo")["result"]
    assert view["steps"] == 5 and view["canRedo"]
    view = call("redo")["result"]
    assert view["state"] == before
    record = call("record")["result"]
    share = call("shareCode")["result"]
    assert call("loadRecord", text=record)["result"]["state"]["hexes"] == before["hexes"]
    assert call("loadShareCode", code=share)["result"]["state"]["hexes"] == before["hexes"]
    assert call("stateAt", step=2)["result"]["turn"] == 2


def test_errors_name_the_rule_and_keep_the_game() -> None:
    view = call("newGame", options={"players": 3}, seed=1)["result"]
    view = call("play", move={"notation": "0,0/4"})["result"]
    view = call("play", move=view["legal"][0])["result"]
    reply = call("play", move={"notation": "5,5/6"})
    assert not reply["ok"] and reply["error"]["type"] == "IllegalMoveError"
    assert reply["error"]["message"].startswith("R-TILE")
    assert call("view")["result"]["steps"] == 2
    reason = call("explain", move={"notation": "tower 0,1"})["result"]
    assert reason is None or reason["rule"].startswith("R-")
    for bad in ("{", json.dumps({"method": "play", "params": {"move": 3}})):
        reply = json.loads(handle(bad))
        assert not reply["ok"] and reply["error"]["message"]
    assert not call("loadShareCode", code="1garbage")["ok"]
    assert not call("loadRecord", text="nonsense")["ok"]
    assert not call("newGame", options={"players": 9})["ok"]
    assert call("view")["result"]["steps"] == 2
    assert view["state"]["options"]["players"] == 3


def test_computer_moves_and_hints_are_legal_moves_of_the_current_step() -> None:
    view = call("newGame", options={"players": 2}, seed=9)["result"]
    assert call("aiLevels")["result"][-1] == "strong"
    for level in ("random", "beginner", "intermediate", "strong"):
        move = call("aiChoose", level=level, seed=1)["result"]
        assert move["notation"] in [m["notation"] for m in view["legal"]]
    hint = call("hint")["result"]
    view = call("play", move=hint)["result"]
    assert view["state"]["phase"] == "build"
    assert not call("aiChoose", level="grandmaster")["ok"]
