// Page entry point: starts the engine, shows boot progress or a clear reason for failure, exposes
// window.taluva, and turns on offline play once the engine is up.
//
// <body data-engine> goes loading → booting → ready | error, and <body data-offline> tells
// whether the service worker has this build cached; tests and the UI layer key off both.

import { BOOT } from "./boot-config.js";
import { createEngine, DEFAULT_BOOT_TIMEOUT_MS } from "./engine/client.js";
import { enableOffline } from "./offline.js";
import { attachGame, gameFailed, installPageApi } from "./page-api.js";

const body = document.body;
const $ = (id) => document.getElementById(id);
body.dataset.engine = "booting"; // first act: also stops the CSS "taking too long" fallback

// What the person can do about each kind of failure (engine/client.js and engine/worker.js name them).
const HINTS = {
  "missing-file":
    "The site looks incompletely published. Try again in a minute; if it keeps " +
    "failing, the site needs to be rebuilt and uploaded again.",
  network: "Check your connection, then try again. After one complete visit the game also " + "starts offline.",
  timeout: "Your connection may be very slow, or a download stalled. Try again.",
  "wasm-refused": "If you run this site, allow 'wasm-unsafe-eval' in its script-src.",
  "wasm-unavailable":
    "Some hardened browser modes turn WebAssembly off; allow it for this " + "site or use a current browser.",
  "worker-failed": "Use a current version of Firefox, Chrome, Edge or Safari.",
  "engine-failed": "This is a bug in Taluva. Trying again may help; the details below help us " + "fix it.",
};

// ?bootTimeoutMs= shortens the boot timeout, so tests can exercise it without waiting minutes.
function bootTimeoutMs() {
  const value = Number(new URLSearchParams(location.search).get("bootTimeoutMs"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_BOOT_TIMEOUT_MS;
}

// Pyodide reports no progress of its own while it starts, and that is most of the wait. So
// between two stage messages the bar creeps toward the next stage's mark without reaching it:
// it keeps moving, yet never claims more than has happened.
const bar = { shown: 0, ceiling: 0 };
const creep = setInterval(() => {
  if (body.dataset.engine !== "booting") {
    clearInterval(creep);
    return;
  }
  bar.shown += (bar.ceiling - bar.shown) * 0.04;
  $("boot-progress").value = bar.shown * 100;
}, 100);

function showProgress({ stage, fraction, next, message }) {
  performance.mark(`taluva:stage:${stage}`); // the boot benchmark reads these
  bar.shown = fraction;
  bar.ceiling = next ?? fraction;
  $("boot-progress").value = fraction * 100;
  $("boot-status").textContent = message;
}

function showError(error) {
  body.dataset.engine = "error";
  $("boot-error-message").textContent = error.message;
  $("boot-error-hint").textContent = HINTS[error.kind] ?? "";
  const where = error.stage ? `stage: ${error.stage}\n` : "";
  $("boot-error-detail").textContent = `${error.kind ?? error.name}\n${where}${error.detail ?? ""}`;
  $("boot-error").hidden = false;
  $("boot-status").textContent = "";
  console.warn(`Taluva engine failed to start (${error.kind}): ${error.message}`);
}

function showReady(info) {
  performance.mark("taluva:engine-ready");
  $("boot-progress").value = 100;
  $("boot-status").textContent =
    `Engine ready: Taluva ${info.engine} on Python ${info.python} (Pyodide ${info.pyodide}).`;
  body.dataset.engine = "ready";
}

// A kept game drawn before the engine is up (app.js): the game screen shows at once, inert, and
// the boot screen shrinks to a strip below it until the engine answers.
function showPreview() {
  $("app").hidden = false;
  body.dataset.preview = "1";
  requestAnimationFrame(() => performance.mark("taluva:preview")); // after the board's frame
}

// The game screen takes the page once the engine answers; the boot screen goes. app.js opens the
// game (a link's, a kept one, or a new one) and keeps the URL hash and the kept games in step.
function showGame() {
  $("app").hidden = false;
  $("boot").hidden = true;
  delete body.dataset.preview;
}

function hideGame() {
  $("app").hidden = true;
  $("boot").hidden = false;
  delete body.dataset.preview;
}

$("boot-retry").addEventListener("click", () => location.reload());

const engine = createEngine({
  onProgress: showProgress,
  timeoutMs: bootTimeoutMs(),
  // Not yet served by the service worker: a first visit (or offline support unavailable).
  bootOptions: { keepDownloads: Boolean(navigator.serviceWorker && !navigator.serviceWorker.controller) },
});
installPageApi(engine);
// Started now, not once the engine is up, so that a kept game can be drawn while it starts.
// app.js (the whole game screen) is imported only now, so that the engine worker starts first:
// the modulepreload links have its modules on their way already.
import("./app.js")
  .then(({ startApp }) => startApp($("app"), engine, { onPreview: showPreview }))
  .then(attachGame, (error) => {
    gameFailed(error);
    if (body.dataset.engine !== "error") throw error; // a boot failure is already shown
  });

// On a first visit the download dominates; say so if it takes a while.
const slowNote = setTimeout(() => {
  if (navigator.serviceWorker?.controller) return; // served from the offline cache: not a download
  const megabytes = (BOOT.bootBytes / 1e6).toFixed(0);
  $("boot-slow").textContent =
    `The first visit downloads the game (about ${megabytes} MB); after that it starts offline.`;
  $("boot-slow").hidden = false;
}, 6000);

engine.ready.then(
  async (info) => {
    clearTimeout(slowNote);
    showReady(info);
    showGame();
    await engine.downloadsKept; // so the service worker finds them (boot-fetch.js)
    enableOffline((state) => {
      body.dataset.offline = state;
    });
  },
  (error) => {
    clearTimeout(slowNote);
    hideGame();
    showError(error);
  },
);
