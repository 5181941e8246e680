// The engine snapshot kept in the Origin Private File System: names, the file's layout, the same
// checks as in Cache Storage, locks, and cleanup of other builds' files and the old store.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SNAPSHOT_FORMAT, SnapshotInvalid, openSnapshots, packSnapshot } from "../../web/js/engine/snapshot.js";
import {
  fileBytes,
  fileSystemRoot,
  openSnapshotFiles,
  openSnapshotStore,
  snapshotDirName,
  snapshotFileName,
} from "../../web/js/engine/snapshot-file.js";
import { FakeCacheStorage, SITE, THIS, fakeSnapshot } from "./fixtures/snapshot-storage.mjs";

const notFound = () => new DOMException("not found", "NotFoundError");

// The Origin Private File System as far as snapshot-file.js uses it, with its locks: a read-write
// access handle is exclusive, read-only ones share the file.
class FakeFile {
  constructor() {
    this.bytes = new Uint8Array(0);
    this.readers = 0;
    this.writer = false;
  }
  async createSyncAccessHandle({ mode = "readwrite" } = {}) {
    const readOnly = mode === "read-only";
    if (!readOnly && this.refuseWrites) throw new DOMException("sync access handles refused", "InvalidStateError");
    if (this.writer || (!readOnly && this.readers)) throw new DOMException("locked", "NoModificationAllowedError");
    if (readOnly) this.readers++;
    else this.writer = true;
    const file = this;
    let open = true;
    const check = () => {
      if (!open) throw new DOMException("closed", "InvalidStateError");
    };
    return {
      getSize: () => (check(), file.bytes.length),
      read(buffer, { at }) {
        check();
        if (file.failReads) throw new DOMException("disk error", "InvalidStateError");
        const part = file.bytes.subarray(at, at + buffer.length);
        buffer.set(part);
        return part.length;
      },
      write(buffer, { at }) {
        check();
        if (readOnly) throw new DOMException("read-only", "NoModificationAllowedError");
        const grown = new Uint8Array(Math.max(file.bytes.length, at + buffer.length));
        grown.set(file.bytes);
        grown.set(buffer, at);
        file.bytes = grown;
        return buffer.length;
      },
      truncate(size) {
        check();
        file.bytes = file.bytes.slice(0, size);
      },
      flush: check,
      close() {
        if (!open) return;
        open = false;
        if (readOnly) file.readers--;
        else file.writer = false;
      },
    };
  }
}

class FakeDirectory {
  constructor({ refuseWrites = false } = {}) {
    this.entries = new Map();
    this.refuseWrites = refuseWrites; // every file's writes fail, as in WebKitGTK with OPFS on
    this.writes = 0;
  }
  async getDirectoryHandle(name, { create = false } = {}) {
    if (!this.entries.has(name) && create)
      this.entries.set(name, new FakeDirectory({ refuseWrites: this.refuseWrites }));
    const found = this.entries.get(name);
    if (!(found instanceof FakeDirectory)) throw notFound();
    return found;
  }
  async getFileHandle(name, { create = false } = {}) {
    if (!this.entries.has(name) && create) {
      const file = new FakeFile();
      file.refuseWrites = this.refuseWrites;
      this.entries.set(name, file);
    }
    const found = this.entries.get(name);
    if (!(found instanceof FakeFile)) throw notFound();
    return found;
  }
  async removeEntry(name) {
    if (!this.entries.delete(name)) throw notFound();
  }
  async *keys() {
    yield* [...this.entries.keys()];
  }
}

async function keptFile(root, files) {
  return (await root.getDirectoryHandle(snapshotDirName(SITE))).getFileHandle(files.name);
}

test("the file's name says the format, the Pyodide version and the build; the directory the site", () => {
  const name = snapshotFileName(THIS);
  assert.ok(name.includes("314.0.7") && name.includes("aaaa1111") && name.includes(SNAPSHOT_FORMAT), name);
  assert.notEqual(name, snapshotFileName({ ...THIS, build: "bbbb2222" }));
  assert.notEqual(name, snapshotFileName({ ...THIS, pyodideVersion: "314.0.8" }));
  assert.equal(snapshotDirName(SITE), "taluva %2Ftaluva%2F snapshot");
  assert.ok(!name.includes("/") && !snapshotDirName(SITE).includes("/"));
});

test("a file holds the description's length, the description, then the stored bytes", async () => {
  const { stored, meta } = await packSnapshot(fakeSnapshot(), THIS);
  const bytes = fileBytes(meta, stored);
  const length = new DataView(bytes.buffer).getUint32(0, true);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))), meta);
  assert.deepEqual(bytes.subarray(4 + length), stored);
});

