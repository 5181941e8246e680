// Keeps the engine snapshot in the Origin Private File System, where the worker reads it with a
// synchronous access handle straight into memory: far sooner than the same bytes come out of
// Cache Storage (docs/boot.md). Same checks, same layout, same interface as the Cache
// Storage store (snapshot.js), which stays the fallback where this file system is missing.
//
// One directory per site; in it one file per snapshot, named by the storage format, the Pyodide
// version and the build, so another build's file is never even opened. A file holds the length of
// its description (a little-endian uint32), the description (JSON, as snapshot.js's header), then
// the stored bytes.

import { SNAPSHOT_FORMAT, expandChecked, metaProblem, packSnapshot, parseMeta } from "./snapshot.js";

/** The snapshot directory of a site rooted at `siteUrl` (a name: its path encoded). */
export function snapshotDirName(siteUrl) {
  return `taluva ${encodeURIComponent(new URL(siteUrl).pathname)} snapshot`;
}

/** The file name of the snapshot for one format, Pyodide version and build. */
export function snapshotFileName({ pyodideVersion, build }) {
  const part = encodeURIComponent;
  return `${SNAPSHOT_FORMAT} pyodide-${part(pyodideVersion)} build-${part(build)}`;
}

/** A snapshot file's bytes: the description's length, the description, the stored bytes. */
export function fileBytes(meta, stored) {
  const text = new TextEncoder().encode(JSON.stringify(meta));
  const bytes = new Uint8Array(4 + text.byteLength + stored.byteLength);
  new DataView(bytes.buffer).setUint32(0, text.byteLength, true);
  bytes.set(text, 4);
  bytes.set(stored, 4 + text.byteLength);
  return bytes;
}

const isMissing = (error) => error?.name === "NotFoundError" || error?.name === "TypeMismatchError";

/**
 * The Origin Private File System's root directory, or null if this worker cannot keep the
 * snapshot there (no such file system, no synchronous access handles, or refused: some private
 * windows refuse it).
 */
export async function fileSystemRoot(storage = globalThis.navigator?.storage) {
  if (typeof storage?.getDirectory !== "function") return null;
  if (typeof globalThis.FileSystemFileHandle?.prototype?.createSyncAccessHandle !== "function") return null;
  return storage.getDirectory().catch(() => null);
}

/**
 * The snapshot of this site, Pyodide version and build in the Origin Private File System whose
 * root directory is `root` (see fileSystemRoot):
 * `{ find, load, read, save, drop }` as snapshot.js's openSnapshots. An `entry` is an open
 * read-only access handle with the file's description; load(entry) reads it and closes it.
 * save(bytes) also deletes every other file of the site's directory and the Cache Storage
 * snapshot (`cacheStore`, the store used before), so they never pile up.
 */
