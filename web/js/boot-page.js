// The page around the engine boot.js started: its language, boot progress or a clear reason for
// failure, window.taluva, the game screen, and offline play once the engine is up.
//
// <body data-engine> goes loading → booting → ready | error, and <body data-offline> tells
// whether the service worker has this build cached; tests and the UI layer key off both.
// <body data-rehearsal> (done | failed) appears once a snapshot kept on this visit was restored
// once in the background (engine/client.js, rehearseRestore).

import { BOOT } from "./boot-config.js";
import ENGLISH from "./i18n/english.js";
import { startLanguage } from "./i18n/language.js";
import { t, useFormatter } from "./i18n/messages.js";
import { translatePage } from "./i18n/page-text.js";
import { rehearseRestore } from "./engine/client.js";
import { enableOffline } from "./offline.js";
import { attachGame, gameFailed, installPageApi } from "./page-api.js";
import { hashLanguage } from "./share/hash.js";
import { screenSheets } from "./base/sheets.js";
import { IntlMessageFormat } from "./vendor/intl-messageformat.js";

const body = document.body;
const $ = (id) => document.getElementById(id);

// English at once, the page's language as soon as its catalogue is in.
useFormatter(IntlMessageFormat);
const speaking = startLanguage({
  languages: BOOT.languages,
  link: hashLanguage(location.hash),
  base: new URL("../", import.meta.url),
  english: ENGLISH,
}).then(() => translatePage());

// What went wrong and what the person can do about it, by the failure's kind (engine/client.js
// and engine/worker.js name them); its English message goes to the technical details.
const FAILURES = {
  "missing-file": ["boot.error.missing-file", "boot.hint.missing-file"],
  network: ["boot.error.network", "boot.hint.network"],
  timeout: ["boot.error.timeout", "boot.hint.timeout"],
  "wasm-refused": ["boot.error.wasm-refused", "boot.hint.wasm-refused"],
  "wasm-unavailable": ["boot.error.wasm-unavailable", "boot.hint.wasm-unavailable"],
  "worker-failed": ["boot.error.worker-failed", "boot.hint.worker-failed"],
  "engine-failed": ["boot.error.engine-failed", "boot.hint.engine-failed"],
};

// The worker's stages (engine/worker.js), in words.
const STAGES = {
  restore: "boot.stage.restore",
  runtime: "boot.stage.runtime",
  installer: "boot.stage.installer",
  engine: "boot.stage.engine",
  import: "boot.stage.import",
  ready: "boot.stage.ready",
};

// The same stages in the player's words (the technical line above goes behind "Details").
const WORDS = {
  restore: "start.boot.island",
  runtime: "start.boot.island",
  installer: "start.boot.tiles",
  engine: "start.boot.tiles",
  import: "start.boot.volcano",
  ready: "start.boot.volcano",
};

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
  $("boot-status").textContent = STAGES[stage]
    ? t(STAGES[stage], { pyodide: BOOT.pyodideVersion, engine: BOOT.engineVersion })
    : message;
  if (WORDS[stage]) sayWords(WORDS[stage]);
}

// The words line is translated with the page (translatePage) by its data-i18n key.
function sayWords(key) {
  const words = $("boot-words");
  words.dataset.i18n = key;
  words.textContent = t(key);
}

function showError(error) {
  body.dataset.engine = "error";
  const [message, hint] = FAILURES[error.kind] ?? [];
  const say = () => {
    $("boot-error-message").textContent = message
      ? t(message, { file: error.file ?? "?", status: error.status ?? "?", seconds: error.seconds ?? 0 })
      : error.message;
    $("boot-error-hint").textContent = hint ? t(hint) : "";
  };
  say();
  speaking.then(say); // a boot that failed before the page's language was in says it again in it
  const where = error.stage ? `stage: ${error.stage}\n` : "";
  $("boot-error-detail").textContent = `${error.kind ?? error.name}\n${where}${error.message}\n${error.detail ?? ""}`;
  $("boot-error").hidden = false;
  $("boot-status").textContent = "";
  console.warn(`Taluva engine failed to start (${error.kind}): ${error.message}`);
}

function showReady(info) {
  performance.mark("taluva:engine-ready");
  $("boot-progress").value = 100;
  $("boot-status").textContent = t("boot.ready", info);
  body.dataset.engine = "ready";
}

// A kept game drawn before the engine is up (app.js): the game screen shows at once, inert, and
// the boot screen shrinks to a strip below it until the engine answers.
function showPreview() {
  dormant(false);
  leaveEarlyLink();
  $("app").hidden = false;
  body.dataset.preview = "1";
  requestAnimationFrame(() => performance.mark("taluva:preview")); // after the board's frame
}

// A link's board drawn from its picture in the page's first moments (share/early-link.js, started
// by boot.js): above the strip, until the game screen shows (a preview of its own, or the game).
let earlyLink = null;
let gameShown = false;

function showEarlyLink(shown) {
  if (!shown) return;
  if (gameShown || body.dataset.preview === "1") {
    shown.remove(); // the game screen came first
    return;
  }
  earlyLink = shown;
  body.dataset.preview = "link"; // the boot screen is the strip below it
  speaking.then(() => earlyLink?.describe());
}

