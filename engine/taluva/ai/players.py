"""The computer players, weakest to strongest. Each plans a whole turn (placement + build).

* ``random``: a uniformly random legal move at each step.
* ``beginner``: knows the goals but not the tactics. It places the tile at random (though never
  so that it is left with no build, R-ELIM-1) and builds by a fixed order of preference: a
  temple, else a tower, else (mostly) the largest expansion that keeps 3 huts in reserve, else a
  new settlement.
* ``intermediate``: plans the turn: it scores every candidate (placement, build) pair with the
  evaluation of :mod:`taluva.ai.evaluate` and plays the best one. It looks one turn ahead and at
  its own position only (it ignores the others' prospects), so it neither blocks the others nor
  sees what the next player will do to it.
* ``strong``: the same turn search, with the full evaluation (its own prospects against the best
  opponent's: blocking a temple spot or covering a hut of a temple-ready settlement is worth as
  much as building), then a determinized expectimax over the others' replies. For the best
  ``candidates`` turns it samples ``tiles`` rounds of tiles the others may draw (from the unseen
  counts, never the pile order; the same rounds for every candidate so that they are compared
  on equal terms), lets each player after it, in turn order up to its own next turn, answer
  with its own best turn (with two players or O-TEAMS by its side's value against the other
  side, a partner for the team; at a free-for-all table of 3 or 4 by its own prospects alone, a
  max-n search: there a player builds for itself rather than block whoever leads), and keeps
  the turn with the best mean outcome. That
  second ply is what makes it guard a temple-ready settlement against an eruption that would
  cover one of its huts or split it, keep its huts clear of eruptions, avoid handing anyone a
  level-3 tower spot, and stop an early win (R-END-1) one turn ahead. With 3 or 4 players every
  answer counts, not only the next player's: the one who moves just before it is the one most
  likely to take a spot it counts on.
  Its evaluation weights are fitted per player count (:mod:`taluva.ai.tune`, shipped in
  ``weights.json``) for free-for-all tables; team games keep the defaults.
* ``master``: about twice strong's think time in the page (a median of 1-1.5 s, docs/ai.md),
  spent differently by table size. With two
  players it looks a third ply ahead (``MASTER_TWO_PLAYERS``): on each sampled round, after the
  other's best answer, it draws its own next tile and plays its best turn on it, so a candidate
  is worth what the answer leaves it, not only what the answer takes (a threat the other cannot
  parry in one turn, a second spot in reserve); that ply costs as much as the answers, so it
  fits in strong's time on fewer candidates (up to 12, as many as its node count reaches) and
  3 sampled rounds instead of 4. At 3
  and 4 players it takes the same ply after every other player's answer, in twice strong's
  nodes over up to 30 candidates, on 3 sampled rounds (``MASTER``): without it the wider search
  alone was no stronger than strong there.

Why this search and not MCTS: a random playout costs ~1.6 ms on CPython, so a 0.4 s budget
buys a few hundred noisy playouts for a branching factor of ~3000 turns, far too few. A static
evaluation over a pruned one-turn search costs ~10-60 ms, which leaves room for the reply search
on the best 20 candidates: measured in 2-player arenas, the reply search turns the one-turn
player's strength into a clear edge (strong beats intermediate ~80% of games).

Determinism: every choice depends only on the position, the level and the seed. The searching
levels limit their work by counting (``StrongConfig.nodes``: every placement tried and every
position evaluated, in both plies), not by the clock: strong 11000 nodes, about 0.2-0.35 s
median per turn on CPython 3.11 and 0.6-0.75 s in Pyodide at 2-4 players; master twice that at
3-4 players. The counts are sized so that the page's turns stay within their think-time goals
(``make bench-ai``), so the page plays the arena's player. The clock is only a safety net
(:class:`~taluva.ai.levels.Level` ``budget``: 10 s, master 15 s) that cuts the reply search
short on a machine several times too slow for the node count; that is the one case where a
choice can depend on timing, and every such cut is reported (:class:`taluva.ai.Thought`).
The intermediate level's one-turn search has a cap too but never comes near it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random

from taluva.ai.evaluate import DEFAULT, Weights, evaluate
from taluva.ai.search import (
    Budget,
    Scored,
    Steps,
    Turn,
    Watch,
    determinized,
    replies_value_steps,
    sample_rounds,
    scored_turns_steps,
)
from taluva.ai.weights import tuned
from taluva.rules.game import BUILD, PLACE, PLAYING, Game
from taluva.rules.moves import TEMPLE, TOWER, Build, Placement
from taluva.rules.tiles import Tile

INTERMEDIATE = DEFAULT._replace(opponents=0.0, win_threat=800.0, stranded=3000.0)


# ---------------------------------------------------------------------------------- beginner


def beginner_build(game: Game, rng: Random) -> Build:
    """Temple, else tower, else the biggest expansion keeping 3 huts, else a random found."""
    options = game.build_options()
    huts = game.stock[game.current][0]
    temples = [b for b in options if b.piece == TEMPLE]
    if temples:
        return sorted(temples)[rng.randrange(len(temples))]
    towers = [b for b in options if b.piece == TOWER]
    if towers:
        return sorted(towers)[rng.randrange(len(towers))]
    expansions = [
        b for b, how in options.items() if how[0] == "expand" and b.huts <= max(1, huts - 3)
    ]
    if expansions and rng.random() < 0.7:
        return max(sorted(expansions), key=lambda b: b.huts)
    builds = sorted(options)
    founds = [b for b in builds if options[b][0] == "found"]
    pool = founds or builds
    return pool[rng.randrange(len(pool))]


def beginner_placement(game: Game, rng: Random) -> tuple[Placement, Build | None]:
    """A random placement that leaves a build (if any does), and the build it then makes."""
    placements = game.legal_placements()
    order = list(range(len(placements)))
    rng.shuffle(order)
    fallback: Placement | None = None
    for i in order[:40]:
        pl = placements[i]
        game.push(pl)
        if game.phase == BUILD:
            build = beginner_build(game, rng)
            game.pop()
            return pl, build
        game.pop()
        fallback = fallback or pl
    return fallback or placements[order[0]], None


# ----------------------------------------------------------------------- intermediate, strong


def intermediate_turn(game: Game, rng: Random, watch: Watch | None) -> Steps[Turn]:
    budget = Budget(1 << 60, watch)  # no node limit: the one-turn search is small
    scored = yield from scored_turns_steps(game, game.current, rng, INTERMEDIATE, 1, 2, budget)
    return scored[0][1], scored[0][2]


@dataclass(frozen=True)
class StrongConfig:
    """The strong level's search size; ``nodes`` is the deterministic limit of its work."""

    candidates: int = 20  # best one-turn candidates that get the reply search
    tiles: int = 4  # tiles sampled for the next player's reply
    nodes: int = 11000  # placements tried + positions evaluated, both plies (~40 us each)
    far: int = 2  # placements away from one's settlements that stand for all of them
    founds: int = 3  # ways to found a settlement looked at per placement
    reply_far: int = 1
    reply_founds: int = 1
    replies: int = 3  # players who answer in turn before our next turn (at most the others)
    own_next: bool = False  # and then our own next turn on a sampled tile: a third ply
    weights: Weights | None = None  # None: the weights fitted for the table (weights.json)


