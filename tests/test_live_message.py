"""Live messages (taluva.play.live.message): what a device reads from its data channel before it
acts on it. Every type written and read back; every way a text is not a message refused with
the typed error and its facts, never another exception, whatever the other device sends."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bylink_table import ask, refused
from taluva.play import bylink
from taluva.play.live import (
    MAX_MESSAGE,
    LiveMessageError,
    LiveVersionError,
    read_message,
    write_message,
)
from taluva.play.live.message import FIELDS, OPTIONAL

SCALE = float(os.environ.get("TALUVA_HYPOTHESIS_SCALE", "1"))
GAME_ID = "0123456789abcdef"
VALUE = "ab" * 32
# One message of each type, as written (fields in the writer's order).
MESSAGES: dict[str, dict[str, Any]] = {
    "hello": {"name": "Ann", "gameId": GAME_ID, "seat": 1},
    "link": {"link": "3" + "A" * (bylink.MAX_LENGTH - 1)},
    "step": {"gameId": GAME_ID, "turn": 5, "value": VALUE, "placement": "-1,2/4"},
    "bye": {},
}


def text_of(message: dict[str, Any]) -> str:
    return json.dumps(message)


def whole(kind: str, **changes: Any) -> dict[str, Any]:
    return {"v": 1, "type": kind, **MESSAGES[kind], **changes}


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_each_type_is_written_and_read_back(kind: str) -> None:
    text = write_message(kind, **MESSAGES[kind])
    assert len(text) <= MAX_MESSAGE
    assert read_message(text) == {"v": 1, "type": kind, **MESSAGES[kind]}
    assert json.loads(text) == read_message(text)  # the text is the message, nothing more


def test_every_type_has_an_example_here() -> None:
    assert set(MESSAGES) == set(FIELDS) == {"hello", "link", "step", "bye"}


@pytest.mark.parametrize(
    ("fields", "read"),
    [
        ({"name": "Ann", "gameId": ""}, {"name": "Ann", "gameId": "", "seat": None}),
        ({"name": " Zoë\n Lee ", "gameId": "", "seat": 3}, {"name": "Zoë Lee", "seat": 3}),
        ({"name": "", "gameId": GAME_ID, "seat": 0}, {"name": "", "seat": 0}),
        ({"name": "字" * 24, "gameId": GAME_ID, "seat": None}, {"name": "字" * 24}),
    ],
)
def test_a_hello_without_a_seat_or_with_a_messy_name(fields: dict, read: dict) -> None:
    """A hello's seat may be null (left out when writing); a name is cleaned as names are."""
    message = read_message(write_message("hello", **fields))
    assert message.items() >= read.items()


@pytest.mark.parametrize(
    ("fields", "read"),
    [({}, {"v": 1, "type": "bye"}), ({"seat": 2}, {"v": 1, "type": "bye", "seat": 2})],
)
def test_a_bye_is_the_senders_own_or_names_the_seat_that_left(fields: dict, read: dict) -> None:
    """At 3-4 players the inviter relays who left: a bye with the seat; without one, the sender."""
    assert read_message(write_message("bye", **fields)) == read


@pytest.mark.parametrize("seat", [None, 4, -1, "1", True])
def test_a_byes_seat_is_a_seat(seat: Any) -> None:
    with pytest.raises(LiveMessageError) as refused:
        read_message(text_of({"v": 1, "type": "bye", "seat": seat}))
    assert refused.value.code == "live-message"
    assert refused.value.facts == {"problem": "field", "field": "seat"}


def test_a_placement_is_read_in_its_own_notation() -> None:
    message = read_message(text_of(whole("step", placement="-1,2/04")))
    assert message["placement"] == "-1,2/4"


def test_a_message_may_be_exactly_as_long_as_the_limit() -> None:
    text = text_of({"v": 1, "type": "bye"})
    assert read_message(text + " " * (MAX_MESSAGE - len(text)))["type"] == "bye"


def too_long() -> str:
    text = text_of({"v": 1, "type": "bye"})
    return text + " " * (MAX_MESSAGE + 1 - len(text))


