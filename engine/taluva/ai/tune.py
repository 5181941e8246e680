"""The evaluation's weights fitted offline, one set per player count (``weights.json``).

``python -m taluva.ai.tune --players 3`` plays fast seeded games between one-turn
players (each seat either the intermediate level's selfish weights or the full default ones,
drawn per game, and one turn in five a runner-up turn instead of the best, for variety), keeps
every turn boundary after the first round with the game's result, and fits the
:class:`~taluva.ai.evaluate.Weights` to forecast the winner: it maximises the mean
log-likelihood of the winners under ``softmax(evaluate(game, seat) / SCALE)`` over the seats,
the very model the review's standings use (:data:`taluva.play.review.SCALE`), by coordinate descent
(each weight in turn multiplied by a few factors, the best kept while it improves the fit). The
way the opponents combine (best one, soft maximum, mean: ``rival_softness``) and how much they
count (``opponents``) are fitted with the rest. Games are split by seed into quarters: the first
three are the folds of the fit (a change is kept only if it lowers the loss of each), the last is
held out: its log-loss and accuracy (the forecast's favourite is a winner) are printed before and
after. ``--write`` stores the fit for that player count in ``weights.json`` (a fit equal to the
defaults, such as ``--rounds 0``'s, removes that count's entry).

The evaluation reads only the public position, so the weights know only what a person at the
table knows. Positions from one game are alike, so the held-out split is by game.

>>> data = [Sample((10.0, 0.0), (1.0, 0.0)), Sample((0.0, 10.0), (0.0, 1.0))]
>>> round(log_loss(data, 10.0), 4), accuracy(data)
(0.3133, 1.0)
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random

from taluva.ai.evaluate import DEFAULT, Weights, relative, seat_value, settlements_by_seat
from taluva.ai.evaluate import turns_left as seat_turns_left
from taluva.ai.players import INTERMEDIATE
from taluva.ai.search import determinized, finish, scored_turns_steps
from taluva.ai.weights import WEIGHTS_FILE
from taluva.rules.game import BUILD, DRAW, OVER, Game
from taluva.rules.options import Options

SCALE = 1000.0  # taluva.play.review.SCALE (not imported: the review imports the levels)
FACTORS = (0.5, 0.75, 1.33, 2.0)
SOFTNESS_STEPS = (100.0, 300.0, 1000.0, 3000.0)  # rival_softness starts at 0: added, not scaled
STYLES = (INTERMEDIATE, DEFAULT)


@dataclass(frozen=True)
class Sample:
    """One position's relative values per seat and its result (each seat's share of the win)."""

    values: tuple[float, ...]
    result: tuple[float, ...]


@dataclass
class Position:
    """A turn boundary with what the evaluation needs that does not depend on the weights."""

    game: Game
    turns: list[int]
    groups: list[list[list[int]]]
    result: tuple[float, ...]

    def sample(self, w: Weights) -> Sample:
        game = self.game
        values = [
            seat_value(game, s, self.turns[s], w, self.groups[s]) for s in range(game.players)
        ]
        return Sample(tuple(relative(game, values, s, w) for s in range(game.players)), self.result)


def play_game(players: int, seed: int) -> list[Position]:
    """One fast game (see the module docstring) and its turn boundaries after the first round."""
    game = Game(Options(players=players), seed)
    rng = Random(seed)
    styles = [rng.choice(STYLES) for _ in range(players)]
    boundaries: list[Game] = []
    while game.phase != OVER:
        if game.phase == DRAW:
            if game.drawn >= players:
                boundaries.append(game.copy())
            game.draw()
            continue
        seat = game.current
        scored = finish(scored_turns_steps(determinized(game), seat, rng, styles[seat], 1, 2))
        pick = 0 if rng.random() < 0.8 else rng.randrange(min(3, len(scored)))
        _, placement, build = scored[pick]
        game.play(placement)
        if game.phase == BUILD and build is not None:
            game.play(build)
    result = tuple(game.returns())
    return [Position(g, seat_turns_left(g), settlements_by_seat(g), result) for g in boundaries]


def log_loss(data: Sequence[Sample], scale: float = SCALE) -> float:
    """Mean cross-entropy of the results under ``softmax(values / scale)`` (lower is better)."""
    total = 0.0
    for sample in data:
        top = max(sample.values)
        logs = [(v - top) / scale for v in sample.values]
        norm = math.log(sum(math.exp(max(-700.0, x)) for x in logs))
        total -= sum(r * (x - norm) for r, x in zip(sample.result, logs, strict=True) if r)
    return total / len(data)


def accuracy(data: Sequence[Sample]) -> float:
    """The share of positions whose favourite (highest value) is a winner."""
    hits = 0
    for sample in data:
        best = max(range(len(sample.values)), key=sample.values.__getitem__)
        hits += sample.result[best] > 0
    return hits / len(data)


def fit(
    losses: Callable[[Weights], Sequence[float]],
    start: Weights,
    rounds: int = 4,
    report: Callable[[str], None] | None = None,
    fields: Sequence[str] = Weights._fields,
) -> Weights:
    """Coordinate descent on the mean of ``losses`` (one loss per fold of games): every weight
    multiplied by each of :data:`FACTORS` (``rival_softness`` stepped through
    :data:`SOFTNESS_STEPS`), the best change kept, until a round changes nothing or ``rounds``
    are done; only ``fields`` change. A change must lower the loss of every fold, not only their
    mean: one that helps some games and hurts others has learnt those games' accidents.

    >>> target = DEFAULT._replace(hut=12.0, rival_softness=300.0)
    >>> def loss(w):
    ...     return [sum((a - b) ** 2 for a, b in zip(w, target))]
    >>> fitted = fit(loss, DEFAULT)
    >>> fitted.hut, fitted.rival_softness, loss(fitted) < loss(DEFAULT)
    (12.0, 300.0, True)
    >>> fit(lambda w: [loss(w)[0], -loss(w)[0]], DEFAULT) == DEFAULT  # the folds disagree
    True
    """
    best, best_folds = start, list(losses(start))
    if report is not None:
        report(f"start: fold log-losses {_folds(best_folds)}")
    for r in range(rounds):
        changed = False
        for name in fields:
            now = getattr(best, name)
            if name == "rival_softness":
                tries = [s for s in (0.0, *SOFTNESS_STEPS, now * 0.5, now * 2) if s != now]
            else:
                tries = [now * f for f in FACTORS] if now else []
            chosen, chosen_folds = best, best_folds
            for value in tries:
                trial = best._replace(**{name: value})
                folds = list(losses(trial))
                if sum(folds) < sum(chosen_folds) - 1e-9 and all(
                    f < g for f, g in zip(folds, best_folds, strict=True)
                ):
                    chosen, chosen_folds = trial, folds
            if chosen is not best:
                best, best_folds, changed = chosen, chosen_folds, True
        if report is not None:
            report(f"round {r + 1}: fold log-losses {_folds(best_folds)}")
        if not changed:
            break
    return best


def _folds(losses: Sequence[float]) -> str:
    return ", ".join(f"{x:.4f}" for x in losses)


def positions(players: int, seeds: range, report: Callable[[str], None]) -> list[list[Position]]:
    """The positions of every game, by game."""
    games = []
    start = time.perf_counter()
    for i, seed in enumerate(seeds):
        games.append(play_game(players, seed))
        if (i + 1) % 20 == 0:
            report(f"{i + 1} games, {time.perf_counter() - start:.0f} s")
    return games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m taluva.ai.tune", description=__doc__)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=50_000, help="game i is dealt from S + i")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument(
        "--fields",
        default=",".join(Weights._fields),
        help="comma-separated Weights fields to fit (default: all); the others keep the defaults",
    )
    parser.add_argument("--cache", type=Path, help="keep the played positions in this file")
    parser.add_argument("--write", action="store_true", help=f"store the fit in {WEIGHTS_FILE}")
    args = parser.parse_args(argv)
    fields = args.fields.split(",")
    unknown = sorted(set(fields) - set(Weights._fields))
    if unknown:
        parser.error(f"--fields: unknown {unknown}; known: {', '.join(Weights._fields)}")

    def report(line: str) -> None:
        print(line, flush=True)

    seeds = range(args.seed, args.seed + args.games)
    if args.cache is not None and args.cache.exists():
        with args.cache.open("rb") as f:
            games = pickle.load(f)
    else:
        games = positions(args.players, seeds, report)
        if args.cache is not None:
            with args.cache.open("wb") as f:
                pickle.dump(games, f)
    held = max(1, len(games) // 4)
    folds = [[p for g in games[i * held : (i + 1) * held] for p in g] for i in range(3)]
    test = [p for g in games[3 * held :] for p in g]
    report(
        f"{args.players} players: {len(games)} games; positions: "
        f"{' + '.join(str(len(f)) for f in folds)} to fit (3 folds of {held} games), "
        f"{len(test)} held out ({len(games) - 3 * held} games)"
    )

    def samples(data: list[Position], w: Weights) -> list[Sample]:
        return [p.sample(w) for p in data]

    start = time.perf_counter()
    fitted = fit(
        lambda w: [log_loss(samples(f, w)) for f in folds], DEFAULT, args.rounds, report, fields
    )
    report(f"fitted in {time.perf_counter() - start:.0f} s")
    for name, w in (("default", DEFAULT), ("fitted", fitted)):
        held_out = samples(test, w)
        report(
            f"held out, {name}: log-loss {log_loss(held_out):.4f}, "
            f"accuracy {accuracy(held_out):.1%}"
        )
    report(json.dumps({k: round(v, 3) for k, v in fitted._asdict().items()}))
    if args.write:
        path = Path(__file__).with_name(WEIGHTS_FILE)
        table = json.loads(path.read_text()) if path.exists() else {}
        key = str(args.players)
        rounded = {k: round(v, 3) for k, v in fitted._asdict().items()}
        # The defaults are kept once, in evaluate.py: a fit equal to them removes the entry.
        if Weights(**rounded) == DEFAULT:
            table.pop(key, None)
        else:
            table[key] = rounded
        path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
        report(f"written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
