"""The computer players (taluva.ai): legal moves in every step and option, reproducible for a
seed, blind to the hidden pile's order, and stronger than chance.

Kept light (well under 30 s on CPython) because the suite also runs inside Pyodide: the strong
level is given a small time cap where only legality is checked.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterator

import pytest

from taluva.ai import LEVELS, choose_move, choose_turn, levels, ponder, think
from taluva.ai.arena import run_match, wilson
from taluva.ai.candidates import candidate_builds
from taluva.ai.evaluate import DEFAULT, evaluate, seat_values, turns_left
from taluva.ai.players import choose, choose_build, level_config
from taluva.ai.turnmemo import TurnMemo
from taluva.ai.turnsearch import TurnSearch, fingerprint
from taluva.rules.errors import IllegalMoveError
from taluva.rules.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.rules.moves import Build, Placement
from taluva.rules.options import Options

OPTION_SETS = [
    Options(players=2),
    Options(players=2, found="any"),
    Options(players=3),
    Options(players=3, rank=True, found="any"),
    Options(players=4),
    Options(players=4, teams=True),
    Options(players=4, rank=True),
    Options(players=2, tiles="all"),
]


@pytest.fixture(autouse=True)
def _no_pondered_searches_between_tests() -> Iterator[None]:
    """Each test's decisions are its own: none takes a search another test pondered."""
    ponder.forget()
    yield
    ponder.forget()


# Strong and master with a small cap: legality only (the cap stops their reply search early).
FAST = {"random": None, "beginner": None, "intermediate": None, "strong": 0.02, "master": 0.02}


def advance(game: Game, rng: random.Random, steps: int) -> Game:
    """Play ``steps`` uniformly random steps (draws included) or until the game ends."""
    for _ in range(steps):
        if game.phase == OVER:
            break
        if game.phase == DRAW:
            game.draw()
        else:
            game.push(game.random_move(rng))
    return game


def position(options: Options, seed: int, steps: int, phase: str) -> Game:
    """A position at the ``phase`` step after about ``steps`` random steps."""
    rng = random.Random(seed)
    game = Game(options, seed)
    advance(game, rng, steps)
    while game.phase != phase:
        assert game.phase != OVER, "the test position ended the game"
        if game.phase == DRAW:
            game.draw()
        else:
            game.push(game.random_move(rng))
    return game


def level_offsets(players: int) -> list[int]:
    """Offsets into LEVELS such that the games seating seat s at level (s + offset) seat every
    level at least once."""
    n = len(LEVELS)
    offsets = list(range(0, n, players))
    assert {(s + o) % n for o in offsets for s in range(players)} == set(range(n))
    return offsets


@pytest.mark.parametrize(
    ("options", "offset"),
    [(o, off) for o in OPTION_SETS for off in level_offsets(o.players)],
    ids=lambda v: v.format() if isinstance(v, Options) else str(v),
)
def test_every_level_plays_whole_games_legally(options: Options, offset: int) -> None:
    """R-TILE, R-BUILD, R-ELIM, R-END and every option: seats of different levels (each level
    plays each option set in one of the games); every move is checked by Game.play."""
    game = Game(options, seed=11 + offset)
    levels = [LEVELS[(s + offset) % len(LEVELS)] for s in range(options.players)]
    while game.phase != OVER:
        if game.phase == DRAW:
            game.draw()
            continue
        level = levels[game.current]
        move = choose_move(game, level, seed=3, budget=FAST[level])
        assert game.is_legal(move), (level, move)
        if game.phase == PLACE:
            assert isinstance(move, Placement)
        else:
            assert isinstance(move, Build)
        game.play(move)
    assert game.result is not None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("phase", [PLACE, BUILD])
def test_each_level_returns_a_legal_move_in_each_step(level: str, phase: str) -> None:
    for options, seed in ((Options(players=2), 5), (Options(players=4, teams=True), 6)):
        game = position(options, seed, steps=14, phase=phase)
        move = choose_move(game, level, seed=1, budget=FAST[level])
        assert game.is_legal(move)


@pytest.mark.parametrize("level", LEVELS)
def test_a_turn_that_can_only_eliminate_has_no_build(level: str) -> None:
    """R-ELIM-1: out of huts and towers, with no settlement big enough for a temple, every
    placement leaves no build; the player still places a tile (R-TILE-4)."""
    game = position(Options(players=2), 71, steps=6, phase=PLACE)
    seat = game.current
    assert all(len(g) < 3 for g in game.board.settlements(seat))
    game.stock[seat] = [0, 3, 0]
    placement, build = choose_turn(game, level, seed=1)
    assert build is None and game.is_legal(placement)
    game.play(placement)
    assert game.status[seat] == "eliminated"


