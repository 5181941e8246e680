"""Every click answered at once: the view's share code and eliminates marks are
computed incrementally or cheaply, and must equal what the whole computation gives.

The references below are the implementations as they were before they were made
incremental, kept verbatim in spirit: :func:`reference_encode` replays the whole game,
:func:`reference_eliminating` plays every placement.
"""

from __future__ import annotations

import contextlib
import random
import sys
import zlib

import pytest

from taluva.formats.jsonio import eliminating_placements, legal_moves_json
from taluva.formats.record import replay, write_record
from taluva.formats.sharecode import (
    ALPHABET,
    FORMAT,
    MAX_STEPS,
    ShareEncoder,
    _choices,
    _options_code,
    _to_base64,
    _unseen_kinds,
    decode,
    encode,
)
from taluva.play.session import Session, game_at
from taluva.rules.errors import OptionsError
from taluva.rules.game import DRAW, OVER, PLACE, Game
from taluva.rules.history import Choice, replay_choices, turn_choices
from taluva.rules.moves import Placement
from taluva.rules.options import FOUND_VALUES, TILES_VALUES, Options
from taluva.tools.randomplay import play_random_game

# A step's digit (its choice's index in the list it was chosen from, and the list's length)
# depends on the options and the choices before it alone, so the reference lists each prefix
# of choices once: a trie per option set, {choice: (digit, the trie of what follows)}. The
# tests ask for the code after every step of games that go back and forth (undo, redo), which
# would otherwise replay and list the whole game again each time. The replay that listed the
# last new step is kept, to go on from when the next one extends it.
_DIGITS: dict[Options, dict] = {}
_REPLAYED: dict[Options, tuple[list[Choice], Game]] = {}


def reference_encode(game: Game) -> str:
    """sharecode.encode before it was incremental: the game replayed, the whole record CRC'd
    (only the steps the trie above lacks are listed, in a replay from the start)."""
    choices = list(turn_choices(game.turns))
    digits: list[tuple[int, int]] = [(len(choices), MAX_STEPS + 1)]
    node = _DIGITS.setdefault(game.options, {})
    replayed: Game | None = None  # the replay, once a step the trie lacks is met
    for step, choice in enumerate(choices):
        if choice not in node:
            if replayed is None:
                replayed = _replayed_to(game.options, choices[:step])
            listed = _unseen_kinds(replayed) if replayed.phase == DRAW else _choices(replayed)
            node[choice] = ((listed.index(choice), len(listed)), {})
        digit, node = node[choice]
        digits.append(digit)
        if replayed is not None:
            replay_choices(replayed, [choice])
    if replayed is not None:
        _REPLAYED[game.options] = (choices, replayed)
    number = 0
    for index, radix in reversed(digits):
        number = number * radix + index
    value = zlib.crc32(write_record(game, include_seed=False).encode()) & 0x3FFFF
    checksum = "".join(ALPHABET[(value >> shift) & 63] for shift in (12, 6, 0))
    return FORMAT + _options_code(game.options) + checksum + _to_base64(number)


def _replayed_to(options: Options, choices: list[Choice]) -> Game:
    """A fresh game of ``options`` with ``choices`` made: the kept replay if it made exactly
    those, else a new one."""
    kept, game = _REPLAYED.pop(options, ([], None))
    if game is None or kept != choices:
        game = replay_choices(Game(options, 0), choices)
    return game


def reference_eliminating(game: Game) -> set[Placement]:
    """jsonio's eliminates marking before the shortcut: every placement played and taken back."""
    result = set()
    for move in game.legal_moves():
        if isinstance(move, Placement):
            game.push(move)
            if game.phase != "build":
                result.add(move)
            game.pop()
    return result


def _all_options() -> list[Options]:
    """Every valid option set."""
    result = []
    for p in (2, 3, 4):
        for t in TILES_VALUES:
            for f in FOUND_VALUES:
                for r in (False, True):
                    for teams in (False, True):
                        with contextlib.suppress(OptionsError):
                            result.append(Options(players=p, tiles=t, found=f, rank=r, teams=teams))
    return result


ALL_OPTIONS = _all_options()


def _wander(session: Session, rng: random.Random, check) -> None:
    """Play ``session`` to the end with random moves, undos and redos, calling ``check``
    after every step."""
    check(session)
    while session.game.phase != OVER:
        roll = rng.random()
        if roll < 0.15 and session.can_undo():
            session.undo()
        elif roll < 0.25 and session.can_redo():
            session.redo()
        else:
            session.play(session.game.random_move(rng))
        check(session)


# The same bytecode runs in both interpreters; in Pyodide (about 3x slower) a quarter of the
# option sets keeps `make test` within its time while CPython checks them all.
SHARE_OPTIONS = ALL_OPTIONS[::4] if sys.platform == "emscripten" else ALL_OPTIONS


