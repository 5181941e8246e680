"""Animation frame times of the board, in headless Chromium on the built site, unthrottled and
with the CPU throttled 4x (DevTools protocol Emulation.setCPUThrottlingRate). Prints figures;
asserts nothing about time.

Plays seeded 2-player games (every seat a person) through the page API, a seeded-random legal
move at a time, and after each move waits for the board's animation to end (web/js/board/
board.js: each frame fires `board-drawn` with the animation's progress `t`). For every frame
of an animation it keeps:

- the frame interval: the time from the frame before, what the eye sees (from the animation's
  second frame to the one that shows its end: the first frame's predecessor was drawn before
  the engine answered, so that wait is not in it); and
- the drawing time of the frame (the canvas work the page does for it).

For scale, the same figures for a bare canvas of the board's size that is filled every frame
(nothing else on the page) under the same throttling, and the machine's load average: on a
shared machine the compositor's share of a frame, not the page's drawing, sets the floor.

A frame is within budget when its interval is at most the budget plus 1 ms (rAF timestamps
jitter by a fraction of a millisecond around the 16.7 ms of a 60 Hz display): 16.7 ms
unthrottled, 33.3 ms (a frame every other vsync at worst) throttled 4x.

    python build/bench_frames.py [--games 2] [--seed 1] [--rates 1 4] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path

from playwright.sync_api import sync_playwright

import chromium
from bench_stats import Column, Table, percentile, share_within
from serve import ROOT, SiteServer

SITE = ROOT / "site"
UI = ".tg-root"
READY = f'{UI}[data-ready="1"][data-busy="0"]'
BOARD = "[data-testid=board]"
SETTLED = f'{BOARD}:not([data-motion="glide"]):not([data-motion="fade"])'
BUDGET_MS = {1: 1000 / 60, 4: 1000 / 30}
JITTER_MS = 1.0
QUANTILES = (("p50", 50), ("p95", 95), ("max", 100))
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
)

RECORD = """() => {
  window.__frames = [];
  document.querySelector('[data-testid=board]').addEventListener('board-drawn', (e) =>
    window.__frames.push({ at: performance.now(), t: e.detail.t, ms: e.detail.ms }));
}"""

# Play one move; resolves once the engine answered (the animation then starts on the board).
PLAY = """async (pick) => {
  const legal = taluva.legalMoves();
  window.__frames.length = 0;
  const state = await taluva.play(legal[Math.floor(pick * legal.length)]);
  return state.phase === "over";
}"""


def animation_frames(drawn: list[dict]) -> list[tuple[float, float]]:
    """(interval ms, drawing ms) of each frame of the animation after the first, up to and with
    the frame that shows its end."""
    out = []
    for before, frame in zip(drawn, drawn[1:], strict=False):
        if before["t"] is not None:  # this frame follows an animation frame
            out.append((frame["at"] - before["at"], frame["ms"]))
    return out


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def summary(
    rate: int, frames: list[tuple[float, float]], moves: int, what: str, load: str | None = None
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
    const frame = () => {
      const start = performance.now();
      ctx.fillStyle = `hsl(${out.length * 7}, 40%, 40%)`;
      ctx.fillRect(0, 0, w, h);
      const at = performance.now();
      out.push({ at, t: out.length < n ? 0.5 : null, ms: at - start });
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


def play_games(page, games: int, seed: int) -> tuple[list[tuple[float, float]], int]:
    frames: list[tuple[float, float]] = []
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
            frames += animation_frames(page.evaluate("window.__frames"))
            moves += 1
    return frames, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The board's animation frame times.")
    parser.add_argument("--games", type=int, default=2, help="games per CPU rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rates", type=int, nargs="+", default=[1, 4], help="CPU slowdowns")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to serve")
    args = parser.parse_args(argv)
    if not (args.site / "js" / "boot-config.js").exists():
        raise SystemExit(f"{args.site} is not built: run `make bench-frames` (it builds first)")
    server = SiteServer(args.site).start()
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            print(f"browser: Chromium {browser.version}, 1280x800; interval and drawing in ms")
            TABLE.print_header()
            for rate in args.rates:
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                page.set_default_timeout(180_000)
                page.goto(server.url)
                page.wait_for_selector(READY, state="attached", timeout=300_000)
                page.evaluate("taluva.ready")
                # Throttle once the page is up: the boot is not what is measured.
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                frames, moves = play_games(page, args.games, args.seed)
                size = page.evaluate(
                    "() => { const c = document.querySelector('[data-testid=board]');"
                    " return { width: c.width, height: c.height }; }"
                )
                context.close()
                results.append(summary(rate, frames, moves, "the board", load()))
                bare = bare_canvas(browser, rate, size)
                canvas = f"a bare {size['width']}x{size['height']} canvas"
                results.append(summary(rate, bare, 0, canvas))
            browser.close()
    finally:
        server.stop()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
