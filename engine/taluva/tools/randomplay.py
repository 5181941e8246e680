"""Uniformly random games: for tests, the command line and the benchmark.

>>> from taluva.rules.options import Options
>>> game = play_random_game(Options(players=3), seed=5)
>>> game.phase, play_random_game(Options(players=3), seed=5).turns[-1].build == game.turns[-1].build
('over', True)
"""

from __future__ import annotations

import random

from taluva.rules.game import DRAW, OVER, Game
from taluva.rules.options import Options


def play_random_game(options: Options, seed: int) -> Game:
    """A game of uniformly random legal moves; the seed fixes both the deck and the moves."""
    game = Game(options, seed)
    rng = random.Random(seed)
    while game.phase != OVER:
        if game.phase == DRAW:
            game.draw()
        else:
            game.push(game.random_move(rng))
    return game
