// The engine worker: boots Pyodide from this site's own copy, installs the engine wheel with
// micropip, then answers calls by handing JSON strings to taluva.bridge.handle.
//
// It runs off the main thread so a slow engine move never freezes the page. Every file comes
// from this origin (BOOT lists them, relative to the site root); nothing is fetched elsewhere.

import { BOOT } from "../boot-config.js";
import { downloadsCacheName, watchBootFetches } from "./boot-fetch.js";

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
  runtime: [0.05, 0.6],
  installer: [0.6, 0.72],
  engine: [0.72, 0.9],
  import: [0.9, 0.98],
  ready: [1, 1],
};

function progress(stage, message) {
  const [fraction, next] = STAGES[stage];
  postMessage({ type: "progress", stage, fraction, next, message });
}

class BootFailure extends Error {
  constructor(kind, message, detail = "") {
    super(message);
    this.kind = kind;
    this.detail = detail;
  }
}

// options.keepDownloads: the page is not served by the service worker yet (a first visit), so
// the downloads are kept for it; see boot-fetch.js.
async function boot(options) {
  let stage = "runtime";
  const downloads = watchBootFetches(BOOT.bootFiles.map(siteUrl), {
    keepIn: options.keepDownloads && "caches" in self ? DOWNLOADS_CACHE : null,
    describe: sitePath,
  });
  // Every step also ends as soon as one of its downloads fails.
  const step = (promise) => Promise.race([promise, downloads.failed]);
  try {
    checkWebAssembly();
    progress(stage, `Downloading the Python runtime (Pyodide ${BOOT.pyodideVersion})…`);
    const { loadPyodide } = await step(import(siteUrl(`${BOOT.pyodideDir}pyodide.mjs`)));
    const pyodide = await step(
      loadPyodide({
        // All three point at our copy: Pyodide would otherwise fall back to its CDN for packages.
        indexURL: siteUrl(BOOT.pyodideDir),
        lockFileURL: siteUrl(`${BOOT.pyodideDir}pyodide-lock.json`),
        packageBaseUrl: siteUrl(BOOT.pyodideDir),
        stdout: (line) => console.log(`[python] ${line}`),
        stderr: (line) => console.warn(`[python] ${line}`),
      }),
    );

    stage = "installer";
    progress(stage, "Loading the package installer…");
    await step(
      pyodide.loadPackage(BOOT.installerWheels.map(siteUrl), {
        messageCallback: () => {},
        errorCallback: (message) => console.warn(message),
      }),
    );

    stage = "engine";
    progress(stage, `Installing the Taluva engine ${BOOT.engineVersion}…`);
    const micropip = pyodide.pyimport("micropip");
    // deps=False: the engine has no dependencies, and micropip must never consult an index.
    await step(micropip.install.callKwargs(siteUrl(BOOT.engineWheel), { deps: false }));
    micropip.destroy();

    stage = "import";
    progress(stage, "Starting the engine…");
    handle = pyodide.pyimport("taluva.bridge").handle;
    const engine = pyodide.pyimport("taluva").__version__;
    progress("ready", "Ready.");
    postMessage({
      type: "ready",
      info: { engine, pyodide: pyodide.version, python: BOOT.python, build: BOOT.build },
    });
    await downloads.store();
    postMessage({ type: "downloads-kept" });
  } catch (error) {
    const failure = error instanceof BootFailure || error?.kind ? error : await diagnose(error);
    postMessage({
      type: "boot-error",
      stage,
      kind: failure.kind,
      message: failure.message,
      detail: failure.detail || String(error?.stack ?? error),
    });
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
      );
    }
    if (!response.ok) {
      return new BootFailure(
        "missing-file",
        `A file the engine needs is missing on the server: ${path} (HTTP ${response.status}).`,
        text,
      );
    }
  }
  return new BootFailure("engine-failed", `The engine failed while starting: ${text}`, text);
}
