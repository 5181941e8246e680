"""The page's bridge: JSON text in and out; errors come back as data and lose nothing."""

from __future__ import annotations

import json

import pytest

from taluva.bridge import handle


def call(method: str, **params):
    reply = json.loads(handle(json.dumps({"id": 7, "method": method, "params": params})))
    assert reply["id"] == 7
    return reply


def test_a_game_through_the_bridge_with_undo_redo_and_reload() -> None:
    view = call("newGame", options={"players": 2}, seed=3)["result"]
    assert view["state"]["phase"] == "place" and not view["canUndo"]
    for _ in range(6):
        view = call("play", move=call("legalMoves")["result"][0])["result"]
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


def test_answers_are_json_without_spaces_between_items() -> None:
    """The view crosses to the page after every step (so its size matters), answers and errors
    alike: no space after a comma or a colon, while the strings keep theirs."""
    handle(json.dumps({"id": 1, "method": "newGame", "params": {"seed": 3}}))
    for _ in range(4):
        moves = json.loads(handle('{"id": 2, "method": "legalMoves"}'))["result"]
        handle(json.dumps({"id": 3, "method": "play", "params": {"move": moves[-1]}}))
    view = handle('{"id": 4, "method": "view"}')
    error = handle('{"id": 5, "method": "play", "params": {"move": {"notation": "hut 99,99"}}}')
    for text in (view, error):
        assert text == json.dumps(json.loads(text), separators=(",", ":"))
    assert '"notation":"hut ' in view


def test_errors_name_the_rule_and_keep_the_game() -> None:
    view = call("newGame", options={"players": 3}, seed=1)["result"]
    view = call("play", move={"notation": "0,0/4"})["result"]
    view = call("play", move=call("legalMoves")["result"][0])["result"]
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
    assert call("aiLevels")["result"][-1] == "master"
    for level in ("random", "beginner", "intermediate", "strong", "master"):
        move = call("aiChoose", level=level, seed=1)["result"]
        assert move["notation"] in [m["notation"] for m in call("legalMoves")["result"]]
    hint = call("hint")["result"]
    view = call("play", move=hint)["result"]
    assert view["state"]["phase"] == "build"
    assert not call("aiChoose", level="grandmaster")["ok"]


# ------------------------------------------------------------------- errors as data

ERROR_KEYS = {"type", "message", "kind", "rule", "reason", "code", "args"}


def error_of(method: str, **params) -> dict:
    reply = call(method, **params)
    assert not reply["ok"]
    error = reply["error"]
    assert ERROR_KEYS <= set(error) <= ERROR_KEYS | {"line", "cause"}
    return error


def test_an_illegal_move_names_its_rule_and_reason_apart() -> None:
    call("newGame", options={"players": 2}, seed=3)
    error = error_of("play", move={"notation": "tower 0,1"})
    assert error["type"] == "IllegalMoveError" and error["kind"] == "illegal-move"
    assert error["rule"] == "R-TURN"
    assert error["message"] == f"{error['rule']}: {error['reason']}"
    view = call("play", move={"notation": "0,0/6"})["result"]
    error = error_of("play", move={"notation": "hut 0,0"})
    assert error["rule"] == "R-BUILD-0"
    assert error["reason"] == "nothing is ever built on a volcano (0,0)"
    assert (error["code"], error["args"]) == ("build-on-volcano", {"hex": "0,0"})
    assert call("explain", move={"notation": "hut 0,0"})["result"] == {
        "rule": "R-BUILD-0",
        "code": "build-on-volcano",
        "args": {"hex": "0,0"},
        "text": "nothing is ever built on a volcano (0,0)",
    }
    assert call("view")["result"]["steps"] == view["steps"]


def test_undo_and_redo_with_nothing_to_do_are_illegal_moves_of_R_TURN() -> None:
    call("newGame", options={"players": 2}, seed=3)
    for method in ("undo", "redo"):
        error = error_of(method)
        assert (error["kind"], error["rule"]) == ("illegal-move", "R-TURN")
        assert error["reason"] == f"there is nothing to {method}"
        assert (error["code"], error["args"]) == (f"nothing-to-{method}", {})