export function openSnapshotFiles({ site, pyodideVersion, build, root, cacheStore = null }) {
  const expected = { pyodideVersion, build };
  const dirName = snapshotDirName(site);
  const name = snapshotFileName(expected);
  const directory = (create = false) => root.getDirectoryHandle(dirName, { create });

  async function find() {
    let access;
    try {
      const dir = await directory();
      const file = await dir.getFileHandle(name);
      // read-only: several tabs may read it at once; a tab writing it makes this throw.
      access = await file.createSyncAccessHandle({ mode: "read-only" });
    } catch (error) {
      if (isMissing(error)) return { entry: null, problem: "missing" };
      throw error;
    }
    let problem;
    let meta = null;
    try {
      meta = readMeta(access);
      problem = metaProblem(meta, expected);
    } finally {
      if (problem !== null) access.close(); // refused, or reading it threw
    }
    return problem ? { entry: null, problem } : { entry: { access, meta }, problem: null };
  }

  function readMeta(access) {
    const size = access.getSize();
    const head = new Uint8Array(4);
    if (size < 4 || access.read(head, { at: 0 }) !== 4) return null;
    const length = new DataView(head.buffer).getUint32(0, true);
    if (length > size - 4) return null;
    const text = new Uint8Array(length);
    access.read(text, { at: 4 });
    const meta = parseMeta(new TextDecoder().decode(text));
    return meta && { ...meta, offset: 4 + length, fileSize: size };
  }

  // As openSnapshots' load; the bytes are read here, in one call that blocks this worker for the
  // few milliseconds it takes. Throws if the buffers cannot be allocated or the read fails.
  function load({ access, meta }) {
    let memory;
    let stored;
    try {
      memory = new Uint8Array(meta.memory);
      // Whatever follows the description: bytesProblem then says if its length is wrong.
      stored = new Uint8Array(Math.max(0, meta.fileSize - meta.offset));
      stored = stored.subarray(0, access.read(stored, { at: meta.offset }));
    } finally {
      access.close();
    }
    return expandChecked(Promise.resolve(stored), meta, memory);
  }

  const read = (entry) => load(entry).verified;

  async function save(bytes) {
    const { stored, meta } = await packSnapshot(bytes, expected);
    const folder = await directory(true);
    const access = await (await folder.getFileHandle(name, { create: true })).createSyncAccessHandle();
    try {
      const data = fileBytes(meta, stored);
      access.truncate(0);
      if (access.write(data, { at: 0 }) !== data.byteLength) throw new Error("the snapshot file was cut short");
      access.flush();
    } finally {
      access.close();
    }
    const others = [];
    for await (const other of folder.keys()) if (other !== name) others.push(other);
    await Promise.all(others.map((other) => folder.removeEntry(other).catch(() => {})));
    await cacheStore?.clear().catch(() => {});
    return stored.byteLength;
  }

  async function drop() {
    try {
      await (await directory()).removeEntry(name);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  return { name, find, load, read, save, drop };
}

/**
 * The store the worker uses: the file store (`files`, openSnapshotFiles) with Cache Storage
 * (`cacheStore`, openSnapshots) behind it, as `{ find, load, read, save, drop }`.
 *
 * Some browsers offer the file system's methods and then refuse to write (WebKitGTK with it
 * turned on refuses synchronous access handles). Where a file write fails, the snapshot is kept in
 * Cache Storage instead, and the failure is noted there: later saves in the same browser version
 * go straight to Cache Storage rather than failing again on every visit. find() looks in the file
 * store first, then, where it has no snapshot, in Cache Storage; an entry remembers its store.
 * `agent` is the browser's user agent (a new version tries the file store again).
 */
export function openSnapshotStore({ files, cacheStore = null, agent = globalThis.navigator?.userAgent ?? "" }) {
  async function find() {
    const inFiles = await files.find();
    if (inFiles.entry || inFiles.problem !== "missing" || !cacheStore) return wrap(files, inFiles);
    return wrap(cacheStore, await cacheStore.find());
  }

  const wrap = (store, { entry, problem }) => ({ entry: entry && { store, entry }, problem });
  const load = ({ store, entry }) => store.load(entry);
  const read = ({ store, entry }) => store.read(entry);

  async function save(bytes) {
    const refused = cacheStore && (await cacheStore.fileStoreRefused(agent).catch(() => null));
    if (refused) return cacheStore.save(bytes);
    try {
      return await files.save(bytes);
    } catch (error) {
      if (!cacheStore) throw error;
      await files.drop().catch(() => {}); // a file cut short is no snapshot
      const problem = String(error?.message ?? error);
      console.warn(`Taluva: the engine snapshot could not be kept in a file (${problem}); using Cache Storage.`);
      await cacheStore.noteFileStoreRefused(problem, agent).catch(() => {});
      return cacheStore.save(bytes);
    }
  }

  // Whichever store held the snapshot that failed: both, so neither serves it again.
  async function drop() {
    await Promise.all([files.drop(), cacheStore?.drop()]);
  }

  return { find, load, read, save, drop };
}
