"""Computer players in the page: how long a level thinks per decision, and what pondering does.

Drives the system Chromium (headless) on the built site. By default it plays games of computers
of one level (by default the strongest of the engine's registry) at the "instant" speed, at each
player count asked, and reads the page's own measurements (`taluva.aiTimes()`: the `aiChoose`
round trip to the engine worker, per decision, timed with performance.now(), and what the
engine says the search took: its node count, whether the clock's safety cap cut it). A
placement decision is where the level plans its whole turn; the build that follows is answered
from that plan. Every clock cut is counted: a cut search may choose otherwise than the same
seed on another machine, so a level's node counts must leave it none.

    python build/bench_ai.py [--games 2] [--level master] [--players 2 3 4] [--seed 1]
                             [--json out.json]

With --ponder, one seat is a person (this script, playing the intermediate level's move from
its own CPython engine after --think seconds of "thinking") and the others are computers of the
level: each game is played twice, with pondering on (as the page does) and off, and the table
gives the person's step round trip (`play()` to the board redrawn, as `make bench-step` times
it) and the computers' think time with each, and how many decisions were found pondered.

    python build/bench_ai.py --ponder [--think 2] [--players 2 3] [--level strong]

The load average is printed with every table: figures taken on a busy machine are not the
page's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench_stats import (
    UI,
    Column,
    Table,
    built_site,
    median,
    open_game,
    percentile,
    served_chromium,
)
from serve import ROOT

sys.path.insert(0, str(ROOT / "engine"))
from taluva.ai import choose_move  # noqa: E402
from taluva.ai.levels import LEVELS, strongest  # noqa: E402
from taluva.formats.record import replay  # noqa: E402
from taluva.rules.game import DRAW  # noqa: E402
from taluva.rules.moves import format_move  # noqa: E402

SITE = ROOT / "site"
TIMEOUT_MS = 900_000

TABLE = Table(
    Column("level"),
    Column("players", "d"),
    Column("decisions", width=len("placement decisions")),
    Column("n", "d"),
    *(Column(f"{q} ms", ".0f") for q in ("median", "p90", "max")),
    Column("nodes median", ",.0f"),
    Column("clock cuts", "d"),
)

PONDER_TABLE = Table(
    Column("level"),
    Column("players", "d"),
    Column("pondering"),
    Column("person's steps", "d"),
    *(Column(f"step {q} ms", ".1f") for q in ("median", "p90", "max")),
    Column("computer placements", "d"),
    Column("pondered", "d"),
    *(Column(f"think {q} ms", ".0f") for q in ("median", "p90")),
    Column("clock cuts", "d"),
)

# One step of the person: play, then wait for the board drawn after play() resolved (as
# build/bench_step.py times it).
STEP = """
async (move) => {
  const canvas = document.querySelector("[data-testid=board]");
  let resolvedAt = Infinity;
  const drawn = new Promise((resolve) => {
    const on = () => {
      if (performance.now() < resolvedAt) return; // a frame of the view before
      canvas.removeEventListener("board-drawn", on);
      resolve(performance.now());
    };
    canvas.addEventListener("board-drawn", on);
  });
  const t0 = performance.now();
  await taluva.play(move);
  resolvedAt = performance.now();
  return (await drawn) - t0;
}
"""


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def computers(level: str, players: int, person: int | None = None) -> list[dict]:
    return [
        {"type": "human"} if seat == person else {"type": f"computer:{level}"}
        for seat in range(players)
    ]


def watch(page, level: str, players: int, seed: int) -> list[dict]:
    """A game of computers only, at the instant speed: every decision's times."""
    page.evaluate("taluva.setAiSpeed('instant')")
    seats = computers(level, players)
    page.evaluate("o => taluva.newGame(o)", {"players": players, "seed": seed, "seats": seats})
    page.wait_for_selector(f'{UI}[data-over="1"]', state="attached", timeout=TIMEOUT_MS)
    return page.evaluate("taluva.aiTimes()")


