// Keeps the engine's Pyodide memory snapshot in Cache Storage, one per site, and checks it before
// anyone restores it.
//
// The snapshot is the whole WebAssembly memory of a Pyodide that has the engine imported (~31 MB):
// restoring it skips Python's start-up and the install. It is kept without its zero blocks
// (zero-runs.js), a third less to read and hash. It only fits the exact pyodide.asm.wasm that made
// it and the exact engine it holds, so its key names the storage format, the Pyodide version and
// the build id, and a header repeats them with the length and SHA-256 of the stored bytes and the
// length they expand to. Restoring bytes that are cut short or damaged would not fail cleanly:
// Python would crash, or hang, later. So nothing reaches Pyodide unless every check passes; the
// worker then boots the usual way.

import { packZeroRuns, unpackZeroRunsInto } from "./zero-runs.js";

/** Pyodide's own snapshot header starts with this little-endian word ("\0snp", snapshot.ts). */
export const PYODIDE_SNAPSHOT_MAGIC = 0x706e7300;
const META_HEADER = "x-taluva-snapshot";
/** How the bytes are stored; a snapshot kept in any other way (or before there was this field) is
 * another key and fails the header's check. */
export const SNAPSHOT_FORMAT = "zero-runs-1";

/** The snapshot cache of a site rooted at `siteUrl`: beside, not inside, the service worker's. */
export function snapshotCacheName(siteUrl) {
  return `taluva ${new URL(siteUrl).pathname} snapshot`;
}

/** The cache key of the snapshot for one format, Pyodide version and build (a URL: Cache wants one). */
export function snapshotKey(siteUrl, { pyodideVersion, build }) {
  const part = encodeURIComponent;
  const path = `engine-snapshot/${SNAPSHOT_FORMAT}/pyodide-${part(pyodideVersion)}/build-${part(build)}`;
  return new URL(path, siteUrl).href;
}

/** What the header of a kept snapshot says, or null if it is missing or unreadable. */
export function parseMeta(text) {
  try {
    const meta = JSON.parse(text ?? "");
    const valid =
      typeof meta?.pyodide === "string" &&
      typeof meta.build === "string" &&
      Number.isSafeInteger(meta.bytes) &&
      meta.bytes > 0 &&
      typeof meta.sha256 === "string";
    return valid ? meta : null;
  } catch {
    return null;
  }
}

/** Why a snapshot described by `meta` cannot serve this build (`expected`), or null if it can. */
export function metaProblem(meta, { pyodideVersion, build }) {
  if (!meta) return "no readable description";
  if (meta.format !== SNAPSHOT_FORMAT) return `stored as ${meta.format ?? "raw memory"}, not ${SNAPSHOT_FORMAT}`;
  if (meta.pyodide !== pyodideVersion) return `made by Pyodide ${meta.pyodide}, not ${pyodideVersion}`;
  if (meta.build !== build) return `made for build ${meta.build}, not ${build}`;
  if (!Number.isSafeInteger(meta.memory) || meta.memory <= 0) return "no expanded length";
  return null;
}

const shaProblem = "content does not match its SHA-256";

/** Why stored `bytes` are not the snapshot `meta` describes (given their SHA-256), or null if they
 * are. The stored bytes begin with the snapshot's own header (zero-runs.js). */
export function bytesProblem(bytes, meta, sha256) {
  if (bytes.byteLength !== meta.bytes) return `${bytes.byteLength} bytes, expected ${meta.bytes}`;
  if (sha256 !== meta.sha256) return shaProblem;
  const magic = bytes.byteLength >= 4 ? new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) : 0;
  if (magic !== PYODIDE_SNAPSHOT_MAGIC) return "not a Pyodide memory snapshot";
  return null;
}