def test_the_planned_build_answers_the_build_step() -> None:
    game = position(Options(players=2), 21, steps=9, phase=PLACE)
    placement, build = choose_turn(game, "strong", seed=4)
    game.play(placement)
    assert build is not None and game.is_legal(build)
    assert choose_move(game, "strong", seed=4) == build


@pytest.mark.parametrize("level", LEVELS)
def test_choices_are_reproducible_for_a_seed(level: str) -> None:
    game = position(Options(players=2), 31, steps=12, phase=PLACE)
    # No time cap: a cap stops the search wherever the clock says, which a loaded machine moves.
    first = choose_turn(game, level, seed=9, budget=math.inf)
    again = choose_turn(game.copy(), level, seed=9, budget=math.inf)
    assert first == again
    game.play(first[0])
    fresh = game.copy()  # not the object the plan was made on: the cache keys on the position
    assert choose_move(fresh, level, seed=9, budget=math.inf) == choose_move(
        fresh, level, seed=9, budget=math.inf
    )


@pytest.mark.parametrize(
    ("level", "options"),
    [(lv, Options(players=2)) for lv in LEVELS] + [("master", Options(players=4, teams=True))],
    ids=lambda v: v if isinstance(v, str) else v.format(),
)
def test_the_hidden_pile_order_is_never_read(level: str, options: Options) -> None:
    """RULES.md: the order of the pile is hidden; only the unseen counts may be used (with 4
    players every other seat's answer draws a sampled tile)."""
    game = position(options, 41, steps=10, phase=PLACE)
    shuffled = game.copy()
    rest = shuffled.deck[shuffled.drawn :]
    random.Random(0).shuffle(rest)
    rest.reverse()
    shuffled.deck[shuffled.drawn :] = rest
    assert shuffled.deck != game.deck and shuffled.unseen() == game.unseen()
    assert choose_turn(game, level, seed=2, budget=math.inf) == choose_turn(
        shuffled, level, seed=2, budget=math.inf
    )


def test_the_game_passed_in_is_not_changed() -> None:
    game = position(Options(players=3), 51, steps=8, phase=PLACE)
    before = (list(game.deck), game.drawn, dict(game.board.owner), game.phase, game.current)
    choose_turn(game, "strong", seed=1, budget=0.05)
    assert (list(game.deck), game.drawn, dict(game.board.owner), game.phase, game.current) == (
        before
    )


def test_no_move_is_chosen_at_the_draw_or_after_the_end() -> None:
    game = Game(Options(players=2), seed=1)
    with pytest.raises(IllegalMoveError):
        choose_move(game, "strong", seed=1)
    with pytest.raises(ValueError):
        game.draw()
        choose_move(game, "grandmaster", seed=1)


def test_turns_left_counts_the_tiles_to_come() -> None:
    game = Game(Options(players=2), seed=1)
    assert turns_left(game) == [12, 12]
    game.draw()
    assert turns_left(game) == [11, 12]


# The same bytecode runs in both interpreters; in Pyodide (about 3x slower) half the option sets,
# each player count and every option value among them, keep `make test` within its time while
# CPython checks them all.
MEMO_OPTION_SETS = OPTION_SETS[1::2] if sys.platform == "emscripten" else OPTION_SETS


