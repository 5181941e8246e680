"""Lighthouse benchmark: the built site, served by build/serve.py, in Lighthouse's mobile profile.

Runs the Lighthouse pinned in build/package.json (12.2.3: the last that runs on Node 20) against
site/ served on 127.0.0.1 by build/serve.py (precompressed files, as a careful static host
sends them), in the system's Chromium (build/chromium.py), with Lighthouse's defaults: mobile
form factor, simulated slow 4G and a 4x slower CPU. Each run is a fresh browser profile, so each
is a first visit. Runs in both GPU settings, the GPU off (--disable-gpu, as the e2e tests) and on
(as a phone has it), each --runs times (5), and prints every run as it ends, then per setting
the minimum and the median of each figure: the four category scores, First Contentful Paint,
Largest Contentful Paint, Total Blocking Time, Time to Interactive, Cumulative Layout Shift and
the bytes transferred (the minimum of a score is its worst run, of a time its best), with the
machine's load average before and after, since a busy machine moves TBT several-fold.

    python build/bench_lighthouse.py [--runs 5] [--gpu off|on|both] [--json results.json]
        [--reports DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path

import chromium
from bench_stats import Column, Table, add_site_option, built_site, median
from serve import ROOT, SiteServer

LIGHTHOUSE = ROOT / "build" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# audit id -> (label, unit): numericValue of each
METRICS = {
    "first-contentful-paint": ("FCP", "ms"),
    "largest-contentful-paint": ("LCP", "ms"),
    "total-blocking-time": ("TBT", "ms"),
    "interactive": ("TTI", "ms"),
    "cumulative-layout-shift": ("CLS", ""),
    "total-byte-weight": ("transfer", "B"),
}
# Headless, and quiet on the network as in the e2e tests (chromium.LAUNCH_ARGS); the GPU on
# leaves out their --disable-gpu.
GPU_SETTINGS = ("off", "on")


def chrome_flags(gpu: str) -> list[str]:
    args = (
        chromium.LAUNCH_ARGS
        if gpu == "off"
        else [a for a in chromium.LAUNCH_ARGS if a != "--disable-gpu"]
    )
    return ["--headless=new", *args]


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


ATTEMPTS = 3


def run_lighthouse(url: str, report: Path, gpu: str = "off") -> dict[str, float]:
    """One Lighthouse run; returns {figure: value} (scores 0-100, times ms, bytes)."""
    env = {**os.environ, "CHROME_PATH": chromium.find_chromium()}
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(chrome_flags(gpu))}",
    ]
    # A run whose browser fails (Lighthouse's exit 13, now and then with the GPU on) is said and
    # made again, at most twice: one lost run should not lose the other nine.
    for attempt in range(1, ATTEMPTS + 1):
        report.unlink(missing_ok=True)
        result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if result.returncode == 0 and report.exists():
            return read_report(json.loads(report.read_text()))
        said = [line for line in result.stderr.splitlines() if ":error" in line or "Error" in line]
        print(f"  lighthouse failed ({result.returncode}), try {attempt}/{ATTEMPTS}: {said[-3:]}")
    raise SystemExit(f"lighthouse failed {ATTEMPTS} times:\n{result.stderr[-4000:]}")


def read_report(lhr: dict) -> dict[str, float]:
    """The figures this benchmark prints, from a Lighthouse result (its JSON report)."""
    if lhr.get("runtimeError"):
        raise SystemExit(f"lighthouse: {lhr['runtimeError']}")
    figures: dict[str, float] = {}
    for category in CATEGORIES:
        score = lhr["categories"][category]["score"]
        if score is None:
            raise SystemExit(f"lighthouse gave no {category} score (a failed audit)")
        figures[category] = round(score * 100)
    for audit, (label, _unit) in METRICS.items():
        figures[label] = lhr["audits"][audit]["numericValue"]
    return figures


def failing_audits(lhr: dict, category: str) -> list[str]:
    """Titles of the audits that cost `category` points, so a drop says why."""
    refs = lhr["categories"][category]["auditRefs"]
    return [
        lhr["audits"][ref["id"]]["title"]
        for ref in refs
        if ref["weight"] > 0 and (lhr["audits"][ref["id"]]["score"] or 0) < 1
    ]


TIMES = ("FCP", "LCP", "TBT", "TTI")
TABLE = Table(
    Column("GPU", width=3),
    Column("run", width=len("median of 5")),
    *(Column(category, ".0f") for category in CATEGORIES),
    *(Column(f"{label} ms", ",.0f") for label in TIMES),
    Column("CLS", ".3f"),
    Column("transfer MB", ".2f"),
)


def row(gpu: str, run: str, figures: dict[str, float]) -> str:
    """A row of TABLE: the scores, the times and the bytes of one run (or of their medians)."""
    scores = (figures[category] for category in CATEGORIES)
    times = (figures[label] for label in TIMES)
    return TABLE.row(gpu, run, *scores, *times, figures["CLS"], figures["transfer"] / 1e6)


def minimum(runs: list[dict[str, float]]) -> dict[str, float]:
    """The worst score and the best time and size of `runs`: each figure's least value."""
    return {key: min(r[key] for r in runs) for key in runs[0]}


