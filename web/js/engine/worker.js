// The engine worker: boots Pyodide from this site's own copy, installs the engine wheel with
// micropip, then answers calls by handing JSON strings to taluva.bridge.handle.
//
// That first boot then keeps a memory snapshot of the interpreter (snapshot.js); later visits
// restore it and skip Python's start-up and the install (the "snapshot" route). Any trouble with
// the snapshot falls back to the "install" route, which then keeps a fresh one.
//
// A worker booted with `rehearsal: true` only restores the snapshot, to check it and so that the
// browser keeps the code it compiled for it (see rehearse()); it never installs.
//
// It runs off the main thread so a slow engine move never freezes the page. Every file comes
// from this origin (BOOT lists them, relative to the site root); nothing is fetched elsewhere.

import { BOOT } from "../boot-config.js";
import { DownloadFailure, downloadsCacheName, watchBootFetches } from "./boot-fetch.js";
import { openSnapshots } from "./snapshot.js";
import { fileSystemRoot, openSnapshotFiles, openSnapshotStore } from "./snapshot-file.js";
import { precompileWasm } from "./wasm-early.js";
// snapshot.js's own import, named here too so that it is fetched with the others, not a round later.
import "./zero-runs.js";

const SITE = new URL("../../", import.meta.url);
const siteUrl = (path) => new URL(path, SITE).href;
const sitePath = (url) => url.slice(SITE.href.length);
const DOWNLOADS_CACHE = downloadsCacheName(SITE);

let handle = null;
let booting = false;

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
  let response;
  try {
    response = handle ? handle(data.request) : errorResponse(data.id, "NotReady", "the engine has not started yet");
  } catch (error) {
    // taluva.bridge turns every expected error into data; this is a crash inside Python.
    response = errorResponse(data.id, error?.type ?? "EngineCrash", String(error?.message ?? error));
  }
  postMessage({ type: "response", id: data.id, response });
});

function errorResponse(id, type, message) {
  return JSON.stringify({ id, ok: false, error: { type, message } });
}

// Where each stage starts and ends on the page's progress bar, roughly by the time it takes;
// loading Pyodide itself is most of the wait.
const STAGES = {
  restore: [0.05, 0.95], // the snapshot route, all in one
  runtime: [0.05, 0.6],
  installer: [0.6, 0.72],
  engine: [0.72, 0.9],
  import: [0.9, 0.98],
  ready: [1, 1],
};

// When the boot reached each point, in ms since the epoch (so the page can set them beside its
// own marks): sent with "ready" for the boot benchmark to say where the time goes.
const timings = {};
const reached = (point) => (timings[point] = Math.round(performance.timeOrigin + performance.now()));

// The stage the boot is in, for a failure to name.
let currentStage = "runtime";

function progress(stage, message) {
  currentStage = stage;
  const [fraction, next] = STAGES[stage];
  postMessage({ type: "progress", stage, fraction, next, message });
}

// `message` is English, for the console and the details; `file` (a site path), when a file is
// to blame, lets the page say which in its own language.
class BootFailure extends Error {
  constructor(kind, message, detail = "", file = null, status = null) {
    super(message);
    this.kind = kind;
    this.detail = detail;
    this.file = file;
    this.status = status;
  }
}

// options.keepDownloads: the page is not served by the service worker yet (a first visit), so
// the downloads are kept for it; see boot-fetch.js.
async function boot(options) {
  if (options.rehearsal) return rehearse();
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
    // options.keepNothing (the embed, in other sites' frames): no snapshot looked up or kept.
    const noStore = { snapshots: null, entry: null, problem: "missing", stored: null };
    const found = (options.keepNothing ? Promise.resolve(noStore) : lookUp()).finally(() => reached("lookup"));
    const { compiled } = precompileWasm(siteUrl(`${BOOT.pyodideDir}pyodide.asm.wasm`), { after: found });
    compiled.then(
      () => reached("wasm compiled"),
      () => {},
    );
    found
      .then(() => import(siteUrl(`${BOOT.pyodideDir}pyodide.asm.mjs`)))
      .then(
        () => reached("asm.mjs in"),
        () => {},
      ); // Pyodide's own import reports
    const { loadPyodide } = await step(import(siteUrl(`${BOOT.pyodideDir}pyodide.mjs`)));
    reached("pyodide.mjs");
    const { snapshots, ...kept } = await found;
    const { pyodide, handle: answer, route, fallback } = await start(loadPyodide, snapshots, kept, step);
    handle = answer;
    const engine = pyodide.pyimport("taluva").__version__;
    progress("ready", "Ready.");
    reached("ready");
    const info = { engine, pyodide: pyodide.version, python: BOOT.python, build: BOOT.build, route, fallback, timings };
    postMessage({ type: "ready", info });
    // Taken before this task ends, so before any call can change the interpreter; see snapshot().
    const taken = route === "install" ? snapshot(pyodide, snapshots) : null;
    afterReady(downloads, snapshots, taken);
  } catch (error) {
    await reportFailure(error);
  }
}

