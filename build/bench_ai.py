"""Computer players in the page: how long the strongest level thinks per decision.

Drives the system Chromium (headless) on the built site: boots the page, starts a game (2 players
unless ``--players`` says otherwise) between computers of the level (by default the strongest
of the engine's registry) at the "instant" speed, watches it to the end, and reads the page's
own measurements (`taluva.aiTimes()`: the `aiChoose` round trip to the engine worker,
Pyodide, per decision, timed with performance.now()). A placement decision is where the level
plans its whole turn; the build that follows is answered from that plan.

    python build/bench_ai.py [--games 2] [--level master] [--players 3] [--seed 1] [--json out.json]

At 3 and 4 players the reply search covers every other seat, so a turn is searched longer and
the level's time cap matters more there.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

import chromium
from bench_stats import Column, Table, median, percentile
from serve import ROOT, SiteServer

sys.path.insert(0, str(ROOT / "engine"))
from taluva.ai.levels import LEVELS, strongest  # noqa: E402

SITE = ROOT / "site"
UI = ".tg-root"
TIMEOUT_MS = 600_000


TABLE = Table(
    Column("decisions", width=len("placement decisions")),
    Column("n", "d"),
    *(Column(f"{q} ms", ".0f") for q in ("median", "p90", "max")),
)


def play(page, level: str, players: int, seed: int) -> list[dict]:
    seats = [{"type": f"computer:{level}"}] * players  # the page names and colours them
    page.evaluate("taluva.setAiSpeed('instant')")
    page.evaluate("o => taluva.newGame(o)", {"players": players, "seed": seed, "seats": seats})
    page.wait_for_selector(f'{UI}[data-over="1"]', state="attached", timeout=TIMEOUT_MS)
    return page.evaluate("taluva.aiTimes()")


def summary(name: str, ms: list[float]) -> dict[str, float]:
    row = {"n": len(ms), "median_ms": median(ms), "p90_ms": percentile(ms, 90), "max_ms": max(ms)}
    TABLE.print_row(name, *row.values())
    return row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Think time of a computer level in the page.")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument(
        "--level", choices=LEVELS, default=strongest().id, help="default: the strongest level"
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--json", type=Path, help="also write every decision's time here")
    args = parser.parse_args(argv)
    if not (SITE / "js" / "boot-config.js").exists():
        raise SystemExit("site/ is not built: run `make bench-ai` (it builds first)")

    server = SiteServer(SITE).start()
    times: list[dict] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            version = browser.version
            page = browser.new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(server.url)
            page.wait_for_selector(
                f'{UI}[data-ready="1"][data-busy="0"]', state="attached", timeout=180_000
            )
            for game in range(args.games):
                got = play(page, args.level, args.players, args.seed + game)
                times += got
                place = [t["ms"] for t in got if t["phase"] == "place"]
                print(
                    f"game {game + 1}/{args.games} (seed {args.seed + game}): "
                    f"{len(got)} decisions, placement median "
                    f"{median(place):.0f} ms",
                    flush=True,
                )
            browser.close()
    finally:
        server.stop()
    if errors:
        raise SystemExit(f"console errors during the benchmark: {errors}")
    print(
        f"browser: Chromium {version}; level {args.level}; "
        f"{args.games} games of {args.players} players"
    )
    TABLE.print_header()
    place = summary("placement decisions", [t["ms"] for t in times if t["phase"] == "place"])
    build = summary("build decisions", [t["ms"] for t in times if t["phase"] == "build"])
    if args.json:
        args.json.write_text(
            json.dumps({"placement": place, "build": build, "times": times}, indent=2)
        )


if __name__ == "__main__":
    main()