def summary(gpu: str, runs: list[dict[str, float]]) -> list[str]:
    medians = {key: median(r[key] for r in runs) for key in runs[0]}
    return [
        row(gpu, f"min of {len(runs)}", minimum(runs)),
        row(gpu, f"median of {len(runs)}", medians),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Lighthouse (mobile) on the built site.")
    parser.add_argument("--runs", type=int, default=5, help="runs per GPU setting")
    parser.add_argument("--gpu", choices=[*GPU_SETTINGS, "both"], default="both")
    add_site_option(parser)
    parser.add_argument("--json", type=Path, help="also write every run's figures here")
    parser.add_argument("--reports", type=Path, help="keep Lighthouse's JSON reports here")
    args = parser.parse_args(argv)
    built_site(args.site, "bench-lighthouse")
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing; run `npm ci` in build/ (make does)")

    settings = GPU_SETTINGS if args.gpu == "both" else (args.gpu,)
    print(f"load average {load()} (1, 5, 15 min)")
    server = SiteServer(args.site).start()
    runs: dict[str, list[dict[str, float]]] = {gpu: [] for gpu in settings}
    rows: list[str] = []
    try:
        with tempfile.TemporaryDirectory() as scratch:
            reports = args.reports or Path(scratch)
            reports.mkdir(parents=True, exist_ok=True)
            for gpu in settings:
                for run in range(1, args.runs + 1):
                    report = reports / f"lighthouse-gpu-{gpu}-{run}.json"
                    runs[gpu].append(run_lighthouse(server.url, report, gpu))
                    rows.append(row(gpu, f"{run}", runs[gpu][-1]))
                    print(f"GPU {gpu}, run {run}/{args.runs}, load average {load()}", flush=True)
                    print(f"  {rows[-1]}", flush=True)
                    lhr = json.loads(report.read_text())
                    for category in CATEGORIES:
                        if lost := failing_audits(lhr, category):
                            print(f"  {category} loses points on: {'; '.join(lost)}")
            version = lhr["lighthouseVersion"], lhr["environment"]["hostUserAgent"]
    finally:
        server.stop()
    print(f"\nLighthouse {version[0]}, mobile profile (simulated), {version[1]}")
    print(f"load average at the end {load()}")
    summaries = [line for gpu in settings for line in summary(gpu, runs[gpu])]
    print("\n".join([TABLE.header(), *rows, *summaries]))
    if args.json:
        out = {
            gpu: {
                "runs": r,
                "min": minimum(r),
                "median": {k: median(x[k] for x in r) for k in r[0]},
            }
            for gpu, r in runs.items()
        }
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
