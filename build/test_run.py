"""`make test`'s driver: every stage in turn, each timed, then the times and the slowest tests.

    python3 build/test_run.py [STAGE ...]

The stages are make targets: set-up (venv, npm packages, wheels, the site, the browsers), lint,
the JavaScript unit tests, the engine on CPython and in Pyodide (side by side), the browser
tests. A failing stage does not stop the run (as `make --keep-going`): one run reports every
failing suite. At the end it prints each stage's time and result, the total, the slowest tests
of every pytest run (from the JUnit reports the test targets write into build/.cache/reports/)
and the browser tests over their 30 s budget (docs/testing.md). Its exit code is 1 if any stage
failed. Standard library only: it runs before the venv exists.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "build" / ".cache" / "reports"
SLOWEST = 15
# The browser stage's budget for one test (docs/testing.md says why and what to do over it).
BROWSER_BUDGET_S = 30.0

# name: (make targets, the reports whose tests belong to it). The set-up's downloads (pip, npm)
# wait on the network more than on the cores: two jobs at once (68 -> 54 s on a fresh clone).
STAGES: dict[str, tuple[list[str], list[str]]] = {
    "set-up": (["-j2", "--output-sync=target", "setup", "site", "chromium", "other-browsers"], []),
    "lint": (["lint"], []),
    "js": (["test-js"], []),
    "engines": (["test-engines"], ["engine-cpython", "engine-pyodide"]),
    "browsers": (["test-e2e"], ["browsers"]),
}


@dataclass
class Stage:
    name: str
    seconds: float
    ok: bool


@dataclass
class TestTime:
    report: str
    name: str
    seconds: float


def run_stage(name: str) -> Stage:
    targets, _ = STAGES[name]
    print(f"\n=== {name}: make {' '.join(targets)}", flush=True)
    started = time.monotonic()
    code = subprocess.call(["make", "--no-print-directory", *targets], cwd=ROOT)
    return Stage(name, time.monotonic() - started, code == 0)


def test_times(report: str) -> list[TestTime]:
    """Every test case of a JUnit report, with its time; none if the report is missing."""
    path = REPORTS / f"{report}.xml"
    if not path.exists():
        return []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return []
    times = []
    for case in root.iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}".lstrip(":")
        times.append(TestTime(report, name, float(case.get("time") or 0)))
    return times


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def summary(stages: list[Stage], total: float) -> str:
    lines = ["", "=== make test: the time of each stage", ""]
    width = max(len(s.name) for s in stages)
    for s in stages:
        result = "passed" if s.ok else "FAILED"
        lines.append(f"  {s.name:<{width}}  {s.seconds:7.1f} s  {minutes(s.seconds):>6}  {result}")
    lines.append(f"  {'total':<{width}}  {total:7.1f} s  {minutes(total):>6}")
    ran = {s.name for s in stages}
    cases = [
        t
        for name in STAGES
        if name in ran
        for report in STAGES[name][1]
        for t in test_times(report)
    ]
    if cases:
        lines += ["", f"=== the {SLOWEST} slowest tests", ""]
        for t in sorted(cases, key=lambda t: -t.seconds)[:SLOWEST]:
            lines.append(f"  {t.seconds:7.1f} s  {t.report:<15} {t.name}")
    over = [t for t in cases if t.report == "browsers" and t.seconds > BROWSER_BUDGET_S]
    if over:
        lines += [
            "",
            f"=== {len(over)} browser test(s) over the {BROWSER_BUDGET_S:.0f} s budget "
            "(docs/testing.md: make them faster or split them)",
            "",
        ]
        lines += [f"  {t.seconds:7.1f} s  {t.name}" for t in sorted(over, key=lambda t: -t.seconds)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("stages", nargs="*", metavar="STAGE", help=", ".join(STAGES))
    names = parser.parse_args(argv).stages or list(STAGES)
    if unknown := [name for name in names if name not in STAGES]:
        parser.error(f"no stage {', '.join(unknown)}; the stages: {', '.join(STAGES)}")
    shutil.rmtree(REPORTS, ignore_errors=True)
    REPORTS.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    stages = [run_stage(name) for name in names]
    print(summary(stages, time.monotonic() - started), flush=True)
    failed = [s.name for s in stages if not s.ok]
    if failed:
        print(f"\nmake test FAILED in: {', '.join(failed)}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
