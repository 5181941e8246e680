// Watches the engine worker's boot downloads, by wrapping its fetch() before Pyodide is imported
// (Pyodide and micropip call the global fetch each time they download something).
//
// 1. A failed download fails the boot at once, naming the file. Left alone, Pyodide can wait
//    forever on a missing pyodide.asm.wasm, and its errors rarely say which file was wrong.
// 2. On a first visit it keeps a copy of each download for the service worker. The service
//    worker is registered after the engine is up and precaches every file of the build; without
//    these copies the big files (~13 MB) would cross the network twice whenever the HTTP cache
//    does not hold them (private windows keep only a small in-memory cache; some hosts forbid
//    caching). sw.js takes a copy only if its SHA-256 matches the build, then deletes the cache.

/** The scratch cache of a site rooted at `siteUrl`; sw.js spells the same name. */
export function downloadsCacheName(siteUrl) {
  return `taluva ${new URL(siteUrl).pathname} downloads`;
}

export class DownloadFailure extends Error {
  constructor(kind, url, message, status = null) {
    super(message);
    this.kind = kind; // "missing-file" | "network"
    this.url = url;
    this.status = status; // the HTTP status of a missing file
  }
}

/**
 * Wrap self.fetch for the absolute `urls`. Returns `{ failed, store }`: `failed` rejects with a
 * DownloadFailure on the first failed download (it never resolves); `store()` writes the kept
 * copies into `keepIn` (a cache name, or null to keep nothing) and resolves when done. The
 * copies wait in memory until then, so writing ~13 MB to Cache Storage never slows the boot.
 */
export function watchBootFetches(urls, { keepIn = null, describe = (url) => url } = {}) {
  const watched = new Set(urls);
  const kept = new Map(); // by URL: a boot that falls back to installing fetches some files twice
  const fetchFromNetwork = self.fetch.bind(self);
  let reportFailure;
  const failed = new Promise((_, reject) => {
    reportFailure = reject;
  });
  failed.catch(() => {}); // only raced against the boot; never unhandled

  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location).href;
    if (!watched.has(url)) return fetchFromNetwork(input, init);
    let response;
    try {
      response = await fetchFromNetwork(input, init);
    } catch (error) {
      reportFailure(
        new DownloadFailure(
          "network",
          url,
          `Could not download ${describe(url)}: the network or the server is unreachable.`,
        ),
      );
      throw error;
    }
    if (!response.ok) {
      reportFailure(
        new DownloadFailure(
          "missing-file",
          url,
          `A file the engine needs is missing on the server: ${describe(url)} ` + `(HTTP ${response.status}).`,
          response.status,
        ),
      );
    } else if (keepIn && response.type === "basic") {
      kept.set(url, response.clone()); // clone now, before the caller reads the body
    }
    return response;
  };

  async function store() {
    if (!kept.size) return;
    const copies = [...kept];
    kept.clear();
    const cache = await caches.open(keepIn);
    await Promise.allSettled(copies.map(([url, copy]) => cache.put(url, copy)));
  }

  return { failed, store };
}
