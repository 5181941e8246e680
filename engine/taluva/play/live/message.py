"""Live messages: what two devices of a live game say over their data channel, read and written.

Each message is one JSON object of text, at most :data:`MAX_MESSAGE` characters, nesting no
deeper than itself: ``{"v": 1, "type": ..., <its fields>}``. The four types:

========  ==================================================================================
``hello``  ``name`` (the sender's name, at most 24 characters), ``gameId`` (its by-link game's
           id, 16 hex digits, or ``""`` before there is one), ``seat`` (0-3, or null)
``link``   ``link``: a by-link link (:mod:`taluva.play.bylink`), at most its ``MAX_LENGTH``
``step``   a placement as it is made (:mod:`taluva.play.live.step`): ``gameId``, ``turn``
           (from 1), ``value`` (the mover's chain value for the turn's draw, 64 hex digits)
           and ``placement`` (its notation, ``"q,r/clock"``)
``bye``    nothing: the sender leaves the table; or ``seat`` (0-3): the inviter says that the
           friend of that seat left (at 3-4 players it relays who comes and goes)
========  ==================================================================================

:func:`read_message` refuses anything else with a :class:`LiveMessageError` (or a
:class:`LiveVersionError` for another ``v``) and never raises another exception, whatever the
text; :func:`write_message` writes only what it reads back. A field the type does not have is
refused too: nothing but names, links and moves goes over the channel. Reading a ``link``
message does not check the link: ``bylinkRead`` and ``bylinkOpen`` do that.

>>> text = write_message("hello", name="Ann", gameId="", seat=0)
>>> text
'{"v":1,"type":"hello","name":"Ann","gameId":"","seat":0}'
>>> read_message(text) == {"v": 1, "type": "hello", "name": "Ann", "gameId": "", "seat": 0}
True
>>> def refusal(text):
...     try:
...         read_message(text)
...     except LiveMessageError as error:
...         return error.code, error.facts
>>> refusal('{"v": 2, "type": "bye"}')
('live-version', {'version': 2})
>>> refusal('{"v": 1, "type": "link", "link": 7}')
('live-message', {'problem': 'field', 'field': 'link'})
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from taluva.formats.jsonio import json_depth
from taluva.play.bylink.linktext import MAX_LENGTH
from taluva.play.bylink.names import MAX_NAME, clean_name
from taluva.play.live.errors import LiveMessageError, LiveVersionError
from taluva.rules.errors import InvalidMoveError
from taluva.rules.moves import Placement, format_move, parse_move

VERSION = 1
# A link message is the largest: a by-link link (at most 1,600 characters) and a few words;
# 16 KiB is also the largest message every browser's data channel passes whole.
MAX_MESSAGE = 16_384
MAX_DEPTH = 2  # a message is one object of plain values: deeper is no message
MAX_TURN = 1000  # far above the 48 turns of the longest game

_GAME_ID = re.compile(r"(?:[0-9a-f]{16})?")
_STEP_GAME_ID = re.compile(r"[0-9a-f]{16}")
_VALUE = re.compile(r"[0-9a-f]{64}")

# A field's check: the value as read (a name cleaned), or the words for what it must be.
Check = Callable[[Any], Any]


class _Wrong(Exception):
    """A field's value is not what the field takes."""


def _text(longest: int, form: re.Pattern[str] | None = None, what: str = "") -> Check:
    def check(value: Any) -> Any:
        if not isinstance(value, str) or len(value) > longest:
            raise _Wrong(f"text of at most {longest} characters")
        if form is not None and not form.fullmatch(value):
            raise _Wrong(what)
        return value

    return check


