"""Speed figures, printed (not asserted): legal-move generation and random games per second.

Runs the same on CPython and Pyodide, so the README can compare the two.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable

from taluva.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.history import count_decisions
from taluva.options import Options
from taluva.randomplay import play_random_game


def sample_positions(count: int, seed: int = 1) -> tuple[list[Game], list[Game]]:
    """Positions at the place step and at the build step, from random 2-4 player games."""
    rng = random.Random(seed)
    places: list[Game] = []
    builds: list[Game] = []
    while len(places) < count or len(builds) < count:
        game = Game(Options(players=rng.choice((2, 3, 4))), rng.randrange(2**32))
        while game.phase != OVER:
            if game.phase == DRAW:
                game.draw()
                continue
            if rng.random() < 0.3:
                target = places if game.phase == PLACE else builds
                if len(target) < count:
                    target.append(game.copy())
            game.push(game.random_move(rng))
    return places, builds


def _rate(fn: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Calls of ``fn`` per second over about ``seconds``; fn returns how many items it made."""
    calls = items = 0
    start = time.perf_counter()
    while True:
        items += fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls / elapsed, items // calls


def run(seconds: float = 3.0, out: Callable[[str], None] = print) -> dict[str, float]:
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    out(f"taluva benchmark on {impl} {platform.python_version()} ({sys.platform})")
    places, builds = sample_positions(200)
    i = 0

    def gen_placements() -> int:
        nonlocal i
        i += 1
        return len(places[i % len(places)].board.legal_placements())

    def gen_builds() -> int:
        nonlocal i
        i += 1
        game = builds[i % len(builds)]
        game._builds = None  # measure the generation, not the per-step cache
        return len(game.build_options())

    figures: dict[str, float] = {}
    rate, avg = _rate(gen_placements, seconds)
    figures["placements"] = rate
    out(f"all placements of the drawn tile: {rate:9.0f} positions/s  (avg {avg} moves)")
    rate, avg = _rate(gen_builds, seconds)
    figures["builds"] = rate
    out(f"all builds:                       {rate:9.0f} positions/s  (avg {avg} moves)")
    assert all(g.phase == BUILD for g in builds)

    seed = 0

    def one_game() -> int:
        nonlocal seed
        seed += 1
        game = play_random_game(Options(players=2), seed)
        return count_decisions(game.turns)

    rate, avg = _rate(one_game, seconds)
    figures["games"] = rate
    out(f"random 2-player games to the end: {rate:9.1f} games/s      (avg {avg} steps)")
    return figures
