// The engine snapshot kept in the Origin Private File System: names, the file's layout, the same
// checks as in Cache Storage, locks, and cleanup of other builds' files and the old store.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  PYODIDE_SNAPSHOT_MAGIC,
  SNAPSHOT_FORMAT,
  SnapshotInvalid,
  packSnapshot,
} from "../../web/js/engine/snapshot.js";
import {
  fileBytes,
  fileSystemRoot,
  openSnapshotFiles,
  snapshotDirName,
  snapshotFileName,
} from "../../web/js/engine/snapshot-file.js";

const SITE = "https://example.org/taluva/";
const THIS = { pyodideVersion: "314.0.7", build: "aaaa1111" };

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
  constructor() {
    this.entries = new Map();
  }
  async getDirectoryHandle(name, { create = false } = {}) {
    if (!this.entries.has(name) && create) this.entries.set(name, new FakeDirectory());
    const found = this.entries.get(name);
    if (!(found instanceof FakeDirectory)) throw notFound();
    return found;
  }
  async getFileHandle(name, { create = false } = {}) {
    if (!this.entries.has(name) && create) this.entries.set(name, new FakeFile());
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

// Bytes that start like a Pyodide snapshot, with zero runs between the rest, as a real one has.
function fakeSnapshot(size = 4096) {
  const bytes = new Uint8Array(size);
  for (let i = 4; i < size; i++) bytes[i] = i % 1024 < 500 ? (i * 31) % 251 : 0;
  new DataView(bytes.buffer).setUint32(0, PYODIDE_SNAPSHOT_MAGIC, true);
  return bytes;
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
