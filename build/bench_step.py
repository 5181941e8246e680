"""One step's round trip in the page: from `taluva.play()` to the board redrawn for the view the
engine answered with, in headless Chromium on the built site. Prints figures; asserts nothing
about time.

Plays whole seeded 2-, 3- and 4-player games (every seat a person) through the page API, a
seeded-random legal move at a time, and times each `play()` call until the board's canvas fires
`board-drawn` (web/js/board/board.js: after the frame's drawing) for the new view. Steps are
grouped by the move played and the step it answers with: a placement answered by the builds,
a build answered by the next tile's placements, a placement that eliminates its player (R-ELIM-1)
answered by the next player's placements, and the last move answered by the end of the game.

Where the time goes, from hooks this script adds to the page (nothing in the page is changed):
the request to the worker and its answer (engine in Pyodide plus the two message crossings),
JSON.parse of the answer, the synchronous work until `play()` resolves (the store, the choice's
index of the legal moves, the screen and board model), the wait for the animation frame, and
the canvas drawing. The view's size is the answer's length in characters (ASCII, so bytes).

    python build/bench_step.py [--games 1] [--players 2 3 4] [--seed 1] [--json out.json]
                               [--site DIR]   (another build, e.g. an earlier commit's, to compare)
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from pathlib import Path

from bench_stats import (
    READY,
    Column,
    Table,
    add_site_option,
    built_site,
    median,
    open_game,
    percentile,
    served_chromium,
)

# Hooks: when a call is posted to the worker and its answer arrives, and the first JSON.parse
# after that (the client's parse of the answer): its time, end and input length.
HOOKS = """
(() => {
  const b = (window.__bench = {});
  b.reset = () => Object.assign(b, { postAt: 0, msgAt: 0, parse: 0, parseEnd: 0, size: 0 });
  b.reset();
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data && data.type === "response") b.msgAt = performance.now();
      });
    }
    postMessage(message, ...rest) {
      if (message && message.type === "call") b.postAt = performance.now();
      return super.postMessage(message, ...rest);
    }
  };
  const parse = JSON.parse;
  JSON.parse = function (text, reviver) {
    const start = performance.now();
    const value = parse.call(this, text, reviver);
    if (b.msgAt && !b.parseEnd && typeof text === "string") {
      b.parseEnd = performance.now();
      b.parse = b.parseEnd - start;
      b.size = text.length;
    }
    return value;
  };
})();
"""

# One step: choose (untimed), then play and wait for the board drawn after play() resolved.
STEP = """
async (pick) => {
  const b = window.__bench;
  const legal = taluva.legalMoves();
  const move = legal[Math.floor(pick * legal.length)];
  const canvas = document.querySelector("[data-testid=board]");
  let resolvedAt = Infinity;
  const drawn = new Promise((resolve) => {
    const on = (event) => {
      if (performance.now() < resolvedAt) return; // a frame of the view before
      canvas.removeEventListener("board-drawn", on);
      resolve({ at: performance.now(), ms: event.detail.ms });
    };
    canvas.addEventListener("board-drawn", on);
  });
  b.reset();
  const t0 = performance.now();
  const state = await taluva.play(move);
  resolvedAt = performance.now();
  const frame = await drawn;
  const placed = state.phase === "build" ? "place" : "eliminating";
  const kind = move.type === "place" ? placed : "build";
  return {
    kind: state.phase === "over" ? "last" : kind,
    total: frame.at - t0,
    size: b.size,
    engine: b.msgAt - b.postAt,
    parse: b.parse,
    sync: resolvedAt - b.parseEnd,
    wait: frame.at - frame.ms - resolvedAt,
    draw: frame.ms,
    over: state.phase === "over",
  };
}
"""

KINDS = {
    "place": "placement, answered by the builds",
    "build": "build, answered by the placements",
    "eliminating": "placement that eliminates (R-ELIM-1)",
    "last": "last move, answered by the end",
}
PARTS = ("engine", "parse", "sync", "wait", "draw")
QUANTILES = ("median", "p90", "max")


def quantiles(values: list[float]) -> tuple[float, float, float]:
    """Median, 90th percentile and maximum."""
    return median(values), percentile(values, 90), max(values)


def play_game(page, players: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    page.evaluate("o => taluva.newGame(o)", {"players": players, "seed": seed})
    page.wait_for_selector(READY, state="attached")
    steps = []
    while True:
        step = page.evaluate(STEP, rng.random())
        step["players"] = players
        steps.append(step)
        if step["over"]:
            return steps
        # A person clicks after the page has settled: the autosave written, a frame passed.
        page.evaluate("taluva.games.saved().then(() => new Promise(requestAnimationFrame))")


def report(steps: list[dict]) -> dict:
    figures: dict = {}
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for s in steps:
        groups[(s["kind"], str(s["players"]))].append(s)
        groups[(s["kind"], "all")].append(s)
    table = Table(
        Column("step", width=max(map(len, KINDS.values()))),
        Column("players", ">"),
        Column("n", "d"),
        *(Column(f"ms {q}", ".1f" if q == "median" else ".0f") for q in QUANTILES),
        *(Column(f"chars {q}", ".0f") for q in QUANTILES),
        *(Column(f"{part} ms", ".1f") for part in PARTS),
    )
    print("ms: the round trip; chars: the view's size; the parts' ms: their medians")
    table.print_header()
    for kind, label in KINDS.items():
        for players in ("2", "3", "4", "all"):
            rows = groups.get((kind, players))
            if not rows:
                continue
            total = quantiles([r["total"] for r in rows])
            size = quantiles([r["size"] for r in rows])
            parts = {p: median(r[p] for r in rows) for p in PARTS}
            figures[f"{kind}/{players}"] = {"n": len(rows), "ms": total, "chars": size, **parts}
            table.print_row(label, players, len(rows), *total, *size, *parts.values())
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A step's round trip in the page.")
    parser.add_argument("--games", type=int, default=1, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    add_site_option(parser)
    args = parser.parse_args(argv)
    built_site(args.site, "bench-step")
    with served_chromium(args.site) as (server, browser):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(HOOKS)
        page = context.new_page()
        page.set_default_timeout(120_000)
        open_game(page, server.url)
        steps: list[dict] = []
        for players in args.players:
            for game in range(args.games):
                steps += play_game(page, players, args.seed + 1000 * game + players)
        print(f"browser: Chromium {browser.version}; {len(steps)} steps", flush=True)
        figures = report(steps)
        context.close()
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "steps": steps}, indent=1))


if __name__ == "__main__":
    main()