def placement_row(level: str, players: int, times: list[dict]) -> dict:
    place = [t for t in times if t["phase"] == "place"]
    ms = [t["ms"] for t in place]
    row = {
        "level": level,
        "players": players,
        "n": len(ms),
        "median_ms": median(ms),
        "p90_ms": percentile(ms, 90),
        "max_ms": max(ms),
        "nodes_median": median(t.get("nodes", 0) for t in place),
        "clock_cuts": sum(bool(t.get("cut")) for t in times),
    }
    TABLE.print_row(level, players, "placement decisions", *list(row.values())[2:])
    build = [t["ms"] for t in times if t["phase"] == "build"]
    if build:
        TABLE.print_row(
            level, players, "builds", len(build), median(build), percentile(build, 90),
            max(build), None, None,
        )  # fmt: skip
    return row


def person_game(page, level: str, players: int, seed: int, think: float, ponder: bool) -> dict:
    """A person (seat 0, playing the intermediate level's move after ``think`` seconds)
    against computers of ``level``: the person's step round trips and the computers' times."""
    page.evaluate("taluva.setAiSpeed('instant')")
    seats = computers(level, players, person=0)
    page.evaluate("o => taluva.newGame(o)", {"players": players, "seed": seed, "seats": seats})
    if not ponder:
        page.evaluate("taluva.call('aiPonder', {seats: []})")
    steps: list[float] = []
    person_or_end = f'{UI}[data-busy="0"][data-computer="0"], {UI}[data-over="1"]'
    while True:
        page.wait_for_selector(person_or_end, state="attached", timeout=TIMEOUT_MS)
        if page.get_attribute(UI, "data-over") == "1":
            break
        game = replay(page.evaluate("taluva.call('record')"))
        while game.phase == DRAW:
            game.draw()
        move = choose_move(game, "intermediate", seed)
        time.sleep(think)  # the person thinks: the engine may ponder meanwhile
        steps.append(page.evaluate(STEP, {"notation": format_move(move)}))
    return {"steps": steps, "times": page.evaluate("taluva.aiTimes()")}


def ponder_rows(page, level: str, players: int, games: int, seed: int, think: float) -> dict:
    out = {}
    for ponder in (True, False):
        steps: list[float] = []
        times: list[dict] = []
        for game in range(games):
            got = person_game(page, level, players, seed + game, think, ponder)
            steps += got["steps"]
            times += got["times"]
        place = [t for t in times if t["phase"] == "place"]
        ms = [t["ms"] for t in place]
        row = {
            "steps": len(steps),
            "step_ms": [median(steps), percentile(steps, 90), max(steps)],
            "placements": len(place),
            "pondered": sum(bool(t.get("pondered")) for t in place),
            "think_ms": [median(ms), percentile(ms, 90)],
            "clock_cuts": sum(bool(t.get("cut")) for t in times),
        }
        PONDER_TABLE.print_row(
            level, players, "on" if ponder else "off", row["steps"], *row["step_ms"],
            row["placements"], row["pondered"], *row["think_ms"], row["clock_cuts"],
        )  # fmt: skip
        out["on" if ponder else "off"] = row
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Think time of a computer level in the page.")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument(
        "--level", choices=LEVELS, default=strongest().id, help="default: the strongest level"
    )
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[2])
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--ponder", action="store_true", help="a person against the level")
    parser.add_argument("--think", type=float, default=2.0, help="the person's seconds a move")
    parser.add_argument("--json", type=Path, help="also write every decision's figures here")
    args = parser.parse_args(argv)
    built_site(SITE, "bench-ai")

    figures: dict = {}
    errors: list[str] = []
    with served_chromium(SITE) as (server, browser):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        open_game(page, server.url)
        print(f"browser: Chromium {browser.version}; {load()}", flush=True)
        if args.ponder:
            print(f"a person thinking {args.think} s a decision; {args.games} games each")
            PONDER_TABLE.print_header()
            for players in args.players:
                figures[str(players)] = ponder_rows(
                    page, args.level, players, args.games, args.seed, args.think
                )
        else:
            TABLE.print_header()
            for players in args.players:
                times: list[dict] = []
                for game in range(args.games):
                    times += watch(page, args.level, players, args.seed + game)
                figures[str(players)] = placement_row(args.level, players, times)
                figures[str(players)]["times"] = times
        print(load(), flush=True)
    if errors:
        raise SystemExit(f"console errors during the benchmark: {errors}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
