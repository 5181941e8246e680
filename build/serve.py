"""A tiny static server for the built site: 127.0.0.1 only, right MIME types, the page's CSP.

It behaves like a plain static host (no directory listings, conditional requests answered with
304) and adds what a careful host would:

* the Content-Security-Policy of site/index.html's <meta> tag, as a header on every response,
  so it also binds the engine worker and the service worker, which do not inherit the page's
  <meta>; plus `frame-ancestors` and a `report-uri`, which a <meta> cannot carry (no page may
  be framed, except embed.html, which is made for other sites' iframes);
* a /__csp-report endpoint that collects violation reports (tests assert there are none);
* the precompressed FILE.br or FILE.gz the build wrote beside FILE (build/precompress.py), with
  its Content-Encoding, when the request's Accept-Encoding takes it (Brotli first), as hosts that
  serve precompressed files do; `--encodings gzip` sends gzip only, as a host that knows no
  Brotli, and `--encodings none` sends every file as it is;
* a count of bytes sent, for the boot benchmark.

    python build/serve.py [--port 8000] [--encodings br,gzip] [site]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from email.utils import parsedate_to_datetime
from functools import partial
from html.parser import HTMLParser
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # never all interfaces: this is a development server
CSP_REPORT_PATH = "/__csp-report"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",  # required for WebAssembly.instantiateStreaming
    ".zip": "application/zip",
    ".whl": "application/zip",  # a wheel is a zip archive
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",  # web/fonts/taluva-tc.woff2, the Chinese fallback font
}


class _MetaCsp(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.policy: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.policy = values.get("content")


def page_csp(site: Path) -> str:
    """The policy in site/index.html's <meta http-equiv>: the single place it is written."""
    parser = _MetaCsp()
    parser.feed((site / "index.html").read_text())
    if not parser.policy:
        raise SystemExit(f"{site / 'index.html'} has no Content-Security-Policy <meta>")
    return parser.policy


def header_csp(site: Path) -> str:
    return f"{page_csp(site)}; frame-ancestors 'none'; report-uri {CSP_REPORT_PATH}"


# Content-Encoding -> the suffix of the precompressed file beside the original (precompress.py).
ENCODING_SUFFIXES = {"br": ".br", "gzip": ".gz"}
ALL_ENCODINGS = ("br", "gzip")  # the server's preference, best first


def accepted_encodings(header: str | None) -> set[str]:
    """The codings an Accept-Encoding header takes (`q=0` refuses one)."""
    accepted = set()
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                accepted.add(coding.strip().lower())
        except ValueError:
            continue
    return accepted


# Pages made to be framed by other sites (a blog embedding a game): any ancestor may frame them.
FRAMEABLE = ("/embed.html",)


def frameable_csp(site: Path) -> str:
    return f"{page_csp(site)}; frame-ancestors *; report-uri {CSP_REPORT_PATH}"


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves `server.site`; every response carries the CSP and revalidation headers."""

    server: SiteServer
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server)

    def send_head(self):
        """A precompressed variant when there is one the request accepts; else as stdlib does."""
        self._varies = False
        original = self.translate_path(self.path)
        if os.path.isdir(original):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the stdlib's redirect to the slashed URL
            original = os.path.join(original, "index.html")
        variants = [
            (coding, original + ENCODING_SUFFIXES[coding])
            for coding in self.server.encodings
            if os.path.isfile(original + ENCODING_SUFFIXES[coding])
        ]
        if not variants or not os.path.isfile(original):
            return super().send_head()
        self._varies = True  # the answer depends on Accept-Encoding, whichever is sent
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        chosen = next(((c, p) for c, p in variants if c in accepted), None)
        if chosen is None:
            return super().send_head()
        coding, variant = chosen
        modified = int(os.stat(original).st_mtime)
        if self._not_modified_since(modified):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        f = open(variant, "rb")  # noqa: SIM115 - returned open, as send_head's contract is
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(original))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return f

    def _not_modified_since(self, modified: int) -> bool:
        """If-Modified-Since as the stdlib answers it (If-None-Match is never sent: no ETags)."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            return modified <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def end_headers(self) -> None:
        if getattr(self, "_varies", False):
            self.send_header("Vary", "Accept-Encoding")
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        policy = self.server.frame_csp if path.endswith(FRAMEABLE) else self.server.csp
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        # Cacheable, but revalidated on every use: a rebuilt site shows up on the next reload,
        # and an unchanged file costs a 304. Offline and instant starts are the service worker's.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def list_directory(self, path: str | Path):  # noqa: ARG002 - a static host lists nothing
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        return None

    def do_POST(self) -> None:
        if self.path != CSP_REPORT_PATH:
            self.send_error(HTTPStatus.METHOD_NOT_ALLOWED)
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(min(length, 64 * 1024))
        try:
            report = json.loads(body or b"{}")
        except ValueError:
            report = {"unparsed": body.decode(errors="replace")}
        self.server.record_csp_report(report)
        self.send_response(HTTPStatus.NO_CONTENT)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if self.server.verbose:
            super().log_message(format, *args)


