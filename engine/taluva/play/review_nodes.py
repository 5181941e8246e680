"""Where :data:`taluva.play.review.REVIEW_NODES` comes from: how far a review with a smaller search
agrees with one with a bigger search, and what it costs.

``python -m taluva.play.review_nodes --games 8`` plays 2-player games between two levels (beginner
and intermediate by default: games with mistakes to mark), reviews each with the strongest level
at a reference node count (20,000) and at each smaller one, and prints per node count the CPU
time a game took, how often the preferred turn is the reference's, the mean difference of the
losses (points of 100) and how far the marked turns agree (mean Jaccard index of the two sets,
and the games whose marks are identical).

>>> jaccard({3, 5}, {3, 7}), jaccard(set(), set())
(0.3333333333333333, 1.0)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from taluva.ai import choose_turn
from taluva.play.review import TurnReview, marked_turns, review_game
from taluva.play.session import game_at
from taluva.rules.game import BUILD, OVER, Game
from taluva.rules.options import Options


def played_game(seed: int, levels: Sequence[str]) -> Game:
    """A whole 2-player game between ``levels`` (seat order alternating with the seed)."""
    game = Game(Options(players=2), seed=seed)
    while game.phase != OVER:
        game.draw()
        placement, build = choose_turn(game, levels[(game.current + seed) % len(levels)], seed)
        game.play(placement)
        if game.phase == BUILD and build is not None:
            game.play(build)
    return game


def jaccard(a: set[int], b: set[int]) -> float:
    """How far two sets of marked turns agree: 1 when equal (also when both are empty)."""
    return len(a & b) / len(a | b) if a | b else 1.0


def agreement(reference: list[list[TurnReview]], other: list[list[TurnReview]]) -> str:
    """One line comparing the reviews ``other`` with the ``reference`` ones, game by game."""
    games = list(zip(reference, other, strict=True))
    pairs = [pair for ra, rb in games for pair in zip(ra, rb, strict=True)]
    same = sum(a.preferred == b.preferred for a, b in pairs) / len(pairs)
    loss = sum(abs(a.loss - b.loss) for a, b in pairs) / len(pairs)
    marks = [jaccard(set(marked_turns(ra)), set(marked_turns(rb))) for ra, rb in games]
    return (
        f"same preferred turn {same:.0%}, mean loss difference {100 * loss:.2f} points,"
        f" marks agree {sum(marks) / len(marks):.2f}"
        f" (identical in {sum(m == 1 for m in marks)}/{len(marks)} games)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m taluva.play.review_nodes", description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=100, help="game i is dealt from seed S + i")
    parser.add_argument("--levels", default="beginner,intermediate", help="who plays the games")
    parser.add_argument("--reference", type=int, default=20000, help="the bigger search's nodes")
    parser.add_argument("--nodes", default="10000,5000,4000,3000", help="comma-separated")
    parser.add_argument("--steps", type=int, help="review each game up to this step only")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    games = [played_game(args.seed + i, levels) for i in range(args.games)]
    if args.steps is not None:
        games = [game_at(game, args.steps) for game in games]
    reference: list[list[TurnReview]] = []
    for count in [args.reference, *map(int, args.nodes.split(","))]:
        cpu = time.process_time()
        reviews = [review_game(game, nodes=count) for game in games]
        cpu = (time.process_time() - cpu) / len(games)
        if not reference:
            reference = reviews
            print(f"{count:>6} nodes: {cpu:5.2f} s CPU a game (the reference)", flush=True)
            continue
        print(f"{count:>6} nodes: {cpu:5.2f} s CPU a game; {agreement(reference, reviews)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