function leaveEarlyLink() {
  earlyLink?.remove();
  earlyLink = null;
}

// The game screen takes the page once the engine answers; the boot screen goes. app.js opens the
// game (a link's, a kept one, or a new one) and keeps the URL hash and the kept games in step.
function showGame() {
  if (body.dataset.engine !== "ready") return; // the engine failed meanwhile: its reason shows
  dormant(false);
  gameShown = true;
  leaveEarlyLink();
  $("app").hidden = false;
  $("boot").hidden = true;
  delete body.dataset.preview;
  // The header fits itself to the width it now has before this frame is drawn (layout.js).
  $("app").querySelector(".tg-top")?.dispatchEvent(new Event("tg-shown"));
}

// The game screen laid out out of sight while it is built (boot.css), or not.
function dormant(on) {
  for (const el of [$("app"), body]) {
    if (on) el.dataset.dormant = "1";
    else delete el.dataset.dormant;
  }
}

function hideGame() {
  dormant(false);
  $("app").hidden = true;
  $("boot").hidden = false;
  delete body.dataset.preview;
}

$("boot-retry").addEventListener("click", () => location.reload());

/**
 * Everything the page does around `engine` (started by boot.js); `early` are the progress
 * reports that came before this module loaded; `link` resolves with a link's board drawn early
 * (share/early-link.js), or null. Returns the handler for the later progress reports.
 */
export function startPage(engine, early, link = Promise.resolve(null)) {
  installPageApi(engine);
  link.then(showEarlyLink);
  early.forEach(showProgress);
  startGame(engine);
  followEngine(engine);
  return showProgress;
}

// Settles once the first game is on screen (or the screen could not start): the boot screen
// stays until then, so the game screen never shows empty and is laid out once.
let gameOnScreen = null;

function startGame(engine) {
  // Started now, not once the engine is up, so that a kept game can be drawn while it starts, in
  // the page's language (known in milliseconds: a catalogue from this site). app.js (the whole
  // game screen) is imported only now, so that the engine worker starts first: the modulepreload
  // links have its modules on their way already. Its stylesheets are turned on now (base/sheets.js):
  // the screen is built with them, so that its first frame is its final layout.
  gameOnScreen = Promise.all([import("./app.js"), speaking, screenSheets()])
    .then(async ([{ startApp }]) => {
      await nextTask(); // the screen's build in a task of its own, not behind the modules' evaluation
      dormant(true);
      return startApp($("app"), engine, { onPreview: showPreview, languages: BOOT.languages });
    })
    .then(attachGame, (error) => {
      gameFailed(error);
      if (body.dataset.engine !== "error") setTimeout(() => Promise.reject(error)); // reported, unhandled
    });
}

// A snapshot kept on this visit is restored once in the background, from the service worker's
// cache, so that the next visit finds Pyodide's code compiled (see worker.js, rehearse()). Only
// once this page is served by the service worker (else the scripts come from elsewhere and the
// browser keeps no compiled code for the cache), a little after the snapshot is kept, when idle:
// it costs about a second of work on another thread, once per build.
async function rehearseWhenIdle(engine) {
  await engine.snapshotKept;
  await controlled();
  await new Promise((resolve) => setTimeout(resolve, REHEARSAL_DELAY_MS));
  await idle();
  const { ok, problem } = await rehearseRestore();
  if (!ok) console.warn(`Taluva: the engine snapshot's rehearsal failed: ${problem}`);
  body.dataset.rehearsal = ok ? "done" : "failed";
}

const REHEARSAL_DELAY_MS = 2000;

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

function idle() {
  if (!("requestIdleCallback" in window)) return Promise.resolve();
  return new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 }));
}

// Resolves once the service worker controls this page (it claims its clients when it activates).
function controlled() {
  const container = navigator.serviceWorker;
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener("controllerchange", resolve, { once: true }));
}

function followEngine(engine) {
  // On a first visit the download dominates; say so if it takes a while.
  const slowNote = setTimeout(() => {
    if (navigator.serviceWorker?.controller) return; // served from the offline cache: not a download
    $("boot-slow").textContent = t("boot.slow", { megabytes: Math.round(BOOT.bootBytes / 1e6) });
    $("boot-slow").hidden = false;
  }, 6000);

  engine.ready.then(
    async (info) => {
      clearTimeout(slowNote);
      showReady(info);
      // In a task after the first game's render: showing it lays the whole screen out (its first
      // layout, the page's heaviest), and one task holding both kept a phone's taps waiting.
      gameOnScreen.then(nextTask).then(showGame);
      await engine.downloadsKept; // so the service worker finds them (boot-fetch.js)
      enableOffline((state) => {
        body.dataset.offline = state;
        if (state === "ready") rehearseWhenIdle(engine);
      });
    },
    (error) => {
      clearTimeout(slowNote);
      // A game drawn before the engine (a link's picture, a kept game) stays on screen, the
      // reason in the strip below it; else the reason takes the page.
      if (!body.dataset.preview) hideGame();
      showError(error);
    },
  );
}
