"""Property-based tests: thousands of random games, checked after every step.

Games are random playouts (the engine's own uniform ``random_move``, or a greedy builder that
reaches the ends of the game more often) over every combination of options. After every
step the invariants of RULES.md hold; a naive reading of the rules (:mod:`reference`) agrees
on every legal move and every result; random candidate moves are accepted exactly when they
are listed as legal; push/pop and copy leave no trace.

``TALUVA_HYPOTHESIS_SCALE`` (a float, default 1) scales the number of games, e.g. 0.1 for a
slow interpreter such as Pyodide.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from positions import assert_reason, scripted, snapshot
from reference import KIND, RefGame
from taluva.rules.board import TEMPLE_MARK, TOWER_MARK
from taluva.rules.errors import IllegalMoveError, InvalidMoveError
from taluva.rules.game import Game
from taluva.rules.hexgrid import neighbours, pack, unpack
from taluva.rules.moves import HUT, TEMPLE, TOWER, Build, Placement, make_build
from taluva.rules.options import Options
from taluva.rules.result import EARLY_VICTORY, LAST_STANDING, LAST_TEAM, LAST_TILE
from taluva.rules.tiles import TERRAIN_LETTERS, VOLCANO, tile_from_code

SCALE = float(os.environ.get("TALUVA_HYPOTHESIS_SCALE", "1.0"))
STOCK = (20, 3, 2)


def scaled(n: int):
    return settings(
        max_examples=max(1, int(n * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


@st.composite
def setups(draw):
    """(options, seed, greedy) for one random game."""
    n = draw(st.sampled_from([2, 3, 4]))
    tiles = draw(st.sampled_from(["12", "all"] + (["18", "24"] if n == 2 else [])))
    found = draw(st.sampled_from(["isolated", "any"]))
    teams = n == 4 and draw(st.booleans())
    rank = not teams and draw(st.booleans())
    seed = draw(st.integers(0, 2**32 - 1))
    greedy = draw(st.booleans())
    return Options(players=n, tiles=tiles, found=found, rank=rank, teams=teams), seed, greedy


def choose(game: Game, rng: random.Random, greedy: bool):
    """The next move: uniform (the engine's sampler), or the build placing most pieces."""
    if greedy and game.phase == "build" and rng.random() < 0.8:
        return max(game.legal_builds(), key=lambda b: b.huts + (5 if b.piece else 0))
    return game.random_move(rng)


# --------------------------------------------------------------------------- invariants


class Watch:
    """Follows a game and checks the invariants after every step.

    The board's stacks and frontier are checked where the last tile went (nothing else
    changes), and everywhere at the end of the game.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.covered = [0] * game.players  # huts covered by eruptions, per seat (R-TILE-3d)
        self.groups: list | None = None
        self.tile: Placement | None = None

    def before(self, move) -> None:
        if isinstance(move, Placement):
            board = self.game.board
            self.tile = move
            self.groups = []
            for p in move.hexes():
                if p in board.owner:
                    self.covered[board.owner[p]] += board.piece[p]
            if any(p in board.owner for p in move.hexes()):
                self.groups = [
                    (s, frozenset(g))
                    for s in range(self.game.players)
                    for g in board.settlements(s)
                ]

    def after(self) -> None:
        board = self.game.board
        if self.groups:  # R-TILE-3g: every settlement keeps a visible building
            for seat, group in self.groups:
                assert any(board.owner.get(p) == seat for p in group), "a settlement vanished"
        if self.tile is not None:
            self.check_board(self.tile.hexes())
            self.tile = self.groups = None
        self.check()

    def check_board(self, where=None) -> None:
        """Stacks and frontier at the positions ``where`` (all positions by default)."""
        board = self.game.board
        stacks = board.stacks()
        if where is None:
            assert stacks.keys() == board.level.keys()
            assert board.volcanoes == {p for p, t in board.terrain.items() if t == VOLCANO}
            assert board.frontier == {
                m for p in board.level for m in neighbours(p) if m not in board.level
            }
            assert set(board.tri_index) == set(board.tri_list)
            where = stacks
        for p in where:
            stack = stacks[p]
            assert board.level[p] == len(stack)
            assert (board.terrain[p], board.tile[p]) == stack[-1]
            assert (p in board.volcanoes) == (stack[-1][0] == VOLCANO)
            assert p not in board.frontier
            for m in neighbours(p):
                assert (m in board.frontier) == (m not in board.level)

    def check(self) -> None:
        game, board = self.game, self.game.board
        n = game.players
        assert len(board.placements) == len(game.turns) - (game.phase == "place")
        # buildings: on top of a landscape hex, as many huts as the level, towers up high
        assert board.owner.keys() == board.piece.keys()
        onboard = [[0, 0, 0] for _ in range(n)]
        for p, who in board.owner.items():
            assert board.terrain[p] != VOLCANO, "a building on a volcano"
            pc = board.piece[p]
            if pc == TEMPLE_MARK:
                onboard[who][1] += 1
            elif pc == TOWER_MARK:
                onboard[who][2] += 1
                assert board.level[p] >= 3
            else:
                assert pc == board.level[p], "huts on a hex = its level"
                onboard[who][0] += pc
        # pieces conserved: board + stock + covered = the material of R-MAT-1
        for s in range(n):
            stock = game.stock[s]
            assert min(stock) >= 0, "a negative stock"
            built = (onboard[s][1], onboard[s][2], onboard[s][0] + self.covered[s])
            assert onboard[s][0] + stock[0] + self.covered[s] == 20
            assert onboard[s][1] + stock[1] == 3 and onboard[s][2] + stock[2] == 2
            assert game.score(s) == built
        # turn bookkeeping
        assert game.drawn == len(game.turns) <= game.tile_count
        assert game.tiles_left == game.tile_count - game.drawn
        if game.phase != "over":
            assert game.status[game.current] == "playing"
            assert game.result is None
        assert sorted(game.left) == [s for s in range(n) if game.status[s] != "playing"]


def play_out(options: Options, seed: int, greedy: bool, on_step=None) -> tuple[Game, Watch]:
    game = Game(options, seed=seed)
    watch = Watch(game)
    rng = random.Random(seed)
    while game.phase != "over":
        if game.phase == "draw":
            game.draw()
            continue
        if on_step is not None:
            on_step(game, rng)
        move = choose(game, rng, greedy)
        watch.before(move)
        game.play(move)
        watch.after()
    watch.check_board()
    return game, watch


def check_finished(game: Game) -> None:
    """A finished game has a result, within the tiles in play, and accepts no move."""
    assert game.phase == "over" and game.result is not None
    assert len(game.turns) <= game.tile_count
    assert game.result.reason in (EARLY_VICTORY, LAST_TILE, LAST_STANDING, LAST_TEAM)
    if game.result.reason == LAST_TILE:
        assert game.tiles_left == 0
    for move in (Placement(pack(0, 0), 1), Build(HUT, ((pack(0, 0), 1),))):
        why = game.move_error(move)
        assert (why.rule, why.code, why.text) == ("R-END", "game-over", "the game is over")
    assert len(game.legal_moves()) == 0
    with pytest.raises(IllegalMoveError):
        game.random_move(random.Random(0))
    result = game.result
    assert len(result.places) == game.players
    assert result.winners and all(result.places[s] == 1 for s in result.winners)
    if game.options.teams:
        # O-TEAMS: a team wins (or both share), an eliminated partner with it; but a team with
        # both members eliminated has lost.
        teams = {s % 2 for s in result.winners}
        assert set(result.winners) == {s for s in range(game.players) if s % 2 in teams}
        for team in teams:
            assert any(game.status[s] != "eliminated" for s in range(team, game.players, 2))
    else:
        assert all(game.status[s] != "eliminated" for s in result.winners)


@given(setups())
@scaled(600)
# A team wins at the last tile with one member eliminated (found by the search once).
@example(setup=(Options(players=4, tiles="12", teams=True), 1773, True))
def test_invariants_hold_after_every_step_of_random_games(setup):
    options, seed, greedy = setup
    game, _ = play_out(options, seed, greedy)
    check_finished(game)


# ----------------------------------------------------------------- against the reference


def to_ref_placement(m: Placement):
    return unpack(m.volcano), m.clock


def to_ref_build(m: Build):
    return KIND[m.piece], frozenset((unpack(p), c) for p, c in m.cells)


def ref_result(game: Game, ref: RefGame) -> None:
    assert ref.over and ref.reason == game.result.reason
    assert list(game.result.places) == ref.places


@given(setups())
@scaled(40)
def test_legal_moves_and_results_agree_with_a_naive_reading_of_the_rules(setup):
    options, seed, greedy = setup
    game = Game(options, seed=seed)
    ref = RefGame(
        options.players, game.tile_count, options.found == "isolated", options.rank, options.teams
    )
    rng = random.Random(seed)
    while game.phase != "over":
        if game.phase == "draw":
            game.draw()
            ref.draw(tuple(TERRAIN_LETTERS[t] for t in game.tile))
            assert ref.current == game.current
        elif game.phase == "place":
            listed = game.legal_placements()
            assert {to_ref_placement(m) for m in listed} == ref.board.legal_placements()
            move = choose(game, rng, greedy)
            game.play(move)
            ref.place(*to_ref_placement(move))
        else:
            listed = game.legal_builds()
            assert len(set(listed)) == len(listed)
            assert {to_ref_build(m) for m in listed} == ref.builds()
            move = choose(game, rng, greedy)
            game.play(move)
            ref.build(*to_ref_build(move))
    ref_result(game, ref)


# -------------------------------------------------------- legal moves and random candidates

PLACEMENT_RULES = {"R-TILE-1", "R-TILE-2", "R-TILE-3a", "R-TILE-3b", "R-TILE-3c"}
PLACEMENT_RULES |= {"R-TILE-3f", "R-TILE-3g"}
BUILD_RULES = {"O-FOUND"} | {f"R-BUILD-{i}" for i in range(0, 7)}


def random_position(game: Game, rng: random.Random) -> int:
    covered = list(game.board.level) or [pack(0, 0)]
    q, r = unpack(rng.choice(covered))
    return pack(q + rng.randint(-2, 2), r + rng.randint(-2, 2))


def random_candidate(game: Game, rng: random.Random):
    if game.phase == "place" and rng.random() < 0.9:
        return Placement(random_position(game, rng), rng.randrange(6))
    piece = rng.choice([HUT, HUT, TEMPLE, TOWER])
    if piece == HUT:
        cells = [(random_position(game, rng), rng.randint(1, 3)) for _ in range(rng.randint(1, 3))]
    else:
        cells = [(random_position(game, rng), 1)]
    try:
        return make_build(piece, cells)
    except InvalidMoveError:
        return Build(piece, ((random_position(game, rng), 1),))


def check_moves(game: Game, rng: random.Random) -> None:
    listed = game.legal_placements() if game.phase == "place" else game.legal_builds()
    view = game.legal_moves()
    assert len(view) == len(listed)
    sample = listed if len(listed) < 40 or rng.random() < 0.25 else rng.sample(listed, 40)
    for move in sample:  # every listed move is legal
        assert game.move_error(move) is None
    legal = set(listed)
    rejected = 0
    for _ in range(6):  # random candidates are legal exactly when listed
        move = random_candidate(game, rng)
        error = game.move_error(move)
        assert (error is None) == (move in legal), (move, error)
        assert (move in view) == (move in legal)
        if error is None:
            continue
        rule = error.rule
        wrong_step = isinstance(move, Build) != (game.phase == "build")
        assert rule in ({"R-TURN"} if wrong_step else PLACEMENT_RULES | BUILD_RULES), error
        if not wrong_step:
            assert rule in (PLACEMENT_RULES if isinstance(move, Placement) else BUILD_RULES)
        assert_reason(error)
        if rejected == 0:  # play() refuses it with the same rule and changes nothing
            before = snapshot(game, moves=False)
            with pytest.raises(IllegalMoveError) as info:
                game.play(move)
            assert info.value.rule == rule
            assert snapshot(game, moves=False) == before
        rejected += 1


@given(setups())
@scaled(60)
def test_listed_moves_are_legal_and_random_candidates_are_rejected_unless_listed(setup):
    options, seed, greedy = setup
    game, _ = play_out(options, seed, greedy, on_step=check_moves)
    check_finished(game)


# ------------------------------------------------------------------------ push, pop, copy


def check_undo_and_copy(game: Game, rng: random.Random) -> None:
    # the legal builds come from a cache that push/pop saves and restores: compare them
    # too; the legal placements are computed from the board each time
    before = snapshot(game, moves=game.phase == "build")
    move = game.random_move(rng)
    game.push(move)
    game.pop()
    assert snapshot(game, moves=game.phase == "build") == before, "push + pop left a trace"
    if rng.random() < 0.15:
        other = game.copy()
        assert snapshot(other, moves=game.phase == "build") == before
        orng = random.Random(rng.random())
        for _ in range(6):  # play on in the copy
            if other.phase == "over":
                break
            if other.phase == "draw":
                other.draw()
            else:
                other.play(other.random_move(orng))
        assert snapshot(game, moves=game.phase == "build") == before, "the copy is shared"


@given(setups())
@scaled(60)
def test_push_pop_restores_the_state_and_copies_are_independent(setup):
    options, seed, greedy = setup
    game, _ = play_out(options, seed, greedy, on_step=check_undo_and_copy)
    check_finished(game)
    # the whole game can be taken back to the start, step by step
    while game._undo:
        game.pop()
    assert snapshot(game) == snapshot(Game(options, seed=seed))


def test_push_pop_keeps_random_move_reproducible():
    game = scripted([("JC", "0,0/10", "hut -1,0")])
    game.draw(tile_from_code("SR"))
    for k in range(20):
        first = game.random_move(random.Random(k))
        game.push(game.random_move(random.Random(1000 + k)))
        game.pop()
        assert game.random_move(random.Random(k)) == first, f"differs after {k + 1} push/pop"