@pytest.mark.parametrize("options", SHARE_OPTIONS, ids=lambda o: o.format().replace(" ", ","))
def test_the_incremental_share_code_is_encode_at_every_step(options: Options) -> None:
    rng = random.Random(options.format())
    seen = set()

    def check(session: Session) -> None:
        code = session.share_code()  # asked at every step, as the page does
        assert code == reference_encode(session.game)
        seen.add(code)

    _wander(Session(options, rng.randrange(2**32)), rng, check)
    assert len(seen) > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_share_code_of_a_loaded_game_stays_exact(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        game = play_random_game(Options(players=players, found=FOUND_VALUES[seed % 2]), seed)
        steps = rng.randrange(60)
        for loaded in (
            decode(encode(game_at(game, steps)), seed=seed),
            replay(write_record(game_at(game, steps))),
        ):
            session = Session.from_game(loaded)
            if rng.random() < 0.5 and session.game.phase != OVER:  # encoder built later
                session.play(session.game.random_move(rng))
            _wander(session, rng, lambda s: _check_exact(s, rng))


def _check_exact(session: Session, rng: random.Random) -> None:
    if rng.random() < 0.5:
        assert session.share_code() == reference_encode(session.game)


# As with SHARE_OPTIONS, a third of the finished games in Pyodide: 2, 3 and 4 players, both
# founding rules, rank on and off, 18 and all tiles.
FINISHED_SEEDS = range(1, 12, 3) if sys.platform == "emscripten" else range(12)


def test_encode_and_the_encoder_agree_with_the_reference_on_finished_games() -> None:
    for seed in FINISHED_SEEDS:
        game = play_random_game(ALL_OPTIONS[seed * 5 % len(ALL_OPTIONS)], seed)
        assert encode(game) == reference_encode(game)
        assert ShareEncoder.of_game(game).code(game) == encode(game)
    assert encode(Game(Options(players=3))) == reference_encode(Game(Options(players=3)))


def test_a_game_changed_behind_the_sessions_back_gets_its_code_rebuilt() -> None:
    session = Session(Options(players=2), seed=4)
    session.play(session.game.legal_placements()[0])
    session.share_code()
    session.game.pop()  # not through the session
    assert session.share_code() == reference_encode(session.game)


def test_the_encoder_refuses_to_take_back_more_than_it_followed() -> None:
    with pytest.raises(IndexError):
        ShareEncoder(Options()).pop()


def _positions(count: int, seed: int):
    """Place-step positions of random games of every option set, late ones included."""
    rng = random.Random(seed)
    for i in range(count):
        game = Game(ALL_OPTIONS[i % len(ALL_OPTIONS)], rng.randrange(2**32))
        stop = rng.random()
        while game.phase != OVER:
            if game.phase == DRAW:
                game.draw()
                continue
            if game.phase == PLACE and rng.random() < stop * 0.2:
                yield game
            game.push(game.random_move(rng))


def _answered_at_once(game: Game) -> bool:
    """The cheap check clears every placement: the player has a hut and four founding sites."""
    sites = game.board.found_sites(game.current, game.options.found == "isolated", 4)
    return bool(game.stock[game.current][0]) and len(sites) == 4


def _positions_answered_at_once(seed: int):
    """For each option set, a random game's first place step from a random turn on where the
    cheap check answers at once."""
    rng = random.Random(seed)
    for options in ALL_OPTIONS:
        game = Game(options, rng.randrange(2**32))
        turn = rng.randrange(game.tile_count)
        while game.phase != OVER:
            if game.phase == DRAW:
                game.draw()
                continue
            if game.phase == PLACE and len(game.turns) > turn and _answered_at_once(game):
                yield game
                break
            game.push(game.random_move(rng))


def test_the_eliminates_marks_are_those_of_playing_every_placement() -> None:
    """Where the cheap check answers at once, no placement eliminates: playing every one
    agrees, at a position of each option set. (Where it does not, the placements are played:
    test_the_eliminates_marks_are_exact_where_the_cheap_check_is_not_enough.)"""
    checked = 0
    for game in _positions_answered_at_once(seed=10):
        assert eliminating_placements(game) == reference_eliminating(game) == set()
        checked += 1
    assert checked > len(ALL_OPTIONS) * 3 // 4


def test_legal_moves_json_marks_exactly_the_eliminating_placements() -> None:
    for game in _positions(6, seed=11):
        expected = reference_eliminating(game)
        for data in legal_moves_json(game):
            if data["type"] == "place":
                move = Placement.at(*data["volcano"], data["clock"])
                assert data.get("eliminates", False) == (move in expected)
            else:
                assert "eliminates" not in data


def test_the_eliminates_marks_are_exact_where_the_cheap_check_is_not_enough() -> None:
    """Positions with fewer than four founding sites or no hut: the placements are played."""
    checked = marked = 0
    for game in _positions(150, seed=12):
        if _answered_at_once(game):
            continue
        expected = reference_eliminating(game)
        assert eliminating_placements(game) == expected
        checked += 1
        marked += bool(expected)
    assert checked > 20 and marked > 0