test("a kept snapshot is found, read back whole, and dropped", async () => {
  const root = new FakeDirectory();
  const files = openSnapshotFiles({ site: SITE, ...THIS, root });
  assert.deepEqual(await files.find(), { entry: null, problem: "missing" });
  const bytes = fakeSnapshot();
  const stored = await files.save(bytes);
  assert.ok(stored < bytes.length * 0.7, `${stored} bytes stored of ${bytes.length}`);
  const { entry, problem } = await files.find();
  assert.equal(problem, null);
  const { memory, verified } = files.load(entry);
  assert.equal(memory.length, bytes.length);
  assert.equal(await verified, memory);
  assert.deepEqual(memory, bytes);
  const file = await keptFile(root, files);
  assert.equal(file.readers, 0, "load closes its access handle");
  await files.drop();
  assert.equal((await files.find()).problem, "missing");
  await files.drop(); // nothing to drop is no error
});

test("keeping a snapshot deletes other builds' files and the Cache Storage snapshot", async () => {
  const root = new FakeDirectory();
  await openSnapshotFiles({ site: SITE, pyodideVersion: "314.0.6", build: "old", root }).save(fakeSnapshot());
  await openSnapshotFiles({ site: SITE, ...THIS, build: "other", root }).save(fakeSnapshot());
  let cleared = 0;
  const cacheStore = { clear: async () => cleared++ };
  const files = openSnapshotFiles({ site: SITE, ...THIS, root, cacheStore });
  assert.equal((await files.find()).problem, "missing"); // theirs is not ours
  await files.save(fakeSnapshot());
  const dir = await root.getDirectoryHandle(snapshotDirName(SITE));
  assert.deepEqual([...dir.entries.keys()], [files.name]);
  assert.equal(cleared, 1);
});

test("a file cut short or damaged is refused on reading", async () => {
  const root = new FakeDirectory();
  const files = openSnapshotFiles({ site: SITE, ...THIS, root });
  await files.save(fakeSnapshot());
  const file = await keptFile(root, files);
  const whole = file.bytes;
  file.bytes = whole.slice(0, whole.length - 100);
  await assert.rejects(files.read((await files.find()).entry), (error) => {
    assert.ok(error instanceof SnapshotInvalid);
    assert.match(error.message, /bytes, expected/);
    return true;
  });
  file.bytes = whole.slice();
  file.bytes[whole.length - 20] ^= 0xff; // the table of runs
  await assert.rejects(files.read((await files.find()).entry), /SHA-256/);
  assert.equal(file.readers, 0);
});

test("a file whose description is unreadable or of another build is a problem, not an entry", async () => {
  const root = new FakeDirectory();
  const files = openSnapshotFiles({ site: SITE, ...THIS, root });
  await files.save(fakeSnapshot());
  const file = await keptFile(root, files);
  const { stored, meta } = await packSnapshot(fakeSnapshot(), { ...THIS, build: "other" });
  file.bytes = fileBytes(meta, stored);
  assert.deepEqual(await files.find(), { entry: null, problem: "made for build other, not aaaa1111" });
  file.bytes = new Uint8Array([200, 0, 0, 0, 123]); // a description longer than the file
  assert.deepEqual(await files.find(), { entry: null, problem: "no readable description" });
  assert.equal(file.readers, 0, "find closes the handle of a file it refuses");
});

test("another tab reading the file does not stop this one; one writing it makes find fail", async () => {
  const root = new FakeDirectory();
  const files = openSnapshotFiles({ site: SITE, ...THIS, root });
  await files.save(fakeSnapshot());
  const first = await files.find();
  const second = await files.find();
  assert.ok(first.entry && second.entry);
  await files.read(first.entry);
  await files.read(second.entry);
  const file = await keptFile(root, files);
  const writing = await file.createSyncAccessHandle();
  await assert.rejects(files.find(), /locked/); // the worker counts it as no snapshot
  writing.close();
});

test("the file system is used only where the browser offers it", async () => {
  assert.equal(await fileSystemRoot(undefined), null);
  assert.equal(await fileSystemRoot({}), null);
  const refusing = { getDirectory: async () => Promise.reject(new DOMException("no", "SecurityError")) };
  assert.equal(await fileSystemRoot(refusing), null); // Node has no FileSystemFileHandle either
});

