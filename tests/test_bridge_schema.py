"""Every bridge method's request goes through its schema (taluva.bridge.schema): each field of a
wrong type, a required field missing, text or a list beyond its limit, a number out of range, an
unknown field, params or a request that are no object: each answers the field's typed error
naming what is wrong, never a Python exception. The cases come from the methods' table, so a
method added to it is covered at once."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taluva.bridge import METHODS, handle
from taluva.bridge.schema import BadRequest, Field, Int, Items, Mapping, Number, Text

SCALE = float(os.environ.get("TALUVA_HYPOTHESIS_SCALE", "1"))
# One value of each JSON type; each field is sent those it does not take.
EACH_TYPE: list[Any] = [3, -1.5, True, "text", [], {}]


def ask(method: str, params: Any) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps({"id": 9, "method": method, "params": params})))
    assert reply["id"] == 9
    return reply


def valid(method: str) -> dict[str, Any]:
    """The method's required fields, each with a value of its type (what it means is the
    feature's to judge: the schema step comes first)."""
    return {name: f.example() for name, f in METHODS[method].schema.items() if f.required}


def oversized(spec: Field) -> list[Any]:
    """Values of the field's type beyond its limits."""
    if isinstance(spec, Text):
        return ["x" * (spec.longest + 1)]
    if isinstance(spec, Int | Number):
        return [spec.low - 1, spec.high + 1]
    if isinstance(spec, Items):
        item = [f.example() for f in spec.row] if spec.row else 0
        if spec.each is not None:
            item = spec.each.example()
        return [[item] * (spec.most + 1)]
    if isinstance(spec, Mapping):
        return [{"k": "x" * spec.largest}]
    raise AssertionError(f"no oversized value for {spec!r}")


def cases() -> list[tuple[str, str, str, Any]]:
    """(method, field, what, value) for every field of every method."""
    found = []
    for method, door in sorted(METHODS.items()):
        for name, spec in door.schema.items():
            for value in EACH_TYPE:
                if spec.check(value) is not None:
                    found.append((method, name, f"a {type(value).__name__}", value))
            found += [(method, name, "too large", value) for value in oversized(spec)]
            if isinstance(spec, Items) and (spec.each is not None or spec.row):
                found.append((method, name, "an item of another type", [{"not": "an item"}]))
            if spec.required:
                found.append((method, name, "missing", None))
    return found


def check_refused(reply: dict[str, Any], method: str, name: str, spec: Field) -> None:
    assert not reply["ok"], reply
    error = reply["error"]
    assert (error["type"], error["kind"]) == (spec.error.__name__, spec.error.kind), error
    assert error["message"].startswith(f"{method}: {name} "), error
    if spec.error is BadRequest:
        assert (error["code"], error["args"]) == ("bad-request", {"field": name})


@pytest.mark.parametrize(("method", "name", "what", "value"), cases())
def test_each_field_refuses_what_it_does_not_take(
    method: str, name: str, what: str, value: Any
) -> None:
    params = valid(method)
    if value is None:
        del params[name]
    else:
        params[name] = value
    check_refused(ask(method, params), method, name, METHODS[method].schema[name])


@pytest.mark.parametrize("method", sorted(METHODS))
def test_a_required_field_sent_as_null_is_missing(method: str) -> None:
    for name, spec in METHODS[method].schema.items():
        if spec.required:
            check_refused(ask(method, {**valid(method), name: None}), method, name, spec)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_an_unknown_field_or_params_that_are_no_object_are_a_bad_request(method: str) -> None:
    error = ask(method, {**valid(method), "zzz": 1})["error"]
    assert (error["kind"], error["args"]) == ("bad-request", {"field": "zzz"})
    for params in ([1, 2], "params", 3):
        assert ask(method, params)["error"]["kind"] == "bad-request"


def test_every_field_has_limits() -> None:
    """Text has a length, lists a size, numbers a range: nothing unbounded reaches a feature."""
    for method, door in METHODS.items():
        for name, spec in door.schema.items():
            assert oversized(spec), (method, name)


@pytest.mark.parametrize(
    "request_text",
    ["[1, 2]", "3", '"ping"', "null", '{"id": 1}', '{"method": 5}', "{", "[" * 100_000],
)
def test_a_request_that_is_no_request_is_a_bad_request(request_text: str) -> None:
    reply = json.loads(handle(request_text))
    assert not reply["ok"] and reply["error"]["kind"] == "bad-request", reply


def test_json_nested_deeper_than_a_request_is_refused_before_it_is_parsed() -> None:
    """Parsing it would overflow Pyodide's stack: a crash of the worker, not an error."""
    deep = '{"id": 1, "method": "ping", "params": ' + '{"a": ' * 40 + "1" + "}" * 41
    error = json.loads(handle(deep))["error"]
    assert error["kind"] == "bad-request" and "nests" in error["message"]
    brackets_in_text = {"id": 1, "method": "readPicture", "params": {"text": "[{" * 100}}
    assert "nests" not in json.loads(handle(json.dumps(brackets_in_text)))["error"]["message"]


# Methods whose valid requests make the computer think (seconds each): the cases above cover
# their fields; random requests go to the others.
THINKING = {"aiChoose", "hint", "ponderStep", "reviewGame", "reviewTurn", "lesson"}
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def _requests(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    method = draw(st.sampled_from(sorted(set(METHODS) - THINKING)))
    names = [*METHODS[method].schema, "extra"]
    return method, draw(st.dictionaries(st.sampled_from(names), _JSON, max_size=4))


@settings(
    max_examples=max(25, int(300 * SCALE)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(_requests())
def test_any_request_gets_a_result_or_a_typed_error(request: tuple[str, dict[str, Any]]) -> None:
    method, params = request
    reply = ask(method, params)
    if not reply["ok"]:
        error = reply["error"]
        assert error["kind"] and isinstance(error["message"], str), error
        assert error["type"] != "BadRequest" or not error["message"].startswith(
            ("AttributeError", "IndexError")
        )
