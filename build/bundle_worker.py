"""Bundle the engine worker's module graph into the one file the page starts it from.

A module worker finds its imports level by level, each level one more round trip, and on a
return visit its requests go through the service worker behind the ~70 modules the page
preloads at the same moment: the worker's 7 modules took ~130 ms to arrive, on the critical
path of the snapshot boot. As one file they come in one request. The sources stay modules of
their own (linted and unit-tested as they are); only the built site has the bundle.

esbuild joins them (esbuild_bundle.py). Modules only the worker imported are then left out of
the site. The GIF worker (js/pictures/gif-worker.js) is bundled the same way.
"""

from __future__ import annotations

from pathlib import Path

from esbuild_bundle import drop_bundled, esbuild_bundle
from module_preload import module_graph


def bundle_worker(site: Path, entry: str, keep_for: tuple[str, ...]) -> list[str]:
    """Replace ``entry`` (a site path) in ``site`` by the bundle of its module graph; delete the
    modules of that graph that none of ``keep_for`` (the pages' entry modules) imports. Returns
    the site paths of the modules bundled."""
    modules = module_graph(site, entry)
    written = esbuild_bundle(site, (entry,))["outputs"]
    drop_bundled(site, modules, written, keep_for)
    return modules
