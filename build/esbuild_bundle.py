"""esbuild's bundling, as every bundle of the site asks for it: the engine worker, the embed and
the game page (bundle_worker.py, bundle_embed.py, bundle_page.py); and esbuild's one way of
running, which minify.py uses too.

esbuild is pinned in build/package.json. It runs in the site folder, so that the bundles'
comments name each part by its site path; nothing is minified here (minify.py does every file
of the site alike, afterwards), no syntax is lowered past ES2022, and no source maps are written:
the site's files are minified file for file already, and a stack trace names the chunk and its
line, which the unbundled sources (`make play` serves the build; web/ runs as it is) make easy
to find.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from module_preload import module_graph

ESBUILD = Path(__file__).resolve().parent / "node_modules" / ".bin" / "esbuild"


def run_esbuild(site: Path, args: list[str], doing: str) -> None:
    """Run esbuild on ``args`` in ``site`` (so that its paths, and the comments of what it writes,
    are site paths), overwriting files in place; a failure stops the build, saying what it was
    ``doing``."""
    if not ESBUILD.exists():
        raise SystemExit(f"{ESBUILD} is missing; run `npm ci` in build/ (make does)")
    result = subprocess.run(
        [str(ESBUILD), *args, "--charset=utf8", "--log-level=warning", "--allow-overwrite"],
        cwd=site,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"{doing} failed:\n{result.stderr}")


def esbuild_bundle(
    site: Path,
    entries: tuple[str, ...],
    *,
    outdir: str | None = None,
    splitting: bool = False,
    external: tuple[str, ...] = (),
) -> dict:
    """Bundle the site paths ``entries`` in place: each is overwritten by its bundle (one file,
    or with ``splitting`` the entry and the chunks it shares or loads later, written into
    ``outdir`` as ``<name>-<hash>.js``); ``external`` are import paths left as imports. Returns
    esbuild's metafile: its ``outputs`` name every file written (site paths) and, for a chunk a
    dynamic import loads, the module it holds (``entryPoint``)."""
    if not splitting and len(entries) != 1:
        raise ValueError("one entry a bundle without splitting")
    where = [f"--outdir={outdir}"] if outdir else [f"--outfile={entries[0]}"]
    split = ["--splitting", "--entry-names=[name]", "--chunk-names=[name]-[hash]"]
    with tempfile.TemporaryDirectory(prefix="taluva-esbuild-") as tmp:
        meta = Path(tmp) / "meta.json"
        run_esbuild(
            site,
            [
                *entries,
                "--bundle",
                "--format=esm",
                "--target=es2022",
                *(split if splitting else []),
                *where,
                *(f"--external:{path}" for path in external),
                f"--metafile={meta}",
            ],
            f"bundling {', '.join(entries)}",
        )
        return json.loads(meta.read_text())


def drop_bundled(site: Path, modules: list[str], written: dict, keep_for: tuple[str, ...]) -> None:
    """Delete ``modules`` (the bundled graph's site paths, read before bundling) from ``site``,
    except the files esbuild wrote (``written``: its metafile's outputs) and the modules that one
    of ``keep_for`` (other entry modules, read now) still imports; and the folders so emptied."""
    used = {path for entry in keep_for for path in module_graph(site, entry)}
    for path in modules:
        if path not in used and path not in written:
            (site / path).unlink()
    folders = {(site / path).parent for path in modules}
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):  # inner ones first
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
