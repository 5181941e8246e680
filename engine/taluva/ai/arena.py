"""Matches between computer levels: win rates with Wilson 95% intervals and time per move.

Game ``i`` of a match is dealt from deck seed ``seed + i``; sides swap seats from one game to
the next (with 2 players side A begins in even games, side B in odd ones; with 3 or 4 players
the sides take alternate seats, so with teams each side is one team). In a *lone* match side A
has one seat and side B every other one, the lone seat moving one place on each game (with 3
or 4 players: how one level fares against a table of another; parity is 1/players). Every move
goes through :func:`taluva.ai.choose_move` and is played with the checked :meth:`Game.play`, so
an illegal move would stop the match. Every decision whose search the clock's safety cap cut is
counted (``cuts``): a match with none played what the page plays with the same seeds (run it
with ``budget=math.inf``, ``--budget inf``, so that a busy machine cuts none).

Times are the CPU time of the process (``time.process_time``), so that a busy machine does not
inflate them; on an idle machine they equal the wall time a player waits.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from taluva.ai import think
from taluva.rules.game import DRAW, OVER, PLACE, Game
from taluva.rules.options import Options


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% with the default z).

    >>> lo, hi = wilson(150, 200); round(lo, 3), round(hi, 3)
    (0.686, 0.805)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_levels(a: str, b: str, players: int, game_index: int, lone: bool = False) -> list[str]:
    """Which level sits in each seat in game ``game_index`` (``lone``: A has one seat).

    >>> seat_levels('x', 'y', 2, 0), seat_levels('x', 'y', 2, 1)
    (['x', 'y'], ['y', 'x'])
    >>> seat_levels('x', 'y', 3, 1)
    ['y', 'x', 'y']
    >>> [seat_levels('x', 'y', 3, i, lone=True) for i in range(4)]
    [['x', 'y', 'y'], ['y', 'x', 'y'], ['y', 'y', 'x'], ['x', 'y', 'y']]
    >>> seat_levels('x', 'y', 2, 1, lone=True)
    ['y', 'x']
    """
    if lone:
        return [a if s == game_index % players else b for s in range(players)]
    return [a if (s + game_index) % 2 == 0 else b for s in range(players)]


@dataclass
class GameRecord:
    """One finished game: the share of the win each side took, why it ended, move times."""

    share: tuple[float, float]
    reason: str
    eliminated: tuple[int, int]  # seats of each side eliminated
    move_times: tuple[list[float], list[float]]
    turn_times: tuple[list[float], list[float]]
    cuts: tuple[int, int] = (0, 0)  # decisions whose search the clock cut


def play_one(
    a: str,
    b: str,
    options: Options,
    seed: int,
    index: int,
    budget: float | None = None,
    lone: bool = False,
) -> GameRecord:
    """Play game ``index`` of a match between levels ``a`` and ``b`` (``budget``: the time cap
    per turn passed to :func:`choose_move`, None for each level's default; ``lone``: see
    :func:`seat_levels`)."""
    levels = seat_levels("A", "B", options.players, index, lone)
    side = [0 if s == "A" else 1 for s in levels]
    levels = [a if s == "A" else b for s in levels]
    game = Game(options, seed + index)
    move_times: tuple[list[float], list[float]] = ([], [])
    turn_times: tuple[list[float], list[float]] = ([], [])
    turn_start = 0.0
    cuts = [0, 0]
    while game.phase != OVER:
        if game.phase == DRAW:
            game.draw()
            continue
        seat = game.current
        ai_seed = (seed * 7919 + index) * 8 + seat
        start = time.process_time()
        thought = think(game, levels[seat], ai_seed, budget)
        spent = time.process_time() - start
        cuts[side[seat]] += thought.cut
        move_times[side[seat]].append(spent)
        if game.phase == PLACE:
            turn_start = spent
        else:
            turn_times[side[seat]].append(turn_start + spent)
        game.play(thought.move)
    assert game.result is not None
    share = [0.0, 0.0]
    for s in game.result.winners:
        share[side[s]] += 1.0 / len(game.result.winners)
    out = [0, 0]
    for s in game.left:
        if game.status[s] == "eliminated":
            out[side[s]] += 1
    return GameRecord(
        (share[0], share[1]),
        game.result.reason,
        (out[0], out[1]),
        move_times,
        turn_times,
        (cuts[0], cuts[1]),
    )


Task = tuple[str, str, Options, int, int, float | None, bool]


def _play_star(args: Task) -> GameRecord:
    return play_one(*args)


@dataclass
class MatchResult:
    a: str
    b: str
    options: Options
    lone: bool = False
    games: int = 0
    wins: list[float] = field(default_factory=lambda: [0.0, 0.0])
    eliminated: list[int] = field(default_factory=lambda: [0, 0])
    reasons: Counter = field(default_factory=Counter)
    move_times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    turn_times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    cuts: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, record: GameRecord) -> None:
        self.games += 1
        for i in (0, 1):
            self.cuts[i] += record.cuts[i]
            self.wins[i] += record.share[i]
            self.eliminated[i] += record.eliminated[i]
            self.move_times[i].extend(record.move_times[i])
            self.turn_times[i].extend(record.turn_times[i])
        self.reasons[record.reason] += 1

    def table(self) -> str:
        """The match as a text table."""
        lines = [
            f"{self.a} (A{', one seat' if self.lone else ''}) vs {self.b} (B): "
            f"{self.games} games, {self.options.format()}",
            f"{'side':<4} {'level':<12} {'wins':>6} {'win rate':>8}  {'95% CI (Wilson)':<16} "
            f"{'move med':>8} {'move p90':>8} {'turn med':>8} {'turn p90':>8} {'elim':>4} "
            f"{'cuts':>4}",
        ]
        for i, (name, level) in enumerate((("A", self.a), ("B", self.b))):
            lo, hi = wilson(self.wins[i], self.games)
            rate = self.wins[i] / self.games if self.games else 0.0
            mt, tt = self.move_times[i], self.turn_times[i]
            lines.append(
                f"{name:<4} {level:<12} {self.wins[i]:>6.1f} {rate:>8.1%}  "
                f"[{lo:5.1%}, {hi:5.1%}]  "
                f"{_ms(quantile(mt, 0.5)):>8} {_ms(quantile(mt, 0.9)):>8} "
                f"{_ms(quantile(tt, 0.5)):>8} {_ms(quantile(tt, 0.9)):>8} "
                f"{self.eliminated[i]:>4} {self.cuts[i]:>4}"
            )
        ends = ", ".join(f"{r} {c}" for r, c in sorted(self.reasons.items()))
        lines.append(f"ends: {ends}")
        return "\n".join(lines)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``; 0 for none.

    >>> quantile([3.0, 1.0, 2.0], 0.5)
    2.0
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}ms"


def run_match(
    a: str,
    b: str,
    games: int,
    options: Options,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[MatchResult], None] | None = None,
    budget: float | None = None,
    lone: bool = False,
) -> MatchResult:
    """Play ``games`` games between levels ``a`` and ``b`` on ``jobs`` processes (``lone``: A
    has one seat, B the others; see :func:`seat_levels`)."""
    result = MatchResult(a, b, options, lone)
    tasks: list[Task] = [(a, b, options, seed, i, budget, lone) for i in range(games)]
    for record in _records(tasks, jobs):
        result.add(record)
        if progress is not None:
            progress(result)
    return result


def _records(tasks: list[Task], jobs: int) -> Iterator[GameRecord]:
    if jobs <= 1:
        for task in tasks:
            yield _play_star(task)
        return
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_star, tasks)
