"""The game review's time: a 24-turn 2-player game reviewed on CPython and in the page.

The game is played by two computer levels (beginner against intermediate, so it has mistakes
to mark), then reviewed by the engine's review (``taluva.play.review``, the strongest level
searching ``REVIEW_NODES`` positions a turn, never cut by the clock):

- on CPython, in this process: the whole review, wall and CPU time, and per turn;
- in the page (Pyodide in the system Chromium, headless): the game opened from its link (the end
  screen), **Review** clicked, the time to the dialog's "done" and between two answers, and the
  CPU time of the engine's worker thread meanwhile (Linux, /proc): on a busy machine the wall
  time grows with the load and the CPU time hardly; on an idle one the two agree, the review
  being the worker's work (the page's main thread spends about a tenth of it drawing);
- with ``--nodes N``, also the page's engine calls alone (``reviewTurn``, one turn after the
  other) at a search of N positions, to set the review's size beside a bigger one.

    python build/bench_review.py [--seed 7] [--runs 1] [--nodes 10000] [--screenshot out.png]

Prints numbers; asserts nothing about them. The machine's load (from /proc/loadavg) is printed
with them: on a shared machine the page's wall times follow it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from bench_stats import READY, Column, Table, built_site, median, served_chromium
from serve import ROOT

sys.path.insert(0, str(ROOT / "engine"))
from taluva.ai import choose_turn  # noqa: E402
from taluva.formats.sharecode import encode  # noqa: E402
from taluva.play.review import REVIEW_NODES, review_turn, reviewed_turns  # noqa: E402
from taluva.rules.game import BUILD, OVER, Game  # noqa: E402
from taluva.rules.options import Options  # noqa: E402

SITE = ROOT / "site"
REVIEW = "[data-testid=review-dialog][open] [data-testid=review]"
TIMEOUT_MS = 600_000
LEVELS = ("beginner", "intermediate")
# One row a run: a turn is one turn's review (in the page's review: between two answers).
TABLE = Table(
    Column("run", width=56),
    Column("turns", "d"),
    Column("wall s", ".1f"),
    Column("CPU s", ".1f"),
    Column("a turn: median ms", ".0f"),
    Column("max ms", ".0f"),
    Column("load", width=len("00.00 00.00 00.00")),
)

# Times each answer's arrival in the dialog (data-done), from the click on Review.
WATCH = """() => {
  const el = document.querySelector('[data-testid=review]');
  window.__reviewTimes = [];
  const note = () => window.__reviewTimes.push([Number(el.dataset.done), performance.now()]);
  new MutationObserver(note).observe(el, { attributes: true, attributeFilter: ['data-done'] });
  window.__reviewClick = performance.now();
}"""


def played_game(seed: int) -> Game:
    """A whole 2-player game (12 tiles each: 24 turns) between beginner and intermediate."""
    game = Game(Options(players=2), seed=seed)
    while game.phase != OVER:
        game.draw()
        placement, build = choose_turn(game, LEVELS[(game.current + seed) % 2], seed)
        game.play(placement)
        if game.phase == BUILD and build is not None:
            game.play(build)
    return game


def worker_cpu_seconds() -> float | None:
    """CPU seconds (user + system) of the browser's worker threads (the engine's Pyodide runs in
    one; Chromium names them DedicatedWorker), among this process's descendants, from /proc."""
    try:
        tick = os.sysconf("SC_CLK_TCK")
        parent = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parent[int(entry.name)] = int(_stat(entry)[1])
                except OSError:
                    continue  # gone meanwhile
        mine, grew = {os.getpid()}, True
        while grew:
            more = {pid for pid, ppid in parent.items() if ppid in mine and pid not in mine}
            mine |= more
            grew = bool(more)
        total = 0.0
        for pid in mine - {os.getpid()}:
            for task in Path(f"/proc/{pid}/task").iterdir():
                try:
                    if (task / "comm").read_text().strip() == "DedicatedWorker":
                        fields = _stat(task)
                        total += (int(fields[11]) + int(fields[12])) / tick
                except OSError:
                    continue
        return total
    except (OSError, ValueError, AttributeError):
        return None


