"""Return visits of two or more built sites in turns: where the snapshot route's time goes.

`make bench-boot` pays a first visit, an install-route visit and a minimal page each round; this
measures only return visits on the snapshot route, many of them, alternated between sites (say an
earlier build and this one), so that a busy machine's drift hits each alike. One browser; each
site gets its own server (origin) and context, one first visit (the build cached, the snapshot
kept, one move played so that a kept game is drawn before ready), then `--runs` return visits.
It prints each visit and the median of every point: the page's marks, the worker's points
(`timings`), and when the page's navigation and its first modules were done.

    python build/bench_return.py --runs 10 /tmp/site-before site
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

import chromium
from bench_boot import READY_MARK, TIMEOUT_MS, visit, wait_rehearsed, wait_snapshot_kept
from serve import SiteServer

READY = READY_MARK.removeprefix("taluva:")

# The navigation's and a few files' end times, named beside the marks.
PAGE_POINTS = """(() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const points = { "html in": nav.responseEnd, "dom parsed": nav.domInteractive };
  for (const e of performance.getEntriesByType("resource")) {
    const name = e.name.split("/").pop();
    if (["boot.js", "worker.js"].includes(name)) points[`${name} in`] = e.responseEnd;
  }
  return points;
})()"""


def first_visit(context, server: SiteServer) -> None:
    page, _ = visit(context, server.url, "install")
    page.wait_for_selector('body[data-offline="ready"]', state="attached", timeout=TIMEOUT_MS)
    wait_snapshot_kept(page)
    wait_rehearsed(page)
    page.evaluate("window.taluva.play(window.taluva.legalMoves()[0])")  # kept: drawn next time
    page.close()


def return_visit(context, server: SiteServer) -> dict[str, float]:
    page, marks = visit(context, server.url, "snapshot")
    marks.update(page.evaluate(PAGE_POINTS))
    page.close()
    return {name.removeprefix("taluva:"): ms for name, ms in marks.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("sites", type=Path, nargs="+", help="built sites (build_site.py --out)")
    args = parser.parse_args(argv)
    for site in args.sites:
        if not (site / "js" / "boot-config.js").exists():
            raise SystemExit(f"{site} is not a built site")
    servers = [SiteServer(site).start() for site in args.sites]
    results: list[list[dict[str, float]]] = [[] for _ in args.sites]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            contexts = [browser.new_context() for _ in servers]
            for context, server in zip(contexts, servers, strict=True):
                first_visit(context, server)
            for run in range(1, args.runs + 1):
                for site, context, server, rows in zip(
                    args.sites, contexts, servers, results, strict=True
                ):
                    rows.append(return_visit(context, server))
                    print(
                        f"run {run} {site}: ready {rows[-1][READY]:,.0f} ms",
                        flush=True,
                    )
            browser.close()
    finally:
        for server in servers:
            server.stop()
    print(f"load average: {Path('/proc/loadavg').read_text().split()[:3]}")
    for site, rows in zip(args.sites, results, strict=True):
        names = {name for row in rows for name in row}
        medians = {
            name: statistics.median(row[name] for row in rows if name in row) for name in names
        }
        ready = medians[READY]
        print(
            f"\n{site}: snapshot-route return visit, median of {len(rows)}: ready {ready:,.0f} ms"
        )
        print(
            "  "
            + ", ".join(f"{n} {ms:,.0f}" for n, ms in sorted(medians.items(), key=lambda kv: kv[1]))
        )


if __name__ == "__main__":
    main()
