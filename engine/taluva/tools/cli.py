"""The command line: random games, replays with legal moves, game reviews, the benchmark.

Bad input exits with status 2 and a one-line message saying what and where; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from taluva.formats.jsonio import legal_moves_json, move_to_json, state_to_json
from taluva.formats.record import replay, write_record
from taluva.rules.errors import TaluvaError
from taluva.rules.game import DRAW, Game
from taluva.rules.history import Choice, replay_choices, turn_choices
from taluva.rules.options import FOUND_VALUES, TILES_VALUES, Options
from taluva.rules.tiles import Tile, tile_code
from taluva.tools.randomplay import play_random_game


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """The game options (RULES.md section O) as flags."""
    parser.add_argument("--players", type=int, default=2, help="2 to 4 (R-MAT-1)")
    parser.add_argument("--tiles", choices=TILES_VALUES, default="12", help="O-TILES")
    parser.add_argument("--found", choices=FOUND_VALUES, default="isolated", help="O-FOUND")
    parser.add_argument("--rank", action="store_true", help="O-RANK ranking variant")
    parser.add_argument("--teams", action="store_true", help="O-TEAMS, 4 players")


def options_from(args: argparse.Namespace) -> Options:
    return Options(
        players=args.players, tiles=args.tiles, found=args.found, rank=args.rank, teams=args.teams
    )


def cmd_random_game(args: argparse.Namespace) -> int:
    sys.stdout.write(write_record(play_random_game(options_from(args), args.seed)))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    final = replay(sys.stdin.read())
    if not args.legal:
        print(json.dumps(state_to_json(final)))
        return 0
    game = Game(final.options, final.seed)
    replay_choices(game, turn_choices(final.turns), check=True, before=_emit)
    return 0


def _emit(game: Game, choice: Choice) -> None:
    """One JSON line for the step about to be made: the state and the choice, with the tile
    odds before a draw or the legal moves before a move."""
    line: dict[str, Any] = {"state": state_to_json(game)}
    if game.phase == DRAW:
        tile: Tile = choice  # type: ignore[assignment]
        line["move"] = {"type": "draw", "tile": tile_code(tile)}
        line["chance"] = {tile_code(t): c for t, c in game.unseen().items()}
    else:
        line["move"] = move_to_json(game, choice)  # type: ignore[arg-type]
        line["legal"] = legal_moves_json(game)
    sys.stdout.write(json.dumps(line, separators=(",", ":")) + "\n")


def cmd_review(args: argparse.Namespace) -> int:
    from taluva.play.review import REVIEW_NODES, game_of_text, review_game, review_lines

    game = game_of_text(sys.stdin.read())
    nodes = REVIEW_NODES if args.nodes is None else args.nodes
    if nodes < 1:
        raise TaluvaError("--nodes is a number of positions above 0")
    for line in review_lines(review_game(game, args.level, args.seed, nodes)):
        print(line)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from taluva.tools.bench import run

    run(seconds=args.seconds, out=print)
    return 0


def cmd_bench_view(args: argparse.Namespace) -> int:
    from taluva.tools.bench import run_view

    if args.games < 1 or any(p not in (2, 3, 4) for p in args.players):
        raise TaluvaError("--games is at least 1 and --players are among 2, 3, 4")
    run_view(games=args.games, players=tuple(args.players), seed=args.seed, out=print)
    return 0


def cmd_bench_bylink(args: argparse.Namespace) -> int:
    from taluva.tools.bench_bylink import run

    run(repeat=max(1, args.repeat), out=print)
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from taluva.ai.arena import MatchResult, run_match

    if args.games < 1 or args.jobs < 1:
        raise TaluvaError("--games and --jobs must be at least 1")
    options = options_from(args)
    every = max(1, args.games // 10)

    def progress(result: MatchResult) -> None:
        done = result.games
        if args.progress and done % every == 0 and done < args.games:
            rate = result.wins[0] / done  # so that a long run shows where it is heading
            print(f"... {done}/{args.games} games, A {rate:.1%}", file=sys.stderr, flush=True)

    result = run_match(
        args.a, args.b, args.games, options, args.seed, args.jobs, progress, args.budget, args.lone
    )
    print(result.table())
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "random-game": cmd_random_game,
    "replay": cmd_replay,
    "review": cmd_review,
    "bench": cmd_bench,
    "bench-view": cmd_bench_view,
    "bench-bylink": cmd_bench_bylink,
    "arena": cmd_arena,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m taluva", description="Taluva rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("random-game", help="print the record of a uniformly random game")
    p.add_argument("--seed", type=int, default=0)
    add_option_flags(p)
    p = sub.add_parser("replay", help="replay a record from stdin")
    p.add_argument("--legal", action="store_true", help="one JSON line per step with legal moves")
    from taluva.ai.levels import LEVELS

    p = sub.add_parser(
        "review",
        help="review a game (a record or a share code on stdin): one line per turn with the"
        " best level's preferred turn, the loss and the standings",
    )
    p.add_argument(
        "--level", choices=LEVELS, default=None, help="the reviewing level (default: the strongest)"
    )
    p.add_argument("--seed", type=int, default=0, help="seeds the reviewing level's choices")
    p.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="positions the strong and master levels search per turn, their only limit"
        " (default: the review's, taluva.play.review.REVIEW_NODES)",
    )
    p = sub.add_parser("bench", help="move generation and random games per second")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p = sub.add_parser(
        "bench-view", help="where the time of the page's view goes: play, state, moves, code"
    )
    p.add_argument("--games", type=int, default=3, help="random games per player count")
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], help="player counts")
    p.add_argument("--seed", type=int, default=1, help="seeds the decks and the moves")
    p = sub.add_parser(
        "bench-bylink", help="by-link links: Ed25519, reading a whole game's link, link sizes"
    )
    p.add_argument("--repeat", type=int, default=5, help="timings per figure (the fastest kept)")
    p = sub.add_parser(
        "arena", help="computer levels against each other: win rates (Wilson 95%% CI), move times"
    )
    # By default the strongest level against the one below it.
    p.add_argument("--a", choices=LEVELS, default=LEVELS[-1], help="level of side A")
    p.add_argument("--b", choices=LEVELS, default=LEVELS[-2], help="level of side B")
    p.add_argument("--games", type=int, default=200, help="games; sides swap seats each game")
    p.add_argument("--jobs", type=int, default=1, help="processes to play on")
    p.add_argument("--seed", type=int, default=0, help="game i is dealt from deck seed S + i")
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="time cap per turn in seconds for both sides (default: each level's own)",
    )
    p.add_argument(
        "--lone",
        action="store_true",
        help="side A has one seat (moving one place each game), side B all the others",
    )
    p.add_argument("--progress", action="store_true", help="report progress on stderr")
    add_option_flags(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except TaluvaError as exc:
        print(f"taluva {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
