"""The reasons' codes (taluva.rules.reasons) against the page's English messages.

web/i18n/en/engine.json has one ICU MessageFormat message per code: ``reason.<code>``,
``result.<code>``, ``error.<code>`` and ``level.<id>`` (+ ``.description``). The keys and the
codes must match both ways, and each message's arguments must be the code's facts, so that the
page can phrase every reason the engine gives. The English texts of the CLI and the Python API are
pinned here as they were before the codes (the rule tests pin many more in context).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from taluva.ai import levels
from taluva.bridge import error_json
from taluva.formats.sharecode import SHARE_ERROR_KINDS, ShareCodeError
from taluva.rules.errors import (
    IllegalMoveError,
    InvalidMoveError,
    OptionsError,
    RecordError,
    TaluvaError,
)
from taluva.rules.reasons import ERRORS, REASONS, RESULTS, reason, template_fields
from taluva.rules.result import (
    EARLY_VICTORY,
    LAST_STANDING,
    LAST_TEAM,
    LAST_TILE,
    REASON_TEXT,
    Result,
)

CATALOGUE = Path(__file__).parent.parent / "web" / "i18n" / "en" / "engine.json"
# The Pyodide run copies only tests/ and the project's config into its file system.
needs_catalogue = pytest.mark.skipif(
    sys.platform == "emscripten", reason="web/ is not copied into Pyodide"
)
NAMESPACES = {"reason": REASONS, "result": RESULTS, "error": ERRORS}


def catalogue() -> dict[str, str]:
    return json.loads(CATALOGUE.read_text(encoding="utf-8"))


# --------------------------------------------------------------- a small ICU argument reader

_ARG = re.compile(r"\s*([^\s,{}'#]+)\s*(?:,\s*([a-z]+)\s*)?")
_SELECTOR = re.compile(r"\s*(offset:\s*\d+|=-?\d+|[^\s{}]+)\s*")


def icu_arguments(message: str) -> set[str]:
    """The argument names of an ICU MessageFormat (1) message, nested ones included.

    Arguments are ``{name}``, ``{name, number|date|time[, style]}`` and ``{name,
    plural|selectordinal|select, selector {message} ...}``; an apostrophe quotes a following
    ``{``, ``}``, ``#`` or ``|`` up to the next apostrophe, and ``''`` is one apostrophe.
    Raises ValueError on a message that does not parse, or a plural or select with no ``other``.
    """
    names: set[str] = set()
    end = _message(message, 0, names, nested=False)
    if end != len(message):
        raise ValueError(f"unbalanced '}}' at {end}: {message!r}")
    return names


def _message(text: str, i: int, names: set[str], nested: bool) -> int:
    while i < len(text):
        c = text[i]
        if c == "'":
            after = text[i + 1 : i + 2]
            if after == "'":
                i += 2
            elif after and after in "{}#|":
                close = text.find("'", i + 1)
                i = len(text) if close < 0 else close + 1
            else:
                i += 1
        elif c == "{":
            i = _argument(text, i + 1, names)
        elif c == "}":
            if not nested:
                raise ValueError(f"unbalanced '}}' at {i}: {text!r}")
            return i
        else:
            i += 1
    if nested:
        raise ValueError(f"a '{{' is not closed: {text!r}")
    return i


def _argument(text: str, i: int, names: set[str]) -> int:
    match = _ARG.match(text, i)
    if not match or not match.group(1):
        raise ValueError(f"no argument name at {i}: {text!r}")
    names.add(match.group(1))
    kind, i = match.group(2), match.end()
    if kind is None:
        if text[i : i + 1] != "}":
            raise ValueError(f"expected '}}' at {i}: {text!r}")
        return i + 1
    if kind not in ("plural", "selectordinal", "select"):
        close = text.find("}", i)  # number/date/time: a style without braces
        if close < 0 or kind not in ("number", "date", "time"):
            raise ValueError(f"bad argument type {kind!r}: {text!r}")
        return close + 1
    if text[i : i + 1] != ",":
        raise ValueError(f"expected ',' after {kind} at {i}: {text!r}")
    i += 1
    selectors = []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if text[i : i + 1] == "}":
            if "other" not in selectors:
                raise ValueError(f"a {kind} needs an 'other' case: {text!r}")
            return i + 1
        match = _SELECTOR.match(text, i)
        if not match:
            raise ValueError(f"expected a selector at {i}: {text!r}")
        i = match.end()
        if match.group(1).startswith("offset:"):
            continue
        selectors.append(match.group(1))
        if text[i : i + 1] != "{":
            raise ValueError(f"expected '{{' after {match.group(1)!r}: {text!r}")
        i = _message(text, i + 1, names, nested=True) + 1


def test_the_icu_reader_finds_nested_arguments_and_refuses_broken_messages() -> None:
    assert icu_arguments("{n, plural, one {# hut on {hex}} other {# huts}} at {level}") == {
        "n",
        "hex",
        "level",
    }
    assert icu_arguments("the player's turn: '{not}' an {arg, number, ::group-off}") == {"arg"}
    assert icu_arguments("{p, select, temple {a temple} other {{p}}}") == {"p"}
    for broken in ("{n", "n}", "{n, plural, one {#}}", "{n, bogus}", "{n, select, a {x}"):
        with pytest.raises(ValueError):
            icu_arguments(broken)


# --------------------------------------------------------------------- codes and messages


@needs_catalogue
def test_every_code_has_an_english_message_and_every_engine_message_is_a_code() -> None:
    keys = set(catalogue())
    expected = {f"{ns}.{code}" for ns, codes in NAMESPACES.items() for code in codes}
    expected |= {f"level.{lv.id}" for lv in levels.REGISTRY}
    expected |= {f"level.{lv.id}.description" for lv in levels.REGISTRY}
    assert sorted(expected - keys) == [], "codes without a message"
    assert sorted(keys - expected) == [], "messages without a code"


@needs_catalogue
def test_each_message_takes_exactly_its_codes_facts_and_names_no_rule() -> None:
    messages = catalogue()
    for key, message in messages.items():
        namespace, _, code = key.partition(".")
        declared = set(NAMESPACES[namespace][code].args) if namespace in NAMESPACES else set()
        # The page says where without coordinates: a hex or a move's notation is a
        # fact for scripts, never in the page's sentence.
        assert icu_arguments(message) == declared - {"hex", "move"}, key
        assert not re.search(r"-?\d+,-?\d+", message), key
        # The page shows the rule id beside the sentence, never in it.
        assert not re.search(r"\b[RO]-[A-Z]", message), key


@needs_catalogue
def test_the_levels_english_descriptions_are_the_engines() -> None:
    messages = catalogue()
    for level in levels.REGISTRY:
        assert messages[f"level.{level.id}.description"] == level.description


def test_each_english_template_uses_exactly_its_facts() -> None:
    for code, entry in {**REASONS, **RESULTS}.items():
        assert entry.rule and re.fullmatch(r"[RO]-[A-Z]+(-\d+[a-z]?)?", entry.rule), code
        assert template_fields(entry.template) == set(entry.args), code
        assert len(set(entry.args)) == len(entry.args), code
    for code, entry in ERRORS.items():
        assert entry.rule is None and entry.template is None, code


def test_result_codes_are_the_results_reasons_with_their_rule() -> None:
    assert set(RESULTS) == {EARLY_VICTORY, LAST_TILE, LAST_STANDING, LAST_TEAM}
    data = Result(LAST_TILE, (1, 2), (0,)).to_json()
    assert (data["reason"], data["code"], data["rule"], data["args"]) == (
        "last-tile",
        "last-tile",
        "R-END-2",
        {},
    )
    assert data["text"] == REASON_TEXT[LAST_TILE] == "the last tile was placed (R-END-2)"


def test_every_error_kind_is_an_error_code() -> None:
    kinds = {TaluvaError.kind, "unknown-method", "bad-request", *SHARE_ERROR_KINDS}
    kinds |= {cls.kind for cls in (IllegalMoveError, InvalidMoveError, OptionsError, RecordError)}
    assert kinds | {"record-line", "record-move"} == set(ERRORS)


def test_an_errors_code_and_facts_are_declared_ones() -> None:
    errors = [
        TaluvaError("x"),
        InvalidMoveError("x"),
        OptionsError("x"),
        RecordError("x"),
        RecordError("x", 4),
        RecordError("x", 4, IllegalMoveError(reason("tower-level", hex="0,1", level=1))),
        ShareCodeError("empty", "x"),
        ShareCodeError("newer", "x", format=2),
        ShareCodeError("too-long", "x", length=700),
    ]
    for exc in errors:
        data = error_json(exc)
        assert tuple(data["args"]) == ERRORS[data["code"]].args, data
    data = error_json(IllegalMoveError(reason("no-such-step", step=-1)))
    assert (data["code"], data["args"], data["rule"]) == ("no-such-step", {"step": -1}, "R-TURN")


# The English of every reason as it was before the codes: a sample of facts -> the sentence.
ENGLISH = {
    "tile-first-origin": ({}, "the first tile is placed with its volcano on 0,0"),
    "tile-not-touching": ({}, "a tile on the table must share an edge with the landscape"),
    "tile-gap": (
        {},
        "there would be a gap under the tile: all three hexes below must be on one level",
    ),
    "tile-volcano-on-volcano": ({}, "in an eruption the volcano must lie on a volcano hex"),
    "tile-uneven-levels": (
        {"volcanoLevel": 2, "firstLevel": 2, "secondLevel": 1},
        "the hexes below are on levels 2, 2 and 1: they must be on one level",
    ),
    "tile-same-direction": (
        {},
        "the volcano may not point the same way as the one it covers "
        "(the tile would lie exactly on one tile)",
    ),
    "tile-covers-piece": ({"piece": "temple"}, "a tile may not cover a temple"),
    "tile-covers-settlement": ({}, "a tile may not cover a whole settlement"),
    "game-over": ({}, "the game is over"),
    "draw-first": ({}, "a tile must be drawn first"),
    "now-build": ({}, "the tile is placed; now build (step 2)"),
    "place-first": ({}, "place the drawn tile first (step 1)"),
    "not-a-move": ({"move": "'x'"}, "'x' is not a move"),
    "no-more-draws": ({}, "the game is over: no more tiles are drawn"),
    "not-draw-step": ({"phase": "build"}, "it is the build step, not the draw"),
    "no-move-in-step": ({"phase": "draw"}, "there is no move to make in the draw step"),
    "no-move-to-choose": ({"phase": "over"}, "there is no move to choose in the over step"),
    "turn-at-place-step": ({"phase": "build"}, "a turn is chosen at the place step, not build"),
    "nothing-to-undo": ({}, "there is nothing to undo"),
    "nothing-to-redo": ({}, "there is nothing to redo"),
    "no-such-step": ({"step": -1}, "there is no step -1"),
    "not-a-tile": ({"tile": "(9, 9)"}, "(9, 9) is not a tile"),
    "tile-used-up": ({"count": 1, "tile": "LL"}, "all 1 LL tiles are already drawn"),
    "build-no-hex": ({"hex": "5,5"}, "there is no hex at 5,5"),
    "build-on-volcano": ({"hex": "0,0"}, "nothing is ever built on a volcano (0,0)"),
    "build-occupied": ({"hex": "1,-1"}, "1,-1 already has a building"),
    "no-piece-left": ({"piece": "hut"}, "you have no hut left"),
    "tower-level": (
        {"hex": "0,1", "level": 1},
        "a tower goes on level 3 or higher; 0,1 is on level 1",
    ),
    "temple-not-adjacent": ({}, "a temple must share an edge with one of your settlements"),
    "tower-not-adjacent": ({}, "a tower must share an edge with one of your settlements"),
    "temple-small-settlement": ({"size": 3}, "a temple needs a settlement of 3 hexes or more"),
    "settlement-has-piece": ({"piece": "tower"}, "that settlement already has a tower"),
    "found-level": (
        {"hex": "2,-3", "level": 2},
        "a new settlement starts on a level-1 hex; 2,-3 is on level 2",
    ),
    "found-isolated": (
        {},
        "a new settlement may not touch one of your own settlements "
        "(O-FOUND isolated): expand that settlement instead",
    ),
    "expand-count": (
        {"level": 3, "hex": "3,-1"},
        "an expansion puts as many huts on a hex as its level: 3 on 3,-1",
    ),
    "expand-one-landscape": ({}, "an expansion is onto one landscape only"),
    "expand-not-enough-huts": (
        {"need": 5, "have": 2},
        "this expansion needs 5 huts and you have 2",
    ),
    "expand-exact": (
        {"terrain": "jungle"},
        "an expansion covers every empty jungle hex next to one of your settlements, "
        "no more and no fewer",
    ),
}


def test_the_english_of_every_reason_is_as_before() -> None:
    assert set(ENGLISH) == set(REASONS)
    for code, (args, text) in ENGLISH.items():
        why = reason(code, **args)
        assert why.text == text, code
        assert why.to_json() == {"rule": why.rule, "code": code, "args": args, "text": text}
        assert str(IllegalMoveError(why)) == f"{why.rule}: {text}"
