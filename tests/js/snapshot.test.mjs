// The engine snapshot's keeping in Cache Storage: keys, the checks before a restore, and cleanup.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  SNAPSHOT_FORMAT,
  SnapshotInvalid,
  bytesProblem,
  metaProblem,
  openSnapshots,
  parseMeta,
  sha256Hex,
  snapshotCacheName,
  snapshotKey,
} from "../../web/js/engine/snapshot.js";
import { FakeCacheStorage, SITE, THIS, fakeSnapshot } from "./fixtures/snapshot-storage.mjs";

test("the key names the site, the Pyodide version and the build", () => {
  const key = snapshotKey(SITE, THIS);
  assert.ok(key.startsWith(SITE), key);
  assert.ok(key.includes("314.0.7") && key.includes("aaaa1111") && key.includes(SNAPSHOT_FORMAT), key);
  assert.notEqual(key, snapshotKey(SITE, { ...THIS, build: "bbbb2222" }));
  assert.notEqual(key, snapshotKey(SITE, { ...THIS, pyodideVersion: "314.0.8" }));
  assert.notEqual(key, snapshotKey("https://example.org/other/", THIS));
  assert.equal(snapshotCacheName(SITE), "taluva /taluva/ snapshot");
});

test("a description is read only if every field is there", () => {
  const meta = { format: SNAPSHOT_FORMAT, pyodide: "314.0.7", build: "aaaa1111", bytes: 10, memory: 20, sha256: "00" };
  assert.deepEqual(parseMeta(JSON.stringify(meta)), meta);
  assert.equal(parseMeta(null), null);
  assert.equal(parseMeta("{not json"), null);
  assert.equal(parseMeta(JSON.stringify({ ...meta, bytes: -1 })), null);
  assert.equal(parseMeta(JSON.stringify({ ...meta, sha256: undefined })), null);
});

test("a snapshot of another format, build or Pyodide version does not serve this one", () => {
  const meta = { format: SNAPSHOT_FORMAT, pyodide: "314.0.7", build: "aaaa1111", bytes: 10, memory: 20, sha256: "00" };
  assert.equal(metaProblem(meta, THIS), null);
  assert.match(metaProblem({ ...meta, format: undefined }, THIS), /stored as raw memory/);
  assert.match(metaProblem({ ...meta, build: "bbbb2222" }, THIS), /build bbbb2222/);
  assert.match(metaProblem({ ...meta, pyodide: "0.27.0" }, THIS), /Pyodide 0\.27\.0/);
  assert.match(metaProblem(null, THIS), /no readable/);
  assert.match(metaProblem({ ...meta, memory: 0 }, THIS), /no expanded length/);
});

test("cut short, damaged or foreign bytes are refused", async () => {
  const bytes = fakeSnapshot();
  const meta = { bytes: bytes.length, sha256: await sha256Hex(bytes) };
  assert.equal(bytesProblem(bytes, meta, meta.sha256), null);
  const short = bytes.subarray(0, 1000);
  assert.match(bytesProblem(short, meta, await sha256Hex(short)), /1000 bytes, expected 4096/);
  const damaged = bytes.slice();
  damaged[2000] ^= 0xff;
  assert.match(bytesProblem(damaged, meta, await sha256Hex(damaged)), /SHA-256/);
  const foreign = bytes.slice();
  foreign[1] = 0; // byte 0 of the magic word is 0 already
  assert.match(bytesProblem(foreign, meta, meta.sha256), /not a Pyodide memory snapshot/);
});

test("a kept snapshot is found, read back whole, and dropped", async () => {
  const cacheStorage = new FakeCacheStorage();
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  assert.deepEqual(await snapshots.find(), { entry: null, problem: "missing" });
  const bytes = fakeSnapshot();
  const stored = await snapshots.save(bytes);
  assert.ok(stored < bytes.length * 0.7, `${stored} bytes stored of ${bytes.length}`);
  const { entry, problem } = await snapshots.find();
  assert.equal(problem, null);
  assert.deepEqual(await snapshots.read(entry), bytes);
  await snapshots.drop();
  assert.equal((await snapshots.find()).problem, "missing");
});