def test_a_move_that_is_no_move_is_invalid_move() -> None:
    call("newGame", options={"players": 2}, seed=3)
    error = error_of("play", move={"notation": "castle 0,0"})
    assert error["type"] == "InvalidMoveError"
    assert (error["kind"], error["rule"]) == ("invalid-move", None)
    assert error["reason"] == error["message"]
    assert (error["code"], error["args"]) == ("invalid-move", {})


def test_bad_options_are_options_naming_the_rule_R_MAT_1_O_TEAMS() -> None:
    error = error_of("newGame", options={"players": 9})
    assert (error["type"], error["kind"], error["rule"]) == ("OptionsError", "options", "R-MAT-1")
    assert error_of("newGame", options={"players": 2, "teams": True})["rule"] == "O-TEAMS"
    assert error_of("newGame", options={"colour": "red"})["rule"] is None  # no option at all
    assert error["reason"] == error["message"] == "R-MAT-1: 2 to 4 players, not 9"
    assert (error["code"], error["args"]) == ("options", {})


def test_a_bad_record_is_record_with_its_line_when_known() -> None:
    error = error_of("loadRecord", text="taluva 1\n1 JC 0,0/6 castle 0,1\n")
    assert (error["type"], error["kind"], error["rule"]) == ("RecordError", "record", None)
    assert error["line"] == 2 and error["message"].startswith("line 2: ")
    assert error["reason"] == error["message"]
    assert (error["code"], error["args"]) == ("record-line", {"line": 2})
    assert "cause" not in error
    error = error_of("loadRecord", text="")
    assert error["kind"] == "record" and "line" not in error
    assert (error["code"], error["args"]) == ("record", {})


def test_a_records_illegal_move_keeps_its_rule_and_reason_as_data_R_BUILD_4() -> None:
    error = error_of("loadRecord", text="taluva 1\n1 JC 0,0/6 tower 0,1\n")
    assert (error["kind"], error["code"], error["line"]) == ("record", "record-move", 2)
    assert error["rule"] == error["cause"]["rule"] == "R-BUILD-4"
    assert error["cause"]["code"] == "tower-level"
    assert error["cause"]["args"] == {"hex": "0,1", "level": 1}
    assert error["args"] == {"line": 2, "reason": error["message"].split(": ", 3)[-1]}


@pytest.mark.parametrize(
    ("code", "kind", "keyword", "args"),
    [
        ("", "empty", "empty", {}),
        ("2AAAAAA", "newer", "newer", {"format": 2}),
        ("1AAAAAB", "corrupt", "corrupt", {}),
        ("1__AAAA", "options", "options", {}),
        ("1" + "A" * 1000, "too-long", "too long", {"length": 1001}),
    ],
)
def test_a_bad_share_code_says_which_kind(code: str, kind: str, keyword: str, args: dict) -> None:
    error = error_of("loadShareCode", code=code)
    assert (error["type"], error["kind"], error["rule"]) == ("ShareCodeError", kind, None)
    assert error["message"] == f"{keyword}: {error['reason']}"
    assert (error["code"], error["args"]) == (kind, args)


def test_a_request_the_bridge_cannot_read_is_bad_request_or_unknown_method() -> None:
    for bad in ("{", json.dumps({"method": "play", "params": {"move": 3, "extra": 1}})):
        error = json.loads(handle(bad))["error"]
        assert (error["type"], error["kind"], error["rule"]) == ("BadRequest", "bad-request", None)
        assert error["reason"] == error["message"]
    error = error_of("nope")
    assert (error["type"], error["kind"]) == ("UnknownMethod", "unknown-method")
    assert error["message"] == error["reason"] == "no engine method named 'nope'"


# ------------------------------------------------------------ computer levels