@pytest.mark.parametrize("options", MEMO_OPTION_SETS, ids=Options.format)
def test_the_turn_memo_gives_every_seat_the_value_a_fresh_evaluation_gives(
    options: Options,
) -> None:
    """The turn searches value the positions after a turn's candidates through one TurnMemo,
    which lays the tile on the board alone, lists the builds itself and values a build without
    pushing it, walking again only the settlements the turn touches; each must equal a full
    evaluation of the position with both pushed, at every table, over every build of many
    placements (eruptions included), and its builds must be the engine's candidates."""
    rng = random.Random(7)
    fast = full = covered = 0
    for seed in range(6):
        game = position(options, seed, steps=12 + 6 * seed, phase=PLACE)
        if seed == 4:  # the last tile: every build ends the game
            game.tile_count = game.drawn
        if seed == 5:  # temples done, one tower left: a tower or 2 huts win (R-END-1)
            game.stock[game.current] = [2, 0, 1]
        before = game.copy()
        for founds in (1, 3):
            memo = TurnMemo(game, DEFAULT, founds)
            placements = game.legal_placements()
            owner = game.board.owner
            burying = [pl for pl in placements if any(p in owner for p in pl.hexes())]
            chosen = rng.sample(placements, min(15, len(placements))) + burying[:10]
            for pl in chosen:
                builds = memo.enter(game, pl)
                memo.leave(game)
                after = game.copy()
                after.push(pl)
                if after.phase != BUILD:
                    assert builds == []
                    continue
                assert builds == candidate_builds(after, founds)
                memo.enter(game, pl)
                for build in sorted(after.build_options()):
                    after.push(build)
                    if memo.ends(game, build):
                        full += 1
                    else:
                        assert after.phase != OVER
                        assert memo.values(game, build) == seat_values(after)
                        assert memo.mover_value(game, build) == seat_values(after)[memo.mover]
                        fast += 1
                    assert memo.value(game, 0, build) == evaluate(after, 0)
                    after.pop()
                memo.leave(game)
            covered += len(burying[:10])
        assert _same(game, before)  # every laid tile was lifted
    assert fast > 500 and full > 0 and covered > 0


def _same(a: Game, b: Game) -> bool:
    """The two games' boards and states are equal (the dicts' order aside)."""
    ba, bb = a.board, b.board
    return (
        ba.level == bb.level
        and ba.terrain == bb.terrain
        and ba.owner == bb.owner
        and ba.piece == bb.piece
        and ba.volcanoes == bb.volcanoes
        and ba.tile == bb.tile
        and ba.placements == bb.placements
        and a.stock == b.stock
        and a.status == b.status
        and a.phase == b.phase
    )


def test_evaluation_prefers_a_temple_to_a_hut() -> None:
    """R-END-2 order: a temple outweighs any number of huts in the evaluation."""
    game = position(Options(players=2), 61, steps=20, phase=PLACE)
    placement, build = choose_turn(game, "intermediate", seed=0)
    game.play(placement)
    options = game.build_options()
    temples = [b for b in options if b.piece == 1]
    if temples:  # the turn search saw the temple too, then
        seat = game.current
        values = {}
        for b in options:
            game.push(b)
            values[b] = evaluate(game, seat)
            game.pop()
        best = max(values, key=values.__getitem__)
        assert best.piece == 1


def test_wilson_interval() -> None:
    lo, hi = wilson(200, 200)
    assert hi == 1.0 and 0.98 < lo < 0.99
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28


def test_strong_beats_random_in_a_short_match() -> None:
    result = run_match("strong", "random", 4, Options(players=2), seed=7, budget=0.1)
    assert result.wins[0] >= 4
    assert sum(result.wins) == 4


@pytest.mark.parametrize("level", ["intermediate", "strong", "master"])
def test_an_early_win_is_taken(level: str) -> None:
    """R-END-1: with every temple built and 2 huts left, an expansion of exactly 2 huts wins;
    the planning levels find the placement that makes one."""
    game = position(Options(players=2), 81, steps=16, phase=PLACE)
    seat = game.current
    game.stock[seat] = [2, 0, 2]
    placement, build = choose_turn(game, level, seed=5)
    assert build is not None
    game.play(placement)
    game.play(build)
    assert game.phase == OVER and game.result is not None and game.result.winners == (seat,)


# ----------------------------------------------------------- the one registry of levels


def test_the_registry_lists_each_level_once_weakest_first_with_its_cap_and_a_line() -> None:
    ids = [level.id for level in levels.REGISTRY]
    assert tuple(ids) == LEVELS == levels.LEVELS and len(set(ids)) == len(ids)
    assert levels.strongest() is levels.REGISTRY[-1] and levels.strongest().id == "master"
    assert LEVELS == ("random", "beginner", "intermediate", "strong", "master")
    budgets = [level.budget for level in levels.REGISTRY]
    assert budgets == sorted(budgets) and budgets[0] > 0  # stronger levels may think longer
    assert all(level.description and "\n" not in level.description for level in levels.REGISTRY)
    assert levels.get("random").description == "practice: plays any legal move"
    with pytest.raises(ValueError, match="one of random, beginner"):
        levels.get("grandmaster")


