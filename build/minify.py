"""Minify the site's own JavaScript and CSS in place, one file for one file, with esbuild.

Each module stays a module of its own (same path, same imports), so the modulepreload links,
the service worker's manifest and the worker bundle keep working as they are; only whitespace,
comments and local names go. Left as written: Pyodide's files (already minified upstream),
sw.js and js/boot-config.js (generated data that tools and tests read back as JSON).

esbuild is pinned in build/package.json and run by esbuild_bundle.py; `--format=esm` lets it
rename a module's top-level names (every script of the site is a module), and no syntax is
lowered (no --target).
"""

from __future__ import annotations

from pathlib import Path

from esbuild_bundle import run_esbuild

SUFFIXES = (".js", ".mjs", ".css")
LEFT_AS_WRITTEN = ("sw.js", "js/boot-config.js")
THIRD_PARTY_MINIFIED = ("pyodide/",)


def files_to_minify(site: Path) -> list[str]:
    """Site paths of the JavaScript and CSS files minify_site rewrites."""
    return [
        rel
        for path in sorted(site.rglob("*"))
        if path.is_file()
        and path.suffix in SUFFIXES
        and (rel := path.relative_to(site).as_posix()) not in LEFT_AS_WRITTEN
        and not rel.startswith(THIRD_PARTY_MINIFIED)
    ]


def minify_site(site: Path) -> tuple[int, int]:
    """Minify in place; returns the (before, after) bytes of the files rewritten."""
    paths = files_to_minify(site)
    before = sum((site / p).stat().st_size for p in paths)
    run_esbuild(
        site,
        [*paths, "--minify", "--format=esm", "--outbase=.", "--outdir=."],
        "minifying the site",
    )
    return before, sum((site / p).stat().st_size for p in paths)
