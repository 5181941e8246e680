"""Write FILE.br and FILE.gz beside every compressible file of the built site.

Hosts that serve precompressed files send them to a browser that accepts the encoding, and so
does build/serve.py; a host that compresses on the fly does it less thoroughly. Compressible:
text (HTML, JavaScript, CSS, JSON, SVG), WebAssembly and the compiled modules' bundle
(wheels/site-packages.pyc.bin: bytecode, 835 kB, 2.5x smaller as gzip), and the standard
library's zip and the wheels, whose entries the build stores uncompressed for this (compressed
across entries, they send less than deflated one by one); not the PNGs or WOFF2, which are
compressed already. A variant is written only where it saves at least 5%.

gzip is Zopfli's (the same format, about 5% smaller than gzip -9: the most a gzip-only host can
send less); Brotli at quality 11. Both are slow on Pyodide's 9.6 MB of WebAssembly (about a
minute each of one core), so every result is kept by the SHA-256 of its input, and a rebuild
recompresses only what changed. The results are kept per user, as pip and npm keep their
downloads (`~/.cache/taluva/precompressed`, or `$XDG_CACHE_HOME`, or `$TALUVA_CACHE`): a fresh
clone on a machine that built the site before finds Pyodide's files done (about a minute of a
fresh clone's set-up). A result is only ever its input's encoding, so a shared one is as good as
one made here; results unused for 60 days are removed.
"""

from __future__ import annotations

import hashlib
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import brotli
import zopfli.gzip

COMPRESSIBLE = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".webmanifest",
    ".svg",
    ".wasm",
    ".txt",
    ".bin",
    ".zip",
    ".whl",
}
ENCODINGS = ("br", "gz")
MIN_SAVING = 0.05
UNUSED_FOR_S = 60 * 24 * 3600  # a kept result not used for this long is removed
ZOPFLI_ITERATIONS = 5  # past 5, Zopfli's default 15 gained 0.1% on the WebAssembly


def encode(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(data, quality=11)
    return zopfli.gzip.compress(data, numiterations=ZOPFLI_ITERATIONS)  # header mtime 0


def user_cache(fallback: Path) -> Path:
    """Where the results are kept: per user, shared by every clone (see the module's doc); or
    `fallback` (the clone's own build/.cache) where the user has no home to write to, as a CI
    runner or a service account may not."""
    try:
        if os.environ.get("TALUVA_CACHE"):
            cache = Path(os.environ["TALUVA_CACHE"]) / "precompressed"
        else:
            base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
            cache = Path(base) / "taluva" / "precompressed"
        cache.mkdir(parents=True, exist_ok=True)
        probe = cache / f".probe.{os.getpid()}.tmp"
        probe.write_bytes(b"")
        probe.unlink()
        return cache
    except (OSError, RuntimeError):  # RuntimeError: Path.home() with no home known
        return fallback


def _encode_cached(path: Path, encoding: str, cache: Path) -> tuple[Path, str, bytes]:
    data = path.read_bytes()
    cached = cache / f"{hashlib.sha256(data).hexdigest()}.{encoding}"
    if cached.exists():
        os.utime(cached)  # used: kept another 60 days
    else:
        scratch = cached.with_suffix(f".{encoding}.{os.getpid()}.tmp")
        scratch.write_bytes(encode(data, encoding))
        scratch.replace(cached)  # whole or not at all, should the build be stopped
    return path, encoding, cached.read_bytes()


def forget_unused(cache: Path, now: float | None = None) -> int:
    """Remove the results not used for UNUSED_FOR_S (the builds of old versions); returns how
    many. A result another build is writing (a .tmp) is left alone."""
    limit = (time.time() if now is None else now) - UNUSED_FOR_S
    kept = [p for p in cache.glob("*.*") if not p.name.endswith(".tmp")]
    old = [p for p in kept if p.stat().st_mtime < limit]
    for path in old:
        path.unlink(missing_ok=True)
    return len(old)


def compressible_files(site: Path) -> list[Path]:
    """The files precompress_site compresses, largest first (so no big one starts last)."""
    files = [p for p in site.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE]
    return sorted(files, key=lambda p: (-p.stat().st_size, p))


def precompress_site(site: Path, cache: Path) -> dict[str, int]:
    """Write the variants; returns the bytes of the files and what each encoding sends of them
    (a file without a variant is sent as it is)."""
    cache.mkdir(parents=True, exist_ok=True)
    files = compressible_files(site)
    totals = {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}
    totals |= dict.fromkeys(ENCODINGS, 0)
    jobs = [(path, encoding) for path in files for encoding in ENCODINGS]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = [pool.submit(_encode_cached, path, encoding, cache) for path, encoding in jobs]
        for future in futures:
            path, encoding, encoded = future.result()
            size = path.stat().st_size
            if len(encoded) <= size * (1 - MIN_SAVING):
                path.with_name(f"{path.name}.{encoding}").write_bytes(encoded)
                totals[encoding] += len(encoded)
            else:
                totals[encoding] += size
    forget_unused(cache)
    return totals
