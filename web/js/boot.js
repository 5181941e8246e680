// Page entry point: starts the engine worker first of all, then loads the rest of the page
// (boot-page.js: its language, progress, window.taluva, the game screen) while Pyodide starts.
// Creating the worker waits for nothing but this module and the RPC client: on a return visit
// the engine is restored from its snapshot in about a second, and the page's ~70 modules would
// otherwise delay it by half of that.

import { createEngine, DEFAULT_BOOT_TIMEOUT_MS } from "./engine/client.js";

// js/browser-check.js ran first: in a browser that lacks what the engine needs it shows why, and
// nothing is started here.
const TOO_OLD = document.documentElement.dataset.browser === "old";

if (!TOO_OLD) document.body.dataset.engine = "booting"; // first act: also stops the CSS "taking too long" fallback

// ?bootTimeoutMs= shortens the boot timeout, so tests can exercise it without waiting minutes.
function bootTimeoutMs() {
  const value = Number(new URLSearchParams(location.search).get("bootTimeoutMs"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_BOOT_TIMEOUT_MS;
}

function start() {
  const early = []; // progress reported before boot-page.js is in
  let onProgress = (report) => early.push(report);
  const engine = createEngine({
    onProgress: (report) => onProgress(report),
    timeoutMs: bootTimeoutMs(),
    // Not yet served by the service worker: a first visit (or offline support unavailable).
    bootOptions: { keepDownloads: Boolean(navigator.serviceWorker && !navigator.serviceWorker.controller) },
  });

  // A link that carries its board's picture (b=) has it drawn now, by the ~20 small modules of
  // the embed's drawing: waiting for the game screen's, a loaded machine had the engine ready
  // first and showed no board at all.
  const all = [...(document.getElementById("page-module-preloads")?.content.children ?? [])];
  const withPicture = /(^#|&)b=[\w-]/.test(location.hash);
  // Its modules all at once (marked data-first by the build), not found level by level.
  const first = (link) => withPicture && link.hasAttribute("data-first");
  document.head.append(...all.filter(first));
  const preloads = all.filter((link) => !first(link));
  const earlyLink = withPicture
    ? import("./share/early-link.js")
        .then(({ drawEarlyLink }) => drawEarlyLink(document.getElementById("early-link")))
        .catch(() => null)
    : null;

  // Only now the page's own modules: their preloads wait in a template (build/module_preload.py) so
  // that the worker's modules, fetched through the same service worker, do not queue behind them,
  // and the link's board is not queued behind them either (they wait until it is drawn).
  // A few links a task: the ~70 at once held the main thread for ~70 ms on a 4x slower CPU
  // (Lighthouse's phone), the first visit's longest task.
  const PRELOADS_A_TASK = 8;
  function preloadSome() {
    document.head.append(...preloads.splice(0, PRELOADS_A_TASK));
    if (preloads.length) setTimeout(preloadSome);
  }
  if (earlyLink) earlyLink.then(preloadSome);
  else preloadSome();

  import("./boot-page.js").then(({ startPage }) => {
    onProgress = startPage(engine, early, earlyLink ?? Promise.resolve(null));
  });
}

if (!TOO_OLD) start();