test("a read that fails closes the file's handle, in find as in load", async () => {
  const root = new FakeDirectory();
  const files = openSnapshotFiles({ site: SITE, ...THIS, root });
  await files.save(fakeSnapshot());
  const file = await keptFile(root, files);
  const { entry } = await files.find();
  file.failReads = true;
  assert.throws(() => files.load(entry), /disk error/); // the worker counts it as no snapshot
  await assert.rejects(files.find(), /disk error/);
  assert.equal(file.readers, 0);
});

function layered({ root, cacheStorage, agent = "Browser/1", build = THIS.build }) {
  const cacheStore = openSnapshots({ site: SITE, ...THIS, build, cacheStorage });
  const files = openSnapshotFiles({ site: SITE, ...THIS, build, root, cacheStore });
  return { files, cacheStore, store: openSnapshotStore({ files, cacheStore, agent }) };
}

async function restored(store) {
  const { entry, problem } = await store.find();
  assert.equal(problem, null);
  return store.read(entry);
}

test("where files can be written, the snapshot is kept and found in a file", async () => {
  const root = new FakeDirectory();
  const cacheStorage = new FakeCacheStorage();
  const { store, cacheStore } = layered({ root, cacheStorage });
  assert.deepEqual(await store.find(), { entry: null, problem: "missing" });
  const bytes = fakeSnapshot();
  await store.save(bytes);
  assert.deepEqual(await restored(store), bytes);
  assert.equal((await cacheStore.find()).problem, "missing");
  assert.equal(await cacheStore.fileStoreRefused("Browser/1"), null);
});

test("a file write that fails keeps the snapshot in Cache Storage, where the next visit finds it", async () => {
  const root = new FakeDirectory({ refuseWrites: true });
  const cacheStorage = new FakeCacheStorage();
  const { store, files, cacheStore } = layered({ root, cacheStorage });
  const bytes = fakeSnapshot();
  const warned = [];
  const warn = console.warn;
  console.warn = (line) => warned.push(line);
  try {
    assert.ok((await store.save(bytes)) > 0);
  } finally {
    console.warn = warn;
  }
  assert.match(warned.join("\n"), /could not be kept in a file \(sync access handles refused\)/);
  assert.equal((await files.find()).problem, "missing", "no file cut short is left behind");
  assert.match(await cacheStore.fileStoreRefused("Browser/1"), /refused/);
  const next = layered({ root, cacheStorage }).store; // the next visit's worker
  assert.deepEqual(await restored(next), bytes);
});

test("a store that always fails is not tried again, until the browser changes", async () => {
  const root = new FakeDirectory({ refuseWrites: true });
  const cacheStorage = new FakeCacheStorage();
  const attempts = () => [...root.entries.values()].length;
  const consoleWarn = console.warn;
  console.warn = () => {};
  try {
    await layered({ root, cacheStorage }).store.save(fakeSnapshot());
    root.entries.clear(); // the failed attempt's directory: gone, to see whether another is made
    const cache = await cacheStorage.open(layered({ root, cacheStorage }).cacheStore.name);
    const puts = cache.puts;
    // A later build of the same browser: straight to Cache Storage, the note kept.
    const later = layered({ root, cacheStorage, build: "bbbb2222" });
    await later.store.save(fakeSnapshot());
    assert.equal(attempts(), 0, "the file store was tried again");
    assert.equal(cache.puts, puts + 1);
    assert.match(await later.cacheStore.fileStoreRefused("Browser/1"), /refused/);
    assert.equal((await later.store.find()).problem, null);
    // A new version of the browser tries the files again (and, refused, notes it again).
    await layered({ root, cacheStorage, agent: "Browser/2" }).store.save(fakeSnapshot());
    assert.equal(attempts(), 1);
  } finally {
    console.warn = consoleWarn;
  }
});

test("a snapshot in a file wins over one in Cache Storage; drop removes both", async () => {
  const root = new FakeDirectory();
  const cacheStorage = new FakeCacheStorage();
  const { store, files, cacheStore } = layered({ root, cacheStorage });
  await cacheStore.save(fakeSnapshot(2048));
  const bytes = fakeSnapshot();
  await files.save(bytes); // clears Cache Storage: put one back to see which is read
  await cacheStore.save(fakeSnapshot(2048));
  assert.deepEqual(await restored(store), bytes);
  await store.drop();
  assert.equal((await files.find()).problem, "missing");
  assert.equal((await cacheStore.find()).problem, "missing");
  assert.deepEqual(await store.find(), { entry: null, problem: "missing" });
});
