"""Bundle the game page's ~80 modules into a few files, and leave out of the start what a first
game does not need.

As separate modules the page was ~80 requests (preloaded, yet six at a time over HTTP/1.1, each
through the service worker on a return visit) and ~80 module records for the browser to link.
esbuild (esbuild_bundle.py) joins them, splitting at every dynamic ``import()``: ``js/boot.js``
holds what starts the worker and the page; each module the page imports on its own later is a
chunk named for it (``boot-page-<hash>.js``, ``app-<hash>.js``, ``review-dialog-<hash>.js``…),
and what several share is in ``chunk-<hash>.js`` files, so each module still runs once. All are
written into ``js/``, the folder of boot.js, boot-page.js and app.js, so that their
``import.meta.url`` still names the same folder.

The start's own dynamic imports (``START``) are preloaded as before (module_preload.py); every
other chunk, the features a first game does not need (review, GIF and picture export, the lesson,
the Games list, by-link games), is fetched on first use. The service worker's offline copy holds
them all (every file of the build is in its manifest). The engine's client stays a module of its
own, in its place: it finds the worker next to it (``new URL("./worker.js", import.meta.url)``),
and the embed imports the same file. The sources stay modules of their own; only the built site
has the bundle.
"""

from __future__ import annotations

from pathlib import Path

from esbuild_bundle import drop_bundled, esbuild_bundle
from module_preload import module_graph

# Imported as written, not bundled (a path from the site folder, where esbuild runs).
KEPT_APART = ("./js/engine/client.js",)


def bundle_page(site: Path, entry: str, keep_for: tuple[str, ...]) -> dict[str, str]:
    """Replace ``entry`` (a site path) in ``site`` by its bundle and chunks, written beside it;
    delete the modules of its graph that none of ``keep_for`` (the other entry modules) imports.
    Returns, for the entry and each module a dynamic import loads, the file that now holds it
    (site paths: {"js/app.js": "js/app-<hash>.js", …})."""
    modules = module_graph(site, entry)
    folder = Path(entry).parent.as_posix()
    meta = esbuild_bundle(site, (entry,), outdir=folder, splitting=True, external=KEPT_APART)
    drop_bundled(site, modules, meta["outputs"], keep_for)
    return {
        output["entryPoint"]: path
        for path, output in meta["outputs"].items()
        if "entryPoint" in output
    }