def _name(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise _Wrong(f"text of at most {MAX_NAME} characters")
    return clean_name(value)


def _number(low: int, high: int, null: bool = False) -> Check:
    def check(value: Any) -> Any:
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _Wrong(f"a whole number from {low} to {high}" + (" or null" if null else ""))
        return value

    return check


def _placement(value: Any) -> str:
    if isinstance(value, str) and len(value) <= 32:
        try:
            move = parse_move(value)
        except InvalidMoveError:
            move = None
        if isinstance(move, Placement):
            return format_move(move)
    raise _Wrong('a placement\'s notation ("q,r/clock")')


FIELDS: dict[str, dict[str, Check]] = {
    "hello": {
        "name": _name,
        "gameId": _text(16, _GAME_ID, "a game's id (16 hex digits) or nothing"),
        "seat": _number(0, 3, null=True),
    },
    "link": {"link": _text(MAX_LENGTH)},
    "step": {
        "gameId": _text(16, _STEP_GAME_ID, "a game's id (16 hex digits)"),
        "turn": _number(1, MAX_TURN),
        "value": _text(64, _VALUE, "a chain value (64 hex digits)"),
        "placement": _placement,
    },
    "bye": {"seat": _number(0, 3)},
}
TYPES = tuple(FIELDS)
# Fields a message may leave out: a bye without a seat is the sender's own.
OPTIONAL: dict[str, frozenset[str]] = {"bye": frozenset({"seat"})}


def _refuse(problem: str, message: str, **facts: Any) -> LiveMessageError:
    return LiveMessageError(message, problem=problem, **facts)


def _checked(message: dict[str, Any]) -> dict[str, Any]:
    """A message object's fields checked (``v`` and ``type`` first), as read."""
    version = message.get("v")
    if type(version) is not int or version != VERSION:
        if type(version) is int and 0 < version < 2**31:
            newer = "newer" if version > VERSION else "older"
            raise LiveVersionError(
                f"a live message of version {version}: the other device runs a {newer} version "
                f"of the game (this one reads version {VERSION})",
                version=version,
            )
        problem = "missing" if version is None else "field"
        raise _refuse(problem, f"a live message has v: {VERSION}", field="v")
    kind = message.get("type")
    if kind is None:
        raise _refuse("missing", "a live message has a type", field="type")
    if not isinstance(kind, str) or kind not in FIELDS:
        said = kind[:20] if isinstance(kind, str) else None
        raise _refuse("type", f"no live message has the type {kind!r:.40}", type=said)
    fields = FIELDS[kind]
    unknown = sorted(set(message) - {"v", "type", *fields})
    if unknown:
        field = unknown[0][:20]
        raise _refuse("unknown-field", f"a {kind} message has no field {field!r}", field=field)
    read: dict[str, Any] = {"v": VERSION, "type": kind}
    for name, check in fields.items():
        if name not in message:
            if name in OPTIONAL.get(kind, ()):
                continue
            raise _refuse("missing", f"a {kind} message has a {name}", field=name)
        try:
            read[name] = check(message[name])
        except _Wrong as wrong:
            got = type(message[name]).__name__ if message[name] is not None else "null"
            raise _refuse(
                "field", f"a {kind} message's {name} is {wrong}, not {got}", field=name
            ) from None
    return read


def read_message(text: Any) -> dict[str, Any]:
    """The live message ``text`` checked: ``{v, type, <its fields>}`` (a name cleaned as the
    game keeps names), or a :class:`LiveMessageError` saying what it is not."""
    if not isinstance(text, str):
        raise _refuse("not-json", f"a live message is text, not {type(text).__name__}")
    if len(text) > MAX_MESSAGE:
        raise _refuse(
            "too-long",
            f"a live message has at most {MAX_MESSAGE} characters, not {len(text)}",
            length=len(text),
        )
    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise _refuse("too-deep", f"a live message nests {depth} levels deep", depth=depth)
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _refuse("not-json", "a live message is JSON: this text is not") from None
    if not isinstance(message, dict):
        raise _refuse("not-object", "a live message is a JSON object {v, type, ...}")
    return _checked(message)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def write_message(kind: str, **fields: Any) -> str:
    """The text of a live message of type ``kind`` with ``fields`` (a hello's ``seat`` may be left
    out: null), checked as :func:`read_message` checks what it receives.

    >>> write_message("bye")
    '{"v":1,"type":"bye"}'
    >>> write_message("bye", seat=2)
    '{"v":1,"type":"bye","seat":2}'
    >>> write_message("link")
    Traceback (most recent call last):
    ...
    taluva.play.live.errors.LiveMessageError: a link message has a link
    """
    if "v" in fields or "type" in fields:
        raise _refuse("unknown-field", "a message's v and type are the writer's", field="v")
    if kind == "hello":
        fields.setdefault("seat", None)
    message = _checked({"v": VERSION, "type": kind, **fields})
    return json.dumps(message, separators=(",", ":"))