class _CountingWriter:
    """Wraps a handler's output stream and adds every byte written to the server's tally."""

    def __init__(self, stream, server: SiteServer) -> None:
        self._stream = stream
        self._server = server

    def write(self, data: bytes) -> int:
        written = self._stream.write(data)
        self._server.count_bytes(len(data))
        return written

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(
        self,
        site: Path,
        port: int = 0,
        *,
        verbose: bool = False,
        handler: type[SiteHandler] = SiteHandler,
        encodings: tuple[str, ...] = ALL_ENCODINGS,
    ) -> None:
        # absolute, not resolved: a symlinked site can be re-pointed while serving
        self.site = site.absolute()
        self.csp = header_csp(self.site)
        self.frame_csp = frameable_csp(self.site)
        self.verbose = verbose
        unknown = set(encodings) - set(ENCODING_SUFFIXES)
        if unknown:
            raise ValueError(f"unknown encodings {sorted(unknown)}; known: {ALL_ENCODINGS}")
        self.encodings = tuple(encodings)
        self.csp_reports: list[dict] = []
        self.bytes_sent = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        super().__init__((HOST, port), partial(handler, directory=str(self.site)))

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def count_bytes(self, n: int) -> None:
        with self._lock:
            self.bytes_sent += n

    def take_bytes(self) -> int:
        """Bytes sent since the last call."""
        with self._lock:
            n, self.bytes_sent = self.bytes_sent, 0
        return n

    def record_csp_report(self, report: dict) -> None:
        with self._lock:
            self.csp_reports.append(report)
        print(f"CSP violation reported: {json.dumps(report)}", file=sys.stderr)

    def start(self) -> SiteServer:
        """Serve from a background thread (for tests and the benchmark)."""
        self._thread = threading.Thread(target=self.serve_forever, name="site-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        if self._thread:
            self._thread.join(timeout=5)


def parse_encodings(text: str) -> tuple[str, ...]:
    """`br,gzip` -> ("br", "gzip"); `none` -> ()."""
    if text.strip().lower() == "none":
        return ()
    codings = tuple(c.strip().lower() for c in text.split(",") if c.strip())
    if unknown := set(codings) - set(ENCODING_SUFFIXES):
        raise argparse.ArgumentTypeError(f"unknown encodings {sorted(unknown)}")
    return codings


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument(
        "--encodings",
        type=parse_encodings,
        default=ALL_ENCODINGS,
        help="precompressed files to send, best first: br,gzip (default), gzip, or none",
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} has no index.html: build the site first (make site)")
    try:
        server = SiteServer(args.site, args.port, verbose=not args.quiet, encodings=args.encodings)
    except OSError as error:
        raise SystemExit(f"cannot listen on {HOST}:{args.port}: {error}") from error
    print(f"Serving {server.site} on {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
