// The engine worker: boots Python (boot-python.js) by the route the snapshot policy picks
// (keep.js), then answers calls by handing JSON strings to taluva.bridge.handle.
//
// A worker booted with `rehearsal: true` only restores the snapshot, to check it and so that the
// browser keeps the code it compiled for it (rehearsal.js); it never installs.
//
// It runs off the main thread so a slow engine move never freezes the page. Every file comes
// from this origin (BOOT lists them, relative to the site root); nothing is fetched elsewhere.
// The site build bundles this module and its imports into one file (build/bundle_worker.py).

import { BOOT } from "../boot-config.js";
import { checkWebAssembly, describeFailure } from "./boot-failure.js";
import { downloadsCacheName, watchBootFetches } from "./boot-fetch.js";
import { compileWasmAfter, importPyodide, importPyodideAsm } from "./boot-python.js";
import { keepSnapshot, lookUp, start, takeSnapshot } from "./keep.js";
import { currentStage, noteWhen, progress, reached, timings } from "./progress.js";
import { rehearse } from "./rehearsal.js";
import { siteRoot, sitePath, siteUrl } from "./site-url.js";
// snapshot.js's own import, named here too so that it is fetched with the others, not a round later.
import "./zero-runs.js";

const DOWNLOADS_CACHE = downloadsCacheName(siteRoot);

let handle = null;
let booting = false;
let lastCall = 0; // when the page's last call came (performance.now()), 0 before the first

// The page makes and shows its first game in the second after "ready". The downloads and the
// snapshot (megabytes written, the snapshot compressed) are kept once the page has been quiet a
// while (no call for QUIET_MS after its first, or MAX_QUIET_WAIT_MS after ready): done at once,
// their work took a core from the page's first frames (on a 2-core machine, half its CPU).
const QUIET_MS = 600;
const MAX_QUIET_WAIT_MS = 5000;

function pageQuiet() {
  const since = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      if ((lastCall && now - lastCall >= QUIET_MS) || now - since >= MAX_QUIET_WAIT_MS) resolve();
      else setTimeout(check, 100);
    };
    check();
  });
}

// Thinking on the others' time (taluva.ai.ponder): once the page has named a game's computer
// seats (aiPonder), the engine searches the positions they expect while the page asks nothing,
// PONDER_SLICE_MS at a time. A call that comes meanwhile waits for one slice at most; a slice
// starts only PONDER_GAP_MS after the page's last call, so a step's calls (a play, then what it
// shows) never wait for one, and slices are a timer apart, which leaves the page's work room.
const PONDER_SLICE_MS = 8;
const PONDER_GAP_MS = 20;
const PONDER_STEP = JSON.stringify({ id: 0, method: "ponderStep", params: { ms: PONDER_SLICE_MS } });
let ponderTimer = 0;

function ponderLater(delay = PONDER_GAP_MS) {
  clearTimeout(ponderTimer);
  ponderTimer = setTimeout(ponderSlice, delay);
}

function ponderSlice() {
  ponderTimer = 0;
  let more = false;
  try {
    more = handle !== null && JSON.parse(handle(PONDER_STEP)).result === true;
  } catch (error) {
    console.warn("Taluva: pondering stopped:", error);
  }
  if (more) ponderLater(0);
}

// A violation inside a worker is reported to the worker, not to the page: forward it.
self.addEventListener("securitypolicyviolation", (event) => {
  const blocked = event.blockedURI || "inline code";
  postMessage({
    type: "csp-violation",
    summary: `${event.effectiveDirective} blocked ${blocked} (${event.sourceFile || "?"})`,
  });
});

// Registered before booting so no message goes unheard. The page sends "boot" first; it sends
// calls only after "ready", but answering an early one with an error beats dropping it.
self.addEventListener("message", ({ data }) => {
  if (data?.type === "boot" && !booting) {
    booting = true;
    boot(data);
    return;
  }
  if (data?.type !== "call") return;
  lastCall = performance.now();
  postMessage({ type: "response", id: data.id, response: answer(data) });
  if (handle) ponderLater();
});

function answer({ id, request }) {
  if (!handle) return errorResponse(id, "NotReady", "the engine has not started yet");
  try {
    return handle(request);
  } catch (error) {
    // taluva.bridge turns every expected error into data; this is a crash inside Python.
    return errorResponse(id, error?.type ?? "EngineCrash", String(error?.message ?? error));
  }
}

function errorResponse(id, type, message) {
  return JSON.stringify({ id, ok: false, error: { type, message } });
}

// options.keepDownloads: the page is not served by the service worker yet (a first visit), so
// the downloads are kept for it; see boot-fetch.js. options.keepNothing (the embed, in other
// sites' frames): no snapshot looked up or kept; see keep.js.
async function boot(options) {
  if (options.rehearsal) {
    postMessage({ type: "rehearsed", ...(await rehearse()) });
    return;
  }
  const downloads = watchBootFetches(BOOT.bootFiles.map(siteUrl), {
    keepIn: options.keepDownloads && "caches" in self ? DOWNLOADS_CACHE : null,
    describe: sitePath,
  });
  // Every step also ends as soon as one of its downloads fails.
  const step = (promise) => Promise.race([promise, downloads.failed]);
  try {
    checkWebAssembly();
    timings["thread"] = Math.round(performance.timeOrigin); // the worker's start, before its modules
    reached("worker");
    // The snapshot is looked up and read (from a file: in one call) while pyodide.mjs downloads.
    // Once it is read, the WebAssembly compiles and Pyodide's second module downloads: Pyodide
    // would start either only once pyodide.mjs runs; started sooner, they held the lookup back.
    const found = lookUp({ keepNothing: options.keepNothing }).finally(() => reached("lookup"));
    noteWhen(compileWasmAfter(found).compiled, "wasm compiled");
    noteWhen(found.then(importPyodideAsm), "asm.mjs in"); // Pyodide's own import reports a failure
    const { loadPyodide } = await step(importPyodide());
    reached("pyodide.mjs");
    const kept = await found;
    const { pyodide, handle: answer, route, fallback } = await start(loadPyodide, kept, step);
    handle = answer;
    const engine = pyodide.pyimport("taluva").__version__;
    progress("ready", "Ready.");
    reached("ready");
    const info = { engine, pyodide: pyodide.version, python: BOOT.python, build: BOOT.build, route, fallback, timings };
    postMessage({ type: "ready", info });
    const taken = takeSnapshot(pyodide, { route, snapshots: kept.snapshots });
    afterReady(downloads, kept.snapshots, taken);
  } catch (error) {
    postMessage({ type: "boot-error", stage: currentStage(), ...(await describeFailure(error)) });
  }
}

// After ready, nothing may fail the boot: once the page is quiet, keep the downloads for the
// service worker first (the page waits for them to register it), then the snapshot for the next
// visit.
async function afterReady(downloads, snapshots, bytes) {
  await pageQuiet();
  await downloads.store().catch((error) => console.warn("Taluva: could not keep the downloads:", error));
  postMessage({ type: "downloads-kept" });
  const kept = await keepSnapshot(snapshots, bytes);
  if (kept) postMessage({ type: "snapshot-kept", bytes: kept.stored, memory: kept.memory });
}