test("keeping a snapshot deletes those of other builds and Pyodide versions", async () => {
  const cacheStorage = new FakeCacheStorage();
  const old = openSnapshots({ site: SITE, pyodideVersion: "314.0.6", build: "old", cacheStorage });
  await old.save(fakeSnapshot());
  const other = openSnapshots({ site: SITE, ...THIS, build: "other", cacheStorage });
  await other.save(fakeSnapshot());
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  assert.equal((await snapshots.find()).problem, "missing"); // theirs is not ours
  await snapshots.save(fakeSnapshot());
  const cache = await cacheStorage.open(snapshots.name);
  assert.deepEqual(
    (await cache.keys()).map((r) => r.url),
    [snapshots.key],
  );
});

test("bytes replaced under the same key are refused on reading", async () => {
  const cacheStorage = new FakeCacheStorage();
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  await snapshots.save(fakeSnapshot());
  const cache = await cacheStorage.open(snapshots.name);
  const kept = await cache.match(snapshots.key);
  const cut = (await kept.clone().arrayBuffer()).slice(0, 100);
  await cache.put(snapshots.key, new Response(cut, { headers: kept.headers }));
  const { entry } = await snapshots.find();
  await assert.rejects(snapshots.read(entry), SnapshotInvalid);
});

test("a description of another build under this key is a problem, not an entry", async () => {
  const cacheStorage = new FakeCacheStorage();
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  const meta = {
    format: SNAPSHOT_FORMAT,
    pyodide: THIS.pyodideVersion,
    build: "other",
    bytes: 4096,
    memory: 4096,
    sha256: "00",
  };
  const cache = await cacheStorage.open(snapshots.name);
  await cache.put(
    snapshots.key,
    new Response(fakeSnapshot(), { headers: { "x-taluva-snapshot": JSON.stringify(meta) } }),
  );
  const { entry, problem } = await snapshots.find();
  assert.equal(entry, null);
  assert.match(problem, /build other/);
});

test("a snapshot kept raw by the build before this format is a problem, not an entry", async () => {
  const cacheStorage = new FakeCacheStorage();
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  const bytes = fakeSnapshot();
  const meta = { pyodide: THIS.pyodideVersion, build: THIS.build, bytes: bytes.length, sha256: await sha256Hex(bytes) };
  const cache = await cacheStorage.open(snapshots.name);
  await cache.put(snapshots.key, new Response(bytes, { headers: { "x-taluva-snapshot": JSON.stringify(meta) } }));
  const { entry, problem } = await snapshots.find();
  assert.equal(entry, null);
  assert.match(problem, /stored as raw memory, not zero-runs-1/);
});

test("load hands out the buffer at once and fills it only once the bytes are checked", async () => {
  const cacheStorage = new FakeCacheStorage();
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  const bytes = fakeSnapshot(8192);
  await snapshots.save(bytes);
  const { memory, read, verified } = snapshots.load((await snapshots.find()).entry);
  assert.equal(memory.length, bytes.length);
  assert.ok(memory.every((b) => b === 0));
  assert.equal((await read)[1], bytes[1]); // the stored bytes begin with the snapshot's header
  assert.equal(await verified, memory);
  assert.deepEqual(memory, bytes);
});

test("stored bytes damaged with their description kept are refused on reading", async () => {
  const cacheStorage = new FakeCacheStorage();
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage });
  await snapshots.save(fakeSnapshot());
  const cache = await cacheStorage.open(snapshots.name);
  const kept = await cache.match(snapshots.key);
  const damaged = new Uint8Array(await kept.clone().arrayBuffer());
  damaged[damaged.length - 20] ^= 0xff; // the table of runs
  await cache.put(snapshots.key, new Response(damaged, { headers: kept.headers }));
  await assert.rejects(snapshots.read((await snapshots.find()).entry), /SHA-256/);
});

test("without Cache Storage there is simply no snapshot", async () => {
  const snapshots = openSnapshots({ site: SITE, ...THIS, cacheStorage: undefined });
  assert.deepEqual(await snapshots.find(), { entry: null, problem: "no Cache Storage" });
});
