"""Boot benchmark: navigation -> engine ready, cold and warm, beside a minimal Pyodide page.

The minimal page is the floor any Pyodide app pays: the same Pyodide, in a module worker,
loading the same micropip wheel and installing a one-module wheel with it, on the same server,
origin and CSP. Anything the Taluva page takes beyond that is our overhead. Both run in the same
browser, interleaved round by round so drift hits both alike.

* cold: a fresh browser context (empty HTTP cache, no service worker), first visit;
* warm: a second visit in the same context (Taluva: from the service worker's cache, which is
  waited for first; minimal page: from the HTTP cache, revalidated).

Time is the `taluva:engine-ready` performance mark (relative to navigation start); bytes are
counted by the server as they leave it, headers included. The Taluva cold visit counts until the
service worker has cached the whole build for offline use.

    python build/bench_boot.py [--runs 5] [--json results.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import zipfile
from base64 import urlsafe_b64encode
from hashlib import sha256
from pathlib import Path

from playwright.sync_api import sync_playwright

import chromium
from serve import ROOT, SiteServer, page_csp

SITE = ROOT / "site"
MINIMAL_DIR = "bench-minimal"
MINIMAL_MODULE = "taluva_min"
READY = 'body[data-engine="ready"], body[data-engine="error"]'
READY_MARK = "taluva:engine-ready"
STAGE_MARK = "taluva:stage:"
TIMEOUT_MS = 120_000

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
  const pyodide = await loadPyodide({ indexURL: new URL(BOOT.pyodideDir, site).href });
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
    (page / "index.html").write_text(MINIMAL_HTML.format(csp=csp))
    (page / "main.js").write_text(MINIMAL_MAIN)
    worker = MINIMAL_WORKER.replace("WHEEL", wheel).replace("MODULE", MINIMAL_MODULE)
    (page / "worker.js").write_text(worker)
    return f"{MINIMAL_DIR}/"


def visit(context, url: str):
    """Open url in a new tab and wait for engine ready; return (page, {mark: ms})."""
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
    return page, marks


def measure(browser, server: SiteServer, path: str, *, service_worker: bool) -> dict[str, float]:
    """One cold and one warm visit in a fresh context: times (ms) and bytes served."""
    url = server.url + path
    context = browser.new_context()
    try:
        server.take_bytes()
        page, cold = visit(context, url)
        if service_worker:  # the first visit is over once the build is cached for offline use
            page.wait_for_selector(
                'body[data-offline="ready"]', state="attached", timeout=TIMEOUT_MS
            )
        page.close()
        cold_bytes = server.take_bytes()
        page, warm = visit(context, url)
        page.close()
        warm_bytes = server.take_bytes()
    finally:
        context.close()
    result = {
        "cold_ms": cold[READY_MARK],
        "warm_ms": warm[READY_MARK],
        "cold_bytes": cold_bytes,
        "warm_bytes": warm_bytes,
    }
    # where the cold boot's time goes: when each stage began (Taluva page only)
    result.update(
        {
            f"cold {name[len(STAGE_MARK) :]}": ms
            for name, ms in cold.items()
            if name.startswith(STAGE_MARK)
        }
    )
    return result


def overhead(ours: float, base: float) -> str:
    return f"{(ours - base) / base * 100:+.1f}%" if base else "n/a"


def report(results: dict[str, list[dict[str, float]]], runs: int) -> dict[str, dict[str, float]]:
    med = {
        page: {key: statistics.median(r[key] for r in rows) for key in rows[0]}
        for page, rows in results.items()
    }
    t, m = med["taluva"], med["minimal"]
    print(f"\nmedian of {runs} runs{'':9}{'Taluva page':>16}{'minimal page':>16}{'overhead':>11}")
    rows = [
        ("cold: navigation -> ready", "cold_ms", "ms"),
        ("warm: navigation -> ready", "warm_ms", "ms"),
        ("cold: bytes transferred", "cold_bytes", " B"),
        ("warm: bytes transferred", "warm_bytes", " B"),
    ]
    for label, key, unit in rows:
        print(
            f"{label:28}{t[key]:>14,.0f}{unit:<2}{m[key]:>14,.0f}{unit:<2}"
            f"{overhead(t[key], m[key]):>11}"
        )
    stages = [(k[len("cold ") :], v) for k, v in t.items() if k.startswith("cold ")]
    print(
        "Taluva cold boot, stage start (ms): "
        + ", ".join(f"{name} {ms:,.0f}" for name, ms in sorted(stages, key=lambda kv: kv[1]))
    )
    print("(cold bytes include the service worker's offline cache of the whole build)")
    return med


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure boot time and bytes of the site.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the raw and median figures here")
    args = parser.parse_args(argv)
    if not (SITE / "js" / "boot-config.js").exists():
        raise SystemExit("site/ is not built: run `make bench-boot` (it builds first)")

    server = SiteServer(SITE).start()
    minimal = write_minimal_page(SITE, page_csp(SITE))
    results: dict[str, list[dict[str, float]]] = {"taluva": [], "minimal": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            version = browser.version
            for run in range(1, args.runs + 1):
                results["taluva"].append(measure(browser, server, "", service_worker=True))
                results["minimal"].append(measure(browser, server, minimal, service_worker=False))
                t, m = results["taluva"][-1], results["minimal"][-1]
                print(
                    f"run {run}/{args.runs}: Taluva cold {t['cold_ms']:.0f} ms, warm "
                    f"{t['warm_ms']:.0f} ms; minimal cold {m['cold_ms']:.0f} ms, warm "
                    f"{m['warm_ms']:.0f} ms",
                    flush=True,
                )
            browser.close()
    finally:
        server.stop()
    print(f"browser: Chromium {version}")
    medians = report(results, args.runs)
    if server.csp_reports:
        raise SystemExit(f"CSP violations during the benchmark: {server.csp_reports}")
    if args.json:
        args.json.write_text(json.dumps({"runs": results, "median": medians}, indent=2))


if __name__ == "__main__":
    main()