// The rehearsal: a restore of the snapshot just kept, in a worker of its own that the page ends
// right after. The browser keeps compiled code for a script only once it has run from the service
// worker's cache: on a first visit Pyodide's 1.25 MB of JavaScript came from the network, so the
// first return visit would compile it (and the functions a restore runs) all over again. Run once
// here, off the critical path, that visit finds it compiled: ~0.25 s sooner
// (docs/performance.md, "Boot"). It also checks that this browser restores the snapshot; one that does not is
// dropped now rather than on the next visit. Nothing is installed and nothing kept.
async function rehearse() {
  let result;
  try {
    checkWebAssembly();
    const found = lookUp();
    precompileWasm(siteUrl(`${BOOT.pyodideDir}pyodide.asm.wasm`), { after: found });
    const { loadPyodide } = await import(siteUrl(`${BOOT.pyodideDir}pyodide.mjs`));
    const { snapshots, entry, problem, stored } = await found;
    if (entry) {
      try {
        await restore(loadPyodide, stored, (promise) => promise);
        result = { ok: true };
      } catch (error) {
        result = { ok: false, problem: String(error?.message ?? error) };
        console.warn(`Taluva: the engine snapshot did not restore (${result.problem}); dropping it.`);
        await snapshots.drop().catch(() => {});
      }
    } else {
      result = { ok: false, problem };
    }
  } catch (error) {
    result = { ok: false, problem: String(error?.message ?? error) };
  }
  postMessage({ type: "rehearsed", ...result });
}

async function reportFailure(error) {
  const failure = error instanceof BootFailure || error?.kind ? error : await diagnose(error);
  postMessage({
    type: "boot-error",
    stage: currentStage,
    kind: failure.kind,
    message: failure.message,
    file: failure.file ?? (failure.url ? sitePath(failure.url) : null),
    status: failure.status ?? null,
    detail: failure.detail || String(error?.stack ?? error),
  });
}

const SNAPSHOT = { site: SITE.href, pyodideVersion: BOOT.pyodideVersion, build: BOOT.build };

// Where the snapshot is kept: the Origin Private File System, read fastest, where the browser
// offers it, with Cache Storage behind it where a file cannot be written; else Cache Storage;
// else nowhere (null).
async function snapshotStore() {
  const cacheStore = "caches" in self ? openSnapshots(SNAPSHOT) : null;
  const root = await fileSystemRoot();
  if (!root) return cacheStore;
  return openSnapshotStore({ files: openSnapshotFiles({ ...SNAPSHOT, root, cacheStore }), cacheStore });
}

// A lookup that fails counts as no snapshot. The snapshot found starts being read at once:
// `stored` is what snapshots.load gives; `snapshots` the store.
async function lookUp() {
  const snapshots = await snapshotStore();
  if (!snapshots) return { snapshots, entry: null, problem: "no snapshot storage", stored: null };
  const { entry, problem } = await snapshots.find().catch((error) => ({ entry: null, problem: String(error) }));
  let stored = null;
  try {
    stored = entry ? snapshots.load(entry) : null; // allocates the expanded length: may throw
  } catch (error) {
    return { snapshots, entry: null, problem: String(error?.message ?? error), stored: null };
  }
  // Only noted here: restore() hears of a failure (a failed import of Pyodide never gets there).
  stored?.read.then(
    () => reached("snapshot read"),
    () => {},
  );
  stored?.verified.then(
    () => reached("snapshot checked"),
    () => {},
  );
  return { snapshots, entry, problem, stored };
}

// The snapshot route if there is a snapshot and it restores, else the install route. `fallback`
// says why the install route was taken ("missing" on a first visit), null on the snapshot route.
async function start(loadPyodide, snapshots, { entry, problem, stored }, step) {
  let fallback = problem;
  if (entry) {
    progress("restore", "Starting the engine from its copy on this device…");
    try {
      return { ...(await restore(loadPyodide, stored, step)), fallback: null };
    } catch (error) {
      if (error?.kind) throw error; // a download failed: installing needs the same files
      fallback = String(error?.message ?? error);
    }
  }
  if (snapshots && (entry || problem !== "missing")) {
    console.warn(`Taluva: not restoring the engine snapshot (${fallback}); installing instead.`);
    snapshots.drop().catch(() => {});
  }
  return { ...(await install(loadPyodide, step, { snapshot: Boolean(snapshots) })), fallback };
}