def _stat(entry: Path) -> list[str]:
    """The fields of /proc/.../stat after the command name (which may hold spaces)."""
    return (entry / "stat").read_text().rsplit(")", 1)[1].split()


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def cpython(game: Game) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    turns = []
    for number, (start, turn) in enumerate(reviewed_turns(game), 1):
        t = time.perf_counter()
        review_turn(start, turn, number)
        turns.append(time.perf_counter() - t)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    ms = [1000 * turn for turn in turns]
    run = f"CPython {sys.version.split()[0]}"
    TABLE.print_row(run, len(turns), wall, cpu, median(ms), max(ms), load())


def page_review(page, server_url: str, code: str, screenshot: Path | None, browser: str) -> float:
    page.goto(f"{server_url}#g={code}&p=Ann,Bo")
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    page.wait_for_selector("[data-testid=end][open]", timeout=60_000)
    page.evaluate(WATCH)
    cpu = worker_cpu_seconds()
    page.click("[data-testid=end-review]")
    page.wait_for_selector(f"{REVIEW}[data-state='done']", state="attached", timeout=TIMEOUT_MS)
    after = worker_cpu_seconds()
    spent = None if cpu is None or after is None else after - cpu
    times = page.evaluate("[window.__reviewClick, window.__reviewTimes]")
    click, answers = times[0], [t for done, t in times[1] if done > 0]
    total = (answers[-1] - click) / 1000
    gaps = [b - a for a, b in zip([click, *answers], answers, strict=False)]
    run = f"page ({browser}): Review, from the click"
    TABLE.print_row(run, len(answers), total, spent, median(gaps), max(gaps), load())
    if screenshot:
        marks = page.locator(f"{REVIEW} [data-testid=review-mark]")
        if marks.count():
            marks.first.click()  # a costly turn: the preferred turn differs from the one played
        page.wait_for_timeout(300)
        page.screenshot(path=str(screenshot))
    return total


def page_calls(page, code: str, turns: int, nodes: int, browser: str) -> None:
    """The engine's answers alone, one after the other, at a search of ``nodes`` positions."""
    cpu = worker_cpu_seconds()
    ms = page.evaluate(
        """async ({code, turns, nodes}) => {
            await taluva.call('reviewGame', {code, nodes});
            const out = [];
            for (let number = 1; number <= turns; number++) {
                const t = performance.now();
                await taluva.call('reviewTurn', {code, number, nodes});
                out.push(performance.now() - t);
            }
            return out;
        }""",
        {"code": code, "turns": turns, "nodes": nodes},
    )
    after = worker_cpu_seconds()
    spent = None if cpu is None or after is None else after - cpu
    run = f"page ({browser}): engine calls at {nodes} nodes"
    TABLE.print_row(run, turns, sum(ms) / 1000, spent, median(ms), max(ms), load())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The review's time on CPython and in the page.")
    parser.add_argument("--seed", type=int, default=2, help="deals and plays the game (24 turns)")
    parser.add_argument("--runs", type=int, default=1, help="page reviews (a fresh page each)")
    parser.add_argument(
        "--nodes", type=int, nargs="*", default=[], help="also time the engine calls"
    )
    parser.add_argument("--screenshot", type=Path, help="a picture of the dialog when done")
    parser.add_argument("--no-cpython", action="store_true", help="the page only")
    args = parser.parse_args(argv)
    built_site(SITE, "bench-review")

    game = played_game(args.seed)
    code = encode(game)
    turns = len(list(reviewed_turns(game)))
    print(
        f"game: seed {args.seed}, {LEVELS[0]} against {LEVELS[1]}, {turns} turns;"
        f" review: strongest level, {REVIEW_NODES} nodes a turn; {os.cpu_count()} cores;"
        " CPU s: the process's on CPython, the engine worker's in the page",
        flush=True,
    )
    TABLE.print_header()
    if not args.no_cpython:
        cpython(game)
    totals = []
    with served_chromium(SITE) as (server, browser):
        name = f"Chromium {browser.version}"
        for run in range(args.runs):
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            last = run == args.runs - 1
            totals.append(
                page_review(page, server.url, code, args.screenshot if last else None, name)
            )
            for nodes in args.nodes if last else []:
                page_calls(page, code, turns, nodes, name)
            page.close()
    if len(totals) > 1:
        print(f"\npage: Review took {median(totals):.1f} s (median of {len(totals)} reviews)")
    if args.screenshot:
        print(f"screenshot: {args.screenshot}")


if __name__ == "__main__":
    main()
