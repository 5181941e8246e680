"""Where :data:`taluva.play.review.SCALE` comes from: the scale that makes the review's standings
the best forecast of who wins, fitted on games between computer levels.

``python -m taluva.play.review_scale --games 60`` plays 2-player games (one seat ``strong``, the
other ``intermediate``, alternating), takes the evaluation's lead of seat 0 at every turn
boundary and the game's outcome for seat 0, and prints the mean log-likelihood of the outcomes
under the standing ``1 / (1 + exp(-2 * lead / scale))`` for a range of scales, best marked.

>>> round(log_likelihood([(0.0, 1.0), (0.0, 0.0)], 800.0), 4)  # an even forecast: log 1/2
-0.6931
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from taluva.ai import choose_turn
from taluva.ai.evaluate import evaluate
from taluva.rules.game import BUILD, OVER, Game
from taluva.rules.options import Options

SCALES = (300.0, 500.0, 600.0, 700.0, 800.0, 900.0, 1000.0, 1200.0, 1500.0, 2000.0, 3000.0)


def sample_game(seed: int, levels: Sequence[str]) -> list[tuple[float, float]]:
    """(seat 0's lead, seat 0's result) at every turn boundary after the first of one game."""
    game = Game(Options(players=2), seed=seed)
    leads: list[float] = []
    while game.phase != OVER:
        leads.append(evaluate(game, 0))
        game.draw()
        placement, build = choose_turn(game, levels[(game.current + seed) % len(levels)], seed)
        game.play(placement)
        if game.phase == BUILD and build is not None:
            game.play(build)
    result = game.returns()[0]
    return [(lead, result) for lead in leads[1:]]  # the empty table forecasts nothing


def log_likelihood(points: Sequence[tuple[float, float]], scale: float) -> float:
    """The mean log-likelihood of the results (1, 0 or a shared 0.5) under ``scale``."""
    total = 0.0
    for lead, result in points:
        share = 1 / (1 + math.exp(max(-50.0, min(50.0, -2 * lead / scale))))
        share = min(max(share, 1e-9), 1 - 1e-9)
        total += result * math.log(share) + (1 - result) * math.log(1 - share)
    return total / len(points)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m taluva.play.review_scale", description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000, help="game i is dealt from seed S + i")
    parser.add_argument("--levels", default="intermediate,strong", help="comma-separated")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    points: list[tuple[float, float]] = []
    for i in range(args.games):
        points.extend(sample_game(args.seed + i, levels))
    scores = {scale: log_likelihood(points, scale) for scale in SCALES}
    best = max(scores, key=scores.__getitem__)
    print(f"{args.games} games, {len(points)} positions; mean log-likelihood by scale:")
    for scale, score in scores.items():
        print(f"  {scale:6.0f}  {score:.4f}{'  <- best' if scale == best else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
