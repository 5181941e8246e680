"""Bundle the embed's modules into a few files, so that its first picture comes in one round trip.

embed.html draws the link's picture with the page's own board renderer before any engine. As
separate modules that is ~30 files, fetched six at a time over HTTP/1.1 even when preloaded: on
this 2-core machine under load the last of them arrived 150-700 ms after the frame's navigation
began, most of the embed's time to its first picture. esbuild (esbuild_bundle.py) joins
them: ``js/embed/embed.js`` and the shared chunks it imports hold what drawing the
picture needs (the hash, the picture, the board's renderer); the preview's words (the texts,
their formatter and catalogue) and the player the click loads are chunks of their own
(``preview-<hash>.js``, ``player-<hash>.js``), and what several use is in shared chunks
(``chunk-<hash>.js``), so each module still runs once (one catalogue of texts, one board). The
engine's client stays a module of its own, in its own place: it finds the worker next to it
(``new URL("./worker.js", import.meta.url)``), and it is fetched only on the click. Modules only
the embed imported are then left out of the site; the sources stay modules of their own.
"""

from __future__ import annotations

from pathlib import Path

from esbuild_bundle import drop_bundled, esbuild_bundle
from module_preload import module_graph

# Imported as written, not bundled: the path is relative to the embed's folder, where the chunks go.
KEPT_APART = ("../engine/client.js",)


def bundle_embed(site: Path, entry: str, keep_for: tuple[str, ...]) -> list[str]:
    """Replace ``entry`` (a site path) in ``site`` by its bundle and chunks, written beside it;
    delete the modules of its graph that none of ``keep_for`` (the other entry modules) imports.
    Returns the site paths of the files the embed now loads before its click."""
    modules = module_graph(site, entry)
    folder = Path(entry).parent.as_posix()
    meta = esbuild_bundle(site, (entry,), outdir=folder, splitting=True, external=KEPT_APART)
    drop_bundled(site, modules, meta["outputs"], keep_for)
    return module_graph(site, entry, dynamic=False)
