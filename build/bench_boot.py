"""Boot benchmark: navigation -> engine ready, first and return visits, beside a minimal page.

The minimal page is the floor any Pyodide app pays: the same Pyodide (with its standard library
as the npm package ships it, all source), in a module worker, loading the same micropip wheel
and installing a one-module wheel with it, on the same server, origin and CSP. Both run in the
same browser, interleaved round by round so drift hits both alike. Each round, in a fresh
browser context (empty HTTP cache, no service worker, no snapshot):

* Taluva first visit (the install route; the round then waits until the service worker has cached
  the build, the worker has kept its memory snapshot and the page has rehearsed its restore);
* Taluva return visit on the snapshot route (restored from that snapshot);
* Taluva return visit forced onto the install route (the snapshot cache deleted first), to show
  what the snapshot saves;
* minimal page, first visit and return visit (from the HTTP cache, revalidated), in its own
  fresh context.

Time is the `taluva:engine-ready` performance mark (relative to navigation start); bytes are
counted by the server as they leave it, headers included. The server sends the build's
precompressed .gz files, as a static host sends gzip (`--encodings br,gzip` for Brotli too,
`--encodings none` for no compression). The Taluva first visit counts bytes
until the service worker has cached the whole build for offline use. Each visit's route is read
from the worker's answer and checked, so a fallback can never pass for a restore.

Then the same first and return visits in WebKitGTK (and Firefox with --engines webkit,firefox),
each run in a fresh browser on an origin of its own (build/browser_drivers.py).

    python build/bench_boot.py [--runs 5] [--engines webkit] [--encodings gzip]
                               [--json results.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import zipfile
from base64 import urlsafe_b64encode
from hashlib import sha256
from pathlib import Path

from playwright.sync_api import sync_playwright

import browser_drivers
import chromium
from serve import ROOT, SiteServer, page_csp, parse_encodings

SITE = ROOT / "site"
MINIMAL_DIR = "bench-minimal"
MINIMAL_MODULE = "taluva_min"
READY = 'body[data-engine="ready"], body[data-engine="error"]'
READY_MARK = "taluva:engine-ready"
STAGE_MARK = "taluva:stage:"
TIMEOUT_MS = 120_000
GAME_DRAWN = '.tg-root[data-ready="1"][data-busy="0"]'  # the engine up and its game on screen

MINIMAL_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="{csp}">
  <title>Minimal Pyodide page (boot benchmark baseline)</title>
  <script type="module" src="main.js"></script>
</head>
<body data-engine="loading"><p>Minimal Pyodide page</p></body>
</html>
"""

MINIMAL_MAIN = """// Baseline page: start the worker, mark when the module answers.
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "ready") {
    performance.mark("taluva:engine-ready");
    document.body.dataset.engine = "ready";
  } else {
    document.body.dataset.engine = "error";
    console.error(data.message);
  }
};
"""

MINIMAL_WORKER = """// Baseline worker: the site's Pyodide and micropip install a one-module wheel.
import { BOOT } from "../js/boot-config.js";
const site = new URL("../", import.meta.url);
try {
  const { loadPyodide } = await import(new URL(`${BOOT.pyodideDir}pyodide.mjs`, site).href);
  // Pyodide's standard library as the npm package ships it (source only), not the site's.
  const stdLibURL = new URL("python_stdlib.zip", import.meta.url).href;
  const pyodide = await loadPyodide({ indexURL: new URL(BOOT.pyodideDir, site).href, stdLibURL });
  await pyodide.loadPackage(BOOT.installerWheels.map((w) => new URL(w, site).href));
  const micropip = pyodide.pyimport("micropip");
  await micropip.install.callKwargs(new URL("WHEEL", import.meta.url).href, { deps: false });
  const answer = pyodide.pyimport("MODULE").handle('{"id": 1, "method": "ping"}');
  postMessage({ type: "ready", answer });
} catch (error) {
  postMessage({ type: "error", message: String(error) });
}
"""

