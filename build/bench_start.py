"""Main-thread work at the start, from Chromium's own trace: a first and a return visit of the
built site in headless Chromium, the CPU throttled 4x (Emulation.setCPUThrottlingRate, as
Lighthouse's mobile profile), from the navigation until the first game has been on screen for a
second. Prints, per visit, the page's long tasks (over 50 ms on the renderer's main thread):
their count, total, the blocking time (each one's excess over 50 ms: what Lighthouse sums into
TBT) and the longest, and with --top the longest tasks' heaviest events (layout, style, script);
with --functions also the functions V8's sampling profiler found in them (self time, by name and
module: which part of the page's code made a task long). Asserts nothing about time.

    python build/bench_start.py [--runs 3] [--rate 4] [--site DIR] [--top 5] [--functions 8]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

import chromium
from bench_stats import median
from serve import ROOT, SiteServer

SITE = ROOT / "site"
LONG_MS = 50
GAME_SHOWN = """() => {
  const root = document.querySelector(".tg-root");
  return document.body.dataset.engine === "ready" && root?.dataset.ready === "1" &&
    document.getElementById("boot").hidden;
}"""
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8.execute"]
PROFILER = "disabled-by-default-v8.cpu_profiler"
# Events inside a task worth naming when it is long.
PARTS = {
    "Layout",
    "UpdateLayoutTree",
    "Paint",
    "FunctionCall",
    "EvaluateScript",
    "v8.compileModule",
    "v8.evaluateModule",
    "ParseHTML",
    "TimerFire",
    "FireAnimationFrame",
    "RunMicrotasks",
    "v8.compile",
    "HitTest",
    "PrePaint",
    "Layerize",
    "Commit",
    "ParseAuthorStyleSheet",
}


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the page's renderer main thread: the one that ran the page's scripts."""
    names = {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"
    }
    counts: dict[tuple[int, int], int] = {}
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if names.get(key) == "CrRendererMain" and e.get("name") == "EvaluateScript":
            counts[key] = counts.get(key, 0) + 1
    return max(counts, key=counts.get)


def samples(events: list[dict], pid: int, tid: int) -> list[tuple[float, list[str]]]:
    """(time, stack) of each of V8's samples on the thread, the stack from the sampled function
    out ("function module:line" each), from the trace's Profile and ProfileChunk events (the
    profiler's tree comes in chunks, each sample a node id and a time delta); idle samples and
    the profiler's own are left out."""
    start = {}
    for e in events:
        if e.get("name") == "Profile" and e.get("pid") == pid and e.get("tid") == tid:
            start[e["id"]] = e["args"]["data"]["startTime"]
    labels: dict[tuple[str, int], str] = {}
    parents: dict[tuple[str, int], tuple[str, int]] = {}
    out: list[tuple[float, list[str]]] = []
    clock: dict[str, float] = {}
    for e in sorted((e for e in events if e.get("name") == "ProfileChunk"), key=lambda e: e["ts"]):
        if e.get("id") not in start:
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node["callFrame"]
            module = frame.get("url", "").rsplit("/", 1)[-1]
            name = frame.get("functionName") or "(anonymous)"
            where = f" {module}:{frame.get('lineNumber', -1) + 1}" if module else ""
            labels[(e["id"], node["id"])] = name + where
            if "parent" in node:
                parents[(e["id"], node["id"])] = (e["id"], node["parent"])
        at = clock.get(e["id"], start[e["id"]])
        deltas = data.get("timeDeltas", [])
        for node, delta in zip(profile.get("samples", []), deltas, strict=False):
            at += delta
            stack, key = [], (e["id"], node)
            while key in labels:
                stack.append(labels[key])
                key = parents.get(key)
            if stack and not stack[0].startswith(("(idle)", "(program)", "(root)")):
                out.append((at, stack))
        clock[e["id"]] = at
    return out


def hot_functions(sampled: list[tuple[float, list[str]]], begin: float, end: float, n: int) -> list:
    """The `n` functions of the page's own modules with the most samples in [begin, end), each
    counted once a sample whether it ran or called what ran (inclusive), and the same of the
    functions that ran themselves (self), of any module or V8's own (GC, compilation)."""
    inclusive: dict[str, int] = {}
    own: dict[str, int] = {}
    for at, stack in sampled:
        if begin <= at < end:
            own[stack[0]] = own.get(stack[0], 0) + 1
            for label in set(stack):
                if ".js:" in label:
                    inclusive[label] = inclusive.get(label, 0) + 1
    return [sorted(c.items(), key=lambda kv: -kv[1])[:n] for c in (inclusive, own)]