def test_computer_levels_come_from_the_engines_registry() -> None:
    from taluva.ai import levels

    listed = call("computerLevels")["result"]
    assert listed[0] == {
        "id": "random",
        "description": "practice: plays any legal move",
        "strongest": False,
    }
    assert [entry["id"] for entry in listed] == call("aiLevels")["result"] == list(levels.LEVELS)
    assert [entry["strongest"] for entry in listed] == [False] * (len(listed) - 1) + [True]
    assert all(set(entry) == {"id", "description", "strongest"} for entry in listed)


def test_the_hint_is_the_strongest_levels_move() -> None:
    call("newGame", options={"players": 2}, seed=9)
    strongest = next(e["id"] for e in call("computerLevels")["result"] if e["strongest"])
    assert call("hint", seed=2)["result"] == call("aiChoose", level=strongest, seed=2)["result"]


# ------------------------------------------------------------- summary for previews


def test_the_view_summarises_a_new_game() -> None:
    view = call("newGame", options={"players": 4, "teams": True, "found": "any"}, seed=2)["result"]
    assert view["summary"] == {
        "players": 4,
        "tiles": "12",
        "found": "any",
        "rank": False,
        "teams": True,
        "steps": 0,
        "tilesDrawn": 1,  # the first tile is drawn at once
        "over": False,
        "lineage": view["summary"]["lineage"],  # tests/test_lineage.py
    }
    view = call("play", move=call("legalMoves")["result"][0])["result"]
    assert (view["summary"]["steps"], view["summary"]["tilesDrawn"]) == (1, 1)