def test_a_registered_level_without_a_play_fails_loudly() -> None:
    """A line added to the registry alone must not quietly play like another level."""
    game = position(Options(players=2), 5, steps=4, phase=PLACE)
    for step in (choose, choose_build):
        with pytest.raises(ValueError, match="no play"):
            step(game.copy(), "expert", random.Random(1), None)


# -------------------------------------------------------------------------- every player answers


@pytest.mark.parametrize(
    ("options", "answering"),
    [(Options(players=2), 1), (Options(players=3), 2), (Options(players=4, teams=True), 3)],
    ids=["2p", "3p", "4p-teams"],
)
def test_every_other_player_answers_in_turn_until_the_seats_next_turn(
    options: Options, answering: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reply search lets each seat after ``seat`` play its best turn in order (partners
    too), stops at ``seat``'s own next turn, and leaves the game as it found it."""
    from taluva.ai import search
    from taluva.ai.evaluate import DEFAULT

    game = position(options, 17, steps=10, phase=PLACE)
    seat = game.current
    game.play(choose_turn(game, "intermediate", seed=1)[0])
    game.play(choose_move(game, "intermediate", seed=1))
    assert game.phase == DRAW
    before = (list(game.deck), game.drawn, game.phase, game.current, len(game.turns))
    movers: list[int] = []
    best_reply = search._best_reply

    def spy(g: Game, *args: object) -> object:
        movers.append(g.current)
        return best_reply(g, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_best_reply", spy)
    rng = random.Random(3)
    samples = search.sample_rounds(game, rng, 2, 4)  # more tiles than there are others
    assert len(samples) == 2 and all(len(s) == 4 for s in samples)
    value = search.finish(search.replies_value_steps(game, seat, samples, rng, DEFAULT, 1, 1))
    assert value is not None and abs(value) < 1_000_000
    others = [(seat + i) % options.players for i in range(1, options.players)]
    assert movers[: len(others)] == others[:answering]
    assert len(movers) == 2 * answering - (samples[0][0] == samples[1][0])
    assert (list(game.deck), game.drawn, game.phase, game.current, len(game.turns)) == before


def test_master_looks_a_third_ply_ahead_at_every_table() -> None:
    """Measured to pay with two players, and at 3 players after the two answers (docs/ai.md);
    strong stops at the answers."""
    from taluva.ai.players import level_config

    for options in OPTION_SETS:
        game = Game(options, seed=1)
        assert level_config("master", game).own_next, options
        assert not level_config("strong", game).own_next


class _Reached(Exception):
    """Raised by a spy to stop a search once it reaches the code under test."""


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("phase", [PLACE, BUILD])
def test_master_s_choices_reach_its_own_next_turn(
    phase: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turn's plan and a build without a plan both run the third ply, with two players
    and after every other player's answer at a larger table."""
    from taluva.ai import search

    def reached(*args: object) -> None:
        raise _Reached

    monkeypatch.setattr(search, "own_turn_value", reached)
    game = position(Options(players=players), 13, steps=12, phase=phase)
    with pytest.raises(_Reached):
        if phase == PLACE:
            search.finish(choose(game.copy(), "master", random.Random(1), None))
        else:
            search.finish(choose_build(game.copy(), "master", random.Random(1), None))


@pytest.mark.parametrize("options", [Options(players=2), Options(players=3)], ids=["2p", "3p"])
def test_with_own_next_the_seat_plays_its_own_next_turn_after_the_answers(
    options: Options, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``own_next`` a sampled round holds one tile more than there are answering players:
    after the answers the searching seat draws the last one and plays its best turn on it, and
    a candidate's value is the mean of those turns' values; the game is left as found."""
    from taluva.ai import search
    from taluva.ai.evaluate import DEFAULT

    game = position(options, 17, steps=10, phase=PLACE)
    seat = game.current
    game.play(choose_turn(game, "intermediate", seed=1)[0])
    game.play(choose_move(game, "intermediate", seed=1))
    assert game.phase == DRAW
    before = (list(game.deck), game.drawn, game.phase, game.current, len(game.turns))
    own_turns: list[tuple[int, object, float | None]] = []
    own_turn_value = search.own_turn_value

    def spy(g: Game, tile: object, *args: object) -> search.Steps[float | None]:
        value = yield from own_turn_value(g, tile, *args)  # type: ignore[arg-type]
        own_turns.append((g.current, tile, value))
        return value

    monkeypatch.setattr(search, "own_turn_value", spy)
    samples = search.sample_rounds(game, random.Random(3), 3, options.players)
    assert all(len(s) == options.players for s in samples)
    three = search.finish(
        search.replies_value_steps(game, seat, samples, random.Random(4), DEFAULT, 1, 1, None, True)
    )
    assert [(who, tile) for who, tile, _ in own_turns] == [(seat, s[-1]) for s in samples]
    values = [v for _, _, v in own_turns]
    assert None not in values and three == pytest.approx(sum(values) / len(values))  # type: ignore[arg-type]
    assert (list(game.deck), game.drawn, game.phase, game.current, len(game.turns)) == before
    # Without it the same rounds stop at the answers, and value the position differently.
    own_turns.clear()
    two = search.finish(
        search.replies_value_steps(game, seat, samples, random.Random(4), DEFAULT, 1, 1)
    )
    assert own_turns == [] and two is not None and two != three


def test_a_lone_seat_match_gives_side_a_one_seat_moving_round_the_table() -> None:
    result = run_match("beginner", "random", 3, Options(players=3), seed=2, lone=True)
    assert result.games == 3 and sum(result.wins) == 3
    assert "one seat" in result.table().splitlines()[0]


def _answers(game: Game, rng: random.Random) -> dict[tuple[Placement, Build | None], Game]:
    """Every candidate answer of the seat to move, as the reply search sees them (far 1,
    founds 1), each with a copy of the game after it."""
    from taluva.ai import candidates

    answers: dict[tuple[Placement, Build | None], Game] = {}
    for pl in candidates.candidate_placements(game, rng, 1):
        after = game.copy()
        after.play(pl)
        if after.phase != BUILD:
            answers[pl, None] = after
            continue
        for build in candidates.candidate_builds(after, 1):
            built = after.copy()
            built.play(build)
            answers[pl, build] = built
    return answers


@pytest.mark.parametrize(
    ("options", "seed", "for_itself"),
    [
        (Options(players=2), 21, False),
        (Options(players=3), 23, True),
        (Options(players=4), 46, True),
        (Options(players=4, teams=True), 21, False),
    ],
    ids=["2p", "3p", "4p", "4p-teams"],
)
def test_an_answer_plays_for_its_own_prospects_at_a_free_for_all_table_of_three_or_four(
    options: Options, seed: int, for_itself: bool
) -> None:
    """Max-n at 3-4 players: the replier builds for itself instead of blocking whoever leads;
    with two players or teams (zero-sum) it plays against the other side."""
    from taluva.ai import search
    from taluva.ai.evaluate import DEFAULT, relative, seat_values

    game = position(options, seed, steps=20, phase=PLACE)  # where the two measures differ
    replier = game.current
    seat = (replier - 1) % options.players
    answers = _answers(game, random.Random(5))
    own = {t: seat_values(g, DEFAULT)[replier] for t, g in answers.items() if g.phase != OVER}
    rel = {
        t: relative(g, seat_values(g, DEFAULT), replier, DEFAULT)
        for t, g in answers.items()
        if g.phase != OVER
    }
    # The two measures disagree here: each one's best answer is worse by the other.
    assert own[max(rel, key=rel.__getitem__)] < max(own.values())
    assert rel[max(own, key=own.__getitem__)] < max(rel.values())
    reply = search.finish(search._best_reply(game, seat, random.Random(5), DEFAULT, 1, 1, None))
    assert reply is not None
    chosen = reply[0]
    assert search.plays_for_itself(game) is for_itself
    if for_itself:
        assert own[chosen] == max(own.values())
    else:
        assert rel[chosen] == max(rel.values())


# ---------------------------------------------------------------- searching in slices, pondering


def test_a_search_run_in_slices_chooses_what_one_run_at_once_does() -> None:
    """A turn search can stop after any placement it tries and go on later (pondering runs it a
    few milliseconds at a time): its choice is the one of a search run at once."""
    for options, level in ((Options(players=2), "master"), (Options(players=3), "strong")):
        game = position(options, 29, steps=16, phase=PLACE)
        whole = choose_turn(game, level, seed=4, budget=math.inf)
        search = TurnSearch(game, level, 4)
        slices = 0
        while not search.run(0.0):
            slices += 1
        assert search.finish(None) == whole and slices > 100
        assert search.watch.nodes >= level_config(level, game).nodes and not search.watch.cut


def _small_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong level with a small node count, so that a test ponders many searches fast."""
    from dataclasses import replace

    from taluva.ai import players

    small = {n: replace(cfg, nodes=1500) for n, cfg in players.CONFIGS["strong"].items()}
    monkeypatch.setitem(players.CONFIGS, "strong", small)


def _likeliest_turn(game: Game) -> tuple[Placement, Build | None]:
    """The person's turn the ponderer expects first (its own ranking, see taluva.ai.ponder)."""
    from taluva.ai.search import determinized, finish, scored_turns_steps
    from taluva.ai.weights import tuned

    steps = scored_turns_steps(
        determinized(game), game.current, random.Random(0), tuned(game.players), 1, 1
    )
    _, placement, build = finish(steps)[0]
    return placement, build


def _ponder_all(game: Game) -> int:
    slices = 0
    while ponder.step(game, 0.002):
        slices += 1
        assert slices < 100_000
    return slices


@pytest.mark.parametrize("players", [2, 3])
def test_pondering_searches_the_computers_turns_after_the_persons_likeliest_one(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person against strong computers: while the person is to move, the ponderer searches
    each computer's turn after the person's likeliest turns (the next computer after it too);
    when the person plays one, every computer's decision is its pondered search and is what a
    search begun then chooses. The game pondered is never changed, and no other is pondered."""
    _small_searches(monkeypatch)
    game = position(Options(players=players), 40 + players, steps=14, phase=PLACE)
    person = game.current
    seats = {s: ("strong", 10 + s) for s in range(players) if s != person}
    ponder.expect(game, seats)
    before = fingerprint(game)
    assert not ponder.step(game.copy(), 1.0)  # only the game named
    assert _ponder_all(game) > 20 and fingerprint(game) == before
    placement, build = _likeliest_turn(game)
    game.play(placement)
    _ponder_all(game)  # the plan follows the game: the builds after the placement
    if build is not None:
        game.play(build)
    for _ in range(players - 1):  # each computer in turn
        game.draw()
        level, seed = seats[game.current]
        fresh = TurnSearch(game, level, seed).finish(None)
        thought = think(game, level, seed)
        assert thought.pondered and thought.move == fresh[0] and not thought.cut
        game.play(thought.move)
        if game.phase == BUILD:
            game.play(choose_move(game, level, seed))
    ponder.stop()


def test_a_turn_the_person_was_not_expected_to_play_is_searched_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _small_searches(monkeypatch)
    game = position(Options(players=2), 44, steps=14, phase=PLACE)
    computer = 1 - game.current
    ponder.expect(game, {computer: ("strong", 3)})
    _ponder_all(game)
    expected = _likeliest_turn(game)
    unexpected = next(
        pl
        for pl in game.legal_placements()
        if pl != expected[0] and not any(p in game.board.owner for p in pl.hexes())
    )
    game.play(unexpected)
    game.play(game.legal_builds()[-1])
    game.draw()
    thought = think(game, "strong", 3)
    assert not thought.pondered
    assert thought.move == TurnSearch(game, "strong", 3).finish(None)[0]
    ponder.stop()


def test_the_bridge_tells_what_a_decision_took_and_ponders_between_the_pages_calls() -> None:
    """aiChoose answers with its search's work; aiPonder names the computer seats (never in a
    by-link game), and ponderStep, the worker's own call, works while there is work."""
    import json

    from taluva.bridge import handle
    from taluva.play.session import Session
    from taluva.rules.moves import format_move

    def call(method: str, **params: object) -> dict:
        return json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))

    call("newGame", options={"players": 2}, seed=5)
    move = call("aiChoose", level="intermediate", seed=1)["result"]
    assert move["think"]["nodes"] > 0 and move["think"]["cut"] is False
    assert not call("aiPonder", seats=[[1, "grandmaster", 1]])["ok"]
    assert call("aiPonder", seats=[[1, "intermediate", 6]])["result"] is True
    calls = 1
    while call("ponderStep", ms=5)["result"]:
        calls += 1
        assert calls < 10_000
    # The person plays the turn expected first: the computer's answer was found meanwhile.
    placement, build = _likeliest_turn(Session(Options(players=2), seed=5).game)
    call("play", move={"notation": format_move(placement)})
    if build is not None:
        call("play", move={"notation": format_move(build)})
    move = call("aiChoose", level="intermediate", seed=6)["result"]
    assert move["think"]["pondered"] is True
    assert call("aiPonder", seats=[])["result"] is False
    assert call("ponderStep", ms=5)["result"] is False