# (text, problem, facts beyond the problem): every way a text is not a live message.
REFUSED: list[tuple[str, str, str, dict[str, Any]]] = [
    ("too long", too_long(), "too-long", {"length": MAX_MESSAGE + 1}),
    ("a link too long", text_of(whole("link", link="3" * 20_000)), "too-long", {}),
    ("deep", '{"v": 1, "type": "bye", "x": {"a": [1]}}', "too-deep", {"depth": 3}),
    ("very deep", "[" * 8000 + "]" * 8000, "too-deep", {"depth": 8000}),
    ("unbalanced deep", "{" * 5000, "too-deep", {}),
    ("garbage", "hello, Bo", "not-json", {}),
    ("empty", "", "not-json", {}),
    ("cut", '{"v": 1, "type": "by', "not-json", {}),
    ("NaN", '{"v": 1, "type": "bye", "x": NaN}', "not-json", {}),
    ("a number too long to read", '{"v": ' + "9" * 5000 + "}", "not-json", {}),
    ("an array", '[1, "bye"]', "not-object", {}),
    ("a number", "1", "not-object", {}),
    ("text", '"bye"', "not-object", {}),
    ("null", "null", "not-object", {}),
    ("no version", '{"type": "bye"}', "missing", {"field": "v"}),
    ("version as text", '{"v": "1", "type": "bye"}', "field", {"field": "v"}),
    ("version 1.0", '{"v": 1.0, "type": "bye"}', "field", {"field": "v"}),
    ("version true", '{"v": true, "type": "bye"}', "field", {"field": "v"}),
    ("version 0", '{"v": 0, "type": "bye"}', "field", {"field": "v"}),
    ("no type", '{"v": 1}', "missing", {"field": "type"}),
    ("an unknown type", '{"v": 1, "type": "move"}', "type", {"type": "move"}),
    ("a type that is a list", '{"v": 1, "type": ["bye"]}', "type", {"type": None}),
    ("a type that is an object", '{"v": 1, "type": {"a": 1}}', "type", {"type": None}),
    ("an unknown field", '{"v": 1, "type": "bye", "x": 1}', "unknown-field", {"field": "x"}),
    ("a link missing", '{"v": 1, "type": "link"}', "missing", {"field": "link"}),
    ("a hello's seat missing", '{"v":1,"type":"hello","name":"","gameId":""}', "missing", {}),
    ("a step's value missing", text_of({"v": 1, "type": "step", "turn": 1}), "missing", {}),
    ("a link that is a number", text_of(whole("link", link=7)), "field", {"field": "link"}),
    ("a name that is a number", text_of(whole("hello", name=3)), "field", {"field": "name"}),
    ("a seat as text", text_of(whole("hello", seat="0")), "field", {"field": "seat"}),
    ("a seat true", text_of(whole("hello", seat=True)), "field", {"field": "seat"}),
    ("seat 4", text_of(whole("hello", seat=4)), "field", {"field": "seat"}),
    ("seat -1", text_of(whole("hello", seat=-1)), "field", {"field": "seat"}),
    ("a turn 1.5", text_of(whole("step", turn=1.5)), "field", {"field": "turn"}),
    ("turn 0", text_of(whole("step", turn=0)), "field", {"field": "turn"}),
    ("turn 1001", text_of(whole("step", turn=1001)), "field", {"field": "turn"}),
    ("a null turn", text_of(whole("step", turn=None)), "field", {"field": "turn"}),
    ("a link over its bound", text_of(whole("link", link="3" * 1601)), "field", {"field": "link"}),
    ("a name too long", text_of(whole("hello", name="x" * 25)), "field", {"field": "name"}),
    ("a long game id", text_of(whole("hello", gameId="0" * 17)), "field", {"field": "gameId"}),
    ("a game id not hex", text_of(whole("hello", gameId="x" * 16)), "field", {"field": "gameId"}),
    ("a step's empty id", text_of(whole("step", gameId="")), "field", {"field": "gameId"}),
    ("a short value", text_of(whole("step", value="ab" * 31)), "field", {"field": "value"}),
    ("a value in capitals", text_of(whole("step", value="AB" * 32)), "field", {"field": "value"}),
    ("a value not hex", text_of(whole("step", value="zz" * 32)), "field", {"field": "value"}),
    ("a build as placement", text_of(whole("step", placement="hut 1,0")), "field", {}),
    ("no notation", text_of(whole("step", placement="north")), "field", {}),
    ("a long placement", text_of(whole("step", placement="0,0/2" + " " * 40)), "field", {}),
    ("an empty placement", text_of(whole("step", placement="")), "field", {}),
]


