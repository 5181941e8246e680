"""Animation frame times of the board, in headless Chromium on the built site, unthrottled and
with the CPU throttled 4x (DevTools protocol Emulation.setCPUThrottlingRate). Prints figures;
asserts nothing about time.

Plays seeded 2-player games (every seat a person) through the page API, a seeded-random legal
move at a time, and after each move waits for the board's animation to end (web/js/board/
board.js: each frame fires `board-drawn` with its animation-frame timestamp `at`, the
animation's progress `t` and whether its clock runs, `clocked`). For every frame of an
animation it keeps:

- the frame interval: the time from the frame before, by the frames' timestamps (they follow the
  display's vsync, so a frame that missed one shows as 33 ms at 60 Hz), from the animation's
  first clocked frame to the one that shows its end; and
- the drawing time of the frame (the canvas work the page does for it).

The animation's first frame sets it up (the still picture, and the page's new panels laid out
with it) and shows its start pose; the clock starts on the next frame, so the set-up's length
delays the motion rather than making it jump. That delay is printed as the set-up wait (p50/p95).

For scale, the same figures for a bare canvas of the board's size that is filled every frame
(nothing else on the page) under the same throttling, and the machine's load average.

A frame is within budget when its interval is at most the budget plus 1 ms: 16.7 ms (every
vsync) unthrottled, 33.3 ms (every other vsync at worst) throttled 4x.

    python build/bench_frames.py [--games 2] [--seed 1] [--rates 1 4] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path

from bench_stats import (
    READY,
    Column,
    Table,
    add_site_option,
    built_site,
    open_game,
    percentile,
    served_chromium,
    share_within,
)

BOARD = "[data-testid=board]"
SETTLED = f'{BOARD}:not([data-motion="glide"]):not([data-motion="fade"])'
BUDGET_MS = {1: 1000 / 60, 4: 1000 / 30}
JITTER_MS = 1.0
QUANTILES = (("p50", 50), ("p95", 95), ("max", 100))
SET_UP_QUANTILES = (("p50", 50), ("p95", 95))
TABLE = Table(
    Column("CPU", ">"),
    Column("what", width=len("a bare 1280x800 canvas")),
    Column("load", width=len("00.0 00.0 00.0")),
    Column("moves", "d"),
    Column("frames", "d"),
    Column("budget ms", ".1f"),
    Column("within", ".1%"),
    *(Column(f"interval {q}", ".1f") for q, _ in QUANTILES),
    *(Column(f"drawing {q}", ".1f") for q, _ in QUANTILES),
    Column("set-up p50", ".1f"),
    Column("set-up p95", ".1f"),
)

RECORD = """() => {
  window.__frames = [];
  document.querySelector('[data-testid=board]').addEventListener('board-drawn', (e) =>
    window.__frames.push({ at: e.detail.at, t: e.detail.t, clocked: e.detail.clocked,
                           ms: e.detail.ms }));
}"""

# Play one move; resolves once the engine answered (the animation then starts on the board).
PLAY = """async (pick) => {
  const legal = taluva.legalMoves();
  window.__frames.length = 0;
  const state = await taluva.play(legal[Math.floor(pick * legal.length)]);
  return state.phase === "over";
}"""


def animation_frames(drawn: list[dict]) -> list[tuple[float, float]]:
    """(interval ms, drawing ms) of each frame that follows a clocked frame of the animation, up
    to and with the frame that shows its end."""
    out = []
    for before, frame in zip(drawn, drawn[1:], strict=False):
        if before["t"] is not None and before["clocked"]:
            out.append((frame["at"] - before["at"], frame["ms"]))
    return out


def set_up_waits(drawn: list[dict]) -> list[float]:
    """ms from each animation's set-up frame to its first clocked frame."""
    return [
        frame["at"] - before["at"]
        for before, frame in zip(drawn, drawn[1:], strict=False)
        if before["t"] is not None and not before["clocked"] and frame["clocked"]
    ]


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def summary(
    rate: int,
    frames: list[tuple[float, float]],
    moves: int,
    what: str,
    load: str | None = None,
    waits: list[float] | None = None,
) -> dict:
    """The figures of one run, printed as a row of TABLE."""
    intervals = [i for i, _ in frames]
    draws = [d for _, d in frames]
    budget = BUDGET_MS.get(rate, 1000 / 60)
    figures = {
        "what": what,
        "load": load,
        "rate": rate,
        "moves": moves,
        "frames": len(frames),
        "budget_ms": round(budget, 1),
        "within": share_within(intervals, budget + JITTER_MS),
        "interval_ms": {q: percentile(intervals, p) for q, p in QUANTILES},
        "draw_ms": {q: percentile(draws, p) for q, p in QUANTILES},
        "set_up_ms": {q: percentile(waits, p) for q, p in SET_UP_QUANTILES} if waits else None,
    }
    TABLE.print_row(
        f"{rate}x",
        what,
        load,
        moves or None,
        len(frames),
        budget,
        figures["within"],
        *figures["interval_ms"].values(),
        *figures["draw_ms"].values(),
        *(figures["set_up_ms"] or dict.fromkeys(q for q, _ in SET_UP_QUANTILES)).values(),
    )
    return figures


