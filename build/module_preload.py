"""Preload a page's whole JavaScript module graph, so that a visit fetches every module at once.

The browser finds a page's modules level by level: it must fetch and parse boot.js to learn of
the chunk of boot-page.js, that to learn of app.js's, and so on, each level another round trip
(through the service worker on a return visit). A `<link rel="modulepreload">` for every module
and chunk of the graph, written into the page at build time, lets all of them load while the
HTML is still parsed: the game screen (and the kept game's board) is up sooner. The chunks a page
loads on first use (bundle_page.py) are left out.

On the game page the engine worker comes first: its own files are fetched by the worker, through
the same service worker, and would queue behind the page's. So only what boot.js imports
statically is preloaded at once; the other links wait in an inert `<template>` that boot.js puts
into the page right after it has created the worker.

Imports are found by their literal specifiers (`import … from "./x.js"`, `export … from`,
`import "./x.js"`, `import("./x.js")`), minified or not; the page's modules use no other kind.
"""

from __future__ import annotations

import re
from pathlib import Path

STATIC = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}/[^"']+\.js)["']""")
DYNAMIC = re.compile(r"""\bimport\s*\(\s*["'](\.{1,2}/[^"']+\.js)["']""")


def module_graph(
    site: Path, entry: str, dynamic: bool = True, lazy: frozenset[str] = frozenset()
) -> list[str]:
    """Site paths of `entry` and every module it imports, directly or not, first met first;
    `dynamic`: follow `import("./x.js")` too (not where it defers a load on purpose); `lazy`:
    modules left out, with what only they import (loaded on first use)."""
    root = site.resolve()
    order: list[str] = []
    todo = [(root / entry).resolve()]
    while todo:
        path = todo.pop(0)
        rel = path.relative_to(root).as_posix()
        if rel in order or rel in lazy:
            continue
        if not path.is_file():
            raise SystemExit(f"module_preload: {rel} is imported but missing from the site")
        order.append(rel)
        source = path.read_text()
        specs = STATIC.findall(source) + (DYNAMIC.findall(source) if dynamic else [])
        todo.extend((path.parent / spec).resolve() for spec in specs)
    return order


def add_module_preloads(
    site: Path,
    page: str,
    entry: str,
    dynamic: bool = True,
    later: str | None = None,
    first: str | None = None,
    lazy: frozenset[str] = frozenset(),
) -> int:
    """Write a modulepreload link for each module `entry` imports into `page`, right after the
    script tag that loads `entry`; returns how many. `dynamic`: as in module_graph. `later`: the
    id of a `<template>` for the links of every module `entry` does not import statically, for
    `entry` to insert when it chooses. `first`: a module whose graph's links come first in the
    template, marked `data-first` (the game page's early drawing of a link's board, which
    boot.js fetches before the rest). `lazy`: modules not preloaded (as in module_graph)."""
    html_path = site / page
    html = html_path.read_text()
    tag = f'<script type="module" src="{entry}"></script>'
    if tag not in html:
        raise SystemExit(f"module_preload: {page} has no {tag}")
    modules = module_graph(site, entry, dynamic, lazy)[1:]
    now = module_graph(site, entry, dynamic=False, lazy=lazy)[1:] if later else modules
    indent = html[: html.index(tag)].rsplit("\n", 1)[-1]

    early = set(module_graph(site, first, lazy=lazy)) if first else set()

    def links(paths: list[str], pad: str) -> str:
        mark = lambda m: " data-first" if m in early else ""  # noqa: E731
        return "".join(f'\n{pad}<link rel="modulepreload" href="{m}"{mark(m)}>' for m in paths)

    written = links(now, indent)
    deferred = [m for m in modules if m not in now]
    deferred.sort(key=lambda m: m not in early)  # stable: the first graph's links, then the rest
    if deferred:
        inner = links(deferred, indent + "  ")
        written += f'\n{indent}<template id="{later}">{inner}\n{indent}</template>'
    html_path.write_text(html.replace(tag, tag + written, 1))
    return len(modules)