def test_R_ELIM_1_the_summary_counts_tiles_exactly_after_an_elimination() -> None:
    """Seat 2 is eliminated on turn 3 (a placement, no build), seat 0 on the last turn: a
    count of choices divided by 3 is wrong; the engine counts the tiles."""
    import transcripts
    from taluva.formats.record import write_record
    from taluva.formats.sharecode import encode
    from taluva.play.session import game_at
    from taluva.rules.history import count_decisions

    game = transcripts.load(transcripts.LAST_STANDING_3P)
    summary = call("loadRecord", text=write_record(game))["result"]["summary"]
    assert summary == {
        "players": 3,
        "tiles": "all",
        "found": "isolated",
        "rank": False,
        "teams": False,
        "steps": count_decisions(game.turns),
        "tilesDrawn": len(game.turns),
        "over": True,
        "lineage": summary["lineage"],  # tests/test_lineage.py
    }
    assert summary["tilesDrawn"] == 40 and summary["steps"] == 78
    # After seat 2's elimination: 5 decisions, and turn 4's tile is drawn.
    summary = call("loadShareCode", code=encode(game_at(game, 5)))["result"]["summary"]
    assert (summary["steps"], summary["tilesDrawn"], summary["over"]) == (5, 4, False)
    assert summary["tilesDrawn"] != -(-(summary["steps"] + summary["tilesDrawn"]) // 3)


def test_a_code_or_record_is_inspected_without_touching_the_game_in_play() -> None:
    """The kept games: the page asks about games it does not show."""
    from taluva.formats.record import write_record
    from taluva.formats.sharecode import encode
    from taluva.play.session import game_at
    from taluva.rules.options import Options
    from taluva.tools.randomplay import play_random_game

    other = game_at(play_random_game(Options(players=3), seed=4), 9)
    call("newGame", options={"players": 2}, seed=1)["result"]
    before = call("view")["result"]["share"]
    info = call("inspectCode", code=encode(other))["result"]
    assert info["steps"] == 9 and info["summary"]["players"] == 3
    assert len(info["state"]["players"]) == 3 and info["share"].startswith("1")
    again = call("inspectRecord", text=write_record(other))["result"]
    assert again["summary"] == info["summary"]
    assert call("recordOfCode", code=encode(other))["result"].startswith("taluva 1")
    assert call("view")["result"]["share"] == before  # the game in play is untouched


# The log as a change (to keep the view small): the page passes back the ``logId`` of the view
# it holds as ``logBase`` and gets the entries from ``logFrom`` on.


class Page:
    """The page's side, as web/js/game/view-log.js keeps it: the log of the last view answer."""

    def __init__(self) -> None:
        self.log: list[dict] = []
        self.log_id: str | None = None

    def ask(self, method: str, **params) -> dict:
        view = call(method, logBase=self.log_id, **params)["result"]
        start = view["logFrom"]
        assert 0 <= start <= len(self.log)
        self.log = self.log[:start] + view["state"]["log"]
        self.log_id = view["logId"]
        # Everything but the log is whole, lastMove included (its entry may be before logFrom).
        whole = call("state")["result"]
        assert {**view["state"], "log": None} == {**whole, "log": None}
        return view


def whole_log() -> list[dict]:
    return call("state")["result"]["log"]


def test_the_log_comes_as_a_change_through_a_whole_game_with_undo_and_redo() -> None:
    page = Page()
    view = page.ask("newGame", options={"players": 4}, seed=5)
    assert view["logFrom"] == 0 and page.log == whole_log()
    while view["moves"]:
        view = page.ask("play", move=call("legalMoves")["result"][-1])
        assert page.log == whole_log()
        # Only the turn just played and the one it starts (its tile drawn) are sent.
        assert len(view["state"]["log"]) <= 2
        assert view["logFrom"] >= len(page.log) - 2
        if view["steps"] % 7 == 0:
            for method in ("undo", "undo", "undo", "redo"):
                view = page.ask(method)
                assert page.log == whole_log()
            view = page.ask("redo")
            view = page.ask("redo")
    assert view["state"]["result"] is not None
    assert page.log == whole_log()


def test_a_new_game_or_a_load_replaces_the_log_the_page_holds() -> None:
    page = Page()
    page.ask("newGame", options={"players": 2}, seed=3)
    for _ in range(6):
        page.ask("play", move=call("legalMoves")["result"][0])
    code, held = call("shareCode")["result"], list(page.log)
    view = page.ask("newGame", options={"players": 3}, seed=4)
    assert view["logFrom"] == 0 and page.log == whole_log()  # the first tile drawn
    page.ask("play", move=call("legalMoves")["result"][0])
    assert page.log == whole_log() and len(page.log) == 1
    view = page.ask("loadShareCode", code=code)
    assert view["logFrom"] == 0 and page.log == held
    # The same game again: the page holds every entry already.
    view = page.ask("loadShareCode", code=code)
    assert (view["logFrom"], view["state"]["log"]) == (len(held), [])
    view = page.ask("loadRecord", text=call("record")["result"])
    assert view["logFrom"] == len(held) and page.log == held


def test_a_log_base_the_bridge_did_not_send_last_gets_the_whole_log() -> None:
    page = Page()
    page.ask("newGame", options={"players": 2}, seed=3)
    for _ in range(4):
        page.ask("play", move=call("legalMoves")["result"][0])
    # Another caller's view (the embed, the console's taluva.call) moves the bridge on.
    other = call("play", move=call("legalMoves")["result"][0])["result"]
    assert other["logFrom"] == 0 and other["state"]["log"] == whole_log()
    view = page.ask("undo")
    assert view["logFrom"] == 0 and page.log == whole_log()
    view = page.ask("view")
    assert view["logFrom"] == len(page.log) and view["state"]["log"] == []
    # A base from another worker (a restarted engine) or none at all: the whole log.
    assert call("view", logBase="0123456789ab")["result"]["logFrom"] == 0
    assert call("view")["result"]["state"]["log"] == whole_log()


def test_a_record_shows_the_seed_only_once_the_game_is_over() -> None:
    """During a local game the seed would tell every tile still to come."""
    from taluva.formats.sharecode import encode
    from taluva.rules.options import Options
    from taluva.tools.randomplay import play_random_game

    call("newGame", options={"players": 2}, seed=3)
    for _ in range(4):
        call("play", move=call("legalMoves")["result"][0])
    record = call("record")["result"]
    assert "\nseed" not in record and call("loadRecord", text=record)["ok"]
    over = encode(play_random_game(Options(players=2), seed=6))
    call("loadShareCode", code=over)
    assert "\nseed " in call("record")["result"]
    assert "\nseed" not in call("recordOfCode", code=over)["result"]
