"""The lesson (taluva.play.lesson): every position replays, every step can be passed, every wrong
move is refused with a rule the step names, and the page has words for every step."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from taluva import bridge
from taluva.formats.picture import read_picture
from taluva.play import lesson
from taluva.rules.game import BUILD, PLACE
from taluva.rules.hexgrid import unpack
from taluva.rules.moves import Placement, format_move, parse_move

STEP_IDS = [step.id for step in lesson.STEPS]
CATALOGUES = Path(__file__).resolve().parents[1] / "web" / "i18n"


def call(method: str, **params: object) -> object:
    answer = json.loads(bridge.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert answer["ok"], answer
    return answer["result"]


def test_the_steps_follow_the_issues_order() -> None:
    assert STEP_IDS == [
        "first-tile", "beside", "erupt", "turned", "volcanoes", "bury", "whole",
        "found", "expand", "temple", "tower", "one-each",
        "win", "elimination", "last-tile",
    ]  # fmt: skip


def test_every_eruption_condition_is_taught() -> None:
    taught = {rule for step in lesson.STEPS for rule in step.rules}
    for letter in "abcdefg":
        assert f"R-TILE-3{letter}" in taught
    for rule in ("R-TILE-1", "R-TILE-2", "R-BUILD-1", "R-BUILD-2", "R-BUILD-3", "R-BUILD-4",
                 "R-BUILD-5", "R-END-1", "R-END-2", "R-ELIM-1"):  # fmt: skip
        assert rule in taught


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_every_position_replays_at_the_learners_step(step_id: str) -> None:
    game = lesson.position(step_id)
    assert game.phase in (PLACE, BUILD)


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_every_passing_move_is_legal_and_passes(step_id: str) -> None:
    game = lesson.position(step_id)
    passing = lesson.passing_moves(step_id)
    assert passing, f"{step_id}: no move passes"
    for move in passing:
        assert game.move_error(move) is None
        assert lesson.check(step_id, format_move(move)) == {"pass": True}


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_every_wrong_move_is_refused_with_a_rule_the_step_names(step_id: str) -> None:
    step = lesson.step_by_id(step_id)
    answer = lesson.check(step_id, step.wrong)
    assert answer["pass"] is False
    assert answer["reason"]["rule"] in step.rules
    game = lesson.position(step_id)
    why = game.move_error(parse_move(step.wrong))
    if why is None:  # legal there: refused by the task, which the step names first
        off = {"rule": step.rules[0], "code": "off-task", "args": {"step": step_id}}
        assert answer["reason"] == off
    else:
        assert answer["reason"]["code"] == why.code


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_the_marked_hexes_hold_every_passing_move(step_id: str) -> None:
    marks = {tuple(hex) for hex in lesson.targets(step_id)}
    if not marks:  # nearly everywhere passes: nothing is marked
        assert len(lesson.passing_moves(step_id)) > lesson.MOST_MARKS
        return
    for move in lesson.passing_moves(step_id):
        spots = [move.volcano] if isinstance(move, Placement) else [pos for pos, _ in move.cells]
        assert any(unpack(pos) in marks for pos in spots)


def test_a_move_is_taken_as_notation_or_move_json() -> None:
    as_json = {"type": "place", "volcano": [0, 0], "clock": 6}
    assert lesson.check("first-tile", as_json) == {"pass": True}
    assert lesson.check("first-tile", {"notation": "0,0/6"}) == {"pass": True}


def test_an_unknown_step_is_an_error() -> None:
    with pytest.raises(ValueError, match="no step"):
        lesson.check("nope", "0,0/6")


def test_the_bridge_serves_the_steps_checks_and_pictures() -> None:
    steps = call("lesson")
    assert [s["id"] for s in steps] == STEP_IDS
    for s in steps:
        assert call("lessonCheck", step=s["id"], move={"notation": s["example"]}) == {"pass": True}
        assert call("lessonCheck", step=s["id"], move={"notation": s["wrong"]})["pass"] is False
    pictures = call("lessonPictures", steps=STEP_IDS)
    for step_id in STEP_IDS:
        assert read_picture(pictures[step_id])["hexes"]


def test_the_bridge_does_not_touch_the_game_in_play() -> None:
    call("newGame", options={"players": 3}, seed=4)
    before = call("state")
    call("lesson")
    call("lessonCheck", step="erupt", move={"notation": "0,0/2"})
    assert call("state") == before


@pytest.mark.skipif(not CATALOGUES.is_dir(), reason="the page's catalogues are not here (Pyodide)")
@pytest.mark.parametrize("tag", ["en", "de", "fr", "pl", "ru", "zh-Hant"])
def test_every_step_has_its_words_in_every_language(tag: str) -> None:
    words = json.loads((CATALOGUES / tag / "lesson.json").read_text(encoding="utf-8"))
    for step_id in STEP_IDS:
        for part in ("title", "text", "done"):
            assert words.get(f"lesson.{step_id}.{part}"), f"{tag}: lesson.{step_id}.{part}"


def catalogue(tag: str) -> dict[str, str]:
    """Every message of a language: its catalogues merged, as the page loads them."""
    words: dict[str, str] = {}
    for path in sorted((CATALOGUES / tag).glob("*.json")):
        words.update(json.loads(path.read_text(encoding="utf-8")))
    return words


@pytest.mark.skipif(not CATALOGUES.is_dir(), reason="the page's catalogues are not here (Pyodide)")
@pytest.mark.parametrize("tag", ["en", "de", "fr", "pl", "ru", "zh-Hant"])
def test_every_wrong_moves_reason_has_its_sentence_in_every_language(tag: str) -> None:
    """What the learner reads after each step's wrong move: the page phrases the engine's reason
    by its code (web/js/i18n/engine-text.js, `reason.<code>`; `lesson.off-task` for a legal move
    that is not the task), with the facts the engine gives as the message's values. The browser
    walks the lesson in English (e2e/test_lesson.py); this holds the other languages to it."""
    words = catalogue(tag)
    for step_id in STEP_IDS:
        reason = lesson.check(step_id, lesson.step_by_id(step_id).wrong)["reason"]
        key = "lesson.off-task" if reason["code"] == "off-task" else f"reason.{reason['code']}"
        assert words.get(key), f"{tag}: {step_id}'s wrong move has no sentence ({key})"
        english = catalogue("en")[key]
        needed = set(re.findall(r"\{\s*(\w+)\s*[,}]", english))
        assert needed <= set(reason.get("args", {})) | {"step"}, (step_id, needed)