def level_weights(game: Game, cfg: StrongConfig) -> Weights:
    """The evaluation weights of a searching level at this table: its own if it names them,
    else those fitted for the player count (:mod:`taluva.ai.tune`); the fit is for
    free-for-all games, so team games (O-TEAMS) keep the defaults."""
    if cfg.weights is not None:
        return cfg.weights
    if game.options.teams:
        return DEFAULT
    return tuned(game.players)


STRONG = StrongConfig()
# Master. With two players the third ply, in about strong's time, on 3 sampled rounds: a
# candidate then costs a quarter less than on 4, so the node count reaches more of the 12
# (which is what gained: 66-68% in screens at 22,000 nodes). 400-game arenas against strong:
# 59.2% with 4 rounds in 10,000 nodes, 70.0% with 3 in 11,000 (then 1.07 s median in Pyodide,
# before the incremental valuation, so 10,000). At 3-4 players the same ply after every other
# player's answer, in twice strong's nodes (so about as many candidates as the wider search
# without it reached): that search alone was not stronger than strong there. See docs/ai.md.
MASTER = StrongConfig(candidates=30, tiles=3, nodes=22000, own_next=True)
MASTER_TWO_PLAYERS = StrongConfig(candidates=12, tiles=3, nodes=10000, own_next=True)


def strong_turn(
    game: Game, rng: Random, watch: Watch | None, cfg: StrongConfig | None = None
) -> Steps[Turn]:
    cfg = cfg or STRONG
    seat = game.current
    budget = Budget(cfg.nodes, watch)
    weights = level_weights(game, cfg)
    scored = yield from scored_turns_steps(game, seat, rng, weights, cfg.far, cfg.founds, budget)
    best = yield from _reply_search(game, seat, scored, rng, budget, cfg, weights)
    return best[1], best[2]


def _reply_search(
    game: Game,
    seat: int,
    scored: list[Scored],
    rng: Random,
    budget: Budget,
    cfg: StrongConfig,
    weights: Weights,
) -> Steps[Scored]:
    """Re-rank the best few candidates by the other players' best answers on sampled rounds
    of tiles (and, with ``cfg.own_next``, the seat's own best next turn after them)."""
    if len(scored) == 1 or scored[0][0] >= 500_000:
        return scored[0]
    samples = _rounds(game, rng, cfg)
    if not samples:
        return scored[0]
    best: Scored = scored[0]
    best_value: float | None = None
    for value, pl, build in scored[: cfg.candidates]:
        if budget.late() or (best_value is not None and budget.spent()):
            break
        game.push(pl)
        if build is not None:
            game.push(build)
        reply = yield from _replies_value(game, seat, samples, rng, weights, budget, cfg)
        if build is not None:
            game.pop()
        game.pop()
        if reply is None:  # out of time: keep what was searched to the end
            break
        # A little of the one-turn value breaks ties between replies that look the same.
        total = reply + 0.01 * value
        if best_value is None or total > best_value:
            best, best_value = (total, pl, build), total
    return best