export async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `{ memory, read, verified }` of a snapshot load (see openSnapshots' load) whose stored bytes
 * `bytes` (a promise) will give, described by `meta`, expanded into `memory` (zeroed, of
 * meta.memory bytes). Shared by every store of the snapshot.
 */
export function expandChecked(bytes, meta, memory) {
  const read = bytes.then((stored) => {
    const problem = bytesProblem(stored, meta, meta.sha256);
    if (problem) throw new SnapshotInvalid(problem);
    return stored;
  });
  const verified = read.then(async (stored) => {
    // Expanding overlaps the digest, which the browser computes off this thread.
    const digest = sha256Hex(stored);
    const problem = unpackZeroRunsInto(stored, memory);
    if ((await digest) !== meta.sha256) throw new SnapshotInvalid(shaProblem);
    if (problem) throw new SnapshotInvalid(problem);
    return memory;
  });
  read.catch(() => {}); // whoever awaits `verified` hears of it
  return { memory, read, verified };
}

/** The memory snapshot `bytes` as stored (`stored`), and the description kept beside it. */
export async function packSnapshot(bytes, { pyodideVersion, build }) {
  const stored = packZeroRuns(bytes);
  const meta = {
    format: SNAPSHOT_FORMAT,
    pyodide: pyodideVersion,
    build,
    bytes: stored.byteLength,
    memory: bytes.byteLength,
    sha256: await sha256Hex(stored),
  };
  return { stored, meta };
}

export class SnapshotInvalid extends Error {
  constructor(problem) {
    super(`the kept engine snapshot is unusable: ${problem}`);
    this.name = "SnapshotInvalid";
    this.problem = problem;
  }
}

/**
 * The snapshot of this site, Pyodide version and build: `{ find, read, save, drop }`.
 * find() resolves `{ entry, problem }`: the cached response if its description fits, else why not
 * ("missing", "no Cache Storage", or a mismatch). read(entry) resolves the checked bytes or
 * rejects with SnapshotInvalid; load(entry) splits that up (see there). save(bytes) stores them and
 * deletes every other snapshot of the site (other formats, builds, Pyodide versions), so they never
 * pile up.
 */
export function openSnapshots({ site, pyodideVersion, build, cacheStorage = globalThis.caches }) {
  const expected = { pyodideVersion, build };
  const name = snapshotCacheName(site);
  const key = snapshotKey(site, expected);
  const refusedKey = new URL("engine-snapshot/file-store-refused", site).href;
  const open = () => cacheStorage.open(name);

  async function find() {
    if (!cacheStorage) return { entry: null, problem: "no Cache Storage" };
    const entry = await (await open()).match(key);
    if (!entry) return { entry: null, problem: "missing" };
    const problem = metaProblem(parseMeta(entry.headers.get(META_HEADER)), expected);
    if (problem) entry.body?.cancel();
    return problem ? { entry: null, problem } : { entry, problem: null };
  }

  // So that Pyodide can compile its WebAssembly while the snapshot is read, `memory` is there at
  // once: a zeroed buffer of the snapshot's expanded length, for loadPyodide's _loadSnapshot. Its
  // contents come later; `read` resolves when the stored bytes are read (length and Pyodide's
  // magic word checked) and `verified` when their SHA-256 is checked and `memory` holds the
  // snapshot. Either rejects with SnapshotInvalid, and then `memory` must not be used.
  function load(entry) {
    const meta = parseMeta(entry.headers.get(META_HEADER));
    const memory = new Uint8Array(meta.memory);
    return expandChecked(
      entry.arrayBuffer().then((buffer) => new Uint8Array(buffer)),
      meta,
      memory,
    );
  }

  /** The checked, expanded snapshot of `entry`. */
  const read = (entry) => load(entry).verified;

  /** Keeps the memory snapshot `bytes` (as Pyodide made it); resolves the bytes stored. */
  async function save(bytes) {
    const { stored, meta } = await packSnapshot(bytes, expected);
    const cache = await open();
    const headers = { "content-type": "application/octet-stream", [META_HEADER]: JSON.stringify(meta) };
    await cache.put(key, new Response(stored, { headers }));
    const others = (await cache.keys()).filter((request) => request.url !== key && request.url !== refusedKey);
    await Promise.all(others.map((request) => cache.delete(request)));
    return stored.byteLength;
  }

  async function drop() {
    await (await open()).delete(key);
  }

  /** Deletes every snapshot of the site kept here (another store took over). */
  async function clear() {
    await cacheStorage.delete(name);
  }

  /** Notes that the file store (snapshot-file.js) failed to keep a snapshot in this browser
   * (`agent`: its user agent), and why, so that it is not tried on every visit. */
  async function noteFileStoreRefused(problem, agent) {
    const body = JSON.stringify({ problem, agent });
    await (await open()).put(refusedKey, new Response(body, { headers: { "content-type": "application/json" } }));
  }

  /** Why the file store failed in this browser (`agent`), or null if it did not (or in another
   * version of the browser, which may do better). */
  async function fileStoreRefused(agent) {
    if (!cacheStorage) return null;
    const note = await (await open()).match(refusedKey);
    const { problem = null, agent: noted = null } = note ? await note.json().catch(() => ({})) : {};
    return noted === agent ? problem : null;
  }

  return { key, name, find, load, read, save, drop, clear, noteFileStoreRefused, fileStoreRefused };
}