def long_tasks(events: list[dict], top: int, functions: int = 0) -> dict:
    pid, tid = main_thread(events)
    sampled = samples(events, pid, tid) if functions else []
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"]
    tasks = sorted(
        (e for e in mine if e.get("name") == "RunTask" and e.get("dur", 0) > LONG_MS * 1000),
        key=lambda e: e["ts"],
    )
    ms = [t["dur"] / 1000 for t in tasks]
    detail = []
    for task in sorted(tasks, key=lambda t: -t["dur"])[:top]:
        end = task["ts"] + task["dur"]
        inner: dict[str, float] = {}
        for e in mine:
            if task["ts"] <= e["ts"] < end and e.get("name") in PARTS:
                label = e["name"]
                data = e.get("args", {}).get("data", {})
                if data.get("url"):
                    label += " " + data["url"].rsplit("/", 2)[-1]
                elif data.get("functionName"):
                    label += " " + data["functionName"]
                inner[label] = inner.get(label, 0) + e.get("dur", 0) / 1000
        heavy = sorted(inner.items(), key=lambda kv: -kv[1])[:6]
        hot = hot_functions(sampled, task["ts"], end, functions) if functions else []
        detail.append((task["dur"] / 1000, heavy, hot))
    return {
        "count": len(ms),
        "total": sum(ms),
        "blocking": sum(m - LONG_MS for m in ms),
        "longest": max(ms, default=0),
        "detail": detail,
    }


def visit(browser, page, url: str, rate: int, top: int, functions: int) -> dict:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        categories = CATEGORIES + [PROFILER] if functions else CATEGORIES
        browser.start_tracing(page=page, path=str(path), categories=categories)
        page.goto(url)
        page.wait_for_function(GAME_SHOWN, timeout=180_000, polling=100)
        page.wait_for_timeout(1000)
        browser.stop_tracing()
        events = json.loads(path.read_text())["traceEvents"]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return long_tasks(events, top, functions)


def show(name: str, runs: list[dict]) -> None:
    keys = ("count", "total", "blocking", "longest")
    med = {k: median(r[k] for r in runs) for k in keys}
    each = ", ".join(
        f"{r['count']} / {r['total']:.0f} / {r['blocking']:.0f} / {r['longest']:.0f}" for r in runs
    )
    print(
        f"{name}: long tasks {med['count']:.0f}, total {med['total']:.0f} ms, "
        f"blocking {med['blocking']:.0f} ms, longest {med['longest']:.0f} ms "
        f"(median of {len(runs)}; each count / total / blocking / longest: {each})"
    )
    for ms, heavy, hot in runs[-1]["detail"]:
        print(f"  task {ms:.0f} ms: " + "; ".join(f"{label} {d:.0f}" for label, d in heavy))
        for kind, counts in zip(("inclusive", "self"), hot, strict=False):
            print(f"    samples, {kind}: " + "; ".join(f"{label} {n}" for label, n in counts))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Long tasks of the start, from Chromium's trace.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=int, default=4, help="CPU slowdown")
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--top", type=int, default=4, help="long tasks to break down (last run)")
    parser.add_argument(
        "--functions", type=int, default=0, help="sampled functions to name per long task"
    )
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}, CPU {args.rate}x")
    server = SiteServer(args.site).start()
    first: list[dict] = []
    back: list[dict] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            for _ in range(args.runs):
                context = browser.new_context(
                    viewport={"width": 412, "height": 823},
                    is_mobile=True,
                    has_touch=True,
                    device_scale_factor=1.75,
                )
                page = context.new_page()
                first.append(visit(browser, page, server.url, args.rate, args.top, args.functions))
                page.wait_for_function(
                    "() => document.body.dataset.offline === 'ready'", timeout=180_000
                )
                back.append(visit(browser, page, server.url, args.rate, args.top, args.functions))
                context.close()
            browser.close()
    finally:
        server.stop()
    show("first visit", first)
    show("return visit", back)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
