"""Speed figures, printed (not asserted): legal-move generation and random games per second.

Runs the same on CPython and Pyodide, so that the two compare (docs/performance.md).
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable
from functools import partial

from taluva.rules.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.rules.history import count_decisions
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game


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


# ------------------------------------------------------------------------- the bridge's view

VIEW_PARTS = (
    "play",
    "state_to_json",
    "legal_view_json",
    "eliminates",
    "encode",
    "summary",
    "legal_moves_json",
)


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return (time.perf_counter() - start) * 1000.0, value


def _quantiles(values: list[float]) -> tuple[float, float, float]:
    """Median, 90th percentile and maximum (nearest rank)."""
    ordered = sorted(values)
    n = len(ordered)
    return ordered[(n - 1) // 2], ordered[min(n - 1, (9 * n) // 10)], ordered[-1]


def run_view(
    games: int = 5,
    players: tuple[int, ...] = (2, 3, 4),
    seed: int = 1,
    out: Callable[[str], None] = print,
) -> dict[str, dict[str, tuple[float, float, float]]]:
    """Where the time of the bridge's ``play`` goes, per phase of the move played.

    Plays ``games`` whole games per player count through :func:`taluva.bridge.handle`
    (``newGame``, then a seeded-random legal move of each view until the end). Each ``play``
    call is timed whole (request JSON in, response JSON out), then the parts of the view it
    built are timed again one by one on the same position; ``eliminates`` is part of
    ``legal_moves_json``. Returns {phase: {part: (median, p90, max) in ms}} and sizes in chars.
    """
    import json

    from taluva import bridge
    from taluva.formats.jsonio import (
        eliminating_placements,
        legal_moves_json,
        legal_view_json,
        state_to_json,
        summary_json,
    )
    from taluva.play import screen
    from taluva.rules.moves import format_move

    def share(game: Game) -> str:
        session = screen.current()
        code = getattr(session, "share_code", None)
        if code is not None and session.game is game:
            return code()
        from taluva.formats.sharecode import encode

        return encode(game)

    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    out(f"taluva view benchmark on {impl} {platform.python_version()} ({sys.platform})")
    out(f"{games} game(s) each of {', '.join(map(str, players))} players, seed {seed}")
    rng = random.Random(seed)
    times: dict[str, dict[str, list[float]]] = {
        p: {k: [] for k in VIEW_PARTS} for p in (PLACE, BUILD)
    }
    sizes: dict[str, list[int]] = {PLACE: [], BUILD: []}
    calls = 0
    for n in players:
        for _ in range(games):
            request = {
                "method": "newGame",
                "params": {"options": {"players": n}, "seed": rng.randrange(2**32)},
            }
            view = json.loads(bridge.handle(json.dumps(request)))["result"]
            while view["moves"]:
                legal = screen.current().game.legal_moves()
                move = {"notation": format_move(list(legal)[rng.randrange(len(legal))])}
                phase = view["state"]["phase"]
                # As the page asks: with its log, so the answer carries only the new entries.
                request = {
                    "id": calls,
                    "method": "play",
                    "params": {"move": move, "logBase": view["logId"]},
                }
                calls += 1
                ms, response = _timed(lambda r=request: bridge.handle(json.dumps(r)))
                text = str(response)
                sizes[phase].append(len(text))
                parsed = json.loads(text)
                assert parsed["ok"], parsed
                view = parsed["result"]
                game = screen.current().game
                row = times[phase]
                row["play"].append(ms)
                row["state_to_json"].append(_timed(partial(state_to_json, game))[0])
                row["legal_view_json"].append(_timed(partial(legal_view_json, game))[0])
                row["legal_moves_json"].append(_timed(partial(legal_moves_json, game))[0])
                row["eliminates"].append(_timed(partial(eliminating_placements, game))[0])
                row["encode"].append(_timed(partial(share, game))[0])
                row["summary"].append(_timed(partial(summary_json, game))[0])
    figures: dict[str, dict[str, tuple[float, float, float]]] = {}
    for phase in (PLACE, BUILD):
        row = times[phase]
        if not row["play"]:
            continue
        out(f"after a {phase} move ({len(row['play'])} calls)   median     p90     max  (ms)")
        figures[phase] = {}
        for part in VIEW_PARTS:
            med, p90, top = _quantiles(row[part])
            figures[phase][part] = (med, p90, top)
            out(f"  {part:<24}{med:9.2f}{p90:8.2f}{top:8.2f}")
        size = sorted(sizes[phase])
        med_size, _, max_size = _quantiles([float(s) for s in size])
        out(f"  view JSON size (chars)  median {med_size:.0f}, max {max_size:.0f}")
    return figures