MINIMAL_SOURCE = '''"""One-module engine stand-in for the boot benchmark."""


def handle(request_json: str) -> str:
    return request_json
'''


def build_minimal_wheel(dest: Path) -> str:
    """Write a valid one-module wheel (PEP 427) by hand; return its file name."""
    name, version = MINIMAL_MODULE, "0.0.1"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{name}.py": MINIMAL_SOURCE.encode(),
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: bench_boot\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n",
    }
    record = [
        f"{path},sha256={urlsafe_b64encode(sha256(data).digest()).rstrip(b'=').decode()},{len(data)}"
        for path, data in files.items()
    ]
    files[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    wheel = f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(dest / wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            zf.writestr(path, data)
    return wheel


def write_minimal_page(site: Path, csp: str) -> str:
    page = site / MINIMAL_DIR
    page.mkdir(exist_ok=True)
    wheel = build_minimal_wheel(page)
    # The stock standard library: the site's has its boot's modules compiled (build_site.py).
    stock = ROOT / "build" / "node_modules" / "pyodide" / "python_stdlib.zip"
    (page / "python_stdlib.zip").write_bytes(stock.read_bytes())
    (page / "index.html").write_text(MINIMAL_HTML.format(csp=csp))
    (page / "main.js").write_text(MINIMAL_MAIN)
    worker = MINIMAL_WORKER.replace("WHEEL", wheel).replace("MODULE", MINIMAL_MODULE)
    (page / "worker.js").write_text(worker)
    return f"{MINIMAL_DIR}/"


SNAPSHOT_CACHE = "taluva / snapshot"
SNAPSHOT_DIR = "taluva %2F snapshot"  # engine/snapshot-file.js, in the Origin Private File System
# Snapshots kept in either store (files only once written: one being written is still empty).
SNAPSHOTS_KEPT = f"""(async () => {{
    let kept = (await (await caches.open({SNAPSHOT_CACHE!r})).keys()).length;
    try {{
        const root = await navigator.storage.getDirectory();
        const dir = await root.getDirectoryHandle({SNAPSHOT_DIR!r});
        for await (const file of dir.values()) if ((await file.getFile()).size > 0) kept++;
    }} catch {{}}  // no such directory yet, or a file still open for writing
    return kept;
}})()"""
# Deletes the snapshot from both stores: the next visit installs.
DROP_SNAPSHOTS = f"""(async () => {{
    await caches.delete({SNAPSHOT_CACHE!r});
    const root = await navigator.storage.getDirectory();
    await root.removeEntry({SNAPSHOT_DIR!r}, {{ recursive: true }}).catch(() => {{}});
}})()"""


def visit(context, url: str, route: str | None = None):
    """Open url in a new tab and wait for engine ready; return (page, {mark: ms}).

    With `route`, the Taluva worker must say it booted that way ("install" or "snapshot")."""
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    if page.evaluate("document.body.dataset.engine") != "ready":
        raise SystemExit(f"{url} failed to boot: {errors}")
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark')"
        ".filter(m => m.name.startsWith('taluva:')).map(m => [m.name, m.startTime]))"
    )
    if route:
        info = page.evaluate("window.taluva.ready")
        if info["route"] != route:
            raise SystemExit(f"{url} booted by {info['route']} ({info['fallback']}), not {route}")
        # the worker's own points (ms since the epoch), set beside the page's marks
        origin = page.evaluate("performance.timeOrigin")
        marks.update({f"taluva:worker:{k}": v - origin for k, v in info["timings"].items()})
    return page, marks


def machine_cpu_s() -> float | None:
    """CPU seconds the whole machine has spent busy so far (all cores; Linux's /proc/stat), for
    the CPU a visit costs: Chromium's renderers and workers are not this process's children."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(v) for v in stat.readline().split()[1:]]
    except OSError:
        return None
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def wait_snapshot_kept(page) -> None:
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while page.evaluate(SNAPSHOTS_KEPT) != 1:
        if time.monotonic() > deadline:
            raise SystemExit("the engine snapshot was not kept")
        time.sleep(0.1)


def wait_rehearsed(page) -> None:
    """The first visit's last background step: the kept snapshot restored once (boot-page.js),
    which leaves Pyodide's code compiled for the next visit."""
    page.wait_for_selector("body[data-rehearsal]", state="attached", timeout=TIMEOUT_MS)
    result = page.evaluate("document.body.dataset.rehearsal")
    if result != "done":
        raise SystemExit(f"the engine snapshot's rehearsal {result}")


def stage_marks(prefix: str, marks: dict[str, float]) -> dict[str, float]:
    """When the page created the worker, each boot stage began and the worker reached each of its
    points, as `prefix name` -> ms."""
    return {
        f"{prefix} {name.removeprefix(STAGE_MARK).removeprefix('taluva:')}": ms
        for name, ms in marks.items()
        if name.startswith((STAGE_MARK, "taluva:worker"))
    }


def measure_taluva(browser, server: SiteServer) -> dict[str, float]:
    """First visit, return visit (snapshot route), return visit forced to install: ms and bytes."""
    context = browser.new_context()
    try:
        server.take_bytes()
        page, first = visit(context, server.url, "install")
        # the first visit is over once the build is cached for offline use, the snapshot kept and
        # rehearsed
        page.wait_for_selector('body[data-offline="ready"]', state="attached", timeout=TIMEOUT_MS)
        wait_snapshot_kept(page)
        wait_rehearsed(page)
        page.close()
        first_bytes = server.take_bytes()
        busy = machine_cpu_s()
        page, restored = visit(context, server.url, "snapshot")
        page.wait_for_selector(GAME_DRAWN, state="attached", timeout=TIMEOUT_MS)
        cpu = {} if busy is None else {"snapshot_cpu_ms": (machine_cpu_s() - busy) * 1000}
        page.evaluate(DROP_SNAPSHOTS)  # force the next visit to install
        page.close()
        snapshot_bytes = server.take_bytes()
        page, installed = visit(context, server.url, "install")
        page.close()
        install_bytes = server.take_bytes()
    finally:
        context.close()
    return {
        "first_ms": first[READY_MARK],
        "snapshot_ms": restored[READY_MARK],
        "install_ms": installed[READY_MARK],
        **cpu,
        "first_bytes": first_bytes,
        "snapshot_bytes": snapshot_bytes,
        "install_bytes": install_bytes,
        **stage_marks("first", first),
        **stage_marks("snapshot", restored),
    }


def measure_minimal(browser, server: SiteServer, path: str) -> dict[str, float]:
    """One first and one return visit of the minimal page in a fresh context: ms and bytes."""
    context = browser.new_context()
    try:
        server.take_bytes()
        page, cold = visit(context, server.url + path)
        page.close()
        cold_bytes = server.take_bytes()
        page, warm = visit(context, server.url + path)
        page.close()
        warm_bytes = server.take_bytes()
    finally:
        context.close()
    return {
        "first_ms": cold[READY_MARK],
        "return_ms": warm[READY_MARK],
        "first_bytes": cold_bytes,
        "return_bytes": warm_bytes,
    }


# In the other engines (browser_drivers.py): the page's marks, and the worker's points.
DRIVER_MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("taluva:")).map((m) => [m.name, m.startTime]))"""
OTHER_ENGINE_TIMEOUT_S = 300  # WebKitGTK's first visit took a minute on a busy machine
DRIVER_ROUTE = """async () => {
    const info = await window.taluva.ready;
    return { route: info.route, fallback: info.fallback,
        timings: Object.fromEntries(Object.entries(info.timings)
            .map(([k, v]) => [k, v - performance.timeOrigin])) };
}"""


def driver_visit(driver, url: str, route: str) -> dict[str, float]:
    """As visit(), in a browser_drivers browser: {mark: ms} of one visit by `route`."""
    driver.goto(url)
    ready = f"() => document.querySelector({READY!r}) !== null"
    driver.wait(ready, "engine ready", timeout_s=OTHER_ENGINE_TIMEOUT_S)
    if driver.evaluate("() => document.body.dataset.engine") != "ready":
        raise SystemExit(f"{driver.name}: {url} failed to boot: {driver.errors()}")
    info = driver.evaluate(DRIVER_ROUTE)
    if info["route"] != route:
        raise SystemExit(f"{driver.name}: booted by {info['route']} ({info['fallback']})")
    marks = driver.evaluate(DRIVER_MARKS)
    marks.update({f"taluva:worker:{k}": v for k, v in info["timings"].items()})
    return marks


def measure_engine(engine: str, site: Path) -> dict[str, float]:
    """A first visit and a snapshot-route return visit in a fresh `engine` browser, on an origin
    of its own: ms to engine ready, and when each point was reached."""
    server = SiteServer(site).start()
    driver = browser_drivers.DRIVERS[engine](scheme="light")
    try:
        first = driver_visit(driver, server.url, "install")
        # The first visit is over once the build is cached for offline use and the kept snapshot
        # rehearsed, as in Chromium.
        for state, what, settled in (
            ("offline", "ready", ("ready", "unsupported", "failed")),
            ("rehearsal", "done", ("done", "failed")),
        ):
            got = driver.wait(
                f"(settled) => settled.includes(document.body.dataset.{state}) && "
                f"document.body.dataset.{state}",
                state,
                list(settled),
                timeout_s=OTHER_ENGINE_TIMEOUT_S,
            )
            if got != what:
                raise SystemExit(f"{engine}: {state} {got}, not {what}")
        restored = driver_visit(driver, server.url, "snapshot")
        version = driver.evaluate("() => navigator.userAgent")
    finally:
        driver.close()
        server.stop()
    return {
        "first_ms": first[READY_MARK],
        "snapshot_ms": restored[READY_MARK],
        **stage_marks("first", first),
        **stage_marks("snapshot", restored),
        "agent": version,
    }


def report_engines(engines: dict[str, list[dict]]) -> None:
    for engine, rows in engines.items():
        print(f"\n{engine} ({rows[0]['agent']}), {len(rows)} runs, navigation -> engine ready:")
        stats = summary([{k: v for k, v in r.items() if k != "agent"} for r in rows])
        for label, key in (("first visit", "first_ms"), ("return visit: snapshot", "snapshot_ms")):
            ms = stats[key]
            print(f"  {label:40}{ms['median']:>8,.0f}ms median{ms['p90']:>8,.0f}ms p90")
        for prefix in ("first", "snapshot"):
            stages = sorted(
                (k[len(prefix) + 1 :], v["median"])
                for k, v in stats.items()
                if k.startswith(f"{prefix} ")
            )
            stages.sort(key=lambda kv: kv[1])
            print(
                f"  {prefix} visit, points reached (median ms): "
                + ", ".join(f"{name} {ms:,.0f}" for name, ms in stages)
            )


def p90(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[8]


def summary(rows: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    keys = {key for row in rows for key in row}
    return {
        key: {
            "median": statistics.median(values := [r[key] for r in rows if key in r]),
            "p90": p90(values),
        }
        for key in sorted(keys)
    }


def report(results: dict[str, list[dict[str, float]]], runs: int) -> dict[str, dict]:
    stats = {page: summary(rows) for page, rows in results.items()}
    t, m = stats["taluva"], stats["minimal"]
    heading = f"navigation -> engine ready, {runs} runs"
    print(f"\n{heading:44}{'median':>10}{'p90':>10}{'bytes (median)':>17}")
    rows = [
        ("Taluva, first visit", t, "first"),
        ("Taluva, return visit: snapshot route", t, "snapshot"),
        ("Taluva, return visit: install route", t, "install"),
        ("minimal page, first visit", m, "first"),
        ("minimal page, return visit", m, "return"),
    ]
    for label, page, key in rows:
        ms, sent = page[f"{key}_ms"], page[f"{key}_bytes"]["median"]
        print(f"{label:44}{ms['median']:>8,.0f}ms{ms['p90']:>8,.0f}ms{sent:>15,.0f} B")
        if page is t and key == "snapshot" and "snapshot_cpu_ms" in t:
            cpu, what = t["snapshot_cpu_ms"], "  its CPU to the game drawn (all cores)"
            print(f"{what:44}{cpu['median']:>8,.0f}ms{cpu['p90']:>8,.0f}ms")
    restored = t["snapshot_ms"]["median"]
    for label, base in (("return", m["return_ms"]["median"]), ("first", m["first_ms"]["median"])):
        print(f"snapshot-route return visit / minimal page {label} visit: {restored / base:.2f}x")
    print(
        f"targets: return visit median {restored:,.0f} ms (<= 1,000 ms: "
        f"{'met' if restored <= 1000 else 'missed'}), "
        f"{restored / m['return_ms']['median']:.2f}x the minimal page's return visit (<= 0.35x: "
        f"{'met' if restored <= 0.35 * m['return_ms']['median'] else 'missed'})"
    )
    for prefix in ("first", "snapshot"):
        stages = [
            (k[len(prefix) + 1 :], v["median"]) for k, v in t.items() if k.startswith(f"{prefix} ")
        ]
        print(
            f"Taluva {prefix} visit, when each point was reached (median ms): "
            + ", ".join(f"{name} {ms:,.0f}" for name, ms in sorted(stages, key=lambda kv: kv[1]))
        )
    print("(first-visit bytes include the service worker's offline cache of the whole build)")
    return stats


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure boot time and bytes of the site.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=SITE, help="a built site (default: site/)")
    parser.add_argument("--json", type=Path, help="also write the raw and median figures here")
    parser.add_argument(
        "--engines",
        default="webkit",
        help="other engines measured beside Chromium, comma-separated: webkit, firefox, or none",
    )
    parser.add_argument(
        "--encodings",
        type=parse_encodings,
        default=("gzip",),
        help="precompressed files the server sends: gzip (default), br,gzip, or none",
    )
    args = parser.parse_args(argv)
    site = args.site
    if not (site / "js" / "boot-config.js").exists():
        raise SystemExit(f"{site} is not built: run `make bench-boot` (it builds site/ first)")

    server = SiteServer(site, encodings=args.encodings).start()
    minimal = write_minimal_page(site, page_csp(site))
    results: dict[str, list[dict[str, float]]] = {"taluva": [], "minimal": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            version = browser.version
            for run in range(1, args.runs + 1):
                results["taluva"].append(measure_taluva(browser, server))
                results["minimal"].append(measure_minimal(browser, server, minimal))
                t, m = results["taluva"][-1], results["minimal"][-1]
                print(
                    f"run {run}/{args.runs}: Taluva first {t['first_ms']:.0f} ms, return "
                    f"{t['snapshot_ms']:.0f} ms (snapshot), {t['install_ms']:.0f} ms (install); "
                    f"minimal first {m['first_ms']:.0f} ms, return {m['return_ms']:.0f} ms",
                    flush=True,
                )
            browser.close()
    finally:
        server.stop()
    print(f"browser: Chromium {version}; server encodings: {', '.join(args.encodings) or 'none'}")
    stats = report(results, args.runs)
    engines = {e: [] for e in args.engines.split(",") if e and e != "none"}
    for engine, rows in engines.items():
        for run in range(1, args.runs + 1):
            rows.append(measure_engine(engine, site))
            print(
                f"{engine} run {run}/{args.runs}: first {rows[-1]['first_ms']:.0f} ms, "
                f"return {rows[-1]['snapshot_ms']:.0f} ms (snapshot)",
                flush=True,
            )
    report_engines(engines)
    results.update(engines)
    if server.csp_reports:
        raise SystemExit(f"CSP violations during the benchmark: {server.csp_reports}")
    if args.json:
        args.json.write_text(json.dumps({"runs": results, "summary": stats}, indent=2))


if __name__ == "__main__":
    main()