const never = new Promise(() => {});

// What every loadPyodide gets. All three URLs point at our copy: Pyodide would otherwise fall back
// to its CDN for packages.
function pyodideOptions() {
  return {
    indexURL: siteUrl(BOOT.pyodideDir),
    lockFileURL: siteUrl(`${BOOT.pyodideDir}pyodide-lock.json`),
    packageBaseUrl: siteUrl(BOOT.pyodideDir),
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  };
}

// The snapshot route: a new Pyodide whose memory is the snapshot's, so the engine is already
// imported. It rejects on any failure, and the caller drops this Pyodide whole: the install route
// starts a new one from scratch, never from a half-restored interpreter.
//
// Pyodide awaits its _loadSnapshot before it even starts compiling its WebAssembly, but only
// wants its length then: so it gets the (still zeroed) buffer of the snapshot's length at once,
// and compiles while the stored snapshot is read, checked and expanded into that buffer. Pyodide
// reads the buffer only after its fsInit hook resolves: the hook waits for the check, and forever
// if it fails, while the race below ends the restore at once. Damaged bytes never reach the
// interpreter.
async function restore(loadPyodide, { memory, verified }, step) {
  const hold = verified.then(
    () => {},
    () => never,
  );
  const loading = loadPyodide({
    ...pyodideOptions(),
    _loadSnapshot: memory,
    fsInit: () => (reached("wasm instantiated"), hold),
  });
  const pyodide = await step(Promise.race([loading, verified.then(() => never)]));
  reached("restored");
  // The snapshot holds the state of `random` at the moment it was taken: without a fresh seed,
  // every restored visit would deal the same "random" games.
  pyodide.runPython("import random; random.seed()");
  const { handle } = pyodide.pyimport("taluva.bridge");
  if (!handle(JSON.stringify({ id: 0, method: "ping" })).includes('"pong"')) {
    throw new Error("the restored engine does not answer");
  }
  return { pyodide, handle, route: "snapshot" };
}

// The install route, as on a first visit: start Python, load micropip, install the engine wheel.
async function install(loadPyodide, step, { snapshot }) {
  progress("runtime", `Downloading the Python runtime (Pyodide ${BOOT.pyodideVersion})…`);
  // micropip's and the engine's modules compiled at build time (build/compile_stdlib.mjs), for
  // their packages' __pycache__ once installed: installing and importing then compile no source,
  // which in WebKit took seconds of a first visit.
  const bytecode = fetchFile(BOOT.bytecode);
  bytecode.catch(() => {}); // awaited below
  // _makeSnapshot only wraps the `js` module's globals so that a snapshot can name them later.
  const pyodide = await step(loadPyodide({ ...pyodideOptions(), _makeSnapshot: snapshot }));
  reached("python started");

  progress("installer", "Loading the package installer…");
  await step(
    pyodide.loadPackage(BOOT.installerWheels.map(siteUrl), {
      messageCallback: () => {},
      errorCallback: (message) => console.warn(message),
    }),
  );

  writeBytecode(pyodide, await step(bytecode)); // the engine's land before it is installed
  progress("engine", `Installing the Taluva engine ${BOOT.engineVersion}…`);
  const wheel = await step(stageWheel(pyodide, BOOT.engineWheel));
  const micropip = pyodide.pyimport("micropip");
  // deps=False: the engine has no dependencies, and micropip must never consult an index.
  await step(micropip.install.callKwargs(wheel, { deps: false }));
  micropip.destroy();

  progress("import", "Starting the engine…");
  return { pyodide, handle: pyodide.pyimport("taluva.bridge").handle, route: "install" };
}

// Downloads a wheel into Pyodide's file system and returns its `emfs:` URL for micropip. Given
// an http URL, micropip fetches through pyodide.http, which leaves the JavaScript Response in
// Pyodide's table of JavaScript references, and a snapshot cannot be taken with it there.
async function stageWheel(pyodide, path) {
  const bytes = await fetchFile(path);
  const file = `/tmp/wheels/${path.split("/").pop()}`;
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(file, bytes);
  return `emfs:${file}`;
}