CONFIGS: dict[str, dict[int, StrongConfig]] = {
    "strong": {2: STRONG, 3: STRONG, 4: STRONG},
    "master": {2: MASTER_TWO_PLAYERS, 3: MASTER, 4: MASTER},
}
"""The searching levels above intermediate and their search sizes, by number of players."""


def level_config(level: str, game: Game) -> StrongConfig:
    """The search size of the searching ``level`` at this table."""
    return CONFIGS[level][game.players]


def _rounds(game: Game, rng: Random, cfg: StrongConfig) -> list[tuple[Tile, ...]]:
    """``cfg.tiles`` sampled rounds of tiles, shared by every candidate: one tile for each
    player who answers (every other seat still playing, up to ``cfg.replies``), and one more
    for the searching seat's own next turn with ``cfg.own_next``."""
    others = sum(1 for s in range(game.players) if s != game.current and game.status[s] == PLAYING)
    depth = max(1, min(cfg.replies, others)) + int(cfg.own_next)
    return sample_rounds(game, rng, cfg.tiles, depth)


def _replies_value(
    game: Game,
    seat: int,
    samples: list[tuple[Tile, ...]],
    rng: Random,
    weights: Weights,
    budget: Budget,
    cfg: StrongConfig,
) -> Steps[float | None]:
    """:func:`~taluva.ai.search.replies_value_steps` at the search size of ``cfg``."""
    return replies_value_steps(
        game, seat, samples, rng, weights, cfg.reply_far, cfg.reply_founds, budget, cfg.own_next
    )


def choose(
    game: Game, level: str, rng: Random, watch: Watch | None, nodes: int | None = None
) -> Steps[Turn]:
    """The turn of ``level`` for the seat to move, in steps; ``game`` is at its place step
    (and is worked on: pass a copy). ``watch``: the search's clock and work (None: no clock).
    ``nodes`` replaces a searching level's own node count (the review's smaller search); the
    levels below strong ignore it."""
    assert game.phase == PLACE
    if level not in ("random", "beginner"):
        _check_searching(level)
    return _choose(game, level, rng, watch, nodes)


def _choose(
    game: Game, level: str, rng: Random, watch: Watch | None, nodes: int | None
) -> Steps[Turn]:
    if level == "random":
        pl = game.board.random_placement(rng)
        game.push(pl)
        build = game.random_move(rng) if game.phase == BUILD else None
        game.pop()
        return pl, build  # type: ignore[return-value]
    if level == "beginner":
        return beginner_placement(game, rng)
    work = determinized(game)
    if level == "intermediate":
        return (yield from intermediate_turn(work, rng, watch))
    cfg = level_config(level, work)
    cfg = cfg if nodes is None else replace(cfg, nodes=nodes)
    return (yield from strong_turn(work, rng, watch, cfg))


def _check_searching(level: str) -> None:
    # A level in the registry with no play here must fail loudly, not play as strong.
    if level != "intermediate" and level not in CONFIGS:
        raise ValueError(f"level {level!r} has no play in taluva.ai.players")


def choose_build(game: Game, level: str, rng: Random, watch: Watch | None) -> Steps[Build]:
    """A build at the build step when no planned one is at hand, in steps."""
    if level not in ("random", "beginner"):
        _check_searching(level)
    return _choose_build(game, level, rng, watch)


def _choose_build(game: Game, level: str, rng: Random, watch: Watch | None) -> Steps[Build]:
    if level == "random":
        return game.random_move(rng)  # type: ignore[return-value]
    if level == "beginner":
        return beginner_build(game, rng)
    work = determinized(game)
    cfg = None if level == "intermediate" else level_config(level, work)
    weights = INTERMEDIATE if cfg is None else level_weights(work, cfg)
    seat = work.current
    scored: list[tuple[float, Build]] = []
    for build in sorted(work.build_options()):
        work.push(build)
        scored.append((evaluate(work, seat, weights), build))
        work.pop()
    scored.sort(key=lambda s: -s[0])
    if cfg is None or len(scored) == 1:
        return scored[0][1]
    samples = _rounds(work, rng, cfg)
    budget = Budget(cfg.nodes, watch)
    best, best_value = scored[0][1], None
    for value, build in scored[: cfg.candidates]:
        if budget.late() or (best_value is not None and budget.spent()):
            break
        work.push(build)
        if samples:
            reply = yield from _replies_value(work, seat, samples, rng, weights, budget, cfg)
        else:
            reply = value
        work.pop()
        if reply is None:
            break
        total = reply + 0.01 * value
        if best_value is None or total > best_value:
            best, best_value = build, total
    return best
