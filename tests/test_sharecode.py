"""Share codes for links: compact, exact, and a decoder that fails only cleanly."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taluva.formats.record import write_record
from taluva.formats.sharecode import ALPHABET, SHARE_ERROR_KINDS, ShareCodeError, decode, encode
from taluva.play.session import game_at
from taluva.rules.game import Game
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game

SCALE = float(os.environ.get("TALUVA_HYPOTHESIS_SCALE", "1"))
DOCUMENTED = ("empty", "newer", "corrupt", "options", "too-long")


def _assert_documented(exc: ShareCodeError) -> None:
    """The kind is a documented word and the message is that word (with a space for the
    hyphen), a colon and the reason, as the page's older code reads it."""
    assert exc.kind in DOCUMENTED, str(exc)
    assert str(exc) == f"{exc.kind.replace('-', ' ')}: {exc.reason}"


def _moves(game) -> str:
    return write_record(game, include_seed=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_share_code_round_trip_and_size(players: int) -> None:
    chars = turns = 0
    for seed in range(8):
        game = play_random_game(Options(players=players), seed)
        code = encode(game)
        assert _moves(decode(code)) == _moves(game)
        chars += len(code)
        turns += len(game.turns)
    assert chars / turns <= 4, "a link must stay short: 4 characters per turn or fewer"


def test_share_code_of_every_intermediate_position() -> None:
    game = play_random_game(Options(players=3, found="any", rank=True), 11)
    steps = sum((t.placement is not None) + (t.build is not None) for t in game.turns)
    for step in range(0, steps + 1, 7):
        position = game_at(game, step)
        again = decode(encode(position))
        assert _moves(again) == _moves(position)
        assert again.phase == position.phase


@pytest.mark.parametrize(
    "options",
    [Options(players=4, teams=True), Options(players=2, tiles="all"), Options(tiles="24")],
)
def test_share_code_keeps_options(options: Options) -> None:
    game = play_random_game(options, 4)
    assert decode(encode(game)).options == options


def _check_refused_cleanly(code: str) -> None:
    try:
        decode(code)
    except ShareCodeError as exc:
        _assert_documented(exc)


@settings(max_examples=max(50, int(2000 * SCALE)), deadline=None)
@given(st.text(alphabet=ALPHABET + "1234#%/. ", max_size=80))
def test_fuzz_random_codes_give_only_documented_errors(code: str) -> None:
    _check_refused_cleanly(code)


_GAMES = [encode(play_random_game(Options(players=p), s)) for p in (2, 3, 4) for s in range(3)]


def _check_mutated(code: str, mutated: str) -> str | None:
    """A code changed from ``code``: refused with a documented error (its reason returned), or,
    if it still passes the 18-bit checksum, at least a legal game (None)."""
    try:
        game = decode(mutated)
    except ShareCodeError as exc:
        _assert_documented(exc)
        return exc.reason
    # A mutation that still passes the 18-bit checksum must at least be a legal game.
    assert encode(game) == mutated or decode(encode(game))
    return None


def _next(char: str) -> str:
    return ALPHABET[(ALPHABET.index(char) + 1) % len(ALPHABET)]


def _mutations(code: str) -> list[str]:
    """One of each kind of damage a link suffers: the format digit, the options (unknown, an
    option another needs, other valid options), the checksum, the payload's first, middle and
    last character, a character no link has, a cut of 1 to 4 characters, the head cut short."""

    def at(i: int, char: str) -> str:
        return code[:i] + char + code[i + 1 :]

    middle, last = len(code) // 2, len(code) - 1
    edits = [(0, "2"), (0, "A"), (1, "_"), (2, "E"), (2, "w"), (2, "D"), (middle, "#")]
    edits += [(i, _next(code[i])) for i in (3, 4, 5, 6, middle, last)]
    return [at(i, c) for i, c in edits] + [code[:-cut] for cut in range(1, 5)] + [code[:5]]


# Each way decode refuses a damaged link, as the corpus below must reach it: 2000 random
# mutations found no other, and some of these only after hundreds (O-TILES at the 665th).
_REFUSALS = (
    "made by a newer version",
    "starts with the format number",
    "options this game does not know",
    "O-TILES",
    "O-TEAMS",
    "cannot be in a link",
    "cut short",
    "checksum does not match",
    "more data than its moves",
    "goes on after the end",
)


def test_each_kind_of_damage_to_a_code_gives_only_documented_errors() -> None:
    """Every mutation of the corpus, on a game of 2, 3 and 4 players; together they reach each
    of the refusals."""
    reasons = []
    for code in _GAMES[::3]:
        for mutated in _mutations(code):
            assert mutated != code
            reasons.append(_check_mutated(code, mutated))
    assert [r for r in _REFUSALS if not any(r in str(reason) for reason in reasons)] == []


# Random mutations beyond the corpus: up to four characters changed, and a cut.
@settings(max_examples=max(50, int(300 * SCALE)), deadline=None)
@given(
    st.sampled_from(_GAMES),
    st.lists(st.tuples(st.integers(0, 200), st.sampled_from(ALPHABET + "1#")), max_size=4),
    st.integers(0, 200),
)
def test_fuzz_mutated_codes_give_only_documented_errors(code, edits, cut) -> None:
    chars = list(code)
    for position, char in edits:
        chars[position % len(chars)] = char
    mutated = "".join(chars)[: max(1, len(chars) - cut % 5)]
    if mutated != code:
        _check_mutated(code, mutated)


def test_a_game_with_no_tile_drawn_round_trips() -> None:
    """Its number is 0, so its code is the head alone (six characters)."""
    for options in (Options(players=2), Options(players=4, teams=True)):
        code = encode(Game(options, 1))
        assert len(code) == 6
        game = decode(code)
        assert game.options == options and game.turns == [] and game.phase == "draw"
    with pytest.raises(ShareCodeError, match="^corrupt: "):
        decode(code[:5])


def test_tampered_code_is_refused_not_misread() -> None:
    code = _GAMES[0]
    refused = 0
    rng = random.Random(0)
    for _ in range(200):
        i = rng.randrange(6, len(code))
        other = rng.choice(ALPHABET.replace(code[i], ""))
        try:
            decode(code[:i] + other + code[i + 1 :])
        except ShareCodeError:
            refused += 1
    assert refused == 200


@pytest.mark.parametrize(
    ("code", "kind", "message"),
    [
        ("", "empty", "^empty: "),
        ("2" + _GAMES[0][1:], "newer", "^newer: "),
        ("1__AAA" + _GAMES[0][6:], "options", "^options: "),
        ("1" + "A" * 1000, "too-long", "^too long: "),
        (_GAMES[0][:-1], "corrupt", "^corrupt: "),
    ],
)
def test_each_refusal_has_its_kind_and_message(code: str, kind: str, message: str) -> None:
    with pytest.raises(ShareCodeError, match=message) as caught:
        decode(code)
    assert caught.value.kind == kind
    _assert_documented(caught.value)


def test_the_documented_kinds_are_the_engines() -> None:
    assert SHARE_ERROR_KINDS == DOCUMENTED


# A link made today must open the same game for as long as format 1 exists (docs/formats.md,
# "Share codes"): any change in legality or move order that would misread it fails here first.
PINNED_CODE = "1ANuDH7ox8yk8vvIfE9DT_IZT-g"
PINNED_RECORD = """taluva 1
options players=3 tiles=12 found=any rank=off teams=off
1 RC 0,0/6 hut 0,1
2 LS -3,2/12 hut -3,1
3 JS -2,2/4 hut -1,2
4 CS -3,4/6 hut -2,1
5 JC -1,5/8 hut -2,5
6 JR 1,2/10 hut -3,5
7 JC -3,7/4 hut -1,1
8 JS -4,4/8 hut -2,7
9 CJ -1,-1/6
"""


def test_a_format_1_link_made_today_opens_the_same_game() -> None:
    from taluva.formats.record import replay

    assert _moves(decode(PINNED_CODE)) == PINNED_RECORD
    assert encode(replay(PINNED_RECORD)) == PINNED_CODE


def _taluva_imports(module: str, seen: set[str]) -> set[str]:
    """``module`` and every taluva module it imports, read from the source (no subprocess:
    the tests also run in Pyodide). Doctests count: they run as part of the module's tests."""
    import ast
    import importlib.util
    import re

    if module in seen:
        return seen
    seen.add(module)
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).read_text(encoding="utf-8")
    names = set(re.findall(r"from (taluva[.\w]*) import", source))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("taluva"):
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("taluva")}
    for name in names:
        if name != "taluva":
            _taluva_imports(name, seen)
    return seen


def test_share_codes_need_nothing_of_the_command_line() -> None:
    """The page loads sharecode in Pyodide; the CLI (argparse, stdout) is no part of it."""
    assert "taluva.tools.cli" not in _taluva_imports("taluva.formats.sharecode", set())
    assert "taluva.tools.cli" not in _taluva_imports("taluva.bridge", set())
