"""Golden move counts (perft-like): any change in what is legal changes a number here.

Each row is a position reached by seeded random play: ``seed`` seeds both the deck and the
choices (``random.Random(seed).choice`` over the *sorted* legal lists, so the positions do not
depend on the engine's internal orders); after ``turns`` complete turns the next tile is
drawn from the deck and the legal placements are counted; then one placement, chosen by
``random.Random(seed * 1000 + turns)``, is made and the legal builds are counted. O-TILES is
the default (12 per player); the other options are those of the row.

The numbers were generated once from the engine after the rule tests passed, and checked
against the naive reading of the rules in :mod:`reference` (every listed move, not only the
counts). If a number changes, find out which rule changed before updating the table.
"""

from __future__ import annotations

import random

import pytest

from taluva.rules.game import Game
from taluva.rules.options import Options

GOLDEN = """
seed players found    turns placements builds
1    2       isolated 0     6          2
1    2       isolated 5     175        7
1    2       isolated 10    261        12
1    2       isolated 20    409        23
1    2       any      0     6          2
1    2       any      5     175        7
1    2       any      10    261        12
1    2       any      20    409        24
1    3       isolated 0     6          2
1    3       isolated 5     173        7
1    3       isolated 10    219        11
1    3       isolated 20    325        21
1    3       any      0     6          2
1    3       any      5     173        7
1    3       any      10    218        12
1    3       any      20    366        22
1    4       isolated 0     6          2
1    4       isolated 5     173        7
1    4       isolated 10    214        12
1    4       isolated 20    366        19
1    4       any      0     6          2
1    4       any      5     173        7
1    4       any      10    214        12
1    4       any      20    365        22
2    2       isolated 0     6          2
2    2       isolated 5     152        7
2    2       isolated 10    232        12
2    2       isolated 20    369        23
2    2       any      0     6          2
2    2       any      5     152        7
2    2       any      10    232        12
2    2       any      20    369        23
2    3       isolated 0     6          2
2    3       isolated 5     152        7
2    3       isolated 10    242        12
2    3       isolated 20    389        17
2    3       any      0     6          2
2    3       any      5     152        7
2    3       any      10    242        12
2    3       any      20    389        19
2    4       isolated 0     6          2
2    4       isolated 5     152        7
2    4       isolated 10    229        12
2    4       isolated 20    313        19
2    4       any      0     6          2
2    4       any      5     152        7
2    4       any      10    229        12
2    4       any      20    313        19
3    2       isolated 0     6          2
3    2       isolated 5     174        7
3    2       isolated 10    221        12
3    2       isolated 20    384        21
3    2       any      0     6          2
3    2       any      5     174        7
3    2       any      10    221        12
3    2       any      20    385        25
3    3       isolated 0     6          2
3    3       isolated 5     174        7
3    3       isolated 10    212        11
3    3       isolated 20    347        22
3    3       any      0     6          2
3    3       any      5     174        7
3    3       any      10    212        13
3    3       any      20    310        24
3    4       isolated 0     6          2
3    4       isolated 5     174        7
3    4       isolated 10    210        12
3    4       isolated 20    373        22
3    4       any      0     6          2
3    4       any      5     174        7
3    4       any      10    210        12
3    4       any      20    373        22
4    2       isolated 0     6          2
4    2       isolated 5     162        7
4    2       isolated 10    210        12
4    2       isolated 20    327        22
4    2       any      0     6          2
4    2       any      5     162        7
4    2       any      10    210        12
4    2       any      20    334        22
4    3       isolated 0     6          2
4    3       isolated 5     162        7
4    3       isolated 10    206        12
4    3       isolated 20    356        22
4    3       any      0     6          2
4    3       any      5     162        7
4    3       any      10    205        12
4    3       any      20    355        22
4    4       isolated 0     6          2
4    4       isolated 5     162        7
4    4       isolated 10    236        12
4    4       isolated 20    371        22
4    4       any      0     6          2
4    4       any      5     162        7
4    4       any      10    236        12
4    4       any      20    371        22
5    2       isolated 0     6          2
5    2       isolated 5     157        6
5    2       isolated 10    238        7
5    2       isolated 20    380        21
5    2       any      0     6          2
5    2       any      5     157        8
5    2       any      10    249        13
5    2       any      20    394        22
5    3       isolated 0     6          2
5    3       isolated 5     165        7
5    3       isolated 10    227        13
5    3       isolated 20    400        19
5    3       any      0     6          2
5    3       any      5     165        7
5    3       any      10    227        12
5    3       any      20    380        20
5    4       isolated 0     6          2
5    4       isolated 5     165        7
5    4       isolated 10    238        8
5    4       isolated 20    427        22
5    4       any      0     6          2
5    4       any      5     165        7
5    4       any      10    238        8
5    4       any      20    427        22
"""


def golden_rows() -> dict[tuple[int, int, str], list[tuple[int, int, int]]]:
    rows: dict[tuple[int, int, str], list[tuple[int, int, int]]] = {}
    for line in GOLDEN.strip().splitlines()[1:]:
        seed, players, found, turns, places, builds = line.split()
        rows.setdefault((int(seed), int(players), found), []).append(
            (int(turns), int(places), int(builds))
        )
    return rows


def play_turns(game: Game, rng: random.Random, turns: int) -> None:
    while len(game.turns) < turns:
        game.draw()
        game.play(rng.choice(game.legal_placements()))
        if game.phase == "build":
            game.play(rng.choice(game.legal_builds()))


def counts(game: Game, seed: int, turns: int) -> tuple[int, int]:
    here = game.copy()
    here.draw()
    placements = here.legal_placements()
    here.play(random.Random(seed * 1000 + turns).choice(placements))
    builds = len(here.legal_builds()) if here.phase == "build" else 0
    return len(placements), builds


@pytest.mark.parametrize(("seed", "players", "found"), sorted(golden_rows()))
def test_golden_move_counts(seed, players, found):
    game = Game(Options(players=players, found=found), seed=seed)
    rng = random.Random(seed)
    got, expected = [], []
    for turns, places, builds in golden_rows()[(seed, players, found)]:
        play_turns(game, rng, turns)
        got.append((turns, *counts(game, seed, turns)))
        expected.append((turns, places, builds))
    assert got == expected


def early_position(seed: int, players: int, found: str, turns: int) -> Game:
    game = Game(Options(players=players, found=found), seed=seed)
    play_turns(game, random.Random(seed), turns)
    game.draw()
    return game


def perft2(game: Game) -> tuple[int, int, int]:
    """(placements, placement + build pairs, placements that eliminate) of the turn."""
    pairs = eliminations = 0
    placements = game.legal_placements()
    for placement in placements:
        game.push(placement)
        if game.phase == "build":
            pairs += len(game.legal_builds())
        else:
            eliminations += 1
        game.pop()
    return len(placements), pairs, eliminations


@pytest.mark.parametrize(
    ("seed", "players", "found", "turns", "expected"),
    [
        (1, 2, "isolated", 5, (175, 1218, 0)),
        (2, 3, "any", 20, (389, 8919, 0)),
    ],
)
def test_perft_depth_2(seed, players, found, turns, expected):
    game = early_position(seed, players, found, turns)
    assert perft2(game) == expected
