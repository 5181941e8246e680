"""The figures the benchmarks print, computed and laid out one way: medians, nearest-rank
percentiles, the share of values within a bound, and Markdown tables, so that what a benchmark
prints can be pasted into the documentation as it is.

A table's columns are fixed up front, so its rows can be printed as they are measured (a long
benchmark shows its progress) and still line up.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "site"  # what `make site` builds
UI = ".tg-root"  # the game page's root, whose data-* the benchmarks wait on
READY = f'{UI}[data-ready="1"][data-busy="0"]'  # the engine up, nothing under way


def median(values: Iterable[float]) -> float:
    return statistics.median(values)


def percentile(values: Iterable[float], percent: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `percent`% of the values at
    or below it (100: the maximum)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(percent / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def share_within(values: Iterable[float], bound: float) -> float:
    """The share (0 to 1) of `values` that are at most `bound`."""
    values = list(values)
    return sum(value <= bound for value in values) / len(values)


@dataclass(frozen=True)
class Column:
    header: str
    spec: str = ""  # a format spec for the column's values; "" for text, laid out to the left
    width: int = 0  # at least this wide (the header's width at least)


class Table:
    """A Markdown table; numbers are laid out to the right."""

    def __init__(self, *columns: Column) -> None:
        self.columns = columns
        self.widths = [max(len(column.header), column.width, 3) for column in columns]

    def _line(self, cells: list[str]) -> str:
        laid = [
            cell.ljust(width) if not column.spec else cell.rjust(width)
            for cell, width, column in zip(cells, self.widths, self.columns, strict=True)
        ]
        return f"| {' | '.join(laid)} |"

    def header(self) -> str:
        rule = [
            "-" * width if not column.spec else "-" * (width - 1) + ":"
            for width, column in zip(self.widths, self.columns, strict=True)
        ]
        return "\n".join([self._line([c.header for c in self.columns]), f"| {' | '.join(rule)} |"])

    def row(self, *values: object) -> str:
        cells = [
            "" if value is None else format(value, column.spec)
            for value, column in zip(values, self.columns, strict=True)
        ]
        return self._line(cells)

    def print_header(self) -> None:
        print(self.header(), flush=True)

    def print_row(self, *values: object) -> None:
        print(self.row(*values), flush=True)


def add_site_option(parser: argparse.ArgumentParser) -> None:
    """--site DIR: the built site to measure (default site/; another build to compare with)."""
    parser.add_argument("--site", type=Path, default=SITE, help="a built site (default: site/)")


def built_site(site: Path, bench: str) -> Path:
    """`site`, or exit saying how to build it: `make bench-NAME` builds site/ first."""
    if not (site / "js" / "boot-config.js").exists():
        raise SystemExit(f"{site} is not built: run `make {bench}` (it builds first)")
    return site


def open_game(page, url: str, timeout: int = 180_000) -> None:
    """Go to the game page at `url` and wait until it is ready and its engine answers."""
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=timeout)
    page.evaluate("taluva.ready")


@contextmanager
def served_chromium(site: Path) -> Iterator[tuple]:
    """The built `site` served on loopback and the system's Chromium launched: (server,
    browser), both stopped when the block ends."""
    from playwright.sync_api import sync_playwright

    import chromium
    from serve import SiteServer

    server = SiteServer(site).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            try:
                yield server, browser
            finally:
                browser.close()
    finally:
        server.stop()
