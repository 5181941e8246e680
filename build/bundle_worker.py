"""Bundle the engine worker's module graph into the one file the page starts it from.

A module worker finds its imports level by level, each level one more round trip, and on a
return visit its requests go through the service worker behind the ~70 modules the page
preloads at the same moment: the worker's 7 modules took ~130 ms to arrive, on the critical
path of the snapshot boot. As one file they come in one request. The sources stay modules of
their own (linted and unit-tested as they are); only the built site has the bundle.

esbuild (pinned in build/package.json) joins them; nothing is minified, so the file the browser
runs reads like its sources. Modules only the worker imported are then left out of the site.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from module_preload import module_graph

ESBUILD = Path(__file__).resolve().parent / "node_modules" / ".bin" / "esbuild"


def bundle_worker(site: Path, entry: str, keep_for: tuple[str, ...]) -> list[str]:
    """Replace ``entry`` (a site path) in ``site`` by the bundle of its module graph; delete the
    modules of that graph that none of ``keep_for`` (the pages' entry modules) imports. Returns
    the site paths of the modules bundled."""
    if not ESBUILD.exists():
        raise SystemExit(f"{ESBUILD} is missing; run `npm ci` in build/ (make does)")
    modules = module_graph(site, entry)
    result = subprocess.run(
        [
            str(ESBUILD),
            entry,
            "--bundle",
            "--format=esm",
            "--target=es2022",
            "--charset=utf8",
            "--log-level=warning",
            "--allow-overwrite",
            f"--outfile={entry}",
        ],
        cwd=site,  # so that the bundle's comments name each part by its site path
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise SystemExit(f"bundling {entry} failed:\n{result.stderr}")
    used = {path for page in keep_for for path in module_graph(site, page)}
    for path in modules:
        if path != entry and path not in used:
            (site / path).unlink()
    return modules