# A bare canvas the board's size, filled every frame for `n` frames: [{at, t, ms}] like RECORD's.
BARE = """async ([w, h, n]) => {
  document.body.style.margin = "0";
  const c = document.createElement("canvas");
  c.width = w; c.height = h;
  document.body.append(c);
  const ctx = c.getContext("2d");
  const out = [];
  await new Promise((done) => {
    const frame = (now) => {
      const start = performance.now();
      ctx.fillStyle = `hsl(${out.length * 7}, 40%, 40%)`;
      ctx.fillRect(0, 0, w, h);
      const ms = performance.now() - start;
      out.push({ at: now, t: out.length < n ? 0.5 : null, clocked: true, ms });
      if (out.length <= n) requestAnimationFrame(frame);
      else done();
    };
    requestAnimationFrame(frame);
  });
  return out;
}"""


def bare_canvas(browser, rate: int, size: dict) -> list[tuple[float, float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_content("<!doctype html><body></body>")
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    drawn = page.evaluate(BARE, [size["width"], size["height"], 240])
    context.close()
    return animation_frames(drawn)


def play_games(page, games: int, seed: int) -> tuple[list[tuple[float, float]], list[float], int]:
    frames: list[tuple[float, float]] = []
    waits: list[float] = []
    moves = 0
    for game in range(games):
        rng = random.Random(seed + game)
        page.evaluate("o => taluva.newGame(o)", {"players": 2, "seed": seed + game})
        page.wait_for_selector(READY, state="attached")
        page.evaluate(RECORD)
        over = False
        while not over:
            over = page.evaluate(PLAY, rng.random())
            page.wait_for_selector(SETTLED, state="attached")
            drawn = page.evaluate("window.__frames")
            frames += animation_frames(drawn)
            waits += set_up_waits(drawn)
            moves += 1
    return frames, waits, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The board's animation frame times.")
    parser.add_argument("--games", type=int, default=2, help="games per CPU rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rates", type=int, nargs="+", default=[1, 4], help="CPU slowdowns")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    add_site_option(parser)
    args = parser.parse_args(argv)
    built_site(args.site, "bench-frames")
    results = []
    with served_chromium(args.site) as (server, browser):
        print(f"browser: Chromium {browser.version}, 1280x800; interval and drawing in ms")
        TABLE.print_header()
        for rate in args.rates:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.set_default_timeout(180_000)
            open_game(page, server.url, timeout=300_000)
            # Throttle once the page is up: the boot is not what is measured.
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            frames, waits, moves = play_games(page, args.games, args.seed)
            size = page.evaluate(
                "() => { const c = document.querySelector('[data-testid=board]');"
                " return { width: c.width, height: c.height }; }"
            )
            context.close()
            results.append(summary(rate, frames, moves, "the board", load(), waits))
            bare = bare_canvas(browser, rate, size)
            canvas = f"a bare {size['width']}x{size['height']} canvas"
            results.append(summary(rate, bare, 0, canvas))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