@pytest.mark.parametrize(
    ("text", "problem", "facts"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_what_is_no_live_message_is_refused_saying_why(
    text: str, problem: str, facts: dict[str, Any]
) -> None:
    with pytest.raises(LiveMessageError) as caught:
        read_message(text)
    error = caught.value
    assert type(error) is LiveMessageError and error.kind == "live"
    assert error.code == "live-message"
    assert error.facts["problem"] == problem
    assert error.facts.items() >= facts.items()
    json.dumps(error.facts)  # the bridge sends them as they are


@pytest.mark.parametrize(("version", "newer"), [(2, "newer"), (7, "newer"), (99, "newer")])
def test_a_message_of_another_version_names_it(version: int, newer: str) -> None:
    with pytest.raises(LiveVersionError) as caught:
        read_message(text_of({"v": version, "type": "bye"}))
    assert caught.value.code == "live-version" and caught.value.facts == {"version": version}
    assert f"version {version}" in str(caught.value) and newer in str(caught.value)


@pytest.mark.parametrize("text", [None, b'{"v": 1, "type": "bye"}', 3, ["bye"]])
def test_what_is_no_text_is_refused(text: Any) -> None:
    with pytest.raises(LiveMessageError):
        read_message(text)


@pytest.mark.parametrize(
    ("kind", "fields", "field"),
    [
        ("move", {}, None),
        ("link", {}, "link"),
        ("bye", {"x": 1}, "x"),
        ("bye", {"v": 2}, "v"),
        ("bye", {"type": "link"}, "v"),
        ("hello", {"name": "Ann", "gameId": "", "seat": 9}, "seat"),
        ("step", {**MESSAGES["step"], "turn": "5"}, "turn"),
    ],
)
def test_the_writer_writes_only_what_the_reader_reads(
    kind: str, fields: dict[str, Any], field: str | None
) -> None:
    with pytest.raises(LiveMessageError) as caught:
        write_message(kind, **fields)
    assert caught.value.facts.get("field") == field


# ------------------------------------------------------------------------ through the bridge


def test_the_doors_read_and_write_each_type() -> None:
    for kind, fields in MESSAGES.items():
        text = ask("liveWrite", type=kind, **fields)
        assert text == write_message(kind, **fields)
        assert ask("liveRead", text=text) == {"v": 1, "type": kind, **fields}


def test_a_hello_written_through_the_door_may_leave_out_its_seat() -> None:
    assert (
        ask("liveRead", text=ask("liveWrite", type="hello", name="Bo", gameId=""))["seat"] is None
    )


def test_the_doors_refuse_with_the_typed_error_as_data() -> None:
    error = refused("liveRead", text='{"v": 1, "type": "bye", "x": 1}')
    assert (error["type"], error["kind"], error["code"]) == (
        "LiveMessageError",
        "live",
        "live-message",
    )
    assert error["args"] == {"problem": "unknown-field", "field": "x"}
    error = refused("liveRead", text='{"v": 3, "type": "bye"}')
    assert (error["code"], error["args"]) == ("live-version", {"version": 3})
    error = refused("liveRead", text="x" * (MAX_MESSAGE + 1))  # the door's own limit
    assert (error["type"], error["code"]) == ("LiveMessageError", "live-message")
    error = refused("liveWrite", type="bye", link="3abc")
    assert (error["code"], error["args"]) == (
        "live-message",
        {"problem": "unknown-field", "field": "link"},
    )
    error = refused("liveWrite", type="hello", name="Ann")
    assert error["args"] == {"problem": "missing", "field": "gameId"}


# -------------------------------------------------------------- anything the other device sends

_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=70)
    | st.sampled_from([GAME_ID, VALUE, "0,0/2", "hut 1,0", "3abc", "bye", "step"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
_KEYS = st.sampled_from(
    ["v", "type", "name", "gameId", "seat", "link", "turn", "value", "placement", "x"]
)


@st.composite
def _near_messages(draw: st.DrawFn) -> str:
    """A message of each type with fields changed, added or removed, as JSON or cut short."""
    kind = draw(st.sampled_from(sorted(MESSAGES)))
    message: dict[str, Any] = whole(kind)
    for key in draw(st.lists(_KEYS, max_size=3)):
        if draw(st.booleans()):
            message.pop(key, None)
        else:
            message[key] = draw(_VALUES)
    text = json.dumps(message, allow_nan=True)
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.text(max_size=4)) + text[cut:]
    return text


@settings(
    max_examples=max(50, int(600 * SCALE)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.one_of(_near_messages(), st.text(max_size=200), _VALUES.map(json.dumps)))
def test_read_message_answers_a_message_or_its_typed_error_whatever_the_text(text: str) -> None:
    try:
        message = read_message(text)
    except LiveMessageError as error:
        assert error.code in ("live-message", "live-version")
        json.dumps(error.facts)
        return
    # What is read is a message the writer writes again, field for field.
    fields = {k: v for k, v in message.items() if k not in ("v", "type")}
    assert read_message(write_message(message["type"], **fields)) == message
    every = {"v", "type", *FIELDS[message["type"]]}
    assert every - OPTIONAL.get(message["type"], frozenset()) <= set(message) <= every


@settings(max_examples=max(25, int(200 * SCALE)), deadline=None)
@given(st.binary(max_size=300))
def test_read_message_takes_any_bytes_decoded(data: bytes) -> None:
    text = data.decode("utf-8", "surrogateescape")
    try:
        kind = read_message(text)["type"]
    except LiveMessageError as error:
        kind = error.code
    assert kind in (*FIELDS, "live-message", "live-version")