// Writes the compiled modules (build/compile_stdlib.mjs: an index's length, the index, the files'
// bytes) into site-packages, straight into Pyodide's file system.
function writeBytecode(pyodide, bytes) {
  const packages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  for (const [path, size] of index) {
    const file = `${packages}/${path}`;
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, bytes.subarray(at, at + size));
    at += size;
  }
}

// The bytes of one of the site's files; a file that is not there fails the boot, naming it.
async function fetchFile(path) {
  const response = await fetch(siteUrl(path));
  if (!response.ok) {
    throw new DownloadFailure(
      "missing-file",
      siteUrl(path),
      `A file the engine needs is missing on the server: ${path}.`,
      response.status,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

// Readies the interpreter for a snapshot and takes it; null if it cannot (never fails the boot).
//
// A restored Pyodide has the memory but none of the files: site-packages is empty again (the
// Emscripten file system lives on the JavaScript side), so every engine module a call might
// import later is imported now. The standard library's zip is mounted again by every boot, so
// its modules still import. micropip goes: it holds JavaScript functions of this Pyodide that a
// snapshot cannot name, as does pyodide.loadedPackages, which the snapshot must find empty.
const PREPARE_SNAPSHOT = `
def _prepare_snapshot():
    import gc, importlib, pkgutil, sys, taluva
    for module in pkgutil.walk_packages(taluva.__path__, "taluva."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)
    for name in [name for name in sys.modules if name.partition(".")[0] == "micropip"]:
        del sys.modules[name]
    gc.collect()
_prepare_snapshot()
del _prepare_snapshot
`;

function snapshot(pyodide, snapshots) {
  if (!snapshots) return null; // nowhere to keep it
  const loaded = pyodide.loadedPackages;
  const packages = { ...loaded };
  try {
    pyodide.runPython(PREPARE_SNAPSHOT);
    for (const name of Object.keys(packages)) delete loaded[name];
    return pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("Taluva: could not take the engine snapshot:", error);
    return null;
  } finally {
    Object.assign(loaded, packages);
  }
}

// After ready, nothing may fail the boot: keep the downloads for the service worker first (the
// page waits for them to register it), then the snapshot for the next visit.
async function afterReady(downloads, snapshots, bytes) {
  await downloads.store().catch((error) => console.warn("Taluva: could not keep the downloads:", error));
  postMessage({ type: "downloads-kept" });
  if (!bytes) return;
  try {
    const stored = await snapshots.save(bytes);
    postMessage({ type: "snapshot-kept", bytes: stored, memory: bytes.byteLength });
  } catch (error) {
    console.warn("Taluva: could not keep the engine snapshot:", error);
  }
}

// Pyodide waits forever when WebAssembly may not be compiled, so ask first: compiling the empty
// module (8 bytes) takes microseconds, and fails at once if the browser or a
// Content-Security-Policy without 'wasm-unsafe-eval' forbids WebAssembly.
function checkWebAssembly() {
  if (typeof WebAssembly !== "object") {
    throw new BootFailure(
      "wasm-unavailable",
      "This browser has WebAssembly turned off or does not support it, and the engine needs it.",
    );
  }
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
  } catch (error) {
    throw new BootFailure(
      "wasm-refused",
      "The browser refused to run the engine's WebAssembly: this page's Content-Security-Policy " +
        "(set by the page or by the server) must allow 'wasm-unsafe-eval'.",
      String(error),
    );
  }
}

// Errors that did not come from a watched download (a module that would not import, WebAssembly
// refused, a crash in Python) rarely say what went wrong. Only after a failure, so it costs
// nothing when boot works, look closer.
async function diagnose(error) {
  const text = String(error?.message ?? error);
  if (/Content.Security.Policy|wasm-unsafe-eval|unsafe-eval/i.test(text)) {
    return new BootFailure(
      "wasm-refused",
      "The browser refused to run the engine's WebAssembly: this page's Content-Security-Policy " +
        "(set by the page or by the server) must allow 'wasm-unsafe-eval'.",
      text,
    );
  }
  for (const path of BOOT.bootFiles) {
    let response;
    try {
      response = await fetch(siteUrl(path), { cache: "no-store" });
      response.body?.cancel();
    } catch (fetchError) {
      return new BootFailure(
        "network",
        `Could not download ${path}: the network or the server is unreachable.`,
        `${fetchError}\n${text}`,
        path,
      );
    }
    if (!response.ok) {
      return new BootFailure(
        "missing-file",
        `A file the engine needs is missing on the server: ${path} (HTTP ${response.status}).`,
        text,
        path,
        response.status,
      );
    }
  }
  return new BootFailure("engine-failed", `The engine failed while starting: ${text}`, text);
}
