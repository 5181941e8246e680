// Service worker: keeps every file of this build in one cache, so after one visit the game
// starts and plays with no network at all.
//
// build/build_site.py prepends `const BUILD = { version, files: { path: sha256 } }` to this
// file, so every new build is a byte-different sw.js and the browser installs it as an update.
/* global BUILD */

const SCOPE = new URL("./", self.location).href;
const CACHE_PREFIX = `taluva ${new URL(SCOPE).pathname} `; // other apps on this origin keep theirs
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
// Filled by the engine worker on a first visit; boot-fetch.js spells the same name.
const DOWNLOADS = `${CACHE_PREFIX}downloads`;
// The engine worker's memory snapshot (engine/snapshot.js spells the same name): not part of any
// build's files, so it outlives a build change; the worker replaces it when it keeps a new one.
const SNAPSHOTS = `${CACHE_PREFIX}snapshot`;
const INDEX = new URL("index.html", SCOPE).href;
const PATHS = new Set(Object.keys(BUILD.files).map((path) => new URL(path, SCOPE).pathname));
// Files cached only once a page has fetched them (the Chinese font), not precached for everyone.
const ON_DEMAND = new Set(BUILD.onDemand.map((path) => new URL(path, SCOPE).pathname));

self.addEventListener("install", (event) => event.waitUntil(Promise.all([precache(), addStaticRoutes(event)])));

// Where the browser offers static routing (InstallEvent.addRoutes), this build's files are
// answered from its cache by the browser itself, without running this worker's fetch handler for
// each: a return visit asks for ~80 files at once, the engine's 13 MB among them, and queued
// behind the page's modules in this one thread they were on the critical path of the boot.
// Navigations still come to the fetch handler (the app shell), and so does a URL with a query
// (the handler matches it without), and so does an on-demand file (the handler caches it); a
// file missing from the cache goes to the network, as cacheFirst() does.
async function addStaticRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
  try {
    await event.addRoutes([
      { condition: { requestMode: "navigate" }, source: "fetch-event" },
      ...[...ON_DEMAND].map((pathname) => ({
        condition: { urlPattern: new URLPattern({ pathname }) },
        source: "fetch-event",
      })),
      {
        condition: { urlPattern: new URLPattern({ pathname: `${new URL(SCOPE).pathname}*`, search: "" }) },
        source: { cacheName: CACHE },
      },
    ]);
  } catch (error) {
    console.warn("Taluva: no static routes, the fetch handler answers every file:", error);
  }
}

self.addEventListener("activate", (event) => event.waitUntil(dropOldCaches()));

// The page sends this once it has booted (see offline.js): from then on it needs none of its own
// build's files, so the new build may take over without waiting for every tab to close.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const appShell = request.mode === "navigate" && `${url.origin}${url.pathname}` === SCOPE;
  if (appShell) event.respondWith(cacheFirst(INDEX, request));
  else if (ON_DEMAND.has(url.pathname)) event.respondWith(cacheOnDemand(event, url, request));
  else if (PATHS.has(url.pathname)) event.respondWith(cacheFirst(`${url.origin}${url.pathname}`, request));
  // anything else is not part of the build: leave it to the network
});

// Opened once for all the fetches it answers: a page start asks for ~80 files at once (the
// modulepreloads), and the engine worker's own modules queue behind them.
let openCache = null;

// `key` is the file's URL without its query, exactly as precache() stored it, matched as is: an
// exact match opens one entry by its key, while Chromium answers ignoreSearch by going through
// every entry, and a page start asks for ~80 files at once.
async function cacheFirst(key, request) {
  openCache ??= caches.open(CACHE);
  const cache = await openCache;
  const hit = await cache.match(key);
  return hit ?? fetch(request); // evicted or never cached: the network is all that is left
}

// An on-demand file the page fetches while this worker is in charge: from the cache, else from
// the network and then kept (checked as precache() checks), so it is there offline too.
function cacheOnDemand(event, url, request) {
  const answered = answerOnDemand(url, request);
  // waitUntil is called now, during the event, as every browser allows (not after an await)
  event.waitUntil(answered.then(({ kept }) => kept));
  return answered.then(({ response }) => response);
}

async function answerOnDemand(url, request) {
  const key = `${url.origin}${url.pathname}`;
  openCache ??= caches.open(CACHE);
  const cache = await openCache;
  const hit = await cache.match(key);
  if (hit) return { response: hit, kept: null };
  const response = await fetch(request);
  if (!response.ok) return { response, kept: null };
  const sha256 = BUILD.files[url.pathname.slice(new URL(SCOPE).pathname.length)];
  // another build's file (mid-deploy) is not kept: fetched again when next needed
  const kept = putVerified(cache, key, response.clone(), sha256).catch(() => {});
  return { response, kept };
}

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.entries(BUILD.files).map(([path, sha256]) =>
        BUILD.onDemand.includes(path) ? precacheIfHeld(cache, path, sha256) : cacheVerified(cache, path, sha256),
      ),
    );
  } finally {
    await caches.delete(DOWNLOADS);
  }
}

// An on-demand file is precached only where this origin holds it already: a page kept it for
// this worker (offline.js), or an earlier build cached it. Either way a page here needed it.
async function precacheIfHeld(cache, path, sha256) {
  if (await caches.match(new URL(path, SCOPE).href)) await cacheVerified(cache, path, sha256, {});
}

// Every file is checked against this build's SHA-256 before it is cached, so the cache holds
// exactly this build even if the server is half-way through a deploy of the next one: a mismatch
// fails the install and the previous build stays in charge. The copy the engine worker kept on a
// first visit is used when it matches, then the HTTP cache's copy without revalidating it (the
// page's own files, fetched moments ago: no request at all, where a revalidation cost one 304
// each); otherwise the server is asked with 'no-cache', which never takes a stale copy.
// `keptIn`: where a copy may be (caches.match's options), the first visit's downloads by default.
async function cacheVerified(cache, path, sha256, keptIn = { cacheName: DOWNLOADS }) {
  const url = new URL(path, SCOPE).href;
  const kept = await caches.match(url, keptIn);
  if (kept && (await sha256Hex(kept.clone())) === sha256) {
    await cache.put(url, kept);
    return;
  }
  const held = await fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
  if (held?.ok && (await sha256Hex(held.clone())) === sha256) {
    await cache.put(url, held);
    return;
  }
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
  await putVerified(cache, url, response, sha256);
}

async function putVerified(cache, url, response, sha256) {
  if ((await sha256Hex(response.clone())) !== sha256) {
    throw new Error(`precache ${url}: content does not match build ${BUILD.version}`);
  }
  await cache.put(url, response);
}

async function sha256Hex(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE && n !== SNAPSHOTS).map((n) => caches.delete(n)),
  );
  await self.clients.claim();
}
