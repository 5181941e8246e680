// Offline play: registers the service worker (sw.js) that precaches every file of this build
// (an on-demand one only where this page used it).
//
// Called only once the engine is ready, so the precache never competes with the boot, and on a
// first visit it finds the boot's downloads already kept for it (boot-fetch.js) instead of
// fetching them twice. `onState` gets: "installing" | "ready" | "unsupported" | "failed".

import { BOOT } from "./boot-config.js";
import { downloadsCacheName } from "./engine/boot-fetch.js";

export async function enableOffline(onState = () => {}) {
  if (!("serviceWorker" in navigator)) {
    // e.g. plain http on a non-local host, or a private window that disables it
    onState("unsupported");
    return;
  }
  try {
    onState("installing");
    await keepOnDemandFilesUsed();
    const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), {
      type: "classic",
      updateViaCache: "none",
    });
    // This page has finished booting and needs none of its files any more, so a newer build
    // that finished installing can take over now rather than wait for every tab to close.
    const activateWaiting = () => registration.waiting?.postMessage({ type: "SKIP_WAITING" });
    const watch = (worker) =>
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") activateWaiting();
        if (worker.state === "redundant" && !registration.active) onState("failed");
      });
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    activateWaiting();

    await navigator.serviceWorker.ready; // an active worker: its precache is complete
    onState("ready");
    // Ask the browser not to evict the cache under storage pressure (granted silently or not).
    navigator.storage?.persist?.().catch(() => {});
  } catch (error) {
    console.warn("Offline play is unavailable:", error);
    onState("failed");
    // No service worker will collect what the engine worker kept for it.
    caches.delete(downloadsCacheName(new URL("../", import.meta.url))).catch(() => {});
  }
}

// The build's on-demand files (the Chinese font) are precached only where a page needed them: on
// a first visit (no worker in charge yet to see the fetch), this page hands the ones it fetched
// to the worker in the downloads cache, as the engine worker does with its own (the HTTP cache
// holds them: a 304 each). Without them the game still works offline: not worth failing for.
async function keepOnDemandFilesUsed() {
  if (navigator.serviceWorker.controller) return; // the worker caches them as they are fetched
  try {
    await document.fonts?.ready;
    const root = new URL("../", import.meta.url).href;
    const onDemand = (url) =>
      BOOT.onDemand.some((entry) => (entry.endsWith("/") ? url.startsWith(root + entry) : url === root + entry));
    const used = [...new Set(performance.getEntriesByType("resource").map((entry) => entry.name.split("?")[0]))].filter(
      (url) => url.startsWith(root) && onDemand(url),
    );
    if (used.length === 0) return;
    const downloads = await caches.open(downloadsCacheName(root));
    await downloads.addAll(used);
  } catch (error) {
    console.warn("Taluva: an on-demand file is not kept for offline play:", error);
  }
}
